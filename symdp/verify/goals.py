"""Formal goals: what a certificate proves, in one form every checker reads the same way.

A goal is a universally quantified implication over real variables::

    ∀ v₁, …, vₙ ∈ ℝ (with their sympy assumptions: positive, nonnegative, integer, …):
        h₁ ∧ … ∧ hₘ  ⇒  c

where the hypotheses hᵢ and the conclusion c are sympy relations (``Eq``, ``Ne``, ``<``, ``≤``,
``>``, ``≥``) or ``And``/``Or``/``Not`` of them. Every kind of statement evidence produces goals of
this form: an identity ``lhs = rhs`` (no hypotheses, or the domain where both sides are defined), a
box inequality (hypotheses ``lo ≤ x ≤ hi``, conclusion ``f ≥ 0``), a decided formula (the domain's
relations ⇒ ``f ≥ 0``), and a kernel step (:mod:`symdp.verify.kernel`), whose conclusion is again a
goal.

A goal is identified by its **digest**: the SHA-256 of its canonical JSON (the ``srepr`` of each
symbol, hypothesis and conclusion, keys sorted, no whitespace). sympy's ``srepr`` prints a
symbol's assumptions in the order the *first* symbol of that name was made with (its cache then
returns that object), so ``Symbol('k', integer=True, positive=True)`` may print either way round in
two processes: :func:`canonical_srepr` prints them sorted. The evidence of a claim lists the
digests of the goals it proves; each certificate records the goal it discharges and the same digest;
the re-checker (:mod:`symdp.verify.recheck`) re-derives the goal from the evidence with its own
translation and compares digests, so a certificate cannot be moved to another claim, edited, or
deleted without the replay disagreeing. The trust chain is documented in ``docs/trust-chain.md``.

Rendering (:meth:`Goal.text`) is for people: the report puts it beside the paper's verbatim quote.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Mapping, Sequence

import sympy
from sympy.printing.repr import ReprPrinter

from ..errors import ParameterError
from .recheck.terms import Event, Law, Test

#: The version of the goal format; a digest covers it, so a format change cannot alias an old goal.
FORMAT = 1


def _condition(rel: object, name: str) -> sympy.Basic:
    rel = sympy.sympify(rel)
    if not isinstance(rel, sympy.logic.boolalg.Boolean):
        raise ParameterError(f"{name} must be a sympy relation (==, <, <=, >, >=, !=) or And/Or/Not of them, got {rel!r}")
    if rel.has(sympy.Float):
        raise ParameterError(f"{name} must be exact (a Float reads its binary value), got {rel}")
    if rel is sympy.false and name == "hypothesis":
        raise ParameterError("a hypothesis is False, so the goal would hold vacuously (Python's == compares two "
                             "expressions' structure and gives False: write sympy.Eq(a, b) for an equation)")
    return rel


@dataclass(frozen=True)
class Goal:
    """∀ `variables`: `hypotheses` ⇒ `conclusion` (see the module docstring).

    `variables` lists every free symbol of the hypotheses and the conclusion (sorted by name when
    built by :func:`goal`); a symbol's sympy assumptions are part of the domain."""

    variables: tuple[sympy.Symbol, ...]
    hypotheses: tuple[sympy.Basic, ...]
    conclusion: sympy.Basic

    def canonical(self) -> dict:
        """The digested form: ``srepr`` strings only (symbols keep their assumptions)."""
        return {"format": FORMAT, "variables": [canonical_srepr(v) for v in self.variables],
                "hypotheses": [canonical_srepr(h) for h in self.hypotheses], "conclusion": canonical_srepr(self.conclusion)}

    @property
    def digest(self) -> str:
        """``sha256:<hex>`` of the canonical JSON."""
        return digest_of(self.canonical())

    def to_json(self) -> dict:
        """The canonical form, its digest and the readable text (the text is not digested)."""
        return {**self.canonical(), "digest": self.digest, "text": self.text()}

    @classmethod
    def from_json(cls, obj: Mapping) -> "Goal":
        """The goal a report records, read without eval (a report is a file anyone may hand over)."""
        from .recheck import parse_expression

        if obj.get("format") != FORMAT:
            raise ParameterError(f"goal format must be {FORMAT}, got {obj.get('format')!r}")
        return cls(tuple(parse_expression(v) for v in obj["variables"]),
                   tuple(parse_expression(h) for h in obj["hypotheses"]), parse_expression(obj["conclusion"]))

    def text(self) -> str:
        """∀ ε > 0, δ ∈ ℝ: δ ≥ 0 ⇒ lhs = rhs, in plain Unicode."""
        quantified = ", ".join(_declared(v) for v in self.variables)
        body = _show(self.conclusion)
        if self.hypotheses:
            body = " ∧ ".join(_show(h) for h in self.hypotheses) + " ⇒ " + body
        return f"∀ {quantified}: {body}" if quantified else body


def goal(conclusion: object, hypotheses: Sequence[object] = (), variables: Sequence[sympy.Symbol] | None = None) -> Goal:
    """The goal ∀ vars: hypotheses ⇒ conclusion; `variables` defaults to the free symbols, sorted by name.
    Listing a symbol that does not occur is allowed (it quantifies over nothing); omitting one that
    occurs is refused, so no parameter is left implicit."""
    concl = _condition(conclusion, "conclusion")
    hyps = tuple(_condition(h, "hypothesis") for h in hypotheses)
    free = set(concl.free_symbols).union(*(h.free_symbols for h in hyps))
    if variables is None:
        variables = sorted(free, key=lambda s: (str(s), canonical_srepr(s)))
    variables = tuple(variables)
    missing = free - set(variables)
    if missing:
        raise ParameterError(f"variables must list every free symbol of the goal; missing {sorted(map(str, missing))}")
    names = [str(v) for v in dict.fromkeys(variables)]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        # two variables of one name (n ∈ ℤ and n ∈ ℝ) print alike, and a solver that names its
        # variables by name (z3 in decide) would read them as one: a goal about both would be
        # proved about their diagonal only
        raise ParameterError(f"the goal has two different variables named {', '.join(twice)} (symbols of one name "
                             "with different assumptions): use one symbol, or different names")
    return Goal(variables, hyps, concl)


class _CanonicalRepr(ReprPrinter):
    """``srepr`` with a symbol's assumptions sorted by name (see the module docstring)."""

    def _print_Symbol(self, expr: sympy.Symbol) -> str:
        d = dict(expr._assumptions_orig)
        if expr.is_Dummy:
            d["dummy_index"] = expr.dummy_index
        attrs = "".join(f", {k}={v}" for k, v in sorted(d.items()))
        return f"{type(expr).__name__}({self._print(expr.name)}{attrs})"


def canonical_srepr(expr: object) -> str:
    """``srepr(expr)`` with every symbol's assumptions sorted: the same text in every process."""
    return _CanonicalRepr().doprint(expr)


def digest_of(canonical: Mapping) -> str:
    """``sha256:<hex>`` of `canonical` as compact JSON with sorted keys."""
    text = json.dumps(canonical, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return "sha256:" + hashlib.sha256(text.encode()).hexdigest()


def _declared(v: sympy.Symbol) -> str:
    if isinstance(v, Law):
        return f"{v} a probability law"
    if isinstance(v, Test):
        return f"{v} an event (ℝ → {{0, 1}})" if isinstance(v, Event) else f"{v} a test (ℝ → [0, 1])"
    if type(v).__name__ == "MarkovKernel":  # kernel7b
        return f"{v} a Markov kernel (K[B, s] = K(B|s))"
    kind = "ℤ" if v.is_integer else "ℝ"
    if v.is_positive:
        return f"{v} > 0" if kind == "ℝ" else f"{v} ∈ ℤ, {v} > 0"
    if v.is_nonnegative:
        return f"{v} ≥ 0" if kind == "ℝ" else f"{v} ∈ ℤ, {v} ≥ 0"
    return f"{v} ∈ {kind}"


#: sstr's operators in the report's notation.
_NOTATION = ((">=", "≥"), ("<=", "≤"), ("!=", "≠"), ("==", "="), ("**", "^"), ("sqrt", "√"))


def _show(rel: sympy.Basic) -> str:
    """One line: sstr with Eq(a, b) as a = b and the usual signs."""
    if isinstance(rel, sympy.Eq):
        text = f"{sympy.sstr(rel.lhs)} == {sympy.sstr(rel.rhs)}"
    elif isinstance(rel, sympy.Ne):
        text = f"{sympy.sstr(rel.lhs)} != {sympy.sstr(rel.rhs)}"
    else:
        text = sympy.sstr(rel)
    for plain, sign in _NOTATION:
        text = text.replace(plain, sign)
    return text


# --------------------------------------------------------------------------------------------
# the goals of each kind of evidence (docs/trust-chain.md, "Goals"), and their certificates


def _unevaluated(kind: type, lhs: object, rhs: object) -> sympy.Basic:
    # unevaluated: sympy would turn Eq(x, x) into True and 0 ≤ x into True for a nonnegative x,
    # and the goal would lose its content
    return kind(sympy.sympify(lhs), sympy.sympify(rhs), evaluate=False)


def equation(lhs: object, rhs: object) -> Goal:
    """∀ free symbols: lhs = rhs (where both sides are defined)."""
    return goal(_unevaluated(sympy.Eq, lhs, rhs))


def nonnegative(f: object, hypotheses: Sequence[object] = (), variables: Sequence[sympy.Symbol] | None = None) -> Goal:
    """∀ variables: hypotheses ⇒ f ≥ 0 (f defined and nonnegative). `variables` default to the free
    symbols; given, they are joined by the free symbols they miss."""
    concl = _unevaluated(sympy.GreaterThan, f, 0)
    if variables is not None:
        free = set(concl.free_symbols).union(*(sympy.sympify(h).free_symbols for h in hypotheses))
        variables = sorted(set(variables) | free, key=lambda s: (str(s), canonical_srepr(s)))
    return goal(concl, hypotheses, variables)


def interval(var: sympy.Symbol, lo: object, hi: object, open_ends: Sequence[bool] = (False, False)) -> list[sympy.Basic]:
    """The hypotheses lo ≤ var ≤ hi (``<`` at an open end; none at an infinite end)."""
    out = []
    for end, is_open, below in ((sympy.sympify(lo), open_ends[0], True), (sympy.sympify(hi), open_ends[1], False)):
        if end in (sympy.oo, -sympy.oo):
            continue
        kind = sympy.StrictLessThan if is_open else sympy.LessThan
        out.append(_unevaluated(kind, end, var) if below else _unevaluated(kind, var, end))
    return out


def certificate(kind: str, g: Goal, /, **replay: object) -> dict:
    """A certificate of `kind` for the goal `g`: the common fields (``kind``, ``goal``, ``digest``)
    and the kind's replay data."""
    return {"kind": kind, "goal": g.canonical(), "digest": g.digest, **replay}
