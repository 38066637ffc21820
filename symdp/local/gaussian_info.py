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
from flint import acb, arb

from .. import params
from ..integration import integral
from ..numbers import Real, arb_of
from ..roots import solve_increasing

__all__ = ["gaussian_ldp_delta", "shell_information", "shell_calibration", "gaussian_lmidp_pair"]


def gaussian_lmidp_pair(sigma2: object, d: int = 1, Delta: object = 1):
    """The worst pair of G: N(0, σ²) against N(2√dΔ, σ²) (``symdp.gaussian``)."""
    from ..pairs import gaussian
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


def shell_calibration(mu: object, d: int = 1, Delta: object = 1) -> Real:
    """σ² with shell_information(√dΔ/σ, d) = μ bits: the Figure 1–2 calibration μ̄^CI_G = μ.

    I is continuous and strictly increasing in ρ (X + N/ρ is a degraded version of X + N/ρ'
    for ρ < ρ'), so ρ is a certified root and σ² = dΔ²/ρ².
    """
    m = params.positive(mu, "mu")
    d = params.count(d, "d")
    D = params.positive(Delta, "Delta")
    f = lambda r: _shell_nats(r, d, _ctx_prec()) / arb(2).log()
    hi = sympy.Integer(1)
    while float(arb_of(shell_information(hi, d), 64).mid()) <= float(m):
        hi *= 2
    root = solve_increasing(f, m, sympy.Rational(1, 2 ** 40), hi, name=f"shell rho for mu = {m}")
    return Real(lambda p: arb(d) * arb_of(D, p) ** 2 / root.ball(p) ** 2, name=f"shell_calibration({m}, {d})")


def _ctx_prec() -> int:
    from flint import ctx
    return ctx.prec
