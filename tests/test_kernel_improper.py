"""Improper integrals over [lo, ∞) (and from −∞) in the kernel: monotonicity, linearity and the
exchange of a finite sum with an integral (Tonelli for finite sums) — issue 27 §1.2.

Each rule applied correctly is proved and replays; a wrong application is refused when it is
applied and a tampered certificate disagrees at the re-check. The conclusions are checked against
an independent route: sympy's own integration of the improper integrals in closed form.
"""

from __future__ import annotations

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st
from sympy import Integral, Piecewise, Sum, exp, oo

from symdp.errors import ParameterError
from symdp.verify import kernel as K
from symdp.verify.goals import canonical_srepr
from test_kernel import _retarget, disagrees, refused, replays
from test_kernel_rules import forged

u, x = sympy.symbols("u x", real=True)
j, n = sympy.symbols("j n", integer=True)
c = sympy.Symbol("c", positive=True)


def _tail(a: sympy.Basic) -> sympy.Basic:
    return 1 / (u + a) ** 2


def test_an_improper_integral_is_monotone():
    point = K.decide(K.goal(_tail(c + 1) <= _tail(c), [u >= 0]))
    ev = K.integrated(point, u, 0, oo)
    assert replays(ev)[0].startswith("integrate: the conclusion is the rule's instance from 1 certified premise(s); side:")
    lhs, rhs = K.fact(ev).goal.conclusion.args
    assert K.fact(ev).goal.conclusion == sympy.Le(Integral(_tail(c + 1), (u, 0, oo)), Integral(_tail(c), (u, 0, oo)))
    assert sympy.simplify(lhs.doit() - 1 / (c + 1)) == 0 and sympy.simplify(rhs.doit() - 1 / c) == 0   # 1/(c+1) ≤ 1/c
    # from −∞ to ∞ with no hypothesis at all
    whole = K.integrated(K.decide(K.goal(1 / (u ** 2 + c + 1) <= 1 / (u ** 2 + c))), u, -oo, oo)
    assert replays(whole)
    lhs, rhs = K.fact(whole).goal.conclusion.args
    assert sympy.simplify(lhs.doit() - sympy.pi / sympy.sqrt(c + 1)) == 0 and sympy.simplify(rhs.doit() - sympy.pi / sympy.sqrt(c)) == 0


@settings(max_examples=20, deadline=None)
@given(st.fractions(min_value=0, max_value=5, max_denominator=7), st.fractions(min_value=0, max_value=5, max_denominator=7))
def test_the_monotone_conclusion_holds_at_rational_points(a0, shift):
    """The proved ∫_0^∞ (u + c + 1)^−2 ≤ ∫_0^∞ (u + c)^−2 at c = a0 + 1/7 ... by sympy's integration."""
    ev = _monotone_cached()
    value = sympy.Rational(a0.numerator, a0.denominator) + sympy.Rational(1, 7) + sympy.Rational(shift.numerator, shift.denominator)
    lhs, rhs = (t.xreplace({c: value}).doit() for t in K.fact(ev).goal.conclusion.args)
    assert lhs <= rhs and lhs == 1 / (value + 1)


_CACHE: dict = {}


def _monotone_cached():
    if "ev" not in _CACHE:
        _CACHE["ev"] = K.integrated(K.decide(K.goal(_tail(c + 1) <= _tail(c), [u >= 0])), u, 0, oo)
    return _CACHE["ev"]


def test_an_improper_integral_is_refused_off_its_conditions():
    point = K.decide(K.goal(_tail(c + 1) <= _tail(c), [u >= 0]))
    refused(K.integrated(K.decide(K.goal(_tail(2) <= _tail(1), [u >= 1])), u, 0, oo), "must include")  # premise on [1, ∞)
    refused(K.integrated(point, u, oo, 0), "infinite end")
    refused(K.integrated(point, u, 0, -oo), "infinite end")
    refused(K.integrated(point, u, 0, sympy.zoo), "infinite end")
    bump = Piecewise((1, u > 1), (0, True))
    lebesgue = K.integrated(K.decide(K.goal(bump * _tail(1) <= _tail(1), [u >= 0])), u, 0, oo)   # no side: Lebesgue
    assert replays(lebesgue) and lebesgue.data["certificate"]["side"] == []
    assert Integral(Piecewise((1, u > 1), (0, True)) * _tail(1), (u, 0, oo)).doit() == sympy.Rational(1, 2)
    undefined = K.decide(K.goal(1 / (u - 1) ** 2 >= 0, [u >= 0]))
    refused(K.integrated(undefined, u, 0, oo), "fails at")                  # not defined at u = 1
    leaning = K.decide(K.goal(_tail(x + 1) <= _tail(x), [u >= 0, x >= 0, u >= x]))
    refused(K.integrated(leaning, u, 0, oo), "depend on")
    # the replay: a tampered end disagrees; a forged step from a premise on [1, ∞) disagrees
    ev = K.integrated(point, u, 0, oo)
    assert "interval" in disagrees(ev, lambda cert: cert["params"].update(lo=canonical_srepr(sympy.Integer(-1))))
    assert "not what the rule gives" in disagrees(ev, lambda cert: _retarget(cert, K.goal(sympy.Le(
        Integral(_tail(c + 1), (u, 0, oo)), Integral(_tail(c), (u, 0, oo)) / 2, evaluate=False))))
    narrow = K.decide(K.goal(_tail(2) <= _tail(1), [u >= 1]))
    target = K.goal(Integral(_tail(2), (u, 0, oo)) <= Integral(_tail(1), (u, 0, oo)))
    assert "interval" in forged(narrow, "integrate", target, {"index": canonical_srepr(u), "lo": canonical_srepr(sympy.Integer(0)),
                                                              "hi": canonical_srepr(oo)})


def test_linearity_of_an_improper_integral_and_its_constant_part():
    term = Integral(2 * _tail(1) + 3 * c * _tail(2), (u, 0, oo))
    ev = K.linear(term)
    assert replays(ev)
    lhs, rhs = K.fact(ev).goal.conclusion.args
    assert sympy.simplify(lhs.doit() - rhs.doit()) == 0 and sympy.simplify(rhs.doit() - (2 + 3 * c / 2)) == 0
    refused(K.linear(Integral(1 + _tail(1), (u, 0, oo))), "constant part")  # ∫ 1 diverges
    bounded = K.linear(Integral(1 + 2 * u, (u, 0, c)))
    assert replays(bounded) and K.fact(bounded).goal.conclusion.rhs == c + 2 * Integral(u, (u, 0, c))
    forged_goal = K.goal(sympy.Eq(Integral(1 + _tail(1), (u, 0, oo)), Integral(_tail(1), (u, 0, oo)), evaluate=False))
    assert "constant part" in forged(None, "linear", forged_goal, {"term": canonical_srepr(Integral(1 + _tail(1), (u, 0, oo)))})
    with pytest.raises(ParameterError):
        K.linear(Integral(u, (u, 0, 1), (x, 0, 1)))


def test_a_finite_sum_and_an_improper_integral_exchange():
    term = Sum(Integral(exp(-j * u), (u, 0, oo)), (j, 1, n))
    ev = K.swap(term)
    assert replays(ev)
    lhs, rhs = K.fact(ev).goal.conclusion.args
    assert rhs == Integral(Sum(exp(-j * u), (j, 1, n)), (u, 0, oo))
    back = K.swap(rhs)
    assert replays(back) and K.fact(back).goal.conclusion.rhs == term
    for m in (1, 2, 3):   # both sides at n = m by sympy's integration: the harmonic number H_m
        assert sympy.simplify(lhs.xreplace({n: m}).doit() - sympy.harmonic(m)) == 0
        assert sympy.simplify(Integral(sum(exp(-k * u) for k in range(1, m + 1)), (u, 0, oo)).doit() - sympy.harmonic(m)) == 0
    refused(K.swap(Sum(Integral(exp(-j * u), (u, 0, j)), (j, 1, n))), "depends")
    refused(K.swap(Integral(Sum(exp(-j * u), (j, 1, n)), (u, j, oo))), "depends")
    refused(K.swap(Sum(Integral(exp(-j * u), (u, 0, oo)), (j, 1, n / 2))), "integer-valued")
    assert "not what the rule gives" in disagrees(ev, lambda cert: _retarget(cert, K.goal(sympy.Eq(
        term, Integral(Sum(exp(-j * u), (j, 1, n + 1)), (u, 0, oo))))))
    half = Sum(Integral(exp(-j * u), (u, 0, oo)), (j, 1, n / 2))   # a forged swap over a non-integer range
    forged_goal = K.goal(sympy.Eq(half, Integral(Sum(exp(-j * u), (j, 1, n / 2)), (u, 0, oo)), evaluate=False))
    assert "integer-valued" in forged(None, "swap", forged_goal, {"term": canonical_srepr(half)})
