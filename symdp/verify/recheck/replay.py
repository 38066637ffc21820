"""One certificate's replay, by kind, once it is bound to its goal (:mod:`.binding`).

A *task* is plain JSON, so that it runs the same in this process or in a fresh worker
(:mod:`.workers`): ``{"claim", "cert", "goal", "formal", "node", "own", "used"}`` (``node`` is the
evidence data holding the certificate, for the nested proofs of monotone and compactified
certificates; ``own`` and ``used`` are the certified goals a kernel step may cite). The answer is
an outcome ``{"claim", "digest", "kind", "verdict", "detail", "solvers", "second_opinion"}``;
an SMT-LIB certificate's answer carries the query to be solved instead (``"query"``, verdict
None): the solvers run in batches (:mod:`.smt`).
"""

from __future__ import annotations

from typing import Mapping

import sympy

from . import identities, intervals, polynomials, rules, smt
from .binding import digest_of
from .context import RuleContext
from .verdicts import AGREES, DISAGREES, INCONCLUSIVE, Disagrees, Inconclusive

#: The kinds of certificate this package replays.
KINDS = ("identity", "smtlib", "rational", "boxes", "monotone", "compactified", "rule")
#: Errors that mean a certificate does not read (a tampered or truncated report).
UNREADABLE = (ValueError, TypeError, KeyError, IndexError, ZeroDivisionError, RecursionError, SyntaxError, AttributeError,
              sympy.PolynomialError)


def outcome(task: Mapping, verdict: str | None, detail: str, **extra: object) -> dict:
    cert = task.get("cert") or {}
    return {"claim": task.get("claim", ""), "digest": cert.get("digest"), "kind": str(cert.get("kind")),
            "verdict": verdict, "detail": detail, "solvers": [], **extra}


def replay(task: Mapping) -> dict:
    """The outcome of one bound certificate (module docstring)."""
    cert, goal, formal = task["cert"], task["goal"], task.get("formal") or {}
    kind = str(cert.get("kind"))
    try:
        if kind == "identity":
            result = identities.replay(goal)
            return outcome(task, result["verdict"], result["detail"], second_opinion=result["second_opinion"])
        if kind == "smtlib":
            return _smtlib(task, cert, goal)
        if kind == "rational":
            return outcome(task, AGREES, polynomials.replay_rational(cert, formal))
        if kind == "boxes":
            return outcome(task, AGREES, intervals.replay_boxes(cert, formal))
        if kind == "monotone":
            return outcome(task, AGREES, intervals.replay_monotone(cert, formal, task.get("node") or {}))
        if kind == "compactified":
            return outcome(task, AGREES, intervals.replay_compactified(cert, formal, task.get("node") or {}))
        if kind == "rule":
            context = RuleContext(task.get("claim", ""), dict(task.get("own") or {}), dict(task.get("used") or {}),
                                  lambda side: _side(task, side))
            return outcome(task, AGREES, rules.replay(cert, context))
        return outcome(task, INCONCLUSIVE, f"no independent checker for certificates of kind {kind!r}")
    except Disagrees as err:
        return outcome(task, DISAGREES, str(err))
    except Inconclusive as err:
        return outcome(task, INCONCLUSIVE, str(err))
    except UNREADABLE as err:
        return outcome(task, DISAGREES, f"the certificate does not read: {type(err).__name__}: {str(err)[:300]}")


def _smtlib(task: Mapping, cert: Mapping, goal: Mapping) -> dict:
    mine = smt.query(goal)
    if cert.get("query") != mine:
        raise Disagrees("the recorded SMT-LIB query is not the translation of its goal")
    if cert.get("logic", smt.LOGIC) != smt.LOGIC or cert.get("expect", "unsat") != "unsat":
        raise Disagrees("the certificate names another logic or expectation")
    return outcome(task, None, "", query=mine, hypotheses=smt.query(goal, negated=False),
                   integers=smt.has_integers(goal))


def _side(task: Mapping, side: Mapping) -> str:
    """A kernel step's side condition: bound to its own goal, replayed like a top-level certificate
    (an SMT-LIB side condition is solved at once, by both solvers)."""
    goal = side.get("goal")
    if not isinstance(goal, Mapping) or digest_of(goal) != side.get("digest"):
        raise Disagrees("a side condition's digest is not the digest of its goal")
    if side.get("kind") not in ("identity", "smtlib", "rule"):
        raise Inconclusive(f"a side condition of kind {side.get('kind')!r} needs a statement to replay")
    result = replay({**task, "cert": dict(side), "goal": dict(goal), "formal": {}, "node": {}})
    if result["verdict"] is None:
        result = decide_smt([result])[0]
    if result["verdict"] == DISAGREES:
        raise Disagrees(f"a side condition: {result['detail']}")
    if result["verdict"] != AGREES:
        raise Inconclusive(f"a side condition: {result['detail']}")
    return result["detail"]


def decide_smt(pending: list[dict]) -> list[dict]:
    """Solve the queries of SMT-LIB outcomes (verdict None) with z3 and cvc5, each query once:
    the negated goal must be unsatisfiable for both, its hypotheses satisfiable for both."""
    queries = list(dict.fromkeys(q for o in pending for q in (o["query"], o["hypotheses"])))
    answers, versions = {}, {}
    for solver in smt.SOLVERS:
        version, got = smt.solve(queries, solver)
        versions[solver] = version
        for q, a in zip(queries, got):
            answers.setdefault(q, {})[solver] = a
    out = []
    for o in pending:
        said, premises = answers.get(o["query"], {}), answers.get(o["hypotheses"], {})
        shown = [f"{s} {versions[s]}: {said.get(s, 'no answer')} (hypotheses alone: {premises.get(s, 'no answer')})"
                 for s in smt.SOLVERS]
        verdicts = set(said.values())
        if "unsat" in premises.values():  # no point (an integer one for an integer variable) satisfies them
            verdict, detail = DISAGREES, "the goal's hypotheses are contradictory: it holds vacuously and proves nothing"
        elif "sat" in verdicts and not o.get("integers"):
            who = [s for s, a in said.items() if a == "sat"]
            verdict = DISAGREES
            detail = f"{' and '.join(who)} find the negation satisfiable" + (
                " while the other says unsat: the solvers disagree" if "unsat" in verdicts else "")
        elif verdicts == {"unsat"} and len(said) == len(smt.SOLVERS) and set(premises.values()) == {"sat"}:
            verdict, detail = AGREES, ("the negation is unsatisfiable and the hypotheses satisfiable for both solvers, "
                                       "each in a fresh process")
        else:
            verdict, detail = INCONCLUSIVE, "not both solvers answered unsat (and sat for the hypotheses)" + (
                " (integer variables are read as reals here)" if o.get("integers") else "")
        rest = {k: v for k, v in o.items() if k not in ("query", "hypotheses", "integers", "verdict", "detail", "solvers")}
        out.append({**rest, "verdict": verdict, "detail": detail, "solvers": shown})
    return out


def versions() -> dict:
    """The solvers' versions, as each fresh process reports them."""
    return {solver: smt.version(solver) for solver in smt.SOLVERS}
