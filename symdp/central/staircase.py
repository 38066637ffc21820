"""The staircase mechanism (Geng–Kairouz–Oh–Viswanath) as a pair, and why it is a finite pair.

Ghazi–Issa, *Total variation meets differential privacy*, Section VI-C and Appendix K: the noise
density with sensitivity Δ, privacy ε > 0 and shape γ ∈ [0, 1] is

    f_γ(x) = a(γ)                  for x ∈ [0, γΔ),
             e^{−ε} a(γ)           for x ∈ [γΔ, Δ),
             e^{−kε} f_γ(x − kΔ)   for x ∈ [kΔ, (k+1)Δ), k ∈ ℕ,
             f_γ(−x)               for x < 0,

    a(γ) = (1 − e^{−ε}) / (2Δ(γ + e^{−ε}(1 − γ))),

and the pair is P = f_γ against Q = f_γ(· − Δ). The paper writes γ ∈ ℝ⁺; the density is only
defined (and integrates to 1) for γ ∈ [0, 1], which is what this module accepts.

Likelihood ratio. Write f_γ(x) = a e^{−ε L(x/Δ)}, where L(y) counts the points k + γ (k ≥ 0) in
[0, y] for y ≥ 0 and L(y) = L(−y) for y < 0. Then dP/dQ(x) = e^{ε(L(x/Δ − 1) − L(x/Δ))} and the
exponent is +1 on (−∞, mΔ), 0 on [mΔ, MΔ) and −1 on [MΔ, ∞), with m = min(γ, 1−γ) and
M = max(γ, 1−γ). So the likelihood ratio takes only the values e^{ε}, 1, e^{−ε}: the pair is
Blackwell-equivalent to the three-point pair of the masses of these three sets
(:meth:`StaircasePair.as_finite_pair`), and every f-divergence, hockey-stick divergence and the
trade-off function, which depend only on the law of the likelihood ratio, are computed exactly
from it. That three-point pair *is* the dominating pair of eq. (7) with η = d_TV (Appendix K2):
the staircase attains the whole (ε, 0)-DP, η-TV region of Corollary 1.
"""

from __future__ import annotations

from functools import cached_property

import sympy

from ..numerics import params
from ..errors import ParameterError, require
from ..numbers import Value, exact, sign, simplify
from .pairs import FinitePair, Pair, _finite, dominating

__all__ = ["StaircasePair", "staircase", "staircase_tv", "staircase_gamma_for_alpha"]


def _shape(value: object) -> sympy.Expr:
    g = params.sized(value, "gamma")
    if g.free_symbols:
        raise ParameterError(f"gamma must be a number in [0, 1], got the symbolic {g}")
    require(sign(g) >= 0 and sign(g - 1) <= 0, "gamma",
            "in [0, 1] (the staircase density is undefined for gamma > 1)", g)
    return g


def staircase_tv(eps: object, gamma: object) -> sympy.Expr:
    """d_TV of the staircase pair (Ghazi–Issa, Section VI-C and Appendix K1, Δ = 1):

        (1 − e^{−ε})(2γ(1 − e^{−ε}) + e^{−ε}) / (2(γ + e^{−ε}(1 − γ)))   for γ ∈ [0, 1/2),
        (1 − e^{−ε}) / (2(γ + e^{−ε}(1 − γ))) = a(γ)Δ                    for γ ∈ [1/2, 1].

    A symbolic γ gives the sympy ``Piecewise``. The value does not depend on Δ."""
    e = params.positive(eps, "eps", symbolic=True)
    g = exact(gamma, "gamma")
    r = sympy.exp(-e)
    c = 1 - r
    low = c * (2 * g * c + r) / (2 * (g + r * (1 - g)))
    high = c / (2 * (g + r * (1 - g)))
    if g.free_symbols:
        return sympy.Piecewise((low, g < sympy.Rational(1, 2)), (high, True))
    _shape(g)
    return low if sign(g - sympy.Rational(1, 2)) < 0 else high


class StaircasePair(Pair):
    """P = staircase density f_γ, Q = f_γ(· − Δ) (see the module docstring for f_γ).

    Functionals come from the exact three-point pair of likelihood-ratio level sets
    (:meth:`as_finite_pair`), except ``tv`` which is the paper's closed form (Appendix K1); the
    two agree (``tests/test_staircase.py``). The pair is symmetric: x ↦ Δ − x maps (P, Q) to (Q, P).
    """

    symmetric = True

    def __init__(self, eps: sympy.Expr, gamma: sympy.Expr, sensitivity: sympy.Expr):
        self.eps, self.gamma, self.sensitivity = eps, gamma, sensitivity

    def __repr__(self) -> str:
        return f"staircase(eps={self.eps}, gamma={self.gamma}, sensitivity={self.sensitivity})"

    # ---- the density, piece by piece

    @cached_property
    def height(self) -> sympy.Expr:
        """a(γ) = (1 − e^{−ε}) / (2Δ(γ + e^{−ε}(1 − γ))), the density on [0, γΔ)."""
        r = sympy.exp(-self.eps)
        return (1 - r) / (2 * self.sensitivity * (self.gamma + r * (1 - self.gamma)))

    def density(self, x: object) -> sympy.Expr:
        """f_γ(x) at an exact point x."""
        y = abs(exact(x, "x")) / self.sensitivity
        k = sympy.floor(y)
        level = k if sign(y - k - self.gamma) < 0 else k + 1
        return self.height * sympy.exp(-level * self.eps)

    def _cell_mass(self, lo: sympy.Expr, hi: sympy.Expr) -> sympy.Expr:
        """∫ f_γ over [loΔ, hiΔ) for 0 ≤ lo ≤ hi ≤ 1: the two constant pieces of the first step."""
        g, r = self.gamma, sympy.exp(-self.eps)
        top = _clip(hi, g, upper=True) - _clip(lo, g, upper=True)
        bottom = _clip(hi, g, upper=False) - _clip(lo, g, upper=False)
        return self.height * self.sensitivity * (top + r * bottom)

    @cached_property
    def _half(self) -> sympy.Expr:
        """∫_0^∞ f_γ = Σ_k e^{−kε} ∫_0^Δ f_γ (a geometric series; equals 1/2)."""
        return self._cell_mass(sympy.Integer(0), sympy.Integer(1)) / (1 - sympy.exp(-self.eps))

    @cached_property
    def _finite(self) -> FinitePair:
        one, half, r = sympy.Integer(1), self._half, sympy.exp(-self.eps)
        low_half = sign(self.gamma - sympy.Rational(1, 2)) <= 0
        m = self.gamma if low_half else 1 - self.gamma
        big = 1 - m
        cell = self._cell_mass
        # P of (−∞, mΔ), [mΔ, MΔ), [MΔ, ∞); Q(A) = P(A − Δ), and P is symmetric about 0.
        p = (half + cell(0, m), cell(m, big), cell(big, one) + r * half)
        q = (r * half + cell(1 - m, one), cell(1 - big, 1 - m), cell(0, 1 - big) + half)
        p, q = tuple(map(_tidy, p)), tuple(map(_tidy, q))
        keep = [i for i in range(3) if p[i] != 0 or q[i] != 0]
        return _finite([p[i] for i in keep], [q[i] for i in keep])

    def as_finite_pair(self) -> FinitePair:
        """The exact pair of masses (P(A), Q(A)) of the level sets A = {dP/dQ = e^ε}, {= 1},
        {= e^{−ε}}, in this order (a zero-mass middle set, at γ = 1/2, is dropped).

        Blackwell-equivalent to the staircase pair: each level set has a constant likelihood
        ratio, so the map x ↦ (its level set) is a sufficient statistic."""
        return self._finite

    def dominating(self) -> FinitePair:
        """``dominating(ε, 0, d_TV)``: Ghazi–Issa, Appendix K2 states that the staircase with
        total variation η attains exactly the (ε, 0)-DP, η-TV region of Corollary 1; here
        :meth:`as_finite_pair` equals this pair atom by atom."""
        return dominating(self.eps, 0, self.tv())

    # ---- functionals

    def reverse(self) -> "StaircasePair":
        return self

    def hockey_stick(self, gamma: object) -> Value:
        return self._finite.hockey_stick(gamma)

    def epsilon(self, delta: object) -> Value:
        return self._finite.epsilon(delta)

    def tv(self) -> Value:
        """Ghazi–Issa's closed form, Section VI-C (see :func:`staircase_tv`)."""
        return staircase_tv(self.eps, self.gamma)

    def kl(self) -> Value:
        return self._finite.kl()

    def chi2(self) -> Value:
        return self._finite.chi2()

    def renyi(self, alpha: object) -> Value:
        return self._finite.renyi(alpha)

    def tradeoff(self, alpha: object) -> Value:
        return self._finite.tradeoff(alpha)

    def compose(self, other: Pair) -> Pair:
        other = other.as_finite_pair() if isinstance(other, StaircasePair) else other
        return self._finite.compose(other)

    def _power(self, k: int) -> Pair:
        return self._finite ** k

    def subsample(self, q: object) -> FinitePair:
        return self._finite.subsample(q)


def _clip(v: sympy.Expr, g: sympy.Expr, upper: bool) -> sympy.Expr:
    """min(v, g) (upper) or max(v, g), decided exactly."""
    below = sign(v - g) <= 0
    return (v if below else g) if upper else (g if below else v)


def _tidy(v: sympy.Expr) -> sympy.Expr:
    return simplify(v, lambda e: sympy.factor(sympy.simplify(e)))


def staircase(eps: object, gamma: object, sensitivity: object = 1) -> StaircasePair:
    """The staircase mechanism's pair: f_γ against f_γ(· − Δ), ε > 0, γ ∈ [0, 1], Δ > 0
    (Geng–Kairouz–Oh–Viswanath; Ghazi–Issa, Section VI-C)."""
    e = params.positive(eps, "eps", symbolic=True)
    g = _shape(gamma)
    d = params.positive(sensitivity, "sensitivity")
    return StaircasePair(e, g, d)


def staircase_gamma_for_alpha(eps: object, alpha: object) -> tuple[sympy.Expr, sympy.Expr]:
    """The two shapes γ ≤ 1/2 ≤ γ' whose staircase has the erasure mass α of the dominating
    pair, i.e. d_TV = η = (1 − α)tanh(ε/2) (Ghazi–Issa, Section VI-C). Solving the two branches
    of :func:`staircase_tv` (each a Möbius function of γ), with c = 1 − e^{−ε}:

        γ  = e^{−ε}(2η − c) / (2c(c − η)),      γ' = (c/(2η) − e^{−ε}) / c.

    Exact sympy values (certify them for decimals). The staircase reaches only
    α ∈ [0, (1 − e^{−ε})/2]: γ = 0 and γ = 1 give the smallest total variation, c/2."""
    e = params.positive(eps, "eps", symbolic=True)
    a = exact(alpha, "alpha")
    r = sympy.exp(-e)
    c = 1 - r
    require(not a.free_symbols and sign(a) >= 0 and sign(a - c / 2) <= 0, "alpha",
            "in [0, (1 - exp(-eps))/2] (the staircase's reachable erasure masses)", a)
    eta = (1 - a) * (1 - sympy.exp(-e)) / (1 + sympy.exp(-e))
    low = r * (2 * eta - c) / (2 * c * (c - eta))
    high = (c / (2 * eta) - r) / c
    return _tidy(low), _tidy(high)
