"""DP-SGD accounting where ML code uses it: noise calibration, ε over training, epochs, and the
dp_accounting / Opacus accountant interfaces. Every certified answer is checked against an
independent route: the Gaussian closed form when q = 1 (T steps = one step with σ/√T), mpmath
quadrature at T = 1 and 2, exact compositions of finite and Laplace pairs, and dp_accounting's
PLD accountant at a fine grid within its own discretisation error."""

from __future__ import annotations

import json
import math
import re
import sys

import mpmath
import pytest
import sympy
from hypothesis import given, settings, strategies as st

from symdp.accounting import (CertifiedOpacusAccountant, CostLimitError, Limits, dpsgd_epsilon,
                              dpsgd_epsilon_trajectory, dpsgd_sigma, epochs_to_steps, steps_per_epoch)
from symdp.accounting.adapters import float_up
from symdp.errors import MissingExtraError, ParameterError
from symdp.central.pairs import FinitePair, gaussian, laplace

R = sympy.Rational
DELTA = R(1, 10 ** 5)


def _gaussian_epsilon(sigma: sympy.Expr, steps: int, delta: sympy.Expr = DELTA):
    """ε(δ) of T Gaussian(σ) steps = one Gaussian step with σ/√T (closed form, certified)."""
    return gaussian(sigma / sympy.sqrt(steps)).epsilon(delta)


# --------------------------------------------------------------------------------------------
# mpmath references for the Poisson-subsampled Gaussian at T = 1 and T = 2


def _hockey_gauss(mu, gamma):
    """E_γ(N(μ,1) ‖ N(0,1)) (Balle–Wang's formula)."""
    if gamma <= 0:
        return mpmath.mpf(1) - gamma
    lg = mpmath.log(gamma)
    return mpmath.ncdf(mu / 2 - lg / mu) - gamma * mpmath.ncdf(-mu / 2 - lg / mu)


def _hockey_mix(q, mu, gamma, remove):
    """One step's E_γ: remove ((1−q)N0 + qN1 ‖ N0) or add (N0 ‖ (1−q)N0 + qN1), from the
    mixture's pointwise decomposition."""
    if remove:
        return 1 - gamma if gamma <= 1 - q else q * _hockey_gauss(mu, (gamma - 1 + q) / q)
    c = 1 - gamma * (1 - q)
    return mpmath.mpf(0) if c <= 0 else c * _hockey_gauss(mu, gamma * q / c)


def _delta_mp(q, sigma, steps, eps):
    """δ(ε) of T ∈ {1, 2} subsampled Gaussian steps, both directions: T = 1 from the formula,
    T = 2 as ∫ P(x) E_{e^{ε − L(x)}}(P‖Q) dx by mpmath quadrature (split at the kink)."""
    q, s, eps = mpmath.mpf(q), mpmath.mpf(sigma), mpmath.mpf(eps)
    mu = 1 / s
    n0 = lambda x: mpmath.npdf(x, 0, s)
    mix = lambda x: (1 - q) * n0(x) + q * mpmath.npdf(x, 1, s)
    loss = lambda x: mpmath.log(1 - q + q * mpmath.exp((2 * x - 1) / (2 * s * s)))  # log mix/n0
    best = mpmath.mpf(0)
    for remove in (True, False):
        if steps == 1:
            best = max(best, _hockey_mix(q, mu, mpmath.exp(eps), remove))
            continue
        sign, density = (1, mix) if remove else (-1, n0)
        f = lambda x: density(x) * _hockey_mix(q, mu, mpmath.exp(eps - sign * loss(x)), remove)
        # the kink: e^{ε − sign·L(x)} = 1 − q (remove) or 1/(1 − q) (add)
        target = eps - mpmath.log(1 - q) if remove else -eps - mpmath.log(1 - q)
        arg = (mpmath.exp(target) - (1 - q)) / q
        points = [-mpmath.inf, mpmath.mpf(1) / 2 + s * s * mpmath.log(arg), mpmath.inf] if arg > 0 else \
            [-mpmath.inf, 0, mpmath.inf]
        best = max(best, mpmath.quad(f, points))
    return best


def _mp(x: sympy.Rational) -> mpmath.mpf:
    return mpmath.mpf(int(x.p)) / int(x.q)


def test_trajectory_contains_quadrature_at_one_and_two_steps():
    """δ(ε) by quadrature is ≥ δ at the lower ε end and ≤ δ at the upper end (δ decreases in ε),
    so the true ε(δ) lies in each bracket of the one-pass run."""
    q, sigma = R(1, 10), R(1)
    with mpmath.workdps(30):
        for steps, b in zip((1, 2), dpsgd_epsilon_trajectory(q, sigma, [1, 2], DELTA)):
            assert b.lower > 0
            assert _delta_mp(q, sigma, steps, _mp(b.upper)) <= _mp(DELTA) * (1 + mpmath.mpf(10) ** -20)
            assert _delta_mp(q, sigma, steps, _mp(b.lower)) >= _mp(DELTA) * (1 - mpmath.mpf(10) ** -20)


def test_trajectory_is_the_composed_gaussian_when_q_is_one():
    counts = [1, 4, 9, 16]
    brackets = dpsgd_epsilon_trajectory(1, 2, counts, DELTA, rtol=R(1, 200))
    assert [b.quantity for b in brackets] == ["epsilon"] * 4
    for t, b in zip(counts, brackets):
        assert b.contains(_gaussian_epsilon(R(2), t)), (t, b)
    assert all(a.upper <= b.lower for a, b in zip(brackets, brackets[1:]))  # ε grows with T


def test_epochs_count_steps_as_the_ceiling():
    assert epochs_to_steps(1, R(1, 100)) == 100
    assert epochs_to_steps(3, R(256, 60000)) == math.ceil(3 * 60000 / 256) == 704
    assert steps_per_epoch(3, R(3, 10)) == [4, 7, 10]
    with pytest.raises(ParameterError, match="epochs"):
        epochs_to_steps(0, R(1, 10))
    with pytest.raises(ParameterError, match="steps"):
        dpsgd_epsilon_trajectory(R(1, 10), 1, [], DELTA)
    with pytest.raises(ParameterError, match="steps"):
        dpsgd_epsilon_trajectory(R(1, 10), 1, [0, 5], DELTA)
    with pytest.raises(ParameterError, match="rtol"):
        dpsgd_epsilon_trajectory(R(1, 10), 1, [5], DELTA, rtol=2)
    with pytest.raises(ParameterError, match="at most"):
        steps_per_epoch(10 ** 9, R(1, 2))
    with pytest.raises(CostLimitError, match=r"ran \d+ s, above the time limit"):
        dpsgd_epsilon_trajectory(R(1, 10), 1, range(1, 400), DELTA, h=R(1, 50), limits=Limits(seconds=0.05))


# --------------------------------------------------------------------------------------------
# Calibration


def test_calibration_against_the_gaussian_closed_form():
    """q = 1: the certificate holds for the closed form (σ/√T), not only for the brackets."""
    c = dpsgd_sigma(1, 4, 1, DELTA, rtol=R(1, 50))
    assert c.at_sigma.upper <= 1 < c.below.lower
    assert _gaussian_epsilon(c.sigma, 4) <= 1 < _gaussian_epsilon(c.sigma * (1 - c.rtol), 4)
    assert float(c) >= c.sigma and float(c) == pytest.approx(float(c.sigma), rel=1e-15)


@settings(max_examples=3, deadline=None)
@given(st.sampled_from([R(1, 2), R(1)]), st.integers(1, 3),
       st.lists(st.sampled_from([R(1, 2), R(1), R(2), R(4)]), min_size=2, max_size=2, unique=True))
def test_calibrated_sigma_is_monotone_in_the_target(q, steps, targets):
    """Law: σ_min(ε) is nonincreasing, and the calibrated σ lies in [σ_min, σ_min/(1 − rtol)),
    so a smaller target never gets a σ below (1 − rtol) × a larger target's."""
    small, large = sorted(targets)
    rtol = R(1, 20)
    a, b = dpsgd_sigma(q, steps, small, DELTA, rtol=rtol), dpsgd_sigma(q, steps, large, DELTA, rtol=rtol)
    assert a.sigma > b.sigma * (1 - rtol)
    for c in (a, b):
        assert c.at_sigma.upper <= c.eps < c.below.lower


def test_calibration_refuses_out_of_range():
    with pytest.raises(ParameterError, match="rtol"):
        dpsgd_sigma(R(1, 10), 10, 1, DELTA, rtol=R(3, 4))
    with pytest.raises(ParameterError, match="noise multiplier outside"):
        dpsgd_sigma(1, 1, R(1, 10 ** 6), DELTA)


# --------------------------------------------------------------------------------------------
# dp_accounting's interface


def test_certified_accountant_brackets_dp_accounting_fine_pld():
    """dp_accounting's pessimistic PLD at interval 10⁻⁴ rounds each step's loss up by at most
    the interval, so its ε lies in [lower, upper + T·10⁻⁴] of the certified bracket."""
    dp = pytest.importorskip("dp_accounting")
    from dp_accounting import dp_event
    from symdp.accounting import CertifiedAccountant
    event = dp_event.PoissonSampledDpEvent(0.05, dp_event.GaussianDpEvent(1.0))
    ours = CertifiedAccountant().compose(event, 20)
    assert isinstance(ours, dp.PrivacyAccountant)
    theirs = dp.pld.PLDAccountant(value_discretization_interval=1e-4).compose(event, 20).get_epsilon(1e-5)
    b = ours.epsilon_bracket(1e-5)
    assert float(b.lower) <= theirs <= float(b.upper) + 20 * 1e-4
    assert ours.get_epsilon(1e-5) == float_up(b.upper) >= b.upper
    d = ours.delta_bracket(1)
    assert ours.get_delta(1) >= d.upper and d.lower <= d.upper


def test_certified_accountant_events_against_exact_compositions():
    """Randomized response (replace-one; the full k-outcome vectors, brute-force composed),
    Laplace (exact k-fold formula) and a composed Gaussian (closed form, 1/σ² adding up)."""
    dp = pytest.importorskip("dp_accounting")
    from dp_accounting import dp_event
    from symdp.accounting import CertifiedAccountant
    p, k = R(1, 2), 4
    rows = [[1 - p + p / k if j == i else p / k for j in range(k)] for i in (0, 1)]
    rr = CertifiedAccountant(dp.NeighboringRelation.REPLACE_ONE).compose(
        dp_event.RandomizedResponseDpEvent(0.5, 4), 3)
    assert rr.delta_bracket(R(1, 2)).contains((FinitePair(*rows) ** 3).delta(R(1, 2)))
    lap = CertifiedAccountant().compose(dp_event.SelfComposedDpEvent(dp_event.LaplaceDpEvent(2.0), 3))
    assert lap.delta_bracket(1).contains((laplace(R(1, 2)) ** 3).delta(1))
    composed = CertifiedAccountant().compose(
        dp_event.ComposedDpEvent([dp_event.GaussianDpEvent(1.0), dp_event.GaussianDpEvent(2.0),
                                  dp_event.NoOpDpEvent()]), 2)
    mu = sympy.sqrt(2 * (1 + R(1, 4)))
    assert composed.epsilon_bracket(DELTA).contains(gaussian(1 / mu).epsilon(DELTA))


def _gaussian_trees():
    """dp_accounting event trees over Gaussian leaves (σ ∈ {2, 4}), with the total μ² = Σ c/σ²
    each contributes (an independent count of the tree, for the closed form); small trees keep
    μ small, so one discretised step is cheap."""
    leaf = st.sampled_from([(2.0, R(1, 4)), (4.0, R(1, 16))]).map(lambda s: ("gaussian", s[0], s[1]))
    return st.recursive(leaf, lambda kids: st.one_of(
        st.tuples(st.just("self"), kids, st.integers(0, 2)),
        st.lists(kids, min_size=1, max_size=2).map(lambda ks: ("composed", ks))), max_leaves=3)


def _build(tree, dp_event):
    """(the event, its μ²)"""
    if tree[0] == "gaussian":
        return dp_event.GaussianDpEvent(tree[1]), tree[2]
    if tree[0] == "self":
        event, mu2 = _build(tree[1], dp_event)
        return dp_event.SelfComposedDpEvent(event, tree[2]), tree[2] * mu2
    built = [_build(k, dp_event) for k in tree[1]] + [(dp_event.NoOpDpEvent(), 0)]
    return dp_event.ComposedDpEvent([e for e, _ in built]), sum(m for _, m in built)


@settings(max_examples=5, deadline=None)
@given(_gaussian_trees())
def test_certified_accountant_flattens_event_trees(tree):
    """Law: any tree of composed and self-composed Gaussian events is one Gaussian with
    μ² = Σ c/σ² (Dong–Roth–Su, Corollary 2.3): the bracket contains its closed-form ε."""
    pytest.importorskip("dp_accounting")
    from dp_accounting import dp_event
    from symdp.accounting import CertifiedAccountant
    event, mu2 = _build(tree, dp_event)
    acct = CertifiedAccountant()
    assert acct.supports(event)
    b = acct.compose(event).epsilon_bracket(DELTA)
    if mu2 == 0:
        assert b.upper == 0
    else:
        assert b.contains(gaussian(1 / sympy.sqrt(mu2)).epsilon(DELTA))


def test_certified_accountant_refuses_what_it_does_not_certify():
    dp = pytest.importorskip("dp_accounting")
    from dp_accounting import dp_event
    from symdp.accounting import CertifiedAccountant
    acct = CertifiedAccountant()
    gauss = dp_event.GaussianDpEvent(1.0)
    for event in (dp_event.ZCDpEvent(0.1), dp_event.ComposedDpEvent([gauss, dp_event.ZCDpEvent(0.1)]),
                  dp_event.PoissonSampledDpEvent(0.1, dp_event.RandomizedResponseDpEvent(0.5, 2)),
                  dp_event.RandomizedResponseDpEvent(0.5, 2)):  # RR needs REPLACE_ONE
        assert not acct.supports(event)
        with pytest.raises(dp.UnsupportedEventError):
            acct.compose(event)
    assert not CertifiedAccountant(dp.NeighboringRelation.REPLACE_ONE).supports(gauss)
    assert acct.get_epsilon(1e-5) == 0 and acct.get_delta(1) == 0  # nothing composed yet
    acct.compose(dp_event.NonPrivateDpEvent())
    assert acct.get_epsilon(1e-5) == math.inf and acct.get_delta(1) == 1


def test_missing_dp_accounting_or_opacus_names_the_extra(monkeypatch):
    from symdp.accounting import adapters, register_with_opacus
    for name in ("dp_accounting", "opacus", "opacus.accountants"):
        monkeypatch.setitem(sys.modules, name, None)  # importing it now fails
    with pytest.raises(MissingExtraError, match=r"symdp\[accountants\]"):
        adapters._certified_accountant_class()
    with pytest.raises(MissingExtraError, match=r"symdp\[compare\]"):
        register_with_opacus()


# --------------------------------------------------------------------------------------------
# Opacus's interface, driven as Opacus drives it


class _FakeOptimizer:
    """What Opacus's DPOptimizer exposes to the accountant's step hook."""

    noise_multiplier = 2.0
    accumulated_iterations = 1


def test_opacus_accountant_driven_like_privacy_engine():
    acct = CertifiedOpacusAccountant()
    assert acct.mechanism() == "symdp" and len(acct) == 0 and acct.get_epsilon(1e-5) == 0
    hook = acct.get_optimizer_hook_fn(sample_rate=1.0)  # PrivacyEngine.make_private attaches this
    for _ in range(16):
        hook(_FakeOptimizer())
    assert acct.history == [(2.0, 1.0, 16)] and len(acct) == 16
    eps = acct.get_epsilon(delta=1e-5)
    b = acct.epsilon_bracket(1e-5)
    assert eps == float_up(b.upper) and b.contains(_gaussian_epsilon(R(2), 16))
    # get_noise_multiplier assigns history directly and asks again
    acct.history = [(4.0, 1.0, 16)]
    assert acct.get_epsilon(delta=1e-5, eps_error=0.01) < eps
    state = acct.state_dict()
    fresh = CertifiedOpacusAccountant()
    fresh.load_state_dict(state)
    assert fresh.history == acct.history
    with pytest.raises(ParameterError, match="state_dict"):
        fresh.load_state_dict({"history": [], "mechanism": "rdp"})
    acct.history = [(1.0, 1.5, 3)]
    with pytest.raises(ParameterError, match="history entry"):
        acct.get_epsilon(1e-5)


def test_opacus_accountant_agrees_with_the_dp_accounting_adapter():
    """Two interfaces, one ledger: the same steps give the same certified bracket, and steps
    with a changed sample rate start a new history entry."""
    pytest.importorskip("dp_accounting")
    from dp_accounting import dp_event
    from symdp.accounting import CertifiedAccountant
    acct = CertifiedOpacusAccountant()
    for rate in (0.05,) * 10 + (0.1,) * 5:
        acct.step(noise_multiplier=1.0, sample_rate=rate)
    assert acct.history == [(1.0, 0.05, 10), (1.0, 0.1, 5)] and len(acct) == 15
    other = CertifiedAccountant()
    for rate, n in ((0.05, 10), (0.1, 5)):
        other.compose(dp_event.PoissonSampledDpEvent(rate, dp_event.GaussianDpEvent(1.0)), n)
    a, b = acct.epsilon_bracket(1e-5), other.epsilon_bracket(1e-5)
    assert (a.lower, a.upper) == (b.lower, b.upper)


def test_with_opacus_privacy_engine_registry():
    pytest.importorskip("opacus")
    from opacus.accountants import create_accountant
    from symdp.accounting import register_with_opacus
    register_with_opacus()
    acct = create_accountant("symdp")
    assert isinstance(acct, CertifiedOpacusAccountant)
    acct.step(noise_multiplier=1.0, sample_rate=0.05)
    assert acct.get_epsilon(1e-5) > 0


# --------------------------------------------------------------------------------------------
# What the user reads


def test_bracket_repr_rounds_outward_and_names_the_end_to_report():
    b = dpsgd_epsilon(R(1, 20), 1, 20, DELTA)
    text = repr(b)
    low, up = re.search(r"in \[([0-9.]+), ([0-9.]+)\], report the upper end", text).groups()
    assert R(low) <= b.lower and R(up) >= b.upper and R(up) - b.upper < R(1, 10 ** 9)
    assert f"upper={b.upper}" in text  # the exact end beside the decimals (short here)


def test_cli_epochs_target_eps_and_per_epoch(capsys):
    from symdp.cli import main
    assert main(["account", "dpsgd", "--sample-rate", "0.3", "--sigma", "1", "--epochs", "2",
                 "--delta", "1e-5", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["steps"] == 7 and out["report"] == "upper" and R(out["lower"]) <= R(out["upper"])
    assert main(["account", "dpsgd", "--q", "1", "--sigma", "2", "--epochs", "3", "--delta", "1e-5",
                 "--per-epoch"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 3 and all("report this upper end" in line for line in lines)
    assert main(["account", "dpsgd", "--q", "1", "--target-eps", "1", "--steps", "4", "--delta", "1e-5",
                 "--rtol", "1/20", "--json"]) == 0
    cal = json.loads(capsys.readouterr().out)
    sigma = R(cal["sigma"])
    assert R(cal["at_sigma"]["upper"]) <= 1 < R(cal["below"]["lower"])
    assert _gaussian_epsilon(sigma, 4) <= 1
    assert main(["account", "dpsgd", "--q", "1", "--target-eps", "1", "--steps", "4", "--eps", "1"]) == 2
    assert "--target-eps needs --delta" in capsys.readouterr().err
    assert main(["account", "dpsgd", "--q", "1/10", "--sigma", "1", "--epochs", "2.5", "--delta", "1e-5",
                 "--per-epoch"]) == 2
    assert "whole number of epochs" in capsys.readouterr().err
