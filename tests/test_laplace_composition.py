"""Exact k-fold Laplace composition against independent routes: the one-mechanism profile,
mpmath quadrature of the privacy-loss convolution, the recursion δ_{a+b} = E_{Z_a}[E_{e^{ε−Z_a}}(PL_b)],
the Kairouz–Oh–Viswanath worst case, and certified inversion."""

from fractions import Fraction

import mpmath as mp
import pytest
import sympy
from math import comb

from flint import fmpq, fmpz, fmpz_poly
from hypothesis import given, settings, strategies as st
from sympy import Rational as Q

from symdp import laplace, limits
from symdp.composition_theorems import kov_delta
from symdp.errors import ParameterError, ResourceLimitError
from symdp.laplace_components import _window_krawtchouk, components_delta, components_delta_ball, components_window
from symdp.laplace_composition import (LaplaceComposition, _knots, _sum_ball, laplace_composition_delta,
                                       laplace_composition_epsilon, laplace_composition_sum)
from symdp.numbers import arb_of, certify, encloses, endpoints, to_fmpq, working_precision



@pytest.fixture(autouse=True)
def _digits():
    with mp.workdps(30):
        yield


def _mp(x):
    return mp.mpf(x.p) / x.q if isinstance(x, sympy.Rational) else mp.mpf(x)


def _single_pld(e0):
    """One Laplace privacy loss under P: atoms ±ε₀ and density e^{(z−ε₀)/2}/4 on (−ε₀, ε₀)."""
    atoms = [(e0, mp.mpf(1) / 2), (-e0, mp.exp(-e0) / 2)]
    return atoms, (lambda z: mp.exp((z - e0) / 2) / 4)


def _hockey(profile, x):
    """E_{e^x} of a symmetric pair from its profile δ(·) ≥ 0, for any real x."""
    if x >= 0:
        return profile(x)
    return 1 - mp.exp(x) + mp.exp(x) * profile(-x)


def _convolve_once(e0, profile, eps, kinks):
    """E_{Z ← PL_1}[E_{e^{ε−Z}}(PL_b)] by mpmath quadrature, split at the kinks of the integrand."""
    atoms, dens = _single_pld(e0)
    total = sum(m * _hockey(profile, eps - z) for z, m in atoms)
    cuts = sorted({-e0, e0, *[c for c in kinks if -e0 < c < e0]})
    return total + mp.quad(lambda z: dens(z) * _hockey(profile, eps - z), cuts)


def _numeric_delta(e0, k, eps):
    """δ_k by k−1 nested one-dimensional convolutions with mpmath quadrature (k ≤ 3); the
    integrand has kinks where ε − z crosses a lattice point iε₀."""
    profile = lambda x: max(mp.mpf(0), 1 - mp.exp((x - e0) / 2))
    for _ in range(1, k):
        profile = (lambda inner: lambda x: _convolve_once(
            e0, inner, x, [x - i * e0 for i in range(-k, k + 1)]))(profile)
    return profile(eps)


@pytest.mark.parametrize("eps0, eps", [(Q(1, 2), Q(1, 5)), (Q(3), Q(0)), (Q(1, 10), Q(1, 20)), (Q(2), Q(2))])
def test_one_mechanism_is_the_laplace_profile(eps0, eps):
    assert sympy.simplify(laplace_composition_delta(eps0, 1, eps) - laplace(eps0).delta(eps)) == 0


@pytest.mark.parametrize("k, eps0, eps", [(2, Q(1, 2), Q(0)), (2, Q(1, 2), Q(3, 10)), (2, Q(1), Q(3, 2)),
                                          (3, Q(1, 2), Q(1, 5)), (3, Q(1, 3), Q(1, 2))])
def test_matches_quadrature_of_the_convolution(k, eps0, eps):
    exact = laplace_composition_delta(eps0, k, eps)
    numeric = _numeric_delta(_mp(eps0), k, _mp(eps))
    assert abs(_mp_of(exact) - numeric) < mp.mpf(10) ** -20


def _mp_of(value):
    c = certify(value, 28)
    return mp.mpf(c.decimal)


def test_exact_form_is_one_rational_times_one_exponential():
    eps0, k, eps = Q(1, 10), 7, Q(1, 4)
    r = laplace_composition_sum(eps0, k, eps)
    assert isinstance(r, sympy.Rational)
    d = laplace_composition_delta(eps0, k, eps)
    assert d == 1 - r * sympy.Integer(2) ** (1 - k) * sympy.exp((eps - k * eps0) / 2)


def test_certified_sum_encloses_the_exact_sum():
    eps0, k, eps = Q(1, 10), 40, Q(3, 2)
    r = laplace_composition_sum(eps0, k, eps)
    ball = _sum_ball(eps0, k, eps, _knots(eps0, k, eps), 300)
    assert encloses(ball, to_fmpq(r))


def test_irrational_parameters_are_certified():
    d = laplace_composition_delta(sympy.log(2), 3, sympy.log(3))
    # the same value by the recursion (independent quadrature), ε₀ = log 2, ε = log 3
    numeric = _numeric_delta(mp.log(2), 3, mp.log(3))
    assert abs(_mp_of(d) - numeric) < mp.mpf(10) ** -20


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 6), st.fractions(Fraction(1, 10), Fraction(2)), st.fractions(0, Fraction(3)))
def test_laws_monotone_and_below_the_worst_case(k, eps0, eps):
    e0, e = Q(eps0.numerator, eps0.denominator), Q(eps.numerator, eps.denominator)
    d = laplace_composition_delta(e0, k, e)
    d_next = laplace_composition_delta(e0, k + 1, e)
    d_right = laplace_composition_delta(e0, k, e + Q(1, 7))
    lo, hi = endpoints(arb_of(d, 200), 200)
    assert lo >= 0 and hi <= 1
    assert certify(d_next - d, 5).lower[0] != "-" or d_next == d      # composition cannot help
    assert certify(d - d_right, 5).lower[0] != "-" or d == d_right    # the profile decreases
    kov = kov_delta(e0, 0, k, e)                                       # Laplace is an ε₀-DP pair
    assert certify(kov - d, 5).lower[0] != "-" or sympy.simplify(kov - d) == 0


def test_zero_from_basic_composition_on():
    assert laplace_composition_delta(Q(1, 3), 5, Q(5, 3)) == 0
    assert certify(laplace_composition_delta(Q(1, 3), 5, Q(5, 3) - Q(1, 1000)), 5).lower[0] != "-"


def test_epsilon_round_trip_is_certified():
    eps0, k, target = Q(1, 10), 100, Q(1, 10 ** 6)
    e = laplace_composition_epsilon(eps0, k, target)
    lo, hi = endpoints(e.ball(128), 128)
    below = laplace_composition_delta(eps0, k, sympy.Rational(int(lo.p), int(lo.q)))
    above = laplace_composition_delta(eps0, k, sympy.Rational(int(hi.p), int(hi.q)))
    assert endpoints(arb_of(below, 256), 256)[0] >= fmpq(1, 10 ** 6) >= endpoints(arb_of(above, 256), 256)[1]
    # dp_accounting's pessimistic PLD gives 4.6926674386475 (reference §4.1): ours must not exceed it
    assert hi < fmpq(46926674386475, 10 ** 13)


def test_pair_hook_and_parameters():
    pair = laplace(Q(1, 2)) ** 3
    assert isinstance(pair, LaplaceComposition) and pair.k == 3
    assert pair.delta(Q(1, 5)) == laplace_composition_delta(Q(1, 2), 3, Q(1, 5))
    assert (pair ** 2).k == 6 and laplace(Q(1, 2)).compose(laplace(Q(1, 2))).k == 2
    with pytest.raises(ParameterError):
        laplace_composition_delta(0, 2, 1)
    with pytest.raises(ParameterError):
        laplace_composition_delta(1, 0, 1)
    with pytest.raises(ParameterError):
        laplace_composition_epsilon(1, 2, 2)


# ---- the certified route by the number of continuous components (symdp.laplace_components)

def _encloses_exact(ball, eps0, k, eps):
    """The ball contains the exact closed form 1 − R·2^{1−k}·e^{(ε−kε₀)/2} (second derivation)."""
    exact = 1 - laplace_composition_sum(eps0, k, eps) * sympy.Integer(2) ** (1 - k) * sympy.exp((eps - k * eps0) / 2)
    e = arb_of(exact, 400)
    return ball.overlaps(e) and ball.rad() < 1e-30 * abs(e).upper() + 1e-60


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 24), st.fractions(Fraction(1, 20), Fraction(3)), st.fractions(0, Fraction(1)))
def test_components_route_encloses_the_closed_form(k, eps0, frac):
    e0 = Q(eps0.numerator, eps0.denominator)
    e = e0 * k * Q(frac.numerator, frac.denominator) * Q(99, 100)   # 0 ≤ ε < kε₀
    ball = components_delta(e0, k, e).ball(200)
    assert _encloses_exact(ball, e0, k, e)


@pytest.mark.parametrize("k, eps0, eps", [(40, Q(1, 10), Q(1, 5)), (120, Q(1, 10), Q(3, 5)),
                                          (60, Q(1), Q(7)), (90, Q(2), Q(30))])
def test_components_route_at_larger_k(k, eps0, eps):
    with limits.raised(composition_terms=10 ** 5):
        assert _encloses_exact(components_delta(eps0, k, eps).ball(200), eps0, k, eps)


def test_components_route_matches_quadrature_with_irrational_parameters():
    for k in (2, 3):
        d = components_delta(sympy.log(2), k, sympy.log(3) / 2)
        assert abs(_mp_of(d) - _numeric_delta(mp.log(2), k, mp.log(3) / 2)) < mp.mpf(10) ** -20


def test_dropped_components_are_bounded_not_ignored():
    """A window that drops most of the binomial mass still encloses δ (the tail bound is added)."""
    e0, k, e = Q(1, 2), 30, Q(2)
    mode = components_window(e0, k, 100)
    for window in [(3, 9), (0, 2), (mode[0] + 1, mode[1] - 1)]:
        with working_precision(300):
            ball = components_delta_ball(e0, k, e, 300, window)
        exact = arb_of(laplace_composition_delta(e0, k, e), 300)
        assert ball.overlaps(exact)


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 60), st.integers(0, 30), st.integers(0, 60), st.integers(0, 40))
def test_window_krawtchouk_is_the_polynomial_product(n, j, L, extra):
    L = min(L, n)
    top = L + extra
    full = fmpz_poly([0] * L + [comb(n, l) for l in range(L, n + 1)]) * fmpz_poly([(-1) ** i * comb(j, i) for i in range(j + 1)])
    coeffs = full.coeffs() + [0] * (top + 2)
    assert _window_krawtchouk(n, j, L, top, fmpz(comb(n, L))) == [coeffs[s] for s in range(L, top + 1)]


def test_large_k_is_refused_before_allocating():
    with pytest.raises(ResourceLimitError, match="composition_terms"):
        laplace_composition_delta(Q(1, 10), 10 ** 5, 50)


@pytest.mark.parametrize("eps0, k, eps", [(Q(1, 2), 300, Q(10)), (Q(1, 2), 300, Q(40)), (Q(1, 5), 500, Q(12))])
def test_components_route_inside_the_accounting_bracket(eps0, k, eps):
    """Against an unrelated certified route: symdp.accounting's discretised-PLD bracket."""
    from symdp.accounting import delta_bracket
    bracket = delta_bracket(laplace(eps0), k, eps, rtol=Q(1, 10))
    lo, hi = endpoints(laplace_composition_delta(eps0, k, eps).ball(200), 200)
    assert bracket.lower <= lo and hi <= bracket.upper


@pytest.mark.parametrize("k, eps", [(5, sympy.log(8)), (6, sympy.log(4)), (7, 3 * sympy.log(2))])
def test_components_route_at_a_knot_with_irrational_parameters(k, eps):
    """ε/ε₀ an integer of k's parity puts an atom exactly at the threshold (H = (t + k)/2 is an
    integer, decided by exact signs): against the closed form summed in balls."""
    e0 = sympy.log(2)
    ball = components_delta(e0, k, eps).ball(200)
    with working_precision(400):
        r = _sum_ball(e0, k, eps, _knots(e0, k, eps), 400)
        closed = 1 - r * arb_of(sympy.Integer(2) ** (1 - k) * sympy.exp((eps - k * e0) / 2), 400)
    assert ball.overlaps(closed) and ball.rad() < 1e-30
