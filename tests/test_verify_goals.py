"""The proof's goals cover the domain the proof claims (symdp.verify.covering), the report's layout
(each goal and certificate stored once), and integer variables read as reals nowhere unsoundly.

The oracles are independent of z3: intervals compared end to end in exact rationals, points of a
domain checked by substitution in exact rationals, and hand proofs stated beside each case."""

from __future__ import annotations

import copy
import re
from fractions import Fraction

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from symdp.errors import ParameterError
from symdp.verify import Integer, Laws, combine, domains, erratum, establish, exact_agreement, identity, real_closed
from symdp.verify.covering import defined, goals_covered
from symdp.verify.evidence import Evidence
from symdp.verify.goals import certificate, equation, goal, nonnegative
from symdp.verify.runner import ClaimReport

x, y = sympy.symbols("x y", real=True)
eps, delta = sympy.symbols("epsilon delta", real=True)
R = sympy.Rational


def _entry(g, kind="smtlib"):
    """A goal as the report lists it (facts.claim_goals)."""
    return {"digest": g.digest, "text": g.text(), "canonical": g.canonical(), "kind": kind, "certified": True}


def _covered(domain, *goals_and_kinds):
    entries = [_entry(g, k) for g, k in goals_and_kinds]
    return goals_covered(domains.items(list(domain)), entries)


def _point(why: str) -> dict:
    """The point a 'fails at a point' note names, as exact rationals."""
    text = why.split("domain: ", 1)[1]
    return {name: sympy.Rational(value) for name, value in re.findall(r"([A-Za-z_]\w*) = (-?\d+(?:/\d+)?)", text)}


def _holds(conditions, point) -> bool:
    """Every condition at `point` (names → rationals), evaluated exactly by substitution."""
    out = True
    for c in conditions:
        value = c.subs({s: point.get(str(s), 0) for s in c.free_symbols})
        assert value in (sympy.true, sympy.false), (c, point)
        out = out and bool(value)
    return out


# --------------------------------------------------------------------------------------------
# one variable: intervals compared end to end (the oracle), z3's answer and its counterexample


def _interval(lo, hi, lo_open, hi_open):
    return [(x > lo) if lo_open else (x >= lo), (x < hi) if hi_open else (x <= hi)]


def _inside(lo_d, hi_d, lo_o, hi_o, lo_h, hi_h, lo_ho, hi_ho) -> bool:
    """[lo_d, hi_d] (ends open as given, nonempty) ⊆ [lo_h, hi_h]: each end of D within H's."""
    left = lo_d > lo_h or (lo_d == lo_h and (lo_o or not lo_ho))
    right = hi_d < hi_h or (hi_d == hi_h and (hi_o or not hi_ho))
    return left and right


ends = st.integers(-6, 6).map(lambda n: Fraction(n, 2))


@settings(max_examples=40, deadline=None)
@given(ends, ends, st.booleans(), st.booleans(), ends, ends, st.booleans(), st.booleans())
def test_an_interval_domain_covers_an_interval_goal_exactly_when_it_lies_inside(a, b, ao, bo, c, d, co, do):
    if a >= b:
        a, b = b - 1, a + 1 if a == b else a
    lo, hi, lo_h, hi_h = (R(v.numerator, v.denominator) for v in (a, b, c, d))
    domain = _interval(lo, hi, ao, bo)
    hyps = _interval(lo_h, hi_h, co, do)
    g = nonnegative(x ** 2 + 1, hyps, [x])
    covered, note, (one,) = _covered(domain, (g, "smtlib"))
    expected = _inside(lo, hi, ao, bo, lo_h, hi_h, co, do)
    assert covered is expected, (domain, hyps, note)
    if not expected:
        point = _point(one["why"])
        assert _holds(domain, point) and not _holds(hyps, point), (point, one["why"])


def test_two_parameters_a_hand_checked_witness_and_a_hand_proof():
    # D: ε > 0, 0 ≤ δ ≤ 1 does not give δ < 1: at (ε, δ) = (1, 1) D holds and δ < 1 fails
    g = nonnegative(eps * (1 - delta), [delta < 1, eps > 0], [eps, delta])
    covered, note, (one,) = _covered([eps > 0, delta >= 0, delta <= 1], (g, "smtlib"))
    assert covered is False and "δ < 1" in note.replace("delta", "δ")
    assert _holds([eps > 0, delta >= 0, delta <= 1], {"epsilon": 1, "delta": 1}) and not _holds([delta < 1], {"delta": 1})
    point = _point(one["why"])
    assert _holds([eps > 0, delta >= 0, delta <= 1], point) and not _holds([delta < 1], point)
    # ε ≥ 1 and δ ≥ 0 give ε > 0 (1 > 0) and ε·δ ≥ 0 (a product of nonnegatives)
    g = nonnegative(eps, [eps > 0, eps * delta >= 0], [eps, delta])
    covered, _, _ = _covered([eps >= 1, delta >= 0], (g, "smtlib"))
    assert covered is True


def test_a_goal_over_a_variable_the_domain_does_not_name_restricts_it():
    """x = e^ε written as a fresh x: the goal says nothing about ε unless x is instantiated."""
    xp = sympy.Symbol("x", positive=True)
    # ∀ x > 0: x·ε = ε·x — the assumption x > 0 is a hypothesis the domain ε > 0 does not give
    g = goal(sympy.Eq(xp * eps + 1, eps * xp + 1, evaluate=False))
    covered, _, (one,) = _covered([eps > 0], (g, "identity"))
    assert covered is False and "x's assumption" in one["why"] and _point(one["why"])["x"] <= 0
    g = nonnegative(x - 1, [x > 1], [x])
    covered, _, (one,) = _covered([eps > 0], (g, "smtlib"))
    assert covered is False and _point(one["why"])["x"] <= 1
    # over ε itself: e^ε > 1 for ε > 0 follows from the fact e^u ≥ 1 + u; cosh ε > 1 for ε > 0 is true
    # too, but with cosh ε a free variable ≥ 1 it is not decided — undecided, never covered
    covered, _, _ = _covered([eps > 0], (nonnegative(sympy.exp(eps) - 1, [sympy.exp(eps) > 1], [eps]), "smtlib"))
    assert covered is True
    covered, _, (one,) = _covered([eps > 0], (nonnegative(sympy.cosh(eps) - 1, [sympy.cosh(eps) > 1], [eps]), "smtlib"))
    assert covered is None and "free variables" in one["why"]
    g = nonnegative(sympy.exp(eps) - 1, [sympy.exp(eps) > 1], [eps])
    # the hypothesis written in the domain's own terms is covered: e^ε > 1 is then one of D's relations
    covered, _, _ = _covered([eps > 0, sympy.exp(eps) > 1], (g, "smtlib"))
    assert covered is True


def test_an_identity_covers_the_domain_only_where_both_sides_are_defined():
    # (x² − x)/x = x − 1 holds where x ≠ 0: not at x = 0 of the domain x ≥ 0
    g = equation((x ** 2 - x) / x, x - 1)
    covered, _, (one,) = _covered([x >= 0], (g, "identity"))
    assert covered is False and "defined" in one["why"] and _point(one["why"])["x"] == 0
    assert _covered([x > 0], (g, "identity"))[0] is True
    # a decided goal proves "defined and ≥ 0" under its hypotheses: nothing more is needed of D
    assert _covered([x >= 0], (nonnegative(x / (x + 1)), "smtlib"))[0] is True
    assert _covered([x >= 0], (nonnegative(x / (x + 1)), "rule"))[0] is True  # x + 1 ≠ 0 on x ≥ 0
    assert _covered([x >= -1], (nonnegative(x / (x + 1)), "rule"))[0] is False
    # log x² = 2 log x needs x > 0 (log's argument); √x·√(x + 1) = √(x(x + 1)) needs x ≥ 0 (−1/2 fails)
    g = equation(sympy.log(x ** 2), 2 * sympy.log(x))
    assert _covered([x >= 0], (g, "identity"))[0] is False and _covered([x > 0], (g, "identity"))[0] is True
    g = equation(sympy.sqrt(x) * sympy.sqrt(x + 1), sympy.sqrt(x * (x + 1)))
    covered, _, (one,) = _covered([x >= -1], (g, "identity"))
    assert covered is False
    point = _point(one["why"])
    assert -1 <= point["x"] < 0  # in D, and √x undefined there (hand check: x < 0)
    assert _covered([x >= 0], (g, "identity"))[0] is True
    # an undefined function's definedness is unknown, unless D's own relations contain it
    f = sympy.Function("f")
    g = equation(f(x) + 1, 1 + f(x))
    assert _covered([x > 0], (g, "identity"))[0] is None
    assert _covered([x > 0, f(x) >= 0], (g, "identity"))[0] is True


def test_definedness_of_the_usual_functions():
    assert defined(1 / (x - 1)) == [sympy.Ne(x - 1, 0)]
    assert defined(sympy.exp(x) + sympy.Abs(x)) == []
    assert sympy.StrictGreaterThan(x, 0) in defined(x ** sympy.Rational(-1, 2))
    assert sympy.GreaterThan(x, 0) in defined(x ** sympy.Rational(1, 3))
    assert sympy.StrictGreaterThan(x, 0) in defined(x ** y)
    assert defined(2 ** x) == [] and defined(sympy.E ** x) == []
    j, n = sympy.symbols("j n", integer=True)
    assert defined(sympy.Sum(j ** 2, (j, 1, n))) == []
    # a term's definedness that depends on the index is read at a generic index (a fresh real, free in the condition)
    each = sympy.Symbol("j__each", integer=True)   # an integer index stays an integer
    assert defined(sympy.Sum(1 / (j - x), (j, 1, n))) == [sympy.Ne(each - x, 0)]
    # a binomial coefficient of integers is defined at every index (tv-dp eq. (6), Kairouz–Oh–Viswanath's sum)
    assert defined(sympy.Sum(sympy.binomial(n, j), (j, 0, n))) == []



def test_definedness_of_a_case_split_and_a_binomial_agrees_with_evaluation():
    """A two-branch Piecewise is defined where its condition is and the branch it selects is (the 0⁰ = 1 and
    0·log 0 = 0 conventions are written so); checked against sympy's own evaluation at points on both sides of
    every break. C(n, k) of integers is defined everywhere; of reals, its definedness is not claimed."""
    cases = [sympy.Piecewise((sympy.log(x), x > 0), (sympy.log(-x), True)),      # undefined at 0 only
             sympy.Piecewise((x * sympy.log(x), x > 0), (0, True)),              # 0·log 0 = 0: defined everywhere
             sympy.Piecewise((1 / (x - 1), x < 2), (sympy.sqrt(x - 3), True))]   # undefined at 1 and on [2, 3)
    for expr in cases:
        conditions = defined(expr)
        for point in (-2, -1, 0, sympy.Rational(1, 2), 1, 2, sympy.Rational(5, 2), 3, 4):
            value = expr.subs(x, point)
            real = value.is_extended_real is True and value.is_finite is True
            holds = all(bool(c.subs(x, point)) for c in conditions)
            assert holds == real, (expr, point, conditions)
    n, j = sympy.symbols("n j", integer=True)
    assert defined(sympy.binomial(n, j) / (n + 1)) == [sympy.Ne(n + 1, 0)]
    with pytest.raises(Exception, match="definedness"):
        defined(sympy.binomial(x, y))

def test_a_sum_in_the_domain_does_not_make_another_range_defined():
    """D: Σ_{j=1}^{n} f(j) ≥ 0 makes that sum defined, not f at every j of another range."""
    j, n, m = sympy.symbols("j n m", integer=True)
    f = sympy.Function("f")
    g = equation(sympy.Sum(f(j), (j, 1, m)) + 1, 1 + sympy.Sum(f(j), (j, 1, m)))
    assert _covered([sympy.Sum(f(j), (j, 1, n)) >= 0], (g, "identity"))[0] is None
    # nor f at a free j of the same name as the bound index
    g = equation(f(j) + 1, 1 + f(j))
    assert _covered([Integer("j"), sympy.Sum(f(j), (j, 1, n)) >= 0], (g, "identity"))[0] is None
    assert _covered([Integer("j"), f(j) >= 0], (g, "identity"))[0] is True


def test_different_subterms_are_different_variables():
    """log x > 0 in D says nothing about log y: read as one free variable they would."""
    g = nonnegative(y, [sympy.log(y) > 0], [y])
    assert _covered([x > 1, sympy.log(x) > 0], (g, "smtlib"))[0] is None
    g = nonnegative(x, [sympy.log(x) > 0], [x])
    assert _covered([x > 1, sympy.log(x) > 0], (g, "smtlib"))[0] is True


def test_a_sequence_with_a_sign_needs_laws():
    from symdp.verify.goals import Goal
    p = sympy.IndexedBase("P", nonnegative=True)
    j, m = sympy.symbols("j m", integer=True)
    # a kernel step's goal over a sequence (built directly: main's goal() lists symbols only)
    g = Goal((p, m), (sympy.GreaterThan(m, 1),), sympy.GreaterThan(sympy.Sum(p[j], (j, 1, m)), 0))
    covered, _, (one,) = _covered([Integer("m", 1)], (g, "rule"))
    assert covered is False and "probability law" in one["why"]
    assert _covered([Integer("m", 1), Laws("P", "Q")], (g, "rule"))[0] is True
    # a law's terms are nonnegative, not positive (a zero mass)
    q = sympy.IndexedBase("P", positive=True)
    g = Goal((q, m), (sympy.GreaterThan(m, 1),), sympy.GreaterThan(sympy.Sum(q[j], (j, 1, m)), 0))
    assert _covered([Integer("m", 1), Laws("P", "Q")], (g, "rule"))[0] is False


def test_a_variable_assumed_rational_or_even_is_not_taken_for_a_real():
    for kw in (dict(rational=True), dict(even=True), dict(integer=False, real=True)):
        r = sympy.Symbol("r", **kw)
        g = nonnegative(r ** 2)
        assert _covered([sympy.Symbol("r", real=True) >= 0], (g, "smtlib"))[0] is None, kw
    assert _covered([], (nonnegative(sympy.Symbol("r", real=True) ** 2), "smtlib"))[0] is True


# --------------------------------------------------------------------------------------------
# integer variables (read as reals: never so that a false goal passes)


def test_an_integer_variable_needs_an_integer_in_the_domain():
    n = sympy.Symbol("n", integer=True)
    nr = sympy.Symbol("n", real=True)
    g = nonnegative(n - 1, [n >= 1], [n])
    covered, _, (one,) = _covered([nr >= 1], (g, "smtlib"))
    assert covered is False and "ℤ" in one["why"]
    point = _point(one["why"])
    assert point["n"] >= 1 and not point["n"].is_integer  # in D, not an integer: the goal says nothing there
    assert _covered([Integer("n", 1)], (g, "smtlib"))[0] is True
    # integers > 1 are ≥ 2; reals > 1 are not (n = 3/2)
    g = nonnegative(n - 2, [n >= 2], [n])
    assert _covered([Integer("n"), nr > 1], (g, "smtlib"))[0] is True
    covered, _, (one,) = _covered([nr > 1], (g, "smtlib"))
    assert covered is False and 1 < _point(one["why"])["n"] < 2


def test_two_variables_of_one_name_are_refused_not_merged():
    """z3 names variables by name: n ∈ ℤ and n ∈ ℝ read as one would prove −(n − n′)² ≥ 0, false
    at (n, n′) = (0, 1/2) (hand check: −1/4 < 0)."""
    n, nr = sympy.Symbol("n", integer=True), sympy.Symbol("n", real=True)
    assert (-(nr - n) ** 2).subs({n: 0, nr: R(1, 2)}) == R(-1, 4)
    with pytest.raises(ParameterError, match="two different variables named n"):
        real_closed(-(nr - n) ** 2, [nr, n], [], "the diagonal")
    with pytest.raises(ParameterError, match="two different variables"):
        goal(sympy.GreaterThan(sympy.Symbol("x", positive=True) - x, 0))


def test_a_false_goal_over_an_integer_never_replays_as_agreed():
    """∀ n ∈ ℤ: n ≥ 1 ⇒ n − 2 ≥ 0 is false at n = 1; its SMT-LIB certificate, read over the reals,
    must not agree (the integers are a subset of the reals: a real counterexample is not one,
    but an integer one is a real one)."""
    from symdp.verify.recheck import AGREES, recheck_evidence
    from symdp.verify.recheck.smt import LOGIC, query
    from symdp.verify.goals import canonical_srepr
    n = sympy.Symbol("n", integer=True)
    assert (n - 2).subs(n, 1) < 0
    g = nonnegative(n - 2, [n >= 1], [n])
    cert = certificate("smtlib", g, query=query(g.canonical()), logic=LOGIC, expect="unsat")
    formal = {"form": "real_closed", "f": canonical_srepr(n - 2), "variables": [canonical_srepr(n)],
              "domain": [canonical_srepr(h) for h in g.hypotheses]}
    forged = Evidence("decision", "proved", "forged", {"formal": formal, "goals": [g.to_json()], "certificates": [cert]})
    result = recheck_evidence(forged.to_json())
    assert result.outcomes and all(o["verdict"] != AGREES for o in result.outcomes) and not result.passed


# --------------------------------------------------------------------------------------------
# the grade: a proof whose goals do not cover its domain is restricted, never whole


def _report(ev, stated, **kw):
    return ClaimReport("tv-dp", "Theorem 1", "tv-dp:t1", "s", ev.status, ev.kind, 0.1, ev.detail, ev.data,
                       domain=domains.to_json(domains.items(stated)), stated_domain="words", quote_found=True, **kw)


def test_the_abstraction_knows_exp_above_its_tangent_and_tanh_signed_and_bounded():
    """Hand checks: e^ε ≥ 1 + ε > 1 for ε > 0; tanh(ε/2) ≥ 0 for ε ≥ 0 and |tanh| < 1 everywhere.
    At ε = 0 e^ε > 1 fails (e^0 = 1), and tanh(ε) ≥ 0 fails for ε < 0: not covered there."""
    from symdp.verify.covering import Premises, check
    eps = sympy.Symbol("epsilon", real=True)
    def covered(hyp, dom):
        return check(goal(x >= 0, [hyp, x >= 0]), "smtlib", Premises.of(domains.items(dom + [x >= 0]))).covered
    assert covered(sympy.exp(eps) > 1, [eps > 0]) is True
    assert covered(sympy.exp(eps) > 1, [eps >= 0]) is not True
    assert covered(sympy.E ** (2 * eps) > 1, [eps > 0]) is True
    assert covered(sympy.tanh(eps / 2) >= 0, [eps >= 0]) is True
    assert covered(sympy.tanh(eps) >= 0, [eps >= -1]) is not True
    assert covered(sympy.tanh(eps) < 1, []) is True and covered(sympy.tanh(eps) > -1, []) is True
    # no more than the facts: e^ε ≥ 1 + 3ε/2 fails at ε = 1/2 (e^½ ≈ 1.6487 < 1.75), tanh ε ≤ ε/2 at
    # ε = 1 (tanh 1 ≈ 0.7616 > 0.5), while tanh ε ≤ ε holds for ε ≥ 0
    assert covered(sympy.exp(eps) >= 1 + 3 * eps / 2, [eps >= 0]) is not True
    assert covered(sympy.tanh(eps) <= eps, [eps >= 0]) is True
    assert covered(sympy.tanh(eps) <= eps / 2, [eps >= 0]) is not True


def test_the_grade_follows_the_goals():
    proof = real_closed(x * (x + 1), [x], [x >= 0], "x(x + 1) ≥ 0 for x ≥ 0")
    assert proof.status == "proved"
    # the author types x ≥ −1: the stated domain x ≥ 0 is inside it, but the goal holds on x ≥ 0 only
    over = _report(establish(proof, domain=[x >= -1]), [x >= 0])
    assert over.coverage == "whole" and over.goals_covered is False
    assert over.proof_status == "restricted" and "x ≥ 0" in over.goals_covered_note
    assert any("do not cover the proof's domain" in n for n in over.proof_notes)
    assert over.goals[0]["covered"] is False and "x = " in over.goals[0]["covered_why"]
    from symdp.verify import report
    assert report.coverage(over) == "restricted"
    md = report.markdown([over])
    assert "*Goals cover the proof's domain:* no" in md and "**does not cover the proof's domain**" in md
    honest = _report(establish(proof, domain=[x >= 0]), [x >= 0])
    assert honest.goals_covered is True and honest.proof_status == "machine-complete", honest.proof_notes
    assert report.coverage(honest) == "whole" and "*Goals cover the proof's domain:* yes" in report.markdown([honest])
    # undecided is not covered either
    odd = _report(establish(proof, domain=[sympy.exp(x) >= 1]), [sympy.exp(x) >= 1])
    assert odd.goals_covered is None and odd.proof_status == "restricted"
    # the fields survive the JSON round trip
    again = ClaimReport.from_json(over.to_json())
    assert (again.goals_covered, again.goals_covered_note, again.proof_status) == \
        (False, over.goals_covered_note, "restricted")


def test_a_lemma_over_an_auxiliary_variable_is_prose_not_a_smaller_domain():
    """x(x − 1) ≥ 0 for x ≥ 1 (hand check: both factors ≥ 0) proved about a fresh x, in a proof whose
    domain is ε ≥ 0: the goal says nothing about ε until x := e^ε is a step of the proof, so the
    instantiation is in words ("proved with prose"), never machine-complete; the same goal over a
    variable of the paper's statement, or in a domain naming nothing, restricts the proof; and a goal
    whose requirement on the domain's own variable fails stays restricted whatever else it names."""
    eps = sympy.Symbol("epsilon", real=True)
    lemma = real_closed(x * (x - 1), [x], [x >= 1], "x(x − 1) ≥ 0 for x ≥ 1")
    aux = _report(establish(lemma, domain=[eps >= 0]), [eps >= 0])
    assert aux.coverage == "whole" and aux.goals_covered is False
    assert aux.proof_status == "proved with prose", aux.proof_notes
    assert aux.goals[0]["unlinked"] == ["x"] and any("not linked" in n for n in aux.proof_notes)
    assert ClaimReport.from_json(aux.to_json()).proof_status == "proved with prose"
    # x is the paper's own variable: the goal restricts the proof
    stated = _report(establish(lemma, domain=[eps >= 0]), [eps >= 0, x >= 0])
    assert stated.proof_status == "restricted", stated.proof_notes
    # a domain that names nothing cannot tell a lemma from the statement
    bare = _report(establish(lemma, domain=[]), [])
    assert bare.proof_status == "restricted", bare.proof_notes
    # ε > 0 fails at ε = 0 of the domain, beside the auxiliary x: restricted
    mixed = real_closed(x * (x - 1) * eps, [x, eps], [x >= 1, eps > 0], "x(x − 1)ε ≥ 0")
    both = _report(establish(mixed, domain=[eps >= 0]), [eps >= 0])
    assert both.goals[0]["unlinked"] == [] and both.proof_status == "restricted", both.proof_notes


def test_a_combination_is_covered_only_when_every_part_is():
    good = real_closed(x + 1, [x], [x >= 0], "x + 1 ≥ 0")
    narrow = real_closed(x - 1, [x], [x >= 1], "x − 1 ≥ 0 for x ≥ 1")
    both = _report(establish(combine(good, narrow), domain=[x >= 0]), [x >= 0])
    assert both.goals_covered is False and both.proof_status == "restricted"
    assert [g["covered"] for g in both.goals] == [True, False]


# --------------------------------------------------------------------------------------------
# the report's layout: each goal and certificate stored once


def _count(node, key):
    if isinstance(node, dict):
        return (key in node) + sum(_count(v, key) for v in node.values())
    if isinstance(node, list):
        return sum(_count(v, key) for v in node)
    return 0


def test_establish_stores_each_goal_and_certificate_once():
    parts = [real_closed(x ** 2, [x], [], "x² ≥ 0"), identity((x + 1) ** 2, x ** 2 + 2 * x + 1)]
    ev = establish(establish(combine(*parts), domain=[]), exact_agreement(1, 1, "one"), domain=[])
    data = ev.to_json()["data"]
    for key in ("formal", "goals", "certificates", "parts"):
        assert key not in data, key
    # one certificate per goal, and one full goal record per goal (the combination lists references)
    certificates = [c for p in parts for c in p.data["certificates"]]
    assert _count(data, "certificates") == 2 and len(certificates) == 2
    assert _count(data, "conclusion") == 2 * 2  # each goal: its record and its certificate's goal
    refs = data["statement"]["data"]["statement"]["data"]["goals"]
    assert [set(r) for r in refs] == [{"digest", "text"}] * 2
    # an erratum's record stays readable beside the statement; its corrected proof is stored once
    wrong = erratum(False, {"x": "1/2"}, parts[0], "printed wrong", kind="typo")
    shown = establish(wrong, domain=[]).to_json()["data"]
    assert shown["witness"] == {"x": "1/2"} and shown["kind"] == "typo"
    assert shown["corrected"] == {k: parts[0].to_json()[k] for k in ("kind", "status", "detail")}
    assert _count(shown, "certificates") == 1


def test_the_recheck_reads_the_new_layout_and_refuses_a_certificate_beside_the_statement():
    from symdp.verify.recheck import AGREES, DISAGREES, recheck_evidence
    ev = establish(real_closed(x ** 2 + 1, [x], [], "x² + 1 ≥ 0"), domain=[]).to_json()
    assert recheck_evidence(ev).passed
    # an older report kept an identical copy of the statement's data beside it: still agrees
    older = copy.deepcopy(ev)
    older["data"].update({k: v for k, v in ev["data"]["statement"]["data"].items() if k not in older["data"]})
    assert recheck_evidence(older).passed
    # a certificate beside the statement that is not the statement's disagrees (the statement has
    # certificates of its own, or, a combination, none at its top)
    other = real_closed(x ** 4, [x], [], "x⁴ ≥ 0").to_json()["data"]["certificates"]
    two = establish(combine(real_closed(x ** 2 + 1, [x], [], "x² + 1 ≥ 0"), identity(x + x, 2 * x)), domain=[]).to_json()
    for proof in (ev, two):
        moved = copy.deepcopy(proof)
        moved["data"]["certificates"] = other
        result = recheck_evidence(moved)
        assert not result.passed and any(o["verdict"] == DISAGREES and "differs" in o["detail"] for o in result.outcomes)
        assert all(o["verdict"] in (AGREES, DISAGREES) for o in result.outcomes)


def test_a_claim_report_stores_each_goal_once_and_still_rechecks():
    from symdp.verify.recheck import recheck_report
    parts = [real_closed(x ** 2, [x], [], "x² ≥ 0"), identity([(x + 1) ** 2, x * x], [x ** 2 + 2 * x + 1, x ** 2])]
    r = _report(establish(combine(*parts), exact_agreement(1, 1, "one"), domain=[]), [])
    claim = r.to_json()
    # three goals: each form once, in its certificate; the evidence and the report list digests
    assert _count(claim, "conclusion") == 3 and _count(claim, "certificates") == 2
    assert [set(g) >= {"digest", "text", "covered"} and "canonical" not in g for g in claim["goals"]] == [True] * 3
    assert claim["goals_covered"] is True and claim["proof_status"] == "machine-complete", claim["proof_notes"]
    result = recheck_report({"claims": [claim]}, jobs=0)
    assert result.passed and len(result.outcomes) == 3, [o["detail"] for o in result.outcomes]
    # read back, the report is the same (nothing is compacted twice)
    assert ClaimReport.from_json(claim).to_json() == claim
    # a listed form that is not its digest's still disagrees
    bad = copy.deepcopy(claim)
    leaf = bad["data"]["statement"]["data"]["parts"][0]["data"]
    leaf["goals"][0] = {**leaf["certificates"][0]["goal"], "digest": leaf["goals"][0]["digest"]}
    leaf["goals"][0]["conclusion"] = leaf["goals"][0]["conclusion"].replace("Integer(2)", "Integer(3)")
    assert not recheck_report({"claims": [bad]}, jobs=0).passed


def test_a_false_identity_over_an_integer_never_replays_as_agreed():
    """(−1)ⁿ = 1 and |n| = n are false at n = −1 (hand check: −1 ≠ 1, 1 ≠ −1); forged identity
    certificates for them must not agree, whatever the re-checker makes of the integer n."""
    from symdp.verify.goals import canonical_srepr
    from symdp.verify.recheck import AGREES, recheck_evidence
    n = sympy.Symbol("n", integer=True)
    for lhs, rhs in (((-1) ** n, sympy.Integer(1)), (sympy.Abs(n), n)):
        assert lhs.subs(n, -1) != rhs.subs(n, -1)
        g = equation(lhs, rhs)
        forged = Evidence("identity", "proved", "forged", {
            "formal": {"form": "identity", "sides": [[canonical_srepr(lhs), canonical_srepr(rhs)]]},
            "goals": [g.to_json()], "certificates": [certificate("identity", g, route="forged")]})
        result = recheck_evidence(forged.to_json())
        assert result.outcomes and all(o["verdict"] != AGREES for o in result.outcomes) and not result.passed, lhs


def _all(obj, key):
    """Every value under `key` anywhere in `obj`."""
    if isinstance(obj, dict):
        yield from ([obj[key]] if key in obj else [])
        for v in obj.values():
            yield from _all(v, key)
    elif isinstance(obj, list):
        for v in obj:
            yield from _all(v, key)


def test_a_kernel_step_is_stored_once_covered_by_its_hypotheses_and_rechecked():
    """A kernel proof (rule certificates, a premise nested under its step) in a claim report: the
    step's goal form is kept in its rule certificate only, its hypotheses and the definedness of its
    conclusion are required of the proof's domain (hand check: at y = 0, y ≠ 0 fails and 1/y is
    undefined), and the compacted report re-checks, a moved digest disagreeing."""
    from symdp.verify import kernel
    from symdp.verify.recheck import recheck_report
    leaf = kernel.decide(kernel.goal(x * x + 1 >= 2 * x))  # (x − 1)² ≥ 0
    step = kernel.instantiate(leaf, {x: 1 / y}, [sympy.Ne(y, 0)])
    assert step.status == "proved", step.detail
    wide = _report(establish(step, domain=[]), [])
    assert wide.goals_covered is False and wide.proof_status == "restricted"
    assert wide.goals[0]["kind"] == "rule" and "y = 0" in wide.goals[0]["covered_why"]
    # a kernel conclusion holds only where it is defined: log y ≤ log y says nothing at y ≤ 0
    partial = kernel.decide(kernel.goal(sympy.log(y) <= sympy.log(y)))
    assert partial.status == "proved", partial.detail
    assert _report(establish(partial, domain=[]), []).goals_covered is False
    assert _report(establish(partial, domain=[y > 0]), [y > 0]).goals_covered is True
    honest = _report(establish(step, domain=[sympy.Ne(y, 0)]), [sympy.Ne(y, 0)])
    assert honest.goals_covered is True and honest.proof_status == "machine-complete", honest.proof_notes
    claim = honest.to_json()
    listed = claim["data"]["statement"]["data"]["goals"]
    assert [set(g) for g in listed] == [{"digest", "text"}]
    # y's goal once (its rule certificate), x's once (the premise's rule certificate: the smtlib side
    # certificate that decides it is that very goal, named by its digest)
    assert _count(claim, "conclusion") == 2
    result = recheck_report({"claims": [claim]}, jobs=0)
    assert result.passed, [o["detail"] for o in result.outcomes if o["verdict"] != "agrees"]
    assert [o["kind"] for o in result.outcomes] == ["rule", "rule"]  # the side certificate replays inside its step
    # the side certificate's digest names the step's goal: changed, it names nothing the recheck can restore
    side = copy.deepcopy(claim)
    (bare,) = [c for sides in _all(side, "side") for c in sides if "goal" not in c]
    bare["digest"] = "sha256:" + "0" * 64
    assert not recheck_report({"claims": [side]}, jobs=0).passed
    moved = copy.deepcopy(claim)
    moved["data"]["statement"]["data"]["goals"][0]["digest"] = \
        moved["data"]["statement"]["data"]["premises"][0]["data"]["goals"][0]["digest"]
    assert not recheck_report({"claims": [moved]}, jobs=0).passed


# --------------------------------------------------------------------------------------------
# premises written inside a conclusion (¬A ∨ C, Implies(A, C)) restrict the goal as hypotheses do


t = sympy.Symbol("t", real=True)


def _written(premise, conclusion, form):
    """A ⇒ C in one of the ways a conclusion can state it."""
    if form == "not-and":
        return sympy.Or(sympy.Not(sympy.And(premise, t >= 0, evaluate=False)), conclusion)
    if form == "implies":
        return sympy.Implies(sympy.And(premise, t >= 0), conclusion)
    return sympy.Or(sympy.Not(premise), conclusion)  # sympy turns ¬(x > a) into x ≤ a: a plain disjunct


@settings(max_examples=30, deadline=None)
@given(ends, ends, st.booleans(), ends, st.booleans(), st.sampled_from(["not-and", "implies", "negated"]))
def test_a_premise_inside_the_conclusion_restricts_the_domain_as_a_hypothesis_does(a, b, ao, c, co, form):
    """Oracle: the interval D = [a, b] lies in {x ≥ c} (> c when open), compared end to end in exact
    rationals; a point z3 names must satisfy D and violate the premise, checked by substitution. The
    conclusion t²·(x² + 1) ≥ 0 speaks of a variable t of the statement's own, so the disjunction is
    no relation of the domain's parameters alone."""
    lo, hi = sorted((R(a.numerator, a.denominator), R(b.numerator, b.denominator)))
    hi = hi if hi > lo else lo + 1
    cut = R(c.numerator, c.denominator)
    premise = (x > cut) if co else (x >= cut)
    domain = [x >= lo, x <= hi] if ao else [x >= lo, x < hi + 1]
    conclusion = sympy.GreaterThan(t ** 2 * (x ** 2 + 1), 0, evaluate=False)  # unevaluated: sympy knows it
    inside = goal(_written(premise, conclusion, form), [], [t, x])
    outside = goal(sympy.Or(sympy.Not(t >= 0), conclusion), [premise], [t, x])
    (got, _, (one,)), (want, _, _) = _covered(domain, (inside, "smtlib")), _covered(domain, (outside, "smtlib"))
    expected = bool(lo > cut or (lo == cut and not co))
    if form == "implies":  # a report's goal is read without Implies (the kernel's formulas have none): never covered
        assert got is None and "Implies" in one["why"]
        return
    assert got is want is expected, (domain, premise, form, one["why"])
    if not expected:
        point = _point(one["why"])
        assert _holds(domain, point) and not _holds([premise], point), (point, one["why"])


def test_epsilon_positive_hidden_in_a_premise_restricts_a_proof_of_epsilon_nonnegative():
    """The loophole of issue 26: ∀ ε, t: ¬(ε > 0 ∧ t ≥ 0) ∨ ε·t ≥ 0, proved, on a domain ε ≥ 0. It
    says nothing at ε = 0, so the proof is restricted there (hand check: at ε = 0 the premise ε > 0
    fails for every t); with the paper's ε ≥ 0 inside, it is machine-complete."""
    from symdp.verify import kernel

    for hidden, expected in ((eps > 0, "restricted"), (eps >= 0, "machine-complete")):
        proof = kernel.decide(kernel.goal(sympy.Or(sympy.Not(sympy.And(hidden, t >= 0)), eps * t >= 0)),
                              detail="a product of nonnegatives")
        assert proof.status == "proved"
        r = _report(establish(proof, domain=[eps >= 0]), [eps >= 0])
        assert r.proof_status == expected, r.proof_notes
        if expected == "restricted":
            point = _point(r.goals[0]["covered_why"])
            assert point["epsilon"] == 0 and "inside the conclusion" in r.goals[0]["covered_why"]
            assert _holds([eps >= 0], point) and not _holds([hidden], point)


def test_a_disjunct_over_the_parameters_is_a_premise_and_a_disjunction_of_them_a_relation():
    """ε ≤ 0 ∨ ε·t² ≥ 0 is ε > 0 ⇒ ε·t² ≥ 0: not covered on ε ≥ 0 (at ε = 0); b = 0 ∨ b = 1 over the
    domain's parameter b alone is the statement (a relation), not a premise."""
    g = goal(sympy.Or(eps <= 0, eps * t ** 2 >= 0), [], [eps, t])
    covered, _, (one,) = _covered([eps >= 0], (g, "smtlib"))
    assert covered is False and _point(one["why"])["epsilon"] == 0
    assert _covered([eps > 0], (g, "smtlib"))[0] is True
    b = sympy.Symbol("b", real=True)
    g = goal(sympy.Or(sympy.Eq(b, 0), sympy.Eq(b, 1)), [], [b])
    assert _covered([sympy.Or(sympy.Eq(b, 0), sympy.Eq(b, 1))], (g, "smtlib"))[0] is True


def test_premises_about_the_statements_own_variables_must_hold_somewhere_at_every_point():
    """∀ t ∈ [0, ε − 1]: … says nothing where ε < 1 (no such t): not covered on ε ≥ 0, with a point
    ε < 1 (checked by hand: the interval is empty); t ∈ [0, ε] is nonempty for every ε ≥ 0. For every
    index, u_j ∈ [0, 1] is satisfiable; u_j ∈ [1, ε] is not where ε < 1."""
    j = sympy.Symbol("j", integer=True)
    n = sympy.Symbol("n", integer=True, positive=True)
    u = sympy.IndexedBase("u")
    from symdp.verify.recheck.terms import Every

    def one(premise, domain, _variables):
        from symdp.verify import kernel

        g = kernel.goal(sympy.Or(sympy.Not(premise), sympy.GreaterThan(t ** 2, 0, evaluate=False)))
        covered, _, (entry,) = _covered(domain, (g, "smtlib"))
        return covered, entry

    covered, entry = one(sympy.And(t >= 0, t <= eps - 1), [eps >= 0], [eps, t])
    point = _point(entry["why"])
    assert covered is False and point["epsilon"] < 1 and _holds([eps >= 0], point)
    covered, entry = one(sympy.And(t >= 0, t <= eps), [eps >= 0], [eps, t])
    assert covered is True and not entry["antecedents"]
    # exp(ε) − 1 ≥ ε ≥ 0 from the tangent fact: [0, e^ε − 1] is never empty
    assert one(sympy.And(t >= 0, t <= sympy.exp(eps) - 1), [eps >= 0], [eps, t])[0] is True
    domain = [Integer("n", 1), eps >= 0]
    covered, entry = one(Every(sympy.And(u[j] >= 0, u[j] <= 1), (j, 1, n)), domain, [eps, n, t, u])
    assert covered is True and not entry["antecedents"]
    covered, entry = one(Every(sympy.And(u[j] >= 1, u[j] <= eps), (j, 1, n)), domain, [eps, n, t, u])
    assert covered is False and _point(entry["why"])["epsilon"] < 1


def test_what_the_abstraction_cannot_decide_is_read_by_a_person_unless_another_goal_proves_it():
    """t ∈ [tanh ε, (e^{2ε} − 1)/(e^{2ε} + 1)] is the point t = tanh ε (an identity), which z3 does not
    know with tanh and e^{2ε} free: the premise is read by a person ("proved with prose"); with the
    identity among the claim's proved goals it is decided (machine-complete)."""
    from symdp.verify import kernel

    e2 = sympy.exp(2 * eps)
    premise = sympy.And(t >= sympy.tanh(eps), t <= (e2 - 1) / (e2 + 1))
    step = kernel.decide(kernel.goal(sympy.Or(sympy.Not(premise), t * (t + 1) >= t)), detail="a square")
    alone = _report(establish(step, domain=[eps >= 0]), [eps >= 0])
    assert alone.goals[0]["covered"] is True and alone.goals[0]["antecedents"]
    assert alone.proof_status == "proved with prose" and any("read beside the paper's words" in n for n in alone.proof_notes)
    same = identity(sympy.tanh(eps), (e2 - 1) / (e2 + 1), "tanh ε = (e^{2ε} − 1)/(e^{2ε} + 1)")
    both = _report(establish(combine(step, same), domain=[eps >= 0]), [eps >= 0])
    assert both.proof_status == "machine-complete", both.proof_notes


def test_premises_about_typed_objects_are_entailed_by_the_item_or_read_by_a_person():
    """A law's masses sum to 1 over its alphabet and are ≥ 0; an ε-LDP channel's entries of one
    column are within e^ε: entailed by the items. The sum over 1..K+1, or the LDP bound of a channel
    the domain only calls a channel, is no item's meaning: read by a person, never covered by a
    machine (the antecedent is named)."""
    from symdp.verify import Channel, LDPChannel
    from symdp.verify.recheck.terms import Every

    y, i, i2 = sympy.symbols("y i i_2", integer=True)
    K = sympy.Symbol("K", integer=True, positive=True)
    P, Q = sympy.IndexedBase("P"), sympy.IndexedBase("Q")

    def antecedents(premise, domain):
        from symdp.verify import kernel

        g = kernel.goal(sympy.Or(sympy.Not(premise), sympy.GreaterThan(t ** 2, 0, evaluate=False)))
        covered, _, (entry,) = _covered(domain, (g, "smtlib"))
        assert covered is True, entry["why"]
        return entry["antecedents"]

    laws = [Laws("P", k="K")]
    assert antecedents(sympy.Eq(sympy.Sum(P[y], (y, 1, K)), 1), laws) == []
    assert antecedents(sympy.And(sympy.Eq(sympy.Sum(P[y], (y, 1, K)), 1), Every(P[y] >= 0, (y, 1, K))), laws) == []
    assert antecedents(sympy.Eq(sympy.Sum(P[y], (y, 1, K + 1)), 1), laws) != []
    assert antecedents(sympy.Eq(sympy.Sum(P[y], (y, 1, K)), 1), [Laws("P"), Integer("K", 1)]) != []
    bound = Q[i, y] <= sympy.exp(eps) * Q[i2, y]
    indices = [Integer("i"), Integer("i_2"), Integer("y"), eps >= 0]
    assert antecedents(bound, [LDPChannel("Q", eps), *indices]) == []
    assert antecedents(bound, [LDPChannel("Q", 2 * eps), *indices]) != []
    assert antecedents(Q[i, y] <= sympy.exp(eps) * Q[i2, y + 1], [LDPChannel("Q", eps), *indices]) != []
    assert antecedents(bound, [Channel("Q"), *indices]) != []


def test_only_goals_covered_on_the_domain_lend_their_conclusions():
    """ε ≥ 1 ⇒ ε ≥ 1 is not covered on ε ≥ 0 (its hypothesis fails at ε = 0), so its conclusion is no
    fact of the domain: t ∈ [1, ε] is still empty at ε = 0 (hand check), the goal over it not covered."""
    from symdp.verify import kernel

    empty = kernel.goal(sympy.Or(sympy.Not(sympy.And(t >= 1, t <= eps)), sympy.GreaterThan(t ** 2, 0, evaluate=False)))
    lender = goal(sympy.GreaterThan(eps, 1, evaluate=False), [eps >= 1], [eps])
    covered, _, (first, second) = _covered([eps >= 0], (empty, "smtlib"), (lender, "smtlib"))
    assert first["covered"] is False and second["covered"] is False
    assert _point(first["why"])["epsilon"] < 1


def test_a_generic_index_is_read_only_for_the_statements_own_sequences():
    """u_j ∈ [0, θ_j] for every j ≤ n, where the domain says θ_1 ≤ −1: empty at j = 1 (hand check), so
    θ_j is not a free value to choose: the premise is never decided satisfiable (read by a person)."""
    from symdp.verify import kernel
    from symdp.verify.recheck.terms import Every

    j = sympy.Symbol("j", integer=True)
    u, th = sympy.IndexedBase("u"), sympy.IndexedBase("theta")
    n = sympy.Symbol("n", integer=True, positive=True)
    premise = Every(sympy.And(u[j] >= 0, u[j] <= th[j]), (j, 1, n))
    g = kernel.goal(sympy.Or(sympy.Not(premise), sympy.GreaterThan(t ** 2, 0, evaluate=False)))
    covered, _, (entry,) = _covered([Integer("n", 1), th[1] <= -1], (g, "smtlib"))
    assert covered is not True or entry["antecedents"], entry["why"]


def test_only_goals_covered_on_the_domain_lend_their_conclusions_to_decide_a_premise():
    """t ∈ [1, 2 tanh ε] is nonempty only where tanh ε ≥ 1/2; z3 with tanh ε free cannot tell, so the
    premise is read by a person. The goal ε ≥ 1 ⇒ tanh ε ≥ 1/2 (true: tanh 1 ≈ 0.76) does not cover
    ε ≥ 0, so its conclusion is no fact there and decides nothing."""
    from symdp.verify import kernel

    premise = sympy.And(t >= 1, t <= 2 * sympy.tanh(eps))
    g = kernel.goal(sympy.Or(sympy.Not(premise), sympy.GreaterThan(t ** 2, 0, evaluate=False)))
    lender = goal(sympy.GreaterThan(sympy.tanh(eps), R(1, 2), evaluate=False), [eps >= 1], [eps])
    covered, _, (first, second) = _covered([eps >= 0], (g, "smtlib"), (lender, "smtlib"))
    assert second["covered"] is False
    assert first["covered"] is not True or first["antecedents"], first["why"]


def test_a_typed_object_of_the_domain_is_never_an_auxiliary_variable():
    """One set of names in covering and status: W, a channel of the domain, is the domain's. A goal
    needing W₁ > 0 (which no channel promises: W₁ = 0 is a channel's entry) is restricted, never
    excused as a lemma over auxiliary variables; a goal whose only failing requirement is on a size l
    the domain does not name is a lemma (proved with prose)."""
    from symdp.verify import Channel

    W = sympy.IndexedBase("W")
    xp = sympy.Symbol("x", positive=True)
    lp = sympy.Symbol("l", integer=True, positive=True)
    from symdp.verify import kernel

    needs_w = kernel.goal(sympy.GreaterThan(W[1] * xp, 0, evaluate=False), [W[1] > 0])
    covered, _, (entry,) = _covered([Channel("W")], (needs_w, "smtlib"))
    assert covered is not True and entry["unlinked"] == [], entry
    size = kernel.goal(sympy.Eq(W[lp], W[lp], evaluate=False))
    covered, _, (entry,) = _covered([Channel("W")], (size, "identity"))
    assert covered is False and entry["unlinked"] == ["l"], entry
    from symdp.verify import status
    assert status._auxiliary(["l"], [Channel("W")], [Channel("W")]) and not status._auxiliary(["W"], [], [Channel("W")])


# --------------------------------------------------------------------------------------------
# facts about finite sums (a law's masses sum to 1, sums of nonnegative terms), checked against the
# sums themselves: exact values at random laws, indicators and ranges (sympy's Sum, including its
# convention for a range that runs backwards: Σ_{1}^{-2} f = −Σ_{-1}^{0} f)


def _sum_facts_hold(domain, sums, values, k_value, eps_value):
    """Every fact the abstraction states about `sums` holds at the point: k, ε, and the sequences'
    terms given (`values`: name → {index: value}); each fresh variable is the value of its subterm."""
    from symdp.verify.covering import Abstraction, Premises

    a = Abstraction(Premises.of(domains.items(domain)))
    for s in sums:
        a.term(s)
    facts = a.facts()
    k = sympy.Symbol("k", integer=True)

    def value(expr):
        expr = expr.xreplace({sympy.Symbol("k", integer=True, positive=True): k_value, k: k_value, eps: eps_value})
        expr = expr.doit()
        return expr.replace(lambda e: isinstance(e, sympy.Indexed), lambda e: values[str(e.base)][int(e.indices[0])])

    atoms = {z: value(e) for z, e in a.atoms.values()}
    for f in facts:
        got = f.xreplace(atoms).xreplace({eps: eps_value, sympy.Symbol("k", integer=True, positive=True): k_value, k: k_value})
        got = got.doit() if hasattr(got, "doit") else got
        assert bool(sympy.simplify(got)) is True, (f, got)
    return facts


@settings(max_examples=25, deadline=None)
@given(st.integers(-3, 4), st.lists(st.integers(0, 5), min_size=8, max_size=8), st.lists(st.integers(0, 1), min_size=8,
       max_size=8), st.integers(-2, 3))
def test_the_facts_about_finite_sums_hold_at_every_point(k_value, weights, bits, shift):
    from symdp.verify import ProbabilityVector
    from symdp.verify.recheck.terms import Every

    i, i2 = sympy.symbols("i i_2", integer=True)
    k = sympy.Symbol("k", integer=True)
    P, tau, u = sympy.IndexedBase("P"), sympy.IndexedBase("tau"), sympy.IndexedBase("u")
    size = max(k_value, 1)
    total = sum(weights[:size]) or 1
    # off the alphabet a law's terms are still read as ≥ 0 (the sequence's sign): positive there, so that a sum
    # over a backwards range (−Σ of them) is negative
    law = {j: R(weights[j - 1], total) if 1 <= j <= 8 else R(1, 5) for j in range(-8, 9)}
    if sum(weights[:size]) == 0:
        law[1] = R(1)
    values = {"P": law, "tau": {j: bits[abs(j) % 8] for j in range(-8, 10)},
              "u": {j: (bits[abs(j) % 8] if 1 <= j <= size else -1) for j in range(-8, 10)}}
    domain = [ProbabilityVector("P", "k"), Integer("k"), eps >= 0,
              Every(sympy.Or(sympy.Eq(tau[i], 0), sympy.Eq(tau[i], 1)), (i, 1, k)),
              Every(sympy.And(u[i] >= 0, u[i] <= 1), (i, 1, k))]
    sums = [sympy.Sum(P[i], (i, 1, k)), sympy.Sum(P[i] * tau[i], (i, 1, k)), sympy.Sum(u[i2], (i2, 1, k)),
            sympy.Sum(P[i2] * (1 + (sympy.exp(eps) - 1) * tau[i2]), (i2, 1, k)), sympy.Sum(u[i], (i, 1, k + shift)),
            sympy.Sum(P[i], (i, 1, k + shift)), sympy.Sum(sympy.exp(u[i]), (i, 1, k + shift)),
            sympy.Sum(2 + 3 * u[i], (i, 1, k + shift))]
    if k_value >= 1:  # a law lives on k ≥ 1 symbols; the sums over other ranges keep their facts honest
        _sum_facts_hold(domain, sums, values, k_value, R(1, 3))
    facts = _sum_facts_hold([d for d in domain if not isinstance(d, domains.Laws)] + [Integer("k")],
                            sums[1:3] + sums[4:5] + sums[6:], {**values, "P": {j: R(j) for j in range(-8, 9)}}, k_value,
                            R(1, 3))
    assert facts  # the sign facts of u (and linearity) are stated; P is no law here, so none of its own


def test_a_law_of_the_domain_gives_its_pattern_masses_a_sign_and_sums_a_total():
    """Kairouz–Oh–Viswanath (83), (99): Pᵀ S_j = Σ P(x_i)(1 + (e^ε − 1)τ_i) ≥ Σ P(x_i) = 1 > 0 and P(T_j) ≥ 0 for
    τ ∈ {0, 1}: decided from the law and the indicator, no domain entry needed (hand proof beside)."""
    from symdp.verify import ProbabilityVector, kernel
    from symdp.verify.covering import Premises, check
    from symdp.verify.recheck.terms import Every

    i, k = sympy.Symbol("i", integer=True), sympy.Symbol("k", integer=True, positive=True)
    P, tau = sympy.IndexedBase("P"), sympy.IndexedBase("tau")
    domain = [ProbabilityVector("P", "k"), eps >= 0, Every(sympy.Or(sympy.Eq(tau[i], 0), sympy.Eq(tau[i], 1)), (i, 1, k))]
    mass = sympy.Sum(P[i] * (1 + (sympy.exp(eps) - 1) * tau[i]), (i, 1, k))
    premises = Premises.of(domains.items(domain))
    for need, expected in ((mass > 0, True), (sympy.Sum(P[i] * tau[i], (i, 1, k)) >= 0, True),
                           (sympy.Sum(P[i] * tau[i], (i, 1, k)) > 0, None)):  # τ = 0 gives 0
        g = kernel.goal(sympy.GreaterThan(k, 1, evaluate=False), [need])
        assert check(g, "smtlib", premises).covered is expected, need


def test_the_privacy_loss_relation_is_entailed_by_its_item_only():
    """Z the privacy loss of P with respect to Q (Steinke, Definition 2: Z = log(P/Q)) states P_i = e^{Z_i}·Q_i at every
    point: entailed by ``PrivacyLoss("Z", "P", "Q")`` (either side), by nothing else; another Z, P, Q or index, e^{−Z},
    the reverse Q = e^Z·P are no meaning of the item; the bound P ≤ e^Z·Q follows from it (decided). Independent route: on laws with one
    support and Z := log(P/Q) (the definition, exact rationals), each premise accepted holds and each refused one fails."""
    from symdp.verify.domains import PrivacyLoss, SameSupport
    from symdp.verify.recheck.terms import Every

    i, j = sympy.symbols("i j", integer=True)
    m = sympy.Symbol("m", integer=True, positive=True)
    P, Q = sympy.IndexedBase("P", nonnegative=True), sympy.IndexedBase("Q", nonnegative=True)
    Z, W = sympy.IndexedBase("Z"), sympy.IndexedBase("W")

    def antecedents(premise, domain):
        from symdp.verify import kernel

        g = kernel.goal(sympy.Or(sympy.Not(Every(premise, (i, 1, m))), sympy.GreaterThan(t ** 2, 0, evaluate=False)))
        covered, _, (entry,) = _covered(domain, (g, "smtlib"))
        assert covered is True, entry["why"]
        return entry["antecedents"]

    laws = [SameSupport("P", "Q"), Laws("P", "Q", k="m"), Integer("j")]
    loss = [*laws, PrivacyLoss("Z", "P", "Q")]
    accepted = [sympy.Eq(P[i], sympy.exp(Z[i]) * Q[i]), sympy.Eq(sympy.exp(Z[i]) * Q[i], P[i])]
    refused = [sympy.Eq(P[i], sympy.exp(-Z[i]) * Q[i]), sympy.Eq(Q[i], sympy.exp(Z[i]) * P[i]),
               sympy.Eq(P[i], sympy.exp(Z[i]) * Q[j]), sympy.Eq(P[i], sympy.exp(W[i]) * Q[i])]
    p, q = [Fraction(1, 2), Fraction(1, 3), Fraction(1, 6)], [Fraction(1, 6), Fraction(1, 2), Fraction(1, 3)]
    at = {P: sympy.Matrix([0, *p]), Q: sympy.Matrix([0, *q]), Z: sympy.Matrix([0, *(sympy.log(sympy.Rational(a / b)) for a, b in zip(p, q))]),
          W: sympy.Matrix([0, 1, 1, 1])}

    def holds(rel, k):  # the relation at point k (j := another point), exactly
        terms = {f: at[f.base][f.indices[0].subs({i: k, j: k % 3 + 1})] for f in rel.atoms(sympy.Indexed)}
        return bool(sympy.simplify(rel.xreplace(terms)))

    for rel in accepted:
        assert all(holds(rel, k) for k in (1, 2, 3))
        assert antecedents(rel, loss) == []
        assert antecedents(rel, laws) != []  # without the item a person reads it
    for rel in refused:
        assert not all(holds(rel, k) for k in (1, 2, 3)), rel
        assert antecedents(rel, loss) != [], rel
    # P ≤ e^Z·Q is no literal meaning of the item but follows from it at each index of 1..m (decided at a generic index)
    assert all(holds(P[i] <= sympy.exp(Z[i]) * Q[i], k) for k in (1, 2, 3))
    assert antecedents(P[i] <= sympy.exp(Z[i]) * Q[i], loss) == []
    # another item's names: the loss of Q with respect to P, or another Z
    assert antecedents(accepted[0], [*laws, PrivacyLoss("Z", "Q", "P")]) != []
    assert antecedents(accepted[0], [*laws, PrivacyLoss("W", "P", "Q")]) != []


# --------------------------------------------------------------------------------------------
# premises inside a conclusion over a range: the range must lie inside the objects' alphabets, an Every(a ∧ b) is
# read conjunct by conjunct, and a premise mixing typed objects (∀) with the statement's own sequences (∃) is decided
# at a generic index


def _premise_left(premise, domain):
    """(covered, antecedents) of the goal ¬premise ∨ w² ≥ 0 on `domain` (w a variable of the goal alone)."""
    from symdp.verify import kernel

    w = sympy.Symbol("w_own", real=True)
    g = kernel.goal(sympy.Or(sympy.Not(premise), sympy.GreaterThan(w ** 2, 0, evaluate=False)))
    covered, _, (entry,) = _covered(domain, (g, "smtlib"))
    return covered, entry["antecedents"]


def test_a_premise_over_a_range_is_entailed_only_inside_the_objects_alphabet():
    """Hand check: a law on 1..m says nothing of P_{m+1} (the premise over 1..m + 1 would restrict the goal to laws whose
    (m+1)-th term is ≥ 0 and satisfies the relation: no item's meaning). Over 1..m, 2..m, 1..m − 1 (inside) it is the
    item's; a law of unstated size gives no range; the privacy loss relation likewise."""
    from symdp.verify.domains import PrivacyLoss, SameSupport
    from symdp.verify.recheck.terms import Every

    i = sympy.Symbol("i", integer=True)
    m = sympy.Symbol("m", integer=True, positive=True)
    P, Q, Z = sympy.IndexedBase("P"), sympy.IndexedBase("Q"), sympy.IndexedBase("Z")
    law = [Laws("P", "Q", k="m"), SameSupport("P", "Q"), PrivacyLoss("Z", "P", "Q")]
    for premise in (P[i] >= 0, sympy.Eq(P[i], sympy.exp(Z[i]) * Q[i])):
        for lo, hi, inside in ((1, m, True), (2, m, True), (1, m - 1, True), (1, m + 1, False), (0, m, False)):
            covered, left = _premise_left(Every(premise, (i, lo, hi)), law)
            assert covered is True and (left == []) is inside, (premise, lo, hi, left)
        assert _premise_left(Every(premise, (i, 1, m)), [Laws("P", "Q"), PrivacyLoss("Z", "P", "Q"), Integer("m", 1)])[1] != []
    # a privacy loss at the points 1..m it names (Steinke, Theorem 9: the outputs of m mechanisms), no law's alphabet
    loss = sympy.Eq(P[i], sympy.exp(Z[i]) * Q[i])
    sized = [Integer("m", 1), SameSupport("P", "Q"), PrivacyLoss("Z", "P", "Q", k="m")]
    assert _premise_left(Every(loss, (i, 1, m)), sized) == (True, [])
    assert _premise_left(Every(loss, (i, 1, m + 1)), sized)[1] != []


def test_pure_dp_outcomes_entail_their_relations_on_1_to_k_only():
    """DPOutcomes (Steinke, Theorem 1: p_j = P[M_j(x) = y_j], q_j = P[M_j(x') = y_j], M_j ε_j-DP) states p_j, q_j ≥ 0 and
    p_j ≤ e^{ε_j} q_j, q_j ≤ e^{ε_j} p_j for j ≤ k. Independent route: at randomized-response pairs (p, q) = (e^ε, 1)/(1 + e^ε)
    and its swap, exact, the accepted premises hold at every j ≤ k and each refused one fails at some j (a stronger
    bound e^{ε_j/2}, the reverse sign, a premise at k + 1 where the item says nothing)."""
    from symdp.verify.domains import DPOutcomes
    from symdp.verify.recheck.terms import Every

    j = sympy.Symbol("j", integer=True)
    k = sympy.Symbol("k", integer=True, positive=True)
    p, q, e = sympy.IndexedBase("p"), sympy.IndexedBase("q"), sympy.IndexedBase("epsilon_j")
    domain = [Integer("k", 1), DPOutcomes("p", "q", "epsilon_j", k="k")]
    accepted = [sympy.And(p[j] >= 0, q[j] >= 0, p[j] <= sympy.exp(e[j]) * q[j], q[j] <= sympy.exp(e[j]) * p[j]),
                p[j] <= sympy.exp(e[j]) * q[j], sympy.And(p[j] >= 0, q[j] <= sympy.exp(e[j]) * p[j])]
    refused = [p[j] <= sympy.exp(e[j] / 2) * q[j], p[j] <= 0, p[j] <= q[j]]
    values = [sympy.log(2), sympy.log(3), sympy.Integer(1)]
    rr = [((sympy.exp(v), 1) if n % 2 == 0 else (1, sympy.exp(v))) for n, v in enumerate(values)]
    at = lambda n: {p[j]: rr[n][0] / (1 + sympy.exp(values[n])), q[j]: rr[n][1] / (1 + sympy.exp(values[n])), e[j]: values[n]}
    holds = lambda rel: all(bool(sympy.simplify(rel.xreplace(at(n)))) for n in range(3))
    for rel in accepted:
        assert holds(rel)
        assert _premise_left(Every(rel, (j, 1, k)), domain) == (True, [])
        assert _premise_left(Every(rel, (j, 1, k + 1)), domain)[1] != []
        assert _premise_left(Every(rel, (j, 1, k)), domain[:1])[1] != []  # without the item: read by a person
    for rel in refused:
        assert not holds(rel), rel
        assert _premise_left(Every(rel, (j, 1, k)), domain)[1] != [], rel


def test_zcdp_moments_entail_their_bound_at_the_items_order_only():
    """ZCDPMoments (Steinke, Theorem 13: g_j = E[e^{tZ_j}] ≤ e^{t(t+1)ρ_j}) at the order t: the bound at t, not at
    another order s, nor a smaller bound. Independent route: for the Gaussian loss N(ρ, 2ρ) (Proposition 3) the moment
    is exactly e^{t(t+1)ρ}: the accepted bound holds with equality, the refused e^{t²ρ} fails for t, ρ > 0."""
    from symdp.verify.domains import ZCDPMoments
    from symdp.verify.recheck.terms import Every

    j = sympy.Symbol("j", integer=True)
    k = sympy.Symbol("k", integer=True, positive=True)
    s = sympy.Symbol("s", real=True)
    g, r = sympy.IndexedBase("g"), sympy.IndexedBase("rho_j")
    domain = [Integer("k", 1), t >= 0, s >= 0, ZCDPMoments("g", "rho_j", t, k="k")]
    bound = sympy.And(g[j] >= 0, g[j] <= sympy.exp(t * (t + 1) * r[j]))
    gauss = lambda tt, rho: sympy.exp(tt * rho + tt ** 2 * 2 * rho / 2)  # E e^{tZ}, Z ~ N(ρ, 2ρ)
    assert sympy.simplify(gauss(t, r[j]) - sympy.exp(t * (t + 1) * r[j])) == 0
    assert gauss(1, R(1, 2)) > sympy.exp(R(1, 2))  # e^{t²ρ} at t = 1, ρ = ½ is below the moment
    assert _premise_left(Every(bound, (j, 1, k)), domain) == (True, [])
    assert _premise_left(Every(g[j] <= sympy.exp(s * (s + 1) * r[j]), (j, 1, k)), domain)[1] != []
    assert _premise_left(Every(g[j] <= sympy.exp(t ** 2 * r[j]), (j, 1, k)), domain)[1] != []


def test_a_premise_mixing_objects_and_own_sequences_needs_own_values_for_every_object():
    """Steinke, Proposition 7: the test s_i = 1[Z_i > ε] exists for every privacy loss Z (∀ Z ∃ s), so the premise
    P_i = e^{Z_i}Q_i ∧ (s_i = 0 ∧ Z_i ≤ ε ∨ s_i = 1 ∧ Z_i > ε) restricts no pair; Z_i ≤ ε (the paper's "if") is kept for a
    person (split from the entailed conjunct); s_i = 1 whatever Z_i is not satisfiable where Z_i ≤ ε, nor s_i = Z_i² < 0
    anywhere (hand checks): kept. An own sequence shared with another premise is never chosen alone."""
    from symdp.verify.domains import PrivacyLoss, SameSupport
    from symdp.verify.recheck.terms import Every

    i = sympy.Symbol("i", integer=True)
    m = sympy.Symbol("m", integer=True, positive=True)
    P, Q, Z, s = (sympy.IndexedBase(n) for n in ("P", "Q", "Z", "s"))
    domain = [SameSupport("P", "Q"), Laws("P", "Q", k="m"), PrivacyLoss("Z", "P", "Q"), eps >= 0]
    loss = sympy.Eq(P[i], sympy.exp(Z[i]) * Q[i])
    case = sympy.Or(sympy.And(sympy.Eq(s[i], 0), Z[i] - eps <= 0), sympy.And(sympy.Eq(s[i], 1), Z[i] - eps > 0))
    # the indicator is the witness, at sample points of Z (hand check of ∀ Z ∃ s)
    for z in (-2, 0, R(1, 3), 5):
        witness = 1 if z > R(1, 3) else 0
        assert bool(case.xreplace({Z[i]: z, s[i]: witness, eps: R(1, 3)}))
    assert _premise_left(Every(sympy.And(loss, case), (i, 1, m)), domain) == (True, [])
    assert _premise_left(Every(case, (i, 1, m + 1)), domain)[1] != []  # Z has no term at m + 1
    covered, left = _premise_left(Every(sympy.And(loss, Z[i] <= eps), (i, 1, m)), domain)
    assert covered is True and left == ["Every(Z[i] ≤ epsilon, (i, 1, m))"]
    assert _premise_left(Every(sympy.And(case, sympy.Eq(s[i], 1)), (i, 1, m)), domain)[1] != []
    assert _premise_left(Every(sympy.And(sympy.Eq(s[i], Z[i] ** 2), s[i] < 0), (i, 1, m)), domain)[1] != []
    # s chosen for the first premise must also satisfy the second: not decided one at a time
    both = sympy.And(Every(case, (i, 1, m)), Every(sympy.Eq(s[i], 2), (i, 1, m)))
    assert _premise_left(both, domain)[1] != []


def test_a_generic_index_is_one_variable_per_sequence_whatever_the_index_is_named():
    """u_i ≥ 1 for every i and u_j ≤ 0 for every j (over one range): no u satisfies both (hand check), so the premises
    are never decided satisfiable on n ≥ 1, whatever names the two Everys give their index."""
    from symdp.verify.recheck.terms import Every

    i, j = sympy.symbols("i j", integer=True)
    n = sympy.Symbol("n", integer=True, positive=True)
    u = sympy.IndexedBase("u")
    covered, left = _premise_left(sympy.And(Every(u[i] >= 1, (i, 1, n)), Every(u[j] <= 0, (j, 1, n))), [Integer("n", 1)])
    assert covered is False or left != []


def test_a_pure_dp_pair_bounds_its_privacy_loss_where_p_is_positive():
    """Steinke, Proposition 16's premise: for an ε-DP pair with privacy loss Z, P_i = 0 or −ε ≤ Z_i ≤ ε (from P_i ≤ e^ε Q_i,
    Q_i ≤ e^ε P_i and P_i = e^{Z_i} Q_i, e^x strictly increasing). Independent route: randomized response at e^ε = 3 has
    Z = ±ε exactly, so the tighter Z_i ≤ ε/2 and Z_i < ε fail there and are never entailed."""
    from symdp.verify.domains import DPPair, PrivacyLoss
    from symdp.verify.recheck.terms import Every

    i = sympy.Symbol("i", integer=True)
    m = sympy.Symbol("m", integer=True, positive=True)
    P, Q, Z = sympy.IndexedBase("P"), sympy.IndexedBase("Q"), sympy.IndexedBase("Z")
    domain = [DPPair("P", "Q", eps), Laws("P", "Q", k="m"), eps >= 0, PrivacyLoss("Z", "P", "Q")]
    p, q = [R(3, 4), R(1, 4)], [R(1, 4), R(3, 4)]
    at = lambda n: {P[i]: p[n], Q[i]: q[n], Z[i]: sympy.log(p[n] / q[n]), eps: sympy.log(3)}
    holds = lambda rel: all(bool(sympy.simplify(rel.xreplace(at(n)))) for n in range(2))
    good = sympy.Or(sympy.Eq(P[i], 0), sympy.And(Z[i] <= eps, -eps <= Z[i]))
    assert holds(good) and _premise_left(Every(good, (i, 1, m)), domain) == (True, [])
    assert _premise_left(Every(good, (i, 1, m)), domain[1:])[1] != []  # no DP pair: no bound on Z
    # an (ε, δ)-pair with δ > 0 bounds no single outcome (P = (δ, 1 − δ), Q = (0, 1) is (0, δ)-DP: Z_1 = ∞ where P_1 > 0)
    approximate = [DPPair("P", "Q", eps, delta), delta > 0, *domain[1:]]
    assert _premise_left(Every(good, (i, 1, m)), approximate)[1] != []
    for bad in (sympy.Or(sympy.Eq(P[i], 0), Z[i] <= eps / 2), sympy.Or(sympy.Eq(P[i], 0), Z[i] < eps)):
        assert not holds(bad)
        assert _premise_left(Every(bad, (i, 1, m)), domain)[1] != []


def test_a_loss_moment_item_states_its_bound_at_its_order_only():
    """ZCDPLaws (Steinke, Definition 11: Σ_i e^{tZ_i} P_i ≤ e^{t(t+1)ρ}) and RDPLaws (Definition 30: Σ_i e^{(α−1)Z_i} P_i ≤
    e^{(α−1)ε}), with a family of rows (Proposition 19: M₂(·, y₁) for every y₁). Independent route: randomized response at
    e^ε = 3 is ε-DP, hence ε²/2-zCDP (Proposition 16): its moment Σ P (P/Q)^t, exact, is within e^{t(t+1)ε²/2} at t = 1, 2
    and above e^{t²ε²/8} (a smaller bound the item must not state)."""
    from symdp.verify.domains import RDPLaws, ZCDPLaws
    from symdp.verify.recheck.terms import Every

    i, y = sympy.symbols("i y", integer=True)
    m, n = sympy.symbols("m n", integer=True, positive=True)
    P, Z = sympy.IndexedBase("P"), sympy.IndexedBase("Z")
    r, a, e1 = sympy.symbols("rho alpha epsilon_1", real=True)
    moment = lambda c, hi=m: sympy.Sum(sympy.exp(c * Z[i]) * P[i], (i, 1, hi))
    rr = [R(3, 4), R(1, 4)]
    exact = lambda tt: sum(pv * (pv / (1 - pv)) ** tt for pv in rr)
    rho = sympy.log(3) ** 2 / 2
    for tt in (1, 2):
        assert exact(tt) <= sympy.exp(tt * (tt + 1) * rho) and exact(tt) > sympy.exp(tt ** 2 * rho / 4)
    zcdp = [Laws("P", "Q", k="m"), t >= 0, r >= 0, ZCDPLaws("P", "Q", "Z", r, t, k="m")]
    assert _premise_left(moment(t) <= sympy.exp(r * t * (t + 1)), zcdp) == (True, [])
    for bad in (moment(t) <= sympy.exp(r * t ** 2 / 4), moment(2 * t) <= sympy.exp(r * t * (t + 1)),
                moment(t, m + 1) <= sympy.exp(r * t * (t + 1))):
        assert _premise_left(bad, zcdp)[1] != [], bad
    assert _premise_left(moment(t) <= sympy.exp(r * t * (t + 1)), zcdp[:3])[1] != []  # no item: a person reads it
    rdp = [Laws("P", "Q", k="m"), a > 1, RDPLaws("P", "Q", "Z", a, e1, k="m")]
    assert _premise_left(moment(a - 1) <= sympy.exp(e1 * (a - 1)), rdp) == (True, [])
    assert _premise_left(moment(a) <= sympy.exp(e1 * (a - 1)), rdp)[1] != []
    # Z of the RDP laws lives on 1..m: the indicator s_i = 1[Z_i > ε̃] exists for every Z there (Definition 30's Markov
    # step), not at m + 1
    s, et = sympy.IndexedBase("s"), sympy.Symbol("epsilon~", real=True)
    test = sympy.Or(sympy.And(sympy.Eq(s[i], 0), Z[i] <= et), sympy.And(sympy.Eq(s[i], 1), Z[i] > et))
    assert _premise_left(Every(test, (i, 1, m)), rdp) == (True, [])
    assert _premise_left(Every(test, (i, 1, m + 1)), rdp)[1] != []
    rows = [Integer("m", 1), Laws("P", "Q", k="n"), t >= 0, r >= 0, ZCDPLaws("P", "Q", "Z", r, t, k="n", rows="m")]
    row = sympy.Sum(sympy.exp(t * Z[y, i]) * P[y, i], (i, 1, n)) <= sympy.exp(r * t * (t + 1))
    assert _premise_left(Every(row, (y, 1, m)), rows) == (True, [])
    assert _premise_left(Every(row, (y, 1, m + 1)), rows)[1] != []
    assert _premise_left(Every(row, (y, 1, m)), rows[:4] + [ZCDPLaws("P", "Q", "Z", r, t, k="n")])[1] != []


def test_a_disjunction_of_one_statement_about_objects_and_own_relations_reads_them_as_premises():
    """Steinke, Definition 30: t ≠ α − 1 ∨ (a relation about the law P) is "at t = α − 1, …": t = α − 1 is satisfiable
    at every α, so the goal states the relation about P there (no antecedent). t ≠ t + 1 (its negation t = t + 1 is
    empty: hand check) is never read so: the disjunct about P stays the premise a person reads."""
    from symdp.verify import kernel

    i = sympy.Symbol("i", integer=True)
    m = sympy.Symbol("m", integer=True, positive=True)
    a = sympy.Symbol("alpha", real=True)
    P = sympy.IndexedBase("P")
    about = sympy.Sum(P[i] * sympy.exp(t * i), (i, 1, m)) >= 0
    domain = [Laws("P", k="m"), a > 1]
    g = kernel.goal(sympy.Or(sympy.Ne(t, a - 1), about))
    covered, _, (entry,) = _covered(domain, (g, "smtlib"))
    assert covered is True and entry["antecedents"] == [], entry
    g = kernel.goal(sympy.Or(sympy.Ne(t, t + 1, evaluate=False), about))
    covered, _, (entry,) = _covered(domain, (g, "smtlib"))
    assert covered is not True or entry["antecedents"] != [], entry


def test_an_items_relation_is_used_at_an_index_only_inside_all_its_sequences_alphabets():
    """A privacy loss stated at the points 1..K says nothing of P_j, Q_j for j > K (hand check: P = (0, 1/2, 1/2),
    Q = (0, 0, 1) on 1..3 with K = 1, Z_1 = 0, is a law pair whose P_2 > 0 = Q_2): over 1..m ⊇ 1..K the loss relation
    must not give P_j = 0 ∨ Q_j > 0; over 1..K it does (P_j = e^{Z_j}Q_j)."""
    from symdp.verify.domains import PrivacyLoss
    from symdp.verify.recheck.terms import Every

    i = sympy.Symbol("i", integer=True)
    m = sympy.Symbol("m", integer=True, positive=True)
    K = sympy.Symbol("K", integer=True, positive=True)
    P, Q = sympy.IndexedBase("P"), sympy.IndexedBase("Q")
    p, q = [0, R(1, 2), R(1, 2)], [0, 0, 1]
    assert not all(p[n] == 0 or q[n] > 0 for n in range(3)) and (p[0] == 0 or q[0] > 0)
    domain = [Laws("P", "Q", k="m"), Integer("K", 1), PrivacyLoss("Z", "P", "Q", k="K"), K <= m]
    premise = sympy.Or(sympy.Eq(P[i], 0), Q[i] > 0)
    assert _premise_left(Every(premise, (i, 1, K)), domain) == (True, [])
    assert _premise_left(Every(premise, (i, 1, m)), domain)[1] != []


# --------------------------------------------------------------------------------------------
# definedness of an expectation, a supremum over tests and a proper integral (cover6)

mu_law = None  # set below: the statement's own law μ


def _law_objects():
    from symdp.verify.recheck.terms import Event, Law, Test
    P0, P1 = sympy.IndexedBase("P0", nonnegative=True), sympy.IndexedBase("P1", nonnegative=True)
    return Law("mu"), Event("A"), Test("T"), P0, P1


def _one(domain, conclusion, hypotheses=()):
    from symdp.verify import kernel
    from symdp.verify.covering import Premises, check
    return check(kernel.goal(conclusion, list(hypotheses)), "rule", Premises.of(domains.items(list(domain))))


def test_a_supremum_of_expectations_over_events_is_defined_for_densities_of_the_domains_laws():
    """tv-dp, Definition 1: sup_A E_μ[A·(p0 − e^ε p1)] = E_μ[(p0 − e^ε p1)₊] with p0, p1 the densities of the laws P0, P1
    against μ. Hand proof of definedness: |A·(p0 − e^ε p1)| ≤ p0 + e^ε p1, whose μ-expectation is 1 + e^ε, for every
    measurable A; the same bound for the positive part. The same goal says nothing checkable when the laws live on an
    alphabet of k symbols (P0[x] would be a mass, not a density), and fails without a Laws item (P0's sign)."""
    from symdp.verify.recheck.terms import Expect, Sup

    mu, A, T, P0, P1 = _law_objects()
    d = P0[x] - sympy.exp(eps) * P1[x]
    goal_ = sympy.Eq(Sup(Expect(A[x] * d, (x, mu)), (A,)), Expect(sympy.Max(d, 0), (x, mu)))
    laws = [Laws("P0", "P1"), eps >= 0, delta >= 0, delta <= 1]
    assert _one(laws, goal_).covered is True
    assert _one(laws, sympy.Le(Expect(T[x] * d, (x, mu)), Expect(sympy.Max(d, 0), (x, mu)))).covered is True
    assert _one([Laws("P0", "P1", k="k"), eps >= 0], goal_).covered is None
    assert _one([eps >= 0], goal_).covered is False
    # the laws' terms read as densities only inside expectations over one law μ of the statement's own
    j = sympy.Symbol("j", integer=True)
    assert _one(laws, sympy.Eq(Expect(P0[x], (x, mu)), sympy.Sum(P0[j], (j, 1, 3)))).covered is None
    nu = type(mu)("nu")
    assert _one(laws, sympy.Le(Expect(P0[x], (x, mu)), Expect(P0[x], (x, nu)) + 1)).covered is None
    assert _one(laws, sympy.Ge(Expect(P1[x], (x, type(mu)("P0"))), 0)).covered is None


def test_an_expectation_needs_a_bound_by_the_densities_and_its_terms_defined():
    """Undecided (never covered) without a bound c₀ + Σ cᵢ pᵢ: E_μ[x·p0] (μ Cauchy, P0 = μ: infinite), E_μ[p0²]
    (p0 = dP0/dμ unbounded: P0 with density 1/(2√x) on (0, 1) against the uniform μ gives ∫ 1/(4x) = ∞), the KL
    integrand p0 log(p0/p1) (undefined where p1 = 0). The coefficient 1/ε needs ε ≠ 0: not covered at ε = 0."""
    from symdp.verify.recheck.terms import Expect

    mu, A, T, P0, P1 = _law_objects()
    laws = [Laws("P0", "P1"), eps >= 0]
    for f in (x * P0[x], P0[x] ** 2, P0[x] * sympy.log(P0[x] / P1[x]), sympy.exp(P0[x]), A[x] * P0[x] * P1[x]):
        assert _one(laws, sympy.Ge(Expect(f, (x, mu)), 0)).covered is None, f
    outcome = _one(laws, sympy.Ge(Expect(P0[x] / eps + A[x], (x, mu)), 0))
    assert outcome.covered is False and _point(outcome.why)["epsilon"] == 0
    assert _one([Laws("P0", "P1"), eps > 0], sympy.Ge(Expect(P0[x] / eps + A[x], (x, mu)), 0)).covered is True
    g = sympy.Function("g")
    assert _one(laws, sympy.Ge(Expect(A[x] * g(x), (x, mu)), 0)).covered is None
    # a hypothesis Integrable(f) is implied where E f is defined by the same rule (and only there)
    from symdp.verify.recheck.terms import Integrable
    claim_ = sympy.Ge(Expect(P0[x] * eps, (x, mu)), 0)
    assert _one(laws, claim_, [Integrable(P0[x] * eps + A[x], (x, mu))]).covered is True
    assert _one(laws, claim_, [Integrable(x * P0[x], (x, mu))]).covered is None
    assert _one(laws, claim_, [Integrable(P0[x] / eps, (x, mu))]).covered is False
    # bounded by 1 but not measurable by its form: q ranges over every function, a non-measurable one among them
    q_any = sympy.IndexedBase("q")
    assert _one(laws, sympy.Ge(Expect(sympy.Piecewise((1, q_any[x] > R(1, 2)), (0, True)), (x, mu)), 0)).covered is None
    # bounded by 1 but undefined where p0 = 0 (log 0): the integrand must be defined at every point
    assert _one(laws, sympy.Ge(Expect(sympy.Piecewise((1, sympy.log(P0[x]) > 0), (0, True)), (x, mu)), 0)).covered \
        is not True
    # a plain sequence of the goal still needs a law of the domain; a test needs nothing (its values are its type)
    q = sympy.IndexedBase("q", nonnegative=True)
    assert _one([eps >= 0], sympy.Ge(q[x], 0, evaluate=False)).covered is False


def test_a_supremum_over_tests_needs_a_bound_free_of_the_test():
    """sup_A E[A·d]/A[0] is unbounded over the events (A[0] → 0 is allowed at a point μ does not charge): undecided."""
    from symdp.verify.recheck.terms import Expect, Inf, Sup

    mu, A, T, P0, P1 = _law_objects()
    d = P0[x] - sympy.exp(eps) * P1[x]
    laws = [Laws("P0", "P1"), eps >= 0]
    assert _one(laws, sympy.Ge(Sup(Expect(A[x] * d, (x, mu)) / (1 + A[0]), (A,)), 0)).covered is None
    assert _one(laws, sympy.Ge(Sup(Expect(A[x] * d, (x, mu)) * A[0] + 1, (A,)), 0)).covered is True
    assert _one(laws, sympy.Le(Inf(Expect(T[x] * d, (x, mu)), (T,)), 0)).covered is True
    assert _one(laws, sympy.Le(Sup(Expect(x * T[x] * P0[x], (x, mu)), (T,)), 1)).covered is None


def _integrand_terms():
    """Small integrands over P0[x], P1[x], A[x] and constants (a grammar for the bound's oracle)."""
    mu, A, T, P0, P1 = _law_objects()
    leaves = st.sampled_from([P0[x], P1[x], A[x], T[x], sympy.Integer(2), -sympy.exp(eps), eps])
    return st.recursive(leaves, lambda inner: st.one_of(
        st.tuples(inner, inner).map(lambda ab: ab[0] + ab[1]),
        st.tuples(inner, inner).map(lambda ab: ab[0] * ab[1]),
        st.tuples(inner, inner).map(lambda ab: sympy.Max(*ab)),
        st.tuples(inner, inner).map(lambda ab: sympy.Min(*ab)),
        inner.map(sympy.Abs),
        st.tuples(inner, inner).map(lambda ab: sympy.Piecewise((ab[0], ab[0] > ab[1]), (ab[1], True)))), max_leaves=5)


@settings(max_examples=60, deadline=None)
@given(_integrand_terms(), st.lists(st.integers(1, 5), min_size=4, max_size=4),
       st.lists(st.integers(0, 5), min_size=4, max_size=4), st.lists(st.integers(0, 5), min_size=4, max_size=4),
       st.lists(st.integers(0, 4), min_size=4, max_size=4), st.integers(0, 3))
def test_the_bound_by_densities_holds_at_every_point_and_in_expectation(f, w, m0, m1, a, e):
    """Oracle: exact enumeration. μ on 4 points with weights w, laws P0, P1 with masses m0, m1 (densities p = P/μ);
    events and tests with values a/4 ∈ [0, 1] (an event's rounded to {0, 1}), ε = e. Where the form gives
    |f| ≤ c₀ + Σ c_p·p[x], it holds at each point, and E_μ|f| ≤ c₀ + Σ c_p (E_μ p = 1)."""
    from symdp.verify.covering import _dominated

    mu, A, T, P0, P1 = _law_objects()
    bound = _dominated(f, x, frozenset({"P0", "P1"}))
    if bound is None or sum(m0) == 0 or sum(m1) == 0:
        return
    c0, cs = bound
    weights = [R(v, sum(w)) for v in w]
    dens = {"P0": [R(v, sum(m0)) / weights[n] for n, v in enumerate(m0)],
            "P1": [R(v, sum(m1)) / weights[n] for n, v in enumerate(m1)]}
    values = {eps: e}
    c0, cs = c0.subs(values).doit(), {p: c.subs(values).doit() for p, c in cs.items()}
    assert c0 >= 0 and all(c >= 0 for c in cs.values())
    total = c0 + sum(cs.values())
    expectation = 0
    for n in range(4):
        at = {P0[x]: dens["P0"][n], P1[x]: dens["P1"][n], T[x]: R(a[n], 4), A[x]: R(1 if a[n] >= 2 else 0)}
        value = sympy.Abs(f.xreplace(at).subs(values))
        assert value <= c0 + sum(c * dens[p][n] for p, c in cs.items()), (f, n)
        expectation += weights[n] * value
    assert sympy.simplify(total - expectation) >= 0, (f, total, expectation)


def test_a_proper_integral_is_defined_where_its_continuous_integrand_is_defined_between_the_ends():
    """∫_ε^1 du/u = −log ε (sympy's antiderivative: an independent route) is finite for ε > 0, and the integrand is
    undefined at u = 0 ∈ [ε, 1] for ε = 0 (the point named is checked by substitution); reversed ends read the
    same interval. An improper integral, a case split and sign (not continuous) are undecided."""
    u = sympy.Symbol("u", real=True)
    Int = sympy.Integral
    assert sympy.integrate(1 / u, (u, R(1, 2), 1)) == sympy.log(2)
    assert _one([eps > 0], sympy.Ge(Int(1 / u, (u, eps, 1)), 0, evaluate=False)).covered is True
    assert _one([eps > 0], sympy.Le(Int(1 / u, (u, 1, eps)), 0, evaluate=False)).covered is True
    outcome = _one([eps >= 0], sympy.Ge(Int(1 / u, (u, eps, 1)), 0, evaluate=False))
    point = _point(outcome.why)
    assert outcome.covered is False and point["epsilon"] == 0 and point["u__each"] == 0
    outcome = _one([eps >= 0, eps <= 2], sympy.Le(Int(1 / (u - 1), (u, 3, eps)), 0, evaluate=False))
    assert outcome.covered is False and _point(outcome.why)["u__each"] == 1
    assert _one([eps >= 0], sympy.Ge(Int(sympy.sqrt(eps - u), (u, 0, eps)), 0, evaluate=False)).covered is True
    for f, hi in ((sympy.exp(-u * (eps + 1)), sympy.oo), (sympy.Piecewise((1, u > eps), (0, True)), 1),
                  (sympy.sign(u - eps), 1)):
        assert _one([eps >= 0], sympy.Ge(Int(f, (u, 0, hi)), 0, evaluate=False)).covered is None, f


def test_the_guides_example_of_a_covered_supremum_runs_as_written():
    from pathlib import Path
    text = (Path(__file__).resolve().parent.parent / "docs" / "trust-chain.md").read_text(encoding="utf-8")
    part = text[text.index("### Expectations, suprema over tests, integrals"):text.index("### Making a claim pass")]
    (block,) = re.findall(r"```python\n(.*?)```", part, re.S)
    exec(compile(block, "docs/trust-chain.md", "exec"), {})


def test_a_relation_of_the_domain_lends_only_necessary_definedness():
    """E = E_μ[1/ε if A(X) > 2 else 0] holds at ε = 0 with E = 0 (a test's values are ≤ 1, so the branch 1/ε is never
    taken: hand check), though the expectation's sufficient rule asks 1/ε defined (its bound |1/ε|): that rule must
    not become a premise of the domain, or ε > 0 would follow from ε ≥ 0."""
    from symdp.verify.recheck.terms import Expect

    mu, A, T, P0, P1 = _law_objects()
    E = sympy.Symbol("E", real=True)
    f = sympy.Piecewise((1 / eps, A[x] > 2), (0, True))
    assert all(f.subs({A[x]: a}) == 0 for a in (0, 1))
    domain = [eps >= 0, sympy.Eq(E, Expect(f, (x, mu)))]
    assert _one(domain, sympy.Ge(E, E - 1), [eps > 0]).covered is not True


def test_a_proved_convergence_goal_makes_its_term_defined_for_the_other_goals():
    """A claim whose goals are ∀: Integrable(x·p0) (proved elsewhere) and a relation about E_μ[x·p0]: the second is
    covered only beside the first (x·p0 has no bound by the densities; hand example of divergence: μ = P0 Cauchy).
    The same for the kernel's Converges(∫₀^∞ f) (∫₀^∞ e^{−εu} du = 1/ε for ε > 0 by the antiderivative: an independent
    route) and a relation about that integral. A Converges conjunct beside the relation in ONE conclusion lends nothing
    (the goal's own coverage needs the term defined)."""
    from symdp.verify import kernel
    from symdp.verify.recheck.terms import Expect, Integrable

    mu, A, T, P0, P1 = _law_objects()
    laws = [Laws("P0", "P1"), eps >= 0]
    about = kernel.goal(sympy.Ge(Expect(x * P0[x] * eps, (x, mu)), eps, evaluate=False))
    proved = kernel.goal(Integrable(x * P0[x] * eps, (x, mu)))
    assert _covered(laws, (about, "rule"))[0] is None
    assert _covered(laws, (about, "rule"), (proved, "rule"))[0] is True
    # a conjunct beside a relation about the term lends nothing the goal's own coverage did not already need
    assert _covered(laws, (kernel.goal(sympy.And(Integrable(x * P0[x] * eps, (x, mu)), about.conclusion)), "rule"))[0] \
        is None

    from symdp.verify.recheck.terms import Converges  # the kernel's proposition "T is a defined real number"

    u = sympy.Symbol("u", real=True)
    tail = sympy.Integral(sympy.exp(-eps * u), (u, 0, sympy.oo))
    assert sympy.integrate(sympy.exp(-R(1, 2) * u), (u, 0, sympy.oo)) == 2
    value = kernel.goal(sympy.Eq(eps * tail, 1, evaluate=False), [eps > 0])
    converges = kernel.goal(Converges(tail), [eps > 0])
    assert _covered([eps > 0], (value, "rule"))[0] is None
    assert _covered([eps > 0], (value, "rule"), (converges, "rule"))[0] is True
    # the convergence goal must itself be covered: under ε > 0 it says nothing at ε = 0, where ∫₀^∞ 1 du diverges
    assert _covered([eps >= 0], (kernel.goal(sympy.Ge(tail, 0, evaluate=False)), "rule"), (converges, "rule"))[0] \
        is not True
    assert _covered([eps >= 0], (kernel.goal(sympy.Ge(tail, 0, evaluate=False)), "rule"),
                    (kernel.goal(Converges(tail)), "rule"))[0] is True   # a goal that (falsely) claimed it everywhere


def test_a_channels_rows_sum_to_one_inside_its_inputs_only():
    """A channel K[x, y] = K(y|x) (x one of k inputs, y one of l outputs) has rows summing to 1 over 1..l; its columns
    need not (hand example: K = [[1, 0], [1, 0]] has column sums 2 and 0), a partial row need not, and a row index
    outside 1..k names no row (premises over 1..k + 1, or with x free, are not entailed)."""
    from symdp.verify.covering import Premises
    from symdp.verify.domains import Channel
    from symdp.verify.recheck.terms import Every

    i, j = sympy.symbols("i j", integer=True)
    m, n = sympy.symbols("m n", integer=True, positive=True)
    g = sympy.IndexedBase("g")
    K = [[1, 0], [1, 0]]
    assert all(sum(r) == 1 for r in K) and [sum(c) for c in zip(*K)] == [2, 0]
    premises = Premises.of(domains.items([Channel("g", k="m", l="n")]))
    row = sympy.Eq(sympy.Sum(g[i, j], (j, 1, n)), 1)
    assert premises.entails(Every(row, (i, 1, m)))
    assert premises.entails(Every(sympy.And(row, g[i, 1] >= 0), (i, 1, m)))
    assert not premises.entails(row)
    assert not premises.entails(Every(row, (i, 1, m + 1)))
    assert not premises.entails(Every(sympy.Eq(sympy.Sum(g[j, i], (j, 1, m)), 1), (i, 1, n)))
    assert not premises.entails(Every(sympy.Eq(sympy.Sum(g[i, j], (j, 1, n - 1)), 1), (i, 1, m)))
    assert not Premises.of(domains.items([Channel("g")])).entails(Every(row, (i, 1, m)))


def _pushed_domain(extra=()):
    from symdp.verify.domains import Channel, PrivacyLoss, PushedLoss, SameSupport
    return [SameSupport("Phat", "Qhat"), Laws("Phat", "Qhat", k="m"), Channel("g", k="m", l="n"),
            PrivacyLoss("Zhat", "Phat", "Qhat"), *extra, eps >= 0]


def test_a_pushed_privacy_loss_states_its_relation_at_the_channels_outputs_only():
    """W the privacy loss of g(P̂) w.r.t. g(Q̂): Σ_x P̂_x g(y|x) = e^{W_y} Σ_x Q̂_x g(y|x) at each output y (hand check:
    P̂ = (1/2, 1/2), Q̂ = (1/4, 3/4), g = [[1/2, 1/2], [0, 1]] give g(P̂) = (1/4, 3/4), g(Q̂) = (1/8, 7/8), so
    e^{W} = (2, 6/7), and the relation with P̂, Q̂ swapped fails at y = 1). Not entailed outside 1..n, with P̂ and Q̂
    swapped, without the item, or when the sums do not run over the channel's inputs."""
    from symdp.verify.covering import Premises
    from symdp.verify.domains import PushedLoss
    from symdp.verify.recheck.terms import Every

    Pv, Qv, G = [R(1, 2), R(1, 2)], [R(1, 4), R(3, 4)], [[R(1, 2), R(1, 2)], [0, 1]]
    push = [[sum(v[a] * G[a][b] for a in range(2)) for b in range(2)] for v in (Pv, Qv)]
    ratio = [push[0][b] / push[1][b] for b in range(2)]
    assert ratio == [2, R(6, 7)] and push[1][0] != ratio[0] * push[0][0]
    i, j = sympy.symbols("i j", integer=True)
    m, n = sympy.symbols("m n", integer=True, positive=True)
    g, P, Q, W = (sympy.IndexedBase(s) for s in ("g", "Phat", "Qhat", "W"))
    rel = sympy.Eq(sympy.Sum(P[i] * g[i, j], (i, 1, m)), sympy.exp(W[j]) * sympy.Sum(Q[i] * g[i, j], (i, 1, m)))
    premises = Premises.of(domains.items(_pushed_domain([PushedLoss("W", "Phat", "Qhat", "g")])))
    assert premises.entails(Every(rel, (j, 1, n)))
    assert not premises.entails(rel) and not premises.entails(Every(rel, (j, 1, n + 1)))
    assert not premises.entails(Every(rel.xreplace({P: Q, Q: P}), (j, 1, n)))
    assert not premises.entails(Every(rel.xreplace({m: m - 1}), (j, 1, n)))
    assert not Premises.of(domains.items(_pushed_domain())).entails(Every(rel, (j, 1, n)))
    item = PushedLoss("W", "Phat", "Qhat", "g")
    assert domains.from_json(domains.to_json([item])) == (item,)


def test_an_own_sequence_defined_by_an_equation_in_a_premise_is_chosen_by_it():
    """Steinke, Lemma 20's premise Every(B_y = Σ_x e^{tẐ_x} P̂_x g(y|x) ∧ (W's relation), y ∈ 1..n) with B the statement's
    own name for a row sum: some B satisfies it (B_y := the sum) at every point, so only W's relation is left, which the
    pushed loss states. Not so when B also occurs in another premise (its values there could conflict), when the
    definition's right side holds another own sequence, or when it may be undefined (1/Ẑ_x at Ẑ_x = 0)."""
    from symdp.verify import kernel
    from symdp.verify.domains import PushedLoss
    from symdp.verify.recheck.terms import Every

    i, j = sympy.symbols("i j", integer=True)
    m, n = sympy.symbols("m n", integer=True, positive=True)
    t = sympy.Symbol("t", real=True)
    g, Q, W, B, Z, C = (sympy.IndexedBase(s) for s in ("g", "Qhat", "W", "B", "Zhat", "C"))
    P = sympy.IndexedBase("Phat", nonnegative=True)
    rows = Every(sympy.Eq(sympy.Sum(g[i, j], (j, 1, n)), 1), (i, 1, m))
    loss = sympy.Eq(sympy.Sum(P[i] * g[i, j], (i, 1, m)), sympy.exp(W[j]) * sympy.Sum(Q[i] * g[i, j], (i, 1, m)))
    conclusion = sympy.Sum(sympy.exp(t * W[j]) * B[j], (j, 1, n)) <= sympy.Sum(sympy.exp(t * Z[i]) * P[i], (i, 1, m))
    domain = _pushed_domain([PushedLoss("W", "Phat", "Qhat", "g"), t >= 0])

    def outcome(definition, *more):
        premise = sympy.And(rows, Every(sympy.And(sympy.Eq(B[j], definition), loss), (j, 1, n)), *more)
        return _one(domain, sympy.Or(sympy.Not(premise), conclusion), [m >= 1, n >= 1, t >= 0])

    row_sum = sympy.Sum(sympy.exp(t * Z[i]) * P[i] * g[i, j], (i, 1, m))
    assert outcome(row_sum).covered is True and outcome(row_sum).antecedents == ()
    assert outcome(row_sum, Every(B[j] >= 2, (j, 1, n))).antecedents != ()
    assert outcome(row_sum + C[j]).antecedents != ()
    assert outcome(sympy.Sum(P[i] * g[i, j] / Z[i], (i, 1, m))).antecedents != ()


def test_a_premise_in_one_conjunct_is_read_and_a_biconditional_is_a_statement():
    """(A ⇒ C) ∧ R restricts the goal to the objects where A holds as A ⇒ C alone does (it was not read inside a
    conjunction). (A ⇒ B) ∧ (B ⇒ A) states A ⇔ B: at every law pair either both hold or neither (hand check at
    P = (1, 0), Q = (0, 1), ε = 0: A false, B false), so its sides restrict nothing; one direction alone, or two
    implications that are not converse, still name their premises."""
    from symdp.verify import kernel

    P, Q = sympy.IndexedBase("P"), sympy.IndexedBase("Q")
    laws = [Laws("P", "Q", k=2), eps >= 0]
    A, B, C = P[1] <= sympy.exp(eps) * Q[1], P[2] <= sympy.exp(eps) * Q[2], P[1] <= 2 * Q[1] + 1
    at = {P[1]: 1, P[2]: 0, Q[1]: 0, Q[2]: 1, eps: 0}
    assert A.subs(at) == sympy.false and B.subs(at) == sympy.true   # A ⇔ B is not a law: the goal states something
    implies = lambda a, b: sympy.Or(sympy.Not(a), b)  # noqa: E731
    assert _one(laws, implies(A, C)).antecedents != ()
    assert _one(laws, sympy.And(implies(A, C), eps + 1 > 0)).antecedents != ()
    assert _one(laws, sympy.And(implies(A, B), implies(B, A))).antecedents == ()
    assert _one(laws, sympy.And(sympy.Implies(A, B), sympy.Implies(B, A))).antecedents == ()
    assert _one(laws, sympy.And(implies(A, B), implies(B, C))).antecedents != ()
    assert _one(laws, sympy.And(implies(A, B), implies(B, A), implies(C, B))).antecedents != ()


def test_hypotheses_the_density_reading_and_the_domain_make_true():
    """Under the density reading E_μ p0 = 1 (p0 = dP0/dμ: P0's total mass); not E_μ p0² = 1 (p0 = 2 on [0, 1/2] against
    the uniform μ gives 2) nor E_ν p0 = 1 for another law ν. Converges(T) holds where a relation of the domain contains
    T (it is defined there), and not for another T. A case split of bounded branches is bounded over the tests."""
    from symdp.verify.recheck.terms import Converges, Expect, Sup

    mu, A, T, P0, P1 = _law_objects()
    nu = type(mu)("nu")
    laws = [Laws("P0", "P1"), eps >= 0]
    d = P0[x] - sympy.exp(eps) * P1[x]
    goal_ = sympy.Ge(Expect(sympy.Max(d, 0), (x, mu)), 0, evaluate=False)
    assert _one(laws, goal_, [sympy.Eq(Expect(P0[x], (x, mu)), 1), sympy.Eq(Expect(P1[x], (x, mu)), 1)]).covered is True
    assert _one(laws, goal_, [sympy.Eq(Expect(P0[x] ** 2, (x, mu)), 1)]).covered is not True
    assert _one(laws, goal_, [sympy.Eq(Expect(2 * P0[x], (x, mu)), 1)]).covered is not True   # it is 2
    assert _one(laws, goal_, [sympy.Eq(Expect(A[x], (x, mu)), 1)]).covered is not True        # A = 0 gives 0
    assert _one(laws, sympy.Ge(Expect(sympy.Max(d, 0), (x, mu)) + Expect(A[x], (x, nu)), 0, evaluate=False),
                [sympy.Eq(Expect(P0[x], (x, nu)), 1)]).covered is not True
    u, I = sympy.Symbol("u", real=True), sympy.Symbol("I", real=True)
    tail, other = (sympy.Integral(sympy.exp(-c * u), (u, 0, sympy.oo)) for c in (eps, 2 * eps))
    domain = [eps > 0, sympy.Eq(I, tail)]
    assert _one(domain, sympy.Ge(I, 0, evaluate=False), [Converges(tail)]).covered is True
    assert _one(domain, sympy.Ge(I, 0, evaluate=False), [Converges(other)]).covered is not True
    split = sympy.Piecewise((Expect(A[x] * d, (x, mu)), eps > 1), (Expect(A[x] * P0[x], (x, mu)), True))
    assert _one(laws, sympy.Ge(Sup(split, (A,)), 0, evaluate=False)).covered is True


def test_a_supremum_over_a_real_range_of_a_tests_values_is_defined_where_the_range_is_not_empty():
    """sup_z a(z) and inf_z a(z) of a test a are in [0, 1] (a ≡ 1/2 gives 1/2 both); sup_z z·a(z) is +∞ for a ≡ 1
    (undecided); sup over [ε, 1] is undefined for ε > 1 (the empty range: not covered at ε = 2, a point checked by
    substitution) and defined for 0 ≤ ε ≤ 1; a/ε needs ε ≠ 0 at every point of the range."""
    from symdp.verify.recheck.terms import Inf, Sup, Test

    z, a = sympy.Symbol("z", real=True), Test("a")
    oo = sympy.oo
    assert _one([eps >= 0], sympy.Ge(Sup(a[z], (z, -oo, oo)), Inf(a[z], (z, -oo, oo)), evaluate=False)).covered is True
    assert _one([eps >= 0], sympy.Ge(Sup(z * a[z], (z, -oo, oo)), 0, evaluate=False)).covered is None
    outcome = _one([eps >= 0], sympy.Ge(Sup(a[z], (z, eps, 1)), 0, evaluate=False))
    assert outcome.covered is False and _point(outcome.why)["epsilon"] > 1
    assert _one([eps >= 0, eps <= 1], sympy.Ge(Sup(a[z], (z, eps, 1)), 0, evaluate=False)).covered is True
    assert _one([eps >= 0, eps <= 1], sympy.Le(Inf(sympy.Max(a[z], 1 - a[z]), (z, eps, oo)), 1, evaluate=False)).covered \
        is True
    outcome = _one([eps >= 0], sympy.Ge(Sup(a[z] / eps, (z, 0, 1)), 0, evaluate=False))
    assert outcome.covered is False and _point(outcome.why)["epsilon"] == 0


def test_a_convergence_behind_entailed_premises_is_lent_for_the_domains_terms_only():
    """¬(Σ P = 1) ∨ Converges(T): the law's normalisation holds at every point of Laws("P", k="l"), so T converges there
    (T = ∫₀^∞ e^{−u}·P₁ du = P₁, by the antiderivative). Behind a premise on an own variable (some w ≥ 0 exists), a T that
    mentions w is shown only for that w: not lent (T_w = ∫₀^∞ e^{−wu} du diverges at w = 0)."""
    from symdp.verify import kernel
    from symdp.verify.recheck.terms import Converges

    u, w, I = sympy.Symbol("u", real=True), sympy.Symbol("w", real=True), sympy.Symbol("I", real=True)
    P, y, l = sympy.IndexedBase("P"), sympy.Symbol("y", integer=True), sympy.Symbol("l", integer=True, positive=True)
    assert sympy.integrate(sympy.exp(-u) * R(1, 3), (u, 0, sympy.oo)) == R(1, 3)
    laws = [Laws("P", k="l"), eps >= 0]
    mass = sympy.Eq(sympy.Sum(P[y], (y, 1, l)), 1)
    T = sympy.Integral(sympy.exp(-u) * P[1], (u, 0, sympy.oo))
    conv = kernel.goal(sympy.Or(sympy.Not(mass), Converges(T)))
    value = kernel.goal(sympy.Ge(T, 0, evaluate=False))
    assert _covered(laws, (value, "rule"))[0] is None
    assert _covered(laws, (value, "rule"), (conv, "rule"))[0] is True
    Tw = sympy.Integral(sympy.exp(-w * u), (u, 0, sympy.oo))
    conv_w = kernel.goal(sympy.Or(sympy.Not(sympy.And(w >= 0, w <= 1)), Converges(Tw)))
    assert _covered(laws, (kernel.goal(sympy.Ge(Tw, 0, evaluate=False)), "rule"), (conv_w, "rule"))[0] is not True


def test_a_case_splits_branch_in_the_domain_is_not_known_defined():
    """x = (1/ε if ε > 0 else 0) holds at ε = 0 with x = 0 (the branch 1/ε is not evaluated there): it must not make
    1/ε known defined on a domain that contains ε = 0."""
    from symdp.verify import kernel

    assert sympy.Piecewise((1 / eps, eps > 0), (0, True)).subs(eps, 0) == 0
    domain = [eps >= 0, sympy.Eq(x, sympy.Piecewise((1 / eps, eps > 0), (0, True)))]
    outcome = _one(domain, sympy.Ge(1 / eps, -1, evaluate=False))
    assert outcome.covered is not True and "epsilon = 0" in outcome.why
    assert _one([eps > 0, *domain[1:]], sympy.Ge(1 / eps, -1, evaluate=False)).covered is True


def test_a_finite_sum_over_the_outputs_is_bounded_over_the_events():
    """extremal-ldp Claim 2 / Theorem 19: sup over the events E of Σ_{j=1}^{l} E[j]·c_j is defined (a finite sum of
    bounded terms, its range fixed); not when the range moves with the event (an end E[1]·l is not integer-valued by
    its form) nor when the body is not bounded by its form (c_j/(1 + E[j]))."""
    from symdp.verify.recheck.terms import Event, Sup

    E, j, l = Event("E"), sympy.Symbol("j", integer=True), sympy.Symbol("l", integer=True)
    c = sympy.IndexedBase("c")
    dom = [Integer("l", 1)]
    assert _one(dom, sympy.Le(Sup(sympy.Sum(E[j] * c[j], (j, 1, l)), (E,)), 1)).covered is True
    assert _one(dom, sympy.Le(Sup(sympy.Sum(E[j] * c[j], (j, 1, E[1] * l)), (E,)), 1)).covered is None
    # defined at every event, but its body is not bounded by its form (a reciprocal): still undecided
    assert _one(dom, sympy.Le(Sup(sympy.Sum(c[j] / (1 + E[j]), (j, 1, l)), (E,)), 1)).covered is None


def test_a_finite_sum_whose_terms_definedness_depends_on_the_index_is_read_at_every_index():
    """KL(P‖Q) with the convention 0·log(0/0) = 0, Σ_y P_y·[log(P_y/Q_y) if P_y Q_y > 0 else 0], is defined at every
    pair of laws (hand proof: where P_y Q_y > 0 both masses have one sign, so P_y/Q_y > 0; elsewhere the term is 0).
    Without the convention, Σ_y P_y log(P_y/Q_y) is undefined where some Q_y = 0 (laws allow it), and Σ_{y=1}^{l}
    1/(y − 1) and Σ_{y=1}^{l} 1/(y − 2) are undefined at one term: none is covered. Checked against sympy's evaluation at such points."""
    y, l = sympy.Symbol("y", integer=True), sympy.Symbol("l", integer=True)
    P, Q = sympy.IndexedBase("P"), sympy.IndexedBase("Q")
    dom = [Integer("l", 1), Laws("P", "Q", k="l")]
    kl0 = sympy.Sum(P[y] * sympy.Piecewise((sympy.log(P[y] / Q[y]), P[y] * Q[y] > 0), (0, True)), (y, 1, l))
    assert _one(dom, sympy.Ge(kl0, -1)).covered is True
    # the independent route: at laws with a zero mass the convention's sum is a number, the plain one is not
    at = {P[1]: sympy.Rational(1, 2), P[2]: sympy.Rational(1, 2), Q[1]: 1, Q[2]: 0}
    assert kl0.subs(l, 2).doit().subs(at).is_real
    kl = sympy.Sum(P[y] * sympy.log(P[y] / Q[y]), (y, 1, l))
    assert not kl.subs(l, 2).doit().subs(at).is_finite
    assert _one(dom, sympy.Ge(kl, -1)).covered is not True
    assert _one(dom, sympy.Ge(sympy.Sum(1 / (y - 1), (y, 1, l)), -1)).covered is not True
    assert sympy.Sum(1 / (y - 2), (y, 1, 2)).doit() is sympy.zoo   # undefined for l ≥ 2: not at its first index only
    assert _one(dom, sympy.Ge(sympy.Sum(1 / (y - 2), (y, 1, l)), -1)).covered is not True
    # a nested sum over an index of the same name (the review's case): undefined at l = 1, so not covered
    nested = sympy.Sum(sympy.Piecewise((sympy.Sum(1 / (y - 3), (y, 1, l + 4)), y < 3), (0, True)), (y, 1, l))
    assert nested.subs(l, 1).doit() is sympy.zoo
    assert _one([Integer("l", 1)], sympy.Ge(nested, -100)).covered is not True
    # a product over a reversed range is a reciprocal (Karr): Π_{y=1}^{l} y is undefined at l = −1, defined for l ≥ 1
    prod = sympy.Product(y, (y, 1, l))
    assert prod.subs(l, -1).doit() is sympy.zoo and prod.subs(l, 3).doit() == 6
    assert _one([Integer("l")], sympy.Ge(prod, -100)).covered is not True
    assert _one([Integer("l", 1)], sympy.Ge(prod, -100)).covered is True
    # a domain symbol named like the generic point is not matched with it (the sum is undefined for l ≥ 3)
    clash = sympy.Symbol("y__each", real=True)
    assert sympy.Sum(1 / (y - 3), (y, 1, 3)).doit() is sympy.zoo
    assert _one([clash > 5, Integer("l", 1)], sympy.Ge(sympy.Sum(1 / (y - 3), (y, 1, l)) + clash, -100)).covered is not True
