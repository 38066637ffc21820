"""Kairouz–Oh–Viswanath, *Extremal mechanisms for local DP*: hypothesis testing (Sections 3, 8).

Theorems 5–8, Corollaries 9–11, Lemmas 24–25 and the proof identities (58)⇔(59), (60),
(63)⇔(65), (71), (79), (84). Optimality is decided exactly with the certified LP at rational
e^ε (values are rational combinations of logarithms of primes, compared exactly). Errata:
Theorem 5 with ties, Lemma 24's bookkeeping, Theorem 8 with equal likelihood ratios and the sign
of (88), Corollary 9's missing square, Corollary 10's coefficient G.
"""

from __future__ import annotations

import sympy

from _idioms import grouped, holds
from _vertex import indicator as _indicator, vertex_bound
from _eldp_helpers import (named, A0, A1, B0, B1, CHANNEL, E, G0, G1, INPUT, OUT, log_ratio, in_cube, splits, ROW0, ROW2, at_exp, binary_marginal_goal,
                           binary_rows, exp_at_least_one, LAW0, LAW1, Q, RATIO0, RATIO1, SIZE, TAU, TIE0, TIE1,
                           binary_kl, binary_set, distinct_ratio_pair, is_law, is_set, kl, kl_mu, lognorm, log,
                           pattern_entry, random_law, rng, rr_dual_objects, rr_dual_steps, rr_kl, singleton_objects,
                           singleton_values, staircase_ratio, sub, subsets, total, tv, bit, RR_L, RR_Y, rr_marginal,
                           rr_output_facts)
from symdp.local import binary_mechanism, lemma24_threshold, optimal_mechanism, randomized_response, rr_dual, utility
from symdp.local.extremal import binary_is_optimal, dual_slacks, rr_is_optimal, switch_bracket
from symdp.numbers import sign
from symdp.verify import cited, claim, combine, erratum, establish, exact_agreement, identity, kernel, prove, real_closed
from symdp.verify.domains import ConvexF, Integer, LDPChannel, Laws

PAPER = "extremal-ldp"

# Real parameters of the paper's domains (symdp.verify.domains), named as the paper names them.
_ε, _δ, _ε1, _ε2 = sympy.symbols("epsilon delta epsilon_1 epsilon_2", real=True)
_P0x, _P1x = sympy.symbols("P_0(x) P_1(x)", real=True)  # the two laws at one symbol x
_ε_star = sympy.Symbol("epsilon^*(P_0, P_1)", real=True)  # Theorem 5's threshold
_ε_star_δ = sympy.Symbol("epsilon^*(P_0, P_1, delta)", real=True)  # Corollary 9's
X = sympy.Symbol("x", positive=True)


def _all_f(p0, p1):
    return [utility.kl(p0, p1), utility.reverse_kl(p0, p1), utility.symmetric_kl(p0, p1), utility.chi2(p0, p1),
            utility.hellinger(p0, p1), utility.tv(p0, p1), utility.e_gamma(Q(11, 10), p0, p1),
            utility.f_divergence(lambda x: sympy.Max(Q(4, 5) - x, 0), p0, p1)]


def _ratio_bounds(p0, p1, e):
    T = binary_set(p0, p1)
    k = len(p0)
    Tc = [i for i in range(k) if i not in T]
    a = e - 1
    r_max = (a * sub(p0, T) + 1) / (a * sub(p1, T) + 1)
    r_min = (a * sub(p0, Tc) + 1) / (a * sub(p1, Tc) + 1)
    return r_min, r_max


def _sandwich(p0, p1, e) -> bool:
    """(56) on every staircase pattern at e^ε = e (exact)."""
    r_min, r_max = _ratio_bounds(p0, p1, e)
    a = e - 1
    return all(r_min <= (a * sub(p0, A) + 1) / (a * sub(p1, A) + 1) <= r_max for A in subsets(len(p0)))


# --------------------------------------------------------------------------------------------
# The binary and randomized-response mechanisms (18), (21) are staircase mechanisms (Section 3.2)

#: the indicators of T = {x : P0(x) ≥ P1(x)} at two inputs x, x' (every pair of values occurs for some P0, P1)
_τx, _τx2 = sympy.symbols("tau_x tau_x'", real=True)
_EQ_18_DOMAIN = [Laws("P0", "P1"), _ε >= 0, bit(_τx), bit(_τx2)]


@claim(PAPER, "Eq. (18)", "the binary mechanism (18) is a staircase mechanism: each input's row sums to 1, its entries are "
       "≥ 0, and in each output's column two entries are equal or in the ratio e^ε (|ln Q(y|x)/Q(y|x')| ∈ {0, ε})",
       domain=_EQ_18_DOMAIN, stated_domain="any P0, P1, ε ≥ 0, any two inputs x, x' (τ_x = 1 when P0(x) ≥ P1(x))",
       stated_where="Section 3.2, eq. (18)",
       quote=(
              r"For a given P0subscript𝑃0P_{0} and P1subscript𝑃1P_{1}, the binary mechanism is defined as a staircase "
              r"mechanism with only two outputs Y{0,1}𝑌01Y\in\{0,1\} satisfying (see Figure 2) Q(0|x)={eε1+eε if "
              r"P0(x)P1(x),11+eε if P0(x)<P1(x).Q(1|x)={eε1+eε if P0(x)<P1(x),11+eε if "
              r"P0(x)P1(x).𝑄conditional0𝑥casessuperscript𝑒𝜀1superscript𝑒𝜀 if subscript𝑃0𝑥subscript𝑃1𝑥11superscript𝑒𝜀 if "
              r"subscript𝑃0𝑥subscript𝑃1𝑥𝑄conditional1𝑥casessuperscript𝑒𝜀1superscript𝑒𝜀 if "
              r"subscript𝑃0𝑥subscript𝑃1𝑥11superscript𝑒𝜀 if subscript𝑃0𝑥subscript𝑃1𝑥\displaystyle "
              r"Q(0|x)\,=\,\left\{\begin{array}[]{rl}\dfrac{e^{\varepsilon}}{1+e^{\varepsilon}}&\text{ if }P_{0}(x)\geq "
              r"P_{1}(x)\;,\\ \dfrac{1}{1+e^{\varepsilon}}&\text{ if }P_{0}(x)<P_{1}(x)\;.\\ "
              r"\end{array}\right.\;\;\;Q(1|x)\,=\,\left\{\begin{array}[]{rl}\dfrac{e^{\varepsilon}}{1+e^{\varepsilon}}&\text{ "
              r"if }P_{0}(x)<P_{1}(x)\;,\\ \dfrac{1}{1+e^{\varepsilon}}&\text{ if }P_{0}(x)\geq P_{1}(x)\;.\\ "
              r"\end{array}\right. (18)"))
def eq_18():
    """Q(0|x) = (1 + (e^ε − 1)τ_x)/(e^ε + 1) and Q(1|x) = (e^ε − (e^ε − 1)τ_x)/(e^ε + 1) are (18) (e^ε/(1 + e^ε) when
    P0(x) ≥ P1(x), i.e. τ_x = 1, and 1/(1 + e^ε) otherwise); decided over e^ε and the two indicators."""
    rows = [[(1 + (sympy.exp(_ε) - 1) * t) / (sympy.exp(_ε) + 1), (sympy.exp(_ε) - (sympy.exp(_ε) - 1) * t) / (sympy.exp(_ε) + 1)]
            for t in (_τx, _τx2)]
    setting = [_ε >= 0, bit(_τx), bit(_τx2)]
    stochastic = identity([sum(rows[0])], [1], "Q(0|x) + Q(1|x) = 1")
    nonneg = kernel.decide(kernel.goal(sympy.And(*[sympy.Ge(v, 0, evaluate=False) for v in rows[0]]), setting[:2]),
                           detail="Q(0|x), Q(1|x) ≥ 0")
    stair = kernel.decide(kernel.goal(sympy.And(*[staircase_ratio(rows[0][y], rows[1][y]) for y in (0, 1)]), setting),
                          detail="for y = 0, 1: Q(y|x) and Q(y|x') are equal or in the ratio e^ε")
    p0, p1 = B0, B1
    cross = exact_agreement([v for row in binary_mechanism(log(3), p0, p1).rows for v in row],
                            [(3 if (a >= b) == (y == 0) else 1) / sympy.Integer(4) for a, b in zip(p0, p1) for y in (0, 1)],
                            "library binary mechanism against (18), example B, e^ε = 3")
    return establish(combine(stochastic, nonneg, stair, detail="(18) is a staircase mechanism"), cross,
                     domain=_EQ_18_DOMAIN)


#: the indicators [y = x], [y = x'] of one output y at two inputs (a column of RR: y equals at most one of them, and
#: every pair of values occurs), and the indicator d of x's own output in its row (Σ_y d_y = 1)
_bx, _bx2 = sympy.symbols("b_x b_x'", real=True)
_d = sympy.IndexedBase("d")
_EQ_21_DOMAIN = [Integer("k", 2), _ε >= 0, bit(_bx), bit(_bx2), kernel.Every(bit(_d[RR_Y]), (RR_Y, 1, SIZE)),
                 sympy.Eq(sympy.Sum(_d[RR_Y], (RR_Y, 1, SIZE)), 1)]


@claim(PAPER, "Eq. (21)", "randomized response (21) is a staircase mechanism for every |X| = k ≥ 2: each row sums to 1, "
       "entries ≥ 0, and in each output's column two entries are equal or in the ratio e^ε",
       domain=_EQ_21_DOMAIN, stated_domain="|𝒳| = k ≥ 2, ε ≥ 0, any output y and inputs x, x'",
       stated_where="Section 3.2, eq. (21)",
       quote=(
              r"The randomized response mechanism (see Figure 2) is a staircase mechanism with 𝒴=𝒳𝒴𝒳{\cal Y}={\cal X} "
              r"satisfying Q(y|x)={eε|𝒳|1+eε if y=x,1|𝒳|1+eε if yx.𝑄conditional𝑦𝑥casessuperscript𝑒𝜀𝒳1superscript𝑒𝜀 if "
              r"𝑦𝑥1𝒳1superscript𝑒𝜀 if 𝑦𝑥\displaystyle "
              r"Q(y|x)\,=\,\left\{\begin{array}[]{rl}\dfrac{e^{\varepsilon}}{|{\cal X}|-1+e^{\varepsilon}}&\text{ if "
              r"}y=x\;,\\ \dfrac{1}{|{\cal X}|-1+e^{\varepsilon}}&\text{ if }y\neq x\;.\\ \end{array}\right. (21)"))
def eq_21():
    """Q(y|x) = (1 + (e^ε − 1)[y = x])/(e^ε + k − 1) is (21); the row of x sums over y by linearity with Σ_y [y = x] = 1,
    and a column compares two inputs by their indicators [y = x], [y = x'] ∈ {0, 1}."""
    x, k, y = sympy.exp(_ε), SIZE, RR_Y
    entry = lambda b: (1 + (x - 1) * b) / (x + k - 1)
    row = sympy.Sum(entry(_d[y]), (y, 1, k))
    stochastic = kernel.decide(kernel.goal(sympy.Eq(row, 1), [k >= 2, _ε >= 0, sympy.Eq(sympy.Sum(_d[y], (y, 1, k)), 1)]),
                               kernel.linear(row), detail="Σ_y Q(y|x) = (k + (e^ε − 1)Σ_y [y = x])/(e^ε + k − 1) = 1")
    nonneg = kernel.decide(kernel.goal(sympy.Ge(entry(_bx), 0, evaluate=False), [k >= 2, _ε >= 0, bit(_bx)]),
                           detail="Q(y|x) ≥ 0")
    stair = kernel.decide(kernel.goal(staircase_ratio(entry(_bx), entry(_bx2)), [k >= 2, _ε >= 0, bit(_bx), bit(_bx2)]),
                          detail="Q(y|x) and Q(y|x') are equal or in the ratio e^ε")
    cross = exact_agreement([v for row_ in randomized_response(log(3), 4).rows for v in row_],
                            [(3 if i == j else 1) / sympy.Integer(6) for i in range(4) for j in range(4)],
                            "library randomized response against (21), k = 4, e^ε = 3")
    return establish(combine(stochastic, nonneg, stair, detail="(21) is a staircase mechanism, every k ≥ 2"), cross,
                     domain=_EQ_21_DOMAIN)


# --------------------------------------------------------------------------------------------
# Lemma 24 and Theorem 5 (high privacy: the binary mechanism)


#: P0, P1 as sequences on k symbols (Σ_i P_ν(x_i) = 1) and T as its indicator τ (τ_i ∈ {0, 1}): what the goals quantify
_LEMMA_24_IDENTITY_DOMAIN = [Laws("P0", "P1", k="k"), _ε >= 0, is_law(LAW0), is_law(LAW1), is_set(),
                             in_cube(sympy.IndexedBase("S"))]


@claim(PAPER, "Lemma 24 (eqs. 58–60)", "(58) ⇔ (59) for every column S_j ∈ [1,e^ε]^k, and (59) on a pattern is (60)",
       domain=_LEMMA_24_IDENTITY_DOMAIN, stated_domain='every column S_j ∈ [1, e^ε]^k, a = e^ε − 1', stated_where='Section 8.2, eqs. (58)–(60)',
       quote=(r"As in Lemma 22, for any \ell\in\mathbb{N}, Q𝒟ε,𝑄subscript𝒟𝜀Q\in\mathcal{D}_{\varepsilon,\ell} can be "
              r"represented as Q=SΘ𝑄𝑆ΘQ=S\Theta, where "
              r"S[1,eε]k×𝑆superscript1superscript𝑒𝜀𝑘S\in[1,e^{\varepsilon}]^{k\times\ell} and "
              r"Θ=diag(θ1,,θ)Θdiagsubscript𝜃1subscript𝜃\Theta=\mbox{diag}\left(\theta_{1},...,\theta_{\ell}\right) "
              r"with its diagonal entries in +subscript\mathbb{R}_{+}. We now show that for any \ell\in\mathbb{N} "
              r"and any Q𝒟ε,𝑄subscript𝒟𝜀Q\in\mathcal{D}_{\varepsilon,\ell}, the following upper bound holds "
              r"M0(y)M1(y)=i[k]P0(xi)Siji[k]P1(xi)Sij(eε1)P0(T)+1(eε1)P1(T)+1,subscript𝑀0𝑦subscript𝑀1𝑦subscript𝑖delimited-[]𝑘subscript𝑃0subscript𝑥𝑖subscript𝑆𝑖𝑗subscript𝑖delimited-[]𝑘subscript𝑃1subscript𝑥𝑖subscript𝑆𝑖𝑗superscript𝑒𝜀1subscript𝑃0𝑇1superscript𝑒𝜀1subscript𝑃1𝑇1\frac{M_{0}(y)}{M_{1}(y)}=\frac{\sum_{i\in[k]}P_{0}\left(x_{i}\right)S_{ij}}{\sum_{i\in[k]}P_{1}\left(x_{i}\right)S_{ij}}\leq\frac{\left(e^{\varepsilon}-1\right)P_{0}\left(T\right)+1}{\left(e^{\varepsilon}-1\right)P_{1}\left(T\right)+1}, "
              r"(58) for all y𝒴𝑦𝒴y\in\mathcal{Y} and sufficiently small ε𝜀\varepsilon. The above expression can be "
              r"alternatively written as "
              r"(eε1)(P0(T)P1(T))+(eε1)i[k](Sij1)(P0(T)P1(xi)P1(T)P0(xi))superscript𝑒𝜀1subscript𝑃0𝑇subscript𝑃1𝑇superscript𝑒𝜀1subscript𝑖delimited-[]𝑘subscript𝑆𝑖𝑗1subscript𝑃0𝑇subscript𝑃1subscript𝑥𝑖subscript𝑃1𝑇subscript𝑃0subscript𝑥𝑖\displaystyle\left(e^{\varepsilon}-1\right)\left(P_{0}\left(T\right)-P_{1}\left(T\right)\right)+\left(e^{\varepsilon}-1\right)\sum_{i\in[k]}\left(S_{ij}-1\right)\left(P_{0}\left(T\right)P_{1}\left(x_{i}\right)-P_{1}\left(T\right)P_{0}\left(x_{i}\right)\right) "
              r"i[k](Sij1)(P0(xi)P1(xi))0,subscript𝑖delimited-[]𝑘subscript𝑆𝑖𝑗1subscript𝑃0subscript𝑥𝑖subscript𝑃1subscript𝑥𝑖0\displaystyle-\sum_{i\in[k]}\left(S_{ij}-1\right)\left(P_{0}\left(x_{i}\right)-P_{1}\left(x_{i}\right)\right)\geq "
              r"0, (59) where Sj[1,eε]ksubscript𝑆𝑗superscript1superscript𝑒𝜀𝑘S_{j}\in[1,e^{\varepsilon}]^{k}. "
              r"Equation (8.2) is linear in Sjsubscript𝑆𝑗S_{j} and is therefore minimized (and maximized) at the "
              r"corner points of [1,eε]k×superscript1superscript𝑒𝜀𝑘\ [1,e^{\varepsilon}]^{k\times\ell}, a cube in "
              r"+k×subscriptsuperscript𝑘\mathbb{R}^{k\times\ell}_{+}. The corner points of this cube are given by "
              r"the staircase patterns: "
              r"Sj{1,eε}ksubscript𝑆𝑗superscript1superscript𝑒𝜀𝑘S_{j}\in\{1,e^{\varepsilon}\}^{k}. To begin with, let "
              r"Sjsubscript𝑆𝑗S_{j} be a staircase pattern with "
              r"Tj={xi:Sij=eε}Tsubscript𝑇𝑗conditional-setsubscript𝑥𝑖subscript𝑆𝑖𝑗superscript𝑒𝜀𝑇T_{j}=\{x_{i}:S_{ij}=e^{\varepsilon}\}\neq "
              r"T. Then Equation (8.2) is equivalent to "
              r"(eε1){(P0(T)P1(T))(P0(Tj)P1(Tj))}superscript𝑒𝜀1subscript𝑃0𝑇subscript𝑃1𝑇subscript𝑃0subscript𝑇𝑗subscript𝑃1subscript𝑇𝑗\displaystyle\left(e^{\varepsilon}-1\right)\left\{\left(P_{0}\left(T\right)-P_{1}\left(T\right)\right)-\left(P_{0}\left(T_{j}\right)-P_{1}\left(T_{j}\right)\right)\right\}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{} "
              r"+(eε1)2{P0(T)P1(Tj)P1(T)P0(Tj)}0.superscriptsuperscript𝑒𝜀12subscript𝑃0𝑇subscript𝑃1subscript𝑇𝑗subscript𝑃1𝑇subscript𝑃0subscript𝑇𝑗0\displaystyle+\left(e^{\varepsilon}-1\right)^{2}\left\{P_{0}\left(T\right)P_{1}\left(T_{j}\right)-P_{1}\left(T\right)P_{0}\left(T_{j}\right)\right\}\geq "
              r"0. (60)"))
def lemma_24_upper_identity():
    return establish(_column_bound_steps(upper=True), domain=_LEMMA_24_IDENTITY_DOMAIN)


@claim(PAPER, "Lemma 24 (eqs. 63–65)", "(63) ⇔ (64) for every column, and (64) on a pattern is (65)",
       domain=_LEMMA_24_IDENTITY_DOMAIN, stated_domain='every column S_j ∈ [1, e^ε]^k, a = e^ε − 1', stated_where='Section 8.2, eqs. (63)–(65)',
       quote=(r"We now show that for for any \ell\in\mathbb{N} and any "
              r"Q𝒟ε,𝑄subscript𝒟𝜀Q\in\mathcal{D}_{\varepsilon,\ell}, the following lower bound holds "
              r"(eε1)P0(Tc)+1(eε1)P1(Tc)+1M0(y)M1(y)=i[k]P0(xi)Siji[k]P1(xi)Sij,superscript𝑒𝜀1subscript𝑃0superscript𝑇𝑐1superscript𝑒𝜀1subscript𝑃1superscript𝑇𝑐1subscript𝑀0𝑦subscript𝑀1𝑦subscript𝑖delimited-[]𝑘subscript𝑃0subscript𝑥𝑖subscript𝑆𝑖𝑗subscript𝑖delimited-[]𝑘subscript𝑃1subscript𝑥𝑖subscript𝑆𝑖𝑗\frac{\left(e^{\varepsilon}-1\right)P_{0}\left(T^{c}\right)+1}{\left(e^{\varepsilon}-1\right)P_{1}\left(T^{c}\right)+1}\leq\frac{M_{0}(y)}{M_{1}(y)}=\frac{\sum_{i\in[k]}P_{0}\left(x_{i}\right)S_{ij}}{\sum_{i\in[k]}P_{1}\left(x_{i}\right)S_{ij}}, "
              r"(63) for all y𝒴𝑦𝒴y\in\mathcal{Y} and sufficiently small ε𝜀\varepsilon. The above expression can be "
              r"alternatively written as "
              r"(eε1)(P0(T)P1(T))+(eε1)i[k](Sij1)(P0(T)P1(xi)P1(T)P0(xi))superscript𝑒𝜀1subscript𝑃0𝑇subscript𝑃1𝑇superscript𝑒𝜀1subscript𝑖delimited-[]𝑘subscript𝑆𝑖𝑗1subscript𝑃0𝑇subscript𝑃1subscript𝑥𝑖subscript𝑃1𝑇subscript𝑃0subscript𝑥𝑖\displaystyle\left(e^{\varepsilon}-1\right)\left(P_{0}\left(T\right)-P_{1}\left(T\right)\right)+\left(e^{\varepsilon}-1\right)\sum_{i\in[k]}\left(S_{ij}-1\right)\left(P_{0}\left(T\right)P_{1}\left(x_{i}\right)-P_{1}\left(T\right)P_{0}\left(x_{i}\right)\right) "
              r"+eεi[k](Sij1)(P0(xi)P1(xi))0,superscript𝑒𝜀subscript𝑖delimited-[]𝑘subscript𝑆𝑖𝑗1subscript𝑃0subscript𝑥𝑖subscript𝑃1subscript𝑥𝑖0\displaystyle+e^{\varepsilon}\sum_{i\in[k]}\left(S_{ij}-1\right)\left(P_{0}\left(x_{i}\right)-P_{1}\left(x_{i}\right)\right)\geq "
              r"0, (64) where Sj[1,eε]ksubscript𝑆𝑗superscript1superscript𝑒𝜀𝑘S_{j}\in[1,e^{\varepsilon}]^{k}. "
              r"Equation (8.2) is linear in Sjsubscript𝑆𝑗S_{j} and is therefore minimized at the corner points of "
              r"[1,eε]ksuperscript1superscript𝑒𝜀𝑘\ [1,e^{\varepsilon}]^{k}, a cube in "
              r"+ksubscriptsuperscript𝑘\mathbb{R}^{k}_{+}. The corner points of this cube are given by staircase "
              r"patterns: Sj{1,eε}ksubscript𝑆𝑗superscript1superscript𝑒𝜀𝑘S_{j}\in\{1,e^{\varepsilon}\}^{k}. To begin "
              r"with, let Sjsubscript𝑆𝑗S_{j} be a staircase pattern with "
              r"Tj={xi:Sij=eε}Tcsubscript𝑇𝑗conditional-setsubscript𝑥𝑖subscript𝑆𝑖𝑗superscript𝑒𝜀superscript𝑇𝑐T_{j}=\{x_{i}:S_{ij}=e^{\varepsilon}\}\neq "
              r"T^{c}, then Equation (8.2) is equivalent to "
              r"(eε1){(P0(T)P1(T))+eε(P0(Tj)P1(Tj))}superscript𝑒𝜀1subscript𝑃0𝑇subscript𝑃1𝑇superscript𝑒𝜀subscript𝑃0subscript𝑇𝑗subscript𝑃1subscript𝑇𝑗\displaystyle\left(e^{\varepsilon}-1\right)\left\{\left(P_{0}\left(T\right)-P_{1}\left(T\right)\right)+e^{\varepsilon}\left(P_{0}\left(T_{j}\right)-P_{1}\left(T_{j}\right)\right)\right\}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{} "
              r"+(eε1)2{P0(T)P1(Tj)P1(T)P0(Tj)}0.superscriptsuperscript𝑒𝜀12subscript𝑃0𝑇subscript𝑃1subscript𝑇𝑗subscript𝑃1𝑇subscript𝑃0subscript𝑇𝑗0\displaystyle+\left(e^{\varepsilon}-1\right)^{2}\left\{P_{0}\left(T\right)P_{1}\left(T_{j}\right)-P_{1}\left(T\right)P_{0}\left(T_{j}\right)\right\}\geq "
              r"0. (65)"))
def lemma_24_lower_identity():
    return establish(_column_bound_steps(upper=False), domain=_LEMMA_24_IDENTITY_DOMAIN)


def _column_bound_steps(upper: bool):
    """(58) ⇔ (59) and (59) on a pattern = (60) (or (63) ⇔ (64) and (64) on a pattern = (65) when not `upper`) for
    every k, T and column S ∈ [1, e^ε]^k, as kernel steps. With a = e^ε − 1, t_ν = P_ν(T) = Σ_x P_ν(x)τ_x (τ the
    indicator of T) and P_ν(Tᶜ) = Σ_x P_ν(x)(1 − τ_x): cross-multiplying the ratio bound by its positive denominators
    and splitting the sums by linearity (Σ_x P_ν(x) = 1) gives (59) (resp. (64)); on the pattern S_x = 1 + aσ_x (σ the
    indicator of T_j, j_ν = P_ν(T_j) = Σ_x P_ν(x)σ_x) the sums Σ(S_x − 1)(…) are a·Σσ_x(…), which gives (60) (resp. (65)).
    The set masses t_ν, j_ν are sums over their own index (i_2), constants of the sums over x they multiply."""
    i, i2, a, x = INPUT, sympy.Symbol("i_2", integer=True), sympy.exp(_ε) - 1, sympy.exp(_ε)
    col, sigma = sympy.IndexedBase("S"), sympy.IndexedBase("sigma")
    p0, p1 = LAW0[i], LAW1[i]
    t0, t1 = (total(p[i2] * TAU[i2], i2) for p in (LAW0, LAW1))
    j0, j1 = (total(p[i2] * sigma[i2], i2) for p in (LAW0, LAW1))
    m0, m1 = total(p0 * col[i]), total(p1 * col[i])
    weight = -1 if upper else x                                                       # the coefficient of Σ(S − 1)(P0 − P1)
    form = lambda s_i: a * (t0 - t1) + a * total((s_i - 1) * (t0 * p1 - t1 * p0)) + weight * total((s_i - 1) * (p0 - p1))
    laws = [SIZE >= 1, is_law(LAW0), is_law(LAW1), is_set()]
    # a/b ≤ c/e ⇔ cb − ea ≥ 0 for b, e > 0, decided in four plain numbers, then instantiated at the sums
    u = sympy.symbols("a b c e", real=True)
    crossed = kernel.decide(kernel.goal(sympy.Equivalent(u[0] / u[1] <= u[2] / u[3], u[2] * u[1] - u[3] * u[0] >= 0),
                                        [u[1] > 0, u[3] > 0]), detail="a/b ≤ c/e ⇔ cb − ea ≥ 0 for b, e > 0")
    if upper:
        at = dict(zip(u, (m0, m1, a * t0 + 1, a * t1 + 1)))
        pattern = a * ((t0 - t1) - (j0 - j1)) + a ** 2 * (t0 * j1 - t1 * j0)
        split = []
    else:
        c0, c1 = (total(p[i2] * (1 - TAU[i2]), i2) for p in (LAW0, LAW1))
        at = dict(zip(u, (a * c0 + 1, a * c1 + 1, m0, m1)))
        pattern = a * ((t0 - t1) + x * (j0 - j1)) + a ** 2 * (t0 * j1 - t1 * j0)
        split = [kernel.linear(total(p[i2] * (1 - TAU[i2]), i2)) for p in (LAW0, LAW1)]
        split += [kernel.rename(total(p[i]), i2) for p in (LAW0, LAW1)]
    cross = (u[2] * u[1] - u[3] * u[0]).xreplace(at)
    name = ("(58) ⇔ (59)", "(59) at a pattern = (60)") if upper else ("(63) ⇔ (64)", "(64) at a pattern = (65)")
    multiplied = kernel.instantiate(crossed, at, [*laws, at[u[1]] > 0, at[u[3]] > 0],
                                    detail="the ratio bound cross-multiplied by its positive denominators")
    sums = [total(f) for f in ((col[i] - 1) * (t0 * p1 - t1 * p0), (col[i] - 1) * (p0 - p1))]
    expanded = kernel.decide(kernel.goal(sympy.Eq(cross, form(col[i])), laws), *[kernel.linear(t) for t in sums], *split,
                             detail="the sums over x split by linearity, Σ_x P_ν(x) = 1")
    same = kernel.rewrite(multiplied, expanded, detail=f"{name[0]} for every column")
    same = kernel.apply(same, *_positive_denominators(col, upper), detail="the denominators are positive for a column in "
                                                                          "[1, e^ε]^k and ε ≥ 0")
    at_pattern = [total(f) for f in (a * sigma[i] * (t0 * p1 - t1 * p0), a * sigma[i] * (p0 - p1))]
    renamed = [kernel.rename(total(p[i] * sigma[i]), i2) for p in (LAW0, LAW1)]
    vertex = kernel.decide(kernel.goal(sympy.Eq(form(pattern_entry(sigma[i])), pattern), laws),
                           *[kernel.linear(t) for t in at_pattern], *renamed, detail=f"{name[1]}: the sums split by linearity")
    return combine(same, vertex, detail=f"{name[0]} for every column, {name[1]}")


def _positive_denominators(col, upper: bool):
    """The denominators of (58) (resp. (63)) are positive, as kernel steps: P1ᵀS ≥ Σ P1 = 1 for S ≥ 1 entrywise, and
    (e^ε − 1)P1(T) + 1 ≥ 1 (resp. with P1(Tᶜ)) since e^ε ≥ 1 for ε ≥ 0 and a set's mass is ≥ 0 (summed term by term,
    then renamed to the set mass's own index i_2)."""
    i, i2, a = INPUT, sympy.Symbol("i_2", integer=True), sympy.exp(_ε) - 1
    span = [i >= 1, i <= SIZE]
    entry = sympy.And(col[i] >= 1, col[i] <= sympy.exp(_ε))
    weighted = kernel.decide(kernel.goal(LAW1[i] * col[i] >= LAW1[i], [*span, entry]), detail="P1(x)S_x ≥ P1(x) for S_x ≥ 1")
    column = kernel.decide(kernel.goal(total(LAW1[i] * col[i]) > 0, [SIZE >= 1, is_law(LAW1), in_cube(col)]),
                           kernel.summed(weighted, i, 1, SIZE), detail="P1ᵀS ≥ Σ P1 = 1 > 0")
    w = TAU[i] if upper else 1 - TAU[i]
    bit = sympy.Or(sympy.Eq(TAU[i], 0), sympy.Eq(TAU[i], 1))
    # P1(x)w_x + P1(x) ≥ P1(x): summed and split, the set's mass is ≥ 0 (a sum of no sign by its form)
    nonneg = kernel.decide(kernel.goal(LAW1[i] * w + LAW1[i] >= LAW1[i], [*span, bit]),
                           detail="P1(x)τ_x ≥ 0 (resp. P1(x)(1 − τ_x))")
    mass = total(LAW1[i2] * w.xreplace({i: i2}), i2)
    value = kernel.decide(kernel.goal(a * mass + 1 > 0, [SIZE >= 1, is_set(), _ε >= 0]),
                          kernel.summed(nonneg, i, 1, SIZE), *splits(total(LAW1[i] * w + LAW1[i]), total(LAW1[i] * w)),
                          kernel.rename(total(LAW1[i] * w), i2), exp_at_least_one(),
                          detail="(e^ε − 1)P1(T) + 1 ≥ 1 for ε ≥ 0" if upper else "(e^ε − 1)P1(Tᶜ) + 1 ≥ 1 for ε ≥ 0")
    return column, value


def _threshold_from_60_65(p0, p1):
    """ε* from the paper's pattern inequalities (60) and (65), solved for a = e^ε − 1 by sympy."""
    k = len(p0)
    T = binary_set(p0, p1)
    a = sympy.Symbol("a", positive=True)
    P0T, P1T = sub(p0, T), sub(p1, T)
    best = sympy.oo
    for A in subsets(k):
        d = sub(p0, A) - sub(p1, A)
        for poly in (a * ((P0T - P1T) - d) + a ** 2 * (P0T * sub(p1, A) - P1T * sub(p0, A)),
                     a * ((P0T - P1T) + (1 + a) * d) + a ** 2 * (P0T * sub(p1, A) - P1T * sub(p0, A))):
            for root in sympy.solve(sympy.expand(poly / a), a):
                if root.is_positive and sympy.expand(poly / a).subs(a, root + 1).is_negative:
                    best = min(best, log(1 + root), key=lambda v: sympy.N(v, 30) if v != sympy.oo else sympy.oo)
    return best


#: "for any pair of distributions P0 and P1" (on the k symbols of the input), every Q ∈ D_ε, ε ≤ ε* = min(ε1, ε2)
_LEMMA_24_DOMAIN = [Laws("P0", "P1", k="k"), LDPChannel("Q", _ε), _ε >= 0, _ε <= sympy.Min(_ε1, _ε2)]


@claim(PAPER, "Lemma 24", "for ε ≤ ε* = min(ε1, ε2) every Q ∈ D_ε has (aP0(Tᶜ)+1)/(aP1(Tᶜ)+1) ≤ M0(y)/M1(y) ≤ "
       "(aP0(T)+1)/(aP1(T)+1), both bounds attained by the binary mechanism",
       domain=_LEMMA_24_DOMAIN, stated_domain='“for ε ≤ ε*” = min(ε1, ε2), every Q ∈ D_ε', stated_where='Section 8.2, Lemma 24',
       quote=(r"Lemma 24 For any pair of distributions P0subscript𝑃0P_{0} and P1subscript𝑃1P_{1}, there exists a "
              r"positive εsuperscript𝜀\varepsilon^{*} that depends on P0subscript𝑃0P_{0} and P1subscript𝑃1P_{1} such "
              r"that for all y𝒴𝑦𝒴y\in\mathcal{Y}, all \ell\in\mathbb{N}, and all "
              r"Q𝒟ε,𝑄subscript𝒟𝜀Q\in\mathcal{D}_{\varepsilon,\ell} with "
              r"εε𝜀superscript𝜀\varepsilon\leq\varepsilon^{*}, we have that "
              r"(eε1)P0(Tc)+1(eε1)P1(Tc)+1M0(y)M1(y)(eε1)P0(T)+1(eε1)P1(T)+1.superscript𝑒𝜀1subscript𝑃0superscript𝑇𝑐1superscript𝑒𝜀1subscript𝑃1superscript𝑇𝑐1subscript𝑀0𝑦subscript𝑀1𝑦superscript𝑒𝜀1subscript𝑃0𝑇1superscript𝑒𝜀1subscript𝑃1𝑇1\frac{\left(e^{\varepsilon}-1\right)P_{0}\left(T^{c}\right)+1}{\left(e^{\varepsilon}-1\right)P_{1}\left(T^{c}\right)+1}\leq\frac{M_{0}(y)}{M_{1}(y)}\leq\frac{\left(e^{\varepsilon}-1\right)P_{0}\left(T\right)+1}{\left(e^{\varepsilon}-1\right)P_{1}\left(T\right)+1}. "
              r"(56) Moreover, the above upper and lower bounds are achieved by the binary mechanism given in (55)."))
def lemma_24():
    flags, cross = [], []
    r = rng(24)
    for p0, p1 in ((A0, A1), (B0, B1), distinct_ratio_pair(r, 3), distinct_ratio_pair(r, 4)):
        e1, e2, star = lemma24_threshold(p0, p1)
        Es = sympy.exp(star)
        # (56) on all patterns at e^ε* exactly and below; columns in the cube are convex combinations
        flags.append(_sandwich(p0, p1, Es))
        flags.append(_sandwich(p0, p1, 1 + (Es - 1) / 2))
        # random non-pattern columns S ∈ [1, e^ε*]^k too
        for _ in range(10):
            col = [1 + (Es - 1) * Q(r.randint(0, 12), 12) for _ in range(len(p0))]
            r_min, r_max = _ratio_bounds(p0, p1, Es)
            v = sum(x * c for x, c in zip(p0, col)) / sum(x * c for x, c in zip(p1, col))
            flags.append(r_min <= v <= r_max)
        # ε* is sharp: just above it some pattern violates (56)
        flags.append(not _sandwich(p0, p1, Es * Q(101, 100)))
        cross.append(exact_agreement(lognorm(star), lognorm(_threshold_from_60_65(p0, p1)),
                                     "library ε* vs the roots of the paper's (60) and (65) (sympy.solve)"))
    cross.append(exact_agreement([lognorm(v) for v in lemma24_threshold(B0, B1)],
                                 [lognorm(log(Q(29, 19))), lognorm(log(9)), lognorm(log(Q(29, 19)))],
                                 "example B: ε1 = ln(29/19), ε2 = ln 9 (catalog §2)"))
    # the bounds are attained by the binary mechanism: its two output ratios are r_max and r_min
    e = Q(3, 2)
    ch = binary_mechanism(log(e), B0, B1)
    m0 = [sum(p * row[y] for p, row in zip(B0, ch.rows)) for y in range(2)]
    m1 = [sum(p * row[y] for p, row in zip(B1, ch.rows)) for y in range(2)]
    r_min, r_max = _ratio_bounds(B0, B1, e)
    cross.append(exact_agreement([m0[0] / m1[0], m0[1] / m1[1]], [r_max, r_min], "binary mechanism attains both bounds"))
    return establish(_lemma_24_steps(), holds(flags, "(56) at e^ε* and below on every pattern and on random columns; "
                                              "violated at 1.01·e^ε* (examples A, B and two random pairs)"), *cross,
                     domain=_LEMMA_24_DOMAIN,
                     uses=["extremal-ldp:lemma-22", "extremal-ldp:lemma-24-eqs-58-60", "extremal-ldp:lemma-24-eqs-63-65",
                           "extremal-ldp:eq-57"],
                     prose_steps=["M0(y)/M1(y) = P0ᵀS/P1ᵀS for the column S ∈ [1, e^ε]^k of Q = SΘ (Lemma 22; θ_y cancels)",
                                  "ε(j) is the largest ε with (60) (resp. (65)) at pattern j, +∞ when that never binds "
                                  "(the corrected proof); ε ≤ ε* = min_j ε(j) puts e^ε − 1 below every e^ε(j) − 1",
                                  "the binary mechanism's output ratios are the two bounds, by its marginals (57)"])


def _lemma_24_steps():
    """(59) and (64) on the whole cube of columns S = 1 + a·u, u ∈ [0, 1]^k, for every k, as kernel steps.

    With t_ν = P_ν(T) (T = {x : P0(x) > P1(x)}, indicator τ) and S_x − 1 = a·u_x, (59) reads
    a(t0 − t1) + aΣ_x u_x c_x with c_x = a(t0 P1(x) − t1 P0(x)) − (P0(x) − P1(x)) (and (64) the
    same with + (1 + a)(P0(x) − P1(x))): affine in u, so for a ≥ 0 it is least at the vertex s (s_x = 1 where
    c_x < 0), a staircase pattern T_j, where it reads (60) (resp. (65)) with j_ν = P_ν(T_j) = Σ s_x P_ν(x).
    There (60) = a(D + ac), D = (t0 − t1) − (j0 − j1), c = t0 j1 − t1 j0, holds for every a ∈ [0, b] once
    D + bc ≥ 0 (Kairouz–Oh–Viswanath, proof of Lemma 24), because D ≥ 0: T maximises P0(A) − P1(A) (the
    best vertex again, c_x = P0(x) − P1(x)). Likewise (65) = a(D' + ac'), D' = (t0 − t1) + (j0 − j1) ≥ 0
    since Tᶜ minimises P0(A) − P1(A) (the maximum applied to the complement pattern), c' = (j0 − j1) + c."""
    i, y, k = sympy.symbols("i y k", integer=True)
    a, b, t0, t1 = sympy.symbols("a b t0 t1", real=True)
    p0, p1 = sympy.IndexedBase("P0", nonnegative=True), sympy.IndexedBase("P1", nonnegative=True)
    u, s, tau = sympy.IndexedBase("u"), sympy.IndexedBase("s"), sympy.IndexedBase("tau")

    def total(f):
        return sympy.Sum(f, (i, 1, k))
    # t_ν under its own index y: the vertex conditions below mention it inside sums over i
    at_T = {t0: sympy.Sum(p0[y] * tau[y], (y, 1, k)), t1: sympy.Sum(p1[y] * tau[y], (y, 1, k))}
    same_T = [kernel.rename(total(p[i] * tau[i]), y) for p in (p0, p1)]
    j0, j1 = total(p0[i] * s[i]), total(p1[i] * s[i])
    laws = [sympy.Eq(total(p0[i]), 1), sympy.Eq(total(p1[i]), 1)]
    in_cube = [u[i] >= 0, u[i] <= 1]
    steps = []
    # a(D + a·c) ≥ 0 for every a ∈ [0, b] once D ≥ 0 and D + b·c ≥ 0, whatever the sign of c: decided in the
    # four numbers (both SMT solvers of the re-check settle it there), then instantiated at each pattern's D, c
    d_, c_ = sympy.symbols("D c", real=True)
    bound = kernel.decide(kernel.goal(a * (d_ + a * c_) >= 0, [d_ >= 0, a >= 0, a <= b, d_ + b * c_ >= 0]),
                          detail="a(D + a c) ≥ 0 for every a ∈ [0, b] once D ≥ 0 and D + b c ≥ 0")
    rate = t0 * j1 - t1 * j0
    # (60) = a(D + a·c) and (65) = a(D' + a·c'): the slope of (P0 − P1) in each, its gap D and rate c
    sides = (("(59) from (60)", -1, (t0 - t1) - (j0 - j1), rate),
             ("(64) from (65)", 1 + a, (t0 - t1) + (j0 - j1), rate + (j0 - j1)))
    for name, slope, gap, rate in sides:
        # (59) (resp. (64)) as the paper writes it, with S_x − 1 = a·u_x: a(t0 − t1) + aΣ_x u_x c_x ≥ 0
        c = a * (t0 * p1[i] - t1 * p0[i]) + slope * (p0[i] - p1[i])
        column = a * (t0 - t1) + a * total(u[i] * c)
        pattern = a * (gap + a * rate)
        least = vertex_bound(c, u[i], in_cube, s[i], i, k, upper=False)
        hyps = [*kernel.fact(least).goal.hypotheses, a >= 0]
        # small steps, so that both SMT solvers of the re-check settle each: the column's value is at least the
        # vertex's, the vertex's sum split by linearity, and that split is the pattern's (60) (resp. (65))
        at_least = kernel.decide(kernel.goal(column >= 0, [*hyps, a * (t0 - t1) + a * total(s[i] * c) >= 0]), least,
                                 detail=f"{name}: affine in the column, least at the vertex")
        split = kernel.rewrite(at_least, kernel.linear(total(s[i] * c)), detail="the vertex's sum split by linearity")
        vertex = next(h for h in kernel.fact(split).goal.hypotheses if h not in hyps and h.has(j0))
        same = kernel.decide(kernel.goal(vertex, [pattern >= 0]), detail="the split vertex sum is the pattern's form")
        on_cube = kernel.apply(split, same, detail=f"{name} at every column once it holds at the vertex pattern")
        on_cube = kernel.instantiate(on_cube, at_T, detail="with t_ν = P_ν(T)")
        # D ≥ 0 (resp. D' ≥ 0): T maximises P0(A) − P1(A) over the patterns A (and over their complements)
        chosen = [_indicator(c.xreplace(at_T), s[i], upper=False)]
        weight = s[i] if slope == -1 else 1 - s[i]
        best = vertex_bound(p0[i] - p1[i], weight, chosen, tau[i], i, k)
        split = [kernel.linear(total(w * (p0[i] - p1[i]))) for w in (weight, tau[i])]
        gap_T, rate_T = gap.xreplace(at_T), rate.xreplace(at_T)
        chosen_hyps = [*kernel.fact(best).goal.hypotheses, *laws]
        positive_gap = kernel.decide(kernel.goal(gap_T >= 0, chosen_hyps), best, *split, *same_T,
                                     detail="D ≥ 0: T maximises P0(A) − P1(A)" if slope == -1 else
                                     "D' ≥ 0: Tᶜ minimises P0(A) − P1(A)")
        at_pattern = kernel.instantiate(bound, {d_: gap_T, c_: rate_T}, detail="at the vertex pattern's D and c")
        # the vertex inequality (60)/(65) is no hypothesis of the result: D ≥ 0, a ≤ b and the threshold give it
        at_vertex = kernel.apply(at_pattern, positive_gap, detail=f"{name}: the vertex inequality, D ≥ 0 given")
        steps.append(kernel.apply(on_cube, at_vertex,
                                  detail=f"{name} at every column for a = e^ε − 1 ∈ [0, b], b = e^ε(j) − 1"))
    return combine(*steps, detail="(59) and (64) on the cube [1, e^ε]^k for every k (kernel steps)")


@claim(PAPER, "Lemma 24 (proof)", "non-binding patterns get ε(j) = +∞, not 0; the printed 'set ε(j) = 0, "
       "ε1 = min_j ε(j)' gives ε* = 0",
       stated_domain='the non-binding patterns in the proof of Lemma 24', stated_where='Section 8.2, proof of Lemma 24',
       quote=(r"On the other hand, it is easy to verify that when Tj=Tsubscript𝑇𝑗𝑇T_{j}=T, we have that "
              r"(eε1){(P0(T)P1(T))(P0(Tj)P1(Tj))\displaystyle\left(e^{\varepsilon}-1\right)\left\{\left(P_{0}\left(T\right)-P_{1}\left(T\right)\right)-\left(P_{0}\left(T_{j}\right)-P_{1}\left(T_{j}\right)\right)\right.~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{} "
              r"+(eε1)(P0(T)P1(Tj)P1(T)P0(Tj))}=0,\displaystyle\left.+\left(e^{\varepsilon}-1\right)\left(P_{0}\left(T\right)P_{1}\left(T_{j}\right)-P_{1}\left(T\right)P_{0}\left(T_{j}\right)\right)\right\}=0, "
              r"(62) for all ε𝜀\varepsilon. In this case, set ε(j)=0𝜀𝑗0\varepsilon(j)=0 and "
              r"ε1=minj[2k]ε(j)subscript𝜀1subscript𝑗delimited-[]superscript2𝑘𝜀𝑗\varepsilon_{1}=\min_{j\in[2^{k}]}\varepsilon(j). "
              r"Therefore, for any \ell\in\mathbb{N} and any Q𝒟ε,𝑄subscript𝒟𝜀Q\in\mathcal{D}_{\varepsilon,\ell}, the "
              r"upper bound in the statement of the lemma holds for all "
              r"εε1𝜀subscript𝜀1\varepsilon\leq\varepsilon_{1}."))
def lemma_24_proof():
    k = 4
    T = binary_set(B0, B1)
    P0T, P1T = sub(B0, T), sub(B1, T)
    printed = []
    for A in subsets(k):
        den = P1T * sub(B0, A) - P0T * sub(B1, A)
        if den > 0:
            printed.append(log(1 + ((P0T - P1T) - (sub(B0, A) - sub(B1, A))) / den))
        else:
            printed.append(sympy.Integer(0))           # "set ε(j) = 0"
    printed_eps1 = min(printed, key=lambda v: sympy.N(v, 30))
    corrected_eps1 = lemma24_threshold(B0, B1)[0]
    corrected = combine(exact_agreement(lognorm(corrected_eps1), lognorm(log(Q(29, 19))),
                                        "ε1 with +∞ for non-binding patterns (example B)"),
                        holds([_sandwich(B0, B1, sympy.exp(corrected_eps1))], "(56) holds at that ε1 > 0"))
    return establish(erratum(sympy.N(printed_eps1) > 0, {"P0": str(B0), "P1": str(B1), "printed eps1": str(printed_eps1),
                                                         "corrected eps1": str(corrected_eps1)}, corrected,
                             "with ε(j) = 0 for non-binding patterns the minimum is 0 and the lemma is vacuous",
                             corrected_statement="ε(j) = +∞ for patterns that never bind; ε1 = min over binding ones",
                             kind="proof gap"),
                     domain="example B")


_THEOREM_5_DOMAIN = [Laws("P0", "P1"), ConvexF("f"), _ε > 0, _ε <= _ε_star]
# no ties: P0(x) ≠ P1(x) at every symbol x (the hypothesis "Theorem 5 (ties)" shows is needed)
_THEOREM_5_DOMAIN_PROOF = _THEOREM_5_DOMAIN + [sympy.Or(_P0x < _P1x, _P0x > _P1x)]


@claim(PAPER, "Theorem 5", "for P0(x) ≠ P1(x) there is ε*(P0,P1) > 0 (Lemma 24) such that for ε ≤ ε* the binary "
       "mechanism (18) maximises every f-divergence D_f(M0‖M1) over D_ε",
       domain=_THEOREM_5_DOMAIN, stated_domain='“for any pair of distributions P0 and P1”, any f-divergence, 0 < ε ≤ ε*', stated_where='Section 3.2, Theorem 5',
       quote=(r"Theorem 5 For any pair of distributions P0subscript𝑃0P_{0} and P1subscript𝑃1P_{1}, there exists a "
              r"positive εsuperscript𝜀\varepsilon^{*} that depends on P0subscript𝑃0P_{0} and P1subscript𝑃1P_{1} such "
              r"that for any f𝑓f-divergences and any positive εε𝜀superscript𝜀\varepsilon\leq\varepsilon^{*}, the "
              r"binary mechanism maximizes the f𝑓f-divergence between the induced marginals over all "
              r"ε𝜀\varepsilon-locally differentially private mechanisms."))
def theorem_5():
    flags = []
    for p0, p1, Es in ((A0, A1, [Q(3, 2), Q(2), Q(3)]), (B0, B1, [Q(11, 10), Q(6, 5), Q(29, 19)])):
        T = binary_set(p0, p1)
        for e in Es:
            for u in _all_f(p0, p1):
                flags.append(binary_is_optimal(log(e), u, T))
    stmt = holds(flags, "binary optimal (exact LP comparison) for KL, reverse KL, symmetric KL, χ², squared "
                 "Hellinger, TV, E_1.1, f = (4/5 − x)₊ at e^ε ∈ {3/2, 2, 3 = e^ε*} (A), {11/10, 6/5, 29/19 = e^ε*} (B)")
    # ε* is the exact universal threshold: just above it a hockey-stick f separates (Blackwell)
    e = Q(8, 5)
    _, r_max = _ratio_bounds(B0, B1, e)
    u = utility.e_gamma(r_max, B0, B1)
    opt = optimal_mechanism(log(e), u).value
    bin_ = u(binary_mechanism(log(e), B0, B1))
    cross = exact_agreement([int(sign(opt) > 0), bin_], [1, 0], f"example B at e^ε = 8/5 > 29/19: E_γ with "
                            f"γ = r_max = {r_max} has OPT = {sympy.N(opt, 12)} > 0 = BIN")
    return establish(_theorem_5_steps(), stmt, cross,
                     domain=_THEOREM_5_DOMAIN_PROOF,
                     uses=["extremal-ldp:lemma-24", "extremal-ldp:eq-57"],
                     prose_steps=["Lemma 24: for ε ≤ ε* every output ratio r_y = M0(y)/M1(y) lies in [r_min, r_max]",
                                  "convexity of f: f(r) ≤ [(r_max − r)f(r_min) + (r − r_min)f(r_max)]/(r_max − r_min) "
                                  "for r ∈ [r_min, r_max]; outputs with M1(y) = 0 have M0(y) = 0 (ε-LDP) and add nothing",
                                  "without ties T is the only maximiser of P0(A) − P1(A) and Tᶜ the only minimiser, so "
                                  "D > 0 at every pattern other than T (resp. Tᶜ), where c = 0; r_max = r_min only if "
                                  "P0 = P1, where every mechanism gives f(1)"])


def _theorem_5_steps():
    """Theorem 5 from Lemma 24 (Kairouz–Oh–Viswanath, Section 8.1, by a chord instead of Blackwell's theorem): with
    w_y = M1(y), Σ w_y = 1 and Σ w_y r_y = Σ M0(y) = 1, the chord bound sums to
    [(r_max − 1)f(r_min) + (1 − r_min)f(r_max)]/(r_max − r_min), which is the binary mechanism's D_f: its outputs have
    ratios r_max, r_min with M1(0)(r_max − r_min) = 1 − r_min (marginals (57), u_ν = P_ν(T), a = e^ε − 1). And ε* > 0:
    a pattern's threshold −D/c is positive when D > 0 > c; the patterns T (for (60)) and Tᶜ (for (65)) have c = 0."""
    a, u0, u1, fmin, fmax, W, R = sympy.symbols("a u0 u1 f_min f_max W R", real=True)
    r_max, r_min = (a * u0 + 1) / (a * u1 + 1), (a * (1 - u0) + 1) / (a * (1 - u1) + 1)
    m1 = [(a * u1 + 1) / (a + 2), (a * (1 - u1) + 1) / (a + 2)]                     # M1(0), M1(1); e^ε + 1 = a + 2
    chord_sum = sympy.expand((r_max * W - R) * fmin + (R - r_min * W) * fmax).subs({W: 1, R: 1})
    binary = identity([m1[0] + m1[1], m1[0] * r_max + m1[1] * r_min,
                       (m1[0] * fmax + m1[1] * fmin) * (r_max - r_min)],
                      [1, 1, chord_sum], "the binary mechanism: Σ M1 = 1, Σ M1 r = 1, and D_f(binary)(r_max − r_min) = "
                      "(r_max − 1)f(r_min) + (1 − r_min)f(r_max) (u_ν = P_ν(T), symbolic)")
    t0, t1, d, c = sympy.symbols("t0 t1 D c", real=True)
    flat = identity([t0 * t1 - t1 * t0, (t1 - t0) + t0 * (1 - t1) - t1 * (1 - t0)], [0, 0],
                    "c = t0 j1 − t1 j0 vanishes at T_j = T; c' = (j0 − j1) + c vanishes at T_j = Tᶜ")
    positive = real_closed(-d / c, [d, c], [d > 0, c < 0], "D > 0 > c ⇒ the pattern's threshold −D/c > 0")
    return grouped("Lemma 24's sandwich, a chord of f, and ε* > 0 without ties", binary, flat, positive)


@claim(PAPER, "Theorem 5 (ties)", "with P0(x) = P1(x) for some x no binary mechanism is optimal for all f at any "
       "ε > 0: the hypothesis P0(x) ≠ P1(x) is needed",
       stated_domain='“for any pair of distributions P0 and P1” (as printed, ties allowed)', stated_where='Section 3.2, Theorem 5',
       quote=(r"Theorem 5 For any pair of distributions P0subscript𝑃0P_{0} and P1subscript𝑃1P_{1}, there exists a "
              r"positive εsuperscript𝜀\varepsilon^{*} that depends on P0subscript𝑃0P_{0} and P1subscript𝑃1P_{1} such "
              r"that for any f𝑓f-divergences and any positive εε𝜀superscript𝜀\varepsilon\leq\varepsilon^{*}, the "
              r"binary mechanism maximizes the f𝑓f-divergence between the induced marginals over all "
              r"ε𝜀\varepsilon-locally differentially private mechanisms."))
def theorem_5_ties():
    e = Q(101, 100)
    T_paper = binary_set(TIE0, TIE1)                   # ties go into T: {x1, x3}
    kl_u, rkl_u = utility.kl(TIE0, TIE1), utility.reverse_kl(TIE0, TIE1)
    opt_kl = optimal_mechanism(log(e), kl_u).value
    paper_kl = kl_u(binary_mechanism(log(e), TIE0, TIE1))
    opt_r = optimal_mechanism(log(e), rkl_u).value
    other_r = rkl_u(binary_mechanism(log(e), TIE0, TIE1, T=[0]))
    printed = binary_is_optimal(log(e), kl_u, T_paper) and binary_is_optimal(log(e), rkl_u, [0])
    corrected = combine(exact_agreement(lognorm(lemma24_threshold(TIE0, TIE1)[2]), 0,
                                        "the corrected Lemma 24 gives ε* = 0 for this tie (no universal regime)"),
                        holds([binary_is_optimal(log(Q(2)), u, binary_set(A0, A1)) for u in (utility.kl(A0, A1),
                               utility.reverse_kl(A0, A1))], "without ties (example A, e^ε = 2) one binary mechanism "
                              "serves KL and reverse KL"))
    return establish(erratum(printed, {"P0": str(TIE0), "P1": str(TIE1), "e^eps": str(e),
                                       "OPT_KL": str(sympy.N(opt_kl, 16)), "BIN_KL(T={x1,x3})": str(sympy.N(paper_kl, 16)),
                                       "OPT_revKL": str(sympy.N(opt_r, 16)), "BIN_revKL(T={x1})": str(sympy.N(other_r, 16))},
                             corrected, "KL needs T = {x1} and reverse KL needs T = {x1, x3}",
                             corrected_statement="Theorem 5 holds under P0(x) ≠ P1(x) for all x", kind="substantive"),
                     domain="the tie instance at e^ε = 101/100")


# --------------------------------------------------------------------------------------------
# Theorem 6, Corollary 11 (TV), Theorem 7, Lemma 25


def _binary_tv():
    """The binary mechanism's TV from its marginals (57): with p = P0(T) ≥ q = P1(T),
    ‖M0 − M1‖_TV = M0(0) − M1(0) = (e^ε − 1)/(e^ε + 1)·(p − q)."""
    p, q = sympy.symbols("p q", positive=True)
    m0, m1 = ((E - 1) * p + 1) / (E + 1), ((E - 1) * q + 1) / (E + 1)
    tv_bin = (m0 - m1 + ((1 - m0) - (1 - m1)) * -1) / 2   # |M0(0)−M1(0)| = M0(0)−M1(0) when p ≥ q
    return identity(tv_bin, (E - 1) / (E + 1) * (p - q), "binary TV from the marginals (57) = (e^ε−1)/(e^ε+1)(P0(T)−P1(T))")


#: q_i = Q(B|x_i) for an output event B of an ε-LDP channel (no sign assumed: the steps need none)
_EVENT = sympy.IndexedBase("q")


def _event_relations():
    """What the bound at one output event B uses of an ε-LDP channel (Kairouz–Oh–Viswanath, Section 3.5): q_i = Q(B|x_i)
    ≤ 1 lies between its least value q_{i0} and its largest q_{i2}, and ε-LDP holds at B and at Bᶜ between x_{i0} and
    x_{i2}."""
    i, i0, i2, x, q = INPUT, ROW0, ROW2, sympy.exp(_ε), _EVENT
    return [kernel.Every(sympy.And(q[i0] <= q[i], q[i] <= q[i2], q[i] <= 1), (i, 1, SIZE)), q[i2] <= x * q[i0],
            1 - q[i0] <= x * (1 - q[i2])]


#: the binary mechanism's marginals M_ν(y) = Σ_x P_ν(x)Q(y|x) (2), named
_BIN_M = {(law, y): sympy.Symbol(f"M_{law.name[-1]}({y})", real=True) for law in (LAW0, LAW1) for y in (0, 1)}


def _in_T(i):
    """τ_i is the indicator of T = {x : P0(x) ≥ P1(x)} (the binary mechanism's set, (18)) at x_i."""
    d = LAW0[i] - LAW1[i]
    return sympy.Or(sympy.And(sympy.Eq(TAU[i], 1), d >= 0), sympy.And(sympy.Eq(TAU[i], 0), d < 0))


#: The objects the goals of Theorem 6 and Corollary 11 quantify: the laws as sequences, any output event B of an
#: ε-LDP channel with the inputs x_{i0}, x_{i2} where Q(B|·) is least and largest, and the binary mechanism's set T
_TV_OBJECTS = [is_law(LAW0), is_law(LAW1), Integer("i_0"), Integer("i_2"), *_event_relations(), is_set(),
               kernel.Every(_in_T(INPUT), (INPUT, 1, SIZE))]
_THEOREM_6_DOMAIN = [Laws("P0", "P1", k="k"), _ε >= 0, *_TV_OBJECTS]


@claim(PAPER, "Theorem 6", "for all P0, P1 and ε ≥ 0 the binary mechanism maximises ‖M0 − M1‖_TV; dual (70) gives "
       "1ᵀα* = (e^ε−1)/(e^ε+1)·‖P0 − P1‖_TV (71)",
       domain=_THEOREM_6_DOMAIN, stated_domain='“for any pair of distributions P0 and P1 and any ε”', stated_where='Section 3.2, Theorem 6',
       quote=(r"Theorem 6 For any pair of distributions P0subscript𝑃0P_{0} and P1subscript𝑃1P_{1}, and any "
              r"ε0𝜀0\varepsilon\geq 0, the binary mechanism maximizes the total variation distance between the "
              r"induced marginals M0subscript𝑀0M_{0} and M1subscript𝑀1M_{1} among all ε𝜀\varepsilon-locally "
              r"differentially private mechanisms."))
def theorem_6():
    r = rng(6)
    vals, refs, flags = [], [], []
    for k in (2, 3, 4, 5):
        for _ in range(2):
            p0, p1 = random_law(r, k), random_law(r, k)
            for e in (Q(1), Q(11, 10), Q(3), Q(100)):
                u = utility.tv(p0, p1)
                vals.append(optimal_mechanism(log(e), u).value)
                refs.append((e - 1) / (e + 1) * tv(p0, p1))
                vals.append(u(binary_mechanism(log(e), p0, p1)))
                refs.append((e - 1) / (e + 1) * tv(p0, p1))
                alpha = [(e - 1) / (e + 1) * abs(a - b) / 2 for a, b in zip(p0, p1)]
                flags.append(all(s >= 0 for s in dual_slacks(log(e), u, alpha)))
                flags.append(sum(alpha) == (e - 1) / (e + 1) * tv(p0, p1))
    stmt = exact_agreement(vals, refs, "exact LP optimum and binary TV vs (e^ε−1)/(e^ε+1)·TV; k = 2..5, "
                           "e^ε ∈ {1, 11/10, 3, 100}")
    # every ε-LDP mechanism has M0(B) − M1(B) ≤ (e^ε−1)/(e^ε+1)‖P0 − P1‖_TV at every event B, and the binary mechanism
    # reaches it at B = {0} (Corollary 11's two goals); the dual (70) sums to the same value (71), by linearity
    i, x = INPUT, sympy.exp(_ε)
    dual = kernel.linear(total((x - 1) / (x + 1) * sympy.Abs(LAW0[i] - LAW1[i]) / 2))
    optimal = kernel.combine(kernel.lemma("extremal-ldp:corollary-11", _event_spread_goal()[0]),
                             kernel.lemma("extremal-ldp:corollary-11", _binary_attains_goal()),
                             detail="the binary mechanism attains the bound every ε-LDP mechanism obeys")
    return establish(combine(optimal, dual, detail="Theorem 6 and the dual's value (71)"), stmt,
                     holds(flags, "dual (70) feasible on all 2^k patterns, and (71)"),
                     domain=_THEOREM_6_DOMAIN, uses=["extremal-ldp:corollary-11"])


_COROLLARY_11_DOMAIN = [LDPChannel("Q", _ε, k="k"), Laws("P0", "P1", k="k"), _ε >= 0, *_TV_OBJECTS]


@claim(PAPER, "Corollary 11", "‖M0 − M1‖_TV ≤ (e^ε−1)/(e^ε+1)·‖P0 − P1‖_TV for every ε-LDP Q, with equality for the "
       "binary mechanism (eq. 79)",
       domain=_COROLLARY_11_DOMAIN, stated_domain='“for any ε-locally differentially private mechanism Q”', stated_where='Section 3.5, Corollary 11',
       quote=(r"Corollary 11 For any ε0𝜀0\varepsilon\geq 0, let Q𝑄Q be any conditional distribution that guarantees "
              r"ε𝜀\varepsilon-local differential privacy. Then, for any pair of distributions P0subscript𝑃0P_{0} and "
              r"P1subscript𝑃1P_{1}, the induced marginals M0subscript𝑀0M_{0} and M1subscript𝑀1M_{1} satisfy the "
              r"bound "
              r"M0M1TV((eε1)/(eε+1))P0P1TV,subscriptnormsubscript𝑀0subscript𝑀1TVsuperscript𝑒𝜀1superscript𝑒𝜀1subscriptnormsubscript𝑃0subscript𝑃1TV\big{\|}M_{0}-M_{1}\big{\|}_{\rm "
              r"TV}\leq(({e^{\varepsilon}-1)}/({e^{\varepsilon}+1}))\,\big{\|}P_{0}-P_{1}\big{\|}_{\rm TV}\;, and "
              r"equality is achieved by the binary mechanism. This follows from Theorem 6 and explicitly computing "
              r"the total variation achieved by the binary mechanism."))
def corollary_11():
    r = rng(11)
    flags = []
    for _ in range(6):
        p0, p1 = random_law(r, 4), random_law(r, 4)
        e = Q(r.randint(11, 60), 10)
        flags.append(optimal_mechanism(log(e), utility.tv(p0, p1)).value == (e - 1) / (e + 1) * tv(p0, p1))
    return establish(combine(_event_spread(), _binary_attains(), detail="the bound at every event, attained at {0} by the "
                                                                        "binary mechanism"),
                     holds(flags, "the certified LP optimum equals the bound (random k = 4)"),
                     domain=_COROLLARY_11_DOMAIN, uses=["extremal-ldp:eq-57"])


def _event_spread_goal():
    """Corollary 11's bound at one output event B (Kairouz–Oh–Viswanath, Section 3.5): q_i = Q(B|x_i) ∈ [0, 1] lies in
    [a, b] with a = Q(B|x_{i0}), b = Q(B|x_{i2}) its least and largest value; ε-LDP at B and at Bᶜ between those two
    inputs. Then M0(B) − M1(B) = Σ_i (P0(x_i) − P1(x_i))q_i ≤ (e^ε − 1)/(e^ε + 1)·‖P0 − P1‖_TV, ‖P0 − P1‖_TV =
    ½Σ_i |P0(x_i) − P1(x_i)|. Every event B: the supremum over B of M0(B) − M1(B) is ‖M0 − M1‖_TV."""
    i, x, q = INPUT, sympy.exp(_ε), _EVENT
    d = LAW0[i] - LAW1[i]
    tv = total(sympy.Abs(d)) / 2
    hyps = [SIZE >= 1, is_law(LAW0), is_law(LAW1), *_event_relations()]
    return kernel.goal(total(LAW0[i] * q[i]) - total(LAW1[i] * q[i]) <= (x - 1) / (x + 1) * tv, hyps), q


def _event_spread():
    """Kernel steps for :func:`_event_spread_goal`: (q_i − a)d_i ≤ (b − a)·max(d_i, 0) for a ≤ q_i ≤ b, summed and split by
    linearity, with Σ_i d_i = 0 (two laws) turning Σ q_i d_i into Σ (q_i − a)d_i and Σ max(d_i, 0) into ½Σ|d_i|; the
    spread b − a ≤ (e^ε − 1)/(e^ε + 1) from b ≤ e^ε a and 1 − a ≤ e^ε(1 − b) (LDP at B and Bᶜ), decided in x = e^ε."""
    goal, q = _event_spread_goal()
    i, i0, i2 = INPUT, ROW0, ROW2
    a, b, d = q[i0], q[i2], LAW0[i] - LAW1[i]
    span = [i >= 1, i <= SIZE]
    box = sympy.And(q[i0] <= q[i], q[i] <= q[i2], q[i] <= 1)
    below = kernel.decide(kernel.goal((q[i] - a) * d <= (b - a) * sympy.Max(d, 0), [*span, box]),
                          detail="(q_i − a)d_i ≤ (b − a)max(d_i, 0) for a ≤ q_i ≤ b")
    half = kernel.decide(kernel.goal(sympy.Eq(sympy.Max(d, 0), (sympy.Abs(d) + d) / 2), span),
                         detail="max(d, 0) = (|d| + d)/2")
    # Σ max(d_i, 0) ≥ Σ d_i = 0 (sympy reads max(d, 0) ≥ 0 as True, which no sum rule takes)
    positive = kernel.decide(kernel.goal(sympy.Max(d, 0) >= d, span), detail="max(d, 0) ≥ d")
    xs, u, v = sympy.symbols("x a b", real=True)
    spread = kernel.decide(kernel.goal(v - u <= (xs - 1) / (xs + 1), [xs >= 1, v <= xs * u, 1 - u <= xs * (1 - v)]),
                           detail="b − a ≤ (e^ε − 1)/(e^ε + 1) from ε-LDP at B and Bᶜ")
    spread = kernel.instantiate(at_exp(spread, xs), {u: a, v: b}, [_ε >= 0, b <= sympy.exp(_ε) * a,
                                                                   1 - a <= sympy.exp(_ε) * (1 - b)],
                                detail="at the least and largest Q(B|x)")
    sums = [total(f) for f in ((q[i] - a) * d, (b - a) * sympy.Max(d, 0), (sympy.Abs(d) + d) / 2, d)]
    return kernel.decide(goal, kernel.summed(below, i, 1, SIZE), kernel.summed(half, i, 1, SIZE),
                         kernel.summed(positive, i, 1, SIZE), *[kernel.linear(t) for t in sums], spread,
                         detail="M0(B) − M1(B) ≤ (e^ε − 1)/(e^ε + 1)‖P0 − P1‖_TV for every event B")


def _binary_attains_goal():
    """The binary mechanism with T = {x : P0(x) ≥ P1(x)} at the event {0}: M0(0) − M1(0) = (e^ε − 1)/(e^ε + 1)‖P0 − P1‖_TV."""
    i, x = INPUT, sympy.exp(_ε)
    q0, _ = binary_rows()
    d = LAW0[i] - LAW1[i]
    hyps = [SIZE >= 1, is_law(LAW0), is_law(LAW1), is_set(), kernel.Every(_in_T(i), (i, 1, SIZE)), _ε >= 0]
    return kernel.goal(sympy.Eq(total(LAW0[i] * q0) - total(LAW1[i] * q0), (x - 1) / (x + 1) * total(sympy.Abs(d)) / 2),
                       hyps)


def _binary_attains():
    """Kernel steps for :func:`_binary_attains_goal`: the marginals (57), P0(T) − P1(T) = Σ_i τ_i d_i = Σ_i max(d_i, 0)
    (τ picks the positive part), and Σ max(d_i, 0) = ½Σ|d_i| since Σ d_i = 0."""
    i = INPUT
    d = LAW0[i] - LAW1[i]
    span = [i >= 1, i <= SIZE]
    positive = kernel.decide(kernel.goal(sympy.Eq(TAU[i] * d, sympy.Max(d, 0)), [*span, _in_T(i)]),
                             detail="τ_i d_i = max(d_i, 0): T holds the inputs where P0 ≥ P1")
    half = kernel.decide(kernel.goal(sympy.Eq(sympy.Max(d, 0), (sympy.Abs(d) + d) / 2), span),
                         detail="max(d, 0) = (|d| + d)/2")
    marginals = [kernel.lemma("extremal-ldp:eq-57", binary_marginal_goal(law)) for law in (LAW0, LAW1)]
    sums = [total(f) for f in (TAU[i] * d, (sympy.Abs(d) + d) / 2)]
    return kernel.decide(_binary_attains_goal(), *marginals, kernel.summed(positive, i, 1, SIZE),
                         kernel.summed(half, i, 1, SIZE), *[kernel.linear(t) for t in sums], exp_at_least_one(),
                         detail="the binary mechanism attains the bound at the event {0} (eq. 79)")




#: Lemma 25's objects (Kairouz–Oh–Viswanath, Section 8.5): the ε-LDP channel Q[i, y] = Q(y|x_i) with k inputs and l
#: outputs, the laws P0, P1 on its inputs, for every output y the least entry q[y] = min_i Q(y|x_i) of its column (at
#: most the entry of x_1; every entry lies in [q(y), e^ε q(y)], ε-LDP against the least), input x_1's row summing to 1,
#: the marginals M_ν(y) = Σ_i P_ν(x_i)Q(y|x_i) (2), and the sum of the two divergences D_kl (3) named (a sum over the
#: outputs). Any output: q(y) ≥ 0 and M_ν(y) ≥ 0. By Claim 1 a column is zero or positive, and a zero column (an output
#: no input emits, M0(y) = M1(y) = 0) adds 0·log(0/0) = 0 to (3) by convention (:func:`_convention`)
_L25_Y, _L25_L = OUT, sympy.Symbol("l", integer=True)
_L25_Q, _L25_MIN = CHANNEL, sympy.IndexedBase("q")
_L25_M = {LAW0: sympy.IndexedBase("M0"), LAW1: sympy.IndexedBase("M1")}


def _l25_column(x, emitted=True):
    """Output y's column (see the objects above), with x = e^ε: an emitted output (q(y) > 0, M_ν(y) > 0, the proof's
    per-output bounds), or with `emitted` False any output (q(y) ≥ 0, M_ν(y) ≥ 0: the paper's, a zero column allowed)."""
    i, y, Qc, q = INPUT, _L25_Y, _L25_Q, _L25_MIN
    sign = sympy.StrictGreaterThan if emitted else sympy.GreaterThan
    return [sign(q[y], 0), q[y] <= Qc[1, y], kernel.Every(sympy.And(q[y] <= Qc[i, y], Qc[i, y] <= x * q[y]), (i, 1, SIZE)),
            *[sympy.Eq(_L25_M[p][y], total(p[i] * Qc[i, y])) for p in (LAW0, LAW1)],
            *[sign(_L25_M[p][y], 0) for p in (LAW0, LAW1)]]


def _convention(term):
    """Output y's term of a divergence (3) with the convention 0·log(0/0) = 0: the term where both marginals are
    positive, 0 where one is 0. For an ε-LDP Q both are 0 there (a column is zero or positive, and M_ν(y) ≥ q(y) > 0
    at a positive one: the proof's q(y) ≤ M_ν(y) ≤ e^ε q(y)), so at every point of the domain this is (3)'s term; the
    two-branch case split is defined everywhere (M0(y)·M1(y) > 0 selects the logarithms only where they are defined)."""
    m0, m1 = _L25_M[LAW0][_L25_Y], _L25_M[LAW1][_L25_Y]
    return sympy.Piecewise((term, m0 * m1 > 0), (0, True))


def _l25_divergences():
    """D_kl(M0‖M1) + D_kl(M1‖M0) by (3), one sum over the outputs (an output no input emits adds 0)."""
    y, m0, m1 = _L25_Y, _L25_M[LAW0][_L25_Y], _L25_M[LAW1][_L25_Y]
    return sympy.Sum(_convention(m0 * log(m0 / m1) + m1 * log(m1 / m0)), (y, 1, _L25_L))


def _l25_tv():
    return total(sympy.Abs(LAW0[INPUT] - LAW1[INPUT])) / 2


_LEMMA_25_DOMAIN = [LDPChannel("Q", _ε, k="k", l="l"), Laws("P0", "P1", k="k"), _ε >= 0, is_law(LAW0), is_law(LAW1),
                    sympy.Eq(sympy.Sum(_L25_Q[1, _L25_Y], (_L25_Y, 1, _L25_L)), 1),
                    kernel.Every(sympy.And(*_l25_column(sympy.exp(_ε), emitted=False)), (_L25_Y, 1, _L25_L)),
                    named("D_kl(M0||M1) + D_kl(M1||M0)", _l25_divergences())]


@claim(PAPER, "Lemma 25", "D(M0‖M1) + D(M1‖M0) ≤ 4(e^ε−1)²‖P0 − P1‖²_TV for every ε-LDP Q (Duchi et al.)",
       domain=_LEMMA_25_DOMAIN, stated_domain='every ε-LDP Q, any P0, P1 (Duchi et al.)', stated_where='Section 8.5, Lemma 25',
       quote=(r"Lemma 25 For any ε0𝜀0\varepsilon\geq 0, let Q𝑄Q be any conditional distribution that guarantees "
              r"ε𝜀\varepsilon differential privacy. Then for any pair of distributions P0subscript𝑃0P_{0} and "
              r"P1subscript𝑃1P_{1}, the induced marginals M0subscript𝑀0M_{0} and M1subscript𝑀1M_{1} must satisfy the "
              r"bound Dkl(M0||M1)+Dkl(M1||M0)4(eε1)2P0P1TV2.D_{\rm kl}\big{(}M_{0}||M_{1}\big{)}+D_{\rm "
              r"kl}\big{(}M_{1}||M_{0}\big{)}\leq "
              r"4\left(e^{\varepsilon}-1\right)^{2}\big{\|}P_{0}-P_{1}\big{\|}^{2}_{\rm TV}. (93)"))
def lemma_25():
    r = rng(25)
    flags = []
    for k in (3, 4):
        for _ in range(3):
            p0, p1 = random_law(r, k), random_law(r, k)
            for e in (Q(11, 10), Q(2), Q(10)):
                opt = optimal_mechanism(log(e), utility.symmetric_kl(p0, p1)).value
                flags.append(sign(4 * (e - 1) ** 2 * tv(p0, p1) ** 2 - opt) >= 0)
                flags.append(sign((e - 1) ** 2 * tv(p0, p1) ** 2 - opt) >= 0)      # the proof's sharper constant 1
    x = sympy.Symbol("x", real=True)
    sharper, hyps = _lemma_25_steps(x)
    paper = kernel.decide(kernel.goal(_l25_divergences() <= 4 * (x - 1) ** 2 * _l25_tv() ** 2, hyps), sharper,
                          detail="(93): the constant 4 of the statement")
    return establish(at_exp(paper, x), holds(flags, "the certified optimum of the symmetrised KL against the bound (93) "
                                              "and against the proof's (e^ε−1)²‖P0 − P1‖²_TV"),
                     domain=_LEMMA_25_DOMAIN)


def _l25_output(x):
    """Output y's bounds in Lemma 25's proof (Kairouz–Oh–Viswanath, Section 8.5), kernel steps in x = e^ε: with q = q(y)
    and d_i = P0(x_i) − P1(x_i), Σ_i d_i = 0: M0(y) − M1(y) = Σ_i (Q(y|x_i) − q)d_i, and 0 ≤ Q(y|x_i) − q ≤ (x − 1)q gives
    ±(M0(y) − M1(y)) ≤ (x − 1)q·Σ_i max(±d_i, 0) = (x − 1)q‖P0 − P1‖_TV; q ≤ M_ν(y) ≤ xq; q ≤ Q(y|x_1). Returns the
    hypotheses at y and the three steps."""
    i, k, y, l, Qc, q = INPUT, SIZE, _L25_Y, _L25_L, _L25_Q, _L25_MIN
    m0, m1 = _L25_M[LAW0][y], _L25_M[LAW1][y]
    d, tv_ = LAW0[i] - LAW1[i], _l25_tv()
    span_i = [i >= 1, i <= k]
    box = [q[y] <= Qc[i, y], Qc[i, y] <= x * q[y], x >= 1]
    spread = [((Qc[i, y] - q[y]) * d, (x - 1) * q[y] * (sympy.Abs(d) + d) / 2),
              (-(Qc[i, y] - q[y]) * d, (x - 1) * q[y] * (sympy.Abs(d) - d) / 2)]
    pointwise = [kernel.decide(kernel.goal(a <= b, [*span_i, *box]), detail="(Q(y|x_i) − q)(±d_i) ≤ (x − 1)q·max(±d_i, 0)")
                 for a, b in spread]
    between = [kernel.decide(kernel.goal(g, [*span_i, *box]), detail="P_ν(x_i)q ≤ P_ν(x_i)Q(y|x_i) ≤ P_ν(x_i)xq")
               for p in (LAW0, LAW1) for g in (p[i] * q[y] <= p[i] * Qc[i, y], p[i] * Qc[i, y] <= p[i] * x * q[y])]
    setting = [k >= 1, is_law(LAW0), is_law(LAW1), x >= 1, y >= 1, y <= l, *_l25_column(x)]
    c = (x - 1) * tv_
    gaps = [kernel.decide(kernel.goal(g, setting), *[kernel.summed(s, i, 1, k) for s in pointwise],
                          *splits(*[total(f) for pair in spread for f in pair]),
                          detail="±(M0(y) − M1(y)) ≤ (x − 1)q(y)‖P0 − P1‖_TV") for g in (m0 - m1 <= c * q[y], m1 - m0 <= c * q[y])]
    lower = [kernel.decide(kernel.goal(q[y] <= _L25_M[p][y], setting), kernel.summed(between[2 * n], i, 1, k),
                           *splits(total(p[i] * q[y])), detail="q(y) ≤ M_ν(y)") for n, p in enumerate((LAW0, LAW1))]
    positive = kernel.decide(kernel.goal(q[y] > 0, setting), detail="q(y) > 0")
    first = kernel.decide(kernel.goal(q[y] <= Qc[1, y], [y >= 1, y <= l, *_l25_column(x)]), detail="q(y) ≤ Q(y|x_1)")
    return setting, gaps, lower, positive, first


def _l25_term(x, generic, a, b, m, shift):
    """Output y's term bounded: `generic` (over positive a, b, m ≤ min(a, b): a term ≤ (a − b)²/m + shift(a, b)) at
    M0(y), M1(y), q(y), then (M0(y) − M1(y))²/q(y) ≤ (x − 1)²‖P0 − P1‖²_TV q(y) from the gap bounds (a lemma over reals:
    |d| ≤ cq, q > 0 ⇒ d²/q ≤ c²q). Modus ponens and transitivity (no solver) carry Lemma 25's per-output bounds."""
    y, q = _L25_Y, _L25_MIN
    m0, m1 = _L25_M[LAW0][y], _L25_M[LAW1][y]
    setting, gaps, lower, positive, first = _l25_output(x)
    at_y = kernel.apply(kernel.instantiate(generic, {a: m0, b: m1, m: q[y]}, [q[y] > 0, q[y] <= m0, q[y] <= m1],
                                           detail="at M0(y), M1(y), q(y)"), positive, *lower, detail="q(y) ≤ min(M0(y), M1(y))")
    d, c, z = sympy.symbols("d c s", real=True)
    r = sympy.Symbol("r", positive=True)
    square = kernel.decide(kernel.goal(d ** 2 / r + z <= c ** 2 * r + z, [d <= c * r, -d <= c * r]),
                           detail="|d| ≤ cr, r > 0 ⇒ d²/r ≤ c²r")
    cq = ((x - 1) * _l25_tv(), q[y])
    square = kernel.instantiate(square, {d: m0 - m1, c: cq[0], z: shift.subs({a: m0, b: m1}), r: cq[1]},
                                [q[y] > 0, m0 - m1 <= cq[0] * cq[1], m1 - m0 <= cq[0] * cq[1]],
                                detail="at d = M0(y) − M1(y), c = (x − 1)‖P0 − P1‖_TV, r = q(y)")
    square = kernel.apply(square, positive, *gaps, detail="the gap bounds")
    return setting, kernel.chain(at_y, square, detail="output y's term"), first


def _log_lemma(a, b, m, log_bound, bound, hypotheses, detail):
    """lhs(a, b) ≤ bound for positive a, b, m under `hypotheses`, from a(log a − log b) ≥ a − b and b(log b − log a) ≥
    b − a (log r ≥ 1 − 1/r): a real-arithmetic lemma over u = log a − log b, instantiated and applied (its hypotheses
    are the two log bounds as written), then lhs = (its form in u) with log(a/b) = log a − log b (no division by a)."""
    u = sympy.Symbol("u", real=True)
    lhs_u, lhs = log_bound
    over_u = kernel.decide(kernel.goal(lhs_u <= bound, [*hypotheses, a * u >= a - b, b * u <= a - b]), detail=detail)
    la, lb = log(a), log(b)
    upper = kernel.decide(kernel.goal(b * (la - lb) <= a - b, []), log_ratio(b, a, []), detail="log a − log b ≤ (a − b)/b")
    at_logs = kernel.apply(kernel.instantiate(over_u, {u: la - lb}, [*hypotheses, a * (la - lb) >= a - b, b * (la - lb) <= a - b],
                                              detail="at u = log a − log b"), log_ratio(a, b, []), upper, detail="log r ≥ 1 − 1/r")
    quotients = [kernel.fact(identity(log(v / w), log(v) - log(w), "log(v/w) = log v − log w")) for v, w in ((a, b), (b, a))]
    same = kernel.decide(kernel.goal(sympy.Eq(lhs, lhs_u.subs(u, la - lb)), []), *quotients, detail="log(a/b) = log a − log b")
    return kernel.chain(same, at_logs, detail=detail)


def _l25_any_output(x, term, expr, bound):
    """Output y's bound for any output of the paper's domain (q(y) ≥ 0, a zero column allowed), from `term` (the bound
    expr ≤ bound at an emitted output, :func:`_l25_term`): q(y) ≤ M_ν(y) ≤ x·q(y) (P_ν(x_i)q ≤ P_ν(x_i)Q(y|x_i) ≤
    P_ν(x_i)xq summed over the inputs, Σ_i P_ν(x_i) = 1), so M0(y)·M1(y) > 0 forces q(y) > 0 and M_ν(y) > 0, where
    `term` gives the bound; otherwise the convention's term is 0 and q(y) = M0(y) = M1(y) = 0, where `bound` is 0 or
    more. Returns the hypotheses at y and the convention's term bounded, and q(y) ≤ Q(y|x_1) there."""
    i, k, y, l, Qc, q = INPUT, SIZE, _L25_Y, _L25_L, _L25_Q, _L25_MIN
    span_i = [i >= 1, i <= k]
    box = [q[y] <= Qc[i, y], Qc[i, y] <= x * q[y], x >= 1]
    setting = [k >= 1, is_law(LAW0), is_law(LAW1), x >= 1, y >= 1, y <= l, *_l25_column(x, emitted=False)]
    sides = []
    for p in (LAW0, LAW1):
        low = kernel.decide(kernel.goal(p[i] * q[y] <= p[i] * Qc[i, y], [*span_i, *box]), detail="P_ν(x_i)q ≤ P_ν(x_i)Q(y|x_i)")
        high = kernel.decide(kernel.goal(p[i] * Qc[i, y] <= p[i] * x * q[y], [*span_i, *box]),
                             detail="P_ν(x_i)Q(y|x_i) ≤ P_ν(x_i)xq")
        sides.append(kernel.decide(kernel.goal(q[y] <= _L25_M[p][y], setting), kernel.summed(low, i, 1, k),
                                   *splits(total(p[i] * q[y])), detail="q(y) ≤ M_ν(y)"))
        sides.append(kernel.decide(kernel.goal(_L25_M[p][y] <= x * q[y], setting), kernel.summed(high, i, 1, k),
                                   *splits(total(p[i] * x * q[y])), detail="M_ν(y) ≤ e^ε q(y)"))
    bounded = kernel.decide(kernel.goal(_convention(expr) <= bound, setting), term, *sides,
                            detail="M0(y)·M1(y) > 0: an emitted output (q(y) > 0), the bound above; otherwise the zero "
                                   "column's term 0 ≤ the bound")
    first = kernel.decide(kernel.goal(q[y] <= Qc[1, y], [y >= 1, y <= l, *_l25_column(x, emitted=False)]),
                          detail="q(y) ≤ Q(y|x_1)")
    return setting, bounded, first


def _lemma_25_steps(x):
    """Lemma 25's proof (Kairouz–Oh–Viswanath, Section 8.5, after Duchi–Jordan–Wainwright), as kernel steps in x = e^ε,
    for every k, l: D(M0‖M1) + D(M1‖M0) ≤ (x − 1)²‖P0 − P1‖²_TV, 4 times below (93). Per output y, with q = q(y), d_i =
    P0(x_i) − P1(x_i) and Σ_i d_i = 0: M0(y) − M1(y) = Σ_i (Q(y|x_i) − q)d_i, and 0 ≤ Q(y|x_i) − q ≤ (x − 1)q gives
    ±(M0(y) − M1(y)) ≤ (x − 1)q·Σ_i max(±d_i, 0) = (x − 1)q‖P0 − P1‖_TV; q ≤ M_ν(y) ≤ xq; a log(a/b) + b log(b/a) ≤
    (a − b)²/min(a, b) (log r ≥ 1 − 1/r at r = a/b and b/a), so the output's term is ≤ (x − 1)²q‖P0 − P1‖²_TV (when q = 0
    the column is zero and its term 0 by convention: :func:`_l25_any_output`); summed over y with Σ_y q(y) ≤
    Σ_y Q(y|x_1) = 1. Returns the evidence and its hypotheses."""
    i, k, y, l, Qc, q = INPUT, SIZE, _L25_Y, _L25_L, _L25_Q, _L25_MIN
    m0, m1 = _L25_M[LAW0][y], _L25_M[LAW1][y]
    tv_ = _l25_tv()
    a, b, m = sympy.symbols("a_ b_ m_", positive=True)
    u = sympy.Symbol("u", real=True)
    generic = _log_lemma(a, b, m, ((a - b) * u, a * log(a / b) + b * log(b / a)), (a - b) ** 2 / m, [m <= a, m <= b],
                         "a log(a/b) + b log(b/a) ≤ (a − b)²/m for 0 < m ≤ min(a, b)")
    _, emitted, _ = _l25_term(x, generic, a, b, m, sympy.Integer(0))
    setting, term, first = _l25_any_output(x, emitted, m0 * log(m0 / m1) + m1 * log(m1 / m0), (x - 1) ** 2 * tv_ ** 2 * q[y])
    hyps = [k >= 1, l >= 1, is_law(LAW0), is_law(LAW1), x >= 1, sympy.Eq(sympy.Sum(Qc[1, y], (y, 1, l)), 1),
            kernel.Every(sympy.And(*_l25_column(x, emitted=False)), (y, 1, l))]
    over_y = lambda f: sympy.Sum(f, (y, 1, l))
    sharper = kernel.decide(kernel.goal(_l25_divergences() <= (x - 1) ** 2 * tv_ ** 2, hyps),
                            kernel.summed(term, y, 1, l), kernel.summed(first, y, 1, l),
                            *splits(over_y((x - 1) ** 2 * tv_ ** 2 * q[y])),
                            detail="summed over the outputs, Σ_y q(y) ≤ Σ_y Q(y|x_1) = 1")
    return sharper, hyps


def _theorem_7_objects():
    """Theorem 7's objects: Lemma 25's (at e^ε, any output), the marginals M0, M1 of Q laws on its outputs, D_kl(M0‖M1)
    (3) named (a sum over the outputs, 0·log(0/0) = 0 at a zero column: :func:`_convention`), and the binary mechanism (18) with T = {x : P0(x) ≥ P1(x)}
    and its marginals (_BIN_M), positive."""
    y, l, x = _L25_Y, _L25_L, sympy.exp(_ε)
    return [*[h for h in _LEMMA_25_DOMAIN if not isinstance(h, sympy.Eq) or not h.lhs.is_Symbol],
            *[sympy.Eq(sympy.Sum(_L25_M[p][y], (y, 1, l)), 1) for p in (LAW0, LAW1)],
            named("D_kl(M0||M1)", _t7_kl()),
            is_set(), kernel.Every(_in_T(INPUT), (INPUT, 1, SIZE)),
            *[sympy.Eq(_BIN_M[law, o], total(law[INPUT] * binary_rows()[o])) for law in (LAW0, LAW1) for o in (0, 1)],
            *[m > 0 for m in _BIN_M.values()]]


def _t7_kl():
    """D_kl(M0‖M1) (3) of Q, a sum over its outputs."""
    y, m0, m1 = _L25_Y, _L25_M[LAW0][_L25_Y], _L25_M[LAW1][_L25_Y]
    return sympy.Sum(_convention(m0 * log(m0 / m1)), (y, 1, _L25_L))


_THEOREM_7_DOMAIN = _theorem_7_objects()


@claim(PAPER, "Theorem 7", "BIN_KL ≥ OPT_KL/(2(e^ε+1)²) for every ε, P0, P1",
       domain=_THEOREM_7_DOMAIN, stated_domain='“for any ε” and any P0, P1', stated_where='Section 3.2, Theorem 7',
       quote=(r"Theorem 7 For any ε𝜀\varepsilon and any pair of distributions P0subscript𝑃0P_{0} and "
              r"P1subscript𝑃1P_{1}, the binary mechanism is an "
              r"1/(2(eε+1)2)12superscriptsuperscript𝑒𝜀121/(2(e^{\varepsilon}+1)^{2}) approximation of the maximum KL "
              r"divergence between the induced marginals M0subscript𝑀0M_{0} and M1subscript𝑀1M_{1} among all "
              r"ε𝜀\varepsilon-locally differentially private mechanisms."))
def theorem_7():
    """For every ε-LDP Q (every k, l): D_kl(M0‖M1) ≤ 2(e^ε + 1)²·BIN_KL, so OPT_KL ≤ 2(e^ε + 1)²·BIN_KL (94)–(95), as
    kernel steps. (94), sharper: per output y, a log(a/b) ≤ a(a − b)/b ≤ (a − b)²/q(y) + (a − b) (log r ≤ r − 1) with
    Lemma 25's per-output bounds gives M0(y) log(M0(y)/M1(y)) ≤ (e^ε − 1)²‖P0 − P1‖²_TV q(y) + M0(y) − M1(y) (a zero
    column: 0 ≤ 0, :func:`_l25_any_output`), summed
    (Σ_y q(y) ≤ 1, Σ_y M0(y) = Σ_y M1(y) = 1). (95): Pinsker for two outputs, a log(a/b) + (1 − a)log((1 − a)/(1 − b)) ≥
    2(a − b)² on (0, 1)² (f(t) = that at b = t has f(a) = 0 and f'(t) = (t − a)(1/(t(1 − t)) − 4), of t − a's sign), at the
    binary marginals (57), whose difference is (e^ε − 1)/(e^ε + 1)‖P0 − P1‖_TV (Corollary 11, eq. 79)."""
    r = rng(7)
    flags = []
    for k in (3, 4, 5):
        for _ in range(2):
            p0, p1 = random_law(r, k), random_law(r, k)
            for e in (Q(11, 10), Q(2), Q(5), Q(50)):
                opt = optimal_mechanism(log(e), utility.kl(p0, p1)).value
                flags.append(sign(binary_kl(p0, p1, e) * 2 * (e + 1) ** 2 - opt) >= 0)
    cross = holds(flags, "exact sign of 2(e^ε+1)²·BIN − OPT on random k = 3..5, e^ε ∈ {1.1, 2, 5, 50}")
    x = sympy.Symbol("x", real=True)
    i, k, y, l, q = INPUT, SIZE, _L25_Y, _L25_L, _L25_MIN
    m0, m1 = _L25_M[LAW0][y], _L25_M[LAW1][y]
    tv_ = _l25_tv()
    a, b, m, u = *sympy.symbols("a_ b_ m_", positive=True), sympy.Symbol("u", real=True)
    generic = _log_lemma(a, b, m, (a * u, a * log(a / b)), (a - b) ** 2 / m + a - b, [m <= b],
                         "a log(a/b) ≤ (a − b)²/m + a − b for 0 < m ≤ b")
    _, emitted, _ = _l25_term(x, generic, a, b, m, a - b)
    setting, term, first = _l25_any_output(x, emitted, m0 * log(m0 / m1), (x - 1) ** 2 * tv_ ** 2 * q[y] + m0 - m1)
    over_y = lambda f: sympy.Sum(f, (y, 1, l))
    hyps = [k >= 1, l >= 1, is_law(LAW0), is_law(LAW1), x >= 1, sympy.Eq(over_y(_L25_Q[1, y]), 1),
            kernel.Every(sympy.And(*_l25_column(x, emitted=False)), (y, 1, l)),
            *[sympy.Eq(over_y(_L25_M[p][y]), 1) for p in (LAW0, LAW1)]]
    opt = kernel.decide(kernel.goal(_t7_kl() <= (x - 1) ** 2 * tv_ ** 2, hyps), kernel.summed(term, y, 1, l),
                        kernel.summed(first, y, 1, l), *splits(over_y((x - 1) ** 2 * tv_ ** 2 * q[y] + m0 - m1)),
                        detail="(94): D_kl(M0‖M1) ≤ (e^ε − 1)²‖P0 − P1‖²_TV, summed over the outputs")
    u, v, t = sympy.symbols("u v t", real=True)
    f = u * log(u / t) + (1 - u) * log((1 - u) / (1 - t)) - 2 * (u - t) ** 2
    unit = [u > 0, u < 1, v > 0, v < 1]
    pinsker = kernel.decide(kernel.goal(f.subs(t, v) >= 0, unit),
                            kernel.increasing(f, t, u, v, unit, detail="f' ≥ 0 on [a, b] for a ≤ b"),
                            kernel.increasing(-f, t, v, u, unit, detail="f' ≤ 0 on [b, a] for b ≤ a"),
                            detail="Pinsker for two outputs: D_kl ≥ 2(a − b)²")
    b0, b1 = _BIN_M[LAW0, 0], _BIN_M[LAW1, 0]
    pinsker = kernel.instantiate(pinsker, {u: b0, v: b1}, [b0 > 0, b0 < 1, b1 > 0, b1 < 1], detail="at M0(0), M1(0)")
    objects = [h for h in _theorem_7_objects() if not isinstance(h, (LDPChannel, Laws))]
    marginals = [kernel.lemma("extremal-ldp:eq-57", binary_marginal_goal(law)) for law in (LAW0, LAW1)]
    both = kernel.decide(kernel.goal(sympy.And(*[sympy.Eq(_BIN_M[law, 0] + _BIN_M[law, 1], 1) for law in (LAW0, LAW1)]),
                                     [SIZE >= 1, _ε >= 0, *objects]),
                         *marginals, *splits(*[total(law[i] * (1 - TAU[i])) for law in (LAW0, LAW1)]),
                         detail="M_ν(0) + M_ν(1) = 1 (57)")
    bin_kl = sum(_BIN_M[LAW0, o] * log(_BIN_M[LAW0, o] / _BIN_M[LAW1, o]) for o in (0, 1))
    attains = kernel.lemma("extremal-ldp:corollary-11", _binary_attains_goal())
    stmt = kernel.decide(kernel.goal(_t7_kl() <= 2 * (sympy.exp(_ε) + 1) ** 2 * bin_kl, [SIZE >= 1, _L25_L >= 1, *objects]),
                         at_exp(opt, x), pinsker, both, attains, exp_at_least_one(),
                         detail="(94) and (95): D_kl(M0‖M1) ≤ 4(e^ε − 1)²‖P0 − P1‖²_TV ≤ 2(e^ε + 1)²·BIN_KL")
    return establish(stmt, cross, domain=_THEOREM_7_DOMAIN,
                     uses=["extremal-ldp:lemma-25", "extremal-ldp:corollary-11", "extremal-ldp:eq-57"])



# --------------------------------------------------------------------------------------------
# Theorem 8 (low privacy: randomized response), Corollaries 9, 10


def _kl_value(x, m):
    """(83) in x = e^ε at the masses m[0] = P0(T), m[1] = P1(T)."""
    return ((x - 1) * m[0] + 1) * log(((x - 1) * m[0] + 1) / ((x - 1) * m[1] + 1))


_EQ_84_DOMAIN = [Laws("P0", "P1", k="k"), Integer("k", 2), _ε > 0, *rr_dual_objects(),
                 *singleton_objects((LAW0, LAW1), _kl_value)]


_RR_M = {law: sympy.IndexedBase("M" + law.name[-1]) for law in (LAW0, LAW1)}   # the output marginals M0(y), M1(y)


def _rr_kl_objects(x):
    """Randomized response (91) at x = e^ε: for one output y, the facts of :func:`rr_output_facts` for P0 and P1;
    D_kl(M0‖M1) (3) and the right side of (92) as sums over the outputs (inputs and outputs are one alphabet)."""
    y, k = RR_Y, SIZE
    at_y = rr_output_facts(x, [(law, _RR_M[law]) for law in (LAW0, LAW1)])
    m0, m1 = _RR_M[LAW0][y], _RR_M[LAW1][y]
    u0, u1 = (x - 1) * LAW0[y] + 1, (x - 1) * LAW1[y] + 1
    kl = sympy.Sum(m0 * log(m0 / m1), (y, 1, k))
    closed = sympy.Sum(u0 / (x + k - 1) * log(u0 / u1), (y, 1, k))
    return at_y, kl, closed


#: P0, P1 on the k symbols; for every output y, the indicator of y among the inputs, the marginals' definitions and their
#: signs (M_ν(y) ≥ 1/(e^ε + k − 1) > 0; listed because the check that a goal covers its domain reads a sum as an opaque
#: term), and D_kl(M0‖M1) and the right side of (92) named (sums of logarithms, defined where the domain says)
def _eq_92_domain() -> list:
    at_y, divergence, closed = _rr_kl_objects(sympy.exp(_ε))
    return [Laws("P0", "P1", k="k"), Integer("k", 1), _ε >= 0, is_law(LAW0, RR_L), is_law(LAW1, RR_L),
            kernel.Every(sympy.And(*at_y), (RR_Y, 1, SIZE)), named("D_kl(M0||M1)", divergence), named("D_RR", closed)]


_EQ_92_DOMAIN = _eq_92_domain()


@claim(PAPER, "Eq. (92)", "randomized response (91) has D_kl(M0‖M1) = Σ_i (P0(x_i)(e^ε−1)+1) log[(P0(x_i)(e^ε−1)+1)/"
       "(P1(x_i)(e^ε−1)+1)]/(e^ε+k−1), from the definitions (2), (3), every P0, P1, k, ε ≥ 0",
       domain=_EQ_92_DOMAIN, stated_domain="any P0, P1 on k symbols, ε ≥ 0; M_ν by (2), D_kl by (3)",
       stated_where="Section 8.5, eqs. (91)–(92)",
       quote=(
              r"Q(y|x)={eε|𝒳|1+eε if y=x,1|𝒳|1+eε if yx.𝑄conditional𝑦𝑥casessuperscript𝑒𝜀𝒳1superscript𝑒𝜀 if "
              r"𝑦𝑥1𝒳1superscript𝑒𝜀 if 𝑦𝑥\displaystyle "
              r"Q(y|x)\,=\,\left\{\begin{array}[]{rl}\frac{e^{\varepsilon}}{|{\cal X}|-1+e^{\varepsilon}}&\text{ if "
              r"}y=x\;,\\ \frac{1}{|{\cal X}|-1+e^{\varepsilon}}&\text{ if }y\neq x\;.\\ \end{array}\right. (91) "
              r"Computing the KL divergence between M0subscript𝑀0M_{0} and M1subscript𝑀1M_{1} under (91), we get that "
              r"Dkl(M0||M1)=1(eε+k1)i[k](P0(xi)(eε1)+1)log(P0(xi)(eε1)+1)(P1(xi)(eε1)+1).D_{\rm "
              r"kl}(M_{0}||M_{1})=\frac{1}{\left(e^{\varepsilon}+k-1\right)}\sum_{i\in[k]}\left(P_{0}\left(x_{i}\right)\left(e^{\varepsilon}-1\right)+1\right)\log\frac{\left(P_{0}\left(x_{i}\right)\left(e^{\varepsilon}-1\right)+1\right)}{\left(P_{1}\left(x_{i}\right)\left(e^{\varepsilon}-1\right)+1\right)}. "
              r"(92)"))
def eq_92():
    """As kernel steps at x = e^ε: the marginal of output y is Σ_l P(x_l)(1 + (x − 1)[x_l = y])/(x + k − 1), which
    linearity and the indicator (Σ_l [x_l = y]P(x_l) = P(y)) make ((x − 1)P(y) + 1)/(x + k − 1); the ratio M0(y)/M1(y)
    loses the common denominator, so each output's term of D_kl is (92)'s term (logarithms equal by congruence); summed
    over the outputs, read at e^ε."""
    x = sympy.Symbol("x", real=True)
    y, k = RR_Y, SIZE
    at_y, kl, closed = _rr_kl_objects(x)
    laws = [is_law(law, RR_L) for law in (LAW0, LAW1)]
    marginals = [rr_marginal(law, _RR_M[law], x, at_y) for law in (LAW0, LAW1)]
    term = kernel.decide(kernel.goal(sympy.Eq(kl.function, closed.function), [y >= 1, y <= k, k >= 1, x >= 1, *laws, *at_y]),
                         *marginals, detail="an output's term of D_kl is (92)'s term")
    summed = kernel.summed(term, y, 1, k, detail="summed over the outputs")
    stmt = at_exp(summed, x)
    e = Q(5)
    rr = randomized_response(log(e), len(A0))
    m = [[sum((p[xi] * rr.rows[xi][yo] for xi in range(len(A0))), sympy.Integer(0)) for yo in range(len(A0))] for p in (A0, A1)]
    cross = exact_agreement(lognorm(sum((a * log(a / b) for a, b in zip(*m)), sympy.Integer(0))),
                            lognorm(rr_kl(A0, A1, e)), "D_kl of the library's RR marginals against (92), example A, e^ε = 5")
    return establish(stmt, cross, domain=_EQ_92_DOMAIN)


@claim(PAPER, "Eq. (84)", "the dual α* of (82) has 1ᵀα* = Σ_i μ_{j_i}/(e^ε+k−1) = D_RR (92) and is tight on the "
       "singleton patterns",
       domain=_EQ_84_DOMAIN, stated_domain='the dual (82) of the RR KL LP', stated_where='Section 8.4, eq. (84)',
       quote=(r"1Tαsuperscript1𝑇superscript𝛼\displaystyle\textrm{{1}}^{T}\alpha^{*} =\displaystyle= "
              r"1(eε1)(eε+k1)i[k]{(eε+k2)μ(Sji(k))l[k],liμ(Sjl(k))}1superscript𝑒𝜀1superscript𝑒𝜀𝑘1subscript𝑖delimited-[]𝑘superscript𝑒𝜀𝑘2𝜇subscriptsuperscript𝑆𝑘subscript𝑗𝑖subscriptformulae-sequence𝑙delimited-[]𝑘𝑙𝑖𝜇subscriptsuperscript𝑆𝑘subscript𝑗𝑙\displaystyle\frac{1}{\left(e^{\varepsilon}-1\right)\left(e^{\varepsilon}+k-1\right)}\sum_{i\in[k]}\left\{\left(e^{\varepsilon}+k-2\right)\mu\left(S^{(k)}_{j_{i}}\right)-\sum_{l\in[k],l\neq "
              r"i}\mu\left(S^{(k)}_{j_{l}}\right)\right\} (84) =\displaystyle= "
              r"1(eε1)(eε+k1){(eε+k2)i[k]μ(Sji(k))i[k]l[k],liμ(Sjl(k))}1superscript𝑒𝜀1superscript𝑒𝜀𝑘1superscript𝑒𝜀𝑘2subscript𝑖delimited-[]𝑘𝜇subscriptsuperscript𝑆𝑘subscript𝑗𝑖subscript𝑖delimited-[]𝑘subscriptformulae-sequence𝑙delimited-[]𝑘𝑙𝑖𝜇subscriptsuperscript𝑆𝑘subscript𝑗𝑙\displaystyle\frac{1}{\left(e^{\varepsilon}-1\right)\left(e^{\varepsilon}+k-1\right)}\left\{\left(e^{\varepsilon}+k-2\right)\sum_{i\in[k]}\mu\left(S^{(k)}_{j_{i}}\right)-\sum_{i\in[k]}\sum_{l\in[k],l\neq "
              r"i}\mu\left(S^{(k)}_{j_{l}}\right)\right\} =\displaystyle= "
              r"1(eε1)(eε+k1){(eε+k2)i[k]μ(Sji(k))(k1)i[k]μ(Sji(k))}1superscript𝑒𝜀1superscript𝑒𝜀𝑘1superscript𝑒𝜀𝑘2subscript𝑖delimited-[]𝑘𝜇subscriptsuperscript𝑆𝑘subscript𝑗𝑖𝑘1subscript𝑖delimited-[]𝑘𝜇subscriptsuperscript𝑆𝑘subscript𝑗𝑖\displaystyle\frac{1}{\left(e^{\varepsilon}-1\right)\left(e^{\varepsilon}+k-1\right)}\left\{\left(e^{\varepsilon}+k-2\right)\sum_{i\in[k]}\mu\left(S^{(k)}_{j_{i}}\right)-(k-1)\sum_{i\in[k]}\mu\left(S^{(k)}_{j_{i}}\right)\right\} "
              r"=\displaystyle= "
              r"1(eε+k1)i[k]μ(Sji(k))1superscript𝑒𝜀𝑘1subscript𝑖delimited-[]𝑘𝜇subscriptsuperscript𝑆𝑘subscript𝑗𝑖\displaystyle\frac{1}{\left(e^{\varepsilon}+k-1\right)}\sum_{i\in[k]}\mu\left(S^{(k)}_{j_{i}}\right) "
              r"=\displaystyle= "
              r"1(eε+k1)i[k](P0(xi)(eε1)+1)log(P0(xi)(eε1)+1)(P1(xi)(eε1)+1).1superscript𝑒𝜀𝑘1subscript𝑖delimited-[]𝑘subscript𝑃0subscript𝑥𝑖superscript𝑒𝜀11subscript𝑃0subscript𝑥𝑖superscript𝑒𝜀11subscript𝑃1subscript𝑥𝑖superscript𝑒𝜀11\displaystyle\frac{1}{\left(e^{\varepsilon}+k-1\right)}\sum_{i\in[k]}\left(P_{0}\left(x_{i}\right)\left(e^{\varepsilon}-1\right)+1\right)\log\frac{\left(P_{0}\left(x_{i}\right)\left(e^{\varepsilon}-1\right)+1\right)}{\left(P_{1}\left(x_{i}\right)\left(e^{\varepsilon}-1\right)+1\right)}."))
def eq_84():
    u = utility.kl(A0, A1)
    cross = exact_agreement(lognorm(sum(rr_dual(log(7), u))), lognorm(rr_kl(A0, A1, 7)),
                            "library rr_dual sums to the paper's D_RR (92), example A, e^ε = 7")
    values = singleton_values((LAW0, LAW1), _kl_value, "(83)")
    return establish(combine(rr_dual_steps(), values, detail="(84): 1ᵀα* = Σ_i μ_{j_i}/(e^ε + k − 1), tight on the "
                                                             "singletons; μ_{j_i} by (83) at T_{j_i} = {x_i} is (92)'s term"),
                     cross, domain=_EQ_84_DOMAIN, uses=["extremal-ldp:eq-83"])


@claim(PAPER, "Theorem 8", "for P0, P1 with pairwise distinct ratios P0(x)/P1(x) there is ε* such that for ε ≥ ε* "
       "randomized response maximises D_kl(M0‖M1)",
       stated_domain='“for all P0 and P1, and all ε ≥ ε*”', stated_where='Section 3.3, Theorem 8',
       quote=(r"Theorem 8 There exists a positive εsuperscript𝜀\varepsilon^{*} that depends on P0subscript𝑃0P_{0} "
              r"and P1subscript𝑃1P_{1} such that for all P0subscript𝑃0P_{0} and P1subscript𝑃1P_{1}, and all "
              r"εε𝜀superscript𝜀\varepsilon\geq\varepsilon^{*}, the randomized response mechanism maximizes the KL "
              r"divergence between the induced marginals among all ε𝜀\varepsilon-locally differentially private "
              r"mechanisms."))
def theorem_8():
    flags = []
    u_a, u_b = utility.kl(A0, A1), utility.kl(B0, B1)
    flags += [rr_is_optimal(log(e), u_a) for e in (Q(19), Q(50), Q(1000))]
    flags += [rr_is_optimal(log(e), u_b) for e in (Q(97), Q(1000), Q(10) ** 6)]
    r = rng(8)
    for k in (3, 4, 5):
        p0, p1 = distinct_ratio_pair(r, k)
        flags.append(rr_is_optimal(log(Q(10) ** 6), utility.kl(p0, p1)))
    stmt = holds(flags, "RR optimal (exact LP decision) for A at e^ε ∈ {19, 50, 1000}, B at {97, 1000, 10^6}, "
                 "random distinct-ratio pairs k = 3..5 at 10^6")
    lo, hi = switch_bracket(lambda eps: rr_is_optimal(eps, u_a), 10, 20, 16)
    cross = holds([sign(log(lo) - Q("2.93165936997694")) <= 0 <= sign(log(hi) - Q("2.93165936997694"))],
                  f"example A: RR stops being optimal between ε = {sympy.N(log(lo), 10)} and {sympy.N(log(hi), 10)} "
                  "(catalog: 2.93165936997694)")
    return establish(stmt, cross, domain="examples A, B and 3 random pairs at large ε", stated_domain="all P0, P1")


@claim(PAPER, "Theorem 8 (equal ratios)", "with two symbols of equal ratio P0(x)/P1(x), RR is not optimal at any "
       "large ε: the binary mechanism beats it by (0.2159728…)e^{-ε}",
       stated_domain='“for all P0 and P1” (as printed, equal ratios allowed)', stated_where='Section 3.3, Theorem 8',
       quote=(r"Theorem 8 There exists a positive εsuperscript𝜀\varepsilon^{*} that depends on P0subscript𝑃0P_{0} "
              r"and P1subscript𝑃1P_{1} such that for all P0subscript𝑃0P_{0} and P1subscript𝑃1P_{1}, and all "
              r"εε𝜀superscript𝜀\varepsilon\geq\varepsilon^{*}, the randomized response mechanism maximizes the KL "
              r"divergence between the induced marginals among all ε𝜀\varepsilon-locally differentially private "
              r"mechanisms."))
def theorem_8_equal_ratios():
    k = 3
    # (BIN_{T={x1}} − RR)·e^ε as ε → ∞, exactly (sympy limit of the paper's closed forms)
    w = sympy.Symbol("w", positive=True)
    gap = ((binary_kl(RATIO0, RATIO1, E, T=[0]) - rr_kl(RATIO0, RATIO1, E)) * E)
    lim = sympy.limit(gap.subs(E, 1 / w), w, 0, "+")
    printed = sign(lim) <= 0 and all(rr_is_optimal(log(e), utility.kl(RATIO0, RATIO1)) for e in (Q(100), Q(10) ** 4))
    wit = {"P0": str(RATIO0), "P1": str(RATIO1), "lim (BIN_{x1} − RR) e^eps": str(sympy.N(lim, 15)),
           "RR optimal at e^eps = 100": rr_is_optimal(log(100), utility.kl(RATIO0, RATIO1))}
    corrected = holds([rr_is_optimal(log(Q(1000)), utility.kl(A0, A1)), sign(lim) > 0],
                      "with distinct ratios (example A) RR is optimal at e^ε = 1000")
    return establish(erratum(printed, wit, corrected, "the log-sum step (88) is an equality when P0/P1 is constant on "
                             "T_j; the binary mechanism on {x1} beats RR for all large ε",
                             corrected_statement="Theorem 8 holds when the ratios P0(x)/P1(x) are pairwise distinct",
                             kind="substantive"),
                     domain="the equal-ratio instance")


@claim(PAPER, "Theorem 8 (proof, eq. 88)", "the leading coefficient of S_jᵀα* − μ_j is Σ_{x∈T_j} P0 log(P0/P1) − "
       "P0(T_j)log(P0(T_j)/P1(T_j)) ≥ 0 (the paper writes the reverse difference and a reversed log-sum inequality)",
       stated_domain='a pattern T_j in the proof of Theorem 8', stated_where='Section 8.4, eq. (88)',
       quote=(r"Assume, to begin with, that "
              r"j{j1,j2,,jk}𝑗subscript𝑗1subscript𝑗2subscript𝑗𝑘j\neq\{j_{1},j_{2},...,j_{k}\}. Then "
              r"S(k)jTαμj=(P0(Tj)logP0(Tj)P1(Tj)xiTjP0(xi)logP0(xi)P1(xi))eε+O(1).subscriptsuperscriptsuperscript𝑆𝑘𝑇𝑗superscript𝛼subscript𝜇𝑗subscript𝑃0subscript𝑇𝑗subscript𝑃0subscript𝑇𝑗subscript𝑃1subscript𝑇𝑗subscriptsubscript𝑥𝑖subscript𝑇𝑗subscript𝑃0subscript𝑥𝑖subscript𝑃0subscript𝑥𝑖subscript𝑃1subscript𝑥𝑖superscript𝑒𝜀𝑂1{S^{(k)}}^{T}_{j}\alpha^{*}-\mu_{j}=\left(P_{0}\left(T_{j}\right)\log\frac{P_{0}\left(T_{j}\right)}{P_{1}\left(T_{j}\right)}-\sum_{x_{i}\in "
              r"T_{j}}P_{0}\left(x_{i}\right)\log\frac{P_{0}\left(x_{i}\right)}{P_{1}\left(x_{i}\right)}\right)e^{\varepsilon}+O\left(1\right). "
              r"(88) Notice that for j{j1,j2,,jk}𝑗subscript𝑗1subscript𝑗2subscript𝑗𝑘j\neq\{j_{1},j_{2},...,j_{k}\}, "
              r"P0(Tj)logP0(Tj)P1(Tj)>xiTjP0(xi)logP0(xi)P1(xi)subscript𝑃0subscript𝑇𝑗subscript𝑃0subscript𝑇𝑗subscript𝑃1subscript𝑇𝑗subscriptsubscript𝑥𝑖subscript𝑇𝑗subscript𝑃0subscript𝑥𝑖subscript𝑃0subscript𝑥𝑖subscript𝑃1subscript𝑥𝑖P_{0}\left(T_{j}\right)\log\frac{P_{0}\left(T_{j}\right)}{P_{1}\left(T_{j}\right)}>\sum_{x_{i}\in "
              r"T_{j}}P_{0}\left(x_{i}\right)\log\frac{P_{0}\left(x_{i}\right)}{P_{1}\left(x_{i}\right)} by the "
              r"log-sum inequality."))
def theorem_8_eq_88():
    Tj = [0, 1]
    agg = sub(A0, Tj) * log(sub(A0, Tj) / sub(A1, Tj))
    ind = sum((A0[i] * log(A0[i] / A1[i]) for i in Tj), sympy.Integer(0))
    printed_holds = sign(agg - ind) > 0                 # "P0(T_j)log(...) > Σ ... by the log-sum inequality"
    # the true leading term, from the closed forms (82), (86) with symbolic E
    mu = [kl_mu(A0, A1, [i], E) for i in range(4)]
    alpha = [((E + 2) * m - (sum(mu) - m)) / ((E - 1) * (E + 3)) for m in mu]
    slack = sum(alpha) + (E - 1) * sum(alpha[i] for i in Tj) - kl_mu(A0, A1, Tj, E)
    w = sympy.Symbol("w", positive=True)
    lim = sympy.limit((slack / E).subs(E, 1 / w), w, 0, "+")
    corrected = combine(identity(lim, ind - agg, "lim (S_jᵀα* − μ_j)/e^ε = Σ_{T_j} P0 log(P0/P1) − P0(T_j)log(P0(T_j)/P1(T_j)), "
                                 "example A, T_j = {x1, x2}"),
                        holds([sign(sum((p0[i] * log(p0[i] / p1[i]) for i in T), sympy.Integer(0))
                                    - sub(p0, T) * log(sub(p0, T) / sub(p1, T))) >= 0
                               for p0, p1 in ((A0, A1), (B0, B1)) for T in subsets(4) if T],
                              "log-sum inequality Σ ≥ aggregated on every pattern of A and B"))
    return establish(erratum(printed_holds, {"T_j": "{x1, x2}", "P0(T_j)log(P0(T_j)/P1(T_j))": str(sympy.N(agg, 15)),
                                             "sum": str(sympy.N(ind, 15))}, corrected,
                             "the log-sum inequality goes the other way; with the difference reversed as well the "
                             "argument is right", corrected_statement="S_jᵀα* − μ_j = (Σ_{T_j} P0 log(P0/P1) − "
                             "P0(T_j)log(P0(T_j)/P1(T_j)))e^ε + O(1) ≥ 0", kind="proof gap"),
                     domain="example A")


#: Lemma 25's objects, δ > 0 and ε ≤ ε*: the corollary asserts that some ε* > 0 (depending on P0, P1, δ) serves; its
#: proof's ε* = log(1 + 2δ) serves every P0, P1, so the domain names that one
_COROLLARY_9_DOMAIN = [*_LEMMA_25_DOMAIN, _δ > 0, _ε <= log(1 + 2 * _δ)]


@claim(PAPER, "Corollary 9", "for ε ≤ ε*(P0,P1,δ) = log(1 + 2δ): D(M0‖M1) + D(M1‖M0) ≤ 2(1+δ)(e^ε−1)²/(e^ε+1)·"
       "‖P0 − P1‖²_TV (the binary mechanism's TV²ε² + O(ε⁴), a cross-check)",
       domain=_COROLLARY_9_DOMAIN, stated_domain='“for ε ≤ ε*(P0, P1, δ)”, δ > 0', stated_where='Section 3.5, Corollary 9',
       quote=(r"Corollary 9 For any ε0𝜀0\varepsilon\geq 0, let Q𝑄Q be any conditional distribution that guarantees "
              r"ε𝜀\varepsilon-local differential privacy. Then, for any pair of distributions P0subscript𝑃0P_{0}, "
              r"P1subscript𝑃1P_{1} and any positive δ>0𝛿0\delta>0, there exists a positive "
              r"εsuperscript𝜀\varepsilon^{*} that depends on P0subscript𝑃0P_{0}, P1subscript𝑃1P_{1} and δ𝛿\delta "
              r"such that for any εε𝜀superscript𝜀\varepsilon\leq\varepsilon^{*} the induced marginals "
              r"M0subscript𝑀0M_{0} and M1subscript𝑀1M_{1} satisfy the bound Dkl(M0||M1)+Dkl(M1||M0)\displaystyle "
              r"D_{\rm kl}\big{(}M_{0}||M_{1}\big{)}+D_{\rm kl}\big{(}M_{1}||M_{0}\big{)} \displaystyle\leq "
              r"2(1+δ)(eε1)2(eε+1)P0P1TV2.21𝛿superscriptsuperscript𝑒𝜀12superscript𝑒𝜀1superscriptsubscriptnormsubscript𝑃0subscript𝑃1TV2\displaystyle\frac{2(1+\delta)(e^{\varepsilon}-1)^{2}}{(e^{\varepsilon}+1)}\,\big{\|}P_{0}-P_{1}\big{\|}_{\rm "
              r"TV}^{2}\;. (22)"))
def corollary_9():
    eps, x = sympy.symbols("epsilon x", positive=True)
    p, q = sympy.symbols("p q", positive=True)
    e = 1 + x                                            # x = e^ε − 1 = ε + ε²/2 + ε³/6 + O(ε⁴)
    m0 = [((e - 1) * p + 1) / (e + 1), ((e - 1) * (1 - p) + 1) / (e + 1)]
    m1 = [((e - 1) * q + 1) / (e + 1), ((e - 1) * (1 - q) + 1) / (e + 1)]
    sym = sum((a - b) * sympy.log(a / b) for a, b in zip(m0, m1))
    ser = sympy.expand(sympy.series(sym, x, 0, 4).removeO().subs(x, eps + eps ** 2 / 2 + eps ** 3 / 6))
    series = identity([ser.coeff(eps, 2), ser.coeff(eps, 3)], [(p - q) ** 2, 0],
                      "binary symmetrised KL = (P0(T)−P1(T))²ε² + 0·ε³ + O(ε⁴)")
    flags = []
    delta = Q(1, 10)
    for p0, p1 in ((A0, A1), (B0, B1)):
        for e_ in (Q(1001, 1000), Q(101, 100), 1 + 2 * delta):         # the last is the proof's e^ε* = 1 + 2δ
            opt = optimal_mechanism(log(e_), utility.symmetric_kl(p0, p1)).value
            flags.append(sign(2 * (1 + delta) * (e_ - 1) ** 2 / (e_ + 1) * tv(p0, p1) ** 2 - opt) >= 0)
    x = sympy.Symbol("x", real=True)
    sharper, hyps = _lemma_25_steps(x)
    bound = 2 * (1 + _δ) * (x - 1) ** 2 / (x + 1) * _l25_tv() ** 2
    small = kernel.decide(kernel.goal(_l25_divergences() <= bound, [*hyps, _δ > 0, x <= 1 + 2 * _δ]), sharper,
                          detail="S ≤ (x − 1)²‖P0 − P1‖²_TV (Lemma 25's proof) and x ≤ 1 + 2δ ⇒ (22)")
    t = sympy.Symbol("t", real=True)
    below = kernel.increasing(sympy.exp(t), t, _ε, log(1 + 2 * _δ), [_δ > 0], detail="e^ε ≤ e^{log(1 + 2δ)} = 1 + 2δ")
    stmt = kernel.apply(at_exp(small, x), below, detail="ε ≤ ε* = log(1 + 2δ)")
    return establish(stmt, series, holds(flags, "δ = 1/10: certified symmetrised-KL optimum below the bound at e^ε ∈ "
                                         "{1.001, 1.01, 1.2 = 1 + 2δ} (examples A, B)"),
                     domain=_COROLLARY_9_DOMAIN, uses=["extremal-ldp:lemma-25"])


#: the binary mechanism's marginals (_BIN_M) with their signs (each ≥ 1/(e^ε + 1) > 0) and the masses P_ν(T), P_ν(Tᶜ) ≥ 0 (listed because the check that a goal covers its domain reads a sum as opaque)
_BINARY_KL_DOMAIN = [Laws("P0", "P1", k="k"), _ε >= 0, is_law(LAW0), is_law(LAW1), is_set(),
                     *[sympy.Eq(_BIN_M[law, y], total(law[INPUT] * binary_rows()[y])) for law in (LAW0, LAW1) for y in (0, 1)],
                     *[m > 0 for m in _BIN_M.values()],
                     *[total(law[INPUT] * f) >= 0 for law in (LAW0, LAW1) for f in (TAU[INPUT], 1 - TAU[INPUT])]]


@claim(PAPER, "Corollary 9 (binary KL)", "the binary mechanism achieves D_kl(M0‖M1) = ((e^ε−1)P0(T)+1)/(e^ε+1)·"
       "log[(1+(e^ε−1)P0(T))/(1+(e^ε−1)P1(T))] + the same at Tᶜ, exactly, every P0, P1, T, ε ≥ 0 (the first equality "
       "of the display; the next, with its missing square, is 'Corollary 9 (derivation)')",
       domain=_BINARY_KL_DOMAIN, stated_domain="any P0, P1 on k symbols, T ⊆ 𝒳, ε ≥ 0; M_ν by (2), D_kl by (3)",
       stated_where="Section 3.5, after Corollary 9",
       quote=(
              r"This follows from Theorem 5 and observing that the binary mechanism achieves Dkl(M0||M1)\displaystyle "
              r"D_{\rm kl}\big{(}M_{0}||M_{1}\big{)} "
              r"=(eε1)P0(T)+1eε+1log(1+(eε1)P0(T)1+(eε1)P1(T))absentsuperscript𝑒𝜀1subscript𝑃0𝑇1superscript𝑒𝜀11superscript𝑒𝜀1subscript𝑃0𝑇1superscript𝑒𝜀1subscript𝑃1𝑇\displaystyle\hskip "
              r"14.22636pt=\;\frac{(e^{\varepsilon}-1)P_{0}(T)+1}{e^{\varepsilon}+1}\log\Big{(}\frac{1+(e^{\varepsilon}-1)P_{0}(T)}{1+(e^{\varepsilon}-1)P_{1}(T)}\Big{)} "
              r"+(eε1)P0(Tc)+1eε+1log(1+(eε1)P0(Tc)1+(eε1)P1(Tc))superscript𝑒𝜀1subscript𝑃0superscript𝑇𝑐1superscript𝑒𝜀11superscript𝑒𝜀1subscript𝑃0superscript𝑇𝑐1superscript𝑒𝜀1subscript𝑃1superscript𝑇𝑐\displaystyle~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}+\frac{(e^{\varepsilon}-1)P_{0}(T^{c})+1}{e^{\varepsilon}+1}\log\Big{(}\frac{1+(e^{\varepsilon}-1)P_{0}(T^{c})}{1+(e^{\varepsilon}-1)P_{1}(T^{c})}\Big{)}"))
def corollary_9_binary_kl():
    """D_kl(M0‖M1) = Σ_{y ∈ {0, 1}} M0(y) log(M0(y)/M1(y)) with the marginals of (57) (Eq. (57), a lemma): each
    logarithm's argument is the ratio of the closed forms, the common 1/(e^ε + 1) cancelling (one small decision per
    output, by congruence), then the sum."""
    x, i = sympy.exp(_ε), INPUT
    marginals = [kernel.lemma("extremal-ldp:eq-57", binary_marginal_goal(law)) for law in (LAW0, LAW1)]
    mass = {(law, y): total(law[i] * (TAU[i] if y == 0 else 1 - TAU[i])) for law in (LAW0, LAW1) for y in (0, 1)}
    closed = {key: ((x - 1) * m + 1) / (x + 1) for key, m in mass.items()}
    setting = [SIZE >= 1, *[h for h in _BINARY_KL_DOMAIN if not isinstance(h, Laws) and h != (_ε >= 0)]]
    logs = []
    for y in (0, 1):
        ratio = ((x - 1) * mass[LAW0, y] + 1) / ((x - 1) * mass[LAW1, y] + 1)
        logs.append(kernel.decide(kernel.goal(sympy.Eq(log(_BIN_M[LAW0, y] / _BIN_M[LAW1, y]), log(ratio)), setting),
                                  *marginals, detail=f"log(M0({y})/M1({y})): the closed forms' ratio"))
    kl = sum(_BIN_M[LAW0, y] * log(_BIN_M[LAW0, y] / _BIN_M[LAW1, y]) for y in (0, 1))
    value = sum(closed[LAW0, y] * log(((x - 1) * mass[LAW0, y] + 1) / ((x - 1) * mass[LAW1, y] + 1)) for y in (0, 1))
    stmt = kernel.decide(kernel.goal(sympy.Eq(kl, value), setting), *marginals, *logs,
                         detail="D_kl(M0‖M1) of the binary mechanism, exactly")
    e = Q(3)
    bm = binary_mechanism(log(e), A0, A1)
    m = [[sum((p[xi] * bm.rows[xi][yo] for xi in range(len(A0))), sympy.Integer(0)) for yo in range(2)] for p in (A0, A1)]
    cross = exact_agreement(lognorm(sum((a * log(a / b) for a, b in zip(*m)), sympy.Integer(0))),
                            lognorm(binary_kl(A0, A1, e)), "D_kl of the library's binary marginals, example A, e^ε = 3")
    return establish(stmt, cross, domain=_BINARY_KL_DOMAIN, uses=["extremal-ldp:eq-57"])


@claim(PAPER, "Corollary 9 (derivation)", "the binary KL is (e^ε−1)²/(e^ε+1)·(P0(T)−P1(T))² + O(ε³): the printed "
       "derivation drops the square",
       stated_domain='the binary mechanism as ε → 0', stated_where='Section 3.5, derivation of Corollary 9',
       quote=(r"This follows from Theorem 5 and observing that the binary mechanism achieves "
              r"Dkl(M0||M1)\displaystyle D_{\rm kl}\big{(}M_{0}||M_{1}\big{)} "
              r"=(eε1)P0(T)+1eε+1log(1+(eε1)P0(T)1+(eε1)P1(T))absentsuperscript𝑒𝜀1subscript𝑃0𝑇1superscript𝑒𝜀11superscript𝑒𝜀1subscript𝑃0𝑇1superscript𝑒𝜀1subscript𝑃1𝑇\displaystyle\hskip "
              r"14.22636pt=\;\frac{(e^{\varepsilon}-1)P_{0}(T)+1}{e^{\varepsilon}+1}\log\Big{(}\frac{1+(e^{\varepsilon}-1)P_{0}(T)}{1+(e^{\varepsilon}-1)P_{1}(T)}\Big{)} "
              r"+(eε1)P0(Tc)+1eε+1log(1+(eε1)P0(Tc)1+(eε1)P1(Tc))superscript𝑒𝜀1subscript𝑃0superscript𝑇𝑐1superscript𝑒𝜀11superscript𝑒𝜀1subscript𝑃0superscript𝑇𝑐1superscript𝑒𝜀1subscript𝑃1superscript𝑇𝑐\displaystyle~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}~{}+\frac{(e^{\varepsilon}-1)P_{0}(T^{c})+1}{e^{\varepsilon}+1}\log\Big{(}\frac{1+(e^{\varepsilon}-1)P_{0}(T^{c})}{1+(e^{\varepsilon}-1)P_{1}(T^{c})}\Big{)} "
              r"=(eε1)2eε+1(P0(T)P1(T))+O(ε3)absentsuperscriptsuperscript𝑒𝜀12superscript𝑒𝜀1subscript𝑃0𝑇subscript𝑃1𝑇𝑂superscript𝜀3\displaystyle\hskip "
              r"14.22636pt=\;\frac{(e^{\varepsilon}-1)^{2}}{e^{\varepsilon}+1}(P_{0}(T)-P_{1}(T))+O(\varepsilon^{3}) "
              r"=(eε1)2eε+1P0P1TV2+O(ε3),absentsuperscriptsuperscript𝑒𝜀12superscript𝑒𝜀1superscriptsubscriptnormsubscript𝑃0subscript𝑃1TV2𝑂superscript𝜀3\displaystyle\hskip "
              r"14.22636pt=\;\frac{(e^{\varepsilon}-1)^{2}}{e^{\varepsilon}+1}\,\big{\|}P_{0}-P_{1}\big{\|}_{\rm "
              r"TV}^{2}+O(\varepsilon^{3})\;, where T𝒳𝑇𝒳T\subseteq{\cal X} is the set of x𝑥x such that "
              r"P0(x)P1(x)subscript𝑃0𝑥subscript𝑃1𝑥P_{0}(x)\geq P_{1}(x)."))
def corollary_9_derivation():
    eps = sympy.Symbol("epsilon", positive=True)
    e = sympy.exp(eps)
    p, q = sum(A0[:2]), sum(A1[:2])                     # example A: T = {x1, x2}, TV = 2/5
    kl2 = binary_kl(A0, A1, e)
    lead = sympy.limit(kl2 / eps ** 2, eps, 0, "+")
    printed = sympy.limit((e - 1) ** 2 / (e + 1) * (p - q) / eps ** 2, eps, 0, "+")
    corrected = identity(lead, sympy.limit((e - 1) ** 2 / (e + 1) * (p - q) ** 2 / eps ** 2, eps, 0, "+"),
                         "lim BIN_KL/ε² = lim (e^ε−1)²/(e^ε+1)·TV²/ε² = TV²/2 (example A)")
    return establish(erratum(lead == printed, {"example": "A", "lim BIN/eps^2": str(lead), "printed lim": str(printed)},
                             corrected, "(P0(T) − P1(T)) should be squared",
                             corrected_statement="BIN_KL = (e^ε−1)²/(e^ε+1)·‖P0−P1‖²_TV + O(ε³)", kind="typo"),
                     domain="example A")


def _G(p0, p1):
    """G(P0,P1) = Σ_x (1 − P0(x)) log(P1(x)/P0(x)) (Corollary 10, as printed)."""
    return sum(((1 - a) * log(b / a) for a, b in zip(p0, p1)), sympy.Integer(0))


def _G_corrected(p0, p1):
    """G' = Σ_x [(kP0(x) − 1) log(P0(x)/P1(x)) + P0(x)/P1(x) − 1]."""
    k = len(p0)
    return sum(((k * a - 1) * log(a / b) + a / b - 1 for a, b in zip(p0, p1)), sympy.Integer(0))


@claim(PAPER, "Corollary 10 (eq. 23)", "for ε ≥ ε*: D(M0‖M1) + D(M1‖M0) ≤ D(P0‖P1) − (1−δ)G(P0,P1)e^{−ε}, "
       "since RR gives D(P0‖P1) − G e^{−ε} + O(e^{−2ε})",
       stated_domain='“for ε ≥ ε*(P0, P1, δ)”, δ > 0', stated_where='Section 3.5, Corollary 10, eq. (23)',
       quote=(r"Corollary 10 For any ε0𝜀0\varepsilon\geq 0, let Q𝑄Q be any conditional distribution that guarantees "
              r"ε𝜀\varepsilon-local differential privacy. Then, for any pair of distributions P0subscript𝑃0P_{0} and "
              r"P1subscript𝑃1P_{1} and any positive δ>0𝛿0\delta>0, there exists a positive "
              r"εsuperscript𝜀\varepsilon^{*} that depends on P0subscript𝑃0P_{0} and P1subscript𝑃1P_{1} and δ𝛿\delta "
              r"such that for any εε𝜀superscript𝜀\varepsilon\geq\varepsilon^{*} the induced marginals "
              r"M0subscript𝑀0M_{0} and M1subscript𝑀1M_{1} satisfy the bound Dkl(M0||M1)+Dkl(M1||M0)\displaystyle "
              r"D_{\rm kl}\big{(}M_{0}||M_{1}\big{)}+D_{\rm kl}\big{(}M_{1}||M_{0}\big{)} \displaystyle\leq "
              r"Dkl(P0||P1)(1δ)G(P0,P1)eε.\displaystyle D_{\rm "
              r"kl}(P_{0}||P_{1})-(1-\delta)G(P_{0},P_{1})e^{-\varepsilon}\;. (23) where "
              r"G(P0,P1)=𝒳(1P0(x))log(P1(x)/P0(x))𝐺subscript𝑃0subscript𝑃1subscript𝒳1subscript𝑃0𝑥subscript𝑃1𝑥subscript𝑃0𝑥G(P_{0},P_{1})=\sum_{{\cal "
              r"X}}(1-P_{0}(x))\log(P_{1}(x)/P_{0}(x)). This follows directly from Theorem 8 and observing that the "
              r"randomized response mechanism achieves Dkl(M0||M1)=Dkl(P0||P1)G(P0,P1)eε+O(e2ε).D_{\rm "
              r"kl}(M_{0}||M_{1})=D_{\rm kl}(P_{0}||P_{1})-G(P_{0},P_{1})e^{-\varepsilon}+O(e^{-2\varepsilon})\;."))
def corollary_10():
    delta = Q(1, 10)
    e = Q(22026)                                        # e^ε ≈ e^10, rational so that the optimum is exact
    opt = optimal_mechanism(log(e), utility.kl(G0, G1)).value
    opt_sym = optimal_mechanism(log(e), utility.symmetric_kl(G0, G1)).value
    bound = kl(G0, G1) - (1 - delta) * _G(G0, G1) / e
    printed = sign(bound - opt_sym) >= 0 and sign(bound - opt) >= 0
    w = sympy.Symbol("w", positive=True)
    lims, refs = [], []
    for p0, p1 in ((G0, G1), (A0, A1), ([Q(1, 2), Q(3, 10), Q(1, 5)], [Q(1, 5), Q(3, 10), Q(1, 2)])):
        lims.append(sympy.limit(((kl(p0, p1) - rr_kl(p0, p1, E)) * E).subs(E, 1 / w), w, 0, "+"))
        refs.append(_G_corrected(p0, p1))
    corrected = combine(
        identity(lims, refs, "lim (D(P0‖P1) − D_RR)e^ε = G' for the k = 2 instance, example A and (½,.3,.2)/(.2,.3,½)"),
        holds([sign(kl(A0, A1) - (1 - delta) * _G_corrected(A0, A1) / e_ - optimal_mechanism(log(e_), utility.kl(A0, A1)).value) >= 0
               for e_ in (Q(10) ** 3, Q(10) ** 5)], "corrected bound D(M0‖M1) ≤ D − (1−δ)G'e^{−ε} for the certified "
              "optimum (example A, e^ε = 10^3, 10^5)"))
    wit = {"P0": str(G0), "P1": str(G1), "delta": "1/10", "e^eps": str(e), "OPT_KL": str(sympy.N(opt, 16)),
           "OPT_symKL": str(sympy.N(opt_sym, 16)), "printed bound": str(sympy.N(bound, 16)),
           "G": str(sympy.N(_G(G0, G1), 15)), "G'": str(sympy.N(_G_corrected(G0, G1), 15))}
    return establish(erratum(printed, wit, corrected, "even D(M0‖M1) alone exceeds the bound (G' < (1−δ)G here), and "
                             "the symmetrised left side tends to D(P0‖P1) + D(P1‖P0)",
                             corrected_statement="D(M0‖M1) ≤ D(P0‖P1) − (1−δ)G'e^{−ε} for ε ≥ ε*, "
                             "G' = Σ[(kP0−1)log(P0/P1) + P0/P1 − 1]", kind="substantive"),
                     domain="k = 2 witness; G' limit on three instances")
