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
