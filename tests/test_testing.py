"""symdp.testing: loading tables and asserting float implementations against them."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from symdp.tables import build
from symdp.testing import Row, assert_matches, compare_value, load_table


@pytest.fixture(scope="module")
def tables(tmp_path_factory):
    d = tmp_path_factory.mktemp("tables")
    build(["gaussian_delta", "rr_contraction"], d, progress=False)
    return d


def float_gaussian_delta(sigma: float, eps: float) -> float:
    """Balle–Wang's formula in double precision (an estimate: it rounds either way)."""
    phi_bar = lambda x: 0.5 * math.erfc(x / math.sqrt(2))
    return phi_bar(eps * sigma - 1 / (2 * sigma)) - math.exp(eps) * phi_bar(eps * sigma + 1 / (2 * sigma))


def test_load_table_rows_are_exact(tables):
    t = load_table("gaussian_delta", tables)
    assert len(t) == len(t.rows) > 50
    row = next(t.iter_rows(sigma="1/2", eps="1/10"))
    assert row.floats == {"sigma": 0.5, "eps": 0.1}
    assert row.floats.exact == {"sigma": "1/2", "eps": "1/10"}
    assert isinstance(row.lower, Fraction) and row.lower <= row.upper
    assert row.line >= 2 and row.exact and "erfc" in row.exact
    kinds = {r.params["kind"] for r in load_table("rr_contraction", tables)}
    assert kinds == {"tv", "kl", "chi2"}
    assert load_table("rr_contraction", tables).rows[0].floats["kind"] in kinds


def test_correct_float_implementation_passes(tables):
    n = assert_matches("gaussian_delta", lambda p: float_gaussian_delta(p["sigma"], p["eps"]),
                       side="both", rtol=1e-9, atol=1e-300, dir=tables)
    assert n == len(load_table("gaussian_delta", tables))


def test_underflow_needs_atol(tables):
    with pytest.raises(AssertionError, match="too low"):
        assert_matches("gaussian_delta", lambda p: float_gaussian_delta(p["sigma"], p["eps"]),
                       side="both", rtol=1e-9, dir=tables)


def test_non_conservative_upper_bound_fails_and_names_the_row(tables):
    understated = lambda p: 0.999 * float_gaussian_delta(p["sigma"], p["eps"])
    with pytest.raises(AssertionError) as info:
        assert_matches("gaussian_delta", understated, side="upper", rtol=1e-2, atol=1e-300, dir=tables,
                       where={"sigma": "1"})
    text = str(info.value)
    assert "NON-CONSERVATIVE" in text and "gaussian_delta.csv:" in text and "sigma=1" in text
    assert "certified value" in text


def test_conservative_upper_bound_passes_and_lower_side_mirrors(tables):
    inflated = lambda p: float_gaussian_delta(p["sigma"], p["eps"]) * (1 + 1e-8) + 1e-300
    assert_matches("gaussian_delta", inflated, side="upper", rtol=1e-6, atol=1e-300, dir=tables)
    with pytest.raises(AssertionError, match="above the certified upper bound"):
        assert_matches("gaussian_delta", inflated, side="lower", rtol=1e-6, atol=1e-300, dir=tables,
                       where={"eps": "1"})
    deflated = lambda p: float_gaussian_delta(p["sigma"], p["eps"]) * (1 - 1e-8)
    assert_matches("gaussian_delta", deflated, side="lower", rtol=1e-6, atol=1e-300, dir=tables)


def _row(lower: str, upper: str) -> Row:
    return Row("t", 2, {"x": "1"}, lower, Fraction(lower), Fraction(upper), None)


def test_compare_value_semantics_are_exact():
    row = _row("0.5", "0.5000000000000000000001")
    # 0.5 - 2^-53 is a float strictly below the lower bound: non-conservative with no tolerance
    below = 0.5 - 2 ** -54
    assert compare_value(row, below, "upper", rtol=1.0).non_conservative
    assert compare_value(row, below, "both", rtol=1e-9).ok
    assert compare_value(row, 0.5, "upper").ok
    assert not compare_value(row, 0.5 + 1e-6, "upper", rtol=1e-9).ok
    assert compare_value(row, 0.5 + 1e-6, "upper", rtol=1e-5).ok
    assert compare_value(row, 0.6, "lower").non_conservative
    assert not compare_value(row, math.nan, "both").ok
    assert not compare_value(row, math.inf, "upper").non_conservative
    with pytest.raises(ValueError):
        compare_value(row, 0.5, "sideways")


def test_missing_table_is_reported(tables):
    with pytest.raises(FileNotFoundError, match="no table"):
        load_table("no_such_table", tables)
