"""Limits at ±∞ in the kernel (``at_infinity``): lim_{k→∞} f(k) = g(0) where g(t) = f(1/t) for
t > 0 and g is continuous by its form and defined at 0 (issue 27 §1).

Each step applied correctly is proved and replays; a wrong application (a g that differs from
f(1/t), one undefined at 0 or not continuous by its form, a hypothesis about k) is refused when it
is applied, and a tampered certificate disagrees at the re-check. Conclusions are checked against an
independent route: sympy's own ``limit`` at rational parameters.
"""

from __future__ import annotations

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st
from sympy import Limit, Piecewise, exp, log, oo

from symdp.verify import kernel as K
from symdp.verify.goals import canonical_srepr
from test_kernel import _retarget, disagrees, refused, replays
from test_kernel_rules import forged

x, t, s = sympy.symbols("x t s", real=True)
k = sympy.Symbol("k", integer=True)
n, phi = sympy.symbols("n phi", positive=True)
a = sympy.Symbol("a", real=True)
_CACHE: dict = {}


def _root() -> K.Evidence:
    """[nφ²]^{−(k−1)/k} → (nφ²)^{−1} as k → ∞ (k an integer): g(t) = (nφ²)^{t−1}."""
    if "root" not in _CACHE:
        _CACHE["root"] = K.at_infinity(Limit((n * phi ** 2) ** (-(k - 1) / k), k, oo), t, (n * phi ** 2) ** (t - 1))
    return _CACHE["root"]


def test_a_root_tends_to_one_over_its_base():
    ev = _root()
    assert replays(ev)[0].startswith("infinity: the conclusion is the rule's instance from 0 certified premise(s)")
    assert K.fact(ev).goal.conclusion == sympy.Eq(Limit((n * phi ** 2) ** (-(k - 1) / k), k, oo), 1 / (n * phi ** 2))


@settings(max_examples=10, deadline=None)
@given(st.fractions(min_value=sympy.Rational(1, 9), max_value=9, max_denominator=9),
       st.fractions(min_value=sympy.Rational(1, 9), max_value=3, max_denominator=9))
def test_the_root_limit_agrees_with_sympys_limit(n0, phi0):
    """At rational n, φ > 0, sympy's limit of the real-variable function (which the sequence follows)."""
    point = {n: sympy.Rational(n0.numerator, n0.denominator), phi: sympy.Rational(phi0.numerator, phi0.denominator)}
    lhs, rhs = K.fact(_root()).goal.conclusion.args
    f = lhs.args[0].xreplace(point).xreplace({k: x})
    assert sympy.limit(f, x, oo) == rhs.xreplace(point)


def test_limits_at_minus_infinity_and_with_the_substitution_as_written():
    below = K.at_infinity(Limit(1 / x + exp(1 / x), x, -oo), t)          # g(t) = −t + e^{−t} as sympy writes f(−1/t)
    assert replays(below)
    assert K.fact(below).goal.conclusion == sympy.Eq(Limit(1 / x + exp(1 / x), x, -oo), 1)
    assert sympy.limit(1 / x + exp(1 / x), x, -oo) == 1
    ratio = K.at_infinity(Limit(x / (x + a ** 2 + 1), x, oo), t, 1 / (1 + (a ** 2 + 1) * t))
    assert replays(ratio) and K.fact(ratio).goal.conclusion.rhs == 1
    for value in (0, sympy.Rational(1, 3), 5):
        assert sympy.limit((x / (x + a ** 2 + 1)).xreplace({a: value}), x, oo) == 1
    guarded = K.at_infinity(Limit(log(a + 1 / x), x, oo), t, log(a + t), [a > 0])   # log a needs a > 0
    assert replays(guarded) and K.fact(guarded).goal.conclusion.rhs == log(a)
    assert sympy.limit(log(2 + 1 / x), x, oo) == log(2)


def test_a_wrong_limit_at_infinity_is_refused():
    refused(K.at_infinity(Limit(x / (x + 1), x, oo), t, 1 / (1 + 2 * t)), "fails at")           # not f(1/t)
    refused(K.at_infinity(Limit(log(a + 1 / x), x, oo), t, log(a + t)), "fails at")             # log a undefined for a ≤ 0
    refused(K.at_infinity(Limit(x, x, oo), t), "zoo")                                            # g = 1/t: g(0) is no number
    refused(K.at_infinity(Limit(x / (1 + a * x), x, oo), t, 1 / (t + a)), "fails at")            # g(0) = 1/a, undefined at a = 0
    assert replays(K.at_infinity(Limit(x / (1 + a * x), x, oo), t, 1 / (t + a), [a > 0]))
    refused(K.at_infinity(Limit(1 / x, x, oo), t, Piecewise((t, t > 0), (1, True))), "continuous")
    refused(K.at_infinity(Limit(1 / x, x, oo), t, t, [x > 0]), "free of")
    refused(K.at_infinity(Limit(1 / x, x, oo), t, t, [t > 0]), "free of")
    refused(K.at_infinity(Limit(1 / x, x, oo), x, t), "new variable")
    refused(K.at_infinity(Limit(s / x, x, oo), s, 0), "new variable")
    refused(K.at_infinity(Limit(1 / x, x, oo), t, x * t), "free of")
    refused(K.at_infinity(Limit(exp(1 / x), x, -oo), t, exp(t)), "fails at")                    # the side of −∞ is e^{−t}
    refused(K.at_infinity(Limit(1 / (sympy.Symbol("y", positive=True)), sympy.Symbol("y", positive=True), oo), t), "assumption")


def test_a_tampered_limit_at_infinity_disagrees():
    ev = K.at_infinity(Limit(x / (x + 1), x, oo), t, 1 / (1 + t))
    assert "not what the rule gives" in disagrees(ev, lambda cert: _retarget(cert, K.goal(sympy.Eq(Limit(x / (x + 1), x, oo), 2))))
    assert "side condition" in disagrees(ev, lambda cert: cert["params"].update(value=canonical_srepr(1 / (1 + 2 * t))))
    assert "side condition" in disagrees(ev, lambda cert: cert["side"].clear())
    wrong = Limit(exp(1 / x), x, -oo)   # forged with f(1/t) where the rule reads f(−1/t): its side is not the rule's
    good = K.at_infinity(Limit(exp(1 / x), x, oo), t, exp(t))
    assert replays(good)
    assert "not what the rule gives" in disagrees(good, lambda cert: cert["params"].update(term=canonical_srepr(wrong)))
    swapped = K.goal(sympy.Eq(wrong, 1))   # the conclusion retargeted too: the side recorded is for f(1/t), not f(−1/t)
    assert "side condition" in disagrees(good, lambda cert: (cert["params"].update(term=canonical_srepr(wrong)),
                                                             _retarget(cert, swapped)))
    target = K.goal(sympy.Eq(Limit(1 / x, x, oo), 1))
    assert "continuous" in forged(None, "infinity", target, {"term": canonical_srepr(Limit(1 / x, x, oo)), "variable": canonical_srepr(t),
                                                             "value": canonical_srepr(Piecewise((t, t > 0), (1, True)))})
    target = K.goal(sympy.Eq(Limit(1 / x, x, oo), 0), [t > 0])
    assert "free of" in forged(None, "infinity", target, {"term": canonical_srepr(Limit(1 / x, x, oo)), "variable": canonical_srepr(t),
                                                          "value": canonical_srepr(t), "hypotheses": [canonical_srepr(t > 0)]})
