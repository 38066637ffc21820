"""An affine function on the cube [0, 1]^m is bounded by its value at the best vertex, as kernel steps.

This carries two arguments the papers make in words: "randomised tests are mixtures of
deterministic ones" (Ghazi–Issa, Theorem 1, after Kairouz–Oh–Viswanath) and "(59) is affine in the
column, so it holds on the cube once it holds at the vertices" (Kairouz–Oh–Viswanath, Lemma 24).
For weights w_i ∈ [0, 1]: w_i c_i ≤ max(c_i, 0) = s_i c_i where s_i = 1 exactly when c_i > 0 (the
vertex), decided in real arithmetic for each i, then summed over i = 1, …, m (the kernel's sum rule)
and chained. The lower form uses min(c_i, 0) and the vertex s_i = 1 exactly when c_i < 0.
"""

from __future__ import annotations

from typing import Sequence

import sympy

from symdp.verify import kernel


def indicator(c: sympy.Expr, vertex: sympy.Expr, upper: bool = True) -> sympy.Basic:
    """`vertex` is 1 where c > 0 (c < 0 when not `upper`) and 0 elsewhere: the best vertex for c."""
    wins = c > 0 if upper else c < 0
    return sympy.Or(sympy.And(sympy.Eq(vertex, 1), wins), sympy.And(sympy.Eq(vertex, 0), sympy.Not(wins)))


def vertex_bound(c: sympy.Expr, weight: sympy.Expr, weight_range: Sequence[sympy.Basic], vertex: sympy.Expr,
                 i: sympy.Symbol, m: sympy.Symbol, upper: bool = True):
    """Σ_{i=1}^m weight·c ≤ Σ vertex·c (≥ when not `upper`) for every i with `weight_range`
    (conditions that put the weight in [0, 1]) and :func:`indicator` for `vertex`. Returns the kernel
    evidence; its hypotheses hold Every(weight_range) and Every(indicator)."""
    bound = sympy.Max if upper else sympy.Min
    span = [i >= 1, i <= m]
    relation = sympy.Le if upper else sympy.Ge
    pointwise = kernel.decide(kernel.goal(relation(weight * c, bound(c, 0)), [*span, *weight_range]),
                              detail=f"w·c {'≤ max' if upper else '≥ min'}(c, 0) for w ∈ [0, 1]")
    at_vertex = kernel.decide(kernel.goal(sympy.Eq(bound(c, 0), vertex * c), [*span, indicator(c, vertex, upper)]),
                              detail=f"{'max' if upper else 'min'}(c, 0) is c at the vertex and 0 elsewhere")
    summed = [kernel.summed(pointwise, i, 1, m), kernel.summed(at_vertex, i, 1, m)]
    return kernel.chain(*(summed if upper else summed[::-1]),
                        detail="an affine function on the cube is bounded by its value at the best vertex")
