"""The certified accountant: every bracket must contain values computed by independent routes
(closed forms, exact lattice composition, mpmath quadrature); the discretisations must be
dominating/dominated; bad input and cost limits must fail cleanly."""

from __future__ import annotations

import importlib.util
import json

import mpmath
import pytest
import sympy
from flint import fmpq
from hypothesis import given, settings, strategies as st

from symdp.accounting import (Bracket, CostLimitError, Limits, delta_bracket, dpsgd_delta, dpsgd_epsilon, dpsgd_pair,
                              epsilon_bracket)
from symdp.accounting.api import delta_ends
from symdp.accounting.discretise import discretise, loss_window
from symdp.accounting.profiles import profile_of
from symdp.errors import ParameterError
from symdp.central.pairs import FinitePair, gaussian, laplace, randomized_response

R = sympy.Rational


def _gaussian_delta_mp(mu: float, eps: float) -> mpmath.mpf:
    """δ(ε) of N(μ,1) vs N(0,1) by mpmath (Balle–Wang's formula, an independent evaluation)."""
    with mpmath.workdps(40):
        mu, eps = mpmath.mpf(mu), mpmath.mpf(eps)
        return mpmath.ncdf(mu / 2 - eps / mu) - mpmath.e ** eps * mpmath.ncdf(-mu / 2 - eps / mu)


def _subsampled_delta_mp(q, sigma, eps):
    """max over remove/add of ∫ (p − e^ε q)₊ for p = (1−q)N(0,σ²) + qN(1,σ²), q = N(0,σ²), by
    mpmath quadrature from the crossing point (found by bisection)."""
    with mpmath.workdps(40):
        q, s, g = mpmath.mpf(q), mpmath.mpf(sigma), mpmath.e ** mpmath.mpf(eps)
        n0 = lambda x: mpmath.npdf(x, 0, s)
        n1 = lambda x: mpmath.npdf(x, 1, s)
        mix = lambda x: (1 - q) * n0(x) + q * n1(x)
        best = mpmath.mpf(0)
        for a, b in ((mix, n0), (n0, mix)):
            f = lambda x: a(x) - g * b(x)
            # the likelihood ratio is monotone in x, so {f > 0} is a half-line
            grid = [mpmath.mpf(x) / 4 for x in range(-200, 201)]
            signs = [f(x) > 0 for x in grid]
            if not any(signs):
                continue
            if all(signs):
                val = mpmath.quad(f, [-mpmath.inf, 0, mpmath.inf])
            else:
                i = next(k for k in range(len(grid) - 1) if signs[k] != signs[k + 1])
                lo, hi = grid[i], grid[i + 1]
                for _ in range(160):  # bisection: f changes sign once on [lo, hi]
                    mid = (lo + hi) / 2
                    lo, hi = (mid, hi) if (f(mid) > 0) == signs[i] else (lo, mid)
                root = (lo + hi) / 2
                val = mpmath.quad(f, [root, mpmath.inf] if signs[-1] else [-mpmath.inf, root])
            best = max(best, val)
        return best


def _inside(b: Bracket, value: mpmath.mpf) -> bool:
    """An mpmath value (40 digits) in the bracket, with a 10^-30 allowance for its rounding."""
    v = sympy.Rational(mpmath.nstr(value, 40))
    slack = R(1, 10 ** 30)
    return b.lower - slack <= v <= b.upper + slack


def test_gaussian_composition_is_gaussian_with_mu_sqrt_T():
    """T-fold Gaussian(σ) = Gaussian(σ/√T) (Steinke, Corollary 10): closed form inside."""
    for sigma, steps, eps in ((2, 10, R(1, 2)), (R(1, 2), 3, 4)):
        b = delta_bracket(gaussian(sigma), steps, eps, h=R(1, 64))
        assert b.lower <= b.upper
        assert b.contains(gaussian(sympy.Rational(sigma) / sympy.sqrt(steps)).delta(eps))
        mu = float(sympy.sqrt(steps) / sigma)
        assert _inside(b, _gaussian_delta_mp(mu, float(eps)))


def test_randomized_response_against_exact_lattice_composition():
    """Finite pairs: the exact lattice composition's δ lies in the bracket, on and off the grid."""
    for eps0, h in ((1, R(1, 50)), (sympy.log(3), R(1, 40))):
        exact_pair = randomized_response(eps0) ** 12
        for eps in (0, R(1, 2), 2):
            b = delta_bracket(randomized_response(eps0), 12, eps, h=h)
            assert b.contains(exact_pair.delta(eps)), (eps0, eps, b)


def test_loss_atoms_on_the_grid_give_a_tight_bracket():
    """Randomized response with ε₀ = 1 has its losses ±1 on the grid h = 1/50: both
    discretisations are then exact up to the fixed-point rounding and the window cuts, whose
    budget is a 1/64 share of rtol (the discretisation error of losses off the grid would be
    of order h² = 4·10⁻⁴)."""
    b = delta_bracket(randomized_response(1), 20, 2, h=R(1, 50))
    assert float(b.relative_width) < 1e-2 / 64


def test_laplace_against_exact_composition():
    pair = laplace(R(1, 2))
    truth = (pair ** 5).delta(1)
    for h in (R(1, 100), R(1, 101)):  # ε₀ on the grid, and off it
        assert delta_bracket(pair, 5, 1, h=h).contains(truth)


def test_subsampled_gaussian_single_step_against_mpmath():
    for q, sigma, eps in ((R(1, 10), 1, R(1, 5)), (R(1, 100), R(1, 2), 1), (R(1, 2), 2, 0)):
        b = delta_bracket(gaussian(sigma).subsample(q), 1, eps, h=R(1, 200))
        assert _inside(b, _subsampled_delta_mp(q, sigma, eps)), (q, sigma, eps, b)
        assert b.contains(gaussian(sigma).subsample(q).delta(eps))


def test_dpsgd_with_full_batch_is_the_composed_gaussian():
    """q = 1: DP-SGD is T Gaussian steps, ε(δ) of N(0, σ²/T) vs N(1, σ²/T)."""
    b = dpsgd_epsilon(1, 2, 16, R(1, 10 ** 5), rtol=R(1, 1000))
    truth = gaussian(R(2, 4)).epsilon(R(1, 10 ** 5))
    assert b.contains(truth) and b.met


def test_dpsgd_brackets_are_consistent_and_meet_rtol():
    """ε(δ) and δ(ε) brackets of the same run agree: δ's bracket at ε_upper reaches below δ, at
    ε_lower above it; rtol is met or a CostLimitError is raised."""
    q, sigma, steps, delta = R(1, 20), 1, 50, R(1, 10 ** 5)
    e = dpsgd_epsilon(q, sigma, steps, delta, rtol=R(1, 200))
    assert e.met and (e.upper - e.lower) <= R(1, 200) * e.lower
    at_upper = dpsgd_delta(q, sigma, steps, e.upper, h=e.h)
    at_lower = dpsgd_delta(q, sigma, steps, e.lower, h=e.h)
    assert at_upper.lower <= delta <= at_lower.upper


def test_heterogeneous_composition():
    """A list of different steps: Gaussian(1) then Gaussian(2) is Gaussian with μ = √(1 + 1/4)."""
    b = delta_bracket([gaussian(1), (gaussian(2), 2)], None, R(1, 2), h=R(1, 128))
    assert b.contains(gaussian(1 / sympy.sqrt(1 + R(2, 4))).delta(R(1, 2)))


@settings(max_examples=6, deadline=None)
@given(st.lists(st.integers(1, 9), min_size=3, max_size=3), st.lists(st.integers(1, 9), min_size=3, max_size=3),
       st.integers(1, 4), st.sampled_from([R(0), R(1, 3), R(1)]))
def test_random_finite_pairs_bracket_the_exact_composition(pw, qw, k, eps):
    """Law: for any finite pair, the bracket contains the exact k-fold δ (the 3^k-outcome
    product pair, built outcome by outcome: an independent route)."""
    p = [R(w, sum(pw)) for w in pw]
    q = [R(w, sum(qw)) for w in qw]
    pair = FinitePair(p, q)
    product = pair
    for _ in range(k - 1):
        product = FinitePair([x * y for x in product.p for y in p], [x * y for x in product.q for y in q])
    b = delta_bracket(pair, k, eps, h=R(1, 24))
    assert b.contains(product.delta(eps))


def test_discretisations_dominate_and_are_dominated_at_every_grid_loss():
    """One step: δ of the pessimistic discretisation ≥ the exact δ ≥ δ of the optimistic one,
    at grid points and between them, for both directions of the subsampled Gaussian."""
    pair = gaussian(1).subsample(R(1, 20))
    h = fmpq(1, 100)
    for profile, exact_pair in zip(dpsgd_pair(R(1, 20), 1).directions(), (pair, pair.reverse())):
        m, n = loss_window(profile, 1e-14, h)
        up, low = discretise(profile, h, m, n, 64)
        for eps in (fmpq(0), fmpq(1, 100), fmpq(7, 300), fmpq(1, 10), fmpq(1, 2)):
            truth = exact_pair.hockey_stick(sympy.exp(sympy.Rational(int(eps.p), int(eps.q))))
            lower, upper = delta_ends(up, low, eps)
            assert Bracket("delta", sympy.Rational(str(lower)), sympy.Rational(str(upper)), R(1, 100), (0, 0), 64, None, True).contains(truth)


def test_bad_input_and_cost_limits():
    with pytest.raises(ParameterError, match="steps"):
        dpsgd_epsilon(R(1, 100), 1, 0, R(1, 10 ** 5))
    with pytest.raises(ParameterError, match="q"):
        dpsgd_epsilon(2, 1, 10, R(1, 10 ** 5))
    with pytest.raises(ParameterError, match="delta"):
        dpsgd_epsilon(R(1, 100), 1, 10, 0)
    with pytest.raises(ParameterError, match="rtol"):
        dpsgd_epsilon(R(1, 100), 1, 10, R(1, 10 ** 5), rtol=2)
    with pytest.raises(CostLimitError, match="memory limit"):
        dpsgd_epsilon(R(1, 100), 1, 1000, R(1, 10 ** 5), h=R(1, 200), limits=Limits(memory=10 ** 4))


def test_cli_account(capsys):
    from symdp.cli import main
    assert main(["account", "dpsgd", "--q", "0.05", "--sigma", "1", "--steps", "20", "--delta", "1e-5",
                 "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["quantity"] == "epsilon" and sympy.Rational(out["lower"]) <= sympy.Rational(out["upper"])
    assert main(["account", "dpsgd", "--q", "0.05", "--sigma", "1", "--steps", "20", "--eps", "1"]) == 0
    assert capsys.readouterr().out.startswith("delta <= ")
    assert main(["account", "dpsgd", "--q", "2", "--sigma", "1", "--steps", "20", "--eps", "1"]) == 2
    assert "q must be" in capsys.readouterr().err


def test_assert_matches_reads_bracket_rows(tmp_path):
    """A bracket row: below lower is NON-CONSERVATIVE, inside passes, far above is loose."""
    from symdp.testing import assert_matches
    (tmp_path / "toy_bracket.csv").write_text("q,value,lower,upper,exact\n1/2,,1.5,1.75,\n")
    (tmp_path / "toy_bracket.spec.json").write_text(json.dumps({"params": [{"name": "q"}], "bracket": True}))
    assert assert_matches("toy_bracket", lambda p: 1.6, side="upper", dir=tmp_path) == 1
    with pytest.raises(AssertionError, match="NON-CONSERVATIVE"):
        assert_matches("toy_bracket", lambda p: 1.4, side="upper", dir=tmp_path)
    with pytest.raises(AssertionError, match="loose"):
        assert_matches("toy_bracket", lambda p: 2.0, side="upper", rtol=0.01, dir=tmp_path)


def test_a_zero_delta_ends_the_refinement():
    """P = Q (δ = 0 for every ε): the upper end is a fixed-point artefact below 10⁻⁴⁰; the
    refinement stops there instead of chasing a relative width it cannot have."""
    same = FinitePair([R(1, 3)] * 3, [R(1, 3)] * 3)
    b = delta_bracket(same, 4, R(1, 3))
    assert b.lower == 0 and b.upper <= R(1, 10 ** 40) and b.met


def _dpsgd_adapter_cases(method: str):
    """The compare adapter ``dpsgd``'s set-up, its cases on the committed table, the cheapest
    row (100 steps, δ = 10⁻⁵) and its case for each accountant whose name starts with `method`."""
    from symdp import compare
    from symdp.testing import load_table
    adapter = compare.load_adapter("dpsgd")
    table = load_table("dpsgd_epsilon")
    cases = list(adapter.cases(lambda name: table if name == "dpsgd_epsilon" else None))
    opacus = importlib.util.find_spec("opacus") is not None
    assert len(cases) == (9 if opacus else 6) * len(table)  # PLD, RDP; Opacus ×3 (optional); prv ×3; autodp
    if not compare.available("dpsgd"):
        pytest.skip("the accountants are not installed")
    namespace: dict = {}
    exec(adapter.SETUP, namespace)
    row = next(r for r in table if r.params["steps"] == "100" and r.params["delta"] == "1e-5")
    return namespace, row, [c for c in cases if c.row == row and c.method.startswith(method)]


def test_compare_dpsgd_adapter_checks_the_committed_table(stand_in_for_missing):
    """dp_accounting's PLD ε on the cheapest row lies inside the certified bracket (an
    independent float route agreeing with it), and its RDP ε, an upper bound, is not below it.
    Needs dp_accounting only: the adapter's other libraries may be missing."""
    pytest.importorskip("dp_accounting")
    from symdp import compare
    stand_in_for_missing("opacus", "prv_accountant", "autodp")
    namespace, row, (pld, rdp) = _dpsgd_adapter_cases("dp_accounting")
    result = compare.evaluate(pld, namespace)
    assert pld.method.startswith("dp_accounting PLD") and result.ok and row.lower <= result.value <= row.upper
    result = compare.evaluate(rdp, namespace)
    assert rdp.method == "dp_accounting RdpAccountant" and result.value >= row.lower and not result.non_conservative


def test_compare_dpsgd_adapter_opacus_rdp_is_conservative(stand_in_for_missing):
    """Opacus' RDP accountant's ε on the cheapest row is not below the certified lower end."""
    pytest.importorskip("opacus")
    from symdp import compare
    stand_in_for_missing("dp_accounting", "prv_accountant", "autodp")
    namespace, row, cases = _dpsgd_adapter_cases("opacus RDPAccountant")
    result = compare.evaluate(cases[0], namespace)
    assert result.value is not None and result.value >= row.lower and not result.non_conservative


def test_inputs_outside_the_supported_range_are_refused_at_once():
    """Issue 21's runaway inputs: each a one-line ParameterError naming the parameter, before any work."""
    import time
    start = time.monotonic()
    with pytest.raises(ParameterError, match="steps must be at most 10\\^7"):
        dpsgd_epsilon(R(1, 100), 1, 2 ** 64, R(1, 10 ** 5))
    with pytest.raises(ParameterError, match="sigma"):
        dpsgd_epsilon(R(1, 2), R(1, 10), 10 ** 6, R(1, 10 ** 300))
    with pytest.raises(ParameterError, match="delta must be in \\[1e-30"):
        dpsgd_epsilon(R(1, 100), 1, 10, R(1, 10 ** 31))
    with pytest.raises(ParameterError, match="eps must be in \\[0, 100\\]"):
        dpsgd_delta(R(1, 100), 1, 10, 101)
    with pytest.raises(ParameterError, match="q must be in"):
        dpsgd_delta(R(1, 10 ** 7), 1, 10, 1)
    assert time.monotonic() - start < 5


def test_the_time_limit_is_measured():
    """A refusal comes after the limit was actually spent (not projected from the first run)."""
    import time
    start = time.monotonic()
    with pytest.raises(CostLimitError, match="time limit of 2 s was reached \\(after 2"):
        dpsgd_epsilon(R(1, 100), 1, 1000, R(1, 10 ** 5), rtol=R(1, 10 ** 7), limits=Limits(seconds=2))
    assert 2 <= time.monotonic() - start < 30
