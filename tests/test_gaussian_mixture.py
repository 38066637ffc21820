"""The Gaussian mechanism with a discrete input (Ngo–Östman–Graell i Amat eq. (5), d = 1; bits):
the root-based LIP curve against certified quadrature of the hockey-stick integrands and against
mpmath, the information against a second formula, the calibration as a root, and the eq. (10)
bracket against an mpmath integral of an mpmath LIP curve."""

import mpmath
import pytest
import sympy
from flint import acb, arb
from hypothesis import given, settings, strategies as st
from sympy import Rational as R

from symdp.errors import ParameterError
from symdp.local import (mixture_calibration, mixture_information, mixture_lip_delta, mixture_lip_to_lmidp,
                         shell_information)
from symdp.numbers import Real, arb_of, certify

XS = [-1, R(-1, 5), R(1, 2), 1]
PS = [R(1, 10), R(2, 5), R(3, 10), R(1, 5)]


def _phi(y, x, s2):
    return (-(y - x) ** 2 / (2 * s2)).exp() / (2 * acb.pi() * s2).sqrt()


def quadrature_lip_terms(xs, ps, s2, eps, prec):
    """For every point x_i the balls (E_γ(p_Y‖φ_i), E_γ(φ_i‖p_Y)/γ), γ = e^ε, by certified
    quadrature of (f − γg)₊ on [−L, L] (acb.integral, the kinks handled by the analytic flag),
    plus [0, erfc((L − Δ)/(σ√2))] for the mass beyond: the definition, with no use of the
    log-sum-exp structure."""
    X = [acb(arb_of(x, prec)) for x in xs]
    P = [acb(arb_of(v, prec)) for v in ps]
    S2 = acb(arb_of(s2, prec))
    g = acb(arb_of(sympy.exp(eps), prec))
    D = max(abs(arb_of(x, prec)).upper() for x in xs)
    L = arb(D) + S2.real.sqrt() * arb(2 * (prec + 20)).sqrt()
    tail = arb(0).union(arb(((L - D) / (2 * S2.real).sqrt()).erfc().upper()))
    out = []
    for i in range(len(xs)):
        def h(y, an, fwd):
            py = sum((pj * _phi(y, x, S2) for pj, x in zip(P, X)), acb(0))
            v = py - g * _phi(y, X[i], S2) if fwd else _phi(y, X[i], S2) - g * py
            return v.real_max(acb(0), analytic=an)
        one = acb.integral(lambda y, an: h(y, an, True), acb(-L), acb(L), rel_tol=arb(2) ** -prec).real
        two = acb.integral(lambda y, an: h(y, an, False), acb(-L), acb(L), rel_tol=arb(2) ** -prec).real / g.real
        out.append((one + tail, two + tail))
    return out


def quadrature_lip_delta(xs, ps, s2, eps) -> Real:
    """δ̄^LIP = max_i max of the two quadrature terms."""
    def ball(prec):
        best = arb(0)
        for one, two in quadrature_lip_terms(xs, ps, s2, eps, prec):
            best = best.max(one).max(two)
        return best
    return Real(ball)


def mp_lip_delta(xs, ps, s2, eps):
    """δ̄^LIP in mpmath: quadrature with breakpoints at the sign changes found on a fine grid."""
    xs = [mpmath.mpf(sympy.Rational(x).p) / sympy.Rational(x).q for x in xs]
    ps = [mpmath.mpf(sympy.Rational(p).p) / sympy.Rational(p).q for p in ps]
    s2 = mpmath.mpf(sympy.Rational(s2).p) / sympy.Rational(s2).q
    g = mpmath.exp(mpmath.mpf(sympy.Rational(eps).p) / sympy.Rational(eps).q)
    phi = lambda y, x: mpmath.npdf(y, x, mpmath.sqrt(s2))
    py = lambda y: mpmath.fsum(p * phi(y, x) for p, x in zip(ps, xs))
    L = max(abs(x) for x in xs) + 12 * mpmath.sqrt(s2)
    best = 0
    for x in xs:
        for f in (lambda y: py(y) - g * phi(y, x), lambda y: (phi(y, x) - g * py(y)) / g):
            grid = [-L + 2 * L * k / 300 for k in range(301)]
            cuts = [-L] + [mpmath.findroot(f, (a, b), solver="anderson") for a, b in zip(grid, grid[1:])
                           if f(a) * f(b) < 0] + [L]
            best = max(best, mpmath.fsum(mpmath.quad(lambda y: max(f(y), 0), [a, b]) for a, b in zip(cuts, cuts[1:])))
    return best


def enclosed(value, ref, digits):
    c = certify(value, digits)
    return sympy.Rational(c.lower) <= ref <= sympy.Rational(c.upper)


@pytest.mark.parametrize("s2, eps", [(R(1, 2), 0), (R(1, 2), 1), (2, R(1, 4)), (2, 3)])
def test_lip_delta_is_the_certified_quadrature(s2, eps):
    fast = certify(mixture_lip_delta(XS, PS, s2, eps), 20)
    slow = certify(quadrature_lip_delta(XS, PS, s2, eps), 8)
    assert sympy.Rational(slow.lower) <= sympy.Rational(fast.upper) and sympy.Rational(fast.lower) <= sympy.Rational(slow.upper)


def test_both_lip_terms_are_their_certified_quadratures():
    """Each point's forward E_γ(p_Y‖φ_i) and backward e^−ε E_γ(φ_i‖p_Y) separately (at ε = 1/4
    every backward term is nonzero): the root-based ball lies inside the quadrature's."""
    from symdp.local.gaussian_mixture import _input, _lip_terms
    s2, eps = R(1, 2), R(1, 4)
    fast = _lip_terms(_input(XS, PS), sympy.sympify(s2), sympy.sympify(eps), 96)
    slow = quadrature_lip_terms(XS, PS, s2, eps, 40)
    for (f1, b1), (f2, b2) in zip(fast, slow):
        assert b1 > 0 and f2.contains(f1) and b2.contains(b1)
        assert f2.rad() < arb(10) ** -6 and b2.rad() < arb(10) ** -6


def test_a_root_ball_is_checked_on_both_sides():
    """_root_ball certifies an end of {L_i < c} only if L > c just outside and L < c just inside.
    At the true end (mpmath bisection of L_i written from its definition) it is accepted; moved
    10^-3 inside or outside it must be refused, whichever side of the interval."""
    from symdp.local.gaussian_mixture import _LogRatio, _root_ball
    with mpmath.workdps(40):
        xs, ps, s2 = [mpmath.mpf(x.p) / x.q for x in map(R, XS)], [mpmath.mpf(p.p) / p.q for p in PS], mpmath.mpf(1) / 2
        i, c = 1, mpmath.mpf(1) / 4
        L = lambda y: mpmath.log(mpmath.fsum(p * mpmath.exp(-(y - x) ** 2 / (2 * s2)) for p, x in zip(ps, xs))
                                 / mpmath.exp(-(y - xs[i]) ** 2 / (2 * s2)))
        ymin = mpmath.findroot(lambda y: mpmath.diff(L, y), 0)
        ends = [mpmath.findroot(lambda y: L(y) - c, (ymin - 20, ymin), solver="bisect"),
                mpmath.findroot(lambda y: L(y) - c, (ymin, ymin + 20), solver="bisect")]
    lr = _LogRatio([arb(-1), arb(-1) / 5, arb(1) / 2, arb(1)], [arb(1) / 10, arb(2) / 5, arb(3) / 10, arb(1) / 5], i,
                   arb(1) / 2)
    for end, left in zip(ends, (True, False)):
        y = arb(mpmath.nstr(end, 30))
        assert _root_ball(lr, arb(1) / 4, y, left, arb(10) ** -20) is not None
        for shift in ("0.001", "-0.001"):
            assert _root_ball(lr, arb(1) / 4, y + arb(shift), left, arb(10) ** -20) is None


@settings(max_examples=6, deadline=None)
@given(st.lists(st.integers(-20, 20), min_size=2, max_size=5, unique=True), st.lists(st.integers(1, 9), min_size=5, max_size=5),
       st.sampled_from([R(1, 4), R(1), R(3)]), st.sampled_from([0, R(1, 3), R(2)]))
def test_lip_delta_against_mpmath(points, weights, s2, eps):
    xs = [R(x, 10) for x in points]
    w = weights[:len(xs)]
    ps = [R(v, sum(w)) for v in w]
    with mpmath.workdps(30):
        ref = mp_lip_delta(xs, ps, s2, eps)
        got = mpmath.mpf(certify(mixture_lip_delta(xs, ps, s2, eps), 25).decimal)
        assert abs(got - ref) <= mpmath.mpf(10) ** -12


def test_lip_delta_far_tail_matches_the_quadrature_where_floats_failed():
    # the 21-point Figure 3 input at σ² = 14.487…: δ̄^LIP(5/2) ≈ 1.4e-16, where a double-precision
    # quadrature reports 6.3e-16
    xs = [-1 + R(i, 10) for i in range(21)]
    w = [sympy.exp(-2 * x * x) for x in xs]
    ps = [v / sum(w) for v in w]
    s2 = R("14.487266191332893")
    fast = certify(mixture_lip_delta(xs, ps, s2, R(5, 2)), 15)
    slow = certify(quadrature_lip_delta(xs, ps, s2, R(5, 2)), 3)
    assert sympy.Rational(slow.lower) <= sympy.Rational(fast.upper) and sympy.Rational(fast.lower) <= sympy.Rational(slow.upper)
    assert sympy.Rational(fast.upper) < R(2, 10 ** 16)


def test_lip_delta_degenerate_inputs():
    assert certify(mixture_lip_delta([R(1, 3)], [1], 1, 0), 5).decimal == "0"
    # equal points merge, zero weights drop: the law of Y is unchanged
    a = certify(mixture_lip_delta([0, 1, 1, 5], [R(1, 2), R(1, 4), R(1, 4), 0], 1, R(1, 2)), 20).decimal
    b = certify(mixture_lip_delta([0, 1], [R(1, 2), R(1, 2)], 1, R(1, 2)), 20).decimal
    assert a == b


def test_lip_delta_is_non_increasing_in_eps():
    vals = [mixture_lip_delta(XS, PS, 1, e) for e in (0, R(1, 8), R(1, 2), 1, 2, 4)]
    assert all(a >= b for a, b in zip(vals, vals[1:]))


def test_information_two_formulas_agree():
    """h(Y) − h(Y|X) (the library) against Σ_i P_i ∫ φ_i log(φ_i/p_Y) (certified quadrature)."""
    s2 = R(3, 2)

    def ball(prec):
        X = [acb(arb_of(x, prec)) for x in XS]
        P = [acb(arb_of(v, prec)) for v in PS]
        S2 = acb(arb_of(s2, prec))

        def f(y, an):
            ph = [_phi(y, x, S2) for x in X]
            py = sum((p * v for p, v in zip(P, ph)), acb(0))
            return sum((p * v * (v / py).log(analytic=an) for p, v in zip(P, ph)), acb(0))
        L = arb(1) + S2.real.sqrt() * 16
        body = acb.integral(f, acb(-L), acb(L), rel_tol=arb(2) ** -prec).real
        return (body + arb(0).union(arb(10) ** -40).union(-arb(10) ** -40)) / arb(2).log()
    assert certify(mixture_information(XS, PS, s2), 25).decimal == certify(Real(ball), 25).decimal


def test_information_two_points_is_the_bpsk_shell():
    assert certify(mixture_information([-1, 1], [R(1, 2), R(1, 2)], 4), 20).decimal == \
        certify(shell_information(R(1, 2), 1), 20).decimal


def test_calibration_is_a_root():
    s2 = mixture_calibration(R(1, 5), XS, PS)
    c = certify(s2, 20)
    lo, hi = sympy.Rational(c.lower), sympy.Rational(c.upper)
    assert mixture_information(XS, PS, lo) > R(1, 5) > mixture_information(XS, PS, hi)


def test_calibration_refuses_mu_beyond_the_entropy():
    with pytest.raises(ParameterError, match="mu"):
        mixture_calibration(2, [0, 1], [R(1, 2), R(1, 2)])  # H(X) = 1 bit


def two_point_lip_delta(xs, ps, s2, eps):
    """δ̄^LIP for two points in mpmath, with the level sets in closed form: for the pair (i, j),
    L_i = ln(P_i + P_j e^u) with u = (x_j − x_i)(2y − x_i − x_j)/(2σ²) is monotone, and L_i = c at
    y = (x_i + x_j)/2 + σ² ln((e^c − P_i)/P_j)/(x_j − x_i)."""
    s = mpmath.sqrt(s2)
    g = mpmath.exp(eps)
    P = lambda a, b: ps[0] * (mpmath.ncdf(b, xs[0], s) - mpmath.ncdf(a, xs[0], s)) + \
        ps[1] * (mpmath.ncdf(b, xs[1], s) - mpmath.ncdf(a, xs[1], s))
    Q = lambda i, a, b: mpmath.ncdf(b, xs[i], s) - mpmath.ncdf(a, xs[i], s)
    best = mpmath.mpf(0)
    for i, j in ((0, 1), (1, 0)):
        level = lambda c: (xs[i] + xs[j]) / 2 + s2 * mpmath.log((mpmath.exp(c) - ps[i]) / ps[j]) / (xs[j] - xs[i])
        up = xs[j] > xs[i]                      # L_i increasing: {L_i > c} is a right half-line
        r = level(eps)
        above = (r, mpmath.inf) if up else (-mpmath.inf, r)
        best = max(best, P(*above) - g * Q(i, *above))
        if mpmath.exp(-eps) > ps[i]:
            r = level(-eps)
            below = (-mpmath.inf, r) if up else (r, mpmath.inf)
            best = max(best, (Q(i, *below) - g * P(*below)) / g)
    return best


def test_eq10_bracket_holds_the_mpmath_integral():
    xs, ps, s2 = [-1, 1], [R(1, 4), R(3, 4)], R(1)
    b = mixture_lip_to_lmidp(xs, ps, s2, rtol=R(1, 10))
    assert b.met and b.lower <= b.upper <= b.lower * R(11, 10)
    with mpmath.workdps(20):
        mx, mp_ = [mpmath.mpf(-1), mpmath.mpf(1)], [mpmath.mpf(1) / 4, mpmath.mpf(3) / 4]
        f = lambda e: (mpmath.exp(e) + mpmath.exp(-e)) * two_point_lip_delta(mx, mp_, mpmath.mpf(1), e)
        ref = mpmath.quad(f, mpmath.linspace(0, 20, 81)) / mpmath.log(2)
    assert float(b.lower) <= ref <= float(b.upper)
    # and the closed-form curve is the library's at a few ε
    for e in (R(0), R(1, 3), R(2)):
        with mpmath.workdps(30):
            ref = two_point_lip_delta(mx, mp_, mpmath.mpf(1), mpmath.mpf(e.p) / e.q if e else mpmath.mpf(0))
            assert abs(mpmath.mpf(certify(mixture_lip_delta(xs, ps, s2, e), 25).decimal) - ref) < mpmath.mpf(10) ** -20


def test_eq10_bracket_is_above_the_information():
    """Theorem 2(b): μ^CD of eq. (10) ≥ I(X; G(X)) (a law; a too-small upper end would break it)."""
    b = mixture_lip_to_lmidp(XS, PS, 2, rtol=R(1, 5))
    assert mixture_information(XS, PS, 2) < b.upper


def test_bad_input_is_one_line():
    for call in (lambda: mixture_lip_delta([0, 1], [R(1, 2)], 1, 0),
                 lambda: mixture_lip_delta([0, 1], [R(1, 2), R(1, 2)], -1, 0),
                 lambda: mixture_lip_delta([0, 1], [R(1, 2), R(1, 2)], 1, -1),
                 lambda: mixture_lip_delta([0, 10 ** 200], [R(1, 2), R(1, 2)], R(1, 10 ** 100), 1)):
        with pytest.raises(ParameterError):
            certify(call(), 10)
