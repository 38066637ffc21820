"""The blueprint's HTML: the index of the papers and one page per paper.

Everything shown comes from a report (JSON), which is data anyone may hand over: every string is
escaped (:func:`html.escape`, quotes included) before it reaches the page, nothing from the report
becomes a tag, an attribute name, a URL scheme or a file name, and each page carries a Content
Security Policy that allows no network and only its own inline script (by hash), so an escaping
mistake still could not run a script. A field the report does not carry is shown as "not recorded".
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from html import escape
from importlib import resources
from pathlib import Path
from typing import Iterable, Mapping, Sequence

from ..recheck import certificates
from ..registry import PAPERS
from ..evidence import erratum_data
from ..status import PROOF_STATUSES
from . import graph
from .mathml import goal_mathml
from .quotes import readable

#: Fill colours by proof status, in the order of ``PROOF_STATUSES`` (strongest first: greens for
#: proofs, yellow and orange for proofs that cover less than the paper states, blue for checks,
#: purple for errata, red for failures). A status added to ``PROOF_STATUSES`` takes the colour of
#: its place, so the legend, the nodes and the sections never disagree; tests check that every
#: status has its own colour.
PALETTE = ("#1b7837", "#5aae61", "#a6dba0", "#fee08b", "#fdb863", "#f4a582", "#92c5de", "#c2a5cf", "#d6604d",
           "#bababa", "#878787")
#: The colour of a claim whose report records no proof status this version knows.
UNRECORDED = ("not recorded", "#eeeeee")
#: The re-checker's verdicts (docs/trust-chain.md).
VERDICTS = ("agrees", "disagrees", "inconclusive")
#: Longest text shown from one field of the report (characters); the rest is in the JSON report.
MAX_TEXT = 20000
#: A figure is shown only from a plain file name of one of these kinds, found in the report's folder.
_FIGURE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*\.(?:png|svg|jpe?g)")

_ASSETS = resources.files(__package__)
CSS = (_ASSETS / "blueprint.css").read_text(encoding="utf-8")
SCRIPT = (_ASSETS / "blueprint.js").read_text(encoding="utf-8")


def colours() -> dict[str, str]:
    """status → fill colour, for every status of ``PROOF_STATUSES`` and "not recorded"."""
    if len(PROOF_STATUSES) > len(PALETTE):
        raise RuntimeError(f"{len(PROOF_STATUSES)} proof statuses and {len(PALETTE)} colours: add colours to PALETTE")
    return {**dict(zip(PROOF_STATUSES, PALETTE)), UNRECORDED[0]: UNRECORDED[1]}


def status_class(status: str) -> str:
    """The CSS-safe name of a status (``proved with prose`` → ``proved-with-prose``)."""
    return re.sub(r"[^a-z0-9]+", "-", status.lower()).strip("-") or "none"


def status_of(claim: Mapping) -> str:
    status = claim.get("proof_status")
    return status if isinstance(status, str) and status in PROOF_STATUSES else UNRECORDED[0]


def _ink(fill: str) -> str:
    """Black or white text, whichever reads on `fill` (WCAG relative luminance)."""
    channels = (int(fill[i:i + 2], 16) / 255 for i in (1, 3, 5))
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    lum = 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    return "#000" if lum > 0.2 else "#fff"


def text(value: object, limit: int = MAX_TEXT) -> str:
    """`value` as escaped text, cut at `limit` characters with a note."""
    s = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)
    if len(s) > limit:
        s = s[:limit]
        return escape(s) + f' <span class="note">… (cut at {limit} characters; the JSON report has all of it)</span>'
    return escape(s)


def _not_recorded(what: str) -> str:
    return f'<span class="notrecorded">{escape(what)} not recorded</span>'


def badge(status: str) -> str:
    fill = colours().get(status, UNRECORDED[1])
    return f'<span class="badge" style="background:{fill};color:{_ink(fill)}">{escape(status)}</span>'


# --------------------------------------------------------------------------------------------
# the page frame


def _frame(title: str, body: str, script: bool) -> str:
    """A complete page: inline CSS, at most the inline filter script, and a CSP that forbids the
    network and any other script."""
    policy = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'none'"
    tail = ""
    if script:
        digest = base64.b64encode(hashlib.sha256(SCRIPT.encode("utf-8")).digest()).decode()
        policy += f"; script-src 'sha256-{digest}'"
        tail = f"<script>{SCRIPT}</script>"
    return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            f'<meta http-equiv="Content-Security-Policy" content="{policy}">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{escape(title)}</title>\n<style>\n{CSS}</style>\n</head>\n<body>\n{body}\n{tail}\n</body>\n</html>\n")


def _legend(counts: Mapping[str, int], filters: bool) -> str:
    """One swatch per status (those with claims, or all of ``PROOF_STATUSES`` when `counts` is
    empty), each a filter checkbox when `filters`."""
    items = []
    for status, fill in colours().items():
        n = counts.get(status, 0)
        if counts and not n:
            continue
        swatch = (f'<span class="badge" data-legend="{escape(status)}" style="background:{fill};color:{_ink(fill)}">'
                  f'{escape(status)}</span>' + (f" {n}" if counts else ""))
        if filters:
            items.append(f'<label><input type="checkbox" checked data-filter="{status_class(status)}">{swatch}</label>')
        else:
            items.append(f"<span>{swatch}</span>")
    buttons = '<button type="button" data-all="on">all</button><button type="button" data-all="off">none</button>'
    return f'<div class="legend">{"".join(items)}{buttons if filters else ""}</div>'


# --------------------------------------------------------------------------------------------
# the index


def index_page(papers: Sequence[tuple[str, Sequence[Mapping], str | None]], rechecks: Mapping[str, Mapping],
               sources: Mapping[str, str], notes: Sequence[str], versions: Mapping) -> str:
    """The index: per paper (key, claims, page file or None) the counts by proof status, the
    recheck verdicts (`rechecks`: paper → counts, or a note), where the claims came from."""
    statuses = list(colours())
    head = "".join(f'<th title="{escape(s)}">{badge(s)}</th>' for s in statuses)
    rows = []
    totals = dict.fromkeys(statuses, 0)
    for key, claims, page in papers:
        counts = _status_counts(claims)
        for s in statuses:
            totals[s] += counts.get(s, 0)
        name = f'<a href="{escape(page)}">{escape(key)}</a>' if page else escape(key or "load errors")
        title = PAPERS.get(key, "")
        cells = "".join(f'<td class="n">{counts.get(s, 0) or ""}</td>' for s in statuses)
        rows.append(f'<tr data-paper="{escape(key)}"><td>{name}<div class="muted">{escape(title)}</div></td>'
                    f'<td class="n">{len(claims)}</td>{cells}<td>{_recheck_cell(rechecks.get(key))}</td>'
                    f'<td class="muted">{escape(sources.get(key, ""))}</td></tr>')
    total_cells = "".join(f'<td class="n">{totals[s] or ""}</td>' for s in statuses)
    n = sum(len(c) for _, c, _ in papers)
    table = (f'<table class="papers"><thead><tr><th>paper</th><th>claims</th>{head}<th>recheck</th><th>report</th>'
             f'</tr></thead><tbody>{"".join(rows)}</tbody><tfoot><tr><th>all</th><td class="n">{n}</td>{total_cells}'
             "<td></td><td></td></tr></tfoot></table>")
    env = ", ".join(f"{escape(str(k))} {escape(str(v))}" for k, v in versions.items()) if versions else ""
    body = ("<header><h1>symdp verify — blueprint</h1>"
            '<p class="muted">The papers\' results as machine-checked claims: each paper\'s page draws its claims '
            "as a dependency graph coloured by proof status and gives each claim its quote, formal goals, proof "
            "steps, certificates and errata.</p></header><main>"
            f"<h2>Papers</h2>{table}"
            + "".join(f'<p class="note">{escape(note)}</p>' for note in notes)
            + f"<h2>Proof statuses</h2>{_legend({}, filters=False)}{_status_meanings()}</main>"
            f'<footer class="muted">Written by <code>symdp verify --out</code>. {env}</footer>')
    return _frame("symdp verify — blueprint", body, script=False)


def _status_counts(claims: Iterable[Mapping]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for c in claims:
        counts[status_of(c)] = counts.get(status_of(c), 0) + 1
    return counts


#: What each status means (the module docstring of :mod:`symdp.verify.status`, shortened).
MEANINGS = {
    "machine-complete": "every step by machine, on the whole stated domain (decided by machine), every goal "
                        "certified, the quote found, resting only on machine-complete claims",
    "proved given": "proved, resting on cited results or on claims that are not machine-complete",
    "proved with prose": "proved, with steps argued in words (here or in a claim it uses)",
    "restricted": "proved on less than the paper's stated domain, or coverage could not be decided",
    "domain not recorded": "proved, but the paper's domain or the proof's is not written down",
    "not tied": "proved, but the paper's passage (quote) is not found verbatim in the paper's text",
    "checked": "checked at points (exact or certified agreement), not proved for all parameters",
    "erratum": "the printed statement fails at a witness; the corrected statement is checked or proved",
    "failed": "the claim could not be established (or its module failed to load)",
    UNRECORDED[0]: "the report records no proof status this version of symdp knows",
}


def _status_meanings() -> str:
    rows = "".join(f"<tr><td>{badge(s)}</td><td>{escape(MEANINGS.get(s, ''))}</td></tr>" for s in colours())
    return f'<table class="meanings">{rows}</table>'


def _recheck_cell(entry: Mapping | None) -> str:
    if entry is None:
        return _not_recorded("recheck")
    if "note" in entry:
        return f'<span class="notrecorded">{escape(str(entry["note"]))}</span>'
    parts = [f'<span class="verdict-{v}">{text(entry[v])} {v}</span>' for v in VERDICTS if entry.get(v)]
    return ", ".join(parts) or '<span class="notrecorded">no certificate rechecked</span>'


# --------------------------------------------------------------------------------------------
# a paper's page


def paper_page(key: str, claims: Sequence[Mapping], pages: Mapping[str, tuple[str, str]], verdicts: Mapping,
               recheck_note: str | None, folder: Path) -> str:
    """The page of paper `key`: legend and filters, the dependency graph, one section per claim.
    `pages` maps the id of a claim of any paper in the folder to (its page's file name, its label),
    for links; `verdicts` maps a claim id to its recheck outcomes (in the recheck's order)."""
    ids = {c.get("id") for c in claims}
    palette = colours()
    nodes = [graph.Node(str(c.get("id")), str(c.get("label") or c.get("id")), status_of(c), palette[status_of(c)])
             for c in claims]
    edges = []
    external: dict[str, graph.Node] = {}
    for c in claims:
        for used in _claim_uses(c):
            if used not in ids and used not in external:
                page, label = pages.get(used, (None, used))
                where = f"a claim of {used.partition(':')[0]}" if page else "not in this report"
                external[used] = graph.Node(used, f"{used.partition(':')[0]}: {label}" if page else used, where,
                                            "#ffffff", external=True, page=page)
            edges.append((used, str(c.get("id"))))
    counts = _status_counts(claims)
    if len(nodes) + len(external) <= graph.MAX_NODES:
        drawing = graph.layout(nodes + list(external.values()), edges)
        picture = (f'<div class="graph-box">{graph.svg(drawing, {s: status_class(s) for s in palette})}</div>')
    else:
        picture = f'<p class="note">{len(nodes)} claims: more than {graph.MAX_NODES}, so no graph is drawn.</p>'
    title = PAPERS.get(key, "")
    sections = "\n".join(_claim_section(c, ids, pages, verdicts.get(c.get("id"), []), folder) for c in claims)
    body = (f'<header><p class="muted"><a href="index.html">all papers</a></p><h1>{escape(key)}</h1>'
            f'<p>{escape(title)}</p></header><main>'
            f"<p>{len(claims)} claim{'' if len(claims) == 1 else 's'}. Arrows go from a claim to the claims that use "
            "it; a node links to its claim's section below. Untick a status to hide its claims.</p>"
            f"{_legend(counts, filters=True)}{picture}"
            + (f'<p class="note">{escape(recheck_note)}</p>' if recheck_note else "")
            + f"{sections}</main>"
            f'<footer class="muted"><a href="index.html">all papers</a></footer>')
    return _frame(f"{key} — symdp blueprint", body, script=True)


def _claim_uses(claim: Mapping) -> list[str]:
    uses = claim.get("uses")
    return [u for u in uses if isinstance(u, str)] if isinstance(uses, list) else []


def _field(label: str, body: str) -> str:
    """One part of a claim's section: a bold label, then `body` (markup already escaped)."""
    return f'<div><span class="k">{escape(label)}</span> {body}</div>'


def _note(markup: str) -> str:
    return f'<span class="note">{markup}</span>'


def _muted(words: str) -> str:
    return f'<span class="notrecorded">{escape(words)}</span>'


def _link(claim_id: str, ids: set, pages: Mapping[str, tuple[str, str]]) -> str:
    """A used claim by its label, linking to its section (on this page or another's)."""
    page, label = pages.get(claim_id, (None, None))
    shown = f"{text(label)} {_note(f'({escape(claim_id)})')}" if label else escape(claim_id)
    if claim_id in ids:
        return f'<a href="#{escape(claim_id)}">{shown}</a>'
    if page:
        return f'<a href="{escape(page)}#{escape(claim_id)}">{shown}</a>'
    return f"{shown} {_note('(not in this report)')}"


def _claim_section(c: Mapping, ids: set, pages: Mapping[str, tuple[str, str]], outcomes: Sequence[Mapping],
                   folder: Path) -> str:
    status = status_of(c)
    cid = str(c.get("id", ""))
    head = (f'<h3>{badge(status)} {text(c.get("label") or cid)}</h3><p class="claim-id">'
            f'<a href="#{escape(cid)}">{escape(cid)}</a> · evidence: {text(c.get("evidence") or "none")}'
            f" · raw status {text(c.get('status'))}</p>")
    parts = [head, _field("Statement.", text(c.get("statement", ""))), _quote(c), _goals(c), _domain(c), _steps(c),
             _rests_on(c, ids, pages), _certificates(c, outcomes), _erratum(c), _figure(c, folder), _notes(c)]
    return (f'<section class="claim" id="{escape(cid)}" data-status="{escape(status)}" '
            f'data-status-class="{status_class(status)}" style="--status:{colours()[status]}">'
            + "".join(p for p in parts if p) + "</section>")


def _quote(c: Mapping) -> str:
    if "quote" not in c:
        return _field("The paper says.", _not_recorded("quote"))
    quote = c.get("quote")
    if not quote:
        return _field("The paper says.", f'<span class="notrecorded">{text(c.get("quote_note") or "no quote recorded")}'
                                         "</span>")
    found = c.get("quote_found")
    where = {True: "found verbatim in the paper's text", False: "NOT found in the paper's text"}.get(
        found if isinstance(found, bool) else None, "whether it is in the paper's text is not recorded")
    note = f" ({text(c['quote_note'])})" if c.get("quote_note") else ""
    shown = readable(quote)
    if shown is None:
        body = f"<blockquote>{text(quote)}</blockquote>"
    else:
        body = (f'<blockquote lang="en">{text(shown)}</blockquote><details><summary>verbatim (the paper\'s text file '
                "is UTF-8 read through a Greek code page; shown above as recovered for reading)</summary>"
                f"<blockquote>{text(quote)}</blockquote></details>")
    return _field("The paper says", _note(f"— {where}{note}") + body)


def _goals(c: Mapping) -> str:
    goals = c.get("goals")
    if not isinstance(goals, list):
        return _field("Formal goals.", _not_recorded("goals"))
    if not goals:
        return _field("Formal goals.", _muted("none (no universally quantified goal: a check at points)"))
    marks = {True: "certified", False: "NOT certified"}
    data = c.get("data") if isinstance(c.get("data"), Mapping) else {}
    # a report lists each goal by digest: its form is in the certificate that discharges it
    forms = {cert.get("digest"): cert.get("goal") for cert, _ in certificates(data) if isinstance(cert.get("goal"), Mapping)}
    items = []
    for g in goals:
        if not isinstance(g, Mapping):
            continue
        math = goal_mathml(g if "canonical" in g or g.get("digest") not in forms else {**g, "canonical": forms[g["digest"]]})
        shown = math if math else f"<pre>{text(g.get('text') or g.get('canonical') or g)}</pre>"
        certified = g.get("certified")
        mark = marks.get(certified if isinstance(certified, bool) else None, "certificate not recorded")
        as_text = (f'<details><summary>as text</summary><pre>{text(g["text"])}</pre></details>'
                   if math and g.get("text") else "")
        items.append(f'<li><div class="goal">{shown}</div><div class="note">{text(g.get("kind") or "goal")} · {mark} · '
                     f'<span class="digest">{text(g.get("digest", "no digest"))}</span>{as_text}</div></li>')
    return _field("Formal goals the machine proved.", f'<ol>{"".join(items)}</ol>')


def _domain(c: Mapping) -> str:
    data = c.get("data") if isinstance(c.get("data"), Mapping) else {}
    stated, where = c.get("stated_domain") or data.get("stated_domain"), c.get("stated_where")
    proved, decided = data.get("domain"), c.get("domain_decided_by")
    rows = [("the paper's domain", text(stated) + (" " + _note(f"({text(where)})") if where else "") if stated
             else _not_recorded("the paper's domain")),
            ("the proof's domain", text(proved) if isinstance(proved, str) and proved
             else _not_recorded("the proof's domain")),
            ("coverage", text(c["coverage"]) if c.get("coverage") else _not_recorded("coverage")),
            ("machine-readable", _domain_value(c["domain"]) if "domain" in c
             else _not_recorded("machine-readable domain")),
            ("inclusion decided by", (text(decided) if decided else _muted("not decided")) if "domain_decided_by" in c
             else _not_recorded("how inclusion was decided"))]
    cells = "".join(f"<tr><th>{escape(k)}</th><td>{v}</td></tr>" for k, v in rows)
    return _field("Domain.", f'<table class="domain">{cells}</table>')


def _domain_value(value: object) -> str:
    if value is None:
        return _muted("none")
    if isinstance(value, Mapping) and isinstance(value.get("text"), list):
        rest = {k: v for k, v in value.items() if k not in ("text", "srepr")}
        return text("; ".join(str(t) for t in value["text"])) + (" " + _note(text(rest)) if rest else "")
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return text("; ".join(value))
    return f"<code>{text(value)}</code>"


def _steps(c: Mapping) -> str:
    steps = c.get("steps")
    if not isinstance(steps, list):
        prose = c.get("prose_steps") if isinstance(c.get("prose_steps"), list) else []
        known = "".join(f'<li><span class="step-kind">prose</span> {text(s)}</li>' for s in prose)
        return _field("Proof steps.", _not_recorded("steps")
                      + (f'; the steps argued in words:<ol class="steps">{known}</ol>' if known else ""))
    items = []
    for s in steps:
        if not isinstance(s, Mapping):
            continue
        digest = f' <span class="digest">{text(s["digest"])}</span>' if s.get("digest") else ""
        items.append(f'<li><span class="step-kind">{text(s.get("kind", "?"))}</span> {text(s.get("text", ""))}'
                     f"{digest}</li>")
    if not items:
        return _field("Proof steps.", _muted("none recorded"))
    return _field("Proof steps.", f'<ol class="steps">{"".join(items)}</ol>')


def _rests_on(c: Mapping, ids: set, pages: Mapping[str, tuple[str, str]]) -> str:
    uses = c.get("uses") if isinstance(c.get("uses"), list) else []
    claims = [_link(u, ids, pages) for u in uses if isinstance(u, str)]
    cited = [f"{text(u.get('author', '?'))}, {text(u.get('result', '?'))}" for u in uses if isinstance(u, Mapping)]
    out = []
    if claims:
        out.append(_field("Uses.", ", ".join(claims)))
    if cited:
        out.append(_field("Cited results.", "; ".join(cited)))
    weak = c.get("weak_uses")
    if "weak_uses" not in c:
        shown = _not_recorded("weak uses")
    elif isinstance(weak, list):
        shown = ", ".join(_link(w, ids, pages) if isinstance(w, str) else text(w) for w in weak) or "none"
    else:
        shown = text(weak)
    out.append(_field("Rests on claims only checked or errata.", shown))
    return "".join(out)


def _certificates(c: Mapping, outcomes: Sequence[Mapping]) -> str:
    data = c.get("data") if isinstance(c.get("data"), Mapping) else {}
    certs = [cert for cert, _ in certificates(data)]
    if not certs:
        return ""
    matched = match_verdicts(certs, outcomes)
    goals = c.get("goals") if isinstance(c.get("goals"), list) else None
    numbers = {g.get("digest"): i for i, g in enumerate(goals or [], 1) if isinstance(g, Mapping) and g.get("digest")}
    rows = []
    for cert, outcome in zip(certs, matched):
        if outcome:
            known = outcome.get("verdict") if outcome.get("verdict") in VERDICTS else "unknown"
            verdict = (f'<span class="verdict-{known}">{text(outcome.get("verdict"))}</span> '
                       + _note(text(outcome.get("detail", ""), 400)))
        else:
            verdict = _muted("not rechecked")
        extra = ""
        if cert.get("kind") == "rule":
            premises = cert.get("premises") if isinstance(cert.get("premises"), list) else []
            shown = ", ".join(text(str(p.get("digest", ""))[:19]) + (f" ({text(p['claim'])})" if p.get("claim") else "")
                              for p in premises if isinstance(p, Mapping))
            extra = f'<div class="note">rule {text(cert.get("rule", "?"))}; premises: {shown or "none"}</div>'
        digest = cert.get("digest")
        if not digest:
            which = _not_recorded("digest")
        elif digest in numbers:
            which = f'goal {numbers[digest]} <span class="digest">{text(str(digest)[:19])}…</span>'
        else:  # the trust chain is broken here: say so rather than hide it
            which = (f'<span class="digest">{text(str(digest)[:19])}…</span> '
                     + _note("not a goal of this claim" if goals is not None else "goals not recorded"))
        rows.append(f"<tr><td>{text(cert.get('kind'))}{extra}</td><td>{which}</td><td>{verdict}</td></tr>")
    return _field("Certificates", _note(f"({len(certs)})") + '<table class="certs"><tr><th>kind</th><th>goal</th>'
                  f'<th>recheck</th></tr>{"".join(rows)}</table>')


def match_verdicts(certs: Sequence[Mapping], outcomes: Sequence[Mapping]) -> list[Mapping | None]:
    """The recheck outcome of each certificate: by goal digest where the outcomes record one (two
    certificates of one goal take its outcomes in order: the re-checker walks a claim's certificates
    in the report's order), otherwise by place when the counts and kinds agree."""
    by_digest: dict = {}
    for o in outcomes:
        if o.get("digest"):
            by_digest.setdefault(o["digest"], []).append(o)
    if by_digest:
        return [by_digest[cert["digest"]].pop(0) if by_digest.get(cert.get("digest")) else None for cert in certs]
    if len(outcomes) == len(certs):
        return [o if o.get("kind") == cert.get("kind") else None for cert, o in zip(certs, outcomes)]
    return [None] * len(certs)


def _erratum(c: Mapping) -> str:
    if c.get("status") != "erratum":
        return ""
    data = erratum_data(c.get("data") if isinstance(c.get("data"), dict) else {})
    witness = data.get("witness") if isinstance(data.get("witness"), Mapping) else {}
    rows = "".join(f"<tr><th>{text(k)}</th><td>{text(v)}</td></tr>" for k, v in witness.items())
    corrected = data.get("corrected") if isinstance(data.get("corrected"), Mapping) else {}
    how = f"({text(corrected.get('status', '?'))} by {text(corrected.get('kind', '?'))})"
    return _field("Erratum", _note(f"({text(data.get('kind') or 'ungraded')})") + ": the printed statement fails at "
                  + (f'<table class="witness">{rows}</table>' if rows else _not_recorded("the witness"))
                  + _field("Corrected.", text(data.get("corrected_statement") or corrected.get("detail") or "")
                           + " " + _note(how))
                  + (_field("Reading.", text(data["reading"])) if data.get("reading") else ""))


def _figure(c: Mapping, folder: Path) -> str:
    """The claim's figure: shown from the report's folder when ``symdp figures`` wrote it there
    (a relative link, so the folder carries it and a new ``symdp figures`` run shows at once; a
    data URI would make every page carry every figure and go stale silently); otherwise its name
    and the command that writes it."""
    name = c.get("figure")
    if not name:
        return ""
    if not isinstance(name, str) or not _FIGURE.fullmatch(name):
        return _field("Figure.", f"{text(name)} " + _note("(not a plain file name)"))
    if (folder / name).is_file():
        return _field("Figure.", f'<figure><img src="{escape(name)}" alt="{escape(name)}" loading="lazy">'
                                 f'<figcaption class="note">{escape(name)}</figcaption></figure>')
    paper = escape(str(c.get("paper", "")))
    return _field("Figure.", f"<code>{escape(name)}</code> " + _note(
        f"is not in this folder: <code>symdp figures --paper {paper} --out DIR</code>, with DIR this folder, "
        "writes it here"))


def _notes(c: Mapping) -> str:
    notes = c.get("proof_notes") if isinstance(c.get("proof_notes"), list) else []
    items = "".join(f"<li>{text(n)}</li>" for n in notes)
    detail, seconds = c.get("detail"), c.get("seconds")
    return ("<details><summary>why this status, and the run</summary>" + (f"<ul>{items}</ul>" if items else "")
            + (f"<p>{text(detail)}</p>" if detail else "")
            + (f'<p class="note">{text(seconds)} s</p>' if seconds is not None else "") + "</details>")
