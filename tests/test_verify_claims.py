"""The shipped claims as a whole (the session's one run of every paper, shared with the proofs
tests): the README's verify tables are generated from it, and every result a proof names is in
its ``uses``."""

from pathlib import Path

import pytest

from symdp.verify import report
from symdp.verify.facts import function_text, unrecorded_uses

README = Path(__file__).resolve().parent.parent / "README.md"

#: Proved claims whose detail, docstring or comments name a result of their own paper that their
#: ``uses`` does not record (found by this check; the paper engineers add the uses or reword).
#: The check fails on any other, and on an entry that no longer needs to be here.
KNOWN_UNRECORDED: set = set()


@pytest.mark.slow
def test_the_readme_tables_are_generated_from_a_report(verified):
    """The README's per-paper counts and errata table are what a full run gives
    (``python -m symdp.verify.report README.md reports/verify.json`` after ``symdp verify``
    rewrites them)."""
    text = README.read_text(encoding="utf-8")
    fresh = report.update_readme(text, verified.all())
    if fresh != text:
        import difflib
        diff = "\n".join(difflib.unified_diff(text.splitlines(), fresh.splitlines(), "README.md", "generated", n=0,
                                              lineterm=""))
        pytest.fail("the README's generated sections differ from a fresh run (regenerate them with "
                    f"'symdp verify --out reports && python -m symdp.verify.report README.md reports/verify.json'):\n{diff}")


@pytest.mark.slow
def test_every_result_a_proof_names_is_in_its_uses(verified):
    reports = verified.all()
    claims = [r.to_json() for r in reports]
    specs = verified.registry.claims
    comments = {c["id"]: function_text(specs[c["id"]].file, specs[c["id"]].function_name) for c in claims
                if c["id"] in specs}
    proved = {r.id for r in reports if r.status == "proved"}
    found = {m for m in unrecorded_uses(claims, comments) if m[0] in proved}
    assert not found - KNOWN_UNRECORDED, f"proofs name results their uses do not record: {sorted(found - KNOWN_UNRECORDED)}"
    assert not KNOWN_UNRECORDED - found, f"now recorded: remove from KNOWN_UNRECORDED {sorted(KNOWN_UNRECORDED - found)}"


def test_the_uses_check_finds_named_results():
    """The check on a made-up paper: names in the detail and in comments count, citations of other
    papers, a step's own result and cited results do not."""
    def c(cid, label, detail="", uses=()):
        return {"id": f"p:{cid}", "paper": "p", "label": label, "detail": detail, "data": {}, "uses": list(uses)}
    claims = [c("t1", "Theorem 1"), c("l2", "Lemma 2 (b)"), c("p3", "Proposition 3"),
              c("t4", "Theorem 4", "by Lemma 2 and Theorem 1 of [30]", ["p:t1"]),
              c("t5", "Theorem 5", "in the proof of Theorem 1; Lemma 2.3 of a book; Duchi et al.'s Theorem 1"),
              c("t6", "Theorem 6", "see p:p3", [{"author": "X", "result": "Proposition 3"}])]
    comments = {"p:t5": "def t5():\n    # Proposition 3 gives the bound\n", "p:t4": "Theorem 4 itself"}
    assert unrecorded_uses(claims, comments) == [("p:t4", "Lemma 2"), ("p:t5", "Proposition 3"), ("p:t6", "p:p3")]
