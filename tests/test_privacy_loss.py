"""Privacy-loss distributions: the three forms of Proposition 7 against the pairs' hockey-stick
divergences (exact sums, closed forms) and mpmath quadrature; the printed third form's erratum;
composition as convolution (Theorem 9, Corollary 10)."""

from fractions import Fraction

import mpmath as mp
import pytest
import sympy
from hypothesis import given, strategies as st
from sympy import Rational as Q, log

from symdp import FinitePair, dominating, gaussian, laplace, randomized_response
from symdp.errors import ParameterError, UnsupportedError
from symdp.central.laplace_composition import laplace_composition_delta
from symdp.numbers import certify
from symdp.central.privacy_loss import FinitePLD, GaussianPLD, LaplacePLD, multivariate_gaussian, privacy_loss


def _agree(a, b, digits=30):
    """The certified brackets of a and b overlap, compared as exact rationals (not as strings)."""
    ca, cb = certify(a, digits), certify(b, digits)
    lo_a, hi_a, lo_b, hi_b = (Fraction(x) for x in (ca.lower, ca.upper, cb.lower, cb.upper))
    return lo_a <= hi_b and lo_b <= hi_a


FORMS = ("delta_tail", "delta_expectation", "delta_integral")


@pytest.mark.parametrize("pair", [randomized_response(log(2)), randomized_response(Q(1, 2), 3),
                                  dominating(log(3), Q(1, 10)), dominating(1, Q(1, 20), Q(1, 5))])
@pytest.mark.parametrize("eps", [0, Q(1, 5), log(2), 1])
def test_finite_forms_are_exact_and_equal_the_hockey_stick(pair, eps):
    pld = privacy_loss(pair)
    want = pair.hockey_stick(sympy.exp(eps))
    for form in FORMS:
        got = getattr(pld, form)(eps)
        assert sign_zero(got - want), form


def sign_zero(expr):
    return sympy.simplify(expr) == 0 or certify(expr, 20).decimal == "0" or abs(
        sympy.N(expr, 50)) < sympy.Float("1e-45")


@given(st.lists(st.tuples(st.integers(0, 6), st.integers(0, 6)), min_size=2, max_size=5),
       st.fractions(0, Fraction(2)))
def test_finite_forms_agree_on_random_pairs(weights, eps):
    ps, qs = [w for w, _ in weights], [w for _, w in weights]
    if sum(ps) == 0 or sum(qs) == 0:
        return
    pair = FinitePair([Fraction(a, sum(ps)) for a in ps], [Fraction(b, sum(qs)) for b in qs])
    e = Q(eps.numerator, eps.denominator)
    pld = privacy_loss(pair)
    values = [getattr(pld, f)(e) for f in FORMS]
    want = pair.hockey_stick(sympy.exp(e))
    for v in values:
        assert abs(sympy.N(v - want, 40)) < sympy.Float("1e-35")


@pytest.mark.parametrize("rho, eps", [(Q(1, 2), 0), (Q(1, 2), 1), (Q(1, 8), Q(1, 2)), (2, 3)])
def test_gaussian_forms_certified_and_match_quadrature(rho, eps):
    pld = GaussianPLD(rho)
    closed = gaussian(1 / sympy.sqrt(2 * sympy.sympify(rho))).hockey_stick(sympy.exp(eps))  # μ = √(2ρ)
    for form in FORMS:
        assert _agree(getattr(pld, form)(eps), closed), form
    with mp.workdps(30):
        r, e = mp.mpf(sympy.N(rho, 40)), mp.mpf(sympy.N(eps, 40))
        dens = lambda z: mp.exp(-(z - r) ** 2 / (4 * r)) / mp.sqrt(4 * mp.pi * r)
        quad = mp.quad(lambda z: (1 - mp.exp(e - z)) * dens(z), [e, e + 10, mp.inf])
        assert abs(quad - mp.mpf(certify(closed, 25).decimal)) < mp.mpf(10) ** -20


def test_gaussian_reference_value():
    # Reference §3, Corollary 8 table: ρ = 0.5, ε = 1 gives 0.1269367375066439 (mpmath, independent)
    assert certify(GaussianPLD(Q(1, 2)).delta_integral(1), 16).decimal == "0.1269367375066439"


@pytest.mark.parametrize("eps0, eps", [(Q(1, 2), 0), (Q(1, 2), Q(1, 5)), (log(3), 1), (1, 2)])
def test_laplace_forms_exact(eps0, eps):
    pld, pair = LaplacePLD(eps0), laplace(eps0)
    for form in FORMS:
        assert sympy.simplify(getattr(pld, form)(eps) - pair.delta(eps)) == 0, form


def test_printed_third_form_is_an_erratum():
    """Prop. 7's third form printed with e^{ε−Z}: for randomized response with e^ε₀ = 2 at ε = 0,
    δ = 1/3 (rational) but the printed expression is (2/3)·log 2 (transcendental)."""
    pld = privacy_loss(randomized_response(log(2)))
    assert pld.delta_integral(0) == Q(1, 3)
    printed = pld.delta_printed_third_form(0)
    assert sympy.simplify(printed - 2 * log(2) / 3) == 0
    assert certify(printed - Q(1, 3), 10).lower[0] != "-"
    # Gaussian ρ = 1/2, ε = 1: printed e·E[(Z−1)₊] ≠ 0.1269…
    g = GaussianPLD(Q(1, 2))
    assert not _agree(g.delta_printed_third_form(1), g.delta_tail(1), 10)


def test_composition_is_convolution():
    a, b = randomized_response(log(2)), dominating(log(2), Q(1, 10))
    composed = privacy_loss(a).compose(privacy_loss(b))
    assert isinstance(composed, FinitePLD)
    for e in (0, log(2), 2 * log(2)):
        assert sympy.simplify(composed.delta_tail(e) - a.compose(b).hockey_stick(sympy.exp(e))) == 0
        # brute force: product outcomes
        prod = FinitePair([x * y for x in a.p for y in b.p], [x * y for x in a.q for y in b.q])
        assert sympy.simplify(composed.delta_expectation(e) - prod.hockey_stick(sympy.exp(e))) == 0
    g = GaussianPLD(Q(1, 3)).compose(GaussianPLD(Q(1, 6)))
    assert g.rho == Q(1, 2)
    lap = LaplacePLD(Q(1, 2)).compose(LaplacePLD(Q(1, 2)))
    assert lap.delta_expectation(Q(1, 5)) == laplace_composition_delta(Q(1, 2), 2, Q(1, 5))
    with pytest.raises(UnsupportedError):
        lap.delta_tail(0)
    with pytest.raises(UnsupportedError):
        g.compose(lap)


def test_multivariate_gaussian():
    # Reference §3, Corollary 10: d = 10, per-coordinate difference 1, σ = 2 ⇒ ρ = 5/4, δ(3) = 0.061988156552338
    pair = multivariate_gaussian([1] * 10, 2)
    assert privacy_loss(pair).rho == Q(5, 4)
    with mp.workdps(30):
        r, e = mp.mpf(5) / 4, mp.mpf(3)
        s = mp.sqrt(2 * r)
        want = mp.ncdf(-(e - r) / s) - mp.exp(e) * mp.ncdf(-(e + r) / s)
        assert abs(mp.mpf(certify(pair.delta(3), 25).decimal) - want) < mp.mpf(10) ** -20
    with pytest.raises(ParameterError):
        multivariate_gaussian([0, 0], 1)
    with pytest.raises(ParameterError):
        GaussianPLD(-1)
