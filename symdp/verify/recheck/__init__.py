"""Re-check proof certificates without the code that found them.

Every proved inequality of a verify report carries a certificate in its JSON ``data``
(``"certificate"``); this module replays each with tools independent of the prover — it imports
none of :mod:`symdp.verify.boxes`, :mod:`~symdp.verify.decide`, :mod:`~symdp.verify.polynomial`
or python-flint:

smtlib
    the SMT-LIB query (negation of the claim) is re-run in a fresh z3 process with nlsat; it must
    answer ``unsat``.
rational
    f = N/D is re-derived; N·D = c·O·E² is re-multiplied in exact rationals; O (and the
    denominator) are shown root-free on the interval by Descartes' rule of signs with bisection
    (Collins–Akritas) instead of the prover's Sturm sequences; c·O > 0 at the recorded interior
    point.
boxes
    the sub-boxes must tile the claim's box (every split and monotone reduction leads to recorded
    boxes); each settling step is re-evaluated with an independent interval arithmetic (exact
    rationals for + − × ÷, powers, absolute values, max, min; mpmath's ``iv`` for exp, log and
    non-integer powers, and through exp for sinh, cosh, tanh): the enclosure of f, of ∂f/∂xᵢ, of
    the Taylor coefficients (each recorded coefficient must lie below the re-computed lower end),
    the point signs.
monotone
    f(lo) ≥ 0 again, and the derivative's certificate is about f' on the same interval.
compactified
    g(x) = f(lo − log x) again, and g's certificate covers all of (0, 1].

The package imports nothing from symdp (only sympy, mpmath and the standard library; z3 runs as a
separate process), so it runs alone: ``python -I symdp/verify/recheck reports/verify.json``.
Modules: :mod:`.parsing` (reading expressions), :mod:`.smt`, :mod:`.polynomials`,
:mod:`.intervals`, :mod:`.rules` (kernel steps); this one walks a report.

Each certificate ends ``agrees``, ``disagrees`` (the replay contradicts it: a bug somewhere) or
``inconclusive`` (the independent arithmetic is too coarse to confirm a step, or a function has
no independent enclosure here); ``symdp verify --recheck`` exits non-zero on any disagreement.
"""

from __future__ import annotations

import hashlib
import json
import sys
from typing import Iterator, Mapping, Sequence

import sympy

from . import intervals, polynomials, smt
from .parsing import parse_expression
from .polynomials import count_roots
from .intervals import enclose
from .verdicts import AGREES, DISAGREES, INCONCLUSIVE, Disagrees, Inconclusive, Outcome

__all__ = ["AGREES", "DISAGREES", "INCONCLUSIVE", "Outcome", "certificates", "count_roots", "enclose", "main",
           "parse_expression", "recheck", "recheck_claims", "summary", "text"]


# --------------------------------------------------------------------------------------------
# walking a report


def certificates(data: object) -> Iterator[tuple[dict, dict]]:
    """(certificate, the evidence data holding it) for every certificate nested in `data`, once each."""
    seen: set[str] = set()

    def walk(node: object) -> Iterator[tuple[dict, dict]]:
        if isinstance(node, Mapping):
            cert = node.get("certificate")
            if isinstance(cert, Mapping) and "kind" in cert:
                key = hashlib.sha256(json.dumps(cert, sort_keys=True).encode()).hexdigest()
                if key not in seen:
                    seen.add(key)
                    yield dict(cert), dict(node)
            for key, value in node.items():
                if key != "certificate":
                    yield from walk(value)
        elif isinstance(node, list):
            for item in node:
                yield from walk(item)
    yield from walk(data)


def recheck_claims(claims: Sequence[Mapping]) -> list[Outcome]:
    """Replay every certificate of the proved claims of a verify JSON report (``claims`` list)."""
    out = []
    for claim in claims:
        if claim.get("status") != "proved":
            continue
        for cert, holder in certificates(claim.get("data", {})):
            out.append(recheck(cert, holder, claim.get("id", "")))
    return out


def recheck(cert: Mapping, holder: Mapping, claim: str = "") -> Outcome:
    """Replay one certificate (`holder` is the evidence data it sits in)."""
    kind = str(cert.get("kind"))
    check = _CHECKS.get(kind)
    if check is None:
        return Outcome(claim, kind, INCONCLUSIVE, f"no independent checker for certificates of kind {kind!r}")
    try:
        detail = check(cert, holder)
    except Disagrees as err:
        return Outcome(claim, kind, DISAGREES, str(err))
    except Inconclusive as err:
        return Outcome(claim, kind, INCONCLUSIVE, str(err))
    except (ValueError, TypeError, KeyError, ZeroDivisionError, RecursionError, SyntaxError, sympy.PolynomialError) as err:
        return Outcome(claim, kind, DISAGREES, f"the certificate does not parse: {type(err).__name__}: {err}")
    return Outcome(claim, kind, AGREES, detail)


_CHECKS = {"smtlib": smt.replay, "rational": polynomials.replay_rational, "boxes": intervals.replay_boxes,
           "monotone": intervals.replay_monotone, "compactified": intervals.replay_compactified}


def summary(outcomes: Sequence[Outcome]) -> dict:
    """Counts per verdict and per kind, and the disagreements."""
    by_kind: dict[str, dict[str, int]] = {}
    for o in outcomes:
        by_kind.setdefault(o.kind, dict.fromkeys((AGREES, DISAGREES, INCONCLUSIVE), 0))[o.verdict] += 1
    totals = {v: sum(1 for o in outcomes if o.verdict == v) for v in (AGREES, DISAGREES, INCONCLUSIVE)}
    return {**totals, "certificates": len(outcomes), "by_kind": by_kind,
            "disagreements": [o.to_json() for o in outcomes if o.verdict == DISAGREES]}


def text(outcomes: Sequence[Outcome], seconds: float) -> str:
    """The terminal form: one line per kind, every disagreement and inconclusive replay, totals."""
    s = summary(outcomes)
    lines = [f"{kind:13s} {n[AGREES]:5d} agree  {n[DISAGREES]:3d} disagree  {n[INCONCLUSIVE]:3d} inconclusive"
             for kind, n in sorted(s["by_kind"].items())]
    lines += [f"DISAGREES {o.claim} ({o.kind}): {o.detail}" for o in outcomes if o.verdict == DISAGREES]
    lines += [f"inconclusive {o.claim} ({o.kind}): {o.detail}" for o in outcomes if o.verdict == INCONCLUSIVE]
    lines.append(f"recheck: {s[AGREES]} of {s['certificates']} certificates agree, {s[DISAGREES]} disagree, "
                 f"{s[INCONCLUSIVE]} inconclusive, in {seconds:.1f} s")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """``python recheck.py REPORT.json``: replay the report's certificates; 1 on a disagreement."""
    import time
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1:
        print("usage: python recheck.py REPORT.json", file=sys.stderr)
        return 2
    with open(args[0], encoding="utf-8") as handle:
        claims = json.load(handle)["claims"]
    start = time.perf_counter()
    outcomes = recheck_claims(claims)
    print(text(outcomes, time.perf_counter() - start))
    return 1 if any(o.verdict == DISAGREES for o in outcomes) else 0


if __name__ == "__main__":
    sys.exit(main())
