"""Claims of Steinke, *Composition of Differential Privacy & Privacy Amplification by
Subsampling* (arXiv:2210.00597), Section 7 and Figures 1–2: the optimal composition formulas of
Kairouz–Oh–Viswanath and Murtagh–Vadhan, Dwork–Rothblum–Vadhan's original bound, and the data of
the two figures (checked against the reference independent mpmath values and the paper's invariants).
"""

from __future__ import annotations

import sympy
from sympy import Rational as R, exp, log, sqrt

from symdp.central.composition import kov_delta as kov_grid
from symdp.central.composition_theorems import advanced_composition, drv_composition, kov_delta, kov_epsilon, mv_delta
from symdp.central.pairs import dominating
from symdp.central.subsampled_renyi import (proposition41_zcdp_bound, proposition42_bound, subsampled_gaussian_rdp,
                                            subsampling_lower_bound)
from symdp.verify import certified_agreement, claim, combine, establish, exact_agreement

from _cs_helpers import hockey, product_law
from _idioms import holds, near, ordered
from _cs_helpers import randomized_response as rr

PAPER = "composition-subsampling"


# --------------------------------------------------------------------------------------------
# Section 7


@claim(paper=PAPER, label="Section 7 (Kairouz–Oh–Viswanath)",
       statement="k-fold (ε,δ)-DP is (ε',δ')-DP iff (1+e^ε)^{−k}Σ_ℓ C(k,ℓ)e^{ℓε}max{0, 1−e^{ε'−(2ℓ−k)ε}} ≤ 1 − (1−δ')/(1−δ)^k; "
                 "the worst case is the k-fold (ε,δ) randomized-response PLD.",
       stated_domain='every k, ε, δ', stated_where='Section 7 (Kairouz–Oh–Viswanath)',
       quote=(r"Kairouz, Oh, and Viswanath [KOV15] proved an optimal composition theorem for approximate "
              r"differential privacy. Specifically, the k𝑘k-fold composition of "
              r"(ε,δ)𝜀𝛿(\varepsilon,\delta)-differential privacy satisfies "
              r"(ε,δ)superscript𝜀superscript𝛿(\varepsilon^{\prime},\delta^{\prime})-differential privacy if and only "
              r"if "
              r"1(1+eε)k=0k(k)eεmax{0,1eε(2k)ε}11δ(1δ)k.1superscript1superscript𝑒𝜀𝑘superscriptsubscript0𝑘binomial𝑘superscript𝑒𝜀01superscript𝑒superscript𝜀2𝑘𝜀11superscript𝛿superscript1𝛿𝑘\frac{1}{(1+e^{\varepsilon})^{k}}\sum_{\ell=0}^{k}{k\choose\ell}\cdot "
              r"e^{\ell\varepsilon}\cdot\max\left\{0,1-e^{\varepsilon^{\prime}-(2\ell-k)\varepsilon}\right\}\leq "
              r"1-\frac{1-\delta^{\prime}}{(1-\delta)^{k}}."))
def kov():
    out = []
    p1, q1 = rr(sympy.Integer(2))
    p, q = product_law(*[p1] * 10), product_law(*[q1] * 10)
    refs = {10: 0, 8: R(256, 19683), 6: R(1600, 19683), 4: R(4816, 19683), 2: R(9460, 19683), 0: R(13981, 19683)}
    for j, ref in refs.items():
        out.append(exact_agreement([kov_delta(log(2), 0, 10, j * log(2)), kov_grid(j, 10, log(2)), hockey(p, q, 2 ** j)],
                                   [ref] * 3, f"e^ε = 2, k = 10, ε' = {j} log 2: formula, KOV grid form, 1024-outcome enumeration"))
    for b in (R(5), R(3, 2), R(100)):
        out.append(exact_agreement(kov_delta(log(2), 0, 10, log(b)), max(hockey(p, q, b), hockey(q, p, b)),
                                   f"off the grid, e^ε' = {b}: formula = enumeration"))
    d0 = R(1, 1000)
    out.append(exact_agreement([kov_delta(log(2), d0, 5, 3 * log(2)), (dominating(log(2), d0) ** 5).delta(3 * log(2))],
                               [R(103262601600433, 10 ** 15)] * 2,
                               "δ = 1/1000, k = 5, ε' = 3 log 2: formula = lattice composition of the (ε,δ) pair = reference"))
    eps = kov_epsilon(R(1, 10), 0, 100, R(1, 10 ** 6))
    out.append(near(eps, "4.77456758810799", 13, "ε₀ = 0.1, k = 100, δ' = 1e-6: ε' vs reference (mpmath bisection)"))
    return establish(combine(out, detail="the proof"),
                     domain="e^ε = 2: k = 10 at 9 values of ε' (enumeration of 1024 outcomes), k = 5 with δ = 1/1000; "
                            "ε₀ = 0.1, k = 100", stated_domain="every k, ε, δ")


@claim(paper=PAPER, label="Section 7 (Murtagh–Vadhan)",
       statement="Heterogeneous pure-DP optimum: δ = Π_j(1+e^{ε_j})^{−1}Σ_{T⊆[k]} max{0, e^{Σ_T ε_j} − e^{ε'}e^{Σ_{T^c} ε_j}}.",
       stated_domain='every k and ε_j', stated_where='Section 7 (Murtagh–Vadhan)')
def murtagh_vadhan():
    laws = [rr(sympy.Integer(x)) for x in (2, 3, 5)]
    p, q = product_law(*[a for a, _ in laws]), product_law(*[b for _, b in laws])
    refs = {1: R(25, 36), 2: R(43, 72), 5: R(5, 12), 10: R(5, 18), 30: 0}
    out = [exact_agreement([mv_delta([log(2), log(3), log(5)], log(b)) for b in refs],
                           [max(hockey(p, q, b), hockey(q, p, b)) for b in refs], "e^{ε_j} = 2, 3, 5: formula = 8-outcome enumeration"),
           exact_agreement([mv_delta([log(2), log(3), log(5)], log(b)) for b in refs], list(refs.values()), "reference values")]
    out.append(exact_agreement([mv_delta([log(2)] * 6, log(b)) for b in (1, 4, 3)], [kov_delta(log(2), 0, 6, log(b)) for b in (1, 4, 3)],
                               "homogeneous MV = KOV"))
    return establish(combine(out, detail="the proof"),
                     domain="e^{ε_j} ∈ {2, 3, 5} at 5 values of ε' (8-outcome enumeration); homogeneous k = 6",
                     stated_domain="every k and ε_j")


@claim(paper=PAPER, label="Footnote 15 (Dwork–Rothblum–Vadhan)",
       statement="k-fold (ε,δ) ⇒ (kε(e^ε−1) + ε√(2k log(1/δ')), kδ + δ')-DP; weaker than Theorem 18/22.",
       stated_domain='every k, ε, δ', stated_where='Section 7, footnote 15',
       quote=(r"151515The original proof showed that the k𝑘k-fold composition of (ε,δ)𝜀𝛿(\varepsilon,\delta)-DP "
              r"algorithms satisfies "
              r"(ε,kδ+δ)superscript𝜀𝑘𝛿superscript𝛿(\varepsilon^{\prime},k\delta+\delta^{\prime})-DP with "
              r"δ>0superscript𝛿0\delta^{\prime}>0 arbitrary and "
              r"ε=kε(eε1)+ε2klog(1/δ)superscript𝜀𝑘𝜀superscript𝑒𝜀1𝜀2𝑘1superscript𝛿\varepsilon^{\prime}=k\varepsilon(e^{\varepsilon}-1)+\varepsilon\cdot\sqrt{2k\log(1/\delta^{\prime})}."))
def footnote_15():
    drv = drv_composition(R(1, 10), 100, R(1, 10 ** 6))
    return establish(combine([exact_agreement(drv, 10 * (exp(R(1, 10)) - 1) + sqrt(2 * 100 * log(10 ** 6)) / 10, "library formula"),
            near(drv, "6.30823095051341", 14, "reference value"),
            ordered([kov_epsilon(R(1, 10), 0, 100, R(1, 10 ** 6)), advanced_composition([R(1, 10)] * 100, R(1, 10 ** 6)), drv],
                    "optimal ≤ Theorem 18 ≤ DRV")], detail="the proof"),
                     domain="ε = 0.1, k = 100, δ' = 10⁻⁶", stated_domain="every k, ε, δ")


# --------------------------------------------------------------------------------------------
# Figures


@claim(paper=PAPER, label="Figure 1",
       statement="ε of k-fold 0.1-DP at δ = 1e-6: basic 0.1k, advanced (Thm 18), optimal (KOV), CDP + Prop 14, and the "
                 "Gaussian with the Laplace variance (ρ = k/400, Cor 10); KOV ≤ CDP ≤ advanced, Gaussian < KOV for k ≥ 10.",
       stated_domain='the plotted setting (k independent 0.1-DP algorithms, δ = 10⁻⁶)', stated_where='Figure 1',
       quote=(r"Figure 1: Comparison of different composition bounds. We compose k𝑘k independent 0.10.10.1-DP "
              r"algorithms to obtain a (ε,106)𝜀superscript106(\varepsilon,10^{-6})-DP guarantee. Theorem 1basic "
              r"composition – gives ε=k0.1𝜀𝑘0.1\varepsilon=k\cdot 0.1. For comparison, we have advanced composition "
              r"(Theorem 18), an optimal bound [KOV15], and Concentrated DP (CDP) with the improved conversion from "
              r"Proposition 14. For comparison, we also consider composing the Gaussian mechanism using Corollary "
              r"10, where the Gaussian noise is scaled to have the same variance as Laplace noise would have to "
              r"attain 0.10.10.1-DP."))
def figure_1():
    from symdp.figures.composition_subsampling import KS, figure1_curves
    curves = figure1_curves()
    names = ["basic composition (Thm 1)", "advanced composition (Thm 18)", "optimal [KOV15]",
             "zCDP, improved conversion (Prop 14)", "Gaussian, same variance (Cor 10)"]
    out = [holds(sorted(curves) == sorted(names), "the figure module plots the caption's five curves")]
    col = {name: dict(zip(KS, curves[name])) for name in names}
    basic, adv, kov_c, cdp, gauss = (col[n] for n in names)
    refs = {1: ("0.530652176976", "0.0999980951607678", "0.429941468837", "0.274014315933"),
            10: ("1.71225813627", "0.999370905721759", "1.47159475053", "0.940515526531"),
            100: ("5.75652176975693", "4.77456758810799", "5.22153444453017", "3.30760072261265")}
    for k, row in refs.items():
        digits = 13 if k == 100 else 11
        for name, ref in zip(names[1:], row):
            out.append(near(col[name][k], ref, digits, f"k = {k}: {name} vs reference (mpmath)"))
    for k in (1, 2, 5, 10, 20, 50, 100):
        out.append(exact_agreement(basic[k], R(k, 10), f"k = {k}: basic = 0.1k"))
        out.append(ordered([kov_c[k], cdp[k], adv[k]], f"k = {k}: KOV ≤ CDP ≤ advanced"))
        out.append(ordered([kov_c[k], basic[k]], f"k = {k}: KOV ≤ basic"))
        pair = [gauss[k], kov_c[k]] if k >= 10 else [kov_c[k], gauss[k]]
        out.append(ordered(pair, f"k = {k}: Gaussian {'<' if k >= 10 else '>'} KOV", strict=True))
    out.append(exact_agreement(adv[10], R(10, 200) + 2 * sqrt(R(10, 200) * log(10 ** 6)),
                               "advanced = CDP with the simple conversion (Remark 15) at ρ = k/200"))
    out.append(certified_agreement(kov_c[100], kov_epsilon(R(1, 10), 0, 100, R(1, 10 ** 6)), 30,
                                   "the module's KOV(100) is the library's optimal composition"))
    return establish(combine(out, detail="the proof"),
                     domain='the plotted setting (k independent 0.1-DP algorithms, δ = 10⁻⁶)',
                     stated_domain='the plotted setting')


@claim(paper=PAPER, label="Figure 2",
       statement="Poisson rate p = 0.05 of a 0.5-zCDP mechanism: Theorem 34 (exact), Proposition 41 and Proposition 42; "
                 "lower bound ≤ exact ≤ min(Prop 41, Prop 42, 0.5α).",
       stated_domain='the plotted setting', stated_where='Figure 2',
       quote=(r"Figure 2: Comparison of Rényi divergence guarantees for Poisson subsampling – i.e., including each "
              r"person with probability p=0.05𝑝0.05p=0.05. The unamplified algorithm satisfies 0.50.50.5-zCDP. The "
              r"exact bound is given by Theorem 34. For comparison, we have the analytic upper bound from "
              r"Proposition 41 as well as the behaviour in the limit given by Proposition 42."))
def figure_2():
    from symdp.figures.composition_subsampling import figure2_curves
    curves = figure2_curves()
    orders, values = curves["exact (Thm 34)"]
    exact_curve = dict(zip(orders, values))
    s, r = R(1, 20), R(1, 2)
    refs = {2: "0.00428650437041898", 3: "0.00726124325278146", 5: "0.0185892354072147", 6: "0.0394013596619765",
            8: "0.601268913989254", 10: "1.67406056378582", 20: "6.84659771884139"}
    out = []
    for a, ref in refs.items():
        value = exact_curve[a]
        out.append(near(value, ref, 14, f"α = {a}: the figure's Theorem 34 value vs reference"))
        out.append(ordered([subsampling_lower_bound(a, s, a * r), value, proposition42_bound(a, s, a * r), a * r],
                           f"α = {a}: lower ≤ exact ≤ Prop 42 ≤ unamplified"))
        if a <= 6:
            out.append(ordered([value, proposition41_zcdp_bound(a, s, r)], f"α = {a}: exact ≤ Prop 41 (ω*)"))
    for a in (3, 6):
        out.append(certified_agreement(exact_curve[a], subsampled_gaussian_rdp(a, s, 1, method="integral"), 25,
                                       f"α = {a}: the figure's value = certified integral"))
    bound_orders, p41 = curves["analytic bound (Prop 41, ω = ω*)"]
    p41 = dict(zip(bound_orders, p41))
    out.append(near(p41[2], "0.013801644098", 10, "Prop 41 at ω* (α = 2) vs reference"))
    out.append(near(dict(zip(*curves["limit (Prop 42)"]))[2], "0.0638422399973", 11, "Prop 42 (α = 2) vs reference"))
    return establish(combine(out, detail="the proof"),
                     domain='the plotted setting',
                     stated_domain='the plotted setting')
