"""The proof kernel (symdp.verify.kernel) and its independent replay (symdp.verify.recheck.rules).

Each rule applied correctly is proved and replays ("agrees"); a wrong application is refused when
it is applied (failed evidence naming why) and a tampered certificate disagrees at the re-check.
Soundness is also sampled against an independent route: a proved goal is evaluated exactly at
random rational points (and finite sums written out), where it must hold.
"""

from __future__ import annotations

import copy
import re
from pathlib import Path

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st
from sympy import IndexedBase, Max, Product, Sum, Symbol, exp, log

from symdp.errors import ParameterError, ResourceLimitError
from symdp.verify import kernel as K
from symdp.verify.goals import Goal, digest_of
from symdp.verify.recheck import binding, recheck_evidence, rules
from symdp.verify.recheck import replay as replay_module
from symdp.verify.recheck.context import RuleContext
from symdp.verify.recheck.verdicts import Disagrees

ROOT = Path(__file__).resolve().parent.parent
x, y, a = sympy.symbols("x y a", real=True)
v = Symbol("v", positive=True)
u, t = sympy.symbols("u t", real=True)
i, j, k, m, n = sympy.symbols("i j k m n", integer=True)
p, q, e = IndexedBase("p", nonnegative=True), IndexedBase("q", positive=True), IndexedBase("epsilon", nonnegative=True)
w, z = IndexedBase("w"), IndexedBase("z")


# --------------------------------------------------------------------------------------------
# replaying as the re-checker does: certified goals of the evidence, side conditions in fresh z3


def _context(ev, used=None):
    """The rule certificates of `ev` and the context the re-checker gives them: the certified goals
    of the evidence (bound by the re-checker's own walk) and its side-condition replay (z3 and cvc5)."""
    walked = binding.walk(ev.to_json())
    own = {b.cert["digest"]: b.goal for b in walked.certificates if b.goal is not None}
    certs = [b.cert for b in walked.certificates if b.cert.get("kind") == "rule"]
    task = {"claim": "test:claim", "own": own, "used": used or {}}
    return certs, RuleContext("test:claim", own, used or {}, lambda side: replay_module._side(task, side))


def replays(ev) -> list[str]:
    """Re-check `ev` as the re-checker does a claim (binding, status, every certificate replayed):
    every outcome must agree; the rule steps' accounts are returned."""
    assert ev.status == "proved", ev.detail
    result = recheck_evidence(ev.to_json(), "test:claim", jobs=0)
    failing = [o for o in result.outcomes if o["verdict"] != "agrees"]
    assert not failing and not result.claims_without_certificate, failing
    return [o["detail"] for o in result.outcomes if o["kind"] == "rule"]


def disagrees(ev, tamper) -> str:
    """Tamper with a copy of `ev`'s own rule certificate and return the re-check's objection."""
    certs, context = _context(ev)
    cert = copy.deepcopy(ev.data["certificate"])
    tamper(cert)
    with pytest.raises(Disagrees) as info:
        rules.replay(cert, context)
    return str(info.value)


def _retarget(cert, goal: Goal):
    cert["goal"], cert["digest"] = goal.canonical(), goal.digest


def refused(ev, words: str) -> None:
    assert ev.status == "failed" and words in ev.detail, ev.detail


# --------------------------------------------------------------------------------------------
# each rule: applied correctly, refused when wrong, tampered certificates disagree


def test_decide_proves_real_arithmetic_and_refutes_with_a_point():
    ev = K.decide(K.goal(x ** 2 + y ** 2 >= 2 * x * y))
    assert replays(ev) == ["decide: the conclusion is the rule's instance from 0 certified premise(s); "
                           "side: fresh z3 process (binary): unsat"] or "unsat" in replays(ev)[0]
    refused(K.decide(K.goal(x ** 2 >= x)), "fails at")
    # a tampered conclusion (stronger, digest recomputed) is not the recorded side condition
    assert "side condition" in disagrees(ev, lambda c: _retarget(c, K.goal(x ** 2 + y ** 2 >= 3 * x * y)))


def test_decide_reads_transcendental_terms_as_variables_with_their_signs():
    assert replays(K.decide(K.goal(exp(x) * (y - 1) >= 0, [y >= 1])))  # e^x > 0 kept by the abstraction
    refused(K.decide(K.goal(log(v) > 0)), "fails at")                # log has no sign by its form
    # Max is characterised: c·φ ≤ max(c, 0) for φ ∈ [0, 1]
    assert replays(K.decide(K.goal(u * (x - y) <= Max(x - y, 0), [u >= 0, u <= 1])))
    refused(K.decide(K.goal(Max(x, y) <= x)), "fails at")
    # sympy reads Σ_{1}^{n} for n < 0 by Karr's convention (−Σ_{n+1}^{0}): a sum of squares has no sign
    refused(K.decide(K.goal(Sum(z[i] ** 2, (i, 1, n)) >= 0)), "fails at")
    assert sympy.Sum(z[i] ** 2, (i, 1, -2)).doit().subs({z[0]: 1, z[-1]: 1}) == -2
    # a premise holds only under its hypotheses
    refused(K.decide(K.goal(x <= 1), K.decide(K.goal(x <= 1, [x <= 0]))), "fails at")
    # a premise with a variable the goal lacks must be instantiated first
    refused(K.decide(K.goal(x >= 0), K.decide(K.goal(y <= 1, [y <= 0]))), "instantiate it first")


def test_equal_arguments_give_equal_terms():
    """Congruence: e^{S'} = e^{S}·e^{x} from S' = S + x needs exp(S') = exp(S + x) (Ackermann's reduction)."""
    S = Sum(z[i], (i, 1, n + 1))
    peel = K.unfold(S, "end")
    goal = K.goal(sympy.Eq(exp(S), exp(Sum(z[i], (i, 1, n)) + z[n + 1])), [n >= 0])
    ev = K.decide(goal, peel)
    assert replays(ev)
    refused(K.decide(goal), "fails at")                               # without the peeled sum: nothing links them
    refused(K.decide(K.goal(sympy.Eq(exp(x), exp(y)))), "fails at")   # one head, different arguments
    assert replays(K.decide(K.goal(sympy.Eq(p[k + 1], p[n]), [sympy.Eq(n, k + 1)])))


def test_a_premise_counts_only_where_it_is_defined():
    """1/(x − 1) ≥ 0 ∨ x < 1 holds wherever it is defined; at x = 1 it says nothing, so it cannot give x ≠ 1."""
    premise = K.decide(K.goal(sympy.Or(1 / (x - 1) >= 0, x < 1)))
    assert premise.status == "proved"
    refused(K.decide(K.goal(sympy.Ne(x, 1)), premise), "fails at")


def test_instantiate_inside_the_domain_and_refused_outside():
    base = K.decide(K.goal(1 - 1 / v <= v - 1))                     # v > 0 by its assumption
    inside = K.instantiate(base, {v: a ** 2 + 1})
    assert replays(inside) and K.fact(inside).goal.conclusion == (1 - 1 / (a ** 2 + 1) <= a ** 2)
    refused(K.instantiate(base, {v: a - 1}), "fails at")            # a − 1 ≤ 0 is outside v > 0
    assert K.instantiate(base, {v: a - 1}, [a > 1]).status == "proved"
    counting = K.decide(K.goal(n ** 2 + 1 > n))                      # n is an integer variable
    refused(K.instantiate(counting, {n: a}), "not integer-valued")
    hyp = K.decide(K.goal(x <= 1, [x <= 0]))
    refused(K.instantiate(hyp, {x: a}, [a <= 2]), "fails at")        # a ≤ 2 does not give a ≤ 0
    # at the re-check: a substitution outside the domain does not give the recorded side condition
    objection = disagrees(inside, lambda c: c["params"].update(substitution=[[sympy.srepr(v), sympy.srepr(a - 1)]]))
    assert "not what the rule gives" in objection or "side condition" in objection


def test_chain_links_equal_middle_terms_and_refuses_mismatched_ones():
    one = K.decide(K.goal(x * y <= (x ** 2 + y ** 2) / 2))
    two = K.decide(K.goal((x ** 2 + y ** 2) / 2 < (x ** 2 + y ** 2) * a, [a > sympy.Rational(1, 2), x > 0]))
    eq = K.decide(K.goal(sympy.Eq((x ** 2 + y ** 2) * a, a * x ** 2 + a * y ** 2)))
    ev = K.chain(one, two, eq)
    assert replays(ev) and K.fact(ev).goal.conclusion == (x * y < a * x ** 2 + a * y ** 2)
    refused(K.chain(two, one), "middle terms differ")
    # a chain through a middle term that is not defined everywhere needs its domain
    via = K.decide(K.goal(x <= (x ** 2 - 1) / (x + 1) + 1))
    back = K.decide(K.goal((x ** 2 - 1) / (x + 1) + 1 <= x))
    refused(K.chain(via, back), "fails at")
    assert K.chain(via, back).status == "failed"
    # tampered: the recorded premises chained the other way
    assert "chain" in disagrees(ev, lambda c: c["premises"].reverse())


def test_a_chain_through_a_different_middle_term_disagrees_at_the_recheck():
    first = K.decide(K.goal(x * y <= (x ** 2 + y ** 2) / 2))
    second = K.decide(K.goal((x ** 2 + y ** 2) / 2 <= (x ** 2 + y ** 2) * a, [a >= sympy.Rational(1, 2)]))
    elsewhere = K.decide(K.goal(x ** 2 * a <= (x ** 2 + y ** 2) * a, [a >= 0]))   # same end, other middle
    ev = K.chain(first, second)
    _, context = _context(K.combine(ev, elsewhere))
    cert = copy.deepcopy(ev.data["certificate"])
    cert["premises"][1]["digest"] = K.fact(elsewhere).goal.digest
    with pytest.raises(Disagrees, match="do not chain"):
        rules.replay(cert, context)


def test_apply_discharges_hypotheses_without_a_solver():
    main = K.decide(K.goal(x * y <= a, [x * y <= (x ** 2 + y ** 2) / 2, (x ** 2 + y ** 2) / 2 <= a]))
    support = K.decide(K.goal(x * y <= (x ** 2 + y ** 2) / 2))
    ev = K.apply(main, support)
    assert replays(ev) and K.fact(ev).goal.hypotheses == ((x ** 2 + y ** 2) / 2 <= a,)
    refused(K.apply(main, K.decide(K.goal(x ** 2 + y ** 2 >= 2 * x * y))), "is not a hypothesis")
    # a discharged hypothesis must be defined where the result says something: both premises hold where
    # defined, but "x > 1 for every x ∈ [1, 2]" is false at x = 1, where 1/(x − 1) is not defined
    main = K.decide(K.goal(x > 1, [1 / (x - 1) >= 1, x <= 2]))
    support = K.decide(K.goal(1 / (x - 1) >= 1, [x >= 1, x <= 2]))
    assert main.status == support.status == "proved"
    refused(K.apply(main, support), "fails at")
    assert "not a hypothesis" in disagrees(ev, lambda c: c["premises"].reverse())


def test_rewrite_replaces_equals_by_equals():
    eq = K.linear(Sum(3 * z[i] + 5, (i, 1, m)))
    uses = K.decide(K.goal(Sum(3 * z[i] + 5, (i, 1, m)) >= 5 * m, [m >= 1, Sum(z[i], (i, 1, m)) >= 0]), eq)
    ev = K.rewrite(uses, eq)
    assert replays(ev)
    assert K.fact(ev).goal.conclusion == (3 * Sum(z[i], (i, 1, m)) + 5 * m >= 5 * m)
    back = K.rewrite(ev, eq, reverse=True)
    assert K.fact(back).goal.conclusion == K.fact(uses).goal.conclusion
    refused(K.rewrite(uses, K.decide(K.goal(x * y <= (x ** 2 + y ** 2) / 2))), "not an equation")
    assert "direction" in disagrees(ev, lambda c: c["params"].update(reverse="sideways"))
    assert "not what the rule gives" in disagrees(ev, lambda c: c["params"].update(reverse=True))


def test_combine_conjoins_and_weakens():
    ev = K.combine(K.decide(K.goal(x ** 2 >= 0)), K.decide(K.goal(y ** 4 >= 0)), hypotheses=[x <= y])
    assert replays(ev) and set(K.fact(ev).goal.hypotheses) == {x <= y}
    assert "not what the rule gives" in disagrees(ev, lambda c: c["params"].update(hypotheses=[]))


def _pointwise_mixture():
    c = q[i] - x * p[i]
    return K.decide(K.goal(z[i] * c <= Max(c, 0), [i >= 1, i <= m, z[i] >= 0, z[i] <= 1]))


def test_sum_over_an_index_with_its_hypotheses_as_every():
    ev = K.summed(_pointwise_mixture(), i, 1, m)
    assert replays(ev)
    got = K.fact(ev).goal
    assert any(isinstance(h, K.Every) for h in got.hypotheses)
    refused(K.summed(K.decide(K.goal(z[i] ** 2 >= 0)), i, 1, m), "must include")   # no range in the premise
    assert "range" in disagrees(ev, lambda c: c["params"].update(hi=sympy.srepr(m + 1)))


def test_integrate_needs_a_continuous_integrand_defined_on_the_interval():
    ev = K.integrated(K.decide(K.goal(u * a ** 2 / (u + 1) <= u * a ** 2, [u >= 0, u <= 1])), u, 0, 1)
    assert replays(ev) and isinstance(K.fact(ev).goal.conclusion.lhs, sympy.Integral)
    refused(K.integrated(K.decide(K.goal(1 / u >= 0, [u >= 0, u <= 1])), u, 0, 1), "fails at")
    refused(K.decide(K.goal(sympy.floor(u) <= sympy.floor(u) + x, [x >= 0])), "cannot read")
    jumps = K.decide(K.goal(sympy.factorial(u) * y <= sympy.factorial(u) * y + x, [x >= 0, u >= 0, u <= 1]))
    lebesgue = K.integrated(jumps, u, 0, 1)   # not continuous by its form: a Lebesgue integral, no side condition
    assert replays(lebesgue) and lebesgue.data["certificate"]["side"] == []
    # an unbounded interval is an improper integral (tests/test_kernel_improper.py); an end +∞ below is no interval
    refused(K.integrated(K.decide(K.goal(u * a ** 2 / (u + 1) <= u * a ** 2, [u >= 0])), u, sympy.oo, 1), "infinite end")
    # an improper integral needs its integrand defined on all of [0, ∞) (1/(u − 1)² is not, at u = 1)
    refused(K.integrated(K.decide(K.goal(1 / (u - 1) ** 2 >= 0, [u >= 0])), u, 0, sympy.oo), "fails at")
    assert "side condition" in disagrees(ev, lambda c: c["side"].clear())


def test_supremum_and_monotone_limit():
    sup = K.supremum(K.decide(K.goal(t * (a - t) <= a ** 2 / 4, [t >= 0, t <= a])), t, 0, a)
    assert replays(sup)
    f = 1 - 1 / (n + 1)
    lim = K.limit(K.decide(K.goal(f <= f.subs(n, n + 1), [n >= 0])), K.decide(K.goal(f <= 1, [n >= 0])), n, 0)
    assert replays(lim) and isinstance(K.fact(lim).goal.conclusion.lhs, sympy.Limit)
    # the bound offered as the monotone premise is refused
    bound = K.decide(K.goal(f <= 1, [n >= 0]))
    refused(K.limit(bound, bound, n, 0), "must read")
    assert "not what the rule gives" in disagrees(lim, lambda c: _retarget(c, K.goal(sympy.Limit(f, n, sympy.oo) <= 0)))


def _composition(kk):
    return (Product(p[j], (j, 1, kk)), Product(q[j], (j, 1, kk)), Product(exp(e[j]), (j, 1, kk)),
            K.Every(p[j] <= exp(e[j]) * q[j], (j, 1, kk)))


def _basic_composition():
    """Π p_j ≤ Π e^{ε_j} · Π q_j by induction on k (composition-subsampling, Theorem 1)."""
    P, Q, X, H = _composition(k)
    goal = K.goal(P <= X * Q, [k >= 1, H])
    base_goal, step_goal = K.induction_goals(goal, k, 1)
    base = K.decide(base_goal, *[K.unfold(term.subs(k, 1), "all") for term in (P, Q, X, H)])
    step = K.decide(step_goal, *[K.unfold(term.subs(k, k + 1), "end") for term in (P, Q, X, H)])
    return goal, base, step


def test_induction_with_base_and_step_by_machine():
    goal, base, step = _basic_composition()
    ev = K.induction(goal, k, 1, base, step)
    assert len(replays(ev)) == 11
    # a step that does not follow: without the per-factor hypothesis the product bound fails
    P, Q, X, H = _composition(k)
    weak = K.goal(P <= X * Q, [k >= 1])
    refused(K.decide(K.induction_goals(weak, k, 1)[1], *[K.unfold(term.subs(k, k + 1), "end") for term in (P, Q, X)]),
            "fails at")
    # the base of another goal is refused
    refused(K.induction(goal, k, 1, step, step), "the base proves")
    refused(K.induction(goal, k, 1, base, base), "the step proves")
    # tampered: the base premise replaced by another certified goal (the step)
    assert "not what the rule gives" in disagrees(ev, lambda c: c["premises"].__setitem__(0, dict(c["premises"][1])))


def test_a_rule_ranges_only_over_a_plain_variable():
    """A premise about positive j says nothing at j = 0, so it cannot be summed from 0."""
    jp = Symbol("jp", integer=True, positive=True)
    premise = K.decide(K.goal(z[jp] ** 2 * y >= 0, [jp >= 0, jp <= m, y >= 0]))
    with pytest.raises(ParameterError, match="no assumption"):
        K.summed(premise, jp, 0, m)
    ev = K.summed(K.decide(K.goal(z[j] ** 2 * y >= 0, [j >= 0, j <= m, y >= 0])), j, 0, m)
    assert "assumption" in disagrees(ev, lambda c: c["params"].update(index=sympy.srepr(jp)))


def test_unfold_and_linear_are_the_definitions():
    assert replays(K.unfold(Sum(z[i], (i, 1, n + 1)), "end"))
    assert replays(K.unfold(Sum(z[i] ** 2, (i, 2, 4)), "all"))
    ev = K.linear(Sum(3 * z[i] + x * w[i] * z[i] + 5, (i, 1, m)))
    assert replays(ev)
    rhs = K.fact(ev).goal.conclusion.rhs
    assert rhs == 3 * Sum(z[i], (i, 1, m)) + x * Sum(w[i] * z[i], (i, 1, m)) + 5 * m
    wrong = K.goal(sympy.Eq(Sum(3 * z[i] + 5, (i, 1, m)), 3 * Sum(z[i], (i, 1, m)) + 5 * (m + 1)), [m + 1 >= 1])
    assert "add back up" in disagrees(K.linear(Sum(3 * z[i] + 5, (i, 1, m))), lambda c: _retarget(c, wrong))
    with pytest.raises(ParameterError):
        K.unfold(x + 1)
    with pytest.raises(ResourceLimitError, match="value_nodes"):     # (a + b + … )^40 is refused before expanding
        K.linear(Sum((z[i] + w[i] + x + y + a) ** 40, (i, 1, m)))


def test_the_mixture_argument_end_to_end():
    """A randomised test φ ∈ [0, 1]^m satisfies the (ε, δ) inequality once the likelihood-ratio event does."""
    c = q[i] - x * p[i]
    s = IndexedBase("s")
    vertex = [i >= 1, i <= m, sympy.Or(sympy.And(sympy.Eq(s[i], 1), c > 0), sympy.And(sympy.Eq(s[i], 0), c <= 0))]
    at_vertex = K.summed(K.decide(K.goal(sympy.Eq(Max(c, 0), s[i] * c), vertex)), i, 1, m)
    mixed = K.summed(_pointwise_mixture(), i, 1, m)
    lin = [K.linear(Sum(f * c, (i, 1, m))) for f in (z[i], s[i])]
    bound = K.chain(lin[0], mixed, at_vertex, lin[1])
    d = Symbol("delta", real=True)
    dp = Sum(s[i] * q[i], (i, 1, m)) <= x * Sum(s[i] * p[i], (i, 1, m)) + d
    ev = K.decide(K.goal(Sum(z[i] * q[i], (i, 1, m)) <= x * Sum(z[i] * p[i], (i, 1, m)) + d,
                         [*K.fact(bound).goal.hypotheses, dp]), bound)
    assert {line.split(":")[0] for line in replays(ev)} == {"decide", "sum", "linear", "chain"}


# --------------------------------------------------------------------------------------------
# the re-check refuses what it cannot replay


def test_premises_must_be_certified_goals_of_this_claim_or_of_a_used_one():
    ev = K.chain(K.decide(K.goal(x * y <= (x ** 2 + y ** 2) / 2)),
                 K.decide(K.goal((x ** 2 + y ** 2) / 2 <= (x ** 2 + y ** 2) * a, [a >= sympy.Rational(1, 2)])))
    other = K.goal(x * y <= (x ** 2 + y ** 2) * a)
    assert "not a certified goal" in disagrees(ev, lambda c: c["premises"][0].update(digest=other.digest))
    assert "not in this claim's uses" in disagrees(ev, lambda c: c["premises"][0].update(claim="paper:elsewhere"))
    # a used claim's goal is accepted from context.used
    cert = ev.data["certificate"]
    _, context = _context(ev)
    first = cert["premises"][0]["digest"]
    moved = RuleContext(context.claim, {d: g for d, g in context.own.items() if d != first},
                        {"paper:lemma": {first: context.own[first]}}, context.replay)
    tampered = copy.deepcopy(cert)
    tampered["premises"][0]["claim"] = "paper:lemma"
    assert rules.replay(tampered, moved).startswith("chain")


def test_a_premise_from_a_used_claim_is_looked_up_there():
    first = K.decide(K.goal(x * y <= (x ** 2 + y ** 2) / 2))
    second = K.decide(K.goal((x ** 2 + y ** 2) / 2 <= (x ** 2 + y ** 2) * a, [a >= sympy.Rational(1, 2)]))
    used = K.fact(first).goal
    ev = K.chain(K.lemma("paper:lemma-1", used), second)
    assert ev.data["certificate"]["premises"][0] == {"digest": used.digest, "claim": "paper:lemma-1"}
    certs, context = _context(ev)
    assert used.digest not in context.own
    with pytest.raises(Disagrees, match="not in this claim's uses"):
        rules.replay(ev.data["certificate"], context)
    there = RuleContext(context.claim, context.own, {"paper:lemma-1": {used.digest: used.canonical()}}, context.replay)
    assert rules.replay(ev.data["certificate"], there).startswith("chain")
    with pytest.raises(ParameterError):
        K.lemma("no-paper-prefix", used)


def test_an_unknown_rule_or_a_false_sign_in_the_abstraction_disagrees():
    ev = K.decide(K.goal(exp(x) * (y - 1) >= 0, [y >= 1]))
    assert "no schema" in disagrees(ev, lambda c: c.update(rule="magic"))

    def positive_log(cert):
        side = cert["side"][0]
        side["abstraction"] = [[f.replace("positive=True", "real=True"), term] for f, term in side["abstraction"]]
    assert "not the rule's" in disagrees(ev, positive_log) or "side" in disagrees(ev, positive_log)
    ev = K.decide(K.goal(log(v) + y >= log(v), [y >= 0]))

    def claims_positive(cert):
        side = cert["side"][0]
        side["abstraction"] = [[f.replace("real=True", "positive=True"), term] for f, term in side["abstraction"]]
    assert "sign" in disagrees(ev, claims_positive)


def test_an_edited_side_query_disagrees():
    ev = K.decide(K.goal(x ** 2 + 1 > 2 * x, [x > 1]))

    def satisfiable(cert):
        cert["side"][0]["query"] = "(declare-fun x () Real)\n(assert (> x 0))\n(check-sat)\n"
    assert "not the translation of its goal" in disagrees(ev, satisfiable)


def test_only_the_kernel_creates_rule_certificates():
    """Nothing outside symdp/verify/kernel.py writes a certificate or evidence of kind 'rule'."""
    pattern = re.compile(r"""["']kind["']\s*:\s*["']rule["']|Evidence\(\s*["']rule["']""")
    found = [str(f.relative_to(ROOT)) for folder in ("symdp", "proofs") for f in (ROOT / folder).rglob("*.py")
             if pattern.search(f.read_text(encoding="utf-8"))]
    assert found == ["symdp/verify/kernel.py"]


def test_a_premise_must_be_proved_and_carry_its_certificate():
    ev = K.decide(K.goal(x ** 2 >= 0))
    stripped = type(ev)(ev.kind, ev.status, ev.detail, {k: v for k, v in ev.data.items() if k != "certificate"})
    with pytest.raises(ParameterError, match="no certificate"):
        K.fact(stripped)
    with pytest.raises(ParameterError, match="must be proved"):
        K.fact(K.decide(K.goal(x >= 1)))


# --------------------------------------------------------------------------------------------
# soundness sampled against an independent route


@settings(max_examples=25, deadline=None)
@given(st.integers(-4, 4), st.integers(-4, 4), st.integers(-6, 6))
def test_decide_agrees_with_the_exact_minimum(c1, c0, shift):
    """(c1·x + c0)² + shift ≥ 0 for all x iff its minimum (shift, or c0² + shift when c1 = 0) is ≥ 0."""
    ev = K.decide(K.goal((c1 * x + c0) ** 2 + shift >= 0))
    least = shift if c1 else c0 ** 2 + shift
    assert (ev.status == "proved") == (least >= 0)


@settings(max_examples=15, deadline=None)
@given(st.lists(st.tuples(st.fractions(0, 1, max_denominator=7), st.fractions(-3, 3, max_denominator=5),
                          st.fractions(0, 3, max_denominator=5)), min_size=1, max_size=5),
       st.fractions(1, 4, max_denominator=3))
def test_the_mixture_bound_holds_on_concrete_finite_laws(rows, ratio):
    """The summed conclusion, with m, φ, P0, P1 and e^ε made concrete and the sums written out, is true."""
    conclusion = K.fact(K.summed(_pointwise_mixture(), i, 1, m)).goal.conclusion
    values = {m: len(rows), x: sympy.Rational(ratio.numerator, ratio.denominator)}
    for idx, (phi, pp, qq) in enumerate(rows, 1):
        values.update({z[idx]: sympy.Rational(phi.numerator, phi.denominator), p[idx]: abs(sympy.Rational(str(pp))),
                       q[idx]: sympy.Rational(str(qq)) + 1})
    concrete = conclusion.xreplace({m: len(rows)}).doit().xreplace(values)
    assert concrete is sympy.true


@settings(max_examples=15, deadline=None)
@given(st.integers(1, 6), st.lists(st.integers(0, 5), min_size=6, max_size=6),
       st.lists(st.integers(1, 5), min_size=6, max_size=6))
def test_basic_composition_holds_on_concrete_sequences(kk, ps, qs):
    goal, base, step = _basic_composition()
    proved = K.fact(K.induction(goal, k, 1, base, step)).goal
    values = {p[idx + 1]: ps[idx] for idx in range(6)} | {q[idx + 1]: qs[idx] for idx in range(6)} | \
             {e[idx + 1]: sympy.log(sympy.Rational(ps[idx] + 1, qs[idx]) + 1) for idx in range(6)}
    hyps = [h.xreplace({k: kk}) for h in proved.hypotheses]
    every = hyps[-1] if isinstance(hyps[-1], K.Every) else None
    holds = all(every.condition.xreplace({j: jj}).xreplace(values) for jj in range(1, kk + 1)) if every else True
    if holds:
        assert proved.conclusion.xreplace({k: kk}).doit().xreplace(values) is sympy.true


def test_a_false_hypothesis_is_refused():
    with pytest.raises(ParameterError, match="vacuously"):
        K.goal(x >= 0, [x == 1])          # Python's == is structural: False


def test_goal_digests_are_the_contract_digests():
    g = K.goal(Sum(z[i], (i, 1, m)) >= 0, [K.Every(z[i] >= 0, (i, 1, m))])
    assert g.digest == digest_of(g.canonical()) and Goal.from_json(g.to_json()).digest == g.digest


def test_the_worked_example_of_the_guide_runs_as_written():
    text = (ROOT / "docs" / "trust-chain.md").read_text(encoding="utf-8")
    guide = text[text.index("## Writing a proof with kernel steps"):]
    (block,) = re.findall(r"```python\n(.*?)```", guide, re.S)
    exec(compile(block, "docs/trust-chain.md", "exec"), {})


# --------------------------------------------------------------------------------------------
# the promoted claims: their routine steps are kernel steps, and every one replays


@pytest.fixture(scope="module")
def registry():
    from symdp.verify import load_claims
    return load_claims(ROOT / "proofs")


@pytest.mark.parametrize("claim_id, carried", [
    ("composition-subsampling:theorem-1", ["induction"]),
    ("tv-dp:theorem-1", ["randomised", "mixture"]),
    ("extremal-ldp:lemma-24", ["affine", "maximises"]),
    ("tv-dp:definitions-3-4-and-footnote-1", ["summed", "outcome by outcome"]),
    ("extremal-ldp:eq-131", ["linearity"]),
    ("composition-subsampling:theorem-29", ["summed"]),
    ("lmidp:theorem-3-eq-14", ["jensen", "eigenvalues"]),
])
def test_promoted_claims_rest_on_kernel_steps_that_replay(registry, claim_id, carried):
    from symdp.verify.runner import evaluate

    ev = evaluate(registry.claims[claim_id])
    assert ev.status == "proved" and "rule" in ev.kind, ev.detail
    assert replays(ev)
    prose = " ".join(ev.data.get("prose_steps", [])).lower()
    assert not any(word in prose for word in carried), prose


def test_a_premise_with_a_binomial_of_integers_counts():
    """C(n, j) of integers is an integer for all integers n, j (sympy: 0 for j < 0, the upper index extended to
    negatives: checked here at integer points), so a premise about it is defined wherever the goal is and may
    serve decide; the step replays. Of real arguments (the Gamma function's poles) its definedness is unknown
    and the premise may not serve."""
    for nn in range(-3, 4):
        for jj in range(-2, 5):
            assert sympy.binomial(nn, jj).is_integer
    for c, (first, second), proved in ((sympy.binomial(n, j), (n, j), True), (sympy.binomial(x, y), (x, y), False)):
        premise = K.decide(K.goal(c ** 2 + u ** 2 >= 2 * u * c))
        assert premise.status == "proved", premise.detail
        ev = K.decide(K.goal(u ** 2 + first ** 2 + second ** 2 >= 2 * u * first - second ** 2), premise)
        if proved:
            assert ev.status == "proved", ev.detail
            replays(ev)
        else:
            refused(ev, "binomial(x, y)")
