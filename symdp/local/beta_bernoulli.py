"""The Bernoulli model with a uniform prior: Θ ~ U[0, 1], X_1, …, X_n i.i.d. Ber(Θ).

Asoodeh–Aliakbarpour–Calmon, *Local differential privacy is equivalent to contraction of
E_γ-divergence*, Example 4 (eq. 16), Remark 1 (eq. 18) and Figure 1. With S the number of ones,
P_{X^n|θ}(x^n) = θ^S(1 − θ)^{n−S} and P_{X^n}(x^n) = S!(n − S)!/(n + 1)!, so

    I_γ(Θ;X^n) = 1/(n+1) Σ_{s=0}^{n} ∫₀¹ [f_s(θ) − γ]₊ dθ − (1 − γ)₊,

where f_s(θ) = (n+1) C(n,s) θ^s (1−θ)^{n−s} is the Beta(s+1, n−s+1) density (the (1 − γ)₊ is
the paper's convention (22) for γ < 1, under which Remark 1's eq. (18) holds). f_s is unimodal
with mode s/n, so each integral is F_s(b) − F_s(a) − γ(b − a) over the interval [a, b] where
f_s > γ, with F_s(t) = P(Bin(n+1, t) ≥ s+1) its distribution function (a polynomial). The ends
a, b are certified roots (:mod:`symdp.numerics.roots`; f_s is increasing on [0, s/n] and decreasing
on [s/n, 1]); for s ∈ {0, n} the end is explicit, 1 − (γ/(n+1))^{1/n}. The value is a
certified :class:`~symdp.numbers.Real`: at a root F_s − γt has zero derivative, so the
enclosure is as tight as the root's.

The mutual information is exact: S is uniform on {0, …, n}, so
I(Θ;X^n) = log(n+1) − ∫₀¹ H(Bin(n, θ)) dθ, and with ∫θ^s(1−θ)^{n−s} log θ dθ =
B(s+1, n−s+1)(ψ(s+1) − ψ(n+2)) (harmonic numbers: ψ(k+1) = H_k − γ_Euler),

    I(Θ;X^n) = log(n+1) + 1/(n+1) Σ_s [log C(n,s) + s(H_s − H_{n+1}) + (n−s)(H_{n−s} − H_{n+1})]

in nats (n = 1: log 2 − 1/2, the "0.19 nats" of Remark 1).
"""

from __future__ import annotations

from functools import lru_cache

import sympy
from flint import arb, fmpq, fmpz

from ..numerics import params
from ..errors import require
from ..numbers import Real, Value, arb_of, sign
from ..numerics.roots import solve_decreasing, solve_increasing
from .risk_bounds import bayes_fano_bound, private_bayes_egamma_bound
from .worst_case import phi

__all__ = ["MAX_N", "egamma_information", "mutual_information", "theorem2_bound", "corollary3_bound"]

#: The largest sample size n accepted (n + 1 Beta densities of degree n, each with two roots).
MAX_N = 400


def _n(n: object) -> int:
    n = params.count(n, "n")
    require(n <= MAX_N, "n", f"an integer in [1, {MAX_N}]", n)
    return n


def _density(n: int, s: int):
    """θ ↦ f_s(θ) = (n+1) C(n,s) θ^s (1−θ)^{n−s} on arb balls."""
    c = (n + 1) * int(fmpz.bin_uiui(n, s))
    return lambda t: c * t ** s * (1 - t) ** (n - s)


def _cdf(n: int, s: int, t: arb) -> arb:
    """F_s(t) = ∫₀ᵗ f_s = P(Bin(n+1, t) ≥ s+1) = Σ_{j>s} C(n+1,j) t^j (1−t)^{n+1−j}."""
    u = 1 - t
    return sum((int(fmpz.bin_uiui(n + 1, j)) * t ** j * u ** (n + 1 - j) for j in range(s + 1, n + 2)), arb(0))


def _piece(n: int, s: int, gamma: sympy.Expr) -> Real | sympy.Expr:
    """∫₀¹ [f_s − γ]₊ dθ for 0 ≤ s ≤ n/2 and γ > 0 (zero when the peak of f_s is ≤ γ)."""
    f = _density(n, s)
    mode = fmpq(s, n)
    peak = (n + 1) * sympy.binomial(n, s) * sympy.Rational(s, n) ** s * sympy.Rational(n - s, n) ** (n - s)
    if sign(peak - gamma) <= 0:
        return sympy.Integer(0)
    right = solve_decreasing(f, gamma, mode, 1, name=f"f_{s} = gamma, right")
    if s == 0:
        return Real(lambda p: _cdf(n, 0, right.ball(p)) - arb_of(gamma, p) * right.ball(p))
    left = solve_increasing(f, gamma, 0, mode, name=f"f_{s} = gamma, left")

    def ball(p: int) -> arb:
        a, b = left.ball(p), right.ball(p)
        return _cdf(n, s, b) - _cdf(n, s, a) - arb_of(gamma, p) * (b - a)
    return Real(ball)


def egamma_information(n: object, gamma: object) -> Value:
    """I_γ(Θ;X^n) for Θ ~ U[0,1] and X_i i.i.d. Ber(Θ), γ ≥ 0 (module docstring; eq. 16).

    Exact for γ = 0 (it is 0) and γ ≥ n + 1 (every f_s ≤ n + 1, so 0); a certified Real otherwise.
    """
    n = _n(n)
    g = params.nonnegative(gamma, "gamma")
    below = 1 - g if sign(1 - g) > 0 else sympy.Integer(0)  # (1 − γ)₊
    if sign(g) == 0 or sign(g - (n + 1)) >= 0:
        return sympy.Integer(0)
    pieces = [_piece(n, s, g) for s in range(n // 2 + 1)]
    weights = [1 if 2 * s == n else 2 for s in range(n // 2 + 1)]  # J_{n−s} = J_s by θ ↔ 1 − θ

    def ball(p: int) -> arb:
        total = sum((w * arb_of(v, p) for w, v in zip(weights, pieces)), arb(0))
        return total / (n + 1) - arb_of(below, p)
    return Real(ball, name=f"I_gamma(Theta; X^{n})")


@lru_cache(maxsize=64)
def mutual_information(n: int) -> sympy.Expr:
    """I(Θ;X^n) in nats, exactly (module docstring): Example 4's I(Θ;X^n)."""
    n = _n(n)
    h = sympy.harmonic
    total = sum((sympy.log(sympy.binomial(n, s)) + s * (h(s) - h(n + 1)) + (n - s) * (h(n - s) - h(n + 1))
                 for s in range(n + 1)), sympy.Integer(0))
    return sympy.log(n + 1) + sympy.expand_log(total, force=True) / (n + 1)


def theorem2_bound(eps: object, delta: object, n: object) -> Value:
    """Theorem 2's lower bound on the private ℓ1 Bayes risk of Θ in this model (Figure 1):
    (1 − a)₊²/(8e^ε) with a = δ·I_{e^ε}(Θ;X) for n = 1 and a = φ_n(ε,δ)·I_{e^ε}(Θ;X^n) for n > 1,
    ℒ(ζ) = min{2ζ, 1} (:func:`symdp.local.risk_bounds.bayes_egamma_bound`)."""
    n = _n(n)
    e = params.nonnegative(eps, "eps")
    return private_bayes_egamma_bound(e, delta, n, egamma_information(n, sympy.exp(e)))


def corollary3_bound(eps: object, delta: object, n: object) -> Value:
    """Corollary 3's lower bound on the private ℓ1 Bayes risk in this model (Figure 1): the
    Xu–Raginsky bound (15) with I(Θ;X^n) replaced by φ_n(ε,δ) I(Θ;X^n) and ℒ(ζ) = min{2ζ, 1}."""
    n = _n(n)
    return bayes_fano_bound(phi(eps, delta, n) * mutual_information(n))
