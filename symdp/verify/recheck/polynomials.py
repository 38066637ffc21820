"""Polynomials over exact rationals, with Descartes/Collins–Akritas root counting (not the
prover's Sturm sequences), and the replay of the exact one-variable decisions."""

from __future__ import annotations

from fractions import Fraction
from typing import Mapping, Sequence

import sympy

from .parsing import bounded_fraction, parse_expression
from .verdicts import Disagrees, Inconclusive

#: Bisections of the root-counting search before it gives up (inconclusive).
MAX_BISECTIONS = 2000

Poly = list  # coefficients as Fractions, lowest degree first, no trailing zeros


def _trim(p: Sequence[Fraction]) -> Poly:
    p = list(p)
    while p and p[-1] == 0:
        p.pop()
    return p


def _from_text(coeffs: Sequence[str]) -> Poly:
    """Highest-first coefficient strings (the certificates' form) as a polynomial."""
    return _trim([bounded_fraction(c) for c in reversed(coeffs)])


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
            raise Inconclusive(f"root counting needed more than {MAX_BISECTIONS} bisections")
        v = _descartes(p, a, b)
        if v <= 1:
            count += v
            continue
        mid = (a + b) / 2
        count += _eval(p, mid) == 0
        stack += [(a, mid), (mid, b)]
    return count


def _end(text: str) -> Fraction | None:
    return None if text in ("oo", "-oo") else bounded_fraction(text)


def check_polynomial(cert: Mapping, expected: Poly | None = None) -> str:
    """P ≥ 0 on the certificate's interval: P = c·O·E², O root-free inside, c·O > 0 at a point."""
    p = _from_text(cert["polynomial"])
    if expected is not None and p != expected:
        raise Disagrees("the certified polynomial is not the one the claim needs")
    lo_text, hi_text = cert["interval"]
    lo, hi = _end(lo_text), _end(hi_text)
    if cert.get("zero"):
        if p:
            raise Disagrees("the certificate calls a nonzero polynomial zero")
        return "the zero polynomial"
    if lo is not None and lo == hi:
        if _eval(p, lo) < 0:
            raise Disagrees(f"P({lo}) < 0")
        return "one point"
    c, odd, half = bounded_fraction(cert["constant"]), _from_text(cert["odd"]), _from_text(cert["half"])
    if _mul([c], _mul(odd, _mul(half, half))) != p:
        raise Disagrees("P ≠ c·O·E²: the recorded factorisation does not multiply back")
    point = bounded_fraction(cert["sign_point"])
    if not ((lo is None or lo < point) and (hi is None or point < hi)):
        raise Disagrees(f"the sign point {point} is not inside the interval")
    if not c * _eval(odd, point) > 0:
        raise Disagrees(f"c·O({point}) ≤ 0")
    roots = count_roots(odd, lo, hi)
    if roots:
        raise Disagrees(f"the odd part has {roots} root(s) inside ({lo_text}, {hi_text}) (Collins–Akritas)")
    return f"P = c·O·E², O root-free on ({lo_text}, {hi_text}) by Descartes bisection"


def _sympy_poly(expr: sympy.Expr, var: sympy.Symbol) -> Poly:
    return _trim([Fraction(int(c.p), int(c.q)) for c in reversed(sympy.Poly(expr, var).all_coeffs())])


def replay_rational(cert: Mapping, formal: Mapping) -> str:
    """An exact decision "f ≥ 0 on an interval", f = N/D rational: the certificate is about its
    goal's f, variable and interval; f = N/D by the exact canonical form; N·D = c·O·E²
    re-multiplied, O root-free inside and c·O > 0 at the recorded point; D root-free on the
    interval (closed ends included)."""
    from .identities import decide

    f, var, lo_goal, hi_goal, open_goal = interval_of(formal)
    if cert.get("f") != formal["f"] or cert.get("variable") != formal["variable"]:
        raise Disagrees("the certificate decides another function or variable than its goal's")
    num, den = parse_expression(cert["numerator"]), parse_expression(cert["denominator"])
    verdict, how = decide(f, num / den)
    if verdict != "agrees":
        raise Disagrees(f"f ≠ N/D ({how})")
    n, d = _sympy_poly(num, var), _sympy_poly(den, var)
    product = cert["product"]
    lo_text, hi_text = product["interval"]
    if [parse_expression(lo_text), parse_expression(hi_text)] != [lo_goal, hi_goal]:
        raise Disagrees(f"the certificate decides [{lo_text}, {hi_text}], its goal is about [{lo_goal}, {hi_goal}]")
    for end, is_open, claimed in zip((lo_goal, hi_goal), open_goal, cert["open_ends"]):
        if end.is_finite and bool(is_open) != bool(claimed):
            raise Disagrees("the certificate's open ends are not its goal's")
    detail = check_polynomial(product, _mul(n, d))
    lo, hi = _end(lo_text), _end(hi_text)
    if count_roots(d, lo, hi):
        raise Disagrees("the denominator vanishes inside the interval")
    for end, is_open in zip((lo, hi), open_goal):
        if end is not None and not is_open and _eval(d, end) == 0:
            raise Disagrees(f"the denominator vanishes at the closed end {end}")
    return detail + "; the denominator has no root on the interval"


def interval_of(formal: Mapping) -> tuple:
    """(f, variable, lo, hi, open ends) of a statement "f ≥ 0 on an interval" (form ``interval``,
    or a one-sided ``box``), read with this package's parser."""
    if formal.get("form") == "interval":
        ends, opened = (formal["lo"], formal["hi"]), [bool(o) for o in formal["open"]]
        var = formal["variable"]
    elif formal.get("form") == "box" and len(formal.get("variables", [])) == 1:
        (var,), ((lo, hi),) = formal["variables"], formal["box"]
        ends, opened = (lo, hi), [False, False]
    else:
        raise Disagrees(f"a statement of form {formal.get('form')!r} is not about one interval")
    lo, hi = (parse_expression(e) for e in ends)
    opened = [opened[0] or lo == -sympy.oo, opened[1] or hi == sympy.oo]
    return parse_expression(formal["f"]), parse_expression(var), lo, hi, opened
