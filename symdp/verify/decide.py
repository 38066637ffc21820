"""Exact decision of real inequalities, and the routes that reduce other inequalities to it.

* **One variable, rational** (:func:`rational_nonnegative`): ``f = N/D`` with rational
  coefficients is ≥ 0 on an interval iff ``N·D`` is. Write ``N·D = c·O·E²`` (square-free
  factorisation: ``O`` collects the factors of odd multiplicity, so ``O`` is square-free and
  ``E² ≥ 0``). Then ``N·D ≥ 0`` on the interval iff ``O`` has no root in its interior (a simple
  root changes sign) and ``c·O > 0`` at one interior point. Roots are counted exactly (Sturm
  sequences, ``Poly.count_roots``), so unbounded intervals cost nothing extra. A failure gives an
  exact rational witness beside an isolated root.
* **Several variables, polynomial/rational** (:func:`real_closed`): z3's ``nlsat`` procedure is
  complete for the theory of real closed fields. The negation (domain ∧ D ≠ 0 ∧ N·D < 0, or
  D = 0) is shown unsatisfiable; the SMT-LIB text of that query is recorded in the evidence so
  any other solver can re-check it. A satisfying model is an exact refutation.
* **Monotone from a contact point** (:func:`monotone_from`): f(a) ≥ 0 exactly and f' ≥ 0 on
  [a, b] (decided recursively) give f ≥ 0 on [a, b]; b may be ∞. This proves log(1 + x) ≤ x on
  x ≥ 0: f' = x/(1 + x) is rational.
* **Compactification** (:func:`compactified`): on [a, ∞), x = e^{−(v − a)} ∈ (0, 1] turns the
  exponential rational functions of DP into rational functions of x, decided exactly on (0, 1];
  the limit at the open end (x → 0⁺, v → ∞) is computed separately and recorded.
* Higher-order enclosures for transcendental inequalities that touch zero with zero slope live
  in the branch-and-bound (``boxes.prove_nonnegative(order=n)``): a Taylor form with a certified
  remainder whose lower polynomial is decided here exactly (:func:`polynomial_nonnegative`).

:func:`prove` tries these in turn and says where each one stalled.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import sympy
from sympy import QQ, Poly

from ..errors import ParameterError
from .evidence import Evidence, inequality_on_box, jsonable

OO = sympy.oo

#: Default time limit (milliseconds) of one nlsat query.
Z3_TIMEOUT_MS = 20000


# --------------------------------------------------------------------------------------------
# one variable


@dataclass(frozen=True)
class Decision:
    """Outcome of an exact decision: ``holds`` (True/False), a rational ``witness`` where it fails."""

    holds: bool
    witness: sympy.Rational | None = None
    reason: str = ""


def _poly(expr: sympy.Expr, var: sympy.Symbol) -> Poly:
    try:
        return Poly(expr, var, domain=QQ)
    except (sympy.PolynomialError, sympy.polys.polyerrors.CoercionFailed) as err:
        raise ParameterError(f"f must be rational in {var} with rational coefficients, got {expr} ({err})") from None


def _roots_inside(poly: Poly, lo: sympy.Expr, hi: sympy.Expr) -> int:
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


def _interior_point(lo: sympy.Expr, hi: sympy.Expr) -> sympy.Rational:
    if lo == -OO and hi == OO:
        return sympy.Integer(0)
    if lo == -OO:
        return sympy.floor(hi) - 1
    if hi == OO:
        return sympy.floor(lo) + 1
    return (lo + hi) / 2


def _witness(full: Poly, poly: Poly, lo: sympy.Expr, hi: sympy.Expr) -> sympy.Rational | None:
    """A rational point of [lo, hi] where `full` < 0, searched beside the roots of its odd part `poly`."""
    mid = _interior_point(lo, hi)
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


def polynomial_nonnegative(poly: Poly | sympy.Expr, var: sympy.Symbol, lo: object = -OO, hi: object = OO) -> Decision:
    """Decide exactly whether the polynomial is ≥ 0 on the closed interval [lo, hi] (ends may be ±∞)."""
    p = poly if isinstance(poly, Poly) else _poly(sympy.expand(poly), var)
    lo, hi = sympy.sympify(lo), sympy.sympify(hi)
    if not lo <= hi:
        raise ParameterError(f"the interval must have lo ≤ hi, got [{lo}, {hi}]")
    if p.is_zero:
        return Decision(True)
    c, factors = p.sqf_list()
    odd = Poly(1, var, domain=QQ)
    for g, m in factors:
        if m % 2 == 1:
            odd = odd * g
    if lo == hi:
        value = p.eval(lo)
        return Decision(value >= 0, None if value >= 0 else lo)
    if _roots_inside(odd, lo, hi) == 0 and c * odd.eval(_interior_point(lo, hi)) > 0:
        return Decision(True)
    w = _witness(p, odd, lo, hi)
    if w is not None:
        return Decision(False, w)
    return Decision(False, w, "the odd part changes sign inside the interval")


def rational_nonnegative(f: sympy.Expr, var: sympy.Symbol, lo: object = -OO, hi: object = OO, detail: str = "", *,
                         open_ends: tuple[bool, bool] = (False, False)) -> Evidence:
    """Proved iff the rational function `f` of `var` is ≥ 0 (and defined) on the interval
    from `lo` to `hi` (closed unless `open_ends` says otherwise; an infinite end is open)."""
    lo, hi = sympy.sympify(lo), sympy.sympify(hi)
    num, den = sympy.fraction(sympy.cancel(sympy.together(sympy.sympify(f))))
    n, d = _poly(num, var), _poly(den, var)
    shown = _interval_text(lo, hi, open_ends)
    data = {"method": "exact real-root isolation (square-free part, Sturm counts)", "f": jsonable(f),
            "variable": str(var), "interval": shown, "numerator": str(num), "denominator": str(den)}
    text = detail or f"{f} ≥ 0 for {var} ∈ {shown}"
    d_sqf = Poly(1, var, domain=QQ)
    for g, _ in d.sqf_list()[1]:
        d_sqf = d_sqf * g
    poles = _roots_inside(d_sqf, lo, hi)
    for end, is_open in zip((lo, hi), open_ends):
        if end.is_finite and not is_open and d.eval(end) == 0:
            poles += 1
    if poles:
        return Evidence("decision", "failed", f"{text}: undecided, the denominator {den} vanishes in {shown}", data)
    decision = polynomial_nonnegative(n * d, var, lo, hi)
    if decision.holds:
        return Evidence("decision", "proved", f"{text} (exact decision: {var} ∈ {shown})", data)
    if decision.witness is not None:
        value = sympy.sympify(f).subs(var, decision.witness)
        data.update(witness={str(var): str(decision.witness)}, value=str(value))
        return Evidence("decision", "failed", f"{text}: refuted, f({decision.witness}) = {value} < 0", data)
    return Evidence("decision", "failed", f"{text}: refuted ({decision.reason})", data)


def _interval_text(lo: sympy.Expr, hi: sympy.Expr, open_ends: tuple[bool, bool] = (False, False)) -> str:
    left = "(" if open_ends[0] or lo == -OO else "["
    right = ")" if open_ends[1] or hi == OO else "]"
    return f"{left}{lo}, {hi}{right}"


# --------------------------------------------------------------------------------------------
# several variables: nlsat


def _to_z3(expr: sympy.Expr, names: dict):
    import z3

    if expr.is_Symbol:
        return names[expr]
    if expr.is_Rational:
        return z3.RealVal(f"{expr.p}/{expr.q}")
    if expr.is_Add:
        out = _to_z3(expr.args[0], names)
        for a in expr.args[1:]:
            out = out + _to_z3(a, names)
        return out
    if expr.is_Mul:
        out = _to_z3(expr.args[0], names)
        for a in expr.args[1:]:
            out = out * _to_z3(a, names)
        return out
    if expr.is_Pow and expr.exp.is_Integer and expr.exp > 0:
        base = _to_z3(expr.base, names)
        out = base
        for _ in range(int(expr.exp) - 1):
            out = out * base
        return out
    raise ParameterError(f"real_closed needs polynomials with rational coefficients, got the term {expr}")


def _relation_to_z3(rel: sympy.Basic, names: dict):
    import z3

    if rel is sympy.true or rel is True:
        return z3.BoolVal(True)
    if rel is sympy.false or rel is False:
        return z3.BoolVal(False)
    lhs, rhs = sympy.sympify(rel.lhs), sympy.sympify(rel.rhs)
    num, den = sympy.fraction(sympy.cancel(sympy.together(lhs - rhs)))
    a, b = _to_z3(sympy.expand(num * den), names), _to_z3(sympy.expand(den), names)
    ops = {sympy.GreaterThan: lambda v: v >= 0, sympy.StrictGreaterThan: lambda v: v > 0,
           sympy.LessThan: lambda v: v <= 0, sympy.StrictLessThan: lambda v: v < 0, sympy.Eq: lambda v: v == 0}
    for kind, make in ops.items():
        if isinstance(rel, kind):
            # (lhs − rhs) = num/den has the sign of num·den where den ≠ 0
            return z3.And(b != 0, make(a))
    raise ParameterError(f"domain constraints must be ≤, <, ≥, > or =, got {rel}")


def real_closed(f: sympy.Expr, variables: Sequence[sympy.Symbol], domain: Sequence[sympy.Basic], detail: str, *,
                timeout_ms: int = Z3_TIMEOUT_MS) -> Evidence:
    """Proved iff ``f ≥ 0`` (f rational with rational coefficients) at every real point of
    `variables` satisfying all relations in `domain`, decided by z3's nlsat (complete for real
    closed fields). The refuted query is recorded as SMT-LIB text. A symbol's sympy assumptions
    (positive, nonnegative) join the domain: sympy decides ``α ≥ 0`` to True for a positive α."""
    import z3

    names = {v: z3.Real(str(v)) for v in variables}
    implied = [v for v in variables if v.is_positive or v.is_nonnegative]
    num, den = sympy.fraction(sympy.cancel(sympy.together(sympy.sympify(f))))
    n, d = _to_z3(sympy.expand(num * den), names), _to_z3(sympy.expand(den), names)
    solver = z3.Tactic("qfnra-nlsat").solver()
    solver.set("timeout", int(timeout_ms))
    for v in implied:
        solver.add(names[v] > 0 if v.is_positive else names[v] >= 0)
    for rel in domain:
        solver.add(_relation_to_z3(rel, names))
    # negation of "f is defined and ≥ 0": den = 0 or num·den < 0
    solver.add(z3.Or(d == 0, n < 0))
    smt = solver.to_smt2()
    data = {"method": "z3 nlsat (qfnra-nlsat), negation unsatisfiable", "f": jsonable(f),
            "variables": [str(v) for v in variables],
            "domain": [f"{v} > 0" if v.is_positive else f"{v} >= 0" for v in variables if v.is_positive or v.is_nonnegative]
            + [str(r) for r in domain if r not in (True, sympy.true)], "smtlib": smt}
    verdict = solver.check()
    if verdict == z3.unsat:
        return Evidence("decision", "proved", f"{detail} (nlsat: the negation is unsatisfiable)", data)
    if verdict == z3.sat:
        model = solver.model()
        point = {str(v): str(model.eval(names[v], model_completion=True)) for v in variables}
        data["witness"] = point
        return Evidence("decision", "failed", f"{detail}: refuted at {point}", data)
    data["reason"] = str(solver.reason_unknown())
    return Evidence("decision", "failed", f"{detail}: undecided, nlsat returned unknown ({data['reason']})", data)


# --------------------------------------------------------------------------------------------
# transcendental, one variable


def _is_rational_in(f: sympy.Expr, var: sympy.Symbol) -> bool:
    try:
        num, den = sympy.fraction(sympy.cancel(sympy.together(f)))
        _poly(num, var), _poly(den, var)
        return True
    except ParameterError:
        return False


def monotone_from(f: sympy.Expr, var: sympy.Symbol, lo: object, hi: object = OO, detail: str = "", *,
                  depth: int = 3) -> Evidence:
    """Proved iff f(lo) ≥ 0 (decided exactly) and f' ≥ 0 on [lo, hi] (by :func:`prove`, which may
    come back here for f'' up to `depth` times): then f is nondecreasing from a nonnegative value."""
    lo, hi = sympy.sympify(lo), sympy.sympify(hi)
    text = detail or f"{f} ≥ 0 for {var} ∈ {_interval_text(lo, hi)}"
    start = sympy.simplify(sympy.sympify(f).subs(var, lo))
    from ..numbers import sign

    if sign(start) < 0:
        return Evidence("inequality", "failed", f"{text}: refuted, f({lo}) = {start} < 0",
                        {"witness": {str(var): str(lo)}, "value": str(start)})
    slope = sympy.simplify(sympy.diff(f, var))
    inner = prove(slope, var, lo, hi, f"f' = {slope} ≥ 0", depth=depth - 1)
    data = {"method": "f(lo) ≥ 0 and f' ≥ 0", "f": jsonable(f), "f(lo)": str(start), "derivative": inner.to_json()}
    if inner.status == "proved":
        return Evidence("inequality", "proved", f"{text} (f({lo}) = {start} ≥ 0 and {inner.detail})", data)
    return Evidence("inequality", "failed", f"{text}: undecided, stalled on the derivative: {inner.detail}", data)


def compactified(f: sympy.Expr, var: sympy.Symbol, lo: object = 0, detail: str = "") -> Evidence:
    """f ≥ 0 on [lo, ∞) through x = e^{−(var − lo)} ∈ (0, 1]: the rewritten function is decided
    exactly when it is rational in x; the limit at the open end (var → ∞) is recorded."""
    lo = sympy.sympify(lo)
    x = sympy.Symbol("x_c", positive=True)
    g = sympy.sympify(f).rewrite(sympy.exp).subs(var, lo - sympy.log(x))
    g = sympy.cancel(sympy.together(sympy.powsimp(sympy.expand(g), force=True)))
    text = detail or f"{f} ≥ 0 for {var} ∈ [{lo}, ∞)"
    data = {"method": f"compactified: x = e^(−({var} − {lo})) ∈ (0, 1]", "g": jsonable(g)}
    if not _is_rational_in(g, x):
        return Evidence("inequality", "failed", f"{text}: undecided, after x = e^(−({var} − {lo})) it is not rational "
                        f"in x: {g}", data)
    limit = sympy.limit(f, var, OO)
    data["limit at the open end"] = str(limit)
    inner = rational_nonnegative(g, x, 0, 1, f"g(x) = {g} ≥ 0 on (0, 1]", open_ends=(True, False))
    data["decision"] = inner.to_json()
    if inner.status == "proved":
        return Evidence("decision", "proved", f"{text} (compactified by x = e^(−{var}), {inner.detail}; "
                        f"limit as {var} → ∞: {limit})", data)
    return Evidence("decision", "failed", f"{text}: {inner.detail}", data)


def prove(f: sympy.Expr, var: sympy.Symbol, lo: object, hi: object = OO, detail: str = "", *, depth: int = 3,
          order: int = 4, max_boxes: int = 4000) -> Evidence:
    """f ≥ 0 for `var` ∈ [lo, hi] (hi may be ∞) by the first route that succeeds: exact decision
    (rational f), compactification (hi = ∞), branch-and-bound with Taylor forms of `order`
    (finite hi), then f(lo) ≥ 0 with f' ≥ 0. A failure lists where each route stalled; a
    refutation by any route is final."""
    f = sympy.sympify(f)
    lo, hi = sympy.sympify(lo), sympy.sympify(hi)
    text = detail or f"{f} ≥ 0 for {var} ∈ {_interval_text(lo, hi)}"
    if _is_rational_in(f, var):
        return rational_nonnegative(f, var, lo, hi, text)
    stalls = []
    if hi == OO:
        ev = compactified(f, var, lo, text)
        if ev.status == "proved" or "refuted" in ev.detail:
            return ev
        stalls.append(ev.detail)
    else:
        ev = inequality_on_box(f, [(lo, hi)], text, max_boxes, variables=[var], order=order)
        if ev.status == "proved" or "refuted" in ev.detail:
            return ev
        stalls.append(ev.detail)
    if depth > 0:
        ev = monotone_from(f, var, lo, hi, text, depth=depth)
        if ev.status == "proved" or "refuted" in ev.detail:
            return ev
        stalls.append(ev.detail)
    return Evidence("inequality", "failed", f"{text}: undecided; " + " | ".join(stalls), {"stalls": stalls})
