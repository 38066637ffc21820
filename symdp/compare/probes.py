"""Probe rows beyond the reference tables: where accountants' floating point breaks.

Each probe is a point of a reference table's quantity outside that table's grid (tiny δ,
large and fractional Rényi orders, sampling rates near 1, ten thousand compositions, targets
next to the boundary of the parameter range). The adapters turn a probe row into the same
library call as a table row; the truth is certified by symdp when the comparison runs (the
quantity of the table's spec, certified to the table's digits), so a probe is reproducible
from ``symdp compare NAME`` without a table file.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from ..numbers import certify
from ..tables.specs import product, row_arguments, spec
from ..testing import Row, Table

#: table name → extra grid points (exact parameter strings, in the table's column order)
PROBES: dict[str, tuple[tuple[str, ...], ...]] = {
    # tiny δ (below the 1e-12 absolute tolerance of bisection-based calibrators) and extreme ε
    "gaussian_sigma": product(("1/10", "1", "5"), ("1e-10", "1e-13", "1e-15", "1e-16", "1e-40", "1e-100"))
    + (("20", "1e-9"), ("50", "1e-9"), ("1/1000", "1e-9"), ("1/1000", "1e-30")),
    "gaussian_epsilon": product(("1/10", "1/4", "100", "1000"), ("1e-3", "1e-12", "1e-30", "1e-200")),
    "gaussian_delta": product(("1/2", "1"), ("30", "50", "100")),
    # sampling rates near 1, small σ with large orders (overflow of e^{α²/2σ²}), very large orders
    "subsampled_gaussian_rdp": product(("1/2", "9/10", "99/100", "999/1000"), ("1/4",), ("8", "64", "256"))
    + product(("1e-3", "1e-2"), ("10",), ("2048", "4096")),
    "subsampled_gaussian_rdp_fractional": product(("1e-3", "1/2", "99/100"), ("1", "10"),
                                                  ("101/100", "201/2", "1001/2")),
    "subsampled_gaussian_delta": product(("9/10", "999/1000"), ("1/2", "1", "10"), ("1e-4", "1", "5")),
    "zcdp_epsilon": product(("1e-6", "100", "1000"), ("1e-3", "1e-50", "1e-100")),
    # δ from 1e-27137 to 1 − 2e-22 (ρ = 10⁻⁶ at ε = 50 is left out: δ ≈ e^{−6·10⁸} takes symdp minutes)
    "zcdp_delta": (("1e-6", "1e-3"), ("1e-4", "1"), ("1/100", "50"), ("100", "50"), ("100", "500")),
    # ten thousand compositions (e^{ε₀} rational, so the truth is an exact lattice sum)
    "kov_delta": product(("log(11/10)",), ("10000",), ("0", "10", "50", "100", "200", "300")),
    "kov_epsilon": product(("log(11/10)",), ("10000",), ("1e-3", "1e-10")),
    # DP-SGD where float accountants are least tested (the settings of the DP-SGD accounting
    # issue): small sampling rates over many steps, and a small δ; h as fine as a run affords
    "dpsgd_epsilon": (("1/10000", "1", "100000", "1e-5", "1/12000"),
                      ("256/60000", "11/10", "14063", "1e-5", "1/700"),
                      ("1/1000", "4/5", "1000000", "1e-5", "1/3000"),
                      ("33/100000", "4", "10000", "1e-18", "1/12000")),
}


def probe_row(name: str, params: tuple[str, ...], line: int) -> Row:
    """The certified row of table `name` at `params` (not written to any file; ``line`` numbers
    the probe). The closed form is not kept: printing a 10⁴-fold lattice sum is useless here.
    A bracket table's row keeps the bracket's exact ends and no decimal, as its CSV rows do."""
    table = spec(name)
    value = table.compute(**row_arguments(table, params))
    kinds = {p.name: p.kind for p in table.params}
    names = dict(zip((p.name for p in table.params), params))
    if table.bracket:
        return Row(f"{name}[probe]", line, names, "", _fraction(value.lower), _fraction(value.upper), None, kinds)
    c = certify(value, table.digits)
    return Row(f"{name}[probe]", line, names, c.decimal, Fraction(c.lower), Fraction(c.upper), None, kinds)


def _fraction(x) -> Fraction:
    """An exact rational end of a bracket as a Fraction."""
    return Fraction(int(x.p), int(x.q))


@lru_cache(maxsize=None)
def probe_table(name: str) -> Table | None:
    """The probe rows of table `name` as a :class:`Table` (None when there are none)."""
    grid = PROBES.get(name)
    if not grid:
        return None
    return Table(name, spec(name).as_json(), tuple(probe_row(name, p, i + 1) for i, p in enumerate(grid)))
