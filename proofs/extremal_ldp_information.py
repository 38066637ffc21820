"""Kairouz–Oh–Viswanath, *Extremal mechanisms for local DP*: information preservation (Sections 4, 9).

Theorems 12–14, Corollaries 15–16, Lemmas 26–27, Claims 4–5 and the identities (100), (105),
(117), (120)–(122), (131). Errata: Theorem 12's missing uniqueness hypothesis, Theorem 14 and
Corollary 16 with a zero-mass symbol, the remainder of eq. (32), the typo in (100).
"""

from __future__ import annotations

import sympy

from _idioms import grouped, holds
from _eldp_helpers import (named, C, D, E, LAW, log_ratio, U3, Q, binary_mi, lognorm, log, mi_binary_T, mi_mu, random_law, rng,
                           rr_dual_objects, rr_dual_steps, rr_mi, singleton_objects, singleton_values, sub, subsets,
                           at_exp, bit, exp_above_one, INPUT, is_law, is_set, SIZE, TAU, total, IOTA, RR_L, RR_Y,
                           rr_entry, rr_marginal, rr_output_facts, rr_pick)
from symdp.local import Channel, optimal_mechanism, utility
from symdp.local.extremal import binary_dual, binary_is_optimal, dual_slacks, rr_is_optimal, switch_bracket
from symdp.numbers import sign
from symdp.verify import claim, combine, erratum, establish, exact_agreement, identity, kernel, prove, real_closed
from symdp.verify.domains import Integer, LDPChannel, ProbabilityVector

PAPER = "extremal-ldp"

# Real parameters of the paper's domains (symdp.verify.domains), named as the paper names them.
_ε, _z = sympy.symbols("epsilon z", real=True)


def _H(p):
    return -sum((v * log(v) for v in p), sympy.Integer(0))


def _unique_max(p) -> bool:
    """{T, Tᶜ} is the unique maximiser of P(A)P(Aᶜ) (the hypothesis the proof of Theorem 12 uses)."""
    k = len(p)
    vals = [sub(p, A) * (1 - sub(p, A)) for A in subsets(k)]
    best = max(vals)
    return vals.count(best) == 2


#: P as a sequence on k symbols (Σ_i P(x_i) = 1): what the goal quantifies
_EQ_105_DOMAIN = [ProbabilityVector("P", "k"), is_law(LAW)]


@claim(PAPER, "Eq. (105)", "argmin_A |P(A) − ½| = argmax_A P(A)P(Aᶜ) (= argmax h(P(A)))",
       domain=_EQ_105_DOMAIN, stated_domain='any P on a finite alphabet, all subsets A', stated_where='Section 9.1, eq. (105)',
       quote=(r"Let f(z)=|z12|𝑓𝑧𝑧12f(z)=|z-\frac{1}{2}|, g(z)=zlogz(1z)log(1z)𝑔𝑧𝑧𝑧1𝑧1𝑧g(z)=-z\log z-(1-z)\log(1-z), "
              r"and h(z)=z(1z)𝑧𝑧1𝑧h(z)=z(1-z) for 0z10𝑧10\leq z\leq 1. On the one hand, g𝑔g and hh are monotonically "
              r"increasing over 0z120𝑧120\leq z\leq\frac{1}{2} and monotonically decreasing over "
              r"12z112𝑧1\frac{1}{2}\leq z\leq 1 but on the other hand, f𝑓f is monotonically decreasing over "
              r"0z120𝑧120\leq z\leq\frac{1}{2} and monotonically increasing over 12z112𝑧1\frac{1}{2}\leq z\leq 1. "
              r"Therefore, TargminA𝒳|P(A)12|𝑇𝐴𝒳𝑃𝐴12\displaystyle T\in\underset{A\subseteq{\cal "
              r"X}}{\arg\min}\;\;\Big{|}P(A)-\frac{1}{2}\Big{|} \displaystyle\Leftrightarrow "
              r"TargmaxA𝒳P(A)logP(A)P(Ac)logP(Ac)𝑇𝐴𝒳𝑃𝐴𝑃𝐴𝑃superscript𝐴𝑐𝑃superscript𝐴𝑐\displaystyle "
              r"T\in\underset{A\subseteq{\cal X}}{\arg\max}\;\;-P(A)\log P(A)-P(A^{c})\log P(A^{c}) (105) "
              r"\displaystyle\Leftrightarrow TargmaxA𝒳P(A)P(Ac).𝑇𝐴𝒳𝑃𝐴𝑃superscript𝐴𝑐\displaystyle "
              r"T\in\underset{A\subseteq{\cal X}}{\arg\max}\;\;P(A)P(A^{c})."))
def eq_105():
    r = rng(105)
    flags = []
    for _ in range(20):
        p = random_law(r, r.randint(2, 6))
        k = len(p)
        d = [abs(sub(p, A) - Q(1, 2)) for A in subsets(k)]
        g = [sub(p, A) * (1 - sub(p, A)) for A in subsets(k)]
        flags.append({i for i, v in enumerate(d) if v == min(d)} == {i for i, v in enumerate(g) if v == max(g)})
    return establish(_same_order(), holds(flags, "exhaustive argmin/argmax over all subsets, random P, k = 2..6"),
                     domain=_EQ_105_DOMAIN)


def _same_order():
    """(105)'s outer equality for every P and all sets A, B (kernel steps): with P(A) = Σ_i P(x_i)σ_i (σ the indicator
    of A) and P(Aᶜ) = Σ_i P(x_i)(1 − σ_i) = 1 − P(A), |P(A) − ½| ≤ |P(B) − ½| ⇔ P(A)P(Aᶜ) ≥ P(B)P(Bᶜ), since
    z(1 − z) = ¼ − (z − ½)²: the two orders of the sets agree, so argmin_A |P(A) − ½| = argmax_A P(A)P(Aᶜ). (The
    entropy in the middle of (105) is not claimed here.)"""
    i = INPUT
    masses = []
    for name in ("sigma_A", "sigma_B"):
        sigma = sympy.IndexedBase(name)
        masses.append((total(LAW[i] * sigma[i]), total(LAW[i] * (1 - sigma[i]))))
    (a, ac), (b, bc) = masses
    goal = kernel.goal(sympy.Equivalent(sympy.Abs(a - Q(1, 2)) <= sympy.Abs(b - Q(1, 2)), a * ac >= b * bc),
                       [SIZE >= 1, is_law(LAW)])
    return kernel.decide(goal, *[kernel.linear(t) for t in (ac, bc)],
                         detail="P(A)P(Aᶜ) = ¼ − (P(A) − ½)² orders the sets as |P(A) − ½| does, reversed")


@claim(PAPER, "Eq. (100)", "the dual (98) has 1ᵀα* = (μ(S_{j1}) + μ(S_{j2}))/(e^ε+1) = BIN (printed: μ(S_{j1}) + "
       "μ(S_{j1}))",
       stated_domain='the dual (98) of the binary-mechanism LP', stated_where='Section 9.1, eq. (100)',
       quote=(r"1Tαsuperscript1𝑇superscript𝛼\displaystyle\textrm{{1}}^{T}\alpha^{*} =\displaystyle= "
              r"1(eε+1)(eε1){iT1|T|(eεμ(Sj1(k))μ(Sj2(k)))\displaystyle\frac{1}{\left(e^{\varepsilon}+1\right)\left(e^{\varepsilon}-1\right)}\left\{\sum_{i\in "
              r"T}\frac{1}{|T|}\left(e^{\varepsilon}\mu\left(S^{(k)}_{j_{1}}\right)-\mu\left(S^{(k)}_{j_{2}}\right)\right)\right. "
              r"(100) =\displaystyle= +iTc1|Tc|(eεμ(Sj2(k))μ(Sj1(k)))}\displaystyle\left.~{}~{}~{}~{}+\sum_{i\in "
              r"T^{c}}\frac{1}{|T^{c}|}\left(e^{\varepsilon}\mu\left(S^{(k)}_{j_{2}}\right)-\mu\left(S^{(k)}_{j_{1}}\right)\right)\right\} "
              r"=\displaystyle= "
              r"1(eε+1)(μ(Sj1(k))+μ(Sj1(k)))1superscript𝑒𝜀1𝜇subscriptsuperscript𝑆𝑘subscript𝑗1𝜇subscriptsuperscript𝑆𝑘subscript𝑗1\displaystyle\frac{1}{\left(e^{\varepsilon}+1\right)}\left(\mu\left(S^{(k)}_{j_{1}}\right)+\mu\left(S^{(k)}_{j_{1}}\right)\right) "
              r"=\displaystyle= "
              r"1eε+1{P(T)eεlogeεP(Tc)+eεP(T)+P(Tc)log1P(Tc)+eεP(T)}+limit-from1superscript𝑒𝜀1𝑃𝑇superscript𝑒𝜀superscript𝑒𝜀𝑃superscript𝑇𝑐superscript𝑒𝜀𝑃𝑇𝑃superscript𝑇𝑐1𝑃superscript𝑇𝑐superscript𝑒𝜀𝑃𝑇\displaystyle\frac{1}{e^{\varepsilon}+1}\left\{P\left(T\right)e^{\varepsilon}\log\frac{e^{\varepsilon}}{P\left({T}^{c}\right)+e^{\varepsilon}P\left({T}\right)}+P\left({T}^{c}\right)\log\frac{1}{P\left({T}^{c}\right)+e^{\varepsilon}P\left({T}\right)}\right\}+ "
              r"1eε+1{P(Tc)eεlogeεP(T)+eεP(Tc)+P(T)log1P(T)+eεP(Tc)}.1superscript𝑒𝜀1𝑃superscript𝑇𝑐superscript𝑒𝜀superscript𝑒𝜀𝑃𝑇superscript𝑒𝜀𝑃superscript𝑇𝑐𝑃𝑇1𝑃𝑇superscript𝑒𝜀𝑃superscript𝑇𝑐\displaystyle\frac{1}{e^{\varepsilon}+1}\left\{P\left({T}^{c}\right)e^{\varepsilon}\log\frac{e^{\varepsilon}}{P\left({T}\right)+e^{\varepsilon}P\left({T}^{c}\right)}+P\left({T}\right)\log\frac{1}{P\left({T}\right)+e^{\varepsilon}P\left({T}^{c}\right)}\right\}."))
def eq_100():
    m1, m2, n1, n2 = sympy.symbols("mu1 mu2 n1 n2", positive=True)
    aT = (E * m1 - m2) / (n1 * (E + 1) * (E - 1))
    aC = (E * m2 - m1) / (n2 * (E + 1) * (E - 1))
    total = n1 * aT + n2 * aC
    corrected = identity([total, total + (E - 1) * n1 * aT, total + (E - 1) * n2 * aC],
                         [(m1 + m2) / (E + 1), m1, m2], "1ᵀα* = (μ1+μ2)/(E+1) and tightness on T, Tᶜ (symbolic |T|, |Tᶜ|)")
    e = Q(2)
    P = [Q(6, 10), Q(3, 10), Q(1, 10)]                  # T = {x2, x3}, P(T) = 2/5 ≠ ½
    u = utility.mutual_information(P)
    T = mi_binary_T(P)
    mu1 = mi_mu(sub(P, T), e)
    printed = (mu1 + mu1) / (e + 1)
    alpha = binary_dual(log(e), u)
    cross = exact_agreement(lognorm(sum(alpha)), lognorm(binary_mi(P, e)), "library binary_dual sums to BIN (112)")
    return establish(erratum(sign(printed - binary_mi(P, e)) == 0, {"P": str(P), "e^eps": "2",
                                                                     "printed": str(sympy.N(printed, 15)),
                                                                     "BIN": str(sympy.N(binary_mi(P, e), 15))},
                             combine(corrected, cross), "a repeated index", corrected_statement="μ(S_{j1}) + μ(S_{j2})", kind="typo"),
                     domain="symbolic; witness P = (.6, .3, .1), e^ε = 2")


@claim(PAPER, "Theorem 12", "(with the hypothesis its proof uses: {T, Tᶜ} the unique maximiser of P(A)P(Aᶜ)) for "
       "0 < ε ≤ ε*(P) the binary mechanism (29) with T from (30) maximises I(X;Y)",
       stated_domain='“for any distribution P”, 0 < ε ≤ ε*(P)', stated_where='Section 4.2, Theorem 12',
       quote=(r"Theorem 12 For any distribution P𝑃P, there exists a positive εsuperscript𝜀\varepsilon^{*} that "
              r"depends on P𝑃P such that for any positive εε𝜀superscript𝜀\varepsilon\leq\varepsilon^{*}, the binary "
              r"mechanism maximizes the mutual information between the input and the output of a privatization "
              r"mechanism over all ε𝜀\varepsilon-locally differentially private mechanisms."))
def theorem_12():
    flags = []
    r = rng(12)
    cases = [(D, [Q(1001, 1000), Q(11, 10), Q(3, 2), Q(2)])]
    while len(cases) < 4:
        p = random_law(r, r.randint(3, 5))
        if _unique_max(p):
            cases.append((p, [Q(10001, 10000), Q(1001, 1000)]))
    for p, Es in cases:
        T = mi_binary_T(p)
        for e in Es:
            flags.append(binary_is_optimal(log(e), utility.mutual_information(p), T))
    stmt = holds(flags, "binary optimal (exact LP comparison): example D at e^ε ≤ 2, three random P with a unique "
                 "maximiser at e^ε ∈ {1.0001, 1.001}")
    u = utility.mutual_information(D)
    cross = [holds([all(sign(s) >= 0 for s in dual_slacks(log(Q(11, 10)), u, binary_dual(log(Q(11, 10)), u)))],
                   "the proof's dual (98) is feasible for D at e^ε = 11/10")]
    lo, hi = switch_bracket(lambda eps: binary_is_optimal(eps, u, mi_binary_T(D)), 2, 3, 14)
    ref = Q("0.865644667907265")
    cross.append(holds([sign(log(lo) - ref) <= 0 <= sign(log(hi) - ref)],
                       f"example D: binary stops being optimal between ε = {sympy.N(log(lo), 8)} and "
                       f"{sympy.N(log(hi), 8)} (catalog: 0.865644667907265)"))
    return establish(stmt, *cross, domain="example D and 3 random P with a unique maximiser, small ε",
                     stated_domain="all P (statement as corrected)")


@claim(PAPER, "Theorem 12 (uniqueness)", "as printed (no hypothesis): for P uniform on 3 symbols RR beats the binary "
       "mechanism at every small ε",
       stated_domain='“for any distribution P” (as printed, no uniqueness hypothesis)', stated_where='Section 4.2, Theorem 12',
       quote=(r"Theorem 12 For any distribution P𝑃P, there exists a positive εsuperscript𝜀\varepsilon^{*} that "
              r"depends on P𝑃P such that for any positive εε𝜀superscript𝜀\varepsilon\leq\varepsilon^{*}, the binary "
              r"mechanism maximizes the mutual information between the input and the output of a privatization "
              r"mechanism over all ε𝜀\varepsilon-locally differentially private mechanisms."))
def theorem_12_uniqueness():
    u = utility.mutual_information(U3)
    T = mi_binary_T(U3)
    wit = {"P": "uniform on 3 symbols"}
    flags = []
    for e in (Q(1001, 1000), Q(101, 100), Q(11, 10)):
        opt = optimal_mechanism(log(e), u).value
        wit[f"e^eps={e}"] = f"OPT = {sympy.N(opt, 15)}, BIN = {sympy.N(binary_mi(U3, e), 15)}"
        flags.append(binary_is_optimal(log(e), u, T))
    # (RR − BIN)/BIN = c·x + O(x²) in x = e^ε − 1 = ε + O(ε²), so c is also the ε-coefficient
    x = sympy.Symbol("x", positive=True)
    rr, bn = rr_mi(U3, 1 + x).subs(log(1 + x), log(1 + x)), binary_mi(U3, 1 + x)
    ser = sympy.series((rr - bn) / bn, x, 0, 2).removeO()
    ratio = sympy.nsimplify(sympy.simplify(ser.coeff(x, 1)))
    wit["lim (RR/BIN - 1)/eps"] = str(ratio)
    corrected = holds([binary_is_optimal(log(Q(11, 10)), utility.mutual_information(D), mi_binary_T(D)),
                       _unique_max(D), not _unique_max(U3), ratio == Q(2, 9)],
                      "with a unique maximiser (example D) binary is optimal at e^ε = 11/10; uniform-3 has six "
                      "tied maximisers and RR/BIN = 1 + (2/9)ε + o(ε)")
    return establish(erratum(any(flags), wit, corrected, "the proof invokes 'the uniqueness of the maximizer "
                             "assumption stated in the theorem', which the statement lacks",
                             corrected_statement="add: {T, Tᶜ} is the unique maximiser of P(A)P(Aᶜ)",
                             kind="substantive"),
                     domain="uniform P, k = 3")


#: The alphabet size k as a symbol (eq. 117).
_KK = sympy.Symbol("k", positive=True)


_THEOREM_13_DOMAIN = [_ε >= 0, _ε <= 1, ProbabilityVector("P", "k")]


@claim(PAPER, "Theorem 13", "for ε ≤ 1: BIN_MI ≥ OPT_MI/(1+e^ε); the proof gives OPT/BIN ≤ k(E+1)/(E+k−1) ≤ E+1 (117)",
       domain=_THEOREM_13_DOMAIN, stated_domain='“for any ε ≤ 1” and any P', stated_where='Section 4.2, Theorem 13',
       quote=(r"Theorem 13 For any ε1𝜀1\varepsilon\leq 1 and any distribution P𝑃P, the binary mechanism is an "
              r"(1+eε)1superscript𝑒𝜀(1+e^{\varepsilon})-approximation of the maximum mutual information between the "
              r"input and the output of a privatization mechanism among all ε𝜀\varepsilon-locally differentially "
              r"private mechanisms."))
def theorem_13():
    r = rng(13)
    flags = []
    for k in (3, 4, 5):
        for _ in range(2):
            p = random_law(r, k)
            for e in (Q(11, 10), Q(2), Q(27, 10)):
                opt = optimal_mechanism(log(e), utility.mutual_information(p)).value
                flags.append(sign(binary_mi(p, e) * (1 + e) - opt) >= 0)
    ident_k = identity((E + 1) - _KK * (E + 1) / (E + _KK - 1), (E + 1) * (E - 1) / (E + _KK - 1), "(117), symbolic k")
    # OPT ≤ M·k/(E+k−1) (Lemma 26), M ≤ μ(P(T)) + μ(P(Tᶜ)) = (E+1)·BIN (Lemma 27 and (115)), M ≥ μ(0) = 0
    opt, M, b, x = sympy.symbols("OPT M BIN x", real=True)
    chain = real_closed((x + 1) * b - opt, [opt, M, b, x, _KK],
                        [opt <= M * _KK / (x + _KK - 1), M <= (x + 1) * b, M >= 0, x >= 1, _KK >= 1],
                        "OPT ≤ Mk/(E+k−1), M ≤ (E+1)·BIN, M ≥ 0, E ≥ 1, k ≥ 1 ⇒ OPT ≤ (1+E)·BIN")
    proof = grouped("(117): Lemmas 26 and 27 with the binary value (115)", chain, ident_k)
    return establish(proof, holds(flags, "exact sign of (1+e^ε)·BIN − OPT, random k = 3..5, e^ε ∈ {1.1, 2, 2.7} (ε ≤ 1)"),
                     domain=_THEOREM_13_DOMAIN,
                     uses=["extremal-ldp:lemma-26", "extremal-ldp:lemma-27", "extremal-ldp:eq-115"])


def _mi_value(x, m):
    """(113) in x = e^ε at the mass m[0]."""
    return m[0] * x * _ε - (m[0] * (x - 1) + 1) * log(m[0] * (x - 1) + 1)


_EQ_131_DOMAIN = [ProbabilityVector("P", "k"), Integer("k", 2), _ε > 0, *rr_dual_objects(),
                  *singleton_objects((LAW,), _mi_value)]


@claim(PAPER, "Eq. (131)", "the MI dual α* of (129) has 1ᵀα* = I_RR (139) and is tight on the singletons",
       domain=_EQ_131_DOMAIN, stated_domain='the dual (129) of the RR mutual-information LP', stated_where='Section 9.5, eq. (131)',
       quote=(r"1Tαsuperscript1𝑇superscript𝛼\displaystyle\textrm{{1}}^{T}\alpha^{*} =\displaystyle= "
              r"1(eε1)(eε+k1)i[k]{(eε+k2)μ(Sji(k))l[k],liμ(Sjl(k))}1superscript𝑒𝜀1superscript𝑒𝜀𝑘1subscript𝑖delimited-[]𝑘superscript𝑒𝜀𝑘2𝜇subscriptsuperscript𝑆𝑘subscript𝑗𝑖subscriptformulae-sequence𝑙delimited-[]𝑘𝑙𝑖𝜇subscriptsuperscript𝑆𝑘subscript𝑗𝑙\displaystyle\frac{1}{\left(e^{\varepsilon}-1\right)\left(e^{\varepsilon}+k-1\right)}\sum_{i\in[k]}\left\{\left(e^{\varepsilon}+k-2\right)\mu\left(S^{(k)}_{j_{i}}\right)-\sum_{l\in[k],l\neq "
              r"i}\mu\left(S^{(k)}_{j_{l}}\right)\right\} (131) =\displaystyle= "
              r"1(eε1)(eε+k1){(eε+k2)i[k]μ(Sji(k))i[k]l[k],liμ(Sjl(k))}1superscript𝑒𝜀1superscript𝑒𝜀𝑘1superscript𝑒𝜀𝑘2subscript𝑖delimited-[]𝑘𝜇subscriptsuperscript𝑆𝑘subscript𝑗𝑖subscript𝑖delimited-[]𝑘subscriptformulae-sequence𝑙delimited-[]𝑘𝑙𝑖𝜇subscriptsuperscript𝑆𝑘subscript𝑗𝑙\displaystyle\frac{1}{\left(e^{\varepsilon}-1\right)\left(e^{\varepsilon}+k-1\right)}\left\{\left(e^{\varepsilon}+k-2\right)\sum_{i\in[k]}\mu\left(S^{(k)}_{j_{i}}\right)-\sum_{i\in[k]}\sum_{l\in[k],l\neq "
              r"i}\mu\left(S^{(k)}_{j_{l}}\right)\right\} =\displaystyle= "
              r"1(eε1)(eε+k1){(eε+k2)i[k]μ(Sji(k))(k1)i[k]μ(Sji(k))}1superscript𝑒𝜀1superscript𝑒𝜀𝑘1superscript𝑒𝜀𝑘2subscript𝑖delimited-[]𝑘𝜇subscriptsuperscript𝑆𝑘subscript𝑗𝑖𝑘1subscript𝑖delimited-[]𝑘𝜇subscriptsuperscript𝑆𝑘subscript𝑗𝑖\displaystyle\frac{1}{\left(e^{\varepsilon}-1\right)\left(e^{\varepsilon}+k-1\right)}\left\{\left(e^{\varepsilon}+k-2\right)\sum_{i\in[k]}\mu\left(S^{(k)}_{j_{i}}\right)-(k-1)\sum_{i\in[k]}\mu\left(S^{(k)}_{j_{i}}\right)\right\} "
              r"=\displaystyle= "
              r"1(eε+k1)i[k]μ(Sji(k))1superscript𝑒𝜀𝑘1subscript𝑖delimited-[]𝑘𝜇subscriptsuperscript𝑆𝑘subscript𝑗𝑖\displaystyle\frac{1}{\left(e^{\varepsilon}+k-1\right)}\sum_{i\in[k]}\mu\left(S^{(k)}_{j_{i}}\right) "
              r"=\displaystyle= "
              r"1(eε+k1)i[k]{P(xi)eεlogeεP(xi)(eε1)+1\displaystyle\frac{1}{\left(e^{\varepsilon}+k-1\right)}\sum_{i\in[k]}\left\{P\left(x_{i}\right)e^{\varepsilon}\log\frac{e^{\varepsilon}}{P\left(x_{i}\right)\left(e^{\varepsilon}-1\right)+1}\right. "
              r"+(1P(xi))log1P(xi)(eε1)+1}.\displaystyle~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}\left.+\left(1-P\left(x_{i}\right)\right)\log\frac{1}{P\left(x_{i}\right)\left(e^{\varepsilon}-1\right)+1}\right\}."))
def eq_131():
    e = Q(5)
    for_p = []
    for p in (C, D):
        mu = [mi_mu(v, E) for v in p]
        k = len(p)
        alpha = [((E + k - 2) * m - (sum(mu) - m)) / ((E - 1) * (E + k - 1)) for m in mu]
        for_p.append((sum(alpha), rr_mi(p, E)))
    stmt = identity([sympy.expand_log(a, force=True) for a, _ in for_p], [sympy.expand_log(b, force=True) for _, b in for_p],
                    "1ᵀα* = Σ μ(P_i)/(E+k−1) with the MI column values (113), examples C and D, symbolic E")
    from symdp.local import rr_dual
    cross = exact_agreement(lognorm(sum(rr_dual(log(e), utility.mutual_information(C)))), lognorm(rr_mi(C, e)),
                            "library rr_dual sums to I_RR (139), example C, e^ε = 5")
    values = singleton_values((LAW,), _mi_value, "(113)")
    return establish(combine(rr_dual_steps(), values, detail="(131): 1ᵀα* = Σ_i μ_{j_i}/(e^ε + k − 1), tight on the "
                                                             "singletons; μ_{j_i} by (113) at T_{j_i} = {x_i} is μ(P_i) (139)"),
                     stmt, cross, domain=_EQ_131_DOMAIN, uses=["extremal-ldp:eq-99-eq-eq-113"])


@claim(PAPER, "Theorem 14", "for each P there is ε*(P) with RR maximising I(X;Y) for all ε ≥ ε*",
       stated_domain='“for any distribution P”, ε ≥ ε*(P)', stated_where='Section 4.3, Theorem 14',
       quote=(r"Theorem 14 There exists a positive εsuperscript𝜀\varepsilon^{*} that depends on P𝑃P such that for "
              r"any distribution P𝑃P and all εε𝜀superscript𝜀\varepsilon\geq\varepsilon^{*}, the randomized response "
              r"mechanism maximizes the mutual information between the input and the output of a privatization "
              r"mechanism over all ε𝜀\varepsilon-locally differentially private mechanisms."))
def theorem_14():
    flags = [rr_is_optimal(log(e), utility.mutual_information(C)) for e in (Q(8), Q(20), Q(1000))]
    flags += [rr_is_optimal(log(e), utility.mutual_information(D)) for e in (Q(3), Q(10))]
    r = rng(14)
    for k in (3, 4, 5):
        flags.append(rr_is_optimal(log(Q(10) ** 4), utility.mutual_information(random_law(r, k))))
    stmt = holds(flags, "RR optimal (exact LP decision): C at e^ε ∈ {8, 20, 1000}, D at {3, 10}, random k = 3..5 at 10^4")
    uc = utility.mutual_information(C)
    lo, hi = switch_bracket(lambda eps: rr_is_optimal(eps, uc), 5, 10, 14)
    ref = Q("1.98004987551704")
    cross = holds([sign(log(lo) - ref) <= 0 <= sign(log(hi) - ref)],
                  f"example C: RR becomes optimal between ε = {sympy.N(log(lo), 8)} and {sympy.N(log(hi), 8)} "
                  "(catalog: 1.98004987551704)")
    return establish(stmt, cross, domain="examples C, D and 3 random P at large ε", stated_domain="all P")


@claim(PAPER, "Theorem 14 (zero mass)", "as printed (“for any distribution P”): with a symbol of zero mass, P = (½, ½, 0), "
       "randomized response on all k = 3 symbols is beaten at every ε > 0, and Corollary 16's bound with k = 3 fails",
       stated_domain='“for any distribution P” (as printed, zero masses allowed)', stated_where='Section 4.3, Theorem 14; '
       'Section 4.5, Corollary 16',
       quote=(r"Theorem 14 There exists a positive εsuperscript𝜀\varepsilon^{*} that depends on P𝑃P such that for "
              r"any distribution P𝑃P and all εε𝜀superscript𝜀\varepsilon\geq\varepsilon^{*}, the randomized response "
              r"mechanism maximizes the mutual information between the input and the output of a privatization "
              r"mechanism over all ε𝜀\varepsilon-locally differentially private mechanisms."))
def theorem_14_zero_mass():
    P = [Q(1, 2), Q(1, 2), 0]
    # binary RR on the support, x3 sent to (½, ½): ε-LDP since 2E/(E+1) ≤ E and (E+1)/2 ≤ E for E ≥ 1
    x = sympy.Symbol("x", positive=True)                                             # x = e^ε
    support_rr = [[x / (x + 1), 1 / (x + 1)], [1 / (x + 1), x / (x + 1)], [Q(1, 2), Q(1, 2)]]
    mu_half = mi_mu(Q(1, 2), x)
    gap = identity([rr_mi(P, x), 2 * mu_half / (x + 1) - rr_mi(P, x)], [2 * mu_half / (x + 2), 2 * mu_half / ((x + 1) * (x + 2))],
                   "I_RR (139) on 3 symbols = 2μ(½)/(e^ε+2); the support mechanism's 2μ(½)/(e^ε+1) exceeds it by "
                   "2μ(½)/((e^ε+1)(e^ε+2)), and μ(½) > 0 for ε > 0 (μ strictly concave, μ(0) = μ(1) = 0)")
    wit, flags = {"P": "(1/2, 1/2, 0)"}, []
    for e in (Q(100), Q(10) ** 4):
        rows = [[v.subs(x, e) for v in row] for row in support_rr]
        alt = utility.mutual_information(P)(Channel(rows))
        flags.append(sign(alt - rr_mi(P, e)) > 0 and Channel(rows).ldp_epsilon() == log(e))
        bound = _H(P[:2]) - Q(9, 10) * 2 * log(e) / e             # Corollary 16, δ = 1/10, k = 3; H drops 0 log 0
        flags.append(sign(alt - bound) > 0)
        wit[f"e^eps={e}"] = (f"I_RR = {sympy.N(rr_mi(P, e), 15)}, support mechanism = {sympy.N(alt, 15)}, "
                             f"Corollary 16 bound = {sympy.N(bound, 15)}")
    printed = not all(flags)
    e = Q(100)
    best = exact_agreement(lognorm(utility.mutual_information(P)(Channel([[v.subs(x, e) for v in row] for row in support_rr]))),
                           lognorm(optimal_mechanism(log(e), utility.mutual_information(P)).value),
                           "the support mechanism attains the certified LP optimum at e^ε = 100")
    corrected = holds([rr_is_optimal(log(Q(1000)), utility.mutual_information(C)),
                       rr_is_optimal(log(Q(10) ** 4), utility.mutual_information([Q(1, 2), Q(1, 2)]))],
                      "with full support RR is optimal at large ε (example C at e^ε = 1000; (½, ½) on its support at 10^4)")
    return establish(erratum(printed, wit, combine(gap, corrected, best), "a zero-mass symbol only dilutes randomized "
                             "response; the optimum ignores it, so Theorem 14 and Corollary 16 need k = |supp P|",
                             corrected_statement="Theorems 14 and Corollary 16 for P with P(x) > 0 for every x (or k the "
                             "size of the support)", kind="minor"),
                     domain="P = (½, ½, 0), every ε > 0 (identity); e^ε = 100, 10^4 (exact)")


@claim(PAPER, "Corollary 15", "for ε ≤ ε*(P,δ): I(X;Y) ≤ (1+δ)·½P(T)P(Tᶜ)ε²; the binary MI is ½q(1−q)ε² + 0·ε³ + O(ε⁴)",
       stated_domain='“for ε ≤ ε*(P, δ)”, δ > 0', stated_where='Section 4.5, Corollary 15',
       quote=(r"Corollary 15 For any ε0𝜀0\varepsilon\geq 0, let Q𝑄Q be any conditional distribution that guarantees "
              r"ε𝜀\varepsilon-local differential privacy. Then, for any distribution P𝑃P and any positive "
              r"δ>0𝛿0\delta>0, there exists a positive εsuperscript𝜀\varepsilon^{*} that depends on P𝑃P and δ𝛿\delta "
              r"such that for any εε𝜀superscript𝜀\varepsilon\leq\varepsilon^{*} the following bound holds "
              r"I(X;Y)𝐼𝑋𝑌\displaystyle I\left(X;Y\right) \displaystyle\leq "
              r"(1+δ)12P(T)P(Tc)ε2,1𝛿12𝑃𝑇𝑃superscript𝑇𝑐superscript𝜀2\displaystyle(1+\delta)\frac{1}{2}P\left(T\right)P\left(T^{c}\right)\varepsilon^{2}, "
              r"(31) where T𝑇T is defined in (30). This follows from Theorem 12 (optimality of the binary mechanism) "
              r"and observing that the binary mechanism achieves I(X;Y)𝐼𝑋𝑌\displaystyle I\left(X;Y\right) "
              r"=\displaystyle= "
              r"1eε+1{P(T)eεlogeεP(Tc)+eεP(T)+P(Tc)log1P(Tc)+eεP(T)}1superscript𝑒𝜀1𝑃𝑇superscript𝑒𝜀superscript𝑒𝜀𝑃superscript𝑇𝑐superscript𝑒𝜀𝑃𝑇𝑃superscript𝑇𝑐1𝑃superscript𝑇𝑐superscript𝑒𝜀𝑃𝑇\displaystyle\frac{1}{e^{\varepsilon}+1}\left\{P\left(T\right)e^{\varepsilon}\log\frac{e^{\varepsilon}}{P\left(T^{c}\right)+e^{\varepsilon}P\left(T\right)}+P\left(T^{c}\right)\log\frac{1}{P\left(T^{c}\right)+e^{\varepsilon}P\left(T\right)}\right\} "
              r"+1eε+1{P(Tc)eεlogeεP(T)+eεP(Tc)+P(T)log1P(T)+eεP(Tc)}1superscript𝑒𝜀1𝑃superscript𝑇𝑐superscript𝑒𝜀superscript𝑒𝜀𝑃𝑇superscript𝑒𝜀𝑃superscript𝑇𝑐𝑃𝑇1𝑃𝑇superscript𝑒𝜀𝑃superscript𝑇𝑐\displaystyle+\frac{1}{e^{\varepsilon}+1}\left\{P\left(T^{c}\right)e^{\varepsilon}\log\frac{e^{\varepsilon}}{P\left(T\right)+e^{\varepsilon}P\left(T^{c}\right)}+P\left(T\right)\log\frac{1}{P\left(T\right)+e^{\varepsilon}P\left(T^{c}\right)}\right\} "
              r"=\displaystyle= "
              r"12P(T)P(Tc)ε2+O(ε3).12𝑃𝑇𝑃superscript𝑇𝑐superscript𝜀2𝑂superscript𝜀3\displaystyle\frac{1}{2}P\left(T\right)P\left(T^{c}\right)\varepsilon^{2}+O\left(\varepsilon^{3}\right)."))
def corollary_15():
    eps, x = sympy.symbols("epsilon x", positive=True)
    q = sympy.Symbol("q", positive=True)
    bin_q = (mi_mu(q, 1 + x) + mi_mu(1 - q, 1 + x)) / (2 + x)      # in x = e^ε − 1, ε = log(1 + x)
    ser = sympy.expand(sympy.series(bin_q, x, 0, 4).removeO().subs(x, eps + eps ** 2 / 2 + eps ** 3 / 6))
    series = identity([ser.coeff(eps, 2), ser.coeff(eps, 3)], [q * (1 - q) / 2, 0],
                      "binary MI = ½q(1−q)ε² + 0·ε³ + O(ε⁴), q = P(T)")
    delta = Q(1, 10)
    flags = []
    for p in (C, D, U3):
        T = mi_binary_T(p)
        for e_ in (Q(1001, 1000), Q(101, 100)):
            opt = optimal_mechanism(log(e_), utility.mutual_information(p)).value
            flags.append(sign((1 + delta) * sub(p, T) * (1 - sub(p, T)) * log(e_) ** 2 / 2 - opt) >= 0)
    return establish(holds(flags, "δ = 1/10: certified MI optimum below the bound (C, D, uniform-3; e^ε ∈ {1.001, 1.01})"),
                     series, domain="three P, two small ε", stated_domain="all P, δ > 0, ε ≤ ε*")


#: ε*(P, δ) > 0 is the threshold the corollary asserts exists ("there exists a positive ε*"): a parameter of its own;
#: Q is any ε-LDP mechanism on the k symbols of P
_ε_star_16, _δ16 = sympy.Symbol("epsilon^*(P, delta)", real=True), sympy.Symbol("delta", real=True)
_COROLLARY_16_DOMAIN = [ProbabilityVector("P", "k"), LDPChannel("Q", _ε, k="k"), _δ16 > 0, _ε_star_16 > 0,
                        _ε >= _ε_star_16]
#: the proof needs every P(x) > 0 (with a zero mass the printed bound fails: 'Theorem 14 (zero mass)'): the least mass,
#: a parameter the paper's domain leaves free, so the proof's domain is honestly smaller than the paper's
_COROLLARY_16_PROVED = [*_COROLLARY_16_DOMAIN, sympy.Symbol("min_x P(x)", real=True) > 0]


@claim(PAPER, "Corollary 16", "for ε ≥ ε*(P,δ): I(X;Y) ≤ H(X) − (1−δ)(k−1)εe^{−ε}",
       domain=_COROLLARY_16_DOMAIN, stated_domain='“for ε ≥ ε*(P, δ)”, δ > 0', stated_where='Section 4.5, Corollary 16',
       quote=(r"Corollary 16 For any ε0𝜀0\varepsilon\geq 0, let Q𝑄Q be any conditional distribution that guarantees "
              r"ε𝜀\varepsilon-local differential privacy. Then, for any distribution P𝑃P and any positive "
              r"δ>0𝛿0\delta>0, there exists a positive εsuperscript𝜀\varepsilon^{*} that depends on P𝑃P and δ𝛿\delta "
              r"such that for any εε𝜀superscript𝜀\varepsilon\geq\varepsilon^{*} the following bound holds "
              r"I(X;Y)𝐼𝑋𝑌\displaystyle I\left(X;Y\right) \displaystyle\leq "
              r"H(X)(1δ)(k1)εeε.𝐻𝑋1𝛿𝑘1𝜀superscript𝑒𝜀\displaystyle "
              r"H\left(X\right)-(1-\delta)\left(k-1\right)\varepsilon e^{-\varepsilon}."))
def corollary_16():
    delta = Q(1, 10)
    flags = []
    for p in (C, D):
        k = len(p)
        for e in (Q(10) ** 3, Q(10) ** 5):
            opt = optimal_mechanism(log(e), utility.mutual_information(p)).value
            flags.append(sign(_H(p) - (1 - delta) * (k - 1) * log(e) / e - opt) >= 0)
    summed, limit = _rr_gap_limit()
    return establish(summed, limit, holds(flags, "δ = 1/10: certified optimum (C, D) at e^ε ∈ {10^3, 10^5}"),
                     domain=_COROLLARY_16_PROVED,
                     uses=["extremal-ldp:theorem-14"],
                     prose_steps=["each term's limit g(P(x))e^ε/ε → 1 − P(x) as ε → ∞ (computed by sympy, a cross-check), "
                                  "and the limit of the finite sum over x is the sum of the limits: (H(X) − I_RR)/(εe^{−ε}) "
                                  "→ k − 1 > (1 − δ)(k − 1) for k ≥ 2, so H(X) − I_RR ≥ (1 − δ)(k − 1)εe^{−ε} beyond "
                                  "some ε1; with Theorem 14 (RR optimal for ε ≥ ε_14) take ε* = max(ε1, ε_14); k = 1 "
                                  "is trivial (H = I = 0)"])


def _rr_gap_limit():
    """(H(X) − I_RR)/(εe^{−ε}) → k − 1 for every P with full support (Kairouz–Oh–Viswanath, eq. 32, to first order):
    I_RR = Σ_x μ(P(x))/(e^ε+k−1) (139), so the gap is Σ_x g(P(x)) with g(p) = −p log p − μ(p)/(e^ε+k−1). The limit
    g(p)e^ε/ε → 1 − p is sympy's (a cross-check: the kernel has no rule for a limit at ∞ of a quotient; the step is in
    words), and Σ_x (1 − P(x)) = k − 1 is a kernel step (linearity, Σ_x P(x) = 1). Returns (proof, cross-check)."""
    p, k, eps = sympy.symbols("p k epsilon", positive=True)
    e = sympy.exp(eps)
    g = (-p * log(p) - mi_mu(p, e, eps) / (e + k - 1)) * e / eps
    term = exact_agreement([sympy.limit(g, eps, sympy.oo)], [1 - p], "lim_{ε→∞} g(p)e^ε/ε = 1 − p (sympy, symbolic p > 0, k)")
    gap = total(1 - LAW[INPUT])
    summed = kernel.decide(kernel.goal(sympy.Eq(gap, SIZE - 1), [SIZE >= 1, is_law(LAW)]), kernel.linear(gap),
                           detail="Σ_x (1 − P(x)) = k − 1 (linearity, Σ_x P(x) = 1)")
    return summed, term


@claim(PAPER, "Eq. (32)", "I_RR = H(X) − (k−1)εe^{−ε} + O(e^{−2ε}) (printed); the remainder is "
       "−[(k−1) + kH + Σ_x log P(x)]e^{−ε} + O(εe^{−2ε})",
       stated_domain='any P on k symbols, ε → ∞', stated_where='Section 4.5, eq. (32)',
       quote=(r"This follows directly from Theorem 14 (optimality of the randomized response mechanism) and "
              r"observing that the randomized response mechanism achieves "
              r"I(X;Y)=H(X)(k1)εeε+O(e2ε).𝐼𝑋𝑌𝐻𝑋𝑘1𝜀superscript𝑒𝜀𝑂superscript𝑒2𝜀I\left(X;Y\right)=H\left(X\right)-\left(k-1\right)\varepsilon "
              r"e^{-\varepsilon}+O(e^{-2\varepsilon}). (32)"))
def eq_32():
    w = sympy.Symbol("w", positive=True)
    lims, refs = [], []
    for p in ([Q(1, 4)] * 4, D):
        k = len(p)
        gap = (_H(p) - (k - 1) * log(E) / E - rr_mi(p, E)) * E
        lims.append(sympy.limit(gap.subs(E, 1 / w), w, 0, "+"))
        refs.append((k - 1) + k * _H(p) + sum((log(v) for v in p), sympy.Integer(0)))
    corrected = identity(lims, refs, "lim (H − (k−1)εe^{−ε} − I_RR)e^ε = (k−1) + kH + Σ log P (uniform k = 4; example D)")
    printed = all(sign(v) == 0 for v in lims)            # an O(e^{−2ε}) remainder would make the limit 0
    return establish(erratum(printed, {"P": "uniform, k = 4", "lim (H − (k−1)εe^{−ε} − I_RR)e^ε": str(lims[0]),
                                       "example D limit": str(sympy.N(lims[1], 15))}, corrected,
                             "the remainder is Θ(e^{−ε}), not O(e^{−2ε}); Corollary 16 survives since εe^{−ε} dominates",
                             corrected_statement="I_RR = H − (k−1)εe^{−ε} − [(k−1) + kH + Σ log P]e^{−ε} + O(εe^{−2ε})",
                             kind="substantive"),
                     domain="uniform k = 4 and example D")


_L = sympy.Symbol("l", integer=True)
#: the output marginals M(y) = Σ_l P(l)Q(y|l), named (they sit inside the logarithms of the sum over the inputs)
_M0, _M1 = sympy.symbols("M(0) M(1)", real=True)


def _binary_mi_objects(x):
    """The binary mechanism (29) at x = e^ε (τ the indicator of T): its rows, the output marginals M(0), M(1) as sums over
    the inputs, P(T) and P(Tᶜ), and I(X;Y) of (5), Σ_x Σ_y P(x)Q(y|x) log(Q(y|x)/M(y)), as a sum over the inputs with
    M(0), M(1) named."""
    i, t, l = INPUT, TAU[INPUT], _L
    q0, q1 = (lambda u: (1 + (x - 1) * u) / (x + 1)), (lambda u: (x - (x - 1) * u) / (x + 1))
    m0, m1 = total(LAW[l] * q0(TAU[l]), l), total(LAW[l] * q1(TAU[l]), l)
    inside, outside = total(LAW[i] * t), total(LAW[i] * (1 - t))
    h = lambda u: q0(u) * log(q0(u) / _M0) + q1(u) * log(q1(u) / _M1)
    return q0, q1, m0, m1, inside, outside, h, total(LAW[i] * h(t))


def _mi_mu_x(z, x):
    """μ(z, ε) of (113) at x = e^ε, log x standing for ε (it is ε once x is read at e^ε)."""
    return z * x * log(x) - (z * (x - 1) + 1) * log(z * (x - 1) + 1)


def _binary_mi_by_class(x):
    """I(X;Y) of the binary mechanism (29) from the definition (5), at x = e^ε ≥ 1, as kernel steps: an input's summand
    Σ_y Q(y|x)log(Q(y|x)/M(y)) is h(1) on T and h(0) off it (τ ∈ {0, 1}: its logarithms agree by congruence), so
    I = h(1)P(T) + h(0)(1 − P(T)) by linearity; and M(0), M(1) by linearity (57). Returns (marginals, I by class)."""
    i, k, t = INPUT, SIZE, TAU[INPUT]
    q0, q1, m0, m1, inside, outside, h, info = _binary_mi_objects(x)
    law = [k >= 1, is_law(LAW), is_set()]
    marg = kernel.decide(kernel.goal(sympy.And(sympy.Eq(_M0, ((x - 1) * inside + 1) / (x + 1)),
                                               sympy.Eq(_M1, ((x - 1) * outside + 1) / (x + 1))),
                                     [*law, sympy.Eq(_M0, m0), sympy.Eq(_M1, m1)]),
                         *[kernel.linear(total(LAW[_L] * f, _L)) for f in (q0(TAU[_L]), q1(TAU[_L]))],
                         kernel.linear(total(LAW[i] * (1 - t))),
                         *[kernel.rename(total(f), _L) for f in (LAW[i], LAW[i] * t)],
                         detail="M(0), M(1) by linearity (57)")
    # h(1), h(0) named L1, L0 while summing, so that no sum but I(X;Y) holds a logarithm (a sum's terms are defined
    # where the goal says so: I(X;Y) is the only such sum the domain names); then read at L1 = h(1), L0 = h(0)
    L1, L0 = sympy.symbols("L_1 L_0", real=True)
    named = [sympy.Eq(L1, h(1)), sympy.Eq(L0, h(0))]
    split = kernel.decide(kernel.goal(sympy.Eq(LAW[i] * h(t), (L1 - L0) * LAW[i] * t + L0 * LAW[i]),
                                      [i >= 1, i <= k, bit(t), x >= 1, _M0 > 0, _M1 > 0, *named]),
                          detail="an input's summand is h(1) on T, h(0) off it (its logarithms agree by congruence)")
    base = [*law, x >= 1, _M0 > 0, _M1 > 0]
    by_class = kernel.decide(kernel.goal(sympy.Eq(info, (L1 - L0) * inside + L0), [*base, *named]),
                             kernel.summed(split, i, 1, k, detail="summed over the inputs"),
                             kernel.linear(total((L1 - L0) * LAW[i] * t + L0 * LAW[i])),
                             detail="I(X;Y) = h(1)P(T) + h(0)(1 − P(T)), by linearity")
    return marg, kernel.instantiate(by_class, {L1: h(1), L0: h(0)}, base, detail="at L1 = h(1), L0 = h(0)")


#: P on k symbols, T ⊆ 𝒳 by its indicator τ, P(T), P(Tᶜ) ≥ 0, M(0), M(1) and I(X;Y) of (5) for the mechanism (29) named:
#: the check that a goal covers its domain reads a sum as an opaque term, so the sum of logarithms is defined where the
#: domain says it is (the paper's definition of the utility), and the masses' signs are listed
_BINARY_MI_DOMAIN = [ProbabilityVector("P", "k"), _ε >= 0, is_law(LAW), is_set(),
                     *[m >= 0 for m in _binary_mi_objects(sympy.exp(_ε))[4:6]],
                     *[sympy.Eq(name, m) for name, m in zip((_M0, _M1), _binary_mi_objects(sympy.exp(_ε))[2:4])],
                     named("I(X;Y)", _binary_mi_objects(sympy.exp(_ε))[7])]


def _binary_mi_setting(x):
    i, k = INPUT, SIZE
    _, _, m0, m1, inside, outside, _, _ = _binary_mi_objects(x)
    return [k >= 1, is_law(LAW), is_set(), inside >= 0, outside >= 0, sympy.Eq(_M0, m0), sympy.Eq(_M1, m1), x >= 1]


def _binary_mi_cross():
    p, e = C, Q(3)
    T = mi_binary_T(p)
    ch = Channel([[e / (1 + e), 1 / (1 + e)] if j in T else [1 / (1 + e), e / (1 + e)] for j in range(len(p))])
    return exact_agreement(lognorm(utility.mutual_information(p)(ch)), lognorm(binary_mi(p, e)),
                           "library I(X;Y) of (29) against (112) = (115), example C, e^ε = 3")


@claim(PAPER, "Eq. (112)", "computing I(X;Y) under the binary mechanism (111): [P(T)e^ε log(e^ε/(P(Tᶜ)+e^εP(T))) + "
       "P(Tᶜ) log(1/(P(Tᶜ)+e^εP(T)))]/(e^ε+1) + the same with T and Tᶜ exchanged, every P, T, ε ≥ 0",
       domain=_BINARY_MI_DOMAIN, stated_domain="any P on k symbols, any T ⊆ 𝒳, ε ≥ 0; I(X;Y) by (5)",
       stated_where="Section 9.1, eqs. (111)–(112)",
       quote=(
              r"Q(0|x)={eε1+eε if xT,11+eε if xT.Q(1|x)={eε1+eε if xT,11+eε if "
              r"xT.𝑄conditional0𝑥casessuperscript𝑒𝜀1superscript𝑒𝜀 if 𝑥𝑇11superscript𝑒𝜀 if "
              r"𝑥𝑇𝑄conditional1𝑥casessuperscript𝑒𝜀1superscript𝑒𝜀 if 𝑥𝑇11superscript𝑒𝜀 if 𝑥𝑇\displaystyle "
              r"Q(0|x)\,=\,\left\{\begin{array}[]{rl}\frac{e^{\varepsilon}}{1+e^{\varepsilon}}&\text{ if }x\in T\;,\\ "
              r"\frac{1}{1+e^{\varepsilon}}&\text{ if }x\notin T\;.\\ "
              r"\end{array}\right.\;\;\;Q(1|x)\,=\,\left\{\begin{array}[]{rl}\frac{e^{\varepsilon}}{1+e^{\varepsilon}}&\text{ "
              r"if }x\notin T\;,\\ \frac{1}{1+e^{\varepsilon}}&\text{ if }x\in T\;.\\ \end{array}\right. (111) "
              r"Computing the I(X;Y)𝐼𝑋𝑌I\left(X;Y\right) under (111), we get that I(X;Y)𝐼𝑋𝑌\displaystyle "
              r"I\left(X;Y\right) =\displaystyle= "
              r"1eε+1{P(T)eεlogeεP(Tc)+eεP(T)+P(Tc)log1P(Tc)+eεP(T)}+limit-from1superscript𝑒𝜀1𝑃𝑇superscript𝑒𝜀superscript𝑒𝜀𝑃superscript𝑇𝑐superscript𝑒𝜀𝑃𝑇𝑃superscript𝑇𝑐1𝑃superscript𝑇𝑐superscript𝑒𝜀𝑃𝑇\displaystyle\frac{1}{e^{\varepsilon}+1}\left\{P\left(T\right)e^{\varepsilon}\log\frac{e^{\varepsilon}}{P\left({T}^{c}\right)+e^{\varepsilon}P\left({T}\right)}+P\left({T}^{c}\right)\log\frac{1}{P\left({T}^{c}\right)+e^{\varepsilon}P\left({T}\right)}\right\}+ "
              r"(112)"))
def eq_112():
    """From :func:`_binary_mi_by_class`: each logarithm of h(1), h(0) is (112)'s (M(0)(x + 1) = P(Tᶜ) + xP(T), and
    M(1)(x + 1) = P(T) + xP(Tᶜ), as P(T) + P(Tᶜ) = 1; small decisions by congruence, put in by rewriting); read at e^ε."""
    x = sympy.Symbol("x", real=True)
    i, t = INPUT, TAU[INPUT]
    _, _, _, _, inside, outside, _, info = _binary_mi_objects(x)
    marg, by_class = _binary_mi_by_class(x)
    setting = _binary_mi_setting(x)
    complement = kernel.linear(total(LAW[i] * (1 - t)))
    for name, mass, other in ((_M0, inside, outside), (_M1, outside, inside)):
        for top in (x, 1):
            step = kernel.decide(kernel.goal(sympy.Eq(log(top / (name * (x + 1))), log(top / (other + x * mass))),
                                             setting), marg, complement,
                                 detail=f"log({top}/((x + 1){name})): (x + 1){name} = P(other) + xP(·)")
            by_class = kernel.rewrite(by_class, step, detail="rewritten")
    side = lambda a, b: (a * x * log(x / (b + x * a)) + b * log(1 / (b + x * a))) / (x + 1)
    value = kernel.decide(kernel.goal(sympy.Eq(info, side(inside, outside) + side(outside, inside)), setting),
                          by_class, marg, complement, detail="I(X;Y) = (112)")
    return establish(at_exp(value, x), _binary_mi_cross(), domain=_BINARY_MI_DOMAIN)


@claim(PAPER, "Eq. (115)", "the binary mechanism (29) has I(X;Y) = BIN = [μ(P(T),ε) + μ(P(Tᶜ),ε)]/(e^ε+1), every P, T, ε ≥ 0",
       domain=_BINARY_MI_DOMAIN, stated_domain="any P on k symbols, any T ⊆ 𝒳, ε ≥ 0; I(X;Y) by (5)",
       stated_where="Section 9.2, eq. (115)",
       quote=(
              r"In what follows, we will make the dependency of μjsubscript𝜇𝑗\mu_{j} on "
              r"P(Tj)𝑃subscript𝑇𝑗P\left(T_{j}\right) and ε𝜀\varepsilon explicit by writing "
              r"μj(P(Tj),ε)subscript𝜇𝑗𝑃subscript𝑇𝑗𝜀\mu_{j}\left(P\left(T_{j}\right),\varepsilon\right) for "
              r"μjsubscript𝜇𝑗\mu_{j}. From the proof of Theorem 12, we have that the partition set T𝑇T defined in (30) "
              r"is given by TargmaxA𝒳P(A)P(Ac)𝑇subscript𝐴𝒳𝑃𝐴𝑃superscript𝐴𝑐T\in\arg\max_{A\subseteq{\cal "
              r"X}}P(A)P(A^{c}). It is easy to check that the binary mechanism given in (29) achieves the following "
              r"utility BIN=μ(P(T),ε)+μ(P(Tc),ε)eε+1.BIN𝜇𝑃𝑇𝜀𝜇𝑃superscript𝑇𝑐𝜀superscript𝑒𝜀1{\rm "
              r"BIN}=\frac{\mu\left(P\left(T\right),\varepsilon\right)+\mu\left(P\left(T^{c}\right),\varepsilon\right)}{e^{\varepsilon}+1}. "
              r"(115)"))
def eq_115():
    """From :func:`_binary_mi_by_class`: log(x/c) = log x − log c and log(1/c) = −log c at c = (x − 1)P(T) + 1 and
    (x − 1)P(Tᶜ) + 1 (> 0) turn h(1), h(0) into μ (small decisions by congruence, put in by rewriting); read at
    x = e^ε (log e^ε = ε)."""
    x = sympy.Symbol("x", real=True)
    i, t = INPUT, TAU[INPUT]
    _, _, _, _, inside, outside, _, info = _binary_mi_objects(x)
    marg, by_class = _binary_mi_by_class(x)
    # each logarithm of h(1), h(0) in terms of log x and the masses (small decisions, each by congruence from one
    # instance of log(x/c) = log x − log c or log(1/c) = −log c), then put in by rewriting (no solver)
    xp, c = sympy.symbols("x c", positive=True)
    quotient = kernel.fact(identity(log(xp / c), log(xp) - log(c), "log(x/c) = log x − log c"))
    inverse = kernel.fact(identity(log(1 / c), -log(c), "log(1/c) = −log c"))
    setting = _binary_mi_setting(x)
    for name, mass in ((_M0, inside), (_M1, outside)):
        at = (x - 1) * mass + 1
        for top, lemma, subs, target in ((x, quotient, {xp: x, c: at}, log(x) - log(at)),
                                         (1, inverse, {c: at}, -log(at))):
            instance = kernel.instantiate(lemma, subs, setting, detail="at c = (x − 1)P(·) + 1")
            step = kernel.decide(kernel.goal(sympy.Eq(log(top / (name * (x + 1))), target), setting), marg, instance,
                                 detail=f"log({top}/((x + 1){name})) with {name} = ((x − 1)P(·) + 1)/(x + 1)")
            by_class = kernel.rewrite(by_class, step, detail=f"log({top}/((x + 1){name})) rewritten")
    value = kernel.decide(kernel.goal(sympy.Eq(info, (_mi_mu_x(inside, x) + _mi_mu_x(outside, x)) / (x + 1)), setting),
                          by_class, marg, kernel.linear(total(LAW[i] * (1 - t))),
                          detail="I(X;Y) = h(1)P(T) + h(0)P(Tᶜ) = [μ(P(T)) + μ(P(Tᶜ))]/(x + 1)")
    return establish(at_exp(value, x), _binary_mi_cross(), domain=_BINARY_MI_DOMAIN)


_RR_MARGINAL = sympy.IndexedBase("M")                        # the output marginal M(y) of randomized response


def _rr_mi_objects(x):
    """Randomized response (138) at x = e^ε: for one output y, the facts of :func:`rr_output_facts` for P; the terms of
    I(X;Y) (5) at input x_l and output y; I(X;Y) as Σ_x Σ_y and as Σ_y Σ_x; the right side of (139) (its factor
    1/(e^ε + k − 1) inside the sum)."""
    y, l, k = RR_Y, RR_L, SIZE
    m = _RR_MARGINAL[y]
    # and every term of I's sum over the inputs at y is defined (Q(y|x)/M(y) > 0), as the kernel states a sum's
    # definedness: it reads each sum as an opaque term, so the fact is listed (it holds: Q > 0, M(y) > 0)
    defined = kernel.Every(sympy.And(sympy.Ne(x + k - 1, 0), sympy.Ne(m, 0), rr_entry(x) / m > 0), (l, 1, k))
    at_y = [*rr_output_facts(x, [(LAW, _RR_MARGINAL)]), defined]
    term = LAW[l] * rr_entry(x) * log(rr_entry(x) / m)
    u = (x - 1) * LAW[y] + 1
    closed = (LAW[y] * x * log(x / u) + (1 - LAW[y]) * log(1 / u)) / (x + k - 1)
    return at_y, term, sympy.Sum(sympy.Sum(term, (y, 1, k)), (l, 1, k)), sympy.Sum(closed, (y, 1, k)), closed


def _rr_mi_by_output(x):
    """Σ_y Σ_x P(x)Q(y|x) log(Q(y|x)/M(y)) = Σ_y (139)'s term, at x = e^ε ≥ 1, as kernel steps: for one output y, an
    input's term is L1·P(x) when x = y and L0·P(x) otherwise (congruence, L1, L0 named while summing so that no sum
    but I's holds a logarithm), linearity over the inputs and the indicator give (L1 − L0)P(y) + L0; M(y) by
    :func:`rr_marginal` turns the two logarithms into (139)'s (small decisions, put in by rewriting); summed over y."""
    y, l, k = RR_Y, RR_L, SIZE
    at_y, term, _, _, closed = _rr_mi_objects(x)
    m = _RR_MARGINAL[y]
    marginal = rr_marginal(LAW, _RR_MARGINAL, x, at_y)
    law = is_law(LAW, l)
    L1, L0 = sympy.symbols("L_1 L_0", real=True)
    h = lambda v: v / (x + k - 1) * log(v / (x + k - 1) / m)
    named = [sympy.Eq(L1, h(x)), sympy.Eq(L0, h(1))]
    base = [k >= 1, x >= 1, law, *at_y]
    split = kernel.decide(kernel.goal(sympy.Eq(term, (L1 - L0) * LAW[l] * IOTA[y, l] + L0 * LAW[l]),
                                      [l >= 1, l <= k, rr_pick(), x >= 1, k >= 1, m > 0, *named]),
                          detail="an input's term: L1·P(x) at x = y, L0·P(x) otherwise (congruence)")
    picks = kernel.decide(kernel.goal(sympy.Eq(IOTA[y, l] * LAW[l], IOTA[y, l] * LAW[y]), [l >= 1, l <= k, rr_pick()]),
                          detail="[x_l = y]P(x_l) = [x_l = y]P(y)")
    inner = sympy.Sum(term, (l, 1, k))
    by_input = kernel.decide(kernel.goal(sympy.Eq(inner, (L1 - L0) * LAW[y] + L0), [*base, *named]),
                             kernel.summed(split, l, 1, k, detail="summed over the inputs"),
                             kernel.linear(sympy.Sum((L1 - L0) * LAW[l] * IOTA[y, l] + L0 * LAW[l], (l, 1, k))),
                             kernel.summed(picks, l, 1, k), kernel.linear(sympy.Sum(IOTA[y, l] * LAW[y], (l, 1, k))),
                             detail="Σ_x: (L1 − L0)P(y) + L0, by linearity and the indicator of y")
    by_input = kernel.instantiate(by_input, {L1: h(x), L0: h(1)}, base, detail="at L1, L0")
    u = (x - 1) * LAW[y] + 1
    for top in (x, 1):
        step = kernel.decide(kernel.goal(sympy.Eq(log(top / (x + k - 1) / m), log(top / u)), base), marginal,
                             detail=f"log({top}/((e^ε + k − 1)M(y))) = log({top}/((e^ε − 1)P(y) + 1)) by (M(y))")
        by_input = kernel.rewrite(by_input, step, detail="rewritten")
    one = kernel.decide(kernel.goal(sympy.Eq(inner, closed), [y >= 1, y <= k, *base]), by_input,
                        detail="an output's inner sum is (139)'s term")
    return kernel.summed(one, y, 1, k, detail="summed over the outputs")


def _rr_mi_defined(x):
    """Every term of (5)'s double sum is defined (Q(y|x)/M(y) > 0 and the denominators ≠ 0, for every input and
    output), as the kernel states the definedness of the sum over the outputs of the sums over the inputs."""
    y, l, k = RR_Y, RR_L, SIZE
    m = _RR_MARGINAL[y]
    cond = sympy.And(sympy.Ne(x + k - 1, 0), sympy.Ne(m, 0), rr_entry(x) / m > 0)
    ranged = lambda c, j: sympy.Or(sympy.And(sympy.Le(1, k + 1), kernel.Every(c, (j, 1, k))),
                                   sympy.And(sympy.Lt(k + 1, 1), kernel.Every(c, (j, k + 1, 0))))
    return ranged(ranged(cond, l), y)


#: P on k symbols; for every output y, the indicator of y among the inputs, M(y)'s definition (2), its sign and the
#: definedness of I's terms at y (the check that a goal covers its domain reads a sum as an opaque term: listed); I(X;Y)
#: of (5), Σ_x Σ_y, and the right side of (139) named (sums of logarithms, defined where the domain says)
def _eq_139_domain() -> list:
    at_y, _, information, closed, _ = _rr_mi_objects(sympy.exp(_ε))
    return [ProbabilityVector("P", "k"), Integer("k", 1), _ε >= 0, is_law(LAW, RR_L),
            kernel.Every(sympy.And(*at_y), (RR_Y, 1, SIZE)), _rr_mi_defined(sympy.exp(_ε)),
            named("I(X;Y)", information), named("I_RR", closed)]


_EQ_139_DOMAIN = _eq_139_domain()


@claim(PAPER, "Eq. (139)", "randomized response (138) has I(X;Y) = Σ_i {P(x_i)e^ε log(e^ε/(P(x_i)(e^ε−1)+1)) + "
       "(1−P(x_i)) log(1/(P(x_i)(e^ε−1)+1))}/(e^ε+k−1), from the definition (5), every P, k, ε ≥ 0",
       domain=_EQ_139_DOMAIN, stated_domain="any P on k symbols, ε ≥ 0; I(X;Y) by (5), M(y) by (2)",
       stated_where="Section 9.5, eqs. (138)–(139)",
       quote=(
              r"Q(y|x)={eε|𝒳|1+eε if y=x,1|𝒳|1+eε if yx.𝑄conditional𝑦𝑥casessuperscript𝑒𝜀𝒳1superscript𝑒𝜀 if "
              r"𝑦𝑥1𝒳1superscript𝑒𝜀 if 𝑦𝑥\displaystyle "
              r"Q(y|x)\,=\,\left\{\begin{array}[]{rl}\dfrac{e^{\varepsilon}}{|{\cal X}|-1+e^{\varepsilon}}&\text{ if "
              r"}y=x\;,\\ \dfrac{1}{|{\cal X}|-1+e^{\varepsilon}}&\text{ if }y\neq x\;.\\ \end{array}\right. (138) "
              r"Computing the I(X;Y)𝐼𝑋𝑌I\left(X;Y\right) under (138), we get that I(X;Y)𝐼𝑋𝑌\displaystyle "
              r"I\left(X;Y\right) =\displaystyle= "
              r"1eε+k1i[k]{P(xi)eεlogeεP(xi)(eε1)+1\displaystyle\frac{1}{e^{\varepsilon}+k-1}\sum_{i\in[k]}\left\{P\left(x_{i}\right)e^{\varepsilon}\log\frac{e^{\varepsilon}}{P\left(x_{i}\right)\left(e^{\varepsilon}-1\right)+1}\right. "
              r"(139) "
              r"+(1P(xi))log1P(xi)(eε1)+1}.\displaystyle~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}\left.+\left(1-P\left(x_{i}\right)\right)\log\frac{1}{P\left(x_{i}\right)\left(e^{\varepsilon}-1\right)+1}\right\}."))
def eq_139():
    """:func:`_rr_mi_by_output` sums over the outputs first; the finite double sum of (5) over the inputs first is the
    same (the kernel's swap); read at e^ε."""
    x = sympy.Symbol("x", real=True)
    _, _, by_input_first, _, _ = _rr_mi_objects(x)
    swapped = kernel.swap(by_input_first, detail="Σ_x Σ_y = Σ_y Σ_x (finite sums)")
    # the rewrite needs the sum it replaces defined (its terms Q(y|x)/M(y) > 0, outputs outer): a hypothesis, which
    # the domain states (the abstraction reads each Every of a definedness as an opaque proposition)
    summed = kernel.combine(_rr_mi_by_output(x), hypotheses=[_rr_mi_defined(x)])
    stmt = kernel.rewrite(summed, swapped, reverse=True, detail="(5) in its own order")
    p, e = D, Q(7)
    rr = Channel([[(e if i == j else 1) / (e + len(p) - 1) for j in range(len(p))] for i in range(len(p))])
    cross = exact_agreement(lognorm(utility.mutual_information(p)(rr)), lognorm(rr_mi(p, e)),
                            "library I(X;Y) of randomized response against (139), example D, e^ε = 7")
    return establish(at_exp(stmt, x), cross, domain=_EQ_139_DOMAIN)


_MU1, _MU2 = sympy.symbols("mu_j1 mu_j2", real=True)          # μ(S_{j1}), μ(S_{j2}): T_{j1} = T, T_{j2} = Tᶜ


def _binary_dual_objects(x, eps):
    """The binary-mechanism dual (98) at x = e^ε: α*_i = (xμ_{j1} − μ_{j2})/(|T|(x+1)(x−1)) on T and
    (xμ_{j2} − μ_{j1})/(|Tᶜ|(x+1)(x−1)) on Tᶜ (τ the indicator of T), the columns S_{j1} (x on T), S_{j2} (x on Tᶜ),
    |T| = Σ τ, and the pattern values μ_{j1} = μ(P(T), ε), μ_{j2} = μ(P(Tᶜ), ε) of (113), named."""
    i, k, t = INPUT, SIZE, TAU[INPUT]
    size = total(TAU[_L], _L)                                   # |T|, over its own index (it sits in α*_i)
    a = (x * _MU1 - _MU2) / (size * (x + 1) * (x - 1))
    b = (x * _MU2 - _MU1) / ((k - size) * (x + 1) * (x - 1))
    alpha = t * a + (1 - t) * b
    named = [sympy.Eq(_MU1, mi_mu(total(LAW[i] * t), x, eps)), sympy.Eq(_MU2, mi_mu(total(LAW[i] * (1 - t)), x, eps))]
    return (a, b), alpha, 1 + (x - 1) * t, 1 + (x - 1) * (1 - t), size, named


#: P on k symbols, ε > 0 (Theorem 12's), T ⊆ 𝒳 by its indicator with T, Tᶜ ≠ ∅ (the dual divides by |T|, |Tᶜ|), and
#: μ_{j1}, μ_{j2} named by (113)
_EQ_98_TIGHT_DOMAIN = [ProbabilityVector("P", "k"), _ε > 0, is_law(LAW), is_set(),
                       total(TAU[_L], _L) >= 1, total(TAU[_L], _L) <= SIZE - 1,
                       *_binary_dual_objects(sympy.exp(_ε), _ε)[5]]


@claim(PAPER, "Eq. (98) (tight at j1, j2)", "the binary dual α* of (98) is tight on the binary mechanism's columns: "
       "S_{j1}ᵀα* = μ_{j1} and S_{j2}ᵀα* = μ_{j2} (T_{j1} = T, T_{j2} = Tᶜ), every P, T ≠ ∅, 𝒳 and ε > 0",
       domain=_EQ_98_TIGHT_DOMAIN, stated_domain="any P, T with T, Tᶜ ≠ ∅, ε > 0; α* of (98), μ_j of (113)",
       stated_where="Section 9.1, proof of Theorem 12, after (106)",
       quote=(
              r"If j={j1,j2}𝑗subscript𝑗1subscript𝑗2j=\{j_{1},j_{2}\}, it is not hard to check that "
              r"(S(k)Tα)jμj=0subscriptsuperscriptsuperscript𝑆𝑘𝑇superscript𝛼𝑗subscript𝜇𝑗0\left({S^{(k)}}^{T}\alpha^{*}\right)_{j}-\mu_{j}=0 "
              r"for all ε𝜀\varepsilon."))
def eq_98_tight():
    """Per input (τ ∈ {0, 1}, so τ² = τ): S_{j1,i}α*_i = xτ_i·a + (1 − τ_i)·b and S_{j2,i}α*_i = τ_i·a + x(1 − τ_i)·b;
    summed by linearity, x|T|a + |Tᶜ|b = [x(xμ1 − μ2) + xμ2 − μ1]/(x² − 1) = μ1, and |T|a + x|Tᶜ|b = μ2; read at
    x = e^ε > 1."""
    x = sympy.Symbol("x", real=True)
    i, k, t = INPUT, SIZE, TAU[INPUT]
    (a, b), alpha, s1, s2, size, _ = _binary_dual_objects(x, _ε)
    setting = [k >= 1, is_set(), size >= 1, size <= k - 1, x > 1]
    where = [i >= 1, i <= k, bit(t), size >= 1, size <= k - 1, x > 1]
    per = [kernel.decide(kernel.goal(sympy.Eq(col * alpha, term), where), detail="τ ∈ {0, 1}: an input's term")
           for col, term in ((s1, x * t * a + (1 - t) * b), (s2, t * a + x * (1 - t) * b))]
    sums = [total(f) for f in (s1 * alpha, s2 * alpha, x * t * a + (1 - t) * b, t * a + x * (1 - t) * b)]
    tight = kernel.decide(kernel.goal(sympy.And(sympy.Eq(sums[0], _MU1), sympy.Eq(sums[1], _MU2)), setting),
                          *[kernel.summed(p_, i, 1, k) for p_ in per], *[kernel.linear(u) for u in sums[2:]],
                          kernel.rename(total(t), _L),
                          detail="S_{j1}ᵀα* = μ_{j1}, S_{j2}ᵀα* = μ_{j2}, by linearity")
    stmt = at_exp(tight, x, strict=True)
    p, e = D, Q(2)
    T = mi_binary_T(p)
    alpha_lib = binary_dual(log(e), utility.mutual_information(p))
    cols = [[e if j in T else 1 for j in range(len(p))], [1 if j in T else e for j in range(len(p))]]
    mus = [mi_mu(sub(p, T), e), mi_mu(1 - sub(p, T), e)]
    cross = exact_agreement([lognorm(sum(c * a_ for c, a_ in zip(col, alpha_lib))) for col in cols],
                            [lognorm(m) for m in mus], "library binary_dual is tight at j1, j2, example D, e^ε = 2")
    return establish(stmt, cross, domain=_EQ_98_TIGHT_DOMAIN)


#: a column S̃_j of S^(k) other than the first: its set T_j (indicator τ, τ_i ∈ {0, 1}) has t = |T_j| ≥ 1 elements
_t = sympy.Symbol("t", integer=True)
_EQ_120_DOMAIN = [Integer("k", 1), Integer("t", 1, SIZE), _ε >= 0, is_set(), sympy.Eq(total(TAU[INPUT]), _t)]


@claim(PAPER, "Eq. (120)", "with α*_i = 1/(e^ε+k−1): S̃_jᵀα* = (|T_j|e^ε + (k−|T_j|))/(e^ε+k−1) = (|T_j|(e^ε−1)+k)/(e^ε+k−1) ≥ 1 "
       "for |T_j| ≥ 1 (dual feasibility in Lemma 26's proof)",
       domain=_EQ_120_DOMAIN, stated_domain="k ≥ 1, ε ≥ 0, every column S̃_j (|T_j| ≥ 1)", stated_where="Section 9.3, eq. (120)",
       quote=(
              r"Consider the following choice of dual variable "
              r"αi=1eε+k1subscriptsuperscript𝛼𝑖1superscript𝑒𝜀𝑘1\alpha^{*}_{i}=\frac{1}{e^{\varepsilon}+k-1}. We claim "
              r"that αsuperscript𝛼\alpha^{*} is satisfiable. This can be easily verified by noting that "
              r"(S~(k)Tα)j=S~j(k)Tα=|Tj|eε+(k|Tj|)eε+k1=|Tj|(eε1)+keε+k11subscriptsuperscript~𝑆superscript𝑘𝑇superscript𝛼𝑗superscriptsubscript~𝑆𝑗superscript𝑘𝑇superscript𝛼subscript𝑇𝑗superscript𝑒𝜀𝑘subscript𝑇𝑗superscript𝑒𝜀𝑘1subscript𝑇𝑗superscript𝑒𝜀1𝑘superscript𝑒𝜀𝑘11\left(\tilde{S}^{(k)^{T}}\alpha^{*}\right)_{j}=\tilde{S}_{j}^{(k)^{T}}\alpha^{*}=\frac{|T_{j}|e^{\varepsilon}+(k-|T_{j}|)}{e^{\varepsilon}+k-1}=\frac{|T_{j}|(e^{\varepsilon}-1)+k}{e^{\varepsilon}+k-1}\geq "
              r"1 (120) where the last inequality holds since |Tj|1subscript𝑇𝑗1|T_{j}|\geq 1 (this is true because we "
              r"have deleted the first column of S(k)superscript𝑆𝑘S^{(k)})."))
def eq_120():
    """S̃_j has e^ε on T_j and 1 elsewhere, S_ij = 1 + (e^ε − 1)τ_i; Σ_i S_ij α*_i splits by linearity into
    (k + (e^ε − 1)|T_j|)/(e^ε + k − 1), and |T_j| ≥ 1 with e^ε ≥ 1 gives ≥ 1."""
    x, k, i = sympy.exp(_ε), SIZE, INPUT
    column = total((1 + (x - 1) * TAU[i]) / (x + k - 1))
    value = (_t * x + (k - _t)) / (x + k - 1)
    setting = [k >= 1, _t >= 1, _t <= k, _ε >= 0]
    summed = kernel.decide(kernel.goal(sympy.Eq(column, value), [*setting, sympy.Eq(total(TAU[i]), _t)]),
                           kernel.linear(column), detail="S̃_jᵀα* = (|T_j|e^ε + (k − |T_j|))/(e^ε + k − 1), by linearity")
    rewritten = identity(value, (_t * (x - 1) + k) / (x + k - 1), "= (|T_j|(e^ε − 1) + k)/(e^ε + k − 1)")
    xs = sympy.Symbol("x", real=True)            # e^ε, decided as a number ≥ 1 and then read at e^ε (at_exp)
    feasible = at_exp(kernel.decide(kernel.goal(sympy.Ge((_t * (xs - 1) + k) / (xs + k - 1), 1),
                                                [k >= 1, _t >= 1, _t <= k, xs >= 1]),
                                    detail="≥ 1 since |T_j| ≥ 1 and e^ε ≥ 1"), xs)
    e, kk = Q(3), 4
    cross = exact_agreement([sum((e if (m >> b) & 1 else 1) for b in range(kk)) / (e + kk - 1) for m in range(1, 1 << kk)],
                            [(bin(m).count("1") * (e - 1) + kk) / (e + kk - 1) for m in range(1, 1 << kk)],
                            "S̃_jᵀα* at every pattern with |T_j| ≥ 1, k = 4, e^ε = 3 (enumerated)")
    return establish(combine(summed, rewritten, feasible, detail="(120)"), cross, domain=_EQ_120_DOMAIN)


#: "for all distributions P and all ε": ε ≥ 0 (D_ε), P on k symbols
_LEMMA_26_DOMAIN = [ProbabilityVector("P", "k"), _ε >= 0]


@claim(PAPER, "Lemma 26", "OPT_MI ≤ (max_j μ_j)·k/(e^ε+k−1), via the dual α_i = 1/(E+k−1) and (120)",
       domain=_LEMMA_26_DOMAIN, stated_domain='any P, ε ≥ 0, μ of (99)', stated_where='Section 9.3, Lemma 26',
       quote=(r"Lemma 26 For all distributions P𝑃P and all ε𝜀\varepsilon, the following bound holds "
              r"OPT=maxQ𝒟εI(X;Y)(maxjμj)keε+k1.OPTsubscript𝑄subscript𝒟𝜀𝐼𝑋𝑌subscript𝑗subscript𝜇𝑗𝑘superscript𝑒𝜀𝑘1{\rm "
              r"OPT}=\max_{Q\in\mathcal{D}_{\varepsilon}}I\left(X;Y\right)\leq\left(\max_{j}\mu_{j}\right)\frac{k}{e^{\varepsilon}+k-1}. "
              r"(114)"))
def lemma_26():
    r = rng(26)
    flags = []
    for k in (3, 4, 5):
        for _ in range(2):
            p = random_law(r, k)
            for e in (Q(11, 10), Q(2), Q(10)):
                opt = optimal_mechanism(log(e), utility.mutual_information(p)).value
                mx = max((mi_mu(sub(p, A), e) for A in subsets(k)), key=lambda v: sympy.N(v, 30))
                flags.append(sign(mx * k / (e + k - 1) - opt) >= 0)
    cross = holds(flags, "exact sign of the bound minus the certified optimum, random k = 3..5")
    # the proof: α_i = M/(E+k−1), M = max_j μ_j ≥ μ(P(∅)) = 0, is dual feasible for the staircase LP, so weak duality
    # gives OPT_MI ≤ 1ᵀα = M·k/(E+k−1); feasibility for a column with |T_j| = t ones-at-e^ε is Sⱼᵀα ≥ μ_j
    M, mj, x, tt, kv = sympy.symbols("M mu_j x t k", real=True)
    feas = combine(real_closed(M * (tt * x + kv - tt) / (x + kv - 1) - mj, [M, mj, x, tt, kv],
                               [M >= mj, M >= 0, x >= 1, tt >= 1, tt <= kv, kv >= 1],
                               "|T_j| = t ≥ 1: S_jᵀα − μ_j = M(t e^ε + k − t)/(e^ε+k−1) − μ_j ≥ 0 (e^ε ≥ 1, M ≥ max(μ_j, 0))"),
                   real_closed(M * kv / (x + kv - 1), [M, x, kv], [M >= 0, x >= 1, kv >= 1],
                               "|T_j| = 0 (the all-ones column, μ_j = μ(0) = 0): S_jᵀα = Mk/(e^ε+k−1) ≥ 0"),
                   detail="dual feasibility Sᵀα ≥ μ, every column")
    zero = identity(mi_mu(0, E), 0, "μ(0) = 0 (the empty set's column), so M = max_j μ_j ≥ 0")
    return establish(combine(feas, zero, detail="α = M/(E+k−1)·1 is dual feasible ((120), scaled by M); weak duality"),
                     cross, domain=_LEMMA_26_DOMAIN, uses=["extremal-ldp:eq-120", "extremal-ldp:theorem-4"],
                     prose_steps=["OPT is the value of the staircase LP (11) (Theorem 4); weak LP duality: "
                                  "max{μᵀθ : Sθ = 1, θ ≥ 0} ≤ 1ᵀα for every α with Sᵀα ≥ μ, and 1ᵀα = M·k/(e^ε+k−1)"])


def _zstar(eps):
    e = sympy.exp(eps)
    return (sympy.exp(eps * e / (e - 1) - 1) - 1) / (e - 1)


#: e^ε > 1 restates ε > 0 (z*(ε) divides by e^ε − 1): the goals read e^ε as a term of its own
_LEMMA_27_DOMAIN = [_z >= 0, _z <= 1, _ε > 0, sympy.exp(_ε) > 1]


@claim(PAPER, "Lemma 27 (eqs. 121–122)", "μ'(z,ε) = Eε − (E−1) − (E−1)log(z(E−1)+1), vanishing at "
       "z*(ε) = (exp{εE/(E−1) − 1} − 1)/(E−1); z* ≤ ½",
       domain=_LEMMA_27_DOMAIN, stated_domain='z ∈ [0, 1], ε > 0, E = e^ε', stated_where='Section 9.4, eqs. (121)–(122)',
       quote=(r"Let μ(z,ε)𝜇𝑧𝜀\mu\left(z,\varepsilon\right) be the function obtained by replacing "
              r"P(Tj)𝑃subscript𝑇𝑗P\left(T_{j}\right) by the continuous variable z[0,1]𝑧01z\in[0,1] in "
              r"μj(P(Tj),ε)subscript𝜇𝑗𝑃subscript𝑇𝑗𝜀\mu_{j}\left(P\left(T_{j}\right),\varepsilon\right). Taking the "
              r"derivative of μ(z,ε)𝜇𝑧𝜀\mu\left(z,\varepsilon\right) with respect to z𝑧z we get "
              r"μ(z,ε)=eεε(eε1)(eε1)log(z(eε1)+1).superscript𝜇𝑧𝜀superscript𝑒𝜀𝜀superscript𝑒𝜀1superscript𝑒𝜀1𝑧superscript𝑒𝜀11\mu^{\prime}\left(z,\varepsilon\right)=e^{\varepsilon}\varepsilon-(e^{\varepsilon}-1)-(e^{\varepsilon}-1)\log\left(z(e^{\varepsilon}-1)+1\right). "
              r"(121) Observe that μ(z,ε)>0superscript𝜇𝑧𝜀0\mu^{\prime}\left(z,\varepsilon\right)>0 for all "
              r"z<z(ε)=1eε1(e{eεεeε11}1),𝑧superscript𝑧𝜀1superscript𝑒𝜀1superscript𝑒superscript𝑒𝜀𝜀superscript𝑒𝜀111z<z^{*}(\varepsilon)=\frac{1}{e^{\varepsilon}-1}\left(e^{\left\{\frac{e^{\varepsilon}\varepsilon}{e^{\varepsilon}-1}-1\right\}}-1\right), "
              r"(122) μ(z,ε)<0superscript𝜇𝑧𝜀0\mu^{\prime}\left(z,\varepsilon\right)<0 for all "
              r"z>z(ε)𝑧superscript𝑧𝜀z>z^{*}(\varepsilon), and "
              r"μ(z,ε)=0superscript𝜇𝑧𝜀0\mu^{\prime}\left(z,\varepsilon\right)=0 for "
              r"z=z(ε)𝑧superscript𝑧𝜀z=z^{*}(\varepsilon). Combining this with the fact that "
              r"μ(0,ε)=μ(1,ε)=0𝜇0𝜀𝜇1𝜀0\mu\left(0,\varepsilon\right)=\mu\left(1,\varepsilon\right)=0 we get that "
              r"μ(z,ε)0𝜇𝑧𝜀0\mu\left(z,\varepsilon\right)\geq 0 for all z[0,1]𝑧01z\in[0,1] and for any fixed "
              r"ε𝜀\varepsilon, μ(z,ε)𝜇𝑧𝜀\mu\left(z,\varepsilon\right) is maximized at "
              r"z(ε)superscript𝑧𝜀z^{*}(\varepsilon)."))
def lemma_27_identities():
    e = sympy.exp(_ε)
    mu = mi_mu(_z, e, _ε)
    d = sympy.diff(mu, _z)
    # (121): μ' as sympy differentiates μ(z, ε) of (113); (122): it vanishes at z*(ε) (log e^u = u for real u)
    slope = identity(d, e * _ε - (e - 1) - (e - 1) * log(_z * (e - 1) + 1), "(121): μ'(z, ε), differentiated by sympy")
    zero = _slope_vanishes(d)
    box = holds([sign(Q(1, 2) - _zstar(Q(j, 10))) > 0 for j in range(1, 101, 9)], "z*(ε) < ½ at ε = 0.1, 1, …, 9.1")
    ref = exact_agreement([int(sign(_zstar(1) - Q("0.459512743348930")) >= 0),
                           int(sign(_zstar(1) - Q("0.459512743348932")) <= 0)], [1, 1],
                          "z*(1) = 0.459512743348931 (catalog)")
    return establish(combine(slope, zero, _zstar_at_most_half(), detail="(121), (122) and z* ≤ ½"), box, ref,
                     domain=_LEMMA_27_DOMAIN)


def _slope_vanishes(d):
    """μ'(z*(ε), ε) = 0 for every ε > 0 (122), as kernel steps: z*(e^ε − 1) + 1 = e^A with A = εe^ε/(e^ε − 1) − 1, and
    log e^A = A (log(c·e^a) = a + log c at c = 1; sympy leaves log e^A alone, not knowing A real, which needs e^ε ≠ 1)."""
    a_, c_ = sympy.Symbol("a", real=True), sympy.Symbol("c", positive=True)
    e = sympy.exp(_ε)
    power = _ε * e / (e - 1) - 1
    product = kernel.fact(identity(log(c_ * sympy.exp(a_)), a_ + log(c_), "log(c·e^a) = a + log c"))
    inverse = kernel.apply(kernel.instantiate(product, {a_: power, c_: 1}, [e - 1 > 0], detail="at a = A, c = 1"),
                           exp_above_one(), detail="log e^A = A")
    return kernel.decide(kernel.goal(sympy.Eq(d.subs(_z, _zstar(_ε)), 0), [_ε > 0]), inverse, exp_above_one(),
                         detail="μ'(z*(ε), ε) = 0 (122)")


def _zstar_at_most_half():
    """z*(ε) ≤ ½ for every ε > 0, as kernel steps. With E = e^ε, A = εE/(E − 1) − 1 and B = (E + 1)/2, z* =
    (e^A − 1)/(E − 1) ≤ ½ is e^A ≤ B. The proof of Lemma 27's μ'(½, ε) ≤ 0 is −μ'(½, ε) = g(E) ≥ 0,
    g(x) = (x − 1) + (x − 1)log((x + 1)/2) − x log x on [1, ∞) (symdp.verify.prove: g(1) = g'(1) = 0, g'' ≥ 0), so
    t = log B − A = g(E)/(E − 1) ≥ 0, and 1 − e^{−t} ≥ 0 (prove again) is 1 − e^A/B ≥ 0."""
    x, t = sympy.symbols("x t", real=True)
    e = sympy.exp(_ε)
    g = (x - 1) + (x - 1) * log((x + 1) / 2) - x * log(x)
    at_e = at_exp(prove(g, x, 1, sympy.oo, "−μ'(½, ε) = g(e^ε) ≥ 0: g ≥ 0 on [1, ∞)"), x)
    gap = log((e + 1) / 2) - (_ε * e / (e - 1) - 1)
    above = kernel.decide(kernel.goal(gap >= 0, [_ε > 0]), at_e, exp_above_one(),
                          detail="log B − A = g(e^ε)/(e^ε − 1) ≥ 0")
    tail = kernel.instantiate(prove(1 - sympy.exp(-t), t, 0, sympy.oo, "e^{−t} ≤ 1 for t ≥ 0"), {t: gap}, [_ε > 0, gap >= 0],
                              detail="at t = log B − A")
    below = kernel.apply(tail, above, detail="e^A ≤ B")
    return kernel.decide(kernel.goal(_zstar(_ε) <= Q(1, 2), [_ε > 0]), below, exp_above_one(),
                         detail="z*(ε) = (e^A − 1)/(e^ε − 1) ≤ ½ since e^A ≤ (e^ε + 1)/2")


@claim(PAPER, "Lemma 27", "for ε ≤ 1: max_j μ_j ≤ μ(P(T),ε) + μ(P(Tᶜ),ε) with T from (30)",
       stated_domain='“for ε ≤ 1”, T from (30)', stated_where='Section 9.4, Lemma 27',
       quote=(r"Lemma 27 For all distributions P𝑃P and all ε1𝜀1\varepsilon\leq 1, the following bound holds "
              r"maxjμjμ(P(T),ε)+μ(P(Tc),ε)1.subscript𝑗subscript𝜇𝑗𝜇𝑃𝑇𝜀𝜇𝑃superscript𝑇𝑐𝜀1\frac{\max_{j}\mu_{j}}{\mu\left(P\left(T\right),\varepsilon\right)+\mu\left(P\left(T^{c}\right),\varepsilon\right)}\leq "
              r"1. (116)"))
def lemma_27():
    r = rng(27)
    flags = []
    for k in (2, 3, 4, 5, 6):
        for _ in range(3):
            p = random_law(r, k)
            T = mi_binary_T(p)
            for e in (Q(11, 10), Q(2), Q(27, 10)):
                mx = max((mi_mu(sub(p, A), e) for A in subsets(k)), key=lambda v: sympy.N(v, 30))
                flags.append(sign(mi_mu(sub(p, T), e) + mi_mu(1 - sub(p, T), e) - mx) >= 0)
    return establish(holds(flags, "exact signs, random P with k = 2..6, e^ε ∈ {1.1, 2, 2.7}"),
                     domain="45 random instances", stated_domain="all P, ε ≤ 1")


_SIGMA, _STAR = sympy.IndexedBase("sigma"), sympy.Symbol("i_0", integer=True)


def _claim_4_sets(i):
    """At x_i: σ_i ∈ {0, 1} (A a set), τ_i ∈ {0, 1} with τ_i = 1 only at i = i0 (T = {x*})."""
    bit = lambda v: sympy.Or(sympy.Eq(v, 0), sympy.Eq(v, 1))
    return [bit(_SIGMA[i]), bit(TAU[i]), sympy.Or(sympy.Ne(TAU[i], 1), sympy.Eq(i, _STAR))]


def _claim_4_objects():
    """Claim 4's objects: the law P, T = {x*} = {x_{i0}} by its indicator τ, any set A by its indicator σ (x* ∈ A or
    not), P(A) ≥ 0 and P(x*) ∈ [0, 1] (probabilities: μ is evaluated there), and the hypothesis P(x*) ≥ 1 − z*(ε)."""
    i, i0, tau, sigma = INPUT, _STAR, TAU, _SIGMA
    bit = lambda v: sympy.Or(sympy.Eq(v, 0), sympy.Eq(v, 1))
    pa, px = total(LAW[i] * sigma[i]), total(LAW[i] * tau[i])
    return [SIZE >= 1, is_law(LAW), kernel.Every(sympy.And(*_claim_4_sets(i)), (i, 1, SIZE)), bit(sigma[i0]), pa >= 0, px >= 0, px <= 1, px >= 1 - _zstar(_ε),
            _ε > 0, sympy.exp(_ε) > 1]


#: ε > 0: z*(ε) (122) divides by e^ε − 1; the paper states Claim 4 inside Lemma 27 (ε ≤ 1)
_CLAIM_4_PROVED = [ProbabilityVector("P", "k"), Integer("i_0"), *_claim_4_objects()]
_CLAIM_4_DOMAIN = [*_CLAIM_4_PROVED, _ε <= 1]


@claim(PAPER, "Claim 4", "if P(x*) ≥ 1 − z*(ε) then T = {x*} maximises P(A)P(Aᶜ) and max_A μ(P(A)) = "
       "max(μ(P(T)), μ(P(Tᶜ)))",
       domain=_CLAIM_4_DOMAIN, stated_domain='“P(x*) ≥ 1 − z*(ε)”, ε ≤ 1', stated_where='Section 9.4, Claim 4',
       quote=(r"Claim 4 Let T={x}𝑇superscript𝑥T=\{x^{*}\}. Then "
              r"{T,Tc}=argmaxA𝒳P(A)P(Ac)𝑇superscript𝑇𝑐subscript𝐴𝒳𝑃𝐴𝑃superscript𝐴𝑐\{T,T^{c}\}=\arg\max_{A\subseteq{\cal "
              r"X}}P(A)P(A^{c}) and "
              r"maxA𝒳μ(P(A),ε)=max(μ(P(T),ε),μ(P(Tc),ε))subscript𝐴𝒳𝜇𝑃𝐴𝜀𝜇𝑃𝑇𝜀𝜇𝑃superscript𝑇𝑐𝜀\max_{A\subseteq{\cal "
              r"X}}\mu(P(A),\varepsilon)=\max\left(\mu(P(T),\varepsilon),\mu(P(T^{c}),\varepsilon)\right)."))
def claim_4():
    r = rng(4)
    flags = []
    done = 0
    while done < 12:
        k = r.randint(2, 5)
        w = [r.randint(1, 5) for _ in range(k - 1)] + [r.randint(40, 120)]
        p = [Q(v, sum(w)) for v in w]
        for e in (Q(11, 10), Q(2), Q(27, 10)):
            zs = _zstar(log(e))
            if sign(max(p) - (1 - zs)) < 0:
                continue
            done += 1
            xs = [p.index(max(p))]
            g = [sub(p, A) * (1 - sub(p, A)) for A in subsets(k)]
            T_is_max = sub(p, xs) * (1 - sub(p, xs)) == max(g)
            mx = max((mi_mu(sub(p, A), e) for A in subsets(k)), key=lambda v: sympy.N(v, 30))
            best2 = max(mi_mu(sub(p, xs), e), mi_mu(1 - sub(p, xs), e), key=lambda v: sympy.N(v, 30))
            flags.append(T_is_max and sign(mx - best2) == 0)
    return establish(_claim_4_steps(), holds(flags, "random P with a dominant symbol, exhaustive over subsets"),
                     domain=_CLAIM_4_PROVED, uses=["extremal-ldp:lemma-27-eqs-121-122"])


def _mu(z):
    """μ(z, ε) of (113) with E = e^ε."""
    return mi_mu(z, sympy.exp(_ε), _ε)


def _slope(w):
    """μ'(w, ε) of (121)."""
    x = sympy.exp(_ε)
    return x * _ε - (x - 1) - (x - 1) * log(w * (x - 1) + 1)


def _claim_4_core():
    """Claim 4 in plain reals s = P(A), m = P(x*) (Kairouz–Oh–Viswanath, proof of Lemma 27, case 1), as kernel steps:
    with z* ≤ ½ and μ'(z*) = 0 (eqs. (121)–(122)), for 0 ≤ s ≤ 1, 1 − z* ≤ m ≤ 1 and s ≥ m or s ≤ 1 − m:
    P(A)P(Aᶜ) = s(1 − s) ≤ m(1 − m), and μ(s) ≤ max(μ(m), μ(1 − m)). μ lies below its tangents (μ(s) ≤ μ(w) +
    μ'(w)(s − w): with u = s(e^ε − 1) + 1, v = w(e^ε − 1) + 1 the gap is −u(log u − log v) + u − v ≤ 0), and μ'(w) ≤ 0
    for w ≥ z*, ≥ 0 for w ≤ z* (log increases: log v − log v* ≥ 1 − v*/v ≥ 0)."""
    s_, w, m = sympy.symbols("s w m", real=True)
    x = sympy.exp(_ε)
    positive = [_ε > 0, x > 1]
    zs = _zstar(_ε)
    half = kernel.lemma("extremal-ldp:lemma-27-eqs-121-122", kernel.goal(zs <= Q(1, 2), [_ε > 0]))
    d = sympy.diff(mi_mu(_z, x, _ε), _z)
    flat = kernel.lemma("extremal-ldp:lemma-27-eqs-121-122", kernel.goal(sympy.Eq(d.subs(_z, zs), 0), [_ε > 0]))
    unit = [s_ >= 0, s_ <= 1, w >= 0, w <= 1, *positive]
    u, v = s_ * (x - 1) + 1, w * (x - 1) + 1
    tangent = kernel.decide(kernel.goal(_mu(s_) <= _mu(w) + _slope(w) * (s_ - w), unit),
                            log_ratio(u, v, unit), detail="μ lies below its tangent at w")
    star = zs * (x - 1) + 1
    falls = kernel.decide(kernel.goal(_slope(w) <= 0, [w >= zs, w <= 1, *positive]),
                          log_ratio(v, star, [w >= zs, w <= 1, *positive]), flat, exp_above_one(),
                          detail="μ'(w) ≤ 0 for w ≥ z*")
    rises = kernel.decide(kernel.goal(_slope(w) >= 0, [w >= 0, w <= zs, *positive]),
                          log_ratio(star, v, [w >= 0, w <= zs, *positive]), flat, exp_above_one(),
                          detail="μ'(w) ≥ 0 for w ≤ z*")
    setting = [s_ >= 0, s_ <= 1, m <= 1, m >= 1 - zs, zs <= Q(1, 2), *positive]
    # small steps glued by apply (no solver), so that both SMT solvers of the re-check settle each side condition:
    # A ≤ B + G·D with G ≤ 0 ≤ D (or G ≥ 0 ≥ D) gives A ≤ B, decided in four plain numbers, read at μ(s), μ(w), μ'(w)
    a_, b_, g_, d_, z_ = sympy.symbols("A B G D z", real=True)
    below = {sign_: kernel.decide(kernel.goal(a_ <= b_, [a_ <= b_ + g_ * d_, sign_ * g_ <= 0, sign_ * d_ >= 0]),
                                  detail="A ≤ B + G·D, G·D ≤ 0 ⇒ A ≤ B") for sign_ in (1, -1)}
    cases = []
    for w_, sign_, slope in ((m, 1, falls), (1 - m, -1, rises)):
        at = {a_: _mu(s_), b_: _mu(w_), g_: _slope(w_), d_: s_ - w_}
        tangent_w = kernel.instantiate(tangent, {w: w_}, setting, detail="the tangent at P(T) or P(Tᶜ)")
        slope_w = kernel.instantiate(slope, {w: w_}, setting, detail="the slope's sign there")
        hyps = [kernel.fact(tangent_w).goal.conclusion, kernel.fact(slope_w).goal.conclusion, sign_ * (s_ - w_) >= 0,
                *setting]
        read = kernel.instantiate(below[sign_], at, hyps, detail="at μ(P(A)), μ(w), μ'(w)")
        cases.append(kernel.apply(read, tangent_w, slope_w, detail="μ(P(A)) ≤ μ(w) on the side of z* where μ is monotone"))
    product = kernel.decide(kernel.goal(s_ * (1 - s_) <= m * (1 - m), [s_ >= 0, s_ <= 1, m <= 1, m >= 1 - z_, z_ <= Q(1, 2),
                                                                        sympy.Or(s_ >= m, s_ <= 1 - m)]),
                            detail="P(A)P(Aᶜ) ≤ P(T)P(Tᶜ) for P(T) ≥ 1 − z ≥ ½ and P(A) ≥ P(T) or ≤ 1 − P(T)")
    product = kernel.instantiate(product, {z_: zs}, [*setting, sympy.Or(s_ >= m, s_ <= 1 - m)], detail="at z = z*(ε)")
    goal = kernel.goal(sympy.And(s_ * (1 - s_) <= m * (1 - m), _mu(s_) <= sympy.Max(_mu(m), _mu(1 - m))),
                       [s_ >= 0, s_ <= 1, m <= 1, m >= 1 - zs, sympy.Or(s_ >= m, s_ <= 1 - m), *positive])
    return kernel.decide(goal, product, *cases, half, detail="P(A)P(Aᶜ) ≤ P(T)P(Tᶜ) and μ(P(A)) ≤ max(μ(P(T)), "
                                                             "μ(P(Tᶜ)))"), s_, m


def _claim_4_steps():
    """Claim 4 for every P, k and set A, as kernel steps: P(A) = Σ P(x_i)σ_i and P(T) = Σ P(x_i)τ_i with τ the
    indicator of {x_{i0}}; term by term P(x_i)σ_i ≥ σ_{i0}P(x_i)τ_i and ≤ P(x_i) − (1 − σ_{i0})P(x_i)τ_i (τ_i = 1 only at
    i = i0), so P(A) ≥ P(T) when x* ∈ A and P(A) ≤ 1 − P(T) when not; then :func:`_claim_4_core` at s = P(A), m = P(T)."""
    i, i0, tau, sigma, p = INPUT, _STAR, TAU, _SIGMA, LAW
    span = [i >= 1, i <= SIZE]
    bit = lambda v: sympy.Or(sympy.Eq(v, 0), sympy.Eq(v, 1))
    where = [*span, *_claim_4_sets(i)]
    pointwise = [kernel.decide(kernel.goal(p[i] * sigma[i] >= sigma[i0] * p[i] * tau[i], where),
                               detail="P(x_i)σ_i ≥ σ_{i0}P(x_i)τ_i: τ_i = 1 only at x*"),
                 kernel.decide(kernel.goal(p[i] * sigma[i] <= p[i] - (1 - sigma[i0]) * p[i] * tau[i], where),
                               detail="P(x_i)σ_i ≤ P(x_i) − (1 − σ_{i0})P(x_i)τ_i: τ_i = 1 only at x*")]
    summed = [kernel.summed(e, i, 1, SIZE) for e in pointwise]
    pa, px = total(p[i] * sigma[i]), total(p[i] * tau[i])
    splits_ = [kernel.linear(total(f)) for f in (sigma[i0] * p[i] * tau[i], p[i] - (1 - sigma[i0]) * p[i] * tau[i])]
    objects = _claim_4_objects()
    sides = kernel.decide(kernel.goal(sympy.Or(pa >= px, pa <= 1 - px), objects), *summed, *splits_,
                          detail="x* ∈ A: P(A) ≥ P(x*); x* ∉ A: P(A) ≤ 1 − P(x*)")
    within = kernel.decide(kernel.goal(p[i] * sigma[i] <= p[i], where), detail="P(x_i)σ_i ≤ P(x_i)")
    most = kernel.decide(kernel.goal(pa <= 1, objects), kernel.summed(within, i, 1, SIZE), detail="P(A) ≤ Σ P = 1")
    core, s_, m = _claim_4_core()
    at = kernel.instantiate(core, {s_: pa, m: px}, [*objects, sympy.Or(pa >= px, pa <= 1 - px), pa <= 1],
                            detail="at s = P(A), m = P(x*)")
    return kernel.apply(at, sides, most, detail="Claim 4 for every set A")


_HALF = Q(1, 2)
_L, _N = sympy.symbols("l n", integer=True)
#: P(T) for the set T of (125) (its indicator rho)
_RHO = sympy.IndexedBase("rho")


def _prefix(n):
    """P(x_1) + … + P(x_n)."""
    return sympy.Sum(LAW[INPUT], (INPUT, 1, n))


def _claim_5_terms(n):
    """P(A ∩ {x_1, …, x_n}), P(x_1) + … + P(x_n), and for l ≤ n: x_l ∈ A exactly when P(x_1) + … + P(x_l) < ½ (A's
    indicator σ), P(x_l) ≤ P(x*)."""
    l = _L
    below = sympy.Or(sympy.And(sympy.Eq(_SIGMA[l], 1), _prefix(l) < _HALF), sympy.And(sympy.Eq(_SIGMA[l], 0), _prefix(l) >= _HALF))
    return (sympy.Sum(LAW[l] * _SIGMA[l], (l, 1, n)), _prefix(n), kernel.Every(below, (l, 1, n)),
            kernel.Every(LAW[l] <= LAW[_STAR], (l, 1, n)))


def _claim_5_objects():
    """Claim 5's objects: the law P, x* its most likely symbol (P(x_l) ≤ P(x*)), the set A = {x_l : P(x_1) + … + P(x_l)
    < ½} (the proof's {x_1, …, x_{l*−1}}, without sorting: the prefix sums grow anyway), and T of (125): P(T) ≤ ½ (the
    least P(B) over the maximisers B, closed under B ↦ Bᶜ) maximising P(B)P(Bᶜ), used at B = A and B = {x*}."""
    pa, _, every, most = _claim_5_terms(SIZE)
    t, m = total(LAW[INPUT] * _RHO[INPUT]), LAW[_STAR]
    return [SIZE >= 1, is_law(LAW), every, most, t <= _HALF, t * (1 - t) >= pa * (1 - pa), t * (1 - t) >= m * (1 - m)]


_CLAIM_5_DOMAIN = [ProbabilityVector("P", "k"), Integer("i_0"), *_claim_5_objects()]


@claim(PAPER, "Claim 5", "A = {x_l : P(x_1) + … + P(x_l) < ½} has ½ − P(x*) ≤ P(A) ≤ ½; hence ¼ ≤ P(T) ≤ ½ (125) "
       "for P(T) = min{P(B) : B ∈ argmax P(A)P(Aᶜ)} when P(x*) ≤ ½",
       domain=_CLAIM_5_DOMAIN, stated_domain='any P, x* a most likely symbol (the proof sorts P; the prefix sums need no '
                                             'sorting); T of (125), used at B = A and B = {x*}', stated_where='Section 9.4, Claim 5 and eq. (125)',
       quote=(r"Claim 5 There exists a set A𝒳𝐴𝒳A\subset{\cal X} such that "
              r"12P(x)P(A)1212𝑃superscript𝑥𝑃𝐴12\frac{1}{2}-P(x^{*})\leq P(A)\leq\frac{1}{2}. Proof Without loss of "
              r"generality, assume that the sequence P(xi)𝑃subscript𝑥𝑖P(x_{i}), i[k]𝑖delimited-[]𝑘i\in[k], is sorted "
              r"in increasing order. Let "
              r"l=min{l:i=1lP(xi)12}superscript𝑙:𝑙superscriptsubscript𝑖1𝑙𝑃subscript𝑥𝑖12l^{*}=\min\{l:\sum_{i=1}^{l}P(x_{i})\geq\frac{1}{2}\}. "
              r"From the definition of lsuperscript𝑙l^{*}, "
              r"P({x1,,xl1})<12𝑃subscript𝑥1subscript𝑥superscript𝑙112P(\{x_{1},\ldots,x_{l^{*}-1}\})<\frac{1}{2} and "
              r"P({x1,,xl})12𝑃subscript𝑥1subscript𝑥superscript𝑙12P(\{x_{1},\ldots,x_{l^{*}}\})\geq\frac{1}{2}. "
              r"Further, "
              r"P({x1,,xl1})=P({x1,,xl})P(xl)𝑃subscript𝑥1subscript𝑥superscript𝑙1𝑃subscript𝑥1subscript𝑥superscript𝑙𝑃subscript𝑥superscript𝑙P(\{x_{1},\ldots,x_{l^{*}-1}\})=P(\{x_{1},\ldots,x_{l^{*}}\})-P(x_{l^{*}}) "
              r"and since xargmaxx𝒳P(x)superscript𝑥subscript𝑥𝒳𝑃𝑥x^{*}\in\arg\max_{x\in{\cal X}}P\left(x\right), "
              r"P(xl)P(x)𝑃subscript𝑥superscript𝑙𝑃superscript𝑥P(x_{l^{*}})\leq P(x^{*}). Therefore, if "
              r"A={x1,,xl1}𝐴subscript𝑥1subscript𝑥superscript𝑙1A=\{x_{1},\ldots,x_{l^{*}-1}\}, then "
              r"12P(x)P(A)1212𝑃superscript𝑥𝑃𝐴12\frac{1}{2}-P(x^{*})\leq P(A)\leq\frac{1}{2}. Let "
              r"P(T)=min{P(B):BargmaxA𝒳P(A)P(Ac)}𝑃𝑇:𝑃𝐵𝐵subscript𝐴𝒳𝑃𝐴𝑃superscript𝐴𝑐P(T)=\min\{P(B):B\in\arg\max_{A\subseteq{\cal "
              r"X}}P(A)P(A^{c})\}. We claim that 14P(T)1214𝑃𝑇12\frac{1}{4}\leq P(T)\leq\frac{1}{2}. The upper bound "
              r"on P(T)𝑃𝑇P(T) follows immediately from its definition. To prove the lower bound on P(T)𝑃𝑇P(T), "
              r"consider the set A𝐴A given in Claim 5 and observe that P(T)𝑃𝑇\displaystyle P(T) \displaystyle\geq "
              r"max(P(x),P(A))𝑃superscript𝑥𝑃𝐴\displaystyle\max(P(x^{*}),P(A)) (125) \displaystyle\geq "
              r"max(P(x),12P(x))𝑃superscript𝑥12𝑃superscript𝑥\displaystyle\max(P(x^{*}),\frac{1}{2}-P(x^{*})) "
              r"\displaystyle\geq 14.14\displaystyle\frac{1}{4}."))
def claim_5():
    r = rng(5)
    flags = []
    for _ in range(30):
        p = random_law(r, r.randint(2, 6))
        k = len(p)
        xs = max(p)
        flags.append(any(Q(1, 2) - xs <= sub(p, A) <= Q(1, 2) for A in subsets(k)))
        if xs <= Q(1, 2):
            g = [sub(p, A) * (1 - sub(p, A)) for A in subsets(k)]
            PT = min(sub(p, A) for A, v in zip(subsets(k), g) if v == max(g))
            flags.append(Q(1, 4) <= PT <= Q(1, 2))
    return establish(_claim_5_steps(), holds(flags, "exhaustive over subsets, 30 random P, k = 2..6"),
                     domain=_CLAIM_5_DOMAIN)


def _claim_5_steps():
    """Claim 5 and (125) for every P and k, as kernel steps (Kairouz–Oh–Viswanath, proof of Lemma 27, case 3). By
    induction on n: either P(x_1) + … + P(x_n) < ½ and P(A ∩ {x_1, …, x_n}) equals it, or that prefix is ≥ ½ and
    ½ − P(x*) ≤ P(A ∩ {x_1, …, x_n}) ≤ ½ (the first prefix to reach ½ adds P(x_l) ≤ P(x*) to one below ½, and A stops
    there); at n = k the prefix is 1, so ½ − P(x*) ≤ P(A) ≤ ½. Then (125): P(T) ≤ ½ maximising P(B)P(Bᶜ), at A and
    at {x*}, with P(x*) ≤ ½, gives P(T) ≥ ¼."""
    n, m = _N, LAW[_STAR]
    S, pre, every, most = _claim_5_terms(n)
    invariant = sympy.Or(sympy.And(pre < _HALF, sympy.Eq(S, pre)), sympy.And(pre >= _HALF, S >= _HALF - m, S <= _HALF))
    goal = kernel.goal(invariant, [n >= 0, every, most])
    base_goal, step_goal = kernel.induction_goals(goal, n, 0)
    base = kernel.decide(base_goal, *[kernel.unfold(t, "all") for t in _claim_5_terms(0)],
                         detail="no symbol yet: both sums are 0 < ½")
    step = kernel.decide(step_goal, *[kernel.unfold(t, "end") for t in _claim_5_terms(n + 1)],
                         detail="one more symbol: it joins A while the prefix stays below ½")
    prefixes = kernel.induction(goal, n, 0, base, step, detail="A against the prefix sums, by induction on n")
    pa, _, every_k, most_k = _claim_5_terms(SIZE)
    at_k = kernel.instantiate(prefixes, {n: SIZE}, [SIZE >= 1, every_k, most_k], detail="at n = k")
    exists = kernel.decide(kernel.goal(sympy.And(pa >= _HALF - m, pa <= _HALF), [SIZE >= 1, is_law(LAW), every_k, most_k]),
                           at_k, detail="the whole prefix is Σ P = 1 ≥ ½: ½ − P(x*) ≤ P(A) ≤ ½")
    t = total(LAW[INPUT] * _RHO[INPUT])
    quarter = kernel.decide(kernel.goal(sympy.Or(m > _HALF, t >= Q(1, 4)), _claim_5_objects()), exists,
                            detail="(125): P(x*) ≤ ½ gives P(T) ≥ max(P(x*), P(A)) ≥ max(P(x*), ½ − P(x*)) ≥ ¼")
    return combine(exists, quarter, detail="Claim 5 and (125)")
