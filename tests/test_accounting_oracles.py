"""The certified accountant against independent oracles, at the edges of its algorithm.

Finite pairs are checked against the exact T-fold δ enumerated outcome tuple by outcome tuple
(itertools.product, balls built here from the pair's own rationals with python-flint, not through
symdp); their loss atoms sit exactly on grid points and within 10⁻⁶ of them, on both sides of 0,
where the dominated discretisation's cells must neither lose nor double-count an atom.
"""

from __future__ import annotations

import itertools

import pytest
import sympy
from flint import arb, ctx, fmpq
from hypothesis import given, settings, strategies as st

from symdp.accounting import Bracket, delta_bracket
from symdp.pairs import FinitePair

R = sympy.Rational


def _loss_pair(losses: list[R], qs: list[R]) -> tuple[FinitePair, list[tuple[fmpq, fmpq]]]:
    """Outcomes with Q-mass q_i and privacy loss l_i (P-mass q_i·e^{l_i}), plus one outcome
    with the remaining masses; returned as a symdp pair and as the (q_i, l_i) the oracle uses
    (the remainder's loss is whatever the masses make it)."""
    p = [qi * sympy.exp(li) for qi, li in zip(qs, losses)]
    pair = FinitePair(p + [1 - sum(p)], list(qs) + [1 - sum(qs)])
    return pair, [(fmpq(int(q.p), int(q.q)), fmpq(int(l.p), int(l.q))) for q, l in zip(qs, losses)]


def _exact_delta(atoms: list[tuple[fmpq, fmpq]], steps: int, eps: fmpq, prec: int = 320) -> arb:
    """max over both directions of Σ over outcome tuples (Π p − e^ε Π q)₊ of the `steps`-fold
    product (Steinke, Proposition 7 on the product space), each term a ball at `prec` bits."""
    with ctx.workprec(prec):
        p = [q * arb(l).exp() for q, l in atoms]
        q = [arb(qi) for qi, _ in atoms]
        p.append(1 - sum(p, arb(0)))
        q.append(1 - sum(q, arb(0)))
        g = arb(eps).exp()
        best = arb(0)
        for a, b in ((p, q), (q, p)):
            total = arb(0)
            for tup in itertools.product(range(len(a)), repeat=steps):
                pa, pb = arb(1), arb(1)
                for i in tup:
                    pa, pb = pa * a[i], pb * b[i]
                total += (pa - g * pb).nonnegative_part()
            best = best.union(total) if best.overlaps(total) else (best if best > total else total)
        return best


def _contains_ball(b: Bracket, ball: arb) -> bool:
    """Every value ≥ 0 of the ball (δ is) lies in the bracket (exact endpoints compared as rationals)."""
    lo, hi = max(ball.lower().fmpq(), fmpq(0)), ball.upper().fmpq()
    lower, upper = fmpq(int(b.lower.p), int(b.lower.q)), fmpq(int(b.upper.p), int(b.upper.q))
    return lower <= lo and hi <= upper


TINY = R(1, 10 ** 6)

# Loss atoms (with Q-masses) on the grid h = 1/4 and within 10⁻⁶ of its points, above and below 0.
ATOM_CASES = {
    "issue-18 witness: above, on, below 1/2": ([R(1, 2) + TINY, R(1, 2), R(1, 2) - R(1, 16000)], [R(1, 10)] * 3),
    "the witness's pattern below 0: on -1/4 and just below it": ([R(-1, 4) + TINY, R(-1, 4), R(-1, 4) - R(1, 16000),
                                                                 R(3, 4)], [R(1, 10), R(1, 10), R(1, 10), R(1, 20)]),
    "on 1/2 and -1/4": ([R(1, 2), R(-1, 4)], [R(1, 5), R(3, 10)]),
    "just below the grid on both sides of 0": ([R(1, 4) - TINY, R(-1, 2) - TINY, R(3, 4) - TINY],
                                               [R(1, 5), R(1, 5), R(1, 10)]),
    "just above the grid on both sides of 0": ([R(1, 4) + TINY, R(-1, 4) + TINY, TINY], [R(1, 5), R(1, 5), R(1, 5)]),
    "a cluster on -1/4": ([R(-1, 4) - TINY, R(-1, 4), R(-1, 4) + TINY, R(1, 2)], [R(1, 8), R(1, 8), R(1, 8), R(1, 8)]),
}


@pytest.mark.parametrize("steps", [1, 2, 3])
@pytest.mark.parametrize("name", list(ATOM_CASES))
def test_atoms_on_and_next_to_grid_points(name, steps):
    """The bracket contains the exact δ of the T-fold product at ε = 0 and at ε = 1/4 (a grid
    point, where atoms of the composed loss sit exactly at ε)."""
    losses, qs = ATOM_CASES[name]
    pair, atoms = _loss_pair(losses, qs)
    for eps in (fmpq(0), fmpq(1, 4)):
        b = delta_bracket(pair, steps, R(int(eps.p), int(eps.q)), h=R(1, 4))
        truth = _exact_delta(atoms, steps, eps)
        assert _contains_ball(b, truth), (name, steps, eps, b.lower, b.upper, truth)


_offsets = st.sampled_from([R(0), TINY, -TINY, R(1, 16000), -R(1, 16000)])


@settings(max_examples=8, deadline=None)
@given(st.lists(st.tuples(st.integers(-3, 3), _offsets, st.integers(1, 6)), min_size=1, max_size=3),
       st.integers(1, 3), st.sampled_from([R(0), R(1, 8), R(1, 3)]), st.sampled_from([R(1, 4), R(1, 8)]))
def test_held_out_pairs_near_the_grid(atoms, steps, eps, h):
    """Law: for pairs whose losses sit on or next to grid points j·h (j from −3 to 3), the
    bracket contains the exact T-fold δ."""
    losses = [j * h + off for j, off, _ in atoms]
    qs = [R(w, 40) for _, _, w in atoms]
    pair, oracle = _loss_pair(losses, qs)
    b = delta_bracket(pair, steps, eps, h=h)
    assert _contains_ball(b, _exact_delta(oracle, steps, fmpq(int(eps.p), int(eps.q)))), (losses, qs, b)


def test_mass_invariants_refuse_a_broken_discretisation():
    """The run-time guard: a dominated discretisation with more than all the P-mass, or a
    dominating one with less, is a CertificateViolation (never a SymdpError a caller might catch)."""
    from symdp.accounting.discretise import Discrete
    from symdp.certificate import CertificateViolation
    bits = 8
    Discrete(fmpq(1, 4), 0, (200, 56), 0, bits, False).verified("test")
    Discrete(fmpq(1, 4), 0, (200, 50), 6, bits, True).verified("test")
    with pytest.raises(CertificateViolation, match="dominated"):
        Discrete(fmpq(1, 4), 0, (200, 57), 0, bits, False).verified("test")
    with pytest.raises(CertificateViolation, match="dominated"):
        Discrete(fmpq(1, 4), 0, (200, 50), 1, bits, False).verified("test")
    with pytest.raises(CertificateViolation, match="dominating"):
        Discrete(fmpq(1, 4), 0, (200, 50), 5, bits, True).verified("test")
