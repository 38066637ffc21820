"""Run claims one at a time, each isolated, and turn every outcome into a :class:`ClaimReport`.

A claim runs in a child process (:mod:`symdp.verify.isolation`) with a time limit and a memory
cap, so that an exception, a hang, a runaway allocation or a crash inside python-flint (a
segfault) becomes a ``failed`` report and the run goes on. The child re-imports the claim's module
from its file (claim modules are loaded from files, so the function cannot be sent by name), runs
the claim found by its id and answers with the evidence as JSON.
"""

from __future__ import annotations

import json
import sys
import time
from dataclasses import asdict, dataclass, field, replace
from typing import Any, Iterable, Mapping, TextIO

from . import domains, isolation
from .isolation import TIMEOUT
from .evidence import Evidence, combine
from .facts import claim_goals, claim_steps, compact, relations_json
from .registry import ClaimSpec, Registry, find_quote, import_claim
from .status import domain_text, goals_coverage, own_status, propagate, recorded_facts, relation_items



@dataclass(frozen=True)
class ClaimReport:
    """The outcome of one claim: ``status`` is ``proved``, ``checked``, ``erratum`` or ``failed``;
    ``evidence`` is the evidence kind (None when the claim produced no evidence)."""

    paper: str
    label: str
    id: str
    statement: str
    status: str
    evidence: str | None
    seconds: float
    detail: str
    data: dict = field(default_factory=dict, hash=False)
    #: The paper's hypotheses (words, where, relations as :func:`~symdp.verify.facts.relations_json`).
    stated_domain: str | None = None
    stated_where: str | None = None
    stated_relations: dict | None = field(default=None, hash=False)
    #: What the proof rests on (claim ids, cited results) and its steps argued in words.
    uses: list = field(default_factory=list, hash=False)
    prose_steps: list = field(default_factory=list, hash=False)
    #: Computed from the facts above (:mod:`symdp.verify.status`): one of ``PROOF_STATUSES``, whether
    #: the proof covers the stated domain ("whole", "restricted", "unrecorded"), and why.
    proof_status: str | None = None
    coverage: str | None = None
    proof_notes: list = field(default_factory=list, hash=False)
    #: The paper's words (verbatim) and whether they were found in the paper's text, and where.
    quote: str | None = None
    quote_found: bool = False
    quote_note: str = ""
    #: The paper's domain and the proof's, machine-readable (:func:`symdp.verify.domains.to_json`;
    #: None: not recorded), and how "the proof covers the paper's domain" was decided ("z3",
    #: "exact", "structural"; None: not decided).
    domain: list | None = field(default=None, hash=False)
    proved_domain: list | None = field(default=None, hash=False)
    domain_decided_by: str | None = None
    #: Claims this proof rests on (through ``uses``, transitively) that are only checked, errata or failed.
    weak_uses: list = field(default_factory=list, hash=False)
    #: The formal goals the evidence proves (:func:`~symdp.verify.facts.claim_goals`) and the proof's
    #: steps (machine, rule, prose, cited: :func:`~symdp.verify.facts.claim_steps`).
    goals: list = field(default_factory=list, hash=False)
    steps: list = field(default_factory=list, hash=False)
    #: Whether the proof's domain implies the hypotheses of every statement goal
    #: (:func:`~symdp.verify.status.goals_coverage`: True, False, None when undecided or not
    #: proved) and why; each goal then says so too (``covered``, ``covered_why``).
    goals_covered: bool | None = None
    goals_covered_note: str = ""

    def __post_init__(self) -> None:
        facts = recorded_facts(self.data)
        if not self.uses and not self.prose_steps:
            object.__setattr__(self, "uses", facts["uses"])
            object.__setattr__(self, "prose_steps", facts["prose_steps"])
        if self.domain is None and self.stated_relations:  # a report written before typed domains
            object.__setattr__(self, "domain", relation_items(self.stated_relations))
        if self.proved_domain is None:
            object.__setattr__(self, "proved_domain", facts["domain_items"])
        if not self.goals and self.status in ("proved", "checked"):
            object.__setattr__(self, "goals", claim_goals(self.evidence, self.data))
        # each goal stored once: in its certificate (the goals above keep their form in memory)
        object.__setattr__(self, "data", compact(self.data))
        if not self.steps and self.status == "proved":
            object.__setattr__(self, "steps", claim_steps(self.goals, facts, self.data))
        if self.proof_status is None:
            covered, note, per_goal = goals_coverage(self.status, facts, self.goals)
            object.__setattr__(self, "goals_covered", covered)
            object.__setattr__(self, "goals_covered_note", note)
            if per_goal:
                object.__setattr__(self, "goals", [{**g, "covered": p["covered"], "covered_why": p["why"],
                                                    "unlinked": p["unlinked"],
                                                    "antecedents": p["antecedents"]}
                                                   for g, p in zip(self.goals, per_goal)])
            status, coverage, decided_by, notes = own_status(self.status, facts, self.domain, self.quote_found,
                                                              self.goals, (covered, note))
            # the report lists each goal by digest and text: its form is in its certificate
            object.__setattr__(self, "goals", [{k: v for k, v in g.items() if k != "canonical"} for g in self.goals])
            object.__setattr__(self, "proof_status", status)
            object.__setattr__(self, "coverage", coverage)
            object.__setattr__(self, "domain_decided_by", decided_by)
            object.__setattr__(self, "proof_notes", notes)

    @property
    def passed(self) -> bool:
        return self.status != "failed"

    def to_json(self) -> dict:
        return asdict(self)

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> "ClaimReport":
        return cls(obj["paper"], obj["label"], obj.get("id", ""), obj.get("statement", ""), obj["status"],
                   obj["evidence"], float(obj["seconds"]), obj["detail"], dict(obj.get("data", {})),
                   obj.get("stated_domain"), obj.get("stated_where"), obj.get("stated_relations"),
                   list(obj.get("uses", [])), list(obj.get("prose_steps", [])), obj.get("proof_status"),
                   obj.get("coverage"), list(obj.get("proof_notes", [])), obj.get("quote"),
                   bool(obj.get("quote_found", False)), str(obj.get("quote_note", "")), obj.get("domain"),
                   obj.get("proved_domain"), obj.get("domain_decided_by"), list(obj.get("weak_uses", [])),
                   list(obj.get("goals", [])), list(obj.get("steps", [])), obj.get("goals_covered"),
                   str(obj.get("goals_covered_note", "")))


def evaluate(spec: ClaimSpec) -> Evidence:
    """Call the claim's function in this process and return its evidence (never raises for a
    failing claim: an exception becomes failed evidence with the exception's message)."""
    result = spec.function()
    if isinstance(result, Evidence):
        return result
    if isinstance(result, (list, tuple)) and result and all(isinstance(e, Evidence) for e in result):
        return combine(*result)
    raise TypeError(f"the claim returned {type(result).__name__}, not Evidence")


def _run_in_child(file: str, claim_id: str) -> bytes:
    return json.dumps(evaluate(import_claim(file, claim_id)).to_json()).encode()


def _in_child(spec: ClaimSpec, timeout: float | None) -> tuple[str, object]:
    if not spec.file:
        return "error", f"the claim's module {spec.module!r} has no file to import it from in a child process"
    ok, answer = isolation.run(_run_in_child, (spec.file, spec.id), timeout)
    if not ok:
        return "error", answer
    try:
        return "ok", json.loads(answer)
    except ValueError as err:
        return "error", f"the claim's evidence could not be read: {err}"


def _in_process(spec: ClaimSpec) -> tuple[str, object]:
    try:
        return "ok", evaluate(spec).to_json()
    except Exception as err:  # the report must name whatever went wrong in the claim
        return "error", f"{type(err).__name__}: {err}"


def run_claim(spec: ClaimSpec, timeout: float | None = TIMEOUT, isolate: bool = True) -> ClaimReport:
    """Run one claim (in a child process with a time limit when `isolate`) and report it."""
    start = time.perf_counter()
    isolate = isolate and isolation.available()
    outcome, payload = _in_child(spec, timeout) if isolate else _in_process(spec)
    seconds = round(time.perf_counter() - start, 3)
    stated = (spec.stated_domain, spec.stated_where, relations_json(spec.stated_relations))
    found, note = find_quote(spec.paper, spec.quote)
    quoted = {"quote": spec.quote, "quote_found": found, "quote_note": note, "domain": domains.to_json(spec.domain)}
    if outcome == "ok":
        ev = Evidence.from_json(payload)
        report = ClaimReport(spec.paper, spec.label, spec.id, spec.statement, ev.status, ev.kind, seconds,
                             ev.detail, ev.data, *stated, **quoted)
        facts = recorded_facts(ev.data)
        if ev.status in ("proved", "checked") and facts["domain"]:
            where = domain_text(report.coverage, facts["domain"], spec.stated_domain or facts["stated_domain"],
                                spec.stated_where)
            report = replace(report, detail=f"{ev.detail} [{where}]")
        return report
    return ClaimReport(spec.paper, spec.label, spec.id, spec.statement, "failed", None, seconds, str(payload), {},
                       *stated, **quoted)


def load_error_reports(registry: Registry) -> list[ClaimReport]:
    """A failed report for each claim module that did not import."""
    return [ClaimReport("", f"module {file}", f"load:{file}", "the claim module imports", "failed", None, 0.0, message)
            for file, message in registry.load_errors]


#: Seconds one claim takes when no earlier report says: the mean over the five papers' 264 claims
#: (198 s in all, child start included, at load average 4–5 on the 2-core machine).
SECONDS_PER_CLAIM = 0.75


def expected_seconds(specs: Iterable[ClaimSpec], previous: Mapping[str, float]) -> dict[str, float]:
    """Each claim's expected seconds: its time in an earlier report (`previous`, claim id →
    seconds), else the mean of the known ones, else :data:`SECONDS_PER_CLAIM`."""
    specs = list(specs)
    known = [float(previous[s.id]) for s in specs if s.id in previous]
    mean = sum(known) / len(known) if known else SECONDS_PER_CLAIM
    return {s.id: float(previous.get(s.id, mean)) for s in specs}


def duration(seconds: float) -> str:
    """A rough duration for people: "40 s", "3 min", "1 h 5 min"."""
    seconds = max(0, round(seconds))
    if seconds < 90:
        return f"{seconds} s"
    minutes = round(seconds / 60)
    return f"{minutes} min" if minutes < 60 else f"{minutes // 60} h {minutes % 60} min"


def run_claims(specs: Iterable[ClaimSpec], timeout: float | None = TIMEOUT, isolate: bool = True,
               progress: TextIO | bool = True, expected: Mapping[str, float] | None = None,
               grade: bool = True) -> list[ClaimReport]:
    """Run `specs` in order, writing one progress line per claim to `progress` (a stream;
    True: standard error; False: silent); on a terminal each line also says about how long the
    rest will take, from `expected` (claim id → seconds, :func:`expected_seconds`) scaled by how
    the claims so far compared with it. Then grade each proof by the claims it uses
    (:func:`~symdp.verify.status.propagate`; `grade` False leaves that to the caller, who may
    join several runs first)."""
    progress = sys.stderr if progress is True else progress or None
    specs = list(specs)
    width = len(str(len(specs)))
    eta = progress is not None and _is_terminal(progress)
    expected = expected_seconds(specs, expected or {})
    spent = planned = 0.0
    reports = []
    for i, spec in enumerate(specs, 1):
        if progress is not None:
            progress.write(f"[{i:>{width}}/{len(specs)}] {spec.paper}  {spec.label} ... ")
            progress.flush()
        report = run_claim(spec, timeout, isolate)
        spent, planned = spent + report.seconds, planned + expected[spec.id]
        if progress is not None:
            left = sum(expected[s.id] for s in specs[i:]) * (spent / planned if planned > 0 else 1.0)
            tail = f"; about {duration(left)} left" if eta and i < len(specs) else ""
            progress.write(f"{report.status} ({report.seconds:.1f} s{tail})\n")
            progress.flush()
        reports.append(report)
    return propagate(reports) if grade else reports


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
