"""The Ngo–Östman–Graell i Amat (lmidp) claims in proofs/ all run, none fails, and the
suspected errata are confirmed with witnesses."""

from pathlib import Path

import pytest

from symdp.verify import load_claims, run_claims

PROOFS = Path(__file__).resolve().parent.parent / "proofs"


@pytest.fixture(scope="module")
def reports():
    registry = load_claims(PROOFS)
    assert not [e for e in registry.load_errors if "lmidp" in e[0]], registry.load_errors
    return run_claims(registry.select("lmidp"), timeout=300, progress=False)


@pytest.mark.slow
def test_no_lmidp_claim_fails(reports):
    failed = [(r.label, r.detail) for r in reports if r.status == "failed"]
    assert not failed, failed


@pytest.mark.slow
def test_lmidp_coverage(reports):
    labels = " | ".join(r.label for r in reports)
    for name in ["Definition 1", "Definition 2", "Definition 3", "Definition 4", "Eq. (7)", "Theorem 1(a)",
                 "Theorem 1(b)", "Theorem 2(a)", "Theorem 2(b)", "Theorem 3", "Lemma 1", "Eq. (9)", "Figure 1", "Figure 2"]:
        assert name in labels, name


@pytest.mark.slow
def test_theorem_2a_is_an_erratum_with_witness(reports):
    (r,) = [r for r in reports if r.label == "Theorem 2(a)"]
    assert r.status == "erratum"
    witness = r.data["witness"]
    assert witness["required_delta"] == "99/100"
    assert float(witness["eq9_delta"]) < 0.1
