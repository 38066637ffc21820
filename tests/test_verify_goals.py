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
    with pytest.raises(Exception, match="every term"):
        defined(sympy.Sum(1 / (j - x), (j, 1, n)))


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
    # y's goal once (its rule certificate); x's in the premise's rule certificate and in the smtlib
    # side certificate that decides it (which carries the goal it replays)
    assert _count(claim, "conclusion") == 3
    result = recheck_report({"claims": [claim]}, jobs=0)
    assert result.passed, [o["detail"] for o in result.outcomes if o["verdict"] != "agrees"]
    assert [o["kind"] for o in result.outcomes] == ["rule", "rule"]  # the side certificate replays inside its step
    moved = copy.deepcopy(claim)
    moved["data"]["statement"]["data"]["goals"][0]["digest"] = \
        moved["data"]["statement"]["data"]["premises"][0]["data"]["goals"][0]["digest"]
    assert not recheck_report({"claims": [moved]}, jobs=0).passed
