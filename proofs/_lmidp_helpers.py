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


# --------------------------------------------------------------------------------------------
# Appendix -A2 on its paper domain (round 7): no privacy-loss item. The domain's (2) in both orders and a finite
# μ = log(e)∫₀^∞(1 + e^{−ε})δ(ε)dε force P and Q to share their support; then Lemma 1's per-output steps, with the
# paper's 0·log 0 = 0 at the outputs both laws miss, give (17) for the pair, as kernel steps of the claim itself.

#: Lemma 1's per-output variables: masses p, q, the privacy loss z (p = e^z q), the integration variable ε.
_P1, _Q1, _Z1 = sympy.symbols("p q z", real=True)


def lemma1_term(p, q, e) -> sympy.Expr:
    """(p − e^ε q)₊ + e^{−ε}(q − e^ε p)₊: one output's term of the integrand of (15)/(17)."""
    return sympy.Max(p - sympy.exp(e) * q, 0) + sympy.exp(-e) * sympy.Max(q - sympy.exp(e) * p, 0)


def kl_term(p, q) -> sympy.Expr:
    """One output's term of KL(P‖Q) in nats with the convention 0·log(0/0) = 0: p·log(p/q) where both masses are
    positive, 0 where both vanish (on Appendix -A2's domain the supports agree — :func:`same_support` — so this
    is every case there; the term is a defined real for all p, q ≥ 0)."""
    return sympy.Piecewise((p * log(p / q), p * q > 0), (0, True))


def same_support(p, q) -> sympy.Basic:
    """Both masses vanish, or both are positive."""
    return sympy.Or(sympy.And(sympy.Eq(p, 0), sympy.Eq(q, 0)), sympy.And(p > 0, q > 0))


def _outcome_by_loss() -> tuple:
    """Lemma 1 at one output with its privacy loss z (p = e^z q, q ≥ 0), as kernel steps: ∫₀^∞ g = p z − p + q and
    ∫₀^∞ g converges, g = :func:`lemma1_term`. g is p − e^ε q on [0, z] and 0 beyond when z ≥ 0, e^{−ε}q − p on
    [0, −z] and 0 beyond when z ≤ 0 (the fundamental theorem on the bounded piece, `truncated` beyond). The same
    steps as Lemma 1's (proofs/lmidp.py, _lemma1_outcome and _lemma1_statement), stated here for Appendix -A2."""
    e, x, w = EPS, sympy.Symbol("x", real=True), sympy.Symbol("w", real=True)
    xp = sympy.Symbol("x", positive=True)
    p, q, z = _P1, _Q1, _Z1
    exp = sympy.exp
    g = lemma1_term(p, q, e)
    value = p * z - p + q
    base = [q >= 0, sympy.Eq(p, exp(z) * q)]

    def up(lo, hi):
        return kernel.increasing(exp(x), x, lo, hi, detail="e^x increases")

    def at_e(rel, hyp, what):
        return kernel.instantiate(kernel.decide(kernel.goal(rel, [hyp]), detail=what), {xp: exp(e), w: exp(z)})
    above = at_e(1 <= xp * w, 1 / xp <= w, "1/x ≤ w ⇒ xw ≥ 1 (x > 0)")
    below = at_e(xp * w <= 1, w <= 1 / xp, "w ≤ 1/x ⇒ xw ≤ 1 (x > 0)")
    scaled = kernel.instantiate(kernel.decide(kernel.goal(sympy.Eq(sympy.Max(q - xp * p, 0) / xp, sympy.Max(q / xp - p, 0),
                                                                   evaluate=False)), detail="(q − xp)₊/x = (q/x − p)₊ (x > 0)"),
                                {xp: exp(e)})
    inside = kernel.decide(kernel.goal(sympy.Eq(g, p - exp(e) * q), [*base, z >= 0, e >= 0, e <= z]), up(e, z), up(0, e),
                           up(0, z), detail="z ≥ 0, 0 ≤ ε ≤ z: g = p − e^ε q")
    ftc = kernel.fundamental(p * e - q * exp(e), e, 0, z, detail="∫₀^z (p − e^ε q) dε = pz − q e^z + q")
    piece = kernel.chain(kernel.integrated(inside, e, 0, z), ftc, detail="∫₀^z g = pz − q e^z + q")
    above_piece = kernel.decide(kernel.goal(sympy.Eq(sympy.Integral(g, (e, 0, z)), value), [*base, z >= 0]), piece,
                                detail="z ≥ 0: ∫₀^z g = p z − p + q (q e^z = p)")
    beyond = kernel.decide(kernel.goal(sympy.Eq(g, 0), [*base, z >= 0, e >= z]), up(z, e), up(0, e), up(0, z),
                           detail="z ≥ 0, ε ≥ z: g = 0")
    inside = kernel.decide(kernel.goal(sympy.Eq(g, exp(-e) * q - p), [*base, z <= 0, e >= 0, e <= -z]), up(z, e),
                           up(z, -e), below, scaled, detail="z ≤ 0, 0 ≤ ε ≤ −z: g = e^{−ε}q − p")
    ftc = kernel.fundamental(-q * exp(-e) - p * e, e, 0, -z, detail="∫₀^{−z} (e^{−ε}q − p) dε = pz − q e^z + q")
    piece = kernel.chain(kernel.integrated(inside, e, 0, -z), ftc, detail="∫₀^{−z} g = pz − q e^z + q")
    below_piece = kernel.decide(kernel.goal(sympy.Eq(sympy.Integral(g, (e, 0, -z)), value), [*base, z <= 0]), piece,
                                detail="z ≤ 0: ∫₀^{−z} g = p z − p + q (q e^z = p)")
    past = kernel.decide(kernel.goal(sympy.Eq(g, 0), [*base, z <= 0, e >= -z]), up(z, e), up(-e, z), above,
                         detail="z ≤ 0, ε ≥ −z: g = 0")
    whole = sympy.Integral(g, (e, 0, sympy.oo))
    cases = [(above_piece, beyond, z), (below_piece, past, -z)]
    equal = kernel.decide(kernel.goal(sympy.Eq(whole, value), base),
                          *[kernel.chain(kernel.truncated(zero, e, 0, c), piece) for piece, zero, c in cases],
                          detail="∫₀^∞ g = ∫₀^{|z|} g = p z − p + q (both signs of z)")
    finite = kernel.decide(kernel.goal(kernel.Converges(whole), base),
                           *[kernel.truncated(zero, e, 0, c, converges=True) for _, zero, c in cases],
                           detail="∫₀^∞ g converges: g is continuous and 0 beyond |z|")
    return equal, finite


def outcome_with_zero_masses() -> tuple:
    """Lemma 1 at one output for masses p, q ≥ 0 with one support (:func:`same_support`), as kernel steps:
    ∫₀^∞ g = KL term − p + q (:func:`kl_term`) and ∫₀^∞ g converges. Both positive: the privacy loss is
    z = log(p/q) (e^{log(p/q)} q = p); both zero: z = 0 serves (p = e^0·q), and the term is 0."""
    p, q, z = _P1, _Q1, _Z1
    equal, finite = _outcome_by_loss()
    hyps = [p >= 0, q >= 0, same_support(p, q)]
    whole = sympy.Integral(lemma1_term(p, q, EPS), (EPS, 0, sympy.oo))
    pos, zero = [p > 0, q > 0], [sympy.Eq(p, 0), sympy.Eq(q, 0)]
    value = kernel.decide(kernel.goal(sympy.Eq(whole, kl_term(p, q) - p + q), hyps),
                          kernel.instantiate(equal, {z: log(p / q)}, pos), kernel.instantiate(equal, {z: 0}, zero),
                          detail="∫₀^∞ g = p log(p/q) − p + q (p, q > 0; z = log(p/q)), = 0 − p + q (p = q = 0; z = 0)")
    converges = kernel.decide(kernel.goal(kernel.Converges(whole), hyps),
                              kernel.instantiate(finite, {z: log(p / q)}, pos), kernel.instantiate(finite, {z: 0}, zero),
                              detail="∫₀^∞ g converges in both cases")
    return value, converges


def term_below_sum(p, q):
    """(p_j − e^t q_j)₊ ≤ Σ_{y=1}^{l} (p_y − e^t q_y)₊ = H_{e^t}(p‖q) for 1 ≤ j ≤ l, as kernel steps: Σ_{y=1}^{m} ≥ 0
    for m ≥ 0 (induction on m), then Σ_{y=1}^{j+m} ≥ the j-th term for m ≥ 0 (induction on m, the base peeling
    the j-th term), at m = l − j."""
    y, l, t = Y_OUT, L_OUT, T_SUP
    j, m = sympy.symbols("j m", integer=True)

    def term(k):
        return sympy.Max(p[k] - sympy.exp(t) * q[k], 0)

    def total(hi):
        return sympy.Sum(term(y), (y, 1, hi))
    goal = kernel.goal(sympy.GreaterThan(total(m), 0, evaluate=False), [m >= 0])
    base, step = kernel.induction_goals(goal, m, 0)
    nonneg = kernel.induction(goal, m, 0, kernel.decide(base, kernel.unfold(total(0), "all")),
                              kernel.decide(step, kernel.unfold(total(m + 1), "end")),
                              detail="a sum of positive parts is ≥ 0, every length m ≥ 0")
    goal = kernel.goal(sympy.GreaterThan(total(j + m), term(j), evaluate=False), [m >= 0, j >= 1])
    base, step = kernel.induction_goals(goal, m, 0)
    each = kernel.induction(goal, m, 0,
                            kernel.decide(base, kernel.unfold(total(j), "end"), kernel.instantiate(nonneg, {m: j - 1}, [j >= 1]),
                                          detail="Σ_{y ≤ j} = Σ_{y ≤ j−1} + the j-th term, the first sum ≥ 0"),
                            kernel.decide(step, kernel.unfold(total(j + m + 1), "end"), detail="one more term ≥ 0"),
                            detail="the j-th term ≤ Σ_{y ≤ j+m}, every m ≥ 0")
    return kernel.instantiate(each, {m: L_OUT - j}, [j >= 1, j <= L_OUT], detail="the j-th term ≤ H_{e^t}(p‖q)")


def a2_support_and_identity(ldp, right, mu, pointwise) -> tuple:
    """Appendix -A2's (17) on its paper domain, as kernel steps. `ldp` are the domain's two profile bounds (H_{e^t}(P‖Q)
    ≤ δ(t) and H_{e^t}(Q‖P) ≤ δ(t) for t ≥ 0, each a supremum ≤ 0), `right` the relation μ = ∫₀^∞(1 + e^{−ε})δ/log 2
    (so the integral is a defined real), `mu` its μ, `pointwise` the proved bound of (18)'s integrand by (1 + e^{−ε})δ(ε)
    at every ε ≥ 0. Returns (support, convergence, identity, bound):

    - support: every output j has P_j = Q_j = 0 or P_j, Q_j > 0. Where Q_j = 0, the j-th term of H_{e^t}(P‖Q) is
      (P_j)₊ = P_j (:func:`term_below_sum`), so δ(ε) ≥ P_j at every ε ≥ 0 (the supremum at t = ε, ``member``) and
      (1 + e^{−ε})δ(ε) ≥ P_j; a convergent ∫₀^∞ of it forces P_j ≤ 0 (``diverges``); the same with P, Q exchanged;
    - convergence: ∫₀^∞ (H_{e^ε}(P‖Q) + e^{−ε}H_{e^ε}(Q‖P)) dε converges (each output's term converges: Lemma 1's
      per-output steps, :func:`outcome_with_zero_masses`; a finite sum of them);
    - identity: KL(P‖Q) = Σ_y P_y log(P_y/Q_y) (over P_y Q_y > 0; the other outputs have P_y = Q_y = 0) equals
      ∫₀^∞ (H_{e^ε}(P‖Q) + e^{−ε}H_{e^ε}(Q‖P)) dε, both over log 2 (bits), where Σ P = Σ Q = 1.
    - bound: (18), KL(P‖Q) ≤ μ: the pointwise bound integrated over [0, ∞) (the Lebesgue integral is monotone).
    The identity and the bound carry Σ P = Σ Q = 1 inside the conclusion (as Lemma 1's goals do)."""
    P, Q, y, l, e = ROW_P, ROW_Q, Y_OUT, L_OUT, EPS
    j = sympy.Symbol("j", integer=True)
    exp = sympy.exp
    rng = [j >= 1, j <= l]
    profile = (1 + exp(-e)) * DELTA[e]

    def forced(a, b, bound):  # b_j = 0 ⇒ a_j ≤ 0
        below = kernel.instantiate(term_below_sum(a, b), {T_SUP: e})
        pointwise = kernel.decide(kernel.goal(sympy.LessThan(a[j], profile), [e >= 0, *rng, sympy.Eq(b[j], 0), bound]),
                                  below, kernel.member(bound.lhs, e),
                                  detail="b_j = 0: a_j = (a_j − e^ε b_j)₊ ≤ H_{e^ε}(a‖b) ≤ δ(ε) ≤ (1 + e^{−ε})δ(ε), ε ≥ 0")
        return kernel.diverges(pointwise, e, 0, detail="a_j ≤ (1 + e^{−ε})δ(ε) for every ε ≥ 0 and ∫₀^∞ converges: a_j ≤ 0")
    lost = [forced(P, Q, ldp[0]), forced(Q, P, ldp[1])]
    domain = [*ldp, right]
    support_j = kernel.decide(kernel.goal(same_support(P[j], Q[j]), [*rng, *domain]), *lost,
                              detail="a finite μ leaves no output with one mass positive and the other 0")
    support = kernel.every(support_j, j, 1, l, detail="P and Q have one support")
    value, converges = outcome_with_zero_masses()
    at_j = {_P1: P[j], _Q1: Q[j]}
    g_j = lemma1_term(P[j], Q[j], e)
    piece = sympy.Integral(g_j, (e, 0, sympy.oo))
    conv_j = kernel.decide(kernel.goal(kernel.Converges(piece), [*rng, *domain]), support_j,
                           kernel.instantiate(converges, at_j, [same_support(P[j], Q[j])]),
                           detail="output j's term of the integrand has a convergent integral")
    every_conv = kernel.every(conv_j, j, 1, l, detail="every output's integral converges")
    both = sympy.And(same_support(P[j], Q[j]), kernel.Converges(piece))
    both_every = kernel.every(kernel.decide(kernel.goal(both, [*rng, *domain]), support_j, conv_j), j, 1, l)
    per_j = kernel.decide(kernel.goal(sympy.Eq(piece + P[j] - Q[j], kl_term(P[j], Q[j])), [*rng, both]),
                          kernel.instantiate(value, at_j, [same_support(P[j], Q[j])]),
                          detail="output j: ∫₀^∞ g_j + P_j − Q_j = P_j log(P_j/Q_j) (0 where both masses vanish)")
    summed = kernel.apply(kernel.summed(per_j, j, 1, l), both_every,
                          detail="Σ_j (∫₀^∞ g_j + P_j − Q_j) = Σ_j KL term")
    pieces = sympy.Sum(piece, (j, 1, l))
    hockey = [sympy.Sum(sympy.Max(P[j] - exp(e) * Q[j], 0), (j, 1, l)), sympy.Sum(sympy.Max(Q[j] - exp(e) * P[j], 0), (j, 1, l))]

    def in_y(step, what):  # ∫ Σ_j g_j written as ∫ (H_{e^ε}(P‖Q) + e^{−ε}H_{e^ε}(Q‖P)) with the domain's index y
        step = kernel.rewrite(step, kernel.linear(sympy.Sum(g_j, (j, 1, l))))
        for h in hockey:
            step = kernel.rewrite(step, kernel.rename(h, y))
        return kernel.combine(step, detail=what)
    swapped = in_y(kernel.swap(pieces), "Σ_j ∫₀^∞ g_j = ∫₀^∞ (H_{e^ε}(P‖Q) + e^{−ε}H_{e^ε}(Q‖P)) dε")
    finite = in_y(kernel.apply(kernel.swap(pieces, converges=True), every_conv),
                  "∫₀^∞ (H_{e^ε}(P‖Q) + e^{−ε}H_{e^ε}(Q‖P)) dε converges: a finite sum of convergent integrals")
    laws = sympy.And(sympy.Eq(sympy.Sum(P[y], (y, 1, l)), 1), sympy.Eq(sympy.Sum(Q[y], (y, 1, l)), 1))
    kl = sympy.Sum(kl_term(P[j], Q[j]), (j, 1, l))
    integrand = hockey_sum(P, Q, e) + exp(-e) * hockey_sum(Q, P, e)
    whole = sympy.Integral(integrand, (e, 0, sympy.oo))
    identity = kernel.decide(kernel.goal(sympy.Or(sympy.Not(laws), sympy.Eq(kl / log(2), whole / log(2), evaluate=False)),
                                         [l >= 1, *domain]),
                             summed, swapped, finite, every_conv,
                             kernel.linear(sympy.Sum(piece + P[j] - Q[j], (j, 1, l))),
                             *[kernel.rename(sympy.Sum(f, (j, 1, l)), y) for f in (P[j], Q[j])],
                             detail="(17): KL(P‖Q) = log(e)∫₀^∞ (H_{e^ε}(P‖Q) + e^{−ε}H_{e^ε}(Q‖P)) dε (Σ P = Σ Q = 1)")
    convergence = kernel.decide(kernel.goal(kernel.Converges(whole), [l >= 1, *domain]), finite,
                                detail="(17)'s integral converges")
    integrated = kernel.integrated(pointwise, e, 0, sympy.oo, detail="(18)'s bound integrated over ε ∈ [0, ∞)")
    bound = kernel.decide(kernel.goal(sympy.Or(sympy.Not(laws), kl / log(2) <= mu), [l >= 1, *domain]),
                          identity, convergence, integrated,
                          detail="(18): KL(P‖Q) = log(e)∫ integrand ≤ log(e)∫(1 + e^{−ε})δ(ε)dε = μ")
    return support, convergence, identity, bound
