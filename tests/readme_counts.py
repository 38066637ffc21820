"""The counts README.md states about the code, computed from the code.

Each entry is a pattern of the README with one group, the count's text, and the function that
computes that text. ``python tests/readme_counts.py`` writes the computed counts into README.md;
``tests/test_readme.py`` fails while one is stale, naming it. The limits table is checked row by
row against ``symdp.limits.DEFAULTS`` (every limit has its row, with its value).

Measurements (times, a campaign's findings, a past mutation run, the report of a verify run) are
records of a run, not counts of the code, and are not generated here; the per-paper verify table
and the errata table are generated from a verify report by their own tool.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"

_SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
_DIGITS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789")


def grouped(n: int) -> str:
    """1301 → '1 301', as the README writes thousands."""
    return f"{n:,}".replace(",", " ")


def _tables() -> list[tuple[str, int | None, str]]:
    from symdp.io.installed import data_dir
    from symdp.tables.build import listing
    return listing(str(data_dir("tables")))


def _rows(name: str) -> Callable[[], str]:
    return lambda: str(next(rows for n, rows, _ in _tables() if n == name))


def _claims(paper: str) -> str:
    from symdp.verify import load_claims
    from symdp.verify.registry import default_claims_path
    return str(len(load_claims(default_claims_path()).select(paper)))


def _module(path: str):
    spec = importlib.util.spec_from_file_location(Path(path).stem, ROOT / path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def _mutants() -> tuple[int, int]:
    """(all mutants, the general ones) of benchmarks/mutation.py."""
    mutation = _module("benchmarks/mutation.py")
    return len(mutation._collect()[0]), len(mutation.MUTANTS)


def _fuzz(name: str) -> str:
    """A default of tests/test_fuzz.py, read from its source (importing it draws strategies)."""
    text = (ROOT / "tests" / "test_fuzz.py").read_text(encoding="utf-8")
    return re.search(rf"^{name} = (\d+)", text, re.M).group(1)


def _limit(name: str) -> Callable[[], str]:
    from symdp import limits
    return lambda: grouped(limits.DEFAULTS[name])


def _bracket_ends() -> str:
    """The ends of the README's DP-SGD bracket (its block's own call, run here) as the comment
    beside ``b.decimals(12)`` shows them: rounded outward to six significant digits, then an
    ellipsis."""
    text = README.read_text(encoding="utf-8")
    block = next(b for b in re.findall(r"^```python\n(.*?)^```", text, re.S | re.M) if "b.decimals(12)" in b)
    setup = "\n".join(line for line in block.splitlines() if line.startswith(("from ", "import ", "b = ")))
    namespace: dict = {}
    exec(setup, namespace)
    return repr(tuple(end + "…" for end in namespace["b"].decimals(6)))


COUNTS: list[tuple[str, Callable[[], str]]] = [
    (r"`tables/` holds (\d+) certified tables", lambda: str(len(_tables()))),
    (r"certified tables \(([\d ]+) rows\)", lambda: grouped(sum(rows or 0 for _, rows, _ in _tables()))),
    (r"`dpsgd_epsilon` \((\d+) rows\)", _rows("dpsgd_epsilon")),
    (r"`dpsgd_delta` \((\d+) rows\)", _rows("dpsgd_delta")),
    (r"symdp verify --paper extremal-ldp +# (\d+) claims", lambda: _claims("extremal-ldp")),
    (r"mutation\.py +# all (\d+), with", lambda: str(_mutants()[0])),
    (r"# all \d+, with the (\d+) general ones", lambda: str(_mutants()[1])),
    (r"seeded CI run \((\d+) cases", lambda: _fuzz("DEFAULT_EXAMPLES")),
    (r"Each batch of (\d+) cases", lambda: _fuzz("BATCH")),
    (r"`--digits` is capped at (\d+)\.", lambda: str(__import__("symdp.numbers").numbers.MAX_DIGITS)),
    (r"an intermediate value of more than\s+([\d ]+) nodes", _limit("value_nodes")),
    (r"functions nested more than (\d+) deep is refused", _limit("function_nesting")),
    (r"an evaluation stops after (\d+) s\.", _limit("seconds")),
    (r"keep one call under about 2 GB and (\d+) s here", _limit("seconds")),
    (r"b\.decimals\(12\) +# (\('[^']*', '[^']*'\))", _bracket_ends),
]


def stale(text: str) -> list[tuple[str, str, str]]:
    """(pattern, README's text, the code's) for every count that differs or is missing."""
    out = []
    for pattern, compute in COUNTS:
        found = re.search(pattern, text)
        want = compute()
        if found is None or found.group(1) != want:
            out.append((pattern, found.group(1) if found else "(not found)", want))
    return out


def write(text: str) -> str:
    """`text` with every count replaced by the code's."""
    for pattern, compute in COUNTS:
        want = compute()
        text = re.sub(pattern, lambda m: m.group(0)[:m.start(1) - m.start(0)] + want + m.group(0)[m.end(1) - m.start(0):],
                      text, count=1)
    return text


# --------------------------------------------------------------------------------------------
# The limits table


def parse_number(text: str) -> int:
    """'2 000 000', '2³²', '10⁶', '2048' → the integer."""
    text = text.strip().replace(" ", "").replace("\u202f", "")
    power = re.fullmatch(r"(\d+)([⁰¹²³⁴⁵⁶⁷⁸⁹]+)", text)
    if power:
        return int(power.group(1)) ** int(power.group(2).translate(_DIGITS))
    return int(text)


def limits_table(text: str) -> dict[str, int]:
    """name → default, from the README's table of limits (rows '| `name` | value | ... |')."""
    section = text.split("| limit | default | bounds |", 1)[1].split("\n\n", 1)[0]
    return {m.group(1): parse_number(m.group(2)) for m in re.finditer(r"^\| `(\w+)` \| ([^|]+) \|", section, re.M)}


if __name__ == "__main__":
    before = README.read_text(encoding="utf-8")
    after = write(before)
    if after != before:
        README.write_text(after, encoding="utf-8")
    for pattern, was, now in stale(before):
        print(f"{pattern}: {was} -> {now}")
