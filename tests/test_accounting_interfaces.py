"""The certified accountants at their interfaces (dp_accounting's PrivacyAccountant, Opacus's
accountant, calibration, the JSON output), each against an independent reference: the exact
Gaussian pair (composing N(0, σ²) c times is exactly N(0, σ²/c)), exact enumeration of composed
randomized response, and brackets computed directly through ``dpsgd_epsilon`` with the count
multiplied. Each test kills a mutant of ``benchmarks/mutants/accounting.py`` (issue 28): an ε a
user would under-report."""

from __future__ import annotations

import io
import math
from types import SimpleNamespace

import pytest
import sympy
from sympy import Rational as Q

from symdp import FinitePair, gaussian
from symdp.accounting import CertifiedOpacusAccountant, dpsgd_epsilon, dpsgd_sigma
from symdp.accounting.calibrate import terminal_progress
from symdp.errors import ParameterError
from symdp.numbers import sign

dp = pytest.importorskip("dp_accounting")
from dp_accounting import dp_event  # noqa: E402

from symdp.accounting import CertifiedAccountant  # noqa: E402  (needs dp_accounting)
from symdp.accounting.adapters import float_up  # noqa: E402

REL = dp.NeighboringRelation


def _inside(bracket, value) -> bool:
    """lower ≤ value ≤ upper for an exact or certified value, each side decided exactly (a closed
    form by its sign, a certified Real at rising precision)."""
    return sign(value - bracket.lower) >= 0 and sign(bracket.upper - value) >= 0


def _intersect(a, b) -> bool:
    return a.lower <= b.upper and b.lower <= a.upper


# --------------------------------------------------------------------------------------------
# dp_accounting's interface: what the positional arguments mean, supports() that never raises


def test_positional_arguments_are_pld_accountants():
    """PLDAccountant(neighboring_relation, value_discretization_interval): the second positional
    argument is the loss grid width, never rtol (which is keyword-only)."""
    acct = CertifiedAccountant(REL.ADD_OR_REMOVE_ONE, 1e-2)
    acct.compose(dp_event.GaussianDpEvent(2.0), 3)
    assert acct.epsilon_bracket(1e-5).h == Q(1, 100)
    assert CertifiedAccountant(REL.ADD_OR_REMOVE_ONE, rtol=Q(1, 10)).compose(dp_event.GaussianDpEvent(2.0)) \
        .epsilon_bracket(1e-5).rtol == Q(1, 10)
    with pytest.raises(TypeError):
        CertifiedAccountant(REL.ADD_OR_REMOVE_ONE, None, Q(1, 100))
    with pytest.raises(ParameterError, match="neighboring_relation"):
        CertifiedAccountant(1e-4)
    with pytest.raises(ParameterError, match="value_discretization_interval"):
        CertifiedAccountant(REL.ADD_OR_REMOVE_ONE, 2.0)
    with pytest.raises(TypeError):
        CertifiedOpacusAccountant(Q(1, 100))


@pytest.mark.parametrize("event", [
    dp_event.GaussianDpEvent(float("nan")), dp_event.GaussianDpEvent(math.inf), dp_event.GaussianDpEvent("x"),
    dp_event.LaplaceDpEvent(float("nan")), dp_event.GaussianDpEvent(-1.0),
    dp_event.PoissonSampledDpEvent(float("nan"), dp_event.GaussianDpEvent(1.0)),
    dp_event.PoissonSampledDpEvent(1.5, dp_event.GaussianDpEvent(1.0)),
    dp_event.SelfComposedDpEvent(dp_event.GaussianDpEvent(1.0), -2),
    dp_event.SelfComposedDpEvent(dp_event.GaussianDpEvent(1.0), 2.5),
    dp_event.ComposedDpEvent([dp_event.GaussianDpEvent(1.0), dp_event.GaussianDpEvent(float("nan"))]),
    dp_event.ZCDpEvent(0.5), dp_event.UnsupportedDpEvent(),
])
def test_supports_is_false_for_what_it_cannot_account(event):
    acct = CertifiedAccountant()
    assert acct.supports(event) is False
    with pytest.raises(dp.UnsupportedEventError):
        acct.compose(event)


@pytest.mark.parametrize("count", [-1, 2.5, True])
def test_a_bad_count_is_refused_and_nothing_is_composed(count):
    acct = CertifiedAccountant()
    with pytest.raises((dp.UnsupportedEventError, ValueError, TypeError)):
        acct.compose(dp_event.GaussianDpEvent(1.0), count)
    assert acct.get_epsilon(1e-5) == 0


# --------------------------------------------------------------------------------------------
# Counting: the mutants that under-report ε


def test_the_same_event_composed_twice_counts_twice():
    """compose(G(σ)) twice is N(0, σ²) composed twice: exactly the Gaussian pair with σ/√2."""
    acct = CertifiedAccountant(rtol=Q(1, 50))
    acct.compose(dp_event.GaussianDpEvent(1.5))
    acct.compose(dp_event.GaussianDpEvent(1.5))
    assert _inside(acct.epsilon_bracket(Q(1, 10 ** 5)), gaussian(Q(3, 2) / sympy.sqrt(2)).epsilon(Q(1, 10 ** 5)))


def _rr_pair(p: sympy.Rational, k: int) -> FinitePair:
    """dp_accounting's k-bucket randomized response on two inputs, all k outputs kept."""
    hit, other = 1 - p + p / k, p / k
    return FinitePair([hit, other] + [other] * (k - 2), [other, hit] + [other] * (k - 2))


@pytest.mark.parametrize("how", ["twice", "self-composed", "nested"])
def test_randomized_response_counts_against_exact_enumeration(how):
    """Three RR steps, composed in three ways, against the exact δ of the 3-fold product pair."""
    rr = dp_event.RandomizedResponseDpEvent(0.5, 3)
    acct = CertifiedAccountant(REL.REPLACE_ONE, rtol=Q(1, 20))
    if how == "twice":
        acct.compose(rr, 2)
        acct.compose(rr)
    elif how == "self-composed":
        acct.compose(dp_event.SelfComposedDpEvent(rr, 3))
    else:
        acct.compose(dp_event.ComposedDpEvent([dp_event.SelfComposedDpEvent(rr, 2), rr]))
    exact = (_rr_pair(Q(1, 2), 3) ** 3).delta(Q(1, 2))
    assert isinstance(exact, sympy.Expr) and _inside(acct.delta_bracket(Q(1, 2)), exact)   # exact: e^{1/2} and rationals


def test_a_self_composed_events_count_multiplies():
    acct = CertifiedAccountant(rtol=Q(1, 50))
    acct.compose(dp_event.SelfComposedDpEvent(dp_event.SelfComposedDpEvent(dp_event.GaussianDpEvent(4.0), 2), 3))
    assert _inside(acct.epsilon_bracket(Q(1, 10 ** 6)), gaussian(4 / sympy.sqrt(6)).epsilon(Q(1, 10 ** 6)))


def test_a_query_between_compositions_does_not_freeze_the_count():
    """The cached bracket is keyed by the counts: 10 steps, a query, 10 more steps is 20 steps."""
    q, sigma, delta = Q(1, 10), Q(1), Q(1, 10 ** 5)
    event = dp_event.PoissonSampledDpEvent(0.1, dp_event.GaussianDpEvent(1.0))
    acct = CertifiedAccountant(rtol=Q(1, 50))
    acct.compose(event, 10)
    first = acct.epsilon_bracket(delta)
    acct.compose(event, 10)
    second = acct.epsilon_bracket(delta)
    assert _intersect(first, dpsgd_epsilon(q, sigma, 10, delta, rtol=Q(1, 50)))
    assert _intersect(second, dpsgd_epsilon(q, sigma, 20, delta, rtol=Q(1, 50)))
    assert second.lower > first.upper and acct.get_epsilon(1e-5) >= float(second.upper)


def test_gradient_accumulation_scales_the_sample_rate():
    """Opacus's hook: one step per optimiser step at sample_rate × accumulated_iterations."""
    acct = CertifiedOpacusAccountant(rtol=Q(1, 50))
    hook = acct.get_optimizer_hook_fn(sample_rate=0.025)
    optim = SimpleNamespace(noise_multiplier=1.0, accumulated_iterations=4)
    for _ in range(10):
        hook(optim)
    assert acct.history == [(1.0, 0.1, 10)]
    assert _intersect(acct.epsilon_bracket(Q(1, 10 ** 5)), dpsgd_epsilon(Q(1, 10), 1, 10, Q(1, 10 ** 5), rtol=Q(1, 50)))


# --------------------------------------------------------------------------------------------
# Calibration: the certificate's two brackets are at σ and at σ(1 − rtol)


def test_calibration_brackets_are_at_sigma_and_below_it():
    q, steps, eps, delta, rtol = Q(1, 20), 40, Q(2), Q(1, 10 ** 5), Q(1, 20)
    c = dpsgd_sigma(q, steps, eps, delta, rtol=rtol, progress=False)
    at = dpsgd_epsilon(q, c.sigma, steps, delta, rtol=rtol / 4)
    below = dpsgd_epsilon(q, c.sigma * (1 - rtol), steps, delta, rtol=rtol / 4)
    assert _intersect(c.at_sigma, at) and _intersect(c.below, below)
    assert c.at_sigma.upper <= eps < c.below.lower and below.lower > eps


def test_calibration_reports_progress_per_sigma_tried():
    seen = []
    dpsgd_sigma(Q(1, 20), 40, 2, Q(1, 10 ** 5), rtol=Q(1, 20), progress=lambda f, m: seen.append((f, m)))
    assert len(seen) >= 3 and all(0 <= f < 1 for f, _ in seen) and "sigma =" in seen[-1][1]


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_only_on_a_terminal():
    with terminal_progress("x", stream=io.StringIO(), min_seconds=0) as bar:
        assert bar is None
    tty = _Tty()
    with terminal_progress("symdp: calibrating sigma", stream=tty, min_seconds=0) as bar:
        bar(0.5, "half")
    assert "[###############" in tty.getvalue() and tty.getvalue().endswith("\n")
    quiet = _Tty()
    with terminal_progress("x", stream=quiet, min_seconds=3600) as bar:
        bar(0.5, "too early to show")
    assert quiet.getvalue() == ""


# --------------------------------------------------------------------------------------------
# JSON: the floats of a bracket keep its direction


@pytest.mark.parametrize("x", [Q(1, 3), Q(2, 3), Q(10 ** 20 + 1, 10 ** 20), Q(1, 10 ** 300), Q(3)])
def test_the_accountants_floats_are_rounded_up(x):
    up = float_up(x)
    assert sympy.Rational(up) >= x and math.nextafter(up, -math.inf) < x
    assert float_up(sympy.oo) == math.inf


def test_bracket_json_upper_float_is_an_upper_end():
    b = dpsgd_epsilon(Q(1, 10), 1, 10, Q(1, 10 ** 5), rtol=Q(1, 50))
    d = b.as_dict()
    assert sympy.Rational(d["upper_float"]) >= b.upper and sympy.Rational(d["lower_float"]) <= b.lower
