"""Noise calibration for DP-SGD: the noise multiplier σ that reaches a target (ε, δ), certified.

ε(δ) of T Poisson-subsampled Gaussian steps is nonincreasing in σ (a larger σ is a post-
processing of a smaller one: add independent Gaussian noise), so the least σ reaching ε exists.
:func:`dpsgd_sigma` returns a rational σ together with two certified ε brackets:

* at σ: the upper end is ≤ the target, so (ε, δ)-DP holds at σ;
* at σ(1 − rtol): the lower end exceeds the target, so no σ' ≤ σ(1 − rtol) reaches it, i.e.
  σ is within a factor 1/(1 − rtol) of the least σ — the certificate of near-minimality.

Opacus's ``make_private_with_epsilon`` does the same search in floats; here only the *search*
uses the brackets' midpoints as estimates, and the answer stands on the two brackets alone.
A search that runs longer than a second shows its progress on stderr when stderr is a terminal.
"""

from __future__ import annotations

import math
import sys
import time
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Callable, Iterator

import sympy

from ..numerics import params
from ..certificate import ensure, ensure_ordered
from ..errors import ParameterError, show
from ..limits import on_terminal
from .api import MAX_SIGMA, MIN_SIGMA, Bracket, Progress, dpsgd_epsilon
from .compose import CostLimitError, Limits

__all__ = ["Calibration", "dpsgd_sigma", "SIGMA_RANGE", "terminal_progress"]


@contextmanager
def terminal_progress(label: str, stream=None, min_seconds: float = 1.0) -> Iterator[Progress | None]:
    """A progress callback ``(fraction, message)`` drawing a one-line bar on `stream` (stderr),
    only when it is a terminal (:func:`symdp.limits.on_terminal`: in a log or a pipe every redraw
    would stay) and only once the work has run `min_seconds`; the line is ended on exit. Yields
    None when there is no terminal."""
    stream = sys.stderr if stream is None else stream
    if not on_terminal(stream):
        yield None
        return
    start, shown = time.monotonic(), [False]

    def draw(fraction: float, message: str) -> None:
        if not shown[0] and time.monotonic() - start < min_seconds:
            return
        shown[0] = True
        width = 30
        done = int(round(width * min(max(fraction, 0.0), 1.0)))
        stream.write(f"\r{label} [{'#' * done}{'.' * (width - done)}] {100 * fraction:5.1f}% {message:<48.48}")
        stream.flush()
    try:
        yield draw
    finally:
        if shown[0]:
            stream.write("\n")
            stream.flush()

#: The noise multipliers searched: the certified accountant's supported range (σ and σ(1 − rtol)).
SIGMA_RANGE = (MIN_SIGMA, MAX_SIGMA)


@dataclass(frozen=True)
class Calibration:
    """σ with ε⁺(σ) ≤ eps (``at_sigma.upper``) and ε⁻(σ(1 − rtol)) > eps (``below.lower``):
    (eps, delta)-DP holds at σ, and fails at every σ' ≤ σ(1 − rtol)."""

    sigma: sympy.Rational
    eps: sympy.Rational
    delta: sympy.Rational
    rtol: sympy.Rational
    at_sigma: Bracket
    below: Bracket
    seconds: float

    def __float__(self) -> float:
        """σ as a float rounded up (more noise is never less private)."""
        value = float(self.sigma)
        return math.nextafter(value, math.inf) if sympy.Rational(value) < self.sigma else value

    def __repr__(self) -> str:
        return (f"Calibration(sigma={self.sigma} (≈{float(self):.6g}): epsilon ≤ {self.at_sigma.decimals(8)[1]} "
                f"≤ {self.eps} at delta={self.delta}; at sigma·(1 − {self.rtol}) epsilon ≥ "
                f"{self.below.decimals(8)[0]} > {self.eps}, {self.seconds:.1f} s)")


def _round_up(sigma: float, rtol: float) -> sympy.Rational:
    """σ rounded up to a decimal whose last digit is about rtol·σ/20 (a readable rational)."""
    step = 10.0 ** math.floor(math.log10(sigma * rtol / 20))
    return sympy.Rational(math.ceil(sigma / step)) * sympy.Rational(step).limit_denominator(10 ** 12)


def dpsgd_sigma(q: object, steps: int, eps: object, delta: object, rtol: object = sympy.Rational(1, 100),
                limits: Limits = Limits(seconds=300.0), *, progress: Progress | bool | None = None) -> Calibration:
    """The near-least noise multiplier σ for which `steps` DP-SGD steps at sampling rate `q` are
    certified (eps, delta)-DP; see the module docstring for what is certified. `rtol` ∈ (0, 1/2]
    is the near-minimality factor; `limits.seconds` bounds the whole search (time spent).
    `progress`: None draws a bar on stderr when it is a terminal (after a second), False never,
    a callable ``(fraction, message)`` receives the progress (each σ tried, then its bracket's)."""
    if progress is None:
        with terminal_progress("symdp: calibrating sigma") as bar:
            return dpsgd_sigma(q, steps, eps, delta, rtol, limits, progress=bar or False)
    q_ = params.positive_probability(q, "q")
    t = params.count(steps, "steps")
    target = params.positive(eps, "eps")
    d = params.open_probability(delta, "delta")
    r = params.positive(rtol, "rtol")
    if not (target.is_Rational and d.is_Rational):
        raise ParameterError("eps and delta must be rationals (a decimal is fine)")
    if not r.is_Rational or r > sympy.Rational(1, 2):
        raise ParameterError(f"rtol must be a rational in (0, 1/2], got {show(r)}")
    start = time.monotonic()
    width = r / 4  # the brackets' own relative width: well inside the factor rtol
    tried = [0]

    def bracket(sigma: sympy.Rational) -> Bracket:
        left = limits.seconds - (time.monotonic() - start)
        if left <= 0:
            raise CostLimitError(f"dpsgd_sigma: no certified σ within the time limit of {limits.seconds:.0f} s "
                                 f"(ran {time.monotonic() - start:.0f} s)")
        _in_range(sigma, target)
        n, tried[0] = tried[0], tried[0] + 1
        inner = None
        if progress:
            def inner(fraction: float, message: str) -> None:   # about 6 tries in all
                progress(min((n + fraction) / max(n + 2, 6), 0.99), f"sigma = {float(sigma):.6g} (try {n + 1}): {message}")
            inner(0.0, "the certified epsilon bracket")
        b = dpsgd_epsilon(q_, sigma, t, d, rtol=width, limits=Limits(limits.memory, left), progress=inner)
        ensure_ordered(b.lower, b.upper, "the ε bracket of a calibration step")
        return b

    sigma = _search(bracket, target, float(r), q_, t, d)
    for _ in range(8):  # the window for σ is rtol wide, the brackets rtol/4: a few nudges at most
        at, below = bracket(sigma), bracket(sigma * (1 - r))
        if at.upper > target:
            sigma = _round_up(float(sigma) * (1 + float(r) / 4), float(r))
        elif below.lower <= target:
            sigma = _round_up(float(sigma) * (1 - float(r) / 4), float(r))
        else:
            break
        _in_range(sigma, target)
    else:
        raise CostLimitError(f"dpsgd_sigma: no σ near {float(sigma):.6g} certified within rtol = {r} "
                             "in 8 tries (the ε brackets are too wide here: a larger rtol)")
    ensure(at.upper <= target, "ε upper end at the calibrated σ ≤ target", sigma=sigma, upper=at.upper)
    ensure(below.lower > target, "ε lower end at σ(1 − rtol) > target", sigma=sigma, lower=below.lower)
    return Calibration(sigma, target, d, r, at, below, time.monotonic() - start)


def _in_range(sigma: sympy.Rational, target: sympy.Expr) -> None:
    lo, hi = SIGMA_RANGE
    if not lo <= sigma <= hi:
        raise ParameterError(f"eps = {show(target)} needs a noise multiplier outside [{lo}, {hi}] "
                             "(the range dpsgd_sigma searches)")


def _initial(q: sympy.Expr, steps: int, eps: sympy.Expr, delta: sympy.Expr) -> float:
    """A first guess: the Gaussian mechanism's σ ≈ √(2 log(1.25/δ))/ε with the composed
    sensitivity q√T (the moments-accountant scaling); the search corrects it."""
    guess = float(q) * math.sqrt(steps) * math.sqrt(2 * math.log(1.25 / float(delta))) / float(eps)
    return min(max(guess, 0.3), 100.0)


def _search(bracket: Callable[[sympy.Rational], Bracket], target: sympy.Expr, rtol: float, q: sympy.Expr,
            steps: int, delta: sympy.Expr) -> sympy.Rational:
    """σ near the root of ε(σ) = target, from the brackets' midpoints: Newton steps in
    (log σ, log ε) with the secant slope (clamped to [−3, −1/3]: ε falls like σ^−1 to σ^−2),
    safeguarded by the last σ seen on each side of the root. Returns σ·(1 + rtol/2) rounded up,
    the middle of the window the certificate needs."""
    goal = math.log(float(target))
    s = math.log(_initial(q, steps, target, delta))
    lo_side, hi_side = None, None  # log σ with ε above / below the target
    prev, slope = None, -1.0
    for _ in range(40):
        sigma = _round_up(math.exp(s), rtol)
        _in_range(sigma, target)
        b = bracket(sigma)
        if b.upper is sympy.oo:
            f = math.inf
        else:
            f = math.log(float((b.lower + b.upper) / 2) or 1e-300) - goal
        s = math.log(float(sigma))
        if abs(f) <= rtol / 8:
            return _round_up(float(sigma) * (1 + rtol / 2), rtol)
        if f > 0:
            lo_side = s if lo_side is None else max(lo_side, s)
        else:
            hi_side = s if hi_side is None else min(hi_side, s)
        if prev is not None and math.isfinite(f) and math.isfinite(prev[1]) and prev[0] != s:
            slope = min(max((f - prev[1]) / (s - prev[0]), -3.0), -1 / 3)
        step = -f / slope if math.isfinite(f) else math.log(2)
        step = min(max(step, -math.log(4)), math.log(4))
        nxt = s + step
        if lo_side is not None and hi_side is not None and not lo_side < nxt < hi_side:
            nxt = (lo_side + hi_side) / 2
        prev, s = (s, f), nxt
    raise CostLimitError("dpsgd_sigma: the search for σ did not settle in 40 certified evaluations")
