"""Certificates anyone can re-check (symdp.verify.recheck): every kind of proof replays and agrees;
a tampered certificate disagrees; the independent root counting and interval arithmetic are held
against sympy (Sturm counts, 60-digit values)."""

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

from symdp.verify import compactified, inequality_on_box, monotone_from, prove, rational_nonnegative, real_closed
from symdp.verify import recheck as rc
from symdp.verify.recheck.intervals import _erf

x, y = sympy.symbols("x y", real=True)
v = sympy.Symbol("v", real=True)
R = sympy.Rational


def _outcomes(ev):
    assert ev.status == "proved", ev.detail
    return [rc.recheck(c, h, "test") for c, h in rc.certificates(ev.data)]


def _only(ev, kind):
    ((cert, holder),) = [(c, h) for c, h in rc.certificates(ev.data) if c["kind"] == kind]
    return copy.deepcopy(cert), copy.deepcopy(holder)


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
}


@pytest.mark.parametrize("name", list(PROOFS))
def test_every_kind_of_proof_replays_and_agrees(name):
    outcomes = _outcomes(PROOFS[name]())
    assert outcomes and all(o.verdict == rc.AGREES for o in outcomes), [o.to_json() for o in outcomes]


def test_the_box_certificate_records_every_kind_of_step():
    kinds = set()
    for name in ("boxes with a Taylor step", "boxes in two variables", "boxes with a point step"):
        cert, _ = _only(PROOFS[name](), "boxes")
        kinds |= {step["by"] for step in cert["steps"]}
    assert {"enclosure", "split", "taylor", "monotone"} <= kinds, kinds


def _disagrees(cert, holder):
    out = rc.recheck(cert, holder, "tampered")
    assert out.verdict == rc.DISAGREES, out.to_json()
    return out


def test_a_tampered_polynomial_certificate_disagrees():
    cert, holder = _only(PROOFS["rational on a half-line"](), "rational")
    bad = copy.deepcopy(cert)
    bad["product"]["odd"] = ["1", "5"]  # x + 5: positive and root-free on (−2, ∞), but P no longer multiplies back
    assert "multiply back" in _disagrees(bad, holder).detail
    bad = copy.deepcopy(cert)
    bad["product"]["interval"] = ["-4", "oo"]  # the odd part x + 2 has a root at −2 inside (−4, ∞)
    _disagrees(bad, holder)
    bad = copy.deepcopy(cert)
    bad["open_ends"] = [False, False]
    bad["denominator"], bad["numerator"] = sympy.srepr(x + 2), sympy.srepr((x - 1) ** 2 * (x + 2) ** 2 / (x + 3))
    assert rc.recheck(bad, holder).verdict == rc.DISAGREES
    closed = copy.deepcopy(_only(PROOFS["rational, open end"](), "rational"))
    closed[0]["open_ends"] = [False, False]  # 1/x at the closed end 0 ...
    closed[1]["interval"] = "[0, 1]"  # ... stated consistently, so only the pole check can object
    assert "closed end" in _disagrees(*closed).detail
    elsewhere = _only(PROOFS["rational, open end"](), "rational")
    elsewhere[1]["interval"] = "(0, 2]"
    assert "states the interval" in _disagrees(*elsewhere).detail


def test_a_tampered_smtlib_query_disagrees():
    cert, holder = _only(PROOFS["nlsat with a denominator"](), "smtlib")
    narrower = dict(cert, query=cert["query"].replace("(check-sat)", "(assert (> x 5.0))\n(check-sat)"))
    assert rc.recheck(narrower, holder).verdict == rc.AGREES  # an extra constraint keeps the negation unsat
    sat = dict(cert, query="(declare-fun x () Real)\n(assert (< (* x x) 1.0))\n(check-sat)\n")
    assert "satisfiable" in _disagrees(sat, holder).detail


def test_a_tampered_box_certificate_disagrees():
    cert, holder = _only(PROOFS["boxes with a Taylor step"](), "boxes")
    for i, step in enumerate(cert["steps"]):
        if step["by"] != "split":
            missing = copy.deepcopy(cert)
            del missing["steps"][i]
            assert "never settled" in _disagrees(missing, holder).detail
            break
    moved = copy.deepcopy(cert)
    split = next(s for s in moved["steps"] if s["by"] == "split")
    split["at"] = "1/7"
    _disagrees(moved, holder)
    (taylor,) = [i for i, s in enumerate(cert["steps"]) if s["by"] == "taylor"][:1]
    raised = copy.deepcopy(cert)
    step = raised["steps"][taylor]
    step["coefficients"][0] = "1000"  # far above f at the end: no value of the term reaches it
    assert rc.recheck(raised, holder).verdict in (rc.DISAGREES,)
    wrong_root = copy.deepcopy(cert)
    holder_elsewhere = dict(holder, box=[["0", "2"]])
    assert "box is not among" in _disagrees(wrong_root, holder_elsewhere).detail


def test_a_box_step_the_independent_arithmetic_cannot_confirm_is_inconclusive_not_agreed():
    cert, holder = _only(PROOFS["boxes in two variables"](), "boxes")
    bad = copy.deepcopy(cert)
    enclosed = next(s for s in bad["steps"] if s["by"] == "enclosure")
    bad["f"] = sympy.srepr(sympy.exp(x + y) - 3 - x - y / 2)  # now f < 0 near 0: steps there cannot be confirmed
    out = rc.recheck(bad, holder)
    assert out.verdict != rc.AGREES and enclosed


def test_links_between_nested_certificates_are_checked():
    cert, holder = _only(PROOFS["monotone then rational"](), "monotone")
    wrong = copy.deepcopy(holder)
    wrong["derivative"]["data"]["certificate"]["f"] = sympy.srepr(x / (x + 2))
    assert "not" in _disagrees(cert, wrong).detail
    cert, holder = _only(PROOFS["compactified"](), "compactified")
    part = copy.deepcopy(holder)
    part["decision"]["data"]["certificate"]["product"]["interval"] = ["0", "1/2"]
    _disagrees(cert, part)
    swapped = copy.deepcopy(cert)
    swapped["g"] = sympy.srepr(sympy.Symbol("x_c", positive=True))
    _disagrees(swapped, holder)


# --------------------------------------------------------------------------------------------
# the independent tools against sympy


@settings(max_examples=40, deadline=None)
@given(st.lists(st.fractions(-4, 4, max_denominator=4), min_size=1, max_size=5),
       st.fractions(-5, 5, max_denominator=3), st.fractions(0, 6, max_denominator=3), st.integers(0, 3))
def test_collins_akritas_root_count_agrees_with_sturm(roots, lo, width, extra):
    # roots (with repeats), the bisection midpoints among them, and an irreducible quadratic factor
    poly = sympy.prod([x - sympy.Rational(r.numerator, r.denominator) for r in roots]) * (x ** 2 + extra)
    p = sympy.Poly(poly, x)
    lo_q, hi_q = sympy.Rational(lo.numerator, lo.denominator), sympy.Rational((lo + width).numerator, (lo + width).denominator)
    sturm = sympy.Poly(sympy.sqf_part(poly), x)
    expected = sum(1 for r in sympy.real_roots(sturm) if lo_q < r < hi_q) if width else 0
    coeffs = [Fraction(int(c.p), int(c.q)) for c in reversed(p.all_coeffs())]
    assert rc.count_roots(coeffs, lo, lo + width) == expected
    assert rc.count_roots(coeffs, None, None) == len(set(sympy.real_roots(sturm)))


@settings(max_examples=12, deadline=None)
@given(st.fractions(Fraction(1, 10), 3, max_denominator=50), st.fractions(0, 1, max_denominator=50))
def test_independent_enclosures_contain_the_value(a, w):
    exprs = [sympy.exp(x) * sympy.log(1 + x) - sympy.sqrt(x), sympy.tanh(x) * sympy.sinh(x - 1) ** 3 / (1 + x ** 2),
             sympy.Abs(x - 1) + sympy.Max(x, 2) - sympy.cosh(x) * sympy.pi, x ** R(3, 2) - sympy.sinh(x) / x]
    lo, hi = a, a + w
    for f in exprs:
        enc = rc.enclose(f, {x: (lo, hi)})
        for point in (lo, hi, (lo + hi) / 2):
            value = sympy.N(f.subs(x, sympy.Rational(point.numerator, point.denominator)), 60)
            assert enc[0] <= Fraction(str(value)) + Fraction(1, 10 ** 50) and Fraction(str(value)) - Fraction(1, 10 ** 50) <= enc[1]


def test_an_unsupported_function_is_inconclusive_not_agreed():
    ev = inequality_on_box(sympy.atan(x) + 1, [(0, 1)], "atan ≥ −1", variables=[x])
    outcomes = _outcomes(ev)
    assert [o.verdict for o in outcomes] == [rc.INCONCLUSIVE] and "atan" in outcomes[0].detail


def test_recheck_runs_alone_and_from_the_cli(tmp_path):
    """The module replays a report with nothing of symdp imported, and `symdp verify --recheck`
    replays the report an earlier run wrote (exit 1 once a certificate is tampered with)."""
    folder = tmp_path / "claims"
    folder.mkdir()
    (folder / "mine.py").write_text(
        "import sympy\n"
        "from symdp.verify import claim, establish, rational_nonnegative, real_closed, register_paper\n"
        "register_paper('recheck-demo', 'Recheck demo')\n"
        "x = sympy.Symbol('x', real=True)\n"
        "@claim('recheck-demo', 'Lemma 1', 'x/(x+1) >= 0 for x >= 0', stated_domain='x ≥ 0')\n"
        "def lemma_1():\n"
        "    return establish(rational_nonnegative(x / (x + 1), x, 0, sympy.oo), domain='x ≥ 0')\n"
        "@claim('recheck-demo', 'Lemma 2', 'x^2 + 1 > 0')\n"
        "def lemma_2():\n"
        "    return real_closed(x ** 2 + 1, [x], [], 'x^2 + 1 ≥ 0')\n", encoding="utf-8")
    out = tmp_path / "reports"
    cli = [sys.executable, "-m", "symdp", "verify"]
    run = subprocess.run(cli + [str(folder), "--out", str(out)], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    again = subprocess.run(cli + ["--recheck", "--out", str(out)], capture_output=True, text=True, timeout=300)
    assert again.returncode == 0 and "2 of 2 certificates agree, 0 disagree" in again.stdout, again.stdout + again.stderr
    alone = subprocess.run([sys.executable, "-I", str(Path(rc.__file__).parent), str(out / "verify.json")], capture_output=True, text=True,
                           timeout=300)
    assert alone.returncode == 0 and "2 of 2 certificates agree" in alone.stdout, alone.stderr
    report = json.loads((out / "verify.json").read_text(encoding="utf-8"))
    for claim in report["claims"]:
        for node in (claim["data"], claim["data"].get("statement", {}).get("data", {})):
            if node.get("certificate", {}).get("kind") == "rational":
                node["certificate"]["product"]["odd"] = ["1", "-1"]
    (out / "verify.json").write_text(json.dumps(report), encoding="utf-8")
    bad = subprocess.run(cli + ["--recheck", "--out", str(out)], capture_output=True, text=True, timeout=300)
    assert bad.returncode == 1 and "DISAGREES recheck-demo:lemma-1" in bad.stdout, bad.stdout
    missing = subprocess.run(cli + ["--recheck", "--out", str(tmp_path / "nowhere")], capture_output=True, text=True,
                             timeout=300)
    assert missing.returncode == 2 and "run 'symdp verify' first" in missing.stderr


def test_a_crafted_report_cannot_run_code(tmp_path):
    """Expressions are read from their syntax tree with an allow-list, never evaluated."""
    cert, holder = _only(PROOFS["rational on a half-line"](), "rational")
    sentinel = tmp_path / "ran"
    for payload in (f"__import__('pathlib').Path({str(sentinel)!r}).touch()",
                    f"Symbol('x').__class__.__init__.__globals__['__builtins__']['open']({str(sentinel)!r}, 'w')",
                    "(lambda: 1)()", "Integer(2).p"):
        out = rc.recheck(dict(cert, f=payload), holder)
        assert out.verdict != rc.AGREES and not sentinel.exists(), (payload, out.to_json())
    assert rc.parse_expression("Rational(1, 2) + log(8) - Symbol('x', positive=True)**2") == \
        sympy.Rational(1, 2) + sympy.log(8) - sympy.Symbol("x", positive=True) ** 2


def test_symbol_names_that_are_not_smtlib_symbols_replay_as_the_proved_query():
    """A name such as P' or δ' is not an SMT-LIB simple symbol; the recorded query must declare
    names a fresh z3 parses back to the same variables (it once read P' differently and found the
    negation of a proved step satisfiable)."""
    p, pp, dp = sympy.Symbol("P", real=True), sympy.Symbol("P'", real=True), sympy.Symbol("δ'", real=True)
    clash = sympy.Symbol("P_", real=True)  # cleans to the same name as P'
    ev = real_closed(pp * dp - p + clash ** 2, [p, pp, dp, clash], [pp >= p, p >= 0, dp >= 1], "f")
    cert, holder = _only(ev, "smtlib")
    declared = [line.split()[1] for line in cert["query"].splitlines() if line.startswith("(declare-fun")]
    assert len(set(declared)) == 4 and all(name.replace("_", "a").isalnum() and name.isascii() for name in declared), declared
    assert rc.recheck(cert, holder).verdict == rc.AGREES
    refuted = real_closed(pp * dp - p - 1, [p, pp, dp], [pp >= p, p >= 0, dp >= 1], "f")
    assert refuted.status != "proved"


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
