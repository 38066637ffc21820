"""Asoodeh–Aliakbarpour–Calmon, *Local differential privacy is equivalent to contraction of
E_γ-divergence*: Sections IV, VI and VII (private Le Cam and Fano, Corollaries 1, 2, 4, 5,
Lemmas 3–4, Examples 2–3) and their appendix proofs. Section V (Bayes risk: Corollary 3,
Theorem 2, Remark 1, Example 4) and Figure 1 are in egamma_ldp_bayes.py.
"""

from __future__ import annotations

import itertools

import sympy
from flint import arb
from sympy import Rational as R, exp, log, sqrt

from _idioms import grouped, holds
from _egamma_helpers import (DELTA, OMEGA, T, bernoulli, catalog, entropy, hellinger2, kl, ldp_by_definition,
                             ldp_kernels, le, mutual_information, product_law, push, random_kernel, random_law, rng,
                             tv_events, tv_l1)
from symdp.local import Channel, phi, randomized_response, worst_case_contraction
from symdp.local import risk_bounds as rb
from symdp.numbers import Real, sign
from symdp.numerics.roots import solve_decreasing
from symdp.verify import (certified_agreement, cited, claim, combine, erratum, establish, exact_agreement, identity,
                          inequality_on_box, kernel, real_closed)
from symdp.verify.kernel import Sup
from symdp.verify.domains import Channel as AnyChannel, Integer, LDPChannel, Laws

PAPER = "egamma-ldp"

# Real parameters of the paper's domains (symdp.verify.domains), named as the paper names them.
_ε, _δ, _τ, _ℓ, _α, _k, _m, _φ, _ω = sympy.symbols("epsilon delta tau ell alpha k m phi omega", real=True)
N, K = sympy.symbols("n k", positive=True)


def _tv_product(p0, p1, rows, n):
    """TV(M0^n, M1^n) = ½Σ|M0^n − M1^n| for the non-interactive K^{⊗n} (explicit product laws)."""
    m0 = product_law(*[push(p0, rows)] * n)
    m1 = product_law(*[push(p1, rows)] * n)
    return tv_l1(m0, m1)

def _tv_from_kl(rate: sympy.Expr, detail: str) -> object:
    """The Le Cam–Pinsker step of eqs. (6)–(7) and Lemma 3: from TV ≥ 0, TV² ≤ D_n/2 (Pinsker) and
    D_n ≤ r·D (r = n, or nφ for LDP kernels), with s = √(rD/2) (s ≥ 0, s² = rD/2), the two-point bound
    (τ/2)(1 − TV) is ≥ (τ/2)(1 − s) for every τ ≥ 0."""
    tv, dn, d, s, tau, r = sympy.symbols("tv D_n D s tau r", real=True)
    return real_closed(tau / 2 * (1 - tv) - tau / 2 * (1 - s), [tv, dn, d, s, tau, r],
                       [tv >= 0, tv ** 2 <= dn / 2, dn <= r * d, d >= 0, r >= 0, s >= 0, sympy.Eq(s ** 2, r * d / 2),
                        tau >= 0],
                       f"(τ/2)(1 − TV) ≥ (τ/2)(1 − √(rD/2)) from TV² ≤ D_n/2 and D_n ≤ rD, r = {rate}: {detail}")


def _contracted(detail: str) -> object:
    """out ≤ η·in with 0 ≤ η ≤ φ and in ≥ 0 gives out ≤ φ·in (an information measure contracted by a kernel whose
    coefficient η is at most φ, Lemma 1)."""
    out, eta, f, inp = sympy.symbols("out eta phi in", real=True)
    return real_closed(f * inp - out, [out, eta, f, inp], [out <= eta * inp, eta >= 0, eta <= f, inp >= 0], detail)


_PINSKER = cited("Pinsker (Tsybakov, Introduction to Nonparametric Estimation, Lemma 2.5)", "TV(P, Q) ≤ √(D_KL(P‖Q)/2)")
_CHAIN = cited("Cover–Thomas, Elements of Information Theory", "Theorem 2.5.3 (chain rule for relative entropy)")
_LE_CAM = cited("Le Cam (Tsybakov, Introduction to Nonparametric Estimation, Theorem 2.2)",
                "two-point bound (6): ℛ ≥ (τ/2)[1 − TV(P0^{⊗n}, P1^{⊗n})] when ℓ(θ(P0), θ(P1)) ≥ 2τ")

# --------------------------------------------------------------------------------------------
# Section IV-A: Le Cam


#: "ℓ(θ(P_v), θ(P_v')) ≥ 2τ ... for some τ > 0" (Section IV's reduction to testing, which (6)–(7) and Lemma 3 use).
_EQS_6_7_DOMAIN = [Laws("P0", "P1"), _ℓ >= 2 * _τ, _τ > 0, Integer("n", 1)]


@claim(PAPER, "Eqs. (6)–(7)",
       "(τ/2)[1 − TV(P0^{⊗n}, P1^{⊗n})] ≥ (τ/2)[1 − √(n D_KL(P0‖P1)/2)] (Pinsker and the chain rule)",
       domain=_EQS_6_7_DOMAIN, stated_domain='ℓ(θ(P0), θ(P1)) ≥ 2τ “for some τ > 0”, n ≥ 1, KL in nats', stated_where='Section IV-A, eqs. (6)–(7)',
       quote=(r"Le Cam’s method is applicable when V𝑉V is a binary set and contains, say, P0subscript𝑃0P_{0} and "
              r"P1subscript𝑃1P_{1}. In its simplest form, it relies on the inequality (see [22, Lemma 1] or [23, "
              r"Theorem 2.2]) "
              r"𝖯𝖾(V|Xn)β‰₯12[1βˆ’π–³π–΅β€‹(P0βŠ—n,P1βŠ—n)]subscript𝖯𝖾conditional𝑉superscript𝑋𝑛12delimited-[]1𝖳𝖡subscriptsuperscript𝑃tensor-productabsent𝑛0subscriptsuperscript𝑃tensor-productabsent𝑛1\mathsf{P}_{\mathsf{e}}(V|X^{n})\geq\frac{1}{2}\left[1-{\mathsf{TV}}(P^{\otimes "
              r"n}_{0},P^{\otimes n}_{1})\right]. Thus, it yields the following lower bound for non-private minimax "
              r"risk β„›n(𝒫,β„“)subscriptℛ𝑛𝒫ℓ\displaystyle\mathcal{R}_{n}({\mathcal{P}},\ell) "
              r"β‰₯Ο„2[1βˆ’π–³π–΅β€‹(P0βŠ—n,P1βŠ—n)]absent𝜏2delimited-[]1𝖳𝖡subscriptsuperscript𝑃tensor-productabsent𝑛0subscriptsuperscript𝑃tensor-productabsent𝑛1\displaystyle\geq\frac{\tau}{2}\left[1-{\mathsf{TV}}(P^{\otimes "
              r"n}_{0},P^{\otimes n}_{1})\right] (6) "
              r"β‰₯Ο„2[1βˆ’12nDπ–ͺ𝖫(P0βˆ₯P1)],absent𝜏2delimited-[]112𝑛subscript𝐷π–ͺ𝖫conditionalsubscript𝑃0subscript𝑃1\displaystyle\geq\frac{\tau}{2}\left[1-\frac{1}{\sqrt{2}}\sqrt{nD_{\mathsf{KL}}(P_{0}\|P_{1})}\right], "
              r"(7) for any P0β‰ P1subscript𝑃0subscript𝑃1P_{0}\neq P_{1} in 𝒫𝒫{\mathcal{P}}, where the second "
              r"inequality follows from Pinsker’s inequality and chain rule of KL divergence."))
def eqs_6_7():
    r = rng(6)
    ok = []
    for _ in range(4):
        p0, p1 = bernoulli(R(r.randint(1, 9), 10)), bernoulli(R(r.randint(1, 9), 10))
        for n in (1, 2, 3):
            tv = tv_events(product_law(*[p0] * n), product_law(*[p1] * n))
            ok.append(le(tv, sqrt(n * kl(p0, p1) / 2)))
            ok.append(sign(kl(product_law(*[p0] * n), product_law(*[p1] * n)) - n * kl(p0, p1)) == 0)
    return establish(_tv_from_kl(N, "D_n = D(P0^{⊗n}‖P1^{⊗n}) = nD (chain rule)"),
                     holds(all(ok), "4 random Bernoulli pairs, n ≤ 3: TV of the products (events enumerated) ≤ "
                           "√(nD/2); D(P0^{⊗n}‖P1^{⊗n}) = nD"),
                     catalog([rb.le_cam_lower_bound(1, 100, R(1, 100))], ["0.146446609406726"],
                             "(7) at τ = 1, n = 100, D = 0.01: 0.146446609406726"),
                     domain=_EQS_6_7_DOMAIN, uses=[_PINSKER, _CHAIN, _LE_CAM])


def _interactive_laws(p0, p1):
    """A sequentially interactive pair of mechanisms on binary data (the setting of Section VI: K_i may depend on
    Z^{i−1}): K_1 is randomized response at e^ε = 3, K_2 is randomized response at e^ε = 2 after Z_1 = 0 and at
    e^ε = 3 after Z_1 = 1; each is (log 3, 0)-LDP. Returns the laws of Z² under P0^{⊗2} and P1^{⊗2} and the kernels."""
    k1 = randomized_response(log(3)).rows
    k2 = {0: randomized_response(log(2)).rows, 1: randomized_response(log(3)).rows}
    law = lambda p: [[push(p, k1)[z1] * push(p, k2[z1])[z2] for z2 in (0, 1)] for z1 in (0, 1)]
    return law(p0), law(p1), [k1, k2[0], k2[1]]


def _iid(joint) -> bool:
    """Is the law of (Z_1, Z_2) a product m ⊗ m of one law m, the form (P_jK)^{⊗2} that (50)–(51) assume?"""
    first = [sum(row, sympy.Integer(0)) for row in joint]
    second = [sum((row[z] for row in joint), sympy.Integer(0)) for z in (0, 1)]
    return first == second and all(sign(joint[a][b] - first[a] * first[b]) == 0 for a in (0, 1) for b in (0, 1))


_LEMMA_3_DOMAIN = [Laws("P0", "P1"), _ℓ >= 2 * _τ, _τ > 0, LDPChannel("K_i", _ε, _δ)]


@claim(PAPER, "Lemma 3",
       "ℛ_n(𝒫, ℓ, ε, δ) ≥ (τ/2)[1 − √(n φ(ε,δ) D_KL(P0‖P1)/2)] (sequentially interactive K^n): the effective sample "
       "size is (1 − e^{−ε}(1 − δ))n",
       domain=_LEMMA_3_DOMAIN, stated_domain='“ℓ(θ(P0), θ(P1)) ≥ 2τ” (“for some τ > 0”, Section IV), sequentially interactive K_i ∈ Q_{ε,δ}', stated_where='Section IV-A, Lemma 3',
       quote=(r"Lemma 3. Let P0,P1βˆˆπ’«subscript𝑃0subscript𝑃1𝒫P_{0},P_{1}\in{\mathcal{P}} satisfy "
              r"ℓ(θ(P0),θ(P1))β‰₯2β€‹Ο„β„“πœƒsubscript𝑃0πœƒsubscript𝑃12𝜏\ell(\theta(P_{0}),\theta(P_{1}))\geq 2\tau. "
              r"Then we have "
              r"β„›n(𝒫,β„“,Ξ΅,Ξ΄)β‰₯Ο„2[1βˆ’12nφ(Ξ΅,Ξ΄)Dπ–ͺ𝖫(P0βˆ₯P1)].subscriptβ„›π‘›π’«β„“πœ€π›Ώπœ2delimited-[]112π‘›πœ‘πœ€π›Ώsubscript𝐷π–ͺ𝖫conditionalsubscript𝑃0subscript𝑃1\mathcal{R}_{n}({\mathcal{P}},\ell,\varepsilon,\delta)\geq\frac{\tau}{2}\left[1-\frac{1}{\sqrt{2}}\sqrt{n\varphi(\varepsilon,\delta)D_{\mathsf{KL}}(P_{0}\|P_{1})}\right]."))
def lemma_3():
    r = rng(3)
    ok = []
    for rows, x, d in ldp_kernels():
        f = phi(log(x), d)
        for _ in range(2):
            p0, p1 = bernoulli(R(r.randint(1, 9), 10)), bernoulli(R(r.randint(1, 9), 10))
            for n in (1, 2, 3):
                ok.append(le(_tv_product(p0, p1, rows, n), sqrt(n * f * kl(p0, p1) / 2)))
    # one sequentially interactive instance: K_2 depends on Z_1 (RR at e^ε = 2 after z₁ = 0, 3 after z₁ = 1)
    p0, p1 = bernoulli(R(1, 5)), bernoulli(R(7, 10))
    m0, m1 = [[v for row in m for v in row] for m in _interactive_laws(p0, p1)[:2]]
    ok.append(le(tv_events(m0, m1), sqrt(2 * phi(log(3), 0) * kl(p0, p1) / 2)))
    ok.append(le(kl(m0, m1), 2 * phi(log(3), 0) * kl(p0, p1)))
    eps = sympy.Symbol("epsilon", positive=True)
    size = identity(N * (1 - exp(-eps) * (1 - DELTA)), N * phi(eps, DELTA),
                    "effective sample size nφ(ε,δ) = (1 − e^{−ε}(1−δ))n")
    value = catalog([rb.le_cam_lower_bound(1, 100, R(1, 100), 1, 0)], ["0.2189038067608"],
                    "τ = 1, n = 100, ε = 1, δ = 0, D = 0.01: 0.2189038067608 (non-private (7): 0.1464)")
    step = _tv_from_kl(N * sympy.Symbol("phi"), "D(M0^n‖M1^n) = Σ_i E D(P0K_i(·|Z^{i−1})‖P1K_i(·|Z^{i−1})) ≤ nφD "
                       "(chain rule; each K_i(·|z^{i−1}) ∈ Q_{ε,δ} contracts KL by η_KL ≤ φ, Lemma 1)")
    return establish(combine(step, _contracted("D(P0K‖P1K) ≤ η_KL(K)·D(P0‖P1) with η_KL(K) ≤ φ (Lemma 1) gives ≤ φD")),
                     holds(all(ok), "4 LDP kernels (RR at e^ε = 2, 3; the (log 2, 1/10) dominating kernel; a random "
                           "(log 3)-LDP 2×3 kernel) × 2 Bernoulli pairs × n ≤ 3, and a sequentially interactive pair: "
                           "TV(M0^n, M1^n) ≤ √(nφD/2) (eqs. 34–36)"),
                     size, value, domain=_LEMMA_3_DOMAIN,
                     uses=["egamma-ldp:lemma-1", _PINSKER, _CHAIN, _LE_CAM],
                     prose_steps=["the chain rule's i-th term is an average over Z^{i−1} of D(P0K_i(·|z^{i−1})‖P1K_i(·|z^{i−1})); "
                                  "X_i is independent of Z^{i−1} under each P_j, so each term is ≤ φD and their sum ≤ nφD"])


@claim(PAPER, "Lemma 3 (comparison with Duchi et al.), erratum",
       "With δ = 0, Lemma 3's effective sample size (1 − e^{−ε})n is smaller than Duchi et al.'s 4ε²n only for "
       "ε > ε* = 0.2239807…; for small ε (the regime of Duchi et al.) it is larger, so Lemma 3 does not strengthen it "
       "there (printed: 'strengthens … for sufficiently small ε')",
       stated_domain="“Setting δ = 0”, Duchi et al.'s regime “for sufficiently small ε”", stated_where='Section IV-A, after Lemma 3',
       quote=(r"By comparing with the original non-private Le Cam’s method (7), we observe that the effect of "
              r"(Ξ΅,Ξ΄)πœ€π›Ώ(\varepsilon,\delta)-LDP is to reduce the effective sample size from n𝑛n to "
              r"(1βˆ’eβˆ’Ξ΅β€‹(1βˆ’Ξ΄))n1superscriptπ‘’πœ€1𝛿𝑛(1-e^{-\varepsilon}(1-\delta))n. Setting "
              r"Ξ΄=0𝛿0\delta=0, this result strengthens Duchi et al. [10, Corollary 2], where the effective sample "
              r"size was shown to be 4Ρ2n4superscriptπœ€2𝑛4\varepsilon^{2}n for sufficiently small Ξ΅πœ€\varepsilon."))
def lemma_3_djw():
    g = lambda e: 1 - exp(-e) - 4 * e ** 2
    concave = identity(sympy.diff(g(T), T, 2), -exp(-T) - 8, "g(ε) = 1 − e^{−ε} − 4ε² is concave (g'' = −e^{−ε} − 8 < 0), "
                       "g(0) = 0, g'(0) = 1: one positive root ε*, g > 0 on (0, ε*), g < 0 beyond")
    root = solve_decreasing(lambda t: 1 - (-t).exp() - 4 * t * t, 0, R(1, 8), 1, name="epsilon*")
    decreasing = inequality_on_box(-sympy.diff(g(T), T), [(R(1, 8), 1)], "g' = e^{−ε} − 8ε < 0 on [1/8, 1]",
                                   variables=[T])
    corrected = establish(combine(concave, decreasing, catalog([root], ["0.223980722981727"],
                                                               "ε* = 0.223980722981727 (certified root)")),
                          domain="ε > 0")
    w = R(1, 10)
    return erratum(le(phi(w, 0), 4 * w ** 2), {"eps": "1/10", "1 - e^-eps": "0.0951626", "4 eps^2": "0.04"},
                   corrected, "at ε = 0.1 the private effective sample size 0.0952n exceeds 4ε²n = 0.04n: weaker, "
                   "not stronger", corrected_statement="Lemma 3 improves on 4ε²n iff ε > ε* = 0.2239807…", kind="minor",
                   reading="“this result strengthens Duchi et al. [10, Corollary 2], where the effective sample size "
                   "was shown to be 4ε²n for sufficiently small ε”: a comparison remark; Lemma 3 is more general (δ > 0, "
                   "every ε) but its effective sample size is the larger one for ε < ε*, Duchi et al.'s own regime")


# --------------------------------------------------------------------------------------------
# Example 2 and Corollary 1


def _two_points():
    """Corollary 1's P0 (mass ω at −ω^{−1/k}, 1 − ω at 0) and P1 (mass ω at +ω^{−1/k})."""
    s = OMEGA ** (-1 / K)
    return [(-s, OMEGA), (0, 1 - OMEGA)], [(s, OMEGA), (0, 1 - OMEGA)]


@claim(PAPER, "Example 2",
       "Corollary 1's P0, P1 lie in 𝒫_k = {|E X| ≤ 1, E|X|^k ≤ 1}: E|X|^k = 1 and |E X| = ω^{(k−1)/k} ≤ 1; "
       "H²(P0, P1) = 2ω",
       stated_domain='𝒫_k = {P: |E_P X| ≤ 1, E_P|X|^k ≤ 1}, k > 1; the construction’s ω ∈ (0, 1]',
       stated_where='Section IV-A, Example 2', stated_relations=[K > 1, OMEGA <= 1],
       quote=(r"ExampleΒ 2. (One-dimensional mean estimation) For some k>1π‘˜1k>1, we assume 𝒫𝒫{\mathcal{P}} is "
              r"given by "
              r"𝒫=𝒫k≔{Pβˆˆπ’«β€‹(𝒳):|𝔼P[X]|≀1,𝔼P[|X|k]≀1}.𝒫subscriptπ’«π‘˜β‰”conditional-set𝑃𝒫𝒳formulae-sequencesubscript𝔼𝑃delimited-[]𝑋1subscript𝔼𝑃delimited-[]superscriptπ‘‹π‘˜1{\mathcal{P}}={\mathcal{P}}_{k}\coloneqq\{P\in{\mathcal{P}}({\mathcal{X}}):\leavevmode\nobreak\ "
              r"|{\mathbb{E}}_{P}[X]|\leq 1,{\mathbb{E}}_{P}[|X|^{k}]\leq 1\}. The goal is to estimate "
              r"θ(P)=𝔼P[X]πœƒπ‘ƒsubscript𝔼𝑃delimited-[]𝑋\theta(P)={\mathbb{E}}_{P}[X] under "
              r"β„“=β„“22β„“superscriptsubscriptβ„“22\ell=\ell_{2}^{2} the squared β„“2subscriptβ„“2\ell_{2} metric. "
              r"This problem was first studied in [10, Propsition 1] where it was shown "
              r"β„›n(𝒫k,β„“22,Ξ΅,0)β‰₯(nΡ2)βˆ’(kβˆ’1)/ksubscriptℛ𝑛subscriptπ’«π‘˜superscriptsubscriptβ„“22πœ€0superscript𝑛superscriptπœ€2π‘˜1π‘˜\mathcal{R}_{n}({\mathcal{P}}_{k},\ell_{2}^{2},\varepsilon,0)\geq(n\varepsilon^{2})^{-(k-1)/k} "
              r"only for Ρ≀1πœ€1\varepsilon\leq 1. Applying our framework to this example, we obtain a similar lower "
              r"bound that holds for all Ξ΅β‰₯0πœ€0\varepsilon\geq 0 and δ∈[0,1]𝛿01\delta\in[0,1]."))
def example_2():
    p0, p1 = _two_points()
    moments = [sympy.simplify(sum(w * abs(v) ** K for v, w in law)) for law in (p0, p1)]
    means = [sympy.simplify(sum(w * v for v, w in law)) for law in (p0, p1)]
    h2 = sum(((sympy.sqrt(a) - sympy.sqrt(b)) ** 2 for a, b in ((OMEGA, 0), (1 - OMEGA, 1 - OMEGA), (0, OMEGA))),
             sympy.Integer(0))
    return establish(identity(moments + means + [h2], [1, 1, -OMEGA ** ((K - 1) / K), OMEGA ** ((K - 1) / K), 2 * OMEGA],
                              "E|X|^k = ω·ω^{−1} = 1, E X = ∓ω^{1−1/k} (≤ 1 in size for ω ≤ 1, k > 1), H² = 2ω"),
                     domain='𝒫_k = {P: |E_P X| ≤ 1, E_P|X|^k ≤ 1}, k > 1; the construction’s ω ∈ (0, 1]',
                     domain_relations=[K > 1, OMEGA <= 1])


@claim(PAPER, "Corollary 1 (proof, separation), erratum",
       "ℓ₂²(θ(P0), θ(P1)) = 4ω^{2(k−1)/k} (printed: 2ω^{2(k−1)/k}); (37) uses τ = 2ω^{2(k−1)/k}, consistent with 4",
       stated_domain='ω ∈ (0, 1], k > 1', stated_where='Appendix, proof of Corollary 1', stated_relations=[K > 1, OMEGA <= 1],
       quote=(r"Fix Ο‰βˆˆ(0,1]πœ”01\omega\in(0,1] and consider two distributions P0subscript𝑃0P_{0} and "
              r"P1subscript𝑃1P_{1} on "
              r"{βˆ’Ο‰βˆ’1k,0,Ο‰βˆ’1k}superscriptπœ”1π‘˜0superscriptπœ”1π‘˜\{-\omega^{-\frac{1}{k}},0,\omega^{-\frac{1}{k}}\} "
              r"defined as "
              r"P0(βˆ’Ο‰βˆ’1k)=Ο‰,P0(0)=1βˆ’Ο‰,formulae-sequencesubscript𝑃0superscriptπœ”1π‘˜πœ”subscript𝑃001πœ”P_{0}(-\omega^{-\frac{1}{k}})=\omega,\qquad "
              r"P_{0}(0)=1-\omega, and "
              r"P1(Ο‰βˆ’1k)=Ο‰,P1(0)=1βˆ’Ο‰.formulae-sequencesubscript𝑃1superscriptπœ”1π‘˜πœ”subscript𝑃101πœ”P_{1}(\omega^{-\frac{1}{k}})=\omega,\qquad "
              r"P_{1}(0)=1-\omega. It can be verified that both P0subscript𝑃0P_{0} and P1subscript𝑃1P_{1} belong to "
              r"𝒫ksubscriptπ’«π‘˜{\mathcal{P}}_{k}. Note that "
              r"β„“22(θ(P0),θ(P1))=2ω2(kβˆ’1)ksuperscriptsubscriptβ„“22πœƒsubscript𝑃0πœƒsubscript𝑃12superscriptπœ”2π‘˜1π‘˜\ell_{2}^{2}(\theta(P_{0}),\theta(P_{1}))=2\omega^{\frac{2(k-1)}{k}}. "
              r"Let "
              r"M0n=P0βŠ—nπ–ͺnsuperscriptsubscript𝑀0𝑛subscriptsuperscript𝑃tensor-productabsent𝑛0superscriptπ–ͺ𝑛M_{0}^{n}=P^{\otimes "
              r"n}_{0}{\mathsf{K}}^{n} and "
              r"M1n=P1βŠ—nπ–ͺnsuperscriptsubscript𝑀1𝑛subscriptsuperscript𝑃tensor-productabsent𝑛1superscriptπ–ͺ𝑛M_{1}^{n}=P^{\otimes "
              r"n}_{1}{\mathsf{K}}^{n} be the corresponding output distributions of the mechanism "
              r"π–ͺn=π–ͺ1…π–ͺnsuperscriptπ–ͺ𝑛subscriptπ–ͺ1…subscriptπ–ͺ𝑛{\mathsf{K}}^{n}={\mathsf{K}}_{1}\dots\mathsf{K}_{n}, "
              r"the composition of mechanisms π–ͺisubscriptπ–ͺ𝑖{\mathsf{K}}_{i}. Le Cam’s bound for "
              r"β„“22superscriptsubscriptβ„“22\ell_{2}^{2}-metric yields"))
def corollary_1_separation():
    p0, p1 = _two_points()
    mean = lambda law: sum(w * v for v, w in law)
    sep = sympy.simplify((mean(p1) - mean(p0)) ** 2)
    corrected = establish(identity(sep, 4 * OMEGA ** (2 * (K - 1) / K), "(θ1 − θ0)² = (2ω^{(k−1)/k})²"),
                          domain="ω ∈ (0, 1], k > 1")
    at = {OMEGA: R(3, 10), K: 2}
    return erratum(sep.subs(at) == (2 * OMEGA ** (2 * (K - 1) / K)).subs(at),
                   {"omega": "3/10", "k": 2, "(theta1-theta0)^2": str(sep.subs(at)), "printed 2w^(2(k-1)/k)": "3/5"},
                   corrected, "the separation is 6/5, twice the printed 3/5",
                   corrected_statement="ℓ₂²(θ(P0), θ(P1)) = 4ω^{2(k−1)/k}", kind="typo")


_COROLLARY_1_PROOF_DOMAIN = [_k > 1, _ε >= 0, _δ > 0, _δ < 1, Integer("n", 1)]


@claim(PAPER, "Corollary 1 (proof, eqs. 37–40)",
       "H²(∏P_i, ∏Q_i) = 2 − 2∏(1 − H²(P_i,Q_i)/2); TV ≤ H; H²(M0^n, M1^n) ≤ 2 − 2(1 − ωφ)^n; hence (40): "
       "ℛ_n ≥ ω^{2(k−1)/k}[1 − √2 √(1 − (1 − ωφ)^n)]",
       domain=_COROLLARY_1_PROOF_DOMAIN, stated_domain='k > 1, ε ≥ 0, δ ∈ (0, 1), n ≥ 1', stated_where='Appendix, proof of Corollary 1, eqs. (37)–(40)',
       quote=(r"It can be verified that both P0subscript𝑃0P_{0} and P1subscript𝑃1P_{1} belong to "
              r"𝒫ksubscriptπ’«π‘˜{\mathcal{P}}_{k}. Note that "
              r"β„“22(θ(P0),θ(P1))=2ω2(kβˆ’1)ksuperscriptsubscriptβ„“22πœƒsubscript𝑃0πœƒsubscript𝑃12superscriptπœ”2π‘˜1π‘˜\ell_{2}^{2}(\theta(P_{0}),\theta(P_{1}))=2\omega^{\frac{2(k-1)}{k}}. "
              r"Let "
              r"M0n=P0βŠ—nπ–ͺnsuperscriptsubscript𝑀0𝑛subscriptsuperscript𝑃tensor-productabsent𝑛0superscriptπ–ͺ𝑛M_{0}^{n}=P^{\otimes "
              r"n}_{0}{\mathsf{K}}^{n} and "
              r"M1n=P1βŠ—nπ–ͺnsuperscriptsubscript𝑀1𝑛subscriptsuperscript𝑃tensor-productabsent𝑛1superscriptπ–ͺ𝑛M_{1}^{n}=P^{\otimes "
              r"n}_{1}{\mathsf{K}}^{n} be the corresponding output distributions of the mechanism "
              r"π–ͺn=π–ͺ1…π–ͺnsuperscriptπ–ͺ𝑛subscriptπ–ͺ1…subscriptπ–ͺ𝑛{\mathsf{K}}^{n}={\mathsf{K}}_{1}\dots\mathsf{K}_{n}, "
              r"the composition of mechanisms π–ͺisubscriptπ–ͺ𝑖{\mathsf{K}}_{i}. Le Cam’s bound for "
              r"β„“22superscriptsubscriptβ„“22\ell_{2}^{2}-metric yields "
              r"β„›n(𝒫k,β„“22,Ξ΅,Ξ΄)subscriptℛ𝑛subscriptπ’«π‘˜superscriptsubscriptβ„“22πœ€π›Ώ\displaystyle\mathcal{R}_{n}({\mathcal{P}}_{k},\ell_{2}^{2},\varepsilon,\delta) "
              r"β‰₯Ο‰2(kβˆ’1)k(1βˆ’π–³π–΅(M0n,M1n)\displaystyle\geq\omega^{\frac{2(k-1)}{k}}(1-{\mathsf{TV}}(M^{n}_{0},M^{n}_{1}) "
              r"β‰₯Ο‰2(kβˆ’1)k(1βˆ’H(M0n,M1n)),absentsuperscriptπœ”2π‘˜1π‘˜1𝐻subscriptsuperscript𝑀𝑛0subscriptsuperscript𝑀𝑛1\displaystyle\geq\omega^{\frac{2(k-1)}{k}}\left(1-H(M^{n}_{0},M^{n}_{1})\right), "
              r"(37) where the last inequality follows from the fact 𝖳𝖡(P,Q)≀H(P,Q)𝖳𝖡𝑃𝑄𝐻𝑃𝑄{\mathsf{TV}}(P,Q)\leq "
              r"H(P,Q) for H(P,Q)𝐻𝑃𝑄H(P,Q) being the Hellinger distance. Notice that "
              r"M0n=∏i=1n(P0π–ͺi)superscriptsubscript𝑀0𝑛superscriptsubscriptproduct𝑖1𝑛subscript𝑃0subscriptπ–ͺ𝑖M_{0}^{n}=\prod_{i=1}^{n}(P_{0}{\mathsf{K}}_{i}) "
              r"and "
              r"M1n=∏i=1n(P1π–ͺi)superscriptsubscript𝑀1𝑛superscriptsubscriptproduct𝑖1𝑛subscript𝑃1subscriptπ–ͺ𝑖M_{1}^{n}=\prod_{i=1}^{n}(P_{1}{\mathsf{K}}_{i}) "
              r"where each π–ͺisubscriptπ–ͺ𝑖{\mathsf{K}}_{i} for i∈[n]𝑖delimited-[]𝑛i\in[n] is "
              r"(Ξ΅,Ξ΄)πœ€π›Ώ(\varepsilon,\delta)-LDP. It is well known that "
              r"H2(∏i=1nPi,∏i=1nQi)=2βˆ’2β€‹βˆi=1n(1βˆ’12H2(Pi,Qi)).superscript𝐻2superscriptsubscriptproduct𝑖1𝑛subscript𝑃𝑖superscriptsubscriptproduct𝑖1𝑛subscript𝑄𝑖22superscriptsubscriptproduct𝑖1𝑛112superscript𝐻2subscript𝑃𝑖subscript𝑄𝑖H^{2}\left(\prod_{i=1}^{n}P_{i},\prod_{i=1}^{n}Q_{i}\right)=2-2\prod_{i=1}^{n}\left(1-\frac{1}{2}H^{2}(P_{i},Q_{i})\right). "
              r"Thus, H2(M0n,M1n)superscript𝐻2superscriptsubscript𝑀0𝑛superscriptsubscript𝑀1𝑛\displaystyle "
              r"H^{2}(M_{0}^{n},M_{1}^{n}) "
              r"=2βˆ’2β€‹βˆi=1n(1βˆ’12H2(P0π–ͺi,P1π–ͺi))absent22superscriptsubscriptproduct𝑖1𝑛112superscript𝐻2subscript𝑃0subscriptπ–ͺ𝑖subscript𝑃1subscriptπ–ͺ𝑖\displaystyle=2-2\prod_{i=1}^{n}\left(1-\frac{1}{2}H^{2}(P_{0}{\mathsf{K}}_{i},P_{1}{\mathsf{K}}_{i})\right) "
              r"≀2βˆ’2β€‹βˆi=1n(1βˆ’Ο†β€‹(Ξ΅,Ξ΄)2H2(P0,P1))absent22superscriptsubscriptproduct𝑖1𝑛1πœ‘πœ€π›Ώ2superscript𝐻2subscript𝑃0subscript𝑃1\displaystyle\leq "
              r"2-2\prod_{i=1}^{n}\left(1-\frac{\varphi(\varepsilon,\delta)}{2}H^{2}(P_{0},P_{1})\right) "
              r"=2βˆ’2(1βˆ’Ο†β€‹(Ξ΅,Ξ΄)2H2(P0,P1))nabsent22superscript1πœ‘πœ€π›Ώ2superscript𝐻2subscript𝑃0subscript𝑃1𝑛\displaystyle=2-2\left(1-\frac{\varphi(\varepsilon,\delta)}{2}H^{2}(P_{0},P_{1})\right)^{n} "
              r"=2βˆ’2(1βˆ’Ο‰β€‹Ο†β€‹(Ξ΅,Ξ΄))nabsent22superscript1πœ”πœ‘πœ€π›Ώπ‘›\displaystyle=2-2\left(1-\omega\varphi(\varepsilon,\delta)\right)^{n} "
              r"(38) Hence, we obtain "
              r"𝖳𝖡(M0n,M1n)≀2βˆ’2(1βˆ’Ο‰β€‹Ο†β€‹(Ξ΅,Ξ΄))n.𝖳𝖡superscriptsubscript𝑀0𝑛superscriptsubscript𝑀1𝑛22superscript1πœ”πœ‘πœ€π›Ώπ‘›{\mathsf{TV}}(M_{0}^{n},M_{1}^{n})\leq\sqrt{2-2\left(1-\omega\varphi(\varepsilon,\delta)\right)^{n}}. "
              r"(39) Plugging (38) into (37), we obtain "
              r"β„›n(𝒫k,β„“22,Ξ΅,Ξ΄)β‰₯Ο‰2(kβˆ’1)k[1βˆ’21βˆ’(1βˆ’Ο‰β€‹Ο†β€‹(Ξ΅,Ξ΄))n].subscriptℛ𝑛subscriptπ’«π‘˜superscriptsubscriptβ„“22πœ€π›Ώsuperscriptπœ”2π‘˜1π‘˜delimited-[]121superscript1πœ”πœ‘πœ€π›Ώπ‘›\mathcal{R}_{n}({\mathcal{P}}_{k},\ell_{2}^{2},\varepsilon,\delta)\geq\omega^{\frac{2(k-1)}{k}}\left[1-\sqrt{2}\sqrt{1-(1-\omega\varphi(\varepsilon,\delta))^{n}}\right]. "
              r"(40)"))
def corollary_1_proof():
    r = rng(37)
    prod = []
    for _ in range(3):
        a, b, c, d = (random_law(r, 3) for _ in range(4))
        prod.append(sign(hellinger2(product_law(a, c), product_law(b, d))
                         - (2 - 2 * (1 - hellinger2(a, b) / 2) * (1 - hellinger2(c, d) / 2))) == 0)
    ok = []
    for rows, x, d in ldp_kernels()[:3]:
        f = phi(log(x), d)
        w = R(3, 10)
        p0 = [w, 1 - w, 0]
        p1 = [0, 1 - w, w]
        rows3 = [rows[0], rows[0], rows[1]]  # inputs −s, 0, +s of a binary-input kernel: 0 shares row 0
        ok.append(le(hellinger2(push(p0, rows3), push(p1, rows3)), f * 2 * w))
        for n in (1, 2):
            m0 = product_law(*[push(p0, rows3)] * n)
            m1 = product_law(*[push(p1, rows3)] * n)
            tv = tv_l1(m0, m1)
            ok.append(le(tv, sqrt(hellinger2(m0, m1))))
            ok.append(le(hellinger2(m0, m1), 2 - 2 * (1 - w * f) ** n))
            ok.append(le(rb.hellinger_le_cam_bound(log(x), d, n, 2, w), w * (1 - tv)))
    return establish(_hellinger_le_cam_steps(),
                     holds(all(prod) and all(ok),
                           "3 random product pairs: the Hellinger product formula exactly; 3 LDP kernels (inputs −s, 0 ↦ "
                           "row 0, +s ↦ row 1) at ω = 3/10, n ≤ 2: H²(P0K, P1K) ≤ φH², TV ≤ H, (38), and (40) ≤ "
                           "ω(1 − TV(M0^n, M1^n)) (k = 2)"),
                     domain=_COROLLARY_1_PROOF_DOMAIN,
                     uses=["egamma-ldp:lemma-1", "egamma-ldp:example-2", "egamma-ldp:eqs-6-7", _LE_CAM,
                           cited("Le Cam (Tsybakov, Introduction to Nonparametric Estimation, Lemma 2.3)", "TV ≤ H")],
                     prose_steps=["the product formula for n factors by induction on n from the two-factor identity",
                                  "x ↦ x^n increases on [0, ∞): BC(P0K, P1K) ≥ 1 − ωφ ≥ 0 gives BC^n ≥ (1 − ωφ)^n, i.e. (38)",
                                  "τ/2 = ω^{2(k−1)/k} (the separation 4ω^{2(k−1)/k} = 2τ, see the separation erratum)"])


def _hellinger_le_cam_steps() -> object:
    """Eqs. (37)–(40) with BC = Σ√(pq) = 1 − H²/2: (37) BC is multiplicative over products (two factors with
    two-point supports, symbolic); H²(P0K, P1K) ≤ φH²(P0, P1) = 2ωφ (Lemma 1 for the Hellinger f-divergence,
    Example 2) gives BC(P0K, P1K) ≥ 1 − ωφ; (40): TV ≤ H (Le Cam) and H² ≤ 2 − 2c, c = (1 − ωφ)^n, give
    1 − TV ≥ 1 − √2·√(1 − c)."""
    a1, a2, b1, b2, c1, c2, d1, d2 = sympy.symbols("a1 a2 b1 b2 c1 c2 d1 d2", positive=True)
    bc = lambda p, q: sum(sympy.sqrt(x * y) for x, y in zip(p, q))
    product = identity(bc([a1 * c1, a1 * c2, a2 * c1, a2 * c2], [b1 * d1, b1 * d2, b2 * d1, b2 * d2]),
                       bc([a1, a2], [b1, b2]) * bc([c1, c2], [d1, d2]),
                       "(37): Σ√(p(x)q(x)) of product laws is the product of the factors' (two factors, symbolic)")
    h1, w, f = sympy.symbols("H1 omega phi", real=True)
    one_step = real_closed((1 - h1 / 2) - (1 - w * f), [h1, w, f], [h1 <= f * 2 * w],
                           "H²(P0K, P1K) ≤ φ·2ω gives BC(P0K, P1K) = 1 − H²/2 ≥ 1 − ωφ")
    tv, h2, c, s, r, t = sympy.symbols("tv h2 c s r t", real=True)
    bracket = real_closed(t * (1 - tv) - t * (1 - r * s), [tv, h2, c, s, r, t],
                          [tv >= 0, tv ** 2 <= h2, h2 <= 2 - 2 * c, s >= 0, sympy.Eq(s ** 2, 1 - c), r > 0,
                           sympy.Eq(r ** 2, 2), t >= 0],
                          "(40): TV ≤ H, H² ≤ 2 − 2c ⇒ t(1 − TV) ≥ t(1 − √2·√(1 − c)) for t = τ/2 ≥ 0")
    return grouped("Hellinger tensorisation, one-step contraction and the Le Cam bracket", product, one_step, bracket)


@claim(PAPER, "Corollary 1 (proof, eq. 41), erratum",
       "With the printed ω = min{1, [1 − (7/8)^{1/√n}]/φ} the bracket of (40) is 1 − √2√(1 − (7/8)^{√n}), negative "
       "for n ≥ 27 (n > (log 2/log(8/7))² = 26.945…), so (41) does not follow; with ω = min{1, [1 − (7/8)^{1/n}]/φ} "
       "the bracket is ≥ 1/2 and ℛ_n ≥ ½ω^{2(k−1)/k} ≍ min{1, (nφ)^{−1}}^{2(k−1)/k}",
       stated_domain="the proof's choice ω = min{1, φ⁻¹[1 − (7/8)^{1/√n}]}, n ≥ 1", stated_where='Appendix, proof of Corollary 1, eq. (41)',
       quote=(r"Now, choose "
              r"Ο‰=min⁑{1,1φ(Ξ΅,Ξ΄)[1βˆ’(78)1n]}πœ”11πœ‘πœ€π›Ώdelimited-[]1superscript781𝑛\omega=\min\left\{1,\frac{1}{\varphi(\varepsilon,\delta)}\left[1-\left(\frac{7}{8}\right)^{\frac{1}{\sqrt{n}}}\right]\right\}. "
              r"Notice that we assume Ξ΄>0𝛿0\delta>0 and hence φ(Ξ΅,Ξ΄)>0πœ‘πœ€π›Ώ0\varphi(\varepsilon,\delta)>0 "
              r"regardless of Ξ΅πœ€\varepsilon. Plugging this choice of Ο‰πœ”\omega into the above bound, we obtain "
              r"β„›n(𝒫k,β„“22,Ξ΅,Ξ΄)subscriptℛ𝑛subscriptπ’«π‘˜superscriptsubscriptβ„“22πœ€π›Ώ\displaystyle\mathcal{R}_{n}({\mathcal{P}}_{k},\ell_{2}^{2},\varepsilon,\delta) "
              r"≳(φ(Ξ΅,Ξ΄))βˆ’2(kβˆ’1)k[1βˆ’(78)1n]2(kβˆ’1)kgreater-than-or-equivalent-toabsentsuperscriptπœ‘πœ€π›Ώ2π‘˜1π‘˜superscriptdelimited-[]1superscript781𝑛2π‘˜1π‘˜\displaystyle\gtrsim(\varphi(\varepsilon,\delta))^{-\frac{2(k-1)}{k}}\left[1-\left(\frac{7}{8}\right)^{\frac{1}{\sqrt{n}}}\right]^{\frac{2(k-1)}{k}} "
              r"≳(φ(Ξ΅,Ξ΄))βˆ’2(kβˆ’1)knβˆ’kβˆ’1k.greater-than-or-equivalent-toabsentsuperscriptπœ‘πœ€π›Ώ2π‘˜1π‘˜superscriptπ‘›π‘˜1π‘˜\displaystyle\gtrsim(\varphi(\varepsilon,\delta))^{-\frac{2(k-1)}{k}}n^{-\frac{k-1}{k}}. "
              r"(41)"))
def corollary_1_omega():
    bracket = lambda n: 1 - sqrt(2) * sqrt(1 - R(7, 8) ** sqrt(n))
    e, d = 1, R(1, 100)  # φ < 1 − (7/8)^{1/√n} fails, so ω < 1
    w27 = rb.printed_omega(e, d, 27)
    printed = rb.hellinger_le_cam_bound(e, d, 27, 2, w27)
    threshold = (log(2) / log(R(8, 7))) ** 2
    corrected = combine(
        identity(sympy.powsimp((1 - (1 - R(7, 8) ** (1 / N))) ** N, force=True), R(7, 8), "(1 − ωφ)^n = 7/8 at ω = [1 − (7/8)^{1/n}]/φ"),
        identity(1 - sqrt(2) * sqrt(1 - R(7, 8)), R(1, 2), "so the bracket of (40) is 1 − √2·√(1/8) = 1/2"),
        catalog([rb.private_mean_lower_bound(1, R(1, 100), 100, 2)], ["0.00104940559"],
                "n = 100, ε = 1, δ = 0.01, k = 2: ½ω = 0.00104940559"),
        holds(all(le(rb.private_mean_lower_bound(1, R(1, 100), n, 2), rb.hellinger_le_cam_bound(
            1, R(1, 100), n, 2, rb.corrected_omega(1, R(1, 100), n))) for n in (27, 100, 1000)),
              "library bound ≤ (40) at the corrected ω for n ∈ {27, 100, 1000}"))
    return erratum(sign(printed) >= 0,
                   {"n": 27, "eps": 1, "delta": "1/100", "bracket": str(sympy.N(bracket(27), 12)),
                    "(40) at the printed omega": str(sympy.N(printed, 12)), "threshold n*": str(sympy.N(threshold, 15))},
                   establish(combine(corrected, catalog([threshold, bracket(26), bracket(27)],
                                                        ["26.9453708608979", "0.00619094617053611", "-0.000350959506884764"],
                                                        "threshold n* and the brackets at n = 26, 27")),
                             domain="n ≥ 1, φ > 0"),
                   "at n = 27 the printed choice makes (40) negative (vacuous)",
                   corrected_statement="ω = min{1, [1 − (7/8)^{1/n}]/φ}: ℛ_n ≥ ½ω^{2(k−1)/k}", kind="proof gap")


@claim(PAPER, "Corollary 1 (eq. 8), erratum",
       "(8) ℛ_n(𝒫_k, ℓ₂², ε, δ) ≳ min{1, (nφ²)^{−(k−1)/k}} fails for large ε: for k = 2 the ε-LDP clip-and-Laplace "
       "estimator has MSE ≤ 1/(16T²) + (1 + 8T²/ε²)/n = 145/(16n) at T = ε = √n, while (8) claims ≥ C/√n for a "
       "universal C, so (8) fails once n > (145/(16C))²",
       stated_domain='“for all k > 1, ε ≥ 0 and δ ∈ (0, 1)”', stated_where='Section IV-A, Corollary 1, eq. (8)',
       quote=(r"Corollary 1. For all k>1π‘˜1k>1, Ξ΅β‰₯0πœ€0\varepsilon\geq 0, and δ∈(0,1)𝛿01\delta\in(0,1), we have "
              r"β„›n(𝒫k,β„“22,Ξ΅,Ξ΄)subscriptℛ𝑛subscriptπ’«π‘˜superscriptsubscriptβ„“22πœ€π›Ώ\displaystyle\mathcal{R}_{n}({\mathcal{P}}_{k},\ell_{2}^{2},\varepsilon,\delta) "
              r"≳min⁑{1,[nφ2(Ξ΅,Ξ΄)]βˆ’(kβˆ’1)k}.greater-than-or-equivalent-toabsent1superscriptdelimited-[]𝑛superscriptπœ‘2πœ€π›Ώπ‘˜1π‘˜\displaystyle\gtrsim\min\Big{\{}1,\left[n\varphi^{2}(\varepsilon,\delta)\right]^{-\frac{(k-1)}{k}}\Big{\}}. "
              r"(8)"))
def corollary_1_statement():
    n = 10 ** 8
    eps = sympy.Integer(10 ** 4)
    achievable = rb.clip_laplace_mse_bound(eps, n, eps)
    rate = sympy.Min(1, (n * phi(eps, R(1, 2)) ** 2) ** R(-1, 2))
    mse = lambda e, n, t: 1 / (16 * t ** 2) + (1 + 8 * t ** 2 / e ** 2) / n
    general = combine(identity(mse(sqrt(N), N, sqrt(N)), R(145, 16) / N, "at T = ε = √n the bound is 145/(16n)"),
                      exact_agreement([rb.clip_laplace_mse_bound(sqrt(n), n, sqrt(n)) for n in (100, 10 ** 4)],
                                      [R(145, 1600), R(145, 160000)], "library clip_laplace_mse_bound at n = 100, 10⁴"))
    ratio = inequality_on_box(1 / sympy.sqrt(T) - 1, [(R(1, 10 ** 6), 1)],
                              "min{1, (nφ²)^{−1/2}} ≥ n^{−1/2} since φ ≤ 1 (t = φ² ∈ (0, 1])", variables=[T])
    corrected = establish(combine(general, ratio, holds(le(rb.private_mean_lower_bound(eps, R(1, 2), n, 2), achievable),
                                                        "the corrected bound ½ω (Corollary 1 (proof, eq. 41)) stays below "
                                                        "the achievable MSE at the witness")),
                          domain="k = 2, all n ≥ 1")
    c = R(1, 1000)
    return erratum(le(c * rate, achievable),
                   {"n": n, "eps = T": 10 ** 4, "delta": "1/2", "achievable MSE <=": str(achievable),
                    "printed rate min{1,(n phi^2)^-1/2}": str(sympy.N(rate, 12)), "constant C": "1/1000"},
                   corrected, "even with C = 1/1000 the claimed lower bound C·rate = 1.0e-7 exceeds the achievable "
                   "MSE 9.06e-8; the ratio achievable/rate ≤ 145/(16√n) → 0",
                   corrected_statement="ℛ_n ≥ ½ min{1, [1 − (7/8)^{1/n}]/φ}^{2(k−1)/k} (no (nφ²) rate)",
                   kind="substantive")


@claim(PAPER, "Corollary 1 (remarks k = 2, k → ∞)",
       "k = 2: [nφ²]^{−1/2} = 1/(φ√n); k → ∞: [nφ²]^{−(k−1)/k} → (φ²n)^{−1}",
       domain=[Integer("n", 1), _φ > 0, _k > 1],
       stated_domain='k = 2 and k → ∞ (every n ≥ 1, φ > 0; Corollary 1\'s moment order k > 1)',
       stated_where='Section IV-A, text after Corollary 1',
       quote=(r"It is worth instantiating this corollary for some special values of kπ‘˜k. Consider first the usual "
              r"setting of finite variance setting, i.e., k=2π‘˜2k=2. In the non-private case, it is known that the "
              r"sample mean has mean-squared error that scales as 1/n1𝑛1/n. According to CorollaryΒ 1, this rate "
              r"worsens to 1/φ(Ξ΅,Ξ΄)n1πœ‘πœ€π›Ώπ‘›1/\varphi(\varepsilon,\delta)\sqrt{n} in the presence of "
              r"(Ξ΅,Ξ΄)πœ€π›Ώ(\varepsilon,\delta)-LDP requirement. As kβ†’βˆžβ†’π‘˜k\to\infty, the moment condition "
              r"𝔼p[|X|k]≀1subscript𝔼𝑝delimited-[]superscriptπ‘‹π‘˜1{\mathbb{E}}_{p}[|X|^{k}]\leq 1 implies the "
              r"boundedness of X𝑋X. In this case, CorollaryΒ 1 implies the more standard lower bound "
              r"(Ο†2(Ξ΅,Ξ΄)n)βˆ’1superscriptsuperscriptπœ‘2πœ€π›Ώπ‘›1(\varphi^{2}(\varepsilon,\delta)n)^{-1}."))
def corollary_1_remarks():
    f = sympy.Symbol("phi", positive=True)
    return establish(identity([(N * f ** 2) ** R(-1, 2), (N * f ** 2) ** (-(K - 1) / K)],
                              [1 / (f * sqrt(N)), (N * f ** 2) ** (1 / K) / (N * f ** 2)],
                              "k = 2 gives 1/(φ√n); for every k, [nφ²]^{−(k−1)/k} = [nφ²]^{1/k}/(nφ²)"),
                     domain=[Integer("n", 1), _φ > 0, _k > 1],
                     prose_steps=["k → ∞: [nφ²]^{1/k} → 1 (a fixed positive base), so [nφ²]^{−(k−1)/k} → (nφ²)^{−1}"])


# --------------------------------------------------------------------------------------------
# Section IV-B: Fano, Lemma 4, eq. (10), Corollary 2


def _lemma4_instance():
    """V uniform on {0, 1, 2}, P_v = Ber(1/5), Ber(1/2), Ber(4/5), n = 2, K = RR at e^ε = 2."""
    laws = [bernoulli(R(1, 5)), bernoulli(R(1, 2)), bernoulli(R(4, 5))]
    n, rows = 2, randomized_response(log(2)).rows
    xn = [product_law(*[p] * n) for p in laws]
    zn = [product_law(*[push(p, rows)] * n) for p in laws]
    third = R(1, 3)
    i_x = mutual_information([[third * v for v in law] for law in xn])
    i_z = mutual_information([[third * v for v in law] for law in zn])
    return laws, n, i_x, i_z


def _point_mass_rr_information(n: int):
    """V uniform on {0, 1}, P_v = δ_v (so X^n = (v, …, v) and I(X^n;V) = log 2), Z^n = K_RR^{⊗n}(X^n) with
    binary randomized response at ε = 1: I(Z^n;V) by two routes, (a) a sum over all 2^n output sequences of
    ½Σ_v P(z|v) log(P(z|v)/P(z)) in arb, (b) grouped by the number s of ones, by symmetry in v:
    Σ_s C(n,s) e^s (1+e)^{−n} log(2/(1 + e^{n−2s}))."""
    def by_sequences(prec):
        e = arb(1).exp()
        keep, flip = e / (1 + e), 1 / (1 + e)
        total = arb(0)
        for z in itertools.product((0, 1), repeat=n):
            ones = sum(z)
            p1, p0 = keep ** ones * flip ** (n - ones), keep ** (n - ones) * flip ** ones
            mid = (p0 + p1) / 2
            total += (p0 * (p0 / mid).log() + p1 * (p1 / mid).log()) / 2
        return total
    s = sympy.Symbol("s", integer=True, nonnegative=True)
    closed = sympy.Sum(sympy.binomial(n, s) * sympy.E ** s / (1 + sympy.E) ** n * log(2 / (1 + sympy.E ** (n - 2 * s))),
                       (s, 0, n)).doit()
    return Real(by_sequences), closed


@claim(PAPER, "Eq. (9) and Lemma 4",
       "For K^{⊗n} with K (ε,δ)-LDP: I(Z^n;V) ≤ φ_n(ε,δ) I(X^n;V) ≤ (nφ_n/|𝒱|²) Σ_{v,v'} D_KL(P_v‖P_{v'}); φ_n cannot be "
       "replaced by the single-letter φ(ε,δ)",
       stated_domain='V uniform on 𝒱, non-interactive K^{⊗n}, “K is (ε,δ)-LDP”', stated_where='Section IV-B, eq. (9) and Lemma 4',
       quote=(r"Consider the index set 𝒱={1,…,|𝒱|}𝒱1…𝒱{\mathcal{V}}=\{1,\dots,|{\mathcal{V}}|\}. The non-private "
              r"Fano’s method relies on the Fano’s inequality to write a lower bound for "
              r"𝖯𝖾(V|Xn)subscript𝖯𝖾conditional𝑉superscript𝑋𝑛\mathsf{P}_{\mathsf{e}}(V|X^{n}) in terms of mutual "
              r"information as "
              r"β„›n(𝒫,β„“)β‰₯τ[1βˆ’I(Xn;V)+log⁑2log⁑|𝒱|].subscriptβ„›π‘›π’«β„“πœdelimited-[]1𝐼superscript𝑋𝑛𝑉2𝒱\mathcal{R}_{n}({\mathcal{P}},\ell)\geq\tau\left[1-\frac{I(X^{n};V)+\log "
              r"2}{\log|{\mathcal{V}}|}\right]. (9) To incorporate privacy into this result, we need to derive an "
              r"upper bound for I(Zn;V)𝐼superscript𝑍𝑛𝑉I(Z^{n};V) over all choices of mechanisms "
              r"{π–ͺi}subscriptπ–ͺ𝑖\{{\mathsf{K}}_{i}\}. Focusing on the non-interactive mechanisms, the following "
              r"lemma exploits LemmaΒ 2 for such an upper bound. Lemma 4. Given Xnsuperscript𝑋𝑛X^{n} and V𝑉V as "
              r"described above, let Znsuperscript𝑍𝑛Z^{n} be constructed by applying "
              r"π–ͺβŠ—nsuperscriptπ–ͺtensor-productabsent𝑛{\mathsf{K}}^{\otimes n} on Xnsuperscript𝑋𝑛X^{n}. If "
              r"π–ͺπ–ͺ{\mathsf{K}} is (Ξ΅,Ξ΄)πœ€π›Ώ(\varepsilon,\delta)-LDP, then we have "
              r"I(Zn;V)𝐼superscript𝑍𝑛𝑉\displaystyle I(Z^{n};V) "
              r"≀φn(Ξ΅,Ξ΄)I(Xn;V)absentsubscriptπœ‘π‘›πœ€π›ΏπΌsuperscript𝑋𝑛𝑉\displaystyle\leq\varphi_{n}(\varepsilon,\delta)I(X^{n};V) "
              r"≀nφn(Ξ΅,Ξ΄)|𝒱|2β€‹βˆ‘v,vβ€²βˆˆπ’±Dπ–ͺ𝖫(Pvβˆ₯Pvβ€²)absent𝑛subscriptπœ‘π‘›πœ€π›Ώsuperscript𝒱2subscript𝑣superscript𝑣′𝒱subscript𝐷π–ͺ𝖫conditionalsubscript𝑃𝑣subscript𝑃superscript𝑣′\displaystyle\leq\frac{n\varphi_{n}(\varepsilon,\delta)}{|{\mathcal{V}}|^{2}}\sum_{v,v^{\prime}\in{\mathcal{V}}}D_{\mathsf{KL}}(P_{v}\|P_{v^{\prime}})"))
def lemma_4():
    laws, n, i_x, i_z = _lemma4_instance()
    pair_kl = [[kl(a, b) for b in laws] for a in laws]
    f = phi(log(2), 0, n)
    bound = rb.private_fano_information(log(2), 0, n, pair_kl)
    chain = [le(i_z, f * i_x), le(f * i_x, bound)]
    seq, closed = _point_mass_rr_information(10)
    ratio = seq / log(2)
    witness = [sign(ratio - phi(1, 0)) > 0, le(ratio, phi(1, 0, 10))]
    fano = rb.fano_lower_bound(1, i_x, 3)
    return establish(holds(all(chain), "V uniform on 3 Bernoulli laws (1/5, 1/2, 4/5), n = 2, RR at e^ε = 2: "
                           "I(Z²;V) ≤ φ_2 I(X²;V) ≤ (2φ_2/9)ΣD"),
                     certified_agreement(seq, closed, 20, "I(Z^10;V) for point masses P_v = δ_v through binary RR at "
                                         "ε = 1: the sum over all 1024 output sequences = the sum over the count of ones"),
                     holds(all(witness), "φ_n cannot be replaced by φ: with point masses P_v = δ_v (V uniform on {0, 1}) "
                           "and binary RR at ε = 1, n = 10, I(Z^10;V)/I(X^10;V) (certified) exceeds φ(1, 0) = 1 − 1/e "
                           "and stays ≤ φ_10(1, 0) = 1 − e^{−10}"),
                     catalog([ratio, phi(1, 0)], ["0.7837", "0.6321"], "the ratio 0.7837 against φ = 0.6321"),
                     exact_agreement(fano, 1 - (i_x + log(2)) / log(3), "eq. (9) with τ = 1, |𝒱| = 3"),
                     domain="one instance", stated_domain="all V, P_v, n, (ε,δ)-LDP K")


@claim(PAPER, "Lemma 4 (proof), erratum",
       "I(X^n;V) ≤ (n/|𝒱|) Σ_v D_KL(P_v‖P̄) (printed '='), by the golden formula and tensorisation",
       stated_domain='V uniform on 𝒱, X^n i.i.d. P_v given V = v', stated_where='Appendix, proof of Lemma 4',
       quote=(r"Replacing A𝐴A and B𝐡B with Xnsuperscript𝑋𝑛X^{n} and Znsuperscript𝑍𝑛Z^{n}, respectively, in the above "
              r"equation, we obtain I(Zn;V)𝐼superscript𝑍𝑛𝑉\displaystyle I(Z^{n};V) "
              r"≀ηπ–ͺ𝖫(π–ͺβŠ—n)I(Xn;V)absentsubscriptπœ‚π–ͺ𝖫superscriptπ–ͺtensor-productabsent𝑛𝐼superscript𝑋𝑛𝑉\displaystyle\leq\eta_{\mathsf{KL}}({\mathsf{K}}^{\otimes "
              r"n})I(X^{n};V) "
              r"=Ξ·π–ͺ𝖫(π–ͺβŠ—n)n|𝒱|β€‹βˆ‘V=vDπ–ͺ𝖫(Pvβˆ₯PΒ―),absentsubscriptπœ‚π–ͺ𝖫superscriptπ–ͺtensor-productabsent𝑛𝑛𝒱subscript𝑉𝑣subscript𝐷π–ͺ𝖫conditionalsubscript𝑃𝑣¯𝑃\displaystyle=\eta_{\mathsf{KL}}({\mathsf{K}}^{\otimes "
              r"n})\frac{n}{|{\mathcal{V}}|}\sum_{V=v}D_{\mathsf{KL}}(P_{v}\|\bar{P}), where "
              r"π–ͺβŠ—n=PZn|Xnsuperscriptπ–ͺtensor-productabsent𝑛subscript𝑃conditionalsuperscript𝑍𝑛superscript𝑋𝑛{\mathsf{K}}^{\otimes "
              r"n}=P_{Z^{n}|X^{n}} and "
              r"PΒ―=1|𝒱|β€‹βˆ‘vβˆˆπ’±Pv¯𝑃1𝒱subscript𝑣𝒱subscript𝑃𝑣\bar{P}=\frac{1}{|{\mathcal{V}}|}\sum_{v\in{\mathcal{V}}}P_{v}. "
              r"The desired result then follows from LemmaΒ 2 and the convexity of KL-divergence. ∎"))
def lemma_4_proof():
    laws, n, i_x, _ = _lemma4_instance()
    pbar = [sum(p[i] for p in laws) / 3 for i in range(2)]
    rhs = R(n, 3) * sum(kl(p, pbar) for p in laws)
    corrected = establish(holds(le(i_x, rhs) and le(rhs, R(n, 9) * sum(kl(a, b) for a in laws for b in laws)),
                                "I(X²;V) ≤ (2/3)ΣD(P_v‖P̄) ≤ (2/9)ΣΣD(P_v‖P_v') on the instance"),
                          domain="one instance", stated_domain="all instances")
    return erratum(sign(i_x - rhs) == 0, {"instance": "V uniform, P_v = Ber(1/5), Ber(1/2), Ber(4/5), n = 2",
                                          "I(X^2;V)": str(sympy.N(i_x, 12)), "(n/|V|) sum D(P_v||Pbar)": str(sympy.N(rhs, 12))},
                   corrected, "the two sides differ; only '≤' holds", corrected_statement="I(X^n;V) ≤ (n/|𝒱|)Σ_v D(P_v‖P̄)", kind="typo")


@claim(PAPER, "Eq. (10) (comparison with Lemma 4), erratum",
       "(10)'s coefficient 2(e^ε − 1) is ≥ φ_n(ε, 0) for every n ≥ 1 iff ε ≥ log(3/2) = 0.405465… (printed: 'for any "
       "n ≥ 1 and ε ≥ 0.4'); at ε = 0.4 it fails for n ≥ 11",
       stated_domain='“for any n ≥ 1 and ε ≥ 0.4”, δ = 0', stated_where='Section IV-B, after eq. (10)',
       quote=(r"This lemma can be compared with [10, Corollary 1], where it was shown "
              r"I(Zn;V)𝐼superscript𝑍𝑛𝑉\displaystyle I(Z^{n};V) "
              r"≀2(eΞ΅βˆ’1)n|𝒱|2β€‹βˆ‘v,vβ€²βˆˆπ’±Dπ–ͺ𝖫(Pvβˆ₯Pvβ€²).absent2superscriptπ‘’πœ€1𝑛superscript𝒱2subscript𝑣superscript𝑣′𝒱subscript𝐷π–ͺ𝖫conditionalsubscript𝑃𝑣subscript𝑃superscript𝑣′\displaystyle\leq "
              r"2(e^{\varepsilon}-1)\frac{n}{|{\mathcal{V}}|^{2}}\sum_{v,v^{\prime}\in{\mathcal{V}}}D_{\mathsf{KL}}(P_{v}\|P_{v^{\prime}}). "
              r"(10) This is a looser bound than LemmaΒ 4 for any nβ‰₯1𝑛1n\geq 1 and Ξ΅β‰₯0.4πœ€0.4\varepsilon\geq "
              r"0.4 and only holds for Ξ΄=0𝛿0\delta=0."))
def eq_10():
    e = R(2, 5)
    printed_holds = all(le(phi(e, 0, n), rb.djw_information_coefficient(e)) for n in (1, 5, 10, 11, 50))
    at = identity(rb.djw_information_coefficient(log(R(3, 2))), 1, "2(e^ε − 1) = 1 at ε = log(3/2), and it increases "
                  "with ε, while φ_n(ε, 0) = 1 − e^{−nε} < 1 → 1 as n → ∞")
    corrected = establish(combine(at, holds(le(rb.djw_information_coefficient(e), phi(e, 0, 11)),
                                            "below log(3/2): at ε = 0.4, 2(e^0.4 − 1) = 0.98365 < φ_11 = 0.98772")),
                          domain="ε ≥ 0, n ≥ 1")
    return erratum(printed_holds, {"eps": "2/5", "n": 11, "2(e^eps - 1)": str(sympy.N(2 * (exp(e) - 1), 12)),
                                   "phi_11(eps, 0)": str(sympy.N(phi(e, 0, 11), 12))},
                   corrected, "at ε = 0.4, n = 11 Lemma 4 is the looser bound (a marginal slip: the threshold is "
                   "log 1.5 = 0.405465)", corrected_statement="(10) is looser than Lemma 4 for all n iff ε ≥ log(3/2)", kind="minor")


def _cor2_instance(w):
    """Corollary 2's construction with k = 2, 𝒱 = {(1,1), (−1,−1)}: P_v on (+e1, −e1, +e2, −e2)."""
    pv = lambda v: [(1 + w * v) / 4, (1 - w * v) / 4, (1 + w * v) / 4, (1 - w * v) / 4]
    return pv(1), pv(-1)


@claim(PAPER, "Corollary 2 (proof, eq. 43), erratum",
       "The second inequality of (43), φ_n (n/|𝒱|²)Σ KL(P_v‖P_{v'}) ≤ φ_n I(X^n;V), is reversed; only "
       "I(Z^n;V) ≤ φ_n I(X^n;V) (Lemma 4) is needed",
       stated_domain="the construction of Corollary 2's proof", stated_where='Appendix, proof of Corollary 2, eq. (43)',
       quote=(r"I(Zn;V)𝐼superscript𝑍𝑛𝑉\displaystyle I(Z^{n};V) "
              r"≀φn(Ξ΅,Ξ΄)n|𝒱k|2β€‹βˆ‘v,vβ€²π–ͺ𝖫(Pvβˆ₯Pvβ€²)absentsubscriptπœ‘π‘›πœ€π›Ώπ‘›superscriptsubscriptπ’±π‘˜2subscript𝑣superscript𝑣′π–ͺ𝖫conditionalsubscript𝑃𝑣subscript𝑃superscript𝑣′\displaystyle\leq\varphi_{n}(\varepsilon,\delta)\frac{n}{|{\mathcal{V}}_{k}|^{2}}\sum_{v,v^{\prime}}{\mathsf{KL}}(P_{v}\|P_{v^{\prime}}) "
              r"≀φn(Ξ΅,Ξ΄)I(Xn;V).absentsubscriptπœ‘π‘›πœ€π›ΏπΌsuperscript𝑋𝑛𝑉\displaystyle\leq\varphi_{n}(\varepsilon,\delta)I(X^{n};V). "
              r"(43) Hence, bounding I(Zn;V)𝐼superscript𝑍𝑛𝑉I(Z^{n};V) reduces to bounding "
              r"I(Xn;V)𝐼superscript𝑋𝑛𝑉I(X^{n};V)."))
def corollary_2_eq43():
    a, b = _cor2_instance(R(1, 2))
    i_x = mutual_information([[v / 2 for v in a], [v / 2 for v in b]])
    pair = R(1, 4) * (kl(a, b) + kl(b, a))
    corrected = establish(holds(le(i_x, pair), "I(X;V) ≤ (1/|𝒱|²)ΣKL on the instance (Lemma 4's direction)"),
                          domain="one instance", stated_domain="all instances")
    return erratum(le(pair, i_x), {"construction": "k = 2, V = {(1,1), (-1,-1)}, omega = 1/2, n = 1",
                                   "(1/|V|^2) sum KL": str(sympy.N(pair, 12)), "I(X;V)": str(sympy.N(i_x, 12))},
                   corrected, "the Σ KL term exceeds I(X;V)", corrected_statement="I(X^n;V) ≤ (n/|𝒱|²)Σ KL(P_v‖P_v')", kind="proof gap")


#: Corollary 2's proof (Duchi et al.'s construction): 𝒱 = {v_1, …, v_m} ⊂ {−1, +1}^k (a sequence v[i, j] = ±1), V uniform on
#: 𝒱, K uniform on [k] independent of V, and given V = v_i, K = j, X = s·e_j with probability p_s(i, j) = (1 + sωv_ij)/2
#: (s = ±1), ω ∈ (0, 1) ("Fix ω ∈ (0, 1)"). The mutual informations, as their definitions on this finite law:
#: I(X;V) = Σ_{j,s,i} P(V = v_i, X = se_j) log[P(X = se_j | V = v_i)/P(X = se_j)] with P(V = v_i, X = se_j) = p_s(i, j)/(km),
#: P(X = se_j | v_i) = p_s(i, j)/k and P(X = se_j) = c_s(j)/k, c_s(j) = (1/m)Σ_i p_s(i, j) (the k cancels in the ratio),
#: grouped by the coordinate j of X (G_j); I(X;V|K) = (1/k)Σ_j I(X;V|K = j), I(X;V|K = j) = (1/m)Σ_i Σ_s p_s log(p_s/c_s)
#: (J_j). The bracket of (45)–(46): n ≥ 1, φ_n ∈ (0, 1], ω = min{1, k/(50nφ_n)}, |𝒱| = m with log m ≥ k/16 (|𝒱| ≥ e^{k/16}).
_CI, _CJ, _CL = sympy.symbols("i j l", integer=True)
_CK, _CM, _CN = sympy.symbols("k m n", integer=True)
_CV, _CG, _CJJ = sympy.IndexedBase("v"), sympy.IndexedBase("G"), sympy.IndexedBase("J")
_I_XV, _I_XVK = sympy.symbols("I_XV I_XVK", real=True)


def _cor2_p(s, i=_CI):
    """P(X = s·e_j | V = v_i, K = j) = (1 + sωv_ij)/2."""
    return (1 + s * _ω * _CV[i, _CJ]) / 2


def _cor2_c(s):
    """P(X = s·e_j | K = j) = (1/m)Σ_i p_s(i, j) (the inner sum's index is bound: the same letter i reads as any)."""
    return sympy.Sum(_cor2_p(s), (_CI, 1, _CM)) / _CM


def _cor2_h():
    """h_b((1 − ω)/2) = −((1−ω)/2)log((1−ω)/2) − ((1+ω)/2)log((1+ω)/2) (nats)."""
    return -((1 - _ω) / 2 * log((1 - _ω) / 2) + (1 + _ω) / 2 * log((1 + _ω) / 2))


def _cor2_sign(i=_CI):
    return sympy.Or(sympy.Eq(_CV[i, _CJ], 1), sympy.Eq(_CV[i, _CJ], -1))


#: Σ_i Σ_s p_s(i, j) log(p_s(i, j)/c_s(j)), the one sum both mutual informations are made of.
_COR2_S = sympy.Sum(sum(_cor2_p(s) * log(_cor2_p(s) / _cor2_c(s)) for s in (1, -1)), (_CI, 1, _CM))
_COR2_CELLS = [sympy.Eq(_CJJ[_CJ], _COR2_S / _CM), sympy.Eq(_CG[_CJ], _COR2_S / (_CK * _CM))]
_COR2_EVERY = kernel.Every(sympy.And(kernel.Every(_cor2_sign(), (_CI, 1, _CM)), *_COR2_CELLS), (_CJ, 1, _CK))
_COR2_INFO = [sympy.Eq(_I_XV, sympy.Sum(_CG[_CJ], (_CJ, 1, _CK))), sympy.Eq(_I_XVK, sympy.Sum(_CJJ[_CJ], (_CJ, 1, _CK)) / _CK)]
_COR2_BRACKET = [_φ > 0, _φ <= 1, sympy.Eq(_ω, sympy.Min(1, _CK / (50 * _CN * _φ))), log(_CM) >= _CK / 16]
_COROLLARY_2_PROOF_DOMAIN = [_ω > 0, _ω < 1, Integer("k", 16), Integer("m", 1), Integer("n", 1), *_COR2_BRACKET,
                             _COR2_EVERY, *_COR2_INFO]


def _cor2_gibbs():
    """x log x + (1 − x) log(1 − x) ≥ −log 2 on (0, 1) (H(X) ≤ log 2 for a binary X: Gibbs' inequality against the
    uniform law), from log t ≤ t − 1 (the tangent of the convex −log at 1) at t = 1/(2x) and at t = 1/(2(1 − x))."""
    x, t, lo, hi = sympy.symbols("x t lo hi", real=True)
    tangent = kernel.tangent(-log(x), x, 1, lo, hi, [lo > 0, lo <= 1, hi >= 1], detail="−log is convex")
    below = kernel.instantiate(kernel.instantiate(tangent, {lo: sympy.Min(t, 1), hi: sympy.Max(t, 1), x: t}, [t > 0]),
                               {t: 1 / (2 * x)}, [x > 0], detail="log t ≤ t − 1 at t = 1/(2x)")
    xp = sympy.Symbol("x", positive=True)
    split = kernel.instantiate(identity(log(1 / (2 * xp)), -log(2) - log(xp), "log(1/(2x)) = −log 2 − log x"), {xp: x},
                               [x > 0])
    half = kernel.decide(kernel.goal(x * log(x) + x * log(2) >= x - R(1, 2), [x > 0]), below, split,
                         detail="x log x + x log 2 ≥ x − 1/2")
    other = kernel.instantiate(half, {x: 1 - x}, [x < 1])
    return x, kernel.decide(kernel.goal(x * log(x) + (1 - x) * log(1 - x) >= -log(2), [x > 0, x < 1]), half, other,
                            detail="h_b(x) ≤ log 2 (Gibbs)")


def _cor2_conditional():
    """I(X;V|K) ≤ log 2 − h_b((1 − ω)/2) as kernel steps. For each (i, j): Σ_s p_s log p_s = −h_b((1 − ω)/2) (v_ij = ±1),
    so with C_s standing for c_s(j) > 0, Σ_s p_s log(p_s/C_s) = −h − Σ_s p_s log C_s; summed over i (linear, Σ_i p_s =
    mC_s) it is m(−h − Σ_s C_s log C_s) ≤ m(log 2 − h) by Gibbs (C_+ + C_− = 1); then C_s := c_s(j) (each > 0: every
    term is ≥ (1 − ω)/2), and averaged over j. Logs are named (L_s, H) while summing, so that each summand is a
    polynomial (defined everywhere) and the sums may be middle terms."""
    i, j, m, k, w = _CI, _CJ, _CM, _CK, _ω
    p, c, h = _cor2_p, _cor2_c, _cor2_h()
    open_w, in_i, in_j = [w > 0, w < 1], [i >= 1, i <= m], [j >= 1, j <= k]
    every_i = kernel.Every(_cor2_sign(), (i, 1, m))
    base = [*open_w, m >= 1, every_i]
    entropy = kernel.decide(kernel.goal(sympy.Eq(p(1) * log(p(1)) + p(-1) * log(p(-1)), -h), [*open_w, _cor2_sign()]),
                            detail="Σ_s p_s log p_s = −h_b((1 − ω)/2) for v_ij = ±1")
    lower = [kernel.decide(kernel.goal(p(s) >= (1 - w) / 2, [*in_i, *open_w, _cor2_sign()]), detail="p_s ≥ (1 − ω)/2")
             for s in (1, -1)]
    constant = kernel.linear(sympy.Sum((1 - w) / 2, (i, 1, m)))
    positive_c = [kernel.decide(kernel.goal(c(s) > 0, base), kernel.summed(lower[n], i, 1, m), constant,
                                detail=f"c_{'+' if s > 0 else '−'}(j) > 0") for n, s in enumerate((1, -1))]
    masses = [kernel.linear(sympy.Sum(p(s), (i, 1, m))) for s in (1, -1)]
    total = kernel.decide(kernel.goal(sympy.Eq(c(1) + c(-1), 1), base), *masses, detail="c_+(j) + c_−(j) = 1")
    c1, c2, l1, l2, hh, b = sympy.symbols("C_1 C_2 L_1 L_2 H_h B", real=True)
    cs = {1: c1, -1: c2}
    names = [sympy.Eq(l1, log(c1)), sympy.Eq(l2, log(c2)), sympy.Eq(hh, h)]
    a_, b_ = sympy.symbols("a b", positive=True)
    quotient = identity(log(a_ / b_), log(a_) - log(b_), "log(a/b) = log a − log b for a, b > 0")
    splits = [kernel.instantiate(quotient, {a_: p(s), b_: cs[s]}, [*open_w, _cor2_sign(), cs[s] > 0]) for s in (1, -1)]
    term = sum(p(s) * log(p(s) / cs[s]) for s in (1, -1))
    named = -hh - (p(1) * l1 + p(-1) * l2)
    point = kernel.decide(kernel.goal(sympy.Eq(term, named), [*in_i, *open_w, _cor2_sign(), c1 > 0, c2 > 0, *names]),
                          entropy, *splits, detail="Σ_s p_s log(p_s/C_s) = −h − Σ_s p_s log C_s")
    over_i = kernel.chain(kernel.summed(point, i, 1, m), kernel.linear(sympy.Sum(named, (i, 1, m))),
                          detail="summed over i and split by linearity")
    x, gibbs = _cor2_gibbs()
    at_c = kernel.instantiate(gibbs, {x: c1}, [c1 > 0, c2 > 0, sympy.Eq(c1 + c2, 1)])
    per_j = kernel.decide(kernel.goal(sympy.Sum(term, (i, 1, m)) / m <= log(2) - h,
                                      [*base, c1 > 0, c2 > 0, sympy.Eq(c1, c(1)), sympy.Eq(c2, c(-1)), *names]),
                          over_i, *masses, total, at_c, detail="(1/m)Σ_i Σ_s p_s log(p_s/C_s) = −h − Σ_s C_s log C_s ≤ log 2 − h")
    per_j = kernel.apply(kernel.instantiate(per_j, {c1: c(1), c2: c(-1), l1: log(c(1)), l2: log(c(-1)), hh: h},
                                            [*base, c(1) > 0, c(-1) > 0]), *positive_c,
                         detail="I(X;V|K = j) ≤ log 2 − h_b((1 − ω)/2) for every j")
    cell = kernel.decide(kernel.goal(_CJJ[j] <= b, [*in_j, *base, *_COR2_CELLS, sympy.Eq(b, log(2) - h)]), per_j,
                         detail="J_j ≤ B = log 2 − h")
    hyps = [*open_w, m >= 1, k >= 1, _COR2_EVERY, *_COR2_INFO]
    bound = kernel.decide(kernel.goal(_I_XVK <= b, [*hyps, sympy.Eq(b, log(2) - h)]), kernel.summed(cell, j, 1, k),
                          kernel.linear(sympy.Sum(b, (j, 1, k))), detail="I(X;V|K) = (1/k)Σ_j J_j ≤ B")
    conditional = kernel.instantiate(bound, {b: log(2) - h}, hyps, detail="I(X;V|K) ≤ log 2 − h_b((1 − ω)/2)")
    # I(X;V) = I(X;V|K): G_j = J_j/k for every j (K is determined by X and independent of V)
    grouped_ = kernel.decide(kernel.goal(sympy.Eq(k * _CG[j], _CJJ[j]), [*in_j, *base, *_COR2_CELLS]), detail="k·G_j = J_j")
    chain_rule = kernel.decide(kernel.goal(sympy.Eq(_I_XV, _I_XVK), hyps), kernel.summed(grouped_, j, 1, k),
                               kernel.linear(sympy.Sum(k * _CG[j], (j, 1, k))),
                               detail="I(X;V) = Σ_j G_j = (1/k)Σ_j J_j = I(X;V|K)")
    return chain_rule, conditional


def _cor2_chord():
    """log 2 − h_b((1 − ω)/2) ≤ ω log 2 for ω ∈ (0, 1): h_b(a) ≥ 2a log 2 on (0, 1/2] at a = (1 − ω)/2. On (0, 1/4]:
    −a log a ≥ a log 4 (log a ≤ log(1/4)) and −(1 − a)log(1 − a) ≥ 0; on [1/5, 1/2]: 2a log 2 − h_b(a) increases (its
    derivative 2 log 2 + log a − log(1 − a) ≥ 0 as 1 − a ≤ 4a) to its value 0 at a = 1/2."""
    a, u, x1, x2 = sympy.symbols("a u x_1 x_2", real=True)
    hb = -a * log(a) - (1 - a) * log(1 - a)
    inc = kernel.increasing(log(u), u, x1, x2, [x1 > 0], detail="log increases on (0, ∞)")
    four = identity(log(4), 2 * log(2), "log 4 = 2 log 2")
    small = kernel.decide(kernel.goal(hb >= 2 * a * log(2), [a > 0, a <= R(1, 4)]),
                          kernel.instantiate(inc, {x1: a, x2: R(1, 4)}, [a > 0, a <= R(1, 4)]),
                          kernel.instantiate(inc, {x1: 1 - a, x2: 1}, [a >= 0, a < 1]), four, detail="a ∈ (0, 1/4]")
    ap = sympy.Symbol("a", positive=True)
    log4a = kernel.instantiate(identity(log(4 * ap), 2 * log(2) + log(ap), "log 4a = 2 log 2 + log a"), {ap: a}, [a > 0])
    slope = kernel.decide(kernel.goal(log(1 - a) <= 2 * log(2) + log(a), [a >= R(1, 5), a <= R(1, 2)]),
                          kernel.instantiate(inc, {x1: 1 - a, x2: 4 * a}, [a >= R(1, 5), a <= R(1, 2)]), log4a,
                          detail="log(1 − a) ≤ log 4a for a ≥ 1/5")
    up = kernel.increasing(2 * a * log(2) - hb, a, x1, R(1, 2), [x1 >= R(1, 5)], premises=[slope],
                           detail="2a log 2 − h_b(a) increases on [1/5, 1/2]")
    large = kernel.decide(kernel.goal(hb >= 2 * a * log(2), [a >= R(1, 5), a <= R(1, 2)]),
                          kernel.instantiate(up, {x1: a}, [a >= R(1, 5), a <= R(1, 2)]), detail="a ∈ [1/5, 1/2]")
    chord = kernel.decide(kernel.goal(hb >= 2 * a * log(2), [a > 0, a <= R(1, 2)]), small, large,
                          detail="h_b(a) ≥ 2a log 2 on (0, 1/2]")
    at_w = kernel.instantiate(chord, {a: (1 - _ω) / 2}, [_ω > 0, _ω < 1])
    return kernel.decide(kernel.goal(log(2) - _cor2_h() <= _ω * log(2), [_ω > 0, _ω < 1]), at_w,
                         detail="log 2 − h_b((1 − ω)/2) ≤ ω log 2")


def _cor2_brackets():
    """The bracket of (45) ≥ that of (46) ≥ 1 − 16(1 + k/50) log 2/k ≥ 1 − (33/25) log 2: log|𝒱| ≥ k/16, nωφ_n ≤ k/50
    (ω ≤ k/(50nφ_n)) and 16/k ≤ 1, each multiplied by log 2 ≥ 0."""
    k, m, n, w, phi = _CK, _CM, _CN, _ω, _φ
    u, x1, x2, y, c = sympy.symbols("u x_1 x_2 y c", real=True)
    inc = kernel.increasing(log(u), u, x1, x2, [x1 > 0], detail="log increases on (0, ∞)")
    scaled = kernel.decide(kernel.goal(c * log(y) >= 0, [y >= 1, c >= 0]),
                           kernel.instantiate(inc, {x1: 1, x2: y}, [y >= 1]), detail="c log y ≥ 0 for y ≥ 1, c ≥ 0")
    setting = [k >= 16, n >= 1, *_COR2_BRACKET]
    at_2 = lambda value, hyps: kernel.instantiate(scaled, {y: 2, c: value}, hyps)
    b45 = 1 - (1 + n * w * phi) * log(2) / log(m)
    b46 = 1 - 16 * (1 + n * w * phi) * log(2) / k
    b_k = 1 - 16 * (1 + k / 50) * log(2) / k
    first = kernel.decide(kernel.goal(b45 >= b46, setting), at_2(1 + n * w * phi, setting), detail="(45) ≥ (46): log|𝒱| ≥ k/16")
    second = kernel.decide(kernel.goal(b46 >= b_k, setting), at_2(k / 50 - n * w * phi, setting),
                           detail="nωφ_n ≤ k/50 for ω = min{1, k/(50nφ_n)}")
    third = kernel.decide(kernel.goal(b_k >= 1 - R(33, 25) * log(2), [k >= 16]), at_2(1 - 16 / k, [k >= 16]),
                          detail="16/k ≤ 1 for k ≥ 16")
    return kernel.chain(third, second, first, detail="bracket of (45) ≥ 1 − (33/25) log 2")


@claim(PAPER, "Corollary 2 (proof, eqs. 44–46)",
       "I(X;V) = I(X,K;V) = I(X;V|K) ≤ log 2 − h_b((1−ω)/2) ≤ ω log 2 (K the coordinate X names, independent of V); with "
       "|𝒱| ≥ e^{k/16}, ω = min{1, k/(50nφ_n)} and k ≥ 16 the bracket of (45) is ≥ that of (46) ≥ 1 − 16(1 + k/50) log 2/k "
       "≥ 1 − (33/25) log 2 = 0.08504572166087219…",
       domain=_COROLLARY_2_PROOF_DOMAIN,
       stated_domain='the construction of the proof: 𝒱 = {v_1, …, v_m} ⊂ {−1, +1}^k, V uniform on 𝒱, K uniform on [k] '
                     'independent of V, X = ±e_K with P(X = s·e_j | v, K = j) = (1 + sωv_j)/2, “Fix ω ∈ (0, 1)”; I(X;V), '
                     'I(X;V|K) their definitions on this law (the sum over X grouped by its coordinate); k ≥ 16, |𝒱| = m '
                     'with log m ≥ k/16, n ≥ 1, φ_n ∈ (0, 1], ω = min{1, k/(50nφ_n)} (and h_b(a) ≥ 2a log 2 “for a ∈ [0, 1/2]”)',
       stated_where='Appendix, proof of Corollary 2, eqs. (44)–(46)',
       quote=(r"Hence, bounding I(Zn;V)𝐼superscript𝑍𝑛𝑉I(Z^{n};V) reduces to bounding "
              r"I(Xn;V)𝐼superscript𝑋𝑛𝑉I(X^{n};V). To this end, first notice that "
              r"I(Xn;V)≀nI(X;V)𝐼superscript𝑋𝑛𝑉𝑛𝐼𝑋𝑉I(X^{n};V)\leq nI(X;V). Let K𝐾K be a uniform random variable on "
              r"[k]delimited-[]π‘˜[k] independent of V𝑉V that chooses the coordinate of V𝑉V. Note that K𝐾K can be "
              r"determined by X𝑋X and hence I(X;V)𝐼𝑋𝑉\displaystyle I(X;V) =I(X,K;V)absent𝐼𝑋𝐾𝑉\displaystyle=I(X,K;V) "
              r"=I(X;V|K)absent𝐼𝑋conditional𝑉𝐾\displaystyle=I(X;V|K) "
              r"≀log⁑2βˆ’h𝖻(1βˆ’Ο‰2)absent2subscriptβ„Žπ–»1πœ”2\displaystyle\leq\log "
              r"2-h_{\mathsf{b}}(\frac{1-\omega}{2}) ≀ωlog⁑2,absentπœ”2\displaystyle\leq\omega\log 2, where the last "
              r"inequality follows from the fact that h𝖻(a)β‰₯2alog⁑2subscriptβ„Žπ–»π‘Ž2π‘Ž2h_{\mathsf{b}}(a)\geq "
              r"2a\log 2 for a∈[0,12]π‘Ž012a\in[0,\frac{1}{2}] due to the concavity of entropy. Consequently, we can "
              r"write I(Zn;V)≀nωφn(Ξ΅,Ξ΄)log⁑2.𝐼superscriptπ‘π‘›π‘‰π‘›πœ”subscriptπœ‘π‘›πœ€π›Ώ2I(Z^{n};V)\leq "
              r"n\omega\varphi_{n}(\varepsilon,\delta)\log 2. (44) Applying Fano’s inequality, we obtain "
              r"β„›n(𝒫,β„“,Ξ΅,Ξ΄)subscriptβ„›π‘›π’«β„“πœ€π›Ώ\displaystyle\mathcal{R}_{n}({\mathcal{P}},\ell,\varepsilon,\delta) "
              r"β‰₯r2ω2k[1βˆ’(1+nωφn(Ξ΅,Ξ΄))log⁑2log⁑|𝒱|]absentsuperscriptπ‘Ÿ2superscriptπœ”2π‘˜delimited-[]11π‘›πœ”subscriptπœ‘π‘›πœ€π›Ώ2𝒱\displaystyle\geq\frac{r^{2}\omega^{2}}{k}\left[1-\frac{(1+n\omega\varphi_{n}(\varepsilon,\delta))\log "
              r"2}{\log|{\mathcal{V}}|}\right] (45) "
              r"β‰₯r2ω2k[1βˆ’16(1+nωφn(Ξ΅,Ξ΄))log⁑2k].absentsuperscriptπ‘Ÿ2superscriptπœ”2π‘˜delimited-[]1161π‘›πœ”subscriptπœ‘π‘›πœ€π›Ώ2π‘˜\displaystyle\geq\frac{r^{2}\omega^{2}}{k}\left[1-\frac{16(1+n\omega\varphi_{n}(\varepsilon,\delta))\log "
              r"2}{k}\right]. (46)"))
def corollary_2_proof():
    """Eqs. (44)–(46) as kernel steps over the construction (the domain's comment): the chain rule I(X;V) = I(X;V|K)
    (the ratio P(x|v)/P(x) for x = s·e_j is P(x|v, K = j)/P(x|K = j): K is determined by X and independent of V),
    I(X;V|K) ≤ log 2 − h_b((1 − ω)/2) (H(X|V, K) = h_b((1 − ω)/2) as v_ij = ±1, and H(X|K = j) ≤ log 2 by Gibbs' inequality,
    Cover–Thomas's H(X) ≤ log|𝒳| for a binary X), the chord bound h_b(a) ≥ 2a log 2 and the brackets of (45)–(46)."""
    hb = lambda z: -z * log(z) - (1 - z) * log(1 - z)
    bracket = lambda k: 1 - 16 * (1 + k / 50) * log(2) / k
    a1, b1 = _cor2_instance(R(1, 2))
    i_x = mutual_information([[v / 2 for v in a1], [v / 2 for v in b1]])
    inst = exact_agreement(sympy.expand_log(i_x, force=True), sympy.expand_log(log(2) - hb(R(1, 4)), force=True),
                           "instance k = 2, ω = 1/2: I(X;V) = log 2 − h_b(1/4)")
    chain_rule, conditional = _cor2_conditional()
    return establish(combine(chain_rule, conditional, _cor2_chord(), _cor2_brackets(),
                             detail="I(X;V) = I(X;V|K) ≤ log 2 − h_b((1 − ω)/2) ≤ ω log 2; bracket of (45) ≥ 1 − (33/25) log 2"),
                     catalog([bracket(16), bracket(32), bracket(100)],
                             ["0.0850457216608722", "0.431619311940845", "0.667289353331226"], "k = 16, 32, 100"),
                     inst, domain=_COROLLARY_2_PROOF_DOMAIN)


@claim(PAPER, "Corollary 2 (eq. 12) and Example 3",
       "Non-interactive: ℛ_n(𝒫_r, ℓ₂², ε, δ) ≳ r² min{1/(nφ_n), d/(n²φ_n²)} fails for small nφ_n: the zero estimator "
       "has risk ‖θ‖² ≤ r², while the right side is r²/(nφ_n) → ∞ as nφ_n → 0 (ε = 0, δ → 0), so no universal "
       "constant works; corrected: ℛ_n ≳ r² min{1, 1/(nφ_n), d/(n²φ_n²)} (checked with the proof's constants)",
       stated_domain='non-interactive, K ∈ Q_{ε,δ}, 𝒫_r of eq. (11), d ≥ 1, “any ε ≥ 0 and δ ∈ (0, 1)”',
       stated_where='Section IV-B, Example 3 and Corollary 2, eq. (12)',
       quote=(r"ExampleΒ 3. (High-dimensional mean estimation in an β„“2subscriptβ„“2\ell_{2}-ball) For a parameter "
              r"r<βˆžπ‘Ÿr<\infty, define "
              r"𝒫r≔{Pβˆˆπ’«β€‹(𝖑2d(r))},≔subscriptπ’«π‘Ÿπ‘ƒπ’«subscriptsuperscript𝖑𝑑2π‘Ÿ{\mathcal{P}}_{r}\coloneqq\{P\in{\mathcal{P}}(\mathsf{B}^{d}_{2}(r))\}, "
              r"(11) where "
              r"𝖑2d(r)≔{xβˆˆβ„d:β€–xβ€–2≀r}≔subscriptsuperscript𝖑𝑑2π‘Ÿconditional-setπ‘₯superscriptℝ𝑑subscriptnormπ‘₯2π‘Ÿ\mathsf{B}^{d}_{2}(r)\coloneqq\{x\in\mathbb{R}^{d}:\leavevmode\nobreak\ "
              r"\|x\|_{2}\leq r\} is the β„“2subscriptβ„“2\ell_{2}-ball of radius rπ‘Ÿr in "
              r"ℝdsuperscriptℝ𝑑\mathbb{R}^{d}. The goal is to estimate the mean "
              r"θ(P)=𝔼[X]πœƒπ‘ƒπ”Όdelimited-[]𝑋\theta(P)={\mathbb{E}}[X] given the private views "
              r"Znsuperscript𝑍𝑛Z^{n}. This example was first studied in [10, Proposition 3] that states "
              r"β„›n(𝒫,β„“22,Ξ΅,0)≳r2min⁑{1Ρn,dnΡ2}greater-than-or-equivalent-tosubscriptℛ𝑛𝒫superscriptsubscriptβ„“22πœ€0superscriptπ‘Ÿ21πœ€π‘›π‘‘π‘›superscriptπœ€2\mathcal{R}_{n}({\mathcal{P}},\ell_{2}^{2},\varepsilon,0)\gtrsim "
              r"r^{2}\min\left\{\frac{1}{\varepsilon\sqrt{n}},\frac{d}{n\varepsilon^{2}}\right\} for "
              r"Ρ∈(0,1)πœ€01\varepsilon\in(0,1). In the following, we use LemmaΒ 4 to derive a similar lower bound "
              r"for any Ξ΅β‰₯0πœ€0\varepsilon\geq 0 and δ∈(0,1)𝛿01\delta\in(0,1), albeit slightly weaker than [10, "
              r"Proposition 3]. Corollary 2. For the non-interactive setting, we have "
              r"β„›n(𝒫,β„“22,Ξ΅,Ξ΄)≳r2min⁑{1nφn(Ξ΅,Ξ΄),dn2φn2(Ξ΅,Ξ΄)}.greater-than-or-equivalent-tosubscriptℛ𝑛𝒫superscriptsubscriptβ„“22πœ€π›Ώsuperscriptπ‘Ÿ21𝑛subscriptπœ‘π‘›πœ€π›Ώπ‘‘superscript𝑛2subscriptsuperscriptπœ‘2π‘›πœ€π›Ώ\mathcal{R}_{n}({\mathcal{P}},\ell_{2}^{2},\varepsilon,\delta)\gtrsim "
              r"r^{2}\min\left\{\frac{1}{n\varphi_{n}(\varepsilon,\delta)},\frac{d}{n^{2}\varphi^{2}_{n}(\varepsilon,\delta)}\right\}. "
              r"(12)"))
def corollary_2():
    c0 = R(850457, 10 ** 7) / 5000          # the constant the proof's choices give (0.0850457 at k = 16, over 5000)
    rate = lambda m, dim: sympy.Min(1 / m, dim / m ** 2)
    # the printed (12) at ε = 0, n = 1, d = 16, δ = 10⁻⁶: nφ_1 = δ, so r² min{1/(nφ_n), d/(nφ_n)²} = r²/δ
    witness = [(R(1, 10 ** j), rate(phi(0, R(1, 10 ** j), 1), 16)) for j in (2, 4, 6)]
    printed_holds = le(c0 * witness[-1][1], 1)
    m, dm = sympy.symbols("m d", positive=True)
    blows = real_closed(dm / m ** 2 - 1 / m, [m, dm], [m > 0, m < 1, dm >= 1],
                        "for 0 < nφ_n = m < 1 and d ≥ 1, d/m² ≥ 1/m: min{1/m, d/m²} = 1/m, unbounded as m → 0 while "
                        "ℛ_n ≤ r²")
    pts = [(1, 0, 1000, 64), (R(1, 2), R(1, 100), 200, 16), (2, 0, 5000, 128), (0, R(1, 10 ** 6), 1, 16),
           (R(1, 1000), 0, 2, 32)]
    ok = []
    for e, d, n, dim in pts:
        f = phi(e, d, n)
        lower = rb.ball_mean_lower_bound(e, d, n, dim)
        ok.append(le(c0 * sympy.Min(1, 1 / (n * f), dim / (n * f) ** 2), lower) and le(lower, 1))
    corrected = establish(holds(all(ok), "(ε, δ, n, d) ∈ {(1, 0, 1000, 64), (1/2, 1/100, 200, 16), (2, 0, 5000, 128), "
                                "(0, 10⁻⁶, 1, 16), (1/1000, 0, 2, 32)}, r = 1: c₀·min{1, 1/(nφ_n), d/(nφ_n)²} ≤ the "
                                "proof's bound max_k (ω²/k)[1 − 16(1 + nωφ_n) log 2/k] ≤ r² = 1, c₀ = 0.0850457/5000"),
                          blows, domain="sample points", stated_domain="all ε, δ, n, d (up to a universal constant)")
    return erratum(printed_holds, {"eps": 0, "n": 1, "d": 16, "r": 1,
                                   "delta, r^2 min{1/(n phi_n), d/(n phi_n)^2}": [[str(dl), str(v)] for dl, v in witness],
                                   "risk of the zero estimator": "<= r^2 = 1", "proof's constant c0": "0.0850457/5000"},
                   corrected, "the right side of (12) grows like r²/(nφ_n) as nφ_n → 0 (here 1/δ at ε = 0, n = 1), above "
                   "the risk r² of the estimator 0 for any fixed constant once nφ_n is below it (with the proof's constant "
                   "at δ = 10⁻⁶: 17 r² > r²); the proof's choice k = min{nφ_n, d} in (47)–(48) is no k ∈ [d] when nφ_n < 1",
                   corrected_statement="ℛ_n(𝒫_r, ℓ₂², ε, δ) ≳ r² min{1, 1/(nφ_n), d/(n²φ_n²)}", kind="minor",
                   reading="“≳” with a universal constant (the paper's notation), evaluated with the constant the "
                   "proof's choices give; the family ε = 0, δ → 0 defeats every fixed constant")


# --------------------------------------------------------------------------------------------
# Sections VI–VII


@claim(PAPER, "Corollary 4",
       "Section VI lets each X_i be mapped by K_i ∈ Q_{ε,δ} “(i.e., sequential interaction is permitted)”, but β_n^{ε,δ} "
       "and the proof (50)–(51) take non-interactive K^{⊗n}: Chernoff–Stein for i.i.d. outputs does not reach a "
       "sequentially interactive mechanism, whose output law is not (P_jK)^{⊗n}; for non-interactive K^{⊗n}, "
       "lim inf (1/n) log β_n^{ε,δ}(α) ≥ −φ(ε,δ) D_KL(P0‖P1) (checked)",
       stated_domain='K_i ∈ Q_{ε,δ} (“sequential interaction is permitted”), α ∈ (0, 1), ε ≥ 0, δ ∈ [0, 1]',
       stated_where='Section VI, the setting and Corollary 4',
       quote=(
              r"Let now each Xisubscript𝑋𝑖X_{i} be mapped to Zisubscript𝑍𝑖Z_{i} via a mechanism "
              r"π–ͺiβˆˆπ’¬Ξ΅,Ξ΄subscriptπ–ͺ𝑖subscriptπ’¬πœ€π›Ώ{\mathsf{K}}_{i}\in{\mathcal{Q}}_{\varepsilon,\delta} (i.e., "
              r"sequential interaction is permitted). The goal is to distinguish between the null hypothesis "
              r"H0:Q=P0:subscript𝐻0𝑄subscript𝑃0H_{0}:Q=P_{0} from the alternative H1:Q=P1:subscript𝐻1𝑄subscript𝑃1H_{1}:Q=P_{1} "
              r"given Znsuperscript𝑍𝑛Z^{n}. Let T𝑇T be a binary statistic, generated from a randomized decision rule "
              r"PT|Zn:𝒡n→𝒫({0,1}):subscript𝑃conditional𝑇superscript𝑍𝑛→superscript𝒡𝑛𝒫01P_{T|Z^{n}}:{\mathcal{Z}}^{n}\to\mathcal{P}(\{0,1\}) "
              r"where 111 indicates that H0subscript𝐻0H_{0} is rejected. Type I and type II error probabilities corresponding "
              r"to this statistic are given by Pr⁑(T=1|H0)Pr𝑇conditional1subscript𝐻0\Pr(T=1|H_{0}) and "
              r"Pr⁑(T=1|H1)Pr𝑇conditional1subscript𝐻1\Pr(T=1|H_{1}), respectively. To capture the optimal trade-off between "
              r"type I and type II error probabilities, it is customary to define "
              r"Ξ²nΞ΅,δ(Ξ±)≔infPr⁑(T=0|H1)≔subscriptsuperscriptπ›½πœ€π›Ώπ‘›π›ΌinfimumPr𝑇conditional0subscript𝐻1\beta^{\varepsilon,\delta}_{n}(\alpha)\coloneqq\inf\Pr(T=0|H_{1}) "
              r"where the infimum is taken over all kernels PT|Znsubscript𝑃conditional𝑇superscript𝑍𝑛P_{T|Z^{n}} such that "
              r"Pr⁑(T=1|H0)≀αPr𝑇conditional1subscript𝐻0𝛼\Pr(T=1|H_{0})\leq\alpha and non-interactive mechanisms "
              r"π–ͺβŠ—nsuperscriptπ–ͺtensor-productabsent𝑛{\mathsf{K}}^{\otimes n} with "
              r"π–ͺβˆˆπ’¬Ξ΅,Ξ΄π–ͺsubscriptπ’¬πœ€π›Ώ{\mathsf{K}}\in{\mathcal{Q}}_{\varepsilon,\delta}. In the following lemma, "
              r"we apply LemmaΒ 1 to obtain an asymptotic lower bound for "
              r"Ξ²nΞ΅,δ(Ξ±)superscriptsubscriptπ›½π‘›πœ€π›Ώπ›Ό\beta_{n}^{\varepsilon,\delta}(\alpha). Corollary 4. We have for "
              r"any Ξ΅β‰₯0πœ€0\varepsilon\geq 0 and δ∈[0,1]𝛿01\delta\in[0,1] "
              r"limnβ†’βˆž1nlog⁑βnΞ΅,δ(Ξ±)β‰₯βˆ’Ο†β€‹(Ξ΅,Ξ΄)Dπ–ͺ𝖫(P0βˆ₯P1).subscript→𝑛1𝑛superscriptsubscriptπ›½π‘›πœ€π›Ώπ›Όπœ‘πœ€π›Ώsubscript𝐷π–ͺ𝖫conditionalsubscript𝑃0subscript𝑃1\lim_{n\to\infty}\frac{1}{n}\log\beta_{n}^{\varepsilon,\delta}(\alpha)\geq-\varphi(\varepsilon,\delta)D_{\mathsf{KL}}(P_{0}\|P_{1}). "
              r"(19)"))
def corollary_4():
    p0, p1 = bernoulli(R(1, 2)), bernoulli(R(1, 5))
    d = kl(p0, p1)
    # the printed reach of (50)–(51): the output law of a sequentially interactive mechanism is i.i.d. (P_jK)^{⊗n}
    m0, m1, kernels = _interactive_laws(bernoulli(R(1, 5)), bernoulli(R(7, 10)))
    private = all(ldp_by_definition(rows, 3, 0) for rows in kernels)
    printed_holds = _iid(m0) and _iid(m1)
    ok = []
    for rows, x, dl in ldp_kernels():
        exponent = -kl(push(p0, rows), push(p1, rows))
        ok += [le(rb.stein_exponent_bound(log(x), dl, d), exponent),
               le(-worst_case_contraction(log(x), dl, "kl") * d, exponent)]
    rr = randomized_response(1).rows
    values = [rb.stein_exponent_bound(1, 0, d), -kl(push(p0, rr), push(p1, rr)), -worst_case_contraction(1, 0, "kl") * d]
    corrected = establish(holds(all(ok) and private,
                                "non-interactive K^{⊗n}: P0 = Ber(1/2), P1 = Ber(1/5), 4 LDP kernels: −φD ≤ −sup-η_KL·D ≤ "
                                "−D(P0K‖P1K), the Chernoff–Stein exponent of K^{⊗n}"),
                          catalog(values, ["-0.141053626355727", "-0.0399973798165085", "-0.0476528112571834"],
                                  "ε = 1, δ = 0: −φD, the RR exponent, −tanh²(1/2)·D"),
                          domain="sample kernels", stated_domain="all (ε,δ)-LDP K (Chernoff–Stein quoted)")
    shown = lambda m: [[str(v) for v in row] for row in m]
    return erratum(printed_holds,
                   {"K_1": "randomized response, e^eps = 3", "K_2 after Z_1 = 0": "randomized response, e^eps = 2",
                    "K_2 after Z_1 = 1": "randomized response, e^eps = 3", "each K_i (log 3, 0)-LDP": private,
                    "P0": "Ber(1/5)", "P1": "Ber(7/10)", "law of (Z_1, Z_2) under P0": shown(m0),
                    "law of (Z_1, Z_2) under P1": shown(m1)},
                   corrected, "proof gap: the setting permits sequentially interactive K_i, but (50) is Chernoff–Stein for "
                   "i.i.d. observations and (51) takes Z^n from K^{⊗n}; the witness, (log 3, 0)-LDP at each step, has an "
                   "output law that is no product (P_jK)^{⊗2}, so the proof does not reach it (β_n^{ε,δ} is itself "
                   "defined over non-interactive K^{⊗n}, which is what the proof covers)",
                   corrected_statement="for non-interactive K^{⊗n}, K ∈ Q_{ε,δ}: lim inf (1/n) log β_n^{ε,δ}(α) ≥ "
                   "−φ(ε,δ) D_KL(P0‖P1)", kind="proof gap",
                   reading="“lim” read as lim inf (its existence is not shown); the printed reach is the setting's K_i "
                   "with sequential interaction")


_COROLLARY_5_DOMAIN = [LDPChannel("K", _ε, _δ, k="k")]


@claim(PAPER, "Corollary 5",
       "sup_{K ∈ Q_{ε,δ}} I(X;Z) ≤ φ(ε,δ) H(X), via (42): I(U;Z) ≤ η_KL(K) I(U;X) with U = X",
       domain=_COROLLARY_5_DOMAIN, stated_domain='“sup over K ∈ Q_{ε,δ}”, finite 𝒳', stated_where='Section VII, Corollary 5, eqs. (20)–(21)',
       quote=(r"Corollary 5. We have for any Ξ΅β‰₯0πœ€0\varepsilon\geq 0 and δ∈[0,1]𝛿01\delta\in[0,1] "
              r"supπ–ͺβˆˆπ’¬Ξ΅,Ξ΄I(X;Z)≀φ(Ξ΅,Ξ΄)H(X).subscriptsupremumπ–ͺsubscriptπ’¬πœ€π›ΏπΌπ‘‹π‘πœ‘πœ€π›Ώπ»π‘‹\sup_{{\mathsf{K}}\in{\mathcal{Q}}_{\varepsilon,\delta}}I(X;Z)\leq\varphi(\varepsilon,\delta)H(X). "
              r"(21)"))
def corollary_5():
    r = rng(5)
    ok = []
    for rows, x, d in ldp_kernels():
        for _ in range(3):
            px = random_law(r, len(rows))
            joint = [[w * v for v in row] for w, row in zip(px, rows)]
            i = mutual_information(joint)
            ok += [le(i, phi(log(x), d) * entropy(px)), le(i, Channel(rows).contraction("kl") * entropy(px))]
    rr = randomized_response(1).rows
    half = [R(1, 2), R(1, 2)]
    bits = mutual_information([[v / 2 for v in row] for row in rr]) / log(2)
    p1, p2, p3 = sympy.symbols("p1:4", positive=True)
    law = [p1, p2, p3]
    self_info = identity(sympy.expand_log(sum(w * log(w / (w * w)) for w in law), force=True),
                         sympy.expand_log(-sum(w * log(w) for w in law), force=True),
                         "I(X;X) = Σ_x p_x log(p_x/p_x²) = H(X) (three-point law; the same term by term on any finite 𝒳)")
    bound = _contracted("I(X;Z) ≤ η_KL(K)·I(X;X) (eq. 42 with U = X) and η_KL(K) ≤ φ (Lemma 1) give I(X;Z) ≤ φH(X)")
    return establish(combine(self_info, bound),
                     holds(all(ok), "4 LDP kernels × 3 random priors: I(X;Z) ≤ η_KL(K)H(X) ≤ φH(X)"),
                     catalog([bits, rb.mutual_information_bound(1, 0, entropy(half) / log(2))],
                             ["0.160058462016831", "0.632120558828558"], "uniform binary X, RR at ε = 1 (bits)"),
                     domain=_COROLLARY_5_DOMAIN, uses=["egamma-ldp:eq-42", "egamma-ldp:lemma-1"],
                     prose_steps=["the bound for every K ∈ Q_{ε,δ} gives it for the supremum"])


@claim(PAPER, "Section III (Duchi et al. KL bound)",
       "For ε-LDP K: D_KL(PK‖QK) ≤ 2(e^ε − 1)² TV²(P, Q) (quoted from Duchi–Jordan–Wainwright, Theorem 1)",
       stated_domain='ε-LDP K, all P, Q', stated_where='Section II, remark after Theorem 1 (quoting Duchi et al. [10])',
       quote=(r"We note that Duchi et al. [10] showed that if π–ͺπ–ͺ{\mathsf{K}} is Ξ΅πœ€\varepsilon-LDP then "
              r"Dπ–ͺ𝖫(Pπ–ͺβˆ₯Qπ–ͺ)≀2(eΞ΅βˆ’1)2𝖳𝖡2(P,Q)subscript𝐷π–ͺ𝖫conditional𝑃π–ͺ𝑄π–ͺ2superscriptsuperscriptπ‘’πœ€12superscript𝖳𝖡2𝑃𝑄D_{{\mathsf{KL}}}(P{\mathsf{K}}\|Q{\mathsf{K}})\leq "
              r"2(e^{\varepsilon}-1)^{2}{\mathsf{TV}}^{2}(P,Q). They then informally concluded from this result that "
              r"Ξ΅πœ€\varepsilon-LDP acts as a contraction on the space of probability measures. Theorem 1 makes "
              r"this observation precise."))
def djw_kl():
    r = rng(31)
    ok = []
    for _ in range(20):
        ch = Channel(random_kernel(r, 2, 3, 4))
        x = sympy.exp(ch.ldp_epsilon())
        p, q = random_law(r, 2), random_law(r, 2)
        ok.append(le(kl(push(p, ch.rows), push(q, ch.rows)), 2 * (x - 1) ** 2 * tv_events(p, q) ** 2))
    return establish(holds(all(ok), "20 random 2×3 kernels at their own ε, random input pairs"),
                     domain="random kernels", stated_domain="all ε-LDP kernels")


#: Corollary 2's proof, eqs. (47)–(48): m = nφ_n, the paper's "assuming k ≥ 16" for the chosen k = min{m, d} ∈ [d]
#: (so m ≥ 16 and d ≥ 16, an integer), and (47) itself, ℛ_n ≳ r² max_{k∈[d]} min{1/k, k/m²}, read as ℛ_n ≥ C r²·(that
#: maximum) for a constant C > 0; k ranges over the real interval [1, d] (integrality ignored, as the paper does).
_R_N, _C, _r = sympy.symbols("R_n C r", real=True)
_D = sympy.Symbol("d", integer=True)
_EQ_47_MAX = Sup(sympy.Min(1 / _k, _k / _m ** 2), (_k, 1, _D))
_EQ_47 = _R_N >= _C * _r ** 2 * _EQ_47_MAX
_EQS_47_48_DOMAIN = [_m >= 16, Integer("d", 16), _C > 0, _EQ_47]


@claim(PAPER, "Corollary 2 (proof, eqs. 47–48)",
       "with m = nφ_n: choosing k = min{m, d} in max_{k∈[d]} min{1/k, k/m²} gives min{1/m, d/m²}, the rate of (12)",
       domain=_EQS_47_48_DOMAIN,
       stated_domain="m = nφ_n, “assuming k ≥ 16” for the chosen k = min{m, d} ∈ [d] (so m ≥ 16, d ≥ 16); (47) "
                     "ℛ_n ≳ r² max_{k∈[d]} min{1/k, k/m²} with its constant C > 0; integrality of k ignored, as the paper "
                     "does (k over the real interval [1, d])",
       stated_where="Appendix, proof of Corollary 2, eqs. (47)–(48)",
       quote=(r"Setting "
              r"Ο‰=min⁑{1,k50nφn(Ξ΅,Ξ΄)}πœ”1π‘˜50𝑛subscriptπœ‘π‘›πœ€π›Ώ\omega=\min\{1,\frac{k}{50n\varphi_{n}(\varepsilon,\delta)}\} "
              r"and assuming kβ‰₯16π‘˜16k\geq 16, we can write "
              r"β„›n(𝒫,β„“,Ξ΅,Ξ΄)≳r2maxk∈[d]⁑min⁑{1k,kn2φn2(Ξ΅,Ξ΄)}.greater-than-or-equivalent-tosubscriptβ„›π‘›π’«β„“πœ€π›Ώsuperscriptπ‘Ÿ2subscriptπ‘˜delimited-[]𝑑1π‘˜π‘˜superscript𝑛2subscriptsuperscriptπœ‘2π‘›πœ€π›Ώ\mathcal{R}_{n}({\mathcal{P}},\ell,\varepsilon,\delta)\gtrsim "
              r"r^{2}\max_{k\in[d]}\min\left\{\frac{1}{k},\frac{k}{n^{2}\varphi^{2}_{n}(\varepsilon,\delta)}\right\}. "
              r"(47) By choosing "
              r"k=min⁑{nφn(Ξ΅,Ξ΄),d}π‘˜π‘›subscriptπœ‘π‘›πœ€π›Ώπ‘‘k=\min\{n\varphi_{n}(\varepsilon,\delta),d\}, we "
              r"obtain "
              r"β„›n(𝒫,β„“,Ξ΅,Ξ΄)≳r2min⁑{1nφn(Ξ΅,Ξ΄),dn2φn2(Ξ΅,Ξ΄)}.greater-than-or-equivalent-tosubscriptβ„›π‘›π’«β„“πœ€π›Ώsuperscriptπ‘Ÿ21𝑛subscriptπœ‘π‘›πœ€π›Ώπ‘‘superscript𝑛2subscriptsuperscriptπœ‘2π‘›πœ€π›Ώ\mathcal{R}_{n}({\mathcal{P}},\ell,\varepsilon,\delta)\gtrsim "
              r"r^{2}\min\left\{\frac{1}{n\varphi_{n}(\varepsilon,\delta)},\frac{d}{n^{2}\varphi^{2}_{n}(\varepsilon,\delta)}\right\}. "
              r"(48)"))
def corollary_2_eqs_47_48():
    """(48) from (47) as kernel steps: the maximum over k ∈ [1, d] of min{1/k, k/m²} is at least its value at the
    chosen k = min{m, d} (a supremum bounds every value on its range; k = min{m, d} lies in [1, d] for m, d ≥ 1), and
    that value is min{1/m, d/m²}: for m ≤ d it is min{1/m, m/m²} = 1/m ≤ d/m², for d ≤ m it is min{1/d, d/m²} = d/m²
    ≤ 1/m (decided with min characterised). So ℛ_n ≥ C r²·max ≥ C r² min{1/m, d/m²}, which is (48)."""
    m, d = _m, _D
    chosen = kernel.member(_EQ_47_MAX, sympy.Min(m, d), detail="the value at k = min{m, d} is at most the maximum over k ∈ [1, d]")
    rate = kernel.decide(kernel.goal(_R_N >= _C * _r ** 2 * sympy.Min(1 / m, d / m ** 2), [m >= 1, d >= 1, _C >= 0, _EQ_47]),
                         chosen, detail="(47) gives (48): max_{k ∈ [1, d]} min{1/k, k/m²} ≥ min{1/m, d/m²}, since k = "
                                        "min{m, d} ∈ [1, d] and min{1/min{m, d}, min{m, d}/m²} = min{1/m, d/m²}")
    return establish(rate, domain=[m >= 1, Integer("d", 1), _C >= 0, _EQ_47])


@claim(PAPER, "Eq. (20)",
       "Kairouz et al. (Corollary 15), for small ε: sup_{K ∈ Q_ε} I(X;Z) ≤ ½P_X(A)(1 − P_X(A))ε²; Corollary 5's φH(X) is "
       "looser at small ε (linear against quadratic)",
       stated_domain="“for sufficiently small ε”, A ∈ argmin_B |P_X(B) − ½|", stated_where="Section VII, eq. (20)",
       quote=(r"Viewing mutual information as a utility measure, we may consider maximizing mutual information under "
              r"local differential privacy as yet another privacy-utility trade-off. To formalize this, let "
              r"X∼PXsimilar-to𝑋subscript𝑃𝑋X\sim P_{X}. The goal is to characterize the supremum of I(X;Z)𝐼𝑋𝑍I(X;Z) "
              r"over π–ͺβˆˆπ’¬Ξ΅,Ξ΄π–ͺsubscriptπ’¬πœ€π›Ώ{\mathsf{K}}\in{\mathcal{Q}}_{\varepsilon,\delta}, i.e., the "
              r"maximum information shared between X𝑋X and its (Ξ΅,Ξ΄)πœ€π›Ώ(\varepsilon,\delta)-LDP representation. "
              r"Such mutual information bounds under local DP have appeared in the literature, e.g., McGregor et al. "
              r"[46] provided a result that roughly states I(X;Z)≀3Ρ𝐼𝑋𝑍3πœ€I(X;Z)\leq 3\varepsilon for "
              r"π–ͺβˆˆπ’¬Ξ΅π–ͺsubscriptπ’¬πœ€{\mathsf{K}}\in{\mathcal{Q}}_{\varepsilon} and Kairouz et al. [13, "
              r"Corollary 15] showed for sufficiently small Ξ΅πœ€\varepsilon "
              r"supπ–ͺβˆˆπ’¬Ξ΅I(X;Z)≀12PX(A)(1βˆ’PX(A))Ρ2,subscriptsupremumπ–ͺsubscriptπ’¬πœ€πΌπ‘‹π‘12subscript𝑃𝑋𝐴1subscript𝑃𝑋𝐴superscriptπœ€2\sup_{{\mathsf{K}}\in{\mathcal{Q}}_{\varepsilon}}I(X;Z)\leq\frac{1}{2}P_{X}(A)(1-P_{X}(A))\varepsilon^{2}, "
              r"(20) where AβŠ‚π’³π΄π’³A\subset{\mathcal{X}} satisfies "
              r"A∈argminBβŠ‚π’³|PX(B)βˆ’12|𝐴subscriptargmin𝐡𝒳subscript𝑃𝑋𝐡12A\in\mathop{\rm "
              r"arg\,min}_{B\subset{\mathcal{X}}}|P_{X}(B)-\frac{1}{2}|. Next, we provide an upper bound for the "
              r"mutual information under LDP that holds for all Ξ΅β‰₯0πœ€0\varepsilon\geq 0 and "
              r"δ∈[0,1]𝛿01\delta\in[0,1]."))
def eq_20():
    half = [R(1, 2), R(1, 2)]
    infos, bounds, looser = [], [], []
    for e in (R(1, 10), R(1, 2), 1):
        rr = randomized_response(e).rows
        info = mutual_information([[v / 2 for v in row] for row in rr])
        infos.append(info)
        bounds.append(e ** 2 / 8)
        looser.append(le(e ** 2 / 8, phi(e, 0) * entropy(half)))
    bits = [i / log(2) for i in infos[1:]]
    return establish(holds(all(le(i, b) for i, b in zip(infos, bounds)),
                           "uniform binary X (P(A) = ½), RR at ε ∈ {1/10, 1/2, 1} (binary input: RR dominates every "
                           "ε-LDP kernel): I(X;Z) ≤ ε²/8 nats (certified)"),
                     holds(all(looser), "ε²/8 ≤ φ(ε, 0)·H(X) at those ε: (20) is the sharper bound there"),
                     catalog(bits, ["0.0437134606192710", "0.160058462016831"], "I(X;Z) in bits at ε = 1/2, 1"),
                     domain="uniform binary X, ε ∈ {1/10, 1/2, 1}", uses=["extremal-ldp:theorem-18"])


_EQ_42_DOMAIN = [Laws("U"), AnyChannel("P_{A|U}"), AnyChannel("K")]


@claim(PAPER, "Eq. (42)",
       "η_KL(P_{B|A}) = sup_{U−A−B} I(U;B)/I(U;A) (quoted from Polyanskiy–Wu, Problem 15.12): the library η_KL bounds "
       "every such ratio",
       domain=_EQ_42_DOMAIN, stated_domain="every Markov chain U − A − B", stated_where="Appendix, proof of Lemma 4, eq. (42)",
       quote=(r"Note that we have the Markov chain "
              r"V⊸--Xn⊸--ZnV\mathrel{\multimap}\joinrel\mathrel{-}\mspace{-9.0mu}\joinrel\mathrel{-}X^{n}\mathrel{\multimap}\joinrel\mathrel{-}\mspace{-9.0mu}\joinrel\mathrel{-}Z^{n}. "
              r"It has been shown in [47, Problem 15.12] (see also [34, 47]) that for any channel "
              r"PB|Asubscript𝑃conditional𝐡𝐴P_{B|A} connecting random variable A𝐴A to B𝐡B, we have "
              r"Ξ·π–ͺ𝖫(PB|A)=supPAU:U⊸--A⊸--BI(U;B)I(U;A).\eta_{\mathsf{KL}}(P_{B|A})=\sup_{\begin{subarray}{c}P_{AU}:\\ "
              r"U\mathrel{\multimap}\joinrel\mathrel{-}\mspace{-9.0mu}\joinrel\mathrel{-}A\mathrel{\multimap}\joinrel\mathrel{-}\mspace{-9.0mu}\joinrel\mathrel{-}B\end{subarray}}\frac{I(U;B)}{I(U;A)}. "
              r"(42)"))
def eq_42():
    r = rng(42)
    ok = []
    for _ in range(4):
        rows = random_kernel(r, 3, 3)
        eta = Channel(rows).contraction("kl")
        for _ in range(3):
            pu = random_law(r, 2)
            a_given_u = [random_law(r, 3) for _ in pu]
            joint_a = [[w * v for v in law] for w, law in zip(pu, a_given_u)]
            joint_b = [[w * v for v in push(law, rows)] for w, law in zip(pu, a_given_u)]
            ok.append(le(mutual_information(joint_b), eta * mutual_information(joint_a)))
    w, k0, k1 = sympy.symbols("w k0 k1", positive=True)
    pu, rows = [w, 1 - w], [[k0, 1 - k0], [k1, 1 - k1]]  # P_U and P_{A|U} (2×2, symbolic)
    pa = [sum(x * row[y] for x, row in zip(pu, rows)) for y in (0, 1)]
    # I(U;A) = Σ_{u,a} P(u,a) log(P(u,a)/(P(u)P(a))) = Σ_u P(u) Σ_a P(a|u) log(P(a|u)/P(a)): the ratios agree term by term
    golden = identity([x * row[y] / (x * pa[y]) for x, row in zip(pu, rows) for y in (0, 1)],
                      [row[y] / pa[y] for row in rows for y in (0, 1)],
                      "P(u,a)/(P(u)P(a)) = P(a|u)/P(a) term by term, so I(U;A) = Σ_u P(u) D(P_{A|u}‖P_A) (2×2, symbolic); "
                      "likewise I(U;B) = Σ_u P(u) D(P_{A|u}K‖P_AK)")
    a0, a1, b0, b1, eta = sympy.symbols("a0 a1 b0 b1 eta", real=True)
    bound = real_closed(eta * (w * a0 + (1 - w) * a1) - (w * b0 + (1 - w) * b1), [a0, a1, b0, b1, eta, w],
                        [b0 <= eta * a0, b1 <= eta * a1, w <= 1],
                        "b_u = D(P_{A|u}K‖P_AK) ≤ η_KL(K)·a_u, a_u = D(P_{A|u}‖P_A) (definition (3)), averaged with "
                        "P(u) = (w, 1 − w): I(U;B) ≤ η_KL(K)·I(U;A)")
    return establish(combine(golden, bound),
                     holds(all(ok), "4 random 3×3 channels × 3 random binary U − A chains: I(U;B) ≤ η_KL·I(U;A) "
                           "(certified)"), domain=_EQ_42_DOMAIN,
                     uses=[cited("Polyanskiy–Wu, Information Theory", "Problem 15.12 (the supremum equals η_KL)")],
                     prose_steps=["P_{B|u} = P_{A|u}K by the Markov chain; the average over any finite or general U "
                                  "as for two values of U",
                                  "the supremum attains η_KL (the '≥' direction) is the cited result"])


_COROLLARY_4_PROOF_DOMAIN = [LDPChannel("K", _ε, _δ), Integer("n", 1), _α > 0, _α < 1]


@claim(PAPER, "Corollary 4 (proof, eqs. 50–51)",
       "Chernoff–Stein: lim (1/n) log β_n(α) = −D(P0‖P1) non-privately, and with K^{⊗n} the exponent is −D(P0K‖P1K) ≥ "
       "−φ(ε,δ)D(P0‖P1) by Lemma 1 applied to KL",
       domain=_COROLLARY_4_PROOF_DOMAIN, stated_domain="non-interactive K^{⊗n}, K ∈ Q_{ε,δ}, α ∈ (0, 1)", stated_where="Appendix, proof of Corollary 4, "
       "eqs. (50)–(51)",
       quote=(r"Let "
              r"Ξ²n(Ξ±)≔βn∞,1(Ξ±)≔subscript𝛽𝑛𝛼subscriptsuperscript𝛽1𝑛𝛼\beta_{n}(\alpha)\coloneqq\beta^{\infty,1}_{n}(\alpha) "
              r"be the non-private trade-off between type I and type II error probabilities (i.e., "
              r"Zn=Xnsuperscript𝑍𝑛superscript𝑋𝑛Z^{n}=X^{n}). According to Chernoff-Stein lemma (see, e.g., [45, "
              r"Theorem 11.8.3]), we have "
              r"limnβ†’βˆž1nlog⁑βn(Ξ±)=βˆ’Dπ–ͺ𝖫(P0βˆ₯P1).subscript→𝑛1𝑛subscript𝛽𝑛𝛼subscript𝐷π–ͺ𝖫conditionalsubscript𝑃0subscript𝑃1\lim_{n\to\infty}\frac{1}{n}\log\beta_{n}(\alpha)=-D_{\mathsf{KL}}(P_{0}\|P_{1}). "
              r"(50) Assume now that, Znsuperscript𝑍𝑛Z^{n} is the output of "
              r"π–ͺβŠ—nsuperscriptπ–ͺtensor-productabsent𝑛{\mathsf{K}}^{\otimes n} for an "
              r"(Ξ΅,Ξ΄)πœ€π›Ώ(\varepsilon,\delta)-LDP mechanism π–ͺπ–ͺ{\mathsf{K}}. According to (50), we obtain "
              r"that "
              r"limnβ†’βˆž1nlog⁑βnΞ΅,δ(Ξ±)=βˆ’supπ–ͺβˆˆπ’¬Ξ΅,Ξ΄Dπ–ͺ𝖫(P0π–ͺβˆ₯P1π–ͺ).subscript→𝑛1𝑛subscriptsuperscriptπ›½πœ€π›Ώπ‘›π›Όsubscriptsupremumπ–ͺsubscriptπ’¬πœ€π›Ώsubscript𝐷π–ͺ𝖫conditionalsubscript𝑃0π–ͺsubscript𝑃1π–ͺ\lim_{n\to\infty}\frac{1}{n}\log\beta^{\varepsilon,\delta}_{n}(\alpha)=-\sup_{{\mathsf{K}}\in{\mathcal{Q}}_{\varepsilon,\delta}}D_{\mathsf{KL}}(P_{0}{\mathsf{K}}\|P_{1}{\mathsf{K}}). "
              r"(51) Applying Lemma 1, we obtain the desired result. ∎"))
def corollary_4_proof():
    r = rng(50)
    ok = []
    for rows, x, dl in ldp_kernels():
        for _ in range(3):
            p0, p1 = random_law(r, len(rows)), random_law(r, len(rows))
            ok.append(le(kl(push(p0, rows), push(p1, rows)), phi(log(x), dl) * kl(p0, p1)))
    return establish(_contracted("D(P0K‖P1K) ≤ η_KL(K)·D(P0‖P1) (definition (3) of η_KL) and η_KL(K) ≤ φ (Lemma 1): "
                                 "the exponent −D(P0K‖P1K) of K^{⊗n} is ≥ −φD(P0‖P1)"),
                     holds(all(ok), "4 LDP kernels × 3 random pairs: D(P0K‖P1K) ≤ φ·D(P0‖P1) (exact logs, certified)"),
                     domain=_COROLLARY_4_PROOF_DOMAIN,
                     uses=["egamma-ldp:lemma-1", cited("Chernoff–Stein", "Stein's lemma (Cover–Thomas, Theorem 11.8.3)")],
                     prose_steps=["the infimum over K and the limit in n are interchanged, as the paper asserts"])
