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
  in the branch-and-bound (``boxes.prove_nonnegative``, which escalates to Taylor forms in one
  variable when first-order enclosures stall): a Taylor form with a certified remainder whose
  lower polynomial is decided exactly (:func:`symdp.verify.polynomial.polynomial_nonnegative`).

Every outcome passes :func:`~symdp.verify.evidence.settled` (a proof carries no witness, a
refutation carries one) and a proof carries the certificate a second checker replays
(:mod:`symdp.verify.recheck`): the SMT-LIB query, or the polynomial with its factorisation.

:func:`prove` tries these in turn and says where each one stalled.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Sequence

import sympy
from sympy import QQ, Poly

from ..certificate import ensure
from ..errors import ParameterError
from . import goals
from .evidence import Evidence, bound, inequality_on_box, jsonable, settled
from .goals import canonical_srepr
from .recheck.smt import LOGIC as SMT_LOGIC
from .recheck.smt import query as smtlib_query
from .polynomial import OO, as_poly, interior_point, polynomial_nonnegative, refuse_floats, roots_inside

#: Default time limit (milliseconds) of one nlsat query.
Z3_TIMEOUT_MS = 20000


# --------------------------------------------------------------------------------------------
# one variable, rational


def rational_nonnegative(f: sympy.Expr, var: sympy.Symbol, lo: object = -OO, hi: object = OO, detail: str = "", *,
                         open_ends: tuple[bool, bool] = (False, False)) -> Evidence:
    """Proved iff the rational function `f` of `var` is ≥ 0 (and defined) on the interval
    from `lo` to `hi` (closed unless `open_ends` says otherwise; an infinite end is open).
    Floats are refused (``ParameterError``): sympy reads a Float's decimal value here but
    interval arithmetic its binary value."""
    f, lo, hi = sympy.sympify(f), sympy.sympify(lo), sympy.sympify(hi)
    for value, name in ((f, "f"), (lo, "lo"), (hi, "hi")):
        refuse_floats(value, name)
    num, den = sympy.fraction(sympy.cancel(sympy.together(f)))
    n, d = as_poly(num, var), as_poly(den, var)
    shown = _interval_text(lo, hi, open_ends)
    data = {"method": "exact real-root isolation (square-free part, Sturm counts)", "f": jsonable(f),
            "variable": str(var), "interval": shown, "numerator": str(num), "denominator": str(den)}
    text = detail or f"{f} ≥ 0 for {var} ∈ {shown}"
    d_sqf = Poly(1, var, domain=QQ)
    for g, _ in d.sqf_list()[1]:
        d_sqf = d_sqf * g
    poles = roots_inside(d_sqf, lo, hi)
    for end, is_open in zip((lo, hi), open_ends):
        if end.is_finite and not is_open and d.eval(end) == 0:
            poles += 1
    if poles:
        return settled(Evidence("decision", "failed", f"{text}: undecided, the denominator {den} vanishes in {shown}",
                                data))
    decision = polynomial_nonnegative(n * d, var, lo, hi)
    if decision.holds:
        g, formal = _on_interval(f, var, lo, hi, open_ends)
        cert = goals.certificate("rational", g, f=canonical_srepr(f), variable=canonical_srepr(var),
                                 numerator=canonical_srepr(num), denominator=canonical_srepr(den),
                                 open_ends=list(open_ends), product=decision.certificate)
        data.update(bound(formal, [(g, cert)]))
        return settled(Evidence("decision", "proved", f"{text} (exact decision: {var} ∈ {shown})", data))
    data["refuted"] = True
    witness = _inside(n * d, decision.witness, lo, hi, open_ends)
    if witness is not None:
        value = f.subs(var, witness)
        ensure(value.is_Rational and value < 0, "a rational refutation's witness makes f negative",
               f=f, witness=witness, value=value)
        data.update(witness={str(var): str(witness)}, value=str(value))
        return settled(Evidence("decision", "failed", f"{text}: refuted, f({witness}) = {value} < 0", data))
    data["refuted"] = False
    return settled(Evidence("decision", "failed", f"{text}: undecided ({decision.reason})", data))


def _on_interval(f: sympy.Expr, var: sympy.Symbol, lo: sympy.Expr, hi: sympy.Expr,
                 open_ends: Sequence[bool] = (False, False)) -> tuple[goals.Goal, dict]:
    """The goal "f ≥ 0 for var in the interval" and its ``formal`` record (an infinite end is open)."""
    open_ends = [bool(open_ends[0]) or lo == -OO, bool(open_ends[1]) or hi == OO]
    formal = {"form": "interval", "f": canonical_srepr(f), "variable": canonical_srepr(var), "lo": canonical_srepr(lo),
              "hi": canonical_srepr(hi),
              "open": open_ends}
    return goals.nonnegative(f, goals.interval(var, lo, hi, open_ends), [var]), formal


def _inside(poly: Poly, witness: sympy.Rational | None, lo: sympy.Expr, hi: sympy.Expr,
            open_ends: tuple[bool, bool]) -> sympy.Rational | None:
    """`witness` moved off an open end: poly < 0 there, so (continuity) at points close enough inside."""
    if witness is None:
        return None
    for end, is_open in zip((lo, hi), open_ends):
        if is_open and witness == end:
            mid = interior_point(lo, hi)
            for k in range(1, 200):
                point = end + (mid - end) / 2 ** k
                if poly.eval(point) < 0:
                    return point
            return None
    return witness


def _interval_text(lo: sympy.Expr, hi: sympy.Expr, open_ends: tuple[bool, bool] = (False, False)) -> str:
    left = "(" if open_ends[0] or lo == -OO else "["
    right = ")" if open_ends[1] or hi == OO else "]"
    return f"{left}{lo}, {hi}{right}"


# --------------------------------------------------------------------------------------------
# several variables: nlsat


def _z3_real(symbol: sympy.Basic, names: dict):
    """The z3 variable of a sympy symbol, memoised in ``names``. Its name keeps only letters, digits
    and '_' (an SMT-LIB simple symbol): z3 prints a name such as ``P'`` unquoted in the recorded
    query, which a fresh parser then reads as a different term, so the replayed certificate would
    not be the proved one. Symbols of the same name are one variable (a paper's ε typed positive
    in one place and real in another); two names that clean alike get distinct suffixes."""
    import z3

    if symbol not in names:
        same = next((z for key, z in names.items() if str(key) == str(symbol)), None)
        if same is None:
            base = re.sub(r"[^A-Za-z0-9_]", "_", str(symbol))
            base = base if base[:1].isalpha() else "v_" + base
            taken = {str(z) for z in names.values()}
            name = base if base not in taken else next(f"{base}_{i}" for i in range(1, len(taken) + 2)
                                                      if f"{base}_{i}" not in taken)
            same = z3.Real(name)
        names[symbol] = same
    return names[symbol]


def _to_z3(expr: sympy.Expr, names: dict):
    import z3

    if expr.is_Symbol:
        # a symbol outside the listed variables is a free parameter: the claim holds for all of it
        return _z3_real(expr, names)
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


def condition_to_z3(rel: sympy.Basic, names: dict):
    """The z3 form of a sympy condition: a relation between rational functions (true only where
    its denominators are nonzero), or And/Or/Not of them; `names` maps symbols to z3 reals."""
    import z3

    if rel is sympy.true or rel is True:
        return z3.BoolVal(True)
    if rel is sympy.false or rel is False:
        return z3.BoolVal(False)
    if isinstance(rel, (sympy.And, sympy.Or)):
        parts = [condition_to_z3(a, names) for a in rel.args]
        return z3.And(*parts) if isinstance(rel, sympy.And) else z3.Or(*parts)
    if isinstance(rel, sympy.Not):
        return z3.Not(condition_to_z3(rel.args[0], names))
    refuse_floats(rel, "a domain relation")
    if not isinstance(rel, sympy.core.relational.Relational):
        raise ParameterError(f"domain constraints must be ≤, <, ≥, > or = (or And/Or/Not of them), got {rel}")
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


def assumption_constraints(symbols: Sequence[sympy.Symbol], names: dict) -> list:
    """The z3 constraints of the symbols' sympy assumptions (positive, nonnegative, negative,
    nonpositive, integer): sympy decides ``α ≥ 0`` to True for a positive α, so they are part of
    the domain."""
    import z3

    out = []
    for v in symbols:
        z = _z3_real(v, names)
        if v.is_positive:
            out.append(z > 0)
        elif v.is_nonnegative:
            out.append(z >= 0)
        if v.is_negative:
            out.append(z < 0)
        elif v.is_nonpositive:
            out.append(z <= 0)
        if v.is_integer:
            out.append(z3.IsInt(z))
    return out


def real_closed(f: sympy.Expr, variables: Sequence[sympy.Symbol], domain: Sequence[sympy.Basic], detail: str, *,
                timeout_ms: int = Z3_TIMEOUT_MS) -> Evidence:
    """Proved iff ``f ≥ 0`` (f rational with rational coefficients) at every real point of
    `variables` satisfying all relations in `domain`, decided by z3's nlsat (complete for real
    closed fields). The refuted query is recorded as SMT-LIB text. A symbol's sympy assumptions
    (positive, nonnegative) join the domain: sympy decides ``α ≥ 0`` to True for a positive α."""
    import z3

    f = sympy.sympify(f)
    refuse_floats(f, "f")
    # the goal first (it refuses bad input): z3 names variables by name, so two variables of one
    # name would be read as one
    goals.nonnegative(f, [r for r in domain if r not in (True, sympy.true)], variables)
    names: dict = {}
    for v in variables:
        _z3_real(v, names)
    num, den = sympy.fraction(sympy.cancel(sympy.together(f)))
    n, d = _to_z3(sympy.expand(num * den), names), _to_z3(sympy.expand(den), names)
    solver = z3.Tactic("qfnra-nlsat").solver()
    solver.set("timeout", int(timeout_ms))
    for c in assumption_constraints(variables, names):
        solver.add(c)
    for rel in domain:
        solver.add(condition_to_z3(rel, names))
    # negation of "f is defined and ≥ 0": den = 0 or num·den < 0
    solver.add(z3.Or(d == 0, n < 0))
    smt = solver.to_smt2()
    data = {"method": "z3 nlsat (qfnra-nlsat), negation unsatisfiable", "f": jsonable(f),
            "variables": [str(v) for v in variables],
            "domain": [f"{v} > 0" if v.is_positive else f"{v} >= 0" for v in variables if v.is_positive or v.is_nonnegative]
            + [str(r) for r in domain if r not in (True, sympy.true)], "smtlib": smt}
    verdict = solver.check()
    if verdict == z3.unsat:
        hypotheses = [r for r in domain if r not in (True, sympy.true)]
        g = goals.nonnegative(f, hypotheses, variables)
        formal = {"form": "real_closed", "f": canonical_srepr(f), "variables": [canonical_srepr(v) for v in variables],
                  "domain": [canonical_srepr(r) for r in hypotheses]}
        cert = goals.certificate("smtlib", g, query=smtlib_query(g.canonical()), logic=SMT_LOGIC, expect="unsat")
        data.update(bound(formal, [(g, cert)]))
        return settled(Evidence("decision", "proved", f"{detail} (nlsat: the negation is unsatisfiable)", data))
    if verdict == z3.sat:
        model = solver.model()
        point = {str(v): str(model.eval(names[v], model_completion=True)) for v in variables}
        data.update(witness=point, refuted=True)
        return settled(Evidence("decision", "failed", f"{detail}: refuted at {point}", data))
    data["reason"] = str(solver.reason_unknown())
    return settled(Evidence("decision", "failed", f"{detail}: undecided, nlsat returned unknown ({data['reason']})", data))


# --------------------------------------------------------------------------------------------
# transcendental, one variable


def _is_rational_in(f: sympy.Expr, var: sympy.Symbol) -> bool:
    try:
        num, den = sympy.fraction(sympy.cancel(sympy.together(f)))
        as_poly(num, var), as_poly(den, var)
        return True
    except ParameterError:
        return False


def monotone_from(f: sympy.Expr, var: sympy.Symbol, lo: object, hi: object = OO, detail: str = "", *,
                  depth: int = 3) -> Evidence:
    """Proved iff f(lo) ≥ 0 (decided exactly) and f' ≥ 0 on [lo, hi] (by :func:`prove`, which may
    come back here for f'' up to `depth` times): then f is nondecreasing from a nonnegative value.
    f(lo) < 0 refutes the claim with the witness lo."""
    from ..numbers import sign

    f, lo, hi = sympy.sympify(f), sympy.sympify(lo), sympy.sympify(hi)
    for value, name in ((f, "f"), (lo, "lo"), (hi, "hi")):
        refuse_floats(value, name)
    text = detail or f"{f} ≥ 0 for {var} ∈ {_interval_text(lo, hi)}"
    start = sympy.simplify(f.subs(var, lo))
    if sign(start) < 0:
        return settled(Evidence("inequality", "failed", f"{text}: refuted, f({lo}) = {start} < 0",
                                {"witness": {str(var): str(lo)}, "value": str(start), "refuted": True}))
    slope = sympy.simplify(sympy.diff(f, var))
    inner = prove(slope, var, lo, hi, f"f' = {slope} ≥ 0", depth=depth - 1)
    data = {"method": "f(lo) ≥ 0 and f' ≥ 0", "f": jsonable(f), "f(lo)": str(start), "derivative": inner.to_json()}
    if inner.status == "proved":
        g, formal = _on_interval(f, var, lo, hi)
        cert = goals.certificate("monotone", g, f=canonical_srepr(f), variable=canonical_srepr(var),
                                 interval=[str(lo), str(hi)], start=canonical_srepr(start))
        data.update(bound(formal, [(g, cert)]))
        return settled(Evidence("inequality", "proved", f"{text} (f({lo}) = {start} ≥ 0 and {inner.detail})", data))
    return settled(Evidence("inequality", "failed", f"{text}: undecided, stalled on the derivative: {inner.detail}", data))


def compactified(f: sympy.Expr, var: sympy.Symbol, lo: object = 0, detail: str = "") -> Evidence:
    """f ≥ 0 on [lo, ∞) through x = e^{−(var − lo)} ∈ (0, 1]: the rewritten function is decided
    exactly on all of (0, 1] when it is rational in x; the limit at the open end (var → ∞) is
    recorded. A refutation at x = w is one at var = lo − log w."""
    f, lo = sympy.sympify(f), sympy.sympify(lo)
    refuse_floats(f, "f"), refuse_floats(lo, "lo")
    x = sympy.Symbol("x_c", positive=True)
    g = f.rewrite(sympy.exp).subs(var, lo - sympy.log(x))
    g = sympy.cancel(sympy.together(sympy.powsimp(sympy.expand(g), force=True)))
    text = detail or f"{f} ≥ 0 for {var} ∈ [{lo}, ∞)"
    data = {"method": f"compactified: x = e^(−({var} − {lo})) ∈ (0, 1]", "g": jsonable(g)}
    if not _is_rational_in(g, x):
        return settled(Evidence("inequality", "failed", f"{text}: undecided, after x = e^(−({var} − {lo})) it is not "
                                f"rational in x: {g}", data))
    limit = sympy.limit(f, var, OO)
    data["limit at the open end"] = str(limit)
    inner = rational_nonnegative(g, x, 0, 1, f"g(x) = {g} ≥ 0 on (0, 1]", open_ends=(True, False))
    data["decision"] = inner.to_json()
    if inner.status == "proved":
        goal, formal = _on_interval(f, var, lo, OO)
        cert = goals.certificate("compactified", goal, f=canonical_srepr(f), variable=canonical_srepr(var), lo=str(lo),
                                 x=canonical_srepr(x), g=canonical_srepr(g))
        data.update(bound(formal, [(goal, cert)]))
        return settled(Evidence("decision", "proved", f"{text} (compactified by x = e^(−{var}), {inner.detail}; "
                                f"limit as {var} → ∞: {limit})", data))
    if inner.data.get("refuted"):
        w = inner.data["witness"][str(x)]
        at = lo - sympy.log(sympy.Rational(w))
        data.update(refuted=True, witness={str(var): str(at), str(x): w}, value=inner.data["value"])
    return settled(Evidence("decision", "failed", f"{text}: {inner.detail}", data))


def prove(f: sympy.Expr, var: sympy.Symbol, lo: object, hi: object = OO, detail: str = "", *, depth: int = 3,
          order: int | None = None, max_boxes: int = 4000) -> Evidence:
    """f ≥ 0 for `var` ∈ [lo, hi] (hi may be ∞) by the first route that succeeds: exact decision
    (rational f), compactification (hi = ∞), branch-and-bound (finite hi; Taylor forms of
    `order`, escalated automatically when None), then f(lo) ≥ 0 with f' ≥ 0. A failure lists
    where each route stalled; a refutation by any route is final."""
    f, lo, hi = sympy.sympify(f), sympy.sympify(lo), sympy.sympify(hi)
    for value, name in ((f, "f"), (lo, "lo"), (hi, "hi")):
        refuse_floats(value, name)
    text = detail or f"{f} ≥ 0 for {var} ∈ {_interval_text(lo, hi)}"
    if _is_rational_in(f, var):
        return rational_nonnegative(f, var, lo, hi, text)
    stalls = []
    if hi == OO:
        ev = compactified(f, var, lo, text)
    else:
        ev = inequality_on_box(f, [(lo, hi)], text, max_boxes, variables=[var], order=order)
    if ev.status == "proved" or ev.data.get("refuted"):
        return ev
    stalls.append(ev.detail)
    if depth > 0:
        ev = monotone_from(f, var, lo, hi, text, depth=depth)
        if ev.status == "proved" or ev.data.get("refuted"):
            return ev
        stalls.append(ev.detail)
    return settled(Evidence("inequality", "failed", f"{text}: undecided; " + " | ".join(stalls), {"stalls": stalls}))
