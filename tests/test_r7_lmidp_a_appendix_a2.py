"""Appendix -A2 (eqs. 17–18) of Ngo–Östman–Graell i Amat on its paper domain (round 7, lmidp-a): the kernel proof no
longer assumes a privacy loss (one support); it proves the supports agree from (2) and a finite μ, and runs Lemma 1's
per-output steps with 0·log(0/0) = 0. Checked here against independent routes (mpmath quadrature of the integrand,
KL summed over the outputs P charges) and for refusals: without the support step, or at a point where one mass is 0
and the other is not, the steps do not go through."""

import random
import sys
from fractions import Fraction
from pathlib import Path

import mpmath
import pytest
import sympy

from symdp.verify import kernel
from symdp.verify.registry import load_claims

PROOFS = Path(__file__).resolve().parent.parent / "proofs"


@pytest.fixture(scope="module")
def mods(tmp_path_factory):
    folder = tmp_path_factory.mktemp("lmidp_a2")
    for name in ("_idioms.py", "_lmidp_helpers.py", "lmidp_appendices.py"):
        (folder / name).symlink_to(PROOFS / name)
    registry = load_claims(folder, isolate=False)
    assert not registry.load_errors, registry.load_errors
    return sys.modules["_lmidp_helpers"], sys.modules["symdp_claims_lmidp_appendices"]


def _mpf(x):
    x = Fraction(x)
    return mpmath.mpf(x.numerator) / x.denominator


def _integrand(P, Q, e):
    """H_{e^ε}(P‖Q) + e^{−ε}H_{e^ε}(Q‖P), written from the definition's closed form (mpmath)."""
    g = mpmath.exp(e)
    return (sum(max(_mpf(p) - g * _mpf(q), 0) for p, q in zip(P, Q))
            + mpmath.exp(-e) * sum(max(_mpf(q) - g * _mpf(p), 0) for p, q in zip(P, Q)))


def _laws_with_common_zeros(r, l, zeros):
    def law():
        w = [0 if y in zeros else r.randint(1, 9) for y in range(l)]
        return [Fraction(v, sum(w)) for v in w]
    return law(), law()


def test_identity_goal_is_eq_17_at_random_laws_with_common_zeros(mods):
    """The identity goal's two sides, evaluated at laws on 5 outputs that both miss outputs 1 and 3, equal KL(P‖Q) in
    bits (summed over the outputs P charges) and log(e)∫₀^∞ of the integrand (mpmath quadrature split at the kinks)."""
    h, _ = mods
    support, convergence, identity, bound = h.a2_support_and_identity(
        *[getattr(sys.modules["symdp_claims_lmidp_appendices"], n) for n in ("_A2_LDP", "_A2_RIGHT", "_A2_MU")],
        sys.modules["symdp_claims_lmidp_appendices"]._a2_pointwise())
    goal = kernel.fact(identity).goal
    eq = [a for a in goal.conclusion.args if isinstance(a, sympy.Eq)][0]
    r = random.Random(1703)
    l = sympy.Symbol("l", integer=True)
    with mpmath.workdps(40):
        for _ in range(4):
            P, Q = _laws_with_common_zeros(r, 5, {1, 3})
            point = {h.ROW_P[y + 1]: sympy.Rational(P[y].numerator, P[y].denominator) for y in range(5)}
            point.update({h.ROW_Q[y + 1]: sympy.Rational(Q[y].numerator, Q[y].denominator) for y in range(5)})
            left = eq.lhs.xreplace({l: 5}).replace(lambda e: isinstance(e, sympy.Sum), lambda e: e.doit()).xreplace(point)
            kl = sum(_mpf(p) * mpmath.log(_mpf(p) / _mpf(q)) for p, q in zip(P, Q) if p) / mpmath.log(2)
            assert abs(mpmath.mpf(str(sympy.N(left, 40))) - kl) < mpmath.mpf(10) ** -30
            kinks = sorted({abs(mpmath.log(_mpf(p) / _mpf(q))) for p, q in zip(P, Q) if p})
            right = mpmath.quad(lambda e: _integrand(P, Q, e), [0, *kinks, mpmath.inf]) / mpmath.log(2)
            assert abs(right - kl) < mpmath.mpf(10) ** -20


def test_per_output_value_with_both_masses_zero_and_positive(mods):
    """∫₀^∞ g = p log(p/q) − p + q (0 − p + q = 0 at p = q = 0), against quadrature; a wrong value is refused."""
    h, _ = mods
    value, converges = h.outcome_with_zero_masses()
    assert value.status == converges.status == "proved"
    with mpmath.workdps(30):
        for p, q in ((Fraction(3, 10), Fraction(7, 10)), (Fraction(4, 5), Fraction(1, 10)), (Fraction(1, 2), Fraction(1, 2))):
            z = abs(mpmath.log(_mpf(p) / _mpf(q)))
            got = mpmath.quad(lambda e: _integrand([p], [q], e), [0, z, mpmath.inf] if z else [0, mpmath.inf])
            want = _mpf(p) * mpmath.log(_mpf(p) / _mpf(q)) - _mpf(p) + _mpf(q)
            assert abs(got - want) < mpmath.mpf(10) ** -20
    p, q = h._P1, h._Q1
    whole = sympy.Integral(h.lemma1_term(p, q, h.EPS), (h.EPS, 0, sympy.oo))
    premises = [kernel.fact(value)]
    wrong = kernel.goal(sympy.Eq(whole, h.kl_term(p, q) - p + 2 * q), [p >= 0, q >= 0, h.same_support(p, q)])
    assert kernel.decide(wrong, *premises).status == "failed"


def test_per_output_value_needs_one_support(mods):
    """Without "both masses zero or both positive" the per-output value is not proved from Lemma 1's steps: at p > 0 = q
    the term with the convention is 0 while the integrand is p on all of [0, ∞)."""
    h, _ = mods
    p, q, z = h._P1, h._Q1, h._Z1
    equal, _ = h._outcome_by_loss()
    whole = sympy.Integral(h.lemma1_term(p, q, h.EPS), (h.EPS, 0, sympy.oo))
    goal = kernel.goal(sympy.Eq(whole, h.kl_term(p, q) - p + q), [p >= 0, q >= 0])
    pos = kernel.instantiate(equal, {z: sympy.log(p / q)}, [p > 0, q > 0])
    zero = kernel.instantiate(equal, {z: 0}, [sympy.Eq(p, 0), sympy.Eq(q, 0)])
    assert kernel.decide(goal, pos, zero).status == "failed"


def test_support_step_rests_on_the_divergence(mods):
    """The support goal at one output is refused from (2) alone (no step that a finite μ forces the masses), and proved
    with the two ``diverges`` steps; ``diverges`` itself refuses a bound on a bounded range."""
    h, app = mods
    j = sympy.Symbol("j", integer=True)
    P, Q, e = h.ROW_P, h.ROW_Q, h.EPS
    goal = kernel.goal(h.same_support(P[j], Q[j]), [j >= 1, j <= h.L_OUT, *app._A2_LDP, app._A2_RIGHT])
    assert kernel.decide(goal).status == "failed"
    below = kernel.instantiate(h.term_below_sum(P, Q), {h.T_SUP: e})
    assert kernel.decide(goal, below, kernel.member(app._A2_LDP[0].lhs, e)).status == "failed"
    c = sympy.Symbol("c", positive=True)
    u = sympy.Symbol("u", real=True)
    bounded = kernel.decide(kernel.goal(sympy.LessThan(c, c + u), [u >= 0, u <= 1]))
    assert kernel.diverges(bounded, u, 0).status == "failed"
    assert kernel.diverges(kernel.decide(kernel.goal(sympy.LessThan(c / (1 + u), c), [u >= 0])), u, 0).status == "failed"
    support, *_ = h.a2_support_and_identity(app._A2_LDP, app._A2_RIGHT, app._A2_MU, app._a2_pointwise())
    assert support.status == "proved"


def test_term_below_sum_at_points(mods):
    """(p_j − e^t q_j)₊ ≤ Σ_y (p_y − e^t q_y)₊ for 1 ≤ j ≤ l: the proved goal holds at random points, and its
    hypotheses are exactly the range (j outside it is not claimed)."""
    h, _ = mods
    ev = h.term_below_sum(h.ROW_P, h.ROW_Q)
    goal = kernel.fact(ev).goal
    j, l = sympy.Symbol("j", integer=True), sympy.Symbol("l", integer=True)
    assert set(goal.hypotheses) == {j >= 1, j <= l}
    r = random.Random(7)
    for _ in range(5):
        n = r.randint(1, 5)
        P = [sympy.Rational(r.randint(0, 9), 10) for _ in range(n)]
        Q = [sympy.Rational(r.randint(0, 9), 10) for _ in range(n)]
        t = sympy.Rational(r.randint(-20, 20), 10)
        k = r.randint(1, n)
        point = {h.ROW_P[y + 1]: P[y] for y in range(n)} | {h.ROW_Q[y + 1]: Q[y] for y in range(n)}
        rel = goal.conclusion.xreplace({l: n, j: k, h.T_SUP: t}).replace(lambda e: isinstance(e, sympy.Sum), lambda e: e.doit())
        assert bool(rel.xreplace(point)) is True
