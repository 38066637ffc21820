"""Claims of Steinke, *Composition of Differential Privacy & Privacy Amplification by
Subsampling* (arXiv:2210.00597) that the certified accountant (:mod:`symdp.accounting`) rests
on: δ is a functional of the privacy-loss distribution (Proposition 7) and composition convolves
privacy-loss distributions (Theorem 9, Corollary 10). Each claim checks the accountant's
dominating/dominated discretisations against an independent exact value: the exact lattice
composition of finite pairs, the Gaussian closed form with μ√T, the exact k-fold Laplace
formula and the closed form of one Poisson-subsampled Gaussian step.
"""

from __future__ import annotations

import sympy
from sympy import Rational as R, log, sqrt

from symdp.accounting import delta_bracket, epsilon_bracket
from symdp.central.laplace_composition import laplace_composition_delta
from symdp.numbers import certify
from symdp.central.pairs import gaussian, laplace, randomized_response
from symdp.verify import Evidence, claim, combine, establish

PAPER = "composition-subsampling"


def _brackets(cases, detail: str) -> Evidence:
    """Checked iff lower ≤ truth ≤ upper (decided with exact or certified endpoints) for every
    (bracket, truth, label) case; the data records both ends and the truth."""
    rows, bad = [], []
    for b, truth, label in cases:
        ok = b.contains(truth)
        rows.append({"case": label, "lower": str(b.lower), "upper": str(b.upper), "h": str(b.h),
                     "truth": certify(truth, 15).decimal if not isinstance(truth, sympy.Rational) else str(truth),
                     "inside": ok})
        if not ok:
            bad.append(label)
    status = "failed" if bad else "checked"
    text = detail if not bad else f"{detail}: outside the bracket for {bad}"
    return Evidence("certified", status, text, {"cases": rows})


@claim(paper=PAPER, label="Theorem 9 (certified discretised composition)",
       statement="PrivLoss(ΠP_j‖ΠQ_j) is the convolution of the PrivLoss(P_j‖Q_j); so composing a dominating "
                 "(dominated) grid discretisation of each factor by exact integer polynomial products gives an "
                 "upper (lower) bound on δ(ε) of the product.",
       stated_domain='all pairs and compositions', stated_where='Section 4, Theorem 9 (used numerically)',
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
def theorem_9_discretised():
    rr = randomized_response(log(3))  # losses ±log 3: off every rational grid
    rr_exact = rr ** 15
    on_grid = randomized_response(1)  # losses ±1: on the grid h = 1/40
    cases = [(delta_bracket(rr, 15, e, h=R(1, 40)), rr_exact.delta(e), f"RR(e^ε₀=3)^15, ε={e}")
             for e in (0, R(1, 2), 2, 5)]
    cases += [(delta_bracket(on_grid, 30, e, h=R(1, 40)), (on_grid ** 30).delta(e), f"RR(ε₀=1)^30, ε={e}")
              for e in (1, 4)]
    statement = _brackets(cases, "δ of the exact lattice composition lies in the certified bracket "
                                 "(finite pairs, k = 15 and 30, on and off the grid)")
    lap = [(delta_bracket(laplace(R(1, 2)), 8, e, h=R(1, 50)), laplace_composition_delta(R(1, 2), 8, e),
            f"Laplace(ε₀=1/2)^8, ε={e}") for e in (R(1, 2), 2)]
    mixed = [(delta_bracket([rr, randomized_response(log(2))], None, R(1, 2), h=R(1, 60)),
              (rr @ randomized_response(log(2))).delta(R(1, 2)), "RR(3) × RR(2), heterogeneous, ε=1/2")]
    return establish(statement, _brackets(lap, "exact k-fold Laplace formula inside the bracket"),
                     _brackets(mixed, "heterogeneous composition against the exact product pair"),
                     domain="finite and Laplace pairs at the listed (k, ε)",
                     stated_domain="all pairs and compositions")


@claim(paper=PAPER, label="Corollary 10 (certified discretised Gaussian composition)",
       statement="The T-fold composition of the Gaussian mechanism with parameter μ is the Gaussian mechanism with "
                 "μ√T; the discretised composition's δ and ε brackets contain its closed form.",
       stated_domain='all μ > 0, T ≥ 1', stated_where='Section 4, Corollary 10 (used numerically)',
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
def corollary_10_discretised():
    cases = [(delta_bracket(gaussian(s), t, e, h=R(1, 64)), gaussian(s / sqrt(t)).delta(e), f"σ={s}, T={t}, ε={e}")
             for s, t, e in ((2, 16, R(1, 2)), (R(1, 2), 4, 3), (5, 100, R(1, 4)))]
    statement = _brackets(cases, "δ of N(0,σ²/T) vs N(1,σ²/T) (Corollary 8 closed form) inside the δ bracket")
    eps_cases = [(epsilon_bracket(gaussian(s), t, d, h=R(1, 64)), gaussian(s / sqrt(t)).epsilon(d),
                  f"σ={s}, T={t}, δ={d}") for s, t, d in ((2, 16, R(1, 10 ** 5)), (4, 50, R(1, 10 ** 8)))]
    return establish(statement, _brackets(eps_cases, "certified inversion: ε(δ) of the closed form inside the ε bracket"),
                     domain="the listed (σ, T, ε)", stated_domain="all μ > 0, T ≥ 1")


@claim(paper=PAPER, label="Proposition 7 (discretised subsampled Gaussian)",
       statement="δ(ε) = E[max(0, 1 − e^{ε−Z})] is a functional of the privacy-loss law; for one Poisson-subsampled "
                 "Gaussian step (both neighbouring directions) the dominating/dominated discretisations bracket the "
                 "exact hockey-stick divergence.",
       stated_domain='all pairs', stated_where='Section 3.3, Proposition 7 (used numerically)',
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
def proposition_7_discretised():
    cases = []
    for q, s in ((R(1, 100), 1), (R(1, 10), 1), (R(1, 2), 2)):
        pair = gaussian(s).subsample(q)
        for e in (0, R(1, 100), R(1, 2)):
            cases.append((delta_bracket(pair, 1, e, h=R(1, 100)), pair.delta(e), f"q={q}, σ={s}, ε={e}"))
    statement = _brackets(cases, "the exact δ(ε) = max(q·E_{γ'}(P‖Q), c·E_{γq/c}(Q‖P)) lies in the bracket")
    return establish(statement, domain="the listed (q, σ, ε)", stated_domain="all pairs")
