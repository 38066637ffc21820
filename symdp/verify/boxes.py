"""Interval branch-and-bound: prove ``f(x) ≥ 0`` for every x in a box, or find a witness.

The box is a product of closed intervals with exact rational ends. Each sub-box is enclosed by
interval arithmetic; a sub-box is done once the enclosure of f lies in [0, ∞). Otherwise

1. a sub-box whose enclosure lies in (−∞, 0) refutes the claim (its midpoint is a witness),
2. an exact midpoint with f < 0 certainly refutes it,
3. a side along which f is monotone (the enclosure of ∂f/∂x_i has one sign) collapses to the end
   where the minimum lies, which is what lets the search prove bounds that are *attained*
   (a touching zero at a corner or a bisection point),
4. in one variable, a Taylor form with a certified remainder at either end of the sub-box:
   f(a + t) ≥ Σ_{k<n} lo(f⁽ᵏ⁾(a)) tᵏ/k! + lo(f⁽ⁿ⁾([a, b])) tⁿ/n! for t ∈ [0, b − a] (and
   likewise from b), a polynomial whose nonnegativity is decided exactly
   (:func:`symdp.verify.polynomial.polynomial_nonnegative`). This proves bounds that touch zero
   with zero slope (e^ε − 1 ≤ ε + ε² at ε = 0), where first-order enclosures stall. With
   ``order = n ≥ 2`` the form of order n is tried on every sub-box; by default (``order=None``)
   forms of order 2 to 4 are tried once a sub-box has been bisected `STALL_DEPTH` times, i.e.
   once first-order enclosures have stalled there; ``order = 1`` never tries them,
5. otherwise the widest side is bisected.

`f` is either a sympy expression, enclosed with exact rational interval arithmetic (rational
operations are exact, transcendental functions are enclosed in arb at their monotone endpoints)
with its gradient derived symbolically, or a Python function of arb balls. An arb ball for a
side always reaches slightly beyond the side's ends (arb rounds radii up), so a function of balls
cannot prove a bound that is attained on the box; give the sympy form for those.

For a sympy `f` a proof records its certificate: every sub-box with the step that settled it
(its enclosure, a monotone side, a Taylor polynomial, an exact point sign, a split), which
:mod:`symdp.verify.recheck` re-evaluates with an independent interval arithmetic. Floats are
refused: sympy reads a Float's decimal value, interval arithmetic its binary value.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import reduce
from typing import Callable, Sequence

import sympy
from flint import arb, ctx, fmpq

from ..errors import ParameterError, PrecisionError, ResourceLimitError
from ..numbers import arb_of, ball_function, endpoints, exact, from_fmpq, sign, to_fmpq, working_precision
from .goals import canonical_srepr
from .polynomial import polynomial_nonnegative, refuse_floats

Side = tuple[fmpq, fmpq]
Interval = tuple[fmpq, fmpq]
BallFunction = Callable[..., arb]

#: Default cap on the number of sub-boxes examined before a search gives up (undecided).
MAX_BOXES = 20000
#: Working precision (bits) of the arb enclosures of transcendental functions.
PREC = 128
#: Bisections of a one-variable sub-box after which first-order enclosures count as stalled there
#: and Taylor forms of order 2 to `MAX_AUTO_ORDER` are tried (``order=None``).
STALL_DEPTH = 8
MAX_AUTO_ORDER = 4


@dataclass(frozen=True)
class BoxResult:
    """Outcome of :func:`prove_nonnegative`.

    ``status`` is ``"proved"`` (f ≥ 0 on the whole box), ``"refuted"`` (``witness`` is an exact
    point where f < 0 certainly; ``value`` encloses f there) or ``"undecided"`` (the search hit
    ``max_boxes``; ``reason`` says where it stalled). A proof of a sympy `f` carries its
    ``certificate`` (plain JSON: the sub-boxes and the step that settled each).
    """

    status: str
    boxes: int
    witness: tuple[fmpq, ...] | None = None
    value: str | None = None
    reason: str = ""
    certificate: dict | None = None


class _Unbounded(Exception):
    """The enclosure is not finite on this sub-box (a pole or a domain edge): subdivide."""


# --------------------------------------------------------------------------------------------
# Exact rational interval arithmetic for sympy expressions


def _ball_bounds(ball: arb) -> Interval:
    # Through the guarded endpoints: an enclosure with a huge exponent (e^e^x on a wide box)
    # has no affordable rational endpoints, and FLINT would abort or segfault converting it.
    if not ball.is_finite():
        raise _Unbounded
    try:
        return endpoints(ball, ctx.prec)
    except (PrecisionError, ResourceLimitError):
        raise _Unbounded from None


def _const(value: sympy.Expr, prec: int) -> Interval:
    if value.is_Rational:
        q = to_fmpq(value)
        return q, q
    return _ball_bounds(arb_of(value, prec))


def _add(a: Interval, b: Interval) -> Interval:
    return a[0] + b[0], a[1] + b[1]


def _mul(a: Interval, b: Interval) -> Interval:
    products = (a[0] * b[0], a[0] * b[1], a[1] * b[0], a[1] * b[1])
    return min(products), max(products)


def _inv(a: Interval) -> Interval:
    if a[0] <= 0 <= a[1]:
        raise _Unbounded
    return 1 / a[1], 1 / a[0]


def _ipow(a: Interval, n: int) -> Interval:
    if n < 0:
        return _inv(_ipow(a, -n))
    lo, hi = a[0] ** n, a[1] ** n
    if n % 2 == 1 or a[0] >= 0:
        return lo, hi
    if a[1] <= 0:
        return hi, lo
    return fmpq(0), max(lo, hi)


def _monotone(fn: Callable[[arb], arb], increasing: bool, prec: int) -> Callable[[Interval], Interval]:
    def enclose(a: Interval) -> Interval:
        with working_precision(prec):
            lo_ball, hi_ball = fn(arb(a[0])), fn(arb(a[1]))
        lo, hi = (lo_ball, hi_ball) if increasing else (hi_ball, lo_ball)
        return _ball_bounds(lo)[0], _ball_bounds(hi)[1]
    return enclose


def _enclosing_ball(fn: Callable[[arb], arb], prec: int) -> Callable[[Interval], Interval]:
    def enclose(a: Interval) -> Interval:
        with working_precision(prec):
            return _ball_bounds(fn(_side_ball(a)))
    return enclose


def _cosh(prec: int) -> Callable[[Interval], Interval]:
    up = _monotone(arb.cosh, True, prec)

    def enclose(a: Interval) -> Interval:
        if a[0] >= 0:
            return up(a)
        if a[1] <= 0:
            return up((-a[1], -a[0]))
        return fmpq(1), up((fmpq(0), max(-a[0], a[1])))[1]
    return enclose


def _abs(a: Interval) -> Interval:
    if a[0] >= 0:
        return a
    if a[1] <= 0:
        return -a[1], -a[0]
    return fmpq(0), max(-a[0], a[1])


_INCREASING = {sympy.exp: arb.exp, sympy.log: arb.log, sympy.tanh: arb.tanh, sympy.sinh: arb.sinh,
               sympy.atanh: arb.atanh, sympy.erf: arb.erf, sympy.erfinv: arb.erfinv, sympy.asinh: arb.asinh,
               sympy.atan: arb.atan, sympy.LambertW: arb.lambertw}
_DECREASING = {sympy.erfc: arb.erfc, sympy.erfcinv: arb.erfcinv}


def _unary(func: type, prec: int) -> Callable[[Interval], Interval]:
    if func in _INCREASING:
        return _monotone(_INCREASING[func], True, prec)
    if func in _DECREASING:
        return _monotone(_DECREASING[func], False, prec)
    if func is sympy.cosh:
        return _cosh(prec)
    if func is sympy.Abs:
        return _abs
    t = sympy.Dummy("t")
    return _enclosing_ball(ball_function(func(t), t), prec)


IntervalFunction = Callable[[Sequence[Interval]], Interval]


def compile_interval(expr: sympy.Expr, symbols: Sequence[sympy.Symbol], prec: int = PREC) -> IntervalFunction:
    """Compile `expr` to a function from a box (one exact interval per symbol) to an enclosure."""
    index = {s: i for i, s in enumerate(symbols)}
    expr = sympy.sympify(expr)

    def build(e: sympy.Expr) -> IntervalFunction:
        if e in index:
            i = index[e]
            return lambda box: box[i]
        if not e.free_symbols:
            value = _const(e, prec)
            return lambda box: value
        parts = [build(a) for a in e.args]
        if isinstance(e, (sympy.Add, sympy.Mul)):
            op = _add if isinstance(e, sympy.Add) else _mul
            return lambda box: reduce(op, (p(box) for p in parts))
        if isinstance(e, sympy.Pow):
            return _compile_pow(e, parts, prec)
        if isinstance(e, (sympy.Max, sympy.Min)):
            pick = max if isinstance(e, sympy.Max) else min
            return lambda box: tuple(pick(p(box)[k] for p in parts) for k in (0, 1))
        if len(parts) == 1:
            fn, inner = _unary(e.func, prec), parts[0]
            return lambda box: fn(inner(box))
        raise ParameterError(f"f uses {e.func.__name__}, which has no interval enclosure in symdp.verify.boxes")

    return build(expr)


def _compile_pow(e: sympy.Pow, parts: list[IntervalFunction], prec: int) -> IntervalFunction:
    base, exponent = parts
    if e.exp.is_Integer:
        n = int(e.exp)
        return lambda box: _ipow(base(box), n)
    if e.exp == sympy.S.Half:
        return lambda box: _monotone(arb.sqrt, True, prec)(_nonnegative(base(box)))
    exp_, log_ = _monotone(arb.exp, True, prec), _monotone(arb.log, True, prec)
    return lambda box: exp_(_mul(exponent(box), log_(_positive(base(box)))))


def _nonnegative(a: Interval) -> Interval:
    if a[0] < 0:
        raise _Unbounded
    return a


def _positive(a: Interval) -> Interval:
    if a[0] <= 0:
        raise _Unbounded
    return a


# --------------------------------------------------------------------------------------------
# Balls for functions of arb balls


def _side_ball(side: Side) -> arb:
    if side[0] == side[1]:
        return arb(side[0])
    return arb(side[0]).union(arb(side[1]))


def _ball_function_interval(f: BallFunction, prec: int) -> IntervalFunction:
    def enclose(box: Sequence[Interval]) -> Interval:
        with working_precision(prec):
            value = f(*(_side_ball(s) for s in box))
        if not isinstance(value, arb):
            raise ParameterError(f"f must return an arb ball, got {type(value).__name__}")
        return _ball_bounds(value)
    return enclose


# --------------------------------------------------------------------------------------------
# The search


def as_box(box: Sequence[Sequence[object]]) -> list[Side]:
    """Validate a box: a non-empty list of (lo, hi) exact rationals with lo ≤ hi."""
    if not box:
        raise ParameterError("box must have at least one side, got []")
    sides = []
    for i, side in enumerate(box):
        if len(side) != 2:
            raise ParameterError(f"box side {i} must be a pair (lo, hi), got {side!r}")
        for v in side:
            refuse_floats(v, f"box side {i}")
        lo, hi = (exact(v, f"box side {i}") for v in side)
        if not (lo.is_Rational and hi.is_Rational):
            raise ParameterError(f"box side {i} must have rational ends, got ({lo}, {hi})")
        if lo > hi:
            raise ParameterError(f"box side {i} must have lo ≤ hi, got ({lo}, {hi})")
        sides.append((to_fmpq(lo), to_fmpq(hi)))
    return sides


def _midpoint(box: Sequence[Side]) -> list[Side]:
    return [((s[0] + s[1]) / 2,) * 2 for s in box]


def prove_nonnegative(f: sympy.Expr | BallFunction, box: Sequence[Sequence[object]], *,
                      variables: Sequence[sympy.Symbol] | None = None,
                      gradient: Callable[..., Sequence[arb]] | None = None,
                      max_boxes: int = MAX_BOXES, prec: int = PREC, order: int | None = None) -> BoxResult:
    """Prove ``f ≥ 0`` on `box` by interval branch-and-bound, or refute it with a witness.

    `f` is a sympy expression in `variables` (default: its free symbols sorted by name), or a
    function of one arb ball per side; `gradient` (optional, for the latter) returns the balls
    of ∂f/∂x_i; `order` chooses the Taylor forms (sympy f in one variable): None escalates to
    them where first-order enclosures stall, n ≥ 2 tries order n everywhere, 1 never. See the
    module docstring for the method.
    """
    if order is not None and (not isinstance(order, int) or order < 1):
        raise ParameterError(f"order must be None or an integer ≥ 1, got {order!r}")
    sides = as_box(box)
    if isinstance(f, sympy.Basic):
        refuse_floats(f, "f")
        symbols = box_variables(f, variables)
        if len(symbols) != len(sides):
            raise ParameterError(f"box must have one side per variable {[str(s) for s in symbols]}, got {len(sides)}")
        value = compile_interval(f, symbols, prec)
        grads = [compile_interval(sympy.diff(f, s), symbols, prec) for s in symbols]
        point_sign = lambda pt: sign(f.subs({s: from_fmpq(p[0]) for s, p in zip(symbols, pt)}))
        local = None
        if len(symbols) == 1 and order != 1:
            orders = [order] if order is not None else list(range(2, MAX_AUTO_ORDER + 1))
            local = (_taylor_forms(f, symbols[0], orders, prec), 0 if order is not None else STALL_DEPTH)
        record = {"kind": "boxes", "f": canonical_srepr(f), "variables": [canonical_srepr(s) for s in symbols], "steps": []}
    else:
        value = _ball_function_interval(f, prec)
        grads = None if gradient is None else _gradient_intervals(gradient, len(sides), prec)
        point_sign = None
        local = None
        record = None
    return _search(value, grads, point_sign, sides, max_boxes, local, record)


def box_variables(f: sympy.Expr, variables: Sequence[sympy.Symbol] | None) -> list[sympy.Symbol]:
    """The variables of a box proof, one per side: `variables`, or f's free symbols sorted by name."""
    return list(variables) if variables is not None else sorted(f.free_symbols, key=str)


def _taylor_forms(f: sympy.Expr, var: sympy.Symbol, orders: Sequence[int], prec: int
                  ) -> Callable[[Sequence[Side]], dict | None]:
    """A test that f ≥ 0 on a one-variable sub-box [a, b] by a Taylor form of one of `orders`
    at a or at b; it returns the step's certificate, or None. Derivatives compile on first use."""
    derivs: list[IntervalFunction] = []
    t = sympy.Symbol("t")

    def derivative(k: int) -> IntervalFunction:
        while len(derivs) <= k:
            derivs.append(compile_interval(sympy.diff(f, var, len(derivs)), [var], prec))
        return derivs[k]

    def lower_coefficients(box: Sequence[Side], at: int, order: int) -> list[sympy.Rational] | None:
        end = box[0][at]
        coeffs = []
        for k in range(order + 1):
            enc = _enclose(derivative(k), [(end, end)] if k < order else box)
            if enc is None:
                return None
            # from the right end t = b − x, so the k-th coefficient carries (−1)^k
            lo = enc[0] if (at == 0 or k % 2 == 0) else -enc[1]
            coeffs.append(from_fmpq(lo) / sympy.factorial(k))
        return coeffs

    def holds(box: Sequence[Side]) -> dict | None:
        width = from_fmpq(box[0][1] - box[0][0])
        for order in orders:
            for at in (0, 1):
                coeffs = lower_coefficients(box, at, order)
                if coeffs is None:
                    continue
                decision = polynomial_nonnegative(sympy.Poly(list(reversed(coeffs)), t, domain=sympy.QQ), t, 0, width)
                if decision.holds:
                    return {"at": at, "order": order, "coefficients": [str(c) for c in coeffs],
                            "polynomial": decision.certificate}
        return None
    return holds


def _gradient_intervals(gradient: Callable[..., Sequence[arb]], n: int, prec: int) -> list[IntervalFunction]:
    def component(i: int) -> IntervalFunction:
        def enclose(box):
            with working_precision(prec):
                g = gradient(*(_side_ball(s) for s in box))
            return _ball_bounds(g[i])
        return enclose
    return [component(i) for i in range(n)]


def _enclose(fn: IntervalFunction, box: Sequence[Side]) -> Interval | None:
    try:
        return fn(box)
    except (_Unbounded, ZeroDivisionError):
        return None


def _search(value: IntervalFunction, grads: list[IntervalFunction] | None,
            point_sign: Callable[[Sequence[Side]], int] | None, sides: list[Side], max_boxes: int,
            local: tuple[Callable[[Sequence[Side]], dict | None], int] | None = None,
            record: dict | None = None) -> BoxResult:
    """The branch-and-bound; `local` is a Taylor test and the bisection depth from which it is
    tried; `record` (a certificate under construction) receives each settled step."""
    stack = [(sides, 0)]
    count = 0

    def settle(box: Sequence[Side], by: str, **extra) -> None:
        if record is not None:
            record["steps"].append({"box": [[str(lo), str(hi)] for lo, hi in box], "by": by, **extra})

    while stack:
        box, depth = stack.pop()
        count += 1
        if count > max_boxes:
            return BoxResult("undecided", count - 1, reason=f"more than {max_boxes} sub-boxes; stalled near {_show(box)}")
        v = _enclose(value, box)
        if v is not None and v[0] >= 0:
            settle(box, "enclosure")
            continue
        if v is not None and v[1] < 0:
            mid = _midpoint(box)
            return _refuted(count, mid, _enclose(value, mid) or v)
        mid = _midpoint(box)
        vm = _enclose(value, mid)
        if vm is not None and vm[1] < 0:
            return _refuted(count, mid, vm)
        reduced = _collapse_monotone(grads, box) if grads else None
        if reduced is not None:
            settle(box, "monotone", to=[[str(lo), str(hi)] for lo, hi in reduced])
            stack.append((reduced, depth))
            continue
        if local is not None and depth >= local[1] and box[0][0] < box[0][1]:
            taylor = local[0](box)
            if taylor is not None:
                settle(box, "taylor", **taylor)
                continue
        widths = [s[1] - s[0] for s in box]
        i = max(range(len(box)), key=lambda k: widths[k])
        if widths[i] == 0:
            decided = _decide_point(point_sign, box)
            if decided is None:
                return BoxResult("undecided", count, reason=f"cannot decide the sign of f at {_show(box)}")
            if decided < 0:
                return _refuted(count, box, v)
            settle(box, "point")
            continue
        half = _split_point(box[i])
        settle(box, "split", axis=i, at=str(half))
        stack.append((box[:i] + [(half, box[i][1])] + box[i + 1:], depth + 1))
        stack.append((box[:i] + [(box[i][0], half)] + box[i + 1:], depth + 1))
    return BoxResult("proved", count, certificate=record)


def _split_point(side: Side) -> fmpq:
    """The simplest rational in the middle half of `side`.

    Bounds in privacy proofs are typically attained at simple points (ε = 0, q = 1/2, x = 1);
    cutting there puts such a point on a sub-box's edge, where the monotonicity test can reach it.
    """
    quarter = (side[1] - side[0]) / 4
    return _simplest(side[0] + quarter, side[1] - quarter)


def _simplest(a: fmpq, b: fmpq) -> fmpq:
    """The rational with the smallest denominator (then numerator) in [a, b], a < b."""
    if a <= 0 <= b:
        return fmpq(0)
    if b < 0:
        return -_simplest(-b, -a)
    whole = fmpq(int(a.p) // int(a.q))
    if whole == a or whole + 1 <= b:
        return a if whole == a else whole + 1
    return whole + 1 / _simplest(1 / (b - whole), 1 / (a - whole))


def _collapse_monotone(grads: list[IntervalFunction], box: list[Side]) -> list[Side] | None:
    """Move each side along which f is monotone to the end where f is smallest."""
    out, changed = list(box), False
    for i, side in enumerate(box):
        if side[0] == side[1]:
            continue
        g = _enclose(grads[i], box)
        if g is None:
            continue
        if g[0] >= 0:
            out[i], changed = (side[0], side[0]), True
        elif g[1] <= 0:
            out[i], changed = (side[1], side[1]), True
    return out if changed else None


def _decide_point(point_sign, box: Sequence[Side]) -> int | None:
    if point_sign is None:
        return None
    try:
        return point_sign(box)
    except PrecisionError:
        return None


def _refuted(count: int, point: Sequence[Side], enclosure: Interval | None) -> BoxResult:
    shown = None if enclosure is None else f"[{_dec(enclosure[0])}, {_dec(enclosure[1])}]"
    return BoxResult("refuted", count, witness=tuple(s[0] for s in point), value=shown)


def _dec(q: fmpq) -> str:
    with working_precision(64):
        return arb(q).str(10, radius=False)


def _show(box: Sequence[Side]) -> str:
    return "×".join(f"[{_dec(s[0])}, {_dec(s[1])}]" if s[0] != s[1] else f"{{{_dec(s[0])}}}" for s in box)
