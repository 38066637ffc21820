"""The staircase pair (Ghazi–Issa, Section VI-C, Appendix K) against an independent
piece-by-piece integration of the densities written here from the paper's formula."""

import pytest
import sympy
from hypothesis import given, strategies as st
from sympy import Rational, exp, log

from symdp import ParameterError, certify, dominating
from symdp.central.staircase import staircase, staircase_gamma_for_alpha, staircase_tv
from symdp.central.tvdp import TVDP

N = 40  # integrate over [−N, N + 1]; the rest is bounded by a geometric tail


def _density(eps, gamma, y):
    """f_γ(y) at Δ = 1, from the paper's definition (a(γ) on [0, γ), e^{−ε}a(γ) on [γ, 1),
    e^{−kε} f_γ(y − k) on [k, k+1), f_γ(−y) for y < 0)."""
    a = (1 - exp(-eps)) / (2 * (gamma + exp(-eps) * (1 - gamma)))
    y = abs(y)
    k = sympy.floor(y)
    return a * exp(-k * eps) * (1 if y - k < gamma else exp(-eps))


def _pieces(gamma):
    """Consecutive breakpoints on [−N, N + 1] where P or Q = P(· − 1) may jump."""
    cuts = {Rational(k) + s for k in range(-N - 1, N + 3) for s in (0, gamma, -gamma, 1 - gamma, gamma - 1)}
    cuts = sorted(c for c in cuts if -N <= c <= N + 1)
    return list(zip(cuts, cuts[1:]))


def _integrate(eps, gamma, keep):
    """Σ over pieces of (length · value) of keep(p, q) with p, q the densities at the midpoint."""
    total = sympy.Integer(0)
    for a, b in _pieces(gamma):
        m = (a + b) / 2
        total += (b - a) * keep(_density(eps, gamma, m), _density(eps, gamma, m - 1), m)
    return total


def _tail(eps):
    """P-mass plus Q-mass outside [−N, N + 1] is at most 2·2·e^{−(N−1)ε}/2 ≤ 2e^{−(N−1)ε}."""
    return 2 * exp(-(N - 1) * eps)


@pytest.mark.parametrize("gamma", [Rational(0), Rational(1, 7), Rational(1, 2), Rational(2, 3), Rational(1)])
def test_tv_closed_form_against_integration(gamma):
    eps = log(2)  # e^ε rational: the integral over [−N, N+1] is an exact rational
    numeric = _integrate(eps, gamma, lambda p, q, m: max(p - q, 0))
    assert abs(numeric - staircase_tv(eps, gamma)) <= _tail(eps)
    assert abs(_integrate(eps, gamma, lambda p, q, m: p) - 1) <= _tail(eps)


@given(st.fractions(min_value=0, max_value=1, max_denominator=50))
def test_tv_closed_form_matches_finite_pair(g):
    pair = staircase(log(3), g)
    assert sympy.simplify(pair.tv() - pair.as_finite_pair().tv()) == 0


@pytest.mark.parametrize("eps", [log(2), sympy.Integer(1)])
@pytest.mark.parametrize("gamma", [Rational(0), Rational(1, 4), Rational(1, 2), Rational(3, 4), Rational(1)])
def test_finite_pair_is_the_dominating_pair(eps, gamma):
    pair = staircase(eps, gamma)
    fin = pair.as_finite_pair()
    x = exp(eps)
    ratios = [sympy.simplify(a / b) for a, b in zip(fin.p, fin.q)]
    assert ratios == ([x, 1, 1 / x] if len(ratios) == 3 else [x, 1 / x])
    assert sympy.simplify(sum(fin.p) - 1) == 0 and sympy.simplify(sum(fin.q) - 1) == 0
    dom = dominating(eps, 0, pair.tv())
    assert len(dom.p) == len(fin.p)
    assert all(sympy.simplify(a - b) == 0 for a, b in zip(dom.p + dom.q, fin.p + fin.q))


@pytest.mark.parametrize("gamma", [Rational(1, 5), Rational(7, 10)])
def test_level_set_masses_against_integration(gamma):
    eps = log(2)
    fin = staircase(eps, gamma).as_finite_pair()
    for i, level in enumerate((2, 1, Rational(1, 2))):
        p_mass = _integrate(eps, gamma, lambda p, q, m: p if p / q == level else 0)
        q_mass = _integrate(eps, gamma, lambda p, q, m: q if p / q == level else 0)
        assert abs(p_mass - fin.p[i]) <= _tail(eps) and abs(q_mass - fin.q[i]) <= _tail(eps)


@pytest.mark.parametrize("gamma", [Rational(1, 4), Rational(3, 4)])
def test_threshold_tests_reach_the_corners(gamma):
    """Appendix K2: rejecting when x ≥ max(γ, 1−γ) gives the corner
    (η/(e^ε−1), 1 − ηe^ε/(e^ε−1)) of the (ε, 0, η) region."""
    eps = log(2)
    eta = staircase_tv(eps, gamma)
    cut = max(gamma, 1 - gamma)
    type1 = _integrate(eps, gamma, lambda p, q, m: p if m >= cut else 0)
    type2 = _integrate(eps, gamma, lambda p, q, m: q if m < cut else 0)
    assert abs(type1 - eta / (exp(eps) - 1)) <= _tail(eps)
    assert abs(type2 - (1 - eta * exp(eps) / (exp(eps) - 1))) <= _tail(eps)


def test_tradeoff_is_the_corollary_1_region():
    pair = staircase(log(2), Rational(1, 3))
    region = TVDP(log(2), 0, pair.tv())
    for t in (Rational(i, 17) for i in range(18)):
        assert pair.tradeoff(t) == region.tradeoff(t)


def test_gamma_for_alpha_round_trip_and_reference_values():
    lo, hi = staircase_gamma_for_alpha(1, Rational(3, 10))
    # the reference independent (mpmath) values for ε = 1, α = 0.3
    assert certify(lo, 16).decimal == "0.01399460433836586"
    assert certify(hi, 15).decimal == "0.963704302943997"
    target = Rational(7, 10) * sympy.tanh(Rational(1, 2))
    for g in (lo, hi):
        assert sympy.simplify((staircase_tv(1, g) - target).rewrite(exp)) == 0
    assert staircase_gamma_for_alpha(log(2), 0) == (Rational(1, 2), Rational(1, 2))


def test_reachable_alpha_range():
    top = (1 - exp(-1)) / 2
    assert certify(top, 16).decimal == "0.3160602794142788"
    staircase_gamma_for_alpha(1, Rational(316, 1000))
    with pytest.raises(ParameterError, match="alpha"):
        staircase_gamma_for_alpha(1, Rational(317, 1000))


def test_validation():
    for bad in (Rational(-1, 10), Rational(11, 10), 2):
        with pytest.raises(ParameterError, match="gamma"):
            staircase(1, bad)
    with pytest.raises(ParameterError, match="eps"):
        staircase(0, Rational(1, 2))
    with pytest.raises(ParameterError, match="sensitivity"):
        staircase(1, Rational(1, 2), 0)


def test_scale_invariance_and_density():
    a, b = staircase(log(2), Rational(1, 3)), staircase(log(2), Rational(1, 3), sensitivity=5)
    assert a.as_finite_pair().p == b.as_finite_pair().p
    for y in (Rational(-7, 3), Rational(1, 5), Rational(2, 5), Rational(13, 4)):
        assert sympy.simplify(a.density(y) - _density(log(2), Rational(1, 3), y)) == 0
        assert sympy.simplify(b.density(5 * y) - _density(log(2), Rational(1, 3), y) / 5) == 0


def test_functionals_and_composition_come_from_the_finite_pair():
    pair = staircase(1, Rational(1, 4))
    fin = pair.as_finite_pair()
    assert pair.kl() == fin.kl() and pair.chi2() == fin.chi2()
    assert pair.delta(Rational(1, 2)) == fin.delta(Rational(1, 2))
    eps2 = staircase(log(2), Rational(1, 4))
    assert (eps2 ** 3).delta(log(2)) == (eps2.as_finite_pair() ** 3).delta(log(2))
