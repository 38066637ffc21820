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
    assert any(step["by"] == "taylor" for step in auto.data["certificates"][0]["steps"])


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


# --------------------------------------------------------------------------------------------
# edge branches, each against an independent oracle (exact sympy values at the witness, or a
# point outside the domain of definition), and the run-time invariant


R = sympy.Rational


def _refuted_with_witness(ev, f, var) -> bool:
    """A refutation that fails, carries a witness, and whose witness makes f negative (checked here
    with sympy, not with the prover)."""
    return (ev.status == "failed" and ev.data.get("refuted") is True
            and _negative_at(f, var, ev.data["witness"][str(var)]))


def test_poles_at_closed_ends_and_inside_are_not_proved():
    # 1/x: N·D = x ≥ 0 on [0, 1], yet f is undefined at the closed end 0
    assert rational_nonnegative(1 / x, x, 0, 1).status == "failed"
    assert rational_nonnegative(1 / x, x, 0, 1, open_ends=(True, False)).status == "proved"
    assert rational_nonnegative(1 / (1 - x), x, 0, 1).status == "failed"
    # (x − 1/2)⁻²: positive wherever it is defined, undefined inside
    ev = rational_nonnegative(1 / (x - R(1, 2)) ** 2, x, 0, 1)
    assert ev.status == "failed" and "vanishes" in ev.detail


def test_a_negative_polynomial_with_no_root_is_refuted():
    f = -1 - x ** 2
    assert _refuted_with_witness(rational_nonnegative(f, x, 0, 1), f, x)


def test_monotone_from_refutes_when_the_start_is_negative():
    # f' = 1 ≥ 0 everywhere, but f(0) = −1
    f = x - 1
    ev = monotone_from(f, x, 0, 2)
    assert _refuted_with_witness(ev, f, x) and ev.data["witness"] == {"x": "0"}
    g = sympy.exp(x) - 2
    assert _refuted_with_witness(monotone_from(g, x, 0, 1), g, x)


def test_compactification_decides_all_of_the_half_open_interval():
    v = sympy.Symbol("v", real=True)
    # negative only near v = 0 (x = e^(−v) near 1) ...
    near = compactified(1 - 2 * sympy.exp(-v), v, 0)
    assert near.status == "failed" and near.data["refuted"]
    assert sympy.N((1 - 2 * sympy.exp(-v)).subs(v, sympy.sympify(near.data["witness"]["v"])), 30) < 0
    # ... and only far out (x near 0): the witness stays inside (0, 1], off the open end
    far = compactified(sympy.exp(-v) - R(1, 4), v, 0)
    assert far.status == "failed" and 0 < R(far.data["witness"]["x_c"]) <= 1
    assert sympy.N((sympy.exp(-v) - R(1, 4)).subs(v, sympy.sympify(far.data["witness"]["v"])), 30) < 0


def test_nlsat_keeps_the_denominator_in_the_negation():
    # 1/x ≥ 0 for x ≥ 0 fails at x = 0, where 1/x is undefined; x·1 ≥ 0 alone would pass
    ev = real_closed(1 / x, [x], [x >= 0], "1/x ≥ 0")
    assert ev.status == "failed" and ev.data["witness"] == {"x": "0"}
    assert "(= x 0" in ev.data["smtlib"].replace("0.0", "0")
    ev = real_closed(x / (x - 1), [x], [x >= 2], "x/(x − 1) ≥ 0 for x ≥ 2")
    assert ev.status == "proved"
    solver = z3.Solver()
    solver.from_string(ev.data["certificates"][0]["query"])
    assert solver.check() == z3.unsat


def test_an_enclosure_touching_zero_from_below_is_not_a_proof():
    # f = x − 10⁻³⁰ on [0, 1]: every enclosure near 0 reaches just below 0; f(0) < 0
    f = x - R(1, 10 ** 30)
    ev = inequality_on_box(f, [(0, 1)], "x ≥ 1e-30", variables=[x])
    assert ev.status == "failed" and ev.data["refuted"]
    assert f.subs(x, R(ev.data["witness"][0])) < 0


def test_monotone_sides_collapse_to_the_minimum():
    # increasing on [0, 1] with f(0) < 0: the collapse must go to 0, not 1
    f = x - R(1, 2)
    ev = inequality_on_box(f, [(0, 1)], "x ≥ 1/2", variables=[x])
    assert ev.status == "failed" and f.subs(x, R(ev.data["witness"][0])) < 0
    g = R(1, 2) - x  # decreasing: the minimum is at 1
    ev = inequality_on_box(g, [(0, 1)], "x ≤ 1/2", variables=[x])
    assert ev.status == "failed" and g.subs(x, R(ev.data["witness"][0])) < 0


def test_taylor_forms_are_sound_from_either_end():
    # negative on (5/8, 7/8), positive at both ends and the midpoint, f'(1) > 0: a Taylor form from
    # the right end that forgot (−1)^k would "prove" it
    f = (x - R(3, 4)) ** 2 - R(1, 64)
    for order in (2, 3, None):
        ev = inequality_on_box(f, [(0, 1)], "false", variables=[x], order=order)
        assert ev.status == "failed" and f.subs(x, R(ev.data["witness"][0])) < 0, order
    # f = x²(1 − 4x) on [0, 2/5]: f(0) = f'(0) = 0, f''(0) = 2 > 0 but f'' falls to −22.6 on the box,
    # so the remainder must be bounded over the whole box, not at the end point
    g = x ** 2 - 4 * x ** 3
    ev = inequality_on_box(g, [(0, R(2, 5))], "false", variables=[x], order=2)
    assert ev.status == "failed" and g.subs(x, R(ev.data["witness"][0])) < 0


def test_floats_are_refused_by_every_route():
    import pytest
    from symdp.errors import ParameterError
    half = sympy.Float(0.1)
    for call in (lambda: rational_nonnegative(x - half, x, 0, 1), lambda: inequality_on_box(x - half, [(0, 1)], "f"),
                 lambda: inequality_on_box(x, [(0, half)], "f"), lambda: prove(sympy.exp(x) - half, x, 0, 1),
                 lambda: monotone_from(x - half, x, 0, 1), lambda: compactified(sympy.exp(-x) * half, x, 0),
                 lambda: real_closed(x - half, [x], [x >= 0], "f"), lambda: polynomial_nonnegative(x - half, x, 0, 1)):
        with pytest.raises(ParameterError, match="exact"):
            call()


def test_the_witness_invariant_is_checked_at_run_time():
    import pytest
    from symdp.certificate import CertificateViolation
    from symdp.verify.evidence import Evidence, settled
    with pytest.raises(CertificateViolation, match="carries no witness"):
        settled(Evidence("decision", "proved", "x ≥ 0", {"witness": {"x": "1"}}))
    with pytest.raises(CertificateViolation, match="carries a witness"):
        settled(Evidence("decision", "failed", "x ≥ 0: refuted", {"refuted": True}))
    with pytest.raises(CertificateViolation):
        settled(Evidence("decision", "proved", "x ≥ 0", {"refuted": True, "witness": {"x": "1"}}))
    ok = Evidence("decision", "failed", "refuted", {"refuted": True, "witness": {"x": "-1"}})
    assert settled(ok) is ok


# --------------------------------------------------------------------------------------------
# proofs bound to their goals; checks over nothing fail


def test_a_division_in_a_domain_keeps_its_denominator_nonzero():
    """y = 1/x forces x·y = 1 (by hand), so x·y − 1 ≥ 0 holds on that domain; read without x ≠ 0,
    the domain would contain x = 0 with any y, where x·y − 1 = −1."""
    ev = real_closed(x * y - 1, [x, y], [sympy.Eq(y, 1 / x)], "x·y ≥ 1 where y = 1/x")
    assert ev.status == "proved", ev.detail
    assert real_closed(x * y - 1, [x, y], [sympy.Eq(y * x, 1) | sympy.Eq(x, 0)], "with x = 0 let in").status == "failed"


def test_a_domain_relation_that_is_false_is_refused():
    """Python's == between two sympy expressions is a structural test giving False: as a domain it
    would make every goal hold vacuously."""
    import pytest
    from symdp.errors import ParameterError
    with pytest.raises(ParameterError, match="sympy.Eq"):
        real_closed(-x, [x, y], [x >= 0, x * y == 1], "−x ≥ 0")


def test_checks_over_zero_cases_fail_naming_what_was_empty():
    from symdp.verify import certified_agreement, exact_agreement, identity
    for ev in (exact_agreement([], [], "no flags"), certified_agreement([], [], 10, "no values"), identity([], [], "no sides")):
        assert ev.status == "failed" and "nothing compared" in ev.detail, ev.detail
    assert exact_agreement([1], [1], "one").status == "checked"


def test_a_proof_states_goals_and_certifies_each_or_it_is_not_returned():
    import pytest
    from symdp.certificate import CertificateViolation
    from symdp.verify import combine, identity
    from symdp.verify.evidence import Evidence, settled
    with pytest.raises(CertificateViolation, match="at least one goal"):
        settled(Evidence("identity", "proved", "x = x", {}))
    proof = identity(x + x, 2 * x).to_json()["data"]
    with pytest.raises(CertificateViolation, match="every goal"):
        settled(Evidence("identity", "proved", "x + x = 2x", {**proof, "certificates": []}))
    both = combine(identity(x + x, 2 * x), real_closed(x ** 2, [x], [], "x² ≥ 0"))
    assert both.status == "proved" and len(both.data["goals"]) == 2
    assert [g["text"] for g in identity((x + 1) ** 2, x ** 2 + 2 * x + 1).data["goals"]] == \
        ["∀ x ∈ ℝ: (x + 1)^2 = x^2 + 2*x + 1"]


def test_a_function_of_balls_is_checked_not_proved():
    """It states no goal a re-checker can replay (a Python function is not a formula)."""
    ev = inequality_on_box(lambda a: a * a + 1, [(-1, 1)], "a² + 1 ≥ 0 on balls")
    assert ev.status == "checked" and "no goal" in ev.detail
