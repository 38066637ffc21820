"""Claims of Steinke, *Composition of Differential Privacy & Privacy Amplification by
Subsampling* (arXiv:2210.00597), Sections 2–4: basic composition, privacy-loss distributions,
composition by convolution, concentrated DP and the (ε, δ) decomposition.

Sections 5–7 and the figures are in composition_subsampling_amplification.py.
"""

from __future__ import annotations

import sympy
from sympy import Rational as R, exp, log, sqrt

from symdp.central.composition_theorems import advanced_composition, advanced_composition_approx, decompose, kov_delta
from symdp.numbers import sign
from symdp.central.pairs import FinitePair, gaussian, randomized_response
from symdp.central.privacy_loss import GaussianPLD, multivariate_gaussian, privacy_loss
from symdp.central.renyi import (gaussian_delta, gaussian_zcdp, minimal_gaussian_sigma, zcdp, zcdp_delta_simple,
                                 zcdp_rho_for)
from symdp.verify import (certified_agreement, claim, combine, erratum, establish, exact_agreement, identity,
                          inequality_on_box, prove, real_closed)
from symdp.verify.domains import (Channel, DPMechanism, DPOutcomes, DPPair, Integer, Laws, PrivacyLoss, PushedLoss,
                                  SameSupport, ZCDPLaws, ZCDPMechanism, ZCDPMoments)

from _cs_helpers import (PROPOSITION_7, adaptive_composition_steps, hockey_stick_forms, exp_tangent,
                         post_processing_steps, exp_increasing, PROPOSITION_14, zcdp_conversion_steps, convolve, hockey,
                         kernel, pushforward, moment, pld_atoms, product_law, random_pair, signs_at,
                         mean_loss_at_t_minus_one)
from _idioms import hockey_by_events, holds, ordered, near
from _cs_helpers import randomized_response as rr

PAPER = "composition-subsampling"

# Real parameters of the paper's domains (symdp.verify.domains), named as the paper names them; ε_j, δ_j
# stand for every mechanism's parameters.
_ε, _δ, _ρ, _εj, _δj, _σ, _t, _Δ = sympy.symbols("epsilon delta rho epsilon_j delta_j sigma t Delta", real=True)
y, t, z, u = sympy.symbols("y t z u", real=True)
mu, mu2, sigma, rho, eps, L = sympy.symbols("mu mu2 sigma rho epsilon L", positive=True)


def _normal_mgf(mean, var, s):
    """E[e^{sZ}] for Z ~ N(mean, var)."""
    return exp(s * mean + s ** 2 * var / 2)


# --------------------------------------------------------------------------------------------
# Section 2


# The paper's proof of Theorem 1 reads ε_j-DP at each output (e^{−ε_j} ≤ P[M_j(x) = y_j]/P[M_j(x') = y_j] ≤ e^{ε_j}),
# which is what the kernel's goal takes as its hypothesis, for every k ≥ 1.
# p_j, q_j: the probabilities of an output y_j of M_j at neighbouring inputs (pure ε_j-DP at the event {y_j})
_THEOREM_1_DOMAIN = [Integer("k", 1), DPMechanism("M_j", _εj), DPOutcomes("p", "q", "epsilon_j", k="k")]


@claim(paper=PAPER, label="Theorem 1",
       statement="The composition of ε_j-DP mechanisms is (Σ_j ε_j)-DP: the likelihood ratio of the product "
                 "factorises, so the product of e^{ε_j} bounds it and randomized response attains it.",
       domain=_THEOREM_1_DOMAIN, stated_domain='M_1, …, M_k each ε_j-DP, every k',
       stated_where='Section 2, Theorem 1 (Basic Composition)',
       quote=(r"Theorem 1 (Basic Composition). Let "
              r"M1,M2,,Mk:𝒳n𝒴:subscript𝑀1subscript𝑀2subscript𝑀𝑘superscript𝒳𝑛𝒴M_{1},M_{2},\cdots,M_{k}:\mathcal{X}^{n}\to\mathcal{Y} "
              r"be randomized algorithms. Suppose Mjsubscript𝑀𝑗M_{j} is εjsubscript𝜀𝑗\varepsilon_{j}-DP for each "
              r"j[k]𝑗delimited-[]𝑘j\in[k]. Define "
              r"M:𝒳n𝒴k:𝑀superscript𝒳𝑛superscript𝒴𝑘M:\mathcal{X}^{n}\to\mathcal{Y}^{k} by "
              r"M(x)=(M1(x),M2(x),,Mk(x))𝑀𝑥subscript𝑀1𝑥subscript𝑀2𝑥subscript𝑀𝑘𝑥M(x)=(M_{1}(x),M_{2}(x),\cdots,M_{k}(x)), "
              r"where each algorithm is run independently. Then M𝑀M is ε𝜀\varepsilon-DP for "
              r"ε=j=1kεj𝜀superscriptsubscript𝑗1𝑘subscript𝜀𝑗\varepsilon=\sum_{j=1}^{k}\varepsilon_{j}."))
def theorem_1():
    laws = [rr(sympy.Integer(x)) for x in (2, 3, 5)]
    p = product_law(*[a for a, _ in laws])
    q = product_law(*[b for _, b in laws])
    worst = max(a / b for a, b in zip(p, q))
    composed = randomized_response(log(2)) @ randomized_response(log(3)) @ randomized_response(log(5))
    return establish(_basic_composition(), holds(sign(hockey_by_events(p, q, 29)) > 0,
                                                 "tight: RR(2)×RR(3)×RR(5) has δ(log 29) > 0"),
                     exact_agreement(worst, 30, "max likelihood ratio of RR(2)×RR(3)×RR(5) by enumeration = e^{log2+log3+log5}"),
                     exact_agreement([hockey_by_events(p, q, 30), composed.delta(log(30))], [0, 0],
                                     "δ(Σε_j) = 0 by enumerating events and from the library's exact product pair"),
                     domain=_THEOREM_1_DOMAIN)


def _basic_composition():
    """Theorem 1 for every k, by induction on k (kernel steps). With p_j = P[M_j(x) = y_j] and
    q_j = P[M_j(x') = y_j], independence makes P[M(x) = y] = Π_j p_j and P[M(x') = y] = Π_j q_j, and
    ε_j-DP of M_j at y_j is p_j ≤ e^{ε_j} q_j and q_j ≤ e^{ε_j} p_j. The goal: these for every j ≤ k give
    Π p_j ≤ Π e^{ε_j} · Π q_j and Π q_j ≤ Π e^{ε_j} · Π p_j (the paper's e^{−ε} ≤ ratio ≤ e^{ε} without
    dividing, so outputs of probability 0 are covered). Base k = 1 and the step k → k + 1 are decided in
    real arithmetic from the definitions of the finite products (the last factor peeled off)."""
    from symdp.verify import kernel  # this module's `kernel` is _cs_helpers' Markov kernel

    k, j = sympy.symbols("k j", integer=True)
    # p_j, q_j ≥ 0 and the DP inequalities are the theorem's assumptions, quantified in the conclusion (for every
    # output of every such mechanisms), not a restriction of the domain (k ≥ 1)
    pp, qq = sympy.IndexedBase("p"), sympy.IndexedBase("q")
    # the mechanisms' parameters ε_j, named as the domain names them (any reals: e^{ε_j} > 0 is all the step needs)
    ee = sympy.IndexedBase("epsilon_j")

    def terms(n):
        both = sympy.And(pp[j] >= 0, qq[j] >= 0, pp[j] <= exp(ee[j]) * qq[j], qq[j] <= exp(ee[j]) * pp[j])
        return (sympy.Product(pp[j], (j, 1, n)), sympy.Product(qq[j], (j, 1, n)),
                sympy.Product(exp(ee[j]), (j, 1, n)), kernel.Every(both, (j, 1, n)))
    P, Q, X, dp = terms(k)
    goal = kernel.goal(sympy.Or(sympy.Not(dp), sympy.And(P >= 0, Q >= 0, P <= X * Q, Q <= X * P)), [k >= 1])
    base_goal, step_goal = kernel.induction_goals(goal, k, 1)
    base = kernel.decide(base_goal, *[kernel.unfold(term, "all") for term in terms(1)],
                         detail="k = 1: the products of one factor are that factor")
    step = kernel.decide(step_goal, *[kernel.unfold(term, "end") for term in terms(k + 1)],
                         detail="k → k + 1: peel the last factor; 0 ≤ a ≤ XB, 0 ≤ p ≤ xq give 0 ≤ ap ≤ (Xx)(Bq)")
    return kernel.induction(goal, k, 1, base, step, detail="basic composition for every k, by induction on k")


_LAPLACE_TIGHTNESS_DOMAIN = [Integer("k", 1), _ε > 0]


@claim(paper=PAPER, label="Section 2.1 (Laplace tightness)",
       statement="k Laplace(k/ε) answers with f_j(x) = f_j(x') + 1 have likelihood ratio exactly e^ε at every output "
                 "y = (a, …, a) with a ≥ max f_j(x); such outputs have probability 2^{−k}; the std is √2·k/ε.",
       domain=_LAPLACE_TIGHTNESS_DOMAIN, stated_domain='every k ≥ 1, ε > 0 (k-fold Laplace)', stated_where='Section 2.1',
       quote=(r"For each j[k]𝑗delimited-[]𝑘j\in[k], let "
              r"Mj:𝒳n:subscript𝑀𝑗superscript𝒳𝑛M_{j}:\mathcal{X}^{n}\to\mathbb{R} be the algorithm that releases "
              r"fj(x)subscript𝑓𝑗𝑥f_{j}(x) with 𝖫𝖺𝗉𝗅𝖺𝖼𝖾(k/ε)𝖫𝖺𝗉𝗅𝖺𝖼𝖾𝑘𝜀\mathsf{Laplace}(k/\varepsilon) noise added. Let "
              r"M:𝒳nk:𝑀superscript𝒳𝑛superscript𝑘M:\mathcal{X}^{n}\to\mathbb{R}^{k} be the composition of these k𝑘k "
              r"algorithms. Then Mjsubscript𝑀𝑗M_{j} is ε/k𝜀𝑘\varepsilon/k-DP for each j[k]𝑗delimited-[]𝑘j\in[k] and "
              r"basic composition tells us that M𝑀M is ε𝜀\varepsilon-DP. The question is whether M𝑀M satisfies a "
              r"better DP guarantee than this – i.e., does M𝑀M satisfy εsubscript𝜀\varepsilon_{*}-DP for some "
              r"ε<εsubscript𝜀𝜀\varepsilon_{*}<\varepsilon? Suppose we have neighbouring datasets "
              r"x,x𝒳n𝑥superscript𝑥superscript𝒳𝑛x,x^{\prime}\in\mathcal{X}^{n} such that "
              r"fj(x)=fj(x)+1subscript𝑓𝑗𝑥subscript𝑓𝑗superscript𝑥1f_{j}(x)=f_{j}(x^{\prime})+1 for each "
              r"j[k]𝑗delimited-[]𝑘j\in[k]. Let y=(a,a,,a)k𝑦𝑎𝑎𝑎superscript𝑘y=(a,a,\cdots,a)\in\mathbb{R}^{k} for some "
              r"amaxj=1kfj(x)𝑎superscriptsubscript𝑗1𝑘subscript𝑓𝑗𝑥a\geq\max_{j=1}^{k}f_{j}(x). Then "
              r"[M(x)=y][M(x)=y]delimited-[]𝑀𝑥𝑦delimited-[]𝑀superscript𝑥𝑦\displaystyle\frac{{\mathbb{P}\left[M(x)=y\right]}}{{\mathbb{P}\left[M(x^{\prime})=y\right]}} "
              r"=j=1k[fj(x)+𝖫𝖺𝗉𝗅𝖺𝖼𝖾(k/ε)=yj]j=1k[fj(x)+𝖫𝖺𝗉𝗅𝖺𝖼𝖾(k/ε)=yj]absentsuperscriptsubscriptproduct𝑗1𝑘delimited-[]subscript𝑓𝑗𝑥𝖫𝖺𝗉𝗅𝖺𝖼𝖾𝑘𝜀subscript𝑦𝑗superscriptsubscriptproduct𝑗1𝑘delimited-[]subscript𝑓𝑗superscript𝑥𝖫𝖺𝗉𝗅𝖺𝖼𝖾𝑘𝜀subscript𝑦𝑗\displaystyle=\frac{\prod_{j=1}^{k}{\mathbb{P}\left[f_{j}(x)+\mathsf{Laplace}(k/\varepsilon)=y_{j}\right]}}{\prod_{j=1}^{k}{\mathbb{P}\left[f_{j}(x^{\prime})+\mathsf{Laplace}(k/\varepsilon)=y_{j}\right]}} "
              r"=j=1k[𝖫𝖺𝗉𝗅𝖺𝖼𝖾(k/ε)=yjfj(x)][𝖫𝖺𝗉𝗅𝖺𝖼𝖾(k/ε)=yjfj(x)]absentsuperscriptsubscriptproduct𝑗1𝑘delimited-[]𝖫𝖺𝗉𝗅𝖺𝖼𝖾𝑘𝜀subscript𝑦𝑗subscript𝑓𝑗𝑥delimited-[]𝖫𝖺𝗉𝗅𝖺𝖼𝖾𝑘𝜀subscript𝑦𝑗subscript𝑓𝑗superscript𝑥\displaystyle=\prod_{j=1}^{k}\frac{{\mathbb{P}\left[\mathsf{Laplace}(k/\varepsilon)=y_{j}-f_{j}(x)\right]}}{{\mathbb{P}\left[\mathsf{Laplace}(k/\varepsilon)=y_{j}-f_{j}(x^{\prime})\right]}} "
              r"=j=1kε2kexp(εk|yjfj(x)|)ε2kexp(εk|yjfj(x)|)absentsuperscriptsubscriptproduct𝑗1𝑘𝜀2𝑘𝜀𝑘subscript𝑦𝑗subscript𝑓𝑗𝑥𝜀2𝑘𝜀𝑘subscript𝑦𝑗subscript𝑓𝑗superscript𝑥\displaystyle=\prod_{j=1}^{k}\frac{\frac{\varepsilon}{2k}\exp\left(-\frac{\varepsilon}{k}|y_{j}-f_{j}(x)|\right)}{\frac{\varepsilon}{2k}\exp\left(-\frac{\varepsilon}{k}|y_{j}-f_{j}(x^{\prime})|\right)} "
              r"=j=1kexp(εk(yjfj(x)))exp(εk(yjfj(x)))absentsuperscriptsubscriptproduct𝑗1𝑘𝜀𝑘subscript𝑦𝑗subscript𝑓𝑗𝑥𝜀𝑘subscript𝑦𝑗subscript𝑓𝑗superscript𝑥\displaystyle=\prod_{j=1}^{k}\frac{\exp\left(-\frac{\varepsilon}{k}(y_{j}-f_{j}(x))\right)}{\exp\left(-\frac{\varepsilon}{k}(y_{j}-f_{j}(x^{\prime}))\right)} "
              r"(yjfj(x)subscript𝑦𝑗subscript𝑓𝑗𝑥y_{j}\geq f_{j}(x) and "
              r"yjfj(x)subscript𝑦𝑗subscript𝑓𝑗superscript𝑥y_{j}\geq f_{j}(x^{\prime})) "
              r"=j=1kexp(εk(fj(x)fj(x)))absentsuperscriptsubscriptproduct𝑗1𝑘𝜀𝑘subscript𝑓𝑗𝑥subscript𝑓𝑗superscript𝑥\displaystyle=\prod_{j=1}^{k}\exp\left(\frac{\varepsilon}{k}\left(f_{j}(x)-f_{j}(x^{\prime})\right)\right) "
              r"=exp(εkj=1k(fj(x)fj(x)))=eε.absent𝜀𝑘superscriptsubscript𝑗1𝑘subscript𝑓𝑗𝑥subscript𝑓𝑗superscript𝑥superscript𝑒𝜀\displaystyle=\exp\left(\frac{\varepsilon}{k}\sum_{j=1}^{k}\left(f_{j}(x)-f_{j}(x^{\prime})\right)\right)=e^{\varepsilon}. "
              r"This shows that basic composition is optimal. For this example, we cannot prove a better guarantee "
              r"than what is given by basic composition."))
def laplace_tightness():
    k = 3
    fx = sympy.symbols("f1:4", real=True)
    a = sympy.Symbol("a", real=True)
    b = k / eps
    dens = lambda yy, c: exp(-sympy.Abs(yy - c) / b) / (2 * b)
    ratio = sympy.Integer(1)
    for f in fx:
        ratio *= dens(a, f + 1) / dens(a, f)
    # y = (a, a, a) with a ≥ max_j f_j(x) = f_1 + 1 when the three answers coincide; a = f_1 + 1 + s, s ≥ 0.
    s = sympy.Symbol("s", nonnegative=True)
    at_corner = sympy.simplify(ratio.subs({fx[1]: fx[0], fx[2]: fx[0]}).subs(a, fx[0] + 1 + s))
    half = sympy.integrate(exp(-y / b) / (2 * b), (y, 0, sympy.oo))
    var = 2 * sympy.integrate(y ** 2 * exp(-y / b) / (2 * b), (y, 0, sympy.oo))
    # Every k: at y_j = a ≥ f_j(x) + 1 each ratio is e^{1/b} = e^{ε/k} (|a − f| − |a − f − 1| = 1),
    # so the product of k of them is e^ε; each noise ≥ 0 has probability 1/2.
    kk = sympy.Symbol("k", integer=True, positive=True)
    f1 = fx[0]
    dens_k = lambda yy, c: exp(-sympy.Abs(yy - c) * eps / kk) * eps / (2 * kk)
    one = sympy.simplify((dens_k(a, f1 + 1) / dens_k(a, f1)).subs(a, f1 + 1 + s))
    half_k = sympy.integrate(exp(-y * eps / kk) * eps / (2 * kk), (y, 0, sympy.oo))
    var_k = 2 * sympy.integrate(y ** 2 * exp(-y * eps / kk) * eps / (2 * kk), (y, 0, sympy.oo))
    return establish(combine(identity(one, exp(eps / kk), "one coordinate: the Laplace(k/ε) ratio at a ≥ f_j(x) + 1 is "
                                      "e^{ε/k}, every k"),
                             identity(exp(eps / kk) ** kk, exp(eps), "k coordinates: (e^{ε/k})^k = e^ε"),
                             identity(half_k ** kk, (R(1, 2)) ** kk, "each noise is ≥ 0 w.p. 1/2: 2^{−k}"),
                             identity(var_k, 2 * (kk / eps) ** 2,
                                      "Laplace(b) has variance 2b², so the std with b = k/ε is √2·k/ε"), detail="the proof"),
                     identity(at_corner, exp(eps), "k = 3 written out: product of the three ratios at y = (a,a,a)"),
                     domain=_LAPLACE_TIGHTNESS_DOMAIN)


# --------------------------------------------------------------------------------------------
# Section 3: privacy-loss distributions


# "P is absolutely continuous with respect to Q and vice versa": laws with the same support; Z = PrivLoss(P‖Q) and
# Z' = PrivLoss(Q‖P), the privacy losses the definition names
_DEFINITION_2_DOMAIN = [SameSupport("P", "Q"), Laws("P", "Q", k="m"), PrivacyLoss("Z", "P", "Q"), PrivacyLoss("Z'", "Q", "P")]


@claim(paper=PAPER, label="Definition 2 (PLD facts)",
       statement="With Z = log P/Q(Y), Y ← P: E[e^{−Z}] = 1, KL = E[Z] ≥ 0, d_TV = E[max(0, 1 − e^{−Z})] = ½E|1 − e^{−Z}|; "
                 "pure ε-DP ⇔ P[Z ≤ ε] = 1 (the Gaussian PLD N(ρ, 2ρ) at ε = 0 is a cross-check).",
       domain=_DEFINITION_2_DOMAIN, stated_domain='P, Q with the same support (privacy loss distribution)',
       stated_where='Section 3, Definition 2',
       quote=(r"Definition 2 (Privacy Loss Distribution). Let P𝑃P and Q𝑄Q be two probability distributions on "
              r"𝒴𝒴\mathcal{Y}. Define fPQ:𝒴f_{\left.{P}\middle\|{Q}\right.}:\mathcal{Y}\to\mathbb{R} by "
              r"fPQ(y)=log(P(y)/Q(y))f_{\left.{P}\middle\|{Q}\right.}(y)=\log(P(y)/Q(y)).111The function "
              r"fPQf_{\left.{P}\middle\|{Q}\right.} is called the log likelihood ratio of P𝑃P with respect to Q𝑄Q. "
              r"Formally, fPQf_{\left.{P}\middle\|{Q}\right.} is the natural logarithm of the Radon-Nikodym "
              r"derivative of P𝑃P with respect to Q𝑄Q. This function is defined by the property that "
              r"P(S)=𝔼YP[𝕀[YS]]=𝔼YQ[efPQ(Y)𝕀[YS]]P(S)={\underset{Y\leftarrow P}{\mathbb{E}}\left[\mathbb{I}[Y\in "
              r"S]\right]}={\underset{Y\leftarrow "
              r"Q}{\mathbb{E}}\left[e^{f_{\left.{P}\middle\|{Q}\right.}(Y)}\cdot\mathbb{I}[Y\in S]\right]} for all "
              r"measurable S𝒴𝑆𝒴S\subset\mathcal{Y}. For this to exist, we must assume that P𝑃P and Q𝑄Q have the same "
              r"sigma-algebra and that P𝑃P is absolutely continuous with respect to Q𝑄Q and vice versa – i.e., "
              r"S𝒴Q(S)=0P(S)=0ifffor-all𝑆𝒴𝑄𝑆0𝑃𝑆0\forall S\subset\mathcal{Y}~{}~{}~{}Q(S)=0\iff P(S)=0. The privacy "
              r"loss random variable is given by Z=fPQ(Y)Z=f_{\left.{P}\middle\|{Q}\right.}(Y) for YP𝑌𝑃Y\leftarrow "
              r"P. The distribution of Z𝑍Z is denoted 𝖯𝗋𝗂𝗏𝖫𝗈𝗌𝗌(PQ)\mathsf{PrivLoss}\left({P}\middle\|{Q}\right). In "
              r"the context of differential privacy, the distributions P=M(x)𝑃𝑀𝑥P=M(x) and "
              r"Q=M(x)𝑄𝑀superscript𝑥Q=M(x^{\prime}) correspond to the outputs of the algorithm M𝑀M on neighbouring "
              r"inputs x,x𝑥superscript𝑥x,x^{\prime}. Successfully distinguishing these distributions corresponds to "
              r"learning some fact about an individual person’s data. The randomness of the privacy loss random "
              r"variable Z𝑍Z comes from the randomness of the algorithm M𝑀M (e.g., added noise). Intuitively, the "
              r"privacy loss tells us which input (x𝑥x or xsuperscript𝑥x^{\prime}) is more likely given the observed "
              r"output (YM()𝑌𝑀Y\leftarrow M(\cdot)). If Z>0𝑍0Z>0, then the hypothesis YP=M(x)𝑌𝑃𝑀𝑥Y\leftarrow P=M(x) "
              r"explains the observed output better than the hypothesis YQ=M(x)𝑌𝑄𝑀superscript𝑥Y\leftarrow "
              r"Q=M(x^{\prime}) and vice versa. The magnitude of the privacy loss Z𝑍Z indicates how strong the "
              r"evidence for this conclusion is. If Z=0𝑍0Z=0, both hypotheses explain the output equally well, but, "
              r"if Z𝑍Z\to\infty, then we can be nearly certain that the output came from P𝑃P, rather than Q𝑄Q. A "
              r"very negative privacy loss Z0much-less-than𝑍0Z\ll 0 means that the observed output YP𝑌𝑃Y\leftarrow P "
              r"strongly supports the wrong hypothesis (i.e., YQ𝑌𝑄Y\leftarrow Q). As long as the privacy loss "
              r"distribution is well-defined,222The privacy loss distribution is not well-defined if absolute "
              r"continuity fails to hold. Intuitively, this corresponds to the privacy loss being infinite. We can "
              r"extend most of these definitions to allow for an infinite privacy loss. For simplicity, we do not "
              r"delve into these issues. we can easily express almost all the quantities of interest in terms of it: "
              r"• Pure ε𝜀\varepsilon-DP of M𝑀M is equivalent to demanding that "
              r"Z𝖯𝗋𝗂𝗏𝖫𝗈𝗌𝗌(M(x)M(x))[Zε]=1{\underset{Z\leftarrow\mathsf{PrivLoss}\left({M(x)}\middle\|{M(x^{\prime})}\right)}{\mathbb{P}}\left[Z\leq\varepsilon\right]}=1 "
              r"for all neighbouring x,x𝑥superscript𝑥x,x^{\prime}.333Note that, by the symmetry of the neighbouring "
              r"relation (i.e., if x,x𝑥superscript𝑥x,x^{\prime} are neighbouring datasets then "
              r"x,xsuperscript𝑥𝑥x^{\prime},x are also neighbours), we also have "
              r"Z𝖯𝗋𝗂𝗏𝖫𝗈𝗌𝗌(M(x)M(x))[Zε]=1{\underset{Z\leftarrow\mathsf{PrivLoss}\left({M(x)}\middle\|{M(x^{\prime})}\right)}{\mathbb{P}}\left[Z\geq-\varepsilon\right]}=1 "
              r"as a consequence of "
              r"Z𝖯𝗋𝗂𝗏𝖫𝗈𝗌𝗌(M(x)M(x))[Zε]=1{\underset{Z^{\prime}\leftarrow\mathsf{PrivLoss}\left({M(x^{\prime})}\middle\|{M(x)}\right)}{\mathbb{P}}\left[Z^{\prime}\leq\varepsilon\right]}=1. "
              r"• The KL divergence is the expectation of the privacy loss: "
              r"D1(PQ):=𝔼Z𝖯𝗋𝗂𝗏𝖫𝗈𝗌𝗌(PQ)[Z]\mathrm{D}_{1}\left(P\middle\|Q\right):={\underset{Z\leftarrow\mathsf{PrivLoss}\left({P}\middle\|{Q}\right)}{\mathbb{E}}\left[Z\right]}.444The "
              r"expectation of the privacy loss is always non-negative. Intuitively, this is because we take the "
              r"expectation of the log likelihood ratio fPQ(Y)f_{\left.{P}\middle\|{Q}\right.}(Y) with respect to "
              r"YP𝑌𝑃Y\leftarrow P – i.e., the true answer is P𝑃P, so on average the log likelihood ratio should "
              r"point towards the correct answer. • The TV distance is given by "
              r"dTV(P,Q)=𝔼Z𝖯𝗋𝗂𝗏𝖫𝗈𝗌𝗌(PQ)[max{0,1exp(Z)}]=12𝔼Z𝖯𝗋𝗂𝗏𝖫𝗈𝗌𝗌(PQ)[|1exp(Z)|].\mathrm{d}_{\text{TV}}\left(P,Q\right)={\underset{Z\leftarrow\mathsf{PrivLoss}\left({P}\middle\|{Q}\right)}{\mathbb{E}}\left[\max\{0,1-\exp(-Z)\}\right]}=\frac{1}{2}{\underset{Z\leftarrow\mathsf{PrivLoss}\left({P}\middle\|{Q}\right)}{\mathbb{E}}\left[\left|1-\exp(-Z)\right|\right]}. "
              r"• Approximate (ε,δ)𝜀𝛿(\varepsilon,\delta)-DP of M𝑀M is implied by "
              r"Z𝖯𝗋𝗂𝗏𝖫𝗈𝗌𝗌(M(x)M(x))[Zε]1δ{\underset{Z\leftarrow\mathsf{PrivLoss}\left({M(x)}\middle\|{M(x^{\prime})}\right)}{\mathbb{P}}\left[Z\leq\varepsilon\right]}\geq "
              r"1-\delta for all neighbouring x,x𝑥superscript𝑥x,x^{\prime}. So we should think of approximate DP as "
              r"a tail bound on the privacy loss. To be precise, (ε,δ)𝜀𝛿(\varepsilon,\delta)-DP of M𝑀M is equivalent "
              r"to "
              r"𝔼Z𝖯𝗋𝗂𝗏𝖫𝗈𝗌𝗌(M(x)M(x))[max{0,1exp(εZ)}]δ{\underset{Z\leftarrow\mathsf{PrivLoss}\left({M(x)}\middle\|{M(x^{\prime})}\right)}{\mathbb{E}}\left[\max\{0,1-\exp(\varepsilon-Z)\}\right]}\leq\delta "
              r"for all neighbouring x,x𝑥superscript𝑥x,x^{\prime}. (See Proposition 7.)"))
def definition_2():
    out = []
    for seed in range(4):
        p, q = random_pair(seed, 5)
        pair = FinitePair(p, q)
        zs = [log(a / b) for a, b in zip(p, q)]
        e_neg = sympy.Add(*[a * b / a for a, b in zip(p, q)])
        kl = sympy.Add(*[a * zz for a, zz in zip(p, zs)])
        tv1 = sympy.Add(*[a * sympy.Max(0, 1 - b / a) for a, b in zip(p, q)])
        tv2 = sympy.Add(*[a * sympy.Abs(1 - b / a) for a, b in zip(p, q)]) / 2
        out.append(exact_agreement([e_neg, tv1, tv2, kl], [1, pair.tv(), pair.tv(), pair.kl()],
                                   f"random pair {seed}: E[e^-Z] = 1 and both TV forms, KL = E[Z]"))
        out.append(holds(sign(kl) >= 0, f"random pair {seed}: KL ≥ 0"))
        pure = max(a / b for a, b in zip(p, q))
        out.append(exact_agreement(hockey(p, q, pure), 0, f"random pair {seed}: P[Z ≤ log max ratio] = 1 gives δ = 0"))
    x = sympy.Integer(3)
    p, q = rr(x)
    out.append(exact_agreement([FinitePair(p, q).kl(), FinitePair(p, q).tv()],
                               [log(3) * (x - 1) / (x + 1), (x - 1) / (x + 1)], "RR(e^ε=3): KL = ε tanh(ε/2), TV = tanh(ε/2)"))
    for r in (R(1, 2), R(1, 8)):
        out.append(certified_agreement(GaussianPLD(r).delta_expectation(0), gaussian(1 / sqrt(2 * r)).tv(), 25,
                                       f"Gaussian ρ={r}: ∫(1−e^{{−z}})₊ dN(ρ,2ρ) (quadrature) = 2Φ(√(ρ/2)) − 1"))
    return establish(_pld_facts(), out, domain=_DEFINITION_2_DOMAIN, uses=[PROPOSITION_7])


def _pld_facts():
    """Definition 2's facts as kernel steps, for every pair of nonnegative laws P, Q on m outcomes (the domain's) whose
    privacy losses are well-defined both ways: Z = f_{P‖Q} and Z' = f_{Q‖P} by their defining properties P_i = Q_i e^{Z_i},
    Q_i = P_i e^{Z'_i}, so Z'_i = −Z_i wherever Q_i > 0 (Lemma 6's step); these, ΣP = ΣQ = 1, the tests and the DP
    inequalities are the statements' assumptions, quantified in the conclusions:
    - E[e^{−Z}] = Σ P_i e^{−Z_i} = Σ Q_i = 1;
    - KL = E[Z] ≥ 0: P_i Z_i ≥ P_i − Q_i (e^w ≥ 1 + w at w = Z'_i = −Z_i), summed, Σ(P − Q) = 0;
    - d_TV: Proposition 7 at ε = 0 (its goal, instantiated) gives sup over tests u ∈ [0, 1]^m of Σu_i(P_i − Q_i) =
      E[max(0, 1 − e^{−Z})]; and P_i max(0, 1 − e^{−Z_i}) = ½P_i|1 − e^{−Z_i}| + ½(P_i − Q_i), summed, gives ½E|1 − e^{−Z}|;
    - pure ε-DP ⇔ P[Z ≤ ε] = 1, both directions as inequalities that hold for every pair (no "if" left to read):
      P(S) − e^ε Q(S) ≤ P[Z > ε] for every test S (u_i ∈ [0, 1]): where Z_i ≤ ε, P_i = Q_i e^{Z_i} ≤ e^ε Q_i (e^· increasing),
      elsewhere u_i(P_i − e^ε Q_i) ≤ P_i; so P[Z ≤ ε] = 1 gives P(S) ≤ e^ε Q(S) for every S. Conversely
      e^ε E_Q[max(Z − ε, 0)] ≤ P(S*) − e^ε Q(S*) for the event S* = {P > e^ε Q}: where Z_i > ε and Q_i > 0,
      P_i − e^ε Q_i = Q_i e^ε(e^{Z_i − ε} − 1) ≥ Q_i e^ε (Z_i − ε) > 0 (e^w ≥ 1 + w), so i ∈ S*; so pure ε-DP at S* makes
      E_Q[max(Z − ε, 0)] = 0, i.e. Z ≤ ε wherever Q_i > 0 (P_i > 0: the same support), P[Z ≤ ε] = 1."""
    from symdp.verify import kernel as rules  # this module's `kernel` is _cs_helpers' Markov kernel

    i, m = sympy.symbols("i m", integer=True)
    P, Q = sympy.IndexedBase("P", nonnegative=True), sympy.IndexedBase("Q", nonnegative=True)
    Z, Zr, u, s = (sympy.IndexedBase(name) for name in ("Z", "Z'", "u", "s"))
    e, w, v, a, b, k = sympy.symbols("epsilon w v a b k", real=True)
    span = [i >= 1, i <= m]
    total = lambda f: sympy.Sum(f, (i, 1, m))
    loss = [sympy.Eq(P[i], Q[i] * exp(Z[i])), sympy.Eq(Q[i], P[i] * exp(Zr[i]))]
    product = rules.instantiate(identity(exp(w) * exp(v), exp(w + v), "e^w·e^v = e^{w+v}"), {w: Z[i], v: Zr[i]}, span)
    reverse = rules.decide(rules.goal(sympy.Eq(Q[i] * exp(Zr[i]), Q[i] * exp(-Z[i])), [*span, *loss]), product,
                           rules.instantiate(exp_increasing(True), {a: Z[i] + Zr[i], b: sympy.Integer(0)}),
                           rules.instantiate(exp_increasing(True), {a: sympy.Integer(0), b: Z[i] + Zr[i]}),
                           detail="Z'_i = −Z_i wherever Q_i > 0")
    back = rules.decide(rules.goal(sympy.Eq(P[i] * exp(-Z[i]), Q[i]), [*span, *loss]), reverse, detail="P_i e^{−Z_i} = Q_i")
    laws = rules.Every(sympy.And(*loss), (i, 1, m))
    unit = sympy.And(sympy.Eq(total(P[i]), 1), sympy.Eq(total(Q[i]), 1))
    stated = lambda fact, assumed, text: rules.decide(
        rules.goal(sympy.Or(sympy.Not(assumed), rules.fact(fact).goal.conclusion), [m >= 1]), fact, detail=text)
    ones = rules.summed(back, i, 1, m)
    normalised = rules.decide(rules.goal(sympy.Eq(total(P[i] * exp(-Z[i])), 1), [m >= 1, laws, unit]), ones)
    opposite = rules.decide(rules.goal(sympy.Eq(P[i] * (Z[i] + Zr[i]), 0), [*span, *loss]), product,
                            rules.instantiate(exp_increasing(True), {a: Z[i] + Zr[i], b: sympy.Integer(0)}),
                            rules.instantiate(exp_increasing(True), {a: sympy.Integer(0), b: Z[i] + Zr[i]}),
                            detail="Z'_i = −Z_i wherever P_i > 0")
    entropy = rules.decide(rules.goal(P[i] * Z[i] >= P[i] - Q[i], [*span, *loss]), opposite,
                           rules.instantiate(exp_tangent(), {w: Zr[i]}, span),
                           detail="P_i Z_i ≥ P_i − Q_i (e^{Z'} ≥ 1 + Z', Z' = −Z where it matters)")
    kl = rules.decide(rules.goal(total(P[i] * Z[i]) >= 0, [m >= 1, laws, unit]), rules.summed(entropy, i, 1, m),
                      rules.linear(total(P[i] - Q[i])))
    forms = rules.lemma(PROPOSITION_7, rules.fact(hockey_stick_forms()["forms"]).goal)
    at_zero = rules.instantiate(forms, {e: sympy.Integer(0)}, detail="Proposition 7 at ε = 0")
    half = rules.decide(rules.goal(sympy.Eq(P[i] * sympy.Max(0, 1 - exp(-Z[i])),
                                            P[i] * sympy.Abs(1 - exp(-Z[i])) / 2 + (P[i] - Q[i]) / 2), [*span, *loss]), back,
                        detail="max(0, a) = ½|a| + ½a at a = 1 − e^{−Z_i}, times P_i")
    halves = rules.summed(half, i, 1, m)
    sides = rules.linear(rules.fact(halves).goal.conclusion.rhs)
    expectation, absolute = total(P[i] * sympy.Max(0, 1 - exp(-Z[i]))), total(P[i] * sympy.Abs(1 - exp(-Z[i])))
    tv = rules.fact(at_zero).goal
    forms_0 = next(c for c in tv.conclusion.args if isinstance(c, sympy.And))
    negated = [c for c in tv.conclusion.args if c is not forms_0]  # Proposition 7's assumptions, as its goal writes them
    distance = rules.decide(rules.goal(sympy.Or(*negated, sympy.Not(sympy.And(laws, unit)),
                                                sympy.And(forms_0, sympy.Eq(expectation, absolute / 2))), [m >= 1]),
                            at_zero, halves, sides,
                            detail="d_TV = sup over tests of P(S) − Q(S) = E[max(0, 1 − e^{−Z})] = ½E[|1 − e^{−Z}|]")
    above = sympy.Piecewise((1, Z[i] > e), (0, True))  # the event {Z > ε} at outcome i
    pure = rules.decide(rules.goal(u[i] * (P[i] - exp(e) * Q[i]) <= P[i] * above, [*span, *loss, u[i] >= 0, u[i] <= 1]),
                        rules.instantiate(exp_increasing(False), {a: e, b: Z[i]}),
                        detail="u_i(P_i − e^ε Q_i) ≤ P_i·1[Z_i > ε]: Z_i ≤ ε ⇒ P_i ≤ e^ε Q_i; else ≤ u_i P_i ≤ P_i")
    event = rules.summed(pure, i, 1, m, detail="P(S) − e^ε Q(S) ≤ P[Z > ε] for every test S")
    star = sympy.Piecewise((1, P[i] > exp(e) * Q[i]), (0, True))  # the event S* = {P > e^ε Q} at outcome i
    split = identity(exp(e) * exp(w - e), exp(w), "e^ε·e^{w−ε} = e^w")
    singleton = rules.decide(rules.goal(exp(e) * (Q[i] * sympy.Max(Z[i] - e, 0)) <= star * (P[i] - exp(e) * Q[i]),
                                        [*span, *loss]),
                             rules.instantiate(exp_tangent(), {w: Z[i] - e}), rules.instantiate(split, {w: Z[i]}),
                             detail="e^ε Q_i max(Z_i − ε, 0) ≤ 1[P_i > e^ε Q_i](P_i − e^ε Q_i) (e^{Z−ε} ≥ 1 + Z − ε)")
    singletons = rules.summed(singleton, i, 1, m)
    pulled = rules.instantiate(rules.linear(total(k * (Q[i] * sympy.Max(Z[i] - e, 0)))), {k: exp(e)})
    converse = rules.decide(rules.goal(exp(e) * total(Q[i] * sympy.Max(Z[i] - e, 0)) <= total(star * (P[i] - exp(e) * Q[i])),
                                       rules.fact(singletons).goal.hypotheses), singletons, pulled,
                            detail="e^ε E_Q[max(Z − ε, 0)] ≤ P(S*) − e^ε Q(S*), S* = {P > e^ε Q}")
    assumptions = lambda fact: sympy.And(*[h for h in rules.fact(fact).goal.hypotheses if h != (m >= 1)])
    return combine(stated(normalised, assumptions(normalised), "E[e^{−Z}] = Σ Q_i = 1"),
                   stated(kl, assumptions(kl), "KL = E[Z] ≥ Σ(P_i − Q_i) = 0"),
                   distance,
                   stated(event, assumptions(event), "P(S) − e^ε Q(S) ≤ P[Z > ε] for every test S: P[Z ≤ ε] = 1 ⇒ pure ε-DP"),
                   stated(converse, assumptions(converse),
                          "e^ε E_Q[max(Z − ε, 0)] ≤ P(S*) − e^ε Q(S*): pure ε-DP ⇒ Z ≤ ε wherever Q > 0, P[Z ≤ ε] = 1"),
                   detail="the proof")


# μ, μ' range over ℝ (the goals' symbols are real, without a sign); σ > 0.
_PROPOSITION_3_DOMAIN = [_σ > 0]


@claim(paper=PAPER, label="Proposition 3",
       statement="PrivLoss(N(μ,σ²)‖N(μ',σ²)) = N(ρ, 2ρ), ρ = (μ−μ')²/2σ²; f(y) = (μ−μ')(2y−μ−μ')/2σ² is affine and "
                 "E[e^{tZ}] = e^{t(t+1)ρ}.",
       domain=_PROPOSITION_3_DOMAIN, stated_domain="μ, μ' ∈ ℝ, σ > 0", stated_where='Section 3.1, Proposition 3',
       quote=(r"Proposition 3 (Privacy Loss Distribution of Gaussian). Let "
              r"P=𝒩(μ,σ2)𝑃𝒩𝜇superscript𝜎2P=\mathcal{N}(\mu,\sigma^{2}) and "
              r"Q=𝒩(μ,σ2)𝑄𝒩superscript𝜇superscript𝜎2Q=\mathcal{N}(\mu^{\prime},\sigma^{2}). Then "
              r"𝖯𝗋𝗂𝗏𝖫𝗈𝗌𝗌(PQ)=𝒩(ρ,2ρ)\mathsf{PrivLoss}\left({P}\middle\|{Q}\right)=\mathcal{N}(\rho,2\rho) for "
              r"ρ=(μμ)22σ2𝜌superscript𝜇superscript𝜇22superscript𝜎2\rho=\frac{(\mu-\mu^{\prime})^{2}}{2\sigma^{2}}."))
def proposition_3():
    """Proposition 3 by the paper's route, for every real μ, μ' and σ > 0. The log-likelihood ratio
    f(y) = log(P(y)/Q(y)) is affine in y, and f(y) − ρ = c·(y − μ)/σ with c = (μ − μ')/σ, c² = 2ρ. With
    Y ~ N(μ, σ²), G = (Y − μ)/σ ~ N(0, 1), so Z = f(Y) = ρ + c·G, and c·G ~ N(0, c²) for every real c (φ is
    even, so −G ~ N(0, 1) too; c = 0 is the point mass): Z ~ N(ρ, 2ρ). Its MGF E[e^{tZ}] = e^{tρ}∫ e^{tcu} φ(u) du
    is integrated symbolically: e^{t(t+1)ρ}."""
    yy, tt, uu, m1, m2 = sympy.symbols("y t u mu mu'", real=True)
    s_ = sympy.Symbol("sigma", positive=True)
    dens = lambda m: exp(-(yy - m) ** 2 / (2 * s_ ** 2)) / sqrt(2 * sympy.pi * s_ ** 2)
    affine = (m1 - m2) * (2 * yy - m1 - m2) / (2 * s_ ** 2)
    r, c = (m1 - m2) ** 2 / (2 * s_ ** 2), (m1 - m2) / s_
    phi = lambda v: exp(-v ** 2 / 2) / sqrt(2 * sympy.pi)
    scaled = sympy.integrate(exp(tt * c * uu) * phi(uu), (uu, -sympy.oo, sympy.oo), conds="none")
    return establish(combine(identity(log(dens(m1) / dens(m2)), affine, "the log-likelihood ratio is affine in y"),
                             identity([affine - r, c ** 2], [c * (yy - m1) / s_, 2 * r],
                                      "f(y) − ρ = c·(y − μ)/σ with c = (μ − μ')/σ, c² = 2ρ: Z = ρ + c·G, G ~ N(0, 1)"),
                             identity(phi(-uu), phi(uu), "φ(−u) = φ(u): c·G ~ N(0, c²) for either sign of c"),
                             identity(exp(tt * r) * scaled, exp(tt * (tt + 1) * r),
                                      "E[e^{tZ}] = e^{tρ}∫ e^{tcu} φ(u) du (integrated symbolically) = e^{t(t+1)ρ}"),
                             detail="the proof"),
                     domain=_PROPOSITION_3_DOMAIN)


# "Fix distributions P and Q on 𝒴 … Let T: 𝒴 → {P, Q} be any (possibly randomized) test": two laws on any space, and a
# channel from 𝒴 to two outputs
_LEMMA_4_DOMAIN = [Laws("P", "Q"), Channel("T", l=2)]


@claim(paper=PAPER, label="Lemma 4 (Neyman–Pearson)",
       statement="For every test T there is a threshold t with P[T = P] ≤ P[f ≥ t] and Q[T = Q] ≤ Q[f ≤ t]; the best "
                 "balanced accuracy is ½ + ½ d_TV.",
       domain=_LEMMA_4_DOMAIN, stated_domain='every pair P, Q, every test', stated_where='Section 3.2, Lemma 4 (Neyman–Pearson)',
       quote=(r"Lemma 4 (Neyman-Pearson Lemma [NP33]). Fix distributions P𝑃P and Q𝑄Q on 𝒴𝒴\mathcal{Y} and define the "
              r"log-likelihood ratio test statistic fPQ:𝒴f_{\left.{P}\middle\|{Q}\right.}:\mathcal{Y}\to\mathbb{R} "
              r"by fPQ(y)=log(P(y)Q(y))f_{\left.{P}\middle\|{Q}\right.}(y)=\log\left(\frac{P(y)}{Q(y)}\right). Let "
              r"T:𝒴{P,Q}:𝑇𝒴𝑃𝑄T:\mathcal{Y}\to\{P,Q\} be any (possibly randomized) test. Then there exists some "
              r"t𝑡t\in\mathbb{R} such that YP[T(Y)=P]YP[fPQ(Y)t] and YQ[T(Y)=Q]YQ[fPQ(Y)t].{\underset{Y\leftarrow "
              r"P}{\mathbb{P}}\left[T(Y)=P\right]}\leq{\underset{Y\leftarrow "
              r"P}{\mathbb{P}}\left[f_{\left.{P}\middle\|{Q}\right.}(Y)\geq t\right]}~{}~{}~{}~{}\text{ and "
              r"}~{}~{}~{}~{}{\underset{Y\leftarrow Q}{\mathbb{P}}\left[T(Y)=Q\right]}\leq{\underset{Y\leftarrow "
              r"Q}{\mathbb{P}}\left[f_{\left.{P}\middle\|{Q}\right.}(Y)\leq t\right]}."))
def lemma_4():
    from itertools import product as cartesian
    out = []
    for seed in (11, 12, 13):
        p, q = random_pair(seed, 4)
        ratios = sorted({a / b for a, b in zip(p, q)})
        ok, best = True, sympy.Integer(0)
        for mask in cartesian((0, 1), repeat=len(p)):
            power = sympy.Add(*[m * a for m, a in zip(mask, p)])
            spec = sympy.Add(*[(1 - m) * b for m, b in zip(mask, q)])
            best = max(best, (power + spec) / 2)
            ok &= any(power <= sympy.Add(*[a for a, b in zip(p, q) if a / b >= th])
                      and spec <= sympy.Add(*[b for a, b in zip(p, q) if a / b <= th]) for th in ratios)
        out.append(holds(ok, f"random pair {seed}: every one of the 16 deterministic tests is dominated by a threshold test"))
        out.append(exact_agreement(best, R(1, 2) + FinitePair(p, q).tv() / 2, f"random pair {seed}: best accuracy = ½ + ½TV"))
    # Every pair and test A (T = P on A): take t* the largest threshold with P[f ≥ t*] ≥ P(A), and
    # T' = {f > t*}, so P(T') < P(A). Outside T', p ≤ e^{t*}q; inside, p > e^{t*}q. With a1, b1 the
    # P-, Q-masses of A∖T' and a2, b2 those of T'∖A: a1 − a2 = P(A) − P(T') > 0 forces
    # b1 − b2 = Q(A) − Q(T') ≥ 0, i.e. Q[f ≤ t*] = 1 − Q(T') ≥ Q(A^c). The accuracy of A is
    # ½(P(A) + Q(A^c)) = ½ + ½(P(A) − Q(A)) ≤ ½ + ½ d_TV (Definition 3).
    a1, a2, b1, b2, xx = sympy.symbols("a1 a2 b1 b2 x", nonnegative=True)
    pa, qa = sympy.symbols("P_A Q_A", real=True)
    statement = combine(real_closed(b1 - b2, [a1, a2, b1, b2, xx], [xx > 0, a1 <= xx * b1, a2 >= xx * b2, a1 - a2 > 0],
                                    "exchange: a1 ≤ e^{t*}b1, a2 ≥ e^{t*}b2, a1 > a2 ⇒ b1 ≥ b2, so the threshold test "
                                    "{f ≥ t*} dominates A"),
                        identity((pa + (1 - qa)) / 2, R(1, 2) + (pa - qa) / 2, "accuracy ½(P(A) + Q(A^c)) = ½ + ½(P(A) − Q(A))"))
    return establish(statement, out, domain=_LEMMA_4_DOMAIN,
                     prose_steps=['randomised tests are mixtures of deterministic ones',
                                  'the exchange and accuracy steps are about the masses a1, a2, b1, b2 of A∖T\' and T\'∖A '
                                  'and P(A), Q(A) of the given test: their instantiation at the laws is in words'])


# "the log likelihood ratio is well-defined for all y": mutually absolutely continuous laws (same support); f_{P‖Q} = Z
# and f_{Q‖P} = Z' the privacy losses of the statement
_LEMMA_6_DOMAIN = [SameSupport("P", "Q"), Laws("P", "Q", k="m"), PrivacyLoss("Z", "P", "Q"), PrivacyLoss("Z'", "Q", "P")]


@claim(paper=PAPER, label="Lemma 6 and Remark 5",
       statement="f_{P‖Q} = −f_{Q‖P}, and E_{Y←Q}[g(f(Y))] = E_{Z←PrivLoss(P‖Q)}[g(Z)e^{−Z}] for measurable g.",
       domain=_LEMMA_6_DOMAIN, stated_domain='P, Q with the same support, every measurable g',
       stated_where='Section 3.2, Remark 5 and Lemma 6',
       quote=(r"Remark 5. Fix distributions P𝑃P and Q𝑄Q on 𝒴𝒴\mathcal{Y} such that the log likelihood ratio "
              r"fPQ(y)=log(P(y)Q(y))f_{\left.{P}\middle\|{Q}\right.}(y)=\log\left(\frac{P(y)}{Q(y)}\right) is "
              r"well-defined for all y𝒴𝑦𝒴y\in\mathcal{Y}. Since "
              r"fPQ(y)=fQP(y)f_{\left.{P}\middle\|{Q}\right.}(y)=-f_{\left.{Q}\middle\|{P}\right.}(y) for all "
              r"y𝒴𝑦𝒴y\in\mathcal{Y}, if Z𝖯𝗋𝗂𝗏𝖫𝗈𝗌𝗌(QP)Z\leftarrow\mathsf{PrivLoss}\left({Q}\middle\|{P}\right), then "
              r"Z𝑍-Z follows the distribution of fPQ(Y)f_{\left.{P}\middle\|{Q}\right.}(Y) under the hypothesis "
              r"YQ𝑌𝑄Y\leftarrow Q. Second, if we need to compute an expectation of some function g𝑔g of "
              r"fPQ(Y)f_{\left.{P}\middle\|{Q}\right.}(Y) under the hypothesis YQ𝑌𝑄Y\leftarrow Q, then we can still "
              r"express this in terms of the privacy loss 𝖯𝗋𝗂𝗏𝖫𝗈𝗌𝗌(PQ)\mathsf{PrivLoss}\left({P}\middle\|{Q}\right): "
              r"Lemma 6 (Change of Distribution for Privacy Loss). Fix distributions P𝑃P and Q𝑄Q on 𝒴𝒴\mathcal{Y} "
              r"such that the log likelihood ratio "
              r"fPQ(y)=log(P(y)Q(y))f_{\left.{P}\middle\|{Q}\right.}(y)=\log\left(\frac{P(y)}{Q(y)}\right) is "
              r"well-defined for all y𝒴𝑦𝒴y\in\mathcal{Y}. Let g::𝑔g:\mathbb{R}\to\mathbb{R} be measurable. Then "
              r"𝔼YQ[g(fPQ(Y))]=𝔼Z𝖯𝗋𝗂𝗏𝖫𝗈𝗌𝗌(PQ)[g(Z)eZ].{\underset{Y\leftarrow "
              r"Q}{\mathbb{E}}\left[g(f_{\left.{P}\middle\|{Q}\right.}(Y))\right]}={\underset{Z\leftarrow\mathsf{PrivLoss}\left({P}\middle\|{Q}\right)}{\mathbb{E}}\left[g(Z)\cdot "
              r"e^{-Z}\right]}."))
def lemma_6():
    out = []
    gs = {"z²": lambda v: v ** 2, "e^{3z}": lambda v: exp(3 * v), "1[z>0]": lambda v: sympy.Integer(1) if sign(v) > 0 else 0}
    for seed in (21, 22):
        p, q = random_pair(seed, 5)
        zs = [log(a / b) for a, b in zip(p, q)]
        out.append(identity(zs, [-log(b / a) for a, b in zip(p, q)], f"random pair {seed}: f_P‖Q = −f_Q‖P"))
        for name, g in gs.items():
            lhs = sympy.Add(*[b * g(zz) for b, zz in zip(q, zs)])
            rhs = sympy.Add(*[a * g(zz) * exp(-zz) for a, zz in zip(p, zs)])
            out.append(exact_agreement(sympy.expand(sympy.expand_log(lhs, force=True)),
                                       sympy.expand(sympy.expand_log(rhs, force=True)), f"random pair {seed}, g = {name}"))
    out.append(identity(_normal_mgf(rho, 2 * rho, t - 1), _normal_mgf(-rho, 2 * rho, t),
                        "Gaussian: E_P[e^{tZ}e^{−Z}] = E_Q[e^{tf}] (Z ~ N(ρ,2ρ) under P, N(−ρ,2ρ) under Q)"))
    return establish(_change_of_distribution(), out, domain=_LEMMA_6_DOMAIN)


def _change_of_distribution():
    """Remark 5 and Lemma 6 as kernel steps, for every pair of nonnegative laws P, Q on m outcomes (the
    privacy loss is well-defined) and every real function of the outcome (g(f(y)) among them). The log-likelihood
    ratios are read by their defining property (P(S) = E_Q[e^{f_{P‖Q}}·1_S] for every S; outcome by outcome
    P_i = Q_i e^{Z_i}, and Q_i = P_i e^{Z'_i} for f_{Q‖P}; assumptions quantified in the conclusion). Then Z'_i = −Z_i
    wherever Q_i > 0 (e^{Z_i}e^{Z'_i} = e^{Z_i + Z'_i} = 1 and e^a is strictly increasing), so E_Q[(Z + Z')²] = 0 (Remark 5),
    Q_i g_i = P_i g_i e^{−Z_i}, and summed over the outcomes E_Q[g] = E_P[g·e^{−Z}]."""
    from symdp.verify import kernel as rules  # this module's `kernel` is _cs_helpers' Markov kernel

    i, m = sympy.symbols("i m", integer=True)
    P, Q = sympy.IndexedBase("P", nonnegative=True), sympy.IndexedBase("Q", nonnegative=True)  # the laws of the domain
    g, Z, Zr = sympy.IndexedBase("g"), sympy.IndexedBase("Z"), sympy.IndexedBase("Z'")
    w, v, a, b = sympy.symbols("w v a b", real=True)
    span = [i >= 1, i <= m]
    density = [sympy.Eq(P[i], Q[i] * exp(Z[i])), sympy.Eq(Q[i], P[i] * exp(Zr[i]))]
    product = rules.instantiate(identity(exp(w) * exp(v), exp(w + v), "e^w·e^v = e^{w+v}"), {w: Z[i], v: Zr[i]}, span)
    negated = rules.decide(rules.goal(sympy.Eq(Q[i] * (Z[i] + Zr[i]) ** 2, 0), [*span, *density]), product,
                           rules.instantiate(exp_increasing(True), {a: Z[i] + Zr[i], b: sympy.Integer(0)}),
                           rules.instantiate(exp_increasing(True), {a: sympy.Integer(0), b: Z[i] + Zr[i]}),
                           detail="Remark 5: f_{Q‖P} = −f_{P‖Q} where Q_i > 0 (then P_i > 0 and e^{Z + Z'} = 1)")
    pointwise = rules.decide(rules.goal(sympy.Eq(Q[i] * g[i], P[i] * g[i] * exp(-Z[i])), [*span, *density]), negated,
                             detail="Q_i g_i = P_i g_i e^{−Z_i}: the density of Q with respect to P is e^{−Z}")
    # the defining properties are the statement's assumptions (for every such Z, Z'), quantified in the conclusion
    laws = rules.Every(sympy.And(*density), (i, 1, m))
    stated = lambda fact, text: rules.decide(rules.goal(sympy.Or(sympy.Not(laws), rules.fact(fact).goal.conclusion), [m >= 1]),
                                             fact, detail=text)
    return combine(stated(rules.summed(negated, i, 1, m), "Remark 5: E_Q[(Z + Z')²] = 0, so −Z' (Z' ← PrivLoss(Q‖P)) "
                                                          "has the law of f_{P‖Q}(Y), Y ← Q"),
                   stated(rules.summed(pointwise, i, 1, m), "Lemma 6: E_{Y←Q}[g] = E_{Y←P}[g·e^{−Z}], summed over the "
                                                            "m outcomes"),
                   detail="the proof")


# "P and Q such that the privacy loss distribution is well-defined": mutually absolutely continuous (same support)
_PROPOSITION_7_DOMAIN = [SameSupport("P", "Q"), Laws("P", "Q", k="m"), PrivacyLoss("Z", "P", "Q"), _ε >= 0]


@claim(paper=PAPER, label="Proposition 7",
       statement="δ = sup_S P(S) − e^ε Q(S) equals P[Z > ε] − e^ε P[−Z' > ε] = E[max(0, 1 − e^{ε−Z})] ≤ P[Z > ε] "
                 "(the third, integral form as printed is the claim 'Proposition 7 (third form, integrand)').",
       domain=_PROPOSITION_7_DOMAIN, stated_domain='every pair P, Q with a well-defined privacy loss, every ε ≥ 0',
       stated_where='Section 3.3, Proposition 7',
       quote=(r"Proposition 7 (Conversion from Privacy Loss Distribution to Approximate Differential Privacy). Let "
              r"P𝑃P and Q𝑄Q be two probability distributions on 𝒴𝒴\mathcal{Y} such that the privacy loss "
              r"distribution 𝖯𝗋𝗂𝗏𝖫𝗈𝗌𝗌(PQ)\mathsf{PrivLoss}\left({P}\middle\|{Q}\right) is well-defined. Fix "
              r"ε0𝜀0\varepsilon\geq 0 and define "
              r"δ:=supS𝒴P(S)eεQ(S).assign𝛿subscriptsupremum𝑆𝒴𝑃𝑆superscript𝑒𝜀𝑄𝑆\delta:=\sup_{S\subset\mathcal{Y}}P(S)-e^{\varepsilon}\cdot "
              r"Q(S). Then δ𝛿\displaystyle\delta "
              r"=Z𝖯𝗋𝗂𝗏𝖫𝗈𝗌𝗌(PQ)[Z>ε]eεZ𝖯𝗋𝗂𝗏𝖫𝗈𝗌𝗌(QP)[Z>ε]\displaystyle={\underset{Z\leftarrow\mathsf{PrivLoss}\left({P}\middle\|{Q}\right)}{\mathbb{P}}\left[Z>\varepsilon\right]}-e^{\varepsilon}\cdot{\underset{Z^{\prime}\leftarrow\mathsf{PrivLoss}\left({Q}\middle\|{P}\right)}{\mathbb{P}}\left[-Z^{\prime}>\varepsilon\right]} "
              r"=𝔼Z𝖯𝗋𝗂𝗏𝖫𝗈𝗌𝗌(PQ)[max{0,1exp(εZ)}]\displaystyle={\underset{Z\leftarrow\mathsf{PrivLoss}\left({P}\middle\|{Q}\right)}{\mathbb{E}}\left[\max\{0,1-\exp(\varepsilon-Z)\}\right]} "
              r"=εeεZZ𝖯𝗋𝗂𝗏𝖫𝗈𝗌𝗌(PQ)[Z>z]dz\displaystyle=\int_{\varepsilon}^{\infty}e^{\varepsilon-Z}\cdot{\underset{Z\leftarrow\mathsf{PrivLoss}\left({P}\middle\|{Q}\right)}{\mathbb{P}}\left[Z>z\right]}\mathrm{d}z "
              r"Z𝖯𝗋𝗂𝗏𝖫𝗈𝗌𝗌(PQ)[Z>ε].\displaystyle\leq{\underset{Z\leftarrow\mathsf{PrivLoss}\left({P}\middle\|{Q}\right)}{\mathbb{P}}\left[Z>\varepsilon\right]}."))
def proposition_7():
    out = []
    for seed in (31, 32, 33):
        p, q = random_pair(seed, 5)
        pld = privacy_loss(FinitePair(p, q))
        for e in (0, log(R(3, 2)), log(2)):
            truth = hockey_by_events(p, q, exp(e))
            tail = sympy.Add(*[a for a, b in zip(p, q) if sign(log(a / b) - e) > 0])
            out.append(exact_agreement([pld.delta_tail(e), pld.delta_expectation(e), pld.delta_integral(e)],
                                       [truth] * 3, f"random pair {seed}, ε = {e}: the three forms = sup over events"))
            out.append(holds(sign(tail - truth) >= 0, f"random pair {seed}, ε = {e}: δ ≤ P[Z > ε]"))
    for r, e in ((R(1, 2), 1), (R(1, 8), R(1, 2)), (2, 3)):
        pld = GaussianPLD(r)
        truth = gaussian(1 / sqrt(2 * r)).hockey_stick(exp(e))
        out.append(certified_agreement([pld.delta_expectation(e), pld.delta_integral(e)], [truth, truth], 25,
                                       f"Gaussian ρ={r}, ε={e}: quadrature of forms 2 and 3 = closed form 1"))
        out.append(ordered([truth, pld.delta_tail(e) + exp(e) * sympy.erfc((e + r) / sqrt(4 * r)) / 2],
                           f"Gaussian ρ={r}, ε={e}: δ ≤ P[Z > ε]"))
    # Every pair of laws on m outcomes, every m (the paper's integrals over outcomes are these sums): the kernel steps
    # of _cs_helpers.hockey_stick_forms. The third, integral form as printed is the claim 'Proposition 7 (third form,
    # integrand)' (an erratum whose corrected form is checked there).
    return establish(hockey_stick_forms()["forms"], out, domain=_PROPOSITION_7_DOMAIN)


@claim(paper=PAPER, label="Proposition 7 (third form, integrand)",
       statement="The third expression is printed ∫_ε^∞ e^{ε−Z}·P[Z > z] dz with the random Z in the integrand; "
                 "with the integration variable, ∫_ε^∞ e^{ε−z} P[Z > z] dz, it equals δ.",
       stated_domain='the third form of Proposition 7 as printed', stated_where='Section 3.3, Proposition 7',
       quote=(r"Proposition 7 (Conversion from Privacy Loss Distribution to Approximate Differential Privacy). Let "
              r"P𝑃P and Q𝑄Q be two probability distributions on 𝒴𝒴\mathcal{Y} such that the privacy loss "
              r"distribution 𝖯𝗋𝗂𝗏𝖫𝗈𝗌𝗌(PQ)\mathsf{PrivLoss}\left({P}\middle\|{Q}\right) is well-defined. Fix "
              r"ε0𝜀0\varepsilon\geq 0 and define "
              r"δ:=supS𝒴P(S)eεQ(S).assign𝛿subscriptsupremum𝑆𝒴𝑃𝑆superscript𝑒𝜀𝑄𝑆\delta:=\sup_{S\subset\mathcal{Y}}P(S)-e^{\varepsilon}\cdot "
              r"Q(S). Then δ𝛿\displaystyle\delta "
              r"=Z𝖯𝗋𝗂𝗏𝖫𝗈𝗌𝗌(PQ)[Z>ε]eεZ𝖯𝗋𝗂𝗏𝖫𝗈𝗌𝗌(QP)[Z>ε]\displaystyle={\underset{Z\leftarrow\mathsf{PrivLoss}\left({P}\middle\|{Q}\right)}{\mathbb{P}}\left[Z>\varepsilon\right]}-e^{\varepsilon}\cdot{\underset{Z^{\prime}\leftarrow\mathsf{PrivLoss}\left({Q}\middle\|{P}\right)}{\mathbb{P}}\left[-Z^{\prime}>\varepsilon\right]} "
              r"=𝔼Z𝖯𝗋𝗂𝗏𝖫𝗈𝗌𝗌(PQ)[max{0,1exp(εZ)}]\displaystyle={\underset{Z\leftarrow\mathsf{PrivLoss}\left({P}\middle\|{Q}\right)}{\mathbb{E}}\left[\max\{0,1-\exp(\varepsilon-Z)\}\right]} "
              r"=εeεZZ𝖯𝗋𝗂𝗏𝖫𝗈𝗌𝗌(PQ)[Z>z]dz\displaystyle=\int_{\varepsilon}^{\infty}e^{\varepsilon-Z}\cdot{\underset{Z\leftarrow\mathsf{PrivLoss}\left({P}\middle\|{Q}\right)}{\mathbb{P}}\left[Z>z\right]}\mathrm{d}z "
              r"Z𝖯𝗋𝗂𝗏𝖫𝗈𝗌𝗌(PQ)[Z>ε].\displaystyle\leq{\underset{Z\leftarrow\mathsf{PrivLoss}\left({P}\middle\|{Q}\right)}{\mathbb{P}}\left[Z>\varepsilon\right]}."))
def proposition_7_integrand():
    p, q = rr(sympy.Integer(3))
    pld = privacy_loss(FinitePair(p, q))
    printed, truth = pld.delta_printed_third_form(0), hockey_by_events(p, q, 1)
    g = GaussianPLD(R(1, 2))
    corrected = combine(exact_agreement(pld.delta_integral(0), truth, "RR(e^ε=3), ε=0: corrected form = sup over events"),
                        certified_agreement(g.delta_integral(1), gaussian(1).hockey_stick(exp(1)), 25,
                                            "Gaussian ρ=1/2, ε=1: corrected form (quadrature) = Corollary 8"))
    return erratum(sympy.simplify(printed - truth) == 0,
                   {"pair": "RR e^ε = 3", "eps": 0, "printed (read as E[e^{ε−Z}]·∫P[Z>z]dz)": printed,
                    "printed_decimal": str(sympy.N(printed, 15)), "delta": truth,
                    "gaussian_rho_1/2_eps_1_printed": str(sympy.N(g.delta_printed_third_form(1), 15))},
                   corrected, "the printed integrand e^{ε−Z} uses the random variable; the printed value ≠ δ",
                   corrected_statement="δ = ∫_ε^∞ e^{ε−z} P[Z > z] dz", kind="typo",
                   reading="the printed integrand e^{ε−Z} has the random Z where the integration variable z belongs; read literally it is E[e^{ε−Z}]·∫P[Z > z]dz (a number), not δ; read with z it is correct, so a typo")


_COROLLARY_8_DOMAIN = [_ε >= 0, _ρ > 0]


@claim(paper=PAPER, label="Corollary 8",
       statement="The Gaussian mechanism with ρ = Δ²/2σ² is (ε, δ)-DP with δ = Φ̄((ε−ρ)/√(2ρ)) − e^ε Φ̄((ε+ρ)/√(2ρ)), "
                 "optimal, increasing in ρ (the Mills-type bound Φ̄(u) ≤ e^{−u²/2}/2 is checked on u ∈ [0, 12]).",
       domain=_COROLLARY_8_DOMAIN, stated_domain='ε ≥ 0, ρ > 0 (univariate Gaussian)', stated_where='Section 3.3, Corollary 8',
       quote=(r"Corollary 8 (Tight Approximate Differential Privacy for Univariate Gaussian). Let "
              r"q:𝒳n:𝑞superscript𝒳𝑛q:\mathcal{X}^{n}\to\mathbb{R} be a deterministic function and let "
              r"Δ:=supx,x𝒳nneighbouring|q(x)q(x)|assignΔsubscriptsupremum𝐹𝑅𝐴𝐶𝑂𝑃𝑥superscript𝑥superscript𝒳𝑛neighbouring𝑞𝑥𝑞superscript𝑥\Delta:=\sup_{x,x^{\prime}\in\mathcal{X}^{n}\atop\text{neighbouring}}|q(x)-q(x^{\prime})| "
              r"be its sensitivity. Define a randomized algorithm M:𝒳n:𝑀superscript𝒳𝑛M:\mathcal{X}^{n}\to\mathbb{R} "
              r"by M(x)=𝒩(q(x),σ2)𝑀𝑥𝒩𝑞𝑥superscript𝜎2M(x)=\mathcal{N}(q(x),\sigma^{2}) for some "
              r"σ2>0superscript𝜎20\sigma^{2}>0. Then, for any ε0𝜀0\varepsilon\geq 0, M𝑀M satisfies "
              r"(ε,δ)𝜀𝛿(\varepsilon,\delta)-DP with "
              r"δ=Φ¯(ερ2ρ)eεΦ¯(ε+ρ2ρ),𝛿¯Φ𝜀subscript𝜌2subscript𝜌superscript𝑒𝜀¯Φ𝜀subscript𝜌2subscript𝜌\delta=\overline{\Phi}\left(\frac{\varepsilon-\rho_{*}}{\sqrt{2\rho_{*}}}\right)-e^{\varepsilon}\cdot\overline{\Phi}\left(\frac{\varepsilon+\rho_{*}}{\sqrt{2\rho_{*}}}\right), "
              r"where ρ:=Δ2/2σ2assignsubscript𝜌superscriptΔ22superscript𝜎2\rho_{*}:=\Delta^{2}/2\sigma^{2} and "
              r"Φ¯(z):=G𝒩(0,1)[G>z]=12πzexp(t2/2)dtassign¯Φ𝑧𝐺𝒩01delimited-[]𝐺𝑧12𝜋superscriptsubscript𝑧superscript𝑡22differential-d𝑡\overline{\Phi}(z):={\underset{G\leftarrow\mathcal{N}(0,1)}{\mathbb{P}}\left[G>z\right]}=\frac{1}{\sqrt{2\pi}}\int_{z}^{\infty}\exp(-t^{2}/2)\mathrm{d}t. "
              r"Furthermore, this guarantee is optimal – for every ε0𝜀0\varepsilon\geq 0, there is no "
              r"δ<δsuperscript𝛿𝛿\delta^{\prime}<\delta such that M𝑀M is "
              r"(ε,δ)𝜀superscript𝛿(\varepsilon,\delta^{\prime})-DP for general q𝑞q."))
def corollary_8():
    out = []
    for r, e, ref in ((R(1, 2), 1, "0.1269367375066439"), (R(1, 8), 2, "9.439168634947234e-6"),
                      (R(1, 100), R(1, 2), "9.193898689415514e-6"), (2, 5, "0.03228198475007282")):
        sig = 1 / sqrt(2 * r)
        closed = gaussian_delta(e, sig)
        out.append(certified_agreement(GaussianPLD(r).delta_expectation(e), closed, 25,
                                       f"ρ={r}, ε={e}: E[(1−e^{{ε−Z}})₊] by quadrature = closed form"))
        out.append(near(closed, ref, 14, f"ρ={r}, ε={e}: reference mpmath value {ref}"))
    out.append(ordered([gaussian_delta(1, 1 / sqrt(2 * r)) for r in (R(1, 100), R(1, 8), R(1, 2), 1, 2)],
                       "δ(ε=1) increases with ρ ∈ {1/100, 1/8, 1/2, 1, 2}", strict=True))
    out.append(inequality_on_box(exp(-u ** 2 / 2) / 2 - sympy.erfc(u / sqrt(2)) / 2, [(0, 12)],
                                 "Φ̄(u) ≤ e^{−u²/2}/2 for u ∈ [0, 12] (interval branch-and-bound)", variables=[u]))
    return establish(_corollary_8_statement(), out, domain=_COROLLARY_8_DOMAIN,
                     uses=[f"{PAPER}:proposition-3", PROPOSITION_7])


def _corollary_8_statement():
    """Corollary 8 for every ε ≥ 0, ρ > 0: δ = E[(1 − e^{ε−Z})₊] with Z ~ N(ρ, 2ρ) (Proposition 3 gives the loss,
    Proposition 7 the expectation form of δ) integrated symbolically; and dδ/dρ = e^{−(ε−ρ)²/4ρ}/(2√(πρ)) > 0."""
    z = sympy.Symbol("z", real=True)
    e, r = sympy.Symbol("epsilon", nonnegative=True), sympy.Symbol("rho", positive=True)
    dens = exp(-(z - r) ** 2 / (4 * r)) / sqrt(4 * sympy.pi * r)
    tail = lambda v: sympy.erfc(v / sqrt(2)) / 2
    delta = tail((e - r) / sqrt(2 * r)) - exp(e) * tail((e + r) / sqrt(2 * r))
    integral = sympy.integrate(dens, (z, e, sympy.oo)) - sympy.integrate(exp(e - z) * dens, (z, e, sympy.oo))
    return combine(
        identity(sympy.simplify(integral.rewrite(sympy.erf)), delta.rewrite(sympy.erf),
                 "∫_ε^∞ (1 − e^{ε−z}) dN(ρ, 2ρ)(z) = Φ̄((ε−ρ)/√(2ρ)) − e^εΦ̄((ε+ρ)/√(2ρ)), symbolic in ε, ρ"),
        identity(sympy.diff(delta, r), exp(-(e - r) ** 2 / (4 * r)) / (2 * sqrt(sympy.pi * r)),
                 "dδ/dρ = e^{−(ε−ρ)²/4ρ}/(2√(πρ)) > 0"),
        _corollary_8_increasing(), detail="the proof")


def _corollary_8_increasing():
    """δ(ρ) = Φ̄((ε−ρ)/√(2ρ)) − e^εΦ̄((ε+ρ)/√(2ρ)) is nondecreasing in ρ > 0, every real ε, as kernel steps, so a pair
    at ρ = (μ − μ')²/2σ² ≤ ρ* = Δ²/2σ² has δ(ρ) ≤ δ(ρ*). The derivative's two Gaussian factors are one,
    e^ε·e^{−(ε+ρ)²/4ρ} = e^{−(ε−ρ)²/4ρ}, which a decision after abstraction cannot see inside the `increasing` rule; so
    the fundamental theorem of calculus carries it: along ρ = ρ₁ + s² (ρ₁ > 0, s ∈ [0, √(ρ₂ − ρ₁)]) every term is
    defined for every real s, so F(s) = s + δ(ρ₁ + s²) has ∫₀^S F' = F(S) − F(0) and ∫₀^S 1 = S, and F' ≥ 1 pointwise
    (F' = 1 + 2s·δ'(ρ₁ + s²), δ' = e^{−(ε−ρ)²/4ρ}/(2√(πρ)) > 0 an identity, instantiated); integrated, δ(ρ₁) ≤ δ(ρ₂)."""
    from symdp.verify import kernel  # this module's `kernel` is _cs_helpers' Markov kernel

    e, b, s, x = sympy.symbols("epsilon rho_2 s x", real=True)
    a = sympy.Symbol("rho_1", positive=True)  # ρ₁ + s² > 0 for every real s: the integrands are total
    delta = lambda v: sympy.erfc((e - v) / (2 * sqrt(v))) / 2 - exp(e) * sympy.erfc((e + v) / (2 * sqrt(v))) / 2
    slope = identity(sympy.diff(delta(x), x), exp(-(e - x) ** 2 / (4 * x)) / (2 * sqrt(sympy.pi * x)),
                     "dδ/dρ = e^{−(ε−ρ)²/4ρ}/(2√(πρ))")
    path, end = a + s ** 2, sqrt(b - a)
    F = s + delta(path)
    on = [a <= b, s >= 0, s <= end]
    pointwise = kernel.decide(kernel.goal(sympy.diff(F, s) >= 1, on), kernel.instantiate(slope, {x: path}, on),
                              detail="F'(s) = 1 + 2s·δ'(ρ₁ + s²) ≥ 1 for s ≥ 0")
    increasing = kernel.decide(kernel.goal(delta(a) <= delta(b), [a <= b]),
                               kernel.fundamental(F, s, 0, end, [a <= b]), kernel.fundamental(s, s, 0, end, [a <= b]),
                               kernel.integrated(pointwise, s, 0, end),
                               detail="δ(ρ₁) ≤ δ(ρ₂): S + δ(ρ₂) − δ(ρ₁) = ∫₀^S F' ≥ ∫₀^S 1 = S")
    # every ρ* ≥ ρ is ρ + h² for a real h, at which δ(ρ*) is defined: the goal states δ(ρ) ≤ δ(ρ*) for all of them
    rho, h = sympy.symbols("rho h", real=True)
    return kernel.instantiate(increasing, {a: rho, b: rho + h ** 2}, [rho > 0],
                              detail="δ(ρ) ≤ δ(ρ*) for every ρ* = ρ + h² ≥ ρ > 0: δ increases with ρ")


# --------------------------------------------------------------------------------------------
# Section 4: composition


# k ≥ 1 pairs (P_j, Q_j), each with a well-defined privacy loss; P, Q name their sequences (P_j(y_j), Q_j(y_j))_j,
# Z the sequence of their privacy losses (Z_j(y_j))_j ("assume PrivLoss(P_j‖Q_j) is well defined").
_THEOREM_9_DOMAIN = [Integer("k", 1), SameSupport("P", "Q"), PrivacyLoss("Z", "P", "Q", k="k")]


@claim(paper=PAPER, label="Theorem 9",
       statement="PrivLoss(ΠP_j ‖ ΠQ_j) is the convolution of the PrivLoss(P_j‖Q_j).",
       domain=_THEOREM_9_DOMAIN, stated_domain='every pair of independent pairs; k pairs', stated_where='Section 4, Theorem 9',
       quote=(r"Theorem 9 (Composition is Convolution of Privacy Loss Distributions). For each "
              r"j[k]𝑗delimited-[]𝑘j\in[k], let Pjsubscript𝑃𝑗P_{j} and Qjsubscript𝑄𝑗Q_{j} be distributions on "
              r"𝒴jsubscript𝒴𝑗\mathcal{Y}_{j} and assume "
              r"𝖯𝗋𝗂𝗏𝖫𝗈𝗌𝗌(PjQj)\mathsf{PrivLoss}\left({P_{j}}\middle\|{Q_{j}}\right) is well defined. Let "
              r"P=P1×P2××Pk𝑃subscript𝑃1subscript𝑃2subscript𝑃𝑘P=P_{1}\times P_{2}\times\cdots\times P_{k} denote the "
              r"product distribution on "
              r"𝒴=𝒴1×𝒴2××𝒴k𝒴subscript𝒴1subscript𝒴2subscript𝒴𝑘\mathcal{Y}=\mathcal{Y}_{1}\times\mathcal{Y}_{2}\times\cdots\times\mathcal{Y}_{k} "
              r"obtained by sampling independently from each Pjsubscript𝑃𝑗P_{j}. Similarly, let "
              r"Q=Q1×Q2××Qk𝑄subscript𝑄1subscript𝑄2subscript𝑄𝑘Q=Q_{1}\times Q_{2}\times\cdots\times Q_{k} denote the "
              r"product distribution on 𝒴𝒴\mathcal{Y} obtained by sampling independently from each "
              r"Qjsubscript𝑄𝑗Q_{j}. Then 𝖯𝗋𝗂𝗏𝖫𝗈𝗌𝗌(PQ)\mathsf{PrivLoss}\left({P}\middle\|{Q}\right) is the "
              r"convolution of the distributions 𝖯𝗋𝗂𝗏𝖫𝗈𝗌𝗌(PjQj)\mathsf{PrivLoss}\left({P_{j}}\middle\|{Q_{j}}\right) "
              r"for all j[k]𝑗delimited-[]𝑘j\in[k]. That is, sampling "
              r"Z𝖯𝗋𝗂𝗏𝖫𝗈𝗌𝗌(PQ)Z\leftarrow\mathsf{PrivLoss}\left({P}\middle\|{Q}\right) is equivalent to "
              r"Z=j=1kZj𝑍superscriptsubscript𝑗1𝑘subscript𝑍𝑗Z=\sum_{j=1}^{k}Z_{j} when "
              r"Zj𝖯𝗋𝗂𝗏𝖫𝗈𝗌𝗌(PjQj)Z_{j}\leftarrow\mathsf{PrivLoss}\left({P_{j}}\middle\|{Q_{j}}\right) independently "
              r"for each j[k]𝑗delimited-[]𝑘j\in[k]."))
def theorem_9():
    out = []
    pairs = [random_pair(s, 3) for s in (41, 42, 43)]
    p = product_law(*[a for a, _ in pairs])
    q = product_law(*[b for _, b in pairs])
    direct, convolved = pld_atoms(p, q), convolve(*[pld_atoms(a, b) for a, b in pairs])
    keys = sorted(direct)
    out.append(exact_agreement(keys + [direct[r] for r in keys], sorted(convolved) + [convolved.get(r, 0) for r in keys],
                               "three random 3-point pairs: PLD of the 27-outcome product = convolution of the PLDs"))
    composed = FinitePair(*pairs[0]) @ FinitePair(*pairs[1]) @ FinitePair(*pairs[2])
    for g in (1, R(3, 2), 3):
        out.append(exact_agreement(composed.hockey_stick(g), hockey(p, q, g),
                                   f"library product pair vs enumeration: E_γ at γ = {g}"))
    p10 = product_law(*[rr(sympy.Integer(2))[0]] * 10)
    q10 = product_law(*[rr(sympy.Integer(2))[1]] * 10)
    lattice = randomized_response(log(2)) ** 10
    out.append(exact_agreement([lattice.delta(j * log(2)) for j in (0, 2, 4, 6)],
                               [hockey(p10, q10, 2 ** j) for j in (0, 2, 4, 6)],
                               "RR(e^ε=2)^10: lattice convolution vs the 1024-outcome product"))
    r1, r2 = sympy.symbols("r1 r2", positive=True)
    out.append(identity(_normal_mgf(r1, 2 * r1, t) * _normal_mgf(r2, 2 * r2, t), _normal_mgf(r1 + r2, 2 * (r1 + r2), t),
                        "N(ρ1,2ρ1) * N(ρ2,2ρ2) = N(ρ1+ρ2, 2(ρ1+ρ2)) (MGFs multiply)"))
    # Every pair of pairs: at y = (y1, y2) the loss is Z1(y1) + Z2(y2), and under P1 × P2 the two
    # summands are independent, so the law of the sum is the convolution (k pairs by induction).
    return establish(_loss_of_products(), out, domain=_THEOREM_9_DOMAIN)


def _loss_of_products():
    """Theorem 9 for every k ≥ 1, by induction on k (kernel steps). At an output y = (y_1, …, y_k) of the product
    law, with P_j = P_j(y_j), Q_j = Q_j(y_j) and Z_j the privacy loss of the j-th pair there (its defining property
    P_j = Q_j e^{Z_j}, an assumption quantified in the conclusion): ΠP_j = ΠQ_j·e^{ΣZ_j}, i.e. the privacy loss of the
    product at y is Σ_j Z_j(y_j); the base k = 1 is the definition of the one-factor product and sum, the step peels the
    last factor and uses e^{S}e^{Z} = e^{S+Z}. Under the product law ΠP_j the coordinates y_j are independent, so the
    Z_j(y_j) are independent with laws PrivLoss(P_j‖Q_j), and the law of their sum is by definition the convolution."""
    from symdp.verify import kernel  # this module's `kernel` is _cs_helpers' Markov kernel

    k, j = sympy.symbols("k j", integer=True)
    p, q = sympy.IndexedBase("P", nonnegative=True), sympy.IndexedBase("Q", nonnegative=True)  # the domain's laws
    z = sympy.IndexedBase("Z")
    w, v = sympy.symbols("w v", real=True)
    add = identity(exp(w) * exp(v), exp(w + v), "e^w·e^v = e^{w+v}")

    def terms(n):
        return (sympy.Product(p[j], (j, 1, n)), sympy.Product(q[j], (j, 1, n)), sympy.Sum(z[j], (j, 1, n)),
                kernel.Every(sympy.Eq(p[j], q[j] * exp(z[j])), (j, 1, n)))
    P, Q, S, loss = terms(k)
    goal = kernel.goal(sympy.Or(sympy.Not(loss), sympy.Eq(P, Q * exp(S))), [k >= 1])
    base_goal, step_goal = kernel.induction_goals(goal, k, 1)
    base = kernel.decide(base_goal, *[kernel.unfold(t, "all") for t in terms(1)], detail="k = 1")
    step = kernel.decide(step_goal, *[kernel.unfold(t, "end") for t in terms(k + 1)],
                         kernel.instantiate(add, {w: S, v: z[k + 1]}), detail="k → k + 1: peel the last factor")
    return kernel.induction(goal, k, 1, base, step, detail="the privacy loss of a product is the sum of the losses, every k")


_ATOM_DOMAIN = [DPPair("P", "Q", _ε)]
_ATOM_DOMAIN_PROOF = [DPPair("P", "Q", _ε), _ε > 0]


@claim(paper=PAPER, label="Section 4.1 (P[Z = ε] bound)",
       statement="For an ε-DP pair, P[Z = ε] ≤ 1/(1 + e^{−ε}); randomized response attains it.",
       domain=_ATOM_DOMAIN, stated_domain='every ε-DP pair (“in general”)', stated_where='Section 4, “It is possible to prove, in general, that P[Z = ε] ≤ 1/(1 + e^{−ε})”',
       quote=(r"This bound is tight if each Zjsubscript𝑍𝑗Z_{j} is a point mass (i.e., "
              r"[Zj=ε]=1delimited-[]subscript𝑍𝑗𝜀1{\mathbb{P}\left[Z_{j}=\varepsilon\right]}=1). However, this is not "
              r"the case. (It is possible to prove, in general, that "
              r"[Zj=ε]11+eεdelimited-[]subscript𝑍𝑗𝜀11superscript𝑒𝜀{\mathbb{P}\left[Z_{j}=\varepsilon\right]}\leq\frac{1}{1+e^{-\varepsilon}}.)"))
def atom_bound():
    out = []
    for seed in range(51, 56):
        p, q = random_pair(seed, 4)
        top = max(a / b for a, b in zip(p, q))
        low = min(a / b for a, b in zip(p, q))
        x = max(top, 1 / low)  # e^ε with ε the pair's pure-DP level
        mass = sympy.Add(*[a for a, b in zip(p, q) if a / b == x])
        out.append(holds(mass <= 1 / (1 + 1 / x), f"random pair {seed}: P[Z = ε] = {mass} ≤ 1/(1+e^−ε)"))
    p, q = rr(sympy.Integer(3))
    out.append(exact_agreement(p[0], 1 / (1 + R(1, 3)), "RR(e^ε=3) attains it"))
    # Every ε-DP pair: A = {Z = ε} has Q(A) = e^{−ε}P(A), and on the complement P(A^c) ≥ e^{−ε}Q(A^c).
    a, x = sympy.symbols("a x", nonnegative=True)
    statement = real_closed(x / (x + 1) - a, [a, x], [x > 1, a <= 1, 1 - a >= (1 - a / x) / x],
                            "P(A) = a, Q(A) = a/e^ε, 1 − a ≥ e^{−ε}(1 − a/e^ε) ⇒ a ≤ 1/(1 + e^{−ε}), every e^ε > 1")
    return establish(statement, out, domain=_ATOM_DOMAIN_PROOF,
                     stated_domain="every ε-DP pair ('in general', so ε ≥ 0; at ε = 0 the bound fails: see the erratum claim)")


@claim(paper=PAPER, label="Section 4.1 (P[Z = ε] bound at ε = 0), erratum",
       statement="Printed 'in general' P[Z = ε] ≤ 1/(1 + e^{−ε}); at ε = 0 a 0-DP pair has P = Q, Z = 0 and P[Z = 0] = 1 "
                 "> 1/2: the bound needs ε > 0.",
       stated_domain='the same sentence at ε = 0', stated_where='Section 4',
       quote=(r"This bound is tight if each Zjsubscript𝑍𝑗Z_{j} is a point mass (i.e., "
              r"[Zj=ε]=1delimited-[]subscript𝑍𝑗𝜀1{\mathbb{P}\left[Z_{j}=\varepsilon\right]}=1). However, this is not "
              r"the case. (It is possible to prove, in general, that "
              r"[Zj=ε]11+eεdelimited-[]subscript𝑍𝑗𝜀11superscript𝑒𝜀{\mathbb{P}\left[Z_{j}=\varepsilon\right]}\leq\frac{1}{1+e^{-\varepsilon}}.)"))
def atom_bound_zero():
    p = (R(1, 3), R(2, 3))
    mass = sympy.Add(*[a for a, b in zip(p, p) if log(a / b) == 0])
    a, x = sympy.symbols("a x", nonnegative=True)
    printed = real_closed(x / (x + 1) - a, [a, x], [x >= 1, a <= 1, 1 - a >= (1 - a / x) / x],
                          "the printed bound for every e^ε ≥ 1")
    corrected = real_closed(x / (x + 1) - a, [a, x], [x > 1, a <= 1, 1 - a >= (1 - a / x) / x],
                            "the bound for every e^ε > 1")
    return erratum(printed, {"P = Q": "(1/3, 2/3)", "eps": 0, "P[Z = 0]": mass, "1/(1+e^0)": R(1, 2),
                             "nlsat witness": printed.data.get("witness")},
                   corrected, "at ε = 0 the bound 1/2 fails (P[Z = 0] = 1)", corrected_statement="P[Z = ε] ≤ 1/(1 + e^{−ε}) "
                   "for ε > 0 (at ε = 0, P[Z = 0] = 1)", kind="typo")


# q: 𝒳ⁿ → ℝ^d (d ≥ 1) with 2-norm sensitivity Δ, σ² > 0, every ε ≥ 0. Δ > 0: the printed δ divides by √(2ρ*) with
# ρ* = Δ²/2σ², so the formula is defined only for Δ > 0 (a constant q, Δ = 0, is 0-DP and the formula has no value).
_COROLLARY_10_DOMAIN = [Integer("d", 1), _σ > 0, _Δ > 0, _ε >= 0]


@claim(paper=PAPER, label="Corollary 10",
       statement="N(q(x), σ²I) with ‖q(x)−q(x')‖₂ ≤ Δ is (ε, δ)-DP with Corollary 8's δ at ρ = Δ²/2σ²; equivalently the "
                 "PLD of the k-fold Gaussian composition is N(Σρ_j, 2Σρ_j).",
       domain=_COROLLARY_10_DOMAIN, stated_domain='every d, σ > 0, sensitivity Δ, every composition',
       stated_where='Section 4, Corollary 10',
       quote=(r"Corollary 10 (Tight Approximate Differential Privacy for Multivariate Gaussian). Let "
              r"q:𝒳nd:𝑞superscript𝒳𝑛superscript𝑑q:\mathcal{X}^{n}\to\mathbb{R}^{d} be a deterministic function and "
              r"let "
              r"Δ:=supx,x𝒳nneighbouringq(x)q(x)2assignΔsubscriptsupremum𝐹𝑅𝐴𝐶𝑂𝑃𝑥superscript𝑥superscript𝒳𝑛neighbouringsubscriptnorm𝑞𝑥𝑞superscript𝑥2\Delta:=\sup_{x,x^{\prime}\in\mathcal{X}^{n}\atop\text{neighbouring}}\|q(x)-q(x^{\prime})\|_{2} "
              r"be its sensitivity in the 222-norm. Define a randomized algorithm "
              r"M:𝒳nd:𝑀superscript𝒳𝑛superscript𝑑M:\mathcal{X}^{n}\to\mathbb{R}^{d} by "
              r"M(x)=𝒩(q(x),σ2I)𝑀𝑥𝒩𝑞𝑥superscript𝜎2𝐼M(x)=\mathcal{N}(q(x),\sigma^{2}I) for some "
              r"σ2>0superscript𝜎20\sigma^{2}>0, where I𝐼I is the identity matrix. Then, for any ε0𝜀0\varepsilon\geq "
              r"0, M𝑀M satisfies (ε,δ)𝜀𝛿(\varepsilon,\delta)-DP with "
              r"δ=Φ¯(ερ2ρ)eεΦ¯(ε+ρ2ρ),𝛿¯Φ𝜀subscript𝜌2subscript𝜌superscript𝑒𝜀¯Φ𝜀subscript𝜌2subscript𝜌\delta=\overline{\Phi}\left(\frac{\varepsilon-\rho_{*}}{\sqrt{2\rho_{*}}}\right)-e^{\varepsilon}\cdot\overline{\Phi}\left(\frac{\varepsilon+\rho_{*}}{\sqrt{2\rho_{*}}}\right), "
              r"where ρ:=Δ2/2σ2assignsubscript𝜌superscriptΔ22superscript𝜎2\rho_{*}:=\Delta^{2}/2\sigma^{2} and "
              r"Φ¯(z):=G𝒩(0,1)[G>z]=12πzexp(t2/2)dtassign¯Φ𝑧𝐺𝒩01delimited-[]𝐺𝑧12𝜋superscriptsubscript𝑧superscript𝑡22differential-d𝑡\overline{\Phi}(z):={\underset{G\leftarrow\mathcal{N}(0,1)}{\mathbb{P}}\left[G>z\right]}=\frac{1}{\sqrt{2\pi}}\int_{z}^{\infty}\exp(-t^{2}/2)\mathrm{d}t. "
              r"Furthermore, this guarantee is optimal – for every ε0𝜀0\varepsilon\geq 0, there is no "
              r"δ<δsuperscript𝛿𝛿\delta^{\prime}<\delta such that M𝑀M is "
              r"(ε,δ)𝜀superscript𝛿(\varepsilon,\delta^{\prime})-DP for general q𝑞q."))
def corollary_10():
    ys = sympy.symbols("y1:4", real=True)
    a, b = sympy.symbols("a1:4", real=True), sympy.symbols("b1:4", real=True)
    log_ratio = sympy.Add(*[((yy - bb) ** 2 - (yy - aa) ** 2) / (2 * sigma ** 2) for yy, aa, bb in zip(ys, a, b)])
    slopes = [sympy.diff(log_ratio, yy) for yy in ys]
    mean = log_ratio.subs(dict(zip(ys, a)))
    var = sympy.Add(*[s ** 2 * sigma ** 2 for s in slopes])
    norm2 = sympy.Add(*[(aa - bb) ** 2 for aa, bb in zip(a, b)])
    pair = multivariate_gaussian([1] * 10, 2)
    rho_total = GaussianPLD(R(1, 8))
    for _ in range(9):
        rho_total = rho_total * GaussianPLD(R(1, 8))
    # Every dimension d: the log-likelihood ratio is a sum over coordinates of independent affine
    # terms, coordinate j normal with mean (a_j − b_j)²/2σ² and variance (a_j − b_j)²/σ²; sums of
    # independent N(ρ_j, 2ρ_j) are N(Σρ_j, 2Σρ_j) (MGFs multiply), and Corollary 8 gives δ, increasing in ρ.
    yj, aj, bj = sympy.Symbol("y", real=True), sympy.Symbol("a", real=True), sympy.Symbol("b", real=True)
    term = ((yj - bj) ** 2 - (yj - aj) ** 2) / (2 * sigma ** 2)
    r1, r2 = sympy.symbols("r1 r2", positive=True)
    statement = combine(identity([term.subs(yj, aj), sympy.diff(term, yj) ** 2 * sigma ** 2],
                                 [(aj - bj) ** 2 / (2 * sigma ** 2), 2 * (aj - bj) ** 2 / (2 * sigma ** 2)],
                                 "one coordinate: mean ρ_j = (a_j − b_j)²/2σ², variance 2ρ_j (the term is affine in y_j)"),
                        identity(_normal_mgf(r1, 2 * r1, t) * _normal_mgf(r2, 2 * r2, t),
                                 _normal_mgf(r1 + r2, 2 * (r1 + r2), t), "independent N(ρ_j, 2ρ_j) add to N(Σρ_j, 2Σρ_j)"))
    return establish(statement, identity([mean, var], [norm2 / (2 * sigma ** 2), 2 * norm2 / (2 * sigma ** 2)],
                     "3-d written out: mean ρ and variance 2ρ, ρ = ‖a−b‖²/2σ²"),
            exact_agreement(rho_total.rho, R(5, 4), "Theorem 9: ten 1-d Gaussians with ρ = 1/8 compose to ρ = 5/4"),
            certified_agreement([pair.delta(3), pair.delta(5)],
                                [rho_total.delta_expectation(3), rho_total.delta_expectation(5)], 25,
                                "d = 10, σ = 2: closed form vs quadrature of the composed PLD N(5/4, 5/2)"),
            near(pair.delta(3), "0.061988156552338", 13, "reference value δ(3)"),
                     domain=_COROLLARY_10_DOMAIN, uses=[f"{PAPER}:theorem-9", f"{PAPER}:corollary-8"],
                     prose_steps=['per coordinate, then composed by Theorem 9',
                                  "Corollary 8's δ at ρ* = Δ²/2σ² (a pair at distance ‖q(x) − q(x')‖ ≤ Δ has ρ ≤ ρ*, and δ "
                                  "increases with ρ); the coordinate identities are about a_j, b_j, y_j, instantiated in words"])


# Lemma 12: q: 𝒳ⁿ → ℝ^d (d ≥ 1) with sensitivity Δ (‖q(x) − q(x')‖₂ ≤ Δ, so Δ ≥ 0), σ > 0; Definition 11's t ≥ 0
_LEMMA_12_DOMAIN = [Integer("d", 1), _Δ >= 0, _σ > 0, _t >= 0]


@claim(paper=PAPER, label="Definition 11 and Lemma 12",
       statement="ρ-zCDP: E[e^{tZ}] ≤ e^{t(t+1)ρ} for t ≥ 0; the Gaussian mechanism is Δ²/2σ²-zCDP, with equality.",
       domain=_LEMMA_12_DOMAIN, stated_domain='Δ, σ > 0, every t ≥ 0', stated_where='Section 4.1, Definition 11 and Lemma 12',
       quote=(r"Definition 11 (Concentrated Differential Privacy). Let "
              r"M:𝒳n𝒴:𝑀superscript𝒳𝑛𝒴M:\mathcal{X}^{n}\to\mathcal{Y} be a randomized algorithm. We say that M𝑀M "
              r"satisfies ρ𝜌\rho-concentrated differential privacy (ρ𝜌\rho-zCDP) if, for all neighbouring inputs "
              r"x,x𝒳n𝑥superscript𝑥superscript𝒳𝑛x,x^{\prime}\in\mathcal{X}^{n}, the privacy loss distribution "
              r"𝖯𝗋𝗂𝗏𝖫𝗈𝗌𝗌(M(x)M(x))\mathsf{PrivLoss}\left({M(x)}\middle\|{M(x^{\prime})}\right) is well-defined (see "
              r"Definition 2) and t0𝔼Z𝖯𝗋𝗂𝗏𝖫𝗈𝗌𝗌(M(x)M(x))[exp(tZ)]exp(t(t+1)ρ).\forall t\geq "
              r"0~{}~{}~{}~{}~{}{\underset{Z\leftarrow\mathsf{PrivLoss}\left({M(x)}\middle\|{M(x^{\prime})}\right)}{\mathbb{E}}\left[\exp(tZ)\right]}\leq\exp(t(t+1)\cdot\rho). "
              r"To contextualize this definition, we begin by showing that the Gaussian mechanism satisfies it. "
              r"Lemma 12 (Gaussian Mechanism is Concentrated DP). Let "
              r"q:𝒳nd:𝑞superscript𝒳𝑛superscript𝑑q:\mathcal{X}^{n}\to\mathbb{R}^{d} have sensitivity ΔΔ\Delta – that "
              r"is, q(x)q(x)2Δsubscriptnorm𝑞𝑥𝑞superscript𝑥2Δ\|q(x)-q(x^{\prime})\|_{2}\leq\Delta for all "
              r"neighbouring x,x𝒳n𝑥superscript𝑥superscript𝒳𝑛x,x^{\prime}\in\mathcal{X}^{n}. Let σ>0𝜎0\sigma>0. "
              r"Define a randomized algorithm M:𝒳nd:𝑀superscript𝒳𝑛superscript𝑑M:\mathcal{X}^{n}\to\mathbb{R}^{d} by "
              r"M(x)=𝒩(q(x),σ2Id)𝑀𝑥𝒩𝑞𝑥superscript𝜎2subscript𝐼𝑑M(x)=\mathcal{N}(q(x),\sigma^{2}I_{d}). Then M𝑀M is "
              r"ρ𝜌\rho-zCDP for ρ=Δ22σ2𝜌superscriptΔ22superscript𝜎2\rho=\frac{\Delta^{2}}{2\sigma^{2}}."))
def lemma_12():
    dens = lambda m: exp(-(y - m) ** 2 / 2) / sqrt(2 * sympy.pi)
    mgf = sympy.integrate(dens(1) ** 3 / dens(0) ** 2, (y, -sympy.oo, sympy.oo))  # E_P[e^{2Z}], μ=1, σ=1
    out = [identity(mgf, exp(2 * 3 * R(1, 2)), "direct integral E[e^{2Z}] for N(1,1) vs N(0,1) = e^{t(t+1)ρ}, ρ = 1/2"),
           exact_agreement(gaussian_zcdp(3, 2).rho, R(2, 9), "library: Δ = 2, σ = 3 gives ρ = Δ²/2σ² = 2/9")]
    # The smallest valid ρ of a finite pair is sup_t log E[e^{tZ}]/(t(t+1)); RR(ε) is ε²/2-zCDP (Prop. 16),
    # checked on a family of ε.
    pts = [(R(k, 4),) for k in range(1, 41)]
    for e in (R(1, 4), R(1, 2), 1, 2):
        p, q = rr(exp(e))
        mgf_rr = sympy.log(sympy.Add(*[a * (a / b) ** t for a, b in zip(p, q)])) - e ** 2 * t * (t + 1) / 2
        out.append(signs_at(-mgf_rr, [t], pts, f"RR(ε={e}): log E[e^{{tZ}}] ≤ (ε²/2)t(t+1) at t = 1/4 … 10"))
    # The worst pair (‖q(x) − q(x')‖ = Δ): by Proposition 3 its loss is N(ρ, 2ρ), ρ = Δ²/2σ², whose MGF is e^{t(t+1)ρ}
    # exactly; every pair of neighbours, in every dimension d, by the kernel steps of _gaussian_zcdp.
    at = _Δ ** 2 / (2 * _σ ** 2)
    worst = identity(_normal_mgf(at, 2 * at, _t), exp(_t * (_t + 1) * at),
                     "E[e^{tZ}] = e^{tρ + t²ρ} = e^{t(t+1)ρ} for Z ~ N(ρ, 2ρ), ρ = Δ²/2σ²: the bound holds with equality")
    return establish(combine(worst, *_gaussian_zcdp(), detail="the proof"), out, domain=_LEMMA_12_DOMAIN,
                     uses=[f"{PAPER}:proposition-3", f"{PAPER}:theorem-9", f"{PAPER}:theorem-13"])


def _gaussian_zcdp():
    """Lemma 12 for every dimension d ≥ 1 and every pair of neighbours, as kernel steps. With a = q(x), b = q(x') in ℝ^d,
    N(a, σ²I_d) is the product of the d coordinate laws N(a_j, σ²), so its privacy loss is the sum of the coordinates'
    (the loss of a product is the sum of the losses, Theorem 9, and under the product law the expectation of
    e^{t(Z_1 + … + Z_d)} factorises into the coordinates' moments, Theorem 13's route); coordinate j's loss is N(ρ_j, 2ρ_j) with
    ρ_j = (a_j − b_j)²/2σ² and moment e^{t(t+1)ρ_j} (Proposition 3). Then, for every d by induction,
    Π_j e^{t(t+1)(a_j − b_j)²/2σ²} = e^{t(t+1)Σ_j(a_j − b_j)²/2σ²} (e^{u+v} = e^u e^v), and the sensitivity
    ‖a − b‖² = Σ_j (a_j − b_j)² ≤ Δ² with t(t + 1)/2σ² ≥ 0 (t ≥ 0) and e^· increasing bounds it by e^{t(t+1)Δ²/2σ²}:
    M is Δ²/2σ²-zCDP. Returns (the product identity, the bound)."""
    from symdp.verify import kernel  # this module's `kernel` is _cs_helpers' Markov kernel

    d, j = sympy.symbols("d j", integer=True)
    a, b = sympy.IndexedBase("a"), sympy.IndexedBase("b")  # q(x), q(x'): any real vectors
    s = sympy.Symbol("sigma", positive=True)
    tt, D, u, v, lo, hi = sympy.symbols("t Delta u v a b", real=True)
    w = tt * (tt + 1) / (2 * s ** 2)
    add = identity(exp(u + v), exp(u) * exp(v), "e^{u+v} = e^u e^v")

    def terms(n):
        return sympy.Product(exp(w * (a[j] - b[j]) ** 2), (j, 1, n)), sympy.Sum((a[j] - b[j]) ** 2, (j, 1, n))
    moments, norm = terms(d)
    product_goal = kernel.goal(sympy.Eq(moments, exp(w * norm)), [d >= 1])
    base_goal, step_goal = kernel.induction_goals(product_goal, d, 1)
    base = kernel.decide(base_goal, *[kernel.unfold(term, "all") for term in terms(1)], detail="d = 1")
    step = kernel.decide(step_goal, *[kernel.unfold(term, "end") for term in terms(d + 1)],
                         kernel.instantiate(add, {u: w * norm, v: w * (a[d + 1] - b[d + 1]) ** 2}),
                         detail="d → d + 1: peel the last coordinate")
    product = kernel.induction(product_goal, d, 1, base, step,
                               detail="Π_j e^{t(t+1)ρ_j} = e^{t(t+1)Σ_j ρ_j}: the coordinates' moments multiply")
    larger = kernel.instantiate(exp_increasing(False), {lo: w * D ** 2, hi: w * norm},
                                detail="e^{t(t+1)Δ²/2σ²} ≥ e^{t(t+1)‖a − b‖²/2σ²} where the exponents are ordered")
    # the sensitivity ‖q(x) − q(x')‖ ≤ Δ is the premise the statement quantifies (any neighbours x, x')
    bound = kernel.decide(kernel.goal(sympy.Or(norm > D ** 2, moments <= exp(w * D ** 2)), [d >= 1, tt >= 0]),
                          product, larger,
                          detail="‖a − b‖² ≤ Δ², t ≥ 0 ⇒ E[e^{tZ}] = e^{t(t+1)‖a − b‖²/2σ²} ≤ e^{t(t+1)Δ²/2σ²}")
    return product, bound


# m, n: the numbers of outcomes of the two pairs whose moments multiply (every size)
# g_j = E[e^{tZ_j}]: the moments of the mechanisms' privacy losses (ρ_j-zCDP at the order t)
_THEOREM_13_DOMAIN = [Integer("k", 1), ZCDPMechanism("M_j", sympy.Symbol("rho_j", real=True)), _t >= 0, Integer("m", 1),
                      Integer("n", 1), ZCDPMoments("g", "rho_j", _t, k="k")]


@claim(paper=PAPER, label="Theorem 13",
       statement="The composition of ρ_j-zCDP mechanisms is Σρ_j-zCDP: the MGFs of independent losses multiply.",
       domain=_THEOREM_13_DOMAIN, stated_domain='every k, ρ_j-zCDP M_j, t ≥ 0', stated_where='Section 4.1, Theorem 13',
       quote=(r"Theorem 13 (Composition for Concentrated Differential Privacy). Let "
              r"M1,M2,,Mk:𝒳n𝒴:subscript𝑀1subscript𝑀2subscript𝑀𝑘superscript𝒳𝑛𝒴M_{1},M_{2},\cdots,M_{k}:\mathcal{X}^{n}\to\mathcal{Y} "
              r"be randomized algorithms. Suppose Mjsubscript𝑀𝑗M_{j} is ρjsubscript𝜌𝑗\rho_{j}-zCDP for each "
              r"j[k]𝑗delimited-[]𝑘j\in[k]. Define "
              r"M:𝒳n𝒴k:𝑀superscript𝒳𝑛superscript𝒴𝑘M:\mathcal{X}^{n}\to\mathcal{Y}^{k} by "
              r"M(x)=(M1(x),M2(x),,Mk(x))𝑀𝑥subscript𝑀1𝑥subscript𝑀2𝑥subscript𝑀𝑘𝑥M(x)=(M_{1}(x),M_{2}(x),\cdots,M_{k}(x)), "
              r"where each algorithm is run independently. Then M𝑀M is ρ𝜌\rho-zCDP for "
              r"ρ=j=1kρj𝜌superscriptsubscript𝑗1𝑘subscript𝜌𝑗\rho=\sum_{j=1}^{k}\rho_{j}."))
def theorem_13():
    p1, q1 = random_pair(61, 3)
    p2, q2 = random_pair(62, 4)
    p, q = product_law(p1, p2), product_law(q1, q2)
    r1, r2 = sympy.symbols("r1 r2", positive=True)
    out = [exact_agreement([moment(p, q, a) for a in (2, 3, 4, 5)],
                            [moment(p1, q1, a) * moment(p2, q2, a) for a in (2, 3, 4, 5)],
                            "E[e^{tZ}] of a product = product of the E[e^{tZ_j}] (t = 1..4, exact)"),
            identity(exp(t * (t + 1) * r1) * exp(t * (t + 1) * r2), exp(t * (t + 1) * (r1 + r2)), "the bounds multiply"),
            exact_agreement(zcdp(R(1, 3)).compose(zcdp(R(1, 6))).rho, R(1, 2), "library ZCDP.compose adds ρ")]
    return establish(_zcdp_composition(), out[0], out[1], out[2], domain=_THEOREM_13_DOMAIN, uses=[f"{PAPER}:theorem-9"])


def _zcdp_composition():
    """Theorem 13 by the paper's route, as kernel steps. By Theorem 9 the composed loss is Z = Σ_j Z_j with independent
    Z_j; for two pairs of laws on m and n outcomes the expectation of e^{t(Z_1 + Z_2)} under the product law
    factorises: Σ_i Σ_l P1_i P2_l e^{t(Z1_i + Z2_l)} = (Σ_i P1_i e^{tZ1_i})(Σ_l P2_l e^{tZ2_l}) (termwise
    e^{t(x+y)} = e^{tx}e^{ty}, then linearity in l and in i; it holds for any reals); taken with the
    first j − 1 mechanisms' composition as one pair and M_j as the other (j = 2, …, k), E[e^{tZ}] = Π_j m_j with
    m_j = E[e^{tZ_j}]. Then, for every k by induction, 0 ≤ m_j ≤ e^{t(t+1)ρ_j} for every j ≤ k gives
    0 ≤ Π_j m_j ≤ e^{t(t+1)Σ_j ρ_j} (e^{u+v} = e^u e^v)."""
    from symdp.verify import kernel  # this module's `kernel` is _cs_helpers' Markov kernel

    i, l, m, n = sympy.symbols("i l m n", integer=True)
    P1, P2, Z1, Z2 = (sympy.IndexedBase(name) for name in ("P1", "P2", "Z1", "Z2"))  # any reals: the identity needs no sign
    tt, x, y, u, v, c = sympy.symbols("t x y u v k", real=True)
    pa, pb = sympy.symbols("p1 p2", real=True)
    mgf = lambda pp, zz: pp * exp(tt * zz)
    joint = P1[i] * P2[l] * exp(tt * (Z1[i] + Z2[l]))
    f1, f2 = mgf(P1[i], Z1[i]), mgf(P2[l], Z2[l])
    point = kernel.instantiate(identity(pa * pb * exp(tt * (x + y)), pa * exp(tt * x) * (pb * exp(tt * y)),
                                        "p₁p₂e^{t(x+y)} = p₁e^{tx}·p₂e^{ty}"),
                               {pa: P1[i], pb: P2[l], x: Z1[i], y: Z2[l]}, [i >= 1, i <= m, l >= 1, l <= n],
                               detail="termwise: the joint term (loss Z1 + Z2, Theorem 9) is the product of the two terms")
    s1, s2 = sympy.Sum(f1, (i, 1, m)), sympy.Sum(f2, (l, 1, n))
    inner = kernel.decide(kernel.goal(sympy.Eq(sympy.Sum(joint, (l, 1, n)), f1 * s2), [i >= 1, i <= m, n >= 1]),
                          kernel.summed(point, l, 1, n),
                          kernel.instantiate(kernel.linear(sympy.Sum(c * f2, (l, 1, n))), {c: f1}), detail="the sum over l")
    product = kernel.decide(kernel.goal(sympy.Eq(sympy.Sum(sympy.Sum(joint, (l, 1, n)), (i, 1, m)), s1 * s2), [m >= 1, n >= 1]),
                            kernel.summed(inner, i, 1, m),
                            kernel.instantiate(kernel.linear(sympy.Sum(f1 * c, (i, 1, m))), {c: s2}),
                            detail="E[e^{t(Z1+Z2)}] = E[e^{tZ1}]·E[e^{tZ2}] under the product law")
    k, j = sympy.symbols("k j", integer=True)
    # g_j = E[e^{tZ_j}] (named apart from the domain's size m); the mechanisms' ρ_j, named as the domain names them
    mg, rh = sympy.IndexedBase("g"), sympy.IndexedBase("rho_j")
    add = identity(exp(u + v), exp(u) * exp(v), "e^{u+v} = e^u e^v")

    def terms(count):
        bound = sympy.And(mg[j] >= 0, mg[j] <= exp(tt * (tt + 1) * rh[j]))
        return sympy.Product(mg[j], (j, 1, count)), sympy.Sum(rh[j], (j, 1, count)), kernel.Every(bound, (j, 1, count))
    prod_m, sum_r, every = terms(k)
    # the mechanisms' zCDP bounds are the theorem's assumptions, quantified in the conclusion
    goal = kernel.goal(sympy.Or(sympy.Not(every), sympy.And(prod_m >= 0, prod_m <= exp(tt * (tt + 1) * sum_r))), [k >= 1])
    base_goal, step_goal = kernel.induction_goals(goal, k, 1)
    base = kernel.decide(base_goal, *[kernel.unfold(term, "all") for term in terms(1)], detail="k = 1")
    step = kernel.decide(step_goal, *[kernel.unfold(term, "end") for term in terms(k + 1)],
                         kernel.instantiate(add, {u: tt * (tt + 1) * sum_r, v: tt * (tt + 1) * rh[k + 1]}),
                         detail="k → k + 1: Π_{j≤k+1} m_j = (Π_{j≤k} m_j)·m_{k+1} ≤ e^{t(t+1)Σ_{j≤k}ρ_j}·e^{t(t+1)ρ_{k+1}}")
    bound = kernel.induction(goal, k, 1, base, step, detail="0 ≤ m_j ≤ e^{t(t+1)ρ_j} for every j ≤ k ⇒ Π m_j ≤ e^{t(t+1)Σρ_j}")
    return combine(product, bound, detail="the proof")


def _prop14_log(r, e, tt):
    return tt * (tt + 1) * r - e * tt - log(tt + 1) + tt * log(tt / (tt + 1))


# P = M(x), Q = M(x') with a well-defined privacy loss Z (same support); t ≥ 0 is the first part's (at t = 0 the bound
# is E[e^{0·Z}] = 1, the paper's 0^0 = 1); the zCDP part's order t > 0 and its ε ≥ ρ are bound in its statement ("for
# any ε ≥ ρ", "inf_{t>0}"): the goals name them apart (s, ε').
_PROPOSITION_14_DOMAIN = [SameSupport("P", "Q"), Laws("P", "Q", k="m"), PrivacyLoss("Z", "P", "Q"), _ρ > 0, _ε >= 0, _t >= 0]


@claim(paper=PAPER, label="Proposition 14",
       statement="(ε, δ)-DP with δ = E[e^{tZ}]·e^{−εt}/(t+1)·(1 − 1/(t+1))^t for any t ≥ 0; under ρ-zCDP "
                 "δ = inf_t e^{t(t+1)ρ−εt}/(t+1)(1−1/(t+1))^t ≤ e^{−(ε−ρ)²/4ρ}.",
       domain=_PROPOSITION_14_DOMAIN, stated_domain='any M, ε, t ≥ 0; ρ > 0, ε ≥ ρ for the zCDP part',
       stated_where='Section 4.1, Proposition 14',
       quote=(r"Proposition 14 (Conversion from Concentrated DP to Approximate DP). For any "
              r"M:𝒳n𝒴:𝑀superscript𝒳𝑛𝒴M:\mathcal{X}^{n}\to\mathcal{Y} and any ε,t0𝜀𝑡0\varepsilon,t\geq 0, M𝑀M "
              r"satisfies (ε,δ)𝜀𝛿(\varepsilon,\delta)-DP with δ𝛿\displaystyle\delta "
              r"=supx,x𝒳nneighbouring𝔼Z𝖯𝗋𝗂𝗏𝖫𝗈𝗌𝗌(M(x)M(x))[exp(tZ)]exp(εt)t+1(11t+1)t\displaystyle=\sup_{x,x^{\prime}\in\mathcal{X}^{n}\atop\text{neighbouring}}{\underset{Z\leftarrow\mathsf{PrivLoss}\left({M(x)}\middle\|{M(x^{\prime})}\right)}{\mathbb{E}}\left[\exp(tZ)\right]}\cdot\frac{\exp(-\varepsilon "
              r"t)}{t+1}\cdot\left(1-\frac{1}{t+1}\right)^{t} "
              r"supx,x𝒳nneighbouring𝔼Z𝖯𝗋𝗂𝗏𝖫𝗈𝗌𝗌(M(x)M(x))[exp(t(Zε))].\displaystyle\leq\sup_{x,x^{\prime}\in\mathcal{X}^{n}\atop\text{neighbouring}}{\underset{Z\leftarrow\mathsf{PrivLoss}\left({M(x)}\middle\|{M(x^{\prime})}\right)}{\mathbb{E}}\left[\exp(t(Z-\varepsilon))\right]}. "
              r"In particular, if M𝑀M satisfies ρ𝜌\rho-zCDP, then M𝑀M satisfies (ε,δ)𝜀𝛿(\varepsilon,\delta)-DP for "
              r"any ερ𝜀𝜌\varepsilon\geq\rho with δ𝛿\displaystyle\delta "
              r"=inft>0exp(t(t+1)ρεt)1t+1(11t+1)tabsentsubscriptinfimum𝑡0𝑡𝑡1𝜌𝜀𝑡1𝑡1superscript11𝑡1𝑡\displaystyle=\inf_{t>0}~{}\exp(t(t+1)\rho-\varepsilon "
              r"t)\cdot\frac{1}{t+1}\cdot\left(1-\frac{1}{t+1}\right)^{t} "
              r"exp((ερ)2/4ρ).absentsuperscript𝜀𝜌24𝜌\displaystyle\leq\exp(-(\varepsilon-\rho)^{2}/4\rho)."))
def proposition_14():
    import mpmath
    out = []
    mpmath.mp.dps = 60
    for r, e in ((R(1, 2), 1), (R(1, 2), 3), (R(1, 10), 1), (R(1, 100), R(1, 2)), (1, 5)):
        rm, em = mpmath.mpf(sympy.Rational(r).p) / sympy.Rational(r).q, mpmath.mpf(sympy.Rational(e).p) / sympy.Rational(e).q
        t_mp = mpmath.findroot(lambda s: (2 * s + 1) * rm - em + mpmath.log(s / (s + 1)), 1)
        # A dyadic t near t* (denominators beyond 2^64 are out of arb's root range); the
        # objective is stationary at t*, so a 2^-60 error in t moves δ by ~2^-120 relative.
        t_q = sympy.Rational(int(mpmath.nint(t_mp * 2 ** 60)), 2 ** 60)
        independent = exp(_prop14_log(r, e, t_q))
        library = zcdp(r).delta(e)
        out.append(certified_agreement(library, independent, 20,
                                       f"ρ={r}, ε={e}: library's certified infimum vs the objective at t* found by mpmath"))
        out.append(ordered([gaussian_delta(e, 1 / sqrt(2 * r)), library, zcdp_delta_simple(r, e)],
                           f"ρ={r}, ε={e}: exact Gaussian δ ≤ Proposition 14 ≤ simple bound"))
    return establish(combine(*zcdp_conversion_steps()["statement"], detail="the proof"), out,
                     domain=_PROPOSITION_14_DOMAIN, uses=[PROPOSITION_7])


# ρ > 0 is the zCDP parameter of the first sentence (its bound divides by 4ρ); log(1/δ) > 0 follows from δ ∈ (0, 1) and
# is written out because the checkers' arithmetic does not read log.
_REMARK_15_DOMAIN = [_ρ > 0, _ε > 0, _δ > 0, _δ < 1, log(1 / _δ) > 0]


@claim(paper=PAPER, label="Remark 15",
       statement="ρ-zCDP gives (ρ + 2√(ρ log(1/δ)), δ)-DP; ρ = (√(L+ε) − √L)² (L = log 1/δ) suffices for (ε, δ) and lies in "
                 "[ε²/(4L+4ε), ε²/(4L)]; σ² = 2(L+ε)/ε² suffices for the Gaussian.",
       domain=_REMARK_15_DOMAIN, stated_domain='every ε > 0, δ ∈ (0, 1)', stated_where='Section 4.1, Remark 15',
       quote=(r"Remark 15. Proposition 14 shows that ρ𝜌\rho-zCDP implies "
              r"(ε,δ=exp((ερ)2/4ρ))𝜀𝛿superscript𝜀𝜌24𝜌(\varepsilon,\delta=\exp(-(\varepsilon-\rho)^{2}/4\rho))-DP for "
              r"all ερ𝜀𝜌\varepsilon\geq\rho. Equivalently, ρ𝜌\rho-zCDP implies "
              r"(ε=ρ+2ρlog(1/δ),δ)𝜀𝜌2𝜌1𝛿𝛿(\varepsilon=\rho+2\sqrt{\rho\cdot\log(1/\delta)},\delta)-DP for all "
              r"δ>0𝛿0\delta>0. Also, to obtain a given a target (ε,δ)𝜀𝛿(\varepsilon,\delta)-DP guarantee, it "
              r"suffices to have ρ𝜌\rho-zCDP with "
              r"ε24log(1/δ)+4ερ=(log(1/δ)+εlog(1/δ))2ε24log(1/δ).superscript𝜀241𝛿4𝜀𝜌superscript1𝛿𝜀1𝛿2superscript𝜀241𝛿\frac{\varepsilon^{2}}{4\log(1/\delta)+4\varepsilon}\leq\rho=\left(\sqrt{\log(1/\delta)+\varepsilon}-\sqrt{\log(1/\delta)}\right)^{2}\leq\frac{\varepsilon^{2}}{4\log(1/\delta)}. "
              r"This gives a sufficient condition; tighter bounds can be obtained from Proposition 14. For example, "
              r"if we add 𝒩(0,σ2)𝒩0superscript𝜎2\mathcal{N}(0,\sigma^{2}) to a query of sensitivity 1, then, by "
              r"Lemma 12, to ensure (ε,δ)𝜀𝛿(\varepsilon,\delta)-DP it suffices to set "
              r"σ2=2ε2(log(1/δ)+ε)superscript𝜎22superscript𝜀21𝛿𝜀\sigma^{2}=\frac{2}{\varepsilon^{2}}\cdot\left(\log(1/\delta)+\varepsilon\right)."))
def remark_15():
    """Remark 15 for every ρ > 0, ε > 0 and δ ∈ (0, 1), as kernel steps. With L = log(1/δ): the simple bound of
    Proposition 14, δ = e^{−(ε−ρ)²/4ρ} for ε ≥ ρ, solved for ε is ε = ρ + 2√(ρL), which is ≥ ρ. Then
    ρ* = (√(L+ε) − √L)² has ρ* + 2√(ρ* L) = ε, so ρ*-zCDP gives (ε, δ)-DP, and ε²/(4L+4ε) ≤ ρ* ≤ ε²/(4L): each proved
    for a = √L, b = √(L+ε) as real numbers with a, b ≥ 0 and b² = a² + ε (nlsat), then instantiated at
    a = √log(1/δ), b = √(log(1/δ) + ε). The Gaussian N(0, σ²) with σ² = 2(L + ε)/ε² added to a sensitivity-1 query (one
    coordinate: its privacy loss is N(ρ, 2ρ) with MGF e^{t(t+1)ρ}, ρ ≤ 1/(2σ²), by Proposition 3) is
    ε²/(4L + 4ε)-zCDP, which is at most ρ*, so it is ρ*-zCDP and (ε, δ)-DP."""
    from symdp.verify import kernel  # this module's `kernel` is _cs_helpers' Markov kernel

    a, b = sympy.symbols("a b", real=True)
    roots = [a >= 0, b >= 0, sympy.Eq(b ** 2, a ** 2 + _ε), _ε > 0]
    # ε = ρ + 2√(ρ log(1/δ)) ≥ ρ, so Proposition 14's simple bound applies there, and at this ε the bound
    # e^{−(ε−ρ)²/4ρ} is e^{−log(1/δ)} = δ (sympy evaluates that expression to δ as it is built: no goal can state it)
    above = kernel.decide(kernel.goal(_ρ + 2 * sqrt(_ρ * log(1 / _δ)) >= _ρ, _REMARK_15_DOMAIN),
                          detail="ε = ρ + 2√(ρ log(1/δ)) ≥ ρ")
    rho_star = (b - a) ** 2
    at = {a: sqrt(log(1 / _δ)), b: sqrt(log(1 / _δ) + _ε)}
    suffices = kernel.decide(kernel.goal(sympy.Eq(rho_star + 2 * sqrt(rho_star * a ** 2), _ε), roots),
                             detail="ρ* + 2√(ρ*·a²) = ε for ρ* = (b − a)², b² = a² + ε, a, b ≥ 0")
    bounds = kernel.decide(kernel.goal(sympy.And(_ε ** 2 / (4 * a ** 2 + 4 * _ε) <= rho_star, rho_star <= _ε ** 2 / (4 * a ** 2)),
                                       [*roots, sympy.Ne(a ** 2, 0)]),
                           detail="ε²/(4a² + 4ε) ≤ (b − a)² ≤ ε²/(4a²) for b² = a² + ε, a² ≠ 0")
    statement = combine(above,
                        kernel.instantiate(suffices, at, _REMARK_15_DOMAIN, detail="at a = √log(1/δ), b = √(log(1/δ) + ε): "
                                           "ρ* + 2√(ρ* log(1/δ)) = ε"),
                        kernel.instantiate(bounds, at, _REMARK_15_DOMAIN, detail="at a = √log(1/δ), b = √(log(1/δ) + ε): "
                                           "ε²/(4 log(1/δ) + 4ε) ≤ ρ* ≤ ε²/(4 log(1/δ))"),
                        identity(1 / (2 * (2 * (log(1 / _δ) + _ε) / _ε ** 2)), _ε ** 2 / (4 * log(1 / _δ) + 4 * _ε),
                                 "the Gaussian at σ² = 2(L + ε)/ε² is 1/(2σ²) = ε²/(4L + 4ε)-zCDP (Proposition 3, Δ = 1)"),
                        detail="the proof")
    out = []
    for e, d, ref in ((1, R(1, 10 ** 6), "0.0174689047691234"), (2, R(1, 10 ** 9), "0.0460580072313921"),
                      (8, R(1, 10 ** 5), "1.04913620122332")):
        out.append(near(zcdp_rho_for(e, d), ref, 13, f"(ε,δ)=({e},{d}): ρ vs reference"))
        sig = sqrt(2 * (log(1 / d) + e)) / e
        cal = minimal_gaussian_sigma(e, d, digits=20)
        out.append(ordered([gaussian_delta(e, sig), d], f"(ε,δ)=({e},{d}): exact δ at Remark 15's σ ≤ δ"))
        out.append(ordered([cal.sigma_upper, sig], f"(ε,δ)=({e},{d}): minimal σ ≤ Remark 15's σ"))
        out.append(combine(ordered([gaussian_delta(e, cal.sigma_upper), d], "δ(σ_upper) ≤ δ"),
                           near(gaussian_delta(e, cal.sigma_upper), str(d), 15, "and = δ to 15 digits"),
                           detail=f"(ε,δ)=({e},{d}): the library's minimal σ, rounded up, is a calibration"))
    return establish(statement, out, domain=_REMARK_15_DOMAIN,
                     uses=["composition-subsampling:proposition-14", "composition-subsampling:proposition-3"])


# an ε-DP pair P = M(x), Q = M(x') (ε ≥ 0), on m outcomes (the paper's integrals over outcomes are these sums); Z, Z' its
# privacy losses (Definition 2: a pure DP pair has one support, so both are defined)
_PROPOSITION_16_DOMAIN = [DPPair("P", "Q", _ε), Laws("P", "Q", k="m"), _ε >= 0, PrivacyLoss("Z", "P", "Q"),
                          PrivacyLoss("Z'", "Q", "P")]


@claim(paper=PAPER, label="Proposition 16 and Lemma 17",
       statement="ε-DP ⇒ ½ε²-zCDP, via Hoeffding: Z ∈ [−ε, ε] ⇒ E[e^{tZ}] ≤ e^{tE[Z] + t²ε²/2}; the two-point "
                 "log-MGF f(t) = log(1−p+pe^{2tε}) − tε has f'' = (2ε)²x(1−x) ≤ ε².",
       domain=_PROPOSITION_16_DOMAIN, stated_domain='every ε-DP pair, ε ≥ 0', stated_where='Section 4.1, Proposition 16 and Lemma 17',
       quote=(r"Proposition 16. Suppose M𝑀M satisfies ε𝜀\varepsilon-DP, then M𝑀M satisfies "
              r"12ε212superscript𝜀2\frac{1}{2}\varepsilon^{2}-zCDP. Proof. Fix neighbouring inputs "
              r"x,x𝑥superscript𝑥x,x^{\prime}. Let "
              r"Z𝖯𝗋𝗂𝗏𝖫𝗈𝗌𝗌(M(x)M(x))Z\leftarrow\mathsf{PrivLoss}\left({M(x)}\middle\|{M(x^{\prime})}\right). By our "
              r"ε𝜀\varepsilon-DP assumption, Z𝑍Z is supported on the interval [ε,+ε]𝜀𝜀[-\varepsilon,+\varepsilon]. "
              r"Our task is to prove that "
              r"𝔼[exp(tZ)]exp(12ε2t(t+1))𝔼delimited-[]𝑡𝑍12superscript𝜀2𝑡𝑡1{\mathbb{E}\left[\exp(tZ)\right]}\leq\exp(\frac{1}{2}\varepsilon^{2}t(t+1)) "
              r"for all t>0𝑡0t>0. The key additional fact is the following consequence of Lemma 6 "
              r"𝔼Z𝖯𝗋𝗂𝗏𝖫𝗈𝗌𝗌(PQ)[eZ]=𝔼YP[efPQ(Y)]=𝔼YQ[efPQ(Y)efPQ(Y)]=𝔼YQ[1]=1.{\underset{Z\leftarrow\mathsf{PrivLoss}\left({P}\middle\|{Q}\right)}{\mathbb{E}}\left[e^{-Z}\right]}={\underset{Y\leftarrow "
              r"P}{\mathbb{E}}\left[e^{-f_{\left.{P}\middle\|{Q}\right.}(Y)}\right]}={\underset{Y\leftarrow "
              r"Q}{\mathbb{E}}\left[e^{f_{\left.{P}\middle\|{Q}\right.}(Y)}\cdot "
              r"e^{-f_{\left.{P}\middle\|{Q}\right.}(Y)}\right]}={\underset{Y\leftarrow "
              r"Q}{\mathbb{E}}\left[1\right]}=1. We can write this out as an integral to make it clear: "
              r"𝔼Z𝖯𝗋𝗂𝗏𝖫𝗈𝗌𝗌(PQ)[exp(Z)]\displaystyle{\underset{Z\leftarrow\mathsf{PrivLoss}\left({P}\middle\|{Q}\right)}{\mathbb{E}}\left[\exp(-Z)\right]} "
              r"=𝔼YP[exp(fPQ(Y))]\displaystyle={\underset{Y\leftarrow "
              r"P}{\mathbb{E}}\left[\exp(-f_{\left.{P}\middle\|{Q}\right.}(Y))\right]} "
              r"=𝔼YP[exp(log(P(Y)/Q(Y)))]absent𝑌𝑃𝔼delimited-[]𝑃𝑌𝑄𝑌\displaystyle={\underset{Y\leftarrow "
              r"P}{\mathbb{E}}\left[\exp(-\log(P(Y)/Q(Y)))\right]} "
              r"=𝔼YP[Q(Y)P(Y)]absent𝑌𝑃𝔼delimited-[]𝑄𝑌𝑃𝑌\displaystyle={\underset{Y\leftarrow "
              r"P}{\mathbb{E}}\left[\frac{Q(Y)}{P(Y)}\right]} "
              r"=𝒴Q(y)P(y)P(y)dyabsentsubscript𝒴𝑄𝑦𝑃𝑦𝑃𝑦differential-d𝑦\displaystyle=\int_{\mathcal{Y}}\frac{Q(y)}{P(y)}P(y)\mathrm{d}y "
              r"=𝒴Q(y)dyabsentsubscript𝒴𝑄𝑦differential-d𝑦\displaystyle=\int_{\mathcal{Y}}Q(y)\mathrm{d}y "
              r"=1.absent1\displaystyle=1. The combination of these two facts – "
              r"Z[ε,ε]𝑍𝜀𝜀Z\in[-\varepsilon,\varepsilon] and "
              r"𝔼[exp(Z)]=1𝔼delimited-[]𝑍1{\mathbb{E}\left[\exp(-Z)\right]}=1 – is all we need to know about Z𝑍Z to "
              r"prove the result. The technical ingredient is Hoeffding’s lemma [Hoe63]: Lemma 17 (Hoeffding’s "
              r"lemma). Let Z𝑍Z be a random variable supported on the interval [ε,+ε]𝜀𝜀[-\varepsilon,+\varepsilon]. "
              r"Then for all t𝑡t\in\mathbb{R}, "
              r"𝔼[exp(tZ)]exp(t𝔼[Z]+t2ε2/2)𝔼delimited-[]𝑡𝑍𝑡𝔼delimited-[]𝑍superscript𝑡2superscript𝜀22{\mathbb{E}\left[\exp(tZ)\right]}\leq\exp(t{\mathbb{E}\left[Z\right]}+t^{2}\varepsilon^{2}/2)."))
def proposition_16():
    p = sympy.Symbol("p", positive=True)
    f = log(1 - p + p * exp(2 * t * eps)) - t * eps
    x = p * exp(2 * t * eps) / (1 - p + p * exp(2 * t * eps))
    statement = _hoeffding_statement(f, x, p)
    out = [prove(u / 2 - sympy.tanh(u / 2), u, 0, sympy.oo, "RR: E[Z]/ε = tanh(ε/2) ≤ ε/2 for every ε ≥ 0")]
    for e in (R(1, 10), R(1, 2), 1, 2):
        pp, qq = rr(exp(e))
        lhs = sympy.log(sympy.Add(*[a * (a / b) ** t for a, b in zip(pp, qq)]))
        out.append(signs_at(e ** 2 * t * (t + 1) / 2 - lhs, [t], [(R(k, 2),) for k in range(1, 41)],
                            f"RR(ε={e}) (the extremal ε-DP pair): log E[e^{{tZ}}] ≤ ½ε²t(t+1), t = 1/2 … 20"))
    # Lemma 17 on random distributions supported in [−1, 1].
    import random
    rng = random.Random(7)
    pts = []
    for _ in range(30):
        vals = [R(rng.randint(-10, 10), 10) for _ in range(3)]
        w = [rng.randint(1, 9) for _ in range(3)]
        s = R(rng.randint(-40, 40), 10)
        mean = sympy.Add(*[wi * v for wi, v in zip(w, vals)]) / sum(w)
        mgf = sympy.Add(*[wi * exp(s * v) for wi, v in zip(w, vals)]) / sum(w)
        pts.append(exp(s * mean + s ** 2 / 2) - mgf)
    out.append(signs_at(sympy.Symbol("d"), [sympy.Symbol("d")], [(v,) for v in pts],
                        "Lemma 17 on 30 random 3-point laws in [−1, 1] and t ∈ [−4, 4]"))
    # the statement: kernel steps for every ε-DP pair on m outcomes; the two-point log-MGF's derivatives (the paper's
    # proof of Lemma 17) as identities, a cross-check
    return establish(_pure_to_zcdp(_two_point_hoeffding()), statement, out, domain=_PROPOSITION_16_DOMAIN,
                     uses=[f"{PAPER}:lemma-6-and-remark-5"])


def _hoeffding_statement(f, x, p):
    """Proposition 16 by the paper's route, every step checked: (i) randomised rounding: e^{tz} lies
    below its chord on [−ε, ε] (the chord minus e^{tz} vanishes at ±ε and has second derivative
    −t²e^{tz} ≤ 0); (ii) for the two-point law f'' = (2ε)²x(1−x) ≤ ε², f(0) = 0, f'(0) = E[Z̃], so
    f(t) ≤ tE[Z] + ε²t²/2; (iii) at t = −1, 1 = E[e^{−Z}] ≤ e^{−E[Z] + ε²/2}, so E[Z] ≤ ε²/2; (iv) then
    tE[Z] + ε²t²/2 ≤ ε²t(t+1)/2 for t ≥ 0 (nlsat)."""
    zz, m = sympy.Symbol("z", real=True), sympy.Symbol("m", real=True)
    chord = ((eps - zz) * exp(-t * eps) + (eps + zz) * exp(t * eps)) / (2 * eps)
    return combine(
        identity([(chord - exp(t * zz)).subs(zz, -eps), (chord - exp(t * zz)).subs(zz, eps),
                  sympy.diff(chord - exp(t * zz), zz, 2)], [0, 0, -t ** 2 * exp(t * zz)],
                 "(i) the chord of e^{tz} over [−ε, ε] minus e^{tz}: 0 at both ends, second derivative −t²e^{tz} ≤ 0, "
                 "so concave and ≥ 0: E[e^{tZ}] ≤ E[e^{tZ̃}] for the two-point rounding Z̃ with the same mean"),
        identity(sympy.diff(f, t, 2), (2 * eps) ** 2 * x * (1 - x), "(ii) Lemma 17: f''(t) = (2ε)²x(1−x)"),
        identity(eps ** 2 - (2 * eps) ** 2 * x * (1 - x), eps ** 2 * (2 * x - 1) ** 2, "ε² − f'' = ε²(2x−1)² ≥ 0"),
        identity([f.subs(t, 0), sympy.diff(f, t).subs(t, 0)], [0, eps * (2 * p - 1)], "f(0) = 0, f'(0) = ε(2p − 1) = E[Z̃]"),
        mean_loss_at_t_minus_one(eps ** 2 / 2, [eps], "(iii) at t = −1: ℓ = log E[e^{−Z}] = 0 and ℓ ≤ −E[Z] + ε²/2 "
                                 "give E[Z] = m ≤ ε²/2"),
        real_closed(eps ** 2 * t * (t + 1) / 2 - (t * m + eps ** 2 * t ** 2 / 2), [m, eps, t], [t >= 0, m <= eps ** 2 / 2],
                    "(iv) tE[Z] + ε²t²/2 ≤ ε²t(t+1)/2 for t ≥ 0"))


def _pure_to_zcdp(two_point):
    """Proposition 16 and Lemma 17 as kernel steps, for every pair of laws P, Q on m outcomes (the domain's laws) and every
    ε ≥ 0, by the paper's route. `two_point` is Hoeffding's lemma for the two-point law on {−ε, ε} with mean μ:
    (ε − μ)e^{−tε} + (ε + μ)e^{tε} ≤ 2ε·e^{tμ + t²ε²/2} for ε > 0, |μ| ≤ ε and every real t.
    - (i) e^{tz} lies below its chord on [−ε, ε]: 2εe^{tz} ≤ (ε − z)e^{−tε} + (ε + z)e^{tε} (the tangents of e^{t·} at z,
      evaluated at ±ε and weighted by ε ± z ≥ 0: e^w ≥ 1 + w);
    - (ii) in expectation under a law P whose mass lies in [−ε, ε] (P_i = 0 or −ε ≤ Z_i ≤ ε): 2εE[e^{tZ}] ≤
      (ε − E[Z])e^{−tε} + (ε + E[Z])e^{tε} (the pointwise bound weighted by P_i, summed, split by linearity, ΣP_i = 1);
    - Lemma 17: with `two_point` at μ = E[Z] ∈ [−ε, ε], E[e^{tZ}] ≤ e^{tE[Z] + t²ε²/2} for ε > 0; for ε = 0 every Z_i with
      P_i > 0 is 0, so E[e^{tZ}] = ΣP_i = 1 = e^{t·0};
    - Proposition 16: the privacy loss Z of an ε-DP pair (P_i = Q_i e^{Z_i}, Q_i = P_i e^{Z'_i}, P_i ≤ e^ε Q_i, Q_i ≤ e^ε P_i)
      lies in [−ε, ε] wherever P_i > 0 and has E[e^{−Z}] = ΣQ_i = 1 (the step of Lemma 6); Lemma 17 at t = −1 gives 1 ≤ e^{−E[Z] + ε²/2}, so
      E[Z] ≤ ε²/2, and for t ≥ 0, tE[Z] + t²ε²/2 ≤ ½ε²t(t + 1): E[e^{tZ}] ≤ e^{½ε²t(t+1)}, i.e. ½ε²-zCDP.
    The laws' assumptions (the support, the defining properties, the DP inequalities, t ≥ 0) are the statements'
    assumptions, quantified in the conclusions."""
    from symdp.verify import kernel as rules  # this module's `kernel` is _cs_helpers' Markov kernel

    e, tt, z, w, a, b, mu, c1, c2, k = sympy.symbols("epsilon t z w a b mu c1 c2 k", real=True)
    i, m = sympy.symbols("i m", integer=True)
    P, Q = sympy.IndexedBase("P", nonnegative=True), sympy.IndexedBase("Q", nonnegative=True)
    Z, Zr = sympy.IndexedBase("Z"), sympy.IndexedBase("Z'")
    span, zero = [i >= 1, i <= m], sympy.Integer(0)
    total = lambda f: sympy.Sum(f, (i, 1, m))
    product = identity(exp(a) * exp(b), exp(a + b), "e^a·e^b = e^{a+b}")
    up = lambda hi, lo: rules.instantiate(exp_increasing(False), {a: hi, b: lo})
    strict = lambda hi, lo: rules.instantiate(exp_increasing(True), {a: hi, b: lo})
    # (i) the chord
    chord_of = lambda v: (e - v) * exp(-tt * e) + (e + v) * exp(tt * e)
    chord = rules.decide(rules.goal(2 * e * exp(tt * z) <= chord_of(z), [-e <= z, z <= e]),
                         rules.instantiate(exp_tangent(), {w: tt * (e - z)}), rules.instantiate(exp_tangent(), {w: -tt * (e + z)}),
                         rules.instantiate(product, {a: tt * z, b: tt * (e - z)}),
                         rules.instantiate(product, {a: tt * z, b: -tt * (e + z)}),
                         detail="(i) e^{tz} lies below its chord on [−ε, ε]: the tangents at z evaluated at ±ε, weighted by ε ± z")
    inside = sympy.Or(sympy.Eq(P[i], 0), sympy.And(-e <= Z[i], Z[i] <= e))
    mgf, mean = total(P[i] * exp(tt * Z[i])), total(P[i] * Z[i])
    unit, hoeffding = sympy.Eq(total(P[i]), 1), exp(tt * mean + tt ** 2 * e ** 2 / 2)
    pp, zz = sympy.Symbol("p", nonnegative=True), sympy.Symbol("z", real=True)
    right = rules.instantiate(rules.linear(total(c1 * P[i] + c2 * (P[i] * Z[i]))),
                              {c1: e * (exp(-tt * e) + exp(tt * e)), c2: exp(tt * e) - exp(-tt * e)})
    split = rules.fact(right).goal.conclusion.lhs.function
    termwise = identity(pp * chord_of(zz), split.subs({P[i]: pp, Z[i]: zz}), "p·((ε − z)e^{−tε} + (ε + z)e^{tε}) expanded")
    linear = [right, rules.instantiate(rules.linear(total(c1 * (P[i] * exp(tt * Z[i])))), {c1: 2 * e}),
              rules.summed(rules.instantiate(termwise, {pp: P[i], zz: Z[i]}, span), i, 1, m)]
    scaled = [rules.instantiate(rules.linear(total(k * P[i])), {k: v}) for v in (e, -e)]

    def hoeffding_lemma(hypothesis, *located):
        """Lemma 17 for the laws whose outcomes satisfy `hypothesis` (`located` proves it puts P_i = 0 or Z_i in [−ε, ε])."""
        every, at = rules.Every(hypothesis, (i, 1, m)), [*span, hypothesis]
        # (ii) in expectation
        weighted = rules.decide(rules.goal(P[i] * (2 * e * exp(tt * Z[i])) <= P[i] * chord_of(Z[i]), at),
                                rules.instantiate(chord, {z: Z[i]}, [*span, -e <= Z[i], Z[i] <= e]), *located,
                                detail="weighted by P_i ≥ 0 (an outcome with P_i = 0 adds nothing)")
        expect = rules.decide(rules.goal(2 * e * mgf <= chord_of(mean), [m >= 1, every, unit]),
                              rules.summed(weighted, i, 1, m), *linear,
                              detail="(ii) 2εE[e^{tZ}] ≤ (ε − E[Z])e^{−tε} + (ε + E[Z])e^{tε}")
        sums = [rules.summed(rules.decide(rules.goal(rel, at), *located), i, 1, m)
                for rel in (-e * P[i] <= P[i] * Z[i], P[i] * Z[i] <= e * P[i])]
        centred = rules.decide(rules.goal(sympy.And(-e <= mean, mean <= e), [m >= 1, every, unit]), *sums, *scaled,
                               detail="−ε ≤ E[Z] ≤ ε")
        positive = rules.decide(rules.goal(mgf <= hoeffding, [m >= 1, e > 0, every, unit]), expect, centred,
                                rules.instantiate(two_point, {mu: mean}, [e > 0, -e <= mean, mean <= e]),
                                detail="ε > 0: Hoeffding's two-point bound at μ = E[Z]")
        flat = rules.decide(rules.goal(sympy.Eq(P[i] * exp(tt * Z[i]), P[i]), [*at, sympy.Eq(e, 0)]), *located,
                            up(tt * Z[i], zero), up(zero, tt * Z[i]), detail="ε = 0: Z_i = 0 wherever P_i > 0")
        degenerate = rules.decide(rules.goal(mgf <= hoeffding, [m >= 1, sympy.Eq(e, 0), every, unit]),
                                  rules.summed(flat, i, 1, m), centred, up(tt * mean + tt ** 2 * e ** 2 / 2, zero),
                                  detail="ε = 0: E[e^{tZ}] = ΣP_i = 1 and E[Z] = 0")
        return rules.decide(rules.goal(mgf <= hoeffding, [m >= 1, e >= 0, every, unit]), positive, degenerate,
                            detail="Lemma 17 (Hoeffding): E[e^{tZ}] ≤ e^{tE[Z] + t²ε²/2} for every real t")

    lemma_17 = hoeffding_lemma(inside)
    support = rules.Every(inside, (i, 1, m))
    # Proposition 16: the privacy loss of an ε-DP pair
    pair = sympy.And(sympy.Eq(P[i], Q[i] * exp(Z[i])), sympy.Eq(Q[i], P[i] * exp(Zr[i])), P[i] <= exp(e) * Q[i],
                     Q[i] <= exp(e) * P[i])
    within = rules.decide(rules.goal(inside, [*span, pair]), strict(Z[i], e), strict(zero, e + Z[i]),
                          rules.instantiate(product, {a: e, b: Z[i]}),
                          detail="ε-DP at the outcome: e^{Z_i} = P_i/Q_i ∈ [e^{−ε}, e^ε] where P_i > 0")
    reverse = rules.decide(rules.goal(sympy.Eq(Q[i] * exp(Zr[i]), Q[i] * exp(-Z[i])), [*span, pair]),
                           rules.instantiate(product, {a: Z[i], b: Zr[i]}, span),
                           strict(Z[i] + Zr[i], zero), strict(zero, Z[i] + Zr[i]), detail="Z'_i = −Z_i wherever Q_i > 0")
    back = rules.decide(rules.goal(sympy.Eq(P[i] * exp(-Z[i]), Q[i]), [*span, pair]), reverse, detail="P_i e^{−Z_i} = Q_i")
    laws = rules.Every(pair, (i, 1, m))
    normal = sympy.Eq(total(Q[i]), 1)
    loss = rules.decide(rules.goal(sympy.Eq(total(P[i] * exp(-Z[i])), 1), [m >= 1, laws, normal]), rules.summed(back, i, 1, m),
                        detail="E[e^{−Z}] = ΣQ_i = 1 (the step of Lemma 6)")
    private = hoeffding_lemma(pair, within)  # the loss of an ε-DP pair lies in [−ε, ε] wherever P_i > 0
    at_minus_one = rules.instantiate(private, {tt: sympy.Integer(-1)})
    small = rules.decide(rules.goal(mean <= e ** 2 / 2, [m >= 1, e >= 0, laws, unit, normal]), loss, at_minus_one,
                         strict(zero, -mean + e ** 2 / 2), detail="(iii) at t = −1: 1 = E[e^{−Z}] ≤ e^{−E[Z] + ε²/2}, so E[Z] ≤ ε²/2")
    zcdp = exp(e ** 2 * tt * (tt + 1) / 2)
    bound = rules.decide(rules.goal(mgf <= zcdp, [m >= 1, e >= 0, tt >= 0, laws, unit, normal]), private, small,
                         up(e ** 2 * tt * (tt + 1) / 2, tt * mean + tt ** 2 * e ** 2 / 2),
                         detail="(iv) t ≥ 0: tE[Z] + t²ε²/2 ≤ ½ε²t(t + 1), so E[e^{tZ}] ≤ e^{½ε²t(t+1)}")
    stated = lambda fact, assumed, hypotheses, text: rules.decide(
        rules.goal(sympy.Or(sympy.Not(assumed), rules.fact(fact).goal.conclusion), hypotheses), fact, detail=text)
    return combine(stated(lemma_17, sympy.And(support, unit), [m >= 1, e >= 0],
                          "Lemma 17: Z supported on [−ε, ε] ⇒ E[e^{tZ}] ≤ e^{tE[Z] + t²ε²/2} for every real t"),
                   stated(bound, sympy.And(tt >= 0, laws, unit, normal), [m >= 1, e >= 0],
                          "Proposition 16: ε-DP ⇒ E[e^{tZ}] ≤ e^{½ε²t(t+1)} for every t ≥ 0 (½ε²-zCDP)"),
                   detail="the proof")


def _two_point_hoeffding():
    """Hoeffding's lemma for the two-point law on {−ε, ε} with mean μ (the paper's proof of Lemma 17), for every ε > 0,
    |μ| ≤ ε and real t: (ε − μ)e^{−tε} + (ε + μ)e^{tε} ≤ 2ε·e^{tμ + t²ε²/2}. With S(t) the left side,
    g(t) = tμ + t²ε²/2 − log(S(t)/2ε) has g(0) = 0, g'(0) = μ − μ = 0 and g'' = ε² − (log S)'' = ε²(U − V)²/S² ≥ 0
    (U = (ε + μ)e^{tε}, V = (ε − μ)e^{−tε}; the paper's f'' = (2ε)²x(1 − x) ≤ ε²): the tangent at 0 gives g(t) ≥ 0 on
    every [−W, W] (kernel rule `tangent`, its side condition decided), taken at W = |t|; then e^a is increasing."""
    from symdp.verify import kernel as rules  # this module's `kernel` is _cs_helpers' Markov kernel

    e, tt, mu, wide, a, b = sympy.symbols("epsilon t mu W a b", real=True)
    chord = (e - mu) * exp(-tt * e) + (e + mu) * exp(tt * e)
    exponent = tt * mu + tt ** 2 * e ** 2 / 2
    setting = [e > 0, -e <= mu, mu <= e]
    level = log(chord / (2 * e))
    below = rules.tangent(exponent - level, tt, 0, -wide, wide, setting,
                          detail="Taylor at t = 0: g(0) = 0, g'(0) = 0 and g'' = ε²(U − V)²/S² ≥ 0")
    everywhere = rules.instantiate(below, {wide: sympy.Abs(tt)}, setting, detail="on [−|t|, |t|]: every real t")
    slope = rules.fact(everywhere).goal.conclusion.rhs / tt  # g'(0) as sympy writes it: μ − (ε(ε + μ) − ε(ε − μ))/2ε
    flat = rules.rewrite(everywhere, identity(slope, 0, "g'(0) = μ − (ε(ε + μ) − ε(ε − μ))/2ε = 0"))
    # each step small: the re-check's solvers (z3 and cvc5) must settle every side condition
    above = rules.decide(rules.goal(exponent >= level, setting), flat, detail="log(S/2ε) ≤ tμ + t²ε²/2")
    up = rules.apply(rules.instantiate(exp_increasing(False), {a: exponent, b: level}, [*setting, exponent >= level]), above)
    return rules.decide(rules.goal(chord <= 2 * e * exp(exponent), setting), up,
                        detail="Hoeffding's lemma for the two-point law: S ≤ 2ε·e^{tμ + t²ε²/2}")


PROPOSITION_16, THEOREM_13, REMARK_15 = (f"{PAPER}:{c}" for c in ("proposition-16-and-lemma-17", "theorem-13", "remark-15"))
# P, Q the composed M's laws at neighbouring inputs (on m outcomes), Z their privacy loss (ε_j-DP laws have one support)
_THEOREM_18_DOMAIN = [Integer("k", 1), _εj >= 0, _δ > 0, _δ < 1, Laws("P", "Q", k="m"), PrivacyLoss("Z", "P", "Q")]


@claim(paper=PAPER, label="Theorem 18",
       statement="ε_j-DP mechanisms compose to (½Σε_j² + √(2 log(1/δ) Σε_j²), δ)-DP, i.e. Remark 15 at ρ = ½Σε_j².",
       domain=_THEOREM_18_DOMAIN, stated_domain='every k, ε_j ≥ 0, δ ∈ (0, 1)', stated_where='Section 4.1, Theorem 18',
       quote=(r"Theorem 18 (Advanced Composition Starting with Pure DP). Let "
              r"M1,M2,,Mk:𝒳n𝒴:subscript𝑀1subscript𝑀2subscript𝑀𝑘superscript𝒳𝑛𝒴M_{1},M_{2},\cdots,M_{k}:\mathcal{X}^{n}\to\mathcal{Y} "
              r"be randomized algorithms. Suppose Mjsubscript𝑀𝑗M_{j} is εjsubscript𝜀𝑗\varepsilon_{j}-DP for each "
              r"j[k]𝑗delimited-[]𝑘j\in[k]. Define "
              r"M:𝒳n𝒴k:𝑀superscript𝒳𝑛superscript𝒴𝑘M:\mathcal{X}^{n}\to\mathcal{Y}^{k} by "
              r"M(x)=(M1(x),M2(x),,Mk(x))𝑀𝑥subscript𝑀1𝑥subscript𝑀2𝑥subscript𝑀𝑘𝑥M(x)=(M_{1}(x),M_{2}(x),\cdots,M_{k}(x)), "
              r"where each algorithm is run independently. Then M𝑀M is (ε,δ)𝜀𝛿(\varepsilon,\delta)-DP for any "
              r"δ>0𝛿0\delta>0 with "
              r"ε=12j=1kεj2+2log(1/δ)j=1kεj2.𝜀12superscriptsubscript𝑗1𝑘superscriptsubscript𝜀𝑗221𝛿superscriptsubscript𝑗1𝑘superscriptsubscript𝜀𝑗2\varepsilon=\frac{1}{2}\sum_{j=1}^{k}\varepsilon_{j}^{2}+\sqrt{2\log(1/\delta)\sum_{j=1}^{k}\varepsilon_{j}^{2}}."))
def theorem_18():
    """Theorem 18 by the paper's route: each ε_j-DP M_j is ε_j²/2-zCDP (Proposition 16), so their composition is
    ρ = ½Σ_j ε_j²-zCDP (Theorem 13); Proposition 14's simple bound (its goal, instantiated by a kernel step at
    ρ = ½Σε_j² and ε = ρ + √(4ρ log(1/δ)) = ½Σε_j² + √(2 log(1/δ)Σε_j²), where e^{−(ε−ρ)²/4ρ} is δ) then gives
    P(S) ≤ e^ε Q(S) + δ for every event S of the composed pair whose privacy loss has E[e^{tZ}] ≤ e^{t(t+1)ρ} at
    t = (ε − ρ)/2ρ, which the zCDP guarantee of Theorem 13 provides (Remark 15 states the same rearrangement)."""
    from symdp.verify import kernel  # this module's `kernel` is _cs_helpers' Markov kernel

    simple = kernel.lemma(PROPOSITION_14, kernel.fact(zcdp_conversion_steps()["simple"]).goal)
    j, k = sympy.symbols("j k", integer=True)
    ej = sympy.IndexedBase("epsilon")
    squares = sympy.Sum(ej[j] ** 2, (j, 1, k))
    r, e = sympy.symbols("rho epsilon", real=True)
    rho = squares / 2
    at = {r: rho, e: rho + sqrt(4 * rho * log(1 / _δ))}
    statement = kernel.instantiate(simple, at, detail="Proposition 14's simple bound at ρ = ½Σε_j², ε = ½Σε_j² + "
                                                      "√(2 log(1/δ)Σε_j²), where e^{−(ε−ρ)²/4ρ} is δ")
    out = [exact_agreement(advanced_composition([R(1, 10)] * 100, R(1, 10 ** 6)),
                           R(1, 2) + sqrt(2 * log(10 ** 6)), "k = 100, ε_j = 1/10, δ = 1e-6: library formula"),
           near(advanced_composition([R(1, 10)] * 100, R(1, 10 ** 6)), "5.75652176975693", 14,
                               "reference value 5.75652176975693")]
    adv = advanced_composition([log(R(11, 10))] * 20, R(1, 10 ** 3))
    out.append(ordered([kov_delta(log(R(11, 10)), 0, 20, adv), R(1, 10 ** 3)],
                       "soundness: the optimal (KOV) δ of 20 × log(11/10)-DP at Theorem 18's ε is ≤ δ = 1e-3"))
    return establish(statement, out, domain=_THEOREM_18_DOMAIN, uses=[PROPOSITION_14, PROPOSITION_16, THEOREM_13, REMARK_15])


# P̂, Q̂ on m outcomes with a well-defined privacy loss Ẑ (the quote's PrivLoss(P̂‖Q̂)), g any function (a Markov kernel
# onto n outputs: the proof covers every kernel), W the quote's PrivLoss(P‖Q) of P = g(P̂), Q = g(Q̂), t ≥ 0
_LEMMA_20_DOMAIN = [SameSupport("Phat", "Qhat"), Laws("Phat", "Qhat", k="m"), PrivacyLoss("Zhat", "Phat", "Qhat"),
                    Channel("g", k="m", l="n"), PushedLoss("W", "Phat", "Qhat", "g"), _t >= 0]
LEMMA_20 = f"{PAPER}:lemma-20"


@claim(paper=PAPER, label="Lemma 20",
       statement="Post-processing: for P = g(P̂), Q = g(Q̂), E_{PL(P‖Q)}[e^{tZ}] ≤ E_{PL(P̂‖Q̂)}[e^{tẐ}] for t ≥ 0; "
                 "P(y)/Q(y) = E_{Ŷ←Q̂_y}[P̂/Q̂].",
       domain=_LEMMA_20_DOMAIN, stated_domain='every pair, every kernel g, every t ≥ 0', stated_where='Section 4.2, Lemma 20',
       quote=(r"Lemma 20 (Postprocessing for Concentrated DP). Let P^^𝑃\hat{P} and Q^^𝑄\hat{Q} be distributions on "
              r"𝒴^^𝒴\hat{\mathcal{Y}} and let g:𝒴^𝒴:𝑔^𝒴𝒴g:\hat{\mathcal{Y}}\to\mathcal{Y} be an arbitrary function. "
              r"Define P=g(P^)𝑃𝑔^𝑃P=g(\hat{P}) and Q=g(Q^)𝑄𝑔^𝑄Q=g(\hat{Q}) to be the distributions on 𝒴𝒴\mathcal{Y} "
              r"obtained by applying g𝑔g to a function from P^^𝑃\hat{P} and Q^^𝑄\hat{Q} respectively. Then, for all "
              r"t0𝑡0t\geq 0, "
              r"𝔼Z𝖯𝗋𝗂𝗏𝖫𝗈𝗌𝗌(PQ)[exp(tZ)]𝔼Z^𝖯𝗋𝗂𝗏𝖫𝗈𝗌𝗌(P^Q^)[exp(tZ^)].{\underset{Z\leftarrow\mathsf{PrivLoss}\left({P}\middle\|{Q}\right)}{\mathbb{E}}\left[\exp(tZ)\right]}\leq{\underset{\hat{Z}\leftarrow\mathsf{PrivLoss}\left({\hat{P}}\middle\|{\hat{Q}}\right)}{\mathbb{E}}\left[\exp(t\hat{Z})\right]}."))
def lemma_20():
    out = []
    for seed in (71, 72, 73):
        ph, qh = random_pair(seed, 5)
        k = kernel(seed, 5, 3)
        p, q = pushforward(ph, k), pushforward(qh, k)
        posterior = [sympy.Add(*[qh[i] * k[i][j] * ph[i] / qh[i] for i in range(5)]) / q[j] for j in range(3)]
        out.append(exact_agreement(posterior, [p[j] / q[j] for j in range(3)], f"kernel {seed}: P/Q = E_{{Q̂_y}}[P̂/Q̂]"))
        out.append(holds(all(moment(p, q, a) <= moment(ph, qh, a) for a in (2, 3, 4, 5)),
                         f"kernel {seed}: E[e^{{tZ}}] decreases under post-processing, t = 1..4"))
    return establish(post_processing_steps(), out, domain=_LEMMA_20_DOMAIN)


# M̂ ρ-zCDP (P̂, Q̂ its laws on neighbours, m outcomes), g any function (a Markov kernel onto n outputs), the zCDP
# inequality at every t ≥ 0
_COROLLARY_21_DOMAIN = [ZCDPMechanism("Mhat", _ρ), SameSupport("Phat", "Qhat"), Laws("Phat", "Qhat", k="m"),
                        PrivacyLoss("Zhat", "Phat", "Qhat"), Channel("g", k="m", l="n"),
                        PushedLoss("W", "Phat", "Qhat", "g"), _t >= 0,
                        # M̂'s ρ-zCDP at the order t, at its laws P̂, Q̂ on neighbours (loss Ẑ); W the loss of g∘M̂
                        ZCDPLaws("Phat", "Qhat", "Zhat", _ρ, _t, k="m")]


@claim(paper=PAPER, label="Corollary 21",
       statement="If M̂ is ρ-zCDP then g∘M̂ is ρ-zCDP.",
       domain=_COROLLARY_21_DOMAIN, stated_domain='every ρ-zCDP M̂ and every (randomised) g',
       stated_where='Section 4.2, Corollary 21',
       quote=(r"Corollary 21. Let M^:𝒳n𝒴^:^𝑀superscript𝒳𝑛^𝒴\hat{M}:\mathcal{X}^{n}\to\hat{\mathcal{Y}} satisfy "
              r"ρ𝜌\rho-zCDP. Let g:𝒴^𝒴:𝑔^𝒴𝒴g:\hat{\mathcal{Y}}\to\mathcal{Y} be an arbitrary function. Define "
              r"M:𝒳n𝒴:𝑀superscript𝒳𝑛𝒴M:\mathcal{X}^{n}\to\mathcal{Y} by M(x)=g(M^(x))𝑀𝑥𝑔^𝑀𝑥M(x)=g(\hat{M}(x)). Then "
              r"M𝑀M is also ρ𝜌\rho-zCDP."))
def corollary_21():
    p, q = rr(sympy.Integer(2))
    r = log(2) ** 2 / 2  # a valid ρ of RR(log 2), ε²/2 (a cross-check: the bound is compared exactly at t = 1..5)
    k = kernel(81, 2, 4)
    pp, qq = pushforward(p, k), pushforward(q, k)
    out = [ordered([moment(pp, qq, tt + 1), moment(p, q, tt + 1), exp(tt * (tt + 1) * r)],
                   f"t = {tt}: E[e^{{tZ}}] of g∘RR(log 2) ≤ that of RR(log 2) ≤ e^{{t(t+1)ρ}}, ρ = ½ log²2") for tt in range(1, 6)]
    for seed in (211, 212, 213):  # a family: random pairs and kernels, at t = 1..4
        ph, qh = random_pair(seed, 4)
        kk = kernel(seed, 4, 3)
        fp, fq = pushforward(ph, kk), pushforward(qh, kk)
        out.append(holds(all(moment(fp, fq, a) <= moment(ph, qh, a) for a in (2, 3, 4, 5)),
                         f"random pair and kernel {seed}: E[e^{{tZ}}] of g∘M̂ ≤ that of M̂, t = 1..4"))
    return establish(_zcdp_post_processing(), out, domain=_COROLLARY_21_DOMAIN, uses=[LEMMA_20])


def _zcdp_post_processing():
    """Corollary 21: Lemma 20's goal (for every pair of laws on m outcomes, kernel and t ≥ 0) and M̂'s ρ-zCDP bound
    E_{PL(P̂‖Q̂)}[e^{tẐ}] ≤ e^{t(t+1)ρ} at the same t give E_{PL(P‖Q)}[e^{tZ}] ≤ e^{t(t+1)ρ} for M = g∘M̂."""
    from symdp.verify import kernel as rules  # this module's `kernel` is _cs_helpers' Markov kernel

    post = rules.lemma(LEMMA_20, rules.fact(post_processing_steps()).goal)
    r = sympy.Symbol("rho", real=True)
    bound = next(c for c in post.goal.conclusion.args if isinstance(c, sympy.LessThan))
    mgf, source = bound.args
    assumed = next(c for c in post.goal.conclusion.args if c is not bound).args[0]  # Lemma 20's premises (under its ¬)
    zcdp = exp(_t * (_t + 1) * r)
    # M̂'s zCDP bound joins Lemma 20's premises: one ¬(…) ∨ conclusion, so each premise reads as one
    return rules.decide(rules.goal(sympy.Or(sympy.Not(sympy.And(assumed, source <= zcdp)), mgf <= zcdp), post.goal.hypotheses),
                        post, detail="E_{PL(g(P̂)‖g(Q̂))}[e^{tZ}] ≤ E_{PL(P̂‖Q̂)}[e^{tẐ}] ≤ e^{t(t+1)ρ}")


# M₁ ρ₁-zCDP and M₂(·, y₁) ρ₂-zCDP for every y₁, every t ≥ 0 of the zCDP inequality; P, Q are M₁'s laws on neighbours
# (m outcomes), P', Q' M₂'s (n outcomes for each y₁), with well-defined losses
_PROPOSITION_19_DOMAIN = [ZCDPMechanism("M_1", sympy.Symbol("rho_1", real=True)),
                          ZCDPMechanism("M_2", sympy.Symbol("rho_2", real=True)), _t >= 0,
                          SameSupport("P", "Q"), Laws("P", "Q", k="m"), SameSupport("P'", "Q'"), Laws("P'", "Q'", k="n"),
                          # their zCDP at t: M₁'s laws P, Q (loss Z), M₂(·, y₁)'s P'[y₁, ·], Q'[y₁, ·] (loss Z'[y₁, ·])
                          ZCDPLaws("P", "Q", "Z", sympy.Symbol("rho_1", real=True), _t, k="m"),
                          ZCDPLaws("P'", "Q'", "Z'", sympy.Symbol("rho_2", real=True), _t, k="n", rows="m")]


@claim(paper=PAPER, label="Proposition 19",
       statement="Adaptive composition: M₁ ρ₁-zCDP and M₂(·, y₁) ρ₂-zCDP for every y₁ ⇒ (ρ₁+ρ₂)-zCDP.",
       domain=_PROPOSITION_19_DOMAIN, stated_domain='every adaptive composition of zCDP mechanisms',
       stated_where='Section 4.2, Proposition 19',
       quote=(r"Proposition 19 (Adaptive Composition of Concentrated DP). Let "
              r"M1:𝒳n𝒴1:subscript𝑀1superscript𝒳𝑛subscript𝒴1M_{1}:\mathcal{X}^{n}\to\mathcal{Y}_{1} be "
              r"ρ1subscript𝜌1\rho_{1}-zCDP. Let "
              r"M2:𝒳n×𝒴1𝒴2:subscript𝑀2superscript𝒳𝑛subscript𝒴1subscript𝒴2M_{2}:\mathcal{X}^{n}\times\mathcal{Y}_{1}\to\mathcal{Y}_{2} "
              r"be such that, for all y1𝒴1subscript𝑦1subscript𝒴1y_{1}\in\mathcal{Y}_{1}, the algorithm "
              r"xM(x,y1)maps-to𝑥𝑀𝑥subscript𝑦1x\mapsto M(x,y_{1}) is ρ2subscript𝜌2\rho_{2}-zCDP. That is, "
              r"M2subscript𝑀2M_{2} is ρ2subscript𝜌2\rho_{2}-zCDP in terms of its first argument for any fixed value "
              r"of the second argument. Define M:𝒳n𝒴2:𝑀superscript𝒳𝑛subscript𝒴2M:\mathcal{X}^{n}\to\mathcal{Y}_{2} "
              r"by M(x)=M2(x,M1(x))𝑀𝑥subscript𝑀2𝑥subscript𝑀1𝑥M(x)=M_{2}(x,M_{1}(x)). Then M𝑀M is "
              r"(ρ1+ρ2)subscript𝜌1subscript𝜌2(\rho_{1}+\rho_{2})-zCDP. Proposition 19 only considers the composition "
              r"of two algorithms, but it can be extended to k𝑘k algorithms by induction."))
def proposition_19():
    p1, q1 = random_pair(91, 3)
    second = [random_pair(92 + j, 3) for j in range(3)]  # M₂ depends on y₁
    p = tuple(p1[i] * second[i][0][j] for i in range(3) for j in range(3))
    q = tuple(q1[i] * second[i][1][j] for i in range(3) for j in range(3))
    ok = all(moment(p, q, a) <= moment(p1, q1, a) * max(moment(*second[i], a) for i in range(3)) for a in range(2, 7))
    exact_form = all(moment(p, q, a) == sympy.Add(*[p1[i] ** a / q1[i] ** (a - 1) * moment(*second[i], a) for i in range(3)])
                     for a in range(2, 7))
    return establish(_adaptive_zcdp(),
                     holds(exact_form, "E[e^{tZ}] of the adaptive pair = Σ_{y₁} P₁^{t+1}Q₁^{−t}·E[e^{tZ₂(y₁)}] (t = 1..5)"),
                     holds(ok, "≤ E[e^{tZ₁}]·sup_{y₁} E[e^{tZ₂(y₁)}], so exponents (ρ's) add (t = 1..5)"),
                     domain=_PROPOSITION_19_DOMAIN)


def _adaptive_zcdp():
    """Proposition 19 for M₁'s laws on m outcomes and M₂(·, y₁)'s on n outcomes for each y₁ (nonnegative), at
    every t ≥ 0: the shared adaptive-composition step (_cs_helpers.adaptive_composition_steps) at c = t,
    E₁ = t(t+1)ρ₁, E₂ = t(t+1)ρ₂, read as E[e^{tZ}] ≤ e^{t(t+1)(ρ₁+ρ₂)} for the joint pair."""
    from symdp.verify import kernel as rules  # this module's `kernel` is _cs_helpers' Markov kernel

    steps = adaptive_composition_steps()
    c, E1, E2 = sympy.symbols("c E1 E2", real=True)
    r1, r2 = sympy.symbols("rho_1 rho_2", real=True)
    at = rules.instantiate(steps, {c: _t, E1: _t * (_t + 1) * r1, E2: _t * (_t + 1) * r2})
    g = rules.fact(at).goal
    bound = next(c for c in g.conclusion.args if isinstance(c, sympy.LessThan) and c.rhs == exp(_t * (_t + 1) * r1 + _t * (_t + 1) * r2))
    return rules.decide(rules.goal(g.conclusion.xreplace({bound.rhs: exp(_t * (_t + 1) * (r1 + r2))}), [*g.hypotheses, _t >= 0]), at,
                        detail="ρ₁-zCDP of M₁ and ρ₂-zCDP of M₂(·, y₁) for every y₁, at t ≥ 0, give (ρ₁ + ρ₂)-zCDP at t")


def _theorem_22_steps():
    """The machine steps of Theorem 22's proof (Section 4.3), for every k: the choice of t in the pure-DP part; the
    union bound 1 − Π(1 − δ_j) ≤ Σδ_j by its induction step; and the closing chain: with c = Π(1 − δ_j),
    P = cP' + (1 − c)P'', Q = cQ' + (1 − c)Q'' and P'(S) ≤ e^ε Q'(S) + δ', P(S) ≤ e^ε Q(S) + δ' + Σδ_j."""
    s2 = sympy.Symbol("s2", positive=True)
    e_adv = s2 / 2 + sqrt(2 * L * s2)
    tt = e_adv / s2 - R(1, 2)
    # plain names: the SMT-LIB certificate is replayed by a fresh z3, which reads primes in names differently
    c, dj, prev, total, x, dp = sympy.symbols("c delta_j u S x delta_prime", real=True)
    p1, p2, q1, q2 = sympy.symbols("P_1 P_2 Q_1 Q_2", real=True)
    unit = lambda v: [v >= 0, v <= 1]
    union = real_closed(total + dj - (1 - prev * (1 - dj)), [total, dj, prev],
                        [*unit(dj), *unit(prev), 1 - prev <= total],
                        "union bound, induction step: 1 − u ≤ S and u, δ_j ∈ [0, 1] ⇒ 1 − u(1 − δ_j) ≤ S + δ_j")
    chain = real_closed(x * (c * q1 + (1 - c) * q2) + dp + total - (c * p1 + (1 - c) * p2),
                        [c, p1, p2, q1, q2, x, dp, total],
                        [*unit(c), *unit(p1), *unit(p2), *unit(q1), *unit(q2), x >= 1, dp >= 0, 1 - c <= total,
                         p1 <= x * q1 + dp],
                        "closing chain: P(S) = cP'(S) + (1 − c)P''(S) ≤ e^ε(cQ'(S) + (1 − c)Q''(S)) + δ' + Σδ_j "
                        "when P'(S) ≤ e^ε Q'(S) + δ' and 1 − c ≤ Σδ_j")
    return combine(identity(tt, sqrt(2 * L / s2), "t = ε/Σε_j² − ½ = √(2 log(1/δ')/Σε_j²)"),
                   identity(tt * (tt + 1) * s2 / 2 - e_adv * tt, -L, "and t(t+1)ρ − εt = −log(1/δ'): P'(S) ≤ e^ε Q'(S) + δ'"),
                   union, chain)


_THEOREM_22_DOMAIN = [Integer("k", 1), _εj >= 0, _δj >= 0, _δj <= 1]


@claim(paper=PAPER, label="Theorem 22",
       statement="(ε_j, δ_j)-DP mechanisms compose adaptively to (ε, δ)-DP for δ > Σδ_j with ε = min{Σε_j, "
                 "½Σε_j² + √(2 log(1/δ')Σε_j²)}, δ' = δ − Σδ_j.",
       domain=_THEOREM_22_DOMAIN, stated_domain='every k, ε, δ (the stated composition bound)', stated_where='Section 4.3, Theorem 22',
       quote=(r"Theorem 22 (Advanced Composition Starting with Approximate DP). For j[k]𝑗delimited-[]𝑘j\in[k], let "
              r"Mj:𝒳n×𝒴j1𝒴j:subscript𝑀𝑗superscript𝒳𝑛subscript𝒴𝑗1subscript𝒴𝑗M_{j}:\mathcal{X}^{n}\times\mathcal{Y}_{j-1}\to\mathcal{Y}_{j} "
              r"be randomized algorithms. Suppose Mjsubscript𝑀𝑗M_{j} is "
              r"(εj,δj)subscript𝜀𝑗subscript𝛿𝑗(\varepsilon_{j},\delta_{j})-DP for each j[k]𝑗delimited-[]𝑘j\in[k]. For "
              r"j[k]𝑗delimited-[]𝑘j\in[k], inductively define "
              r"M1j:𝒳n𝒴j:subscript𝑀1𝑗superscript𝒳𝑛subscript𝒴𝑗M_{1\cdots j}:\mathcal{X}^{n}\to\mathcal{Y}_{j} by "
              r"M1j(x)=Mj(x,M1(j1)(x))subscript𝑀1𝑗𝑥subscript𝑀𝑗𝑥subscript𝑀1𝑗1𝑥M_{1\cdots "
              r"j}(x)=M_{j}(x,M_{1\cdots(j-1)}(x)), where each algorithm is run independently and "
              r"M10(x)=y0subscript𝑀10𝑥subscript𝑦0M_{1\cdots 0}(x)=y_{0} for some fixed "
              r"y0𝒴0subscript𝑦0subscript𝒴0y_{0}\in\mathcal{Y}_{0}. Then M1ksubscript𝑀1𝑘M_{1\cdots k} is "
              r"(ε,δ)𝜀𝛿(\varepsilon,\delta)-DP for any "
              r"δ>j=1kδj𝛿superscriptsubscript𝑗1𝑘subscript𝛿𝑗\delta>\sum_{j=1}^{k}\delta_{j} with "
              r"ε=min{j=1kεj,12j=1kεj2+2log(1/δ)j=1kεj2},𝜀superscriptsubscript𝑗1𝑘subscript𝜀𝑗12superscriptsubscript𝑗1𝑘superscriptsubscript𝜀𝑗221superscript𝛿superscriptsubscript𝑗1𝑘superscriptsubscript𝜀𝑗2\varepsilon=\min\left\{\sum_{j=1}^{k}\varepsilon_{j},\frac{1}{2}\sum_{j=1}^{k}\varepsilon_{j}^{2}+\sqrt{2\log(1/\delta^{\prime})\sum_{j=1}^{k}\varepsilon_{j}^{2}}\right\}, "
              r"where "
              r"δ=δj=1kδjsuperscript𝛿𝛿superscriptsubscript𝑗1𝑘subscript𝛿𝑗\delta^{\prime}=\delta-\sum_{j=1}^{k}\delta_{j}."))
def theorem_22():
    out = [near(advanced_composition_approx([R(1, 10)] * 100, [R(1, 10 ** 8)] * 100, R(1, 10 ** 5)),
                "5.3204327566367", 12, "k=100, ε_j=0.1, δ_j=1e-8, δ=1e-5: reference value")]
    e0, d0, k = log(R(11, 10)), R(1, 10 ** 4), 20
    eps_22 = advanced_composition_approx([e0] * k, [d0] * k, R(1, 100))
    out.append(ordered([kov_delta(e0, d0, k, eps_22), R(1, 100)],
                       "soundness: optimal δ of 20 × (log 1.1, 1e-4)-DP (KOV) at Theorem 22's ε is ≤ δ = 1/100"))
    return establish(_theorem_22_steps(), out,
                     domain=_THEOREM_22_DOMAIN,
                     uses=["composition-subsampling:lemma-23", "composition-subsampling:corollary-24",
                           "composition-subsampling:theorem-1", "composition-subsampling:theorem-18"],
                     prose_steps=["induction on j (the paper's): Lemma 23 splits each M_j(·, y) into (1 − δ_j)P'_j + "
                                  "δ_jP''_j with P'_j, Q'_j ε_j-indistinguishable, so the history's law is "
                                  "Π(1 − δ_ℓ)P'_j + (1 − Π(1 − δ_ℓ))P''_j with P'_j, Q'_j a composition of pure ε_ℓ-DP steps",
                                  "the pure parts satisfy P'(S) ≤ e^ε Q'(S) + δ' for both ε of the minimum: Σε_j by "
                                  "Theorem 1, the other by Theorem 18's zCDP route (Proposition 16, adaptive "
                                  "composition, the tail bound at t above)"])


@claim(paper=PAPER, label="Section 4.3 (privacy loss in [−ε, ε])",
       statement="Printed: (ε, δ)-DP is equivalent to the privacy loss lying in [−ε, ε] with probability ≥ 1 − δ. "
                 "Only '⇐' holds: δ(ε) ≤ P[Z > ε] (Definition 2, Proposition 7).",
       stated_domain='the sentence “equivalent” of Section 4.3', stated_where='Section 4.3',
       quote=(r"Intuitively, if you consider the privacy loss "
              r"𝖯𝗋𝗂𝗏𝖫𝗈𝗌𝗌(M(x)M(x))\mathsf{PrivLoss}\left({M(x)}\middle\|{M(x^{\prime})}\right) (where "
              r"x,x𝒳n𝑥superscript𝑥superscript𝒳𝑛x,x^{\prime}\in\mathcal{X}^{n} are arbitrary neighbouring inputs), "
              r"then M𝑀M being (ε,δ)𝜀𝛿(\varepsilon,\delta)-DP is equivalent to the privacy loss being in "
              r"[ε,+ε]𝜀𝜀[-\varepsilon,+\varepsilon] with probability at least 1δ1𝛿1-\delta; otherwise the privacy "
              r"loss can be arbitrary (including possibly infinite)."))
def section_4_3():
    p, q = rr(sympy.Integer(3))
    delta0 = hockey_by_events(p, q, 1)
    outside = sympy.Add(*[a for a, b in zip(p, q) if a != b])  # P[|Z| > 0]
    corrected = []
    for seed in (101, 102, 103):
        pp, qq = random_pair(seed, 5)
        for e in (0, log(R(5, 4))):
            tail = sympy.Add(*[a for a, b in zip(pp, qq) if sign(sympy.Abs(log(a / b)) - e) > 0])
            corrected.append(holds(sign(tail - max(hockey(pp, qq, exp(e)), hockey(qq, pp, exp(e)))) >= 0,
                                   f"random pair {seed}, ε={e}: δ(ε) ≤ P[|Z| > ε]"))
    g = GaussianPLD(R(1, 2))
    corrected.append(ordered([gaussian_delta(1, 1), g.delta_tail(1) + exp(1) * sympy.erfc(R(3, 2) / sqrt(2)) / 2],
                             "Gaussian ρ=1/2, ε=1: δ ≤ P[Z > 1]"))
    return erratum(sign(outside - delta0) <= 0,
                   {"pair": "RR e^ε = 3", "eps": 0, "delta(0) (the pair is (0, δ)-DP)": delta0,
                    "P[|Z| > 0]": outside,
                    "gaussian_rho_1/2_eps_1": {"delta": "0.126936737506644", "P[Z>1]": "0.308537538725987"}},
                   combine(*corrected), "'equivalent' is wrong: (0, 1/2)-DP holds but P[|Z| > 0] = 1 > 1/2",
                   corrected_statement="P[|Z| ≤ ε] ≥ 1 − δ for all neighbours implies (ε, δ)-DP; the converse fails",
                   kind="substantive")


def _decomposition_case():
    p = (R(1, 2), R(1, 4), R(1, 8), R(1, 8))
    q = (R(1, 8), R(1, 4), R(1, 4), R(3, 8))
    e = log(2)
    d = max(hockey(p, q, 2), hockey(q, p, 2))
    return p, q, e, d


def _decomposition_cases():
    """The fixed case, the same pair at δ = 1/2, and four seeded random 4-point pairs at e^ε = 2 (each at its own δ)."""
    cases = [_decomposition_case(),
             ((R(1, 2), R(1, 4), R(1, 8), R(1, 8)), (R(1, 8), R(1, 4), R(1, 4), R(3, 8)), log(2), R(1, 2))]
    for seed in (231, 232, 233, 234):
        p, q = random_pair(seed, 4)
        d = max(hockey(p, q, 2), hockey(q, p, 2))
        if d > 0:
            cases.append((p, q, log(2), d))
    return cases


def _lemma_23_case(p, q, e, d):
    """(statement checks, printed re-weighting, corrected re-weighting) for one case."""
    dec = decompose(p, q, e, d)
    x = exp(e)
    d1 = dec.delta1
    raw = [(pi - (1 - d1) * a) / d1 for pi, a in zip(p, dec.p_prime)]
    printed = [(1 - d) * a + (d - d1) * a + (1 - d1) * r for a, r in zip(dec.p_prime, raw)]
    fixed = [(1 - d) * a + (d - d1) * a + d1 * r for a, r in zip(dec.p_prime, raw)]
    checks = [exact_agreement([(1 - d) * a + d * b for a, b in zip(dec.p_prime, dec.p_second)]
                              + [(1 - d) * a + d * b for a, b in zip(dec.q_prime, dec.q_second)], list(p) + list(q),
                              f"δ={d}: decomposition P = (1−δ)P' + δP'', Q likewise")]
    ok = all(sign(v) >= 0 for v in dec.p_prime + dec.q_prime + dec.p_second + dec.q_second)
    ok &= all(sign(x * b - a) >= 0 and sign(x * a - b) >= 0 for a, b in zip(dec.p_prime, dec.q_prime))
    checks.append(holds(ok, f"δ={d}: P', Q', P'', Q'' ≥ 0 and e^{{−ε}}Q' ≤ P' ≤ e^εQ' pointwise"))
    return checks, printed, fixed, d1


def _lemma_23_steps():
    """Lemma 23's construction (Section 4.3) at one output y (x = e^ε, thresholds γ₁, γ₂ ∈ [1, x]):
    P(y) = min{P, γ₁Q} + max{0, P − γ₁Q} splits P into (1 − δ₁)P' + δ₁P''; the ratio of m₁ = min{P, γ₁Q} to
    m₂ = min{Q, γ₂P} lies in [1/x, x]; and when δ₁ < δ the re-weighting P‴ = ((δ − δ₁)P' + δ₁P'')/δ gives
    (1 − δ)P' + δP‴ = (1 − δ₁)P' + δ₁P'' with P‴ a law."""
    p, q, g1, g2, x, m1, m2 = sympy.symbols("p q g1 g2 x m1 m2", real=True)
    pp, p2, d, d1 = sympy.symbols("P_1 P_2 delta delta_1", positive=True)
    w = sympy.Symbol("t", real=True)
    mins = [m1 <= p, m1 <= g1 * q, sympy.Or(sympy.Eq(m1, p), sympy.Eq(m1, g1 * q)),
            m2 <= q, m2 <= g2 * p, sympy.Or(sympy.Eq(m2, q), sympy.Eq(m2, g2 * p)),
            p >= 0, q >= 0, g1 >= 1, g1 <= x, g2 >= 1, g2 <= x]
    from symdp.verify import kernel as rules  # this module's `kernel` is _cs_helpers' Markov kernel

    # a decision, not an identity: sympy would evaluate min{t, 0} for a signed symbol t and leave t = t
    return combine(rules.decide(rules.goal(sympy.Eq(sympy.Min(w, 0) + sympy.Max(w, 0), w)),
                                detail="min{t, 0} + max{t, 0} = t for every real t = P − γ₁Q: "
                                       "P = min{P, γ₁Q} + max{0, P − γ₁Q} = (1 − δ₁)P' + δ₁P''"),
                   real_closed(x * m2 - m1, [p, q, g1, g2, x, m1, m2], mins, "min{P, γ₁Q} ≤ e^ε·min{Q, γ₂P} (γ's ∈ [1, e^ε])"),
                   real_closed(x * m1 - m2, [p, q, g1, g2, x, m1, m2], mins, "min{Q, γ₂P} ≤ e^ε·min{P, γ₁Q}, so "
                               "e^{−ε}Q' ≤ P' ≤ e^εQ' (both normalised by 1 − δ₁)"),
                   identity([(1 - d) * pp + d * (((d - d1) * pp + d1 * p2) / d), ((d - d1) * 1 + d1 * 1) / d],
                            [(1 - d1) * pp + d1 * p2, 1],
                            "δ₁ < δ: (1 − δ)P' + δ·((δ − δ₁)P' + δ₁P'')/δ = (1 − δ₁)P' + δ₁P'', a law of mass 1"))


_LEMMA_23_DOMAIN = [DPPair("P", "Q", _ε, _δ)]


@claim(paper=PAPER, label="Lemma 23",
       statement="An (ε, δ)-indistinguishable pair decomposes as P = (1−δ)P' + δP'', Q = (1−δ)Q' + δQ'' with "
                 "e^{−ε}Q' ≤ P' ≤ e^εQ' (the statement; its proof's re-weighting is the claim 'Lemma 23 (proof)').",
       domain=_LEMMA_23_DOMAIN, stated_domain='every (ε, δ)-indistinguishable pair', stated_where='Section 4.3, Lemma 23',
       quote=(r"Lemma 23. Let P𝑃P and Q𝑄Q be probability distributions over 𝒴𝒴\mathcal{Y}. Fix "
              r"ε,δ0𝜀𝛿0\varepsilon,\delta\geq 0. Suppose that, for all measurable S𝒴𝑆𝒴S\subset\mathcal{Y}, we have "
              r"P(S)eεQ(S)+δ𝑃𝑆superscript𝑒𝜀𝑄𝑆𝛿P(S)\leq e^{\varepsilon}\cdot Q(S)+\delta and "
              r"Q(S)eεP(S)+δ𝑄𝑆superscript𝑒𝜀𝑃𝑆𝛿Q(S)\leq e^{\varepsilon}P(S)+\delta. Then there exist distributions "
              r"P,Q,P′′,Q′′superscript𝑃superscript𝑄superscript𝑃′′superscript𝑄′′P^{\prime},Q^{\prime},P^{\prime\prime},Q^{\prime\prime} "
              r"over 𝒴𝒴\mathcal{Y} with the following properties. We can express P𝑃P and Q𝑄Q as convex combinations "
              r"of these distributions, namely "
              r"P=(1δ)P+δP′′𝑃1𝛿superscript𝑃𝛿superscript𝑃′′P=(1-\delta)P^{\prime}+\delta P^{\prime\prime} and "
              r"Q=(1δ)Q+δQ′′𝑄1𝛿superscript𝑄𝛿superscript𝑄′′Q=(1-\delta)Q^{\prime}+\delta Q^{\prime\prime}. And, for "
              r"every measurable S𝒴𝑆𝒴S\subset\mathcal{Y}, we have "
              r"eεQ(S)P(S)eεQ(S)superscript𝑒𝜀superscript𝑄𝑆superscript𝑃𝑆superscript𝑒𝜀superscript𝑄𝑆e^{-\varepsilon}\cdot "
              r"Q^{\prime}(S)\leq P^{\prime}(S)\leq e^{\varepsilon}\cdot Q^{\prime}(S)."))
def lemma_23():
    out = [c for case in _decomposition_cases() for c in _lemma_23_case(*case)[0]]
    return establish(_lemma_23_steps(), out, domain=_LEMMA_23_DOMAIN,
                     prose_steps=["γ ↦ E_γ(P‖Q) is continuous and nonincreasing, equal to TV(P, Q) at γ = 1 and ≤ δ at "
                                  "γ = e^ε, so some γ₁ ∈ [1, e^ε] has E_{γ₁}(P‖Q) = δ₁ = min{δ, TV} (and γ₂ for E_γ(Q‖P), "
                                  "which also starts at TV); summing the pointwise split over outputs, min{P, γ₁Q} has "
                                  "mass 1 − δ₁ and max{0, P − γ₁Q} mass δ₁ (any law for P'' when δ₁ = 0)"])


@claim(paper=PAPER, label="Lemma 23 (proof), erratum",
       statement="The proof's re-weighting is printed P = (1−δ)P' + (δ−δ₁)P' + (1−δ₁)P''; the weight of P'' must be δ₁.",
       stated_domain='the proof of Lemma 23', stated_where='Section 4.3',
       quote=(r"If δ1=δ2<δsubscript𝛿1subscript𝛿2𝛿\delta_{1}=\delta_{2}<\delta, we can change the decomposition to "
              r"P=(1δ)P+(δδ1)P+(1δ1)P′′=(1δ)P+δ(δδ1δP+δ1δP′′)𝑃1𝛿superscript𝑃𝛿subscript𝛿1superscript𝑃1subscript𝛿1superscript𝑃′′1𝛿superscript𝑃𝛿𝛿subscript𝛿1𝛿superscript𝑃subscript𝛿1𝛿superscript𝑃′′P=(1-\delta)P^{\prime}+(\delta-\delta_{1})P^{\prime}+(1-\delta_{1})P^{\prime\prime}=(1-\delta)P^{\prime}+\delta\cdot\left(\frac{\delta-\delta_{1}}{\delta}P^{\prime}+\frac{\delta_{1}}{\delta}P^{\prime\prime}\right) "
              r"and likewise for Q𝑄Q, which also yields the result."))
def lemma_23_proof():
    out, witness, printed_ok = [], {}, True
    for p, q, e, d in _decomposition_cases():
        _, printed, fixed, d1 = _lemma_23_case(p, q, e, d)
        if printed != list(p) and printed_ok:
            printed_ok = False
            witness = {"p": p, "q": q, "eps": e, "delta": d, "delta1": d1, "printed weights sum": 2 - 2 * d1,
                       "printed P": printed}
        out.append(exact_agreement(fixed, list(p), f"δ={d}: (1−δ)P' + (δ−δ₁)P' + δ₁P'' = P"))
    return erratum(printed_ok, witness, combine(*out), "Lemma 23's proof: the printed weight (1−δ₁) of P'' makes the "
                   "weights sum to 2 − 2δ₁", corrected_statement="P = (1−δ)P' + (δ−δ₁)P' + δ₁P''", kind="typo")


def _corollary_24_laws(p, q, e, d):
    """(F(R(0)) with the printed F, corrected-F checks) for one case."""
    dec = decompose(p, q, e, d)
    x = exp(e)
    keep, flip = (1 - d) * x / (x + 1), (1 - d) / (x + 1)

    def law(bit, f):  # R(b) = (b, ⊥) w.p. δ; (b, ⊤) w.p. keep; (1−b, ⊤) w.p. flip
        return [sympy.nsimplify(d * f[(bit, "bot")][i] + keep * f[(bit, "top")][i] + flip * f[(1 - bit, "top")][i])
                for i in range(len(p))]
    printed_f = {(0, "top"): dec.p_second, (1, "top"): dec.q_second, (0, "bot"): dec.a, (1, "bot"): dec.b}
    fixed_f = {(0, "top"): dec.a, (1, "top"): dec.b, (0, "bot"): dec.p_second, (1, "bot"): dec.q_second}
    checks = [exact_agreement(law(0, fixed_f) + law(1, fixed_f), list(p) + list(q),
                              f"δ={d}: F(0,⊤)=A, F(1,⊤)=B, F(0,⊥)=P'', F(1,⊥)=Q'' reproduces P and Q"),
              exact_agreement(list(dec.randomized_response_law(0)) + list(dec.randomized_response_law(1)),
                              list(p) + list(q), f"δ={d}: library Decomposition.randomized_response_law"),
              holds(all(sign(v) >= 0 for v in dec.a + dec.b), f"δ={d}: A, B ≥ 0"),
              exact_agreement([sum(dec.a), sum(dec.b)], [1, 1], f"δ={d}: A, B are distributions")]
    return law(0, printed_f), checks


def _corollary_24_steps():
    """Corollary 24's proof from Lemma 23's decomposition P = (1−δ)P' + δP'', Q = (1−δ)Q' + δQ'' with
    e^{−ε}Q'(S) ≤ P'(S) ≤ e^ε Q'(S) on every event S (x = e^ε): for ε > 0, A = (xP' − Q')/(x − 1) and
    B = (xQ' − P')/(x − 1) are nonnegative on every event and have total mass 1, and (xA + B)/(x + 1) = P',
    (xB + A)/(x + 1) = Q'; for ε = 0, P' = Q' and A = B = P'. Then F(R(b)) (F(b, ⊤) = A or B, F(b, ⊥) = P'' or Q'')
    has law (1−δ)(x/(x+1))A + (1−δ)(1/(x+1))B + δP'' = P, and Q likewise."""
    x, p1, q1, p2, q2, d = sympy.symbols("x P_1 Q_1 P_2 Q_2 delta", real=True)
    a, b = (x * p1 - q1) / (x - 1), (x * q1 - p1) / (x - 1)
    both = [x > 1, p1 >= 0, q1 >= 0, x * p1 >= q1, p1 <= x * q1]
    return combine(real_closed(a, [x, p1, q1], both, "A(S) = (e^ε P'(S) − Q'(S))/(e^ε − 1) ≥ 0 when Q'(S) ≤ e^ε P'(S)"),
                   real_closed(b, [x, p1, q1], both, "B(S) = (e^ε Q'(S) − P'(S))/(e^ε − 1) ≥ 0 when P'(S) ≤ e^ε Q'(S)"),
                   identity([(x * a + b) / (x + 1), (x * b + a) / (x + 1), a.subs({p1: 1, q1: 1}), b.subs({p1: 1, q1: 1})],
                            [p1, q1, 1, 1], "(e^ε A + B)/(e^ε + 1) = P', (e^ε B + A)/(e^ε + 1) = Q', and A, B have mass 1"),
                   real_closed(p1 - q1, [p1, q1], [p1 <= q1, q1 <= p1],
                               "ε = 0: Q' ≤ P' ≤ Q' on every event, so P' = Q' and A = B = P' works"),
                   identity([(1 - d) * x / (x + 1) * a + (1 - d) / (x + 1) * b + d * p2,
                             (1 - d) * x / (x + 1) * b + (1 - d) / (x + 1) * a + d * q2],
                            [(1 - d) * p1 + d * p2, (1 - d) * q1 + d * q2],
                            "F(R(0)) = (1−δ)(e^ε/(e^ε+1))A + (1−δ)(1/(e^ε+1))B + δP'' = (1−δ)P' + δP'' = P, and F(R(1)) = Q"))


_COROLLARY_24_DOMAIN = [DPPair("P", "Q", _ε, _δ)]


@claim(paper=PAPER, label="Corollary 24",
       statement="P = (1−δ)e^ε/(e^ε+1)A + (1−δ)/(e^ε+1)B + δP'', Q symmetric; P, Q are F(R(0)), F(R(1)) for "
                 "(ε,δ)-randomized response R (the statement; the printed F is the claim 'Corollary 24 (proof)').",
       domain=_COROLLARY_24_DOMAIN, stated_domain='every (ε, δ)-indistinguishable pair', stated_where='Section 4.3, Corollary 24',
       quote=(r"Corollary 24. Let P𝑃P and Q𝑄Q be probability distributions over 𝒴𝒴\mathcal{Y}. Fix "
              r"ε,δ0𝜀𝛿0\varepsilon,\delta\geq 0. Suppose that, for all measurable S𝒴𝑆𝒴S\subset\mathcal{Y}, we have "
              r"P(S)eεQ(S)+δ𝑃𝑆superscript𝑒𝜀𝑄𝑆𝛿P(S)\leq e^{\varepsilon}\cdot Q(S)+\delta and "
              r"Q(S)eεP(S)+δ𝑄𝑆superscript𝑒𝜀𝑃𝑆𝛿Q(S)\leq e^{\varepsilon}P(S)+\delta. Then there exist distributions "
              r"A𝐴A, B𝐵B, P′′superscript𝑃′′P^{\prime\prime}, and Q′′superscript𝑄′′Q^{\prime\prime} over "
              r"𝒴𝒴\mathcal{Y} such that P𝑃\displaystyle P "
              r"=(1δ)eεeε+1A+(1δ)1eε+1B+δP′′,absent1𝛿superscript𝑒𝜀superscript𝑒𝜀1𝐴1𝛿1superscript𝑒𝜀1𝐵𝛿superscript𝑃′′\displaystyle=(1-\delta)\frac{e^{\varepsilon}}{e^{\varepsilon}+1}A+(1-\delta)\frac{1}{e^{\varepsilon}+1}B+\delta "
              r"P^{\prime\prime}, Q𝑄\displaystyle Q "
              r"=(1δ)eεeε+1B+(1δ)1eε+1A+δQ′′.absent1𝛿superscript𝑒𝜀superscript𝑒𝜀1𝐵1𝛿1superscript𝑒𝜀1𝐴𝛿superscript𝑄′′\displaystyle=(1-\delta)\frac{e^{\varepsilon}}{e^{\varepsilon}+1}B+(1-\delta)\frac{1}{e^{\varepsilon}+1}A+\delta "
              r"Q^{\prime\prime}."))
def corollary_24():
    out = [c for case in _decomposition_cases() for c in _corollary_24_laws(*case)[1]]
    return establish(_corollary_24_steps(), out, domain=_COROLLARY_24_DOMAIN,
                     uses=["composition-subsampling:lemma-23"])


@claim(paper=PAPER, label="Corollary 24 (proof), erratum",
       statement="Printed: F(0,⊤) = P'', F(1,⊤) = Q'', F(0,⊥) = A, F(1,⊥) = B; ⊤ and ⊥ are swapped.",
       stated_domain='the proof of Corollary 24', stated_where='Section 4.3',
       quote=(r"Then Corollary 24 tells us that we can simulate M𝑀M by mapping the pair of inputs "
              r"x0maps-to𝑥0x\mapsto 0 and x1maps-tosuperscript𝑥1x^{\prime}\mapsto 1 and then postprocessing the "
              r"outputs with the randomized function F𝐹F defined by "
              r"F(0,)=P′′𝐹0topsuperscript𝑃′′F(0,\top)=P^{\prime\prime}, "
              r"F(1,)=Q′′𝐹1topsuperscript𝑄′′F(1,\top)=Q^{\prime\prime}, F(0,)=A𝐹0bottom𝐴F(0,\bot)=A, and "
              r"F(1,)=B𝐹1bottom𝐵F(1,\bot)=B. That is, M(x)=F(R(0))𝑀𝑥𝐹𝑅0M(x)=F(R(0)) and "
              r"M(x)=F(R(1))𝑀superscript𝑥𝐹𝑅1M(x^{\prime})=F(R(1))."))
def corollary_24_proof():
    p, q, e, d = _decomposition_case()
    printed, checks = _corollary_24_laws(p, q, e, d)
    return erratum(printed == list(p), {"p": p, "q": q, "eps": e, "delta": d, "F(R(0)) with printed F": printed},
                   combine(*checks), "with the printed F, F(R(0)) ≠ P: ⊤ and ⊥ are swapped",
                   corrected_statement="F(0,⊤) = A, F(1,⊤) = B, F(0,⊥) = P'', F(1,⊥) = Q''", kind="typo")
