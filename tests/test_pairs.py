"""Pairs against independent routes: brute force over all events S and all deterministic
tests (finite pairs), certified quadrature with arb (Laplace), mpmath quadrature (Gaussian)."""

import itertools
from fractions import Fraction

import mpmath
import pytest
import sympy
from flint import acb, fmpq
from hypothesis import given, strategies as st
from sympy import Rational, exp, log

from symdp import FinitePair, certify, dominating, gaussian, laplace, randomized_response
from symdp.numbers import arb_of, endpoints, sign, working_precision

# --------------------------------------------------------------------------------------------
# brute force


def events(n):
    return itertools.product((0, 1), repeat=n)


def brute_hockey(p, q, gamma):
    """sup over all 2^n events S of P(S) − γ Q(S)."""
    return max(sum(a for a, s in zip(p, S) if s) - gamma * sum(b for b, s in zip(q, S) if s)
               for S in events(len(p)))


def brute_tv(p, q):
    return max(abs(sum(a - b for a, b, s in zip(p, q, S) if s)) for S in events(len(p)))


def brute_tradeoff(p, q, t):
    """min β over the convex hull of the deterministic tests' (α, β) = (P(S), 1 − Q(S)) with
    α ≤ t: the optimum lies at a hull point with α ≤ t or on a segment crossing α = t."""
    pts = [(sum(a for a, s in zip(p, S) if s), 1 - sum(b for b, s in zip(q, S) if s)) for S in events(len(p))]
    best = min(b for a, b in pts if a <= t)
    for (a1, b1), (a2, b2) in itertools.permutations(pts, 2):
        if a1 < t < a2:
            best = min(best, b1 + (b2 - b1) * (t - a1) / (a2 - a1))
    return best


@st.composite
def rational_pairs(draw, max_n=5, zeros=True):
    n = draw(st.integers(1, max_n))
    lo = 0 if zeros else 1
    vec = st.lists(st.integers(lo, 6), min_size=n, max_size=n).filter(lambda v: sum(v) > 0)
    a, b = draw(vec), draw(vec)
    return [Fraction(x, sum(a)) for x in a], [Fraction(x, sum(b)) for x in b]


GAMMAS = [Fraction(0), Fraction(1, 2), Fraction(1), Fraction(3, 2), Fraction(2), Fraction(3), Fraction(7)]
TS = [Fraction(0), Fraction(1, 7), Fraction(1, 3), Fraction(1, 2), Fraction(2, 3), Fraction(1)]


def R(f):
    return Rational(f.numerator, f.denominator)


def assert_encloses(value, true, digits=20):
    """The certified bounds of `value` contain the mpmath number `true` up to mpmath's own
    rounding (`true` is computed at ≥ digits + 15 decimal places)."""
    c = certify(value, digits)
    slack = mpmath.mpf(10) ** -(digits + 8) * max(1, abs(true))
    assert mpmath.mpf(c.lower) - slack <= true <= mpmath.mpf(c.upper) + slack, (c, true)


# --------------------------------------------------------------------------------------------
# finite pairs


@given(rational_pairs())
def test_finite_hockey_stick_and_delta_brute_force(pq):
    p, q = pq
    pair = FinitePair(p, q)
    for g in GAMMAS:
        assert pair.hockey_stick(R(g)) == R(brute_hockey(p, q, g))
        if g >= 1:
            both = max(brute_hockey(p, q, g), brute_hockey(q, p, g))
            assert pair.delta(log(R(g))) == R(both)
    assert pair.tv() == R(brute_tv(p, q)) == pair.hockey_stick(1)


@given(rational_pairs())
def test_finite_divergences_against_mpmath_sums(pq):
    p, q = pq
    pair = FinitePair(p, q)
    infinite = any(a > 0 and b == 0 for a, b in zip(p, q))
    with mpmath.workdps(50):
        mp = [(mpmath.mpf(a.numerator) / a.denominator, mpmath.mpf(b.numerator) / b.denominator)
              for a, b in zip(p, q)]
        if infinite:
            assert pair.kl() == sympy.oo and pair.chi2() == sympy.oo and pair.renyi(2) == sympy.oo
            assert pair.renyi(sympy.oo) == sympy.oo
        else:
            assert_encloses(pair.kl(), mpmath.fsum(a * mpmath.log(a / b) for a, b in mp if a))
            assert_encloses(pair.chi2(), mpmath.fsum(a * a / b for a, b in mp if b) - 1)
            for alpha in (2, 3, Fraction(5, 2)):
                s = mpmath.fsum(a ** alpha * b ** (1 - alpha) for a, b in mp if a)
                assert_encloses(pair.renyi(R(Fraction(alpha))), mpmath.log(s) / (alpha - 1))
            assert_encloses(pair.renyi(sympy.oo), mpmath.log(max(a / b for a, b in mp if a)))
        s = mpmath.fsum(mpmath.sqrt(a * b) for a, b in mp)
        if s > 0:
            assert_encloses(pair.renyi(Rational(1, 2)), -2 * mpmath.log(s))


@given(rational_pairs())
def test_finite_tradeoff_against_lp(pq):
    p, q = pq
    pair = FinitePair(p, q)
    for t in TS:
        assert pair.tradeoff(R(t)) == R(brute_tradeoff(p, q, t)), t


@given(rational_pairs(), st.fractions(0, 1))
def test_finite_epsilon_round_trip_and_minimal(pq, d):
    p, q = pq
    pair = FinitePair(p, q)
    eps = pair.epsilon(R(d))
    if eps == sympy.oo:
        # no finite ε: even γ → ∞ leaves P(Q = 0) (or Q(P = 0)) above d
        assert max(sum(a for a, b in zip(p, q) if b == 0), sum(b for a, b in zip(p, q) if a == 0)) > d
        return
    gamma = sympy.exp(eps)
    assert gamma.is_Rational
    assert sign(pair.delta(eps) - R(d)) <= 0
    if gamma > 1:
        assert pair.delta(eps) == R(d)  # the profile is continuous: the least ε hits d exactly
        smaller = gamma * Rational(999, 1000)
        if smaller >= 1:
            assert sign(pair.delta(log(smaller)) - R(d)) > 0


def test_epsilon_of_zero_delta_is_the_largest_log_ratio():
    rr = randomized_response(log(3))
    assert rr.epsilon(0) == log(3)
    assert FinitePair([Rational(1, 2), Rational(1, 2)], [1, 0]).epsilon(0) == sympy.oo
    assert rr.epsilon(1) == 0 and rr.epsilon(rr.tv()) == 0


def test_subsample_is_the_mixture():
    p, q = [Rational(1, 2), Rational(1, 3), Rational(1, 6)], [Rational(1, 6), Rational(1, 3), Rational(1, 2)]
    s = FinitePair(p, q).subsample(Rational(1, 4))
    assert s.p == tuple(Rational(1, 4) * a + Rational(3, 4) * b for a, b in zip(p, q)) and s.q == tuple(q)


# --------------------------------------------------------------------------------------------
# randomized response and dominating pairs


@pytest.mark.parametrize("k", [2, 3, 5])
@pytest.mark.parametrize("x", [2, 3])
def test_randomized_response_brute_force(k, x):
    p = [Fraction(x, x + k - 1)] + [Fraction(1, x + k - 1)] * (k - 1)
    q = [Fraction(1, x + k - 1), Fraction(x, x + k - 1)] + [Fraction(1, x + k - 1)] * (k - 2)
    rr = randomized_response(log(x), k)
    assert rr.p == tuple(map(R, p)) and rr.q == tuple(map(R, q))
    for g in GAMMAS:
        assert rr.hockey_stick(R(g)) == R(brute_hockey(p, q, g))
    for t in TS:
        assert rr.tradeoff(R(t)) == R(brute_tradeoff(p, q, t))
    assert rr.tv() == R(brute_tv(p, q)) == Rational(x - 1, x + k - 1)
    assert rr.delta(0) == rr.tv()


def test_randomized_response_irrational():
    rr = randomized_response(1, 3)
    with mpmath.workdps(50):
        e = mpmath.e
        p, q = [e / (e + 2), 1 / (e + 2), 1 / (e + 2)], [1 / (e + 2), e / (e + 2), 1 / (e + 2)]
        g = mpmath.exp(mpmath.mpf(1) / 2)
        assert_encloses(rr.delta(Rational(1, 2)), max(sum(max(a - g * b, 0) for a, b in zip(p, q)), 0))
        assert_encloses(rr.kl(), mpmath.fsum(a * mpmath.log(a / b) for a, b in zip(p, q)))


def _dominating_cases():
    for x in (2, 3):
        for d in (Fraction(0), Fraction(1, 10)):
            top = d + (1 - d) * Fraction(x - 1, x + 1)
            for eta in (d, (d + top) / 2, top, None):
                yield x, d, eta


@pytest.mark.parametrize("x,d,eta", list(_dominating_cases()))
def test_dominating_pair(x, d, eta):
    pair = dominating(log(x), R(d), None if eta is None else R(eta))
    n = eta if eta is not None else d + (1 - d) * Fraction(x - 1, x + 1)
    alpha = 1 - (n - d) * (1 + x) / ((1 - d) * (x - 1))
    # Ghazi–Issa: the dominating pair has total variation η = δ + (1−δ)(1−α)tanh(ε/2)
    assert pair.tv() == R(n) == R(d + (1 - d) * (1 - alpha) * Fraction(x - 1, x + 1))
    p = [Fraction(v.p, v.q) for v in pair.p]
    q = [Fraction(v.p, v.q) for v in pair.q]
    for t in TS + [Fraction(1, 20), Fraction(9, 10)]:
        # Ghazi–Issa, Corollary 1
        closed = max(0, 1 - d - x * t, (1 - d - t) / x, 1 - n - t)
        assert pair.tradeoff(R(t)) == R(closed) == R(brute_tradeoff(p, q, t)), t
    # (ε, δ)-DP exactly at ε, not better
    assert pair.delta(log(x)) == R(d)
    for g in GAMMAS:
        if g >= 1:
            assert pair.delta(log(R(g))) == R(max(brute_hockey(p, q, g), brute_hockey(q, p, g)))


def test_dominating_irrational_tv():
    eta = Rational(1, 5)
    pair = dominating(1, Rational(1, 10), eta)
    assert sign(pair.tv() - eta) == 0
    assert sign(pair.delta(1) - Rational(1, 10)) == 0


# --------------------------------------------------------------------------------------------
# Laplace: certified integration with arb


def _laplace_densities(eps):
    E = arb_of(eps, ctx_prec())
    half = E / 2

    def p(x, a):
        return half * (-E * x.real_abs(analytic=a)).exp()

    def q(x, a):
        return half * (-E * (x - 1).real_abs(analytic=a)).exp()
    return E, p, q


def ctx_prec():
    from flint import ctx
    return ctx.prec


def certified_integral(integrand, lo, hi, tail):
    """[lower, upper] (exact rationals) of ∫_lo^hi integrand + [0, tail] by acb.integral."""
    I = acb.integral(integrand, lo, hi).real
    a, b = endpoints(I, 256)
    return a, b + tail


def assert_in_interval(value, interval, width=fmpq(1, 10 ** 25)):
    lo, hi = interval
    assert hi - lo < width, "the independent route is not tight enough to test anything"
    clo, chi = endpoints(arb_of(value, 200), 256)
    assert clo <= hi and chi >= lo, (value, float(lo), float(hi))


LAPLACE_EPS = [Rational(1), Rational(1, 2), Rational(3)]


@pytest.mark.parametrize("eps", LAPLACE_EPS)
def test_laplace_against_certified_integrals(eps):
    pair = laplace(eps)
    with working_precision(128):
        E, p, q = _laplace_densities(eps)
        L = int(80 / eps) + 2
        tail = to_q(E * (-E * L).exp() * 4)  # every integrand below is ≤ (1 + ε)·max(p, q) on the tails
        zero = acb(0)
        for gamma in (Rational(1), exp(eps / 2), Rational(3, 2), Rational(1, 2), 2 * exp(eps)):
            g = arb_of(gamma, 128)
            iv = certified_integral(lambda x, a: (p(x, a) - g * q(x, a)).real_max(zero, analytic=a), -L, L + 1, tail)
            assert_in_interval(pair.hockey_stick(gamma), iv)
            if sign(gamma - 1) >= 0:
                assert_in_interval(pair.delta(log(gamma)), iv)
        tv = certified_integral(lambda x, a: (p(x, a) - q(x, a)).real_abs(analytic=a) / 2, -L, L + 1, tail)
        assert_in_interval(pair.tv(), tv)
        assert sign(pair.tv() - (1 - exp(-eps / 2))) == 0
        kl = certified_integral(lambda x, a: p(x, a) * E * ((x - 1).real_abs(analytic=a) - x.real_abs(analytic=a)),
                                -L, L + 1, tail)
        assert_in_interval(pair.kl(), kl)
        # p²/q decays like e^{-ε|x|} on both sides; its tail beyond [-L, L+1] is ≤ e^{ε(1-L)}
        chi_tail = to_q((E * (1 - L)).exp())
        chi = certified_integral(lambda x, a: p(x, a) ** 2 / q(x, a), -L, L + 1, chi_tail)
        assert_in_interval(pair.chi2(), (chi[0] - 1, chi[1] - 1))


def to_q(ball):
    return endpoints(ball, 256)[1]


@pytest.mark.parametrize("eps", [Rational(1), Rational(1, 2)])
def test_laplace_renyi_and_tradeoff_against_mpmath(eps):
    pair = laplace(eps)
    with mpmath.workdps(40):
        e = mpmath.mpf(eps.p) / eps.q
        p = lambda x: e / 2 * mpmath.exp(-e * abs(x))
        q = lambda x: e / 2 * mpmath.exp(-e * abs(x - 1))
        for alpha in (Rational(1, 2), Rational(2), Rational(3), Rational(3, 2)):
            a = mpmath.mpf(alpha.p) / alpha.q
            s = mpmath.quad(lambda x: p(x) ** a * q(x) ** (1 - a), [-mpmath.inf, 0, 1, mpmath.inf])
            assert_encloses(pair.renyi(alpha), mpmath.log(s) / (a - 1), digits=25)
        assert pair.renyi(sympy.oo) == eps
        for t in (Rational(1, 20), Rational(1, 4), Rational(1, 2), Rational(3, 4)):
            # Neyman–Pearson: reject when x ≥ c (Q/P is non-decreasing in x), P(X ≥ c) = t
            tail = lambda c: mpmath.quad(p, _breaks(c, mpmath.inf))
            c = mpmath.findroot(lambda c: tail(c) - mpmath.mpf(t.p) / t.q, 0)
            beta = mpmath.quad(q, _breaks(-mpmath.inf, c))
            assert_encloses(pair.tradeoff(t), beta, digits=25)


def _breaks(lo, hi):
    return [lo] + [b for b in (0, 1) if lo < b < hi] + [hi]


# --------------------------------------------------------------------------------------------
# Gaussian: mpmath quadrature


@pytest.mark.parametrize("mu", [Rational(1), Rational(1, 2), Rational(2)])
def test_gaussian_against_mpmath_quadrature(mu):
    pair = gaussian(1 / mu)
    assert pair.mu == mu
    with mpmath.workdps(40):
        m = mpmath.mpf(mu.p) / mu.q
        p = lambda x: mpmath.npdf(x)
        q = lambda x: mpmath.npdf(x, m)
        for gamma in (Rational(1), Rational(2), exp(1), Rational(1, 2)):
            g = mpmath.mpf(sympy.N(gamma, 60))
            xs = m / 2 - mpmath.log(g) / m  # p > γq exactly left of x*
            hs = mpmath.quad(lambda x: p(x) - g * q(x), [-mpmath.inf, xs])
            assert_encloses(pair.hockey_stick(gamma), hs, digits=25)
        assert_encloses(pair.tv(), mpmath.quad(lambda x: abs(p(x) - q(x)), [-mpmath.inf, m / 2, mpmath.inf]) / 2, 25)
        assert_encloses(pair.kl(), mpmath.quad(lambda x: p(x) * mpmath.log(p(x) / q(x)), [-mpmath.inf, mpmath.inf]), 25)
        assert_encloses(pair.chi2(), mpmath.quad(lambda x: p(x) ** 2 / q(x), [-mpmath.inf, mpmath.inf]) - 1, 25)
        for alpha in (Rational(1, 2), Rational(3)):
            a = mpmath.mpf(alpha.p) / alpha.q
            s = mpmath.quad(lambda x: p(x) ** a * q(x) ** (1 - a), [-mpmath.inf, mpmath.inf])
            assert_encloses(pair.renyi(alpha), mpmath.log(s) / (a - 1), 25)
        for t in (Rational(1, 10), Rational(1, 2), Rational(4, 5)):
            c = mpmath.findroot(lambda c: mpmath.quad(p, [c, mpmath.inf]) - mpmath.mpf(t.p) / t.q, 0)
            assert_encloses(pair.tradeoff(t), mpmath.quad(q, [-mpmath.inf, c]), 25)


def test_gaussian_parametrisation():
    assert gaussian(2, sensitivity=3).mu == Rational(3, 2)
    assert (gaussian(1) ** 4).mu == 2
    assert sign(gaussian(1).compose(gaussian(Rational(1, 2))).mu - sympy.sqrt(5)) == 0


def test_gaussian_epsilon_inverts_delta():
    target = Rational(1, 1000)
    c = certify(gaussian(1).epsilon(target), 30)
    with mpmath.workdps(60):
        delta = lambda e: mpmath.ncdf(-e + mpmath.mpf(1) / 2) - mpmath.exp(e) * mpmath.ncdf(-e - mpmath.mpf(1) / 2)
        lo, hi = mpmath.mpf(c.lower), mpmath.mpf(c.upper)
        assert delta(lo) >= mpmath.mpf(1) / 1000 >= delta(hi)
        assert hi - lo < mpmath.mpf(10) ** -30
