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
from pathlib import Path
from typing import Sequence

from ..errors import SymdpError, show
from ..io.files import FileRefused, read_regular
from ..io.installed import dist_versions

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


class MalformedFile(SymdpError):
    """A table or manifest file that cannot be read; the message names the file, line and column."""

    def __init__(self, file: str, line: int | None, column: int | None, what: str):
        where = file if line is None else f"{file}:{line}" + ("" if column is None else f", column {column}")
        super().__init__(f"{where}: {what}; a table file that symdp did not write cannot be checked or loaded")
        self.file, self.line, self.column, self.what = file, line, column, what


#: The largest table or manifest file read (the committed ones are below 64 KB): a file is user
#: input, and a million appended rows would otherwise be parsed and recomputed without bound.
MAX_FILE_BYTES = 8 * 2 ** 20


def read_file(path: Path) -> bytes:
    """The bytes of a table, spec or manifest file, refused (:class:`MalformedFile`) when it is
    not a regular file (a link to /dev/zero reports a size of 0 and never ends) or has more than
    :data:`MAX_FILE_BYTES` bytes, read no further than that (:func:`symdp.io.files.read_regular`)."""
    try:
        return read_regular(path, MAX_FILE_BYTES, "the table file")
    except FileRefused as err:
        raise MalformedFile(str(path), None, None, str(err).replace(f"the table file {path} ", "")) from None


def parse_json(data: bytes, file: str) -> object:
    """A JSON file's value; not UTF-8, not JSON, or nested beyond the parser's recursion limit
    raises :class:`MalformedFile` naming `file` (and the line and column where known)."""
    try:
        return json.loads(data.decode("utf-8"))
    except UnicodeDecodeError as err:
        raise MalformedFile(file, None, None, f"byte {err.start} is not UTF-8") from None
    except json.JSONDecodeError as err:
        raise MalformedFile(file, err.lineno, err.colno, f"not JSON ({err.msg})") from None
    except RecursionError:
        raise MalformedFile(file, None, None, "not JSON a table file can have (nested too deeply)") from None


def _line_and_column(text: str, offset: int) -> tuple[int, int]:
    """1-based line and column of character `offset` of `text`."""
    line_start = text.rfind("\n", 0, offset) + 1
    return text.count("\n", 0, offset) + 1, offset - line_start + 1


def _oversized_field(line: str, limit: int) -> int | None:
    """The 1-based column (field) of `line` whose text first exceeds `limit` characters."""
    field, length, quoted = 1, 0, False
    for ch in line:
        if ch == '"':
            quoted = not quoted
        elif ch == "," and not quoted:
            field, length = field + 1, 0
            continue
        length += 1
        if length > limit:
            return field
    return None


def read_csv(data: bytes, file: str = "table") -> tuple[list[str], list[list[str]]]:
    """Header and rows of a CSV file's bytes. A file that is not UTF-8 CSV, or has a cell beyond
    the csv module's field limit (131 072 characters; symdp writes a few hundred at most), raises
    :class:`MalformedFile` naming `file`, the line and the column."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        before = data[:err.start].decode("utf-8", errors="replace")
        raise MalformedFile(file, *_line_and_column(before, len(before)), f"byte {data[err.start]:#04x} is not UTF-8") from None
    reader = csv.reader(io.StringIO(text, newline=""))
    rows: list[list[str]] = []
    try:
        rows.extend(reader)
    except csv.Error as err:
        line = reader.line_num
        physical = text.split("\n")[line - 1] if 0 < line <= text.count("\n") + 1 else ""
        limit = csv.field_size_limit()
        column = _oversized_field(physical, limit) if "field limit" in str(err) else None
        what = (f"a cell longer than {limit} characters" if column is not None else f"not a CSV row ({err})")
        raise MalformedFile(file, line, column, what) from None
    if not rows:
        return [], []
    return rows[0], rows[1:]


def row_digest(cells: Sequence[str]) -> str:
    """A short digest of one CSV row (its canonical CSV line)."""
    return sha256(csv_bytes([], [cells]))[:ROW_DIGEST]


def versions() -> dict[str, str]:
    """symdp's version and those of the dependencies that shape the numbers."""
    from .. import __version__
    return {"symdp": __version__, **dist_versions(*DEPENDENCIES)}


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
    """The manifest of `directory` (empty when there is none); a manifest that is not a JSON
    object raises :class:`MalformedFile` with the line and column of the fault."""
    path = directory / MANIFEST
    if not path.exists():
        return {"format": FORMAT, "tables": {}, "versions": {}}
    out = parse_json(read_file(path), str(path))
    if not isinstance(out, dict) or not isinstance(out.get("tables", {}), dict) or not isinstance(out.get("versions", {}), dict):
        raise MalformedFile(str(path), None, None, "not a manifest: a JSON object with 'tables' and 'versions' objects")
    for name, entry in out.get("tables", {}).items():
        fault = _entry_fault(name, entry)
        if fault:
            raise MalformedFile(str(path), None, None, f"table {show(name, 60)!r}: {fault}")
    return out


_HEX = frozenset("0123456789abcdef")


def _entry_fault(name: str, entry: object) -> str | None:
    """What is wrong with one manifest entry (None if nothing): the fields :func:`table_entry`
    writes, with the file names it gives (so a manifest cannot point outside its folder)."""
    if not isinstance(entry, dict):
        return "its entry is not an object"
    expected = {"spec": spec_name(name), **({"csv": csv_name(name)} if "csv" in entry or not entry.get("pending") else {})}
    for key, value in expected.items():
        if entry.get(key) != value:
            return f"{key!r} must be {value!r}, got {show(entry.get(key), 60)!r}"
    for key in ("spec_sha256", "csv_sha256") if "csv" in expected else ("spec_sha256",):
        sha = entry.get(key)
        if not (isinstance(sha, str) and len(sha) == 64 and set(sha) <= _HEX):
            return f"{key!r} must be a sha256 in hex, got {show(sha, 70)!r}"
    if "csv" in expected:
        digests = entry.get("row_digests")
        if not (isinstance(digests, list) and all(isinstance(d, str) for d in digests)):
            return "'row_digests' must be a list of strings"
        if entry.get("rows") != len(digests):
            return f"'rows' must be the number of row digests, {len(digests)}, got {show(entry.get('rows'), 30)!r}"
    return None


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
    elif sha256(read_file(spec_path)) != entry["spec_sha256"]:
        problems.append(Problem(entry["spec"], None, "sha256 differs from the manifest: the spec was edited"))
    if not csv_path.exists():
        problems.append(Problem(entry["csv"], None, "missing (listed in the manifest)"))
        return problems
    data = read_file(csv_path)
    # Every row's digest is compared even when the file's hash matches: an edit that also
    # rewrote csv_sha256 in the manifest must still be named (a sampled check recomputes only
    # some rows). Hashing every row costs far less than recomputing one.
    try:
        _, rows = read_csv(data, entry["csv"])
    except MalformedFile as err:
        return [*problems, Problem(entry["csv"], err.line, ("" if err.column is None else f"column {err.column}: ") + err.what)]
    digests = entry.get("row_digests", [])
    named = False
    for i, cells in enumerate(rows):
        if i >= len(digests):
            problems.append(Problem(entry["csv"], i + 2, f"row not in the manifest: {shown(cells)}"))
            named = True
        elif row_digest(cells) != digests[i]:
            problems.append(Problem(entry["csv"], i + 2, f"row edited by hand (digest differs from the manifest): {shown(cells)}"))
            named = True
    if len(rows) < len(digests):
        problems.append(Problem(entry["csv"], len(rows) + 2, f"{len(digests) - len(rows)} row(s) missing"))
        named = True
    if not named and sha256(data) != entry["csv_sha256"]:
        problems.append(Problem(entry["csv"], None, "sha256 differs from the manifest (header or line ends edited)"))
    return problems


def shown(cells: Sequence[str], width: int = 200) -> str:
    """A row as text for a message, cut at `width` characters (a cell may be huge)."""
    text = ",".join(cells)
    return text if len(text) <= width else text[:width - 3] + "..."
