"""Certified δ(ε) and ε(δ) brackets for composed continuous mechanisms (DP-SGD).

``delta_bracket(pair, steps, eps)`` and ``epsilon_bracket(pair, steps, delta)`` discretise each
direction of the pair twice on a loss grid of width h (a dominating and a dominated pair, see
:mod:`symdp.accounting.discretise`), compose them by exact integer polynomial products
(:mod:`symdp.accounting.compose`) and read off δ or ε from the two composed distributions:

    lower ≤ the pair's true value ≤ upper,

with exact rational ends. Everything that is not exact is an arb ball whose end is taken in the
safe direction; the grid, the window and the bit size only change the width of the bracket,
never its validity. ``rtol`` asks for (upper − lower) ≤ rtol·lower: the grid is refined (the width
shrinks like h², h → h·√(rtol/width)) until it is met (or the upper end is below 10⁻⁴⁰, the
floor of the fixed-point budget) or the cost limit is reached, which raises
:class:`CostLimitError` carrying the narrowest bracket found.

δ of the composition is the larger of the two directions' (P₁×…×P_T ‖ Q₁×…×Q_T and its reverse);
ε(δ) is the larger of the two directions' ε, each inverted exactly on its piecewise form
δ(ε) = Σ_{a_i > ε} p_i (1 − e^{ε − a_i}) + p_∞ (Steinke, Proposition 7).

This module validates the input and names the queries; :mod:`.run` composes the directions and
refines the grid (one composition per grid serves every target of :func:`epsilon_curve` and
:func:`delta_curve`), :mod:`.readout` reads the exact ends off a composed distribution and
:mod:`.estimate` makes the float choices that only move the cost and the width. A DP-SGD
schedule (:func:`dpsgd_schedule`) is a list of (q, σ, steps) phases, composed as one
heterogeneous composition of its distinct steps.
"""

from __future__ import annotations

from typing import Callable, Iterable, Sequence

import sympy
from flint import fmpq

from ..numerics import params
from ..errors import ParameterError, show
from ..numbers import to_fmpq
from .bracket import Bracket, outward_decimal
from .compose import CostLimitError, Limits
from .profiles import GaussianProfile, Profile, SubsampledProfile, profile_of
from .run import Progress, composed, delta_ends, directions, epsilon_ends, run, total_steps

__all__ = ["Bracket", "delta_bracket", "epsilon_bracket", "epsilon_curve", "delta_curve", "dpsgd_delta",
           "dpsgd_epsilon", "dpsgd_pair", "dpsgd_schedule", "dpsgd_epsilon_schedule", "dpsgd_delta_schedule",
           "CostLimitError", "Limits", "outward_decimal", "composed", "delta_ends", "directions", "epsilon_ends"]


#: The supported range (issue 20 §2): beyond it the cost or the fixed point runs away.
MAX_STEPS, MIN_DELTA, MAX_EPS = 10 ** 7, sympy.Rational(1, 10 ** 30), sympy.Integer(100)
MIN_Q, MIN_SIGMA, MAX_SIGMA = sympy.Rational(1, 10 ** 6), sympy.Rational(3, 10), sympy.Integer(100)


def _in_range(value: sympy.Expr, name: str, low: sympy.Expr | None, high: sympy.Expr | None, text: str) -> None:
    if (low is not None and value < low) or (high is not None and value > high):
        raise ParameterError(f"{name} must be {text} (the certified accountant's supported range), got {show(value, 60)}")


def _parts(pair: object, steps: int | None) -> list[tuple[Profile, int]]:
    """[(profile, count)] from a pair and a count, or a list of pairs / (pair, count)."""
    if isinstance(pair, (list, tuple)):
        if steps not in (None, 1):
            raise ParameterError("steps must be omitted when a list of mechanisms is given")
        out = []
        for i, item in enumerate(pair):
            p, k = item if isinstance(item, tuple) else (item, 1)
            out.append((profile_of(p), params.count(k, f"count of mechanism {i}")))
        if not out:
            raise ParameterError("the list of mechanisms must not be empty")
    else:
        out = [(profile_of(pair), params.count(1 if steps is None else steps, "steps"))]
    _in_range(sympy.Integer(total_steps(out)), "steps", None, MAX_STEPS, "at most 10^7 in total")
    return out


# --------------------------------------------------------------------------------------------
# Public API


def check_rtol(rtol: object) -> fmpq | None:
    """A requested relative width: None, or a rational in (0, 1)."""
    if rtol is None:
        return None
    r = params.positive(rtol, "rtol")
    if not r.is_Rational or r >= 1:
        raise ParameterError(f"rtol must be a rational in (0, 1), got {r}")
    return to_fmpq(r)


#: The finest loss grid a caller may ask for: 1/h is a float in the cost estimates (h = 10⁻³⁰⁰
#: overflowed them), and no supported run needs a working grid this fine.
MIN_GRID = sympy.Rational(1, 10 ** 12)


def check_grid(h: object) -> fmpq | None:
    """A requested loss grid width: None, or a rational in [10⁻¹², 1/4]."""
    if h is None:
        return None
    v = params.positive(h, "h")
    if not v.is_Rational or v > sympy.Rational(1, 4) or v < MIN_GRID:
        raise ParameterError(f"h must be a rational in [1e-12, 1/4], got {show(v, 60)}")
    return to_fmpq(v)


def delta_bracket(pair: object, steps: int | None, eps: object, rtol: object = sympy.Rational(1, 100),
                  h: object = None, limits: Limits = Limits(), progress: Progress | None = None) -> Bracket:
    """A certified bracket for δ(ε) of the `steps`-fold composition of `pair` (or of the list of
    pairs / (pair, count) tuples when `pair` is a list and `steps` is None).

    Supported: Gaussian and Laplace pairs, finite pairs, their Poisson subsamplings (both
    neighbouring directions), and any :class:`~symdp.accounting.profiles.Profile`. A fixed `h`
    (a rational) skips the refinement; otherwise the grid is refined until the relative width
    or the ε-equivalent width (:attr:`Bracket.epsilon_width`: the true δ at ε(1 − rtol) is
    certainly at least the upper end) is at most `rtol`, or :class:`CostLimitError` is raised.
    """
    return run("delta", _parts(pair, steps), [_eps(eps, "eps")], check_rtol(rtol), check_grid(h), limits, progress)[0]


def epsilon_bracket(pair: object, steps: int | None, delta: object, rtol: object = sympy.Rational(1, 100),
                    h: object = None, limits: Limits = Limits(), progress: Progress | None = None) -> Bracket:
    """A certified bracket for ε(δ) = min{ε ≥ 0 : δ(ε) ≤ δ} of the composition (see
    :func:`delta_bracket`); the upper end is oo when no finite ε reaches δ."""
    return run("epsilon", _parts(pair, steps), [_delta(delta, "delta")], check_rtol(rtol), check_grid(h), limits,
               progress)[0]


#: At most this many ε or δ in one curve (each costs a few certified evaluations).
MAX_TARGETS = 10_000


def _targets(values: Iterable[object], name: str, check: Callable[[object, str], fmpq]) -> list[fmpq]:
    out = []
    for i, v in enumerate(values):
        out.append(check(v, f"{name}[{i}]"))
        if len(out) > MAX_TARGETS:
            raise ParameterError(f"{name} must list at most {MAX_TARGETS} values")
    if not out:
        raise ParameterError(f"{name} must be a nonempty list")
    return out


def _delta(value: object, name: str) -> fmpq:
    d = params.open_probability(value, name)
    if not d.is_Rational:
        raise ParameterError(f"{name} must be a rational (a decimal is fine), got {d}")
    _in_range(d, name, MIN_DELTA, None, "in [1e-30, 1)")
    return to_fmpq(d)


def _eps(value: object, name: str) -> fmpq:
    e = params.nonnegative(value, name)
    if not e.is_Rational:
        raise ParameterError(f"{name} must be a rational (a decimal is fine), got {e}")
    _in_range(e, name, None, MAX_EPS, "in [0, 100]")
    return to_fmpq(e)


def epsilon_curve(pair: object, steps: int | None, deltas: Iterable[object], rtol: object = sympy.Rational(1, 100),
                  h: object = None, limits: Limits = Limits(), progress: Progress | None = None) -> list[Bracket]:
    """Certified ε(δ) brackets of one composition (as :func:`epsilon_bracket`) at every δ in
    `deltas`, in their order, from one composition per grid: each further δ costs a few
    certified evaluations of the composed distributions, not a composition. The grid is the
    one that brings every bracket to `rtol`."""
    return run("epsilon", _parts(pair, steps), _targets(deltas, "deltas", _delta), check_rtol(rtol), check_grid(h),
               limits, progress)


def delta_curve(pair: object, steps: int | None, epsilons: Iterable[object], rtol: object = sympy.Rational(1, 100),
                h: object = None, limits: Limits = Limits(), progress: Progress | None = None) -> list[Bracket]:
    """Certified δ(ε) brackets of one composition (as :func:`delta_bracket`) at every ε in
    `epsilons`, in their order, from one composition per grid (see :func:`epsilon_curve`)."""
    return run("delta", _parts(pair, steps), _targets(epsilons, "epsilons", _eps), check_rtol(rtol), check_grid(h),
               limits, progress)


def dpsgd_pair(q: object, sigma: object) -> Profile:
    """One DP-SGD step: the Poisson-subsampled (rate q) Gaussian mechanism with noise multiplier
    σ (sensitivity 1), add/remove neighbours; its reverse is the other neighbouring direction."""
    r = params.positive_probability(q, "q")
    s = params.positive(sigma, "sigma")
    _in_range(r, "q", MIN_Q, None, "in [1e-6, 1]")
    _in_range(s, "sigma", MIN_SIGMA, MAX_SIGMA, "in [0.3, 100]")
    base = GaussianProfile(1 / s)
    return base if r == 1 else SubsampledProfile(base, r)


def dpsgd_epsilon(q: object, sigma: object, steps: int, delta: object, rtol: object = sympy.Rational(1, 100),
                  h: object = None, limits: Limits = Limits(), progress: Progress | None = None) -> Bracket:
    """Certified ε(δ) bracket of DP-SGD: `steps` Poisson-subsampled Gaussian steps."""
    return epsilon_bracket(dpsgd_pair(q, sigma), params.count(steps, "steps"), delta, rtol, h, limits, progress)


def dpsgd_delta(q: object, sigma: object, steps: int, eps: object, rtol: object = sympy.Rational(1, 100),
                h: object = None, limits: Limits = Limits(), progress: Progress | None = None) -> Bracket:
    """Certified δ(ε) bracket of DP-SGD: `steps` Poisson-subsampled Gaussian steps."""
    return delta_bracket(dpsgd_pair(q, sigma), params.count(steps, "steps"), eps, rtol, h, limits, progress)


# --------------------------------------------------------------------------------------------
# Schedules


#: At most this many phases in one schedule.
MAX_PHASES = 100_000


def dpsgd_schedule(phases: Iterable[Sequence[object]]) -> list[tuple[Profile, int]]:
    """The composition of a DP-SGD schedule: `phases` is a list of (q, sigma, steps), each
    phase `steps` Poisson-subsampled Gaussian steps at sampling rate q and noise multiplier σ
    (a noise decay, a batch-size warm-up). Returns [(profile, steps)], which every function of
    this module takes in place of a pair (with `steps` None), e.g.
    ``epsilon_curve(dpsgd_schedule(phases), None, deltas)``. Phases with the same (q, σ) are
    composed as one part (composition commutes), so the cost grows with the number of distinct
    steps, each one discretisation, not with the number of phases."""
    merged: dict[Profile, int] = {}
    for i, phase in enumerate(phases):
        if len(merged) > MAX_PHASES or i >= MAX_PHASES:
            raise ParameterError(f"phases must list at most {MAX_PHASES} (q, sigma, steps) phases")
        try:
            q, sigma, steps = phase
        except (TypeError, ValueError):
            raise ParameterError(f"phase {i} must be (q, sigma, steps), got {phase!r}") from None
        profile = dpsgd_pair(q, sigma)
        merged[profile] = merged.get(profile, 0) + params.count(steps, f"steps of phase {i}")
    if not merged:
        raise ParameterError("phases must list at least one phase (q, sigma, steps), got none")
    out = list(merged.items())
    _in_range(sympy.Integer(total_steps(out)), "steps", None, MAX_STEPS, "at most 10^7 in total")
    return out


def dpsgd_epsilon_schedule(phases: Iterable[Sequence[object]], delta: object, rtol: object = sympy.Rational(1, 100),
                           h: object = None, limits: Limits = Limits(),
                           progress: Progress | None = None) -> Bracket:
    """Certified ε(δ) bracket of a DP-SGD schedule of (q, sigma, steps) phases (:func:`dpsgd_schedule`)."""
    return epsilon_bracket(dpsgd_schedule(phases), None, delta, rtol, h, limits, progress)


def dpsgd_delta_schedule(phases: Iterable[Sequence[object]], eps: object, rtol: object = sympy.Rational(1, 100),
                         h: object = None, limits: Limits = Limits(), progress: Progress | None = None) -> Bracket:
    """Certified δ(ε) bracket of a DP-SGD schedule of (q, sigma, steps) phases (:func:`dpsgd_schedule`)."""
    return delta_bracket(dpsgd_schedule(phases), None, eps, rtol, h, limits, progress)
