"""Private minimax, Bayes-risk, testing and information bounds, with their constants.

Asoodeh–Aliakbarpour–Calmon, *Local differential privacy is equivalent to contraction of
E_γ-divergence*, Sections IV–VII: Le Cam (eqs. 6–7, Lemma 3), the Hellinger argument of
Corollary 1 (eqs. 37–41), Fano (eq. 9, Lemma 4, Corollary 2), Xu–Raginsky (eq. 15, Corollary 3),
the E_γ-information bound (Theorem 2, Remark 1), Stein's exponent (Corollary 4) and mutual
information (Corollary 5). Every function returns the bound itself, exactly (sympy) or as a
certified :class:`~symdp.numbers.Real`, so private lower bounds can be compared numerically;
nothing is hidden in a "≳".

Bayes bounds take ℒ(ζ) = sup_t Pr(ℓ(Θ, t) ≤ ζ) of the form min{Lζ, 1} (``slope`` L; L = 2 for
Θ ~ U[0, 1] and ℓ1 loss, the paper's examples); both suprema over ζ are then in closed form:

* eq. (15), sup_ζ ζ[1 − c/log(1/(Lζ))] with c = I + log 2: with u = log(1/(Lζ)) the
  maximiser solves u² − cu − c = 0, u* = (c + √(c² + 4c))/2, value e^{−u*}(1 − c/u*)/L;
* Theorem 2 / eq. (17), sup_ζ ζ[1 − b − γLζ] with b ≥ (1 − γ)₊: the maximiser
  ζ* = (1 − b)/(2γL) lies in (0, 1/L], value (1 − b)₊²/(4γL).
"""

from __future__ import annotations

from typing import Sequence

import sympy

from ..numerics import params
from ..errors import require
from ..numbers import Real, Value, arb_of, exact, sign
from .channel import tidy
from .worst_case import phi

__all__ = [
    "le_cam_lower_bound", "hellinger_le_cam_bound", "printed_omega", "corrected_omega",
    "private_mean_lower_bound", "clip_laplace_mse_bound", "fano_lower_bound",
    "private_fano_information", "djw_information_coefficient", "ball_mean_fano_bound",
    "ball_mean_lower_bound", "bayes_fano_bound", "private_bayes_fano_bound", "bayes_egamma_bound",
    "private_bayes_egamma_bound", "stein_exponent_bound", "mutual_information_bound",
]

#: The largest dimension d that :func:`ball_mean_lower_bound` maximises over k ∈ [16, d].
MAX_DIMENSION = 4096


def _value(v: object, name: str) -> Value:
    return v if isinstance(v, Real) else params.nonnegative(v, name)


def _positive_part_squared(x: Value) -> Value:
    if isinstance(x, Real):
        return Real(lambda p: x.ball(p).max(0) ** 2)
    return x ** 2 if sign(x) > 0 else sympy.Integer(0)


# --------------------------------------------------------------------------------------------
# Le Cam (Section IV-A)


def le_cam_lower_bound(tau: object, n: int, kl: object, eps: object = None, delta: object = 0) -> Value:
    """(τ/2)[1 − √(n φ(ε,δ) D_KL(P0‖P1)/2)]: Lemma 3, the locally private Le Cam bound.

    With ``eps=None`` it is the non-private eq. (7) (φ replaced by 1). The bound on ℛ_n holds
    whenever ℓ(θ(P0), θ(P1)) ≥ 2τ; it is returned as printed, negative when vacuous.
    """
    t = params.nonnegative(tau, "tau")
    n = params.count(n, "n")
    d_kl = _value(kl, "kl")
    factor = sympy.Integer(1) if eps is None else phi(eps, delta)
    return t / 2 * (1 - sympy.sqrt(n * factor * d_kl / 2))


def hellinger_le_cam_bound(eps: object, delta: object, n: int, k: object, omega: object) -> sympy.Expr:
    """ω^{2(k−1)/k}[1 − √2 √(1 − (1 − ωφ(ε,δ))^n)]: eq. (40), the proof of Corollary 1.

    It lower-bounds ℛ_n(𝒫_k, ℓ₂², ε, δ) for every ω ∈ (0, 1] (two-point construction of
    Corollary 1's proof, Le Cam, TV ≤ Hellinger, Lemma 1 applied to H²).
    """
    n = params.count(n, "n")
    kk = params.above(k, "k", 1)
    w = params.positive_probability(omega, "omega")
    f = phi(eps, delta)
    return w ** (2 * (kk - 1) / kk) * (1 - sympy.sqrt(2) * sympy.sqrt(1 - (1 - w * f) ** n))


def printed_omega(eps: object, delta: object, n: int) -> sympy.Expr:
    """ω = min{1, [1 − (7/8)^{1/√n}]/φ(ε,δ)}, the choice printed in Corollary 1's proof.

    With it (1 − ωφ)^n = (7/8)^{√n} when ω < 1, so eq. (40)'s bracket is
    1 − √2 √(1 − (7/8)^{√n}), negative for n > (log 2/log(8/7))² ≈ 26.95.
    """
    n = params.count(n, "n")
    f = phi(eps, delta)
    require(sign(f) > 0, "(eps, delta)", "such that phi(eps, delta) > 0 (eps > 0 or delta > 0)", (eps, delta))
    return sympy.Min(1, (1 - sympy.Rational(7, 8) ** (1 / sympy.sqrt(n))) / f)


def corrected_omega(eps: object, delta: object, n: int) -> sympy.Expr:
    """ω = min{1, [1 − (7/8)^{1/n}]/φ(ε,δ)}: then (1 − ωφ)^n ≥ 7/8 and eq. (40)'s bracket is ≥ 1/2."""
    n = params.count(n, "n")
    f = phi(eps, delta)
    require(sign(f) > 0, "(eps, delta)", "such that phi(eps, delta) > 0 (eps > 0 or delta > 0)", (eps, delta))
    return sympy.Min(1, (1 - sympy.Rational(7, 8) ** sympy.Rational(1, n)) / f)


def private_mean_lower_bound(eps: object, delta: object, n: int, k: object) -> sympy.Expr:
    """½ ω^{2(k−1)/k} with ω = :func:`corrected_omega`: what Corollary 1's argument proves.

    ℛ_n(𝒫_k, ℓ₂², ε, δ) ≥ this ≥ ½ min{1, (7/8)log(8/7)/(nφ)}^{2(k−1)/k}, i.e. the rate
    min{1, (nφ)^{−1}}^{2(k−1)/k}, not the printed min{1, (nφ²)^{−(k−1)/k}} (which fails for large ε:
    see :func:`clip_laplace_mse_bound`).
    """
    kk = params.above(k, "k", 1)
    w = corrected_omega(eps, delta, n)
    return w ** (2 * (kk - 1) / kk) / 2


def clip_laplace_mse_bound(eps: object, n: int, clip: object) -> sympy.Expr:
    """1/(16T²) + (1 + 8T²/ε²)/n ≥ the MSE of the ε-LDP mean estimator "clip each X_i to
    [−T, T], add Laplace(2T/ε) noise, average", uniformly over 𝒫_2 = {|E X| ≤ 1, E X² ≤ 1}.

    Bias: |E X − E clip(X)| ≤ E(|X| − T)₊ ≤ E X²/(4T) (as (|x| − 2T)² ≥ 0); variance:
    (Var clip(X) + 2(2T/ε)²)/n ≤ (1 + 8T²/ε²)/n. An upper bound on ℛ_n(𝒫_2, ℓ₂², ε, δ) for all δ.
    """
    e = params.positive(eps, "eps")
    n = params.count(n, "n")
    t = params.positive(clip, "clip")
    return tidy(1 / (16 * t ** 2) + (1 + 8 * t ** 2 / e ** 2) / n)


# --------------------------------------------------------------------------------------------
# Fano (Section IV-B)


def fano_lower_bound(tau: object, information: object, size: int) -> Value:
    """τ[1 − (I(X^n;V) + log 2)/log|𝒱|]: eq. (9), Fano's method (nats)."""
    t = params.nonnegative(tau, "tau")
    info = _value(information, "information")
    size = params.count(size, "size", 2)
    return t * (1 - (info + sympy.log(2)) / sympy.log(size))


def private_fano_information(eps: object, delta: object, n: int, pairwise_kl: Sequence[Sequence[object]]) -> Value:
    """(n φ_n(ε,δ)/|𝒱|²) Σ_{v,v'} D_KL(P_v‖P_{v'}): Lemma 4's bound on I(Z^n;V) (nats).

    `pairwise_kl[v][v']` = D_KL(P_v‖P_{v'}) (exact or certified).
    """
    size = len(pairwise_kl)
    require(size >= 2 and all(len(r) == size for r in pairwise_kl), "pairwise_kl", "a square matrix of size ≥ 2",
            size)
    total = sum((_value(v, "pairwise_kl") for r in pairwise_kl for v in r), sympy.Integer(0))
    n = params.count(n, "n")
    return n * phi(eps, delta, n) * total / size ** 2


def djw_information_coefficient(eps: object) -> sympy.Expr:
    """2(e^ε − 1): the coefficient of eq. (10), Duchi–Jordan–Wainwright's bound on I(Z^n;V) as
    the paper quotes it (ε-LDP), to be compared with Lemma 4's φ_n(ε, 0)."""
    e = params.nonnegative(eps, "eps")
    return 2 * (sympy.exp(e) - 1)


def ball_mean_fano_bound(eps: object, delta: object, n: int, k: int, r: object = 1) -> Value:
    """(r²ω²/k)[1 − 16(1 + nωφ_n(ε,δ)) log 2 / k] with ω = min{1, k/(50nφ_n)}: eq. (46) at the
    choice of Corollary 2's proof (packing |𝒱| ≥ e^{k/16}, so needs an integer k ≥ 16)."""
    n = params.count(n, "n")
    k = params.count(k, "k", 16)
    rr = params.nonnegative(r, "r")
    f = phi(eps, delta, n)
    require(sign(f) > 0, "(eps, delta)", "such that phi_n(eps, delta) > 0", (eps, delta))
    w = sympy.Min(1, sympy.Rational(k, 50 * n) / f)
    return rr ** 2 * w ** 2 / k * (1 - 16 * (1 + n * w * f) * sympy.log(2) / k)


def ball_mean_lower_bound(eps: object, delta: object, n: int, d: int, r: object = 1) -> Value:
    """max over integers k ∈ [16, d] of :func:`ball_mean_fano_bound`: Corollary 2's lower bound
    on ℛ_n(𝒫_r, ℓ₂², ε, δ) in the ℓ2 ball of radius r in R^d, with its constants (d ≥ 16)."""
    d = params.count(d, "d", 16)
    require(d <= MAX_DIMENSION, "d", f"an integer in [16, {MAX_DIMENSION}]", d)
    best = None
    for k in range(16, d + 1):
        v = ball_mean_fano_bound(eps, delta, n, k, r)
        if best is None or sign(v - best) > 0:
            best = v
    return best


# --------------------------------------------------------------------------------------------
# Bayes risk (Section V)


def _slope(slope: object) -> sympy.Expr:
    return params.positive(slope, "slope")


def bayes_fano_bound(information: object, slope: object = 2) -> Value:
    """sup_{ζ>0} ζ[1 − (I + log 2)/log(1/ℒ(ζ))] for ℒ(ζ) = min{Lζ, 1}: eq. (15) (Xu–Raginsky),
    in nats, = e^{−u*}(1 − c/u*)/L with c = I + log 2, u* = (c + √(c² + 4c))/2."""
    info = _value(information, "information")
    L = _slope(slope)
    c = info + sympy.log(2)
    if isinstance(c, Real):
        def ball(p: int):
            cb = c.ball(p)
            u = (cb + (cb * cb + 4 * cb).sqrt()) / 2
            return (-u).exp() * (1 - cb / u) / arb_of(L, p)
        return Real(ball, name="Xu-Raginsky bound")
    u = (c + sympy.sqrt(c ** 2 + 4 * c)) / 2
    return sympy.exp(-u) * (1 - c / u) / L


def private_bayes_fano_bound(eps: object, delta: object, n: int, information: object, slope: object = 2) -> Value:
    """Corollary 3: eq. (15) with I(Θ;X^n) replaced by φ_n(ε,δ) I(Θ;X^n)."""
    return bayes_fano_bound(phi(eps, delta, n) * _value(information, "information"), slope)


def bayes_egamma_bound(gamma: object, loss: object, slope: object = 2) -> Value:
    """sup_{ζ>0} ζ[1 − b − γℒ(ζ)] = (1 − b)₊²/(4γL) for ℒ(ζ) = min{Lζ, 1}, γ > 0, b ≥ (1 − γ)₊.

    The core of Theorem 2 (b = δ I_{e^ε} or φ_n I_{e^ε}, γ = e^ε) and of Remark 1's eq. (17)
    (b = I_γ + (1 − γ)₊ at a fixed γ ≥ 0). The condition on b puts the maximiser in (0, 1/L].
    """
    g = params.positive(gamma, "gamma")
    b = loss if isinstance(loss, Real) else exact(loss, "loss")
    if not isinstance(b, Real):
        require(sign(b - sympy.Max(0, 1 - g)) >= 0, "loss", "≥ (1 - gamma)_+", b)
    L = _slope(slope)
    return _positive_part_squared(1 - b) / (4 * g * L)


def private_bayes_egamma_bound(eps: object, delta: object, n: int, i_gamma: object, slope: object = 2) -> Value:
    """Theorem 2: sup_ζ ζ[1 − a·I_{e^ε}(Θ;X^n) − e^ε ℒ(ζ)] with a = δ (n = 1) or φ_n(ε,δ) (n > 1).

    `i_gamma` is the non-private E_γ-information I_{e^ε}(Θ;X^n) (e.g.
    :func:`symdp.local.beta_bernoulli.egamma_information`).
    """
    e = params.nonnegative(eps, "eps")
    d = params.probability(delta, "delta")
    n = params.count(n, "n")
    factor = d if n == 1 else phi(e, d, n)
    return bayes_egamma_bound(sympy.exp(e), factor * _value(i_gamma, "i_gamma"), slope)


# --------------------------------------------------------------------------------------------
# Testing and mutual information (Sections VI–VII)


def stein_exponent_bound(eps: object, delta: object, kl: object) -> Value:
    """−φ(ε,δ) D_KL(P0‖P1): Corollary 4's lower bound on lim inf (1/n) log β_n^{ε,δ}(α) (nats)."""
    return -phi(eps, delta) * _value(kl, "kl")


def mutual_information_bound(eps: object, delta: object, entropy: object) -> Value:
    """φ(ε,δ) H(X): Corollary 5's bound on sup_{K ∈ Q_{ε,δ}} I(X;Z) (same units as H)."""
    return phi(eps, delta) * _value(entropy, "entropy")
