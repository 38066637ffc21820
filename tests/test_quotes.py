"""Every claim of the built-in proofs records the paper's passage that states it (``quote``), found
verbatim in the paper's text shipped beside the claims (``proofs/papers/KEY.txt``): the reports show it
beside the formal goals, so that a reader judges that they say the same thing (docs/trust-chain.md)."""

from __future__ import annotations

import pytest

from symdp.verify import load_claims
from symdp.verify.registry import MIN_QUOTE, find_quote

#: Claims whose statement goes beyond anything the paper prints, so that no passage states them; they
#: carry no quote (a nearby sentence would show a reader words that do not say what was proved).
UNQUOTED = {
    "composition-subsampling:section-7-murtagh-vadhan":
        "Section 7 names Murtagh–Vadhan only for the #P-completeness of heterogeneous optimal composition; "
        "the formula the claim proves is not printed in the paper",
}


@pytest.fixture(scope="module")
def claims():
    registry = load_claims()
    assert not registry.load_errors, registry.load_errors
    return list(registry)


def test_every_claim_quotes_its_paper_verbatim(claims):
    misses = [f"{c.id}: {find_quote(c.paper, c.quote)[1]}" for c in claims
              if c.id not in UNQUOTED and not find_quote(c.paper, c.quote)[0]]
    assert not misses, f"{len(misses)} claim(s) without a quote found in the paper:\n" + "\n".join(misses)


def test_the_unquoted_claims_exist_and_carry_no_quote(claims):
    by_id = {c.id: c for c in claims}
    assert set(UNQUOTED) <= set(by_id), f"listed but not registered: {sorted(set(UNQUOTED) - set(by_id))}"
    quoted = [i for i in UNQUOTED if by_id[i].quote is not None]
    assert not quoted, f"a claim listed as unquoted now has a quote; drop it from UNQUOTED: {quoted}"


def test_a_damaged_quote_is_not_found(claims):
    """The check can fail: a quote with one word changed, cut below a sentence, or put under another
    paper is refused."""
    quoted = [c for c in claims if c.id not in UNQUOTED]
    for c in quoted[:: max(1, len(quoted) // 12)]:
        words = c.quote.split()
        damaged = " ".join(words[:-1] + [words[-1] + "x"])
        assert not find_quote(c.paper, damaged)[0], c.id
        assert not find_quote(c.paper, c.quote.strip()[: MIN_QUOTE - 1])[0], c.id
        other = next(p for p in ("tv-dp", "lmidp") if p != c.paper)
        assert not find_quote(other, c.quote)[0], c.id
