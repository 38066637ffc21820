"""Independent brute-force routes for the claims of Steinke, *Composition of DP & privacy
amplification by subsampling* (proofs/composition_subsampling*.py).

Everything here is deliberately naive: finite distributions as tuples of exact sympy
Rationals, suprema by enumerating every event, products by enumerating every outcome. These are
the second routes the library's lattice convolutions and closed forms are checked against.
"""

from __future__ import annotations

import random
from itertools import product
from typing import Iterable, Sequence

import sympy

from symdp.numbers import sign
from sympy import exp, log

from symdp.verify import Evidence, combine, identity, real_closed

R = sympy.Rational


def random_law(rng: random.Random, n: int, floor: int = 1) -> tuple[sympy.Rational, ...]:
    """A probability vector with n positive rational entries (small denominators)."""
    weights = [rng.randint(floor, 9) for _ in range(n)]
    total = sum(weights)
    return tuple(R(w, total) for w in weights)


def random_pair(seed: int, n: int = 4) -> tuple[tuple, tuple]:
    rng = random.Random(seed)
    return random_law(rng, n), random_law(rng, n)


def hockey(p: Sequence, q: Sequence, gamma) -> sympy.Expr:
    """E_γ(P‖Q) = Σ max(0, p_i − γ q_i)."""
    return sympy.Add(*[a - gamma * b for a, b in zip(p, q) if sign(a - gamma * b) > 0])


def product_law(*laws: Sequence) -> tuple:
    """The product distribution, outcome by outcome."""
    out = []
    for combo in product(*laws):
        v = sympy.Integer(1)
        for x in combo:
            v *= x
        out.append(v)
    return tuple(out)


def moment(p: Sequence, q: Sequence, a: int) -> sympy.Rational:
    """E_Q[(P/Q)^a] = Σ p_i^a q_i^{1−a} = e^{(a−1)D_a(P‖Q)} for integer a ≥ 1."""
    return sympy.Add(*[x ** a / y ** (a - 1) for x, y in zip(p, q)])


def pld_atoms(p: Sequence, q: Sequence) -> dict:
    """The privacy-loss law as {likelihood ratio: P-mass} (ratios kept exact, merged when equal)."""
    out: dict = {}
    for a, b in zip(p, q):
        out[a / b] = out.get(a / b, 0) + a
    return out


def convolve(*laws: dict) -> dict:
    """Convolution of privacy-loss laws written multiplicatively ({ratio: mass})."""
    out = {sympy.Integer(1): sympy.Integer(1)}
    for law in laws:
        grown: dict = {}
        for r1, m1 in out.items():
            for r2, m2 in law.items():
                grown[r1 * r2] = grown.get(r1 * r2, 0) + m1 * m2
        out = grown
    return out


def randomized_response(x) -> tuple[tuple, tuple]:
    """Binary randomized response with e^ε = x: (x, 1)/(x+1) vs (1, x)/(x+1)."""
    return (x / (x + 1), 1 / (x + 1)), (1 / (x + 1), x / (x + 1))


def signs_at(expr: sympy.Expr, variables: Sequence[sympy.Symbol], points: Iterable[Sequence], detail: str,
             strict: bool = False) -> Evidence:
    """Checked iff expr ≥ 0 (> 0 if strict) at every exact point, decided by certified sign."""
    count = 0
    for point in points:
        value = expr.subs(dict(zip(variables, point)))
        s = sign(value)
        count += 1
        if s < 0 or (strict and s == 0):
            return Evidence("certified", "failed", f"{detail}: fails at {dict(zip(map(str, variables), map(str, point)))}",
                            {"point": [str(v) for v in point]})
    return Evidence("certified", "checked", f"{detail} ({count} exact points)", {"points": count})


def pushforward(p: Sequence, kernel: Sequence[Sequence]) -> tuple:
    """The law of g(Y), Y ← p, for a stochastic matrix kernel[i][j] = P[g(i) = j]."""
    return tuple(sympy.Add(*[pi * kernel[i][j] for i, pi in enumerate(p)]) for j in range(len(kernel[0])))


def kernel(seed: int, n: int, m: int) -> list[list]:
    """A random n×m stochastic matrix with rational entries (a randomised post-processing)."""
    rng = random.Random(seed)
    rows = []
    for _ in range(n):
        w = [rng.randint(0, 6) for _ in range(m)]
        w[rng.randrange(m)] += 1
        rows.append([sympy.Rational(x, sum(w)) for x in w])
    return rows


# --------------------------------------------------------------------------------------------
# Statement evidence shared by several claims


def post_processing_statement():
    """Lemma 20 for every pair and kernel K: with P = P̂K, Q = Q̂K (two source points suffice to show
    the algebra; the sums are termwise), P(y)/Q(y) = Σ_ŷ [Q̂(ŷ)K(y|ŷ)/Q(y)]·P̂(ŷ)/Q̂(ŷ), a posterior
    mean; u ↦ u^{t+1} is convex for t ≥ 0 ((t+1)t u^{t−1} ≥ 0), so by Jensen
    E_Q[(P/Q)^{t+1}] ≤ E_Q[E_{Q̂_y}[(P̂/Q̂)^{t+1}]] = E_Q̂[(P̂/Q̂)^{t+1}]."""
    p1, p2, q1, q2, k1, k2, uu, c = sympy.symbols("p1 p2 q1 q2 k1 k2 u c", positive=True)
    big_q = q1 * k1 + q2 * k2
    posterior = (q1 * k1 / big_q) * (p1 / q1) + (q2 * k2 / big_q) * (p2 / q2)
    return combine(identity(posterior, (p1 * k1 + p2 * k2) / big_q, "P(y)/Q(y) is the posterior mean of P̂/Q̂"),
                   identity(sympy.diff(uu ** c, uu, 2), c * (c - 1) * uu ** (c - 2),
                            "(u^c)'' = c(c−1)u^{c−2} ≥ 0 for c = t + 1 ≥ 1: Jensen applies"),
                   identity(big_q * (q1 * k1 / big_q * (p1 / q1) ** c + q2 * k2 / big_q * (p2 / q2) ** c),
                            k1 * q1 * (p1 / q1) ** c + k2 * q2 * (p2 / q2) ** c,
                            "Σ_y Q(y)E_{Q̂_y}[(P̂/Q̂)^c] = Σ_ŷ Q̂(ŷ)(P̂/Q̂)^c Σ_y K(y|ŷ) = E_Q̂[(P̂/Q̂)^c]"))


def mean_loss_at_t_minus_one(c: sympy.Expr, params: Sequence[sympy.Symbol], detail: str) -> Evidence:
    """E[Z] ≤ c for the privacy loss Z = log(P/Q) under P, from Hoeffding's bound at t = −1: the bound
    log E[e^{tZ}] ≤ tE[Z] + c t² holds for every real t, so at t = −1 it reads ℓ ≤ −E[Z] + c with
    ℓ = log E_P[e^{−Z}]; and E_P[e^{−Z}] = Σ p·(q/p) = Σ q = 1 gives ℓ = 0 (shown on a symbolic 3-point pair)."""
    p1, p2, q1, q2 = sympy.symbols("p1 p2 q1 q2", positive=True)
    p, q = (p1, p2, 1 - p1 - p2), (q1, q2, 1 - q1 - q2)
    one = identity(sum(a * exp(-sympy.log(a / b)) for a, b in zip(p, q)), 1,
                   "E_P[e^{−Z}] = Σ p·e^{−log(p/q)} = Σ q = 1 (symbolic 3-point pair)")
    m, ell = sympy.Symbol("m", real=True), sympy.Symbol("ell", real=True)
    step = real_closed(c - m, [m, ell, *params], [ell <= -m + c, sympy.Eq(ell, 0)], detail)
    return combine(one, step)


# --------------------------------------------------------------------------------------------
# Kernel facts shared by several claims (symdp.verify.kernel). Laws on m outcomes are sequences P[i], i = 1, …, m
# (every m ≥ 1): the paper's sums and integrals over outcomes are these finite sums (the discrete case).

_CACHE: dict = {}
#: Proposition 7's claim id: Proposition 14 (and what rests on it) takes two of its goals as lemmas.
PROPOSITION_7 = "composition-subsampling:proposition-7"
PROPOSITION_14 = "composition-subsampling:proposition-14"


def _once(name: str, build):
    """Each fact is built once per process (a claim runs in its own process; several of its steps share a fact)."""
    if name not in _CACHE:
        _CACHE[name] = build()
    return _CACHE[name]


def exp_tangent():
    """∀ w ∈ ℝ: e^w ≥ 1 + w, from the prover on w ≥ 0 and (through w = −v) on w ≤ 0, joined by a kernel step."""
    def build():
        from symdp.verify import kernel, prove
        w, v = sympy.symbols("w v", real=True)
        up = prove(exp(w) - 1 - w, w, 0, sympy.oo, "e^w ≥ 1 + w for w ≥ 0")
        down = kernel.instantiate(prove(exp(-v) - 1 + v, v, 0, sympy.oo, "e^{−v} ≥ 1 − v for v ≥ 0"), {v: -w}, [w <= 0])
        return kernel.decide(kernel.goal(exp(w) >= 1 + w), up, down, detail="e^w ≥ 1 + w for every real w")
    return _once("exp_tangent", build)


def exp_increasing(strict: bool):
    """∀ a, b ∈ ℝ: a > b ⇒ e^a > e^b (`strict`), or a ≥ b ⇒ e^a ≥ e^b: e^a = e^b·e^{a−b} (an identity) and
    e^{a−b} ≥ 1 + (a − b) (exp_tangent), decided with e^b > 0."""
    def build():
        from symdp.verify import kernel
        a, b, w = sympy.symbols("a b w", real=True)
        rel = sympy.StrictGreaterThan if strict else sympy.GreaterThan
        split = identity(exp(b) * exp(a - b), exp(a), "e^b·e^{a−b} = e^a")
        return kernel.decide(kernel.goal(rel(exp(a), exp(b)), [rel(a, b)]), split,
                             kernel.instantiate(exp_tangent(), {w: a - b}),
                             detail=f"e^a {'>' if strict else '≥'} e^b for a {'>' if strict else '≥'} b")
    return _once(f"exp_increasing_{strict}", build)


def hockey_stick_forms() -> dict:
    """Proposition 7's statement ("forms"; with its summed steps "events" and "expectation") as kernel steps over nonnegative laws P, Q on m outcomes (the domain's laws) with
    privacy loss Z (its defining property P_i = Q_i e^{Z_i}; outcomes of mass 0 under both are allowed), every real ε,
    every test u ∈ [0, 1]^m and s the indicator of {Z > ε}; the defining property, the test and the indicator are the
    statement's assumptions, quantified in the conclusion. Outcome by outcome
    (c_i = P_i − e^ε Q_i = Q_i(e^{Z_i} − e^ε) is > 0 exactly where Z_i > ε and Q_i > 0; P_i e^{ε−Z_i} = e^ε Q_i), summed:
    Σ u_i c_i ≤ Σ max(c_i, 0) = P[Z > ε] − e^ε P[−Z' > ε] = E[max(0, 1 − e^{ε−Z})] ≤ P[Z > ε]."""
    def build():
        from symdp.verify import kernel
        from _vertex import indicator

        i, m = sympy.symbols("i m", integer=True)
        P, Q = sympy.IndexedBase("P", nonnegative=True), sympy.IndexedBase("Q", nonnegative=True)
        Z, u, s = sympy.IndexedBase("Z"), sympy.IndexedBase("u"), sympy.IndexedBase("s")
        e, a, b, w, v = sympy.symbols("epsilon a b w v", real=True)
        x = exp(e)
        c = P[i] - x * Q[i]
        span = [i >= 1, i <= m]
        loss = sympy.Eq(P[i], Q[i] * exp(Z[i]))
        event = indicator(Z[i] - e, s[i])
        above = kernel.instantiate(exp_increasing(True), {a: Z[i], b: e})
        below = kernel.instantiate(exp_increasing(False), {a: e, b: Z[i]})
        at_vertex = kernel.decide(kernel.goal(sympy.Eq(sympy.Max(c, 0), s[i] * c), [*span, loss, event]), above, below,
                                  detail="max(c_i, 0) = s_i c_i: c_i > 0 exactly where Z_i > ε (and Q_i > 0)")
        tail = kernel.decide(kernel.goal(sympy.Max(c, 0) <= s[i] * P[i], [*span, loss, event]), above, below,
                             detail="max(c_i, 0) ≤ s_i P_i")
        test = kernel.decide(kernel.goal(u[i] * c <= sympy.Max(c, 0), [*span, u[i] >= 0, u[i] <= 1]),
                             detail="u_i c_i ≤ max(c_i, 0) for u_i ∈ [0, 1]")
        shift = kernel.instantiate(identity(exp(w) * exp(v), exp(w + v), "e^w·e^v = e^{w+v}"), {w: Z[i], v: e - Z[i]}, span)
        expectation = kernel.decide(kernel.goal(sympy.Eq(P[i] * sympy.Max(0, 1 - exp(e - Z[i])), sympy.Max(c, 0)),
                                                [*span, loss]), shift,
                                    detail="P_i·max(0, 1 − e^{ε − Z_i}) = max(P_i − e^ε Q_i, 0) (P_i e^{ε−Z_i} = e^ε Q_i)")
        total = lambda f: sympy.Sum(f, (i, 1, m))
        steps = [kernel.summed(p, i, 1, m) for p in (at_vertex, tail, test, expectation)]
        split = kernel.linear(total(s[i] * c))
        hyps = list(dict.fromkeys(h for p in steps for h in kernel.fact(p).goal.hypotheses))
        positive = total(sympy.Max(c, 0))
        forms = sympy.And(total(u[i] * c) <= positive, sympy.Eq(positive, total(s[i] * P[i]) - x * total(s[i] * Q[i])),
                          sympy.Eq(total(P[i] * sympy.Max(0, 1 - exp(e - Z[i]))), positive), positive <= total(s[i] * P[i]))
        direct = kernel.decide(kernel.goal(forms, hyps), *steps, split)
        assumed = [h for h in hyps if isinstance(h, kernel.Every)]
        stated = kernel.decide(kernel.goal(sympy.Or(sympy.Not(sympy.And(*assumed)), forms), [m >= 1]), direct,
                               detail="δ = sup over events = P[Z > ε] − e^ε P[−Z' > ε] = E[max(0, 1 − e^{ε−Z})] ≤ P[Z > ε], "
                                      "for every pair of laws on m outcomes")
        return {"events": steps[2], "expectation": steps[3], "forms": stated}
    return _once("hockey_stick_forms", build)


def zcdp_conversion_steps() -> dict:
    """Proposition 14 by the paper's route, as kernel steps, for every pair of nonnegative laws on m outcomes with
    privacy loss Z (P_i = Q_i e^{Z_i}).

    Pointwise, for every real z, ε and t > 0: max{0, 1 − e^{ε−z}} ≤ c·e^{tz} with c = e^{−εt}/(t+1)·(1 − 1/(t+1))^t.
    Where z ≤ ε the left side is 0 (e^{ε−z} ≥ 1). Where z > ε, w = e^{ε−z} ∈ (0, 1) and the tangent of the log,
    log y − log y₀ ≤ y/y₀ − 1 (from e^v ≥ 1 + v at v = log(y/y₀)), at y = 1 − w, y₀ = 1/(t+1) and at y = w,
    y₀ = t/(t+1) (times t) sums to log(1 − w) + t log w ≤ log(1/(t+1)) + t log(t/(t+1)); exponentiated (e^a is
    increasing): (1 − w)e^{t log w} ≤ e^{t log(t/(t+1))}/(t+1), the paper's "calculus" maximum at z = ε + log(1 + 1/t)
    without derivatives; e^{t(ε−z)}·e^{−εt}·e^{tz} = 1 and (1 − 1/(t+1))^t = e^{t log(t/(t+1))} finish it.
    Taken in expectation under P and joined with Proposition 7 (every event has
    P(S) − e^ε Q(S) ≤ E[max{0, 1 − e^{ε−Z}}]): P(S) ≤ e^ε Q(S) + c·E[e^{tZ}] for every event S. At t = 0 the bound is
    E[e^{0·Z}] = 1 ≥ P(S) − e^ε Q(S). Under ρ-zCDP, E[e^{tZ}] ≤ e^{t(t+1)ρ} gives δ_t = e^{t(t+1)ρ−εt}/(t+1)(1 − 1/(t+1))^t
    for every t > 0 (hence for their infimum); and as (1 − 1/(t+1))^t/(t+1) ≤ 1 (t log(t/(t+1)) ≤ 0),
    t = (ε − ρ)/2ρ > 0 (ε > ρ) gives e^{−(ε−ρ)²/4ρ}; at ε = ρ that bound is 1, the t = 0 case."""
    def build():
        from symdp.verify import kernel

        w, tt, e, z, y, y0, a, b = sympy.symbols("w t epsilon z y y0 a b", real=True)
        yp, y0p, tp = sympy.symbols("y y0 t", positive=True)
        split = kernel.instantiate(identity(log(yp / y0p), log(yp) - log(y0p), "log(y/y0) = log y − log y0 for y, y0 > 0"),
                                   {yp: y, y0p: y0}, [y > 0, y0 > 0])
        tangent = kernel.decide(kernel.goal(log(y) - log(y0) <= y / y0 - 1, [y > 0, y0 > 0]), split,
                                kernel.instantiate(exp_tangent(), {w: log(y / y0)}, [y > 0, y0 > 0]),
                                detail="log y − log y₀ ≤ y/y₀ − 1 (e^v ≥ 1 + v at v = log(y/y₀))")
        box = [w > 0, w < 1, tt > 0]
        lhs, rhs = log(1 - w) + tt * log(w), log(1 / (tt + 1)) + tt * log(tt / (tt + 1))
        logsum = kernel.decide(kernel.goal(lhs <= rhs, box), kernel.instantiate(tangent, {y: 1 - w, y0: 1 / (tt + 1)}, box),
                               kernel.instantiate(tangent, {y: w, y0: tt / (tt + 1)}, box),
                               detail="the two tangents, the second times t: log(1 − w) + t log w ≤ log(1/(t+1)) + t log(t/(t+1))")
        maximum = kernel.decide(kernel.goal(exp(lhs) <= exp(rhs), box), logsum,
                                kernel.instantiate(exp_increasing(False), {a: rhs, b: lhs}),
                                detail="(1 − w)e^{t log w} ≤ e^{t log(t/(t+1))}/(t+1) on w ∈ (0, 1)")
        W = exp(e - z)
        power = kernel.instantiate(identity((1 - 1 / (tp + 1)) ** tp, exp(tp * log(tp / (tp + 1))),
                                            "(1 − 1/(t+1))^t = e^{t log(t/(t+1))} for t > 0"), {tp: tt}, [tt > 0])
        c = exp(-e * tt) / (tt + 1) * (1 - 1 / (tt + 1)) ** tt
        point = kernel.decide(kernel.goal(sympy.Max(0, 1 - W) <= c * exp(tt * z), [tt > 0]),
                              kernel.instantiate(maximum, {w: W}),
                              kernel.instantiate(exp_increasing(True), {a: sympy.Integer(0), b: e - z}),
                              kernel.instantiate(exp_increasing(False), {a: e - z, b: sympy.Integer(0)}),
                              identity(exp(tt * (e - z)) * exp(-e * tt) * exp(tt * z), 1, "e^{t(ε−z)}·e^{−εt}·e^{tz} = 1"),
                              power, detail="max{0, 1 − e^{ε−z}} ≤ c·e^{tz} for every real z")
        # in expectation under P, outcome by outcome, and Proposition 7 (nonnegative laws with loss Z: P_i = Q_i e^{Z_i})
        i, m = sympy.symbols("i m", integer=True)
        P, Q = sympy.IndexedBase("P", nonnegative=True), sympy.IndexedBase("Q", nonnegative=True)
        Zs, u = sympy.IndexedBase("Z"), sympy.IndexedBase("u")
        span, test = [i >= 1, i <= m], [u[i] >= 0, u[i] <= 1]
        total = lambda f: sympy.Sum(f, (i, 1, m))
        loss = Zs[i]
        mgf = total(P[i] * exp(tt * loss))
        k = sympy.Symbol("k", real=True)  # c, kept whole through the linear split (which would expand e^{−εt}/(t+1))
        at_loss = kernel.instantiate(point, {z: loss}, [*span, tt > 0])
        expected = kernel.expectation(at_loss, i, 1, m, P[i])
        steps = hockey_stick_forms()
        events, form2 = (kernel.lemma(PROPOSITION_7, kernel.fact(steps[k]).goal) for k in ("events", "expectation"))
        event = total(u[i] * (P[i] - exp(e) * Q[i]))
        laws = [m >= 1, kernel.Every(sympy.And(*test), (i, 1, m)), kernel.Every(sympy.Eq(P[i], Q[i] * exp(Zs[i])), (i, 1, m))]
        weighted = total(P[i] * c * exp(tt * loss))  # named in the goal: a premise's terms must be defined where the goal's are
        first = kernel.decide(kernel.goal(sympy.And(event <= weighted, sympy.Eq(weighted, c * mgf)), [*laws, tt > 0]),
                              events, form2, expected,
                              kernel.instantiate(kernel.linear(total(P[i] * k * exp(tt * loss))), {k: c}),
                              detail="P(S) − e^ε Q(S) ≤ c·E[e^{tZ}] for every event S (u its indicator) and t > 0")
        at_zero = kernel.decide(kernel.goal(event <= total(P[i] * exp(0 * loss)), laws[:2]),
                                kernel.summed(kernel.decide(kernel.goal(u[i] * (P[i] - exp(e) * Q[i]) <= P[i], [*span, *test])),
                                              i, 1, m),
                                detail="t = 0: the bound is E[e^{0·Z}] = Σ P_i")
        r = sympy.Symbol("rho", real=True)
        zcdp_t = mgf <= exp(tt * (tt + 1) * r)
        delta_t = exp(tt * (tt + 1) * r - e * tt) / (tt + 1) * (1 - 1 / (tt + 1)) ** tt
        second = kernel.decide(kernel.goal(sympy.And(event <= weighted, sympy.Eq(weighted, c * mgf), event <= delta_t),
                                           [*laws, tt > 0, zcdp_t]), first, power,
                               identity(exp(-e * tt) * exp(tt * (tt + 1) * r), exp(tt * (tt + 1) * r - e * tt),
                                        "e^{−εt}·e^{t(t+1)ρ} = e^{t(t+1)ρ−εt}"),
                               detail="ρ-zCDP: δ_t = e^{t(t+1)ρ−εt}/(t+1)·(1 − 1/(t+1))^t for every t > 0")
        below_one = kernel.decide(kernel.goal(exp(tt * log(tt / (tt + 1))) / (tt + 1) <= 1, [tt > 0]),
                                  kernel.instantiate(tangent, {y: tt / (tt + 1), y0: sympy.Integer(1)}, [tt > 0]),
                                  kernel.instantiate(exp_increasing(False), {a: sympy.Integer(0), b: tt * log(tt / (tt + 1))}),
                                  detail="(1 − 1/(t+1))^t/(t+1) ≤ 1: t log(t/(t+1)) ≤ t(t/(t+1) − 1) < 0")
        t_star = (e - r) / (2 * r)
        star = {tt: t_star}
        simple = kernel.decide(kernel.goal(sympy.And(event <= weighted.xreplace(star), event <= exp(-(e - r) ** 2 / (4 * r))),
                                           [*laws, r > 0, e > r, zcdp_t.xreplace(star)]),
                               kernel.instantiate(second, {tt: t_star}, [*laws, r > 0, e > r, zcdp_t.xreplace({tt: t_star})]),
                               kernel.instantiate(below_one, {tt: t_star}, [r > 0, e > r]),
                               kernel.instantiate(power, {tt: t_star}, [r > 0, e > r]),
                               detail="t = (ε − ρ)/2ρ: δ ≤ e^{−(ε−ρ)²/4ρ} for ε > ρ")
        # the statement's goals: the laws' defining property, the test and the zCDP bound are its assumptions, quantified
        # in the conclusion; m ≥ 1, t ≥ 0 (and ρ > 0) restrict the domain. The first part holds at every t ≥ 0: its
        # constant is Piecewise(c for t > 0, 1 at t = 0), the paper's 0^0 = 1 in (1 − 1/(t+1))^t, and at t = 0 the moment
        # Σ P_i e^{0·Z_i} is Σ P_i (e^{tZ_i} = 1 there: e^a ≥ e^b both ways). The zCDP part's order (the infimum's t > 0)
        # and its ε ≥ ρ are its own variables s and ε', named apart from the first part's t and ε.
        def stated(fact, domain):
            g = kernel.fact(fact).goal
            assumed = [h for h in g.hypotheses if h not in domain]
            return kernel.decide(kernel.goal(sympy.Or(sympy.Not(sympy.And(*assumed)), g.conclusion), domain), fact,
                                 detail=fact.detail.split(": ", 1)[-1])
        zero = [tt >= 0, tt <= 0]
        one = kernel.decide(kernel.goal(sympy.Eq(P[i] * exp(tt * loss), P[i]), [*span, *zero]),
                            kernel.instantiate(exp_increasing(False), {a: tt * loss, b: sympy.Integer(0)}, [*span, *zero]),
                            kernel.instantiate(exp_increasing(False), {a: sympy.Integer(0), b: tt * loss}, [*span, *zero]),
                            detail="t = 0: P_i e^{t Z_i} = P_i")
        at_t0 = kernel.summed(one, i, 1, m, detail="t = 0: Σ P_i e^{t Z_i} = Σ P_i")
        # the constant as a name K = c outside the sums (a sum of terms with c in them is undefined at t = 0, where the
        # goal must be), then K := Piecewise(c for t > 0, 1)
        K = sympy.Symbol("K", real=True)
        named = [tt > 0, sympy.Eq(K, c)]
        point_k = kernel.decide(kernel.goal(sympy.Max(0, 1 - W) <= K * exp(tt * z), named), point,
                                detail="max{0, 1 − e^{ε−z}} ≤ K·e^{tz}, K = c")
        expected_k = kernel.expectation(kernel.instantiate(point_k, {z: loss}, [*span, *named]), i, 1, m, P[i])
        first_k = kernel.decide(kernel.goal(event <= K * mgf, [*laws, *named]), events, form2, expected_k,
                                kernel.linear(total(P[i] * K * exp(tt * loss))),
                                detail="P(S) − e^ε Q(S) ≤ K·E[e^{tZ}], K = c, t > 0")
        c_all = sympy.Piecewise((c, tt > 0), (1, True))
        positive_t = kernel.instantiate(first_k, {K: c_all}, [*laws, tt > 0])
        every_t = kernel.decide(kernel.goal(sympy.Or(sympy.Not(sympy.And(*laws[1:])), event <= c_all * mgf), [m >= 1, tt >= 0]),
                                positive_t, at_zero, at_t0, detail="P(S) − e^ε Q(S) ≤ c_t·E[e^{tZ}] for every t ≥ 0 (c_0 = 1)")
        # every order s > 0 is e^h and every ε' > ρ is ρ + e^h for a real h, where the constants are defined: the goals
        # state the bounds for all of them (at ε' = ρ the bound e^0 = 1 is the first part at t = 0)
        h_ = sympy.Symbol("h", real=True)
        order = kernel.instantiate(second, {tt: exp(h_)}, [*laws, zcdp_t.xreplace({tt: exp(h_)})])
        simple_stated = stated(simple, [m >= 1, r > 0])
        above = kernel.instantiate(simple_stated, {e: r + exp(h_)}, [m >= 1, r > 0])
        statement = [every_t, stated(order, [m >= 1]), above]
        return {"first": first, "at_zero": at_zero, "second": second, "simple": simple, "below_one": below_one,
                "simple_stated": simple_stated, "statement": statement}
    return _once("zcdp_conversion_steps", build)


def adaptive_composition_steps():
    """Adaptive composition of moment bounds as kernel steps (Proposition 19 and Lemma 31 instantiate it). M₁ gives laws
    P, Q on m outcomes with privacy loss Z (P_i = Q_i e^{Z_i}), M₂(·, y₁) laws P'[i, ·], Q'[i, ·] on n outcomes for each
    outcome i of M₁ with loss Z'[i, ·]; the joint laws are P_i P'_{ij} and Q_i Q'_{ij}, whose loss is Z_i + Z'_{ij}
    (P_i P'_{ij} = Q_i Q'_{ij} e^{Z_i + Z'_{ij}}). For every real c, E₁, E₂: if Σ_i P_i e^{cZ_i} ≤ e^{E₁} and, for every
    i, Σ_j P'_{ij} e^{cZ'_{ij}} ≤ e^{E₂} (the assumptions, quantified in the conclusion), then the joint moment
    Σ_i Σ_j P_i P'_{ij} e^{c(Z_i + Z'_{ij})} ≤ e^{E₁+E₂}. Outcome by outcome the joint term is the product of the two
    terms; summed over j with the first factor pulled out (linearity), bounded row by row by the second assumption (the
    factor is ≥ 0), summed over i with e^{E₂} pulled out, and bounded by the first."""
    def build():
        from symdp.verify import kernel as rules

        i, j, m, n = sympy.symbols("i j m n", integer=True)
        P1, Q1 = sympy.IndexedBase("P", nonnegative=True), sympy.IndexedBase("Q", nonnegative=True)
        P2 = sympy.IndexedBase("P'", nonnegative=True)
        Z1, Z2 = sympy.IndexedBase("Z"), sympy.IndexedBase("Z'")
        c, E1, E2, k = sympy.symbols("c E1 E2 k", real=True)
        p1, p2 = sympy.symbols("p1 p2", nonnegative=True)
        z1, z2 = sympy.symbols("z1 z2", real=True)
        factor = identity(p1 * p2 * exp(c * (z1 + z2)), p1 * exp(c * z1) * (p2 * exp(c * z2)),
                          "p₁p₂e^{c(z₁+z₂)} = p₁e^{cz₁}·p₂e^{cz₂}")
        span_i, span_j = [i >= 1, i <= m], [j >= 1, j <= n]
        w, x = P1[i] * exp(c * Z1[i]), P2[i, j] * exp(c * Z2[i, j])
        joint = P1[i] * P2[i, j] * exp(c * (Z1[i] + Z2[i, j]))
        sum_j, sum_i = (lambda f: sympy.Sum(f, (j, 1, n))), (lambda f: sympy.Sum(f, (i, 1, m)))
        inner = rules.summed(rules.instantiate(factor, {p1: P1[i], p2: P2[i, j], z1: Z1[i], z2: Z2[i, j]},
                                               [*span_i, *span_j]), j, 1, n, detail="the joint term factorises; summed over j")
        pulled = rules.instantiate(rules.linear(sum_j(k * x)), {k: w}, [*span_i, n >= 1])
        second = sum_j(x) <= exp(E2)
        row = rules.decide(rules.goal(sum_j(joint) <= w * exp(E2), [*span_i, n >= 1, second]), inner, pulled,
                           detail="row i: Σ_j joint = w_i·Σ_j (M₂'s term) ≤ w_i e^{E₂}")
        rows = rules.summed(row, i, 1, m, detail="summed over the outcomes of M₁")
        outer = rules.instantiate(rules.linear(sum_i(k * w)), {k: exp(E2)})
        assumed = sympy.And(rules.Every(second, (i, 1, m)), sum_i(w) <= exp(E1))
        bound = sum_i(sum_j(joint)) <= exp(E1 + E2)
        direct = rules.decide(rules.goal(bound, [m >= 1, n >= 1, assumed]), rows, outer,
                              identity(exp(E1) * exp(E2), exp(E1 + E2), "e^{E₁}e^{E₂} = e^{E₁+E₂}"))
        return rules.decide(rules.goal(sympy.Or(sympy.Not(assumed), bound), [m >= 1, n >= 1]), direct,
                            detail="the joint moment ≤ e^{E₁}·e^{E₂}")
    return _once("adaptive_composition_steps", build)


def bernoulli_steps():
    """Bernoulli's inequality and the tangent of u ↦ u^{t+1} as kernel steps, for every real t ≥ 0:
    e^{(t+1)log x} ≥ 1 + (t+1)(x − 1) for x > 0 (with L = log x: e^{(t+1)L} = x·e^{tL} ≥ x(1 + tL), and
    x(1 + tL) − 1 − (t+1)(x − 1) = t(xL − x + 1) ≥ 0 because 1/x = e^{−L} ≥ 1 − L); at x = a/b, times b·e^{t log b}:
    a·e^{t log a} ≥ b·e^{t log b} + (t+1)e^{t log b}(a − b) for a, b > 0 (the convex u^{t+1} above its tangent at b)."""
    def build():
        from symdp.verify import kernel as rules

        t, x, w, a, b = sympy.symbols("t x w a b", real=True)
        xp, ap, bp = sympy.symbols("x a b", positive=True)
        split = rules.instantiate(identity(exp((t + 1) * log(xp)), xp * exp(t * log(xp)), "e^{(t+1)log x} = x·e^{t log x}"),
                                  {xp: x}, [x > 0])
        bernoulli = rules.decide(rules.goal(exp((t + 1) * log(x)) >= 1 + (t + 1) * (x - 1), [x > 0, t >= 0]), split,
                                 rules.instantiate(exp_tangent(), {w: t * log(x)}, [x > 0]),
                                 rules.instantiate(exp_tangent(), {w: -log(x)}, [x > 0]),
                                 detail="Bernoulli: x^{t+1} ≥ 1 + (t+1)(x − 1) for x > 0, t ≥ 0")
        scale = rules.instantiate(identity(ap * exp(t * log(ap)), bp * exp(t * log(bp)) * exp((t + 1) * log(ap / bp)),
                                           "a·e^{t log a} = b·e^{t log b}·e^{(t+1)log(a/b)} for a, b > 0"),
                                  {ap: a, bp: b}, [a > 0, b > 0])
        return rules.decide(rules.goal(a * exp(t * log(a)) >= b * exp(t * log(b)) + (t + 1) * exp(t * log(b)) * (a - b),
                                       [a > 0, b > 0, t >= 0]), scale,
                            rules.instantiate(bernoulli, {x: a / b}, [a > 0, b > 0, t >= 0]),
                            detail="a^{t+1} ≥ b^{t+1} + (t+1)b^t(a − b): the tangent of the convex u^{t+1}")
    return _once("bernoulli_steps", build)


def post_processing_steps():
    """Lemma 20 (post-processing for concentrated DP) as kernel steps, for every t ≥ 0, every pair of laws P̂, Q̂ on m
    outcomes with privacy loss Ẑ (P̂_x = Q̂_x e^{Ẑ_x}) and every Markov kernel g (g[x, y] ≥ 0, Σ_y g[x, y] = 1; a function
    g is the kernel g[x, y] = 1[g(x) = y]; written K below) onto n outputs, where P = P̂K and Q = Q̂K have privacy loss W (P_y = Q_y e^{W_y});
    these are the lemma's assumptions, quantified in the conclusion. With Â_x = P̂_x e^{tẐ_x}
    (E_{PL(P̂‖Q̂)}[e^{tẐ}] = Σ_x Â_x):
    - Jensen, output by output: the tangent of the convex u^{t+1} (bernoulli_steps, in exponential coordinates
      e^{(t+1)a} ≥ e^{(t+1)b} + (t+1)e^{tb}(e^a − e^b)) at a = Ẑ_x, b = W_y, weighted by K[x, y]Q̂_x ≥ 0 and summed over x,
      gives Σ_x K[x, y]Â_x ≥ e^{W_y}e^{tW_y}Q_y + (t+1)e^{tW_y}(P_y − e^{W_y}Q_y) = P_y e^{tW_y} (e^{tW_y} kept as a plain
      real E while summing, then instantiated);
    - summed over the outputs: E_{PL(P‖Q)}[e^{tW}] = Σ_y P_y e^{tW_y} ≤ Σ_y Σ_x K[x, y]Â_x;
    - the order of summation exchanged (induction on n) and Σ_y K[x, y] = 1: Σ_y Σ_x K[x, y]Â_x = Σ_x Â_x.
    The row sums are named B_y = Σ_x K[x, y]Â_x (an assumption that only names them): sympy writes a sum of sums as one
    Sum over two indices, which the kernel cannot peel or tell the definedness of."""
    def build():
        from symdp.verify import kernel as rules

        t, a, b, E = sympy.symbols("t a b E", real=True)
        x, y, m, n = sympy.symbols("x y m n", integer=True)
        Ph, Qh = sympy.IndexedBase("Phat", nonnegative=True), sympy.IndexedBase("Qhat", nonnegative=True)
        K, B, Zh, W = (sympy.IndexedBase(name) for name in ("g", "B", "Zhat", "W"))  # g: the domain's channel
        span_x, span_y = [x >= 1, x <= m], [y >= 1, y <= n]
        total_x = lambda f: sympy.Sum(f, (x, 1, m))
        tangent = rules.instantiate(bernoulli_steps(), {a: exp(a), b: exp(b)}, [t >= 0],
                                    detail="e^{(t+1)a} ≥ e^{(t+1)b} + (t+1)e^{tb}(e^a − e^b)")
        A = Ph[x] * exp(t * Zh[x])
        kx = [K[x, y] >= 0, sympy.Eq(Ph[x], Qh[x] * exp(Zh[x]))]
        weighted_tangent = K[x, y] * Qh[x] * exp(W[y]) * E + (t + 1) * E * K[x, y] * (Ph[x] - exp(W[y]) * Qh[x])
        point = rules.decide(rules.goal(weighted_tangent <= K[x, y] * A, [*span_x, *span_y, t >= 0, *kx, sympy.Eq(E, exp(t * W[y]))]),
                             rules.instantiate(tangent, {a: Zh[x], b: W[y]}, [*span_x, *span_y, t >= 0]),
                             detail="the tangent at e^{W_y}, weighted by K[x, y]Q̂_x ≥ 0")
        weighted = rules.summed(point, x, 1, m)
        g = rules.fact(weighted).goal
        split = rules.linear(g.conclusion.lhs)
        collected = rules.decide(rules.goal(rules.fact(split).goal.conclusion.rhs <= g.conclusion.rhs, g.hypotheses),
                                 weighted, split)
        at_E = rules.instantiate(collected, {E: exp(t * W[y])})
        Py, Qy = total_x(K[x, y] * Ph[x]), total_x(K[x, y] * Qh[x])
        row_sum = g.conclusion.rhs
        named = sympy.Eq(B[y], row_sum)  # B_y names the row sum Σ_x K[x, y]Â_x (the sums over y stay single)
        output = [sympy.Eq(Py, Qy * exp(W[y])), named]
        row = rules.decide(rules.goal(Py * exp(t * W[y]) <= B[y], [*rules.fact(at_E).goal.hypotheses, *output]), at_E,
                           detail="Jensen at output y: P_y e^{tW_y} ≤ B_y = Σ_x K[x, y]Â_x")
        rows = rules.summed(row, y, 1, n, detail="summed over the n outputs")
        each = next(h for h in rules.fact(rows).goal.hypotheses if isinstance(h, rules.Every))

        def terms(N):
            return (sympy.Sum(B[y], (y, 1, N)), total_x(A * sympy.Sum(K[x, y], (y, 1, N))),
                    rules.Every(each.condition, (y, 1, N)))
        LB, RB, EB = terms(n)
        swap_goal = rules.goal(sympy.Eq(LB, RB), [n >= 1, m >= 1, EB])
        base_goal, step_goal = rules.induction_goals(swap_goal, n, 1)
        L1, _, E1 = terms(1)
        first = rules.summed(rules.decide(rules.goal(sympy.Eq(A * sympy.Sum(K[x, y], (y, 1, 1)), A * K[x, 1]), span_x),
                                          rules.unfold(sympy.Sum(K[x, y], (y, 1, 1)), "all")), x, 1, m)
        base = rules.decide(base_goal, rules.unfold(L1, "all"), rules.unfold(E1, "all"), first, detail="n = 1: one output")
        L2, _, E2 = terms(n + 1)
        peeled = rules.summed(rules.decide(rules.goal(sympy.Eq(A * sympy.Sum(K[x, y], (y, 1, n + 1)),
                                                               A * sympy.Sum(K[x, y], (y, 1, n)) + K[x, n + 1] * A),
                                                      [*span_x, n >= 1]),
                                           rules.unfold(sympy.Sum(K[x, y], (y, 1, n + 1)), "end")), x, 1, m)
        step = rules.decide(step_goal, rules.unfold(L2, "end"), rules.unfold(E2, "end"), peeled,
                            rules.linear(rules.fact(peeled).goal.conclusion.rhs), detail="n → n + 1: peel the last output")
        swap = rules.induction(swap_goal, n, 1, base, step, detail="Σ_y B_y = Σ_x Â_x Σ_y K[x, y], by induction on n")
        stochastic = sympy.Eq(sympy.Sum(K[x, y], (y, 1, n)), 1)
        columns = rules.summed(rules.decide(rules.goal(sympy.Eq(A * sympy.Sum(K[x, y], (y, 1, n)), A), [*span_x, stochastic])),
                               x, 1, m)
        bound = sympy.Sum(Py * exp(t * W[y]), (y, 1, n)) <= total_x(A)
        assumed = sympy.And(rules.Every(stochastic, (x, 1, m)), EB)
        direct = rules.decide(rules.goal(bound, [t >= 0, m >= 1, n >= 1, assumed]), rows, swap, columns)
        return rules.decide(rules.goal(sympy.Or(sympy.Not(assumed), bound), [t >= 0, m >= 1, n >= 1]), direct,
                            detail="E_{PL(P‖Q)}[e^{tW}] ≤ E_{PL(P̂‖Q̂)}[e^{tẐ}] for P = P̂K, Q = Q̂K")
    return _once("post_processing_steps", build)
