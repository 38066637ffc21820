"""Reports of a verification run: a terminal table, a Markdown appendix per paper, and JSON.

The JSON form is the contract of ``symdp verify --json`` (API.md)::

    {"claims": [{"paper", "label", "id", "statement", "status", "evidence", "seconds", "detail", "data",
                 "stated_domain", "stated_where", "stated_relations", "uses", "prose_steps",
                 "proof_status", "coverage", "proof_notes", "quote", "quote_found", "quote_note",
                 "domain", "proved_domain", "domain_decided_by", "weak_uses", "goals", "steps",
                 "goals_covered", "goals_covered_note"}],
     "summary": {"proved": n, "checked": n, "erratum": n, "failed": n, "total": n,
                 "machine-complete": n, "proved given": n, ... (each of PROOF_STATUSES),
                 "papers": {key: {status: n, proof status: n, "proved_whole": n, "proved_restricted": n}},
                 "proved_whole": n, "proved_restricted": n, "seconds": s, "versions": {...}}}

A claim built with :func:`~symdp.verify.evidence.establish` carries its *statement evidence*
(which decides the raw status), its *cross-checks* (which must pass), the domain it covers and
what it rests on; the claim carries the paper's domain and words. The proof status is computed
from those facts (:mod:`symdp.verify.status`); the reports show each fact — the paper's passage
beside the formal goals the machine proved — and lead with the proofs nothing weakens
(machine-complete, then proved given); a proof with prose steps is counted apart, never in a
"proved" total.
"""

from __future__ import annotations

import json
import platform
import re
import sys
from importlib import metadata
from pathlib import Path
from typing import Iterable, Mapping, Sequence

from .evidence import STATUSES, erratum_data, statement_parts
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
    """``"whole"`` (decided: the proof covers the paper's stated domain, and its goals cover the
    proof's domain), ``"restricted"``, or ``"unrecorded"`` (the paper's or the proof's domain is
    not written down)."""
    if r.coverage == "whole" and r.status == "proved" and r.goals_covered is not True:
        return "restricted"
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
             "domain not recorded": "proved, domain not recorded", "not tied": "proved, quote not found",
             "checked": "checked", "erratum": "errata", "failed": "failed"}
#: The summary's groups: proofs nothing weakens first, then prose proofs alone, then the rest.
_GROUPS = (PROOF_STATUSES[:2], PROOF_STATUSES[2:3], PROOF_STATUSES[3:6], PROOF_STATUSES[6:])


def summary_line(paper: str, reports: Sequence[ClaimReport]) -> str:
    """One line per paper, led by the proofs nothing weakens: machine-complete, proved given |
    proved with prose | restricted, domain not recorded, not tied | checked, errata, failed."""
    counts = _proof_counts(reports)
    groups = [", ".join(f"{counts[s]} {_SHOWN_AS[s]}" for s in group
                        if counts[s] or s in ("machine-complete", "proved given", "proved with prose", "checked",
                                              "erratum")) for group in _GROUPS]
    return f"{paper or 'load errors'}: " + " | ".join(g for g in groups if g) + f" (of {len(reports)})"


def _plain(status: str) -> str:
    return "errata" if status == "erratum" else status


def headline(reports: Sequence[ClaimReport]) -> str:
    """All claims in one sentence, led by machine-complete and proved given; prose proofs counted
    apart: "264 claims: 39 machine-complete, 2 proved given; 107 proved with prose; 6 restricted, …"."""
    counts = _proof_counts(reports)
    return f"{len(reports)} claims: " + "; ".join(", ".join(f"{counts[s]} {_plain(s)}" for s in group)
                                                  for group in _GROUPS)


def counts_table(reports: Sequence[ClaimReport], seconds: bool = False) -> list[str]:
    """A Markdown table of the proof statuses per paper, led by machine-complete and proved given
    (its share of the paper's claims beside it), with a total row."""
    head = ["paper", "claims", "machine-complete", *PROOF_STATUSES[1:6], "checked", "errata", "failed"]
    lines = ["| " + " | ".join(head + (["seconds"] if seconds else [])) + " |",
             "|" + "---|" * (len(head) + seconds)]
    papers = _papers(reports)
    for paper, mine in [(p, [r for r in reports if r.paper == p]) for p in papers] + [("total", list(reports))]:
        if paper == "total" and len(papers) < 2:
            continue
        counts = _proof_counts(mine)
        share = f"{counts['machine-complete']} ({round(100 * counts['machine-complete'] / len(mine))} %)" if mine else "0"
        row = [_cell(paper or "load errors"), str(len(mine)), share, *(str(counts[s]) for s in PROOF_STATUSES[1:])]
        lines.append("| " + " | ".join(row + ([f"{sum(r.seconds for r in mine):.1f}"] if seconds else [])) + " |")
    return lines


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
    lines.append("")
    for paper in _papers(reports):
        lines.append(summary_line(paper, [r for r in reports if r.paper == paper]))
    lines.append(headline(reports) + f" in {sum(r.seconds for r in reports):.1f} s")
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
    lines = [f"# {title}", "", "## Summary", "", headline(reports) + ".", "", *counts_table(reports, seconds=True), "",
             *[f"- {summary_line(p, [r for r in reports if r.paper == p])}" for p in _papers(reports)],
             "", "## Environment", "", *environment_md()]
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
        lines += _words_and_goals_md(r)
        if r.status in ("proved", "checked"):
            lines += [f"*Domain:* {_line(domain_text(r))}.", ""]
            lines += _domains_md(r)
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
        how = f" ({erratum_data(r.data).get('kind') or 'ungraded'})"
    weak = f"; rests on claims that are only checked or errata: {', '.join(f'`{w}`' for w in r.weak_uses)}" \
        if r.weak_uses else ""
    return f"*Status:* **{r.proof_status}**{how} (`{r.id}`, {r.seconds:.2f} s){weak}."


def _words_and_goals_md(r: ClaimReport) -> list[str]:
    """The paper's passage beside what the machine proved: the quote (and whether it was found
    verbatim), the formal goals, each with its certificate, and the proof's steps in order."""
    out = []
    if r.quote:
        out += ["*The paper's words*" + ("" if r.quote_found else f" (**not tied**: {_line(r.quote_note)})") + ":", "",
                "> " + _line(r.quote), ""]
    elif r.status == "proved":
        out += ["*The paper's words:* none recorded (**not tied**).", ""]
    if r.goals:
        out += ["*Formal goals:*", ""]
        for g in r.goals:
            cert = f"certified ({g.get('kind')})" if g.get("certified") else "no certificate"
            digest = f", `{str(g['digest'])[:19]}…`" if g.get("digest") else ""
            covers = {True: "; covers the proof's domain", False: "; **does not cover the proof's domain**: ",
                      None: "; covering the proof's domain **undecided**: "}.get(g.get("covered"), "") \
                if "covered" in g else ""
            why = _line(g.get("covered_why", "")) if g.get("covered") is not True and "covered" in g else ""
            out.append(f"- `{_code(g.get('text', ''))}` — {cert}{digest}{covers}{why}")
        out.append("")
    if r.steps and any(s.get("kind") != "machine" for s in r.steps):
        out += ["*Steps:*", ""] + [f"{i}. {s.get('kind')}" + (f" ({s['rule']})" if s.get("rule") else "")
                                   + f": {_line(s.get('text', ''))}" for i, s in enumerate(r.steps, 1)] + [""]
    return out


def _domains_md(r: ClaimReport) -> list[str]:
    """The paper's domain and the proof's, machine-readable items, and how inclusion was decided."""
    def shown(items: list | None) -> str:
        return "not recorded (words only)" if items is None else "; ".join(_line(i.get("text", "?")) for i in items) \
            or "no hypotheses"
    how = f"decided by {r.domain_decided_by}" if r.domain_decided_by else "not decided"
    out = [f"*Paper's domain (machine-readable):* {shown(r.domain)}. *Proof's:* {shown(r.proved_domain)} "
           f"({r.coverage}, {how}).", ""]
    if r.status == "proved":
        verdict = {True: "yes", False: "no", None: "not decided"}[r.goals_covered]
        out += [f"*Goals cover the proof's domain:* {verdict}" + (f" ({_line(r.goals_covered_note)})"
                                                                  if r.goals_covered_note else "") + ".", ""]
    return out


def _code(text: object) -> str:
    """`text` inside inline code: one line, backticks replaced."""
    return _line(text).replace("`", "'")


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
    data = erratum_data(r.data)
    witness = ", ".join(f"{k} = {v}" for k, v in data.get("witness", {}).items()) or "(none recorded)"
    corrected = data.get("corrected_statement") or data.get("corrected", {}).get("detail", "")
    kind = data.get("kind") or "ungraded"
    out = [f"- **{_line(r.label)}** ({kind}): the printed statement fails at {_line(witness)}.",
           f"  Corrected: {_line(corrected)} ({data.get('corrected', {}).get('status', '?')} by "
           f"{data.get('corrected', {}).get('kind', '?')})."]
    if data.get("reading"):
        out.append(f"  Reading: {_line(data['reading'])}.")
    return out


def _erratum_detail(r: ClaimReport) -> str:
    """What the erratum evidence says is wrong (its own detail, also among combined parts)."""
    if "witness" in r.data:
        return r.detail
    part = next((p for p in r.data.get("parts", []) + statement_parts(r.data) if p.get("kind") == "erratum"), {})
    return str(part.get("detail", r.detail))


#: Longest witness shown in the README's errata table (longer ones are in the report).
_WITNESS_SHOWN = 100


def errata_table(reports: Sequence[ClaimReport]) -> list[str]:
    """The README's errata table: one row per claim whose status is ``erratum`` — paper, where
    (the claim's label), kind, what is wrong (the erratum's detail, and its witness when short)."""
    lines = ["| paper | where | kind | what is wrong (witness) |", "|---|---|---|---|"]
    for r in reports:
        if r.status != "erratum":
            continue
        data = erratum_data(r.data)
        witness = ", ".join(f"{k} = {v}" for k, v in data.get("witness", {}).items())
        what = _erratum_detail(r) + (f" ({witness})" if witness and len(witness) <= _WITNESS_SHOWN else "")
        where = re.sub(r",\s*erratum$", "", r.label.strip())
        lines.append(f"| {_cell(r.paper)} | {_cell(where)} | {data.get('kind') or 'ungraded'} | {_cell(what)} |")
    return lines


#: The README's generated sections, by marker name.
README_SECTIONS = {"verify-counts": lambda reports: [headline(reports) + ".", "", *counts_table(reports)],
                   "verify-errata": errata_table}


def readme_sections(reports: Sequence[ClaimReport]) -> dict[str, str]:
    """The README's generated sections (:data:`README_SECTIONS`) from a full report."""
    return {name: "\n".join(make(reports)) for name, make in README_SECTIONS.items()}


def update_readme(text: str, reports: Sequence[ClaimReport]) -> str:
    """`text` (the README) with each generated section, between ``<!-- generated: NAME -->`` and
    ``<!-- end: NAME -->``, replaced by its generation from `reports`."""
    for name, body in readme_sections(reports).items():
        pattern = re.compile(rf"(<!-- generated: {re.escape(name)} [^\n]*-->\n).*?(<!-- end: {re.escape(name)} -->)", re.S)
        if not pattern.search(text):
            raise ValueError(f"the README has no section '<!-- generated: {name} ... -->' … '<!-- end: {name} -->'")
        text = pattern.sub(lambda m: m.group(1) + body + "\n" + m.group(2), text)
    return text


#: Largest earlier report read for the claims' times, in bytes.
MAX_PREVIOUS = 64 << 20


def previous_seconds(out: str | Path, paper: str | None = None) -> tuple[dict[str, float], str | None]:
    """(claim id → seconds, the file read) from the report an earlier run wrote into `out`
    (``verify-KEY.json`` for `paper`, else ``verify.json``); empty when there is none or it is not
    a readable report (only a regular file under :data:`MAX_PREVIOUS` bytes is read)."""
    folder = Path(out)
    for file in ([folder / f"verify-{paper}.json"] if paper else []) + [folder / "verify.json"]:
        try:
            if not file.is_file() or file.stat().st_size > MAX_PREVIOUS:
                continue
            claims = json.loads(file.read_text(encoding="utf-8"))["claims"]
            times = {str(c["id"]): float(c["seconds"]) for c in claims if isinstance(c, dict) and "id" in c}
        except (OSError, ValueError, KeyError, TypeError):
            continue
        times = {k: v for k, v in times.items() if 0 <= v < 1e6}
        if times:
            return times, str(file)
    return {}, None


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


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m symdp.verify.report README.md reports/verify.json``: rewrite the README's
    generated sections from a full report (``symdp verify --out reports``)."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 2:
        print("usage: python -m symdp.verify.report README.md REPORT.json", file=sys.stderr)
        return 2
    readme, found = Path(args[0]), Path(args[1])
    reports = from_json(json.loads(found.read_text(encoding="utf-8")))
    readme.write_text(update_readme(readme.read_text(encoding="utf-8"), reports), encoding="utf-8")
    print(f"{readme}: generated sections rewritten from {found} ({len(reports)} claims)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
