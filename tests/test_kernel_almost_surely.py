"""`expected_almost_surely` (issue 27 §1.3): a pointwise relation under hypotheses about the outcome
x gives the relation of the expectations under a law for which those hypotheses hold almost surely,
stated as E_P[1_H] = 1. Checked against finite laws (masses on rational points, every expectation a
finite weighted sum): where the indicator's mean is 1 the conclusion holds, and a law with mass
off H shows the hypothesis is needed.
"""

from __future__ import annotations

from fractions import Fraction

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from symdp.verify import kernel as K
from symdp.verify.goals import canonical_srepr
from test_kernel import _retarget, disagrees, refused, replays
from test_kernel_rules import forged

x = sympy.Symbol("x", real=True)
c = sympy.Symbol("c", positive=True)
P = K.Law("P")
H = sympy.And(x >= 0, x <= c)
INDICATOR = K.Expect(sympy.Piecewise((1, H), (0, True)), (x, P))


def _square_below():
    return K.expected_almost_surely(K.decide(K.goal(x ** 2 <= c * x, [x >= 0, x <= c])), x, P)


def test_a_pointwise_bound_on_the_support_gives_the_expectations():
    ev = _square_below()
    assert replays(ev) == ["expect-as: the conclusion is the rule's instance from 1 certified premise(s)",
                           "decide: the conclusion is the rule's instance from 0 certified premise(s); side: the negation is "
                           "unsatisfiable and the hypotheses satisfiable for both solvers, each in a fresh process"]
    g = K.fact(ev).goal
    assert g.conclusion == sympy.Le(K.Expect(x ** 2, (x, P)), K.Expect(c * x, (x, P)))
    assert g.hypotheses == (sympy.Eq(INDICATOR, 1),)
    refused(K.expected_almost_surely(K.decide(K.goal(x ** 2 + 1 > x)), x, P), "use expected")
    # the replay: the almost-sure hypothesis may not be dropped, nor a premise's x-hypothesis kept outside
    assert "not what the rule gives" in disagrees(ev, lambda cert: _retarget(cert, K.goal(g.conclusion)))
    assert "not what the rule gives" in forged(K.decide(K.goal(x ** 2 <= c * x, [x >= 0, x <= c])), "expect-as",
                                               K.goal(g.conclusion),
                                               {"index": canonical_srepr(x), "law": canonical_srepr(P)})


def _mean(law: dict, f) -> Fraction:
    return sum(m * f(Fraction(v)) for v, m in law.items())


@settings(max_examples=30, deadline=None)
@given(st.lists(st.tuples(st.fractions(min_value=-3, max_value=6, max_denominator=5),
                          st.fractions(min_value=Fraction(1, 10), max_value=1, max_denominator=10)), min_size=1, max_size=4),
       st.fractions(min_value=Fraction(1, 2), max_value=5, max_denominator=4))
def test_the_conclusion_holds_on_finite_laws_where_the_hypothesis_does(points, cc):
    total = sum(m for _, m in points)
    law: dict = {}
    for v, m in points:
        law[v] = law.get(v, 0) + m / total
    lhs, rhs = (K.fact(_cached()).goal.conclusion.args)
    mean_sq, mean_cx = _mean(law, lambda v: v * v), _mean(law, lambda v: cc * v)
    on_h = _mean(law, lambda v: 1 if 0 <= v <= cc else 0)
    if on_h == 1:                      # H holds almost surely: the proved conclusion must hold
        assert mean_sq <= mean_cx
    assert lhs == K.Expect(x ** 2, (x, P)) and rhs == K.Expect(c * x, (x, P))


_CACHE: dict = {}


def _cached():
    if "ev" not in _CACHE:
        _CACHE["ev"] = _square_below()
    return _CACHE["ev"]
