"""Check that every bracket of a rebuilt table intersects the bracket it replaces.

Two certified brackets of the same quantity both contain the truth, so they must intersect; a
rebuilt table whose bracket misses its old one means one of the two builds is wrong. Rows are
matched on the parameter columns (every column before ``value``); the ends are compared as exact
rationals (the decimals are rounded outward, so they still bracket the truth). The old table
comes from git (``--rev``, default HEAD) or from a file.

    PYTHONPATH=. python benchmarks/bracket_intersections.py tables/dpsgd_epsilon.csv [--rev HEAD | --old FILE]

Exit 1 when a row misses its old bracket or disappeared, or (unless --allow-wider) got more than
twice as wide (valid, but a regression); prints how many rows got narrower.
"""

from __future__ import annotations

import argparse
import csv
import io
import subprocess
import sys
from fractions import Fraction


def _rows(text: str) -> dict[tuple[str, ...], tuple[Fraction, Fraction]]:
    reader = csv.DictReader(io.StringIO(text))
    names = reader.fieldnames or []
    key_names = names[:names.index("value")] if "value" in names else names[:-3]
    out = {}
    for row in reader:
        out[tuple(row[k] for k in key_names)] = (Fraction(row["lower"]), Fraction(row["upper"]))
    return out


def compare(old_text: str, new_text: str, wider: float | None = 2.0) -> tuple[list[str], int, int]:
    """(problems, rows compared, rows narrower); a row more than `wider` times as wide as before
    is a problem too (None: never)."""
    old, new = _rows(old_text), _rows(new_text)
    problems, narrower = [], 0
    for key, (lo, hi) in old.items():
        if key not in new:
            problems.append(f"row {key} is gone")
            continue
        nlo, nhi = new[key]
        if nlo > hi or nhi < lo:
            problems.append(f"row {key}: new [{nlo}, {nhi}] misses old [{lo}, {hi}]")
        if nhi - nlo < hi - lo:
            narrower += 1
        elif wider is not None and nhi - nlo > wider * (hi - lo):
            problems.append(f"row {key}: new [{nlo}, {nhi}] is {float((nhi - nlo) / (hi - lo)):.3g} times as wide "
                            f"as old [{lo}, {hi}]")
    return problems, len(old), narrower


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("table", help="the rebuilt CSV")
    parser.add_argument("--rev", default="HEAD", help="the git revision holding the old table (default HEAD)")
    parser.add_argument("--old", default=None, help="the old CSV as a file instead")
    parser.add_argument("--allow-wider", action="store_true", help="a row may get more than twice as wide")
    args = parser.parse_args()
    with open(args.table, encoding="utf-8") as f:
        new_text = f.read()
    if args.old:
        with open(args.old, encoding="utf-8") as f:
            old_text = f.read()
    else:
        old_text = subprocess.run(["git", "show", f"{args.rev}:{args.table}"], capture_output=True, text=True,
                                  check=True).stdout
    problems, count, narrower = compare(old_text, new_text, None if args.allow_wider else 2.0)
    for p in problems:
        print(p)
    print(f"{args.table}: {count} rows, {len(problems)} problems, {narrower} narrower than before")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
