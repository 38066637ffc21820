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

**How it is decided.** By z3, after *abstraction*: every subterm that is not a polynomial in the
variables (log x, e^ε, an undefined function f(x), a sum, a sequence term P[i]) becomes a fresh real
variable, the same subterm (its symbols matched by name) the same variable, and a Boolean that is
not a relation (``Every(...)``) a fresh 0/1 variable. An implication that holds for every value of
the fresh variables holds for the values the subterms take, so this is sound; it loses what the
subterm means, except a few facts that hold wherever it is defined (e^u > 0, e^u ≥ 1 + u, |u| ≥ 0,
cosh u ≥ 1, u·tanh u ≥ 0, |tanh u| ≤ min(|u|, 1), a non-integer power ≥ 0) and the definedness of the subterms D's own relations contain (a relation of
D holds on D, so it is defined there). A subterm whose definedness is not expressible (an undefined
function, an integral) is defined only where D's relations contain it; elsewhere the goal is
undecided. A relation of D under ``Not`` with such subterms is left out (fewer premises imply less).
An integer variable of the goal needs D to declare it an integer (``Integer("k", …)`` or a size) or
to imply it; D's integrality is first left out (the reals' question is easier, and an implication
over the reals holds over the integers), then added if z3 needs it. A sequence variable with a sign
(``IndexedBase("P", nonnegative=True)``) needs D to say its terms have that sign: P is one of the
probability laws of a typed item (:class:`~symdp.verify.domains.Laws`, ``SameSupport``, ``DPPair``).

Outcomes per goal: covered (z3: unsat), not covered (z3 finds a point of D where a requirement
fails: named with the point), undecided (z3 unknown, or a definedness that cannot be expressed).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

import sympy
from sympy.core.relational import Relational
from sympy.printing.repr import ReprPrinter

from ..errors import ParameterError
from . import domains
from .goals import _show

#: Certificate kinds whose replay proves the conclusion's expressions defined under the hypotheses
#: ("f is defined and ≥ 0"): their goals need no Def(C) from the domain.
PROVES_DEFINED = ("smtlib", "rational", "boxes", "monotone", "compactified")
#: Time limit (milliseconds) of one z3 query.
Z3_TIMEOUT_MS = 10000
#: Typed items whose objects are probability laws (their terms are nonnegative).
_LAWS = ("laws", "same_support", "dp_pair")

_TOTAL = (sympy.exp, sympy.sin, sympy.cos, sympy.tanh, sympy.sinh, sympy.cosh, sympy.atan, sympy.asinh, sympy.erf,
          sympy.erfc, sympy.Abs, sympy.Max, sympy.Min, sympy.sign)


class Undecided(Exception):
    """A definedness that cannot be expressed as relations (an undefined function, an integral)."""


# --------------------------------------------------------------------------------------------
# definedness


def defined(expr: sympy.Basic, known: frozenset = frozenset()) -> list[sympy.Basic]:
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
    if expr.is_number:
        real = expr.is_extended_real and expr.is_finite
        if real is None:
            raise Undecided(f"whether the number {expr} is real")
        return [] if real else [sympy.false]
    if isinstance(expr, sympy.Indexed):  # a sequence's term is a real at every integer index
        return _all(expr.indices, known)
    if isinstance(expr, (sympy.Add, sympy.Mul)) or isinstance(expr, _TOTAL):
        return _all(expr.args, known)
    if isinstance(expr, sympy.Pow):
        return _power(expr.base, expr.exp, known)
    if isinstance(expr, sympy.log) and len(expr.args) == 1:
        return [sympy.StrictGreaterThan(expr.args[0], 0)] + defined(expr.args[0], known)
    ranges = {sympy.atanh: (-1, 1, True), sympy.asin: (-1, 1, False), sympy.acos: (-1, 1, False),
              sympy.erfinv: (-1, 1, True), sympy.erfcinv: (0, 2, True)}
    if type(expr) in ranges and len(expr.args) == 1:
        lo, hi, strict = ranges[type(expr)]
        u, less = expr.args[0], sympy.StrictLessThan if strict else sympy.LessThan
        return [less(lo, u), less(u, hi)] + defined(u, known)
    if isinstance(expr, sympy.LambertW) and len(expr.args) == 1:
        return [sympy.GreaterThan(expr.args[0], -sympy.exp(-1))] + defined(expr.args[0], known)
    if isinstance(expr, sympy.factorial) and expr.args[0].is_integer:
        return [sympy.GreaterThan(expr.args[0], 0)] + defined(expr.args[0], known)
    if isinstance(expr, (sympy.Sum, sympy.Product)):
        index = {lim[0] for lim in expr.limits}
        # the terms' definedness for every index: what D makes defined is about its own (free)
        # symbols, not about a bound index that may share a name with one of them
        inner = defined(expr.function)
        if any(c.has(*index) for c in inner):
            raise Undecided(f"the definedness of every term of {expr}")
        return inner + _all([b for lim in expr.limits for b in lim[1:]], known)
    raise Undecided(f"the definedness of {expr}")


def _all(args: Iterable[sympy.Basic], known: frozenset) -> list[sympy.Basic]:
    return [c for a in args for c in defined(a, known)]


def _power(base: sympy.Expr, exp: sympy.Expr, known: frozenset) -> list[sympy.Basic]:
    inner = defined(base, known) + defined(exp, known)
    if base is sympy.E or (base.is_number and base.is_positive):
        return inner
    if exp.is_integer:
        return inner if exp.is_nonnegative else inner + [sympy.Ne(base, 0)]
    if exp.is_Rational:  # a root: the real root of a base ≥ 0 (> 0 when the exponent is negative)
        return inner + [sympy.GreaterThan(base, 0) if exp > 0 else sympy.StrictGreaterThan(base, 0)]
    return inner + [sympy.StrictGreaterThan(base, 0)]


def condition_defined(cond: sympy.Basic, known: frozenset = frozenset()) -> list[sympy.Basic]:
    """Def of every expression of a condition (a relation or And/Or/Not of them), each relation
    once, those sympy already decided true left out."""
    if isinstance(cond, Relational):
        found = defined(cond.lhs, known) + defined(cond.rhs, known)
    elif isinstance(cond, (sympy.And, sympy.Or, sympy.Not)):
        found = [c for a in cond.args for c in condition_defined(a, known)]
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

    def __init__(self) -> None:
        self.atoms: dict[str, tuple[sympy.Symbol, sympy.Basic]] = {}

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
        """What holds of each fresh variable wherever its subterm is defined."""
        out = []
        for z, expr in list(self.atoms.values()):
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
    parameters (an instantiation such as x := e^ε) is not recorded by a machine."""

    covered: bool | None
    why: str
    unlinked: tuple[str, ...] = ()


@dataclass
class Premises:
    """The proof's domain as premises: relations (with the definedness of what they contain),
    declared symbols (integers, sizes), the subterms they make defined, and the sequences typed
    items say are probability laws."""

    relations: list
    declared: list
    known: frozenset
    laws: frozenset

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
            try:  # a relation of D holds on D, so its expressions are defined there
                extra += condition_defined(rel)
            except Undecided:
                pass
        # a relation under Not with a subterm read as a fresh variable could be made false by that
        # variable's value: left out (fewer premises imply less)
        kept = [r for r in rels if not (r.has(sympy.Not) and _has_atoms(r))]
        laws = frozenset(o for item in domain if isinstance(item, domains.Typed) and item.kind in _LAWS
                         for o in item.objects)
        return cls(kept + extra, list(declared), frozenset(known), laws)


def _subterms(expr: sympy.Basic) -> set[str]:
    """The keys of `expr`'s subterms (not inside a sum, product or integral: a term there is
    defined only at the bound index's values)."""
    found = set()
    if isinstance(expr, sympy.Expr) and not expr.is_Rational and not isinstance(expr, sympy.Symbol):
        found.add(key(expr))
    if not getattr(expr, "bound_symbols", None):
        for arg in expr.args:
            found |= _subterms(arg)
    return found


def _conjuncts(rels: Iterable[sympy.Basic]) -> list[sympy.Basic]:
    out = []
    for r in rels:
        out += _conjuncts(r.args) if isinstance(r, sympy.And) else [r]
    return [r for r in out if isinstance(r, Relational)]


def _has_atoms(cond: sympy.Basic) -> bool:
    a = Abstraction()
    a.condition(cond)
    return bool(a.atoms)


def requirements(goal, kind: str | None, premises: Premises) -> list[Requirement]:
    """What `goal` (a :class:`~symdp.verify.goals.Goal`) needs of the domain (module docstring):
    each hypothesis (and the definedness of its expressions), the definedness of the conclusion
    unless its certificate `kind` proves it, and its variables' assumptions. Raises
    :class:`Undecided` where a definedness is not expressible."""
    out = []
    for h in goal.hypotheses:
        out.append(Requirement(sympy.And(h, *condition_defined(h, premises.known)), f"the hypothesis {_show(h)}"))
    if kind not in PROVES_DEFINED:
        need = condition_defined(goal.conclusion, premises.known)
        if need:
            what = "both sides" if isinstance(goal.conclusion, sympy.Eq) else "the conclusion's expressions"
            out.append(Requirement(sympy.And(*need), f"{what} defined: " + " ∧ ".join(_show(c) for c in need)))
    return out


def check(goal, kind: str | None, premises: Premises) -> Outcome:
    """Does the domain (`premises`) imply everything `goal` needs of it (:func:`requirements`)?"""
    integers = {str(s) for s in premises.declared if s.is_integer}
    for v in goal.variables:
        if isinstance(v, sympy.IndexedBase):
            restricted = _sequence_restriction(v, premises)
            if restricted is not None:
                return restricted
        elif isinstance(v, sympy.Symbol):
            extra = _other_assumptions(v)
            if extra:
                return Outcome(None, f"undecided: {v}'s assumption that it is {', '.join(extra)}")
    needs = []
    for v in goal.variables:
        if isinstance(v, sympy.Symbol):
            signs = _signs(v)
            if signs:
                needs.append(Requirement(sympy.And(*signs), f"{v}'s assumption {' ∧ '.join(map(_show, signs))}"))
            if v.is_integer and v.name not in integers:
                needs.append(Requirement(sympy.true, f"{v}'s assumption {v} ∈ ℤ", sympy.Symbol(v.name, real=True)))
    try:
        needs += requirements(goal, kind, premises)
    except Undecided as err:
        return Outcome(None, f"undecided: {err}")
    if not needs:
        return Outcome(True, "the goal has no hypotheses and needs nothing of the domain")
    verdict, point = _implied(premises, needs)
    if verdict is True:
        return Outcome(True, "z3: the proof's domain implies every hypothesis")
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


def _unlinked(goal, needs: Sequence[Requirement], premises: Premises, outcome: Outcome) -> Outcome:
    """`outcome` marked with the goal's variables that D does not name, when the requirements on D's
    own variables are implied and only those on the others fail (:class:`Outcome`)."""
    named = {str(s) for s in premises.declared} | {str(o) for o in premises.laws}
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
    abstraction = Abstraction()

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
    for s in premises.declared:
        z = _z3_real(s, names)
        for test, make in ((s.is_positive, lambda: z > 0), (s.is_negative, lambda: z < 0),
                           (s.is_nonnegative, lambda: z >= 0), (s.is_nonpositive, lambda: z <= 0),
                           (integers and s.is_integer, lambda: z3.IsInt(z))):
            if test:
                given.append(make())
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
    per_goal = []
    for g in goals:
        canonical = g.get("canonical")
        if not canonical:
            outcome = Outcome(None, "the goal is not recorded in canonical form")
        else:
            try:
                outcome = check(Goal.from_json(canonical), g.get("kind"), premises)
            except (ValueError, TypeError, ParameterError, RecursionError) as err:
                outcome = Outcome(None, f"the goal cannot be read: {err}")
        per_goal.append({"digest": g.get("digest"), "covered": outcome.covered, "why": outcome.why,
                         "text": g.get("text", ""), "unlinked": list(outcome.unlinked)})
    failing = [p for p in per_goal if p["covered"] is not True]
    if not failing:
        return True, f"the proof's domain implies the hypotheses of all {len(per_goal)} goals", per_goal
    covered = False if any(p["covered"] is False for p in failing) else None
    shown = "; ".join(f"goal {_short(p['text'])}: {p['why']}" for p in failing[:3])
    more = f"; and {len(failing) - 3} more" if len(failing) > 3 else ""
    return covered, f"{len(failing)} of {len(per_goal)} goals do not cover the proof's domain: {shown}{more}", per_goal


def _short(text: str, limit: int = 160) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[:limit] + "…"
