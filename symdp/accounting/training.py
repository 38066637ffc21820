"""ε over a training run: certified ε(δ) brackets after each of several step counts, in one pass.

The ε after each epoch of DP-SGD is ε(δ) of the T_k-fold composition for T_1 < T_2 < … . The
composed discretisations are built as a chain,

    D^{T_k} = D^{T_{k−1}} · D^{T_k − T_{k−1}},

where each gap's power is the product of the shared repeated squares D^{2^i} over the gap's
binary digits (and equal gaps, as epochs are, are built once). So E epochs of n steps cost
about log₂ n squarings and E products, where E separate runs would cost about 2E·log₂(En).
Every product is the same exact, directed-rounding product as in a single run (Steinke,
*Composition of DP & privacy amplification by subsampling*, Theorem 9: composition multiplies
the polynomials), so each bracket is as certified as one of :func:`~symdp.accounting.epsilon_bracket`.
"""

from __future__ import annotations

import dataclasses
import time
from typing import Iterable, Iterator, Sequence

import sympy
from flint import fmpq

from ..numerics import params
from ..certificate import ensure, ensure_ordered
from ..errors import ParameterError
from ..numbers import from_fmpq, to_fmpq
from .api import (Bracket, check_grid, check_rtol, composed, directions, dpsgd_pair, epsilon_bracket,
                  epsilon_ends)
from .compose import CostLimitError, Limits
from .discretise import Discrete
from .plan import Plan
from .run import model_of
from .profiles import profile_of

__all__ = ["epsilon_trajectory", "dpsgd_epsilon_trajectory", "epochs_to_steps", "steps_per_epoch", "MAX_COUNTS"]

#: At most this many step counts in one pass (one bracket each): a list of epochs, not of steps.
MAX_COUNTS = 10_000


def epochs_to_steps(epochs: object, q: object) -> int:
    """⌈epochs/q⌉ steps: E epochs at sampling rate q (Opacus's ``get_noise_multiplier`` takes
    ⌊epochs/q⌋ and its Poisson data loader ⌊1/q⌋ per epoch; the ceiling is never fewer, so the
    ε it gives is never below theirs)."""
    e = params.positive(epochs, "epochs")
    r = params.positive_probability(q, "q")
    if not (e.is_Rational and r.is_Rational):
        raise ParameterError("epochs and q must be rationals (a decimal is fine)")
    return params.count(int(sympy.ceiling(e / r)), "steps (⌈epochs/q⌉)")


def steps_per_epoch(epochs: int, q: object) -> list[int]:
    """The step counts at the end of epochs 1..E: [⌈1/q⌉, ⌈2/q⌉, …, ⌈E/q⌉]."""
    count = params.count(epochs, "epochs")
    if count > MAX_COUNTS:
        raise ParameterError(f"epochs must be at most {MAX_COUNTS} for a per-epoch list, got {count}")
    return [epochs_to_steps(k, q) for k in range(1, count + 1)]


def _counts(steps: Iterable[object]) -> list[int]:
    counts = []
    for k in steps:
        counts.append(params.count(k, "steps"))
        if len(counts) > MAX_COUNTS:
            raise ParameterError(f"steps must list at most {MAX_COUNTS} step counts")
    if not counts:
        raise ParameterError("steps must be a nonempty list of step counts")
    return sorted(set(counts))


def _chain(d: Discrete, counts: Sequence[int], plan: Plan, limits: Limits, start: float) -> Iterator[Discrete]:
    """D^T for T in counts (ascending), one at a time along the chain of the module docstring
    (only the squares, the gap powers and the last link are kept). Each product is priced by
    :func:`multiply` before it runs; the time actually spent since `start` is checked after it."""
    squares = [d]
    gaps: dict[int, Discrete] = {}

    def product(a: Discrete, b: Discrete, steps: int) -> Discrete:
        out = plan.multiply(a, b, steps, limits)
        spent = time.monotonic() - start
        if spent > limits.seconds:
            raise CostLimitError(f"ε over {len(counts)} step counts: ran {spent:.0f} s, above the time limit of "
                                 f"{limits.seconds:.0f} s (fewer counts, a coarser h, or a larger limit)")
        return out

    def gap_power(n: int) -> Discrete:
        if n not in gaps:
            out = None
            for i in range(n.bit_length()):
                while len(squares) <= i:
                    squares.append(product(squares[-1], squares[-1], 2 ** len(squares)))
                if n >> i & 1:
                    out = squares[i] if out is None else product(out, squares[i], n & ((2 << i) - 1))
            gaps[n] = out
        return gaps[n]

    previous, last = None, 0
    for t in counts:
        step = gap_power(t - last)
        previous = step if previous is None else product(previous, step, t)
        last = t
        yield previous


def _products(counts: Sequence[int]) -> int:
    """How many products the chain makes (squares, gap powers, chain links)."""
    gaps = {b - a for a, b in zip([0, *counts], counts)}
    squares = max(g.bit_length() for g in gaps) - 1
    return squares + sum(bin(g).count("1") - 1 for g in gaps) + len(counts) - 1


def epsilon_trajectory(pair: object, steps: Iterable[object], delta: object, rtol: object = sympy.Rational(1, 100),
                       h: object = None, limits: Limits = Limits()) -> list[Bracket]:
    """Certified ε(δ) brackets of the T-fold composition of `pair` for every T in `steps`
    (returned in ascending T). The grid h is the one :func:`epsilon_bracket` refines to `rtol`
    at the largest T (or the given h); at that grid the smaller T's brackets are narrower in
    relative terms, and each bracket's ``met`` says whether it reached `rtol`. Each bracket's
    ``seconds`` is the time of the whole pass."""
    counts = _counts(steps)
    d = params.open_probability(delta, "delta")
    if not d.is_Rational:
        raise ParameterError(f"delta must be a rational (a decimal is fine), got {d}")
    profile, goal, grid = profile_of(pair), check_rtol(rtol), check_grid(h)
    start = time.monotonic()
    target = to_fmpq(d)
    if grid is None:
        grid = to_fmpq(epsilon_bracket(profile, counts[-1], d, rtol, limits=limits).h)
    # the chain makes more products than one run's 2·log₂T + 2: the plan spreads the cuts over them
    products = max(_products(counts), 2 * counts[-1].bit_length() + 2)
    # the window and the knots' tilt from the float estimates of the longest run (:mod:`.run`)
    model = model_of("epsilon", directions([(profile, counts[-1])]), [target])
    plan = dataclasses.replace(Plan.for_run(grid, counts[-1], float(d), float(goal) if goal is not None else 1e-2,
                                            model.points(grid), products), tilt=model.tilt)
    lowers = {t: fmpq(0) for t in counts}
    uppers: dict[int, fmpq | None] = {t: fmpq(0) for t in counts}
    windows = {t: [] for t in counts}
    for direction in directions([(profile, 1)]):
        up, low = composed(direction, plan, limits, None)
        chains = zip(counts, _chain(up, counts, plan, limits, start), _chain(low, counts, plan, limits, start))
        for t, up_t, low_t in chains:
            windows[t].append((up_t.lo * grid, up_t.hi * grid))
            lower, u = epsilon_ends(up_t, low_t, target)
            lowers[t] = max(lowers[t], lower)
            uppers[t] = None if u is None or uppers[t] is None else max(uppers[t], u)
    seconds = time.monotonic() - start
    r = None if goal is None else from_fmpq(goal)
    return [_bracket(lowers[t], uppers[t], windows[t], from_fmpq(grid), r, plan.bits, seconds) for t in counts]


def _bracket(lower: fmpq, upper: fmpq | None, windows: list, h: sympy.Rational, rtol: sympy.Rational | None,
             bits: int, seconds: float) -> Bracket:
    ensure_ordered(lower, upper, "ε after a step count of a training run")
    ensure(lower >= 0, "ε lower end ≥ 0", lower=lower)
    lo, hi = from_fmpq(lower), sympy.oo if upper is None else from_fmpq(upper)
    met = rtol is None or (hi is not sympy.oo and hi - lo <= rtol * lo)
    window = (from_fmpq(min(w[0] for w in windows)), from_fmpq(max(w[1] for w in windows)))
    return Bracket("epsilon", lo, hi, h, window, bits, rtol, bool(met), seconds)


def dpsgd_epsilon_trajectory(q: object, sigma: object, steps: Iterable[object], delta: object,
                             rtol: object = sympy.Rational(1, 100), h: object = None,
                             limits: Limits = Limits()) -> list[Bracket]:
    """ε(δ) brackets of DP-SGD after each step count in `steps` (e.g. ``steps_per_epoch(E, q)``)."""
    return epsilon_trajectory(dpsgd_pair(q, sigma), steps, delta, rtol, h, limits)
