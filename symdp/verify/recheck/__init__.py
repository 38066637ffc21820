"""Re-check a verify report's certificates without the code that found them (docs/trust-chain.md).

For each claim of a report this package

1. **binds** the certificates to the claim (:mod:`.binding`): it re-derives the goals from the
   statement the claim's evidence records, with its own parser and printer, and says
   *disagrees* when a certificate's goal or digest differs, a goal has no certificate, a
   certificate belongs to no goal of the claim (moved from another claim), or the evidence lists
   other goals than its statement states;
2. **re-computes the raw status** from the evidence and says *disagrees* when the report's status
   fields say more (a refuted, checked or erratum claim relabelled proved);
3. **replays** every bound certificate (:mod:`.replay`), in a bounded pool of fresh processes with
   a time limit (:mod:`.workers`):

   identity
       rational sides by exact canonical forms (python-flint ``fmpq_mpoly``), others by an
       independent normal form (:mod:`.identities`), with a numerical second opinion beside it;
   smtlib
       the query generated from the goal by this package's own translation (:mod:`.smt`), which the
       recorded query must equal, run by z3 and by cvc5, each in a fresh process;
   rational
       N·D = c·O·E² re-multiplied, roots counted by Descartes' rule with bisection
       (Collins–Akritas) instead of the prover's Sturm sequences (:mod:`.polynomials`);
   boxes
       the sub-boxes tile the box; every step re-evaluated with exact rationals and mpmath's ``iv``
       instead of python-flint's arb (:mod:`.intervals`);
   monotone, compactified
       f(lo) ≥ 0 again, and the nested proof is about f' (or g(x) = f(lo − log x)) on the right
       interval;
   rule
       a kernel step, replayed by :func:`.rules.replay`.

Sizes are bounded before anything is evaluated (:mod:`.parsing`). Each certificate *agrees*,
*disagrees* or is *inconclusive*; only "every certificate agrees, and every proved claim has its
goals certified" is a pass (exit 0). ``claims_without_certificate`` lists the proved claims whose
goals cannot all be replayed.

The package imports nothing from symdp (sympy, mpmath, python-flint's polynomials — not its arb
balls — and the standard library; the solvers run as separate processes), and runs alone::

    python -I symdp/verify/recheck REPORT.json [--out DIR] [--json] [--jobs N] [--paper KEY]
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator, Mapping, Sequence, TextIO

from . import binding, replay, workers
from .parsing import parse_expression
from .verdicts import AGREES, DISAGREES, INCONCLUSIVE, Outcome

__all__ = ["AGREES", "DISAGREES", "INCONCLUSIVE", "Outcome", "Result", "certificates", "main", "parse_expression",
           "recheck_evidence", "recheck_report", "summary", "text"]


@dataclass
class Result:
    """The outcomes of a re-check (one per certificate, and one per binding or status problem),
    the proved claims whose goals are not all replayable, and the solvers' versions."""

    outcomes: list = field(default_factory=list)
    claims_without_certificate: list = field(default_factory=list)
    solvers: dict = field(default_factory=dict)
    seconds: float = 0.0

    @property
    def passed(self) -> bool:
        return all(o["verdict"] == AGREES for o in self.outcomes) and not self.claims_without_certificate

    def to_json(self) -> dict:
        return {"outcomes": self.outcomes, "summary": summary(self)}


def certificates(data: object) -> Iterator[tuple[dict, dict]]:
    """(certificate, the evidence data holding it) for every certificate nested in a claim's
    `data`, once each (a report of an older layout kept a copy of an ``establish``'s statement's
    data beside it: equal certificates are one)."""
    seen: set[str] = set()

    def walk(node: object) -> Iterator[tuple[dict, dict]]:
        if isinstance(node, Mapping):
            for cert in binding.certificates_of(node):
                key = json.dumps(cert, sort_keys=True)
                if "kind" in cert and key not in seen:
                    seen.add(key)
                    yield cert, dict(node)
            for key, value in node.items():
                if key not in ("certificate", "certificates"):
                    yield from walk(value)
        elif isinstance(node, list):
            for item in node:
                yield from walk(item)
    yield from walk(data)


def _node(claim: Mapping) -> dict:
    return {"kind": claim.get("evidence"), "status": claim.get("status"), "detail": claim.get("detail"),
            "data": claim.get("data") if isinstance(claim.get("data"), Mapping) else {}}


def _problem(claim: str, kind: str, detail: str) -> dict:
    return {"claim": claim, "digest": None, "kind": kind, "verdict": DISAGREES, "detail": detail, "solvers": []}


def recheck_report(report: Mapping, jobs: int | None = None, progress: TextIO | None = None) -> Result:
    """Bind, re-grade and replay every claim of a verify report (a JSON object with ``claims``).
    `jobs`: fresh worker processes (None: one per core, at most 2; 0: replay in this process)."""
    start_cpu = _cpu()
    claims = [c for c in report.get("claims", []) if isinstance(c, Mapping)]
    walked = {}
    result = Result()
    for claim in claims:
        cid = str(claim.get("id", ""))
        w = binding.walk(_node(claim))
        walked[cid] = w
        result.outcomes += [_problem(cid, "binding", p) for p in w.problems]
        result.outcomes += [_problem(cid, "status", p) for p in binding.status_problems(claim, w)]
    certified = {cid: {b.cert["digest"]: b.goal for b in w.certificates if b.goal is not None}
                 for cid, w in walked.items()}
    tasks, bound_to = [], []
    for claim in claims:
        cid = str(claim.get("id", ""))
        if str(claim.get("status")) == "failed":
            continue
        w = walked[cid]
        uses = [u for u in _uses(claim) if u in certified]
        for b in w.certificates:
            if b.goal is None:
                result.outcomes.append({**replay.outcome({"claim": cid, "cert": b.cert}, DISAGREES,
                                                         f"not bound to its claim: {b.problem}")})
                continue
            tasks.append({"claim": cid, "cert": b.cert, "goal": b.goal, "formal": b.node.get("formal"),
                          "node": {k: b.node[k] for k in ("derivative", "decision") if k in b.node},
                          "own": certified[cid], "used": {u: certified[u] for u in uses}})
        if claim.get("status") == "proved" and _uncertified(w):
            result.claims_without_certificate.append(cid)
    result.outcomes += _replay_all(tasks, jobs, progress)
    result.solvers = _solvers(result.outcomes)
    result.seconds = round(_cpu() - start_cpu, 2)
    return result


def _uses(claim: Mapping) -> list[str]:
    found = list(claim.get("uses") or [])
    for piece in binding._pieces(claim.get("data", {})):
        found += piece.get("uses") or []
    return [u for u in dict.fromkeys(u for u in found if isinstance(u, str))]


def _uncertified(w: binding.Walked) -> bool:
    """A proved claim whose statement states no goal, or a goal without a replayable certificate."""
    if not w.goals:
        return True
    bound = {binding.digest_of(b.goal): b.cert.get("kind") for b in w.certificates if b.goal is not None}
    return any(bound.get(binding.digest_of(g)) not in replay.KINDS for g in w.goals)


def _replay_all(tasks: list[dict], jobs: int | None, progress: TextIO | None) -> list[dict]:
    """Each distinct task once (a certificate shared by several claims replays once), the
    identities and boxes in the worker pool, the SMT-LIB queries in solver batches."""
    keys = [json.dumps({k: v for k, v in t.items() if k != "claim"}, sort_keys=True) for t in tasks]
    distinct = list(dict.fromkeys(keys))
    first = {k: tasks[keys.index(k)] for k in distinct}
    jobs = workers.default_jobs() if jobs is None else jobs
    fail = lambda task, why: replay.outcome(task, INCONCLUSIVE, why)
    done = dict(zip(distinct, workers.run([first[k] for k in distinct], replay.replay, fail, jobs, progress=progress)))
    pending = [k for k in distinct if done[k]["verdict"] is None]
    if pending:
        for k, solved in zip(pending, replay.decide_smt([done[k] for k in pending])):
            done[k] = solved
    return [{**done[k], "claim": t["claim"]} for k, t in zip(keys, tasks)]


def _solvers(outcomes: Sequence[Mapping]) -> dict:
    for o in outcomes:
        if o.get("solvers"):
            return {s.split(" ")[0]: s.split(" ")[1].rstrip(":") for s in o["solvers"]}
    return replay.versions()


def _cpu() -> float:
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def recheck_evidence(evidence: Mapping, claim: str = "evidence", jobs: int = 0) -> Result:
    """Re-check one evidence's JSON (``Evidence.to_json()``) as if it were a claim of a report."""
    return recheck_report({"claims": [{"id": claim, "status": evidence.get("status"), "evidence": evidence.get("kind"),
                                       "detail": evidence.get("detail"), "data": evidence.get("data", {})}]}, jobs)


def summary(result: Result) -> dict:
    """Counts per verdict and per kind, the proved claims without replayable certificates, the
    solvers' versions, CPU seconds (this process and its children), and the disagreements."""
    outcomes = result.outcomes
    by_kind: dict[str, dict[str, int]] = {}
    for o in outcomes:
        by_kind.setdefault(o["kind"], dict.fromkeys((AGREES, DISAGREES, INCONCLUSIVE), 0))[o["verdict"]] += 1
    totals = {v: sum(1 for o in outcomes if o["verdict"] == v) for v in (AGREES, DISAGREES, INCONCLUSIVE)}
    return {**totals, "certificates": sum(1 for o in outcomes if o["kind"] not in ("binding", "status")),
            "by_kind": by_kind, "claims_without_certificate": list(result.claims_without_certificate),
            "solvers": dict(result.solvers), "seconds": result.seconds, "passed": result.passed,
            "disagreements": [o for o in outcomes if o["verdict"] == DISAGREES]}


def text(result: Result) -> str:
    """The terminal form: one line per kind, every disagreement and inconclusive replay, totals."""
    s = summary(result)
    lines = [f"{kind:13s} {n[AGREES]:5d} agree  {n[DISAGREES]:3d} disagree  {n[INCONCLUSIVE]:3d} inconclusive"
             for kind, n in sorted(s["by_kind"].items())]
    lines += [f"DISAGREES {o['claim']} ({o['kind']}): {o['detail']}" for o in result.outcomes if o["verdict"] == DISAGREES]
    lines += [f"inconclusive {o['claim']} ({o['kind']}): {o['detail']}" for o in result.outcomes
              if o["verdict"] == INCONCLUSIVE]
    if s["claims_without_certificate"]:
        lines.append(f"proved claims without replayable certificates: {', '.join(s['claims_without_certificate'])}")
    solvers = ", ".join(f"{k} {v}" for k, v in s["solvers"].items())
    lines.append(f"recheck: {s[AGREES]} of {len(result.outcomes)} agree, {s[DISAGREES]} disagree, "
                 f"{s[INCONCLUSIVE]} inconclusive ({s['certificates']} certificates; solvers {solvers}); "
                 f"{len(s['claims_without_certificate'])} proved claims without certificate; {s['seconds']} s CPU")
    return "\n".join(lines)


def _arguments(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="recheck", description="Replay a symdp verify report's certificates.")
    parser.add_argument("report", help="the JSON report written by 'symdp verify'")
    parser.add_argument("--out", default=None, help="write DIR/recheck.json")
    parser.add_argument("--json", action="store_true", help="print the JSON result instead of the summary")
    parser.add_argument("--jobs", type=int, default=None, help="fresh worker processes (default: cores, at most 2)")
    parser.add_argument("--paper", default=None, help="only the claims of this paper key")
    return parser.parse_args(argv)


#: The largest report read (the five papers' full report has about 11 MB).
MAX_REPORT_BYTES = 256 << 20


def main(argv: Sequence[str] | None = None) -> int:
    """Replay a report: 0 when every certificate agrees, 1 otherwise, 2 for a report that cannot be read."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["--worker"]:
        return workers.serve(replay.replay)
    args = _arguments(argv)
    if args.jobs is not None and not 0 <= args.jobs <= 64:
        print(f"recheck: error: --jobs must be between 0 and 64, got {args.jobs}", file=sys.stderr)
        return 2
    try:
        path = Path(args.report)
        if not path.is_file() or path.stat().st_size > MAX_REPORT_BYTES:
            raise ValueError(f"not a regular file of at most {MAX_REPORT_BYTES} bytes")
        report = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(report, Mapping) or not isinstance(report.get("claims"), list):
            raise ValueError("no 'claims' list")
        if args.paper is not None:
            report = {**report, "claims": [c for c in report["claims"] if isinstance(c, Mapping)
                                           and c.get("paper") == args.paper]}
    except (OSError, ValueError, RecursionError, UnicodeDecodeError) as err:
        why = " ".join(str(err).split())[:200]
        print(f"recheck: error: {args.report} is not a symdp verify report ({type(err).__name__}: {why})", file=sys.stderr)
        return 2
    started = time.perf_counter()
    result = recheck_report(report, args.jobs, progress=sys.stderr if sys.stderr.isatty() else None)
    wall = round(time.perf_counter() - started, 2)
    payload = {"report": str(args.report), "wall_seconds": wall, **result.to_json()}
    if args.out is not None:
        folder = Path(args.out)
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "recheck.json").write_text(json.dumps(payload, indent=1, ensure_ascii=False), encoding="utf-8")
    print(json.dumps(payload, indent=2, ensure_ascii=False) if args.json else text(result))
    return 0 if result.passed else 1
