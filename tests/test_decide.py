"""The prover (symdp.verify.decide, Taylor forms in boxes): it proves what is true on whole (also
unbounded) domains, and it fails — with an exact witness checked here independently — on what is false."""

from fractions import Fraction

import sympy
import z3
from hypothesis import given, settings
from hypothesis import strategies as st

from symdp.verify import (compactified, inequality_on_box, monotone_from, polynomial_nonnegative, prove,
                          rational_nonnegative, real_closed)

e, x, y, s = sympy.symbols("epsilon x y s", real=True)


def _negative_at(f, var, witness) -> bool:
    """Independent check of a refutation: sympy evaluates f exactly (or to 50 digits) at the witness."""
    value = sympy.sympify(f).subs(var, sympy.Rational(witness))
    return bool(sympy.N(value, 50) < 0)


# --------------------------------------------------------------------------------------------
# the two inequalities the issue names


def test_exp_bound_touching_zero_with_zero_slope_is_proved():
    f = e + e ** 2 - (sympy.exp(e) - 1)
    ev = prove(f, e, 0, 1)
    assert ev.status == "proved", ev.detail
    # the Taylor form is what closes it: first-order enclosures stall at the contact point ε = 0 ...
    stalled = inequality_on_box(f, [(0, 1)], "first order only", 2000, variables=[e], order=1)
    assert stalled.status == "failed" and "undecided" in stalled.detail and "stalled near" in stalled.detail
    assert inequality_on_box(f, [(0, 1)], "Taylor order 3", 2000, variables=[e], order=3).status == "proved"
    # ... and the box prover escalates to it by itself, without order=
    auto = inequality_on_box(f, [(0, 1)], "default", 2000, variables=[e])
    assert auto.status == "proved", auto.detail
    assert any(step["by"] == "taylor" for step in auto.data["certificate"]["steps"])


def test_log_bound_on_the_half_line_is_proved():
    ev = prove(x - sympy.log(1 + x), x, 0, sympy.oo)
    assert ev.status == "proved", ev.detail
    assert "oo" in ev.detail  # the whole half-line, not a box


# --------------------------------------------------------------------------------------------
# the prover can fail


def test_a_false_transcendental_inequality_is_refuted_with_a_witness():
    f = e + e ** 2 / 2 - (sympy.exp(e) - 1)  # e^ε − 1 ≤ ε + ε²/2 is false for every ε > 0
    ev = prove(f, e, 0, 1)
    assert ev.status == "failed" and "refuted" in ev.detail
    (witness,) = ev.data["witness"]
    assert _negative_at(f, e, witness)


def test_a_false_rational_inequality_is_refuted_with_an_exact_witness():
    f = (x - 3) * (x - 1) ** 2
    ev = rational_nonnegative(f, x, 0, 2)
    assert ev.status == "failed"
    w = ev.data["witness"]["x"]
    assert sympy.sympify(f).subs(x, sympy.Rational(w)) < 0


def test_a_pole_inside_the_interval_is_reported_not_guessed():
    ev = rational_nonnegative(1 / (x - 2), x, 0, 3)
    assert ev.status == "failed" and "vanishes" in ev.detail


def test_log_bound_fails_below_minus_one_is_caught():
    # log(1 + x) ≤ x on [0, ∞) is true; x ≤ log(1 + x) is false there
    ev = prove(sympy.log(1 + x) - x, x, 0, sympy.oo)
    assert ev.status == "failed"


# --------------------------------------------------------------------------------------------
# exact decision in one variable: agreement with an independent brute force


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.fractions(-5, 5, max_denominator=6), st.integers(1, 3)), min_size=1, max_size=4),
       st.sampled_from([1, -1]), st.fractions(-6, 6, max_denominator=4), st.fractions(0, 6, max_denominator=4))
def test_polynomial_decision_agrees_with_sign_at_every_critical_point(roots, c, lo, width):
    poly = c * sympy.Mul(*[(x - sympy.Rational(r.numerator, r.denominator)) ** m for r, m in roots])
    lo = sympy.Rational(lo.numerator, lo.denominator)
    hi = lo + sympy.Rational(width.numerator, width.denominator)
    # The sign is constant between consecutive roots: test every root, the ends and the midpoints.
    cuts = sorted({lo, hi} | {sympy.Rational(r.numerator, r.denominator) for r, _ in roots
                              if lo <= Fraction(r) <= Fraction(str(hi))})
    points = cuts + [(a + b) / 2 for a, b in zip(cuts, cuts[1:])]
    truth = all(poly.subs(x, p) >= 0 for p in points)
    decision = polynomial_nonnegative(poly, x, lo, hi)
    assert decision.holds == truth
    if not truth:
        assert decision.witness is not None and poly.subs(x, decision.witness) < 0


def test_unbounded_intervals():
    assert polynomial_nonnegative((x - 1) ** 2 * (x + 1), x, -1, sympy.oo).holds
    assert not polynomial_nonnegative((x - 1) ** 2 * (x + 1), x, -2, sympy.oo).holds
    assert rational_nonnegative((x - 1) / (x + 1), x, 1, sympy.oo).status == "proved"


# --------------------------------------------------------------------------------------------
# several variables: nlsat, with a re-checkable record


def test_nlsat_proof_records_smtlib_that_z3_rechecks():
    ev = real_closed(x ** 2 + y ** 2 - 2 * x * y, [x, y], [x >= 0], "AM–GM")
    assert ev.status == "proved"
    solver = z3.Solver()
    solver.from_string(ev.data["smtlib"])
    assert solver.check() == z3.unsat


def test_nlsat_refutes_with_a_model():
    f = x ** 2 + y ** 2 - 3 * x * y
    ev = real_closed(f, [x, y], [x >= 0, y >= 0], "false")
    assert ev.status == "failed"
    point = {sympy.Symbol(k, real=True): sympy.Rational(v) for k, v in ev.data["witness"].items()}
    assert f.subs(point) < 0


def test_symbol_assumptions_join_the_domain():
    a = sympy.Symbol("a", positive=True)
    assert real_closed(a, [a], [], "a > 0 from its assumptions").status == "proved"
    assert real_closed(x, [x], [], "a real x is not ≥ 0").status == "failed"


# --------------------------------------------------------------------------------------------
# unbounded transcendental domains


def test_compactification_proves_and_records_the_limit():
    ev = compactified(sympy.sinh(s), s, 0)
    assert ev.status == "proved" and ev.data["limit at the open end"] == "oo"
    ev = compactified(sympy.tanh(s / 2) ** 2, s, 0)
    assert ev.status == "proved"


def test_compactification_refutes():
    ev = compactified(sympy.exp(-s) - sympy.Rational(1, 2), s, 0)
    assert ev.status == "failed" and "refuted" in ev.detail


def test_monotone_from_a_contact_point_and_where_it_stalls():
    assert monotone_from(s / 2 - sympy.tanh(s / 2), s, 0).status == "proved"
    ev = monotone_from(sympy.sin(s) + 2, s, 0, sympy.oo, depth=1)
    assert ev.status == "failed" and "stalled" in ev.detail
