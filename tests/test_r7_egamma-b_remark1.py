"""egamma-ldp Remark 1: the kernel proof of I(Θ;X) = log 2 − 1/2 (Θ ~ U[0, 1], X ~ Bernoulli(Θ)) says what the paper
says — its goal's definition of I, integrated by mpmath quadrature, gives the goal's value — and wrong applications
of its steps are refused: a wrong value, the Archimedean step without the case I ≠ value, the bound |integrand| ≤ 1
where it is false (P_X(1) = 1/4), and the final step without the convergence of the parts."""

import sys
from pathlib import Path

import mpmath
import pytest
import sympy
from sympy import Rational as R, log

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "proofs"))


@pytest.fixture(scope="module")
def bayes():
    import egamma_ldp_bayes
    return egamma_ldp_bayes


@pytest.fixture(scope="module")
def mi(bayes):
    return bayes._mi_steps()


def test_mutual_information_is_a_kernel_proof(mi):
    assert mi.status == "proved", mi.detail


def test_goal_matches_quadrature_of_its_definition(bayes, mi):
    # the goal defines I = Σ_x ∫₀¹ Piecewise(P(x|θ) log(P(x|θ)/P_X(x)), P(x|θ) > 0; 0) dθ, P_X(x) = ∫₀¹ P(x|θ) dθ;
    # evaluate that definition with mpmath (the Piecewise lambdified as written) and compare with the conclusion
    from symdp.verify import kernel
    goal = kernel.fact(mi).goal
    defs = {h.lhs.name: h.rhs for h in goal.hypotheses if isinstance(h, sympy.Eq) and isinstance(h.lhs, sympy.Symbol)}
    marg = {k: sympy.integrate(defs[k].function, defs[k].limits[0]) for k in ("P_1", "P_0")}
    assert marg == {"P_1": R(1, 2), "P_0": R(1, 2)}
    total = mpmath.mpf(0)
    for integral in defs["I"].args:
        (t, lo, hi), = integral.limits
        body = integral.function.xreplace({sympy.Symbol(k, real=True): v for k, v in marg.items()})
        f = sympy.lambdify(t, body, "mpmath")
        total += mpmath.quad(f, [lo, hi])
    equation = next(a for a in goal.conclusion.args if isinstance(a, sympy.Eq))
    assert equation.lhs == bayes._I_MI
    assert abs(total - mpmath.mpf(float(equation.rhs))) < 1e-12
    assert abs(float(equation.rhs) - (mpmath.log(2) - 0.5)) < 1e-15
    # both integrals' convergence is part of the conclusion
    assert sum(isinstance(a, bayes.kernel.Converges) for a in goal.conclusion.args) == 2


@pytest.mark.parametrize("wrong", [log(2) - R(2, 5), log(2), R(1, 5)])
def test_wrong_value_does_not_follow(bayes, wrong):
    # the first step that does not follow fails, and the next rule refuses it as a premise
    from symdp.errors import ParameterError
    try:
        status = bayes._mi_steps(wrong).status
    except ParameterError as err:
        assert "a premise must be proved" in str(err)
        status = "refused"
    assert status != "proved"


def test_one_part_with_a_wrong_value_is_refused(bayes):
    c = sympy.Symbol("c", real=True)
    assert bayes._mi_term_near(1, c).status == "proved"
    assert bayes._mi_term_near(1, c, log(2) / 2).status == "failed"
    assert bayes._mi_term_near(0, c, log(2) / 2 - R(1, 5)).status == "failed"


def _nested(evidence, depth):
    from symdp.verify.evidence import Evidence
    for _ in range(depth):
        evidence = Evidence.from_json(evidence.data["premises"][0])
    return evidence


def test_archimedean_step_refuses_wrong_applications(bayes, mi):
    # the proof's own "|I − v| ≤ 4c for every c ∈ (0, 1]" (two levels down: value ← instantiate ← near)
    from symdp.verify import kernel
    at_gap = _nested(mi, 2)
    near = _nested(at_gap, 1)
    assert "4*c" in kernel.fact(near).goal.text()
    i, v = bayes._I_MI, sympy.log(2) - R(1, 2)
    c = next(s for s in kernel.fact(near).goal.variables if s.name == "c")
    hyps = [h for h in kernel.fact(near).goal.hypotheses if c not in h.free_symbols]
    gap = sympy.Abs(i - v)
    goal = kernel.goal(sympy.Eq(i, v), hyps)
    assert kernel.instantiate(near, {c: sympy.Min(gap / 8, 1)}, [*hyps, sympy.Ne(i, v)]).status == "proved"
    # without I ≠ v the point c = min{|I − v|/8, 1} may be 0, outside c > 0
    assert kernel.instantiate(near, {c: sympy.Min(gap / 8, 1)}, hyps).status == "failed"
    # at c = min{|I − v|/2, 1} the bound |I − v| ≤ 2|I − v| is no contradiction: I = v does not follow
    loose = kernel.instantiate(near, {c: sympy.Min(gap / 2, 1)}, [*hyps, sympy.Ne(i, v)])
    assert loose.status == "proved"
    assert kernel.decide(goal, loose).status == "failed"
    assert kernel.decide(goal, at_gap).status == "proved"


def test_integrand_bound_refused_where_false(bayes):
    # |θ log(θ/P_1)| ≤ 1 on [0, 1] holds at P_1 = 1/2 but not at P_1 = 1/4 (log 4 > 1 at θ = 1)
    from symdp.verify import kernel
    w, t, p1 = bayes._W, bayes._θ, bayes._P1
    f = bayes._mi_integrand(1)
    logs = [kernel.instantiate(bayes.exp_bounds()[0], {w: s * log(t / p1)}, [t > 0, p1 > 0]) for s in (1, -1)]
    ok = kernel.decide(kernel.goal(sympy.Abs(f) <= 1, [t >= 0, t <= 1, sympy.Eq(p1, R(1, 2))]), *logs)
    assert ok.status == "proved"
    bad = kernel.decide(kernel.goal(sympy.Abs(f) <= 1, [t >= 0, t <= 1, sympy.Eq(p1, R(1, 4))]), *logs)
    assert bad.status == "failed"


def test_split_parts_need_convergence(bayes):
    # the split, the part bounds and the fundamental theorem, without the dominated convergence of the parts, do not
    # give the bound: the parts are middle terms whose definedness (Converges) must be proved
    from symdp.verify import kernel
    from symdp.verify.evidence import Evidence
    c = sympy.Symbol("c", real=True)
    proved = bayes._mi_term_near(1, c)
    premises = [Evidence.from_json(p) for p in proved.data["premises"]]
    kept = [p for p in premises if not isinstance(kernel.fact(p).goal.conclusion, kernel.Converges)]
    assert len(premises) - len(kept) == 3  # the small part, the smooth part, the antiderivative's derivative
    goal = kernel.fact(proved).goal
    assert kernel.decide(goal, *premises).status == "proved"
    assert kernel.decide(goal, *kept).status == "failed"
