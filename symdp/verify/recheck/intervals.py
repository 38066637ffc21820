"""An independent interval arithmetic (exact rationals; mpmath's iv for exp, log and
non-integer powers), and the replays that rest on it: boxes, monotone, compactified."""

from __future__ import annotations

from contextlib import contextmanager
from fractions import Fraction
from typing import Iterator, Mapping, Sequence

import mpmath
import sympy

from .parsing import bounded_fraction, parse_expression
from .polynomials import _end, _trim, check_polynomial, interval_of
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


#: mpmath's interval functions are not always rounded outward: at 128 bits iv.exp(2⁻⁸⁰) is the
#: single point 1 + 2⁻⁸⁰, which excludes e^(2⁻⁸⁰) = 1 + 2⁻⁸⁰ + 2⁻¹⁶¹ + … (the working precision
#: dropped the 2⁻¹⁶¹, and rounding the truncated value upward kept it out). Their errors are far
#: below an ulp of the working precision (below 10⁻⁵⁰ relative in a sample of 3000 exp and log at
#: 128 bits), so the result of every mpmath function (not of + − × ÷, which round outward) is
#: widened by 2⁴ ulps, relatively, before anything is computed from it.
WIDEN_BITS = 4


def _widened(v):
    """The mpmath interval `v`, widened outward by 2^WIDEN_BITS ulps of the current precision."""
    margin = mpmath.iv.mpf(2) ** (WIDEN_BITS - mpmath.iv.prec)
    lo, hi = mpmath.iv.mpf(v.a), mpmath.iv.mpf(v.b)
    return mpmath.iv.mpf([(lo - abs(lo) * margin).a, (hi + abs(hi) * margin).b])


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
    if q == 0:  # e⁰ = 1 exactly: kept sharp, where bounds touch zero
        return mpmath.iv.mpf(1)
    return _widened(mpmath.iv.exp(_to_iv((q, q))))


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
        return _from_iv(total * 2 / _widened(mpmath.iv.sqrt(_widened(mpmath.iv.pi))))


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
        return _from_iv(_widened(mpmath.iv.pi if expr is sympy.pi else mpmath.iv.e))
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
        if expr.exp.is_Rational:  # b^q is monotone in b ≥ 0: its ends at the base's ends
            lo, hi = _root_at(base[0], expr.exp), _root_at(base[1], expr.exp)
            return (lo[0], hi[1]) if expr.exp > 0 else (hi[0], lo[1])
        return _from_iv(_widened(_to_iv(base) ** _to_iv(enclose(expr.exp, env))))
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
    fn = mpmath.iv.exp if isinstance(expr, sympy.exp) else mpmath.iv.log
    return _at(fn, a[0])[0], _at(fn, a[1])[1]  # both increase: their ends at the interval's ends


def _root_at(b: Fraction, q: sympy.Rational) -> Interval:
    """b^q for a rational b ≥ 0 and a non-integer rational q: exact when it is rational (0, 1, a
    perfect power), so that bounds touching zero there stay sharp; else mpmath's, widened."""
    exact = sympy.Rational(b.numerator, b.denominator) ** q
    if exact.is_Rational:
        value = Fraction(int(exact.p), int(exact.q))
        return value, value
    return _from_iv(_widened(_to_iv((b, b)) ** _to_iv((Fraction(int(q.p), int(q.q)),) * 2)))


def _at(fn, q: Fraction) -> Interval:
    """exp or log at the rational q: exact where the value is rational (e⁰ = 1, log 1 = 0, the only
    such points, by Lindemann), so that bounds touching zero there stay sharp; else mpmath's
    enclosure, widened."""
    if (fn is mpmath.iv.exp and q == 0) or (fn is mpmath.iv.log and q == 1):
        return (Fraction(1), Fraction(1)) if q == 0 else (Fraction(0), Fraction(0))
    return _from_iv(_widened(fn(_to_iv((q, q)))))


def _box(sides: Sequence[Sequence[str]]) -> tuple[Interval, ...]:
    return tuple((bounded_fraction(lo), bounded_fraction(hi)) for lo, hi in sides)


def _point_sign_nonnegative(f: sympy.Expr, point: Mapping[sympy.Symbol, Fraction]) -> None:
    """f ≥ 0 at an exact point (see :func:`_nonnegative`)."""
    shown = {str(s): str(q) if len(str(q)) < 40 else f"≈{float(q):.6g}" for s, q in point.items()}
    _nonnegative(f.subs({s: sympy.Rational(q.numerator, q.denominator) for s, q in point.items()}), f"at {shown}")


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


def replay_boxes(cert: Mapping, formal: Mapping) -> str:
    """A box proof "f ≥ 0 on the box": about its goal's f, variables and box; the sub-boxes tile
    the box and each step is re-evaluated here."""
    if formal.get("form") != "box":
        raise Disagrees(f"a box certificate for a statement of form {formal.get('form')!r}")
    if cert.get("f") != formal["f"] or cert.get("variables") != formal["variables"]:
        raise Disagrees("the certificate is about another function or other variables than its goal")
    f = parse_expression(formal["f"])
    symbols = [parse_expression(s) for s in formal["variables"]]
    steps = {_box(step["box"]): step for step in cert["steps"]}
    root = tuple((_rational(lo), _rational(hi)) for lo, hi in formal["box"])
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
        i, at = int(step["axis"]), bounded_fraction(step["at"])
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
    coeffs = [bounded_fraction(c) for c in step["coefficients"]]
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


def _rational(text: str) -> Fraction:
    value = parse_expression(text)
    if not value.is_Rational:
        raise Disagrees(f"a box side {text!r} that is not rational")
    return Fraction(int(value.p), int(value.q))


# --------------------------------------------------------------------------------------------
# links between certificates


def _nested(node: Mapping, key: str, f: sympy.Expr, var: sympy.Symbol, lo: sympy.Expr, hi: sympy.Expr,
            open_ends: list[bool]) -> str:
    """The evidence nested under `key` proves "f ≥ 0 for var from lo to hi" (f up to an identity
    confirmed here, the interval exactly): its own certificates are replayed with the others."""
    from .binding import walk
    from .identities import decide

    inner = node.get(key)
    if not isinstance(inner, Mapping) or not isinstance(inner.get("data"), Mapping) or "formal" not in inner["data"]:
        raise Disagrees(f"the {key} step records no proved statement")
    walked = walk(inner)
    if walked.status != "proved" or walked.problems:
        raise Disagrees(f"the {key} step is not proved: {'; '.join(walked.problems) or walked.status}")
    g, v, a, b, opened = interval_of(inner["data"]["formal"])
    if v != var or [a, b] != [lo, hi] or any(o and not want for o, want in zip(opened, open_ends)):
        raise Disagrees(f"the {key} step is about {v} from {a} to {b} (open {opened}), not {var} from {lo} to {hi}")
    verdict, how = decide(g, f)
    if verdict != "agrees":
        raise Disagrees(f"the {key} step is about {g}, which is not {f} ({how})")
    return how


def replay_monotone(cert: Mapping, formal: Mapping, node: Mapping) -> str:
    """f ≥ 0 on [lo, hi] from f(lo) ≥ 0 and a nested proof of f' ≥ 0 on [lo, hi]."""
    f, var, lo, hi, opened = interval_of(formal)
    if cert.get("f") != formal["f"] or cert.get("variable") != formal["variable"] or opened[0]:
        raise Disagrees("the certificate is about another function, variable or interval than its goal")
    if [parse_expression(e) for e in cert["interval"]] != [lo, hi]:
        raise Disagrees(f"the certificate covers {cert['interval']}, its goal [{lo}, {hi}]")
    _nonnegative(f.subs(var, lo), f"at {var} = {lo}")
    _nested(node, "derivative", sympy.diff(f, var), var, lo, hi, [False, opened[1]])
    return "f(lo) ≥ 0 again; the nested proof is about f' on the same interval"


def replay_compactified(cert: Mapping, formal: Mapping, node: Mapping) -> str:
    """f ≥ 0 on [lo, ∞) from a nested proof of g ≥ 0 on (0, 1], g(x) = f(lo − log x)."""
    f, var, lo, hi, opened = interval_of(formal)
    if cert.get("f") != formal["f"] or cert.get("variable") != formal["variable"] or hi != sympy.oo or opened[0]:
        raise Disagrees("the certificate is about another function, variable or interval than its goal")
    if parse_expression(cert["lo"]) != lo:
        raise Disagrees(f"the certificate starts at {cert['lo']}, its goal at {lo}")
    x = parse_expression(cert["x"])
    if not (isinstance(x, sympy.Symbol) and x.is_positive and x not in f.free_symbols):
        raise Disagrees("the compactifying variable must be a new positive symbol")
    _nested(node, "decision", f.subs(var, lo - sympy.log(x)), x, sympy.Integer(0), sympy.Integer(1), [True, False])
    return "the nested proof is about g(x) = f(lo − log x) on (0, 1]"
