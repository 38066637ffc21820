"""Hostile inputs across the public API and the command line: each one is refused by a one-line
symdp error that names the parameter at fault and a range (or the limit) that would work.

The cases are a table: an id, the call, and the parameter its refusal must name. They run in one
forked child (tests/sandbox.py), each under ``symdp.limits`` budgets smaller than the defaults, so
a runaway is ended by the library's own limits; the sandbox's generous wall-clock guard only turns
a hang the limits miss into a test failure instead of a hung test run. A value instead of a
refusal fails too: every input here is outside the range its function documents or beyond a
limit. The runaways of issue 29 §2 are among them.
"""

from __future__ import annotations

import functools
import io
import re
from contextlib import redirect_stderr, redirect_stdout
from typing import Callable

import pytest
import sympy

import symdp
import symdp.accounting as A
import symdp.local as L
from symdp import limits
from symdp.errors import ResourceLimitError, SymdpError
from symdp.numbers import Real, certify
from sandbox import Outcome, run_cases
from sandbox import _classify as classify

R = sympy.Rational
TEN = sympy.Integer(10)

#: Budgets of every case: a case that does not refuse at once is stopped by these.
BUDGET = dict(seconds=10, lattice_points=200_000, composition_terms=100_000)

#: Words that state a range or a limit in a refusal.
RANGE = re.compile(r"must (be|list|sum|have)|at most|at least|larger than|beyond the limit|past the limit|"
                   r"in [\[(]|[≤≥<>]|one of|known:|the tables are|choose from|outside \[|options of .* are:|"
                   r"not a regular file|may use")


class CliRefusal(SymdpError):
    """The command line's one-line error, carried back from the child as a refusal."""


def cli(*argv: str) -> Callable[[], object]:
    """The command line in-process: a one-line error (exit 1 or 2) is the refusal; anything else
    (a value, a traceback, several lines) comes back as a value and fails the case."""
    def run():
        from symdp.cli import main
        out, err = io.StringIO(), io.StringIO()
        with redirect_stdout(out), redirect_stderr(err):
            code = main(list(argv))
        text = err.getvalue().strip()
        if code in (1, 2) and text.startswith("symdp: error: ") and "\n" not in text:
            raise CliRefusal(text)
        return code, text[-300:], out.getvalue()[-300:]
    return run


def api(call: Callable[[], object]) -> Callable[[], object]:
    """A Python call under :data:`BUDGET`; a lazily certified result is certified, so that the
    work it defers happens (and is refused) here."""
    def run():
        with limits.raised(**BUDGET):
            value = call()
            return certify(value, 10) if isinstance(value, Real) else value
    return run


CH = L.Channel([[R(1, 2), R(1, 2)], [R(1, 3), R(2, 3)]])
DPSGD = ("account", "dpsgd", "--q", "0.01", "--steps", "10")

#: (id, call, the parameter the refusal names)
CASES: list[tuple[str, Callable[[], object], str]] = [
    # pairs
    ("laplace eps=-1", api(lambda: symdp.laplace(-1)), "eps"),
    ("laplace eps=0", api(lambda: symdp.laplace(0)), "eps"),
    ("laplace eps=oo", api(lambda: symdp.laplace(sympy.oo)), "eps"),
    ("laplace eps=nan", api(lambda: symdp.laplace(float("nan"))), "eps"),
    ("laplace eps=zeta(3)", api(lambda: symdp.laplace(sympy.zeta(3))), "eps"),
    ("laplace sensitivity=-1", api(lambda: symdp.laplace(1, -1)), "sensitivity"),
    ("gaussian sigma=0", api(lambda: symdp.gaussian(0)), "sigma"),
    ("gaussian sigma=-oo", api(lambda: symdp.gaussian(-sympy.oo)), "sigma"),
    ("randomized_response k=1", api(lambda: symdp.randomized_response(1, 1)), "k"),
    ("randomized_response k=10^9", api(lambda: symdp.randomized_response(1, 10 ** 9)), "k"),
    ("dominating delta=2", api(lambda: symdp.dominating(1, 2)), "delta"),
    ("dominating eta=2", api(lambda: symdp.dominating(1, 0, 2)), "eta"),
    ("staircase gamma=2", api(lambda: symdp.staircase(1, 2)), "gamma"),
    ("FinitePair p sums to 1/2", api(lambda: symdp.FinitePair([R(1, 2)], [1])), "p"),
    ("FinitePair p negative", api(lambda: symdp.FinitePair([2, -1], [R(1, 2), R(1, 2)])), "p[1]"),
    ("delta eps=-1", api(lambda: symdp.laplace(1).delta(-1)), "eps"),
    ("epsilon delta=2", api(lambda: symdp.laplace(1).epsilon(2)), "delta"),
    ("renyi alpha=-1", api(lambda: symdp.gaussian(1).renyi(-1)), "alpha"),
    ("tradeoff alpha=2", api(lambda: symdp.gaussian(1).tradeoff(2)), "alpha"),
    # composition and subsampling
    ("pair ** 0", api(lambda: symdp.randomized_response(1) ** 0), "k"),
    ("pair ** 10^9, delta", api(lambda: (symdp.randomized_response(1) ** 10 ** 9).delta(1)), "k"),
    ("laplace ** 10^7, delta", api(lambda: (symdp.laplace(1) ** 10 ** 7).delta(1)), "k"),
    ("subsample q=2", api(lambda: symdp.gaussian(1).subsample(2)), "q"),
    ("subsample q=-1", api(lambda: symdp.randomized_response(1).subsample(-1)), "q"),
    ("composed_deltas k=0", api(lambda: symdp.composed_deltas(1, 0, None, 0)), "k"),
    ("composed_deltas k=10^9", api(lambda: symdp.composed_deltas(1, R(1, 10), None, 10 ** 9)), "k"),
    ("composed_tv eps=-1", api(lambda: symdp.composed_tv(-1)), "eps"),
    # accounting and calibration
    ("dpsgd_epsilon q=2", api(lambda: A.dpsgd_epsilon(2, 1, 10, R(1, 10 ** 5))), "q"),
    ("dpsgd_epsilon sigma=1/10", api(lambda: A.dpsgd_epsilon(R(1, 100), R(1, 10), 10, R(1, 10 ** 5))), "sigma"),
    ("dpsgd_epsilon steps=0", api(lambda: A.dpsgd_epsilon(R(1, 100), 1, 0, R(1, 10 ** 5))), "steps"),
    ("dpsgd_epsilon steps=10^9", api(lambda: A.dpsgd_epsilon(R(1, 100), 1, 10 ** 9, R(1, 10 ** 5))), "steps"),
    ("dpsgd_epsilon delta=0", api(lambda: A.dpsgd_epsilon(R(1, 100), 1, 10, 0)), "delta"),
    ("dpsgd_epsilon delta=1e-300", api(lambda: A.dpsgd_epsilon(R(1, 100), 1, 10, TEN ** -300)), "delta"),
    ("dpsgd_delta eps=1000", api(lambda: A.dpsgd_delta(R(1, 100), 1, 10, 1000)), "eps"),
    ("dpsgd_delta rtol=2", api(lambda: A.dpsgd_delta(R(1, 100), 1, 10, 1, rtol=2)), "rtol"),
    ("dpsgd_delta h=1e-300", api(lambda: A.dpsgd_delta(R(1, 100), 1, 10, 1, h=TEN ** -300)), "h"),
    ("dpsgd_sigma eps=-1", api(lambda: A.dpsgd_sigma(R(1, 100), 100, -1, R(1, 10 ** 5))), "eps"),
    ("dpsgd_sigma eps=1e-9", api(lambda: A.dpsgd_sigma(R(1, 100), 100, TEN ** -9, R(1, 10 ** 5))), "eps"),
    ("delta_bracket laplace eps=10^4", api(lambda: A.delta_bracket(symdp.laplace(10 ** 4), 1, 1)), "pair"),
    ("delta_bracket gaussian sigma=1/100", api(lambda: A.delta_bracket(symdp.gaussian(R(1, 100)), 1, 1)), "pair"),
    ("epochs_to_steps q=0", api(lambda: A.epochs_to_steps(1, 0)), "q"),
    ("dpsgd_schedule []", api(lambda: A.dpsgd_schedule([])), "phases"),
    ("dpsgd_schedule [(1, 2)]", api(lambda: A.dpsgd_schedule([(1, 2)])), "phase 0"),
    ("zchannel_crossover mu=2", api(lambda: L.zchannel_crossover(2)), "mu"),
    ("zchannel_crossover mu=1-1e-30", api(lambda: L.zchannel_crossover(1 - TEN ** -30)), "mu"),
    ("shell_calibration mu=2, d=1", api(lambda: L.shell_calibration(2, 1)), "mu"),
    ("shell_calibration mu=100, d=3", api(lambda: L.shell_calibration(100, 3)), "mu"),
    ("shell_calibration mu=1e-30", api(lambda: L.shell_calibration(TEN ** -30, 2)), "mu"),
    ("mixture_calibration mu=5", api(lambda: L.mixture_calibration(5, [0, 1], [R(1, 2), R(1, 2)])), "mu"),
    ("mixture_information sigma2=1e-300",
     api(lambda: L.mixture_information([0, 1], [R(1, 2), R(1, 2)], TEN ** -300)), "sigma2"),
    ("cd_lmidp_to_lip mu=1e-300", api(lambda: L.cd_lmidp_to_lip(TEN ** -300, 1)), "mu"),
    ("lmidp_to_ldp mu=-1", api(lambda: L.lmidp_to_ldp(-1, 1)), "mu"),
    # channels
    ("Channel ragged rows", api(lambda: L.Channel([[1], [R(1, 2), R(1, 2)]])), "row"),
    ("Channel row sum 5/6", api(lambda: L.Channel([[R(1, 2), R(1, 3)]])), "row 0"),
    ("capacity of a 100 × 100 channel", api(lambda: L.Channel([[R(1, 100)] * 100] * 100).capacity()), "channel size"),
    ("mutual_information prior sums to 2", api(lambda: CH.mutual_information([1, 1])), "prior"),
    ("lip_delta eps=-1", api(lambda: CH.lip_delta([R(1, 2), R(1, 2)], -1)), "eps"),
    ("is_ldp delta=2", api(lambda: CH.is_ldp(1, 2)), "delta"),
    ("optimal_mechanism utility='kl'", api(lambda: L.optimal_mechanism(1, "kl")), "utility"),
    ("optimal_mechanism eps=10^6",
     api(lambda: L.optimal_mechanism(10 ** 6, L.utility.mutual_information([R(1, 2), R(1, 2)]))), "eps"),
    ("phi n=-1", api(lambda: L.phi(1, 0, -1)), "n"),
    ("worst_case_contraction kind='foo'", api(lambda: L.worst_case_contraction(1, 0, "foo")), "kind"),
    ("geometric_mechanism k=10^6", api(lambda: L.geometric_mechanism(1, 10 ** 6)), "k"),
    ("local.randomized_response k=10^6", api(lambda: L.randomized_response(1, 10 ** 6)), "k"),
    ("erasure n=10^6", api(lambda: L.erasure(R(1, 2), 10 ** 6)), "n"),
    ("staircase_matrix k=40", api(lambda: L.staircase_matrix(1, 40)), "k"),
    ("tensor_power n=100", api(lambda: L.tensor_power(CH, 100)), "n"),
    ("bac_capacity e0=2", api(lambda: L.bac_capacity(2, 0)), "e0"),
    ("certify digits=0", api(lambda: certify(symdp.laplace(1).kl(), 0)), "digits"),
    ("certify digits=10^6", api(lambda: certify(symdp.laplace(1).kl(), 10 ** 6)), "digits"),
    # the command line
    ("eval [1]*10**9", cli("eval", "[1]*10**9"), "value_nodes"),
    ("eval (1,)*10**8", cli("eval", "(1,)*10**8"), "value_nodes"),
    ("eval subsampled_gaussian_rdp(10**9, 1/2, 1)", cli("eval", "subsampled_gaussian_rdp(10**9, 1/2, 1)"), "alpha"),
    ("eval lapalce(1)", cli("eval", "lapalce(1)"), "lapalce"),
    ("eval 10**10**10", cli("eval", "10**10**10"), "exponent"),
    ("eval laplace(-1)", cli("eval", "laplace(-1).delta(1)"), "eps"),
    ("eval --digits -1", cli("eval", "1", "--digits", "-1"), "--digits"),
    ("eval --digits 10^9", cli("eval", "1", "--digits", "1000000000"), "--digits"),
    ("account --h 1e-300", cli(*DPSGD, "--sigma", "1", "--delta", "1e-5", "--h", "1e-300"), "h"),
    ("account --sigma 1/0", cli(*DPSGD, "--sigma", "1/0", "--delta", "1e-5"), "sigma"),
    ("account --sigma 0.01", cli(*DPSGD, "--sigma", "0.01", "--delta", "1e-5"), "sigma"),
    ("account --q nan", cli("account", "dpsgd", "--q", "nan", "--sigma", "1", "--steps", "10", "--delta", "1e-5"), "q"),
    ("account --steps -3", cli("account", "dpsgd", "--q", "0.01", "--sigma", "1", "--steps", "-3", "--delta", "1e-5"),
     "steps"),
    ("account --steps 1e99", cli("account", "dpsgd", "--q", "0.01", "--sigma", "1", "--steps", "1e99", "--delta", "1e-5"),
     "--steps"),
    ("account --rtol 0", cli(*DPSGD, "--sigma", "1", "--delta", "1e-5", "--rtol", "0"), "rtol"),
    ("account --delta 2", cli(*DPSGD, "--sigma", "1", "--delta", "2"), "delta"),
    ("account --target-eps -1", cli(*DPSGD, "--delta", "1e-5", "--target-eps", "-1"), "eps"),
    ("account --epochs 0", cli("account", "dpsgd", "--epochs", "0", "--sample-rate", "0.01", "--sigma", "1",
                               "--delta", "1e-5"), "epochs"),
    ("account --schedule /dev/zero", cli("account", "dpsgd", "--schedule", "/dev/zero", "--delta", "1e-5"), "--schedule"),
    ("tables check /dev/zero", cli("tables", "check", "/dev/zero"), "DIR"),
    ("tables build no_such_table", cli("tables", "build", "no_such_table"), "table"),
    ("tables --jobs 0", cli("tables", "build", "--jobs", "0"), "--jobs"),
    ("tables --sample -1", cli("tables", "check", "--sample", "-1"), "--sample"),
    ("verify /nonexistent", cli("verify", "/nonexistent"), "PATH"),
    ("verify --paper bogus", cli("verify", "--paper", "bogus"), "paper"),
    ("verify --timeout -1", cli("verify", "--timeout", "-1"), "--timeout"),
    ("figures --paper bogus", cli("figures", "--paper", "bogus"), "paper"),
    ("figures --bogus", cli("figures", "--bogus"), "symdp figures --help"),
    ("compare bogus", cli("compare", "bogus"), "library"),
    ("an unknown command", cli("bogus"), "COMMAND"),
]


#: Run in this process (they are refused before any claim runs; a forked child would do as well:
#: tests/test_verify.py's fork-server test).
IN_PROCESS = ("verify ",)


@functools.cache
def _outcomes() -> dict[str, Outcome]:
    """Every case run once: in one child (a fresh one after a crash or a hang), or here."""
    forked = [c for c in CASES if not c[0].startswith(IN_PROCESS)]
    outcomes = dict(zip((c[0] for c in forked), run_cases([c[1] for c in forked], timeout=300)))
    outcomes.update((c[0], classify(c[1])) for c in CASES if c[0].startswith(IN_PROCESS))
    return outcomes


@pytest.mark.parametrize("case_id, parameter", [(c[0], c[2]) for c in CASES], ids=[c[0] for c in CASES])
def test_a_hostile_input_is_refused_on_one_line_naming_the_parameter_and_a_range(case_id, parameter):
    outcome = _outcomes()[case_id]
    assert outcome.kind == "refused", f"{case_id}: {outcome.kind}: {outcome.detail}"
    message = outcome.detail.split(": ", 1)[1]  # "ClassName: text"
    assert parameter in message, f"{case_id}: the refusal does not name {parameter!r}: {message}"
    assert RANGE.search(message), f"{case_id}: the refusal states no range or limit: {message}"
    assert "internal error" not in message and "Traceback" not in message


def test_the_table_reaches_every_part_of_the_public_api():
    """At least 50 inputs, across pairs, composition, accounting, calibration, channels, eval and
    every subcommand."""
    assert len(CASES) >= 50
    assert {"eval", "account", "tables", "verify", "figures", "compare"} <= {c[0].split()[0] for c in CASES}


def test_shell_calibration_near_one_bit_ends_within_the_time_limit():
    """μ = 1 − 10⁻³⁰ bits at d = 1 (the two-point input's information tends to 1 bit): the search
    ran without end; now every evaluation of I counts against ``seconds``, and under a 1 s limit the
    calibration is refused by that limit (or certified within it), never left running."""
    def case():
        with limits.raised(seconds=1):
            try:
                return certify(L.shell_calibration(1 - TEN ** -30, 1), 15)
            except ResourceLimitError as err:
                assert "seconds" in str(err), err
                raise
    outcome = run_cases([case], timeout=300)[0]
    assert outcome.kind in ("refused", "ok"), outcome
