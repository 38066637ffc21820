"""zCDP / GDP / RDP conversions (Steinke, Prop. 14, Rem. 15, Prop. 16, Lemma 33; Dong–Roth–Su;
Balle–Wang), each checked against an independent route: mpmath minimisation and root finding,
certified grid evaluation, exact identities, and the exact randomized-response MGF."""

from fractions import Fraction

import mpmath
import pytest
import sympy
from flint import arb, fmpq
from hypothesis import given, settings, strategies as st

from symdp.errors import ParameterError
from symdp.numbers import arb_of, certify, working_precision
from symdp.central.renyi import (gaussian_delta, gaussian_rdp, gdp, minimal_gaussian_sigma, pure_dp_to_zcdp,
                                 rdp_to_dp_delta, rdp_to_dp_epsilon, rdp_triangle_orders, zcdp, zcdp_delta_simple,
                                 zcdp_epsilon_simple, zcdp_rho_for, zcdp_triangle)
from symdp.numerics.roots import solve_increasing

CASES = [(Fraction(1, 2), 1), (Fraction(1, 2), 3), (Fraction(1, 10), 1), (Fraction(1, 100), Fraction(1, 2)),
         (1, 5), (Fraction(1, 200), 1)]


def _mp_log_delta(rho, eps, t):
    return t * (t + 1) * rho - eps * t - mpmath.log(t + 1) + t * mpmath.log(t / (t + 1))


def _assert_close(value, reference, digits):
    c = certify(value, digits)
    assert mpmath.almosteq(mpmath.mpf(c.decimal), reference, rel_eps=mpmath.mpf(10) ** (2 - digits)), (c.decimal, reference)


@pytest.mark.parametrize("rho, eps", CASES)
def test_prop14_optimum_matches_mpmath_minimisation(rho, eps):
    with mpmath.workdps(40):
        r, e = mpmath.mpf(rho.numerator) / rho.denominator if isinstance(rho, Fraction) else mpmath.mpf(rho), \
            mpmath.mpf(Fraction(eps).numerator) / Fraction(eps).denominator
        t_star = mpmath.findroot(lambda t: (2 * t + 1) * r - e + mpmath.log(t / (t + 1)), (mpmath.mpf("1e-6"), 1e4),
                                 solver="anderson")
        reference = mpmath.exp(_mp_log_delta(r, e, t_star))
        _assert_close(zcdp(rho).optimal_t(eps), t_star, 25)
        _assert_close(zcdp(rho).delta(eps), reference, 25)


@pytest.mark.parametrize("rho, eps", CASES[:4])
def test_prop14_optimum_is_below_every_grid_point_and_close_to_the_best(rho, eps):
    delta = zcdp(rho).delta(eps).ball(200)
    best = None
    with working_precision(200):
        r, e = arb_of(sympy.Rational(rho), 200), arb_of(sympy.Rational(eps), 200)
        for j in range(-60, 150):
            t = arb(fmpq(21, 20) ** j)
            value = (t * (t + 1) * r - e * t - (t + 1).log() + t * (t / (t + 1)).log()).exp()
            assert delta <= value or delta.overlaps(value)
            best = value if best is None or value < best else best
    assert delta <= best
    assert (best - delta) < best / 10  # a 5 %-ratio grid gets within 10 % of the infimum


def test_prop14_objective_is_strictly_convex():
    t, rho, eps = sympy.symbols("t rho eps", positive=True)
    g = t * (t + 1) * rho - eps * t - sympy.log(t + 1) + t * sympy.log(t / (t + 1))
    assert sympy.simplify(sympy.diff(g, t) - ((2 * t + 1) * rho - eps + sympy.log(t / (t + 1)))) == 0
    assert sympy.simplify(sympy.diff(g, t, 2) - (2 * rho + 1 / t - 1 / (t + 1))) == 0


@pytest.mark.parametrize("rho, eps", [(Fraction(1, 2), 1), (Fraction(1, 10), 1), (1, 5), (Fraction(1, 100), Fraction(1, 2))])
def test_gaussian_exact_below_improved_below_simple(rho, eps):
    exact_gauss = gdp(sympy.sqrt(2 * sympy.Rational(rho))).delta(eps).ball(128)
    improved = zcdp(rho).delta(eps).ball(128)
    simple = arb_of(zcdp_delta_simple(rho, eps), 128)
    assert exact_gauss < improved < simple


@pytest.mark.parametrize("rho, delta", [(Fraction(1, 2), sympy.Rational(1, 10**6)), (Fraction(1, 10), sympy.Rational(1, 10**5)),
                                        (Fraction(1, 100), sympy.Rational(1, 10**6))])
def test_zcdp_epsilon_inverts_delta(rho, delta):
    z = zcdp(rho)
    eps = z.epsilon(delta)
    with mpmath.workdps(40):
        e = mpmath.mpf(certify(eps, 35).decimal)
        r = mpmath.mpf(sympy.Rational(rho).p) / sympy.Rational(rho).q
        t_star = mpmath.findroot(lambda t: (2 * t + 1) * r - e + mpmath.log(t / (t + 1)), 1)
        assert mpmath.almosteq(mpmath.exp(_mp_log_delta(r, e, t_star)), mpmath.mpf(delta.p) / delta.q, rel_eps=mpmath.mpf(10) ** -25)
    # Lemma 33.8's ε form at the optimal order reproduces the same ε.
    alpha = z.optimal_alpha(delta)
    lemma = rdp_to_dp_epsilon(sympy.Rational(7, 2), sympy.Rational(7, 2) * sympy.Rational(rho), delta)
    assert arb_of(lemma, 128) >= eps.ball(128) or arb_of(lemma, 128).overlaps(eps.ball(128))
    assert alpha.ball(64) > 1


def test_simple_conversion_and_remark15_identities():
    eps, delta = sympy.Rational(1), sympy.Rational(1, 10**6)
    rho = zcdp_rho_for(eps, delta)
    assert sympy.simplify(zcdp_epsilon_simple(rho, delta) - eps) == 0
    big_l = sympy.log(1 / delta)
    assert arb_of(eps ** 2 / (4 * big_l + 4 * eps), 64) < arb_of(rho, 64) < arb_of(eps ** 2 / (4 * big_l), 64)
    rho0 = sympy.Rational(1, 2)
    e_simple = zcdp_epsilon_simple(rho0, delta)
    assert sympy.simplify(zcdp_delta_simple(rho0, e_simple) - delta) == 0


@settings(max_examples=25, deadline=None)
@given(st.fractions(Fraction(1, 50), 2), st.fractions(0, 6), st.fractions(Fraction(1, 100), 1))
def test_zcdp_delta_monotone_in_eps_and_rho(rho, eps, step):
    base = zcdp(rho).delta(eps).ball(96)
    assert zcdp(rho).delta(eps + step).ball(96) < base
    assert zcdp(rho + step).delta(eps).ball(96) > base


@settings(max_examples=15, deadline=None)
@given(st.fractions(Fraction(1, 20), 3), st.fractions(0, 5), st.fractions(Fraction(1, 10), 2))
def test_gdp_delta_monotone(mu, eps, step):
    base = gdp(mu).delta(eps).ball(96)
    assert gdp(mu).delta(eps + step).ball(96) < base
    assert gdp(mu + step).delta(eps).ball(96) > base


@pytest.mark.parametrize("mu, eps", [(1, 1), (Fraction(1, 2), 2), (3, Fraction(1, 3))])
def test_gdp_delta_against_mpmath_and_its_inverse(mu, eps):
    with mpmath.workdps(40):
        m, e = mpmath.mpf(Fraction(mu).numerator) / Fraction(mu).denominator, mpmath.mpf(Fraction(eps).numerator) / Fraction(eps).denominator
        ref = mpmath.ncdf(-e / m + m / 2) - mpmath.exp(e) * mpmath.ncdf(-e / m - m / 2)
        _assert_close(gdp(mu).delta(eps), ref, 30)
    d = gdp(mu).delta(eps)
    back = gdp(mu).epsilon(sympy.Rational(certify(d, 40).decimal))
    assert abs(float(back) - float(Fraction(eps))) < 1e-30 + 1e-20


def test_gaussian_delta_is_corollary8():
    # Steinke, Cor. 8 with ρ = Δ²/(2σ²): Φ̄((ε−ρ)/√(2ρ)) − e^ε Φ̄((ε+ρ)/√(2ρ)).
    sigma, eps = sympy.Rational(3, 2), sympy.Rational(7, 10)
    rho = 1 / (2 * sigma ** 2)
    bar = lambda x: sympy.erfc(x / sympy.sqrt(2)) / 2
    cor8 = bar((eps - rho) / sympy.sqrt(2 * rho)) - sympy.exp(eps) * bar((eps + rho) / sympy.sqrt(2 * rho))
    assert gaussian_delta(eps, sigma).ball(128).overlaps(arb_of(cor8, 128))


@pytest.mark.parametrize("eps, delta", [(1, sympy.Rational(1, 10**6)), (sympy.Rational(1, 2), sympy.Rational(1, 10**5)),
                                        (2, sympy.Rational(1, 10**9))])
def test_minimal_gaussian_sigma(eps, delta):
    cal = minimal_gaussian_sigma(eps, delta, digits=20)
    upper = cal.sigma_upper
    assert cal.sigma.ball(128) < arb_of(upper, 128)
    with mpmath.workdps(50):
        e, s_up = mpmath.mpf(sympy.Rational(eps).p) / sympy.Rational(eps).q, mpmath.mpf(upper.p) / upper.q
        d = mpmath.mpf(delta.p) / delta.q
        gauss = lambda s: mpmath.ncdf(1 / (2 * s) - e * s) - mpmath.exp(e) * mpmath.ncdf(-1 / (2 * s) - e * s)
        assert gauss(s_up) <= d
        s_star = mpmath.findroot(lambda s: gauss(s) - d, float(cal.sigma))
        assert mpmath.almosteq(s_star, mpmath.mpf(certify(cal.sigma, 25).decimal), rel_eps=mpmath.mpf(10) ** -22)
        assert (s_up - s_star) / s_star < mpmath.mpf(10) ** -18
    # Remark 15's sufficient σ² = 2(log(1/δ) + ε)/ε² is never below the minimal σ.
    rem15 = sympy.sqrt(2 * (sympy.log(1 / delta) + eps) / sympy.Rational(eps) ** 2)
    assert arb_of(rem15, 128) > cal.sigma.ball(128)


def test_prop16_and_lemma33_5_on_randomized_response():
    # The RR pair with e^ε = a is the extremal ε-DP pair; E[e^{tZ}] is an exact two-point sum.
    for a in (Fraction(11, 10), Fraction(2), Fraction(5)):
        eps = sympy.log(sympy.Rational(a))
        rho = pure_dp_to_zcdp(eps).rho
        assert sympy.simplify(rho - eps ** 2 / 2) == 0
        with working_precision(128):
            e = arb_of(eps, 128)
            pr = arb(fmpq(a.numerator, a.numerator + a.denominator))
            for j in range(1, 60):
                t = arb(fmpq(j, 4))
                mgf = pr * (t * e).exp() + (1 - pr) * (-t * e).exp()
                assert mgf.log() < t * (t + 1) * arb_of(rho, 128)


def test_rdp_helpers():
    assert gaussian_rdp(3, 2) == sympy.Rational(3, 8)
    c, beta = rdp_triangle_orders(2, 4)
    assert (c, beta) == (sympy.Rational(4, 3), 3)
    # Lemma 33.7 is tight for Gaussians N(2), N(1), N(0): (√ρ + √ρ)² = 4ρ.
    assert sympy.simplify(zcdp_triangle(sympy.Rational(1, 8), sympy.Rational(1, 8)) - sympy.Rational(1, 2)) == 0
    d = rdp_to_dp_delta(3, sympy.Rational(3, 2), 2)
    assert sympy.simplify(d - sympy.exp(-1) * sympy.Rational(4, 27)) == 0


def test_roots_refuse_a_bad_bracket():
    with pytest.raises(ParameterError):
        solve_increasing(lambda x: x * x, 2, 2, 3)


@pytest.mark.parametrize("call", [
    lambda: zcdp(-1), lambda: gdp(-sympy.Rational(1, 2)), lambda: zcdp(1).delta(-1), lambda: zcdp(1).epsilon(0),
    lambda: zcdp(1).epsilon(2), lambda: minimal_gaussian_sigma(1, 1), lambda: minimal_gaussian_sigma(1, 0),
    lambda: zcdp_delta_simple(1, Fraction(1, 2)), lambda: gaussian_rdp(Fraction(1, 2), 1), lambda: rdp_triangle_orders(3, 2),
])
def test_parameter_errors(call):
    with pytest.raises(ParameterError):
        call()


def test_trivial_guarantees():
    assert zcdp(0).delta(1) == 0 and zcdp(0).epsilon(sympy.Rational(1, 10)) == 0
    assert gdp(0).delta(0) == 0
    assert zcdp(1).compose(zcdp(2)).rho == 3
