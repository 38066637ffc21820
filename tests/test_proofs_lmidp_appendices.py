"""Appendix -A1's data processing step (Ngo–Östman–Graell i Amat, eq. (16)) as kernel steps: the goal the claim
proves, I(A;M) ≥ I(A;B) for every two-point prior and every finite output alphabet, is (1) evaluated at random
channels, priors and events against the mutual informations computed by an independent route (mpmath, from the
joint law of (A, M) and of (A, B)), so it states the inequality of the paper and its hypotheses are satisfiable,
and (2) not decided without its log-sum premises, so those premises carry it."""

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
def dpi(tmp_path_factory):
    folder = tmp_path_factory.mktemp("lmidp_appendices")
    for name in ("_idioms.py", "_lmidp_helpers.py", "lmidp_appendices.py"):
        (folder / name).symlink_to(PROOFS / name)
    registry = load_claims(folder, isolate=False)
    assert not registry.load_errors, registry.load_errors
    evidence = sys.modules["symdp_claims_lmidp_appendices"]._two_point_dpi()
    assert evidence.status == "proved", evidence.detail
    return kernel.fact(evidence).goal


def _law(r, k):
    w = [r.randint(1, 9) for _ in range(k)]
    return [Fraction(v, sum(w)) for v in w]


def _mpf(x: Fraction):
    return mpmath.mpf(x.numerator) / x.denominator


def _mutual_information(prior, rows):
    """I(A;Y) in nats for A ~ prior and Y | A = a ~ rows[a], from the joint law: Σ p(a,y) log(p(a,y)/(p(a)p(y)))."""
    out = [sum(p * row[y] for p, row in zip(prior, rows)) for y in range(len(rows[0]))]
    return sum(_mpf(p * row[y]) * mpmath.log(_mpf(row[y]) / _mpf(out[y]))
               for p, row in zip(prior, rows) for y in range(len(row)) if p * row[y] != 0)


def _exact(x: Fraction | int) -> sympy.Rational:
    x = Fraction(x)
    return sympy.Rational(x.numerator, x.denominator)


def _value(expr, point, l, index):
    """expr at a concrete point: l outputs, every Sum written out, sequences read from `point`."""
    expr = expr.xreplace({sympy.Symbol("l", integer=True): l})
    expr = expr.replace(lambda e: isinstance(e, sympy.Sum), lambda e: e.doit())
    return expr.xreplace(point)


def test_the_goal_is_the_data_processing_inequality(dpi):
    r = random.Random(16)
    y = sympy.Symbol("y", integer=True)
    names = {n: sympy.IndexedBase(n, real=True) for n in ("u", "v", "e", "m", "L_u", "L_v")}
    a = sympy.Symbol("a", real=True)
    lhs, rhs = dpi.conclusion.lhs, dpi.conclusion.rhs
    if isinstance(dpi.conclusion, (sympy.LessThan, sympy.StrictLessThan)):
        lhs, rhs = rhs, lhs
    gaps = []
    for _ in range(12):
        l = r.randint(2, 5)
        u, v = _law(r, l), _law(r, l)
        event = [r.randint(0, 1) for _ in range(l)]
        event[0], event[-1] = 1, 0  # proper: 0 < p1, p0 < 1
        prior = Fraction(r.randint(0, 8), 8)
        mix = [prior * ui + (1 - prior) * vi for ui, vi in zip(u, v)]
        point = {a: _exact(prior)}
        for j in range(l):
            for name, values in (("u", u), ("v", v), ("e", event), ("m", mix)):
                point[names[name][j + 1]] = _exact(values[j])
            point[names["L_u"][j + 1]] = sympy.log(_exact(u[j])) - sympy.log(_exact(mix[j]))
            point[names["L_v"][j + 1]] = sympy.log(_exact(v[j])) - sympy.log(_exact(mix[j]))
        # the hypotheses hold at the point (Every written out term by term)
        for h in dpi.hypotheses:
            if isinstance(h, kernel.Every):
                (j, lo, hi) = h.limits
                for k in range(1, l + 1):
                    assert bool(h.condition.xreplace({j: k}).xreplace(point)), (h, k)
            else:
                assert bool(_value(h, point, l, y)), h
        # both sides against the mutual informations of (A, M) and (A, B), computed from the joint laws
        p1, p0 = sum(ui for ui, ev in zip(u, event) if ev), sum(vi for vi, ev in zip(v, event) if ev)
        prior_law = [prior, 1 - prior]
        with mpmath.workdps(40):
            i_am = _mutual_information(prior_law, [u, v])
            i_ab = _mutual_information(prior_law, [[1 - p1, p1], [1 - p0, p0]])
            left, right = (mpmath.mpf(str(sympy.N(_value(side, point, l, y), 40))) for side in (lhs, rhs))
            assert abs(left - i_am) < mpmath.mpf(10) ** -30 and abs(right - i_ab) < mpmath.mpf(10) ** -30
            assert left >= right
            gaps.append(i_am - i_ab)
    assert max(gaps) > mpmath.mpf(10) ** -3  # the inequality is strict somewhere: the sides are not one term


def test_the_step_needs_the_log_sum_premises(dpi):
    """The last step of the proof, decided from nothing: refused (the log-sum inequalities carry it)."""
    bare = kernel.decide(dpi)
    assert bare.status == "failed"


# --------------------------------------------------------------------------------------------
# Appendix -A2 (18) and -B2 (27): the pointwise bounds of the integrand, from (2) and (4)

@pytest.fixture(scope="module")
def appendices(dpi):
    return sys.modules["symdp_claims_lmidp_appendices"]


def _hockey_by_events(p, q, g):
    """H_g(p‖q) = max over every event E of p(E) − g·q(E) (the paper's Notation), by enumeration (mpmath)."""
    n = len(p)
    return max(sum((p[y] - g * q[y] for y in range(n) if mask >> y & 1), mpmath.mpf(0)) for mask in range(1 << n))


def _at(expr, P, Q, eps, delta, l):
    """expr with l outputs, P[y], Q[y] := the laws, ε := eps and delta[ε] := delta, every Sum written out (mpmath)."""
    y, L = sympy.Symbol("y", integer=True), sympy.Symbol("l", integer=True)
    PP, QQ = sympy.IndexedBase("P", nonnegative=True), sympy.IndexedBase("Q", nonnegative=True)
    e = sympy.Symbol("epsilon", real=True)
    expr = expr.xreplace({L: l}).replace(lambda t: isinstance(t, sympy.Sum), lambda t: t.doit())
    point = {PP[j + 1]: _exact(P[j]) for j in range(l)} | {QQ[j + 1]: _exact(Q[j]) for j in range(l)}
    point |= {sympy.IndexedBase("delta", real=True)[e]: delta, e: eps}
    return mpmath.mpf(str(sympy.N(expr.xreplace(point), 40)))


@pytest.mark.parametrize("which", ["A2", "B2"])
def test_the_pointwise_bound_states_the_paper_integrand(appendices, which):
    """The goal's integrand is H_{e^ε}(P‖Q) + e^{−ε}H_{e^ε}(Q‖P) with H the supremum over events (enumerated here, an
    independent route to Definition 3's closed form), its right side is the paper's (1 + e^{−ε})δ(ε) (resp.
    (e^ε + e^{−ε})δ(ε)), and the goal holds with δ(ε) the least value (2) (resp. (4)) allows."""
    goal = kernel.fact(appendices._a2_pointwise() if which == "A2" else appendices._b2_pointwise()).goal
    lhs, rhs = goal.conclusion.lhs, goal.conclusion.rhs
    r = random.Random(18 if which == "A2" else 27)
    with mpmath.workdps(40):
        for _ in range(10):
            l = r.randint(2, 4)
            P, Q = _law(r, l), _law(r, l)
            eps = sympy.Rational(r.randint(0, 12), 4)
            g = mpmath.exp(mpmath.mpf(eps.p) / eps.q)
            fwd, bwd = (_hockey_by_events([_mpf(v) for v in a], [_mpf(v) for v in b], g) for a, b in ((P, Q), (Q, P)))
            least = max(fwd, bwd) if which == "A2" else max(bwd, fwd / g)  # (2) both orders; (4) for the pair (x, X)
            delta = sympy.Float(str(least), 40)
            left, right = _at(lhs, P, Q, eps, delta, l), _at(rhs, P, Q, eps, delta, l)
            assert abs(left - (fwd + bwd / g)) < mpmath.mpf(10) ** -30
            factor = (1 + 1 / g) if which == "A2" else (g + 1 / g)
            assert abs(right - factor * least) < mpmath.mpf(10) ** -30
            assert left <= right + mpmath.mpf(10) ** -30


@pytest.mark.parametrize("which", ["A2", "B2"])
def test_the_pointwise_bound_needs_the_profile_hypotheses(appendices, which):
    """Decided from nothing (no supremum at t = ε), the goal is refused: the hypotheses (2)/(4) carry it; and with the
    bound's factor lowered to 1 it is false (a point: P = (1, 0), Q = (0, 1), ε = 0, δ = 1 has integrand 2)."""
    goal = kernel.fact(appendices._a2_pointwise() if which == "A2" else appendices._b2_pointwise()).goal
    assert kernel.decide(goal).status == "failed"
    e = sympy.Symbol("epsilon", real=True)
    delta = sympy.IndexedBase("delta", real=True)[e]
    lowered = kernel.goal(goal.conclusion.lhs <= delta, goal.hypotheses)
    assert appendices.profile_pointwise(lowered, [h for h in goal.hypotheses if h.has(kernel.Sup)]).status == "failed"
    assert _at(goal.conclusion.lhs, [1, 0], [0, 1], 0, 1, 2) == 2


def test_the_average_step_is_any_number_of_inputs(appendices):
    """(29): Σ_x w_x K_x ≤ μ for weights summing to 1 and K_x ≤ μ, evaluated at random points (exact), and refused
    without its sum and linearity premises."""
    goal = kernel.fact(appendices.average_below_bound()).goal
    x, k = sympy.symbols("x k", integer=True)
    w, K = sympy.IndexedBase("w", real=True), sympy.IndexedBase("K", real=True)
    mu = sympy.Symbol("mu", real=True)
    r = random.Random(29)
    for _ in range(10):
        n = r.randint(1, 6)
        ws = _law(r, n)
        ks = [Fraction(r.randint(-20, 10), 7) for _ in range(n)]
        point = {k: n, mu: _exact(max(ks))} | {w[j + 1]: _exact(ws[j]) for j in range(n)} | {K[j + 1]: _exact(ks[j]) for j in range(n)}
        for h in goal.hypotheses:
            hh = h.xreplace({k: n})
            if isinstance(hh, kernel.Every):
                j, lo, hi = hh.limits
                assert all(bool(hh.condition.xreplace({j: i}).xreplace(point)) for i in range(1, n + 1))
            else:
                assert bool(hh.replace(lambda t: isinstance(t, sympy.Sum), lambda t: t.doit()).xreplace(point))
        value = goal.conclusion.lhs.xreplace({k: n}).doit().xreplace(point)
        assert value == _exact(sum(a * b for a, b in zip(ws, ks))) and value <= _exact(max(ks))
    assert kernel.decide(goal).status == "failed"


def test_kl_is_convex_in_its_second_argument(appendices):
    """Appendix -A (21): the goal KL(P‖Σ_j w_j Q_j) ≤ Σ_j w_j KL(P‖Q_j) evaluated at random laws (its named logarithms
    set by their defining equations) equals, side by side, the two divergences computed directly (mpmath), its
    hypotheses hold there, and it is refused without its premises."""
    helpers = sys.modules["_lmidp_helpers"]
    goal = kernel.fact(helpers.kl_convex_in_second()).goal
    y, l, j, n = sympy.symbols("y l j n", integer=True)
    base = {s: sympy.IndexedBase(s, real=True) for s in ("p", "L_p", "m", "L_m", "w", "q", "L_q")}
    r = random.Random(21)
    for _ in range(6):
        outs, comps = r.randint(2, 4), r.randint(1, 3)
        P, W = _law(r, outs), _law(r, comps)
        Qs = [_law(r, outs) for _ in range(comps)]
        M = [sum(W[c] * Qs[c][t] for c in range(comps)) for t in range(outs)]
        point = {}
        for t in range(outs):
            point |= {base["p"][t + 1]: _exact(P[t]), base["m"][t + 1]: _exact(M[t]),
                      base["L_p"][t + 1]: sympy.log(_exact(P[t])), base["L_m"][t + 1]: sympy.log(_exact(M[t]))}
            for c in range(comps):
                point |= {base["q"][c + 1, t + 1]: _exact(Qs[c][t]), base["L_q"][c + 1, t + 1]: sympy.log(_exact(Qs[c][t]))}
        point |= {base["w"][c + 1]: _exact(W[c]) for c in range(comps)}
        size = {l: outs, n: comps}

        def value(e):
            e = e.xreplace(size)
            while e.has(sympy.Sum, kernel.Every):
                e = e.replace(lambda s: isinstance(s, sympy.Sum), lambda s: s.doit())
                e = e.replace(lambda s: isinstance(s, kernel.Every),
                              lambda s: sympy.And(*[s.condition.xreplace({s.limits[0]: i})
                                                    for i in range(int(s.limits[1]), int(s.limits[2]) + 1)]))
            return e.xreplace(point)
        for h in goal.hypotheses:
            assert sympy.simplify(value(h)) == sympy.true, h
        with mpmath.workdps(40):
            kl = lambda a, b: sum(_mpf(x) * mpmath.log(_mpf(x) / _mpf(z)) for x, z in zip(a, b))
            left, right = (mpmath.mpf(str(sympy.N(value(side), 40))) for side in (goal.conclusion.lhs, goal.conclusion.rhs))
            assert abs(left - kl(P, M)) < mpmath.mpf(10) ** -30
            assert abs(right - sum(_mpf(W[c]) * kl(P, Qs[c]) for c in range(comps))) < mpmath.mpf(10) ** -30
            assert left <= right
    assert kernel.decide(goal).status == "failed"


def test_a2_bound_needs_the_integrated_pointwise_bound(appendices):
    """Appendix -A2's (18) goal (KL(P‖Q) ≤ μ under (2) and μ = log(e)∫(1 + e^{−ε})δ) is refused from Lemma 1's two goals
    alone, and proved once the pointwise bound integrated over [0, ∞) is added: the integration carries it."""
    assert appendices._a2_statement().status == "proved"
    h = sys.modules["_lmidp_helpers"]
    loss = sympy.IndexedBase("L", real=True)
    kl, _ = h.lemma1_sides(h.ROW_P, h.ROW_Q, loss)
    goal = kernel.goal(sympy.Or(sympy.Not(h.lemma1_premise(h.ROW_P, h.ROW_Q, loss)), kl <= appendices._A2_MU),
                       [h.L_OUT >= 1, *appendices._A2_LDP, appendices._A2_RIGHT])
    lemma = [kernel.lemma("lmidp:lemma-1-eq-15", h.lemma1_goal(h.ROW_P, h.ROW_Q, loss, converges=c)) for c in (True, False)]
    assert kernel.decide(goal, *lemma).status == "failed"
    integrated = kernel.integrated(appendices._a2_pointwise(), h.EPS, 0, sympy.oo)
    assert kernel.decide(goal, *lemma, integrated).status == "proved"
