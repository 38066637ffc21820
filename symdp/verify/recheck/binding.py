"""Certificates bound to claims: the goals a claim's evidence states, re-derived here from its
recorded statement, and its status re-computed from its evidence (docs/trust-chain.md).

An evidence node is ``{"kind", "status", "detail", "data"}`` (a claim of the report is one, with
its ``evidence`` kind and ``status``). A node that proves something records ``data["formal"]``:
the statement in ``srepr`` form, one of

==============  ===========================================================================
form            goal(s) derived here
==============  ===========================================================================
identity        ``sides: [[lhs, rhs], …]``: one goal ``lhs = rhs`` per pair, no hypotheses
box             ``f, variables, box``: ``lo_i ≤ x_i ∧ x_i ≤ hi_i`` ⇒ ``f ≥ 0``
interval        ``f, variable, lo, hi, open``: the finite ends (``<`` where open) ⇒ ``f ≥ 0``
real_closed     ``f, variables, domain``: the domain's relations ⇒ ``f ≥ 0``
rule            the listed goals, each confirmed by its kernel step's replay (:mod:`.rules`)
==============  ===========================================================================

The goal's variables are the free symbols (with the listed ones), sorted by name; its canonical
JSON and digest are computed here, with this package's parser and printer. The node's listed
``goals`` must be exactly these, each with one certificate naming it (``goal`` and ``digest``),
and no certificate may name anything else. Nested nodes: ``statement`` and ``cross_checks``
(:func:`~symdp.verify.evidence.establish`), ``parts`` (``combine``), ``corrected`` and
``printed`` (``erratum``), ``derivative`` and ``decision`` (the nested proofs of a monotone or
compactified certificate).

The raw status is re-computed bottom-up: only a node with a statement and bound certificates is
proved; a check at points (``exact``, ``certified``) is at most checked; an erratum needs a false
printed statement and a corrected one that passes; ``combine`` takes the weakest part;
``establish`` the statement's status unless a cross-check failed. A report's status fields that
say more than this (a refuted, checked or erratum claim relabelled proved) disagree.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Iterator, Mapping, Sequence

from .parsing import canonical, parse_expression
from .verdicts import Disagrees

#: The goal format this package reads (``symdp.verify.goals.FORMAT``).
FORMAT = 1
STATUSES = ("proved", "checked", "erratum", "failed")
_RANK = {s: len(STATUSES) - i for i, s in enumerate(STATUSES)}
#: Proof statuses that grade a proved claim (``symdp.verify.status``).
PROVED_GRADES = ("machine-complete", "proved given", "proved with prose", "restricted", "domain not recorded",
                 "not tied")
#: Keys under which evidence nests evidence.
NESTED = ("statement", "cross_checks", "parts", "corrected", "printed", "derivative", "decision")


def digest_of(canonical_goal: Mapping) -> str:
    """``sha256:<hex>`` of the goal's compact JSON, keys sorted."""
    text = json.dumps(canonical_goal, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return "sha256:" + hashlib.sha256(text.encode()).hexdigest()


def _goal(conclusion: str, hypotheses: Sequence[str], listed: Sequence[str] = ()) -> dict:
    """The canonical goal ∀ vars: hypotheses ⇒ conclusion, its variables the free symbols of the
    texts (read unevaluated, so that nothing cancels away) with `listed`."""
    symbols = {parse_expression(v, evaluate=False) for v in listed}
    for text in [conclusion, *hypotheses]:
        symbols |= parse_expression(text, evaluate=False).free_symbols
    ordered = sorted(((str(s), canonical(s)) for s in symbols))
    return {"format": FORMAT, "variables": [c for _, c in ordered], "hypotheses": list(hypotheses),
            "conclusion": conclusion}


def _number(text: str) -> str:
    value = parse_expression(text)
    if not value.is_Rational:
        raise Disagrees(f"a box side {text!r} that is not a rational number")
    return canonical(value)


def derive(formal: Mapping) -> list[dict]:
    """The canonical goals a ``formal`` record states (table above)."""
    form = formal.get("form")
    if form == "identity":
        return [_goal(f"Equality({lhs}, {rhs})", []) for lhs, rhs in formal["sides"]]
    if form == "box":
        hyps = []
        for var, (lo, hi) in zip(formal["variables"], formal["box"], strict=True):
            hyps += [f"LessThan({_number(lo)}, {var})", f"LessThan({var}, {_number(hi)})"]
        return [_goal(f"GreaterThan({formal['f']}, Integer(0))", hyps, formal["variables"])]
    if form == "interval":
        var, hyps = formal["variable"], []
        (lo_open, hi_open) = formal["open"]
        if formal["lo"] not in ("-oo", "oo"):
            hyps.append(f"{'StrictLessThan' if lo_open else 'LessThan'}({formal['lo']}, {var})")
        if formal["hi"] not in ("-oo", "oo"):
            hyps.append(f"{'StrictLessThan' if hi_open else 'LessThan'}({var}, {formal['hi']})")
        return [_goal(f"GreaterThan({formal['f']}, Integer(0))", hyps, [var])]
    if form == "real_closed":
        return [_goal(f"GreaterThan({formal['f']}, Integer(0))", list(formal["domain"]), formal["variables"])]
    raise Disagrees(f"the statement's form {form!r} is not one this checker derives goals for")


# --------------------------------------------------------------------------------------------
# walking a claim's evidence


@dataclass
class Bound:
    """One certificate, bound to its goal: the evidence node holding it and the goal derived there."""

    cert: dict
    goal: dict | None
    node: dict
    problem: str = ""


@dataclass
class Walked:
    """What a claim's evidence gives: its re-computed raw status, the goals of its statement, every
    certificate (bound or not) and every inconsistency found on the way."""

    status: str
    goals: list = field(default_factory=list)
    certificates: list = field(default_factory=list)
    problems: list = field(default_factory=list)


def certificates_of(data: Mapping) -> list:
    """The certificates of an evidence node, copied; a kernel step's side certificate that names the
    step's own goal by digest only (stored once) gets the step's goal back, whose digest the replay
    checks against the side's."""
    out = [c for c in data.get("certificates", []) if isinstance(c, Mapping)]
    if isinstance(data.get("certificate"), Mapping):
        out.append(data["certificate"])
    copies = [dict(c) for c in out]
    for c in copies:
        if c.get("kind") == "rule" and isinstance(c.get("side"), list):
            c["side"] = [{**side, "goal": c.get("goal")} if isinstance(side, Mapping) and "goal" not in side
                         and side.get("digest") == c.get("digest") else side for side in c["side"]]
    return copies


def walk(node: Mapping, where: str = "") -> Walked:
    """Re-derive `node`'s goals, bind its certificates, re-compute its raw status (module docstring)."""
    data = node.get("data") if isinstance(node.get("data"), Mapping) else {}
    kind, recorded = str(node.get("kind") or ""), str(node.get("status") or "failed")
    if isinstance(data.get("statement"), Mapping):
        return _establish(data, where)
    if isinstance(data.get("parts"), list) and data["parts"]:
        return _combined(data, where)
    if kind == "erratum":
        return _erratum(data, where)
    if "formal" in data:
        return _proof(node, data, where)
    out = Walked(_weakest(recorded, "checked") if recorded != "failed" else "failed")
    if kind in ("exact", "certified") and data.get("compared") == 0:
        out.status = "failed"
    if certificates_of(data):
        out.problems.append(f"{where or 'the evidence'}: certificates without a statement (no 'formal' record)")
    for key in ("derivative", "decision"):
        if isinstance(data.get(key), Mapping):
            _absorb(out, walk(data[key], f"{where}{key}."))
    return out


def _weakest(a: str, b: str) -> str:
    a = a if a in _RANK else "failed"
    return a if _RANK[a] <= _RANK[b] else b


def _absorb(out: Walked, inner: Walked, goals: bool = False) -> None:
    out.certificates += inner.certificates
    out.problems += inner.problems
    if goals:
        out.goals += [g for g in inner.goals if g not in out.goals]


def _establish(data: Mapping, where: str) -> Walked:
    statement = walk(data["statement"], f"{where}statement.")
    out = Walked(statement.status, list(statement.goals))
    _absorb(out, statement)
    inner = data["statement"].get("data", {}) if isinstance(data["statement"].get("data"), Mapping) else {}
    # goals and certificates are stored once, under the statement; a copy beside it (an older
    # report's layout) must be the statement's own
    for key in ("formal", "goals", "certificate", "certificates", "parts"):
        if key in data and data[key] != inner.get(key):
            out.problems.append(f"{where}the claim's copy of its statement's {key!r} differs from the statement's")
    for i, check in enumerate(data.get("cross_checks") or []):
        checked = walk(check, f"{where}cross-check {i}.")
        _absorb(out, checked)
        if checked.status == "failed":
            out.status = "failed"
    return out


def _combined(data: Mapping, where: str) -> Walked:
    parts = [walk(p, f"{where}part {i}.") for i, p in enumerate(data["parts"])]
    out = Walked(min((p.status for p in parts), key=lambda s: _RANK.get(s, 0)))
    for p in parts:
        _absorb(out, p, goals=True)
    listed = {g.get("digest") for g in data.get("goals", []) if isinstance(g, Mapping)}
    if "goals" in data and listed != {digest_of(g) for g in out.goals}:
        out.problems.append(f"{where}the combined goals are not its parts' goals")
    return out


def _erratum(data: Mapping, where: str) -> Walked:
    corrected = walk(data["corrected"], f"{where}corrected.") if isinstance(data.get("corrected"), Mapping) else None
    out = Walked("failed")
    if corrected is not None:
        _absorb(out, corrected)
    if isinstance(data.get("printed"), Mapping):
        printed = walk(data["printed"], f"{where}printed.")
        out.problems += printed.problems
        if printed.status != "failed":
            out.problems.append(f"{where}the printed statement's evidence passes, so this is no erratum")
            return out
    if data.get("printed_holds") is False and corrected is not None and corrected.status in ("proved", "checked"):
        out.status = "erratum"
    return out


def _proof(node: Mapping, data: Mapping, where: str) -> Walked:
    """A node with a statement: its goals derived from ``formal``, each bound to one certificate."""
    out = Walked("failed")
    certs = certificates_of(data)
    formal = data["formal"]
    try:
        if isinstance(formal, Mapping) and formal.get("form") == "rule":
            derived = [dict(c["goal"]) for c in certs if c.get("kind") == "rule" and isinstance(c.get("goal"), Mapping)]
        else:
            derived = derive(formal)
    except Exception as err:  # a report is any file: whatever it holds, the claim disagrees, the run goes on
        out.problems.append(f"{where}the statement cannot be read: {type(err).__name__}: {str(err)[:200]}")
        out.certificates += [Bound(c, None, dict(data), "its evidence's statement cannot be read") for c in certs]
        return out
    digests = [digest_of(g) for g in derived]
    listed = [g.get("digest") for g in data.get("goals", []) if isinstance(g, Mapping)]
    if listed != digests:
        out.problems.append(f"{where}the goals the evidence lists are not the goals its statement states")
    for g in data.get("goals", []):
        # a report lists a goal by digest (its form is in its certificate); a listed form must be its digest's
        canon = {k: g.get(k) for k in ("format", "variables", "hypotheses", "conclusion")} if isinstance(g, Mapping) else {}
        if isinstance(g, Mapping) and "conclusion" in g and digest_of(canon) != g.get("digest"):
            out.problems.append(f"{where}a listed goal's digest is not the digest of its goal")
    claimed = {}
    for c in certs:
        goal, digest = c.get("goal"), c.get("digest")
        if not isinstance(goal, Mapping) or digest_of(goal) != digest:
            out.certificates.append(Bound(c, None, dict(data), "its digest is not the digest of the goal it names"))
        elif digest not in digests:
            out.certificates.append(Bound(c, None, dict(data), "it names no goal of its claim's statement"))
        else:  # a goal stated twice (an identity's repeated component) may carry two certificates
            claimed[digest] = c
            out.certificates.append(Bound(c, derived[digests.index(digest)], dict(data)))
    missing = [d for d in digests if d not in claimed]
    if missing:
        out.problems.append(f"{where}{len(missing)} of {len(digests)} goals have no certificate")
    out.goals = derived
    refuted = bool(data.get("refuted")) or "witness" in data
    if derived and not missing and not refuted and str(node.get("status")) != "failed":
        out.status = "proved"
    for key in ("derivative", "decision"):
        if isinstance(data.get(key), Mapping):
            _absorb(out, walk(data[key], f"{where}{key}."))
    for i, premise in enumerate(data.get("premises") or []):  # a kernel step's premises: proofs of this claim
        if isinstance(premise, Mapping):
            _absorb(out, walk(premise, f"{where}premise {i}."))
    return out


def status_problems(claim: Mapping, walked: Walked) -> list[str]:
    """Where the report's status fields say more than the evidence (or contradict each other)."""
    out = []
    reported = str(claim.get("status"))
    if reported not in _RANK:
        return [f"the status {reported!r} is not one of {STATUSES}"]
    if _RANK[reported] > _RANK[walked.status]:
        out.append(f"the report says {reported}, its evidence gives {walked.status}")
    grade = claim.get("proof_status")
    if grade in PROVED_GRADES and reported != "proved":
        out.append(f"the proof status {grade!r} grades a proof, but the status is {reported}")
    elif grade in STATUSES and grade != reported:
        out.append(f"the proof status {grade!r} differs from the status {reported}")
    if grade == "machine-complete":
        prose = [s for piece in _pieces(claim.get("data", {})) for s in piece.get("prose_steps") or []]
        cited = [u for piece in _pieces(claim.get("data", {})) for u in piece.get("uses") or [] if isinstance(u, Mapping)]
        if prose or claim.get("prose_steps"):
            out.append("machine-complete, yet the proof records prose steps")
        if cited:
            out.append("machine-complete, yet the proof rests on cited results")
    return out


def _pieces(data: object) -> Iterator[Mapping]:
    """`data` and the data of the evidence its proof is made of: its statement and its parts."""
    if isinstance(data, Mapping):
        yield data
        if isinstance(data.get("statement"), Mapping):
            yield from _pieces(data["statement"].get("data"))
        for part in data.get("parts") or []:
            if isinstance(part, Mapping):
                yield from _pieces(part.get("data"))
