"""lmidp, Definitions 3 and 4 on any output space (round 7): the goals' meaning checked against an independent route
(finite laws as densities against the uniform law μ on n points, the supremum over events by enumerating all 2^n of
them, in exact arithmetic), and wrong applications of the steps refused."""

import itertools
import random
import sys
from pathlib import Path

import sympy
from sympy import Rational as R, exp, log

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "proofs"))

import lmidp  # noqa: E402
from symdp.verify import kernel  # noqa: E402
from symdp.verify.goals import Goal  # noqa: E402


def _law(rnd, n):
    w = [R(rnd.randint(0, 6)) for _ in range(n)]
    if not any(w):
        w[0] = R(1)
    return [v / sum(w) for v in w]


def _expect(values):
    """E_μ for μ uniform on the n points: values are taken at the points."""
    return sum(values, sympy.Integer(0)) / len(values)


def _check(goal, a, b, eps):
    """Evaluate a goal of the general proofs on finite laws a, b (densities n·a_i, n·b_i against uniform μ): each
    Expect by the average, each Sup over events by the maximum over all 2^n subsets, a free event variable at every
    subset. True when the goal holds at all of them."""
    n = len(a)
    da, db = [n * v for v in a], [n * v for v in b]
    subsets = [set(c) for k in range(n + 1) for c in itertools.combinations(range(n), k)]

    def ev(expr, env, point=None):
        if isinstance(expr, kernel.Sup):
            (var,) = expr.args[1]
            return max(ev(expr.args[0], {**env, var.name: sub}, point) for sub in subsets)
        if isinstance(expr, kernel.Expect):
            return _expect([ev(expr.args[0], env, i) for i in range(n)])
        if isinstance(expr, sympy.Indexed):
            base = expr.base.label.name
            if base == "a":
                return da[point]
            if base == "b":
                return db[point]
            return sympy.Integer(1 if point in env[base] else 0)
        if expr.is_Atom:
            return expr.subs(lmidp._ε, eps)
        return expr.func(*[ev(arg, env, point) for arg in expr.args])

    free = sorted(v.name for v in goal.variables if isinstance(v, kernel.Event))
    conc = goal.conclusion
    for choice in itertools.product(subsets, repeat=len(free)):
        env = dict(zip(free, choice))
        gap = sympy.N(ev(conc.rhs, env) - ev(conc.lhs, env), 50)
        ok = abs(gap) < 1e-40 if isinstance(conc, sympy.Eq) else gap >= -1e-40
        if not ok:
            return False
    return True


def test_definition_3_and_4_goals_hold_on_finite_laws():
    rnd = random.Random(7)
    e3, e4 = lmidp._definition_3_general(), lmidp._definition_4_general()
    assert e3.passed and e4.passed
    goals = [Goal.from_json(p["data"]["goals"][0]) for p in (e3.data["parts"] + e4.data["parts"])]
    assert len(goals) == 6
    for _ in range(6):
        n = rnd.randint(2, 4)
        a, b = _law(rnd, n), _law(rnd, n)
        for eps in (0, R(1, 2), log(2)):
            for g in goals:
                assert _check(g, a, b, eps), (g, a, b, eps)


def test_a_wrong_value_is_refused():
    # the supremum over events is E_μ[(a − e^ε b)₊], not E_μ[|a − e^ε b|] nor E_μ[a − e^ε b]₊ pulled out
    x, mu = lmidp._XO, lmidp._MU_OUT
    d = lmidp._DA[x] - exp(lmidp._ε) * lmidp._DB[x]
    sup, below = lmidp._events_general(d, "E")
    assert sup.passed
    wrong = kernel.goal(sympy.Eq(kernel.fact(sup).goal.conclusion.lhs, lmidp._expect_out(sympy.Abs(d))))
    assert not kernel.decide(wrong, sup).passed
    # 1_E d ≤ d₊ holds, but 1_E d ≤ d₊/2 does not (an event with d > 0 on it)
    event = kernel.Event("E")
    assert not kernel.decide(kernel.goal(event[x] * d <= sympy.Max(d, 0) / 2)).passed
    # a value outside {0, 1} is no event: the member step refuses it
    two = sympy.Piecewise((2, d > 0), (0, True))
    assert not kernel.member(kernel.fact(sup).goal.conclusion.lhs, (x, two)).passed
    # the scaling lemma needs x > 0
    xs, A, B = sympy.symbols("x A B", real=True)
    assert not kernel.decide(kernel.goal(sympy.Eq(sympy.Max(A / xs - B, 0), sympy.Max(A - xs * B, 0) / xs),
                                         [sympy.Ne(xs, 0)])).passed


def test_the_independent_check_can_fail():
    # the same evaluator rejects a false statement of the same shape: sup_E E_μ[1_E d] = E_μ[|d|]
    x, mu = lmidp._XO, lmidp._MU_OUT
    d = lmidp._DA[x] - exp(lmidp._ε) * lmidp._DB[x]
    event = kernel.Event("E")
    false = kernel.goal(sympy.Eq(kernel.Sup(lmidp._expect_out(event[x] * d), (event,)), lmidp._expect_out(sympy.Abs(d))))
    assert not _check(false, [R(1, 2), R(1, 2)], [R(1, 4), R(3, 4)], 0)
    # and a false "every event" inequality (the e^ε factor dropped from the wrong side)
    wrong = kernel.goal(lmidp._expect_out(event[x] * lmidp._DA[x]) <= lmidp._expect_out(event[x] * lmidp._DB[x]))
    assert not _check(wrong, [R(1, 2), R(1, 2)], [R(1, 4), R(3, 4)], 0)
