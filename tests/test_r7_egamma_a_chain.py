"""egamma-ldp Theorem 3 ⇒ Theorem 1 ⇒ eq. (29) over every Markov kernel (round 7): (1) the domains' readings checked
against the paper's definitions by an independent route on finite laws and kernels (exact rationals, events and
tests enumerated), and (2) the kernel refuses the proofs' steps when a hypothesis is dropped or a bound is made
too strong, so the proved goals are not vacuous."""

import itertools
import random
import sys
from fractions import Fraction
from pathlib import Path

import pytest
import sympy

from symdp.verify import kernel
from symdp.verify.registry import load_claims

PROOFS = Path(__file__).resolve().parent.parent / "proofs"


@pytest.fixture(scope="module")
def chain(tmp_path_factory):
    folder = tmp_path_factory.mktemp("egamma_chain")
    for name in ("_idioms.py", "_egamma_helpers.py", "egamma_ldp.py"):
        (folder / name).symlink_to(PROOFS / name)
    registry = load_claims(folder, isolate=False)
    assert not registry.load_errors, registry.load_errors
    return sys.modules["symdp_claims_egamma_ldp"]


def _law(r, k):
    w = [r.randint(0, 9) for _ in range(k)]
    w[0] += 1
    return [Fraction(v, sum(w)) for v in w]


def _events_sup(p, q, g):
    k = len(p)
    return max(sum((p[i] - g * q[i] for i in a), Fraction(0))
               for n in range(k + 1) for a in itertools.combinations(range(k), n))


def _tests_sup_on_grid(p, q, g, steps=4):
    """sup over the tests b: {0..k-1} → [0, 1] of Σ b_i (p_i − γ q_i), the tests restricted to a grid of values
    (a lower bound for the supremum; the grid contains the indicators)."""
    k = len(p)
    grid = [Fraction(i, steps) for i in range(steps + 1)]
    return max(sum((b[i] * (p[i] - g * q[i]) for i in range(k)), Fraction(0)) for b in itertools.product(grid, repeat=k))


def test_the_tests_reading_of_e_gamma_is_the_events_supremum_on_finite_laws():
    # The domain reads E_γ(P‖Q) of the input laws as the sup over tests; on finite laws no grid test beats the best
    # event, and the best event is a grid test: the two suprema agree (eq. 23's events).
    r = random.Random(7)
    for _ in range(40):
        p, q = _law(r, 3), _law(r, 3)
        for g in (Fraction(1), Fraction(3, 2), Fraction(4)):
            assert _tests_sup_on_grid(p, q, g) == _events_sup(p, q, g)


def test_two_point_formula_against_ratios_and_point_masses_on_finite_kernels():
    # η_γ(K) (sup of E_γ(PK‖QK)/E_γ(P‖Q)) against the two-point value: random ratios never exceed it and the point
    # masses attain it (E_γ(δ_x‖δ_y) = 1 for x ≠ y), γ ≥ 1, exact.
    r = random.Random(25)
    for _ in range(30):
        rows = [_law(r, 3) for _ in range(3)]
        push = lambda m: [sum(m[x] * rows[x][z] for x in range(3)) for z in range(3)]
        for g in (Fraction(1), Fraction(2), Fraction(7, 2)):
            two = max(_events_sup(a, b, g) for a in rows for b in rows)
            for _ in range(10):
                p, q = _law(r, 3), _law(r, 3)
                e_in = _events_sup(p, q, g)
                if e_in:
                    assert _events_sup(push(p), push(q), g) / e_in <= two
            dirac = lambda x: [Fraction(int(i == x)) for i in range(3)]
            best = max(_events_sup(push(dirac(x)), push(dirac(y)), g) / _events_sup(dirac(x), dirac(y), g)
                       for x in range(3) for y in range(3) if x != y)
            assert best == two or (best <= 0 and two == 0)


def test_event_bound_refuses_a_bound_too_strong(chain):
    # E_P f − γE_Q f ≤ E_γ(P‖Q)·H is proved for a Markov kernel's f = K(C|·); halving the bound is refused
    g = chain.GR
    h = chain._two_point(g)
    e_lo, e_hi = chain._e_in_bounds(g)
    proved = chain._event_bound(g, lambda z: chain._KM[chain._EC, z], h, chain._row_to_two_point(g, chain._EC, chain._x, chain._y),
                                e_lo, e_hi)
    assert proved.status == "proved"
    lhs = kernel.Expect(chain._KM[chain._EC, chain._s], (chain._s, chain._PL)) - g * kernel.Expect(chain._KM[chain._EC, chain._s], (chain._s, chain._QL))
    wrong = kernel.decide(kernel.goal(lhs <= chain._e_in(g) * h / 2, [g >= 1]), proved, e_lo, e_hi)
    assert wrong.status == "failed"


def test_point_mass_denominator_needs_distinct_points(chain):
    # E_γ(δ_u‖δ_v) ≥ 1 is proved for u ≠ v (the test 1_{u}); without u ≠ v it is refused (u = v gives 1 − γ)
    g, u, v, s = chain.GR, chain._u, chain._v, chain._s
    d = chain._dirac_in(g, u, v)
    member = kernel.member(d, (s, sympy.Piecewise((1, sympy.Eq(s, u)), (0, True))))
    assert kernel.decide(kernel.goal(d >= 1, [sympy.Ne(u, v)]), member).status == "proved"
    assert kernel.decide(kernel.goal(d >= 1), member).status == "failed"


def test_eq_29_pointwise_step_needs_gamma_at_least_one(chain):
    # K(B|x) − K(B|y) ≤ 1 − (1 − E_γ(K_x‖K_y))/γ needs γ ≥ 1 (at γ = 1/2 and K(B|x) = 1, K(B|y) = 0 it fails)
    g, x, y = chain.GR, chain._x, chain._y
    n = kernel.Sup(chain._KM[chain._EC, x] - g * chain._KM[chain._EC, y], (chain._EC,))
    lhs = chain._KM[chain._EB, x] - chain._KM[chain._EB, y]
    assert kernel.decide(kernel.goal(lhs <= 1 - (1 - n) / g, [g >= 1]), kernel.member(n, chain._EB)).status == "proved"
    assert kernel.decide(kernel.goal(lhs <= 1 - (1 - n) / g, [g > 0]), kernel.member(n, chain._EB)).status == "failed"


def test_upper_bound_on_eta_needs_gamma_at_least_one(chain):
    # η_γ(K) ≤ sup_{x,y} E_γ(K_x‖K_y) is proved for γ ≥ 1; the same premises do not give it without γ ≥ 1
    g = chain.GR
    e_lo, e_hi = chain._e_in_bounds(g)
    out, ratio, upper = chain._theorem_3_upper(g, e_lo, e_hi)
    assert upper.status == "proved"
    assert kernel.decide(kernel.goal(chain._eta(g) <= chain._two_point(g)), upper).status == "failed"
