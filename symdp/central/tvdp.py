"""The (ε, δ)-DP, η-TV guarantee: its privacy region, composition, subsampling and CLT.

Ghazi–Issa, *Total variation meets differential privacy*:

* Corollary 1: a mechanism is (ε, δ)-DP and η-TV iff its trade-off function is at least
  f_{ε,δ,η}(t) = max{0, 1 − δ − e^ε t, e^{−ε}(1 − δ − t), 1 − η − t}, for
  η ∈ [0, δ + (1 − δ)tanh(ε/2)] (a larger η adds nothing, Remark 1).
* Theorem 2 and Remark 3: k-fold adaptive composition gives exactly the intersection of the
  (jε, δ'_j)-DP regions, j = 0..k (see :func:`symdp.central.composition.composed_deltas`).
* Proposition 1: sampling m of n (p = m/n) maps (ε, δ, η) to (log(1 + p(e^ε − 1)), pδ, pη),
  tightly (Appendix H).
* Theorem 3: the CLT functionals of f_{ε,0,η} and the Gaussian limit G_μ.
* Section VI-D: the DP-SGD pipeline behind Figure 5 (:func:`dpsgd_region`).

A region is held as a list of (ε_i, δ_i) guarantees (:class:`DPRegion`); its trade-off function
is the upper envelope of their lines, exact when every δ_i is.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Callable, Sequence

import sympy
from flint import arb, arb_poly

from .composition import composed_deltas, profile_balls
from ..numerics import params
from ..errors import ParameterError, require
from ..numbers import Real, Value, arb_of, exact, maximum, sign, working_precision
from .pairs import FinitePair, GaussianPair, _finite, dominating, erasure_mass, eta_max
from .pld import arb_power

__all__ = ["TVDP", "DPRegion", "naive_tv_composition", "subsampling_tightness_pair", "clt_functionals",
           "gdp_tradeoff", "clt_mu", "sgd_clt_mu", "certified_composed_deltas", "DPSGDSetting",
           "DPSGD_EXAMPLE", "DPSGDRegion", "dpsgd_region"]


def _largest(values: Sequence[Value]) -> Value:
    """The maximum of exact values (decided exactly) or of certified ones (ball maximum)."""
    best = values[0]
    for v in values[1:]:
        best = maximum(best, v)
    return best


# --------------------------------------------------------------------------------------------
# Regions: intersections of (ε, δ)-DP regions


@dataclass(frozen=True)
class DPRegion:
    """The intersection of the (ε_i, δ_i)-DP privacy regions, i.e. the trade-off function

        f(t) = max{0, max_i [1 − δ_i − e^{ε_i} t], max_i e^{−ε_i}[1 − δ_i − t]}

    (Kairouz–Oh–Viswanath, Theorem 2.1; Ghazi–Issa, Theorem 1 and Remark 3). η-TV is the
    guarantee (0, η). ``guarantees`` holds the pairs (ε_i, δ_i), exact or certified δ_i.
    """

    guarantees: tuple[tuple[sympy.Expr, Value], ...]

    def tradeoff(self, t: object) -> Value:
        """f(t): exact when every δ_i is exact, else a certified :class:`Real`."""
        t = params.probability(t, "t")
        terms: list[Value] = [sympy.Integer(0)]
        for e, d in self.guarantees:
            x = sympy.exp(e)
            terms += [_affine(d, -1, 1 - x * t), _affine(d, -1 / x, (1 - t) / x)]
        return _largest(terms)

    __call__ = tradeoff

    def tv(self) -> Value:
        """The total variation the region implies, 1 − min_t (t + f(t)) =
        min_i δ_i + (1 − δ_i)tanh(ε_i/2): the symmetric convex f meets the diagonal at
        max_i (1 − δ_i)/(1 + e^{ε_i}) (Ghazi–Issa, Remark 1, line by line)."""
        values = [_affine(d, 1 - _tanh_half(e), _tanh_half(e)) for e, d in self.guarantees]
        best = values[0]
        for v in values[1:]:
            best = -maximum(-best, -v)
        return best


def _tanh_half(e: sympy.Expr) -> sympy.Expr:
    """tanh(ε/2) as (e^ε − 1)/(e^ε + 1), rational whenever e^ε is."""
    x = sympy.exp(e)
    return (x - 1) / (x + 1)


def _affine(d: Value, slope: sympy.Expr, offset: sympy.Expr) -> Value:
    """offset + slope·d, keeping exactness (a Real d gives a Real)."""
    if isinstance(d, Real):
        return d * slope + offset
    return sympy.expand(offset + slope * d) if d.is_Rational and offset.is_Rational else offset + slope * d


# --------------------------------------------------------------------------------------------
# The (ε, δ, η) guarantee


@dataclass(frozen=True)
class TVDP:
    """A mechanism that is (ε, δ)-DP and has total variation ≤ η (Ghazi–Issa, Corollary 1).

    ε ≥ 0, δ ∈ [0, 1] and η ∈ [0, δ + (1 − δ)tanh(ε/2)], exact (sympy) numbers. For η ≤ δ the
    (ε, δ) constraints are implied by η-TV = (0, η)-DP and the class is (0, η)-DP.
    """

    eps: sympy.Expr
    delta: sympy.Expr
    eta: sympy.Expr

    def __post_init__(self) -> None:
        e = params.nonnegative(self.eps, "eps")
        d = params.probability(self.delta, "delta")
        n = exact(self.eta, "eta")
        top = eta_max(e, d)
        require(not n.free_symbols and sign(n) >= 0 and sign(n - top) <= 0, "eta",
                f"in [0, delta + (1-delta)tanh(eps/2)] = [0, {top}]", n)
        object.__setattr__(self, "eps", e)
        object.__setattr__(self, "delta", d)
        object.__setattr__(self, "eta", n)

    @property
    def tv_only(self) -> bool:
        """True when η ≤ δ: the class is just (0, η)-DP (Ghazi–Issa, after Corollary 1)."""
        return sign(self.eta - self.delta) <= 0

    def region(self) -> DPRegion:
        """The (ε, δ) and (0, η) constraints of Corollary 1, eqs. (2)–(4)."""
        if self.tv_only:
            return DPRegion(((sympy.Integer(0), self.eta),))
        return DPRegion(((self.eps, self.delta), (sympy.Integer(0), self.eta)))

    def tradeoff(self, t: object) -> Value:
        """f_{ε,δ,η}(t) = max{0, 1 − δ − e^ε t, e^{−ε}(1 − δ − t), 1 − η − t} (Corollary 1)."""
        return self.region().tradeoff(t)

    def region_corners(self) -> list[tuple[sympy.Expr, sympy.Expr]]:
        """The corners of the graph of f_{ε,δ,η}, left to right: (0, 1 − δ), then where the
        ε-line meets the η-line, t = (η − δ)/(e^ε − 1) and its mirror image, then (1 − δ, 0)
        (Corollary 1; the two middle corners coincide at η = δ + (1 − δ)tanh(ε/2)). For η ≤ δ
        the graph is the segment from (0, 1 − η) to (1 − η, 0)."""
        if self.tv_only:
            return [(sympy.Integer(0), 1 - self.eta), (1 - self.eta, sympy.Integer(0))]
        x = sympy.exp(self.eps)
        s = (self.eta - self.delta) / (x - 1)
        middle = [(s, 1 - self.eta - s), (1 - self.eta - s, s)]
        if sign(middle[0][0] - middle[1][0]) == 0:
            middle = middle[:1]
        return [(sympy.Integer(0), 1 - self.delta)] + middle + [(1 - self.delta, sympy.Integer(0))]

    def alpha(self) -> sympy.Expr:
        """The erasure mass α = 1 − (η − δ)(1 + e^ε)/((1 − δ)(e^ε − 1)) (Theorem 2)."""
        if self.tv_only:
            return sympy.Integer(1)
        return erasure_mass(self.eps, self.delta, self.eta)

    def dominating_pair(self) -> FinitePair:
        """The pair that attains the region, ``symdp.dominating(ε, δ, η)`` (eqs. 7, 43–44);
        for η ≤ δ the (0, η) pair ((η, 1 − η, 0), (0, 1 − η, η))."""
        if self.tv_only:
            return dominating(0, self.eta, self.eta)
        return dominating(self.eps, self.delta, self.eta)

    def compose(self, k: int) -> DPRegion:
        """The exact region of k-fold adaptive composition: the (jε, δ'_j)-DP guarantees,
        j = 0..k, δ'_j = 1 − (1 − δ)^k(1 − δ_j) (Theorem 2, eq. (5)); its trade-off function
        f_k(t) = max{0, max_j [1 − δ'_j − e^{jε}t], max_j e^{−jε}[1 − δ'_j − t]} (Remark 3) is
        the ``tradeoff`` of the result. For η ≤ δ: (0, 1 − (1 − η)^k)."""
        k = params.count(k)
        if self.tv_only:
            return DPRegion(((sympy.Integer(0), naive_tv_composition(self.eta, k)),))
        deltas = composed_deltas(self.eps, self.delta, self.eta, k)
        return DPRegion(tuple((j * self.eps, d) for j, d in enumerate(deltas)))

    def composed_tv(self, k: int) -> Value:
        """d_TV after k-fold composition, 1 − (1 − δ)^k(1 − δ_0) (Theorem 2)."""
        return self.compose(k).guarantees[0][1]

    def subsample(self, p: object) -> "TVDP":
        """Sampling m of n records, p = m/n ∈ (0, 1]: (log(1 + p(e^ε − 1)), pδ, pη)
        (Ghazi–Issa, Proposition 1; the (ε, δ) part is Balle–Barthe–Gaboardi's bound for
        sampling without replacement, Steinke, Theorem 29)."""
        q = params.positive_probability(p, "p")
        return TVDP(sympy.log(1 + q * (sympy.exp(self.eps) - 1)), q * self.delta, q * self.eta)


def naive_tv_composition(eta: object, k: int) -> sympy.Expr:
    """1 − (1 − η)^k: k-fold composition of η-TV alone, i.e. (0, η)-DP (Ghazi–Issa, III-B1)."""
    return 1 - (1 - params.probability(eta, "eta")) ** params.count(k)


def subsampling_tightness_pair(eps: object, eta: object, p: object) -> FinitePair:
    """(pP0 + (1 − p)P1, P1) with (P0, P1) the dominating pair of eq. (7): the output laws of
    the subsampled mechanism on neighbours where the differing record is / is not sampled
    (Ghazi–Issa, Appendix H, eqs. (48)–(50)). Its total variation is pη and its largest
    likelihood ratio 1 + p(e^ε − 1), so Proposition 1 is tight."""
    q = params.probability(p, "p")
    base = dominating(eps, 0, eta)
    return _finite([q * a + (1 - q) * b for a, b in zip(base.p, base.q)], base.q)


# --------------------------------------------------------------------------------------------
# Theorem 3: the Gaussian limit


def clt_functionals(eps: object, eta: object) -> tuple[sympy.Expr, sympy.Expr, sympy.Expr]:
    """(kl, κ2, κ3) of f_{ε,0,η} (Ghazi–Issa, Theorem 3 and Appendix G, corrected limit):
    kl = −∫₀¹ log|f'| = εη, κ2 = ∫₀¹ log²|f'| = ηε²(e^ε+1)/(e^ε−1), κ3 = ∫₀¹ |log|f'||³ =
    ηε³(e^ε+1)/(e^ε−1). They are E_P[L], E_P[L²], E_P|L|³ of the privacy loss L of the
    dominating pair (Dong–Roth–Su, Theorem 3.5)."""
    g = TVDP(eps, 0, eta)
    require(sign(g.eps) > 0, "eps", "> 0", g.eps)
    e, n, x = g.eps, g.eta, sympy.exp(g.eps)
    return e * n, n * e ** 2 * (x + 1) / (x - 1), n * e ** 3 * (x + 1) / (x - 1)


def gdp_tradeoff(mu: object, t: object) -> sympy.Expr:
    """G_μ(t) = Φ(Φ⁻¹(1 − t) − μ) (Dong–Roth–Su; Ghazi–Issa, eq. (12)), exact."""
    m = params.nonnegative(mu, "mu")
    return GaussianPair(m).tradeoff(t)


def clt_mu(eps_list: Sequence[object], eta_list: Sequence[object]) -> sympy.Expr:
    """μ = √(2 Σ ε_i η_i): the composition of ε_i-DP, η_i-TV mechanisms tends to G_μ when
    Σ ε_i η_i → μ²/2 and max ε_i → 0 (Ghazi–Issa, Theorem 3)."""
    if len(eps_list) != len(eta_list) or not eps_list:
        raise ParameterError("eps_list and eta_list must be non-empty and of equal length")
    gs = [TVDP(e, 0, n) for e, n in zip(eps_list, eta_list)]
    return sympy.sqrt(2 * sympy.Add(*[g.eps * g.eta for g in gs]))


def sgd_clt_mu(p: object, steps: object, sigma: object) -> sympy.Expr:
    """μ = √2 · p√T · √(e^{σ⁻²}Φ(1.5/σ) + 3Φ(−0.5/σ) − 2): the CLT for noisy SGD with uniform
    subsampling at rate p, T steps and noise multiplier σ (Dong–Roth–Su, *Gaussian DP*,
    Corollary 5.4; the "Asymptotic SGD" curve of Ghazi–Issa, Figure 5). T may be fractional."""
    q, T, s = params.probability(p, "p"), params.positive(steps, "steps"), params.positive(sigma, "sigma")
    phi = lambda z: sympy.erfc(-z / sympy.sqrt(2)) / 2
    inner = sympy.exp(s ** -2) * phi(sympy.Rational(3, 2) / s) + 3 * phi(-sympy.Rational(1, 2) / s) - 2
    return sympy.sqrt(2) * q * sympy.sqrt(T) * sympy.sqrt(inner)


# --------------------------------------------------------------------------------------------
# Theorem 2 in ball arithmetic (large k with transcendental parameters)


def certified_composed_deltas(g: TVDP, k: int, prec: int, with_tv: bool = True) -> list[arb]:
    """Balls containing δ'_0..δ'_k of :meth:`TVDP.compose` (Ghazi–Issa, Theorem 2), at `prec` bits.

    The privacy loss of one step of the δ = 0 dominating pair is +1, 0, −1 (in units of ε)
    with P-probabilities (u e^ε, α, u), u = (η − δ)/((1 − δ)(e^ε − 1)); its k-fold law is the
    trinomial (u e^ε z + α + u z⁻¹)^k (one arb polynomial power), and
    δ_j = Σ_{d>j} P(D = d)(1 − e^{(j−d)ε}) by a running sum from the top, whose terms all lie
    in [0, 1] (no cancellation). ``with_tv=False`` takes η = δ + (1 − δ)tanh(ε/2), α = 0:
    Kairouz–Oh–Viswanath's composition. Needs η ≥ δ and ε > 0.
    """
    if g.tv_only or sign(g.eps) <= 0:
        raise ParameterError("certified_composed_deltas needs eps > 0 and eta > delta")
    with working_precision(prec):
        x = arb_of(sympy.exp(g.eps), prec)
        d = arb_of(g.delta, prec)
        if with_tv:
            u = (arb_of(g.eta, prec) - d) / ((1 - d) * (x - 1))
            alpha = 1 - u * (1 + x)
        else:
            u, alpha = 1 / (1 + x), arb(0)
        law = arb_power(arb_poly([u, alpha, u * x]), k).coeffs()  # law[i] = P(D = i − k)
        keep = (1 - d) ** k
        # The (ε, δ) pair's lattice masses are (1 − δ)^k times the trinomial law, plus
        # P(LR = ∞) = 1 − (1 − δ)^k.
        profile = profile_balls([keep * c for c in law], -k, x)
        return [1 - keep + a for a in profile] + [1 - keep] * (k + 1 - len(profile))


def _unimodal_max(v: Callable[[int], arb], n: int) -> arb:
    """max_{0≤j≤n} v(j) for a sequence that increases then decreases (sign changes of its
    differences: at most one, + to −). The peak is located from midpoints; the result is the
    ball maximum over a window [a, b] with v(a) ≥ v(a−1) and v(b) ≥ v(b+1) *certain* (or an
    end of the range), which by unimodality contains the maximum."""
    lo, hi = 0, n
    while lo < hi:
        mid = (lo + hi) // 2
        if (v(mid + 1) - v(mid)).mid() > 0:
            lo = mid + 1
        else:
            hi = mid
    a = b = lo
    while a > 0 and not v(a) >= v(a - 1):
        a -= 1
    while b < n and not v(b) >= v(b + 1):
        b += 1
    best = v(a)
    for j in range(a + 1, b + 1):
        best = best.max(v(j))
    return best


# --------------------------------------------------------------------------------------------
# DP-SGD (Ghazi–Issa, Section VI-D and Figure 5)


@dataclass(frozen=True)
class DPSGDSetting:
    """Noisy SGD as in Ghazi–Issa, Figure 5 (after Dong–Roth–Su, Section 5): n records, batches
    of m sampled uniformly without replacement, each step μ-GDP before sampling.

    ``steps`` must be an integer: the paper's 15 epochs give 15·60000/256 = 3515.625 steps, so
    the example takes 3516 (the ceiling: at least 15 full epochs, never fewer compositions).
    ``eps_grid``: the per-step, pre-sampling ε ∈ {0.5, 0.6, …, 3.4} of the caption."""

    n: int
    m: int
    epochs: int
    mu: sympy.Expr
    steps: int
    eps_grid: tuple[sympy.Expr, ...]

    @property
    def p(self) -> sympy.Rational:
        return sympy.Rational(self.m, self.n)

    @property
    def nominal_steps(self) -> sympy.Rational:
        """epochs · n / m, which need not be an integer."""
        return sympy.Rational(self.epochs * self.n, self.m)


DPSGD_EXAMPLE = DPSGDSetting(n=60000, m=256, epochs=15, mu=sympy.Rational(10, 13), steps=3516,
                             eps_grid=tuple(sympy.Rational(i, 10) for i in range(5, 35)))


class DPSGDRegion:
    """The composed privacy region of noisy SGD by Ghazi–Issa's pipeline (Section VI-D):

    1. each step is μ-GDP, hence (ε, δ(ε))-DP with δ(ε) = Φ(−ε/μ + μ/2) − e^εΦ(−ε/μ − μ/2)
       (Dong–Roth–Su, Corollary 2.13; eq. (17) corrected) and η-TV with η = 2Φ(μ/2) − 1
       (eq. (16); eq. (18) corrected), for every ε of the grid;
    2. sampling rate p: (ε', δ', η') = (log(1 + p(e^ε − 1)), pδ, pη) (Proposition 1);
    3. ``steps``-fold composition by Theorem 2: (jε', δ'_j)-DP for j = 0..steps;
    4. the intersection over the grid.

    Steps 1–2 are exact sympy values. Step 3 runs in certified ball arithmetic
    (:func:`certified_composed_deltas`): e^{ε'} is transcendental here, and even with rational
    upper bounds of e^ε, δ and η the exact lattice convolution would carry integers of about
    10⁵ digits per coefficient at k = 3516 (8.5 s for one ε at k = 1000, growing like k^2.5).
    ``tradeoff(t)`` is a :class:`Real` enclosing the exact value of the intersected trade-off
    function; its lower endpoint is a certified (conservative) f-DP guarantee.
    ``with_tv=False`` drops the TV information (η = η_max): Kairouz–Oh–Viswanath per ε.
    """

    def __init__(self, mu: object, p: object, steps: int, eps_grid: Sequence[object], with_tv: bool = True):
        m = params.positive(mu, "mu")
        q = params.positive_probability(p, "p")
        self.steps = params.count(steps, "steps")
        if not eps_grid:
            raise ParameterError("eps_grid must be a non-empty list of eps > 0")
        self.eps_grid = tuple(params.positive(e, "eps_grid[i]") for e in eps_grid)
        self.mu, self.p, self.with_tv = m, q, with_tv
        self._cache: dict[int, list[tuple[list[arb], list[arb]]]] = {}

    def __repr__(self) -> str:
        return (f"DPSGDRegion(mu={self.mu}, p={self.p}, steps={self.steps}, "
                f"{len(self.eps_grid)} eps values, with_tv={self.with_tv})")

    @cached_property
    def per_step(self) -> tuple[TVDP, ...]:
        """The sampled per-step guarantees (ε', δ', η'), one per ε of the grid (exact)."""
        gauss = GaussianPair(self.mu)
        eta = gauss.tv()
        return tuple(TVDP(e, gauss.delta(e), eta).subsample(self.p) for e in self.eps_grid)

    def _lines(self, prec: int) -> list[tuple[list[arb], list[arb]]]:
        """Per grid point: (δ'_j balls, e^{jε'} balls), j = 0..steps."""
        if prec not in self._cache:
            out = []
            for g in self.per_step:
                deltas = certified_composed_deltas(g, self.steps, prec, self.with_tv)
                with working_precision(prec):
                    x = arb_of(sympy.exp(g.eps), prec)
                    powers = [arb(1)]
                    for _ in range(self.steps):
                        powers.append(powers[-1] * x)
                out.append((deltas, powers))
            self._cache[prec] = out
        return self._cache[prec]

    def _tradeoff_ball(self, t: sympy.Expr, prec: int) -> arb:
        lines = self._lines(prec)
        with working_precision(prec):
            tb = arb_of(t, prec)
            best = arb(0)
            for deltas, powers in lines:
                # Both families are unimodal in j: E_γ is convex in γ (Ghazi–Issa, eqs. 8–9).
                best = best.max(_unimodal_max(lambda j: 1 - deltas[j] - powers[j] * tb, self.steps))
                best = best.max(_unimodal_max(lambda j: (1 - deltas[j] - tb) / powers[j], self.steps))
            return best

    def tradeoff(self, t: object) -> Real:
        """The intersected composed trade-off function at t (certified)."""
        tt = params.probability(t, "t")
        return Real(lambda prec: self._tradeoff_ball(tt, prec), name=f"{self!r}.tradeoff({tt})")

    def values(self, t_grid: Sequence[object]) -> list[Real]:
        """``tradeoff`` on a grid of type-I errors."""
        return [self.tradeoff(t) for t in t_grid]

    def composed_tvs(self) -> list[Real]:
        """d_TV of the composition for each ε of the grid: δ'_0 (Theorem 2)."""
        return [Real(lambda prec, i=i: self._lines(prec)[i][0][0]) for i in range(len(self.eps_grid))]

    def tv(self) -> Real:
        """The total variation implied by the intersected region (see :meth:`DPRegion.tv`)."""
        def ball(prec: int) -> arb:
            best = None
            for deltas, powers in self._lines(prec):
                for d, x in zip(deltas, powers):
                    v = d + (1 - d) * (x - 1) / (x + 1)
                    best = v if best is None else best.min(v)
            return best
        return Real(ball)


def dpsgd_region(mu_step: object, p: object, steps: int, eps_grid: Sequence[object],
                 with_tv: bool = True) -> DPSGDRegion:
    """Ghazi–Issa's DP-SGD pipeline (Section VI-D, Figure 5): see :class:`DPSGDRegion`.
    ``dpsgd_region(DPSGD_EXAMPLE.mu, DPSGD_EXAMPLE.p, DPSGD_EXAMPLE.steps,
    DPSGD_EXAMPLE.eps_grid)`` is the paper's example with 3516 steps."""
    return DPSGDRegion(mu_step, p, steps, eps_grid, with_tv)
