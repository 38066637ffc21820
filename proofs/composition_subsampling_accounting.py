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
from symdp.laplace_composition import laplace_composition_delta
from symdp.numbers import certify
from symdp.pairs import gaussian, laplace, randomized_response
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
       stated_domain='all pairs and compositions', stated_where='Section 4, Theorem 9 (used numerically)')
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
       stated_domain='all μ > 0, T ≥ 1', stated_where='Section 4, Corollary 10 (used numerically)')
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
       stated_domain='all pairs', stated_where='Section 3.3, Proposition 7 (used numerically)')
def proposition_7_discretised():
    cases = []
    for q, s in ((R(1, 100), 1), (R(1, 10), 1), (R(1, 2), 2)):
        pair = gaussian(s).subsample(q)
        for e in (0, R(1, 100), R(1, 2)):
            cases.append((delta_bracket(pair, 1, e, h=R(1, 100)), pair.delta(e), f"q={q}, σ={s}, ε={e}"))
    statement = _brackets(cases, "the exact δ(ε) = max(q·E_{γ'}(P‖Q), c·E_{γq/c}(Q‖P)) lies in the bracket")
    return establish(statement, domain="the listed (q, σ, ε)", stated_domain="all pairs")
