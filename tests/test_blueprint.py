"""The blueprint pages (symdp.verify.blueprint): written by ``symdp verify --out``, one node and one
section per claim, colours that say the report's status, every documented field shown or "not
recorded", nothing from a report executed, goals as MathML, quotes recovered from mojibake, a
layout that stays legible at 60 claims; and rendered by a real browser (Chromium, headless).

The pages are checked with Python's own HTML parser (an independent reader of the markup), against
the JSON report they were written from. The real pages come from a few real claims of each of the
five papers, run once for the module (about 8 s: the full ``symdp verify`` is too slow for a test);
the fields other engineers are adding (quote, goals, steps, domain, weak_uses, figure, certificate
digests, recheck.json) come from a copy of that report enriched by hand as docs/trust-chain.md
documents them.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from html import escape
from html.parser import HTMLParser
from pathlib import Path

import pytest
import sympy
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from symdp.cli import main
from symdp.verify import blueprint, load_claims, report, run_claims
from symdp.verify.blueprint import graph, pages
from symdp.verify.blueprint.mathml import goal_mathml
from symdp.verify.blueprint.quotes import readable
from symdp.verify.goals import goal
from symdp.verify.registry import default_claims_path
from symdp.verify.status import PROOF_STATUSES

ROOT = Path(__file__).resolve().parent.parent
FIVE = ("tv-dp", "extremal-ldp", "composition-subsampling", "lmidp", "egamma-ldp")
#: Fast real claims (under 0.6 s each in the full run), chosen so that each paper has a claim using
#: another (an edge), an erratum or a check, and egamma-ldp has the mojibake paper text.
REAL = ("tv-dp:theorem-1", "tv-dp:remark-3", "tv-dp:definition-2-roc-neyman-pearson", "tv-dp:eq-20-erratum",
        "extremal-ldp:lemma-24", "extremal-ldp:lemma-24-eqs-63-65", "extremal-ldp:lemma-24-eqs-58-60",
        "extremal-ldp:lemma-22-proof", "composition-subsampling:theorem-22", "composition-subsampling:theorem-18",
        "composition-subsampling:section-7-murtagh-vadhan", "lmidp:theorem-2-b", "lmidp:definition-2",
        "lmidp:figure-4-caption-and-text-erratum", "egamma-ldp:eq-29", "egamma-ldp:eq-28", "egamma-ldp:eq-23",
        "egamma-ldp:eq-2-erratum")
CHROMIUM_INSTALL = "apt-get install -y chromium  (as root; Debian's package, which .ci/run installs)"
MATHML_CORE = {"math", "mrow", "mi", "mn", "mo", "mfrac", "msup", "msub", "msqrt", "mroot"}


# --------------------------------------------------------------------------------------------
# an independent reader of the pages


class Page(HTMLParser):
    """Every element of a page: tag, attributes, parent index, and its own text."""

    VOID = {"meta", "input", "img", "br", "hr", "link"}

    def __init__(self, markup: str) -> None:
        super().__init__(convert_charrefs=True)
        self.elements: list[dict] = []
        self.stack: list[int] = []
        self.feed(markup)
        self.close()

    def _add(self, tag, attrs) -> None:
        self.elements.append({"tag": tag, "attrs": dict(attrs), "parent": self.stack[-1] if self.stack else None,
                              "text": "", "i": len(self.elements)})

    def handle_starttag(self, tag, attrs):
        self._add(tag, attrs)
        if tag not in self.VOID:
            self.stack.append(len(self.elements) - 1)

    def handle_startendtag(self, tag, attrs):
        self._add(tag, attrs)

    def handle_endtag(self, tag):
        for k in range(len(self.stack) - 1, -1, -1):
            if self.elements[self.stack[k]]["tag"] == tag:
                del self.stack[k:]
                break

    def handle_data(self, data):
        if self.stack:
            self.elements[self.stack[-1]]["text"] += data

    def find(self, tag: str | None = None, **attrs) -> list[dict]:
        return [e for e in self.elements if (tag is None or e["tag"] == tag)
                and all(e["attrs"].get(k.replace("_", "-")) == v for k, v in attrs.items())]

    def with_attr(self, name: str) -> list[dict]:
        return [e for e in self.elements if name in e["attrs"]]

    def children(self, element: dict) -> list[dict]:
        return [e for e in self.elements if e["parent"] == element["i"]]

    def text_of(self, element: dict) -> str:
        i = element["i"]
        inside = {i}
        out = [element["text"]]
        for k in range(i + 1, len(self.elements)):
            if self.elements[k]["parent"] in inside:
                inside.add(k)
                out.append(self.elements[k]["text"])
        return " ".join(out)


def _page(path: Path) -> Page:
    return Page(path.read_text(encoding="utf-8"))


def legend_colours(page: Page) -> dict[str, str]:
    """status → the colour its legend swatch shows (read from the page, not from the code)."""
    out = {}
    for e in page.with_attr("data-legend"):
        match = re.search(r"background:(#[0-9a-fA-F]{6})", e["attrs"].get("style", ""))
        out[e["attrs"]["data-legend"]] = match.group(1).lower()
    return out


def node_fill(page: Page, node: dict) -> str:
    (rect,) = [e for e in page.children(node) if e["tag"] == "rect"]
    return rect["attrs"]["fill"].lower()


def check_page_against_report(page: Page, claims: list[dict]) -> None:
    """Every claim has exactly one graph node and one section; node and section carry the report's
    proof status, and the node's fill is the legend's colour for that status."""
    legend = legend_colours(page)
    assert len(set(legend.values())) == len(legend), "two statuses share a colour"
    nodes = page.with_attr("data-claim")
    assert sorted(n["attrs"]["data-claim"] for n in nodes) == sorted(c["id"] for c in claims)
    for c in claims:
        (node,) = [n for n in nodes if n["attrs"]["data-claim"] == c["id"]]
        expected = c.get("proof_status") if c.get("proof_status") in PROOF_STATUSES else "not recorded"
        assert node["attrs"]["data-status"] == expected
        assert node_fill(page, node) == legend[expected], c["id"]
        (section,) = page.find("section", id=c["id"])
        assert section["attrs"]["data-status"] == expected
        (a,) = [e for e in page.elements if e["tag"] == "a" and node in page.children(e)]
        assert a["attrs"]["href"] == f"#{c['id']}"


# --------------------------------------------------------------------------------------------
# fixtures: pages from real claims, and from a report with the documented new fields


@pytest.fixture(scope="module")
def real(tmp_path_factory) -> Path:
    """``report.write`` of a few real claims of each paper (the hook writes the pages)."""
    folder = tmp_path_factory.mktemp("real")
    registry = load_claims(default_claims_path())
    reports = run_claims([registry.claims[i] for i in REAL], progress=False)
    written = report.write(reports, folder)
    assert {p.name for p in written} >= {"index.html", *(f"{k}.html" for k in FIVE)}
    return folder


def _tiny_png(path: Path) -> None:
    import zlib
    raw = b"".join(b"\x00" + bytes([255, 0, 0]) * 4 for _ in range(4))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return len(data).to_bytes(4, "big") + kind + data + zlib.crc32(kind + data).to_bytes(4, "big")

    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", (4).to_bytes(4, "big") * 2 + b"\x08\x02\x00\x00\x00")
                     + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


EGAMMA_TEXT = (ROOT / "proofs" / "papers" / "egamma-ldp.txt").read_text(encoding="utf-8")
#: A passage of egamma-ldp's text (mojibake) and what it says (read off the paper).
EGAMMA_QUOTE = EGAMMA_TEXT[EGAMMA_TEXT.index("we show that the price of privacy"):][:160]


def _goals(n: int = 2) -> list[dict]:
    """An identity and n − 1 box inequalities (distinct goals), as a claim report records them."""
    x, e = sympy.Symbol("x"), sympy.Symbol("epsilon", positive=True)
    ident = goal(sympy.Eq((1 - sympy.exp(-e)) / (1 + sympy.exp(-e)), sympy.tanh(e / 2)))
    boxes = [goal(sympy.exp(x) - 1 - x + k >= 0, [x >= -1, x <= 1]) for k in range(n - 1)]
    return [{"digest": g.digest, "text": g.text(), "canonical": g.canonical(), "kind": kind, "certified": True}
            for g, kind in [(b, "inequality") for b in boxes] + [(ident, "identity")]]


def _certificates(data: object) -> list[dict]:
    """The certificates nested in `data`, in order (the objects themselves, to be edited)."""
    found = []

    def walk(node):
        if isinstance(node, dict):
            listed = node.get("certificates") if isinstance(node.get("certificates"), list) else []
            for cert in ([node["certificate"]] if isinstance(node.get("certificate"), dict) else []) + listed:
                if isinstance(cert, dict) and "kind" in cert:
                    found.append(cert)
            for key, value in node.items():
                if key not in ("certificate", "certificates"):
                    walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk(data)
    return found


@pytest.fixture(scope="module")
def enriched(real, tmp_path_factory) -> Path:
    """The real report with every field docs/trust-chain.md documents filled in by hand, three
    claims for the statuses the real ones lack, and a recheck.json with all three verdicts."""
    folder = tmp_path_factory.mktemp("enriched")
    obj = json.loads((real / "verify.json").read_text(encoding="utf-8"))
    outcomes = []
    verdicts = iter(["agrees", "disagrees", "inconclusive"] + ["agrees"] * 1000)
    for c in obj["claims"]:
        proved = c["status"] == "proved"
        certs = _certificates(c["data"])
        goals = _goals(max(2, len(certs)))  # certificate i discharges goal i
        own = f"The paper's own words for {c['label']}, verbatim."
        c["quote"] = EGAMMA_QUOTE if c["paper"] == "egamma-ldp" else own
        c["quote_found"] = c["id"] != "tv-dp:remark-3"
        c["quote_note"] = "" if c["quote_found"] else "not in proofs/papers/tv-dp.txt"
        c["goals"] = goals if proved else []
        c["steps"] = ([{"kind": "machine", "text": "box prover on [-1, 1]", "digest": goals[0]["digest"]},
                       {"kind": "rule", "text": "chain", "digest": goals[1]["digest"]},
                       {"kind": "prose", "text": "by symmetry in words"}, {"kind": "cited", "text": "Pinsker"}]
                      if proved else [])
        c["domain"] = {"text": ["-1 ≤ x", "x ≤ 1"], "srepr": []}
        c["domain_decided_by"] = "z3" if proved else None
        c["weak_uses"] = [u for u in c["uses"] if isinstance(u, str) and "definition-2" in u]
        mine = []
        for cert, g in zip(certs, goals):
            cert["digest"] = g["digest"]
            mine.append({"claim": c["id"], "digest": cert["digest"], "kind": cert["kind"],
                         "verdict": next(verdicts), "detail": "replayed", "solvers": ["z3", "cvc5"]})
        outcomes += mine[::-1]  # verdicts are matched to certificates by goal digest, not by place
    tv = [c for c in obj["claims"] if c["paper"] == "tv-dp"]
    tv[0]["figure"] = "tv-dp-figure1.png"
    tv[1]["figure"] = "tv-dp-figure2.png"  # not written into the folder
    for status in ("failed", "proved given", "domain not recorded", None):
        extra = json.loads(json.dumps(tv[0]))
        extra.update(id=f"tv-dp:extra-{status}", label=f"Extra {status}", proof_status=status, figure=None,
                     uses=["tv-dp:theorem-1"], status="failed" if status == "failed" else "proved")
        obj["claims"].append(extra)
    (folder / "verify.json").write_text(json.dumps(obj, ensure_ascii=False), encoding="utf-8")
    (folder / "recheck.json").write_text(json.dumps({"outcomes": outcomes, "summary": {
        "agrees": sum(o["verdict"] == "agrees" for o in outcomes), "disagrees": 1, "inconclusive": 1,
        "claims_without_certificate": ["tv-dp:theorem-1"], "solvers": {"z3": "4", "cvc5": "1"}, "seconds": 1}}),
        encoding="utf-8")
    _tiny_png(folder / "tv-dp-figure1.png")
    blueprint.write(folder)
    return folder


def _claims(folder: Path, paper: str | None = None) -> list[dict]:
    claims = json.loads((folder / "verify.json").read_text(encoding="utf-8"))["claims"]
    return [c for c in claims if paper is None or c["paper"] == paper]


# --------------------------------------------------------------------------------------------
# the pages against the report


def test_verify_writes_a_page_per_paper_with_a_node_and_a_section_per_claim(real):
    for key in FIVE:
        check_page_against_report(_page(real / f"{key}.html"), _claims(real, key))


def test_the_index_counts_each_papers_claims_by_status(real, enriched):
    for folder in (real, enriched):
        index = _page(folder / "index.html")
        for key in FIVE:
            (row,) = index.find("tr", data_paper=key)
            (link,) = [e for e in index.elements if e["tag"] == "a" and e["attrs"].get("href") == f"{key}.html"]
            cells = [e for e in index.children(row) if e["tag"] == "td"]
            claims = _claims(folder, key)
            assert cells[1]["text"] == str(len(claims))
            statuses = list(PROOF_STATUSES) + ["not recorded"]
            for status, cell in zip(statuses, cells[2:]):
                n = sum(1 for c in claims if (c.get("proof_status") if c.get("proof_status") in PROOF_STATUSES
                                              else "not recorded") == status)
                assert cell["text"] == (str(n) if n else ""), (key, status)


def test_edges_follow_uses(real):
    page = _page(real / "extremal-ldp.html")
    edges = {(e["attrs"]["data-from"], e["attrs"]["data-to"]) for e in page.find("path") if "data-from" in e["attrs"]}
    expected = {(u, c["id"]) for c in _claims(real, "extremal-ldp") for u in c["uses"] if isinstance(u, str)}
    assert edges == expected and edges


def test_a_claim_of_another_paper_is_an_external_node_linking_to_its_page(enriched):
    page = _page(enriched / "egamma-ldp.html")
    claims = _claims(enriched, "egamma-ldp")
    absent = {u for c in claims for u in c["uses"] if isinstance(u, str)} - {c["id"] for c in claims}
    assert {e["attrs"]["data-external"] for e in page.with_attr("data-external")} == absent
    assert {e["attrs"]["data-status"] for e in page.with_attr("data-external")} == {"not in this report"}
    obj = json.loads((enriched / "verify.json").read_text(encoding="utf-8"))
    obj["claims"][0]["uses"] = ["extremal-ldp:lemma-24", "nowhere:claim-1"]
    folder = enriched.parent / "external"
    folder.mkdir()
    (folder / "verify.json").write_text(json.dumps(obj), encoding="utf-8")
    blueprint.write(folder)
    page = _page(folder / "tv-dp.html")
    externals = {e["attrs"]["data-external"]: e for e in page.with_attr("data-external")}
    assert set(externals) == {"extremal-ldp:lemma-24", "nowhere:claim-1"}
    links = [e["attrs"].get("href") for e in page.find("a") if externals["extremal-ldp:lemma-24"] in page.children(e)]
    assert links == ["extremal-ldp.html#extremal-ldp:lemma-24"]
    assert not [e for e in page.find("a") if externals["nowhere:claim-1"] in page.children(e)]
    check_page_against_report(page, [c for c in obj["claims"] if c["paper"] == "tv-dp"])


def test_fields_a_report_does_not_carry_show_as_not_recorded(tmp_path):
    claim = {"paper": "tv-dp", "label": "Lemma 1", "id": "tv-dp:lemma-1", "status": "proved", "evidence": "identity",
             "seconds": 0.1, "detail": "", "data": {}, "proof_status": "machine-complete"}
    (tmp_path / "verify.json").write_text(json.dumps({"claims": [claim]}), encoding="utf-8")
    blueprint.write(tmp_path)
    page = _page(tmp_path / "tv-dp.html")
    (section,) = page.find("section", id="tv-dp:lemma-1")
    shown = " ".join(page.text_of(section).split())
    for field in ("quote", "goals", "steps", "weak uses", "machine-readable domain", "how inclusion was decided",
                  "the paper's domain", "the proof's domain", "coverage"):
        assert f"{field} not recorded" in shown, field
    index = " ".join(_page(tmp_path / "index.html").text_of(_page(tmp_path / "index.html").elements[0]).split())
    assert "not rechecked" in index


def test_the_documented_fields_are_shown(enriched):
    page = _page(enriched / "tv-dp.html")
    claims = {c["id"]: c for c in _claims(enriched, "tv-dp")}
    check_page_against_report(page, list(claims.values()))
    proved = next(i for i, c in claims.items() if c["status"] == "proved" and c["id"].startswith("tv-dp:remark"))
    (section,) = page.find("section", id=proved)
    shown = " ".join(page.text_of(section).split())
    assert "NOT found in the paper's text" in shown and "not in proofs/papers/tv-dp.txt" in shown
    maths = [e for e in page.elements if e["tag"] == "math" and _inside(page, e, section)]
    assert len(maths) == len(claims[proved]["goals"])  # one per goal, rendered
    steps = [e for e in page.elements if e["tag"] == "span" and "step-kind" in e["attrs"].get("class", "")
             and _inside(page, e, section)]
    assert [s["text"] for s in steps] == ["machine", "rule", "prose", "cited"]
    assert "inclusion decided by z3" in shown
    assert "Rests on claims only checked or errata. Definition 2 (ROC, Neyman–Pearson)" in shown
    # certificates: one verdict per certificate, matched by goal digest
    verdicts = [e["text"] for e in page.elements if e["tag"] == "span" and _inside(page, e, section)
                and e["attrs"].get("class", "").startswith("verdict-")]
    recheck = json.loads((enriched / "recheck.json").read_text(encoding="utf-8"))["outcomes"]
    digests = [cert["digest"] for cert in _certificates(claims[proved]["data"])]
    assert len(verdicts) == len(digests) >= 2
    mine = {o["digest"]: o["verdict"] for o in recheck if o["claim"] == proved}
    assert verdicts == [mine[d] for d in digests]
    goal_of = {g["digest"]: i for i, g in enumerate(claims[proved]["goals"], 1)}
    (table,) = [e for e in page.find("table") if e["attrs"].get("class") == "certs" and _inside(page, e, section)]
    rows = [" ".join(page.text_of(r).split()) for r in page.children(table) if r["tag"] == "tr"][1:]
    assert [r.split(" sha256")[0].split()[-2:] for r in rows] == [["goal", str(goal_of[d])] for d in digests]
    # figures: embedded by relative link when in the folder, otherwise the command that writes it
    (img,) = page.find("img")
    assert img["attrs"]["src"] == "tv-dp-figure1.png" and (enriched / img["attrs"]["src"]).is_file()
    assert "symdp figures --paper tv-dp" in page.text_of(page.elements[0])
    # the index: recheck verdicts per paper, and the claims the recheck cannot replay
    index = _page(enriched / "index.html")
    text = " ".join(index.text_of(index.elements[0]).split())
    mine = [o for o in recheck if o["claim"] in claims]
    agrees = sum(o["verdict"] == "agrees" for o in mine)
    assert f"{agrees} agrees" in " ".join(index.text_of(index.find("tr", data_paper="tv-dp")[0]).split())
    assert "1 proved claims have a goal the recheck cannot replay: tv-dp:theorem-1" in text


def _inside(page: Page, element: dict, ancestor: dict) -> bool:
    target = ancestor["i"]
    i = element["parent"]
    while i is not None:
        if i == target:
            return True
        i = page.elements[i]["parent"]
    return False


def test_a_mojibake_quote_is_shown_recovered_with_the_verbatim_form_beside(enriched):
    page = _page(enriched / "egamma-ldp.html")
    (section,) = page.find("section", id="egamma-ldp:eq-28")
    quotes = [page.text_of(e) for e in page.elements if e["tag"] == "blockquote" and _inside(page, e, section)]
    assert len(quotes) == 2 and quotes[1] == EGAMMA_QUOTE  # the verbatim form, as recorded
    assert "n[1−e−ε" in quotes[0] and "(1−δ)]" in quotes[0] and "Ξ΄" not in quotes[0] and "Ξ΄" in quotes[1]
    tv = _page(enriched / "tv-dp.html")  # a quote that is not mojibake has no "verbatim" twin
    assert not [e for e in tv.elements if e["tag"] == "summary" and "verbatim" in e["text"]]


def test_stale_recheck_verdicts_are_not_shown(enriched, tmp_path):
    for name in ("verify.json", "recheck.json"):
        shutil.copy(enriched / name, tmp_path / name)
    later = (tmp_path / "recheck.json").stat().st_mtime + 10
    os.utime(tmp_path / "verify.json", (later, later))  # a new run after the recheck
    blueprint.write(tmp_path)
    page = _page(tmp_path / "tv-dp.html")
    assert not [e for e in page.elements if e["attrs"].get("class", "").startswith("verdict-")]
    assert "older than verify.json" in page.text_of(page.elements[0])
    index = _page(tmp_path / "index.html")
    assert "older than verify.json" in index.text_of(index.find("tr", data_paper="tv-dp")[0])


def test_a_run_of_one_paper_refreshes_its_page_and_keeps_the_others(enriched, tmp_path):
    shutil.copy(enriched / "verify.json", tmp_path / "verify.json")
    obj = json.loads((enriched / "verify.json").read_text(encoding="utf-8"))
    one = [c for c in obj["claims"] if c["paper"] == "lmidp"][:1]
    one[0]["label"] = "Relabelled by a newer run"
    (tmp_path / "verify-lmidp.json").write_text(json.dumps({"claims": one}), encoding="utf-8")
    later = (tmp_path / "verify.json").stat().st_mtime + 10
    os.utime(tmp_path / "verify-lmidp.json", (later, later))
    blueprint.write(tmp_path)
    check_page_against_report(_page(tmp_path / "lmidp.html"), one)
    check_page_against_report(_page(tmp_path / "tv-dp.html"), [c for c in obj["claims"] if c["paper"] == "tv-dp"])
    row = _page(tmp_path / "index.html")
    assert "verify-lmidp.json" in row.text_of(row.find("tr", data_paper="lmidp")[0])


def test_verify_of_a_users_own_paper_writes_its_page_and_says_where(tmp_path, capsys):
    (tmp_path / "claims").mkdir()
    (tmp_path / "claims" / "mine.py").write_text(
        "import sympy\nfrom symdp.verify import claim, identity, register_paper\n"
        "register_paper('my-note', 'A note', 'A. Author, A note, 2026')\nx = sympy.Symbol('x')\n"
        "@claim(paper='my-note', label='Lemma 1', statement='x + x = 2x')\n"
        "def lemma_1():\n    return identity(x + x, 2 * x)\n", encoding="utf-8")
    assert main(["verify", str(tmp_path / "claims"), "--out", str(tmp_path / "out")]) == 0
    assert f"web pages: {tmp_path / 'out' / 'index.html'}" in capsys.readouterr().out
    check_page_against_report(_page(tmp_path / "out" / "my-note.html"), _claims(tmp_path / "out"))


def test_recheck_refreshes_the_pages(tmp_path):
    from symdp.verify import erratum as make_erratum, exact_agreement
    evidence = make_erratum(False, {"x": 1}, exact_agreement(1, 1, "one"), "printed wrong", kind="typo")
    erratum = {"paper": "tv-dp", "label": "Eq. (20), erratum", "id": "tv-dp:eq-20-erratum", "status": "erratum",
               "evidence": "erratum", "seconds": 0.1, "detail": "", "data": evidence.data, "proof_status": "erratum"}
    (tmp_path / "verify.json").write_text(json.dumps({"claims": [erratum]}), encoding="utf-8")
    assert main(["verify", "--recheck", "--out", str(tmp_path)]) == 0
    assert (tmp_path / "index.html").is_file() and (tmp_path / "tv-dp.html").is_file()


# --------------------------------------------------------------------------------------------
# a report is data anyone may hand over


HOSTILE = '<script>alert(1)</script><img src=x onerror=alert(2)>"\'&'


def test_nothing_in_a_report_becomes_markup(tmp_path):
    g = _goals()[0]
    bad_goal = {"canonical": {"format": 1, "variables": ["Symbol('<script>x')"], "hypotheses": [],
                              "conclusion": "GreaterThan(Symbol('<script>x'), Integer(0))"}, "text": HOSTILE,
                "digest": HOSTILE, "kind": HOSTILE, "certified": HOSTILE}
    huge = {"canonical": {"format": 1, "variables": [], "hypotheses": [],
                          "conclusion": "GreaterThan(Pow(Integer(9), Pow(Integer(9), Integer(99))), Integer(0))"}}
    long = HOSTILE * (pages.MAX_TEXT // len(HOSTILE) + 2)  # shown cut, and still escaped
    claim = {"paper": "tv-dp", "label": HOSTILE, "id": 'tv-dp:x" onmouseover="alert(3)', "statement": long,
             "status": "erratum", "evidence": HOSTILE, "seconds": HOSTILE, "detail": HOSTILE,
             "data": {"witness": {HOSTILE: HOSTILE}, "kind": HOSTILE, "corrected_statement": HOSTILE,
                      "certificate": {"kind": HOSTILE, "digest": HOSTILE + "x"}},
             "proof_status": HOSTILE, "quote": HOSTILE, "quote_found": HOSTILE, "quote_note": HOSTILE,
             "goals": [g, bad_goal, huge, HOSTILE], "steps": [{"kind": HOSTILE, "text": HOSTILE, "digest": HOSTILE}, 3],
             "domain": {HOSTILE: HOSTILE}, "domain_decided_by": HOSTILE, "weak_uses": [HOSTILE, {"a": 1}],
             "uses": [HOSTILE, {"author": HOSTILE, "result": HOSTILE}, 7], "figure": "javascript:alert(4).png",
             "stated_domain": HOSTILE, "stated_where": HOSTILE, "coverage": HOSTILE, "proof_notes": [HOSTILE]}
    evil_paper = dict(claim, paper="../evil", id="evil:1")
    index_paper = dict(claim, paper="index", id="index:1")
    (tmp_path / "out").mkdir()
    folder = tmp_path / "out"
    (folder / "verify.json").write_text(json.dumps({"claims": [claim, evil_paper, index_paper, "not a claim"],
                                                    "summary": {"versions": {HOSTILE: HOSTILE}}}), encoding="utf-8")
    (folder / "recheck.json").write_text(json.dumps({"outcomes": [{"claim": claim["id"], "digest": HOSTILE,
                                                                   "verdict": HOSTILE, "detail": HOSTILE}, 5],
                                                     "summary": {"claims_without_certificate": [HOSTILE]}}))
    written = blueprint.write(folder)
    assert sorted(p.name for p in written) == ["index.html", "tv-dp.html"]
    assert sorted(p.name for p in tmp_path.rglob("*.html")) == ["index.html", "tv-dp.html"]
    for path in written:
        markup = path.read_text(encoding="utf-8")
        page = Page(markup)
        scripts = page.find("script")
        assert all(s["text"] == pages.SCRIPT for s in scripts) and len(scripts) <= 1
        assert not [e for e in page.elements if e["tag"] == "img" and e["attrs"].get("src") != "tv-dp-figure1.png"]
        for e in page.elements:
            assert not [a for a in e["attrs"] if a.startswith("on")], e
            assert not str(e["attrs"].get("href", "")).lower().startswith("javascript")
    page = _page(folder / "tv-dp.html")
    (section,) = page.find("section", id=claim["id"])  # the id is kept, as an attribute value
    assert HOSTILE in page.text_of(section) and "cut at 20000 characters" in page.text_of(section)
    assert "not a goal of this claim" in page.text_of(section)  # a certificate whose digest names no goal
    for math in page.find("math"):
        assert "<script>" not in ET.tostring(ET.fromstring(_xml(page, math)), encoding="unicode")


def _xml(page: Page, math: dict) -> str:
    """A MathML element back as XML text, from the parsed page (for an XML parser to read)."""
    def build(e: dict) -> str:
        inner = "".join(build(c) for c in page.children(e))
        return f"<{e['tag']}>{escape(e['text'])}{inner}</{e['tag']}>"
    return build(math)


def test_a_report_too_large_or_not_a_file_is_left_out(tmp_path, monkeypatch):
    monkeypatch.setattr(blueprint, "MAX_REPORT_BYTES", 100)
    (tmp_path / "verify.json").write_text(json.dumps({"claims": [{"paper": "tv-dp", "id": "a", "label": "x" * 200}]}))
    (tmp_path / "verify-lmidp.json").mkdir()
    written = blueprint.write(tmp_path)
    assert [p.name for p in written] == ["index.html"]
    text = _page(tmp_path / "index.html").text_of(_page(tmp_path / "index.html").elements[0])
    assert "more than 100: left out" in text and "verify-lmidp.json is not a regular file" in text


def test_each_page_forbids_the_network_and_every_script_but_its_own(real):
    import base64
    import hashlib
    own = "'sha256-" + base64.b64encode(hashlib.sha256(pages.SCRIPT.encode()).digest()).decode() + "'"
    for path in sorted(real.glob("*.html")):
        page = _page(path)
        (meta,) = page.find("meta", http_equiv="Content-Security-Policy")
        policy = dict((d.split()[0], d.split()[1:]) for d in meta["attrs"]["content"].split("; "))
        assert policy["default-src"] == ["'none'"] and "connect-src" not in policy
        assert policy.get("script-src", [own]) == [own], path.name
        assert not [e for e in page.elements if e["tag"] in ("link", "iframe", "object", "embed")]
        assert all(e["attrs"].get("src", "").count(":") == 0 for e in page.elements)  # no URL with a scheme


def test_verdicts_are_matched_by_goal_digest_or_else_by_place():
    certs = [{"kind": "smtlib", "digest": "a"}, {"kind": "boxes", "digest": "b"}]
    by_digest = [{"digest": "b", "kind": "boxes", "verdict": "disagrees"}, {"digest": "a", "verdict": "agrees"}]
    assert [o["verdict"] for o in pages.match_verdicts(certs, by_digest)] == ["agrees", "disagrees"]
    assert pages.match_verdicts(certs, by_digest[:1]) == [None, by_digest[0]]
    undigested = [{"kind": "smtlib", "verdict": "agrees"}, {"kind": "boxes", "verdict": "inconclusive"}]
    assert pages.match_verdicts([{"kind": "smtlib"}, {"kind": "boxes"}], undigested) == undigested
    assert pages.match_verdicts([{"kind": "smtlib"}, {"kind": "smtlib"}], undigested) == [undigested[0], None]
    assert pages.match_verdicts([{"kind": "smtlib"}], undigested) == [None]  # counts differ: no guess


# --------------------------------------------------------------------------------------------
# statuses and colours


def test_every_proof_status_has_its_own_colour_and_legible_ink():
    colours = pages.colours()
    assert list(colours)[:len(PROOF_STATUSES)] == list(PROOF_STATUSES)
    assert len(set(colours.values())) == len(colours)
    for fill in colours.values():
        # WCAG contrast of the badge text on its fill, computed here independently: at least 4.5
        ink = pages._ink(fill)

        def lum(hexa):
            hexa = hexa if len(hexa) == 7 else "#" + "".join(2 * h for h in hexa[1:])  # #000 → #000000
            rgb = [int(hexa[i:i + 2], 16) / 255 for i in (1, 3, 5)]
            lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
            return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
        hi, lo = sorted((lum(fill), lum(ink)), reverse=True)
        assert (hi + 0.05) / (lo + 0.05) >= 4.5, fill


# --------------------------------------------------------------------------------------------
# goals as MathML


def _symbols():
    return st.sampled_from([sympy.Symbol("x"), sympy.Symbol("epsilon", positive=True), sympy.Symbol("delta_1"),
                            sympy.Symbol("k", integer=True, nonnegative=True), sympy.Symbol("gamma2")])


_expr = st.recursive(
    st.one_of(_symbols(), st.integers(-30, 30).map(sympy.Integer),
              st.tuples(st.integers(-9, 9), st.integers(1, 9)).map(lambda t: sympy.Rational(*t))),
    lambda inner: st.one_of(
        st.tuples(inner, inner).map(lambda t: t[0] + t[1]), st.tuples(inner, inner).map(lambda t: t[0] * t[1]),
        st.tuples(inner, st.integers(-3, 3)).map(lambda t: t[0] ** t[1]),
        st.tuples(inner, st.sampled_from([sympy.Rational(1, 2), sympy.Rational(1, 3)])).map(lambda t: t[0] ** t[1]),
        inner.map(sympy.exp), inner.map(sympy.log), inner.map(sympy.Abs), inner.map(sympy.erfc)),
    max_leaves=6)


def _mathml_tree(markup: str) -> ET.Element:
    return ET.fromstring(markup.replace("\u2062", "&#x2062;"))


@settings(max_examples=150, deadline=None)
@given(_expr, _expr)
def test_goals_render_as_well_formed_mathml_core_naming_every_symbol(lhs, rhs):
    """Any goal the prover can state renders (no fallback to text), as well-formed XML using only
    MathML Core elements, and each variable appears as an identifier."""
    assume(not any(side.has(sympy.zoo, sympy.nan, sympy.oo, -sympy.oo) for side in (lhs, rhs)))
    # unevaluated: deciding Ge(lhs, rhs) could take sympy's assumptions system a long time
    g = goal(sympy.Ge(lhs, rhs, evaluate=False), [sympy.Symbol("x") >= -1])
    markup = goal_mathml(g.to_json())
    assert markup is not None
    tree = _mathml_tree(markup)
    assert {e.tag for e in tree.iter()} <= MATHML_CORE
    idents = {e.text for e in tree.iter("mi")}
    for v in g.variables:
        base = str(v).split("_")[0].rstrip("0123456789")
        shown = {"epsilon": "ε", "delta": "δ", "gamma": "γ"}.get(base, base)
        assert shown in idents, (str(v), idents)


@pytest.mark.parametrize("expr, expected", [
    (1 - sympy.Symbol("d"), "<mrow><mn>1</mn><mo>−</mo><mi>d</mi></mrow>"),
    (sympy.Symbol("x") + 1, "<mrow><mi>x</mi><mo>+</mo><mn>1</mn></mrow>"),
    (sympy.sqrt(sympy.Symbol("x")), "<msqrt><mi>x</mi></msqrt>"),
    (1 / (sympy.Symbol("x") + 1), "<mfrac><mn>1</mn><mrow><mi>x</mi><mo>+</mo><mn>1</mn></mrow></mfrac>"),
    ((1 - sympy.Symbol("d")) ** sympy.Symbol("k"),
     "<msup><mrow><mo>(</mo><mrow><mn>1</mn><mo>−</mo><mi>d</mi></mrow><mo>)</mo></mrow><mi>k</mi></msup>"),
    (sympy.exp(-sympy.Symbol("epsilon")), "<msup><mi>e</mi><mrow><mo>−</mo><mi>ε</mi></mrow></msup>"),
    (-sympy.Symbol("x") / 3, "<mrow><mo>−</mo><mfrac><mi>x</mi><mn>3</mn></mfrac></mrow>"),
    (sympy.Symbol("p_0") ** 2, "<msup><msub><mi>p</mi><mn>0</mn></msub><mn>2</mn></msup>"),
])
def test_mathml_reads_as_the_mathematics(expr, expected):
    y = sympy.Symbol("y")
    markup = goal_mathml(goal(sympy.Eq(y, expr), variables=sorted(expr.free_symbols | {y}, key=str)).to_json())
    assert expected in markup, markup


def test_mathml_of_strict_relations_and_logic_is_escaped_and_quantified():
    x, k = sympy.Symbol("x"), sympy.Symbol("k", integer=True, positive=True)
    markup = goal_mathml(goal(sympy.Or(x < 1, sympy.Not(sympy.Eq(x, 2))), [k > 2]).to_json())
    tree = _mathml_tree(markup)
    ops = [e.text for e in tree.iter("mo")]
    assert ops[:1] == ["∀"] and "<" in ops and "∨" in ops and "⇒" in ops and "≠" in ops
    assert "<mo>&lt;</mo>" in markup


def test_an_unreadable_goal_falls_back_to_text():
    assert goal_mathml({"conclusion": "__import__('os').system('true')"}) is None
    assert goal_mathml({"conclusion": "Add(" * 300 + ")" * 300}) is None
    assert goal_mathml({"conclusion": "x" * 30000}) is None
    assert goal_mathml({"variables": "not a list", "conclusion": "Integer(1)"}) is None
    # a tower of powers is printed, never evaluated
    tower = goal_mathml({"conclusion": "GreaterThan(Pow(Integer(9), Pow(Integer(9), Integer(99))), Integer(0))"})
    assert "<mn>99</mn>" in tower


# --------------------------------------------------------------------------------------------
# quotes recovered from mojibake


def _produce(text: str) -> str:
    """The mojibake of `text` as the paper's producer made it (the module docstring's model, written
    here from its description): UTF-8 bytes read 0x80–0x9F as Windows-1252, 0xA0–0xFF as ISO 8859-7,
    undefined bytes dropped."""
    out = []
    for byte in text.encode("utf-8"):
        if byte < 0x80:
            out.append(chr(byte))
            continue
        try:
            out.append(bytes((byte,)).decode("cp1252" if byte < 0xA0 else "iso8859_7"))
        except UnicodeDecodeError:
            pass
    return "".join(out)


#: Characters of a DP paper: ASCII, Greek, operators, and mathematical italics (whose F0 9D lead
#: loses its 0x9D to the producer).
MATH_TEXT = st.text(st.sampled_from(list("abc xyz()[],.;:=+-01")
                                    + list("εδγηλμσΘΦαβΔ−≤≥∈∞∥⋅≔∑∫√’“”…†∗")
                                    + ["𝜀", "𝛿", "𝑃", "𝑄", "𝖪", "𝖳", "𝑛"]), min_size=1, max_size=40)


@settings(max_examples=200, deadline=None)
@given(MATH_TEXT)
def test_mojibake_of_a_math_text_is_recovered(original):
    mojibake = _produce(original)
    if mojibake == original:  # ASCII only: nothing to recover
        assert readable(mojibake) is None
        return
    assert readable(mojibake) == original


def test_the_papers_quotes_are_recovered_where_mojibake_and_only_there():
    """Every claim's recorded quote: egamma-ldp's (all mojibake) read without the commonest mojibake
    pairs (ε, δ, −, ∥, ≥, ’); the other four papers' are left as they are."""
    registry = load_claims(default_claims_path())
    quoted = [spec for spec in registry.claims.values() if spec.quote]
    assert {spec.paper for spec in quoted} == set(FIVE)
    for spec in quoted:
        recovered = readable(spec.quote)
        if spec.paper != "egamma-ldp":
            assert recovered is None, spec.id
            continue
        assert recovered is not None and len(recovered) < len(spec.quote), spec.id
        for pair in ("Ξ΅", "Ξ΄", "βˆ’", "βˆ₯", "β‰₯", "β€™"):
            assert pair not in recovered, (spec.id, pair)


def test_text_that_is_not_mojibake_is_left_alone():
    for key in ("tv-dp", "extremal-ldp", "composition-subsampling", "lmidp"):
        text = (ROOT / "proofs" / "papers" / f"{key}.txt").read_text(encoding="utf-8")
        assert all(readable(text[i:i + 2000]) is None for i in range(0, len(text), 40000)), key
    assert readable("for all ε ≥ 0 and δ ∈ [0, 1]") is None
    recovered = readable(EGAMMA_QUOTE)
    assert "n[1−e−ε" in recovered and "(1−δ)]" in recovered and "Ξ" not in recovered


# --------------------------------------------------------------------------------------------
# layout: legible at 60 claims


@settings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 60), st.integers(0, 60)), max_size=45), st.integers(1, 61))
def test_layout_of_up_to_61_claims_overlaps_nothing_and_keeps_its_font(edges, n):
    nodes = [graph.Node(f"c{i}", f"Claim {i} with a long label of forty chars", "checked", "#92c5de") for i in range(n)]
    edges = [(f"c{a}", f"c{b}") for a, b in edges if a < n and b < n]
    d = graph.layout(nodes, edges)
    for i, a in enumerate(d.nodes):
        assert graph.NODE_W / 2 <= a.x <= d.width - graph.NODE_W / 2
        assert graph.NODE_H / 2 <= a.y <= d.height - graph.NODE_H / 2
        for b in d.nodes[i + 1:]:
            assert abs(a.x - b.x) >= graph.NODE_W or abs(a.y - b.y) >= graph.NODE_H, (a, b)
    markup = graph.svg(d, {})
    assert markup == graph.svg(graph.layout(nodes, edges), {})  # deterministic
    assert all(len(t) <= graph.LABEL_CHARS for t in re.findall(r"<text x=[^>]*>([^<]*)</text>", markup))


def test_the_largest_papers_graph_fits_the_page_width(real):
    """extremal-ldp's uses (the deepest of the five papers) lay out within the page's 1200 pixels."""
    page = _page(real / "extremal-ldp.html")
    (svg,) = page.find("svg")
    assert float(svg["attrs"]["width"]) <= 1200


# --------------------------------------------------------------------------------------------
# in a real browser


def _chromium() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    pytest.fail(f"Chromium is needed for the blueprint's browser test and was not found: {CHROMIUM_INSTALL}")


def _browse(page: Path, tmp_path: Path, *action: str) -> subprocess.CompletedProcess:
    profile = tmp_path / f"profile-{len(list(tmp_path.iterdir()))}"
    flags = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
             "--disable-background-networking", "--disable-component-update", "--disable-sync",
             f"--user-data-dir={profile}", "--hide-scrollbars", "--window-size=1280,1000"]
    done = subprocess.run([_chromium(), *flags, *action, page.as_uri()], capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr[-2000:]
    return done


def _pixels(png: Path):
    from matplotlib import image
    picture = image.imread(str(png))
    return (picture[..., :3] * 255).round().astype(int)


def test_pages_render_in_chromium(real, enriched, tmp_path):
    """Every page, after its script ran: each claim has its node and its section, coloured as the
    report says; the filter script ran; the screenshots show the statuses' colours."""
    for folder in (real, enriched):
        for key in FIVE:
            dom = Page(_browse(folder / f"{key}.html", tmp_path, "--dump-dom").stdout)
            assert dom.find("html")[0]["attrs"].get("data-filters") == "ready"
            check_page_against_report(dom, _claims(folder, key))
        dom = Page(_browse(folder / "index.html", tmp_path, "--dump-dom").stdout)
        assert len(dom.find("tr")) >= len(FIVE) + 2
    for page, key in ((enriched / "tv-dp.html", "tv-dp"), (real / "index.html", None)):
        shot = tmp_path / f"{page.stem}.png"
        _browse(page, tmp_path, f"--screenshot={shot}")
        pixels = _pixels(shot)
        colours = {tuple(p) for p in pixels.reshape(-1, 3)[::7]}
        assert len(colours) > 40, f"{page.name}: the screenshot has {len(colours)} colours (blank?)"
        wanted = {c.get("proof_status") if c.get("proof_status") in PROOF_STATUSES else "not recorded"
                  for c in (_claims(enriched, key) if key else _claims(real))}
        for status in wanted:
            fill = pages.colours()[status]
            rgb = tuple(int(fill[i:i + 2], 16) for i in (1, 3, 5))
            assert ((abs(pixels - rgb) <= 2).all(axis=-1)).sum() > 50, f"{status} ({fill}) not seen in {page.name}"


def test_a_figure_in_the_folder_shows_in_chromium(enriched, tmp_path):
    """The page's relative link to a figure written into its folder loads under the page's
    Content Security Policy (the 4×4 pure red PNG of the fixture is seen in the screenshot)."""
    (one,) = [c for c in _claims(enriched) if c.get("figure") == "tv-dp-figure1.png"]
    folder = tmp_path / "figure"
    folder.mkdir()
    (folder / "verify.json").write_text(json.dumps({"claims": [one]}), encoding="utf-8")
    shutil.copy(enriched / "tv-dp-figure1.png", folder)
    blueprint.write(folder)
    shot = tmp_path / "figure.png"
    # tall enough for the whole page: the claim's section grows with its certificates
    _browse(folder / "tv-dp.html", tmp_path, f"--screenshot={shot}", "--window-size=1280,12000")
    assert ((_pixels(shot) == (255, 0, 0)).all(axis=-1)).sum() >= 16


def test_filters_hide_the_claims_of_an_unticked_status(real, tmp_path):
    markup = (real / "extremal-ldp.html").read_text(encoding="utf-8")
    # a grade some of the page's claims have (which one depends on the proofs of the day)
    hidden = next(s for s in PROOF_STATUSES if any(c["proof_status"] == s for c in _claims(real, "extremal-ldp")))
    unticked = markup.replace(f'checked data-filter="{pages.status_class(hidden)}"',
                              f'data-filter="{pages.status_class(hidden)}"')
    assert unticked != markup
    page = tmp_path / "extremal-ldp.html"
    page.write_text(unticked, encoding="utf-8")
    dom = Page(_browse(page, tmp_path, "--dump-dom").stdout)
    for c in _claims(real, "extremal-ldp"):
        (section,) = dom.find("section", id=c["id"])
        (node,) = dom.find(data_claim=c["id"])
        off = c["proof_status"] == hidden
        assert ("hidden" in section["attrs"]) == off
        assert ("dim" in node["attrs"].get("class", "").split()) == off
