"""Replay of kernel steps (certificates of kind ``rule``, written by :mod:`symdp.verify.kernel`).

The re-checker calls :func:`replay` for every certificate of kind ``"rule"`` (docs/trust-chain.md,
"Certificates"). This module shares no code with the kernel: from the premises' recorded goals
(looked up by digest among the certified goals of this claim or of a claim it uses) and the
step's parameters it rebuilds, with its own reading of each rule, the conclusion the rule allows
and the side conditions it needs, and compares them with the certificate:

decide
    premises over the goal's variables; side: Def(goal) ∧ H ∧ ∧ᵢ(Def(Pᵢ) ⇒ (Hᵢ ⇒ Cᵢ)) ⇒ C.
instantiate
    conclusion = the premise's at the substitution; side: H' ⇒ H[σ], each value in its variable's
    domain (sign decided, integrality by form), H[σ] and the values defined, and the domains of the
    terms sympy's evaluation removed while substituting (each changed node rebuilt unevaluated, the
    parts a sum, product or connective dropped, an integer power's base; one the conclusion mentions
    needs none). A substitution whose evaluation folds a deciding node (a relation whose sides differ by
    a closed irrational term, Abs, Max, Min, non-integer power, …) numerically disagrees.
apply
    each support's conclusion is a hypothesis of the main premise (as written); the conclusion is the
    main one under its other hypotheses and the supports'; side: the discharged hypotheses are defined.
rewrite
    the premise with the equation's left side replaced by its right (or back) everywhere, under the
    equation's hypotheses too; side: the replaced side is defined, and so are the terms evaluation
    removed while rewriting (as for instantiate).
chain
    equal middle terms, the strongest relation (< if any link is strict), the union of the
    hypotheses; side: the middle terms are defined.
combine
    the conjunction of the conclusions under the union of the hypotheses and the recorded extra ones.
sum, integrate, sup, inf
    the premise ranges over lo ≤ index ≤ hi; conclusion Σ, ∫, Sup or Inf over that range (Every of
    the index-dependent hypotheses for a sum; integrands continuous by their form and a bounded
    interval for an integral; a bound free of the index for a supremum or infimum); side: the
    terms defined on the range.
member
    f(at) ≤ Sup(f, (t, lo, hi)) (≥ for Inf) under lo ≤ at ≤ hi, ``at`` an integer by its form for
    an integer index and not captured by an index of f; no side condition.
sup, inf, member over a class (``Sup(f, (v,))``, v a Law, Test or Event)
    the recorded class is the variable's kind; the premise holds for every v (no hypothesis
    mentions it) with a bound free of v. A member is a Law (laws), a Test or Event variable (an
    Event for the events), or (x, w): every v[s] in f read as w at x = s, x a plain real not free
    in the goal, no variable of w captured; side: under the hypotheses, for every x, w is defined
    and in [0, 1] ({0, 1} for the events).
expect-as
    E_P f R E_P g under the premise's hypotheses free of the index and E_P[1_H] = 1, H the
    conjunction of those that mention it (the premise holds almost surely); no side condition.
equally-integrable
    Integrable(f) ⇔ Integrable(g) from ∀ x: H ⇒ f = g (H free of x); side: f is defined exactly
    where g is.
expect
    the premise f R g holds for every value of the index (no hypothesis mentions it); conclusion
    E_P f R E_P g (``Expect``) under the premise's hypotheses; no side condition.
integrable
    Integrable(f) under Integrable(uₖ) for the parts uₖ of f's linear split (re-derived here) and
    the recorded hypotheses (free of the index); side: the hypotheses and the parts defined give
    f and each coefficient defined.
swap
    Σ over two ranges, neither mentioning the other index, equals the sum with the ranges the
    other way round (Fubini for finite sums).
induction
    the premises are exactly the base (the goal at n = n0) and the step (n ≥ n0 ∧ H(n+1) ∧ (H ⇒ C)
    ⇒ C(n+1)); side: definedness at n + 1 gives it at n.
limit
    f ≤ f(n+1) and f ≤ c (c free of n) for n ≥ n0 under the same hypotheses; conclusion
    lim f ≤ c; side: f defined for n ≥ n0.
rename
    the same binder with its bound index renamed to a new symbol of the same kind (α-conversion).
increasing, tangent, ftc, mean-value
    f differentiable by its form (+, ×, powers, exp, log, sin, cos, tanh, sinh, cosh, atan, asinh,
    erf, erfc of x); its derivatives derived here by the sum, product and chain rules; the
    conclusion f(lo) ≤ f(hi) (< when strict), the tangent line at ``at``, ∫ f' = f(hi) − f(lo) (f'
    continuous by its form) or |f(hi) − f(lo)| ≤ M(hi − lo); side: on [lo, hi] under the
    hypotheses, f and the derivatives defined and f' ≥ 0 (> 0), f'' ≥ 0, or −M ≤ f' ≤ M.
continuity
    Limit(f, x, x0) = f(x0) for f continuous by its form, x a plain real variable, x0 finite.
unfold, linear
    the definition of a finite Sum, Product or Every (last term peeled, or a constant range written
    out), and linearity of a finite sum or of an expectation (both sides expanded in the ring of
    polynomials; a constant's expectation is itself).

domain of a supremum (kernel7b)
    Sup/Inf of a body with an empty domain, bounded by its form by a bound free of the index (tests'
    and Markov kernels' values in [0, 1]; +, ×, |·|, max, min, case splits, positive integer powers,
    e^·, suprema of such): over a class, defined everywhere; over a real interval of a plain real
    index, where the finite ends are defined and lo ≤ hi (both finite). Any other: no written domain.
member at a point mass (kernel7b, ``"member": "dirac"``)
    a Sup (Inf) over the laws P: every Expect(g, (s, P)) read as g(point) (point a real term free of
    binders, laws and tests and not captured; s plain; P in f only as an expectation's law, not bound
    again, not nested); side: under the hypotheses, g's domain at s = point and g(point)'s domain.
member at the empty event (kernel7b, ``"member": "empty"``)
    a Sup (Inf) over the events B: every B[t] and every Markov kernel value K[B, t] read as 0, B then
    absent; no side. A Markov kernel's value K[B, s] (B an Event) is kept as a fact K[B, s] ≤ 1,
    bounded by its form, and measurable in s (a Borel part only through its input).
sup-converges, inf-converges (kernel7b)
    Converges(Sup(f, (v,))) under the premise's hypotheses from ∀ v: H ⇒ f ≤ c (H, c free of v; ≥
    for Inf) and the recorded member (a class variable, or a point mass for the laws); side: under H
    and the supports, f at the member and c defined. A Sup/Inf not defined by its form has the
    domain {Converges(itself)}.

A side condition is recorded as an ``smtlib`` certificate of the *abstracted* formula: the rule's
side formula with each recorded subterm replaced by its fresh variable (``Eq(β, 1)`` for an
``Every`` or ``Integrable``), plus the facts the abstraction may keep (Max, Min and Abs characterised; signs that
hold by the subterm's form; a two-branch Piecewise read by its cases; a test's value ≤ 1, an event's in {0, 1}). The replay rebuilds that formula from the recorded map and compares,
checks each fresh variable is new and claims no more sign than its subterm has, then replays the
certificate itself through ``context.replay`` (z3 and cvc5 in fresh processes). A rule this module
does not know is refused (disagrees): no schema, no replay.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import math
from typing import Callable, Iterable, Mapping, Sequence

import sympy
from sympy.core.relational import Relational
from sympy.logic.boolalg import BooleanFunction

from .context import RuleContext
from .parsing import parse_expression
from .terms import Converges, Event, Every, Expect, Inf, Integrable, Law, Sup, Test
from .terms import MarkovKernel
from .verdicts import Disagrees, Inconclusive

#: Longest constant range an ``unfold`` certificate may write out.
MAX_UNFOLD = 64
#: Most terms a ``linear`` certificate's sides may expand to before the replay declines (inconclusive).
MAX_TERMS = 20000
_CONTINUOUS = (sympy.exp, sympy.sin, sympy.cos, sympy.tanh, sympy.sinh, sympy.cosh, sympy.atan, sympy.asinh,
               sympy.erf, sympy.erfc, sympy.Abs, sympy.Max, sympy.Min)
_BINDING = (sympy.Sum, sympy.Product, sympy.Integral, Every, Sup, Inf, Expect, Integrable)
#: The propositions the abstraction reads as fresh truth values.
_PROPOSITIONS = (Every, Integrable, Converges)


class _Goal:
    """A goal read from its canonical form: variables (a set), hypotheses (a set), conclusion."""

    def __init__(self, canonical: Mapping) -> None:
        if canonical.get("format") != 1:
            raise Disagrees(f"goal format {canonical.get('format')!r} is not 1")
        self.canonical = canonical
        self.variables = {parse_expression(v) for v in canonical["variables"]}
        self.hypotheses = [parse_expression(h) for h in canonical["hypotheses"]]
        self.conclusion = parse_expression(canonical["conclusion"])

    @property
    def parts(self) -> list:
        return [*self.hypotheses, self.conclusion]


def _digest(canonical: Mapping) -> str:
    text = json.dumps(canonical, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return "sha256:" + hashlib.sha256(text.encode()).hexdigest()


# --------------------------------------------------------------------------------------------
# reading terms (this checker's own)


def _variables(e: sympy.Basic) -> set:
    """Free symbols and sequences of `e` (bound indices excluded)."""
    if isinstance(e, sympy.Symbol) or isinstance(e, sympy.IndexedBase):
        return {e}
    if isinstance(e, sympy.Indexed):
        out = {e.base}
        for i in e.indices:
            out |= _variables(i)
        return out
    if isinstance(e, sympy.Limit):
        return (_variables(e.args[0]) - {e.args[1]}) | _variables(e.args[2])
    if isinstance(e, _BINDING):
        out = _variables(e.args[0])
        for limit in e.args[1:]:  # the ranges from the innermost out, each in the scope of the outer indices
            out -= {limit[0]}
            for end in limit[1:]:
                out |= _variables(end)
        return out
    out = set()
    for a in e.args:
        if isinstance(a, sympy.Basic):
            out |= _variables(a)
    return out


def _indices(e: sympy.Basic) -> set:
    here = {lim[0] for lim in e.args[1:]} if isinstance(e, _BINDING) else {e.args[1]} if isinstance(e, sympy.Limit) else set()
    for a in e.args:
        if isinstance(a, sympy.Basic):
            here |= _indices(a)
    return here


def _plain_index(v: object, integer: bool | None) -> bool:
    """A symbol a rule may range over: no assumption but integer (or real); None: either kind."""
    if not isinstance(v, sympy.Symbol):
        return False
    kinds = {True: [{"integer": True}], False: [{}, {"real": True}], None: [{}, {"real": True}, {"integer": True}]}
    return v.assumptions0 in [sympy.Symbol(v.name, **kind).assumptions0 for kind in kinds[integer]]


def _integral_form(e: sympy.Basic) -> bool:
    if isinstance(e, sympy.Integer):
        return True
    if isinstance(e, sympy.Symbol):
        return bool(e.is_integer)
    if isinstance(e, sympy.Pow):
        return bool(e.exp.is_Integer) and e.exp >= 0 and _integral_form(e.base)
    return isinstance(e, (sympy.Add, sympy.Mul)) and all(_integral_form(a) for a in e.args)


class _NoDomain(Exception):
    """Where a term is defined cannot be written down."""


def _domain(e: sympy.Basic) -> set:
    """Conditions for `e` to be defined; _NoDomain when they cannot be written."""
    if e in (sympy.true, sympy.false) or isinstance(e, (sympy.Symbol, sympy.IndexedBase, sympy.NumberSymbol)):
        return set()
    if e.is_Number:
        if e.is_finite and e.is_extended_real:
            return set()
        raise _NoDomain(str(e))
    out: set = set()
    if isinstance(e, sympy.Indexed):
        for i in e.indices:
            out |= _domain(i)
        return out
    if isinstance(e, Every):
        return _domain(e.args[1][1]) | _domain(e.args[1][2])
    if isinstance(e, (Integrable, Converges)):  # propositions: their terms' domains are not theirs
        return set()
    if _case_split(e) is not None:
        a, condition, b = _case_split(e)
        chosen = {sympy.Or(sympy.Not(condition), sympy.And(*_domain(a))), sympy.Or(condition, sympy.And(*_domain(b)))}
        return (_domain(condition) | chosen) - {sympy.true}
    if isinstance(e, Expect):
        return {Integrable(*e.args)}
    if isinstance(e, sympy.Pow):
        out = _domain(e.base) | _domain(e.exp)
        if not e.exp.is_Integer:
            out.add(sympy.Gt(e.base, 0) if (not e.exp.is_Rational or e.exp.is_negative) else sympy.Ge(e.base, 0))
        elif e.exp.is_negative:
            out.add(sympy.Ne(e.base, 0))
        return out
    if isinstance(e, sympy.log):
        if len(e.args) != 1:
            raise _NoDomain(str(e))
        return _domain(e.args[0]) | {sympy.Gt(e.args[0], 0)}
    if isinstance(e, (sympy.Sum, sympy.Product)):
        # ranges innermost first; each level's terms are the sums (products) over the levels inside
        body, terms = e.function, _domain(e.function) - {sympy.true}
        for level, (index, lo, hi) in enumerate(e.limits):
            if not (_integral_form(lo) and _integral_form(hi)):
                raise _NoDomain(str(e))
            # a reversed range reads by Karr's convention: −Σ over (hi, lo), or the reciprocal product
            reversed_terms = (terms | ({sympy.Ne(body, 0)} if isinstance(e, sympy.Product) else set())) - {sympy.true}
            level_domain = _domain(lo) | _domain(hi)
            if terms or reversed_terms:
                forward = Every(sympy.And(*sorted(terms, key=sympy.srepr)), (index, lo, hi)) if terms else sympy.true
                backward = Every(sympy.And(*sorted(reversed_terms, key=sympy.srepr)), (index, hi + 1, lo - 1)) \
                    if reversed_terms else sympy.true
                level_domain.add(sympy.Or(sympy.And(sympy.Le(lo, hi + 1), forward),
                                          sympy.And(sympy.Lt(hi + 1, lo), backward)))
            terms = level_domain - {sympy.true}
            body = type(e)(e.function, *e.limits[:level + 1])
        return terms
    if isinstance(e, sympy.binomial) and all(_integral_form(a) for a in e.args):
        # an integer for all integer arguments (0 below the range, the upper index extended to negatives)
        return _domain(e.args[0]) | _domain(e.args[1])
    if isinstance(e, sympy.Integral):
        if len(e.limits) != 1 or len(e.limits[0]) != 3:
            raise _NoDomain(str(e))
        index, lo, hi = e.limits[0]
        bounded = [end for end in (lo, hi) if end != sympy.oo and end != -sympy.oo]
        for end in bounded:
            out |= _domain(end)
        try:  # Riemann: continuous and everywhere defined over a bounded interval
            riemann = len(bounded) == 2 and _continuous(e.function, index) and not (_domain(e.function) - {sympy.true})
        except _NoDomain:
            riemann = False
        return out if riemann else out | {Converges(e)}
    if isinstance(e, sympy.Limit):
        point = e.args[2]
        return (set() if point == sympy.oo or point == -sympy.oo else _domain(point)) | {Converges(e)}
    if isinstance(e, (sympy.Add, sympy.Mul, Relational, BooleanFunction)) or e.func in _CONTINUOUS:
        for a in e.args:
            out |= _domain(a)
        return out
    if isinstance(e, (Sup, Inf)):  # kernel7b (K4): a supremum of a total body bounded by its form
        try:
            return _supremum_domain(e)
        except _NoDomain:  # kernel7b (K5): otherwise "it is a defined real number", a proposition
            return {Converges(e)}
    raise _NoDomain(str(e))


def _cut(e: sympy.Basic) -> list:
    """`e` cut into the terms whose domains are taken one by one."""
    if isinstance(e, (sympy.Add, sympy.Mul, Relational, BooleanFunction)):
        return [piece for a in e.args for piece in _cut(a)]
    return [e]


def _cut_all(parts: Iterable[sympy.Basic]) -> set:
    return {piece for p in parts for piece in _cut(p)}


def _known_domain(parts: Iterable[sympy.Basic]) -> set:
    out: set = set()
    for piece in _cut_all(parts):
        try:
            out |= _domain(piece)
        except _NoDomain:
            continue
    return out - {sympy.true}


def _domain_beyond(exprs: Iterable[sympy.Basic], goal_parts: Sequence[sympy.Basic]) -> set:
    """Domains of the terms of `exprs` that the goal does not mention; _NoDomain if one has none."""
    out: set = set()
    for piece in _cut_all(exprs) - _cut_all(goal_parts):
        try:
            out |= _domain(piece)
        except _NoDomain as err:
            raise Disagrees(f"a term that disappears has no written domain: {err}") from None
    return out - {sympy.true}


#: Heads whose evaluation is exact algebra (this checker's list): +, ×, connectives, containers, binders.
_ALGEBRA = (sympy.Add, sympy.Mul, sympy.And, sympy.Or, sympy.Not, sympy.Equivalent, sympy.Piecewise, sympy.Tuple,
            sympy.Indexed, sympy.Limit, Converges, *_BINDING)
#: Heads that join parts (this checker's list): the parts they drop on evaluation must be defined.
_PARTS = (sympy.Add, sympy.Mul, sympy.And, sympy.Or, sympy.Not, sympy.Equivalent)
_UNREAL = (sympy.I, sympy.zoo, sympy.nan, sympy.oo, -sympy.oo)
#: Functions that fold only by identities on real arguments; a fold that leaves the reals is refused.
_IDENTITIES = (sympy.exp, sympy.log, sympy.sin, sympy.cos, sympy.tanh, sympy.sinh, sympy.cosh, sympy.atan,
               sympy.asinh, sympy.erf, sympy.erfc)


def _irrational_constant(e: sympy.Basic) -> bool:
    """Some closed subterm of `e` is a number sympy can compare only by evalf (not a rational)."""
    stack = [e]
    while stack:
        t = stack.pop()
        if isinstance(t, sympy.Expr) and not isinstance(t, (sympy.Symbol, sympy.Indexed, sympy.IndexedBase)) \
                and not t.is_Rational and not _variables(t):
            return True
        stack.extend(a for a in t.args if isinstance(a, sympy.Basic))
    return False


def _substituted(e: sympy.Basic, rule: Mapping, lost: list | None = None) -> sympy.Basic:
    """`e` with `rule` applied as xreplace does; Disagrees where sympy's evaluation of a rebuilt node is a numeric
    decision (a relation, Abs, Max, Min, a non-integer power … folded with a closed irrational argument). With
    `lost`: each node evaluation changed, rebuilt unevaluated (for +, ×, ∧, ∨, ¬, ⇔: each part that vanished),
    is appended to it."""
    def rebuild(node: sympy.Basic) -> sympy.Basic:
        if node in rule:
            return rule[node]
        if not node.args:
            return node
        args = tuple(rebuild(a) if isinstance(a, sympy.Basic) else a for a in node.args)
        if args == node.args:
            return node
        made = node.func(*args)
        try:
            if isinstance(node, _PARTS):
                if lost is not None:
                    lost.extend(_cut_all([a for a in args if isinstance(a, sympy.Basic)]) - set(_cut(made)))
                return made
            if isinstance(node, _ALGEBRA) or isinstance(node, sympy.core.function.AppliedUndef):
                return made
            if isinstance(node, _IDENTITIES) and any(made.has(z) and not node.has(z) for z in _UNREAL):
                raise Disagrees(f"a substitution makes {node} leave the reals: {made}")
            with sympy.evaluate(False):
                plain = node.func(*args)
            if made != plain:
                integer_power = isinstance(node, sympy.Pow) and args[1].is_Integer
                if isinstance(node, Relational):  # decided by the difference of the sides
                    gap = args[0] - args[1]
                    decided = not gap.is_Rational and _irrational_constant(gap)
                else:
                    decided = not isinstance(node, _IDENTITIES) and not integer_power and \
                        any(_irrational_constant(a) for a in args if isinstance(a, sympy.Basic))
                if decided:
                    raise Disagrees(f"a substitution folds {plain} to {made} by a numeric decision")
                if lost is not None:  # an integer power: only its base may vanish (identities where the result is defined)
                    lost.append(args[0] if integer_power else plain)
        except _NoDomain as err:
            raise Disagrees(f"a substitution removes a term with no written domain: {err}") from None
        return made

    out = rebuild(e)
    if out != e.xreplace(rule):
        raise Disagrees(f"the substitution into {e} does not rebuild as xreplace does")
    return out


def _domain_at(parts: Iterable[sympy.Basic], rule: Mapping, goal_parts: Sequence[sympy.Basic] = ()) -> set:
    """The domains of what sympy's evaluation removed while substituting `rule` into `parts` (:func:`_substituted`),
    term by term; a term the goal mentions needs none, any other without a written domain disagrees."""
    lost: list = []
    for part in parts:
        _substituted(part, rule, lost)
    return _removed(lost, goal_parts) | _exponents_changed(parts, rule)


def _exponents_changed(parts: Iterable[sympy.Basic], rule: Mapping) -> set:
    """A power whose exponent (not an integer literal) the substitution changes keeps the premise's domain at the
    point (x**n needs x > 0; x**2 needs nothing): its domain, substituted. Inside a binder: disagrees."""
    out: set = set()
    for part in parts:
        for node in sympy.preorder_traversal(part):
            if isinstance(node, sympy.Pow) and not node.exp.is_Rational and node.exp.xreplace(rule).is_Rational:
                if _indices(part) & _variables(node):
                    raise Disagrees(f"a substitution changes the exponent of {node} inside a binder")
                try:
                    out |= {_substituted(c, rule) for c in _domain(node)}
                except _NoDomain as err:
                    raise Disagrees(f"a power with no written domain: {err}") from None
    return out - {sympy.true}


def _removed(terms: Iterable[sympy.Basic], goal_parts: Sequence[sympy.Basic]) -> set:
    present = _cut_all(goal_parts)
    out: set = set()
    for piece in _cut_all(terms) - present:
        try:
            out |= _domain(piece)
        except _NoDomain as err:
            raise Disagrees(f"a substitution removes a term with no written domain: {err}") from None
    return out - {sympy.true}


def _continuous(f: sympy.Basic, var: sympy.Symbol | None = None) -> bool:
    """Continuous where defined by its form; in `var` (when given) a term without `var` is a constant."""
    if (var is not None and var not in _variables(f)) or f.is_Number or isinstance(f, (sympy.Symbol, sympy.NumberSymbol)):
        return True
    return (isinstance(f, (sympy.Add, sympy.Mul, sympy.Pow, sympy.log)) or f.func in _CONTINUOUS) and \
        all(_continuous(a, var) for a in f.args)


def _link(rel: sympy.Basic) -> tuple[sympy.Basic, str, sympy.Basic]:
    """(left, relation, right) with the relation '=', '<=' or '<' (≥ and > read right to left)."""
    table = {sympy.Equality: ("=", False), sympy.LessThan: ("<=", False), sympy.StrictLessThan: ("<", False),
             sympy.GreaterThan: ("<=", True), sympy.StrictGreaterThan: ("<", True)}
    kind = table.get(type(rel))
    if kind is None:
        raise Disagrees(f"{rel} is not =, ≤, <, ≥ or >")
    return (rel.rhs, kind[0], rel.lhs) if kind[1] else (rel.lhs, kind[0], rel.rhs)


_REL = {"=": sympy.Eq, "<=": sympy.Le, "<": sympy.Lt}


def _without_range(hyps: Sequence[sympy.Basic], index: sympy.Symbol, lo: sympy.Basic, hi: sympy.Basic) -> tuple[list, list]:
    seen_lo = seen_hi = False
    others = []
    for h in hyps:
        link = _link(h) if type(h) in (sympy.LessThan, sympy.GreaterThan) else None
        if link and not seen_lo and link[0] == lo and link[2] == index:
            seen_lo = True
        elif link and not seen_hi and link[0] == index and link[2] == hi:
            seen_hi = True
        else:
            others.append(h)
    if not (seen_lo and seen_hi):
        raise Disagrees(f"the premise does not range over {lo} ≤ {index} ≤ {hi}")
    return [h for h in others if index not in _variables(h)], [h for h in others if index in _variables(h)]


# --------------------------------------------------------------------------------------------
# side conditions: the abstracted formula


def _sign_of(e: sympy.Basic) -> int:
    """2: every defined value of `e` is > 0, 1: ≥ 0, 0: unknown — this checker's reading of the form."""
    if isinstance(e, (sympy.Symbol, sympy.Indexed)):
        return 2 if e.is_positive is True else 1 if e.is_nonnegative is True else 0
    if not _variables(e) and not e.has(*_BINDING, sympy.Limit):
        return 2 if e.is_positive is True else 1 if e.is_nonnegative is True else 0
    if isinstance(e, sympy.exp):
        return 2
    if isinstance(e, sympy.Abs):
        return 1
    if isinstance(e, sympy.Pow):
        base, k = _sign_of(e.base), e.exp
        if not k.is_Integer:
            return 2 if base == 2 or not k.is_Rational else 1
        if k.is_even:
            return 2 if base == 2 or k.is_negative else 1
        if k.is_negative:
            return 2 if base else 0
        return base
    if isinstance(e, (sympy.Add, sympy.Mul)):
        return min(_sign_of(a) for a in e.args)
    if isinstance(e, sympy.Product) and len(e.limits) == 1:
        return _sign_of(e.function)
    return 0


def _case_split(term: sympy.Basic) -> tuple | None:
    """(a, c, b) for Piecewise((a, c), (b, True)) with c a relation; else None."""
    if isinstance(term, sympy.Piecewise) and len(term.args) == 2 and term.args[1].cond == sympy.true \
            and isinstance(term.args[0].cond, Relational):
        return term.args[0].expr, term.args[0].cond, term.args[1].expr
    return None


def _characterised(term: sympy.Basic, fresh: sympy.Symbol) -> list:
    split = _case_split(term)
    if split is not None:
        a, condition, b = split
        return [sympy.Or(sympy.Not(condition), sympy.Eq(fresh, a)), sympy.Or(condition, sympy.Eq(fresh, b))]
    if isinstance(term, sympy.Max):
        return [sympy.Ge(fresh, a) for a in term.args] + [sympy.Or(*(sympy.Eq(fresh, a) for a in term.args))]
    if isinstance(term, sympy.Min):
        return [sympy.Le(fresh, a) for a in term.args] + [sympy.Or(*(sympy.Eq(fresh, a) for a in term.args))]
    if isinstance(term, sympy.Abs):
        return [sympy.Or(sympy.Eq(fresh, term.args[0]), sympy.Eq(fresh, -term.args[0]))]
    if isinstance(term, sympy.Indexed) and isinstance(term.base, Test):  # a test's values lie in [0, 1]; an event's in {0, 1}
        return [sympy.Le(fresh, 1), *([sympy.Or(sympy.Eq(fresh, 0), sympy.Eq(fresh, 1))] if isinstance(term.base, Event) else [])]
    if _kernel_entry(term):  # kernel7b: K(B|s) is a probability
        return [sympy.Le(fresh, 1)]
    return []


def _guarded(term: sympy.Basic, facts: list) -> list:
    """Each fact of `term` as "`term` undefined, or the fact" (no fact where its domain is unwritten):
    a fact holds only where its term is defined."""
    if not facts:
        return []
    try:
        domain = _domain(term) - {sympy.true}
    except _NoDomain:
        return []
    return [sympy.Or(sympy.Not(sympy.And(*domain)), f) for f in facts] if domain else facts


def _compared(term: sympy.Basic) -> tuple[object, list]:
    """(what two atoms must share to be equal when their arguments are, the arguments): a
    function's head and arity, a sequence's base, a binder's body and index (its ends compared)."""
    if isinstance(term, (sympy.Sum, sympy.Product, sympy.Integral, Sup, Inf)):
        if len(term.args) != 2:
            return None, []
        if len(term.args[1]) == 1:  # over a class: nothing to compare but the body and the variable
            return (type(term), term.args[0], term.args[1][0]), []
        index, lo, hi = term.args[1]
        return (type(term), term.args[0], index), [lo, hi]
    if isinstance(term, sympy.Indexed):
        return ("Indexed", term.base, len(term.indices)), list(term.indices)
    if isinstance(term, (sympy.Symbol, sympy.Limit, Every, Expect, Integrable, Converges, sympy.Piecewise)):
        return None, []
    arguments = [a for a in term.args if isinstance(a, sympy.Expr)]
    return ((term.func, len(term.args)) if arguments else None), arguments


def _congruent(pairs: Sequence[tuple], replace: Mapping) -> set:
    """For two atoms with the same head: some argument differs, or the two are equal."""
    out = set()
    for (f1, t1), (f2, t2) in itertools.combinations(pairs, 2):
        (k1, args1), (k2, args2) = _compared(t1), _compared(t2)
        if k1 is None or k1 != k2:
            continue
        differ = [sympy.Ne(a.xreplace(replace), b.xreplace(replace)) for a, b in zip(args1, args2) if a != b]
        out.add(sympy.Or(*differ, sympy.Eq(f1, f2)))
    return out


def _connectives(c: sympy.Basic) -> sympy.Basic:
    """Equivalent(a, b, …) as And of (¬a ∨ b) ∧ (a ∨ ¬b) for consecutive pairs, the rest rebuilt."""
    if isinstance(c, sympy.Equivalent):
        args = [_connectives(a) for a in c.args]
        pairs = []
        for left, right in zip(args, args[1:]):
            pairs.append(sympy.And(sympy.Or(sympy.Not(left), right), sympy.Or(left, sympy.Not(right))))
        return sympy.And(*pairs)
    if isinstance(c, (sympy.And, sympy.Or, sympy.Not)):
        return c.func(*map(_connectives, c.args))
    return c


def _check_side(side: Mapping, hyps: Sequence[sympy.Basic], conclusion: sympy.Basic, context: RuleContext) -> str:
    """The recorded side certificate is the abstraction of ∀: hyps ⇒ conclusion, and it replays."""
    if side.get("kind") != "smtlib":
        raise Disagrees(f"a side condition is recorded as {side.get('kind')!r}, not an SMT-LIB decision")
    if _digest(side["goal"]) != side.get("digest"):
        raise Disagrees("a side condition's digest does not match its goal")
    recorded = _Goal(side["goal"])
    pairs = [(parse_expression(f), parse_expression(t)) for f, t in side.get("abstraction", [])]
    names_before = {str(s) for p in (*hyps, conclusion) for s in p.free_symbols}
    fresh_seen: set = set()
    replace, kept = {}, []
    for fresh, term in pairs:
        if not isinstance(fresh, sympy.Symbol) or str(fresh) in names_before or str(fresh) in fresh_seen:
            raise Disagrees(f"the abstraction's variable {fresh} is not fresh")
        fresh_seen.add(str(fresh))
        if fresh.is_real is not True or fresh.is_integer or fresh.is_negative or fresh.is_nonpositive:
            raise Disagrees(f"the abstraction's variable {fresh} must be a real that claims no more than a sign")
        if isinstance(term, _PROPOSITIONS):
            if fresh.is_nonnegative is not None:
                raise Disagrees(f"a proposition's variable claims a sign: {fresh}")
            replace[term] = sympy.Eq(fresh, 1)
        elif isinstance(term, (Relational, BooleanFunction)):
            raise Disagrees(f"only Every, Integrable and Converges are abstracted as propositions, got {term}")
        else:
            need = 2 if fresh.is_positive else 1 if fresh.is_nonnegative else 0
            if need > _sign_of(term):
                raise Disagrees(f"the abstraction claims a sign for {term} it does not have by its form")
            replace[term] = fresh
            kept += _guarded(term, _characterised(term, fresh))
    want_hyps = {_connectives(h.xreplace(replace)) for h in hyps} | {f.xreplace(replace) for f in kept}
    want_hyps |= _congruent([(f, t) for f, t in pairs if not isinstance(t, _PROPOSITIONS)], replace)
    want_hyps -= {sympy.true}
    want_conclusion = _connectives(conclusion.xreplace(replace))
    if set(recorded.hypotheses) != want_hyps or recorded.conclusion != want_conclusion:
        raise Disagrees("the side condition is not the rule's, abstracted as recorded")
    if recorded.variables != _free_of(recorded.parts):
        raise Disagrees("the side condition does not quantify exactly its free variables")
    return context.replay(side)


def _sides(cert: Mapping, wanted: Sequence[tuple[Sequence[sympy.Basic], sympy.Basic]], context: RuleContext) -> list:
    wanted = [(h, c) for h, c in wanted if c is not sympy.true]
    recorded = list(cert.get("side", []))
    if len(recorded) != len(wanted):
        raise Disagrees(f"the rule needs {len(wanted)} side condition(s), the certificate has {len(recorded)}")
    return [_check_side(side, h, c, context) for side, (h, c) in zip(recorded, wanted)]


def _same(goal: _Goal, conclusion: sympy.Basic, hypotheses: Iterable[sympy.Basic]) -> None:
    """The certificate's goal is this conclusion under these hypotheses, over its own variables."""
    hyps = set(hypotheses) - {sympy.true}
    if goal.conclusion != conclusion or set(goal.hypotheses) != hyps:
        raise Disagrees("the conclusion is not what the rule gives from its premises")
    free = _free_of([conclusion, *hyps])
    if goal.variables != free:
        raise Disagrees("the conclusion's variables are not the free variables of its statement")
    if free & set().union(*(_indices(p) for p in goal.parts)):
        raise Disagrees("a variable of the conclusion is also a bound index")


def _free_of(parts: Iterable[sympy.Basic]) -> set:
    return set().union(*(_variables(p) for p in parts))


# --------------------------------------------------------------------------------------------
# the rules


def _decide(goal: _Goal, premises: list, params: Mapping, cert: Mapping, context: RuleContext) -> list:
    formulas = []
    for p in premises:
        if not p.variables <= goal.variables:
            raise Disagrees("a premise has variables the conclusion does not")
        domain = _domain_beyond(p.parts, goal.parts)
        formulas.append(sympy.Or(sympy.Not(sympy.And(*domain, *p.hypotheses)), p.conclusion))
    _same(goal, goal.conclusion, goal.hypotheses)
    return _sides(cert, [([*_known_domain(goal.parts), *goal.hypotheses, *formulas], goal.conclusion)], context)


def _instantiate(goal: _Goal, premises: list, params: Mapping, cert: Mapping, context: RuleContext) -> list:
    (p,) = premises
    sigma = {parse_expression(v): parse_expression(x) for v, x in params["substitution"]}
    bound = set().union(*(_indices(q) for q in p.parts))
    conditions = set()
    for v, value in sigma.items():
        if v not in p.variables or not isinstance(v, sympy.Symbol) or v in bound or _variables(value) & bound:
            raise Disagrees(f"{v} is not a free variable of the premise, or {value} would be captured by a bound index")
        if v.is_integer and not _integral_form(value):
            raise Disagrees(f"{v} is an integer variable but {value} is not integer-valued by its form")
        if isinstance(v, Law) is not isinstance(value, Law):
            raise Disagrees(f"{v} := {value} puts a number for a law or a law for a number")
        for sign, rel in (("positive", sympy.Gt), ("nonnegative", sympy.Ge), ("negative", sympy.Lt),
                          ("nonpositive", sympy.Le)):
            if getattr(v, f"is_{sign}"):
                conditions.add(rel(value, 0))
                break
    old = [_substituted(h, sigma) for h in p.hypotheses]
    _same(goal, _substituted(p.conclusion, sigma), goal.hypotheses)
    needed = set(old) | conditions | _domain_beyond([*old, *sigma.values()], goal.parts) | _domain_at(p.parts, sigma, goal.parts)
    return _sides(cert, [([*_known_domain(goal.parts), *goal.hypotheses], sympy.And(*needed))], context)


def _apply(goal: _Goal, premises: list, params: Mapping, cert: Mapping, context: RuleContext) -> list:
    if len(premises) < 2:
        raise Disagrees("modus ponens needs the main premise and at least one support")
    main, supports = premises[0], premises[1:]
    discharged = [p.conclusion for p in supports]
    if any(c not in main.hypotheses for c in discharged):
        raise Disagrees("a support's conclusion is not a hypothesis of the main premise")
    rest = [h for h in main.hypotheses if h not in discharged]
    _same(goal, main.conclusion, [*rest, *(h for p in supports for h in p.hypotheses)])
    needed = _domain_beyond(discharged, goal.parts)
    return _sides(cert, [([*_known_domain(goal.parts), *goal.hypotheses], sympy.And(*needed))], context)


def _rewrite(goal: _Goal, premises: list, params: Mapping, cert: Mapping, context: RuleContext) -> list:
    premise, equation = premises
    if not isinstance(equation.conclusion, sympy.Equality):
        raise Disagrees("a rewrite rests on an equation")
    old, new = equation.conclusion.args
    if params.get("reverse") is True:
        old, new = new, old
    elif params.get("reverse") is not False:
        raise Disagrees("the rewrite's direction is not recorded")
    _same(goal, _substituted(premise.conclusion, {old: new}),
          [*(_substituted(h, {old: new}) for h in premise.hypotheses), *equation.hypotheses])
    needed = _domain_beyond([old], goal.parts) | _domain_at(premise.parts, {old: new}, goal.parts)
    if any(_inside_proposition(part, new) for part in goal.parts):
        try:  # an undefined term inside Every, Integrable or Converges makes it false: the new term must be defined
            needed |= _domain(new) - {sympy.true}
        except _NoDomain as err:
            raise Disagrees(f"the new term has no written domain: {err}") from None
    return _sides(cert, [([*_known_domain(goal.parts), *goal.hypotheses], sympy.And(*needed))], context)


def _inside_proposition(e: sympy.Basic, term: sympy.Basic) -> bool:
    if isinstance(e, _PROPOSITIONS):
        return e.has(term)
    return any(_inside_proposition(a, term) for a in e.args if isinstance(a, sympy.Basic))


def _chain(goal: _Goal, premises: list, params: Mapping, cert: Mapping, context: RuleContext) -> list:
    if len(premises) < 2:
        raise Disagrees("a chain has at least two links")
    if len(premises) > 12:
        raise Disagrees("a chain of more than 12 links is not replayed")
    relations = [_link(p.conclusion)[1] for p in premises]
    strongest = "<" if "<" in relations else "<=" if "<=" in relations else "="
    links = None
    for flips in itertools.product((False, True), repeat=len(premises)):
        if any(flip and op != "=" for flip, op in zip(flips, relations)):
            continue  # only an equation reads both ways
        read = [(b, op, a) if flip else (a, op, b) for flip, (a, op, b) in zip(flips, map(_link, (p.conclusion for p in premises)))]
        if all(x[2] == y[0] for x, y in zip(read, read[1:])) and goal.conclusion == _REL[strongest](read[0][0], read[-1][2]):
            links = read
            break
    if links is None:
        raise Disagrees("the links do not chain (middle terms differ) to the recorded conclusion")
    _same(goal, _REL[strongest](links[0][0], links[-1][2]), [h for p in premises for h in p.hypotheses])
    middle = _domain_beyond([b for _, _, b in links[:-1]], goal.parts)
    return _sides(cert, [([*_known_domain(goal.parts), *goal.hypotheses], sympy.And(*middle))], context)


def _combine(goal: _Goal, premises: list, params: Mapping, cert: Mapping, context: RuleContext) -> list:
    extra = [parse_expression(h) for h in params.get("hypotheses", [])]
    _same(goal, sympy.And(*[p.conclusion for p in premises]), [h for p in premises for h in p.hypotheses] + extra)
    return _sides(cert, [], context)


def _over_range(rule: str) -> Callable:
    def check(goal: _Goal, premises: list, params: Mapping, cert: Mapping, context: RuleContext) -> list:
        (p,) = premises
        index, lo, hi = (parse_expression(params[k]) for k in ("index", "lo", "hi"))
        if not _plain_index(index, {"sum": True, "integrate": False, "sup": None, "inf": None}[rule]):
            raise Disagrees(f"{index} carries an assumption that would leave part of the range out")
        if index not in p.variables or index in _variables(lo) | _variables(hi):
            raise Disagrees(f"{index} must be a variable of the premise, and the range free of it")
        if index.is_integer and not (_integral_form(lo) and _integral_form(hi)):
            raise Disagrees("an integer range needs integer-valued ends")
        outer, inner = _without_range(p.hypotheses, index, lo, hi)
        a, op, b = _link(p.conclusion)
        hyps = [*outer, sympy.Ge(hi, lo)]
        if rule == "sum":
            if not index.is_integer:
                raise Disagrees("a sum runs over an integer index")
            conclusion = _REL[op](sympy.Sum(a, (index, lo, hi)), sympy.Sum(b, (index, lo, hi)))
            hyps += [Every(sympy.And(*inner), (index, lo, hi))] if inner else []
        elif inner:
            raise Disagrees(f"the premise's hypotheses {inner} depend on {index}")
        elif rule == "integrate":
            if index.is_integer or lo.has(sympy.oo, -sympy.oo, sympy.zoo) or hi.has(sympy.oo, -sympy.oo, sympy.zoo):
                raise Disagrees("an integral runs over a bounded real interval")
            conclusion = (sympy.Eq if op == "=" else sympy.Le)(sympy.Integral(a, (index, lo, hi)),
                                                                sympy.Integral(b, (index, lo, hi)))
        elif rule == "sup":
            if op == "=" or index in _variables(b):
                raise Disagrees("a supremum needs an upper bound free of the index")
            conclusion = sympy.Le(Sup(a, (index, lo, hi)), b)
        else:
            if op == "=" or index in _variables(a):
                raise Disagrees("an infimum needs a lower bound free of the index")
            conclusion = sympy.Ge(Inf(b, (index, lo, hi)), a)
        _same(goal, conclusion, hyps)
        try:  # a Lebesgue integral (integrands not continuous by their form) needs no side: the module's reading
            lebesgue = rule == "integrate" and not (_continuous(a, index) and _continuous(b, index))
            terms = set() if lebesgue else _domain(a) | _domain(b)
        except _NoDomain as err:
            raise Disagrees(f"the terms have no written domain: {err}") from None
        side = [*_known_domain(outer), *outer, sympy.Le(lo, index), sympy.Le(index, hi), *inner]
        return _sides(cert, [(side, sympy.And(*(terms - {sympy.true})))], context)
    return check


def _kind(v: object) -> str | None:
    """The class a supremum over `v` runs over (this checker's reading of the variable's type)."""
    if isinstance(v, Law):
        return "laws"
    return ("events" if isinstance(v, Event) else "tests") if isinstance(v, Test) else None


def _over_class(rule: str) -> Callable:
    """Sup (Inf) over the class of a Law, Test or Event v from f ≤ c (≥) for every v, hypotheses and c free of v."""
    def check(goal: _Goal, premises: list, params: Mapping, cert: Mapping, context: RuleContext) -> list:
        (p,) = premises
        v = parse_expression(params["index"])
        if _kind(v) is None or _kind(v) != params.get("class"):
            raise Disagrees(f"{v} is no Law, Test or Event of the recorded class {params.get('class')!r}")
        if v not in p.variables or any(v in _variables(h) for h in p.hypotheses):
            raise Disagrees(f"the premise must hold for every {v}: a variable of it that no hypothesis mentions")
        a, op, b = _link(p.conclusion)
        bound = b if rule == "sup" else a
        if op == "=" or v in _variables(bound):
            raise Disagrees(f"a {'supremum' if rule == 'sup' else 'infimum'} needs a bound free of {v}")
        conclusion = sympy.Le(Sup(a, (v,)), b) if rule == "sup" else sympy.Ge(Inf(b, (v,)), a)
        _same(goal, conclusion, p.hypotheses)
        return _sides(cert, [], context)
    return check


def _extremum(rule: str) -> Callable:
    """A supremum (infimum) over a range, or over a class when the certificate names one."""
    ranged, classed = _over_range(rule), _over_class(rule)
    return lambda goal, premises, params, cert, context: (classed if "class" in params else ranged)(
        goal, premises, params, cert, context)


def _induction(goal: _Goal, premises: list, params: Mapping, cert: Mapping, context: RuleContext) -> list:
    n, n0 = parse_expression(params["variable"]), parse_expression(params["start"])
    if not (_plain_index(n, True) and n in goal.variables and _integral_form(n0) and n not in _variables(n0)):
        raise Disagrees("induction runs over an integer variable of the goal from an integer-valued start")
    start = sympy.Ge(n, n0)
    rest = [h for h in goal.hypotheses if h != start]
    if len(rest) == len(goal.hypotheses):
        raise Disagrees(f"the goal does not assume {start}")
    base, step = premises
    _same(base, goal.conclusion.xreplace({n: n0}), [h.xreplace({n: n0}) for h in rest])
    later = {n: n + 1}
    assumed = sympy.Or(sympy.Not(sympy.And(*rest)), goal.conclusion) if rest else goal.conclusion
    _same(step, goal.conclusion.xreplace(later), [start, *(h.xreplace(later) for h in rest), assumed])
    _same(goal, goal.conclusion, goal.hypotheses)
    try:
        now = set().union(*(_domain(p) for p in _cut_all([*rest, goal.conclusion])))
    except _NoDomain as err:
        raise Disagrees(f"a term of the goal has no written domain: {err}") from None
    moved = [q.xreplace(later) for q in (*rest, goal.conclusion)]
    side = [start, *_known_domain(moved), *(h.xreplace(later) for h in rest)]
    return _sides(cert, [(side, sympy.And(*(now - {sympy.true})))], context)


def _limit(goal: _Goal, premises: list, params: Mapping, cert: Mapping, context: RuleContext) -> list:
    n, n0 = parse_expression(params["variable"]), parse_expression(params["start"])
    monotone, bound = premises
    start = sympy.Ge(n, n0)
    if not (_plain_index(n, True) and _integral_form(n0) and n not in _variables(n0)):
        raise Disagrees("a limit runs over an integer variable from an integer-valued start")
    if start not in monotone.hypotheses or set(monotone.hypotheses) != set(bound.hypotheses):
        raise Disagrees(f"both premises must assume {start} and the same hypotheses")
    rest = [h for h in monotone.hypotheses if h != start]
    f, op1, g = _link(monotone.conclusion)
    f2, op2, c = _link(bound.conclusion)
    if "=" in (op1, op2) or f2 != f or g != f.xreplace({n: n + 1}) or n in _variables(c) or \
            any(n in _variables(h) for h in rest):
        raise Disagrees("the premises are not f ≤ f(n+1) and f ≤ c with c and the other hypotheses free of n")
    term = sympy.Limit(f, n, sympy.oo)  # a bounded nondecreasing sequence converges, to at most its bound
    _same(goal, Converges(term) if params.get("converges") is True else sympy.Le(term, c), rest)
    try:
        terms = _domain(f) - {sympy.true}
    except _NoDomain as err:
        raise Disagrees(f"the sequence has no written domain: {err}") from None
    return _sides(cert, [([*_known_domain(rest), *rest, start], sympy.And(*terms))], context)


def _continuity(goal: _Goal, premises: list, params: Mapping, cert: Mapping, context: RuleContext) -> list:
    if premises:
        raise Disagrees("continuity rests on no premise")
    term = parse_expression(params["term"])
    if not isinstance(term, sympy.Limit):
        raise Disagrees(f"continuity applies to a Limit, not {term}")
    f, x, point, _ = term.args
    if not _plain_index(x, False) or point.has(sympy.oo, -sympy.oo, sympy.zoo) or x in _variables(point):
        raise Disagrees("a limit at a finite point free of a plain real variable")
    if ({x} | _variables(point)) & _indices(f):
        raise Disagrees(f"{x} or a variable of the point is bound inside {f}: substitution would reach it")
    if not _continuous(f, x):
        raise Disagrees(f"{f} is not continuous by its form")
    _same(goal, sympy.Eq(term, _substituted(f, {x: point})), [])
    return _sides(cert, [], context)


def _infinity(goal: _Goal, premises: list, params: Mapping, cert: Mapping, context: RuleContext) -> list:
    """lim_{k→±∞} f = g(0): g agrees with f(±1/t) for t > 0 wherever that is defined, g continuous by
    its form and defined at 0 (the sides)."""
    if premises:
        raise Disagrees("a limit at infinity by substitution rests on no premise")
    term, t, g = (parse_expression(params[key]) for key in ("term", "variable", "value"))
    assumed = [parse_expression(h) for h in params.get("hypotheses", [])]
    if not (isinstance(term, sympy.Limit) and term.args[2] in (sympy.oo, -sympy.oo)):
        raise Disagrees(f"the rule applies to a limit at oo or -oo, not {term}")
    f, k, end = term.args[:3]
    if not (_plain_index(k, None) and _plain_index(t, False)) or t == k or t in _variables(term) | _indices(term) or \
            k in _indices(f):
        raise Disagrees(f"{k} must be a plain variable and {t} a new plain real one")
    if any(k in _variables(h) or t in _variables(h) for h in assumed) or k in _variables(g) or _indices(g) & {k, t}:
        raise Disagrees(f"the hypotheses must be free of {k} and {t}, and the value free of {k}")
    if not _continuous(g, t):
        raise Disagrees(f"{g} is not continuous by its form")
    inverse = {k: sympy.Integer(1 if end == sympy.oo else -1) / t}
    near = _substituted(f, inverse)
    at0 = _substituted(g, {t: sympy.Integer(0)})
    exists = params.get("converges") is True  # the limit's existence: f(±1/t) defined at every t > 0
    _same(goal, Converges(term) if exists else sympy.Eq(term, at0), assumed)
    try:
        around, agree, there = _domain(near) - {sympy.true}, _domain(g), _domain(at0)
    except _NoDomain as err:
        raise Disagrees(f"a term has no written domain: {err}") from None
    known = [*_known_domain(assumed), *assumed]
    same = sympy.And(*(agree - {sympy.true}), sympy.Eq(near, g))
    first = ([*known, sympy.Gt(t, 0)], sympy.And(*around, same)) if exists else ([*known, sympy.Gt(t, 0), *around], same)
    return _sides(cert, [first, (known, sympy.And(*(there - {sympy.true})))], context)


#: The functions the derivative rules accept, with their derivatives (u: the argument).
_DERIVATIVE = {sympy.exp: lambda f, u: f, sympy.log: lambda f, u: 1 / u, sympy.sin: lambda f, u: sympy.cos(u),
               sympy.cos: lambda f, u: -sympy.sin(u), sympy.tanh: lambda f, u: 1 - sympy.tanh(u) ** 2,
               sympy.sinh: lambda f, u: sympy.cosh(u), sympy.cosh: lambda f, u: sympy.sinh(u),
               sympy.atan: lambda f, u: 1 / (u ** 2 + 1), sympy.asinh: lambda f, u: 1 / sympy.sqrt(u ** 2 + 1),
               sympy.erf: lambda f, u: 2 * sympy.exp(-u ** 2) / sympy.sqrt(sympy.pi),
               sympy.erfc: lambda f, u: -2 * sympy.exp(-u ** 2) / sympy.sqrt(sympy.pi)}


def _differentiable(f: sympy.Basic, x: sympy.Symbol) -> bool:
    """+, ×, powers and the functions of _DERIVATIVE, of x (what does not mention x is a constant)."""
    if x not in _variables(f) or f == x:
        return True
    if isinstance(f, (sympy.Add, sympy.Mul, sympy.Pow)) or (type(f) in _DERIVATIVE and len(f.args) == 1):
        return all(_differentiable(a, x) for a in f.args)
    return False


def _derive(f: sympy.Basic, x: sympy.Symbol) -> sympy.Basic:
    """df/dx by the sum, product and chain rules (a power b^e as b^e (e' log b + e b'/b))."""
    if x not in _variables(f):
        return sympy.Integer(0)
    if f == x:
        return sympy.Integer(1)
    if isinstance(f, sympy.Add):
        return sympy.Add(*(_derive(a, x) for a in f.args))
    if isinstance(f, sympy.Mul):
        return sympy.Add(*(sympy.Mul(*f.args[:k], _derive(a, x), *f.args[k + 1:]) for k, a in enumerate(f.args)))
    if isinstance(f, sympy.Pow):
        base, exponent = f.args
        return f * (_derive(exponent, x) * sympy.log(base) + exponent * _derive(base, x) / base)
    (u,) = f.args
    return _DERIVATIVE[type(f)](f, u) * _derive(u, x)


def _from_derivatives(rule: str) -> Callable:
    """increasing, tangent, ftc, mean-value: the derivatives re-derived here, the side condition on [lo, hi]."""
    order = {"increasing": 1, "tangent": 2, "ftc": 1, "mean-value": 1}[rule]

    def check(goal: _Goal, premises: list, params: Mapping, cert: Mapping, context: RuleContext) -> list:
        if premises and rule != "increasing":
            raise Disagrees(f"{rule} rests on no premise")
        interior = params.get("interior", False)
        if interior not in (False, True) or interior and rule != "increasing":
            raise Disagrees(f"an interior side condition is read only for increasing, not {rule} with {interior!r}")
        x, f, lo, hi = (parse_expression(params[k]) for k in ("variable", "function", "lo", "hi"))
        assumed = [parse_expression(h) for h in params.get("hypotheses", [])]
        points = {k: parse_expression(params[k]) for k in ("at", "bound") if k in params}
        if not _plain_index(x, False):
            raise Disagrees(f"{x} is not a plain real variable")
        if not _differentiable(f, x):
            raise Disagrees(f"{f} is not differentiable by its form")
        if any(x in _variables(e) for e in [lo, hi, *points.values(), *assumed]) or \
                any((_variables(e) | {x}) & _indices(f) for e in [lo, hi, *points.values()]):
            raise Disagrees(f"the interval, points and hypotheses must be free of {x} and of f's indices")
        derivatives = [f]
        for _ in range(order):
            derivatives.append(_derive(derivatives[-1], x))
        if not all(_differentiable(d, x) for d in derivatives[:-1]):
            raise Disagrees("a derivative is not differentiable by its form")
        first = derivatives[1]

        def at(e: sympy.Basic, p: sympy.Basic) -> sympy.Basic:
            return _substituted(e, {x: p})
        if rule == "increasing":
            if params.get("strict") not in (True, False):
                raise Disagrees("strictness is not recorded")
            rel = sympy.Lt if params["strict"] else sympy.Le
            conclusion, given = rel(at(f, lo), at(f, hi)), [rel(lo, hi)]
            claim = sympy.Gt(first, 0) if params["strict"] else sympy.Ge(first, 0)
        elif rule == "tangent":
            p = points["at"]
            conclusion = sympy.Ge(f, at(f, p) + at(first, p) * (x - p))
            given = [sympy.Le(lo, x), sympy.Le(x, hi), sympy.Le(lo, p), sympy.Le(p, hi)]
            claim = sympy.Ge(derivatives[2], 0)
        elif rule == "ftc":
            if not _continuous(first, x):
                raise Disagrees(f"the derivative {first} is not continuous by its form")
            conclusion, given, claim = sympy.Eq(sympy.Integral(first, (x, lo, hi)), at(f, hi) - at(f, lo)), [sympy.Le(lo, hi)], sympy.true
        else:
            bound = points["bound"]
            conclusion, given = sympy.Le(sympy.Abs(at(f, hi) - at(f, lo)), bound * (hi - lo)), [sympy.Le(lo, hi)]
            claim = sympy.And(sympy.Le(-bound, first), sympy.Le(first, bound))
        _same(goal, conclusion, [*given, *assumed])
        try:
            domain = set().union(*(_domain(d) for d in derivatives)) - {sympy.true}
        except _NoDomain as err:
            raise Disagrees(f"a derivative has no written domain: {err}") from None
        known = [*_known_domain(assumed), *assumed]
        for p in premises:  # a proved fact, read wherever every term of it is defined
            if not p.variables <= goal.variables | {x}:
                raise Disagrees(f"a premise has variables beyond {x} and the conclusion's")
            known.append(sympy.Or(sympy.Not(sympy.And(*_domain_beyond(p.parts, goal.parts), *p.hypotheses)), p.conclusion))
        side = [*known, sympy.Le(lo, x), sympy.Le(x, hi)]
        if interior:
            try:
                inside = set().union(*(_domain(d) for d in derivatives[1:])) - {sympy.true}
                own = _domain(f) - {sympy.true}
            except _NoDomain as err:
                raise Disagrees(f"a derivative has no written domain: {err}") from None
            return _sides(cert, [(side, sympy.And(*own)), ([*known, sympy.Lt(lo, x), sympy.Lt(x, hi)], sympy.And(*inside, claim))],
                          context)
        return _sides(cert, [(side, sympy.And(*domain, claim))], context)
    return check


def _unfold(goal: _Goal, premises: list, params: Mapping, cert: Mapping, context: RuleContext) -> list:
    if premises:
        raise Disagrees("unfold rests on no premise")
    term = parse_expression(params["term"])
    if isinstance(term, (sympy.Sum, sympy.Product)) and len(term.limits) == 1:
        body, (j, lo, hi) = term.function, term.limits[0]
    elif isinstance(term, Every):
        body, (j, lo, hi) = term.args[0], term.args[1]
    else:
        raise Disagrees(f"unfold applies to a finite Sum, Product or Every, not {term}")
    if not (_plain_index(j, True) and _integral_form(lo) and _integral_form(hi)):
        raise Disagrees("unfold needs a plain integer index and integer-valued ends")
    glue = {sympy.Sum: sympy.Add, sympy.Product: sympy.Mul, Every: sympy.And}[type(term)]
    same = sympy.Equivalent if isinstance(term, Every) else sympy.Eq
    if params.get("at") == "end":
        shorter = type(term)(body, (j, lo, hi - 1))
        _same(goal, same(term, glue(shorter, _substituted(body, {j: hi}))), [sympy.Ge(hi, lo)])
    elif params.get("at") == "all":
        if not (lo.is_Integer and hi.is_Integer and -1 <= hi - lo < MAX_UNFOLD):
            raise Disagrees("a written-out range must be constant and short")
        _same(goal, same(term, glue(*[_substituted(body, {j: sympy.Integer(k)}) for k in range(int(lo), int(hi) + 1)])), [])
    else:
        raise Disagrees(f"unknown unfolding {params.get('at')!r}")
    return _sides(cert, [], context)


def _terms(e: sympy.Basic) -> int:
    """At most how many terms `e` has once expanded (bounded before expanding)."""
    if isinstance(e, (sympy.Add, sympy.Mul)):
        parts = [_terms(a) for a in e.args]
        return sum(parts) if isinstance(e, sympy.Add) else math.prod(parts)
    if isinstance(e, sympy.Pow) and e.exp.is_Integer and e.exp > 0 and _terms(e.base) > 1:
        return math.comb(_terms(e.base) + int(e.exp) - 1, int(e.exp))
    return 1


def _linear(goal: _Goal, premises: list, params: Mapping, cert: Mapping, context: RuleContext) -> list:
    if premises:
        raise Disagrees("linearity rests on no premise")
    term = parse_expression(params["term"])
    if isinstance(term, sympy.Sum) and len(term.limits) == 1:
        j, lo, hi = term.limits[0]
        count, assumed = hi - lo + 1, [sympy.Ge(hi + 1, lo)]
    elif isinstance(term, Expect):
        j, _ = term.args[1]
        count, assumed = sympy.Integer(1), []  # a probability law has mass 1
    elif isinstance(term, sympy.Integral) and len(term.limits) == 1 and len(term.limits[0]) == 3:
        j, lo, hi = term.limits[0]
        # an improper integral of a constant diverges: no constant part over an unbounded interval
        count, assumed = (None if any(_open_ends(lo, hi)) else hi - lo), []
    else:
        raise Disagrees(f"linear applies to a Sum over one index, an Expect or an Integral over one range, not {term}")
    if not _plain_index(j, True if isinstance(term, sympy.Sum) else False if isinstance(term, sympy.Integral) else None):
        raise Disagrees(f"the index {j} carries an assumption beyond integer or real")
    if not isinstance(goal.conclusion, sympy.Equality) or goal.conclusion.lhs != term:
        raise Disagrees("the conclusion is not the term = its linear split")
    if goal.conclusion.rhs == term:
        raise Disagrees("a linear split with nothing split states only term = term")
    _same(goal, goal.conclusion, assumed)
    if _terms(goal.conclusion.rhs) + _terms(term.args[0]) > MAX_TERMS:
        raise Inconclusive(f"the linear split would expand to more than {MAX_TERMS} terms")
    polynomial = dict(mul=True, multinomial=True, power_exp=False, power_base=False, log=False)
    split, rest = sympy.Integer(0), sympy.Integer(0)
    for piece in sympy.Add.make_args(goal.conclusion.rhs):
        # a sum (expectation) over the term's own range (law) is split off; any other factor is a coefficient
        inner = [f for f in sympy.Mul.make_args(piece) if type(f) is type(term) and f.args[1:] == term.args[1:]]
        if len(inner) > 1:
            raise Disagrees(f"{piece} is not a multiple of one {type(term).__name__} over the range")
        coefficient = piece / inner[0] if inner else piece
        if j in _variables(coefficient):
            raise Disagrees(f"the coefficient {coefficient} depends on the index")
        if inner:
            split += coefficient * inner[0].args[0]
        else:
            rest += coefficient
    constant = sympy.expand(term.args[0] - split, **polynomial)
    if count is None:
        if constant != 0 or rest != 0:
            raise Disagrees("an integral over an unbounded interval has no constant part")
        count = sympy.Integer(0)
    if j in _variables(constant) or sympy.expand(rest - constant * count, **polynomial) != 0:
        raise Disagrees("the linear split does not add back up to the term")
    return _sides(cert, [], context)


def _integrable(goal: _Goal, premises: list, params: Mapping, cert: Mapping, context: RuleContext) -> list:
    if premises:
        raise Disagrees("integrability of a linear combination rests on no premise")
    term = parse_expression(params["term"])
    if not isinstance(term, (Expect, Integrable)):
        raise Disagrees(f"integrable applies to an Expect or an Integrable, not {term}")
    body, (x, law) = term.args
    if not _plain_index(x, None):
        raise Disagrees(f"the index {x} carries an assumption beyond integer or real")
    assumed = [parse_expression(h) for h in params.get("hypotheses", [])]
    if any(x in _variables(h) for h in assumed):
        raise Disagrees(f"a hypothesis mentions the bound {x}")
    if _terms(body) > MAX_TERMS:
        raise Inconclusive(f"the body would expand to more than {MAX_TERMS} terms")
    polynomial = dict(mul=True, multinomial=True, power_exp=False, power_base=False, log=False)
    coefficients: dict = {}
    for monomial in sympy.Add.make_args(sympy.expand(body, **polynomial)):
        free, bound = sympy.Integer(1), sympy.Integer(1)
        for factor in sympy.Mul.make_args(monomial):
            if x in _variables(factor):
                bound *= factor
            else:
                free *= factor
        coefficients[bound] = coefficients.get(bound, sympy.Integer(0)) + free
    if sympy.expand(body - sum((c * u for u, c in coefficients.items()), sympy.Integer(0)), **polynomial) != 0:
        raise Disagrees("the parts do not add back up to the body")
    parts = [u for u in coefficients if u != 1]
    _same(goal, Integrable(body, (x, law)), [*assumed, *(Integrable(u, (x, law)) for u in parts)])
    try:
        given = set().union(*(_domain(u) for u in parts))
        needed = _domain(body).union(*(_domain(c) for c in coefficients.values())) - {sympy.true}
    except _NoDomain as err:
        raise Disagrees(f"a part has no written domain: {err}") from None
    return _sides(cert, [([*_known_domain(assumed), *assumed, *given], sympy.And(*needed))], context)


def _measurable_parts(f: sympy.Basic, x: sympy.Symbol) -> list:
    """The subterms of f in x that are not Borel operations by their form (this checker's walk)."""
    if x not in _variables(f) or f == x:
        return []
    if isinstance(f, (sympy.Add, sympy.Mul, sympy.Pow, sympy.log, Relational)) or f.func in _CONTINUOUS:
        parts = [f.args]
    elif _case_split(f) is not None:
        a, condition, b = _case_split(f)
        parts = [(a, b, *condition.args)]
    elif _kernel_entry(f):  # kernel7b: a Markov kernel is measurable in its input
        parts = [(f.args[2],)]
    elif isinstance(f, sympy.Sum) and len(f.limits) == 1 and x not in _variables(f.limits[0][1]) | _variables(f.limits[0][2]) \
            and _integral_form(f.limits[0][1]) and _integral_form(f.limits[0][2]) and not _measurable_parts(f.function, x):
        return []  # a finite sum of Borel functions of x
    else:
        return [f]
    out: list = []
    for piece in parts[0]:
        out += [u for u in _measurable_parts(piece, x) if u not in out]
    return out


def _read_premises(premises: list, goal: _Goal, x: sympy.Symbol) -> list:
    """Each premise as "a term undefined, a hypothesis false, or its conclusion", over x and the goal's variables."""
    out = []
    for p in premises:  # a proved fact, read wherever every term of it is defined
        if not p.variables <= goal.variables | {x}:
            raise Disagrees(f"a premise has variables beyond {x} and the conclusion's")
        out.append(sympy.Or(sympy.Not(sympy.And(*_domain_beyond(p.parts, goal.parts), *p.hypotheses)), p.conclusion))
    return out


def _dominated(goal: _Goal, premises: list, params: Mapping, cert: Mapping, context: RuleContext) -> list:
    term, g = parse_expression(params["term"]), parse_expression(params["bound"])
    assumed = [parse_expression(h) for h in params.get("hypotheses", [])]
    if isinstance(term, sympy.Integral):
        return _dominated_integral(goal, term, g, assumed, cert, context, premises)
    if not isinstance(term, Integrable):
        raise Disagrees(f"dominated applies to an Integrable, not {term}")
    f, (x, law) = term.args
    if not _plain_index(x, None) or any(x in _variables(h) for h in assumed) or x in _indices(g):
        raise Disagrees(f"{x} must be a plain variable, free in the hypotheses and in the bound's binders")
    parts = _measurable_parts(f, x)
    _same(goal, term, [*assumed, Integrable(g, (x, law)), *(Integrable(u, (x, law)) for u in parts)])
    try:
        given = [*_known_domain(assumed), *assumed, *(_domain(g) - {sympy.true}), *_read_premises(premises, goal, x)]
        for u in parts:
            given += list(_domain(u) - {sympy.true})
        needed = sympy.And(*(_domain(f) - {sympy.true}), sympy.Le(sympy.Abs(f), g))
    except _NoDomain as err:
        raise Disagrees(f"a term has no written domain: {err}") from None
    return _sides(cert, [(given, needed)], context)


def _dominated_integral(goal: _Goal, term: sympy.Integral, g: sympy.Basic, assumed: list, cert: Mapping,
                        context: RuleContext, premises: list) -> list:
    """Converges(∫ f) under the hypotheses, lo ≤ hi (finite ends) and the domains of ∫ g and ∫ uₖ."""
    if len(term.args) != 2 or len(term.args[1]) != 3:
        raise Disagrees(f"an Integral over one range, not {term}")
    f, (u, lo, hi) = term.args[0], term.args[1]
    below, above = _open_ends(lo, hi)
    if not _plain_index(u, False) or u in _variables(lo) | _variables(hi) or any(u in _variables(h) for h in assumed) \
            or u in _indices(g) | _indices(f):
        raise Disagrees(f"{u} must be a plain real variable, free in the ends, the hypotheses and the binders")
    parts = _measurable_parts(f, u)
    order = [] if below or above else [sympy.Le(lo, hi)]
    try:
        over = set()
        for e in (g, *parts):
            over |= _domain(sympy.Integral(e, (u, lo, hi)))
        _same(goal, Converges(term), [*assumed, *order, *(over - {sympy.true})])
        inside = ([] if below else [sympy.Le(lo, u)]) + ([] if above else [sympy.Le(u, hi)])
        given = [*_known_domain([*assumed, *order]), *assumed, *order, *inside, *(_domain(g) - {sympy.true}),
                 *_read_premises(premises, goal, u)]
        for e in parts:
            given += list(_domain(e) - {sympy.true})
        needed = sympy.And(*(_domain(f) - {sympy.true}), sympy.Le(sympy.Abs(f), g))
    except _NoDomain as err:
        raise Disagrees(f"a term has no written domain: {err}") from None
    return _sides(cert, [(given, needed)], context)


def _swap(goal: _Goal, premises: list, params: Mapping, cert: Mapping, context: RuleContext) -> list:
    if premises:
        raise Disagrees("swapping a double sum rests on no premise")
    term = parse_expression(params["term"])
    if isinstance(term, (sympy.Sum, sympy.Integral)) and isinstance(term.args[0], (sympy.Sum, sympy.Integral)) \
            and type(term) is not type(term.args[0]):
        return _swap_with_integral(goal, term, cert, context, params.get("converges") is True)
    if not (isinstance(term, sympy.Sum) and len(term.limits) == 2):
        raise Disagrees(f"swap applies to a Sum over two ranges, not {term}")
    (inner, c, d), (outer, a, b) = term.limits
    if inner == outer or not (_plain_index(inner, True) and _plain_index(outer, True)):
        raise Disagrees("a double sum runs over two different plain integer indices")
    if not all(_integral_form(end) for end in (a, b, c, d)):
        raise Disagrees("the ends of a swapped sum must be integer-valued by their form")
    if outer in _variables(c) | _variables(d) or inner in _variables(a) | _variables(b):
        raise Disagrees("one range depends on the other index: not a product of ranges")
    _same(goal, sympy.Eq(term, sympy.Sum(term.function, (outer, a, b), (inner, c, d))), [])
    return _sides(cert, [], context)


def _open_ends(lo: sympy.Basic, hi: sympy.Basic) -> tuple[bool, bool]:
    """(lo is −∞, hi is ∞); Disagrees for any other infinite end."""
    below, above = lo == -sympy.oo, hi == sympy.oo
    for end, infinite in ((lo, below), (hi, above)):
        if not infinite and end.has(sympy.oo, -sympy.oo, sympy.zoo):
            raise Disagrees(f"an end {end} is infinite but not −∞ below or ∞ above")
    return below, above


def _swap_with_integral(goal: _Goal, term: sympy.Basic, cert: Mapping, context: RuleContext, converges: bool) -> list:
    """Σ_j ∫ f du = ∫ Σ_j f du (either way round): one finite sum, one integral, independent ranges;
    `converges`: a ≤ b + 1 ∧ Every(Converges(∫ f)) ⇒ Converges(∫ Σ_j f) (a finite sum of integrable functions)."""
    inner = term.args[0]
    if len(term.args) != 2 or len(inner.args) != 2 or len(term.args[1]) != 3 or len(inner.args[1]) != 3:
        raise Disagrees(f"a sum and an integral over one range each, not {term}")
    summed, integral = (term, inner) if isinstance(term, sympy.Sum) else (inner, term)
    (j, a, b), (u, lo, hi) = summed.args[1], integral.args[1]
    if not (_plain_index(j, True) and _plain_index(u, False)):
        raise Disagrees("the sum runs over a plain integer index and the integral over a plain real variable")
    if not (_integral_form(a) and _integral_form(b)):
        raise Disagrees("the ends of the sum must be integer-valued by their form")
    _open_ends(lo, hi)
    if u in _variables(a) | _variables(b) or j in _variables(lo) | _variables(hi):
        raise Disagrees("one range depends on the other variable")
    f = inner.args[0]
    if converges:
        _same(goal, Converges(sympy.Integral(sympy.Sum(f, (j, a, b)), (u, lo, hi))),
              [sympy.Le(a, b + 1), Every(Converges(sympy.Integral(f, (u, lo, hi))), (j, a, b))])
        return _sides(cert, [], context)
    other = sympy.Integral(sympy.Sum(f, (j, a, b)), (u, lo, hi)) if term is summed else \
        sympy.Sum(sympy.Integral(f, (u, lo, hi)), (j, a, b))
    _same(goal, sympy.Eq(term, other, evaluate=False), [])
    return _sides(cert, [], context)


def _improper(goal: _Goal, premises: list, params: Mapping, cert: Mapping, context: RuleContext) -> list:
    """∫ f ≤ ∫ g (or =) over an interval with an infinite end from f ≤ g on it (integrands continuous by form)."""
    (p,) = premises
    index, lo, hi = (parse_expression(params[k]) for k in ("index", "lo", "hi"))
    below, above = _open_ends(lo, hi)
    if not _plain_index(index, False) or index not in p.variables or index in _variables(lo) | _variables(hi):
        raise Disagrees(f"{index} must be a plain real variable of the premise, the range free of it")
    ends = ([] if below else [sympy.Le(lo, index)]) + ([] if above else [sympy.Le(index, hi)])
    read = [_link(h) if type(h) in (sympy.LessThan, sympy.GreaterThan) else None for h in p.hypotheses]
    if any(_link(e) not in read for e in ends):
        raise Disagrees(f"the premise does not range over the interval from {lo} to {hi}")
    others = [h for h, r in zip(p.hypotheses, read) if r not in [_link(e) for e in ends]]
    if any(index in _variables(h) for h in others):
        raise Disagrees(f"a hypothesis of the premise depends on {index}")
    a, op, b = _link(p.conclusion)
    conclusion = (sympy.Eq if op == "=" else sympy.Le)(sympy.Integral(a, (index, lo, hi)), sympy.Integral(b, (index, lo, hi)),
                                                       evaluate=False)  # as read: never integrated here
    _same(goal, conclusion, others)
    try:  # a Lebesgue integral (integrands not continuous by their form) needs no side
        terms = _domain(a) | _domain(b) if _continuous(a, index) and _continuous(b, index) else set()
    except _NoDomain as err:
        raise Disagrees(f"the integrands have no written domain: {err}") from None
    return _sides(cert, [([*_known_domain(others), *others, *ends], sympy.And(*(terms - {sympy.true})))], context)


def _integrate(goal: _Goal, premises: list, params: Mapping, cert: Mapping, context: RuleContext) -> list:
    """An integral over a bounded interval, or (an infinite end recorded) an improper one."""
    lo, hi = parse_expression(params["lo"]), parse_expression(params["hi"])
    unbounded = any(end.has(sympy.oo, -sympy.oo, sympy.zoo) for end in (lo, hi))
    return (_improper if unbounded else _over_range("integrate"))(goal, premises, params, cert, context)


def _member(goal: _Goal, premises: list, params: Mapping, cert: Mapping, context: RuleContext) -> list:
    if premises:
        raise Disagrees("a member of the range rests on no premise")
    term, point = parse_expression(params["term"]), parse_expression(params["at"])
    if not isinstance(term, (Sup, Inf)):
        raise Disagrees(f"member applies to a Sup or an Inf, not {term}")
    if "member" in params:  # kernel7b: a point mass of the laws, the empty event
        return _named_member(goal, term, point, params, cert, context)
    if len(term.args[1]) == 1:
        return _class_member(goal, term, point, [parse_expression(h) for h in params.get("hypotheses", [])], cert, context)
    if params.get("hypotheses"):
        raise Disagrees("a member of a range takes no hypotheses")
    index, lo, hi = term.args[1]
    if not _plain_index(index, None):
        raise Disagrees(f"the index {index} carries an assumption that would change the range")
    if index.is_integer and not _integral_form(point):
        raise Disagrees(f"{point} is not an integer by its form, and {index} ranges over integers")
    if (_variables(point) | {index}) & _indices(term.args[0]):
        raise Disagrees(f"{point} would be captured by an index of {term}")
    if point.has(sympy.oo, -sympy.oo, sympy.zoo, sympy.nan):
        raise Disagrees(f"a member of the range is a real number, not {point}")
    value = _substituted(term.args[0], {index: point})
    _same(goal, sympy.Le(value, term) if isinstance(term, Sup) else sympy.Ge(value, term),
          [sympy.Le(lo, point), sympy.Le(point, hi)])
    return _sides(cert, [], context)


def _class_member(goal: _Goal, term: Sup | Inf, point: sympy.Basic, hyps: list, cert: Mapping,
                  context: RuleContext) -> list:
    """f at a member of the class ≤ Sup(f, (v,)): a Law for the laws, a Test (Event) variable for the tests
    (events), or (x, w), the test x ↦ w, with w defined and in [0, 1] ({0, 1}) for every real x (side)."""
    body, (v,) = term.args
    kind, relation = _kind(v), sympy.Le if isinstance(term, Sup) else sympy.Ge
    wanted: list = []
    if isinstance(point, (Law, Test)):
        fits = isinstance(point, Law) if kind == "laws" else isinstance(point, Event if kind == "events" else Test)
        if not fits or point in _indices(body):
            raise Disagrees(f"{point} is not a member of the {kind} free in {term}")
        value = _substituted(body, {v: point})
    else:
        if kind == "laws" or not (isinstance(point, sympy.Tuple) and len(point) == 2):
            raise Disagrees(f"{point} is not a member of the {kind}")
        x, w = point
        if not (_plain_index(x, False) and not isinstance(x, Law)) or _indices(w):
            raise Disagrees(f"the test {point} needs a plain real argument and no bound index")
        if x in _variables(body) or any(x in _variables(h) for h in hyps) or (_variables(w) - {x}) & _indices(body):
            raise Disagrees(f"the test's argument {x} occurs in the goal, or a variable of {w} would be captured")
        applied = [e for e in body.atoms(sympy.Indexed) if e.base == v]
        if any(len(e.indices) != 1 or v in _variables(e.indices[0]) for e in applied):
            raise Disagrees(f"{v} is not applied to one outcome everywhere")
        value = _substituted(body, {e: _substituted(w, {x: e.indices[0]}) for e in applied})
        if v in _variables(value):
            raise Disagrees(f"{v} occurs in {body} other than applied to an outcome")
        try:
            defined = _domain(w) - {sympy.true}
        except _NoDomain as err:
            raise Disagrees(f"the test has no written domain: {err}") from None
        values = sympy.Or(sympy.Eq(w, 0), sympy.Eq(w, 1)) if kind == "events" else sympy.And(sympy.Le(0, w), sympy.Le(w, 1))
        wanted = [([*_known_domain(hyps), *hyps], sympy.And(*defined, values))]
    _same(goal, relation(value, term), hyps)
    return _sides(cert, wanted, context)


def _expect(goal: _Goal, premises: list, params: Mapping, cert: Mapping, context: RuleContext) -> list:
    (p,) = premises
    index, law = parse_expression(params["index"]), parse_expression(params["law"])
    if not (_plain_index(index, None) and isinstance(law, Law)):
        raise Disagrees("an expectation runs over a plain index under a Law")
    if index not in p.variables or any(index in _variables(h) for h in p.hypotheses):
        raise Disagrees(f"the premise must hold for every {index}: no hypothesis may mention it")
    left, op, right = _link(p.conclusion)
    _same(goal, _REL[op](Expect(left, (index, law)), Expect(right, (index, law))), p.hypotheses)
    return _sides(cert, [], context)


def _equally_integrable(goal: _Goal, premises: list, params: Mapping, cert: Mapping, context: RuleContext) -> list:
    (p,) = premises
    index, law = parse_expression(params["index"]), parse_expression(params["law"])
    if not (_plain_index(index, None) and isinstance(law, Law)):
        raise Disagrees("an integrability runs over a plain index under a Law")
    if index not in p.variables or index in set().union(*(_variables(h) for h in p.hypotheses)):
        raise Disagrees(f"the premise must hold for every {index}: no hypothesis may mention it")
    left, op, right = _link(p.conclusion)
    if op != "=":
        raise Disagrees("the premise is not an equation")
    _same(goal, sympy.Equivalent(Integrable(left, (index, law)), Integrable(right, (index, law))), p.hypotheses)
    try:
        alike = sympy.Equivalent(sympy.And(*_domain(left)), sympy.And(*_domain(right)))
    except _NoDomain as err:
        raise Disagrees(f"the two sides have no written domain: {err}") from None
    return _sides(cert, [([*_known_domain(p.hypotheses), *p.hypotheses], alike)], context)


def _expect_almost_surely(goal: _Goal, premises: list, params: Mapping, cert: Mapping, context: RuleContext) -> list:
    (p,) = premises
    index, law = parse_expression(params["index"]), parse_expression(params["law"])
    if not (_plain_index(index, None) and isinstance(law, Law)) or index not in p.variables:
        raise Disagrees("an expectation runs over a plain index of the premise under a Law")
    event = [h for h in p.hypotheses if index in _variables(h)]
    if not event:
        raise Disagrees(f"no hypothesis mentions {index}: nothing holds almost surely")
    indicator = Expect(sympy.Piecewise((1, sympy.And(*event)), (0, True)), (index, law))
    left, op, right = _link(p.conclusion)
    _same(goal, _REL[op](Expect(left, (index, law)), Expect(right, (index, law))),
          [*[h for h in p.hypotheses if index not in _variables(h)], sympy.Eq(indicator, 1)])
    return _sides(cert, [], context)


def _split(goal: _Goal, premises: list, params: Mapping, cert: Mapping, context: RuleContext) -> list:
    """∫_a^b f = ∫_a^c f + ∫_c^b f under a ≤ c ≤ b (the inequality at an infinite end dropped), f
    continuous by its form and defined on the whole interval (the side)."""
    if premises:
        raise Disagrees("interval additivity rests on no premise")
    term, point = parse_expression(params["term"]), parse_expression(params["at"])
    assumed = [parse_expression(h) for h in params.get("hypotheses", [])]
    if not (isinstance(term, sympy.Integral) and len(term.args) == 2 and len(term.args[1]) == 3):
        raise Disagrees(f"split applies to an Integral over one range, not {term}")
    body, (index, lo, hi) = term.args[0], term.args[1]
    below, above = _open_ends(lo, hi)
    if not _plain_index(index, False):
        raise Disagrees(f"the integral's variable {index} must be a plain real symbol")
    if point.has(sympy.oo, -sympy.oo, sympy.zoo):
        raise Disagrees(f"the split point {point} is not finite")
    if index in _variables(point) | _variables(lo) | _variables(hi) or any(index in _variables(h) for h in assumed):
        raise Disagrees(f"the split point, the ends or a hypothesis mention the integral's variable {index}")
    if index in _indices(body):
        raise Disagrees(f"{index} is also bound inside {body}")
    halves = sympy.Integral(body, (index, lo, point)) + sympy.Integral(body, (index, point, hi))
    between = ([] if below else [sympy.Le(lo, point)]) + ([] if above else [sympy.Le(point, hi)])
    _same(goal, sympy.Eq(term, halves, evaluate=False), [*between, *assumed])
    inside = ([] if below else [sympy.Le(lo, index)]) + ([] if above else [sympy.Le(index, hi)])
    try:  # a Lebesgue integral (not continuous by its form) needs no side
        needed = _domain(body) - {sympy.true} if _continuous(body, index) else set()
    except _NoDomain as err:
        raise Disagrees(f"the integrand has no written domain: {err}") from None
    return _sides(cert, [([*_known_domain([*assumed, *between]), *assumed, *between, *inside], sympy.And(*needed))],
                  context)


def _every(goal: _Goal, premises: list, params: Mapping, cert: Mapping, context: RuleContext) -> list:
    """Every(C, (j, lo, hi)) under H from ∀ j: lo ≤ j ≤ hi ∧ H ⇒ C, H free of j; side: C's terms defined on the range."""
    (p,) = premises
    index, lo, hi = (parse_expression(params[key]) for key in ("index", "lo", "hi"))
    if not _plain_index(index, True) or index not in p.variables or index in _variables(lo) | _variables(hi):
        raise Disagrees(f"{index} must be a plain integer variable of the premise, the range free of it")
    if not (_integral_form(lo) and _integral_form(hi)):
        raise Disagrees("an integer range needs integer-valued ends")
    outer, inner = _without_range(p.hypotheses, index, lo, hi)
    if inner:
        raise Disagrees(f"the premise's hypotheses {inner} depend on {index}")
    _same(goal, Every(p.conclusion, (index, lo, hi)), outer)
    try:
        terms = set().union(*(_domain(piece) for piece in _cut(p.conclusion))) - {sympy.true}
    except _NoDomain as err:
        raise Disagrees(f"the condition's terms have no written domain: {err}") from None
    return _sides(cert, [([*_known_domain(outer), *outer, sympy.Le(lo, index), sympy.Le(index, hi)], sympy.And(*terms))],
                  context)


def _truncate(goal: _Goal, premises: list, params: Mapping, cert: Mapping, context: RuleContext) -> list:
    """∫_lo^∞ f = ∫_lo^c f (or, recorded `converges`, Converges(∫_lo^∞ f): f continuous by its form and
    defined on [lo, ∞), the side) under lo ≤ c, from ∀ u: c ≤ u ∧ H ⇒ f = 0 with H free of u."""
    (p,) = premises
    index, lo, point = (parse_expression(params[key]) for key in ("index", "lo", "at"))
    if not _plain_index(index, False) or index not in p.variables:
        raise Disagrees(f"{index} must be a plain real variable of the premise")
    for end in (lo, point):
        if end.has(sympy.oo, -sympy.oo, sympy.zoo) or index in _variables(end):
            raise Disagrees(f"{end} must be finite and free of {index}")
    beyond = [h for h in p.hypotheses if type(h) in (sympy.LessThan, sympy.GreaterThan) and _link(h) == (point, "<=", index)]
    if not beyond:
        raise Disagrees(f"the premise does not range over u ≥ {point}")
    others = [h for h in p.hypotheses if h not in beyond]
    if any(index in _variables(h) for h in others):
        raise Disagrees(f"a hypothesis of the premise depends on {index}")
    left, op, right = _link(p.conclusion)
    if op != "=" or sympy.S.Zero not in (left, right):
        raise Disagrees("the premise does not say the integrand is 0")
    f = right if left == 0 else left
    if index in _indices(f):
        raise Disagrees(f"{index} is also bound inside {f}")
    whole = sympy.Integral(f, (index, lo, sympy.oo))
    assumed = [sympy.Le(lo, point), *others]
    if params.get("converges") is not True:
        _same(goal, sympy.Eq(whole, sympy.Integral(f, (index, lo, point)), evaluate=False), assumed)
        return _sides(cert, [], context)
    if not _continuous(f, index):
        raise Disagrees(f"{f} is not continuous by its form: its integral over [{lo}, {point}] may not exist")
    _same(goal, Converges(whole), assumed)
    try:
        needed = _domain(f) - {sympy.true}
    except _NoDomain as err:
        raise Disagrees(f"the integrand has no written domain: {err}") from None
    return _sides(cert, [([*_known_domain(assumed), *assumed, sympy.Le(lo, index)], sympy.And(*needed))], context)


def _diverge(goal: _Goal, premises: list, params: Mapping, cert: Mapping, context: RuleContext) -> list:
    """H ∧ Converges(∫_lo^∞ f) ⇒ c ≤ 0 from ∀ u: lo ≤ u ∧ H ⇒ c ≤ f, H and c free of u: an integrable function is not
    bounded below by a positive constant on a half-line."""
    (p,) = premises
    index, lo = parse_expression(params["index"]), parse_expression(params["lo"])
    if not _plain_index(index, False) or index not in p.variables:
        raise Disagrees(f"{index} must be a plain real variable of the premise")
    if lo.has(sympy.oo, -sympy.oo, sympy.zoo) or index in _variables(lo):
        raise Disagrees(f"{lo} must be finite and free of {index}")
    start = [h for h in p.hypotheses if type(h) in (sympy.LessThan, sympy.GreaterThan) and _link(h) == (lo, "<=", index)]
    if not start:
        raise Disagrees(f"the premise does not range over u ≥ {lo}")
    others = [h for h in p.hypotheses if h not in start]
    if any(index in _variables(h) for h in others):
        raise Disagrees(f"a hypothesis of the premise depends on {index}")
    low, op, f = _link(p.conclusion)
    if op not in ("<=", "<") or index in _variables(low):
        raise Disagrees("the premise does not bound the integrand below by a constant")
    if index in _indices(f):
        raise Disagrees(f"{index} is also bound inside {f}")
    _same(goal, sympy.Le(low, 0), [*others, Converges(sympy.Integral(f, (index, lo, sympy.oo)))])
    return _sides(cert, [], context)


def _rename(goal: _Goal, premises: list, params: Mapping, cert: Mapping, context: RuleContext) -> list:
    if premises:
        raise Disagrees("renaming an index rests on no premise")
    term, new = parse_expression(params["term"]), parse_expression(params["index"])
    if not (isinstance(term, _BINDING) and len(term.args) == 2 and isinstance(new, sympy.Symbol)):
        raise Disagrees(f"rename applies to a binder over one index, not {term}")
    old, *rest = term.args[1]
    if new.assumptions0 != old.assumptions0 or isinstance(new, Law) or new in _variables(term) | _indices(term):
        raise Disagrees(f"{new} is not a new index of the kind of {old}")
    renamed = type(term)(term.args[0].xreplace({old: new}), (new, *rest))
    _same(goal, (sympy.Equivalent if isinstance(term, _PROPOSITIONS) else sympy.Eq)(term, renamed), [])
    return _sides(cert, [], context)


#: exp, erf, erfc of an argument tending to −∞ (−1) or ∞ (1): their limits (read here, not from the prover).
_HALF_LINE_LIMITS = {sympy.exp: {-1: sympy.Integer(0)}, sympy.erf: {-1: sympy.Integer(-1), 1: sympy.Integer(1)},
                     sympy.erfc: {-1: sympy.Integer(2), 1: sympy.Integer(0)}}


def _half_line(goal: _Goal, premises: list, params: Mapping, cert: Mapping, context: RuleContext) -> list:
    """∫_{−∞}^b F' = F(b) − L (∫_a^∞ F' = L − F(a)), or Converges of it, for F = G(h_1, …, h_m), each h_i exp, erf or
    erfc of c_i·x + d_i: sides F, F' defined and F' ≥ 0 on the half-line; G at the limit point defined and each c_i
    of the sign that sends its argument to the recorded infinity."""
    G, x, lo, hi = (parse_expression(params[k]) for k in ("outer", "variable", "lo", "hi"))
    assumed = [parse_expression(h) for h in params.get("hypotheses", [])]
    if not _plain_index(x, False):
        raise Disagrees(f"{x} is not a plain real variable")
    below, above = _open_ends(lo, hi)
    if below == above:
        raise Disagrees("exactly one end must be infinite")
    end, b = (-1, hi) if below else (1, lo)
    inner = params.get("inner")
    if not isinstance(inner, list) or not inner:
        raise Disagrees("no inner terms recorded")
    names, hs, limits, signs = [], {}, {}, []
    for item in inner:
        if not (isinstance(item, list) and len(item) == 3 and item[2] in (-1, 1)):
            raise Disagrees(f"an inner term is recorded as {item!r}")
        s, h, tends = parse_expression(item[0]), parse_expression(item[1]), item[2]
        if not isinstance(s, sympy.Symbol) or s in names:
            raise Disagrees(f"{s} is not a new symbol")
        table = _HALF_LINE_LIMITS.get(type(h))
        if table is None or len(h.args) != 1 or tends not in table:
            raise Disagrees(f"{h} has no limit this rule knows as its argument tends to {tends}·∞")
        arg = h.args[0]
        slope = _derive(arg, x)
        if x in _variables(slope) or slope == 0 or x in _variables(sympy.expand(arg - slope * x)):
            raise Disagrees(f"the argument {arg} is not c·{x} + d with c ≠ 0 free of {x}")
        names.append(s)
        hs[s], limits[s] = h, table[tends]
        signs.append(sympy.Gt(slope, 0) if end * tends > 0 else sympy.Lt(slope, 0))
    if x in _variables(G) | _variables(b) or any(x in _variables(h) for h in assumed):
        raise Disagrees(f"the outer function, the finite end and the hypotheses must be free of {x}")
    if any(s in _variables(b) or any(s in _variables(h) for h in assumed) for s in names) or _indices(G):
        raise Disagrees("the symbols s_i must be new and the outer function bind nothing")
    if not _continuous(G):
        raise Disagrees(f"{G} is not continuous by its form")
    F = G.xreplace(hs)
    if not _differentiable(F, x):
        raise Disagrees(f"{F} is not differentiable by its form")
    first = _derive(F, x)
    if not _continuous(first, x):
        raise Disagrees(f"the derivative {first} is not continuous by its form")
    lost: list = []
    L = _substituted(G, limits, lost)
    term = sympy.Integral(first, (x, lo, hi))
    value = _substituted(F, {x: b}) - L if end == -1 else L - _substituted(F, {x: b})
    _same(goal, Converges(term) if params.get("converges") is True else sympy.Eq(term, value, evaluate=False), assumed)
    known = [*_known_domain(assumed), *assumed]
    facts = []
    for p in premises:  # a proved fact, read wherever every term of it is defined
        if not p.variables <= goal.variables | {x}:
            raise Disagrees(f"a premise has variables beyond {x} and the conclusion's")
        facts.append(sympy.Or(sympy.Not(sympy.And(*_domain_beyond(p.parts, goal.parts), *p.hypotheses)), p.conclusion))
    try:
        along = _domain(F) | _domain(first)
        there = _domain(L) | _domain(b) | _removed(lost, ()) | _exponents_changed([G], limits)
    except _NoDomain as err:
        raise Disagrees(f"a term has no written domain: {err}") from None
    line = sympy.Le(x, b) if end == -1 else sympy.Le(b, x)
    return _sides(cert, [([*known, *facts, line], sympy.And(*(along - {sympy.true}), sympy.Ge(first, 0))),
                         (known, sympy.And(*(there - {sympy.true}), *signs))], context)


def _joined(goal: _Goal, premises: list, params: Mapping, cert: Mapping, context: RuleContext) -> list:
    """Converges(∫_a^b f) under a ≤ c ≤ b and the definedness of ∫_a^c f and ∫_c^b f (integrable on both pieces)."""
    if premises:
        raise Disagrees("joining two integrable pieces rests on no premise")
    term, point = parse_expression(params["term"]), parse_expression(params["at"])
    assumed = [parse_expression(h) for h in params.get("hypotheses", [])]
    if not (isinstance(term, sympy.Integral) and len(term.args) == 2 and len(term.args[1]) == 3):
        raise Disagrees(f"joined applies to an Integral over one range, not {term}")
    body, (index, lo, hi) = term.args[0], term.args[1]
    below, above = _open_ends(lo, hi)
    if not _plain_index(index, False) or point.has(sympy.oo, -sympy.oo, sympy.zoo):
        raise Disagrees("a plain real variable and a finite split point")
    if index in _variables(point) | _variables(lo) | _variables(hi) | _indices(body) or \
            any(index in _variables(h) for h in assumed):
        raise Disagrees(f"the split point, the ends and the hypotheses must be free of {index}")
    between = ([] if below else [sympy.Le(lo, point)]) + ([] if above else [sympy.Le(point, hi)])
    halves = [(lo, point, below), (point, hi, above)]
    bounded = [(a, z) for a, z, infinite in halves if not infinite and _continuous(body, index)]
    try:  # a bounded piece with a continuous integrand: defined on it (side); any other: its own definedness
        needed = set().union(*(_domain(sympy.Integral(body, (index, a, z))) for a, z, _ in halves if (a, z) not in bounded))
        own = _domain(body) - {sympy.true}
    except _NoDomain as err:
        raise Disagrees(f"a piece has no written domain: {err}") from None
    needed -= {sympy.true}
    _same(goal, Converges(term), [*between, *assumed, *needed])
    given = [*_known_domain([*assumed, *between]), *assumed, *between, *needed]
    return _sides(cert, [([*given, sympy.Le(a, index), sympy.Le(index, z)], sympy.And(*own)) for a, z in bounded], context)


def _tends(goal: _Goal, premises: list, params: Mapping, cert: Mapping, context: RuleContext) -> list:
    """lim_{k→±∞} h(c·k + d) = L (or Converges) for h exp, erf, erfc with its argument tending to to·∞: side, the
    argument defined and its slope of the sign that sends it there."""
    if premises:
        raise Disagrees("a tabled limit rests on no premise")
    term, to = parse_expression(params["term"]), params.get("to")
    assumed = [parse_expression(h) for h in params.get("hypotheses", [])]
    if not (isinstance(term, sympy.Limit) and term.args[2] in (sympy.oo, -sympy.oo)) or to not in (-1, 1):
        raise Disagrees(f"a limit at ±∞ with a recorded direction ±1, not {term}, {to!r}")
    f, k, end = term.args[:3]
    if not _plain_index(k, None) or any(k in _variables(h) for h in assumed) or k in _indices(f):
        raise Disagrees(f"{k} must be a plain variable, free in the hypotheses and not bound in {f}")
    table = _HALF_LINE_LIMITS.get(type(f))
    if table is None or len(f.args) != 1 or to not in table:
        raise Disagrees(f"{f} has no tabled limit as its argument tends to {to}·∞")
    arg = f.args[0]
    slope = _derive(arg, k)
    if k in _variables(slope) or slope == 0 or k in _variables(sympy.expand(arg - slope * k)):
        raise Disagrees(f"the argument {arg} is not c·{k} + d with c ≠ 0 free of {k}")
    direction = 1 if end == sympy.oo else -1
    sign = sympy.Gt(slope, 0) if direction * to > 0 else sympy.Lt(slope, 0)
    _same(goal, Converges(term) if params.get("converges") is True else sympy.Eq(term, table[to]), assumed)
    try:
        there = _domain(arg) - {sympy.true}
    except _NoDomain as err:
        raise Disagrees(f"the argument has no written domain: {err}") from None
    return _sides(cert, [([*_known_domain(assumed), *assumed], sympy.And(*there, sign))], context)


# --------------------------------------------------------------------------------------------
# kernel7b: the domain of a bounded supremum (K4), this checker's own reading


def _supremum_domain(e: Sup | Inf) -> set:
    """A Sup (Inf) whose body has an empty domain (defined everywhere) and is bounded by its form by a
    bound free of the index: over a class, defined everywhere (a class has a member); over a real
    interval [lo, hi] of a plain real index (an end may be −∞ below, ∞ above), where the finite ends
    are defined and, both finite, lo ≤ hi. Any other supremum: _NoDomain."""
    body, limits = e.args
    if len(limits) == 1:
        if _domain(body) - {sympy.true} or not _bounded_form(body, {limits[0]}):
            raise _NoDomain(str(e))
        return set()
    index, lo, hi = limits
    if not _plain_index(index, False) or index in _variables(lo) or index in _variables(hi):
        raise _NoDomain(str(e))
    ends = []
    for end, infinite in ((lo, -sympy.oo), (hi, sympy.oo)):
        if end == infinite:
            continue
        if end.has(sympy.oo, -sympy.oo, sympy.zoo, sympy.nan):
            raise _NoDomain(str(e))
        ends.append(end)
    if _domain(body) - {sympy.true} or not _bounded_form(body, {index}):
        raise _NoDomain(str(e))
    out: set = set()
    for end in ends:
        out |= _domain(end)
    if len(ends) == 2:
        out.add(sympy.Le(lo, hi))
    return out - {sympy.true}


def _bounded_form(f: sympy.Basic, over: set) -> bool:
    """Bounded by a bound free of `over`, by the form of f alone (this checker's reading)."""
    if not _variables(f) & over:
        return True
    if isinstance(f, sympy.Indexed):
        return isinstance(f.base, Test) or _kernel_entry(f)
    if isinstance(f, (Sup, Inf)):
        return _bounded_form(f.args[0], over | {f.args[1][0]})
    if _case_split(f) is not None:
        a, _, b = _case_split(f)
        return _bounded_form(a, over) and _bounded_form(b, over)
    if isinstance(f, sympy.Pow):
        return f.exp.is_Integer and f.exp.is_positive and _bounded_form(f.base, over)
    if isinstance(f, (sympy.Add, sympy.Mul, sympy.Abs, sympy.Max, sympy.Min, sympy.exp)):
        return all(_bounded_form(a, over) for a in f.args)
    return False


def _kernel_entry(f: sympy.Basic) -> bool:
    """K[B, s] of a Markov kernel K, B an Event variable (kernel7b, K1)."""
    return isinstance(f, sympy.Indexed) and isinstance(f.base, MarkovKernel) and len(f.args) == 3 \
        and isinstance(f.args[1], Event)


# --------------------------------------------------------------------------------------------
# kernel7b: a point mass as a member of the laws, the empty event as a member of the events


def _named_member(goal: _Goal, term: Sup | Inf, point: sympy.Basic, params: Mapping, cert: Mapping,
                  context: RuleContext) -> list:
    """"dirac": f with each Expect(g, (s, P)) over the supremum's law P read as g(point), point a real term
    (no bound index, law or test; not captured; integer-valued by its form for an integer s), side:
    under the hypotheses, g defined at the point (its domain at s = point, and g(point)'s own).
    "empty": f with each B[t] and each K[B, t] of a Markov kernel read as 0; no side."""
    body, limits = term.args
    if len(limits) != 1:
        raise Disagrees(f"{term} runs over a range, not over a class")
    (v,) = limits
    hyps = [parse_expression(h) for h in params.get("hypotheses", [])]
    relation = sympy.Le if isinstance(term, Sup) else sympy.Ge
    if v in _indices(body):
        raise Disagrees(f"{v} is bound again inside {term}")
    wanted: list = []
    try:
        return _named_member_read(goal, term, body, v, point, params, hyps, relation, cert, context)
    except (TypeError, ValueError) as err:
        raise Disagrees(f"the body is no real term at the member: {err}") from None


def _named_member_read(goal, term, body, v, point, params, hyps, relation, cert, context) -> list:
    wanted: list = []
    if params["member"] == "empty":
        if _kind(v) != "events" or point != 0:
            raise Disagrees(f"the empty event is a member of the events only, not of {term}")
        gone = {e: sympy.Integer(0) for e in body.atoms(sympy.Indexed)
                if e.base == v or (_kernel_entry(e) and e.args[1] == v)}
        value = body.xreplace(gone)
    elif params["member"] == "dirac":
        if _kind(v) != "laws":
            raise Disagrees(f"a point mass is a member of the laws only, not of {term}")
        if not isinstance(point, sympy.Expr) or isinstance(point, Law) or _indices(point) or \
                any(isinstance(w, (Law, Test)) for w in _variables(point)) or _variables(point) & _indices(body):
            raise Disagrees(f"the point {point} is no real term free of binders, laws and tests, or it would be captured")
        if point.has(sympy.oo, -sympy.oo, sympy.zoo, sympy.nan):
            raise Disagrees(f"a point mass sits at a real number, not at {point}")
        try:
            reads, needed = {}, set(_domain(point))
        except _NoDomain as err:
            raise Disagrees(f"the point has no written domain: {err}") from None
        for e in sympy.preorder_traversal(body):
            if not (isinstance(e, Expect) and e.args[1][1] == v):
                continue
            g, s = e.args[0], e.args[1][0]
            if not _plain_index(s, None) or (s.is_integer and not _integral_form(point)) or v in _variables(g):
                raise Disagrees(f"{e} cannot be read at the point mass at {point}")
            at_point = _substituted(g, {s: point})
            try:
                needed |= {_substituted(c, {s: point}) for c in _domain(g)} | _domain(at_point)
            except _NoDomain as err:
                raise Disagrees(f"an expectation's body has no written domain: {err}") from None
            reads[e] = at_point
        value = body.xreplace(reads)
        if not reads:
            raise Disagrees(f"{v} is the law of no expectation in {term}")
        needed -= {sympy.true}
        if needed:
            wanted = [([*_known_domain(hyps), *hyps], sympy.And(*needed))]
    else:
        raise Disagrees(f"no member {params['member']!r}")
    if v in _variables(value):
        raise Disagrees(f"{v} occurs in {body} other than where the member reads it")
    _same(goal, relation(value, term), hyps)
    return _sides(cert, wanted, context)


# --------------------------------------------------------------------------------------------
# kernel7b: a supremum over a class that exists (K5), this checker's own reading


def _converges_over_class(rule: str) -> Callable:
    """H ⇒ Converges(Sup(f, (v,))) from ∀ v: H ⇒ f ≤ c (H, c free of v; ≥ for Inf) and a recorded member at
    which f is defined; side: under H and the supports (each as "a term undefined, a hypothesis false, or
    it"), f at the member and c are defined (a point mass: each expectation's body's domain at the point)."""
    def check(goal: _Goal, premises: list, params: Mapping, cert: Mapping, context: RuleContext) -> list:
        if not premises:
            raise Disagrees("a supremum that exists rests on its bound")
        p, supports = premises[0], premises[1:]
        v = parse_expression(params["index"])
        kind = _kind(v)
        if kind is None or kind != params.get("class"):
            raise Disagrees(f"{v} is no Law, Test or Event of the recorded class {params.get('class')!r}")
        if v not in p.variables or any(v in _variables(hyp) for hyp in p.hypotheses):
            raise Disagrees(f"the premise must hold for every {v}")
        a, op, b = _link(p.conclusion)
        f, bound = (a, b) if rule == "sup-converges" else (b, a)
        if op == "=" or v in _variables(bound) or v in _indices(f):
            raise Disagrees(f"the premise needs a bound free of {v}, and {v} free in f")
        try:
            return _converges_read(rule, goal, p, supports, v, f, bound, params, cert, context)
        except (TypeError, ValueError) as err:
            raise Disagrees(f"the body is no real term at the member: {err}") from None
    return check


def _converges_read(rule, goal, p, supports, v, f, bound, params, cert, context) -> list:
    if True:
        how, at_text = params["member"]
        point = parse_expression(at_text)
        needed: set = set()
        if how == "dirac":
            if _kind(v) != "laws":
                raise Disagrees("a point mass is a member of the laws only")
            if not isinstance(point, sympy.Expr) or isinstance(point, Law) or _indices(point) or \
                    any(isinstance(w, (Law, Test)) for w in _variables(point)) or _variables(point) & _indices(f):
                raise Disagrees(f"the point {point} is no real term free of binders, laws and tests, or is captured")
            reads: dict = {}
            try:
                needed |= _domain(point)
                for e in sympy.preorder_traversal(f):
                    if isinstance(e, Expect) and e.args[1][1] == v:
                        g, s = e.args[0], e.args[1][0]
                        if not _plain_index(s, None) or (s.is_integer and not _integral_form(point)) or v in _variables(g):
                            raise Disagrees(f"{e} cannot be read at the point mass at {point}")
                        reads[e] = _substituted(g, {s: point})
                        needed |= {_substituted(c, {s: point}) for c in _domain(g)}
            except _NoDomain as err:
                raise Disagrees(f"no written domain: {err}") from None
            value = f.xreplace(reads)
            if not reads or v in _variables(value):
                raise Disagrees(f"{v} must occur in f only as the law of an expectation")
        elif how == "variable":
            fits = isinstance(point, Law) if _kind(v) == "laws" else isinstance(point, Event if _kind(v) == "events" else Test)
            if not fits or point in _indices(f):
                raise Disagrees(f"{point} is not a member of the {_kind(v)} free in f")
            value = f.xreplace({v: point})
        else:
            raise Disagrees(f"no member {how!r}")
        term = (Sup if rule == "sup-converges" else Inf)(f, (v,))
        _same(goal, Converges(term), p.hypotheses)
        own = goal.variables | {v}
        assumed = []
        for q in supports:
            if not q.variables <= own:
                raise Disagrees("a support has variables beyond the goal's")
            guard = _domain_beyond(q.parts, goal.parts)
            assumed.append(sympy.Or(sympy.Not(sympy.And(*guard, *q.hypotheses)), q.conclusion))
        try:
            needed |= _domain(value) | _domain(bound)
        except _NoDomain as err:
            raise Disagrees(f"no written domain: {err}") from None
        side = [*_known_domain(p.hypotheses), *p.hypotheses, *assumed]
        return _sides(cert, [(side, sympy.And(*(needed - {sympy.true})))], context)


_RULES: dict[str, Callable] = {"decide": _decide, "instantiate": _instantiate, "apply": _apply, "rewrite": _rewrite,
                               "chain": _chain,
                               "combine": _combine,
                               "sum": _over_range("sum"), "integrate": _integrate,
                               "sup": _extremum("sup"), "inf": _extremum("inf"), "member": _member,
                               "expect": _expect, "integrable": _integrable,
                               "equally-integrable": _equally_integrable, "expect-as": _expect_almost_surely, "continuity": _continuity, "increasing": _from_derivatives("increasing"),
                               "tangent": _from_derivatives("tangent"), "ftc": _from_derivatives("ftc"),
                               "mean-value": _from_derivatives("mean-value"), "induction": _induction, "limit": _limit,
                               "unfold": _unfold, "linear": _linear, "swap": _swap, "rename": _rename, "split": _split,
                               "infinity": _infinity, "truncate": _truncate, "every": _every, "dominated": _dominated,
                               "improper": _half_line, "joined": _joined, "diverge": _diverge, "tends": _tends,
                               "sup-converges": _converges_over_class("sup-converges"),
                               "inf-converges": _converges_over_class("inf-converges")}
#: How many premises each rule takes (None: any number).
_ARITY = {"rewrite": 2, "instantiate": 1, "sum": 1, "integrate": 1, "sup": 1, "inf": 1, "member": 0, "expect": 1, "integrable": 0, "equally-integrable": 1, "expect-as": 1, "continuity": 0, "increasing": None, "tangent": 0, "ftc": 0, "mean-value": 0,
          "induction": 2, "limit": 2, "unfold": 0, "linear": 0, "swap": 0, "rename": 0, "split": 0, "infinity": 0, "truncate": 1, "every": 1, "dominated": None, "improper": None, "joined": 0, "diverge": 1, "tends": 0,
          "sup-converges": None, "inf-converges": None}


def _premise(entry: Mapping, context: RuleContext) -> _Goal:
    digest, claim = entry.get("digest"), entry.get("claim")
    if claim is None:
        canonical = context.own.get(digest)
        where = "this claim"
    else:
        canonical = context.used.get(claim, {}).get(digest) if claim in context.used else None
        where = f"the used claim {claim}" if claim in context.used else f"{claim}, which is not in this claim's uses"
    if canonical is None:
        raise Disagrees(f"the premise {digest} is not a certified goal of {where}")
    if _digest(canonical) != digest:
        raise Disagrees(f"the premise {digest} does not match its goal")
    return _Goal(canonical)


def replay(cert: Mapping, context: RuleContext) -> str:
    """Check one kernel step and return a one-line account of what was checked.

    `cert` is the rule certificate (keys ``rule``, ``goal``, ``digest``, ``premises``: a list of
    ``{digest, claim}``, ``side``: the side certificates, ``params``); `context`
    (:class:`~.context.RuleContext`) gives the certified goals of this claim (``own``) and of the
    claims it uses (``used``), and replays a nested side certificate (``replay``).

    Raises :class:`~.verdicts.Disagrees` when the step does not follow (an unknown rule, a premise
    missing, the conclusion not the rule's instance, a side condition not the rule's or refuted).
    """
    rule = cert.get("rule")
    check = _RULES.get(rule)
    if check is None:
        raise Disagrees(f"no schema for the rule {rule!r}: a step this checker cannot replay is refused")
    if _digest(cert["goal"]) != cert.get("digest"):
        raise Disagrees("the rule's conclusion does not match its digest")
    premises = [_premise(p, context) for p in cert.get("premises", [])]
    if _ARITY.get(rule) is not None and len(premises) != _ARITY[rule]:
        raise Disagrees(f"{rule} takes {_ARITY[rule]} premise(s), the certificate has {len(premises)}")
    details = check(_Goal(cert["goal"]), premises, cert.get("params", {}), cert, context)
    extra = f"; side: {'; '.join(details)}" if details else ""
    return f"{rule}: the conclusion is the rule's instance from {len(premises)} certified premise(s){extra}"
