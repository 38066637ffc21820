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

import dataclasses
import math
import sys
import time
from dataclasses import dataclass, field
from typing import Callable, Sequence

import sympy
from flint import arb, arb_poly, fmpq, fmpz

from .. import params
from ..certificate import ensure, ensure_ordered
from ..errors import ParameterError
from ..numbers import Real, arb_of, exact, from_fmpq, to_fmpq, working_precision
from .compose import CostLimitError, Limits, check_deadline, product_cost
from .discretise import Discrete
from .ladder import Step, discretised, on_grid, step_power
from .plan import Plan
from .profiles import GaussianProfile, Profile, SubsampledProfile, profile_of

__all__ = ["Bracket", "delta_bracket", "epsilon_bracket", "dpsgd_delta", "dpsgd_epsilon", "dpsgd_pair",
           "CostLimitError", "Limits"]

Progress = Callable[[float, str], None]


@dataclass(frozen=True)
class Bracket:
    """lower ≤ value ≤ upper for `quantity` ("delta" or "epsilon"), exact rationals (upper may be
    oo when no finite ε reaches δ). `h` is the loss grid width, `window` the loss range of the
    composed distribution, `bits` the fixed-point size of the masses, `met` whether the requested
    relative width was reached."""

    quantity: str
    lower: sympy.Rational
    upper: sympy.Expr
    h: sympy.Rational
    window: tuple[sympy.Rational, sympy.Rational]
    bits: int
    rtol: sympy.Rational | None
    met: bool
    seconds: float = 0.0
    trace: tuple[tuple[str, float, float], ...] = field(default=(), repr=False)

    @property
    def width(self) -> sympy.Expr:
        return self.upper - self.lower

    @property
    def relative_width(self) -> sympy.Expr:
        """(upper − lower)/lower (oo when lower = 0 < upper)."""
        if self.upper == self.lower:
            return sympy.Integer(0)
        return self.width / self.lower if self.lower > 0 else sympy.oo

    def contains(self, value: object) -> bool:
        """lower ≤ value ≤ upper: exactly for rationals (floats as their decimal), by certified
        enclosures otherwise (False when the enclosure cannot be decided at 4096 bits)."""
        if not isinstance(value, Real):
            v = exact(value, "value")
            if v.is_Rational:
                return bool(self.lower <= v) and bool(v <= self.upper)
        lower, upper = to_fmpq(self.lower), None if self.upper is sympy.oo else to_fmpq(self.upper)
        for prec in (128, 512, 4096):
            with working_precision(prec):  # lower()/upper() round to the context's precision
                ball = arb_of(value, prec)
                lo, hi = ball.lower().fmpq(), ball.upper().fmpq()
            if lo >= lower and (upper is None or hi <= upper):
                return True
            if hi < lower or (upper is not None and lo > upper):
                return False
        return False

    def decimals(self, digits: int = 12) -> tuple[str, str]:
        """(lower, upper) as decimals of `digits` significant digits rounded outward."""
        return outward_decimal(self.lower, True, digits), outward_decimal(self.upper, False, digits)

    def __repr__(self) -> str:
        """The decimals first (rounded outward, so the printed interval still holds the value),
        which end to report, then the exact ends (long rationals shortened: `.lower`/`.upper`
        hold them whole)."""
        lower, upper = self.decimals(12)
        width = self.relative_width
        return (f"Bracket({self.quantity} in [{lower}, {upper}], report the upper end {upper}; "
                f"exact lower={_short_rational(self.lower)}, upper={_short_rational(self.upper)}, "
                f"relative width {float(width):.2e}, h={self.h}, bits={self.bits}, met={self.met})")

    def as_dict(self) -> dict:
        return {"quantity": self.quantity, "lower": str(self.lower), "upper": str(self.upper),
                "lower_float": float_down(self.lower), "upper_float": float_up(self.upper) if self.upper.is_finite else None,
                "relative_width": float(self.relative_width) if self.relative_width.is_finite else None,
                "h": str(self.h), "window": [str(w) for w in self.window], "bits": self.bits,
                "rtol": None if self.rtol is None else str(self.rtol), "met": self.met,
                "seconds": round(self.seconds, 3)}


def float_up(x: sympy.Expr) -> float:
    """The least float ≥ the exact value x (oo → inf): an upper end stays an upper end."""
    value = float(x)
    if math.isinf(value):      # oo, or beyond a double: inf is above; −inf is not above a finite x
        return value if value > 0 or x is -sympy.oo else -sys.float_info.max
    return math.nextafter(value, math.inf) if sympy.Rational(value) < x else value


def float_down(x: sympy.Expr) -> float:
    """The greatest float ≤ the exact value x: a lower end stays a lower end."""
    return -float_up(-x)


def _short_rational(x: sympy.Expr, width: int = 40) -> str:
    """str(x), with the middle digits of a long numerator or denominator elided and counted."""
    def short(digits: str) -> str:
        return digits if len(digits) <= width else f"{digits[:8]}…({len(digits)} digits)…{digits[-4:]}"
    if not x.is_Rational:
        return str(x)
    return short(str(x.p)) if x.q == 1 else f"{short(str(x.p))}/{short(str(x.q))}"


def outward_decimal(x: sympy.Expr, down: bool, digits: int = 12) -> str:
    """The rational x as a decimal of `digits` significant digits, rounded down (a lower end)
    or up (an upper end); oo prints as ``inf``."""
    from decimal import ROUND_CEILING, ROUND_FLOOR, Decimal, localcontext
    if x is sympy.oo:
        return "inf"
    with localcontext() as ctx:
        ctx.prec = digits
        ctx.rounding = ROUND_FLOOR if down else ROUND_CEILING
        d = Decimal(int(x.p)) / Decimal(int(x.q))
    return str(d)


# --------------------------------------------------------------------------------------------
# δ and ε of one composed direction


def _work_prec(d: Discrete) -> int:
    return d.bits + 96 + len(d.masses).bit_length()


def _tail(d: Discrete, k: int, prec: int) -> tuple[int, arb]:
    """S = Σ_{i>k} c_i and T = Σ_{i>k} c_i e^{(k−i)h} over the atoms at losses i·h > k·h, so that
    2^bits·δ(ε) = S − e^{ε−kh}·T + c_∞ for ε ∈ [kh, (k+1)h]."""
    start = max(k + 1 - d.lo, 0)
    if start >= len(d.masses):
        return 0, arb(0)
    tail = list(d.masses[start:])
    with working_precision(prec):
        z = (-arb(d.h)).exp()
        t = arb_poly(tail)(z) * z ** (d.lo + start - k)
    return sum(tail), t


def _delta_bounds(d: Discrete, eps: fmpq) -> tuple[fmpq, fmpq]:
    """Exact rationals lower ≤ δ(ε) ≤ upper for this discretisation's
    δ(ε) = Σ_{a_i > ε} p_i (1 − e^{ε−a_i}) + p_∞, the ends of a ball at the working precision
    (taken there: an end rounded at the default 53 bits would lose the fixed point's digits)."""
    k = int((eps / d.h).floor())
    prec = _work_prec(d)
    s, t = _tail(d, k, prec)
    with working_precision(prec):
        scaled = s - (arb(eps - d.h * k)).exp() * t + d.inf
        ball = scaled.nonnegative_part() / (fmpz(1) << d.bits)
        return max(ball.lower().fmpq(), fmpq(0)), ball.upper().fmpq()


def _grid_delta_le(d: Discrete, k: int, target: fmpq) -> bool | None:
    """Is δ(kh) ≤ target certainly (True), certainly > (False), or undecided (None)?"""
    lower, upper = _delta_bounds(d, d.h * k)
    return True if upper <= target else False if lower > target else None


def _round_up(x: fmpq, bits: int = 96) -> fmpq:
    scale = fmpz(1) << bits
    return fmpq(int((x * scale).ceil()), scale)


def _round_down(x: fmpq, bits: int = 96) -> fmpq:
    scale = fmpz(1) << bits
    return fmpq(int((x * scale).floor()), scale)


def _epsilon_upper(d: Discrete, delta: fmpq) -> fmpq | None:
    """The least ε ≥ 0 with δ_d(ε) ≤ delta, rounded up; None when δ_d(∞) = p_∞ > delta."""
    if fmpq(d.inf, 1 << d.bits) >= delta:
        return None
    sure = _grid_delta_le(d, 0, delta)  # True: δ(0) ≤ delta; False: certainly >; None: undecided
    if sure:
        return fmpq(0)
    # δ(lo·h) > delta (certainly when `sure` is False); beyond the last atom δ is p_∞ < delta exactly
    lo, hi = 0, max(d.hi, 0) + 1
    ensure(_grid_delta_le(d, hi, delta), "δ beyond the window is p_∞ < δ", p_inf=fmpq(d.inf, 1 << d.bits), delta=delta)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        test = _grid_delta_le(d, mid, delta)
        if test:
            hi = mid
        else:
            lo, sure = mid, test
    root = _cell_root(d, lo, delta)
    # an undecided test at lo (counted as δ > delta) leaves the root possibly below the cell,
    # where the cell's formula is not δ_d: the root is then used only when it lies in the cell
    if root is None or (sure is None and root[0] < d.h * lo):
        return d.h * hi
    return min(_round_up(root[1]), d.h * hi)


def _cell_root(d: Discrete, lo: int, delta: fmpq) -> tuple[fmpq, fmpq] | None:
    """Exact ends of a ball containing the ε in [lo·h, (lo + 1)·h] where δ_d(ε) = delta: there
    2^bits δ(ε) = S − e^{ε − lo h} T + c_∞ (suffix sums S, T of the masses above lo).
    None when T = 0 or the ball is not finite (the caller keeps the grid point)."""
    prec = _work_prec(d)
    s, t = _tail(d, lo, prec)
    with working_precision(prec):
        if not t > 0:
            return None
        root = arb(d.h * lo) + ((s + d.inf - arb(delta) * (fmpz(1) << d.bits)) / t).log()
        return (root.lower().fmpq(), root.upper().fmpq()) if root.is_finite() else None


def _epsilon_lower(d: Discrete, delta: fmpq) -> fmpq:
    """The greatest ε ≥ 0 with δ_d(ε) ≥ delta, rounded down (0 when δ_d(0) < delta)."""
    if _grid_delta_le(d, 0, delta) is not False:
        return fmpq(0)
    lo, hi = 0, max(d.hi, 1)  # δ(lo·h) > delta certainly; δ(hi·h) ≤ delta or undecided
    sure = _grid_delta_le(d, hi, delta)
    if sure is False:
        return d.h * hi  # p_∞ = 0 for a lower bound, so δ vanishes beyond the window
    while hi - lo > 1:
        mid = (lo + hi) // 2
        test = _grid_delta_le(d, mid, delta)
        if test is False:
            lo = mid
        else:
            hi, sure = mid, test
    root = _cell_root(d, lo, delta)
    # an undecided test at hi (counted as δ ≤ delta) leaves the root possibly beyond the cell,
    # where the cell's formula is not δ_d: the root is then used only when it lies in the cell
    if root is None or (sure is None and root[1] > d.h * hi):
        return d.h * lo
    return max(_round_down(root[0]), d.h * lo)


# --------------------------------------------------------------------------------------------
# The composed directions at one grid


def directions(parts: Sequence[tuple[Profile, int]]) -> list[list[tuple[Profile, int]]]:
    """The neighbouring directions of a composition of (profile, count) parts: one when every
    part is symmetric, else the parts and their reverses (δ of the composition is the larger)."""
    forward = list(parts)
    if all(p.symmetric for p, _ in parts):
        return [forward]
    return [forward, [(p.reverse(), k) for p, k in parts]]


def steps_of(direction: Sequence[tuple[Profile, int]], plan: Plan, limits: Limits) -> list[tuple[Step, int]]:
    """Each part's one-step discretisations (on a finer grid where the working one collapses
    them, :mod:`symdp.accounting.ladder`), checked against the memory limit before any product."""
    steps = []
    for profile, k in direction:
        check_deadline(limits)
        steps.append((discretised(profile, plan, limits), k))
    _check_composed_size(steps, plan, limits)
    return steps


def composed(direction: Sequence[tuple[Profile, int]], plan: Plan, limits: Limits,
             progress: Callable[[int, int], None] | None = None) -> tuple[Discrete, Discrete]:
    """(upper, lower): the dominating and dominated discretisations of the composition of one
    direction on the plan's grid (a single part too narrow for it stays on its finer grid,
    :mod:`symdp.accounting.ladder`); every product cuts by the plan's rule."""
    up = low = None
    done = 0
    parts = steps_of(direction, plan, limits)
    for step, k in parts:
        up_k, low_k = step_power(step, k, plan, limits, progress)
        if len(parts) > 1:  # a part left on its fine grid joins the others on the working grid
            up_k, low_k = on_grid(up_k, plan.h), on_grid(low_k, plan.h)
        done += k
        up = up_k if up is None else plan.multiply(up, up_k, done, limits)
        low = low_k if low is None else plan.multiply(low, low_k, done, limits)
    if up is None:
        raise ParameterError("nothing to compose")
    return up, low


def _check_composed_size(steps: list[tuple[Step, int]], plan: Plan, limits: Limits) -> None:
    """Refuse before composing when the composed window would not fit the memory limit.

    The composed loss has variance Σ k·Var_P(Z) (independent steps); the cuts keep about
    z = √(2 ln(2^bits/τ)) standard deviations on each side (a Gaussian tail at the cut's mass),
    so the largest product has about 2·z·sd/h + Σ lengths coefficients (lengths in working grid
    points). An estimate: the product-by-product check stays in force."""
    var, length = 0.0, 0
    for step, k in steps:
        d = step.up
        weights = [c / 2 ** d.bits for c in d.masses]
        total = sum(weights) or 1.0
        mean = sum(w * (d.lo + i) for i, w in enumerate(weights)) / total
        var += k * sum(w * (d.lo + i - mean) ** 2 for i, w in enumerate(weights)) / total / step.factor ** 2
        length += len(d.masses) // step.factor + 1
    z = math.sqrt(2 * math.log(2 ** plan.bits / max(plan.tau_per_step, 1)))
    points = int(2 * z * math.sqrt(var)) + length
    memory, _ = product_cost(points, points, plan.bits)
    if memory > limits.memory:
        raise CostLimitError(
            f"the composition would span about {points} grid points of width {plan.h} ({plan.bits}-bit masses), "
            f"about {memory / 1e9:.1f} GB per product, above the memory limit of {limits.memory / 1e9:.1f} GB "
            f"(fewer steps, a coarser grid or a larger rtol)")


def epsilon_ends(up: Discrete, low: Discrete, delta: fmpq) -> tuple[fmpq, fmpq | None]:
    """(lower, upper) of ε(δ) read off one direction's composed pair: the greatest ε with
    δ_low(ε) ≥ δ and the least with δ_up(ε) ≤ δ (None: no finite ε), each exact."""
    return _epsilon_lower(low, delta), _epsilon_upper(up, delta)


def delta_ends(up: Discrete, low: Discrete, eps: fmpq) -> tuple[fmpq, fmpq]:
    """(lower, upper) of δ(ε) read off one direction's composed pair, exact rationals."""
    return _delta_bounds(low, eps)[0], _delta_bounds(up, eps)[1]


def _total_steps(parts: Sequence[tuple[Profile, int]]) -> int:
    return sum(k for _, k in parts)


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
    _in_range(sympy.Integer(_total_steps(out)), "steps", None, MAX_STEPS, "at most 10^7 in total")
    return out


def _initial_h(parts: Sequence[tuple[Profile, int]], rtol: float) -> fmpq:
    """A first grid: the relative width is about c·h², with c ≈ 0.8·T up to T = 1000 but
    growing much more slowly beyond (measured at h = 1/400, δ = 10⁻⁵: c = 935, 1286, 1583 for
    q = 0.01, σ = 1 at T = 10³, 10⁴, 10⁵; 187, 221 for q = 0.05, σ = 2 at T = 10³, 10⁴; 6597 for
    q = 256/60000, σ = 1.1, T = 14063), so T is counted as 1000·(T/1000)^{1/4} beyond 1000 and
    h ≈ 0.9·√(rtol/T), kept in [1/20000, 1/50]. The refinement loop corrects a guess that is
    too coarse (it cannot coarsen one that is too fine)."""
    t = _total_steps(parts)
    t = t if t <= 1000 else 1000 * (t / 1000) ** 0.25
    guess = 0.9 * math.sqrt(rtol / t)
    n = min(max(int(1 / guess), 50), 20000)
    return fmpq(1, n)


def _bracket(quantity: str, parts: list[tuple[Profile, int]], target: fmpq, rtol: fmpq | None,
             h: fmpq | None, limits: Limits, progress: Progress | None) -> Bracket:
    start = time.monotonic()
    run_limits = dataclasses.replace(limits, deadline=start + limits.seconds)
    goal = float(rtol) if rtol is not None else 1e-2
    grid = h if h is not None else _initial_h(parts, goal)
    # The truncation and rounding budgets are relative to the size of δ: the target for ε
    # queries; for δ queries the upper end of a probe on a 4× coarser grid, lowered to the found
    # upper end while that shrinks it by a real factor (the floor 10⁻³⁸ ends it when δ is 0).
    scale = float(target) if quantity == "epsilon" else _delta_scale(parts, target, grid, run_limits)
    best, trace = None, []
    while True:
        plan = Plan.for_run(grid, _total_steps(parts), scale, goal, int(1 / float(grid)))
        try:
            lower, upper, window = _evaluate(quantity, parts, target, plan, run_limits, progress)
        except CostLimitError as err:
            spent = time.monotonic() - start
            if best is None:
                raise CostLimitError(f"{err} (after {spent:.1f} s, before any bracket)") from None
            raise CostLimitError(
                f"{err} (after {spent:.1f} s; relative width {rtol} not reached; best: "
                f"[{float(best.lower):.10g}, {float(best.upper):.10g}] at h = {best.h}, "
                f"relative width {float(best.relative_width):.3g})", bracket=best) from None
        if quantity == "delta" and upper is not None and max(float(upper), 1e-38) < scale / 4:
            scale = max(float(upper), 1e-38)
            continue
        elapsed = time.monotonic() - start
        trace.append((str(from_fmpq(grid)), float(lower), float(upper) if upper is not None else math.inf))
        # A δ below 10⁻⁴⁰ (the floor of the fixed-point budget) has no relative width to reach.
        met = rtol is None or (upper is not None and (upper - lower <= to_fmpq(rtol) * lower
                                                      or upper <= fmpq(1, 10 ** 40)))
        best = Bracket(quantity, from_fmpq(lower), sympy.oo if upper is None else from_fmpq(upper),
                       from_fmpq(grid), window, plan.bits, None if rtol is None else from_fmpq(rtol), met,
                       elapsed, tuple(trace))
        if met or h is not None:
            return best
        width = float((upper - lower) / lower) if upper is not None and lower > 0 else math.inf
        factor = min(max(math.sqrt(goal / width) * 0.8, 1 / 8), 1 / 1.5) if math.isfinite(width) else 1 / 4
        grid = fmpq(1, math.ceil(1 / (float(grid) * factor)))
        if progress:
            progress(0.0, f"refining the grid to h = 1/{int(grid.q)}")


def _delta_scale(parts: list[tuple[Profile, int]], eps: fmpq, grid: fmpq, limits: Limits) -> float:
    """The size of δ(ε) for the budgets of a δ query: the certified upper end of a cheap probe
    (grid 4h, at most 1/8, no fine-grid ladder; budgets relative to 10⁻¹²), or 10⁻¹² when the
    probe hits a limit.
    Validity never depends on it: a scale far above δ only widens the bracket, and the caller
    lowers it while the found upper end is well below it."""
    probe = fmpq(1, max(8, int(1 / (4 * float(grid)))))
    plan = dataclasses.replace(Plan.for_run(probe, _total_steps(parts), 1e-12, 0.5, int(1 / float(probe))),
                               fine=False)  # only its upper end is used: a collapsed lower one is fine
    try:
        upper = _evaluate("delta", parts, eps, plan, limits, None)[1]
    except CostLimitError:
        return 1e-12
    return max(float(upper), 1e-38)


def _evaluate(quantity: str, parts: list[tuple[Profile, int]], target: fmpq, plan: Plan, limits: Limits,
              progress: Progress | None) -> tuple[fmpq, fmpq | None, tuple]:
    lows, ups, windows = [], [], []
    dirs = directions(parts)
    for i, direction in enumerate(dirs):
        report = None
        if progress:
            def report(done: int, total: int, i=i) -> None:
                progress((i + done / max(total, 1)) / len(dirs), f"direction {i + 1}/{len(dirs)}")
        up, low = composed(direction, plan, limits, report)
        windows.append((up.lo * up.h, up.hi * up.h))
        lower, upper = (delta_ends if quantity == "delta" else epsilon_ends)(up, low, target)
        lows.append(lower)
        ups.append(upper)
        # the dominated pair's value never exceeds the dominating one's, direction by direction
        ensure_ordered(lows[-1], ups[-1], f"the {quantity} bracket of direction {i + 1}")
    window = (from_fmpq(min(w[0] for w in windows)), from_fmpq(max(w[1] for w in windows)))
    upper = None if any(u is None for u in ups) else max(ups)
    if quantity == "delta":
        upper = min(upper, fmpq(1))
    ensure(max(lows) >= 0, f"the {quantity} bracket's lower end is ≥ 0", lower=max(lows))
    ensure_ordered(max(lows), upper, f"the {quantity} bracket")
    return max(lows), upper, window


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
    return _bracket("delta", _parts(pair, steps), to_fmpq(e), check_rtol(rtol), check_grid(h), limits, progress)


def epsilon_bracket(pair: object, steps: int | None, delta: object, rtol: object = sympy.Rational(1, 100),
                    h: object = None, limits: Limits = Limits(), progress: Progress | None = None) -> Bracket:
    """A certified bracket for ε(δ) = min{ε ≥ 0 : δ(ε) ≤ δ} of the composition (see
    :func:`delta_bracket`); the upper end is oo when no finite ε reaches δ."""
    d = params.open_probability(delta, "delta")
    if not d.is_Rational:
        raise ParameterError(f"delta must be a rational (a decimal is fine), got {d}")
    _in_range(d, "delta", MIN_DELTA, None, "in [1e-30, 1)")
    return _bracket("epsilon", _parts(pair, steps), to_fmpq(d), check_rtol(rtol), check_grid(h), limits, progress)


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
