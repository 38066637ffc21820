"""Reports of a verification run: a terminal table, a Markdown appendix per paper, and JSON.

The JSON form is the contract of ``symdp verify --json`` (API.md)::

    {"claims": [{"paper", "label", "id", "statement", "status", "evidence", "seconds", "detail", "data"}],
     "summary": {"proved": n, "checked": n, "erratum": n, "failed": n, "total": n,
                 "papers": {key: {status: n}}, "seconds": s, "versions": {...}}}
"""

from __future__ import annotations

import json
import platform
from importlib import metadata
from pathlib import Path
from typing import Iterable, Sequence

from .evidence import STATUSES
from .registry import PAPERS
from .runner import ClaimReport

_PACKAGES = {"sympy": "sympy", "mpmath": "mpmath", "python-flint": "python-flint", "gmpy2": "gmpy2"}


def versions() -> dict[str, str]:
    """Versions of symdp, Python and the libraries every number depends on."""
    out = {"symdp": _version("symdp"), "python": platform.python_version()}
    out.update({name: _version(dist) for name, dist in _PACKAGES.items()})
    return out


def _version(dist: str) -> str:
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        if dist == "symdp":
            import symdp
            return getattr(symdp, "__version__", "unknown (not installed)")
        return "not installed"


def _counts(reports: Iterable[ClaimReport]) -> dict[str, int]:
    counts = dict.fromkeys(STATUSES, 0)
    for r in reports:
        counts[r.status] += 1
    return counts


def summary(reports: Sequence[ClaimReport]) -> dict:
    """Counts per status and per paper, total seconds and versions."""
    out: dict = _counts(reports)
    out["total"] = len(reports)
    out["papers"] = {p: _counts(r for r in reports if r.paper == p) for p in _papers(reports)}
    out["seconds"] = round(sum(r.seconds for r in reports), 3)
    out["versions"] = versions()
    return out


def _papers(reports: Sequence[ClaimReport]) -> list[str]:
    return list(dict.fromkeys(r.paper for r in reports))


def to_json(reports: Sequence[ClaimReport]) -> dict:
    """The JSON object of ``symdp verify --json``."""
    return {"claims": [r.to_json() for r in reports], "summary": summary(reports)}


def from_json(obj: dict) -> list[ClaimReport]:
    """The reports of a JSON object written by :func:`to_json`."""
    return [ClaimReport.from_json(c) for c in obj["claims"]]


# --------------------------------------------------------------------------------------------
# Terminal


def table(reports: Sequence[ClaimReport], width: int = 100) -> str:
    """A plain-text table, one claim per line, then the totals."""
    rows = [("paper", "label", "status", "evidence", "seconds")]
    rows += [(r.paper or "-", r.label, r.status, r.evidence or "-", f"{r.seconds:.1f}") for r in reports]
    widths = [min(max(len(row[i]) for row in rows), 48) for i in range(5)]
    lines = ["  ".join(_fit(cell, w) for cell, w in zip(row, widths)).rstrip() for row in rows]
    lines.insert(1, "-" * min(width, len(lines[0])))
    counts = _counts(reports)
    lines.append("")
    lines.append(", ".join(f"{n} {s}" for s, n in counts.items())
                 + f" of {len(reports)} claims in {sum(r.seconds for r in reports):.1f} s")
    for r in reports:
        if r.status == "failed":
            lines.append(f"FAILED {r.id}: {r.detail}")
    return "\n".join(lines)


def _fit(text: str, width: int) -> str:
    return text.ljust(width) if len(text) <= width else text[: width - 1] + "…"


# --------------------------------------------------------------------------------------------
# Markdown


def _md(text: str) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def environment_md() -> list[str]:
    v = versions()
    return ["| package | version |", "|---|---|"] + [f"| {k} | {val} |" for k, val in v.items()]


def markdown(reports: Sequence[ClaimReport], title: str = "symdp verify") -> str:
    """A readable appendix: environment, totals, then per paper each result and its errata."""
    lines = [f"# {title}", "", "## Environment", "", *environment_md(), "", "## Summary", ""]
    lines += ["| paper | " + " | ".join(STATUSES) + " | seconds |", "|---" * (len(STATUSES) + 2) + "|"]
    for paper in _papers(reports):
        mine = [r for r in reports if r.paper == paper]
        counts = _counts(mine)
        lines.append(f"| {paper or 'load errors'} | " + " | ".join(str(counts[s]) for s in STATUSES)
                     + f" | {sum(r.seconds for r in mine):.1f} |")
    for paper in _papers(reports):
        lines += ["", *_paper_md(paper, [r for r in reports if r.paper == paper])]
    return "\n".join(lines) + "\n"


def _paper_md(paper: str, reports: Sequence[ClaimReport]) -> list[str]:
    heading = f"{paper} — {PAPERS[paper]}" if paper in PAPERS else "Claim modules that failed to load"
    lines = [f"## {heading}", "", "| label | status | evidence | seconds |", "|---|---|---|---|"]
    lines += [f"| {_md(r.label)} | {r.status} | {r.evidence or '-'} | {r.seconds:.1f} |" for r in reports]
    for r in reports:
        lines += ["", f"### {r.label}", "", f"*Statement.* {_md(r.statement)}", "",
                  f"*Status:* **{r.status}** by {r.evidence or 'no evidence'} (`{r.id}`, {r.seconds:.2f} s).", "",
                  f"*Detail.* {_md(r.detail)}"]
    errata = [r for r in reports if r.status == "erratum"]
    if errata:
        lines += ["", "### Errata", ""]
        for r in errata:
            lines += _erratum_md(r)
    return lines


def _erratum_md(r: ClaimReport) -> list[str]:
    data = _erratum_data(r.data)
    witness = ", ".join(f"{k} = {v}" for k, v in data.get("witness", {}).items()) or "(none recorded)"
    corrected = data.get("corrected_statement") or data.get("corrected", {}).get("detail", "")
    return [f"- **{_md(r.label)}**: the printed statement fails at {_md(witness)}.",
            f"  Corrected: {_md(corrected)} ({data.get('corrected', {}).get('status', '?')} by "
            f"{data.get('corrected', {}).get('kind', '?')})."]


def _erratum_data(data: dict) -> dict:
    """The erratum piece of a claim's data (it may sit among the parts of combined evidence)."""
    if "witness" in data:
        return data
    for part in data.get("parts", []):
        if part.get("kind") == "erratum":
            return part.get("data", {})
    return {}


def write(reports: Sequence[ClaimReport], out: str | Path, paper: str | None = None) -> list[Path]:
    """Write the reports into the folder `out`.

    A full run (`paper` None) writes ``verify.md``, ``verify.json`` and one ``<paper>.md`` per
    paper; a run of one paper writes ``verify-<paper>.md`` and ``verify-<paper>.json`` only, so
    the full report stays as it was."""
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    stem = "verify" if paper is None else f"verify-{paper}"
    title = "symdp verify" if paper is None else f"symdp verify: {paper}"
    written = [folder / f"{stem}.md", folder / f"{stem}.json"]
    written[0].write_text(markdown(reports, title), encoding="utf-8")
    written[1].write_text(json.dumps(to_json(reports), indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    if paper is None:
        for key in _papers(reports):
            if key in PAPERS:
                path = folder / f"{key}.md"
                path.write_text(markdown([r for r in reports if r.paper == key], f"symdp verify: {key}"),
                                encoding="utf-8")
                written.append(path)
    return written
