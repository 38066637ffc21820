"""Independent routes for the Kairouz–Oh–Viswanath claims (*Extremal mechanisms for local DP*).

Written from the paper's definitions, not from ``symdp``: the paper's closed forms for the
pattern values μ_j (eqs. 83, 113), the binary and RR values, brute-force vertex enumeration of
the LP (11) in mpmath, random exact laws and channels. The claim modules compare the library
(``symdp.local``: the certified LP) against these.
"""

from __future__ import annotations

import itertools
import random
from typing import Callable, Sequence

import mpmath
import sympy
from flint import fmpz_mat

Q = sympy.Rational
log = sympy.log
#: E = e^ε and a = E − 1 as symbols (E > 1), ε, z = P(T), generic symbols for identities.
E, EPS, Z, GAMMA = sympy.symbols("E epsilon z gamma", positive=True)

# The catalog's canonical instances (the paper gives none).
A0, A1 = [Q(4, 10), Q(3, 10), Q(2, 10), Q(1, 10)], [Q(1, 10), Q(2, 10), Q(3, 10), Q(4, 10)]
B0, B1 = [Q(6, 10), Q(25, 100), Q(1, 10), Q(5, 100)], [Q(1, 10), Q(2, 10), Q(3, 10), Q(4, 10)]
C = [Q(4, 10), Q(3, 10), Q(2, 10), Q(1, 10)]
D = [Q(5, 10), Q(3, 10), Q(2, 10)]
U3 = [Q(1, 3)] * 3
TIE0, TIE1 = [Q(6, 10), Q(1, 10), Q(3, 10)], [Q(2, 10), Q(5, 10), Q(3, 10)]      # P0(x3) = P1(x3)
RATIO0, RATIO1 = [Q(1, 2), Q(1, 4), Q(1, 4)], [Q(1, 4), Q(3, 8), Q(3, 8)]        # equal ratios on x2, x3
G0, G1 = [Q(1, 5), Q(4, 5)], [Q(2, 5), Q(3, 5)]                                    # k = 2, Corollary 10


def rng(seed: int) -> random.Random:
    return random.Random(seed)


def random_law(r: random.Random, k: int, den: int = 30) -> list[sympy.Rational]:
    """A random exact probability vector with positive entries."""
    w = [r.randint(1, den) for _ in range(k)]
    return [Q(v, sum(w)) for v in w]


def distinct_ratio_pair(r: random.Random, k: int) -> tuple[list, list]:
    """Random P0, P1 with P0(x) ≠ P1(x) and pairwise distinct ratios P0(x)/P1(x)."""
    while True:
        p0, p1 = random_law(r, k), random_law(r, k)
        ratios = [a / b for a, b in zip(p0, p1)]
        if len(set(ratios)) == k and 1 not in ratios:
            return p0, p1


def lognorm(v: object) -> sympy.Expr:
    """A rational combination of logarithms written over logarithms of primes (for exact ==)."""
    return sympy.expand(sympy.expand_log(sympy.sympify(v), force=True, factor=True))


def sub(p: Sequence, T) -> sympy.Expr:
    return sum((p[i] for i in T), sympy.Integer(0))


def subsets(k: int):
    for m in range(1 << k):
        yield [i for i in range(k) if (m >> (k - 1 - i)) & 1]


def mask(T, k: int) -> int:
    return sum(1 << (k - 1 - i) for i in T)


# --------------------------------------------------------------------------------------------
# The paper's closed forms


def kl_mu(p0, p1, T, e) -> sympy.Expr:
    """Eq. (83): μ_j = (aP0(T_j)+1) log[(aP0(T_j)+1)/(aP1(T_j)+1)], a = e − 1."""
    a = e - 1
    u, v = a * sub(p0, T) + 1, a * sub(p1, T) + 1
    return u * log(u / v)


def mi_mu(z, e, eps=None) -> sympy.Expr:
    """Eq. (113): μ(z, ε) = z e ε − (z(e−1)+1) log(z(e−1)+1), with ε = log e unless given."""
    eps = log(e) if eps is None else eps
    m = z * (e - 1) + 1
    return z * e * eps - m * log(m)


def binary_set(p0, p1) -> list[int]:
    """T = {x : P0(x) ≥ P1(x)} (eq. 18)."""
    return [i for i, (a, b) in enumerate(zip(p0, p1)) if a >= b]


def binary_kl(p0, p1, e, T=None) -> sympy.Expr:
    """D(M0‖M1) of the binary mechanism from the marginals (57)."""
    T = binary_set(p0, p1) if T is None else T
    k = len(p0)
    Tc = [i for i in range(k) if i not in T]
    return (kl_mu(p0, p1, T, e) + kl_mu(p0, p1, Tc, e)) / (e + 1)


def rr_kl(p0, p1, e) -> sympy.Expr:
    """Eq. (92): D_RR = Σ_i μ_{j_i}/(e+k−1)."""
    k = len(p0)
    return sum((kl_mu(p0, p1, [i], e) for i in range(k)), sympy.Integer(0)) / (e + k - 1)


def mi_binary_T(p) -> list[int]:
    """T ∈ argmin |P(A) − ½| (eq. 30), smallest mask first."""
    k = len(p)
    best = min(range(1, (1 << k) - 1), key=lambda m: (abs(sub(p, [i for i in range(k) if m >> (k - 1 - i) & 1]) - Q(1, 2)), m))
    return [i for i in range(k) if best >> (k - 1 - i) & 1]


def binary_mi(p, e, T=None) -> sympy.Expr:
    """Eq. (112): [μ(P(T)) + μ(P(Tᶜ))]/(e+1)."""
    T = mi_binary_T(p) if T is None else T
    z = sub(p, T)
    return (mi_mu(z, e) + mi_mu(1 - z, e)) / (e + 1)


def rr_mi(p, e) -> sympy.Expr:
    """Eq. (139): I_RR = Σ_i μ(P_i)/(e+k−1)."""
    return sum((mi_mu(v, e) for v in p), sympy.Integer(0)) / (e + len(p) - 1)


def tv(p0, p1) -> sympy.Expr:
    return sum((abs(a - b) for a, b in zip(p0, p1)), sympy.Integer(0)) / 2


def kl(p0, p1) -> sympy.Expr:
    return sum((a * log(a / b) for a, b in zip(p0, p1) if a != 0), sympy.Integer(0))


# --------------------------------------------------------------------------------------------
# Brute force


def vertex_optimum(mu: Callable[[list], mpmath.mpf], k: int, e, dps: int = 50) -> mpmath.mpf:
    """max over all basic feasible solutions of {S^(k)θ = 1, θ ≥ 0} of Σ μ(S_jθ_j), in mpmath.

    Bases are enumerated exhaustively (C(2^k, k) of them); a basis singular as a 0/1 pattern
    with e = 2 is skipped, which can only lower the result.
    """
    with mpmath.workdps(dps):
        ev = mpmath.mpf(sympy.N(e, dps + 10)) if not isinstance(e, mpmath.mpf) else e
        cols = [[ev if (j >> (k - 1 - i)) & 1 else mpmath.mpf(1) for i in range(k)] for j in range(1 << k)]
        best = mpmath.mpf(0)
        for basis in itertools.combinations(range(1 << k), k):
            pat = fmpz_mat(k, k, [2 if (j >> (k - 1 - i)) & 1 else 1 for i in range(k) for j in basis])
            if pat.det() == 0:
                continue
            M = mpmath.matrix([[cols[j][i] for j in basis] for i in range(k)])
            sol = mpmath.lu_solve(M, mpmath.matrix([1] * k))
            th = [sol[i] for i in range(k)]
            if min(th) < -mpmath.mpf(10) ** (-dps // 2):
                continue
            best = max(best, mpmath.fsum(mu([v * t for v in cols[j]]) for j, t in zip(basis, th) if t > 0))
        return best


def _mp_list(p, cache):
    """The exact list `p` as mpf at the current mpmath precision (cached per precision)."""
    prec = mpmath.mp.prec
    if prec not in cache:
        cache[prec] = [mpmath.mpf(sympy.Rational(v).p) / sympy.Rational(v).q for v in p]
    return cache[prec]


def mp_kl_column(p0, p1, dps: int = 50):
    """μ(z) = (P0ᵀz) log(P0ᵀz / P1ᵀz) in mpmath, from eq. (12) (rational P0, P1)."""
    c0, c1 = {}, {}

    def mu(z):
        f0, f1 = _mp_list(p0, c0), _mp_list(p1, c1)
        a = mpmath.fsum(x * y for x, y in zip(f0, z))
        b = mpmath.fsum(x * y for x, y in zip(f1, z))
        return a * mpmath.log(a / b)
    return mu


def mp_mi_column(p, dps: int = 50):
    """μ(z) = Σ_x P(x) z_x log(z_x / Pᵀz) in mpmath, from eq. (5) (rational P)."""
    cache = {}

    def mu(z):
        f = _mp_list(p, cache)
        m = mpmath.fsum(x * y for x, y in zip(f, z))
        return mpmath.fsum(x * y * mpmath.log(y / m) for x, y in zip(f, z))
    return mu


def mp_value(v, dps: int = 50) -> mpmath.mpf:
    return mpmath.mpf(sympy.N(v, dps))


def catalog(ref: str, digits: int = 15):
    """A catalog decimal with `digits` significant digits as a certified value: the ball of
    one unit in its last digit around it (the catalog rounds to 15 digits)."""
    from flint import arb, fmpq
    from symdp.numbers import Real
    r = sympy.Rational(ref)
    e10 = sympy.floor(sympy.log(abs(r), 10)) if r != 0 else 0
    rad = sympy.Rational(10) ** (int(e10) - digits + 1)
    return Real(lambda prec: arb(fmpq(int(r.p), int(r.q)), fmpq(int(rad.p), int(rad.q))))


# --------------------------------------------------------------------------------------------
# Kernel vocabulary: the symbols the claims' kernel proofs (symdp.verify.kernel) share. A channel's
# entries are the sequence Q[i, y] = Q(y|x_i) (their sign a hypothesis where a step needs it); an event B = {y_1, …, y_m} of outputs is listed by the
# sequence y[j], so Q(B|x_i) = Σ_{j=1}^m Q[i, y[j]]; ε is the domains' ε (a real symbol).

EPSILON = sympy.Symbol("epsilon", real=True)
ROW, ROW2, ROW0, OUT, J, M = sympy.symbols("i i_2 i_0 y j m", integer=True)
CHANNEL = sympy.IndexedBase("Q")
LABEL = sympy.IndexedBase("y")


def zero_column_entries():
    """What Claim 1 knows of the entries Q(y|x_i), Q(y|x_{i0}) of an ε-LDP channel: Q(y|x_i) ≥ 0 and the ε-LDP bound at
    the output y between the inputs x_i and x_{i0}, Q(y|x_i) ≤ e^ε Q(y|x_{i0})."""
    q, i, i0, y = CHANNEL, ROW, ROW0, OUT
    return [q[i, y] >= 0, q[i, y] <= sympy.exp(EPSILON) * q[i0, y]]


def zero_column_goal():
    """Claim 1 at one entry (Kairouz–Oh–Viswanath, Section 7.2): for the entries of :func:`zero_column_entries`,
    Q(y|x_{i0}) = 0 gives Q(y|x_i) = 0 (the zero entry a hypothesis: the claim is about a column with a zero)."""
    from symdp.verify import kernel
    q, i, i0, y = CHANNEL, ROW, ROW0, OUT
    return kernel.goal(sympy.Eq(q[i, y], 0), [*zero_column_entries(), sympy.Eq(q[i0, y], 0)])


def event_bound(a, b, condition, detail: str):
    """Σ_{j=1}^m a_j ≤ e^ε Σ_{j=1}^m b_j for every m ≥ 0 (every event {y_1, …, y_m}, the empty one included) from
    `condition` at every j ≤ m, where `condition` at j gives a_j ≤ e^ε b_j in real arithmetic: kernel steps, by
    induction on m (the sums of no terms are 0; the step peels the last output)."""
    from symdp.verify import kernel
    j, m = J, M

    def terms(n):
        return (sympy.Sum(a, (j, 1, n)), sympy.Sum(b, (j, 1, n)), kernel.Every(condition, (j, 1, n)))
    A, B, every = terms(m)
    goal = kernel.goal(A <= sympy.exp(EPSILON) * B, [m >= 0, every])
    base_goal, step_goal = kernel.induction_goals(goal, m, 0)
    base = kernel.decide(base_goal, *[kernel.unfold(t, "all") for t in terms(0)], detail="the empty event: 0 ≤ 0")
    step = kernel.decide(step_goal, *[kernel.unfold(t, "end") for t in terms(m + 1)],
                         detail="one more output: the last terms obey the bound too")
    return kernel.induction(goal, m, 0, base, step, detail=detail)


def exp_at_least_one():
    """e^ε ≥ 1 for ε ≥ 0: e^t − 1 ≥ 0 on [0, ∞) (symdp.verify.prove), instantiated at t = ε."""
    from symdp.verify import kernel, prove
    t = sympy.Symbol("t", real=True)
    return kernel.instantiate(prove(sympy.exp(t) - 1, t, 0, sympy.oo, "e^t ≥ 1 for t ≥ 0"), {t: EPSILON}, [EPSILON >= 0],
                              detail="e^ε ≥ 1 for ε ≥ 0")


#: An input index, the alphabet size k, and the laws P, P0, P1 as sequences P[i] = P(x_i) ≥ 0.
INPUT, SIZE = sympy.symbols("i k", integer=True)
LAW, LAW0, LAW1 = (sympy.IndexedBase(n, nonnegative=True) for n in ("P", "P0", "P1"))
#: tau[i] = 1 when x_i ∈ T (a set of inputs: a staircase pattern's e^ε entries, the binary mechanism's T), else 0.
TAU = sympy.IndexedBase("tau")


def total(f, i=None, k=None):
    """Σ_{i=1}^k f (the sum over the inputs)."""
    return sympy.Sum(f, (INPUT if i is None else i, 1, SIZE if k is None else k))


def is_law(p, i=None, k=None):
    """Σ_i P(x_i) = 1 (the masses are ≥ 0 by the sequence's sign)."""
    return sympy.Eq(total(p[INPUT if i is None else i], i, k), 1)


def is_set(tau=None, i=None, k=None):
    """tau is the indicator of a set of inputs: tau[i] ∈ {0, 1} for every input."""
    from symdp.verify import kernel
    tau, i = TAU if tau is None else tau, INPUT if i is None else i
    return kernel.Every(sympy.Or(sympy.Eq(tau[i], 0), sympy.Eq(tau[i], 1)), (i, 1, SIZE if k is None else k))


def in_cube(col):
    """The column S ∈ [1, e^ε]^k, entry by entry (Kairouz–Oh–Viswanath, (58)–(65))."""
    from symdp.verify import kernel
    return kernel.Every(sympy.And(col[INPUT] >= 1, col[INPUT] <= sympy.exp(EPSILON)), (INPUT, 1, SIZE))


def pattern_entry(tau_i):
    """The staircase pattern's entry: e^ε on the set (tau = 1), 1 off it (Definition 3)."""
    return 1 + (sympy.exp(EPSILON) - 1) * tau_i


def exp_above_one():
    """e^ε > 1 for ε > 0: e^t ≥ 1 + t on [0, ∞) (symdp.verify.prove) at t = ε, then e^ε ≥ 1 + ε > 1."""
    from symdp.verify import kernel, prove
    t = sympy.Symbol("t", real=True)
    tangent = kernel.instantiate(prove(sympy.exp(t) - 1 - t, t, 0, sympy.oo, "e^t ≥ 1 + t for t ≥ 0"), {t: EPSILON},
                                 [EPSILON > 0], detail="e^ε ≥ 1 + ε")
    return kernel.decide(kernel.goal(sympy.Gt(sympy.exp(EPSILON) - 1, 0), [EPSILON > 0]), tangent,
                         detail="e^ε > 1 for ε > 0")


def at_exp(evidence, x, strict: bool = False):
    """A proved goal over a real x with the hypothesis x ≥ 1 (x > 1 when `strict`), read at x = e^ε for ε ≥ 0 (ε > 0)
    (kernel steps: instantiate, then discharge e^ε − 1 ≥ 0 (> 0) by :func:`exp_at_least_one` (:func:`exp_above_one`)).
    Deciding in x keeps the side conditions polynomial: sympy folds e^ε·e^ε into e^{2ε}, a term the kernel's
    abstraction cannot relate to e^ε."""
    from symdp.verify import kernel
    f = kernel.fact(evidence)
    x_e = sympy.exp(EPSILON)
    mine = {sympy.Gt(x, 1), sympy.Lt(1, x)} if strict else {sympy.Ge(x, 1), sympy.Le(1, x)}
    theirs = sympy.Gt(x_e - 1, 0) if strict else sympy.Ge(x_e - 1, 0)
    if not mine & set(f.goal.hypotheses):
        raise ValueError(f"the goal must assume x {'>' if strict else '≥'} 1")
    hyps = [h.xreplace({x: x_e}) for h in f.goal.hypotheses if h not in mine] + [theirs]
    return kernel.apply(kernel.instantiate(f, {x: x_e}, hyps, detail="at x = e^ε"),
                        exp_above_one() if strict else exp_at_least_one(), detail="e^ε − 1 ≥ 0 (> 0) for ε ≥ 0 (> 0)")


def rr_dual_steps():
    """Randomized response's dual for the staircase LP (Kairouz–Oh–Viswanath, (82) and (129)), for every k ≥ 2 and every
    column values μ_1, …, μ_k of the singleton patterns, as kernel steps. With E = e^ε and M = Σ_i μ_i,
    α*_i = ((E + k − 2)μ_i − (M − μ_i))/((E − 1)(E + k − 1)):
    - 1ᵀα* = M/(E + k − 1): the sum of an affine function of μ_i split by linearity;
    - the singleton pattern of x_i (S_l = 1 + (E − 1)τ_l with τ the indicator of {x_i}: τ_l ∈ {0, 1}, τ_l = 1 only at
      l = i, Σ_l τ_l = 1) has Sᵀα* = 1ᵀα* + (E − 1)Σ_l τ_l α*_l = 1ᵀα* + (E − 1)α*_i = μ_i: the dual is tight there."""
    from symdp.verify import kernel
    i, k, x = INPUT, SIZE, sympy.Symbol("x", real=True)                           # x = e^ε, read there at the end
    l, j = sympy.symbols("l j", integer=True)
    mu, tau = sympy.IndexedBase("mu"), TAU
    mass = sympy.Sum(mu[j], (j, 1, k))
    alpha = lambda n: ((x + k - 2) * mu[n] - (mass - mu[n])) / ((x - 1) * (x + k - 1))
    setting = [k >= 2, x > 1]
    over = lambda f: sympy.Sum(f, (l, 1, k))
    ones = kernel.decide(kernel.goal(sympy.Eq(over(alpha(l)), mass / (x + k - 1)), setting),
                         kernel.linear(over(alpha(l))), kernel.rename(over(mu[l]), j),
                         detail="1ᵀα* = Σ_i α*_i = M/(e^ε + k − 1), split by linearity")
    single = sympy.And(sympy.Or(sympy.Eq(tau[l], 0), sympy.Eq(tau[l], 1)), sympy.Or(sympy.Ne(tau[l], 1), sympy.Eq(l, i)))
    picks = kernel.decide(kernel.goal(sympy.Eq(tau[l] * alpha(l), tau[l] * alpha(i)), [l >= 1, l <= k, single, *setting]),
                          detail="τ_l α*_l = τ_l α*_i: the indicator of {x_i} is 0 away from i")
    column = over((1 + (x - 1) * tau[l]) * alpha(l))
    tight = kernel.decide(kernel.goal(sympy.Eq(column, mu[i]), [*setting, i >= 1, i <= k, kernel.Every(single, (l, 1, k)),
                                                               sympy.Eq(over(tau[l]), 1)]),
                          ones, kernel.summed(picks, l, 1, k), *[kernel.linear(over(f)) for f in (tau[l] * alpha(i), alpha(l))],
                          kernel.linear(over(tau[l] * alpha(l))), kernel.linear(column),
                          detail="the singleton pattern of x_i: Sᵀα* = 1ᵀα* + (e^ε − 1)α*_i = μ_i")
    return at_exp(kernel.combine(ones, tight, detail="the dual's value and its tightness on the singleton patterns, every "
                                                   "k ≥ 2"), x, strict=True)


def _singleton_pick(i, l, tau):
    """τ_{i,l} ∈ {0, 1}, 1 only at l = i (the indicator of {x_i} at x_l)."""
    return sympy.And(sympy.Or(sympy.Eq(tau[i, l], 0), sympy.Eq(tau[i, l], 1)), sympy.Or(sympy.Ne(tau[i, l], 1), sympy.Eq(l, i)))


def rr_dual_objects():
    """What :func:`rr_dual_steps` quantifies: the singleton pattern of x_i (τ_l ∈ {0, 1}, 1 only at l = i, Σ_l τ_l = 1)
    for an input 1 ≤ i ≤ k, and e^ε > 1 (restating ε > 0: the dual divides by e^ε − 1)."""
    from symdp.verify import kernel
    from symdp.verify.domains import Integer
    i, k, l, tau = INPUT, SIZE, sympy.Symbol("l", integer=True), TAU
    single = sympy.And(sympy.Or(sympy.Eq(tau[l], 0), sympy.Eq(tau[l], 1)), sympy.Or(sympy.Ne(tau[l], 1), sympy.Eq(l, i)))
    return [Integer("i", 1, k), kernel.Every(single, (l, 1, k)), sympy.Eq(sympy.Sum(tau[l], (l, 1, k)), 1),
            sympy.exp(EPSILON) > 1]


def singleton_objects(laws, value):
    """What :func:`singleton_values` quantifies, and the two sums it equates named (Σ_i of the pattern value at the
    singleton patterns and at the masses P(x_i)): listed because the check that a goal covers its domain reads a sum
    as an opaque term, so a sum of logarithms is defined where the domain says it is."""
    from symdp.verify import kernel
    i, k, l, x = INPUT, SIZE, sympy.Symbol("l", integer=True), sympy.exp(EPSILON)
    tau = sympy.IndexedBase("tau")
    over = lambda f: sympy.Sum(f, (l, 1, k))
    each = kernel.Every(sympy.And(kernel.Every(_singleton_pick(i, l, tau), (l, 1, k)), sympy.Eq(over(tau[i, l]), 1),
                                  *[over(law[l] * tau[i, l]) >= 0 for law in laws]), (i, 1, k))
    at_patterns = sympy.Sum(value(x, [over(law[l] * tau[i, l]) for law in laws]), (i, 1, k))
    at_masses = sympy.Sum(value(x, [law[i] for law in laws]), (i, 1, k))
    return [each, sympy.Eq(sympy.Symbol("S_patterns", real=True), at_patterns),
            sympy.Eq(sympy.Symbol("S_masses", real=True), at_masses)]


def singleton_values(laws, value, what: str):
    """A pattern value at the singleton patterns, summed over the inputs, for every k, as kernel steps: with τ_{i,l} the
    indicator of {x_i} (τ_{i,l} ∈ {0, 1}, 1 only at l = i, Σ_l τ_{i,l} = 1), the set mass P(T_{j_i}) = Σ_l P(x_l)τ_{i,l} is
    P(x_i) for each law, so Σ_i value(P(T_{j_i}), …) = Σ_i value(P(x_i), …). `value(x, masses)` is the pattern value in
    x = e^ε and the set masses of `laws` (in their order); read at x = e^ε, ε ≥ 0, at the end."""
    from symdp.verify import kernel
    i, k = INPUT, SIZE
    l, x = sympy.Symbol("l", integer=True), sympy.Symbol("x", real=True)
    tau = sympy.IndexedBase("tau")
    single = _singleton_pick(i, l, tau)
    over = lambda f: sympy.Sum(f, (l, 1, k))
    masses = []
    for law in laws:
        picks = kernel.decide(kernel.goal(sympy.Eq(tau[i, l] * law[l], tau[i, l] * law[i]), [l >= 1, l <= k, single]),
                              detail="τ_{i,l}P(x_l) = τ_{i,l}P(x_i): the indicator of {x_i} is 0 away from i")
        masses += [kernel.summed(picks, l, 1, k), kernel.linear(over(tau[i, l] * law[i]))]
    # P(T_{j_i}) ≥ 0 (a law's mass; a sum of non-negative terms has no sign by its form): the values are defined
    setting = [i >= 1, i <= k, kernel.Every(single, (l, 1, k)), sympy.Eq(over(tau[i, l]), 1), x >= 1,
               *[over(law[l] * tau[i, l]) >= 0 for law in laws]]
    one = kernel.decide(kernel.goal(sympy.Eq(value(x, [over(law[l] * tau[i, l]) for law in laws]),
                                             value(x, [law[i] for law in laws])), setting),
                        *masses, detail=f"{what} at the singleton pattern of x_i: P(T_{{j_i}}) = P(x_i)")
    return at_exp(kernel.summed(one, i, 1, k, detail="summed over the inputs"), x)


def staircase_ratio(a, b):
    """Two entries a = Q(y|x), b = Q(y|x') of one output's column of a staircase mechanism: equal, or in the ratio e^ε
    either way (Kairouz–Oh–Viswanath, Theorem 2 (b): |ln Q(y|x)/Q(y|x')| ∈ {0, ε}). Unevaluated: sympy would otherwise
    settle a relation between two equal closed forms itself and leave the goal `True`, which states nothing."""
    x = sympy.exp(EPSILON)
    return sympy.Or(*[sympy.Eq(u, v, evaluate=False) for u, v in ((a, b), (a, x * b), (b, x * a))])


def bit(t):
    """t ∈ {0, 1}."""
    return sympy.Or(sympy.Eq(t, 0), sympy.Eq(t, 1))


def binary_rows():
    """The binary mechanism (18) at input x_i: Q(0|x_i) = (1 + (e^ε − 1)τ_i)/(e^ε + 1), Q(1|x_i) = (e^ε − (e^ε − 1)τ_i)/(e^ε + 1),
    τ the indicator of its set T (e^ε/(e^ε + 1) on T, 1/(e^ε + 1) off it)."""
    x, t = sympy.exp(EPSILON), TAU[INPUT]
    return (1 + (x - 1) * t) / (x + 1), (x - (x - 1) * t) / (x + 1)


def binary_marginal_goal(law):
    """(57) for the law `law` (P0 or P1): M(0) = ((e^ε − 1)P(T) + 1)/(e^ε + 1), M(1) = ((e^ε − 1)P(Tᶜ) + 1)/(e^ε + 1)."""
    from symdp.verify import kernel
    i, x = INPUT, sympy.exp(EPSILON)
    q0, q1 = binary_rows()
    inside, outside = total(law[i] * TAU[i]), total(law[i] * (1 - TAU[i]))
    return kernel.goal(sympy.And(sympy.Eq(total(law[i] * q0), ((x - 1) * inside + 1) / (x + 1)),
                                 sympy.Eq(total(law[i] * q1), ((x - 1) * outside + 1) / (x + 1))),
                       [SIZE >= 1, is_law(law), is_set()])


def named(name: str, definition):
    """A domain's relation naming a quantity by its definition, Eq(name, definition) (a real symbol): a sum of
    logarithms (a divergence, a mutual information) is defined where the domain says, so the check that a goal covers
    its domain reads the definedness of a goal's sum from the domain's relation that contains it."""
    return sympy.Eq(sympy.Symbol(name, real=True), definition)


def splits(*terms):
    """kernel.linear for each sum of `terms` that linearity changes (a sum of one product is already split: its
    linear form would be the conclusion True, which the re-checker refuses)."""
    from symdp.verify import kernel
    out = []
    for t in terms:
        ev = kernel.linear(t)
        if ev.passed and kernel.fact(ev).goal.conclusion is not sympy.true:
            out.append(ev)
    return out


# --------------------------------------------------------------------------------------------
# Randomized response (21) = (91) = (138) and its output marginals, for every k (kernel steps)

RR_L, RR_Y = sympy.symbols("l y", integer=True)           # an input x_l and an output y of randomized response
IOTA = sympy.IndexedBase("iota")                         # iota[y, l] = [x_l = y]


def rr_entry(x, y=None, l=None):
    """Q(y|x_l) = (1 + (x − 1)[x_l = y])/(x + k − 1), x = e^ε (Kairouz–Oh–Viswanath, eq. 21)."""
    y, l = RR_Y if y is None else y, RR_L if l is None else l
    return (1 + (x - 1) * IOTA[y, l]) / (x + SIZE - 1)


def rr_pick(y=None, l=None):
    """iota[y, l] ∈ {0, 1}, 1 only at l = y (the indicator of x_l = y)."""
    y, l = RR_Y if y is None else y, RR_L if l is None else l
    return sympy.And(bit(IOTA[y, l]), sympy.Or(sympy.Ne(IOTA[y, l], 1), sympy.Eq(l, y)))


def rr_output_facts(x, marginals):
    """For one output y: the indicator of y among the inputs (every l, Σ_l = 1) and, for each (law, M) of `marginals`,
    the definition M(y) = Σ_l P(x_l)Q(y|x_l) (Kairouz–Oh–Viswanath, eq. 2) and M(y) > 0 (it is ≥ 1/(e^ε + k − 1); listed
    because the check that a goal covers its domain reads a sum as an opaque term)."""
    y, l, k = RR_Y, RR_L, SIZE
    from symdp.verify import kernel
    return [kernel.Every(rr_pick(), (l, 1, k)), sympy.Eq(sympy.Sum(IOTA[y, l], (l, 1, k)), 1),
            *[sympy.Eq(m[y], sympy.Sum(law[l] * rr_entry(x), (l, 1, k))) for law, m in marginals],
            *[m[y] > 0 for _, m in marginals]]


def rr_marginal(law, m, x, facts):
    """M(y) = ((x − 1)P(y) + 1)/(x + k − 1) under `facts` (:func:`rr_output_facts`), as kernel steps: linearity, and
    Σ_l [x_l = y]P(x_l) = P(y) (the indicator picks y)."""
    from symdp.verify import kernel
    y, l, k = RR_Y, RR_L, SIZE
    picks = kernel.decide(kernel.goal(sympy.Eq(IOTA[y, l] * law[l], IOTA[y, l] * law[y]), [l >= 1, l <= k, rr_pick()]),
                          detail="[x_l = y]P(x_l) = [x_l = y]P(y)")
    return kernel.decide(
        kernel.goal(sympy.Eq(m[y], ((x - 1) * law[y] + 1) / (x + k - 1)), [k >= 1, x >= 1, is_law(law, RR_L), *facts]),
        kernel.summed(picks, l, 1, k), kernel.linear(sympy.Sum(IOTA[y, l] * law[y], (l, 1, k))),
        kernel.linear(sympy.Sum(law[l] * rr_entry(x), (l, 1, k))),
        detail=f"{m.name}(y) = ((e^ε − 1){law.name}(y) + 1)/(e^ε + k − 1), by linearity")


def log_below():
    """log r ≥ 1 − 1/r for every r > 0, in the form t − 1 + e^{−t} ≥ 0 for every real t (kernel steps: symdp.verify.prove
    on t ≥ 0, and e^u ≥ 1 + u for u ≥ 0 read at u = −t for t ≤ 0); read at t = log r it is log r − 1 + 1/r ≥ 0."""
    from symdp.verify import kernel, prove
    t, u = sympy.symbols("t u", real=True)
    ahead = prove(t - 1 + sympy.exp(-t), t, 0, sympy.oo, "t − 1 + e^{−t} ≥ 0 for t ≥ 0")
    behind = kernel.instantiate(prove(sympy.exp(u) - 1 - u, u, 0, sympy.oo, "e^u ≥ 1 + u for u ≥ 0"), {u: -t}, [t <= 0],
                                detail="at u = −t, t ≤ 0")
    return kernel.decide(kernel.goal(t - 1 + sympy.exp(-t) >= 0, []), ahead, behind,
                         detail="t − 1 + e^{−t} ≥ 0 for every real t"), t


def log_ratio(a, b, hypotheses):
    """a(log a − log b) ≥ a − b for a, b > 0 (under `hypotheses`, which must give a, b > 0): for positive a_, b_,
    :func:`log_below` at t = log(a_/b_) with log(a_/b_) = log a_ − log b_, times a_; then read at a, b (written
    without dividing by a: sympy writes 1/e^A as e^{−A}, a term the kernel's abstraction cannot relate to e^A)."""
    from symdp.verify import identity, kernel
    below, t = log_below()
    av, bv = sympy.symbols("a_ b_", positive=True)
    at = kernel.instantiate(below, {t: log(av / bv)}, [], detail="at t = log(a/b)")
    quotient = kernel.fact(identity(log(av / bv), log(av) - log(bv), "log(a/b) = log a − log b"))
    generic = kernel.decide(kernel.goal(av * (log(av) - log(bv)) >= av - bv, []), at, quotient,
                            detail="a(log a − log b) ≥ a − b for a, b > 0")
    return kernel.instantiate(generic, {av: a, bv: b}, hypotheses, detail="at a, b")
