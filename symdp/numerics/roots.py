"""Certified roots of monotone functions: an exact rational bracket that only ever shrinks.

A root is returned as a :class:`~symdp.numbers.Real`. Behind it sits a bracket ``[a, b]`` with
exact ``fmpq`` endpoints for which ``f(a) < target < f(b)`` has been *decided* with arb balls, so
the root of a continuous, strictly increasing ``f`` lies in ``[a, b]`` by the intermediate value
theorem. Asking for more bits shrinks the same bracket further (Illinois regula falsi, with a
bisection step whenever it stalls); nothing is ever estimated without a decision behind it.

Monotonicity and continuity of ``f`` on the bracket are the caller's proof obligation: every
caller in symdp states the derivative argument in its docstring.
"""

from __future__ import annotations

from typing import Callable

from flint import arb, ctx, fmpq, fmpz

from ..errors import ParameterError, PrecisionError, show
from ..numbers import Real, arb_of, exact, to_fmpq, working_precision, is_rational

#: f maps an arb ball to a ball enclosing f on it, at the current working precision.
BallMap = Callable[[arb], arb]

#: How many doublings of the working precision a single undecided comparison may use.
_ESCALATIONS = 4


def _as_fmpq(value: object, name: str) -> fmpq:
    expr = exact(value, name)
    if not is_rational(expr):
        raise ParameterError(f"{name} must be an exact rational bracket endpoint, got {expr}")
    return to_fmpq(expr)


def _side(f: BallMap, x: fmpq, target: object, prec: int) -> int | None:
    """Sign of f(x) − target, decided with escalating precision; None if still undecided."""
    return _decide(f, x, target, prec)[0]


def sign_at(f: BallMap, x: object, target: object) -> int | None:
    """The sign of f(x) − target at the exact rational x, decided from 64 bits up to 512 (the
    precisions the searches below use); None when still undecided there."""
    return _side(f, _as_fmpq(x, "x"), target, 64)


def _decide(f: BallMap, x: fmpq, target: object, prec: int) -> tuple[int | None, fmpq]:
    """(sign of f(x) − target or None, a rational estimate of f(x) − target): one evaluation of
    f per precision tried, the estimate taken from the last (the ball's midpoint, only to place
    candidates)."""
    p = prec
    for _ in range(_ESCALATIONS):
        with working_precision(p):
            g = f(arb(x)) - arb_of(target, p)
        if g > 0 or g < 0:
            return (1 if g > 0 else -1), g.mid().fmpq()
        p *= 2
    return None, (g.mid().fmpq() if g.is_finite() else fmpq(0))


def _dyadic(x: fmpq, bits: int) -> fmpq:
    """x rounded to a multiple of 2^−bits (so that arb(x) is exact at ≥ bits of precision)."""
    scale = fmpz(1) << bits
    num = x * scale
    return fmpq(int(num.p) // int(num.q), scale)


class _Bracket:
    """The shrinking certified bracket behind one root."""

    def __init__(self, f: BallMap, target: object, a: fmpq, b: fmpq, ga: fmpq, gb: fmpq):
        self.f, self.target, self.a, self.b, self.ga, self.gb = f, target, a, b, ga, gb
        self.moved = 0  # −1: a moved last, +1: b moved last

    def _scale(self) -> fmpq:
        return max(fmpq(1), abs(self.a), abs(self.b))

    def refine(self, prec: int) -> None:
        goal = self._scale() / (fmpz(1) << prec)
        bits = prec + 8 + max(0, int(int(self._scale().p).bit_length() - int(self._scale().q).bit_length()))
        while self.b - self.a > goal:
            before = self.b - self.a
            self._step(prec, bits, goal)
            self._step(prec, bits, goal)
            if self.b - self.a > before / 2:
                self._bisect(prec, bits, goal)

    def _candidate(self, bits: int) -> fmpq:
        a, b, width = self.a, self.b, self.b - self.a
        if self.ga < 0 < self.gb:
            c = a + width * (-self.ga) / (self.gb - self.ga)
        else:
            c = (a + b) / 2
        margin = width / 64
        c = min(max(c, a + margin), b - margin)
        return _dyadic(c, bits)

    def _step(self, prec: int, bits: int, goal: fmpq) -> None:
        if self.b - self.a <= goal:
            return
        self._move(self._candidate(bits), prec, goal)

    def _bisect(self, prec: int, bits: int, goal: fmpq) -> None:
        if self.b - self.a > goal:
            self._move(_dyadic((self.a + self.b) / 2, bits), prec, goal)

    def _move(self, c: fmpq, prec: int, goal: fmpq) -> None:
        if not self.a < c < self.b:
            c = (self.a + self.b) / 2
        side, gc = _decide(self.f, c, self.target, prec + 32)
        if side is None:
            self._pin(c, prec, goal)
            return
        # Illinois rule: an endpoint kept twice in a row has its stored value halved, so the
        # secant leaves it and both ends of the bracket converge.
        if side < 0:
            self.a, self.ga = c, gc if gc < 0 else -abs(self.ga) / 2
            if self.moved == -1:
                self.gb /= 2
            self.moved = -1
        else:
            self.b, self.gb = c, gc if gc > 0 else abs(self.gb) / 2
            if self.moved == 1:
                self.ga /= 2
            self.moved = 1

    def _pin(self, c: fmpq, prec: int, goal: fmpq) -> None:
        """f(c) is indistinguishable from the target: the root is within a hair of c."""
        w = goal / 4
        lo, hi = max(self.a, c - w), min(self.b, c + w)
        side_lo = _side(self.f, lo, self.target, prec + 32) if lo > self.a else -1
        side_hi = _side(self.f, hi, self.target, prec + 32) if hi < self.b else 1
        if side_lo == -1 and side_hi == 1:
            self.a, self.b = lo, hi
            return
        raise PrecisionError(f"cannot separate f from its target near {float(c)} at {prec * 2 ** _ESCALATIONS} bits")

    def ball(self, prec: int) -> arb:
        self.refine(prec)
        with working_precision(prec + 16):
            return arb(self.a).union(arb(self.b))


class Root(Real):
    """A certified root; ``bracket(prec)`` exposes the exact rational bracket behind it."""

    __slots__ = ("_bracket",)

    def __init__(self, bracket: _Bracket, name: str):
        super().__init__(bracket.ball, name=name)
        self._bracket = bracket

    def bracket(self, prec: int) -> tuple[fmpq, fmpq]:
        """Exact a < b with f(a) < target < f(b) decided and b − a ≤ 2^−prec · max(1, |a|, |b|)."""
        self._bracket.refine(prec)
        return self._bracket.a, self._bracket.b


def bracket_increasing(f: BallMap, target: object, lo: object, hi: object, floor: object | None = None,
                       max_steps: int = 400, prec: int = 64, name: str = "root") -> tuple[fmpq, fmpq]:
    """Move `lo` down and `hi` up until f(lo) < target < f(hi) is decided.

    `lo` moves halfway towards `floor` (exclusive) when one is given, else down by the current
    width; `hi` moves up by doubling the width. Raises ParameterError when no bracket is found.
    """
    a, b = _as_fmpq(lo, "lo"), _as_fmpq(hi, "hi")
    bottom = None if floor is None else _as_fmpq(floor, "floor")
    for _ in range(max_steps):
        if _side(f, a, target, prec) == -1:
            break
        a = (a + bottom) / 2 if bottom is not None else a - (b - a)
    else:
        raise ParameterError(f"{name}: no point in ({'-oo' if bottom is None else bottom}, {lo}] where the function is "
                             f"certainly below {show(target, 40)} (searched down to {show(a, 40)}): the parameters put "
                             "the solution outside the range this search reaches")
    for _ in range(max_steps):
        if _side(f, b, target, prec) == 1:
            return a, b
        b = b + (b - a)
    raise ParameterError(f"{name}: no point above {hi} (searched up to {show(b, 40)}) where the function is certainly "
                         f"above {show(target, 40)}: the parameters put the solution outside the range this search reaches")


def solve_increasing(f: BallMap, target: object, lo: object, hi: object, name: str = "root") -> Root:
    """The unique x in [lo, hi] with f(x) = target, for f continuous and strictly increasing there.

    `f` maps an arb ball to a ball enclosing f on it (evaluated at the current working precision);
    `target` is exact or a :class:`Real`; `lo`, `hi` are exact rationals. The decisions
    f(lo) < target < f(hi) are made here (ParameterError if they fail). The returned Real's
    ``ball(prec)`` encloses an exact bracket [a, b] with f(a) < target < f(b) decided and
    b − a ≤ 2^−prec · max(1, |a|, |b|).
    """
    a, b = _as_fmpq(lo, "lo"), _as_fmpq(hi, "hi")
    if not a < b:
        raise ParameterError(f"lo must be < hi, got [{a}, {b}]")
    side_a, ga = _decide(f, a, target, 64)
    if side_a != -1:
        raise ParameterError(f"{name}: the function is not certainly below {show(target, 40)} at the lower end {a} of the "
                             f"search range [{a}, {b}]: the parameters put the solution outside it")
    side_b, gb = _decide(f, b, target, 64)
    if side_b != 1:
        raise ParameterError(f"{name}: the function is not certainly above {show(target, 40)} at the upper end {b} of the "
                             f"search range [{a}, {b}]: the parameters put the solution outside it")
    return Root(_Bracket(f, target, a, b, ga, gb), name)


def solve_decreasing(f: BallMap, target: object, lo: object, hi: object | None = None,
                     name: str = "root") -> Root:
    """As :func:`solve_increasing`, for f continuous and strictly decreasing on [lo, hi].
    A missing `hi` is found by doubling until f(hi) < target is decided."""
    if hi is None:
        hi = _upper_end(f, target, _as_fmpq(lo, "lo"), name)
    return solve_increasing(lambda x: -f(x), -target, lo, hi, name)


def _upper_end(f: BallMap, target: object, lo: fmpq, name: str = "root", limit: int = 2 ** 64) -> fmpq:
    """The first of max(2·lo, 1), 4·lo, … where the decreasing f is certainly below target."""
    b = max(2 * lo, fmpq(1))
    while _side(f, b, target, 64) != -1:
        b *= 2
        if b > limit:
            raise PrecisionError(f"{name}: no solution in [{lo}, 2^64]: the function stays above {show(target, 40)} "
                                 "there (or too close to it to decide)")
    return b


def at_points(f: Callable[[fmpq, int], arb]) -> BallMap:
    """A ball map from ``f(x, prec)``, a function known only at exact rational points.

    Exact balls go straight to f; a ball of positive radius is mapped to the union of f at its
    two exact endpoints, which encloses f on the ball because every caller's f is monotone.
    """
    def ball_map(x: arb) -> arb:
        prec = ctx.prec
        if x.rad() == 0:
            return f(x.mid().fmpq(), prec)
        return f(x.lower().fmpq(), prec).union(f(x.upper().fmpq(), prec))
    return ball_map
