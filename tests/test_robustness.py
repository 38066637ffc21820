"""Regression tests for the inputs that used to kill the interpreter, run without bound or print
tracebacks (issue: "no input crashes the interpreter"). Each runs in a forked child with a memory
cap (tests/sandbox.py), so a regression is a failing test, not a dead run. Values are checked
against mpmath at high precision (an independent implementation of erfc, exp and binomials)."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import mpmath
import numpy as np
import pytest
import sympy

import symdp
from symdp import limits
from symdp.cli import main
from symdp.errors import ResourceLimitError, SymdpError
from symdp.evaluator import evaluate
from symdp.numbers import Real, certify
from sandbox import run_case, run_cases

ROOT = Path(__file__).resolve().parent.parent


def _cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


def _inside(c, value: mpmath.mpf) -> bool:
    """The mpmath value lies in the certified bracket [c.lower, c.upper] (parsed at full length)."""
    with mpmath.workdps(len(c.lower) + len(c.upper) + 10):
        return mpmath.mpf(c.lower) <= value <= mpmath.mpf(c.upper)


def _gaussian_delta_mpmath(sigma, eps, dps: int) -> mpmath.mpf:
    """Balle–Wang's δ(ε) = Φ(1/(2σ) − εσ) − e^ε Φ(−1/(2σ) − εσ) in mpmath (erfc, exponent range
    unbounded) at `dps` digits."""
    with mpmath.workdps(dps):
        s, e = mpmath.mpf(sigma), mpmath.mpf(eps)
        phi = lambda x: mpmath.erfc(-x / mpmath.sqrt(2)) / 2
        return phi(1 / (2 * s) - e * s) - mpmath.exp(e) * phi(-1 / (2 * s) - e * s)


# --------------------------------------------------------------------------------------------
# Crashes in native code: now values, checked against mpmath


@pytest.mark.parametrize("expr, sigma, eps, dps", [
    ("gaussian(10**6).delta(1)", 10 ** 6, 1, 80),      # was: segfault
    ("gaussian(1e7).delta(1)", 10 ** 7, 1, 90),        # was: GMP asks for 14.6 GB
    ("gaussian(1e10).delta(1)", 10 ** 10, 1, 110),     # was: FLINT abort in arf_get_fmpq
    ("gaussian(1).delta(1e20)", 1, 10 ** 20, 110),     # was: FLINT abort
])
def test_extreme_gaussian_deltas_are_certified_and_agree_with_mpmath(expr, sigma, eps, dps):
    outcome = run_case(lambda: certify(evaluate(expr), 20))
    assert outcome.kind == "ok", outcome
    c = certify(evaluate(expr), 20)
    assert _inside(c, _gaussian_delta_mpmath(sigma, eps, dps))
    assert mpmath.mpf(c.lower) > 0


def test_huge_exponentials_print_with_their_exponent():
    """exp(10**20) (was: OverflowError traceback in Decimal) and exp(10**1000) (was: FLINT abort)."""
    outcomes = run_cases([lambda: certify(evaluate("exp(10**20)"), 25).decimal,
                          lambda: certify(evaluate("exp(10**1000)"), 12).decimal])
    assert [o.kind for o in outcomes] == ["ok", "ok"], outcomes
    for text, n, digits in ((certify(evaluate("exp(10**20)"), 25).decimal, 10 ** 20, 25),
                            (certify(evaluate("exp(10**1000)"), 12).decimal, 10 ** 1000, 12)):
        with mpmath.workdps(len(str(n)) + digits + 20):
            reference = mpmath.nstr(mpmath.exp(mpmath.mpf(n)), digits, min_fixed=1, max_fixed=0)
        mantissa, exponent = text.split("e+")
        ref_mantissa, ref_exponent = reference.split("e+")
        assert exponent == ref_exponent
        assert abs(mpmath.mpf(mantissa) - mpmath.mpf(ref_mantissa)) <= mpmath.mpf(10) ** (1 - digits)


def test_tiny_zcdp_delta_is_below_the_simple_bound():
    """zcdp(1e-300).delta(1) (was: FLINT abort): certified, positive, and below Bun–Steinke's
    exp(−(ε − ρ)²/(4ρ)), whose base-10 exponent mpmath gives directly."""
    outcome = run_case(lambda: certify(symdp.zcdp(1e-300).delta(1), 10))
    assert outcome.kind == "ok", outcome
    c = certify(symdp.zcdp(1e-300).delta(1), 10)
    with mpmath.workdps(400):
        rho = mpmath.mpf(10) ** -300
        log10_bound = -(1 - rho) ** 2 / (4 * rho) / mpmath.log(10)
        assert 0 < mpmath.mpf(c.lower) and mpmath.log10(mpmath.mpf(c.upper)) <= log10_bound


def test_binomial_of_a_million_is_fast_and_exact():
    outcome = run_case(lambda: certify(evaluate("binomial(10**6, 5*10**5)"), 20).decimal, timeout=60)
    assert outcome.kind == "ok", outcome
    with mpmath.workdps(40):
        reference = mpmath.binomial(10 ** 6, 5 * 10 ** 5)
    c = certify(evaluate("binomial(10**6, 5*10**5)"), 20)
    assert _inside(c, reference)


# --------------------------------------------------------------------------------------------
# Unbounded computations: refused before the memory is asked for


@pytest.mark.parametrize("expr, limit", [
    ("((randomized_response(log(2))**10000)**10000).delta(1)", "lattice_points"),   # was: 6 GB, GMP abort
    ("((laplace(1/10)**10000)**10).delta(1)", "composition_terms"),                # k = 10⁵: 10⁷ terms
    ("((dominating(1, 1/3)**10000)**1000).delta(1)", "lattice_points"),
    ("binomial(10**7, 10)", "binomial_n"),
])
def test_budgets_refuse_before_allocating(expr, limit):
    outcome = run_case(lambda: certify(evaluate(expr), 10), timeout=60)
    assert outcome.kind == "refused" and "ResourceLimitError" in outcome.detail, outcome
    assert limit in outcome.detail and "symdp.limits.set" in outcome.detail


def test_a_raised_budget_lets_the_computation_through():
    pair = symdp.randomized_response(sympy.log(2)) ** 300
    with limits.raised(lattice_points=100):
        with pytest.raises(ResourceLimitError, match="lattice_points"):
            certify(pair.delta(1), 10)
    assert limits.get("lattice_points") == limits.DEFAULTS["lattice_points"]
    # The same value, once allowed, agrees with the brute-force binomial sum (k-fold RR at
    # ε₀ = log 2 has P(LR = 2^(k−2j)) = C(k, j) 2^(k−j) / 3^k).
    k, total = 300, mpmath.mpf(0)
    with mpmath.workdps(60):
        for j in range(k + 1):
            lr = mpmath.mpf(2) ** (k - 2 * j)
            if lr > mpmath.e:
                total += mpmath.binomial(k, j) * (mpmath.mpf(2) ** (k - j) - mpmath.e * mpmath.mpf(2) ** j) / mpmath.mpf(3) ** k
        assert _inside(certify(pair.delta(1), 30), total)


def test_limits_api_validates_names_and_values():
    with pytest.raises(KeyError, match="unknown limit"):
        limits.get("lattice_pionts")
    with pytest.raises(ValueError):
        limits.set(max_prec=0)
    with pytest.raises(ResourceLimitError, match="the widget needs 11 points, beyond the limit lattice_points = 10"):
        with limits.raised(lattice_points=10):
            limits.check_size(11, "the widget")
    limits.check_size(10 ** 6, "a small thing")  # within the default
    assert issubclass(ResourceLimitError, SymdpError)


def test_progress_is_reported_during_a_long_sum():
    seen: list[tuple[int, int]] = []
    with limits.progress(lambda done, total: seen.append((done, total))):
        certify((symdp.laplace(sympy.Rational(1, 10)) ** 200).delta(1), 10)
    assert seen and seen[-1][0] == seen[-1][1] and [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_nesting_is_bounded():
    deep = "exp(" * 120 + "1" + ")" * 120
    code, _, err = _cli("eval", deep)
    assert code == 2 and "expression_depth" in err and err.count("\n") == 1
    outcome = run_case(lambda: certify(evaluate("exp(" * 40 + "1" + ")" * 40), 10), timeout=60)
    assert outcome.kind == "refused", outcome  # a tower too large to evaluate: refused, not hung


# --------------------------------------------------------------------------------------------
# One-line errors and CLI input


def test_digits_up_to_the_cap_work():
    code, out, _ = _cli("eval", "1/3", "--digits", "5000")
    assert code == 0 and out.strip() == "0." + "3" * 5000
    code, out, _ = _cli("eval", "exp(1)", "--digits", "4400")
    with mpmath.workdps(4420):
        assert out.strip()[:4300] == mpmath.nstr(mpmath.e, 4400)[:4300]


@pytest.mark.parametrize("argv, code, needle", [
    (["eval", "-log(1/2)"], 0, "0.693147180559945309417232121458"),
    (["eval", "--json", "-1/3"], 0, '"exact": "-1/3"'),
    (["tables", "check", "--sample", "-1"], 2, "--sample must be an integer"),
    (["tables", "check", "--sample", "10**30"], 2, "--sample must be an integer"),
    (["tables", "check", "gausian_delta"], 2, "did you mean 'gaussian_delta'"),
    (["verify", "--paper", "tv_dp"], 2, "paper must be one of"),
    (["eval", "Real(gaussian)"], 2, "must return a number"),
    (["eval", "Real(3)"], 2, "Real needs a ball function"),
    (["eval", "1/3", "--digits", "5001"], 2, "--digits must be an integer in [1, 5000]"),
    (["eval", "gaussian(1).delta(-1)"], 2, "eps must be ≥ 0"),
    (["eval", "laplace(1).eps.func"], 2, "attribute 'func' is not allowed"),
])
def test_cli_answers_or_refuses_on_one_line(argv, code, needle):
    got, out, err = _cli(*argv)
    assert got == code and needle in (out if code == 0 else err)
    if code:
        assert err.count("\n") == 1 and err.startswith("symdp: error: ")


def test_numpy_scalars_are_python_numbers():
    assert symdp.laplace(np.float64(0.5)).eps == sympy.Rational(1, 2)
    assert symdp.laplace(np.float32(0.1)).eps == sympy.Rational(1, 10)
    assert symdp.randomized_response(1, np.int64(3)).p == symdp.randomized_response(1, 3).p
    with pytest.raises(symdp.ParameterError, match="eps must be finite"):
        symdp.laplace(np.float64("nan"))


def test_real_of_a_non_function_is_a_parameter_error():
    for bad in (symdp.gaussian(1), 3, None):
        with pytest.raises(symdp.ParameterError, match="Real needs a ball function"):
            Real(bad)
    with pytest.raises(symdp.ParameterError, match="must return a number"):
        Real(symdp.gaussian).ball(64)
    with pytest.raises(symdp.ParameterError):
        Real(lambda prec: "x").ball(64)


def test_internal_messages_name_the_input():
    with pytest.raises(SymdpError) as info:
        certify(evaluate("exp(-exp(exp(exp(10))))"), 10)
    assert "max_prec" in str(info.value) and "\n" not in str(info.value)


def test_staircase_stays_the_constructor_after_its_module_is_imported():
    import importlib
    importlib.import_module("symdp.central.staircase")
    assert callable(symdp.staircase) and not isinstance(symdp.staircase, type(sys))
    assert evaluate("staircase(1, 1/2).tv()") == symdp.staircase(1, sympy.Rational(1, 2)).tv()


def test_a_crash_in_a_child_is_reported_without_fatal_python_error():
    """The sandbox itself: a deliberate segfault is a `crash` outcome, the batch goes on, and no
    "Fatal Python error" reaches the output (faulthandler is off in the child)."""
    code = ("import sys; sys.path.insert(0, 'tests'); import faulthandler, os, signal; faulthandler.enable();"
            "from sandbox import run_cases;"
            "print([o.kind for o in run_cases([lambda: 1, lambda: os.kill(os.getpid(), signal.SIGSEGV), lambda: 2])])")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert done.stdout.strip() == "['ok', 'crash', 'ok']", done.stderr
    assert "Fatal Python error" not in done.stderr + done.stdout


def test_a_crashing_claim_does_not_print_fatal_python_error(tmp_path):
    """`symdp verify` runs each claim in a child; a segfaulting claim is a failed report, and the
    child's faulthandler stays silent. Run under `python -X faulthandler`, the one way it reaches
    the forkserver's children (a parent's faulthandler.enable(), as pytest's, does not)."""
    proofs = tmp_path / "proofs"
    proofs.mkdir()
    (proofs / "crash.py").write_text(
        "import os, signal\nfrom symdp.verify import claim\n"
        "@claim(paper='extremal-ldp', label='Theorem 4', statement='segfaults')\n"
        "def crash():\n    os.kill(os.getpid(), signal.SIGSEGV)\n")
    code = ("import faulthandler, sys; faulthandler.enable();"
            "from symdp.verify import load_claims, run_claims;"
            f"r = run_claims(load_claims({str(proofs)!r}), timeout=60, progress=None);"
            "print(r[0].status, r[0].detail)")
    done = subprocess.run([sys.executable, "-X", "faulthandler", "-c", code], cwd=ROOT, capture_output=True, text=True,
                          timeout=180, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert done.stdout.startswith("failed") and "SIGSEGV" in done.stdout, done.stderr
    assert "Fatal Python error" not in done.stderr + done.stdout


def test_renyi_of_huge_order_is_certified():
    """D_α for α = 10³⁰ (x^α exactly would have 10³⁰ bits): certified, against mpmath."""
    from fractions import Fraction
    pair = symdp.FinitePair([Fraction(1, 3), Fraction(2, 3)], [Fraction(1, 2), Fraction(1, 2)])
    c = certify(pair.renyi(10 ** 30), 25)
    with mpmath.workdps(60):
        a = mpmath.mpf(10) ** 30
        ref = mpmath.log(sum(mpmath.mpf(x) ** a * mpmath.mpf(0.5) ** (1 - a) for x in (mpmath.mpf(1) / 3, mpmath.mpf(2) / 3))) / (a - 1)
    assert _inside(c, ref)


def test_lattice_profile_at_huge_and_irrational_eps():
    """A composed lattice pair placed γ = e^ε among its ratios with a 128-bit log (TypeError for
    ε = 10^400). Checked against the explicit product of the 8 outcomes."""
    from sympy import Rational, log
    pair = symdp.randomized_response(log(3))
    brute = symdp.FinitePair([a * b * c for a in pair.p for b in pair.p for c in pair.p],
                             [a * b * c for a in pair.q for b in pair.q for c in pair.q])
    assert (pair ** 3).delta(sympy.Integer(10) ** 400) == 0
    for eps in (log(Rational(9, 7)), log(9) + Rational(1, 10 ** 30), log(9)):
        assert certify((pair ** 3).delta(eps), 30).decimal == certify(brute.delta(eps), 30).decimal


# --------------------------------------------------------------------------------------------
# Files, sequences and integrals: bounded before the work


def test_a_file_is_read_only_when_it_is_a_regular_file_within_its_limit(tmp_path):
    from symdp.io.files import FileRefused, read_regular
    (tmp_path / "zero").symlink_to("/dev/zero")
    os.mkfifo(tmp_path / "fifo")
    (tmp_path / "folder").mkdir()
    for name, kind in (("zero", "a device"), ("fifo", "a FIFO"), ("folder", "a folder")):
        with pytest.raises(FileRefused, match=f"is {kind}, not a regular file"):
            read_regular(tmp_path / name, 100)
    (tmp_path / "ten").write_bytes(b"0123456789")
    assert read_regular(tmp_path / "ten", 10) == b"0123456789"
    with pytest.raises(FileRefused, match="more than 9 bytes"):
        read_regular(tmp_path / "ten", 9)
    with open(tmp_path / "sparse", "wb") as f:  # st_size says 10 GB; at most limit + 1 bytes are read
        f.truncate(10 << 30)
    with pytest.raises(FileRefused, match="more than 1000 bytes"):
        read_regular(tmp_path / "sparse", 1000)


def test_a_manifest_linked_to_dev_zero_fails_the_check_at_once(tmp_path, capsys):
    import shutil
    for name in ("zchannel_crossover.csv", "zchannel_crossover.spec.json"):
        shutil.copy(Path(symdp.__file__).parent.parent / "tables" / name, tmp_path)
    (tmp_path / "MANIFEST.json").symlink_to("/dev/zero")
    assert main(["tables", "check", str(tmp_path)]) == 1
    assert "MANIFEST.json: is a device, not a regular file" in capsys.readouterr().out


@pytest.mark.parametrize("expr", ["[1]*10**9", "10**9*(1,)", "(1, 2)*(10**4)", "[[[[1]*100]*100]*100]*100"])
def test_a_repeated_sequence_is_sized_before_it_is_built(expr):
    from symdp.evaluator import RefusedExpression, evaluate
    with pytest.raises(RefusedExpression, match="repeating a sequence of .* beyond the limit value_nodes"):
        evaluate(expr)
    assert evaluate("[1, 2]*3") == [1, 2] * 3


def test_an_integral_stops_evaluating_once_its_integrand_fails():
    """acb.integral calls on after an exception in the integrand (python-flint sets it aside);
    the wrapper answers the rest at once and raises the error when the integration returns."""
    from flint import acb
    from symdp.numerics.integration import integral
    calls = []

    def integrand(x, analytic):
        calls.append(x)
        if len(calls) > 5:
            raise symdp.ResourceLimitError("stop")
        return x.exp()
    with pytest.raises(symdp.ResourceLimitError, match="stop"):
        integral(integrand, acb(0), acb(1))
    assert len(calls) == 6
    assert integral(lambda x, a: x.exp(), acb(0), acb(1)).real.overlaps(acb(1).exp().real - 1)
