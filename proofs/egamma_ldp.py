"""Asoodeh–Aliakbarpour–Calmon, *Local differential privacy is equivalent to contraction of
E_γ-divergence* (ISIT 2021, arXiv 2102.01258): Sections II–III and the Appendix steps they use.

Eqs. (1)–(3), (22)–(30), Definition 1, Theorems 1 and 3, Example 1, Lemmas 1–2 and the worst
case of the contraction coefficients over all (ε,δ)-LDP kernels. Sections IV–VII (minimax,
Bayes risk, testing, mutual information) and Figure 1 are in egamma_ldp_risk.py.
"""

from __future__ import annotations

import sympy
from sympy import Rational as R, exp, log

from _idioms import grouped, holds
from _egamma_helpers import (DELTA, DENSITIES, DP, DQ, G, MU, OMEGA, P, QQ, X, XI, averaged, catalog, e_gamma_events,
                             expect, kl, ldp_by_definition, le, positive, product_kernel, push, random_kernel, random_law,
                             rng, sup_events, tv_events)
from symdp.local import (Channel, bsc, bsc_kl_contraction, dominating_kernel, e_gamma, phi,
                         randomized_response, rr_kl_contraction, tensor_power, tv_bounds, worst_case_contraction,
                         worst_case_lp)
from symdp.numbers import sign
from symdp.verify import cited, claim, combine, erratum, establish, exact_agreement, identity, kernel, prove
from symdp.verify.domains import Channel as AnyChannel, ConvexF, Integer, LDPChannel, Laws

PAPER = "egamma-ldp"
#: ε and δ of the domains' relations (no assumptions, so that ε ≥ 0 is a relation, not True).
_ε, _δ = sympy.symbols("epsilon delta", real=True)
#: γ for the domains' relations: a symbol without assumptions, so that γ ≥ 0 is a relation, not True.
GR = sympy.Symbol("gamma", real=True)
#: The exact example of the catalog: P = (1/10, 9/10), Q = (7/10, 3/10).
P0, Q0 = [R(1, 10), R(9, 10)], [R(7, 10), R(3, 10)]
#: E_γ(P‖Q) and TV(P, Q) as named reals, and t = P − γQ, s = P − Q at a point x of the densities (E_γ over general laws).
_E_G, _TV = sympy.symbols("E_gamma TV", real=True)
_T, _S = DP[XI] - GR * DQ[XI], DP[XI] - DQ[XI]


def _random_pairs(seed: int, count: int, n: int, zeros: bool = True):
    r = rng(seed)
    return [(random_law(r, n, zeros=zeros), random_law(r, n, zeros=zeros)) for _ in range(count)]


GAMMAS = [R(0), R(1, 3), R(1, 2), R(1), R(3, 2), R(2), R(7, 2)]


# --------------------------------------------------------------------------------------------
# Section II: E_γ, f-divergences, contraction coefficients


#: Eq. (1)'s domain: γ ≥ 1, laws P, Q with densities against a dominating law μ, the definition (1) of E_γ and the
#: f-divergence of Section II-A's f_γ(t) = max{t − γ, 0}, ∫(dP − γdQ)₊ (the f_γ-divergence written against μ), named F_γ.
_F_G = sympy.Symbol("F_gamma", real=True)
_E_G_DEF_1 = sympy.Eq(_E_G, expect(sympy.Abs(_T)) / 2 - (GR - 1) / 2)
_F_G_IS = sympy.Eq(_F_G, expect(sympy.Max(_T, 0)))
_EQ_1_DOMAIN = [Laws("P", "Q"), GR >= 1, *DENSITIES, _E_G_DEF_1, _F_G_IS]


@claim(PAPER, "Eq. (1)", "For γ ≥ 1, E_γ(P‖Q) = ½∫|dP − γdQ| − ½(γ − 1) (the definition (1)) is the f-divergence of "
                         "f_γ(t) = (t − γ)₊ (Section II-A), ∫(dP − γdQ)₊; at γ = 1 it is TV = ½∫|dP − dQ| (the "
                         "supremum form sup_A [P(A) − γQ(A)] is eq. (23))",
       domain=_EQ_1_DOMAIN,
       stated_domain="γ ≥ 1, probability measures P, Q on a common space (densities against a dominating law μ); "
                     "E_γ by (1), F_γ = ∫(dP − γdQ)₊ the f_γ-divergence", stated_where="Section II, eq. (1)",
       quote=(r"Our main mathematical tool is an equivalent expression for DP in terms of "
              r"𝖀γsubscript𝖀𝛾{\mathsf{E}}_{\gamma}-divergence. Given Ξ³β‰₯1𝛾1\gamma\geq 1, the "
              r"𝖀γsubscript𝖀𝛾{\mathsf{E}}_{\gamma}-divergence between two distributions P𝑃P and Q𝑄Q is defined as "
              r"𝖀γ(Pβˆ₯Q)≔12β€‹βˆ«|dPβˆ’Ξ³β€‹dQ|βˆ’12(Ξ³βˆ’1).≔subscript𝖀𝛾conditional𝑃𝑄12d𝑃𝛾d𝑄12𝛾1{\mathsf{E}}_{\gamma}(P\|Q)\coloneqq\frac{1}{2}\int|\text{d}P-\gamma\text{d}Q|-\frac{1}{2}(\gamma-1). "
              r"(1)"))
def eq_1():
    """The definition (1) is the f_γ-divergence, as kernel steps: |t| = 2t₊ − t for t = P − γQ at every point, integrated
    against μ with ∫P dμ = ∫Q dμ = 1, gives ½∫|dP − γdQ| − ½(γ − 1) = ∫(dP − γdQ)₊ (the events and f-divergence forms are
    cross-checked on finite laws)."""
    sums = [sum(positive(a - g * b) for a, b in zip(p, q)) for p, q in _random_pairs(1, 8, 4) for g in GAMMAS if g >= 1]
    forms = [e_gamma(p, q, g, "eq1") for p, q in _random_pairs(1, 8, 4) for g in GAMMAS if g >= 1]
    events = [sup_events(p, q, g) for p, q in _random_pairs(1, 8, 4) for g in GAMMAS if g >= 1]
    f_div = [sum((b * sympy.Max(a / b - g, 0) for a, b in zip(p, q)), sympy.Integer(0))
             for p, q in _random_pairs(2, 8, 4, zeros=False) for g in GAMMAS if g >= 1]
    events_pos = [sup_events(p, q, g) for p, q in _random_pairs(2, 8, 4, zeros=False) for g in GAMMAS if g >= 1]
    catalog = [e_gamma(P0, Q0, g, "eq1") for g in (1, R(3, 2), 2, 3)]
    plus = 2 * sympy.Max(_T, 0) - _T
    f_form = kernel.decide(kernel.goal(sympy.Eq(_E_G, _F_G), [GR >= 1, *DENSITIES, _E_G_DEF_1, _F_G_IS]),
                           *averaged(sympy.Eq(sympy.Abs(_T), plus), [], plus),
                           detail="½∫|dP − γdQ| − ½(γ − 1) = ∫(dP − γdQ)₊ for γ ≥ 1: |t| = 2t₊ − t integrated against μ")
    return establish(f_form,
                     exact_agreement(forms, events, "32 random 4-point pairs (with zero masses), γ ∈ {1, 3/2, 2, 7/2}: "
                                     "library eq. (1) form = sup over all 16 events"),
                     exact_agreement(sums, events, "Σ(P − γQ)₊ = sup over events"),
                     exact_agreement(f_div, events_pos, "E_Q[(dP/dQ − γ)₊] = sup over events (positive masses)"),
                     exact_agreement(catalog, [R(3, 5), R(9, 20), R(3, 10), 0],
                                     "P = (1/10, 9/10), Q = (7/10, 3/10): E_1 = TV = 3/5, E_{3/2} = 9/20, E_2 = 3/10, E_3 = 0"),
                     domain=_EQ_1_DOMAIN)


@claim(PAPER, "Eq. (2), erratum",
       "D_f(P‖Q) = E_Q[f(dP/dQ)]; t log t gives KL and t² − 1 gives χ², but |t − 1| gives 2·TV, not TV, with the "
       "paper's TV = E_1 = sup_A (P(A) − Q(A)) (used in eq. (28)'s proof); the TV generator is |t − 1|/2",
       stated_domain='“f convex on (0, ∞), f(1) = 0”; the TV example f(t) = |t − 1|', stated_where='Section II, eq. (2)',
       quote=(r"Given a convex function f:(0,∞)→ℝ:𝑓→0ℝf:(0,\infty)\to\mathbb{R} such that f(1)=0𝑓10f(1)=0, the "
              r"f𝑓f-divergence between two probability measures Pβ‰ͺQmuch-less-than𝑃𝑄P\ll Q is defined as [24, 25] "
              r"Df(Pβˆ₯Q)≔𝔼Q[f(dPdQ)].≔subscript𝐷𝑓conditional𝑃𝑄subscript𝔼𝑄delimited-[]𝑓d𝑃d𝑄D_{f}(P\|Q)\coloneqq{\mathbb{E}}_{Q}\Big{[}f\big{(}\frac{\textnormal{d}P}{\textnormal{d}Q}\big{)}\Big{]}. "
              r"(2) Due to convexity of f𝑓f, we have Df(Pβˆ₯Q)β‰₯f(1)=0subscript𝐷𝑓conditional𝑃𝑄𝑓10D_{f}(P\|Q)\geq "
              r"f(1)=0. If, furthermore, f𝑓f is strictly convex at 111, then equality holds if and only P=Q𝑃𝑄P=Q. "
              r"Popular examples of f𝑓f-divergences include f(t)=tlog⁑t𝑓𝑑𝑑𝑑f(t)=t\log t corresponding to KL "
              r"divergence, f(t)=|tβˆ’1|𝑓𝑑𝑑1f(t)=|t-1| corresponding to total variation distance, and "
              r"f(t)=t2βˆ’1𝑓𝑑superscript𝑑21f(t)=t^{2}-1 corresponding to Ο‡2superscriptπœ’2\chi^{2}-divergence."))
def eq_2():
    d = lambda f: sum((b * f(a / b) for a, b in zip(P0, Q0)), sympy.Integer(0))
    printed = d(lambda t: abs(t - 1))
    tv = tv_events(P0, Q0)
    corrected = establish(exact_agreement([d(lambda t: abs(t - 1) / 2), d(lambda t: t ** 2 - 1),
                                           d(lambda t: t * log(t))],
                                          [tv, sum(a * a / b for a, b in zip(P0, Q0)) - 1, kl(P0, Q0)],
                                          "f = |t−1|/2 → TV, t² − 1 → χ² (Σp²/q − 1), t log t → KL at P = (1/10, 9/10), "
                                          "Q = (7/10, 3/10)"), domain="the catalog pair")
    return erratum(sign(printed - tv) == 0, {"P": "1/10, 9/10", "Q": "7/10, 3/10", "D_{|t-1|}": str(printed),
                                             "TV = sup_A (P(A)-Q(A))": str(tv)},
                   corrected, "normalisation: D_{|t−1|} = 6/5 = 2·TV (harmless for contraction coefficients, which "
                   "are scale invariant)", corrected_statement="TV = D_f with f(t) = |t − 1|/2", kind="typo")


@claim(PAPER, "Eq. (3)",
       "η_f(K) = sup D_f(PK‖QK)/D_f(P‖Q): the library's η_TV, η_γ and η_KL bound every ratio, and η_TV, η_γ are "
       "attained at point masses",
       stated_domain='“sup over P, Q with D_f(P‖Q) ≠ 0”, every Markov kernel K', stated_where='Section II, eq. (3)',
       quote=(r"All f𝑓f-divergences satisfy data processing inequality, i.e., "
              r"Df(Pπ–ͺβˆ₯Qπ–ͺ)≀Df(Pβˆ₯Q)subscript𝐷𝑓conditional𝑃π–ͺ𝑄π–ͺsubscript𝐷𝑓conditional𝑃𝑄D_{f}(P{\mathsf{K}}\|Q{\mathsf{K}})\leq "
              r"D_{f}(P\|Q) for any pair of probability distributions (P,Q)𝑃𝑄(P,Q) and Markov kernel "
              r"π–ͺπ–ͺ{\mathsf{K}} [24]. However, in many cases, this inequality is strict. The contraction "
              r"coefficient of Markov kernel π–ͺπ–ͺ{\mathsf{K}} under Dfsubscript𝐷𝑓D_{f}-divergence "
              r"Ξ·f(π–ͺ)subscriptπœ‚π‘“π–ͺ\eta_{f}({\mathsf{K}}) is the smallest number η≀1πœ‚1\eta\leq 1 such that "
              r"Df(Pπ–ͺβˆ₯Qπ–ͺ)≀ηDf(Pβˆ₯Q)subscript𝐷𝑓conditional𝑃π–ͺ𝑄π–ͺπœ‚subscript𝐷𝑓conditional𝑃𝑄D_{f}(P{\mathsf{K}}\|Q{\mathsf{K}})\leq\eta "
              r"D_{f}(P\|Q) for any pair of probability distributions (P,Q)𝑃𝑄(P,Q). Formally, "
              r"Ξ·f(π–ͺ)subscriptπœ‚π‘“π–ͺ\eta_{f}({\mathsf{K}}) is defined as "
              r"Ξ·f(π–ͺ)≔supP,Qβˆˆπ’«β€‹(𝒳):Df(Pβˆ₯Q)β‰ "
              r"0Df(Pπ–ͺβˆ₯Qπ–ͺ)Df(Pβˆ₯Q).≔subscriptπœ‚π‘“π–ͺsubscriptsupremum:𝑃𝑄𝒫𝒳absentsubscript𝐷𝑓conditional𝑃𝑄0subscript𝐷𝑓conditional𝑃π–ͺ𝑄π–ͺsubscript𝐷𝑓conditional𝑃𝑄\eta_{f}({\mathsf{K}})\coloneqq\sup_{\begin{subarray}{c}P,Q\in{\mathcal{P}}({\mathcal{X}}):\\ "
              r"D_{f}(P\|Q)\neq 0\end{subarray}}\frac{D_{f}(P{\mathsf{K}}\|Q{\mathsf{K}})}{D_{f}(P\|Q)}. (3)"))
def eq_3():
    r = rng(3)
    ok, attained = [], []
    for _ in range(6):
        rows = random_kernel(r, 3, 3)
        ch = Channel(rows)
        eta_tv, eta_g, eta_kl = ch.contraction("tv"), ch.contraction(("e_gamma", R(3, 2))), ch.contraction("kl")
        for _ in range(6):
            p, q = random_law(r, 3), random_law(r, 3)
            pk, qk = push(p, rows), push(q, rows)
            ok.append(le(tv_events(pk, qk), eta_tv * tv_events(p, q)))
            ok.append(le(e_gamma_events(pk, qk, R(3, 2)), eta_g * e_gamma_events(p, q, R(3, 2))))
            ok.append(le(kl(pk, qk), eta_kl * kl(p, q)))
        attained.append(max((tv_events(a, b) for a in rows for b in rows), key=lambda v: float(v)) == eta_tv)
    return establish(holds(all(ok) and all(attained),
                           "6 random 3×3 kernels × 6 random input pairs: TV, E_{3/2} (exact) and KL (certified) ratios "
                           "≤ the library coefficient; η_TV attained by a pair of point masses"),
                     domain="random 3×3 kernels", stated_domain="all kernels")


#: Eq. (22)'s domain: γ ≥ 0, laws P, Q with densities against a dominating law μ, E_γ(P‖Q) = ∫(dP − γdQ)₊ − (1 − γ)₊ —
#: the f-divergence (2) of the paper's f_γ(t) = max{t − γ, 0} (Section II-A), less f_γ(1) = (1 − γ)₊ so that f(1) = 0
#: as (2) requires for γ < 1 (the convention of (22)–(24)) — and ∫|dP − γdQ|, the integral (22) writes, named L_γ.
_L_G = sympy.Symbol("L_gamma", real=True)
_E_G_PLUS = sympy.Eq(_E_G, expect(sympy.Max(_T, 0)) - sympy.Max(1 - GR, 0))
_L_G_IS = sympy.Eq(_L_G, expect(sympy.Abs(_T)))
_EQ_22_DOMAIN = [Laws("P", "Q"), GR >= 0, *DENSITIES, _E_G_PLUS, _L_G_IS]


@claim(PAPER, "Eq. (22)", "For every γ ≥ 0, E_γ(P‖Q) = ½∫|dP − γdQ| − ½|1 − γ| (the (1 − γ)₊ convention)",
       domain=_EQ_22_DOMAIN,
       stated_domain="γ ≥ 0, probability measures P, Q (densities against a dominating law μ); E_γ = ∫(dP − γdQ)₊ − "
                     "(1 − γ)₊, the f_γ-divergence with f_γ(1) subtracted; L_γ = ∫|dP − γdQ|",
       stated_where="Appendix, eq. (22)",
       quote=(r"We begin by some alternative expressions for 𝖀γsubscript𝖀𝛾{\mathsf{E}}_{\gamma}-divergence that are "
              r"useful for the subsequent proofs. It is straightforward to show that for any Ξ³β‰₯0𝛾0\gamma\geq 0, "
              r"we have 𝖀γ(Pβˆ₯Q)subscript𝖀𝛾conditional𝑃𝑄\displaystyle{\mathsf{E}}_{\gamma}(P\|Q) "
              r"=12β€‹βˆ«|dPβˆ’Ξ³β€‹dQ|βˆ’12|1βˆ’Ξ³|absent12d𝑃𝛾d𝑄121𝛾\displaystyle=\frac{1}{2}\int|\textnormal{d}P-\gamma\textnormal{d}Q|-\frac{1}{2}|1-\gamma| "
              r"(22)"))
def eq_22():
    """Eq. (22) as kernel steps: |t| = 2t₊ − t for t = P − γQ at every point, integrated against μ with
    ∫P dμ = ∫Q dμ = 1, gives ∫|dP − γdQ| = 2∫(dP − γdQ)₊ − (1 − γ); and ½(1 − γ) + ½|1 − γ| = (1 − γ)₊."""
    lib = [e_gamma(p, q, g, "eq22") for p, q in _random_pairs(22, 6, 4) for g in GAMMAS]
    brute = [e_gamma_events(p, q, g) for p, q in _random_pairs(22, 6, 4) for g in GAMMAS]
    catalog = [e_gamma(P0, Q0, g, "eq22") for g in (R(1, 2), 1, R(3, 2), 2, 3)]
    plus = 2 * sympy.Max(_T, 0) - _T
    form = kernel.decide(kernel.goal(sympy.Eq(_E_G, _L_G / 2 - sympy.Abs(1 - GR) / 2), [GR >= 0, *DENSITIES, _E_G_PLUS, _L_G_IS]),
                         *averaged(sympy.Eq(sympy.Abs(_T), plus), [], plus),
                         detail="∫(dP − γdQ)₊ − (1 − γ)₊ = ½∫|dP − γdQ| − ½|1 − γ| for every γ ≥ 0")
    return establish(form,
                     exact_agreement(lib, brute, "24 random 4-point pairs × 7 values of γ ∈ [0, 7/2]: eq. (22) = "
                                     "sup over events − (1−γ)₊"),
                     exact_agreement(catalog, [R(1, 4), R(3, 5), R(9, 20), R(3, 10), 0],
                                     "P = (1/10, 9/10), Q = (7/10, 3/10): E_{1/2} = 1/4, …, E_3 = 0"),
                     domain=_EQ_22_DOMAIN)


#: sup_A [P(A) − γQ(A)] over the events A (measurable sets of outcomes, 1_A = A[x]), each P(A) − γQ(A) written as
#: ∫_A (dP − γdQ) = E_μ[1_A(p − γq)], named S_γ.
_A = kernel.Event("A")
_S_G = sympy.Symbol("S_gamma", real=True)
_EVENTS_SUP = kernel.Sup(expect(_A[XI] * _T), (_A,))
_EQ_23_DOMAIN = [Laws("P", "Q"), GR >= 0, *DENSITIES, _E_G_PLUS, sympy.Eq(_S_G, _EVENTS_SUP)]


@claim(PAPER, "Eq. (23)", "For every γ ≥ 0, E_γ(P‖Q) = sup_A [P(A) − γQ(A)] − (1 − γ)₊",
       domain=_EQ_23_DOMAIN,
       stated_domain='γ ≥ 0, probability measures P, Q (densities against a dominating law μ); E_γ = ∫(dP − γdQ)₊ − '
                     '(1 − γ)₊ (eq. 22\'s convention); S_γ = sup over events A of P(A) − γQ(A) = ∫_A (dP − γdQ)',
       stated_where='Appendix, eq. (23)',
       quote=(r"We begin by some alternative expressions for 𝖀γsubscript𝖀𝛾{\mathsf{E}}_{\gamma}-divergence that are "
              r"useful for the subsequent proofs. It is straightforward to show that for any Ξ³β‰₯0𝛾0\gamma\geq 0, "
              r"we have 𝖀γ(Pβˆ₯Q)subscript𝖀𝛾conditional𝑃𝑄\displaystyle{\mathsf{E}}_{\gamma}(P\|Q) "
              r"=12β€‹βˆ«|dPβˆ’Ξ³β€‹dQ|βˆ’12|1βˆ’Ξ³|absent12d𝑃𝛾d𝑄121𝛾\displaystyle=\frac{1}{2}\int|\textnormal{d}P-\gamma\textnormal{d}Q|-\frac{1}{2}|1-\gamma| "
              r"(22) "
              r"=supAβŠ‚π’³[P(A)βˆ’Ξ³β€‹Q(A)]βˆ’(1βˆ’Ξ³)+absentsubscriptsupremum𝐴𝒳delimited-[]𝑃𝐴𝛾𝑄𝐴subscript1𝛾\displaystyle=\sup_{A\subset{\mathcal{X}}}\left[P(A)-\gamma "
              r"Q(A)\right]-(1-\gamma)_{+} (23)"))
def eq_23():
    """Eq. (23) as kernel steps over all laws P, Q: 1_A(p − γq) ≤ (p − γq)₊ at every x for every event A, integrated
    against μ, bounds every P(A) − γQ(A) by ∫(dP − γdQ)₊ = E_γ + (1 − γ)₊, hence the supremum; the event
    A* = {p > γq} attains it (1_{A*}(p − γq) = (p − γq)₊, integrated; the two integrands are integrable together)."""
    lib = [e_gamma(p, q, g, "eq23") for p, q in _random_pairs(23, 6, 5) for g in GAMMAS]
    brute = [e_gamma_events(p, q, g) for p, q in _random_pairs(23, 6, 5) for g in GAMMAS]
    diag = [e_gamma(p, p, g, "eq23") for p, _ in _random_pairs(24, 3, 4) for g in GAMMAS]
    hyps, plus = [GR >= 0, *DENSITIES, _E_G_PLUS], sympy.Max(1 - GR, 0)
    every = kernel.decide(kernel.goal(_A[XI] * _T <= sympy.Max(_T, 0)), detail="1_A(p − γq) ≤ (p − γq)₊ at every x")
    each = kernel.decide(kernel.goal(expect(_A[XI] * _T) <= _E_G + plus, hyps), kernel.expected(every, XI, MU),
                         detail="P(A) − γQ(A) ≤ ∫(dP − γdQ)₊ = E_γ + (1 − γ)₊ for every event A")
    attaining = sympy.Piecewise((1, _T > 0), (0, True))
    at_star = kernel.decide(kernel.goal(sympy.Eq(attaining * _T, sympy.Max(_T, 0))),
                            detail="1_{p > γq}(p − γq) = (p − γq)₊ at every x")
    form = kernel.decide(kernel.goal(sympy.Eq(_E_G, _S_G - plus), [*hyps, sympy.Eq(_S_G, _EVENTS_SUP)]),
                         kernel.supremum(each, _A), kernel.member(_EVENTS_SUP, (XI, attaining)),
                         kernel.expected(at_star, XI, MU), kernel.equally_integrable(at_star, XI, MU),
                         detail="E_γ = sup_A [P(A) − γQ(A)] − (1 − γ)₊: every event is below ∫(dP − γdQ)₊ and "
                                "{p > γq} attains it")
    return establish(form,
                     exact_agreement(lib, brute, "24 random 5-point pairs × 7 values of γ: library = sup over all 32 "
                                     "events − (1−γ)₊"),
                     exact_agreement(diag, [0] * len(diag), "E_γ(P‖P) = 0 for every γ ≥ 0 (what the (1−γ)₊ is for)"),
                     domain=_EQ_23_DOMAIN)


#: Eq. (24)'s event {log dP/dQ > log γ} as a test value at x: the paper's convention log(p/0) = +∞ (q = 0 < p) and
#: log 0 = −∞ (p = 0, and γ = 0) makes it the event {p > γq} at every x (proved for p, q, γ > 0 by the monotone log:
#: the cross-check of eq_24), a two-branch indicator defined everywhere.
_LR_EVENT = sympy.Piecewise((1, DP[XI] > GR * DQ[XI]), (0, True))
#: P(log dP/dQ > log γ) and Q(log dP/dQ > log γ), named: E_μ[1_B P] and E_μ[1_B Q] (defined for all laws: 0 ≤ 1_B P ≤ P).
_P_B, _Q_B = sympy.symbols("P_B Q_B", real=True)
_B_IS = [sympy.Eq(_P_B, expect(_LR_EVENT * DP[XI])), sympy.Eq(_Q_B, expect(_LR_EVENT * DQ[XI]))]
_EQ_24_DOMAIN = [Laws("P", "Q"), GR >= 0, *DENSITIES, _E_G_PLUS, *_B_IS]


def _log_event() -> object:
    """{log(p/q) > log γ} = {p > γq} where p, q, γ > 0 (log strictly increasing, instantiated both ways; equal
    ratios give equal logs): the likelihood-ratio event of (24) away from the convention's infinities."""
    u, a, c = sympy.symbols("u a c", real=True)
    inc = kernel.increasing(log(u), u, a, c, [a > 0], strict=True, detail="log is strictly increasing on (0, ∞)")
    ratio, pos = DP[XI] / DQ[XI], [GR > 0, DP[XI] > 0, DQ[XI] > 0]
    up = kernel.instantiate(inc, {a: GR, c: ratio}, [*pos, GR < ratio])
    down = kernel.instantiate(inc, {a: ratio, c: GR}, [*pos, ratio < GR])
    return kernel.decide(kernel.goal(sympy.Eq(sympy.Piecewise((1, log(ratio) > log(GR)), (0, True)), _LR_EVENT), pos),
                         up, down, detail="1{log(p/q) > log γ} = 1{p > γq} for p, q, γ > 0")


@claim(PAPER, "Eq. (24)", "For every γ ≥ 0, E_γ(P‖Q) = P(log dP/dQ > log γ) − γQ(log dP/dQ > log γ) − (1 − γ)₊",
       domain=_EQ_24_DOMAIN,
       stated_domain='γ ≥ 0, probability measures P, Q (densities against a dominating law μ); E_γ = ∫(dP − γdQ)₊ − '
                     '(1 − γ)₊ (eq. 22\'s convention); the event B = {log dP/dQ > log γ} read with log(p/0) = +∞, '
                     'log 0 = −∞, i.e. {p > γq}; P_B = P(B), Q_B = Q(B)',
       stated_where='Appendix, eq. (24)',
       quote=(r"We begin by some alternative expressions for 𝖀γsubscript𝖀𝛾{\mathsf{E}}_{\gamma}-divergence that are "
              r"useful for the subsequent proofs. It is straightforward to show that for any Ξ³β‰₯0𝛾0\gamma\geq 0, "
              r"we have 𝖀γ(Pβˆ₯Q)subscript𝖀𝛾conditional𝑃𝑄\displaystyle{\mathsf{E}}_{\gamma}(P\|Q) "
              r"=12β€‹βˆ«|dPβˆ’Ξ³β€‹dQ|βˆ’12|1βˆ’Ξ³|absent12d𝑃𝛾d𝑄121𝛾\displaystyle=\frac{1}{2}\int|\textnormal{d}P-\gamma\textnormal{d}Q|-\frac{1}{2}|1-\gamma| "
              r"(22) "
              r"=supAβŠ‚π’³[P(A)βˆ’Ξ³β€‹Q(A)]βˆ’(1βˆ’Ξ³)+absentsubscriptsupremum𝐴𝒳delimited-[]𝑃𝐴𝛾𝑄𝐴subscript1𝛾\displaystyle=\sup_{A\subset{\mathcal{X}}}\left[P(A)-\gamma "
              r"Q(A)\right]-(1-\gamma)_{+} (23) "
              r"=P(log⁑dPdQ>log⁑γ)βˆ’Ξ³β€‹Q(log⁑dPdQ>log⁑γ)absent𝑃d𝑃d𝑄𝛾𝛾𝑄d𝑃d𝑄𝛾\displaystyle=P\big{(}\log\frac{\text{d}P}{\text{d}Q}>\log\gamma\big{)}-\gamma "
              r"Q\big{(}\log\frac{\text{d}P}{\text{d}Q}>\log\gamma\big{)} "
              r"βˆ’(1βˆ’Ξ³)+.subscript1𝛾\displaystyle\quad-(1-\gamma)_{+}. (24)"))
def eq_24():
    """Eq. (24) as kernel steps over all laws P, Q: with B = {p > γq} (the paper's {log dP/dQ > log γ}),
    1_B·(p − γq) = (p − γq)₊ at every x, integrated against μ: P(B) − γQ(B) = ∫(dP − γdQ)₊ = E_γ + (1 − γ)₊."""
    pairs = _random_pairs(240, 8, 4)
    lib = [e_gamma(p, q, g, "eq24") for p, q in pairs for g in GAMMAS]
    brute = [e_gamma_events(p, q, g) for p, q in pairs for g in GAMMAS]
    body = _LR_EVENT * DP[XI] - GR * (_LR_EVENT * DQ[XI])
    attained = kernel.decide(kernel.goal(sympy.Eq(_E_G, _P_B - GR * _Q_B - sympy.Max(1 - GR, 0)),
                                         [GR >= 0, *DENSITIES, _E_G_PLUS, *_B_IS]),
                             *averaged(sympy.Eq(body, sympy.Max(_T, 0)), [], body),
                             detail="E_γ = P(B) − γQ(B) − (1 − γ)₊ for B = {p > γq}: 1_B(p − γq) = (p − γq)₊ integrated "
                                    "against μ")
    return establish(attained,
                     _log_event(),
                     exact_agreement(lib, brute, "32 random 4-point pairs with zero masses (log ratios ±∞) × 7 values "
                                     "of γ: the likelihood-ratio event attains the sup"),
                     domain=_EQ_24_DOMAIN)


#: Eq. (28)'s domain: γ ≥ 1, laws P, Q with densities P[x], Q[x] against a dominating law μ, and the paper's two names:
#: E_γ(P‖Q) = ½∫|dP − γdQ| − ½(γ − 1) (eq. 1; written with |1 − γ|, the same for γ ≥ 1, so that the upper bound can be
#: stated for every γ ≥ 0 with eq. (22)'s convention) and TV(P, Q) = E_1(P‖Q) = ½∫|dP − dQ|.
_E_G_IS = sympy.Eq(_E_G, expect(sympy.Abs(_T)) / 2 - sympy.Abs(1 - GR) / 2)
_TV_IS = sympy.Eq(_TV, expect(sympy.Abs(_S)) / 2)
_EQ_28_DOMAIN = [Laws("P", "Q"), GR >= 1, *DENSITIES, _E_G_IS, _TV_IS]


@claim(PAPER, "Eq. (28)", "1 − γ(1 − TV(P,Q)) ≤ E_γ(P‖Q) ≤ TV(P,Q) for γ ≥ 1; the upper bound for every γ ≥ 0",
       domain=_EQ_28_DOMAIN,
       stated_domain='“for γ ≥ 1”, all P, Q (the upper bound for every γ ≥ 0), with densities P, Q against a dominating '
                     'law μ; E_γ = ½∫|dP − γdQ| − ½|1 − γ| (eq. 1 for γ ≥ 1), TV = E_1 = ½∫|dP − dQ|',
       stated_where='Appendix, proof of Lemma 1, eq. (28)',
       quote=(r"We first show the following upper and lower bounds for 𝖀γsubscript𝖀𝛾{\mathsf{E}}_{\gamma}-divergence "
              r"in terms of the total variation distance. Claim. For any distributions P𝑃P and Q𝑄Q on "
              r"𝒳𝒳{\mathcal{X}} and any Ξ³β‰₯1𝛾1\gamma\geq 1, we have "
              r"1βˆ’Ξ³β€‹(1βˆ’π–³π–΅β€‹(Pβˆ₯Q))≀𝖀γ(Pβˆ₯Q)≀𝖳𝖡(P,Q).1𝛾1𝖳𝖡conditional𝑃𝑄subscript𝖀𝛾conditional𝑃𝑄𝖳𝖡𝑃𝑄1-\gamma(1-{\mathsf{TV}}(P\|Q))\leq{\mathsf{E}}_{\gamma}(P\|Q)\leq{\mathsf{TV}}(P,Q). "
              r"(28)"))
def eq_28():
    """Eq. (28) from two pointwise facts about the densities, integrated against μ (kernel steps): with t = P − γQ and
    s = P − Q, t = s + (1 − γ)Q gives |t| ≤ |s| + |1 − γ|Q for every γ, so E|t| ≤ E|s| + |1 − γ|, i.e.
    E_γ ≤ TV; and for γ ≥ 1, |t| ≥ γ|s| + (1 − γ)P (on P ≥ Q it is t ≤ |t|; on P < Q, |t| = γQ − P), so
    E|t| ≥ 2γ·TV + 1 − γ, i.e. E_γ ≥ 1 − γ(1 − TV)."""
    ok = []
    for p, q in _random_pairs(28, 12, 4):
        tv = tv_events(p, q)
        for g in GAMMAS:
            e = e_gamma_events(p, q, g)
            ok.append(le(e, tv))
            if g >= 1:
                lo, hi = tv_bounds(tv, g)
                ok.append(le(lo, e) and hi == tv)
    catalog = [tv_bounds(R(3, 5), 2), tv_bounds(R(3, 5), R(3, 2))]
    names = [*DENSITIES, _E_G_IS, _TV_IS]
    upper = kernel.decide(kernel.goal(_E_G <= _TV, [GR >= 0, *names]),
                          *averaged(sympy.Abs(_T) - sympy.Abs(1 - GR) * DQ[XI] <= sympy.Abs(_S), [GR >= 0],
                                    sympy.Abs(_T) - sympy.Abs(1 - GR) * DQ[XI]),
                          detail="E_γ ≤ TV for every γ ≥ 0: |P − γQ| ≤ |P − Q| + |1 − γ|Q integrated against μ")
    lower = kernel.decide(kernel.goal(1 - GR * (1 - _TV) <= _E_G, [GR >= 1, *names]),
                          *averaged(sympy.Abs(_T) >= GR * sympy.Abs(_S) + (1 - GR) * DP[XI], [GR >= 1],
                                    GR * sympy.Abs(_S) + (1 - GR) * DP[XI]),
                          detail="1 − γ(1 − TV) ≤ E_γ for γ ≥ 1: |P − γQ| ≥ γ|P − Q| + (1 − γ)P integrated against μ")
    return establish(combine(upper, lower, detail="both bounds of (28) over all laws P, Q"),
                     holds(all(ok), "48 random 4-point pairs × 7 values of γ (exact, events enumerated)"),
                     exact_agreement([catalog[0][0], catalog[1][0]], [R(1, 5), R(2, 5)],
                                     "catalog pair: γ = 2 gives 1/5 ≤ 3/10 ≤ 3/5, γ = 3/2 gives 2/5 ≤ 9/20 ≤ 3/5"),
                     domain=_EQ_28_DOMAIN)


# --------------------------------------------------------------------------------------------
# Theorems 3 and 1 and eq. (29) over every Markov kernel, as kernel steps
#
# The objects: input laws P, Q are Law variables (so that a point mass δ_u is a member of the laws); K is a
# Markov kernel variable, K[B, s] = K(B|s) for an output event B (in [0, 1], measurable in s); PK(B) =
# E_P K(B|X). For γ ≥ 1 ((1 − γ)₊ = 0), E_γ of the output laws is eq. (23)'s supremum over the output events,
# E_γ(PK‖QK) = sup_C [PK(C) − γQK(C)], and E_γ(K_u‖K_v) = sup_B [K(B|u) − γK(B|v)]; E_γ(P‖Q) of the input
# laws is the supremum over the tests b: ℝ → [0, 1] of E_P b − γE_Q b, which equals eq. (23)'s supremum over
# the events (a test is a mixture of indicators: ∫b d(P − γQ) ≤ (P − γQ)(S⁺) for the positive set S⁺ of the
# Hahn decomposition, and the events are tests). η_γ(K) is eq. (3)'s supremum over P, Q of the ratio, which
# is undefined where E_γ(P‖Q) = 0: exactly the paper's "D(P‖Q) ≠ 0".

_s, _u, _v, _x, _y, _m, _l = sympy.symbols("s u v x y m l", real=True)
#: the bound inputs of the two-point supremum (never free in a step)
_X1, _X2 = sympy.symbols("x1 x2", real=True)
_OO = sympy.oo
_PL, _QL = kernel.Law("P"), kernel.Law("Q")
_TB = kernel.Test("b")
_EB, _EC = kernel.Event("B"), kernel.Event("C")
_KM = kernel.MarkovKernel("K")


def _whole_line(t) -> list:
    return [sympy.Le(-_OO, t, evaluate=False), sympy.Le(t, _OO, evaluate=False)]


def _e_in(g, p=_PL, q=_QL):
    """E_γ(P‖Q) for γ ≥ 1: sup over the tests b of E_P b − γE_Q b."""
    return kernel.Sup(kernel.Expect(_TB[_s], (_s, p)) - g * kernel.Expect(_TB[_s], (_s, q)), (_TB,))


def _e_out(g, p=_PL, q=_QL):
    """E_γ(PK‖QK) for γ ≥ 1: sup over the output events C of E_P K(C|X) − γE_Q K(C|X)."""
    return kernel.Sup(kernel.Expect(_KM[_EC, _s], (_s, p)) - g * kernel.Expect(_KM[_EC, _s], (_s, q)), (_EC,))


def _e_rows(g, a, c):
    """E_γ(K_a‖K_c) for γ ≥ 1: sup over the output events B of K(B|a) − γK(B|c)."""
    return kernel.Sup(_KM[_EB, a] - g * _KM[_EB, c], (_EB,))


def _two_point(g):
    """sup_{u,v} E_γ(K_u‖K_v)."""
    return kernel.Sup(kernel.Sup(_e_rows(g, _X1, _X2), (_X1, -_OO, _OO)), (_X2, -_OO, _OO))


def _over_points(g, rows, rhs, hyps, defs=()):
    """sup_{x1,x2} E_γ(K_x1‖K_x2) ≤ rhs from hyps ⇒ E_γ(K_u‖K_v) ≤ rhs for all u, v (rhs, hyps free of u, v):
    suprema over u, then v, with the indices renamed to the two-point supremum's. `defs`: rhs's definedness
    (Converges of a supremum in it), carried as hypotheses through the steps and given by the final goal's."""
    inner = [*hyps, *defs]
    t_u = kernel.Sup(_e_rows(g, _u, _v), (_u, -_OO, _OO))
    over_u = kernel.supremum(kernel.decide(kernel.goal(_e_rows(g, _u, _v) <= rhs, [*inner, *_whole_line(_u)]), rows),
                             _u, -_OO, _OO)
    t_x1 = kernel.Sup(_e_rows(g, _X1, _v), (_X1, -_OO, _OO))
    step = kernel.decide(kernel.goal(t_x1 <= rhs, [*inner, *_whole_line(_v)]), over_u, kernel.rename(t_u, _X1),
                         detail="the index renamed u → x1")
    over_v = kernel.supremum(step, _v, -_OO, _OO)
    return kernel.decide(kernel.goal(_two_point(g) <= rhs, hyps), over_v, kernel.rename(kernel.Sup(t_x1, (_v, -_OO, _OO)), _X2),
                         detail="the index renamed v → x2")


def _eta(g):
    """η_γ(K) (eq. 3): sup over the laws P, Q of E_γ(PK‖QK)/E_γ(P‖Q)."""
    return kernel.Sup(kernel.Sup(_e_out(g) / _e_in(g), (_PL,)), (_QL,))


def _e_in_bounds(g):
    """0 ≤ E_γ(P‖Q) (the test 0) and, for γ ≥ 1, E_γ(P‖Q) ≤ 1 (every E_P b − γE_Q b ≤ 1)."""
    zero, one = sympy.Integer(0), sympy.Integer(1)
    lin0 = [kernel.linear(kernel.Expect(zero, (_s, law))) for law in (_PL, _QL)]
    int0 = [kernel.integrable(kernel.Expect(zero, (_s, law))) for law in (_PL, _QL)]
    lo = kernel.decide(kernel.goal(_e_in(g) >= 0), kernel.member(_e_in(g), (_s, zero)), *lin0, *int0,
                       detail="the test 0 gives E_P 0 − γE_Q 0 = 0 ≤ E_γ(P‖Q)")
    b_le = kernel.expected(kernel.decide(kernel.goal(_TB[_s] <= 1)), _s, _PL)
    b_ge = kernel.expected(kernel.decide(kernel.goal(sympy.Le(0, _TB[_s], evaluate=False))), _s, _QL)
    each = kernel.decide(kernel.goal(kernel.Expect(_TB[_s], (_s, _PL)) - g * kernel.Expect(_TB[_s], (_s, _QL)) <= 1,
                                     [g >= 1]),
                         b_le, b_ge, kernel.linear(kernel.Expect(one, (_s, _PL))), lin0[1], int0[1],
                         kernel.integrable(kernel.Expect(one, (_s, _PL))),
                         detail="E_P b − γE_Q b ≤ 1 − 0 for a test b ∈ [0, 1] and γ ≥ 1")
    return lo, kernel.supremum(each, _TB)


def _goal_of(ev) -> object:
    from symdp.verify.goals import Goal
    return Goal.from_json(ev.data["goals"][0])


def _event_bound(g, value, bound, to_bound, e_lo, e_hi, point=None):
    """E_P f − γE_Q f ≤ E_γ(P‖Q)·H for f(s) = value(s) ∈ [0, 1] and H = `bound`, given `to_bound`:
    ∀ x, y: f(x) − γf(y) ≤ H. With M = sup f and L = max((M − H)/γ, 0): L ≤ f ≤ M (H bounds M − γf(y)), so
    f = L + (M − L)·t with t = clamp((f − L)/(M − L)) a test; E_P f − γE_Q f = L(1 − γ) + (M − L)(E_P t −
    γE_Q t) ≤ L(1 − γ) + (M − L)e with e = E_γ(P‖Q) ∈ [0, 1], and that is ≤ eH (nlsat). With `point` = a, the
    same for Q the point mass δ_a (E_Q g read as g(a)); `e_lo`, `e_hi` are then the bounds of E_γ(P‖δ_a)."""
    top = kernel.Sup(value(_x), (_x, -_OO, _OO))
    low = sympy.Max((top - bound) / g, 0)
    below = kernel.supremum(kernel.decide(kernel.goal(value(_x) <= bound + g * value(_y), _whole_line(_x)), to_bound,
                                          detail="f(x) ≤ H + γf(y)"), _x, -_OO, _OO)
    inside = kernel.decide(kernel.goal(sympy.And(low <= value(_s), value(_s) <= top), [g >= 1]),
                           kernel.instantiate(below, {_y: _s}), kernel.member(top, _s),
                           detail="L = max((M − H)/γ, 0) ≤ f(s) ≤ M = sup f")
    sig = {_m: top, _l: low}
    clamp = sympy.Piecewise((sympy.Min(sympy.Max((value(_s) - _l) / (_m - _l), 0), 1), _m > _l), (0, True))
    body = _l + (_m - _l) * clamp
    facts, t_exp = [], None
    for law in (_PL, _QL) if point is None else (_PL,):
        lin = kernel.linear(kernel.Expect(body, (_s, law)))
        t_exp = next(e for e in _goal_of(lin).conclusion.atoms(kernel.Expect) if e.function != body).function
        whole = kernel.integrable(kernel.Expect(body, (_s, law)))
        part = kernel.dominated(kernel.Integrable(t_exp, (_s, law)), sympy.Integer(1))
        facts += [kernel.instantiate(lin, sig, [g >= 1]),
                  kernel.instantiate(whole, sig, [g >= 1, kernel.Integrable(t_exp.xreplace(sig), (_s, law))]),
                  kernel.instantiate(part, sig, [g >= 1, *[h.xreplace(sig) for h in _goal_of(part).hypotheses]]),
                  kernel.integrable(kernel.Expect(sympy.Integer(1), (_s, law)))]
    split = kernel.decide(kernel.goal(sympy.Eq(value(_s), body.xreplace(sig)), [g >= 1]), inside,
                          detail="f(s) = L + (M − L)·t(s), t the clamped test (f(s) − L)/(M − L)")
    facts += [kernel.expected(split, _s, _PL)]
    if point is None:
        facts += [kernel.expected(split, _s, _QL)]
        e_in, q_side = _e_in(g), kernel.Expect(value(_s), (_s, _QL))
    else:
        plain = kernel.decide(kernel.goal(sympy.Eq(value(_s), (_l + (_m - _l) * t_exp).xreplace(sig)), [g >= 1]), inside,
                              detail="f(s) = L + (M − L)·t(s) with t as the linear split writes it")
        facts += [kernel.instantiate(plain, {_s: point})]
        e_in, q_side = _point_reading(_e_in(g), point), value(point)
    test = kernel.instantiate(kernel.member(e_in, (_s, t_exp)), sig, [g >= 1])
    ends = kernel.instantiate(inside, {_s: 0})
    if point is not None:  # two smaller steps (each solver then answers the side conditions)
        mid = kernel.decide(kernel.goal(kernel.Expect(value(_s), (_s, _PL)) - g * q_side <= low * (1 - g) + (top - low) * e_in,
                                        [g >= 1]), *facts, test, ends,
                            detail="E_P f − γf(a) = L(1 − γ) + (M − L)(E_P t − γt(a)) ≤ L(1 − γ) + (M − L)E_γ(P‖δ_a)")
        facts, test = [mid], ends
    return kernel.decide(kernel.goal(kernel.Expect(value(_s), (_s, _PL)) - g * q_side <= e_in * bound, [g >= 1]),
                         *facts, test, e_lo, e_hi, ends,
                         detail="E_P f − γE_Q f = L(1 − γ) + (M − L)(E_P t − γE_Q t) ≤ E_γ(P‖Q)·H (nlsat: "
                                "E_γ(P‖Q) ∈ [0, 1], γ ≥ 1, L = max((M − H)/γ, 0))")


def _e_in_bounds_at(g, point):
    """0 ≤ E_γ(P‖δ_a) (the test 0) and, for γ ≥ 1, E_γ(P‖δ_a) ≤ 1 (E_P b − γb(a) ≤ 1)."""
    zero, one = sympy.Integer(0), sympy.Integer(1)
    e_in = _point_reading(_e_in(g), point)
    lo = kernel.decide(kernel.goal(e_in >= 0), kernel.member(e_in, (_s, zero)), kernel.linear(kernel.Expect(zero, (_s, _PL))),
                       kernel.integrable(kernel.Expect(zero, (_s, _PL))), detail="the test 0: E_γ(P‖δ_a) ≥ 0")
    each = kernel.decide(kernel.goal(kernel.Expect(_TB[_s], (_s, _PL)) - g * _TB[point] <= 1, [g >= 1]),
                         kernel.expected(kernel.decide(kernel.goal(_TB[_s] <= 1)), _s, _PL),
                         kernel.linear(kernel.Expect(one, (_s, _PL))), kernel.integrable(kernel.Expect(one, (_s, _PL))),
                         detail="E_P b − γb(a) ≤ 1 − 0")
    return lo, kernel.supremum(each, _TB)


def _e_out_hi_at(g, point):
    """E_γ(PK‖δ_aK) ≤ 1 for γ ≥ 1 (PK(C) − γK(C|a) ≤ 1)."""
    one = sympy.Integer(1)
    each = kernel.decide(kernel.goal(kernel.Expect(_KM[_EC, _s], (_s, _PL)) - g * _KM[_EC, point] <= 1, [g >= 1]),
                         kernel.expected(kernel.decide(kernel.goal(_KM[_EC, _s] <= 1)), _s, _PL),
                         kernel.linear(kernel.Expect(one, (_s, _PL))), kernel.integrable(kernel.Expect(one, (_s, _PL))),
                         detail="PK(C) − γK(C|a) ≤ 1 − 0")
    return kernel.supremum(each, _EC)


def _row_to_two_point(g, event, a, c):
    """K(event|a) − γK(event|c) ≤ sup_{u,v} E_γ(K_u‖K_v) (members: the event, then a, then c)."""
    h = _two_point(g)
    return kernel.decide(kernel.goal(_KM[event, a] - g * _KM[event, c] <= h),
                         kernel.member(_e_rows(g, a, c), event),
                         kernel.member(kernel.Sup(_e_rows(g, _X1, c), (_X1, -_OO, _OO)), a), kernel.member(h, c),
                         detail="K(B|x) − γK(B|y) ≤ E_γ(K_x‖K_y) ≤ sup_{u,v} E_γ(K_u‖K_v)")


def _theorem_3_upper(g, e_lo, e_hi):
    """E_γ(PK‖QK) ≤ E_γ(P‖Q)·H for all laws P, Q (H = sup_{u,v} E_γ(K_u‖K_v)), and the ratio bound η_γ(K) ≤ H."""
    h = _two_point(g)
    per = _event_bound(g, lambda z: _KM[_EC, z], h, _row_to_two_point(g, _EC, _x, _y), e_lo, e_hi)
    out = kernel.supremum(per, _EC, detail="every output event C: PK(C) − γQK(C) ≤ E_γ(P‖Q)·H, so E_γ(PK‖QK) is")
    ratio = kernel.decide(kernel.goal(_e_out(g) / _e_in(g) <= h, [g >= 1]), out, e_lo,
                          detail="E_γ(PK‖QK)/E_γ(P‖Q) ≤ H where E_γ(P‖Q) ≠ 0 (it is ≥ 0)")
    upper = kernel.supremum(kernel.supremum(ratio, _PL), _QL, detail="η_γ(K) ≤ H: the supremum of ratios ≤ H")
    return out, ratio, upper


def _theorem_3_goal(g):
    """Theorem 3 (25) as a goal: γ ≥ 1 ⇒ η_γ(K) = sup_{u,v} E_γ(K_u‖K_v)."""
    return kernel.goal(sympy.Eq(_eta(g), _two_point(g)), [g >= 1])


def _rows_below(g, a, c):
    """sup_C [K(C|a) − γK(C|c)] ≤ sup_{u,v} E_γ(K_u‖K_v) (each output event C is one of the two-point sup's;
    the bound event renamed from B to C by the member and supremum rules)."""
    return kernel.supremum(_row_to_two_point(g, _EC, a, c), _EC)


def _eq_29_steps(g):
    """sup_{u,v} TV(K_u, K_v) ≤ 1 − (1 − sup_{u,v} E_γ(K_u‖K_v))/γ: for every output event B and inputs x, y,
    K(B|x) − K(B|y) ≤ 1 − (1 − [K(B|x) − γK(B|y)])/γ (as K(B|x) ≤ 1, γ ≥ 1), and K(B|x) − γK(B|y) ≤ E_γ(K_x‖K_y)."""
    h_g, h_1 = _two_point(g), _two_point(sympy.Integer(1))
    n_xy = kernel.Sup(_KM[_EC, _x] - g * _KM[_EC, _y], (_EC,))
    rhs = lambda e: 1 - (1 - e) / g
    point = kernel.decide(kernel.goal(_KM[_EB, _x] - _KM[_EB, _y] <= rhs(n_xy), [g >= 1]),
                          kernel.member(n_xy, _EB),
                          detail="K(B|x) − K(B|y) ≤ 1 − (1 − E_γ(K_x‖K_y))/γ: γa − γb ≤ γ − 1 + a − γb as a ≤ 1")
    tv_xy = kernel.supremum(point, _EB)
    at_uv = kernel.decide(kernel.goal(_e_rows(1, _x, _y) <= rhs(h_g), [g >= 1]), tv_xy, _rows_below(g, _x, _y),
                          detail="TV(K_x, K_y) ≤ 1 − (1 − sup E_γ)/γ (the right side increases in E_γ)")
    rows = kernel.instantiate(at_uv, {_x: _u, _y: _v})
    return _over_points(sympy.Integer(1), rows, rhs(h_g), [g >= 1])


def _converges(premise, var, at, supports=()):
    """Converges(Sup(f, (var,))) from a proved bound ∀ var: f ≤ c and a member `at` at which f is defined
    (kernel7b K5)."""
    return kernel.sup_converges(premise, var, at, supports=list(supports))


def _dirac_in(g, a, c):
    """E_γ(δ_a‖δ_c) in the tests reading: sup_b (b(a) − γb(c))."""
    return kernel.Sup(_TB[a] - g * _TB[c], (_TB,))


def _dirac_in_bounds(g):
    """E_γ(δ_u‖δ_v) ≤ 1 for γ ≥ 1 (b(u) − γb(v) ≤ 1), and ≥ 1 for u ≠ v (the test 1_{u})."""
    hi = kernel.supremum(kernel.decide(kernel.goal(_TB[_u] - g * _TB[_v] <= 1, [g >= 1])), _TB)
    lo = kernel.decide(kernel.goal(_dirac_in(g, _u, _v) >= 1, [sympy.Ne(_u, _v)]),
                       kernel.member(_dirac_in(g, _u, _v), (_s, sympy.Piecewise((1, sympy.Eq(_s, _u)), (0, True)))),
                       detail="the test 1_{u} gives 1 − γ·0 = 1 ≤ E_γ(δ_u‖δ_v) for u ≠ v")
    return hi, lo


def _point_reading(term, point):
    """`term` with every Expect(h, (s, Q)) read at the point mass δ_point: h(point) (as the member rule reads it)."""
    return term.xreplace({e: e.function.xreplace({e.limits[0]: point})
                          for e in term.atoms(kernel.Expect) if e.limits[1] == _QL})


def _theorem_3_lower(g, out):
    """sup_{u,v} E_γ(K_u‖K_v) ≤ η_γ(K): the point masses δ_u, δ_v (u ≠ v) have E_γ(δ_u‖δ_v) = 1 and
    E_γ(δ_uK‖δ_vK) = E_γ(K_u‖K_v); on the diagonal E_γ(K_u‖K_u) ≤ 0 ≤ η (the empty event gives E_γ(PK‖QK) ≥ 0)."""
    eta, h = _eta(g), _two_point(g)
    at_q = kernel.member(eta, ("dirac", _v))                       # Sup_P ratio(P, δ_v) ≤ η
    inner = _goal_of(at_q).conclusion.lhs
    at_pq = kernel.member(inner, ("dirac", _u))                    # ratio(δ_u, δ_v) ≤ Sup_P ratio(P, δ_v)
    n_uv = kernel.Sup(_KM[_EC, _u] - g * _KM[_EC, _v], (_EC,))      # E_γ(δ_uK‖δ_vK) = E_γ(K_u‖K_v)
    d_hi, d_lo = _dirac_in_bounds(g)
    e_in_v = _point_reading(_e_in(g), _v)
    lo_v, hi_v = _e_in_bounds_at(g, _v)
    per_v = _event_bound(g, lambda z: _KM[_EC, z], h, _row_to_two_point(g, _EC, _x, _y), lo_v, hi_v, point=_v)
    gap_v = kernel.supremum(per_v, _EC, detail="E_γ(PK‖δ_vK) ≤ E_γ(P‖δ_v)·H")
    in_v_lo = lo_v
    bound = kernel.decide(kernel.goal(inner.function <= h, [g >= 1, sympy.Ne(_u, _v)]), gap_v, in_v_lo,
                          detail="E_γ(PK‖δ_vK)/E_γ(P‖δ_v) ≤ H where defined")
    conv = _converges(bound, _PL, ("dirac", _u), [d_lo])
    off = kernel.decide(kernel.goal(n_uv <= eta, [g >= 1, sympy.Ne(_u, _v)]), at_q, at_pq, conv, d_hi, d_lo,
                        detail="E_γ(K_u‖K_v)/E_γ(δ_u‖δ_v) ≤ η with E_γ(δ_u‖δ_v) = 1 for u ≠ v")
    nonneg = kernel.decide(kernel.goal(n_uv >= 0), kernel.member(n_uv, "empty"),
                           detail="the empty output event: K(∅|u) − γK(∅|v) = 0 ≤ E_γ(K_u‖K_v)")
    eta_nonneg = kernel.decide(kernel.goal(eta >= 0, [g >= 1]), kernel.instantiate(off, {_u: 0, _v: 1}),
                               kernel.instantiate(nonneg, {_u: 0, _v: 1}), detail="η ≥ E_γ(K_0‖K_1) ≥ 0")
    diag_each = kernel.decide(kernel.goal(_KM[_EC, _u] - g * _KM[_EC, _v] <= 0, [g >= 1, sympy.Eq(_u, _v)]),
                              detail="K(C|u) − γK(C|u) ≤ 0 for γ ≥ 1")
    diag = kernel.supremum(diag_each, _EC)
    every = kernel.decide(kernel.goal(_KM[_EB, _u] - g * _KM[_EB, _v] <= eta, [g >= 1]),
                          kernel.member(n_uv, _EB), off, diag, eta_nonneg,
                          detail="K(B|u) − γK(B|v) ≤ E_γ(K_u‖K_v) ≤ η (u ≠ v), ≤ 0 ≤ η (u = v)")
    return _over_points(g, kernel.supremum(every, _EB), eta, [g >= 1], [kernel.Converges(eta)])


def _theorem_3_steps(g):
    """Theorem 3 over every Markov kernel: E_γ(PK‖QK) ≤ E_γ(P‖Q)·H for all laws, and η_γ(K) = H."""
    e_lo, e_hi = _e_in_bounds(g)
    out, ratio, upper = _theorem_3_upper(g, e_lo, e_hi)
    lower = _theorem_3_lower(g, out)
    equal = kernel.decide(_theorem_3_goal(g), upper, lower,
                          detail="η_γ(K) ≤ H (every ratio) and H ≤ η_γ(K) (point masses)")
    return equal, out


def _out_goal(g):
    """Theorem 3's second goal: γ ≥ 1 ⇒ E_γ(PK‖QK) ≤ E_γ(P‖Q)·sup_{u,v} E_γ(K_u‖K_v) for all laws P, Q."""
    return kernel.goal(_e_out(g) <= _e_in(g) * _two_point(g), [g >= 1])


def _all_pairs(g, d):
    """S = sup_{P,Q} [E_γ(PK‖QK) − δE_γ(P‖Q)]: S ≤ 0 says E_γ(PK‖QK) ≤ δE_γ(P‖Q) for all P, Q."""
    return kernel.Sup(kernel.Sup(_e_out(g) - d * _e_in(g), (_PL,)), (_QL,))


def _e_out_bounds(g):
    """0 ≤ E_γ(PK‖QK) (the empty output event) and, for γ ≥ 1, E_γ(PK‖QK) ≤ 1."""
    zero, one = sympy.Integer(0), sympy.Integer(1)
    lin0 = [kernel.linear(kernel.Expect(zero, (_s, law))) for law in (_PL, _QL)]
    int0 = [kernel.integrable(kernel.Expect(zero, (_s, law))) for law in (_PL, _QL)]
    lo = kernel.decide(kernel.goal(_e_out(g) >= 0), kernel.member(_e_out(g), "empty"), *lin0, *int0,
                       detail="the empty output event gives E_P 0 − γE_Q 0 = 0 ≤ E_γ(PK‖QK)")
    k_le = kernel.expected(kernel.decide(kernel.goal(_KM[_EC, _s] <= 1)), _s, _PL)
    k_ge = kernel.expected(kernel.decide(kernel.goal(sympy.Le(0, _KM[_EC, _s], evaluate=False))), _s, _QL)
    each = kernel.decide(kernel.goal(kernel.Expect(_KM[_EC, _s], (_s, _PL)) - g * kernel.Expect(_KM[_EC, _s], (_s, _QL))
                                     <= 1, [g >= 1]),
                         k_le, k_ge, kernel.linear(kernel.Expect(one, (_s, _PL))), lin0[1], int0[1],
                         kernel.integrable(kernel.Expect(one, (_s, _PL))),
                         detail="PK(C) − γQK(C) ≤ 1 − 0 for γ ≥ 1")
    return lo, kernel.supremum(each, _EC), each


def _capped_at(g, d, body_a, point, hyps):
    """E_γ(PK‖δ_aK) − δE_γ(P‖δ_a) ≤ 1 (`body_a` that difference, as the point-mass member reads it)."""
    lo_a, _ = _e_in_bounds_at(g, point)
    return kernel.decide(kernel.goal(body_a <= 1, hyps), _e_out_hi_at(g, point), lo_a,
                         detail="E_γ(PK‖δ_aK) ≤ 1 and E_γ(P‖δ_a) ≥ 0")


def _all_pairs_steps(g, d, out):
    """sup_{P,Q} [E_γ(PK‖QK) − δE_γ(P‖Q)] = max(H − δ, 0) for γ ≥ 1, δ ≥ 0 (H the two-point sup); `out` is
    Theorem 3's E_γ(PK‖QK) ≤ E_γ(P‖Q)·H."""
    h, big = _two_point(g), _all_pairs(g, d)
    e_lo, e_hi = _e_in_bounds(g)
    o_lo, o_hi, _ = _e_out_bounds(g)
    body = _e_out(g) - d * _e_in(g)
    hyps = [g >= 1, d >= 0]
    each = kernel.decide(kernel.goal(body <= sympy.Max(h - d, 0), hyps), out, e_lo, e_hi,
                         detail="E_γ(PK‖QK) − δE_γ(P‖Q) ≤ E_γ(P‖Q)(H − δ) ≤ max(H − δ, 0), E_γ(P‖Q) ∈ [0, 1]")
    upper = kernel.supremum(kernel.supremum(each, _PL), _QL)
    # S ≥ 0: P = Q = δ_0
    zero = sympy.Integer(0)
    at_0 = kernel.member(big, ("dirac", zero))
    inner_0 = _goal_of(at_0).conclusion.lhs
    at_00 = kernel.member(inner_0, ("dirac", zero))
    same_in = kernel.supremum(kernel.decide(kernel.goal(_TB[zero] - g * _TB[zero] <= 0, [g >= 1]),
                                            detail="(1 − γ)b(0) ≤ 0"), _TB)
    same_out = kernel.decide(kernel.goal(kernel.Sup(_KM[_EC, zero] - g * _KM[_EC, zero], (_EC,)) >= 0),
                             kernel.member(kernel.Sup(_KM[_EC, zero] - g * _KM[_EC, zero], (_EC,)), "empty"),
                             detail="the empty output event: E_γ(K_0‖K_0) ≥ 0")
    conv_0 = _converges(_capped_at(g, d, inner_0.function, zero, hyps), _PL, ("dirac", zero))
    nonneg = kernel.decide(kernel.goal(big >= 0, hyps), at_0, at_00, conv_0, same_in, same_out,
                           detail="P = Q = δ_0: E_γ(K_0‖K_0) − δE_γ(δ_0‖δ_0) ≥ 0 − 0")
    # S ≥ E_γ(K_u‖K_v) − δ: the point masses δ_u, δ_v (u ≠ v)
    at_v = kernel.member(big, ("dirac", _v))
    inner_v = _goal_of(at_v).conclusion.lhs
    at_uv = kernel.member(inner_v, ("dirac", _u))
    d_hi, d_lo = _dirac_in_bounds(g)
    conv_v = _converges(_capped_at(g, d, inner_v.function, _v, hyps), _PL, ("dirac", _u))
    n_uv = kernel.Sup(_KM[_EC, _u] - g * _KM[_EC, _v], (_EC,))
    off = kernel.decide(kernel.goal(n_uv <= big + d, [*hyps, sympy.Ne(_u, _v)]), at_v, at_uv, conv_v, d_hi, d_lo,
                        detail="E_γ(K_u‖K_v) − δ·E_γ(δ_u‖δ_v) ≤ S with E_γ(δ_u‖δ_v) = 1 for u ≠ v")
    diag = kernel.supremum(kernel.decide(kernel.goal(_KM[_EC, _u] - g * _KM[_EC, _v] <= 0, [g >= 1, sympy.Eq(_u, _v)])),
                           _EC)
    every = kernel.decide(kernel.goal(_KM[_EB, _u] - g * _KM[_EB, _v] <= big + d, hyps),
                          kernel.member(n_uv, _EB), off, diag, nonneg,
                          detail="K(B|u) − γK(B|v) ≤ S + δ (u ≠ v: point masses; u = v: ≤ 0 ≤ S + δ)")
    over_v = _over_points(g, kernel.supremum(every, _EB), big + d, hyps, [kernel.Converges(big)])
    return kernel.decide(kernel.goal(sympy.Eq(big, sympy.Max(h - d, 0)), hyps), upper, nonneg, over_v,
                         detail="S ≤ max(H − δ, 0) (every pair) and S ≥ max(H − δ, 0) (P = Q; point masses)"), o_lo


def _theorem_1_steps():
    """Theorem 1 at γ = e^ε from Theorem 3 (η_γ = H_γ, E_γ(PK‖QK) ≤ E_γ(P‖Q)·H_γ for γ ≥ 1) and the point masses."""
    g, t = exp(_ε), sympy.Symbol("t", real=True)
    at = {GR: g}
    grow = kernel.decide(kernel.goal(g >= 1, [_ε >= 0]),
                         kernel.instantiate(prove(exp(t) - 1, t, 0, sympy.oo, "e^t ≥ 1 for t ≥ 0"), {t: _ε}, [_ε >= 0]),
                         detail="e^ε ≥ 1 for ε ≥ 0")
    thm3 = kernel.lemma("egamma-ldp:theorem-3-eqs-25-26", _theorem_3_goal(GR))
    out = kernel.lemma("egamma-ldp:theorem-3-eqs-25-26", _out_goal(GR))
    pairs, o_lo = _all_pairs_steps(GR, _δ, out)
    equal = kernel.decide(kernel.goal(sympy.Eq(_eta(GR), _two_point(GR)).xreplace(at), [_ε >= 0]),
                          kernel.instantiate(thm3, at, [g >= 1]), grow,
                          detail="Theorem 3 at γ = e^ε ≥ 1")
    pairs_e = kernel.decide(kernel.goal(_goal_of(pairs).conclusion.xreplace(at), [_ε >= 0, _δ >= 0]),
                            kernel.instantiate(pairs, at, [g >= 1, _δ >= 0]), grow,
                            detail="sup_{P,Q} [E_{e^ε}(PK‖QK) − δE_{e^ε}(P‖Q)] = max(H_e − δ, 0)")
    nonneg = kernel.instantiate(o_lo, at)
    return equal, pairs_e, nonneg


_ETA_G, _H_G, _ETA_TV = sympy.symbols("eta_gamma H_gamma eta_TV", real=True)
_ETA_E, _H_E, _S_E = sympy.symbols("eta_e H_e S_e", real=True)
#: The paper's domains with its quantities named (their definedness is the domain's: eq. 3's supremum of ratios).
_THM3_DOMAIN = [GR >= 1, sympy.Eq(_ETA_G, _eta(GR)), sympy.Eq(_H_G, _two_point(GR))]
_EQ_29_DOMAIN = [GR >= 1, sympy.Eq(_ETA_TV, _eta(sympy.Integer(1))), sympy.Eq(_ETA_G, _eta(GR))]
_THM1_DOMAIN = [AnyChannel("K"), _ε >= 0, _δ >= 0, _δ <= 1, sympy.Eq(_ETA_E, _eta(exp(_ε))),
                sympy.Eq(_H_E, _two_point(exp(_ε))), sympy.Eq(_S_E, _all_pairs(exp(_ε), _δ))]


# --------------------------------------------------------------------------------------------
# Theorems 1 and 3


@claim(PAPER, "Theorem 3 (eqs. 25–26)",
       "For γ ≥ 1, η_γ(K) = sup_{x,x'} E_γ(K(·|x)‖K(·|x')); γ = 1 is Dobrushin's η_TV (26)",
       domain=_THM3_DOMAIN,
       stated_domain='“for γ ≥ 1”, every Markov kernel K (K(B|x) for an output event B; input and output points read '
                     'as reals, as the kernel reads every space); η_γ(K) = sup over the input laws P, Q of '
                     'E_γ(PK‖QK)/E_γ(P‖Q) (eq. 3; the ratio is undefined where E_γ(P‖Q) = 0, the paper\'s “≠ 0”), named '
                     'eta_gamma; E_γ for γ ≥ 1 by eq. (23)\'s supremum: E_γ(PK‖QK) over the output events C of PK(C) − '
                     'γQK(C), PK(C) = E_P K(C|X), and E_γ(P‖Q) over the tests b: ℝ → [0, 1] of E_P b − γE_Q b (the '
                     'same as over the events: a test is a mixture of indicators); H_gamma = sup_{x,x\'} E_γ(K_x‖K_x\') '
                     '(over the output events B)', stated_where='Appendix, Theorem 3 (quoted from [30])',
       quote=(r"The proof of TheoremΒ 1 relies on the following theorem, recently proved by the authors in [30, "
              r"Theorem 3]. Theorem 3. For any Ξ³β‰₯1𝛾1\gamma\geq 1 and Markov kernel π–ͺπ–ͺ{\mathsf{K}} with input "
              r"alphabet 𝒳𝒳{\mathcal{X}}, we have "
              r"Ξ·Ξ³(π–ͺ)=supx,xβ€²βˆˆπ’³π–€Ξ³(π–ͺ(β‹…|x)βˆ₯π–ͺ(β‹…|xβ€²)).\eta_{\gamma}({\mathsf{K}})=\sup_{x,x^{\prime}\in{\mathcal{X}}}{\mathsf{E}}_{\gamma}({\mathsf{K}}(\cdot|x)\|{\mathsf{K}}(\cdot|x^{\prime})). "
              r"(25) Notice that for Ξ³=1𝛾1\gamma=1, this theorem reduces to the well-known Dobrushin’s result [31] "
              r"that states "
              r"η𝖳𝖡(π–ͺ)=supx,xβ€²βˆˆπ’³π–³π–΅(π–ͺ(β‹…|x),π–ͺ(β‹…|xβ€²)).\eta_{\mathsf{TV}}({\mathsf{K}})=\sup_{x,x^{\prime}\in{\mathcal{X}}}{\mathsf{TV}}({\mathsf{K}}(\cdot|x),{\mathsf{K}}(\cdot|x^{\prime})). "
              r"(26)"))
def theorem_3():
    r = rng(25)
    ok = []
    values, two_point = [], []
    for _ in range(5):
        rows = random_kernel(r, 3, 4)
        ch = Channel(rows)
        for g in (R(1), R(17, 10), R(3)):
            eta = ch.contraction(("e_gamma", g))
            brute = max((sup_events(a, b, g) for a in rows for b in rows), key=lambda v: float(v))
            values.append(eta)
            two_point.append(brute)
            for _ in range(8):
                p, q = random_law(r, 3, zeros=True), random_law(r, 3, zeros=True)
                ok.append(le(sup_events(push(p, rows), push(q, rows), g), eta * sup_events(p, q, g)))
    equal, out = _theorem_3_steps(GR)
    return establish(combine(equal, out, detail="η_γ(K) = sup_{x,x'} E_γ(K_x‖K_x') for γ ≥ 1 (γ = 1: TV, Dobrushin's "
                             "(26)), and E_γ(PK‖QK) ≤ E_γ(P‖Q)·sup_{x,x'} E_γ(K_x‖K_x') for all input laws P, Q"),
                     holds(all(ok), "5 random 3×4 kernels, γ ∈ {1, 17/10, 3}, 8 random input pairs each: "
                           "E_γ(PK‖QK) ≤ η·E_γ(P‖Q) with η the two-point value (exact)"),
                     exact_agreement(values, two_point, "library η_γ = max over input pairs of the event sup; point "
                                     "masses attain it (E_γ(δ_x‖δ_x') = 1)"),
                     domain=_THM3_DOMAIN, uses=["egamma-ldp:eq-23", "egamma-ldp:eq-1"])


@claim(PAPER, "Theorem 1",
       "K is (ε,δ)-LDP (Definition 1) ⇔ η_{e^ε}(K) ≤ δ ⇔ E_{e^ε}(PK‖QK) ≤ δ E_{e^ε}(P‖Q) for all P, Q; "
       "in particular K is ε-LDP iff E_{e^ε}(PK‖QK) = 0 for all P, Q",
       domain=_THM1_DOMAIN,
       stated_domain='every kernel K, ε ≥ 0, δ ∈ [0, 1], all P, Q; H_e = sup_{x,x\'} sup_B [K(B|x) − e^ε K(B|x\')] '
                     '(Definition 1: K is (ε,δ)-LDP iff H_e ≤ δ), eta_e = η_{e^ε}(K) (eq. 3) and S_e = sup_{P,Q} '
                     '[E_{e^ε}(PK‖QK) − δE_{e^ε}(P‖Q)] (so S_e ≤ 0 iff E_{e^ε}(PK‖QK) ≤ δE_{e^ε}(P‖Q) for all P, Q), with '
                     'E_γ as in Theorem 3', stated_where='Section II, Theorem 1',
       quote=(r"Theorem 1. A mechanism π–ͺπ–ͺ{\mathsf{K}} is (Ξ΅,Ξ΄)πœ€π›Ώ(\varepsilon,\delta)-LDP if and only if "
              r"Ξ·eΡ(π–ͺ)≀δsubscriptπœ‚superscriptπ‘’πœ€π–ͺ𝛿\eta_{e^{\varepsilon}}({\mathsf{K}})\leq\delta or "
              r"equivalently "
              r"π–ͺβˆˆπ’¬Ξ΅,Ξ΄βŸΊπ–€eΡ(Pπ–ͺβˆ₯Qπ–ͺ)≀δ𝖀eΡ(Pβˆ₯Q),βˆ€P,Q.⟺π–ͺsubscriptπ’¬πœ€π›Ώsubscript𝖀superscriptπ‘’πœ€conditional𝑃π–ͺ𝑄π–ͺ𝛿subscript𝖀superscriptπ‘’πœ€conditional𝑃𝑄for-all𝑃𝑄{\mathsf{K}}\in{\mathcal{Q}}_{\varepsilon,\delta}\leavevmode\nobreak\ "
              r"\Longleftrightarrow\leavevmode\nobreak\ "
              r"{\mathsf{E}}_{e^{\varepsilon}}(P{\mathsf{K}}\|Q{\mathsf{K}})\leq\delta{\mathsf{E}}_{e^{\varepsilon}}(P\|Q),\quad\forall "
              r"P,Q."))
def theorem_1():
    r = rng(1)
    lib, brute, ok = [], [], []
    for _ in range(8):
        rows = random_kernel(r, 3, 3, 6)
        ch = Channel(rows)
        for x in (R(3, 2), 2, 3):
            for d in (0, R(1, 20), R(1, 5)):
                lib.append(int(ch.is_ldp(log(x), d)))
                brute.append(int(ldp_by_definition(rows, x, d)))
                if lib[-1]:
                    for _ in range(3):
                        p, q = random_law(r, 3, zeros=True), random_law(r, 3, zeros=True)
                        ok.append(le(sup_events(push(p, rows), push(q, rows), x), d * sup_events(p, q, x)))
    rr = randomized_response(log(3))
    pure = [sup_events(push(p, rr.rows), push(q, rr.rows), 3) for p, q in _random_pairs(11, 6, 2)]
    equal, pairs, nonneg = _theorem_1_steps()
    return establish(combine(equal, pairs, nonneg,
                             detail="η_{e^ε}(K) = H_e (so Definition 1, H_e ≤ δ, is η_{e^ε}(K) ≤ δ), S_e = max(H_e − δ, 0) "
                                    "(so H_e ≤ δ iff E_{e^ε}(PK‖QK) ≤ δE_{e^ε}(P‖Q) for all P, Q), and E_{e^ε}(PK‖QK) ≥ 0 "
                                    "(δ = 0: ε-LDP iff E_{e^ε}(PK‖QK) = 0 for all P, Q)"),
                     exact_agreement(lib, brute, f"{len(lib)} decisions (8 random 3×3 kernels, e^ε ∈ {{3/2, 2, 3}}, "
                                     "δ ∈ {0, 1/20, 1/5}): is_ldp (η_{e^ε} ≤ δ) = Definition 1 over all events"),
                     holds(all(ok), "for the LDP ones, E_{e^ε}(PK‖QK) ≤ δ E_{e^ε}(P‖Q) on random input pairs"),
                     exact_agreement(pure, [0] * len(pure), "RR at e^ε = 3 is ε-LDP: E_3(PK‖QK) = 0 for random P, Q"),
                     domain=_THM1_DOMAIN, uses=["egamma-ldp:theorem-3-eqs-25-26", "egamma-ldp:eq-23"])


# --------------------------------------------------------------------------------------------
# Example 1


def _rr_terms():
    w = 1 / (1 + G)
    a = P * (1 - w) + w * (1 - P)
    b = QQ * (1 - w) + w * (1 - QQ)
    return a, b


def _krr_is_private():
    """E_{e^ε}(PK‖QK) = 0 for k-ary randomized response, every k ≥ 2 and every pair of laws P, Q on its k inputs,
    as kernel steps. With x = e^ε, k-RR keeps the input with probability x/(k − 1 + x) and moves it to each
    other symbol with probability 1/(k − 1 + x), so its output law at z is PK(z) = (x P(z) + 1 − P(z))/(k − 1 + x)
    (the mass at z and the rest). Each output term PK(z) − x QK(z) = (x − 1)(P(z) − 1 − xQ(z))/(k − 1 + x) is ≤ 0
    (x ≥ 1), so |PK(z) − xQK(z)| = xQK(z) − PK(z); summed over z and split by linearity with ΣP = ΣQ = 1, eq. (1)
    gives E_x = ½(x − 1) − ½(x − 1) = 0. Binary RR, BSC(1/(1 + e^ε)), is k = 2."""
    z, k, eps, t, x = _Z, _K, _ε, sympy.Symbol("t", real=True), sympy.Symbol("x", real=True)
    p, q = _P, _Q
    out = lambda m: (x * m + 1 - m) / (x + k - 1)
    a, b = out(p[z]), out(q[z])
    unit = [p[z] <= 1, q[z] <= 1]
    setting = [sympy.Eq(x, exp(eps)), eps >= 0, k >= 2]
    grow = kernel.instantiate(prove(exp(t) - 1, t, 0, sympy.oo, "e^t ≥ 1 for t ≥ 0"), {t: eps}, [eps >= 0])
    point = kernel.decide(kernel.goal(sympy.Eq(sympy.Abs(a - x * b), x * b - a), [z >= 1, z <= k, *unit, *setting]),
                          grow, detail="every output term of PK − e^ε QK is ≤ 0")
    total = kernel.summed(point, z, 1, k)
    split = kernel.linear(sympy.Sum(x * b - a, (z, 1, k)))
    e_gamma_ = sympy.Sum(sympy.Abs(a - x * b), (z, 1, k)) / 2 - (x - 1) / 2  # eq. (1) at γ = x, on k outputs
    target = kernel.goal(sympy.Eq(e_gamma_, 0), [*setting, *_LAWS_K])
    at_x = kernel.decide(target, total, split, grow, detail="E_x(PK‖QK) = 0 at x = e^ε")
    # the goal over ε itself (x := e^ε), so that its hypotheses are the domain's
    return kernel.instantiate(at_x, {x: exp(eps)}, [eps >= 0, k >= 2, *_LAWS_K],
                              detail="E_{e^ε}(PK‖QK) = ½Σ_z|PK(z) − e^ε QK(z)| − ½(e^ε − 1) = 0 for k-ary RR, every k ≥ 2")


#: Example 1's laws P, Q on the k inputs, as sequences: nonnegative terms (Laws), each ≤ 1, each summing to 1.
_Z, _K = sympy.Symbol("z", integer=True), sympy.Symbol("k", integer=True)
_P, _Q = sympy.IndexedBase("P", nonnegative=True), sympy.IndexedBase("Q", nonnegative=True)
_LAWS_K = [sympy.Eq(sympy.Sum(_P[_Z], (_Z, 1, _K)), 1), sympy.Eq(sympy.Sum(_Q[_Z], (_Z, 1, _K)), 1),
           kernel.Every(sympy.And(_P[_Z] <= 1, _Q[_Z] <= 1), (_Z, 1, _K))]


#: Example 1's domain: k-ary RR (binary RR is k = 2) at ε ≥ 0, and every pair of laws on its k inputs.
_EXAMPLE_1_DOMAIN = [_ε >= 0, Integer("k", 2), Laws("P", "Q", k="k"), *_LAWS_K]


@claim(PAPER, "Example 1",
       "Randomized response BSC(1/(1+e^ε)) and k-ary RR are ε-LDP: E_{e^ε}(PK‖QK) = 0 for all P, Q (for k-RR all laws "
       "on 𝒳, not only Bernoulli)",
       domain=_EXAMPLE_1_DOMAIN,
       stated_domain='binary RR BSC(1/(1 + e^ε)) and k-ary RR, ε ≥ 0, “all Bernoulli P and Q” (for k-RR: laws on its k '
                     'inputs, which contain the Bernoulli ones)', stated_where='Section II, Example 1',
       quote=(r"ExampleΒ 1. (Randomized response mechanism) Let "
              '𝒳=\U0001d4a1={0,1}𝒳\U0001d4a101{\\mathcal{X}}={\\mathcal{Z}}=\\{0,1\\} and consider the mechanism '
              r"given by the binary symmetric channel 𝖑𝖲𝖒(ωΡ)𝖑𝖲𝖒subscriptπœ”πœ€\mathsf{BSC}(\omega_{\varepsilon}) "
              r"with "
              r"ωΡ≔11+eΡ≔subscriptπœ”πœ€11superscriptπ‘’πœ€\omega_{\varepsilon}\coloneqq\frac{1}{1+e^{\varepsilon}}. "
              r"This is often called randomized response mechanism [41] and denoted by "
              r"π–ͺ𝖱𝖱Ρsubscriptsuperscriptπ–ͺπœ€π–±π–±{\mathsf{K}}^{\varepsilon}_{\mathsf{RR}}. This simple "
              r"mechanism is well-known to be Ξ΅πœ€\varepsilon-LDP which can now be verified via TheoremΒ 1. Let "
              r"P=π–‘π–Ύπ—‹π—‡π—ˆπ—Žπ—…π—…π—‚β€‹(p)π‘ƒπ–‘π–Ύπ—‹π—‡π—ˆπ—Žπ—…π—…π—‚π‘P={\mathsf{Bernoulli}}(p) and "
              r"Q=π–‘π–Ύπ—‹π—‡π—ˆπ—Žπ—…π—…π—‚β€‹(q)π‘„π–‘π–Ύπ—‹π—‡π—ˆπ—Žπ—…π—…π—‚π‘žQ={\mathsf{Bernoulli}}(q) with "
              r"p,q∈[0,1]π‘π‘ž01p,q\in[0,1]. Then "
              r"Pπ–ͺ𝖱𝖱Ρ=π–‘π–Ύπ—‹π—‡π—ˆπ—Žπ—…π—…π—‚β€‹(pβˆ—Ο‰Ξ΅)𝑃subscriptsuperscriptπ–ͺπœ€π–±π–±π–‘π–Ύπ—‹π—‡π—ˆπ—Žπ—…π—…π—‚π‘subscriptπœ”πœ€P{\mathsf{K}}^{\varepsilon}_{\mathsf{RR}}={\mathsf{Bernoulli}}(p*\omega_{\varepsilon}) "
              r"and "
              r"Pπ–ͺ𝖱𝖱Ρ=π–‘π–Ύπ—‹π—‡π—ˆπ—Žπ—…π—…π—‚β€‹(qβˆ—Ο‰Ξ΅)𝑃subscriptsuperscriptπ–ͺπœ€π–±π–±π–‘π–Ύπ—‹π—‡π—ˆπ—Žπ—…π—…π—‚π‘žsubscriptπœ”πœ€P{\mathsf{K}}^{\varepsilon}_{\mathsf{RR}}={\mathsf{Bernoulli}}(q*\omega_{\varepsilon}) "
              r"where aβˆ—b≔a(1βˆ’b)+b(1βˆ’a)β‰”π‘Žπ‘π‘Ž1𝑏𝑏1π‘Ža*b\coloneqq a(1-b)+b(1-a). It is straightforward to "
              r"verify that "
              r"|pβˆ—Ο‰Ξ΅βˆ’eΡqβˆ—Ο‰Ξ΅|+|1βˆ’pβˆ—Ο‰Ξ΅βˆ’eΡ(1βˆ’qβˆ—Ο‰Ξ΅)|=0.5(eΞ΅βˆ’1)𝑝subscriptπœ”πœ€superscriptπ‘’πœ€π‘žsubscriptπœ”πœ€1𝑝subscriptπœ”πœ€superscriptπ‘’πœ€1π‘žsubscriptπœ”πœ€0.5superscriptπ‘’πœ€1|p*\omega_{\varepsilon}-e^{\varepsilon}q*\omega_{\varepsilon}|+|1-p*\omega_{\varepsilon}-e^{\varepsilon}(1-q*\omega_{\varepsilon})|=0.5(e^{\varepsilon}-1) "
              r"for any p,qπ‘π‘žp,q, implying "
              r"𝖀eΡ(Pπ–ͺ𝖱𝖱Ρβˆ₯Qπ–ͺ𝖱𝖱Ρ)=0subscript𝖀superscriptπ‘’πœ€conditional𝑃subscriptsuperscriptπ–ͺπœ€π–±π–±π‘„subscriptsuperscriptπ–ͺπœ€π–±π–±0{\mathsf{E}}_{e^{\varepsilon}}(P{\mathsf{K}}^{\varepsilon}_{\mathsf{RR}}\|Q{\mathsf{K}}^{\varepsilon}_{\mathsf{RR}})=0. "
              r"When |𝒳|=kβ‰₯2π’³π‘˜2|{\mathcal{X}}|=k\geq 2, a simple generalization of this mechanism, called "
              r"kπ‘˜k-ary randomized response, has been reported in literature (see, e.g., [19, 13]) and is defined "
              'by \U0001d4a1=𝒳\U0001d4a1𝒳{\\mathcal{Z}}={\\mathcal{X}} and '
              r"π–ͺ𝗄𝖱𝖱(x|x)=eΞ΅kβˆ’1+eΞ΅subscriptπ–ͺ𝗄𝖱𝖱conditionalπ‘₯π‘₯superscriptπ‘’πœ€π‘˜1superscriptπ‘’πœ€{\mathsf{K}}_{\mathsf{kRR}}(x|x)=\frac{e^{\varepsilon}}{k-1+e^{\varepsilon}} "
              r"and "
              r"π–ͺ𝗄𝖱𝖱(z|x)=1kβˆ’1+eΞ΅subscriptπ–ͺ𝗄𝖱𝖱conditional𝑧π‘₯1π‘˜1superscriptπ‘’πœ€{\mathsf{K}}_{\mathsf{kRR}}(z|x)=\frac{1}{k-1+e^{\varepsilon}} "
              r"for zβ‰ x𝑧π‘₯z\neq x. Again, it can be verified that for this mechanism we have "
              r"𝖀eΡ(Pπ–ͺ𝗄𝖱𝖱Ρβˆ₯Qπ–ͺ𝗄𝖱𝖱Ρ)=0subscript𝖀superscriptπ‘’πœ€conditional𝑃subscriptsuperscriptπ–ͺπœ€π—„π–±π–±π‘„subscriptsuperscriptπ–ͺπœ€π—„π–±π–±0{\mathsf{E}}_{e^{\varepsilon}}(P{\mathsf{K}}^{\varepsilon}_{\mathsf{kRR}}\|Q{\mathsf{K}}^{\varepsilon}_{\mathsf{kRR}})=0, "
              r"for all Bernoulli P𝑃P and Q𝑄Q."))
def example_1():
    r = rng(10)
    krr = randomized_response(log(2), 4)
    zero = [sup_events(push(p_, krr.rows), push(q_, krr.rows), 2) for p_, q_ in
            [(random_law(r, 4, zeros=True), random_law(r, 4, zeros=True)) for _ in range(8)]]
    binary = randomized_response(log(3))
    zero2 = [sup_events(push(p_, binary.rows), push(q_, binary.rows), 3) for p_, q_ in _random_pairs(12, 6, 2)]
    etas = [randomized_response(1, 4).contraction(("e_gamma", g)) for g in (1, R(3, 2))]
    return establish(_krr_is_private(),
                     exact_agreement(zero, [0] * 8, "4-ary RR at e^ε = 2, 8 random laws on 4 points (not Bernoulli): "
                                     "E_2(PK‖QK) = 0 by enumerating events"),
                     exact_agreement(zero2, [0] * 6, "binary RR at e^ε = 3, 6 random Bernoulli pairs: E_3(PK‖QK) = 0 by "
                                     "enumerating events"),
                     exact_agreement(etas, [(exp(1) - 1) / (exp(1) + 3), (exp(1) - R(3, 2)) / (exp(1) + 3)],
                                     "the library's two-point η_1(4-RR), η_{3/2}(4-RR) at ε = 1 against the closed form "
                                     "(e^ε − γ)/(k − 1 + e^ε) (a library check; not the paper's statement)"),
                     catalog(etas, ["0.300489181891562", "0.213050329628008"],
                             "catalog values 0.300489181891562, 0.213050329628008"),
                     domain=_EXAMPLE_1_DOMAIN)


@claim(PAPER, "Example 1 (sum), erratum",
       "|p∗ω − e^ε q∗ω| + |1 − p∗ω − e^ε(1 − q∗ω)| = e^ε − 1 for all p, q (printed: 0.5(e^ε − 1))",
       stated_domain='“for all p, q”, ε ≥ 0', stated_where='Section II, Example 1',
       quote=(r"It is straightforward to verify that "
              r"|pβˆ—Ο‰Ξ΅βˆ’eΡqβˆ—Ο‰Ξ΅|+|1βˆ’pβˆ—Ο‰Ξ΅βˆ’eΡ(1βˆ’qβˆ—Ο‰Ξ΅)|=0.5(eΞ΅βˆ’1)𝑝subscriptπœ”πœ€superscriptπ‘’πœ€π‘žsubscriptπœ”πœ€1𝑝subscriptπœ”πœ€superscriptπ‘’πœ€1π‘žsubscriptπœ”πœ€0.5superscriptπ‘’πœ€1|p*\omega_{\varepsilon}-e^{\varepsilon}q*\omega_{\varepsilon}|+|1-p*\omega_{\varepsilon}-e^{\varepsilon}(1-q*\omega_{\varepsilon})|=0.5(e^{\varepsilon}-1) "
              r"for any p,qπ‘π‘žp,q, implying "
              r"𝖀eΡ(Pπ–ͺ𝖱𝖱Ρβˆ₯Qπ–ͺ𝖱𝖱Ρ)=0subscript𝖀superscriptπ‘’πœ€conditional𝑃subscriptsuperscriptπ–ͺπœ€π–±π–±π‘„subscriptsuperscriptπ–ͺπœ€π–±π–±0{\mathsf{E}}_{e^{\varepsilon}}(P{\mathsf{K}}^{\varepsilon}_{\mathsf{RR}}\|Q{\mathsf{K}}^{\varepsilon}_{\mathsf{RR}})=0."))
def example_1_sum():
    a, b = _rr_terms()
    total = -(a - G * b) - ((1 - a) - G * (1 - b))  # both terms are ≤ 0 (Example 1 claim)
    corrected = establish(identity(total, G - 1, "with both terms ≤ 0, the sum of absolute values is γ − 1"),
                          domain="γ = e^ε ≥ 1, p, q ∈ [0, 1]")
    g, p, q = 2, R(3, 10), R(4, 5)
    w = R(1, 3)
    pa, qb = p * (1 - w) + w * (1 - p), q * (1 - w) + w * (1 - q)
    value = abs(pa - g * qb) + abs(1 - pa - g * (1 - qb))
    printed = R(1, 2) * (g - 1)
    return erratum(value == printed, {"e^eps": g, "p": "3/10", "q": "4/5", "sum": str(value), "printed 0.5(e^eps-1)": str(printed)},
                   corrected, "the sum is e^ε − 1 = 1, not 1/2 (the conclusion E_{e^ε} = 0 is unaffected)",
                   corrected_statement="the sum equals e^ε − 1 for all p, q ∈ [0, 1]", kind="typo")


# --------------------------------------------------------------------------------------------
# Lemmas 1 and 2, and the exact worst case


def _lp_dual_certificate(G=G, DELTA=DELTA):  # noqa: N803 (γ and δ of the LP, by default positive symbols)
    """The binary-output LP max p₁ − q₁ s.t. p₁ − γq₁ ≤ δ, p₂ − γq₂ ≤ δ, q₁ − γp₁ ≤ δ, q₂ − γp₂ ≤ δ,
    p₁ + p₂ = 1, q₁ + q₂ = 1, p, q ≥ 0: a primal point and a dual point with the same value."""
    p1, q1 = (G + DELTA) / (G + 1), (1 - DELTA) / (G + 1)
    p2, q2 = 1 - p1, 1 - q1
    value = (G - 1 + 2 * DELTA) / (G + 1)
    ya, yd, u, v = 1 / (G + 1), 1 / (G + 1), G / (G + 1), -1 / (G + 1)  # duals: rows a, d, and the two equalities
    primal_active = [p1 - G * q1, q2 - G * p2, p1 - q1]
    # reduced costs: A_jᵀy − c_j for columns p1, p2, q1, q2 (rows b, c have zero multipliers)
    reduced = [ya + u - 1, -G * yd + u, -G * ya + v + 1, yd + v]
    dual_value = DELTA * (ya + yd) + u + v
    return (identity(primal_active + reduced + [dual_value], [DELTA, DELTA, value, 0, 0, 0, 0, value],
                     "primal (p₁, q₁) = ((γ+δ)/(γ+1), (1−δ)/(γ+1)) is feasible with rows a, d tight and value "
                     "(γ−1+2δ)/(γ+1); dual y_a = y_d = 1/(γ+1) ≥ 0, u = γ/(γ+1), v = −1/(γ+1) has zero reduced costs "
                     "and the same value (weak duality)"),
            [p1, p2, q1, q2], value)


@claim(PAPER, "Lemma 1",
       "For K ∈ Q_{ε,δ} and every f-divergence, η_f(K) ≤ φ(ε,δ) = 1 − (1 − δ)e^{−ε}",
       domain=[LDPChannel("K", _ε, _δ), ConvexF("f")],
       stated_domain='“K ∈ Q_{ε,δ}”, every f-divergence', stated_where='Section II, Lemma 1',
       quote=(r"Lemma 1. Let π–ͺβˆˆπ’¬Ξ΅,Ξ΄π–ͺsubscriptπ’¬πœ€π›Ώ{\mathsf{K}}\in{\mathcal{Q}}_{\varepsilon,\delta} "
              r"and φ(Ξ΅,Ξ΄)≔1βˆ’(1βˆ’Ξ΄)eβˆ’Ξ΅β‰”πœ‘πœ€π›Ώ11𝛿superscriptπ‘’πœ€\varphi(\varepsilon,\delta)\coloneqq "
              r"1-(1-\delta)e^{-\varepsilon}. Then, "
              r"Ξ·f(π–ͺ)≀φ(Ξ΅,Ξ΄)subscriptπœ‚π‘“π–ͺπœ‘πœ€π›Ώ\eta_{f}({\mathsf{K}})\leq\varphi(\varepsilon,\delta) "
              r"or, equivalently, "
              r"Df(Pπ–ͺβˆ₯Qπ–ͺ)≀Df(Pβˆ₯Q)φ(Ξ΅,Ξ΄)βˆ€P,Qβˆˆπ’«β€‹(𝒳).formulae-sequencesubscript𝐷𝑓conditional𝑃π–ͺ𝑄π–ͺsubscript𝐷𝑓conditionalπ‘ƒπ‘„πœ‘πœ€π›Ώfor-all𝑃𝑄𝒫𝒳D_{f}(P{\mathsf{K}}\|Q{\mathsf{K}})\leq "
              r"D_{f}(P\|Q)\varphi(\varepsilon,\delta)\qquad\forall P,Q\in{\mathcal{P}}({\mathcal{X}})."))
def lemma_1():
    # the certificate and the gap over the paper's ε, δ (γ = e^ε): defined everywhere, as e^ε + 1 > 0
    g = exp(_ε)
    cert, point, value = _lp_dual_certificate(g, _δ)
    gap = identity(1 - (1 - _δ) / g - value, (1 - _δ) * (g - 1) / (g * (g + 1)),
                   "φ − sup η_TV = (1−δ)(γ−1)/(γ(γ+1)) at γ = e^ε")
    t = sympy.Symbol("t", real=True)
    grow = kernel.instantiate(prove(exp(t) - 1, t, 0, sympy.oo, "e^t ≥ 1 for t ≥ 0"), {t: _ε}, [_ε >= 0])
    nonneg = kernel.decide(kernel.goal((1 - _δ) * (g - 1) / (g * (g + 1)) >= 0, [_ε >= 0, _δ <= 1]), grow,
                           detail="(1−δ)(e^ε − 1)/(e^ε(e^ε + 1)) ≥ 0 for ε ≥ 0, δ ≤ 1")
    r = rng(101)
    ok = []
    for _ in range(10):
        rows = random_kernel(r, 3, 3, 6)
        ch = Channel(rows)
        x, d = R(2), R(1, 10)
        if ch.is_ldp(log(x), d):
            ok += [le(ch.contraction("tv"), phi(log(x), d)), le(ch.contraction("kl"), phi(log(x), d))]
    return establish(combine(cert, gap, nonneg, detail="sup_{K ∈ Q_{ε,δ}} η_TV(K) = (e^ε−1+2δ)/(e^ε+1) ≤ φ (LP "
                             "certificate on binary outputs, which suffice by merging; eq. (30) η_f ≤ η_TV is quoted)"),
                     holds(bool(ok) and all(ok), "random (log 2, 1/10)-LDP 3×3 kernels: η_TV, η_KL ≤ φ"),
                     domain=[LDPChannel("K", _ε, _δ), ConvexF("f")],
                     uses=["egamma-ldp:eq-30", cited("Cohen et al.; Raginsky (the paper's [33, 39])", "η_f(K) ≤ η_TV(K)")],
                     prose_steps=["binary outputs suffice: merging the outputs of an (ε,δ)-LDP kernel into the event "
                                  "that attains TV between two rows keeps it (ε,δ)-LDP (post-processing) and keeps that "
                                  "TV"])


@claim(PAPER, "Lemma 1 (tightness)",
       "Valid but tight only at ε = 0 or δ = 1: sup_{K ∈ Q_{ε,δ}} η_TV(K) = (e^ε − 1 + 2δ)/(e^ε + 1) "
       "(certified LP, exact), and sup η_KL = sup η_χ² = δ + (1 − δ)tanh²(ε/2); both < φ for ε > 0, δ < 1",
       stated_domain='K ∈ Q_{ε,δ}, ε ≥ 0, δ ∈ [0, 1]', stated_where='Section II, Lemma 1 and the remark after it',
       quote=(r"Lemma 1. Let π–ͺβˆˆπ’¬Ξ΅,Ξ΄π–ͺsubscriptπ’¬πœ€π›Ώ{\mathsf{K}}\in{\mathcal{Q}}_{\varepsilon,\delta} "
              r"and φ(Ξ΅,Ξ΄)≔1βˆ’(1βˆ’Ξ΄)eβˆ’Ξ΅β‰”πœ‘πœ€π›Ώ11𝛿superscriptπ‘’πœ€\varphi(\varepsilon,\delta)\coloneqq "
              r"1-(1-\delta)e^{-\varepsilon}. Then, "
              r"Ξ·f(π–ͺ)≀φ(Ξ΅,Ξ΄)subscriptπœ‚π‘“π–ͺπœ‘πœ€π›Ώ\eta_{f}({\mathsf{K}})\leq\varphi(\varepsilon,\delta) "
              r"or, equivalently, "
              r"Df(Pπ–ͺβˆ₯Qπ–ͺ)≀Df(Pβˆ₯Q)φ(Ξ΅,Ξ΄)βˆ€P,Qβˆˆπ’«β€‹(𝒳).formulae-sequencesubscript𝐷𝑓conditional𝑃π–ͺ𝑄π–ͺsubscript𝐷𝑓conditionalπ‘ƒπ‘„πœ‘πœ€π›Ώfor-all𝑃𝑄𝒫𝒳D_{f}(P{\mathsf{K}}\|Q{\mathsf{K}})\leq "
              r"D_{f}(P\|Q)\varphi(\varepsilon,\delta)\qquad\forall P,Q\in{\mathcal{P}}({\mathcal{X}}). Notice that "
              r"this lemma holds for any f𝑓f-divergences and any general family of "
              r"(Ξ΅,Ξ΄)πœ€π›Ώ(\varepsilon,\delta)-LDP mechanisms. However, it can be improved if one considers "
              r"particular mechanisms or a certain f𝑓f-divergence. For instance, it is known that "
              r"Ξ·π–ͺ𝖫(𝖑𝖲𝖒(Ο‰))=(1βˆ’2ω2)subscriptπœ‚π–ͺπ–«π–‘π–²π–’πœ”12superscriptπœ”2\eta_{\mathsf{KL}}(\mathsf{BSC}(\omega))=(1-2\omega^{2}) "
              r"[21]. Thus, we have "
              r"Ξ·π–ͺ𝖫(π–ͺ𝖱𝖱Ρ)=(eΞ΅βˆ’1eΞ΅+1)2subscriptπœ‚π–ͺ𝖫subscriptsuperscriptπ–ͺπœ€π–±π–±superscriptsuperscriptπ‘’πœ€1superscriptπ‘’πœ€12\eta_{\mathsf{KL}}({\mathsf{K}}^{\varepsilon}_{\mathsf{RR}})=(\frac{e^{\varepsilon}-1}{e^{\varepsilon}+1})^{2} "
              r"for the randomized response mechanism "
              r"π–ͺ𝖱𝖱Ρsubscriptsuperscriptπ–ͺπœ€π–±π–±{\mathsf{K}}^{\varepsilon}_{\mathsf{RR}} (cf. ExampleΒ 1), "
              r"while LemmaΒ 1 implies that "
              r"Ξ·π–ͺ𝖫(π–ͺ𝖱𝖱Ρ)≀1βˆ’eβˆ’Ξ΅subscriptπœ‚π–ͺ𝖫subscriptsuperscriptπ–ͺπœ€π–±π–±1superscriptπ‘’πœ€\eta_{\mathsf{KL}}({\mathsf{K}}^{\varepsilon}_{\mathsf{RR}})\leq "
              r"1-e^{-\varepsilon}. Unfortunately, Ξ·π–ͺ𝖫subscriptπœ‚π–ͺ𝖫\eta_{\mathsf{KL}} is difficult to compute "
              r"in closed form for general Markov kernels, in which case LemmaΒ 1 provides a useful alternative."))
def lemma_1_tightness():
    cert, _, value = _lp_dual_certificate()
    pts = [(2, 0), (3, R(1, 10)), (R(3, 2), R(1, 100)), (5, R(3, 10)), (1, R(1, 4))]
    lps = [worst_case_lp(log(x), d, 1, m).value for x, d in pts for m in (2, 3, 4)]
    closed = [value.subs({G: x, DELTA: d}) for x, d in pts for _ in (2, 3, 4)]
    kl_lib = [worst_case_contraction(log(x), d, "kl") for x, d in pts]
    kl_closed = [d + (1 - d) * ((x - sympy.Integer(1)) / (x + 1)) ** 2 for x, d in pts]
    strict = [sign(phi(log(x), d) - worst_case_contraction(log(x), d)) for x, d in pts]
    gam = [worst_case_contraction(log(x), d, ("e_gamma", R(3, 2))) for x, d in pts]
    gam_closed = [d + (1 - d) * sympy.Max(x - R(3, 2), 0) / (x + 1) for x, d in pts]
    attained = [dominating_kernel(log(x), d).contraction("tv") for x, d in pts]
    kl_part = exact_agreement(kl_lib, kl_closed, "sup η_KL = δ + (1−δ)((γ−1)/(γ+1))² (the dominating kernel's "
                              "maximal correlation), at 5 points only: no proof over all kernels")
    return establish(combine(cert, kl_part, detail="TV supremum proved (LP certificate); the η_KL = η_χ² supremum "
                             "is only checked"),
                     exact_agreement(lps, closed, "certified LP optimum (symdp.numerics.lp) on m = 2, 3, 4 outputs = "
                                     "(γ−1+2δ)/(γ+1) at 5 rational (e^ε, δ)"),
                     exact_agreement(attained, closed[::3], "attained by the Kairouz–Oh–Viswanath pair as a kernel"),
                     exact_agreement(gam, gam_closed, "sup η_{3/2} = δ + (1−δ)(γ − 3/2)₊/(γ + 1)"),
                     exact_agreement(strict, [1, 1, 1, 1, 0], "strictly below φ except at ε = 0 (last point)"),
                     domain="ε ≥ 0, δ ∈ [0, 1] (certificate); LP at 5 rational points")


@claim(PAPER, "Lemma 1 (η_KL of BSC), erratum",
       "η_KL(BSC(ω)) = (1 − 2ω)² (printed: 1 − 2ω²); with ω = 1/(1+e^ε) this gives η_KL(K_RR) = ((e^ε−1)/(e^ε+1))² "
       "≤ 1 − e^{−ε}",
       stated_domain='BSC(ω), ω ∈ [0, 1]; K_RR^ε, ε ≥ 0', stated_where='Section II, remark after Lemma 1',
       quote=(r"Notice that this lemma holds for any f𝑓f-divergences and any general family of "
              r"(Ξ΅,Ξ΄)πœ€π›Ώ(\varepsilon,\delta)-LDP mechanisms. However, it can be improved if one considers "
              r"particular mechanisms or a certain f𝑓f-divergence. For instance, it is known that "
              r"Ξ·π–ͺ𝖫(𝖑𝖲𝖒(Ο‰))=(1βˆ’2ω2)subscriptπœ‚π–ͺπ–«π–‘π–²π–’πœ”12superscriptπœ”2\eta_{\mathsf{KL}}(\mathsf{BSC}(\omega))=(1-2\omega^{2}) "
              r"[21]. Thus, we have "
              r"Ξ·π–ͺ𝖫(π–ͺ𝖱𝖱Ρ)=(eΞ΅βˆ’1eΞ΅+1)2subscriptπœ‚π–ͺ𝖫subscriptsuperscriptπ–ͺπœ€π–±π–±superscriptsuperscriptπ‘’πœ€1superscriptπ‘’πœ€12\eta_{\mathsf{KL}}({\mathsf{K}}^{\varepsilon}_{\mathsf{RR}})=(\frac{e^{\varepsilon}-1}{e^{\varepsilon}+1})^{2} "
              r"for the randomized response mechanism "
              r"π–ͺ𝖱𝖱Ρsubscriptsuperscriptπ–ͺπœ€π–±π–±{\mathsf{K}}^{\varepsilon}_{\mathsf{RR}} (cf. ExampleΒ 1), "
              r"while LemmaΒ 1 implies that "
              r"Ξ·π–ͺ𝖫(π–ͺ𝖱𝖱Ρ)≀1βˆ’eβˆ’Ξ΅subscriptπœ‚π–ͺ𝖫subscriptsuperscriptπ–ͺπœ€π–±π–±1superscriptπ‘’πœ€\eta_{\mathsf{KL}}({\mathsf{K}}^{\varepsilon}_{\mathsf{RR}})\leq "
              r"1-e^{-\varepsilon}. Unfortunately, Ξ·π–ͺ𝖫subscriptπœ‚π–ͺ𝖫\eta_{\mathsf{KL}} is difficult to compute "
              r"in closed form for general Markov kernels, in which case LemmaΒ 1 provides a useful alternative."))
def lemma_1_bsc():
    w = R(1, 4)
    printed = 1 - 2 * w ** 2
    dobrushin = bsc(w).contraction("tv")
    lc = R(1, 2) * (((1 - OMEGA) - OMEGA) ** 2 / 1 + (OMEGA - (1 - OMEGA)) ** 2 / 1)
    rr = identity([lc, ((1 - 2 / (1 + X)) ** 2)], [(1 - 2 * OMEGA) ** 2, ((X - 1) / (X + 1)) ** 2],
                  "maximal correlation ½Σ(p−q)²/(p+q) of BSC(ω) at the uniform input = (1−2ω)²; at ω = 1/(1+e^ε) it is "
                  "tanh²(ε/2)")
    le_phi = identity((X - 1) / X - ((X - 1) / (X + 1)) ** 2, (X - 1) * (3 * X + 1) / (X * (X + 1) ** 2),
                      "1 − e^{−ε} − tanh²(ε/2) = (x−1)(3x+1)/(x(x+1)²) ≥ 0, x = e^ε ≥ 1")
    lib = [bsc_kl_contraction(v) for v in (R(1, 4), R(1, 10), R(2, 5))]
    rr_lib = [rr_kl_contraction(log(x), 2) for x in (2, 3)]
    corrected = establish(combine(rr, le_phi),
                          exact_agreement(lib + rr_lib, [R(1, 4), R(16, 25), R(1, 25), R(1, 9), R(1, 4)],
                                          "library η_KL of BSC(1/4), BSC(1/10), BSC(2/5), RR(log 2), RR(log 3)"),
                          domain="ω ∈ [0, 1], ε ≥ 0")
    return erratum(le(printed, dobrushin), {"omega": "1/4", "printed 1-2w^2": str(printed), "(1-2w)^2": "1/4",
                                            "eta_TV(BSC) (bounds every eta_f, eq. 30)": str(dobrushin)},
                   corrected, "the printed 7/8 exceeds η_TV(BSC(1/4)) = 1/2 ≥ η_KL, so it cannot be η_KL",
                   corrected_statement="η_KL(BSC(ω)) = (1 − 2ω)²", kind="typo")


@claim(PAPER, "Lemma 2", "For K ∈ Q_{ε,δ}: η_f(K^{⊗n}) ≤ φ_n(ε,δ) = 1 − e^{−nε}(1 − δ)^n = 1 − (1 − φ)^n",
       domain=[LDPChannel("K", _ε, _δ), Integer("n", 1)],
       stated_domain='“K ∈ Q_{ε,δ}”, n ≥ 1, non-interactive K^{⊗n}', stated_where='Section II, Lemma 2',
       quote=(r"Lemma 2. Let π–ͺβˆˆπ’¬Ξ΅,Ξ΄π–ͺsubscriptπ’¬πœ€π›Ώ{\mathsf{K}}\in{\mathcal{Q}}_{\varepsilon,\delta} "
              r"and "
              r"Ο†n(Ξ΅,Ξ΄)≔1βˆ’eβˆ’nΡ(1βˆ’Ξ΄)n≔subscriptπœ‘π‘›πœ€π›Ώ1superscriptπ‘’π‘›πœ€superscript1𝛿𝑛\varphi_{n}(\varepsilon,\delta)\coloneqq "
              r"1-e^{-n\varepsilon}(1-\delta)^{n}. Then "
              r"Ξ·f(π–ͺβŠ—n)≀φn(Ξ΅,Ξ΄)subscriptπœ‚π‘“superscriptπ–ͺtensor-productabsent𝑛subscriptπœ‘π‘›πœ€π›Ώ\eta_{f}({\mathsf{K}}^{\otimes "
              r"n})\leq\varphi_{n}(\varepsilon,\delta) for nβ‰₯1.𝑛1n\geq 1."))
def lemma_2():
    ok = []
    r = rng(2)
    kernels = [randomized_response(log(3)).rows, dominating_kernel(log(2), R(1, 10)).rows]
    kernels += [Channel(random_kernel(r, 2, 2, 5)).rows for _ in range(3)]
    for rows in kernels:
        ch = Channel(rows)
        x = sympy.exp(ch.ldp_epsilon()) if ch.ldp_epsilon() != sympy.oo else None
        if x is None:
            continue
        for n in (2, 3):
            prod = product_kernel(*[rows] * n)
            eta_n = max((tv_events(a, b) for a in prod for b in prod), key=lambda v: float(v))
            ok.append(le(eta_n, 1 - (1 - ch.dobrushin()) ** n))
            ok.append(le(eta_n, phi(log(x), 0, n)))
            ok.append(eta_n == tensor_power(ch, n).contraction("tv"))
    value = catalog([phi(1, R(1, 10), 5)], ["0.99602130967651"], "φ_5(1, 0.1) = 0.99602130967651")
    n_, h = sympy.Symbol("n", positive=True, integer=True), sympy.Symbol("h", real=True)
    # over the paper's ε, δ (h is η_{e^ε}(K), bounded by δ by Theorem 1)
    tv_bound = kernel.decide(kernel.goal(1 - (1 - h) * exp(-_ε) <= 1 - (1 - _δ) * exp(-_ε), [h <= _δ]),
                             detail="η_{e^ε}(K) ≤ δ (Theorem 1) in eq. (29) at γ = e^ε: η_TV(K) ≤ 1 − (1 − δ)e^{−ε} = φ")
    power = identity((1 - (1 - (1 - _δ) * exp(-_ε))) ** n_, exp(-n_ * _ε) * (1 - _δ) ** n_,
                     "(1 − φ)^n = e^{−nε}(1 − δ)^n for every n ≥ 1, so φ_n = 1 − (1 − φ)^n")
    return establish(grouped("φ_n and the single-kernel bound", tv_bound, power),
                     holds(all(ok), "RR(log 3), the (log 2, 1/10) dominating kernel and 3 random 2×2 kernels at their "
                           "own ε, n = 2, 3: η_TV(K^{⊗n}) (events of the product enumerated) ≤ 1 − (1−η_TV(K))^n "
                           "(Polyanskiy–Wu, Cor. 9) ≤ φ_n, and = library tensor_power"),
                     value, domain=[LDPChannel("K", _ε, _δ), Integer("n", 1)],
                     uses=["egamma-ldp:theorem-1", "egamma-ldp:eq-29", "egamma-ldp:eq-30",
                           cited("Polyanskiy–Wu (the paper's [35])", "Corollary 9: η_TV(⊗K_i) ≤ 1 − Π(1 − η_TV(K_i))")],
                     prose_steps=["x ↦ 1 − (1 − x)^n increases on [0, 1], so η_TV(K) ≤ φ gives 1 − (1 − η_TV(K))^n ≤ φ_n"])


@claim(PAPER, "Eq. (29)", "η_TV(K) ≤ 1 − (1 − η_γ(K))/γ for γ ≥ 1",
       domain=_EQ_29_DOMAIN,
       stated_domain='every Markov kernel K, γ ≥ 1; η_TV = η_1 and η_γ the contraction coefficients of eq. (3) '
                     '(named eta_TV, eta_gamma; E_γ as in Theorem 3)', stated_where='Appendix, proof of Lemma 1, eq. (29)',
       quote=(r"Taking supremum over xπ‘₯x and xβ€²superscriptπ‘₯β€²x^{\prime} from both side and invoking TheoremΒ "
              r"3 and (26), we conclude that "
              r"η𝖳𝖡(π–ͺ)≀1βˆ’1βˆ’Ξ·Ξ³β€‹(π–ͺ)Ξ³.subscriptπœ‚π–³π–΅π–ͺ11subscriptπœ‚π›Ύπ–ͺ𝛾\eta_{\mathsf{TV}}({\mathsf{K}})\leq "
              r"1-\frac{1-\eta_{\gamma}({\mathsf{K}})}{\gamma}. (29)"))
def eq_29():
    r = rng(29)
    ok = []
    for _ in range(10):
        ch = Channel(random_kernel(r, 3, 4))
        for g in (R(1), R(3, 2), R(4)):
            ok.append(le(ch.contraction("tv"), 1 - (1 - ch.contraction(("e_gamma", g))) / g))
    thm3 = kernel.lemma("egamma-ldp:theorem-3-eqs-25-26", _theorem_3_goal(GR))
    one = kernel.instantiate(thm3, {GR: sympy.Integer(1)}, [])
    bound = kernel.decide(kernel.goal(_eta(sympy.Integer(1)) <= 1 - (1 - _eta(GR)) / GR, [GR >= 1]), thm3, one,
                          _eq_29_steps(GR),
                          detail="Theorem 3 at γ and at 1 (η = the two-point suprema), and the two-point bound for "
                                 "every output event and pair of inputs")
    return establish(bound, holds(all(ok), "10 random 3×4 kernels, γ ∈ {1, 3/2, 4}"),
                     domain=_EQ_29_DOMAIN, uses=["egamma-ldp:theorem-3-eqs-25-26"])


@claim(PAPER, "Eq. (30)", "η_f(K) ≤ η_TV(K) for every convex f (checked for KL = χ², E_γ and squared Hellinger ratios)",
       stated_domain='“any Markov kernel K and any convex functions f”', stated_where='Appendix, proof of Lemma 1, eq. (30)',
       quote=(r"It is known [33, 39] that for any Markov kernel π–ͺπ–ͺ{\mathsf{K}} and any convex functions f𝑓f we "
              r"have "
              r"Ξ·f(π–ͺ)≀η𝖳𝖡(π–ͺ),subscriptπœ‚π‘“π–ͺsubscriptπœ‚π–³π–΅π–ͺ\eta_{f}({\mathsf{K}})\leq\eta_{\mathsf{TV}}({\mathsf{K}}), "
              r"(30) from which the desired result follows immediately. ∎"))
def eq_30():
    r = rng(30)
    ok = []
    for _ in range(8):
        rows = random_kernel(r, 3, 3)
        ch = Channel(rows)
        ok.append(le(ch.contraction("kl"), ch.contraction("tv")))
        ok.append(le(ch.contraction(("e_gamma", R(5, 2))), ch.contraction("tv")))
        for _ in range(4):
            p, q = random_law(r, 3), random_law(r, 3)
            h = lambda a, b: sum(((sympy.sqrt(u) - sympy.sqrt(v)) ** 2 for u, v in zip(a, b)), sympy.Integer(0))
            ok.append(le(h(push(p, rows), push(q, rows)), ch.contraction("tv") * h(p, q)))
    return establish(holds(all(ok), "8 random 3×3 kernels: η_KL, η_{5/2} ≤ η_TV; H² ratios on 4 random input pairs each"),
                     domain="random 3×3 kernels", stated_domain="all kernels and convex f")
