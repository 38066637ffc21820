"""Exact k-fold Laplace composition against independent routes: the one-mechanism profile,
mpmath quadrature of the privacy-loss convolution, the recursion δ_{a+b} = E_{Z_a}[E_{e^{ε−Z_a}}(PL_b)],
the Kairouz–Oh–Viswanath worst case, and certified inversion."""

import math
from fractions import Fraction

import mpmath as mp
import pytest
import sympy
from math import comb

import flint
from flint import fmpq
from hypothesis import given, settings, strategies as st
from sympy import Rational as Q

from symdp import laplace, limits
from symdp.central.composition_theorems import kov_delta
from symdp.errors import ParameterError, ResourceLimitError
from symdp.central import laplace_components as lc
from symdp.central.laplace_components import ComponentsRoute, components_deltas
from symdp.central.laplace_composition import (LaplaceComposition, _knots, _sum_ball, laplace_composition_delta,
                                               laplace_composition_epsilon, laplace_composition_sum)
from symdp.numbers import Real, arb_of, certify, encloses, endpoints, to_fmpq, working_precision



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


# ---- the certified route by the number of continuous components (symdp.central.laplace_components)

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
    ball = components_deltas(e0, k, [e])[0].ball(200)
    assert _encloses_exact(ball, e0, k, e)


@pytest.mark.parametrize("k, eps0, eps", [(40, Q(1, 10), Q(1, 5)), (120, Q(1, 10), Q(3, 5)),
                                          (60, Q(1), Q(7)), (90, Q(2), Q(30))])
def test_components_route_at_larger_k(k, eps0, eps):
    with limits.raised(composition_terms=10 ** 5):
        assert _encloses_exact(components_deltas(eps0, k, [eps])[0].ball(200), eps0, k, eps)


def test_components_route_matches_quadrature_with_irrational_parameters():
    for k in (2, 3):
        d = components_deltas(sympy.log(2), k, [sympy.log(3) / 2])[0]
        assert abs(_mp_of(d) - _numeric_delta(mp.log(2), k, mp.log(3) / 2)) < mp.mpf(10) ** -20


def test_dropped_components_are_bounded_not_ignored(monkeypatch):
    """Windows of j that drop most of the binomial mass still enclose δ: the dropped j are bounded by
    the tilted binomial mass outside, not ignored."""
    e0, k, e = Q(1, 2), 30, Q(2)
    exact = arb_of(laplace_composition_delta(e0, k, e), 300)
    for window in [(3, 9), (0, 2), (5, 6)]:
        monkeypatch.setattr(lc, "_window", lambda *args, w=window: w)
        ball = components_deltas(e0, k, [e])[0].ball(200)
        assert ball.overlaps(exact) and ball.rad() > 1e-12    # wide, and still around δ


def test_dropped_components_in_the_tail_are_bounded_by_the_tilted_mass(monkeypatch):
    """In the tail (ε = 20 at k = 60, ε₀ = 1/2, δ ≈ 10⁻¹²) the window is chosen for a tilted binomial
    and the dropped j are bounded by its mass outside times e^{−λk−θt}: narrow windows, one on
    each side of the tilted mode, still enclose δ."""
    e0, k, e = Q(1, 2), 60, Q(20)
    target = lc._plan_target(0, e0, k, e, 115)
    assert target.mu is not None                    # a tilted target
    exact = arb_of(laplace_composition_delta(e0, k, e), 600)
    for window in [(12, 16), (17, 22), (8, 11)]:
        monkeypatch.setattr(lc, "_window", lambda *args, w=window: w)
        ball = components_deltas(e0, k, [e])[0].ball(200)
        assert ball.overlaps(exact) and ball.rad() > 1e-3 * abs(exact).upper()


def test_a_start_too_low_widens_the_ball_but_never_misses(monkeypatch):
    """The downward recurrence starts from an interval; starting it just above the window leaves
    the start's width in the result, which must still contain δ."""
    monkeypatch.setattr(lc, "_start_levels", lambda *args: 2)
    for e0, k, e in [(Q(1, 2), 40, Q(3)), (Q(2), 30, Q(20))]:
        exact = arb_of(laplace_composition_delta(e0, k, e), 300)
        assert components_deltas(e0, k, [e])[0].ball(131).overlaps(exact)


def _b_exact(z0: fmpq, j: int, e: int) -> fmpq:
    """B_j(e) = ∇^{j−1}(z₊^j/j!) at z₀ + 2e: the alternating sum of truncated powers, in rationals."""
    total = fmpq(0)
    for r in range(j):
        z = z0 + 2 * (e - r)
        if z > 0:
            total += (-1) ** r * comb(j - 1, r) * z ** j
    return total / fmpq(math.factorial(j))


@pytest.mark.parametrize("z0", [fmpq(2), fmpq(1, 3), fmpq(7, 4)])
def test_b_spline_pass_is_the_alternating_sum(z0):
    """The Cox–de Boor pass (positive factors, two orientations) against the definition of B_j,
    evaluated exactly in rationals (an alternating sum: a second derivation of the same numbers)."""
    lam = fmpq(1, 3)
    with working_precision(128):
        kept = lc._b_pass(flint.arb(lam), flint.arb(z0), 26, 0, 18, lambda done: None)
    for j in (2, 5, 11, 19, 26):
        v = kept[j]
        for e in range(min(j - 1, 18)):
            assert encloses(v[e], lam ** j * _b_exact(z0, j, e)), (j, e)
            assert v[e].rad() < 1e-30 * abs(v[e].mid())


@pytest.mark.parametrize("eps0, k", [(Q(1, 10), 400), (Q(1, 3), 120)])
def test_several_eps_from_one_computation(eps0, k):
    """δ at several ε (two residue classes of ε/ε₀ mod 2, the tail included) from one call, each
    against the exact closed form, and the shared computation done once per class."""
    epsilons = [Q(1), Q(3), k * eps0 / 2, k * eps0 * Q(9, 10), eps0 * Q(7, 3), k * eps0]
    calls = []
    original = lc._group

    def counting(*args):
        calls.append(args[2])
        return original(*args)
    lc._group = counting
    try:
        with limits.raised(composition_terms=10 ** 6):
            values = laplace_composition_delta(eps0, k, epsilons)
            # a closed form (the cheaper route for some ε) is evaluated where its 1 − R·… cancels
            balls = [arb_of(v, 131 if isinstance(v, Real) else 1000) for v in values]
    finally:
        lc._group = original
    assert values[-1] == 0 and len(calls) <= 2
    for e, ball in zip(epsilons[:-1], balls):
        exact = 1 - laplace_composition_sum(eps0, k, e) * sympy.Integer(2) ** (1 - k) * sympy.exp((e - k * eps0) / 2)
        x = arb_of(exact, 400)
        assert ball.overlaps(x) and ball.rad() < 1e-30 * abs(x).upper()


def test_far_tail_at_k_1000_against_the_closed_form():
    """ε = 80 at k = 1000, ε₀ = 1/10 (δ ≈ 10⁻¹⁸⁵): the tilted window keeps the ball relative."""
    eps0, k, e = Q(1, 10), 1000, Q(80)
    ball = components_deltas(eps0, k, [e])[0].ball(131)
    assert _encloses_exact(ball, eps0, k, e)


def test_route_boundary_regression_eps0_4():
    """laplace_composition_delta(4, 1000, 3100) is exact again (the closed form is the cheaper route),
    and the route by continuous components, a second derivation (positive terms only), encloses it."""
    from symdp.central.laplace_composition import _route
    assert _route(sympy.Integer(4), 1000, sympy.Integer(3100)) == "exact"
    value = laplace_composition_delta(4, 1000, 3100)
    assert isinstance(value, sympy.Expr) and value.free_symbols == set()
    with limits.raised(composition_terms=10 ** 7):
        ball = ComponentsRoute(sympy.Integer(4), 1000, [sympy.Integer(3100)]).balls(131)[0]
    x = arb_of(value, 200)
    assert ball.overlaps(x) and ball.rad() < 1e-25 and x.rad() < 1e-40


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 60), st.fractions(Fraction(1, 50), Fraction(5, 2)), st.fractions(0, Fraction(1)))
def test_first_precision_certifies_thirty_digits(k, eps0, frac):
    """At certify's first precision for 30 digits the ball is already narrow enough (no second
    pass): the start level and the window are chosen generously."""
    e0 = Q(eps0.numerator, eps0.denominator)
    e = e0 * k * Q(frac.numerator, frac.denominator) * Q(99, 100)
    ball = components_deltas(e0, k, [e])[0].ball(131)
    assert ball.rad() < 1e-31 * abs(ball.mid()) or _encloses_exact(ball, e0, k, e) and ball.mid() == 0


def test_large_k_is_refused_before_any_work(monkeypatch):
    """k = 10⁵ (and every ε of a list) is refused from the plan alone: nothing is computed."""
    monkeypatch.setattr(lc, "_group", lambda *args: pytest.fail("computed before refusing"))
    monkeypatch.setattr(lc, "_b_pass", lambda *args: pytest.fail("computed before refusing"))
    with pytest.raises(ResourceLimitError, match="composition_terms"):
        laplace_composition_delta(Q(1, 10), 10 ** 5, 50)
    with pytest.raises(ResourceLimitError, match="composition_terms"):
        laplace_composition_delta(Q(1, 10), 10 ** 5, [200, 500])


@pytest.mark.parametrize("eps0, k, eps", [(Q(1, 2), 300, Q(10)), (Q(1, 2), 300, Q(40)), (Q(1, 5), 500, Q(12))])
def test_components_route_inside_the_accounting_bracket(eps0, k, eps):
    """Against an unrelated certified route: symdp.accounting's discretised-PLD bracket."""
    from symdp.accounting import delta_bracket
    bracket = delta_bracket(laplace(eps0), k, eps, rtol=Q(1, 10))
    lo, hi = endpoints(arb_of(laplace_composition_delta(eps0, k, eps), 200), 200)
    assert bracket.lower <= lo and hi <= bracket.upper


@pytest.mark.parametrize("k, eps", [(5, sympy.log(8)), (6, sympy.log(4)), (7, 3 * sympy.log(2))])
def test_components_route_at_a_knot_with_irrational_parameters(k, eps):
    """ε/ε₀ an integer of k's parity puts an atom exactly at the threshold (H = (t + k)/2 is an
    integer, decided by exact signs): against the closed form summed in balls."""
    e0 = sympy.log(2)
    ball = components_deltas(e0, k, [eps])[0].ball(200)
    with working_precision(400):
        r = _sum_ball(e0, k, eps, _knots(e0, k, eps), 400)
        closed = 1 - r * arb_of(sympy.Integer(2) ** (1 - k) * sympy.exp((eps - k * e0) / 2), 400)
    assert ball.overlaps(closed) and ball.rad() < 1e-30


def test_guard_refuses_a_ball_outside_zero_one(monkeypatch):
    """The route's run-time guard: a ball that is not in [0, 1] is a broken certificate."""
    from symdp.certificate import CertificateViolation
    monkeypatch.setattr(lc, "_finish", lambda *args: flint.arb(2))
    with pytest.raises(CertificateViolation, match=r"\[0, 1\]"):
        components_deltas(Q(1, 2), 10, [Q(1)])[0].ball(131)
