"""The claims layer: interval branch-and-bound, evidence, registry, runner and reports."""

import json
from fractions import Fraction

import pytest
import sympy
from flint import arb, fmpq
from hypothesis import given, settings, strategies as st

from symdp.errors import ParameterError
from symdp.numbers import Real
from symdp.verify import (Evidence, certified_agreement, combine, erratum, exact_agreement, identity,
                          inequality_on_box, load_claims, run_claims)
from symdp.verify import report
from symdp.verify.boxes import prove_nonnegative
from symdp.verify.registry import Registry, claim, slug
from symdp.verify.facts import relations_json
from symdp.verify.runner import ClaimReport

x, y = sympy.symbols("x y")


# --------------------------------------------------------------------------------------------
# boxes


def test_box_proves_a_bound_attained_at_a_corner():
    result = prove_nonnegative(x**2 - 2*x + 1 + y, [(0, 2), (0, 1)])
    assert result.status == "proved" and result.boxes >= 1


def test_box_proves_a_bound_attained_inside():
    # e^x ≥ 1 + x, with equality at x = 0 inside the box
    assert prove_nonnegative(sympy.exp(x) - 1 - x, [(-2, 3)]).status == "proved"


def test_box_refutes_with_an_exact_witness():
    result = prove_nonnegative(x - 1, [(0, 2)])
    assert result.status == "refuted"
    (w,) = result.witness
    assert 0 <= w <= 2 and w - 1 < 0


def test_box_with_a_ball_function():
    assert prove_nonnegative(lambda a, b: a * a + b + 1, [(-1, 1), (0, 1)]).status == "proved"
    refuted = prove_nonnegative(lambda a: a - 1, [(0, 2)])
    assert refuted.status == "refuted" and refuted.witness[0] < 1


def test_box_reports_undecided_when_the_budget_runs_out():
    # tanh(x/2)(e^x+1) − (e^x−1) is identically 0: interval arithmetic can never settle its sign
    f = sympy.tanh(x / 2) * (sympy.exp(x) + 1) - (sympy.exp(x) - 1)
    result = prove_nonnegative(f, [(0, 3)], max_boxes=50)
    assert result.status == "undecided" and result.boxes == 50


def test_box_rejects_bad_boxes():
    with pytest.raises(ParameterError, match="lo ≤ hi"):
        prove_nonnegative(x, [(1, 0)])
    with pytest.raises(ParameterError, match="one side per variable"):
        prove_nonnegative(x * y, [(0, 1)])
    with pytest.raises(ParameterError, match="rational"):
        prove_nonnegative(x, [(0, sympy.pi)])


quadratics = st.tuples(st.integers(-5, 5), st.integers(-9, 9), st.integers(-9, 9), st.integers(-4, 3), st.integers(1, 5))


@settings(max_examples=40, deadline=None)
@given(quadratics)
def test_box_agrees_with_the_exact_minimum_of_a_quadratic(params):
    a, b, c, lo, width = params
    hi = lo + width
    f = sympy.Integer(a) * x**2 + b * x + c
    # independent route: the minimum over [lo, hi] is at an end or at the vertex
    candidates = [sympy.Integer(lo), sympy.Integer(hi)]
    if a > 0 and lo <= sympy.Rational(-b, 2 * a) <= hi:
        candidates.append(sympy.Rational(-b, 2 * a))
    least = min(f.subs(x, t) for t in candidates)
    result = prove_nonnegative(f, [(lo, hi)], variables=[x], max_boxes=2000)
    if least < 0:
        assert result.status == "refuted"
        w = sympy.Rational(int(result.witness[0].p), int(result.witness[0].q))
        assert lo <= w <= hi and f.subs(x, w) < 0
    else:
        assert result.status == "proved"


# --------------------------------------------------------------------------------------------
# evidence


def test_identity_proves_and_fails():
    e = sympy.Symbol("e", positive=True)
    ok = identity(sympy.tanh(e / 2), (sympy.exp(e) - 1) / (sympy.exp(e) + 1), "tanh half-angle")
    assert ok.status == "proved" and ok.kind == "identity"
    bad = identity(sympy.tanh(e / 2), (sympy.exp(e) - 1) / (sympy.exp(e) + 2), "wrong")
    assert bad.status == "failed" and "does not simplify" in bad.detail
    json.dumps(bad.to_json())


def test_identity_of_rational_functions_and_sequences():
    q = sympy.Symbol("q")
    assert identity([(q**2 - 1) / (q - 1), q * (q + 1)], [q + 1, q**2 + q], "two").status == "proved"


def test_exact_agreement_across_number_types():
    ok = exact_agreement([Fraction(1, 3), fmpq(2, 7), 5], [sympy.Rational(1, 3), sympy.Rational(2, 7), sympy.Integer(5)], "types")
    assert ok.status == "checked" and ok.data["compared"] == 3
    bad = exact_agreement([Fraction(1, 3), 1], [Fraction(1, 3), 2], "mismatch")
    assert bad.status == "failed" and bad.data["mismatches"][0]["index"] == 1
    assert exact_agreement(0.5, Fraction(1, 2), "float").status == "failed"
    assert exact_agreement([1, 2], [1], "lengths").status == "failed"


def test_certified_agreement_of_two_routes():
    # log 2 = 2 atanh(1/3): two different series, both certified
    ok = certified_agreement(sympy.log(2), 2 * sympy.atanh(sympy.Rational(1, 3)), 40, "log 2")
    assert ok.status == "checked" and ok.data["digits"] == 40
    route = Real(lambda p: arb(2).log())
    assert certified_agreement(route, sympy.log(2), 30, "ball vs sympy").status == "checked"
    # agreement to N digits, not equality: 10^-40 apart agree to 30 digits, 10^-20 apart do not
    assert certified_agreement(sympy.log(2), sympy.log(2) + sympy.Rational(1, 10**40), 30, "close").status == "checked"
    assert certified_agreement(sympy.log(2), sympy.log(2) + sympy.Rational(1, 10**20), 30, "apart").status == "failed"
    assert certified_agreement(sympy.log(2), sympy.log(3), 10, "far apart").status == "failed"


def test_inequality_on_box_evidence():
    ok = inequality_on_box(x**2 - 2*x + 1 + y, [(0, 2), (0, 1)], "square")
    assert ok.status == "proved" and ok.data["boxes"] >= 1
    bad = inequality_on_box(x - 1, [(0, 2)], "linear")
    assert bad.status == "failed" and "refuted" in bad.detail and bad.data["witness"]
    json.dumps(bad.to_json())


def test_inequality_on_box_needs_no_detail():
    """As with identity, the detail is optional: e^x ≥ 1 + x on [−1, 1] (tangent line of a convex
    function) is proved, and x ≥ 1/2 on [0, 1] refuted at a witness below 1/2."""
    ok = inequality_on_box(sympy.exp(x) - 1 - x, [(-1, 1)])
    assert ok.status == "proved" and ok.detail.startswith("interval branch and bound")
    bad = inequality_on_box(x - sympy.Rational(1, 2), [(0, 1)])
    assert bad.status == "failed" and sympy.Rational(bad.data["witness"][0]) < sympy.Rational(1, 2)


def test_erratum_statuses():
    corrected = identity(x + x, 2 * x, "corrected")
    witness = {"x": sympy.Rational(1, 2), "printed": 3, "true": fmpq(1, 4)}
    err = erratum(False, witness, corrected, "printed eq. 9 is off by a factor", corrected_statement="2x = x + x")
    assert err.status == "erratum" and err.data["witness"]["x"] == "1/2"
    json.dumps(err.to_json())
    assert erratum(True, witness, corrected, "holds").status == "failed"
    assert erratum(False, witness, identity(x, 2 * x, "wrong fix"), "bad fix").status == "failed"
    printed = exact_agreement(3, Fraction(1, 4), "printed value")
    assert erratum(printed, witness, corrected, "evidence for the printed side").status == "erratum"
    assert erratum(False, corrected, witness, "announced argument order").status == "erratum"


def test_combine_takes_the_weakest_status():
    proved = identity(x, x, "a")
    checked = exact_agreement(1, 1, "b")
    failed = exact_agreement(1, 2, "c")
    assert combine(proved, checked).status == "checked"
    assert combine(proved, proved).status == "proved"
    both = combine(proved, failed)
    assert both.status == "failed" and both.kind == "identity+exact"
    assert Evidence.from_json(both.to_json()) == both


def test_evidence_vocabulary_is_enforced():
    with pytest.raises(ValueError):
        Evidence("identity", "refuted", "", {})
    with pytest.raises(ValueError):
        Evidence("sampled", "checked", "", {})


# --------------------------------------------------------------------------------------------
# registry


def test_slug_and_default_ids():
    assert slug("Theorem 2 (eq. 5), k ≤ 6") == "theorem-2-eq-5-k-le-6"
    reg = Registry()
    from symdp.verify import registry as module
    module._active.append(reg)
    try:
        @claim(paper="tv-dp", label="Theorem 2 (eq. 5), k ≤ 6", statement="s")
        def a():
            return identity(1, 1, "")
        with pytest.raises(ParameterError, match="twice"):
            claim(paper="tv-dp", label="Theorem 2 (eq. 5), k ≤ 6", statement="s")(a)
        with pytest.raises(ParameterError, match="did you mean 'tv-dp'"):
            claim(paper="tvdp", label="Theorem 1", statement="s")
        with pytest.raises(ParameterError, match="lower case"):
            claim(paper="tv-dp", label="x", statement="s", id="Bad Id")
    finally:
        module._active.pop()
    assert list(reg.claims) == ["tv-dp:theorem-2-eq-5-k-le-6"]


CLAIMS = '''
import os, signal, time, sympy
from symdp.verify import claim, identity, exact_agreement, erratum
from _helpers import X

@claim(paper="tv-dp", label="Theorem 1", statement="x + x = 2x")
def t1():
    return identity(X + X, 2 * X, "sympy")

@claim(paper="tv-dp", label="Lemma 2", statement="two pieces")
def l2():
    return [identity(X, X, "a"), exact_agreement(1, 1, "b")]

@claim(paper="lmidp", label="Theorem 3", statement="raises")
def t3():
    raise ZeroDivisionError("boom")

@claim(paper="lmidp", label="Remark 1", statement="not evidence")
def r1():
    return 42

@claim(paper="egamma-ldp", label="Eq. 9", statement="printed wrong")
def e9():
    return erratum(False, {"x": 1}, identity(X, X, "fixed"), "typo", corrected_statement="x = x")
'''


@pytest.fixture
def proofs(tmp_path):
    folder = tmp_path / "proofs"
    folder.mkdir()
    (folder / "_helpers.py").write_text("import sympy\nX = sympy.Symbol('x')\n")
    (folder / "papers.py").write_text(CLAIMS)
    (folder / "broken.py").write_text("raise ImportError('missing dependency')\n")
    return folder


def test_load_claims_twice_and_record_broken_modules(proofs):
    first, second = load_claims(proofs), load_claims(proofs)
    assert len(first) == len(second) == 5
    assert [c.paper for c in second.select("lmidp")] == ["lmidp", "lmidp"]
    assert len(second.load_errors) == 1 and "missing dependency" in second.load_errors[0][1]
    with pytest.raises(ParameterError, match="folder"):
        load_claims(proofs / "nowhere")


def test_a_claim_module_calling_sys_exit_is_a_load_error_not_the_end_of_the_run(proofs):
    (proofs / "quits.py").write_text("import sys\nsys.exit(3)\n")
    (proofs / "zz_base.py").write_text("class Odd(BaseException):\n    pass\nraise Odd('odd')\n")
    for isolate in (True, False):
        registry = load_claims(proofs, isolate=isolate)
        assert len(registry) == 5  # the other modules still load
        errors = dict(registry.load_errors)
        assert errors[str(proofs / "quits.py")] == "SystemExit: 3"
        assert errors[str(proofs / "zz_base.py")] == "Odd: odd"
    (proofs / "zz_base.py").write_text("raise KeyboardInterrupt\n")
    with pytest.raises(KeyboardInterrupt):  # imported here, the user's interrupt still ends the run
        load_claims(proofs, isolate=False)
    # imported in a child, an interrupt raised by the module's code is the module's failure
    assert "KeyboardInterrupt" in dict(load_claims(proofs).load_errors)[str(proofs / "zz_base.py")]


def test_a_module_that_loops_exits_crashes_or_eats_memory_at_import_is_one_failed_entry(proofs, tmp_path):
    """Each module is imported in a child with the claims' limits: whatever it does at import ends
    as one load error naming the file and the cause, the other modules load, and `symdp verify`
    writes its report with one failed entry per broken module."""
    from symdp import limits
    from symdp.cli import main
    bad = {"loops.py": ("while True:\n    pass\n", "timed out after 3 s"),
           "exits.py": ("import os\nos._exit(3)\n", "exit code 3"),
           "segfaults.py": ("import os, signal\nos.kill(os.getpid(), signal.SIGSEGV)\n", "SIGSEGV"),
           "greedy.py": ("block = bytearray(1 << 30)\n", "MemoryError")}
    for name, (text, _) in bad.items():
        (proofs / name).write_text(text)
    with limits.raised(memory=256 << 20):
        registry = load_claims(proofs, timeout=3)
    assert len(registry) == 5 and [c.label for c in registry.select("tv-dp")] == ["Theorem 1", "Lemma 2"]
    errors = dict(registry.load_errors)
    for name, (_, cause) in bad.items():
        assert cause in errors[str(proofs / name)], (name, errors[str(proofs / name)])
    assert registry.select("tv-dp")[0].function().status == "proved"  # imported here only when called
    out = tmp_path / "out"
    with limits.raised(memory=256 << 20):
        assert main(["verify", str(proofs), "--out", str(out), "--timeout", "3"]) == 1
    claims = json.loads((out / "verify.json").read_text())["claims"]
    failed = {c["label"]: c["detail"] for c in claims if c["status"] == "failed"}
    for name, (_, cause) in bad.items():
        assert cause in failed[f"module {proofs / name}"]
    assert {c["label"] for c in claims if c["paper"] == "tv-dp"} == {"Theorem 1", "Lemma 2"}


def test_a_process_forked_after_a_run_starts_its_own_fork_server():
    """The fork server is the child of the process that started it: a process forked from that one
    (a test runner's worker, a user's os.fork) must not take it for its own (multiprocessing's
    waitpid on it failed with "No child processes"). Both processes run a child, before and after."""
    import os
    from symdp.verify import isolation
    assert isolation.run(bytes, (b"before",), 60) == (True, b"before")
    pid = os.fork()
    if pid == 0:  # the forked process: exit code 0 only if its own child answered
        try:
            os._exit(0 if isolation.run(bytes, (b"forked",), 60) == (True, b"forked") else 1)
        except BaseException:
            os._exit(2)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    assert isolation.run(bytes, (b"after",), 60) == (True, b"after")


def test_runner_isolates_every_claim(proofs, tmp_path):
    (proofs / "crash.py").write_text(
        "import os, signal, time\nfrom symdp.verify import claim\n"
        "@claim(paper='extremal-ldp', label='Theorem 4', statement='segfaults')\n"
        "def crash():\n    os.kill(os.getpid(), signal.SIGSEGV)\n"
        "@claim(paper='extremal-ldp', label='Theorem 5', statement='hangs')\n"
        "def hang():\n    time.sleep(30)\n")
    import io
    stream = io.StringIO()
    reports = {r.label: r for r in run_claims(load_claims(proofs), timeout=2, progress=stream)}
    assert reports["Theorem 1"].status == "proved"
    assert reports["Lemma 2"].status == "checked" and reports["Lemma 2"].evidence == "identity+exact"
    assert reports["Theorem 3"].status == "failed" and "ZeroDivisionError: boom" in reports["Theorem 3"].detail
    assert reports["Remark 1"].status == "failed" and "not Evidence" in reports["Remark 1"].detail
    assert reports["Eq. 9"].status == "erratum"
    assert reports["Theorem 4"].status == "failed" and "SIGSEGV" in reports["Theorem 4"].detail
    assert reports["Theorem 5"].status == "failed" and "timed out" in reports["Theorem 5"].detail
    lines = stream.getvalue().splitlines()
    assert len(lines) == 7 and lines[0].startswith("[1/7] tv-dp  Theorem 1 ... proved (")


def test_a_claim_beyond_the_memory_limit_fails_and_the_run_goes_on(tmp_path):
    """The child's address space is capped at its size plus ``limits.memory``: a claim asking for
    1 GiB under a 256 MiB limit ends as a failed claim naming the limit (no OOM kill), a claim
    within it still passes, and the caller's own memory is not capped."""
    import resource
    from symdp import limits
    (tmp_path / "greedy.py").write_text(
        "from symdp.verify import claim, exact_agreement\n"
        "@claim(paper='tv-dp', label='Greedy', statement='allocates 1 GiB')\n"
        "def greedy():\n    return exact_agreement(len(bytearray(1 << 30)), 1 << 30, 'size')\n"
        "@claim(paper='tv-dp', label='Modest', statement='allocates 16 MiB')\n"
        "def modest():\n    return exact_agreement(len(bytearray(1 << 24)), 1 << 24, 'size')\n")
    before = resource.getrlimit(resource.RLIMIT_AS)
    with limits.raised(memory=256 << 20):
        reports = {r.label: r for r in run_claims(load_claims(tmp_path), timeout=60, progress=False)}
    assert reports["Greedy"].status == "failed" and "MemoryError" in reports["Greedy"].detail
    assert "limit of 268435456 bytes" in reports["Greedy"].detail
    assert reports["Modest"].status == "checked"
    assert resource.getrlimit(resource.RLIMIT_AS) == before


report_strategy = st.builds(
    ClaimReport, st.sampled_from(["tv-dp", "lmidp"]), st.text(max_size=20), st.text(max_size=20), st.text(max_size=40),
    st.sampled_from(["proved", "checked", "erratum", "failed"]), st.sampled_from([None, "identity", "exact+certified"]),
    st.floats(0, 1e4, allow_nan=False), st.text(max_size=40),
    st.dictionaries(st.text(max_size=5), st.one_of(st.integers(-10, 10), st.text(max_size=5)), max_size=3))


@settings(max_examples=50, deadline=None)
@given(report_strategy)
def test_claim_report_round_trips_through_json(r):
    assert ClaimReport.from_json(json.loads(json.dumps(r.to_json()))) == r


def test_reports_json_markdown_and_files(proofs, tmp_path):
    reg = load_claims(proofs)
    reports = run_claims(reg, progress=False)
    obj = report.to_json(reports)
    assert set(obj) == {"claims", "summary"}
    assert {"paper", "label", "status", "evidence", "seconds", "detail"} <= set(obj["claims"][0])
    s = obj["summary"]
    assert s["total"] == 5 and s["proved"] + s["checked"] + s["erratum"] + s["failed"] == 5
    assert s["papers"]["lmidp"]["failed"] == 2 and "python-flint" in s["versions"]
    assert report.from_json(json.loads(json.dumps(obj))) == reports
    md = report.markdown(reports)
    assert "\n### Errata\n" in md and "fails at x = 1" in md and "x = x" in md
    written = report.write(reports, tmp_path / "out")
    assert {p.name for p in written} == {"verify.md", "verify.json", "tv-dp.md", "lmidp.md", "egamma-ldp.md",
                                         "index.html", "tv-dp.html", "lmidp.html", "egamma-ldp.html"}
    assert "Theorem 3" in report.table(reports)


# --------------------------------------------------------------------------------------------
# statement evidence, cross-checks and domains (establish), and how the report shows them


def test_establish_takes_the_status_of_the_statement_and_records_the_facts():
    from symdp.verify import cited, establish
    a = sympy.Symbol("a")
    proof = identity(a * 2, a + a, "2a = a + a")
    spot = exact_agreement(2, 2, "a spot check")
    ev = establish(proof, spot, domain="a ≤ 1", domain_relations=[a <= 1], uses=["tv-dp:theorem-1", cited("Jensen", "1906")],
                   prose_steps=["induction on k"])
    assert ev.status == "proved" and ev.data["domain"] == "a ≤ 1" and ev.data["domain_relations"]["text"] == ["a <= 1"]
    assert ev.data["uses"] == ["tv-dp:theorem-1", {"author": "Jensen", "result": "1906"}]
    assert ev.data["prose_steps"] == ["induction on k"] and "whole_domain" not in ev.data
    broken = establish(proof, exact_agreement(2, 3, "a wrong cross-check"), domain="every a")
    assert broken.status == "failed" and "cross-check failed" in broken.detail
    with pytest.raises(ParameterError):
        cited("", "Theorem 8")
    with pytest.raises(ParameterError):
        establish(proof, domain="x", domain_relations=[a <= sympy.Float(0.5)])
    with pytest.raises(ParameterError):
        establish(proof, domain="x", prose_steps="one string")


def test_erratum_kind_is_validated_and_recorded():
    corrected = identity(1, 1, "trivially")
    ev = erratum(False, {"x": 1}, corrected, "printed fails", kind="typo", reading="Q0 read as a row of Q*")
    assert ev.data["kind"] == "typo" and ev.data["reading"]
    with pytest.raises(ValueError):
        erratum(False, {"x": 1}, corrected, "printed fails", kind="cosmetic")


def _report(i: int, ev: Evidence, **stated) -> ClaimReport:
    stated.setdefault("quote_found", True)
    return ClaimReport("tv-dp", f"Theorem {i}", f"tv-dp:t{i}", "s", ev.status, ev.kind, 0.1, ev.detail, ev.data, **stated)


def _certified(detail: str = "the statement") -> Evidence:
    """Proved evidence whose goal carries a certificate of the same digest (docs/trust-chain.md),
    as the trust chain's evidence records it."""
    from symdp.verify.goals import goal
    g = goal(sympy.Symbol("x") ** 2 >= 0).to_json()
    return Evidence("decision", "proved", detail, {"goals": [g], "certificate": {"kind": "smtlib", "digest": g["digest"]}})


def _uncertified(ev: Evidence) -> Evidence:
    """`ev` with its certificates removed (its statement's too): goals the prover merely asserts."""
    strip = lambda d: {k: v for k, v in d.items() if k not in ("certificate", "certificates")}
    data = strip(ev.data)
    if "statement" in data:
        data["statement"] = {**data["statement"], "data": strip(data["statement"]["data"])}
    return Evidence(ev.kind, ev.status, ev.detail, data)


def _domain(*items) -> list:
    from symdp.verify import domains
    return domains.to_json(domains.items(list(items)))


def test_report_separates_statement_from_cross_checks_and_grades_proofs():
    from symdp.verify import establish
    x = sympy.Symbol("x", real=True)
    proof = _certified()
    every_x = dict(stated_domain="all x", domain=_domain())
    reps = [
        _report(1, establish(proof, exact_agreement(1, 1, "library"), domain=[]), **every_x),
        _report(2, establish(proof, exact_agreement(1, 1, "library"), domain=[x <= 1]), **every_x),
        # words on both sides decide nothing, equal or not
        _report(3, establish(proof, domain="all x", stated_domain="all x")),
        ClaimReport("tv-dp", "Theorem 9", "tv-dp:t9", "s", "checked", "exact", 0.1, "legacy", {}),
        # the quote not found: not tied to the paper's words, whatever else holds
        _report(5, establish(proof, domain=[]), quote_found=False, **every_x),
        # a goal without a certificate: the prover's word alone (identities carry certificates now, and
        # the prover refuses to return such evidence: a report from before, or edited)
        _report(6, _uncertified(establish(proof, domain=[])), **every_x),
    ]
    assert [report.coverage(r) for r in reps] == ["whole", "restricted", "unrecorded", "unrecorded", "whole", "whole"]
    assert [r.proof_status for r in reps] == ["machine-complete", "restricted", "domain not recorded", "checked",
                                              "not tied", "proved given"]
    assert [r.domain_decided_by for r in reps] == ["exact", "z3", None, None, "exact", "exact"]
    assert "goals without a certificate" in " ".join(reps[5].proof_notes)
    line = report.summary_line("tv-dp", reps)
    assert line.startswith("tv-dp: 1 machine-complete, 1 proved given cited results or checked claims | "
                           "0 proved with prose steps | 1 restricted, 1 proved, domain not recorded, 1 proved, quote "
                           "not found | 1 checked, 0 errata")
    assert report.headline(reps) == ("6 claims: 1 machine-complete, 1 proved given; 0 proved with prose; 1 restricted, "
                                     "1 domain not recorded, 1 not tied; 1 checked, 0 errata, 0 failed")
    s = report.summary(reps)
    assert s["proved_whole"] == 3 and s["papers"]["tv-dp"]["proved_restricted"] == 2
    assert s["machine-complete"] == 1 and s["papers"]["tv-dp"]["restricted"] == 1 and s["not tied"] == 1
    md = report.markdown(reps)
    assert "*Statement evidence* (decision, proved)" in md and "- cross-check (exact, checked): library" in md
    assert "restricted to x ≤ 1 (stated: all x)" in md and line in md
    assert "cross-checks" in report.table(reps) and line in report.table(reps)
    assert "- `∀ x ∈ ℝ: x^2 ≥ 0` — certified (smtlib)" in md  # the goal beside the paper's words
    assert "not tied" in md and "(restricted, decided by z3)" in md


def test_whole_stated_domain_is_decided_from_relations():
    from symdp.verify import establish
    e, d = sympy.symbols("epsilon delta", real=True)
    proof = _certified()
    paper = dict(stated_domain="ε > 0, 0 ≤ δ < 1", stated_where="Theorem 1, p. 3", domain=_domain(e > 0, d >= 0, d < 1))
    # different words, but z3 shows the proved domain contains the stated one
    wide = _report(1, establish(proof, domain="ε ≥ 0 and δ ≤ 1", domain_relations=[e >= 0, d <= 1]), **paper)
    assert wide.coverage == "whole" and wide.proof_status == "machine-complete", wide.proof_notes
    assert wide.domain_decided_by == "z3"
    # the same items: decided without a solver
    same = _report(9, establish(proof, domain=[d < 1, e > 0]), **paper)
    assert same.coverage == "whole" and same.domain_decided_by == "exact"
    # same words are not enough when relations say otherwise: ε ≤ 1 misses ε = 2 of the stated domain
    narrow = _report(2, establish(proof, domain="ε > 0, 0 ≤ δ < 1", domain_relations=[e > 0, e <= 1, d >= 0, d < 1]),
                     **paper)
    assert narrow.coverage == "restricted" and narrow.proof_status == "restricted" and "z3" in narrow.proof_notes[0]
    assert narrow.domain_decided_by == "z3"
    # a denominator: ε/(ε − 1) ≥ 0 holds for ε > 1 only (undefined at 1, negative in (0, 1))
    pole = _report(3, establish(proof, domain=[e / (e - 1) >= 0]), **paper)
    assert pole.coverage == "restricted"
    # the symbols' assumptions join each side: a positive ε carries ε > 0 unwritten
    p = sympy.Symbol("epsilon", positive=True)
    implicit = _report(4, establish(proof, domain=[p <= 1]), stated_domain="ε > 0", domain=_domain(e > 0))
    assert implicit.coverage == "restricted"
    typed = _report(5, establish(proof, domain=[e > 0, e <= 1]), stated_domain="0 < ε ≤ 1", domain=_domain(p <= 1))
    assert typed.coverage == "whole"
    # a paper domain in relations needs the proof's: the words alone do not decide it
    words = _report(6, establish(proof, domain="ε > 0, 0 ≤ δ < 1"), **paper)
    assert words.coverage == "unrecorded" and words.proof_status == "domain not recorded"
    with pytest.raises(ParameterError, match="evaluates to True"):
        establish(proof, domain="ε > 0", domain_relations=[p > 0])
    # relations z3 cannot read leave the question undecided, and a report file's domain is read
    # without eval
    odd = _report(7, establish(proof, domain=[sympy.sin(e) >= 0]), **paper)
    assert odd.coverage == "restricted" and "undecided" in odd.proof_notes[0] and odd.domain_decided_by is None
    crafted = dict(paper, domain=[{"kind": "relation", "srepr": "__import__('os').getcwd()", "text": "x"}])
    bad = _report(8, establish(proof, domain=[e > 0]), **crafted)
    assert bad.proof_status == "domain not recorded" and "unreadable" in bad.proof_notes[0]
    # an empty paper domain (its relations contradict) implies everything: it decides nothing
    empty = _report(10, establish(proof, domain=[e > 5]), stated_domain="ε > 1 and ε < 0",
                    domain=_domain(e > 1, e < 0))
    assert empty.coverage == "restricted" and "empty" in empty.proof_notes[0]
    # the older stated_relations of a report still count as the paper's domain
    old = _report(11, establish(proof, domain=[e >= 0]), stated_relations=relations_json([e > 0]))
    assert old.coverage == "whole" and old.domain[0]["kind"] == "relation"


def test_uses_and_prose_steps_grade_a_proof_and_propagate():
    from symdp.verify import cited, establish
    from symdp.verify.status import propagate
    proof = _certified("s")
    whole = dict(stated_domain="all x", domain=[])
    base = _report(1, establish(proof, domain=[]), **whole)
    checked = ClaimReport("tv-dp", "Theorem 2", "tv-dp:t2", "s", "checked", "exact", 0.1, "", {}, **whole)
    given = _report(3, establish(proof, domain=[], uses=[cited("Kairouz–Oh–Viswanath", "Theorem 8")]), **whole)
    prose = _report(4, establish(proof, domain=[], prose_steps=["Jensen on eigenvalues"]), **whole)
    on_checked = _report(5, establish(proof, domain=[], uses=["tv-dp:t2"]), **whole)
    on_prose = _report(6, establish(proof, domain=[], uses=["tv-dp:t4", "tv-dp:t1"]), **whole)
    on_complete = _report(7, establish(proof, domain=[], uses=["tv-dp:t1"]), **whole)
    on_missing = _report(8, establish(proof, domain=[], uses=["tv-dp:nowhere"]), **whole)
    cycle = [_report(9, establish(proof, domain=[], uses=["tv-dp:t10"]), **whole),
             _report(10, establish(proof, domain=[], uses=["tv-dp:t9"]), **whole)]
    # prose does not hide what a proof rests on: through t5, t11 rests on the checked t2 (and the erratum t12)
    erratum_ev = erratum(False, {"x": 1}, identity(1, 1, "fixed"), "printed wrong", kind="typo")
    printed = ClaimReport("tv-dp", "Eq. 12", "tv-dp:t12", "s", "erratum", "erratum", 0.1, "", erratum_ev.data, **whole)
    deep = _report(11, establish(proof, domain=[], prose_steps=["sum over outcomes"], uses=["tv-dp:t5", "tv-dp:t12"]),
                   **whole)
    reps = propagate([base, checked, given, prose, on_checked, on_prose, on_complete, on_missing, *cycle, printed, deep])
    assert [r.proof_status for r in reps] == ["machine-complete", "checked", "proved given", "proved with prose",
                                              "proved given", "proved with prose", "machine-complete", "proved given",
                                              "proved given", "proved given", "erratum", "proved with prose"]
    assert [r.weak_uses for r in reps] == [[], [], [], [], ["tv-dp:t2"], [], [], [], [], [], [],
                                           ["tv-dp:t12", "tv-dp:t2"]]
    assert any("Kairouz–Oh–Viswanath, Theorem 8" in n for n in reps[2].proof_notes)
    assert "uses tv-dp:t2 (checked)" in reps[4].proof_notes
    assert propagate(reps) == reps  # grading is idempotent
    obj = json.loads(json.dumps(report.to_json(reps), ensure_ascii=False))
    assert report.from_json(obj) == reps
    claim_json = obj["claims"][2]
    assert claim_json["uses"] == [{"author": "Kairouz–Oh–Viswanath", "result": "Theorem 8"}]
    assert claim_json["proof_status"] == "proved given" and claim_json["stated_domain"] == "all x"
    assert [s["kind"] for s in claim_json["steps"]] == ["machine", "cited"]
    assert obj["claims"][-1]["weak_uses"] == ["tv-dp:t12", "tv-dp:t2"]
    md = report.markdown(reps)
    assert "*Steps in prose:* Jensen on eigenvalues." in md and "*Uses:* Kairouz–Oh–Viswanath, Theorem 8." in md
    assert "rests on claims that are only checked or errata: `tv-dp:t12`, `tv-dp:t2`." in md
    assert "1. machine: ∀ x ∈ ℝ: x^2 ≥ 0\n2. prose: sum over outcomes" in md


def test_markdown_prints_no_escaped_pipes_outside_tables_and_no_erratum_by_erratum():
    from symdp.verify import establish
    ev = erratum(False, {"x": 1}, identity(1, 1, "fixed"), "|t| printed as t", kind="typo")
    reps = [ClaimReport("tv-dp", "Eq. (3) |x|", "tv-dp:e", "|t| = 2t₊ − t", ev.status, ev.kind, 0.1, ev.detail, ev.data),
            _report(2, establish(_certified("|t| = 2t₊ − t"), domain=[]), stated_domain="all t", domain=[],
                    quote="|t| = 2t₊ − t for every real t, as the paper writes", quote_note="found verbatim in x.txt")]
    md = report.markdown(reps)
    table_rows = [ln for ln in md.splitlines() if ln.startswith("|")]
    prose = [ln for ln in md.splitlines() if not ln.startswith("|")]
    assert not any("\\|" in ln for ln in prose), [ln for ln in prose if "\\|" in ln]
    assert any("Eq. (3) \\|x\\|" in ln for ln in table_rows)
    assert "by erratum" not in md and "*Status:* **erratum** (typo)" in md
    assert "*Status:* **machine-complete** by decision" in md
    assert "> |t| = 2t₊ − t for every real t, as the paper writes" in md


def test_claim_records_the_papers_domain():
    from symdp.verify import LDPChannel, Integer, establish
    registry = Registry()
    from symdp.verify.registry import _registering_into
    e = sympy.Symbol("epsilon")
    with _registering_into(registry):
        @claim("tv-dp", "Theorem 77", "s", stated_domain="ε > 0", stated_where="Theorem 77, p. 5",
               stated_relations=[e > 0])
        def theorem_77():
            return establish(identity(e, e, "s"), domain="ε ≥ 0", domain_relations=[e >= 0])

        @claim("tv-dp", "Theorem 79", "s", domain=[e > 0, LDPChannel("K", e, k="k", l=2), Integer("k", 2)],
               stated_domain="every ε-LDP channel K on k ≥ 2 inputs and 2 outputs")
        def theorem_79():
            return establish(_certified(), domain=[e >= 0, LDPChannel("K", e, k="k", l=2), Integer("k", 1)])
    spec = registry.claims["tv-dp:theorem-77"]
    assert spec.stated_where == "Theorem 77, p. 5" and spec.stated_relations == (e > 0,) and spec.domain == (e > 0,)
    (r,) = run_claims([spec], isolate=False, progress=False)
    assert r.stated_domain == "ε > 0" and r.stated_relations["text"] == ["epsilon > 0"]
    assert r.coverage == "whole" and r.proof_status == "not tied" and r.domain_decided_by == "z3"
    assert r.detail == "s [whole stated domain: ε ≥ 0 (stated: ε > 0, Theorem 77, p. 5)]"
    (t,) = run_claims([registry.claims["tv-dp:theorem-79"]], isolate=False, progress=False)
    assert t.coverage == "whole" and t.domain_decided_by == "structural", t.proof_notes
    assert [i["kind"] for i in t.domain] == ["relation", "ldp_channel", "integer"]
    for bad in (dict(stated_domain=" "), dict(stated_relations=[e > sympy.Float(0.5)]), dict(stated_relations=["e > 0"]),
                dict(domain=["ε > 0"]), dict(domain="ε > 0", stated_domain="ε > 0"), dict(domain=[e > 0, 3])):
        with pytest.raises(ParameterError):
            claim("tv-dp", "Theorem 78", "s", **bad)
    for bad_item in (lambda: LDPChannel("K", 0.5), lambda: LDPChannel("K", e, k=0), lambda: LDPChannel("", e),
                     lambda: Integer("k", lo="1 + x")):
        with pytest.raises(ParameterError):
            bad_item()


def test_box_prover_survives_enclosures_without_affordable_endpoints():
    """e^(ε e^ε/(e^ε − 1)) on a wide box once made FLINT segfault converting a ball with a huge
    exponent to a rational; now the sub-box is subdivided and the search reports where it stalled."""
    import subprocess
    import sys
    code = ("from sympy import Symbol, exp, Rational\n"
            "from symdp.verify import inequality_on_box\n"
            "E = Symbol('epsilon', positive=True); e = exp(E); z = (exp(E*e/(e-1) - 1) - 1)/(e - 1)\n"
            "ev = inequality_on_box(Rational(1, 2) - z, [(Rational(1, 20), Rational(20))], 'z', max_boxes=300)\n"
            "print(ev.status)\n")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-500:]
    assert run.stdout.strip() == "failed"


def test_a_claim_child_does_not_inherit_a_lock_held_by_another_thread(tmp_path):
    """A lock held by another thread of the caller at the moment a claim's child starts is never
    released in a forked copy (the known cause of hanging children); the runner's children come
    from a single-threaded server and re-import the claim's module, so the claim runs."""
    (tmp_path / "locked.py").write_text(
        "import threading\nfrom symdp.verify import claim, identity\nLOCK = threading.Lock()\n"
        "@claim(paper='lmidp', label='Theorem 1', statement='takes the lock')\n"
        "def takes_the_lock():\n    with LOCK:\n        return identity(1, 1, 'one')\n")
    import sys
    import threading
    registry = load_claims(tmp_path, isolate=False)  # imported here, so that this process holds the module's lock
    lock = sys.modules["symdp_claims_locked"].LOCK
    held, release = threading.Event(), threading.Event()

    def hold():
        with lock:
            held.set()
            release.wait()
    thread = threading.Thread(target=hold)
    thread.start()
    try:
        held.wait()
        (report,) = run_claims(registry, timeout=30, progress=False)
    finally:
        release.set()
        thread.join()
    assert report.status == "proved", report.detail


def test_a_script_without_a_main_guard_runs_once(tmp_path):
    """multiprocessing re-runs the caller's main script in a forkserver child unless it is hidden;
    a script calling run_claims at top level (no ``if __name__ == "__main__"``) runs once."""
    import subprocess
    import sys
    from pathlib import Path
    (tmp_path / "claims").mkdir()
    (tmp_path / "claims" / "one.py").write_text(
        "from symdp.verify import claim, identity\n"
        "@claim(paper='lmidp', label='Theorem 1', statement='one')\ndef one():\n    return identity(1, 1, 'one')\n")
    script = tmp_path / "script.py"
    script.write_text("from symdp.verify import load_claims, run_claims\nprint('top level')\n"
                      f"print(run_claims(load_claims({str(tmp_path / 'claims')!r}), progress=False)[0].status)\n")
    root = str(Path(__file__).resolve().parents[1])
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=300,
                         env={"PYTHONPATH": root, "PATH": "/usr/bin:/bin"})
    assert out.stdout.split() == ["top", "level", "proved"], out.stdout + out.stderr[-500:]


class _Terminal:
    """A stream that says it is a terminal."""

    def __init__(self):
        import io
        self.buffer = io.StringIO()

    def write(self, text):
        return self.buffer.write(text)

    def flush(self):
        pass

    def isatty(self):
        return True


def test_a_terminal_is_told_how_long_and_what_is_left(proofs, tmp_path, monkeypatch, capsys):
    """Before the run a terminal sees how many claims, about how long (the last report's times, else an
    average per claim) and that --paper runs one paper; each progress line then says about how long the
    rest takes. A stream that is not a terminal gets the progress lines and nothing more."""
    import io
    from symdp.cli import main
    from symdp.verify.runner import SECONDS_PER_CLAIM, duration, expected_seconds
    registry = load_claims(proofs)
    specs = registry.select()
    assert expected_seconds(specs, {}) == {s.id: SECONDS_PER_CLAIM for s in specs}
    known = {specs[0].id: 4.0, specs[1].id: 2.0}
    assert list(expected_seconds(specs, known).values()) == [4.0, 2.0, 3.0, 3.0, 3.0]  # the others: the mean
    assert [duration(s) for s in (0.4, 40, 89, 200, 3600 + 300)] == ["0 s", "40 s", "89 s", "3 min", "1 h 5 min"]
    terminal, plain = _Terminal(), io.StringIO()
    run_claims(specs, progress=terminal, expected=known)
    run_claims(specs, progress=plain, expected=known)
    lines = terminal.buffer.getvalue().splitlines()
    assert all("left)" in ln for ln in lines[:-1]) and "left" not in lines[-1], lines
    assert "left" not in plain.getvalue() and len(plain.getvalue().splitlines()) == 5
    out = tmp_path / "out"
    assert main(["verify", str(proofs), "--out", str(out)]) == 1  # two claims fail on purpose
    assert "symdp verify:" not in capsys.readouterr().err  # not a terminal: no plan line, no estimate
    monkeypatch.setattr("sys.stderr", _Terminal())
    assert main(["verify", str(proofs), "--out", str(out)]) == 1
    told = __import__("sys").stderr.buffer.getvalue().splitlines()
    assert told[1].startswith("symdp verify: 5 claims, about ") and f"times in {out / 'verify.json'}" in told[1]
    assert told[1].endswith("--paper KEY runs one paper (tv-dp, lmidp, egamma-ldp)")
    assert main(["verify", str(proofs), "--out", str(tmp_path / "fresh"), "--paper", "tv-dp"]) == 1  # broken.py
    told = __import__("sys").stderr.buffer.getvalue().splitlines()
    plan = [ln for ln in told if ln.startswith("symdp verify: 2 claims")]
    assert plan and "average per claim" in plan[0] and "--paper" not in plan[0]


def test_a_restricted_claim_used_only_through_its_certified_goals_does_not_weaken_the_user():
    """A used claim graded restricted (its goals do not cover its paper's domain) whose certified goal the user takes
    as a kernel lemma premise, and nothing else: its goal is true wherever its hypotheses hold, so the user stays
    machine-complete. Any other use weakens the user as before: no lemma premise (the use is in words), a premise
    naming a goal the used claim does not certify, prose or a cited result in either claim, or a used claim that
    itself rests on a claim that is not machine-complete."""
    from dataclasses import replace

    from symdp.verify import cited, establish
    from symdp.verify.status import propagate
    proof = _certified("s")
    whole = dict(stated_domain="all x", domain=[])
    base = _report(1, establish(proof, domain=[]), **whole)
    used = replace(base, id="tv-dp:u", proof_status="restricted", goals=[{"digest": "sha256:aa", "certified": True},
                                                                          {"digest": "sha256:bb", "certified": False}])

    def user(digest="sha256:aa", **kw):
        step = {"kind": "rule", "rule": "apply", "premises": [{"digest": digest, "claim": "tv-dp:u"}]}
        kw = {"uses": ["tv-dp:u"], **kw}
        return replace(base, id="tv-dp:r", data={"statement": {"data": {"certificate": step}}}, **kw)

    def graded(*reports):
        return {r.id: r.proof_status for r in propagate(list(reports))}["tv-dp:r"]

    assert graded(used, user()) == "machine-complete"
    assert graded(used, replace(user(), data={})) == "proved given"
    assert graded(used, user("sha256:bb")) == "proved given"
    assert graded(used, user(prose_steps=["summed in words"])) == "proved given"
    assert graded(used, user(uses=["tv-dp:u", cited("Someone", "Lemma 1")])) == "proved given"
    assert graded(replace(used, prose_steps=["in words"]), user()) == "proved given"
    checked = ClaimReport("tv-dp", "Theorem 2", "tv-dp:t2", "s", "checked", "exact", 0.1, "", {}, **whole)
    assert graded(replace(used, uses=["tv-dp:t2"]), checked, user()) == "proved given"
    assert graded(replace(used, proof_status="domain not recorded"), user()) == "proved given"
