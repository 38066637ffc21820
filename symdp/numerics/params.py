"""Validated exact parameters: user input converted by :func:`symdp.numbers.exact` and checked
against its allowed range.

Every function returns the exact sympy value (``count`` a Python ``int``) or raises
:class:`~symdp.errors.ParameterError` worded ``"{name} must be {allowed}, got {value}"``.
A value with free symbols cannot be placed in a range: it is refused unless ``symbolic=True``,
which lets it through unchecked for the callers that build symbolic formulas from it.
"""

from __future__ import annotations

from typing import Callable

import sympy

from .. import limits
from ..errors import ParameterError, PrecisionError, require, show
from ..numbers import exact, sign

__all__ = ["sized", "at_least", "above", "nonnegative", "positive", "rate", "probability",
           "open_probability", "positive_probability", "count", "order"]


def sized(value: object, name: str) -> sympy.Expr:
    """`value` converted by :func:`exact`, with every rational in it at most
    ``limits.parameter_bits`` bits: sympy's arithmetic and assumptions on e^x for a 100 000-bit x
    run for minutes (its printer alone evaluates e^x to order terms)."""
    v = exact(value, name)
    bits = max((max(int(r.p).bit_length(), int(r.q).bit_length()) for r in v.atoms(sympy.Rational)), default=0)
    limits.check_bits(bits, f"the parameter {name}", "parameter_bits")
    return v


def _checked(value: object, name: str, allowed: str, holds: Callable[[sympy.Expr], bool],
             symbolic: bool) -> sympy.Expr:
    v = sized(value, name)
    if v.has(sympy.oo, -sympy.oo, sympy.zoo, sympy.nan):  # sign() cannot evaluate them: say what is wrong
        require(False, name, f"finite and {allowed}", v)
    try:
        ok = symbolic if v.free_symbols else holds(v)
    except PrecisionError:
        raise PrecisionError(f"cannot decide whether {name} = {show(v)} is {allowed}: it is too close to the "
                             "boundary or too large to evaluate with certified arithmetic") from None
    except ParameterError as err:  # a function arb has no certified evaluation of (zeta, besselj, ...)
        raise ParameterError(f"{name} must be {allowed}, built from functions symdp certifies (exp, log, sqrt, "
                             f"erf, ...); got {show(v, 60)}: {err}") from None
    require(ok, name, allowed, v)
    return v


def at_least(value: object, name: str, bound: object, *, symbolic: bool = False) -> sympy.Expr:
    """value ≥ bound."""
    return _checked(value, name, f"≥ {bound}", lambda v: sign(v - bound) >= 0, symbolic)


def above(value: object, name: str, bound: object, *, symbolic: bool = False) -> sympy.Expr:
    """value > bound."""
    return _checked(value, name, f"> {bound}", lambda v: sign(v - bound) > 0, symbolic)


def nonnegative(value: object, name: str, *, symbolic: bool = False) -> sympy.Expr:
    """value ≥ 0."""
    return at_least(value, name, 0, symbolic=symbolic)


def positive(value: object, name: str, *, symbolic: bool = False) -> sympy.Expr:
    """value > 0."""
    return above(value, name, 0, symbolic=symbolic)


def rate(value: object, name: str = "q", upper: object = 1, *, symbolic: bool = False) -> sympy.Expr:
    """value ∈ [0, upper] (a sampling rate; some bounds hold only below an upper rate)."""
    return _checked(value, name, f"in [0, {upper}]",
                    lambda v: sign(v) >= 0 and sign(upper - v) >= 0, symbolic)


def probability(value: object, name: str, *, symbolic: bool = False) -> sympy.Expr:
    """value ∈ [0, 1]."""
    return rate(value, name, 1, symbolic=symbolic)


def open_probability(value: object, name: str, *, symbolic: bool = False) -> sympy.Expr:
    """value ∈ (0, 1)."""
    return _checked(value, name, "in (0, 1)", lambda v: sign(v) > 0 and sign(1 - v) > 0, symbolic)


def positive_probability(value: object, name: str, *, symbolic: bool = False) -> sympy.Expr:
    """value ∈ (0, 1]."""
    return _checked(value, name, "in (0, 1]", lambda v: sign(v) > 0 and sign(1 - v) >= 0, symbolic)


def repr_of(value: object) -> str:
    """repr that never raises (a Fraction with a 10⁵-digit numerator has no repr in Python ≥ 3.11)."""
    try:
        return repr(value)
    except ValueError:
        return f"<a {type(value).__name__} too large to print>"


def count(k: object, name: str = "k", minimum: int = 1) -> int:
    """An integer ≥ minimum (a Python or sympy integer; booleans are refused), as an ``int``."""
    if isinstance(k, sympy.Integer) or (type(k).__module__ == "numpy" and getattr(getattr(k, "dtype", None), "kind", "") in ("i", "u")):
        k = int(k)  # numpy integers count like Python's
    if isinstance(k, bool) or not isinstance(k, int) or k < minimum:
        raise ParameterError(f"{name} must be an integer ≥ {minimum}, got {show(k if isinstance(k, int) else repr_of(k))}")
    limits.check_bits(k.bit_length(), f"the count {name}", "parameter_bits")  # sqrt(k), 2^(1−k), … stay cheap
    return k


def order(alpha: object, name: str = "alpha") -> sympy.Expr:
    """A Rényi order: α > 0, or α = oo (the max-divergence)."""
    a = sized(alpha, name)
    if a is sympy.oo:
        return a
    return _checked(a, name, "> 0 (or oo)", lambda v: sign(v) > 0, False)
