"""egamma-ldp, Section V (Bayes risk): the kernel proof of Remark 1's eq. (18) says what the paper says, checked
against quadrature of the definition it starts from, and a wrong right side does not follow from its facts."""

import sys
from pathlib import Path

import mpmath
import pytest
import sympy

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "proofs"))


@pytest.fixture(scope="module")
def bayes():
    import egamma_ldp_bayes
    return egamma_ldp_bayes


def test_eq_18_is_a_kernel_proof_of_the_definition(bayes):
    evidence = bayes._eq_18_steps()
    assert evidence.status == "proved", evidence.detail


def test_eq_18_goal_matches_quadrature_of_its_definition(bayes):
    # the goal's hypotheses define I_γ = Σ_x ∫₀¹ (P(x|θ) − γP_X(x))₊ dθ − (1 − γ)₊ with P_X(x) = ∫₀¹ P(x|θ) dθ;
    # integrate that definition numerically (mpmath, split at every kink) and compare with the conclusion's value
    from symdp.verify import kernel
    goal = kernel.fact(bayes._eq_18_steps()).goal
    names = {s.name: s for s in goal.conclusion.free_symbols}
    gamma = names["gamma"]
    defs = {h.lhs.name: h.rhs for h in goal.hypotheses if isinstance(h, sympy.Eq)}
    marg = {k: float(sympy.integrate(defs[k].function, defs[k].limits[0])) for k in ("P_1", "P_0")}
    for g in ("0", "0.3", "1", "1.25", "1.9", "2", "3.5"):
        gv = mpmath.mpf(g)
        by_quad = (mpmath.quad(lambda t: max(t - gv * marg["P_1"], 0), [0, gv * marg["P_1"] if gv < 2 else 1, 1])
                   + mpmath.quad(lambda t: max(1 - t - gv * marg["P_0"], 0), [0, 1 - gv * marg["P_0"] if gv < 2 else 0, 1])
                   - max(1 - gv, 0))
        stated = goal.conclusion.rhs.xreplace({gamma: sympy.Rational(g)})
        assert abs(by_quad - float(stated)) < 1e-12, g


@pytest.mark.parametrize("wrong", ["gamma**2/3", "kink"])
def test_eq_18_wrong_value_does_not_follow(bayes, wrong):
    g = bayes._γ
    value = (sympy.Piecewise((g ** 2 / 3, g <= 1), (sympy.Piecewise(((g - 2) ** 2 / 4, g <= 2), (0, True)), True))
             if wrong != "kink" else
             sympy.Piecewise((g ** 2 / 4, g <= 1), (sympy.Piecewise(((g - 2) ** 2 / 4, g <= 3), (0, True)), True)))
    assert bayes._eq_18_steps(value).status == "failed"


def test_eq_16_general_form_is_a_kernel_proof_and_needs_the_correction(bayes):
    # I_γ(A;B) = ∫ E_γ(P_{B|a}‖P_B) dP_A from the definitions; the same facts do not give the average of
    # E_{P_B}(r(a, ·) − γ)₊ without eq. (22)'s (1 − γ)₊ (they differ for γ < 1)
    from symdp.verify import kernel
    assert bayes._eq_16_steps().status == "proved"
    plain = kernel.Expect(bayes._CONDITIONAL, (bayes._A_, bayes._LAW_A))
    average = kernel.Expect(bayes._CONDITIONAL - sympy.Max(1 - bayes._γ, 0), (bayes._A_, bayes._LAW_A))
    wrong = kernel.decide(kernel.goal(sympy.Eq(bayes._I_AB, plain), bayes._EQ_16_DOMAIN), kernel.linear(average),
                          kernel.integrable(average))
    assert wrong.status == "failed"


def test_corollary_1_remarks_limit_is_what_the_paper_says():
    # the proved goals: [nφ²]^{−1/2} = 1/(φ√n) (k = 2); [nφ²]^{−(k−1)/k} converges as k → ∞, to 1/(nφ²). Their sides are
    # evaluated here with mpmath (at large k for the limit): an independent route, no kernel, no sympy limit
    import egamma_ldp_risk
    from symdp.verify.goals import Goal
    evidence = egamma_ldp_risk.corollary_1_remarks()
    assert evidence.status == "proved" and not evidence.data["prose_steps"], evidence.detail
    stored = [g for part in evidence.data["statement"]["data"]["parts"] for g in part["data"]["goals"]]
    assert "n*phi^2" in stored[0]["text"], "the k = 2 goal states [nφ²]^{−1/2}, not 1/(φ√n) = 1/(φ√n)"
    goals = [Goal.from_json(g) for g in stored]
    k2, converges, value = (g.conclusion for g in goals)
    assert type(converges).__name__ == "Converges" and converges.args[0] == value.lhs
    for n, phi in ((1, "0.5"), (7, "0.2"), (1000, "0.9")):
        at = {s.name: s for g in goals for s in g.conclusion.free_symbols}
        base = mpmath.mpf(n) * mpmath.mpf(phi) ** 2
        big = mpmath.mpf(10) ** 9
        assert abs(base ** (-(big - 1) / big) - 1 / base) < 1e-6 / base
        assert mpmath.almosteq(float(value.rhs.subs({at["n"]: n, at["phi"]: sympy.Rational(phi)})), 1 / base, 1e-12)
        assert mpmath.almosteq(base ** mpmath.mpf(-0.5), 1 / (mpmath.mpf(phi) * mpmath.sqrt(n)), 1e-12)
        k2_at = {s: (n if s.name == "n" else sympy.Rational(phi)) for s in k2.free_symbols}
        assert mpmath.almosteq(float(k2.lhs.subs(k2_at)), float(k2.rhs.subs(k2_at)), 1e-12)
