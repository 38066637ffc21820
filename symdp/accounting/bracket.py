"""A certified bracket: exact rational ends lower ≤ value ≤ upper, and how it was found."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import sympy
from flint import arb, fmpq

from ..numbers import Real, arb_of, exact, to_fmpq, working_precision

__all__ = ["Bracket", "outward_decimal", "epsilon_fraction", "rises_by"]


@dataclass(frozen=True)
class Bracket:
    """lower ≤ value ≤ upper for `quantity` ("delta" or "epsilon"), exact rationals (upper may be
    oo when no finite ε is certified to reach δ, and lower too when certainly none does: the
    P-mass at loss +∞ alone is at least δ). `h` is the loss grid width, `window` the loss range
    of the composed distribution, `bits` the fixed-point size of the masses, `met` whether the
    requested relative width was reached; `note` says why it was not, and how to get there,
    when the accountant chose a loose bracket over a refusal.

    A δ bracket also holds the ε it is at (``at``) and ``slope``, an exact lower bound on the
    Q-mass above ε of the dominated distribution that gives ``lower``: its δ curve is convex in
    γ = e^ε with that slope, so the true δ at any ε' ≤ ε is at least
    lower + (e^ε − e^{ε'})·slope (:attr:`epsilon_width`)."""

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
    note: str = ""
    at: sympy.Rational | None = None
    slope: sympy.Rational | None = None

    @property
    def width(self) -> sympy.Expr:
        return sympy.Integer(0) if self.upper == self.lower else self.upper - self.lower

    @property
    def relative_width(self) -> sympy.Expr:
        """(upper − lower)/lower (oo when lower = 0 < upper; 0 when both ends are oo)."""
        if self.upper == self.lower:
            return sympy.Integer(0)
        return self.width / self.lower if self.lower > 0 else sympy.oo

    @property
    def epsilon_width(self) -> float | None:
        """For a δ bracket at ε > 0: the least fraction r such that the true δ at ε(1 − r) is
        certainly at least ``upper`` (:func:`epsilon_fraction`): no ε below ε(1 − r) carries
        δ = upper, so the guarantee (ε, upper) is within a fraction r of the best ε at that δ.
        None for an ε bracket (its :attr:`relative_width` is that fraction already), and inf
        when no fraction below 1 is certain."""
        if self.quantity != "delta" or self.at is None or self.slope is None:
            return None
        return epsilon_fraction(self.lower, self.upper, self.at, self.slope)

    def contains(self, value: object) -> bool:
        """lower ≤ value ≤ upper: exactly for rationals (floats as their decimal), by certified
        enclosures otherwise (False when the enclosure cannot be decided at 4096 bits)."""
        if not isinstance(value, Real):
            v = exact(value, "value")
            if v is sympy.oo:
                return self.upper is sympy.oo
            if v.is_Rational:
                return bool(self.lower <= v) and bool(v <= self.upper)
        if self.lower is sympy.oo:
            return False  # a finite value, below an ε certified to be infinite
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
        note = f", note: {self.note}" if self.note else ""
        return (f"Bracket({self.quantity} in [{lower}, {upper}], report the upper end {upper}; "
                f"exact lower={_short_rational(self.lower)}, upper={_short_rational(self.upper)}, "
                f"relative width {float(width):.2e}, h={self.h}, bits={self.bits}, met={self.met}{note})")

    def as_dict(self) -> dict:
        """The bracket as JSON-ready values: the exact ends as strings, and as floats rounded
        outward (``upper_float`` up, ``lower_float`` down: still a bracket), None for oo."""
        return {"quantity": self.quantity, "lower": str(self.lower), "upper": str(self.upper),
                "lower_float": _float_toward(self.lower, up=False), "upper_float": _float_toward(self.upper, up=True),
                "relative_width": float(self.relative_width) if self.relative_width.is_finite else None,
                "h": str(self.h), "window": [str(w) for w in self.window], "bits": self.bits,
                "rtol": None if self.rtol is None else str(self.rtol), "met": self.met,
                "seconds": round(self.seconds, 3), "note": self.note,
                **({"epsilon_width": self.epsilon_width} if self.quantity == "delta" else {})}


def epsilon_fraction(lower: object, upper: object, eps: object, slope: object) -> float:
    """The least r in [0, 1) with upper − lower ≤ (e^ε − e^{ε(1−r)})·slope, in doubles rounded
    up (inf when none, or ε = 0): for a dominated curve δ_low ≥ lower at ε whose profile has
    slope ≤ −slope at γ = e^ε, δ_low(ε(1 − r)) ≥ lower + (e^ε − e^{ε(1−r)})·slope ≥ upper.
    Solving for r: e^{ε(1−r)} = e^ε − (upper − lower)/slope."""
    gap, e, s = (to_fmpq(exact(v, "value")) for v in (upper - lower, eps, slope))
    if gap <= 0:
        return 0.0
    if not (e > 0 and s > 0):
        return math.inf
    with working_precision(128):
        inner = arb(e).exp() - arb(gap) / arb(s)
        if not inner > 1:  # even ε' = 0 would not certainly rise by the gap
            return math.inf
        r = 1 - inner.log() / arb(e)
        return float(r.upper().fmpq()) * (1 + 2 ** -50)


def _float_toward(x: sympy.Expr, up: bool) -> float | None:
    """The nearest float on the safe side of the exact x (None for oo)."""
    if x is sympy.oo:
        return None
    value = float(x)
    if up and sympy.Rational(value) < x:
        return math.nextafter(value, math.inf)
    if not up and sympy.Rational(value) > x:
        return math.nextafter(value, -math.inf)
    return value


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


def rises_by(gap: fmpq, eps: fmpq, fraction: fmpq, slope: fmpq) -> bool:
    """Whether (e^ε − e^{ε(1 − fraction)})·slope ≥ gap certainly (a ball's lower end): the rise
    of a curve with that profile slope at e^ε (:attr:`Bracket.epsilon_width`) when ε shrinks
    by the fraction."""
    if gap <= 0:
        return True
    if not (eps > 0 and slope > 0 and fraction > 0):
        return False
    with working_precision(128):
        rise = (arb(eps).exp() - arb(eps * (1 - fraction)).exp()) * arb(slope)
        return rise.lower().fmpq() >= gap
