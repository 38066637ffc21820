"""Optimal ε-LDP mechanisms by the staircase LP (Kairouz–Oh–Viswanath, Theorems 2 and 4).

For a sublinear utility U(Q) = Σ_y μ(Q_y), the problem max_{Q ε-LDP} U(Q) equals the LP (11)

    maximise Σ_j μ(S^(k)_j) θ_j   subject to   S^(k) θ = 1,  θ ≥ 0,

over the 2^k staircase patterns (Theorem 4), and Q* = S^(k) diag(θ*) restricted to the support
of θ* (at most k columns, Theorem 2). :func:`optimal_mechanism` solves it with the certified
engine :mod:`symdp.numerics.lp`:

* when e^ε is rational (ε = log r) the constraint data are rational and the optimum is exact:
  a rational for TV, χ², E_γ; a rational combination of logarithms for KL and MI;
* otherwise the value is a certified :class:`~symdp.numbers.Real` enclosed by a rigorous
  bracket: the optimal basis for a nearby rational e^ε is re-certified at e^ε itself, the lower
  end being the exact primal value at a rational E₁ ≤ e^ε (an ε₁-LDP mechanism with ε₁ ≤ ε is
  ε-LDP) and the upper end the dual objective 1ᵀ(α + η1) of a dual vector made strictly
  feasible by η > 0 and checked in arb (weak duality).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Sequence

import sympy
from flint import arb, arb_mat, fmpq, fmpq_mat

from .. import limits
from ..numerics import lp, params
from ..certificate import ensure
from ..errors import ParameterError, PrecisionError, show
from ..numbers import Real, arb_of, exact, from_fmpq, sign, to_fmpq, working_precision
from .channel import Channel, probability_vector, tidy, two_laws
from .information import hull
from .patterns import pattern, staircase_rows, subset_sums
from .utility import MutualInformation, Utility


def _eps(eps: object) -> tuple[sympy.Expr, sympy.Expr]:
    e = params.nonnegative(eps, "eps")
    if e == sympy.oo or not e.is_finite:
        raise ParameterError(f"eps must be finite, got {eps}")
    return e, sympy.exp(e)


def _check_utility(utility: object) -> Utility:
    if not isinstance(utility, Utility):
        raise ParameterError("utility must be built by symdp.local.utility (kl, tv, mutual_information, ...), "
                             f"got {type(utility).__name__}")
    return utility


def staircase_lp(E: fmpq, utility: Utility) -> tuple[lp.Objective, fmpq_mat]:
    """The LP (11) data for a rational E = e^ε: the objective μ(S_j) and the matrix S^(k)."""
    k = utility.k
    A = fmpq_mat(k, 1 << k, [v for row in staircase_rows(E, k) for v in row])
    return utility.objective(E), A


# --------------------------------------------------------------------------------------------
# The certified optimum


@dataclass
class OptimalMechanism:
    """The optimal ε-LDP mechanism for a utility (Theorem 4).

    ``value`` is exact (sympy) when e^ε is rational, else a certified ``Real``; ``support``
    the staircase patterns with θ_j > 0 (0/1 tuples, first input = most significant bit);
    ``weights`` their θ_j; ``basis`` the certified optimal basis (column indices, 0-based
    masks); ``dual`` the optimal dual α (exact, for rational e^ε); ``channel`` the mechanism
    Q* = S^(k) diag(θ*) on the support (a :class:`Channel`, built on first access);
    ``channel_certified`` is False only in the degenerate irrational-e^ε fallback (see
    :func:`optimal_mechanism`), where the channel is optimal at a nearby rational e^ε.
    """

    eps: sympy.Expr
    utility: Utility
    value: object
    support: tuple[tuple[int, ...], ...]
    weights: tuple[sympy.Expr, ...]
    basis: tuple[int, ...]
    dual: tuple[object, ...] | None
    solution: lp.LPSolution | None = None
    channel_certified: bool = True
    _channel: Channel | None = field(default=None, repr=False)

    @property
    def masks(self) -> tuple[int, ...]:
        """The support as 0-based column indices of S^(k)."""
        return tuple(int("".join(map(str, p)), 2) if p else 0 for p in self.support)

    @property
    def channel(self) -> Channel:
        if self._channel is None:
            E = sympy.exp(self.eps)
            rows = [[tidy((E if bits[i] else 1) * w) for bits, w in zip(self.support, self.weights)]
                    for i in range(self.utility.k)]
            if E.is_Rational:
                self._channel = Channel(rows)
            else:
                self._channel = _channel_of_identity(rows)
        return self._channel


def _channel_of_identity(rows: list[list[sympy.Expr]]) -> Channel:
    """A Channel from entries S_ij θ_j(e^ε) whose rows sum to 1 *identically*.

    θ(t) = B(t)⁻¹1 solves the basis system over ℚ(t), so every row sums to 1 as a rational
    function of t = e^ε; re-proving that with sympy's simplify (what ``Channel`` does for
    arbitrary input) takes minutes for k ≈ 12. Nonnegativity is still decided, entry by entry.
    """
    for row in rows:
        for v in row:
            if sign(v) < 0:
                raise lp.LPError("the certified basis has a negative weight at e^eps (a regime switch "
                                 "within the working precision); use a rational e^eps")
    ch = Channel.__new__(Channel)
    object.__setattr__(ch, "rows", tuple(tuple(r) for r in rows))
    return ch


def optimal_mechanism(eps: object, utility: Utility) -> OptimalMechanism:
    """max U(Q) over ε-LDP mechanisms Q, certified (Kairouz–Oh–Viswanath, Theorem 4, LP (11))."""
    utility = _check_utility(utility)
    e, E = _eps(eps)
    best = _rational_optimum(e, to_fmpq(E), utility) if E.is_Rational else _bracketed_optimum(e, utility)
    if utility.identically_zero():  # every channel is optimal: the value is 0, not a ball around it
        return replace(best, value=sympy.Integer(0))
    return best


def _rational_optimum(e: sympy.Expr, E: fmpq, utility: Utility, basis_hint=None) -> OptimalMechanism:
    obj, A = staircase_lp(E, utility)
    res = lp.solve(obj, A, [1] * utility.k, basis_hint=basis_hint)
    k = utility.k
    supp = [j for j in res.support]
    return OptimalMechanism(eps=e, utility=utility, value=res.value,
                            support=tuple(pattern(j, k) for j in supp),
                            weights=tuple(from_fmpq(res.x[j]) for j in supp),
                            basis=tuple(res.basis), dual=res.dual, solution=res)


def _nearby_rational(x: arb, digits: int) -> fmpq:
    """A rational with denominator ≤ 10^digits near the midpoint of `x`."""
    m, ex = x.mid().man_exp()
    f = Fraction(int(m)) * (Fraction(2) ** int(ex))
    f = f.limit_denominator(10 ** digits)
    return fmpq(f.numerator, f.denominator)


#: The largest ε with an irrational e^ε that the primal/dual bracket handles (e^ε ≈ 10^4343).
_MAX_IRRATIONAL_EPS = 10 ** 4


def _bracketed_optimum(e: sympy.Expr, utility: Utility) -> OptimalMechanism:
    """Irrational e^ε: certify a nearby rational basis at e^ε by a primal/dual bracket.

    If no nearby basis has a dual that stays feasible at e^ε (a degenerate optimum whose dual
    must change with ε), the value is bracketed by monotonicity instead: D_{ε₁} ⊂ D_ε ⊂ D_{ε₂},
    so OPT(E₁) ≤ OPT(e^ε) ≤ OPT(E₂) for rationals E₁ ≤ e^ε ≤ E₂, both certified exactly. The
    channel is then the optimal mechanism of the nearest rational basis, evaluated at e^ε, and
    ``channel_certified`` is False (its utility is not proved equal to the value).
    """
    k = utility.k
    if sign(e - _MAX_IRRATIONAL_EPS) > 0:
        raise ParameterError(f"eps must be at most {_MAX_IRRATIONAL_EPS} when e^eps is irrational (e^eps would have "
                             f"more than 10^4 digits), got {show(e, 40)}; give eps as the logarithm of a rational")
    basis = None
    for digits in (8, 16, 32):
        with working_precision(256):
            Eb = arb_of(e, 256).exp()
        Er = _nearby_rational(Eb, digits)
        if Er == 1:  # e^ε within 10^-digits of 1: at E = 1 every pattern is the same column
            continue
        basis = list(_rational_optimum(e, Er, utility).basis)
        try:
            _bracket(e, utility, basis, 128)
        except lp.LPError:
            continue
        value = Real(lambda prec, b=tuple(basis): _bracket(e, utility, list(b), prec))
        return _with_weights(e, utility, basis, value, True)
    if basis is None:
        raise PrecisionError(f"eps = {show(e, 40)} is too close to 0 for an irrational e^eps: e^eps is within "
                             "10^-32 of 1, where the optimal staircase basis cannot be told apart; give eps as "
                             "the logarithm of a rational for an exact optimum")
    value = Real(lambda prec: _monotone_bracket(e, utility, prec))
    return _with_weights(e, utility, basis, value, False)


def _with_weights(e, utility: Utility, basis: list[int], value: Real, certified: bool) -> OptimalMechanism:
    k = utility.k
    theta = _symbolic_theta(basis, k, sympy.exp(e))
    supp = [(j, t) for j, t in zip(basis, theta) if sign(t) != 0]
    return OptimalMechanism(eps=e, utility=utility, value=value, support=tuple(pattern(j, k) for j, _ in supp),
                            weights=tuple(t for _, t in supp), basis=tuple(basis), dual=None,
                            channel_certified=certified)


def _monotone_bracket(e: sympy.Expr, utility: Utility, prec: int) -> arb:
    """[OPT(E₁), OPT(E₂)] for the rational endpoints E₁ ≤ e^ε ≤ E₂ of a `prec`-bit ball."""
    with working_precision(prec):
        Eb = arb_of(e, prec).exp()
        E1, E2 = max(Eb.lower().fmpq(), fmpq(1)), Eb.upper().fmpq()
    lo = _rational_optimum(e, E1, utility).solution.ball(prec)
    hi = _rational_optimum(e, E2, utility).solution.ball(prec)
    with working_precision(prec):
        ensure(E1 <= E2 and arb(E1) <= Eb.lower() and Eb.upper() <= arb(E2), "the monotone bracket's rationals "
               "enclose e^eps", E1=E1, E2=E2)
        return hull(lo, hi, "the monotone bracket OPT(E1) ≤ OPT(e^eps) ≤ OPT(E2)")



def _bracket(e: sympy.Expr, utility: Utility, basis: list[int], prec: int) -> arb:
    """A ball containing OPT(ε): [primal value at E₁ ≤ e^ε, 1ᵀ(α + η) dual-feasible at e^ε]."""
    k = utility.k
    with working_precision(prec):
        Eb = arb_of(e, prec).exp()
        E1 = max(Eb.lower().fmpq(), fmpq(1))
        B1 = fmpq_mat(k, k, [E1 if (j >> (k - 1 - i)) & 1 else fmpq(1) for i in range(k) for j in basis])
        theta1 = B1.solve(fmpq_mat(k, 1, [1] * k))
        if any(theta1[i, 0] < 0 for i in range(k)):
            raise lp.LPError("the basis is not primal feasible below e^eps")
        mu1 = utility.pattern_balls(arb(E1))
        lower = sum((mu1[j] * theta1[i, 0] for i, j in enumerate(basis)), arb(0))
        mu = utility.pattern_balls(Eb)
        S = lambda j, i: Eb if (j >> (k - 1 - i)) & 1 else arb(1)
        BT = arb_mat(k, k, [S(j, i) for j in basis for i in range(k)])
        alpha = BT.solve(arb_mat(k, 1, [mu[j] for j in basis]))
        eta = arb(2) ** (-(prec // 2))
        a = [alpha[i, 0] + eta for i in range(k)]
        n = 1 << k
        ST = arb_mat(n, k, [S(j, i) for j in range(n) for i in range(k)])
        slack = (ST * arb_mat(k, 1, a)).entries()
        if not all(s - m > 0 for s, m in zip(slack, mu)):
            raise lp.LPError("the perturbed dual is not certifiably feasible at e^eps")
        upper = sum(a, arb(0))
        return hull(lower, upper, "the primal/dual bracket of OPT(e^eps)")


def _symbolic_theta(basis: list[int], k: int, E: sympy.Expr) -> list[sympy.Expr]:
    """θ_B = B(E)⁻¹1 exactly, as N_j(E)/D(E) (Cramer's rule).

    With t = e^ε the entries of B(t) are 1 or t, so D(t) = det B(t) and N_j(t) = det B_j(t)
    (column j replaced by 1) are polynomials of degree ≤ k: they are recovered exactly from
    their values at t = 0, …, k (fmpq determinants and a Vandermonde solve). N_j ≡ 0 decides a
    structurally zero weight exactly.
    """
    pts = list(range(k + 1))
    V = fmpq_mat(k + 1, k + 1, [fmpq(x) ** i for x in pts for i in range(k + 1)])

    def poly(col_override: int | None) -> list[fmpq]:
        vals = []
        for x in pts:
            entries = []
            for i in range(k):
                for c, j in enumerate(basis):
                    entries.append(fmpq(1) if c == col_override else
                                   (fmpq(x) if (j >> (k - 1 - i)) & 1 else fmpq(1)))
            vals.append(fmpq_mat(k, k, entries).det())
        coeffs = V.solve(fmpq_mat(k + 1, 1, vals))
        return [coeffs[i, 0] for i in range(k + 1)]

    def expr(c: list[fmpq]) -> sympy.Expr:
        return sympy.Add(*[from_fmpq(q) * E ** i for i, q in enumerate(c) if q != 0])

    den = expr(poly(None))
    out = []
    for c in range(k):
        num = poly(c)
        out.append(sympy.Integer(0) if all(q == 0 for q in num) else expr(num) / den)
    return out


# --------------------------------------------------------------------------------------------
# Named mechanisms


def _two_row_binary(eps: object, in_T: Sequence[bool]) -> Channel:
    e, E = _eps(eps)
    hi, lo = tidy(E / (1 + E)), tidy(1 / (1 + E))
    return Channel([[hi, lo] if t else [lo, hi] for t in in_T])


def binary_set(p0: Sequence[object], p1: Sequence[object]) -> tuple[int, ...]:
    """T = {x : P0(x) ≥ P1(x)} (eq. 18; ties go into T, as printed), 0-based inputs."""
    a, b = two_laws(p0, p1)
    return tuple(i for i, (x, y) in enumerate(zip(a, b)) if sign(x - y) >= 0)


def binary_mechanism(eps: object, p0: Sequence[object], p1: Sequence[object],
                     T: Sequence[int] | None = None) -> Channel:
    """The binary mechanism (eq. 18): Q(0|x) = e^ε/(1+e^ε) for x ∈ T, 1/(1+e^ε) otherwise.

    T defaults to {x : P0(x) ≥ P1(x)}; pass T (0-based inputs) to break ties differently.
    """
    a, _ = two_laws(p0, p1)
    T = set(binary_set(p0, p1) if T is None else T)
    return _two_row_binary(eps, [i in T for i in range(len(a))])


def mi_binary_set(p: Sequence[object]) -> tuple[int, ...]:
    """T ∈ argmin_A |P(A) − ½| (eq. 30): the minimiser with the smallest mask (paper's order)."""
    pv = probability_vector(p, "p")
    k = len(pv)
    if all(v.is_Rational for v in pv):
        sums = subset_sums([to_fmpq(v) for v in pv])
        half = fmpq(1, 2)
        best = min(range(1, (1 << k) - 1), key=lambda m: (abs(sums[m] - half), m)) if k > 1 else 0
    else:
        def dist(m):
            return abs(sum((pv[i] for i in range(k) if (m >> (k - 1 - i)) & 1), sympy.Integer(0)) - sympy.Rational(1, 2))
        best = 0
        for m in range(1, (1 << k) - 1):
            if best == 0 or sign(dist(m) - dist(best)) < 0:
                best = m
    return tuple(i for i in range(k) if (best >> (k - 1 - i)) & 1)


def mi_binary_mechanism(eps: object, p: Sequence[object]) -> Channel:
    """The binary mechanism for mutual information (eq. 29) with T from eq. (30)."""
    pv = probability_vector(p, "p")
    T = set(mi_binary_set(pv))
    return _two_row_binary(eps, [i in T for i in range(len(pv))])


def geometric_mechanism(eps: object, k: int) -> Channel:
    """The geometric baseline of Section 3.4 as intended, with clamped (not renormalised) tails.

    The printed formula ((1−ε^{1/(k−1)})/(1+ε^{1/(k−1)}))·ε^{|y−x|/(k−1)} is not a distribution
    for ε > 1; the geometric mechanism has α = e^{−ε/(k−1)} and Q(y|x) = ((1−α)/(1+α))α^{|y−x|}
    on ℤ. "Truncated at 1 and k" is implemented as clamping: the mass at y ≤ 1 goes to 1 and at
    y ≥ k to k, so Q(1|x) = α^{x−1}/(1+α) and Q(k|x) = α^{k−x}/(1+α) (inputs 1..k). The
    result is exactly ε-LDP.
    """
    k = params.count(k, "k", 2)
    limits.check_size(k * k, f"the geometric mechanism on k = {k} inputs ({k}×{k} entries)", "outcomes")
    e, _ = _eps(eps)
    a = sympy.exp(-e / (k - 1))
    rows = []
    for x in range(1, k + 1):
        row = []
        for y in range(1, k + 1):
            if y == 1:
                row.append(tidy(a ** (x - 1) / (1 + a)))
            elif y == k:
                row.append(tidy(a ** (k - x) / (1 + a)))
            else:
                row.append(tidy((1 - a) / (1 + a) * a ** abs(y - x)))
        rows.append(row)
    return Channel(rows)


def rr_dual(eps: object, utility: Utility) -> tuple[sympy.Expr, ...]:
    """The dual certificate α* of randomized response (eqs. 82 and 129), exactly.

    α*_i = [(e^ε+k−2)μ_i − Σ_{l≠i} μ_l] / ((e^ε−1)(e^ε+k−1)), μ_i = μ of the singleton
    pattern {x_i}; it is tight on the k singleton columns and 1ᵀα* = U(RR) (eqs. 84, 131).
    """
    utility = _check_utility(utility)
    e, E = _eps(eps)
    k = utility.k
    mu = [utility.pattern(e, 1 << (k - 1 - i)) for i in range(k)]
    total = sympy.Add(*mu)
    return tuple(((E + k - 2) * m - (total - m)) / ((E - 1) * (E + k - 1)) for m in mu)


def binary_dual(eps: object, utility: MutualInformation) -> tuple[sympy.Expr, ...]:
    """The dual vector (98) of the MI binary mechanism with T from eq. (30), exactly."""
    e, E = _eps(eps)
    k = utility.k
    T = set(mi_binary_set(utility.p))
    mT = sum(1 << (k - 1 - i) for i in T)
    m1, m2 = utility.pattern(e, mT), utility.pattern(e, (1 << k) - 1 - mT)
    n1, n2 = len(T), k - len(T)
    return tuple((E * m1 - m2) / (n1 * (E + 1) * (E - 1)) if i in T else (E * m2 - m1) / (n2 * (E + 1) * (E - 1))
                 for i in range(k))


def dual_slacks(eps: object, utility: Utility, alpha: Sequence[object]) -> list[sympy.Expr]:
    """S_jᵀα − μ_j for every pattern j (exact): α is dual feasible for (11) iff all are ≥ 0."""
    e, E = _eps(eps)
    k = utility.k
    total = sympy.Add(*alpha)
    out = []
    for j in range(1 << k):
        inT = sympy.Add(*[alpha[i] for i in range(k) if (j >> (k - 1 - i)) & 1])
        out.append(total + (E - 1) * inT - utility.pattern(e, j))
    return out


def mechanism_is_optimal(eps: object, utility: Utility, channel: Channel) -> bool:
    """Exact decision: U(channel) = OPT(ε) (e^ε must be rational)."""
    res = optimal_mechanism(eps, utility)
    if not isinstance(res.value, sympy.Basic):
        raise ParameterError(f"eps must be the logarithm of a rational for mechanism_is_optimal (an exact optimum), "
                             f"got {show(eps, 40)}")
    d = sympy.expand(sympy.expand_log(res.value - utility(channel), force=True))
    return sign(d) == 0


# --------------------------------------------------------------------------------------------
# Lemma 24: the universal threshold of the binary mechanism


def lemma24_threshold(p0: Sequence[object], p1: Sequence[object]) -> tuple[sympy.Expr, sympy.Expr, sympy.Expr]:
    """(ε₁, ε₂, ε* = min(ε₁, ε₂)) of Lemma 24, exactly, with the corrected bookkeeping.

    T = {x : P0(x) ≥ P1(x)}, Δ = P0(T) − P1(T). For every set A with
    P0(T)P1(A) < P1(T)P0(A), (61) gives ε(A) = log(1 + [Δ − (P0(A)−P1(A))]/[P1(T)P0(A) − P0(T)P1(A)]);
    ε₁ is their minimum. The lower side (65), after division by a = e^ε−1, reads
    [Δ + P0(A) − P1(A)] + a[P0(A)P1(Tᶜ) − P1(A)P0(Tᶜ)] ≥ 0, binding only when the bracket is
    negative, which gives ε₂. Sets that never bind contribute +∞ (the paper's "set ε(j) = 0"
    would make ε* = 0). ε* = min(ε₁, ε₂) is the largest ε at which (56) holds for every pattern.
    """
    a, b = two_laws(p0, p1)
    k = len(a)
    T = set(binary_set(a, b))
    P0T = sum((a[i] for i in T), sympy.Integer(0))
    P1T = sum((b[i] for i in T), sympy.Integer(0))
    delta = P0T - P1T
    e1 = e2 = sympy.oo
    for m in range(1 << k):
        A = [i for i in range(k) if (m >> (k - 1 - i)) & 1]
        P0A = sum((a[i] for i in A), sympy.Integer(0))
        P1A = sum((b[i] for i in A), sympy.Integer(0))
        den1 = P1T * P0A - P0T * P1A
        if sign(den1) > 0:
            val = sympy.log(1 + (delta - (P0A - P1A)) / den1)
            if e1 == sympy.oo or sign(val - e1) < 0:
                e1 = val
        den2 = P1A * (1 - P0T) - P0A * (1 - P1T)
        if sign(den2) > 0:
            val = sympy.log(1 + (delta + P0A - P1A) / den2)
            if e2 == sympy.oo or sign(val - e2) < 0:
                e2 = val
    star = e1 if e2 == sympy.oo or (e1 != sympy.oo and sign(e1 - e2) <= 0) else e2
    return e1, e2, star


# --------------------------------------------------------------------------------------------
# Exact regime decisions at rational e^ε


def _rational_E(eps: object) -> fmpq:
    _, E = _eps(eps)
    if not E.is_Rational:
        raise ParameterError(f"eps must be log of a rational (exact regime decisions), got {eps}")
    return to_fmpq(E)


def point_is_optimal(eps: object, utility: Utility, weights: dict[int, object]) -> bool:
    """Exact decision: the feasible θ (mask → weight) of LP (11) attains the optimum.

    The values are compared as rational combinations of the objective's atoms (1 and
    logarithms of primes), so equality is decided exactly, not within a tolerance.
    """
    utility = _check_utility(utility)
    E = _rational_E(eps)
    obj, A = staircase_lp(E, utility)
    k = utility.k
    w = {int(m): to_fmpq(exact(v, "weight")) for m, v in weights.items()}
    for i in range(k):
        row = sum((A[i, m] * v for m, v in w.items()), fmpq(0))
        if row != 1 or any(v < 0 for v in w.values()):
            raise ParameterError("weights must be a feasible point of LP (11): S θ = 1, θ ≥ 0")
    res = lp.solve(obj, A, [1] * k)
    diff: dict[int, fmpq] = {}
    for j in res.support:
        for a, q in obj.rows[j].items():
            diff[a] = diff.get(a, fmpq(0)) + q * res.x[j]
    for m, v in w.items():
        for a, q in obj.rows[m].items():
            diff[a] = diff.get(a, fmpq(0)) - q * v
    diff = {a: q for a, q in diff.items() if q != 0}
    if not diff:
        return True
    s = sign(obj.value(diff)) if all(obj.atoms[a] is None or obj.atoms[a].exact is not None for a in diff) else None
    if s is None:
        raise lp.LPError("cannot compare the point's value with the optimum exactly")
    if s < 0:
        raise lp.LPError("internal: a feasible point beats the certified optimum")
    return False


def rr_weights(k: int, eps: object) -> dict[int, fmpq]:
    """Randomized response as a point of LP (11): θ = 1/(e^ε+k−1) on the k singletons."""
    E = _rational_E(eps)
    return {1 << (k - 1 - i): 1 / (E + k - 1) for i in range(k)}


def binary_weights(k: int, eps: object, T: Sequence[int]) -> dict[int, fmpq]:
    """The binary mechanism on T as a point of LP (11): θ = 1/(e^ε+1) on T and Tᶜ."""
    E = _rational_E(eps)
    m = sum(1 << (k - 1 - i) for i in set(T))
    return {m: 1 / (E + 1), ((1 << k) - 1) ^ m: 1 / (E + 1)}


def rr_is_optimal(eps: object, utility: Utility) -> bool:
    """Exact: randomized response is optimal for `utility` at ε (e^ε rational)."""
    return point_is_optimal(eps, utility, rr_weights(utility.k, eps))


def binary_is_optimal(eps: object, utility: Utility, T: Sequence[int]) -> bool:
    """Exact: the binary mechanism on T is optimal for `utility` at ε (e^ε rational)."""
    return point_is_optimal(eps, utility, binary_weights(utility.k, eps, T))


def switch_bracket(predicate, lo: object, hi: object, steps: int = 24) -> tuple[sympy.Expr, sympy.Expr]:
    """Bisection in E = e^ε over rationals: (E_lo, E_hi) with predicate(log E_lo) ≠
    predicate(log E_hi), both decided exactly; a regime switch lies between (not necessarily
    the only one: regimes need not be intervals)."""
    a, b = to_fmpq(exact(lo, "lo")), to_fmpq(exact(hi, "hi"))
    pa = predicate(sympy.log(from_fmpq(a)))
    if pa == predicate(sympy.log(from_fmpq(b))):
        raise ParameterError("predicate must differ at lo and hi")
    for _ in range(int(steps)):
        m = (a + b) / 2
        if predicate(sympy.log(from_fmpq(m))) == pa:
            a = m
        else:
            b = m
    return from_fmpq(a), from_fmpq(b)
