"""The reference tables for other projects' test suites.

    from symdp.testing import assert_matches, load_table

    assert_matches("gaussian_delta", lambda p: my_delta(p["sigma"], p["eps"]), rtol=1e-9, side="both")

Each row of a table carries a certified interval [lower, upper] that contains the true value
(exact rationals; the CSV's decimal strings read exactly). :func:`assert_matches` compares a
float implementation row by row with exact rational arithmetic (a float is a dyadic rational),
so the comparison itself adds no rounding. The tolerance is ``tol(x) = atol + rtol·|x|``.

Bracket tables (``dpsgd_epsilon``, ``dpsgd_delta``) give no certified decimal, only a certified
bracket lower ≤ value ≤ upper of some relative width; the same rules apply, and a guarantee above
the bracket is reported as loose rather than wrong.

``side`` says what the implementation promises:

* ``"upper"``: a guarantee (an upper bound on δ, ε, a Rényi ε; a calibrated σ). It must never
  be below the truth: ``impl ≥ lower`` with **no tolerance** (below that is a non-conservative,
  i.e. wrong, privacy claim); and it may overshoot by at most the tolerance:
  ``impl ≤ upper + tol(upper)``.
* ``"lower"``: a lower bound (an optimistic accountant, an auditing estimate): ``impl ≤ upper``
  with no tolerance, and ``impl ≥ lower − tol(lower)``.
* ``"both"``: an estimate of the value (a float evaluation of the exact formula, which may
  round either way): ``lower − tol(lower) ≤ impl ≤ upper + tol(upper)``.

A float evaluation of a closed form is an estimate, not a bound: test it with ``"both"``; use
``"upper"`` for code whose contract is never to understate privacy loss.
"""

from __future__ import annotations

import math
import os
import re
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from pathlib import Path
from typing import Callable, Iterator, Mapping

__all__ = ["Row", "Table", "Verdict", "load_table", "assert_matches", "compare_value", "table_dir"]

SIDES = ("upper", "lower", "both")


def table_dir(directory: str | os.PathLike | None = None) -> Path:
    """Where tables are read from: `directory`, else ``$SYMDP_TABLES``, else the ``tables/``
    folder next to the ``symdp`` package (a source checkout or editable install), else the
    copy a wheel installs under ``<prefix>/share/symdp/tables`` (:func:`symdp.io.installed.data_dir`)."""
    if directory is not None:
        return Path(directory)
    from .io.installed import data_dir
    return data_dir("tables")


class Params(dict):
    """A row's parameters as Python numbers (floats for exact values, str for labels), with
    the exact strings in ``.exact``: ``p["sigma"]`` is 0.5 and ``p.exact["sigma"]`` is '1/2'."""

    exact: dict[str, str]


@dataclass(frozen=True)
class Row:
    """One certified row: exact parameter strings, the certified decimal, the bounds."""

    table: str
    line: int
    params: Mapping[str, str]
    decimal: str
    lower: Fraction
    upper: Fraction
    exact: str | None
    kinds: Mapping[str, str] = field(repr=False, default_factory=dict)

    @cached_property
    def floats(self) -> Params:
        """The parameters as floats (each the double nearest to the exact value)."""
        from .numbers import certify
        from .tables.specs import parse_param
        out = Params()
        for name, text in self.params.items():
            out[name] = text if self.kinds.get(name) == "choice" else float(certify(parse_param(text), 20).decimal)
        out.exact = dict(self.params)
        return out

    def exact_params(self) -> dict:
        """The parameters as exact sympy values (labels stay strings)."""
        from .tables.specs import parse_param
        return {n: (t if self.kinds.get(n) == "choice" else parse_param(t)) for n, t in self.params.items()}

    @property
    def is_bracket(self) -> bool:
        """A bracket row (tables with ``"bracket": true``): lower ≤ value ≤ upper holds but the
        value has no certified decimal; a guarantee below `lower` is non-conservative, one above
        `upper` (beyond the tolerance) is merely loose."""
        return self.decimal == ""

    def describe(self) -> str:
        args = ", ".join(f"{k}={v}" for k, v in self.params.items())
        return f"{self.table}.csv:{self.line} ({args})"


@dataclass(frozen=True)
class Table:
    """A loaded table: its spec (the JSON dict) and its rows in file order."""

    name: str
    spec: dict
    rows: tuple[Row, ...]

    def iter_rows(self, **where: str) -> Iterator[Row]:
        """The rows whose exact parameter strings equal `where` (all rows by default)."""
        for row in self.rows:
            if all(row.params.get(k) == v for k, v in where.items()):
                yield row

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self) -> Iterator[Row]:
        return iter(self.rows)


def load_table(name: str, dir: str | os.PathLike | None = None) -> Table:
    """Read table `name` (``<name>.csv`` and ``<name>.spec.json``) from `dir` (see :func:`table_dir`)."""
    from .tables.manifest import MalformedFile, parse_json, read_csv, read_file
    directory = table_dir(dir)
    csv_path, spec_path = directory / f"{name}.csv", directory / f"{name}.spec.json"
    if not csv_path.exists():
        raise FileNotFoundError(f"no table {name!r} in {directory} (looked for {csv_path.name})")
    spec = parse_json(read_file(spec_path), str(spec_path)) if spec_path.exists() else {}
    try:
        kinds = {p["name"]: p.get("kind", "exact") for p in spec.get("params", [])}
    except (AttributeError, KeyError, TypeError):
        raise MalformedFile(str(spec_path), None, None, "not a table spec (a JSON object with 'params')") from None
    header, cells = read_csv(read_file(csv_path), str(csv_path))
    n = len(header) - 4
    rows = []
    for i, r in enumerate(cells):
        if len(r) != len(header) or n < 0:
            raise MalformedFile(str(csv_path), i + 2, None, f"{len(r)} cells where the header has {len(header)}")
        params = dict(zip(header[:n], r[:n]))
        value, lower, upper, closed = r[n:n + 4]
        bounds = [_bound(cell, str(csv_path), i + 2, n + k + 2) for k, cell in enumerate((lower, upper))]
        rows.append(Row(name, i + 2, params, value, *bounds, closed or None, kinds))
    return Table(name, spec, tuple(rows))


def _bound(cell: str, file: str, line: int, column: int) -> Fraction:
    """A lower or upper cell as an exact rational. Its size is checked first: ``Fraction`` would
    build 10^(10⁹) for the 5-character exponent of ``1e-999999999`` without end."""
    from .limits import check_bits
    from .tables.manifest import MalformedFile
    match = re.fullmatch(r"[-+]?(\d+(?:\.\d*)?|\.\d+)(?:[eE]([-+]?\d{1,12}))?|[-+]?\d+/\d+", cell.strip())
    if match is None:
        raise MalformedFile(file, line, column, f"not a decimal or a fraction: {cell[:40]!r}")
    exponent = int(match.group(2) or 0)
    check_bits(int(3.33 * (abs(exponent) + len(cell))) + 1, f"the rational of a table cell ({file}:{line})")
    return Fraction(cell)


@dataclass(frozen=True)
class Verdict:
    """The outcome of comparing one number with one row."""

    ok: bool
    non_conservative: bool
    rel_error: float
    message: str


def _tol(x: Fraction, rtol: float, atol: float) -> Fraction:
    return Fraction(atol) + Fraction(rtol) * abs(x)


def _rel(value: Fraction, row: Row) -> float:
    if row.lower <= value <= row.upper:
        return 0.0
    ref = row.lower if value < row.lower else row.upper
    if ref == 0:
        return math.inf
    try:
        return float(abs(value - ref) / abs(ref))
    except OverflowError:
        return math.inf


def compare_value(row: Row, value: float, side: str = "both", rtol: float = 1e-9, atol: float = 0.0) -> Verdict:
    """Compare `value` with the certified interval of `row` (semantics in the module docstring)."""
    if side not in SIDES:
        raise ValueError(f"side must be one of {SIDES}, got {side!r}")
    from .numbers import interval_text
    interval = (f"certified bracket {interval_text(row.lower, row.upper)}" if row.is_bracket else
                f"certified value {row.decimal} in {interval_text(row.lower, row.upper)}")
    try:
        v = Fraction(value)
    except (ValueError, OverflowError, TypeError):
        if isinstance(value, float) and math.isinf(value) and value > 0 and side == "upper":
            return Verdict(False, False, math.inf, f"{row.describe()}: got inf (conservative but useless); {interval}")
        return Verdict(False, side == "upper", math.nan, f"{row.describe()}: got {value!r}; {interval}")
    rel = _rel(v, row)
    low_ok = v >= row.lower if side == "upper" else v >= row.lower - _tol(row.lower, rtol, atol)
    high_ok = v <= row.upper if side == "lower" else v <= row.upper + _tol(row.upper, rtol, atol)
    if low_ok and high_ok:
        return Verdict(True, False, rel, "")
    non_conservative = (side == "upper" and not low_ok) or (side == "lower" and not high_ok)
    what = ("NON-CONSERVATIVE: below the certified lower bound" if side == "upper" and not low_ok else
            "NON-CONSERVATIVE: above the certified upper bound" if side == "lower" and not high_ok else
            "too low" if not low_ok else
            "loose: above the certified upper bound by more than the tolerance" if row.is_bracket else "too high")
    return Verdict(False, non_conservative, rel,
                   f"{row.describe()}: got {value!r}, {what} (relative error {rel:.3g}); {interval}")


def assert_matches(table_name: str, implementation: Callable[[Params], float], rtol: float = 1e-9,
                   atol: float = 0.0, side: str = "both", dir: str | os.PathLike | None = None,
                   where: Mapping[str, str] | None = None) -> int:
    """Assert `implementation(params)` against every row of `table_name` (or those matching
    `where`, exact parameter strings). `params` is a dict of floats (``params.exact`` holds the
    exact strings). Returns the number of rows checked; raises ``AssertionError`` listing every
    failing row with its certified interval, non-conservative results first."""
    table = load_table(table_name, dir)
    failures: list[Verdict] = []
    checked = 0
    for row in table.iter_rows(**(where or {})):
        checked += 1
        verdict = compare_value(row, implementation(row.floats), side, rtol, atol)
        if not verdict.ok:
            failures.append(verdict)
    if checked == 0:
        raise AssertionError(f"no rows of {table_name} match {dict(where or {})}")
    if failures:
        failures.sort(key=lambda f: not f.non_conservative)
        shown = "\n  ".join(f.message for f in failures[:20])
        more = f"\n  … and {len(failures) - 20} more" if len(failures) > 20 else ""
        raise AssertionError(f"{len(failures)} of {checked} rows of {table_name} fail (side={side!r}, "
                             f"rtol={rtol}, atol={atol}):\n  {shown}{more}")
    return checked
