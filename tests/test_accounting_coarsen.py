"""Coarsening discretised pairs and the fine-grid ladder at small sampling rates (issue 20 §1).

The coarsened pairs are checked against the exact δ of the finite pair they came from, summed
term by term over its atoms in 400-bit balls (and, for compositions, over the exact integer
convolution computed here); the small-q brackets against mpmath quadrature at T = 1, 2 (the
helpers of test_accounting_oracles) and against dp_accounting's PLD at a fine grid.
"""

from __future__ import annotations

import mpmath
import pytest
import sympy
from flint import arb, ctx, fmpq
from hypothesis import given, settings, strategies as st

from symdp.accounting import Limits, dpsgd_delta, dpsgd_epsilon, dpsgd_pair
from symdp.accounting.api import composed, delta_ends, directions
from symdp.accounting.coarsen import coarsen
from symdp.accounting.discretise import Discrete
from symdp.accounting.ladder import support_end
from symdp.accounting.plan import Plan
from test_accounting_oracles import _between, _delta_two_steps, _exact, _hockey_closed

R = sympy.Rational
BITS = 40
ONE = 1 << BITS


def _exact_delta(masses: list[int], lo: int, inf: int, h: fmpq, eps: fmpq) -> arb:
    """Σ_{a_i > ε} c_i (1 − e^{ε − a_i}) + c_∞ over 2^bits, term by term at 400 bits."""
    with ctx.workprec(400):
        total = arb(inf)
        for i, c in enumerate(masses):
            a = h * (lo + i)
            if c and a > eps:
                total += c * (1 - arb(eps - a).exp())
        return total / ONE


def _convolve(a: list[int], b: list[int]) -> list[int]:
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            out[i + j] += x * y
    return out


_pairs = st.tuples(st.lists(st.integers(0, 50), min_size=1, max_size=30), st.integers(-40, 40),
                   st.integers(0, 3), st.integers(2, 9))


@settings(max_examples=25, deadline=None)
@given(_pairs)
def test_coarsened_pairs_bracket_the_exact_delta_of_the_finite_pair(case):
    """Law: on the grid k·h₀ the coarsened upper pair's δ is ≥ the fine finite pair's exact δ
    and the coarsened lower pair's δ is ≤ it, at every ε ≥ 0 on the fine grid and between."""
    weights, lo, inf_weight, k = case
    total = sum(weights) + inf_weight or 1
    masses = [ONE * w // total for w in weights]
    inf = ONE - sum(masses)
    h0 = fmpq(1, 40)
    up = coarsen(Discrete(h0, lo, tuple(masses), inf, BITS, True), k)
    low = coarsen(Discrete(h0, lo, tuple(masses), 0, BITS, False), k)
    assert up.h == low.h == h0 * k
    assert sum(low.masses) == sum(masses) and low.inf == 0  # the lower one moves mass, never makes it
    for j in range(0, 2 * (lo + len(masses)) + 4):
        eps = h0 * j / 2
        upper = delta_ends(up, low, eps)[1]
        lower = delta_ends(up, low, eps)[0]
        # violated only when certainly on the wrong side of the 400-bit ball (a coarsening that
        # moves no atom, all on coarse grid points, gives the exact value itself)
        assert upper >= _exact_delta(masses, lo, inf, h0, eps).lower().fmpq(), (j, "upper")
        assert lower <= _exact_delta(masses, lo, 0, h0, eps).upper().fmpq(), (j, "lower")


@settings(max_examples=12, deadline=None)
@given(_pairs, _pairs)
def test_coarsened_pairs_still_bracket_after_composition(first, second):
    """Law: the order survives a later product (the profile argument of coarsen's docstring):
    coarsen(D)·coarsen(E), multiplied exactly here, brackets the exact D·E, at every ε ≥ 0."""
    h0, k = fmpq(1, 24), max(first[3], second[3])
    fine, coarse_up, coarse_low = [], [], []
    for weights, lo, inf_weight, _ in (first, second):
        total = sum(weights) + inf_weight or 1
        masses = [ONE * w // total for w in weights]
        inf = ONE - sum(masses)
        fine.append((masses, lo, inf))
        coarse_up.append(coarsen(Discrete(h0, lo, tuple(masses), inf, BITS, True), k))
        coarse_low.append(coarsen(Discrete(h0, lo, tuple(masses), 0, BITS, False), k))
    (ma, la, ia), (mb, lb, ib) = fine
    product = _convolve(ma, mb)  # the exact product, scaled by 2^(2·bits)
    inf_ab = ia * (sum(mb) + ib) + sum(ma) * ib
    u, v = coarse_up
    up_masses = _convolve(list(u.masses), list(v.masses))
    up_inf = u.inf * (sum(v.masses) + v.inf) + sum(u.masses) * v.inf
    x, y = coarse_low
    low_masses = _convolve(list(x.masses), list(y.masses))
    for j in range(0, 2 * (la + lb + len(product)) + 8):
        eps = h0 * j / 2
        with ctx.workprec(400):
            mine_up = _exact_delta(up_masses, u.lo + v.lo, up_inf, u.h, eps) / ONE
            mine_low = _exact_delta(low_masses, x.lo + y.lo, 0, x.h, eps) / ONE
            truth_up = _exact_delta(product, la + lb, inf_ab, h0, eps) / ONE
            truth_low = _exact_delta(product, la + lb, 0, h0, eps) / ONE
        # 400-bit balls: a violation larger than ~2^-390 would be certain
        assert not mine_up < truth_up, (j, "upper", mine_up, truth_up)
        assert not mine_low > truth_low, (j, "lower", mine_low, truth_low)


def test_subsampled_support_end_is_log_one_minus_q():
    """The removal direction's loss is ≥ log(1 − q), the addition's ≤ −log(1 − q) (Steinke,
    Theorem 29's pair): found from the profile when within 4h of 0, else None (to 10⁻⁵: the
    search stops where the tail's mass drops below the 128-bit balls' resolution)."""
    q = R(1, 1000)
    bound = -float(sympy.log(1 - q))
    for profile in dpsgd_pair(q, 1).directions():
        assert abs(support_end(profile, fmpq(1, 800)) - bound) < 1e-5 * bound
        assert support_end(profile, fmpq(1, 100000)) is None
    assert support_end(dpsgd_pair(1, 1), fmpq(1, 4)) is None  # the Gaussian's loss is unbounded


def test_collapsed_grid_is_detected_and_the_lower_end_is_positive():
    """q = 10⁻³ at a grid h > −log(1 − q): the dominated discretisation alone would be the
    trivial pair (lower end 0 for every T); the fine-grid ladder gives a positive lower end at
    the first grid, so the rtol loop does not refine towards the time limit."""
    q, sigma = R(1, 1000), 1
    b = dpsgd_epsilon(q, sigma, 10, R(1, 10 ** 5), limits=Limits(seconds=120))
    assert b.lower > 0 and b.met and len(b.trace) == 1, b.trace
    d = dpsgd_delta(q, sigma, 10, R(1, 100), limits=Limits(seconds=120))
    assert d.lower > 0 and d.met and len(d.trace) == 1, d.trace


Q3 = R(1, 1000)


@pytest.mark.parametrize("add", [False, True], ids=["remove", "add"])
@pytest.mark.parametrize("steps", [1, 2])
def test_small_q_brackets_against_quadrature(add, steps):
    """q = 10⁻³, σ = 1 on the grid h = 1/100 (ten times the loss bound: the ladder's case),
    each direction at T = 1 and 2 against mpmath quadrature: the composition (left on the fine
    grid, too narrow for h) and its coarsening to h (the trivial pair's δ = 0 at ε = 0 would fail
    the lower end)."""
    profile = dpsgd_pair(Q3, 1)
    profile = profile.reverse() if add else profile
    h = fmpq(1, 100)
    plan = Plan.for_run(h, steps, 1e-6, 1e-3, 100)
    up, low = composed([(profile, steps)], plan, Limits(), None)
    assert up.h < h and (h / up.h).q == 1
    k = int((h / up.h).p)
    pairs = [(up, low), (coarsen(up, k), coarsen(low, k))]
    with mpmath.workdps(30):
        qm = mpmath.mpf(1) / 1000  # at 30 digits: a 53-bit q would move δ in its 17th digit
        for eps in (fmpq(0), fmpq(1, 1000), fmpq(1, 100), fmpq(1, 20)):
            e = mpmath.mpf(int(eps.p)) / int(eps.q)
            truth = _hockey_closed(qm, 1, mpmath.exp(e), add) if steps == 1 else _delta_two_steps(qm, 1, e, add)
            for u, w in pairs:
                lower, upper = delta_ends(u, w, eps)
                assert _between(lower, upper, truth), (add, steps, eps, u.h, lower, upper, truth)
            if eps == 0:
                assert delta_ends(up, low, eps)[0] > 0  # not the collapsed trivial pair


def test_small_q_bracket_holds_dp_accounting_at_a_fine_grid():
    """dp_accounting's pessimistic PLD at interval 10⁻⁵ (an upper bound up to its float
    arithmetic, rounding each step's loss up by at most the interval) lies in
    [lower, upper + T·10⁻⁵] of the certified bracket, at q = 10⁻³, T = 1000."""
    pytest.importorskip("dp_accounting")
    from dp_accounting import dp_event
    from dp_accounting.pld import pld_privacy_accountant
    steps = 1000
    acc = pld_privacy_accountant.PLDAccountant(value_discretization_interval=1e-5)
    acc.compose(dp_event.PoissonSampledDpEvent(1e-3, dp_event.GaussianDpEvent(1.0)), steps)
    theirs = acc.get_epsilon(1e-5)
    b = dpsgd_epsilon(Q3, 1, steps, R(1, 10 ** 5), limits=Limits(seconds=120))
    assert b.lower > 0 and float(b.lower) <= theirs <= float(b.upper) + steps * 1e-5, (b, theirs)
    assert b.relative_width <= R(1, 100)


def test_directions_of_a_subsampled_step_are_both_used():
    assert len(directions([(dpsgd_pair(Q3, 1), 3)])) == 2


@settings(max_examples=40, deadline=None)
@given(st.integers(-6, -1), st.lists(st.integers(0, 1 << 40), min_size=9, max_size=9), st.integers(2, 10),
       st.integers(-3, 3))
def test_the_integer_cell_check_agrees_with_mpmath(offset, draws, length, nudge):
    """_at_or_above(h₀, offset, c) says the cell's barycentre is at or above its grid point only
    when Σ c_t e^{−(offset + t)h₀} ≤ Σ c_t holds at 60 digits. The cell reaches from `offset`
    < 0 fine steps below its grid point to above it (its top atom heavy enough to balance the
    rest), and its lowest atom is solved for so that the cell balances within a few units
    (nudge): right at the decision, where a check off by one fine step or a rounding would err."""
    from symdp.accounting.coarsen import _at_or_above
    h0 = fmpq(1, 40)
    length = max(length, 1 - offset)  # at least one atom above the grid point
    portions = draws[:length]
    portions[-1] += 1 << 46
    with mpmath.workdps(60):
        w = [mpmath.exp(-mpmath.mpf(offset + t) / 40) for t in range(length)]
        others = sum((c * (wt - 1) for c, wt in zip(portions[1:], w[1:])), mpmath.mpf(0))
        portions[0] = max(int(mpmath.floor(-others / (w[0] - 1))) + nudge, 0)
        lhs = sum((c * wt for c, wt in zip(portions, w)), mpmath.mpf(0))
        rhs = mpmath.mpf(sum(portions))
        if _at_or_above(h0, offset, portions):
            assert lhs <= rhs, (lhs, rhs)
        elif lhs < rhs * (1 - mpmath.mpf(10) ** -20):
            pytest.fail(f"a cell well above its grid point refused: {lhs} < {rhs}")


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(0, 50), min_size=2, max_size=24), st.integers(-20, 10), st.integers(2, 6),
       st.lists(st.integers(1, 6), min_size=24, max_size=24))
def test_any_partition_into_cells_keeps_the_coarsened_lower_pair_dominated(weights, lo, k, sizes):
    """Any partition of the atoms into runs of consecutive atoms (not the balanced walk's), each
    aimed at the grid point below its top atom, gives a dominated pair: a cell whose barycentre
    lies below its aim must be placed by its ball, not at the aim. Checked against the exact δ
    of the fine pair at every ε on the fine grid and between."""
    import symdp.accounting.coarsen as coarsen_module
    h0 = fmpq(1, 40)
    total = sum(weights) or 1
    masses = [ONE * w // total for w in weights]
    d = Discrete(h0, lo, tuple(masses), 0, BITS, False)

    def runs(d: Discrete, k: int) -> list[tuple[int, list[int], int]]:
        cells, i = [], 0
        for size in sizes:
            if i >= len(masses):
                break
            part = masses[i:i + size]
            top = d.lo + i + len(part) - 1
            cells.append((d.lo + i, part, top // k * k))
            i += size
        if i < len(masses):
            cells.append((d.lo + i, masses[i:], (d.hi // k) * k))
        return cells

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(coarsen_module, "_cells", runs)
        low = coarsen(d, k)
    for j in range(0, 2 * (abs(lo) + len(masses)) + 4):
        eps = h0 * j / 2
        lower = delta_ends(low, low, eps)[0]
        assert lower <= _exact_delta(masses, lo, 0, h0, eps).upper().fmpq(), (weights, j)


def test_the_ball_index_alone_keeps_the_coarsened_lower_pair_dominated(monkeypatch):
    """With the integer check refusing every cell, each cell's grid point comes from the ball
    of its barycentre (_cell_index): still dominated by the exact δ at every ε."""
    import symdp.accounting.coarsen as coarsen_module
    monkeypatch.setattr(coarsen_module, "_at_or_above", lambda *args: False)
    h0 = fmpq(1, 40)
    for weights, lo, k in (([3, 1, 4, 1, 5, 9, 2, 6], -4, 3), ([0, 7, 0, 0, 2, 8], 1, 2), ([5] * 12, -7, 4)):
        masses = [ONE * w // sum(weights) for w in weights]
        low = coarsen(Discrete(h0, lo, tuple(masses), 0, BITS, False), k)
        for j in range(0, 2 * (abs(lo) + len(masses)) + 4):
            eps = h0 * j / 2
            lower = delta_ends(low, low, eps)[0]
            assert lower <= _exact_delta(masses, lo, 0, h0, eps).upper().fmpq(), (weights, j)
