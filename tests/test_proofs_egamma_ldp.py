"""The Asoodeh–Aliakbarpour–Calmon (egamma-ldp) claims in proofs/ all run, none fails, every
numbered result has a claim, and each erratum records its witness and a passing correction."""

from fractions import Fraction

import pytest

from symdp.verify import PAPERS


@pytest.fixture(scope="module")
def reports(verified):
    reports = verified("egamma-ldp")
    registry = verified.registry
    assert not [e for e in registry.load_errors if "egamma" in e[0]], registry.load_errors
    return reports


@pytest.mark.slow
def test_no_egamma_ldp_claim_fails(reports):
    failed = [(r.label, r.detail) for r in reports if r.status == "failed"]
    assert not failed, failed


@pytest.mark.slow
def test_egamma_ldp_coverage(reports):
    labels = " | ".join(r.label for r in reports)
    assert "egamma-ldp" in PAPERS and len(reports) >= 40
    for name in ["Eq. (1)", "Eq. (2)", "Eq. (3)", "Eq. (22)", "Eq. (23)", "Eq. (24)", "Eq. (28)", "Eq. (29)", "Eq. (30)",
                 "Theorem 1", "Theorem 2", "Theorem 3", "Lemma 1", "Lemma 2", "Lemma 3", "Lemma 4",
                 "Corollary 1", "Corollary 2", "Corollary 3", "Corollary 4", "Corollary 5",
                 "Example 1", "Example 2", "Example 3", "Example 4", "Remark 1", "Figure 1", "Eq. (10)", "Eqs. (13)–(15)"]:
        assert name in labels, name


@pytest.mark.slow
def test_egamma_ldp_errata_have_witnesses(reports):
    errata = {r.label for r in reports if r.status == "erratum"}
    for label in ["Corollary 1 (proof, eq. 41), erratum", "Corollary 1 (eq. 8), erratum",
                  "Corollary 1 (proof, separation), erratum", "Remark 1 (value of eq. 15), erratum",
                  "Remark 1 (value of eq. 17), erratum", "Example 1 (sum), erratum", "Lemma 1 (η_KL of BSC), erratum",
                  "Eq. (10) (comparison with Lemma 4), erratum", "Lemma 3 (comparison with Duchi et al.), erratum",
                  "Corollary 4"]:
        assert label in errata, label
    for r in reports:
        if r.status == "erratum":
            assert r.data["witness"] and r.data["printed_holds"] is False, r.label
            assert r.data["corrected"]["status"] in ("proved", "checked"), r.label


@pytest.mark.slow
def test_egamma_ldp_claims_record_the_papers_domain_and_grade_errata(reports):
    from symdp.verify.evidence import ERRATUM_KINDS
    for r in reports:
        assert r.stated_domain and r.stated_where, r.label
        if r.status == "erratum":
            assert r.data["kind"] in ERRATUM_KINDS, r.label
    value_17 = next(r for r in reports if r.label == "Remark 1 (value of eq. 17), erratum")
    assert value_17.data["witness"]["sup of (17), recomputed"].startswith("2/27")
    assert value_17.data["corrected"]["status"] == "proved"


@pytest.mark.slow
@pytest.mark.parametrize("label", ["Theorem 3 (eqs. 25–26)", "Eqs. (6)–(7)", "Lemma 3", "Corollary 5",
                                   "Corollary 4 (proof, eqs. 50–51)", "Theorem 2 (proof, eq. 49)", "Theorem 2",
                                   "Corollary 1 (proof, eqs. 37–40)", "Eq. (42)"])
def test_promoted_claims_are_proved_on_the_whole_stated_domain(reports, label):
    (r,) = [r for r in reports if r.label == label]
    assert r.status == "proved" and r.coverage == "whole", (r.detail, r.proof_notes)
    assert r.uses, "what the proof rests on is recorded"


@pytest.mark.slow
def test_corollary_4_is_a_proof_gap_on_an_interactive_witness(reports):
    # the setting permits sequential interaction, (50)–(51) reach only K^{⊗n}: the witness's output law under
    # P1 is no product of its marginals (13/75 against (2/5)(31/75) at (0, 0))
    (r,) = [r for r in reports if r.label == "Corollary 4"]
    assert r.status == "erratum" and r.data["kind"] == "proof gap"
    law = [[Fraction(v) for v in row] for row in r.data["witness"]["law of (Z_1, Z_2) under P1"]]
    assert sum(map(sum, law)) == 1 and law[0][0] != sum(law[0]) * (law[0][0] + law[1][0])
    assert r.data["witness"]["each K_i (log 3, 0)-LDP"] is True
    assert r.data["corrected"]["status"] == "checked"


@pytest.mark.slow
@pytest.mark.parametrize("label", ["Example 1", "Example 2", "Eqs. (13)–(15)", "Eq. (1)", "Eq. (22)", "Eq. (28)",
                                   "Corollary 2 (proof, eqs. 47–48)"])
def test_machine_complete(reports, label):
    (r,) = [r for r in reports if r.label == label]
    assert r.proof_status == "machine-complete", (r.proof_notes, r.detail)
