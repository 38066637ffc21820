"""The small-q ladder's two routes against exact convolutions: split products (bulk on the fine
grid, rest on the working grid) for the dominating side, the rung ladder for the dominated side.

The oracle is the exact integer power of the fine-grid distribution (FLINT's own fmpz_poly power,
no rounding, no cut: every mass scaled by 2^(bits·T)), whose δ is summed term by term in 400-bit
balls here; each route's result must lie on its side of it at every ε on the fine grid and
between its points. A composition of the subsampled Gaussian at q = 10⁻³ against mpmath
quadrature (T = 2) and the PLD at a fine grid (T = 1000) is in test_accounting_coarsen.
"""

from __future__ import annotations

import pytest
from flint import arb, ctx, fmpq, fmpz_poly
from hypothesis import given, settings, strategies as st

from symdp.accounting import ladder
from symdp.accounting.compose import Limits
from symdp.accounting.discretise import Discrete
from symdp.accounting.ladder import _ladder, _rungs
from symdp.accounting.plan import Plan
from symdp.accounting.readout import Reader
from symdp.accounting.split import split

BITS = 30
H0 = fmpq(1, 48)


def _exact_power_delta(masses: list[int], lo: int, inf: int, steps: int, eps: fmpq) -> arb:
    """δ(ε) of the exact `steps`-fold composition of (masses at (lo + i)·h₀, inf at +∞)/2^BITS:
    the integer power, each atom's term (1 − e^{ε − a})₊ in a 400-bit ball."""
    power = fmpz_poly(masses) ** steps
    total_finite = sum(masses)
    scale = (1 << BITS) ** steps
    inf_power = (total_finite + inf) ** steps - total_finite ** steps  # some factor at +∞
    with ctx.workprec(400):
        out = arb(inf_power)
        for i, c in enumerate(power.coeffs()):
            a = H0 * (steps * lo + i)
            if c and a > eps:
                out += int(c) * (1 - arb(eps - a).exp())
        return out / scale


def _normalised(weights: list[int], inf_weight: int) -> tuple[list[int], int]:
    total = sum(weights) + inf_weight or 1  # all zero: no mass anywhere
    masses = [(w << BITS) // total for w in weights]
    return masses, (1 << BITS) - sum(masses)


def _plan(h: fmpq) -> Plan:
    """No cuts (τ = 0) and no cut weight: the routes' roundings alone move the masses."""
    return Plan(h, BITS, 0.0, 0)


def _check(result: Discrete, masses: list[int], lo: int, inf: int, steps: int, upper: bool) -> None:
    """δ of `result` on its side of the exact power's at 40 ε from 0 to past the top atom, on
    fine grid points and between them (thirds of h₀)."""
    reader = Reader(result)
    top = 3 * max(steps * (lo + len(masses)) + 2, 1)
    for j in sorted({top * t // 40 for t in range(41)} | {1, 2, 3}):
        eps = H0 * j / 3
        lower, higher = reader.delta_bounds(eps)
        truth = _exact_power_delta(masses, lo, inf, steps, eps)
        if upper:
            assert higher >= truth.lower().fmpq(), (j, "upper", float(higher), truth)
        else:
            assert lower <= truth.upper().fmpq(), (j, "lower", float(lower), truth)


_laws = st.tuples(st.lists(st.integers(0, 40), min_size=3, max_size=14), st.integers(-4, 2), st.integers(0, 2))


@settings(max_examples=15, deadline=None)
@given(_laws, st.integers(1, 12), st.integers(2, 4), st.integers(0, 6), st.integers(1, 6))
def test_split_products_bracket_the_exact_power(law, steps, k, band_start, margin):
    """Law: the split route's d^T — its bulk in a band of the fine grid, the rest at multiples
    of k, the rest composed on the coarse grid and the bulk coarsened where it meets it —
    dominates the exact power (dominating side) and is dominated by it (dominated side), on the
    fine grid and on the coarse one."""
    weights, lo, inf_weight = law
    masses, inf = _normalised(weights, inf_weight)
    for upper in (True, False):
        d = Discrete(H0, lo, masses, inf if upper else 0, BITS, upper)
        low = lo + band_start
        band = (low, low + margin)
        s = split(d, band, k)
        assert s.bulk.total + s.rest.total == d.total and s.rest.inf == d.inf
        out, done = s, 1
        while done * 2 <= steps:
            out, done = out.multiply(out, 0, margin, Limits()), done * 2
        while done < steps:
            out, done = out.multiply(s, 0, margin, Limits()), done + 1
        _check(out.fine(), masses, lo, inf if upper else 0, steps, upper)
        _check(out.coarse(), masses, lo, inf if upper else 0, steps, upper)


@settings(max_examples=12, deadline=None)
@given(_laws, st.integers(2, 40), st.sampled_from([2, 4, 6, 12]))
def test_the_ladders_bracket_the_exact_power(law, steps, factor):
    """Law: the dominated side's rung ladder (the factor's prime factors climbed once the
    composition is wide enough, the product of the low bits climbing with it) and the
    dominating side's split ladder, at every T, on the working grid and on the grid the
    composition stays on when it is too narrow for it."""
    weights, lo, inf_weight = law
    masses, inf = _normalised(weights, inf_weight)
    plan = _plan(H0 * factor)
    with pytest.MonkeyPatch.context() as patch:  # climb early: the rungs at these small T too
        patch.setattr(ladder, "WIDE", 0.5)
        patch.setattr(ladder, "WIDE_LOW", 0.5)
        for coarse in (False, True):
            low = _rungs(Discrete(H0, lo, masses, 0, BITS, False), steps, factor, plan, Limits(), coarse)
            _check(low, masses, lo, 0, steps, False)
            up = Discrete(H0, lo, masses, inf, BITS, True)
            band = (lo + 1, lo + len(masses) - 1)
            high = _ladder(split(up, band, factor), steps, plan, Limits(), coarse)
            _check(high, masses, lo, inf, steps, True)


def test_both_ladders_reach_the_working_grid(monkeypatch):
    """T = 23 (bits 10111) of a law wide enough to climb both rungs of 6 = 2·3 (and to move the
    dominating side's bulk to the working grid) after a few squarings: both results are on the
    working grid, each on its side of the exact power."""
    monkeypatch.setattr(ladder, "WIDE", 0.5)
    monkeypatch.setattr(ladder, "WIDE_LOW", 1.0)
    masses, inf = _normalised([1, 3, 7, 12, 16, 18, 16, 12, 7, 3, 1], 1)
    plan = _plan(H0 * 6)
    low = _rungs(Discrete(H0, -5, masses, 0, BITS, False), 23, 6, plan, Limits(), False)
    high = _ladder(split(Discrete(H0, -5, masses, inf, BITS, True), (-3, 3), 6), 23, plan, Limits(), False)
    assert low.h == high.h == H0 * 6
    _check(low, masses, -5, 0, 23, False)
    _check(high, masses, -5, inf, 23, True)
