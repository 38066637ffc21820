"""One step's discretisation, and its T-fold power, when the loss grid is coarse for the step.

A Poisson-subsampled step at a small rate q has a privacy loss bounded on one side by
±log(1/(1 − q)) ≈ ±q (Steinke, *Composition of DP & privacy amplification by subsampling*,
Theorem 29's pair: log(1 − q) ≤ Z under removal, Z ≤ −log(1 − q) under addition). On a grid h
above that bound the dominated discretisation collapses: no grid point below 0 (above 0) lies
inside the support, so every balanced cell sits at loss 0 (at or below it), the pair is the
trivial one and its δ is 0 for every T and ε; refining h until it falls below q costs a
composition on a grid ~T·q/h times too fine for the composed loss, which is ~√T·q wide.

So when a finite end b of the step's loss support lies within 4h of 0 (found from the
profile before anything is composed), the step is discretised on a fine grid h₀ = h/k ≈ |b|/6,
the first 2^j steps are composed there by squaring until the composed loss's standard deviation
is 8h wide, and the composed discrete pairs are coarsened to the working grid h
(:mod:`symdp.accounting.coarsen`: connect-the-dots on the discrete profile for the upper one,
balanced cells on the lattice atoms for the lower one — post-processings of valid bounds), where
the remaining ⌊T/2^j⌋ blocks of 2^j steps are composed by squaring; the T mod 2^j steps left
over are composed on the fine grid from the same squares and coarsened too. When all T steps
stay narrower than that, the composition stays on the fine grid (the working grid could not
resolve it). Every product cuts by :class:`~symdp.accounting.plan.Plan`'s rule for the steps it
stands for.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from typing import Callable

from flint import arb, fmpq

from .. import limits as symdp_limits
from ..numbers import working_precision
from .coarsen import coarsen
from .compose import Limits, check_deadline
from .discretise import Discrete, discretise, loss_window
from .plan import Plan
from .profiles import Profile

__all__ = ["Step", "discretised", "on_grid", "step_power", "support_end"]

#: A finite end of the loss support within this many grid widths of 0 starts the fine grid.
NEAR = 4
#: The fine grid is about |b|/FINE wide (b the support's end); issue 20 suggests |b|/10. The
#: one-step cell walks on the fine grid dominate the cost (~1 ms per fine grid point), and the
#: fine grid's own error does not shrink when the rtol loop refines h. Measured (CPU seconds,
#: load ~9) at q = 10⁻⁴, σ = 1, T = 10⁵, δ = 10⁻⁵, rtol 10⁻²: |b|/4 needed three grids (11.5 s,
#: width 6.9·10⁻³), |b|/6 one (6.6 s, 5.0·10⁻³), |b|/8 one (7.7 s, 3.1·10⁻³); the plain grid
#: without the ladder 6.5 s (three grids, 9.0·10⁻³).
FINE = 6
#: Coarsen once the composed loss's standard deviation spans this many working grid widths.
WIDE = 8


@dataclass(frozen=True)
class Step:
    """One step's dominating and dominated discretisations on the grid h/``factor``
    (``factor`` = 1: on the working grid itself)."""

    up: Discrete
    low: Discrete | None
    factor: int
    #: why the step is on a coarser grid than its loss needs (a loose bracket), and how to tighten it
    note: str = ""


def support_end(profile: Profile, h: fmpq) -> float | None:
    """|b| for the finite end b of the step's loss support nearest 0, when it is within
    NEAR·h of 0 (else None): beyond b the profile's tail on that side is exactly 0 —
    f(e^t) = 0 above the support, f(e^t) = 1 − e^t below it. A float search (53-bit ends of
    128-bit balls): it only chooses the grid, which never affects validity."""
    return _support_end(profile, NEAR * float(h))


@functools.lru_cache(maxsize=1024)
def _support_end(profile: Profile, reach: float) -> float | None:
    ends = []
    for side in (1.0, -1.0):
        if _tail(profile, side * reach) > 0:
            continue
        inner, outer = 0.0, side * reach
        for _ in range(60):
            mid = (inner + outer) / 2
            if _tail(profile, mid) > 0:
                inner = mid
            else:
                outer = mid
        if abs(outer) > reach * 2.0 ** -30:  # an end at 0 itself: no grid resolves it
            ends.append(abs(outer))
    return min(ends) if ends else None


def _tail(profile: Profile, t: float) -> float:
    """The profile's mass beyond the loss t (above it for t > 0, below it for t < 0), as the
    midpoint of a ball: exactly 0 beyond a bounded support's end."""
    with working_precision(128):
        gamma = arb(t).exp()
        try:
            f = profile.hockey(gamma)
        except ArithmeticError:  # γ straddles the support's end: count it as inside
            return 1.0
        return float((f if t > 0 else f - (1 - gamma)).mid())


def discretised(profile: Profile, plan: Plan, limits: Limits, lower: bool = True) -> Step:
    """The step on the working grid, or on the fine grid when the support's end is near 0
    (`lower` False: its dominating discretisation only). When that fine grid would span more
    than a share of the ``lattice_points`` limit (a support ending within ~10⁻⁹ of 0 and
    reaching far on the other side), the finest grid within it is taken instead: the bracket
    is valid and loose, and the step's note says so and how to tighten it. Steps already
    discretised for the same grid, bits and budgets are taken from a cache (a training loop
    asks again and again)."""
    # (the budget is a 128th of lattice_points when every point is a knot — each costs a few
    # certified evaluations, where a point of a composed lattice costs a few integer
    # operations — and an eighth when a float model thins the knots out in the tails)
    # the limit is in the key: a user who raises it to tighten a loose bracket gets a new step
    key = (profile, int(plan.h.p), int(plan.h.q), plan.bits, plan.step_tau, plan.tilt, plan.fine, lower,
           symdp_limits.get("lattice_points"))
    if key in _STEPS:
        return _STEPS[key]
    end = support_end(profile, plan.h) if plan.fine else None
    factor = 1 if end is None else max(math.ceil(FINE * float(plan.h) / end), 2)
    m, n = loss_window(profile, plan.step_tau, plan.h / factor)
    note = ""
    budget = symdp_limits.get("lattice_points") // (8 if profile.float_tails(0.0) is not None else 128)
    if factor > 1 and n - m + 1 > budget:
        needed = n - m + 1
        factor = max(1, factor * budget // needed)
        m, n = loss_window(profile, plan.step_tau, plan.h / factor)
        note = (f"the loss support ends {end:.3g} from 0: the grid that resolves it needs about {needed:.3g} points "
                f"per step, above {budget} (a share of the limit lattice_points); this bracket uses the grid h/{factor} "
                f"and is loose (its lower end most). To tighten it, raise the limit (with symdp.limits.raised("
                f"lattice_points={symdp_limits.get('lattice_points') * needed // budget + 1}): ...) or choose a grid h "
                f"that is a multiple of the support's end")
    grid = plan.h / factor
    # each grid point costs a few certified special-function evaluations: bounded before any
    symdp_limits.check_size(n - m + 1, f"the discretisation of {profile!r} on the grid h = {grid}")
    up, low = discretise(profile, grid, m, n, plan.bits, plan.step_tau / 4, lambda: check_deadline(limits),
                         tilt=plan.tilt, lower=lower)
    step = Step(up, low, factor, note)
    if len(_STEPS) >= 256:
        _STEPS.pop(next(iter(_STEPS)))
    _STEPS[key] = step
    return step


#: Steps discretised lately, by (profile, grid, bits, budgets, side): the oldest goes first.
_STEPS: dict[tuple, Step] = {}


def step_power(step: Step, k: int, plan: Plan, limits: Limits,
               progress: Callable[[int, int], None] | None = None) -> tuple[Discrete, Discrete | None]:
    """(upper, lower) of the k-fold composition of the step, on the working grid or, when the
    working grid is too coarse for all k steps together, on the step's fine grid (lower None
    when the step has no dominated discretisation)."""
    if step.factor == 1:
        def power(d: Discrete) -> Discrete:
            return plan.power(d, k, limits, progress=progress)
    else:
        def power(d: Discrete) -> Discrete:
            return _ladder(d, k, step.factor, plan, limits)
    return power(step.up), None if step.low is None else power(step.low)


def _ladder(d: Discrete, k: int, factor: int, plan: Plan, limits: Limits) -> Discrete:
    """d^k: squares on the fine grid until the loss is WIDE working grid widths wide, coarsened
    and squared on on the working grid (see the module docstring). When all k steps stay
    narrower than that, the working grid could not resolve them: d^k stays on the fine grid."""
    fine = plan.on_grid(d.h)
    squares = [d]  # squares[i] = d^(2^i) on the fine grid
    while 2 ** len(squares) <= k and _spread(squares[-1]) < WIDE * factor:
        squares.append(fine.multiply(squares[-1], squares[-1], 2 ** len(squares), limits))
    j = len(squares) - 1
    if _spread(squares[j]) < WIDE * factor:  # then 2^(j+1) > k: every bit of k has its square
        return _product(squares, k, fine, limits)
    out = plan.power(coarsen(squares[j], factor), k >> j, limits, unit=2 ** j)
    rest = k & ((1 << j) - 1)
    return out if rest == 0 else plan.multiply(out, coarsen(_product(squares, rest, fine, limits), factor), k, limits)


def _product(squares: list[Discrete], n: int, plan: Plan, limits: Limits) -> Discrete:
    """d^n = Π squares[i] over the binary digits i of n (0 < n < 2^len(squares))."""
    out, done = None, 0
    for i, square in enumerate(squares):
        if n >> i & 1:
            done += 2 ** i
            out = square if out is None else plan.multiply(out, square, done, limits)
    return out


def on_grid(d: Discrete, h: fmpq) -> Discrete:
    """d coarsened to the grid h (a multiple of its own)."""
    ratio = h / d.h
    if ratio.q != 1:
        raise ValueError(f"the grid {h} is not a multiple of {d.h}")
    return coarsen(d, int(ratio.p))


def _spread(d: Discrete) -> float:
    """The width of the bulk of d's finite loss, in units of its grid: the interquartile range of
    its P-masses over 1.349 (the standard deviation of a Gaussian with that range). Not the
    standard deviation itself: a subsampled step at a large noise level has a narrow bulk piled
    against its support's end and a heavy tail that makes its deviation wide (q = 0.01, σ = 1/2:
    deviation 22 grid points of 1/300, quartiles 1.5 apart), and coarsening it then would
    collapse its dominated pair. Quantiles by bisection on the exact prefix sums."""
    total = d.total
    if total <= 0:
        return 0.0
    poly = d.poly

    def quantile(fraction: float) -> int:
        target = int(total * fraction)
        lo, hi = 0, max(len(poly), 1)
        while lo < hi:  # the least k with Σ_{i ≤ k} c_i ≥ target
            mid = (lo + hi) // 2
            if int(poly.truncate(mid + 1)(1)) >= target:
                hi = mid
            else:
                lo = mid + 1
        return lo
    return (quantile(0.75) - quantile(0.25)) / 1.349
