"""Derivative rules with premises and on an open interval (issue 27 §1.4): `increasing` may assume
proved facts about x in its side condition (wherever every term of them is defined), and with
`interior=True` needs f' only on (a, b) (f defined on [a, b]). Checked against an independent
route: the proved inequality evaluated at rational points with mpmath at 60 digits.
"""

from __future__ import annotations

import mpmath
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st
from sympy import exp, sqrt

from symdp.verify import kernel as K
from test_kernel import disagrees, refused, replays

x = sympy.Symbol("x", real=True)
b = sympy.Symbol("b", real=True)
F = exp(x) - x ** 2 / 2 - x      # F' = e^x − 1 − x ≥ 0: z3 cannot see it, the tangent line at 0 gives it


def _with_tangent():
    line = K.tangent(exp(x), x, 0, 0, b)           # e^x ≥ 1 + x on [0, b]
    return K.increasing(F, x, 0, b, premises=[line])


def test_a_premise_about_x_carries_the_side_condition():
    ev = _with_tangent()
    assert {a.split(":")[0] for a in replays(ev)} == {"increasing", "tangent"}
    assert K.fact(ev).goal.conclusion == sympy.Le(F.xreplace({x: 0}), F.xreplace({x: b}))
    refused(K.increasing(F, x, 0, b), "fails")                                   # without the tangent line


@settings(max_examples=20, deadline=None)
@given(st.fractions(min_value=0, max_value=20, max_denominator=9))
def test_the_conclusion_holds_at_rational_points(value):
    lhs, rhs = K.fact(_cached()).goal.conclusion.args
    mpmath.mp.dps = 60
    at = mpmath.mpf(value.numerator) / value.denominator
    assert mpmath.mpf(str(lhs)) <= mpmath.exp(at) - at ** 2 / 2 - at + mpmath.mpf(10) ** -50


_CACHE: dict = {}


def _cached():
    if "ev" not in _CACHE:
        _CACHE["ev"] = _with_tangent()
    return _CACHE["ev"]


def test_premises_count_only_where_every_term_is_defined():
    # two premises that disagree at x = 1, where their left sides are undefined, must not exclude x = 1
    one = K.decide(K.goal(sympy.Eq((x ** 2 - x) / (x - 1), x)))
    two = K.decide(K.goal(sympy.Eq((2 * x ** 2 - 2 * x) / (x - 1), 2 * x)))
    refused(K.increasing(-1 / (x - 1), x, 0, b, [b >= 2], premises=[one, two]), "fails at")
    # a premise with a partial term replays with its guard (1/x > 0 where x ≠ 0)
    positive = K.decide(K.goal(1 / x > 0, [x > 0]))
    guarded = K.increasing(sympy.log(x), x, 1, b, premises=[positive])
    assert replays(guarded) and K.fact(guarded).goal.conclusion == sympy.Le(0, sympy.log(b))
    c = sympy.Symbol("c", real=True)
    stray = K.decide(K.goal(x * c <= x ** 2 / 2 + c ** 2 / 2))
    refused(K.increasing(F, x, 0, b, premises=[stray]), "variables")


def test_the_derivative_only_on_the_open_interval():
    root = sqrt(x) + x                                   # f' = 1/(2√x) + 1, undefined at 0
    refused(K.increasing(root, x, 0, b, [b >= 0]), "fails at")
    ev = K.increasing(root, x, 0, b, [b >= 0], interior=True)
    assert replays(ev) and K.fact(ev).goal.conclusion == sympy.Le(0, sqrt(b) + b)
    # the replay wants both side conditions of an interior step
    assert "side condition" in disagrees(ev, lambda cert: cert["params"].pop("interior"))
    assert "interior" in disagrees(ev, lambda cert: cert["params"].update(interior="yes"))
    refused(K.increasing(-1 / x, x, -1, b, [b >= 1], interior=True), "fails at")   # f undefined at 0, inside
