"""(ε,δ)-local privacy for a binary input (Kairouz–Oh–Viswanath, Section 5).

* the quaternary mechanism Q_QT (eq. 38): release X with probability δ, otherwise apply the
  binary mechanism with parameter ε;
* the error region R_{ε,δ} of tests of X from Y (Theorem 19): P_FA + e^ε P_MD ≥ 1 − δ and
  e^ε P_FA + P_MD ≥ 1 − δ (with the two mirrored inequalities, which every region satisfies
  because the complementary test is available);
* Blackwell dominance (Theorem 20): Q⁽¹⁾ dominates Q⁽²⁾ iff Q⁽²⁾ = Q⁽¹⁾W for a
  row-stochastic W, decided exactly as an LP feasibility problem.
"""

from __future__ import annotations

import sympy

from ..numerics import lp, params
from ..errors import ParameterError, require
from ..numbers import from_fmpq, sign
from .channel import Channel, tidy


def quaternary_mechanism(eps: object, delta: object) -> Channel:
    """Q_QT of eq. (38), outputs {0, 1, 2, 3}:

    Q(0|0) = δ, Q(1|1) = δ, Q(2|0) = (1−δ)/(1+e^ε), Q(3|0) = (1−δ)e^ε/(1+e^ε),
    Q(2|1) = (1−δ)e^ε/(1+e^ε), Q(3|1) = (1−δ)/(1+e^ε), all other entries 0.
    """
    e = params.nonnegative(eps, "eps")
    d = params.probability(delta, "delta")
    E = sympy.exp(e)
    lo, hi = tidy((1 - d) / (1 + E)), tidy((1 - d) * E / (1 + E))
    z = sympy.Integer(0)
    return Channel([[d, z, lo, hi], [z, d, hi, lo]])


def satisfies_ldp(channel: Channel, eps: object, delta: object = 0) -> bool:
    """Exact test of (ε,δ)-LDP (eq. 33): Q(S|x) ≤ e^ε Q(S|x') + δ for every S ⊆ Y and x, x'.

    For fixed x, x' the worst S is {y : Q(y|x) > e^ε Q(y|x')}, so the check is a sum of
    positive parts: Σ_y (Q(y|x) − e^ε Q(y|x'))₊ ≤ δ.
    """
    e = params.nonnegative(eps, "eps")
    d = params.probability(delta, "delta")
    E = sympy.exp(e)
    for a in channel.rows:
        for b in channel.rows:
            excess = sum((t for t in (x - E * y for x, y in zip(a, b)) if sign(t) > 0), sympy.Integer(0))
            if sign(excess - d) > 0:
                return False
    return True


def error_region_vertices(eps: object, delta: object) -> tuple[tuple[sympy.Expr, sympy.Expr], ...]:
    """The vertices (P_MD, P_FA) of R_{ε,δ} (Section 5), counter-clockwise from (0, 1).

    (0,1), (0,1−δ), ((1−δ)/(1+e^ε), (1−δ)/(1+e^ε)), (1−δ,0), (1,0), (1,δ),
    ((e^ε+δ)/(1+e^ε), (e^ε+δ)/(1+e^ε)), (δ,1); repeated points are dropped when δ = 0 or 1.
    """
    e = params.nonnegative(eps, "eps")
    d = params.probability(delta, "delta")
    E = sympy.exp(e)
    one, zero = sympy.Integer(1), sympy.Integer(0)
    pts = [(zero, one), (zero, 1 - d), (tidy((1 - d) / (1 + E)),) * 2, (1 - d, zero), (one, zero), (one, d),
           (tidy((E + d) / (1 + E)),) * 2, (d, one)]
    out: list[tuple[sympy.Expr, sympy.Expr]] = []
    for p in pts:
        if not out or out[-1] != p:
            out.append(p)
    if len(out) > 1 and out[-1] == out[0]:
        out.pop()
    return tuple(out)


def in_error_region(p_md: object, p_fa: object, eps: object, delta: object) -> bool:
    """(P_MD, P_FA) ∈ R_{ε,δ}, exactly (the four defining inequalities)."""
    E = sympy.exp(params.nonnegative(eps, "eps"))
    d = params.probability(delta, "delta")
    md, fa = sympy.sympify(p_md), sympy.sympify(p_fa)
    return all(sign(v) >= 0 for v in (fa + E * md - (1 - d), E * fa + md - (1 - d),
                                      E + d - fa - E * md, E + d - E * fa - md))


def decision_points(channel: Channel) -> tuple[tuple[sympy.Expr, sympy.Expr], ...]:
    """(P_MD, P_FA) of every deterministic test X̂ = 1{Y ∈ A}, A ⊆ Y, for a binary-input Q."""
    require(channel.n_inputs == 2, "channel.n_inputs", "2 (a binary input)", channel.n_inputs)
    n = channel.n_outputs
    if n > 16:
        raise ParameterError(f"channel.n_outputs must be at most 16 (2^n tests), got {n}")
    q0, q1 = channel.rows
    out = []
    for m in range(1 << n):
        A = [y for y in range(n) if m >> y & 1]
        fa = sum((q0[y] for y in A), sympy.Integer(0))            # decide 1 while X = 0
        md = 1 - sum((q1[y] for y in A), sympy.Integer(0))        # decide 0 while X = 1
        out.append((tidy(md), tidy(fa)))
    return tuple(out)


def dominance_kernel(stronger: Channel, weaker: Channel) -> Channel | None:
    """A row-stochastic W with weaker = stronger·W (Blackwell dominance), or None if none exists.

    Exact LP feasibility over the rationals (both channels must be rational); None is a proof
    that `stronger` does not dominate `weaker`.
    """
    for name, ch in (("stronger", stronger), ("weaker", weaker)):
        if not isinstance(ch, Channel):
            raise ParameterError(f"{name} must be a Channel, got {type(ch).__name__}")
        if not ch.is_rational:
            raise ParameterError(f"{name} must have rational entries (an exact LP), got {ch}")
    require(weaker.n_inputs == stronger.n_inputs, "weaker.n_inputs", f"stronger.n_inputs = {stronger.n_inputs}",
            weaker.n_inputs)
    a, b, k = stronger.n_outputs, weaker.n_outputs, stronger.n_inputs
    # variables W[y][z], index y*b + z
    rows, rhs = [], []
    for x in range(k):
        for z in range(b):
            rows.append([stronger.rows[x][y] if zz == z else 0 for y in range(a) for zz in range(b)])
            rhs.append(weaker.rows[x][z])
    for y in range(a):
        rows.append([1 if yy == y else 0 for yy in range(a) for _ in range(b)])
        rhs.append(1)
    x = lp.feasible_point(rows, rhs, n=a * b)
    if x is None:
        return None
    return Channel([[from_fmpq(x[y * b + z]) for z in range(b)] for y in range(a)])


def dominates(stronger: Channel, weaker: Channel) -> bool:
    """Blackwell: weaker = stronger·W for some row-stochastic W (Theorem 20), exactly."""
    return dominance_kernel(stronger, weaker) is not None
