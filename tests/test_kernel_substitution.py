"""Substitution in the kernel (round 7 soundness fix, /work/wt/SOUNDNESS_kernel.md).

sympy evaluates a node rebuilt by substitution: a relation folds to True/False, 0·(1/v) → 0, 0**d → 0 (d > 0). In
``instantiate`` a premise hypothesis folded to True disappeared from the side condition, and a fold that makes a
term defined where the premise's was not let the rule state the premise where it says nothing; the three
reproducers below were proved by the kernel of main 632194d and agreed by its re-check. Now the kernel requires the
definedness of the premise's terms computed BEFORE the substitution and refuses a fold decided numerically (evalf on
a closed irrational term); the re-check does the same with its own code. Each false goal is checked false by an
independent route (a point where it fails, or the integral's closed form).
"""

from __future__ import annotations

import pytest
import sympy

from symdp.verify import kernel as K
from symdp.verify.recheck import recheck_evidence
from test_kernel import refused, replays

v, y, x, w = sympy.symbols("v y x w", real=True)
d = sympy.Symbol("d", positive=True)
eps = sympy.Symbol("eps", positive=True)
SMALL = sympy.Rational(1, 10**10)
PEAK = sympy.Integral(sympy.exp(-10**6 * (x - sympy.Rational(1, 3))**2), (x, 0, 1))   # = 0.00177…, evalf says 1.7e-210


def _premise(conclusion, hyps):
    step = K.decide(K.goal(conclusion, hyps))
    assert step.passed, step.detail
    return step


def _power_premise():      # ∀ d > 0, v, y: v^d < 1 ⇒ y ≤ 0 ∨ v·y > 0 (v^d defined only for v > 0)
    return _premise(sympy.Or(y <= 0, v * y > 0), [v**d < 1])


def _peak_premise():       # ∀ v, y: v < 10^-10 ⇒ y ≤ 0 ∨ y·(10^-10 − v) > 0
    return _premise(sympy.Or(y <= 0, y * (SMALL - v) > 0), [v < SMALL])


def _quotient_premise():   # ∀ y, v: y/v < 1 ⇒ v ≠ 0
    return _premise(sympy.Ne(v, 0), [y / v < 1])


def test_the_false_goals_are_false():
    # ∀ y: y ≤ 0 fails at y = 1; the peak integral is √π/1000·erf(…) ≈ 0.0018 > 10^-10, so y·(10^-10 − I) > 0 fails at
    # y = 1; ∀ v: v ≠ 0 fails at v = 0
    exact = sympy.sqrt(sympy.pi) / 2000 * (sympy.erf(sympy.Rational(2000, 3)) + sympy.erf(sympy.Rational(1000, 3)))
    assert sympy.N(exact, 30) > sympy.Rational(17, 10000)
    assert sympy.N(PEAK, 5) < SMALL            # sympy's own numeric value is wrong: the reason for the refusal


def test_a_folded_hypothesis_keeps_its_definedness():
    refused(K.instantiate(_power_premise(), {v: sympy.Integer(0)}), "fails at")
    refused(K.instantiate(_quotient_premise(), {y: sympy.Integer(0)}), "fails at")
    # the same premises at points where they are defined still instantiate, and replay
    at_half = K.instantiate(_power_premise(), {v: sympy.Rational(1, 2)})
    assert at_half.passed and replays(at_half)
    assert K.fact(at_half).goal.conclusion == sympy.Or(y <= 0, y / 2 > 0)
    moved = K.instantiate(_quotient_premise(), {y: w**2 + 1}, hypotheses=[(w**2 + 1) / v < 1])
    assert moved.passed and replays(moved)


def test_a_numeric_fold_is_refused():
    refused(K.instantiate(_peak_premise(), {v: PEAK}), "numerically")
    refused(K.instantiate(_peak_premise(), {v: sympy.pi / 10**11}), "numerically")
    # exact folds stay: a rational value, and a symbol whose sign sympy knows by assumption
    exact = K.instantiate(_peak_premise(), {v: SMALL / 2})
    assert exact.passed and replays(exact) and K.fact(exact).goal.hypotheses == ()
    positive = K.instantiate(_premise(sympy.Or(y <= 0, v * y > 0), [v > 0]), {v: eps})
    assert positive.passed and replays(positive) and K.fact(positive).goal.hypotheses == ()


def _forged(monkeypatch, premise, sigma):
    """The certificate the kernel of main 632194d wrote (plain xreplace, no definedness before substitution)."""
    with monkeypatch.context() as m:
        m.setattr(K, "_substitute", lambda e, rule: e.xreplace(rule))
        m.setattr(K, "_defined_at", lambda parts, rule, target=None: set())
        step = K.instantiate(premise, sigma)
    assert step.passed, step.detail
    return step


def _vanishing():
    t, a = sympy.symbols("t a", real=True)
    S = K.Sup(a / t, (t, 0, 1))
    return _premise(sympy.Or(y <= 0, y > 0), [S * v <= 1]), {v: sympy.Integer(0)}   # 0·S ≤ 1 folds to True


@pytest.mark.parametrize("which", ["power", "peak", "quotient", "vanishing"])
def test_the_recheck_refuses_the_old_certificates(monkeypatch, which):
    premise, sigma = {"power": (_power_premise(), {v: sympy.Integer(0)}), "peak": (_peak_premise(), {v: PEAK}),
                      "quotient": (_quotient_premise(), {y: sympy.Integer(0)}), "vanishing": _vanishing()}[which]
    step = _forged(monkeypatch, premise, sigma)
    result = recheck_evidence(step.to_json(), "test:claim", jobs=0)
    assert [o for o in result.outcomes if o["verdict"] == "disagrees"], result.outcomes


def test_a_term_of_unknown_definedness_may_not_vanish():
    # Sup over [0, 1] of a/t is undefined for a ≠ 0 (t = 0 in the range); the premise says nothing there, and S ≤ S
    # folds to True (structurally, no number compared): the substituted step would drop the only mention of S
    t, a = sympy.symbols("t a", real=True)
    S = K.Sup(a / t, (t, 0, 1))
    premise = _premise(sympy.Or(y <= 0, y > 0), [S * v <= w])
    # 0·S ≤ 1 → True; S's definedness is Converges(S) (kernel7b K5), which nothing here proves
    refused(K.instantiate(premise, {v: sympy.Integer(0), w: sympy.Integer(1)}), "fails at")
    kept = K.instantiate(premise, {v: sympy.Integer(0), w: S}, hypotheses=[S >= 0])   # 0·S ≤ S, S stays mentioned
    assert kept.passed and replays(kept)


def test_rewrite_keeps_the_definedness_of_what_it_rewrote():
    # from ∀ y, v: y/v < 1 ⇒ v ≠ 0 and y = 0 ⇒ y = 0, the rewrite y → 0 gave (main 632194d and the instantiate fix
    # alone) "∀ v, y: y = 0 ⇒ v ≠ 0", false at v = y = 0: 0/v folds to 0 and v ≠ 0 was lost
    equation = _premise(sympy.Eq(y, 0), [sympy.Eq(y, 0)])
    refused(K.rewrite(_quotient_premise(), equation), "fails at")
    # where the quotient stays defined the rewrite goes through, and replays
    shifted = _premise(sympy.Eq(y, w**2 + 1), [sympy.Eq(y, w**2 + 1)])
    fine = K.rewrite(_premise(sympy.Ne(v, 0), [y / v < 1, v > 0]), shifted)
    assert fine.passed and replays(fine)
    refused(K.rewrite(_peak_premise(), _premise(sympy.Eq(v, PEAK), [sympy.Eq(v, PEAK)])), "numerically")



def test_at_infinity_refuses_a_numeric_fold_at_zero():
    # g(t) = 1/(t + π − π·(1 + t)) … sympy decides closed irrational comparisons only numerically; at_infinity's g(0)
    # goes through the same guarded substitution. A Max of π and 22/7 at t = 0 is decided by evalf: refused.
    k, t = sympy.symbols("k t", real=True)
    refused(K.at_infinity(sympy.Limit(sympy.Max(sympy.pi, sympy.Rational(22, 7) + 1 / k), k, sympy.oo), t,
                          value=sympy.Max(sympy.pi, sympy.Rational(22, 7) + t)), "numerically")
    fine = K.at_infinity(sympy.Limit(sympy.Max(1, 2 + 1 / k), k, sympy.oo), t, value=sympy.Max(1, 2 + t))
    assert fine.passed and replays(fine) and K.fact(fine).goal.conclusion.rhs == 2


def test_the_recheck_refuses_the_old_rewrite(monkeypatch):
    equation = _premise(sympy.Eq(y, 0), [sympy.Eq(y, 0)])
    with monkeypatch.context() as m:
        m.setattr(K, "_defined_at", lambda parts, rule, target=None: set())
        step = K.rewrite(_quotient_premise(), equation)
    assert step.passed, step.detail       # the certificate the kernel of main wrote: ∀ v, y: y = 0 ⇒ v ≠ 0 (false)
    result = recheck_evidence(step.to_json(), "test:claim", jobs=0)
    assert [o for o in result.outcomes if o["verdict"] == "disagrees"], result.outcomes


def test_an_exponent_substituted_keeps_the_premises_reading_of_the_power():
    """The review's REVIEW_4/REVIEW_5 (false on main 632194d, kernel and re-check agreeing): v**n with n an integer
    symbol is defined only for v > 0 in the kernel's reading, so ∀ n, v, y: v^n < 5 ⇒ y ≤ 0 ∨ v·y > 0 holds (v > 0);
    at n := 2 the power reads v², defined at v = 0, where y = 1 makes the instance false (checked by sympy). The
    instance needs v > 0 (the premise's reading at the point), and a certificate that drops it disagrees."""
    n = sympy.Symbol("n", integer=True)
    premise = _premise(sympy.Or(y <= 0, v * y > 0), [v**n < 5])
    wrong = sympy.Or(y <= 0, v * y > 0).subs({v: 0, y: 1})
    assert wrong is sympy.false and (v**2 < 5).subs(v, 0) is sympy.true
    for value in (2, 1, -1, 0):
        refused(K.instantiate(premise, {n: value}), "fails at")
    refused(K.rewrite(premise, K.decide(K.goal(sympy.Eq(n, 2), [sympy.Eq(n, 2)]))), "fails at")
    folded = _premise(sympy.Or(y <= 0, v * y > 0), [(1 / v)**n < 5])   # sympy: (1/v)**0 = 1
    refused(K.instantiate(folded, {n: 0}), "fails at")
    refused(K.instantiate(folded, {n: 0, v: 0}), "fails at")
    right = K.instantiate(premise, {n: 2}, hypotheses=[v**2 < 5, v > 0])
    assert replays(right)
    from test_kernel import _retarget, disagrees
    dropped = K.goal(sympy.Or(y <= 0, v * y > 0), [v**2 < 5])
    assert "side condition" in disagrees(right, lambda c: _retarget(c, dropped))


def test_a_vanished_term_of_unknown_definedness_is_refused_and_its_forged_step_disagrees():
    """0·f(a) ≤ 1 folds to True; f(a), an undefined function, has no expressible definedness, so the premise (which
    says nothing where f(a) is undefined) may not be instantiated there: refused by the kernel, and a hand-made
    certificate of that step disagrees at the re-check (its substitution removed a term with no written domain)."""
    from test_kernel_rules import forged

    a = sympy.Symbol("a", real=True)
    S = sympy.Function("f")(a)
    premise = _premise(sympy.Or(y <= 0, y > 0), [S * v <= w])
    refused(K.instantiate(premise, {v: sympy.Integer(0), w: sympy.Integer(1)}), "cannot tell")
    kept = K.instantiate(premise, {v: sympy.Integer(0), w: S}, hypotheses=[S >= 0])   # 0·f(a) ≤ f(a): still mentioned
    assert kept.passed and replays(kept)
    instance = K.goal(sympy.Or(y <= 0, y > 0), [])
    params = {"substitution": sorted([[K.canonical_srepr(v), K.canonical_srepr(sympy.Integer(0))],
                                      [K.canonical_srepr(w), K.canonical_srepr(sympy.Integer(1))]])}
    assert "no written domain" in forged(premise, "instantiate", instance, params)
