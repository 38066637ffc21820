"""Do a proof's goals cover the domain the proof claims? (docs/trust-chain.md, "Goals cover the domain")

A claim's author types the domain its proof covers (``establish(..., domain=[...])``), and
"proved ⊇ stated" is decided between the paper's domain and that one (:mod:`symdp.verify.status`).
This module checks the other link: that the proof's goals really hold on the domain typed. A goal
is ``∀ v: H ⇒ C``; it says nothing at a point where a hypothesis fails, so a proof is "on D" only
when every point of D satisfies every statement goal's hypotheses::

    D  ⇒  H ∧ (the goal's variables' assumptions) ∧ Def(C) where C's definedness is not proved

read with D's and the goal's variables matched by name, and the goal's variables that do not occur
in D universally quantified (a hypothesis on them restricts the goal, so it must be implied too: a
goal over x = e^ε with ``x > 1`` says nothing about ε unless a kernel step instantiates x := e^ε).

**Definedness.** A relation holds only where its expressions are defined real numbers. An identity's
goal ``lhs = rhs`` (and a kernel step's conclusion) is read so: it holds wherever both sides are
defined and real, and says nothing elsewhere; so D must imply Def(lhs) ∧ Def(rhs) (:func:`defined`:
denominators ≠ 0, log's argument > 0, the base of a non-integer power ≥ 0, > 0 for a negative or
symbolic exponent, …). A decided goal (certificate kinds in :data:`PROVES_DEFINED`: an SMT query,
an exact decision, boxes) proves "f is defined and ≥ 0" under its hypotheses, so its conclusion
needs nothing more. A hypothesis must hold, hence be defined, on D.

The kernel's binders are defined by a sufficient rule each, stated with a variable ``x__each`` that
stands for every point of their range (free in the condition, so the implication z3 decides holds for
all its values):

- ``Expect(f, (x, μ))`` when f is defined at every x (a test's value a[x] and a density p[x] read as
  free reals), measurable by its form (:func:`_measurable`) and |f| ≤ c₀ + Σ cᵢ·pᵢ[x] by its form
  (:func:`_dominated`: c's free of x, defined; a test's value ≤ 1) with pᵢ the densities against μ of
  the domain's laws (:func:`densities`: a law of a ``Laws``/``SameSupport``/``DPPair`` item on one
  measurable space whose terms the goal writes only at the point of expectations over one law μ of its
  own; then E_μ pᵢ = 1, so E_μ|f| ≤ c₀ + Σ cᵢ < ∞). The statement's tests range over the measurable
  ones (at another, an expectation is undefined and the goal, like the paper, says nothing);
- ``Sup(f, (v,))`` / ``Inf(f, (v,))`` over the tests or events v when f is defined at every member and
  bounded by its form by a bound free of v (:func:`_bounded_over`: v[t] ∈ [0, 1], a dominated
  expectation within c₀ + Σ cᵢ): the class is nonempty (v = 0) and f bounded on it;
- a proper ``Integral(f, (u, a, b))`` (a, b finite) when a and b are defined, f is built from
  functions continuous where they are defined (:func:`_continuous`) and f is defined at every u
  between a and b: continuous on a closed bounded interval, hence Riemann integrable. The rule is
  sufficient only: ∫₀¹ u^(−1/2) du converges but is not covered (its integrand fails at u = 0).

- a finite ``Sum(f, (j, lo, hi))`` (or ``Product``) when its ends are defined and f is defined at a generic
  index ``j__each`` (a fresh real: every integer index of any range is one of its values; stronger than
  needed; a reversed range is a signed sum, and for a ``Product`` the reciprocal of one, so there its factors
  must also be nonzero): KL with the convention 0·log(0/0) = 0 written as a
  two-branch case split is defined at every pair of laws, Σ_j P_j log(P_j/Q_j) is not;

- ``Sup(f, (t, a, b))`` / ``Inf`` over a real range (an end may be ±∞) when the range is nonempty, its
  finite ends are defined, f is defined at every t of it and bounded by its form (t only inside tests'
  values, :func:`_bounded_in`).

Anything else (an improper integral, a supremum over the laws, a limit) is defined only where D's
relations contain it, or where a covered goal of the claim states ``Converges`` of it.

**How it is decided.** By z3, after *abstraction*: every subterm that is not a polynomial in the
variables (log x, e^ε, an undefined function f(x), a sum, a sequence term P[i]) becomes a fresh real
variable, the same subterm (its symbols matched by name) the same variable, and a Boolean that is
not a relation (``Every(...)``) a fresh 0/1 variable. An implication that holds for every value of
the fresh variables holds for the values the subterms take, so this is sound; it loses what the
subterm means, except a few facts that hold wherever it is defined (e^u > 0, e^u ≥ 1 + u, |u| ≥ 0,
cosh u ≥ 1, u·tanh u ≥ 0, |tanh u| ≤ min(|u|, 1), a non-integer power ≥ 0) and the definedness of the subterms D's own relations contain (a relation of
D holds on D, so it is defined there). A subterm whose definedness is not expressible (an undefined
function, an improper integral) is defined only where D's relations contain it; elsewhere the goal is
undecided. A relation of D under ``Not`` with such subterms is left out (fewer premises imply less).
An integer variable of the goal needs D to declare it an integer (``Integer("k", …)`` or a size) or
to imply it; D's integrality is first left out (the reals' question is easier, and an implication
over the reals holds over the integers), then added if z3 needs it. A sequence variable with a sign
(``IndexedBase("P", nonnegative=True)``) needs D to say its terms have that sign: P is one of the
probability laws of a typed item (:class:`~symdp.verify.domains.Laws`, ``SameSupport``, ``DPPair``).

**Premises inside the conclusion.** ``¬A ∨ C`` (the kernel's formulas have no Implies; sympy writes
¬(x > 0) as x ≤ 0) is ``A ⇒ C``, and the goal ∀ v: H ⇒ (A ⇒ C) is ∀ v: H ∧ A ⇒ C: A restricts it as H
does, so it is read as premises (:func:`antecedents`), each conjunct by what it speaks of:

- over D's parameters alone (ε > 0): a requirement D must imply, like a hypothesis (so ε > 0 hidden in
  A on a domain ε ≥ 0 is not covered, with z3's point ε = 0). A plain disjunct over D's parameters
  (ε ≤ 0 ∨ C) is the premise of its negation likewise, unless every disjunct is one (then the
  disjunction is a relation of the parameters: the statement itself);
- about objects D names only by typed items (a law P, a channel Q): implied when the item states it
  by its meaning (:meth:`Premises.entails`: a law's terms are ≥ 0 and sum to 1 over 1..k, an (ε, 0)-LDP
  channel's entries of one column are within e^ε, P_i = e^{Z_i} Q_i for Z the privacy loss of P with
  respect to Q); otherwise no machine can tell the paper's "if"
  from a smaller set of objects, so the outcome names it (`antecedents`) and the claim is graded
  "proved with prose" (a person reads it beside the paper's words), never passed silently; so is a
  disjunction of two or more disjuncts about typed objects;
- about the statement's own variables (a test u ∈ [0, 1]ⁿ, a point t ∈ [a(ε), b(ε)]): they restrict no
  point of D as long as some value of them satisfies A at every point of D (``∀ p ∈ D ∃ w: A``,
  :func:`_inhabited`, with the conclusions of the claim's other goals covered on D as facts); refuted,
  the goal is vacuous at a point of D (not covered); undecided, the premises are named as above.

Outcomes per goal: covered (z3: unsat), not covered (z3 finds a point of D where a requirement
fails: named with the point), undecided (z3 unknown, or a definedness that cannot be expressed).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Mapping, Sequence

import sympy
from sympy.core.relational import Relational
from sympy.logic.boolalg import Boolean
from sympy.printing.repr import ReprPrinter

from ..errors import ParameterError
from . import domains
from .goals import _show
from .recheck.terms import Every, Expect, Inf, Integrable, Law, Sup, Test
from .recheck.terms import Event, MarkovKernel

#: Certificate kinds whose replay proves the conclusion's expressions defined under the hypotheses
#: ("f is defined and ≥ 0"): their goals need no Def(C) from the domain.
PROVES_DEFINED = ("smtlib", "rational", "boxes", "monotone", "compactified")
#: Time limit (milliseconds) of one z3 query.
Z3_TIMEOUT_MS = 10000
#: z3's resource limit of one query whether a goal's premises are satisfiable (:func:`_inhabited`).
INHABITED_RLIMIT = 50_000_000
#: The largest resource count such a query took in this process (to measure the limit's headroom).
STATS = {"rlimit": 0}
#: Typed items whose objects are probability laws (their terms are nonnegative).
_LAWS = ("laws", "same_support", "dp_pair")

_TOTAL = (sympy.exp, sympy.sin, sympy.cos, sympy.tanh, sympy.sinh, sympy.cosh, sympy.atan, sympy.asinh, sympy.erf,
          sympy.erfc, sympy.Abs, sympy.Max, sympy.Min, sympy.sign)


class Undecided(Exception):
    """A definedness that cannot be expressed as relations (an undefined function, an improper integral)."""


@dataclass(frozen=True)
class Densities:
    """The domain's laws whose terms a goal writes as densities against one law of its own (:func:`densities`):
    ``law`` the name of the goal's :class:`~symdp.verify.recheck.terms.Law` variable, ``names`` the laws."""

    law: str
    names: frozenset


#: The suffix of the variable that stands for every point of an expectation's or an integral's range in a
#: definedness condition (free in the condition, hence universally read by the implication z3 decides).
EACH = "__each"


# --------------------------------------------------------------------------------------------
# definedness


def defined(expr: sympy.Basic, known: frozenset = frozenset(), dens: Densities | None = None) -> list[sympy.Basic]:
    """Relations under which `expr` is a defined real number (sufficient, and necessary for the
    usual functions): denominators ≠ 0, log's argument > 0, a non-integer power's base ≥ 0 (> 0 for
    a negative or symbolic exponent), the ranges of atanh, asin, acos, erfinv, LambertW. `known`
    holds the keys (:func:`key`) of subterms defined by assumption. Raises :class:`Undecided`
    where definedness is not expressible."""
    if key(expr) in known:
        return []
    if isinstance(expr, (sympy.Symbol, sympy.IndexedBase)):
        return []
    if expr.is_Rational:
        return []
    if isinstance(expr, Expect):
        return _expect_defined(expr, known, dens)
    if isinstance(expr, (Sup, Inf)) and expr.over_class and isinstance(expr.limits[0], Test):
        if not _bounded_over(expr.function, expr.limits[0], dens):
            raise Undecided(f"whether {expr.function} is bounded over the tests {expr.limits[0]}")
        return defined(expr.function, known, dens)  # at every member (its values v[x] read as free reals)
    if isinstance(expr, (Sup, Inf)) and not expr.over_class:
        return _range_extremum_defined(expr, known, dens)
    if isinstance(expr, sympy.Integral) and len(expr.limits) == 1 and len(expr.limits[0]) == 3:
        return _integral_defined(expr, known, dens)
    if expr.is_number:
        real = expr.is_extended_real and expr.is_finite
        if real is None:
            raise Undecided(f"whether the number {expr} is real")
        return [] if real else [sympy.false]
    if isinstance(expr, sympy.Indexed):  # a sequence's term is a real at every integer index
        return _all(expr.indices, known, dens)
    if isinstance(expr, (sympy.Add, sympy.Mul)) or isinstance(expr, _TOTAL):
        return _all(expr.args, known, dens)
    if isinstance(expr, sympy.Pow):
        return _power(expr.base, expr.exp, known, dens)
    if isinstance(expr, sympy.log) and len(expr.args) == 1:
        return [sympy.StrictGreaterThan(expr.args[0], 0)] + defined(expr.args[0], known, dens)
    ranges = {sympy.atanh: (-1, 1, True), sympy.asin: (-1, 1, False), sympy.acos: (-1, 1, False),
              sympy.erfinv: (-1, 1, True), sympy.erfcinv: (0, 2, True)}
    if type(expr) in ranges and len(expr.args) == 1:
        lo, hi, strict = ranges[type(expr)]
        u, less = expr.args[0], sympy.StrictLessThan if strict else sympy.LessThan
        return [less(lo, u), less(u, hi)] + defined(u, known, dens)
    if isinstance(expr, sympy.LambertW) and len(expr.args) == 1:
        return [sympy.GreaterThan(expr.args[0], -sympy.exp(-1))] + defined(expr.args[0], known, dens)
    if isinstance(expr, sympy.binomial) and all(a.is_integer for a in expr.args):
        return _all(expr.args, known, dens)  # C(n, k) is an integer for all integers n, k
    if _two_branches(expr):  # the condition's sides defined, and the branch it selects
        (a, c), (b, _) = expr.args
        chosen = [sympy.Or(sympy.Not(c), sympy.And(*defined(a, known, dens))), sympy.Or(c, sympy.And(*defined(b, known, dens)))]
        return _all(c.args, known, dens) + [d for d in chosen if d is not sympy.true]
    if isinstance(expr, sympy.factorial) and expr.args[0].is_integer:
        return [sympy.GreaterThan(expr.args[0], 0)] + defined(expr.args[0], known, dens)
    if isinstance(expr, (sympy.Sum, sympy.Product)):
        index = {lim[0] for lim in expr.limits}
        # every term defined, read at a generic index (:func:`_each`: a fresh real free in the requirement, so D ⇒ it
        # is decided for every value, each integer index of any finite range among them; stronger than needed). The
        # index is renamed before the term's definedness is taken, so a nested binder of the same name takes its own
        # generic name and the two are never one variable.
        # (an integer index stays an integer at its generic point: C(k, j) is defined for integers only)
        generic = {i: sympy.Symbol(i.name + EACH, integer=True) if i.is_integer else _each(i) for i in index}
        inner = defined(expr.function.xreplace(generic), dens=dens)
        if isinstance(expr, sympy.Product):
            # Karr's convention: a reversed range (hi < lo − 1) is the reciprocal of the product over hi+1..lo−1, so
            # there every factor must also be nonzero
            for i, lo, hi in expr.limits:
                inner.append(sympy.Or(sympy.GreaterThan(hi, lo - 1), sympy.Ne(expr.function.xreplace(generic), 0)))
        return inner + _all([b for lim in expr.limits for b in lim[1:]], known, dens)
    raise Undecided(f"the definedness of {expr}")


def _each(x: sympy.Symbol) -> sympy.Symbol:
    """The variable that stands for every point x of a range in a definedness condition: a real (an integer
    point is one of them), of a name no domain uses, free in the condition, so the implication z3 decides reads it
    for every value."""
    return sympy.Symbol(x.name + EACH, real=True)


def _expect_defined(expr: Expect, known: frozenset, dens: Densities | None) -> list[sympy.Basic]:
    """Def(E_μ f(X)): f defined at every point x (every value a test's a[x] ∈ [0, 1] or a density's
    p[x] ≥ 0 takes there read as a free real), and |f| ≤ c₀ + Σ cᵢ·pᵢ[x] by its form (:func:`_dominated`)
    with c's defined and free of x, pᵢ the densities of the domain's laws against μ (`dens`). Then f(X) is
    measurable (built from measurable functions: densities, measurable tests, continuous functions and
    indicators of relations between them) and E_μ|f(X)| ≤ c₀ + Σ cᵢ·E_μ pᵢ = c₀ + Σ cᵢ < ∞: the expectation is
    defined (at a test that is not measurable it is not, and the statement, like the paper, says nothing of it)."""
    f, (x, law) = expr.function, expr.limits
    names = dens.names if dens is not None and str(law) == dens.law else frozenset()
    if not _measurable(f, x, names):
        raise Undecided(f"whether {f} is measurable in {x} by its form (the expectation {expr})")
    bound = _dominated(f, x, names)
    if bound is None:
        raise Undecided(f"whether {f} is integrable against every law {law} (no bound c₀ + Σ cᵢ·pᵢ[{x}] by its form "
                        "with pᵢ densities of the domain's laws)")
    c0, coefficients = bound
    return defined(f.xreplace({x: _each(x)}), known, dens) + _all([c0, *coefficients.values()], known, dens)


def _dominated(f: sympy.Basic, x: sympy.Symbol, names: frozenset) -> tuple[sympy.Expr, dict] | None:
    """(c₀, {p: c_p}) with |f| ≤ c₀ + Σ c_p·p[x] wherever f is defined, every c free of x and ≥ 0, by f's form
    (each c is built from |t| of f's terms t free of x by +, ×, powers and e^·, so it is a real where they are): a
    term t free of x is bounded by |t|; p[x] of a law p in `names` (a density, ≥ 0)
    is bounded by 1·p[x]; a test's a[x] ∈ [0, 1] by 1; sums add bounds; a product multiplies them, one
    factor at most bounded by densities; a positive integer power, e^g, of a constant-bounded g; |g|
    by g's; max, min and a two-branch case split by the sum of their arguments' (|max(a, b)| ≤ |a| + |b|).
    None for anything else (x itself, a density squared, a function of x the form does not bound)."""
    if x not in f.free_symbols:
        return sympy.Abs(f, evaluate=False), {}  # unevaluated: sympy writes |1/ε| as 1/|ε|, defined where |ε| ≠ 0
    if _kernel_value(f) and _measurable(f.indices[1], x, names):  # kernel7b: K(B|·) ∈ [0, 1]
        return sympy.Integer(1), {}
    if isinstance(f, sympy.Indexed) and f.indices == (x,):
        if isinstance(f.base, Test):
            return sympy.Integer(1), {}
        if str(f.base) in names:
            return sympy.Integer(0), {str(f.base): sympy.Integer(1)}
        return None
    if isinstance(f, sympy.Abs):
        return _dominated(f.args[0], x, names)
    if _two_branches(f):
        parts = [f.args[0][0], f.args[1][0]]
    elif isinstance(f, (sympy.Add, sympy.Max, sympy.Min)):
        parts = list(f.args)
    else:
        parts = None
    if parts is not None:
        bounds = [_dominated(a, x, names) for a in parts]
        if any(b is None for b in bounds):
            return None
        total: dict = {}
        for _, cs in bounds:
            for p, c in cs.items():
                total[p] = total.get(p, sympy.Integer(0)) + c
        return sympy.Add(*[c for c, _ in bounds]), total
    if isinstance(f, sympy.Mul):
        bounds = [_dominated(a, x, names) for a in f.args]
        if any(b is None for b in bounds) or sum(1 for _, cs in bounds if cs) > 1:
            return None
        scale = sympy.Mul(*[c for c, cs in bounds if not cs])
        open_ = [b for b in bounds if b[1]]
        if not open_:
            return scale, {}
        c0, cs = open_[0]
        return scale * c0, {p: scale * c for p, c in cs.items()}
    if isinstance(f, sympy.Pow) and f.exp.is_Integer and f.exp > 0:
        base = _dominated(f.base, x, names)
        return None if base is None or base[1] else (base[0] ** f.exp, {})
    if isinstance(f, sympy.exp) or (isinstance(f, sympy.Pow) and f.base is sympy.E):
        arg = _dominated(f.args[0] if isinstance(f, sympy.exp) else f.exp, x, names)
        return None if arg is None or arg[1] else (sympy.exp(arg[0]), {})
    return None


def _measurable(f: sympy.Basic, x: sympy.Symbol, names: frozenset) -> bool:
    """Is f a Borel function of x by its form: built from x, terms free of x, the densities p[x] of the laws
    `names` and the values a[x] of tests (measurable ones, the only tests at which an expectation is defined)
    with +, ×, powers, log, the functions of :data:`_TOTAL` (continuous, or sign) and two-branch case splits
    on relations of such terms? An undefined function g(x) or another sequence's term q[x] may not be."""
    if x not in f.free_symbols or isinstance(f, sympy.Symbol):
        return True
    if _kernel_value(f):  # kernel7b: s ↦ K(B|s) is measurable (a Markov kernel), composed with a Borel input
        return _measurable(f.indices[1], x, names)
    if isinstance(f, sympy.Indexed):
        return f.indices == (x,) and (isinstance(f.base, Test) or str(f.base) in names)
    if _two_branches(f):
        (a, c), (b, _) = f.args
        return all(_measurable(e, x, names) for e in (a, b, *c.args))
    if isinstance(f, (sympy.Add, sympy.Mul, sympy.Pow, sympy.log)) or isinstance(f, _TOTAL):
        return all(_measurable(a, x, names) for a in f.args)
    return False


def _bounded_over(f: sympy.Basic, v: Test, dens: Densities | None) -> bool:
    """Is f bounded over the tests v by its form (a bound free of v)? A term free of v is its own bound;
    v[t] ∈ [0, 1]; E_μ g with |g| ≤ c₀ + Σ cᵢ·pᵢ (:func:`_dominated`), every c free of v, is within
    c₀ + Σ cᵢ; sums, products, |·|, max, min, two-branch case splits, positive integer powers and e^· of bounded terms are
    bounded; so is a finite ``Sum`` of a bounded body whose ends are integer-valued by their form and free of v (a fixed
    finite set of terms, each within a bound free of v)."""
    if v.label not in f.free_symbols and not f.has(v):
        return True
    if isinstance(f, sympy.Indexed) and (f.base == v or _kernel_value(f)):  # kernel7b: K[B, s] ∈ [0, 1]
        return True
    if isinstance(f, Expect):
        g, (x, law) = f.function, f.limits
        bound = _dominated(g, x, dens.names if dens is not None and str(law) == dens.law else frozenset())
        return bound is not None and not any(c.has(v) or v.label in c.free_symbols
                                             for c in [bound[0], *bound[1].values()])
    if isinstance(f, (sympy.Add, sympy.Mul, sympy.Abs, sympy.Max, sympy.Min)):
        return all(_bounded_over(a, v, dens) for a in f.args)
    if isinstance(f, sympy.Sum) and all(not (e.has(v) or v.label in e.free_symbols) and _integer_ends(e)
                                        for _, *ends in f.limits for e in ends):
        # a finite sum whose range does not move with v: for fixed other variables it runs over a fixed finite set of
        # indices (a reversed range by Karr's convention too), each term bounded over v by a bound free of v
        return _bounded_over(f.function, v, dens)
    if _two_branches(f):  # it takes one branch's value: bounded where both are (its condition's definedness: defined)
        return all(_bounded_over(branch, v, dens) for branch, _ in f.args)
    if isinstance(f, sympy.Pow) and f.exp.is_Integer and f.exp > 0:
        return _bounded_over(f.base, v, dens)
    if isinstance(f, sympy.exp):
        return _bounded_over(f.args[0], v, dens)
    return False


def _integer_ends(e: sympy.Basic) -> bool:
    """Is `e` integer-valued by its form (integers, integer symbols, +, −, × of them)?"""
    if e.is_Integer or (isinstance(e, sympy.Symbol) and e.is_integer):
        return True
    if isinstance(e, (sympy.Add, sympy.Mul)):
        return all(_integer_ends(a) for a in e.args)
    return False


def _range_extremum_defined(expr: Sup | Inf, known: frozenset, dens: Densities | None) -> list[sympy.Basic]:
    """Def(sup_{t ∈ [a, b]} f), a real t (an end may be ±∞): the range nonempty (a ≤ b where both are finite), a and b
    defined, f defined at every t of the range and bounded there by its form (:func:`_bounded_in`: t enters only
    through tests' values a[t] ∈ [0, 1]): then the supremum (infimum) is a real number."""
    f, (t, lo, hi) = expr.function, expr.limits
    if t.is_integer or lo in (sympy.oo, sympy.zoo, sympy.nan) or hi in (-sympy.oo, sympy.zoo, sympy.nan):
        raise Undecided(f"whether the range of {expr} is a nonempty real interval")
    if not _bounded_in(f, t):
        raise Undecided(f"whether {f} is bounded over {t} (the term {expr})")
    each, ends, rels = _each(t), [], []
    for end, below in ((lo, True), (hi, False)):
        if end in (sympy.oo, -sympy.oo):
            continue
        if end.has(sympy.oo, -sympy.oo, sympy.zoo, sympy.nan):
            raise Undecided(f"the end {end} of {expr}")
        ends += defined(end, known, dens)
        rels.append(sympy.LessThan(end, each) if below else sympy.LessThan(each, end))
    nonempty = [sympy.LessThan(lo, hi)] if not (lo.has(sympy.oo, -sympy.oo) or hi.has(sympy.oo, -sympy.oo)) else []
    inner = defined(f.xreplace({t: each}), known, dens)
    return ends + nonempty + ([sympy.Or(sympy.Not(sympy.And(*rels)), sympy.And(*inner))] if inner else [])


def _bounded_in(f: sympy.Basic, t: sympy.Symbol) -> bool:
    """Is f bounded over every real t by its form: t only inside tests' values a[…] ∈ [0, 1], combined by +, ×, |·|,
    max, min, two-branch case splits, positive integer powers and e^· (a term free of t is a constant)?"""
    if t not in f.free_symbols or (isinstance(f, sympy.Indexed) and (isinstance(f.base, Test) or _kernel_value(f))):
        return True
    if isinstance(f, (sympy.Add, sympy.Mul, sympy.Abs, sympy.Max, sympy.Min)):
        return all(_bounded_in(a, t) for a in f.args)
    if _two_branches(f):
        return all(_bounded_in(branch, t) for branch, _ in f.args)
    if isinstance(f, sympy.Pow) and f.exp.is_Integer and f.exp > 0:
        return _bounded_in(f.base, t)
    if isinstance(f, sympy.exp):
        return _bounded_in(f.args[0], t)
    if isinstance(f, (Sup, Inf)):
        # kernel7b: a nested supremum is defined (checked by `defined`, the caller's next step) only where its body is
        # bounded by its form in its own index; with t, too, only inside tests' values, the body is within a bound free
        # of both (the same connectives, each leaf bounded uniformly), and so is the supremum
        return _bounded_in(f.function, t)
    return False


def _integral_defined(expr: sympy.Integral, known: frozenset, dens: Densities | None) -> list[sympy.Basic]:
    """Def(∫_a^b f(u) du), a proper integral (a, b finite): a and b defined, f continuous by its form
    (:func:`_continuous`) and defined at every u between a and b (in either order: ∫_b^a = −∫_a^b). A
    function continuous on a closed bounded interval is Riemann integrable there. An improper integral
    (an infinite end) may diverge: undecided."""
    u, lo, hi = expr.limits[0]
    if any(e.has(sympy.oo, -sympy.oo, sympy.zoo, sympy.nan) for e in (lo, hi)):
        raise Undecided(f"whether the improper integral {expr} converges")
    if u.is_integer or not _continuous(expr.function, u):
        raise Undecided(f"whether {expr.function} is continuous in {u} (the integral {expr})")
    each = _each(u)
    inner = defined(expr.function.xreplace({u: each}), known, dens)
    between = sympy.Or(sympy.And(sympy.LessThan(lo, each), sympy.LessThan(each, hi)),
                       sympy.And(sympy.LessThan(hi, each), sympy.LessThan(each, lo)))
    ends = _all([lo, hi], known, dens)
    return ends + ([sympy.Or(sympy.Not(between), sympy.And(*inner))] if inner else [])


def _continuous(f: sympy.Basic, u: sympy.Symbol) -> bool:
    """Is f, as a function of u, built only from functions continuous wherever they are defined (+, ×,
    powers, log, exp, sin, cos, tanh, sinh, cosh, atan, asinh, erf, erfc, |·|, max, min; a term free of u is
    a constant)? sign, case splits and a sequence's terms p[u] are not."""
    if u not in f.free_symbols or isinstance(f, sympy.Symbol):
        return True
    if isinstance(f, (sympy.Add, sympy.Mul, sympy.Pow, sympy.log)) or (isinstance(f, _TOTAL) and not isinstance(f, sympy.sign)):
        return all(_continuous(a, u) for a in f.args)
    return False


def _two_branches(expr: sympy.Basic) -> bool:
    """``Piecewise((a, c), (b, True))`` with c one relation: an indicator 1_c, or a convention such as 0⁰ = 1."""
    return isinstance(expr, sympy.Piecewise) and len(expr.args) == 2 and isinstance(expr.args[0][1], Relational) \
        and expr.args[1][1] is sympy.true


def _all(args: Iterable[sympy.Basic], known: frozenset, dens: Densities | None = None) -> list[sympy.Basic]:
    return [c for a in args for c in defined(a, known, dens)]


def _power(base: sympy.Expr, exp: sympy.Expr, known: frozenset, dens: Densities | None = None) -> list[sympy.Basic]:
    inner = defined(base, known, dens) + defined(exp, known, dens)
    if base is sympy.E or (base.is_number and base.is_positive):
        return inner
    if exp.is_integer:
        return inner if exp.is_nonnegative else inner + [sympy.Ne(base, 0)]
    if exp.is_Rational:  # a root: the real root of a base ≥ 0 (> 0 when the exponent is negative)
        return inner + [sympy.GreaterThan(base, 0) if exp > 0 else sympy.StrictGreaterThan(base, 0)]
    return inner + [sympy.StrictGreaterThan(base, 0)]


class _NotDensities(Exception):
    """A term of a law of the domain that is not its density at the point of an expectation over one law."""


def densities(goal, premises: "Premises") -> Densities | None:
    """The reading of a goal's terms p[x] of the domain's laws (:class:`~symdp.verify.domains.Laws`,
    ``SameSupport``, ``DPPair``: on one measurable space, no alphabet size) as their densities against one
    probability law μ of the statement's own (a :class:`~symdp.verify.recheck.terms.Law` goal variable the
    domain does not name): every such term stands at the bound point x of an expectation over μ, ``Expect(…
    p[x] …, (x, μ))`` (or of ``Integrable(…, (x, μ))``), and no supremum or infimum runs over μ. The goal, ∀ μ, speaks of every point of the
    domain through the laws μ that dominate its laws (μ = (P + Q)/2 exists) with p = dP/dμ, so E_μ p[X] = 1
    and p ≥ 0 (:func:`_expect_defined` uses them). That the statement means the paper's quantities for such
    μ (they do not depend on μ) is the words → goal link a person reads. None when the goal writes no such
    term, or writes one elsewhere (a mass P[j] in a sum, a term at another point, under two laws)."""
    candidates = {o for o in premises.laws if premises.law_sizes.get(o) is None}
    if not candidates:
        return None
    laws: set = set()

    def walk(e: sympy.Basic, bound: dict) -> None:
        if isinstance(e, sympy.Indexed) and str(e.base) in candidates:
            if len(e.indices) != 1 or e.indices[0] not in bound:
                raise _NotDensities
            laws.add(bound[e.indices[0]])
            return
        if isinstance(e, (Expect, Integrable)):
            x, law = e.limits
            walk(e.function, {**bound, x: str(law)})
            return
        if isinstance(e, (Sup, Inf)) and e.over_class and isinstance(e.limits[0], Law):
            raise _NotDensities  # a supremum over the laws: no one μ
        if isinstance(e, (sympy.Sum, sympy.Product, sympy.Integral)):
            indices, ends = [lim[0] for lim in e.limits], [b for lim in e.limits for b in lim[1:]]
        elif isinstance(e, (Every, Sup, Inf)):
            indices, ends = [e.limits[0]], list(e.limits[1:])
        else:
            for a in e.args:
                walk(a, bound)
            return
        for b in ends:
            walk(b, bound)
        walk(e.args[0], {i: v for i, v in bound.items() if i not in indices})

    try:
        for part in (*goal.hypotheses, goal.conclusion):
            walk(part, {})
    except _NotDensities:
        return None
    if len(laws) != 1:
        return None
    (law,) = laws
    own = {str(v) for v in goal.variables if isinstance(v, Law)}
    if law not in own or law in premises.names:
        return None
    return Densities(law, frozenset(candidates))


def condition_defined(cond: sympy.Basic, known: frozenset = frozenset(), dens: Densities | None = None
                      ) -> list[sympy.Basic]:
    """Def of every expression of a condition (a relation or And/Or/Not of them), each relation
    once, those sympy already decided true left out."""
    if isinstance(cond, Relational):
        found = defined(cond.lhs, known, dens) + defined(cond.rhs, known, dens)
    elif isinstance(cond, (sympy.And, sympy.Or, sympy.Not)):
        found = [c for a in cond.args for c in condition_defined(a, known, dens)]
    else:
        found = []
    return [c for c in dict.fromkeys(found) if c is not sympy.true]


# --------------------------------------------------------------------------------------------
# abstraction: non-polynomial subterms as fresh variables


class _ByName(ReprPrinter):
    """``srepr`` with each symbol printed by its name only: the paper's ε is one variable whatever
    assumptions one of its symbols carries."""

    def _print_Symbol(self, expr: sympy.Symbol) -> str:
        return f"Symbol({expr.name!r})"

    _print_Dummy = _print_Symbol


def key(expr: sympy.Basic) -> str:
    """A subterm's identity for the abstraction: its ``srepr`` with symbols by name."""
    return _ByName().doprint(expr)


class Abstraction:
    """Replaces the non-polynomial subterms of conditions by fresh real symbols (one per subterm,
    by :func:`key`), remembering each with the facts that hold wherever it is defined."""

    def __init__(self, premises: "Premises | None" = None) -> None:
        self.atoms: dict[str, tuple[sympy.Symbol, sympy.Basic]] = {}
        #: what the domain says of its sequences (a law's terms are ≥ 0 and sum to 1 over its alphabet;
        #: a sequence a relation Every(…) of D bounds): facts about finite sums of them
        self.premises = premises

    def _fresh(self, expr: sympy.Basic) -> sympy.Symbol:
        k = key(expr)
        if k not in self.atoms:
            self.atoms[k] = (sympy.Symbol(f"atom__{len(self.atoms)}", real=True), expr)
        return self.atoms[k][0]

    def term(self, expr: sympy.Basic) -> sympy.Expr:
        if isinstance(expr, sympy.Symbol) or expr.is_Rational:
            return expr
        if isinstance(expr, (sympy.Add, sympy.Mul)):
            return expr.func(*[self.term(a) for a in expr.args], evaluate=False)
        if isinstance(expr, sympy.Pow) and expr.exp.is_Integer:
            return sympy.Pow(self.term(expr.base), expr.exp, evaluate=False)
        return self._fresh(expr)

    def condition(self, cond: sympy.Basic) -> sympy.Basic:
        if cond is sympy.true or cond is sympy.false:
            return cond
        if isinstance(cond, sympy.Ne):  # defined and unequal: the z3 translation reads < and > only
            lhs, rhs = self.term(cond.lhs), self.term(cond.rhs)
            return sympy.Or(sympy.StrictLessThan(lhs, rhs, evaluate=False), sympy.StrictGreaterThan(lhs, rhs, evaluate=False))
        if isinstance(cond, Relational):
            return cond.func(self.term(cond.lhs), self.term(cond.rhs), evaluate=False)
        if isinstance(cond, (sympy.And, sympy.Or, sympy.Not)):
            return cond.func(*[self.condition(a) for a in cond.args])
        # a Boolean that is no relation (the kernel's Every): a fresh 0/1 variable, β = 1
        return sympy.Eq(self._fresh(cond), 1, evaluate=False)

    def facts(self) -> list[sympy.Basic]:
        """What holds of each fresh variable wherever its subterm is defined (a finite sum's facts,
        :meth:`_sum_facts`, may name new subterms, whose facts follow)."""
        out: list = []
        done: set = set()
        while len(done) < len(self.atoms):
            fresh = [(k, v) for k, v in list(self.atoms.items()) if k not in done]
            done |= {k for k, _ in fresh}
            out += self._facts([v for _, v in fresh])
        return out + self._monotone()

    def _monotone(self) -> list[sympy.Basic]:
        """e^u is strictly increasing and e^u·e^v = e^{u+v}: for two fresh variables z = e^u, w = e^v,
        (u < v ∧ z < w) ∨ (u = v ∧ z = w) ∨ (u > v ∧ z > w) (e^Z ≤ e^ε gives Z ≤ ε) and (u + v ≥ 0 ∧ zw ≥ 1) ∨ (u + v < 0 ∧ zw < 1)
        (1 ≤ e^ε·e^Z gives Z ≥ −ε)."""
        exps = [(z, self.term(e.args[0])) for z, e in list(self.atoms.values()) if isinstance(e, sympy.exp)]
        out = []
        for n, (z, u) in enumerate(exps):
            for w, v in exps[n + 1:]:
                out.append(sympy.Or(sympy.And(sympy.StrictLessThan(u, v), sympy.StrictLessThan(z, w)),
                                    sympy.And(sympy.Eq(u, v), sympy.Eq(z, w)),
                                    sympy.And(sympy.StrictGreaterThan(u, v), sympy.StrictGreaterThan(z, w))))
                out.append(sympy.Or(sympy.And(sympy.GreaterThan(u + v, 0), sympy.GreaterThan(z * w, 1)),
                                    sympy.And(sympy.StrictLessThan(u + v, 0), sympy.StrictLessThan(z * w, 1))))
        return out

    def _facts(self, atoms: Sequence[tuple[sympy.Symbol, sympy.Basic]]) -> list[sympy.Basic]:
        out = []
        for z, expr in atoms:
            if isinstance(expr, sympy.Sum):
                out += self._sum_facts(z, expr)
            if isinstance(expr, (sympy.exp, sympy.Abs)) or (isinstance(expr, sympy.Pow) and (
                    expr.base is sympy.E or (expr.base.is_number and expr.base.is_positive))):
                out.append(sympy.StrictGreaterThan(z, 0) if not isinstance(expr, sympy.Abs) else sympy.GreaterThan(z, 0))
            exponent = expr.args[0] if isinstance(expr, sympy.exp) else (
                expr.exp if isinstance(expr, sympy.Pow) and expr.base is sympy.E else None)
            if exponent is not None:  # e^u ≥ 1 + u (convexity): e^ε > 1 for ε > 0 follows
                out.append(sympy.GreaterThan(z, 1 + self.term(exponent)))
            if isinstance(expr, sympy.tanh):  # tanh u has u's sign, |tanh u| ≤ |u| and |tanh u| < 1
                u = self.term(expr.args[0])
                out += [sympy.GreaterThan(z * u, 0), sympy.GreaterThan(u ** 2 - z ** 2, 0),
                        sympy.StrictLessThan(z, 1), sympy.StrictGreaterThan(z, -1)]
            elif isinstance(expr, sympy.cosh):
                out.append(sympy.GreaterThan(z, 1))
            elif isinstance(expr, sympy.Pow) and expr.exp.is_Rational and not expr.exp.is_Integer:
                out.append(sympy.GreaterThan(z, 0) if expr.exp > 0 else sympy.StrictGreaterThan(z, 0))
            elif isinstance(expr, sympy.Expr) and expr.is_number and expr.is_extended_real:
                for test, rel in ((expr.is_positive, sympy.StrictGreaterThan), (expr.is_negative, sympy.StrictLessThan)):
                    if test:
                        out.append(rel(z, 0))
        return out


    def _sum_facts(self, z: sympy.Symbol, total: sympy.Sum) -> list[sympy.Basic]:
        """Facts of a finite sum z = Σ_{i=lo}^{hi} f with integer limits (sympy's convention: the empty
        sum at hi = lo − 1 is 0, and hi < lo − 1 gives −Σ_{hi+1}^{lo−1}, so each sign fact is stated
        for lo ≤ hi + 1 only):

        - linearity: f = Σ_k c_k u_k + c₀ with the c's free of i gives z = Σ_k c_k Σ u_k + c₀(hi − lo + 1);
        - a law's masses over its alphabet 1..k (the typed item's k) sum to 1;
        - z ≥ 0 where f ≥ 0 by its form (products and sums of a law's terms, of a sequence's terms that a
          relation Every(…) of the domain over the same range keeps ≥ 0, of e^u, even powers, positive
          numbers), z > 0 where f > 0 by its form and the range is nonempty."""
        if len(total.limits) != 1 or self.premises is None:
            return []
        i, lo, hi = total.limits[0]
        if not (lo.is_integer and hi.is_integer):
            return []
        f, out = total.function, []
        sizes = self.premises.law_sizes
        if (isinstance(f, sympy.Indexed) and f.indices == (i,) and lo == 1 and sizes.get(str(f.base)) is not None
                and key(hi) == key(sizes[str(f.base)])):
            out.append(sympy.Eq(z, 1))
        parts = sympy.Add.make_args(sympy.expand(f))
        split = [p.as_independent(i, as_Add=False) for p in parts]
        if len(parts) > 1 or any(c != 1 for c, u in split if u.has(i)):
            linear = sum((c * (self.term(sympy.Sum(u, (i, lo, hi))) if u.has(i) else u * (hi - lo + 1)) for c, u in split),
                         sympy.Integer(0))
            out.append(sympy.Eq(z, self.term(linear)))
        sign = self._sign(f, i, lo, hi)
        if sign > 0:
            out.append(sympy.Or(sympy.StrictLessThan(self.term(hi), self.term(lo)), sympy.StrictGreaterThan(z, 0)))
        if sign >= 0:
            out.append(sympy.Or(sympy.StrictLessThan(self.term(hi - lo + 1), 0), sympy.GreaterThan(z, 0)))
        return out

    def _sign(self, f: sympy.Basic, i: sympy.Symbol, lo: sympy.Basic, hi: sympy.Basic) -> int:
        """1 when f > 0, 0 when f ≥ 0 at every index of the range (by its form), −1 when not known."""
        if f.is_number:
            return 1 if f.is_positive else (0 if f.is_nonnegative else -1)
        if isinstance(f, sympy.exp) or (isinstance(f, sympy.Pow) and f.base is sympy.E):
            return 1
        if isinstance(f, sympy.Pow) and f.exp.is_Integer and f.exp.is_even and f.exp > 0:
            return 0
        if isinstance(f, sympy.Indexed):
            base = str(f.base)
            if base in self.premises.laws or f.base.is_nonnegative:
                return 0
            return 0 if _range_key(f, i, lo, hi) in self.premises.nonnegative else -1
        if isinstance(f, (sympy.Mul, sympy.Add)):
            signs = [self._sign(a, i, lo, hi) for a in f.args]
            if min(signs) < 0:
                return -1
            if isinstance(f, sympy.Mul):
                return min(signs)
            return max(signs)
        return -1


# --------------------------------------------------------------------------------------------
# the check


@dataclass(frozen=True)
class Requirement:
    """One thing a goal needs of the domain: a condition (or that the symbol `integer` is an
    integer), and how to name it in a note."""

    condition: sympy.Basic
    name: str
    integer: sympy.Symbol | None = None


@dataclass(frozen=True)
class Outcome:
    """Whether one goal covers the domain: True, False (a point of D fails `why`), None (undecided).
    `unlinked` names the goal's variables that D does not name when they are all that fails: every
    requirement on D's own variables is implied, so the goal is a true statement whose link to D's
    parameters (an instantiation such as x := e^ε) is not recorded by a machine. `antecedents` names
    the premises inside the conclusion (:func:`antecedents`) that speak of the statement's objects
    and that no machine ties to the domain: covered only if a person reads them in the paper's words."""

    covered: bool | None
    why: str
    unlinked: tuple[str, ...] = ()
    antecedents: tuple[str, ...] = ()


@dataclass
class Premises:
    """The proof's domain as premises: relations (with the definedness of what they contain),
    declared symbols (integers, sizes), the subterms they make defined, and the sequences typed
    items say are probability laws."""

    relations: list
    declared: list
    known: frozenset
    laws: frozenset
    objects: frozenset = frozenset()
    #: law → its alphabet's size (None: not stated); LDP channel (δ = 0) → its ε; channels
    law_sizes: Mapping = field(default_factory=dict)
    ldp: Mapping = field(default_factory=dict)
    channels: frozenset = frozenset()
    #: relations over the parameters that hold on D because other goals of the claim prove them there
    proved: list = field(default_factory=list)
    #: (sequence, its indices, the index, lo, hi) of terms a relation Every(…) of D keeps ≥ 0 (keys)
    nonnegative: frozenset = frozenset()
    #: (Z, P, Q) of each item "Z is the privacy loss of P with respect to Q"
    losses: frozenset = frozenset()
    #: sequence → the size of its alphabet at each index position (None: not stated): a law's k, a channel's (k, l),
    #: a privacy loss's its law's, the sequences of DPOutcomes and ZCDPMoments their k
    alphabet: Mapping = field(default_factory=dict)
    #: the typed items (DPOutcomes, ZCDPMoments, DPPair of δ = 0, PrivacyLoss, laws) whose relations hold at every index
    #: of their alphabet (:meth:`at`)
    indexed: tuple = ()
    #: the items stating a bound on a moment of a privacy loss (ZCDPLaws, RDPLaws: :meth:`domains._LossMoment.states`)
    moments: tuple = ()
    #: (W, P, Q, K) of each item "W is the privacy loss of K(P) with respect to K(Q)" (:class:`domains.PushedLoss`)
    pushed_losses: frozenset = frozenset()

    @classmethod
    def of(cls, domain: Sequence) -> "Premises":
        rels, declared = domains.conditions(domain)
        # a symbol's assumptions in D's relations are part of D (as in status.implies)
        declared = list(dict.fromkeys([*declared, *sorted((s for r in rels for s in r.free_symbols
                                                           if isinstance(s, sympy.Symbol)), key=str)]))
        known: set = set()
        extra = []
        for rel in _conjuncts(rels):
            known |= _subterms(rel)
            # a relation of D holds on D, so its expressions are defined there: a premise only where the
            # definedness found is also necessary (an expectation's, a supremum's or an integral's rule is
            # sufficient only: ∫₀¹ u^(−1/2) du is defined though its integrand is not at 0)
            if rel.has(Expect, Sup, Inf, sympy.Integral, Integrable):
                continue
            try:
                extra += condition_defined(rel)
            except Undecided:
                pass
        # a relation under Not with a subterm read as a fresh variable could be made false by that
        # variable's value: left out (fewer premises imply less)
        kept = [r for r in rels if not (r.has(sympy.Not) and _has_atoms(r))]
        laws = frozenset(o for item in domain if isinstance(item, domains.Typed) and item.kind in _LAWS
                         for o in item.objects)
        # the objects typed items name (a law P, a channel Q, even where a relation speaks of its
        # terms), not the integers they declare
        integers = {str(s) for item in domain if isinstance(item, domains.Integer) for s in [item.symbol]}
        objects = frozenset(str(o) for item in domain if isinstance(item, domains.Typed) for o in item.objects) - integers
        sizes: dict = {}
        for item in domain:
            if isinstance(item, domains.Typed) and item.kind in _LAWS:
                for o in item.objects:
                    if sizes.get(o) is None:
                        sizes[o] = item.params.get("k")
        ldp = {item.objects[0]: item.params["eps"] for item in domain if isinstance(item, domains.Typed)
               and item.kind == "ldp_channel" and item.params.get("delta") == 0 and item.params.get("eps") is not None}
        channels = frozenset(item.objects[0] for item in domain if isinstance(item, domains.Typed)
                             and item.kind in ("channel", "ldp_channel"))
        losses = frozenset(item.objects for item in domain if isinstance(item, domains.Typed) and item.kind == "privacy_loss")
        alphabet: dict = {o: (k,) for o, k in sizes.items()}
        for item in domain:
            if not isinstance(item, domains.Typed):
                continue
            if item.kind in ("channel", "ldp_channel"):
                alphabet.setdefault(item.objects[0], (item.params.get("k"), item.params.get("l")))
            elif item.kind in ("dp_outcomes", "zcdp_moments"):
                for o in item.objects:
                    alphabet.setdefault(o, (item.params["k"],))
            elif isinstance(item, domains._LossMoment):  # P, Q, Z on 1..k (rows × 1..k for a family)
                rows = item.params["rows"]
                for o in item.objects:
                    alphabet.setdefault(o, (item.params["k"],) if rows is None else (rows, item.params["k"]))
        pushed = frozenset(item.objects for item in domain if isinstance(item, domains.Typed) and item.kind == "pushed_loss")
        for w, _, _, kern in pushed:  # the pushed loss lives on the channel's outputs
            if alphabet.get(w, (None,))[0] is None:
                alphabet[w] = (alphabet.get(kern, (None, None))[1],)
        for item in domain:  # the loss lives on its law's alphabet (or the points 1..k it names)
            if isinstance(item, domains.Typed) and item.kind == "privacy_loss":
                z, p, q = item.objects
                k = item.params.get("k")
                for o in ((z,) if k is None else (z, p, q)):
                    if alphabet.get(o, (None,))[0] is None:
                        alphabet[o] = (k if k is not None else sizes.get(p),)
        indexed = tuple(item for item in domain if isinstance(item, domains.Typed) and (
            item.kind in ("dp_outcomes", "zcdp_moments", "privacy_loss", *_LAWS)))
        return cls(kept + extra, list(declared), frozenset(known), laws, objects, sizes, ldp, channels,
                   nonnegative=_kept_nonnegative([c for r in rels for c in _and_args(r)]), losses=losses,
                   alphabet=alphabet, indexed=indexed,
                   moments=tuple(item for item in domain if isinstance(item, domains._LossMoment)), pushed_losses=pushed)

    @property
    def names(self) -> set[str]:
        """The names of every variable the domain speaks of: its parameters and its typed items' objects
        (a goal variable of one of these names is the domain's, never an auxiliary one)."""
        return {str(s) for s in self.declared} | set(self.objects) | {str(o) for o in self.laws}

    @property
    def parameters(self) -> set[str]:
        """The names of the domain's real and integer parameters (its relations' symbols, declared
        symbols), its typed objects aside."""
        return {str(s) for s in self.declared} - self.objects

    def entails(self, atom: sympy.Basic, rows: frozenset = frozenset()) -> bool:
        """Does a typed item of the domain state `atom` by its meaning? A law's terms are ≥ 0 and sum
        to 1 over its alphabet 1..k (k as the item states it); a channel's entries are ≥ 0, and a row
        K[x, ·] sums to 1 over the l outputs (K[x, y] = K(y|x), x an input: only at an index x of `rows`,
        the indices of enclosing ``Every`` whose range :meth:`within` placed inside the inputs 1..k); an
        (ε, 0)-LDP channel's entries in one column are within the factor e^ε; Z the privacy loss of P
        with respect to Q: P[j] = e^{Z[j]}·Q[j] (matched literally)."""
        if isinstance(atom, sympy.And):
            return all(self.entails(a, rows) for a in atom.args)
        if any(item.states(atom) for item in self.moments):
            return True
        if isinstance(atom, Every):
            inner = rows | {atom.limits[0]}
            return self.within(atom) and all(self.entails(c, inner) for c in _and_args(atom.condition))
        if not isinstance(atom, Relational):
            return False
        lhs, rhs = (atom.rhs, atom.lhs) if isinstance(atom, (sympy.LessThan, sympy.StrictLessThan)) else (atom.lhs, atom.rhs)
        big, small = (atom.rhs, atom.lhs) if isinstance(atom, sympy.LessThan) else (
            (atom.lhs, atom.rhs) if isinstance(atom, sympy.GreaterThan) else (None, None))
        if big is not None and small == 0 and isinstance(big, sympy.Indexed):  # P[j] ≥ 0
            return str(big.base) in self.laws | self.channels
        if isinstance(atom, sympy.Eq):
            if any(self._loss(p, other) or self._pushed(p, other, rows) for p, other in ((lhs, rhs), (rhs, lhs))):
                return True
            for total, one in ((lhs, rhs), (rhs, lhs)):
                if one == 1 and isinstance(total, sympy.Sum) and len(total.limits) == 1:
                    (v, lo, hi), term = total.limits[0], total.function
                    size = self.law_sizes.get(str(getattr(term, "base", "")))
                    if (isinstance(term, sympy.Indexed) and term.indices == (v,) and lo == 1 and size is not None
                            and key(hi) == key(size)):
                        return True
                    if self._row(term, v, lo, hi, rows):
                        return True
            return False
        if big is not None and isinstance(small, sympy.Indexed) and str(small.base) in self.ldp:
            eps = self.ldp[str(small.base)]
            other = big / sympy.exp(eps)
            return (isinstance(other, sympy.Indexed) and other.base == small.base and len(small.indices) == 2
                    and len(other.indices) == 2 and key(other.indices[1]) == key(small.indices[1]))
        return False

    def _row(self, term: sympy.Basic, v: sympy.Symbol, lo: sympy.Basic, hi: sympy.Basic, rows: frozenset) -> bool:
        """Is Σ_{v=lo}^{hi} term a channel's row K[x, v] summed over all its outputs 1..l (x in `rows`)?"""
        if not (isinstance(term, sympy.Indexed) and str(term.base) in self.channels and len(term.indices) == 2):
            return False
        x, y = term.indices
        sizes = self.alphabet.get(str(term.base), (None, None))
        return (x in rows and y == v and x != v and lo == 1 and len(sizes) == 2 and sizes[1] is not None
                and key(hi) == key(sizes[1]))

    def within(self, atom: Every) -> bool:
        """Does the range of ``Every(c, (j, lo, hi))`` lie inside the alphabet of every typed object whose term c indexes
        by j? Each such term must have j alone at an index position whose size the domain states (k), and the domain must
        imply hi < lo (an empty range) or 1 ≤ lo ∧ hi ≤ k (literally lo = 1, hi = k, or by z3). A term with j inside
        another index expression (j + 1, y[j]) cannot be placed: refused. A premise over 1..k + 1 about a law on 1..k
        says something of a term the law does not have: never entailed by the law."""
        j, lo, hi = atom.limits
        needs = []
        for term in atom.condition.atoms(sympy.Indexed):
            if str(term.base) not in self.objects or not term.has(j):
                continue
            sizes = self.alphabet.get(str(term.base))
            if sizes is None or len(sizes) != len(term.indices):
                return False
            for index, size in zip(term.indices, sizes):
                if not index.has(j):
                    continue
                if index != j or size is None:
                    return False
                if not (lo == 1 and key(hi) == key(size)):
                    needs.append(sympy.Or(sympy.StrictLessThan(hi, lo), sympy.And(sympy.GreaterThan(lo, 1), sympy.LessThan(hi, size))))
        if not needs:
            return True
        if (_names(sympy.Tuple(lo, hi)) - self.parameters) or j in sympy.Tuple(lo, hi).free_symbols:
            return False
        return _implied(self, [Requirement(sympy.And(*needs), "the range inside the alphabet")])[0] is True

    def at(self, j: sympy.Symbol) -> list[sympy.Basic]:
        """The relations the typed items state at an index j of their alphabet: a law's term ≥ 0; an (ε, 0)-pair's
        P_j ≤ e^ε Q_j and Q_j ≤ e^ε P_j (pure DP at the singleton event {j}); a privacy loss's P_j = e^{Z_j}·Q_j; the
        relations of DPOutcomes and ZCDPMoments (their ``at``)."""
        out = []
        for item in self.indexed:
            if item.kind == "privacy_loss":
                z, p, q = (sympy.IndexedBase(o) for o in item.objects)
                out.append(sympy.Eq(p[j], sympy.exp(z[j]) * q[j]))
            elif item.kind in _LAWS:
                out += [sympy.GreaterThan(sympy.IndexedBase(o)[j], 0) for o in item.objects]
                eps = item.params.get("eps")
                if item.kind == "dp_pair" and item.params.get("delta") == 0 and eps is not None:
                    p, q = (sympy.IndexedBase(o) for o in item.objects)
                    out += [sympy.LessThan(p[j], sympy.exp(eps) * q[j]), sympy.LessThan(q[j], sympy.exp(eps) * p[j])]
            else:
                out += item.at(j)
        return out

    def every_holds(self, atom: Every, shared: frozenset = frozenset()) -> bool:
        """Is ``Every(c, (j, lo, hi))`` true of every object of the domain, for some values of the statement's own
        sequences (∀ objects ∃ own: the goal then says something of every object)? Read at a generic index j of the
        range (:meth:`within`: inside every object's alphabet): each object's term X[j] a fresh real, universally
        quantified and bound only by what the typed items state at j (:meth:`at`); each own sequence's term u[j] a fresh
        real chosen per index (its terms at different indices are different variables, so choosing them index by index
        is choosing the sequence). Sound only when the own sequences occur nowhere else among the goal's premises
        (`shared`: their values there could conflict) and only at index j; a non-polynomial subterm of an own term
        cannot be read as a free value (refused). z3 decides ∀ params, objects (D, the facts at j) ∃ own: c."""
        import z3

        from .decide import _z3_real, condition_to_z3

        j, lo, hi = atom.limits
        cond = atom.condition
        if cond.has(sympy.Sum, sympy.Product, sympy.Integral, Every) or not self.within(atom):
            return False
        subs, own = {}, []
        for term in cond.atoms(sympy.Indexed):
            name = str(term.base)
            if term.indices != (j,):
                return False
            if name in self.alphabet:
                subs[term] = sympy.Symbol(f"{name}__at", real=True)
            elif name in self.names or name in shared:
                return False
            else:
                own.append(sympy.Symbol(f"{name}__own", real=True))
                subs[term] = own[-1]
        body = cond.xreplace(subs)
        facts_at = []
        for f in self.at(j):  # the items' sequences by name (a goal's P may carry a sign assumption, the item's not)
            terms = f.atoms(sympy.Indexed)
            # a fact holds at j only inside the alphabets of all its sequences (a loss on 1..K says nothing of P_j, j > K)
            if all(t.indices == (j,) and str(t.base) in self.alphabet for t in terms) and self.within(Every(f, atom.limits)):
                facts_at.append(f.xreplace({t: sympy.Symbol(f"{t.base}__at", real=True) for t in terms}))
        if j in body.free_symbols or any(j in f.free_symbols for f in facts_at):
            return False
        names: dict = {}
        abstraction = Abstraction(self)
        try:
            given = [condition_to_z3(abstraction.condition(r), names) for r in [*self.relations, *self.proved, *facts_at]]
            wanted = condition_to_z3(abstraction.condition(body), names)
            known = [condition_to_z3(f, names) for f in abstraction.facts()]
        except ParameterError:
            return False
        owned = {str(v) for v in own}
        if any(_names(e) & owned for _, e in abstraction.atoms.values()):
            return False
        given += _declared_constraints(self.declared, names, integers=False)
        solver = z3.Solver()
        solver.set("rlimit", INHABITED_RLIMIT)
        variables = [_z3_real(v, names) for v in own]
        solver.add(*given, *known, z3.ForAll(variables, z3.Not(wanted)) if variables else z3.Not(wanted))
        verdict = solver.check()
        STATS["rlimit"] = max(STATS["rlimit"], _rlimit(solver))
        return verdict == z3.unsat

    def _pushed(self, left: sympy.Basic, right: sympy.Basic, rows: frozenset) -> bool:
        """Is left = right the relation Σ_x P[x]·K[x, y] = e^{W[y]}·Σ_x Q[x]·K[x, y] of an item "W is the privacy loss of
        K(P) with respect to K(Q)" (:class:`~symdp.verify.domains.PushedLoss`) at an output y of `rows` (an enclosing
        Every's index that :meth:`within` placed inside K's outputs), each sum over K's inputs 1..k, P and Q laws on
        those k points, K a channel of the domain?"""
        if not isinstance(right, sympy.Mul) or len(right.args) != 2:
            return False
        e = next((f for f in right.args if isinstance(f, sympy.exp)), None)
        total = next((f for f in right.args if isinstance(f, sympy.Sum)), None)
        if e is None or total is None or not isinstance(left, sympy.Sum) or not isinstance(e.args[0], sympy.Indexed):
            return False
        w = e.args[0]
        if len(w.indices) != 1 or w.indices[0] not in rows:
            return False
        y = w.indices[0]

        def pushed(s: sympy.Sum) -> tuple | None:  # (P, K) of Σ_{x=1}^{k} P[x]·K[x, y] over K's inputs
            if len(s.limits) != 1 or not isinstance(s.function, sympy.Mul) or len(s.function.args) != 2:
                return None
            x, lo, hi = s.limits[0]
            law = next((f for f in s.function.args if isinstance(f, sympy.Indexed) and f.indices == (x,)), None)
            kern = next((f for f in s.function.args if isinstance(f, sympy.Indexed) and f.indices == (x, y)), None)
            if law is None or kern is None or lo != 1 or str(kern.base) not in self.channels:
                return None
            k = self.alphabet.get(str(kern.base), (None, None))[0]
            if k is None or key(hi) != key(k) or self.law_sizes.get(str(law.base)) is None \
                    or key(self.law_sizes[str(law.base)]) != key(k):
                return None
            return str(law.base), str(kern.base)

        a, b = pushed(left), pushed(total)
        return (a is not None and b is not None and a[1] == b[1]
                and (str(w.base), a[0], b[0], a[1]) in self.pushed_losses)

    def _loss(self, p: sympy.Basic, other: sympy.Basic) -> bool:
        """Is p = other the relation P[j] = e^{Z[j]}·Q[j] of an item "Z is the privacy loss of P with respect
        to Q" (:class:`~symdp.verify.domains.PrivacyLoss`): the same names in their places, one index j?"""
        if not (isinstance(p, sympy.Indexed) and len(p.indices) == 1 and isinstance(other, sympy.Mul)
                and len(other.args) == 2):
            return False
        q = next((f for f in other.args if isinstance(f, sympy.Indexed)), None)
        e = next((f for f in other.args if isinstance(f, sympy.exp)), None)
        if q is None or e is None or not isinstance(e.args[0], sympy.Indexed):
            return False
        z = e.args[0]
        return (q.indices == p.indices and z.indices == p.indices
                and (str(z.base), str(p.base), str(q.base)) in self.losses)


def _range_key(term: sympy.Indexed, index: sympy.Symbol, lo: sympy.Basic, hi: sympy.Basic) -> tuple:
    """A sequence term over a range, its bound index renamed (Σ_i X[i] and Every(X[j] ≥ 0, j) match)."""
    bound = sympy.Symbol("bound__index")
    return str(term.base), key(sympy.Tuple(*term.indices).xreplace({index: bound})), key(lo), key(hi)


def _kept_nonnegative(rels: Sequence[sympy.Basic]) -> frozenset:
    """The sequence terms X[j] that a relation ``Every(c, (j, lo, hi))`` of D keeps ≥ 0: c ∧ X[j] < 0 is
    unsatisfiable (z3, with c's other subterms as free variables: sound). Keys (:func:`_range_key`)
    for :meth:`Abstraction._sign`, which matches a sum's index and range to them."""
    import z3

    from .decide import condition_to_z3

    found = set()
    for r in rels:
        if not isinstance(r, Every):
            continue
        j, lo, hi = r.limits
        for term in r.condition.atoms(sympy.Indexed):
            if j not in term.indices:
                continue
            abstraction, names = Abstraction(), {}
            try:
                cond = condition_to_z3(abstraction.condition(sympy.And(r.condition, sympy.StrictLessThan(term, 0))), names)
            except ParameterError:
                continue
            solver = z3.Solver()
            solver.set("timeout", Z3_TIMEOUT_MS)
            solver.add(cond, *[condition_to_z3(f, names) for f in abstraction.facts()])
            if solver.check() == z3.unsat:
                found.add(_range_key(term, j, lo, hi))
    return frozenset(found)


def _subterms(expr: sympy.Basic) -> set[str]:
    """The keys of `expr`'s subterms (not inside a sum, product or integral: a term there is
    defined only at the bound index's values; not inside a case split's branches: a branch is
    evaluated only where its condition selects it)."""
    found = set()
    if isinstance(expr, sympy.Expr) and not expr.is_Rational and not isinstance(expr, sympy.Symbol):
        found.add(key(expr))
    if isinstance(expr, sympy.Piecewise):  # a branch is evaluated only where its condition selects it: only the
        for _, cond in expr.args:           # conditions' terms are defined wherever the case split is
            found |= _subterms(cond)
    elif not getattr(expr, "bound_symbols", None):
        for arg in expr.args:
            found |= _subterms(arg)
    return found


def _conjuncts(rels: Iterable[sympy.Basic]) -> list[sympy.Basic]:
    return [c for r in rels for c in _and_args(r) if isinstance(c, Relational)]


def _has_atoms(cond: sympy.Basic) -> bool:
    a = Abstraction()
    a.condition(cond)
    return bool(a.atoms)


def requirements(goal, kind: str | None, premises: Premises, dens: Densities | None = None) -> list[Requirement]:
    """What `goal` (a :class:`~symdp.verify.goals.Goal`) needs of the domain (module docstring):
    each hypothesis (and the definedness of its expressions), the definedness of the conclusion
    unless its certificate `kind` proves it, and its variables' assumptions. Raises
    :class:`Undecided` where a definedness is not expressible."""
    out = []
    for h in goal.hypotheses:
        read = [_hypothesis(c, premises, dens) for c in _and_args(h)]
        out.append(Requirement(sympy.And(*read, *condition_defined(h, premises.known, dens)), f"the hypothesis {_show(h)}"))
    if kind not in PROVES_DEFINED:
        need = condition_defined(goal.conclusion, premises.known, dens)
        if need:
            what = "both sides" if isinstance(goal.conclusion, sympy.Eq) else "the conclusion's expressions"
            out.append(Requirement(sympy.And(*need), f"{what} defined: " + " ∧ ".join(_show(c) for c in need)))
    return out


def _hypothesis(c: sympy.Basic, premises: Premises, dens: Densities | None) -> sympy.Basic:
    """What the domain must imply for a conjunct c of a hypothesis (a positive position, never under a Not): c itself,
    except that ``Integrable(f, (x, μ))`` holds where E_μ f is defined (known on D, or by :func:`_expect_defined`'s
    sufficient rule), ``Converges(T)`` where T is known defined on D (a relation of D, or a covered convergence goal,
    contains it), and E_μ p[x] = 1 for p a law of the domain read as its density against μ (:func:`densities`: μ
    dominates the laws and p = dP/dμ, so E_μ p = P(whole space) = 1)."""
    if isinstance(c, Integrable):
        expectation = Expect(c.function, c.limits)
        if key(expectation) in premises.known or key(c) in premises.known:
            return sympy.true
        return sympy.And(*_expect_defined(expectation, premises.known, dens))
    if type(c).__name__ == "Converges" and isinstance(c, Boolean) and len(c.args) == 1 and key(c.args[0]) in premises.known:
        return sympy.true
    if dens is not None and isinstance(c, sympy.Eq):
        for side, one in ((c.lhs, c.rhs), (c.rhs, c.lhs)):
            if one == 1 and isinstance(side, Expect):
                body, (x, law) = side.function, side.limits
                if (str(law) == dens.law and isinstance(body, sympy.Indexed) and body.indices == (x,)
                        and str(body.base) in dens.names):
                    return sympy.true
    return c


def antecedents(conclusion: sympy.Basic) -> tuple[list[sympy.Basic], list[sympy.Basic]]:
    """(premises, disjuncts) a conclusion states inside itself. A ⇒ C written ¬A ∨ C (the kernel's
    formulas have no Implies) or ``Implies(A, C)`` is the goal ∀ v: H ∧ A ⇒ C, so A restricts the
    goal as H does: `premises` are the conjuncts of each such A (nested conclusions read too).
    sympy writes ¬(x > 0) as x ≤ 0, so a relational disjunct d of a disjunction is the premise ¬d of
    the others: `disjuncts` lists those of the innermost disjunction with two or more that are not
    negations; :func:`check` requires the domain to refute the ones over its own parameters only,
    unless every disjunct is such a relation (then the disjunction is a relation of the parameters,
    not a premise; a disjunction about the statement's objects is the statement itself)."""
    if isinstance(conclusion, sympy.Implies):
        inner, escapes = antecedents(conclusion.args[1])
        return _and_args(conclusion.args[0]) + inner, escapes
    if not isinstance(conclusion, sympy.Or):
        return [], []
    found, escapes = [], []
    rest = [a for a in conclusion.args if not isinstance(a, sympy.Not)]
    for a in conclusion.args:
        if isinstance(a, sympy.Not):
            found += _and_args(a.args[0])
    if len(rest) == 1:
        inner, escapes = antecedents(rest[0])
        found += inner
    else:
        escapes = rest
    return list(dict.fromkeys(found)), escapes


def _and_args(cond: sympy.Basic) -> list[sympy.Basic]:
    return [c for a in sympy.And.make_args(cond) for c in (_and_args(a) if isinstance(a, sympy.And) else [a])]


def _names(expr: sympy.Basic) -> set[str]:
    """The names of the variables `expr` speaks of (a sequence by its name, not its terms)."""
    return {str(s) for s in expr.free_symbols if not isinstance(s, sympy.Indexed)}


@dataclass
class _Premises:
    """A goal's premises inside its conclusion (:func:`antecedents`), sorted by what they speak of."""

    required: list  # Requirements: premises (and refuted escapes) over the domain's parameters only
    objects: list  # premises about objects the domain names only by typed items (a law P, a channel Q)
    bound: list  # premises about variables the statement itself quantifies (a test u, a point t)


def _sort_premises(goal, premises: Premises, dens: Densities | None = None) -> _Premises:
    """The premises inside the goal's conclusion, each conjunct of it read on its own (a premise hidden in one
    conjunct, ``(A ⇒ C) ∧ R``, restricts the goal as one of the whole conclusion does), a biconditional's two
    directions left out (:func:`_statement_parts`)."""
    params, found = premises.parameters, _Premises([], [], [])
    parts = _statement_parts(goal.conclusion)
    everywhere = [a for part in parts for a in antecedents(part)[0]]
    for part in parts:
        inside, escapes = antecedents(part)
        _sort_part(goal, premises, dens, found, everywhere, inside, escapes)
    return found


def _statement_parts(conclusion: sympy.Basic) -> list[sympy.Basic]:
    """The conclusion's conjuncts, without the pairs that are the two directions of a biconditional: (¬A ∨ B) ∧
    (¬B ∨ A) (or A ⇒ B ∧ B ⇒ A) states A ⇔ B, a statement about every point and every object (either both hold or
    neither), not a premise that restricts the goal to the objects where A holds; its sides are the statement's,
    which a person reads beside the paper's "if and only if" as for any goal."""
    conjuncts = _and_args(conclusion)
    paired: set = set()
    for n, c1 in enumerate(conjuncts):
        for c2 in conjuncts[n + 1:]:
            if c1 not in paired and c2 not in paired and _converse(c1, c2):
                paired |= {c1, c2}
    return [c for c in conjuncts if c not in paired]


def _converse(c1: sympy.Basic, c2: sympy.Basic) -> bool:
    """Is c1 = (A ⇒ B) and c2 = (B ⇒ A) for some A, B (each written ¬A ∨ B, or with Implies)?"""
    def arrow(c: sympy.Basic) -> list[tuple]:
        if isinstance(c, sympy.Implies):
            return [(c.args[0], c.args[1])]
        if isinstance(c, sympy.Or) and len(c.args) == 2:
            a, b = c.args
            return [(sympy.Not(a), b), (sympy.Not(b), a)]
        return []
    return any(x1 == y2 and y1 == x2 for x1, y1 in arrow(c1) for x2, y2 in arrow(c2))


def _sort_part(goal, premises: Premises, dens: Densities | None, found: _Premises, everywhere: list,
               inside: list, escapes: list) -> None:
    params = premises.parameters
    inside = [left for atom in inside for left in _unentailed(atom, everywhere, goal, premises)]
    for atom in inside:
        names = _names(atom)
        if names & premises.objects:
            found.objects.append(atom)
        elif names <= params:
            found.required.append(Requirement(sympy.And(atom, *condition_defined(atom, premises.known, dens)),
                                              f"the premise {_show(atom)} inside the conclusion"))
        else:
            found.bound.append(atom)
        if isinstance(atom, Every):  # a conjunct of its condition free of the index restricts like a premise
            index = {atom.limits[0]}
            for c in _and_args(atom.condition):
                if not (c.free_symbols & index) and _names(c) <= params and not (_names(c) & premises.objects):
                    found.required.append(Requirement(sympy.And(c, *condition_defined(c, premises.known, dens)),
                                                      f"the premise {_show(c)} (for every index) inside the conclusion"))
    over_params = [isinstance(d, Relational) and _names(d) <= params for d in escapes]
    if all(over_params):  # a disjunction of relations of the parameters alone is a relation, not a premise
        return
    for d, ours in zip(escapes, over_params):
        if ours:
            negated = d.negated
            found.required.append(Requirement(sympy.And(negated, *condition_defined(d, premises.known, dens)),
                                              f"the premise {_show(negated)} inside the conclusion (written {_show(d)} ∨ …)"))
    # the other disjuncts: one whose negation an item states is false on D (Σ P ≠ 1 for a law P); of
    # two or more left, those about the domain's typed objects are each the premise (their negation)
    # of the others, which no machine tells from a disjunction the paper states: read by a person
    # (a disjunction about the statement's own variables alone is the statement, shown whole)
    left = [d for d, ours in zip(escapes, over_params)
            if not ours and not (isinstance(d, Relational) and premises.entails(d.negated))]
    about = [d for d in left if _names(d) & premises.objects]
    own = [d for d in left if d not in about]
    if len(about) == 1 and own and all(isinstance(d, Relational) for d in own):
        # one disjunct about the objects and relations of the statement's own variables (t ≠ α − 1): read as
        # ∀: ¬own ⇒ statement when some values of its own variables satisfy the negations (with its other premises
        # about them) at every point of the domain: the goal then states the disjunct about the objects there. A
        # disjunction has other readings (Σ P ≠ 1 ∨ w² ≥ 0 is Σ P = 1 ⇒ w² ≥ 0): otherwise read as before
        negations = [d.negated for d in own]
        if _inhabited(goal, premises, found.bound + negations)[0] is True:
            found.bound += negations
            return
    if len(left) > 1:
        found.objects += [d.negated if isinstance(d, Relational) else sympy.Not(d) for d in left
                          if _names(d) & premises.objects]


def _sequences(conds: Iterable[sympy.Basic]) -> set[str]:
    return {str(t.base) for c in conds for t in c.atoms(sympy.Indexed)}


def _unentailed(atom: sympy.Basic, inside: Sequence[sympy.Basic], goal, premises: Premises) -> list[sympy.Basic]:
    """What is left of a premise inside the conclusion once the typed items' meaning is taken out: nothing when an item
    states it (:meth:`Premises.entails`) or, for ``Every(c, (j, lo, hi))``, when it holds of every object at every index
    of its range for some values of the statement's own sequences (:meth:`Premises.every_holds`); else ``Every(a ∧ b)``
    is ``Every(a) ∧ Every(b)``: each conjunct free of the own sequences that holds of every object is dropped, the others
    are kept together (their own sequences must be chosen jointly) as one Every over the same range."""
    if premises.entails(atom):
        return []
    if not isinstance(atom, Every):
        return [atom]
    others = [a for a in inside if a is not atom] + list(goal.hypotheses)
    shared = frozenset(_sequences(others))
    if premises.every_holds(atom, shared):
        return []
    named = premises.names
    everything = _and_args(atom.condition)
    conjuncts = [c for c in everything if not _definition(c, atom.limits[0], everything, shared, named)]
    if not conjuncts:
        return []
    if len(conjuncts) < len(everything):
        rest = Every(sympy.And(*conjuncts), atom.limits)
        if premises.entails(rest) or premises.every_holds(rest, shared):
            return []
        atom = rest
    if len(conjuncts) < 2:
        return [atom]
    kept = [c for c in conjuncts if _sequences([c]) - named or not (
        premises.entails(Every(c, atom.limits)) or premises.every_holds(Every(c, atom.limits), shared))]
    if len(kept) == len(conjuncts):
        return [atom]
    if not kept:
        return []
    rest = Every(sympy.And(*kept), atom.limits)
    return [] if premises.every_holds(rest, shared) else [rest]


def _definition(c: sympy.Basic, j: sympy.Symbol, conjuncts: Sequence[sympy.Basic], shared: frozenset, named: set) -> bool:
    """Is the conjunct c of ``Every(…, (j, lo, hi))`` a definition u[j] = E of a sequence u of the statement's own, which
    some u satisfies whatever the rest says? u is named by neither the domain nor another premise or hypothesis
    (`shared`) nor another conjunct, E is free of u and of every own sequence and defined at every point (its
    definedness is no condition at all, j free): then u[j] := E(j) for each j of the range satisfies c, and choosing it
    constrains nothing else the goal's premises say."""
    if not isinstance(c, sympy.Eq):
        return False
    for u, e in ((c.lhs, c.rhs), (c.rhs, c.lhs)):
        if not (isinstance(u, sympy.Indexed) and u.indices == (j,)):
            continue
        name = str(u.base)
        if name in named or name in shared or any(name in _sequences([d]) for d in conjuncts if d is not c):
            continue
        if name in _sequences([e]) | _names(e) or _sequences([e]) - named:
            continue
        try:
            if not defined(e):
                return True
        except Undecided:
            continue
    return False


def check(goal, kind: str | None, premises: Premises) -> Outcome:
    """Does the domain (`premises`) imply everything `goal` needs of it (:func:`requirements`)?"""
    integers = {str(s) for s in premises.declared if s.is_integer}
    for v in goal.variables:
        if isinstance(v, Test):  # the statement's own test: its values in [0, 1] are its type, nothing of D's
            continue
        if isinstance(v, MarkovKernel):  # kernel7b: the statement's own Markov kernel, likewise (K[B, s] ∈ [0, 1])
            continue
        if isinstance(v, sympy.IndexedBase):
            restricted = _sequence_restriction(v, premises)
            if restricted is not None:
                return restricted
        elif isinstance(v, sympy.Symbol):
            extra = _other_assumptions(v)
            if extra:
                return Outcome(None, f"undecided: {v}'s assumption that it is {', '.join(extra)}")
    clash = sorted(str(s) for s in [*goal.variables, *premises.declared] if str(s).endswith(EACH))
    if clash:  # the generic points of binders (:func:`_each`) must be read for every value, not matched with these
        return Outcome(None, f"undecided: {clash[0]} is named like the generic point of a binder (…{EACH})")
    needs = []
    for v in goal.variables:
        if isinstance(v, sympy.Symbol):
            signs = _signs(v)
            if signs:
                needs.append(Requirement(sympy.And(*signs), f"{v}'s assumption {' ∧ '.join(map(_show, signs))}"))
            if v.is_integer and v.name not in integers:
                needs.append(Requirement(sympy.true, f"{v}'s assumption {v} ∈ ℤ", sympy.Symbol(v.name, real=True)))
    try:
        dens = densities(goal, premises)
        needs += requirements(goal, kind, premises, dens)
        inside = _sort_premises(goal, premises, dens)
    except Undecided as err:
        return Outcome(None, f"undecided: {err}")
    needs += inside.required
    if not needs:
        return _read_inside(goal, premises, inside, "the goal has no hypotheses and needs nothing of the domain")
    verdict, point = _implied(premises, needs)
    if verdict is True:
        return _read_inside(goal, premises, inside, "z3: the proof's domain implies every hypothesis"
                            + (" and every premise inside the conclusion over its parameters" if inside.required else ""))
    # name the first requirement (assumptions, hypotheses, definedness) not implied by the domain and
    # the ones before it (which it implies: adding them changes nothing but the point shown)
    for i, r in enumerate(needs):
        one, where = _implied(premises, [r], needs[:i])
        if one is not True:
            outcome = Outcome(one, f"{r.name} fails at a point of the proof's domain: {where}" if one is False
                              else f"undecided: {r.name} ({where})")
            break
    else:
        outcome = Outcome(None, f"undecided: the hypotheses together ({point})")
    return _unlinked(goal, needs, premises, outcome)


def _read_inside(goal, premises: Premises, inside: _Premises, why: str) -> Outcome:
    """The outcome of a goal whose requirements are implied, given the premises inside its conclusion
    that speak of other variables than the domain's parameters. Premises about the statement's own
    variables (a test u ∈ [0, 1]) restrict nothing of the domain when some value of those variables
    satisfies them at every point of it (:func:`_inhabited`): the goal says something everywhere. Where
    that is refuted the goal is vacuous at a point of the domain (not covered); where it is undecided,
    and for premises about objects the domain names only by typed items (a law's masses sum to 1, a
    channel's rows are ε-close: the items' meaning, or the "if" of the paper's statement), no machine
    ties them to the domain: the outcome names them (`antecedents`), for a person to read beside the
    paper's words."""
    unread = list(inside.objects)
    if inside.bound:
        verdict, where = _inhabited(goal, premises, inside.bound)
        if verdict is False:
            return Outcome(False, "no value of the statement's own variables satisfies the premises "
                                  + " ∧ ".join(_show(a) for a in inside.bound)
                                  + f" inside the conclusion (the goal says nothing there) at a point of the proof's domain: {where}")
        if verdict is None:
            unread += inside.bound
            why += f"; whether the premises about the statement's own variables hold somewhere at every point: {where}"
        else:
            why += "; z3: the premises about the statement's own variables hold for some of their values at every point"
    if not unread:
        return Outcome(True, why)
    shown = tuple(_show(a) for a in unread)
    return Outcome(True, why + "; premises inside the conclusion read by a person, not tied to the domain by a machine: "
                   + "; ".join(shown), antecedents=shown)


def _inhabited(goal, premises: Premises, atoms: Sequence[sympy.Basic]) -> tuple[bool | None, str]:
    """Is ∀ p ∈ D ∃ w: atoms(p, w) valid, w the goal's variables the domain does not name (with their
    assumptions)? z3, after abstraction of the subterms over D's parameters only (their values are
    left free: sound); a subterm that involves w (a sum over a sequence w, a quantified condition)
    cannot be abstracted without inventing values for it: undecided."""
    import z3

    from .decide import _z3_real, condition_to_z3

    params = premises.parameters
    names: dict = {}
    abstraction = Abstraction(premises)
    atoms, generic = _generic(atoms, params | premises.objects)
    try:
        given = [condition_to_z3(abstraction.condition(r), names) for r in [*premises.relations, *premises.proved]]
        wanted = [condition_to_z3(abstraction.condition(a), names) for a in atoms]
        facts = [condition_to_z3(f, names) for f in abstraction.facts()]
    except ParameterError as err:
        return None, f"z3 cannot read it: {err}"
    inner = [_show(e) for _, e in abstraction.atoms.values() if _names(e) - params]
    if inner:
        return None, "undecided: " + ", ".join(inner) + " would be read as free values"
    given += _declared_constraints(premises.declared, names, integers=False)
    free = [v for v in [*goal.variables, *generic] if isinstance(v, sympy.Symbol) and v.name not in params]
    own = [_z3_real(v, names) for v in free]
    own_signs = [condition_to_z3(c, names) for v in free for c in _signs(v)]
    own_signs += [z3.IsInt(_z3_real(v, names)) for v in free if v.is_integer]
    body = z3.And(*own_signs, *wanted)
    solver = z3.Solver()
    # a quantified query can take long: bounded by z3's resource count, the same on a busy machine
    # as on an idle one (a wall-clock limit would make the grade depend on the load)
    solver.set("rlimit", INHABITED_RLIMIT)
    solver.add(*given, *facts, z3.ForAll(own, z3.Not(body)) if own else z3.Not(body))
    verdict = solver.check()
    STATS["rlimit"] = max(STATS["rlimit"], _rlimit(solver))
    if verdict == z3.unsat:
        return True, ""
    if verdict == z3.sat:
        model = solver.model()
        shown = {str(v): z for v, z in names.items() if not str(v).startswith("atom__") and str(v) in params}
        point = ", ".join(f"{v} = {model.eval(z, model_completion=True)}" for v, z in sorted(shown.items())) or "any"
        if abstraction.atoms:
            return None, "undecided: z3 finds a point once " + ", ".join(_show(e) for _, e in abstraction.atoms.values()) \
                + f" are read as free values: {point}"
        return False, point
    return None, f"undecided: z3: {solver.reason_unknown()}"


def _generic(atoms: Sequence[sympy.Basic], named: set[str]) -> tuple[list[sympy.Basic], list[sympy.Symbol]]:
    """The atoms with each ``Every(c, (j, lo, hi))`` whose sequences are all the statement's own and
    indexed by j alone (u[j] ∈ [0, 1]) read at a generic index: c with each u[j] a fresh real u__j.
    The terms at different indices are different variables, so some values satisfy the Every iff
    some values satisfy c (for every j, or none when the range is empty): the same question for
    :func:`_inhabited`. Returns (atoms, the fresh reals)."""
    out, fresh = [], []
    for a in atoms:
        if isinstance(a, Every):
            j = a.limits[0]
            terms = a.condition.atoms(sympy.Indexed)
            if terms and all(t.indices == (j,) and str(t.base) not in named for t in terms):
                # one variable per sequence (not per index name): two Everys over u read at i and at j
                # must choose the same u (a stronger question: sound)
                subs = {t: sympy.Symbol(f"{t.base}__gen", real=True) for t in terms}
                body = a.condition.xreplace(subs)
                if j not in body.free_symbols and not (_names(a.limits[1]) | _names(a.limits[2])) - named:
                    out.append(body)
                    fresh += list(subs.values())
                    continue
        out.append(a)
    return out, fresh


def _rlimit(solver) -> int:
    stats = solver.statistics()
    return int(stats.get_key_value("rlimit count")) if "rlimit count" in stats.keys() else 0


def _declared_constraints(declared: Sequence[sympy.Symbol], names: dict, integers: bool) -> list:
    """z3 constraints of the domain's declared symbols' assumptions (integrality only when `integers`)."""
    import z3

    from .decide import _z3_real

    out = []
    for s in declared:
        z = _z3_real(s, names)
        for test, make in ((s.is_positive, lambda: z > 0), (s.is_negative, lambda: z < 0),
                           (s.is_nonnegative, lambda: z >= 0), (s.is_nonpositive, lambda: z <= 0),
                           (integers and s.is_integer, lambda: z3.IsInt(z))):
            if test:
                out.append(make())
    return out


def _unlinked(goal, needs: Sequence[Requirement], premises: Premises, outcome: Outcome) -> Outcome:
    """`outcome` marked with the goal's variables that D does not name, when the requirements on D's
    own variables are implied and only those on the others fail (:class:`Outcome`)."""
    named = premises.names
    free = [str(v) for v in goal.variables if str(v) not in named]
    if not free:
        return outcome
    linked = [r for r in needs if not ({str(s) for s in r.condition.free_symbols} & set(free))
              and (r.integer is None or str(r.integer) not in free)]
    if linked and _implied(premises, linked)[0] is not True:
        return outcome
    return Outcome(outcome.covered, outcome.why, tuple(free))


def _sequence_restriction(v: sympy.IndexedBase, premises: Premises) -> Outcome | None:
    """None when the domain says what a goal's sequence variable assumes of its terms (nothing; or
    nonnegative terms of a probability law of a typed item), else why not: not covered when no
    relation of the domain mentions the sequence (its terms are then free), undecided otherwise."""
    flags = [name for name in ("positive", "negative", "nonpositive", "nonzero", "integer", "zero")
             if getattr(v, f"is_{name}")]
    if not flags and (not v.is_nonnegative or str(v.label) in premises.laws):
        return None
    said = flags or ["nonnegative"]
    why = (f"the goal's sequence {v} has {' and '.join(said)} terms, which the proof's domain does not say"
           + ("" if flags else f" ({v} is no probability law of a typed item)"))
    mentioned = any(str(v.label) in {str(s) for s in r.free_symbols} for r in premises.relations)
    return Outcome(None, f"undecided: {why}") if mentioned else Outcome(False, why)


#: Properties a symbol's assumptions may fix that no relation here expresses (beyond its sign and integrality).
_OTHER = ("real", "rational", "irrational", "algebraic", "transcendental", "even", "odd", "prime", "composite", "zero",
          "integer")


def _other_assumptions(v: sympy.Symbol) -> list[str]:
    """What `v`'s assumptions say beyond a sign and integrality (rational, even, non-integer, …),
    found by comparing it with a real symbol carrying only those."""
    handled = {k: True for k in ("positive", "negative", "nonnegative", "nonpositive", "nonzero", "integer")
               if getattr(v, f"is_{k}")}
    plain = sympy.Symbol(v.name, real=True, **handled)
    return [("not " if getattr(v, f"is_{k}") is False else "") + k for k in _OTHER
            if getattr(v, f"is_{k}") is not None and getattr(v, f"is_{k}") != getattr(plain, f"is_{k}")]


def _signs(v: sympy.Symbol) -> list[sympy.Basic]:
    """A goal variable's sign assumptions as relations on a plain symbol of its name."""
    plain = sympy.Symbol(v.name, real=True)
    out = []
    if v.is_positive:
        out.append(sympy.StrictGreaterThan(plain, 0))
    elif v.is_nonnegative:
        out.append(sympy.GreaterThan(plain, 0))
    if v.is_negative:
        out.append(sympy.StrictLessThan(plain, 0))
    elif v.is_nonpositive:
        out.append(sympy.LessThan(plain, 0))
    if not (v.is_positive or v.is_negative) and v.is_nonzero:
        out.append(sympy.Ne(plain, 0))
    return out


def _implied(premises: Premises, conclusions: Sequence[Requirement], given: Sequence[Requirement] = ()
             ) -> tuple[bool | None, str]:
    """(True, "") when the premises (and the requirements `given`, already shown implied by them)
    imply every conclusion (z3: unsat), (False, point) when z3 finds a counterexample, (None,
    reason) otherwise. Integrality of the domain's integers is first left out, then added if that
    does not settle it."""
    verdict, why = _z3(premises, conclusions, given, integers=False)
    if verdict is not True and any(s.is_integer for s in premises.declared):
        verdict, why = _z3(premises, conclusions, given, integers=True)
    return verdict, why


def _z3(premises: Premises, conclusions: Sequence[Requirement], given_too: Sequence[Requirement], integers: bool
        ) -> tuple[bool | None, str]:
    import z3

    from .decide import _z3_real, condition_to_z3

    names: dict = {}
    abstraction = Abstraction(premises)

    def translate(cond: sympy.Basic):
        return condition_to_z3(abstraction.condition(cond), names)

    try:
        given = [translate(r) for r in premises.relations] + [translate(c.condition) for c in given_too]
        given += [z3.IsInt(_z3_real(c.integer, names)) for c in given_too if c.integer is not None]
        wanted = [translate(c.condition) for c in conclusions]
        wanted += [z3.IsInt(_z3_real(c.integer, names)) for c in conclusions if c.integer is not None]
        facts = [condition_to_z3(f, names) for f in abstraction.facts()]
    except ParameterError as err:
        return None, f"z3 cannot read it: {err}"
    given += _declared_constraints(premises.declared, names, integers)
    solver = z3.Solver()
    solver.set("timeout", Z3_TIMEOUT_MS)
    solver.add(*given, *facts, z3.Not(z3.And(*wanted)))
    verdict = solver.check()
    if verdict == z3.unsat:
        return True, ""
    if verdict == z3.sat:
        model = solver.model()
        shown = {str(v): z for v, z in names.items() if not str(v).startswith("atom__")}
        point = ", ".join(f"{v} = {model.eval(z, model_completion=True)}" for v, z in sorted(shown.items())) or "any"
        if abstraction.atoms:  # the point gives the subterms values they may not take: no counterexample
            return None, ("z3 finds a point once " + ", ".join(_show(e) for _, e in abstraction.atoms.values())
                          + f" are read as free variables: {point}")
        return False, point
    return None, f"z3: {solver.reason_unknown()}"


def goals_covered(domain: Sequence | None, goals: Sequence[Mapping]) -> tuple[bool | None, str, list[dict]]:
    """(covered, note, per goal) for a proved claim: `domain` the proof's domain (domain items;
    None: not recorded), `goals` the report's statement goals (``{"digest", "text", "canonical",
    "kind"}``, :func:`~symdp.verify.facts.claim_goals`). `covered` is True when every goal's
    requirements are implied, False when one fails at a point of the domain, None when one is
    undecided or the domain or a goal is not recorded in machine-readable form. Per goal:
    ``{"digest", "covered", "why"}``."""
    from .goals import Goal

    if domain is None:
        return None, "the proof's domain is not recorded in machine-readable form", []
    if not goals:
        return None, "the proof records no goal", []
    premises = Premises.of(domain)
    read: list = []
    for g in goals:
        canonical = g.get("canonical")
        if not canonical:
            read.append((None, Outcome(None, "the goal is not recorded in canonical form")))
            continue
        try:
            parsed = Goal.from_json(canonical)
            read.append((parsed, check(parsed, g.get("kind"), premises)))
        except (ValueError, TypeError, ParameterError, RecursionError) as err:
            read.append((None, Outcome(None, f"the goal cannot be read: {err}")))
    # a goal covered on D whose whole conclusion states that terms converge (Converges(T), Integrable(f, (x, μ))) proves
    # them defined at every point of D: the other goals may use that definedness (:func:`_convergent`)
    shown = frozenset(k for parsed, outcome in read if parsed is not None and outcome.covered is True
                      and not outcome.antecedents for k in _convergent(parsed.conclusion, premises))
    if shown - premises.known:
        premises.known = premises.known | shown
        read = [(parsed, check(parsed, g.get("kind"), premises) if parsed is not None and outcome.covered is not True
                 else outcome) for g, (parsed, outcome) in zip(goals, read)]
    # a goal covered on D with nothing inside its conclusion proves its conclusion at every point of D:
    # where it is a relation of D's parameters, it may show the premises of another goal satisfiable
    facts = [c for parsed, outcome in read if parsed is not None and outcome.covered is True and not outcome.antecedents
             for c in _and_args(parsed.conclusion) if isinstance(c, Relational) and _names(c) <= premises.parameters]
    if facts and any(outcome.antecedents for _, outcome in read):
        premises.proved = facts
        read = [(parsed, check(parsed, g.get("kind"), premises) if outcome.antecedents else outcome)
                for g, (parsed, outcome) in zip(goals, read)]
    per_goal = []
    for g, (_, outcome) in zip(goals, read):
        per_goal.append({"digest": g.get("digest"), "covered": outcome.covered, "why": outcome.why,
                         "text": g.get("text", ""), "unlinked": list(outcome.unlinked),
                         "antecedents": list(outcome.antecedents)})
    failing = [p for p in per_goal if p["covered"] is not True]
    if not failing:
        return True, f"the proof's domain implies the hypotheses of all {len(per_goal)} goals", per_goal
    covered = False if any(p["covered"] is False for p in failing) else None
    shown = "; ".join(f"goal {_short(p['text'])}: {p['why']}" for p in failing[:3])
    more = f"; and {len(failing) - 3} more" if len(failing) > 3 else ""
    return covered, f"{len(failing)} of {len(per_goal)} goals do not cover the proof's domain: {shown}{more}", per_goal


def _convergent(conclusion: sympy.Basic, premises: Premises) -> list[str]:
    """The keys of the terms a conclusion's conjuncts state defined: ``Converges(T)`` (the kernel's proposition "T is
    a defined real number", T an improper integral or a limit) gives T, and ``Integrable(f, (x, μ))`` gives E_μ f. Both
    are propositions without definedness of their own (the kernel reads them as opaque truth values), so a proved goal
    ∀: H ⇒ Converges(T) ∧ R states T defined wherever H holds and R's expressions are defined. Only a goal covered on
    the domain lends them: its coverage already required R's expressions, a relation about T among them, defined there
    (so a rule that assumed T defined to prove the conjunct, as ``decide`` assumes its goal's expressions, lends nothing
    new)."""
    consequent = _consequent(conclusion, premises)
    found = []
    for a in _and_args(consequent):
        term = Expect(a.function, a.limits) if isinstance(a, Integrable) else (
            a.args[0] if type(a).__name__ == "Converges" and isinstance(a, Boolean) and len(a.args) == 1 else None)
        # behind premises (¬A ∨ C), C is shown only for the values of the statement's own variables that satisfy A:
        # lent only when the term speaks of the domain's variables alone
        if term is not None and (consequent is conclusion or _names(term) <= premises.names):
            found.append(key(term))
    return found


def _consequent(conclusion: sympy.Basic, premises: Premises) -> sympy.Basic:
    """C of a conclusion ¬A ∨ C (or A ⇒ C, nested; a disjunct d whose negation a typed item states, such as Σ P ≠ 1 for
    a law P, is such a ¬A): of a goal covered on the domain with no premise left to a person, every premise A holds at
    every point of the domain (entailed by its items, implied by its relations, or satisfied by some values of the
    statement's own variables), so C does there."""
    if isinstance(conclusion, sympy.Implies):
        return _consequent(conclusion.args[1], premises)
    if isinstance(conclusion, sympy.Or):
        rest = [a for a in conclusion.args if not isinstance(a, sympy.Not)
                and not (isinstance(a, Relational) and premises.entails(a.negated))]
        if len(rest) == 1 and len(rest) < len(conclusion.args):
            return _consequent(rest[0], premises)
    return conclusion


def _short(text: str, limit: int = 160) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[:limit] + "…"


def _kernel_value(f: sympy.Basic) -> bool:
    """K[B, s]: a Markov kernel's value (kernel7b) at an Event variable B and a real s: a real in [0, 1],
    defined wherever s is, measurable in s (s ↦ K(B|s) is, by the definition of a Markov kernel)."""
    return isinstance(f, sympy.Indexed) and isinstance(f.base, MarkovKernel) and len(f.indices) == 2 \
        and isinstance(f.indices[0], Event)
