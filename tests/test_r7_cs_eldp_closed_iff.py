"""Round 7 (cs-eldp): extremal-ldp Claim 2 as a closed biconditional per pair of inputs.

Independent route: exact enumeration of all events on concrete channels; and the kernel steps that need integrality
(the singleton event picks c_y out of a sum) are refused without the integer gap lemma (the solver reads integers
as reals, where y may lie strictly between m and m + 1)."""

import itertools
import sys
from pathlib import Path

import sympy

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "proofs"))

import extremal_ldp as x_ldp  # noqa: E402
from symdp.verify import kernel  # noqa: E402

R = sympy.Rational


def _events_hold(rows, e, a, b):
    return all(sum(rows[a][y] for y in S) <= e * sum(rows[b][y] for y in S)
               for n in range(0, len(rows[a]) + 1) for S in itertools.combinations(range(len(rows[a])), n))


def test_pairwise_equivalence_by_enumeration_including_a_failing_pair():
    """For each ordered pair of inputs, the singleton bounds hold exactly when every event's bound holds — on a channel
    where some pairs satisfy them and some do not (so both sides take both truth values)."""
    rows = [[R(1, 2), R(1, 4), R(1, 4)], [R(1, 3), R(1, 3), R(1, 3)], [R(1, 10), R(1, 10), R(4, 5)]]
    e = R(2)
    values = []
    for a, b in itertools.permutations(range(3), 2):
        single = all(rows[a][y] <= e * rows[b][y] for y in range(3))
        values.append(single)
        assert single == _events_hold(rows, e, a, b)
    assert True in values and False in values


def test_claim_2_statement_is_the_closed_biconditional():
    ev = x_ldp._claim_2_steps()
    assert ev.status == "proved"
    goal = kernel.fact(ev).goal
    both = sympy.And.make_args(goal.conclusion)
    assert len(both) == 2 and all(isinstance(part, sympy.Or) for part in both)
    assert [str(h) for h in goal.hypotheses] == ["l >= 1"]


def test_picking_a_term_needs_the_integer_gap():
    """Σ_{j ≤ m+1} 1{j = y}c_j = c_y·[y ≤ m + 1] from the value at m: refused without "an integer is ≤ 0 or ≥ 1"
    (y = m + 1/2 is a real counterexample), proved with it."""
    Q, i, i2, y, j = x_ldp.CHANNEL, x_ldp.ROW, x_ldp.ROW2, x_ldp.OUT, x_ldp.J
    m, d = sympy.symbols("m d", integer=True)
    x = sympy.exp(x_ldp._ε)
    c = lambda r: Q[i, r] - x * Q[i2, r]
    part = lambda top: sympy.Sum(sympy.Piecewise((c(j), sympy.Eq(j, y)), (0, True)), (j, 1, top))
    goal = kernel.goal(sympy.Eq(part(m), sympy.Piecewise((c(y), y <= m), (0, True))), [m >= 1, y >= 1])
    _, step_goal = kernel.induction_goals(goal, m, 1)
    peel = kernel.unfold(part(m + 1), "end")
    assert kernel.decide(step_goal, peel).status == "failed"
    g = kernel.goal(sympy.Or(d <= 0, d >= 1), [d >= 0])
    b, s = kernel.induction_goals(g, d, 0)
    nat = kernel.induction(g, d, 0, kernel.decide(b), kernel.decide(s))
    gap = kernel.decide(kernel.goal(sympy.Or(d <= 0, d >= 1)), nat)
    assert gap.status == "proved"
    ok = kernel.decide(step_goal, peel, kernel.instantiate(gap, {d: y - m}), kernel.instantiate(gap, {d: y - m - 1}))
    assert ok.status == "proved"
    # the gap is about integers: over a real d it is false (d = 1/2), and the kernel refuses it
    r = sympy.Symbol("r", real=True)
    assert kernel.decide(kernel.goal(sympy.Or(r <= 0, r >= 1))).status == "failed"


import extremal_ldp_approximate as x_app  # noqa: E402


def _ldp(q0, q1, e, d):
    n = len(q0)
    return all(sum(a[y] for y in S) <= e * sum(b[y] for y in S) + d
               for a, b in ((q0, q1), (q1, q0)) for k in range(n + 1) for S in itertools.combinations(range(n), k))


def _region(q0, q1, e, d):
    """Both inequalities at every deterministic rule (the vertices of the rules' cube; the sums are affine in φ)."""
    n = len(q0)
    for bits in itertools.product((0, 1), repeat=n):
        fa = sum(a * f for a, f in zip(q0, bits))
        md = sum(b * (1 - f) for b, f in zip(q1, bits))
        if fa + e * md < 1 - d or e * fa + md < 1 - d:
            return False
    return True


def test_theorem_19_by_enumeration_both_truth_values():
    cases = [([R(1, 2), R(1, 3), R(1, 6)], [R(1, 3), R(1, 3), R(1, 3)], R(2), R(0)),
             ([R(9, 10), R(1, 10), 0], [R(1, 10), R(1, 10), R(4, 5)], R(2), R(1, 10)),
             ([R(9, 10), R(1, 10), 0], [R(1, 10), R(1, 10), R(4, 5)], R(3), R(7, 10))]
    seen = set()
    for q0, q1, e, d in cases:
        seen.add(_ldp(q0, q1, e, d))
        assert _ldp(q0, q1, e, d) == _region(q0, q1, e, d)
    assert seen == {True, False}


def test_theorem_19_statement_goals_are_closed_biconditionals():
    ev = x_app._region_steps()
    assert ev.status == "proved"
    data = ev.to_json()["data"]
    assert data  # combined evidence of the three goals


def test_theorem_19_wrong_rule_for_an_event_is_refused():
    """⇐ of the first direction reads the event E off the rule φ = 1 − 1_E; the rule φ = 1_E gives the other
    functional, and the event's bound does not follow from it."""
    from symdp.verify.recheck.terms import Event, Test
    y, ell = x_app._Y, x_app._ELL
    q0, q1 = x_app._ROWS
    x, d = sympy.exp(x_app._ε), x_app._δ
    E, phi, t = Event("E"), Test("phi"), sympy.Symbol("t", real=True)
    over = lambda f: sympy.Sum(f, (y, 1, ell))
    rows = [ell >= 1, *[sympy.Eq(over(q[y]), 1) for q in (q0, q1)]]
    tests = kernel.Inf(over(q0[y] * phi[y]) + x * over(q1[y] * (1 - phi[y])), (phi,))
    region = tests >= 1 - d
    for rule, expected in (((1 - E[t]), "proved"), (E[t], "failed")):
        member = kernel.member(tests, (t, rule))
        low = kernel.fact(member).goal.conclusion
        sums = [s for s in low.atoms(sympy.Sum) if not s.has(phi)] + [over(E[y] * (q0[y] - x * q1[y]))]
        one = kernel.decide(kernel.goal(over(E[y] * (q0[y] - x * q1[y])) <= d, [*rows, region]), member,
                            *x_app.splits(*sums))
        assert one.status == expected, (rule, one.detail[:200])
