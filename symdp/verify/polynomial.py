"""Exact sign decision of a univariate polynomial with rational coefficients on an interval.

``P = c·O·E²`` by square-free factorisation (``O`` collects the factors of odd multiplicity,
so ``O`` is square-free and ``E² ≥ 0``). Then ``P ≥ 0`` on [lo, hi] iff ``O`` has no root in the
open interval (a simple root changes sign) and ``c·O > 0`` at one interior point. Roots are
counted exactly (Sturm sequences, ``Poly.count_roots``), so unbounded intervals cost nothing
extra. The factorisation, the count and the sign point are the decision's certificate: a second
checker verifies ``P = c·O·E²`` by multiplication and counts the roots of ``O`` by another
algorithm (:mod:`symdp.verify.recheck`).

This module is the bottom of the prover: the branch-and-bound (Taylor forms) and the exact
decisions both use it, and it uses neither.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import sympy
from sympy import QQ, Poly

from ..errors import ParameterError

OO = sympy.oo


@dataclass(frozen=True)
class Decision:
    """Outcome of an exact decision: ``holds`` (True/False), a rational ``witness`` where it
    fails, and when it holds the ``certificate`` (plain JSON) a second checker can replay."""

    holds: bool
    witness: sympy.Rational | None = None
    reason: str = ""
    certificate: dict = field(default_factory=dict, compare=False)


def refuse_floats(value: object, name: str) -> None:
    """Raise unless `value` is free of sympy Floats: a Float's decimal value (how ``Poly`` reads
    it) and its binary value (how interval arithmetic reads it) differ, so neither is exact."""
    if isinstance(value, float) or (isinstance(value, sympy.Basic) and value.has(sympy.Float)):
        raise ParameterError(f"{name} must be exact (write 1/10 as sympy.Rational(1, 10), not a float), got {value}")


def as_poly(expr: sympy.Expr, var: sympy.Symbol) -> Poly:
    """`expr` as a polynomial in `var` over ℚ, or a ParameterError naming what is not."""
    refuse_floats(expr, "f")
    try:
        return Poly(expr, var, domain=QQ)
    except (sympy.PolynomialError, sympy.polys.polyerrors.CoercionFailed) as err:
        raise ParameterError(f"f must be rational in {var} with rational coefficients, got {expr} ({err})") from None


def roots_inside(poly: Poly, lo: sympy.Expr, hi: sympy.Expr) -> int:
    """Number of distinct real roots of the square-free `poly` in the open interval (lo, hi)."""
    if poly.degree() <= 0:
        return 0
    inf = None if lo == -OO else lo
    sup = None if hi == OO else hi
    count = poly.count_roots(inf, sup)
    for end in (inf, sup):
        if end is not None and poly.eval(end) == 0:
            count -= 1
    return count


def interior_point(lo: sympy.Expr, hi: sympy.Expr) -> sympy.Rational:
    """A rational point strictly inside (lo, hi), lo < hi (ends may be ±∞)."""
    if lo == -OO and hi == OO:
        return sympy.Integer(0)
    if lo == -OO:
        return sympy.floor(hi) - 1
    if hi == OO:
        return sympy.floor(lo) + 1
    return (lo + hi) / 2


def _witness(full: Poly, poly: Poly, lo: sympy.Expr, hi: sympy.Expr) -> sympy.Rational | None:
    """A rational point of [lo, hi] where `full` < 0, searched beside the roots of its odd part `poly`."""
    mid = interior_point(lo, hi)
    points = [mid] + [e for e in (lo, hi) if e.is_finite]
    points += [(e + mid) / 2 for e in (lo, hi) if e.is_finite]
    if poly.degree() > 0:
        for (a, b), _ in poly.intervals(eps=sympy.Rational(1, 2 ** 20)):
            a, b = sympy.Rational(a), sympy.Rational(b)
            # the ends of an isolating interval of a simple root carry opposite signs
            points += [a - sympy.Rational(1, 2 ** 21), b + sympy.Rational(1, 2 ** 21)]
    for pt in points:
        if lo <= pt <= hi and full.eval(pt) < 0:
            return pt
    return None


def coefficients(poly: Poly) -> list[str]:
    """Coefficients as strings, highest degree first (the certificates' form)."""
    return [str(c) for c in poly.all_coeffs()]


def _end(value: sympy.Expr) -> str:
    return "oo" if value == OO else "-oo" if value == -OO else str(value)


def polynomial_nonnegative(poly: Poly | sympy.Expr, var: sympy.Symbol, lo: object = -OO, hi: object = OO) -> Decision:
    """Decide exactly whether the polynomial is ≥ 0 on the closed interval [lo, hi] (ends may be ±∞)."""
    p = poly if isinstance(poly, Poly) else as_poly(sympy.expand(poly), var)
    refuse_floats(p.as_expr(), "f")
    lo, hi = sympy.sympify(lo), sympy.sympify(hi)
    refuse_floats(lo, "lo"), refuse_floats(hi, "hi")
    if not lo <= hi:
        raise ParameterError(f"the interval must have lo ≤ hi, got [{lo}, {hi}]")
    cert = {"polynomial": coefficients(p), "interval": [_end(lo), _end(hi)]}
    if p.is_zero:
        return Decision(True, certificate={**cert, "zero": True})
    if lo == hi:
        value = p.eval(lo)
        return Decision(value >= 0, None if value >= 0 else lo, certificate=cert if value >= 0 else {})
    c, factors = p.sqf_list()
    odd, half = Poly(1, var, domain=QQ), Poly(1, var, domain=QQ)
    for g, m in factors:
        if m % 2 == 1:
            odd = odd * g
        half = half * g ** (m // 2)
    point = interior_point(lo, hi)
    if roots_inside(odd, lo, hi) == 0 and c * odd.eval(point) > 0:
        return Decision(True, certificate={**cert, "constant": str(c), "odd": coefficients(odd),
                                           "half": coefficients(half), "odd_roots_inside": 0, "sign_point": str(point)})
    w = _witness(p, odd, lo, hi)
    if w is not None:
        return Decision(False, w)
    return Decision(False, w, "the odd part changes sign inside the interval")
