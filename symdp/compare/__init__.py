"""``symdp compare NAME``: run another DP library on the reference tables and report its errors.

Each adapter (one module per library, ``symdp.compare.<library>``) turns table rows into
*cases*: a Python expression calling the library on the row's parameters, evaluated in a
namespace prepared by the adapter's ``SETUP`` imports. The expression is the reproduction:
``SETUP`` followed by ``print(expr)`` re-runs the library call exactly. Every result is
compared with the row's certified interval by :func:`symdp.testing.compare_value`; a reported
upper bound below the certified lower bound is NON-CONSERVATIVE and listed first.

Besides the tables, each adapter runs on the probe rows of :mod:`symdp.compare.probes` (points
outside the tables' grids where floating point is expected to break; certified on the fly).

Results on the wrong side are graded by their relative distance r from the certified interval:

* r ≤ ``ROUNDING``: rounding-level (explained by the parameters reaching the library as doubles);
* ``ROUNDING`` < r ≤ ``MATERIAL``: non-conservative at floating-point level (the library's own
  float arithmetic: cancellation, FFT noise; wrong, but far below any privacy-relevant amount);
* r > ``MATERIAL`` and absolute distance > ``MATERIAL_ABS``: non-conservative, material: a
  privacy guarantee that does not hold.
"""

from __future__ import annotations

import contextlib
import importlib
import itertools
import json
import math
import signal
import time
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Callable, Iterable, Iterator, Sequence

from ..limits import on_terminal
from ..numbers import interval_text
from ..testing import Params, Row, Table, compare_value, load_table, table_dir

#: library name on the command line → adapter module
ADAPTERS = {
    "dp_accounting": "symdp.compare.dp_accounting",
    "prv_accountant": "symdp.compare.prv_accountant",
    "autodp": "symdp.compare.autodp",
    "opendp": "symdp.compare.opendp",
    "opacus": "symdp.compare.opacus",
    "dpsgd": "symdp.compare.dpsgd",
    "diffprivlib": "symdp.compare.diffprivlib",
    "tmlt": "symdp.compare.tmlt",
}

#: seconds one library call may take before it is recorded as an error
CASE_TIMEOUT = 120
#: A result on the wrong side of the certified interval by less than this relative amount is
#: reported as "rounding-level" rather than NON-CONSERVATIVE: the library receives parameters
#: rounded to doubles (σ = 0.1 is not 1/10), which moves the true value by about this much.
ROUNDING = 1e-12
#: Beyond this relative amount on the wrong side a result is a material privacy failure ...
MATERIAL = 1e-6
#: ... provided it is also wrong by more than this absolute amount: a δ of 1e-15 where the truth
#: is 0, or −3e-14 where it is 1e-60, is a truncation floor, not a failed guarantee (1e-12 is the
#: default absolute δ error budget of prv_accountant).
MATERIAL_ABS = 1e-12
#: The two tables of Poisson-subsampled Gaussian Rényi divergences (integer, fractional orders).
RDP_TABLES = ("subsampled_gaussian_rdp", "subsampled_gaussian_rdp_fractional")
#: address space (bytes) one library call may add before it fails with MemoryError: PRV
#: accountants allocate grids of hundreds of millions of points for 10⁴ compositions
CASE_MEMORY = 4 << 30


@dataclass(frozen=True)
class Case:
    """One library call on one row: `expr` evaluates to a float (after the adapter's SETUP)."""

    table: str
    row: Row
    method: str
    expr: str
    side: str = "upper"


@dataclass
class Result:
    case: Case
    value: float | None
    ok: bool
    non_conservative: bool
    rel_error: float
    message: str
    seconds: float
    rounding_level: bool = False

    @property
    def abs_error(self) -> float:
        """The distance from the certified interval (0 inside)."""
        if self.value is None or not math.isfinite(self.value):
            return math.nan
        v, row = Fraction(self.value), self.case.row
        return float(max(row.lower - v, v - row.upper, 0))

    @property
    def material(self) -> bool:
        """Non-conservative by more than :data:`MATERIAL` (relative) and :data:`MATERIAL_ABS`
        (absolute)."""
        return self.non_conservative and self.rel_error > MATERIAL and not self.abs_error <= MATERIAL_ABS

    @property
    def impossible(self) -> bool:
        """A value no privacy parameter can take: negative, or a δ above 1."""
        if self.value is None or math.isnan(self.value):
            return False
        return self.value < 0 or (self.case.table.endswith("_delta") and self.value > 1)


def fmt(x: object) -> str:
    """A row parameter (float) as Python source that reads back as the same double."""
    return repr(float(x)) if not isinstance(x, str) else repr(x)


class _Timeout(Exception):
    pass


def _alarm(signum, frame):
    raise _Timeout()


@contextlib.contextmanager
def _memory_cap(extra: int = CASE_MEMORY) -> Iterator[None]:
    """Cap the process's address space at its current size plus `extra` (Linux), so that a
    runaway allocation raises MemoryError in the library instead of exhausting the machine."""
    try:
        import resource
        with open("/proc/self/status", encoding="ascii") as f:
            size = next(int(line.split()[1]) * 1024 for line in f if line.startswith("VmSize:"))
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    except (ImportError, OSError, StopIteration):
        yield
        return
    cap = size + extra if hard == resource.RLIM_INFINITY else min(size + extra, hard)
    resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def evaluate(case: Case, namespace: dict, timeout: int = CASE_TIMEOUT) -> Result:
    """Run one case and compare it with its row (errors, time-outs and running out of the
    per-call memory are results too)."""
    start = time.perf_counter()
    previous = signal.signal(signal.SIGALRM, _alarm) if hasattr(signal, "SIGALRM") else None
    if previous is not None:
        signal.alarm(timeout)
    try:
        with _memory_cap():
            value = float(eval(case.expr, namespace))  # noqa: S307 - the adapters' own expressions
    except _Timeout:
        return Result(case, None, False, False, math.nan, f"timed out after {timeout} s", time.perf_counter() - start)
    except Exception as err:  # a library error is a finding to report, not a crash
        return Result(case, None, False, False, math.nan, f"{type(err).__name__}: {str(err)[:200]}",
                      time.perf_counter() - start)
    finally:
        if previous is not None:
            signal.alarm(0)
            signal.signal(signal.SIGALRM, previous)
    verdict = compare_value(case.row, value, case.side, rtol=0.0, atol=0.0)
    wrong_side = verdict.non_conservative and verdict.rel_error > ROUNDING
    return Result(case, value, verdict.ok, wrong_side, verdict.rel_error, verdict.message,
                  time.perf_counter() - start, verdict.non_conservative and not wrong_side)


def load_adapter(name: str):
    if name not in ADAPTERS:
        raise KeyError(f"unknown library {name!r}; known: {', '.join(ADAPTERS)}")
    return importlib.import_module(ADAPTERS[name])


def available(name: str) -> bool:
    """True when the library behind adapter `name` can be imported."""
    adapter = load_adapter(name)
    try:
        exec(adapter.SETUP, {})
    except ImportError:
        return False
    return True


def run(name: str, directory: str | Path | None = None, limit: int | None = None,
        progress: Callable[[Result], None] | None = None, probes: bool = True) -> list[Result]:
    """Run adapter `name` on the tables in `directory`, then (with `probes`) on the probe rows;
    `limit` caps the cases per method and table."""
    from .probes import probe_table
    adapter = load_adapter(name)
    namespace: dict = {}
    exec(adapter.SETUP, namespace)
    tables: dict[str, Table | None] = {}

    def table(t: str) -> Table | None:
        if t not in tables:
            try:
                tables[t] = load_table(t, directory)
            except FileNotFoundError:
                tables[t] = None
        return tables[t]

    counts: dict[tuple[str, str], int] = {}
    results = []
    all_cases = adapter.cases(table)
    if probes:
        all_cases = itertools.chain(all_cases, adapter.cases(probe_table))
    for case in all_cases:
        key = (case.method, case.row.table)
        counts[key] = counts.get(key, 0) + 1
        if limit is not None and counts[key] > limit:
            continue
        result = evaluate(case, namespace)
        results.append(result)
        if progress:
            progress(result)
    return results


def reproduction(adapter_setup: str, case: Case) -> str:
    return f"{adapter_setup.strip()}\nprint({case.expr})"


def summarize(results: Sequence[Result]) -> list[dict]:
    """Per (method, table; probe rows apart): cases, material and floating-point-level
    non-conservative counts, rounding-level count, errors, impossible values, and the accuracy:
    the largest relative distance from the certified interval (either side)."""
    groups: dict[tuple[str, str], list[Result]] = {}
    for r in results:
        groups.setdefault((r.case.method, r.case.row.table), []).append(r)
    out = []
    for (method, table), rs in groups.items():
        finite = [r.rel_error for r in rs if r.value is not None and not math.isnan(r.rel_error)]
        out.append({
            "method": method, "table": table, "cases": len(rs),
            "material": sum(r.material for r in rs),
            "non_conservative": sum(r.non_conservative for r in rs),
            "rounding_level": sum(r.rounding_level for r in rs),
            "errors": sum(r.value is None for r in rs),
            "impossible": sum(r.impossible for r in rs),
            "max_rel_error": max(finite) if finite else math.nan,
        })
    return out


def _detail(setup: str, r: Result) -> list[str]:
    return [f"### {r.case.method}: {r.case.row.describe()}", "",
            f"- library value: `{r.value!r}`",
            f"- certified: `{r.case.row.decimal}` in {interval_text(r.case.row.lower, r.case.row.upper)}",
            f"- side: {r.case.side}; relative distance outside the certified interval: {r.rel_error:.3g}", "",
            "```python", reproduction(setup, r.case), "```", ""]


def markdown(name: str, setup: str, results: Sequence[Result], versions: dict[str, str]) -> str:
    """The Markdown report: (a) material non-conservative results, then those at floating-point
    level, each with its reproduction; (b) rounding-level ones; (c) accuracy per method and
    table; impossible values; the calls that raised."""
    lines = [f"# symdp compare: {name}", ""]
    lines += [", ".join(f"{k} {v}" for k, v in sorted(versions.items())), ""]
    lines += ["Relative error is the distance from the certified interval divided by the nearer endpoint "
              "(0 inside the interval). NON-CONSERVATIVE: a reported upper bound below the certified lower "
              "bound (or a reported lower bound above the certified upper bound). Tables marked `[probe]` "
              "are points outside the reference grids (`symdp.compare.probes`), certified during the run.", "",
              f"Grades of a wrong-side result by its relative distance r: material (r > {MATERIAL:g} and "
              f"more than {MATERIAL_ABS:g} in absolute terms); "
              f"floating-point level ({ROUNDING:g} < r ≤ {MATERIAL:g}: the library's float arithmetic); "
              f"rounding-level (r ≤ {ROUNDING:g}: the parameters reach the library rounded to doubles).", ""]
    bad = sorted((r for r in results if r.non_conservative), key=lambda r: -r.rel_error)
    material = [r for r in bad if r.material]
    floaty = [r for r in bad if not r.material]
    lines += [f"## (a) Non-conservative, material ({len(material)})", ""]
    for r in material:
        lines += _detail(setup, r)
    lines += [f"## (a′) Non-conservative at floating-point level ({len(floaty)})", ""]
    for r in floaty[:40]:
        lines += _detail(setup, r)
    if len(floaty) > 40:
        lines += [f"… and {len(floaty) - 40} more in the JSON report.", ""]
    rounding = [r for r in results if r.rounding_level]
    lines += [f"## (b) Rounding-level discrepancies ({len(rounding)})", ""]
    lines += [f"- {r.case.method}, {r.case.row.describe()}: `{r.value!r}` vs `{r.case.row.decimal}` "
              f"(r = {r.rel_error:.2g})" for r in rounding[:60]]
    lines += ["", "## (c) Accuracy", "",
              "| method | table | cases | material | float-level | rounding-level | impossible | errors "
              "| max rel. error |", "|---|---|---|---|---|---|---|---|---|"]
    for s in summarize(results):
        lines.append(f"| {s['method']} | {s['table']} | {s['cases']} | {s['material']} | "
                     f"{s['non_conservative'] - s['material']} | {s['rounding_level']} | {s['impossible']} | "
                     f"{s['errors']} | {s['max_rel_error']:.3g} |")
    impossible = [r for r in results if r.impossible]
    lines += ["", f"## Impossible values ({len(impossible)})", ""]
    lines += [f"- {r.case.method}, {r.case.row.describe()}: `{r.value!r}` — `{r.case.expr}`" for r in impossible[:60]]
    errs = [r for r in results if r.value is None]
    lines += ["", f"## Calls that raised or timed out ({len(errs)})", ""]
    for r in errs[:100]:
        lines.append(f"- {r.case.method}, {r.case.row.describe()}: {r.message} — `{r.case.expr}`")
    slow = sorted(results, key=lambda r: -r.seconds)[:10]
    lines += ["", f"## Slowest calls (total {sum(r.seconds for r in results):.0f} s)", ""]
    lines += [f"- {r.seconds:.1f} s: {r.case.method}, {r.case.row.describe()}" for r in slow]
    return "\n".join(lines) + "\n"


def terminal(results: Sequence[Result]) -> str:
    rows = summarize(results)
    width = max([len(s["method"]) for s in rows] + [6])
    out = [f"{'method':<{width}}  {'table':<42} {'cases':>5} {'material':>8} {'float':>5} {'rounding':>8} "
           f"{'errors':>6} {'max rel err':>11}"]
    for s in rows:
        out.append(f"{s['method']:<{width}}  {s['table']:<42} {s['cases']:>5} {s['material']:>8} "
                   f"{s['non_conservative'] - s['material']:>5} {s['rounding_level']:>8} {s['errors']:>6} "
                   f"{s['max_rel_error']:>11.3g}")
    return "\n".join(out)


def main(args) -> int:
    """``symdp compare NAME [--out DIR]``: exit 0 when all results are conservative (up to
    rounding), 1 when some are not, 2 when the library is not installed."""
    import sys
    name = args.name
    try:
        adapter = load_adapter(name)
    except KeyError as err:
        print(f"symdp: error: {str(err).strip(chr(39) + chr(34))}", file=sys.stderr)
        return 2
    if not available(name):
        print(f"symdp: error: {adapter.DISTRIBUTION} is not installed; 'symdp compare {name}' needs the extra "
              f"'compare': pip install 'symdp[compare]'", file=sys.stderr)
        return 2
    out = Path(getattr(args, "out", None) or "reports/compare")
    done = [0]

    def tick(result: Result) -> None:
        done[0] += 1
        if not on_terminal(sys.stderr):
            return
        flag = "!" if result.non_conservative else ("E" if result.value is None else ".")
        sys.stderr.write(flag)
        if done[0] % 80 == 0:
            sys.stderr.write(f" {done[0]}\n")
        sys.stderr.flush()

    import warnings
    with warnings.catch_warnings():
        # the libraries' overflow and range warnings would bury the progress line; the
        # results themselves say what went wrong
        warnings.simplefilter("ignore")
        results = run(name, getattr(args, "dir", None), progress=tick)
    if on_terminal(sys.stderr):
        sys.stderr.write("\n")
    versions = adapter.versions()
    print(terminal(results))
    bad = [r for r in results if r.non_conservative]
    for r in bad:
        if r.material:
            print(f"NON-CONSERVATIVE {r.case.method}: {r.message}\n    {r.case.expr}")
    out.mkdir(parents=True, exist_ok=True)
    (out / f"{name}.md").write_text(markdown(name, adapter.SETUP, results, versions), encoding="utf-8")
    (out / f"{name}.json").write_text(json.dumps([{
        "method": r.case.method, "table": r.case.row.table, "line": r.case.row.line,
        "params": dict(r.case.row.params), "expr": r.case.expr, "side": r.case.side, "value": r.value,
        "certified": r.case.row.decimal, "ok": r.ok, "non_conservative": r.non_conservative,
        "material": r.material, "rounding_level": r.rounding_level, "impossible": r.impossible,
        "abs_error": None if math.isnan(r.abs_error) else r.abs_error,
        "rel_error": None if math.isnan(r.rel_error) else (r.rel_error if math.isfinite(r.rel_error) else "inf"),
        "seconds": round(r.seconds, 3), "message": r.message} for r in results], indent=1), encoding="utf-8")
    print(f"wrote {out / (name + '.md')} ({len(results)} calls, {len(bad)} non-conservative, "
          f"{sum(r.material for r in bad)} material)")
    return 1 if bad else 0


def each(table: Callable[[str], Table | None], names: str | tuple[str, ...], method: str,
         expr: Callable[[Params], str], side: str = "upper", keep: Callable[[Row], bool] | None = None) -> Iterator[Case]:
    """One case per row of the table(s) `names` (those for which `keep(row)` holds): the library
    call `expr(row.floats)`."""
    for name in (names,) if isinstance(names, str) else names:
        for r in rows(table(name)):
            if keep is None or keep(r):
                yield Case(name, r, method, expr(r.floats), side)


def rows(table: Table | None, **where: str) -> Iterable[Row]:
    """The rows of `table` (none when the table is missing), optionally filtered."""
    return () if table is None else table.iter_rows(**where)


__all__ = ["ADAPTERS", "Case", "Result", "available", "each", "evaluate", "main", "run", "summarize", "table_dir"]
