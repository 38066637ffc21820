"""Suprema and infima over a class — probability laws, tests, events — and equally integrable
functions (the kernel's rules for issue 27 §1).

Each rule applied correctly is proved and replays; a wrong application (a false step, a failing
side condition, a member outside the class) is refused when it is applied, and a tampered
certificate disagrees at the re-check. The mathematics is checked against an independent route:
on finite laws the supremum over events is the maximum over every subset of the support, written
out, and the hockey-stick identity sup_A [P(A) − γQ(A)] = Σ (p − γq)₊ is compared with it.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st
from sympy import IndexedBase, Max, Piecewise

from symdp.errors import ParameterError
from symdp.verify import kernel as K
from symdp.verify.goals import canonical_srepr
from test_kernel import _retarget, disagrees, refused, replays
from test_kernel_rules import forged

x, y, s = sympy.symbols("x y s", real=True)
g = sympy.Symbol("gamma", positive=True)
mu, P, Q = K.Law("mu"), K.Law("P"), K.Law("Q")
dp, dq = IndexedBase("P", nonnegative=True), IndexedBase("Q", nonnegative=True)
A, B, T = K.Event("A"), K.Event("B"), K.Test("a")
d = dp[x] - g * dq[x]
gain = K.Expect(A[x] * d, (x, mu))                    # P(A) − γ Q(A), densities P, Q against μ
HOCKEY = K.Sup(gain, (A,))                            # sup over events A
INDICATOR = Piecewise((1, dp[x] > g * dq[x]), (0, True))  # the event {p > γ q}


def _upper():
    """sup_A E_μ[A (P − γQ)] ≤ E_μ[(P − γQ)₊]: pointwise A·d ≤ max(d, 0) for A ∈ {0, 1}."""
    return K.supremum(K.expected(K.decide(K.goal(A[x] * d <= Max(d, 0))), x, mu), A)


def _hockey_stick():
    """The guide's example: sup_A [P(A) − γQ(A)] = E_μ[(P − γQ)₊], attained at the event {P > γQ}."""
    pointwise = K.decide(K.goal(sympy.Eq(Max(d, 0), INDICATOR * d)))
    lower = K.decide(K.goal(K.Expect(Max(d, 0), (x, mu)) <= HOCKEY), K.member(HOCKEY, (x, INDICATOR)),
                     K.expected(pointwise, x, mu), K.equally_integrable(pointwise, x, mu))
    return K.decide(K.goal(sympy.Eq(HOCKEY, K.Expect(Max(d, 0), (x, mu)))), _upper(), lower)


def test_the_hockey_stick_divergence_is_a_supremum_over_events():
    ev = _hockey_stick()
    accounts = replays(ev)
    assert {a.split(":")[0] for a in accounts} >= {"sup", "member", "equally-integrable", "expect", "decide"}
    assert K.fact(ev).goal.conclusion == sympy.Eq(HOCKEY, K.Expect(Max(d, 0), (x, mu)))
    assert K.fact(ev).goal.hypotheses == ()


def _on_finite_law(expr, masses, p, q, event=None):
    """`expr` on the finite law μ with the given masses, densities p, q there, and an event (a set of
    support points, or a map point → value for a test); Sup over events by every subset, written out."""
    if isinstance(expr, K.Sup) and isinstance(expr.limits[0], K.Event):
        support = range(len(masses))
        return max(_on_finite_law(expr.function, masses, p, q, set(c)) for r in range(len(masses) + 1)
                   for c in itertools.combinations(support, r))
    if isinstance(expr, K.Expect):
        body = expr.function
        total = Fraction(0)
        for k, m in enumerate(masses):
            at = body.xreplace({dp[x]: sympy.Rational(p[k]), dq[x]: sympy.Rational(q[k]), g: GAMMA[0]})
            if event is not None:
                at = at.xreplace({A[x]: 1 if k in event else 0})
            total += m * Fraction(str(sympy.nsimplify(at)))
        return total
    raise AssertionError(expr)


GAMMA = [sympy.Rational(3, 2)]
masses_st = st.lists(st.fractions(min_value=Fraction(1, 20), max_value=1, max_denominator=20), min_size=1, max_size=4)


@settings(max_examples=25, deadline=None)
@given(masses_st, st.data(), st.fractions(min_value=Fraction(1, 4), max_value=4, max_denominator=8))
def test_the_proved_identity_holds_on_finite_laws_by_enumerating_events(raw, data, gamma):
    """The conclusion of the proof, evaluated on a finite law: the supremum by every subset of the
    support (an independent route) equals Σ μ (P − γQ)₊."""
    total = sum(raw)
    masses = [m / total for m in raw]
    dens = st.fractions(min_value=0, max_value=3, max_denominator=6)
    p = data.draw(st.lists(dens, min_size=len(masses), max_size=len(masses)))
    q = data.draw(st.lists(dens, min_size=len(masses), max_size=len(masses)))
    GAMMA[0] = sympy.Rational(gamma.numerator, gamma.denominator)
    lhs, rhs = K.fact(_hockey_stick_cached()).goal.conclusion.args
    assert _on_finite_law(lhs, masses, p, q) == _on_finite_law(rhs, masses, p, q)
    assert _on_finite_law(lhs, masses, p, q) == sum(m * max(a - gamma * b, 0) for m, a, b in zip(masses, p, q))


_CACHE: dict = {}


def _hockey_stick_cached():
    if "ev" not in _CACHE:
        _CACHE["ev"] = _hockey_stick()
    return _CACHE["ev"]


def test_a_member_must_be_in_the_class():
    """A test's values must lie in [0, 1], an event's in {0, 1}, a law's member is a Law."""
    refused(K.member(HOCKEY, (x, 2 * INDICATOR)), "fails at")                 # values 0 and 2
    refused(K.member(HOCKEY, (x, sympy.Rational(1, 2))), "fails at")          # a test, not an event
    refused(K.member(HOCKEY, (x, 1 / (x - 1))), "fails at")                   # undefined at 1
    over_tests = K.Sup(K.Expect(T[x] * d, (x, mu)), (T,))
    half = K.member(over_tests, (x, sympy.Rational(1, 2)))
    assert replays(half) and K.fact(half).goal.conclusion.lhs == K.Expect(d / 2, (x, mu))
    assert replays(K.member(over_tests, (x, INDICATOR)))                      # an event is a test
    assert replays(K.member(over_tests, B)) and replays(K.member(HOCKEY, B))
    refused(K.member(HOCKEY, T), "not a member of the events")               # a test is no event
    refused(K.member(HOCKEY, P), "not a member of the events")
    refused(K.member(K.Sup(K.Expect(x, (x, P)), (P,)), (x, 0)), "not a member of the laws")
    refused(K.member(K.Sup(K.Expect(x, (x, P)), (P,)), T), "not a member of the laws")
    # under a hypothesis (free of the argument) the test may use it
    shaded = K.member(over_tests, (x, s), [0 <= s, s <= 1])
    assert replays(shaded) and set(K.fact(shaded).goal.hypotheses) == {0 <= s, s <= 1}
    refused(K.member(over_tests, (x, s)), "fails at")
    refused(K.member(over_tests, (x, x), [0 <= x, x <= 1]), "may not occur free")  # a hypothesis on the argument
    refused(K.member(over_tests, (dp, 0)), "real symbol")


def test_a_member_is_not_captured_and_the_class_variable_is_only_applied():
    capture = K.Sup(K.Expect(T[x] * y, (x, mu)), (T,))
    refused(K.member(capture, (s, Piecewise((1, x > 0), (0, True)))), "captured")  # x is the expectation's index
    refused(K.member(capture, (y, x)), "may not occur free")                  # y is a variable of the goal
    other = K.Sup(K.Expect(T[x] * x, (x, mu)) + K.Expect(T[y] * y, (y, mu)), (T,))
    ev = K.member(other, (s, Piecewise((1, s > 0), (0, True))))
    assert replays(ev)
    assert K.fact(ev).goal.conclusion.lhs == (K.Expect(x * Piecewise((1, x > 0), (0, True)), (x, mu))
                                              + K.Expect(y * Piecewise((1, y > 0), (0, True)), (y, mu)))
    laws = K.Sup(K.Expect(x ** 2, (x, P)), (P,))
    at_q = K.member(laws, Q)
    assert replays(at_q) and K.fact(at_q).goal.conclusion == (K.Expect(x ** 2, (x, Q)) <= laws)


def test_a_supremum_over_a_class_needs_a_bound_for_every_member():
    assert replays(_upper())
    refused(K.supremum(K.decide(K.goal(T[x] <= 1)), A), "not a variable")    # A is not the premise's
    low = K.decide(K.goal(A[x] * d <= d, [d >= 0]))
    refused(K.supremum(K.expected(K.decide(K.goal(A[x] ** 2 <= A[x])), x, mu), A), "above")  # bounded by itself
    with_hyp = K.decide(K.goal(K.Expect(A[x], (x, mu)) <= 1, [K.Expect(A[x], (x, mu)) <= sympy.Rational(1, 2)]))
    refused(K.supremum(with_hyp, A), "hypotheses may not mention")
    with pytest.raises(ParameterError, match="no range"):
        K.supremum(low, A, 0, 1)
    with pytest.raises(ParameterError, match="needs its range"):
        K.supremum(low, x)
    # over laws: E_P[x/(1 + x²)] ≤ E_P[1] = 1 for every law P gives the supremum; the infimum dually
    clip = x / (1 + x ** 2)
    def bounded(rel, c):
        steps = [K.expected(K.decide(K.goal(rel(clip, c))), x, P), K.linear(K.Expect(c, (x, P))), K.integrable(K.Expect(c, (x, P)))]
        return K.decide(K.goal(rel(K.Expect(clip, (x, P)), c)), *steps)
    top, bottom = K.supremum(bounded(sympy.Le, 1), P), K.infimum(bounded(sympy.Ge, -1), P)
    assert replays(top) and K.fact(top).goal.conclusion == (K.Sup(K.Expect(clip, (x, P)), (P,)) <= 1)
    assert replays(bottom) and K.fact(bottom).goal.conclusion == (K.Inf(K.Expect(clip, (x, P)), (P,)) >= -1)
    refused(K.supremum(K.expected(K.decide(K.goal(clip <= 1)), x, P), P), "free of P")   # E_P 1 mentions P
    least = K.member(K.Inf(K.Expect(clip, (x, P)), (P,)), Q)
    assert replays(least) and K.fact(least).goal.conclusion == (K.Expect(clip, (x, Q)) >= K.Inf(K.Expect(clip, (x, P)), (P,)))


def test_a_test_lies_in_the_unit_interval_and_an_event_in_zero_one():
    assert replays(K.decide(K.goal(T[x] * (1 - T[x]) >= 0)))
    refused(K.decide(K.goal(T[x] * (1 - T[x]) <= 0)), "fails")              # a test takes 1/2
    assert replays(K.decide(K.goal(sympy.Eq(A[x] * (1 - A[x]), 0))))          # an event does not
    assert replays(K.decide(K.goal(sympy.Eq(A[x], A[y]), [sympy.Eq(x, y)])))  # a function of its outcome
    refused(K.decide(K.goal(A[x] <= A[y])), "fails")


def test_tampered_class_certificates_disagree():
    up = _upper()
    assert "recorded class" in disagrees(up, lambda c: c["params"].update({"class": "tests"}))
    assert "not what the rule gives" in disagrees(up, lambda c: _retarget(
        c, K.goal(K.Sup(gain, (A,)) <= 0)))
    over_tests = K.Sup(K.Expect(T[x] * d, (x, mu)), (T,))
    half = K.member(over_tests, (x, sympy.Rational(1, 2)))
    assert "not what the rule gives" in disagrees(half, lambda c: c["params"].update(
        at=canonical_srepr(sympy.Tuple(x, sympy.Rational(1, 3)))))
    # an event read at a value 1/2 without a side condition: the replay wants the side condition
    ev = K.member(HOCKEY, B)
    target = K.goal(K.Expect(d / 2, (x, mu)) <= HOCKEY)
    message = forged(None, "member", target, {"term": canonical_srepr(HOCKEY),
                                              "at": canonical_srepr(sympy.Tuple(x, sympy.Rational(1, 2))), "hypotheses": []})
    assert "side condition" in message
    assert "not a member" in disagrees(ev, lambda c: c["params"].update(at=canonical_srepr(T)))
    # a supremum over a class from a premise whose hypotheses mention the variable
    with_hyp = K.decide(K.goal(K.Expect(A[x], (x, mu)) <= 1, [K.Expect(A[x], (x, mu)) <= sympy.Rational(1, 2)]))
    forged_sup = K.goal(K.Sup(K.Expect(A[x], (x, mu)), (A,)) <= 1, [])
    assert "every" in forged(with_hyp, "sup", forged_sup, {"index": canonical_srepr(A), "class": "events"})


def test_equally_integrable_needs_the_same_domain():
    same = K.decide(K.goal(sympy.Eq((x ** 2 - 1) / (x - 1), x + 1)))
    assert same.status == "proved"
    refused(K.equally_integrable(same, x, P), "fails at")                  # the left side is undefined at 1
    ok = K.decide(K.goal(sympy.Eq(Max(x, 0) + Max(-x, 0), abs(x))))
    ev = K.equally_integrable(ok, x, P)
    assert replays(ev)
    assert K.fact(ev).goal.conclusion == sympy.Equivalent(K.Integrable(Max(x, 0) + Max(-x, 0), (x, P)),
                                                          K.Integrable(abs(x), (x, P)))
    refused(K.equally_integrable(K.decide(K.goal(x <= abs(x))), x, P), "equation")
    refused(K.equally_integrable(ok, y, P), "not a variable")
    part = K.decide(K.goal(sympy.Eq(abs(x), x), [x >= 0]))
    refused(K.equally_integrable(part, x, P), "may not mention")
    assert "not what the rule gives" in disagrees(ev, lambda c: _retarget(c, K.goal(sympy.Equivalent(
        K.Integrable(Max(x, 0), (x, P)), K.Integrable(abs(x), (x, P))))))
    forged_cert = K.goal(sympy.Equivalent(K.Integrable((x ** 2 - 1) / (x - 1), (x, P)), K.Integrable(x + 1, (x, P))))
    assert "side condition" in forged(same, "equally-integrable", forged_cert,
                                      {"index": canonical_srepr(x), "law": canonical_srepr(P)})


def test_class_terms_read_back_and_keep_laws_in_their_place():
    term = K.Sup(K.Expect(A[x] * d, (x, mu)), (A,))
    assert K.goal(term <= 1).variables == tuple(sorted([dp, dq, g, mu], key=str))  # A is bound
    assert K.rename(K.Expect(A[x], (x, mu)), y).status == "proved"
    with pytest.raises(ValueError):
        K.Sup(x, (x,))                                                      # a class needs a Law or a Test
    with pytest.raises(ParameterError, match="law of an Expect"):
        K.goal(K.Sup(K.Expect(x, (x, P)), (P,)) <= P)
    assert K.goal(K.Sup(K.Expect(x, (x, P)), (P,)) <= 1).variables == ()
