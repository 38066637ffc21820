"""Identities ``lhs = rhs`` replayed without the prover's simplification routes.

Two routes, tried in turn; a third opinion is recorded beside them:

1. **Rational functions** (sums, products and integer powers of symbols and rationals): both sides
   become exact canonical forms N/D with python-flint's multivariate polynomials over ℚ
   (``fmpq_mpoly``); the identity holds iff the numerator of lhs − rhs is the zero polynomial.
   This decides: two different rational functions differ on a dense open set.
2. **Everything else**: an independent normal form. Every transcendental piece becomes a new
   variable (an *atom*) with the algebraic relations it satisfies, and lhs − rhs is then a
   rational function of symbols and atoms, zero-tested as in 1 after reduction by the relations:

   - ``exp(Σ cᵢ uᵢ) = Π Zᵢ^cᵢ`` with one positive atom Zᵢ = exp(uᵢ) per distinct unit uᵢ (the
     exponent expanded into rational multiples of units); ``exp(c·log|p|) = |p|^c``;
   - ``log(c·Π pᵢ^kᵢ) = log|c| + Σ kᵢ·log|pᵢ|`` over the irreducible factors pᵢ (flint's
     factorisation), valid where the argument is positive, which is where the log is real; when
     all factors but one have a known sign, that one's sign follows and is recorded;
     ``log|c|`` of a rational splits over its prime factors; log of an exp atom is its exponent;
   - ``|c·Π pᵢ^kᵢ| = |c|·Π |pᵢ|^kᵢ``, where |p| is ±p for a factor of known sign and otherwise an
     atom A with the relation A² = p²;
   - ``b^q = exp(q·log b)`` for a non-integer exponent (real only where b > 0);
     ``Max(a, b) = (a + b + |a − b|)/2``, ``Min`` alike; sinh, cosh, tanh through exp;
     ``erf`` is odd, ``erfc = 1 − erf``; any other function (an undefined f, atan, a sum) is an
     atom of its normalised arguments;
   - a base raised to fractional powers with denominators dividing L is written w^L (w its L-th
     root), with the relation w^L = |b| where |b| is not itself a variable.

   The relations have pairwise coprime leading monomials (each is a power of its own root
   variable), so they form a Gröbner basis and reduction gives a normal form: a zero remainder
   proves the identity wherever both sides are defined and real. A nonzero remainder proves
   nothing (the atoms may satisfy relations this route does not know): the replay is then
   inconclusive, unless the sides differ at a point by a certified interval evaluation.
3. **A second opinion**, labelled as such and never a pass alone: lhs and rhs evaluated to 60
   digits (mpmath, through sympy's evalf) at seeded random points of the symbols' domains.
"""

from __future__ import annotations

import math
import random
from fractions import Fraction
from typing import Mapping, Sequence

import sympy

from .rational_functions import RationalFunctions
from .parsing import parse_expression
from .verdicts import AGREES, DISAGREES, INCONCLUSIVE

#: Digits and points of the numerical second opinion; the difference it calls zero.
DIGITS, POINTS = 60, 4
NEGLIGIBLE = sympy.Rational(1, 10 ** 45)
#: Reductions by the relations before the normal form gives up (it always terminates sooner).
MAX_ROUNDS = 64


def replay(goal: Mapping) -> dict:
    """The replay of an identity goal: ``{"verdict", "detail", "second_opinion"}``."""
    conclusion = parse_expression(goal["conclusion"])
    if not isinstance(conclusion, sympy.Equality) or goal["hypotheses"]:
        return {"verdict": DISAGREES, "detail": "an identity certificate's goal must be one equation without hypotheses",
                "second_opinion": None}
    lhs, rhs = conclusion.lhs, conclusion.rhs
    if isinstance(lhs, sympy.Tuple) or isinstance(rhs, sympy.Tuple):
        return _componentwise(lhs, rhs, goal)
    verdict, detail = decide(lhs, rhs)
    opinion = second_opinion(lhs, rhs, goal.get("digest", ""))
    if opinion.get("differs"):
        if verdict == AGREES:
            verdict, detail = DISAGREES, f"{detail}, yet {opinion['text']}: the two routes contradict each other"
        elif verdict == INCONCLUSIVE:
            detail += f"; {opinion['text']}"
    return {"verdict": verdict, "detail": detail, "second_opinion": opinion["text"]}


def _componentwise(lhs: sympy.Basic, rhs: sympy.Basic, goal: Mapping) -> dict:
    if not (isinstance(lhs, sympy.Tuple) and isinstance(rhs, sympy.Tuple) and len(lhs) == len(rhs)):
        return {"verdict": DISAGREES, "detail": "a tuple equated to something of another shape", "second_opinion": None}
    parts = [replay({"conclusion": sympy.Eq(a, b, evaluate=False), "hypotheses": [], "digest": goal.get("digest", "")})
             for a, b in zip(lhs, rhs)]
    worst = next((p for v in (DISAGREES, INCONCLUSIVE) for p in parts if p["verdict"] == v), parts[0] if parts else None)
    if worst is None:
        return {"verdict": AGREES, "detail": "two empty tuples", "second_opinion": None}
    return {**worst, "detail": f"componentwise ({len(parts)} components): {worst['detail']}"}


def decide(lhs: sympy.Basic, rhs: sympy.Basic) -> tuple[str, str]:
    """(verdict, how): lhs = rhs by structure, by the rational canonical form, or by the normal form."""
    lhs, rhs = sympy.sympify(lhs), sympy.sympify(rhs)
    if lhs == rhs:
        return AGREES, "the two sides are the same expression"
    if _is_rational(lhs) and _is_rational(rhs):
        fr = _Fractions([lhs, rhs])
        n, _ = fr.fraction(lhs - rhs)
        if n.is_zero():
            return AGREES, "exact canonical form (flint fmpq_mpoly): the numerator of lhs − rhs is the zero polynomial"
        return DISAGREES, f"exact canonical form (flint fmpq_mpoly): lhs − rhs has the nonzero numerator {_short(n)}"
    try:
        normal = _Normal()
        diff = normal.norm(lhs) - normal.norm(rhs)
        zero, why = normal.is_zero(diff)
    except _Unsupported as err:
        return INCONCLUSIVE, f"no independent normal form: {err}"
    if zero:
        return AGREES, f"independent normal form (atoms for exp/log/abs/functions, relations reduced, flint): {why}"
    return INCONCLUSIVE, f"the independent normal form leaves a nonzero remainder ({why}); not confirmed"


def _short(value: object, width: int = 120) -> str:
    text = str(value)
    return text if len(text) <= width else text[:width - 3] + "..."


def _is_rational(e: sympy.Basic) -> bool:
    if e.is_Symbol or e.is_Rational:
        return True
    if e.is_Add or e.is_Mul:
        return all(_is_rational(a) for a in e.args)
    return bool(e.is_Pow and e.exp.is_Integer and _is_rational(e.base))


# --------------------------------------------------------------------------------------------
# rational functions over ℚ in flint, with fractional powers of symbols as root variables


class _Unsupported(ValueError):
    """A piece the normal form does not read."""


def _powers(e: sympy.Basic, found: dict) -> None:
    """base → set of rational exponents, for every symbol-like base of the rational expression e."""
    if e.is_Rational:
        return
    if e.is_Symbol:
        found.setdefault(e, set()).add(sympy.Integer(1))
    elif e.is_Add or e.is_Mul:
        for a in e.args:
            _powers(a, found)
    elif e.is_Pow and e.exp.is_Integer:
        _powers(e.base, found)
    elif e.is_Pow and e.exp.is_Rational and e.base.is_Symbol:
        found.setdefault(e.base, set()).add(e.exp)
    else:
        raise _Unsupported(f"{e.func.__name__} inside a rational expression")


class _Fractions(RationalFunctions):
    """The ring ℚ[w₁, …] where wᵢ = bᵢ^(1/Lᵢ) for each base bᵢ of `exprs` (Lᵢ the least common
    denominator of its exponents, or a multiple given in `extra`), in canonical form (monic
    denominators), with the conversion back to sympy."""

    def __init__(self, exprs: Sequence[sympy.Basic], extra: Mapping[sympy.Symbol, int] | None = None) -> None:
        found: dict = {}
        for e in exprs:
            _powers(e, found)
        root = {b: math.lcm(*(int(q.q) for q in qs)) for b, qs in found.items()}
        for b, L in (extra or {}).items():
            root[b] = math.lcm(root.get(b, 1), L)
        bases = sorted(root, key=lambda b: (str(b), sympy.srepr(b)))
        super().__init__(bases, [f"w{i}" for i in range(len(bases))], _Unsupported, root, monic=True)

    def expr(self, p) -> sympy.Expr:
        """The polynomial `p` of this ring as a sympy expression in the bases' roots."""
        out = []
        for exps, c in p.terms():
            term = sympy.Rational(int(c.p), int(c.q))
            for i, e in enumerate(exps):
                if e:
                    b = self.bases[i]
                    term *= sympy.Pow(b, sympy.Rational(e, self.root[b]))
            out.append(term)
        return sympy.Add(*out)


def _key(e: sympy.Basic) -> tuple[sympy.Rational, str]:
    """(c, key) with e = c·u for a unit u named by `key` (the canonical N/D of u: D and N with
    leading coefficient 1): equal keys, equal units."""
    fr = _Fractions([e])
    n, d = fr.fraction(e)
    n, d = fr.lowest(n, d)
    if n.is_zero():
        return sympy.Integer(0), "0"
    c = n.leading_coefficient()
    # in the bases themselves, not the ring's positional names: a unit reads the same whatever
    # else shared its ring
    return sympy.Rational(int(c.p), int(c.q)), f"{sympy.srepr(fr.expr(n / c))} / {sympy.srepr(fr.expr(d))}"


# --------------------------------------------------------------------------------------------
# the normal form


class _Normal:
    """Atoms (new variables) for the transcendental pieces, with their relations (module docstring)."""

    def __init__(self) -> None:
        self.atoms: dict[tuple, sympy.Symbol] = {}
        self.absolute: dict[sympy.Symbol, sympy.Expr] = {}   # atom A → p, A = |p|
        self.primes: dict[sympy.Symbol, int] = {}           # atom → the prime it stands for
        self.signs: dict[str, int] = {}                      # key of p → its sign, where a log needs it
        self.exponents: dict[sympy.Symbol, sympy.Expr] = {}  # exp atom Z → its unit u, Z = e^u
        self.log_of: dict[sympy.Symbol, sympy.Expr] = {}     # log atom L → |p|, L = log|p|

    def atom(self, key: tuple, **assumptions) -> sympy.Symbol:
        if key not in self.atoms:
            self.atoms[key] = sympy.Symbol(f"_atom{len(self.atoms)}_{key[0]}", **assumptions)
        return self.atoms[key]

    def norm(self, e: sympy.Basic) -> sympy.Expr:
        if e.is_Symbol or e.is_Rational:
            return e
        if e is sympy.pi:
            return self.atom(("pi",), positive=True)
        if e is sympy.E:
            return self.exp(sympy.Integer(1))
        if e.is_Add:
            return sympy.Add(*[self.norm(a) for a in e.args])
        if e.is_Mul:
            return sympy.Mul(*[self.norm(a) for a in e.args])
        if e.is_Pow:
            if e.exp.is_Integer:
                return self.norm(e.base) ** e.exp
            return self.exp(self.norm(e.exp) * self.log(self.norm(e.base)))
        if isinstance(e, sympy.exp):
            return self.exp(self.norm(e.args[0]))
        if isinstance(e, sympy.log) and len(e.args) == 1:
            return self.log(self.norm(e.args[0]))
        if isinstance(e, sympy.Abs):
            return self.abs(self.norm(e.args[0]))
        if isinstance(e, (sympy.Max, sympy.Min)):
            args = [self.norm(a) for a in e.args]
            out = args[0]
            for a in args[1:]:
                gap = self.abs(out - a)
                out = (out + a + gap) / 2 if isinstance(e, sympy.Max) else (out + a - gap) / 2
            return out
        if isinstance(e, (sympy.sinh, sympy.cosh, sympy.tanh)):
            y = self.norm(e.args[0])
            up, down = self.exp(y), self.exp(-y)
            return {sympy.sinh: (up - down) / 2, sympy.cosh: (up + down) / 2}.get(e.func, (up - down) / (up + down))
        if isinstance(e, (sympy.erf, sympy.erfc)):
            y = self.norm(e.args[0])
            c, key = _key(y)
            odd = self.atom(("erf", key), real=True) if c > 0 else -self.atom(("erf", key), real=True) if c < 0 else 0
            return odd if isinstance(e, sympy.erf) else 1 - odd
        if isinstance(e, (sympy.Sum, sympy.Product, sympy.Derivative, sympy.Indexed, sympy.Integral)):
            return self.atom((type(e).__name__, sympy.srepr(e)), real=True)
        if isinstance(e, sympy.Function) and e.args:
            return self.atom((str(e.func), tuple(self._arg(a) for a in e.args)), real=True)
        raise _Unsupported(f"{type(e).__name__} has no normal form here")

    def _arg(self, a: sympy.Basic) -> str:
        c, key = _key(self.norm(a))
        return f"{c}*{key}"

    # exp and log ---------------------------------------------------------------------------

    def exp(self, y: sympy.Expr) -> sympy.Expr:
        out = sympy.Integer(1)
        for term in sympy.Add.make_args(sympy.expand(y)):
            c, unit = term.as_coeff_Mul()
            if unit == 1:
                out *= self.atom(("exp", "1"), positive=True) ** c
                continue
            if unit in self.log_of:  # e^(c·log|p|) = |p|^c
                out *= self.log_of[unit] ** c
                continue
            k, key = _key(unit)
            z = self.atom(("exp", key), positive=True)
            self.exponents[z] = unit / k
            out *= z ** (c * k)
        return out

    def log(self, y: sympy.Expr) -> sympy.Expr:
        if y.is_Rational:
            if y <= 0:
                raise _Unsupported("the log of a number ≤ 0")
            return self._log_rational(y)
        fr = _Fractions([y])
        n, d = fr.lowest(*fr.fraction(y))
        cn, fn = n.factor()
        cd, fd = d.factor()
        factors = [(fr.expr(p), e) for p, e in fn] + [(fr.expr(p), -e) for p, e in fd]
        constant = sympy.Rational(int(cn.p), int(cn.q)) / sympy.Rational(int(cd.p), int(cd.q))
        self._infer_signs(constant, factors)
        out = self._log_rational(abs(constant)) if constant != 1 and constant != -1 else sympy.Integer(0)
        for p, e in factors:
            out += e * self.log_abs(p)
        return out

    def _log_rational(self, q: sympy.Rational) -> sympy.Expr:
        out = sympy.Integer(0)
        for prime, e in sympy.factorint(int(q.p), limit=10 ** 6).items():
            out += e * self.log_abs(self._prime(prime))
        for prime, e in sympy.factorint(int(q.q), limit=10 ** 6).items():
            out -= e * self.log_abs(self._prime(prime))
        return out

    def _prime(self, p: int) -> sympy.Symbol:
        atom = self.atom(("prime", str(p)), positive=True)
        self.primes[atom] = p
        return atom

    def log_abs(self, p: sympy.Expr) -> sympy.Expr:
        """log|p| for an irreducible monic p (or a root of a base, or an atom)."""
        if p.is_Pow and p.exp.is_Rational:
            return p.exp * self.log_abs(p.base)
        if p in self.exponents:
            return self.exponents[p]
        if p in self.absolute:
            p = self.absolute[p]
        _, key = _key(p)
        atom = self.atom(("log", key), real=True)
        self.log_of[atom] = p if p.is_Symbol and (p.is_positive or p in self.primes) else self.magnitude(p)
        return atom

    def _infer_signs(self, constant: sympy.Rational, factors: list) -> None:
        """The argument of a real log is positive: if all odd factors but one have a known sign,
        that one's sign follows."""
        sign, unknown = (1 if constant > 0 else -1), []
        for p, e in factors:
            if e % 2 == 0:
                continue
            s = self.sign(p)
            if s is None:
                unknown.append(p)
            else:
                sign *= s
        if len(unknown) == 1:  # recorded for the unit u of p = c·u: sign(u) = sign(p)·sign(c)
            c, key = _key(unknown[0])
            self.signs[key] = sign if c > 0 else -sign

    def sign(self, p: sympy.Expr) -> int | None:
        """+1 where p ≥ 0, −1 where p ≤ 0 (from the symbols' assumptions or a log's argument), else None."""
        c, key = _key(p)
        known = self.signs.get(key)
        if known is not None:
            return known if c > 0 else -known
        return 1 if p.is_nonnegative else -1 if p.is_nonpositive else None

    # absolute values -----------------------------------------------------------------------

    def abs(self, y: sympy.Expr) -> sympy.Expr:
        if y.is_Rational:
            return abs(y)
        fr = _Fractions([y])
        n, d = fr.lowest(*fr.fraction(y))
        if n.is_zero():
            return sympy.Integer(0)
        cn, fn = n.factor()
        cd, fd = d.factor()
        out = abs(sympy.Rational(int(cn.p), int(cn.q)) / sympy.Rational(int(cd.p), int(cd.q)))
        for p, e in [(fr.expr(p), e) for p, e in fn] + [(fr.expr(p), -e) for p, e in fd]:
            out *= self.abs_factor(p) ** e
        return out

    def abs_factor(self, p: sympy.Expr) -> sympy.Expr:
        s = self.sign(p)
        return s * p if s is not None else self.magnitude(p)

    def magnitude(self, p: sympy.Expr) -> sympy.Symbol:
        """The atom A = |p| (related to p when the zero test runs: A = ±p once p's sign is known,
        else A² = p²)."""
        _, key = _key(p)
        atom = self.atom(("abs", key), nonnegative=True)
        self.absolute[atom] = p
        return atom

    # the zero test ---------------------------------------------------------------------------

    def is_zero(self, diff: sympy.Expr) -> tuple[bool, str]:
        """Is `diff` zero modulo the relations of its atoms? (True/False, what was reduced)."""
        exprs = [diff]
        fr = _Fractions(exprs)
        for _ in range(MAX_ROUNDS):  # the relations' own bases join the ring
            wanted = [self.absolute[a] for a in fr.root if a in self.absolute]
            if all(set(_bases(p)) <= set(fr.root) for p in wanted):
                break
            exprs += wanted
            fr = _Fractions(exprs, {a: L for a, L in fr.root.items()})
        relations = []
        for a, L in fr.root.items():
            if a in self.primes:
                relations.append((a, L, fr.fraction(sympy.Integer(self.primes[a]))[0]))
            elif a in self.absolute:
                p = self.absolute[a]
                s = self.sign(p)
                value, pd = fr.fraction(s * p if s is not None else p ** 2)
                if pd.is_one():
                    relations.append((a, L if s is not None else 2 * L, value))
        n, d = fr.lowest(*fr.fraction(diff))
        n = _reduce(fr, n, relations)
        if n.is_zero():
            if _reduce(fr, d, relations).is_zero():
                return False, "the denominator vanishes modulo the relations: the sides are defined nowhere"
            return True, f"{len(self.atoms)} atoms, {len(relations)} relations"
        return False, f"{len(self.atoms)} atoms, {len(relations)} relations, remainder {_short(fr.expr(n), 80)}"


def _bases(e: sympy.Expr) -> list:
    found: dict = {}
    _powers(e, found)
    return list(found)


def _reduce(fr: _Fractions, p, relations: list) -> object:
    """p reduced modulo wᵢ^kᵢ = vᵢ (each wᵢ a root variable, vᵢ free of wᵢ)."""
    for _ in range(MAX_ROUNDS):
        changed = False
        for base, k, value in relations:
            i = fr.index[base]
            if all(exps[i] < k for exps, _ in p.terms()):
                continue
            out = fr.ctx.from_dict({})
            for exps, c in p.terms():
                q, r = divmod(exps[i], k)
                rest = list(exps)
                rest[i] = r
                out += fr.ctx.from_dict({tuple(rest): c}) * value ** q
            p, changed = out, True
        if not changed:
            return p
    return p


# --------------------------------------------------------------------------------------------
# the second opinion


def second_opinion(lhs: sympy.Basic, rhs: sympy.Basic, seed: str) -> dict:
    """lhs and rhs at seeded random points of the symbols' domains, to :data:`DIGITS` digits
    (not a proof: labelled as a second opinion). ``{"text", "differs"}``."""
    symbols = sorted(lhs.free_symbols | rhs.free_symbols, key=str)
    undefined = [f for f in (lhs.atoms(sympy.Function) | rhs.atoms(sympy.Function))
                 if isinstance(f, sympy.core.function.AppliedUndef)]
    if undefined or lhs.has(sympy.Sum, sympy.Indexed, sympy.Derivative, sympy.Integral, sympy.Product):
        return {"text": "second opinion (numerical): not available (undefined functions or sums)", "differs": False}
    rng = random.Random(seed)
    compared, worst = 0, sympy.Integer(0)
    for _ in range(6 * POINTS):
        if compared == POINTS:
            break
        point = {s: _draw(rng, s) for s in symbols}
        try:
            a, b = (sympy.N(side.subs(point), DIGITS) for side in (lhs, rhs))
        except (ValueError, TypeError, ZeroDivisionError, ArithmeticError):
            continue
        if not (a.is_real and b.is_real and a.is_finite and b.is_finite):
            continue
        compared += 1
        gap = abs(a - b) / max(1, abs(a), abs(b))
        if gap > NEGLIGIBLE:
            shown = ", ".join(f"{s} = {v}" for s, v in point.items())
            return {"text": f"second opinion (numerical, {DIGITS} digits, not a proof): lhs − rhs = "
                            f"{sympy.N(a - b, 6)} at {shown}", "differs": True}
        worst = max(worst, gap)
    if not compared:
        return {"text": "second opinion (numerical): no random point where both sides are real", "differs": False}
    return {"text": f"second opinion (numerical, {DIGITS} digits, not a proof): equal at {compared} random points "
                    f"(relative gap < 1e-45)", "differs": False}


def _draw(rng: random.Random, s: sympy.Symbol) -> sympy.Rational:
    if s.is_integer:
        lo = 1 if s.is_positive else 0 if s.is_nonnegative else -5
        return sympy.Integer(rng.randint(lo, lo + 6))
    q = sympy.Rational(rng.randint(1, 997), 331)
    if s.is_positive or s.is_nonnegative:
        return q
    if s.is_negative or s.is_nonpositive:
        return -q
    return q if rng.random() < 0.5 else -q / 3
