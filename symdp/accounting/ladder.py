"""One step's discretisation, and its T-fold power, when the loss grid is coarse for the step.

A Poisson-subsampled step at a small rate q has a privacy loss bounded on one side by
±log(1/(1 − q)) ≈ ±q (Steinke, *Composition of DP & privacy amplification by subsampling*,
Theorem 29's pair: log(1 − q) ≤ Z under removal, Z ≤ −log(1 − q) under addition). On a grid h
above that bound the dominated discretisation collapses: no grid point below 0 (above 0) lies
inside the support, so every balanced cell sits at loss 0 (at or below it), the pair is the
trivial one and its δ is 0 for every T and ε; refining h until it falls below q costs a
composition on a grid ~T·q/h times too fine for the composed loss, which is ~√T·q wide.

So when a finite end b of the step's loss support lies within 4h of 0 (found from the
profile before anything is composed), the step is discretised on a fine grid h₀ = h/k ≈ |b|/6
around its bulk (the quartiles of its loss, from its float model, widened by WIDE working grid
widths) and at multiples of k beyond (any knots give valid discretisations; those of
:func:`.discretise.knot_indices` on h₀, moved down to multiples of k, so the tail is no
coarser than h₀'s own rule asks). Its first 2^j steps are composed by squaring until the
composed loss is wide enough for the working grid, then coarsened to h
(:mod:`symdp.accounting.coarsen`: connect-the-dots for the dominating side, balanced cells for
the dominated one — post-processings of valid bounds), where the remaining ⌊T/2^j⌋ blocks of
2^j steps are composed by squaring; the T mod 2^j steps left over are composed from the same
squares and coarsened too. The two sides get there differently:

* the dominating side is kept split (:mod:`symdp.accounting.split`): its bulk on h₀, the rest
  on h, each product's bulk outside the new band coarsened into the rest, so no product runs
  over the tail on the fine grid. Connect-the-dots is linear in the masses, so coarsening the
  bulk where it meets the rest is the same as coarsening their product;
* the dominated side cannot: a bulk narrower than h has no balanced cells on h (its lowest
  cell holds a third of its mass and moves down by two thirds of h, measured at q = 10⁻⁴), and a
  product's rest composed with a collapsed bulk would lose that in every later product. It
  climbs a ladder of grids instead (the prime factors of k, smallest first: rungs
  h₀ → 3h₀ → 15h₀ for k = 15), each rung once the composition spans WIDE_LOW of the next
  rung's widths, so that most squarings run on grids coarser than h₀.

When all T steps stay narrower than the working grid needs, the composition stays on a finer
grid (the working grid could not resolve it). Every product cuts by
:class:`~symdp.accounting.plan.Plan`'s rule for the steps it stands for.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from typing import Callable

from flint import arb, fmpq

from .. import limits as symdp_limits
from ..numbers import working_precision
from .compose import Limits, check_deadline
from .discretise import Discrete, discretise, knot_indices, loss_window
from .coarsen import coarsen
from .plan import Plan
from .profiles import Profile
from .split import Split, quartiles, split

__all__ = ["Step", "discretised", "step_power", "support_end"]

#: A finite end of the loss support within this many grid widths of 0 starts the fine grid.
NEAR = 4
#: The fine grid is about |b|/FINE wide (b the support's end); issue 20 suggests |b|/10. The
#: bracket's width is then mostly the fine grid's, which does not shrink when the rtol loop
#: refines h (until h itself resolves b). Measured at q = 10⁻⁴, σ = 1, T = 10⁵, δ = 10⁻⁵,
#: h = 1/4000 (relative width, ε ends): |b|/3 1.7·10⁻², |b|/4 9.6·10⁻³, |b|/6 4.6·10⁻³,
#: |b|/8 3.2·10⁻³, |b|/12 2.5·10⁻³.
FINE = 6
#: The dominating side coarsens its bulk once the bulk's spread is this many working grid widths.
WIDE = 8
#: The dominated side climbs a rung once its spread is this many widths of the next rung: its
#: balanced cells lose more than the dominating side's chords (measured at q = 10⁻⁴, σ = 1,
#: T = 10⁵, h = 1/4000, rungs h/15 → h/5 → h: lower ε end 0.131563 at 8, 0.131644 at 12,
#: 0.131657 at 16; one composition 27, 33, 43 ms CPU; one rung h/15 → h at 8: 0.131610, 49 ms).
WIDE_LOW = 12


@dataclass(frozen=True)
class Step:
    """One step's dominating and dominated discretisations on the grid h/``factor``
    (``factor`` = 1: on the working grid itself), with the band of fine indices [L, U) that
    holds its bulk (outside it every atom sits at a multiple of ``factor``)."""

    up: Discrete
    low: Discrete | None
    factor: int
    #: why the step is on a coarser grid than its loss needs (a loose bracket), and how to tighten it
    note: str = ""
    band: tuple[int, int] | None = None


def support_end(profile: Profile, h: fmpq) -> float | None:
    """|b| for the finite end b of the step's loss support nearest 0, when it is within
    NEAR·h of 0 (else None): beyond b the profile's tail on that side is exactly 0 —
    f(e^t) = 0 above the support, f(e^t) = 1 − e^t below it. An end within 2^−30·NEAR·h of 0
    counts as 0 itself (no grid resolves it). A float search (53-bit ends of 128-bit balls): it
    only chooses the grid, which never affects validity."""
    reach = NEAR * float(h)
    near = [end for end in _support_ends(profile) if reach * 2.0 ** -30 < end <= reach]
    return min(near) if near else None


@functools.lru_cache(maxsize=1024)
def _support_ends(profile: Profile) -> tuple[float, ...]:
    """|b| for each finite end b of the loss support within 1 of 0, to a relative 2^−40: the
    power of 2 above it by bisection on the exponent, then bisection (once per profile)."""
    ends = []
    for side in (1.0, -1.0):
        if _tail(profile, side) > 0 or not _tail(profile, side * 2.0 ** -80) > 0:
            continue  # beyond ±1, or within 2^−80 of 0
        low, high = -80, 0  # the tail is > 0 at ±2^low and 0 at ±2^high
        while high - low > 1:
            mid = (low + high) // 2
            if _tail(profile, side * 2.0 ** mid) > 0:
                low = mid
            else:
                high = mid
        inner, outer = side * 2.0 ** low, side * 2.0 ** high
        for _ in range(40):
            mid = (inner + outer) / 2
            if _tail(profile, mid) > 0:
                inner = mid
            else:
                outer = mid
        ends.append(abs(outer))
    return tuple(ends)


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
    """The step on the working grid, or on the fine grid around its bulk when the support's end
    is near 0 (`lower` False: its dominating discretisation only). When that fine grid would span more
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
    knots, band = None, None
    if factor > 1:
        m, n = m // factor * factor, -(-n // factor) * factor  # the window's ends on the working grid too
        band = _bulk_band(profile, grid, factor, m, n)
        if band is not None:
            knots = _two_grid_knots(profile, grid, factor, m, n, band, plan.tilt)
    up, low = discretise(profile, grid, m, n, plan.bits, plan.step_tau / 4, lambda: check_deadline(limits),
                         knots=knots, tilt=plan.tilt, lower=lower)
    step = Step(up, low, factor, note, band or (m, n + 1))
    if len(_STEPS) >= 256:
        _STEPS.pop(next(iter(_STEPS)))
    _STEPS[key] = step
    return step


def _bulk_band(profile: Profile, h0: fmpq, k: int, m: int, n: int) -> tuple[int, int] | None:
    """The band [L, U) of fine indices that holds the step's bulk: the quartiles of its loss
    under P (bisection on its float model) widened by WIDE working grid widths (WIDE·k fine
    points) and rounded out to multiples of k, within [m, n]. None without a float model. A
    heuristic: any band gives a valid discretisation."""
    model = profile.float_tails
    if model(0.0) is None:
        return None
    step = float(h0)

    def quantile(p: float) -> float:  # the least fine index i with P[Z ≤ i·h₀] ≥ p, in doubles
        a, b = float(m), float(n)
        for _ in range(max(int(n - m).bit_length(), 1) + 2):  # to a quarter of a fine index
            mid = (a + b) / 2
            if model(mid * step)[2] >= p:
                b = mid
            else:
                a = mid
        return b
    margin = WIDE * k
    low = math.floor((quantile(0.25) - margin) / k) * k
    high = math.ceil((quantile(0.75) + margin + 1) / k) * k
    low, high = max(low, m), min(high, n)
    return (low, high) if high > low else None


def _two_grid_knots(profile: Profile, h0: fmpq, k: int, m: int, n: int, band: tuple[int, int],
                    tilt: float) -> list[int]:
    """The knots of a step on two grids: :func:`knot_indices` on h₀ (whose spacing in the tails
    keeps each chord's error about h₀²·SPARSE), those outside the band [L, U] moved down to the
    multiples of k (so no tail knot is sparser than h₀'s rule asks; m, L, U, n are multiples of k)."""
    low, high = band
    return sorted({j if low <= j <= high else j // k * k for j in knot_indices(profile, h0, m, n, tilt)}
                  | {m, low, high, n})


#: Steps discretised lately, by (profile, grid, bits, budgets, side): the oldest goes first.
_STEPS: dict[tuple, Step] = {}


def step_power(step: Step, k: int, plan: Plan, limits: Limits, progress: Callable[[int, int], None] | None = None,
               coarse: bool = False) -> tuple[Discrete, Discrete | None]:
    """(upper, lower) of the k-fold composition of the step, on the working grid or, when the
    working grid is too coarse for all k steps together, on the step's fine grid (`coarse`:
    on the working grid always; lower None when the step has no dominated discretisation)."""
    if step.factor == 1:
        def power(d: Discrete) -> Discrete:
            return plan.power(d, k, limits, progress=progress)
    else:
        def power(d: Discrete) -> Discrete:
            if d.upper:
                return _ladder(split(d, step.band, step.factor), k, plan, limits, coarse)
            return _rungs(d, k, step.factor, plan, limits, coarse)
    return power(step.up), None if step.low is None else power(step.low)


def _ladder(d: Split, k: int, plan: Plan, limits: Limits, coarse: bool) -> Discrete:
    """d^k for a dominating step: squares of the split step until its bulk is WIDE working grid
    widths wide, coarsened and squared on on the working grid (see the module docstring). When
    all k steps stay narrower than that, the working grid could not resolve them: d^k stays on
    the fine grid (unless `coarse`)."""
    factor = d.k
    margin = math.ceil(WIDE * factor)
    squares = [d]  # squares[i] = d^(2^i)
    while 2 ** len(squares) <= k and _spread(squares[-1].bulk) < WIDE * factor:
        squares.append(plan.multiply_split(squares[-1], squares[-1], 2 ** len(squares), margin, limits))
    j = len(squares) - 1
    if _spread(squares[j].bulk) < WIDE * factor:  # then 2^(j+1) > k: every bit of k has its square
        out = _product(squares, k, plan, limits, margin)
        return out.coarse() if coarse else out.fine()
    power = plan.power(squares[j].coarse(), k >> j, limits, unit=2 ** j)
    rest = k & ((1 << j) - 1)
    if rest == 0:
        return power
    return plan.multiply(power, _product(squares, rest, plan, limits, margin).coarse(), k, limits)


def _prime_factors(n: int) -> list[int]:
    """n's prime factors, ascending (with multiplicity)."""
    out, p = [], 2
    while p * p <= n:
        while n % p == 0:
            out.append(p)
            n //= p
        p += 1
    return out + ([n] if n > 1 else [])


def _rungs(d: Discrete, k: int, factor: int, plan: Plan, limits: Limits, coarse: bool) -> Discrete:
    """d^k for a dominated step on the fine grid h/factor: squares climb a ladder of grids
    (factor's prime factors, smallest first), each rung coarsened to the next once the square's
    spread is WIDE of the next rung's widths; the product of the squares of k's low bits climbs
    with them; on the working grid the rest is a power."""
    rungs = _prime_factors(factor)
    square, acc, i = d, None, 0  # square = d^(2^i); acc = d^(k mod 2^i)
    while True:
        while rungs and _spread(square) >= WIDE_LOW * rungs[0]:
            r = rungs.pop(0)
            square = coarsen(square, r)
            acc = None if acc is None else coarsen(acc, r)
        if not rungs:
            break
        if k >> i & 1:
            acc = square if acc is None else plan.multiply(acc, square, (k & ((2 << i) - 1)), limits)
        if k >> (i + 1) == 0:  # every bit done on a grid finer than the working one
            rest = math.prod(rungs)
            return coarsen(acc, rest) if coarse else acc
        square = plan.multiply(square, square, 2 << i, limits)
        i += 1
    power = plan.power(square, k >> i, limits, unit=2 ** i)
    return power if acc is None else plan.multiply(power, acc, k, limits)


def _product(squares: list[Split], n: int, plan: Plan, limits: Limits, margin: int) -> Split:
    """d^n = Π squares[i] over the binary digits i of n (0 < n < 2^len(squares))."""
    out, done = None, 0
    for i, square in enumerate(squares):
        if n >> i & 1:
            done += 2 ** i
            out = square if out is None else plan.multiply_split(out, square, done, margin, limits)
    return out


def _spread(d: Discrete) -> float:
    """The width of the bulk of d's finite loss, in units of its grid: the interquartile range of
    its P-masses over 1.349 (the standard deviation of a Gaussian with that range). Not the
    standard deviation itself: a subsampled step at a large noise level has a narrow bulk piled
    against its support's end and a heavy tail that makes its deviation wide (q = 0.01, σ = 1/2:
    deviation 22 grid points of 1/300, quartiles 1.5 apart), and coarsening it then would
    collapse its dominated pair."""
    if d.total <= 0:
        return 0.0
    q1, q3 = quartiles(d)
    return (q3 - q1) / 1.349
