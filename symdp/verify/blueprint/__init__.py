"""The blueprint: a verification report as static web pages, in the form the formal-mathematics
community set for showing a development (a dependency graph of the results, coloured by status;
each result with its statement, its proof steps and what it uses).

``symdp verify --out DIR`` writes, beside the Markdown and JSON reports:

- ``DIR/index.html``: the papers, their claims counted by proof status, the recheck verdicts
  (from ``DIR/recheck.json``, written by ``symdp verify --recheck --out DIR``), links to the pages;
- ``DIR/<paper key>.html``: the paper's claims as a dependency graph (inline SVG, one node per claim
  with ``data-claim="<claim id>"``, coloured by proof status, linking to the claim's section), a
  legend whose boxes filter the claims by status, and one section per claim (``id="<claim id>"``):
  its label and statement, the paper's words (``quote``), the formal goals rendered as MathML, the
  domain and how its inclusion was decided, the proof steps, what it uses, the certificates with
  their recheck verdicts, the erratum with its witness and kind, its figure.

The pages are self-contained: inline CSS and SVG, MathML (rendered by the browser, no script), and
one small inline script for the filters; no network access (the pages' Content Security Policy
forbids it), so the folder can be attached to a paper's artefact or served as it is. The figures
``symdp figures --out DIR`` writes into the same folder are shown by relative link.

The pages are a view of the folder: for each paper, the newest of ``verify.json`` and
``verify-<paper>.json`` that holds it (``symdp verify --paper KEY`` refreshes that paper's page and
the index, and the other papers keep the full run's report). Recheck verdicts are shown for a
paper only when ``recheck.json`` is at least as new as the report its claims come from: verdicts
about an older run's certificates are not shown as verdicts about this one's.

Every field is read defensively (a report is data anyone may hand over): a field that is absent
is shown as "not recorded", and everything is escaped (:mod:`symdp.verify.blueprint.pages`).
"""

from __future__ import annotations

import json
import re
import stat
from pathlib import Path
from typing import Mapping

from ..registry import PAPERS
from . import pages

__all__ = ["write", "MAX_REPORT_BYTES"]

#: Largest report file read (bytes); a larger one is left out with a note.
MAX_REPORT_BYTES = 256 * 2**20
#: A paper key that can name a page file in the folder (and is not the index).
_PAGE_KEY = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,99}")


def _read(path: Path, notes: list[str]) -> Mapping | None:
    """The JSON object in `path`, or None (with a note) when it is missing, not a regular file, too
    large or not JSON."""
    try:
        info = path.stat()
    except OSError:
        return None
    if not stat.S_ISREG(info.st_mode):
        notes.append(f"{path.name} is not a regular file: left out")
        return None
    if info.st_size > MAX_REPORT_BYTES:
        notes.append(f"{path.name} has {info.st_size} bytes, more than {MAX_REPORT_BYTES}: left out")
        return None
    try:
        with path.open("rb") as f:
            obj = json.loads(f.read(MAX_REPORT_BYTES + 1).decode("utf-8"))
    except (OSError, ValueError, RecursionError) as err:
        notes.append(f"{path.name} could not be read ({type(err).__name__}): left out")
        return None
    if not isinstance(obj, Mapping):
        notes.append(f"{path.name} is not a JSON object: left out")
        return None
    return obj


def page_name(key: str) -> str | None:
    """``<key>.html``, or None when `key` cannot name a file of the folder (a path, ``index``)."""
    if not isinstance(key, str) or not _PAGE_KEY.fullmatch(key) or key.lower() == "index":
        return None
    return f"{key}.html"


def _papers(folder: Path, notes: list[str]) -> tuple[dict[str, list[Mapping]], dict[str, Path], Mapping]:
    """paper key → its claims, from the newest report in `folder` that holds the paper; the report
    each paper came from; the versions the newest report records."""
    files = [folder / "verify.json"] + sorted(folder.glob("verify-*.json"))
    found = []
    for path in files:
        obj = _read(path, notes)
        claims = obj.get("claims") if obj is not None else None
        if isinstance(claims, list):
            summary = obj.get("summary") if isinstance(obj.get("summary"), Mapping) else {}
            versions = summary.get("versions") if isinstance(summary.get("versions"), Mapping) else {}
            found.append((path.stat().st_mtime, path, [c for c in claims if isinstance(c, Mapping)], versions))
        elif obj is not None:
            notes.append(f"{path.name} has no list of claims: left out")
    found.sort(key=lambda item: item[0], reverse=True)
    papers: dict[str, list[Mapping]] = {}
    source: dict[str, Path] = {}
    for _, path, claims, _ in found:
        for key in dict.fromkeys(str(c.get("paper") or "") for c in claims):
            if key not in papers:
                papers[key] = [c for c in claims if str(c.get("paper") or "") == key]
                source[key] = path
    order = [k for k in PAPERS if k in papers] + sorted(k for k in papers if k not in PAPERS)
    return {k: papers[k] for k in order}, source, (found[0][3] if found else {})


def _rechecks(folder: Path, papers: Mapping[str, list[Mapping]], source: Mapping[str, Path], notes: list[str]
              ) -> tuple[dict[str, dict], dict[str, list[Mapping]], dict[str, str]]:
    """From ``recheck.json``: per paper the verdict counts (or a note why none are shown), per
    claim its outcomes in the recheck's order, and per paper the note shown on its page."""
    path = folder / "recheck.json"
    obj = _read(path, notes)
    counts: dict[str, dict] = {}
    page_notes: dict[str, str] = {}
    by_claim: dict[str, list[Mapping]] = {}
    if obj is None:
        for key in papers:
            counts[key] = {"note": "not rechecked (symdp verify --recheck --out DIR writes recheck.json)"}
        return counts, by_claim, page_notes
    listed = obj.get("outcomes") if isinstance(obj.get("outcomes"), list) else []
    outcomes = [o for o in listed if isinstance(o, Mapping)]
    when = path.stat().st_mtime
    summary = obj.get("summary") if isinstance(obj.get("summary"), Mapping) else {}
    missing = summary.get("claims_without_certificate")
    if isinstance(missing, list) and missing:
        notes.append(f"recheck: {len(missing)} proved claims have a goal the recheck cannot replay: "
                     + ", ".join(str(m) for m in missing[:20]) + (" …" if len(missing) > 20 else ""))
    for key, claims in papers.items():
        if when < source[key].stat().st_mtime:
            counts[key] = {"note": f"recheck.json is older than {source[key].name}: verdicts not shown"}
            page_notes[key] = (f"The recheck verdicts in recheck.json are older than {source[key].name} and are not "
                               "shown; run symdp verify --recheck --out DIR to replay this report's certificates.")
            continue
        ids = {c.get("id") for c in claims}
        mine = [o for o in outcomes if o.get("claim") in ids]
        tally = {v: sum(1 for o in mine if o.get("verdict") == v) for v in pages.VERDICTS}
        counts[key] = tally
        for o in mine:
            by_claim.setdefault(str(o.get("claim")), []).append(o)
    return counts, by_claim, page_notes


def write(folder: str | Path) -> list[Path]:
    """Write ``index.html`` and one ``<paper key>.html`` per paper into `folder`, from the reports
    in it (see the module docstring); returns the files written."""
    folder = Path(folder)
    notes: list[str] = []
    papers, source, versions = _papers(folder, notes)
    rechecks, verdicts, page_notes = _rechecks(folder, papers, source, notes)
    names = {key: page_name(key) for key in papers}
    for key, name in names.items():
        if name is None:
            notes.append(f"paper {key!r}: no page (its key is not a plain file name)" if key else
                         "claims without a paper (modules that failed to load): listed here, no page")
    links = {str(c.get("id")): (names[key], str(c.get("label") or c.get("id"))) for key, claims in papers.items()
             for c in claims}
    written = []
    for key, claims in papers.items():
        if names[key] is None:
            continue
        path = folder / names[key]
        path.write_text(pages.paper_page(key, claims, links, verdicts, page_notes.get(key), folder), encoding="utf-8")
        written.append(path)
    index = folder / "index.html"
    index.write_text(pages.index_page([(k, c, names[k]) for k, c in papers.items()], rechecks,
                                      {k: p.name for k, p in source.items()}, notes, versions), encoding="utf-8")
    return [index] + written
