"""Reference tables: certified values of DP quantities on exact grids, for testing other code.

``symdp tables build`` writes, per table, ``<name>.spec.json`` (quantity, grid, digits),
``<name>.csv`` (exact parameters, certified decimal, rigorous lower and upper bounds, closed
form) and ``MANIFEST.json`` (hashes and versions); ``symdp tables check`` recomputes the rows
and detects hand edits. :mod:`symdp.testing` reads the tables from other test suites.
"""

from .build import BuildReport, CheckReport, build, check, cli
from .specs import SPECS, TableSpec, compute_row, parse_param, spec

__all__ = ["BuildReport", "CheckReport", "SPECS", "TableSpec", "build", "check", "cli", "compute_row",
           "parse_param", "spec"]
