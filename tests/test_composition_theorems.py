"""Composition theorems (Steinke Thms. 1, 18, 22; KOV; Murtagh–Vadhan), the decomposition of
Lemma 23 / Corollary 24 with its two errata, and the §5 lower bound (Thm. 25, Lemmas 26–27).
Independent routes: brute-force hockey-sticks of product pairs in exact Fractions, KOV's original
grid form, mpmath bisection, exact Beta integrals."""

import itertools
import random
import tracemalloc
from fractions import Fraction
from math import comb

import mpmath
import pytest
import sympy
from flint import arb, ctx
from hypothesis import example, given, settings, strategies as st

from symdp.central.composition_theorems import (advanced_composition, advanced_composition_approx, basic_composition,
                                                decompose, drv_composition, kov_delta, kov_epsilon, mv_delta)
from symdp import limits
from symdp.central.composition_theorems import _kov_sum_ball
from symdp.errors import ParameterError, ResourceLimitError
from symdp.central.lower_bounds import lemma26_terms, lemma27_bound, mean_estimation_lower_bound, theorem25_error_bound
from symdp.numbers import arb_of, certify, encloses, endpoints, to_fmpq

R = sympy.Rational
LOG = sympy.log


def _product_hockey(pairs, b):
    """max over directions of Σ_outcomes max(0, P − bQ) for the product of finite pairs, exactly."""
    best = Fraction(0)
    for first, second in ((0, 1), (1, 0)):
        total = Fraction(0)
        for outcome in itertools.product(*(range(len(pair[0])) for pair in pairs)):
            pp = qq = Fraction(1)
            for pair, i in zip(pairs, outcome):
                pp *= pair[first][i]
                qq *= pair[second][i]
            total += max(Fraction(0), pp - b * qq)
        best = max(best, total)
    return best


def _kov_pair(a, d):
    """The 4-point worst-case (ε, δ) pair of Kairouz–Oh–Viswanath (Steinke footnote 16)."""
    p = (d, (1 - d) * a / (1 + a), (1 - d) / (1 + a), Fraction(0))
    return p, tuple(reversed(p))


@pytest.mark.parametrize("a, d, k", [(Fraction(2), Fraction(0), 3), (Fraction(3, 2), Fraction(1, 20), 4),
                                     (Fraction(5), Fraction(1, 100), 5), (Fraction(11, 10), Fraction(1, 1000), 6)])
def test_kov_equals_brute_force_product(a, d, k):
    pairs = [_kov_pair(a, d)] * k
    for b in (Fraction(1), a, a ** 2 * Fraction(7, 8), Fraction(3), a ** k):
        expected = _product_hockey(pairs, b)
        got = kov_delta(LOG(R(a.numerator, a.denominator)), R(d.numerator, d.denominator), k, LOG(R(b.numerator, b.denominator)))
        assert got == R(expected.numerator, expected.denominator)


def test_kov_grid_form_of_the_original_paper():
    # KOV Theorem 3.3 at ε' = (k−2i)ε₀: Σ_{ℓ<i} C(k,ℓ)(a^{k−ℓ} − a^{k−2i+ℓ}) / (1+a)^k (δ₀ = 0).
    for a, k in ((Fraction(2), 10), (Fraction(11, 10), 20)):
        for i in range(0, k // 2 + 1):
            grid = sum(comb(k, l) * (a ** (k - l) - a ** (k - 2 * i + l)) for l in range(i)) / (1 + a) ** k
            got = kov_delta(LOG(R(a.numerator, a.denominator)), 0, k, (k - 2 * i) * LOG(R(a.numerator, a.denominator)))
            assert got == R(grid.numerator, grid.denominator)
    assert kov_delta(LOG(2), 0, 10, 0) == R(13981, 19683)


def _mp_kov_delta(e0, k, e):
    return sum(comb(k, l) * mpmath.exp(l * e0) * max(0, 1 - mpmath.exp(e - (2 * l - k) * e0)) for l in range(k + 1)) / (1 + mpmath.exp(e0)) ** k


@pytest.mark.parametrize("k", [1, 10, 100])
def test_kov_epsilon_against_mpmath_bisection(k):
    with mpmath.workdps(40):
        target = mpmath.mpf(10) ** -6
        lo, hi = mpmath.mpf(0), mpmath.mpf(k) / 10
        for _ in range(140):
            mid = (lo + hi) / 2
            lo, hi = (lo, mid) if _mp_kov_delta(mpmath.mpf("0.1"), k, mid) <= target else (mid, hi)
        got = mpmath.mpf(certify(kov_epsilon(R(1, 10), 0, k, R(1, 10**6)), 30).decimal)
        assert mpmath.almosteq(got, hi, rel_eps=mpmath.mpf(10) ** -27)


def test_kov_epsilon_edges():
    assert kov_epsilon(LOG(2), R(1, 10), 3, R(1, 1000)) == sympy.oo  # below 1 − (1−δ₀)^k
    assert kov_epsilon(LOG(2), R(1, 10), 2, R(19, 100)) == 2 * LOG(2)  # exactly 1 − (1−δ₀)^k
    assert kov_epsilon(LOG(2), 0, 2, 1) == 0


@settings(max_examples=30, deadline=None)
@given(st.integers(2, 40), st.integers(1, 20), st.integers(2, 9))
def test_advanced_composition_is_not_below_the_optimum(a_tenths_above_one, k, delta_exp):
    a = R(10 + a_tenths_above_one, 10)
    delta = R(1, 10 ** delta_exp)
    eps0 = LOG(a)
    adv = advanced_composition([eps0] * k, delta)
    assert arb_of(kov_delta(eps0, 0, k, adv), 128) <= arb_of(delta, 128)
    assert arb_of(kov_delta(eps0, 0, k, basic_composition([eps0] * k)), 128) == 0


def test_mv_matches_brute_force_and_reduces_to_kov():
    a_list = [Fraction(2), Fraction(3), Fraction(5)]
    rr = [((a / (1 + a), 1 / (1 + a)), (1 / (1 + a), a / (1 + a))) for a in a_list]
    for b, expected in ((1, R(25, 36)), (2, R(43, 72)), (5, R(5, 12)), (10, R(5, 18)), (30, 0)):
        assert mv_delta([LOG(2), LOG(3), LOG(5)], LOG(b)) == expected
        brute = _product_hockey(rr, Fraction(b))
        assert expected == R(brute.numerator, brute.denominator)
    deltas = [R(1, 50), R(1, 20), R(1, 100)]
    pairs = [_kov_pair(a, Fraction(int(d.p), int(d.q))) for a, d in zip(a_list, deltas)]
    brute = _product_hockey(pairs, Fraction(3))
    assert mv_delta([LOG(2), LOG(3), LOG(5)], LOG(3), deltas) == R(brute.numerator, brute.denominator)
    assert mv_delta([LOG(R(3, 2))] * 5, LOG(2), [R(1, 30)] * 5) == kov_delta(LOG(R(3, 2)), R(1, 30), 5, LOG(2))
    irrational = mv_delta([R(1, 10)] * 4, R(1, 5)).ball(128)
    assert irrational.overlaps(kov_delta(R(1, 10), 0, 4, R(1, 5)).ball(128))


def test_theorem_values_and_identities():
    # The reference independent mpmath value for k = 100, ε_j = 0.1, δ = 1e-6.
    assert certify(advanced_composition([R(1, 10)] * 100, R(1, 10**6)), 15).decimal == "5.75652176975693"
    # Theorem 18 is Remark 15's simple conversion of ρ = ½Σε_j².
    rho = R(1, 2) * sum(x ** 2 for x in (R(1, 10), R(1, 5), R(3, 10), R(2, 5)))
    assert sympy.simplify(advanced_composition([R(1, 10), R(1, 5), R(3, 10), R(2, 5)], R(1, 10**5))
                          - (rho + 2 * sympy.sqrt(rho * LOG(10**5)))) == 0
    thm22 = advanced_composition_approx([R(1, 10)] * 100, [R(1, 10**8)] * 100, R(1, 10**5))
    assert abs(float(thm22) - 5.3204327566367) < 1e-12
    assert advanced_composition_approx([1, 1], [0, 0], R(1, 2)) == 2  # the basic branch of the min
    assert arb_of(drv_composition(R(1, 10), 100, R(1, 10**6)), 64) > arb_of(advanced_composition([R(1, 10)] * 100, R(1, 10**6)), 64)


def _random_pair(rng, size):
    p = [Fraction(rng.randint(0, 12)) for _ in range(size)]
    q = [Fraction(rng.randint(1, 12)) for _ in range(size)]
    p[0] += 1
    return [x / sum(p) for x in p], [x / sum(q) for x in q]


def test_decomposition_on_random_pairs():
    rng = random.Random(7)
    for _ in range(25):
        p, q = _random_pair(rng, rng.randint(2, 4))
        x = R(rng.choice([1, 5, 3, 2, 4]), 1) if rng.random() < 0.3 else R(rng.randint(11, 40), 10)
        extra = R(rng.randint(0, 3), 10)
        ps = [R(v.numerator, v.denominator) for v in p]
        qs = [R(v.numerator, v.denominator) for v in q]
        base = decompose(ps, qs, LOG(x))
        delta = sympy.Min(1, base.delta + extra)
        dec = decompose(ps, qs, LOG(x), delta)
        for i in range(len(ps)):
            assert sympy.simplify((1 - delta) * dec.p_prime[i] + delta * dec.p_second[i] - ps[i]) == 0
            assert sympy.simplify((1 - delta) * dec.q_prime[i] + delta * dec.q_second[i] - qs[i]) == 0
            assert dec.p_prime[i] <= x * dec.q_prime[i] and dec.q_prime[i] <= x * dec.p_prime[i]
            assert dec.a[i] >= 0 and dec.b[i] >= 0 and dec.p_second[i] >= 0 and dec.q_second[i] >= 0
        assert sympy.simplify(sum(dec.a) - 1) == 0 and sympy.simplify(sum(dec.p_second) - 1) == 0
        assert tuple(dec.randomized_response_law(0)) == tuple(ps)
        assert tuple(dec.randomized_response_law(1)) == tuple(qs)


def test_erratum_lemma23_mixture_weight():
    # P = (2/3, 1/3), Q = (1/3, 2/3), ε = log 2, δ = 1/2 > TV = 1/3, so δ₁ = 1/3 < δ.
    p = [R(2, 3), R(1, 3)]
    dec = decompose(p, [R(1, 3), R(2, 3)], LOG(2), R(1, 2))
    d, d1 = dec.delta, dec.delta1
    raw = [(w - (1 - d1) * f) / d1 for w, f in zip(p, dec.p_prime)]  # Lemma 23's P'' before re-weighting
    printed = [(1 - d) * f + (d - d1) * f + (1 - d1) * r for f, r in zip(dec.p_prime, raw)]
    corrected = [(1 - d) * f + (d - d1) * f + d1 * r for f, r in zip(dec.p_prime, raw)]
    assert printed == [1, R(1, 3)] and sum(printed) == R(4, 3)
    assert corrected == p


def test_erratum_corollary24_top_bottom_swapped():
    p, q, x = [R(1, 2), R(1, 4), R(1, 4)], [R(1, 4), R(1, 4), R(1, 2)], R(3, 2)
    dec = decompose(p, q, LOG(x))
    d = dec.delta
    keep, flip = (1 - d) * x / (x + 1), (1 - d) / (x + 1)
    # As printed: F(0,⊤) = P'', F(1,⊤) = Q'', F(0,⊥) = A, F(1,⊥) = B.
    printed = [d * a + keep * p2 + flip * q2 for a, p2, q2 in zip(dec.a, dec.p_second, dec.q_second)]
    assert d == R(1, 8) and printed == [R(43, 70), R(1, 28), R(7, 20)]
    assert list(dec.randomized_response_law(0)) == p


def test_lemma26_exact():
    for n in (1, 2, 3):
        one, two, three = lemma26_terms(lambda x: Fraction(1, 2), n)
        assert one + two == R(1, 12)  # tight for f ≡ 1/2
        one, two, three = lemma26_terms(lambda x: Fraction(sum(x), n), n)
        assert one == R(1, 6) and two == 0
    rng = random.Random(3)
    for n in (1, 2, 3):
        for _ in range(5):
            table = {x: Fraction(rng.randint(0, 10), 10) for x in itertools.product((0, 1), repeat=n)}
            one, two, three = lemma26_terms(table, n)
            assert one + two >= R(1, 12) and three >= one + two
    # Footnote 7 independently: E‖X̄ − P‖² per coordinate = ∫ p(1−p)/n dp = 1/(6n).
    p = sympy.Symbol("p")
    assert sympy.integrate(p * (1 - p) / 3, (p, 0, 1)) == R(1, 18)


def test_lemma27_on_random_pairs():
    rng = random.Random(11)
    for _ in range(30):
        support = [Fraction(rng.randint(-4, 4), 2) for _ in range(3)]
        wx = [Fraction(rng.randint(1, 9)) for _ in support]
        wy = [Fraction(rng.randint(1, 9)) for _ in support]
        x = {}
        y = {}
        for v, a, b in zip(support, wx, wy):
            x[v] = x.get(v, 0) + a / sum(wx)
            y[v] = y.get(v, 0) + b / sum(wy)
        eps = LOG(R(rng.randint(11, 30), 10))
        g = sympy.exp(eps)
        need = max(sum(max(0, x.get(v, 0) - g * y.get(v, 0)) for v in set(x) | set(y)),
                   sum(max(0, y.get(v, 0) - g * x.get(v, 0)) for v in set(x) | set(y)))
        bound = lemma27_bound(x, y, eps, need, 2)
        assert sum(R(v.numerator, v.denominator) * w for v, w in x.items()) <= bound
    with pytest.raises(ParameterError):
        lemma27_bound({0: 1}, {1: 1}, 0, R(1, 2), 1)  # not (0, 1/2)-indistinguishable


def test_theorem25():
    assert mean_estimation_lower_bound(R(1, 10), R(1, 1000), 10, 1000) == R(1, 10)
    small = mean_estimation_lower_bound(R(1, 10), 0, 100, 222)  # k just above 200(e^0.1 − 1)²·100 ≈ 221.2
    assert small == sympy.sqrt(222) / (1600 * (sympy.exp(R(1, 10)) - 1))
    assert mean_estimation_lower_bound(0, 0, 5, 1) == R(1, 10)
    # The proof's constant: √((5/6)/200) ≥ 1/16.
    assert sympy.sqrt(R(5, 6) / 200) > R(1, 16)
    assert arb_of(theorem25_error_bound(R(1, 10), R(1, 10), 0, 10, 10**5), 64) > arb_of(R(1, 10), 64)
    with pytest.raises(ParameterError):
        mean_estimation_lower_bound(R(1, 10), R(1, 100), 10, 1000)  # δ > 1/(100n)
    with pytest.raises(ParameterError):
        mean_estimation_lower_bound(1, 0, 10, 100)  # k < 200(e−1)²n


@pytest.mark.parametrize("call", [
    lambda: advanced_composition([R(1, 10)], 2), lambda: advanced_composition([-1], R(1, 2)),
    lambda: advanced_composition_approx([1], [R(1, 2)], R(1, 4)), lambda: kov_delta(1, 2, 3, 1),
    lambda: kov_delta(1, 0, 0, 1), lambda: mv_delta([1, 1], 1, [0]),
    lambda: decompose([R(1, 2), R(1, 2)], [1, 0], 0, R(1, 10)), lambda: decompose([R(1, 2), R(1, 4)], [R(1, 2), R(1, 2)], 0),
])
def test_parameter_errors(call):
    with pytest.raises(ParameterError):
        call()


# --------------------------------------------------------------------------------------------
# KOV at large k: binary-split exact tails and the truncated certified sum against the plain sum


def _kov_plain(a: Fraction, b: Fraction, d0: Fraction, k: int) -> Fraction:
    """δ' of KOV Theorem 3.3 term by term over all k + 1 values of ℓ, in Fractions."""
    s = sum((comb(k, l) * max(Fraction(0), a ** l - b * a ** (k - l)) for l in range(k + 1)), Fraction(0))
    return 1 - (1 - d0) ** k * (1 - s / (1 + a) ** k)


@settings(max_examples=25, deadline=None)
@example(5, Fraction(2 ** 2000 + 1, 2 ** 2000), Fraction(1), Fraction(0))  # log a below 2^-1999
@given(st.integers(1, 120), st.fractions(Fraction(1), Fraction(5), max_denominator=50),
       st.fractions(Fraction(1), Fraction(10 ** 4), max_denominator=30), st.fractions(0, Fraction(1, 10), max_denominator=100))
def test_kov_exact_matches_the_term_by_term_sum(k, a, b, d0):
    got = kov_delta(LOG(R(a.numerator, a.denominator)), R(d0.numerator, d0.denominator), k,
                    LOG(R(b.numerator, b.denominator)))
    want = _kov_plain(a, b, d0, k)
    assert got == R(want.numerator, want.denominator)


@settings(max_examples=20, deadline=None)
@example(5, Fraction(1000), Fraction(1, 100))  # 1 − p below 2^-1000: computed as 1/(1 + e^ε₀)
@given(st.integers(1, 400), st.fractions(Fraction(1, 40), Fraction(2), max_denominator=40),
       st.fractions(0, Fraction(30), max_denominator=20))
def test_kov_certified_truncated_sum_encloses_the_exact_value(k, eps0, ratio):
    # ε₀ rational, so e^{ε₀} is irrational and the certified route runs: against mpmath's
    # term-by-term sum over all k + 1 values of ℓ at 80 digits.
    e0, e = R(eps0.numerator, eps0.denominator), R(ratio.numerator, ratio.denominator) * R(eps0.numerator, eps0.denominator)
    ball = kov_delta(e0, 0, k, e).ball(200)
    with mpmath.workdps(80):
        x0, x = mpmath.mpf(e0.p) / e0.q, mpmath.mpf(e.p) / e.q
        want = mpmath.fsum(mpmath.binomial(k, l) * mpmath.exp(l * x0 - k * mpmath.log1p(mpmath.exp(x0)))
                           * max(mpmath.mpf(0), 1 - mpmath.exp(x - (2 * l - k) * x0)) for l in range(k + 1))
        lo, hi = (mpmath.mpf(int(x.p)) / int(x.q) for x in endpoints(ball, 200))
        slack = mpmath.mpf(10) ** -70 * (1 + abs(want))
        assert lo - slack <= want <= hi + slack
        assert hi - lo <= mpmath.mpf(2) ** -150 * max(want, mpmath.mpf(2) ** -600) + mpmath.mpf(2) ** -190


def test_kov_large_k_exact_and_certified_routes_agree():
    # k = 20000: the binary-split exact rational against the truncated arb sum (both of this
    # module, but independent: exact integers over every active term vs. a walk from the mode).
    k, j, d0 = 20_000, 12_000, R(1, 10 ** 6)
    exact_value = kov_delta(LOG(2), d0, k, j * LOG(2))
    assert isinstance(exact_value, sympy.Rational) and 0 < exact_value < 1
    with ctx.workprec(400):
        s = _kov_sum_ball(arb(2).log(), j * arb(2).log(), k)
        d = 1 - (1 - arb(d0.p) / d0.q) ** k * (1 - s)
        assert encloses(d, to_fmpq(exact_value))


def test_kov_refuses_before_allocating():
    tracemalloc.start()
    try:
        with pytest.raises(ResourceLimitError, match="binomial_n"):
            kov_delta(LOG(2), 0, 10 ** 7, 10 ** 6 * LOG(2))
        with limits.raised(rational_bits=10 ** 5), pytest.raises(ResourceLimitError, match="rational_bits"):
            kov_delta(LOG(2), 0, 10 ** 5, 6 * 10 ** 4 * LOG(2))
        assert tracemalloc.get_traced_memory()[1] < 10 ** 6
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize("k, d0", [(1, 0), (4, 0), (7, R(1, 7)), (9, R(1, 1000))])
def test_kov_pair_power_takes_the_closed_form_with_the_lattice_value(k, d0):
    from symdp import dominating
    from symdp.central.composition import LatticePair
    pair = dominating(LOG(2), d0) ** k
    assert pair._kov_power == (LOG(2), d0, k)
    for eps in (0, LOG(2), 3 * LOG(2), LOG(R(5, 2)), k * LOG(2)):
        assert pair.delta(eps) == LatticePair.hockey_stick(pair, sympy.exp(eps))  # the lattice suffix sum


def test_kov_pair_power_at_k_1e5_is_exact_within_the_default_limits():
    from symdp import randomized_response
    got = (randomized_response(LOG(2)) ** 10 ** 5).delta(60_000 * LOG(2))
    assert isinstance(got, sympy.Rational) and got == kov_delta(LOG(2), 0, 10 ** 5, 60_000 * LOG(2))
