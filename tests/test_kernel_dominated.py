"""Integrability by domination in the kernel (``dominated``, issue 27 §1): Integrable(f) from
Integrable(g), |f| ≤ g where g is defined, and the integrability (hence measurability) of the parts of
f that are not Borel operations by their form.

The step applied correctly is proved and replays; a wrong application (no domination, f undefined
where g is defined, a hypothesis about the variable) is refused, a tampered certificate disagrees,
and the parts whose measurability is not known by form are required. The conclusion is checked
against an independent route: sympy's integration under a concrete law.
"""

from __future__ import annotations

import pytest
import sympy
from sympy import IndexedBase, Piecewise, exp

from symdp.errors import ParameterError
from symdp.verify import kernel as K
from symdp.verify.goals import canonical_srepr
from test_kernel import _retarget, disagrees, refused, replays

x, s = sympy.symbols("x s", real=True)
eps = sympy.Symbol("epsilon", positive=True)
mu = K.Law("mu")
P0, P1 = IndexedBase("P0", nonnegative=True), IndexedBase("P1", nonnegative=True)
STAR = Piecewise((1, P0[x] <= exp(eps) * P1[x]), (0, True))     # the likelihood-ratio test 1{P0 ≤ e^ε P1}


def _star() -> K.Evidence:
    return K.dominated(K.Integrable(STAR * P0[x], (x, mu)), P0[x])


def test_a_test_times_a_density_is_integrable():
    ev = _star()
    assert replays(ev)
    got = K.fact(ev).goal
    assert got.conclusion == K.Integrable(STAR * P0[x], (x, mu))
    assert set(got.hypotheses) == {K.Integrable(P0[x], (x, mu)), K.Integrable(P1[x], (x, mu))}   # P1 enters the test
    # under a concrete law (uniform on [0, 1]) and densities, sympy's integrals: E|f| ≤ E g < ∞
    p0, p1 = 2 * s, 2 - 2 * s
    for e0 in (sympy.Rational(1, 10), 1, 3):
        f = Piecewise((p0, p0 <= exp(e0) * p1), (0, True))
        lhs, rhs = sympy.integrate(f, (s, 0, 1)), sympy.integrate(p0, (s, 0, 1))
        assert lhs.is_finite and 0 <= lhs <= rhs == 1


def test_the_parts_not_borel_by_form_must_be_integrable():
    a, delta = K.Test("a"), sympy.Function("delta")
    ev = K.dominated(K.Integrable(a[x] * P0[x] + P1[x] ** 2 / (1 + P1[x] ** 2), (x, mu)), P0[x] + 1)
    assert replays(ev)
    assert set(K.fact(ev).goal.hypotheses) == {K.Integrable(P0[x] + 1, (x, mu)), K.Integrable(a[x], (x, mu)),
                                               K.Integrable(P0[x], (x, mu)), K.Integrable(P1[x], (x, mu))}
    # an applied function may be undefined anywhere: its definedness is unknown, so nothing follows
    refused(K.dominated(K.Integrable(delta(x) ** 2 / (1 + delta(x) ** 2), (x, mu)), sympy.Integer(1)), "cannot tell")
    # a binder in x is a part too (its measurability is not read from its form)
    j, n = sympy.symbols("j n", integer=True)
    q = IndexedBase("q", nonnegative=True)
    inner = sympy.Sum(q[j] * P0[x], (j, 1, n))
    ev = K.dominated(K.Integrable(sympy.Min(sympy.Max(inner, 0), 1), (x, mu)), sympy.Integer(1))
    assert replays(ev) and K.Integrable(inner, (x, mu)) in K.fact(ev).goal.hypotheses


def test_a_wrong_domination_is_refused():
    refused(K.dominated(K.Integrable(2 * P0[x], (x, mu)), P0[x]), "fails at")              # |f| ≤ g fails
    refused(K.dominated(K.Integrable(P0[x] / P1[x], (x, mu)), P0[x]), "fails at")          # f undefined at P1 = 0
    # bounded by 1 wherever it is defined, but undefined at x = 0: under the point mass at 0 (a law) E f does not
    # exist, so Integrable(f) does not follow from Integrable(1); only the definedness of f can refuse it
    clipped = sympy.Max(sympy.Min(1 / x, 1), -1)
    assert all(abs(clipped.subs(x, v)) <= 1 for v in (-3, sympy.Rational(1, 7), 5))
    with pytest.raises(ValueError):   # sympy: 1/0 = zoo, no real value at the atom of the law
        clipped.subs(x, 0)
    refused(K.dominated(K.Integrable(clipped, (x, mu)), sympy.Integer(1)), "fails at")
    assert replays(K.dominated(K.Integrable(STAR * P0[x], (x, mu)), P0[x] + s ** 2, [s >= 0]))
    refused(K.dominated(K.Integrable(STAR * P0[x], (x, mu)), P0[x], [x >= 0]), "may not mention")
    with pytest.raises(ParameterError):
        K.dominated(K.Expect(P0[x], (x, mu)), P0[x])


def test_a_tampered_domination_disagrees():
    ev = _star()
    assert "side condition" in disagrees(ev, lambda cert: cert["side"].clear())
    fewer = K.goal(K.Integrable(STAR * P0[x], (x, mu)), [K.Integrable(P0[x], (x, mu))])   # P1's integrability dropped
    assert "not what the rule gives" in disagrees(ev, lambda cert: _retarget(cert, fewer))
    assert "not what the rule gives" in disagrees(ev, lambda cert: cert["params"].update(bound=canonical_srepr(P0[x] / 2)))
    halved = K.goal(K.Integrable(STAR * P0[x], (x, mu)), [K.Integrable(P0[x] / 2, (x, mu)), K.Integrable(P0[x], (x, mu)),
                                                           K.Integrable(P1[x], (x, mu))])
    assert "side condition" in disagrees(ev, lambda cert: (cert["params"].update(bound=canonical_srepr(P0[x] / 2)),
                                                           _retarget(cert, halved)))


# --------------------------------------------------------------------------------------------
# over an interval: Converges(∫ f) from a dominating integrand


def test_a_bounded_measurable_integrand_on_a_bounded_interval_converges():
    """|min(1/θ, 5)·1_{θ>0}| ≤ 5 on [0, 1]: ∫_0^1 converges (∫_0^1 5 is defined outright); sympy: 1 + log 5."""
    th = sympy.Symbol("theta", real=True)
    J = Piecewise((sympy.Min(1 / th, 5), th > 0), (0, True))
    ev = K.dominated(sympy.Integral(J, (th, 0, 1)), sympy.Integer(5))
    assert replays(ev)
    assert K.fact(ev).goal.conclusion == K.Converges(sympy.Integral(J, (th, 0, 1))) and K.fact(ev).goal.hypotheses == ()
    assert sympy.integrate(J, (th, 0, 1)) == 1 + sympy.log(5)
    refused(K.dominated(sympy.Integral(J, (th, 0, 1)), sympy.Integer(4)), "fails at")
    lo = sympy.Symbol("lo", real=True)
    ev = K.dominated(sympy.Integral(J, (th, lo, 1)), sympy.Integer(5))    # a symbolic end: lo ≤ 1 is a hypothesis
    assert replays(ev) and K.fact(ev).goal.hypotheses == (sympy.Le(lo, 1),)


def test_a_finite_sum_dominated_by_an_integrable_profile_converges():
    """lmidp's shape: f = Σ_y max(a_y − e^u b_y, 0) ≤ d(u) for u ≥ 0 (from a supremum hypothesis, by a
    premise), so Converges(∫_0^∞ d) ⇒ Converges(∫_0^∞ f). The finite sum is Borel by its form."""
    u, t = sympy.symbols("u t", real=True)
    y, ell = sympy.symbols("y l", integer=True)
    a, b, d = IndexedBase("a", nonnegative=True), IndexedBase("b", nonnegative=True), IndexedBase("d", nonnegative=True)
    H = lambda v: sympy.Sum(sympy.Max(a[y] - exp(v) * b[y], 0), (y, 1, ell))
    S = K.Sup(sympy.Abs(H(t)) - d[t], (t, 0, sympy.oo))
    pointwise = K.decide(K.goal(sympy.Abs(H(u)) <= d[u], [u >= 0, S <= 0]), K.member(S, u))
    ev = K.dominated(sympy.Integral(H(u), (u, 0, sympy.oo)), d[u], [S <= 0], premises=[pointwise])
    assert replays(ev)
    assert set(K.fact(ev).goal.hypotheses) == {S <= 0, K.Converges(sympy.Integral(d[u], (u, 0, sympy.oo)))}
    refused(K.dominated(sympy.Integral(H(u), (u, 0, sympy.oo)), d[u], [S <= 0]), "fails at")   # no premise: no bound
    # an arbitrary function inside f is a part: its integrability is required too
    ev = K.dominated(sympy.Integral(d[u] * sympy.Min(exp(-u), 1), (u, 0, sympy.oo)), d[u])
    assert replays(ev) and set(K.fact(ev).goal.hypotheses) == {K.Converges(sympy.Integral(d[u], (u, 0, sympy.oo)))}
    # over a bounded interval, a part's convergence is its own hypothesis beside the bound's
    near = K.dominated(sympy.Integral(d[u] * sympy.Min(exp(-u), 1), (u, 0, 1)), d[u] + 1)
    assert replays(near) and set(K.fact(near).goal.hypotheses) == {K.Converges(sympy.Integral(d[u] + 1, (u, 0, 1))),
                                                                    K.Converges(sympy.Integral(d[u], (u, 0, 1)))}
    # a finite sum free of u is a constant in u: no part
    k = sympy.Symbol("k", integer=True)
    moving = K.dominated(sympy.Integral(sympy.Min(sympy.Max(sympy.Sum(b[y], (y, 1, k)) * u, 0), 1), (u, 0, 1)), sympy.Integer(1))
    assert replays(moving)
    assert "not what the rule gives" in disagrees(ev, lambda cert: _retarget(cert, K.goal(K.Converges(
        sympy.Integral(d[u] * sympy.Min(exp(-u), 1), (u, 0, sympy.oo))))))
