"""Certificates anyone can re-check (symdp.verify.recheck): every kind of proof replays and agrees;
a tampered certificate, a certificate moved to another claim, a deleted one and a relabelled
status disagree; the independent arithmetic (root counting, interval enclosures, erf, the identity
normal form, the SMT translation) is held against independent oracles (Sturm counts, 60-digit
values, hand derivations)."""

import copy
import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import mpmath
import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from symdp.verify import (combine, compactified, erratum, establish, exact_agreement, identity, inequality_on_box,
                          monotone_from, prove, rational_nonnegative, real_closed)
from symdp.verify import recheck as rc
from symdp.verify.recheck import binding, identities, intervals, parsing, polynomials, replay, smt
from symdp.verify.recheck.intervals import _erf

x, y = sympy.symbols("x y", real=True)
v = sympy.Symbol("v", real=True)
p = sympy.Symbol("p", positive=True)
R = sympy.Rational
PACKAGE = Path(rc.__file__).parent


def _check(ev, claim="test"):
    """The re-check of one evidence (as JSON) in this process."""
    return rc.recheck_evidence(ev if isinstance(ev, dict) else ev.to_json(), claim, jobs=0)


def _verdicts(ev):
    return [(o["kind"], o["verdict"]) for o in _check(ev).outcomes]


def _certificates(node):
    """Every certificate dict inside `node` (an evidence's JSON), to be edited in place."""
    found = []
    if isinstance(node, dict):
        found += [c for c in node.get("certificates", []) if isinstance(c, dict)]
        if isinstance(node.get("certificate"), dict):
            found.append(node["certificate"])
        for key, value in node.items():
            if key not in ("certificates", "certificate"):
                found += _certificates(value)
    elif isinstance(node, list):
        for item in node:
            found += _certificates(item)
    return found


def _disagrees(evidence_json, needle=""):
    result = _check(evidence_json, "tampered")
    bad = [o for o in result.outcomes if o["verdict"] == rc.DISAGREES]
    assert bad and not result.passed, [(o["kind"], o["verdict"], o["detail"]) for o in result.outcomes]
    assert any(needle in o["detail"] for o in bad), [o["detail"] for o in bad]
    return result


PROOFS = {
    "rational on a half-line": lambda: rational_nonnegative((x - 1) ** 2 * (x + 2) / (x + 3), x, -2, sympy.oo),
    "rational, open end": lambda: rational_nonnegative(1 / x, x, 0, 1, open_ends=(True, False)),
    "nlsat with a denominator": lambda: real_closed(x / (x - 1) + y ** 2, [x, y], [x >= 2], "f"),
    "boxes with a Taylor step": lambda: inequality_on_box(x + x ** 2 - sympy.exp(x) + 1, [(0, 1)], "f", variables=[x]),
    "boxes in two variables": lambda: inequality_on_box(sympy.exp(x + y) - 1 - x - y / 2 + (x - R(1, 2)) ** 2 / 8,
                                                        [(0, 1), (0, 2)], "f", variables=[x, y]),
    "boxes with a point step": lambda: inequality_on_box(sympy.log(x) ** 2, [(R(1, 2), 2)], "f", variables=[x]),
    "monotone then rational": lambda: prove(x - sympy.log(1 + x), x, 0, sympy.oo),
    "compactified": lambda: compactified(sympy.tanh(v / 2) ** 2, v, 0),
    "monotone then boxes": lambda: monotone_from(sympy.exp(x) - 1 - x, x, 0, 3),
    "boxes with erfc": lambda: inequality_on_box(sympy.exp(-x ** 2) - sympy.erfc(x) + sympy.erf(x) / 100,
                                                 [(R(1, 10), 3)], "f", variables=[x]),
    "identities": lambda: identity([(x + 1) ** 2, sympy.exp(x) * sympy.exp(y), sympy.sqrt(p) ** 3, sympy.Max(0, x)],
                                   [x ** 2 + 2 * x + 1, sympy.exp(x + y), p * sympy.sqrt(p), (x + sympy.Abs(x)) / 2]),
    "a claim of several parts": lambda: establish(combine(identity(x, x), real_closed(x ** 2, [x], [], "x² ≥ 0")),
                                                  exact_agreement(1, 1, "one"), domain="x real"),
}


@pytest.mark.parametrize("name", list(PROOFS))
def test_every_kind_of_proof_replays_and_agrees(name):
    ev = PROOFS[name]()
    assert ev.status == "proved", ev.detail
    result = _check(ev)
    assert result.outcomes and result.passed, [(o["kind"], o["verdict"], o["detail"]) for o in result.outcomes]
    assert {o["kind"] for o in result.outcomes} <= set(replay.KINDS)
    # one outcome per certificate, each stored once (establish keeps its statement's under "statement" only)
    assert len(result.outcomes) == len({c["digest"] for c in _certificates(ev.to_json())}) \
        == len(_certificates(ev.to_json()))


def test_every_proof_states_its_goals_and_certifies_each():
    """The prover's side of the contract: goals listed with digests, one certificate per goal."""
    from symdp.verify.evidence import stated_digests
    from symdp.verify.goals import digest_of
    for name, make in PROOFS.items():
        data = make().to_json()["data"]
        # a goal is stored once, where it is proved; a combination lists references (digest and text)
        leaves = [g for node in _nodes(data) if "formal" in node for g in node["goals"]]
        stated = stated_digests(data)
        assert stated and set(stated) <= {g["digest"] for g in leaves}, name
        assert all(digest_of({k: g[k] for k in ("format", "variables", "hypotheses", "conclusion")}) == g["digest"]
                   for g in leaves), name
        assert set(stated) <= {c["digest"] for c in _certificates(data)}, name


def _nodes(data):
    """`data` and every evidence data nested in it."""
    yield data
    for value in data.values():
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, dict) and isinstance(item.get("data"), dict):
                yield from _nodes(item["data"])


def test_the_box_certificate_records_every_kind_of_step():
    kinds = set()
    for name in ("boxes with a Taylor step", "boxes in two variables", "boxes with a point step"):
        (cert,) = _certificates(PROOFS[name]().to_json())
        kinds |= {step["by"] for step in cert["steps"]}
    assert {"enclosure", "split", "taylor", "monotone"} <= kinds, kinds


# --------------------------------------------------------------------------------------------
# tampering: every edit of a certificate, a goal or a status disagrees


def test_a_tampered_polynomial_certificate_disagrees():
    ev = PROOFS["rational on a half-line"]().to_json()
    bad = copy.deepcopy(ev)
    (cert,) = _certificates(bad)
    cert["product"]["odd"] = ["1", "5"]  # x + 5: positive and root-free on (−2, ∞), but P no longer multiplies back
    _disagrees(bad, "multiply back")
    bad = copy.deepcopy(ev)
    _certificates(bad)[0]["product"]["interval"] = ["-4", "oo"]  # decides another interval than its goal's
    _disagrees(bad, "its goal is about")
    bad = copy.deepcopy(ev)
    _certificates(bad)[0]["open_ends"] = [True, False]
    _disagrees(bad, "open ends")


def test_a_product_polynomial_is_compared_coefficient_by_coefficient():
    """A certificate for another polynomial of the same degree (here (x² + 1)², nonnegative with a
    valid factorisation) is not a certificate for N·D = (x − 1)²(x + 2)(x + 3)."""
    ev = PROOFS["rational on a half-line"]().to_json()
    (cert,) = _certificates(ev)
    assert len(cert["product"]["polynomial"]) == 5
    cert["product"].update(polynomial=["1", "0", "2", "0", "1"], constant="1", odd=["1"], half=["1", "0", "1"],
                           sign_point="0")
    _disagrees(ev, "not the one the claim needs")


def test_a_pole_inside_the_interval_disagrees():
    """f = 1/(x − 1/2)² on [0, 1]: N·D = (x − 1/2)² ≥ 0 has a valid certificate, but f is not defined
    at 1/2 (by hand): the replay finds the denominator's root."""
    ev = rational_nonnegative(1 / (x - R(1, 2)) ** 2, x, 1, 2).to_json()  # proved on [1, 2]: no pole there
    (cert,) = _certificates(ev)
    formal = dict(ev["data"]["formal"], lo="Integer(0)", hi="Integer(1)")
    cert["product"] = {**cert["product"], "interval": ["0", "1"], "sign_point": "1/4"}
    with pytest.raises(rc.verdicts.Disagrees, match="denominator vanishes inside"):
        polynomials.replay_rational(cert, formal)
    closed_end = dict(formal, lo="Rational(1, 2)")
    cert["product"] = {**cert["product"], "interval": ["1/2", "1"], "sign_point": "3/4"}
    with pytest.raises(rc.verdicts.Disagrees, match="closed end"):
        polynomials.replay_rational(cert, closed_end)


def test_a_tampered_smtlib_query_disagrees():
    ev = PROOFS["nlsat with a denominator"]().to_json()
    for query in ("(set-logic QF_NRA)\n(assert (< 1.0 0.0))\n(check-sat)\n",
                  _certificates(ev)[0]["query"].replace("(check-sat)", "(assert (> v0_x 5.0))\n(check-sat)")):
        bad = copy.deepcopy(ev)
        _certificates(bad)[0]["query"] = query
        _disagrees(bad, "not the translation of its goal")


def test_a_tampered_box_certificate_disagrees():
    ev = PROOFS["boxes with a Taylor step"]().to_json()
    (cert,) = _certificates(ev)
    bad = copy.deepcopy(ev)
    settled = next(i for i, s in enumerate(cert["steps"]) if s["by"] != "split")
    del _certificates(bad)[0]["steps"][settled]
    _disagrees(bad, "never settled")
    bad = copy.deepcopy(ev)
    next(s for s in _certificates(bad)[0]["steps"] if s["by"] == "split")["at"] = "1/7"
    _disagrees(bad)
    bad = copy.deepcopy(ev)
    next(s for s in _certificates(bad)[0]["steps"] if s["by"] == "taylor")["coefficients"][0] = "1000"
    _disagrees(bad, "exceeds every value")
    bad = copy.deepcopy(ev)  # f + 1 in the certificate: no longer its goal's f
    _certificates(bad)[0]["f"] = sympy.srepr(x + x ** 2 - sympy.exp(x) + 2)
    _disagrees(bad, "another function")
    bad = copy.deepcopy(ev)  # f + 1 in the certificate and its goal: the goal is not the statement's
    (c,) = _certificates(bad)
    c["f"] = sympy.srepr(x + x ** 2 - sympy.exp(x) + 2)
    c["goal"]["conclusion"] = c["goal"]["conclusion"].replace("Integer(1)", "Integer(2)", 1)
    c["digest"] = binding.digest_of(c["goal"])
    _disagrees(bad, "names no goal")


def test_a_certificate_whose_goal_no_longer_hashes_to_its_digest_disagrees():
    """The certificate's own record of its goal is part of it: edited (here its conclusion) while the
    digest still names the statement's goal, the certificate is not bound."""
    ev = PROOFS["nlsat with a denominator"]().to_json()
    (cert,) = _certificates(ev)
    cert["goal"]["conclusion"] = cert["goal"]["conclusion"].replace("GreaterThan", "StrictGreaterThan")
    _disagrees(ev, "not the digest of the goal")


def test_a_deleted_certificate_disagrees_and_the_claim_has_no_certificate():
    ev = PROOFS["identities"]().to_json()
    del ev["data"]["certificates"][1]
    result = _disagrees(ev, "have no certificate")
    assert result.claims_without_certificate == ["tampered"]
    status = [o for o in result.outcomes if o["kind"] == "status"]
    assert status and "evidence gives failed" in status[0]["detail"]


def test_a_certificate_beyond_the_first_part_of_a_claim_is_bound_and_replayed():
    good = PROOFS["a claim of several parts"]().to_json()
    bad = copy.deepcopy(good)
    smt_cert = next(c for c in _certificates(bad["data"]["statement"]) if c["kind"] == "smtlib")
    smt_cert["query"] = "(set-logic QF_NRA)\n(assert (< 1.0 0.0))\n(check-sat)\n"
    bad["data"]["certificates"] = bad["data"].get("certificates", [])
    _disagrees(bad, "not the translation")
    false_part = copy.deepcopy(good)
    part = false_part["data"]["statement"]["data"]["parts"][1]["data"]
    part["goals"][0]["conclusion"] = part["goals"][0]["conclusion"].replace("Pow(Symbol('x', real=True), Integer(2))",
                                                                            "Symbol('x', real=True)")
    _disagrees(false_part)


def _report(*claims):
    return {"claims": [{"id": cid, "paper": "t", "status": ev.status, "evidence": ev.kind, "detail": ev.detail,
                        "data": ev.to_json()["data"], "proof_status": "machine-complete" if ev.status == "proved" else
                        ev.status} for cid, ev in claims]}


def test_certificates_swapped_between_claims_disagree():
    report = _report(("a", identity((x + 1) ** 2, x ** 2 + 2 * x + 1)), ("b", identity(x * (x - 1), x ** 2 - x)))
    assert rc.recheck_report(report, jobs=0).passed
    a, b = (c["data"] for c in report["claims"])
    a["certificates"], b["certificates"] = b["certificates"], a["certificates"]
    result = rc.recheck_report(report, jobs=0)
    assert not result.passed and sorted(result.claims_without_certificate) == ["a", "b"]
    assert {o["claim"] for o in result.outcomes if "names no goal" in o["detail"]} == {"a", "b"}


@pytest.mark.parametrize("make", [
    lambda: exact_agreement([1, 2], [1, 2], "checked at points"),
    lambda: erratum(False, {"x": 1}, identity(x, x), "printed wrong", kind="typo"),
    lambda: rational_nonnegative(x - 1, x, 0, 2),  # refuted: a witness
    lambda: inequality_on_box(lambda a: a + 1, [(0, 1)], "a function of balls states no goal"),
])
def test_a_claim_relabelled_proved_disagrees(make):
    ev = make()
    assert ev.status != "proved"
    report = _report(("c", ev))
    assert rc.recheck_report(report, jobs=0).passed
    report["claims"][0].update(status="proved", proof_status="machine-complete")
    result = rc.recheck_report(report, jobs=0)
    assert not result.passed and any(o["kind"] == "status" and "evidence gives" in o["detail"] for o in result.outcomes)


def test_a_machine_complete_grade_with_prose_steps_disagrees():
    ev = establish(identity(x, x), domain="x", prose_steps=["by hand"])
    report = _report(("c", ev))
    result = rc.recheck_report(report, jobs=0)
    assert any("prose steps" in o["detail"] for o in result.outcomes if o["verdict"] == rc.DISAGREES)


# --------------------------------------------------------------------------------------------
# sizes are bounded before anything is evaluated


@pytest.mark.parametrize("text, needle", [("9**9**99", "bits"), ("Pow(Integer(9), Pow(Integer(9), Integer(99)))", "bits"),
                                          ("Integer(" + "7" * 5000 + ")", "digits"), ("(" * 1000 + "1" + ")" * 1000, "nested"),
                                          ("factorial(Integer(1000000))", "factorial"),
                                          ("Pow(Symbol('x'), Integer(10000000))", "exponent")])
def test_a_huge_expression_is_refused_before_it_is_evaluated(text, needle):
    """Each is refused by the parser in a fresh process that must answer within a minute (it would
    otherwise compute 9^(9^99) forever): the limit is named."""
    code = ("import sys; sys.path.insert(0, sys.argv[1]); from recheck.parsing import parse_expression, Refused\n"
            "try:\n    parse_expression(sys.argv[2])\nexcept Refused as err:\n    print('refused:', err)\n")
    done = subprocess.run([sys.executable, "-I", "-c", code, str(PACKAGE.parent), text], capture_output=True, text=True,
                          timeout=60)
    assert done.stdout.startswith("refused:") and needle in done.stdout, done.stdout + done.stderr


def test_a_certificate_holding_a_huge_power_disagrees_at_once():
    ev = PROOFS["boxes with a Taylor step"]().to_json()
    _certificates(ev)[0]["f"] = "9**9**99"
    ev["data"]["formal"]["f"] = "9**9**99"
    result = _check(ev)
    assert not result.passed and any("bits" in o["detail"] for o in result.outcomes), result.outcomes


# --------------------------------------------------------------------------------------------
# the independent tools against independent oracles


@settings(max_examples=40, deadline=None)
@given(st.lists(st.fractions(-4, 4, max_denominator=4), min_size=1, max_size=5),
       st.fractions(-5, 5, max_denominator=3), st.fractions(0, 6, max_denominator=3), st.integers(0, 3))
def test_collins_akritas_root_count_agrees_with_sturm(roots, lo, width, extra):
    # roots (with repeats), the bisection midpoints among them, and an irreducible quadratic factor
    poly = sympy.prod([x - sympy.Rational(r.numerator, r.denominator) for r in roots]) * (x ** 2 + extra)
    q = sympy.Poly(poly, x)
    lo_q, hi_q = sympy.Rational(lo.numerator, lo.denominator), sympy.Rational((lo + width).numerator, (lo + width).denominator)
    sturm = sympy.Poly(sympy.sqf_part(poly), x)
    expected = sum(1 for r in sympy.real_roots(sturm) if lo_q < r < hi_q) if width else 0
    coeffs = [Fraction(int(c.p), int(c.q)) for c in reversed(q.all_coeffs())]
    assert rc.polynomials.count_roots(coeffs, lo, lo + width) == expected
    assert rc.polynomials.count_roots(coeffs, None, None) == len(set(sympy.real_roots(sturm)))


@settings(max_examples=25, deadline=None)
@given(st.fractions(-3, 3, max_denominator=50), st.fractions(0, 3, max_denominator=50))
def test_independent_enclosures_contain_the_value(a, w):
    """Intervals on both sides of 0 and across it: even powers and cosh reach their minimum inside."""
    exprs = [sympy.exp(x) * sympy.log(2 + x ** 2) - sympy.sqrt(1 + x ** 2), sympy.tanh(x) * sympy.sinh(x - 1) ** 3 / (1 + x ** 2),
             sympy.Abs(x - 1) + sympy.Max(x, 2) - sympy.cosh(x) * sympy.pi, (x - R(1, 3)) ** 4 - (x + 1) ** 2 * x ** 2,
             sympy.cosh(x - R(1, 2)) - x ** 6]
    lo, hi = a, a + w
    points = [lo, hi, (lo + hi) / 2, Fraction(1, 3), Fraction(1, 2), Fraction(0), Fraction(-1)]
    for f in exprs:
        enc = intervals.enclose(f, {x: (lo, hi)})
        for point in (q for q in points if lo <= q <= hi):
            value = sympy.N(f.subs(x, sympy.Rational(point.numerator, point.denominator)), 60)
            assert enc[0] <= Fraction(str(value)) + Fraction(1, 10 ** 50) and Fraction(str(value)) - Fraction(1, 10 ** 50) <= enc[1], \
                (f, point, enc)


def _taylor_step(f, side, at, coefficients, width):
    """A Taylor step written by hand, with its polynomial's certificate from the prover's decision."""
    from symdp.verify.polynomial import polynomial_nonnegative
    t = sympy.Symbol("t")
    decision = polynomial_nonnegative(sympy.Poly(list(reversed(coefficients)), t, domain=sympy.QQ), t, 0, width)
    assert decision.holds
    return {"by": "taylor", "box": [list(map(str, side))], "at": at, "order": len(coefficients) - 1,
            "coefficients": [str(c) for c in coefficients], "polynomial": decision.certificate}


def test_a_taylor_step_from_the_right_end_carries_the_sign_of_minus_t():
    """f = x − 1/2 is negative at 0 (by hand). From the right end x = 1 − t: f = 1/2 − t, so the
    coefficient of t is −1; a step claiming +1 (no (−1)^k) would 'prove' f ≥ 0 on [0, 1]."""
    f = x - R(1, 2)
    step = _taylor_step(f, (0, 1), 1, [R(1, 2), 1], 1)
    with pytest.raises((rc.verdicts.Disagrees, rc.verdicts.Inconclusive)):
        intervals._replay_taylor(f, x, step, (Fraction(0), Fraction(1)))


def test_a_taylor_remainder_is_bounded_over_the_whole_side():
    """f = 1/10 − x³ is negative at 1 (by hand). Order 1 from 0: the remainder coefficient must bound
    f' = −3x² over [0, 1] (−3), not at 0 (0): a step claiming 1/10 + 0·t is not confirmed."""
    f = R(1, 10) - x ** 3
    step = _taylor_step(f, (0, 1), 0, [R(1, 10), 0], 1)
    with pytest.raises((rc.verdicts.Disagrees, rc.verdicts.Inconclusive)):
        intervals._replay_taylor(f, x, step, (Fraction(0), Fraction(1)))


@pytest.mark.parametrize("exponent, verdict", [(80, rc.verdicts.Disagrees), (1500, rc.verdicts.Inconclusive)])
def test_a_point_sign_near_zero_is_settled_or_left_open(exponent, verdict):
    """1 + x − eˣ = −x²/2 + O(x³) < 0 at x = 2⁻ᵉ (by hand): about −2⁻¹⁶¹ is found negative by raising
    the precision past 128 bits; about −2⁻³⁰⁰¹ is beyond the 2048 bits tried and stays undecided.
    Neither is ever accepted."""
    with pytest.raises(verdict):
        intervals._point_sign_nonnegative(1 + x - sympy.exp(x), {x: Fraction(1, 2 ** exponent)})
    if verdict is rc.verdicts.Disagrees:  # +x²/2 ≈ 2⁻¹⁶¹: accepted once the precision settles it
        intervals._point_sign_nonnegative(sympy.exp(x) - 1 - x, {x: Fraction(1, 2 ** exponent)})


@settings(max_examples=30, deadline=None)
@given(st.fractions(min_value=-15, max_value=15, max_denominator=1000), st.fractions(min_value=0, max_value=1, max_denominator=1000))
def test_the_independent_erf_enclosures_contain_mpmath_at_120_digits(a, width):
    """The recheck's own erf/erfc (Maclaurin series in mpmath's iv) against mpmath's erf at 120
    digits, at both ends and over the interval, far into the tail (erfc(15) ≈ 7·10⁻¹⁰⁰)."""
    b = a + width
    with mpmath.workdps(120):
        exact = lambda q, f: f(mpmath.mpf(q.numerator) / q.denominator)
        for complement, f in ((False, mpmath.erf), (True, mpmath.erfc)):
            lo, hi = _erf((a, b), complement)
            ends = sorted((exact(a, f), exact(b, f)))
            slack = mpmath.mpf(10) ** -110  # mpmath's own error at 120 digits, relative
            assert mpmath.mpf(lo.numerator) / lo.denominator <= ends[0] + abs(ends[0]) * slack
            assert ends[1] - abs(ends[1]) * slack <= mpmath.mpf(hi.numerator) / hi.denominator
            if width == 0 and (complement or abs(a) < 5):
                assert hi - lo <= abs(Fraction(str(mpmath.nstr(ends[0], 30)))) * Fraction(1, 10 ** 25) + Fraction(1, 10 ** 400)


def test_an_unsupported_function_is_inconclusive_not_agreed():
    ev = inequality_on_box(sympy.atan(x) + 1, [(0, 1)], "atan ≥ −1", variables=[x])
    outcomes = _check(ev).outcomes
    assert [o["verdict"] for o in outcomes] == [rc.INCONCLUSIVE] and "atan" in outcomes[0]["detail"]


# identities: true ones by construction agree, false ones never do


_a, _b = sympy.symbols("a b", real=True)
TRUE_IDENTITIES = [
    (sympy.log(p * (p + 1)), sympy.log(p) + sympy.log(p + 1)),
    (sympy.sqrt(p) ** 3, p * sympy.sqrt(p)),
    (sympy.exp(2 * x) - 1, (sympy.exp(x) - 1) * (sympy.exp(x) + 1)),
    (sympy.tanh(x / 2), (sympy.exp(x) - 1) / (sympy.exp(x) + 1)),
    (sympy.Abs(_a * _b), sympy.Abs(_a) * sympy.Abs(_b)),
    (sympy.Min(_a, _b) + sympy.Max(_a, _b), _a + _b),
    (2 ** x, sympy.exp(x * sympy.log(2))),
    (sympy.erfc(-x), 1 + sympy.erf(x)),
    (sympy.cosh(x) ** 2 - sympy.sinh(x) ** 2, 1),
]
FALSE_IDENTITIES = [
    (sympy.sqrt(x ** 2), x),                          # |x| ≠ x for x < 0
    (sympy.log(x ** 2), 2 * sympy.log(x + 1)),
    (sympy.exp(x) * sympy.exp(y), sympy.exp(x * y)),
    (sympy.Abs(_a + _b), sympy.Abs(_a) + sympy.Abs(_b)),
    (sympy.Max(_a, _b), _a),
    ((x + 1) ** 2, x ** 2 + 1),
    (sympy.erf(x), -sympy.erf(x)),
    (sympy.log(_a * _b) + sympy.Abs(_a), sympy.log(_a * _b) + _a),  # a·b > 0 leaves the sign of a open
]


@pytest.mark.parametrize("lhs, rhs", TRUE_IDENTITIES)
def test_the_identity_replay_agrees_with_true_identities(lhs, rhs):
    verdict, how = identities.decide(lhs, rhs)
    assert verdict == rc.AGREES, how


@pytest.mark.parametrize("lhs, rhs", FALSE_IDENTITIES)
def test_the_identity_replay_never_agrees_with_a_false_identity(lhs, rhs):
    """Each is false at a point checked here by hand-picked evaluation (sympy, 30 digits)."""
    point = dict(zip(sorted((lhs - rhs).free_symbols, key=str), (sympy.Rational(-3, 2), sympy.Rational(5, 7))))
    assert abs(sympy.N((lhs - rhs).subs(point), 30)) > 1e-10
    verdict, _ = identities.decide(lhs, rhs)
    assert verdict != rc.AGREES


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(-3, 3), min_size=3, max_size=3), st.lists(st.integers(-3, 3), min_size=3, max_size=3),
       st.integers(0, 2))
def test_rational_identities_against_expansion(num, den, shift):
    """lhs = P/Q and rhs the same rational function written as a different sum: agreed iff sympy's
    expansion of P·Q' − P'·Q (an independent exact route) is zero."""
    P = sum(c * x ** i for i, c in enumerate(num)) + y
    Q = sum(c * x ** i for i, c in enumerate(den)) + 2 + y ** 2
    other = (P + shift * (x - x) + (shift - 1) * (y - y)) / Q if shift != 2 else (P + 1) / Q
    verdict, _ = identities.decide(P / Q, other)
    truth = sympy.expand(P * sympy.denom(other) - sympy.numer(other) * Q) == 0
    assert (verdict == rc.AGREES) == truth and verdict != rc.INCONCLUSIVE


_q = sympy.Symbol("q", positive=True)
_LEAVES = [p, _q, x, sympy.Integer(2), sympy.Rational(1, 3)]


def _expressions(depth):
    """Random expressions of exp, log, roots, |·|, sums and products (logs of positive arguments)."""
    leaf = st.sampled_from(_LEAVES)
    if depth == 0:
        return leaf
    sub = _expressions(depth - 1)
    return st.one_of(leaf, st.builds(sympy.Add, sub, sub), st.builds(sympy.Mul, sub, sub),
                     st.builds(sympy.exp, sub), st.builds(lambda e: sympy.log(1 + e ** 2), sub),
                     st.builds(sympy.sqrt, st.builds(lambda e: 1 + e ** 2, sub)), st.builds(sympy.Abs, sub))


@settings(max_examples=60, deadline=None)
@given(_expressions(3), st.sampled_from([p, _q, x, sympy.exp(p), sympy.log(1 + p), sympy.Abs(x)]),
       st.integers(-3, 3).filter(bool))
def test_the_normal_form_never_agrees_with_a_perturbed_identity(e, atom, k):
    """e = e + k·atom is false (the atom is not identically 0): the route may fail to tell, never
    agree; and e = e rewritten by sympy's expansions (true) is never called false."""
    verdict, how = identities.decide(e, e + k * atom)
    assert verdict != rc.AGREES, how
    assert identities.decide(e, sympy.expand(sympy.expand_log(e)))[0] != rc.DISAGREES


def test_a_numerical_second_opinion_is_recorded_and_never_a_pass_alone():
    lhs, rhs = sympy.exp(x) * sympy.exp(y), sympy.exp(x + y)
    goal = identity(lhs, rhs).to_json()["data"]["certificates"][0]["goal"]
    result = identities.replay(goal)
    assert result["verdict"] == rc.AGREES and result["second_opinion"].startswith("second opinion (numerical")
    stuck = identities.replay(identity(sympy.atan(x) * 0 + sympy.LambertW(x), sympy.LambertW(x)).to_json()["data"]["certificates"][0]["goal"])
    assert stuck["verdict"] == rc.AGREES  # the same expression, structurally
    unknown = {"conclusion": sympy.srepr(sympy.Eq(sympy.atan(x) + sympy.atan(1 / x), sympy.pi / 2, evaluate=False)),
               "hypotheses": [], "digest": "d"}
    result = identities.replay(unknown)  # true for x > 0 only; this route cannot tell
    assert result["verdict"] == rc.INCONCLUSIVE and "second opinion" in result["second_opinion"]


# the SMT translation and the two solvers


def test_the_smt_translation_keeps_denominators_nonzero():
    """y = 1/x gives x·y = 1 (by hand): proved, and the query holds (x ≠ 0 ∧ x·y·x − x = 0); a
    translation that dropped x ≠ 0 would admit x = 0 with any y, where x·y − 1 = −1 < 0."""
    ev = real_closed(x * y - 1, [x, y], [sympy.Eq(y, 1 / x)], "xy ≥ 1")
    assert ev.status == "proved"
    (cert,) = _certificates(ev.to_json())
    assert "(distinct v0_x 0.0)" in cert["query"]
    assert _check(ev).passed


def test_contradictory_hypotheses_prove_nothing():
    """A hypothesis list that no point satisfies makes any goal hold vacuously: refused by the
    prover when it is literally False (Python's == of two expressions), and a disagreement when
    it is contradictory."""
    from symdp.errors import ParameterError
    with pytest.raises(ParameterError, match="False"):
        real_closed(x, [x, y], [x * y == 1], "x ≥ 0")
    vacuous = real_closed(-1 - x ** 2, [x], [x >= 1, x <= 0], "−1 − x² ≥ 0 on an empty domain")
    assert vacuous.status == "proved"  # z3 alone cannot object
    _disagrees(vacuous.to_json(), "contradictory")


def test_hypotheses_with_no_integer_solution_prove_nothing():
    """0 < k < 1 has the real solution 1/2 and no integer one (by hand): a goal over an integer k under
    it holds vacuously, and the re-check says so; 0 < k < 2 has k = 1 and agrees; k² ∈ (2, 4) is empty
    over the integers too (1 < 2 < 4 and 4 is not below 4), while k = 3/2 solves it over the reals."""
    k = sympy.Symbol("k", integer=True)
    vacuous = real_closed(k, [k], [k > 0, k < 1], "k ≥ 0 for 0 < k < 1")
    assert vacuous.status == "proved"  # over the reals the hypotheses have solutions
    _disagrees(vacuous.to_json(), "contradictory")
    assert _check(real_closed(k, [k], [k > 0, k < 2], "k ≥ 0 for 0 < k < 2")).passed
    _disagrees(real_closed(k ** 2 - 2, [k], [k ** 2 > 2, k ** 2 < 4], "k² ≥ 2 where 2 < k² < 4").to_json(), "contradictory")


def test_the_two_solvers_must_both_say_unsat(monkeypatch):
    pending = [{"claim": "c", "digest": "d", "kind": "smtlib", "verdict": None, "detail": "", "solvers": [],
                "query": "q", "hypotheses": "h", "integers": False}]
    answers = {"z3": {"q": "unsat", "h": "sat"}, "cvc5": {"q": "sat", "h": "sat"}}
    monkeypatch.setattr(smt, "solve", lambda queries, solver: ("v", [answers[solver][q] for q in queries]))
    (out,) = replay.decide_smt(pending)
    assert out["verdict"] == rc.DISAGREES and "disagree" in out["detail"]
    answers["cvc5"]["q"] = "unknown"
    assert replay.decide_smt(pending)[0]["verdict"] == rc.INCONCLUSIVE
    answers["cvc5"]["q"] = "unsat"
    assert replay.decide_smt(pending)[0]["verdict"] == rc.AGREES


def test_cvc5_reads_every_query_of_the_nonlinear_kinds_the_prover_writes():
    """Polynomial constraints with denominators, equations and strict inequalities: both solvers
    answer unsat for true goals and sat for false ones."""
    true = real_closed(x / (x - 1) + y ** 2, [x, y], [x >= 2], "t")
    false = real_closed(x * y - 2, [x, y], [x >= 1, y >= 1], "f")
    assert true.status == "proved" and false.status == "failed"
    goal = _certificates(true.to_json())[0]["goal"]
    wrong = binding._goal("GreaterThan(Add(Mul(Symbol('x', real=True), Symbol('y', real=True)), Integer(-2)), Integer(0))",
                          ["LessThan(Integer(1), Symbol('x', real=True))", "LessThan(Integer(1), Symbol('y', real=True))"])
    for solver in smt.SOLVERS:
        version, answers = smt.solve([smt.query(goal), smt.query(wrong)], solver)
        assert answers == ["unsat", "sat"] and version[:1].isdigit(), (solver, version, answers)


# --------------------------------------------------------------------------------------------
# the whole path: a report, the CLI, the fresh processes


def _unrelated_query(claims):
    for cert in _certificates(claims["lemma-2"]["data"]):
        if cert["kind"] == "smtlib":
            cert["query"] = "(set-logic QF_NRA)\n(assert (< 1.0 0.0))\n(check-sat)\n"


def _f_plus_one(claims):
    for cert in _certificates(claims["lemma-3"]["data"]):
        cert["f"] = f"Add({cert['f']}, Integer(1))"


def _swapped(claims):
    a, b = claims["lemma-1"]["data"], claims["lemma-3"]["data"]
    a["statement"]["data"]["certificates"], b["statement"]["data"]["certificates"] = \
        b["statement"]["data"]["certificates"], a["statement"]["data"]["certificates"]


def _relabelled(claims):
    claims["lemma-4"].update(status="proved", proof_status="machine-complete")


def _deleted(claims):
    for node in (claims["lemma-2"]["data"], *claims["lemma-2"]["data"]["parts"]):
        data = node.get("data", node)
        for cert in list(data.get("certificates", [])):
            if cert["kind"] == "identity":
                data["certificates"].remove(cert)


#: Each tamper of issue 26 on a fresh report, and what the re-check says.
_TAMPERS = [(_unrelated_query, "not the translation of its goal"), (_f_plus_one, "another function"),
            (_swapped, "names no goal"), (_relabelled, "evidence gives"), (_deleted, "have no certificate")]


def test_recheck_runs_alone_and_from_the_cli(tmp_path):
    """`symdp verify --recheck` replays the report an earlier run wrote in a fresh interpreter that
    loads nothing of symdp, writes recheck.json with the solvers, and exits 1 once a certificate
    is tampered with, 2 without a report."""
    folder = tmp_path / "claims"
    folder.mkdir()
    (folder / "mine.py").write_text(
        "import sympy\n"
        "from symdp.verify import (claim, establish, exact_agreement, identity, inequality_on_box, rational_nonnegative,\n"
        "                          real_closed, register_paper)\n"
        "register_paper('recheck-demo', 'Recheck demo')\n"
        "x = sympy.Symbol('x', real=True)\n"
        "@claim('recheck-demo', 'Lemma 1', 'x/(x+1) >= 0 for x >= 0', stated_domain='x ≥ 0')\n"
        "def lemma_1():\n"
        "    return establish(rational_nonnegative(x / (x + 1), x, 0, sympy.oo), domain='x ≥ 0')\n"
        "@claim('recheck-demo', 'Lemma 2', 'x^2 + 1 > 0 and (x + 1)^2 = x^2 + 2x + 1')\n"
        "def lemma_2():\n"
        "    return [real_closed(x ** 2 + 1, [x], [], 'x^2 + 1 ≥ 0'), identity((x + 1) ** 2, x ** 2 + 2 * x + 1)]\n"
        "@claim('recheck-demo', 'Lemma 3', 'e^x ≥ 1 + x on [0, 1]', stated_domain='0 ≤ x ≤ 1')\n"
        "def lemma_3():\n"
        "    return establish(inequality_on_box(sympy.exp(x) - 1 - x, [(0, 1)], variables=[x]), domain='0 ≤ x ≤ 1')\n"
        "@claim('recheck-demo', 'Lemma 4', '2 = 2, checked')\n"
        "def lemma_4():\n"
        "    return exact_agreement(2, 2, 'two')\n",
        encoding="utf-8")
    out = tmp_path / "reports"
    cli = [sys.executable, "-m", "symdp", "verify"]
    run = subprocess.run(cli + [str(folder), "--out", str(out)], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    again = subprocess.run(cli + ["--recheck", "--out", str(out), "--json"], capture_output=True, text=True, timeout=300)
    assert again.returncode == 0, again.stdout + again.stderr
    written = json.loads((out / "recheck.json").read_text(encoding="utf-8"))
    summary = written["summary"]
    assert summary["agrees"] == 4 and summary["disagrees"] == summary["inconclusive"] == 0
    assert summary["claims_without_certificate"] == [] and set(summary["solvers"]) == {"z3", "cvc5"}
    assert {o["kind"] for o in written["outcomes"]} == {"rational", "smtlib", "identity", "boxes"}
    probe = ("import sys, runpy; sys.argv = ['recheck', sys.argv[1], '--jobs', '0']; "
             "import atexit; atexit.register(lambda: print('LOADED', sorted(m for m in sys.modules if m.startswith('symdp'))))\n"
             f"sys.path.insert(0, {str(PACKAGE.parent)!r}); import recheck; recheck.main()")
    alone = subprocess.run([sys.executable, "-I", "-c", probe, str(out / "verify.json")], capture_output=True, text=True,
                           timeout=300)
    assert "LOADED []" in alone.stdout and "4 of 4 agree" in alone.stdout, alone.stdout + alone.stderr
    clean = json.loads((out / "verify.json").read_text(encoding="utf-8"))
    for tamper, needle in _TAMPERS:
        report = copy.deepcopy(clean)
        tamper({c["id"].split(":")[1]: c for c in report["claims"]})
        path = tmp_path / "tampered.json"
        path.write_text(json.dumps(report), encoding="utf-8")
        assert rc.main([str(path), "--jobs", "0", "--out", str(tmp_path / "t")]) == 1, needle
        written = json.loads((tmp_path / "t" / "recheck.json").read_text(encoding="utf-8"))
        assert any(needle in o["detail"] for o in written["summary"]["disagreements"]), (needle, written["summary"])
    report = copy.deepcopy(clean)
    for claim in report["claims"]:
        for cert in _certificates(claim["data"]):
            if cert["kind"] == "rational":
                cert["product"]["odd"] = ["1", "-1"]
    (out / "verify.json").write_text(json.dumps(report), encoding="utf-8")
    bad = subprocess.run(cli + ["--recheck", "--out", str(out)], capture_output=True, text=True, timeout=300)
    assert bad.returncode == 1 and "DISAGREES recheck-demo:lemma-1" in bad.stdout, bad.stdout
    missing = subprocess.run(cli + ["--recheck", "--out", str(tmp_path / "nowhere")], capture_output=True, text=True,
                             timeout=300)
    assert missing.returncode == 2 and "run 'symdp verify' first" in missing.stderr
    (out / "verify.json").write_text("{not json", encoding="utf-8")
    broken = subprocess.run(cli + ["--recheck", "--out", str(out)], capture_output=True, text=True, timeout=300)
    assert broken.returncode == 2 and "not a symdp verify report" in broken.stderr


def test_a_replay_that_outlives_its_time_limit_ends_inconclusive_and_the_pool_goes_on():
    from symdp.verify.recheck import workers
    ev = PROOFS["boxes in two variables"]().to_json()
    walked = binding.walk({"kind": ev["kind"], "status": ev["status"], "data": ev["data"]})
    (b,) = walked.certificates
    task = {"claim": "slow", "cert": b.cert, "goal": b.goal, "formal": b.node["formal"], "node": {}, "own": {}, "used": {}}
    fail = lambda t, why: replay.outcome(t, rc.INCONCLUSIVE, why)
    timed = workers.run([task, task], replay.replay, fail, jobs=1, timeout=0.001)
    assert [o["verdict"] for o in timed] == [rc.INCONCLUSIVE] * 2 and "within" in timed[0]["detail"]
    done = workers.run([task, task], replay.replay, fail, jobs=2)
    assert [o["verdict"] for o in done] == [rc.AGREES] * 2


def test_a_crafted_report_cannot_run_code(tmp_path):
    """Expressions are read from their syntax tree with an allow-list, never evaluated."""
    sentinel = tmp_path / "ran"
    for payload in (f"__import__('pathlib').Path({str(sentinel)!r}).touch()",
                    f"Symbol('x').__class__.__init__.__globals__['__builtins__']['open']({str(sentinel)!r}, 'w')",
                    "(lambda: 1)()", "Integer(2).p"):
        ev = PROOFS["rational on a half-line"]().to_json()
        ev["data"]["formal"]["f"] = payload
        _certificates(ev)[0]["f"] = payload
        assert not _check(ev).passed and not sentinel.exists(), payload
    assert rc.parse_expression("Rational(1, 2) + log(8) - Symbol('x', positive=True)**2") == \
        sympy.Rational(1, 2) + sympy.log(8) - sympy.Symbol("x", positive=True) ** 2


def test_symbol_names_that_are_not_smtlib_symbols_replay_as_the_proved_query():
    """A name such as P' or δ' is not an SMT-LIB simple symbol; the query declares names both
    solvers parse back to the same variables."""
    P, pp, dp = sympy.Symbol("P", real=True), sympy.Symbol("P'", real=True), sympy.Symbol("δ'", real=True)
    clash = sympy.Symbol("P_", real=True)  # cleans to the same name as P'
    ev = real_closed(pp * dp - P + clash ** 2, [P, pp, dp, clash], [pp >= P, P >= 0, dp >= 1], "f")
    (cert,) = _certificates(ev.to_json())
    declared = [line.split()[1] for line in cert["query"].splitlines() if line.startswith("(declare-fun")]
    assert len(set(declared)) == 4 and all(name.replace("_", "a").isalnum() and name.isascii() for name in declared), declared
    assert _check(ev).passed


def test_one_rational_function_builder_reads_roots_only_where_it_is_given_their_order():
    """The identities' ring is given x's root order (x^(1/2)·x^(1/2) = x holds: by hand, for x ≥ 0); the SMT
    translation is not, and refuses √x rather than read it as another term (no SMT-LIB certificate proves
    a relation with a root in it)."""
    from symdp.verify.goals import goal
    from symdp.verify.recheck import identities
    from symdp.verify.recheck.verdicts import Disagrees

    xp = sympy.Symbol("x", nonnegative=True)
    assert identities.decide(sympy.sqrt(xp) * sympy.sqrt(xp), xp)[0] == rc.AGREES
    assert identities.decide(sympy.sqrt(xp) * sympy.sqrt(xp), xp + 1)[0] != rc.AGREES
    with pytest.raises(Disagrees):
        smt.query(goal(sympy.GreaterThan(sympy.sqrt(xp), 0, evaluate=False), [], [xp]).canonical())


def test_no_module_of_the_recheck_shadows_the_standard_library():
    """The re-checker runs as ``python -I symdp/verify/recheck``: its folder is the first entry of sys.path, so a
    module of it named like a standard one (fractions.py) would be imported in its place (by sympy too)."""
    import sys
    from pathlib import Path

    import symdp.verify.recheck as package

    names = {p.stem for p in Path(package.__file__).parent.glob("*.py")}
    assert not names & set(sys.stdlib_module_names), names & set(sys.stdlib_module_names)
