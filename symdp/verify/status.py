"""A claim's proof status, computed from the facts it records, never asserted.

The evidence gives a claim its raw status (``proved``, ``checked``, ``erratum``, ``failed``). A
proof is then graded by what it covers and what it rests on; the grade is the weakest that
applies (strongest first):

====================== ======================================================================
machine-complete       every step by machine, on the whole stated domain, using only claims that
                       are machine-complete themselves
proved given           as above, but resting on cited results (``cited(author, result)``) or on
                       claims that are not machine-complete (only checked, restricted, …)
proved with prose      some steps are argued in words (``prose_steps``), or a used claim's are
restricted             the proof covers less than the paper's stated domain, or that it covers
                       all of it could not be decided
domain not recorded    the paper's domain (or the proof's) is not written down
checked / erratum /    the raw status
failed
====================== ======================================================================

"Whole stated domain" is decided: when both domains are given as relations, z3 shows that the
stated relations imply the proved ones (no point satisfies the stated domain and violates the
proved one); otherwise the two domains must be the same words.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Iterable, Mapping, Sequence

import sympy

from ..errors import ParameterError
from .facts import relations_from_json

#: Proof statuses, strongest first (the first five grade a ``proved`` claim).
PROOF_STATUSES = ("machine-complete", "proved given", "proved with prose", "restricted", "domain not recorded",
                  "checked", "erratum", "failed")
_RANK = {s: i for i, s in enumerate(PROOF_STATUSES)}

Z3_TIMEOUT_MS = 10000


def _words(text: object) -> str | None:
    return " ".join(str(text).split()) if text else None


def domain_coverage(stated: str | None, stated_relations: Sequence[sympy.Basic] | None, proved: str | None,
                    proved_relations: Sequence[sympy.Basic] | None) -> tuple[str, str]:
    """("whole" | "restricted" | "unrecorded", why): does the proved domain contain the stated one?

    A paper's domain given as relations is decided by :func:`implies` (stated ⇒ proved), which
    needs the proof's relations too; a domain in words only (not a set of real parameters) must
    be the same words (whitespace aside)."""
    if not _words(stated) or not _words(proved):
        which = "the paper's domain" if not _words(stated) else "the proof's domain"
        return "unrecorded", f"{which} is not recorded"
    if stated_relations is not None:
        if proved_relations is None:
            return "restricted", "undecided: the paper's domain is given as relations, the proof's is not"
        try:
            holds, why = implies(stated_relations, proved_relations)
        except ParameterError as err:  # e.g. a relation that is not polynomial: z3 cannot read it
            return "restricted", f"undecided: {err}"
        return ("whole" if holds else "restricted"), why
    if _words(stated) == _words(proved):
        return "whole", "the proved and stated domains are the same words"
    return "restricted", f"proved for {_words(proved)}; stated: {_words(stated)}"


def implies(premises: Sequence[sympy.Basic], conclusions: Sequence[sympy.Basic]) -> tuple[bool, str]:
    """(True, why) iff every real point satisfying `premises` (and their symbols' assumptions)
    satisfies `conclusions` (and theirs), decided by z3: premises ∧ ¬conclusions is unsat."""
    import z3

    from .decide import assumption_constraints, condition_to_z3

    names: dict = {}
    premise = z3.And(*[condition_to_z3(r, names) for r in premises], *assumption_constraints(_symbols(premises), names))
    conclusion = z3.And(*[condition_to_z3(r, names) for r in conclusions],
                        *assumption_constraints(_symbols(conclusions), names))
    solver = z3.Solver()
    solver.set("timeout", Z3_TIMEOUT_MS)
    solver.add(premise, z3.Not(conclusion))
    verdict = solver.check()
    if verdict == z3.unsat:
        return True, "z3: the stated relations imply the proved ones"
    if verdict == z3.sat:
        model = solver.model()
        point = ", ".join(f"{v} = {model.eval(z, model_completion=True)}" for v, z in names.items())
        return False, f"z3: a point of the stated domain outside the proved one: {point}"
    return False, f"z3 could not decide that the stated relations imply the proved ones ({solver.reason_unknown()})"


def _symbols(rels: Iterable[sympy.Basic]) -> list[sympy.Symbol]:
    found: set = set()
    for r in rels:
        found |= getattr(r, "free_symbols", set())
    return sorted(found, key=str)


def recorded_facts(data: Mapping) -> dict:
    """What ``establish`` recorded in a claim's evidence `data`, gathered over combined parts:
    ``domain`` (the words; several different ones are joined, so they match no stated domain),
    ``domain_relations`` (the conjunction: a combination proves the intersection), the older
    ``stated_domain`` keyword, ``uses`` and ``prose_steps``."""
    pieces = [data] + [part.get("data", {}) for part in data.get("parts", [])]
    # only `establish` writes a domain in words; a decision step (real_closed) keeps its own list of
    # constraints under the same key, which is no statement about the claim's domain
    pieces = [p for p in pieces if isinstance(p.get("domain"), str)] or [data]
    words = list(dict.fromkeys(_words(p["domain"]) for p in pieces if isinstance(p.get("domain"), str)
                               and _words(p["domain"])))
    stated = list(dict.fromkeys(_words(p["stated_domain"]) for p in pieces if _words(p.get("stated_domain"))))
    rels = [p.get("domain_relations") for p in pieces]
    facts = {"domain": "; ".join(words) or None, "stated_domain": "; ".join(stated) or None,
             "domain_relations": None if not rels or any(r is None for r in rels)
             else {k: [x for r in rels for x in r[k]] for k in ("text", "srepr")},
             "uses": [], "prose_steps": []}
    for piece in [data] + [part.get("data", {}) for part in data.get("parts", [])]:
        facts["uses"] += [u for u in piece.get("uses", []) if u not in facts["uses"]]
        facts["prose_steps"] += [s for s in piece.get("prose_steps", []) if s not in facts["prose_steps"]]
    return facts


def own_status(raw: str, facts: Mapping, stated: str | None, stated_relations: Mapping | None
               ) -> tuple[str, str, list[str]]:
    """(proof status, coverage, notes) of one claim from its raw status, its
    :func:`recorded_facts` and the paper's domain; uses of other claims are graded later by
    :func:`propagate`."""
    try:
        stated_rels, proved_rels = relations_from_json(stated_relations), relations_from_json(facts.get("domain_relations"))
    except (ValueError, SyntaxError, TypeError, RecursionError) as err:
        # a report file whose relations this reader refuses: nothing about the domain is decided
        return ("domain not recorded" if raw == "proved" else raw), "unrecorded", [f"unreadable relations: {err}"]
    coverage, why = domain_coverage(stated or facts.get("stated_domain"), stated_rels, facts.get("domain"), proved_rels)
    if raw != "proved":
        return raw, coverage, []
    notes = [why]
    status = "machine-complete"
    if coverage == "unrecorded":
        status = "domain not recorded"
    elif coverage == "restricted":
        status = "restricted"
    prose = facts.get("prose_steps") or []
    if prose:
        notes.append("prose steps: " + "; ".join(prose))
        status = _weakest(status, "proved with prose")
    cited = [u for u in facts.get("uses") or [] if isinstance(u, Mapping)]
    if cited:
        notes.append("given " + "; ".join(f"{c['author']}, {c['result']}" for c in cited))
        status = _weakest(status, "proved given")
    return status, coverage, notes


def domain_text(coverage: str, proved: str | None, stated: str | None, where: str | None) -> str:
    """The proof's domain against the paper's, in words: "whole stated domain: …",
    "restricted to … (stated: …, where)" or "domain not recorded: …"."""
    paper = ", ".join(t for t in (stated, where) if t) or "not recorded"
    if coverage == "whole":
        return f"whole stated domain: {proved} (stated: {paper})"
    if coverage == "restricted":
        return f"restricted to {proved} (stated: {paper})"
    return f"domain not recorded: proved for {proved or 'an unnamed domain'} (stated: {paper})"


def _weakest(a: str, b: str) -> str:
    return a if _RANK[a] >= _RANK[b] else b


def propagate(reports: Sequence) -> list:
    """The reports with each proof graded by the claims it uses: a used claim with prose steps
    passes them on ("proved with prose"); one that is not machine-complete (checked, restricted,
    absent from the run, or part of a cycle) makes the user "proved given" it."""
    by_id = {r.id: r for r in reports}
    final: dict[str, str] = {}

    def grade(rid: str, visiting: frozenset) -> str:
        if rid in final:
            return final[rid]
        r = by_id[rid]
        status = r.proof_status
        if status in PROOF_STATUSES[:3]:
            for used in (u for u in r.uses if isinstance(u, str)):
                if used not in by_id or used in visiting:
                    status = _weakest(status, "proved given")
                    continue
                other = grade(used, visiting | {rid})
                if other == "proved with prose":
                    status = _weakest(status, "proved with prose")
                elif other != "machine-complete":
                    status = _weakest(status, "proved given")
        final[rid] = status
        return status

    out = []
    for r in reports:
        status = grade(r.id, frozenset())
        notes = [n for n in r.proof_notes if not n.startswith("uses ")]
        for used in (u for u in r.uses if isinstance(u, str)):
            notes.append(f"uses {used} ({final.get(used, by_id[used].proof_status) if used in by_id else 'not in this run'})")
        out.append(replace(r, proof_status=status, proof_notes=notes) if (status, notes) != (r.proof_status, r.proof_notes)
                   else r)
    return out
