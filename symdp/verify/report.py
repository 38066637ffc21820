"""Reports of a verification run: a terminal table, a Markdown appendix per paper, and JSON.

The JSON form is the contract of ``symdp verify --json`` (API.md)::

    {"claims": [{"paper", "label", "id", "statement", "status", "evidence", "seconds", "detail", "data",
                 "stated_domain", "stated_where", "stated_relations", "uses", "prose_steps",
                 "proof_status", "coverage", "proof_notes"}],
     "summary": {"proved": n, "checked": n, "erratum": n, "failed": n, "total": n,
                 "machine-complete": n, "proved given": n, ... (each of PROOF_STATUSES),
                 "papers": {key: {status: n, proof status: n, "proved_whole": n, "proved_restricted": n}},
                 "proved_whole": n, "proved_restricted": n, "seconds": s, "versions": {...}}}

A claim built with :func:`~symdp.verify.evidence.establish` carries its *statement evidence*
(which decides the raw status), its *cross-checks* (which must pass), the domain it covers and
what it rests on; the claim carries the paper's domain. The proof status is computed from those
facts (:mod:`symdp.verify.status`); the reports show each fact, and count a proof as
"machine-complete" only when nothing weakens it.
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
from .status import PROOF_STATUSES
from .status import domain_text as status_domain_text

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


def coverage(r: ClaimReport) -> str:
    """``"whole"`` (decided: the proof covers the paper's stated domain), ``"restricted"``, or
    ``"unrecorded"`` (the paper's or the proof's domain is not written down)."""
    return r.coverage or "unrecorded"


def domain_text(r: ClaimReport) -> str:
    """The proof's domain against the paper's, with where the paper states it."""
    return status_domain_text(coverage(r), r.data.get("domain"), r.stated_domain or r.data.get("stated_domain"),
                              r.stated_where)


def _proof_counts(reports: Iterable[ClaimReport]) -> dict[str, int]:
    reports = list(reports)
    proved = [r for r in reports if r.status == "proved"]
    whole = sum(1 for r in proved if coverage(r) == "whole")
    counts = {s: sum(1 for r in reports if r.proof_status == s) for s in PROOF_STATUSES}
    return {**counts, "proved_whole": whole, "proved_restricted": len(proved) - whole}


#: How the summary line names each proof status.
_SHOWN_AS = {"machine-complete": "machine-complete", "proved given": "proved given cited results or checked claims",
             "proved with prose": "proved with prose steps", "restricted": "restricted",
             "domain not recorded": "proved, domain not recorded", "checked": "checked", "erratum": "errata",
             "failed": "failed"}


def summary_line(paper: str, reports: Sequence[ClaimReport]) -> str:
    """One line per paper: machine-complete / given cited results / prose steps / restricted /
    domain not recorded / checked / errata / failed."""
    counts = _proof_counts(reports)
    parts = [f"{counts[s]} {_SHOWN_AS[s]}" for s in PROOF_STATUSES
             if counts[s] or s not in ("domain not recorded", "failed")]
    return f"{paper or 'load errors'}: " + ", ".join(parts) + f" (of {len(reports)})"


def summary(reports: Sequence[ClaimReport]) -> dict:
    """Counts per status and per proof status, per paper, total seconds and versions."""
    out: dict = _counts(reports)
    out.update(_proof_counts(reports))
    out["total"] = len(reports)
    out["papers"] = {p: {**_counts(r for r in reports if r.paper == p), **_proof_counts(r for r in reports if r.paper == p)}
                     for p in _papers(reports)}
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
    rows = [("paper", "label", "status", "domain", "statement", "cross-checks", "seconds")]
    rows += [(r.paper or "-", r.label, r.proof_status, coverage(r) if r.status in ("proved", "checked") else "-",
              _statement_kind(r), _cross_kinds(r), f"{r.seconds:.1f}") for r in reports]
    widths = [min(max(len(row[i]) for row in rows), 48) for i in range(len(rows[0]))]
    lines = ["  ".join(_fit(cell, w) for cell, w in zip(row, widths)).rstrip() for row in rows]
    lines.insert(1, "-" * min(width, len(lines[0])))
    counts = _counts(reports)
    lines.append("")
    for paper in _papers(reports):
        lines.append(summary_line(paper, [r for r in reports if r.paper == paper]))
    lines.append(", ".join(f"{n} {s}" for s, n in counts.items())
                 + f" of {len(reports)} claims in {sum(r.seconds for r in reports):.1f} s")
    for r in reports:
        if r.status == "failed":
            lines.append(f"FAILED {r.id}: {r.detail}")
    return "\n".join(lines)


def _statement_kind(r: ClaimReport) -> str:
    statement = r.data.get("statement")
    return statement["kind"] if isinstance(statement, dict) else (r.evidence or "-")


def _cross_checks(r: ClaimReport) -> list[dict]:
    checks = r.data.get("cross_checks")
    return checks if isinstance(checks, list) else []


def _cross_kinds(r: ClaimReport) -> str:
    checks = _cross_checks(r)
    if not checks:
        return "-"
    kinds = "+".join(dict.fromkeys(c.get("kind", "?") for c in checks))
    return f"{len(checks)} ({kinds})"


def _fit(text: str, width: int) -> str:
    return text.ljust(width) if len(text) <= width else text[: width - 1] + "…"


# --------------------------------------------------------------------------------------------
# Markdown


def _cell(text: object) -> str:
    """`text` inside a Markdown table cell: one line, pipes escaped."""
    return _line(text).replace("|", "\\|")


def _line(text: object) -> str:
    """`text` in running Markdown: one line (a backslash before a pipe would print literally here)."""
    return " ".join(str(text).split())


def environment_md() -> list[str]:
    v = versions()
    return ["| package | version |", "|---|---|"] + [f"| {k} | {val} |" for k, val in v.items()]


def markdown(reports: Sequence[ClaimReport], title: str = "symdp verify") -> str:
    """A readable appendix: environment, totals, then per paper each result and its errata."""
    lines = [f"# {title}", "", "## Environment", "", *environment_md(), "", "## Summary", ""]
    lines += ["| paper | " + " | ".join(PROOF_STATUSES) + " | seconds |", "|---" * (len(PROOF_STATUSES) + 2) + "|"]
    for paper in _papers(reports):
        mine = [r for r in reports if r.paper == paper]
        counts = _proof_counts(mine)
        lines.append(f"| {_cell(paper or 'load errors')} | " + " | ".join(str(counts[s]) for s in PROOF_STATUSES)
                     + f" | {sum(r.seconds for r in mine):.1f} |")
    lines += [""] + [f"- {summary_line(p, [r for r in reports if r.paper == p])}" for p in _papers(reports)]
    for paper in _papers(reports):
        lines += ["", *_paper_md(paper, [r for r in reports if r.paper == paper])]
    return "\n".join(lines) + "\n"


def _paper_md(paper: str, reports: Sequence[ClaimReport]) -> list[str]:
    heading = f"{paper} — {PAPERS[paper]}" if paper in PAPERS else "Claim modules that failed to load"
    lines = [f"## {heading}", "", summary_line(paper, reports), "",
             "| label | status | domain | statement evidence | cross-checks | seconds |", "|---|---|---|---|---|---|"]
    lines += [f"| {_cell(r.label)} | {r.proof_status} | {coverage(r) if r.status in ('proved', 'checked') else '-'} | "
              f"{_statement_kind(r)} | {_cross_kinds(r)} | {r.seconds:.1f} |" for r in reports]
    for r in reports:
        lines += ["", f"### {_line(r.label)}", "", f"*Statement.* {_line(r.statement)}", "", _status_md(r), ""]
        if r.status in ("proved", "checked"):
            lines += [f"*Domain:* {_line(domain_text(r))}.", ""]
        lines += _rests_on_md(r)
        statement = r.data.get("statement")
        if isinstance(statement, dict):
            lines += [f"*Statement evidence* ({statement.get('kind')}, {statement.get('status')}): "
                      f"{_line(statement.get('detail', ''))}", ""]
            for c in _cross_checks(r):
                lines.append(f"- cross-check ({c.get('kind')}, {c.get('status')}): {_line(c.get('detail', ''))}")
            if _cross_checks(r):
                lines.append("")
        else:
            lines += [f"*Detail.* {_line(r.detail)}"]
    errata = [r for r in reports if r.status == "erratum"]
    if errata:
        lines += ["", "### Errata", ""]
        for r in errata:
            lines += _erratum_md(r)
    return lines


def _status_md(r: ClaimReport) -> str:
    """The status line: the computed proof status, and for proofs and checks the evidence kind
    that gives it (an erratum or a failure names no kind: "erratum by erratum" says nothing)."""
    how = f" by {_statement_kind(r)}" if r.status in ("proved", "checked") else ""
    if r.status == "erratum":
        how = f" ({_erratum_data(r.data).get('kind') or 'ungraded'})"
    return f"*Status:* **{r.proof_status}**{how} (`{r.id}`, {r.seconds:.2f} s)."


def _rests_on_md(r: ClaimReport) -> list[str]:
    out = []
    if r.uses:
        shown = [u if isinstance(u, str) else f"{u.get('author')}, {u.get('result')}" for u in r.uses]
        out += [f"*Uses:* {_line('; '.join(shown))}.", ""]
    if r.prose_steps:
        out += [f"*Steps in prose:* {_line('; '.join(r.prose_steps))}.", ""]
    notes = [n for n in r.proof_notes if n]
    if r.status == "proved" and notes:
        out += [f"*Why this status:* {_line('; '.join(notes))}.", ""]
    return out


def _erratum_md(r: ClaimReport) -> list[str]:
    data = _erratum_data(r.data)
    witness = ", ".join(f"{k} = {v}" for k, v in data.get("witness", {}).items()) or "(none recorded)"
    corrected = data.get("corrected_statement") or data.get("corrected", {}).get("detail", "")
    kind = data.get("kind") or "ungraded"
    out = [f"- **{_line(r.label)}** ({kind}): the printed statement fails at {_line(witness)}.",
           f"  Corrected: {_line(corrected)} ({data.get('corrected', {}).get('status', '?')} by "
           f"{data.get('corrected', {}).get('kind', '?')})."]
    if data.get("reading"):
        out.append(f"  Reading: {_line(data['reading'])}.")
    return out


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
    the full report stays as it was. Either then writes the blueprint pages (``index.html`` and
    ``<paper>.html``, :mod:`symdp.verify.blueprint`) from the folder's newest report of each paper."""
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
    from . import blueprint  # the HTML pages: a view of the folder's reports (imports this module)
    return written + blueprint.write(folder)
