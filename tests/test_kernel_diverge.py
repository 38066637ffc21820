"""``diverges``: an integrable function on a half-line is not bounded below by a positive constant
(NEED_lmidp-a_support_from_finite_mu.md, rule drafted by lmidp-a, reviewed by the kernel engineer).

From ∀ u: lo ≤ u ∧ H ⇒ c ≤ f (H, c free of u) the rule gives H ∧ Converges(∫_lo^∞ f) ⇒ c ≤ 0. The test checks the
mathematics against an independent route (sympy integrates a bound below c > 0 to ∞), and that wrong applications
(a bounded range, a bound depending on u, a hypothesis mentioning u, an upper bound instead of a lower one) are
refused by the kernel and that a tampered certificate disagrees at the re-check.
"""

from __future__ import annotations

import sympy
from sympy import Integral, oo

from symdp.verify import kernel as K
from test_kernel import disagrees, refused, replays

u, t, c, y = sympy.symbols("u t c y", real=True)
d = sympy.IndexedBase("delta", nonnegative=True)


def _below(conclusion, hyps):
    step = K.decide(K.goal(conclusion, hyps))
    assert step.passed, step.detail
    return step


def test_a_positive_lower_bound_contradicts_convergence():
    # (1 + e^{-u}) δ[u] ≥ c on u ≥ 0 whenever δ[u] ≥ c and c ≥ 0 (the lmidp shape)
    premise = _below(c <= (1 + sympy.exp(-u)) * d[u], [0 <= u, c <= d[u], c >= 0])
    refused(K.diverges(premise, u, 0), "depend on u")       # δ[u] ≥ c mentions u: not a constant bound
    simple = _below(c <= 2 * c + sympy.exp(-u) * y**2, [0 <= u, c >= 0])
    step = K.diverges(simple, u, 0)
    assert replays(step)
    goal = K.fact(step).goal
    assert goal.conclusion == sympy.Le(c, 0)
    assert K.Converges(Integral(2 * c + sympy.exp(-u) * y**2, (u, 0, oo))) in goal.hypotheses
    assert (c >= 0) in goal.hypotheses
    # independent route: for c = 1/2 > 0 the integral diverges (sympy), for c = 0 it converges — the conclusion c ≤ 0
    assert Integral(sympy.Rational(1, 2) + sympy.exp(-u), (u, 0, oo)).doit() == oo
    assert Integral(sympy.exp(-u), (u, 0, oo)).doit() == 1


def test_wrong_applications_are_refused():
    bounded = _below(c <= 2 * c + sympy.exp(-u) * y**2, [0 <= u, u <= 1, c >= 0])
    refused(K.diverges(bounded, u, 0), "depend on u")                 # a bounded range only
    moving = _below(1 / (u + 1) <= 1 / (u + 1) + y**2, [0 <= u])
    refused(K.diverges(moving, u, 0), "free of u")                     # c = 1/(u+1) depends on u
    upper = _below(2 * c + sympy.exp(-u) * y**2 >= c, [0 <= u, c >= 0])
    assert K.diverges(upper, u, 0).passed                               # f ≥ c is c ≤ f read backwards
    over = _below(y**2 / (u**2 + 1) <= y**2, [0 <= u])
    refused(K.diverges(over, u, 0), "free of u")                        # an upper bound f ≤ c: c would be the integrand
    other = _below(c <= 2 * c + sympy.exp(-u) * y**2, [1 <= u, c >= 0])
    refused(K.diverges(other, u, 0), "must include 0 ≤ u")             # the range starts elsewhere
    refused(K.diverges(_below(c <= 2 * c + sympy.exp(-u) * y**2, [0 <= u, c >= 0]), u, -oo), "finite")


def test_a_tampered_certificate_disagrees():
    step = K.diverges(_below(c <= 2 * c + sympy.exp(-u) * y**2, [0 <= u, c >= 0]), u, 0)

    def shift(cert):
        cert["params"]["lo"] = sympy.srepr(sympy.Integer(1))
    assert "does not range" in disagrees(step, shift)

    def strengthen(cert):
        g = K.goal(sympy.Lt(c, 0), K.fact(step).goal.hypotheses)
        cert["goal"], cert["digest"] = g.canonical(), g.digest
    assert "not what the rule gives" in disagrees(step, strengthen)
