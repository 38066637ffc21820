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
"""

from __future__ import annotations

from typing import Sequence

import sympy
from flint import fmpq

from .. import params
from ..errors import ParameterError
from ..numbers import to_fmpq
from .bracket import Bracket, outward_decimal
from .compose import CostLimitError, Limits
from .profiles import GaussianProfile, Profile, SubsampledProfile, profile_of
from .run import Progress, composed, delta_ends, directions, epsilon_ends, run, total_steps

__all__ = ["Bracket", "delta_bracket", "epsilon_bracket", "dpsgd_delta", "dpsgd_epsilon", "dpsgd_pair",
           "CostLimitError", "Limits", "outward_decimal", "composed", "delta_ends", "directions", "epsilon_ends"]


#: The supported range (issue 20 §2): beyond it the cost or the fixed point runs away.
MAX_STEPS, MIN_DELTA, MAX_EPS = 10 ** 7, sympy.Rational(1, 10 ** 30), sympy.Integer(100)
MIN_Q, MIN_SIGMA, MAX_SIGMA = sympy.Rational(1, 10 ** 6), sympy.Rational(3, 10), sympy.Integer(100)


def _in_range(value: sympy.Expr, name: str, low: sympy.Expr | None, high: sympy.Expr | None, text: str) -> None:
    if (low is not None and value < low) or (high is not None and value > high):
        raise ParameterError(f"{name} must be {text} (the certified accountant's supported range), got {value}")


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


def check_grid(h: object) -> fmpq | None:
    """A requested loss grid width: None, or a rational in (0, 1/4]."""
    if h is None:
        return None
    v = params.positive(h, "h")
    if not v.is_Rational or v > sympy.Rational(1, 4):
        raise ParameterError(f"h must be a rational in (0, 1/4], got {v}")
    return to_fmpq(v)


def delta_bracket(pair: object, steps: int | None, eps: object, rtol: object = sympy.Rational(1, 100),
                  h: object = None, limits: Limits = Limits(), progress: Progress | None = None) -> Bracket:
    """A certified bracket for δ(ε) of the `steps`-fold composition of `pair` (or of the list of
    pairs / (pair, count) tuples when `pair` is a list and `steps` is None).

    Supported: Gaussian and Laplace pairs, finite pairs, their Poisson subsamplings (both
    neighbouring directions), and any :class:`~symdp.accounting.profiles.Profile`. A fixed `h`
    (a rational) skips the refinement; otherwise the grid is refined until the relative width
    is at most `rtol` or :class:`CostLimitError` is raised.
    """
    e = params.nonnegative(eps, "eps")
    if not e.is_Rational:
        raise ParameterError(f"eps must be a rational (a decimal is fine), got {e}")
    _in_range(e, "eps", None, MAX_EPS, "in [0, 100]")
    return run("delta", _parts(pair, steps), [to_fmpq(e)], check_rtol(rtol), check_grid(h), limits, progress)[0]


def epsilon_bracket(pair: object, steps: int | None, delta: object, rtol: object = sympy.Rational(1, 100),
                    h: object = None, limits: Limits = Limits(), progress: Progress | None = None) -> Bracket:
    """A certified bracket for ε(δ) = min{ε ≥ 0 : δ(ε) ≤ δ} of the composition (see
    :func:`delta_bracket`); the upper end is oo when no finite ε reaches δ."""
    d = params.open_probability(delta, "delta")
    if not d.is_Rational:
        raise ParameterError(f"delta must be a rational (a decimal is fine), got {d}")
    _in_range(d, "delta", MIN_DELTA, None, "in [1e-30, 1)")
    return run("epsilon", _parts(pair, steps), [to_fmpq(d)], check_rtol(rtol), check_grid(h), limits, progress)[0]


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
