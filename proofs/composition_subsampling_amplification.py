"""Claims of Steinke, *Composition of Differential Privacy & Privacy Amplification by
Subsampling* (arXiv:2210.00597), Sections 5–6: the mean-estimation lower bound and amplification by
subsampling for (ε, δ)-DP and for Rényi DP.

Sections 2–4 are in composition_subsampling.py; Section 7 and the figures in composition_subsampling_optimal.py.
"""

from __future__ import annotations

import random

import sympy
from sympy import Rational as R, exp, log, sqrt

from symdp.errors import ParameterError
from symdp.central.lower_bounds import lemma26_terms, lemma27_bound, mean_estimation_lower_bound
from symdp.numbers import sign
from symdp.central.pairs import FinitePair, gaussian, randomized_response
from symdp.central.renyi import rdp_mixture_bound, rdp_to_dp_delta
from symdp.central.subsampled_renyi import (proposition41_bound, proposition41_zcdp_bound, proposition42_bound,
                                            subsampled_gaussian_moment, subsampled_gaussian_rdp,
                                            subsampling_lower_bound, theorem34_moment, theorem35_bound,
                                            theorem35_lambda, theorem38_bound, theorem38_omega)
from symdp.central.subsampling import add_remove_to_replace, amplified, theorem29_tight_pair
from symdp.verify import (certified_agreement, claim, combine, erratum, establish, exact_agreement, identity,
                          prove, real_closed)
from symdp.verify.domains import (AbsolutelyContinuous, Channel, DPMechanism, DPPair, ExtendedOrder, Integer, Laws, PrivacyLoss,
                                  RDPLaws, RDPMechanism, SameSupport)

from _cs_helpers import (PROPOSITION_7, adaptive_composition_steps, bernoulli_steps, exp_increasing,
                         zcdp_conversion_steps, post_processing_statement, hockey, kernel, moment, product_law,
                         pushforward, random_law, random_pair, signs_at, mean_loss_at_t_minus_one)
from _idioms import holds, near, ordered
from _cs_helpers import randomized_response as rr

PAPER = "composition-subsampling"

# Real parameters of the paper's domains (symdp.verify.domains), named as the paper names them.
_ε, _δ, _p, _Δ, _c, _d, _x, _α = sympy.symbols("epsilon delta p Delta c d x alpha", real=True)
_n, _k = sympy.symbols("n k", integer=True)
p_, x_, a_, t_ = sympy.symbols("p x alpha t", positive=True)
rho_ = sympy.Symbol("rho", positive=True)


def _mix(p, q, s):
    """s·P + (1−s)·Q."""
    return tuple(s * a + (1 - s) * b for a, b in zip(p, q))


def _renyi_moment(p, q, a):
    """E_Q[(P/Q)^a] for any exact order a (sympy powers)."""
    return sympy.Add(*[x ** a * y ** (1 - a) for x, y in zip(p, q)])


def _renyi(p, q, a):
    return log(_renyi_moment(p, q, a)) / (a - 1)


# --------------------------------------------------------------------------------------------
# Section 5


def _error_from_correlation(detail: str):
    """The last step of Theorem 25's proof with the privacy constants left free: if an analog of Lemma 27 gives
    E[Z_i] ≤ E[Z̃_i] + c·E|Z̃_i| + d·k (for (ε, δ)-DP: c = e^ε − 1, d = 2δ), then with s = √(2α²k + k/3n) the chain
    k/12 − α²k ≤ n(c s/2 + d k), α ≤ 1/10, d ≤ 1/(50n) and k ≥ 200c²n force 256n²c²α² ≥ k, i.e. α ≥ √k/(16nc)."""
    n, k, c, d, alpha, s = sympy.symbols("n k c d alpha s", real=True)
    return real_closed(256 * n ** 2 * c ** 2 * alpha ** 2 - k, [alpha, n, c, k, d, s],
                       [alpha >= 0, alpha <= R(1, 10), n >= 1, c > 0, k > 0, d >= 0, 50 * n * d <= 1,
                        k >= 200 * c ** 2 * n, s >= 0, sympy.Eq(s ** 2, 2 * alpha ** 2 * k + k / (3 * n)),
                        k / 12 - alpha ** 2 * k <= n * (c * s / 2 + d * k)], detail)


def _theorem_25_steps():
    """The machine steps of Theorem 25's proof (Section 5), for every n ≥ 1, k, ε, δ: E‖X̄ − P‖² = k/6n
    (footnote 7); P_j(1 − P_j) ≤ ¼ and (a + b)² ≤ 2a² + 2b² (so E[Z̃_i²] ≤ ¼(2α²k + k/3n)); and the
    conclusion (:func:`_error_from_correlation` with c = e^ε − 1, d = 2δ)."""
    p, a, b = sympy.symbols("p a b", real=True)
    nk = sympy.Symbol("n_", positive=True)
    return combine(identity(sympy.Symbol("k") * sympy.integrate(p_ * (1 - p_) / nk, (p_, 0, 1)), sympy.Symbol("k") / (6 * nk),
                            "footnote 7: E‖X̄ − P‖² = k ∫₀¹ p(1−p)/n dp = k/6n"),
                   real_closed(R(1, 4) - p * (1 - p), [p], [], "P_j(1 − P_j) ≤ ¼"),
                   real_closed(2 * a ** 2 + 2 * b ** 2 - (a + b) ** 2, [a, b], [], "(a + b)² ≤ 2a² + 2b²"),
                   _error_from_correlation("c = e^ε − 1, d = 2δ: k/12 − α²k ≤ n((e^ε−1)/2·√(2α²k + k/3n) + 2δk), "
                                           "α ≤ 1/10, δ ≤ 1/(100n), k ≥ 200(e^ε−1)²n ⇒ α ≥ √k/(16n(e^ε−1))"))


_THEOREM_25_DOMAIN = [Integer("n", 1), Integer("k", 1), DPMechanism("M", _ε, _δ), _δ <= 1 / (100 * _n), _k >= 200 * (sympy.exp(_ε) - 1) ** 2 * _n]


@claim(paper=PAPER, label="Theorem 25",
       statement="(ε,δ)-DP M: ({0,1}^k)^n → [0,1]^k with δ ≤ 1/(100n), k ≥ 200(e^ε−1)²n has RMSE ≥ "
                 "min{√k/(16n(e^ε−1)), 1/10} at some input; the proof's constants and rearrangement hold.",
       domain=_THEOREM_25_DOMAIN, stated_domain='δ ≤ 1/(100n), k ≥ 200(e^ε − 1)²n, M (ε, δ)-DP', stated_where='Section 5, Theorem 25',
       quote=(r"Theorem 25 (Negative Result for Error of Private Mean Estimation). Let "
              r"𝒳={0,1}k𝒳superscript01𝑘\mathcal{X}=\{0,1\}^{k} and 𝒴=[0,1]k𝒴superscript01𝑘\mathcal{Y}=[0,1]^{k}. Let "
              r"M:𝒳n𝒴:𝑀superscript𝒳𝑛𝒴M:\mathcal{X}^{n}\to\mathcal{Y} satisfy (ε,δ)𝜀𝛿(\varepsilon,\delta)-DP. If "
              r"δ1/100n𝛿1100𝑛\delta\leq 1/100n and k200(eε1)2n𝑘200superscriptsuperscript𝑒𝜀12𝑛k\geq "
              r"200(e^{\varepsilon}-1)^{2}n, then there exists some x𝒳n𝑥superscript𝒳𝑛x\in\mathcal{X}^{n} such that "
              r"𝔼[1kM(x)x¯22]min{k16n(eε1),110},𝔼delimited-[]1𝑘superscriptsubscriptnorm𝑀𝑥¯𝑥22𝑘16𝑛superscript𝑒𝜀1110\sqrt{{\mathbb{E}\left[\frac{1}{k}\|M(x)-\overline{x}\|_{2}^{2}\right]}}\geq\min\left\{\frac{\sqrt{k}}{16\cdot "
              r"n\cdot(e^{\varepsilon}-1)},\frac{1}{10}\right\}, where "
              r"x¯=1ni=1nxi[0,1]k¯𝑥1𝑛superscriptsubscript𝑖1𝑛subscript𝑥𝑖superscript01𝑘\overline{x}=\frac{1}{n}\sum_{i=1}^{n}x_{i}\in[0,1]^{k} "
              r"is the mean of input dataset."))
def theorem_25():
    n, k, x, alpha, delta = sympy.symbols("n k x alpha delta", positive=True)
    big_a = R(1, 6) - 2 * alpha ** 2 - 4 * n * delta
    rearranged = big_a ** 2 * k / (2 * n ** 2 * (x - 1) ** 2) - 1 / (6 * n)
    out = [identity(n ** 2 * (x - 1) ** 2 * 2 * (alpha ** 2 - rearranged),
                    n ** 2 * (x - 1) ** 2 * (2 * alpha ** 2 + 1 / (3 * n)) - big_a ** 2 * k,
                    "the paper's rearrangement: A²k ≤ n²(e^ε−1)²(2α² + 1/3n) ⇔ α² ≥ A²k/(2n²(e^ε−1)²) − 1/6n "
                    "(A = 1/6 − 2α² − 4nδ)"),
           holds(sign(sqrt(R(5, 6) / 200) - R(1, 16)) >= 0, "√((5/6)/200) ≥ 1/16 (the paper's constants)"),
           holds(sign(sympy.E / 2 * (sympy.E ** 2 - 1) + 1 - 10) <= 0, "(e/2)(e²−1) + 1 ≤ 10 (used by Theorem 38)")]
    e0, n0 = log(R(11, 10)), 10
    need = 200 * (R(1, 10)) ** 2 * n0
    k0 = int(need) + 1
    lib = mean_estimation_lower_bound(e0, R(1, 1000), n0, k0)
    out.append(exact_agreement(lib, sympy.Min(sqrt(k0) / (16 * n0 * R(1, 10)), R(1, 10)),
                               f"library at e^ε = 11/10, n = {n0}, k = {k0}"))
    try:
        mean_estimation_lower_bound(e0, R(1, 100), n0, k0)
        out.append(holds(False, "δ > 1/(100n) must be refused"))
    except ParameterError:
        out.append(holds(True, "δ > 1/(100n) is refused (hypothesis)"))
    return establish(_theorem_25_steps(), out,
                     domain=_THEOREM_25_DOMAIN,
                     uses=["composition-subsampling:lemma-26", "composition-subsampling:lemma-27"],
                     prose_steps=["Lemma 26 applied to each coordinate and summed: E[Z] ≥ k/12 − α²k for P uniform "
                                  "on [0,1]^k and X drawn from D_P^n",
                                  "E[Z̃_i] = 0 (M(X_0, X_{−i}) is independent of X_i given P) and Jensen "
                                  "E|Z̃_i| ≤ √E[Z̃_i²]; Lemma 27 with Δ = k bounds E[Z_i] ≤ E[Z̃_i] + "
                                  "(e^ε − 1)E|Z̃_i| + 2δk; summing over i gives the chain",
                                  "an average over random inputs bounds the error at some fixed input x, and α > 1/10 "
                                  "is the other branch of the minimum"])


def _lemma26_own(f: dict, n: int):
    """Lemma 26's two terms via Beta integrals ∫p^a(1−p)^b = a!b!/(a+b+1)! (no symbolic integration)."""
    fac = sympy.factorial
    beta = lambda a, b: fac(a) * fac(b) / fac(a + b + 1)
    first = sympy.Integer(0)
    for xs, fx in f.items():
        s = sum(xs)
        # (f − p)(s − np) = f s − (f n + s) p + n p²
        first += fx * s * beta(s, n - s) - (fx * n + s) * beta(s + 1, n - s) + n * beta(s + 2, n - s)
    g2 = sympy.Add(*[f[a] * f[b] * beta(sum(a) + sum(b), 2 * n - sum(a) - sum(b)) for a in f for b in f])
    gp = sympy.Add(*[f[a] * beta(sum(a) + 1, n - sum(a)) for a in f])
    second = g2 - 2 * gp + R(1, 3)
    return first, second


def _lemma_26_steps():
    """Lemma 26's proof (Section 5) for every f: {0,1}^n → [0,1] and every n: the per-coordinate logarithmic
    derivative d/dp log(xp + (1 − x)(1 − p)) = (x − p)/(p(1 − p)) for x ∈ {0, 1}; integration by parts
    ∫₀¹ g'(p)p(1 − p)dp = ∫₀¹ g(p)(2p − 1)dp for any differentiable g (p(1 − p) vanishes at both ends);
    E[P − ½] = 0 centres it to 2E[(g − ½)(P − ½)] = E[(g − ½)² + (P − ½)² − (g − P)²] ≥ 1/12 − E[(g − P)²]."""
    p, x = sympy.Symbol("p", positive=True), sympy.Symbol("x")
    g = sympy.Function("g")
    factor = x * p + (1 - x) * (1 - p)
    a, b = sympy.symbols("a b", real=True)
    return combine(identity([(sympy.diff(factor, p) / factor).subs(x, v) for v in (0, 1)],
                            [((x - p) / (p * (1 - p))).subs(x, v) for v in (0, 1)],
                            "d/dp log(x p + (1−x)(1−p)) = (x − p)/(p(1 − p)) for x = 0 and x = 1 (case analysis)"),
                   identity([sympy.diff(g(p) * p * (1 - p), p) - g(p) * (1 - 2 * p), (p * (1 - p)).subs(p, 0),
                             (p * (1 - p)).subs(p, 1)], [sympy.Derivative(g(p), p) * p * (1 - p), 0, 0],
                            "integration by parts: (g·p(1−p))' − g·(1 − 2p) = g'·p(1−p) and p(1−p) = 0 at p = 0, 1, "
                            "so ∫₀¹ g'(p)p(1−p)dp = ∫₀¹ g(p)(2p − 1)dp = 2E[g(P)(P − ½)]"),
                   identity([sympy.integrate(p - R(1, 2), (p, 0, 1)), sympy.integrate((p - R(1, 2)) ** 2, (p, 0, 1)),
                             2 * a * b], [0, R(1, 12), a ** 2 + b ** 2 - (a - b) ** 2],
                            "E[P − ½] = 0 (centring), E[(P − ½)²] = 1/12, and 2ab = a² + b² − (a − b)² with "
                            "a = g − ½, b = P − ½, a − b = g − P; dropping a² ≥ 0 gives ≥ 1/12 − E[(g(P) − P)²]"))


_LEMMA_26_DOMAIN = [Integer("n", 1)]


@claim(paper=PAPER, label="Lemma 26",
       statement="f: {0,1}^n → [0,1], P ~ U[0,1], X_i iid Bernoulli(P): E[(f(X)−P)Σ_i(X_i−P)] + E_P[(E_X[f(X)−X̄])²] ≥ 1/12 "
                 "(tight at f ≡ ½); the Jensen form is larger.",
       domain=_LEMMA_26_DOMAIN, stated_domain="the coordinates' laws of Theorem 25's proof", stated_where='Section 5, Lemma 26',
       quote=(r"Lemma 26. Let f:{0,1}d[0,1]:𝑓superscript01𝑑01f:\{0,1\}^{d}\to[0,1] be an arbitrary function. Let "
              r"P[0,1]𝑃01P\in[0,1] be uniformly random and, conditioned on P𝑃P, let "
              r"X1,,Xn{0,1}subscript𝑋1subscript𝑋𝑛01X_{1},\cdots,X_{n}\in\{0,1\} be independent with "
              r"𝔼[Xi]=P𝔼delimited-[]subscript𝑋𝑖𝑃{\mathbb{E}\left[X_{i}\right]}=P for each i[n]𝑖delimited-[]𝑛i\in[n]. "
              r"Then "
              r"𝔼X,P[(f(X)P)i=1n(XiP)]+𝔼𝑃[𝔼𝑋[f(X)X¯]2]112.𝑋𝑃𝔼delimited-[]𝑓𝑋𝑃superscriptsubscript𝑖1𝑛subscript𝑋𝑖𝑃𝑃𝔼delimited-[]𝑋𝔼superscriptdelimited-[]𝑓𝑋¯𝑋2112{\underset{X,P}{\mathbb{E}}\left[(f(X)-P)\cdot\sum_{i=1}^{n}(X_{i}-P)\right]}+{\underset{P}{\mathbb{E}}\left[{\underset{X}{\mathbb{E}}\left[f(X)-\overline{X}\right]}^{2}\right]}\geq\frac{1}{12}. "
              r"By Jensen’s inequality "
              r"𝔼𝑃[𝔼𝑋[f(X)X¯]2]𝔼P,X[(f(X)X¯)2]𝑃𝔼delimited-[]𝑋𝔼superscriptdelimited-[]𝑓𝑋¯𝑋2𝑃𝑋𝔼delimited-[]superscript𝑓𝑋¯𝑋2{\underset{P}{\mathbb{E}}\left[{\underset{X}{\mathbb{E}}\left[f(X)-\overline{X}\right]}^{2}\right]}\leq{\underset{P,X}{\mathbb{E}}\left[\left(f(X)-\overline{X}\right)^{2}\right]}. "
              r"Thus "
              r"𝔼X,P[(f(X)P)i=1n(XiP)+(f(X)X¯)2]112.𝑋𝑃𝔼delimited-[]𝑓𝑋𝑃superscriptsubscript𝑖1𝑛subscript𝑋𝑖𝑃superscript𝑓𝑋¯𝑋2112{\underset{X,P}{\mathbb{E}}\left[(f(X)-P)\cdot\sum_{i=1}^{n}(X_{i}-P)+\left(f(X)-\overline{X}\right)^{2}\right]}\geq\frac{1}{12}."))
def lemma_26():
    from itertools import product
    out = []
    rng = random.Random(26)
    cases = [("f ≡ 1/2", 2, lambda xs: R(1, 2)), ("f = x̄", 3, lambda xs: R(sum(xs), len(xs)))]
    for i in range(6):
        n = 1 + i % 3
        table = {xs: R(rng.randint(0, 10), 10) for xs in product((0, 1), repeat=n)}
        cases.append((f"random f #{i}, n = {n}", n, table.__getitem__))
    for name, n, f in cases:
        table = {xs: f(xs) for xs in product((0, 1), repeat=n)}
        one, two, three = lemma26_terms(table, n)
        mine = _lemma26_own(table, n)
        out.append(exact_agreement([one, two], list(mine), f"{name}: library (sympy integration) vs Beta integrals"))
        out.append(holds(one + two >= R(1, 12) and three >= one + two, f"{name}: sum = {one + two} ≥ 1/12, Jensen form ≥"))
    out.append(exact_agreement(sum(_lemma26_own({xs: R(1, 2) for xs in product((0, 1), repeat=2)}, 2)), R(1, 12),
                               "f ≡ ½ attains 1/12"))
    return establish(_lemma_26_steps(), out, domain=_LEMMA_26_DOMAIN,
                     prose_steps=["linearity of expectation: g(p) = E_{X←D_p^n}[f(X)] is a polynomial in p, "
                                  "g'(p) = E[f(X)·Σ_i (X_i − p)/(p(1 − p))] by the logarithmic derivative of the product "
                                  "∏_ℓ (x_ℓp + (1 − x_ℓ)(1 − p)) (the per-coordinate factor above), and "
                                  "E_X[X̄] = p, so g(P) − P = E_X[f(X) − X̄]"])


_LEMMA_27_DOMAIN = [DPPair("X", "Y", _ε, _δ), _Δ >= 0]


@claim(paper=PAPER, label="Lemma 27",
       statement="X, Y ∈ [−Δ, Δ] (ε,δ)-indistinguishable ⇒ E[X] ≤ E[Y] + (e^ε−1)E|Y| + 2δΔ.",
       domain=_LEMMA_27_DOMAIN, stated_domain='X, Y ∈ [−Δ, Δ] mutually (ε, δ)-indistinguishable', stated_where='Section 5, Lemma 27',
       quote=(r"Lemma 27. Let X𝑋X and Y𝑌Y be random variables supported on [Δ,Δ]ΔΔ[-\Delta,\Delta] satisfying "
              r"[XS]eε[YS]+δdelimited-[]𝑋𝑆superscript𝑒𝜀delimited-[]𝑌𝑆𝛿{\mathbb{P}\left[X\in S\right]}\leq "
              r"e^{\varepsilon}\cdot{\mathbb{P}\left[Y\in S\right]}+\delta and "
              r"[YS]eε[XS]+δdelimited-[]𝑌𝑆superscript𝑒𝜀delimited-[]𝑋𝑆𝛿{\mathbb{P}\left[Y\in S\right]}\leq "
              r"e^{\varepsilon}\cdot{\mathbb{P}\left[X\in S\right]}+\delta for all measurable S𝑆S. Then "
              r"𝔼[X]𝔼[Y]+(eε1)𝔼[|Y|]+2δΔ.𝔼delimited-[]𝑋𝔼delimited-[]𝑌superscript𝑒𝜀1𝔼delimited-[]𝑌2𝛿Δ{\mathbb{E}\left[X\right]}\leq{\mathbb{E}\left[Y\right]}+(e^{\varepsilon}-1){\mathbb{E}\left[|Y|\right]}+2\delta\Delta."))
def lemma_27():
    out = []
    values = [R(-1), R(-1, 2), R(0), R(1, 3), R(1)]
    for seed in range(6):
        rng = random.Random(270 + seed)
        px, py = random_law(rng, 5), random_law(rng, 5)
        for x in (R(11, 10), 2):
            d = max(hockey(px, py, x), hockey(py, px, x))
            bound = sympy.Add(*[w * v for v, w in zip(values, py)]) + (x - 1) * sympy.Add(*[w * abs(v) for v, w in zip(values, py)]) + 2 * d
            lib = lemma27_bound(dict(zip(values, px)), dict(zip(values, py)), log(x), d, 1)
            mean_x = sympy.Add(*[w * v for v, w in zip(values, px)])
            out.append(exact_agreement(lib, bound, f"seed {seed}, e^ε = {x}: library = formula"))
            out.append(holds(mean_x <= bound, f"seed {seed}, e^ε = {x}: E[X] = {mean_x} ≤ {bound}"))
    # at each level t ∈ [0, Δ]: A = P[X > t], B = P[Y > t], C = P[X < −t], D = P[Y < −t]
    a, b, c, d, x, dl = sympy.symbols("A B C D x delta", real=True)
    unit = [v for w in (a, b, c, d) for v in (w >= 0, w <= 1)]
    level = real_closed((b - d) + (x - 1) * (b + d) + 2 * dl - (a - c), [a, b, c, d, x, dl],
                        [*unit, x >= 1, dl >= 0, a <= x * b + dl, d <= x * c + dl],
                        "at each level t: P[X > t] ≤ e^ε P[Y > t] + δ and P[Y < −t] ≤ e^ε P[X < −t] + δ ⇒ "
                        "P[X > t] − P[X < −t] ≤ (P[Y > t] − P[Y < −t]) + (e^ε − 1)(P[Y > t] + P[Y < −t]) + 2δ")
    return establish(level, out, domain=_LEMMA_27_DOMAIN,
                     prose_steps=["integrating over t ∈ [0, Δ] (layer cake: E[X] = ∫₀^Δ P[X > t] − P[X < −t] dt, "
                                  "E|Y| = ∫₀^Δ P[Y > t] + P[Y < −t] dt) gives E[X] ≤ E[Y] + (e^ε − 1)E|Y| + 2δΔ"])


_REMARK_28_DOMAIN = [Integer("n", 1), Integer("k", 1), _c > 0, _d >= 0, _d <= 1 / (50 * _n), _k >= 200 * _c ** 2 * _n]


@claim(paper=PAPER, label="Remark 28",
       statement="Theorem 25's proof uses differential privacy only through Lemma 27: any privacy definition with an "
                 "analog E[Z_i] ≤ E[Z̃_i] + c·E|Z̃_i| + d·k of Lemma 27 gets the analog of Theorem 25, error ≥ "
                 "min{√k/(16nc), 1/10} when d ≤ 1/(50n) and k ≥ 200c²n.",
       domain=_REMARK_28_DOMAIN, stated_domain='any privacy definition for which an analog of Lemma 27 holds', stated_where='Section 5, Remark 28',
       quote=(r"Remark 28. The only part of the proof of Theorem 25 that uses differential privacy is Lemma 27. "
              r"Thus, if we were to consider a different definition of differential privacy, as long as an analog of "
              r"Lemma 27 holds for this alternative definition, an analog of Theorem 25 would still apply. That is "
              r"to say, this negative result is robust to our choice of privacy definition (unlike the the negative "
              r"result in Section 2.1)."))
def remark_28():
    step = _error_from_correlation("for every c > 0, d ≥ 0: k/12 − α²k ≤ n(c/2·√(2α²k + k/3n) + dk), α ≤ 1/10, "
                                   "d ≤ 1/(50n), k ≥ 200c²n ⇒ α ≥ √k/(16nc)")
    # the analog for (ε, δ)-DP is Theorem 25 itself: c = e^ε − 1, d = 2δ turn the hypotheses into Theorem 25's
    n, delta = sympy.symbols("n delta", positive=True)
    back = identity(50 * n * 2 * delta, 100 * n * delta, "at d = 2δ, 50nd ≤ 1 is Theorem 25's δ ≤ 1/(100n)")
    return establish(combine(step, back), domain=_REMARK_28_DOMAIN,
                     uses=["composition-subsampling:theorem-25", "composition-subsampling:lemma-26"],
                     prose_steps=["reading Theorem 25's proof: Lemma 26, E[Z̃_i] = 0, Jensen and footnote 7 use no "
                                  "privacy; privacy enters only where Lemma 27 bounds E[Z_i], with c = e^ε − 1, d = 2δ"])


# --------------------------------------------------------------------------------------------
# Section 6: amplification for (ε, δ)


def _poisson_rr(n: int, p, x, with_person: bool):
    """P[M^U(y) = 1] for Steinke's tightness example: RR on 'the sum of non-null inputs is 0' (e^ε = x),
    y = (1, 0, …, 0) or 0ⁿ, U Poisson with rate p, enumerated over all 2^n subsets."""
    from itertools import product
    total = sympy.Integer(0)
    for mask in product((0, 1), repeat=n):
        weight = sympy.Integer(1)
        for m in mask:
            weight *= p if m else 1 - p
        positive = with_person and mask[0] == 1
        total += weight * (x / (x + 1) if positive else 1 / (x + 1))
    return total


# "Let M satisfy (ε, δ)-DP … Let p = max_i P_U[i ∈ U]": an (ε, δ)-DP mechanism (ε ≥ 0, 0 ≤ δ ≤ 1) and p ∈ [0, 1]; the two
# conditions on U are used event by event in the proof (the premises of _subsampled_events' goal)
_THEOREM_29_DOMAIN = [DPMechanism("M", _ε, _δ), _p >= 0, _p <= 1]


def _subsampled_events():
    """Theorem 29 by the paper's proof, event by event, as kernel steps. Fix neighbouring x, x' differing at i, an
    event S and p_i = P[i ∈ U] ≤ p; with a = E_U[P[M(x_U) ∈ S] | i ∉ U] (= the same for x', since x_U = x'_U when i ∉ U),
    b = E_U[P[M(x_U) ∈ S] | i ∈ U] and b' = E_U[P[M(x'_U) ∈ S] | i ∈ U], the law of total probability gives
    P[M^U(x) ∈ S] = (1 − p_i)a + p_i b and P[M^U(x') ∈ S] = (1 − p_i)a + p_i b'. (ε, δ)-DP of M on the neighbours x_U, x'_U
    gives b ≤ e^ε b' + δ, and on x_U, x_{U_{−i}} with U_{−i} | i ∈ U distributed as U | i ∉ U (the technical assumption)
    b ≤ e^ε a + δ. The masses and these two inequalities are the statement's assumptions, quantified in the conclusion
    (for every event): then P[M^U(x) ∈ S] ≤ e^{ε'}P[M^U(x') ∈ S] + δ' with e^{ε'} = 1 + p(e^ε − 1), δ' = pδ — the
    paper's chain with λ = p_i + (1 − p_i)e^{−ε} ∈ [0, 1], then p_i ≤ p — decided for every x = e^ε ≥ 1 and
    instantiated at x = e^ε (e^ε ≥ 1 for ε ≥ 0)."""
    from symdp.verify import kernel as rules  # this module's `kernel` is _cs_helpers' Markov kernel

    x, a, b, b2, pi_ = sympy.symbols("x a b b' p_i", real=True)  # exp_increasing's variables are a, b too
    w, c1, c2, u, v = sympy.symbols("w c1 c2 u v", real=True)
    masses = sympy.And(a >= 0, a <= 1, b >= 0, b <= 1, b2 >= 0, b2 <= 1, pi_ >= 0, pi_ <= _p)
    dp = sympy.And(b <= x * b2 + _δ, b <= x * a + _δ)
    setting = [x >= 1, _δ >= 0, _p >= 0, _p <= 1]
    at = [*setting, masses, dp]
    mixed = (1 - pi_) * a + pi_ * b2  # P[M^U(x') ∈ S]
    lhs, middle = (1 - pi_) * a + pi_ * b, (1 + pi_ * (x - 1)) * mixed + pi_ * _δ
    bound = (1 + _p * (x - 1)) * mixed + _p * _δ
    # each step small, so that both solvers of the re-check settle its side condition:
    # x·(middle − lhs) = p_i((1 − λ)x(xa + δ − b) + λx(xb' + δ − b)) with λ = p_i + (1 − p_i)/x, written without division
    weights = w * (c1 * u + c2 * v)
    factors = {w: pi_, c1: (1 - pi_) * (x - 1), c2: pi_ * (x - 1) + 1, u: x * a + _δ - b, v: x * b2 + _δ - b}
    positive = rules.decide(rules.goal(weights >= 0, [w >= 0, c1 >= 0, c2 >= 0, u >= 0, v >= 0]))
    weighted = rules.instantiate(positive, factors, at, detail="the weights and the two DP gaps are ≥ 0")
    split = identity(x * (middle - lhs), weights.xreplace(factors), "x(middle − lhs) = p_i((1 − λ)x(xa + δ − b) + λx(xb' + δ − b))")
    scaled = rules.rewrite(weighted, split, reverse=True)
    divided = rules.apply(rules.instantiate(rules.decide(rules.goal(w >= 0, [x >= 1, x * w >= 0])), {w: middle - lhs},
                                            [*at, x * (middle - lhs) >= 0]), scaled)
    grow = {w: _p - pi_, c1: x - 1, u: mixed, c2: sympy.Integer(1), v: _δ}
    larger = rules.instantiate(positive, grow, at, detail="p_i ≤ p: the bound grows with p")
    gap = identity(bound - middle, weights.xreplace(grow), "(1 + p(x − 1))m + pδ − (1 + p_i(x − 1))m − p_iδ = (p − p_i)((x − 1)m + δ)")
    chain = rules.decide(rules.goal(sympy.Or(sympy.Not(sympy.And(masses, dp)), lhs <= bound), setting),
                         rules.decide(rules.goal(lhs <= bound, at), divided, rules.rewrite(larger, gap, reverse=True)),
                         detail="(1 − p_i)a + p_i b ≤ (1 − p_i)a + p_i((1 − λ)(xa + δ) + λ(xb' + δ)) = "
                                "(1 + p_i(x − 1))((1 − p_i)a + p_i b') + p_iδ ≤ (1 + p(x − 1))((1 − p_i)a + p_i b') + pδ")
    at_e = rules.instantiate(chain, {x: exp(_ε)}, [exp(_ε) >= 1, _δ >= 0, _p >= 0, _p <= 1], detail="at x = e^ε")
    return rules.apply(at_e, rules.instantiate(exp_increasing(False), {a: _ε, b: sympy.Integer(0)}),
                       detail="e^ε ≥ 1 for ε ≥ 0: M^U is (log(1 + p(e^ε − 1)), pδ)-DP")


@claim(paper=PAPER, label="Theorem 29",
       statement="(ε,δ)-DP M subsampled with P[i ∈ U] ≤ p is (log(1 + p(e^ε−1)), pδ)-DP; in the Poisson remove direction "
                 "H_{1+p(e^ε−1)}((1−p)Q + pP ‖ Q) = p·H_{e^ε}(P‖Q) exactly, and the bound is attained.",
       domain=_THEOREM_29_DOMAIN, stated_domain='every (ε, δ)-DP M, p = max_i P[i ∈ U] ∈ [0, 1]', stated_where='Section 6.1, Theorem 29',
       quote=(r"Theorem 29 (Privacy Amplification by Subsampling for Approximate DP). Let "
              r"U[n]𝑈delimited-[]𝑛U\subset[n] be a random subset. For a dataset "
              r"x𝒳n𝑥superscript𝒳𝑛x\in\mathcal{X}^{n}, let xU𝒳nsubscript𝑥𝑈superscript𝒳𝑛x_{U}\in\mathcal{X}^{n} denote "
              r"the entries of x𝑥x indexed by U𝑈U. That is, "
              r"(xU)i=xisubscriptsubscript𝑥𝑈𝑖subscript𝑥𝑖(x_{U})_{i}=x_{i} if iU𝑖𝑈i\in U and "
              r"(xU)i=subscriptsubscript𝑥𝑈𝑖bottom(x_{U})_{i}=\bot if iU𝑖𝑈i\notin U, where 𝒳\bot\in\mathcal{X} is "
              r"some null value. Assume that, for all i[n]𝑖delimited-[]𝑛i\in[n], we can define "
              r"Ui[n]{i}subscript𝑈𝑖delimited-[]𝑛𝑖U_{-i}\subset[n]\setminus\{i\} such that the following two "
              r"conditions hold. • For all x𝒳n𝑥superscript𝒳𝑛x\in\mathcal{X}^{n} and i[d]𝑖delimited-[]𝑑i\in[d], "
              r"xUsubscript𝑥𝑈x_{U} and xUisubscript𝑥subscript𝑈𝑖x_{U_{-i}} are always neighbouring datasets. • For "
              r"all i[n]𝑖delimited-[]𝑛i\in[n], the marginal distribution of Uisubscript𝑈𝑖U_{-i} conditioned on "
              r"iU𝑖𝑈i\in U is equal to the marginal distribution of U𝑈U conditioned on iU𝑖𝑈i\notin U. Let "
              r"M:𝒳n𝒴:𝑀superscript𝒳𝑛𝒴M:\mathcal{X}^{n}\to\mathcal{Y} satisfy (ε,δ)𝜀𝛿(\varepsilon,\delta)-DP. Define "
              r"MU:𝒳n𝒴:superscript𝑀𝑈superscript𝒳𝑛𝒴M^{U}:\mathcal{X}^{n}\to\mathcal{Y} by "
              r"MU(x)=M(xU)superscript𝑀𝑈𝑥𝑀subscript𝑥𝑈M^{U}(x)=M(x_{U}). Let "
              r"p=maxi[n]𝑈[iU]𝑝subscript𝑖delimited-[]𝑛𝑈delimited-[]𝑖𝑈p=\max_{i\in[n]}{\underset{U}{\mathbb{P}}\left[i\in "
              r"U\right]}. Then MUsuperscript𝑀𝑈M^{U} is "
              r"(ε,δ)superscript𝜀superscript𝛿(\varepsilon^{\prime},\delta^{\prime})-DP for "
              r"ε=log(1+p(eε1))superscript𝜀1𝑝superscript𝑒𝜀1\varepsilon^{\prime}=\log(1+p(e^{\varepsilon}-1)) and "
              r"δ=pδsuperscript𝛿𝑝𝛿\delta^{\prime}=p\cdot\delta."))
def theorem_29():
    out = []
    for seed in (291, 292, 293):
        p, q = random_pair(seed, 5)
        for s in (R(1, 10), R(1, 2)):
            for x in (R(3, 2), 3):
                out.append(exact_agreement(hockey(_mix(p, q, s), q, 1 + s * (x - 1)), s * hockey(p, q, x),
                                           f"pair {seed}, p = {s}, e^ε = {x}: the exact Poisson identity"))
    x, s = sympy.Integer(3), R(1, 10)
    out.append(exact_agreement(_poisson_rr(3, s, x, True) / _poisson_rr(3, s, x, False), 1 + s * (x - 1),
                               "tightness example, n = 3, enumerated over U: ratio at output 1 = 1 + p(e^ε−1)"))
    tight = theorem29_tight_pair(log(3), s)
    out.append(exact_agreement(max(a / b for a, b in zip(tight.p, tight.q) if b != 0), 1 + s * 2,
                               "library's tight pair: max likelihood ratio = 1 + p(e^ε−1)"))
    tight_d = theorem29_tight_pair(log(3), s, R(1, 100))
    out.append(exact_agreement(tight_d.hockey_stick(1 + s * 2), s * R(1, 100), "δ = 1/100: remove-direction δ' = pδ exactly"))
    out.append(exact_agreement(list(amplified(log(3), R(1, 100), s)), [log(R(6, 5)), R(1, 1000)], "library (ε', δ')"))
    out.append(near(gaussian(1).subsample(R(1, 100)).hockey_stick(1 + R(1, 100) * (sympy.E - 1)),
                    "0.00126936737506644", 13, "subsampled Gaussian q=0.01, σ=1 at ε' (reference closed form, mpmath)"))
    out.append(near(amplified(1, 0, R(1, 100))[0], "0.0170368632361765", 14, "ε = 1, p = 0.01: reference ε'"))
    # Every pair (P, Q) at level (e^ε, δ), p ∈ [0, 1], pointwise with e^{ε'} = 1 + p(e^ε − 1):
    # remove: (pP + (1−p)Q) − e^{ε'}Q = p(P − e^ε Q); add: (Q − e^{ε'}(pP + (1−p)Q))₊ ≤ p(Q − e^ε P)₊ (two cases).
    a, b, x, w = sympy.symbols("a b x w", nonnegative=True)
    xp = 1 + w * (x - 1)
    statement = combine(
        identity(w * a + (1 - w) * b - xp * b, w * (a - x * b), "remove: the mixture's excess over e^{ε'}Q is p(P − e^ε Q)"),
        real_closed(-(b - xp * (w * a + (1 - w) * b)), [a, b, x, w], [x >= 1, w <= 1, b <= x * a],
                    "add, where Q ≤ e^ε P: Q − e^{ε'}(pP + (1−p)Q) ≤ 0"),
        real_closed(w * (b - x * a) - (b - xp * (w * a + (1 - w) * b)), [a, b, x, w], [x >= 1, w <= 1, b >= x * a],
                    "add, where Q ≥ e^ε P: Q − e^{ε'}(pP + (1−p)Q) ≤ p(Q − e^ε P); summed, δ' ≤ pδ"),
        real_closed(xp * b - (w * a + (1 - w) * b), [a, b, x, w], [x >= 1, w <= 1, a <= x * b],
                    "likelihood ratio: P ≤ e^ε Q ⇒ pP + (1−p)Q ≤ e^{ε'}Q"),
        prove(x_ - log(1 + x_), x_, 0, sympy.oo, "ε' = log(1+x) ≤ x = p(e^ε−1) for every x ≥ 0"),
        _subsampled_hockey_sticks(), detail="for every pair of laws: the pointwise facts and the hockey-stick sums")
    # the statement is the paper's event-by-event proof; the pair-level facts (Poisson sampling, for every pair of laws
    # on m outcomes, with e^ε as a variable x ≥ 1) are a second route, kept as a cross-check
    return establish(_subsampled_events(), statement, out, domain=_THEOREM_29_DOMAIN)


def _subsampled_hockey_sticks():
    """Theorem 29's (ε', pδ) for every pair on m outcomes, as kernel steps: outcome by outcome,
    (pP + (1−p)Q − e^{ε'}Q)₊ = p(P − e^ε Q)₊ (remove) and (Q − e^{ε'}(pP + (1−p)Q))₊ ≤ p(Q − e^ε P)₊ (add),
    e^{ε'} = 1 + p(e^ε − 1); summed over the outcomes and split by linearity, the hockey-stick
    divergences at e^{ε'} are at most p times those at e^ε, so at most pδ."""
    from symdp.verify import kernel  # this module's `kernel` is _cs_helpers' Markov kernel

    i, m = sympy.symbols("i m", integer=True)
    pp, qq = sympy.IndexedBase("P", nonnegative=True), sympy.IndexedBase("Q", nonnegative=True)
    x, w, d = sympy.symbols("x p delta", real=True)
    xp, span, setting = 1 + w * (x - 1), [i >= 1, i <= m], [x >= 1, w >= 0, w <= 1]
    mix = w * pp[i] + (1 - w) * qq[i]
    total = lambda f: sympy.Sum(f, (i, 1, m))
    steps, bounds = [], []
    for excess, base, rel in ((mix - xp * qq[i], pp[i] - x * qq[i], sympy.Eq), (qq[i] - xp * mix, qq[i] - x * pp[i], sympy.Le)):
        pointwise = kernel.decide(kernel.goal(rel(sympy.Max(excess, 0), w * sympy.Max(base, 0)), [*span, *setting]))
        steps += [kernel.summed(pointwise, i, 1, m), kernel.linear(total(w * sympy.Max(base, 0)))]
        bounds.append((total(sympy.Max(excess, 0)) <= w * d, total(sympy.Max(base, 0)) <= d))
    goal = kernel.goal(sympy.And(*[after for after, _ in bounds]), [m >= 1, *setting, *[before for _, before in bounds]])
    return kernel.decide(goal, *steps, detail="δ' ≤ pδ in both directions: the pointwise facts summed over the outcomes")


@claim(paper=PAPER, label="Footnote 8 (Theorem 29 tightness)",
       statement="Printed: P[M(y)=0] = e^ε/(e^ε=1), P[M(y)=1] = 1/(e^ε=1) when the sum is 0, and P[M(y)=1] = e^ε/(e^ε=1), "
                 "P[M(y)=0] = 1/(e^ε−1) otherwise; the denominators must all be e^ε + 1.",
       stated_domain='the tightness example of footnote 8', stated_where='Section 6.1, footnote 8',
       quote=(r"88Alternatively (and equivalently), consider an algorithm that adds discrete Laplace noise to the "
              r"sum of its non-null inputs. That is, if y{0,1,}n𝑦superscript01bottom𝑛y\in\{0,1,\bot\}^{n} satisfies "
              r"i:yiyi=0subscript:𝑖subscript𝑦𝑖bottomsubscript𝑦𝑖0\sum_{i:y_{i}\neq\bot}y_{i}=0, then "
              r"[M(y)=0]=eεeε=1delimited-[]𝑀𝑦0superscript𝑒𝜀superscript𝑒𝜀1{\mathbb{P}\left[M(y)=0\right]}=\frac{e^{\varepsilon}}{e^{\varepsilon}=1} "
              r"and "
              r"[M(y)=1]=1eε=1delimited-[]𝑀𝑦11superscript𝑒𝜀1{\mathbb{P}\left[M(y)=1\right]}=\frac{1}{e^{\varepsilon}=1} "
              r"and, if y{0,1,}n𝑦superscript01bottom𝑛y\in\{0,1,\bot\}^{n} satisfies "
              r"i:yiyi>0subscript:𝑖subscript𝑦𝑖bottomsubscript𝑦𝑖0\sum_{i:y_{i}\neq\bot}y_{i}>0, then "
              r"[M(y)=1]=eεeε=1delimited-[]𝑀𝑦1superscript𝑒𝜀superscript𝑒𝜀1{\mathbb{P}\left[M(y)=1\right]}=\frac{e^{\varepsilon}}{e^{\varepsilon}=1} "
              r"and "
              r"[M(y)=0]=1eε1delimited-[]𝑀𝑦01superscript𝑒𝜀1{\mathbb{P}\left[M(y)=0\right]}=\frac{1}{e^{\varepsilon}-1}."))
def footnote_8():
    x = sympy.Integer(3)
    printed_sum = x / (x + 1) + 1 / (x - 1)  # reading the garbled '=' as '+'; the last denominator is printed e^ε − 1
    s = R(1, 10)
    corrected = combine(exact_agreement([x / (x + 1) + 1 / (x + 1)], [1], "with e^ε + 1 both rows are distributions"),
                        exact_agreement(_poisson_rr(4, s, x, True) / _poisson_rr(4, s, x, False), 1 + s * (x - 1),
                                        "and the example attains 1 + p(e^ε − 1) (n = 4, enumerated over U)"))
    return erratum(printed_sum == 1, {"e^eps": x, "P[M(y)=1] + P[M(y)=0] as printed (sum > 0 row)": printed_sum},
                   corrected, "footnote 8's second row sums to 5/4 at e^ε = 3",
                   corrected_statement="P[M(y)=1] = e^ε/(e^ε+1), P[M(y)=0] = 1/(e^ε+1) when the sum is > 0 (mirror when 0)",
                   kind="typo")


# P ≈ Q (one removal) and Q ≈ R (one addition), each (ε, δ)-indistinguishable: ε, δ ≥ 0 come with the pairs.
_SECTION_6_2_DOMAIN = [DPPair("P", "Q", _ε, _δ), DPPair("Q", "R", _ε, _δ)]


@claim(paper=PAPER, label="Section 6.2 (add/remove vs replace)",
       statement="(ε,δ)-DP under add/remove implies (2ε, (1+e^ε)δ)-DP under replace-one (group privacy).",
       domain=_SECTION_6_2_DOMAIN, stated_domain='every triple of laws, ε ≥ 0, δ ≥ 0', stated_where='Section 6.2',
       quote=(r"In general, it only matters slightly which we choose: A replacement can be accomplished by a "
              r"combination of a removal and an addition. Thus, by group privacy, if the algorithm is "
              r"(ε,δ)𝜀𝛿(\varepsilon,\delta)-DP with respect to addition or removal, then it is "
              r"(2ε,(1+eε)δ)2𝜀1superscript𝑒𝜀𝛿(2\varepsilon,(1+e^{\varepsilon})\delta)-DP with respect to "
              r"replacement."))
def section_6_2():
    out = []
    for seed in range(3):
        rng = random.Random(620 + seed)
        p, q, r = (random_law(rng, 4, 3) for _ in range(3))
        x = max(max(a / b for a, b in zip(u, w)) for u, w in ((p, q), (q, p), (q, r), (r, q)))
        x = sympy.nsimplify(x ** R(1, 2)) if sympy.sqrt(x).is_Rational else R(3, 2)
        d = max(hockey(p, q, x), hockey(q, p, x), hockey(q, r, x), hockey(r, q, x))
        eps2, d2 = add_remove_to_replace(log(x), d)
        out.append(holds(max(hockey(p, r, exp(eps2)), hockey(r, p, exp(eps2))) <= d2,
                         f"triple {seed}: P≈Q and Q≈R at (log {x}, {d}) ⇒ P≈R at (2 log {x}, (1+e^ε)δ)"))
    out.append(exact_agreement(list(add_remove_to_replace(1, R(1, 10 ** 6))), [2, (1 + sympy.E) / 10 ** 6], "library"))
    return establish(_group_privacy(), out, domain=_SECTION_6_2_DOMAIN)


def _group_privacy():
    """Section 6.2's group privacy, event by event, as a kernel step: with P(S), Q(S), R(S) the masses the three laws
    give one event S, P(S) ≤ e^ε Q(S) + δ and Q(S) ≤ e^ε R(S) + δ give P(S) ≤ e^ε(e^ε R(S) + δ) + δ =
    e^{2ε} R(S) + (1 + e^ε)δ (e^ε > 0; e^{2ε} = (e^ε)²). Every event of every triple of laws is such a point, and the
    symmetric direction (R to P through Q) is the same goal with the laws renamed."""
    from symdp.verify import kernel  # this module's `kernel` is _cs_helpers' Markov kernel

    ps, qs, rs = sympy.symbols("P(S) Q(S) R(S)", real=True)
    x = sympy.Symbol("x", real=True)
    # the event's masses are quantified in the conclusion (for every event S), not a restriction of the domain
    step = lambda y: sympy.Or(sympy.Not(sympy.And(ps <= y * qs + _δ, qs <= y * rs + _δ)), ps <= y ** 2 * rs + (1 + y) * _δ)
    chained = kernel.decide(kernel.goal(step(x), [x > 0, _δ >= 0]),
                            detail="x > 0: P(S) ≤ xQ(S) + δ, Q(S) ≤ xR(S) + δ ⇒ P(S) ≤ x²R(S) + (1 + x)δ")
    return kernel.instantiate(chained, {x: exp(_ε)}, [_ε >= 0, _δ >= 0],
                              detail="at x = e^ε: P(S) ≤ e^{2ε}R(S) + (1 + e^ε)δ")


# --------------------------------------------------------------------------------------------
# Section 6: Rényi DP


# "the privacy loss distribution is well-defined": mutually absolutely continuous laws; α > 1 (and ρ ≥ 0 for zCDP:
# the proof needs no sign of ρ)
# P, Q the laws of an (α, ε)-RDP mechanism M (the definition's subject: E[e^{(α−1)Z}] ≤ e^{(α−1)ε}, Z their loss; ε is
# free, and every pair on m outcomes with one support is (α, ε)-RDP for some ε, so the pairs are all pairs)
_DEFINITION_30_DOMAIN = [SameSupport("P", "Q"), Laws("P", "Q", k="m"), _α > 1, sympy.Symbol("rho", real=True) >= 0,
                         RDPLaws("P", "Q", "Z", _α, sympy.Symbol("epsilon", real=True), k="m")]
_DEFINITION_30_PROOF_DOMAIN = [SameSupport("P", "Q"), Laws("P", "Q", k="m"), _α > 1,
                               RDPLaws("P", "Q", "Z", _α, sympy.Symbol("epsilon", real=True), k="m")]


@claim(paper=PAPER, label="Definition 30",
       statement="(α, ε)-RDP: E[e^{(α−1)Z}] ≤ e^{(α−1)ε}; ρ-zCDP ⇔ (α, αρ)-RDP for all α > 1; "
                 "P[Z > ε̃] ≤ e^{−(α−1)(ε̃−ε)} (Markov).",
       domain=_DEFINITION_30_DOMAIN, stated_domain='α > 1, ρ ≥ 0', stated_where='Section 6.4, Definition 30',
       quote=(r"Definition 30 (Rényi Differential Privacy). Let M:𝒳n𝒴:𝑀superscript𝒳𝑛𝒴M:\mathcal{X}^{n}\to\mathcal{Y} "
              r"be a randomized algorithm. We say that M𝑀M satisfies (α,ε)𝛼𝜀(\alpha,\varepsilon)-Rényi differential "
              r"privacy ((α,ε)𝛼𝜀(\alpha,\varepsilon)-RDP) if, for all neighbouring inputs "
              r"x,x𝒳n𝑥superscript𝑥superscript𝒳𝑛x,x^{\prime}\in\mathcal{X}^{n}, the privacy loss distribution "
              r"𝖯𝗋𝗂𝗏𝖫𝗈𝗌𝗌(M(x)M(x))\mathsf{PrivLoss}\left({M(x)}\middle\|{M(x^{\prime})}\right) is well-defined (see "
              r"Definition 2) and "
              r"𝔼Z𝖯𝗋𝗂𝗏𝖫𝗈𝗌𝗌(M(x)M(x))[exp((α1)Z)]exp((α1)ε).{\underset{Z\leftarrow\mathsf{PrivLoss}\left({M(x)}\middle\|{M(x^{\prime})}\right)}{\mathbb{E}}\left[\exp((\alpha-1)Z)\right]}\leq\exp((\alpha-1)\cdot\varepsilon). "
              r"Rényi DP is closely related to concentrated DP (Definition 11). Specifically, ρ𝜌\rho-zCDP is "
              r"equivalent to satisfying (α,αρ)𝛼𝛼𝜌(\alpha,\alpha\cdot\rho)-RDP for all α(1,)𝛼1\alpha\in(1,\infty). "
              r"Rényi DP inherits the nice composition properties of concentrated DP:"))
def definition_30():
    out = []
    p1, q1 = rr(sympy.Integer(2))
    p, q = product_law(*[p1] * 5), product_law(*[q1] * 5)
    for a in (2, 3):
        d = log(moment(p, q, a)) / (a - 1)
        for e in (1, 2):
            tail = sympy.Add(*[u for u, w in zip(p, q) if sign(log(u / w) - e) > 0])
            out.append(ordered([tail, exp(-(a - 1) * (e - d))], f"RR(log 2)^5, α = {a}, ε̃ = {e}: P[Z > ε̃] ≤ e^{{−(α−1)(ε̃−D_α)}}"))
    return establish(_renyi_dp_steps(), out, domain=_DEFINITION_30_PROOF_DOMAIN)


def _renyi_dp_steps():
    """Definition 30's statements as kernel steps, for every pair of laws P, Q on m outcomes with a well-defined
    privacy loss Z (E[e^{tZ}] = Σ P_i e^{tZ_i}; the steps hold for every real Z_i); the relation between t and α, the
    indicator and the RDP bound are the statements' assumptions, quantified in the conclusions:
    - ρ-zCDP ⇔ (α, αρ)-RDP for every α > 1: at t = α − 1 the two inequalities have equal sides (outcome by outcome
      e^{tZ_i} = e^{(α−1)Z_i}, summed; e^{t(t+1)ρ} = e^{(α−1)αρ}), and at t = 0 the zCDP inequality holds for every pair
      (E[e^{0·Z}] = ΣP_i = 1 = e^0), so "for all t ≥ 0" and "for all α > 1" say the same;
    - Markov's inequality (the statement's tail bound): 1[Z_i > ε̃] ≤ e^{(α−1)(Z_i − ε̃)} outcome by outcome (the exponent
      is > 0 where Z_i > ε̃, and e^w > 0), in expectation under P, and e^{(α−1)(Z−ε̃)} = e^{−(α−1)ε̃}e^{(α−1)Z} pulled out
      of the sum: (α, ε)-RDP gives P[Z > ε̃] ≤ e^{−(α−1)(ε̃ − ε)}."""
    from symdp.verify import kernel as rules  # this module's `kernel` is _cs_helpers' Markov kernel
    from _vertex import indicator

    i, m = sympy.symbols("i m", integer=True)
    P, Q = sympy.IndexedBase("P", nonnegative=True), sympy.IndexedBase("Q", nonnegative=True)  # the laws of the domain
    Z, s = sympy.IndexedBase("Z"), sympy.IndexedBase("s")
    al, e, et, t, r, a, b, w, v, k = sympy.symbols("alpha epsilon epsilon~ t rho a b w v k", real=True)
    span = [i >= 1, i <= m]
    total = lambda f: sympy.Sum(f, (i, 1, m))
    mgf_t, mgf = total(P[i] * exp(t * Z[i])), total(P[i] * exp((al - 1) * Z[i]))
    zcdp, rdp = mgf_t <= exp(t * (t + 1) * r), mgf <= exp((al - 1) * (al * r))
    same = rules.summed(rules.decide(rules.goal(sympy.Eq(P[i] * exp(t * Z[i]), P[i] * exp((al - 1) * Z[i])),
                                                [*span, sympy.Eq(t, al - 1)])), i, 1, m)
    reparametrised = rules.decide(rules.goal(sympy.Or(sympy.Not(sympy.Eq(t, al - 1)), sympy.Equivalent(zcdp, rdp)),
                                             [m >= 1, al > 1]), same,
                                  detail="at t = α − 1: E[e^{tZ}] ≤ e^{t(t+1)ρ} ⇔ E[e^{(α−1)Z}] ≤ e^{(α−1)αρ}")
    increasing = lambda hi, lo: rules.instantiate(exp_increasing(False), {a: hi, b: lo})
    zero = sympy.Integer(0)
    at_one = rules.summed(rules.decide(rules.goal(sympy.Eq(P[i] * exp(t * Z[i]), P[i]), [*span, sympy.Eq(t, 0)]),
                                       increasing(t * Z[i], zero), increasing(zero, t * Z[i])), i, 1, m)
    at_zero = rules.decide(rules.goal(sympy.Or(sympy.Not(sympy.And(sympy.Eq(t, 0), sympy.Eq(total(P[i]), 1))), zcdp),
                                      [m >= 1]), at_one, increasing(t * (t + 1) * r, zero),
                           detail="t = 0: E[e^{0·Z}] = ΣP_i = 1 ≤ e^0, for every pair")
    above = indicator(Z[i] - et, s[i])
    point = rules.decide(rules.goal(s[i] <= exp((al - 1) * (Z[i] - et)), [*span, al > 1, above]),
                         increasing((al - 1) * (Z[i] - et), zero), detail="1[Z_i > ε̃] ≤ e^{(α−1)(Z_i − ε̃)}")
    product = identity(exp(w) * exp(v), exp(w + v), "e^w·e^v = e^{w+v}")
    split = rules.instantiate(product, {w: (al - 1) * Z[i], v: -(al - 1) * et}, span)
    factored = rules.summed(rules.decide(rules.goal(sympy.Eq(P[i] * exp((al - 1) * (Z[i] - et)),
                                                             exp(-(al - 1) * et) * (P[i] * exp((al - 1) * Z[i]))), span),
                                         split), i, 1, m)
    pp, zz = sympy.Symbol("p", nonnegative=True), sympy.Symbol("z", real=True)
    body = pp * exp((al - 1) * zz)
    expanded = sympy.expand(body, mul=True, multinomial=True, power_exp=False, power_base=False, log=False)
    forms = rules.summed(rules.instantiate(identity(body, expanded, "p·e^{(α−1)z} as the linear split writes it"),
                                           {pp: P[i], zz: Z[i]}, span), i, 1, m)
    pulled = rules.instantiate(rules.linear(total(k * P[i] * exp((al - 1) * Z[i]))), {k: exp(-(al - 1) * et)})
    tail = total(s[i] * P[i]) <= exp(-(al - 1) * (et - e))
    bounded = rules.decide(rules.goal(tail, [m >= 1, al > 1, rules.Every(above, (i, 1, m)), mgf <= exp((al - 1) * e)]),
                           rules.expectation(point, i, 1, m, P[i]), factored, pulled, forms,
                           rules.instantiate(product, {w: -(al - 1) * et, v: (al - 1) * e}))
    markov = rules.decide(rules.goal(sympy.Or(sympy.Not(sympy.And(rules.Every(above, (i, 1, m)), mgf <= exp((al - 1) * e))),
                                              tail), [m >= 1, al > 1]), bounded,
                          detail="Markov: (α, ε)-RDP gives P[Z > ε̃] ≤ e^{−(α−1)ε̃}E[e^{(α−1)Z}] ≤ e^{−(α−1)(ε̃ − ε)}")
    return combine(reparametrised, at_zero, markov, detail="the proof")


# M₁ and M₂(·, y₁) (every y₁) with well-defined privacy losses, α > 1: M₁ (α, ε₁)-RDP with laws P, Q and loss Z on m
# outcomes, M₂(·, y₁) (α, ε₂)-RDP with laws P'[y₁, ·], Q'[y₁, ·] and loss Z'[y₁, ·] on n outcomes for every y₁ ≤ m
_LEMMA_31_DOMAIN = [SameSupport("P", "Q"), Laws("P", "Q", k="m"), SameSupport("P'", "Q'"), Laws("P'", "Q'", k="n"), _α > 1,
                    RDPLaws("P", "Q", "Z", _α, sympy.Symbol("epsilon_1", real=True), k="m"),
                    RDPLaws("P'", "Q'", "Z'", _α, sympy.Symbol("epsilon_2", real=True), k="n", rows="m")]


@claim(paper=PAPER, label="Lemma 31",
       statement="Adaptive RDP composition: (α, ε₁) then (α, ε₂) for every y₁ gives (α, ε₁ + ε₂).",
       domain=_LEMMA_31_DOMAIN, stated_domain='every adaptive pair, α > 1', stated_where='Section 6.4, Lemma 31',
       quote=(r"Lemma 31. Let M1:𝒳n𝒴1:subscript𝑀1superscript𝒳𝑛subscript𝒴1M_{1}:\mathcal{X}^{n}\to\mathcal{Y}_{1} be "
              r"(α,ε1)𝛼subscript𝜀1(\alpha,\varepsilon_{1})-RDP. Let "
              r"M2:𝒳n×𝒴1𝒴2:subscript𝑀2superscript𝒳𝑛subscript𝒴1subscript𝒴2M_{2}:\mathcal{X}^{n}\times\mathcal{Y}_{1}\to\mathcal{Y}_{2} "
              r"be such that, for all y1𝒴1subscript𝑦1subscript𝒴1y_{1}\in\mathcal{Y}_{1}, the algorithm "
              r"xM(x,y1)maps-to𝑥𝑀𝑥subscript𝑦1x\mapsto M(x,y_{1}) is (α,ε2)𝛼subscript𝜀2(\alpha,\varepsilon_{2})-RDP. "
              r"Define M:𝒳n𝒴2:𝑀superscript𝒳𝑛subscript𝒴2M:\mathcal{X}^{n}\to\mathcal{Y}_{2} by "
              r"M(x)=M2(x,M1(x))𝑀𝑥subscript𝑀2𝑥subscript𝑀1𝑥M(x)=M_{2}(x,M_{1}(x)). Then M𝑀M is "
              r"(α,ε1+ε2)𝛼subscript𝜀1subscript𝜀2(\alpha,\varepsilon_{1}+\varepsilon_{2})-RDP."))
def lemma_31():
    p1, q1 = random_pair(311, 3)
    second = [random_pair(312 + j, 3) for j in range(3)]
    p = tuple(p1[i] * second[i][0][j] for i in range(3) for j in range(3))
    q = tuple(q1[i] * second[i][1][j] for i in range(3) for j in range(3))
    out = []
    for a in (R(3, 2), 2, R(7, 2)):
        total = _renyi(p1, q1, a) + max((_renyi(*second[i], a) for i in range(3)), key=lambda v: sympy.N(v, 30))
        out.append(ordered([_renyi(p, q, a), total], f"α = {a}: D_α(joint) ≤ D_α(M₁) + sup_y₁ D_α(M₂(·, y₁))"))
    return establish(_adaptive_rdp(), out, domain=_LEMMA_31_DOMAIN)


def _adaptive_rdp():
    """Lemma 31 for M₁'s laws on m outcomes and M₂(·, y₁)'s on n outcomes for each y₁ (nonnegative): the shared
    adaptive-composition step (_cs_helpers.adaptive_composition_steps) at c = α − 1, E₁ = (α − 1)ε₁, E₂ = (α − 1)ε₂,
    read as E[e^{(α−1)Z}] ≤ e^{(α−1)(ε₁+ε₂)} for the joint pair."""
    from symdp.verify import kernel as rules  # this module's `kernel` is _cs_helpers' Markov kernel

    steps = adaptive_composition_steps()
    c, E1, E2 = sympy.symbols("c E1 E2", real=True)
    e1, e2 = sympy.symbols("epsilon_1 epsilon_2", real=True)
    at = rules.instantiate(steps, {c: _α - 1, E1: (_α - 1) * e1, E2: (_α - 1) * e2})
    g = rules.fact(at).goal
    bound = next(c for c in g.conclusion.args if isinstance(c, sympy.LessThan) and c.rhs == exp((_α - 1) * e1 + (_α - 1) * e2))
    return rules.decide(rules.goal(g.conclusion.xreplace({bound.rhs: exp((_α - 1) * (e1 + e2))}), [*g.hypotheses, _α > 1]), at,
                        detail="(α, ε₁)-RDP of M₁ and (α, ε₂)-RDP of M₂(·, y₁) for every y₁ give (α, ε₁ + ε₂)-RDP")


# "Let P and Q be distributions over 𝒴" with P absolutely continuous with respect to Q (footnote 10; otherwise D_α is
# defined to be ∞, and the three forms are not compared), α ∈ (1, ∞).
_DEFINITION_32_DOMAIN = [AbsolutelyContinuous("P", "Q"), _α > 1]


@claim(paper=PAPER, label="Definition 32",
       statement="D_α = (1/(α−1)) log E_Z[e^{(α−1)Z}] = (1/(α−1)) log E_P[(P/Q)^{α−1}] = (1/(α−1)) log E_Q[(P/Q)^α]; "
                 "D_∞ = sup log P(S)/Q(S); RR: D_α = log(q^α(1−q)^{1−α} + (1−q)^α q^{1−α})/(α−1).",
       domain=_DEFINITION_32_DOMAIN, stated_domain='every pair, α > 1', stated_where='Section 6.4, Definition 32',
       quote=(r"Definition 32 (Rényi Divergences). Let P𝑃P and Q𝑄Q be distributions over 𝒴𝒴\mathcal{Y}.101010We make "
              r"the usual measure theoretic disclaimers: We assume the P𝑃P and Q𝑄Q have the same sigma-algebra. We "
              r"assume P𝑃P is absolutely continuous with respect to Q𝑄Q – i.e., SQ(S)=0P(S)=0for-all𝑆𝑄𝑆0𝑃𝑆0\forall "
              r"S~{}~{}Q(S)=0\implies P(S)=0 – so that the Radon-Nikodym derivative is well-defined; we denote the "
              r"Radon-Nikodym derivative of P𝑃P with respect to Q𝑄Q evaluated at y𝑦y by P(y)/Q(y)𝑃𝑦𝑄𝑦P(y)/Q(y). More "
              r"generally, if the absolute continuity assumption does not hold, then we define "
              r"Dα(PQ)=\mathrm{D}_{\alpha}\left(P\middle\|Q\right)=\infty for all α[1,]𝛼1\alpha\in[1,\infty]. For "
              r"α(1,)𝛼1\alpha\in(1,\infty), define Dα(PQ)\displaystyle\mathrm{D}_{\alpha}\left(P\middle\|Q\right) "
              r"=1α1log𝔼Z𝖯𝗋𝗂𝗏𝖫𝗈𝗌𝗌(PQ)[exp((α1)Z)]\displaystyle=\frac{1}{\alpha-1}\log{\underset{Z\leftarrow\mathsf{PrivLoss}\left({P}\middle\|{Q}\right)}{\mathbb{E}}\left[\exp((\alpha-1)Z)\right]} "
              r"=1α1log𝔼YP[(P(Y)Q(Y))α1]absent1𝛼1𝑌𝑃𝔼delimited-[]superscript𝑃𝑌𝑄𝑌𝛼1\displaystyle=\frac{1}{\alpha-1}\log{\underset{Y\leftarrow "
              r"P}{\mathbb{E}}\left[\left(\frac{P(Y)}{Q(Y)}\right)^{\alpha-1}\right]} "
              r"=1α1log𝔼YQ[(P(Y)Q(Y))α].absent1𝛼1𝑌𝑄𝔼delimited-[]superscript𝑃𝑌𝑄𝑌𝛼\displaystyle=\frac{1}{\alpha-1}\log{\underset{Y\leftarrow "
              r"Q}{\mathbb{E}}\left[\left(\frac{P(Y)}{Q(Y)}\right)^{\alpha}\right]}. Also, define "
              r"D1(PQ)\displaystyle\mathrm{D}_{1}\left(P\middle\|Q\right) =limα1Dα(PQ)\displaystyle=\lim_{\alpha\to "
              r"1}\mathrm{D}_{\alpha}\left(P\middle\|Q\right) "
              r"=𝔼Z𝖯𝗋𝗂𝗏𝖫𝗈𝗌𝗌(PQ)[Z]\displaystyle={\underset{Z\leftarrow\mathsf{PrivLoss}\left({P}\middle\|{Q}\right)}{\mathbb{E}}\left[Z\right]} "
              r"=𝔼YP[log(P(Y)Q(Y))],absent𝑌𝑃𝔼delimited-[]𝑃𝑌𝑄𝑌\displaystyle={\underset{Y\leftarrow "
              r"P}{\mathbb{E}}\left[\log\left(\frac{P(Y)}{Q(Y)}\right)\right]}, "
              r"D(PQ)\displaystyle\mathrm{D}_{\infty}\left(P\middle\|Q\right) "
              r"=limαDα(PQ)\displaystyle=\lim_{\alpha\to\infty}\mathrm{D}_{\alpha}\left(P\middle\|Q\right) "
              r"=sup{log(P(S)Q(S)):S𝒴,Q(S)>0}.absentsupremumconditional-set𝑃𝑆𝑄𝑆formulae-sequence𝑆𝒴𝑄𝑆0\displaystyle=\sup\left\{\log\left(\frac{P(S)}{Q(S)}\right):S\subset\mathcal{Y},Q(S)>0\right\}."))
def definition_32():
    out = []
    for seed in (321, 322):
        p, q = random_pair(seed, 4)
        for a in (3, R(5, 2)):
            forms = [sympy.Add(*[u * exp((a - 1) * log(u / w)) for u, w in zip(p, q)]),
                     sympy.Add(*[u * (u / w) ** (a - 1) for u, w in zip(p, q)]),
                     _renyi_moment(p, q, a)]
            out.append(certified_agreement(forms[:2] + [log(forms[2]) / (a - 1)],
                                           [forms[2], forms[2], FinitePair(p, q).renyi(a)], 30,
                                           f"pair {seed}, α = {a}: the three forms and the library"))
        out.append(exact_agreement(FinitePair(p, q).renyi(sympy.oo), log(max(u / w for u, w in zip(p, q))),
                                   f"pair {seed}: D_∞ = log max P/Q"))
    qq = sympy.E / (1 + sympy.E)
    out.append(near(log(qq ** 2 * (1 - qq) ** -1 + (1 - qq) ** 2 * qq ** -1), "0.735325664055519", 14,
                    "RR(ε=1): D_2 closed form vs reference"))
    out.append(near(FinitePair(*rr(sympy.E)).renyi(5), "0.921715428667875", 14, "RR(ε=1): library D_5 vs reference"))
    u, w, qq_, r_ = sympy.symbols("u w q r", positive=True)
    a1, a2, b1, b2 = sympy.symbols("a1 a2 b1 b2", nonnegative=True)
    statement = combine(
        identity([u * exp((a_ - 1) * log(u / w)), u * (u / w) ** (a_ - 1)], [w * (u / w) ** a_, w * (u / w) ** a_],
                 "termwise: P e^{(α−1)Z} = P (P/Q)^{α−1} = Q (P/Q)^α, so the three expectations agree"),
        real_closed(r_ * (b1 + b2) - (a1 + a2), [a1, a2, b1, b2, r_], [a1 <= r_ * b1, a2 <= r_ * b2],
                    "D_∞: P ≤ rQ on each outcome of S ⇒ P(S) ≤ rQ(S) (mediant; induction), singletons attain it"),
        identity(qq_ ** a_ * (1 - qq_) ** (1 - a_) + (1 - qq_) ** a_ * qq_ ** (1 - a_),
                 sympy.Add(*[x_ ** a_ * y_ ** (1 - a_) for x_, y_ in ((qq_, 1 - qq_), (1 - qq_, qq_))]),
                 "RR with keep probability q: E_Q[(P/Q)^α] = q^α(1−q)^{1−α} + (1−q)^α q^{1−α}"))
    return establish(statement, out, domain=_DEFINITION_32_DOMAIN,
                     prose_steps=['termwise, summed over outcomes: the identities are about outcomes with P, Q > 0 (u, w '
                                  'above); an outcome with P = 0 < Q adds 0 to each form (α > 1), and P ≪ Q leaves none with '
                                  'Q = 0 < P'])


# Lemma 33's standing assumption (P absolutely continuous with respect to Q; every measurable f, a channel), and
# "for all α ∈ [1, ∞]" (part 3: 1 ≤ α ≤ α' ≤ ∞): the order ∞ is no real number (ExtendedOrder). The proof is for finite
# α > 1 (restricted: α = 1, the KL limit, and α = ∞ are not covered).
_LEMMA_33_123_DOMAIN = [AbsolutelyContinuous("P", "Q"), Channel("f"), ExtendedOrder("alpha", 1)]
_LEMMA_33_123_PROOF_DOMAIN = [AbsolutelyContinuous("P", "Q"), Channel("f"), _α > 1]


@claim(paper=PAPER, label="Lemma 33 (parts 1–3)",
       statement="0 ≤ D_α(f(P)‖f(Q)) ≤ D_α(P‖Q); D_α is additive on products; α ↦ D_α is non-decreasing.",
       domain=_LEMMA_33_123_DOMAIN, stated_domain='every pair and kernel, α ∈ [1, ∞]',
       stated_where='Section 6.4, Lemma 33 (parts 1–3)',
       quote=(r"Lemma 33. Let P,Q𝑃𝑄P,Q be probability distributions over 𝒴𝒴\mathcal{Y} with a common sigma-algebra "
              r"such that P𝑃P is absolutely continuous with respect to Q𝑄Q. 1. 1. Postprocessing (a.k.a. data "
              r"processing inequality) & non-negativity: Let f:𝒴𝒵:𝑓𝒴𝒵f:\mathcal{Y}\to\mathcal{Z} be a measurable "
              r"function. Let f(P)𝑓𝑃f(P) denote the distribution on 𝒵𝒵\mathcal{Z} obtained by applying f𝑓f to a "
              r"sample from P𝑃P; define f(Q)𝑓𝑄f(Q) similarly. Then "
              r"0Dα(f(P)f(Q))Dα(PQ)0\leq\mathrm{D}_{\alpha}\left(f(P)\middle\|f(Q)\right)\leq\mathrm{D}_{\alpha}\left(P\middle\|Q\right) "
              r"for all α[1,]𝛼1\alpha\in[1,\infty]. 2. 2. Composition: If "
              r"P=P×P′′𝑃superscript𝑃superscript𝑃′′P=P^{\prime}\times P^{\prime\prime} and "
              r"Q=Q×Q′′𝑄superscript𝑄superscript𝑄′′Q=Q^{\prime}\times Q^{\prime\prime} are product distributions, "
              r"then "
              r"Dα(PQ)=Dα(PQ)+Dα(P′′Q′′)\mathrm{D}_{\alpha}\left(P\middle\|Q\right)=\mathrm{D}_{\alpha}\left(P^{\prime}\middle\|Q^{\prime}\right)+\mathrm{D}_{\alpha}\left(P^{\prime\prime}\middle\|Q^{\prime\prime}\right) "
              r"for all α[1,]𝛼1\alpha\in[1,\infty]. More generally, suppose P𝑃P and Q𝑄Q are distributions on "
              r"𝒴=𝒴×𝒴′′𝒴superscript𝒴superscript𝒴′′\mathcal{Y}=\mathcal{Y}^{\prime}\times\mathcal{Y}^{\prime\prime}. "
              r"Let Psuperscript𝑃P^{\prime} and Qsuperscript𝑄Q^{\prime} be the marginal distributions on "
              r"𝒴superscript𝒴\mathcal{Y}^{\prime} induced by P𝑃P and Q𝑄Q respectively. For "
              r"y𝒴superscript𝑦superscript𝒴y^{\prime}\in\mathcal{Y}^{\prime}, let "
              r"Py′′subscriptsuperscript𝑃′′superscript𝑦P^{\prime\prime}_{y^{\prime}} and "
              r"Qy′′subscriptsuperscript𝑄′′superscript𝑦Q^{\prime\prime}_{y^{\prime}} be the conditional "
              r"distributions on 𝒴′′superscript𝒴′′\mathcal{Y}^{\prime\prime} induced by P𝑃P and Q𝑄Q respectively. "
              r"That is, we can generate a sample "
              r"Y=(Y,Y′′)P𝑌superscript𝑌superscript𝑌′′𝑃Y=(Y^{\prime},Y^{\prime\prime})\leftarrow P by first sampling "
              r"YPsuperscript𝑌superscript𝑃Y^{\prime}\leftarrow P^{\prime} and then sampling "
              r"Y′′PY′′superscript𝑌′′subscriptsuperscript𝑃′′superscript𝑌Y^{\prime\prime}\leftarrow "
              r"P^{\prime\prime}_{Y^{\prime}} and similarly for Q𝑄Q. Then "
              r"Dα(PQ)Dα(PQ)+supy𝒴Dα(Py′′Qy′′)\mathrm{D}_{\alpha}\left(P\middle\|Q\right)\leq\mathrm{D}_{\alpha}\left(P^{\prime}\middle\|Q^{\prime}\right)+\sup_{y^{\prime}\in\mathcal{Y}^{\prime}}\mathrm{D}_{\alpha}\left(P^{\prime\prime}_{y^{\prime}}\middle\|Q^{\prime\prime}_{y^{\prime}}\right) "
              r"for all α[1,]𝛼1\alpha\in[1,\infty]. 3. 3. Monotonicity: For all "
              r"1αα1𝛼superscript𝛼1\leq\alpha\leq\alpha^{\prime}\leq\infty, "
              r"Dα(PQ)Dα(PQ)\mathrm{D}_{\alpha}\left(P\middle\|Q\right)\leq\mathrm{D}_{\alpha^{\prime}}\left(P\middle\|Q\right)."))
def lemma_33_123():
    out = []
    for seed in (331, 332):
        p, q = random_pair(seed, 5)
        k = kernel(seed, 5, 3)
        fp, fq = pushforward(p, k), pushforward(q, k)
        for a in (R(3, 2), 4):
            out.append(ordered([0, _renyi(fp, fq, a), _renyi(p, q, a)], f"pair {seed}, α = {a}: 0 ≤ D_α(fP‖fQ) ≤ D_α(P‖Q)"))
        out.append(ordered([_renyi(p, q, a) for a in (R(11, 10), R(3, 2), 2, 3, 5, 10)] + [FinitePair(p, q).renyi(sympy.oo)],
                           f"pair {seed}: D_α non-decreasing in α ∈ {{1.1, 1.5, 2, 3, 5, 10, ∞}}"))
        p2, q2 = random_pair(seed + 10, 3)
        out.append(exact_agreement([moment(product_law(p, p2), product_law(q, q2), a) for a in (2, 3)],
                                   [moment(p, q, a) * moment(p2, q2, a) for a in (2, 3)],
                                   f"pair {seed}: e^{{(α−1)D_α}} multiplies on products (α = 2, 3)"))
    u, c = sympy.symbols("u c", positive=True)
    a1, a2, b1, b2 = sympy.symbols("a1 a2 b1 b2", positive=True)
    statement = combine(
        post_processing_statement(),
        identity((a1 * a2) ** a_ * (b1 * b2) ** (1 - a_), a1 ** a_ * b1 ** (1 - a_) * a2 ** a_ * b2 ** (1 - a_),
                 "part 2: the moment of a product factorises termwise, so D_α adds"),
        identity(sympy.diff(u ** c, u, 2), c * (c - 1) * u ** (c - 2),
                 "parts 1 and 3: u^c is convex for c ≥ 1, so by Jensen E_Q[(P/Q)^α] ≥ (E_Q[P/Q])^α = 1 (D_α ≥ 0) and, "
                 "with c = (β−1)/(α−1) ≥ 1, (E_P[(P/Q)^{α−1}])^c ≤ E_P[(P/Q)^{β−1}] (D_α ≤ D_β)"))
    return establish(statement, out, domain=_LEMMA_33_123_PROOF_DOMAIN,
                     prose_steps=["Jensen's inequality"])


# part 4: μ, μ', σ ∈ ℝ with σ > 0, α ∈ [1, ∞); part 5: every pair (Lemma 33's P ≪ Q), α ∈ [1, ∞). The proof: α > 1.
_LEMMA_33_45_DOMAIN = [AbsolutelyContinuous("P", "Q"), sympy.Symbol("sigma", real=True) > 0, _α >= 1]
_LEMMA_33_45_PROOF_DOMAIN = [AbsolutelyContinuous("P", "Q"), sympy.Symbol("sigma", real=True) > 0, _α > 1]


@claim(paper=PAPER, label="Lemma 33 (parts 4–5)",
       statement="D_α(N(μ,σ²)‖N(μ',σ²)) = α(μ−μ')²/2σ²; D_α(P‖Q) ≤ (α/8)(D_∞(P‖Q) + D_∞(Q‖P))².",
       domain=_LEMMA_33_45_DOMAIN, stated_domain='α ∈ [1, ∞), σ > 0, every pair (with finite D_∞ both ways for part 5)',
       stated_where='Section 6.4, Lemma 33 (parts 4–5)',
       quote=(r"4. 4. Gaussian divergence: For all μ,μ,σ𝜇superscript𝜇𝜎\mu,\mu^{\prime},\sigma\in\mathbb{R} with "
              r"σ>0𝜎0\sigma>0 and all α[1,)𝛼1\alpha\in[1,\infty), "
              r"Dα(𝒩(μ,σ2)𝒩(μ,σ2))=α(μμ)22σ2.\mathrm{D}_{\alpha}\left(\mathcal{N}(\mu,\sigma^{2})\middle\|\mathcal{N}(\mu^{\prime},\sigma^{2})\right)=\alpha\cdot\frac{(\mu-\mu^{\prime})^{2}}{2\sigma^{2}}. "
              r"5. 5. Pure DP to Concentrated DP: For all α[1,)𝛼1\alpha\in[1,\infty), "
              r"Dα(PQ)α8(D(PQ)+D(QP))2.\mathrm{D}_{\alpha}\left(P\middle\|Q\right)\leq\frac{\alpha}{8}\cdot\left(\mathrm{D}_{\infty}\left(P\middle\|Q\right)+\mathrm{D}_{\infty}\left(Q\middle\|P\right)\right)^{2}."))
def lemma_33_45():
    statement = combine(identity(exp(a_ * (-rho_) + a_ ** 2 * 2 * rho_ / 2), exp((a_ - 1) * a_ * rho_),
                                 "part 4: E_Q[(P/Q)^α] = E[e^{αZ_Q}], Z_Q ~ N(−ρ, 2ρ), is e^{(α−1)αρ}, so D_α = αρ"),
                        _asymmetric_hoeffding())
    out = [exact_agreement([gaussian(3, 2).renyi(a) for a in (2, R(7, 2))], [2 * R(4, 18), R(7, 2) * R(4, 18)],
                           "library GaussianPair.renyi at Δ = 2, σ = 3")]
    for seed in (341, 342, 343):
        p, q = random_pair(seed, 4)
        e1, e2 = log(max(u / w for u, w in zip(p, q))), log(max(w / u for u, w in zip(p, q)))
        for a in (R(3, 2), 2, 6):
            out.append(ordered([_renyi(p, q, a), a / 8 * (e1 + e2) ** 2], f"pair {seed}, α = {a}: part 5"))
    return establish(statement, out, domain=_LEMMA_33_45_PROOF_DOMAIN,
                     prose_steps=["Taylor's theorem: f'' ≤ (a+b)²/4, f(0) = 0, f'(0) = E[Z] give f(t) ≤ tE[Z] + "
                                  "t²(a+b)²/8 for every real t (used at t = −1 and t = α − 1)",
                                  "the chord bound taken in expectation: E[e^{tZ}] ≤ E[e^{tZ̃}]"])


def _asymmetric_hoeffding():
    """Part 5 by Hoeffding's lemma on [−b, a] (a = D_∞(P‖Q), b = D_∞(Q‖P), so Z ∈ [−b, a]): e^{tz} lies
    below its chord; for the two-point law f'' = (a+b)²x(1−x) ≤ (a+b)²/4, f(0) = 0, f'(0) = E[Z], so
    log E[e^{tZ}] ≤ tE[Z] + t²(a+b)²/8; t = −1 and E[e^{−Z}] = 1 give E[Z] ≤ (a+b)²/8; at t = α − 1 this is
    (α−1)D_α ≤ (α−1)α(a+b)²/8."""
    a, b, pp = sympy.symbols("a b p", positive=True)
    tt, zz, m = sympy.Symbol("t", real=True), sympy.Symbol("z", real=True), sympy.Symbol("m", real=True)
    chord = ((a - zz) * exp(-tt * b) + (zz + b) * exp(tt * a)) / (a + b)
    f = log((1 - pp) * exp(-tt * b) + pp * exp(tt * a))
    x = pp * exp(tt * a) / ((1 - pp) * exp(-tt * b) + pp * exp(tt * a))
    return combine(
        identity([(chord - exp(tt * zz)).subs(zz, -b), (chord - exp(tt * zz)).subs(zz, a),
                  sympy.diff(chord - exp(tt * zz), zz, 2)], [0, 0, -tt ** 2 * exp(tt * zz)],
                 "part 5: the chord of e^{tz} over [−b, a] lies above it (0 at the ends, concave difference)"),
        identity(sympy.diff(f, tt, 2), (a + b) ** 2 * x * (1 - x), "two-point log-MGF: f'' = (a+b)²x(1−x)"),
        identity((a + b) ** 2 / 4 - (a + b) ** 2 * x * (1 - x), (a + b) ** 2 * (2 * x - 1) ** 2 / 4, "≤ (a+b)²/4"),
        identity([f.subs(tt, 0), sympy.diff(f, tt).subs(tt, 0)], [0, pp * a - (1 - pp) * b], "f(0) = 0, f'(0) = E[Z]"),
        mean_loss_at_t_minus_one((a + b) ** 2 / 8, [a, b], "t = −1: ℓ = log E[e^{−Z}] = 0 and ℓ ≤ −E[Z] + (a+b)²/8 "
                                 "give E[Z] = m ≤ (a+b)²/8"),
        real_closed((a_ - 1) * a_ * (a + b) ** 2 / 8 - ((a_ - 1) * m + (a_ - 1) ** 2 * (a + b) ** 2 / 8), [m, a, b, a_],
                    [a_ >= 1, m <= (a + b) ** 2 / 8], "t = α − 1: (α−1)E[Z] + (α−1)²(a+b)²/8 ≤ (α−1)α(a+b)²/8"))


@claim(paper=PAPER, label="Lemma 33 (parts 6–7)",
       statement="Quasi-convexity D_α((1−s)P + sP'‖(1−s)Q + sQ') ≤ (1/(α−1))log((1−s)e^{(α−1)D_α(P‖Q)} + s e^{(α−1)D_α(P'‖Q')}); "
                 "weak triangle D_α(P‖R) ≤ α'/(α'−1)·D_{α(α'−1)/(α'−α)}(P‖Q) + D_α'(Q‖R), giving (√ρ₁+√ρ₂)²α, tight for Gaussians.",
       stated_domain='every pair couple and mixing weight', stated_where='Section 6.4, Lemma 33 (parts 6–7)',
       quote=(r"6. 6. Quasi-convexity: Let Psuperscript𝑃P^{\prime} and Qsuperscript𝑄Q^{\prime} be probability "
              r"distributions over 𝒴𝒴\mathcal{Y} such that Psuperscript𝑃P^{\prime} is absolutely continuous with "
              r"respect to Qsuperscript𝑄Q^{\prime}. For s[0,1]𝑠01s\in[0,1], let (1s)P+sP1𝑠𝑃𝑠superscript𝑃(1-s)\cdot "
              r"P+s\cdot P^{\prime} denote the convex combination of the distributions P𝑃P and "
              r"Psuperscript𝑃P^{\prime} with weighting s𝑠s. For all α(1,)𝛼1\alpha\in(1,\infty) and all "
              r"s[0,1]𝑠01s\in[0,1], Dα((1s)P+sP(1s)Q+sQ)\displaystyle\mathrm{D}_{\alpha}\left((1-s)\cdot P+s\cdot "
              r"P^{\prime}\middle\|(1-s)\cdot Q+s\cdot Q^{\prime}\right) "
              r"1α1log((1s)exp((α1)Dα(PQ))+sexp((α1)Dα(PQ)))\displaystyle~{}~{}\leq\frac{1}{\alpha-1}\log\big{(}(1-s)\cdot\exp\left((\alpha-1)\mathrm{D}_{\alpha}\left(P\middle\|Q\right)\right)+s\cdot\exp\left((\alpha-1)\mathrm{D}_{\alpha}\left(P^{\prime}\middle\|Q^{\prime}\right)\right)\big{)} "
              r"max{Dα(PQ),Dα(PQ)}\displaystyle~{}~{}\leq\max\big{\{}\mathrm{D}_{\alpha}\left(P\middle\|Q\right),\mathrm{D}_{\alpha}\left(P^{\prime}\middle\|Q^{\prime}\right)\big{\}} "
              r"and D1((1s)P+sP(1s)Q+sQ)(1s)D1(PQ)+sD1(PQ)\mathrm{D}_{1}\left((1-s)\cdot P+s\cdot "
              r"P^{\prime}\middle\|(1-s)\cdot Q+s\cdot "
              r"Q^{\prime}\right)\leq(1-s)\cdot\mathrm{D}_{1}\left(P\middle\|Q\right)+s\cdot\mathrm{D}_{1}\left(P^{\prime}\middle\|Q^{\prime}\right). "
              r"7. 7. Triangle-like inequality (a.k.a. group privacy): Let R𝑅R be a distribution on 𝒴𝒴\mathcal{Y} "
              r"and assume that Q𝑄Q is absolutely continuous with respect to R𝑅R. For all "
              r"1<α<α<1𝛼superscript𝛼1<\alpha<\alpha^{\prime}<\infty, "
              r"Dα(PR)αα1Dαα1αα(PQ)+Dα(QR).\mathrm{D}_{\alpha}\left(P\middle\|R\right)\leq\frac{\alpha^{\prime}}{\alpha^{\prime}-1}\cdot\mathrm{D}_{\alpha\cdot\frac{\alpha^{\prime}-1}{\alpha^{\prime}-\alpha}}\left(P\middle\|Q\right)+\mathrm{D}_{\alpha^{\prime}}\left(Q\middle\|R\right). "
              r"In particular, if Dα(PQ)ρ1α\mathrm{D}_{\alpha}\left(P\middle\|Q\right)\leq\rho_{1}\cdot\alpha and "
              r"Dα(QR)ρ2α\mathrm{D}_{\alpha}\left(Q\middle\|R\right)\leq\rho_{2}\cdot\alpha for all "
              r"α(1,)𝛼1\alpha\in(1,\infty), then "
              r"Dα(PR)(ρ1+ρ2)2α\mathrm{D}_{\alpha}\left(P\middle\|R\right)\leq(\sqrt{\rho_{1}}+\sqrt{\rho_{2}})^{2}\cdot\alpha "
              r"for all α(1,)𝛼1\alpha\in(1,\infty)."))
def lemma_33_67():
    out = []
    for seed in (351, 352):
        p, q = random_pair(seed, 4)
        p2, q2 = random_pair(seed + 5, 4)
        for s in (R(1, 3), R(3, 4)):
            for a in (2, 3):
                mixed = moment(_mix(p2, p, s), _mix(q2, q, s), a)
                out.append(holds(mixed <= (1 - s) * moment(p, q, a) + s * moment(p2, q2, a),
                                 f"pairs {seed}, s = {s}, α = {a}: part 6 (exact)"))
            lib = rdp_mixture_bound(R(5, 2), s, _renyi(p, q, R(5, 2)), _renyi(p2, q2, R(5, 2)))
            out.append(ordered([_renyi(_mix(p2, p, s), _mix(q2, q, s), R(5, 2)), lib], f"pairs {seed}, s = {s}, α = 5/2: library bound"))
        r = random_law(random.Random(seed), 4)
        out.append(ordered([_renyi(p, r, 2), R(3, 2) * _renyi(p, q, 4) + _renyi(q, r, 3)],
                           f"triple {seed}: D_2(P‖R) ≤ (3/2)D_4(P‖Q) + D_3(Q‖R) (α = 2, α' = 3)"))
    r1, r2, xx = sympy.symbols("r1 r2 xx", positive=True)
    objective = r1 * (1 + 1 / xx) + r2 * (xx + 1)
    out.append(identity(sympy.diff(objective, xx).subs(xx, sqrt(r1 / r2)), 0, "optimum α' = (x+1)α at x = √(ρ₁/ρ₂)"))
    out.append(identity(objective.subs(xx, sqrt(r1 / r2)), (sqrt(r1) + sqrt(r2)) ** 2, "giving (√ρ₁ + √ρ₂)²"))
    sg = sympy.Symbol("sigma", positive=True)
    out.append(identity(a_ * (2 - 0) ** 2 / (2 * sg ** 2), (sqrt(a_ / (2 * sg ** 2)) * 2) ** 2 / a_ * a_,
                        "Gaussians N(2), N(1), N(0): D_α(P‖R) = 4α/2σ² = (√ρ₁+√ρ₂)²α with ρ₁ = ρ₂ = 1/2σ² (equality)"))
    return establish(combine(out, detail="the proof"),
                     domain='part 6 on 2 random pair couples × 2 mixing weights, part 7 on 2 random triples; the Gaussian optimisation symbolic',
                     stated_domain='every pair, α > 1')


# P, Q with a well-defined privacy loss (Lemma 33's standing assumption), α > 1, ε̃ ≥ D_α(P‖Q) (the proof needs no
# bound on ε̃: every ε̃ is covered).
# Z: the privacy loss of P with respect to Q (Definition 2; the lemma's D_α is E_P[e^{(α−1)Z}] in its terms)
_LEMMA_33_8_DOMAIN = [SameSupport("P", "Q"), Laws("P", "Q", k="m"), _α > 1, sympy.Symbol("epsilon~", real=True) >= sympy.Symbol("D_alpha(P||Q)", real=True),
                      PrivacyLoss("Z", "P", "Q")]
_LEMMA_33_8_PROOF_DOMAIN = [SameSupport("P", "Q"), Laws("P", "Q", k="m"), _α > 1, PrivacyLoss("Z", "P", "Q")]


@claim(paper=PAPER, label="Lemma 33 (part 8)",
       statement="For ε̃ ≥ D_α(P‖Q): P(S) ≤ e^{ε̃}Q(S) + e^{−(α−1)(ε̃−D_α)}(1/α)(1−1/α)^{α−1}; Proposition 14 with t = α−1.",
       domain=_LEMMA_33_8_DOMAIN, stated_domain='α > 1, ε̃ ≥ D_α', stated_where='Section 6.4, Lemma 33 (part 8)',
       quote=(r"8. 8. Conversion to approximate DP: For all measurable S𝒴𝑆𝒴S\subset\mathcal{Y}, all "
              r"α(1,)𝛼1\alpha\in(1,\infty), and all "
              r"ε~Dα(PQ)\tilde{\varepsilon}\geq\mathrm{D}_{\alpha}\left(P\middle\|Q\right), "
              r"P(S)eε~Q(S)+e(α1)(ε~Dα(PQ))1α(11α)α1eε~Q(S)+e(α1)(ε~Dα(PQ)).P(S)\leq e^{\tilde{\varepsilon}}\cdot "
              r"Q(S)+e^{-(\alpha-1)(\tilde{\varepsilon}-\mathrm{D}_{\alpha}\left(P\middle\|Q\right))}\cdot\frac{1}{\alpha}\cdot\left(1-\frac{1}{\alpha}\right)^{\alpha-1}\leq "
              r"e^{\tilde{\varepsilon}}\cdot "
              r"Q(S)+e^{-(\alpha-1)(\tilde{\varepsilon}-\mathrm{D}_{\alpha}\left(P\middle\|Q\right))}."))
def lemma_33_8():
    """Lemma 33.8 by the steps of the proof of Proposition 14 at t = α − 1 > 0 (re-run here: the pointwise bound
    max{0, 1 − e^{ε−z}} ≤ c·e^{tz} in expectation, joined with Proposition 7's goals), with E_P[e^{(α−1)Z}] =
    Σ P_i e^{(α−1)Z_i} = e^{(α−1)D_α(P‖Q)}, so e^{−(α−1)ε̃}·E[e^{(α−1)Z}] is the paper's e^{−(α−1)(ε̃ − D_α)}; and
    (1/α)(1 − 1/α)^{α−1} ≤ 1 (the same proof's step at t = α − 1) gives the simpler bound. The laws' defining property and
    the test are the statement's assumptions, quantified in the conclusion."""
    from symdp.verify import kernel  # this module's `kernel` is _cs_helpers' Markov kernel

    steps = zcdp_conversion_steps()
    first, below = steps["first"], steps["below_one"]  # the proof of Proposition 14's steps, re-run (they rest on Proposition 7)
    i, m = sympy.symbols("i m", integer=True)
    P, Q = sympy.IndexedBase("P", nonnegative=True), sympy.IndexedBase("Q", nonnegative=True)
    Z, u = sympy.IndexedBase("Z"), sympy.IndexedBase("u")
    tt, e, al = sympy.Symbol("t", real=True), sympy.Symbol("epsilon", real=True), _α
    assumed = [kernel.Every(sympy.And(u[i] >= 0, u[i] <= 1), (i, 1, m)), kernel.Every(sympy.Eq(P[i], Q[i] * exp(Z[i])), (i, 1, m))]
    laws = [m >= 1, *assumed, al > 1]
    at = kernel.instantiate(first, {tt: al - 1}, laws, detail="Proposition 14 at t = α − 1")
    bound = kernel.instantiate(below, {tt: al - 1}, [al > 1])
    event, (lhs, rhs) = sympy.Sum(u[i] * (P[i] - exp(e) * Q[i]), (i, 1, m)), kernel.fact(at).goal.conclusion.args[1].args
    mgf = sympy.Sum(P[i] * exp((al - 1) * Z[i]), (i, 1, m))
    # c ≤ e^{−(α−1)ε̃}, weighted by the masses P_i e^{(α−1)Z_i} ≥ 0 and summed; k stands for either constant in the
    # linear split (which would expand them), and the split writes e^{(α−1)Z_i} as e^{αZ_i − Z_i}
    tp, k = sympy.Symbol("t", positive=True), sympy.Symbol("k", real=True)
    power = kernel.instantiate(identity((1 - 1 / (tp + 1)) ** tp, exp(tp * log(tp / (tp + 1))),
                                        "(1 − 1/(t+1))^t = e^{t log(t/(t+1))} for t > 0"), {tp: al - 1}, [al > 1])
    c = lhs.function.as_independent(i)[0]
    simpler = exp(-(al - 1) * e)
    constant = kernel.decide(kernel.goal(c <= simpler, [i >= 1, i <= m, al > 1]), bound, power,
                             identity(exp(-(al - 1) * e), exp(e * (1 - al)), "e^{−(α−1)ε̃} = e^{ε̃(1−α)}"))
    w = mgf.function  # P_i e^{(α−1)Z_i} ≥ 0: P_i ≥ 0 and e^x > 0, decided (the derived expectation rule asks it by form)
    weighted = kernel.summed(kernel.decide(kernel.goal(w * c <= w * simpler, [i >= 1, i <= m, al > 1]), constant), i, 1, m)
    split = [kernel.instantiate(kernel.linear(sympy.Sum(k * mgf.function, (i, 1, m))), {k: v}) for v in (c, simpler)]
    pp, zz = sympy.Symbol("p", nonnegative=True), sympy.Symbol("z", real=True)
    body = pp * exp((al - 1) * zz)
    expanded = sympy.expand(body, mul=True, multinomial=True, power_exp=False, power_base=False, log=False)
    forms = kernel.summed(kernel.instantiate(identity(body, expanded, "p·e^{(α−1)z} as the linear split writes it"),
                                             {pp: P[i], zz: Z[i]}, [i >= 1, i <= m]), i, 1, m)
    conclusion = sympy.And(event <= lhs, sympy.Eq(lhs, rhs), rhs <= simpler * mgf, event <= simpler * mgf)
    direct = kernel.decide(kernel.goal(conclusion, laws), at, weighted, *split, forms)
    statement = kernel.decide(kernel.goal(sympy.Or(sympy.Not(sympy.And(*assumed)), conclusion), [m >= 1, al > 1]), direct,
                              detail="P(S) ≤ e^ε̃ Q(S) + e^{−(α−1)ε̃}·(1/α)(1 − 1/α)^{α−1}·E[e^{(α−1)Z}] "
                                     "≤ e^ε̃ Q(S) + e^{−(α−1)ε̃}·E[e^{(α−1)Z}]")
    out = [near(rdp_to_dp_delta(3, R(3, 2), 2), "0.0545006579513248", 14, "α = 3, D = 3/2, ε̃ = 2: reference value")]
    lat = randomized_response(log(2)) ** 4
    p1, q1 = rr(sympy.Integer(2))
    for a in (2, 3, 4):
        dd = log(moment(product_law(*[p1] * 4), product_law(*[q1] * 4), a)) / (a - 1)
        for eps in (R(5, 2), 3):
            out.append(ordered([lat.hockey_stick(exp(eps)), rdp_to_dp_delta(a, dd, eps)],
                               f"RR(log 2)^4, α = {a}, ε̃ = {eps}: exact δ ≤ Lemma 33.8's δ"))
    return establish(statement, out, domain=_LEMMA_33_8_PROOF_DOMAIN, uses=[PROPOSITION_7])


# --------------------------------------------------------------------------------------------
# Theorems 34, 35


# M satisfies (α, ε(α))-RDP for every integer α ≥ 2 (a curve ε: ℕ_{≥2} → ℝ ∪ {∞}), the sampling rate p ∈ [0, 1], the
# conclusion at every integer α ≥ 2
_THEOREM_34_DOMAIN = [RDPMechanism("M"), Integer("alpha", 2), _p >= 0, _p <= 1]


@claim(paper=PAPER, label="Theorem 34",
       statement="Poisson subsampling at rate p of an (α, ε(α))-RDP mechanism is (α, ε'_p(α))-RDP at integers α ≥ 2, "
                 "e^{(α−1)ε'} = (1−p)^{α−1}(1+(α−1)p) + Σ_{k=2}^α C(α,k)(1−p)^{α−k}p^k e^{(k−1)ε(k)}; tight in the forward direction.",
       domain=_THEOREM_34_DOMAIN, stated_domain='every mechanism, every integer α ≥ 2, p ∈ [0, 1]',
       stated_where='Section 6.5, Theorem 34',
       quote=(r"Theorem 34 (Tight Privacy Amplification by Subsampling for Rényi DP). Let "
              r"U[n]𝑈delimited-[]𝑛U\subset[n] be a random set that contains each element independently with "
              r"probability p𝑝p. For x𝒳n𝑥superscript𝒳𝑛x\in\mathcal{X}^{n} let "
              r"xU𝒳nsubscript𝑥𝑈superscript𝒳𝑛x_{U}\in\mathcal{X}^{n} be given by "
              r"(xU)i=xisubscriptsubscript𝑥𝑈𝑖subscript𝑥𝑖(x_{U})_{i}=x_{i} if iU𝑖𝑈i\in U and "
              r"(xU)i=subscriptsubscript𝑥𝑈𝑖bottom(x_{U})_{i}=\bot if iU𝑖𝑈i\notin U, where 𝒳\bot\in\mathcal{X} is "
              r"some fixed value. Let ε:2{}:𝜀subscriptabsent2\varepsilon:\mathbb{N}_{\geq "
              r"2}\to\mathbb{R}\cup\{\infty\} be a function. Let "
              r"M:𝒳n𝒴:𝑀superscript𝒳𝑛𝒴M:\mathcal{X}^{n}\to\mathcal{Y} satisfy "
              r"(α,ε(α))𝛼𝜀𝛼(\alpha,\varepsilon(\alpha))-RDP for all α2𝛼subscriptabsent2\alpha\in\mathbb{N}_{\geq 2} "
              r"with respect to addition or removal – i.e., "
              r"x,x𝒳n𝑥superscript𝑥superscript𝒳𝑛x,x^{\prime}\in\mathcal{X}^{n} are neighbouring if, for some "
              r"i[n]𝑖delimited-[]𝑛i\in[n], we have xi=subscript𝑥𝑖bottomx_{i}=\bot or "
              r"xi=subscriptsuperscript𝑥𝑖bottomx^{\prime}_{i}=\bot, and "
              r"jixj=xjfor-all𝑗𝑖subscript𝑥𝑗subscriptsuperscript𝑥𝑗\forall j\neq i~{}~{}x_{j}=x^{\prime}_{j}. Define "
              r"MU:𝒳n𝒴:superscript𝑀𝑈superscript𝒳𝑛𝒴M^{U}:\mathcal{X}^{n}\to\mathcal{Y} by "
              r"MU(x)=M(xU)superscript𝑀𝑈𝑥𝑀subscript𝑥𝑈M^{U}(x)=M(x_{U}). Then MUsuperscript𝑀𝑈M^{U} satisfies "
              r"(α,εp(α))𝛼subscriptsuperscript𝜀𝑝𝛼(\alpha,\varepsilon^{\prime}_{p}(\alpha))-RDP for all "
              r"α2𝛼subscriptabsent2\alpha\in\mathbb{N}_{\geq 2} where "
              r"εp(α)=1α1log((1p)α1(1+(α1)p)+k=2α(αk)(1p)αkpke(k1)ε(k)).subscriptsuperscript𝜀𝑝𝛼1𝛼1superscript1𝑝𝛼11𝛼1𝑝superscriptsubscript𝑘2𝛼binomial𝛼𝑘superscript1𝑝𝛼𝑘superscript𝑝𝑘superscript𝑒𝑘1𝜀𝑘\varepsilon^{\prime}_{p}(\alpha)=\frac{1}{\alpha-1}\log\left((1-p)^{\alpha-1}(1+(\alpha-1)p)+\sum_{k=2}^{\alpha}{\alpha\choose "
              r"k}(1-p)^{\alpha-k}p^{k}\cdot e^{(k-1)\varepsilon(k)}\right). Note that "
              r"(1p)α1(1+(α1)p)1superscript1𝑝𝛼11𝛼1𝑝1(1-p)^{\alpha-1}(1+(\alpha-1)p)\leq 1. It is easy to see from "
              r"the proof that this analysis is tight. That is, if the assumption that M𝑀M satisfies "
              r"(α,ε(α))𝛼𝜀𝛼(\alpha,\varepsilon(\alpha))-RDP for all α𝛼\alpha is tight for some fixed pair of "
              r"neighbouring inputs, then the conclusion that MUsuperscript𝑀𝑈M^{U} satisfies "
              r"(α,εp(α))𝛼subscriptsuperscript𝜀𝑝𝛼(\alpha,\varepsilon^{\prime}_{p}(\alpha))-RDP is also tight."))
def theorem_34():
    out = []
    p, q = rr(sympy.Integer(3))
    s = R(1, 10)
    refs = {2: (R(76, 75), R(85, 84)), 3: (R(1172, 1125), R(1825, 1764)), 4: (R(18352, 16875), R(158125, 148176)),
            5: (R(58384, 50625), R(3450625, 3111696))}
    mix = _mix(p, q, s)
    for a, (fwd, rev) in refs.items():
        formula = theorem34_moment(a, s, lambda k: moment(p, q, k))
        out.append(exact_agreement([formula, moment(mix, q, a), moment(q, mix, a)], [moment(mix, q, a), fwd, rev],
                                   f"RR(e^ε=3), p = 1/10, α = {a}: formula = direct E_Q[(1−p+pP/Q)^α] = reference; reverse = reference"))
        out.append(holds(moment(q, mix, a) <= formula, f"α = {a}: reverse ≤ formula"))
    for a in (2, 3, 6):
        out.append(certified_agreement(subsampled_gaussian_moment(a, R(1, 20), 1, method="sum"),
                                       subsampled_gaussian_moment(a, R(1, 20), 1, method="integral"), 25,
                                       f"Gaussian σ=1, p=1/20, α={a}: binomial sum = certified integral of E_Q[(1−p+pP/Q)^α]"))
    out.append(ordered([subsampled_gaussian_rdp(2, R(1, 20), 1), subsampled_gaussian_rdp(R(5, 2), R(1, 20), 1),
                        subsampled_gaussian_rdp(3, R(1, 20), 1)],
                       "fractional α = 5/2 (integral) lies between the integer orders 2 and 3 (use ⌈α⌉)"))
    ok = all((1 - w) ** (a - 1) * (1 + (a - 1) * w) <= 1 for a in range(2, 16) for w in (R(1, 100), R(1, 10), R(1, 2), R(9, 10)))
    out.append(holds(ok, "(1−p)^{α−1}(1+(α−1)p) ≤ 1 for α = 2..15, p ∈ {0.01, 0.1, 0.5, 0.9}"))
    # Every pair, every integer α ≥ 2 (symbolic α): the binomial expansion of E_Q[(1−p+pP/Q)^α]; its k = 0 and
    # k = 1 terms (E_Q[P/Q] = 1) combine to (1−p)^{α−1}(1+(α−1)p); the k ≥ 2 terms are bounded by the RDP
    # guarantee e^{(k−1)ε(k)}. The swapped direction is the identical calculation; the reverse direction
    # D_α(Q‖pP+(1−p)Q) is Theorem 35 (checked, not proved here), so the proof is restricted to the forward ones.
    # α an integer ≥ 1 by its symbol (the domain's α ≥ 2), p any real: (1 − p)^{α−1} is a power with an integer exponent ≥ 0
    order, rate = sympy.Symbol("alpha", integer=True, positive=True), sympy.Symbol("p", real=True)
    statement = identity(sympy.binomial(order, 0) * (1 - rate) ** order + sympy.binomial(order, 1) * (1 - rate) ** (order - 1) * rate,
                         (1 - rate) ** (order - 1) * (1 + (order - 1) * rate),
                         "binomial expansion (Newton, integer α) of E_Q[(1−p+pP/Q)^α]: the k = 0, 1 terms give "
                         "(1−p)^{α−1}(1+(α−1)p), the k ≥ 2 terms C(α,k)(1−p)^{α−k}p^k E_Q[(P/Q)^k] ≤ … e^{(k−1)ε(k)}")
    return establish(statement, out, domain=_THEOREM_34_DOMAIN, uses=[f"{PAPER}:theorem-35"],
                     stated_domain="every mechanism, every integer α ≥ 2, p ∈ [0, 1], all directions",
                     prose_steps=["the binomial expansion of E_Q[(1 − p + pP/Q)^α] (integer α) and E_Q[P/Q] = 1 for the "
                                  "k = 0, 1 terms; the RDP guarantee E_Q[(P/Q)^k] ≤ e^{(k−1)ε(k)} on the k ≥ 2 terms "
                                  "(the two forward directions D_α(pP + (1−p)Q‖Q), D_α(pQ + (1−p)P‖P))",
                                  "the reverse direction D_α(Q‖pP + (1−p)Q) is bounded by Theorem 35 (checked, not proved)"])


@claim(paper=PAPER, label="Theorem 35",
       statement="e^{(α−1)D_α(Q‖pP+(1−p)Q)} ≤ (1−λ)e^{(α−1)D_α(pP+(1−p)Q‖Q)} + λe^{(α−1)D_α(pQ+(1−p)P‖P)}, "
                 "λ = (2α−1)p/((2α−1)p + 3(1−p)); hence the reverse divergence is ≤ the max of the two forward ones.",
       stated_domain='P, Q mutually absolutely continuous, p ∈ [0, 1], α ∈ (1, ∞)', stated_where='Section 6.5, Theorem 35',
       quote=(r"Theorem 35. Let P𝑃P and Q𝑄Q be probability distributions that are absolutely continuous with respect "
              r"to each other. Let p[0,1]𝑝01p\in[0,1] and α(1,)𝛼1\alpha\in(1,\infty). Set "
              r"λ=(2α1)p(2α1)p+3(1p)𝜆2𝛼1𝑝2𝛼1𝑝31𝑝\lambda=\frac{(2\alpha-1)p}{(2\alpha-1)p+3(1-p)}. Then "
              r"e(α1)Dα(QpP+(1p)Q)(1λ)e(α1)Dα(pP+(1p)QQ)+λe(α1)Dα(pQ+(1p)PP).e^{(\alpha-1)\mathrm{D}_{\alpha}\left(Q\middle\|pP+(1-p)Q\right)}\leq(1-\lambda)\cdot "
              r"e^{(\alpha-1)\mathrm{D}_{\alpha}\left(pP+(1-p)Q\middle\|Q\right)}+\lambda\cdot "
              r"e^{(\alpha-1)\mathrm{D}_{\alpha}\left(pQ+(1-p)P\middle\|P\right)}. Since λ[0,1]𝜆01\lambda\in[0,1], "
              r"this implies "
              r"Dα(QpP+(1p)Q)max{Dα(pP+(1p)QQ),Dα(pQ+(1p)PP)}.\mathrm{D}_{\alpha}\left(Q\middle\|pP+(1-p)Q\right)\leq\max\left\{\begin{array}[]{c}\mathrm{D}_{\alpha}\left(pP+(1-p)Q\middle\|Q\right),\\ "
              r"\mathrm{D}_{\alpha}\left(pQ+(1-p)P\middle\|P\right)\end{array}\right\}."))
def theorem_35():
    out = []
    for seed in (351, 352, 353, 354):
        p, q = random_pair(seed, 4)
        for s in (R(1, 10), R(1, 2), R(9, 10)):
            for a in (2, 3, 4):
                lam = theorem35_lambda(a, s)
                fwd, swp, rev = moment(_mix(p, q, s), q, a), moment(_mix(q, p, s), p, a), moment(q, _mix(p, q, s), a)
                rhs = theorem35_bound(a, s, fwd, swp)
                out.append(exact_agreement(rhs, (1 - lam) * fwd + lam * swp, f"pair {seed}, p={s}, α={a}: library RHS"))
                out.append(holds(rev <= rhs and rev <= max(fwd, swp), f"pair {seed}, p={s}, α={a}: reverse ≤ RHS ≤ max"))
    return establish(combine(out, detail="the proof"),
                     domain='4 seeded random pairs × 3 rates p × α ∈ {2, 3, 4} (exact)',
                     stated_domain='every pair, every α > 1, p ∈ [0, 1]')


def _bracket(a, s, x):
    """The bracket g of f'' in Theorem 35's proof (exact), f'' = α(α−1)p²/(1−p+px)^{α+1}·g."""
    lam = (2 * a - 1) * s / ((2 * a - 1) * s + 3 * (1 - s))
    b = 1 - s + s * x
    return (1 - lam) * b ** (2 * a - 1) + lam * (b / x) ** 3 * (1 - s + s / x) ** (a - 2) * b ** (a - 2) - 1


@claim(paper=PAPER, label="Theorem 35 (proof, α ∈ (1, 2))",
       statement="The proof's step marked '(Lemma 36)' replaces (1−p+p/x)^{α−2}(1−p+px)^{α−2} by 1 from below; that is "
                 "valid for α ≥ 2 only, though the theorem is stated (and used by Theorem 38) for α ∈ (1, ∞).",
       stated_domain='the proof of Theorem 35 for α ∈ (1, 2)', stated_where='Section 6.5',
       quote=(r"It only remains to prove that f𝑓f is convex. We have, for all x>0𝑥0x>0, f(x)𝑓𝑥\displaystyle f(x) "
              r"=(1λ)(1p+px)α+λx(1p+px)α(1p+px)1α,absent1𝜆superscript1𝑝𝑝𝑥𝛼𝜆𝑥superscript1𝑝𝑝𝑥𝛼superscript1𝑝𝑝𝑥1𝛼\displaystyle=(1-\lambda)(1-p+p\cdot "
              r"x)^{\alpha}+\lambda\cdot x\cdot\left(1-p+\frac{p}{x}\right)^{\alpha}-\left(1-p+p\cdot "
              r"x\right)^{1-\alpha}, f(x)superscript𝑓𝑥\displaystyle f^{\prime}(x) "
              r"=(1λ)αp(1p+px)α1+λ(1p+px)αabsent1𝜆𝛼𝑝superscript1𝑝𝑝𝑥𝛼1𝜆superscript1𝑝𝑝𝑥𝛼\displaystyle=(1-\lambda)\alpha "
              r"p(1-p+p\cdot x)^{\alpha-1}+\lambda\cdot\left(1-p+\frac{p}{x}\right)^{\alpha} "
              r"λαpx(1p+px)α1+(α1)p(1p+px)α𝜆𝛼𝑝𝑥superscript1𝑝𝑝𝑥𝛼1𝛼1𝑝superscript1𝑝𝑝𝑥𝛼\displaystyle~{}~{}~{}~{}~{}-\lambda\alpha\frac{p}{x}\left(1-p+\frac{p}{x}\right)^{\alpha-1}+(\alpha-1)p\left(1-p+p\cdot "
              r"x\right)^{-\alpha} f′′(x)superscript𝑓′′𝑥\displaystyle f^{\prime\prime}(x) "
              r"=(1λ)α(α1)p2(1p+px)α2λαpx2(1p+px)α1+λαpx2(1p+px)α1absent1𝜆𝛼𝛼1superscript𝑝2superscript1𝑝𝑝𝑥𝛼2𝜆𝛼𝑝superscript𝑥2superscript1𝑝𝑝𝑥𝛼1𝜆𝛼𝑝superscript𝑥2superscript1𝑝𝑝𝑥𝛼1\displaystyle=(1-\lambda)\alpha(\alpha-1)p^{2}(1-p+p\cdot "
              r"x)^{\alpha-2}-\lambda\alpha\frac{p}{x^{2}}\left(1-p+\frac{p}{x}\right)^{\alpha-1}+\lambda\alpha\frac{p}{x^{2}}\left(1-p+\frac{p}{x}\right)^{\alpha-1} "
              r"+λα(α1)p2x3(1p+px)α2α(α1)p2(1p+px)α1𝜆𝛼𝛼1superscript𝑝2superscript𝑥3superscript1𝑝𝑝𝑥𝛼2𝛼𝛼1superscript𝑝2superscript1𝑝𝑝𝑥𝛼1\displaystyle~{}~{}~{}~{}~{}+\lambda\alpha(\alpha-1)\frac{p^{2}}{x^{3}}\left(1-p+\frac{p}{x}\right)^{\alpha-2}-\alpha(\alpha-1)p^{2}\left(1-p+p\cdot "
              r"x\right)^{-\alpha-1} "
              r"=α(α1)p2((1λ)(1p+px)α2+λ1x3(1p+px)α2(1p+px)α1)absent𝛼𝛼1superscript𝑝21𝜆superscript1𝑝𝑝𝑥𝛼2𝜆1superscript𝑥3superscript1𝑝𝑝𝑥𝛼2superscript1𝑝𝑝𝑥𝛼1\displaystyle=\alpha(\alpha-1)p^{2}\left((1-\lambda)(1-p+px)^{\alpha-2}+\lambda\frac{1}{x^{3}}\left(1-p+\frac{p}{x}\right)^{\alpha-2}-(1-p+px)^{-\alpha-1}\right) "
              r"=α(α1)p2(1p+px)α+1((1λ)(1p+px)2α1+λ1x3(1p+px)α2(1p+px)α+11)absent𝛼𝛼1superscript𝑝2superscript1𝑝𝑝𝑥𝛼11𝜆superscript1𝑝𝑝𝑥2𝛼1𝜆1superscript𝑥3superscript1𝑝𝑝𝑥𝛼2superscript1𝑝𝑝𝑥𝛼11\displaystyle=\frac{\alpha(\alpha-1)p^{2}}{(1-p+px)^{\alpha+1}}\left((1-\lambda)(1-p+px)^{2\alpha-1}+\lambda\frac{1}{x^{3}}\left(1-p+\frac{p}{x}\right)^{\alpha-2}\cdot(1-p+px)^{\alpha+1}-1\right) "
              r"=α(α1)p2(1p+px)α+1((1λ)(1p+px)2α1+λ(1p+pxx)3(1p+px)α2(1p+px)α21)absent𝛼𝛼1superscript𝑝2superscript1𝑝𝑝𝑥𝛼11𝜆superscript1𝑝𝑝𝑥2𝛼1𝜆superscript1𝑝𝑝𝑥𝑥3superscript1𝑝𝑝𝑥𝛼2superscript1𝑝𝑝𝑥𝛼21\displaystyle=\frac{\alpha(\alpha\!-\!1)p^{2}}{(1\!-\!p\!+\!px)^{\alpha+1}}\!\left(\!(1\!-\!\lambda)(1\!-\!p\!+\!px)^{2\alpha-1}\!+\!\lambda\!\left(\!\frac{1\!-\!p\!+\!px}{x}\!\right)^{3}\!\cdot\!\left(\!1\!-\!p\!+\!\frac{p}{x}\right)^{\alpha-2}\!\cdot\!(1\!-\!p\!+\!px)^{\alpha-2}\!-\!1\!\right) "
              r"α(α1)p2(1p+px)α+1((1λ)(1p+px)2α1+λ(1p+pxx)311)absent𝛼𝛼1superscript𝑝2superscript1𝑝𝑝𝑥𝛼11𝜆superscript1𝑝𝑝𝑥2𝛼1𝜆superscript1𝑝𝑝𝑥𝑥311\displaystyle\geq\frac{\alpha(\alpha-1)p^{2}}{(1-p+px)^{\alpha+1}}\left((1-\lambda)(1-p+px)^{2\alpha-1}+\lambda\left(\frac{1-p+px}{x}\right)^{3}\cdot "
              r"1-1\right) (Lemma 36) "
              r"=α(α1)p2(1p+px)α+1(3(1p)(1p+px)2α1+(2α1)p(1px+p)33(1p)(2α1)p3(1p)+(2α1)p)absent𝛼𝛼1superscript𝑝2superscript1𝑝𝑝𝑥𝛼131𝑝superscript1𝑝𝑝𝑥2𝛼12𝛼1𝑝superscript1𝑝𝑥𝑝331𝑝2𝛼1𝑝31𝑝2𝛼1𝑝\displaystyle=\frac{\alpha(\alpha-1)p^{2}}{(1-p+px)^{\alpha+1}}\left(\frac{3(1-p)(1-p+px)^{2\alpha-1}+(2\alpha-1)p\left(\frac{1-p}{x}+p\right)^{3}-3(1-p)-(2\alpha-1)p}{3(1-p)+(2\alpha-1)p}\right) "
              r"(λ=(2α1)p(2α1)p+3(1p)𝜆2𝛼1𝑝2𝛼1𝑝31𝑝\lambda=\frac{(2\alpha-1)p}{(2\alpha-1)p+3(1-p)}) "
              r"0.absent0\displaystyle\geq 0. (Lemma 37)"))
def theorem_35_gap():
    a, s, x = R(3, 2), R(1, 2), sympy.Integer(2)
    factor = ((1 - s + s / x) * (1 - s + s * x)) ** (a - 2)
    corrected = [identity((1 - p_ + p_ * x_) * (1 - p_ + p_ / x_) - 1, p_ * (1 - p_) * (x_ - 1) ** 2 / x_,
                          "Lemma 36's product is ≥ 1, so its power α − 2 ≥ 0 is ≥ 1: the step holds for α ≥ 2")]
    pts = [(R(a0), R(s0), R(x0)) for a0 in ("11/10", "3/2", "19/10") for s0 in ("1/10", "1/2", "9/10")
           for x0 in ("1/50", "1/2", "3/2", "40")]
    corrected.append(signs_at(_bracket(a_, p_, x_), [a_, p_, x_], pts,
                              "for α ∈ (1, 2) the true bracket of f'' is still ≥ 0 (convexity) at sample points"))
    for seed in (361, 362, 363):
        p, q = random_pair(seed, 4)
        for aa in (R(11, 10), R(3, 2), R(19, 10)):
            for ss in (R(1, 10), R(9, 10)):
                lam = (2 * aa - 1) * ss / ((2 * aa - 1) * ss + 3 * (1 - ss))
                rhs = (1 - lam) * _renyi_moment(_mix(p, q, ss), q, aa) + lam * _renyi_moment(_mix(q, p, ss), p, aa)
                corrected.append(ordered([_renyi_moment(q, _mix(p, q, ss), aa), rhs],
                                         f"pair {seed}, α = {aa}, p = {ss}: Theorem 35's conclusion holds"))
    try:
        theorem35_bound(R(3, 2), s, 1, 1)
        corrected.append(holds(False, "the library must refuse α < 2 in theorem35_bound"))
    except ParameterError:
        corrected.append(holds(True, "the library's theorem35_bound refuses α < 2 (documented)"))
    return erratum(sign(factor - 1) >= 0,
                   {"alpha": a, "p": s, "x": x, "(1−p+p/x)^{α−2}(1−p+px)^{α−2}": factor, "decimal": str(sympy.N(factor, 12)),
                    "true bracket": str(sympy.N(_bracket(a, s, x), 12)), "proof's lower bound":
                    str(sympy.N(_bracket(a, s, x) - (factor - 1) * (2 * a - 1) * s / ((2 * a - 1) * s + 3 * (1 - s))
                                * ((1 - s + s * x) / x) ** 3, 12))},
                   combine(*corrected), "the proof's '(Lemma 36)' step fails for α < 2 (factor (9/8)^{−1/2} < 1 at "
                   "α = 3/2, p = 1/2, x = 2); the conclusion still holds at every sampled point",
                   corrected_statement="the printed proof covers α ≥ 2; for α ∈ (1, 2) Theorem 35 is checked, not proved",
                   kind="proof gap")


_LEMMA_36_DOMAIN = [_p >= 0, _p <= 1, _x > 0]


@claim(paper=PAPER, label="Lemma 36",
       statement="1/(1−p+p/x) ≤ 1−p+px for p ∈ [0,1], x > 0.",
       domain=_LEMMA_36_DOMAIN, stated_domain='p ∈ [0, 1], x > 0', stated_where='Section 6.5, Lemma 36',
       quote=(r"Lemma 36. For all p[0,1]𝑝01p\in[0,1] and x(0,)𝑥0x\in(0,\infty), "
              r"11p+p/x1p+px.11𝑝𝑝𝑥1𝑝𝑝𝑥\frac{1}{1-p+p/x}\leq 1-p+p\cdot x."))
def lemma_36():
    p, x = sympy.symbols("p x", real=True)
    return establish(combine(
        identity((1 - p + p * x) * (1 - p + p / x) - 1, p * (1 - p) * (x - 1) ** 2 / x,
                 "(1−p+px)(1−p+p/x) − 1 = p(1−p)(x−1)²/x"),
        real_closed((1 - p + p * x) - 1 / (1 - p + p / x), [p, x], _LEMMA_36_DOMAIN,
                    "1/(1−p+p/x) ≤ 1−p+px for every p ∈ [0, 1], x > 0 (1 − p + p/x > 0 there)"), detail="the proof"),
        domain=_LEMMA_36_DOMAIN)


_LEMMA_37_DOMAIN = [sympy.Symbol("v", real=True) >= 1, sympy.Symbol("p", real=True) >= 0, sympy.Symbol("p", real=True) <= 1,
                    sympy.Symbol("x", real=True) > 0]


@claim(paper=PAPER, label="Lemma 37",
       statement="For v ≥ 1, p ∈ [0,1], x > 0: 3(1−p)(1−p+px)^v + vp((1−p)/x + p)³ ≥ 3(1−p) + vp.",
       domain=_LEMMA_37_DOMAIN, stated_domain='v ≥ 1, p ∈ [0, 1], x > 0', stated_where='Section 6.5, Lemma 37',
       quote=(r"Lemma 37. For all v1𝑣1v\geq 1, p[0,1]𝑝01p\in[0,1], and x(0,)𝑥0x\in(0,\infty), "
              r"3(1p)(1p+px)v+vp(1px+p)33(1p)+vp.31𝑝superscript1𝑝𝑝𝑥𝑣𝑣𝑝superscript1𝑝𝑥𝑝331𝑝𝑣𝑝3(1-p)(1-p+px)^{v}+vp\left(\frac{1-p}{x}+p\right)^{3}\geq "
              r"3(1-p)+vp."))
def lemma_37():
    """Lemma 37 for every v ≥ 1, p ∈ [0, 1], x > 0, as kernel steps. With y = 1 − p + px > 0 and c = (1 − p)/x + p:
    Bernoulli's inequality (the tangent of u^v at 1, _cs_helpers.bernoulli_steps at t = v − 1, b = 1) gives
    y^v ≥ 1 + vp(x − 1), so the left side minus the right is ≥ vp·g with g = 3(1 − p)(x − 1) + c³ − 1, and g ≥ 0
    (decided in real arithmetic: c³ ≥ 1 + 3(c − 1) and x + 1/x ≥ 2 make g ≥ 3(1 − p)(x + 1/x − 2))."""
    from symdp.verify import kernel as rules  # this module's `kernel` is _cs_helpers' Markov kernel

    p, x, v, t, a, b = sympy.symbols("p x v t a b", real=True)
    yp, vp = sympy.Symbol("y", positive=True), sympy.Symbol("v", real=True)
    c, y = (1 - p) / x + p, 1 - p + p * x
    cubic = rules.decide(rules.goal(3 * (1 - p) * (x - 1) + c ** 3 - 1 >= 0, [p >= 0, p <= 1, x > 0]),
                         detail="g = 3(1 − p)(x − 1) + ((1 − p)/x + p)³ − 1 ≥ 0")
    bernoulli = rules.instantiate(bernoulli_steps(), {a: y, b: sympy.Integer(1), t: v - 1}, _LEMMA_37_DOMAIN,
                                  detail="y^v ≥ 1 + v(y − 1) (the tangent at 1)")
    power = rules.instantiate(identity(yp ** vp, yp * exp((vp - 1) * log(yp)), "y^v = y·e^{(v−1)log y} for y > 0"),
                              {yp: y}, _LEMMA_37_DOMAIN)
    f = 3 * (1 - p) * y ** v + v * p * c ** 3 - 3 * (1 - p) - v * p
    return establish(rules.decide(rules.goal(f >= 0, _LEMMA_37_DOMAIN), bernoulli, power, cubic,
                                  detail="3(1−p)(1−p+px)^v + vp((1−p)/x + p)³ ≥ 3(1−p) + vp"),
                     domain=_LEMMA_37_DOMAIN)


# --------------------------------------------------------------------------------------------
# Theorem 38 and its lemmas; Propositions 41–42


@claim(paper=PAPER, label="Theorem 38",
       statement="p ∈ [0, ½], ρ ∈ (0, 1], ω = min{log(1/p)/4ρ, 1 + p^{−1/4}} ≥ 3 + 2 log(1/ρ)/log(1/p): the Poisson-subsampled "
                 "ρ-zCDP mechanism is (α, 10p²ρα)-RDP for α ∈ (1, ω).",
       stated_domain='p ∈ [0, 1/2], ρ ∈ (0, 1], α ∈ (1, ω)', stated_where='Section 6.6, Theorem 38',
       quote=(r"Theorem 38 (Asymptotic Privacy Amplification by Subsampling for Rényi DP). Let "
              r"p[0,1/2]𝑝012p\in[0,1/2] and ρ(0,1]𝜌01\rho\in(0,1]. Define "
              r"ω=min{log(1/p)4ρ,1+p1/4}𝜔1𝑝4𝜌1superscript𝑝14\omega=\min\left\{\frac{\log(1/p)}{4\rho},1+p^{-1/4}\right\}. "
              r"Assume ω3+2log(1/ρ)log(1/p)𝜔321𝜌1𝑝\omega\geq 3+2\frac{\log(1/\rho)}{\log(1/p)}. Let "
              r"M:𝒳n𝒴:𝑀superscript𝒳𝑛𝒴M:\mathcal{X}^{n}\to\mathcal{Y} satisfy ρ𝜌\rho-zCDP with respect to addition or "
              r"removal.121212I.e., x,x𝒳n𝑥superscript𝑥superscript𝒳𝑛x,x^{\prime}\in\mathcal{X}^{n} are neighbouring "
              r"if, for some i[n]𝑖delimited-[]𝑛i\in[n], we have xi=subscript𝑥𝑖bottomx_{i}=\bot or "
              r"xi=subscriptsuperscript𝑥𝑖bottomx^{\prime}_{i}=\bot, and "
              r"jixj=xjfor-all𝑗𝑖subscript𝑥𝑗subscriptsuperscript𝑥𝑗\forall j\neq i~{}~{}x_{j}=x^{\prime}_{j}, where "
              r"𝒳\bot\in\mathcal{X} is some fixed value. Define "
              r"MU:𝒳n𝒴:superscript𝑀𝑈superscript𝒳𝑛𝒴M^{U}:\mathcal{X}^{n}\to\mathcal{Y} by "
              r"MU(x)=M(xU)superscript𝑀𝑈𝑥𝑀subscript𝑥𝑈M^{U}(x)=M(x_{U}), where U[n]𝑈delimited-[]𝑛U\subset[n] be a "
              r"random set that contains each element independently with probability p𝑝p and, for "
              r"x𝒳n𝑥superscript𝒳𝑛x\in\mathcal{X}^{n}, xU𝒳nsubscript𝑥𝑈superscript𝒳𝑛x_{U}\in\mathcal{X}^{n} is given "
              r"by (xU)i=xisubscriptsubscript𝑥𝑈𝑖subscript𝑥𝑖(x_{U})_{i}=x_{i} if iU𝑖𝑈i\in U and "
              r"(xU)i=subscriptsubscript𝑥𝑈𝑖bottom(x_{U})_{i}=\bot if iU𝑖𝑈i\notin U. Then MUsuperscript𝑀𝑈M^{U} "
              r"satisfies (α,10p2ρα)𝛼10superscript𝑝2𝜌𝛼(\alpha,10p^{2}\rho\alpha)-RDP for all "
              r"α(1,ω)𝛼1𝜔\alpha\in(1,\omega)."))
def theorem_38():
    s, r = R(1, 100), R(1, 10)
    sigma = sqrt(5)  # ρ = 1/2σ² = 1/10
    out = [exact_agreement(theorem38_bound(2, s, r), 10 * s ** 2 * r * 2, "library bound at p = 1/100, ρ = 1/10, α = 2"),
           holds(sign(theorem38_omega(s, r) - 4) >= 0, "ω = min(log 100/0.4, 1 + 100^{1/4}) = 4.16… ≥ 3 + 2·log 10/log 100 = 4")]
    for a in (2, 3, 4):
        out.append(ordered([subsampled_gaussian_rdp(a, s, sigma), 10 * s ** 2 * r * a], f"forward (Thm 34), α = {a}: ≤ 10p²ρα"))
    # a family: seeded (p, ρ) that satisfy the hypothesis, forward direction at integer α < ω
    rng = random.Random(38)
    family = 0
    while family < 3:
        s2, r2 = R(1, rng.choice((200, 500, 1000, 5000))), R(rng.randint(1, 10), 10)
        if sign(theorem38_omega(s2, r2) - 3 - 2 * log(1 / r2) / log(1 / s2)) < 0:
            continue
        family += 1
        for a in (2, 3):
            out.append(ordered([subsampled_gaussian_rdp(a, s2, 1 / sqrt(2 * r2)), 10 * s2 ** 2 * r2 * a],
                               f"family: p = {s2}, ρ = {r2}, α = {a}: forward ≤ 10p²ρα"))
    for a in (R(3, 2), 2, 3):
        out.append(ordered([subsampled_gaussian_rdp(a, s, sigma, direction="reverse"), 10 * s ** 2 * r * a],
                           f"reverse (certified integral), α = {a}: ≤ 10p²ρα"))
    for bad in ((R(1, 20), R(1, 2)), (R(1, 100), R(1, 100))):
        try:
            theorem38_bound(R(3, 2), *bad)
            out.append(holds(False, f"(p, ρ) = {bad} violates the hypothesis and must be refused"))
        except ParameterError:
            out.append(holds(True, f"(p, ρ) = {bad} (e.g. Figure 2's) violates ω ≥ 3 + 2log(1/ρ)/log(1/p): refused"))
    w = sympy.Symbol("omega", positive=True)
    out.append(identity(log(s ** ((1 + w) / 2)) - log(s ** 2 * r),
                        log(s) / 2 * (w - 3 - 2 * log(1 / r) / log(1 / s)),
                        "step 3: log p^{(1+ω)/2} − log(p²ρ) = (log p/2)(ω − 3 − 2log(1/ρ)/log(1/p))"))
    return establish(combine(out, detail="the proof"),
                     domain='p = 1/100, ρ = 1/10, α ∈ {3/2, 2, 3, 4} (certified), and 3 seeded (p, ρ) satisfying the '
                            'hypothesis at α ∈ {2, 3}; the hypothesis check at 2 points',
                     stated_domain='every p ∈ [0, 1/2], ρ ∈ (0, 1] satisfying the hypothesis, α ∈ (1, ω)')


def _lemma39_40_points(seed, need_lemma39):
    rng = random.Random(seed)
    pts = []
    while len(pts) < 60:
        a = R(rng.randint(101, 800), 100)
        s = R(rng.randint(0, 63), 100)  # ≤ 1 − 1/e ≈ 0.632
        x = R(rng.randint(0, 400), 40)
        if need_lemma39 and a > 2 and s * x > max(s, (1 - s) / (a - 2)):
            continue
        pts.append((a, s, x))
    return pts


@claim(paper=PAPER, label="Lemma 39",
       statement="α > 1, p ∈ [0, 1−1/e], x ≥ 0, and α ≤ 2 or px ≤ max{p, (1−p)/(α−2)}: "
                 "(1−p+px)^α ≤ 1 + αp(x−1) + (e/2)α(α−1)p²(x−1)².",
       stated_domain='the admissible (α, p, x) of Lemma 39', stated_where='Section 6.6, Lemma 39',
       quote=(r"Lemma 39. Let α(1,)𝛼1\alpha\in(1,\infty), p[0,1e1]𝑝01superscript𝑒1p\in\left[0,1-e^{-1}\right], and "
              r"x[0,)𝑥0x\in\left[0,\infty\right). If either α2𝛼2\alpha\leq 2 or α>2𝛼2\alpha>2 and "
              r"pxmax{p,1pα2}𝑝𝑥𝑝1𝑝𝛼2px\leq\max\left\{p,\frac{1-p}{\alpha-2}\right\}, then "
              r"(1p+px)α1+αp(x1)+e2α(α1)p2(x1)2.superscript1𝑝𝑝𝑥𝛼1𝛼𝑝𝑥1𝑒2𝛼𝛼1superscript𝑝2superscript𝑥12(1-p+p\cdot "
              r"x)^{\alpha}\leq 1+\alpha p(x-1)+\frac{e}{2}\alpha(\alpha-1)p^{2}(x-1)^{2}."))
def lemma_39():
    f = 1 + a_ * p_ * (x_ - 1) + sympy.E / 2 * a_ * (a_ - 1) * p_ ** 2 * (x_ - 1) ** 2 - (1 - p_ + p_ * x_) ** a_
    return establish(combine([signs_at(f, [a_, p_, x_], _lemma39_40_points(39, True), "at random admissible points"),
            holds(sign(1 / (1 - (1 - 1 / sympy.E)) - sympy.E) <= 0, "(1−p)^{−1} ≤ e on p ≤ 1 − 1/e")], detail="the proof"),
                     domain='60 seeded random admissible (α, p, x) (exact signs)',
                     stated_domain='every admissible α > 1, p ∈ [0, 1 − 1/e], x ≥ 0')


@claim(paper=PAPER, label="Lemma 40",
       statement="1 < α ≤ ω, p ∈ [0, 1−1/e], x ≥ 0: (1−p+px)^α ≤ 1 + αp(x−1) + (e/2)α(α−1)p²(x−1)² + ((α−1)px)^ω.",
       stated_domain='the admissible (α, p, x, ω) of Lemma 40', stated_where='Section 6.6, Lemma 40',
       quote=(r"Lemma 40. Let α,ω(1,)𝛼𝜔1\alpha,\omega\in(1,\infty) with αω𝛼𝜔\alpha\leq\omega, "
              r"p[0,1e1]𝑝01superscript𝑒1p\in\left[0,1-e^{-1}\right], and x[0,)𝑥0x\in\left[0,\infty\right). Then "
              r"(1p+px)α1+αp(x1)+e2α(α1)p2(x1)2+((α1)px)ω.superscript1𝑝𝑝𝑥𝛼1𝛼𝑝𝑥1𝑒2𝛼𝛼1superscript𝑝2superscript𝑥12superscript𝛼1𝑝𝑥𝜔(1-p+p\cdot "
              r"x)^{\alpha}\leq 1+\alpha "
              r"p(x-1)+\frac{e}{2}\alpha(\alpha-1)p^{2}(x-1)^{2}+\big{(}(\alpha-1)px\big{)}^{\omega}."))
def lemma_40():
    w = sympy.Symbol("w", positive=True)
    f = (1 + a_ * p_ * (x_ - 1) + sympy.E / 2 * a_ * (a_ - 1) * p_ ** 2 * (x_ - 1) ** 2 + ((a_ - 1) * p_ * x_) ** w
         - (1 - p_ + p_ * x_) ** a_)
    pts = [(a, s, x, a + k) for k, (a, s, x) in zip((0, R(1, 2), 2, 5) * 15, _lemma39_40_points(40, False))]
    return establish(combine(signs_at(f, [a_, p_, x_, w], pts, "at random points with ω ∈ {α, α+½, α+2, α+5}"), detail="the proof"),
                     domain='60 seeded random (α, p, x, ω) (exact signs)',
                     stated_domain='every 1 < α ≤ ω, p ∈ [0, 1 − 1/e], x ≥ 0')


@claim(paper=PAPER, label="Proposition 41",
       statement="D_α(pP+(1−p)Q‖Q) ≤ (1/(α−1))log(1 + (e/2)α(α−1)p²(e^{D_2}−1) + ((α−1)p)^ω e^{(ω−1)D_ω}) "
                 "≤ α(e/2)p²(e^{D_2}−1) + p((α−1)p e^{D_ω})^{ω−1}, p ≤ 1 − 1/e, 1 < α ≤ ω.",
       stated_domain='every pair, p, α', stated_where='Section 6.6, Proposition 41',
       quote=(r"Proposition 41 (Analytic Privacy Amplification by Subsampling for Rényi Divergence). Let P𝑃P and Q𝑄Q "
              r"be probability distributions with P𝑃P absolutely continuous with respect to Q𝑄Q. Let "
              r"p[0,1e1]𝑝01superscript𝑒1p\in\left[0,1-e^{-1}\right] and α,ω(1,)𝛼𝜔1\alpha,\omega\in(1,\infty) with "
              r"αω𝛼𝜔\alpha\leq\omega. Then "
              r"Dα(pP+(1p)QQ)\displaystyle\mathrm{D}_{\alpha}\left(pP+(1-p)Q\middle\|Q\right) "
              r"1α1log(1+e2α(α1)p2(eD2(PQ)1)+((α1)p)ωe(ω1)Dω(PQ))\displaystyle\leq\frac{1}{\alpha-1}\log\left(1+\frac{e}{2}\alpha(\alpha-1)p^{2}\left(e^{\mathrm{D}_{2}\left(P\middle\|Q\right)}-1\right)+((\alpha-1)p)^{\omega}\cdot "
              r"e^{(\omega-1)\mathrm{D}_{\omega}\left(P\middle\|Q\right)}\right) "
              r"αe2p2(eD2(PQ)1)+p((α1)peDω(PQ))ω1.\displaystyle\leq\alpha\cdot\frac{e}{2}\cdot "
              r"p^{2}\cdot\left(e^{\mathrm{D}_{2}\left(P\middle\|Q\right)}-1\right)+p\cdot\left((\alpha-1)\cdot "
              r"p\cdot e^{\mathrm{D}_{\omega}\left(P\middle\|Q\right)}\right)^{\omega-1}."))
def proposition_41():
    out = []
    s, r = R(1, 20), R(1, 2)
    for a in (2, 3, 4, 5):
        exact_value = subsampled_gaussian_rdp(a, s, 1)
        out.append(ordered([exact_value, proposition41_zcdp_bound(a, s, r), proposition41_zcdp_bound(a, s, r, omega=a)],
                           f"Figure 2 parameters, α = {a}: exact ≤ bound at ω* ≤ bound at ω = α"))
        out.append(ordered([proposition41_zcdp_bound(a, s, r, omega=a), proposition41_zcdp_bound(a, s, r, omega=a, loose=True)],
                           f"α = {a}: first form ≤ second form"))
    out.append(ordered([subsampled_gaussian_rdp(R(3, 2), s, 1), proposition41_zcdp_bound(R(3, 2), s, r)],
                       "α = 3/2 (certified integral) ≤ bound"))
    for seed in (411, 412):
        p, q = random_pair(seed, 4)
        out.append(exact_agreement(moment(p, q, 2) - 1, FinitePair(p, q).chi2(), f"pair {seed}: e^{{D_2}} − 1 = χ²"))
        for a, w in ((2, 3), (R(3, 2), 2)):
            bound = proposition41_bound(a, R(1, 10), _renyi(p, q, 2), _renyi(p, q, w), w)
            out.append(ordered([_renyi(_mix(p, q, R(1, 10)), q, a), bound], f"pair {seed}, p = 1/10, α = {a}, ω = {w}"))
    return establish(combine(out, detail="the proof"),
                     domain='the Gaussian at p = 1/20, ρ = 1/2, α ≤ 5; 2 random pairs at p = 1/10',
                     stated_domain='every pair, p ≤ 1 − 1/e, 1 < α ≤ ω')


@claim(paper=PAPER, label="Proposition 42",
       statement="D_α(pP+(1−p)Q‖Q) ≤ (α/(α−1))log(1−p+pe^{(1−1/α)D_α}) = D_α − (α/(α−1))log(1/p) + (α/(α−1))log(1 + "
                 "((1−p)/p)e^{−(α−1)D_α/α}) ≤ …; and D_α(pP+(1−p)Q‖Q) ≥ D_α(P‖Q) − (α/(α−1))log(1/p).",
       stated_domain='the bounds of Proposition 42', stated_where='Section 6.6, Proposition 42',
       quote=(r"Proposition 42. Let P𝑃P and Q𝑄Q be probability distributions with P𝑃P absolutely continuous with "
              r"respect to Q𝑄Q. Let p[0,1]𝑝01p\in\left[0,1\right] and α(1,)𝛼1\alpha\in(1,\infty). Then "
              r"Dα(pP+(1p)QQ)\displaystyle\mathrm{D}_{\alpha}\left(pP+(1-p)Q\middle\|Q\right) "
              r"αα1log(1p+pe(11/α)Dα(PQ))\displaystyle\leq\frac{\alpha}{\alpha-1}\log\left(1-p+p\cdot "
              r"e^{(1-1/\alpha)\mathrm{D}_{\alpha}\left(P\middle\|Q\right)}\right) "
              r"=Dα(PQ)αα1log(1/p)+αα1log(1+1ppeα1αDα(PQ))\displaystyle=\mathrm{D}_{\alpha}\left(P\middle\|Q\right)-\frac{\alpha}{\alpha-1}\log(1/p)+\frac{\alpha}{\alpha-1}\log\left(1+\frac{1-p}{p}\cdot "
              r"e^{-\frac{\alpha-1}{\alpha}\mathrm{D}_{\alpha}\left(P\middle\|Q\right)}\right) "
              r"Dα(PQ)αα1log(1/p)+αα11ppeα1αDα(PQ)\displaystyle\leq\mathrm{D}_{\alpha}\left(P\middle\|Q\right)-\frac{\alpha}{\alpha-1}\log(1/p)+\frac{\alpha}{\alpha-1}\cdot\frac{1-p}{p}\cdot "
              r"e^{-\frac{\alpha-1}{\alpha}\mathrm{D}_{\alpha}\left(P\middle\|Q\right)}"))
def proposition_42():
    d = sympy.Symbol("D", positive=True)
    first = a_ / (a_ - 1) * log(1 - p_ + p_ * exp((1 - 1 / a_) * d))
    second = d - a_ / (a_ - 1) * log(1 / p_) + a_ / (a_ - 1) * log(1 + (1 - p_) / p_ * exp(-(a_ - 1) / a_ * d))
    out = [identity(sympy.simplify(exp((a_ - 1) / a_ * first)), sympy.simplify(exp((a_ - 1) / a_ * second)),
                    "the first two forms coincide (compared after exp((α−1)/α ·))"),
           prove(x_ - log(1 + x_), x_, 0, sympy.oo, "log(1+x) ≤ x for every x ≥ 0 gives the third form")]
    s, r = R(1, 20), R(1, 2)
    for a in (2, 5, 8, 20):
        exact_value = subsampled_gaussian_rdp(a, s, 1)
        out.append(ordered([subsampling_lower_bound(a, s, a * r), exact_value, proposition42_bound(a, s, a * r)],
                           f"Gaussian p = 1/20, ρ = 1/2, α = {a}: lower bound ≤ exact ≤ Proposition 42"))
    for seed in (421, 422):
        p, q = random_pair(seed, 4)
        for a in (R(3, 2), 3):
            dd = _renyi(p, q, a)
            out.append(ordered([subsampling_lower_bound(a, R(1, 5), dd), _renyi(_mix(p, q, R(1, 5)), q, a),
                                proposition42_bound(a, R(1, 5), dd)], f"pair {seed}, p = 1/5, α = {a}"))
    return establish(combine(out, detail="the proof"),
                     domain="the forms' identity and log(1+x) ≤ x symbolic; the bounds on the Gaussian at p = 1/20 and 2 random pairs",
                     stated_domain='every pair, α > 1, p ∈ (0, 1]')
