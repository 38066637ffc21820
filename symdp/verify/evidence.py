"""Evidence: what a claim returns, and how strong it is.

Each constructor runs its check and records the outcome in a frozen :class:`Evidence`:

========== ================================================================= ==========
kind       check                                                             passes as
========== ================================================================= ==========
identity   ``simplify(lhs − rhs) == 0`` in sympy                             proved
inequality interval branch-and-bound shows f ≥ 0 on a whole box (`boxes`)    proved
decision   exact decision of a real-algebraic inequality (`decide`)          proved
exact      two exact computations are equal (at sample points)               checked
certified  two certified enclosures overlap and agree to N digits            checked
erratum    the printed statement fails (witness recorded) and the corrected  erratum
           statement's own evidence passes
rule       a kernel step (:mod:`symdp.verify.kernel`) from proved premises   proved
========== ================================================================= ==========

A check that does not pass gives status ``failed`` with the reason in ``detail``; constructors
never raise for a failed check, so a claim reports rather than crashes. ``data`` is plain JSON.

Evidence that proves something binds the proof to its statement (docs/trust-chain.md): ``data``
holds ``formal`` (what the statement is, in ``srepr`` form: an identity's sides, a box's f and
sides, an interval, a decided domain), ``goals`` (the :class:`~symdp.verify.goals.Goal` of each
statement, as ``Goal.to_json()``) and ``certificates`` (or one ``certificate``), one per goal,
each naming its goal and digest. :func:`settled` checks before anything is returned that a proved
evidence has at least one goal and that every goal has a certificate. A check over zero cases
(nothing compared) fails: it would otherwise pass vacuously.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

import sympy
from flint import arb, fmpq

from ..certificate import ensure
from ..errors import ParameterError, SymdpError
from ..numbers import Real, certify, endpoints, exact
from . import boxes, domains, goals
from .facts import Cited, prose_json, relations, relations_json, uses_json
from .goals import canonical_srepr

#: Status vocabulary (API.md), strongest first.
STATUSES = ("proved", "checked", "erratum", "failed")
KINDS = ("identity", "inequality", "decision", "exact", "certified", "erratum", "rule")
_RANK = {s: len(STATUSES) - i for i, s in enumerate(STATUSES)}
_SHOWN = 200


@dataclass(frozen=True)
class Evidence:
    """The outcome of one check. ``kind`` is one of `KINDS` (several joined by ``+`` after
    :func:`combine`); ``status`` is one of `STATUSES`."""

    kind: str
    status: str
    detail: str
    data: dict = field(default_factory=dict, hash=False, compare=True)

    def __post_init__(self) -> None:
        if self.status not in STATUSES:
            raise ValueError(f"status must be one of {STATUSES}, got {self.status!r}")
        if not all(k in KINDS for k in self.kind.split("+")):
            raise ValueError(f"kind must be one of {KINDS} (joined by '+'), got {self.kind!r}")

    @property
    def passed(self) -> bool:
        """True unless the status is ``failed``."""
        return self.status != "failed"

    def to_json(self) -> dict:
        return {"kind": self.kind, "status": self.status, "detail": self.detail, "data": self.data}

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> "Evidence":
        return cls(obj["kind"], obj["status"], obj["detail"], dict(obj.get("data", {})))


def jsonable(value: object) -> object:
    """`value` as plain JSON: exact numbers and expressions become strings."""
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, int):
        return value if abs(value) < 2 ** 53 else str(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, Mapping):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    if isinstance(value, Evidence):
        return value.to_json()
    return _short(value)


def _short(value: object) -> str:
    text = str(value)
    return text if len(text) <= _SHOWN else text[:_SHOWN] + f"… ({len(text)} characters)"


def _is_sequence(value: object) -> bool:
    return isinstance(value, (list, tuple))


# --------------------------------------------------------------------------------------------
# identity


def _vanishes(diff: sympy.Expr) -> str | None:
    """The name of the first sympy route that reduces `diff` to 0, else None."""
    routes: list[tuple[str, Callable[[sympy.Expr], sympy.Expr]]] = [
        ("simplify", sympy.simplify),
        ("expand+simplify", lambda d: sympy.simplify(sympy.expand(d))),
        ("cancel", lambda d: sympy.cancel(sympy.together(d))),
        ("rewrite(exp)+simplify", lambda d: sympy.simplify(d.rewrite(sympy.exp))),
        # Max, Min, Abs: case by case
        ("piecewise+simplify", lambda d: sympy.simplify(sympy.piecewise_fold(d.rewrite(sympy.Piecewise)))),
    ]
    for name, route in routes:
        if route(diff) == 0:
            return name
    return None


def identity(lhs: object, rhs: object, detail: str = "sympy simplification") -> Evidence:
    """Proved iff sympy reduces ``lhs − rhs`` to 0 (sequences are compared elementwise);
    `detail` says how, in the report. Each component is one goal ``lhs = rhs`` with a certificate
    of kind ``identity``, which the re-checker replays by its own canonical forms."""
    lhs_seq, rhs_seq = (list(v) if _is_sequence(v) else [v] for v in (lhs, rhs))
    if len(lhs_seq) != len(rhs_seq):
        return Evidence("identity", "failed", f"{detail}: {len(lhs_seq)} left sides but {len(rhs_seq)} right sides", {})
    if not lhs_seq:
        return Evidence("identity", "failed", f"{detail}: nothing compared (no sides were given)", {})
    methods, stated, certified = [], [], []
    for i, (a, b) in enumerate(zip(lhs_seq, rhs_seq)):
        a, b = sympy.sympify(a), sympy.sympify(b)
        where = f" (component {i})" if len(lhs_seq) > 1 else ""
        method = _vanishes(a - b)
        if method is None:
            residue = sympy.simplify(a - b)
            return Evidence("identity", "failed", f"{detail}: lhs − rhs does not simplify to 0{where}; it is {_short(residue)}",
                            {"lhs": jsonable(a), "rhs": jsonable(b), "residue": jsonable(residue)})
        try:
            g = goals.equation(a, b)
        except ParameterError as err:
            return Evidence("identity", "failed", f"{detail}: the goal cannot be stated{where}: {err}", {})
        methods.append(method)
        stated.append([canonical_srepr(a), canonical_srepr(b)])
        certified.append((g, goals.certificate("identity", g, route=method)))
    data = {"lhs": jsonable(lhs), "rhs": jsonable(rhs), "methods": sorted(set(methods)),
            **bound({"form": "identity", "sides": stated}, certified)}
    return settled(Evidence("identity", "proved", detail, data))


def bound(formal: dict, certified: Sequence[tuple[goals.Goal, dict]]) -> dict:
    """The data fields that bind a proof to its statement: ``formal`` (the statement as the
    re-checker reads it), ``goals`` and one certificate per goal (``certificates``)."""
    return {"formal": formal, "goals": [g.to_json() for g, _ in certified], "certificates": [c for _, c in certified]}


# --------------------------------------------------------------------------------------------
# exact agreement


def _exact_value(value: object) -> sympy.Expr:
    if isinstance(value, float):
        raise SymdpError(f"{value!r} is a float, not an exact value")
    if isinstance(value, Real) and value.exact is None:
        raise SymdpError("a certified Real without exact form is not an exact value")
    return exact(value)


def _exactly_equal(a: sympy.Expr, b: sympy.Expr) -> bool:
    if a == b:
        return True
    if a.is_Rational and b.is_Rational:
        return False
    return sympy.expand(a - b) == 0 or sympy.simplify(a - b) == 0


def exact_agreement(a: object, b: object, detail: str) -> Evidence:
    """Checked iff `a` and `b` are exactly equal (numbers, sympy values; sequences elementwise)."""
    a_seq, b_seq = (list(v) if _is_sequence(v) else [v] for v in (a, b))
    if len(a_seq) != len(b_seq):
        return Evidence("exact", "failed", f"{detail}: {len(a_seq)} values against {len(b_seq)}",
                        {"a": jsonable(a), "b": jsonable(b)})
    if not a_seq:
        return Evidence("exact", "failed", f"{detail}: nothing compared (both lists of values are empty)", {"compared": 0})
    mismatches = []
    for i, (x, y) in enumerate(zip(a_seq, b_seq)):
        try:
            ex, ey = _exact_value(x), _exact_value(y)
        except (SymdpError, ValueError) as err:
            return Evidence("exact", "failed", f"{detail}: component {i}: {err}", {})
        if not _exactly_equal(ex, ey):
            mismatches.append({"index": i, "a": jsonable(ex), "b": jsonable(ey)})
    data = {"compared": len(a_seq), "mismatches": mismatches[:5]}
    if mismatches:
        first = mismatches[0]
        return Evidence("exact", "failed", f"{detail}: {len(mismatches)} of {len(a_seq)} differ; first at "
                        f"{first['index']}: {first['a']} ≠ {first['b']}", data)
    if len(a_seq) == 1:
        data["value"] = jsonable(_exact_value(a_seq[0]))
    return Evidence("exact", "checked", detail, data)


# --------------------------------------------------------------------------------------------
# certified agreement


def _ends(ball: arb) -> tuple[fmpq, fmpq]:
    # Rounded outward at a precision beyond the midpoint's own bits, so nearly exact.
    return endpoints(ball, ball.bits() + 64)


def _agree(x: object, y: object, digits: int) -> tuple[bool, dict]:
    cx, cy = certify(x, digits), certify(y, digits)
    info = {"a": cx.decimal, "b": cy.decimal,
            "a_bounds": [cx.lower, cx.upper], "b_bounds": [cy.lower, cy.upper]}
    if cx.decimal == "0" and cy.decimal == "0":
        return True, info
    (alo, ahi), (blo, bhi) = _ends(cx.ball), _ends(cy.ball)
    if not (alo <= bhi and blo <= ahi):
        return False, info
    if cx.decimal == cy.decimal:
        return True, info
    # Both roads are certified but may round to neighbouring last digits: sharpen them and ask
    # that the union of the enclosures be narrower than one unit in the `digits`-th place.
    fx, fy = certify(x, digits + 5), certify(y, digits + 5)
    (alo, ahi), (blo, bhi) = _ends(fx.ball), _ends(fy.ball)
    lo, hi = min(alo, blo), max(ahi, bhi)
    scale = max(abs(lo), abs(hi))
    return (alo <= bhi and blo <= ahi) and (hi - lo) * 10 ** digits < scale, info


def certified_agreement(a: object, b: object, digits: int, detail: str) -> Evidence:
    """Checked iff both values (exact or :class:`Real`; sequences elementwise) certify, their
    enclosures overlap, and they agree to `digits` significant digits."""
    a_seq, b_seq = (list(v) if _is_sequence(v) else [v] for v in (a, b))
    if len(a_seq) != len(b_seq):
        return Evidence("certified", "failed", f"{detail}: {len(a_seq)} values against {len(b_seq)}", {})
    if not a_seq:
        return Evidence("certified", "failed", f"{detail}: nothing compared (both lists of values are empty)",
                        {"digits": digits, "compared": 0})
    compared = []
    for i, (x, y) in enumerate(zip(a_seq, b_seq)):
        try:
            ok, info = _agree(x, y, digits)
        except (SymdpError, ValueError) as err:
            return Evidence("certified", "failed", f"{detail}: component {i} could not be certified: {err}",
                            {"digits": digits})
        compared.append(info)
        if not ok:
            return Evidence("certified", "failed", f"{detail}: component {i} disagrees at {digits} digits: "
                            f"{info['a']} vs {info['b']}", {"digits": digits, "values": compared[-1:]})
    return Evidence("certified", "checked", detail, {"digits": digits, "compared": len(compared), "values": compared[:5]})


# --------------------------------------------------------------------------------------------
# inequality on a box


def inequality_on_box(f: object, box: Sequence[Sequence[object]], detail: str = "interval branch and bound",
                      max_boxes: int = boxes.MAX_BOXES, *,
                      variables: Sequence[sympy.Symbol] | None = None,
                      gradient: Callable[..., Sequence[arb]] | None = None,
                      prec: int = boxes.PREC, order: int | None = None) -> Evidence:
    """Proved iff :func:`boxes.prove_nonnegative` shows ``f ≥ 0`` on every point of `box`.

    `f` is a sympy expression in `variables` (default: free symbols sorted by name) or a
    function of one arb ball per side; `box` is a list of (lo, hi) exact rationals; `order`
    chooses the Taylor forms in one variable (None: escalate where first-order enclosures
    stall; see :mod:`boxes`). A proof of a sympy `f` carries its certificate. `detail` says
    how, in the report (as for :func:`identity`, optional).
    """
    result = boxes.prove_nonnegative(f, box, variables=variables, gradient=gradient, max_boxes=max_boxes, prec=prec,
                                     order=order)
    sides = boxes.as_box(box)
    data = {"box": [[str(lo), str(hi)] for lo, hi in sides], "boxes": result.boxes}
    if isinstance(f, sympy.Basic):
        data["f"] = _short(f)
    if result.status == "proved":
        if result.certificate is None:
            return settled(Evidence("inequality", "checked", f"{detail} ({result.boxes} boxes; f is a function of arb "
                                    "balls, which states no goal a re-checker can replay: checked, not proved)", data))
        symbols = boxes.box_variables(f, variables)
        g = goals.nonnegative(f, [h for s, (lo, hi) in zip(symbols, sides) for h in goals.interval(s, lo, hi)], symbols)
        cert = {**goals.certificate("boxes", g), **result.certificate}
        formal = {"form": "box", "f": cert["f"], "variables": cert["variables"], "box": data["box"]}
        data.update(bound(formal, [(g, cert)]))
        return settled(Evidence("inequality", "proved", f"{detail} ({result.boxes} boxes)", data))
    if result.status == "refuted":
        point = [str(q) for q in result.witness]
        data.update(witness=point, value=result.value, refuted=True)
        return settled(Evidence("inequality", "failed", f"{detail}: refuted, f({', '.join(point)}) ∈ {result.value} < 0",
                                data))
    data["reason"] = result.reason
    return settled(Evidence("inequality", "failed", f"{detail}: undecided, {result.reason}", data))


def settled(ev: Evidence) -> Evidence:
    """`ev` once the prover's invariants are verified through :func:`symdp.certificate.ensure`: a
    proved evidence never carries a witness (nor a refutation mark), a refutation
    (``data["refuted"]``) always carries one and fails; a proved evidence states at least one goal
    and every goal it states has a certificate (in its own ``certificates`` or in its parts')."""
    refuted = bool(ev.data.get("refuted"))
    ensure(not (ev.status == "proved" and ("witness" in ev.data or refuted)),
           "a proved inequality carries no witness", detail=ev.detail)
    ensure(not refuted or (ev.status == "failed" and bool(ev.data.get("witness"))),
           "a refutation fails and carries a witness", detail=ev.detail)
    if ev.status == "proved":
        stated = stated_digests(ev.data)
        ensure(stated, "a proof states at least one goal", detail=ev.detail)
        missing = set(stated) - certified_digests(ev.data)
        ensure(not missing, "every goal of a proof has a certificate", detail=ev.detail, missing=sorted(missing))
    return ev


def stated_digests(data: Mapping) -> list[str]:
    """The digests of the goals `data` states: its own ``goals`` (a leaf's goals, a combination's
    references to its parts'), else its statement's (``establish``)."""
    if isinstance(data.get("goals"), list):
        return [g.get("digest") for g in data["goals"] if isinstance(g, Mapping)]
    statement = data.get("statement")
    if isinstance(statement, Mapping) and isinstance(statement.get("data"), Mapping):
        return stated_digests(statement["data"])
    return []


def certified_digests(data: Mapping) -> set[str]:
    """The digests of the goals `data`'s certificates discharge, its parts' and its statement's included."""
    found = {c.get("digest") for c in data.get("certificates", []) if isinstance(c, Mapping)}
    if isinstance(data.get("certificate"), Mapping):
        found.add(data["certificate"].get("digest"))
    for child in data.get("parts", []) + ([data["statement"]] if isinstance(data.get("statement"), Mapping) else []):
        found |= certified_digests(child.get("data", {}))
    return found


# --------------------------------------------------------------------------------------------
# erratum


#: How much an erratum matters (README errata table, report): a wrong result, a slip of notation
#: or arithmetic that the surrounding text corrects, a gap in a proof of a true statement, or a minor
#: imprecision (an informal remark, a threshold that does not change the result).
ERRATUM_KINDS = ("substantive", "typo", "proof gap", "minor")


def erratum(printed_holds: bool | Evidence, witness: Mapping[str, object], corrected: Evidence, detail: str, *,
            corrected_statement: str = "", kind: str | None = None, reading: str = "") -> Evidence:
    """Status ``erratum`` iff the printed statement is false and the corrected one passes.

    `kind` grades it (one of `ERRATUM_KINDS`); `reading` says how an undefined or ambiguous
    printed symbol was read, when the erratum rests on a reading.

    `printed_holds` is a bool or the evidence for the printed statement (it holds iff that
    evidence passed); `witness` is where the printed statement fails (parameters and both
    sides, say); `corrected` is the evidence for the corrected statement, which
    `corrected_statement` states.
    """
    if isinstance(witness, Evidence) and isinstance(corrected, Mapping):
        # The order first announced to claim authors: erratum(printed, corrected, witness, detail).
        witness, corrected = corrected, witness
    if not isinstance(corrected, Evidence):
        raise TypeError(f"corrected must be an Evidence, got {type(corrected).__name__}")
    printed = printed_holds.passed if isinstance(printed_holds, Evidence) else bool(printed_holds)
    if kind is not None and kind not in ERRATUM_KINDS:
        raise ValueError(f"kind must be one of {ERRATUM_KINDS}, got {kind!r}")
    data = {"printed_holds": printed, "witness": jsonable(dict(witness)), "corrected": corrected.to_json(),
            "corrected_statement": corrected_statement, "kind": kind, "reading": reading}
    if isinstance(printed_holds, Evidence):
        data["printed"] = printed_holds.to_json()
    if printed:
        return Evidence("erratum", "failed", f"{detail}: the printed statement holds, so this is no erratum", data)
    if corrected.status not in ("proved", "checked"):
        return Evidence("erratum", "failed", f"{detail}: the corrected statement is not established: {corrected.detail}", data)
    return Evidence("erratum", "erratum", detail, data)


# --------------------------------------------------------------------------------------------
# several pieces


def combine(*evidences: Evidence, detail: str = "") -> Evidence:
    """All pieces must pass; the status is the weakest of them (proved > checked > erratum)."""
    pieces = [e for item in evidences for e in (item if _is_sequence(item) else [item])]
    if not pieces or not all(isinstance(e, Evidence) for e in pieces):
        raise TypeError("combine() takes one or more Evidence objects")
    if len(pieces) == 1 and not detail:
        return pieces[0]
    kind = "+".join(dict.fromkeys(e.kind for e in pieces))
    status = min((e.status for e in pieces), key=_RANK.__getitem__)
    failed = [e for e in pieces if not e.passed]
    text = "; ".join(e.detail for e in (failed or pieces))
    if detail:
        text = f"{detail}: {text}"
    # each goal is stored once, in the part that proves it: the combination lists references
    # (digest and text), in the parts' order
    texts = {g.get("digest"): g.get("text", "") for e in pieces for g in _goals_of(e.data)}
    data = {"parts": [e.to_json() for e in pieces]}
    stated = list(dict.fromkeys(d for e in pieces for d in stated_digests(e.data)))
    if stated:
        data["goals"] = [{"digest": d, "text": texts.get(d, "")} for d in stated]
    return settled(Evidence(kind, status, text, data))


def _goals_of(data: Mapping) -> list[Mapping]:
    """The goal entries `data` lists, its statement's when it lists none (``establish``)."""
    if isinstance(data.get("goals"), list):
        return [g for g in data["goals"] if isinstance(g, Mapping)]
    statement = data.get("statement")
    return _goals_of(statement["data"]) if isinstance(statement, Mapping) and isinstance(statement.get("data"), Mapping) \
        else []


# --------------------------------------------------------------------------------------------
# a claim's verdict: the statement decides, cross-checks must pass

#: Keys of evidence data that hold goals, certificates or nested evidence: ``establish`` stores
#: them once, under ``statement``, and copies none to its own data.
PROOF_KEYS = ("formal", "goals", "certificates", "certificate", "parts", "statement", "cross_checks", "derivative",
              "decision", "premises")
#: Keys of nested evidence (an erratum's corrected and printed statements): ``establish`` shows
#: their kind, status and detail beside its statement, the evidence itself stays under it.
NESTED_SHOWN = ("corrected", "printed")


def _summary(data: Mapping) -> dict:
    """What ``establish`` shows of its statement's data beside it, for the reader (an erratum's
    witness, kind and reading; a value; the sides of an identity): every field but the goals,
    certificates and nested evidence (:data:`PROOF_KEYS`), which are stored once, under the
    statement; a nested evidence (:data:`NESTED_SHOWN`) by its kind, status and detail."""
    out = {}
    for key, value in data.items():
        if key in PROOF_KEYS:
            continue
        if key in NESTED_SHOWN and isinstance(value, Mapping):
            value = {k: value[k] for k in ("kind", "status", "detail") if k in value}
        out[key] = value
    return out



def establish(statement: Evidence, *cross_checks: Evidence | Sequence[Evidence], domain: str | Sequence[object],
              domain_relations: Sequence[sympy.Basic] | None = None, uses: Sequence[str | Cited] = (),
              prose_steps: Sequence[str] = (), stated_domain: str | None = None) -> Evidence:
    """A claim's result: the status of `statement` (the evidence about the paper's statement),
    provided every cross-check passes.

    Cross-checks (library functions against the statement, reference values against a
    certified evaluation) must pass for the claim to pass, but they do not lower a proof to
    ``checked``. ``data`` holds ``statement`` (the statement evidence whole: its goals and
    certificates are stored there only), ``cross_checks``, beside them the statement's other
    fields for the reader (:func:`_summary`), and the facts the claim's status is computed from:

    - `domain`: the domain the statement evidence covers, machine-readable — sympy relations and
      typed items of :mod:`symdp.verify.domains`, decided against the claim's ``domain`` — or, the
      older way, in words (which decide nothing); `domain_relations`: relations that join it;
    - `uses`: what the proof rests on, claim ids (str) and ``cited(author, result)``;
    - `prose_steps`: steps argued in words, not by machine ("induction on k").

    `stated_domain` is the older way to name the paper's domain; the claim decorator's
    ``stated_domain`` takes precedence over it. Whether the proof covers the paper's domain is
    decided when the claim is reported (:mod:`symdp.verify.status`), not here.
    """
    checks = [e for item in cross_checks for e in (item if _is_sequence(item) else [item])]
    if not isinstance(statement, Evidence) or not all(isinstance(e, Evidence) for e in checks):
        raise TypeError("establish() takes Evidence objects")
    rels = relations(domain_relations, "domain_relations")
    items = None if isinstance(domain, str) else domains.items(domain, "domain")
    words = domain if items is None else domains.text(items + (rels or ()))
    data = {**_summary(statement.data), "statement": statement.to_json(), "cross_checks": [e.to_json() for e in checks],
            "domain": " ".join(str(words).split()), "domain_relations": relations_json(rels),
            "uses": uses_json(uses), "prose_steps": prose_json(prose_steps)}
    if items is not None:
        data["domain_items"] = domains.to_json(items)
    if stated_domain is not None:
        data["stated_domain"] = " ".join(str(stated_domain).split())
    failed = [e for e in checks if not e.passed]
    if failed:
        reason = "; ".join(e.detail for e in failed)
        return Evidence(statement.kind, "failed", f"{statement.detail}; cross-check failed: {reason}", data)
    return settled(Evidence(statement.kind, statement.status, statement.detail, data))


def erratum_data(data: dict) -> dict:
    """The erratum piece of a claim's data (it may sit among the parts of combined evidence)."""
    if "witness" in data:
        return data
    for part in data.get("parts", []) + statement_parts(data):
        if part.get("kind") == "erratum":
            return part.get("data", {})
    return {}


def statement_parts(data: dict) -> list:
    """The parts of a claim's statement evidence (``establish(combine(...))``: stored once, there)."""
    statement = data.get("statement")
    inner = statement.get("data") if isinstance(statement, dict) else None
    return inner.get("parts", []) if isinstance(inner, dict) and isinstance(inner.get("parts"), list) else []
