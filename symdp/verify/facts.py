"""The recorded facts a proof's status is computed from: cited results, prose steps, relations,
goals and steps, and the results a proof names.

A claim records the paper's hypotheses (:func:`~symdp.verify.registry.claim`'s ``domain``,
``stated_domain``, ``stated_where``, ``stated_relations``); its evidence records the domain the
proof covers and what the proof rests on (:func:`~symdp.verify.evidence.establish`'s
``domain``, ``domain_relations``, ``uses``, ``prose_steps``). Relations are sympy relationals,
kept in the JSON both as text (for the reader) and as ``srepr`` (so that a report can decide
"proved domain ⊇ stated domain" again, with the symbols' assumptions intact).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping, Sequence

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


# --------------------------------------------------------------------------------------------
# goals and steps of a claim's evidence (docs/trust-chain.md)


def _proving_pieces(kind: str | None, data: Mapping) -> list[tuple[str | None, Mapping]]:
    """The pieces of evidence that carry a claim's statement: ``establish``'s statement evidence
    (not its cross-checks), each part of a combination, else the evidence itself."""
    statement = data.get("statement")
    if isinstance(statement, Mapping) and isinstance(statement.get("data"), Mapping):
        return _proving_pieces(statement.get("kind"), statement["data"])
    parts = data.get("parts")
    if isinstance(parts, list):
        return [p for part in parts if isinstance(part, Mapping) and isinstance(part.get("data"), Mapping)
                for p in _proving_pieces(part.get("kind"), part["data"])]
    return [(kind, data)]


def _certificates(value: object) -> list[Mapping]:
    """Every certificate held in `value` (under ``certificate`` / ``certificates``, at any depth,
    a rule's side certificates included), cross-checks aside."""
    found: list[Mapping] = []
    if isinstance(value, Mapping):
        for key, item in value.items():
            if key == "cross_checks":
                continue
            if key == "certificate" and isinstance(item, Mapping):
                found.append(item)
            elif key == "certificates" and isinstance(item, list):
                found += [c for c in item if isinstance(c, Mapping)]
            found += _certificates(item)
    elif isinstance(value, list):
        for item in value:
            found += _certificates(item)
    return found


#: The fields of a goal's canonical form (:meth:`symdp.verify.goals.Goal.canonical`).
CANONICAL = ("format", "variables", "hypotheses", "conclusion")


def claim_goals(kind: str | None, data: Mapping) -> list[dict]:
    """The formal goals a claim's evidence proves, for the report:
    ``[{"digest", "text", "canonical", "kind", "certified"}]``. A goal is certified when a
    certificate of the same evidence records its digest (``kind`` is then the certificate's
    kind); its canonical form is the evidence's, or, in a report (:func:`compact`), its
    certificate's. Evidence that records no goals (written before the trust chain) is shown from
    its data (an identity's sides, a decision's function and domain, a box's function and box)
    with ``digest`` None, certified when the piece carries a certificate at all."""
    out = []
    for piece_kind, piece in _proving_pieces(kind, data):
        certs = _certificates(piece)
        by_digest = {c.get("digest"): c for c in certs if isinstance(c.get("digest"), str)}
        recorded = piece.get("goals")
        if isinstance(recorded, list) and recorded:
            for g in recorded:
                if not isinstance(g, Mapping):
                    continue
                cert = by_digest.get(g.get("digest"))
                canonical = {k: g[k] for k in CANONICAL if k in g}
                if not canonical and cert is not None and isinstance(cert.get("goal"), Mapping):
                    canonical = {k: cert["goal"][k] for k in CANONICAL if k in cert["goal"]}
                out.append({"digest": g.get("digest"), "text": str(g.get("text", "")), "canonical": canonical,
                            "kind": cert.get("kind") if cert else piece_kind, "certified": cert is not None})
        else:
            out += [{"digest": None, "text": text, "canonical": None, "kind": piece_kind, "certified": bool(certs)}
                    for text in _shown_goals(piece_kind, piece)]
    return out


def compact(data: object) -> object:
    """A claim's evidence data as the report stores it: each goal once. A goal's canonical form is
    kept in the certificate that discharges it (which must record it: docs/trust-chain.md); the
    evidence's list of goals keeps its digest and text where a certificate beside it records the
    same goal (a goal without such a certificate keeps its form), and a kernel step's side
    certificate whose goal is the step's own keeps its digest only. A new structure: `data` is not
    changed."""
    if isinstance(data, list):
        return [compact(item) for item in data]
    if not isinstance(data, Mapping):
        return data
    out = {key: compact(value) for key, value in data.items()}
    if out.get("kind") == "rule" and isinstance(out.get("side"), list):
        # a side condition that is the step's own goal (a decide step without abstraction) names it
        # by digest: its form is the rule certificate's (the re-checker restores it from there)
        out["side"] = [{k: v for k, v in side.items() if k != "goal"}
                       if isinstance(side, Mapping) and side.get("digest") == out.get("digest")
                       and side.get("goal") == out.get("goal") else side for side in out["side"]]
    goals = data.get("goals")
    if isinstance(goals, list):
        held = {c.get("digest"): c.get("goal") for c in _own_certificates(data)}
        out["goals"] = [{"digest": g["digest"], "text": g.get("text", "")}
                        if isinstance(g, Mapping) and g.get("digest") in held
                        and held[g["digest"]] == {k: g[k] for k in CANONICAL if k in g} else g for g in goals]
    return out


def _own_certificates(data: Mapping) -> list[Mapping]:
    found = [c for c in data.get("certificates", []) if isinstance(c, Mapping)] \
        if isinstance(data.get("certificates"), list) else []
    return found + ([data["certificate"]] if isinstance(data.get("certificate"), Mapping) else [])


#: Python's operators in the report's notation (as :meth:`symdp.verify.goals.Goal.text` writes them).
_NOTATION = ((">=", "≥"), ("<=", "≤"), ("!=", "≠"), ("**", "^"))


def _shown_goals(kind: str | None, d: Mapping) -> list[str]:
    """What a piece of evidence without recorded goals proves, in words from its data."""
    texts = _data_goals(kind, d)
    for plain, sign in _NOTATION:
        texts = [t.replace(plain, sign) for t in texts]
    return texts


def _data_goals(kind: str | None, d: Mapping) -> list[str]:
    if kind == "identity" and "lhs" in d:
        lhs, rhs = d.get("lhs"), d.get("rhs")
        pairs = zip(lhs, rhs) if isinstance(lhs, list) and isinstance(rhs, list) else [(lhs, rhs)]
        return [f"{a} = {b}" for a, b in pairs]
    if kind == "decision" and "f" in d:
        if "interval" in d:
            return [f"∀ {d.get('variable', 'x')} ∈ {d['interval']}: {d['f']} ≥ 0"]
        where = d.get("domain") if isinstance(d.get("domain"), list) else []
        variables = ", ".join(map(str, d.get("variables", []))) or "x"
        return [f"∀ {variables}: " + (" ∧ ".join(map(str, where)) + " ⇒ " if where else "") + f"{d['f']} ≥ 0"]
    if kind == "inequality" and "box" in d:
        box = " × ".join(f"[{lo}, {hi}]" for lo, hi in d["box"])
        return [f"∀ x ∈ {box}: {d.get('f', 'f')} ≥ 0"]
    return []


def claim_steps(goals: Sequence[Mapping], facts: Mapping, data: Mapping) -> list[dict]:
    """The proof's steps in order (docs/trust-chain.md): each goal by machine (``"rule"`` when a
    kernel rule certifies it, with the rule's name), then the steps argued in words (``"prose"``),
    then the cited results (``"cited"``)."""
    rules = {c.get("digest"): c.get("rule") for c in _certificates(data) if c.get("kind") == "rule"}
    steps: list[dict] = []
    for g in goals:
        step = {"kind": "machine", "text": g.get("text", "")}
        if g.get("digest"):
            step["digest"] = g["digest"]
        if g.get("digest") in rules:  # a kernel step: shown with its rule's name
            step.update(kind="rule", rule=rules[g["digest"]])
        steps.append(step)
    steps += [{"kind": "prose", "text": s} for s in facts.get("prose_steps") or []]
    steps += [{"kind": "cited", "text": f"{u.get('author')}, {u.get('result')}"}
              for u in facts.get("uses") or [] if isinstance(u, Mapping)]
    return steps


# --------------------------------------------------------------------------------------------
# results a claim names but does not record in `uses`

#: A result of a paper named in text: "Theorem 13", "Proposition 16", "Lemma 2(b)".
NAMED_RESULT = re.compile(r"\b(Theorem|Lemma|Proposition|Corollary|Remark|Example)\s+(\d+[a-z]?)\b(?![.,]\d)")
#: A name inside a citation of another paper ("[30, Theorem 3]", "Theorem 3 of [30]", "Duchi et
#: al.'s Theorem 1") is not this paper's result; "the proof of Lemma 1" names the result a step
#: belongs to, not one it uses.
_ELSEWHERE_BEFORE = re.compile(r"(\[[^\]\n]{0,30}|(et al\.|[A-Z][a-z]+)['’]s\s+|proof of\s+)$")
_ELSEWHERE_AFTER = re.compile(r"^(\s*(of|in)\s+(\[|[A-Z][a-z]+\s+(et al\.|and|–))|['’]s proof)")


def result_key(label: str) -> str | None:
    """The numbered result a claim's label is about ("Theorem 18 (eq. 3)" → "Theorem 18")."""
    found = NAMED_RESULT.match(label.strip())
    return f"{found.group(1)} {found.group(2)}" if found else None


def named_results(text: str) -> set[str]:
    """The results `text` names ("Theorem 13"), citations of other papers aside."""
    out = set()
    for found in NAMED_RESULT.finditer(text):
        before, after = text[max(0, found.start() - 40):found.start()], text[found.end():found.end() + 30]
        if not _ELSEWHERE_BEFORE.search(before) and not _ELSEWHERE_AFTER.match(after):
            out.add(f"{found.group(1)} {found.group(2)}")
    return out


def function_text(file: str, name: str) -> str:
    """The docstring and the comments of the function(s) `name` of the module `file` — what its
    author wrote about the proof, not its code or its string literals ("" when the file or the
    function is not found)."""
    import ast
    import io
    import tokenize

    try:
        source = Path(file).read_text(encoding="utf-8")
        tree = ast.parse(source)
    except (OSError, SyntaxError, ValueError):
        return ""
    lines = source.splitlines(keepends=True)
    out = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == name:
            out.append(ast.get_docstring(node) or "")
            body = "".join(lines[node.lineno - 1:node.end_lineno])
            try:
                out += [tok.string for tok in tokenize.generate_tokens(io.StringIO(body).readline)
                        if tok.type == tokenize.COMMENT]
            except (tokenize.TokenError, IndentationError):
                out.append(body)
    return "\n".join(out)


def unrecorded_uses(claims: Sequence[Mapping], comments: Mapping[str, str]) -> list[tuple[str, str]]:
    """(claim id, result) for each result of the claim's own paper, or claim id, named in its
    evidence's detail or in its function's docstring and comments (``comments[id]``,
    :func:`function_text`) whose claims are not in its ``uses`` (nor among its cited results).
    `claims` are report claims (``id``, ``paper``, ``label``, ``detail``, ``data``, ``uses``); a
    claim's own result does not count, nor the words of its domain the report appends."""
    by_key: dict[tuple[str, str], set[str]] = {}
    ids = {c["id"] for c in claims}
    for c in claims:
        key = result_key(c["label"])
        if key:
            by_key.setdefault((c["paper"], key), set()).add(c["id"])
    missing = []
    for c in claims:
        statement = c.get("data", {}).get("statement")
        detail = statement.get("detail", "") if isinstance(statement, Mapping) else c.get("detail", "")
        text = f"{detail}\n{comments.get(c['id'], '')}"
        used = {u for u in c.get("uses", []) if isinstance(u, str)}
        cited_results = {u.get("result") for u in c.get("uses", []) if isinstance(u, Mapping)}
        own = result_key(c["label"])
        for key in sorted(named_results(text) - {own} - cited_results):
            if (c["paper"], key) in by_key and not by_key[(c["paper"], key)] & used:
                missing.append((c["id"], key))
        named_ids = set(re.findall(r"\b[a-z][a-z0-9-]*:[a-z0-9][a-z0-9.-]*[a-z0-9]\b", text)) & ids
        missing += [(c["id"], other) for other in sorted(named_ids - used - {c["id"]})]
    return missing
