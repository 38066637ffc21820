"""The Ghazi–Issa (tv-dp) claims in proofs/ all run and none fails."""

from pathlib import Path

import pytest

from symdp.verify import PAPERS, load_claims, run_claims

PROOFS = Path(__file__).resolve().parent.parent / "proofs"


@pytest.fixture(scope="module")
def reports():
    registry = load_claims(PROOFS)
    assert not [e for e in registry.load_errors if "tv_dp" in e[0]], registry.load_errors
    return run_claims(registry.select("tv-dp"), timeout=300, progress=False)


@pytest.mark.slow
def test_no_tv_dp_claim_fails(reports):
    failed = [(r.label, r.detail) for r in reports if r.status == "failed"]
    assert not failed, failed


@pytest.mark.slow
def test_tv_dp_coverage(reports):
    labels = " | ".join(r.label for r in reports)
    assert len(reports) >= 30
    for name in ["Theorem 1", "Theorem 2", "Theorem 3", "Theorem 4", "Theorem 5", "Theorem 6", "Theorem 7",
                 "Corollary 1", "Proposition 1", "Proposition 2", "Lemma 3", "Remark 1", "Remark 2", "Remark 3",
                 "Remark 4", "Figure 3", "Figure 4", "Figure 5"]:
        assert name in labels, name
    assert "tv-dp" in PAPERS


@pytest.mark.slow
def test_errata_are_recorded_with_witnesses(reports):
    errata = [r for r in reports if r.status == "erratum"]
    assert len(errata) >= 10
    for r in errata:
        assert r.data["witness"], r.label
        assert r.data["corrected"]["status"] in ("proved", "checked"), r.label
