"""Decimal text of exact rationals (python-flint ``fmpq``), with nothing heavier than FLINT.

The certified decimals of :func:`symdp.numbers.certify` are written here: `digits` significant
digits whose last is off by less than one unit for a whole enclosure, and ends rounded outward.
Kept apart from :mod:`symdp.numbers` (which needs sympy) so that ``symdp eval "1/3"`` prints its
digits without loading sympy (:func:`rational_decimal`).
"""

from __future__ import annotations

from flint import fmpq, fmpz

__all__ = ["rational_decimal"]


def rational_decimal(q: fmpq, digits: int) -> tuple[str, str, str]:
    """(decimal, lower, upper) of the exact rational `q`, as :func:`symdp.numbers.certify`
    writes them: `digits` correctly rounded significant digits (halves away from zero), and the
    ends `q` rounded outward to `digits` + 3 digits."""
    return _digits_of(q, q, digits), _outward(q, digits + 3, False), _outward(q, digits + 3, True)


def _floor_log10(x: fmpq) -> int:
    """⌊log10 x⌋ for a rational x > 0, exactly."""
    e = int((int(x.p).bit_length() - int(x.q).bit_length()) * 0.30103)
    while _pow10(e) > x:
        e -= 1
    while _pow10(e + 1) <= x:
        e += 1
    return e


def _pow10(e: int) -> fmpq:
    return fmpq(10 ** e) if e >= 0 else fmpq(1, 10 ** -e)


def _round_div(x: fmpq, unit: fmpq) -> int:
    """Round x / unit to the nearest integer (halves away from zero)."""
    r = x / unit
    n = int(r.p) // int(r.q)
    if 2 * (r - n) >= 1:
        n += 1
    return n


def _format(negative: bool, n: int, exp10: int) -> str:
    """The decimal string of (−1)^negative · n · 10^exp10, keeping every digit of n.

    Written out by hand (as ``Decimal``'s "f"/"e" formats would): Decimal cannot hold exponents
    beyond ±2⁶³ (e^(10²⁰)) and Python's ``str(int)`` refuses more than 4300 digits."""
    d = str(fmpz(n))
    sign_ = "-" if negative else ""
    adjusted = exp10 + len(d) - 1
    if -7 < adjusted < 21 and exp10 <= 0:  # trailing zeros would read as significant
        if adjusted >= 0:
            head, tail = d[:adjusted + 1], d[adjusted + 1:]
            return sign_ + head + ("." + tail if tail else "")
        return sign_ + "0." + "0" * (-adjusted - 1) + d
    mantissa = d[0] + ("." + d[1:] if len(d) > 1 else "")
    return f"{sign_}{mantissa}e{'+' if adjusted >= 0 else '-'}{fmpz(abs(adjusted))}"


def _digits_of(lo: fmpq, hi: fmpq, digits: int, shift: int = 0) -> str | None:
    """`digits` significant digits whose last is off by less than one unit for all of
    [lo, hi]·10^shift."""
    if lo <= 0 <= hi:
        return "0" if lo == hi == 0 else None
    negative = hi < 0
    a, b = (-hi, -lo) if negative else (lo, hi)
    mid = (a + b) / 2
    e = _floor_log10(mid) - digits + 1
    n = _round_div(mid, _pow10(e))
    if n >= 10 ** digits:
        e += 1
        n = _round_div(mid, _pow10(e))
    unit = _pow10(e)
    if a > (n - 1) * unit and b < (n + 1) * unit:
        return _format(negative, n, e + shift)
    return None


def _outward(q: fmpq, digits: int, up: bool, shift: int = 0) -> str:
    """`q`·10^shift rounded outward (up or down) to `digits` significant decimal digits."""
    if q == 0:
        return "0"
    negative = q < 0
    a = -q if negative else q
    e = _floor_log10(a) - digits + 1
    unit = _pow10(e)
    r = a / unit
    n = int(r.p) // int(r.q)
    away = up != negative
    if away and n * unit < a:
        n += 1
    return _format(negative, n, e + shift)


def _without_trailing_zeros(n: int, exp10: int) -> tuple[int, int]:
    """The same number n·10^exp10 with the trailing zeros of n moved into the exponent."""
    while n and n % 10 == 0:
        n, exp10 = n // 10, exp10 + 1
    return n, exp10
