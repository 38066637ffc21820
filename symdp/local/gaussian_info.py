"""The Gaussian mechanism G(X) = X + N(0, σ²I_d), ‖X‖ ≤ √d Δ, of Ngo–Östman–Graell i Amat
eq. (5), through the local privacy notions (information in **bits**).

* :func:`gaussian_ldp_delta`: δ̄^LDP_G(ε), the hockey-stick curve of N(0,σ²) vs N(2√dΔ, σ²)
  (L2 sensitivity 2√dΔ; Balle–Wang).
* :func:`shell_information`: I(X; X + N) in bits for X uniform on the sphere of radius √dΔ
  (ρ = √dΔ/σ): I = ρ² − E[ln ₀F₁(; d/2; ρ²T²/4)] nats, T noncentral-χ_d(ρ). This is μ̄^CI_G, the
  amplitude-constrained capacity, while the single shell is capacity-achieving (ρ below a
  d-dependent threshold; for d = 1, ρ ≤ 1.665, Smith / Sharma–Shamai; Rassouli–Clerckx for d > 1) —
  that optimality is cited, not checked here; the value is always a lower bound on μ̄^CI_G.
* :func:`shell_calibration`: the σ² with shell_information = μ (certified root).

The same mechanism with a discrete input (d = 1) is in :mod:`symdp.local.gaussian_mixture`.
"""

from __future__ import annotations

import sympy
from flint import acb, arb, ctx

from .. import limits
from ..numerics import params
from ..errors import ParameterError, show
from ..numerics.integration import integral
from ..numbers import Real, arb_of
from ..numerics.roots import sign_at, solve_increasing

__all__ = ["gaussian_ldp_delta", "shell_information", "shell_calibration", "gaussian_lmidp_pair"]


def gaussian_lmidp_pair(sigma2: object, d: int = 1, Delta: object = 1):
    """The worst pair of G: N(0, σ²) against N(2√dΔ, σ²) (``symdp.gaussian``)."""
    from ..central.pairs import gaussian
    s2 = params.positive(sigma2, "sigma2")
    d = params.count(d, "d")
    D = params.positive(Delta, "Delta")
    return gaussian(sympy.sqrt(s2), 2 * sympy.sqrt(d) * D)


def gaussian_ldp_delta(eps: object, sigma2: object, d: int = 1, Delta: object = 1):
    """δ̄^LDP_G(ε) = Φ(√dΔ/σ − εσ/(2√dΔ)) − e^ε Φ(−√dΔ/σ − εσ/(2√dΔ)), exact/certified."""
    return gaussian_lmidp_pair(sigma2, d, Delta).delta(eps)


def _shell_nats(rho: arb, d: int, prec: int) -> arb:
    """ρ² − E[ln ₀F₁(; d/2; ρ²T²/4)] in nats, with a proved tail bound added to the radius.

    On [0, L]: acb.integral of f_T(t) ln ₀F₁ (entire integrand; the log's analytic flag is
    forwarded). Beyond L ≥ 2ρ: ₀F₁(; d/2; z²/4) ≤ cosh z ≤ e^z gives f_T ln ₀F₁ ≤
    ρ t^d e^{−(t−ρ)²/2}/c_d with t ≤ 2(t−ρ), so the tail is ≤ ρ 2^d 2^{(d−1)/2}
    Γ((d+1)/2, (L−ρ)²/2)/c_d, c_d = 2^{d/2−1}Γ(d/2).
    """
    half = arb(d) / 2
    cd = arb(2) ** (half - 1) * half.gamma()
    a = acb(half)
    r = acb(rho)
    L = 2 * rho + 8 + arb(prec).sqrt() * 2

    def f(t: acb, analytic: bool) -> acb:
        h = (r * r * t * t / 4).hypgeom_0f1(a)
        dens = (-(t * t + r * r) / 2).exp() * t ** (d - 1) * h / acb(cd)
        return dens * h.log(analytic=analytic)
    body = integral(f, 0, acb(L), rel_tol=arb(2) ** (-prec)).real
    s = (L - rho) ** 2 / 2
    tail = rho * arb(2) ** d * arb(2) ** ((arb(d) - 1) / 2) * s.gamma_upper((arb(d) + 1) / 2) / cd
    return rho * rho - body - arb(0).union(arb(tail.upper()))  # the tail lies in [0, bound]


def shell_information(rho: object, d: int = 1) -> Real:
    """I(X; X + N(0, I_d)) in bits for X uniform on the sphere of radius ρ (ρ = √dΔ/σ), certified."""
    rho = params.positive(rho, "rho")
    d = params.count(d, "d")
    return Real(lambda p: _shell_nats(arb_of(rho, p), d, p) / arb(2).log(), name=f"shell_information({rho}, {d}) bits")


#: The range of ρ = √dΔ/σ the calibration searches: below 2^−40 the information is under
#: 10^−24 bits; above 2^7 the certified integral of :func:`_shell_nats` no longer encloses it at
#: 64 bits (its peak at t ≈ ρ is too narrow for the evaluation budget).
RHO_RANGE = (sympy.Rational(1, 2 ** 40), sympy.Integer(2 ** 7))


def shell_calibration(mu: object, d: int = 1, Delta: object = 1) -> Real:
    """σ² with shell_information(√dΔ/σ, d) = μ bits: the Figure 1–2 calibration μ̄^CI_G = μ.

    I is continuous and strictly increasing in ρ (X + N/ρ is a degraded version of X + N/ρ'
    for ρ < ρ'), so ρ is a certified root and σ² = dΔ²/ρ². For d = 1 the input takes two
    values, so I < 1 bit: μ ≥ 1 has no solution. The root is searched in :data:`RHO_RANGE`, and
    every evaluation of I, during the search and each later refinement, counts against the time
    limit ``seconds`` (:class:`symdp.limits.Stopwatch`).
    """
    d = params.count(d, "d")
    m = params.open_probability(mu, "mu") if d == 1 else params.positive(mu, "mu")  # bits
    D = params.positive(Delta, "Delta")
    watch = limits.Stopwatch(f"shell_calibration({show(m, 40)}, {d})")

    def info(r: arb) -> arb:
        with watch.running():
            watch.check()
            return _shell_nats(r, d, ctx.prec) / arb(2).log()
    if d == 1:
        # The same root on the scale −log(1 − I): 1 − I falls like e^{−ρ²/2}, so near μ = 1 the
        # secant steps on I itself are no better than bisection (1 − 10^−30: 60 s at 2 s a step).
        f, target = (lambda r: -(1 - info(r)).log()), -sympy.log(1 - m)
    else:
        f, target = info, m
    lo, top = RHO_RANGE
    if sign_at(f, lo, target) != -1:
        raise ParameterError(f"mu must be above the information at ρ = √dΔ/σ = 2^-40 (σ² = dΔ²·2^80), "
                             f"{_bits(lo, d)} bits for d = {d}, got {show(m, 40)}")
    hi = sympy.Integer(1)
    while sign_at(f, hi, target) != 1:
        if hi >= top:
            raise ParameterError(f"mu must be below the information at ρ = √dΔ/σ = {top} (σ² = dΔ²/{top ** 2}), "
                                 f"{_bits(top, d)} bits for d = {d}, and not too close to it to be "
                                 f"decided at {64 << 3} bits, got {show(m, 40)}")
        hi *= 2
    root = solve_increasing(f, target, lo, hi, name=f"shell rho for mu = {show(m, 40)}")
    return Real(lambda p: arb(d) * arb_of(D, p) ** 2 / root.ball(p) ** 2, name=f"shell_calibration({m}, {d})")


def _bits(rho: object, d: int) -> str:
    """shell_information(ρ, d) to four digits, for a message."""
    return arb_of(shell_information(rho, d), 64).str(4, radius=False)
