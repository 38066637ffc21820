"""Ghazi–Issa, *Total variation meets differential privacy*: Sections II–IV.

Definitions 1–4 and footnote 1, Theorem 1 (Kairouz–Oh–Viswanath), Corollary 1 with the
dominating pairs of eqs. (7) and (43)–(44), Remarks 1–3, Theorem 2 (eq. 5) and its δ > 0 form,
eq. (6), the composed total variation, Section III-B1 and Proposition 1.
"""

from __future__ import annotations

import sympy

from _tvdp_helpers import (ALPHA, DELTA, ETA, P, Q, X, dominating_masses, enumerate_delta, eq5, pld_deltas, published,
                           random_pair, rng, roc_dual, roc_vertices, subsets_hockey, subsets_tv)
from symdp.central.composition import composed_deltas, kov_delta, theorem2_delta
from symdp.central.pairs import FinitePair, dominating, erasure_mass
from symdp.central.tvdp import TVDP, naive_tv_composition, subsampling_tightness_pair
from symdp.verify import (certified_agreement, cited, claim, combine, establish, exact_agreement, identity, kernel,
                          prove, rational_nonnegative, real_closed)
from symdp.verify.domains import Integer, Laws

PAPER = "tv-dp"

# Real parameters of the paper's domains (symdp.verify.domains), named as the paper names them.
_ε, _δ, _η, _t, _p, _α = sympy.symbols("epsilon delta eta t p alpha", real=True)
LOG_X = sympy.log(X)  # ε = log x, so e^ε = x exactly in the library's formulas
#: Definition 1 and Theorem 1: output laws on any space (Section VI's are continuous), ε ≥ 0, δ ∈ [0, 1].
_SECTION_II_DOMAIN = [Laws("P0", "P1"), _ε >= 0, _δ >= 0, _δ <= 1]
#: Theorem 1's lines are claimed for every t ∈ [0, 1].
_THEOREM_1_DOMAIN = [*_SECTION_II_DOMAIN, _t >= 0, _t <= 1]
_DEFINITIONS_3_4_DOMAIN = [Laws("P0", "P1"), _t >= 0, _t <= 1]
#: Any output space (Section VI's are continuous): P0, P1 have densities P0[x], P1[x] against a dominating law μ
#: (μ = (P0 + P1)/2 always serves, by Radon–Nikodym), so P_ν(A) = E_μ[1_A P_ν] for an event A (a measurable set,
#: its indicator A[x]) and a test φ: 𝒴 → [0, 1] has E_μ[φ P_ν].
XI, MU_LAW = sympy.Symbol("x", real=True), kernel.Law("mu")
D0, D1 = sympy.IndexedBase("P0", nonnegative=True), sympy.IndexedBase("P1", nonnegative=True)


def _pairs(seed: int, count: int = 12, sizes=(2, 3, 4, 5)):
    r = rng(seed)
    return [random_pair(r, sizes[i % len(sizes)]) for i in range(count)]


# --------------------------------------------------------------------------------------------
# Section II


#: The step that carries a finite-alphabet proof to the paper's output spaces, which may be continuous (the
#: Laplace and Gaussian mechanisms of Section VI).
GENERAL_SPACES = ("any output space: the same pointwise facts for the densities p0, p1 with respect to μ = P0 + P1, "
                  "integrated against μ in place of the finite sums (an event is a 0/1 test, a test on a general space "
                  "a measurable φ: 𝒴 → [0, 1])")


def expect(f):
    """E_μ f = ∫ f dμ, an expression in the densities P0[x], P1[x] (and a test's or an event's value at x)."""
    return kernel.Expect(f, (XI, MU_LAW))


def hockey_stick(p, q, gamma):
    """sup over events A of ∫_A (dP − γ dQ) = E_μ[(P − γQ)₊] for all laws P, Q with densities p, q against μ, as kernel
    steps (the kernel's worked example, docs/trust-chain.md): 1_A (p − γq) ≤ (p − γq)₊ at every x, integrated, bounds
    every event, hence the supremum; the event {p > γq} attains it (1_{p > γq}(p − γq) = (p − γq)₊ at every x, and
    the two integrands are integrable together). Returns (evidence, the supremum, E_μ[(p − γq)₊])."""
    event = kernel.Event("A")
    d = p[XI] - gamma * q[XI]
    sup, plus = kernel.Sup(expect(event[XI] * d), (event,)), expect(sympy.Max(d, 0))
    below = kernel.expected(kernel.decide(kernel.goal(event[XI] * d <= sympy.Max(d, 0))), XI, MU_LAW)
    attaining = sympy.Piecewise((1, d > 0), (0, True))
    at = kernel.decide(kernel.goal(sympy.Eq(sympy.Max(d, 0), attaining * d)))
    lower = kernel.decide(kernel.goal(plus <= sup), kernel.member(sup, (XI, attaining)), kernel.expected(at, XI, MU_LAW),
                          kernel.equally_integrable(at, XI, MU_LAW), detail="the event {p > γq} attains E_μ[(p − γq)₊]")
    return (kernel.decide(kernel.goal(sympy.Eq(sup, plus)), kernel.supremum(below, event), lower,
                          detail="sup over events of P(A) − γQ(A) = E_μ[(p − γq)₊]"), sup, plus)


def every_event(p, q, gamma):
    """P(A) ≤ γQ(A) + E_μ[(p − γq)₊] for every event A (P(A) = E_μ[1_A p], Q(A) = E_μ[1_A q] written apart), as kernel
    steps: 1_A (p − γq) ≤ (p − γq)₊ at every x, integrated, and E_μ[1_A(p − γq)] split by linearity (defined where
    P(A) and Q(A) are)."""
    event = kernel.Event("A")
    d = p[XI] - gamma * q[XI]
    below = kernel.expected(kernel.decide(kernel.goal(event[XI] * d <= sympy.Max(d, 0))), XI, MU_LAW)
    return kernel.decide(kernel.goal(expect(event[XI] * p[XI]) <= gamma * expect(event[XI] * q[XI]) + expect(sympy.Max(d, 0))),
                         below, kernel.linear(expect(event[XI] * d)), kernel.integrable(expect(event[XI] * d)),
                         detail="P(A) ≤ γQ(A) + E_μ[(p − γq)₊] for every event A")


#: A test φ: 𝒴 → [0, 1] (measurable; rejects H0 with probability φ(y)): β_I = P0(φ) = E_μ[φ P0] and
#: β_II = 1 − P1(φ) = 1 − E_μ[φ P1] (P1(𝒴) = 1, the density reading E_μ P1 = 1).
TEST, T_LEVEL, GAMMA = kernel.Test("phi"), sympy.Symbol("t", real=True), sympy.Symbol("gamma", real=True)
UNIT_MASS = [sympy.Eq(expect(D0[XI]), 1), sympy.Eq(expect(D1[XI]), 1)]
_ZERO = kernel.Expect(sympy.Integer(0), (XI, MU_LAW))


def tradeoff(at):
    """Definition 2's f(P0, P1)(t) = inf_φ {β_II(φ) : β_I(φ) ≤ t} at t = `at`, an infimum over the tests: a test with
    β_I > t counts as 1, which changes nothing for t ≥ 0 (the test φ = 0 has β_I = 0 ≤ t and β_II = 1 ≥ every β_II)."""
    return kernel.Inf(sympy.Piecewise((1 - expect(TEST[XI] * D1[XI]), expect(TEST[XI] * D0[XI]) <= at), (1, True)),
                      (TEST,))


def _tradeoff_lines(first):
    """The supporting line of slope −1/γ (first: t + γ f(t)) or −γ (γ t + f(t)) of the trade-off function, for every
    pair of laws on any space and every γ ≥ 1, as kernel steps over a symbol γ:
    (lower) every t ∈ [0, 1]: t + γ f(t) ≥ 1 − E_μ[(P0 − γP1)₊] (γ t + f(t) ≥ 1 − E_μ[(P1 − γP0)₊]): for a test with
    β_I ≤ t, t + γβ_II ≥ β_I + γβ_II = 1 − E_μ[(1 − φ)(P0 − γP1)] ≥ 1 − E_μ[(P0 − γP1)₊] pointwise, integrated; a
    test with β_I > t counts 1, and t + γ ≥ 1; the infimum over the tests keeps the bound;
    (upper) every event A: the test rejecting on A^c (on A) has β_I = t_A = 1 − P0(A) (= P0(A)) in [0, 1] and
    β_II = P1(A) (1 − P1(A)), so t_A + γ f(t_A) ≤ 1 − (P0(A) − γP1(A)) (γ t_A + f(t_A) ≤ 1 − (P1(A) − γP0(A))).
    With Definition 1 (the supremum over events of P0(A) − γP1(A) is E_μ[(P0 − γP1)₊]) the two give
    inf_{t ∈ [0, 1]} (t + γ f(t)) = 1 − E_γ(P0‖P1), and the same for the other line."""
    p, q, t, g = D0, D1, T_LEVEL, GAMMA
    c = p[XI] - g * q[XI] if first else q[XI] - g * p[XI]
    plus, zero = expect(sympy.Max(c, 0)), [kernel.linear(_ZERO), kernel.integrable(_ZERO)]
    line = lambda at: (at + g * tradeoff(at)) if first else (g * at + tradeoff(at))
    # lower: each test, then the infimum over the tests
    kept = (1 - TEST[XI]) * c if first else TEST[XI] * c
    below = kernel.expected(kernel.decide(kernel.goal(kept <= sympy.Max(c, 0))), XI, MU_LAW)
    nonnegative = kernel.expected(kernel.decide(kernel.goal(sympy.GreaterThan(sympy.Max(c, 0), 0, evaluate=False))),
                                  XI, MU_LAW)
    hyps = [t >= 0, t <= 1, g >= 1, *UNIT_MASS]
    bound = (1 - plus - t) / g if first else 1 - plus - g * t
    each = kernel.decide(kernel.goal(tradeoff(t).function >= bound, hyps), below, kernel.linear(expect(kept)),
                         kernel.integrable(expect(kept)), nonnegative, *zero,
                         detail="each test: β_II ≥ the line's bound (a test with β_I > t counts 1)")
    lower = kernel.decide(kernel.goal(line(t) >= 1 - plus, hyps), kernel.infimum(each, TEST),
                          detail="the line is above 1 − E_γ at every t ∈ [0, 1]")
    # upper: the test rejecting on A^c (first line) or on A (second line), a member of the tests
    event = kernel.Event("A")
    w = 1 - event[XI] if first else event[XI]
    at = expect(w * p[XI])
    gain = (expect(event[XI] * p[XI]) - g * expect(event[XI] * q[XI]) if first
            else expect(event[XI] * q[XI]) - g * expect(event[XI] * p[XI]))
    in_unit = [kernel.expected(kernel.decide(kernel.goal(sympy.GreaterThan(w * p[XI], 0, evaluate=False))), XI, MU_LAW),
               kernel.expected(kernel.decide(kernel.goal(w * p[XI] <= p[XI])), XI, MU_LAW)]
    # E_μ[(1 − 1_A) P] = E_μ P − P(A) by linearity (the test rejecting on A needs none)
    split = ([kernel.linear(expect(w * p[XI])), kernel.linear(expect(w * q[XI])), kernel.integrable(expect(w * q[XI]))]
             if first else [])
    upper = kernel.decide(kernel.goal(sympy.And(at >= 0, at <= 1, line(at) <= 1 - gain), [g >= 1, *UNIT_MASS]),
                          kernel.member(tradeoff(at), (XI, w)), *split, *in_unit, *zero,
                          detail="the test rejecting on A^c (A) is a point of the curve at most 1 − (P(A) − γQ(A))")
    return lower, upper


def tradeoff_lines(gamma, hypotheses):
    """`_tradeoff_lines` for both lines at γ = `gamma` (instantiated; `hypotheses` must give γ ≥ 1)."""
    out = []
    for first in (True, False):
        lower, upper = _tradeoff_lines(first)
        out += [kernel.instantiate(lower, {GAMMA: gamma}, [*hypotheses, T_LEVEL >= 0, T_LEVEL <= 1, *UNIT_MASS]),
                kernel.instantiate(upper, {GAMMA: gamma}, [*hypotheses, *UNIT_MASS])]
    return out


@claim(PAPER, "Definition 1 (hockey-stick form)",
       "(ε,δ)-DP ⇔ δ ≥ max(E_{e^ε}(P0‖P1), E_{e^ε}(P1‖P0)), E_γ(P‖Q) = sup_S P(S) − γQ(S) = Σ(P − γQ)₊ (eqs. 8–9)",
       domain=_SECTION_II_DOMAIN, stated_domain='any pair (P0, P1) of output laws, ε ≥ 0, δ ∈ [0, 1]',
       stated_where='Section II, Definition 1',
       quote=(r"Definition 1 (Differential Privacy (DP) [1]) Given ε0𝜀0\varepsilon\geq 0italic_ε ≥ 0 and "
              r"δ[0,1]𝛿01\delta\in[0,1]italic_δ ∈ [ 0 , 1 ], a mechanism M𝑀Mitalic_M is (ε,δ)𝜀𝛿(\varepsilon,\delta)( "
              r"italic_ε , italic_δ )-differentially private if, for all neighboring databases "
              r"D0subscript𝐷0D_{0}italic_D start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT and D1subscript𝐷1D_{1}italic_D "
              r"start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT and all S𝒴𝑆𝒴S\subseteq\mathcal{Y}italic_S ⊆ caligraphic_Y, "
              r"𝐏𝐫(M(D0)S)eε𝐏𝐫(M(D1)S)+δ.𝐏𝐫𝑀subscript𝐷0𝑆superscript𝑒𝜀𝐏𝐫𝑀subscript𝐷1𝑆𝛿\displaystyle{\rm\mathbf{Pr}}(M(D_{0})\in "
              r"S)\leq e^{\varepsilon}{\rm\mathbf{Pr% }}(M(D_{1})\in S)+\delta.bold_Pr ( italic_M ( italic_D "
              r"start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT ) ∈ italic_S ) ≤ italic_e start_POSTSUPERSCRIPT italic_ε "
              r"end_POSTSUPERSCRIPT bold_Pr ( italic_M ( italic_D start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT ) ∈ "
              r"italic_S ) + italic_δ ."))
def definition_1():
    """(ε, δ)-DP says P0(S) − e^ε P1(S) ≤ δ for every event S (and the same with P0, P1 exchanged): δ bounds the set
    {P0(S) − e^ε P1(S)} exactly when it bounds its least upper bound, which the kernel steps show to be
    E_{e^ε}(P0‖P1) = E_μ[(P0 − e^ε P1)₊] (eq. 9) for every pair of laws on any output space (eq. 8's sup over events);
    "⇐" in the paper's form: P0(S) ≤ e^ε P1(S) + E_{e^ε}(P0‖P1) for every event S, both orders."""
    lib, brute = [], []
    for (p, q), x in zip(_pairs(1), [2, 3, Q(3, 2), 5, Q(7, 4), 2] * 2):
        pair = FinitePair(p, q)
        lib += [pair.hockey_stick(x), pair.delta(sympy.log(x))]
        brute += [subsets_hockey(p, q, x), max(subsets_hockey(p, q, x), subsets_hockey(q, p, x))]
    orders = ((D0, D1), (D1, D0))
    suprema = [hockey_stick(a, b, sympy.exp(_ε))[0] for a, b in orders]
    events = [every_event(a, b, sympy.exp(_ε)) for a, b in orders]
    return establish(combine(*suprema, *events, detail="E_{e^ε}(P0‖P1) and E_{e^ε}(P1‖P0) are the suprema over events "
                             "(so DP on every event forces δ ≥ both), and every event satisfies the DP inequality at "
                             "δ = max(E_{e^ε}(P0‖P1), E_{e^ε}(P1‖P0))"),
                     exact_agreement(lib, brute, "12 random exact pairs on 2–5 points, e^ε ∈ {2, 3, 3/2, 5, 7/4}: "
                                     "library E_γ and δ(ε) against the maximum over all 2^n events"),
                     domain=_SECTION_II_DOMAIN)


@claim(PAPER, "Definition 2 (ROC, Neyman–Pearson)",
       "f(P0,P1)(t) = inf_h {β_II : β_I ≤ t} is attained by likelihood-ratio tests (piecewise linear through "
       "the cumulative masses in decreasing order of P1/P0)",
       domain=[Laws("P0", "P1"), _t >= 0, _t <= 1], stated_domain='any pair (P0, P1), type I error t ∈ [0, 1]',
       stated_where='Section II, Definition 2',
       quote=(r"Definition 2 (ROC) For a binary hypothesis testing experiment with distributions "
              r"P0subscript𝑃0P_{0}italic_P start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT and P1subscript𝑃1P_{1}italic_P "
              r"start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT, the ROC curve, f:[0,1][0,1]:𝑓0101f:[0,1]\to[0,1]italic_f : "
              r"[ 0 , 1 ] → [ 0 , 1 ], is defined as "
              r"f(P0,P1)(t)=infh{βII(P0,P1,h):βI(P0,P1,h)t}.𝑓subscript𝑃0subscript𝑃1𝑡subscriptinfimumconditional-setsubscript𝛽IIsubscript𝑃0subscript𝑃1subscript𝛽Isubscript𝑃0subscript𝑃1𝑡\displaystyle "
              r"f(P_{0},P_{1})(t)=\inf_{h}\left\{\beta_{\mathrm{II}}(P_{0},P_{1}% "
              r",h):\beta_{\mathrm{I}}(P_{0},P_{1},h)\leq t\right\}.italic_f ( italic_P start_POSTSUBSCRIPT 0 "
              r"end_POSTSUBSCRIPT , italic_P start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT ) ( italic_t ) = roman_inf "
              r"start_POSTSUBSCRIPT italic_h end_POSTSUBSCRIPT { italic_β start_POSTSUBSCRIPT roman_II "
              r"end_POSTSUBSCRIPT ( italic_P start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT , italic_P start_POSTSUBSCRIPT "
              r"1 end_POSTSUBSCRIPT , italic_h ) : italic_β start_POSTSUBSCRIPT roman_I end_POSTSUBSCRIPT ( italic_P "
              r"start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT , italic_P start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT , "
              r"italic_h ) ≤ italic_t } ."))
def definition_2():
    lib, dual = [], []
    for p, q in _pairs(2):
        pair = FinitePair(p, q)
        ts = [v[0] for v in roc_vertices(p, q)] + [Q(1, 7), Q(1, 3), Q(5, 8)]
        for t in ts:
            lib.append(pair.tradeoff(min(t, 1)))
            dual.append(roc_dual(p, q, min(t, 1)))
    return establish(_neyman_pearson_sums(),
                     exact_agreement(lib, dual, "12 random pairs, at every NP vertex and t ∈ {1/7, 1/3, 5/8}: library "
                                     "trade-off against the linear-programming dual 1 − min_c [ct + Σ(q − cp)₊] over all "
                                     "randomised tests"),
                     domain=[Laws("P0", "P1"), _t >= 0, _t <= 1],
                     prose_steps=[GENERAL_SPACES,
                                  "for every t ∈ [0, 1] some likelihood-ratio test has type I error exactly t: lower the "
                                  "threshold c through the likelihood ratios and randomise on the tie {q = cp}; the "
                                  "type I and II errors then run through the cumulative masses in decreasing order of "
                                  "P1/P0, linearly in between"])


def _neyman_pearson_sums():
    """Neyman–Pearson for every pair of laws on m outcomes, as kernel steps: a likelihood-ratio test φ* with
    threshold c ≥ 0 (φ* = 1 where q > cp, 0 where q < cp, anything in [0, 1] where q = cp) and any test φ satisfy
    (φ* − φ)(q − cp) ≥ 0 outcome by outcome; summed and split, Σ(φ* − φ)q ≥ c Σ(φ* − φ)p = c(t − Σφp) ≥ 0 when
    φ* has type I error t and φ at most t: no test with β_I ≤ t has a smaller β_II = 1 − Σφq."""
    i, m = sympy.symbols("i m", integer=True)
    p, q = sympy.IndexedBase("P0", nonnegative=True), sympy.IndexedBase("P1", nonnegative=True)
    best, phi = sympy.IndexedBase("phistar"), sympy.IndexedBase("phi")
    c, t = sympy.Symbol("c", real=True), _t
    total = lambda f: sympy.Sum(f, (i, 1, m))
    ratio = sympy.Or(sympy.And(q[i] > c * p[i], sympy.Eq(best[i], 1)), sympy.And(q[i] < c * p[i], sympy.Eq(best[i], 0)),
                     sympy.And(sympy.Eq(q[i], c * p[i]), best[i] >= 0, best[i] <= 1))
    each = [ratio, phi[i] >= 0, phi[i] <= 1]
    exchange = kernel.summed(kernel.decide(kernel.goal(c * ((best[i] - phi[i]) * p[i]) <= (best[i] - phi[i]) * q[i],
                                                       [i >= 1, i <= m, *each]),
                                           detail="(φ* − φ)(q − cp) ≥ 0 outcome by outcome"), i, 1, m)
    split = [kernel.linear(total(c * ((best[i] - phi[i]) * p[i]))), kernel.linear(total((best[i] - phi[i]) * q[i]))]
    goal = kernel.goal(1 - total(best[i] * q[i]) <= 1 - total(phi[i] * q[i]),
                       [m >= 1, kernel.Every(sympy.And(*each), (i, 1, m)), c >= 0, sympy.Eq(total(best[i] * p[i]), t),
                        total(phi[i] * p[i]) <= t])
    return kernel.decide(goal, exchange, *split, detail="the likelihood-ratio test of type I error t is most powerful: "
                                                      "f(t) = inf {β_II : β_I ≤ t} is attained by it")


def _roc_delta(p, q, x):
    """The least δ with t + x f(t) ≥ 1 − δ and x t + f(t) ≥ 1 − δ for all t: both are linear
    between ROC vertices, so the vertices suffice."""
    return max([sympy.Integer(0)] + [max(1 - t - x * f, 1 - x * t - f) for t, f in roc_vertices(p, q)])


@claim(PAPER, "Theorem 1",
       "Kairouz–Oh–Viswanath: (ε,δ)-DP ⇔ t + e^ε f(t) ≥ 1 − δ and e^ε t + f(t) ≥ 1 − δ for all t ∈ [0,1]",
       domain=_THEOREM_1_DOMAIN, stated_domain='any pair (P0, P1), ε ≥ 0, δ ∈ [0, 1], t ∈ [0, 1]',
       stated_where='Section II, Theorem 1',
       quote=(r"Theorem 1[7, Theorem 2.1]) Given ε0𝜀0\varepsilon\geq 0italic_ε ≥ 0 and "
              r"δ[0,1]𝛿01\delta\in[0,1]italic_δ ∈ [ 0 , 1 ], a mechanism M𝑀Mitalic_M is (ε,δ)𝜀𝛿(\varepsilon,\delta)( "
              r"italic_ε , italic_δ )-DP if and only if for all neighboring databases D0subscript𝐷0D_{0}italic_D "
              r"start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT and D1subscript𝐷1D_{1}italic_D start_POSTSUBSCRIPT 1 "
              r"end_POSTSUBSCRIPT and all t[0,1],𝑡01t\in[0,1],italic_t ∈ [ 0 , 1 ] , "
              r"t+eεf(P0,P1)(t)1δ,𝑡superscript𝑒𝜀𝑓subscript𝑃0subscript𝑃1𝑡1𝛿\displaystyle "
              r"t+e^{\varepsilon}f(P_{0},P_{1})(t)\geq 1-\delta,italic_t + italic_e start_POSTSUPERSCRIPT italic_ε "
              r"end_POSTSUPERSCRIPT italic_f ( italic_P start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT , italic_P "
              r"start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT ) ( italic_t ) ≥ 1 - italic_δ , "
              r"eεt+f(P0,P1)(t)1δ,superscript𝑒𝜀𝑡𝑓subscript𝑃0subscript𝑃1𝑡1𝛿\displaystyle "
              r"e^{\varepsilon}t+f(P_{0},P_{1})(t)\geq 1-\delta,italic_e start_POSTSUPERSCRIPT italic_ε "
              r"end_POSTSUPERSCRIPT italic_t + italic_f ( italic_P start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT , "
              r"italic_P start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT ) ( italic_t ) ≥ 1 - italic_δ , where "
              r"M(D0)P0similar-to𝑀subscript𝐷0subscript𝑃0M(D_{0})\sim P_{0}italic_M ( italic_D start_POSTSUBSCRIPT 0 "
              r"end_POSTSUBSCRIPT ) ∼ italic_P start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT and "
              r"M(D1)P1similar-to𝑀subscript𝐷1subscript𝑃1M(D_{1})\sim P_{1}italic_M ( italic_D start_POSTSUBSCRIPT 1 "
              r"end_POSTSUBSCRIPT ) ∼ italic_P start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT."))
def theorem_1():
    """On any output space, for the trade-off function f of Definition 2 (an infimum over the tests): for every
    t ∈ [0, 1], t + e^ε f(t) ≥ 1 − E_{e^ε}(P0‖P1) and e^ε t + f(t) ≥ 1 − E_{e^ε}(P1‖P0), and the tests rejecting on an
    event reach 1 − (P0(A) − e^ε P1(A)) and 1 − (P1(A) − e^ε P0(A)), whose infima over the events are those values
    (Definition 1's suprema). So the lines hold with 1 − δ for all t exactly when δ ≥ both hockey-stick divergences,
    which is (ε, δ)-DP by Definition 1."""
    roc, hs = [], []
    for (p, q), x in zip(_pairs(3, 16), [2, 3, Q(3, 2), 5, Q(9, 8), 1, 4, Q(5, 2)] * 2):
        roc.append(_roc_delta(p, q, x))
        hs.append(max(subsets_hockey(p, q, x), subsets_hockey(q, p, x)))
    return establish(combine(*tradeoff_lines(sympy.exp(_ε), [sympy.exp(_ε) >= 1]),
                             detail="the two supporting lines of the trade-off function, at every t and at the tests "
                                    "rejecting on an event"),
                     exact_agreement(roc, hs, "16 random exact pairs, e^ε ∈ {1, 9/8, 3/2, 2, 5/2, 3, 4, 5}: the least δ "
                                     "allowed by the ROC inequalities equals the least δ of Definition 1"),
                     domain=_THEOREM_1_DOMAIN, uses=["tv-dp:definition-1-hockey-stick-form"])


@claim(PAPER, "Definitions 3–4 and footnote 1",
       "d_TV(P,Q) = sup_A P(A) − Q(A) = ½‖P − Q‖₁, and d_TV ≤ η ⇔ f(t) ≥ 1 − η − t: "
       "inf_t (t + f(t)) = 1 − d_TV, so η-TV = (0,η)-DP",
       domain=_DEFINITIONS_3_4_DOMAIN, stated_domain='any pair (P0, P1), t ∈ [0, 1]',
       stated_where='Section II, Definitions 3–4 and footnote 1',
       quote=(r"Definition 3 (Total Variation) Given two distributions P𝑃Pitalic_P and Q𝑄Qitalic_Q over a common "
              r"alphabet 𝒴𝒴\mathcal{Y}caligraphic_Y, the total variation is defined as follows: "
              r"dTV(P,Q)=supA𝒴(P(A)Q(A)).subscript𝑑𝑇𝑉𝑃𝑄subscriptsupremum𝐴𝒴𝑃𝐴𝑄𝐴\displaystyle "
              r"d_{TV}(P,Q)=\sup_{A\subseteq\mathcal{Y}}(P(A)-Q(A)).italic_d start_POSTSUBSCRIPT italic_T italic_V "
              r"end_POSTSUBSCRIPT ( italic_P , italic_Q ) = roman_sup start_POSTSUBSCRIPT italic_A ⊆ caligraphic_Y "
              r"end_POSTSUBSCRIPT ( italic_P ( italic_A ) - italic_Q ( italic_A ) ) . Definition 4 (Total Variation "
              r"of a Mechanism) Given η[0,1]𝜂01\eta\in[0,1]italic_η ∈ [ 0 , 1 ], a mechanism M𝑀Mitalic_M has total "
              r"variation less than η𝜂\etaitalic_η (or dTV(M)ηsubscript𝑑𝑇𝑉𝑀𝜂d_{TV}(M)\leq\etaitalic_d "
              r"start_POSTSUBSCRIPT italic_T italic_V end_POSTSUBSCRIPT ( italic_M ) ≤ italic_η or "
              r"η𝜂\etaitalic_η-TV, for short) if, for all neighboring databases D0subscript𝐷0D_{0}italic_D "
              r"start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT and D1subscript𝐷1D_{1}italic_D start_POSTSUBSCRIPT 1 "
              r"end_POSTSUBSCRIPT, dTV(P0,P1)η,subscript𝑑𝑇𝑉subscript𝑃0subscript𝑃1𝜂\displaystyle "
              r"d_{TV}\left(P_{0},P_{1}\right)\leq\eta,italic_d start_POSTSUBSCRIPT italic_T italic_V "
              r"end_POSTSUBSCRIPT ( italic_P start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT , italic_P start_POSTSUBSCRIPT "
              r"1 end_POSTSUBSCRIPT ) ≤ italic_η , (1) where M(D0)P0similar-to𝑀subscript𝐷0subscript𝑃0M(D_{0})\sim "
              r"P_{0}italic_M ( italic_D start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT ) ∼ italic_P start_POSTSUBSCRIPT 0 "
              r"end_POSTSUBSCRIPT and M(D1)P1similar-to𝑀subscript𝐷1subscript𝑃1M(D_{1})\sim P_{1}italic_M ( italic_D "
              r"start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT ) ∼ italic_P start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT. Total "
              r"variation is closely related to hypothesis testing: given two distributions "
              r"P0subscript𝑃0P_{0}italic_P start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT and P1subscript𝑃1P_{1}italic_P "
              r"start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT, then "
              r"dTV(P0,P1)ηsubscript𝑑𝑇𝑉subscript𝑃0subscript𝑃1𝜂d_{TV}(P_{0},P_{1})\leq\etaitalic_d "
              r"start_POSTSUBSCRIPT italic_T italic_V end_POSTSUBSCRIPT ( italic_P start_POSTSUBSCRIPT 0 "
              r"end_POSTSUBSCRIPT , italic_P start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT ) ≤ italic_η if and only if111 "
              r"This can be seen by noting the following: consider the line with slope -1 tangent to the curve "
              r"f𝑓fitalic_f, then its y𝑦yitalic_y-intercept is given by "
              r"f(1)superscript𝑓1\displaystyle-f^{\star}(-1)- italic_f start_POSTSUPERSCRIPT ⋆ end_POSTSUPERSCRIPT ( "
              r"- 1 ) "
              r"=sups[0,1]{sf(s)}=infs[0,1]{s+f(s)}absentsubscriptsupremum𝑠01𝑠𝑓𝑠subscriptinfimum𝑠01𝑠𝑓𝑠\displaystyle=-\sup_{s\in[0,1]}\{-s-f(s)\}=\inf_{s\in[0,1]}\{s+f(s)\}= "
              r"- roman_sup start_POSTSUBSCRIPT italic_s ∈ [ 0 , 1 ] end_POSTSUBSCRIPT { - italic_s - italic_f ( "
              r"italic_s ) } = roman_inf start_POSTSUBSCRIPT italic_s ∈ [ 0 , 1 ] end_POSTSUBSCRIPT { italic_s + "
              r"italic_f ( italic_s ) } "
              r"=infA𝒴P0(A)+P1(Ac)=1+infA𝒴P0(A)P1(A)absentsubscriptinfimum𝐴𝒴subscript𝑃0𝐴subscript𝑃1superscript𝐴𝑐1subscriptinfimum𝐴𝒴subscript𝑃0𝐴subscript𝑃1𝐴\displaystyle=\inf_{A\subseteq\mathcal{Y}}P_{0}(A)+P_{1}(A^{c})=1+\inf_{A% "
              r"\subseteq\mathcal{Y}}P_{0}(A)-P_{1}(A)= roman_inf start_POSTSUBSCRIPT italic_A ⊆ caligraphic_Y "
              r"end_POSTSUBSCRIPT italic_P start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT ( italic_A ) + italic_P "
              r"start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT ( italic_A start_POSTSUPERSCRIPT italic_c "
              r"end_POSTSUPERSCRIPT ) = 1 + roman_inf start_POSTSUBSCRIPT italic_A ⊆ caligraphic_Y end_POSTSUBSCRIPT "
              r"italic_P start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT ( italic_A ) - italic_P start_POSTSUBSCRIPT 1 "
              r"end_POSTSUBSCRIPT ( italic_A ) "
              r"=1dTV(P0,P1).absent1subscript𝑑𝑇𝑉subscript𝑃0subscript𝑃1\displaystyle=1-d_{TV}(P_{0},P_{1}).= 1 - "
              r"italic_d start_POSTSUBSCRIPT italic_T italic_V end_POSTSUBSCRIPT ( italic_P start_POSTSUBSCRIPT 0 "
              r"end_POSTSUBSCRIPT , italic_P start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT ) . "
              r"f(P0,P1)(t)1ηt𝑓subscript𝑃0subscript𝑃1𝑡1𝜂𝑡f(P_{0},P_{1})(t)\geq 1-\eta-titalic_f ( italic_P "
              r"start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT , italic_P start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT ) ( "
              r"italic_t ) ≥ 1 - italic_η - italic_t for all t[0,1]𝑡01t\in[0,1]italic_t ∈ [ 0 , 1 ]. As such, "
              r"M𝑀Mitalic_M is η𝜂\etaitalic_η-TV can be rewritten as (0,η)0𝜂(0,\eta)( 0 , italic_η )-DP."))
def definition_3_4():
    """On any output space: d_TV = sup_A P0(A) − P1(A) = E_μ[(P0 − P1)₊] (Definition 1's steps at γ = 1) = ½E_μ|P0 − P1|
    (max(c, 0) = (c + |c|)/2 and E_μ P0 = E_μ P1 = 1), the same in either order (so η-TV is (0, η)-DP: Definition 1 at
    ε = 0); and footnote 1: t + f(t) ≥ 1 − d_TV for every t ∈ [0, 1], while the tests rejecting on A^c reach
    1 − (P0(A) − P1(A)), whose infimum over the events is 1 − d_TV — so inf_t (t + f(t)) = 1 − d_TV and d_TV ≤ η
    exactly when f(t) ≥ 1 − η − t for all t."""
    sup, lib, half, roc = [], [], [], []
    for p, q in _pairs(4):
        sup.append(subsets_tv(p, q))
        lib.append(FinitePair(p, q).tv())
        half.append(sum(abs(a - b) for a, b in zip(p, q)) / 2)
        roc.append(1 - min(t + f for t, f in roc_vertices(p, q)))
    c = D0[XI] - D1[XI]
    plus, absolute, other = expect(sympy.Max(c, 0)), expect(sympy.Abs(c)), expect(sympy.Max(-c, 0))
    halves = kernel.decide(kernel.goal(sympy.Eq(sympy.Max(c, 0), (c + sympy.Abs(c)) / 2)))
    mirror = kernel.decide(kernel.goal(sympy.Eq(sympy.Max(-c, 0), sympy.Max(c, 0) - c)))
    forms = kernel.decide(kernel.goal(sympy.And(sympy.Eq(plus, absolute / 2), sympy.Eq(other, plus)), UNIT_MASS),
                          kernel.expected(halves, XI, MU_LAW), kernel.linear(expect((c + sympy.Abs(c)) / 2)),
                          kernel.integrable(expect((c + sympy.Abs(c)) / 2)), kernel.expected(mirror, XI, MU_LAW),
                          kernel.linear(expect(sympy.Max(c, 0) - c)), kernel.integrable(expect(sympy.Max(c, 0) - c)),
                          detail="E_μ[(P0 − P1)₊] = ½E_μ|P0 − P1| = E_μ[(P1 − P0)₊]")
    first_line = tradeoff_lines(sympy.Integer(1), [])[:2]  # t + f(t): the slope −1 line of footnote 1
    statement = combine(hockey_stick(D0, D1, sympy.Integer(1))[0], forms, *first_line,
                        detail="d_TV = sup over events = E_μ[(P0 − P1)₊] = ½‖P0 − P1‖₁, symmetric; inf_t (t + f(t)) = "
                               "1 − d_TV")
    return establish(statement,
                     exact_agreement(sup * 3, lib + half + roc, "12 random exact pairs: sup over events, library tv(), "
                                     "½‖P−Q‖₁ and 1 − min_t(t + f(t)) from the NP curve all agree"),
                     domain=_DEFINITIONS_3_4_DOMAIN, uses=["tv-dp:definition-1-hockey-stick-form"])


# --------------------------------------------------------------------------------------------
# Corollary 1 and the dominating pairs


def f_region(x, delta, eta, t):
    """f_{ε,δ,η}(t) = max{0, 1−δ−e^ε t, e^{−ε}(1−δ−t), 1−η−t} (Corollary 1)."""
    return sympy.Max(0, 1 - delta - x * t, (1 - delta - t) / x, 1 - eta - t)


def _at_least_one(e):
    """e^ε ≥ 1 for ε ≥ 0 (a decision), the premise that tells the kernel's real arithmetic e^ε ≥ 1."""
    return prove(sympy.exp(e) - 1, e, 0, sympy.oo, "e^ε ≥ 1 for ε ≥ 0")


def _sup_over_events(p, q, best, value, hypotheses, premises, name):
    """d_TV(P, Q) = sup_A P(A) − Q(A) = `value` for explicit vectors `p`, `q`, as kernel steps: every test
    u ∈ [0, 1]^n (an event is a 0/1 vector) has Σ u(p − q) ≤ value under `hypotheses`, decided in real
    arithmetic, and the event `best` attains it."""
    u = sympy.symbols(f"u1:{len(p) + 1}", real=True)
    cube = [c for ui in u for c in (ui >= 0, ui <= 1)]
    bound = kernel.decide(kernel.goal(sympy.Or(sympy.Not(sympy.And(*cube)),
                                               sympy.Add(*[ui * (a - b) for ui, a, b in zip(u, p, q)]) <= value),
                                      hypotheses), *premises,
                          detail=f"{name}: every event (every test u ∈ [0, 1]^{len(p)}) has P(A) − Q(A) ≤ the formula")
    attained = identity(sympy.Add(*[s * (a - b) for s, a, b in zip(best, p, q)]), value,
                        f"{name}: the event {{{', '.join(str(i) for i, s in enumerate(best) if s)}}} attains it")
    return combine(bound, attained, detail=f"{name}: d_TV = sup over events = the formula")


@claim(PAPER, "Eq. (7) and Appendix F (eqs. 43–44)",
       "d_TV(P0,P1) = (1−α)(e^ε−1)/(1+e^ε) for eq. (7), δ + (1−δ)(1−α)(e^ε−1)/(1+e^ε) for eqs. (43)–(44); "
       "α = 1 − (η−δ)(1+e^ε)/((1−δ)(e^ε−1)) gives d_TV = η",
       domain=[_ε >= 0, _δ >= 0, _δ <= 1, _α >= 0, _α <= 1, _η >= _δ, _η <= _δ + (1 - _δ) * sympy.tanh(_ε / 2)],
       stated_domain='ε ≥ 0, δ ∈ [0, 1], α ∈ [0, 1], δ ≤ η ≤ δ + (1 − δ)tanh(ε/2)',
       stated_where='Section III-C1, eq. (7) and Appendix F, eqs. (43)–(44)',
       quote=(r"The above mechanism’s total variation is "
              r"dTV(P0,P1)=(eε1)(1α)(1+eε)subscript𝑑𝑇𝑉subscript𝑃0subscript𝑃1superscript𝑒𝜀11𝛼1superscript𝑒𝜀d_{TV}(P_{0},P_{1})=\frac{(e^{\varepsilon}-1)(1-\alpha)}{(1+e^{\varepsilon})}italic_d "
              r"start_POSTSUBSCRIPT italic_T italic_V end_POSTSUBSCRIPT ( italic_P start_POSTSUBSCRIPT 0 "
              r"end_POSTSUBSCRIPT , italic_P start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT ) = divide start_ARG ( italic_e "
              r"start_POSTSUPERSCRIPT italic_ε end_POSTSUPERSCRIPT - 1 ) ( 1 - italic_α ) end_ARG start_ARG ( 1 + "
              r"italic_e start_POSTSUPERSCRIPT italic_ε end_POSTSUPERSCRIPT ) end_ARG. So for a target "
              r"η[0,eε1eε+1]𝜂0superscript𝑒𝜀1superscript𝑒𝜀1\eta\in[0,\frac{e^{\varepsilon}-1}{e^{\varepsilon}+1}]italic_η "
              r"∈ [ 0 , divide start_ARG italic_e start_POSTSUPERSCRIPT italic_ε end_POSTSUPERSCRIPT - 1 end_ARG "
              r"start_ARG italic_e start_POSTSUPERSCRIPT italic_ε end_POSTSUPERSCRIPT + 1 end_ARG ], we set "
              r"α=1ηeε+1eε1𝛼1𝜂superscript𝑒𝜀1superscript𝑒𝜀1\alpha=1-\eta\frac{e^{\varepsilon}+1}{e^{\varepsilon}-1}italic_α "
              r"= 1 - italic_η divide start_ARG italic_e start_POSTSUPERSCRIPT italic_ε end_POSTSUPERSCRIPT + 1 "
              r"end_ARG start_ARG italic_e start_POSTSUPERSCRIPT italic_ε end_POSTSUPERSCRIPT - 1 end_ARG. For "
              r"η=eε1eε+1𝜂superscript𝑒𝜀1superscript𝑒𝜀1\eta=\frac{e^{\varepsilon}-1}{e^{\varepsilon}+1}italic_η = "
              r"divide start_ARG italic_e start_POSTSUPERSCRIPT italic_ε end_POSTSUPERSCRIPT - 1 end_ARG start_ARG "
              r"italic_e start_POSTSUPERSCRIPT italic_ε end_POSTSUPERSCRIPT + 1 end_ARG, we recover "
              r"Mε,0subscript𝑀𝜀0M_{\varepsilon,0}italic_M start_POSTSUBSCRIPT italic_ε , 0 end_POSTSUBSCRIPT. It is "
              r"easy to verify that f(P0,P1)𝑓subscript𝑃0subscript𝑃1f(P_{0},P_{1})italic_f ( italic_P "
              r"start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT , italic_P start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT ) exactly "
              r"achieves the region described in Corollary 1."))
def dominating_tv():
    """d_TV = sup over events (Definition 3) of the pair (7) and of the pair (43)–(44), each written out from
    the paper, symbolic in ε ≥ 0, α ∈ [0, 1], δ ∈ [0, 1]; then the erasure mass α of eq. (7), set from a
    target η, gives d_TV = η (with the denominators of α cleared, so that it holds on the whole domain: where
    e^ε = 1 or δ = 1 the cleared equation says η = δ, and d_TV = δ there). Tests and η are quantified inside
    each goal ("for every test u: u ∈ [0, 1]^n ⇒ …"), so the goals' hypotheses are the paper's."""
    e, a, d, n = _ε, _α, _δ, _η
    x = sympy.exp(e)
    u = (1 - a) / (1 + x)
    seven = [[u * x, a, u], [u, a, u * x]]
    five = [[d, (1 - d) * u * x, a * (1 - d), (1 - d) * u, 0], [0, (1 - d) * u, a * (1 - d), (1 - d) * u * x, d]]
    hyps = [e >= 0, a >= 0, a <= 1, d >= 0, d <= 1]
    one = _at_least_one(e)
    tv7, tv43 = (1 - a) * (x - 1) / (1 + x), d + (1 - d) * (1 - a) * (x - 1) / (1 + x)
    statement = combine(_sup_over_events(*seven, [1, 0, 0], tv7, hyps[:3], [one], "eq. (7)"),
                        _sup_over_events(*five, [1, 1, 0, 0, 0], tv43, hyps, [one], "eqs. (43)–(44)"),
                        kernel.decide(kernel.goal(sympy.Or(sympy.Ne(a * (1 - d) * (x - 1), (1 - d) * (x - 1) - (n - d) * (1 + x)),
                                                           sympy.Eq(tv43, n)), hyps),
                                      detail="α = 1 − (η−δ)(1+e^ε)/((1−δ)(e^ε−1)) (its denominators cleared) gives "
                                             "d_TV = η, for every η"),
                        detail="d_TV of the dominating pairs, and α set from a target η")
    lib = [dominating(sympy.log(x), d, n).tv() for x, d, n in ((2, 0, Q(1, 5)), (3, Q(1, 10), Q(3, 10)))]
    return establish(statement, exact_agreement(lib, [Q(1, 5), Q(3, 10)], "library dominating(ε,δ,η).tv() = η at "
                                                "(e^ε,δ,η) = (2,0,1/5), (3,1/10,3/10)"),
                     domain=[_ε >= 0, _α >= 0, _α <= 1, _δ >= 0, _δ <= 1])


def _reciprocal(e):
    """e^{−ε}(e^ε − 1) = 1 − e^{−ε}: sympy writes 1/e^ε as e^{−ε}, a term of its own for the kernel's real
    arithmetic; this identity tells it that e^{−ε}·e^ε = 1."""
    return identity(sympy.exp(-e) * (sympy.exp(e) - 1), 1 - sympy.exp(-e), "e^{−ε}·e^ε = 1")


def _tradeoff_proof(delta):
    """The trade-off function of the pair (7) (δ = 0) or (43)–(44) (δ > 0), each written out from the paper in
    ε ≥ 0, α ∈ [0, 1] (and δ), is f_{ε,δ,η}(t) = max{0, 1 − δ − e^ε t, e^{−ε}(1 − δ − t), 1 − η − t} with
    η = d_TV = δ + (1 − δ)(1 − α)tanh(ε/2), by Definition 2 itself: f(t) = inf over tests φ ∈ [0, 1]^n
    (randomised; rejecting H0 on outcome i with probability φ_i) of β_II = 1 − Σφ_i P1_i subject to
    β_I = Σφ_i P0_i ≤ t.

    Kernel steps, first in polynomial terms (x = e^ε ≥ 1, w = (1 − δ)(1 − α)/(1 + e^ε), β = α(1 − δ), with
    δ + w(1 + x) + β = 1), then instantiated at those values: (i) every such test has β_II ≥ each line of
    f_{ε,δ,η}(t), from one inequality per outcome (φ_i P1_i ≤ P1_i; φ_i P1_i ≤ x φ_i P0_i, plus P1_i where
    P0_i = 0; x(1 − φ_i)P1_i ≥ (1 − φ_i)P0_i, less P0_i where P1_i = 0; φ_i(P1_i − P0_i) ≤ (P1_i − P0_i)₊)
    added up; (ii) the likelihood-ratio tests attain it: reject the outcomes in decreasing order of P1/P0, the
    outcome at the boundary with probability λ ∈ [0, 1] (its mass m, the mass c before it): β_I = c + λm runs over
    the segment [c, c + m] and β_II = f_{ε,δ,η}(β_I), one decision per segment (the segments tile [0, 1] since the
    masses add up to 1). Tests are quantified inside each goal ("for every φ: φ ∈ [0, 1]^n ∧ β_I ≤ t ⇒ …"), so
    every goal's hypotheses are the paper's."""
    e, a, d, t = _ε, _α, delta, _t
    x, w, b = sympy.symbols("x w beta", real=True)
    if d == 0:
        p, q, order, free = [w * x, b, w], [w, b, w * x], [2, 1, 0], []
        dom = [x >= 1, w >= 0, b >= 0, sympy.Eq(w * (1 + x) + b, 1), t >= 0, t <= 1]
        paper = [e >= 0, a >= 0, a <= 1, t >= 0, t <= 1]
    else:
        p, q, order, free = [d, w * x, b, w, 0], [0, w, b, w * x, d], [3, 2, 1, 0], [4]  # P0 = 0 on outcome 4
        dom = [x >= 1, d > 0, d <= 1, w >= 0, b >= 0, sympy.Eq(d + w * (1 + x) + b, 1), t >= 0, t <= 1]
        paper = [e >= 0, d > 0, d <= 1, a >= 0, a <= 1, t >= 0, t <= 1]
    eta = d + w * (x - 1)
    region = sympy.Max(0, 1 - d - x * t, (1 - d - t) / x, 1 - eta - t)
    size = len(p)
    level = lambda phi: (sympy.Add(*[f * m for f, m in zip(phi, p)]), 1 - sympy.Add(*[f * m for f, m in zip(phi, q)]))
    phi = sympy.symbols(f"phi1:{size + 1}", real=True)
    first, second = level(phi)
    # the test is quantified inside the goal: for every φ ∈ [0, 1]^n with β_I ≤ t, β_II ≥ the line
    is_test = sympy.And(*[c for f in phi for c in (f >= 0, f <= 1)], first <= t)
    each = lambda rel, i: kernel.decide(kernel.goal(rel, [*dom, phi[i] >= 0, phi[i] <= 1]))
    rows = range(size)
    gains = order[:1] + free  # the outcomes where P1 ≥ P0: (P1 − P0)₊ = P1 − P0 there, 0 elsewhere
    pointwise = [[each(phi[i] * q[i] <= q[i], i) for i in rows],
                 [each(phi[i] * q[i] <= x * (phi[i] * p[i]) + (q[i] if p[i] == 0 else 0), i) for i in rows],
                 [each(x * (q[i] - phi[i] * q[i]) >= (p[i] - phi[i] * p[i]) - (p[i] if q[i] == 0 else 0), i) for i in rows],
                 [each(phi[i] * q[i] - phi[i] * p[i] <= (q[i] - p[i] if i in gains else 0), i) for i in rows]]
    for_every = lambda rel: sympy.Or(sympy.Not(is_test), rel)
    scaled = kernel.decide(kernel.goal(for_every(x * second >= 1 - d - t), dom), *pointwise[2])
    lines = [kernel.decide(kernel.goal(for_every(second >= 0), dom), *pointwise[0]),
             kernel.decide(kernel.goal(for_every(second >= 1 - d - x * t), dom), *pointwise[1]),
             kernel.decide(kernel.goal(for_every(second >= (1 - d - t) / x), dom), scaled),
             kernel.decide(kernel.goal(for_every(second >= 1 - eta - t), dom), *pointwise[3])]
    steps = [kernel.decide(kernel.goal(for_every(second >= region), dom), *lines,
                           detail="every test φ ∈ [0, 1]^n with β_I ≤ t has β_II ≥ f_{ε,δ,η}(t)")]
    lam = sympy.Symbol("lambda", real=True)
    start = sympy.Integer(0)
    for k, i in enumerate(order):
        test = [sympy.Integer(1) if j in free or j in order[:k] else sympy.Integer(0) for j in rows]
        test[i] = lam
        first, second = level(test)
        goal = kernel.goal(sympy.Or(sympy.Not(sympy.And(lam >= 0, lam <= 1)), sympy.Eq(second, region.xreplace({t: first}))),
                           dom)
        steps.append(kernel.decide(goal, detail=f"the likelihood-ratio tests rejecting on the outcomes before {i} and on {i} "
                                                f"with probability λ ∈ [0, 1] have β_I = {first} (all of [{start}, "
                                                f"{start + p[i]}]) and β_II = f_{{ε,δ,η}}(β_I)"))
        start = start + p[i]
    at = {x: sympy.exp(e), w: (1 - d) * (1 - a) / (1 + sympy.exp(e)), b: a * (1 - d)}
    one = prove(sympy.exp(e) - 1, e, 0, sympy.oo, "e^ε ≥ 1 for ε ≥ 0")
    written = []
    for step in steps:
        placed = kernel.instantiate(step, at, [*paper, sympy.exp(e) - 1 >= 0],
                                    detail="at x = e^ε, w = (1 − δ)(1 − α)/(1 + e^ε), β = α(1 − δ): the pair as printed")
        written.append(kernel.apply(placed, one, detail="with e^ε ≥ 1 for ε ≥ 0"))
    return combine(*written, detail="Definition 2 for the pair: inf over tests of β_II subject to β_I ≤ t is "
                                    "f_{ε,δ,η}(t), attained")


_COROLLARY_1_PURE_DOMAIN = [_ε >= 0, _α >= 0, _α <= 1, _t >= 0, _t <= 1]


@claim(PAPER, "Corollary 1 (δ = 0, eq. 7)",
       "For δ = 0 the trade-off function of the dominating pair (7) is exactly f_{ε,0,η}(t) = "
       "max{0, 1 − e^ε t, e^{−ε}(1 − t), 1 − η − t}",
       domain=_COROLLARY_1_PURE_DOMAIN, stated_domain='ε ≥ 0, α ∈ [0, 1] (η = (1 − α)tanh(ε/2), so 0 ≤ η ≤ tanh(ε/2)), t ∈ [0, 1]', stated_where='Section III-C1, Corollary 1',
       quote=(r"It is easy to verify that f(P0,P1)𝑓subscript𝑃0subscript𝑃1f(P_{0},P_{1})italic_f ( italic_P "
              r"start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT , italic_P start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT ) exactly "
              r"achieves the region described in Corollary 1."))
def corollary_1_pure():
    numeric_lib, numeric_formula = [], []
    for x, n in ((2, Q(1, 5)), (3, Q(1, 4)), (Q(3, 2), Q(1, 10))):
        pair = dominating(sympy.log(x), 0, n)
        for t in (0, Q(1, 20), Q(1, 8), Q(1, 3), Q(1, 2), Q(3, 4), 1):
            numeric_lib.append(pair.tradeoff(t))
            numeric_formula.append(f_region(x, 0, n, t))
    return establish(_tradeoff_proof(0), exact_agreement(numeric_lib, numeric_formula,
                                                       "library trade-off of dominating(ε,0,η) = f_{ε,0,η} at 21 rational points"),
                     domain=_COROLLARY_1_PURE_DOMAIN)


_COROLLARY_1_DOMAIN = [_ε >= 0, _δ > 0, _δ <= 1, _α >= 0, _α <= 1, _t >= 0, _t <= 1]


@claim(PAPER, "Corollary 1 (δ > 0, eqs. 43–44)",
       "For δ > 0 the trade-off function of the 5-point pair (43)–(44) equals f_{ε,δ,η} exactly",
       domain=_COROLLARY_1_DOMAIN, stated_domain='ε ≥ 0, δ ∈ (0, 1], α ∈ [0, 1] (η = δ + (1 − δ)(1 − α)tanh(ε/2)), t ∈ [0, 1]', stated_where='Section III-C1, Corollary 1 and Appendix F',
       quote=(r"Generalizing the result to approximate differential privacy requires the following (dominating) "
              r"mechanism, which outputs an integer sampled from P0subscript𝑃0P_{0}italic_P start_POSTSUBSCRIPT 0 "
              r"end_POSTSUBSCRIPT when the true database is D0subscript𝐷0D_{0}italic_D start_POSTSUBSCRIPT 0 "
              r"end_POSTSUBSCRIPT (null hypothesis) and from P1subscript𝑃1P_{1}italic_P start_POSTSUBSCRIPT 1 "
              r"end_POSTSUBSCRIPT when the true database is D1subscript𝐷1D_{1}italic_D start_POSTSUBSCRIPT 1 "
              r"end_POSTSUBSCRIPT (alternative hypothesis). For ε0𝜀0\varepsilon\geq 0italic_ε ≥ 0, "
              r"δ>0𝛿0\delta>0italic_δ > 0, and α[0,1]𝛼01\alpha\in[0,1]italic_α ∈ [ 0 , 1 ], define: P0={δfor "
              r"x=0,(1δ)(1α)eε(1+eε)for x=1,α(1δ)for x=2,(1δ)(1α)(1+eε)for x=3,0for x=4,subscript𝑃0cases𝛿for "
              r"𝑥01𝛿1𝛼superscript𝑒𝜀1superscript𝑒𝜀for 𝑥1𝛼1𝛿for 𝑥21𝛿1𝛼1superscript𝑒𝜀for 𝑥30for 𝑥4\displaystyle "
              r"P_{0}=\begin{cases}\delta&\text{for }x=0,\\ "
              r"\frac{(1-\delta)(1-\alpha)e^{\varepsilon}}{(1+e^{\varepsilon})}&\text{for }x=1% ,\\ "
              r"\alpha(1-\delta)&\text{for }x=2,\\ \frac{(1-\delta)(1-\alpha)}{(1+e^{\varepsilon})}&\text{for "
              r"}x=3,\\ 0&\text{for }x=4,\end{cases}italic_P start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT = { start_ROW "
              r"start_CELL italic_δ end_CELL start_CELL for italic_x = 0 , end_CELL end_ROW start_ROW start_CELL "
              r"divide start_ARG ( 1 - italic_δ ) ( 1 - italic_α ) italic_e start_POSTSUPERSCRIPT italic_ε "
              r"end_POSTSUPERSCRIPT end_ARG start_ARG ( 1 + italic_e start_POSTSUPERSCRIPT italic_ε "
              r"end_POSTSUPERSCRIPT ) end_ARG end_CELL start_CELL for italic_x = 1 , end_CELL end_ROW start_ROW "
              r"start_CELL italic_α ( 1 - italic_δ ) end_CELL start_CELL for italic_x = 2 , end_CELL end_ROW "
              r"start_ROW start_CELL divide start_ARG ( 1 - italic_δ ) ( 1 - italic_α ) end_ARG start_ARG ( 1 + "
              r"italic_e start_POSTSUPERSCRIPT italic_ε end_POSTSUPERSCRIPT ) end_ARG end_CELL start_CELL for "
              r"italic_x = 3 , end_CELL end_ROW start_ROW start_CELL 0 end_CELL start_CELL for italic_x = 4 , "
              r"end_CELL end_ROW (43) and P1={0for x=0,(1δ)(1α)(1+eε)for x=1,α(1δ)for x=2,(1δ)(1α)eε(1+eε)for "
              r"x=3,δfor x=4.subscript𝑃1cases0for 𝑥01𝛿1𝛼1superscript𝑒𝜀for 𝑥1𝛼1𝛿for "
              r"𝑥21𝛿1𝛼superscript𝑒𝜀1superscript𝑒𝜀for 𝑥3𝛿for 𝑥4\displaystyle P_{1}=\begin{cases}0&\text{for }x=0,\\ "
              r"\frac{(1-\delta)(1-\alpha)}{(1+e^{\varepsilon})}&\text{for }x=1,\\ \alpha(1-\delta)&\text{for "
              r"}x=2,\\ \frac{(1-\delta)(1-\alpha)e^{\varepsilon}}{(1+e^{\varepsilon})}&\text{for }x=3% ,\\ "
              r"\delta&\text{for }x=4.\end{cases}italic_P start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT = { start_ROW "
              r"start_CELL 0 end_CELL start_CELL for italic_x = 0 , end_CELL end_ROW start_ROW start_CELL divide "
              r"start_ARG ( 1 - italic_δ ) ( 1 - italic_α ) end_ARG start_ARG ( 1 + italic_e start_POSTSUPERSCRIPT "
              r"italic_ε end_POSTSUPERSCRIPT ) end_ARG end_CELL start_CELL for italic_x = 1 , end_CELL end_ROW "
              r"start_ROW start_CELL italic_α ( 1 - italic_δ ) end_CELL start_CELL for italic_x = 2 , end_CELL "
              r"end_ROW start_ROW start_CELL divide start_ARG ( 1 - italic_δ ) ( 1 - italic_α ) italic_e "
              r"start_POSTSUPERSCRIPT italic_ε end_POSTSUPERSCRIPT end_ARG start_ARG ( 1 + italic_e "
              r"start_POSTSUPERSCRIPT italic_ε end_POSTSUPERSCRIPT ) end_ARG end_CELL start_CELL for italic_x = 3 , "
              r"end_CELL end_ROW start_ROW start_CELL italic_δ end_CELL start_CELL for italic_x = 4 . end_CELL "
              r"end_ROW (44) The total variation of the above mechanism is "
              r"dTV=δ+(1δ)(1α)(eε1)1+eεsubscript𝑑𝑇𝑉𝛿1𝛿1𝛼superscript𝑒𝜀11superscript𝑒𝜀d_{TV}=\delta+\frac{(1-\delta)(1-\alpha)(e^{\varepsilon}-1)}{1+e^{\varepsilon}}italic_d "
              r"start_POSTSUBSCRIPT italic_T italic_V end_POSTSUBSCRIPT = italic_δ + divide start_ARG ( 1 - italic_δ "
              r") ( 1 - italic_α ) ( italic_e start_POSTSUPERSCRIPT italic_ε end_POSTSUPERSCRIPT - 1 ) end_ARG "
              r"start_ARG 1 + italic_e start_POSTSUPERSCRIPT italic_ε end_POSTSUPERSCRIPT end_ARG."))
def corollary_1_approx():
    lib, indep, formula = [], [], []
    for x, d, n in ((2, Q(1, 10), Q(3, 10)), (3, Q(1, 20), Q(2, 5)), (Q(3, 2), Q(1, 5), Q(1, 4)), (4, Q(1, 10), Q(1, 10))):
        a = erasure_mass(sympy.log(x), d, n)
        p, q = dominating_masses(sympy.Rational(x), a, d)
        pair = dominating(sympy.log(x), d, n)
        ts = sorted({v[0] for v in roc_vertices(p, q)} | {Q(1, 9), Q(1, 4), Q(1, 2), Q(2, 3)})
        for t in ts:
            lib.append(pair.tradeoff(t))
            indep.append(roc_dual(p, q, t))
            formula.append(f_region(x, d, n, t))
    return establish(_tradeoff_proof(_δ),
                     exact_agreement(lib + indep, formula * 2, "4 parameter sets (e^ε, δ, η) incl. η = δ, at every NP vertex "
                                     "and 4 more t: library trade-off and the LP-dual ROC of (43)–(44) equal f_{ε,δ,η}"),
                     domain=_COROLLARY_1_DOMAIN)


@claim(PAPER, "Remark 1",
       "β_I + β_II ≥ 2(1−δ)/(1+e^ε) = 1 − (δ + (1−δ)(e^ε−1)/(e^ε+1)): η above δ + (1−δ)tanh(ε/2) adds nothing",
       domain=[_ε >= 0, _δ >= 0, _δ < 1], stated_domain='ε ≥ 0, δ ∈ [0, 1)', stated_where='Section III, Remark 1',
       quote=(r"Remark 1 The maximum possible value for η𝜂\etaitalic_η can be seen from the region in Figure 1, "
              r"where "
              r"βI+βII2(1δ)1+eε=1(δ+(1δ)eε1eε+1)subscript𝛽Isubscript𝛽II21𝛿1superscript𝑒𝜀1𝛿1𝛿superscript𝑒𝜀1superscript𝑒𝜀1\beta_{\mathrm{I}}+\beta_{\mathrm{II}}\geq\frac{2(1-\delta)}{1+e^{\varepsilon}% "
              r"}=1-\left(\delta+(1-\delta)\frac{e^{\varepsilon}-1}{e^{\varepsilon}+1}\right)italic_β "
              r"start_POSTSUBSCRIPT roman_I end_POSTSUBSCRIPT + italic_β start_POSTSUBSCRIPT roman_II "
              r"end_POSTSUBSCRIPT ≥ divide start_ARG 2 ( 1 - italic_δ ) end_ARG start_ARG 1 + italic_e "
              r"start_POSTSUPERSCRIPT italic_ε end_POSTSUPERSCRIPT end_ARG = 1 - ( italic_δ + ( 1 - italic_δ ) "
              r"divide start_ARG italic_e start_POSTSUPERSCRIPT italic_ε end_POSTSUPERSCRIPT - 1 end_ARG start_ARG "
              r"italic_e start_POSTSUPERSCRIPT italic_ε end_POSTSUPERSCRIPT + 1 end_ARG )."))
def remark_1():
    """The region of Figure 1 is {(β_I, β_II): β_I + e^ε β_II ≥ 1 − δ, e^ε β_I + β_II ≥ 1 − δ}; adding the two
    lines, (1 + e^ε)(β_I + β_II) ≥ 2(1 − δ) (decided), and the printed identity. So an η-line t + f ≥ 1 − η
    with η ≥ δ + (1 − δ)tanh(ε/2) holds on the whole region: it adds nothing."""
    t, f, e, d = _t, sympy.Symbol("f", real=True), _ε, _δ
    x = sympy.exp(e)
    outside = sympy.Not(sympy.And(t + x * f >= 1 - d, x * t + f >= 1 - d))  # the point (t, f) is not in the region
    paper = [e >= 0, d >= 0, d < 1]
    bound = kernel.decide(kernel.goal(sympy.Or(outside, t + f >= 2 * (1 - d) / (1 + x)), paper),
                          detail="β_I + β_II ≥ 2(1 − δ)/(1 + e^ε) at every point of the region of Figure 1 (the sum of "
                                 "its two lines)")
    printed = identity(2 * (1 - d) / (1 + x), 1 - (d + (1 - d) * (x - 1) / (x + 1)), "the printed identity")
    eta = sympy.Symbol("eta", real=True)
    nothing = kernel.decide(kernel.goal(sympy.Or(outside, eta < d + (1 - d) * (x - 1) / (x + 1), t + f >= 1 - eta), paper),
                            bound, detail="an η-line with η ≥ δ + (1 − δ)tanh(ε/2) holds on the whole region")
    return establish(combine(bound, printed, nothing, detail="β_I + β_II ≥ 2(1 − δ)/(1 + e^ε) on the region of Figure 1"),
                     domain=[_ε >= 0, _δ >= 0, _δ < 1])


@claim(PAPER, "Remark 2",
       "Jia et al.'s ε = log((1+η)/(1−η)) is η = tanh(ε/2), the pure ε-DP case (α = 0) already covered by KOV",
       domain=[_η >= 0, _η < 1], stated_domain='η ∈ [0, 1)', stated_where='Section III, Remark 2',
       quote=(r"Remark 2 Jia et al. [15, Theorem 12] derived the k𝑘kitalic_k-fold composition for any η𝜂\etaitalic_η "
              r"with ε=log1+η1η𝜀1𝜂1𝜂\varepsilon=\log\frac{1+\eta}{1-\eta}italic_ε = roman_log divide start_ARG 1 + "
              r"italic_η end_ARG start_ARG 1 - italic_η end_ARG. However, this reduces to the standard "
              r"ε𝜀\varepsilonitalic_ε-DP setting "
              r"(η=eε1eε+1𝜂superscript𝑒𝜀1superscript𝑒𝜀1\eta=\frac{e^{\varepsilon}-1}{e^{\varepsilon}+1}italic_η = "
              r"divide start_ARG italic_e start_POSTSUPERSCRIPT italic_ε end_POSTSUPERSCRIPT - 1 end_ARG start_ARG "
              r"italic_e start_POSTSUPERSCRIPT italic_ε end_POSTSUPERSCRIPT + 1 end_ARG), which has already been "
              r"derived by Kairouz et al[7]. The same applies to [15, Theorem 18]. Hence, contrary to our result, "
              r"the η𝜂\etaitalic_η parameter is not used to further bound the privacy region and obtain tighter "
              r"composition results."))
def remark_2():
    eps = sympy.log((1 + _η) / (1 - _η))
    x = sympy.exp(eps)
    return establish(combine(identity((x - 1) / (x + 1), _η, "(e^ε − 1)/(e^ε + 1) = η at ε = log((1+η)/(1−η))"),
                             identity(x - 1 - _η * (x + 1), 0, "so the erasure mass α = 1 − η(e^ε + 1)/(e^ε − 1) is 0: "
                                      "α(e^ε − 1) = e^ε − 1 − η(e^ε + 1) = 0 (e^ε > 1 for η > 0; η = 0 is ε = 0)"),
                             detail="Jia et al.'s ε is the pure ε-DP case η = tanh(ε/2)"),
                     certified_agreement(eps.subs(_η, Q(3, 10)), published("0.619039208406223"), 12,
                                         "η = 0.3 gives ε = log(13/7) = 0.61903920840622343… (a reference list rounds it to "
                                         "…2235; correctly rounded it is …2234)"),
                     domain=[_η >= 0, _η < 1])


# --------------------------------------------------------------------------------------------
# Theorem 2


#: The counting steps of eq. (5) for every k that no goal states (their identities, built with sympy's
#: gammasimp and ceiling, had collapsed to 1 = 1 and m = m before they became goals).
EQ5_COUNTING = ["the k-fold pair (7) has its sequences grouped by (n₊, a, l), the numbers of outcomes of ratio e^ε, 1 "
                "and e^{−ε}: a class has k!/(n₊! a! l!) = C(k,a)C(k−a,l) sequences, all with the same contribution, so "
                "max_S P̃0(S) − e^{jε}P̃1(S) = Σ over sequences of (P̃0 − e^{jε}P̃1)₊ is the sum over classes",
                "the positive contributions are those with k − a − l > j + l, i.e. l ≤ ⌈(k−j−a)/2⌉ − 1 (and then "
                "a ≤ k − j − 1): eq. (5)'s limits"]


def _eq5_every_k():
    """Eq. (5) for every k, by counting: a sequence of the k-fold pair (7) with n₊ = k−a−l outcomes of
    ratio x, a erasures and l of ratio 1/x contributes P̃0 − x^j P̃1 = α^a u^{k−a}(x^{k−a−l} − x^{j+l}) (an
    identity), which (x > 1) is positive iff k − a − l > j + l (x^m − x^n has the sign of m − n, decided); the
    counting of the classes and eq. (5)'s limits are :data:`EQ5_COUNTING` (words)."""
    k, a, l, j = sympy.symbols("k a l j", integer=True, nonnegative=True)
    u = sympy.Symbol("u", positive=True)  # (1 − α)/(1 + x) > 0 for α < 1
    p0 = (u * X) ** (k - a - l) * ALPHA ** a * u ** l
    p1 = u ** (k - a - l) * ALPHA ** a * (u * X) ** l
    return combine(
        identity(p0 - X ** j * p1, u ** (k - a) * ALPHA ** a * (X ** (k - l - a) - X ** (l + j)),
                 "each sequence of the class contributes eq. (5)'s summand α^a u^{k−a}(x^{k−l−a} − x^{l+j})"),
        rational_nonnegative(X ** 2 - X, X, 1, sympy.oo, "x^{n+1} − x^n = x^n(x − 1) ≥ 0 for x ≥ 1: x^m − x^n has the sign "
                             "of m − n"))


_THEOREM_2_DOMAIN = [Integer("k", 1), _ε > 0, sympy.Eq(_δ, 0), _η >= 0, _η <= sympy.tanh(_ε / 2)]


@claim(PAPER, "Theorem 2 (eq. 5)",
       "δ_j = max_S P̃0(S) − e^{jε}P̃1(S) for the k-fold dominating pair (7) equals the double sum (5), "
       "for all k ≥ 1 and j = 0..k, as rational functions of x = e^ε and α",
       supersedes="tv-dp:theorem-2-eq-5-k-le-6",
       domain=_THEOREM_2_DOMAIN, stated_domain='every k ≥ 1, ε > 0, δ = 0, 0 ≤ η ≤ tanh(ε/2)', stated_where='Section III, Theorem 2, eq. (5)',
       quote=(r"Theorem 2 For any ε0𝜀0\varepsilon\geq 0italic_ε ≥ 0, δ[0,1]𝛿01\delta\in[0,1]italic_δ ∈ [ 0 , 1 ], "
              r"and "
              r"η[δ,δ+(eε1)(1δ)1+eε]𝜂𝛿𝛿superscript𝑒𝜀11𝛿1superscript𝑒𝜀\eta\in[\delta,\delta+\frac{(e^{\varepsilon}-1)(1-\delta)}{1+e^{\varepsilon}}]italic_η "
              r"∈ [ italic_δ , italic_δ + divide start_ARG ( italic_e start_POSTSUPERSCRIPT italic_ε "
              r"end_POSTSUPERSCRIPT - 1 ) ( 1 - italic_δ ) end_ARG start_ARG 1 + italic_e start_POSTSUPERSCRIPT "
              r"italic_ε end_POSTSUPERSCRIPT end_ARG ], the class of (ε,δ)𝜀𝛿(\varepsilon,\delta)( italic_ε , "
              r"italic_δ )-differentially private and η𝜂\etaitalic_η-total variation mechanisms satisfies "
              r"(jε,1(1δ)k(1δj))-differential privacy with𝑗𝜀1superscript1𝛿𝑘1subscript𝛿𝑗-differential privacy "
              r"with\displaystyle(j\varepsilon,1-(1-\delta)^{k}(1-\delta_{j}))\text{-differential % privacy with }( "
              r"italic_j italic_ε , 1 - ( 1 - italic_δ ) start_POSTSUPERSCRIPT italic_k end_POSTSUPERSCRIPT ( 1 - "
              r"italic_δ start_POSTSUBSCRIPT italic_j end_POSTSUBSCRIPT ) ) -differential privacy with "
              r"dTV=1(1δ)k(1δ0)subscript𝑑𝑇𝑉1superscript1𝛿𝑘1subscript𝛿0\displaystyle "
              r"d_{TV}=1-(1-\delta)^{k}(1-\delta_{0})italic_d start_POSTSUBSCRIPT italic_T italic_V "
              r"end_POSTSUBSCRIPT = 1 - ( 1 - italic_δ ) start_POSTSUPERSCRIPT italic_k end_POSTSUPERSCRIPT ( 1 - "
              r"italic_δ start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT ) under k𝑘kitalic_k-fold adaptive composition, for "
              r"all j{0,1,,k}𝑗01𝑘j\in\{0,1,...,k\}italic_j ∈ { 0 , 1 , … , italic_k }, where "
              r"δj=a=0kj1(ka)=0kja21subscript𝛿𝑗superscriptsubscript𝑎0𝑘𝑗1binomial𝑘𝑎superscriptsubscript0𝑘𝑗𝑎21\displaystyle\delta_{j}=\!\!\sum_{a=0}^{k-j-1}\!\!{k\choose "
              r"a}\!\!\sum_{\ell=0% }^{\lceil\frac{k-j-a}{2}\rceil-1}italic_δ start_POSTSUBSCRIPT italic_j "
              r"end_POSTSUBSCRIPT = ∑ start_POSTSUBSCRIPT italic_a = 0 end_POSTSUBSCRIPT start_POSTSUPERSCRIPT "
              r"italic_k - italic_j - 1 end_POSTSUPERSCRIPT ( binomial start_ARG italic_k end_ARG start_ARG italic_a "
              r"end_ARG ) ∑ start_POSTSUBSCRIPT roman_ℓ = 0 end_POSTSUBSCRIPT start_POSTSUPERSCRIPT ⌈ divide "
              r"start_ARG italic_k - italic_j - italic_a end_ARG start_ARG 2 end_ARG ⌉ - 1 end_POSTSUPERSCRIPT "
              r"(ka)(1α1+eε)ka\displaystyle{k-a\choose\ell}\left(\frac{1-\alpha}{1+e^{\varepsilon}}\right)^{% "
              r"k-a}\cdot( binomial start_ARG italic_k - italic_a end_ARG start_ARG roman_ℓ end_ARG ) ( divide "
              r"start_ARG 1 - italic_α end_ARG start_ARG 1 + italic_e start_POSTSUPERSCRIPT italic_ε "
              r"end_POSTSUPERSCRIPT end_ARG ) start_POSTSUPERSCRIPT italic_k - italic_a end_POSTSUPERSCRIPT ⋅ "
              r"αa(e(ka)εe(+j)ε)superscript𝛼𝑎superscript𝑒𝑘𝑎𝜀superscript𝑒𝑗𝜀\displaystyle\alpha^{a}\left(e^{(k-\ell-a)\varepsilon}-e^{(\ell+j)\varepsilon}\right)italic_α "
              r"start_POSTSUPERSCRIPT italic_a end_POSTSUPERSCRIPT ( italic_e start_POSTSUPERSCRIPT ( italic_k - "
              r"roman_ℓ - italic_a ) italic_ε end_POSTSUPERSCRIPT - italic_e start_POSTSUPERSCRIPT ( roman_ℓ + "
              r"italic_j ) italic_ε end_POSTSUPERSCRIPT ) (5) and "
              r"α=1(ηδ)(1+eε)(1δ)(eε1)𝛼1𝜂𝛿1superscript𝑒𝜀1𝛿superscript𝑒𝜀1\displaystyle\alpha=1-\frac{(\eta-\delta)(1+e^{\varepsilon})}{(1-\delta)(e^{% "
              r"\varepsilon}-1)}italic_α = 1 - divide start_ARG ( italic_η - italic_δ ) ( 1 + italic_e "
              r"start_POSTSUPERSCRIPT italic_ε end_POSTSUPERSCRIPT ) end_ARG start_ARG ( 1 - italic_δ ) ( italic_e "
              r"start_POSTSUPERSCRIPT italic_ε end_POSTSUPERSCRIPT - 1 ) end_ARG."))
def theorem_2_symbolic():
    brute, paper, mine = [], [], []
    for k in range(1, 7):
        for j in range(k + 1):
            brute.append(sympy.factor(enumerate_delta(k, j, X, ALPHA)))
            paper.append(sympy.factor(theorem2_delta(j, k, LOG_X, ALPHA)))
            mine.append(sympy.factor(eq5(j, k, X, ALPHA)))
    return establish(_eq5_every_k(),
                     identity(brute, mine, "enumeration of all 3^k sequences (k = 1..6, 27 (k, j) pairs) against an "
                              "independent transcription of eq. (5), symbolic in x > 1 and α"),
                     identity(mine, paper, "the library's eq. (5) against the transcription"),
                     domain=_THEOREM_2_DOMAIN, prose_steps=EQ5_COUNTING)


@claim(PAPER, "Theorem 2 (lattice composition), k ≤ 40",
       "composed_deltas (exact privacy-loss lattice convolution) equals eq. (5) at rational e^ε, α, for k up to 40",
       stated_domain='every k ≥ 1, ε ≥ 0, 0 ≤ η ≤ tanh(ε/2)', stated_where='Section III, Theorem 2',
       quote=(r"Theorem 2 For any ε0𝜀0\varepsilon\geq 0italic_ε ≥ 0, δ[0,1]𝛿01\delta\in[0,1]italic_δ ∈ [ 0 , 1 ], "
              r"and "
              r"η[δ,δ+(eε1)(1δ)1+eε]𝜂𝛿𝛿superscript𝑒𝜀11𝛿1superscript𝑒𝜀\eta\in[\delta,\delta+\frac{(e^{\varepsilon}-1)(1-\delta)}{1+e^{\varepsilon}}]italic_η "
              r"∈ [ italic_δ , italic_δ + divide start_ARG ( italic_e start_POSTSUPERSCRIPT italic_ε "
              r"end_POSTSUPERSCRIPT - 1 ) ( 1 - italic_δ ) end_ARG start_ARG 1 + italic_e start_POSTSUPERSCRIPT "
              r"italic_ε end_POSTSUPERSCRIPT end_ARG ], the class of (ε,δ)𝜀𝛿(\varepsilon,\delta)( italic_ε , "
              r"italic_δ )-differentially private and η𝜂\etaitalic_η-total variation mechanisms satisfies "
              r"(jε,1(1δ)k(1δj))-differential privacy with𝑗𝜀1superscript1𝛿𝑘1subscript𝛿𝑗-differential privacy "
              r"with\displaystyle(j\varepsilon,1-(1-\delta)^{k}(1-\delta_{j}))\text{-differential % privacy with }( "
              r"italic_j italic_ε , 1 - ( 1 - italic_δ ) start_POSTSUPERSCRIPT italic_k end_POSTSUPERSCRIPT ( 1 - "
              r"italic_δ start_POSTSUBSCRIPT italic_j end_POSTSUBSCRIPT ) ) -differential privacy with "
              r"dTV=1(1δ)k(1δ0)subscript𝑑𝑇𝑉1superscript1𝛿𝑘1subscript𝛿0\displaystyle "
              r"d_{TV}=1-(1-\delta)^{k}(1-\delta_{0})italic_d start_POSTSUBSCRIPT italic_T italic_V "
              r"end_POSTSUBSCRIPT = 1 - ( 1 - italic_δ ) start_POSTSUPERSCRIPT italic_k end_POSTSUPERSCRIPT ( 1 - "
              r"italic_δ start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT ) under k𝑘kitalic_k-fold adaptive composition, for "
              r"all j{0,1,,k}𝑗01𝑘j\in\{0,1,...,k\}italic_j ∈ { 0 , 1 , … , italic_k }, where "
              r"δj=a=0kj1(ka)=0kja21subscript𝛿𝑗superscriptsubscript𝑎0𝑘𝑗1binomial𝑘𝑎superscriptsubscript0𝑘𝑗𝑎21\displaystyle\delta_{j}=\!\!\sum_{a=0}^{k-j-1}\!\!{k\choose "
              r"a}\!\!\sum_{\ell=0% }^{\lceil\frac{k-j-a}{2}\rceil-1}italic_δ start_POSTSUBSCRIPT italic_j "
              r"end_POSTSUBSCRIPT = ∑ start_POSTSUBSCRIPT italic_a = 0 end_POSTSUBSCRIPT start_POSTSUPERSCRIPT "
              r"italic_k - italic_j - 1 end_POSTSUPERSCRIPT ( binomial start_ARG italic_k end_ARG start_ARG italic_a "
              r"end_ARG ) ∑ start_POSTSUBSCRIPT roman_ℓ = 0 end_POSTSUBSCRIPT start_POSTSUPERSCRIPT ⌈ divide "
              r"start_ARG italic_k - italic_j - italic_a end_ARG start_ARG 2 end_ARG ⌉ - 1 end_POSTSUPERSCRIPT "
              r"(ka)(1α1+eε)ka\displaystyle{k-a\choose\ell}\left(\frac{1-\alpha}{1+e^{\varepsilon}}\right)^{% "
              r"k-a}\cdot( binomial start_ARG italic_k - italic_a end_ARG start_ARG roman_ℓ end_ARG ) ( divide "
              r"start_ARG 1 - italic_α end_ARG start_ARG 1 + italic_e start_POSTSUPERSCRIPT italic_ε "
              r"end_POSTSUPERSCRIPT end_ARG ) start_POSTSUPERSCRIPT italic_k - italic_a end_POSTSUPERSCRIPT ⋅ "
              r"αa(e(ka)εe(+j)ε)superscript𝛼𝑎superscript𝑒𝑘𝑎𝜀superscript𝑒𝑗𝜀\displaystyle\alpha^{a}\left(e^{(k-\ell-a)\varepsilon}-e^{(\ell+j)\varepsilon}\right)italic_α "
              r"start_POSTSUPERSCRIPT italic_a end_POSTSUPERSCRIPT ( italic_e start_POSTSUPERSCRIPT ( italic_k - "
              r"roman_ℓ - italic_a ) italic_ε end_POSTSUPERSCRIPT - italic_e start_POSTSUPERSCRIPT ( roman_ℓ + "
              r"italic_j ) italic_ε end_POSTSUPERSCRIPT ) (5) and "
              r"α=1(ηδ)(1+eε)(1δ)(eε1)𝛼1𝜂𝛿1superscript𝑒𝜀1𝛿superscript𝑒𝜀1\displaystyle\alpha=1-\frac{(\eta-\delta)(1+e^{\varepsilon})}{(1-\delta)(e^{% "
              r"\varepsilon}-1)}italic_α = 1 - divide start_ARG ( italic_η - italic_δ ) ( 1 + italic_e "
              r"start_POSTSUPERSCRIPT italic_ε end_POSTSUPERSCRIPT ) end_ARG start_ARG ( 1 - italic_δ ) ( italic_e "
              r"start_POSTSUPERSCRIPT italic_ε end_POSTSUPERSCRIPT - 1 ) end_ARG."))
def theorem_2_lattice():
    lattice, closed, pld = [], [], []
    for x, eta, ks in ((2, Q(7, 30), (1, 3, 7, 20, 40)), (3, Q(1, 4), (2, 5, 12, 33)), (Q(5, 4), Q(1, 20), (4, 17))):
        a = erasure_mass(sympy.log(x), 0, eta)
        for k in ks:
            lattice += composed_deltas(sympy.log(x), 0, eta, k)
            closed += [theorem2_delta(j, k, sympy.log(x), a) for j in range(k + 1)]
            pld += pld_deltas(k, sympy.Rational(x), a)
    vectors = composed_deltas(sympy.log(3), 0, Q(1, 4), 5) + composed_deltas(sympy.log(2), 0, Q(7, 30), 3)
    reference = [Q(4763, 8192), Q(705, 2048), Q(603, 4096), Q(81, 2048), Q(81, 16384), 0,
               Q(10129, 27000), Q(196, 1125), Q(343, 6750), 0]
    return establish(exact_agreement(lattice, closed, f"{len(closed)} δ_j: library lattice convolution vs eq. (5)"),
                     exact_agreement(pld, closed, "an independent O(k²) privacy-loss recursion vs eq. (5)"),
                     exact_agreement(vectors, reference, "reference test vectors (x=3, α=1/2, k=5) and (x=2, α=3/10, k=3)"),
                     domain="11 (e^ε, η, k) settings, k ≤ 40", stated_domain="k ≤ 40, rational e^ε, α")


def _delta_positive_every_k():
    """Appendix F for every k: a sequence of the 5-point pair with an outcome P0 cannot produce
    (P̃0 = 0) contributes (0 − x^j P̃1)₊ = 0; one with an outcome only P0 produces and none of the
    other has P̃1 = 0 and contributes P̃0 — together P̃0(no P1-only outcome) − P̃0(all middle) =
    1 − (1−δ)^k; an all-middle sequence has masses (1−δ)^k times those of the pair (7) and contributes
    (1−δ)^k times eq. (5)'s summand."""
    k = sympy.Symbol("k", integer=True, positive=True)
    dj, p_mid, q_mid = sympy.symbols("delta_j p q", nonnegative=True)
    return combine(
        identity((1 - _δ) ** k * p_mid - X ** sympy.Symbol("j") * (1 - _δ) ** k * q_mid,
                 (1 - _δ) ** k * (p_mid - X ** sympy.Symbol("j") * q_mid),
                 "an all-middle sequence: both masses carry (1−δ)^k"),
        identity((1 - 0) ** k - (1 - _δ) ** k + (1 - _δ) ** k * dj, 1 - (1 - _δ) ** k * (1 - dj),
                 "P̃0(no P1-only outcome) − P̃0(all middle) + (1−δ)^k δ_j = 1 − (1−δ)^k(1 − δ_j)"))


_THEOREM_2_APPROX_DOMAIN = [Integer("k", 1), _ε >= 0, _δ >= 0, _δ <= 1, _η >= _δ,
                            _η <= _δ + (1 - _δ) * sympy.tanh(_ε / 2)]


@claim(PAPER, "Theorem 2 (δ > 0, Appendix F)",
       "For the 5-point pair (43)–(44): max_S P̃0(S) − e^{jε}P̃1(S) = 1 − (1−δ)^k(1−δ_j) with δ_j of eq. (5), every k",
       supersedes="tv-dp:theorem-2-delta-gt-0-appendix-f-k-le-3",
       domain=_THEOREM_2_APPROX_DOMAIN,
       stated_domain='every k ≥ 1, ε ≥ 0, δ ∈ [0, 1], δ ≤ η ≤ δ + (1 − δ)tanh(ε/2)', stated_where='Section III, Theorem 2 and Appendix F',
       quote=(r"To see how the expression "
              r"maxS𝒳k{P0~(S)eεjP1~(S)}=1(1δ)k(1δj)subscript𝑆superscript𝒳𝑘~subscript𝑃0𝑆superscript𝑒subscript𝜀𝑗~subscript𝑃1𝑆1superscript1𝛿𝑘1subscript𝛿𝑗\max_{\begin{subarray}{c}S\in\mathcal{X}^{k}\end{subarray}}\{\tilde{P_{0}}(S)-% "
              r"e^{\varepsilon_{j}}\tilde{P_{1}}(S)\}=1-(1-\delta)^{k}(1-\delta_{j})roman_max start_POSTSUBSCRIPT "
              r"start_ARG start_ROW start_CELL italic_S ∈ caligraphic_X start_POSTSUPERSCRIPT italic_k "
              r"end_POSTSUPERSCRIPT end_CELL end_ROW end_ARG end_POSTSUBSCRIPT { over~ start_ARG italic_P "
              r"start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT end_ARG ( italic_S ) - italic_e start_POSTSUPERSCRIPT "
              r"italic_ε start_POSTSUBSCRIPT italic_j end_POSTSUBSCRIPT end_POSTSUPERSCRIPT over~ start_ARG italic_P "
              r"start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT end_ARG ( italic_S ) } = 1 - ( 1 - italic_δ ) "
              r"start_POSTSUPERSCRIPT italic_k end_POSTSUPERSCRIPT ( 1 - italic_δ start_POSTSUBSCRIPT italic_j "
              r"end_POSTSUBSCRIPT ) in Theorem 2 was derived, we split it into two parts "
              r"(p1+p2subscript𝑝1subscript𝑝2p_{1}+p_{2}italic_p start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT + italic_p "
              r"start_POSTSUBSCRIPT 2 end_POSTSUBSCRIPT), such that "
              r"p1=1(1δ)ksubscript𝑝11superscript1𝛿𝑘p_{1}=1-(1-\delta)^{k}italic_p start_POSTSUBSCRIPT 1 "
              r"end_POSTSUBSCRIPT = 1 - ( 1 - italic_δ ) start_POSTSUPERSCRIPT italic_k end_POSTSUPERSCRIPT and "
              r"p2=(1δ)kδjsubscript𝑝2superscript1𝛿𝑘subscript𝛿𝑗p_{2}=(1-\delta)^{k}\delta_{j}italic_p "
              r"start_POSTSUBSCRIPT 2 end_POSTSUBSCRIPT = ( 1 - italic_δ ) start_POSTSUPERSCRIPT italic_k "
              r"end_POSTSUPERSCRIPT italic_δ start_POSTSUBSCRIPT italic_j end_POSTSUBSCRIPT. We are interested in "
              r"the sequences sksubscript𝑠𝑘s_{k}italic_s start_POSTSUBSCRIPT italic_k end_POSTSUBSCRIPT that achieve "
              r"the inequality "
              r"P0~(sk)eε~P1~(sk)>0~subscript𝑃0subscript𝑠𝑘superscript𝑒~𝜀~subscript𝑃1subscript𝑠𝑘0\tilde{P_{0}}(s_{k})-e^{\tilde{\varepsilon}}\tilde{P_{1}}(s_{k})>0over~ "
              r"start_ARG italic_P start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT end_ARG ( italic_s start_POSTSUBSCRIPT "
              r"italic_k end_POSTSUBSCRIPT ) - italic_e start_POSTSUPERSCRIPT over~ start_ARG italic_ε end_ARG "
              r"end_POSTSUPERSCRIPT over~ start_ARG italic_P start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT end_ARG ( "
              r"italic_s start_POSTSUBSCRIPT italic_k end_POSTSUBSCRIPT ) > 0: • p1subscript𝑝1p_{1}italic_p "
              r"start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT: This inequality is satisfied for all output sequences in "
              r"which x=0𝑥0x=0italic_x = 0 appears at least once, because the probability of such a sequence under "
              r"P1subscript𝑃1P_{1}italic_P start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT is always 0. The probability of "
              r"obtaining a sequence with no “00”s under P0subscript𝑃0P_{0}italic_P start_POSTSUBSCRIPT 0 "
              r"end_POSTSUBSCRIPT is (1δ)ksuperscript1𝛿𝑘(1-\delta)^{k}( 1 - italic_δ ) start_POSTSUPERSCRIPT "
              r"italic_k end_POSTSUPERSCRIPT. Taking the complement to obtain the probability that a sequence "
              r"contains at least one “00” under P0subscript𝑃0P_{0}italic_P start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT, "
              r"we get p1=1(1δ)ksubscript𝑝11superscript1𝛿𝑘p_{1}=1-(1-\delta)^{k}italic_p start_POSTSUBSCRIPT 1 "
              r"end_POSTSUBSCRIPT = 1 - ( 1 - italic_δ ) start_POSTSUPERSCRIPT italic_k end_POSTSUPERSCRIPT. • "
              r"p2subscript𝑝2p_{2}italic_p start_POSTSUBSCRIPT 2 end_POSTSUBSCRIPT: We now consider the sequences "
              r"that do not contain a “00” and that lead to a positive "
              r"P0~(sk)eε~P1~(sk)~subscript𝑃0subscript𝑠𝑘superscript𝑒~𝜀~subscript𝑃1subscript𝑠𝑘\tilde{P_{0}}(s_{k})-e^{\tilde{\varepsilon}}\tilde{P_{1}}(s_{k})over~ "
              r"start_ARG italic_P start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT end_ARG ( italic_s start_POSTSUBSCRIPT "
              r"italic_k end_POSTSUBSCRIPT ) - italic_e start_POSTSUPERSCRIPT over~ start_ARG italic_ε end_ARG "
              r"end_POSTSUPERSCRIPT over~ start_ARG italic_P start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT end_ARG ( "
              r"italic_s start_POSTSUBSCRIPT italic_k end_POSTSUBSCRIPT ). We apply the same logic that we followed "
              r"in the case of δ=0𝛿0\delta=0italic_δ = 0. Factoring out (1δ)ksuperscript1𝛿𝑘(1-\delta)^{k}( 1 - "
              r"italic_δ ) start_POSTSUPERSCRIPT italic_k end_POSTSUPERSCRIPT from the result, we obtain "
              r"p2=(1δ)kδjsubscript𝑝2superscript1𝛿𝑘subscript𝛿𝑗p_{2}=(1-\delta)^{k}\delta_{j}italic_p "
              r"start_POSTSUBSCRIPT 2 end_POSTSUBSCRIPT = ( 1 - italic_δ ) start_POSTSUPERSCRIPT italic_k "
              r"end_POSTSUPERSCRIPT italic_δ start_POSTSUBSCRIPT italic_j end_POSTSUBSCRIPT."))
def theorem_2_approx():
    brute, formula = [], []
    for k in range(1, 4):
        for j in range(k + 1):
            brute.append(sympy.factor(enumerate_delta(k, j, X, ALPHA, DELTA)))
            formula.append(sympy.factor(1 - (1 - DELTA) ** k * (1 - theorem2_delta(j, k, LOG_X, ALPHA))))
    lib = composed_deltas(sympy.log(2), Q(1, 10), Q(31, 100), 2)
    return establish(combine(_delta_positive_every_k(), _eq5_every_k(), detail="the proof"),
                     identity(brute, formula, "enumeration of all 5^k sequences, k = 1..3, symbolic in x, α, δ"),
                     exact_agreement(lib, [Q(4357, 10000), Q(1391, 5000), Q(19, 100)],
                                     "library at x = 2, δ = 1/10, η = 31/100, k = 2 (reference test vector)"),
                     domain=_THEOREM_2_APPROX_DOMAIN, prose_steps=EQ5_COUNTING)


@claim(PAPER, "Theorem 2 (composed total variation)",
       "d_TV of the k-fold composition is 1 − (1−δ)^k(1−δ_0); at ε = 1, α = 0.3, k = 5 it is 0.631089674853377",
       domain=_THEOREM_2_APPROX_DOMAIN,
       stated_domain='every k ≥ 1, ε ≥ 0, δ ∈ [0, 1], δ ≤ η ≤ δ + (1 − δ)tanh(ε/2) (Theorem 2\'s range of η)',
       stated_where='Section III, Theorem 2',
       quote=(r"Theorem 2 For any ε0𝜀0\varepsilon\geq 0italic_ε ≥ 0, δ[0,1]𝛿01\delta\in[0,1]italic_δ ∈ [ 0 , 1 ], "
              r"and "
              r"η[δ,δ+(eε1)(1δ)1+eε]𝜂𝛿𝛿superscript𝑒𝜀11𝛿1superscript𝑒𝜀\eta\in[\delta,\delta+\frac{(e^{\varepsilon}-1)(1-\delta)}{1+e^{\varepsilon}}]italic_η "
              r"∈ [ italic_δ , italic_δ + divide start_ARG ( italic_e start_POSTSUPERSCRIPT italic_ε "
              r"end_POSTSUPERSCRIPT - 1 ) ( 1 - italic_δ ) end_ARG start_ARG 1 + italic_e start_POSTSUPERSCRIPT "
              r"italic_ε end_POSTSUPERSCRIPT end_ARG ], the class of (ε,δ)𝜀𝛿(\varepsilon,\delta)( italic_ε , "
              r"italic_δ )-differentially private and η𝜂\etaitalic_η-total variation mechanisms satisfies "
              r"(jε,1(1δ)k(1δj))-differential privacy with𝑗𝜀1superscript1𝛿𝑘1subscript𝛿𝑗-differential privacy "
              r"with\displaystyle(j\varepsilon,1-(1-\delta)^{k}(1-\delta_{j}))\text{-differential % privacy with }( "
              r"italic_j italic_ε , 1 - ( 1 - italic_δ ) start_POSTSUPERSCRIPT italic_k end_POSTSUPERSCRIPT ( 1 - "
              r"italic_δ start_POSTSUBSCRIPT italic_j end_POSTSUBSCRIPT ) ) -differential privacy with "
              r"dTV=1(1δ)k(1δ0)subscript𝑑𝑇𝑉1superscript1𝛿𝑘1subscript𝛿0\displaystyle "
              r"d_{TV}=1-(1-\delta)^{k}(1-\delta_{0})italic_d start_POSTSUBSCRIPT italic_T italic_V "
              r"end_POSTSUBSCRIPT = 1 - ( 1 - italic_δ ) start_POSTSUPERSCRIPT italic_k end_POSTSUPERSCRIPT ( 1 - "
              r"italic_δ start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT ) under k𝑘kitalic_k-fold adaptive composition, for "
              r"all j{0,1,,k}𝑗01𝑘j\in\{0,1,...,k\}italic_j ∈ { 0 , 1 , … , italic_k }, where "
              r"δj=a=0kj1(ka)=0kja21subscript𝛿𝑗superscriptsubscript𝑎0𝑘𝑗1binomial𝑘𝑎superscriptsubscript0𝑘𝑗𝑎21\displaystyle\delta_{j}=\!\!\sum_{a=0}^{k-j-1}\!\!{k\choose "
              r"a}\!\!\sum_{\ell=0% }^{\lceil\frac{k-j-a}{2}\rceil-1}italic_δ start_POSTSUBSCRIPT italic_j "
              r"end_POSTSUBSCRIPT = ∑ start_POSTSUBSCRIPT italic_a = 0 end_POSTSUBSCRIPT start_POSTSUPERSCRIPT "
              r"italic_k - italic_j - 1 end_POSTSUPERSCRIPT ( binomial start_ARG italic_k end_ARG start_ARG italic_a "
              r"end_ARG ) ∑ start_POSTSUBSCRIPT roman_ℓ = 0 end_POSTSUBSCRIPT start_POSTSUPERSCRIPT ⌈ divide "
              r"start_ARG italic_k - italic_j - italic_a end_ARG start_ARG 2 end_ARG ⌉ - 1 end_POSTSUPERSCRIPT "
              r"(ka)(1α1+eε)ka\displaystyle{k-a\choose\ell}\left(\frac{1-\alpha}{1+e^{\varepsilon}}\right)^{% "
              r"k-a}\cdot( binomial start_ARG italic_k - italic_a end_ARG start_ARG roman_ℓ end_ARG ) ( divide "
              r"start_ARG 1 - italic_α end_ARG start_ARG 1 + italic_e start_POSTSUPERSCRIPT italic_ε "
              r"end_POSTSUPERSCRIPT end_ARG ) start_POSTSUPERSCRIPT italic_k - italic_a end_POSTSUPERSCRIPT ⋅ "
              r"αa(e(ka)εe(+j)ε)superscript𝛼𝑎superscript𝑒𝑘𝑎𝜀superscript𝑒𝑗𝜀\displaystyle\alpha^{a}\left(e^{(k-\ell-a)\varepsilon}-e^{(\ell+j)\varepsilon}\right)italic_α "
              r"start_POSTSUPERSCRIPT italic_a end_POSTSUPERSCRIPT ( italic_e start_POSTSUPERSCRIPT ( italic_k - "
              r"roman_ℓ - italic_a ) italic_ε end_POSTSUPERSCRIPT - italic_e start_POSTSUPERSCRIPT ( roman_ℓ + "
              r"italic_j ) italic_ε end_POSTSUPERSCRIPT ) (5) and "
              r"α=1(ηδ)(1+eε)(1δ)(eε1)𝛼1𝜂𝛿1superscript𝑒𝜀1𝛿superscript𝑒𝜀1\displaystyle\alpha=1-\frac{(\eta-\delta)(1+e^{\varepsilon})}{(1-\delta)(e^{% "
              r"\varepsilon}-1)}italic_α = 1 - divide start_ARG ( italic_η - italic_δ ) ( 1 + italic_e "
              r"start_POSTSUPERSCRIPT italic_ε end_POSTSUPERSCRIPT ) end_ARG start_ARG ( 1 - italic_δ ) ( italic_e "
              r"start_POSTSUPERSCRIPT italic_ε end_POSTSUPERSCRIPT - 1 ) end_ARG."))
def theorem_2_tv():
    brute, formula = [], []
    for k in range(1, 4):
        p, q = dominating_masses(X, ALPHA, DELTA)
        brute.append(sympy.factor(enumerate_delta(k, 0, X, ALPHA, DELTA)))
        formula.append(sympy.factor(1 - (1 - DELTA) ** k * (1 - eq5(0, k, X, ALPHA))))
    x = sympy.E
    eta = Q(7, 10) * (x - 1) / (x + 1)
    lib = composed_deltas(1, 0, eta, 5)[0]
    pair_tv = (dominating(1, 0, eta) ** 2).tv()
    return establish(combine(_delta_positive_every_k(), _eq5_every_k(), detail="TV = E_1 is the case j = 0, every k"),
                     identity(brute, formula, "TV = E_1 of the k-fold 5-point pair by enumeration, k = 1..3"),
                     certified_agreement(lib, published("0.631089674853377"), 12,
                                         "library composed TV at ε = 1, α = 0.3, k = 5 vs the reference values"),
                     certified_agreement(pair_tv, eq5(0, 2, x, Q(3, 10)), 20,
                                         "TV of the library's 2-fold composed pair vs eq. (5) with j = 0"),
                     domain=_THEOREM_2_APPROX_DOMAIN, prose_steps=EQ5_COUNTING)


def _kov_from_eq5():
    """Eq. (6) from eq. (5) for every k ≥ 1 and every j = k − 2i, 0 ≤ i ≤ k/2, as kernel steps. Eq. (5) at α = 0 is
    written with α^a = 0^a as max(1 − a, 0) (the convention 0^0 = 1; a ≥ 0 an integer: 1 at a = 0, 0 after; the
    kernel reads a symbolic power of 0 as undefined) and its inner limit ℓ ≤ ⌈(k−j−a)/2⌉ − 1 as the indicator
    min(max(k − j − a − 2ℓ, 0), 1) of 2ℓ < k − j − a over ℓ = 0..k − a (equal for integers; the re-checker reads no
    ceiling); the factor ((1 − α)/(1 + e^ε))^{k−a} α^a, free of ℓ, stands before the ℓ-sum. Then
    (1) Σ_{a=0}^{n} = its a = 0 summand for 0 ≤ n ≤ k − 1 (induction on n: the summand n + 1 carries 0^{n+1} = 0);
    (2) at a = 0 the indicator is 1 for ℓ ≤ i − 1 and 0 after, so Σ_{ℓ=0}^{i−1+m} = Σ_{ℓ=0}^{i−1} (induction on m);
    (3) the statement by induction on i: i = 0 is j = k (both sums empty), i + 1 is (1) at n = 2i + 1 and (2) at
    m = k − i, which leave KOV's Σ_{ℓ=0}^{(k−j)/2−1} C(k, ℓ)(e^{(k−ℓ)ε} − e^{(ℓ+j)ε})/(1 + e^ε)^k."""
    k, i, a, l, n, m = sympy.symbols("k i a l n m", integer=True)
    x = sympy.exp(_ε)
    j = k - 2 * i
    zero_power = lambda e: sympy.Max(1 - e, 0)
    below = lambda ll, aa: sympy.Min(sympy.Max(k - j - aa - 2 * ll, 0), 1)

    def summand(aa):
        return (sympy.binomial(k, aa) * (1 / (1 + x)) ** (k - aa) * zero_power(aa)
                * sympy.Sum(sympy.binomial(k - aa, l) * below(l, aa) * (x ** (k - l - aa) - x ** (l + j)), (l, 0, k - aa)))

    eq5 = lambda top: sympy.Sum(summand(a), (a, 0, top))
    kov_term = lambda ll: sympy.binomial(k, ll) * (x ** (k - ll) - x ** (ll + j))
    kov = sympy.Sum(kov_term(l), (l, 0, (k - j) / 2 - 1)) / (1 + x) ** k
    first = kernel.goal(sympy.Eq(eq5(n), summand(0)), [n >= 0, n <= k - 1])
    base, step = kernel.induction_goals(first, n, 0)
    first = kernel.induction(first, n, 0, kernel.decide(base, kernel.unfold(eq5(0), "all")),
                             kernel.decide(step, kernel.unfold(eq5(n + 1), "end"), detail="0^{n+1} = 0 for n ≥ 0"),
                             detail="at α = 0 only eq. (5)'s summand a = 0 is left")
    limited = lambda top: sympy.Sum(below(l, 0) * kov_term(l), (l, 0, top))
    cut = kernel.goal(sympy.Eq(limited(i - 1 + m), sympy.Sum(kov_term(l), (l, 0, i - 1))), [m >= 0, i >= 1])
    base, step = kernel.induction_goals(cut, m, 0)
    inside = kernel.summed(kernel.decide(kernel.goal(sympy.Eq(below(l, 0) * kov_term(l), kov_term(l)),
                                                     [l >= 0, l <= i - 1])), l, 0, i - 1)
    cut = kernel.induction(cut, m, 0, kernel.decide(base, inside), kernel.decide(step, kernel.unfold(limited(i + m), "end")),
                           detail="at a = 0 the indicator keeps ℓ ≤ i − 1: eq. (5)'s inner limit ⌈(k−j)/2⌉ − 1 = i − 1")
    goal = kernel.goal(sympy.Eq(eq5(k - j - 1), kov), [k >= 1, i >= 0, 2 * i <= k])
    base, step = kernel.induction_goals(goal, i, 0)
    at_next = [kernel.instantiate(first, {n: 2 * i + 1, i: i + 1}, [i >= 0, 2 * i + 2 <= k]),
               kernel.instantiate(cut, {i: i + 1, m: k - i}, [i >= 0, 2 * i + 2 <= k])]
    return kernel.induction(goal, i, 0, kernel.decide(base, detail="i = 0 (j = k): both sums are empty"),
                            kernel.decide(step, *at_next),
                            detail="eq. (5) at α = 0 is KOV's eq. (6) for every k ≥ 1 and j = k − 2i, 0 ≤ i ≤ k/2")


#: Eq. (6): every k ≥ 1, ε ≥ 0 and "j ∈ {k − 2i : i = 0, 1, …, ⌊k/2⌋}" (i an integer, 0 ≤ 2i ≤ k).
_EQ_6_DOMAIN = [Integer("k", 1), _ε >= 0, Integer("i", 0), 2 * sympy.Symbol("i", integer=True) <= sympy.Symbol("k", integer=True)]


@claim(PAPER, "Eq. (6) (Kairouz–Oh–Viswanath)",
       "eq. (5) at α = 0 and j ≡ k (mod 2) is KOV's δ_j = Σ_ℓ C(k,ℓ)(e^{(k−ℓ)ε} − e^{(ℓ+j)ε})/(1+e^ε)^k",
       domain=_EQ_6_DOMAIN, stated_domain='every k ≥ 1, ε ≥ 0 (Kairouz–Oh–Viswanath, δ = 0), j = k − 2i for i = 0, …, ⌊k/2⌋', stated_where='Section III-A, eq. (6)',
       quote=(r"The composition bound proved by Kairouz et al. [7] states that for any ε𝜀\varepsilonitalic_ε and "
              r"δ[0,1]𝛿01\delta\in[0,1]italic_δ ∈ [ 0 , 1 ], the class of (ε,δ)𝜀𝛿(\varepsilon,\delta)( italic_ε , "
              r"italic_δ )-differentially private mechanisms satisfies (jε,1(1δ)k(1δj))-differential "
              r"privacy𝑗𝜀1superscript1𝛿𝑘1subscript𝛿𝑗-differential "
              r"privacy\displaystyle(j\varepsilon,1-(1-\delta)^{k}(1-\delta_{j}))\text{-differential privacy}( "
              r"italic_j italic_ε , 1 - ( 1 - italic_δ ) start_POSTSUPERSCRIPT italic_k end_POSTSUPERSCRIPT ( 1 - "
              r"italic_δ start_POSTSUBSCRIPT italic_j end_POSTSUBSCRIPT ) ) -differential privacy under "
              r"k𝑘kitalic_k-fold adaptive composition, for all "
              r"j{k2i:i=0,1,,k/2}𝑗conditional-set𝑘2𝑖𝑖01𝑘2j\in\{k-2i:i=0,1,\ldots,\lfloor k/2\rfloor\}italic_j ∈ { "
              r"italic_k - 2 italic_i : italic_i = 0 , 1 , … , ⌊ italic_k / 2 ⌋ }, where "
              r"δj==0kj21(k)(e(k)εe(+j)ε)(1+eε)k.subscript𝛿𝑗superscriptsubscript0𝑘𝑗21binomial𝑘superscript𝑒𝑘𝜀superscript𝑒𝑗𝜀superscript1superscript𝑒𝜀𝑘\displaystyle\delta_{j}=\frac{\sum_{\ell=0}^{\frac{k-j}{2}-1}{k\choose\ell}% "
              r"\left(e^{(k-\ell)\varepsilon}-e^{(\ell+j)\varepsilon}\right)}{(1+e^{% \varepsilon})^{k}}.italic_δ "
              r"start_POSTSUBSCRIPT italic_j end_POSTSUBSCRIPT = divide start_ARG ∑ start_POSTSUBSCRIPT roman_ℓ = 0 "
              r"end_POSTSUBSCRIPT start_POSTSUPERSCRIPT divide start_ARG italic_k - italic_j end_ARG start_ARG 2 "
              r"end_ARG - 1 end_POSTSUPERSCRIPT ( binomial start_ARG italic_k end_ARG start_ARG roman_ℓ end_ARG ) ( "
              r"italic_e start_POSTSUPERSCRIPT ( italic_k - roman_ℓ ) italic_ε end_POSTSUPERSCRIPT - italic_e "
              r"start_POSTSUPERSCRIPT ( roman_ℓ + italic_j ) italic_ε end_POSTSUPERSCRIPT ) end_ARG start_ARG ( 1 + "
              r"italic_e start_POSTSUPERSCRIPT italic_ε end_POSTSUPERSCRIPT ) start_POSTSUPERSCRIPT italic_k "
              r"end_POSTSUPERSCRIPT end_ARG . (6)"))
def eq_6():
    lhs, rhs = [], []
    for k in range(1, 9):
        for j in range(k % 2, k + 1, 2):
            lhs.append(sympy.factor(theorem2_delta(j, k, LOG_X, 0)))
            rhs.append(sympy.factor(kov_delta(j, k, LOG_X)))
    lib = composed_deltas(sympy.log(2), 0, None, 4)
    return establish(_kov_from_eq5(), identity(lhs, rhs, "library: k = 1..8, all j ≡ k (mod 2), symbolic in x"),
                     exact_agreement(lib, [Q(13, 27), Q(10, 27), Q(4, 27), Q(8, 81), 0],
                                     "library KOV composition at x = 2, k = 4 vs the reference values vector (all j)"),
                     domain=_EQ_6_DOMAIN)


def _reversal():
    """P1 is P0 with its outcomes in reverse order, for the pairs (7) and (43)–(44): both are written from the same
    masses, so as identities these stated α = α; compared as a check."""
    pairs = [(*dominating_masses(X, ALPHA), 0), (*dominating_masses(X, ALPHA, _δ), _δ)]
    return exact_agreement([m for _, p1, _ in pairs for m in p1], [m for p0, _, _ in pairs for m in reversed(p0)],
                           "eqs. (7) and (43)–(44): P1 is P0 with its outcomes in reverse order")


def _remark_3_steps():
    """Remark 3 for every k: (i) P1 is P0 read backwards (outcomes of ratio e^ε, 1, e^{−ε} and, for δ > 0, the
    atoms of ratio ∞ and 0 swap), so the k-fold P̃1 is P̃0 relabelled coordinatewise and E_γ(P̃0‖P̃1) = E_γ(P̃1‖P̃0);
    (ii) a sequence with n₊ = k − a − l outcomes of ratio x, a erasures and l of ratio 1/x has ratio x^{k−2l−a}, and
    j = k − 2l − a ≥ 0 takes exactly the values 0..k (l = 0, a = k − j attains j); (iii) the line of slope
    −e^{−jε} is the mirror of the line of slope −e^{jε}: E_{1/γ}(P‖Q) = 1 − 1/γ + E_γ(Q‖P)/γ (complement the event),
    so with symmetry 1 − E_{1/γ} − t/γ = (1 − δ'_j − t)/γ at γ = e^{jε}."""
    k, a, l = sympy.symbols("k a l", integer=True, nonnegative=True)
    u = sympy.Symbol("u", positive=True)
    gam = sympy.Symbol("gamma", positive=True)
    pa, qa, dj, t = sympy.symbols("P_A Q_A delta_j t", real=True)
    al, lr, kr = sympy.symbols("a l k", real=True)
    ratio = identity(((u * X) ** (k - a - l) * ALPHA ** a * u ** l) / (u ** (k - a - l) * ALPHA ** a * (u * X) ** l),
                     X ** (k - 2 * l - a), "a sequence's ratio P̃0/P̃1 is e^{(k−2l−a)ε}, so ε̃ = (k − 2l − a)ε")
    values = real_closed(kr - (kr - 2 * lr - al), [kr, lr, al], [lr >= 0, al >= 0, lr + al <= kr],
                         "j = k − 2l − a ≤ k (and j = k − 0 − (k − j) attains each j ∈ {0, …, k})")
    mirror = identity([(pa - qa / gam), 1 - (1 - 1 / gam + dj / gam) - t / gam],
                      [((1 - qa) - gam * (1 - pa)) / gam + 1 - 1 / gam, (1 - dj - t) / gam],
                      "P(A) − Q(A)/γ = [Q(Aᶜ) − γP(Aᶜ)]/γ + 1 − 1/γ, so E_{1/γ}(P‖Q) = 1 − 1/γ + E_γ(Q‖P)/γ; "
                      "with E_γ(Q‖P) = δ'_j the line 1 − E_{1/γ} − t/γ is e^{−jε}(1 − δ'_j − t)")
    return combine(ratio, values, mirror)


_REMARK_3_DOMAIN = [_ε >= 0, _δ >= 0, _δ <= 1, _η >= 0, _η <= 1, Integer("k", 1), _t >= 0, _t <= 1]


@claim(PAPER, "Remark 3",
       "The composed trade-off function is symmetric and equals max{0, max_j [1 − δ'_j − e^{jε}t], "
       "max_j e^{−jε}[1 − δ'_j − t]} (the likelihood ratio only takes the values e^{jε})",
       domain=_REMARK_3_DOMAIN, stated_domain='all ε, δ, η, k, t ∈ [0, 1]', stated_where='Section III-A, Remark 3',
       quote=(r"Remark 3 It is sufficient to consider ε~0~𝜀0\tilde{\varepsilon}\geq 0over~ start_ARG italic_ε "
              r"end_ARG ≥ 0 as the tradeoff function is symmetric due to the symmetry of P0subscript𝑃0P_{0}italic_P "
              r"start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT and P1subscript𝑃1P_{1}italic_P start_POSTSUBSCRIPT 1 "
              r"end_POSTSUBSCRIPT. The symmetry is then accounted for by the symmetry of "
              r"(ε,δ)𝜀𝛿(\varepsilon,\delta)( italic_ε , italic_δ )-DP. Noting that P0~(sk)P1~(sk)=e(ka)εeε, it "
              r"follows "
              r"ε~=(k2a)ε.formulae-sequence~subscript𝑃0subscript𝑠𝑘~subscript𝑃1subscript𝑠𝑘superscript𝑒𝑘𝑎𝜀superscript𝑒𝜀 "
              r"it follows ~𝜀𝑘2𝑎𝜀\frac{\tilde{P_{0}}(s_{k})}{\tilde{P_{1}}(s_{k})}=\frac{e^{(k-\ell-a)% "
              r"\varepsilon}}{e^{\ell\varepsilon}},\text{ it follows }\tilde{\varepsilon}=(k-2% "
              r"\ell-a)\varepsilon.divide start_ARG over~ start_ARG italic_P start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT "
              r"end_ARG ( italic_s start_POSTSUBSCRIPT italic_k end_POSTSUBSCRIPT ) end_ARG start_ARG over~ "
              r"start_ARG italic_P start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT end_ARG ( italic_s start_POSTSUBSCRIPT "
              r"italic_k end_POSTSUBSCRIPT ) end_ARG = divide start_ARG italic_e start_POSTSUPERSCRIPT ( italic_k - "
              r"roman_ℓ - italic_a ) italic_ε end_POSTSUPERSCRIPT end_ARG start_ARG italic_e start_POSTSUPERSCRIPT "
              r"roman_ℓ italic_ε end_POSTSUPERSCRIPT end_ARG , it follows over~ start_ARG italic_ε end_ARG = ( "
              r"italic_k - 2 roman_ℓ - italic_a ) italic_ε . Therefore, the distinct values that "
              r"ε~~𝜀\tilde{\varepsilon}over~ start_ARG italic_ε end_ARG can take are of the form "
              r"εj=jεsubscript𝜀𝑗𝑗𝜀\varepsilon_{j}=j\varepsilonitalic_ε start_POSTSUBSCRIPT italic_j "
              r"end_POSTSUBSCRIPT = italic_j italic_ε where j{0,1,,k}𝑗01𝑘j\in\{0,1,...,k\}italic_j ∈ { 0 , 1 , … , "
              r"italic_k }."))
def remark_3():
    lib, lines, sym_a, sym_b = [], [], [], []
    for x, d, n, k in ((2, 0, Q(1, 5), 3), (3, Q(1, 10), Q(3, 10), 2), (Q(3, 2), 0, Q(1, 10), 4)):
        g = TVDP(sympy.log(x), d, n)
        region = g.compose(k)
        pair = dominating(sympy.log(x), d, n) ** k
        for t in (0, Q(1, 50), Q(1, 10), Q(1, 4), Q(1, 2), Q(4, 5), 1):
            lib.append(pair.tradeoff(t))
            lines.append(region.tradeoff(t))
        for gam in (1, Q(3, 2), x, x ** 2):
            sym_a.append(pair.hockey_stick(gam))
            sym_b.append(pair.reverse().hockey_stick(gam))
    return establish(_remark_3_steps(), _reversal(),
                     exact_agreement(lib, lines, "library: trade-off of the k-fold dominating pair vs the envelope of "
                                     "the (jε, δ'_j) lines, 3 settings (incl. δ > 0), 7 t each"),
                     exact_agreement(sym_a, sym_b, "library: E_γ(P̃0‖P̃1) = E_γ(P̃1‖P̃0) for γ ∈ {1, 3/2, x, x²}"),
                     domain=_REMARK_3_DOMAIN,
                     uses=["tv-dp:theorem-1", "tv-dp:definition-2-roc-neyman-pearson"],
                     prose_steps=["relabelling each coordinate of a k-sequence by the reversal maps P̃1 to P̃0, so "
                                  "E_γ(P̃0‖P̃1) = E_γ(P̃1‖P̃0) and the trade-off function is symmetric",
                                  "the trade-off function of a finite pair is convex and piecewise linear with slopes "
                                  "−(likelihood ratios) (Theorem 1, Definition 2), so it is the maximum of 0 and its "
                                  "supporting lines 1 − E_γ − γt at γ = e^{jε}, j = −k..k; the δ > 0 atoms (ratio ∞, 0) "
                                  "give the vertical and horizontal pieces"])


_BAYES_DOMAIN = [Integer("k", 1), _η > 0, _η < 1]


@claim(PAPER, "Section III-B1 (Bayes security)",
       "The k-fold composition of (0,η)-DP has TV 1 − (1−η)^k (eq. (6) terms vanish at ε = 0), "
       "so Bayes security β* = 1 − TV composes multiplicatively",
       domain=_BAYES_DOMAIN, stated_domain='every k ≥ 1, η ∈ (0, 1)', stated_where='Section III-B1',
       quote=(r"We can recover this result for the special case "
              r"β1=β2subscriptsuperscript𝛽1subscriptsuperscript𝛽2\beta^{*}_{1}=\beta^{*}_{2}italic_β "
              r"start_POSTSUPERSCRIPT ∗ end_POSTSUPERSCRIPT start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT = italic_β "
              r"start_POSTSUPERSCRIPT ∗ end_POSTSUPERSCRIPT start_POSTSUBSCRIPT 2 end_POSTSUBSCRIPT by considering "
              r"the total variation of the composed dominating η𝜂\etaitalic_η-TV mechanism with "
              r"η=1β𝜂1superscript𝛽\eta=1-\beta^{*}italic_η = 1 - italic_β start_POSTSUPERSCRIPT ∗ "
              r"end_POSTSUPERSCRIPT (or, equivalently, the dominating (0,η)0𝜂(0,\eta)( 0 , italic_η )-DP mechanism), "
              r"which is 1(1η)k1superscript1𝜂𝑘1-(1-\eta)^{k}1 - ( 1 - italic_η ) start_POSTSUPERSCRIPT italic_k "
              r"end_POSTSUPERSCRIPT (this can be seen by noting that the total variation under composition is "
              r"dTV=1(1δ)k(1δ0)subscript𝑑𝑇𝑉1superscript1𝛿𝑘1subscript𝛿0d_{TV}=1-(1-\delta)^{k}(1-\delta_{0})italic_d "
              r"start_POSTSUBSCRIPT italic_T italic_V end_POSTSUBSCRIPT = 1 - ( 1 - italic_δ ) start_POSTSUPERSCRIPT "
              r"italic_k end_POSTSUPERSCRIPT ( 1 - italic_δ start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT ), and that "
              r"δ0=0subscript𝛿00\delta_{0}=0italic_δ start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT = 0 in equation (6) for "
              r"ε=0𝜀0\varepsilon=0italic_ε = 0 and δ=η𝛿𝜂\delta=\etaitalic_δ = italic_η)."))
def bayes_security():
    lib, formula = [], []
    for n, k in ((Q(3, 10), 5), (Q(1, 7), 3), (Q(1, 2), 4)):
        pair = FinitePair((n, 1 - n, 0), (0, 1 - n, n))
        lib += [(pair ** k).tv(), naive_tv_composition(n, k)]
        formula += [1 - (1 - n) ** k] * 2
    # Every k: the (0,η) pair's outcomes have P0 = P1 (the middle) or one of them 0, so for
    # sequences min(ΠP0, ΠP1) = Π min(P0, P1) and Σ_s min = (Σ_o min(P0_o, P1_o))^k.
    k = sympy.Symbol("k", integer=True, positive=True)
    pair = ((_η, 1 - _η, 0), (0, 1 - _η, _η))
    overlap = sympy.Add(*[sympy.Min(a, b) for a, b in zip(*pair)])
    statement = kernel.decide(kernel.goal(sympy.Eq(1 - overlap ** k, 1 - (1 - _η) ** k), [_η > 0, _η < 1]),
                              detail="1 − (Σ_o min(P0_o, P1_o))^k = 1 − (1 − η)^k for the (0, η) pair, every k")
    return establish(statement, exact_agreement(lib, formula, "the (0,η) pair composed exactly, (η, k) ∈ {(3/10,5), "
                                                "(1/7,3), (1/2,4)}"),
                     exact_agreement(sympy.Add(*[kov_delta(j, 5, 0) for j in (1, 3)]), 0, "eq. (6) at ε = 0 vanishes (k = 5)"),
                     domain=_BAYES_DOMAIN,
                     prose_steps=["each outcome of the (0, η) pair has P0 = P1 or one of them 0, so for sequences "
                                  "min(ΠP0, ΠP1) = Π min(P0, P1), and Σ_s Π_i min = (Σ_o min(P0_o, P1_o))^k = (1 − η)^k: "
                                  "TV = 1 − Σ_s min(P̃0, P̃1) = 1 − (1 − η)^k"])


# --------------------------------------------------------------------------------------------
# Section IV


def _subsampling_tight_pair():
    """Proposition 1 is tight: the pair (7) at the paper's (ε, η), α = 1 − η(e^ε + 1)/(e^ε − 1) (so
    u = (1 − α)/(1 + e^ε) = η/(e^ε − 1)), subsampled at rate p: (pP0 + (1 − p)P1, P1) has total variation pη, its
    outcomes' masses are within the factor 1 + p(e^ε − 1) = e^{ε'} (the first exactly at it, the mirrored ratio
    e^ε/(p + (1 − p)e^ε) below it), and it reaches the corner t = 1 − pη e^{ε'}/(e^{ε'} − 1) of the
    (ε', 0, pη) region. Identities over ε, η and p themselves (ratios multiplied out, so they hold at η = 0 too)."""
    x = sympy.exp(_ε)
    p0, p1 = dominating_masses(x, 1 - _η * (x + 1) / (x - 1))
    mix = [_p * a + (1 - _p) * b for a, b in zip(p0, p1)]
    xp = 1 + _p * (x - 1)
    return combine(
        identity(((mix[0] - p1[0]) - (mix[2] - p1[2])) / 2, _p * _η, "TV of the subsampled pair (signs: +, 0, −) is pη"),
        identity([mix[0], mix[2]], [xp * p1[0], (1 - _p * (1 - 1 / x)) * p1[2]],
                 "largest ratio 1 + p(e^ε − 1) on the first outcome, smallest 1 − p(1 − e^{−ε}) on the last"),
        identity(xp * (_p + (1 - _p) * x) - x, _p * (1 - _p) * (x - 1) ** 2,
                 "the mirrored ratio e^ε/(p + (1−p)e^ε) ≤ 1 + p(e^ε−1) since the difference is p(1−p)(e^ε−1)² ≥ 0"),
        identity(1 - mix[0], 1 - _p * _η * xp / (xp - 1),
                 "the pair reaches the corner t = 1 − pη e^{ε'}/(e^{ε'}−1) (its type-II error there, P1's first mass "
                 "η/(e^ε − 1), is pη/(e^{ε'}−1): sympy cancels the p, a goal would state nothing)"),
        detail="the tight pair of Proposition 1")


#: Proposition 1: ε > 0, δ, η ∈ [0, 1] as printed; p = m/n with 1 ≤ m ≤ n (a sample of m ≥ 1 records), so p ∈ (0, 1].
_PROPOSITION_1_DOMAIN = [Laws("P0", "P1"), _ε > 0, _δ >= 0, _δ <= 1, _η >= 0, _η <= 1, _p > 0, _p <= 1]


@claim(PAPER, "Proposition 1",
       "Sampling m of n (p = m/n) maps (ε,δ,η) to (log(1+p(e^ε−1)), pδ, pη), tightly: the pair "
       "(pP0 + (1−p)P1, P1) of eq. (7) has TV pη and largest likelihood ratio 1 + p(e^ε−1)",
       domain=_PROPOSITION_1_DOMAIN, stated_domain='every pair, ε > 0, δ, η ∈ [0, 1], subsampling rate p = m/n, 1 ≤ m ≤ n', stated_where='Section IV, Proposition 1',
       quote=(r"Proposition 1 Given ε>0𝜀0\varepsilon>0italic_ε > 0, δ[0,1]𝛿01\delta\in[0,1]italic_δ ∈ [ 0 , 1 ], and "
              r"η[0,1]𝜂01\eta\in[0,1]italic_η ∈ [ 0 , 1 ], if "
              r"M:𝒳m𝒴:𝑀superscript𝒳𝑚𝒴M:\mathcal{X}^{m}\to\mathcal{Y}italic_M : caligraphic_X start_POSTSUPERSCRIPT "
              r"italic_m end_POSTSUPERSCRIPT → caligraphic_Y is (ε𝜀\varepsilonitalic_ε,δ𝛿\deltaitalic_δ)-DP and "
              r"η𝜂\etaitalic_η-TV, then the subsampled mechanism "
              r"MSamplem:𝒳n𝒴:𝑀subscriptSample𝑚superscript𝒳𝑛𝒴M\circ\mathrm{Sample}_{m}:\mathcal{X}^{n}\to\mathcal{Y}italic_M "
              r"∘ roman_Sample start_POSTSUBSCRIPT italic_m end_POSTSUBSCRIPT : caligraphic_X start_POSTSUPERSCRIPT "
              r"italic_n end_POSTSUPERSCRIPT → caligraphic_Y is pη𝑝𝜂p\etaitalic_p italic_η-TV and "
              r"(log(1+p(eε1)),pδ1𝑝superscript𝑒𝜀1𝑝𝛿\log\left(1+p\left(e^{\varepsilon}-1\right)\right),p\deltaroman_log "
              r"( 1 + italic_p ( italic_e start_POSTSUPERSCRIPT italic_ε end_POSTSUPERSCRIPT - 1 ) ) , italic_p "
              r"italic_δ)-DP on 𝒳nsuperscript𝒳𝑛\mathcal{X}^{n}caligraphic_X start_POSTSUPERSCRIPT italic_n "
              r"end_POSTSUPERSCRIPT, where mn𝑚𝑛m\leq nitalic_m ≤ italic_n and p=mn𝑝𝑚𝑛p=\frac{m}{n}italic_p = divide "
              r"start_ARG italic_m end_ARG start_ARG italic_n end_ARG. Moreover, this result is tight."))
def proposition_1():
    pn = sympy.Symbol("p", nonnegative=True)  # the paper's p ∈ (0, 1]; its sign is what every step needs
    xp = 1 + pn * (X - 1)
    lib_pair = subsampling_tightness_pair(sympy.log(2), Q(1, 5), Q(1, 10))
    lib_sub = TVDP(sympy.log(2), Q(1, 20), Q(1, 5)).subsample(Q(1, 10))
    a, b = sympy.symbols("a b", nonnegative=True)  # P0(y), P1(y) of any pair with a ≤ x·b, b ≤ x·a
    general = [identity(sympy.Abs(pn * a + (1 - pn) * b - b), pn * sympy.Abs(a - b),
                        "any pair: |pP0 + (1−p)P1 − P1| = p|P0 − P1| pointwise, so TV becomes pη"),
               identity(pn * a + (1 - pn) * b - xp * b, pn * (a - X * b),
                        "any pair: (pP0 + (1−p)P1) − e^{ε'}P1 = p(P0 − e^ε P1) pointwise, so E_{e^ε'}(mix‖P1) = pδ"),
               real_closed(xp * b - (pn * a + (1 - pn) * b), [a, b, X, pn],
                           [a >= 0, b >= 0, X >= 1, pn >= 0, pn <= 1, a <= X * b],
                           "P0 ≤ e^ε P1 ⇒ pP0 + (1−p)P1 ≤ (1 + p(e^ε−1))P1"),
               real_closed(xp * (pn * a + (1 - pn) * b) - b, [a, b, X, pn],
                           [a >= 0, b >= 0, X >= 1, pn >= 0, pn <= 1, b <= X * a],
                           "P1 ≤ e^ε P0 ⇒ P1 ≤ (1 + p(e^ε−1))(pP0 + (1−p)P1)"),
               # the other direction of δ: (P1 − e^{ε'}·mix)₊ ≤ p(P1 − e^ε P0)₊ pointwise, in two cases
               real_closed(-(b - xp * (pn * a + (1 - pn) * b)), [a, b, X, pn], [X >= 1, pn <= 1, b <= X * a],
                           "where P1 ≤ e^ε P0: P1 − e^{ε'}(pP0 + (1−p)P1) ≤ 0"),
               real_closed(pn * (b - X * a) - (b - xp * (pn * a + (1 - pn) * b)), [a, b, X, pn], [X >= 1, pn <= 1, b >= X * a],
                           "where P1 ≥ e^ε P0: P1 − e^{ε'}(pP0 + (1−p)P1) ≤ p(P1 − e^ε P0); summed, "
                           "E_{e^ε'}(P1‖mix) ≤ p E_{e^ε}(P1‖P0) ≤ pδ")]
    statement = combine(*general, _subsampling_tight_pair(), detail="Proposition 1: the pointwise facts and the tight pair")
    return establish(statement,
                     exact_agreement([lib_pair.tv(), lib_pair.delta(sympy.log(Q(11, 10)))], [Q(1, 50), 0],
                                     "library tightness pair at e^ε = 2, η = 1/5, p = 1/10: TV = pη and it is log(11/10)-DP"),
                     exact_agreement([sympy.exp(lib_sub.eps), lib_sub.delta, lib_sub.eta], [Q(11, 10), Q(1, 200), Q(1, 50)],
                                     "library TVDP.subsample: (e^{ε'}, pδ, pη)"),
                     domain=_PROPOSITION_1_DOMAIN,
                     uses=[cited("Steinke (the paper's [27]; its Appendix H)",
                                 "Theorem 29: sampling m of n records maps (ε, δ)-DP to (log(1 + p(e^ε − 1)), pδ)-DP, "
                                 "p = m/n"),
                           "tv-dp:definitions-3-4-and-footnote-1"],
                     prose_steps=["the paper's proof (Appendix H): Theorem 29 of [27] applied to (ε, δ) and, η-TV read "
                                  "as (0, η)-DP (footnote 1), to (0, η) gives (ε', pδ) and (0, pη); the pointwise facts "
                                  "(per output y, a = P0(y), b = P1(y)) integrated against μ = P0 + P1 give it for the "
                                  "mixture pair (pP0 + (1−p)P1, P1) of the tightness example (eqs. 48–49): total variation "
                                  "pη, E_{e^ε'}(mix‖P1) = pδ and E_{e^ε'}(P1‖mix) ≤ pδ"])
