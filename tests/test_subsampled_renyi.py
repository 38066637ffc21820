"""Poisson-subsampled Rényi DP (Steinke, Thms. 34, 35, 38, Props. 41, 42), checked by independent
routes: the integer-order binomial sum against certified integration of the same divergence,
fractional orders against mpmath quadrature, and Theorem 34/35 against exact brute-force moments
of random finite pairs."""

import random
import time
from fractions import Fraction

import mpmath
import pytest
import sympy
from symdp.errors import ParameterError
from symdp.numbers import arb_of, certify
from symdp.central.subsampled_renyi import (proposition41_bound, proposition41_zcdp_bound, proposition42_bound,
                                            subsampled_gaussian_moment, subsampled_gaussian_rdp,
                                            subsampling_lower_bound, theorem34_moment, theorem34_rdp, theorem35_bound,
                                            theorem38_bound)


def _mp_moment(alpha, q, mu, direction):
    """E_Q[B^γ] by mpmath quadrature, B = 1 − q + q e^{μu − μ²/2}, Q = N(0,1)."""
    gamma = alpha if direction == "forward" else 1 - alpha
    f = lambda u: mpmath.npdf(u) * (1 - q + q * mpmath.exp(mu * u - mu ** 2 / 2)) ** gamma
    peak = alpha * mu if direction == "forward" else 0
    return mpmath.quad(f, [-mpmath.inf, -10, 0, peak, peak + 10, mpmath.inf])


@pytest.mark.parametrize("alpha", [2, 3, 5])
@pytest.mark.parametrize("q, sigma", [(Fraction(1, 20), 1), (Fraction(1, 100), Fraction(1, 2))])
def test_integer_sum_equals_certified_integral(alpha, q, sigma):
    total = subsampled_gaussian_moment(alpha, q, sigma, method="sum").ball(128)
    integral = subsampled_gaussian_moment(alpha, q, sigma, method="integral").ball(128)
    assert total.overlaps(integral)
    assert integral.rad() < total.mid() * 2 ** -100 and total.rad() < total.mid() * 2 ** -100


@pytest.mark.parametrize("alpha, direction", [(Fraction(3, 2), "forward"), (Fraction(5, 2), "forward"),
                                              (Fraction(21, 2), "forward"), (Fraction(3, 2), "reverse"),
                                              (4, "reverse")])
def test_integral_against_mpmath_quad(alpha, direction):
    q, mu = Fraction(1, 20), 1
    with mpmath.workdps(40):
        ref = _mp_moment(mpmath.mpf(alpha.numerator if isinstance(alpha, Fraction) else alpha) /
                         (alpha.denominator if isinstance(alpha, Fraction) else 1), mpmath.mpf(1) / 20, mu, direction)
        c = certify(subsampled_gaussian_moment(alpha, q, 1, direction=direction), 25)
        assert mpmath.almosteq(mpmath.mpf(c.decimal), ref, rel_eps=mpmath.mpf(10) ** -22)


def test_order_1024_is_fast_and_ordered():
    start = time.perf_counter()
    value = subsampled_gaussian_rdp(1024, Fraction(1, 100), 1)
    digits = certify(value, 30)
    assert time.perf_counter() - start < 2
    # Steinke's lower bound after Thm. 38: D_α(mix‖Q) ≥ D_α(P‖Q) − α/(α−1)·log(1/q), with D_α = α/2.
    low = subsampling_lower_bound(1024, Fraction(1, 100), 512)
    # The gap to the lower bound is about 99·e^{−511} (Prop. 42), so 2048 bits are needed.
    assert arb_of(low, 2048) < value.ball(2048) < arb_of(sympy.Integer(512), 2048)
    assert digits.decimal.startswith("507.39")


def test_rates_zero_and_one():
    assert subsampled_gaussian_rdp(Fraction(5, 2), 0, 1).ball(64) == 0
    full = subsampled_gaussian_rdp(Fraction(5, 2), 1, 2, direction="reverse").ball(64)
    assert full.overlaps(arb_of(sympy.Rational(5, 16), 64))  # αΔ²/(2σ²), Lemma 33.4


def test_rdp_monotone_in_order():
    orders = [2, Fraction(5, 2), 3, 4, Fraction(9, 2), 8, 16]
    values = [subsampled_gaussian_rdp(a, Fraction(1, 20), 1).ball(96) for a in orders]
    assert all(x < y for x, y in zip(values, values[1:]))  # Lemma 33.3


def test_reverse_below_forward_for_the_gaussian():
    for alpha in (2, 3, 6):
        fwd = subsampled_gaussian_rdp(alpha, Fraction(1, 20), 1).ball(96)
        rev = subsampled_gaussian_rdp(alpha, Fraction(1, 20), 1, direction="reverse").ball(96)
        assert rev < fwd


def _random_pair(rng, size):
    p = [Fraction(rng.randint(1, 30)) for _ in range(size)]
    q = [Fraction(rng.randint(1, 30)) for _ in range(size)]
    return [x / sum(p) for x in p], [x / sum(q) for x in q]


def _moment(p, q, alpha):
    """E_Q[(P/Q)^α] = Σ p^α q^{1−α}, exactly (integer α)."""
    return sum(pi ** alpha * qi ** (1 - alpha) for pi, qi in zip(p, q))


def test_theorem34_exact_for_randomized_response():
    a, rate = Fraction(3), Fraction(1, 10)
    p, q = [a / (1 + a), 1 / (1 + a)], [1 / (1 + a), a / (1 + a)]
    expected = {2: Fraction(76, 75), 3: Fraction(1172, 1125), 4: Fraction(18352, 16875), 5: Fraction(58384, 50625)}
    for alpha in range(2, 6):
        mix = [rate * x + (1 - rate) * y for x, y in zip(p, q)]
        direct = _moment(mix, q, alpha)
        formula = theorem34_moment(alpha, rate, lambda k: _moment(p, q, k))
        assert formula == sympy.Rational(direct.numerator, direct.denominator)
        assert direct == expected[alpha]


def test_theorem34_and_35_on_random_pairs():
    rng = random.Random(2024)
    for _ in range(40):
        p, q = _random_pair(rng, rng.randint(2, 4))
        rate = Fraction(rng.randint(1, 19), 20)
        for alpha in (2, 3, 4):
            mix = [rate * x + (1 - rate) * y for x, y in zip(p, q)]
            forward = _moment(mix, q, alpha)
            assert theorem34_moment(alpha, rate, lambda k: _moment(p, q, k)) == sympy.Rational(forward.numerator, forward.denominator)
            swapped = _moment([rate * y + (1 - rate) * x for x, y in zip(p, q)], p, alpha)
            reverse = _moment(q, mix, alpha)
            bound = theorem35_bound(alpha, rate, sympy.Rational(forward.numerator, forward.denominator),
                                    sympy.Rational(swapped.numerator, swapped.denominator))
            assert sympy.Rational(reverse.numerator, reverse.denominator) <= bound


def test_theorem34_rdp_with_infinite_and_certified_inputs():
    assert theorem34_rdp(3, Fraction(1, 10), lambda k: sympy.oo) == sympy.oo
    gauss = theorem34_rdp(4, Fraction(1, 20), lambda k: sympy.Rational(k, 2))
    assert arb_of(gauss, 128).overlaps(subsampled_gaussian_rdp(4, Fraction(1, 20), 1).ball(128))


def test_theorem35_refuses_orders_below_two():
    with pytest.raises(ParameterError):
        theorem35_bound(Fraction(3, 2), Fraction(1, 2), 1, 1)


def test_theorem38_valid_case_bounds_both_directions():
    p, rho = Fraction(1, 100), Fraction(1, 10)
    sigma = sympy.sqrt(5)  # ρ = 1/(2σ²) = 1/10
    for alpha in (Fraction(3, 2), 2, 3, 4):
        bound = arb_of(theorem38_bound(alpha, p, rho), 96)
        for direction in ("forward", "reverse"):
            assert subsampled_gaussian_rdp(alpha, p, sigma, direction=direction).ball(96) < bound


@pytest.mark.parametrize("alpha, p, rho", [(2, Fraction(1, 20), Fraction(1, 2)), (2, Fraction(1, 100), Fraction(1, 100)),
                                           (5, Fraction(1, 100), Fraction(1, 10)), (2, Fraction(3, 4), Fraction(1, 10)),
                                           (2, Fraction(1, 100), 2)])
def test_theorem38_hypotheses(alpha, p, rho):
    with pytest.raises(ParameterError):
        theorem38_bound(alpha, p, rho)


@pytest.mark.parametrize("alpha", [Fraction(11, 10), 2, 3, 6, 10, 20])
def test_figure2_orderings(alpha):
    p, rho = Fraction(1, 20), Fraction(1, 2)
    exact_value = subsampled_gaussian_rdp(alpha, p, 1).ball(128)
    prop41 = arb_of(proposition41_zcdp_bound(alpha, p, rho), 128)
    prop41_alpha = arb_of(proposition41_zcdp_bound(alpha, p, rho, omega=alpha), 128)
    prop42 = arb_of(proposition42_bound(alpha, p, sympy.Rational(alpha) * rho), 128)
    low = arb_of(subsampling_lower_bound(alpha, p, sympy.Rational(alpha) * rho), 128)
    assert low < exact_value < prop42
    assert exact_value < prop41 and (prop41 < prop41_alpha or prop41.overlaps(prop41_alpha))


def test_proposition41_hypotheses_and_loose_form():
    assert arb_of(proposition41_bound(2, Fraction(1, 20), 1, 3, 3), 64) < arb_of(proposition41_bound(2, Fraction(1, 20), 1, 3, 3, loose=True), 64)
    with pytest.raises(ParameterError):
        proposition41_bound(2, Fraction(7, 10), 1, 1, 2)  # p > 1 − 1/e
    with pytest.raises(ParameterError):
        proposition41_bound(3, Fraction(1, 10), 1, 1, 2)  # ω < α


@pytest.mark.parametrize("call", [
    lambda: subsampled_gaussian_moment(1, Fraction(1, 2), 1), lambda: subsampled_gaussian_moment(2, 2, 1),
    lambda: subsampled_gaussian_moment(2, Fraction(1, 2), 0), lambda: subsampled_gaussian_moment(Fraction(5, 2), Fraction(1, 2), 1, method="sum"),
    lambda: subsampled_gaussian_moment(2, Fraction(1, 2), 1, direction="reverse", method="sum"),
    lambda: subsampled_gaussian_moment(2, Fraction(1, 2), 1, direction="sideways"),
    lambda: theorem34_moment(Fraction(5, 2), Fraction(1, 2), lambda k: 1),
])
def test_parameter_errors(call):
    with pytest.raises(ParameterError):
        call()
