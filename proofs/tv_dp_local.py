"""Ghazi–Issa, *Total variation meets differential privacy*: Section VII (local privacy), Appendices L–M.

Eqs. (20), (26), (28), Definition 6, Proposition 2, Theorems 4–7, Lemma 3, eqs. (34)–(36), (41).
"""

from __future__ import annotations

import sympy

from _tvdp_helpers import exp_above_one, flag, for_every, BETA, ETA, Q, X, dominating_masses, random_law, rng, subsets_tv
from symdp.local import (Channel, binary_erasure_mechanism, dominating_channel, erasure, kl_contraction_bound,
                         max_f_divergence, max_tv_after_channel, randomized_response, rr_kl_contraction)
from symdp.local.contraction import chi2_tv_bound, erasure_conversion_factor
from symdp.numbers import sign
from symdp.central.pairs import FinitePair
from symdp.verify import (cited, claim, combine, erratum, establish, exact_agreement, identity, kernel, prove,
                          rational_nonnegative, real_closed)
from symdp.verify.domains import Channel as AnyChannel, ConvexF, DPPair, LDPChannel, Laws
from _vertex import indicator

PAPER = "tv-dp"

# Real parameters of the paper's domains (symdp.verify.domains), named as the paper names them.
_ε, _α, _η, _β = sympy.symbols("epsilon alpha eta beta", real=True)
EPS, C = sympy.symbols("epsilon c", positive=True)
F = sympy.Function("f")


def _star(x, eta):
    """Rows P0*, P1* of eq. (28), written out from the paper."""
    return ([eta * x / (x - 1), eta / (x - 1), 1 - eta * (x + 1) / (x - 1)],
            [eta / (x - 1), eta * x / (x - 1), 1 - eta * (x + 1) / (x - 1)])


def _random_channel(r, nx: int, ny: int, spread: int = 3):
    """A random exact channel with positive entries; its own ε and η are read off exactly."""
    return Channel([random_law(r, ny, spread) for _ in range(nx)])


def _ratio(ch: Channel):
    return max(a / b for y in range(ch.n_outputs) for a in (r[y] for r in ch.rows) for b in (r[y] for r in ch.rows))


def _df(f, p, q):
    return sum((b * f(a / b) for a, b in zip(p, q)), sympy.Integer(0))


def _chi2(p, q):
    return _df(lambda t: (t - 1) ** 2, p, q)


# --------------------------------------------------------------------------------------------


@claim(PAPER, "Eq. (20), erratum",
       "D_f(P0‖P1) = E_{P1}[f(dP0/dP1)] (printed: E_Q[dP0/dP1], which is 1 for every pair)",
       stated_domain='f: [0, ∞) → ℝ convex, f(1) = 0', stated_where='Section VII-A, eq. (20)',
       quote=(r"Given a convex function f:[0,):𝑓0f:[0,\infty)\rightarrow\mathbb{R}italic_f : [ 0 , ∞ ) → "
              r"blackboard_R satisfying f(1)=0𝑓10f(1)=0italic_f ( 1 ) = 0, the f𝑓fitalic_f-divergence between two "
              r"distributions P0subscript𝑃0P_{0}italic_P start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT and "
              r"P1subscript𝑃1P_{1}italic_P start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT (over a common alphabet "
              r"𝒳𝒳\mathcal{X}caligraphic_X) is defined by Df(P0||P1)=𝐄Q[dP0dP1],\displaystyle "
              r"D_{f}(P_{0}||P_{1})={\rm\mathbf{E}}_{Q}\left[\frac{dP_{0}}{dP_{1% }}\right],italic_D "
              r"start_POSTSUBSCRIPT italic_f end_POSTSUBSCRIPT ( italic_P start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT | "
              r"| italic_P start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT ) = bold_E start_POSTSUBSCRIPT italic_Q "
              r"end_POSTSUBSCRIPT [ divide start_ARG italic_d italic_P start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT "
              r"end_ARG start_ARG italic_d italic_P start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT end_ARG ] , (20) where "
              r"dP0dP1𝑑subscript𝑃0𝑑subscript𝑃1\frac{dP_{0}}{dP_{1}}divide start_ARG italic_d italic_P "
              r"start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT end_ARG start_ARG italic_d italic_P start_POSTSUBSCRIPT 1 "
              r"end_POSTSUBSCRIPT end_ARG is the Radon-Nikodym derivative."))
def eq_20():
    p, q = _star(sympy.Integer(2), Q(1, 5))
    printed = sum((b * (a / b) for a, b in zip(p, q)), sympy.Integer(0))
    kl = _df(lambda t: t * sympy.log(t), p, q)
    return erratum(printed == kl, {"P0": [str(v) for v in p], "P1": [str(v) for v in q], "printed": str(printed),
                                   "KL": str(sympy.N(kl, 12))},
                   exact_agreement(kl, FinitePair(p, q).kl(), "E_{P1}[f(dP0/dP1)] with f = t log t is the KL divergence"),
                   "the printed expectation is Σ P0 = 1, not a divergence",
                   corrected_statement="D_f(P0‖P1) = E_{P1}[f(dP0/dP1)]", kind="typo")


def _rows(name: str = "y", size: str = "l"):
    """Two rows a = Q(·|x), b = Q(·|x') of a channel on outputs y = 1, …, l (sequences ≥ 0), and Σ_y."""
    y, l = sympy.symbols(f"{name} {size}", integer=True)
    a, b = sympy.IndexedBase("a", nonnegative=True), sympy.IndexedBase("b", nonnegative=True)
    return y, l, a, b, (lambda f: sympy.Sum(f, (y, 1, l)))


def _singleton_bounds():
    """The rows a = Q(·|x), b = Q(·|x') of a channel on outputs y = 1, …, l, and the ε-LDP condition output by
    output, both ways: the paper's hypothesis on every single output, as one relation of the domain."""
    y, l, a, b, total = _rows()
    x = sympy.exp(_ε)
    return y, l, a, b, total, x, sympy.And(a[y] <= x * b[y], b[y] <= x * a[y])


def _events_from_singletons():
    """Every channel, any two inputs x, x', every number l of outputs, as kernel steps: if every single output
    has Q(y|x) ≤ e^ε Q(y|x') (and the reverse), then every event has Q(S|x) ≤ e^ε Q(S|x'). A test is
    t = min(max(s, 0), 1) ∈ [0, 1]^l for a real sequence s (every test is of that form, an event a 0/1 test), so
    the statement quantifies over every real s with no premise: Q(S|x) = Σ t_y Q(y|x) ≤ e^ε Σ t_y Q(y|x') =
    e^ε Q(S|x'), the pointwise bound times t_y ≥ 0, summed over the outputs, and e^ε taken out of the sum.
    Singletons are events, so the supremum over events of the ratio is the largest single-output ratio."""
    y, l, a, b, total, x, each = _singleton_bounds()
    test = sympy.Min(sympy.Max(sympy.IndexedBase("s")[y], 0), 1)
    pointwise = kernel.decide(kernel.goal(test * a[y] <= x * (test * b[y]), [y >= 1, y <= l, each]),
                              detail="Q(y|x) ≤ e^ε Q(y|x') times the test's value t_y ∈ [0, 1]")
    summed = kernel.summed(pointwise, y, 1, l)
    out = kernel.linear(total(x * (test * b[y])))
    goal = kernel.goal(total(test * a[y]) <= x * total(test * b[y]), kernel.fact(summed).goal.hypotheses)
    return kernel.decide(goal, summed, out, detail="singleton bounds give the bound for every event (every test)")


#: Every channel Q; a, b are any two of its rows Q(·|x), Q(·|x'), laws on its l outputs (the objects the goals sum
#: over), with the paper's bound on every single output, both ways, for ε ≥ 0.
_DEFINITION_6_DOMAIN = [AnyChannel("Q"), Laws("a", "b", k="l"), _ε >= 0,
                        kernel.Every(_singleton_bounds()[-1], (_rows()[0], 1, _rows()[1]))]


@claim(PAPER, "Definition 6 (singletons suffice)",
       "sup over events S and inputs of Q(S|x)/Q(S|x') equals the largest ratio of single outputs",
       domain=_DEFINITION_6_DOMAIN,
       stated_domain='every ε ≥ 0 and every channel Q (any two of its rows a, b: laws on its l outputs) whose single '
                     'outputs satisfy a_y ≤ e^ε b_y and b_y ≤ e^ε a_y; all events S (every test in [0, 1]^l)',
       stated_where='Section VII-B, Definition 6',
       quote=(r"Definition 6 (Local Differential Privacy) For ε0𝜀0\varepsilon\geq 0italic_ε ≥ 0, a mechanism "
              r"Q𝑄Qitalic_Q is ε𝜀\varepsilonitalic_ε-locally differentially private if "
              r"supS𝒴,x,x𝒳Q(S|x)Q(S|x)eε.subscriptsupremumformulae-sequence𝑆𝒴𝑥superscript𝑥𝒳𝑄conditional𝑆𝑥𝑄conditional𝑆superscript𝑥superscript𝑒𝜀\displaystyle\sup_{S\subseteq\mathcal{Y},x,x^{\prime}\in\mathcal{X}}\frac{Q(S|% "
              r"x)}{Q(S|x^{\prime})}\leq e^{\varepsilon}.roman_sup start_POSTSUBSCRIPT italic_S ⊆ caligraphic_Y , "
              r"italic_x , italic_x start_POSTSUPERSCRIPT ′ end_POSTSUPERSCRIPT ∈ caligraphic_X end_POSTSUBSCRIPT "
              r"divide start_ARG italic_Q ( italic_S | italic_x ) end_ARG start_ARG italic_Q ( italic_S | italic_x "
              r"start_POSTSUPERSCRIPT ′ end_POSTSUPERSCRIPT ) end_ARG ≤ italic_e start_POSTSUPERSCRIPT italic_ε "
              r"end_POSTSUPERSCRIPT . (24)"))
def definition_6():
    r = rng(60)
    events, singles = [], []
    for _ in range(10):
        ch = _random_channel(r, 3, 4, 9)
        best = sympy.Integer(0)
        for mask in range(1, 16):
            for a in ch.rows:
                for b in ch.rows:
                    num = sum(a[y] for y in range(4) if mask >> y & 1)
                    den = sum(b[y] for y in range(4) if mask >> y & 1)
                    best = max(best, num / den)
        events.append(sympy.log(best))
        singles.append(ch.ldp_epsilon())
    return establish(_events_from_singletons(),
                     exact_agreement(events, singles, "10 random 3×4 channels: sup over all 15 events vs "
                                     "library ldp_epsilon()"),
                     domain=_DEFINITION_6_DOMAIN)


def _ldp_setting():
    """Two rows a = Q(·|x), b = Q(·|x') of an ε-LDP channel on l outputs: the hypotheses every step below shares,
    the paper's (ε ≥ 0, the bound e^ε on every single output both ways, one ``Every``) and the rows' (laws)."""
    y, l, a, b, total, x, each = _singleton_bounds()
    laws = [sympy.Eq(total(a[y]), 1), sympy.Eq(total(b[y]), 1)]
    return y, l, a, b, x, total, each, [_ε >= 0, l >= 1, kernel.Every(each, (y, 1, l)), *laws]


def _ldp_rows_tv():
    """d_TV(Q(·|x), Q(·|x')) = ½Σ|a − b| ≤ (e^ε − 1)/(e^ε + 1) for every ε-LDP channel and any two inputs, as
    kernel steps: output by output |a − b| ≤ (e^ε − 1)·min(a, b) = (e^ε − 1)(a + b − |a − b|)/2 (where a ≥ b,
    a − b ≤ (e^ε − 1)b is a ≤ e^ε b; the other way alike); summed, with Σa = Σb = 1, S = Σ|a − b| has
    S ≤ (e^ε − 1)(2 − S)/2, i.e. S/2 ≤ (e^ε − 1)/(e^ε + 1)."""
    y, l, a, b, x, total, each, hyps = _ldp_setting()
    one = prove(x - 1, _ε, 0, sympy.oo, "e^ε ≥ 1 for ε ≥ 0")
    gap = sympy.Abs(a[y] - b[y])
    smaller = (x - 1) * (a[y] + b[y] - gap) / 2
    pointwise = kernel.decide(kernel.goal(gap <= smaller, [y >= 1, y <= l, each, _ε >= 0]), one,
                              detail="|a − b| ≤ (e^ε − 1)·min(a, b) on every output")
    summed = kernel.summed(pointwise, y, 1, l)
    split = kernel.linear(total(smaller))
    return kernel.decide(kernel.goal(total(gap) / 2 <= (x - 1) / (x + 1), hyps), one, summed, split,
                         detail="d_TV(Q(·|x), Q(·|x')) ≤ (e^ε − 1)/(e^ε + 1) for any two rows of an ε-LDP channel")


#: Any two rows a = Q(·|x), b = Q(·|x') of an ε-LDP channel: laws on its l outputs, within the factor e^ε of each
#: other on every single output (the paper's condition, spelled out as the relations the goals' hypotheses are).
_LDP_ROWS = [Laws("a", "b", k="l"), *_ldp_setting()[-1]]


@claim(PAPER, "Eq. (26), erratum",
       "An ε-LDP channel has d_TV(Q) ≤ (e^ε−1)/(e^ε+1) = tanh(ε/2), attained by binary randomized response "
       "(printed: ≤ (e^ε+1)/(e^ε−1), which is ≥ 1 and is not the bound App. M and eq. (27) use)",
       stated_domain='ε-LDP channels Q', stated_where='Section VII-B, eq. (26)',
       quote=(r"Given ε>0𝜀0\varepsilon>0italic_ε > 0 and an ε𝜀\varepsilonitalic_ε-LDP channel Q, it is known that "
              r"[7, Remark A.1] dTV(Q)eε+1eε1.subscript𝑑𝑇𝑉𝑄superscript𝑒𝜀1superscript𝑒𝜀1\displaystyle "
              r"d_{TV}(Q)\leq\frac{e^{\varepsilon}+1}{e^{\varepsilon}-1}.italic_d start_POSTSUBSCRIPT italic_T "
              r"italic_V end_POSTSUBSCRIPT ( italic_Q ) ≤ divide start_ARG italic_e start_POSTSUPERSCRIPT italic_ε "
              r"end_POSTSUPERSCRIPT + 1 end_ARG start_ARG italic_e start_POSTSUPERSCRIPT italic_ε "
              r"end_POSTSUPERSCRIPT - 1 end_ARG . (26)"))
def eq_26():
    r = rng(26)
    ok = []
    for _ in range(20):
        ch = _random_channel(r, 3, 3, 6)
        x = _ratio(ch)
        ok.append(flag(ch.dobrushin() <= (x - 1) / (x + 1)))
    rr = randomized_response(sympy.log(3))
    bound = _ldp_rows_tv()
    corrected = establish(bound, exact_agreement(ok, [1] * len(ok), "20 random 3×3 channels: Dobrushin η ≤ tanh(ε/2) at "
                                                 "their own ε"),
                          exact_agreement(rr.dobrushin(), Q(1, 2), "binary RR at e^ε = 3 attains it: TV 1/2 = tanh(log 3 / 2)"),
                          domain=[LDPChannel("Q", _ε), *_LDP_ROWS])
    printed_bound = (X + 1) / (X - 1)
    vacuous = rational_nonnegative(printed_bound - 1, X, 1, sympy.oo, "the printed bound (e^ε+1)/(e^ε−1) ≥ 1 for e^ε > 1",
                                   open_ends=(True, False))
    # The printed inequality is true (vacuously: the bound is ≥ 1 ≥ d_TV); what is false is that it
    # is the bound App. M and eq. (27) use, i.e. the supremum over ε-LDP channels, attained by RR.
    printed_sup = exact_agreement(printed_bound.subs(X, 3), rr.dobrushin(),
                                  "printed bound = sup of d_TV over ε-LDP channels (attained by RR), at e^ε = 3")
    return erratum(printed_sup, {"e^eps": 3, "printed bound": str(printed_bound.subs(X, 3)),
                                 "sup of d_TV over eps-LDP channels (RR)": str(rr.dobrushin()),
                                 "printed inequality": f"true but vacuous: {vacuous.detail} ({vacuous.status})"},
                   corrected, "the printed inequality d_TV ≤ (e^ε+1)/(e^ε−1) is true but vacuous (the bound is ≥ 1); "
                   "the reciprocal of the intended bound tanh(ε/2) = (e^ε−1)/(e^ε+1) was printed, and App. M and "
                   "eq. (27) use the intended one", corrected_statement="d_TV(Q) ≤ (e^ε−1)/(e^ε+1)", kind="typo",
                   reading="(26) read as the bound App. M takes from it (“noting that d_TV(Q) ≤ (e^ε−1)/(e^ε+1) (by "
                   "equation (26))”), i.e. the supremum of d_TV over ε-LDP channels; read literally, the printed "
                   "inequality holds for every channel (the bound is ≥ 1) and would be no erratum")


def _eq_31_choice():
    """The input alphabet y = 1..K, the laws P0, P1 on it and eq. (31)'s row choice σ_y = 1{P1(y) > P0(y)} of
    Q^(be), as the relation Every(σ_y = 1 where P1(y) > P0(y), 0 elsewhere)."""
    y, n = sympy.symbols("y K", integer=True)
    p0, p1 = sympy.IndexedBase("P0", nonnegative=True), sympy.IndexedBase("P1", nonnegative=True)
    g = sympy.IndexedBase("sigma")
    return y, n, p0, p1, g, indicator(-(p0[y] - p1[y]), g[y])


#: Section VII's input alphabet is summed over (eq. 21): laws on K symbols, K free.
#: θ = η/(e^ε − 1) is the parameter of Q* (eq. 28; any θ ∈ [0, 1/2] at ε = 0, where η = 0): for every (ε, η) of the
#: paper's range there is such a θ, so these relations name Q*'s parameter without narrowing the range.
_THETA = sympy.Symbol("theta", real=True)
_PROPOSITION_2_DOMAIN = [Laws("P0", "P1", k="K"), _ε >= 0, _η >= 0, _η <= sympy.tanh(_ε / 2),
                         kernel.Every(_eq_31_choice()[-1], (_eq_31_choice()[0], 1, _eq_31_choice()[1])),
                         _THETA >= 0, _THETA * (sympy.exp(_ε) + 1) <= 1, sympy.Eq(_η, _THETA * (sympy.exp(_ε) - 1))]


@claim(PAPER, "Proposition 2",
       "sup_{Q ∈ Q_{ε,η}} d_TV(M0, M1) = η d_TV(P0, P1), attained by the binary mechanism with erasure (eq. 31)",
       domain=_PROPOSITION_2_DOMAIN,
       stated_domain='every pair P0, P1 on the input alphabet, ε ≥ 0, 0 ≤ η ≤ tanh(ε/2); σ_y = 1{P1(y) > P0(y)}, the row '
                     'choice that defines Q^(be) in eq. (31), and θ = η/(e^ε − 1) the parameter of Q*_{ε,η} (eq. 28)',
       stated_where='Section VII-B, Proposition 2',
       quote=(r"Proposition 2 Given distributions P0subscript𝑃0P_{0}italic_P start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT "
              r"and P1subscript𝑃1P_{1}italic_P start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT over a common alphabet "
              r"𝒴𝒴\mathcal{Y}caligraphic_Y, ε0𝜀0\varepsilon\geq 0italic_ε ≥ 0, and "
              r"0ηeε1eε+10𝜂superscript𝑒𝜀1superscript𝑒𝜀10\leq\eta\leq\frac{e^{\varepsilon}-1}{e^{\varepsilon}+1}0 ≤ "
              r"italic_η ≤ divide start_ARG italic_e start_POSTSUPERSCRIPT italic_ε end_POSTSUPERSCRIPT - 1 end_ARG "
              r"start_ARG italic_e start_POSTSUPERSCRIPT italic_ε end_POSTSUPERSCRIPT + 1 end_ARG, "
              r"supQ𝒬ε,ηdTV(M0,M1)=ηdTV(P0,P1).subscriptsupremum𝑄subscript𝒬𝜀𝜂subscript𝑑𝑇𝑉subscript𝑀0subscript𝑀1𝜂subscript𝑑𝑇𝑉subscript𝑃0subscript𝑃1\displaystyle\sup_{Q\in\mathcal{Q}_{\varepsilon,\eta}}d_{TV}(M_{0},M_{1})=\eta "
              r"d% _{TV}(P_{0},P_{1}).roman_sup start_POSTSUBSCRIPT italic_Q ∈ caligraphic_Q start_POSTSUBSCRIPT "
              r"italic_ε , italic_η end_POSTSUBSCRIPT end_POSTSUBSCRIPT italic_d start_POSTSUBSCRIPT italic_T "
              r"italic_V end_POSTSUBSCRIPT ( italic_M start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT , italic_M "
              r"start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT ) = italic_η italic_d start_POSTSUBSCRIPT italic_T italic_V "
              r"end_POSTSUBSCRIPT ( italic_P start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT , italic_P start_POSTSUBSCRIPT "
              r"1 end_POSTSUBSCRIPT ) . (30) Moreover, the supremum is achieved by the binary mechanism with erasure "
              r"Q(be):𝒴{0,1,2}:superscript𝑄𝑏𝑒𝒴012Q^{(be)}:\mathcal{Y}\rightarrow\{0,1,2\}italic_Q "
              r"start_POSTSUPERSCRIPT ( italic_b italic_e ) end_POSTSUPERSCRIPT : caligraphic_Y → { 0 , 1 , 2 } "
              r"defined by Q(be)(.|y)=Qε,η(.|𝟏{P1(y)>P0(y)}),\displaystyle "
              r"Q^{(be)}(.|y)=Q^{\star}_{\varepsilon,\eta}\left(.|\mathbf{1}\{P_% {1}(y)>P_{0}(y)\}\right),italic_Q "
              r"start_POSTSUPERSCRIPT ( italic_b italic_e ) end_POSTSUPERSCRIPT ( . | italic_y ) = italic_Q "
              r"start_POSTSUPERSCRIPT ⋆ end_POSTSUPERSCRIPT start_POSTSUBSCRIPT italic_ε , italic_η "
              r"end_POSTSUBSCRIPT ( . | bold_1 { italic_P start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT ( italic_y ) > "
              r"italic_P start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT ( italic_y ) } ) , (31) where "
              r"𝟏{}1\mathbf{1}\{\}bold_1 { } is the indicator function and "
              r"Qε,ηsubscriptsuperscript𝑄𝜀𝜂Q^{\star}_{\varepsilon,\eta}italic_Q start_POSTSUPERSCRIPT ⋆ "
              r"end_POSTSUPERSCRIPT start_POSTSUBSCRIPT italic_ε , italic_η end_POSTSUBSCRIPT is the dominating "
              r"mechanism defined in equation (29)."))
def proposition_2():
    r = rng(2)
    att, want, upper = [], [], []
    for x, eta in ((2, Q(1, 5)), (3, Q(1, 2)), (Q(3, 2), Q(1, 10))):
        eps = sympy.log(x)
        for _ in range(4):
            p0, p1 = random_law(r, 6), random_law(r, 6)
            be = binary_erasure_mechanism(eps, eta, p0, p1)
            tv = subsets_tv(p0, p1)
            att += [subsets_tv(be.apply(p0), be.apply(p1)), max_tv_after_channel(eps, eta, p0, p1)]
            want += [eta * tv] * 2
            ch = _random_channel(r, 6, 4, 5)
            upper.append(flag(subsets_tv(ch.apply(p0), ch.apply(p1)) <= ch.dobrushin() * tv))
    checks = [exact_agreement(att, want, "12 random 6-point pairs, (e^ε, η) ∈ {(2,1/5), (3,1/2), (3/2,1/10)}: "
                              "TV after Q^(be) (sup over events) = η·TV, and the library value"),
              exact_agreement(upper, [1] * len(upper), "12 random channels: d_TV(M0,M1) ≤ η_TV(Q) d_TV(P0,P1) (Dobrushin)")]
    ch = dominating_channel(sympy.log(2), Q(1, 5))
    checks.append(exact_agreement([ch.ldp_epsilon(), ch.dobrushin()], [sympy.log(2), Q(1, 5)],
                                  "Q*_{ε,η} is ε-LDP with Dobrushin coefficient η"))
    return establish(_dobrushin_attained(), checks, domain=_PROPOSITION_2_DOMAIN)


def _dobrushin_attained():
    """Proposition 2 for every pair (P0, P1) on K inputs and every channel, as kernel steps (d = P0 − P1):

    - d_TV(P0, P1) = Σ_y max(d_y, 0): every test clamp(u) ∈ [0, 1]^K has Σ clamp(u) d ≤ Σ max(d, 0), attained at
      the event {d ≥ 0}, whose indicator is 1 − σ for eq. (31)'s σ (pointwise, summed);
    - every Q ∈ Q_{ε,η} and every output event A, with k_y = Q(A|y) in an interval [b, b + w] of length w ≤ η (the
      Dobrushin condition for A), written k_y = b + η·clamp(t)·clamp(v_y) for reals b, t, v_y (clamp(v) = min(max(v,
      0), 1): every such column is of that form, with no premise): M0(A) − M1(A) = Σ d k = b Σ d + η clamp(t) Σ
      clamp(v) d ≤ η Σ max(d, 0) = η d_TV(P0, P1), as Σ d = 0 (pointwise, summed, split);
    - Q^(be) (eq. 31) attains it: its rows are Q*'s, (θe^ε, θ, 1 − θ(e^ε + 1)) and (θ, θe^ε, 1 − θ(e^ε + 1)) with
      θ = η/(e^ε − 1) (any θ ∈ [0, 1/2] when ε = 0, where η = 0), which are laws, ε-LDP and at total variation η;
      the output event {0} has M0 − M1 = Σ_y d_y (θe^ε(1 − σ_y) + θσ_y) = θ(e^ε − 1) Σ max(d, 0) = η d_TV(P0, P1),
      σ_y = 1{P1(y) > P0(y)}. So the supremum over Q_{ε,η} is η d_TV(P0, P1), and Q^(be) attains it."""
    y, n, p0, p1, g, which = _eq_31_choice()
    u, k = (sympy.IndexedBase(name) for name in ("u", "k"))
    e, n_, theta = _ε, _η, sympy.Symbol("theta", real=True)
    b = sympy.Symbol("b", real=True)
    x = sympy.exp(e)
    d = p0[y] - p1[y]
    total = lambda f: sympy.Sum(f, (y, 1, n))
    span = [y >= 1, y <= n]
    laws = [sympy.Eq(total(p0[y]), 1), sympy.Eq(total(p1[y]), 1)]
    split = lambda f: kernel.linear(total(f))
    # d_TV(P0, P1) = Σ max(d, 0), the supremum over events: every test u ∈ [0, 1]^K is below it, the event
    # {P0 ≥ P1} (1 − σ, σ the row choice of eq. (31)) attains it
    clamp = lambda v: sympy.Min(sympy.Max(v, 0), 1)  # every test value in [0, 1] is clamp(v) for a real v
    below = kernel.summed(kernel.decide(kernel.goal(clamp(u[y]) * d <= sympy.Max(d, 0), span)), y, 1, n)
    at = kernel.summed(kernel.decide(kernel.goal(sympy.Eq((1 - g[y]) * d, sympy.Max(d, 0)), [*span, which])), y, 1, n)
    tv = kernel.combine(below, at, detail="d_TV(P0, P1) = sup over events = Σ max(P0 − P1, 0), attained at {P0 ≥ P1}")
    # every channel of Q_{ε,η}, every output event A: its column k_y = Q(A|y) lies in [b, b + w] with w ≤ η (the
    # Dobrushin condition for A), i.e. k_y = b + η·clamp(t)·clamp(v_y) for reals b, t and a real sequence v
    t = sympy.Symbol("t", real=True)
    column = b + n_ * clamp(t) * clamp(k[y])
    side = kernel.summed(kernel.decide(kernel.goal(clamp(k[y]) * d <= sympy.Max(d, 0), span)), y, 1, n)
    nonnegative = kernel.summed(kernel.decide(kernel.goal(sympy.LessThan(sympy.Max(d, 0), 2 * sympy.Max(d, 0), evaluate=False),
                                                          span)), y, 1, n)
    sums = [split(p0[y] * column), split(p1[y] * column), split(clamp(k[y]) * d), split(2 * sympy.Max(d, 0))]
    upper = kernel.decide(kernel.goal(total(p0[y] * column) - total(p1[y] * column) <= n_ * total(sympy.Max(d, 0)),
                                      [n >= 1, n_ >= 0, *laws]), side, nonnegative, *sums,
                          detail="every Q ∈ Q_{ε,η} and every output event A: M0(A) − M1(A) ≤ η d_TV(P0, P1)")
    # Q^(be) attains it
    row0, row1 = [theta * x, theta, 1 - theta * (x + 1)], [theta, theta * x, 1 - theta * (x + 1)]
    star = [e >= 0, theta >= 0, theta * (x + 1) <= 1, sympy.Eq(n_, theta * (x - 1))]
    ones = [prove(x - 1, e, 0, sympy.oo, "e^ε ≥ 1 for ε ≥ 0"), prove(x ** 2 - 1, e, 0, sympy.oo, "e^{2ε} ≥ 1 for ε ≥ 0")]
    member = kernel.decide(kernel.goal(sympy.And(*[c for r in (row0, row1) for m in r for c in (m >= 0,)],
                                                 sympy.Eq(sum(row0), 1), sympy.Eq(sum(row1), 1),
                                                 *[sympy.And(v <= x * w, w <= x * v) for v, w in zip(row0, row1)],
                                                 sympy.Eq(sympy.Add(*[sympy.Abs(v - w) for v, w in zip(row0, row1)]) / 2, n_)),
                                       star), *ones,
                           detail="Q*'s rows are laws, ε-LDP, at total variation η: Q^(be) ∈ Q_{ε,η}")
    chosen = (1 - g[y]) * row0[0] + g[y] * row1[0]  # Q^(be)(0|y): row 0 where P1(y) ≤ P0(y), row 1 where P1(y) > P0(y)
    pieces = [kernel.summed(kernel.decide(kernel.goal(rel, [*span, which, *star])), y, 1, n) for rel in (
        sympy.Eq(p0[y] * chosen - p1[y] * chosen, theta * x * sympy.Max(d, 0) - theta * sympy.Max(-d, 0)),
        sympy.Eq(d, sympy.Max(d, 0) - sympy.Max(-d, 0)))]
    attained = kernel.decide(kernel.goal(sympy.Eq(total(p0[y] * chosen) - total(p1[y] * chosen), n_ * total(sympy.Max(d, 0))),
                                         [n >= 1, kernel.Every(which, (y, 1, n)), *star, *laws]),
                             *pieces, split(p0[y] * chosen - p1[y] * chosen),
                             split(theta * x * sympy.Max(d, 0) - theta * sympy.Max(-d, 0)), split(sympy.Max(d, 0) - sympy.Max(-d, 0)),
                             split(d), split(p0[y] * chosen), split(p1[y] * chosen),
                             detail="Q^(be): the output event {0} has M0 − M1 = η d_TV(P0, P1)")
    # what the paper's domain says of K, ε, η, the laws and eq. (31)'s σ; the tests, the channel's column k ∈ [b, a]
    # and θ are quantified inside each goal
    paper = [n >= 1, e >= 0, n_ >= 0, *laws, kernel.Every(which, (y, 1, n)), *star]
    half = identity(sympy.tanh(e / 2), (x - 1) / (x + 1), "tanh(ε/2) = (e^ε − 1)/(e^ε + 1): some θ ≥ 0 has η = θ(e^ε − 1)")
    return combine(*[for_every(step, paper, detail=step.detail) for step in (tv, upper, member, attained)], half,
                   detail="sup over Q_{ε,η} of d_TV(M0, M1) = η d_TV(P0, P1), attained by Q^(be)")


@claim(PAPER, "Appendix L (eq. 54), erratum",
       "‖P0 − P1‖_TV = P0(𝒜) − P1(𝒜) with 𝒜 = {P0 ≥ P1} (printed: P0(A) − Q0(A))",
       stated_domain='the proof of Proposition 2', stated_where='Appendix L, eq. (54)',
       quote=(r"Let 𝒜𝒳𝒜𝒳\mathcal{A}\subseteq\mathcal{X}caligraphic_A ⊆ caligraphic_X such that "
              r"𝒜={x𝒳:P0(x)P1(x)}𝒜conditional-set𝑥𝒳subscript𝑃0𝑥subscript𝑃1𝑥\mathcal{A}=\{x\in\mathcal{X}:P_{0}(x)\geq "
              r"P_{1}(x)\}caligraphic_A = { italic_x ∈ caligraphic_X : italic_P start_POSTSUBSCRIPT 0 "
              r"end_POSTSUBSCRIPT ( italic_x ) ≥ italic_P start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT ( italic_x ) }. "
              r"Hence "
              r"P0P1TV=P0(A)Q0(A).subscriptnormsubscript𝑃0subscript𝑃1𝑇𝑉subscript𝑃0𝐴subscript𝑄0𝐴\displaystyle\|P_{0}-P_{1}\|_{TV}=P_{0}(A)-Q_{0}(A).∥ "
              r"italic_P start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT - italic_P start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT "
              r"∥ start_POSTSUBSCRIPT italic_T italic_V end_POSTSUBSCRIPT = italic_P start_POSTSUBSCRIPT 0 "
              r"end_POSTSUBSCRIPT ( italic_A ) - italic_Q start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT ( italic_A ) . "
              r"(54)"))
def appendix_l():
    p0, p1 = [Q(1, 2), Q(1, 3), Q(1, 6)], [Q(1, 6), Q(1, 3), Q(1, 2)]
    ch = dominating_channel(sympy.log(2), Q(1, 5))
    q0 = ch.rows[0]  # Q0 = Q(·|0), the only object of that name (output alphabet {0,1,2} as the input's)
    a = [i for i in range(3) if p0[i] >= p1[i]]
    printed = sum(p0[i] for i in a) - sum(q0[i] for i in a)
    corrected = sum(p0[i] for i in a) - sum(p1[i] for i in a)
    return erratum(printed == subsets_tv(p0, p1), {"P0": "1/2,1/3,1/6", "P1": "1/6,1/3,1/2",
                                                  "Q0 = Q*(.|0) at e^eps=2, eta=1/5": [str(v) for v in q0],
                                                  "printed": str(printed), "TV": str(subsets_tv(p0, p1))},
                   exact_agreement(corrected, subsets_tv(p0, p1), "P0(𝒜) − P1(𝒜) = sup over events"),
                   "read literally (Q0 a row of a channel) the printed difference is not the TV; a symbol slip",
                   corrected_statement="‖P0 − P1‖_TV = P0(𝒜) − P1(𝒜)", kind="typo",
                   reading="Q0 is undefined in Appendix L; read as Q*(·|0), the only object of that name (the channel's "
                           "row); the intended symbol is P1, so the slip is a typo, not a wrong result")


#: Theorem 4's hypotheses: f convex, [0, ∞) → ℝ₊ (so f(e^ε), f(e^{−ε}) ≥ 0), f(1) = 0; ε > 0 (see theorem_4_value).
_THEOREM_4_DOMAIN = [ConvexF("f"), sympy.Eq(F(1), 0), F(sympy.exp(_ε)) >= 0, F(sympy.exp(-_ε)) >= 0, _ε > 0,
                     sympy.exp(_ε) > 1, _η >= 0, _η <= sympy.tanh(_ε / 2)]


@claim(PAPER, "Theorem 4 (value at Q*, eq. 32)",
       "D_f(P0*‖P1*) = η[f(e^ε) + e^ε f(e^{−ε})]/(e^ε − 1) for every f with f(1) = 0; invariant under "
       "f → f + c(t−1); KL = εη, χ² = η(e^ε−1)(1+e^{−ε}), H² = 2η tanh(ε/4)",
       domain=_THEOREM_4_DOMAIN,
       stated_domain='ε ≥ 0 as printed, read as ε > 0 (at ε = 0, η = 0 and eqs. (28), (32) divide by e^ε − 1 = 0; e^ε > 1 '
                     'is ε > 0 spelled out for the covering check), 0 ≤ η ≤ tanh(ε/2), every convex f: [0, ∞) → ℝ₊ '
                     'with f(1) = 0', stated_where='Section VII-B, Theorem 4, eq. (32)',
       quote=(r"Theorem 4 Given a convex function f:[0,)+:𝑓0subscriptf:[0,\infty)\rightarrow\mathbb{R}_{+}italic_f : "
              r"[ 0 , ∞ ) → blackboard_R start_POSTSUBSCRIPT + end_POSTSUBSCRIPT satisfying f(1)=0𝑓10f(1)=0italic_f "
              r"( 1 ) = 0, ε0𝜀0\varepsilon\geq 0italic_ε ≥ 0, and "
              r"0ηeε1eε+10𝜂superscript𝑒𝜀1superscript𝑒𝜀10\leq\eta\leq\frac{e^{\varepsilon}-1}{e^{\varepsilon}+1}0 ≤ "
              r"italic_η ≤ divide start_ARG italic_e start_POSTSUPERSCRIPT italic_ε end_POSTSUPERSCRIPT - 1 end_ARG "
              r"start_ARG italic_e start_POSTSUPERSCRIPT italic_ε end_POSTSUPERSCRIPT + 1 end_ARG, "
              r"sup(P0,P1)𝒬ε,ηDf(P0||P1)\displaystyle\sup_{\begin{subarray}{c}(P_{0},P_{1})\in\mathcal{Q}_{\varepsilon% "
              r",\eta}\end{subarray}}\!\!\!\!\!\!D_{f}(P_{0}||P_{1})roman_sup start_POSTSUBSCRIPT start_ARG "
              r"start_ROW start_CELL ( italic_P start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT , italic_P "
              r"start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT ) ∈ caligraphic_Q start_POSTSUBSCRIPT italic_ε , italic_η "
              r"end_POSTSUBSCRIPT end_CELL end_ROW end_ARG end_POSTSUBSCRIPT italic_D start_POSTSUBSCRIPT italic_f "
              r"end_POSTSUBSCRIPT ( italic_P start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT | | italic_P "
              r"start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT ) "
              r"=Df(P0||P1)\displaystyle=\!D_{f}(P_{0}^{\star}||P_{1}^{\star})= italic_D start_POSTSUBSCRIPT "
              r"italic_f end_POSTSUBSCRIPT ( italic_P start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT start_POSTSUPERSCRIPT "
              r"⋆ end_POSTSUPERSCRIPT | | italic_P start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT start_POSTSUPERSCRIPT ⋆ "
              r"end_POSTSUPERSCRIPT ) "
              r"=η(f(eε)+eεf(eε))eε1.absent𝜂𝑓superscript𝑒𝜀superscript𝑒𝜀𝑓superscript𝑒𝜀superscript𝑒𝜀1\displaystyle=\!\frac{\eta\left(f\left(e^{\varepsilon}\right)+e^{\varepsilon}f% "
              r"\left(e^{-\varepsilon}\right)\right)}{e^{\varepsilon}-1}.= divide start_ARG italic_η ( italic_f ( "
              r"italic_e start_POSTSUPERSCRIPT italic_ε end_POSTSUPERSCRIPT ) + italic_e start_POSTSUPERSCRIPT "
              r"italic_ε end_POSTSUPERSCRIPT italic_f ( italic_e start_POSTSUPERSCRIPT - italic_ε "
              r"end_POSTSUPERSCRIPT ) ) end_ARG start_ARG italic_e start_POSTSUPERSCRIPT italic_ε "
              r"end_POSTSUPERSCRIPT - 1 end_ARG . (32)"))
def theorem_4_value():
    """D_f(P0*‖P1*) = Σ_y P1*(y) f(P0*(y)/P1*(y)) for the rows (28), symbolic in ε, η and an undefined f: the
    third output has ratio 1 and contributes P1*(3)·f(1) = 0 (the hypothesis f(1) = 0), so the value is
    η[f(e^ε) + e^ε f(e^{−ε})]/(e^ε − 1) (decided with f(e^ε), f(e^{−ε}), f(1) as unknowns); the same for
    f + c(t − 1); and the three closed forms (identities). Every step holds for every f with f(1) = 0."""
    e, n, c = _ε, _η, sympy.Symbol("c", real=True)
    x = sympy.exp(e)
    p, q = _star(x, n)
    value = lambda g: n * (g(x) + x * g(1 / x)) / (x - 1)
    shifted = lambda t: F(t) + c * (t - 1)
    kl, chi, hel = (lambda t: t * sympy.log(t)), (lambda t: (t - 1) ** 2), (lambda t: (sympy.sqrt(t) - 1) ** 2)
    hyps = [e > 0, n >= 0, sympy.Eq(F(1), 0)]
    statement = combine(
        kernel.decide(kernel.goal(sympy.Eq(_df(F, p, q), value(F)), hyps),
                      detail="Σ P1*(y) f(P0*(y)/P1*(y)) = η[f(e^ε) + e^ε f(e^{−ε})]/(e^ε − 1) when f(1) = 0"),
        kernel.decide(kernel.goal(sympy.Eq(_df(shifted, p, q), value(F)), hyps),
                      identity(sympy.exp(-e) * (x - 1), 1 - sympy.exp(-e), "e^{−ε}(e^ε − 1) = 1 − e^{−ε}"),
                      detail="f + c(t − 1) gives the same value, every c"),
        identity([value(kl), value(chi), value(hel)],
                 [e * n, n * (x - 1) * (1 + 1 / x), 2 * n * sympy.tanh(e / 4)], "KL, χ², squared Hellinger"),
        exp_above_one(e), detail="eq. (32): the f-divergence of (P0*, P1*)")
    kl_, chi_ = (lambda t: t * sympy.log(t)), (lambda t: (t - 1) ** 2)
    lib = [max_f_divergence(sympy.Lambda(sympy.Symbol("t"), g(sympy.Symbol("t"))), sympy.log(2), Q(1, 5))
           for g in (kl_, chi_)]
    p2, q2 = _star(sympy.Integer(2), Q(1, 5))
    relabel = dominating_channel(sympy.log(2), Q(1, 5)).rows
    d7 = dominating_masses(sympy.Integer(2), 1 - Q(1, 5) * 3)
    return establish(statement,
                     exact_agreement(lib, [_df(kl_, p2, q2), _df(chi_, p2, q2)], "library max_f_divergence at e^ε = 2, η = 1/5"),
                     exact_agreement(list(relabel[0]) + list(relabel[1]), p2 + q2, "library Q*_{ε,η} = eq. (28)"),
                     exact_agreement([d7[0][0], d7[0][1], d7[0][2]], [p2[0], p2[2], p2[1]],
                                     "eq. (28) is eq. (7) with outputs 1 and 2 swapped (α = 1 − η(e^ε+1)/(e^ε−1))"),
                     domain=_THEOREM_4_DOMAIN)


#: Theorem 4's supremum: every pair (P0, P1) of Q_{ε,η} (ratios within e^{±ε}, total variation ≤ η) on l outputs.
_THEOREM_4_SUP_DOMAIN = [DPPair("P0", "P1", _ε), DPPair("P0", "P1", 0, _η), Laws("P0", "P1", k="l"), *_THEOREM_4_DOMAIN]


@claim(PAPER, "Theorem 4 (supremum over Q_{ε,η})",
       "Every pair in Q_{ε,η} has D_f ≤ η[f(e^ε) + e^ε f(e^{−ε})]/(e^ε − 1) for every convex f with f(1) = 0",
       domain=_THEOREM_4_SUP_DOMAIN,
       stated_domain='every pair (P0, P1) ∈ Q_{ε,η} (an (ε, 0)-pair at total variation ≤ η, i.e. also a (0, η)-pair) '
                     'on a common alphabet of l symbols (Section VII sums over outputs), ε ≥ 0 read as ε > 0 as in eq. '
                     '(32), 0 ≤ η ≤ tanh(ε/2), every convex f: [0, ∞) → ℝ₊ with f(1) = 0',
       stated_where='Section VII-B, Theorem 4',
       quote=(r"Theorem 4 Given a convex function f:[0,)+:𝑓0subscriptf:[0,\infty)\rightarrow\mathbb{R}_{+}italic_f : "
              r"[ 0 , ∞ ) → blackboard_R start_POSTSUBSCRIPT + end_POSTSUBSCRIPT satisfying f(1)=0𝑓10f(1)=0italic_f "
              r"( 1 ) = 0, ε0𝜀0\varepsilon\geq 0italic_ε ≥ 0, and "
              r"0ηeε1eε+10𝜂superscript𝑒𝜀1superscript𝑒𝜀10\leq\eta\leq\frac{e^{\varepsilon}-1}{e^{\varepsilon}+1}0 ≤ "
              r"italic_η ≤ divide start_ARG italic_e start_POSTSUPERSCRIPT italic_ε end_POSTSUPERSCRIPT - 1 end_ARG "
              r"start_ARG italic_e start_POSTSUPERSCRIPT italic_ε end_POSTSUPERSCRIPT + 1 end_ARG, "
              r"sup(P0,P1)𝒬ε,ηDf(P0||P1)\displaystyle\sup_{\begin{subarray}{c}(P_{0},P_{1})\in\mathcal{Q}_{\varepsilon% "
              r",\eta}\end{subarray}}\!\!\!\!\!\!D_{f}(P_{0}||P_{1})roman_sup start_POSTSUBSCRIPT start_ARG "
              r"start_ROW start_CELL ( italic_P start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT , italic_P "
              r"start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT ) ∈ caligraphic_Q start_POSTSUBSCRIPT italic_ε , italic_η "
              r"end_POSTSUBSCRIPT end_CELL end_ROW end_ARG end_POSTSUBSCRIPT italic_D start_POSTSUBSCRIPT italic_f "
              r"end_POSTSUBSCRIPT ( italic_P start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT | | italic_P "
              r"start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT ) "
              r"=Df(P0||P1)\displaystyle=\!D_{f}(P_{0}^{\star}||P_{1}^{\star})= italic_D start_POSTSUBSCRIPT "
              r"italic_f end_POSTSUBSCRIPT ( italic_P start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT start_POSTSUPERSCRIPT "
              r"⋆ end_POSTSUPERSCRIPT | | italic_P start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT start_POSTSUPERSCRIPT ⋆ "
              r"end_POSTSUPERSCRIPT ) "
              r"=η(f(eε)+eεf(eε))eε1.absent𝜂𝑓superscript𝑒𝜀superscript𝑒𝜀𝑓superscript𝑒𝜀superscript𝑒𝜀1\displaystyle=\!\frac{\eta\left(f\left(e^{\varepsilon}\right)+e^{\varepsilon}f% "
              r"\left(e^{-\varepsilon}\right)\right)}{e^{\varepsilon}-1}.= divide start_ARG italic_η ( italic_f ( "
              r"italic_e start_POSTSUPERSCRIPT italic_ε end_POSTSUPERSCRIPT ) + italic_e start_POSTSUPERSCRIPT "
              r"italic_ε end_POSTSUPERSCRIPT italic_f ( italic_e start_POSTSUPERSCRIPT - italic_ε "
              r"end_POSTSUPERSCRIPT ) ) end_ARG start_ARG italic_e start_POSTSUPERSCRIPT italic_ε "
              r"end_POSTSUPERSCRIPT - 1 end_ARG . (32)"))
def theorem_4_sup():
    r = rng(4)
    ok = []
    for _ in range(30):
        ch = _random_channel(r, 2, 4, 4)
        x = _ratio(ch)
        eta = ch.dobrushin()
        p, q = ch.rows
        bound = lambda g: eta * (g(x) + x * g(1 / x)) / (x - 1)
        ok.append(_chi2(p, q) <= bound(lambda t: (t - 1) ** 2))
        ok.append(sympy.N(_df(lambda t: t * sympy.log(t), p, q) - bound(lambda t: t * sympy.log(t)), 30) <= 0)
        ok.append(subsets_tv(p, q) <= bound(lambda t: sympy.Max(t - 1, 0)))
    # Every pair of rows (p, q) of a channel in Q_{ε,η}, every convex f with f(1) = 0: each output's
    # ratio r = p/q lies in [1/x, x] (x = e^ε). Convexity puts f below its chord: on [1, x] through
    # (1, 0) and (x, f(x)), on [1/x, 1] through (1/x, f(1/x)) and (1, 0). Multiplied by q, the chords
    # are (p − q)f(x)/(x−1) and (q − p)x f(1/x)/(x−1); summed over {p ≥ q} and {p < q} they give
    # d_TV·[f(x) + x f(1/x)]/(x−1) ≤ η[f(x) + x f(1/x)]/(x−1), the bracket being ≥ 0 (convexity at 1).
    # p, q: the masses P0(y), P1(y) of one output (quantified inside the statement); x = e^ε, the paper's parameter
    pp, qq, xx = sympy.symbols("p q", positive=True) + (sympy.exp(_ε),)
    rr_ = pp / qq
    statement = combine(
        identity([(xx - rr_) / (xx - 1) * 1 + (rr_ - 1) / (xx - 1) * xx, (1 - rr_) * xx / (xx - 1) * (1 / xx)
                  + (xx * rr_ - 1) / (xx - 1) * 1], [rr_, rr_], "r is the convex combination of the chord ends (weights in "
                 "[0, 1] for r ∈ [1, x] and r ∈ [1/x, 1]), so f(r) ≤ the chord value"),
        identity(qq * (rr_ - 1) / (xx - 1) * F(xx), (pp - qq) * F(xx) / (xx - 1), "q·chord on [1, x] = (p − q)f(x)/(x−1)"),
        identity(qq * (1 - rr_) * xx / (xx - 1) * F(1 / xx), (qq - pp) * xx * F(1 / xx) / (xx - 1),
                 "q·chord on [1/x, 1] = (q − p)·x f(1/x)/(x−1)"),
        identity(xx / (xx + 1) * (1 / xx) + 1 / (xx + 1) * xx, 1,
                 "1 = (x/(x+1))·(1/x) + (1/(x+1))·x, so 0 = f(1) ≤ [x f(1/x) + f(x)]/(x+1): the bracket is ≥ 0"))
    return establish(statement,
                     exact_agreement([flag(v) for v in ok], [1] * len(ok),
                                     "30 random binary-input channels at their own (ε, η): χ² and TV exactly, KL to 30 digits"),
                     domain=_THEOREM_4_SUP_DOMAIN,
                     prose_steps=["each output's ratio r = P0(y)/P1(y) lies in [e^{−ε}, e^ε] (the (ε, 0)-pair; an output "
                                  "with P1(y) = 0 has P0(y) = 0 and adds nothing), and convexity puts f(r) below the chord "
                                  "through (1, 0) and (e^ε, f(e^ε)) on [1, e^ε], through (e^{−ε}, f(e^{−ε})) and (1, 0) on "
                                  "[e^{−ε}, 1]; at 1, 0 = f(1) ≤ [e^ε f(e^{−ε}) + f(e^ε)]/(e^ε + 1)",
                                  "the chord bounds times P1(y), summed over the outputs: Σ_{P0 ≥ P1} (P0 − P1) = "
                                  "Σ_{P0 < P1} (P1 − P0) = d_TV ≤ η (the (0, η)-pair), so D_f ≤ η[f(e^ε) + e^ε "
                                  "f(e^{−ε})]/(e^ε − 1)"])


#: Theorem 5's parameters: ε ≥ 0 read as ε > 0 (as Theorem 4's), 0 ≤ η ≤ tanh(ε/2), and the Le Cam β ∈ [0, 1].
_THEOREM_5_DOMAIN = [_ε > 0, sympy.exp(_ε) > 1, _η >= 0, _η <= sympy.tanh(_ε / 2), _β >= 0, _β <= 1]


@claim(PAPER, "Theorem 5 (KL contraction, eqs. 33, 37–39)",
       "sup_{Q ∈ Q_{ε,η}} η_KL(Q) = η_KL(Q*) = η(e^ε−1)/(e^ε+1); LC_β(P0*‖P1*) = η(e^ε−1)β(1−β)"
       "[1/(βe^ε+1−β) + 1/((1−β)e^ε+β)], maximised at β = 1/2",
       domain=_THEOREM_5_DOMAIN,
       stated_domain='ε ≥ 0 as printed, read as ε > 0 (as in Theorem 4: at ε = 0, η = 0 and the rows (28) of Q* divide by '
                     'e^ε − 1 = 0; e^ε > 1 is ε > 0 spelled out for the covering check), 0 ≤ η ≤ tanh(ε/2), the Le Cam '
                     'parameter β ∈ [0, 1] of eqs. (37)–(39), every channel of Q_{ε,η}', stated_where='Section VII-C, Theorem 5, eqs. (33), (37)–(39)',
       quote=(r"Theorem 5 Given ε0𝜀0\varepsilon\geq 0italic_ε ≥ 0 and "
              r"0ηeε1eε+10𝜂superscript𝑒𝜀1superscript𝑒𝜀10\leq\eta\leq\frac{e^{\varepsilon}-1}{e^{\varepsilon}+1}0 ≤ "
              r"italic_η ≤ divide start_ARG italic_e start_POSTSUPERSCRIPT italic_ε end_POSTSUPERSCRIPT - 1 end_ARG "
              r"start_ARG italic_e start_POSTSUPERSCRIPT italic_ε end_POSTSUPERSCRIPT + 1 end_ARG, "
              r"supQ𝒬ε,ηηKL(Q)=ηKL(Qε,η)=ηeε1eε+1.subscriptsupremum𝑄subscript𝒬𝜀𝜂subscript𝜂𝐾𝐿𝑄subscript𝜂𝐾𝐿subscriptsuperscript𝑄𝜀𝜂𝜂superscript𝑒𝜀1superscript𝑒𝜀1\displaystyle\sup_{Q\in\mathcal{Q}_{\varepsilon,\eta}}\eta_{KL}(Q)=\eta_{KL}% "
              r"\left(Q^{\star}_{\varepsilon,\eta}\right)=\eta\frac{e^{\varepsilon}-1}{e^{% "
              r"\varepsilon}+1}.roman_sup start_POSTSUBSCRIPT italic_Q ∈ caligraphic_Q start_POSTSUBSCRIPT italic_ε "
              r", italic_η end_POSTSUBSCRIPT end_POSTSUBSCRIPT italic_η start_POSTSUBSCRIPT italic_K italic_L "
              r"end_POSTSUBSCRIPT ( italic_Q ) = italic_η start_POSTSUBSCRIPT italic_K italic_L end_POSTSUBSCRIPT ( "
              r"italic_Q start_POSTSUPERSCRIPT ⋆ end_POSTSUPERSCRIPT start_POSTSUBSCRIPT italic_ε , italic_η "
              r"end_POSTSUBSCRIPT ) = italic_η divide start_ARG italic_e start_POSTSUPERSCRIPT italic_ε "
              r"end_POSTSUPERSCRIPT - 1 end_ARG start_ARG italic_e start_POSTSUPERSCRIPT italic_ε "
              r"end_POSTSUPERSCRIPT + 1 end_ARG . (33)"))
def theorem_5():
    """Eqs. (37)–(39) at Q*_{ε,η} over the paper's parameters, and the supremum (33) from the cited results.

    Le Cam's divergence in its E_Q form (eq. 38), LC_β(P‖Q) = β(1−β) Σ_y Q(y)(r_y − 1)²/(βr_y + 1 − β) with
    r_y = P(y)/Q(y), at the rows (28) of Q* (ratios e^ε, e^{−ε} and 1, masses η/(e^ε−1), ηe^ε/(e^ε−1)) is eq. (39)
    (an identity, defined for every η ≥ 0); 1/(e^ε+1) − g(β) = e^ε(2β−1)²/((e^ε+1)(βe^ε+1−β)(e^ε(1−β)+β)) ≥ 0, so
    LC_β(P0*‖P1*) ≤ η(e^ε−1)/(e^ε+1) for every β ∈ [0, 1], with equality at β = 1/2: sup_β LC_β(Q*) =
    η(e^ε−1)/(e^ε+1) (decided). The supremum over Q_{ε,η} rests on cited results and Theorem 4 (see `uses`)."""
    e, n, b = _ε, _η, _β
    x = sympy.exp(e)
    p, q = _star(x, n)
    ratio = [x, 1 / x]  # P0*(y)/P1*(y) on the first two outputs; the third has ratio 1 and contributes 0
    lc = b * (1 - b) * sum(q[y] * (ratio[y] - 1) ** 2 / (b * ratio[y] + 1 - b) for y in range(2))
    g = b * (1 - b) * (1 / (b * x + 1 - b) + 1 / ((1 - b) * x + b))
    printed = n * (x - 1) * g
    factored = x * (2 * b - 1) ** 2 / ((x + 1) * (b * x + 1 - b) * (x * (1 - b) + b))
    hyps = [e > 0, n >= 0, b >= 0, b <= 1]
    gap = identity(1 / (x + 1) - g, factored, "1/(e^ε+1) − g(β) = e^ε(2β−1)²/((e^ε+1)(βe^ε+1−β)(e^ε(1−β)+β))")
    gap_sign = kernel.decide(kernel.goal(factored >= 0, [e > 0, b >= 0, b <= 1]),
                             detail="that difference is ≥ 0 for every ε > 0, β ∈ [0, 1]")
    above = exp_above_one(e)
    statement = combine(identity([lc, printed.subs(b, Q(1, 2))], [printed, n * (x - 1) / (x + 1)],
                                 "Le Cam divergence (38) of (P0*, P1*) = eq. (39); at β = 1/2 it is η(e^ε−1)/(e^ε+1)"),
                        gap, gap_sign,
                        kernel.decide(kernel.goal(printed <= n * (x - 1) / (x + 1), hyps), kernel.fact(gap), gap_sign, above,
                                      detail="LC_β(P0*‖P1*) ≤ η(e^ε−1)/(e^ε+1) for every β ∈ [0, 1]: the maximum is at β = 1/2"),
                        above, detail="eqs. (37)–(39) at Q*_{ε,η}: sup_β LC_β(P0*‖P1*) = η(e^ε−1)/(e^ε+1), attained at β = 1/2")
    lib = [dominating_channel(sympy.log(x), n).contraction("kl") for x, n in ((2, Q(1, 5)), (3, Q(1, 2)))]
    r = rng(5)
    ok = []
    for _ in range(15):
        ch = _random_channel(r, 2, 3, 4)
        xr, eta = _ratio(ch), ch.dobrushin()
        best = max(BETA_i * (1 - BETA_i) * sum((a - c) ** 2 / (BETA_i * a + (1 - BETA_i) * c) for a, c in zip(*ch.rows))
                   for BETA_i in [Q(i, 40) for i in range(1, 40)])
        ok.append(flag(best <= eta * (xr - 1) / (xr + 1)))
    return establish(statement, _eta_kl_by_definition(), exact_agreement(lib + [kl_contraction_bound(sympy.log(2), Q(1, 5)), kl_contraction_bound(sympy.log(3), Q(1, 2))],
                            [Q(1, 15), Q(1, 4)] * 2, "library η_KL(Q*) and kl_contraction_bound at (e^ε, η) = (2, 1/5), (3, 1/2)"),
            exact_agreement(ok, [1] * len(ok), "15 random binary-input channels: max over a β grid of LC_β ≤ η tanh(ε/2) "
                            "at their own (ε, η)"),
                     domain=_THEOREM_5_DOMAIN,
                     uses=["tv-dp:theorem-4-supremum-over-q-epsilon-eta",
                           cited("Ordentlich–Polyanskiy (the paper's proof)", "binary inputs suffice for η_KL"),
                           cited("Polyanskiy–Wu (eq. 37)", "η_KL of a binary-input channel = sup_β LC_β of its two rows")],
                     prose_steps=["LC_β is the f-divergence of f_β(t) = β(1−β)(t−1)²/(βt+1−β), convex with f_β(1) = 0; "
                                  "swapping the suprema over Q ∈ Q_{ε,η} and over β, Theorem 4 bounds each LC_β by its "
                                  "value at Q*, so sup_Q η_KL(Q) = sup_β LC_β(P0*‖P1*), attained by Q*"])


def _rr_eta_kl_by_definition(rows):
    """η_KL(Q_R) = sup D(PK‖QK)/D(P‖Q) from its definition, independently of eq. (37): the exact limit
    of the ratio at its maximiser P, Q → (1/2, 1/2, 0, …) along (h, −h, 0, …) (sympy) equals the formula
    for M ∈ {2, 3, 5}, and an mpmath grid of input pairs on 3 points (step 1/8) stays below it (M = 3),
    at e^ε = 2."""
    import mpmath

    h = sympy.Symbol("h", positive=True)
    kl = lambda a, b: sum(u * sympy.log(u / v) for u, v in zip(a, b) if u != 0)
    limits, formula = [], []
    for m in (2, 3, 5):
        r = [[v.subs(X, 2) for v in row] for row in rows(m)]
        out = lambda p: [sum(p[i] * r[i][j] for i in range(m)) for j in range(m)]
        p = [Q(1, 2) + h, Q(1, 2) - h] + [0] * (m - 2)
        q = [Q(1, 2), Q(1, 2)] + [0] * (m - 2)
        limits.append(sympy.limit(kl(out(p), out(q)) / kl(p, q), h, 0))
        formula.append(Q(1, (2 + m - 1) * 3))
    r3 = [[mpmath.mpf(2) / 4 if i == j else mpmath.mpf(1) / 4 for j in range(3)] for i in range(3)]
    laws = [(mpmath.mpf(i) / 8, mpmath.mpf(j) / 8, mpmath.mpf(8 - i - j) / 8) for i in range(1, 7) for j in range(1, 8 - i)]
    best = mpmath.mpf(0)
    with mpmath.workdps(30):
        for a in laws:
            for b in laws:
                if a != b:
                    oa = [sum(a[i] * r3[i][j] for i in range(3)) for j in range(3)]
                    ob = [sum(b[i] * r3[i][j] for i in range(3)) for j in range(3)]
                    num = sum(u * mpmath.log(u / v) for u, v in zip(oa, ob))
                    den = sum(u * mpmath.log(u / v) for u, v in zip(a, b))
                    best = max(best, num / den)
    return combine(exact_agreement(limits, formula, "definition: the KL ratio's exact limit at its maximiser equals "
                                   "(e^ε−1)²/((e^ε+M−1)(e^ε+1)), M ∈ {2, 3, 5}, e^ε = 2"),
                   exact_agreement([flag(best <= Q(1, 12))], [1], f"definition: KL ratio over {len(laws) * (len(laws) - 1)} "
                                   f"input pairs (M = 3, e^ε = 2) is at most {mpmath.nstr(best, 10)} ≤ 1/12"))


def _eta_kl_by_definition():
    """η_KL(Q*) = sup D(PK‖QK)/D(P‖Q) from its definition, independently of eq. (37): an mpmath
    grid over binary input laws (P, Q) stays below η(e^ε−1)/(e^ε+1), and the ratio's exact limit at
    P = Q = (1/2, 1/2) (sympy) equals it, at (e^ε, η) ∈ {(2, 1/5), (3, 1/4)}."""
    import mpmath

    h = sympy.Symbol("h", positive=True)
    kl = lambda a, b: sum(u * sympy.log(u / v) for u, v in zip(a, b))
    limits, bounds, below = [], [], []
    for x, eta in ((sympy.Integer(2), Q(1, 5)), (sympy.Integer(3), Q(1, 4))):
        rows = _star(x, eta)
        out = lambda p: [p * a + (1 - p) * b for a, b in zip(*rows)]
        p = Q(1, 2) + h
        limits.append(sympy.limit(kl(out(p), out(Q(1, 2))) / kl([p, 1 - p], [Q(1, 2), Q(1, 2)]), h, 0))
        bounds.append(eta * (x - 1) / (x + 1))
        with mpmath.workdps(30):
            mrows = [[mpmath.mpf(v.p) / v.q for v in row] for row in rows]
            best = mpmath.mpf(0)
            for i in range(1, 40):
                for j in range(1, 40):
                    if i != j:
                        a, b = mpmath.mpf(i) / 40, mpmath.mpf(j) / 40
                        oa = [a * u + (1 - a) * v for u, v in zip(*mrows)]
                        ob = [b * u + (1 - b) * v for u, v in zip(*mrows)]
                        num = sum(u * mpmath.log(u / v) for u, v in zip(oa, ob))
                        den = a * mpmath.log(a / b) + (1 - a) * mpmath.log((1 - a) / (1 - b))
                        best = max(best, num / den)
            below.append(flag(best <= mpmath.mpf(bounds[-1].p) / bounds[-1].q))
    return combine(exact_agreement(limits, bounds, "definition: lim of D(PK‖QK)/D(P‖Q) at P = Q = (1/2, 1/2) = "
                                   "η(e^ε−1)/(e^ε+1) (the maximiser), at (e^ε, η) = (2, 1/5), (3, 1/4)"),
                   exact_agreement(below, [1, 1], "definition: an mpmath grid of 1482 binary input pairs stays below it"))


#: Eq. (34): every ε-LDP channel, ε > 0 as in Theorem 5.
_EQ_34_DOMAIN = [LDPChannel("Q", _ε), _ε > 0, sympy.exp(_ε) > 1]


@claim(PAPER, "Eq. (34)", "At η = tanh(ε/2): sup over ε-LDP channels of η_KL = tanh²(ε/2) (Asoodeh–Zhang)",
       domain=_EQ_34_DOMAIN,
       stated_domain="ε-LDP channels Q ∈ 𝒬_ε, ε > 0 (Theorem 5's reading; e^ε > 1 spelled out for the covering check)",
       stated_where="Section V, eq. (34)",
       quote=(r"Maximizing ηKL(Q)subscript𝜂𝐾𝐿𝑄\eta_{KL}(Q)italic_η start_POSTSUBSCRIPT italic_K italic_L "
              r"end_POSTSUBSCRIPT ( italic_Q ) for ε𝜀\varepsilonitalic_ε-LDP channels corresponds to setting "
              r"η𝜂\etaitalic_η to its maximum value, i.e., "
              r"η=eε1eε+1𝜂superscript𝑒𝜀1superscript𝑒𝜀1\eta=\frac{e^{\varepsilon}-1}{e^{\varepsilon}+1}italic_η = "
              r"divide start_ARG italic_e start_POSTSUPERSCRIPT italic_ε end_POSTSUPERSCRIPT - 1 end_ARG start_ARG "
              r"italic_e start_POSTSUPERSCRIPT italic_ε end_POSTSUPERSCRIPT + 1 end_ARG and thus "
              r"supQ𝒬εηKL(Q)=(eε1eε+1)2,subscriptsupremum𝑄subscript𝒬𝜀subscript𝜂𝐾𝐿𝑄superscriptsuperscript𝑒𝜀1superscript𝑒𝜀12\displaystyle\sup_{Q\in\mathcal{Q}_{\varepsilon}}\eta_{KL}(Q)=\left(\frac{e^{% "
              r"\varepsilon}-1}{e^{\varepsilon}+1}\right)^{2},roman_sup start_POSTSUBSCRIPT italic_Q ∈ caligraphic_Q "
              r"start_POSTSUBSCRIPT italic_ε end_POSTSUBSCRIPT end_POSTSUBSCRIPT italic_η start_POSTSUBSCRIPT "
              r"italic_K italic_L end_POSTSUBSCRIPT ( italic_Q ) = ( divide start_ARG italic_e start_POSTSUPERSCRIPT "
              r"italic_ε end_POSTSUPERSCRIPT - 1 end_ARG start_ARG italic_e start_POSTSUPERSCRIPT italic_ε "
              r"end_POSTSUPERSCRIPT + 1 end_ARG ) start_POSTSUPERSCRIPT 2 end_POSTSUPERSCRIPT , (34) which recovers "
              r"Theorem 1 of [11]."))
def eq_34():
    """η tanh(ε/2) (Theorem 5's supremum over Q_{ε,η}) at η = tanh(ε/2) is tanh²(ε/2), over the paper's ε; every
    ε-LDP channel has d_TV(Q) ≤ tanh(ε/2) (Lemma 3 at α = 0), so Q_ε ⊆ Q_{ε,tanh(ε/2)}, and the binary randomized
    response, an ε-LDP channel, is Q* at η = tanh(ε/2)."""
    x = sympy.exp(_ε)
    eta = (x - 1) / (x + 1)
    return establish(combine(identity(eta * eta, sympy.tanh(_ε / 2) ** 2, "η tanh(ε/2) at η = tanh(ε/2) is tanh²(ε/2)"),
                             exp_above_one(_ε), detail="eq. (34) from Theorem 5's value at η = tanh(ε/2)"),
                     exact_agreement(randomized_response(sympy.log(3)).contraction("kl"), Q(1, 4),
                                     "binary RR at e^ε = 3: η_KL = (1/2)² (library)"),
                     domain=_EQ_34_DOMAIN,
                     uses=["tv-dp:theorem-5-kl-contraction-eqs-33-37-39", "tv-dp:lemma-3"],
                     prose_steps=["every ε-LDP channel is in Q_{ε,η} for η = d_TV(Q) ≤ tanh(ε/2) (Lemma 3 at α = 0) and "
                                  "Theorem 5's supremum η tanh(ε/2) increases in η, so sup over Q_ε of η_KL ≤ tanh²(ε/2); "
                                  "Q* at η = tanh(ε/2) is ε-LDP (the binary randomized response) and attains it"])


@claim(PAPER, "Eqs. (35)–(36) (M-ary randomized response)",
       "η_χ²(Q_R) = η_KL(Q_R) = (e^ε−1)²/((e^ε+M−1)(e^ε+1)) = d_TV(Q_R) tanh(ε/2)",
       stated_domain='every ε > 0, M ≥ 2 (M-ary randomized response)', stated_where='Section VII-C, eqs. (35)–(36)',
       quote=(r"Moreover, consider the M𝑀Mitalic_M-ary randomized response mechanism defined by "
              r"QR:{1,2,,M}{1,2,,M}:subscript𝑄𝑅12𝑀12𝑀Q_{R}:\{1,2,\ldots,M\}\rightarrow\{1,2,\ldots,M\}italic_Q "
              r"start_POSTSUBSCRIPT italic_R end_POSTSUBSCRIPT : { 1 , 2 , … , italic_M } → { 1 , 2 , … , italic_M } "
              r"satisfying "
              r"QR(j|i)={eεeε+M1,i=j1eε+M1,ij.subscript𝑄𝑅conditional𝑗𝑖casessuperscript𝑒𝜀superscript𝑒𝜀𝑀1𝑖𝑗1superscript𝑒𝜀𝑀1𝑖𝑗\displaystyle "
              r"Q_{R}(j|i)=\begin{cases}\frac{e^{\varepsilon}}{e^{\varepsilon}+M% -1},&i=j\\ "
              r"\frac{1}{e^{\varepsilon}+M-1},&i\neq j.\end{cases}italic_Q start_POSTSUBSCRIPT italic_R "
              r"end_POSTSUBSCRIPT ( italic_j | italic_i ) = { start_ROW start_CELL divide start_ARG italic_e "
              r"start_POSTSUPERSCRIPT italic_ε end_POSTSUPERSCRIPT end_ARG start_ARG italic_e start_POSTSUPERSCRIPT "
              r"italic_ε end_POSTSUPERSCRIPT + italic_M - 1 end_ARG , end_CELL start_CELL italic_i = italic_j "
              r"end_CELL end_ROW start_ROW start_CELL divide start_ARG 1 end_ARG start_ARG italic_e "
              r"start_POSTSUPERSCRIPT italic_ε end_POSTSUPERSCRIPT + italic_M - 1 end_ARG , end_CELL start_CELL "
              r"italic_i ≠ italic_j . end_CELL end_ROW (35) Then, by Theorem 5 and [38, Theorem 1], we get "
              r"ηχ2(QR)=ηKL(QR)(eε1)2(eε+M1)(eε+1).subscript𝜂superscript𝜒2subscript𝑄𝑅subscript𝜂𝐾𝐿subscript𝑄𝑅superscriptsuperscript𝑒𝜀12superscript𝑒𝜀𝑀1superscript𝑒𝜀1\displaystyle\eta_{\chi^{2}}(Q_{R})=\eta_{KL}(Q_{R})\leq\frac{(e^{\varepsilon}% "
              r"-1)^{2}}{(e^{\varepsilon}+M-1)(e^{\varepsilon}+1)}.italic_η start_POSTSUBSCRIPT italic_χ "
              r"start_POSTSUPERSCRIPT 2 end_POSTSUPERSCRIPT end_POSTSUBSCRIPT ( italic_Q start_POSTSUBSCRIPT "
              r"italic_R end_POSTSUBSCRIPT ) = italic_η start_POSTSUBSCRIPT italic_K italic_L end_POSTSUBSCRIPT ( "
              r"italic_Q start_POSTSUBSCRIPT italic_R end_POSTSUBSCRIPT ) ≤ divide start_ARG ( italic_e "
              r"start_POSTSUPERSCRIPT italic_ε end_POSTSUPERSCRIPT - 1 ) start_POSTSUPERSCRIPT 2 end_POSTSUPERSCRIPT "
              r"end_ARG start_ARG ( italic_e start_POSTSUPERSCRIPT italic_ε end_POSTSUPERSCRIPT + italic_M - 1 ) ( "
              r"italic_e start_POSTSUPERSCRIPT italic_ε end_POSTSUPERSCRIPT + 1 ) end_ARG . (36) By Proposition 1 of "
              r"[11], the upper bound is tight, thus highlighting the refined analysis gained by incorporating TV in "
              r"our analysis."))
def eq_35_36():
    M = sympy.symbols("M", positive=True, integer=True)
    rows = lambda m: [[X / (X + m - 1) if i == j else 1 / (X + m - 1) for j in range(m)] for i in range(m)]
    tv_sym = (X / (X + M - 1) - 1 / (X + M - 1))
    lib = [rr_kl_contraction(sympy.log(2), m) for m in (2, 3, 5)]
    chan = [randomized_response(sympy.log(2), m).contraction("kl") for m in (2, 3, 5)]
    two = []
    for m in (2, 3, 5):
        p, q = rows(m)[0], rows(m)[1]
        two.append(sympy.factor(sum((a - b) ** 2 / (a + b) for a, b in zip(p, q)) / 2))
    import mpmath
    mpmath.mp.dps = 30
    x = mpmath.mpf(2)
    Qm = mpmath.matrix([[x / (x + 2) if i == j else 1 / (x + 2) for j in range(3)] for i in range(3)])
    best = mpmath.mpf(0)
    for i in range(1, 20):
        for j in range(1, 20 - i):
            pin = [mpmath.mpf(i) / 20, mpmath.mpf(j) / 20, mpmath.mpf(20 - i - j) / 20]
            out = [sum(pin[a] * Qm[a, b] for a in range(3)) for b in range(3)]
            B = mpmath.matrix([[mpmath.sqrt(pin[a]) * Qm[a, b] / mpmath.sqrt(out[b]) for b in range(3)] for a in range(3)])
            s = sorted(mpmath.svd_r(B, compute_uv=False), reverse=True)
            best = max(best, s[1] ** 2)
    bound3 = rr_kl_contraction(sympy.log(2), 3)
    statement = combine(exact_agreement([sympy.factor(t.subs(X, 2)) for t in two],
                                        [((X - 1) ** 2 / ((X + m - 1) * (X + 1))).subs(X, 2) for m in (2, 3, 5)],
                                        "LC_{1/2} of two rows of Q_R (the η_KL of binary inputs) = the formula, M ∈ {2,3,5}, "
                                        "e^ε = 2"),
                        exact_agreement([flag(best <= sympy.N(bound3, 30) + sympy.Float("1e-25"))], [1],
                                        f"definition: max over a grid of input laws of σ₂² (η_χ²) for M = 3, e^ε = 2 is "
                                        f"{mpmath.nstr(best, 12)} ≤ {sympy.N(bound3, 12)}"),
                        _rr_eta_kl_by_definition(rows))
    return establish(statement, identity(tv_sym * (X - 1) / (X + 1), (X - 1) ** 2 / ((X + M - 1) * (X + 1)),
                                         "the formula = d_TV(Q_R) tanh(ε/2), symbolic in M and e^ε"),
                     exact_agreement(chan + lib, [sympy.factor(t.subs(X, 2)) for t in two] * 2,
                                     "library contraction of Q_R and rr_kl_contraction, M ∈ {2,3,5}, e^ε = 2"),
                     domain="e^ε = 2, M ∈ {2, 3, 5} (η_χ² by a grid for M = 3)", stated_domain="every ε > 0, M ≥ 2")


@claim(PAPER, "Theorem 6",
       "For Q ∈ Q_{ε,η}: χ²(M0‖M1) ≤ 4η(e^ε−1)(1+e^{−ε}) d_TV²(P0,P1); at η = tanh(ε/2) this is 4(e^ε−1)²/e^ε",
       stated_domain='every Q ∈ Q_{ε,η}, all P0, P1', stated_where='Section VII-D, Theorem 6',
       quote=(r"Theorem 6 Given ε0𝜀0\varepsilon\geq 0italic_ε ≥ 0, "
              r"0ηeε+1eε10𝜂superscript𝑒𝜀1superscript𝑒𝜀10\leq\eta\leq\frac{e^{\varepsilon}+1}{e^{\varepsilon}-1}0 ≤ "
              r"italic_η ≤ divide start_ARG italic_e start_POSTSUPERSCRIPT italic_ε end_POSTSUPERSCRIPT + 1 end_ARG "
              r"start_ARG italic_e start_POSTSUPERSCRIPT italic_ε end_POSTSUPERSCRIPT - 1 end_ARG, and "
              r"Q:𝒳𝒴:𝑄𝒳𝒴Q:\mathcal{X}\to\mathcal{Y}italic_Q : caligraphic_X → caligraphic_Y satisfying "
              r"Q𝒬ε,η𝑄subscript𝒬𝜀𝜂Q\in\mathcal{Q}_{\varepsilon,\eta}italic_Q ∈ caligraphic_Q start_POSTSUBSCRIPT "
              r"italic_ε , italic_η end_POSTSUBSCRIPT, then for any distributions P0subscript𝑃0P_{0}italic_P "
              r"start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT and P1subscript𝑃1P_{1}italic_P start_POSTSUBSCRIPT 1 "
              r"end_POSTSUBSCRIPT on 𝒳𝒳\mathcal{X}caligraphic_X, the induced marginals M0subscript𝑀0M_{0}italic_M "
              r"start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT and M1subscript𝑀1M_{1}italic_M start_POSTSUBSCRIPT 1 "
              r"end_POSTSUBSCRIPT satisfy χ2(M0||M1)4η(eε1)(eε+1)dTV2(P0,P1).\displaystyle\chi^{2}(M_{0}||M_{1})\leq "
              r"4\eta(e^{\varepsilon}-1)(e^{-% \varepsilon}+1)d^{2}_{TV}(P_{0},P_{1}).italic_χ start_POSTSUPERSCRIPT "
              r"2 end_POSTSUPERSCRIPT ( italic_M start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT | | italic_M "
              r"start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT ) ≤ 4 italic_η ( italic_e start_POSTSUPERSCRIPT italic_ε "
              r"end_POSTSUPERSCRIPT - 1 ) ( italic_e start_POSTSUPERSCRIPT - italic_ε end_POSTSUPERSCRIPT + 1 ) "
              r"italic_d start_POSTSUPERSCRIPT 2 end_POSTSUPERSCRIPT start_POSTSUBSCRIPT italic_T italic_V "
              r"end_POSTSUBSCRIPT ( italic_P start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT , italic_P start_POSTSUBSCRIPT "
              r"1 end_POSTSUBSCRIPT ) . (40) Considering the maximum value of "
              r"η=eε+1eε1𝜂superscript𝑒𝜀1superscript𝑒𝜀1\eta=\frac{e^{\varepsilon}+1}{e^{\varepsilon}-1}italic_η = "
              r"divide start_ARG italic_e start_POSTSUPERSCRIPT italic_ε end_POSTSUPERSCRIPT + 1 end_ARG start_ARG "
              r"italic_e start_POSTSUPERSCRIPT italic_ε end_POSTSUPERSCRIPT - 1 end_ARG, this recovers Theorem 2 of "
              r"[11]."))
def theorem_6():
    r = rng(6)
    ok, worst = [], sympy.Integer(0)
    for _ in range(40):
        ch = _random_channel(r, 4, 3, 4)
        x, eta = _ratio(ch), ch.dobrushin()
        p0, p1 = random_law(r, 4), random_law(r, 4)
        lhs = _chi2(ch.apply(p0), ch.apply(p1))
        rhs = 4 * eta * (x - 1) * (1 + 1 / x) * subsets_tv(p0, p1) ** 2
        ok.append(flag(lhs <= rhs))
        worst = max(worst, lhs / rhs)
    lib = chi2_tv_bound(sympy.log(2), Q(1, 5), Q(1, 2))
    return establish(combine(exact_agreement(ok, [1] * len(ok), f"40 random 4×3 channels and input pairs at their own "
                                             f"(ε, η); largest lhs/rhs = {sympy.N(worst, 6)}"),
                             identity(4 * ((X - 1) / (X + 1)) * (X - 1) * (1 + 1 / X), 4 * (X - 1) ** 2 / X,
                                      "η = tanh(ε/2) gives Asoodeh–Zhang"), detail="the proof"),
                     exact_agreement(lib, 4 * Q(1, 5) * 1 * Q(3, 2) * Q(1, 4), "library chi2_tv_bound(log 2, 1/5, 1/2)"),
                     domain="40 seeded random 4×3 channels and input pairs", stated_domain="every Q ∈ Q_{ε,η}, all P0, P1")


@claim(PAPER, "Theorem 6 (range of η), erratum",
       "The range is 0 ≤ η ≤ (e^ε−1)/(e^ε+1) and the maximum η recovering Asoodeh–Zhang is tanh(ε/2) "
       "(printed: (e^ε+1)/(e^ε−1))",
       stated_domain='the range of η stated in Theorem 6', stated_where='Section VII-D, Theorem 6',
       quote=(r"Theorem 6 Given ε0𝜀0\varepsilon\geq 0italic_ε ≥ 0, "
              r"0ηeε+1eε10𝜂superscript𝑒𝜀1superscript𝑒𝜀10\leq\eta\leq\frac{e^{\varepsilon}+1}{e^{\varepsilon}-1}0 ≤ "
              r"italic_η ≤ divide start_ARG italic_e start_POSTSUPERSCRIPT italic_ε end_POSTSUPERSCRIPT + 1 end_ARG "
              r"start_ARG italic_e start_POSTSUPERSCRIPT italic_ε end_POSTSUPERSCRIPT - 1 end_ARG, and "
              r"Q:𝒳𝒴:𝑄𝒳𝒴Q:\mathcal{X}\to\mathcal{Y}italic_Q : caligraphic_X → caligraphic_Y satisfying "
              r"Q𝒬ε,η𝑄subscript𝒬𝜀𝜂Q\in\mathcal{Q}_{\varepsilon,\eta}italic_Q ∈ caligraphic_Q start_POSTSUBSCRIPT "
              r"italic_ε , italic_η end_POSTSUBSCRIPT, then for any distributions P0subscript𝑃0P_{0}italic_P "
              r"start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT and P1subscript𝑃1P_{1}italic_P start_POSTSUBSCRIPT 1 "
              r"end_POSTSUBSCRIPT on 𝒳𝒳\mathcal{X}caligraphic_X, the induced marginals M0subscript𝑀0M_{0}italic_M "
              r"start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT and M1subscript𝑀1M_{1}italic_M start_POSTSUBSCRIPT 1 "
              r"end_POSTSUBSCRIPT satisfy χ2(M0||M1)4η(eε1)(eε+1)dTV2(P0,P1).\displaystyle\chi^{2}(M_{0}||M_{1})\leq "
              r"4\eta(e^{\varepsilon}-1)(e^{-% \varepsilon}+1)d^{2}_{TV}(P_{0},P_{1}).italic_χ start_POSTSUPERSCRIPT "
              r"2 end_POSTSUPERSCRIPT ( italic_M start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT | | italic_M "
              r"start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT ) ≤ 4 italic_η ( italic_e start_POSTSUPERSCRIPT italic_ε "
              r"end_POSTSUPERSCRIPT - 1 ) ( italic_e start_POSTSUPERSCRIPT - italic_ε end_POSTSUPERSCRIPT + 1 ) "
              r"italic_d start_POSTSUPERSCRIPT 2 end_POSTSUPERSCRIPT start_POSTSUBSCRIPT italic_T italic_V "
              r"end_POSTSUBSCRIPT ( italic_P start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT , italic_P start_POSTSUBSCRIPT "
              r"1 end_POSTSUBSCRIPT ) . (40) Considering the maximum value of "
              r"η=eε+1eε1𝜂superscript𝑒𝜀1superscript𝑒𝜀1\eta=\frac{e^{\varepsilon}+1}{e^{\varepsilon}-1}italic_η = "
              r"divide start_ARG italic_e start_POSTSUPERSCRIPT italic_ε end_POSTSUPERSCRIPT + 1 end_ARG start_ARG "
              r"italic_e start_POSTSUPERSCRIPT italic_ε end_POSTSUPERSCRIPT - 1 end_ARG, this recovers Theorem 2 of "
              r"[11]."))
def theorem_6_range():
    printed_eta = (X + 1) / (X - 1)
    const = lambda n: 4 * n * (X - 1) * (1 + 1 / X)
    return erratum(sympy.simplify(const(printed_eta) - 4 * (X - 1) ** 2 / X) == 0,
                   {"printed max eta": "(x+1)/(x-1)", "constant there": "4(x+1)^2/x",
                    "Asoodeh-Zhang": "4(x-1)^2/x", "e^eps = 3": "printed eta = 2 > 1 (no channel has TV 2)"},
                   identity(const((X - 1) / (X + 1)), 4 * (X - 1) ** 2 / X, "η = tanh(ε/2) recovers 4(e^ε−1)²/e^ε"),
                   "at the printed maximum η the constant is 4(e^ε+1)²/e^ε, and η > 1 is no total variation",
                   corrected_statement="0 ≤ η ≤ (e^ε−1)/(e^ε+1); the maximum η = tanh(ε/2)", kind="typo")


@claim(PAPER, "Eq. (41)",
       "D(M0^be‖M1^be)/D(M0*‖M1*) ≥ η/(2(e^ε−1)(e^{−ε}+1)); with η = cε the right side → c/4 as ε → 0",
       stated_domain='all P0, P1, ε > 0, η', stated_where='Section VII-D1, eq. (41)',
       quote=(r"As such, "
              r"D(M0(be)||M1(be))D(M0||M1)η2(eε1)(eε+1).\displaystyle\frac{D\left(M_{0}^{(be)}||M_{1}^{(be)}\right)}{D\left(M_{0}^{% "
              r"\star}||M_{1}^{\star}\right)}\geq\frac{\eta}{2(e^{\varepsilon}-1)(e^{-% \varepsilon}+1)}.divide "
              r"start_ARG italic_D ( italic_M start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT start_POSTSUPERSCRIPT ( "
              r"italic_b italic_e ) end_POSTSUPERSCRIPT | | italic_M start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT "
              r"start_POSTSUPERSCRIPT ( italic_b italic_e ) end_POSTSUPERSCRIPT ) end_ARG start_ARG italic_D ( "
              r"italic_M start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT start_POSTSUPERSCRIPT ⋆ end_POSTSUPERSCRIPT | | "
              r"italic_M start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT start_POSTSUPERSCRIPT ⋆ end_POSTSUPERSCRIPT ) "
              r"end_ARG ≥ divide start_ARG italic_η end_ARG start_ARG 2 ( italic_e start_POSTSUPERSCRIPT italic_ε "
              r"end_POSTSUPERSCRIPT - 1 ) ( italic_e start_POSTSUPERSCRIPT - italic_ε end_POSTSUPERSCRIPT + 1 ) "
              r"end_ARG . (41) Consider the high-privacy regime where ε1much-less-than𝜀1\varepsilon\ll 1italic_ε ≪ "
              r"1, and suppose ηcε𝜂𝑐𝜀\eta\geq c\varepsilonitalic_η ≥ italic_c italic_ε for some "
              r"c(0,1/2)𝑐012c\in(0,1/2)italic_c ∈ ( 0 , 1 / 2 ). Then the right-hand side of (41) goes to "
              r"c4𝑐4\frac{c}{4}divide start_ARG italic_c end_ARG start_ARG 4 end_ARG as ε𝜀\varepsilonitalic_ε goes "
              r"to 0."))
def eq_41():
    rhs = C * EPS / (2 * (sympy.exp(EPS) - 1) * (sympy.exp(-EPS) + 1))
    chain = 2 * ETA ** 2 / (4 * ETA * (sympy.exp(EPS) - 1) * (sympy.exp(-EPS) + 1))
    # The inequality itself, evaluated: D(M^be) exactly (to 30 digits) for random input pairs,
    # against the bound times Theorem 6's upper bound on D(M*) ≤ χ²(M*) ≤ 4η(e^ε−1)(1+e^{−ε})TV².
    r = rng(41)
    ok, worst = [], None
    for x, eta in ((2, Q(1, 5)), (3, Q(1, 3)), (Q(5, 4), Q(1, 20))):
        x = sympy.Integer(x) if not isinstance(x, sympy.Rational) else x
        for _ in range(4):
            p0, p1 = random_law(r, 5), random_law(r, 5)
            be = binary_erasure_mechanism(sympy.log(x), eta, p0, p1)
            kl_be = _df(lambda t: t * sympy.log(t), be.apply(p0), be.apply(p1))
            d_star_max = 4 * eta * (x - 1) * (1 + 1 / x) * subsets_tv(p0, p1) ** 2
            bound = eta / (2 * (x - 1) * (1 / x + 1))
            margin = sympy.N(kl_be / d_star_max - bound, 30)
            ok.append(flag(margin >= 0))
            worst = margin if worst is None else min(worst, margin)
    statement = exact_agreement(ok, [1] * len(ok), "D(M0^be‖M1^be)/[4η(e^ε−1)(1+e^{−ε})d_TV²] ≥ η/(2(e^ε−1)(e^{−ε}+1)) "
                                f"for 12 random 5-point pairs, 3 settings (e^ε, η); smallest margin {sympy.N(worst, 6)}; "
                                "conditional on Theorem 6 (checked) for D(M*) ≤ χ²(M*) ≤ that denominator")
    return establish(statement, identity(chain, ETA / (2 * (sympy.exp(EPS) - 1) * (sympy.exp(-EPS) + 1)),
                                         "Pinsker 2η²TV² over Theorem 6's 4η(e^ε−1)(1+e^{−ε})TV² is the printed ratio"),
                     identity(sympy.limit(rhs, EPS, 0), C / 4, "η = cε: the right side → c/4 (sympy limit)"),
                     domain="12 seeded random input pairs, (e^ε, η) ∈ {(2, 1/5), (3, 1/3), (5/4, 1/20)}; conditional on "
                            "Theorem 6", stated_domain="all P0, P1, ε > 0, η")


@claim(PAPER, "Eq. (41) (η ≥ cε wording), erratum",
       "For η ≥ cε the right side of (41) has liminf ≥ c/4; it tends to c/4 only for η ~ cε "
       "(printed: 'goes to c/4' for η ≥ cε)",
       stated_domain='the wording “η ≥ cε” after eq. (41)', stated_where='Section VII-D1',
       quote=(r"Consider the high-privacy regime where ε1much-less-than𝜀1\varepsilon\ll 1italic_ε ≪ 1, and suppose "
              r"ηcε𝜂𝑐𝜀\eta\geq c\varepsilonitalic_η ≥ italic_c italic_ε for some c(0,1/2)𝑐012c\in(0,1/2)italic_c ∈ ( "
              r"0 , 1 / 2 ). Then the right-hand side of (41) goes to c4𝑐4\frac{c}{4}divide start_ARG italic_c "
              r"end_ARG start_ARG 4 end_ARG as ε𝜀\varepsilonitalic_ε goes to 0."))
def eq_41_wording():
    eta = sympy.tanh(EPS / 2)  # ≥ cε for c = 1/4 and small ε
    rhs = eta / (2 * (sympy.exp(EPS) - 1) * (sympy.exp(-EPS) + 1))
    lim = sympy.limit(rhs, EPS, 0)
    return erratum(lim == Q(1, 4) / 4, {"c": "1/4", "eta": "tanh(eps/2) (>= eps/4 for small eps)", "limit": str(lim),
                                        "c/4": "1/16"},
                   identity(sympy.limit(C * EPS / (2 * (sympy.exp(EPS) - 1) * (sympy.exp(-EPS) + 1)), EPS, 0), C / 4,
                            "for η = cε exactly the limit is c/4"),
                   "η = tanh(ε/2) ≥ ε/4 gives the limit 1/8, not c/4 = 1/16",
                   corrected_statement="η = cε: → c/4; η ≥ cε: liminf ≥ c/4", kind="substantive")


#: a, b: any two rows of Q, laws on its l outputs (the objects the goals sum over).
_LEMMA_3_DOMAIN = [LDPChannel("Q", _ε), *_LDP_ROWS, _α >= 0, _α < 1]


@claim(PAPER, "Lemma 3",
       "After the erasure W_α an ε-LDP channel stays ε-LDP and d_TV(Q W_α) = (1−α) d_TV(Q) ≤ (1−α)(e^ε−1)/(e^ε+1)",
       domain=_LEMMA_3_DOMAIN,
       stated_domain='every ε-LDP channel, ε ≥ 0 (any two rows a, b: laws on its l outputs with a_y ≤ e^ε b_y and '
                     'b_y ≤ e^ε a_y on every output), α ∈ [0, 1)', stated_where='Section VII-E, Lemma 3',
       quote=(r"Lemma 3 "
              r"dTV(QY|X)(1α)eε1eε+1subscript𝑑𝑇𝑉subscriptsuperscript𝑄conditional𝑌𝑋1𝛼superscript𝑒𝜀1superscript𝑒𝜀1d_{TV}(Q^{\prime}_{Y|X})\leq(1-\alpha)\frac{e^{\varepsilon}-1}{e^{\varepsilon}% "
              r"+1}italic_d start_POSTSUBSCRIPT italic_T italic_V end_POSTSUBSCRIPT ( italic_Q start_POSTSUPERSCRIPT "
              r"′ end_POSTSUPERSCRIPT start_POSTSUBSCRIPT italic_Y | italic_X end_POSTSUBSCRIPT ) ≤ ( 1 - italic_α ) "
              r"divide start_ARG italic_e start_POSTSUPERSCRIPT italic_ε end_POSTSUPERSCRIPT - 1 end_ARG start_ARG "
              r"italic_e start_POSTSUPERSCRIPT italic_ε end_POSTSUPERSCRIPT + 1 end_ARG."))
def lemma_3():
    r = rng(3)
    out, want, bound = [], [], []
    for _ in range(10):
        ch = _random_channel(r, 3, 3, 5)
        a = Q(r.randint(0, 9), 10)  # α = 1 erases everything (then ε = 0)
        w = ch @ erasure(a, 3)
        x = _ratio(ch)
        out += [w.ldp_epsilon(), w.dobrushin()]
        want += [ch.ldp_epsilon(), (1 - a) * ch.dobrushin()]
        bound.append(flag(w.dobrushin() <= (1 - a) * (x - 1) / (x + 1)))
    return establish(_erased_channel(), exact_agreement(out, want, "10 random channels, α ∈ {0, 1/10, …, 9/10}: ε "
                                                        "unchanged, TV scaled by 1 − α (library)"),
                     exact_agreement(bound, [1] * len(bound), "and ≤ (1 − α) tanh(ε/2) (library)"),
                     domain=_LEMMA_3_DOMAIN)


def _erased_channel():
    """Q' = W_α ∘ Q for an ε-LDP channel Q, any two inputs x, x' (rows a, b on l outputs), as kernel steps:
    Q'(·|x) = ((1 − α)a_1, …, (1 − α)a_l, α). Output by output (1 − α)a ≤ e^ε(1 − α)b and both ways, and the
    erasure's α ≤ e^ε α: Q' is ε-LDP. Its rows differ by |(1 − α)(a − b)| = (1 − α)|a − b| on each kept output
    and by |α − α| = 0 on the erasure; summed and with (1 − α) taken out, d_TV(Q'(·|x), Q'(·|x')) =
    (1 − α) d_TV(Q(·|x), Q(·|x')) ≤ (1 − α)(e^ε − 1)/(e^ε + 1) by the bound for ε-LDP rows."""
    y, l, a, b, x, total, each, hyps = _ldp_setting()
    al = _α
    keep = [al >= 0, al < 1]
    span = [y >= 1, y <= l, each, _ε >= 0, *keep]
    v, w = sympy.symbols("v w", real=True)  # the masses Q(y|x), Q(y|x') of any one output y
    # the excess of a kept output over the ratio bound is (1 − α) times the old one, so it is 0 where Q's is
    ldp = kernel.decide(kernel.goal(sympy.And(*[sympy.Eq(sympy.Max((1 - al) * p_ - x * ((1 - al) * q_), 0),
                                                         (1 - al) * sympy.Max(p_ - x * q_, 0)) for p_, q_ in ((v, w), (w, v))]),
                                    [_ε >= 0, *keep]),
                        detail="every kept output of Q' keeps the ratio bound e^ε: its excess max((1 − α)v − e^ε(1 − α)w, 0) "
                               "is (1 − α) times Q's, 0 for an ε-LDP Q (both ways)")
    erasure_ratio = kernel.decide(kernel.goal(al <= x * al, [_ε >= 0, *keep]), prove(x - 1, _ε, 0, sympy.oo, "e^ε ≥ 1 for ε ≥ 0"),
                                  detail="the erasure output of Q' has ratio α/α = 1 ≤ e^ε")
    scaled = kernel.summed(kernel.decide(kernel.goal(sympy.Eq(sympy.Abs((1 - al) * a[y] - (1 - al) * b[y]),
                                                              (1 - al) * sympy.Abs(a[y] - b[y])), span)), y, 1, l)
    out = kernel.linear(total((1 - al) * sympy.Abs(a[y] - b[y])))
    tv = total(sympy.Abs((1 - al) * a[y] - (1 - al) * b[y])) / 2 + sympy.Abs(al - al) / 2
    goal = kernel.goal(sympy.And(sympy.Eq(tv, (1 - al) * total(sympy.Abs(a[y] - b[y])) / 2), tv <= (1 - al) * (x - 1) / (x + 1)),
                       [*hyps, *keep])
    return combine(ldp, erasure_ratio,
                   kernel.decide(goal, _ldp_rows_tv(), scaled, out,
                                 detail="d_TV(Q') = (1 − α) d_TV(Q) ≤ (1 − α)(e^ε − 1)/(e^ε + 1), every pair of inputs"),
                   detail="Lemma 3: W_α ∘ Q is ε-LDP with total variation (1 − α) d_TV(Q) ≤ (1 − α)tanh(ε/2)")


#: Theorem 7: ε ≥ 0 read as ε > 0 (the printed factor η(e^ε+1)/(e^ε−1) divides by e^ε − 1; at ε = 0, η = 0), every
#: channel Q ∈ Q_ε (an ε-LDP channel), 0 ≤ η ≤ tanh(ε/2), every convex f with f(1) = 0.
_THEOREM_7_DOMAIN = [ConvexF("f"), sympy.Eq(F(1), 0), LDPChannel("Q", _ε), _ε > 0, sympy.exp(_ε) > 1, _η >= 0,
                     _η <= sympy.tanh(_ε / 2)]


@claim(PAPER, "Theorem 7 (eqs. 42, 55–56)",
       "D_f(M0'‖M1') = (1−α) D_f(M0‖M1) after the erasure, so OPT_{ε,η} ≥ η(e^ε+1)/(e^ε−1)·OPT_ε",
       domain=_THEOREM_7_DOMAIN,
       stated_domain='ε ≥ 0 as printed, read as ε > 0 (the factor η(e^ε+1)/(e^ε−1) divides by e^ε − 1; at ε = 0, η = 0), '
                     '0 ≤ η ≤ tanh(ε/2), every channel Q ∈ Q_ε and output alphabet, every convex f with f(1) = 0',
       stated_where='Section VII-E, Theorem 7, eqs. (42), (55)–(56)',
       quote=(r"Theorem 7 For any f𝑓fitalic_f-divergence (where f𝑓fitalic_f is convex and satisfies "
              r"f(1)=0𝑓10f(1)=0italic_f ( 1 ) = 0), ε0𝜀0\varepsilon\geq 0italic_ε ≥ 0, and "
              r"η[0,eε1eε+1]𝜂0superscript𝑒𝜀1superscript𝑒𝜀1\eta\in[0,\frac{e^{\varepsilon}-1}{e^{\varepsilon}+1}]italic_η "
              r"∈ [ 0 , divide start_ARG italic_e start_POSTSUPERSCRIPT italic_ε end_POSTSUPERSCRIPT - 1 end_ARG "
              r"start_ARG italic_e start_POSTSUPERSCRIPT italic_ε end_POSTSUPERSCRIPT + 1 end_ARG ], "
              r"OPTε,ηηeε+1eε1OPTε.subscriptOPT𝜀𝜂𝜂superscript𝑒𝜀1superscript𝑒𝜀1subscriptOPT𝜀\displaystyle\mathrm{OPT}_{\varepsilon,\eta}\geq\eta\frac{e^{\varepsilon}+1}{e% "
              r"^{\varepsilon}-1}\mathrm{OPT}_{\varepsilon}.roman_OPT start_POSTSUBSCRIPT italic_ε , italic_η "
              r"end_POSTSUBSCRIPT ≥ italic_η divide start_ARG italic_e start_POSTSUPERSCRIPT italic_ε "
              r"end_POSTSUPERSCRIPT + 1 end_ARG start_ARG italic_e start_POSTSUPERSCRIPT italic_ε "
              r"end_POSTSUPERSCRIPT - 1 end_ARG roman_OPT start_POSTSUBSCRIPT italic_ε end_POSTSUBSCRIPT . (42) The "
              r"proof relies on the following observation: given a channel "
              r"Q𝒬ε𝑄subscript𝒬𝜀Q\in\mathcal{Q}_{\varepsilon}italic_Q ∈ caligraphic_Q start_POSTSUBSCRIPT italic_ε "
              r"end_POSTSUBSCRIPT, then composing Q𝑄Qitalic_Q with an erasure channel W𝑊Witalic_W with parameter "
              r"α𝛼\alphaitalic_α yields a channel WQ𝒬ε,(1α)eε1eε+1𝑊𝑄subscript𝒬𝜀1𝛼superscript𝑒𝜀1superscript𝑒𝜀1W\circ "
              r"Q\in\mathcal{Q}_{\varepsilon,(1-\alpha)\frac{e^{\varepsilon}-1}{e^{% \varepsilon}+1}}italic_W ∘ "
              r"italic_Q ∈ caligraphic_Q start_POSTSUBSCRIPT italic_ε , ( 1 - italic_α ) divide start_ARG italic_e "
              r"start_POSTSUPERSCRIPT italic_ε end_POSTSUPERSCRIPT - 1 end_ARG start_ARG italic_e "
              r"start_POSTSUPERSCRIPT italic_ε end_POSTSUPERSCRIPT + 1 end_ARG end_POSTSUBSCRIPT. The details are "
              r"deferred to Appendix -M."))
def theorem_7():
    m0 = sympy.symbols("a0:3", positive=True)
    m1 = sympy.symbols("b0:3", positive=True)
    al = sympy.symbols("alpha", positive=True)
    after0 = [(1 - al) * v for v in m0] + [al]
    after1 = [(1 - al) * v for v in m1] + [al]
    lhs = _df(F, after0, after1).subs(F(1), 0)
    rhs = (1 - al) * _df(F, m0, m1)
    r = rng(7)
    ch = _random_channel(r, 2, 3, 5)
    x = _ratio(ch)
    eta = (x - 1) / (x + 1) * Q(2, 3)
    a = 1 - eta * (x + 1) / (x - 1)
    w = ch @ erasure(a, 3)
    p0, p1 = random_law(r, 2), random_law(r, 2)
    # Over the paper's parameters: the erasure W_α with 1 − α = η(e^ε+1)/(e^ε−1) (eq. 55) is a channel (α ∈ [0, 1]),
    # and its erasure output, where both laws put mass α (ratio 1), adds α f(1) = 0 to D_f.
    e, n = _ε, _η
    x = sympy.exp(e)
    keep = n * (x + 1) / (x - 1)
    half = identity(sympy.tanh(e / 2), (x - 1) / (x + 1), "tanh(ε/2) = (e^ε − 1)/(e^ε + 1)")
    above = exp_above_one(e)
    statement = combine(
        kernel.decide(kernel.goal(sympy.And(keep >= 0, keep <= 1), [e > 0, n >= 0, n <= sympy.tanh(e / 2)]), half, above,
                      detail="1 − α = η(e^ε+1)/(e^ε−1) ∈ [0, 1] for 0 ≤ η ≤ tanh(ε/2): W_α is an erasure channel"),
        kernel.decide(kernel.goal(sympy.Eq((1 - keep) * F(1), 0), [e > 0, sympy.Eq(F(1), 0)]), above,
                      detail="the erasure output's term of D_f is α f(1) = 0"),
        above, detail="eq. (55): the erasure W_α, 1 − α = η(e^ε+1)/(e^ε−1), and its erasure output's term")
    return establish(statement, identity(lhs, rhs, "3 outputs, symbolic in the output laws, any f with f(1) = 0"),
            identity(erasure_conversion_factor(sympy.log(3), Q(1, 3)), Q(2, 3), "library factor at e^ε = 3, η = 1/3"),
            exact_agreement([flag(w.dobrushin() <= eta), _chi2(w.apply(p0), w.apply(p1))],
                            [1, (1 - a) * _chi2(ch.apply(p0), ch.apply(p1))],
                            "a random ε-LDP channel followed by W_α lands in Q_{ε,η} and scales χ² by 1 − α"),
                     domain=_THEOREM_7_DOMAIN, uses=["tv-dp:lemma-3"],
                     prose_steps=["every other output y of W_α ∘ Q has masses (1 − α)M_ν(y), the same ratio as before, so "
                                  "its term of D_f is (1 − α) times the old one; summed over the outputs, "
                                  "D_f(M0'‖M1') = (1 − α)D_f(M0‖M1) (eq. 56)",
                                  "by Lemma 3, W_α ∘ Q ∈ Q_{ε,(1−α)tanh(ε/2)} = Q_{ε,η} for every Q ∈ Q_ε, so OPT_{ε,η} is an "
                                  "upper bound of {(1 − α)D_f(Q) : Q ∈ Q_ε}, hence ≥ (1 − α)OPT_ε (least upper bound)"])


_EQ_22_DOMAIN = [AnyChannel("Q"), Laws("P0", "P1"), ConvexF("f")]


@claim(PAPER, "Eq. (22)",
       "Data processing: D_f(M0‖M1) ≤ D_f(P0‖P1) for M_ν = Σ_x Q(·|x)P_ν(x) (eq. 21), every channel Q and convex f "
       "with f(1) = 0",
       domain=_EQ_22_DOMAIN, stated_domain="every channel Q, input laws P0, P1, f convex with f(1) = 0", stated_where="Section VII, eqs. (21)–(22)",
       quote=(r"It is well known that f𝑓fitalic_f-divergences satisfy the data processing inequality. That is, given "
              r"P0subscript𝑃0P_{0}italic_P start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT, P1subscript𝑃1P_{1}italic_P "
              r"start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT and a channel QY|Xsubscript𝑄conditional𝑌𝑋Q_{Y|X}italic_Q "
              r"start_POSTSUBSCRIPT italic_Y | italic_X end_POSTSUBSCRIPT, let M0subscript𝑀0M_{0}italic_M "
              r"start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT and M1subscript𝑀1M_{1}italic_M start_POSTSUBSCRIPT 1 "
              r"end_POSTSUBSCRIPT be the induced marginal distributions over 𝒴𝒴\mathcal{Y}caligraphic_Y "
              r"respectively, i.e., for all S𝒴𝑆𝒴S\subseteq\mathcal{Y}italic_S ⊆ caligraphic_Y, "
              r"Mν(S)x𝒳Q(S|x)Pν(x),subscript𝑀𝜈𝑆subscript𝑥𝒳𝑄conditional𝑆𝑥subscript𝑃𝜈𝑥\displaystyle "
              r"M_{\nu}(S)\equiv\sum_{x\in\mathcal{X}}Q(S|x)P_{\nu}(x),italic_M start_POSTSUBSCRIPT italic_ν "
              r"end_POSTSUBSCRIPT ( italic_S ) ≡ ∑ start_POSTSUBSCRIPT italic_x ∈ caligraphic_X end_POSTSUBSCRIPT "
              r"italic_Q ( italic_S | italic_x ) italic_P start_POSTSUBSCRIPT italic_ν end_POSTSUBSCRIPT ( italic_x "
              r") , (21) where ν{0,1}.𝜈01\nu\in\{0,1\}.italic_ν ∈ { 0 , 1 } . Then, the data processing inequality "
              r"states that Df(M0||M1)Df(P0||P1).\displaystyle D_{f}(M_{0}||M_{1})\leq D_{f}(P_{0}||P_{1}).italic_D "
              r"start_POSTSUBSCRIPT italic_f end_POSTSUBSCRIPT ( italic_M start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT | "
              r"| italic_M start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT ) ≤ italic_D start_POSTSUBSCRIPT italic_f "
              r"end_POSTSUBSCRIPT ( italic_P start_POSTSUBSCRIPT 0 end_POSTSUBSCRIPT | | italic_P "
              r"start_POSTSUBSCRIPT 1 end_POSTSUBSCRIPT ) . (22)"))
def eq_22():
    a1, a2, b1, b2 = sympy.symbols("a1 a2 b1 b2", positive=True)
    f = sympy.Function("f")
    g = lambda a, b: b * f(a / b)                              # the perspective: D_f = Σ g(P0(x), P1(x))
    lam, u, v = b1 / (b1 + b2), a1 / b1, a2 / b2
    # convexity of f at the two points u, v with weight λ is the hypothesis; the rest is algebra
    # (g(ca, cb) = c·g(a, b) is no goal: sympy writes ca/(cb) as a/b, so it would read c·g(a, b) = c·g(a, b))
    steps = identity([lam * u + (1 - lam) * v, (b1 + b2) * (lam * f(u) + (1 - lam) * f(v))],
                     [(a1 + a2) / (b1 + b2), g(a1, b1) + g(a2, b2)],
                     "with λ = b1/(b1+b2): λ·a1/b1 + (1−λ)·a2/b2 = (a1+a2)/(b1+b2), so convexity of f gives "
                     "g(a1+a2, b1+b2) ≤ (b1+b2)(λf(a1/b1) + (1−λ)f(a2/b2)) = g(a1, b1) + g(a2, b2) for g(a, b) = bf(a/b)")
    merge = real_closed(a1 ** 2 / b1 + a2 ** 2 / b2 - (a1 + a2) ** 2 / (b1 + b2), [a1, a2, b1, b2], [],
                        "χ² (f = t² − 1): the merging step by nlsat, a second route for one f")
    r = rng(22)
    gens = {"KL": lambda t: t * sympy.log(t), "χ²": lambda t: t ** 2 - 1, "TV": lambda t: sympy.Abs(t - 1) / 2,
            "H²": lambda t: (sympy.sqrt(t) - 1) ** 2}
    ok = []
    for _ in range(6):
        ch = _random_channel(r, 3, 3, 6)
        p0, p1 = random_law(r, 3, 5), random_law(r, 3, 5)
        m0 = [sum(w * row[y] for w, row in zip(p0, ch.rows)) for y in range(3)]
        m1 = [sum(w * row[y] for w, row in zip(p1, ch.rows)) for y in range(3)]
        ok += [flag(sign(_df(fn, p0, p1) - _df(fn, m0, m1)) >= 0) for fn in gens.values()]
    return establish(steps, merge, exact_agreement(ok, [1] * len(ok), "6 random 3×3 channels and input pairs: "
                                                   "D_f(M0‖M1) ≤ D_f(P0‖P1) for KL, χ², TV, H²"),
                     domain=_EQ_22_DOMAIN,
                     prose_steps=["convexity of f at u = a1/b1 and v = a2/b2 with weight λ = b1/(b1 + b2) (the "
                                  "identities above are the algebra around it): g(a1 + a2, b1 + b2) ≤ g(a1, b1) + g(a2, b2)",
                                  "M_ν(y) = Σ_x Q(y|x)P_ν(x): by induction on the number of inputs the merging step "
                                  "gives g(M0(y), M1(y)) ≤ Σ_x g(Q(y|x)P0(x), Q(y|x)P1(x)) = Σ_x Q(y|x)g(P0(x), P1(x)); "
                                  "summing over y (Σ_y Q(y|x) = 1) gives (22); terms with zero mass follow the "
                                  "usual conventions of g"])
