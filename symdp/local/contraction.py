"""Contraction coefficients of channels, and the closed forms of Ghazi–Issa Section VII.

The contraction coefficient of a channel Q for an f-divergence is
η_f(Q) = sup_{P0, P1: D_f(P0‖P1) ≠ 0} D_f(P0 Q‖P1 Q) / D_f(P0‖P1)
(Ghazi–Issa, *Total variation meets differential privacy*, eq. 23). For a finite channel:

* ``"tv"``: η_TV(Q) = max_{x,x'} d_TV(Q(·|x), Q(·|x')) (Dobrushin; Ghazi–Issa eq. 52). Exact.
* ``("e_gamma", γ)``, γ ≥ 1: η_γ(Q) = max_{x,x'} E_γ(Q(·|x)‖Q(·|x')) (Asoodeh–Aliakbarpour–
  Calmon, *Local differential privacy is equivalent to contraction of E_γ-divergence*,
  Theorem 3, eq. 25). Exact. Q is (ε,δ)-LDP iff η_{e^ε}(Q) ≤ δ (their Theorem 1).
* ``"kl"`` and ``"chi2"``: one and the same number, computed as
  max over input pairs x < x' of sup_{β ∈ (0,1)} LC_β(Q(·|x)‖Q(·|x')), by three facts:

  1. η_KL(Q) = η_χ²(Q) for every channel (Choi–Ruskai–Seneta 1994, Theorem 1 — cited by
     Ghazi–Issa as [38, Theorem 1] for eq. 36; more generally η_f = η_χ² for every
     operator-convex f that is not linear).
  2. The coefficient of a channel is that of its best binary-input sub-channel, for KL and
     every f-divergence (Ordentlich–Polyanskiy, *Strong data processing constant is achieved
     by binary inputs*, Theorem 1 — Ghazi–Issa's [39, Theorem 1], used in Theorem 5's proof).
  3. A binary-input channel (P0, P1) with input law (β, 1−β) has squared maximal correlation
     LC_β(P0‖P1) = β(1−β) Σ_y (P0(y)−P1(y))² / (βP0(y) + (1−β)P1(y)), the Le Cam divergence
     (Ghazi–Issa eqs. 37–38, from Polyanskiy–Wu's proof of their Theorem 21).

  Each term of LC_β is concave in β (second derivative −2ab/(βa+(1−β)b)³ ≤ 0), so the sup
  over β is a one-dimensional concave maximisation. **When the value is exact:** a pair of
  rows that is a relabelling of its own reverse (randomized response, Q*_{ε,η}, every
  symmetric pair) has its maximum at β = 1/2, so η = ½ Σ_y (P0(y)−P1(y))²/(P0(y)+P1(y))
  exactly; with rational entries, a rational stationary point (a rational root of the
  numerator of dLC_β/dβ, found by exact factorisation) gives an exact rational value.
  **Otherwise** the value is a certified :class:`~symdp.numbers.Real`: bisection on the sign
  of the derivative (evaluated in arb) brackets the maximiser in [lo, hi], and concavity
  bounds the maximum between max(g(lo), g(hi)) and the tangent bounds
  g(lo) + g'(lo)(hi−lo), g(hi) − g'(hi)(hi−lo); the bracket shrinks until the requested
  precision is reached.
"""

from __future__ import annotations

from collections import Counter
from functools import reduce
from itertools import combinations, permutations
from typing import Callable, Sequence

import sympy
from flint import arb, fmpq, fmpq_poly

from ..numerics import params
from ..errors import ParameterError
from ..numbers import Real, Value, arb_of, from_fmpq, is_rational, maximum, to_fmpq
from .channel import (Channel, hockey_stick, is_zero, max_exact, positive_eps, tidy, total_variation,
                      tv_eta, two_laws)

__all__ = [
    "contraction", "e_gamma_contraction", "binary_chi2_contraction", "le_cam",
    "max_tv_after_channel", "max_f_divergence", "kl_contraction_bound", "rr_kl_contraction",
    "chi2_tv_bound", "erasure_conversion_factor",
]

KINDS = ('"tv"', '"kl"', '"chi2"', '("e_gamma", gamma)')


# --------------------------------------------------------------------------------------------
# Dispatcher


def contraction(channel: Channel, kind: object) -> Value:
    """η_f(Q) for f = TV, KL, χ² or E_γ (γ ≥ 1); see the module docstring for each method."""
    if kind == "tv":
        return channel.dobrushin()
    if kind in ("kl", "chi2"):
        return _kl_chi2_contraction(channel)
    if isinstance(kind, tuple) and len(kind) == 2 and kind[0] == "e_gamma":
        return e_gamma_contraction(channel, kind[1])
    raise ParameterError(f"kind must be one of {', '.join(KINDS)}, got {kind!r}")


def e_gamma_contraction(channel: Channel, gamma: object) -> sympy.Expr:
    """η_γ(Q) = max_{x ≠ x'} E_γ(Q(·|x)‖Q(·|x')) for γ ≥ 1, exactly.

    Asoodeh–Aliakbarpour–Calmon, *LDP is equivalent to contraction of E_γ-divergence*,
    Theorem 3 (eq. 25). γ = 1 is the Dobrushin coefficient; Q is (ε,δ)-LDP iff
    η_{e^ε}(Q) ≤ δ (their Theorem 1), so η_{e^ε}(Q) = 0 iff Q is ε-LDP.
    """
    g = params.at_least(gamma, "gamma", 1)
    if channel.n_inputs == 1:
        return sympy.Integer(0)
    return max_exact(hockey_stick(a, b, g) for a, b in permutations(channel.rows, 2))


def _kl_chi2_contraction(channel: Channel) -> Value:
    if channel.n_inputs == 1:
        return sympy.Integer(0)
    values = [binary_chi2_contraction(a, b) for a, b in combinations(channel.rows, 2)]
    if all(not isinstance(v, Real) for v in values):
        return max_exact(values)
    return reduce(maximum, values)


# --------------------------------------------------------------------------------------------
# Binary-input channels: sup over β of the Le Cam divergence


def le_cam(beta: object, p: Sequence[object], q: Sequence[object]) -> sympy.Expr:
    """LC_β(P‖Q) = β(1−β) Σ_y (P(y)−Q(y))² / (βP(y) + (1−β)Q(y)) for β ∈ (0,1), exactly.

    Ghazi–Issa eq. (38). It is the squared maximal correlation between the input and the
    output of the binary-input channel (P, Q) under the input law (β, 1−β).
    """
    b = params.open_probability(beta, "beta")
    p, q = two_laws(p, q)
    return tidy(_le_cam(b, p, q))


def _le_cam(b: sympy.Expr, p: Sequence[sympy.Expr], q: Sequence[sympy.Expr]) -> sympy.Expr:
    return b * (1 - b) * sum(((u - v) ** 2 / (b * u + (1 - b) * v) for u, v in zip(p, q) if u != v),
                             sympy.Integer(0))


def binary_chi2_contraction(p: Sequence[object], q: Sequence[object]) -> Value:
    """η_KL = η_χ² of the binary-input channel with rows P and Q: sup_{β∈(0,1)} LC_β(P‖Q).

    Ghazi–Issa eq. (37). Exact for mirror pairs and for rational pairs with a rational
    maximiser, certified otherwise (see the module docstring).
    """
    p, q = two_laws(p, q)
    terms = [(u, v) for u, v in zip(p, q) if u != v]
    if not terms:
        return sympy.Integer(0)
    if Counter(zip(p, q)) == Counter(zip(q, p)):
        # LC_β(P‖Q) = LC_{1−β}(Q‖P) and the pair is its own reverse: concave and symmetric in β.
        return tidy(_le_cam(sympy.Rational(1, 2), p, q))
    if all(is_rational(v) for t in terms for v in t):
        beta = _rational_maximiser([(to_fmpq(u), to_fmpq(v)) for u, v in terms])
        if beta is not None:
            return tidy(_le_cam(from_fmpq(beta), p, q))
    return Real(lambda prec: _concave_sup([(arb_of(u, prec), arb_of(v, prec)) for u, v in terms], prec),
                name="binary chi2 contraction")


def _rational_maximiser(terms: list[tuple[fmpq, fmpq]]) -> fmpq | None:
    """A rational β ∈ (0,1) with d/dβ LC_β = 0, if there is one (then it is a maximiser)."""
    lines = [fmpq_poly([b, a - b]) for a, b in terms]  # βa + (1−β)b, positive on (0,1)
    square = reduce(lambda s, t: s * t, (ell * ell for ell in lines))
    numerator = fmpq_poly([0])  # of g'(β) = Σ (a−b)²[(1−β)²b − β²a]/(βa+(1−β)b)²
    for (a, b), ell in zip(terms, lines):
        numerator += (a - b) ** 2 * fmpq_poly([b, -2 * b, b - a]) * (square // (ell * ell))
    if numerator == 0:  # LC_β is constant in β
        return fmpq(1, 2)
    for factor, _ in numerator.factor()[1]:
        if factor.degree() == 1:
            root = -factor[0] / factor[1]
            if 0 < root < 1:
                return root
    return None


def _slope(terms: list[tuple[arb, arb]], beta: arb) -> tuple[arb, arb]:
    """g(β) = LC_β and g'(β) = Σ (a−b)²[(1−β)²b − β²a]/(βa+(1−β)b)² as balls.

    Written with βa + (1−β)b, a sum of nonnegative terms, so no cancellation near β = 0, 1.
    """
    gamma = 1 - beta
    g, dg = arb(0), arb(0)
    for a, b in terms:
        d2 = (a - b) ** 2
        ell = beta * a + gamma * b
        g += d2 * beta * gamma / ell
        dg += d2 * (gamma * gamma * b - beta * beta * a) / (ell * ell)
    return g, dg


def _concave_sup(terms: list[tuple[arb, arb]], prec: int) -> arb:
    """A ball containing sup_{β∈(0,1)} g(β) for the concave g = LC_β (bisection on g').

    The midpoints are dyadic with at most `prec` bits, so they are exact balls.
    """
    lo, hi = fmpq(0), fmpq(1)
    left = right = None
    tolerance = arb(2) ** -prec
    lower = upper = None
    for _ in range(prec):
        m = (lo + hi) / 2
        g, s = _slope(terms, arb(m))
        if not (g.is_finite() and s.is_finite()):
            break
        if s > 0:
            lo, left = m, (g, s)
        elif s < 0:
            hi, right = m, (g, s)
        else:
            # g'(m) is within rounding of 0; concavity: g(β*) ≤ g(m) + |g'(m)|·|β* − m|.
            at_m = (g, g + abs(s).upper())
            lower, upper = at_m if left is None and right is None else _bracket(lo, hi, left, right)
            return lower.max(at_m[0]).union(upper.min(at_m[1]))
        lower, upper = _bracket(lo, hi, left, right)
        if upper - lower < tolerance * lower:
            break
    if lower is None:
        return arb.nan()
    return lower.union(upper)


def _bracket(lo: fmpq, hi: fmpq, left, right) -> tuple[arb, arb]:
    """Lower and upper balls for max g, given g' > 0 at lo (left) and g' < 0 at hi (right)."""
    width = arb(hi - lo)
    lowers, uppers = [], []
    if left is not None:
        lowers.append(left[0])
        uppers.append(left[0] + left[1] * width)
    if right is not None:
        lowers.append(right[0])
        uppers.append(right[0] - right[1] * width)
    return reduce(arb.max, lowers), reduce(arb.min, uppers)


# --------------------------------------------------------------------------------------------
# Closed forms of Ghazi–Issa Section VII


def max_tv_after_channel(eps: object, eta: object, p0: Sequence[object], p1: Sequence[object]) -> sympy.Expr:
    """sup_{Q ∈ Q_{ε,η}} d_TV(P0 Q, P1 Q) = η d_TV(P0, P1) (Ghazi–Issa Proposition 2, eq. 30).

    Attained by :func:`~symdp.local.channel.binary_erasure_mechanism` (eq. 31).
    """
    h = tv_eta(positive_eps(eps), eta)
    a, b = two_laws(p0, p1)
    return tidy(h * total_variation(a, b))


def max_f_divergence(f: Callable[[sympy.Expr], sympy.Expr], eps: object, eta: object) -> sympy.Expr:
    """sup_{(P0,P1) ∈ Q_{ε,η}} D_f(P0‖P1) = η [f(e^ε) + e^ε f(e^{−ε})] / (e^ε − 1).

    Ghazi–Issa Theorem 4 (eq. 32; cited in the text as "Lemma 4"), attained by the rows of
    Q*_{ε,η}. `f` is convex on [0, ∞) with f(1) = 0 (a sympy ``Lambda`` or a callable on sympy
    numbers); the paper asks f ≥ 0, but the formula is invariant under f → f + c(t − 1).
    """
    e = positive_eps(eps)
    h = tv_eta(e, eta)
    if not is_zero(sympy.sympify(f(sympy.Integer(1)))):
        raise ParameterError(f"f must satisfy f(1) = 0, got f(1) = {f(sympy.Integer(1))}")
    x = sympy.exp(e)
    return tidy(h * (f(x) + x * f(1 / x)) / (x - 1))


def kl_contraction_bound(eps: object, eta: object) -> sympy.Expr:
    """sup_{Q ∈ Q_{ε,η}} η_KL(Q) = η_KL(Q*_{ε,η}) = η (e^ε − 1)/(e^ε + 1).

    Ghazi–Issa Theorem 5 (eq. 33); at η = tanh(ε/2) it is tanh²(ε/2) (eq. 34, Asoodeh–Zhang).
    """
    e = positive_eps(eps)
    h = tv_eta(e, eta)
    x = sympy.exp(e)
    return tidy(h * (x - 1) / (x + 1))


def rr_kl_contraction(eps: object, M: int) -> sympy.Expr:
    """η_χ²(Q_R) = η_KL(Q_R) = (e^ε − 1)² / ((e^ε + M − 1)(e^ε + 1)) for M-ary randomized response.

    Ghazi–Issa eq. (36). The paper prints "≤"; the bound is attained (Asoodeh–Zhang, Prop. 1),
    by an input law uniform on two symbols, so it is the value.
    """
    M = params.count(M, "M", 2)
    e = params.nonnegative(eps, "eps")
    x = sympy.exp(e)
    return tidy((x - 1) ** 2 / ((x + M - 1) * (x + 1)))


def chi2_tv_bound(eps: object, eta: object, tv: object) -> sympy.Expr:
    """χ²(P0 Q‖P1 Q) ≤ 4η(e^ε − 1)(1 + e^{−ε}) d_TV(P0,P1)² for Q ∈ Q_{ε,η}.

    Ghazi–Issa Theorem 6 (eq. 40), with the corrected range η ∈ [0, tanh(ε/2)] (the paper
    prints (e^ε+1)/(e^ε−1)); at η = tanh(ε/2) it is Asoodeh–Zhang's 4(e^ε−1)²/e^ε · d_TV².
    """
    e = positive_eps(eps)
    h = tv_eta(e, eta)
    t = params.probability(tv, "tv")
    x = sympy.exp(e)
    return tidy(4 * h * (x - 1) * (1 + 1 / x) * t ** 2)


def erasure_conversion_factor(eps: object, eta: object) -> sympy.Expr:
    """η (e^ε + 1)/(e^ε − 1) = 1 − α: OPT_{ε,η} ≥ this · OPT_ε (Ghazi–Issa Theorem 7, eq. 42).

    Composing an ε-LDP channel with the erasure W_α, α = 1 − η(e^ε+1)/(e^ε−1), lands in
    Q_{ε,η} (Lemma 3) and multiplies every f-divergence of the output laws by 1 − α.
    """
    e = positive_eps(eps)
    h = tv_eta(e, eta)
    x = sympy.exp(e)
    return tidy(h * (x + 1) / (x - 1))
