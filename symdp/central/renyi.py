"""Rényi DP, zero-concentrated DP and Gaussian DP: guarantees and their conversions.

Sources (all logarithms natural):

* Steinke, *Composition of DP & privacy amplification by subsampling* (arXiv:2210.00597):
  Definition 11 (zCDP), Proposition 14 and Remark 15 (zCDP → (ε,δ)), Proposition 16 and
  Lemma 17 (pure DP → zCDP), Definition 30 (RDP), Lemma 33 (properties of Rényi divergence).
* Dong–Roth–Su, *Gaussian differential privacy*, Corollary 2.13 (μ-GDP ⇔ the (ε,δ) curve below).
* Balle–Wang, *Improving the Gaussian mechanism*, Theorem 8 (the analytic Gaussian mechanism);
  the same curve is Steinke's Corollary 8 with ρ = μ²/2.

Every value is exact (sympy) or a certified :class:`~symdp.numbers.Real`.
"""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass
from typing import Callable, Iterator

import sympy
from flint import arb, ctx, fmpq

from ..numerics import params
from ..errors import ParameterError, PrecisionError, require, show
from ..numbers import Real, Value, arb_of, ball_function, exact, from_fmpq, precision_ladder, sign, working_precision
from ..numerics.roots import Root, bracket_increasing, solve_increasing

__all__ = [
    "ZCDP", "GDP", "zcdp", "gdp", "formula_value",
    "zcdp_delta_simple", "zcdp_epsilon_simple", "zcdp_rho_for",
    "gaussian_rdp", "gaussian_zcdp", "pure_dp_to_zcdp", "zcdp_to_rdp", "zcdp_triangle",
    "rdp_triangle_orders", "rdp_mixture_bound", "rdp_to_dp_delta", "rdp_to_dp_epsilon",
    "rdp_to_dp_delta_plain", "rdp_to_dp_epsilon_plain", "rdp_tail_bound",
    "gaussian_delta", "GaussianCalibration", "minimal_gaussian_sigma",
]


# --------------------------------------------------------------------------------------------
# Closed forms over exact or certified inputs


def formula_value(formula: Callable[..., sympy.Expr], *values: object) -> Value:
    """``formula(*values)``: an exact sympy value when every input is exact, else a certified Real.

    `formula` builds a sympy expression from its arguments, so one definition serves the exact
    and the certified route alike (inputs that are :class:`Real` are bound as arb balls).
    """
    if not any(isinstance(v, Real) for v in values):
        return formula(*(exact(v) for v in values))
    symbols = sympy.symbols(f"v0:{len(values)}", real=True)
    compiled = ball_function(formula(*symbols), *symbols)
    return Real(lambda p: compiled(*(arb_of(v, p) for v in values)))


def _upper_rational(value: object, prec: int = 64) -> fmpq:
    """An exact rational ≥ value (the upper endpoint of its ball, rounded outward at `prec` or
    more: sqrt(2 log(1/δ)) at δ = 1 − 10⁻³⁰ is a square root of a ball straddling 0 at 64 bits,
    a non-finite ball with no endpoint)."""
    for bits in precision_ladder(prec, 1 << 14):
        with working_precision(bits):
            ball = arb_of(value, bits)
            if ball.is_finite():
                return ball.upper().fmpq()
    raise PrecisionError(f"cannot bound {show(value, 60)} from above within {1 << 14} bits")


# --------------------------------------------------------------------------------------------
# zCDP


def _zcdp_log_delta(rho: arb, eps: arb, t: arb) -> arb:
    """g(t) = t(t+1)ρ − εt − log(t+1) + t·log(t/(t+1)): the log of Proposition 14's bound at t."""
    return t * (t + 1) * rho - eps * t - (t + 1).log() + t * (t / (t + 1)).log()


def _zcdp_log_delta_slope(rho: arb, eps: arb, t: arb) -> arb:
    """g'(t) = (2t+1)ρ − ε + log(t/(t+1)); g''(t) = 2ρ + 1/t − 1/(t+1) > 0, so g' increases."""
    return (2 * t + 1) * rho - eps + (t / (t + 1)).log()


def _zcdp_epsilon_at(rho: arb, big_l: arb, a: arb) -> arb:
    """h(α) = αρ + (L − log α)/(α−1) + log(1 − 1/α): Proposition 14 solved for ε at t = α − 1."""
    return a * rho + (big_l - a.log()) / (a - 1) + (1 - 1 / a).log()


def _zcdp_epsilon_slope(rho: arb, big_l: arb, a: arb) -> arb:
    """(α−1)²·h'(α) = (α−1)²ρ − L + log α, strictly increasing on α > 1 (derivative 2(α−1)ρ + 1/α)."""
    return (a - 1) ** 2 * rho - big_l + a.log()


@dataclass(frozen=True)
class ZCDP:
    """ρ-zero-concentrated DP: E[e^{tZ}] ≤ e^{t(t+1)ρ} for every t ≥ 0 and every pair of
    neighbours, Z the privacy loss (Steinke, Definition 11); equivalently (α, αρ)-RDP for all
    α > 1 (Steinke, §6.4 after Definition 30).

    ρ = 0 is allowed: it forces Z = 0 almost surely (P = Q), so δ(ε) = 0 and ε(δ) = 0.
    """

    rho: sympy.Expr

    def __post_init__(self) -> None:
        object.__setattr__(self, "rho", params.nonnegative(self.rho, "rho"))

    def rdp(self, alpha: object) -> sympy.Expr:
        """The Rényi DP curve α ↦ αρ (Steinke, Definition 30 and the remark after it)."""
        return zcdp_to_rdp(self.rho, alpha)

    def compose(self, other: "ZCDP") -> "ZCDP":
        """Composition adds ρ (Steinke, Theorem 13; adaptively, Proposition 19)."""
        return ZCDP(self.rho + other.rho)

    def delta(self, eps: object) -> Value:
        """The tight conversion of Steinke, Proposition 14: δ = inf_{t>0} exp(g(t)),
        g(t) = t(t+1)ρ − εt − log(t+1) + t log(t/(t+1)).

        g is strictly convex on t > 0 (g'' = 2ρ + 1/t − 1/(t+1) > 0) and g'(t) → −∞ as t → 0⁺,
        +∞ as t → ∞, so the infimum is attained at the unique root t* of
        g'(t) = (2t+1)ρ − ε + log(t/(t+1)). t* is found by certified bracketing, and δ = exp(g(t*))
        is enclosed by evaluating g on the ball around t*. The proposition states ε ≥ ρ; its first
        part (valid for every ε, t ≥ 0) makes the same formula a valid bound for all ε ≥ 0.
        """
        e = params.nonnegative(eps, "eps")
        if self.rho == 0:
            return sympy.Integer(0)
        t_star = self.optimal_t(e)
        rho = self.rho
        return Real(lambda p: _zcdp_log_delta(arb_of(rho, p), arb_of(e, p), t_star.ball(p + 16)).exp(),
                    name="zcdp_delta")

    def optimal_t(self, eps: object) -> Root:
        """The minimiser t* of Proposition 14's bound (a certified root of g')."""
        e = params.nonnegative(eps, "eps")
        require(self.rho != 0, "rho", "> 0 for an optimal t", self.rho)
        rho = self.rho
        slope = lambda t: _zcdp_log_delta_slope(arb_of(rho, _prec()), arb_of(e, _prec()), t)
        hi = _upper_rational((e + 1) / (2 * rho) + 1)
        with _searching(f"zcdp(rho={show(rho)}).delta({show(e)})"):
            lo, hi = bracket_increasing(slope, 0, fmpq(1, 2), hi, floor=0, name="zcdp epsilon: t*")
            return solve_increasing(slope, 0, lo, hi, name="t*")

    def epsilon(self, delta: object) -> Value:
        """The least ε ≥ 0 with :meth:`delta` (ε) ≤ δ, for δ ∈ (0, 1].

        With α = t + 1 and L = log(1/δ), Proposition 14's bound at t is ≤ δ iff ε ≥ h(α),
        h(α) = αρ + (L − log α)/(α−1) + log(1 − 1/α) (this is also Lemma 33.8's ε form), so
        ε(δ) = max(0, min_{α>1} h(α)). Since (α−1)² h'(α) = (α−1)²ρ + log α − L is strictly
        increasing from −L < 0, h has a unique minimiser α*, found by certified bracketing.
        """
        d = params.positive_probability(delta, "delta")
        if self.rho == 0 or d == 1:
            return sympy.Integer(0)
        alpha_star = self.optimal_alpha(d)
        rho, big_l = self.rho, sympy.log(1 / d)
        return Real(lambda p: _zcdp_epsilon_at(arb_of(rho, p), arb_of(big_l, p), alpha_star.ball(p + 16)).max(arb(0)),
                    name="zcdp_epsilon")

    def optimal_alpha(self, delta: object) -> Root:
        """The order α* = t* + 1 at which Proposition 14 gives the least ε for this δ."""
        d = params.open_probability(delta, "delta")
        rho, big_l = self.rho, sympy.log(1 / d)
        slope = lambda a: _zcdp_epsilon_slope(arb_of(rho, _prec()), arb_of(big_l, _prec()), a)
        hi = _upper_rational(1 + sympy.sqrt(big_l / rho) + 1)
        with _searching(f"zcdp(rho={show(rho)}).epsilon({show(d)})"):
            lo, hi = bracket_increasing(slope, 0, fmpq(3, 2), hi, floor=1, name="zcdp epsilon: alpha*")
            return solve_increasing(slope, 0, lo, hi, name="alpha*")


def _prec() -> int:
    """The ambient working precision, set by the root finder through `working_precision`."""
    return ctx.prec


def zcdp(rho: object) -> ZCDP:
    """ρ-zCDP (Steinke, Definition 11); see :class:`ZCDP`."""
    return ZCDP(rho)


def zcdp_delta_simple(rho: object, eps: object) -> sympy.Expr:
    """δ = exp(−(ε−ρ)²/(4ρ)) for ε ≥ ρ: the simple bound of Steinke, Proposition 14 / Remark 15."""
    r, e = params.positive(rho, "rho"), exact(eps, "eps")
    require(sign(e - r) >= 0, "eps", f"≥ rho = {r}", e)
    return sympy.exp(-(e - r) ** 2 / (4 * r))


def zcdp_epsilon_simple(rho: object, delta: object) -> sympy.Expr:
    """ε = ρ + 2√(ρ log(1/δ)): Steinke, Remark 15 (printed "for all δ > 0"; meaningful for δ ∈ (0, 1])."""
    r, d = params.nonnegative(rho, "rho"), params.positive_probability(delta, "delta")
    return r + 2 * sympy.sqrt(r * sympy.log(1 / d))


def zcdp_rho_for(eps: object, delta: object) -> sympy.Expr:
    """ρ = (√(log(1/δ) + ε) − √log(1/δ))², which suffices for (ε, δ)-DP by Remark 15; it lies in
    [ε²/(4 log(1/δ) + 4ε), ε²/(4 log(1/δ))] (Steinke, Remark 15)."""
    e, d = params.nonnegative(eps, "eps"), params.open_probability(delta, "delta")
    big_l = sympy.log(1 / d)
    return (sympy.sqrt(big_l + e) - sympy.sqrt(big_l)) ** 2


# --------------------------------------------------------------------------------------------
# Rényi DP conversions (Steinke, Lemma 33)


def gaussian_rdp(alpha: object, sigma: object, sensitivity: object = 1) -> sympy.Expr:
    """D_α(N(μ,σ²) ‖ N(μ',σ²)) = αΔ²/(2σ²) with Δ = |μ − μ'| (Steinke, Lemma 33.4; Lemma 12)."""
    a = params.at_least(alpha, "alpha", 1)
    s, d = params.positive(sigma, "sigma"), params.nonnegative(sensitivity, "sensitivity")
    return a * d ** 2 / (2 * s ** 2)


def gaussian_zcdp(sigma: object, sensitivity: object = 1) -> ZCDP:
    """The Gaussian mechanism is Δ²/(2σ²)-zCDP (Steinke, Lemma 12)."""
    s, d = params.positive(sigma, "sigma"), params.nonnegative(sensitivity, "sensitivity")
    return ZCDP(d ** 2 / (2 * s ** 2))


def pure_dp_to_zcdp(eps: object, eps_reverse: object | None = None) -> ZCDP:
    """ε-DP ⇒ ρ-zCDP with ρ = (ε₁ + ε₂)²/8, where ε₁ = D_∞(P‖Q), ε₂ = D_∞(Q‖P)
    (Steinke, Lemma 33.5, via Hoeffding's lemma, Lemma 17). With ε₂ = ε₁ = ε this is
    Proposition 16's ε²/2; the chapter gives no tighter form."""
    e1 = params.nonnegative(eps, "eps")
    e2 = e1 if eps_reverse is None else params.nonnegative(eps_reverse, "eps_reverse")
    return ZCDP((e1 + e2) ** 2 / 8)


def zcdp_to_rdp(rho: object, alpha: object) -> sympy.Expr:
    """ρ-zCDP ⇔ (α, αρ)-RDP for all α > 1 (Steinke, §6.4, after Definition 30)."""
    return params.nonnegative(rho, "rho") * params.above(alpha, "alpha", 1)


def zcdp_triangle(rho1: object, rho2: object) -> sympy.Expr:
    """D_α(P‖R) ≤ (√ρ₁ + √ρ₂)² α when D_α(P‖Q) ≤ ρ₁α and D_α(Q‖R) ≤ ρ₂α for all α
    (Steinke, Lemma 33.7, group privacy; tight for Gaussians)."""
    r1, r2 = params.nonnegative(rho1, "rho1"), params.nonnegative(rho2, "rho2")
    return (sympy.sqrt(r1) + sympy.sqrt(r2)) ** 2


def rdp_triangle_orders(alpha: object, alpha_prime: object) -> tuple[sympy.Expr, sympy.Expr]:
    """For 1 < α < α': D_α(P‖R) ≤ c · D_β(P‖Q) + D_α'(Q‖R) with (c, β) returned,
    c = α'/(α'−1), β = α(α'−1)/(α'−α) (Steinke, Lemma 33.7, Hölder with p = (α'−1)/(α'−α))."""
    a, ap = params.above(alpha, "alpha", 1), params.above(alpha_prime, "alpha_prime", 1)
    require(sign(ap - a) > 0, "alpha_prime", f"> alpha = {a}", ap)
    return ap / (ap - 1), a * (ap - 1) / (ap - a)


def rdp_mixture_bound(alpha: object, s: object, d0: object, d1: object) -> Value:
    """D_α((1−s)P + sP' ‖ (1−s)Q + sQ') ≤ (1/(α−1)) log((1−s)e^{(α−1)d₀} + s e^{(α−1)d₁}) where
    d₀ ≥ D_α(P‖Q), d₁ ≥ D_α(P'‖Q') (Steinke, Lemma 33.6, quasi-convexity)."""
    a = params.above(alpha, "alpha", 1)
    w = params.probability(s, "s")
    return formula_value(lambda x0, x1: sympy.log((1 - w) * sympy.exp((a - 1) * x0) + w * sympy.exp((a - 1) * x1)) / (a - 1),
                         d0, d1)


def rdp_to_dp_delta(alpha: object, rdp_eps: object, eps: object) -> Value:
    """δ = e^{−(α−1)(ε − D)} · (1/α)(1 − 1/α)^{α−1} for ε ≥ D ≥ D_α(P‖Q) (Steinke, Lemma 33.8;
    Proposition 14 with t = α − 1)."""
    a = params.above(alpha, "alpha", 1)
    _check_above(eps, rdp_eps)
    return formula_value(lambda d, e: sympy.exp(-(a - 1) * (e - d)) / a * (1 - 1 / a) ** (a - 1), rdp_eps, eps)


def rdp_to_dp_delta_plain(alpha: object, rdp_eps: object, eps: object) -> Value:
    """δ = e^{−(α−1)(ε − D)}: the weaker right-hand form of Steinke, Lemma 33.8."""
    a = params.above(alpha, "alpha", 1)
    _check_above(eps, rdp_eps)
    return formula_value(lambda d, e: sympy.exp(-(a - 1) * (e - d)), rdp_eps, eps)


def rdp_to_dp_epsilon(alpha: object, rdp_eps: object, delta: object) -> Value:
    """ε = D + (log(1/δ) − log α)/(α−1) + log(1 − 1/α): Lemma 33.8 solved for ε (the form used by
    TF-Privacy, Opacus and dp_accounting). Valid when the result is ≥ D, i.e. whenever
    δ ≤ (1/α)(1 − 1/α)^{α−1}; otherwise (ε = D, δ) already holds and D is returned."""
    a, d = params.above(alpha, "alpha", 1), params.open_probability(delta, "delta")
    return formula_value(lambda x: x + sympy.Max(0, (sympy.log(1 / d) - sympy.log(a)) / (a - 1) + sympy.log(1 - 1 / a)),
                         rdp_eps)


def rdp_to_dp_epsilon_plain(alpha: object, rdp_eps: object, delta: object) -> Value:
    """ε = D + log(1/δ)/(α−1): the plain RDP → DP conversion (Lemma 33.8's weaker form; Definition 30's tail bound)."""
    a, d = params.above(alpha, "alpha", 1), params.open_probability(delta, "delta")
    return formula_value(lambda x: x + sympy.log(1 / d) / (a - 1), rdp_eps)


def rdp_tail_bound(alpha: object, rdp_eps: object, eps: object) -> Value:
    """P[Z > ε̃] ≤ e^{−(α−1)(ε̃ − ε)} under (α, ε)-RDP (Steinke, §6.4, by Markov's inequality)."""
    a = params.above(alpha, "alpha", 1)
    return formula_value(lambda d, e: sympy.exp(-(a - 1) * (e - d)), rdp_eps, eps)


def _check_above(eps: object, rdp_eps: object) -> None:
    if isinstance(eps, Real) or isinstance(rdp_eps, Real):
        return
    e, d = exact(eps, "eps"), exact(rdp_eps, "rdp_eps")
    require(sign(e - d) >= 0, "eps", f"≥ the Rényi divergence {d}", e)


# --------------------------------------------------------------------------------------------
# Gaussian DP and the analytic Gaussian mechanism


def _phi(x: arb) -> arb:
    """Φ(x) = erfc(−x/√2)/2, with no 1 − erf cancellation."""
    return (-x / arb(2).sqrt()).erfc() / 2


def _gdp_delta_ball(mu: arb, eps: arb) -> arb:
    """δ_μ(ε) = Φ(−ε/μ + μ/2) − e^ε Φ(−ε/μ − μ/2) (Dong–Roth–Su, Corollary 2.13)."""
    return _phi(-eps / mu + mu / 2) - eps.exp() * _phi(-eps / mu - mu / 2)


def _gdp_delta_expr(mu: sympy.Expr, eps: sympy.Expr) -> sympy.Expr:
    phi = lambda x: sympy.erfc(-x / sympy.sqrt(2)) / 2
    return phi(-eps / mu + mu / 2) - sympy.exp(eps) * phi(-eps / mu - mu / 2)


@dataclass(frozen=True)
class GDP:
    """μ-Gaussian DP (Dong–Roth–Su, Definition 2.6): the trade-off curve of N(0,1) vs N(μ,1).

    Its (ε, δ) curve is δ(ε) = Φ(−ε/μ + μ/2) − e^ε Φ(−ε/μ − μ/2) (Corollary 2.13), which is
    Steinke's Corollary 8 with ρ = μ²/2. μ = 0 is allowed (P = Q, so δ ≡ 0 and ε(δ) = 0).
    """

    mu: sympy.Expr

    def __post_init__(self) -> None:
        object.__setattr__(self, "mu", params.nonnegative(self.mu, "mu"))

    def compose(self, other: "GDP") -> "GDP":
        """μ₁-GDP ∘ μ₂-GDP is √(μ₁² + μ₂²)-GDP (Dong–Roth–Su, Corollary 3.3)."""
        return GDP(sympy.sqrt(self.mu ** 2 + other.mu ** 2))

    def to_zcdp(self) -> ZCDP:
        """μ-GDP ⇒ μ²/2-zCDP (the Gaussian pair has D_α = αμ²/2, Steinke Lemma 33.4)."""
        return ZCDP(self.mu ** 2 / 2)

    def delta(self, eps: object) -> Value:
        """δ(ε), as a certified Real carrying the closed form in ``.exact``.

        ∂δ/∂ε = −e^ε Φ(−ε/μ − μ/2) < 0 and ∂δ/∂μ = φ(−ε/μ + μ/2) > 0 (using
        e^ε φ(−ε/μ − μ/2) = φ(−ε/μ + μ/2)), so δ decreases in ε and increases in μ.
        """
        e = params.nonnegative(eps, "eps")
        if self.mu == 0:
            return sympy.Integer(0)
        mu = self.mu
        return Real(lambda p: _gdp_delta_ball(arb_of(mu, p), arb_of(e, p)), exact=_gdp_delta_expr(mu, e),
                    name="gdp_delta")

    def epsilon(self, delta: object) -> Value:
        """The least ε ≥ 0 with δ(ε) ≤ δ: a certified root of the increasing ε ↦ −log δ(ε)."""
        d = params.positive_probability(delta, "delta")
        if self.mu == 0:
            return sympy.Integer(0)
        mu = self.mu
        f = lambda e: -_gdp_delta_ball(arb_of(mu, _prec()), e).log()
        target = -sympy.log(d)
        for prec in precision_ladder(64, 1 << 14):  # δ(0) = erf(μ/(2√2)) cancels ~log2(1/μ) bits
            with working_precision(prec):
                at_zero = -_gdp_delta_ball(arb_of(mu, prec), arb(0)).log() - arb_of(target, prec)
            if at_zero >= 0:
                return sympy.Integer(0)
            if at_zero < 0:
                break
        hi = _upper_rational(mu * (mu / 2 + 2 + sympy.sqrt(2 * sympy.log(1 / d))) + 1)
        with _searching(f"gdp(mu={show(mu)}).epsilon({show(d)})"):
            _, hi = bracket_increasing(f, target, 0, hi, floor=-1, name="gdp_epsilon")
            return solve_increasing(f, target, 0, hi, name="gdp_epsilon")


@contextmanager
def _searching(what: str) -> Iterator[None]:
    """Report a failed certified search as a statement about the call, not about brackets."""
    try:
        yield
    except (ParameterError, PrecisionError):
        raise PrecisionError(f"{what} could not be certified: the certified search for the optimum failed at "
                             "these parameters (too extreme for the precision limit)") from None


def gdp(mu: object) -> GDP:
    """μ-GDP (Dong–Roth–Su); see :class:`GDP`."""
    return GDP(mu)


def gaussian_delta(eps: object, sigma: object, sensitivity: object = 1) -> Value:
    """The exact δ(ε) of the Gaussian mechanism N(q(x), σ²) with sensitivity Δ: Steinke,
    Corollary 8 (Balle–Wang, Theorem 8): Φ(Δ/(2σ) − εσ/Δ) − e^ε Φ(−Δ/(2σ) − εσ/Δ)."""
    s, d = params.positive(sigma, "sigma"), params.nonnegative(sensitivity, "sensitivity")
    return GDP(d / s).delta(eps)


@dataclass(frozen=True)
class GaussianCalibration:
    """The least σ with δ_Gaussian(ε; σ) ≤ δ, certified (`sigma`), with an exact rational
    `sigma_upper` ≥ σ* for which δ(ε; sigma_upper) ≤ δ has been decided with arb."""

    sigma: Real
    sigma_upper: sympy.Rational
    mu: Root


def minimal_gaussian_sigma(eps: object, delta: object, sensitivity: object = 1, digits: int = 30) -> GaussianCalibration:
    """The analytic Gaussian mechanism (Balle–Wang, Theorem 8 / Algorithm 1; Steinke, Corollary 8).

    δ(ε; μ) with μ = Δ/σ is strictly increasing in μ (see :meth:`GDP.delta`), continuous, → 0 as
    μ → 0 and → 1 as μ → ∞, so for δ ∈ (0, 1) there is a unique μ* with δ(ε; μ*) = δ and
    σ* = Δ/μ*. μ* is a certified root of log δ(ε; μ) = log δ. `sigma_upper` rounds Δ/a up to
    `digits` significant digits, where a < μ* is the root's certified lower bracket end, and the
    inequality δ(ε; sigma_upper) ≤ δ is then re-decided directly.
    """
    e = params.nonnegative(eps, "eps")
    d = params.open_probability(delta, "delta")
    big_d = params.positive(sensitivity, "sensitivity")
    log_delta = lambda mu: _gdp_delta_ball(mu, arb_of(e, _prec())).log()
    target = sympy.log(d)
    what = f"minimal_gaussian_sigma(eps={show(e, 30)}, delta={show(d, 30)}): mu = sensitivity/sigma"
    lo, hi = bracket_increasing(log_delta, target, 1, 2, floor=0, name=what)
    mu_star = solve_increasing(log_delta, target, lo, hi, name="mu*")
    a, _ = mu_star.bracket(int(digits * 3.33) + 16)
    upper = _round_up(_upper_rational(big_d / from_fmpq(a), int(digits * 3.33) + 64), digits)
    with working_precision(int(digits * 3.33) + 64):
        check = _gdp_delta_ball(arb_of(big_d / upper, int(digits * 3.33) + 64), arb_of(e, int(digits * 3.33) + 64)) - arb_of(d, int(digits * 3.33) + 64)
    if not check <= 0:
        raise ParameterError(f"digits = {digits}: δ(sigma_upper) ≤ delta is not certified with sigma_upper rounded up to "
                             f"{digits} digits (delta = {show(d, 30)} is too close to 1 for it); ask for more digits")
    sigma = Real(lambda p: arb_of(big_d, p) / mu_star.ball(p), name="sigma*")
    return GaussianCalibration(sigma=sigma, sigma_upper=upper, mu=mu_star)


def _round_up(x: fmpq, digits: int) -> sympy.Rational:
    """The least decimal with `digits` significant digits that is ≥ x > 0."""
    r = from_fmpq(x)
    e = sympy.floor(sympy.log(r, 10)) - digits + 1
    unit = sympy.Integer(10) ** e
    return sympy.ceiling(r / unit) * unit
