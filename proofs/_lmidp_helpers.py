"""Shared pieces of the lmidp claims (Ngo–Östman–Graell i Amat): the sample channels and priors,
event enumeration, and the certified right side of Lemma 1 (eq. 15). Information in bits."""

from __future__ import annotations

import sympy
from flint import acb, ctx
from sympy import Rational as R, log

from symdp.local import Channel
from symdp.local.lmidp import profile_integral
from symdp.numbers import arb_of
from symdp.verify import Evidence, combine, identity, kernel, prove

from _idioms import exp_bounds

#: Finite mechanisms (rows = P_{M(x)}) and input laws used throughout.
W3 = Channel([[R(1, 2), R(1, 4), R(1, 4)], [R(1, 5), R(3, 5), R(1, 5)], [R(1, 10), R(1, 10), R(4, 5)]])
W32 = Channel([[R(2, 3), R(1, 3)], [R(1, 4), R(3, 4)], [R(1, 2), R(1, 2)]])
W4 = Channel([[R(1, 2), R(1, 4), R(1, 8), R(1, 8)], [R(1, 10), R(3, 5), R(1, 5), R(1, 10)],
              [R(1, 3), R(1, 3), R(1, 6), R(1, 6)], [R(1, 20), R(1, 20), R(1, 20), R(17, 20)]])
CHANNELS = [W3, W32, W4]
PRIORS = [[R(1, 3), R(1, 2), R(1, 6)], [R(1, 5), R(1, 5), R(3, 5)], [R(1, 4)] * 4]


def events(n: int) -> list[list[int]]:
    """Every event E ⊂ {0, …, n−1}, as a sorted list of outputs."""
    return [[y for y in range(n) if mask >> y & 1] for mask in range(1 << n)]


def mass(p, event) -> sympy.Expr:
    return sum((p[y] for y in event), sympy.Integer(0))


def entropy_bits(p) -> sympy.Expr:
    return sum((-v * log(v) for v in p if v != 0), sympy.Integer(0)) / log(2)


def lemma1_integral(p, q, name: str = ""):
    """log(e)∫₀^∞(H_{e^ε}(P‖Q) + e^{−ε}H_{e^ε}(Q‖P))dε in bits (the right side of Lemma 1), certified:
    ``profile_integral`` with weight 1 + e^{−ε} on the integrand divided by it, split at every kink
    |log(p_i/q_i)|; both hockey-stick terms vanish beyond the largest likelihood ratio."""
    terms = list(zip(p, q))
    ratios = {a / b for a, b in terms} | {b / a for a, b in terms}
    kinks = sorted({log(r) for r in ratios if r > 1}, key=float)

    def integrand(x, an):
        t = x.exp()
        fwd = sum(((acb(arb_of(a, ctx.prec)) - t * acb(arb_of(b, ctx.prec))).real_max(acb(0), analytic=an)
                   for a, b in terms), acb(0))
        bwd = sum(((acb(arb_of(b, ctx.prec)) - t * acb(arb_of(a, ctx.prec))).real_max(acb(0), analytic=an)
                   for a, b in terms), acb(0))
        return (fwd + bwd / t) / (1 + (-x).exp())
    return profile_integral(integrand, "ci", kinks[-1], name=name, breaks=kinks[:-1])


def log_below_chord():
    """log t ≤ t − 1 for every t > 0, the one inequality behind convexity of KL in its second argument and the
    log-sum inequality: with t = e^u it is e^u ≥ 1 + u, proved on u ≥ 0 and (u = −v) on u ≤ 0, each by f(0) = 0
    and f' ≥ 0 (the derivative decided exactly after x = e^{−u})."""
    u = sympy.Symbol("u", real=True)
    return combine(prove(sympy.exp(u) - 1 - u, u, 0, detail="e^u ≥ 1 + u for u ≥ 0"),
                   prove(sympy.exp(-u) - 1 + u, u, 0, detail="e^{−v} ≥ 1 − v for v ≥ 0"),
                   detail="log t ≤ t − 1 for every t > 0 (t = e^u)")


def jensen_slices() -> list:
    """Jensen's inequality on the eigenvalues, for every d, by tangent lines (kernel steps).

    From e^w ≥ 1 + w (decided on w ≥ 0 and, through w = −u, on w ≤ 0) at w = log A − log B, where
    e^{log A − log B} = A/B: log A − log B ≤ A/B − 1. With A = 1 + λ/σ², B = 1 + Δ²/σ² that is the
    tangent of the concave log(1 + λ/σ²) at λ = Δ²: log(1 + λ/σ²) ≤ log B + (λ − Δ²)/(σ² + Δ²);
    with A = B, B = 1 + Δ²/λ it gives, after one rational inequality, the tangent of the convex
    log(1 + Δ²/λ) at λ = σ²: log(1 + Δ²/λ) ≥ log B − Δ²(λ − σ²)/(σ²(σ² + Δ²)). Summed over
    i = 1, …, d, split by linearity, and Σλ_i ≤ dΔ² (resp. ≤ dσ²) cancels the linear term's sign."""
    w = _W
    i, d = sympy.symbols("i d", integer=True)
    s2, D2 = sympy.symbols("sigma2 Delta2", positive=True)
    tangent = exp_bounds()[0]
    B = 1 + D2 / s2
    span = [i >= 1, i <= d]
    slices = []
    for lam, sign, A, bound, budget, relation in (
            (LAMBDA_X, LAMBDA_X[i] >= 0, 1 + LAMBDA_X[i] / s2, log(B) + (LAMBDA_X[i] - D2) / (s2 + D2), D2, sympy.Le),
            (LAMBDA_Y, LAMBDA_Y[i] > 0, 1 + D2 / LAMBDA_Y[i], log(B) - D2 * (LAMBDA_Y[i] - s2) / (s2 * (s2 + D2)), s2,
             sympy.Ge)):
        at = log(A) - log(B) if relation is sympy.Le else log(B) - log(A)
        line = kernel.instantiate(tangent, {w: at}, span + [sign])
        pointwise = kernel.decide(kernel.goal(relation(log(A), bound), span + [sign]), line,
                                  detail="the tangent line of a concave (convex) function lies above (below) it")
        total = kernel.summed(pointwise, i, 1, d)
        split = kernel.linear(sympy.Sum(bound, (i, 1, d)))
        trace = sympy.Sum(lam[i], (i, 1, d)) <= d * budget
        goal = kernel.goal(relation(sympy.Sum(log(A), (i, 1, d)), d * log(B)), [d >= 1, trace, kernel.Every(sign, (i, 1, d))])
        slices.append(kernel.decide(goal, total, split, detail="Jensen: Σ over the d eigenvalues, with the trace bound"))
    return slices


def mutual_informations_nonnegative() -> Evidence:
    """The entries μ_M(λ_X, σ²1) ≥ 0 and μ_M(Δ²1, λ_Y) ≥ 0 of the Appendix -D and Theorem 3 domains follow from
    their other items (σ > 0, Δ > 0, d ≥ 1, λ_X,i ≥ 0, λ_Y,i > 0): log(1 + v) ≥ 0 for v ≥ 0, instantiated at
    v = λ_X,i/σ² and v = Δ²/λ_Y,i, summed over i = 1, …, d (kernel steps). A cross-check: it shows those entries
    restrict nothing."""
    i, d = sympy.symbols("i d", integer=True)
    delta, sigma = sympy.symbols("Delta sigma", real=True)
    v = sympy.Symbol("v", real=True)
    base = prove(log(1 + v), v, 0, detail="log(1 + v) ≥ 0 for v ≥ 0")
    out = []
    for term, sign in ((LAMBDA_X[i] / sigma ** 2, LAMBDA_X[i] >= 0), (delta ** 2 / LAMBDA_Y[i], LAMBDA_Y[i] > 0)):
        point = kernel.instantiate(base, {v: term}, [i >= 1, i <= d, sigma > 0, delta > 0, sign])
        out.append(kernel.summed(point, i, 1, d, detail="Σ_i 0 ≤ Σ_i log(1 + v_i): the sum is ≥ 0"))
    return combine(*out, detail="the domain's μ_M ≥ 0 entries follow from its other items")


#: The eigenvalues of K_X ⪰ 0 and of K_Y ≻ 0 as sequences; their signs (λ_X,i ≥ 0, λ_Y,i > 0) are hypotheses of
#: the goals (kernel.Every), so that a claim's domain can state them.
LAMBDA_X, LAMBDA_Y = sympy.IndexedBase("lambda_x", real=True), sympy.IndexedBase("lambda_y", real=True)


#: exp_bounds()'s variable (a sympy Symbol is its name and assumptions: the same symbol there).
_W = sympy.Symbol("w", real=True)


# --------------------------------------------------------------------------------------------
# Appendix -A2 / -B2: the privacy profile δ(ε) and the pointwise bounds of (18) and (27)

#: Two laws on the l outputs y = 1, …, l of a channel: P = P_{M(x)} and Q = P_{M(x')} (Appendix -A2) or the output law
#: P_{M(X)} (Appendix -B2), as sequences (the names of Lemma 1's goal); ε the integration variable, t the bound one of
#: the profile's suprema; δ the privacy profile, an arbitrary real function of ε (the paper's δ(ε)), written as a
#: family indexed by the reals, δ[ε] (as the kernel's tests a[x] are: any real at each point, equal at equal points).
Y_OUT, L_OUT = sympy.symbols("y l", integer=True)
ROW_P, ROW_Q = sympy.IndexedBase("P", nonnegative=True), sympy.IndexedBase("Q", nonnegative=True)
EPS, T_SUP = sympy.Symbol("epsilon", real=True), sympy.Symbol("t", real=True)
DELTA = sympy.IndexedBase("delta", real=True)


def hockey_sum(p, q, u) -> sympy.Expr:
    """H_{e^u}(p‖q) = Σ_y (p_y − e^u q_y)₊ on the l outputs: the supremum over events of Definition 3's Notation, in the
    closed form Definition 3 (eq. 2 ⇔ eq. 1) proves."""
    return sympy.Sum(sympy.Max(p[Y_OUT] - sympy.exp(u) * q[Y_OUT], 0), (Y_OUT, 1, L_OUT))


def profile_bound(term) -> sympy.Basic:
    """term(t) ≤ δ(t) for every t ≥ 0, as one relation free of t: sup_{t ≥ 0} (term(t) − δ(t)) ≤ 0."""
    return kernel.Sup(term(T_SUP) - DELTA[T_SUP], (T_SUP, 0, sympy.oo)) <= 0


def profile_pointwise(goal, bounds, scaled=()) -> Evidence:
    """The integrand bound `goal` (a kernel Goal over ε ≥ 0 whose hypotheses include `bounds`, each made by
    :func:`profile_bound`) as kernel steps: each supremum bounds its term at t = ε (``member``); for each h in `scaled`
    (a bound on e^{−t}·h(t)), the lemma A/x ≤ D ⇒ A ≤ x·D for x > 0, at x = e^ε, gives h(ε) ≤ e^ε δ(ε) (the solver reads
    e^ε and e^{−ε} as unrelated atoms); then one decision."""
    x, a, d = sympy.symbols("x A D", real=True)
    divide = kernel.decide(kernel.goal(a <= x * d, [x > 0, a / x <= d]), detail="A/x ≤ D ⇒ A ≤ x·D for x > 0")
    steps = [kernel.member(bound.lhs, EPS) for bound in bounds]
    steps += [kernel.instantiate(divide, {x: sympy.exp(EPS), a: h, d: DELTA[EPS]}, [sympy.exp(-EPS) * h <= DELTA[EPS]])
              for h in scaled]
    return kernel.decide(goal, *steps, detail="the integrand ≤ its bound at every ε ≥ 0 (each supremum at t = ε)")


# Lemma 1 (eq. 15) on l outputs, shared by Lemma 1 (proofs/lmidp.py) and Appendices -A2/-B2 (lmidp_appendices.py):
# two laws a, b (the rows above: P, Q) and their privacy loss L = ln(a/b) (the paper's proof of Lemma 1 defines
# L = ln P(Y)/Q(Y)), given by a_y = e^{L_y} b_y at every output, so KL(a‖b) = Σ_y a_y L_y nats and no logarithm's
# definedness is at stake.


def lemma1_premise(a, b, loss) -> sympy.Basic:
    """a and b are laws on the l outputs, and loss is the privacy loss of a with respect to b (a_y = e^{loss_y} b_y):
    written inside the goals' conclusions (premises about the domain's objects, entailed by Laws(..., k="l") and
    PrivacyLoss(..., k="l") as the items state them)."""
    y, l = Y_OUT, L_OUT
    return sympy.And(sympy.Eq(sympy.Sum(a[y], (y, 1, l)), 1), sympy.Eq(sympy.Sum(b[y], (y, 1, l)), 1),
                     kernel.Every(sympy.Eq(a[y], sympy.exp(loss[y]) * b[y]), (y, 1, l)))


def lemma1_sides(a, b, loss) -> tuple:
    """(KL(a‖b), the right side of (15)), both in bits: Σ a_y L_y / ln 2 and ∫₀^∞ (H_{e^ε}(a‖b) + e^{−ε}H_{e^ε}(b‖a)) dε / ln 2."""
    y, l, e = Y_OUT, L_OUT, EPS
    integral = sympy.Integral(hockey_sum(a, b, e) + sympy.exp(-e) * hockey_sum(b, a, e), (e, 0, sympy.oo))
    return sympy.Sum(a[y] * loss[y], (y, 1, l)) / log(2), integral / log(2)


def lemma1_goal(a, b, loss, converges: bool = False):
    """Lemma 1's statement goal on l ≥ 1 outputs: under :func:`lemma1_premise`, KL(a‖b) = log(e)∫₀^∞ (H_{e^ε}(a‖b) +
    e^{−ε}H_{e^ε}(b‖a)) dε bits (unevaluated: sympy would try to integrate); with `converges`, that the integral
    converges (a defined real number)."""
    kl, right = lemma1_sides(a, b, loss)
    said = kernel.Converges(right * log(2)) if converges else sympy.Eq(kl, right, evaluate=False)
    return kernel.goal(sympy.Or(sympy.Not(lemma1_premise(a, b, loss)), said), [L_OUT >= 1])


def kl_convex_in_second() -> Evidence:
    """Appendix -A, eq. (21) for one input x: KL(P‖Σ_j w_j Q_j) ≤ Σ_j w_j KL(P‖Q_j) in nats, on l outputs and any number
    n of components (the inputs x' with their masses w_j = P_X(x'), Q_j = P_{M(x')}), as kernel steps. The logarithms
    are named by their defining equations (L_p = log p, L_q = log q_j, L_m = log m, m = Σ_j w_j q_j) so that every sum
    split by linearity has a polynomial summand. Per output y: log t ≤ t − 1 at t = q_j/m (e^w ≥ 1 + w at
    w = log q_j − log m), times w_j·m ≥ 0, summed over j and split: m(Σ_j w_j L_q − L_m Σ_j w_j) ≤ Σ_j w_j q_j − m Σ_j w_j
    = 0, so Σ_j w_j L_q ≤ L_m (Jensen for the concave log, as the paper says); times p_y ≥ 0 it is
    p_y(L_p − L_m) ≤ Σ_j w_j p_y (L_p − L_q) (Σ_j w_j = 1), summed over y, and the two finite sums exchanged (swap)."""
    y, l, j, n = Y_OUT, L_OUT, *sympy.symbols("j n", integer=True)
    p, lp, m, lm, w = (sympy.IndexedBase(s, real=True) for s in ("p", "L_p", "m", "L_m", "w"))
    q, lq = sympy.IndexedBase("q", real=True), sympy.IndexedBase("L_q", real=True)
    comp = sympy.And(w[j] >= 0, q[j, y] > 0, sympy.Eq(lq[j, y], log(q[j, y])))
    mix = [m[y] > 0, sympy.Eq(lm[y], log(m[y]))]
    inner = [j >= 1, j <= n, comp, *mix]
    line = kernel.instantiate(exp_bounds()[0], {_W: log(q[j, y]) - log(m[y])}, inner)
    each = kernel.decide(kernel.goal(w[j] * m[y] * (lq[j, y] - lm[y]) <= w[j] * (q[j, y] - m[y]), inner), line,
                         detail="log(q_j/m) ≤ q_j/m − 1, times w_j·m ≥ 0")
    weights = [n >= 1, sympy.Eq(sympy.Sum(w[j], (j, 1, n)), 1)]
    mean = sympy.Eq(m[y], sympy.Sum(w[j] * q[j, y], (j, 1, n)))
    jensen = kernel.decide(kernel.goal(sympy.Sum(w[j] * lq[j, y], (j, 1, n)) <= lm[y],
                                       [*weights, *mix, mean, kernel.Every(comp, (j, 1, n))]),
                           kernel.summed(each, j, 1, n), kernel.linear(sympy.Sum(w[j] * m[y] * (lq[j, y] - lm[y]), (j, 1, n))),
                           kernel.linear(sympy.Sum(w[j] * (q[j, y] - m[y]), (j, 1, n))),
                           detail="Σ_j w_j log q_j ≤ log Σ_j w_j q_j (Jensen, the concave log)")
    row = sympy.And(p[y] > 0, sympy.Eq(lp[y], log(p[y])), *mix, mean, kernel.Every(comp, (j, 1, n)))
    body = w[j] * p[y] * (lp[y] - lq[j, y])
    at_y = kernel.decide(kernel.goal(p[y] * (lp[y] - lm[y]) <= sympy.Sum(body, (j, 1, n)), [y >= 1, y <= l, *weights, row]),
                         jensen, kernel.linear(sympy.Sum(body, (j, 1, n))),
                         detail="p_y(L_p − L_m) ≤ Σ_j w_j p_y (L_p − L_q): times p_y > 0, Σ_j w_j = 1")
    total = kernel.summed(at_y, y, 1, l)
    exchanged = kernel.swap(sympy.Sum(body, (j, 1, n), (y, 1, l)))
    return kernel.decide(kernel.goal(sympy.Sum(p[y] * (lp[y] - lm[y]), (y, 1, l)) <= sympy.Sum(body, (y, 1, l), (j, 1, n)),
                                     [l >= 1, *weights, kernel.Every(row, (y, 1, l))]), total, exchanged,
                         detail="(21): KL(P‖Σ_j w_j Q_j) ≤ Σ_j w_j KL(P‖Q_j), any n components, l outputs")


def average_below_bound() -> Evidence:
    """An average of values each ≤ μ is ≤ μ, for any finite law: weights w_x ≥ 0 with Σ w_x = 1 (x = 1, …, k) and K_x ≤ μ
    for every x give Σ_x w_x K_x ≤ μ, as kernel steps (w_x K_x ≤ w_x μ summed, then Σ w_x μ = μ Σ w_x by linearity).
    Appendix -B2's (29) (x the inputs, K_x = KL(P_{M(x)}‖P_{M(X)})) and Appendix -A's (22) (x the pairs of inputs)."""
    x, k = sympy.symbols("x k", integer=True)
    w, kl = sympy.IndexedBase("w", real=True), sympy.IndexedBase("K", real=True)  # w ≥ 0 a hypothesis: fresh objects
    mu = sympy.Symbol("mu", real=True)
    term = sympy.And(w[x] >= 0, kl[x] <= mu)
    each = kernel.decide(kernel.goal(w[x] * kl[x] <= w[x] * mu, [x >= 1, x <= k, term]),
                         detail="w_x K_x ≤ w_x μ for w_x ≥ 0")
    return kernel.decide(kernel.goal(sympy.Sum(w[x] * kl[x], (x, 1, k)) <= mu,
                                     [k >= 1, sympy.Eq(sympy.Sum(w[x], (x, 1, k)), 1), kernel.Every(term, (x, 1, k))]),
                         kernel.summed(each, x, 1, k), kernel.linear(sympy.Sum(w[x] * mu, (x, 1, k))),
                         detail="(29): an average of values each ≤ μ is ≤ μ, any number of inputs")
