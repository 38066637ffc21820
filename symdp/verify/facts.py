"""The recorded facts a proof's status is computed from: cited results, prose steps, domains.

A claim records the paper's hypotheses (:func:`~symdp.verify.registry.claim`'s
``stated_domain``, ``stated_where``, ``stated_relations``); its evidence records the domain the
proof covers and what the proof rests on (:func:`~symdp.verify.evidence.establish`'s
``domain``, ``domain_relations``, ``uses``, ``prose_steps``). Relations are sympy relationals,
kept in the JSON both as text (for the reader) and as ``srepr`` (so that a report can decide
"proved domain ⊇ stated domain" again, with the symbols' assumptions intact).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import sympy

from ..errors import ParameterError


@dataclass(frozen=True)
class Cited:
    """A published result a proof rests on without proving it: ``author`` as a reader finds
    the paper ("Kairouz–Oh–Viswanath"), ``result`` its numbering ("Theorem 8")."""

    author: str
    result: str

    def to_json(self) -> dict:
        return {"author": self.author, "result": self.result}

    def __str__(self) -> str:
        return f"{self.author}, {self.result}"


def cited(author: str, result: str) -> Cited:
    """The cited result `result` of `author`, for ``establish(..., uses=[cited(...)])``."""
    author, result = " ".join(str(author).split()), " ".join(str(result).split())
    if not author or not result:
        raise ParameterError(f"cited(author, result) needs both, e.g. cited('Kairouz–Oh–Viswanath', 'Theorem 8'), "
                             f"got author={author!r}, result={result!r}")
    return Cited(author, result)


def uses_json(uses: Sequence[str | Cited]) -> list[str | dict]:
    """`uses` as JSON: claim ids stay strings, cited results become {"author", "result"}."""
    out: list[str | dict] = []
    for item in uses:
        if isinstance(item, Cited):
            out.append(item.to_json())
        elif isinstance(item, str) and item.strip():
            out.append(item.strip())
        else:
            raise ParameterError(f"uses must hold claim ids (str) and cited(author, result), got {item!r}")
    return out


def prose_json(steps: Sequence[str]) -> list[str]:
    """`steps` as JSON: short non-empty strings."""
    if isinstance(steps, str):
        raise ParameterError(f"prose_steps must be a sequence of strings, got the single string {steps!r}")
    out = [" ".join(str(s).split()) for s in steps]
    if not all(out):
        raise ParameterError("prose_steps must be non-empty strings such as 'induction on k'")
    return out


def relations(rels: Sequence[sympy.Basic] | None, name: str) -> tuple[sympy.Basic, ...] | None:
    """`rels` checked to be sympy conditions (relations, their And/Or/Not) without Floats; None
    stays None. A relation sympy already decided from its symbols' assumptions (``ε > 0`` for a
    positive ε is ``true``) is refused: it would record the whole line, having lost its symbol."""
    if rels is None:
        return None
    if isinstance(rels, sympy.Basic):
        rels = [rels]
    out = tuple(rels)
    for rel in out:
        if rel is sympy.true or rel is sympy.false:
            raise ParameterError(f"{name} must be relations sympy cannot decide alone, got {rel} (a relation implied by "
                                 "a symbol's assumptions, e.g. eps > 0 for a positive eps, evaluates to True: use a "
                                 "symbol without assumptions, Symbol('eps', real=True))")
        if not isinstance(rel, sympy.logic.boolalg.Boolean):
            raise ParameterError(f"{name} must be sympy relations such as eps > 0, got {rel!r}")
        if rel.has(sympy.Float):
            raise ParameterError(f"{name} must be exact (a Float reads its binary value), got {rel}")
    return out


def relations_json(rels: Sequence[sympy.Basic] | None) -> dict | None:
    """Relations as {"text": [...], "srepr": [...]}; None when none were recorded."""
    if rels is None:
        return None
    return {"text": [str(r) for r in rels], "srepr": [sympy.srepr(r) for r in rels]}


def relations_from_json(obj: dict | None) -> tuple[sympy.Basic, ...] | None:
    """The relations :func:`relations_json` recorded (symbols with their assumptions), read
    without eval (:func:`symdp.verify.recheck.parse_expression`): a report is a file anyone may
    hand over."""
    from .recheck import parse_expression

    if not obj:
        return None
    return tuple(parse_expression(s) for s in obj.get("srepr", []))
