"""SMT-LIB certificates: the query generated from the goal by this package's own translation, and
replayed by two solvers, z3 and cvc5, each in a fresh process with a time limit.

The goal ∀ v: h₁ ∧ … ∧ hₘ ⇒ c holds iff the query

    (assumptions of the symbols) ∧ h₁ ∧ … ∧ hₘ ∧ ¬c

is unsatisfiable over the reals. A relation ``a ⋈ b`` between rational functions is read where it
is defined: with a − b = N/D in lowest terms (python-flint's multivariate polynomials over ℚ,
``fmpq_mpoly``: not the prover's sympy route), it is ``D ≠ 0 ∧ N·D ⋈ 0`` (the sign of N/D is the
sign of N·D). The conclusion "f ≥ 0" of a decided goal thus means "f is defined and ≥ 0", and its
negation includes the points where f's denominator vanishes.

A goal whose hypotheses are contradictory holds vacuously and proves nothing, so the hypotheses
alone are solved too, and must be satisfiable (a Python ``==`` between two sympy expressions is
``False``, and once turned a hypothesis into an empty domain). The certificate's recorded
``query`` must be this translation of its goal, character for character: a query edited in the report (``(assert (< 1.0 0.0))``, unsatisfiable and so "proved")
no longer matches its goal. A symbol's sympy assumptions (positive, nonnegative, negative,
nonpositive, nonzero) are hypotheses. An integer variable is read as a real in the negated goal
(unsatisfiable over the reals, it is so over the integers; a goal that needs integrality replays as
inconclusive) and as an integer (``Int``, logic ``QF_NIRA``) in the hypotheses' query, whose
witness must be a point of the goal's domain: 0 < k < 1 has no integer solution, and a goal under
it proves nothing.

Each solver answers ``unsat`` (agrees), ``sat`` (the negation has a model: disagrees) or neither
(inconclusive); z3 and cvc5 must both say ``unsat``, and a ``sat`` from either is a disagreement.
z3 runs its nlsat tactic (complete for nonlinear real arithmetic), cvc5 its cylindrical algebraic
coverings (``nl-cov``, then incremental linearisation where those answer unknown), both with a time
limit per query, the queries in turn to one fresh process of each solver.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from typing import Mapping, Sequence

import sympy

from .rational_functions import RationalFunctions
from .parsing import parse_expression
from .verdicts import Disagrees

#: The logic of every query: quantifier-free nonlinear real arithmetic (mixed with integers for the
#: hypotheses alone of a goal with integer variables).
LOGIC = "QF_NRA"
LOGIC_INTEGERS = "QF_NIRA"
#: Milliseconds one query may take in one solver (per strategy).
QUERY_MS = 20_000

_RELATIONS = {sympy.StrictGreaterThan: ">", sympy.GreaterThan: ">=", sympy.StrictLessThan: "<", sympy.LessThan: "<=",
              sympy.Equality: "=", sympy.Unequality: "distinct"}


def query(goal: Mapping, negated: bool = True) -> str:
    """The SMT-LIB text whose unsatisfiability proves `goal` (a canonical goal); with `negated`
    False, the hypotheses alone, which must be satisfiable for the goal to say anything."""
    variables = [parse_expression(v, evaluate=False) for v in goal["variables"]]
    if not all(isinstance(v, sympy.Symbol) for v in variables):
        raise Disagrees("a goal variable that is not a symbol")
    hypotheses = [parse_expression(h) for h in goal["hypotheses"]]
    conclusion = parse_expression(goal["conclusion"])
    free = set().union(conclusion.free_symbols, *(h.free_symbols for h in hypotheses))
    if not free <= set(variables):
        raise Disagrees(f"the goal's variables miss {sorted(map(str, free - set(variables)))}")
    names = {v: f"v{i}_" + re.sub(r"[^A-Za-z0-9_]", "_", str(v).encode("ascii", "replace").decode()) for i, v in
             enumerate(variables)}
    ring = _Ring([names[v] for v in variables], {v: i for i, v in enumerate(variables)})
    # the hypotheses alone are solved for a witness: an integer variable must take an integer value
    # there (0 < k < 1 has a real solution and no integer one); the negation stays over the reals,
    # whose unsatisfiability covers the integers
    integers = [] if negated else [v for v in variables if v.is_integer]
    lines = [f"(set-logic {LOGIC if not integers else LOGIC_INTEGERS})"]
    lines += [f"(declare-fun {names[v]} () Real)" for v in variables]
    lines += [f"(declare-fun {names[v]}_int () Int)\n(assert (= {names[v]} (to_real {names[v]}_int)))" for v in integers]
    lines += [f"(assert {a})" for v in variables for a in _assumptions(v, names[v])]
    lines += [f"(assert {ring.condition(h)})" for h in hypotheses]
    lines += [f"(assert (not {ring.condition(conclusion)}))"] if negated else []
    lines.append("(check-sat)")
    return "\n".join(lines) + "\n"


def has_integers(goal: Mapping) -> bool:
    """True when a variable of `goal` is an integer (read as a real in the negated query, as an
    integer in the hypotheses' query)."""
    return any(getattr(parse_expression(v, evaluate=False), "is_integer", False) for v in goal["variables"])


def _assumptions(v: sympy.Symbol, name: str) -> list[str]:
    out = []
    for test, text in ((v.is_positive, f"(> {name} 0.0)"), (v.is_negative, f"(< {name} 0.0)")):
        if test:
            out.append(text)
    if not v.is_positive and v.is_nonnegative:
        out.append(f"(>= {name} 0.0)")
    if not v.is_negative and v.is_nonpositive:
        out.append(f"(<= {name} 0.0)")
    if not (v.is_positive or v.is_negative) and v.is_nonzero:
        out.append(f"(distinct {name} 0.0)")
    return out


class _Ring(RationalFunctions):
    """Rational functions over ℚ in the goal's variables (:class:`.rational_functions.RationalFunctions`, named
    as the query names them), printed as SMT-LIB terms."""

    def __init__(self, names: Sequence[str], index: Mapping[sympy.Symbol, int]) -> None:
        super().__init__(sorted(index, key=index.get), names, Disagrees)

    def condition(self, rel: sympy.Basic) -> str:
        if rel is sympy.true or rel is sympy.false:
            return str(bool(rel)).lower()
        if isinstance(rel, (sympy.And, sympy.Or)):
            return f"({'and' if isinstance(rel, sympy.And) else 'or'} {' '.join(self.condition(a) for a in rel.args)})"
        if isinstance(rel, sympy.Not):
            return f"(not {self.condition(rel.args[0])})"
        op = next((sign for kind, sign in _RELATIONS.items() if isinstance(rel, kind)), None)
        if op is None:
            raise Disagrees(f"not a relation: {type(rel).__name__}")
        ln, ld = self.fraction(sympy.sympify(rel.lhs))
        rn, rd = self.fraction(sympy.sympify(rel.rhs))
        n, d = self.lowest(ln * rd - rn * ld, ld * rd)
        value = self.term(n * d) if op != "=" and op != "distinct" else self.term(n)
        body = f"({op} {value} 0.0)"
        return body if d.is_constant() else f"(and (distinct {self.term(d)} 0.0) {body})"

    def term(self, p) -> str:
        pieces = []
        for exponents, c in p.terms():
            factors = [_real(c)] if (c != 1 or not any(exponents)) else []
            factors += [self.names[i] for i, e in enumerate(exponents) for _ in range(e)]
            pieces.append(factors[0] if len(factors) == 1 else f"(* {' '.join(factors)})")
        if not pieces:
            return "0.0"
        return pieces[0] if len(pieces) == 1 else f"(+ {' '.join(pieces)})"


def _real(c) -> str:
    p, q = int(c.p), int(c.q)
    text = f"{abs(p)}.0" if q == 1 else f"(/ {abs(p)}.0 {q}.0)"
    return f"(- {text})" if p < 0 else text


# --------------------------------------------------------------------------------------------
# the solvers, in fresh processes


_Z3 = """
import json, sys, z3
queries, ms = json.load(sys.stdin), int(sys.argv[1])
print(json.dumps({"version": z3.get_version_string()}), flush=True)
for q in queries:
    # nlsat is complete for the reals only; a query with integers goes to z3's default solver
    s = z3.Tactic("qfnra-nlsat").solver() if " Int)" not in q else z3.Solver()
    s.set("timeout", ms)
    s.add(z3.parse_smt2_string(q))
    print(json.dumps({"answer": str(s.check())}), flush=True)
"""

# cylindrical algebraic coverings first (complete); where they answer unknown, incremental
# linearisation (its unsat is as sound, it is only less complete)
_CVC5 = """
import json, sys, cvc5
queries, ms = json.load(sys.stdin), sys.argv[1]
print(json.dumps({"version": cvc5.__version__}), flush=True)

def check(q, options):
    tm = cvc5.TermManager()
    s = cvc5.Solver(tm)
    for key, value in options.items():
        s.setOption(key, value)
    s.setOption("tlimit-per", ms)
    sm = cvc5.SymbolManager(tm)
    parser = cvc5.InputParser(s, sm)
    parser.setStringInput(cvc5.InputLanguage.SMT_LIB_2_6, q, "query")
    answer = "unknown"
    try:
        while True:
            cmd = parser.nextCommand()
            if cmd.isNull():
                break
            out = cmd.invoke(s, sm).strip()
            if out:
                answer = out
    except RuntimeError:  # a strategy that does not take the query (coverings and integers): unknown
        return "unknown"
    return answer

for q in queries:
    answer = check(q, {"nl-cov": "true"})
    if answer not in ("sat", "unsat"):
        answer = check(q, {"nl-cov": "false", "nl-ext": "full"})
    print(json.dumps({"answer": answer}), flush=True)
"""

SOLVERS = {"z3": _Z3, "cvc5": _CVC5}
#: Tries per query (cvc5: two strategies), for the time a query may take before its process is killed.
_TRIES = {"z3": 1, "cvc5": 2}


def solve(queries: Sequence[str], solver: str, ms: int = QUERY_MS) -> tuple[str, list[str]]:
    """(the solver's version, one answer per query): ``sat``, ``unsat``, ``unknown``, or why there
    was none. The queries go to one fresh process in turn; one that does not answer in time (or
    takes the process down) ends that process, and the rest go to a new one."""
    version, answers = "unknown", []
    while len(answers) < len(queries):
        v, got, stuck = _stream(list(queries[len(answers):]), solver, ms)
        version = v or version
        answers += got
        if len(answers) < len(queries):
            answers.append(stuck)
    return version, answers


def version(solver: str) -> str:
    """The solver's version, as a fresh process of it reports it."""
    return _stream([], solver, QUERY_MS)[0] or "unknown (the solver did not start)"


def _stream(batch: list[str], solver: str, ms: int) -> tuple[str | None, list[str], str]:
    """(version, the answers read before the process stopped, why it stopped early)."""
    import select
    import time

    limit = _TRIES[solver] * ms / 1000 + 10
    process = subprocess.Popen([sys.executable, "-I", "-c", SOLVERS[solver], str(ms)], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    version, answers = None, []
    try:
        process.stdin.write(json.dumps(batch))
        process.stdin.close()
        deadline = time.monotonic() + limit + 20  # the first line waits for the imports too
        while len(answers) < len(batch) or version is None:
            ready, _, _ = select.select([process.stdout], [], [], max(deadline - time.monotonic(), 0))
            if not ready:
                return version, answers, f"no answer from a fresh {solver} process within {limit:g} s"
            line = process.stdout.readline()
            if not line:
                return version, answers, f"the fresh {solver} process ended without an answer"
            record = json.loads(line)
            if "version" in record:
                version = str(record["version"])
            else:
                answers.append(str(record.get("answer")))
            deadline = time.monotonic() + limit
        return version, answers, ""
    except (OSError, ValueError) as err:
        return version, answers, f"the fresh {solver} process failed: {err}"
    finally:
        if process.poll() is None:
            process.kill()
        process.wait()
        process.stdout.close()
