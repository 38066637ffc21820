"""Interval additivity of integrals in the kernel (``split``), and a linear split with nothing to
split refused (issue 27 §1).

Each step applied correctly is proved and replays; a wrong application (a point outside the
interval, an integrand undefined somewhere on it or not continuous by its form) is refused when it
is applied, and a tampered certificate disagrees at the re-check. Conclusions are checked against an
independent route: sympy's own integration, at rational points.
"""

from __future__ import annotations

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st
from sympy import IndexedBase, Integral, Max, Piecewise, Sum, exp, oo

from symdp.verify import kernel as K
from symdp.verify.goals import canonical_srepr
from test_kernel import _retarget, disagrees, refused, replays
from test_kernel_rules import forged

u, th, g, a, b, c = sympy.symbols("u theta g a b c", real=True)
y, ell = sympy.symbols("y l", integer=True)
e, w = IndexedBase("e"), IndexedBase("w")
_CACHE: dict = {}


def _max_integral() -> K.Evidence:
    """∫_0^1 Max(θ − g, 0) dθ = (1 − g)²/2 for 0 ≤ g ≤ 1: split at g, integrated(=) on each part
    (the integrand is 0 left of g and θ − g right of it), ∫ 0 = 0 by linearity, the fundamental theorem."""
    if "max" not in _CACHE:
        f = Max(th - g, 0)
        whole = K.split(Integral(f, (th, 0, 1)), g)
        left = K.integrated(K.decide(K.goal(sympy.Eq(f, 0), [0 <= th, th <= g])), th, 0, g)
        zero = K.linear(Integral(0, (th, 0, g)))
        right = K.integrated(K.decide(K.goal(sympy.Eq(f, th - g), [g <= th, th <= 1])), th, g, 1)
        area = K.fundamental((th - g) ** 2 / 2, th, g, 1)
        target = K.goal(sympy.Eq(Integral(f, (th, 0, 1)), (1 - g) ** 2 / 2), [0 <= g, g <= 1])
        _CACHE["max"] = K.decide(target, whole, left, zero, right, area)
    return _CACHE["max"]


def test_an_integral_of_a_max_is_evaluated_by_splitting_at_its_kink():
    ev = _max_integral()
    assert any(line.startswith("split: the conclusion is the rule's instance") for line in replays(ev))
    assert K.fact(ev).goal.conclusion == sympy.Eq(Integral(Max(th - g, 0), (th, 0, 1)), (1 - g) ** 2 / 2)


@settings(max_examples=15, deadline=None)
@given(st.fractions(min_value=0, max_value=1, max_denominator=12))
def test_the_max_integral_agrees_with_sympys_integration(point):
    """The proved closed form at rational g ∈ [0, 1], against sympy integrating Max(θ − g, 0) itself."""
    value = sympy.Rational(point.numerator, point.denominator)
    lhs, rhs = K.fact(_max_integral()).goal.conclusion.args
    assert lhs.xreplace({g: value}).doit() == rhs.xreplace({g: value})


@settings(max_examples=15, deadline=None)
@given(st.lists(st.fractions(min_value=-3, max_value=3, max_denominator=5), min_size=3, max_size=3, unique=True))
def test_a_split_states_an_identity_sympy_confirms(ends):
    """The split's statement at rational a ≤ c ≤ b, each integral computed by sympy."""
    lo, mid, hi = sorted(sympy.Rational(q.numerator, q.denominator) for q in ends)
    ev = _split_cached()
    point = {a: lo, c: mid, b: hi}
    assert all(h.xreplace(point) is sympy.true for h in K.fact(ev).goal.hypotheses)
    lhs, rhs = K.fact(ev).goal.conclusion.args
    assert sympy.simplify(lhs.xreplace(point).doit() - rhs.xreplace(point).doit()) == 0


def _split_cached() -> K.Evidence:
    if "poly" not in _CACHE:
        _CACHE["poly"] = K.split(Integral(u ** 3 - 2 * u + exp(u), (u, a, b)), c)
    return _CACHE["poly"]


def test_the_split_goal_and_its_hypotheses():
    ev = _split_cached()
    assert replays(ev) == ["split: the conclusion is the rule's instance from 0 certified premise(s)"]
    f = u ** 3 - 2 * u + exp(u)
    assert K.fact(ev).goal.conclusion == sympy.Eq(Integral(f, (u, a, b)), Integral(f, (u, a, c)) + Integral(f, (u, c, b)),
                                                  evaluate=False)
    assert set(K.fact(ev).goal.hypotheses) == {sympy.Le(a, c), sympy.Le(c, b)}


def test_an_improper_integral_splits_at_a_finite_point():
    """∫_0^∞ e^{−u} = ∫_0^c + ∫_c^∞ (c ≥ 0), and ∫_c^∞ 0 = 0; both by sympy at rational c."""
    ev = K.split(Integral(exp(-u), (u, 0, oo)), c)
    assert replays(ev)
    assert set(K.fact(ev).goal.hypotheses) == {sympy.Le(0, c)}
    lhs, rhs = K.fact(ev).goal.conclusion.args
    for value in (sympy.Integer(0), sympy.Rational(3, 2), sympy.Integer(7)):
        assert sympy.simplify(lhs.doit() - rhs.xreplace({c: value}).doit()) == 0
    below = K.split(Integral(exp(u), (u, -oo, b)), c)
    assert replays(below) and set(K.fact(below).goal.hypotheses) == {sympy.Le(c, b)}
    line = K.split(Integral(exp(-u ** 2), (u, -oo, oo)), c)
    assert replays(line) and K.fact(line).goal.hypotheses == ()
    nothing = K.linear(Integral(0, (u, c, oo)))
    assert replays(nothing) and K.fact(nothing).goal.conclusion.rhs == 0


def test_a_wrong_split_is_refused():
    refused(K.split(Integral(u, (u, 0, 1)), 2), "outside")                     # c outside [a, b]
    refused(K.split(Integral(u, (u, 1, 0)), sympy.Rational(1, 2)), "outside")  # a reversed interval
    refused(K.split(Integral(u, (u, 0, oo)), oo), "finite")
    refused(K.split(Integral(u, (u, 0, oo)), -oo), "finite")
    refused(K.split(Integral(u, (u, oo, 0)), 1), "infinite end")
    refused(K.split(Integral(u, (u, 0, 1)), u / 2), "free of")
    refused(K.split(Integral(u, (u, 0, 1)), c, [u >= 0]), "free of")
    refused(K.split(Integral(1 / (2 * u - 1), (u, 0, 1)), sympy.Rational(1, 4)), "fails at")    # undefined at u = 1/2
    refused(K.split(Integral(1 / u, (u, c, 1)), sympy.Rational(1, 2)), "fails at")              # c ≤ 0 allowed
    assert K.split(Integral(1 / u, (u, c, 1)), sympy.Rational(1, 2), [c > 0]).status == "proved"
    refused(K.split(Integral(sympy.sqrt(u), (u, -oo, 1)), 0), "fails at")
    refused(K.split(Integral(u + Integral(u, (u, 0, 1)), (u, 0, 2)), 1), "bound inside")


def test_a_tampered_split_disagrees():
    ev = _split_cached()
    f = u ** 3 - 2 * u + exp(u)
    assert "not what the rule gives" in disagrees(ev, lambda cert: cert["params"].update(at=canonical_srepr(a + 1)))
    assert "not what the rule gives" in disagrees(ev, lambda cert: _retarget(cert, K.goal(sympy.Eq(
        Integral(f, (u, a, b)), Integral(f, (u, a, c)) + Integral(f, (u, c, b)), evaluate=False), [a <= c])))
    assert "not what the rule gives" in disagrees(ev, lambda cert: _retarget(cert, K.goal(sympy.Eq(
        Integral(f, (u, a, b)), Integral(f, (u, a, c)) + Integral(f, (u, c, b + 1)), evaluate=False), [a <= c, c <= b])))
    # forged: an integrand undefined at 1/2 (no side certificate), and one not continuous by its form
    pole = Integral(1 / (2 * u - 1), (u, 0, 1))
    half = sympy.Rational(1, 4)
    target = K.goal(sympy.Eq(pole, Integral(1 / (2 * u - 1), (u, 0, half)) + Integral(1 / (2 * u - 1), (u, half, 1)),
                             evaluate=False))
    assert "side condition" in forged(None, "split", target, {"term": canonical_srepr(pole), "at": canonical_srepr(half)})
    nested = Integral(u + Integral(u, (u, 0, 1)), (u, 0, 2))
    target = K.goal(sympy.Eq(nested, Integral(nested.function, (u, 0, 1)) + Integral(nested.function, (u, 1, 2)), evaluate=False))
    assert "bound inside" in forged(None, "split", target, {"term": canonical_srepr(nested), "at": canonical_srepr(sympy.Integer(1))})
    far = Integral(u, (u, 0, oo))
    target = K.goal(sympy.Eq(far, Integral(u, (u, 0, oo)) + Integral(u, (u, oo, oo)), evaluate=False))
    assert "finite" in forged(None, "split", target, {"term": canonical_srepr(far), "at": canonical_srepr(oo)})


def test_a_linear_split_with_nothing_to_split_is_refused():
    """Σ e[y]·w[y] is one part with coefficient 1: the kernel used to prove "True" (sympy evaluated
    Eq(term, term)), which the re-check did not accept; it is refused now, and a forged one disagrees."""
    term = Sum(e[y] * w[y], (y, 1, ell))
    refused(K.linear(term), "nothing to split")
    refused(K.linear(Integral(exp(u), (u, 0, 1))), "nothing to split")
    target = K.goal(sympy.Eq(term, term, evaluate=False), [ell + 1 >= 1])
    assert "nothing split" in forged(None, "linear", target, {"term": canonical_srepr(term)})
    scaled = K.linear(Sum(2 * e[y] * w[y], (y, 1, ell)))
    assert replays(scaled) and K.fact(scaled).goal.conclusion.rhs == 2 * term
    for n in range(4):   # at l = n, both sides written out
        values = {e[k]: k + 1 for k in range(1, n + 1)} | {w[k]: 2 * k - 3 for k in range(1, n + 1)}
        lhs, rhs = (side.xreplace({ell: n}).doit().xreplace(values) for side in K.fact(scaled).goal.conclusion.args)
        assert lhs == rhs == 2 * sum((k + 1) * (2 * k - 3) for k in range(1, n + 1))


# --------------------------------------------------------------------------------------------
# integrands not continuous by their form: Lebesgue integrals (no side condition)


d = IndexedBase("d", nonnegative=True)          # a nonnegative function of a real variable, such as a privacy profile
delta = sympy.Function("delta")                 # an arbitrary function


def test_a_pointwise_bound_with_an_arbitrary_nonnegative_function_integrates():
    """∫_0^∞ d(ε)e^{−ε} dε ≤ ∫_0^∞ d(ε)(e^ε + e^{−ε}) dε from the pointwise bound (d ≥ 0 by its sign):
    d is no expression, so the integrals are Lebesgue integrals, claimed where both are defined."""
    pointwise = K.decide(K.goal(d[th] * exp(-th) <= d[th] * (exp(th) + exp(-th)), [th >= 0]))
    ev = K.integrated(pointwise, th, 0, oo)
    assert replays(ev) and ev.data["certificate"]["side"] == []
    lhs, rhs = K.fact(ev).goal.conclusion.args
    assert (lhs, rhs) == (Integral(d[th] * exp(-th), (th, 0, oo)), Integral(d[th] * (exp(th) + exp(-th)), (th, 0, oo)))
    # the statement at concrete nonnegative d (independent route: sympy's integration); a d with a
    # divergent right side (d = 1) makes it undefined there, so nothing is claimed
    for concrete in (exp(-3 * th), th * exp(-2 * th), Piecewise((1, th < 1), (0, True)) * exp(-th)):
        left, right = (side.replace(lambda e: isinstance(e, sympy.Indexed) and e.base == d, lambda e: concrete).doit()
                       for side in (lhs, rhs))
        assert left.is_finite and right.is_finite and left <= right, concrete
    split = K.split(Integral(d[th] * exp(-th), (th, 0, oo)), g)   # ∫_0^∞ = ∫_0^g + ∫_g^∞ under 0 ≤ g
    assert replays(split) and split.data["certificate"]["side"] == []


def test_an_applied_function_and_constants_in_the_variable_integrate():
    """δ(θ) an arbitrary function; e[y] and a finite sum do not move with θ (constants in θ)."""
    ev = K.integrated(K.decide(K.goal(delta(th) <= delta(th) + e[y] ** 2, [0 <= th, th <= 1])), th, 0, 1)
    assert replays(ev) and ev.data["certificate"]["side"] == []
    lhs, rhs = K.fact(ev).goal.conclusion.args
    for concrete in (th ** 2, Piecewise((1, th > sympy.Rational(1, 2)), (0, True)), sympy.sqrt(th)):
        left, right = (side.replace(delta, sympy.Lambda(th, concrete)).xreplace({e[y]: 3}).doit() for side in (lhs, rhs))
        assert right - left == 9
    # a finite sum free of θ is a constant in θ: continuous, so the side condition is kept (here 1/e[l] needs e[l] ≠ 0)
    total = Sum(1 / e[ell], (ell, 1, y))
    refused(K.integrated(K.decide(K.goal(th * total ** 2 <= total ** 2, [0 <= th, th <= 1])), th, 0, 1), "fails at")
    squares = Sum(e[ell] ** 2, (ell, 1, y))
    assert replays(K.integrated(K.decide(K.goal(th * squares <= squares, [0 <= th, th <= 1, squares >= 0])), th, 0, 1))
    area = K.fundamental(e[y] * th ** 2 / 2, th, 0, 1)              # ∫_0^1 e[y]·θ dθ = e[y]/2
    assert replays(area) and K.fact(area).goal.conclusion.rhs == e[y] / 2
    assert K.continuity(sympy.Limit(th * e[y] + delta(c), th, 1)).status == "proved"
    refused(K.continuity(sympy.Limit(th * delta(th), th, 1)), "continuous")   # δ(θ) moves with θ: no continuity
    refused(K.fundamental(th * delta(th), th, 0, 1), "differentiable")


def test_a_forged_limit_with_its_variable_bound_inside_disagrees():
    """x + ∫_0^1 x² dx at x → 2: substituting x would reach the bound x of the integral."""
    x = sympy.Symbol("x", real=True)
    inner = x + Integral(x ** 2, (x, 0, 1))
    target = K.goal(sympy.Eq(sympy.Limit(inner, x, 2), 2 + Integral(x ** 2, (x, 0, 1))))
    assert "bound inside" in forged(None, "continuity", target, {"term": canonical_srepr(sympy.Limit(inner, x, 2))})
