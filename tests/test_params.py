"""symdp.numerics.params: each check accepts exactly its range, returns the exact value, and its error
names the parameter and the range."""

from fractions import Fraction

import pytest
import sympy
from hypothesis import given, strategies as st

from symdp.numerics import params
from symdp.errors import ParameterError
from symdp.local import randomized_response as rr_channel
from symdp.central.pairs import randomized_response as rr_pair

x = sympy.Symbol("x")
# (check, the range as a predicate on a Fraction, the range as the message prints it)
RANGES = [
    (params.nonnegative, lambda v: v >= 0, "≥ 0"),
    (params.positive, lambda v: v > 0, "> 0"),
    (params.probability, lambda v: 0 <= v <= 1, "in [0, 1]"),
    (params.open_probability, lambda v: 0 < v < 1, "in (0, 1)"),
    (params.positive_probability, lambda v: 0 < v <= 1, "in (0, 1]"),
    (lambda v, name: params.at_least(v, name, Fraction(1, 3)), lambda v: v >= Fraction(1, 3), "≥ 1/3"),
    (lambda v, name: params.above(v, name, 1), lambda v: v > 1, "> 1"),
    (lambda v, name: params.rate(v, name, Fraction(1, 2)), lambda v: 0 <= v <= Fraction(1, 2), "in [0, 1/2]"),
]
fractions = st.fractions(min_value=-3, max_value=3, max_denominator=12)


@pytest.mark.parametrize("check, inside, allowed", RANGES)
@given(v=fractions)
def test_accepts_exactly_the_range(check, inside, allowed, v):
    if inside(v):
        assert check(v, "theta") == sympy.Rational(v.numerator, v.denominator)
    else:
        with pytest.raises(ParameterError) as err:
            check(v, "theta")
        assert str(err.value) == f"theta must be {allowed}, got {sympy.Rational(v.numerator, v.denominator)}"


@pytest.mark.parametrize("check, inside, allowed", RANGES)
def test_free_symbols_pass_only_when_asked(check, inside, allowed):
    with pytest.raises(ParameterError, match="theta"):
        check(x, "theta")
    if check in (params.nonnegative, params.positive, params.probability):
        assert check(x + 1, "theta", symbolic=True) == x + 1


def test_irrational_values_are_decided_exactly():
    assert params.open_probability(1 - sympy.exp(-1), "p") == 1 - sympy.exp(-1)
    with pytest.raises(ParameterError, match=r"p must be in \[0, 1 - exp\(-1\)\]"):
        params.rate(sympy.Rational(2, 3), "p", 1 - sympy.exp(-1))  # 1 − 1/e ≈ 0.632 < 2/3


@given(k=st.integers(min_value=-5, max_value=20), minimum=st.integers(min_value=0, max_value=4))
def test_count(k, minimum):
    for value in (k, sympy.Integer(k)):
        if k >= minimum:
            got = params.count(value, "n", minimum)
            assert got == k and type(got) is int
        else:
            with pytest.raises(ParameterError, match=f"n must be an integer ≥ {minimum}"):
                params.count(value, "n", minimum)


@pytest.mark.parametrize("bad", [True, False, 2.0, Fraction(3, 2), sympy.Rational(3, 2), "3", x])
def test_count_refuses_non_integers(bad):
    with pytest.raises(ParameterError, match="k must be an integer ≥ 1"):
        params.count(bad)


def test_order():
    assert params.order(sympy.oo) is sympy.oo
    assert params.order(0.5) == sympy.Rational(1, 2)
    for bad in (0, -1, x):
        with pytest.raises(ParameterError, match=r"alpha must be > 0 \(or oo\)"):
            params.order(bad)


def test_randomized_response_takes_sympy_integers():
    for k in (2, 3, 5):
        assert rr_channel(1, sympy.Integer(k)).rows == rr_channel(1, k).rows
        assert rr_pair(1, sympy.Integer(k)).p == rr_pair(1, k).p
    with pytest.raises(ParameterError, match="k must be an integer ≥ 2"):
        rr_channel(1, sympy.Integer(1))
