"""Schedules, curves, one-sided zeros and loose brackets of the certified accountant (issue 28),
each against a route that shares no code with it: closed forms (Gaussian phases compose to one
Gaussian), mpmath quadrature of two different subsampled steps, dp_accounting's PLD at a fine
interval (its ε is within T·interval above the truth), exact lattice compositions of randomized
response, and exact enumeration of outcome tuples of finite pairs (balls built here from their
rationals). The float choices of a run (its knots, its readout's proposals, its cut weights)
are checked to change nothing but the width.
"""

from __future__ import annotations

import itertools
import json
import math
import random
from dataclasses import replace

import mpmath
import pytest
import sympy
from flint import arb, ctx, fmpq
from hypothesis import given, settings, strategies as st

from symdp.accounting import (Limits, delta_bracket, delta_curve, dpsgd_delta_schedule, dpsgd_epsilon_schedule,
                              dpsgd_pair, dpsgd_schedule, epsilon_bracket, epsilon_curve)
from symdp.accounting.discretise import discretise, loss_window
from symdp.accounting.plan import Plan
from symdp.accounting.run import composed, delta_ends
from symdp.accounting.readout import Reader
from symdp.cli import main
from symdp.errors import ParameterError
from symdp.central.pairs import FinitePair, gaussian, randomized_response
from test_accounting_oracles import _between, _delta_two_steps, _direction, _exact, _hockey_closed

R = sympy.Rational


# --------------------------------------------------------------------------------------------
# Schedules


def test_gaussian_phases_compose_to_one_gaussian():
    """q = 1 phases: N(0,1) vs N(1/σ_i, 1) composed k_i times is N(0,1) vs N(μ,1) with
    μ² = Σ k_i/σ_i² (Dong–Roth–Su, Corollary 2.3), whose δ(ε) and ε(δ) are closed forms."""
    phases = [(1, R(2), 3), (1, R(3), 5), (1, R(2), 2)]  # a phase repeated: 5 steps at σ = 2 in all
    mu = sympy.sqrt(sum(R(k) / s ** 2 for _, s, k in phases))
    truth = gaussian(1 / mu)
    b = dpsgd_delta_schedule(phases, 1, h=R(1, 200))
    assert b.contains(truth.delta(1)), b
    e = dpsgd_epsilon_schedule(phases, R(1, 10 ** 5), rtol=R(1, 200))
    assert e.contains(truth.epsilon(R(1, 10 ** 5))), e


@pytest.mark.parametrize("add", [False, True], ids=["remove", "add"])
def test_two_different_subsampled_steps_against_quadrature(add):
    """δ of (q = 1/5, σ = 1) then (q = 1/10, σ = 3/2), one direction: E_P1[f2(e^{ε − Z1})] by
    quadrature over the first step's outcome, f2 the second step's profile in closed form."""
    first, second = dpsgd_pair(R(1, 5), 1), dpsgd_pair(R(1, 10), R(3, 2))
    if add:
        first, second = first.reverse(), second.reverse()
    plan = replace(Plan.for_run(fmpq(1, 40), 2, 1e-6, 1e-3, 400), fine=False)
    up, low = composed([(first, 1), (second, 1)], plan, Limits())
    with mpmath.workdps(30):
        for eps in (fmpq(1, 10), fmpq(1, 2)):
            e = mpmath.mpf(int(eps.p)) / int(eps.q)
            truth = _delta_two_steps(mpmath.mpf(1) / 5, 1, e, add, second=(mpmath.mpf(1) / 10, mpmath.mpf(3) / 2))
            assert _between(*delta_ends(up, low, eps), truth), (add, eps, truth)


def test_schedule_against_dp_accounting_at_a_fine_interval():
    """dp_accounting's PLD rounds each step's loss up by at most its interval, so its ε lies in
    [lower, upper + T·interval]; the schedule repeats a phase out of order, and its steps are
    counted."""
    dp = pytest.importorskip("dp_accounting")
    from dp_accounting import dp_event
    phases = [(R(1, 20), 1, 5), (R(1, 10), R(3, 2), 4), (R(1, 20), 1, 6), (R(3, 100), R(4, 5), 5)]
    acc = dp.pld.PLDAccountant(value_discretization_interval=1e-4)
    for q, s, k in phases:
        acc.compose(dp_event.PoissonSampledDpEvent(float(q), dp_event.GaussianDpEvent(float(s))), k)
    theirs = acc.get_epsilon(1e-6)
    b = dpsgd_epsilon_schedule(phases, R(1, 10 ** 6))
    assert float(b.lower) <= theirs <= float(b.upper) + 20 * 1e-4, (b, theirs)
    parts = dpsgd_schedule(phases)
    assert sorted(k for _, k in parts) == [4, 5, 11]


def test_schedule_input_errors_name_the_phase():
    with pytest.raises(ParameterError, match="phase 1 must be"):
        dpsgd_schedule([(R(1, 10), 1, 3), (R(1, 10), 1)])
    with pytest.raises(ParameterError, match="steps of phase 0"):
        dpsgd_schedule([(R(1, 10), 1, 0)])
    with pytest.raises(ParameterError, match="at least one phase"):
        dpsgd_schedule([])


def test_cli_schedule_csv_and_json(tmp_path, capsys):
    phases = [("0.05", "1", 7), ("0.1", "1.5", 3)]
    (tmp_path / "s.csv").write_text("q,sigma,steps\n" + "".join(f"{q},{s},{k}\n" for q, s, k in phases))
    (tmp_path / "s.json").write_text(json.dumps([{"q": q, "sigma": s, "steps": k} for q, s, k in phases]))
    outs = []
    for name in ("s.csv", "s.json"):
        assert main(["account", "dpsgd", "--schedule", str(tmp_path / name), "--delta", "1e-5", "--json"]) == 0
        outs.append(json.loads(capsys.readouterr().out))
    b = dpsgd_epsilon_schedule([(R(q), R(s), k) for q, s, k in phases], R(1, 10 ** 5))
    assert outs[0]["upper"] == outs[1]["upper"] == str(b.upper) and outs[0]["steps"] == 10
    (tmp_path / "bad.csv").write_text("q,sigma,steps\n0.05,1,7\n0.1,0,3\n")
    (tmp_path / "bad.json").write_text('[["0.05", "1"]]')
    for name, text in (("bad.csv", "phase 2: sigma"), ("bad.json", "phase 1: must be"), ("none.csv", "cannot read")):
        assert main(["account", "dpsgd", "--schedule", str(tmp_path / name), "--delta", "1e-5"]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and text in err, err
    assert main(["account", "dpsgd", "--schedule", str(tmp_path / "s.csv"), "--q", "0.1", "--delta", "1e-5"]) == 2
    assert "not allowed" in capsys.readouterr().err


# --------------------------------------------------------------------------------------------
# Curves


def test_delta_curve_of_randomized_response_against_the_exact_lattice():
    """k-fold randomized response composes exactly on its likelihood-ratio lattice (symdp.central.pld,
    integer polynomials): every bracket of the curve holds the exact δ."""
    pair = randomized_response(R(1, 2))
    epsilons = [R(0), R(1, 4), R(1), R(2), R(7, 2)]
    brackets = delta_curve(pair, 12, epsilons, h=R(1, 100))
    exact = pair ** 12
    for eps, b in zip(epsilons, brackets):
        assert b.contains(exact.delta(eps)), (eps, b)


def test_epsilon_curve_of_a_gaussian_in_the_order_given():
    """T Gaussian steps are one Gaussian with μ√T (closed-form ε(δ)); the brackets come back in
    the order of the δ asked, each meeting rtol."""
    deltas = [R(1, 10 ** 3), R(1, 10 ** 9), R(1, 10 ** 5)]
    brackets = epsilon_curve(gaussian(4), 16, deltas, rtol=R(1, 200))
    for d, b in zip(deltas, brackets):
        assert b.met and b.contains(gaussian(1).epsilon(d)), (d, b)
    assert brackets[0].upper < brackets[2].upper < brackets[1].upper
    with pytest.raises(ParameterError, match=r"deltas\[1\]"):
        epsilon_curve(gaussian(4), 16, [R(1, 10), 2])
    with pytest.raises(ParameterError, match="nonempty"):
        delta_curve(gaussian(4), 16, [])


# --------------------------------------------------------------------------------------------
# One-sided zeros and loose brackets


def _enumerated_delta(p: list, q: list, steps: int, eps: fmpq, prec: int = 256) -> tuple[fmpq, fmpq]:
    """max over both directions of Σ over outcome tuples (Π a − e^ε Π b)₊, in balls built from
    the pair's rationals (outcomes with b = 0 are losses +∞: their mass counts in full)."""
    with ctx.workprec(prec):
        g = arb(eps).exp()
        best = None
        for a, b in ((p, q), (q, p)):
            total = arb(0)
            for tup in itertools.product(range(len(a)), repeat=steps):
                pa = math.prod(a[i] for i in tup)
                pb = math.prod(b[i] for i in tup)
                total += (arb(pa) - g * arb(pb)).nonnegative_part()
            best = total if best is None else (best if best > total else total if total > best else best.union(total))
        return max(best.lower().fmpq(), fmpq(0)), best.upper().fmpq()


def _fmpqs(values) -> list[fmpq]:
    return [fmpq(int(v.p), int(v.q)) for v in values]


@settings(max_examples=12, deadline=None)
@given(st.lists(st.integers(1, 20), min_size=2, max_size=4), st.lists(st.integers(1, 20), min_size=2, max_size=4),
       st.integers(1, 3), st.integers(0, 8))
def test_one_sided_zeros_against_enumeration(pw, qw, steps, e8):
    """A pair with outcomes of Q-mass 0 (P-mass at loss +∞) and of P-mass 0: δ's floor is the
    mass at +∞, ε is infinite where that alone reaches δ; every end against enumeration."""
    n = min(len(pw), len(qw))
    p = [R(w, sum(pw[:n]) + 3) for w in pw[:n]] + [R(3, sum(pw[:n]) + 3), R(0)]
    q = [R(w, sum(qw[:n]) + 1) for w in qw[:n]] + [R(0), R(1, sum(qw[:n]) + 1)]
    pair, pf, qf = FinitePair(p, q), _fmpqs(p), _fmpqs(q)
    eps = fmpq(e8, 8)
    b = delta_bracket(pair, steps, R(e8, 8), h=R(1, 64))
    lo, hi = _enumerated_delta(pf, qf, steps, eps)
    assert fmpq(int(b.lower.p), int(b.lower.q)) <= lo and hi <= fmpq(int(b.upper.p), int(b.upper.q)), (b, lo, hi)
    floor = 1 - (1 - max(pf[-2], qf[-1])) ** steps  # the larger direction's mass at +∞
    for delta in (floor * fmpq(9, 10), (floor + 1) / 2):
        e = epsilon_bracket(pair, steps, R(int(delta.p), int(delta.q)), h=R(1, 64))
        if delta <= floor:
            assert e.lower is sympy.oo and e.upper is sympy.oo, e
            continue
        upper, lower = fmpq(int(e.upper.p), int(e.upper.q)), fmpq(int(e.lower.p), int(e.lower.q))
        assert _enumerated_delta(pf, qf, steps, upper)[1] <= delta, (e, delta)
        assert lower == 0 or _enumerated_delta(pf, qf, steps, lower)[0] >= delta, (e, delta)


def test_a_support_end_too_close_to_zero_gives_a_loose_bracket_with_a_note():
    """Losses −10⁻⁹ (nearly all the mass), +2 and about +1.5: the grid that resolves the end at
    −10⁻⁹ would need ~10¹⁰ points per step. The accountant returns a loose bracket that holds
    the enumerated δ, and says so, instead of refusing."""
    q1, q2, q3 = 1 - R(2, 10 ** 10), R(1, 10 ** 10), R(1, 10 ** 10)
    p1, p2 = q1 * sympy.exp(R(-1, 10 ** 9)), q2 * sympy.exp(2)
    pair = FinitePair([p1, p2, 1 - p1 - p2], [q1, q2, q3])
    b = delta_bracket(pair, 3, R(1, 100))
    assert b.note and "lattice_points" in b.note, b
    with ctx.workprec(400):  # the masses as balls, built here from the same definitions
        qs = [arb(fmpq(int(v.p), int(v.q))) for v in (q1, q2, q3)]
        ps = [qs[0] * arb(fmpq(-1, 10 ** 9)).exp(), qs[1] * arb(2).exp()]
        ps.append(1 - ps[0] - ps[1])
        g = arb(fmpq(1, 100)).exp()
        totals = []
        for a, c in ((ps, qs), (qs, ps)):
            total = arb(0)
            for tup in itertools.product(range(3), repeat=3):
                total += (a[tup[0]] * a[tup[1]] * a[tup[2]] - g * c[tup[0]] * c[tup[1]] * c[tup[2]]).nonnegative_part()
            totals.append(total)
        lo = max(t.lower().fmpq() for t in totals)
        hi = max(t.upper().fmpq() for t in totals)
    assert fmpq(int(b.lower.p), int(b.lower.q)) <= lo and hi <= fmpq(int(b.upper.p), int(b.upper.q)), (b, lo, hi)


# --------------------------------------------------------------------------------------------
# The float choices change the width only


def test_the_readout_does_not_trust_its_float_proposal(monkeypatch):
    """Reader proposes the cell of each answer from a float vector; a proposal that is anywhere
    in the window (random, or the ends) must give the same certified ends."""
    up, low = _direction(dpsgd_pair(R(1, 5), 1), 6, fmpq(1, 40))
    targets = [fmpq(1, 10 ** k) for k in (2, 4, 6)]
    honest = [(Reader(low).epsilon_lower(t), Reader(up).epsilon_upper(t)) for t in targets]
    rng = random.Random(5)
    for pick in (lambda r, lo, hi: lo - 5, lambda r, lo, hi: hi + 5, lambda r, lo, hi: r.randint(lo, hi)):
        monkeypatch.setattr(Reader, "_propose", lambda self, target, upper: pick(rng, self.d.lo, self.d.hi))
        assert [(Reader(low).epsilon_lower(t), Reader(up).epsilon_upper(t)) for t in targets] == honest


@settings(max_examples=8, deadline=None)
@given(st.randoms(use_true_random=False), st.booleans())
def test_any_knots_give_valid_one_step_pairs(rng, add):
    """Chords through any grid points lie above a convex profile, and cells may be balanced at
    any grid points: random knot subsets of the subsampled Gaussian's window still bracket its
    δ(ε) (closed form, cross-checked against quadrature in test_accounting_oracles)."""
    profile = dpsgd_pair(R(1, 5), 1)
    profile = profile.reverse() if add else profile
    h = fmpq(1, 40)
    m, n = loss_window(profile, 1e-12, h)
    inner = sorted(rng.sample(range(m + 1, n), k=min(n - m - 1, rng.randint(2, 12))))
    up, low = discretise(profile, h, m, n, 64, knots=[m, *inner, n])
    with mpmath.workdps(30):
        for eps in (fmpq(0), fmpq(1, 10), fmpq(3, 4)):
            truth = _hockey_closed(mpmath.mpf(1) / 5, 1, mpmath.exp(mpmath.mpf(int(eps.p)) / int(eps.q)), add)
            assert Reader(low).delta_bounds(eps)[0] <= _exact(truth) + fmpq(1, 10 ** 25), (inner, eps)
            assert _exact(truth) - fmpq(1, 10 ** 25) <= Reader(up).delta_bounds(eps)[1], (inner, eps)


def test_a_tiny_delta_stays_at_the_fixed_point_floor():
    """δ(4) of q = 0.01, σ = 4, T = 10⁴ is below 1.2·10⁻⁵¹ (Rényi divergence of order α, in
    closed form by the binomial sum of Mironov–Talwar–Zhang, with Markov's inequality on
    e^{(α−1)L}, best α ≤ 400: computed here with mpmath). The bracket reports a δ below the
    fixed-point floor 10⁻⁴⁰ as [0, ~10⁻⁴⁰], never looser (a weighted window cut that moved all
    the mass to the top of the window once gave [0, 1] here)."""
    with mpmath.workdps(40):
        q, s, steps, eps = mpmath.mpf(1) / 100, 4, 10 ** 4, 4
        bound = min(mpmath.exp((a - 1) * (steps * mpmath.log(mpmath.fsum(
            mpmath.binomial(a, k) * (1 - q) ** (a - k) * q ** k * mpmath.e ** (k * (k - 1) / (2 * s * s))
            for k in range(a + 1))) / (a - 1) - eps)) for a in range(50, 400, 10))
    b = delta_bracket(dpsgd_pair(R(1, 100), 4), 10 ** 4, 4, h=R(1, 800))
    assert b.lower <= _exact(bound) and b.upper < R(1, 10 ** 39), (b, bound)
