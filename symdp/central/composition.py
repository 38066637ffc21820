"""Composition of finite pairs, and the optimal composition of the (ε, δ, η) class.

`LatticePair` is the k-fold (or mixed) product of finite pairs, held as a privacy-loss
distribution on a likelihood-ratio lattice (see :mod:`symdp.central.pld`), never as the n^k product
outcomes. Its functionals come from suffix sums (hockey-stick, δ, ε) and polynomial
evaluations (KL, χ², Rényi) of the lattice masses.

The closed forms of Ghazi–Issa, *Total variation meets differential privacy*, Theorem 2
(eq. (5)) and of Kairouz–Oh–Viswanath (Ghazi–Issa eq. (6); Steinke, Section 7) are here too,
as sympy sums: ``proofs/`` checks them against the lattice computation.
"""

from __future__ import annotations

from functools import cached_property, lru_cache
from typing import Iterable, Sequence

import sympy
from flint import arb, fmpq

from ..errors import UnsupportedError, show
from ..numbers import Real, Value, arb_of, exact, from_fmpq, is_rational, sign, simplify, working_precision
from .. import limits
from ..numerics import params
from .pairs import FinitePair, Pair, _finite, _sstr_list, dominating, erasure_mass, power, product
from .pld import Factor, LatticePLD, lattice_factor


class LatticePair(FinitePair):
    """A finite pair given by its privacy-loss distribution on the lattice b^j."""

    def __init__(self, lattice: LatticePLD):
        self.lattice = lattice

    def __repr__(self) -> str:
        # each factor as the finite pair of its atoms (mass at ratio ∞ and 0 appended), to its
        # power: an expression `symdp eval` rebuilds into the same composition
        parts = []
        for f, k in self.lattice.factors:
            p_inf, q_zero = 1 - sympy.Add(*f.p), 1 - sympy.Add(*f.q)
            p, q = list(f.p) + [p_inf, sympy.Integer(0)], list(f.q) + [sympy.Integer(0), q_zero]
            keep = [i for i in range(len(p)) if p[i] != 0 or q[i] != 0]
            base = f"FinitePair(p={_sstr_list([p[i] for i in keep])}, q={_sstr_list([q[i] for i in keep])})"
            parts.append(base if k == 1 else f"{base} ** {k}")
        return " @ ".join(parts)

    @property
    def base(self) -> sympy.Expr:
        """The lattice base b > 1: every finite likelihood ratio is b^j."""
        return self.lattice.base

    @property
    def exact_mode(self) -> bool:
        return self.lattice.rational

    # ---- outcomes, materialised only on request

    @cached_property
    def _atoms(self) -> tuple[tuple[sympy.Expr, ...], tuple[sympy.Expr, ...]]:
        limits.check_size(self.lattice.points, f"listing the outcomes of {self!r}", "outcomes")
        if self.exact_mode:
            lat = self.lattice.exact
            p = [sympy.Rational(c, lat.p_den) for c in lat.p]
            q = [sympy.Rational(c, lat.q_den) for c in lat.q]
            p_inf, q_zero = from_fmpq(lat.p_inf), from_fmpq(lat.q_zero)
        else:
            p, q = self._symbolic_masses()
            p_inf = 1 - sympy.Add(*p)
            q_zero = 1 - sympy.Add(*q)
        keep = [i for i in range(len(p)) if p[i] != 0 or q[i] != 0]
        p, q = [p[i] for i in keep], [q[i] for i in keep]
        if sign(p_inf) != 0:
            p, q = p + [p_inf], q + [sympy.Integer(0)]
        if sign(q_zero) != 0:
            p, q = p + [sympy.Integer(0)], q + [q_zero]
        return tuple(p), tuple(q)

    #: Largest number of lattice points whose irrational masses are expanded symbolically: each
    #: mass is simplified in sympy, about 0.35 s apiece already at 21 points (k = 10 of a 3-point
    #: pair, 17 s in all); at 169 points the expansion ran past 60 s.
    SYMBOLIC_LIMIT = 16

    def _symbolic_masses(self) -> tuple[list[sympy.Expr], list[sympy.Expr]]:
        """The exact (irrational) masses, by expanding the polynomial powers in sympy: only for
        small compositions; the hockey-stick, δ, ε and divergences never need them."""
        width = sum(k * (max(f.exps) - min(f.exps)) for f, k in self.lattice.factors) + 1
        if width > self.SYMBOLIC_LIMIT:
            raise UnsupportedError(
                f"this composition has {width} likelihood ratios with irrational masses; its outcomes are "
                f"only expanded symbolically up to {self.SYMBOLIC_LIMIT} (use a rational e^eps for exact "
                "outcomes; delta, epsilon and the divergences are certified without them)")
        z = sympy.Symbol("z")
        P, Q = sympy.Integer(1), sympy.Integer(1)
        for f, k in self.lattice.factors:
            m = min(f.exps)
            P *= sympy.Add(*[c * z ** (j - m) for j, c in zip(f.exps, f.p)]) ** k
            Q *= sympy.Add(*[c * z ** (j - m) for j, c in zip(f.exps, f.q)]) ** k
        P, Q = sympy.Poly(sympy.expand(P), z), sympy.Poly(sympy.expand(Q), z)
        n = max(P.degree(), Q.degree()) + 1
        pc = [simplify(P.coeff_monomial(z ** i)) for i in range(n)]
        qc = [simplify(Q.coeff_monomial(z ** i)) for i in range(n)]
        return pc, qc

    @property
    def p(self) -> tuple[sympy.Expr, ...]:
        return self._atoms[0]

    @property
    def q(self) -> tuple[sympy.Expr, ...]:
        return self._atoms[1]

    @cached_property
    def symmetric(self) -> bool:  # type: ignore[override]
        return all(_factor_symmetric(f) for f, _ in self.lattice.factors)

    def reverse(self) -> "LatticePair":
        rev = tuple((Factor(f.base, tuple(-j for j in f.exps), f.q, f.p), k) for f, k in self.lattice.factors)
        return LatticePair(LatticePLD(self.lattice.base, rev))

    # ---- privacy profile

    @cached_property
    def _kov_power(self) -> tuple[sympy.Expr, sympy.Expr, int] | None:
        """(ε₀, δ₀, k) when this pair is the k-fold power of Kairouz–Oh–Viswanath's (ε₀, δ₀) pair
        (atoms P = ((1−δ₀)e^{ε₀}/(1+e^{ε₀}), (1−δ₀)/(1+e^{ε₀})) at likelihood ratios e^{±ε₀}, Q their
        mirror image, and δ₀ on outcomes with Q = 0, resp. P = 0), else None."""
        if len(self.lattice.factors) != 1:
            return None
        f, k = self.lattice.factors[0]
        if len(f.exps) != 2 or f.exps[0] != -f.exps[1] or f.exps[0] == 0:
            return None
        top, bottom = (0, 1) if f.exps[0] > 0 else (1, 0)
        if any(sign(x) != 0 for x in (f.p[top] - f.q[bottom], f.p[bottom] - f.q[top])):
            return None
        d0 = 1 - f.p[top] - f.p[bottom]
        return abs(f.exps[0]) * sympy.log(f.base), d0, k

    def delta(self, eps: object) -> Value:
        """δ(ε) in both directions. A power of KOV's (ε₀, δ₀) pair with e^{ε₀}, e^ε and δ₀
        rational takes the closed form (:func:`symdp.central.composition_theorems.kov_delta`, the same
        exact rational without the lattice: k = 10⁵ in a fraction of a second)."""
        kov = self._kov_power
        if kov is not None and self.exact_mode:
            e = params.nonnegative(eps, "eps")
            if is_rational(sympy.exp(e)):
                from .composition_theorems import kov_delta as kov_closed_form
                return kov_closed_form(kov[0], kov[1], kov[2], e)
        return super().delta(eps)

    def hockey_stick(self, gamma: object) -> Value:
        g = params.nonnegative(gamma, "gamma", symbolic=True)
        if self.exact_mode:
            lat = self.lattice.exact
            return lat.hockey_stick_above(lat.first_above(g), g)
        if self._above_every_ratio(g):
            return sympy.Integer(0)
        return Real(lambda prec: self._hockey_ball(arb_of(g, prec), prec),
                    name=f"{self!r}.hockey_stick({g})")

    def _above_every_ratio(self, g: sympy.Expr) -> bool:
        """γ ≥ the largest likelihood ratio and P(LR = ∞) = 0, so E_γ = 0 exactly: a ball
        would only ever straddle this 0 (ties a − γb = 0), and the zero could not be certified."""
        return not self.lattice.has_p_inf and sign(g - self.base ** self.lattice.top) >= 0

    def _hockey_ball(self, gamma: arb, prec: int) -> arb:
        """Σ_j (p_j − γ q_j)₊ + P(LR = ∞) in ball arithmetic; the positive part is taken by
        `nonnegative_part`, so no sign decision is needed (ties contribute 0 either way)."""
        lo, p, q = self.lattice.balls(prec)
        with working_precision(prec):
            total = _p_inf_ball(self.lattice, prec)
            for a, b in zip(p, q):
                total += (a - gamma * b).nonnegative_part()
            return total

    def deltas(self, js: Iterable[int]) -> list[Value]:
        """δ(j·log b) for each integer j ≥ 0: the whole privacy profile at the lattice points,
        by suffix sums (exact for rational masses, certified otherwise)."""
        js = list(js)
        if self.exact_mode:
            fwd = self.lattice.exact.deltas_at_powers(js)
            if self.symmetric:
                return fwd
            bwd = self.reverse().lattice.exact.deltas_at_powers(js)
            return [max(a, b) for a, b in zip(fwd, bwd)]
        lattices = [self.lattice] if self.symmetric else [self.lattice, self.reverse().lattice]

        top = max(lat.top for lat in lattices)
        vanishes = not any(lat.has_p_inf for lat in lattices)
        me = repr(self)  # once: printing the factors' sympy masses cost milliseconds per value (10⁴ values: > 60 s)

        def value(j: int) -> Value:
            if vanishes and j >= top:  # above every likelihood ratio: exactly 0
                return sympy.Integer(0)

            def ball(prec: int) -> arb:
                balls = [_profile_ball(lat, prec, j) for lat in lattices]
                return balls[0] if len(balls) == 1 else balls[0].max(balls[1])
            return Real(ball, name=f"{me}.delta({j}·log b)")
        return [value(j) for j in js]

    def epsilon(self, delta: object) -> Value:
        d = params.probability(delta, "delta", symbolic=True)
        if not self.exact_mode:
            return Pair.epsilon(self, d)
        gammas = [_lattice_gamma(pair.lattice.exact, fmpq(int(d.p), int(d.q)))
                  for pair in ((self,) if self.symmetric else (self, self.reverse()))]
        if any(g is None for g in gammas):
            return sympy.oo
        g = max(gammas)
        return sympy.log(from_fmpq(g)) if g > 1 else sympy.Integer(0)

    def _delta_kernel(self):
        pairs = (self,) if self.symmetric else (self, self.reverse())

        def kernel(e: arb) -> arb:
            from flint import ctx
            prec = ctx.prec
            vals = [pair._hockey_ball(e.exp(), prec) for pair in pairs]
            return vals[0] if len(vals) == 1 else vals[0].max(vals[1])
        return kernel

    def tradeoff(self, alpha: object) -> Value:
        """The trade-off function at α: exact from the outcomes when the masses are rational;
        otherwise certified without them. β is convex and piecewise linear (Dong–Roth–Su,
        Proposition 2.2), so it is the maximum of the affine extensions of its pieces
        (Neyman–Pearson: the outcomes in increasing likelihood ratio b^j, after those with P = 0):
        a max of balls, which needs no decision of where α falls among the pieces."""
        if self.exact_mode:
            return FinitePair.tradeoff(self, alpha)
        t = params.probability(alpha, "alpha", symbolic=True)
        finite = sympy.Mul(*[sympy.Add(*f.p) ** k for f, k in self.lattice.factors])  # P(Q > 0)
        if sign(t - finite) >= 0:  # every outcome with Q > 0 rejected: exactly 0, which no ball certifies
            return sympy.Integer(0)
        return Real(lambda prec: self._tradeoff_ball(arb_of(t, prec), prec), name=f"{self!r}.tradeoff({t})")

    def _tradeoff_ball(self, t: arb, prec: int) -> arb:
        _, p, q = self.lattice.balls(prec)
        with working_precision(prec):
            used, accepted = arb(0), 1 - _q_zero_ball(self.lattice, prec)  # outcomes with P = 0 come free
            best = arb(0)  # β ≥ 0
            for a, b in zip(p, q):
                if a == 0:
                    continue
                best = best.max(accepted - b * (t - used) / a)
                used, accepted = used + a, accepted - b
            return best.max(accepted)  # the outcomes with Q = 0: β stays at what is left of Q

    # ---- divergences by polynomial evaluation: on the lattice q_j = p_j b^{-j}, so every
    # f-divergence is a weighted sum of the P masses alone.

    def _weighted(self, weight, exact_weight=None) -> Value:
        """Σ_j P(LR = b^j) · w(j) over the finite-ratio atoms: exact when the masses are rational
        and `exact_weight(j)` gives exact rationals, otherwise certified with `weight(j, prec)`."""
        if self.exact_mode and exact_weight is not None:
            lat = self.lattice.exact
            total = sum((c * exact_weight(lat.lo + i) for i, c in enumerate(lat.p) if c), fmpq(0))
            return from_fmpq(total / lat.p_den)

        def ball(prec: int) -> arb:
            lo, p, _ = self.lattice.balls(prec)
            with working_precision(prec):
                return sum((c * weight(lo + i, prec) for i, c in enumerate(p)), arb(0))
        return Real(ball)

    def _moment(self, t: sympy.Expr) -> Value:
        """Σ_j p_j b^{jt} = Σ_j p_j^{1+t} q_j^{−t}."""
        b = self.base
        exact_weight = (lambda j: self.lattice.exact.base ** (j * int(t))) if t.is_Integer else None
        return self._weighted(lambda j, prec: arb_of(b, prec) ** (arb_of(t, prec) * j), exact_weight)

    def tv(self) -> Value:
        return self.hockey_stick(sympy.Integer(1))

    def kl(self) -> Value:
        """D(P‖Q) = log b · Σ_j j p_j (the mean privacy loss)."""
        if self.lattice.has_p_inf:
            return sympy.oo
        mean = self._weighted(lambda j, prec: arb(j), fmpq)
        return mean * sympy.log(self.base) if not isinstance(mean, Real) else Real(
            lambda prec: mean.ball(prec) * arb_of(sympy.log(self.base), prec))

    def chi2(self) -> Value:
        return sympy.oo if self.lattice.has_p_inf else self._moment(sympy.Integer(1)) - 1

    def renyi(self, alpha: object) -> Value:
        """D_α = log(Σ_j p_j b^{j(α−1)})/(α − 1); ∞ for α > 1 when P has mass where Q = 0."""
        a = params.order(alpha)
        if a == 1:
            return self.kl()
        if (a is sympy.oo or sign(a - 1) > 0) and self.lattice.has_p_inf:
            return sympy.oo
        if a is sympy.oo:  # log of the largest likelihood ratio with P > 0
            top = sum(k * max(j for j, pi in zip(f.exps, f.p) if pi != 0) for f, k in self.lattice.factors)
            return top * sympy.log(self.base)
        moment = self._moment(a - 1)
        if isinstance(moment, Real):
            return Real(lambda prec: moment.ball(prec).log() / arb_of(a - 1, prec))
        return sympy.log(moment) / (a - 1)

    # ---- composition

    def compose(self, other: Pair) -> Pair:
        if isinstance(other, LatticePair):
            return LatticePair(self.lattice.compose(other.lattice))
        if isinstance(other, FinitePair):
            f = lattice_factor(other.p, other.q)
            if f is None:
                raise UnsupportedError("the other pair's likelihood ratios are not on one lattice")
            return LatticePair(self.lattice.compose(LatticePLD.of(f)))
        return Pair.compose(self, other)

    def _power(self, k: int) -> Pair:
        return LatticePair(self.lattice.power(k))

    def subsample(self, q: object) -> FinitePair:
        return FinitePair.subsample(_finite(self.p, self.q), q)


# --------------------------------------------------------------------------------------------
# Products of finite pairs: the routes of FinitePair ** k and FinitePair.compose (registered with
# symdp.central.pairs, which cannot import this module)


def _compose_finite(a: FinitePair, ka: int, b: FinitePair | None = None, kb: int = 0) -> Pair:
    """The product a^ka × b^kb, by exact privacy-loss convolution on a ratio lattice."""
    fa = lattice_factor(a.p, a.q)
    fb = lattice_factor(b.p, b.q) if b is not None else None
    pairwise = ka == 1 and kb == 1
    if fa is None or (b is not None and fb is None):
        if pairwise:
            return _finite([x * y for x in a.p for y in b.p], [x * y for x in a.q for y in b.q])
        raise UnsupportedError("composition of finite pairs whose likelihood ratios are not powers "
                               "of one base is only supported pairwise (a.compose(b))")
    lat = LatticePLD.of(fa, ka)
    if fb is not None:
        try:
            lat = lat.compose(LatticePLD.of(fb, kb))
        except UnsupportedError:  # two lattices with incommensurable bases, e.g. 2 and 3
            if not pairwise:
                raise
            return _finite([x * y for x in a.p for y in b.p], [x * y for x in a.q for y in b.q])
    return LatticePair(lat)


@power.register(FinitePair)
def _finite_power(pair: FinitePair, k: int) -> Pair:
    return _compose_finite(pair, k)


@product.register(FinitePair)
def _finite_product(pair: FinitePair, other: FinitePair) -> Pair:
    return _compose_finite(pair, 1, other, 1)


def _p_inf_ball(lattice: LatticePLD, prec: int) -> arb:
    """P(LR = ∞) = 1 − Π_f P_f(finite ratio)^k."""
    return _off_lattice_ball(lattice, prec, "p") if lattice.has_p_inf else arb(0)


def _q_zero_ball(lattice: LatticePLD, prec: int) -> arb:
    """Q(LR = 0) = 1 − Π_f Q_f(finite ratio)^k."""
    return _off_lattice_ball(lattice, prec, "q")


def _off_lattice_ball(lattice: LatticePLD, prec: int, side: str) -> arb:
    """1 − Π_f (Σ of factor f's lattice masses of `side`, "p" or "q")^k: the mass of that side
    outside the finite ratios, from the factors, not from the composed masses, whose sum would
    cancel against 1."""
    with working_precision(prec):
        finite = arb(1)
        for f, k in lattice.factors:
            finite *= arb_of(sympy.Add(*getattr(f, side)), prec) ** k
        return (1 - finite).nonnegative_part()


def _profile_ball(lattice: LatticePLD, prec: int, j: int) -> arb:
    """E_{b^j}(P‖Q) for one j ≥ 0 from the cached profile of the whole lattice."""
    profile, p_inf = _profile(lattice, prec)
    if j >= len(profile):
        return p_inf
    with working_precision(prec):
        return profile[j] + p_inf


@lru_cache(maxsize=32)
def _profile(lattice: LatticePLD, prec: int) -> tuple[list[arb], arb]:
    lo, p, _ = lattice.balls(prec)
    with working_precision(prec):
        return profile_balls(p, lo, arb_of(lattice.base, prec)), _p_inf_ball(lattice, prec)


def profile_balls(p: Sequence[arb], lo: int, b: arb) -> list[arb]:
    """A(j) = Σ_{e>j} p_e (1 − b^{j−e}) for j = 0..top, where p[i] is the P-mass of likelihood
    ratio b^(lo+i) (top = lo + len(p) − 1); E_{b^j}(P‖Q) = A(j) + P(LR = ∞).

    From the top down, with T(j) = Σ_{e>j} p_e b^{j−e}:
    A(j) = A(j+1) + (1 − 1/b)(p_{j+1} + T(j+1)) and T(j) = (p_{j+1} + T(j+1))/b.
    Every term is nonnegative, so even δ near 10⁻³⁰⁰ keeps its relative accuracy (the
    difference Σp − γΣq would cancel), and the whole profile costs O(k) after one
    polynomial power. Runs at the caller's working precision.
    """
    top = lo + len(p) - 1
    profile = [arb(0)] * (max(top, 0) + 1)
    a, t, shrink = arb(0), arb(0), 1 - 1 / b
    for j in range(top - 1, -1, -1):
        mass = p[j + 1 - lo] if j + 1 >= lo else arb(0)
        a += shrink * (mass + t)
        t = (mass + t) / b
        profile[j] = a
    return profile


def _factor_symmetric(f: Factor) -> bool:
    forward = sorted(zip(f.exps, map(str, f.p), map(str, f.q)))
    backward = sorted(zip((-j for j in f.exps), map(str, f.q), map(str, f.p)))
    return forward == backward


def _lattice_gamma(lat, d: fmpq) -> fmpq | None:
    """The least γ ≥ 1 with E_γ(P‖Q) ≤ d on an exact lattice, or None if E_∞ = P(LR=∞) > d."""
    if lat.p_inf > d:
        return None
    n = len(lat.p)
    sp, sq = lat.suffix
    # atoms i ≥ i0 have LR ≥ 1; find the first lattice index whose δ at γ = b^(lo+i) is ≤ d.
    i0 = max(0, -lat.lo)
    prev = None
    for i in range(i0, n + 1):
        gamma_i = lat.base ** (lat.lo + i) if i < n else None
        if gamma_i is None:
            break
        val = fmpq(sp[i + 1], lat.p_den) + lat.p_inf - gamma_i * fmpq(sq[i + 1], lat.q_den)
        if val <= d:
            # on [b^(lo+i-1), b^(lo+i)] the atoms from index i on count: E = A − γ B.
            a = fmpq(sp[i], lat.p_den) + lat.p_inf
            b = fmpq(sq[i], lat.q_den)
            lower = lat.base ** (lat.lo + i - 1) if i > i0 else fmpq(1)
            if b == 0 or a - lower * b <= d:
                return max(lower, fmpq(1))
            return max((a - d) / b, fmpq(1))
        prev = val
    del prev
    return fmpq(1)


# --------------------------------------------------------------------------------------------
# The (ε, δ, η) class: Ghazi–Issa Theorem 2 and Kairouz–Oh–Viswanath


def composed_deltas(eps: object, delta: object = 0, eta: object = None, k: int = 1) -> list[Value]:
    """δ'_j = 1 − (1−δ)^k (1 − δ_j) for j = 0..k: the composition of k (ε, δ)-DP, η-TV
    mechanisms is (jε, δ'_j)-DP for every j, and nothing better (Ghazi–Issa, Theorem 2).

    Computed as the privacy profile of the k-fold dominating pair at ε' = jε, by exact
    lattice convolution (rational e^ε) or certified (otherwise); O(k log k) polynomial
    arithmetic plus O(k) suffix sums, so k in the tens of thousands is practical.
    """
    k = params.count(k)
    what = f"composed_deltas(k = {show(k)}), one δ for each j = 0..k"
    limits.check_size(k + 1, what, "outcomes")
    pair = dominating(eps, delta, eta) ** k
    if isinstance(pair, LatticePair) and pair.exact_mode:  # k + 1 exact rationals of ~k·log2(den) bits
        limits.check_bits((k + 1) * pair.lattice.exact_bits(), what, "lattice_bits")
    e = exact(eps, "eps")
    if not isinstance(pair, LatticePair) or sign(pair.base - sympy.exp(e)) != 0:
        return [pair.delta(j * e) for j in range(k + 1)]
    return pair.deltas(range(k + 1))


def theorem2_delta(j: int, k: int, eps: sympy.Expr, alpha: sympy.Expr) -> sympy.Expr:
    """δ_j of Ghazi–Issa eq. (5), the double sum over sequences with a erasures and ℓ
    'reverse' outcomes:
    Σ_{a=0}^{k−j−1} C(k,a) Σ_{ℓ=0}^{⌈(k−j−a)/2⌉−1} C(k−a,ℓ) u^{k−a} α^a (e^{(k−ℓ−a)ε} − e^{(ℓ+j)ε}),
    u = (1−α)/(1+e^ε)."""
    x = sympy.exp(eps)
    u = (1 - alpha) / (1 + x)
    total = sympy.Integer(0)
    for a in range(0, k - j):
        top = -(-(k - j - a) // 2) - 1
        for l in range(0, top + 1):
            total += (sympy.binomial(k, a) * sympy.binomial(k - a, l) * u ** (k - a) * alpha ** a
                      * (x ** (k - l - a) - x ** (l + j)))
    return total


def kov_delta(j: int, k: int, eps: sympy.Expr) -> sympy.Expr:
    """δ_j of Kairouz–Oh–Viswanath's optimal composition of k ε-DP mechanisms, for
    j ≡ k (mod 2) (Ghazi–Issa eq. (6); Steinke, Section 7):
    Σ_{ℓ=0}^{(k−j)/2−1} C(k,ℓ)(e^{(k−ℓ)ε} − e^{(ℓ+j)ε}) / (1+e^ε)^k."""
    if (k - j) % 2:
        raise ValueError("eq. (6) holds for j ≡ k (mod 2)")
    x = sympy.exp(eps)
    return sympy.Add(*[sympy.binomial(k, l) * (x ** (k - l) - x ** (l + j))
                       for l in range((k - j) // 2)]) / (1 + x) ** k


def composed_tv(eps: object, delta: object = 0, eta: object = None, k: int = 1) -> Value:
    """d_TV after k-fold composition: 1 − (1−δ)^k (1 − δ_0) (Ghazi–Issa, Theorem 2)."""
    return composed_deltas(eps, delta, eta, k)[0]


__all__ = ["LatticePair", "composed_deltas", "composed_tv", "theorem2_delta", "kov_delta",
           "erasure_mass"]
