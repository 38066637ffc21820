"""Integrability by domination in the kernel (``dominated``, issue 27 §1): Integrable(f) from
Integrable(g), |f| ≤ g where g is defined, and the integrability (hence measurability) of the parts of
f that are not Borel operations by their form.

The step applied correctly is proved and replays; a wrong application (no domination, f undefined
where g is defined, a hypothesis about the variable) is refused, a tampered certificate disagrees,
and the parts whose measurability is not known by form are required. The conclusion is checked
against an independent route: sympy's integration under a concrete law.
"""

from __future__ import annotations

import pytest
import sympy
from sympy import IndexedBase, Piecewise, exp

from symdp.errors import ParameterError
from symdp.verify import kernel as K
from symdp.verify.goals import canonical_srepr
from test_kernel import _retarget, disagrees, refused, replays

x, s = sympy.symbols("x s", real=True)
eps = sympy.Symbol("epsilon", positive=True)
mu = K.Law("mu")
P0, P1 = IndexedBase("P0", nonnegative=True), IndexedBase("P1", nonnegative=True)
STAR = Piecewise((1, P0[x] <= exp(eps) * P1[x]), (0, True))     # the likelihood-ratio test 1{P0 ≤ e^ε P1}


def _star() -> K.Evidence:
    return K.dominated(K.Integrable(STAR * P0[x], (x, mu)), P0[x])


def test_a_test_times_a_density_is_integrable():
    ev = _star()
    assert replays(ev)
    got = K.fact(ev).goal
    assert got.conclusion == K.Integrable(STAR * P0[x], (x, mu))
    assert set(got.hypotheses) == {K.Integrable(P0[x], (x, mu)), K.Integrable(P1[x], (x, mu))}   # P1 enters the test
    # under a concrete law (uniform on [0, 1]) and densities, sympy's integrals: E|f| ≤ E g < ∞
    p0, p1 = 2 * s, 2 - 2 * s
    for e0 in (sympy.Rational(1, 10), 1, 3):
        f = Piecewise((p0, p0 <= exp(e0) * p1), (0, True))
        lhs, rhs = sympy.integrate(f, (s, 0, 1)), sympy.integrate(p0, (s, 0, 1))
        assert lhs.is_finite and 0 <= lhs <= rhs == 1


def test_the_parts_not_borel_by_form_must_be_integrable():
    a, delta = K.Test("a"), sympy.Function("delta")
    ev = K.dominated(K.Integrable(a[x] * P0[x] + P1[x] ** 2 / (1 + P1[x] ** 2), (x, mu)), P0[x] + 1)
    assert replays(ev)
    assert set(K.fact(ev).goal.hypotheses) == {K.Integrable(P0[x] + 1, (x, mu)), K.Integrable(a[x], (x, mu)),
                                               K.Integrable(P0[x], (x, mu)), K.Integrable(P1[x], (x, mu))}
    # an applied function may be undefined anywhere: its definedness is unknown, so nothing follows
    refused(K.dominated(K.Integrable(delta(x) ** 2 / (1 + delta(x) ** 2), (x, mu)), sympy.Integer(1)), "cannot tell")
    # a binder in x is a part too (its measurability is not read from its form)
    j, n = sympy.symbols("j n", integer=True)
    q = IndexedBase("q", nonnegative=True)
    inner = sympy.Sum(q[j] * P0[x], (j, 1, n))
    ev = K.dominated(K.Integrable(sympy.Min(sympy.Max(inner, 0), 1), (x, mu)), sympy.Integer(1))
    assert replays(ev) and K.Integrable(inner, (x, mu)) in K.fact(ev).goal.hypotheses


def test_a_wrong_domination_is_refused():
    refused(K.dominated(K.Integrable(2 * P0[x], (x, mu)), P0[x]), "fails at")              # |f| ≤ g fails
    refused(K.dominated(K.Integrable(P0[x] / P1[x], (x, mu)), P0[x]), "fails at")          # f undefined at P1 = 0
    assert replays(K.dominated(K.Integrable(STAR * P0[x], (x, mu)), P0[x] + s ** 2, [s >= 0]))
    refused(K.dominated(K.Integrable(STAR * P0[x], (x, mu)), P0[x], [x >= 0]), "may not mention")
    with pytest.raises(ParameterError):
        K.dominated(K.Expect(P0[x], (x, mu)), P0[x])


def test_a_tampered_domination_disagrees():
    ev = _star()
    assert "side condition" in disagrees(ev, lambda cert: cert["side"].clear())
    fewer = K.goal(K.Integrable(STAR * P0[x], (x, mu)), [K.Integrable(P0[x], (x, mu))])   # P1's integrability dropped
    assert "not what the rule gives" in disagrees(ev, lambda cert: _retarget(cert, fewer))
    assert "not what the rule gives" in disagrees(ev, lambda cert: cert["params"].update(bound=canonical_srepr(P0[x] / 2)))
    halved = K.goal(K.Integrable(STAR * P0[x], (x, mu)), [K.Integrable(P0[x] / 2, (x, mu)), K.Integrable(P0[x], (x, mu)),
                                                           K.Integrable(P1[x], (x, mu))])
    assert "side condition" in disagrees(ev, lambda cert: (cert["params"].update(bound=canonical_srepr(P0[x] / 2)),
                                                           _retarget(cert, halved)))
