"""lmidp, Remark after Theorem 1 (p̄_μ), round 7: the uniqueness of p̄_μ in (0, 1) as kernel steps, and the paper
domain of both bullets (every μ > 0). The kernel's goals are checked against an independent route (mpmath), and
wrong applications of the rules used are refused."""

import sys
from pathlib import Path

import mpmath
import pytest
import sympy
from sympy import log

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "proofs"))

import lmidp  # noqa: E402
from symdp.verify import kernel  # noqa: E402



def _g(z):
    """H_b(z)/z in bits (mpmath)."""
    return (-z * mpmath.log(z) - (1 - z) * mpmath.log(1 - z)) / (z * mpmath.log(2))


def _root(c):
    """The p with H_b(p)/p = c by bisection (H_b(p)/p decreases from +∞ to 0 on (0, 1))."""
    lo, hi = mpmath.mpf("1e-12"), 1 - mpmath.mpf("1e-12")
    assert _g(lo) > c > _g(hi)
    for _ in range(200):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if _g(mid) > c else (lo, mid)
    return lo


@mpmath.workdps(40)
def test_uniqueness_goal_is_proved_and_matches_the_numbers():
    ev = lmidp._pbar_unique()
    assert ev.passed, ev.detail
    goal = kernel.fact(ev).goal
    assert goal.conclusion.lhs.name == "p" and goal.conclusion.rhs.name == "q"
    assert {s.name for s in goal.variables} == {"mu", "p", "q"}
    # independent route: H_b(p)/p strictly decreasing on (0, 1) at random points, and p̄_μ (bisection) the one root
    rnd = mpmath.mpf
    pts = sorted(rnd(k) / 97 for k in range(1, 97))
    vals = [_g(t) for t in pts]
    assert all(a > b for a, b in zip(vals, vals[1:]))
    for mu in (mpmath.mpf(1) / 10, mpmath.mpf(1) / 100, mpmath.mpf(9) / 10):
        c = -mpmath.log(2 ** mu - 1) / mpmath.log(2)
        root = _root(c)
        # every grid point other than the root has another value: sign change exactly once along the grid
        signs = [(_g(t) - c) > 0 for t in pts]
        assert sum(1 for a, b in zip(signs, signs[1:]) if a != b) <= 1
        assert abs(_g(root) - c) < mpmath.mpf("1e-25")
    assert abs(_root(-mpmath.log(2 ** (mpmath.mpf(1) / 10) - 1) / mpmath.log(2)) - mpmath.mpf("0.177503347183946")) \
        < mpmath.mpf("1e-14")


def test_wrong_applications_are_refused():
    p, a, b, u, x1, x2 = sympy.symbols("p a b u x_1 x_2", real=True)
    g = lambda z: (-z * log(z) - (1 - z) * log(1 - z)) / (z * log(2))
    inc = kernel.increasing(log(u), u, x1, x2, [x1 > 0], strict=True)
    neg = kernel.instantiate(inc, {x1: 1 - p, x2: 1}, [p > 0, p < 1])
    assert neg.passed
    # H_b(p)/p is decreasing, not increasing
    assert not kernel.increasing(g(p), p, a, b, [a > 0, b < 1], strict=True, premises=[neg]).passed
    # the interval must stay inside (0, 1), where log(1 − p) is defined
    assert not kernel.increasing(-g(p), p, a, b, [a > 0, b < 2], strict=True, premises=[neg]).passed
    # log(1 − p) < 0 does not hold for p ≤ 0 (log(1 − p) ≥ 0 there)
    assert not kernel.instantiate(inc, {x1: 1 - p, x2: 1}, [p > -1, p < 1]).passed
    # uniqueness needs the strict decrease: from the non-strict version it does not follow
    q, c = sympy.symbols("q c", real=True)
    weak = kernel.increasing(-g(p), p, a, b, [a > 0, b < 1], premises=[neg])
    assert weak.passed
    below = kernel.instantiate(weak, {a: p, b: q}, [p > 0, p <= q, q < 1])
    above = kernel.instantiate(weak, {a: q, b: p}, [q > 0, q <= p, p < 1])
    one = kernel.decide(kernel.goal(sympy.Eq(p, q), [p > 0, p < 1, q > 0, q < 1, sympy.Eq(g(p), c), sympy.Eq(g(q), c)]),
                        below, above)
    assert not one.passed


@pytest.mark.slow
def test_the_remark_covers_every_mu(verified):
    (r,) = [r for r in verified("lmidp") if r.label == "Remark after Theorem 1 (p̄_μ)"]
    assert r.status == "proved" and r.coverage == "whole", r.detail
    assert r.proof_status == "proved with prose"
    # the paper's domain is every μ > 0 (both bullets), not μ ∈ (0, 1)
    assert "[whole stated domain: mu > 0 (" in r.detail, r.detail
    assert any("intermediate value theorem" in s for s in r.prose_steps)
