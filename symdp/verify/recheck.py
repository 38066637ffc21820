"""Re-check proof certificates without the code that found them.

Every proved inequality of a verify report carries a certificate in its JSON ``data``
(``"certificate"``); this module replays each with tools independent of the prover — it imports
none of :mod:`symdp.verify.boxes`, :mod:`~symdp.verify.decide`, :mod:`~symdp.verify.polynomial`
or python-flint:

smtlib
    the SMT-LIB query (negation of the claim) is re-run in a fresh z3 process with nlsat; it must
    answer ``unsat``.
rational
    f = N/D is re-derived; N·D = c·O·E² is re-multiplied in exact rationals; O (and the
    denominator) are shown root-free on the interval by Descartes' rule of signs with bisection
    (Collins–Akritas) instead of the prover's Sturm sequences; c·O > 0 at the recorded interior
    point.
boxes
    the sub-boxes must tile the claim's box (every split and monotone reduction leads to recorded
    boxes); each settling step is re-evaluated with an independent interval arithmetic (exact
    rationals for + − × ÷, powers, absolute values, max, min; mpmath's ``iv`` for exp, log and
    non-integer powers, and through exp for sinh, cosh, tanh): the enclosure of f, of ∂f/∂xᵢ, of
    the Taylor coefficients (each recorded coefficient must lie below the re-computed lower end),
    the point signs.
monotone
    f(lo) ≥ 0 again, and the derivative's certificate is about f' on the same interval.
compactified
    g(x) = f(lo − log x) again, and g's certificate covers all of (0, 1].

The module imports nothing from symdp (only sympy, mpmath and the standard library; z3 runs as a
separate process), so it can be copied and run alone: ``python recheck.py reports/verify.json``.

Each certificate ends ``agrees``, ``disagrees`` (the replay contradicts it: a bug somewhere) or
``inconclusive`` (the independent arithmetic is too coarse to confirm a step, or a function has
no independent enclosure here); ``symdp verify --recheck`` exits non-zero on any disagreement.
"""

from __future__ import annotations

import ast
import hashlib
import json
import shutil
import subprocess
import sys
from contextlib import contextmanager
from dataclasses import dataclass
from fractions import Fraction
from typing import Iterator, Mapping, Sequence

import mpmath
import sympy

#: Seconds one SMT-LIB query may take in the fresh z3 process.
SMT_TIMEOUT = 120
#: Bits of mpmath's interval arithmetic, and the largest precision a point sign is tried at.
PREC, MAX_PREC = 128, 2048
#: Bisections of the root-counting search before it gives up (inconclusive).
MAX_BISECTIONS = 2000

AGREES, DISAGREES, INCONCLUSIVE = "agrees", "disagrees", "inconclusive"


@dataclass(frozen=True)
class Outcome:
    """How one certificate replayed: ``verdict`` (agrees / disagrees / inconclusive), its kind and why."""

    claim: str
    kind: str
    verdict: str
    detail: str = ""

    def to_json(self) -> dict:
        return {"claim": self.claim, "kind": self.kind, "verdict": self.verdict, "detail": self.detail}


class _Inconclusive(ValueError):
    """The independent arithmetic cannot confirm this step."""


class _Disagrees(ValueError):
    """The replay contradicts the certificate."""


# --------------------------------------------------------------------------------------------
# walking a report


def certificates(data: object) -> Iterator[tuple[dict, dict]]:
    """(certificate, the evidence data holding it) for every certificate nested in `data`, once each."""
    seen: set[str] = set()

    def walk(node: object) -> Iterator[tuple[dict, dict]]:
        if isinstance(node, Mapping):
            cert = node.get("certificate")
            if isinstance(cert, Mapping) and "kind" in cert:
                key = hashlib.sha256(json.dumps(cert, sort_keys=True).encode()).hexdigest()
                if key not in seen:
                    seen.add(key)
                    yield dict(cert), dict(node)
            for key, value in node.items():
                if key != "certificate":
                    yield from walk(value)
        elif isinstance(node, list):
            for item in node:
                yield from walk(item)
    yield from walk(data)


def recheck_claims(claims: Sequence[Mapping]) -> list[Outcome]:
    """Replay every certificate of the proved claims of a verify JSON report (``claims`` list)."""
    out = []
    for claim in claims:
        if claim.get("status") != "proved":
            continue
        for cert, holder in certificates(claim.get("data", {})):
            out.append(recheck(cert, holder, claim.get("id", "")))
    return out


def recheck(cert: Mapping, holder: Mapping, claim: str = "") -> Outcome:
    """Replay one certificate (`holder` is the evidence data it sits in)."""
    kind = str(cert.get("kind"))
    check = _CHECKS.get(kind)
    if check is None:
        return Outcome(claim, kind, INCONCLUSIVE, f"no independent checker for certificates of kind {kind!r}")
    try:
        detail = check(cert, holder)
    except _Disagrees as err:
        return Outcome(claim, kind, DISAGREES, str(err))
    except _Inconclusive as err:
        return Outcome(claim, kind, INCONCLUSIVE, str(err))
    except (ValueError, TypeError, KeyError, ZeroDivisionError, RecursionError, SyntaxError, sympy.PolynomialError) as err:
        return Outcome(claim, kind, DISAGREES, f"the certificate does not parse: {type(err).__name__}: {err}")
    return Outcome(claim, kind, AGREES, detail)


# --------------------------------------------------------------------------------------------
# reading expressions without eval: a report is a file anyone may hand over


#: The sympy names a certificate's expressions may call (srepr's forms), and the constants.
_CALLS = {name: getattr(sympy, name) for name in (
    "Symbol", "Dummy", "Integer", "Rational", "Add", "Mul", "Pow", "exp", "log", "sqrt", "Abs", "Max", "Min", "sinh",
    "cosh", "tanh", "asinh", "atanh", "atan", "sin", "cos", "erf", "erfc", "erfinv", "erfcinv", "LambertW", "factorial",
    "StrictGreaterThan", "GreaterThan", "StrictLessThan", "LessThan", "Equality", "Unequality", "And", "Or", "Not")}
_CONSTANTS = {"pi": sympy.pi, "E": sympy.E, "oo": sympy.oo, "true": sympy.true, "false": sympy.false}
_OPERATORS = {ast.Add: lambda a, b: a + b, ast.Sub: lambda a, b: a - b, ast.Mult: lambda a, b: a * b,
              ast.Div: lambda a, b: a / b, ast.Pow: lambda a, b: a ** b}


def parse_expression(text: object) -> sympy.Basic:
    """The sympy expression a certificate records (``srepr`` or plain text such as ``log(8)``),
    built from its syntax tree with only the names above: never ``eval``, which a crafted report
    could use to run code."""
    return _build(ast.parse(str(text), mode="eval").body)


def _build(node: ast.AST) -> object:
    if isinstance(node, ast.Constant) and type(node.value) in (int, str, bool):
        return sympy.Integer(node.value) if type(node.value) is int else node.value
    if isinstance(node, ast.Name) and node.id in _CONSTANTS:
        return _CONSTANTS[node.id]
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        value = _build(node.operand)
        return -value if isinstance(node.op, ast.USub) else value
    if isinstance(node, ast.BinOp) and type(node.op) in _OPERATORS:
        return _OPERATORS[type(node.op)](_build(node.left), _build(node.right))
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        if node.func.id not in _CALLS:
            raise _Inconclusive(f"the certificate uses {node.func.id}, which this checker does not read")
        kwargs = {k.arg: _build(k.value) for k in node.keywords}
        kwargs = {k: (int(v) if isinstance(v, sympy.Integer) else v) for k, v in kwargs.items()}
        return _CALLS[node.func.id](*[_build(a) for a in node.args], **kwargs)
    raise ValueError(f"not an expression this checker reads: {ast.dump(node)[:80]}")


# --------------------------------------------------------------------------------------------
# SMT-LIB in a fresh z3 process


def _smtlib(cert: Mapping, holder: Mapping) -> str:
    # nlsat is complete for this logic (quantifier-free nonlinear real arithmetic); z3's default
    # strategy may give up where it does not
    query = str(cert["query"]).replace("(check-sat)", "")
    query += "\n(check-sat-using qfnra-nlsat)\n"
    binary = shutil.which("z3") or shutil.which("z3", path=str(__import__("pathlib").Path(sys.executable).parent))
    if binary:
        command = [binary, "-in", "-smt2"]
    else:  # the z3 module in a fresh interpreter: nothing of this process is shared
        command = [sys.executable, "-c", "import sys, z3; s = z3.Tactic('qfnra-nlsat').solver(); "
                   "s.from_string(sys.stdin.read().replace('(check-sat-using qfnra-nlsat)', '')); print(s.check())"]
    try:
        done = subprocess.run(command, input=query, capture_output=True, text=True, timeout=SMT_TIMEOUT)
    except subprocess.TimeoutExpired:
        raise _Inconclusive(f"the fresh z3 process did not answer within {SMT_TIMEOUT} s") from None
    answer = done.stdout.strip().splitlines()[-1:] or [done.stderr.strip()[:200]]
    if answer[0] == "unsat":
        return f"fresh z3 process ({'binary' if binary else 'python'}): unsat"
    if answer[0] == "sat":
        raise _Disagrees("a fresh z3 process finds the negation satisfiable")
    raise _Inconclusive(f"the fresh z3 process answered {answer[0]!r}")


# --------------------------------------------------------------------------------------------
# polynomials over exact rationals, with Descartes/Collins–Akritas root counting


Poly = list  # coefficients as Fractions, lowest degree first, no trailing zeros


def _trim(p: Sequence[Fraction]) -> Poly:
    p = list(p)
    while p and p[-1] == 0:
        p.pop()
    return p


def _from_text(coeffs: Sequence[str]) -> Poly:
    """Highest-first coefficient strings (the certificates' form) as a polynomial."""
    return _trim([Fraction(str(c)) for c in reversed(coeffs)])


def _mul(a: Poly, b: Poly) -> Poly:
    if not a or not b:
        return []
    out = [Fraction(0)] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            out[i + j] += x * y
    return _trim(out)


def _eval(p: Poly, x: Fraction) -> Fraction:
    out = Fraction(0)
    for c in reversed(p):
        out = out * x + c
    return out


def _derivative(p: Poly) -> Poly:
    return _trim([i * c for i, c in enumerate(p)][1:])


def _divmod(a: Poly, b: Poly) -> tuple[Poly, Poly]:
    a, q = list(a), [Fraction(0)] * max(len(a) - len(b) + 1, 1)
    while len(a) >= len(b) and a:
        k, c = len(a) - len(b), a[-1] / b[-1]
        q[k] = c
        for i, y in enumerate(b):
            a[i + k] -= c * y
        a = _trim(a)
    return _trim(q), a


def _gcd(a: Poly, b: Poly) -> Poly:
    while b:
        a, b = b, _divmod(a, b)[1]
    return [c / a[-1] for c in a] if a else a


def _square_free(p: Poly) -> Poly:
    """p / gcd(p, p'): the same roots, each simple."""
    g = _gcd(p, _derivative(p))
    return _divmod(p, g)[0] if len(g) > 1 else p


def _taylor_shift(p: Poly, a: Fraction) -> Poly:
    """p(x + a)."""
    out = list(p)
    n = len(out)
    for i in range(n):
        for j in range(n - 2, i - 1, -1):
            out[j] += a * out[j + 1]
    return out


def _variations(p: Poly) -> int:
    signs = [c > 0 for c in p if c != 0]
    return sum(1 for u, v in zip(signs, signs[1:]) if u != v)


def _descartes(p: Poly, a: Fraction, b: Fraction) -> int:
    """Sign variations of (1 + x)ⁿ p((a + b x)/(1 + x)): an upper bound on the roots in (a, b),
    exact when it is 0 or 1."""
    n = len(p) - 1
    # q(x) = Σ c_k (a + b x)^k (1 + x)^(n−k)
    q: Poly = [Fraction(0)]
    for k, c in enumerate(p):
        term = [c]
        for _ in range(k):
            term = _mul(term, [a, b])
        for _ in range(n - k):
            term = _mul(term, [Fraction(1), Fraction(1)])
        q = [x + y for x, y in zip(q + [Fraction(0)] * (len(term) - len(q)), term + [Fraction(0)] * (len(q) - len(term)))]
    return _variations(_trim(q))


def _cauchy_bound(p: Poly) -> Fraction:
    return 1 + max(abs(c / p[-1]) for c in p[:-1]) if len(p) > 1 else Fraction(1)


def count_roots(p: Poly, lo: Fraction | None, hi: Fraction | None) -> int:
    """Distinct real roots of `p` in the open interval (lo, hi) (None: unbounded), by
    Collins–Akritas bisection on the square-free part."""
    p = _square_free(_trim(p))
    if len(p) <= 1:
        return 0
    bound = _cauchy_bound(p)
    lo = -bound if lo is None else max(lo, -bound)
    hi = bound if hi is None else min(hi, bound)
    if lo >= hi:
        return 0
    count, stack, steps = 0, [(lo, hi)], 0
    while stack:
        a, b = stack.pop()
        steps += 1
        if steps > MAX_BISECTIONS:
            raise _Inconclusive(f"root counting needed more than {MAX_BISECTIONS} bisections")
        v = _descartes(p, a, b)
        if v <= 1:
            count += v
            continue
        mid = (a + b) / 2
        count += _eval(p, mid) == 0
        stack += [(a, mid), (mid, b)]
    return count


def _end(text: str) -> Fraction | None:
    return None if text in ("oo", "-oo") else Fraction(text)


def _check_polynomial(cert: Mapping, expected: Poly | None = None) -> str:
    """P ≥ 0 on the certificate's interval: P = c·O·E², O root-free inside, c·O > 0 at a point."""
    p = _from_text(cert["polynomial"])
    if expected is not None and p != expected:
        raise _Disagrees("the certified polynomial is not the one the claim needs")
    lo_text, hi_text = cert["interval"]
    lo, hi = _end(lo_text), _end(hi_text)
    if cert.get("zero"):
        if p:
            raise _Disagrees("the certificate calls a nonzero polynomial zero")
        return "the zero polynomial"
    if lo is not None and lo == hi:
        if _eval(p, lo) < 0:
            raise _Disagrees(f"P({lo}) < 0")
        return "one point"
    c, odd, half = Fraction(cert["constant"]), _from_text(cert["odd"]), _from_text(cert["half"])
    if _mul([c], _mul(odd, _mul(half, half))) != p:
        raise _Disagrees("P ≠ c·O·E²: the recorded factorisation does not multiply back")
    point = Fraction(cert["sign_point"])
    if not ((lo is None or lo < point) and (hi is None or point < hi)):
        raise _Disagrees(f"the sign point {point} is not inside the interval")
    if not c * _eval(odd, point) > 0:
        raise _Disagrees(f"c·O({point}) ≤ 0")
    roots = count_roots(odd, lo, hi)
    if roots:
        raise _Disagrees(f"the odd part has {roots} root(s) inside ({lo_text}, {hi_text}) (Collins–Akritas)")
    return f"P = c·O·E², O root-free on ({lo_text}, {hi_text}) by Descartes bisection"


def _sympy_poly(expr: sympy.Expr, var: sympy.Symbol) -> Poly:
    return _trim([Fraction(int(c.p), int(c.q)) for c in reversed(sympy.Poly(expr, var).all_coeffs())])


def _rational(cert: Mapping, holder: Mapping) -> str:
    f, var = parse_expression(cert["f"]), parse_expression(cert["variable"])
    num, den = parse_expression(cert["numerator"]), parse_expression(cert["denominator"])
    if sympy.cancel(sympy.together(f - num / den)) != 0:
        raise _Disagrees("f ≠ N/D")
    n, d = _sympy_poly(num, var), _sympy_poly(den, var)
    product = cert["product"]
    detail = _check_polynomial(product, _mul(n, d))
    lo_text, hi_text = product["interval"]
    lo, hi = _end(lo_text), _end(hi_text)
    if count_roots(d, lo, hi):
        raise _Disagrees("the denominator vanishes inside the interval")
    for end, is_open in zip((lo, hi), cert["open_ends"]):
        if end is not None and not is_open and _eval(d, end) == 0:
            raise _Disagrees(f"the denominator vanishes at the closed end {end}")
    left = "(" if cert["open_ends"][0] or lo is None else "["
    right = ")" if cert["open_ends"][1] or hi is None else "]"
    if "interval" in holder and holder["interval"] != f"{left}{lo_text}, {hi_text}{right}":
        raise _Disagrees(f"the evidence states the interval {holder['interval']}, the certificate decides "
                         f"{left}{lo_text}, {hi_text}{right}")
    return detail + "; the denominator has no root on the interval"


# --------------------------------------------------------------------------------------------
# an independent interval arithmetic: exact rationals, mpmath iv for transcendental functions


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
            raise _Inconclusive("an enclosure is unbounded")
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
            raise _Inconclusive("a power with a negative exponent of an interval around 0")
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
            raise _Inconclusive(f"a non-integer power of a base that reaches {base[0]}")
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
        raise _Inconclusive(f"no independent enclosure of {expr.func.__name__}")
    a = enclose(expr.args[0], env)
    if isinstance(expr, sympy.log) and a[0] <= 0:
        raise _Inconclusive(f"log of an interval reaching {a[0]}")
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
            raise _Disagrees(f"f = {value} < 0 {point}")
        return
    prec = PREC
    while prec <= MAX_PREC:
        with _iv_precision(prec):
            lo, hi = enclose(value, {})
        if lo >= 0:
            return
        if hi < 0:
            raise _Disagrees(f"f < 0 {point}")
        prec *= 2
    if sympy.simplify(value) == 0:
        return
    raise _Inconclusive(f"the sign of f {point} is not settled at {MAX_PREC} bits")


def _boxes(cert: Mapping, holder: Mapping) -> str:
    f = parse_expression(cert["f"])
    symbols = [parse_expression(s) for s in cert["variables"]]
    steps = {_box(step["box"]): step for step in cert["steps"]}
    root = _box(holder["box"]) if "box" in holder else _box(cert["steps"][0]["box"])
    if root not in steps:
        raise _Disagrees("the claim's box is not among the certificate's boxes")
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
                raise _Disagrees(f"the sub-box {box} is reached but never settled")
            env = dict(zip(symbols, box))
            try:
                todo += _replay_step(f, symbols, grads, step, box, env)
            except _Inconclusive as err:
                inconclusive.append(f"{step['by']} on {[[str(a), str(b)] for a, b in box]}: {err}")
                todo += _successors(step, box)
    if len(seen) != len(steps):
        raise _Disagrees(f"{len(steps) - len(seen)} recorded boxes are not part of the tiling")
    if inconclusive:
        raise _Inconclusive(f"{len(inconclusive)} of {len(steps)} steps not confirmed, first: {inconclusive[0]}")
    return f"{len(steps)} sub-boxes tile the box; every step re-evaluated with mpmath iv and exact rationals"


def _successors(step: Mapping, box: tuple[Interval, ...]) -> list[tuple[Interval, ...]]:
    if step["by"] == "split":
        i, at = int(step["axis"]), Fraction(step["at"])
        if not box[i][0] < at < box[i][1]:
            raise _Disagrees(f"split point {at} outside side {i} of {box}")
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
            raise _Inconclusive(f"the independent enclosure reaches {float(lo):.3g}")
    elif by == "monotone":
        to = _box(step["to"])
        for i, (side, new) in enumerate(zip(box, to)):
            if side == new:
                continue
            if new[0] != new[1] or new[0] not in side:
                raise _Disagrees(f"a monotone reduction must move side {i} to one of its ends")
            g = grads.setdefault(i, sympy.diff(f, symbols[i]))
            lo, hi = enclose(g, env)
            needed = lo >= 0 if new[0] == side[0] else hi <= 0
            if not needed:
                raise _Inconclusive(f"∂f/∂{symbols[i]} ∈ [{float(lo):.3g}, {float(hi):.3g}] does not fix its sign")
    elif by == "taylor":
        _replay_taylor(f, symbols[0], step, box[0])
    elif by == "point":
        if any(a != b for a, b in box):
            raise _Disagrees("a point step on a box that is not a point")
        _point_sign_nonnegative(f, {s: side[0] for s, side in zip(symbols, box)})
    elif by != "split":
        raise _Disagrees(f"unknown step {by!r}")
    return _successors(step, box)


def _replay_taylor(f: sympy.Expr, var: sympy.Symbol, step: Mapping, side: Interval) -> None:
    """f(a + t) ≥ Σ c_k t^k on [0, b − a] (or from b): each recorded c_k at most the lower end of
    the independent enclosure of ±f⁽ᵏ⁾(end)/k! (the last over the whole side), and the
    polynomial's own certificate."""
    order, at = int(step["order"]), int(step["at"])
    coeffs = [Fraction(c) for c in step["coefficients"]]
    if len(coeffs) != order + 1:
        raise _Disagrees("a Taylor step with the wrong number of coefficients")
    end = side[at]
    for k, c in enumerate(coeffs):
        where = {var: (end, end)} if k < order else {var: side}
        lo, hi = enclose(sympy.diff(f, var, k), where)
        if at == 1 and k % 2 == 1:
            lo, hi = -hi, -lo
        bound = lo / sympy.factorial(k).p
        if c > bound:
            if c > hi / sympy.factorial(k).p:
                raise _Disagrees(f"Taylor coefficient {k} = {c} exceeds every value of its term")
            raise _Inconclusive(f"Taylor coefficient {k} not confirmed below {float(bound):.3g}")
    _check_polynomial(step["polynomial"], _trim(list(coeffs)))
    width = side[1] - side[0]
    if _end(step["polynomial"]["interval"][0]) != 0 or _end(step["polynomial"]["interval"][1]) != width:
        raise _Disagrees("the Taylor polynomial is decided on the wrong interval")


# --------------------------------------------------------------------------------------------
# links between certificates


def _covers(inner: Mapping, f: sympy.Expr, lo: str, hi: str) -> None:
    """`inner` (a nested certificate) is about `f` on [lo, hi]."""
    g = parse_expression(inner["f"])
    if sympy.simplify(g - f) != 0:
        raise _Disagrees(f"a nested certificate is about {g}, not {f}")
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
        raise _Inconclusive(f"cannot read the interval of a {kind} certificate")
    if [parse_expression(v) for v in span] != [parse_expression(lo), parse_expression(hi)]:
        raise _Disagrees(f"a nested certificate covers {span}, not [{lo}, {hi}]")


def _nested(holder: Mapping, key: str) -> Mapping:
    inner = holder.get(key, {}).get("data", {}).get("certificate")
    if not isinstance(inner, Mapping):
        raise _Disagrees(f"the {key} step carries no certificate")
    return inner


def _monotone(cert: Mapping, holder: Mapping) -> str:
    f, var = parse_expression(cert["f"]), parse_expression(cert["variable"])
    lo, hi = cert["interval"]
    _nonnegative(f.subs(var, parse_expression(lo)), f"at {var} = {lo}")
    _covers(_nested(holder, "derivative"), sympy.diff(f, var), lo, hi)
    return "f(lo) ≥ 0 again; the derivative's certificate is about f' on the same interval"


def _compactified(cert: Mapping, holder: Mapping) -> str:
    f, var, x = parse_expression(cert["f"]), parse_expression(cert["variable"]), parse_expression(cert["x"])
    g, lo = parse_expression(cert["g"]), parse_expression(cert["lo"])
    diff = (f.subs(var, lo - sympy.log(x)) - g).rewrite(sympy.exp)
    if sympy.cancel(sympy.together(sympy.powsimp(sympy.expand(diff), force=True))) != 0 and sympy.simplify(diff) != 0:
        raise _Disagrees("g(x) ≠ f(lo − log x)")
    inner = _nested(holder, "decision")
    _covers(inner, g, "0", "1")
    if inner.get("kind") != "rational" or list(inner.get("open_ends", [])) != [True, False]:
        raise _Disagrees("the decision on x must cover (0, 1] with only 0 open")
    return "g(x) = f(lo − log x) again; g's certificate covers (0, 1]"


_CHECKS = {"smtlib": _smtlib, "rational": _rational, "boxes": _boxes, "monotone": _monotone,
           "compactified": _compactified}


def summary(outcomes: Sequence[Outcome]) -> dict:
    """Counts per verdict and per kind, and the disagreements."""
    by_kind: dict[str, dict[str, int]] = {}
    for o in outcomes:
        by_kind.setdefault(o.kind, dict.fromkeys((AGREES, DISAGREES, INCONCLUSIVE), 0))[o.verdict] += 1
    totals = {v: sum(1 for o in outcomes if o.verdict == v) for v in (AGREES, DISAGREES, INCONCLUSIVE)}
    return {**totals, "certificates": len(outcomes), "by_kind": by_kind,
            "disagreements": [o.to_json() for o in outcomes if o.verdict == DISAGREES]}


def text(outcomes: Sequence[Outcome], seconds: float) -> str:
    """The terminal form: one line per kind, every disagreement and inconclusive replay, totals."""
    s = summary(outcomes)
    lines = [f"{kind:13s} {n[AGREES]:5d} agree  {n[DISAGREES]:3d} disagree  {n[INCONCLUSIVE]:3d} inconclusive"
             for kind, n in sorted(s["by_kind"].items())]
    lines += [f"DISAGREES {o.claim} ({o.kind}): {o.detail}" for o in outcomes if o.verdict == DISAGREES]
    lines += [f"inconclusive {o.claim} ({o.kind}): {o.detail}" for o in outcomes if o.verdict == INCONCLUSIVE]
    lines.append(f"recheck: {s[AGREES]} of {s['certificates']} certificates agree, {s[DISAGREES]} disagree, "
                 f"{s[INCONCLUSIVE]} inconclusive, in {seconds:.1f} s")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """``python recheck.py REPORT.json``: replay the report's certificates; 1 on a disagreement."""
    import time
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1:
        print("usage: python recheck.py REPORT.json", file=sys.stderr)
        return 2
    with open(args[0], encoding="utf-8") as handle:
        claims = json.load(handle)["claims"]
    start = time.perf_counter()
    outcomes = recheck_claims(claims)
    print(text(outcomes, time.perf_counter() - start))
    return 1 if any(o.verdict == DISAGREES for o in outcomes) else 0


if __name__ == "__main__":
    sys.exit(main())
