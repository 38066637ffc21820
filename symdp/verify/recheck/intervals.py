"""An independent interval arithmetic (exact rationals; mpmath's iv for exp, log and
non-integer powers), and the replays that rest on it: boxes, monotone, compactified."""

from __future__ import annotations

from contextlib import contextmanager
from fractions import Fraction
from typing import Iterator, Mapping, Sequence

import mpmath
import sympy

from .parsing import parse_expression
from .polynomials import _end, _trim, check_polynomial
from .verdicts import Disagrees, Inconclusive

#: Bits of mpmath's interval arithmetic, and the largest precision a point sign is tried at.
PREC, MAX_PREC = 128, 2048


Interval = tuple[Fraction, Fraction]


@contextmanager
def _iv_precision(prec: int) -> Iterator[None]:
    """mpmath's interval context at `prec` bits (it has no workprec of its own), restored after."""
    saved = mpmath.iv.prec
    mpmath.iv.prec = prec
    try:
        yield
    finally:
        mpmath.iv.prec = saved


def _frac(raw: tuple) -> Fraction:
    """The exact value of a raw mpf tuple (sign, mantissa, exponent, bits)."""
    sign, man, exp, _ = raw
    if not man:
        if raw != mpmath.libmp.fzero:
            raise Inconclusive("an enclosure is unbounded")
        return Fraction(0)
    value = Fraction(int(man)) * Fraction(2) ** int(exp)
    return -value if sign else value


def _to_iv(a: Interval):
    lo = mpmath.iv.mpf(a[0].numerator) / a[0].denominator
    hi = mpmath.iv.mpf(a[1].numerator) / a[1].denominator
    return mpmath.iv.mpf([lo.a, hi.b])


def _from_iv(v) -> Interval:
    lo, hi = v._mpi_
    return _frac(lo), _frac(hi)


def _imul(a: Interval, b: Interval) -> Interval:
    ps = [x * y for x in a for y in b]
    return min(ps), max(ps)


def _ipow(a: Interval, n: int) -> Interval:
    if n < 0:
        a = _ipow(a, -n)
        if a[0] <= 0 <= a[1]:
            raise Inconclusive("a power with a negative exponent of an interval around 0")
        return 1 / a[1], 1 / a[0]
    lo, hi = a[0] ** n, a[1] ** n
    if n % 2 or a[0] >= 0:
        return lo, hi
    if a[1] <= 0:
        return hi, lo
    return Fraction(0), max(lo, hi)


def _exp_point(q: Fraction):
    return mpmath.iv.exp(_to_iv((q, q)))


#: Increasing functions, enclosed at the two ends of an interval through mpmath's iv.exp.
_INCREASING = {
    sympy.sinh: lambda q: (_exp_point(q) - _exp_point(-q)) / 2,
    sympy.tanh: lambda q: 1 - 2 / (_exp_point(2 * q) + 1),
}


def _erf_point(q: Fraction) -> Interval:
    """erf(q) enclosed by its Maclaurin series erf(x) = (2/√π) Σ (−1)ⁿ x^{2n+1} / (n!(2n+1)) in
    mpmath's interval arithmetic (Abramowitz–Stegun 7.1.5). Past n + 1 > x² the terms decrease in
    modulus and alternate, so the remainder lies between 0 and the first omitted term. The terms
    reach about e^{x²} before they fall, and erfc(x) ≈ e^{−x²}, so the precision carries
    2x²·log₂e extra bits: the result stays tight enough for erfc = 1 − erf far in the tail."""
    extra = int(3 * q * q) + 64
    with _iv_precision(mpmath.iv.prec + extra):
        x = _to_iv((q, q))
        x2, term, total, n = x * x, x, x, 0
        small = mpmath.iv.mpf(2) ** -(mpmath.iv.prec + 8)
        while True:
            n += 1
            term = -term * x2 / n
            piece = term / (2 * n + 1)
            total += piece
            if n + 1 > q * q and abs(piece).b < small.a:
                break
        bound = abs(term * x2 / (n + 1) / (2 * n + 3))
        total += mpmath.iv.mpf([-bound.b, bound.b])
        return _from_iv(total * 2 / mpmath.iv.sqrt(mpmath.iv.pi))


def _erf(a: Interval, complement: bool) -> Interval:
    """erf over an interval from its two ends (erf increases); erfc = 1 − erf decreases."""
    lo, hi = _erf_point(a[0])[0], _erf_point(a[1])[1]
    return (1 - hi, 1 - lo) if complement else (lo, hi)


def _cosh(a: Interval) -> Interval:
    top = max(abs(a[0]), abs(a[1]))
    bottom = Fraction(0) if a[0] <= 0 <= a[1] else min(abs(a[0]), abs(a[1]))
    value = lambda q: (_exp_point(q) + _exp_point(-q)) / 2
    return _from_iv(value(bottom))[0], _from_iv(value(top))[1]


def enclose(expr: sympy.Expr, env: Mapping[sympy.Symbol, Interval]) -> Interval:
    """An enclosure of `expr` over the box `env` (symbol → exact interval)."""
    if expr.is_Symbol:
        return env[expr]
    if expr.is_Rational:
        q = Fraction(int(expr.p), int(expr.q))
        return q, q
    if expr is sympy.pi or expr is sympy.E:
        return _from_iv(mpmath.iv.pi if expr is sympy.pi else mpmath.iv.e)
    if expr.is_Add:
        parts = [enclose(a, env) for a in expr.args]
        return sum(p[0] for p in parts), sum(p[1] for p in parts)
    if expr.is_Mul:
        out = (Fraction(1), Fraction(1))
        for a in expr.args:
            out = _imul(out, enclose(a, env))
        return out
    if expr.is_Pow:
        base = enclose(expr.base, env)
        if expr.exp.is_Integer:
            return _ipow(base, int(expr.exp))
        if base[0] < 0 or (base[0] == 0 and not expr.exp.is_positive):
            raise Inconclusive(f"a non-integer power of a base that reaches {base[0]}")
        return _from_iv(_to_iv(base) ** _to_iv(enclose(expr.exp, env)))
    if isinstance(expr, sympy.Abs):
        a = enclose(expr.args[0], env)
        return (a if a[0] >= 0 else (-a[1], -a[0]) if a[1] <= 0 else (Fraction(0), max(-a[0], a[1])))
    if isinstance(expr, (sympy.Max, sympy.Min)):
        parts = [enclose(a, env) for a in expr.args]
        pick = max if isinstance(expr, sympy.Max) else min
        return pick(p[0] for p in parts), pick(p[1] for p in parts)
    if expr.func in _INCREASING:
        a = enclose(expr.args[0], env)
        fn = _INCREASING[expr.func]
        return _from_iv(fn(a[0]))[0], _from_iv(fn(a[1]))[1]
    if isinstance(expr, sympy.cosh):
        return _cosh(enclose(expr.args[0], env))
    if isinstance(expr, (sympy.erf, sympy.erfc)):
        return _erf(enclose(expr.args[0], env), isinstance(expr, sympy.erfc))
    if not isinstance(expr, (sympy.exp, sympy.log)):
        raise Inconclusive(f"no independent enclosure of {expr.func.__name__}")
    a = enclose(expr.args[0], env)
    if isinstance(expr, sympy.log) and a[0] <= 0:
        raise Inconclusive(f"log of an interval reaching {a[0]}")
    return _from_iv((mpmath.iv.exp if isinstance(expr, sympy.exp) else mpmath.iv.log)(_to_iv(a)))


def _box(sides: Sequence[Sequence[str]]) -> tuple[Interval, ...]:
    return tuple((Fraction(lo), Fraction(hi)) for lo, hi in sides)


def _point_sign_nonnegative(f: sympy.Expr, point: Mapping[sympy.Symbol, Fraction]) -> None:
    """f ≥ 0 at an exact point (see :func:`_nonnegative`)."""
    _nonnegative(f.subs({s: sympy.Rational(q.numerator, q.denominator) for s, q in point.items()}),
                 f"at {dict((str(s), str(q)) for s, q in point.items())}")


def _nonnegative(value: sympy.Expr, where: str) -> None:
    """A constant `value` ≥ 0: exactly when sympy reduces it to a rational, else by mpmath
    intervals at rising precision, else when sympy simplifies it to 0; raises unless confirmed."""
    point = where
    if value.is_Rational:
        if value < 0:
            raise Disagrees(f"f = {value} < 0 {point}")
        return
    prec = PREC
    while prec <= MAX_PREC:
        with _iv_precision(prec):
            lo, hi = enclose(value, {})
        if lo >= 0:
            return
        if hi < 0:
            raise Disagrees(f"f < 0 {point}")
        prec *= 2
    if sympy.simplify(value) == 0:
        return
    raise Inconclusive(f"the sign of f {point} is not settled at {MAX_PREC} bits")


def replay_boxes(cert: Mapping, holder: Mapping) -> str:
    f = parse_expression(cert["f"])
    symbols = [parse_expression(s) for s in cert["variables"]]
    steps = {_box(step["box"]): step for step in cert["steps"]}
    root = _box(holder["box"]) if "box" in holder else _box(cert["steps"][0]["box"])
    if root not in steps:
        raise Disagrees("the claim's box is not among the certificate's boxes")
    grads = {}
    inconclusive: list[str] = []
    seen: set = set()
    todo = [root]
    with _iv_precision(PREC):
        while todo:
            box = todo.pop()
            if box in seen:
                continue
            seen.add(box)
            step = steps.get(box)
            if step is None:
                raise Disagrees(f"the sub-box {box} is reached but never settled")
            env = dict(zip(symbols, box))
            try:
                todo += _replay_step(f, symbols, grads, step, box, env)
            except Inconclusive as err:
                inconclusive.append(f"{step['by']} on {[[str(a), str(b)] for a, b in box]}: {err}")
                todo += _successors(step, box)
    if len(seen) != len(steps):
        raise Disagrees(f"{len(steps) - len(seen)} recorded boxes are not part of the tiling")
    if inconclusive:
        raise Inconclusive(f"{len(inconclusive)} of {len(steps)} steps not confirmed, first: {inconclusive[0]}")
    return f"{len(steps)} sub-boxes tile the box; every step re-evaluated with mpmath iv and exact rationals"


def _successors(step: Mapping, box: tuple[Interval, ...]) -> list[tuple[Interval, ...]]:
    if step["by"] == "split":
        i, at = int(step["axis"]), Fraction(step["at"])
        if not box[i][0] < at < box[i][1]:
            raise Disagrees(f"split point {at} outside side {i} of {box}")
        return [box[:i] + ((box[i][0], at),) + box[i + 1:], box[:i] + ((at, box[i][1]),) + box[i + 1:]]
    if step["by"] == "monotone":
        return [_box(step["to"])]
    return []


def _replay_step(f: sympy.Expr, symbols: list, grads: dict, step: Mapping, box: tuple[Interval, ...],
                 env: dict) -> list[tuple[Interval, ...]]:
    by = step["by"]
    if by == "enclosure":
        lo, _ = enclose(f, env)
        if lo < 0:
            raise Inconclusive(f"the independent enclosure reaches {float(lo):.3g}")
    elif by == "monotone":
        to = _box(step["to"])
        for i, (side, new) in enumerate(zip(box, to)):
            if side == new:
                continue
            if new[0] != new[1] or new[0] not in side:
                raise Disagrees(f"a monotone reduction must move side {i} to one of its ends")
            g = grads.setdefault(i, sympy.diff(f, symbols[i]))
            lo, hi = enclose(g, env)
            needed = lo >= 0 if new[0] == side[0] else hi <= 0
            if not needed:
                raise Inconclusive(f"∂f/∂{symbols[i]} ∈ [{float(lo):.3g}, {float(hi):.3g}] does not fix its sign")
    elif by == "taylor":
        _replay_taylor(f, symbols[0], step, box[0])
    elif by == "point":
        if any(a != b for a, b in box):
            raise Disagrees("a point step on a box that is not a point")
        _point_sign_nonnegative(f, {s: side[0] for s, side in zip(symbols, box)})
    elif by != "split":
        raise Disagrees(f"unknown step {by!r}")
    return _successors(step, box)


def _replay_taylor(f: sympy.Expr, var: sympy.Symbol, step: Mapping, side: Interval) -> None:
    """f(a + t) ≥ Σ c_k t^k on [0, b − a] (or from b): each recorded c_k at most the lower end of
    the independent enclosure of ±f⁽ᵏ⁾(end)/k! (the last over the whole side), and the
    polynomial's own certificate."""
    order, at = int(step["order"]), int(step["at"])
    coeffs = [Fraction(c) for c in step["coefficients"]]
    if len(coeffs) != order + 1:
        raise Disagrees("a Taylor step with the wrong number of coefficients")
    end = side[at]
    for k, c in enumerate(coeffs):
        where = {var: (end, end)} if k < order else {var: side}
        lo, hi = enclose(sympy.diff(f, var, k), where)
        if at == 1 and k % 2 == 1:
            lo, hi = -hi, -lo
        bound = lo / sympy.factorial(k).p
        if c > bound:
            if c > hi / sympy.factorial(k).p:
                raise Disagrees(f"Taylor coefficient {k} = {c} exceeds every value of its term")
            raise Inconclusive(f"Taylor coefficient {k} not confirmed below {float(bound):.3g}")
    check_polynomial(step["polynomial"], _trim(list(coeffs)))
    width = side[1] - side[0]
    if _end(step["polynomial"]["interval"][0]) != 0 or _end(step["polynomial"]["interval"][1]) != width:
        raise Disagrees("the Taylor polynomial is decided on the wrong interval")


# --------------------------------------------------------------------------------------------
# links between certificates


def _covers(inner: Mapping, f: sympy.Expr, lo: str, hi: str) -> None:
    """`inner` (a nested certificate) is about `f` on [lo, hi]."""
    g = parse_expression(inner["f"])
    if sympy.simplify(g - f) != 0:
        raise Disagrees(f"a nested certificate is about {g}, not {f}")
    kind = inner["kind"]
    if kind == "rational":
        span = list(inner["product"]["interval"])
    elif kind == "boxes":
        (side,) = inner["steps"][0]["box"]
        span = list(side)
    elif kind == "compactified":
        span = [inner["lo"], "oo"]
    elif kind == "monotone":
        span = list(inner["interval"])
    else:
        raise Inconclusive(f"cannot read the interval of a {kind} certificate")
    if [parse_expression(v) for v in span] != [parse_expression(lo), parse_expression(hi)]:
        raise Disagrees(f"a nested certificate covers {span}, not [{lo}, {hi}]")


def _nested(holder: Mapping, key: str) -> Mapping:
    inner = holder.get(key, {}).get("data", {}).get("certificate")
    if not isinstance(inner, Mapping):
        raise Disagrees(f"the {key} step carries no certificate")
    return inner


def replay_monotone(cert: Mapping, holder: Mapping) -> str:
    f, var = parse_expression(cert["f"]), parse_expression(cert["variable"])
    lo, hi = cert["interval"]
    _nonnegative(f.subs(var, parse_expression(lo)), f"at {var} = {lo}")
    _covers(_nested(holder, "derivative"), sympy.diff(f, var), lo, hi)
    return "f(lo) ≥ 0 again; the derivative's certificate is about f' on the same interval"


def replay_compactified(cert: Mapping, holder: Mapping) -> str:
    f, var, x = parse_expression(cert["f"]), parse_expression(cert["variable"]), parse_expression(cert["x"])
    g, lo = parse_expression(cert["g"]), parse_expression(cert["lo"])
    diff = (f.subs(var, lo - sympy.log(x)) - g).rewrite(sympy.exp)
    if sympy.cancel(sympy.together(sympy.powsimp(sympy.expand(diff), force=True))) != 0 and sympy.simplify(diff) != 0:
        raise Disagrees("g(x) ≠ f(lo − log x)")
    inner = _nested(holder, "decision")
    _covers(inner, g, "0", "1")
    if inner.get("kind") != "rational" or list(inner.get("open_ends", [])) != [True, False]:
        raise Disagrees("the decision on x must cover (0, 1] with only 0 open")
    return "g(x) = f(lo − log x) again; g's certificate covers (0, 1]"
