"""The tables' files and their manifest: deterministic bytes and the hashes that pin them.

Every file is UTF-8 with ``\\n`` line ends, no timestamps and a fixed order, so a rebuild is
byte-identical. ``MANIFEST.json`` records, per table, the sha256 of its CSV and spec, the row
count and a short digest of every row (so a hand edit is reported with its row, without any
recomputation), plus the symdp and dependency versions that built the tables.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Sequence

MANIFEST = "MANIFEST.json"
FORMAT = 1
#: Distributions whose versions are recorded (they determine the computed bytes).
DEPENDENCIES = ("python-flint", "sympy", "mpmath")
#: Hex digits kept of each row's sha256 (a collision needs ~2^32 edits of one table).
ROW_DIGEST = 16


def csv_name(name: str) -> str:
    return f"{name}.csv"


def spec_name(name: str) -> str:
    return f"{name}.spec.json"


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def json_bytes(obj: object) -> bytes:
    """Canonical JSON: sorted keys, two-space indent, UTF-8, trailing newline."""
    return (json.dumps(obj, indent=2, sort_keys=True, ensure_ascii=False) + "\n").encode("utf-8")


def csv_bytes(header: Sequence[str], rows: Sequence[Sequence[str]]) -> bytes:
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    return buf.getvalue().encode("utf-8")


def read_csv(data: bytes) -> tuple[list[str], list[list[str]]]:
    """Header and rows of a CSV file's bytes."""
    reader = csv.reader(io.StringIO(data.decode("utf-8"), newline=""))
    rows = list(reader)
    if not rows:
        return [], []
    return rows[0], rows[1:]


def row_digest(cells: Sequence[str]) -> str:
    """A short digest of one CSV row (its canonical CSV line)."""
    return sha256(csv_bytes([], [cells]))[:ROW_DIGEST]


def versions() -> dict[str, str]:
    """symdp's version and those of the dependencies that shape the numbers."""
    from .. import __version__
    out = {"symdp": __version__}
    for dist in DEPENDENCIES:
        try:
            out[dist] = metadata.version(dist)
        except metadata.PackageNotFoundError:
            out[dist] = "not installed"
    return out


def table_entry(name: str, csv_data: bytes, spec_data: bytes, rows: Sequence[Sequence[str]]) -> dict:
    return {
        "csv": csv_name(name),
        "csv_sha256": sha256(csv_data),
        "spec": spec_name(name),
        "spec_sha256": sha256(spec_data),
        "rows": len(rows),
        "row_digests": [row_digest(r) for r in rows],
    }


def read_manifest(directory: Path) -> dict:
    path = directory / MANIFEST
    if not path.exists():
        return {"format": FORMAT, "tables": {}, "versions": {}}
    return json.loads(path.read_text(encoding="utf-8"))


def write_manifest(directory: Path, tables: dict[str, dict]) -> None:
    """Write MANIFEST.json for `tables` (name → entry), merged with the entries already there."""
    current = read_manifest(directory)
    merged = dict(current.get("tables", {}))
    merged.update(tables)
    out = {"format": FORMAT, "versions": versions(), "tables": dict(sorted(merged.items()))}
    (directory / MANIFEST).write_bytes(json_bytes(out))


@dataclass(frozen=True)
class Problem:
    """One disagreement found by a check: which file, which row (1-based CSV line), what."""

    file: str
    line: int | None
    message: str

    def __str__(self) -> str:
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        return f"{where}: {self.message}"


def verify_files(directory: Path, name: str, entry: dict) -> list[Problem]:
    """Hash checks of one table's CSV and spec against the manifest, naming edited rows."""
    problems: list[Problem] = []
    spec_path = directory / entry["spec"]
    csv_path = directory / entry["csv"]
    if not spec_path.exists():
        problems.append(Problem(entry["spec"], None, "missing (listed in the manifest)"))
    elif sha256(spec_path.read_bytes()) != entry["spec_sha256"]:
        problems.append(Problem(entry["spec"], None, "sha256 differs from the manifest: the spec was edited"))
    if not csv_path.exists():
        problems.append(Problem(entry["csv"], None, "missing (listed in the manifest)"))
        return problems
    data = csv_path.read_bytes()
    if sha256(data) == entry["csv_sha256"]:
        return problems
    _, rows = read_csv(data)
    digests = entry.get("row_digests", [])
    named = False
    for i, cells in enumerate(rows):
        if i >= len(digests):
            problems.append(Problem(entry["csv"], i + 2, f"row not in the manifest: {','.join(cells)}"))
            named = True
        elif row_digest(cells) != digests[i]:
            problems.append(Problem(entry["csv"], i + 2, f"row edited by hand (digest differs from the manifest): {','.join(cells)}"))
            named = True
    if len(rows) < len(digests):
        problems.append(Problem(entry["csv"], len(rows) + 2, f"{len(digests) - len(rows)} row(s) missing"))
        named = True
    if not named:
        problems.append(Problem(entry["csv"], None, "sha256 differs from the manifest (header or line ends edited)"))
    return problems
