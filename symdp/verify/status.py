"""A claim's proof status, computed from the facts it records, never asserted.

The evidence gives a claim its raw status (``proved``, ``checked``, ``erratum``, ``failed``). A
proof is then graded by what it covers and what it rests on; the grade is the weakest that
applies (strongest first):

====================== ======================================================================
machine-complete       the paper's passage is found verbatim (``quote``); the proof covers the
                       whole stated domain, decided by machine; every formal goal carries a
                       certificate; no step is prose, nothing is cited; every claim it uses is
                       machine-complete
proved given           as above, but resting on cited results (``cited(author, result)``), on
                       claims that are not machine-complete (only checked, restricted, …) or on
                       goals without a certificate (the prover's word alone)
proved with prose      some steps are argued in words (``prose_steps``), or a used claim's are,
                       or a goal's variables are not the domain's and only the requirements on
                       them fail (their instantiation at the paper's parameters is in words),
                       or a premise inside a goal's conclusion about the statement's objects is
                       tied to the domain by no machine (``antecedents``: a person reads it)
restricted             the proof covers less than the paper's stated domain, or that it covers
                       all of it could not be decided
domain not recorded    the paper's domain (or the proof's) is not machine-readable: words
                       decide nothing
not tied               the paper's passage (``quote``) is not found verbatim in the paper's text:
                       nothing ties the formal statement to the paper's words
checked / erratum /    the raw status
failed
====================== ======================================================================

"Whole stated domain" is decided (:mod:`symdp.verify.domains`): each item of the proof's domain
must follow from the paper's — typed items structurally, relations (and the side relations of the
typed items) syntactically or by z3 (no point satisfies the stated domain and violates the
proved one). A paper's domain that is empty (contradictory) decides nothing. Whatever a proof's
status, ``weak_uses`` lists the checked claims and errata it rests on through ``uses``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Iterable, Mapping, Sequence

import sympy

from ..errors import ParameterError
from . import covering, domains

#: Proof statuses, strongest first (the first six grade a ``proved`` claim).
PROOF_STATUSES = ("machine-complete", "proved given", "proved with prose", "restricted", "domain not recorded",
                  "not tied", "checked", "erratum", "failed")
_RANK = {s: i for i, s in enumerate(PROOF_STATUSES)}
#: The grades of a proof that covers the whole stated domain.
WHOLE = PROOF_STATUSES[:3]
#: What a used claim must be for a proof to rest on it safely; the others are "weak uses".
WEAK = ("checked", "erratum", "failed")

Z3_TIMEOUT_MS = 10000


def _words(text: object) -> str | None:
    return " ".join(str(text).split()) if text else None


def domain_coverage(stated: Sequence | None, proved: Sequence | None) -> tuple[str, str, str | None]:
    """("whole" | "restricted" | "unrecorded", why, decided by): does the proved domain contain
    the stated one? Both are lists of :mod:`~symdp.verify.domains` items (None: not recorded);
    decided by ``"exact"`` (every requirement is literally a premise), ``"z3"``, ``"structural"``
    (a typed item matched, its side relations decided), or None when undecided."""
    if stated is None or proved is None:
        which = "the paper's domain" if stated is None else "the proof's domain"
        return "unrecorded", f"{which} is not recorded in machine-readable form (words decide nothing)", None
    premises, declared = domains.conditions(stated)
    needed, needed_symbols, unmatched, structural = domains.requirements(stated, proved)
    if unmatched:
        return "restricted", "undecided: no item of the paper's domain implies " + "; ".join(unmatched), None
    open_ = [r for r in needed if r is not sympy.true and r not in premises]
    # a premise z3 cannot read (a function such as tanh) is left out: fewer premises imply less
    premises = [r for r in premises if _readable(r)]
    try:
        if (premises or declared) and implies(premises, [sympy.false], declared)[0]:
            return "restricted", "undecided: the paper's domain as recorded is empty (its relations contradict)", None
        by = "structural" if structural else "exact"
        if not open_ and set(needed_symbols) <= set(declared):
            return "whole", "every item of the proof's domain is an item of the paper's", by
        holds, why = implies(premises, open_, declared, needed_symbols)
    except ParameterError as err:  # e.g. a relation that is not polynomial: z3 cannot read it
        return "restricted", f"undecided: {err}", None
    if holds:
        return "whole", why, "structural" if structural else "z3"
    if why.startswith("z3: a point"):
        return "restricted", why, "structural" if structural else "z3"
    return "restricted", f"undecided: {why}", None


def _readable(rel: sympy.Basic) -> bool:
    from .decide import condition_to_z3

    try:
        condition_to_z3(rel, {})
    except ParameterError:
        return False
    return True


def implies(premises: Sequence[sympy.Basic], conclusions: Sequence[sympy.Basic],
            premise_symbols: Sequence[sympy.Symbol] = (), conclusion_symbols: Sequence[sympy.Symbol] = ()
            ) -> tuple[bool, str]:
    """(True, why) iff every real point satisfying `premises` (and the assumptions of their
    symbols and of `premise_symbols`: positive, integer, …) satisfies `conclusions` (and the
    assumptions of theirs and of `conclusion_symbols`), decided by z3: premises ∧ ¬conclusions is
    unsat. Unknown is not implied."""
    import z3

    from .decide import assumption_constraints, condition_to_z3

    names: dict = {}
    premise = z3.And(*[condition_to_z3(r, names) for r in premises],
                     *assumption_constraints(_symbols(premises, premise_symbols), names))
    conclusion = z3.And(*[condition_to_z3(r, names) for r in conclusions],
                        *assumption_constraints(_symbols(conclusions, conclusion_symbols), names))
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
    return False, f"z3 could not decide that the stated domain implies the proved one ({solver.reason_unknown()})"


def _symbols(rels: Iterable[sympy.Basic], extra: Iterable[sympy.Symbol] = ()) -> list[sympy.Symbol]:
    found: set = set(extra)
    for r in rels:
        found |= getattr(r, "free_symbols", set())
    return sorted(found, key=str)


def recorded_facts(data: Mapping) -> dict:
    """What ``establish`` recorded in a claim's evidence `data`, gathered over combined parts:
    ``domain`` (the words, for the reader; several different ones are joined), ``domain_items``
    (the machine-readable domain as :func:`symdp.verify.domains.to_json` items: the conjunction of
    the parts' — a combination proves the intersection — and None when a part records none), the
    older ``stated_domain`` keyword, ``uses`` and ``prose_steps``."""
    parts = list(_proof_nodes(data))
    # only `establish` writes a domain in words; a decision step (real_closed) keeps its own list of
    # constraints under the same key, which is no statement about the claim's domain
    pieces = [p for p in parts if isinstance(p.get("domain"), str)] or [data]
    words = list(dict.fromkeys(_words(p["domain"]) for p in pieces if isinstance(p.get("domain"), str)
                               and _words(p["domain"])))
    stated = list(dict.fromkeys(_words(p["stated_domain"]) for p in pieces if _words(p.get("stated_domain"))))
    found = [_domain_items(p) for p in pieces]
    facts = {"domain": "; ".join(words) or None, "stated_domain": "; ".join(stated) or None,
             "domain_items": None if not found or any(f is None for f in found) else [i for f in found for i in f],
             "uses": [], "prose_steps": []}
    for piece in parts:
        facts["uses"] += [u for u in piece.get("uses", []) if u not in facts["uses"]]
        facts["prose_steps"] += [s for s in piece.get("prose_steps", []) if s not in facts["prose_steps"]]
    return facts


def _proof_nodes(data: Mapping):
    """`data` and the data of every evidence its proof is made of, depth first: its statement
    (``establish``) and its parts (``combine``), not its cross-checks."""
    yield data
    statement = data.get("statement")
    if isinstance(statement, Mapping) and isinstance(statement.get("data"), Mapping):
        yield from _proof_nodes(statement["data"])
    for part in data.get("parts") or []:
        if isinstance(part, Mapping) and isinstance(part.get("data"), Mapping):
            yield from _proof_nodes(part["data"])


def _domain_items(piece: Mapping) -> list | None:
    """The machine-readable domain one ``establish`` recorded: its ``domain_items`` and the older
    ``domain_relations``; None when it recorded neither."""
    items, rels = piece.get("domain_items"), piece.get("domain_relations")
    if items is None and rels is None:
        return None
    return list(items or []) + relation_items(rels)


def relation_items(rels: Mapping | None) -> list[dict]:
    """Relations recorded as ``{"text": [...], "srepr": [...]}`` (the older form) as domain items."""
    if not rels:
        return []
    return [{"kind": "relation", "srepr": s, "text": t} for s, t in zip(rels.get("srepr", []), rels.get("text", []))]


def goals_coverage(raw: str, facts: Mapping, goals: Sequence[Mapping]) -> tuple[bool | None, str, list[dict]]:
    """(covered, note, per goal): for a proved claim, whether the proof's domain (its
    :func:`recorded_facts`' ``domain_items``) implies the hypotheses of every statement goal
    (:func:`symdp.verify.covering.goals_covered`); (None, "", []) for a claim that is not proved."""
    if raw != "proved":
        return None, "", []
    try:
        proved_items = domains.from_json(facts.get("domain_items"))
    except Exception as err:  # a report file whose domain this reader refuses: nothing about it is decided
        return None, f"the proof's domain cannot be read: {err}", []
    return covering.goals_covered(proved_items, goals)


def own_status(raw: str, facts: Mapping, stated: Sequence | None, quote_found: bool, goals: Sequence[Mapping],
               covered: tuple[bool | None, str] | None = None) -> tuple[str, str, str | None, list[str]]:
    """(proof status, coverage, domain decided by, notes) of one claim from its raw status, its
    :func:`recorded_facts`, the paper's domain (:func:`~symdp.verify.domains.to_json` items), whether
    its quote was found, its goals (:func:`~symdp.verify.facts.claim_goals`) and whether they cover
    the proof's domain (`covered`: :func:`goals_coverage`'s first two values, computed here when
    None); uses of other claims are graded later by :func:`propagate`. ``coverage`` is the domain
    inclusion (the proof's domain ⊇ the paper's); a proof whose goals do not cover its own domain
    is graded "restricted" whatever the inclusion (the author's domain is then an overstatement)."""
    try:
        stated_items, proved_items = domains.from_json(stated), domains.from_json(facts.get("domain_items"))
    except Exception as err:  # a report file whose domain this reader refuses: nothing about it is decided
        return ("domain not recorded" if raw == "proved" else raw), "unrecorded", None, [f"unreadable domain: {err}"]
    coverage, why, decided_by = domain_coverage(stated_items, proved_items)
    if raw != "proved":
        return raw, coverage, decided_by, []
    notes = [why]
    status = "machine-complete"
    if coverage == "unrecorded":
        status = "domain not recorded"
    elif coverage == "restricted":
        status = "restricted"
    if coverage != "unrecorded":
        if covered is None:
            goals_ok, goals_note, per_goal = goals_coverage(raw, facts, goals)
        else:
            (goals_ok, goals_note), per_goal = covered, goals
        if goals_ok is not True:
            failing = [g for g in per_goal if g.get("covered") is not True]
            unlinked = sorted({v for g in failing for v in g.get("unlinked") or ()})
            if failing and all(g.get("unlinked") for g in failing) and _auxiliary(unlinked, stated_items, proved_items):
                # true goals over variables the domain does not name: their instantiation at the
                # paper's parameters is a step in words, not a smaller domain
                notes.append(f"the goals' variables {', '.join(unlinked)} are not linked to the proof's domain "
                             f"(their instantiation is in words): {goals_note}")
                status = _weakest(status, "proved with prose")
            else:
                notes.append("the goals do not cover the proof's domain" + ("" if goals_ok is False else " (undecided)")
                             + f": {goals_note}")
                status = _weakest(status, "restricted")
        read = [g for g in per_goal if g.get("covered") is True and g.get("antecedents")]
        if read:
            # premises inside a conclusion about the statement's objects: their link to the paper's
            # domain (a typed item's meaning, or the "if" of the statement) is read in words
            notes.append(f"{len(read)} goals state premises inside their conclusion that no machine ties to the domain "
                         "(read beside the paper's words): "
                         + "; ".join(f"{_clip(g.get('text', '?'))}: {', '.join(g['antecedents'])}" for g in read[:3])
                         + ("; …" if len(read) > 3 else ""))
            status = _weakest(status, "proved with prose")
    if not quote_found:
        notes.append("the paper's passage (quote) is not found verbatim in its text")
        status = _weakest(status, "not tied")
    prose = facts.get("prose_steps") or []
    if prose:
        notes.append("prose steps: " + "; ".join(prose))
        status = _weakest(status, "proved with prose")
    cited = [u for u in facts.get("uses") or [] if isinstance(u, Mapping)]
    if cited:
        notes.append("given " + "; ".join(f"{c['author']}, {c['result']}" for c in cited))
        status = _weakest(status, "proved given")
    bare = [g for g in goals if not g.get("certified")]
    if not goals or bare:
        notes.append("no formal goal recorded" if not goals else
                     f"{len(bare)} of {len(goals)} goals without a certificate (the prover's word): "
                     + "; ".join(g.get("text", "?") for g in bare[:3]) + ("; …" if len(bare) > 3 else ""))
        status = _weakest(status, "proved given")
    return status, coverage, decided_by, notes


def _clip(text: str, limit: int = 160) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[:limit] + "…"


def _names(items: Sequence) -> set[str]:
    """The names of the variables a domain speaks of (its relations' symbols, declared symbols, the
    objects of its typed items): the set :mod:`~symdp.verify.covering` tells a goal's own variables from
    auxiliary ones by (:attr:`~symdp.verify.covering.Premises.names`)."""
    return covering.Premises.of(items).names


def _auxiliary(variables: Sequence[str], stated: Sequence, proved: Sequence) -> bool:
    """Are `variables` a lemma's auxiliary variables: named by neither domain, while the proof's
    domain names some parameter (a goal over a variable of the paper's statement, or over anything
    when the domain names nothing, is no lemma to instantiate: its failure restricts the proof)."""
    proved_names = _names(proved)
    return bool(proved_names) and not (set(variables) & (_names(stated) | proved_names))


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
    absent from the run, or part of a cycle) makes the user "proved given" it — except a used claim
    that is restricted only by its coverage and that the user takes only as certified goals
    (:func:`_through_lemmas`). Each proved claim's ``weak_uses`` lists the claims it rests on through
    ``uses`` (transitively, through proved claims) that are only checked, errata or failed."""
    by_id = {r.id: r for r in reports}
    final: dict[str, str] = {}

    def grade(rid: str, visiting: frozenset) -> str:
        if rid in final:
            return final[rid]
        r = by_id[rid]
        status = r.proof_status
        if status in WHOLE:
            for used in _claim_uses(r):
                if used not in by_id or used in visiting:
                    status = _weakest(status, "proved given")
                    continue
                other = grade(used, visiting | {rid})
                if other == "proved with prose":
                    status = _weakest(status, "proved with prose")
                elif other == "restricted" and _through_lemmas(r, by_id[used]) and all(
                        grade(u, visiting | {rid, used}) == "machine-complete" if u in by_id and u not in visiting | {rid}
                        else False for u in _claim_uses(by_id[used])):
                    pass  # only its certified goals are used, and they are true wherever their hypotheses hold
                elif other != "machine-complete":
                    status = _weakest(status, "proved given")
        final[rid] = status
        return status

    out = []
    for r in reports:
        status = grade(r.id, frozenset())
        notes = [n for n in r.proof_notes if not n.startswith("uses ")]
        for used in _claim_uses(r):
            notes.append(f"uses {used} ({final.get(used, by_id[used].proof_status) if used in by_id else 'not in this run'})")
        weak = weak_uses(r.id, by_id) if r.status == "proved" else []
        if (status, notes, weak) != (r.proof_status, r.proof_notes, r.weak_uses):
            r = replace(r, proof_status=status, proof_notes=notes, weak_uses=weak)
        out.append(r)
    return out


def _through_lemmas(user, used) -> bool:
    """May `user` rest on the restricted claim `used` as on a machine-complete one? Only when the user
    takes it as certified goals and nothing else: the user records no prose step and no cited result
    (its evidence is certificates only, so `used` enters only as the premises of kernel steps that
    name it, ``kernel.lemma``, each a certified goal of `used` that the re-check finds and replays);
    at least one such premise names it; and `used` is proved with no prose step and no cited result
    of its own (its grade "restricted" then says only that its goals do not cover its paper's domain,
    or its domain not the paper's: a statement about its claim, not about the truth of its certified
    goals, which hold wherever their hypotheses do — and the user's coverage check requires the
    user's domain to meet the hypotheses of the user's own goals that the kernel steps derived).
    The caller also requires every claim `used` uses to be machine-complete."""
    if user.prose_steps or any(not isinstance(u, str) for u in user.uses):
        return False
    if used.status != "proved" or used.prose_steps or any(not isinstance(u, str) for u in used.uses):
        return False
    certified = {g.get("digest") for g in (used.goals or []) if g.get("certified")}
    named = [p.get("digest") for p in _lemma_premises(user.data) if p.get("claim") == used.id]
    return bool(named) and all(d in certified for d in named)


def _lemma_premises(node: object) -> list[dict]:
    """The premises of every kernel rule certificate in a report's data that name a claim."""
    out: list = []
    if isinstance(node, Mapping):
        if node.get("kind") == "rule" and isinstance(node.get("premises"), list):
            out += [p for p in node["premises"] if isinstance(p, Mapping) and p.get("claim")]
        for v in node.values():
            out += _lemma_premises(v)
    elif isinstance(node, list):
        for v in node:
            out += _lemma_premises(v)
    return out


def _claim_uses(r) -> list[str]:
    return [u for u in r.uses if isinstance(u, str)]


def weak_uses(rid: str, by_id: Mapping) -> list[str]:
    """The claims `rid` rests on through ``uses``, transitively through proved claims, whose raw
    status is one of :data:`WEAK` (only checked, an erratum, failed), in the order first met."""
    found: list[str] = []
    seen = {rid}
    todo = list(_claim_uses(by_id[rid]))
    while todo:
        used = todo.pop(0)
        if used in seen or used not in by_id:
            continue
        seen.add(used)
        other = by_id[used]
        if other.status in WEAK:
            found.append(used)
        else:
            todo += _claim_uses(other)
    return found
