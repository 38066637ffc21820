"""Poisson subsampling: the mixture pair's hockey-stick divergences against mpmath quadrature of
the mixture densities and against explicit finite mixtures; Theorem 29 as a bound on random
finite pairs and with equality on its tight pair; Section 6.2's relations."""

from fractions import Fraction

import mpmath as mp
import pytest
import sympy
from hypothesis import given, strategies as st
from sympy import Rational as Q, exp, log

from symdp import FinitePair, gaussian, laplace
from symdp.errors import ParameterError
from symdp.numbers import arb_of, certify, endpoints
from symdp.central.subsampling import (SubsampledPair, add_remove_to_replace, amplification_gamma, amplified,
                                       sample_without_replacement, subsample_pair, theorem29_tight_pair)


def _dec(value, digits=25):
    return mp.mpf(certify(value, digits).decimal)


def _hockey_quad(p, q, gamma, cuts):
    return mp.quad(lambda y: max(mp.mpf(0), p(y) - gamma * q(y)), cuts)


@pytest.mark.parametrize("q, eps", [(Q(1, 100), Q(1, 1000)), (Q(1, 100), Q(1, 100)), (Q(1, 10), Q(1, 2)),
                                    (Q(1, 2), 1)])
def test_gaussian_mixture_matches_quadrature(q, eps):
    pair = gaussian(1).subsample(q)
    with mp.workdps(30):
        qq, g = mp.mpf(sympy.N(q, 40)), mp.exp(mp.mpf(sympy.N(eps, 40)))
        base = lambda y: mp.npdf(y)
        mix = lambda y: (1 - qq) * mp.npdf(y) + qq * mp.npdf(y, 1)
        # the likelihood ratio is monotone, so each integrand has one kink: split there
        y1 = mp.log((g - 1 + qq) / qq) + mp.mpf(1) / 2
        remove = _hockey_quad(mix, base, g, [-mp.inf, y1, mp.inf])
        assert abs(_dec(pair.hockey_stick(exp(eps))) - remove) < mp.mpf(10) ** -20
        inner = 1 / g - (1 - qq)
        add = _hockey_quad(base, mix, g, [-mp.inf, mp.log(inner / qq) + mp.mpf(1) / 2, mp.inf]) if inner > 0 else 0
        assert abs(_dec(pair.reverse().hockey_stick(exp(eps))) - add) < mp.mpf(10) ** -20


def test_reference_closed_form_table():
    # Reference §6 item 7 (q = 0.01, σ = 1), an independent closed form with the crossing point y*
    rows = {Q(1, 1000): ("0.00353733558046676", "0.0031597970731858"),
            Q(1, 100): ("0.00190027370530157", "6.44141700539587e-12"), Q(1, 20): ("0.000311065395443225", "0")}
    pair = gaussian(1).subsample(Q(1, 100))
    for eps, (rem, add) in rows.items():
        assert abs(_dec(pair.hockey_stick(exp(eps)), 15) - mp.mpf(rem)) < mp.mpf(10) ** -17
        assert abs(_dec(pair.reverse().hockey_stick(exp(eps)), 15) - mp.mpf(add)) < mp.mpf(10) ** -17


def test_laplace_mixture_matches_quadrature():
    pair = laplace(1).subsample(Q(1, 10))
    with mp.workdps(30):
        lap = lambda y, c: mp.exp(-abs(y - c)) / 2
        mix = lambda y: mp.mpf(9) / 10 * lap(y, 1) + lap(y, 0) / 10
        for eps in (Q(0), Q(1, 20), Q(1, 10)):
            g = mp.exp(mp.mpf(sympy.N(eps, 40)))
            # on (0, 1): mix − γ·lap₁ changes sign where e^{1−2y} = 10(γ − 9/10)
            cross = (1 - mp.log(10 * (g - mp.mpf(9) / 10))) / 2
            want_remove = mp.quad(lambda y: max(0, mix(y) - g * lap(y, 1)), [-mp.inf, 0, cross, 1, mp.inf])
            # on (0, 1): lap₁ − γ·mix changes sign where e^{2y−1} = γ/(10 − 9γ)
            back = [(1 + mp.log(g / (10 - 9 * g))) / 2] if 9 * g < 10 else []
            want_add = mp.quad(lambda y: max(0, lap(y, 1) - g * mix(y)), [-mp.inf, 0, *back, 1, mp.inf])
            assert abs(_dec(pair.hockey_stick(exp(eps))) - want_remove) < mp.mpf(10) ** -15
            assert abs(_dec(pair.reverse().hockey_stick(exp(eps))) - want_add) < mp.mpf(10) ** -15


def _random_pair(weights):
    ps, qs = [w for w, _ in weights], [w for _, w in weights]
    if sum(ps) == 0 or sum(qs) == 0:
        return None
    return FinitePair([Fraction(a, sum(ps)) for a in ps], [Fraction(b, sum(qs)) for b in qs])


PAIRS = st.lists(st.tuples(st.integers(0, 5), st.integers(0, 5)), min_size=2, max_size=5)


@given(PAIRS, st.fractions(0, 1), st.fractions(Fraction(1, 2), 4))
def test_generic_mixture_equals_explicit_finite_mixture(weights, q, gamma):
    pair = _random_pair(weights)
    if pair is None:
        return
    r, g = Q(q.numerator, q.denominator), Q(gamma.numerator, gamma.denominator)
    explicit = pair.subsample(r)          # the mixture vectors (FinitePair.subsample)
    generic = SubsampledPair(pair, r)     # through the base pair's divergences
    assert generic.hockey_stick(g) == explicit.hockey_stick(g)
    assert generic.reverse().hockey_stick(g) == explicit.reverse().hockey_stick(g)


@given(PAIRS, st.fractions(0, 1), st.fractions(1, 3))
def test_theorem29_bounds_the_exact_subsampled_delta(weights, p, gamma):
    pair = _random_pair(weights)
    if pair is None:
        return
    r, eps = Q(p.numerator, p.denominator), log(Q(gamma.numerator, gamma.denominator))
    d = pair.delta(eps)
    e1, d1 = amplified(eps, d, r)
    exact = pair.subsample(r).delta(e1)
    assert sympy.simplify(d1 - exact) >= 0 or certify(d1 - exact, 5).lower[0] != "-"
    # equality in the remove direction, for every pair (the identity behind Theorem 29)
    assert sympy.simplify(pair.subsample(r).hockey_stick(amplification_gamma(eps, r)) - r * pair.hockey_stick(exp(eps))) == 0


@pytest.mark.parametrize("eps, p, delta", [(1, Q(1, 10), 0), (1, Q(1, 10), Q(1, 100)), (log(3), Q(1, 2), Q(1, 7))])
def test_theorem29_is_attained(eps, p, delta):
    pair = theorem29_tight_pair(eps, p, delta)
    e1, d1 = amplified(eps, delta, p)
    assert sympy.simplify(pair.delta(e1) - d1) == 0
    # and no smaller ε' achieves δ' = pδ
    assert certify(pair.delta(e1 - Q(1, 1000)) - d1, 5).lower[0] != "-"
    if delta == 0:  # the text's likelihood ratio at output 1: 1 + p(e^ε − 1)
        assert sympy.simplify(max(a / b for a, b in zip(pair.p, pair.q)) - amplification_gamma(eps, p)) == 0


def test_epsilon_round_trip():
    pair = gaussian(1).subsample(Q(1, 100))
    e = pair.epsilon(Q(1, 10 ** 5))
    lo, hi = endpoints(e.ball(100), 100)
    at = lambda x: arb_of(pair.delta(sympy.Rational(int(x.p), int(x.q))), 200)
    assert at(lo) >= arb_of(Q(1, 10 ** 5), 200) >= at(hi)


def test_relations_of_section_6_2():
    assert add_remove_to_replace(1, Q(1, 10 ** 6)) == (2, (1 + sympy.E) / 10 ** 6)
    e, d = sample_without_replacement(1, Q(1, 10 ** 6), 10, 100, "add_remove")
    assert sympy.simplify(e - log(1 + (exp(2) - 1) / 10)) == 0 and sympy.simplify(d - (1 + sympy.E) / 10 ** 7) == 0
    assert sample_without_replacement(1, 0, 1, 4) == amplified(1, 0, Q(1, 4))
    # reference §6 Theorem 29 test vectors: (ε, p) → ε'
    assert certify(amplified(1, 0, Q(1, 100))[0], 15).decimal == "0.0170368632361765"
    assert certify(amplified(5, 0, Q(1, 1000))[0], 15).decimal == "0.137509981746832"
    for bad in (lambda: amplified(1, 0, 2), lambda: sample_without_replacement(1, 0, 5, 4),
                lambda: sample_without_replacement(1, 0, 1, 4, "swap"), lambda: subsample_pair(gaussian(1), -1)):
        with pytest.raises(ParameterError):
            bad()
