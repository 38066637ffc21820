"""Convergence in the kernel (issue 27 §1): ``Converges(T)`` says an integral or a limit is a defined
real number; ``truncated`` proves it (and the value) for an improper integral whose integrand
vanishes beyond a point, ``at_infinity(..., converges=True)`` for a limit at ±∞, and ``every``
carries a pointwise fact to ``Every`` over an integer range, so a finite sum of improper integrals
can be a middle term.

Each step applied correctly is proved and replays; a wrong application is refused when it is
applied and a tampered certificate disagrees at the re-check. Values are checked against an
independent route: sympy's own integration and limits at rational points.
"""

from __future__ import annotations

import sympy
from sympy import IndexedBase, Integral, Limit, Max, Piecewise, Sum, exp, oo

from symdp.verify import kernel as K
from symdp.verify.goals import canonical_srepr
from test_kernel import _retarget, disagrees, refused, replays
from test_kernel_rules import forged

u, c, t, x = sympy.symbols("u c t x", real=True)
y, ell, k = sympy.symbols("y l k", integer=True)
n, phi = sympy.symbols("n phi", positive=True)
w = IndexedBase("w", nonnegative=True)
F = Max(c - u, 0) * exp(-u)          # vanishes for u ≥ c
_CACHE: dict = {}


def _vanish() -> K.Evidence:
    if "vanish" not in _CACHE:
        _CACHE["vanish"] = K.decide(K.goal(sympy.Eq(F, 0), [c <= u]))
    return _CACHE["vanish"]


def test_an_integrand_that_vanishes_beyond_a_point_truncates():
    value = K.truncated(_vanish(), u, 0, c)
    assert replays(value)
    assert K.fact(value).goal.conclusion == sympy.Eq(Integral(F, (u, 0, oo)), Integral(F, (u, 0, c)), evaluate=False)
    assert K.fact(value).goal.hypotheses == (sympy.Le(0, c),)
    exists = K.truncated(_vanish(), u, 0, c, converges=True)
    assert replays(exists) and K.fact(exists).goal.conclusion == K.Converges(Integral(F, (u, 0, oo)))
    for point in (sympy.Integer(0), sympy.Rational(1, 3), sympy.Integer(2)):   # sympy integrates both sides
        whole, part = (side.xreplace({c: point}).doit() for side in K.fact(value).goal.conclusion.args)
        assert whole.is_finite and sympy.simplify(whole - part) == 0 and sympy.simplify(part - (point - 1 + exp(-point))) == 0


def test_convergence_is_not_assumed_by_decide():
    """Converges(T) has no definedness of its own: decide cannot prove it from the goal's definedness."""
    whole = Integral(F, (u, 0, oo))
    refused(K.decide(K.goal(K.Converges(whole))), "fails at")
    refused(K.decide(K.goal(K.Converges(Limit(1 / x, x, oo)))), "fails at")
    # a goal about an improper integral assumes it converges (it is claimed only there), nothing more
    refused(K.decide(K.goal(whole >= 0)), "fails at")


def test_a_wrong_truncation_is_refused():
    refused(K.truncated(K.decide(K.goal(sympy.Eq(F, 0), [c + 1 <= u])), u, 0, c), "must include")
    refused(K.truncated(K.decide(K.goal(F <= 0, [c <= u])), u, 0, c), "f = 0")
    refused(K.truncated(_vanish(), u, 0, oo), "finite")
    refused(K.truncated(_vanish(), u, u - 1, c), "free of")
    bumpy = Piecewise((0, u >= c), (1, True))
    step = K.decide(K.goal(sympy.Eq(bumpy, 0), [c <= u]))
    assert K.truncated(step, u, 0, c).status == "proved"          # the value: a Lebesgue integral, no side
    refused(K.truncated(step, u, 0, c, converges=True), "continuous")
    forged_goal = K.goal(K.Converges(Integral(bumpy, (u, 0, oo))), [0 <= c])   # a forged convergence of the step
    assert "not continuous" in forged(step, "truncate", forged_goal, {"index": canonical_srepr(u), "lo": canonical_srepr(sympy.Integer(0)),
                                                                      "at": canonical_srepr(c), "converges": True})
    pole = K.decide(K.goal(sympy.Eq(F / (u - c + 1), 0), [c <= u]))   # undefined at u = c − 1 ≥ 0 when c ≥ 1
    refused(K.truncated(pole, u, 0, c, converges=True), "fails at")
    leaning = K.decide(K.goal(sympy.Eq(Max(x - u, 0), 0), [x <= u, c <= u, c >= x]))
    refused(K.truncated(leaning, u, 0, c), "depend on")


def test_a_tampered_truncation_disagrees():
    guarded = K.truncated(K.decide(K.goal(sympy.Eq(F / (u + 1), 0), [c <= u])), u, 0, c, converges=True)
    assert replays(guarded) and "side condition" in disagrees(guarded, lambda cert: cert["side"].clear())
    exists = K.truncated(_vanish(), u, 0, c, converges=True)
    assert "not what the rule gives" in disagrees(exists, lambda cert: cert["params"].pop("converges"))
    value = K.truncated(_vanish(), u, 0, c)
    assert "not what the rule gives" in disagrees(value, lambda cert: cert["params"].update(converges=True))
    assert "not what the rule gives" in disagrees(value, lambda cert: _retarget(cert, K.goal(sympy.Eq(
        Integral(F, (u, 0, oo)), Integral(F, (u, 0, c + 1)), evaluate=False), [0 <= c])))
    wide = K.goal(sympy.Eq(Integral(F, (u, 0, oo)), Integral(F, (u, 0, c - 1)), evaluate=False), [0 <= c - 1])
    assert "range over" in forged(_vanish(), "truncate", wide, {"index": canonical_srepr(u), "lo": canonical_srepr(sympy.Integer(0)),
                                                                "at": canonical_srepr(c - 1)})


def test_a_limit_at_infinity_converges():
    term = Limit((n * phi ** 2) ** (-(k - 1) / k), k, oo)
    exists = K.at_infinity(term, t, (n * phi ** 2) ** (t - 1), converges=True)
    assert replays(exists) and K.fact(exists).goal.conclusion == K.Converges(term)
    value = K.at_infinity(term, t, (n * phi ** 2) ** (t - 1))
    both = K.decide(K.goal(sympy.Eq(term * n * phi ** 2, 1)), exists, value)   # the limit as a defined number
    assert replays(both)
    # f(1/t) undefined at t = 1/2 (k = 2): the value holds where the limit exists, but existence is not proved
    gap = Limit(1 / (x - 2), x, oo)
    assert K.at_infinity(gap, t, t / (1 - 2 * t)).status == "proved"
    refused(K.at_infinity(gap, t, t / (1 - 2 * t), converges=True), "fails at")
    assert sympy.limit(1 / (x - 2), x, oo) == 0
    assert "side condition" in disagrees(exists, lambda cert: cert["side"].pop(0))
    assert "not what the rule gives" in disagrees(exists, lambda cert: cert["params"].pop("converges"))


def test_a_finite_sum_of_improper_integrals_is_a_middle_term():
    """Σ_y ∫_0^∞ G_y = Σ_y ∫_0^{w_y} G_y for G_y = max(w_y − u, 0)e^{−u}: truncated per outcome, its
    convergence carried to Every by `every`, summed under that hypothesis, which apply discharges."""
    G = Max(w[y] - u, 0) * exp(-u)
    whole, part = Integral(G, (u, 0, oo)), Integral(G, (u, 0, w[y]))
    vanish = K.decide(K.goal(sympy.Eq(G, 0), [1 <= y, y <= ell, w[y] <= u]))
    exists = K.every(K.truncated(vanish, u, 0, w[y], converges=True), y, 1, ell)
    assert replays(exists)
    assert K.fact(exists).goal.conclusion == K.Every(K.Converges(whole), (y, 1, ell))
    each = K.decide(K.goal(sympy.Eq(whole, part), [1 <= y, y <= ell, K.Converges(whole)]), K.truncated(vanish, u, 0, w[y]))
    total = K.apply(K.summed(each, y, 1, ell), exists)
    assert replays(total)
    assert K.fact(total).goal.conclusion == sympy.Eq(Sum(whole, (y, 1, ell)), Sum(part, (y, 1, ell)))
    assert K.fact(total).goal.hypotheses == (sympy.Ge(ell, 1),)
    # the sum of improper integrals is now defined where Every(Converges) holds: a middle term of decide
    swapped = K.swap(Sum(whole, (y, 1, ell)))
    unknown = K.goal(sympy.Eq(Integral(Sum(G, (y, 1, ell)), (u, 0, oo)), Sum(part, (y, 1, ell)), evaluate=False), [ell >= 1])
    refused(K.decide(unknown, total, swapped), "fails at")   # without `exists`, Σ_y ∫_0^∞ G_y may be undefined
    middle = K.decide(K.goal(sympy.Eq(Integral(Sum(G, (y, 1, ell)), (u, 0, oo)), Sum(part, (y, 1, ell)), evaluate=False),
                             [ell >= 1]), total, swapped, exists)
    assert replays(middle)
    values = {w[1]: sympy.Rational(1, 2), w[2]: 2}   # at l = 2, by sympy's integration
    lhs, rhs = (side.xreplace({ell: 2}).doit().xreplace(values).doit() for side in K.fact(middle).goal.conclusion.args)
    assert sympy.simplify(lhs - rhs) == 0 and sympy.simplify(rhs - (values[w[1]] - 1 + exp(-values[w[1]]) + 1 + exp(-2))) == 0


def test_a_wrong_every_is_refused():
    partial = K.decide(K.goal(1 / w[y] >= 0, [1 <= y, y <= ell]))      # claimed where w[y] ≠ 0 only
    refused(K.every(partial, y, 1, ell), "fails at")
    refused(K.every(K.decide(K.goal(w[y] >= 0, [2 <= y, y <= ell])), y, 1, ell), "must include")
    refused(K.every(K.decide(K.goal(w[y] + x >= 0, [1 <= y, y <= ell, x >= w[y]])), y, 1, ell), "depend on")
    ok = K.every(K.decide(K.goal(w[y] + x >= 0, [1 <= y, y <= ell, x >= 0])), y, 1, ell)
    assert replays(ok) and K.fact(ok).goal.conclusion == K.Every(w[y] + x >= 0, (y, 1, ell))
    assert "range over" in disagrees(ok, lambda cert: cert["params"].update(lo=canonical_srepr(sympy.Integer(0))))
    assert "side condition" in disagrees(_every_partial(), lambda cert: cert["side"].clear())


def _every_partial() -> K.Evidence:
    """A premise whose term w[y]/(w[y] + x) is defined on the range for x > 0: every needs the side."""
    ev = K.every(K.decide(K.goal(w[y] / (w[y] + x) <= 1, [1 <= y, y <= ell, x > 0])), y, 1, ell)
    assert ev.status == "proved" and ev.data["certificate"]["side"], ev.detail
    return ev


def test_a_finite_sum_of_convergent_integrals_converges():
    """Every(Converges(∫ G_y)) ⇒ Converges(∫ Σ_y G_y) (swap with converges), then discharged by `every`."""
    G = Max(w[y] - u, 0) * exp(-u)
    ev = K.swap(Sum(Integral(G, (u, 0, oo)), (y, 1, ell)), converges=True)
    assert replays(ev)
    assert K.fact(ev).goal.conclusion == K.Converges(Integral(Sum(G, (y, 1, ell)), (u, 0, oo)))
    assert set(K.fact(ev).goal.hypotheses) == {sympy.Le(1, ell + 1), K.Every(K.Converges(Integral(G, (u, 0, oo))), (y, 1, ell))}
    vanish = K.decide(K.goal(sympy.Eq(G, 0), [1 <= y, y <= ell, w[y] <= u]))
    done = K.apply(ev, K.every(K.truncated(vanish, u, 0, w[y], converges=True), y, 1, ell))
    assert replays(done) and K.fact(done).goal.hypotheses == (sympy.Le(1, ell + 1),)
    # at l = 2 and w = (1, 3), sympy's integral of the sum is finite
    value = Integral(Sum(G, (y, 1, 2)).doit().xreplace({w[1]: 1, w[2]: 3}), (u, 0, oo)).doit()
    assert value.is_finite and sympy.simplify(value - (2 + exp(-1) + exp(-3))) == 0
    # a reversed range is a negative sum over other terms (Karr): the hypothesis a ≤ b + 1 is required
    forged_goal = K.goal(K.Converges(Integral(Sum(G, (y, 1, ell)), (u, 0, oo))),
                         [K.Every(K.Converges(Integral(G, (u, 0, oo))), (y, 1, ell))])
    assert "not what the rule gives" in forged(None, "swap", forged_goal, {"term": canonical_srepr(Sum(Integral(G, (u, 0, oo)), (y, 1, ell))),
                                                                           "converges": True})
    import pytest
    from symdp.errors import ParameterError
    with pytest.raises(ParameterError):
        K.swap(Sum(w[y] * w[k], (y, 1, ell), (k, 1, ell)), converges=True)


def test_a_bounded_nondecreasing_sequence_converges():
    """1 − 1/(m+1) ≤ 1 − 1/(m+2) and ≤ 1 for m ≥ 0: the limit exists (sympy: 1), and is at most 1."""
    m = sympy.Symbol("m", integer=True)
    f = 1 - 1 / (m + 1)
    up, bound = K.decide(K.goal(f <= f.subs(m, m + 1), [m >= 0])), K.decide(K.goal(f <= 1, [m >= 0]))
    exists = K.limit(up, bound, m, 0, converges=True)
    assert replays(exists) and K.fact(exists).goal.conclusion == K.Converges(Limit(f, m, oo))
    assert sympy.limit(f.xreplace({m: x}), x, oo) == 1
    refused(K.limit(bound, bound, m, 0, converges=True), "must read")
    assert "not what the rule gives" in disagrees(exists, lambda cert: cert["params"].pop("converges"))


def test_a_rewrite_inside_a_convergence_needs_the_new_term_defined():
    """Converges(∫ A) and A = B (claimed where both are defined) do not give Converges(∫ B) when B is
    undefined on part of the interval: here B = A + |√(1 − u)| − √(1 − u) is undefined for u > 1."""
    conv = K.truncated(_vanish(), u, 0, c, converges=True)
    B = F + sympy.Abs(sympy.sqrt(1 - u)) - sympy.sqrt(1 - u)
    refused(K.rewrite(conv, K.decide(K.goal(sympy.Eq(F, B)))), "fails at")
    total = Max(c * exp(-u) - u * exp(-u), 0)           # the same function, defined everywhere
    moved = K.rewrite(conv, K.decide(K.goal(sympy.Eq(F, total))))
    assert replays(moved) and K.fact(moved).goal.conclusion == K.Converges(Integral(total, (u, 0, oo)))
    # a forged rewrite to Converges(∫ B) with no side condition disagrees at the re-check
    import pytest
    from symdp.verify.recheck import rules
    from symdp.verify.recheck.verdicts import Disagrees
    from symdp.verify.recheck.context import RuleContext
    bad = K.decide(K.goal(sympy.Eq(F, B)))
    own = {K.fact(ev).goal.digest: K.fact(ev).goal.canonical() for ev in (conv, bad)}
    context = RuleContext("test:claim", own, {}, lambda side: "unused")
    target = K.goal(K.Converges(Integral(B, (u, 0, oo))), K.fact(conv).goal.hypotheses)
    cert = {"kind": "rule", "rule": "rewrite", "goal": target.canonical(), "digest": target.digest,
            "premises": [{"digest": K.fact(conv).goal.digest, "claim": None}, {"digest": K.fact(bad).goal.digest, "claim": None}],
            "side": [], "params": {"reverse": False}}
    with pytest.raises(Disagrees, match="side condition"):
        rules.replay(cert, context)
