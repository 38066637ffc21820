"""Rényi DP of Poisson subsampling (add/remove neighbours), centred on the subsampled Gaussian.

Sources: Steinke, *Composition of DP & privacy amplification by subsampling* (arXiv:2210.00597),
Theorem 34 (exact amplification at integer orders), Theorem 35 (the reverse direction from the
forward one), Theorem 38 (asymptotic O(p²ρ) amplification), Propositions 41 and 42 (analytic
bounds); Mironov–Talwar–Zhang, *Rényi DP of the sampled Gaussian mechanism* (the same integer-order
sum, and the integral that defines fractional orders).

Conventions. P, Q are the mechanism's laws with and without the person; with rate p the
subsampled pair is (pP + (1−p)Q, Q). The *forward* divergence is D_α(pP + (1−p)Q ‖ Q) and the
*reverse* one D_α(Q ‖ pP + (1−p)Q). For the Gaussian, P = N(Δ, σ²) and Q = N(0, σ²); only
μ = Δ/σ matters. A *moment* is e^{(α−1)D_α} = E_Q[(P/Q)^α].
"""

from __future__ import annotations

import math
from typing import Callable, Literal

import sympy
from flint import acb, arb, fmpq, fmpz

from .. import limits
from ..numerics import params
from ..errors import require
from ..numerics.integration import integral
from ..numbers import Real, Value, arb_of, exact, from_fmpq, is_rational, sign, to_fmpq, working_precision
from .renyi import formula_value

__all__ = [
    "theorem34_moment", "theorem34_rdp", "subsampled_gaussian_moment", "subsampled_gaussian_rdp",
    "theorem35_lambda", "theorem35_bound", "theorem38_omega", "theorem38_bound",
    "proposition41_bound", "proposition41_zcdp_bound", "proposition41_optimal_omega",
    "proposition42_bound", "subsampling_lower_bound",
]

Direction = Literal["forward", "reverse"]
#: A moment function k ↦ E_Q[(P/Q)^k] = e^{(k−1)ε(k)}, exact or certified (sympy.oo allowed).
Moments = Callable[[int], object]


def _integer_order(alpha: object) -> int:
    """An integer order α ≥ 2 whose α + 1 binomial terms fit the limit ``composition_terms``
    (checked before any term is computed: α = 10⁹ once ran for minutes)."""
    a = params.count(exact(alpha, "alpha"), "alpha", 2)
    limits.check("composition_terms", a + 1, f"alpha = {a} (the binomial sum of Theorem 34 at an integer order alpha "
                                             "has alpha + 1 terms)")
    return a


# --------------------------------------------------------------------------------------------
# Theorem 34: the binomial expansion at integer orders


def _binomial_moment_ball(alpha: int, p: object, log_moment: Callable[[int], arb], prec: int) -> arb:
    """Σ_{k=0}^{α} C(α,k)(1−p)^{α−k} p^k M_k with M_0 = M_1 = 1, every term positive, summed
    in log space (terms reach e^{(α²−α)/2σ²} for the Gaussian)."""
    q = arb_of(p, prec)
    if q == 0:
        return arb(1)
    if q == 1:
        return log_moment(alpha).exp()
    log_q, log_rest = q.log(), (1 - q).log()
    # log C(α, k) through log Γ: the exact binomial has up to α bits (α = 10⁵ took 20 s).
    log_top = arb(alpha + 1).lgamma()
    total = arb(0)
    for k in range(alpha + 1):
        if k % 1024 == 0:
            limits.report(k, alpha + 1)
        log_term = log_top - arb(k + 1).lgamma() - arb(alpha - k + 1).lgamma() + (alpha - k) * log_rest + k * log_q
        if k >= 2:
            log_term += log_moment(k)
        total += log_term.exp()
    return total


def theorem34_moment(alpha: object, p: object, moments: Moments) -> Value:
    """e^{(α−1)ε'_p(α)} = (1−p)^{α−1}(1 + (α−1)p) + Σ_{k=2}^{α} C(α,k)(1−p)^{α−k} p^k M_k
    (Steinke, Theorem 34), M_k = e^{(k−1)ε(k)} a bound on E_Q[(P/Q)^k] (equality makes it exact).

    Exact (a sympy Rational) when p and every M_k are rational, ∞ when some M_k is, else a
    certified Real. The bound covers the forward direction always, and the reverse one when
    ε(k) bounds D_k(Q‖P) too (Theorem 35).
    """
    a = _integer_order(alpha)
    q = params.rate(p, "p")
    ms = {k: (m if isinstance(m, Real) else exact(m, f"moment {k}")) for k in range(2, a + 1) for m in [moments(k)]}
    if any(m == sympy.oo for m in ms.values() if not isinstance(m, Real)):
        return sympy.oo
    if is_rational(q) and all(not isinstance(m, Real) and is_rational(m) for m in ms.values()):
        fq = to_fmpq(q)
        total = (1 - fq) ** (a - 1) * (1 + (a - 1) * fq)
        for k, m in ms.items():
            total += fmpz.bin_uiui(a, k) * (1 - fq) ** (a - k) * fq ** k * to_fmpq(m)
        return from_fmpq(total)
    return Real(lambda prec: _binomial_moment_ball(a, q, lambda k: arb_of(ms[k], prec).log(), prec),
                name="theorem34_moment")


def theorem34_rdp(alpha: object, p: object, eps: Callable[[int], object]) -> Value:
    """ε'_p(α) = log(theorem34_moment)/(α−1) with M_k = e^{(k−1)ε(k)} (Steinke, Theorem 34).
    Non-integer α: Theorem 34 at ⌈α⌉ is a bound by monotonicity (Lemma 33.3); call it there."""
    a = _integer_order(alpha)

    def moment(k: int) -> object:
        e = eps(k)
        if isinstance(e, Real):
            return Real(lambda prec: ((k - 1) * e.ball(prec)).exp())
        e = exact(e, f"eps({k})")
        return sympy.oo if e == sympy.oo else sympy.exp((k - 1) * e)

    m = theorem34_moment(a, p, moment)
    if m == sympy.oo:
        return sympy.oo
    return formula_value(lambda x: sympy.log(x) / (a - 1), m)


# --------------------------------------------------------------------------------------------
# The subsampled Gaussian: the integer-order sum and certified integration


def _gaussian_mu(sigma: object, sensitivity: object) -> sympy.Expr:
    s, d = params.positive(sigma, "sigma"), params.nonnegative(sensitivity, "sensitivity")
    return d / s


def _gaussian_sum_ball(alpha: int, q: sympy.Expr, mu: sympy.Expr, prec: int) -> arb:
    """Theorem 34 with M_k = e^{(k²−k)μ²/2}, exactly the Gaussian's moments (Lemma 33.4)."""
    half_mu2 = arb_of(mu, prec) ** 2 / 2
    return _binomial_moment_ball(alpha, q, lambda k: (k * k - k) * half_mu2, prec)


def _normal_tail(x: arb) -> arb:
    """P[N(0,1) > x] = erfc(x/√2)/2."""
    return (x / arb(2).sqrt()).erfc() / 2


def _integral_ball(alpha: sympy.Expr, q: sympy.Expr, mu: sympy.Expr, direction: Direction, prec: int) -> arb:
    """∫ φ(u) B(u)^γ du with B(u) = 1 − q + q·e^{μu − μ²/2}, γ = α (forward) or 1 − α (reverse),
    integrated over [−R₁, R₂] by acb.integral (analytic flag forwarded to log) plus proved tails:

    * forward, u < −R₁ ≤ μ/2: B ≤ 1, so the tail is ≤ Φ(−R₁);
    * forward, u > R₂ ≥ μ/2: B ≤ e^{μu − μ²/2} and φ(u)e^{α(μu − μ²/2)} = φ(u − αμ)e^{(α²−α)μ²/2},
      so the tail is ≤ e^{(α²−α)μ²/2} Φ̄(R₂ − αμ);
    * reverse: B ≥ 1 − q and 1 − α < 0, so B^{1−α} ≤ (1−q)^{1−α} on both tails.
    """
    work = prec + 30
    with working_precision(work):
        a, qb, m = arb_of(alpha, work), arb_of(q, work), arb_of(mu, work)
        gamma = a if direction == "forward" else 1 - a
        sqrt2pi = (2 * arb.pi()).sqrt()
        budget = (work + 10) * math.log(2)
        mu_f, alpha_f = float(mu), float(alpha)
        lift = (alpha_f ** 2 - alpha_f) * mu_f ** 2 / 2 if direction == "forward" else 0.0
        r1 = fmpq(math.ceil(math.sqrt(2 * budget) + 2 + mu_f))
        r2 = fmpq(math.ceil((alpha_f * mu_f if direction == "forward" else 0) + math.sqrt(2 * (budget + lift)) + 2 + mu_f))
        one_q, log_q = acb(1 - qb), acb(qb).log()
        half = m * m / 2

        def integrand(u: acb, analytic: bool) -> acb:
            base = one_q + (log_q + m * u - half).exp()
            return (gamma * base.log(analytic=analytic) - u * u / 2).exp() / sqrt2pi

        cuts = sorted({-r1, fmpq(0), r2} | ({fmpq(math.floor(alpha_f * mu_f))} if direction == "forward" else set()))
        cuts = [c for c in cuts if -r1 <= c <= r2]
        body = arb(0)
        for lo, hi in zip(cuts, cuts[1:]):
            if lo < hi:
                body += integral(integrand, arb(lo), arb(hi), what="the subsampled Gaussian moment's integral").real
        if direction == "forward":
            tail = _normal_tail(arb(r1)) + ((a * a - a) * half).exp() * _normal_tail(arb(r2) - a * m)
        else:
            tail = (1 - qb) ** (1 - a) * (_normal_tail(arb(r1)) + _normal_tail(arb(r2)))
        return body + arb(0).union(tail.upper())


def subsampled_gaussian_moment(alpha: object, q: object, sigma: object, sensitivity: object = 1,
                               direction: Direction = "forward", method: Literal["sum", "integral"] | None = None) -> Real:
    """e^{(α−1)D_α} of the Poisson-subsampled Gaussian pair (qN(Δ,σ²) + (1−q)N(0,σ²), N(0,σ²)).

    * ``method="sum"`` (default for integer α ≥ 2, forward): Steinke Theorem 34 with the Gaussian
      moments e^{(k²−k)Δ²/2σ²}, an identity here (Mironov–Talwar–Zhang, Sec. 3.3), summed as a
      certified ball; α = 1024 takes a few milliseconds.
    * ``method="integral"`` (default otherwise): certified integration of E_Q[B^α] (forward) or
      E_Q[B^{1−α}] (reverse), B = 1 − q + q·P/Q, with proved Gaussian tail bounds added.
    """
    a = params.above(alpha, "alpha", 1)
    qq = params.rate(q)
    mu = _gaussian_mu(sigma, sensitivity)
    require(direction in ("forward", "reverse"), "direction", "'forward' or 'reverse'", direction)
    if qq == 0 or qq == 1:
        # No subsampling (q = 0) or none left out (q = 1): the Gaussian moment e^{(α²−α)μ²/2}
        # in either direction (Lemma 33.4, and the pair is symmetric).
        closed = sympy.exp((a ** 2 - a) * mu ** 2 / 2) if qq == 1 else sympy.Integer(1)
        return Real(lambda p: arb_of(closed, p), exact=closed, name="subsampled_gaussian_moment")
    if method is None:
        method = "sum" if a.is_Integer and direction == "forward" else "integral"
    if method == "sum":
        require(direction == "forward", "direction", "'forward' for the integer-order sum", direction)
        n = _integer_order(a)
        return Real(lambda p: _gaussian_sum_ball(n, qq, mu, p), name="subsampled_gaussian_moment")
    require(method == "integral", "method", "'sum', 'integral' or None", method)
    return Real(lambda p: _integral_ball(a, qq, mu, direction, p), name="subsampled_gaussian_moment")


def subsampled_gaussian_rdp(alpha: object, q: object, sigma: object, sensitivity: object = 1,
                            direction: Direction = "forward", method: Literal["sum", "integral"] | None = None) -> Real:
    """D_α of the Poisson-subsampled Gaussian (see :func:`subsampled_gaussian_moment`).

    For the Gaussian the forward integer-order value is also a valid bound for the reverse
    direction (Steinke, Theorem 34 via Theorem 35; the pair is symmetric under y ↦ Δ − y)."""
    a = exact(alpha, "alpha")
    m = subsampled_gaussian_moment(a, q, sigma, sensitivity, direction, method)
    return Real(lambda p: m.ball(p).log() / (arb_of(a, p) - 1), name="subsampled_gaussian_rdp")


# --------------------------------------------------------------------------------------------
# Theorem 35: the reverse direction from the forward one


def theorem35_lambda(alpha: object, p: object) -> sympy.Expr:
    """λ = (2α−1)p / ((2α−1)p + 3(1−p)) (Steinke, Theorem 35)."""
    a, q = exact(alpha, "alpha"), params.rate(p, "p")
    return (2 * a - 1) * q / ((2 * a - 1) * q + 3 * (1 - q))


def theorem35_bound(alpha: object, p: object, forward_moment: object, swapped_moment: object) -> Value:
    """e^{(α−1)D_α(Q ‖ pP+(1−p)Q)} ≤ (1−λ)·e^{(α−1)D_α(pP+(1−p)Q ‖ Q)} + λ·e^{(α−1)D_α(pQ+(1−p)P ‖ P)}
    (Steinke, Theorem 35). `forward_moment` and `swapped_moment` are those two moments (or bounds).

    The theorem is stated for α > 1, but its proof (the step marked "Lemma 36", which bounds
    ((1−p+px)(1−p+p/x))^{α−2} below by 1) is valid only for α ≥ 2; this function therefore
    requires α ≥ 2 and raises ParameterError below it.
    """
    a = exact(alpha, "alpha")
    require(sign(a - 2) >= 0, "alpha", "≥ 2 (the proof of Theorem 35 covers only α ≥ 2)", a)
    lam = theorem35_lambda(a, p)
    return formula_value(lambda f, s: (1 - lam) * f + lam * s, forward_moment, swapped_moment)


# --------------------------------------------------------------------------------------------
# Theorem 38 and Propositions 41–42: analytic bounds


def theorem38_omega(p: object, rho: object) -> sympy.Expr:
    """ω = min{log(1/p)/(4ρ), 1 + p^{−1/4}} (Steinke, Theorem 38)."""
    q, r = exact(p, "p"), exact(rho, "rho")
    return sympy.Min(sympy.log(1 / q) / (4 * r), 1 + q ** sympy.Rational(-1, 4))


def theorem38_bound(alpha: object, p: object, rho: object) -> sympy.Expr:
    """10p²ρα: the (α, 10p²ρα)-RDP guarantee of Poisson subsampling at rate p of a ρ-zCDP
    mechanism (Steinke, Theorem 38), after checking its hypotheses: p ∈ (0, 1/2], ρ ∈ (0, 1],
    ω = min{log(1/p)/(4ρ), 1 + p^{−1/4}} ≥ 3 + 2 log(1/ρ)/log(1/p), and α ∈ (1, ω).

    Caveat (see Theorem 35): the reverse direction for α ∈ (1, 2) rests on Theorem 35, whose
    printed proof covers α ≥ 2 only; the forward direction (Proposition 41) holds on all of (1, ω).
    """
    q, r, a = exact(p, "p"), exact(rho, "rho"), exact(alpha, "alpha")
    require(sign(q) > 0 and sign(sympy.Rational(1, 2) - q) >= 0, "p", "in (0, 1/2]", q)
    require(sign(r) > 0 and sign(1 - r) >= 0, "rho", "in (0, 1]", r)
    omega = theorem38_omega(q, r)
    branches = omega.args if isinstance(omega, sympy.Min) else (omega,)
    need = 3 + 2 * sympy.log(1 / r) / sympy.log(1 / q)
    require(all(sign(b - need) >= 0 for b in branches), "p, rho",
            f"such that ω = {omega} ≥ 3 + 2 log(1/ρ)/log(1/p) = {need}", (q, r))
    require(sign(a - 1) > 0 and all(sign(b - a) > 0 for b in branches), "alpha", f"in (1, ω) with ω = {omega}", a)
    return 10 * q ** 2 * r * a


def proposition41_bound(alpha: object, p: object, d2: object, d_omega: object, omega: object,
                        loose: bool = False) -> Value:
    """D_α(pP+(1−p)Q ‖ Q) ≤ (1/(α−1)) log(1 + (e/2)α(α−1)p²(e^{D₂} − 1) + ((α−1)p)^ω e^{(ω−1)D_ω})
    (Steinke, Proposition 41; ``loose=True``: its second form αe/2·p²(e^{D₂}−1) + p((α−1)p e^{D_ω})^{ω−1}).
    Hypotheses: p ∈ [0, 1 − 1/e], 1 < α ≤ ω; d2 ≥ D₂(P‖Q), d_omega ≥ D_ω(P‖Q)."""
    q = params.rate(p, "p", 1 - sympy.exp(-1))
    a, w = params.above(alpha, "alpha", 1), exact(omega, "omega")
    require(sign(w - a) >= 0, "omega", f"≥ alpha = {a}", w)
    if loose:
        return formula_value(lambda x2, xw: a * sympy.E / 2 * q ** 2 * (sympy.exp(x2) - 1)
                             + q * ((a - 1) * q * sympy.exp(xw)) ** (w - 1), d2, d_omega)
    return formula_value(lambda x2, xw: sympy.log(1 + sympy.E / 2 * a * (a - 1) * q ** 2 * (sympy.exp(x2) - 1)
                                                  + ((a - 1) * q) ** w * sympy.exp((w - 1) * xw)) / (a - 1),
                         d2, d_omega)


def proposition41_optimal_omega(alpha: object, p: object, rho: object) -> sympy.Expr:
    """ω* = max{α, (ρ − log((α−1)p))/(2ρ)}: the minimiser over ω ≥ α of Proposition 41's ω-term
    ω log((α−1)p) + (ω²−ω)ρ under ρ-zCDP (a convex quadratic in ω; derived, not in the chapter)."""
    a, q, r = exact(alpha, "alpha"), exact(p, "p"), exact(rho, "rho")
    return sympy.Max(a, (r - sympy.log((a - 1) * q)) / (2 * r))


def proposition41_zcdp_bound(alpha: object, p: object, rho: object, omega: object | None = None,
                             loose: bool = False) -> Value:
    """Proposition 41 with D₂ ≤ 2ρ and D_ω ≤ ωρ (ρ-zCDP); ω defaults to
    :func:`proposition41_optimal_omega` (the chapter leaves ω free, e.g. in Figure 2)."""
    r = params.nonnegative(rho, "rho")
    w = proposition41_optimal_omega(alpha, p, r) if omega is None else exact(omega, "omega")
    return proposition41_bound(alpha, p, 2 * r, w * r, w, loose)


def proposition42_bound(alpha: object, p: object, d_alpha: object) -> Value:
    """D_α(pP+(1−p)Q ‖ Q) ≤ (α/(α−1)) log(1 − p + p e^{(1−1/α)D}), D ≥ D_α(P‖Q)
    (Steinke, Proposition 42; p ∈ [0, 1], α > 1)."""
    q, a = params.rate(p, "p"), params.above(alpha, "alpha", 1)
    return formula_value(lambda d: a / (a - 1) * sympy.log(1 - q + q * sympy.exp((1 - 1 / a) * d)), d_alpha)


def subsampling_lower_bound(alpha: object, p: object, d_alpha: object) -> Value:
    """D_α(pP+(1−p)Q ‖ Q) ≥ D_α(P‖Q) − (α/(α−1)) log(1/p), from (1−p+px)^α ≥ (px)^α (Steinke,
    §6.6, the display after Theorem 38); here `d_alpha` must equal D_α(P‖Q) (or lower-bound it)."""
    q, a = params.positive_probability(p, "p"), params.above(alpha, "alpha", 1)
    return formula_value(lambda d: d - a / (a - 1) * sympy.log(1 / q), d_alpha)
