"""The (ε, δ, η) guarantee (Ghazi–Issa, Corollary 1, Theorem 2, Proposition 1, Theorem 3,
Section VI-D), each checked against an independent route: Neyman–Pearson trade-offs of explicit
pairs, brute-force products, direct privacy-loss moments, exact lattice composition, mpmath."""

import itertools

import mpmath
import pytest
import sympy
from flint import arb, fmpq
from hypothesis import given, strategies as st
from sympy import Rational, exp, log

from symdp import FinitePair, ParameterError, certify, composed_deltas, dominating
from symdp.numbers import sign, working_precision
from symdp.central.tvdp import (DPSGD_EXAMPLE, DPRegion, TVDP, certified_composed_deltas, clt_functionals, clt_mu,
                                dpsgd_region, gdp_tradeoff, naive_tv_composition, sgd_clt_mu,
                                subsampling_tightness_pair)

T_GRID = [Rational(i, 23) for i in range(24)]


def _ball_has(ball: arb, value) -> bool:
    q = fmpq(int(value.p), int(value.q))
    return ball.lower().fmpq() <= q <= ball.upper().fmpq()


@given(st.fractions(0, Rational(1, 2), max_denominator=20), st.fractions(0, 1, max_denominator=20))
def test_corollary_1_is_the_np_tradeoff_of_the_dominating_pair(delta, share):
    eps = log(2)
    top = delta + (1 - delta) * Rational(1, 3)  # tanh(log(2)/2) = 1/3
    eta = delta + share * (top - delta)
    g = TVDP(eps, delta, eta)
    pair = dominating(eps, delta, eta)
    for t in T_GRID:
        assert g.tradeoff(t) == pair.tradeoff(t)


def test_region_below_delta_is_tv_only():
    g = TVDP(log(2), Rational(1, 5), Rational(1, 10))
    assert g.tv_only
    for t in T_GRID:
        assert g.tradeoff(t) == max(0, Rational(9, 10) - t) == g.dominating_pair().tradeoff(t)
    assert g.compose(3).guarantees == ((0, naive_tv_composition(Rational(1, 10), 3)),)


@pytest.mark.parametrize("eps,delta,eta", [(log(2), 0, Rational(7, 30)), (log(3), Rational(1, 10), Rational(3, 10)),
                                           (log(2), Rational(1, 10), Rational(1, 10) + Rational(9, 10) / 3)])
def test_region_corners_are_the_kinks(eps, delta, eta):
    g = TVDP(eps, delta, eta)
    corners = g.region_corners()
    for t, f in corners:
        assert g.tradeoff(t) == f
    # between consecutive corners the trade-off is affine: the midpoint lies on the chord
    for (t0, f0), (t1, f1) in zip(corners, corners[1:]):
        assert g.tradeoff((t0 + t1) / 2) == (f0 + f1) / 2
    assert len(corners) == (3 if eta == delta + (1 - delta) * (exp(eps) - 1) / (exp(eps) + 1) else 4)


def _product(pair: FinitePair, k: int) -> FinitePair:
    idx = list(itertools.product(range(len(pair.p)), repeat=k))
    return FinitePair([sympy.prod([pair.p[i] for i in s]) for s in idx], [sympy.prod([pair.q[i] for i in s]) for s in idx])


@pytest.mark.parametrize("delta,eta,k", [(0, Rational(7, 30), 3), (Rational(1, 10), Rational(31, 100), 2)])
def test_composed_tradeoff_is_the_product_pair_tradeoff(delta, eta, k):
    """Remark 3: f_k equals the Neyman–Pearson trade-off of the k-fold product (brute force)."""
    g = TVDP(log(2), delta, eta)
    region = g.compose(k)
    brute = _product(g.dominating_pair(), k)
    # t = 0 is left out: FinitePair.tradeoff(0) stops at the first atom with P = 0 instead of
    # rejecting all of them (reported to the pair layer); f_k(0) = (1 − δ)^k is checked directly.
    for t in T_GRID[1:]:
        assert region.tradeoff(t) == brute.tradeoff(t)
    assert region.tradeoff(0) == (1 - delta) ** k
    assert region.tv() == brute.tv() == g.composed_tv(k)


def test_theorem_2_reference_vectors():
    # exact vectors from the reference values (independent fraction arithmetic): x = 2, α = 3/10, k = 3; δ > 0, k = 2
    region = TVDP(log(2), 0, Rational(7, 30)).compose(3)
    assert [d for _, d in region.guarantees] == [Rational(10129, 27000), Rational(196, 1125), Rational(343, 6750), 0]
    region = TVDP(log(2), Rational(1, 10), Rational(31, 100)).compose(2)
    assert [d for _, d in region.guarantees] == [Rational(4357, 10000), Rational(1391, 5000), Rational(19, 100)]


def test_figure_4_values_certified():
    eta = Rational(7, 10) * sympy.tanh(Rational(1, 2))
    deltas = [certify(d, 15).decimal for _, d in TVDP(1, 0, eta).compose(5).guarantees]
    assert deltas[:5] == ["0.631089674853377", "0.432692978468984", "0.239344949120141",
                          "0.0953725659205623", "0.0221845694261490"]


@pytest.mark.parametrize("eps,eta,p", [(log(2), Rational(1, 5), Rational(1, 10)), (sympy.Integer(1), Rational(3, 10), Rational(1, 10)),
                                       (log(5), Rational(1, 2), Rational(3, 7))])
def test_proposition_1_tightness_pair(eps, eta, p):
    pair = subsampling_tightness_pair(eps, eta, p)
    assert sympy.simplify(pair.tv() - p * eta) == 0
    ratios = [sympy.simplify(a / b) for a, b in zip(pair.p, pair.q)]
    top = max(ratios, key=lambda r: float(r))
    assert sympy.simplify(top - (1 + p * (exp(eps) - 1))) == 0
    sub = TVDP(eps, 0, eta).subsample(p)
    assert sympy.simplify(exp(sub.eps) - top) == 0 and sub.eta == p * eta
    # the subsampled guarantee holds for the tightness pair: its trade-off lies above the region
    for t in T_GRID[::3]:
        assert sign(pair.tradeoff(t) - sub.tradeoff(t)) >= 0


@given(st.fractions(0, 1, max_denominator=30), st.fractions(0, 1, max_denominator=30),
       st.fractions(Rational(1, 30), 1, max_denominator=30))
def test_subsampled_eta_stays_in_range(delta, share, p):
    """pη ≤ pδ + (1 − pδ)tanh(ε'/2): (1−δ)(2+p(x−1)) − (1−pδ)(x+1) = −(1−p)(x−1+2δ) ≤ 0."""
    top = delta + (1 - delta) * Rational(1, 2)  # tanh(log(3)/2) = 1/2
    sub = TVDP(log(3), delta, share * top).subsample(p)
    assert sub.delta == p * delta and sub.eta == p * share * top
    x = 1 + p * 2  # e^ε' = 1 + p(e^ε − 1) with e^ε = 3
    assert sign(sub.delta + (1 - sub.delta) * (x - 1) / (x + 1) - sub.eta) >= 0
    d = Rational(delta)
    assert sympy.expand((1 - d) * (2 + p * 2) - (1 - p * d) * 4 + (1 - p) * (2 + 2 * d)) == 0


def test_naive_composition_is_the_tv_of_the_composed_tv_only_pair():
    pair = dominating(0, Rational(3, 10), Rational(3, 10))
    for k in (1, 2, 5):
        assert (pair ** k).tv() == naive_tv_composition(Rational(3, 10), k)
    assert certify(naive_tv_composition(Rational(3, 10), 5), 5).decimal == "0.83193"


@pytest.mark.parametrize("eps,eta", [(log(2), Rational(1, 10)), (sympy.Integer(1), Rational(3, 10))])
def test_clt_functionals_are_privacy_loss_moments(eps, eta):
    pair = dominating(eps, 0, eta)
    loss = [sympy.log(a / b) for a, b in zip(pair.p, pair.q)]
    direct = [sympy.Add(*[a * L ** r for a, L in zip(pair.p, loss)]) for r in (1, 2)]
    direct.append(sympy.Add(*[a * abs(L) ** 3 for a, L in zip(pair.p, loss)]))
    for d, c in zip(direct, clt_functionals(eps, eta)):
        assert sympy.simplify(d - c) == 0
    # kl(f) = −∫₀¹ log|f'(t)| dt over the piecewise-linear region (Appendix G, corrected limit)
    corners = TVDP(eps, 0, eta).region_corners()
    kl = sympy.Add(*[-(t1 - t0) * sympy.log((f0 - f1) / (t1 - t0))
                     for (t0, f0), (t1, f1) in zip(corners, corners[1:])])
    assert sympy.simplify(kl - eps * eta) == 0


def test_clt_mu_and_gdp_tradeoff():
    assert clt_mu([1] * 4, [Rational(1, 8)] * 4) == 1
    mpmath.mp.dps = 30
    for mu, t in ((Rational(1, 2), Rational(1, 10)), (Rational(2), Rational(3, 10))):
        ref = mpmath.ncdf(mpmath.sqrt(2) * mpmath.erfinv(1 - 2 * mpmath.mpf(t)) - mu)
        assert abs(mpmath.mpf(certify(gdp_tradeoff(mu, t), 25).decimal) - ref) < mpmath.mpf(10) ** -23
    mpmath.mp.dps = 15
    # Dong–Roth–Su Corollary 5.4 at the paper's setting (reference reference, T = 3515.625)
    assert certify(sgd_clt_mu(Rational(256, 60000), Rational(28125, 8), Rational(13, 10)), 16).decimal == "0.2847106823302615"


@pytest.mark.parametrize("g,k", [(TVDP(log(2), 0, Rational(7, 30)), 9), (TVDP(log(3), Rational(1, 10), Rational(3, 10)), 6),
                                 (TVDP(log(Rational(5, 4)), Rational(1, 1000), Rational(1, 20)), 12)])
def test_certified_deltas_against_exact_lattice(g, k):
    for with_tv, eta in ((True, g.eta), (False, None)):
        balls = certified_composed_deltas(g, k, 128, with_tv)
        exact = composed_deltas(g.eps, g.delta, eta, k)
        assert all(_ball_has(b, e) for b, e in zip(balls, exact))
        assert all(b.rad() < 1e-30 for b in balls)


def _brute_envelope(region, t, prec):
    with working_precision(prec):
        tb = arb(fmpq(int(t.p), int(t.q)))
        best = arb(0)
        for deltas, powers in region._lines(prec):
            for d, x in zip(deltas, powers):
                best = best.max(1 - d - x * tb).max((1 - d - tb) / x)
        return best


def test_dpsgd_region_unimodal_search_matches_brute_force():
    region = dpsgd_region(Rational(10, 13), Rational(1, 20), 60, [Rational(1, 2), 1, 2])
    for t in (Rational(0), Rational(1, 100), Rational(1, 10), Rational(2, 5), Rational(9, 10)):
        fast = region.tradeoff(t).ball(128)
        brute = _brute_envelope(region, t, 128)
        assert fast.overlaps(brute) and fast.rad() < 1e-30


def test_dpsgd_example_composed_tv():
    """Reference VI-D table (independent exact PLD computation, k = 3516): composed TV at ε = 0.5, 2."""
    s = DPSGD_EXAMPLE
    assert s.steps == 3516 and s.nominal_steps == Rational(28125, 8)
    region = dpsgd_region(s.mu, s.p, s.steps, [Rational(1, 2), 2])
    tvs = [certify(v, 6).decimal for v in region.composed_tvs()]
    assert tvs == ["0.895336", "0.227257"]
    assert certify(region.tv(), 5).decimal == "0.22726"


def test_validation():
    with pytest.raises(ParameterError, match="eta"):
        TVDP(log(2), 0, Rational(1, 2))  # > tanh(log(2)/2) = 1/3
    with pytest.raises(ParameterError, match="eps"):
        TVDP(-1, 0, 0)
    with pytest.raises(ParameterError, match="delta"):
        TVDP(1, Rational(3, 2), 0)
    with pytest.raises(ParameterError, match="p"):
        TVDP(1, 0, Rational(1, 10)).subsample(0)
    with pytest.raises(ParameterError, match="integer"):
        dpsgd_region(Rational(10, 13), DPSGD_EXAMPLE.p, Rational(28125, 8), [1])
    with pytest.raises(ParameterError):
        clt_functionals(1, Rational(1, 2))
    assert DPRegion(((log(2), Rational(1, 10)),)).tv() == Rational(1, 10) + Rational(9, 10) / 3
