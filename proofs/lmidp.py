"""Claims of Ngo–Östman–Graell i Amat, *Local mutual-information differential privacy*
(arXiv 2405.07596v1). Information is in bits (log base 2) throughout, as in the paper.

Reference decimals quoted below are the independent mpmath/scipy values of the reading notes for
this paper; every library value is certified and compared against them or against a second
derivation (subset enumeration, closed forms, exact sympy sums).
"""

from __future__ import annotations

from itertools import permutations

import sympy
from flint import acb, arb
from sympy import Rational as R, exp, log, sqrt

from _idioms import grouped, hockey_by_events, near, ordered
from _lmidp_helpers import (CHANNELS, LAMBDA_X, LAMBDA_Y, L_OUT, PRIORS, ROW_P, ROW_Q, Y_OUT, average_below_bound,
                            entropy_bits, events, jensen_slices, kl_convex_in_second, lemma1_goal, lemma1_integral,
                            log_below_chord, mass, mutual_informations_nonnegative)
from symdp.local import (Channel, bac_capacity, cd_lmidp_to_lip, gaussian_ldp_delta, ldp_to_lmidp, lip_to_lmidp,
                         lmidp_to_ldp, randomized_response, shell_calibration, shell_information, zchannel_crossover)
from symdp.local.information import bac_capacity_formula, binary_entropy, kl_bits
from symdp.local import mixture_calibration, mixture_information, mixture_lip_delta, mixture_lip_to_lmidp
from symdp.figures.lmidp import figure3_input
from symdp.numbers import Real, arb_of, certify, sign
from symdp.central.pairs import gaussian
from symdp.verify import (certified_agreement, cited, claim, combine, erratum, establish, exact_agreement,
                          identity, kernel, real_closed)
from symdp.verify.domains import (Channel as AnyChannel, Integer, Laws, LDPCurveMechanism, LIPCurveMechanism,
                                  PrivacyLoss)

PAPER = "lmidp"

# Real parameters of the paper's domains (symdp.verify.domains), named as the paper names them.
_ε0, _ε1, _μ, _Δ, _σ, _ε, _δ = sympy.symbols("epsilon_0 epsilon_1 mu Delta sigma epsilon delta", real=True)
E0, E1 = sympy.symbols("epsilon0 epsilon1", positive=True)
LOG2E = 1 / log(2)

def _output_rows():
    """Two laws a, b on the outputs y = 1, …, l of a channel (sequences ≥ 0) and Σ_y."""
    y, l = sympy.symbols("y l", integer=True)
    a, b = sympy.IndexedBase("a", nonnegative=True), sympy.IndexedBase("b", nonnegative=True)
    return y, l, a, b, (lambda f: sympy.Sum(f, (y, 1, l)))


def _event_indicator(event, p, q, y):
    """E* = {y : p_y > e^ε q_y} by its indicator: event[y] = 1 where p_y > e^ε q_y, 0 elsewhere (it defines the
    sequence from p and q, so a domain stating it restricts nothing)."""
    t = p[y] - exp(_ε) * q[y]
    return sympy.Or(sympy.And(sympy.Eq(event[y], 1), t > 0), sympy.And(sympy.Eq(event[y], 0), t <= 0))


#: Definitions 3 and 4 on any output space (the paper's "randomized mechanism" is not finite): the two output laws
#: a = P_{M(x)}, b = P_{M(x')} (Definition 4: a = P_{M(x)}, b = P_{M(X)}) have densities a[x], b[x] against a dominating
#: law μ (μ = (a + b)/2 always serves, by Radon–Nikodym), so an event E (a measurable set, its indicator E[x]) has
#: a(E) = E_μ[1_E a] (the tv-dp Definition 1 reading, docs/trust-chain.md).
_DEFINITION_3_GENERAL = [_ε >= 0, _δ >= 0, _δ <= 1, Laws("a", "b")]
_DEFINITION_4_GENERAL = [_ε >= 0, _δ >= 0, _δ <= 1, Laws("P_X"), Laws("a", "b")]
_XO, _MU_OUT = sympy.Symbol("x", real=True), kernel.Law("mu")
_DA, _DB = sympy.IndexedBase("a", nonnegative=True), sympy.IndexedBase("b", nonnegative=True)


def _expect_out(f):
    """E_μ f, an expression in the densities a[x], b[x] and an event's value at x."""
    return kernel.Expect(f, (_XO, _MU_OUT))


def _events_general(d, name: str):
    """For d an expression in the densities at x: sup over events E of E_μ[1_E d] = E_μ[d₊], as kernel steps (the tv-dp
    Definition 1 route): 1_E d ≤ d₊ at every x, integrated (expected), bounds every event and so the supremum; the
    event {d > 0} is a member of the events and attains it (1_{d > 0} d = d₊ at every x; the two integrands are
    integrable together). With it, the inequality of the definition for every event: E_μ[1_E d] ≤ E_μ[d₊]."""
    event = kernel.Event(name)
    sup, plus = kernel.Sup(_expect_out(event[_XO] * d), (event,)), _expect_out(sympy.Max(d, 0))
    below = kernel.expected(kernel.decide(kernel.goal(event[_XO] * d <= sympy.Max(d, 0)),
                                          detail="1_E d ≤ d₊ at every point"), _XO, _MU_OUT)
    attaining = sympy.Piecewise((1, d > 0), (0, True))
    at = kernel.decide(kernel.goal(sympy.Eq(sympy.Max(d, 0), attaining * d)), detail="1_{d > 0} d = d₊ at every point")
    lower = kernel.decide(kernel.goal(plus <= sup), kernel.member(sup, (_XO, attaining)), kernel.expected(at, _XO, _MU_OUT),
                          kernel.equally_integrable(at, _XO, _MU_OUT), detail="the event {d > 0} attains E_μ[d₊]")
    return kernel.decide(kernel.goal(sympy.Eq(sup, plus)), kernel.supremum(below, event), lower,
                         detail="the supremum over events of E_μ[1_E d] is E_μ[d₊]"), below


def _definition_3_general():
    """Definition 3 on any output space: H_{e^ε}(a‖b) = sup_E [a(E) − e^ε b(E)] = E_μ[(a − e^ε b)₊], attained by
    E* = {a > e^ε b}, and every event has a(E) ≤ e^ε b(E) + E_μ[(a − e^ε b)₊] (a(E) − e^ε b(E) split by linearity)."""
    d = _DA[_XO] - exp(_ε) * _DB[_XO]
    sup, below = _events_general(d, "E")
    event = kernel.Event("E")
    each = kernel.decide(kernel.goal(_expect_out(event[_XO] * _DA[_XO])
                                     <= exp(_ε) * _expect_out(event[_XO] * _DB[_XO]) + _expect_out(sympy.Max(d, 0))),
                         below, kernel.linear(_expect_out(event[_XO] * d)), kernel.integrable(_expect_out(event[_XO] * d)),
                         detail="a(E) ≤ e^ε b(E) + E_μ[(a − e^ε b)₊] for every event E")
    return combine(sup, each, detail="H_{e^ε}(a‖b) = sup_E [a(E) − e^ε b(E)] = E_μ[(a − e^ε b)₊] on any output space, "
                                     "attained by {a > e^ε b}; every event satisfies (1) at δ = H (kernel steps)")


def _definition_4_general():
    """Definition 4 on any output space, a = P_{M(x)}, b = P_{M(X)} with densities against μ: the right inequality of (3),
    b(E) − e^ε a(E) ≤ δ for every E, has least δ sup_E [b(E) − e^ε a(E)] = E_μ[(b − e^ε a)₊] = H_{e^ε}(P_{M(X)}‖P_{M(x)});
    the left one, e^{−ε}a(E) − b(E) ≤ δ, has least δ sup_E [e^{−ε}a(E) − b(E)] = E_μ[(e^{−ε}a − b)₊]
    = e^{−ε}E_μ[(a − e^ε b)₊] = e^{−ε}H_{e^ε}(P_{M(x)}‖P_{M(X)}); both attained by an event, and every event satisfies
    both inequalities at δ = those values (kernel steps). (e^{−ε}(A − xB)₊ = (A/x − B)₊ is a lemma over x > 0
    instantiated at x = e^ε: the solver reads e^ε and e^{−ε} as unrelated atoms.)"""
    g = exp(_ε)
    right_d, left_d = _DB[_XO] - g * _DA[_XO], _DA[_XO] / g - _DB[_XO]
    right, right_below = _events_general(right_d, "A")
    ev_a, ev_b = kernel.Event("A"), kernel.Event("B")
    right_each = kernel.decide(kernel.goal(_expect_out(ev_a[_XO] * _DB[_XO])
                                           <= g * _expect_out(ev_a[_XO] * _DA[_XO]) + _expect_out(sympy.Max(right_d, 0))),
                               right_below, kernel.linear(_expect_out(ev_a[_XO] * right_d)),
                               kernel.integrable(_expect_out(ev_a[_XO] * right_d)),
                               detail="b(E) ≤ e^ε a(E) + E_μ[(b − e^ε a)₊] for every event E")
    left, left_below = _events_general(left_d, "B")
    x, A_, B_ = sympy.symbols("x A B", real=True)
    scale = kernel.decide(kernel.goal(sympy.Eq(sympy.Max(A_ / x - B_, 0), sympy.Max(A_ - x * B_, 0) / x), [x > 0]),
                          detail="(A/x − B)₊ = (A − xB)₊/x for x > 0")
    at_e = kernel.instantiate(scale, {x: g, A_: _DA[_XO], B_: _DB[_XO]}, [], detail="at x = e^ε")
    d = _DA[_XO] - g * _DB[_XO]
    scaled = _expect_out(exp(-_ε) * sympy.Max(d, 0))
    # E_μ[(e^{−ε}a − b)₊] is defined wherever E_μ[(a − e^ε b)₊] is: the two integrands are one function up to the
    # factor e^{−ε} (integrable, equally_integrable), so it may be a middle term below
    together = [kernel.equally_integrable(at_e, _XO, _MU_OUT), kernel.integrable(scaled)]
    factor = kernel.decide(kernel.goal(sympy.Eq(_expect_out(sympy.Max(left_d, 0)), exp(-_ε) * _expect_out(sympy.Max(d, 0)))),
                           kernel.expected(at_e, _XO, _MU_OUT), kernel.linear(scaled), *together,
                           detail="E_μ[(e^{−ε}a − b)₊] = e^{−ε}E_μ[(a − e^ε b)₊]")
    left_sup = kernel.fact(left).goal.conclusion.lhs
    left_value = kernel.decide(kernel.goal(sympy.Eq(left_sup, exp(-_ε) * _expect_out(sympy.Max(d, 0)))), left, factor,
                               *together,
                               detail="sup_E [e^{−ε}a(E) − b(E)] = e^{−ε}H_{e^ε}(a‖b)")
    left_each = kernel.decide(kernel.goal(exp(-_ε) * _expect_out(ev_b[_XO] * _DA[_XO])
                                          <= _expect_out(ev_b[_XO] * _DB[_XO]) + exp(-_ε) * _expect_out(sympy.Max(d, 0))),
                              left_below, factor, *together, kernel.linear(_expect_out(ev_b[_XO] * left_d)),
                              kernel.integrable(_expect_out(ev_b[_XO] * left_d)),
                              detail="e^{−ε}a(E) ≤ b(E) + e^{−ε}E_μ[(a − e^ε b)₊] for every event E")
    return combine(right, right_each, left_value, left_each,
                   detail="the least δ of each side of (3) over all events is the matching term of (4), on any output "
                          "space: sup over events, attained, and every event satisfies (3) at those values (kernel steps)")


# --------------------------------------------------------------------------------------------
# Section II: the four notions


@claim(PAPER, "Definition 1", "μ̄^CI = sup_{P_X} I(X;M(X)) bits; for a finite channel this is its capacity.",
       stated_domain='“for a data distribution space 𝒫”, a randomized mechanism M', stated_where='Section II, Definition 1 (CI-LMIDP)',
       quote=(r"Definition 1 (CI-LMIDP) For a data distribution space 𝒫𝒫\mathcal{P}caligraphic_P, a randomized "
              r"mechanism M𝑀Mitalic_M satisfies μ𝜇\muitalic_μ-CI-LMIDP if and only if "
              r"supP𝐗𝒫I(𝐗;M(𝐗))μbitssubscriptsupremumsubscript𝑃𝐗𝒫𝐼𝐗𝑀𝐗𝜇bits\sup_{P_{\bm{X}}\in\mathcal{P}}I(\bm{X};M(\bm{X}))\leq\mu~{}\text{bits}roman_sup "
              r"start_POSTSUBSCRIPT italic_P start_POSTSUBSCRIPT bold_italic_X end_POSTSUBSCRIPT ∈ caligraphic_P "
              r"end_POSTSUBSCRIPT italic_I ( bold_italic_X ; italic_M ( bold_italic_X ) ) ≤ italic_μ bits."))
def definition_1():
    sym = Channel([[R(3, 5), R(1, 5), R(1, 5)], [R(1, 5), R(3, 5), R(1, 5)], [R(1, 5), R(1, 5), R(3, 5)]])
    closed = log(3) / log(2) - entropy_bits([R(3, 5), R(1, 5), R(1, 5)])
    statement = certified_agreement(sym.capacity(), closed, 30,
                                    "symmetric 3×3 channel: certified capacity = log₂3 − H(row) (Gallager Thm 4.5.2)")
    dup = Channel([[R(3, 5), R(2, 5)], [R(3, 5), R(2, 5)], [R(1, 10), R(9, 10)]])
    checks = [certified_agreement(dup.capacity(), bac_capacity(R(2, 5), R(1, 10)), 30,
                                  "a repeated input does not change capacity: = C_BAC(2/5, 1/10)"),
              ordered([CHANNELS[2].mutual_information(PRIORS[2]), CHANNELS[2].capacity()],
                      "I(uniform; W) ≤ C(W) for the 4×4 channel")]
    return establish(statement, *checks, domain="finite channels (samples)", stated_domain="all mechanisms")


@claim(PAPER, "Definition 2", "μ̄^CD = I(X;M(X)) bits for the fixed P_X.",
       stated_domain='“for a data distribution P_X”, a randomized mechanism M', stated_where='Section II, Definition 2 (CD-LMIDP)',
       quote=(r"Definition 2 (CD-LMIDP) For a data distribution P𝐗subscript𝑃𝐗P_{\bm{X}}italic_P start_POSTSUBSCRIPT "
              r"bold_italic_X end_POSTSUBSCRIPT, a randomized mechanism M𝑀Mitalic_M satisfies μ𝜇\muitalic_μ-CD-LMIDP "
              r"if and only if I(𝐗;M(𝐗))μbits𝐼𝐗𝑀𝐗𝜇bitsI(\bm{X};M(\bm{X}))\leq\mu~{}\text{bits}italic_I ( "
              r"bold_italic_X ; italic_M ( bold_italic_X ) ) ≤ italic_μ bits."))
def definition_2():
    vals, refs = [], []
    for ch, prior in zip(CHANNELS, PRIORS):
        py = ch.apply(prior)
        cond = sum((px * entropy_bits(row) for px, row in zip(prior, ch.rows)), sympy.Integer(0))
        vals.append(ch.mutual_information(prior))
        refs.append(entropy_bits(py) - cond)
    statement = certified_agreement(vals, refs, 30, "I(X;Y) = H(Y) − H(Y|X), exact sympy sums, on three channels")
    return establish(statement, domain="finite channels (samples)", stated_domain="all mechanisms")


@claim(PAPER, "Definition 3 (eq. 2 ⇔ eq. 1)",
       "(ε,δ)-LDP ⇔ sup_{x≠x'} H_{e^ε}(P_{M(x)}‖P_{M(x')}) ≤ δ: for any two output laws P, Q of M (densities p, q "
       "against a dominating μ), H_{e^ε}(P‖Q) = sup_E [P(E) − e^ε Q(E)] = E_μ[(p − e^ε q)₊] (Σ_y (P(y) − e^ε Q(y))₊ "
       "on a finite output alphabet), attained by E = {p > e^ε q}.",
       domain=_DEFINITION_3_GENERAL,
       stated_domain="ε ≥ 0, δ ∈ [0, 1], all x ≠ x' and events; any two output laws a = P_{M(x)}, b = P_{M(x')} of the "
                     "randomized mechanism M on one measurable space; every event", stated_where='Section II, Definition 3 (LDP), eqs. (1)–(2)',
       quote=(r"Definition 3 (LDP [8, 9]) A randomized mechanism M𝑀Mitalic_M satisfies "
              r"(ϵ,δ)italic-ϵ𝛿(\epsilon,\delta)( italic_ϵ , italic_δ )-LDP if and only if, for every pair of data "
              r"points (𝐱,𝐱)𝐱superscript𝐱(\bm{x},\bm{x}^{\prime})( bold_italic_x , bold_italic_x "
              r"start_POSTSUPERSCRIPT ′ end_POSTSUPERSCRIPT ) and for every measurable set \mathcal{E}caligraphic_E, "
              r"we have that "
              r"[M(𝒙)]eϵ[M(𝒙)]+δ,delimited-[]𝑀𝒙superscript𝑒italic-ϵdelimited-[]𝑀superscript𝒙𝛿\mathbb{P}\left[M(\bm{x})\in\mathcal{E}\right]\leq "
              r"e^{\epsilon}\mathbb{P}\left% [M(\bm{x}^{\prime})\in\mathcal{E}\right]+\delta,blackboard_P [ italic_M "
              r"( bold_italic_x ) ∈ caligraphic_E ] ≤ italic_e start_POSTSUPERSCRIPT italic_ϵ end_POSTSUPERSCRIPT "
              r"blackboard_P [ italic_M ( bold_italic_x start_POSTSUPERSCRIPT ′ end_POSTSUPERSCRIPT ) ∈ "
              r"caligraphic_E ] + italic_δ , (1) or, equivalently, "
              r"sup𝒙𝒙eϵ(PM(𝒙)PM(𝒙))δ.subscriptsupremum𝒙superscript𝒙subscriptsuperscript𝑒italic-ϵconditionalsubscript𝑃𝑀𝒙subscript𝑃𝑀superscript𝒙𝛿\textstyle\sup_{\bm{x}\neq\bm{x}^{\prime}}\mathbb{H}_{e^{\epsilon}}(P_{M(\bm{x% "
              r"})}\|P_{M(\bm{x}^{\prime})})\leq\delta.roman_sup start_POSTSUBSCRIPT bold_italic_x ≠ bold_italic_x "
              r"start_POSTSUPERSCRIPT ′ end_POSTSUPERSCRIPT end_POSTSUBSCRIPT blackboard_H start_POSTSUBSCRIPT "
              r"italic_e start_POSTSUPERSCRIPT italic_ϵ end_POSTSUPERSCRIPT end_POSTSUBSCRIPT ( italic_P "
              r"start_POSTSUBSCRIPT italic_M ( bold_italic_x ) end_POSTSUBSCRIPT ∥ italic_P start_POSTSUBSCRIPT "
              r"italic_M ( bold_italic_x start_POSTSUPERSCRIPT ′ end_POSTSUPERSCRIPT ) end_POSTSUBSCRIPT ) ≤ "
              r"italic_δ . (2)"))
def definition_3():
    """H_{e^ε}(P‖Q) is defined in the paper (Notation) as sup_E [P(E) − e^ε Q(E)], so (1) for every pair and every
    event is sup_{x≠x'} H_{e^ε}(P_{M(x)}‖P_{M(x')}) ≤ δ, eq. (2). What is proved (kernel steps, any two output laws a,
    b on one measurable space, densities against a dominating μ): sup_E [a(E) − e^ε b(E)] = E_μ[(a − e^ε b)₊], attained
    by {a > e^ε b}, and every event satisfies (1) at δ = that value (:func:`_definition_3_general`). Cross-checks: the
    same on l outputs over every test t ∈ [0, 1]^l (kernel steps, the closed form Σ(a − e^ε b)₊ the library computes),
    and the least δ by enumerating every event of three channels."""
    vals, refs = [], []
    for ch in CHANNELS:
        for eps in (0, R(1, 2), log(2)):
            g = exp(eps)
            best = max((hockey_by_events(a, b, g) for a, b in permutations(ch.rows, 2)), key=float)
            vals.append(ch.ldp_delta(eps))
            refs.append(best)
    enum = exact_agreement(vals, refs, "least δ of eq. (1) by enumerating every event = eq. (2), 3 channels × 3 ε")
    finite = combine(*_events_attain(*_output_rows()[2:4], "A"),
                     detail="finite output alphabets (a cross-check, kernel steps): sup_E [P(E) − e^ε Q(E)] = Σ(P − e^ε Q)₊ "
                            "for any two rows on l outputs, every test in [0, 1]^l, attained by {P > e^ε Q}")
    return establish(_definition_3_general(), finite, enum, domain=_DEFINITION_3_GENERAL)


@claim(PAPER, "Definition 4 (eq. 4 ⇔ eq. 3)",
       "(ε,δ)-LIP ⇔ sup_x max{H_{e^ε}(P_{M(X)}‖P_{M(x)}), e^{−ε}H_{e^ε}(P_{M(x)}‖P_{M(X)})} ≤ δ.",
       domain=_DEFINITION_4_GENERAL,
       stated_domain='“for a data distribution P_X”, ε ≥ 0, δ ∈ [0, 1]; any output law a = P_{M(x)} of the randomized '
                     'mechanism M and its output law b = P_{M(X)} under P_X, on one measurable space; every event', stated_where='Section II, Definition 4 (LIP), eqs. (3)–(4)',
       quote=(r"Definition 4 (LIP [10]) For a data distribution P𝐗subscript𝑃𝐗P_{\bm{X}}italic_P start_POSTSUBSCRIPT "
              r"bold_italic_X end_POSTSUBSCRIPT, a randomized mechanism M𝑀Mitalic_M satisfies "
              r"(ϵ,δ)italic-ϵ𝛿(\epsilon,\delta)( italic_ϵ , italic_δ )-LIP if and only if, for every data point "
              r"𝐱𝐱\bm{x}bold_italic_x and every measurable set \mathcal{E}caligraphic_E, we have "
              r"eϵ[M(𝒙)]δ[M(𝑿)]eϵ[M(𝒙)]+δ,superscript𝑒italic-ϵdelimited-[]𝑀𝒙𝛿delimited-[]𝑀𝑿superscript𝑒italic-ϵdelimited-[]𝑀𝒙𝛿e^{-\epsilon}\mathbb{P}\left[M(\bm{x})\in\mathcal{E}\right]-\delta\leq\mathbb{% "
              r"P}\left[M(\bm{X})\in\mathcal{E}\right]\leq e^{\epsilon}\mathbb{P}\left[M(\bm{x% "
              r"})\in\mathcal{E}\right]+\delta,italic_e start_POSTSUPERSCRIPT - italic_ϵ end_POSTSUPERSCRIPT "
              r"blackboard_P [ italic_M ( bold_italic_x ) ∈ caligraphic_E ] - italic_δ ≤ blackboard_P [ italic_M ( "
              r"bold_italic_X ) ∈ caligraphic_E ] ≤ italic_e start_POSTSUPERSCRIPT italic_ϵ end_POSTSUPERSCRIPT "
              r"blackboard_P [ italic_M ( bold_italic_x ) ∈ caligraphic_E ] + italic_δ , (3) or, equivalently, "
              r"sup𝒙max{eϵ(PM(𝑿)PM(𝒙)),eϵeϵ(PM(𝒙)PM(𝑿))}δ.subscriptsupremum𝒙subscriptsuperscript𝑒italic-ϵconditionalsubscript𝑃𝑀𝑿subscript𝑃𝑀𝒙superscript𝑒italic-ϵsubscriptsuperscript𝑒italic-ϵconditionalsubscript𝑃𝑀𝒙subscript𝑃𝑀𝑿𝛿\textstyle\sup_{\bm{x}}\max\big{\{}\mathbb{H}_{e^{\epsilon}}(P_{M(\bm{X})}\|P_% "
              r"{M(\bm{x})}),e^{-\epsilon}\mathbb{H}_{e^{\epsilon}}(P_{M(\bm{x})}\|P_{M(\bm{X}% )})\big{\}}\\ "
              r"\leq\delta.start_ROW start_CELL roman_sup start_POSTSUBSCRIPT bold_italic_x end_POSTSUBSCRIPT "
              r"roman_max { blackboard_H start_POSTSUBSCRIPT italic_e start_POSTSUPERSCRIPT italic_ϵ "
              r"end_POSTSUPERSCRIPT end_POSTSUBSCRIPT ( italic_P start_POSTSUBSCRIPT italic_M ( bold_italic_X ) "
              r"end_POSTSUBSCRIPT ∥ italic_P start_POSTSUBSCRIPT italic_M ( bold_italic_x ) end_POSTSUBSCRIPT ) , "
              r"italic_e start_POSTSUPERSCRIPT - italic_ϵ end_POSTSUPERSCRIPT blackboard_H start_POSTSUBSCRIPT "
              r"italic_e start_POSTSUPERSCRIPT italic_ϵ end_POSTSUPERSCRIPT end_POSTSUBSCRIPT ( italic_P "
              r"start_POSTSUBSCRIPT italic_M ( bold_italic_x ) end_POSTSUBSCRIPT ∥ italic_P start_POSTSUBSCRIPT "
              r"italic_M ( bold_italic_X ) end_POSTSUBSCRIPT ) } end_CELL end_ROW start_ROW start_CELL ≤ italic_δ . "
              r"end_CELL end_ROW (4)"))
def definition_4():
    """With H_{e^ε}(P‖Q) = sup_E [P(E) − e^ε Q(E)] (the paper's Notation), the right inequality of (3) for every
    event is H_{e^ε}(P_{M(X)}‖P_{M(x)}) ≤ δ, and the left one, e^{−ε}P_x(E) − P_X(E) ≤ δ, is
    sup_E e^{−ε}[P_x(E) − e^ε P_X(E)] = e^{−ε}H_{e^ε}(P_{M(x)}‖P_{M(X)}) ≤ δ. Proved (kernel steps) for any output
    law a and output law b on one measurable space, densities against a dominating μ (:func:`_definition_4_general`):
    both suprema over the events, each attained, and every event satisfies (3) at those values. Cross-checks: the same
    on l outputs over every test t ∈ [0, 1]^l (kernel steps), and the least δ by enumerating events."""
    vals, refs = [], []
    for ch, prior in zip(CHANNELS, PRIORS):
        py = ch.apply(prior)
        for e in (0, R(1, 3), 1):
            g = exp(e)
            need = [sympy.Integer(0)]
            for row in ch.rows:
                for ev in events(ch.n_outputs):
                    need += [mass(py, ev) - g * mass(row, ev), mass(row, ev) / g - mass(py, ev)]
            vals.append(ch.lip_delta(prior, e))
            refs.append(max(need, key=lambda v: float(v)))
    enum = exact_agreement(vals, refs, "least δ of eq. (3) by enumerating events = eq. (4) (full-support priors)")
    a_, b_ = _output_rows()[2:4]
    right = _events_attain(b_, a_, "A")           # P_X(E) − e^ε P_x(E) ≤ H_{e^ε}(P_X‖P_x): the right inequality of (3)
    left = _events_attain(a_, b_, "B", scaled=True)  # e^{−ε}P_x(E) − P_X(E) ≤ e^{−ε}H_{e^ε}(P_x‖P_X): the left one
    finite = combine(*right, *left, detail="finite output alphabets (a cross-check, kernel steps): the least δ of each "
                                           "side of (3) over all tests in [0, 1]^l is the matching term of (4), attained")
    return establish(_definition_4_general(), finite, enum, domain=_DEFINITION_4_GENERAL)


def _events_attain(p, q, name: str, scaled: bool = False):
    """sup over events of P(E) − e^ε Q(E) is Σ_y (p_y − e^ε q_y)₊, for sequences p, q on y = 1, …, l, as kernel
    steps (e^{−ε}P(E) − Q(E) and e^{−ε}Σ(p − e^ε q)₊ when `scaled`). A test is t = min(max(s, 0), 1) ∈ [0, 1]^l for
    a real sequence s (every event is a 0/1 test, so the goal quantifies over all of them with no premise): output by
    output t(p − e^ε q) ≤ (p − e^ε q)₊, summed and split by linearity. The event E* = {p > e^ε q} attains it:
    P(E*) − e^ε Q(E*) = Σ(p − e^ε q)₊ (each term by its two cases), E* given by its indicator sequence `name`
    (_event_indicator). For `scaled`, dividing by e^ε > 0 is a lemma
    over x > 0 instantiated at x = e^ε (the solver reads e^ε and e^{−ε} as unrelated atoms)."""
    y, l, _, _, total = _output_rows()
    g = exp(_ε)
    t = p[y] - g * q[y]
    plus = sympy.Max(t, 0)
    alg = []
    if scaled:
        x, A, B, H = sympy.symbols("x A B H", real=True)
        alg = [kernel.instantiate(kernel.decide(kernel.goal(rel(A / x - B, H / x), [x > 0, rel(A - x * B, H)]),
                                                detail="dividing A − xB ≤ H (≥ H) by x > 0"),
                                  {x: g, A: p[y], B: q[y], H: t}) for rel in (sympy.LessThan, sympy.GreaterThan)]
    c, value, bound = (exp(-_ε), 1, exp(-_ε) * plus) if scaled else (1, g, plus)
    test = sympy.Min(sympy.Max(sympy.IndexedBase("s")[y], 0), 1)
    inside = [y >= 1, y <= l]
    each = kernel.decide(kernel.goal(c * (test * p[y]) - value * (test * q[y]) <= bound, inside), *alg,
                         detail="t·(p − e^ε q) ≤ (p − e^ε q)₊ for a test value t ∈ [0, 1]")
    total_bound = kernel.linear(total(bound)) if scaled else None
    extra = [total_bound] if scaled else []
    top = c * total(plus) if scaled else total(plus)
    every = kernel.decide(kernel.goal(c * total(test * p[y]) - value * total(test * q[y]) <= top, [l >= 1]),
                          kernel.summed(each, y, 1, l), kernel.linear(total(c * (test * p[y]) - value * (test * q[y]))),
                          *extra, detail="every event (every test) E: P(E) − e^ε Q(E) ≤ Σ(p − e^ε q)₊")
    event = sympy.IndexedBase(name)
    mark = _event_indicator(event, p, q, y)
    at_star = kernel.decide(kernel.goal(sympy.Eq(c * (event[y] * p[y]) - value * (event[y] * q[y]), bound), [*inside, mark]),
                            *alg, detail="E* = {p > e^ε q}: its term is (p − e^ε q)₊ in both cases")
    attained = kernel.decide(kernel.goal(sympy.Eq(c * total(event[y] * p[y]) - value * total(event[y] * q[y]), top),
                                         [l >= 1, kernel.Every(mark, (y, 1, l))]),
                             kernel.summed(at_star, y, 1, l),
                             kernel.linear(total(c * (event[y] * p[y]) - value * (event[y] * q[y]))), *extra,
                             detail="E* attains the bound: P(E*) − e^ε Q(E*) = Σ(p − e^ε q)₊")
    return every, attained


# --------------------------------------------------------------------------------------------
# Eq. (7): the BAC capacity


def _xlx(p):
    """p·ln p with the convention 0·ln 0 = 0 (the binary entropy's terms at p = 0 and p = 1)."""
    return sympy.Piecewise((p * log(p), p > 0), (0, True))


def _hb(p):
    """H_b(p) = −p log p − (1 − p) log(1 − p) in bits, 0·log 0 = 0 (so H_b(0) = H_b(1) = 0, H_b(1 − p) = H_b(p))."""
    return -(_xlx(p) + _xlx(1 - p)) / log(2)


#: The BAC with crossovers ε0 = P(B=1|A=0), ε1 = P(B=0|A=1), ε0 + ε1 < 1; H_0 = H_b(ε0), H_1 = H_b(ε1); its capacity
#: C_BAC = sup over input laws (w = P(A=1) ∈ [0, 1]) of I(A;B) = H_b(ε0 + w(1 − ε0 − ε1)) − (1 − w)H_b(ε0) − wH_b(ε1).
_H0, _H1, _C, _W = sympy.symbols("H_0 H_1 C_BAC w", real=True)
_BAC_I = _hb(_ε0 + _W * (1 - _ε0 - _ε1)) - (1 - _W) * _hb(_ε0) - _W * _hb(_ε1)
_EQ_7_DOMAIN = [_ε0 >= 0, _ε1 >= 0, _ε0 + _ε1 < 1, sympy.Eq(_H0, _hb(_ε0)), sympy.Eq(_H1, _hb(_ε1)),
                sympy.Eq(_C, kernel.Sup(_BAC_I, (_W, 0, 1)))]


@claim(PAPER, "Eq. (7)",
       "C_BAC(ε0,ε1) = ε0/(1−ε0−ε1)H_b(ε1) − (1−ε1)/(1−ε0−ε1)H_b(ε0) + log(1+2^{(H_b(ε0)−H_b(ε1))/(1−ε0−ε1)}) bits; "
       "other cases by the relabellings (ε1,ε0), (1−ε1,1−ε0), (1−ε0,1−ε1).",
       domain=_EQ_7_DOMAIN,
       stated_domain='the binary asymmetric channel with crossover ε0, ε1, ε0 + ε1 < 1; C_BAC its capacity, the supremum '
                     'of I(A;B) over the input laws P(A=1) = w ∈ [0, 1]; H_b with 0·log 0 = 0',
       stated_where='Section III-A, eq. (7)',
       quote=(r"where "
              r"CBAC(ϵ0,ϵ1)subscript𝐶BACsubscriptitalic-ϵ0subscriptitalic-ϵ1C_{\text{{}BAC}}(\epsilon_{0},\epsilon_{1})italic_C "
              r"start_POSTSUBSCRIPT BAC end_POSTSUBSCRIPT ( italic_ϵ start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT , "
              r"italic_ϵ start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT ) is the capacity of the binary asymmetric channel "
              r"with crossover probabilities (ϵ0,ϵ1)subscriptitalic-ϵ0subscriptitalic-ϵ1(\epsilon_{0},\epsilon_{1})( "
              r"italic_ϵ start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT , italic_ϵ start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT "
              r") [17]. Specifically, if "
              r"0ϵ0min{ϵ1,1ϵ1,1/2}0subscriptitalic-ϵ0subscriptitalic-ϵ11subscriptitalic-ϵ1120\leq\epsilon_{0}\leq\min\{\epsilon_{1},1-\epsilon_{1},1/2\}0 "
              r"≤ italic_ϵ start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT ≤ roman_min { italic_ϵ start_POSTSUBSCRIPT 1 "
              r"end_POSTSUBSCRIPT , 1 - italic_ϵ start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT , 1 / 2 }, "
              r"CBAC(ϵ0,ϵ1)=ϵ01ϵ0ϵ1Hb(ϵ1)1ϵ11ϵ0ϵ1Hb(ϵ0)+log(1+2Hb(ϵ0)Hb(ϵ1)1ϵ0ϵ1),subscript𝐶BACsubscriptitalic-ϵ0subscriptitalic-ϵ1subscriptitalic-ϵ01subscriptitalic-ϵ0subscriptitalic-ϵ1subscript𝐻bsubscriptitalic-ϵ11subscriptitalic-ϵ11subscriptitalic-ϵ0subscriptitalic-ϵ1subscript𝐻bsubscriptitalic-ϵ01superscript2subscript𝐻bsubscriptitalic-ϵ0subscript𝐻bsubscriptitalic-ϵ11subscriptitalic-ϵ0subscriptitalic-ϵ1C_{\text{{}BAC}}(\epsilon_{0},\epsilon_{1})=\tfrac{\epsilon_{0}}{1-\epsilon_{0% "
              r"}-\epsilon_{1}}H_{\text{{}b}}(\epsilon_{1})-\tfrac{1-\epsilon_{1}}{1-\epsilon_% "
              r"{0}-\epsilon_{1}}H_{\text{{}b}}(\epsilon_{0})\\ "
              r"+\log\big{(}1+2^{\frac{H_{\text{{}b}}(\epsilon_{0})-H_{\text{{}b}}(\epsilon_{1% "
              r"})}{1-\epsilon_{0}-\epsilon_{1}}}\big{)},start_ROW start_CELL italic_C start_POSTSUBSCRIPT BAC "
              r"end_POSTSUBSCRIPT ( italic_ϵ start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT , italic_ϵ start_POSTSUBSCRIPT "
              r"1 end_POSTSUBSCRIPT ) = divide start_ARG italic_ϵ start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT end_ARG "
              r"start_ARG 1 - italic_ϵ start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT - italic_ϵ start_POSTSUBSCRIPT 1 "
              r"end_POSTSUBSCRIPT end_ARG italic_H start_POSTSUBSCRIPT b end_POSTSUBSCRIPT ( italic_ϵ "
              r"start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT ) - divide start_ARG 1 - italic_ϵ start_POSTSUBSCRIPT 1 "
              r"end_POSTSUBSCRIPT end_ARG start_ARG 1 - italic_ϵ start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT - italic_ϵ "
              r"start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT end_ARG italic_H start_POSTSUBSCRIPT b end_POSTSUBSCRIPT ( "
              r"italic_ϵ start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT ) end_CELL end_ROW start_ROW start_CELL + roman_log "
              r"( 1 + 2 start_POSTSUPERSCRIPT divide start_ARG italic_H start_POSTSUBSCRIPT b end_POSTSUBSCRIPT ( "
              r"italic_ϵ start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT ) - italic_H start_POSTSUBSCRIPT b "
              r"end_POSTSUBSCRIPT ( italic_ϵ start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT ) end_ARG start_ARG 1 - "
              r"italic_ϵ start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT - italic_ϵ start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT "
              r"end_ARG end_POSTSUPERSCRIPT ) , end_CELL end_ROW (7) where "
              r"Hb(p)=plogp(1p)log(1p)subscript𝐻b𝑝𝑝𝑝1𝑝1𝑝H_{\text{{}b}}(p)=-p\log p-(1\!-p)\log(1-p)italic_H "
              r"start_POSTSUBSCRIPT b end_POSTSUBSCRIPT ( italic_p ) = - italic_p roman_log italic_p - ( 1 - "
              r"italic_p ) roman_log ( 1 - italic_p ) is the binary entropy. Otherwise, "
              r"CBAC(ϵ0,ϵ1)subscript𝐶BACsubscriptitalic-ϵ0subscriptitalic-ϵ1C_{\text{{}BAC}}(\epsilon_{0},\epsilon_{1})italic_C "
              r"start_POSTSUBSCRIPT BAC end_POSTSUBSCRIPT ( italic_ϵ start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT , "
              r"italic_ϵ start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT ) is equal to "
              r"CBAC(ϵ1,ϵ0)subscript𝐶BACsubscriptitalic-ϵ1subscriptitalic-ϵ0C_{\text{{}BAC}}(\epsilon_{1},\epsilon_{0})italic_C "
              r"start_POSTSUBSCRIPT BAC end_POSTSUBSCRIPT ( italic_ϵ start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT , "
              r"italic_ϵ start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT ) if "
              r"ϵ0>ϵ1subscriptitalic-ϵ0subscriptitalic-ϵ1\epsilon_{0}>\epsilon_{1}italic_ϵ start_POSTSUBSCRIPT 0 "
              r"end_POSTSUBSCRIPT > italic_ϵ start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT, to "
              r"CBAC(1ϵ1,1ϵ0)subscript𝐶BAC1subscriptitalic-ϵ11subscriptitalic-ϵ0C_{\text{{}BAC}}(1-\epsilon_{1},1-\epsilon_{0})italic_C "
              r"start_POSTSUBSCRIPT BAC end_POSTSUBSCRIPT ( 1 - italic_ϵ start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT , 1 "
              r"- italic_ϵ start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT ) if "
              r"ϵ0>1ϵ1subscriptitalic-ϵ01subscriptitalic-ϵ1\epsilon_{0}>1-\epsilon_{1}italic_ϵ start_POSTSUBSCRIPT 0 "
              r"end_POSTSUBSCRIPT > 1 - italic_ϵ start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT, and to "
              r"CBAC(1ϵ0,1ϵ1)subscript𝐶BAC1subscriptitalic-ϵ01subscriptitalic-ϵ1C_{\text{{}BAC}}(1-\epsilon_{0},1-\epsilon_{1})italic_C "
              r"start_POSTSUBSCRIPT BAC end_POSTSUBSCRIPT ( 1 - italic_ϵ start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT , 1 "
              r"- italic_ϵ start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT ) if "
              r"ϵ0>1/2subscriptitalic-ϵ012\epsilon_{0}>1/2italic_ϵ start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT > 1 / 2."))
def eq_7():
    """(7) is the capacity on the whole domain ε0, ε1 ≥ 0, ε0 + ε1 < 1 (boundary included, 0·log 0 = 0), as kernel
    steps. Rows W_0 = Ber(a), W_1 = Ber(b) (P(B=1)), a = ε0, b = 1 − ε1, s = b − a = 1 − ε0 − ε1 > 0; input
    w = P(A=1), output q_w = a + ws. With u = (H_0 − H_1)/s, q* = 2^u/(1 + 2^u) has log₂q* = u − L and
    log₂(1 − q*) = −L, L = log₂(1 + 2^u), and for every w ∈ [0, 1]
        I(w) = (1 − w)D(W_0‖q*) + wD(W_1‖q*) − D(Ber(q_w)‖Ber(q*)) = (7) − D(Ber(q_w)‖Ber(q*)) ≤ (7)
    (both divergences equal (7), an identity in the atoms; D ≥ 0 by Gibbs' inequality, from log t ≤ t − 1, with
    its 0·log 0 terms): the supremum over w is ≤ (7). It is attained at w* = (q* − a)/s, which lies in [0, 1]:
    q* ≥ a is 2^u ≥ a/(1 − a), i.e. u ln 2 ≥ ln(a/(1 − a)), which is Gibbs' D(Ber(b)‖Ber(a)) ≥ 0 rearranged
    (a > 0; for a = 0 it is q* > 0), and q* ≤ b alike from D(Ber(a)‖Ber(b)) ≥ 0; there q_{w*} = q* and
    D = 0. The relabellings of (7) give the same value (F is invariant under them)."""
    H0, H1, U = _H0, _H1, sympy.Symbol("u", real=True)
    hb = lambda p: (-p * log(p) - (1 - p) * log(1 - p)) / log(2)
    big_l = lambda v: log(1 + 2 ** v) / log(2)  # L(v) = log₂(1 + 2^v)
    lib = exact_agreement(bac_capacity_formula(R(1, 10), R(3, 10)),
                          (E0 / (1 - E0 - E1) * hb(E1) - (1 - E1) / (1 - E0 - E1) * hb(E0)
                           + log(1 + 2 ** ((hb(E0) - hb(E1)) / (1 - E0 - E1))) / log(2)).subs({E0: R(1, 10), E1: R(3, 10)}),
                          "the library's (7) is the printed formula")

    def F(e0, e1, h0, h1):
        s = 1 - e0 - e1
        return e0 / s * h1 - (1 - e1) / s * h0 + big_l(sympy.cancel((h0 - h1) / s))
    e0, e1 = _ε0, _ε1
    base = F(e0, e1, H0, H1)
    u = sympy.cancel((H0 - H1) / (1 - e0 - e1))
    # The relabellings' images of F are F with L(−u) where F has L(u): each is decided equal to F from the
    # image with L(−u) written L(u) − u (an identity in the atoms) and L(−u) = L(u) − u at this u (instantiated).
    flip = kernel.instantiate(identity(big_l(-U), big_l(U) - U, "L(−u) = L(u) − u: 2^u(1 + 2^{−u}) = 1 + 2^u"),
                              {U: u}, [e0 + e1 < 1])
    flipped = lambda expr: expr.replace(
        lambda e: isinstance(e, sympy.log) and e.args[0].is_Add and any(
            isinstance(t, sympy.Pow) and t.base == 2 and sympy.cancel(t.exp + u) == 0 for t in e.args[0].args),
        lambda e: log(1 + 2 ** u) - u * log(2))
    images = [F(e1, e0, H1, H0), F(1 - e1, 1 - e0, H1, H0), F(1 - e0, 1 - e1, H0, H1)]
    relabel = [kernel.decide(kernel.goal(sympy.Eq(im, base), [e0 + e1 < 1]),
                             identity(flipped(im), base, "the image with L(−u) written L(u) − u equals F"), flip,
                             detail="F is invariant under the relabelling")
               for im in images]
    sym = combine(*relabel, detail="F is invariant under (ε1,ε0), (1−ε1,1−ε0), (1−ε0,1−ε1) (H_b(1 − x) = H_b(x) for "
                                   "the entropies H_0, H_1): the case list of (7) is consistent")
    capacity = combine(_bac_capacity(base, u), sym, detail="C_BAC = (7) on the whole domain, and the relabellings agree")
    points = [(R(1, 10), R(1, 10)), (R(1, 10), R(3, 10)), (R(1, 5), R(1, 2)), (R(1, 20), R(9, 10)), (R(7, 10), R(3, 5)),
              (R(9, 10), R(1, 20)), (0, R(2, 5)), (R(3, 4), R(4, 5))]
    generic = certified_agreement([bac_capacity(a0, b0) for a0, b0 in points],
                                  [Channel([[1 - a0, a0], [b0, 1 - b0]]).capacity() for a0, b0 in points], 25,
                                  "(7) on the whole square (inside and outside the stated case region) = certified "
                                  "Blahut–Arimoto capacity")
    between = []
    for e0_, e1_ in points[:4]:
        h = lambda p: 0 if p in (0, 1) else hb(p)
        qs = 1 / (1 + 2 ** ((h(1 - e1_) - h(e0_)) / (1 - e1_ - e0_)))
        lo, hi = sorted([e0_, 1 - e1_], key=float)
        between.append(ordered([lo, qs, hi], f"q* strictly between ε0 = {e0_} and 1 − ε1 = {1 - e1_}", strict=True))
    refs = [near(bac_capacity(*p), r, 13, f"C_BAC{p} vs reference") for p, r in
            [((R(1, 10), R(1, 10)), "0.531004406410719"), ((R(1, 10), R(3, 10)), "0.296671802880504"),
             ((R(1, 5), R(1, 2)), "0.0731939861598899"), ((R(1, 20), R(9, 10)), "0.00663333004137522"),
             ((R(7, 10), R(3, 5)), "0.0666612188413553")]]
    line = exact_agreement([bac_capacity(R(1, 3), R(2, 3)), Channel([[R(2, 3), R(1, 3)], [R(2, 3), R(1, 3)]]).capacity()],
                           [0, 0], "on ε0 + ε1 = 1 both rows coincide: C = 0")
    return establish(capacity, generic, *between, lib, *refs, line, domain=_EQ_7_DOMAIN)


def _gibbs_binary():
    """Gibbs' inequality for two Bernoulli laws, in nats, with 0·ln 0 = 0: for x ∈ [0, 1], y ∈ (0, 1),
    x ln x + (1 − x) ln(1 − x) − x ln y − (1 − x) ln(1 − y) ≥ 0 (D(Ber(x)‖Ber(y)) ≥ 0). Each half is
    x ln x − x ln y ≥ x − y for x ≥ 0 < y: for x > 0 it is −x ln(y/x) ≥ −x(y/x − 1), from ln t ≤ t − 1 (the tangent
    of the convex −ln at 1) at t = y/x; for x = 0 it is 0 ≥ −y. The halves at (x, y) and (1 − x, 1 − y) sum to it."""
    x, y, t, lo, hi = sympy.symbols("x y t lo hi", real=True)
    tangent = kernel.tangent(-log(x), x, 1, lo, hi, [lo > 0, lo <= 1, hi >= 1], detail="−ln is convex")
    below = kernel.instantiate(kernel.instantiate(tangent, {lo: sympy.Min(t, 1), hi: sympy.Max(t, 1), x: t}, [t > 0]),
                               {t: y / x}, [x > 0, y > 0], detail="ln t ≤ t − 1 at t = y/x")
    xp, yp = sympy.symbols("x y", positive=True)
    split = kernel.instantiate(identity(log(yp / xp), log(yp) - log(xp), "ln(y/x) = ln y − ln x for x, y > 0"),
                               {xp: x, yp: y}, [x > 0, y > 0])
    half = kernel.decide(kernel.goal(_xlx(x) - x * log(y) >= x - y, [x >= 0, y > 0]), below, split,
                         detail="x ln x − x ln y ≥ x − y (0·ln 0 = 0)")
    other = kernel.instantiate(half, {x: 1 - x, y: 1 - y}, [x <= 1, y < 1])
    return kernel.decide(kernel.goal(_xlx(x) + _xlx(1 - x) - x * log(y) - (1 - x) * log(1 - y) >= 0,
                                     [x >= 0, x <= 1, y > 0, y < 1]), half, other, detail="D(Ber(x)‖Ber(y)) ≥ 0")


def _bac_capacity(formula, u):
    """C_BAC = `formula` (the right side of (7) in H_0, H_1) on the domain of (7), as kernel steps (eq_7's docstring)."""
    e0, e1, w, U = _ε0, _ε1, _W, sympy.Symbol("u", real=True)
    x, y, v, z = sympy.symbols("x y v z", real=True)
    s = 1 - e0 - e1
    q_star = 2 ** u / (1 + 2 ** u)
    where = [e0 >= 0, e1 >= 0, e0 + e1 < 1, sympy.Eq(_H0, _hb(e0)), sympy.Eq(_H1, _hb(e1))]
    gibbs = _gibbs_binary()
    at_u = lambda lhs, rhs, what: kernel.instantiate(identity(lhs, rhs, what), {U: u}, [e0 + e1 < 1])
    log_q = at_u(log(2 ** U / (1 + 2 ** U)), U * log(2) - log(1 + 2 ** U), "ln q* = u ln 2 − ln(1 + 2^u)")
    log_1q = at_u(log(1 - 2 ** U / (1 + 2 ** U)), -log(1 + 2 ** U), "ln(1 − q*) = −ln(1 + 2^u)")
    power = at_u(2 ** U, exp(U * log(2)), "2^u = e^{u ln 2}")
    # every input law: I(w) = (7) − D(Ber(q_w)‖Ber(q*)) ≤ (7); small steps, so that both solvers of the re-check
    # settle each side condition
    q_w = e0 + w * s
    gap = _xlx(q_w) + _xlx(1 - q_w) - q_w * log(q_star) - (1 - q_w) * log(1 - q_star)  # D(Ber(q_w)‖Ber(q*)) in nats
    law = [w >= 0, w <= 1, *where]
    named = _hb(q_w) - (1 - w) * _H0 - w * _H1
    entropies = kernel.decide(kernel.goal(sympy.Eq(_BAC_I, named), law), detail="H_b(ε0) = H_0, H_b(ε1) = H_1")
    split = kernel.decide(kernel.goal(sympy.Eq(named, formula - gap / log(2)), law[:5]), log_q, log_1q,
                          detail="I(w) = (7) − D(Ber(q_w)‖Ber(q*)): both rows' divergences from q* equal (7)")
    gibbs_w = kernel.decide(kernel.goal(formula - gap / log(2) <= formula, law[:5]),
                            kernel.instantiate(gibbs, {x: q_w, y: q_star}, [w >= 0, w <= 1, *where[:3]]),
                            detail="D(Ber(q_w)‖Ber(q*)) ≥ 0 (Gibbs)")
    upper = kernel.chain(entropies, split, gibbs_w, detail="I(w) ≤ (7) for every input law w ∈ [0, 1]")
    bound = kernel.supremum(upper, w, 0, 1, detail="the capacity is at most (7)")
    sup = kernel.fact(bound).goal.conclusion.lhs
    # q* ∈ [ε0, 1 − ε1]: e^{u ln 2} against a/(1 − a) and b/(1 − b) (exp increasing), from Gibbs at (b, a), (a, b)
    increasing = kernel.increasing(exp(x), x, v, z, detail="exp is increasing")
    low = kernel.instantiate(increasing, {v: log(e0) - log(1 - e0), z: u * log(2)},
                             [e0 > 0, e0 < 1, e0 + e1 < 1, log(e0) - log(1 - e0) <= u * log(2)])
    above = kernel.decide(kernel.goal(q_star >= e0, where), low, power,
                          kernel.instantiate(gibbs, {x: 1 - e1, y: e0}, [e0 > 0, e1 >= 0, e0 + e1 < 1]),
                          detail="q* ≥ ε0: D(Ber(1 − ε1)‖Ber(ε0)) ≥ 0 is u ln 2 ≥ ln(ε0/(1 − ε0)) (ε0 > 0)")
    high = kernel.instantiate(increasing, {v: u * log(2), z: log(1 - e1) - log(e1)},
                              [e1 > 0, e1 < 1, e0 + e1 < 1, u * log(2) <= log(1 - e1) - log(e1)])
    below = kernel.decide(kernel.goal(q_star <= 1 - e1, where), high, power,
                          kernel.instantiate(gibbs, {x: e0, y: 1 - e1}, [e1 > 0, e0 >= 0, e0 + e1 < 1]),
                          detail="q* ≤ 1 − ε1: D(Ber(ε0)‖Ber(1 − ε1)) ≥ 0 (ε1 > 0)")
    w_star = (q_star - e0) / s
    chosen = kernel.member(sup, w_star, detail="the input law w* = (q* − ε0)/(1 − ε0 − ε1)")
    at_least, at_most = kernel.fact(chosen).goal.hypotheses  # 0 ≤ w*, w* ≤ 1 as the member step writes them
    inside = kernel.apply(chosen, kernel.decide(kernel.goal(at_least, where), above, detail="w* ≥ 0"),
                          kernel.decide(kernel.goal(at_most, where), below, detail="w* ≤ 1"),
                          detail="w* ∈ [0, 1] is an input law")
    value = kernel.decide(kernel.goal(sympy.Eq(formula, _BAC_I.subs(_W, w_star)), where), above, below, log_q, log_1q,
                          detail="I(w*) = (7): its output law is q*, so D(Ber(q*)‖Ber(q*)) = 0")
    lower = kernel.chain(value, inside, detail="(7) = I(w*) ≤ the capacity")
    return kernel.decide(kernel.goal(sympy.Eq(_C, formula), [*where, sympy.Eq(_C, sup)]), bound, lower,
                         detail="C_BAC = sup_w I(w) = (7)")


#: The remark's two bullets together: μ ≥ 1 (δ^LDP_μ = 1) and μ < 1 (the bound p̄_μ and the limit), every μ > 0 bits
#: (at μ = 0 the printed −log(2^μ − 1) is undefined).
_PBAR_DOMAIN = [_μ > 0]


@claim(PAPER, "Remark after Theorem 1 (p̄_μ)",
       "For μ < 1, δ^LDP_μ(ε) ≥ p̄_μ, the unique p with H_b(p)/p = −log(2^μ−1), and → p̄_μ as ε → ∞; μ ≥ 1 ⇒ δ = 1.",
       domain=_PBAR_DOMAIN, stated_domain='μ ≥ 1 bit (δ^LDP_μ = 1) and μ < 1 bit (the bound p̄_μ, ε → ∞): every μ > 0', stated_where='Section III-A, text after Theorem 1',
       quote=(r"• If μ1𝜇1\mu\geq 1italic_μ ≥ 1 bit, then "
              r"δμLDP(ϵ)=1subscriptsuperscript𝛿LDP𝜇italic-ϵ1\delta^{\text{{}LDP}}_{\mu}(\epsilon)=1italic_δ "
              r"start_POSTSUPERSCRIPT LDP end_POSTSUPERSCRIPT start_POSTSUBSCRIPT italic_μ end_POSTSUBSCRIPT ( "
              r"italic_ϵ ) = 1, i.e., no LDP is guaranteed. Indeed, revealing the binary value of "
              r"𝟙{𝑿𝒜}1𝑿𝒜\mathbbm{1}\mathopen{}\left\{\bm{X}\in\mathcal{A}\right\}blackboard_1 { bold_italic_X ∈ "
              r"caligraphic_A } for some set 𝒜𝒜\mathcal{A}caligraphic_A is enough to distinguish any pair "
              r"𝒙𝒜𝒙𝒜\bm{x}\in\mathcal{A}bold_italic_x ∈ caligraphic_A and "
              r"𝒙𝒜superscript𝒙𝒜\bm{x}^{\prime}\notin\mathcal{A}bold_italic_x start_POSTSUPERSCRIPT ′ "
              r"end_POSTSUPERSCRIPT ∉ caligraphic_A. • If μ<1𝜇1\mu<1italic_μ < 1 bit, "
              r"δμLDP(ϵ)subscriptsuperscript𝛿LDP𝜇italic-ϵ\delta^{\text{{}LDP}}_{\mu}(\epsilon)italic_δ "
              r"start_POSTSUPERSCRIPT LDP end_POSTSUPERSCRIPT start_POSTSUBSCRIPT italic_μ end_POSTSUBSCRIPT ( "
              r"italic_ϵ ) is lower-bounded by the unique value of p¯μ[0,1]subscript¯𝑝𝜇01\bar{p}_{\mu}\in[0,1]over¯ "
              r"start_ARG italic_p end_ARG start_POSTSUBSCRIPT italic_μ end_POSTSUBSCRIPT ∈ [ 0 , 1 ] such that "
              r"Hb(p¯μ)/p¯μ=log(2μ1)subscript𝐻bsubscript¯𝑝𝜇subscript¯𝑝𝜇superscript2𝜇1H_{\text{{}b}}(\bar{p}_{\mu})/\bar{p}_{\mu}=-\log(2^{\mu}-1)italic_H "
              r"start_POSTSUBSCRIPT b end_POSTSUBSCRIPT ( over¯ start_ARG italic_p end_ARG start_POSTSUBSCRIPT "
              r"italic_μ end_POSTSUBSCRIPT ) / over¯ start_ARG italic_p end_ARG start_POSTSUBSCRIPT italic_μ "
              r"end_POSTSUBSCRIPT = - roman_log ( 2 start_POSTSUPERSCRIPT italic_μ end_POSTSUPERSCRIPT - 1 ), and "
              r"converges to this value when ϵitalic-ϵ\epsilon\!\to\!\inftyitalic_ϵ → ∞, as depicted in Fig. 1. That "
              r"is, δμLDP(δ)subscriptsuperscript𝛿LDP𝜇𝛿\delta^{\text{{}LDP}}_{\mu}(\delta)italic_δ "
              r"start_POSTSUPERSCRIPT LDP end_POSTSUPERSCRIPT start_POSTSUBSCRIPT italic_μ end_POSTSUBSCRIPT ( "
              r"italic_δ ) does not vanish as ϵitalic-ϵ\epsilonitalic_ϵ becomes large. This means that CI-LMIDP "
              r"implies only a weak LDP guarantee."))
def remark_pbar():
    out = []
    for mu, ref in ((R(1, 10), "0.177503347183946"), (R(1, 100), "0.0187298027926788")):
        p = zchannel_crossover(mu)
        zc = Real(lambda q, p=p: (1 + arb(2) ** (-(lambda b: (-(b * b.log()) - (1 - b) * (1 - b).log()) / (b * arb(2).log()))(p.ball(q)))).log() / arb(2).log())
        out.append(certified_agreement(zc, mu, 30, f"Z-channel capacity log₂(1+2^{{−H_b(p̄)/p̄}}) = μ = {mu}"))
        out.append(near(p, ref, 13, f"p̄_{mu} vs reference"))
        out.append(ordered([p, lmidp_to_ldp(mu, 3), lmidp_to_ldp(mu, 1)], f"p̄ ≤ δ^LDP_{mu}(3) ≤ δ^LDP_{mu}(1)"))
    one = exact_agreement([lmidp_to_ldp(1, 2), lmidp_to_ldp(R(3, 2), 0), bac_capacity(1, 1)], [1, 1, 1],
                          "μ ≥ 1 ⇒ δ = 1: (p0, p1) = (1, 0) is feasible as C_BAC(1, 1) = 1 bit")
    return establish(_pbar_proof(), combine(out), one, domain=_PBAR_DOMAIN,
                     uses=["lmidp:eq-7"],
                     prose_steps=["δ^LDP_μ(ε) is the maximum of p1 − e^ε p0 over the feasible set {C_BAC(p0, 1 − p1) ≤ μ} "
                                  "of eq. (6), which contains (0, p̄_μ) (value p̄_μ) and, for μ ≥ 1, (0, 1) (value 1)",
                                  "existence: H_b(p)/p is continuous on (0, 1) and goes from +∞ (p → 0) to 0 (p → 1), and "
                                  "−log₂(2^μ − 1) ∈ (0, ∞) for 0 < μ < 1 (intermediate value theorem); p = 1 is no "
                                  "solution (H_b(1) = 0 with 0·log 0 = 0); uniqueness in (0, 1) is the kernel step above",
                                  "ε → ∞: a feasible point with p1 − e^ε p0 ≥ 0 has p0 ≤ e^{−ε}; C_BAC is continuous, so "
                                  "limit points of the maximisers are (0, p1) with log₂(1 + 2^{−H_b(p1)/p1}) ≤ μ, i.e. "
                                  "p1 ≤ p̄_μ (that capacity increases with p1); with δ ≥ p̄_μ the limit is p̄_μ"])


def _pbar_proof():
    """The remark's algebra: the Z-channel C_BAC(0, 1 − p) = log₂(1 + 2^{−H_b(p)/p}) (eq. (7) at ε0 = 0 with
    H_b(1 − p) = H_b(p)) equals μ exactly when H_b(p)/p = −log₂(2^μ − 1); H_b(p)/p is strictly decreasing,
    (H_b(p)/p)' = log₂(1 − p)/p² < 0 (log(1 − p) ≤ −p by log t ≤ t − 1); C_BAC(0, 0) = 1 bit; δ ≤ 1."""
    p, mu = sympy.Symbol("p", positive=True), sympy.Symbol("mu", positive=True)
    hb = lambda z: (-z * log(z) - (1 - z) * log(1 - z)) / log(2)
    zchannel = identity([bac_capacity_formula(0, 1 - p), hb(1 - p) - hb(p)],
                        [log(1 + 2 ** (-binary_entropy(1 - p) / p)) / log(2), 0],
                        "(7) at ε0 = 0, ε1 = 1 − p: log₂(1 + 2^{−H_b(1−p)/p}), and H_b(1 − p) = H_b(p)")
    value = identity(log(1 + 2 ** (log(2 ** mu - 1) / log(2))) / log(2), mu,
                     "H_b(p̄)/p̄ = −log₂(2^μ − 1) gives C_BAC(0, 1 − p̄) = log₂(1 + (2^μ − 1)) = μ")
    slope = identity(sympy.diff(hb(p) / p, p), log(1 - p) / (log(2) * p ** 2), "(H_b(p)/p)' = log₂(1 − p)/p²")
    top = identity(bac_capacity_formula(0, 0), 1, "C_BAC(0, 0) = 1 bit: for μ ≥ 1 the point (p0, p1) = (0, 1) is feasible")
    p0, p1, x = sympy.symbols("p0 p1 x", real=True)
    at_most_one = real_closed(1 - (p1 - x * p0), [p0, p1, x], [p0 >= 0, p1 <= 1, x >= 1],
                              "p1 − e^ε p0 ≤ 1 for probabilities p0, p1: δ^LDP_μ ≤ 1")
    return grouped("the Z-channel value, the monotonicity of H_b(p)/p and the case μ ≥ 1", zchannel, value, slope,
                   log_below_chord(), _pbar_unique(), top, at_most_one)


def _pbar_unique():
    """Uniqueness of p̄_μ in (0, 1) as kernel steps: log(1 − p) < log 1 = 0 (log increases strictly), so
    (−H_b(p)/p)' = −log₂(1 − p)/p² > 0 and H_b(p)/p decreases strictly on (0, 1) (the mean value theorem, rule
    `increasing`); two solutions p, q ∈ (0, 1) of H_b(·)/· = −log₂(2^μ − 1) are then equal (either order contradicts
    the strict decrease). Existence (the intermediate value theorem) and p = 1 stay in words."""
    p, q, a, b, u, x1, x2, c = sympy.symbols("p q a b u x_1 x_2 c", real=True)
    g = lambda z: (-z * log(z) - (1 - z) * log(1 - z)) / (z * log(2))
    inc = kernel.increasing(log(u), u, x1, x2, [x1 > 0], strict=True, detail="log increases strictly on (0, ∞)")
    neg = kernel.instantiate(inc, {x1: 1 - p, x2: 1}, [p > 0, p < 1], detail="log(1 − p) < log 1 = 0 for p ∈ (0, 1)")
    dec = kernel.increasing(-g(p), p, a, b, [a > 0, b < 1], strict=True, premises=[neg],
                            detail="H_b(p)/p decreases strictly on (0, 1): (−H_b(p)/p)' = −log₂(1 − p)/p² > 0")
    below = kernel.instantiate(dec, {a: p, b: q}, [p > 0, p < q, q < 1])
    above = kernel.instantiate(dec, {a: q, b: p}, [q > 0, q < p, p < 1])
    inside = [p > 0, p < 1, q > 0, q < 1]
    one = kernel.decide(kernel.goal(sympy.Eq(p, q), [*inside, sympy.Eq(g(p), c), sympy.Eq(g(q), c)]), below, above,
                        detail="at most one p ∈ (0, 1) with H_b(p)/p = c")
    return kernel.instantiate(one, {c: -log(2 ** _μ - 1) / log(2)}, [_μ > 0, *inside,
                                                                    sympy.Eq(g(p), -log(2 ** _μ - 1) / log(2)),
                                                                    sympy.Eq(g(q), -log(2 ** _μ - 1) / log(2))],
                              detail="at most one p ∈ (0, 1) with H_b(p)/p = −log₂(2^μ − 1)")


# --------------------------------------------------------------------------------------------
# Theorem 1


T1 = {(R(1, 10), 0): "0.367961307352785", (R(1, 10), R(1, 4)): "0.299115384042225",
      (R(1, 10), 1): "0.201483210469259", (R(1, 10), R(5, 2)): "0.177535162117117",
      (R(1, 100), 1): "0.0227503930492297", (R(1, 100), R(1, 4)): "0.0528926589013783"}


@claim(PAPER, "Theorem 1(a)",
       "μ-CI-LMIDP ⇒ (ε, δ^LDP_μ(ε))-LDP with δ^LDP_μ of eq. (6); tight: a binary mechanism attains it.",
       stated_domain='“If a mechanism M satisfies μ-CI-LMIDP”, every ε ≥ 0', stated_where='Section III-A, Theorem 1(a), eq. (6)',
       quote=(r"Theorem 1 (CI-LMIDP vs. LDP) 1. (a) If a mechanism M𝑀Mitalic_M satisfies μ𝜇\muitalic_μ-CI-LMIDP, it "
              r"satisfies "
              r"(ϵ,δμLDP(ϵ))italic-ϵsubscriptsuperscript𝛿LDP𝜇italic-ϵ(\epsilon,\delta^{\text{{}LDP}}_{\mu}(\epsilon))( "
              r"italic_ϵ , italic_δ start_POSTSUPERSCRIPT LDP end_POSTSUPERSCRIPT start_POSTSUBSCRIPT italic_μ "
              r"end_POSTSUBSCRIPT ( italic_ϵ ) )-LDP for every ϵ>0italic-ϵ0\epsilon>0italic_ϵ > 0 and "
              r"δμLDP(ϵ)=subscriptsuperscript𝛿LDP𝜇italic-ϵabsent\displaystyle\delta^{\text{{}LDP}}_{\mu}(\epsilon)=italic_δ "
              r"start_POSTSUPERSCRIPT LDP end_POSTSUPERSCRIPT start_POSTSUBSCRIPT italic_μ end_POSTSUBSCRIPT ( "
              r"italic_ϵ ) = "
              r"maxp0,p1[0,1]max{0,p0eϵp1,p1eϵp0},subscriptsubscript𝑝0subscript𝑝1010subscript𝑝0superscript𝑒italic-ϵsubscript𝑝1subscript𝑝1superscript𝑒italic-ϵsubscript𝑝0\displaystyle\max_{p_{0},p_{1}\in[0,1]}\max\{0,p_{0}-e^{\epsilon}p_{1},p_{1}-e% "
              r"^{\epsilon}p_{0}\},roman_max start_POSTSUBSCRIPT italic_p start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT , "
              r"italic_p start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT ∈ [ 0 , 1 ] end_POSTSUBSCRIPT roman_max { 0 , "
              r"italic_p start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT - italic_e start_POSTSUPERSCRIPT italic_ϵ "
              r"end_POSTSUPERSCRIPT italic_p start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT , italic_p start_POSTSUBSCRIPT "
              r"1 end_POSTSUBSCRIPT - italic_e start_POSTSUPERSCRIPT italic_ϵ end_POSTSUPERSCRIPT italic_p "
              r"start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT } , (6) such thatCBAC(p0,1p1)μsuch "
              r"thatsubscript𝐶BACsubscript𝑝01subscript𝑝1𝜇\displaystyle\textnormal{such "
              r"that}~{}~{}C_{\text{{}BAC}}(p_{0},1-p_{1})\leq\musuch that italic_C start_POSTSUBSCRIPT BAC "
              r"end_POSTSUBSCRIPT ( italic_p start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT , 1 - italic_p "
              r"start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT ) ≤ italic_μ where "
              r"CBAC(ϵ0,ϵ1)subscript𝐶BACsubscriptitalic-ϵ0subscriptitalic-ϵ1C_{\text{{}BAC}}(\epsilon_{0},\epsilon_{1})italic_C "
              r"start_POSTSUBSCRIPT BAC end_POSTSUBSCRIPT ( italic_ϵ start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT , "
              r"italic_ϵ start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT ) is the capacity of the binary asymmetric channel "
              r"with crossover probabilities (ϵ0,ϵ1)subscriptitalic-ϵ0subscriptitalic-ϵ1(\epsilon_{0},\epsilon_{1})( "
              r"italic_ϵ start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT , italic_ϵ start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT "
              r") [17]. Specifically, if "
              r"0ϵ0min{ϵ1,1ϵ1,1/2}0subscriptitalic-ϵ0subscriptitalic-ϵ11subscriptitalic-ϵ1120\leq\epsilon_{0}\leq\min\{\epsilon_{1},1-\epsilon_{1},1/2\}0 "
              r"≤ italic_ϵ start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT ≤ roman_min { italic_ϵ start_POSTSUBSCRIPT 1 "
              r"end_POSTSUBSCRIPT , 1 - italic_ϵ start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT , 1 / 2 }, "
              r"CBAC(ϵ0,ϵ1)=ϵ01ϵ0ϵ1Hb(ϵ1)1ϵ11ϵ0ϵ1Hb(ϵ0)+log(1+2Hb(ϵ0)Hb(ϵ1)1ϵ0ϵ1),subscript𝐶BACsubscriptitalic-ϵ0subscriptitalic-ϵ1subscriptitalic-ϵ01subscriptitalic-ϵ0subscriptitalic-ϵ1subscript𝐻bsubscriptitalic-ϵ11subscriptitalic-ϵ11subscriptitalic-ϵ0subscriptitalic-ϵ1subscript𝐻bsubscriptitalic-ϵ01superscript2subscript𝐻bsubscriptitalic-ϵ0subscript𝐻bsubscriptitalic-ϵ11subscriptitalic-ϵ0subscriptitalic-ϵ1C_{\text{{}BAC}}(\epsilon_{0},\epsilon_{1})=\tfrac{\epsilon_{0}}{1-\epsilon_{0% "
              r"}-\epsilon_{1}}H_{\text{{}b}}(\epsilon_{1})-\tfrac{1-\epsilon_{1}}{1-\epsilon_% "
              r"{0}-\epsilon_{1}}H_{\text{{}b}}(\epsilon_{0})\\ "
              r"+\log\big{(}1+2^{\frac{H_{\text{{}b}}(\epsilon_{0})-H_{\text{{}b}}(\epsilon_{1% "
              r"})}{1-\epsilon_{0}-\epsilon_{1}}}\big{)},start_ROW start_CELL italic_C start_POSTSUBSCRIPT BAC "
              r"end_POSTSUBSCRIPT ( italic_ϵ start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT , italic_ϵ start_POSTSUBSCRIPT "
              r"1 end_POSTSUBSCRIPT ) = divide start_ARG italic_ϵ start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT end_ARG "
              r"start_ARG 1 - italic_ϵ start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT - italic_ϵ start_POSTSUBSCRIPT 1 "
              r"end_POSTSUBSCRIPT end_ARG italic_H start_POSTSUBSCRIPT b end_POSTSUBSCRIPT ( italic_ϵ "
              r"start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT ) - divide start_ARG 1 - italic_ϵ start_POSTSUBSCRIPT 1 "
              r"end_POSTSUBSCRIPT end_ARG start_ARG 1 - italic_ϵ start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT - italic_ϵ "
              r"start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT end_ARG italic_H start_POSTSUBSCRIPT b end_POSTSUBSCRIPT ( "
              r"italic_ϵ start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT ) end_CELL end_ROW start_ROW start_CELL + roman_log "
              r"( 1 + 2 start_POSTSUPERSCRIPT divide start_ARG italic_H start_POSTSUBSCRIPT b end_POSTSUBSCRIPT ( "
              r"italic_ϵ start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT ) - italic_H start_POSTSUBSCRIPT b "
              r"end_POSTSUBSCRIPT ( italic_ϵ start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT ) end_ARG start_ARG 1 - "
              r"italic_ϵ start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT - italic_ϵ start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT "
              r"end_ARG end_POSTSUPERSCRIPT ) , end_CELL end_ROW (7) where "
              r"Hb(p)=plogp(1p)log(1p)subscript𝐻b𝑝𝑝𝑝1𝑝1𝑝H_{\text{{}b}}(p)=-p\log p-(1\!-p)\log(1-p)italic_H "
              r"start_POSTSUBSCRIPT b end_POSTSUBSCRIPT ( italic_p ) = - italic_p roman_log italic_p - ( 1 - "
              r"italic_p ) roman_log ( 1 - italic_p ) is the binary entropy. Otherwise, "
              r"CBAC(ϵ0,ϵ1)subscript𝐶BACsubscriptitalic-ϵ0subscriptitalic-ϵ1C_{\text{{}BAC}}(\epsilon_{0},\epsilon_{1})italic_C "
              r"start_POSTSUBSCRIPT BAC end_POSTSUBSCRIPT ( italic_ϵ start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT , "
              r"italic_ϵ start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT ) is equal to "
              r"CBAC(ϵ1,ϵ0)subscript𝐶BACsubscriptitalic-ϵ1subscriptitalic-ϵ0C_{\text{{}BAC}}(\epsilon_{1},\epsilon_{0})italic_C "
              r"start_POSTSUBSCRIPT BAC end_POSTSUBSCRIPT ( italic_ϵ start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT , "
              r"italic_ϵ start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT ) if "
              r"ϵ0>ϵ1subscriptitalic-ϵ0subscriptitalic-ϵ1\epsilon_{0}>\epsilon_{1}italic_ϵ start_POSTSUBSCRIPT 0 "
              r"end_POSTSUBSCRIPT > italic_ϵ start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT, to "
              r"CBAC(1ϵ1,1ϵ0)subscript𝐶BAC1subscriptitalic-ϵ11subscriptitalic-ϵ0C_{\text{{}BAC}}(1-\epsilon_{1},1-\epsilon_{0})italic_C "
              r"start_POSTSUBSCRIPT BAC end_POSTSUBSCRIPT ( 1 - italic_ϵ start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT , 1 "
              r"- italic_ϵ start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT ) if "
              r"ϵ0>1ϵ1subscriptitalic-ϵ01subscriptitalic-ϵ1\epsilon_{0}>1-\epsilon_{1}italic_ϵ start_POSTSUBSCRIPT 0 "
              r"end_POSTSUBSCRIPT > 1 - italic_ϵ start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT, and to "
              r"CBAC(1ϵ0,1ϵ1)subscript𝐶BAC1subscriptitalic-ϵ01subscriptitalic-ϵ1C_{\text{{}BAC}}(1-\epsilon_{0},1-\epsilon_{1})italic_C "
              r"start_POSTSUBSCRIPT BAC end_POSTSUBSCRIPT ( 1 - italic_ϵ start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT , 1 "
              r"- italic_ϵ start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT ) if "
              r"ϵ0>1/2subscriptitalic-ϵ012\epsilon_{0}>1/2italic_ϵ start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT > 1 / 2. "
              r"A mechanism that satisfies μ𝜇\muitalic_μ-CI-LMIDP need not satisfy (ϵ,δ)italic-ϵ𝛿(\epsilon,\delta)( "
              r"italic_ϵ , italic_δ )-LDP for ϵ>0italic-ϵ0\epsilon>0italic_ϵ > 0 and any "
              r"δ<δμLDP(ϵ)𝛿subscriptsuperscript𝛿LDP𝜇italic-ϵ\delta<\delta^{\text{{}LDP}}_{\mu}(\epsilon)italic_δ < "
              r"italic_δ start_POSTSUPERSCRIPT LDP end_POSTSUPERSCRIPT start_POSTSUBSCRIPT italic_μ "
              r"end_POSTSUBSCRIPT ( italic_ϵ )."))
def theorem_1a():
    tight = []
    for (mu, eps), ref in list(T1.items())[:4]:
        v = lmidp_to_ldp(mu, eps)
        p0, p1 = v.maximiser
        star = Channel([[1 - p1, p1], [1 - p0, p0]])  # M*: Ber(p1*) on A, Ber(p0*) off A
        tight.append(ordered([star.capacity(), mu], f"M* at (μ, ε) = ({mu}, {eps}) is μ-CI-LMIDP"))
        tight.append(ordered([v - R(1, 10 ** 30), star.ldp_delta(eps), v],
                             f"M*'s LDP curve at ε = {eps} attains δ^LDP_μ (to 10⁻³⁰)"))
    refs = [near(lmidp_to_ldp(mu, eps), ref, 13, f"δ^LDP_{mu}({eps}) vs reference") for (mu, eps), ref in T1.items()]
    bsc = []
    for mu in (R(1, 10),):
        t = lmidp_to_ldp(mu, 0)
        bsc.append(certified_agreement(Real(lambda q: 1 - (lambda b: (-(b * b.log()) - (1 - b) * (1 - b).log()) / arb(2).log())((1 - t.ball(q)) / 2)),
                                       mu, 25, "at ε = 0 the maximiser is a BSC: 1 − H_b((1−δ)/2) = μ"))
    # the bound holds on channels: δ̄^LDP_W(ε) ≤ δ^LDP_{C(W)}(ε)
    sound = [ordered([ch.ldp_delta(1), lmidp_to_ldp(sympy.Rational(certify(ch.capacity(), 20).upper), 1)],
                     "δ̄^LDP_W(1) ≤ δ^LDP_{C(W)}(1)") for ch in (CHANNELS[0], randomized_response(1))]
    statement = combine(tight + sound)
    return establish(statement, *refs, *bsc, domain="tightness at 4 (μ, ε) points; the bound on 2 channels",
                     stated_domain="μ ≥ 0, ε > 0, all mechanisms")


_THEOREM_1B_DOMAIN = [LDPCurveMechanism("M", "delta")]


@claim(PAPER, "Theorem 1(b)", "(ε,δ(ε))-LDP for all ε ⇒ μ^CI = log(e)∫₀^∞(1+e^{−ε})δ(ε)dε-CI-LMIDP (eq. 8).",
       domain=_THEOREM_1B_DOMAIN, stated_domain='“satisfies (ε, δ(ε))-LDP for ε > 0”', stated_where='Section III-A, Theorem 1(b), eq. (8)',
       quote=(r"2. (b) If a mechanism M𝑀Mitalic_M satisfies (ϵ,δ(ϵ))italic-ϵ𝛿italic-ϵ(\epsilon,\delta(\epsilon))( "
              r"italic_ϵ , italic_δ ( italic_ϵ ) )-LDP for ϵ>0italic-ϵ0\epsilon>0italic_ϵ > 0, it satisfies "
              r"μδ(ϵ)CIsubscriptsuperscript𝜇CI𝛿italic-ϵ\mu^{\text{{}CI}}_{\delta(\epsilon)}italic_μ "
              r"start_POSTSUPERSCRIPT CI end_POSTSUPERSCRIPT start_POSTSUBSCRIPT italic_δ ( italic_ϵ ) "
              r"end_POSTSUBSCRIPT-CI-LMIDP with "
              r"μδ(ϵ)CI=log(e)0(1+eϵ)δ(ϵ)dϵbits.subscriptsuperscript𝜇CI𝛿italic-ϵ𝑒superscriptsubscript01superscript𝑒italic-ϵ𝛿italic-ϵdifferential-ditalic-ϵbits\mu^{\text{{}CI}}_{\delta(\epsilon)}=\log(e)\int_{0}^{\infty}(1+e^{-\epsilon})% "
              r"\delta(\epsilon)\mathrm{d}\epsilon\quad\text{bits}.italic_μ start_POSTSUPERSCRIPT CI "
              r"end_POSTSUPERSCRIPT start_POSTSUBSCRIPT italic_δ ( italic_ϵ ) end_POSTSUBSCRIPT = roman_log ( "
              r"italic_e ) ∫ start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT start_POSTSUPERSCRIPT ∞ end_POSTSUPERSCRIPT ( 1 "
              r"+ italic_e start_POSTSUPERSCRIPT - italic_ϵ end_POSTSUPERSCRIPT ) italic_δ ( italic_ϵ ) roman_d "
              r"italic_ϵ bits . (8)"))
def theorem_1b():
    s2, d, D = sympy.symbols("sigma2 d Delta", positive=True)
    closed = identity(gaussian(sqrt(s2), 2 * sqrt(d) * D).kl() * LOG2E, 2 * d * D ** 2 / s2 * LOG2E,
                      "Gaussian mechanism (5): (8) = log(e)·KL(N(0,σ²)‖N(2√dΔ,σ²)) = 2dΔ²/σ²·log e (Lemma 1, symmetric pair)")
    lib = exact_agreement(ldp_to_lmidp(gaussian(sqrt(R(72)), 2 * sqrt(10))), R(20, 72) * LOG2E,
                          "ldp_to_lmidp(Gaussian d=10, Δ=1, σ²=72) = 2·10/72·log e")
    rr = []
    for e0 in (R(1, 2), R(1), R(2)):
        ch = randomized_response(e0)
        rr.append(certified_agreement(ldp_to_lmidp(ch).paper, e0 * sympy.tanh(e0 / 2) * LOG2E, 25,
                                      f"RR_{e0}: certified integral of (8) = ε0 tanh(ε0/2) log e"))
        rr.append(ordered([ch.capacity(), ldp_to_lmidp(ch)], f"RR_{e0}: capacity ≤ μ^CI of (8)"))
    bound = [ordered([ch.capacity(), ldp_to_lmidp(ch)], "capacity ≤ (8)") for ch in CHANNELS[:2]]
    # the proof (Appendix -A2): for any P_X, I(X;M(X)) = E_X KL(P_{M(X)|X}‖P_{M(X)}) ≤ E_{X,X'} KL(P_{M(X)}‖P_{M(X')})
    # (convexity of KL in its second argument, P_{M(X)} = E_{X'} P_{M(X')}), and each KL ≤ (8) by (17)–(18)
    proof = _information_below_pairwise_kl()
    return establish(proof, combine([closed] + rr + bound), lib,
                     near(ldp_to_lmidp(randomized_response(1)), "0.666694131088721", 13, "RR_1 vs reference"),
                     domain=_THEOREM_1B_DOMAIN, uses=["lmidp:appendix-a2-eqs-17-18"],
                     prose_steps=["the kernel goal at the channel's objects: W the rows P_{M(x)} on l outputs, w = P_X on k "
                                  "inputs, L and Λ the privacy losses of W_x with respect to P_{M(X)} and to W_j (a finite "
                                  "(8) forces the rows to share their support, so they are real); e^{−L_xy} = Σ_j w_j e^{−Λ_xjy} "
                                  "is P_{M(X)}(y)/W_x(y) = Σ_j w_j W_j(y)/W_x(y); M = (8)·ln 2 bounds each KL(W_x‖W_j) in "
                                  "nats by Appendix -A2 (KL(W_x‖W_x) = 0 ≤ M)",
                                  "for every P_X, so also sup_{P_X} I(X;M(X)) ≤ (8); general input and output spaces by the "
                                  "same steps with expectations in place of the finite sums"])


def _information_below_pairwise_kl():
    """I(X;M(X)) ≤ M when every KL(W_x‖W_j) ≤ M (Appendix -A2's step, convexity of KL in its second argument), for a
    channel W on k inputs and l outputs and an input law w, in nats, as kernel steps. With L_xy = ln(W_xy/m_y),
    m = Σ_j w_j W_j the output law, and Λ_xjy = ln(W_xy/W_jy): e^{−L_xy} = Σ_j w_j e^{−Λ_xjy} ≥ e^{−Σ_j w_j Λ_xjy}
    (Jensen: the tangent line of e^u at u = −Σ_j w_j Λ_xjy, weighted and summed), so L_xy ≤ Σ_j w_j Λ_xjy (e^u strictly
    increases); weighted by W_xy ≥ 0 and summed over y, KL(W_x‖m) = Σ_y W_xy L_xy ≤ Σ_j w_j KL(W_x‖W_j) ≤ M
    (the order of the two finite sums swapped, Σ_j w_j = 1); then I = Σ_x w_x KL(W_x‖m) ≤ M likewise."""
    i, j, k, x, y, l = sympy.symbols("i j k x y l", integer=True)
    # w, W real sequences whose signs are hypotheses: the objects are the claim's words (P_X and the rows), no typed item
    w, W = sympy.IndexedBase("w", real=True), sympy.IndexedBase("W", real=True)
    lam, loss = sympy.IndexedBase("Lambda", real=True), sympy.IndexedBase("L", real=True)
    u, at, lo, hi, bound = sympy.symbols("u a lo hi M", real=True)
    tangent = kernel.instantiate(kernel.tangent(exp(u), u, at, lo, hi, detail="e^u is convex"),
                                 {lo: sympy.Min(u, at), hi: sympy.Max(u, at)}, [], detail="on any interval holding u and a")
    mean = sympy.Sum(w[j] * lam[x, j, y], (j, 1, k))
    at_i = kernel.instantiate(tangent, {u: -lam[x, i, y], at: -mean})
    weighted = kernel.decide(kernel.goal(w[i] * exp(-lam[x, i, y]) >= w[i] * (exp(-mean) * (1 - lam[x, i, y] + mean)),
                                         [i >= 1, i <= k, w[i] >= 0]), at_i, detail="the tangent line weighted by w_i ≥ 0")
    total = sympy.Eq(sympy.Sum(w[i], (i, 1, k)), 1)
    law = [k >= 1, total, kernel.Every(w[i] >= 0, (i, 1, k))]
    jensen = kernel.decide(kernel.goal(sympy.Sum(w[i] * exp(-lam[x, i, y]), (i, 1, k)) >= exp(-mean), law),
                           kernel.summed(weighted, i, 1, k),
                           kernel.linear(sympy.Sum(w[i] * (exp(-mean) * (1 - lam[x, i, y] + mean)), (i, 1, k))),
                           kernel.rename(sympy.Sum(lam[x, i, y] * w[i], (i, 1, k)), j),
                           detail="Jensen: Σ_i w_i e^{−Λ_i} ≥ e^{−Σ_j w_j Λ_j}")
    mono = kernel.instantiate(kernel.increasing(exp(u), u, lo, hi, strict=True, detail="e^u increases strictly"),
                              {lo: -loss[x, y], hi: -mean})
    mixture = sympy.Eq(exp(-loss[x, y]), sympy.Sum(w[i] * exp(-lam[x, i, y]), (i, 1, k)))
    convex = kernel.decide(kernel.goal(loss[x, y] <= mean, [*law, mixture]), jensen, mono,
                           detail="L_xy ≤ Σ_j w_j Λ_xjy: convexity of KL in its second argument, at one output")
    output = sympy.And(W[x, y] >= 0, mixture)
    per_y = kernel.decide(kernel.goal(W[x, y] * loss[x, y] <= W[x, y] * mean, [*law, y >= 1, y <= l, output]),
                          convex, detail="weighted by W_xy ≥ 0")
    term = W[x, y] * w[j] * lam[x, j, y]
    inner = kernel.linear(sympy.Sum(term, (j, 1, k)))
    rows = kernel.rewrite(kernel.summed(per_y, y, 1, l), inner, reverse=True)
    kl = sympy.Sum(W[x, y] * lam[x, j, y], (y, 1, l))        # KL(W_x‖W_j) in nats
    pair = sympy.And(w[j] >= 0, kl <= bound)
    capped = kernel.decide(kernel.goal(w[j] * kl <= w[j] * bound, [j >= 1, j <= k, pair]), detail="w_j ≥ 0")
    rows_ok = sympy.And(kernel.Every(output, (y, 1, l)), kernel.Every(pair, (j, 1, k)))
    row = kernel.decide(kernel.goal(sympy.Sum(W[x, y] * loss[x, y], (y, 1, l)) <= bound, [*law, l >= 1, rows_ok]),
                        rows, kernel.swap(sympy.Sum(term, (j, 1, k), (y, 1, l))),
                        kernel.summed(kernel.combine(kernel.linear(sympy.Sum(term, (y, 1, l))), hypotheses=[j >= 1, j <= k]),
                                      j, 1, k),
                        kernel.summed(capped, j, 1, k), kernel.linear(sympy.Sum(w[j] * bound, (j, 1, k))),
                        kernel.rename(sympy.Sum(w[i], (i, 1, k)), j),
                        detail="KL(W_x‖P_{M(X)}) ≤ Σ_j w_j KL(W_x‖W_j) ≤ M")
    info = sympy.Sum(W[x, y] * loss[x, y], (y, 1, l))
    each = sympy.And(w[x] >= 0, rows_ok)
    weighted_row = kernel.decide(kernel.goal(w[x] * info <= w[x] * bound, [*law, l >= 1, x >= 1, x <= k, each]),
                                 row, detail="weighted by w_x ≥ 0")
    return kernel.decide(kernel.goal(sympy.Sum(w[x] * info, (x, 1, k)) <= bound, [*law, l >= 1, kernel.Every(each, (x, 1, k))]),
                         kernel.summed(weighted_row, x, 1, k), kernel.linear(sympy.Sum(w[x] * bound, (x, 1, k))),
                         kernel.rename(sympy.Sum(w[i], (i, 1, k)), x),
                         detail="I(X;M(X)) = Σ_x w_x KL(W_x‖P_{M(X)}) ≤ M for every input law w")


#: The paper's domain: any two probability laws P, Q, on any space.
_LEMMA_1_DOMAIN = [Laws("P", "Q")]
#: What the kernel proof covers (so the claim is graded restricted): P, Q on an alphabet of l outputs with a privacy loss
#: L, P_y = e^{L_y} Q_y (the paper's proof's L = ln P/Q, real: P and Q share their support). Not covered: general
#: measures, and outputs where one of P_y, Q_y vanishes (KL = +∞ when Q_y = 0 < P_y; 0·ln 0 = 0 when P_y = 0 < Q_y).
_LEMMA_1_PROOF_DOMAIN = [Laws("P", "Q", k="l"), PrivacyLoss("L", "P", "Q", k="l")]


@claim(PAPER, "Lemma 1 (eq. 15)", "KL(P‖Q) = log(e)∫₀^∞(H_{e^ε}(P‖Q) + e^{−ε}H_{e^ε}(Q‖P))dε.",
       domain=_LEMMA_1_DOMAIN, stated_domain='any two measures P, Q (KL in bits, log(e) factor)', stated_where='Appendix, Lemma 1, eq. (15)',
       quote=(r"Lemma 1 Given two measures P𝑃Pitalic_P and Q𝑄Qitalic_Q, it holds that "
              r"𝕂𝕃(PQ)=log(e)0(eϵ(PQ)+eϵeϵ(QP))dϵ.𝕂𝕃conditional𝑃𝑄𝑒superscriptsubscript0subscriptsuperscript𝑒italic-ϵconditional𝑃𝑄superscript𝑒italic-ϵsubscriptsuperscript𝑒italic-ϵconditional𝑄𝑃differential-ditalic-ϵ\!\mathbb{K}\mathbb{L}(P\|Q)=\log(e)\!\int_{0}^{\infty}\!\!(\mathbb{H}_{e^{% "
              r"\epsilon}}(P\|Q)+e^{-\epsilon}\mathbb{H}_{e^{\epsilon}}(Q\|P))\mathrm{d}% \epsilon.\!blackboard_K "
              r"blackboard_L ( italic_P ∥ italic_Q ) = roman_log ( italic_e ) ∫ start_POSTSUBSCRIPT 0 "
              r"end_POSTSUBSCRIPT start_POSTSUPERSCRIPT ∞ end_POSTSUPERSCRIPT ( blackboard_H start_POSTSUBSCRIPT "
              r"italic_e start_POSTSUPERSCRIPT italic_ϵ end_POSTSUPERSCRIPT end_POSTSUBSCRIPT ( italic_P ∥ italic_Q "
              r") + italic_e start_POSTSUPERSCRIPT - italic_ϵ end_POSTSUPERSCRIPT blackboard_H start_POSTSUBSCRIPT "
              r"italic_e start_POSTSUPERSCRIPT italic_ϵ end_POSTSUPERSCRIPT end_POSTSUBSCRIPT ( italic_Q ∥ italic_P "
              r") ) roman_d italic_ϵ . (15)"))
def lemma_1():
    """Pointwise in the outcome y, with p = a_y, q = b_y and the privacy loss z = L_y = ln(p/q) (p = e^z q): the
    integrand g(ε) = (p − e^ε q)₊ + e^{−ε}(q − e^ε p)₊ of (15) is p − e^ε q on [0, z] and 0 beyond when z ≥ 0,
    e^{−ε}q − p on [0, −z] and 0 beyond when z ≤ 0, so ∫₀^∞ g dε = p z − p + q either way (the fundamental theorem
    of calculus on the bounded piece). Summed over y (Σ ∫ = ∫ Σ over a finite sum) the right side of (15) is
    Σ a_y L_y − Σ a_y + Σ b_y = KL(a‖b) nats, as Σa = Σb = 1; log(e) = 1/ln 2 converts to bits on both sides."""
    vals, refs = [], []
    for a, b in (((R(3, 10), R(7, 10)), (R(3, 5), R(2, 5))), ((R(1, 2), R(1, 3), R(1, 6)), (R(1, 6), R(1, 6), R(2, 3)))):
        vals.append(lemma1_integral(a, b))
        refs.append(kl_bits(a, b))
    integrals = certified_agreement(vals, refs, 25, "certified ∫ of (15) = KL in bits, two asymmetric pairs")
    ref = near(kl_bits((R(3, 10), R(7, 10)), (R(3, 5), R(2, 5))), "0.265148445440323", 13, "KL(Ber(0.3)‖Ber(0.6)) bits")
    mgf = exact_agreement(sum(a * a / b for a, b in zip((R(3, 10), R(7, 10)), (R(3, 5), R(2, 5)))), R(11, 8),
                          "MGF of the privacy loss at t = 1: E_P[P/Q] = 1 + χ² = 1.375")
    statement = combine(*_lemma1_statement(), detail="Lemma 1 on l outputs, P_y = e^{L_y}Q_y")
    return establish(statement, integrals, ref, mgf, domain=_LEMMA_1_PROOF_DOMAIN)


#: Lemma 1's per-outcome variables: p = a_y, q = b_y, z = L_y (p = e^z q), the integration variable ε.
_LP, _LQ, _LZ = sympy.symbols("p q z", real=True)


def _lemma1_integrand(p, q, e):
    """(p − e^ε q)₊ + e^{−ε}(q − e^ε p)₊: one outcome's term of (15)'s integrand."""
    return sympy.Max(p - exp(e) * q, 0) + exp(-e) * sympy.Max(q - exp(e) * p, 0)


def _lemma1_outcome(value=_LP * _LZ - _LP + _LQ):
    """The per-outcome facts of Lemma 1 as kernel steps, for p = e^z q, q ≥ 0 (g the integrand, _lemma1_integrand):
    z ≥ 0: ∫₀^z g = `value` and g = 0 on [z, ∞); z ≤ 0: ∫₀^{−z} g = `value` and g = 0 on [−z, ∞), for the value
    p z − p + q (any other is refused: tests/test_proofs_lmidp.py).
    e^a ≤ e^b for a ≤ b is `increasing`; e^ε·e^z against 1 goes through a lemma over x > 0 instantiated at x = e^ε
    (the solver reads e^ε, e^{−ε}, e^z as unrelated atoms)."""
    e, x, w = _ε, sympy.Symbol("x", real=True), sympy.Symbol("w", real=True)
    xp = sympy.Symbol("x", positive=True)
    p, q, z = _LP, _LQ, _LZ
    g = _lemma1_integrand(p, q, e)
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
    out = []
    # z ≥ 0: g = p − e^ε q on [0, z] (e^ε ≤ e^z; e^ε e^z ≥ 1 kills the second term), 0 beyond (e^ε ≥ e^z)
    inside = kernel.decide(kernel.goal(sympy.Eq(g, p - exp(e) * q), [*base, z >= 0, e >= 0, e <= z]), up(e, z), up(0, e),
                           up(0, z), detail="z ≥ 0, 0 ≤ ε ≤ z: g = p − e^ε q")
    ftc = kernel.fundamental(p * e - q * exp(e), e, 0, z, detail="∫₀^z (p − e^ε q) dε = pz − q e^z + q")
    piece = kernel.chain(kernel.integrated(inside, e, 0, z), ftc, detail="∫₀^z g = pz − q e^z + q")
    out.append(kernel.decide(kernel.goal(sympy.Eq(sympy.Integral(g, (e, 0, z)), value), [*base, z >= 0]), piece,
                             detail="z ≥ 0: ∫₀^z g = p z − p + q (q e^z = p)"))
    out.append(kernel.decide(kernel.goal(sympy.Eq(g, 0), [*base, z >= 0, e >= z]), up(z, e), up(0, e), up(0, z),
                             detail="z ≥ 0, ε ≥ z: g = 0"))
    # z ≤ 0: g = e^{−ε}q − p on [0, −z] (e^ε e^z ≤ 1), 0 beyond (e^ε e^z ≥ 1, e^z ≤ e^ε)
    inside = kernel.decide(kernel.goal(sympy.Eq(g, exp(-e) * q - p), [*base, z <= 0, e >= 0, e <= -z]), up(z, e),
                           up(z, -e), below, scaled, detail="z ≤ 0, 0 ≤ ε ≤ −z: g = e^{−ε}q − p")
    ftc = kernel.fundamental(-q * exp(-e) - p * e, e, 0, -z, detail="∫₀^{−z} (e^{−ε}q − p) dε = pz − q e^z + q")
    piece = kernel.chain(kernel.integrated(inside, e, 0, -z), ftc, detail="∫₀^{−z} g = pz − q e^z + q")
    out.append(kernel.decide(kernel.goal(sympy.Eq(sympy.Integral(g, (e, 0, -z)), value), [*base, z <= 0]), piece,
                             detail="z ≤ 0: ∫₀^{−z} g = p z − p + q (q e^z = p)"))
    out.append(kernel.decide(kernel.goal(sympy.Eq(g, 0), [*base, z <= 0, e >= -z]), up(z, e), up(-e, z), above,
                             detail="z ≤ 0, ε ≥ −z: g = 0"))
    return out


def _lemma1_statement(value=_LP * _LZ - _LP + _LQ):
    """Lemma 1 on l outputs as kernel steps, for laws P, Q with a privacy loss L (P_y = e^{L_y} Q_y): per outcome
    (_lemma1_outcome at p = e^{L_y}Q_y, q = Q_y, z = L_y) ∫₀^∞ g_y = ∫₀^{|L_y|} g_y (g_y = 0 beyond: `truncated`, which
    also gives its convergence) = P_y L_y − P_y + Q_y; summed over y (Σ ∫ = ∫ Σ: `swap`; the sum of the integrands
    split by linearity and written with P_y) and Σ P = Σ Q = 1: Σ P_y L_y = ∫₀^∞ (H_{e^ε}(P‖Q) + e^{−ε}H_{e^ε}(Q‖P)) dε;
    both sides over ln 2 (bits). Returns (that equation, the convergence of its right side: r6-cover's reading makes
    the integral defined where a covered goal concludes it converges). `value` is p z − p + q (another is refused:
    tests/test_proofs_lmidp.py)."""
    e, p, q, z = _ε, _LP, _LQ, _LZ
    y, l, P, Q = Y_OUT, L_OUT, ROW_P, ROW_Q
    loss = sympy.IndexedBase("L", real=True)
    g = _lemma1_integrand(p, q, e)
    whole = sympy.Integral(g, (e, 0, sympy.oo))
    base = [q >= 0, sympy.Eq(p, exp(z) * q)]
    above, beyond, below, past = _lemma1_outcome(value)
    cases = [(above, beyond, z), (below, past, -z)]
    outcome = kernel.decide(kernel.goal(sympy.Eq(whole, value), base),
                          *[kernel.chain(kernel.truncated(zero, e, 0, c), piece) for piece, zero, c in cases],
                          detail="∫₀^∞ g = ∫₀^{|z|} g = p z − p + q (both signs of z)")
    finite = kernel.decide(kernel.goal(kernel.Converges(whole), base),
                           *[kernel.truncated(zero, e, 0, c, converges=True) for _, zero, c in cases],
                           detail="∫₀^∞ g converges: g is continuous and 0 beyond |z|")
    at_y = {p: exp(loss[y]) * Q[y], q: Q[y], z: loss[y]}
    inside = [y >= 1, y <= l]
    each = kernel.instantiate(outcome, at_y, inside)
    g_y = _lemma1_integrand(exp(loss[y]) * Q[y], Q[y], e)
    every = kernel.every(kernel.instantiate(finite, at_y, inside), y, 1, l)
    summed = kernel.apply(kernel.summed(kernel.decide(kernel.goal(kernel.fact(each).goal.conclusion,
                                                                  [*inside, kernel.Converges(sympy.Integral(g_y, (e, 0, sympy.oo)))]),
                                                      each), y, 1, l),
                          every, detail="Σ_y ∫₀^∞ g_y = Σ_y (P_y L_y − P_y + Q_y), every ∫₀^∞ g_y converging")
    law = sympy.Eq(P[y], exp(loss[y]) * Q[y])

    def on_p(lhs, rhs, what):  # a per-outcome equation under P_y = e^{L_y}Q_y, summed over y
        return kernel.summed(kernel.decide(kernel.goal(sympy.Eq(lhs, rhs), [*inside, law]), detail=what), y, 1, l)
    plus = on_p(sympy.Max(P[y] - exp(e) * Q[y], 0), sympy.Max(exp(loss[y]) * Q[y] - exp(e) * Q[y], 0), "P_y = e^{L_y}Q_y")
    minus = on_p(sympy.Max(Q[y] - exp(e) * P[y], 0), sympy.Max(Q[y] - exp(e) * exp(loss[y]) * Q[y], 0), "P_y = e^{L_y}Q_y")
    pieces = sympy.Sum(sympy.Integral(g_y, (e, 0, sympy.oo)), (y, 1, l))

    def in_p(step, what):  # the integrand Σ_y g_y split by linearity, then written with P_y
        return kernel.rewrite(kernel.rewrite(kernel.rewrite(step, kernel.linear(sympy.Sum(g_y, (y, 1, l)))), plus, reverse=True),
                              minus, reverse=True, detail=what)
    right = in_p(kernel.swap(pieces), "Σ_y ∫₀^∞ g_y = ∫₀^∞ (H_{e^ε}(P‖Q) + e^{−ε}H_{e^ε}(Q‖P)) dε")
    converges = in_p(kernel.apply(kernel.swap(pieces, converges=True), every),
                     "∫₀^∞ (H_{e^ε}(P‖Q) + e^{−ε}H_{e^ε}(Q‖P)) dε converges: a finite sum of convergent integrals")
    left = on_p(exp(loss[y]) * loss[y] * Q[y] - exp(loss[y]) * Q[y] + Q[y], P[y] * loss[y] - P[y] + Q[y], "P_y = e^{L_y}Q_y")
    equal = kernel.decide(lemma1_goal(P, Q, loss), summed, right, left, every,
                          kernel.linear(sympy.Sum(P[y] * loss[y] - P[y] + Q[y], (y, 1, l))),
                          detail="KL(P‖Q) = Σ P_y L_y = log(e)∫₀^∞ (H_{e^ε}(P‖Q) + e^{−ε}H_{e^ε}(Q‖P)) dε (Σ P = Σ Q = 1)")
    finite = kernel.decide(lemma1_goal(P, Q, loss, converges=True), converges, detail="the right side of (15) is a real number")
    return equal, finite


# --------------------------------------------------------------------------------------------
# Theorem 2


@claim(PAPER, "Theorem 2(a)",
       "μ-CD-LMIDP ⇒ (ε, δ^LIP_μ(ε))-LIP with δ^LIP_μ of eq. (9) (max p0 − e^ε p1, e^{−ε}p1 − p0 s.t. KL(Ber(p1)‖Ber(p0)) ≤ μ).",
       stated_domain='“If a mechanism M satisfies μ-CD-LMIDP”, every ε ≥ 0', stated_where='Section III-B, Theorem 2(a), eq. (9)',
       quote=(r"Theorem 2 (CD-LMIDP vs. LIP) 1. (a) If a mechanism M𝑀Mitalic_M satisfies μ𝜇\muitalic_μ-CD-LMIDP, it "
              r"satisfies "
              r"(ϵ,δμLIP(ϵ))italic-ϵsubscriptsuperscript𝛿LIP𝜇italic-ϵ(\epsilon,\delta^{\text{{}LIP}}_{\mu}(\epsilon))( "
              r"italic_ϵ , italic_δ start_POSTSUPERSCRIPT LIP end_POSTSUPERSCRIPT start_POSTSUBSCRIPT italic_μ "
              r"end_POSTSUBSCRIPT ( italic_ϵ ) )-LIP for every ϵ>0italic-ϵ0\epsilon>0italic_ϵ > 0 and "
              r"δμLIP(ϵ)=maxp0,p1[0,1]subscriptsuperscript𝛿LIP𝜇italic-ϵsubscriptsubscript𝑝0subscript𝑝101\displaystyle\delta^{\text{{}LIP}}_{\mu}(\epsilon)=\max_{p_{0},p_{1}\in[0,1]}italic_δ "
              r"start_POSTSUPERSCRIPT LIP end_POSTSUPERSCRIPT start_POSTSUBSCRIPT italic_μ end_POSTSUBSCRIPT ( "
              r"italic_ϵ ) = roman_max start_POSTSUBSCRIPT italic_p start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT , "
              r"italic_p start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT ∈ [ 0 , 1 ] end_POSTSUBSCRIPT "
              r"max{0,p0eϵp1,eϵp1p0}0subscript𝑝0superscript𝑒italic-ϵsubscript𝑝1superscript𝑒italic-ϵsubscript𝑝1subscript𝑝0\displaystyle\max\{0,p_{0}\!-\!e^{\epsilon}p_{1},e^{-\epsilon}p_{1}\!-\!p_{0}\}roman_max "
              r"{ 0 , italic_p start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT - italic_e start_POSTSUPERSCRIPT italic_ϵ "
              r"end_POSTSUPERSCRIPT italic_p start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT , italic_e "
              r"start_POSTSUPERSCRIPT - italic_ϵ end_POSTSUPERSCRIPT italic_p start_POSTSUBSCRIPT 1 "
              r"end_POSTSUBSCRIPT - italic_p start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT } (9) such that "
              r"𝕂𝕃(Ber(p1)Ber(p0))μ.𝕂𝕃conditionalBersubscript𝑝1Bersubscript𝑝0𝜇\displaystyle\mathbb{K}\mathbb{L}({\rm "
              r"Ber}\mathopen{}\left(p_{1}\right)\|{\rm Ber% }\mathopen{}\left(p_{0}\right))\leq\mu.blackboard_K "
              r"blackboard_L ( roman_Ber ( italic_p start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT ) ∥ roman_Ber ( italic_p "
              r"start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT ) ) ≤ italic_μ . Here, "
              r"𝕂𝕃(Ber(p1)Ber(p0))=log1p11p0+p1logp1(1p0)p0(1p1).𝕂𝕃conditionalBersubscript𝑝1Bersubscript𝑝01subscript𝑝11subscript𝑝0subscript𝑝1subscript𝑝11subscript𝑝0subscript𝑝01subscript𝑝1\mathbb{K}\mathbb{L}({\rm "
              r"Ber}\mathopen{}\left(p_{1}\right)\!\|{\rm Ber}% "
              r"\mathopen{}\left(p_{0}\right))\!=\!\log\frac{1-p_{1}}{1-p_{0}}+p_{1}\log\frac{% "
              r"p_{1}(1-p_{0})}{p_{0}(1-p_{1})}.\!blackboard_K blackboard_L ( roman_Ber ( italic_p "
              r"start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT ) ∥ roman_Ber ( italic_p start_POSTSUBSCRIPT 0 "
              r"end_POSTSUBSCRIPT ) ) = roman_log divide start_ARG 1 - italic_p start_POSTSUBSCRIPT 1 "
              r"end_POSTSUBSCRIPT end_ARG start_ARG 1 - italic_p start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT end_ARG + "
              r"italic_p start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT roman_log divide start_ARG italic_p "
              r"start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT ( 1 - italic_p start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT ) "
              r"end_ARG start_ARG italic_p start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT ( 1 - italic_p "
              r"start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT ) end_ARG ."))
def theorem_2a():
    eta = R(1, 100)
    ident = Channel([[1, 0], [0, 1]])
    prior = [1 - eta, eta]
    mu = ident.mutual_information(prior)
    lip = ident.lip_delta(prior, 1)
    printed = cd_lmidp_to_lip(mu.exact, 1)
    holds_printed = sign(printed - lip) >= 0
    # what the proof gives: P(x)·KL(P_{M(x)}‖P_{M(X)}) ≤ Σ_x' P(x')KL(...) = I, i.e. KL ≤ μ/P_X(x)
    per_x = []
    for ch, pr in zip(CHANNELS + [ident], PRIORS + [prior]):
        py = ch.apply(pr)
        info = ch.mutual_information(pr)
        for px, row in zip(pr, ch.rows):
            per_x.append(ordered([kl_bits(row, py) * px, info], "P(x)·KL(P_{M(x)}‖P_{M(X)}) ≤ I(X;M(X))"))
    # ... and with the DPI step (24)-(25) for input x: δ̄^LIP(ε) ≤ sup_{x ∈ supp} δ^LIP_{μ/P_X(x)}(ε), μ = I(X;M(X))
    bound, finite = [], {}
    for ch, pr in [(CHANNELS[0], PRIORS[0]), (CHANNELS[1], PRIORS[1]), (ident, prior)]:
        info = ch.mutual_information(pr).exact
        for eps in (R(1, 2), 1):
            # δ^LIP_μ grows with μ (a larger feasible set), so the sup over x is at the least P_X(x) > 0
            worst = cd_lmidp_to_lip(info / min((px for px in pr if px != 0), key=float), eps)
            actual = ch.lip_delta(pr, eps)
            bound.append(ordered([actual, worst],
                                 f"{ch.n_inputs}×{ch.n_outputs} channel, ε = {eps}: δ̄^LIP(ε) ≤ max_x δ^LIP_{{μ/P_X(x)}}(ε) "
                                 "(eq. 9 with μ/P_X(x), μ = I(X;M(X)))"))
            if ch is CHANNELS[0] and eps == R(1, 2):
                as_printed = cd_lmidp_to_lip(info, eps)
                holds_printed = holds_printed and sign(as_printed - actual) >= 0
                finite = {"channel": "rows (1/2,1/4,1/4), (1/5,3/5,1/5), (1/10,1/10,4/5)", "prior": "(1/3, 1/2, 1/6)", "eps": "1/2",
                          "mu_bits": certify(info, 12).decimal, "lip_delta": certify(actual, 12).decimal,
                          "eq9_delta": certify(as_printed, 12).decimal}
    corrected = combine(per_x + bound + [exact_agreement(lip, 1 - eta, "the witness needs δ = 1 − η for every ε "
                                                                       "(x = 1, E = {0})")])
    gauss = _figure3_gaussian_witness()
    witness = {"mechanism": "identity on {0,1}", "P_X(1)": str(eta), "mu_bits": certify(mu, 15).decimal,
               "eps": 1, "required_delta": str(lip), "eq9_delta": certify(printed, 15).decimal,
               "finite_channel": finite, "figure_3_gaussian": gauss}
    holds_printed = holds_printed and not gauss["violates"]
    return establish(erratum(holds_printed, witness, corrected,
                             "false: the identity mechanism with P_X(1) = 1/100 is H_b(1/100)-CD-LMIDP but needs δ = 99/100 "
                             "for every ε; a 3×3 channel and the paper's own Figure 3 Gaussian also violate (9); "
                             "App. -B1 turns E_X[KL(P_{M|X}‖P_M)] ≤ μ into a per-x bound (claim 'Appendix -B1 "
                             "(from (23) and (25)), erratum')",
                             corrected_statement="the proof gives KL(Ber(p1)‖Ber(p0)) ≤ μ/P_X(x) for input x, so "
                                                 "δ̄^LIP(ε) ≤ sup_{x ∈ supp P_X} δ^LIP_{μ/P_X(x)}(ε) (eq. 9 with μ/P_X(x)); "
                                                 "checked with certified values on 3 channels × ε ∈ {1/2, 1}, the "
                                                 "identity witness included", kind="substantive"),
                     domain="witnesses at ε ∈ {1/2, 1}; corrected bound on 3 channels × 2 ε", stated_domain="all mechanisms")


def _figure3_gaussian_witness() -> dict:
    """The paper's own Figure 3 mechanism breaks (9): G(X) = X + N(0, σ²), σ² = 137/100, X on
    x_i = −1 + i/10 (i = 0..20) with P ∝ e^{−2x²}. It is 0.1-CD-LMIDP, since
    I(X;G(X)) = min_Q E KL(P_{Y|X}‖Q) ≤ ½ log₂(1 + E[X²]/σ²) (Q = N(0, σ² + E X²)), yet at ε = 1/10
    the event E = {y > 1/2} for x = 1 forces δ ≥ e^{−ε}(P_1(E) − e^ε P_Y(E)) (eq. 4)."""
    prec = 160
    from flint import ctx
    with ctx.workprec(prec):
        xs = [arb(-1) + arb(i) / 10 for i in range(21)]
        w = [(-2 * x * x).exp() for x in xs]
        z = sum(w, arb(0))
        p = [v / z for v in w]
        s2 = arb(137) / 100
        s = s2.sqrt()
        ex2 = sum((pi * x * x for pi, x in zip(p, xs)), arb(0))
        info = (1 + ex2 / s2).log() / 2 / arb(2).log()
        sf = lambda v: (v / arb(2).sqrt()).erfc() / 2
        t, eps = arb(1) / 2, arb(1) / 10
        py = sum((pi * sf((t - x) / s) for pi, x in zip(p, xs)), arb(0))
        need = (-eps).exp() * (sf((t - 1) / s) - eps.exp() * py)
        claimed = cd_lmidp_to_lip(R(1, 10), R(1, 10)).ball(prec)
        violates = bool(info < arb(1) / 10 and need > claimed)
    return {"sigma2": "137/100", "I_upper_bits": info.str(12), "eps": "1/10", "lip_delta_at_least": need.str(12),
            "eq9_delta_mu_0.1": claimed.str(12), "violates": violates}


@claim(PAPER, "Eq. (9)", "δ^LIP_μ(ε) values and limit 1 − 2^{−μ} (the quantity of Theorem 2(a), as printed).",
       stated_domain='μ > 0, ε ≥ 0', stated_where='Section III-B, eq. (9)',
       quote=(r"If a mechanism M𝑀Mitalic_M satisfies μ𝜇\muitalic_μ-CD-LMIDP, it satisfies "
              r"(ϵ,δμLIP(ϵ))italic-ϵsubscriptsuperscript𝛿LIP𝜇italic-ϵ(\epsilon,\delta^{\text{{}LIP}}_{\mu}(\epsilon))( "
              r"italic_ϵ , italic_δ start_POSTSUPERSCRIPT LIP end_POSTSUPERSCRIPT start_POSTSUBSCRIPT italic_μ "
              r"end_POSTSUBSCRIPT ( italic_ϵ ) )-LIP for every ϵ>0italic-ϵ0\epsilon>0italic_ϵ > 0 and "
              r"δμLIP(ϵ)=maxp0,p1[0,1]subscriptsuperscript𝛿LIP𝜇italic-ϵsubscriptsubscript𝑝0subscript𝑝101\displaystyle\delta^{\text{{}LIP}}_{\mu}(\epsilon)=\max_{p_{0},p_{1}\in[0,1]}italic_δ "
              r"start_POSTSUPERSCRIPT LIP end_POSTSUPERSCRIPT start_POSTSUBSCRIPT italic_μ end_POSTSUBSCRIPT ( "
              r"italic_ϵ ) = roman_max start_POSTSUBSCRIPT italic_p start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT , "
              r"italic_p start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT ∈ [ 0 , 1 ] end_POSTSUBSCRIPT "
              r"max{0,p0eϵp1,eϵp1p0}0subscript𝑝0superscript𝑒italic-ϵsubscript𝑝1superscript𝑒italic-ϵsubscript𝑝1subscript𝑝0\displaystyle\max\{0,p_{0}\!-\!e^{\epsilon}p_{1},e^{-\epsilon}p_{1}\!-\!p_{0}\}roman_max "
              r"{ 0 , italic_p start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT - italic_e start_POSTSUPERSCRIPT italic_ϵ "
              r"end_POSTSUPERSCRIPT italic_p start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT , italic_e "
              r"start_POSTSUPERSCRIPT - italic_ϵ end_POSTSUPERSCRIPT italic_p start_POSTSUBSCRIPT 1 "
              r"end_POSTSUBSCRIPT - italic_p start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT } (9) such that "
              r"𝕂𝕃(Ber(p1)Ber(p0))μ.𝕂𝕃conditionalBersubscript𝑝1Bersubscript𝑝0𝜇\displaystyle\mathbb{K}\mathbb{L}({\rm "
              r"Ber}\mathopen{}\left(p_{1}\right)\|{\rm Ber% }\mathopen{}\left(p_{0}\right))\leq\mu.blackboard_K "
              r"blackboard_L ( roman_Ber ( italic_p start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT ) ∥ roman_Ber ( italic_p "
              r"start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT ) ) ≤ italic_μ ."))
def eq_9():
    refs = [near(cd_lmidp_to_lip(mu, eps), ref, 13, f"δ^LIP_{mu}({eps}) vs reference") for mu, eps, ref in
            [(R(1, 10), 0, "0.185444355922304"), (R(1, 10), R(1, 10), "0.152457365216593"), (R(1, 10), 1, "0.0715412721277282"),
             (R(1, 100), 1, "0.00751238665176477"), (R(1, 10), 5, "0.0669670084631926")]]
    floor = [ordered([1 - 2 ** (-mu), cd_lmidp_to_lip(mu, eps)], f"1 − 2^−μ ≤ δ^LIP_μ({eps}), μ = {mu}")
             for mu, eps in ((R(1, 10), 2), (R(1, 100), 1))]
    return establish(combine(refs + floor), domain="μ ∈ {0.1, 0.01}, sample ε", stated_domain="μ > 0, ε ≥ 0")


_THEOREM_2B_DOMAIN = [LIPCurveMechanism("M", "P_X", "delta")]


@claim(PAPER, "Theorem 2(b)", "(ε,δ(ε))-LIP for all ε ⇒ μ^CD = log(e)∫₀^∞(e^ε+e^{−ε})δ(ε)dε-CD-LMIDP (eq. 10).",
       domain=_THEOREM_2B_DOMAIN, stated_domain='“satisfies (ε, δ(ε))-LIP for ε > 0”', stated_where='Section III-B, Theorem 2(b), eq. (10)',
       quote=(r"2. (b) If a mechanism M𝑀Mitalic_M satisfies (ϵ,δ(ϵ))italic-ϵ𝛿italic-ϵ(\epsilon,\delta(\epsilon))( "
              r"italic_ϵ , italic_δ ( italic_ϵ ) )-LIP for ϵ>0italic-ϵ0\epsilon>0italic_ϵ > 0, it satisfies "
              r"μδ(ϵ)CDsubscriptsuperscript𝜇CD𝛿italic-ϵ\mu^{\text{{}CD}}_{\delta(\epsilon)}italic_μ "
              r"start_POSTSUPERSCRIPT CD end_POSTSUPERSCRIPT start_POSTSUBSCRIPT italic_δ ( italic_ϵ ) "
              r"end_POSTSUBSCRIPT-LMIDP with "
              r"μδ(ϵ)CD=log(e)0(eϵ+eϵ)δ(ϵ)dϵbits.subscriptsuperscript𝜇CD𝛿italic-ϵ𝑒superscriptsubscript0superscript𝑒italic-ϵsuperscript𝑒italic-ϵ𝛿italic-ϵdifferential-ditalic-ϵbits\mu^{\text{{}CD}}_{\delta(\epsilon)}=\log(e)\int_{0}^{\infty}(e^{\epsilon}+e^{% "
              r"-\epsilon})\delta(\epsilon)\mathrm{d}\epsilon\quad\text{bits}.italic_μ start_POSTSUPERSCRIPT CD "
              r"end_POSTSUPERSCRIPT start_POSTSUBSCRIPT italic_δ ( italic_ϵ ) end_POSTSUBSCRIPT = roman_log ( "
              r"italic_e ) ∫ start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT start_POSTSUPERSCRIPT ∞ end_POSTSUPERSCRIPT ( "
              r"italic_e start_POSTSUPERSCRIPT italic_ϵ end_POSTSUPERSCRIPT + italic_e start_POSTSUPERSCRIPT - "
              r"italic_ϵ end_POSTSUPERSCRIPT ) italic_δ ( italic_ϵ ) roman_d italic_ϵ bits . (10)"))
def theorem_2b():
    out = []
    for ch, prior in list(zip(CHANNELS[:2], PRIORS[:2])) + [(randomized_response(1), [R(1, 2)] * 2)]:
        out.append(ordered([ch.mutual_information(prior), lip_to_lmidp(ch, prior)], "I(X;M(X)) ≤ μ^CD of (10)"))
    ref = near(lip_to_lmidp(randomized_response(1), [R(1, 2)] * 2), "0.23593840607814", 12, "RR_1, uniform prior vs reference")
    # the proof is Appendix -B2: (26)–(27) bound KL(P_{M(x)}‖P_{M(X)}) by (10) for every x, and its (28)–(29) average
    # gives I(X;M(X)) ≤ (10) for the fixed P_X: the definition of μ^CD-CD-LMIDP with μ^CD = (10)
    return establish(_information_below_each_kl(), combine(out), ref, domain=_THEOREM_2B_DOMAIN,
                     uses=["lmidp:appendix-b2-eqs-26-29"],
                     prose_steps=["the kernel goal at the mechanism's objects: W the rows P_{M(x)} on l outputs, w = P_X on k "
                                  "inputs, L_xy = ln(W_xy/P_{M(X)}(y)) (K_x = Σ_y W_xy L_xy = KL(P_{M(x)}‖P_{M(X)}) nats), "
                                  "μ = (10)·ln 2, each K_x ≤ μ by Appendix -B2's (26)–(27); then I(X;M(X)) ≤ μ is the "
                                  "definition of μ^CD-CD-LMIDP (general input spaces: the same average as an expectation)"])


def _information_below_each_kl():
    """I(X;M(X)) = Σ_x w_x KL(P_{M(x)}‖P_{M(X)}) ≤ μ when every KL(P_{M(x)}‖P_{M(X)}) ≤ μ, in nats, for a channel on k
    inputs and l outputs: Appendix -B2's average step (29) (kernel.lemma of its statement goal, about values K_x)
    taken at K_x = Σ_y W_xy L_xy, the KL of row x in the privacy-loss form (each w_x K_x rewritten, then summed)."""
    x, y, k, l = sympy.symbols("x y k l", integer=True)
    w, kl = sympy.IndexedBase("w", real=True), sympy.IndexedBase("K", real=True)
    W, loss = sympy.IndexedBase("W", real=True), sympy.IndexedBase("L", real=True)
    mu = sympy.Symbol("mu", real=True)
    average = kernel.lemma("lmidp:appendix-b2-eqs-26-29", kernel.fact(average_below_bound()).goal)
    row = sympy.Sum(W[x, y] * loss[x, y], (y, 1, l))
    named = sympy.Eq(kl[x], row)
    each = kernel.decide(kernel.goal(sympy.Eq(w[x] * kl[x], w[x] * row), [x >= 1, x <= k, named]),
                         detail="K_x names KL(P_{M(x)}‖P_{M(X)}) = Σ_y W_xy L_xy")
    total = sympy.Eq(sympy.Sum(w[x], (x, 1, k)), 1)
    return kernel.decide(kernel.goal(sympy.Sum(w[x] * row, (x, 1, k)) <= mu,
                                     [k >= 1, total, kernel.Every(sympy.And(w[x] >= 0, kl[x] <= mu), (x, 1, k)),
                                      kernel.Every(named, (x, 1, k))]),
                         average, kernel.summed(each, x, 1, k),
                         detail="I(X;M(X)) = Σ_x w_x KL(P_{M(x)}‖P_{M(X)}) ≤ μ (Appendix -B2, (29))")


# --------------------------------------------------------------------------------------------
# Section IV and Theorem 3


_i, _d = sympy.symbols("i d", integer=True)
#: K_X ∈ 𝒦_d(dΔ²) and K_Y ∈ 𝒦_d(dσ²) (K_Y ≻ 0: (14) inverts it) through their eigenvalues λ_X ≥ 0, λ_Y > 0 with
#: Σλ_X ≤ dΔ², Σλ_Y ≤ dσ² (the spectral theorem, cited below); the two slices' mutual informations are ≥ 0 there,
#: stated so that the domain says they are defined (the coverage check reads a sum's terms as defined only where the
#: domain's relations contain the sum); the claim checks that they follow from the other items.
_THEOREM_3_DOMAIN = [Integer("d", 1), _Δ > 0, _σ > 0,
                     sympy.Sum(LAMBDA_X[_i], (_i, 1, _d)) <= _d * _Δ ** 2, kernel.Every(LAMBDA_X[_i] >= 0, (_i, 1, _d)),
                     sympy.Sum(LAMBDA_Y[_i], (_i, 1, _d)) <= _d * _σ ** 2, kernel.Every(LAMBDA_Y[_i] > 0, (_i, 1, _d)),
                     sympy.Sum(log(1 + LAMBDA_X[_i] / _σ ** 2), (_i, 1, _d)) >= 0,
                     sympy.Sum(log(1 + _Δ ** 2 / LAMBDA_Y[_i]), (_i, 1, _d)) >= 0]


@claim(PAPER, "Theorem 3 (eq. 14)",
       "inf_{K_Y} sup_{K_X} ½log det(I+K_Y^{−1}K_X) is attained at (Δ²I, σ²I): value (d/2)log(1+Δ²/σ²) bits.",
       domain=_THEOREM_3_DOMAIN, stated_domain='average power constraints 𝒦_d(dΔ²) on the data and 𝒦_d(dσ²) on the noise, d ≥ 1 (the covariances by their eigenvalues)', stated_where='Section IV, Theorem 3, eq. (14)',
       quote=(r"Theorem 3 (Uncorrelated Gaussian is the best-case noise for CI-LMIDP) An optimizing pair of "
              r"distributions (P𝐗,P𝐘)subscript𝑃𝐗subscript𝑃𝐘(P_{\bm{X}},P_{\bm{Y}})( italic_P start_POSTSUBSCRIPT "
              r"bold_italic_X end_POSTSUBSCRIPT , italic_P start_POSTSUBSCRIPT bold_italic_Y end_POSTSUBSCRIPT ) for "
              r"(13) is given by "
              r"(𝒩(𝟎,𝗞𝐗),𝒩(𝟎,𝗞𝐘))𝒩0subscript𝗞𝐗𝒩0subscript𝗞𝐘\big{(}\mathcal{N}(\mathbf{0},\boldsymbol{\mathsf{K}}_{\bm{X}}),\mathcal{N}(% "
              r"\mathbf{0},\boldsymbol{\mathsf{K}}_{\bm{Y}})\big{)}( caligraphic_N ( bold_0 , bold_sansserif_K "
              r"start_POSTSUBSCRIPT bold_italic_X end_POSTSUBSCRIPT ) , caligraphic_N ( bold_0 , bold_sansserif_K "
              r"start_POSTSUBSCRIPT bold_italic_Y end_POSTSUBSCRIPT ) ), which leads to "
              r"μ(𝗞𝑿,𝗞𝒀)=12logdet(𝗜d+𝗞𝒀1𝗞𝑿).𝜇subscript𝗞𝑿subscript𝗞𝒀12subscript𝗜𝑑superscriptsubscript𝗞𝒀1subscript𝗞𝑿\displaystyle\mu(\boldsymbol{\mathsf{K}}_{\bm{X}},\boldsymbol{\mathsf{K}}_{\bm% "
              r"{Y}})=\frac{1}{2}\log\det(\boldsymbol{\mathsf{I}}_{d}+\boldsymbol{\mathsf{K}}_% "
              r"{\bm{Y}}^{-1}\boldsymbol{\mathsf{K}}_{\bm{X}}).italic_μ ( bold_sansserif_K start_POSTSUBSCRIPT "
              r"bold_italic_X end_POSTSUBSCRIPT , bold_sansserif_K start_POSTSUBSCRIPT bold_italic_Y "
              r"end_POSTSUBSCRIPT ) = divide start_ARG 1 end_ARG start_ARG 2 end_ARG roman_log roman_det ( "
              r"bold_sansserif_I start_POSTSUBSCRIPT italic_d end_POSTSUBSCRIPT + bold_sansserif_K "
              r"start_POSTSUBSCRIPT bold_italic_Y end_POSTSUBSCRIPT start_POSTSUPERSCRIPT - 1 end_POSTSUPERSCRIPT "
              r"bold_sansserif_K start_POSTSUBSCRIPT bold_italic_X end_POSTSUBSCRIPT ) . (14) Furthermore, the "
              r"optimizing covariance matrices in (12) are given by "
              r"(𝗞𝐗,𝗞𝐘)=(Δ2𝗜d,σ2𝗜d)subscript𝗞𝐗subscript𝗞𝐘superscriptΔ2subscript𝗜𝑑superscript𝜎2subscript𝗜𝑑(\boldsymbol{\mathsf{K}}_{\bm{X}},\boldsymbol{\mathsf{K}}_{\bm{Y}})=(\Delta^{2% "
              r"}\boldsymbol{\mathsf{I}}_{d},\sigma^{2}\boldsymbol{\mathsf{I}}_{d})( bold_sansserif_K "
              r"start_POSTSUBSCRIPT bold_italic_X end_POSTSUBSCRIPT , bold_sansserif_K start_POSTSUBSCRIPT "
              r"bold_italic_Y end_POSTSUBSCRIPT ) = ( roman_Δ start_POSTSUPERSCRIPT 2 end_POSTSUPERSCRIPT "
              r"bold_sansserif_I start_POSTSUBSCRIPT italic_d end_POSTSUBSCRIPT , italic_σ start_POSTSUPERSCRIPT 2 "
              r"end_POSTSUPERSCRIPT bold_sansserif_I start_POSTSUBSCRIPT italic_d end_POSTSUBSCRIPT )."))
def theorem_3():
    """A saddle point of μ(K_X, K_Y) = ½ log det(I + K_Y⁻¹K_X) over 𝒦_d(dΔ²) × 𝒦_d(dσ²) gives
    inf sup = sup inf = its value. Both slices through (Δ²I, σ²I) reduce to eigenvalues exactly,
    because a multiple of I commutes with every matrix: μ(K_X, σ²I) = ½Σ log(1 + λ_i(K_X)/σ²) and
    μ(Δ²I, K_Y) = ½Σ log(1 + Δ²/λ_i(K_Y)), with tr K = Σλ_i (the spectral theorem, cited). For every
    d the slices are then kernel steps (_lmidp_helpers.jensen_slices): Σ log(1 + λ_i/σ²) ≤ d log(1 + Δ²/σ²) when
    Σλ_i ≤ dΔ², and Σ log(1 + Δ²/λ_i) ≥ d log(1 + Δ²/σ²) when Σλ_i ≤ dσ² (Jensen, by tangent lines).
    That the Gaussian pair is optimal in (13), giving (14), is Diggavi–Cover, Thm II.1 (cited)."""
    lx, ly, dd, s2, D2 = sympy.symbols("lambda_x lambda_y d sigma2 Delta2", positive=True)
    a_, b_, c_, s_, d_ = sympy.symbols("a b c sigma2 Delta2", real=True)
    # d = 2, K = [[a, b], [b, c]] over all 2×2 covariances (not only diagonal ones): a second route by nlsat.
    # log is increasing, so μ ≤ (resp. ≥) the value iff the determinant is ≤ (resp. ≥) (1 + Δ²/σ²)².
    slice_x = real_closed((1 + d_ / s_) ** 2 - ((1 + a_ / s_) * (1 + c_ / s_) - b_ ** 2 / s_ ** 2), [a_, b_, c_, s_, d_],
                          [a_ >= 0, c_ >= 0, a_ * c_ - b_ ** 2 >= 0, a_ + c_ <= 2 * d_, s_ > 0, d_ > 0],
                          "d = 2: det(I + K_X/σ²) ≤ (1 + Δ²/σ²)² for every K_X ⪰ 0 with tr K_X ≤ 2Δ²")
    slice_y = real_closed(((a_ + d_) * (c_ + d_) - b_ ** 2) / (a_ * c_ - b_ ** 2) - (1 + d_ / s_) ** 2, [a_, b_, c_, s_, d_],
                          [a_ > 0, c_ > 0, a_ * c_ - b_ ** 2 > 0, a_ + c_ <= 2 * s_, s_ > 0, d_ > 0],
                          "d = 2: det(I + Δ²K_Y⁻¹) = det(K_Y + Δ²I)/det K_Y ≥ (1 + Δ²/σ²)² for every K_Y ≻ 0 with "
                          "tr K_Y ≤ 2σ²")
    # the goals over the theorem's Δ, σ, d (named as its domain): the slices at Δ² = Δ·Δ, σ² = σ·σ
    dl, sg, d_int = sympy.symbols("Delta sigma", positive=True) + (sympy.Symbol("d", integer=True),)
    value = identity(sympy.Rational(1, 2) * sympy.log((1 + dl ** 2 / sg ** 2) ** d_int) / log(2),
                     d_int / 2 * sympy.log(1 + dl ** 2 / sg ** 2) / log(2), "½ log det((1+Δ²/σ²)I_d) = (d/2) log(1+Δ²/σ²)")
    slices = [kernel.instantiate(e, {D2: dl ** 2, s2: sg ** 2}) for e in jensen_slices()]
    import random
    rnd = random.Random(3)
    saddle = []

    def mu(kx, ky):
        return sympy.log((sympy.eye(kx.rows) + ky.inv() * kx).det()) / 2 / log(2)

    def scaled(trace):
        m = sympy.Matrix(2, 2, lambda i, j: R(rnd.randint(-4, 4), rnd.randint(1, 4)))
        k = m * m.T + sympy.eye(2) / 10
        return k * trace / k.trace()
    for d, Dsq, sig2 in ((2, R(1), R(2)), (3, R(1), R(1))):
        star = R(d, 2) * sympy.log(1 + Dsq / sig2) / log(2)
        for _ in range(5):
            w = [R(rnd.randint(1, 9)) for _ in range(d)]
            kx = sympy.diag(*[Dsq * d * v / sum(w) for v in w])
            ky = sympy.diag(*[sig2 * d * v / sum(w) for v in w])
            saddle.append(ordered([mu(kx, sig2 * sympy.eye(d)), star, mu(Dsq * sympy.eye(d), ky)],
                                  f"d = {d}: μ(K_X, σ²I) ≤ (d/2)log(1+Δ²/σ²) ≤ μ(Δ²I, K_Y), diagonal K"))
    for _ in range(5):  # d = 2, K not diagonal
        saddle.append(ordered([mu(scaled(2), 2 * sympy.eye(2)), log(1 + R(1, 2)) / log(2), mu(sympy.eye(2), scaled(4))],
                              "d = 2, Δ² = 1, σ² = 2: the saddle inequalities for non-diagonal K_X, K_Y"))
    ref = near(sympy.Rational(1, 2) * sympy.log(1 + R(1, 100)) / log(2), "0.00717764648853503", 13, "d=1, Δ²=1, σ²=100")
    # the saddle point (35) beyond the Gaussian family (Diggavi–Cover), on examples: a BPSK input against Gaussian
    # noise (left), uniform noise of variance σ² against the Gaussian input (right: I ≥ h(X*) − h(U) since
    # h(X* + U) ≥ h(X* + U | U) = h(X*))
    left = [ordered([shell_information(sqrt(R(1, v)), 1), log(1 + R(1, v)) / (2 * log(2))],
                    f"Δ² = 1, σ² = {v}: I(±Δ; ±Δ + N(0,σ²)) ≤ ½log(1+Δ²/σ²) = I(X*; X*+Y*)") for v in (1, 100)]
    D2v, s2v = R(10), R(1)
    right = ordered([log(1 + D2v / s2v) / (2 * log(2)),
                     (log(2 * sympy.pi * sympy.E * D2v) / 2 - log(2 * sqrt(3 * s2v))) / log(2)],
                    "Δ² = 10, σ² = 1: I(X*; X*+Y*) ≤ h(X*) − h(U) ≤ I(X*; X*+U), U uniform with variance σ²")
    saddle_point = combine(*slices, value,
                           detail="(Δ²I, σ²I) is a saddle point of μ, so inf sup = sup inf = (d/2)log(1+Δ²/σ²): for every "
                                  "d, the slices on the eigenvalues by Jensen's inequality (kernel steps)")
    return establish(saddle_point, grouped("both saddle slices for d = 2 over all 2×2 covariances (nlsat)", slice_x, slice_y),
                     *saddle, ref, *left, right, mutual_informations_nonnegative(),
                     domain=_THEOREM_3_DOMAIN,
                     uses=[cited("Diggavi–Cover", "Theorem II.1 (the Gaussian pair is optimal in (13))"),
                           cited("the spectral theorem", "det(I + K/σ²) = Π(1 + λ_i(K)/σ²) and tr K = Σλ_i(K) for a "
                                 "symmetric K ⪰ 0; σ²I commutes with K (the same for Δ²I)")],
                     prose_steps=["a saddle point gives inf sup = sup inf = its value"])


@claim(PAPER, "Appendix -D (eigenvalue pairing), erratum",
       "μ_M = ½Σ_i log(1 + λ_{X,i}/λ_{Y,i}) with both spectra sorted decreasingly.",
       stated_domain="K_X, K_Y positive semidefinite (the proof's eigenvalue formula)", stated_where='Appendix -D',
       quote=(r"To solve (12) with "
              r"μM(𝗞𝑿,𝗞𝒀)subscript𝜇𝑀subscript𝗞𝑿subscript𝗞𝒀\mu_{M}(\boldsymbol{\mathsf{K}}_{\bm{X}},\boldsymbol{\mathsf{K}}_{\bm{Y}})italic_μ "
              r"start_POSTSUBSCRIPT italic_M end_POSTSUBSCRIPT ( bold_sansserif_K start_POSTSUBSCRIPT bold_italic_X "
              r"end_POSTSUBSCRIPT , bold_sansserif_K start_POSTSUBSCRIPT bold_italic_Y end_POSTSUBSCRIPT ) given in "
              r"(14), we follow the footsteps of the proof of [23, Thm. 3]. Let "
              r"𝝀𝑿subscript𝝀𝑿\boldsymbol{\lambda}_{\bm{X}}bold_italic_λ start_POSTSUBSCRIPT bold_italic_X "
              r"end_POSTSUBSCRIPT and 𝝀𝒀subscript𝝀𝒀\boldsymbol{\lambda}_{\bm{Y}}bold_italic_λ start_POSTSUBSCRIPT "
              r"bold_italic_Y end_POSTSUBSCRIPT be vectors containing eigenvalues of "
              r"𝗞𝑿subscript𝗞𝑿\boldsymbol{\mathsf{K}}_{\bm{X}}bold_sansserif_K start_POSTSUBSCRIPT bold_italic_X "
              r"end_POSTSUBSCRIPT and 𝗞𝒀subscript𝗞𝒀\boldsymbol{\mathsf{K}}_{\bm{Y}}bold_sansserif_K "
              r"start_POSTSUBSCRIPT bold_italic_Y end_POSTSUBSCRIPT, respectively, sorted in decreasing order. Using "
              r"(14) and the eigendecomposition of 𝗞𝑿subscript𝗞𝑿\boldsymbol{\mathsf{K}}_{\bm{X}}bold_sansserif_K "
              r"start_POSTSUBSCRIPT bold_italic_X end_POSTSUBSCRIPT and "
              r"𝗞𝒀subscript𝗞𝒀\boldsymbol{\mathsf{K}}_{\bm{Y}}bold_sansserif_K start_POSTSUBSCRIPT bold_italic_Y "
              r"end_POSTSUBSCRIPT, we get that "
              r"μM(𝗞𝑿,𝗞𝒀)=μM(𝝀𝑿,𝝀𝒀)=12i=1dlog(1+λ𝑿,iλ𝒀,i)subscript𝜇𝑀subscript𝗞𝑿subscript𝗞𝒀subscript𝜇𝑀subscript𝝀𝑿subscript𝝀𝒀12superscriptsubscript𝑖1𝑑1subscript𝜆𝑿𝑖subscript𝜆𝒀𝑖\mu_{M}(\boldsymbol{\mathsf{K}}_{\bm{X}},\boldsymbol{\mathsf{K}}_{\bm{Y}})=\mu% "
              r"_{M}(\boldsymbol{\lambda}_{\bm{X}},\boldsymbol{\lambda}_{\bm{Y}})=\frac{1}{2}% "
              r"\sum_{i=1}^{d}\log\big{(}1+\frac{\lambda_{\bm{X},i}}{\lambda_{\bm{Y},i}}\big{)}italic_μ "
              r"start_POSTSUBSCRIPT italic_M end_POSTSUBSCRIPT ( bold_sansserif_K start_POSTSUBSCRIPT bold_italic_X "
              r"end_POSTSUBSCRIPT , bold_sansserif_K start_POSTSUBSCRIPT bold_italic_Y end_POSTSUBSCRIPT ) = "
              r"italic_μ start_POSTSUBSCRIPT italic_M end_POSTSUBSCRIPT ( bold_italic_λ start_POSTSUBSCRIPT "
              r"bold_italic_X end_POSTSUBSCRIPT , bold_italic_λ start_POSTSUBSCRIPT bold_italic_Y end_POSTSUBSCRIPT "
              r") = divide start_ARG 1 end_ARG start_ARG 2 end_ARG ∑ start_POSTSUBSCRIPT italic_i = 1 "
              r"end_POSTSUBSCRIPT start_POSTSUPERSCRIPT italic_d end_POSTSUPERSCRIPT roman_log ( 1 + divide "
              r"start_ARG italic_λ start_POSTSUBSCRIPT bold_italic_X , italic_i end_POSTSUBSCRIPT end_ARG start_ARG "
              r"italic_λ start_POSTSUBSCRIPT bold_italic_Y , italic_i end_POSTSUBSCRIPT end_ARG ). Then (12) becomes"))
def appendix_d_pairing():
    KX = sympy.Matrix([[2, 0], [0, 1]])
    KY = sympy.Matrix([[R(3, 2), R(1, 2)], [R(1, 2), R(3, 2)]])  # eigenvalues 2, 1 with eigenvectors (1,±1)
    true = sympy.log((sympy.eye(2) + KY.inv() * KX).det()) / 2 / log(2)
    paired = (sympy.log(1 + R(2, 2)) + sympy.log(1 + R(1, 1))) / 2 / log(2)
    printed_holds = sign(true - paired) == 0
    corrected = identity(sympy.log((sympy.eye(2) + sympy.diag(2, 1).inv() * KX).det()) / 2 / log(2), paired,
                         "for commuting (jointly diagonal) K_X, K_Y the pairing formula holds")
    return establish(erratum(printed_holds, {"K_X": "diag(2,1)", "K_Y": "[[3/2,1/2],[1/2,3/2]]",
                                             "det_form": certify(true, 15).decimal, "pairing": certify(paired, 15).decimal},
                             corrected, "det(I+K_Y⁻¹K_X) depends on the eigenvectors, not only the sorted spectra",
                             corrected_statement="valid for jointly diagonalisable K_X, K_Y; Theorem 3 only uses K_X = Δ²I "
                                                 "or K_Y = σ²I, so it is unaffected", kind="proof gap"),
                     domain="one witness", stated_domain="all K_X, K_Y")


# --------------------------------------------------------------------------------------------
# Eq. (5): the Gaussian mechanism, and the figures' data


@claim(PAPER, "Eq. (5) (Gaussian mechanism curves)",
       "δ̄^LDP_G(ε) = Φ(√dΔ/σ − εσ/(2√dΔ)) − e^εΦ(−√dΔ/σ − εσ/(2√dΔ)); μ̄^CI_G for the amplitude constraint.",
       stated_domain='d ≥ 1, Δ > 0, σ > 0, ε ≥ 0; amplitude constraint ‖X‖ ≤ √d Δ', stated_where='Section II, eq. (5)',
       quote=(r"Throughout the paper, we will repeatedly consider the Gaussian mechanism "
              r"G(𝑿)=𝑿+𝒩(𝟎,σ2𝗜d).𝐺𝑿𝑿𝒩0superscript𝜎2subscript𝗜𝑑G(\bm{X})=\bm{X}+\mathcal{N}(\mathbf{0},\sigma^{2}\boldsymbol{\mathsf{I}}_{d}).italic_G "
              r"( bold_italic_X ) = bold_italic_X + caligraphic_N ( bold_0 , italic_σ start_POSTSUPERSCRIPT 2 "
              r"end_POSTSUPERSCRIPT bold_sansserif_I start_POSTSUBSCRIPT italic_d end_POSTSUBSCRIPT ) . (5) We "
              r"assume that "
              r"𝑿\use@mathgroup\M@U\symAMSbRd𝑿\use@mathgroup\M@U\symAMSbsuperscript𝑅𝑑\bm{X}\in\use@mathgroup\M@U\symAMSb{R}^{d}bold_italic_X "
              r"∈ italic_R start_POSTSUPERSCRIPT italic_d end_POSTSUPERSCRIPT and "
              r"𝑿dΔnorm𝑿𝑑Δ\|\bm{X}\|\leq\sqrt{d}\Delta∥ bold_italic_X ∥ ≤ square-root start_ARG italic_d end_ARG "
              r"roman_Δ. The optimal CI-LMIDP parameter of G𝐺Gitalic_G is "
              r"μ¯GCI=supP𝑿:𝑿dΔI(𝑿;𝑿+𝒩(𝟎,σ2𝗜d))subscriptsuperscript¯𝜇CI𝐺subscriptsupremum:subscript𝑃𝑿norm𝑿𝑑Δ𝐼𝑿𝑿𝒩0superscript𝜎2subscript𝗜𝑑\bar{\mu}^{\text{{}CI}}_{G}=\sup_{P_{\bm{X}}\colon\|\bm{X}\|\leq\sqrt{d}\Delta% "
              r"}I(\bm{X};\bm{X}+\mathcal{N}(\mathbf{0},\sigma^{2}\boldsymbol{\mathsf{I}}_{d}))over¯ start_ARG "
              r"italic_μ end_ARG start_POSTSUPERSCRIPT CI end_POSTSUPERSCRIPT start_POSTSUBSCRIPT italic_G "
              r"end_POSTSUBSCRIPT = roman_sup start_POSTSUBSCRIPT italic_P start_POSTSUBSCRIPT bold_italic_X "
              r"end_POSTSUBSCRIPT : ∥ bold_italic_X ∥ ≤ square-root start_ARG italic_d end_ARG roman_Δ "
              r"end_POSTSUBSCRIPT italic_I ( bold_italic_X ; bold_italic_X + caligraphic_N ( bold_0 , italic_σ "
              r"start_POSTSUPERSCRIPT 2 end_POSTSUPERSCRIPT bold_sansserif_I start_POSTSUBSCRIPT italic_d "
              r"end_POSTSUBSCRIPT ) ), which can be computed based on [15]. Furthermore, it follows from [16] that "
              r"the optimal LDP curve of G𝐺Gitalic_G is "
              r"δ¯GLDP(ϵ)=Φ(dΔσϵσ2dΔ)eϵΦ(dΔσϵσ2dΔ)subscriptsuperscript¯𝛿LDP𝐺italic-ϵΦ𝑑Δ𝜎italic-ϵ𝜎2𝑑Δsuperscript𝑒italic-ϵΦ𝑑Δ𝜎italic-ϵ𝜎2𝑑Δ\bar{\delta}^{\text{{}LDP}}_{G}(\epsilon)=\Phi\big{(}\frac{\sqrt{d}\Delta}{% "
              r"\sigma}-\frac{\epsilon\sigma}{2\sqrt{d}\Delta}\big{)}-e^{\epsilon}\Phi\big{(}-% "
              r"\frac{\sqrt{d}\Delta}{\sigma}-\frac{\epsilon\sigma}{2\sqrt{d}\Delta}\big{)}over¯ start_ARG italic_δ "
              r"end_ARG start_POSTSUPERSCRIPT LDP end_POSTSUPERSCRIPT start_POSTSUBSCRIPT italic_G end_POSTSUBSCRIPT "
              r"( italic_ϵ ) = roman_Φ ( divide start_ARG square-root start_ARG italic_d end_ARG roman_Δ end_ARG "
              r"start_ARG italic_σ end_ARG - divide start_ARG italic_ϵ italic_σ end_ARG start_ARG 2 square-root "
              r"start_ARG italic_d end_ARG roman_Δ end_ARG ) - italic_e start_POSTSUPERSCRIPT italic_ϵ "
              r"end_POSTSUPERSCRIPT roman_Φ ( - divide start_ARG square-root start_ARG italic_d end_ARG roman_Δ "
              r"end_ARG start_ARG italic_σ end_ARG - divide start_ARG italic_ϵ italic_σ end_ARG start_ARG 2 "
              r"square-root start_ARG italic_d end_ARG roman_Δ end_ARG ), where "
              r"Φ(x)=12πxeu2/2duΦ𝑥12𝜋superscriptsubscript𝑥superscript𝑒superscript𝑢22differential-d𝑢\Phi(x)=\frac{1}{\sqrt{2\pi}}\int_{-\infty}^{x}e^{-u^{2}/2}\mathrm{d}uroman_Φ "
              r"( italic_x ) = divide start_ARG 1 end_ARG start_ARG square-root start_ARG 2 italic_π end_ARG end_ARG "
              r"∫ start_POSTSUBSCRIPT - ∞ end_POSTSUBSCRIPT start_POSTSUPERSCRIPT italic_x end_POSTSUPERSCRIPT "
              r"italic_e start_POSTSUPERSCRIPT - italic_u start_POSTSUPERSCRIPT 2 end_POSTSUPERSCRIPT / 2 "
              r"end_POSTSUPERSCRIPT roman_d italic_u is the cummulative distribution function of the standard normal "
              r"distribution."))
def eq_5():
    refs = [near(gaussian_ldp_delta(eps, s2, d), ref, 13, f"δ̄^LDP_G({eps}), d={d}, σ²={s2}") for eps, d, s2, ref in
            [(1, 1, 1, "0.50986166005467"), (R(1, 2), 10, 20, "0.400051269725444"), (2, 10, 72, "0.00213902092871255")]]
    # the d = 1 shell is BPSK: I = ρ² − E[ln cosh(ρ² + ρZ)] nats, a second route by direct integration
    rho = R(7, 10)

    def bpsk(prec):
        r = acb(arb_of(rho, prec))
        c = 1 / (2 * arb.pi()).sqrt()
        f = lambda z, an: acb(c) * (-z * z / 2).exp() * (r * r + r * z).cosh().log(analytic=an)
        body = acb.integral(f, -40, 40, rel_tol=arb(2) ** -prec).real
        tail = (arb(40) / arb(2).sqrt()).erfc() * (r.real ** 2 + 2 * r.real)  # ln cosh u ≤ |u|, tails beyond |z| = 40
        return (r.real ** 2 - body - arb(0).union(tail)) / arb(2).log()
    statement = certified_agreement(shell_information(rho, 1), Real(bpsk), 25,
                                    "single-shell formula (₀F₁, noncentral χ) = BPSK formula for d = 1, ρ = 0.7")
    shell = [near(shell_information(sqrt(R(10, 20)), 10), "0.351945088211116", 13, "d=10, σ²=20 single shell"),
             near(shell_information(R(1, 10), 1), "0.0071776453327436", 12, "d=1, σ²=100 (BPSK)")]
    return establish(statement, *refs, *shell, domain="sample points", stated_domain="ε ≥ 0, σ > 0")


@claim(PAPER, "Figure 1", "δ^LDP_μ(ε), p̄_μ and δ̄^LDP_G(ε) of the Gaussian mechanism with d = 10, Δ = 1, μ̄^CI_G = μ.",
       stated_domain='“d = 10, Δ = 1”, μ̄^CI_G = μ', stated_where='Section III-A, Figure 1',
       quote=(r"Figure 1: The achievable LDP curve "
              r"δμLDP(ϵ)subscriptsuperscript𝛿LDP𝜇italic-ϵ\delta^{\text{{}LDP}}_{\mu}(\epsilon)italic_δ "
              r"start_POSTSUPERSCRIPT LDP end_POSTSUPERSCRIPT start_POSTSUBSCRIPT italic_μ end_POSTSUBSCRIPT ( "
              r"italic_ϵ ) of a μ𝜇\muitalic_μ-CI-LMIDP mechanism, its lower bound p¯μsubscript¯𝑝𝜇\bar{p}_{\mu}over¯ "
              r"start_ARG italic_p end_ARG start_POSTSUBSCRIPT italic_μ end_POSTSUBSCRIPT, and the optimal LDP curve "
              r"δ¯GLDP(ϵ)subscriptsuperscript¯𝛿LDP𝐺italic-ϵ\bar{\delta}^{\text{{}LDP}}_{G}(\epsilon)over¯ start_ARG "
              r"italic_δ end_ARG start_POSTSUPERSCRIPT LDP end_POSTSUPERSCRIPT start_POSTSUBSCRIPT italic_G "
              r"end_POSTSUBSCRIPT ( italic_ϵ ) of the Gaussian mechanism G𝐺Gitalic_G in (5) with d=10𝑑10d=10italic_d "
              r"= 10, Δ=1Δ1\Delta=1roman_Δ = 1, and σ2superscript𝜎2\sigma^{2}italic_σ start_POSTSUPERSCRIPT 2 "
              r"end_POSTSUPERSCRIPT chosen such that "
              r"μ¯GCI=μsubscriptsuperscript¯𝜇CI𝐺𝜇\bar{\mu}^{\text{{}CI}}_{G}=\muover¯ start_ARG italic_μ end_ARG "
              r"start_POSTSUPERSCRIPT CI end_POSTSUPERSCRIPT start_POSTSUBSCRIPT italic_G end_POSTSUBSCRIPT = "
              r"italic_μ."))
def figure_1():
    out = []
    for mu, ref in ((R(1, 10), "71.635899494789"),):
        s2 = shell_calibration(mu, 10)
        out.append(near(s2, ref, 11, f"σ² with μ̄^CI_G = {mu} (single shell, d = 10)"))
        s2q = certify(s2, 25).lower
        g = gaussian_ldp_delta(1, sympy.Rational(s2q), 10)
        out.append(near(g, "0.0492296518853067", 9, "δ̄^LDP_G(1) at that σ²"))
        out.append(ordered([g, lmidp_to_ldp(mu, 1)], "the Gaussian curve lies below δ^LDP_μ (Theorem 1(a))"))
    return establish(combine(out), domain="μ = 0.1, ε = 1")


@claim(PAPER, "Figure 2", "μ^CI of (8) for δ̄^LDP_G versus μ̄^CI_G, d ∈ {1, 10}, Δ = 1, σ² ∈ [0, 200]: ratio → 4.",
       stated_domain='“d ∈ {1, 10}, Δ = 1”, σ² ∈ [0, 200]', stated_where='Section III-A, Figure 2',
       quote=(r"In Fig. 2, we plot "
              r"μδ(ϵ)CIsubscriptsuperscript𝜇CI𝛿italic-ϵ\mu^{\text{{}CI}}_{\delta(\epsilon)}italic_μ "
              r"start_POSTSUPERSCRIPT CI end_POSTSUPERSCRIPT start_POSTSUBSCRIPT italic_δ ( italic_ϵ ) "
              r"end_POSTSUBSCRIPT for "
              r"δ(ϵ)=δ¯GLDP(ϵ)𝛿italic-ϵsubscriptsuperscript¯𝛿LDP𝐺italic-ϵ\delta(\epsilon)=\bar{\delta}^{\text{{}LDP}}_{G}(\epsilon)italic_δ "
              r"( italic_ϵ ) = over¯ start_ARG italic_δ end_ARG start_POSTSUPERSCRIPT LDP end_POSTSUPERSCRIPT "
              r"start_POSTSUBSCRIPT italic_G end_POSTSUBSCRIPT ( italic_ϵ ) with Δ=1Δ1\Delta=1roman_Δ = 1, "
              r"d{1,10}𝑑110d\in\{1,10\}italic_d ∈ { 1 , 10 }, and "
              r"σ2[0,200]superscript𝜎20200\sigma^{2}\in[0,200]italic_σ start_POSTSUPERSCRIPT 2 end_POSTSUPERSCRIPT ∈ "
              r"[ 0 , 200 ]. We also show the optimal CI-LMIDP parameter "
              r"μ¯GCIsubscriptsuperscript¯𝜇CI𝐺\bar{\mu}^{\text{{}CI}}_{G}over¯ start_ARG italic_μ end_ARG "
              r"start_POSTSUPERSCRIPT CI end_POSTSUPERSCRIPT start_POSTSUBSCRIPT italic_G end_POSTSUBSCRIPT of the "
              r"corresponding Gaussian mechanism. The gap between "
              r"μδ(ϵ)CIsubscriptsuperscript𝜇CI𝛿italic-ϵ\mu^{\text{{}CI}}_{\delta(\epsilon)}italic_μ "
              r"start_POSTSUPERSCRIPT CI end_POSTSUPERSCRIPT start_POSTSUBSCRIPT italic_δ ( italic_ϵ ) "
              r"end_POSTSUBSCRIPT and μ¯GCIsubscriptsuperscript¯𝜇CI𝐺\bar{\mu}^{\text{{}CI}}_{G}over¯ start_ARG "
              r"italic_μ end_ARG start_POSTSUPERSCRIPT CI end_POSTSUPERSCRIPT start_POSTSUBSCRIPT italic_G "
              r"end_POSTSUBSCRIPT remains almost constant, and "
              r"μδG(ϵ)CIsubscriptsuperscript𝜇CIsubscript𝛿𝐺italic-ϵ\mu^{\text{{}CI}}_{\delta_{G}(\epsilon)}italic_μ "
              r"start_POSTSUPERSCRIPT CI end_POSTSUPERSCRIPT start_POSTSUBSCRIPT italic_δ start_POSTSUBSCRIPT "
              r"italic_G end_POSTSUBSCRIPT ( italic_ϵ ) end_POSTSUBSCRIPT keeps decreasing as "
              r"σ2superscript𝜎2\sigma^{2}italic_σ start_POSTSUPERSCRIPT 2 end_POSTSUPERSCRIPT grows. This shows that "
              r"designing a strong LDP mechanism also leads to a strong CI-LMIDP mechanism."))
def figure_2():
    out = []
    for d, s2, ref in ((1, 100, "0.0071776453327436"), (10, 100, "0.071776461996522")):
        mu8 = ldp_to_lmidp(gaussian(sqrt(s2), 2 * sqrt(d)))
        shell = shell_information(sqrt(R(d, s2)), d)
        out.append(exact_agreement(mu8, R(2 * d, s2) * LOG2E, f"(8) = 2dΔ²/σ² log e at d = {d}, σ² = {s2}"))
        out.append(near(shell, ref, 11, f"μ̄^CI_G at d = {d}, σ² = {s2}"))
        out.append(ordered([shell * R(401, 100), mu8, shell * R(403, 100)], "4.01 μ̄^CI_G ≤ (8) ≤ 4.03 μ̄^CI_G"))
    return establish(combine(out), domain="σ² = 100, d ∈ {1, 10}")


@claim(PAPER, "Figure 3", "δ^LIP_μ(ε) of eq. (9) as printed, μ ∈ {0.1, 0.01}, decreasing to 1 − 2^{−μ}, and the Gaussian "
                          "mechanism's δ̄^LIP_G(ε) (21-point input ∝ e^(−2x²), σ² with μ̄^CD_G = μ), which keeps decreasing.",
       stated_domain='“μ ∈ {0.1, 0.01}”, the Gaussian mechanism of Fig. 3', stated_where='Section III-B, Figure 3',
       quote=(r"In Fig. 3, we plot "
              r"δμLIP(ϵ)subscriptsuperscript𝛿LIP𝜇italic-ϵ\delta^{\text{{}LIP}}_{\mu}(\epsilon)italic_δ "
              r"start_POSTSUPERSCRIPT LIP end_POSTSUPERSCRIPT start_POSTSUBSCRIPT italic_μ end_POSTSUBSCRIPT ( "
              r"italic_ϵ ) for μ{0.1,0.01}𝜇0.10.01\mu\in\{0.1,0.01\}italic_μ ∈ { 0.1 , 0.01 } and the optimal LIP "
              r"curve of the Gaussian mechanism that also achieves μ𝜇\muitalic_μ-CD-LMIDP for a given discrete input "
              r"distribution. Similar to "
              r"δμLDP(ϵ)subscriptsuperscript𝛿LDP𝜇italic-ϵ\delta^{\text{{}LDP}}_{\mu}(\epsilon)italic_δ "
              r"start_POSTSUPERSCRIPT LDP end_POSTSUPERSCRIPT start_POSTSUBSCRIPT italic_μ end_POSTSUBSCRIPT ( "
              r"italic_ϵ ), the general LIP guarantee "
              r"δμLIP(ϵ)subscriptsuperscript𝛿LIP𝜇italic-ϵ\delta^{\text{{}LIP}}_{\mu}(\epsilon)italic_δ "
              r"start_POSTSUPERSCRIPT LIP end_POSTSUPERSCRIPT start_POSTSUBSCRIPT italic_μ end_POSTSUBSCRIPT ( "
              r"italic_ϵ ) saturates to a lower bound given by 12μ1superscript2𝜇1-2^{-\mu}1 - 2 "
              r"start_POSTSUPERSCRIPT - italic_μ end_POSTSUPERSCRIPT. On the contrary, the optimal LIP curve of the "
              r"Gaussian mechanism keeps decreasing with ϵitalic-ϵ\epsilonitalic_ϵ. This shows that CD-LMIDP is a "
              r"weak privacy notion and does not necessarily imply a strong LIP guarantee."))
def figure_3():
    xs, p = figure3_input()
    grid = (R(5, 2), 2, 1, R(1, 2), 0)
    out, refs = [], []
    for mu, s2_ref, g_refs, (lo, hi) in ((R(1, 10), "1.3599906964737491", ((0, "0.3219480032385753"), (1, "0.09563142165180341")),
                                          (R("1.2154"), R("1.2155"))),
                                         (R(1, 100), "14.487266191332893", ((0, "0.10418828725020812"),),
                                          (R("0.3782"), R("0.3783")))):
        eq9 = {e: cd_lmidp_to_lip(mu, e) for e in grid + (lo, hi)}
        out.append(ordered([1 - 2 ** (-mu)] + [eq9[e] for e in grid], f"μ = {mu}: 1 − 2^−μ ≤ δ(2.5) ≤ δ(2) ≤ δ(1) ≤ δ(0.5) ≤ δ(0)"))
        s2c = certify(mixture_calibration(mu, xs, p), 12)
        refs.append(near(sympy.Rational(s2c.lower), s2_ref, 11, f"σ² with μ̄^CD_G = {mu} (certified root)"))
        s2 = sympy.Rational(s2c.upper)  # I(X; G(X)) ≤ μ here: the mechanism is μ-CD-LMIDP
        gauss = {e: mixture_lip_delta(xs, p, s2, e) for e in grid + (lo, hi)}
        out.append(ordered([gauss[e] for e in grid], f"μ = {mu}: the Gaussian curve keeps decreasing (ε = 2.5, 2, 1, 0.5, 0)",
                           strict=True))
        refs += [near(gauss[e], r, 10, f"δ̄^LIP_G({e}) at μ = {mu}") for e, r in g_refs]
        out.append(ordered([eq9[0], gauss[0]], f"μ = {mu}: at ε = 0 the Gaussian curve lies above eq. (9) (Theorem 2(a) "
                                               "fails on it)", strict=True))
        out.append(ordered([eq9[lo], gauss[lo]], f"… still above at ε = {lo}", strict=True))
        out.append(ordered([gauss[hi], eq9[hi]], f"… below from ε = {hi}", strict=True))
    refs += [near(cd_lmidp_to_lip(mu, eps), ref, 12, f"δ^LIP_{mu}({eps}) vs reference") for mu, eps, ref in
             [(R(1, 10), R(1, 2), "0.0902861594709634"), (R(1, 100), R(1, 2), "0.0102194979980989"),
              (R(1, 100), 2, "0.00691157917215488")]]
    return establish(combine(out), *refs, domain="ε ∈ {0, 0.5, 1, 2, 2.5} and the crossing brackets, μ ∈ {0.1, 0.01}",
                     stated_domain="ε ∈ [0, 2.5], μ ∈ {0.1, 0.01}")


@claim(PAPER, "Eqs. (11)–(13) (Appendix -C)",
       "μ(K_X, K_Y) is concave in K_X and convex in K_Y (the conditions of the minimax swap (12)); Gaussian case ½log det(I+K_Y⁻¹K_X).",
       stated_domain='𝒦_d(P) covariance sets, the minimax swap (12)', stated_where='Section IV, eqs. (11)–(13), Appendix -C',
       quote=(r"According to the minimax theorem [20, Thm. 2], the "
              r"infP𝒀𝒫(𝗞𝒀)subscriptinfimumsubscript𝑃𝒀𝒫subscript𝗞𝒀\inf_{P_{\bm{Y}}\in\mathcal{P}(\boldsymbol{\mathsf{K}}_{\bm{Y}})}roman_inf "
              r"start_POSTSUBSCRIPT italic_P start_POSTSUBSCRIPT bold_italic_Y end_POSTSUBSCRIPT ∈ caligraphic_P ( "
              r"bold_sansserif_K start_POSTSUBSCRIPT bold_italic_Y end_POSTSUBSCRIPT ) end_POSTSUBSCRIPT and "
              r"sup𝗞𝑿𝒦d(dΔ2)subscriptsupremumsubscript𝗞𝑿subscript𝒦𝑑𝑑superscriptΔ2\sup_{\boldsymbol{\mathsf{K}}_{\bm{X}}\in\mathcal{K}_{d}(d\Delta^{2})}roman_sup "
              r"start_POSTSUBSCRIPT bold_sansserif_K start_POSTSUBSCRIPT bold_italic_X end_POSTSUBSCRIPT ∈ "
              r"caligraphic_K start_POSTSUBSCRIPT italic_d end_POSTSUBSCRIPT ( italic_d roman_Δ "
              r"start_POSTSUPERSCRIPT 2 end_POSTSUPERSCRIPT ) end_POSTSUBSCRIPT in (11) are interchangeable if (i) "
              r"the sets 𝒫(𝗞𝒀)𝒫subscript𝗞𝒀\mathcal{P}(\boldsymbol{\mathsf{K}}_{\bm{Y}})caligraphic_P ( "
              r"bold_sansserif_K start_POSTSUBSCRIPT bold_italic_Y end_POSTSUBSCRIPT ) and "
              r"𝒦d(dΔ2)subscript𝒦𝑑𝑑superscriptΔ2\mathcal{K}_{d}(d\Delta^{2})caligraphic_K start_POSTSUBSCRIPT "
              r"italic_d end_POSTSUBSCRIPT ( italic_d roman_Δ start_POSTSUPERSCRIPT 2 end_POSTSUPERSCRIPT ) are "
              r"compact and convex, (ii) the function "
              r"f(𝗞𝑿,P𝒀)=supP𝑿𝒫(𝗞𝑿)I(𝑿;𝑿+𝒀)𝑓subscript𝗞𝑿subscript𝑃𝒀subscriptsupremumsubscript𝑃𝑿𝒫subscript𝗞𝑿𝐼𝑿𝑿𝒀f(\boldsymbol{\mathsf{K}}_{\bm{X}},P_{\bm{Y}})=\sup_{P_{\bm{X}}\in\mathcal{P}(% "
              r"\boldsymbol{\mathsf{K}}_{\bm{X}})}I(\bm{X};\bm{X}+\bm{Y})italic_f ( bold_sansserif_K "
              r"start_POSTSUBSCRIPT bold_italic_X end_POSTSUBSCRIPT , italic_P start_POSTSUBSCRIPT bold_italic_Y "
              r"end_POSTSUBSCRIPT ) = roman_sup start_POSTSUBSCRIPT italic_P start_POSTSUBSCRIPT bold_italic_X "
              r"end_POSTSUBSCRIPT ∈ caligraphic_P ( bold_sansserif_K start_POSTSUBSCRIPT bold_italic_X "
              r"end_POSTSUBSCRIPT ) end_POSTSUBSCRIPT italic_I ( bold_italic_X ; bold_italic_X + bold_italic_Y ) is "
              r"convex over "
              r"P𝒀𝒫(𝗞𝒀)subscript𝑃𝒀𝒫subscript𝗞𝒀P_{\bm{Y}}\in\mathcal{P}(\boldsymbol{\mathsf{K}}_{\bm{Y}})italic_P "
              r"start_POSTSUBSCRIPT bold_italic_Y end_POSTSUBSCRIPT ∈ caligraphic_P ( bold_sansserif_K "
              r"start_POSTSUBSCRIPT bold_italic_Y end_POSTSUBSCRIPT ) for a given "
              r"𝗞𝑿subscript𝗞𝑿\boldsymbol{\mathsf{K}}_{\bm{X}}bold_sansserif_K start_POSTSUBSCRIPT bold_italic_X "
              r"end_POSTSUBSCRIPT, and (iii) "
              r"f(𝗞𝑿,P𝒀)𝑓subscript𝗞𝑿subscript𝑃𝒀f(\boldsymbol{\mathsf{K}}_{\bm{X}},P_{\bm{Y}})italic_f ( "
              r"bold_sansserif_K start_POSTSUBSCRIPT bold_italic_X end_POSTSUBSCRIPT , italic_P start_POSTSUBSCRIPT "
              r"bold_italic_Y end_POSTSUBSCRIPT ) is concave over "
              r"𝗞𝑿𝒦d(dσ2)subscript𝗞𝑿subscript𝒦𝑑𝑑superscript𝜎2\boldsymbol{\mathsf{K}}_{\bm{X}}\in\mathcal{K}_{d}(d\sigma^{2})bold_sansserif_K "
              r"start_POSTSUBSCRIPT bold_italic_X end_POSTSUBSCRIPT ∈ caligraphic_K start_POSTSUBSCRIPT italic_d "
              r"end_POSTSUBSCRIPT ( italic_d italic_σ start_POSTSUPERSCRIPT 2 end_POSTSUPERSCRIPT ) for a given "
              r"P𝒀subscript𝑃𝒀P_{\bm{Y}}italic_P start_POSTSUBSCRIPT bold_italic_Y end_POSTSUBSCRIPT. Condition (i) "
              r"readily holds. Condition (ii) holds because the mutual information "
              r"I(𝑿;𝑿+𝒀)𝐼𝑿𝑿𝒀I(\bm{X};\bm{X}+\bm{Y})italic_I ( bold_italic_X ; bold_italic_X + bold_italic_Y ) is "
              r"convex in P𝒀subscript𝑃𝒀P_{\bm{Y}}italic_P start_POSTSUBSCRIPT bold_italic_Y end_POSTSUBSCRIPT and "
              r"because the point-wise supremum preserves convexity [21, Sec. 3.2.3]. It remains to verify Condition "
              r"(iii), which we do next."))
def eqs_11_13():
    import random
    rnd = random.Random(11)

    def psd():
        a = sympy.Matrix(2, 2, lambda i, j: R(rnd.randint(-4, 4), rnd.randint(1, 4)))
        return a * a.T + sympy.eye(2) / 10

    def mu(kx, ky):
        return sympy.log((sympy.eye(2) + ky.inv() * kx).det()) / 2 / log(2)
    out = []
    for _ in range(6):
        k0, k1, ky = psd(), psd(), psd()
        out.append(ordered([(mu(k0, ky) + mu(k1, ky)) / 2, mu((k0 + k1) / 2, ky)], "midpoint concavity in K_X"))
        y0, y1, kx = psd(), psd(), psd()
        out.append(ordered([mu(kx, (y0 + y1) / 2), (mu(kx, y0) + mu(kx, y1)) / 2], "midpoint convexity in K_Y"))
    return establish(combine(out), domain="6 random rational PSD 2×2 pairs each (Gaussian inputs and noise)",
                     stated_domain="all zero-mean laws with the covariance constraints")


_APPENDIX_A_DOMAIN = [AnyChannel("M"), Laws("P_X")]


@claim(PAPER, "Appendix -A (eqs. 19–22)",
       "I(X;M(X)) = E_X KL(P_{M|X}‖P_M) ≤ E_{X,X'} KL(P_{M|X}‖P_{M|X'}) ≤ (18) (convexity of KL in its second argument).",
       domain=_APPENDIX_A_DOMAIN, stated_domain='any mechanism M, any P_X (CI setting)', stated_where='Appendix -A, eqs. (19)–(22)',
       quote=(r"We now bound the mutual information I(𝑿;M(𝑿))𝐼𝑿𝑀𝑿I(\bm{X};M(\bm{X}))italic_I ( bold_italic_X ; "
              r"italic_M ( bold_italic_X ) ) for input distribution P𝑿subscript𝑃𝑿P_{\bm{X}}italic_P "
              r"start_POSTSUBSCRIPT bold_italic_X end_POSTSUBSCRIPT as "
              r"I(𝑿;M(𝑿))𝐼𝑿𝑀𝑿\displaystyle\!\!\!I(\bm{X};M(\bm{X}))\!italic_I ( bold_italic_X ; italic_M ( "
              r"bold_italic_X ) ) "
              r"=𝔼𝑿[𝕂𝕃(PM(𝑿)|𝑿PM(𝑿))]absentsubscript𝔼𝑿delimited-[]𝕂𝕃conditionalsubscript𝑃conditional𝑀𝑿𝑿subscript𝑃𝑀𝑿\displaystyle=\mathbb{E}_{\bm{X}\!\!}\left[\mathbb{K}\mathbb{L}(P_{M(\bm{X})\,% "
              r"|\,\bm{X}}\;\|\;P_{M(\bm{X})})\right]= blackboard_E start_POSTSUBSCRIPT bold_italic_X "
              r"end_POSTSUBSCRIPT [ blackboard_K blackboard_L ( italic_P start_POSTSUBSCRIPT italic_M ( "
              r"bold_italic_X ) | bold_italic_X end_POSTSUBSCRIPT ∥ italic_P start_POSTSUBSCRIPT italic_M ( "
              r"bold_italic_X ) end_POSTSUBSCRIPT ) ] (19) "
              r"=𝔼𝑿[𝕂𝕃(PM(𝑿)|𝑿𝔼𝑿[PM(𝑿)|𝑿])]absentsubscript𝔼𝑿delimited-[]𝕂𝕃conditionalsubscript𝑃conditional𝑀𝑿𝑿subscript𝔼superscript𝑿delimited-[]subscript𝑃conditional𝑀superscript𝑿superscript𝑿\displaystyle=\mathbb{E}_{\bm{X}\!\!}\left[\mathbb{K}\mathbb{L}(P_{M(\bm{X})\,% "
              r"|\,\bm{X}}\|\mathbb{E}_{\bm{X}^{\prime}\!\!}\left[P_{M(\bm{X}^{\prime})\,|\,% "
              r"\bm{X}^{\prime}}\right])\right]\!\!= blackboard_E start_POSTSUBSCRIPT bold_italic_X "
              r"end_POSTSUBSCRIPT [ blackboard_K blackboard_L ( italic_P start_POSTSUBSCRIPT italic_M ( "
              r"bold_italic_X ) | bold_italic_X end_POSTSUBSCRIPT ∥ blackboard_E start_POSTSUBSCRIPT bold_italic_X "
              r"start_POSTSUPERSCRIPT ′ end_POSTSUPERSCRIPT end_POSTSUBSCRIPT [ italic_P start_POSTSUBSCRIPT "
              r"italic_M ( bold_italic_X start_POSTSUPERSCRIPT ′ end_POSTSUPERSCRIPT ) | bold_italic_X "
              r"start_POSTSUPERSCRIPT ′ end_POSTSUPERSCRIPT end_POSTSUBSCRIPT ] ) ] (20) "
              r"𝔼𝑿,𝑿[𝕂𝕃(PM(𝑿)|𝑿PM(𝑿)|𝑿)]absentsubscript𝔼𝑿superscript𝑿delimited-[]𝕂𝕃conditionalsubscript𝑃conditional𝑀𝑿𝑿subscript𝑃conditional𝑀superscript𝑿superscript𝑿\displaystyle\leq\mathbb{E}_{\bm{X},\bm{X}^{\prime}\!\!}\left[\mathbb{K}% "
              r"\mathbb{L}(P_{M(\bm{X})\,|\,\bm{X}}\|P_{M(\bm{X}^{\prime})\,|\,\bm{X}^{\prime}% })\right]≤ "
              r"blackboard_E start_POSTSUBSCRIPT bold_italic_X , bold_italic_X start_POSTSUPERSCRIPT ′ "
              r"end_POSTSUPERSCRIPT end_POSTSUBSCRIPT [ blackboard_K blackboard_L ( italic_P start_POSTSUBSCRIPT "
              r"italic_M ( bold_italic_X ) | bold_italic_X end_POSTSUBSCRIPT ∥ italic_P start_POSTSUBSCRIPT italic_M "
              r"( bold_italic_X start_POSTSUPERSCRIPT ′ end_POSTSUPERSCRIPT ) | bold_italic_X start_POSTSUPERSCRIPT "
              r"′ end_POSTSUPERSCRIPT end_POSTSUBSCRIPT ) ] (21) "
              r"log(e)0(1+eϵ)δ(ϵ)dϵ.absent𝑒superscriptsubscript01superscript𝑒italic-ϵ𝛿italic-ϵdifferential-ditalic-ϵ\displaystyle\leq\log(e)\int_{0}^{\infty}(1+e^{-\epsilon})\delta(\epsilon)% "
              r"\mathrm{d}\epsilon.≤ roman_log ( italic_e ) ∫ start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT "
              r"start_POSTSUPERSCRIPT ∞ end_POSTSUPERSCRIPT ( 1 + italic_e start_POSTSUPERSCRIPT - italic_ϵ "
              r"end_POSTSUPERSCRIPT ) italic_δ ( italic_ϵ ) roman_d italic_ϵ . (22) In (20), "
              r"𝑿P𝑿similar-tosuperscript𝑿subscript𝑃𝑿\bm{X}^{\prime}\sim P_{\bm{X}}bold_italic_X "
              r"start_POSTSUPERSCRIPT ′ end_POSTSUPERSCRIPT ∼ italic_P start_POSTSUBSCRIPT bold_italic_X "
              r"end_POSTSUBSCRIPT; (21) follows from Jensen’s inequality and the fact that the KL divergence is "
              r"convex in the second argument; and (22) holds because (18) holds for every realizations "
              r"𝒙𝒙\bm{x}bold_italic_x and 𝒙superscript𝒙\bm{x}^{\prime}bold_italic_x start_POSTSUPERSCRIPT ′ "
              r"end_POSTSUPERSCRIPT of 𝑿𝑿\bm{X}bold_italic_X and 𝑿superscript𝑿\bm{X}^{\prime}bold_italic_X "
              r"start_POSTSUPERSCRIPT ′ end_POSTSUPERSCRIPT, respectively. Since (22) holds for every input "
              r"distribution P𝑿subscript𝑃𝑿P_{\bm{X}}italic_P start_POSTSUBSCRIPT bold_italic_X end_POSTSUBSCRIPT, "
              r"M𝑀Mitalic_M satisfies "
              r"μδ(ϵ)CIsubscriptsuperscript𝜇CI𝛿italic-ϵ\mu^{\text{{}CI}}_{\delta(\epsilon)}italic_μ "
              r"start_POSTSUPERSCRIPT CI end_POSTSUPERSCRIPT start_POSTSUBSCRIPT italic_δ ( italic_ϵ ) "
              r"end_POSTSUBSCRIPT-LMIDP with "
              r"μδ(ϵ)CIsubscriptsuperscript𝜇CI𝛿italic-ϵ\mu^{\text{{}CI}}_{\delta(\epsilon)}italic_μ "
              r"start_POSTSUPERSCRIPT CI end_POSTSUPERSCRIPT start_POSTSUBSCRIPT italic_δ ( italic_ϵ ) "
              r"end_POSTSUBSCRIPT given by the right-hand side of (22)."))
def appendix_a():
    out = []
    for ch, prior in zip(CHANNELS, PRIORS):
        pairs = sum((px * py * kl_bits(a, b) for (px, a), (py, b) in permutations(list(zip(prior, ch.rows)), 2)),
                    sympy.Integer(0))
        out.append(ordered([ch.mutual_information(prior), pairs], "I(X;Y) ≤ E_{X,X'} KL(P_{M|X}‖P_{M|X'})"))
    # (19)–(20): I(X;M) = Σ_x p_x KL(P_{M|x}‖P_M), term by term log(p_x k/(p_x m)) = log(k/m)
    a, b, k0, k1 = sympy.symbols("a b k0 k1", positive=True)
    px, rows = [a, 1 - a], [[k0, 1 - k0], [k1, 1 - k1]]
    pm = [sum(w * row[y] for w, row in zip(px, rows)) for y in (0, 1)]
    golden = identity([w * row[y] / (w * pm[y]) for w, row in zip(px, rows) for y in (0, 1)],
                      [row[y] / pm[y] for row in rows for y in (0, 1)],
                      "(19)–(20): P(x,y)/(P(x)P_M(y)) = P(y|x)/P_M(y) term by term, so I(X;M) = E_X KL(P_{M|X}‖P_M) "
                      "(2×2 channel, symbolic)")
    # (21): KL(P‖Σ_j w_j Q_j) ≤ Σ_j w_j KL(P‖Q_j) for every input x (P = P_{M(x)}, the inputs x' as components with
    # w = P_X, Q_{x'} = P_{M(x')}), then (22): the P_X × P_X average of pair divergences each ≤ (18) is ≤ (18)
    return establish(combine(golden, kl_convex_in_second(), average_below_bound(),
                             detail="(19)–(20) term by term; (21) convexity of KL in its second argument (any number of "
                                    "components, kernel steps); (22) an average of terms each ≤ (18) is ≤ (18)"),
                     combine(out), domain=_APPENDIX_A_DOMAIN,
                     uses=["lmidp:appendix-a2-eqs-17-18"],
                     prose_steps=["(19)–(20) for a general channel: I(X;M) = Σ_x P_X(x) KL(P_{M|X=x}‖P_M), the definition "
                                  "of mutual information (the 2×2 symbolic identity above is the term-by-term cancellation)",
                                  "(21) averaged over X (each input's bound weighted by P_X(x) ≥ 0)",
                                  "(22): each pair's KL(P_{M(x)}‖P_{M(x')}) ≤ (18) by Appendix -A2 (0 for x = x'), the "
                                  "average step above at K = those divergences, μ = (18)"])


@claim(PAPER, "Figure 4", "μ^CD of (10) for δ̄^LIP_G against μ̄^CD_G = I(X; G(X)), the Figure 3 setting, σ² ∈ [0, 200]: "
                          "Theorem 2(b) holds (μ^CD ≥ μ̄^CD_G) and μ^CD decreases as δ(ε) gets lower.",
       stated_domain='the Figure 3 setting, σ² ∈ [0, 200]', stated_where='Section III-B, Figure 4',
       quote=(r"In Fig. 4, we show "
              r"μδ(ϵ)CDsubscriptsuperscript𝜇CD𝛿italic-ϵ\mu^{\text{{}CD}}_{\delta(\epsilon)}italic_μ "
              r"start_POSTSUPERSCRIPT CD end_POSTSUPERSCRIPT start_POSTSUBSCRIPT italic_δ ( italic_ϵ ) "
              r"end_POSTSUBSCRIPT for "
              r"δ(ϵ)=δ¯GLIP(ϵ)𝛿italic-ϵsubscriptsuperscript¯𝛿LIP𝐺italic-ϵ\delta(\epsilon)=\bar{\delta}^{\text{{}LIP}}_{G}(\epsilon)italic_δ "
              r"( italic_ϵ ) = over¯ start_ARG italic_δ end_ARG start_POSTSUPERSCRIPT LIP end_POSTSUPERSCRIPT "
              r"start_POSTSUBSCRIPT italic_G end_POSTSUBSCRIPT ( italic_ϵ ) and the optimal CD-LMIDP parameter "
              r"μ¯GCDsubscriptsuperscript¯𝜇CD𝐺\bar{\mu}^{\text{{}CD}}_{G}over¯ start_ARG italic_μ end_ARG "
              r"start_POSTSUPERSCRIPT CD end_POSTSUPERSCRIPT start_POSTSUBSCRIPT italic_G end_POSTSUBSCRIPT of the "
              r"Gaussian mechanism considered in Fig. 4. We see that "
              r"μδ(ϵ)CDsubscriptsuperscript𝜇CD𝛿italic-ϵ\mu^{\text{{}CD}}_{\delta(\epsilon)}italic_μ "
              r"start_POSTSUPERSCRIPT CD end_POSTSUPERSCRIPT start_POSTSUBSCRIPT italic_δ ( italic_ϵ ) "
              r"end_POSTSUBSCRIPT keeps decreasing as δ(ϵ)𝛿italic-ϵ\delta(\epsilon)italic_δ ( italic_ϵ ) gets lower. "
              r"Therefore, a strong LIP mechanism also performs well in terms of CD-LMIDP."))
def figure_4():
    xs, p = figure3_input()
    out, refs = [], []
    brackets = {}
    for s2, ref10, ref_i in ((10, "0.08471109419030563", "0.014442596460884914"), (100, "0.007543512893754293", "0.0014573419158083179")):
        b = mixture_lip_to_lmidp(xs, p, s2, R(1, 10))
        brackets[s2] = b
        info = mixture_information(xs, p, s2)
        out.append(ordered([info, b.lower], f"σ² = {s2}: μ̄^CD_G ≤ lower end of μ^CD (10) = {b} (Theorem 2(b))", strict=True))
        refs.append(ordered([b.lower, sympy.Rational(ref10), b.upper], f"σ² = {s2}: the reference μ^CD lies in {b}"))
        refs.append(near(info, ref_i, 11, f"μ̄^CD_G at σ² = {s2}"))
    out.append(ordered([brackets[100].upper, brackets[10].lower], "μ^CD(σ² = 100) < μ^CD(σ² = 10)", strict=True))
    cal = near(mixture_information(xs, p, sympy.Rational("1.3599906964737491")), "0.1", 12,
               "the Figure 3 calibration σ² = 1.3599906964737491 gives μ̄^CD_G = 0.1 bit")
    return establish(combine(out), *refs, cal, domain="σ² ∈ {10, 100} (eq. 10 as a rigorous bracket of relative width ≤ 1/10)",
                     stated_domain="σ² ∈ (0, 200]")
