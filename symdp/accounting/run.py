"""One certified accounting run: every neighbouring direction composed on one grid, read off at
one or many targets, the grid refined until the brackets are as narrow as asked.

δ of a composition is the larger of its directions' (P₁×…×P_T ‖ Q₁×…×Q_T and the reverse), and
so is ε(δ). A bracket [max lowers, max uppers] over the directions is valid whichever
directions' ends are known, so only the direction the float estimates (:mod:`.estimate`) expect
to be the larger is composed on both sides; another one is composed on its dominating side
only — first on a coarser grid, where that is expected to already stay below the first one's
lower end — and on its dominated side only where its upper end is above the first one's.
Which direction is the larger, and how far apart they are, only changes the cost.
"""

from __future__ import annotations

import dataclasses
import math
import time
from typing import Callable, Sequence

import sympy
from flint import fmpq

from ..certificate import ensure, ensure_ordered
from ..errors import ParameterError
from ..numbers import from_fmpq, to_fmpq
from .bracket import Bracket, rises_by
from .compose import CostLimitError, Limits, check_deadline, product_cost
from .discretise import Discrete, loss_range
from .estimate import Composed, CutWeight, composed_law, law_of
from .ladder import FINE, WIDE, WIDE_LOW, Step, discretised, step_power, support_end
from .plan import Plan
from .profiles import Profile
from .readout import Reader

__all__ = ["directions", "composed", "epsilon_ends", "delta_ends", "run", "model_of", "Progress"]

Progress = Callable[[float, str], None]


def directions(parts: Sequence[tuple[Profile, int]]) -> list[list[tuple[Profile, int]]]:
    """The neighbouring directions of a composition of (profile, count) parts: one when every
    part is symmetric, else the parts and their reverses (δ of the composition is the larger)."""
    forward = list(parts)
    if all(p.symmetric for p, _ in parts):
        return [forward]
    return [forward, [(p.reverse(), k) for p, k in parts]]


def steps_of(direction: Sequence[tuple[Profile, int]], plan: Plan, limits: Limits,
             lower: bool = True) -> list[tuple[Step, int]]:
    """Each part's one-step discretisations (on a finer grid where the working one collapses
    them, :mod:`symdp.accounting.ladder`), checked against the memory limit before any product."""
    steps = []
    for profile, k in direction:
        check_deadline(limits)
        steps.append((discretised(profile, plan, limits, lower), k))
    _check_composed_size(steps, plan, limits)
    return steps


def composed(direction: Sequence[tuple[Profile, int]], plan: Plan, limits: Limits,
             progress: Callable[[int, int], None] | None = None,
             lower: bool = True, notes: list[str] | None = None) -> tuple[Discrete, Discrete | None]:
    """(upper, lower): the dominating and dominated discretisations of the composition of one
    direction on the plan's grid (a single part too narrow for it stays on its finer grid,
    :mod:`symdp.accounting.ladder`); every product cuts by the plan's rule. `lower` False: the
    dominating side only (None in its place). A step's note (a loose grid) goes to `notes`."""
    up = low = None
    done = 0
    parts = steps_of(direction, plan, limits, lower)
    if notes is not None:
        notes.extend(step.note for step, _ in parts if step.note and step.note not in notes)
    for step, k in parts:
        # a part is on the working grid when it joins others
        up_k, low_k = step_power(step, k, plan, limits, progress, coarse=len(parts) > 1)
        done += k
        up = up_k if up is None else plan.multiply(up, up_k, done, limits)
        if lower:
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
        total = float(d.total) or 1.0
        first = float(d.poly.derivative()(1)) / total  # Σ i c_i / Σ c_i
        second = float(d.poly.derivative().derivative()(1)) / total  # Σ i(i−1) c_i / Σ c_i
        var += k * max(second + first - first * first, 0.0) / step.factor ** 2
        length += len(d) // step.factor + 1
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
    return Reader(low).epsilon_lower(delta), Reader(up).epsilon_upper(delta)


def delta_ends(up: Discrete, low: Discrete, eps: fmpq) -> tuple[fmpq, fmpq]:
    """(lower, upper) of δ(ε) read off one direction's composed pair, exact rationals."""
    return Reader(low).delta_bounds(eps)[0], Reader(up).delta_bounds(eps)[1]


def _read(quantity: str, d: Discrete, targets: Sequence[fmpq], upper: bool) -> list[fmpq | None]:
    """One end per target from one composed side (None: ε = ∞, no finite ε reaches the δ)."""
    reader = Reader(d)
    if quantity == "delta":
        return [reader.delta_bounds(t)[1 if upper else 0] for t in targets]
    return [reader.epsilon_upper(t) if upper else reader.epsilon_lower(t) for t in targets]


# --------------------------------------------------------------------------------------------
# The run


def total_steps(parts: Sequence[tuple[Profile, int]]) -> int:
    return sum(k for _, k in parts)


def initial_h(parts: Sequence[tuple[Profile, int]], rtol: float) -> fmpq:
    """A first grid: the relative width is about c·h², with c ≈ 0.8·T up to T = 1000 but
    growing much more slowly beyond (measured at h = 1/400, δ = 10⁻⁵: c = 935, 1286, 1583 for
    q = 0.01, σ = 1 at T = 10³, 10⁴, 10⁵; 187, 221 for q = 0.05, σ = 2 at T = 10³, 10⁴; 6597 for
    q = 256/60000, σ = 1.1, T = 14063), so T is counted as 1000·(T/1000)^{1/4} beyond 1000 and
    h ≈ 0.9·√(rtol/T), kept in [1/20000, 1/50]. The refinement loop corrects a guess that is
    too coarse (it cannot coarsen one that is too fine)."""
    t = total_steps(parts)
    t = t if t <= 1000 else 1000 * (t / 1000) ** 0.25
    guess = 0.9 * math.sqrt(rtol / t)
    n = min(max(int(1 / guess), 50), 20000)
    return fmpq(1, n)


def _grid_goal(quantity: str, model: "Estimates", targets: Sequence[fmpq], goal: float) -> float:
    """The relative width of the bracket (of ε, or of δ) that the first grid aims at: `goal`,
    or for δ at ε the width that a δ bracket meeting `goal` through its ε-equivalent width may
    have (:attr:`.bracket.Bracket.epsilon_width`): goal·ε·λ, δ falling like e^{−λε} near ε (λ
    the saddle point's tilt, −d log δ/dε), when that is larger; the most demanding target."""
    if quantity != "delta":
        return goal
    law = model.laws[model.order[0]]
    top = max(targets)  # the model's tilt is at the largest ε already
    return goal * min(max(1.0, float(t) * (model.tilt if t == top else law.tilt(float(t)))) for t in targets)


def _first_grid(quantity: str, parts: Sequence[tuple[Profile, int]], model: "Estimates", targets: Sequence[fmpq],
                goal: float) -> fmpq:
    """The grid expected to give a relative width of 0.75·rtol (:meth:`.estimate.Composed.width`,
    width ∝ h²), in [1/20000, 1/50]. When a step would need a fine grid 4 times finer or more
    on the grid of :func:`initial_h` (:mod:`.ladder`; the width is then that of the fine grid,
    hardly of h), that grid is the other candidate, and the cheaper one by :func:`_cost` is
    taken. :func:`initial_h` also when no estimate can be formed."""
    law = model.laws[model.order[0]]
    if quantity == "epsilon":
        eps = max(model.values[model.order[0]])
    else:
        eps = float(max(targets))
    probe = 1 / 400
    width = law.width(probe, eps, quantity) if 0 < eps < math.inf else 0.0
    if not (math.isfinite(width) and width > 0):
        return initial_h(parts, goal)
    n = min(max(int(math.ceil(1 / (probe * math.sqrt(0.75 * goal / width)))), 50), 20000)
    grid = fmpq(1, n)
    if len(parts) == 1 and _ladder_factor(parts[0][0], grid) > 1:
        return _ladder_grid(parts[0][0], model) or grid
    coarse = initial_h(parts, goal)
    if all(_ladder_factor(p, coarse) < 4 for p, _ in parts):
        return grid  # no step that the ladder would resolve whatever the grid
    return grid if _cost(parts, model, grid) < _cost(parts, model, coarse) else coarse


#: The fine-grid ladder (:mod:`.ladder`) composes blocks of about 2^LADDER_LEVELS steps below
#: the working grid: the fine grids' products cost more per level as the working grid is
#: coarser, the working grid's products less (measured at q = 10⁻⁴, σ = 1, T = 10⁵: CPU time
#: flat within 10 % for blocks of 2^7 to 2^9 steps, a working grid 10 to 30 times the fine one).
LADDER_LEVELS = 8


def _ladder_grid(profile: Profile, model: "Estimates") -> fmpq | None:
    """For one step that the ladder resolves on a fine grid h₀ ≈ |b|/FINE (b the end of its
    loss support): the working grid h = f·h₀ on which a block of 2^LADDER_LEVELS steps is
    WIDE_LOW working widths wide (its spread grows as √(steps): f ≈ 2^(LADDER_LEVELS/2)·σ/(h₀·
    WIDE_LOW), σ the step's standard deviation), f rounded to a product of 2, 3 and 5 (the
    ladder climbs f's prime factors). The width hardly depends on h there: it is the fine
    grid's. None when the step's end or deviation is unknown."""
    end = support_end(profile, fmpq(1, 50))
    sd = model.step_sd.get(profile, 0.0)
    if end is None or not sd > 0:
        return None
    target = 2 ** (LADDER_LEVELS / 2) * sd * FINE / (end * WIDE_LOW)
    f = min(_SMOOTH, key=lambda m: abs(math.log(m / max(target, 2))))
    n = math.ceil(FINE / (f * end))  # then FINE·h/end is in (f − 1, f]: the ladder's factor is f
    return fmpq(1, min(max(n, 50), 20000))


#: Products of 2, 3 and 5 from 2 to 64: ladder factors whose rungs are short.
_SMOOTH = sorted({2 ** a * 3 ** b * 5 ** c for a in range(7) for b in range(4) for c in range(3)
                  if 2 <= 2 ** a * 3 ** b * 5 ** c <= 64})


def _ladder_factor(profile: Profile, grid: fmpq) -> float:
    """How much finer than `grid` the step's fine grid would be (1: none)."""
    end = support_end(profile, grid)
    return 1.0 if end is None else FINE * float(grid) / end


def _cost(parts: Sequence[tuple[Profile, int]], model: "Estimates", grid: fmpq) -> float:
    """A rough cost of a run on `grid`, in coefficient-products: the composed window's points
    times the squarings, plus for a step on a fine grid its window's points there times the
    squarings it takes there (:mod:`.ladder`: until the composed spread is WIDE working grid
    points), counted four times (its coarsening and longer discretisation; measured at
    q = 10⁻⁴ and 10⁻³)."""
    steps = max(total_steps(parts), 2)
    cost = model.points(grid) * math.log2(steps)
    for profile, k in parts:
        factor = _ladder_factor(profile, grid)
        if factor > 1:
            lo, hi = loss_range(profile, 1e-16)
            sd = max(model.step_sd.get(profile, 0.0), 1e-300)
            levels = min(max(2 * math.log2(WIDE * float(grid) / sd), 0.0), math.log2(max(k, 2)))
            cost += 4 * (hi - lo) * factor / float(grid) * levels
    return cost


@dataclasses.dataclass
class Estimates:
    """The float estimates of a run (:mod:`.estimate`): per direction, its composed law and its
    value at each target; the direction order (largest first); the tilt of the knots; the scale
    of the value (the truncation and rounding budgets are relative to it)."""

    laws: list[Composed]
    values: list[list[float]]
    order: list[int]
    tilt: float
    scale: float
    weight: CutWeight | None
    #: the loss range of the composition: about 18 standard deviations of the composed loss
    #: (the cuts keep about 9 on each side) plus the widest step's window
    span: float
    #: each step's loss standard deviation under P
    step_sd: dict

    def points(self, h: fmpq) -> int:
        """The number of grid points the composition is expected to span."""
        return max(int(self.span / float(h)), 16)


def model_of(quantity: str, dirs: list[list[tuple[Profile, int]]], targets: Sequence[fmpq]) -> Estimates:
    """The estimates of a run. Each step's law is sampled on the loss window outside which a
    step's mass, times the steps, is a thousandth of the smallest δ in question: a far tail
    rarer than that cannot move δ, but would mislead a steeply tilted saddle point."""
    steps = max(sum(k for _, k in dirs[0]), 1)

    def laws_at(delta: float) -> list[Composed]:
        tau = min(max(delta * 1e-3 / steps, 1e-300), 1e-6)
        return [composed_law(d, [loss_range(p, tau) for p, _ in d]) for d in dirs]

    if quantity == "epsilon":
        laws = laws_at(float(min(targets)))
        values = [[law.epsilon(float(t)) for t in targets] for law in laws]
    else:
        laws = laws_at(1e-16)
        values = [[law.delta(float(t)) for t in targets] for law in laws]
        smallest = min(max(v) for v in zip(*values))
        if smallest < 1e-13:
            laws = laws_at(smallest)
            values = [[law.delta(float(t)) for t in targets] for law in laws]
    order = sorted(range(len(dirs)), key=lambda i: -max(values[i]))
    first = order[0]
    finite = [v for v in values[first] if math.isfinite(v)] or [0.0]
    if quantity == "epsilon":
        tilt = laws[first].tilt(max(finite))
        scale = float(min(targets))
    else:
        tilt = laws[first].tilt(float(max(targets)))
        scale = max(min(max(v[i] for v in values) for i in range(len(targets))), 1e-38)
    sd = max(math.sqrt(max(law.cgf(1e-9)[2], 0.0)) for law in laws)
    reach = max(hi - lo for d in dirs for lo, hi in (loss_range(p, 1e-20) for p, _ in d))
    # the cut weight is read at a slightly smaller ε than expected: it then overstates the worth
    eps = 0.97 * min(finite) if quantity == "epsilon" else float(min(targets))
    weight = CutWeight(laws[first], eps) if laws[first].p_inf == 0 else None
    step_sd = {p: math.sqrt(max(Composed(((law_of(p, *loss_range(p, 1e-16)), 1),)).cgf(1e-9)[2], 0.0))
               for d in dirs for p, _ in d}
    return Estimates(laws, values, order, tilt if math.isfinite(tilt) else 0.0, scale, weight, 18 * sd + reach, step_sd)


def run(quantity: str, parts: list[tuple[Profile, int]], targets: list[fmpq], rtol: fmpq | None,
        h: fmpq | None, limits: Limits, progress: Progress | None) -> list[Bracket]:
    """The brackets of ε(δ) (quantity "epsilon", targets δ) or δ(ε) ("delta", targets ε) of the
    composition of `parts`, one per target, all from one composition per grid; the grid is
    refined until every bracket meets `rtol` (or `h` is used as given).

    A δ bracket meets `rtol` when its relative width or its ε-equivalent width
    (:attr:`.bracket.Bracket.epsilon_width`) is at most rtol: the grid and, on a grid of the
    run's choice, the truncation budget aim at the width of δ that the latter allows
    (:func:`_grid_goal`); a grid `h` given keeps the budget of δ's own relative width."""
    start = time.monotonic()
    run_limits = dataclasses.replace(limits, deadline=start + limits.seconds)
    goal = float(rtol) if rtol is not None else 1e-2
    dirs = directions(parts)
    model = model_of(quantity, dirs, targets)
    aim = _grid_goal(quantity, model, targets, goal) if h is None else goal
    grid = h if h is not None else _first_grid(quantity, parts, model, targets, aim)
    scale = model.scale
    best, trace = None, []
    while True:
        plan = dataclasses.replace(Plan.for_run(grid, total_steps(parts), scale, aim, model.points(grid)),
                                   tilt=model.tilt, weight=model.weight)
        try:
            ends, window, note = _evaluate(quantity, dirs, model, targets, plan, run_limits, progress)
        except CostLimitError as err:
            spent = time.monotonic() - start
            if best is None:
                raise CostLimitError(f"{err} (after {spent:.1f} s, before any bracket)") from None
            worst = max(best, key=lambda b: b.relative_width)
            raise CostLimitError(
                f"{err} (after {spent:.1f} s; relative width {rtol} not reached; best: "
                f"[{float(worst.lower):.10g}, {float(worst.upper):.10g}] at h = {worst.h}, "
                f"relative width {float(worst.relative_width):.3g})",
                bracket=best[0] if len(best) == 1 else best) from None
        uppers = [u for _, u, _ in ends]
        if quantity == "delta" and all(u is not None for u in uppers) \
                and max(float(min(uppers)), 1e-38) < scale / 4:
            scale = max(float(min(uppers)), 1e-38)
            continue
        elapsed = time.monotonic() - start
        best = []
        for (lower, upper, slope), target in zip(ends, targets):
            # A δ below 10⁻⁴⁰ (the floor of the fixed-point budget) has no relative width to reach.
            met = rtol is None or (upper is None and lower is None) or (
                upper is not None and (upper - lower <= rtol * lower or upper <= fmpq(1, 10 ** 40)
                                       or (slope is not None and rises_by(upper - lower, target, rtol, slope))))
            best.append(Bracket(quantity, sympy.oo if lower is None else from_fmpq(lower),
                                sympy.oo if upper is None else from_fmpq(upper),
                                from_fmpq(grid), window, plan.bits, None if rtol is None else from_fmpq(rtol), met,
                                elapsed, tuple(trace), note, from_fmpq(target) if slope is not None else None,
                                None if slope is None else from_fmpq(slope)))
        trace.append((str(from_fmpq(grid)), float(best[0].lower), float(best[0].upper)))
        best = [dataclasses.replace(b, trace=tuple(trace)) for b in best]
        if all(b.met for b in best) or h is not None or note:
            return best  # a note: a step's grid is as fine as the limits allow, a finer h would not help
        width = max(_tolerance_reached(b) for b in best)
        factor = min(max(math.sqrt(goal / width) * 0.8, 1 / 8), 1 / 1.5) if math.isfinite(width) else 1 / 4
        grid = fmpq(1, math.ceil(1 / (float(grid) * factor)))
        if progress:
            progress(0.0, f"refining the grid to h = 1/{int(grid.q)}")


def _tolerance_reached(b: Bracket) -> float:
    """The relative tolerance a bracket meets: its relative width, or for a δ bracket the
    smaller of that and its :attr:`~.bracket.Bracket.epsilon_width` (inf when neither is finite)."""
    width = float(b.relative_width) if b.relative_width.is_finite else math.inf
    eps_width = b.epsilon_width
    return width if eps_width is None else min(width, eps_width)


def _evaluate(quantity: str, dirs: list[list[tuple[Profile, int]]], model: Estimates, targets: Sequence[fmpq],
              plan: Plan, limits: Limits, progress: Progress | None
              ) -> tuple[list[tuple[fmpq, fmpq | None, fmpq | None]], tuple, str]:
    """(lower, upper, slope) per target, the loss window and the steps' notes (a loose grid),
    from the directions in the model's order (see the module docstring); slope (δ queries, else
    None): a lower bound on the profile slope of the dominated curve that gives the lower end."""
    n = len(dirs)
    lows: list[list[fmpq]] = []
    ups: list[list[fmpq | None]] = []
    slopes: list[list[fmpq]] = []  # per direction with a lower end (δ queries): its curve's slope
    windows = []

    def read_low(low: Discrete) -> None:
        lows.append(_read(quantity, low, targets, False))
        if quantity == "delta":
            reader = Reader(low)
            slopes.append([reader.slope(t) for t in targets])

    def report_for(i: int) -> Callable[[int, int], None] | None:
        if not progress:
            return None
        return lambda done, total: progress((i + done / max(total, 1)) / n, f"direction {i + 1}/{n}")

    def add_window(d: Discrete) -> None:
        windows.append((d.lo * d.h, d.hi * d.h))

    first = model.order[0]
    notes: list[str] = []
    up, low = composed(dirs[first], plan, limits, report_for(0), notes=notes)
    add_window(up)
    ups.append(_read(quantity, up, targets, True))
    read_low(low)
    for lower, upper in zip(lows[0], ups[0]):
        _ordered(lower, upper, f"the {quantity} bracket of direction {first + 1}")
    for rank, index in enumerate(model.order[1:], start=1):
        coarse = _coarse_factor(model, index, lows[0], ups[0])
        while coarse > 1 and any(support_end(p, plan.h * coarse) is not None for p, _ in dirs[index]):
            coarse //= 2  # a grid that would need the fine-grid ladder saves nothing (measured)
        ups_i = None
        if coarse > 1:
            up_c, _ = composed(dirs[index], dataclasses.replace(plan, h=plan.h * coarse), limits, report_for(rank),
                               lower=False, notes=notes)
            candidate = _read(quantity, up_c, targets, True)
            if all(u is not None and low_first is not None and u <= low_first
                   for u, low_first in zip(candidate, lows[0])):
                add_window(up_c)
                ups.append(candidate)
                continue
        up_i, _ = composed(dirs[index], plan, limits, report_for(rank), lower=False, notes=notes)
        add_window(up_i)
        ups_i = _read(quantity, up_i, targets, True)
        ups.append(ups_i)
        if any(u is None or (u0 is not None and u > u0) for u, u0 in zip(ups_i, ups[0])):
            # this direction may be the larger one: its dominated side keeps the bracket narrow
            _, low_i = composed(dirs[index], plan, limits, report_for(rank), notes=notes)
            read_low(low_i)
            for lower, upper in zip(lows[-1], ups_i):
                _ordered(lower, upper, f"the {quantity} bracket of direction {index + 1}")
    ends = []
    for t in range(len(targets)):
        ends_low = [lo[t] for lo in lows]
        lower = None if any(v is None for v in ends_low) else max(ends_low)
        column = [u[t] for u in ups]
        upper = None if any(u is None for u in column) else max(column)
        slope = None
        if quantity == "delta":
            upper = min(upper, fmpq(1))
            # the slope of the curve that gives the lower end (δ_true ≥ that curve everywhere)
            slope = slopes[ends_low.index(lower)][t]
        ensure(lower is None or lower >= 0, f"the {quantity} bracket's lower end is ≥ 0", lower=lower)
        _ordered(lower, upper, f"the {quantity} bracket")
        ends.append((lower, upper, slope))
    window = (from_fmpq(min(w[0] for w in windows)), from_fmpq(max(w[1] for w in windows)))
    return ends, window, "; ".join(notes)


def _ordered(lower: fmpq | None, upper: fmpq | None, what: str) -> None:
    """lower ≤ upper, None standing for +∞ (an ε that no finite value reaches)."""
    ensure(lower is not None or upper is None, f"lower end ≤ upper end of {what}", lower="∞", upper=upper)
    if lower is not None:
        ensure_ordered(lower, upper, what)


def _coarse_factor(model: Estimates, index: int, lows: list[fmpq], ups: list[fmpq | None]) -> int:
    """How much coarser a grid the dominating side of a direction other than the first may
    take: the largest c in (4, 2) whose expected upper end — the estimate plus 1.5·c² times the
    first direction's relative width (the width grows like h²) — stays below the first
    direction's lower end at every target; 1 when none does."""
    for c in (4, 2):
        ok = True
        for value, lower, upper in zip(model.values[index], lows, ups):
            if upper is None or lower is None or not lower > 0 or not math.isfinite(value):
                return 1
            width = float((upper - lower) / lower)
            if not value * (1 + 1.5 * c * c * width) < float(lower):
                ok = False
                break
        if ok:
            return c
    return 1
