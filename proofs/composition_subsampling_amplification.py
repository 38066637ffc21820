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
from symdp.lower_bounds import lemma26_terms, lemma27_bound, mean_estimation_lower_bound
from symdp.numbers import sign
from symdp.pairs import FinitePair, gaussian, randomized_response
from symdp.renyi import rdp_mixture_bound, rdp_to_dp_delta
from symdp.subsampled_renyi import (proposition41_bound, proposition41_zcdp_bound, proposition42_bound,
                                    subsampled_gaussian_moment, subsampled_gaussian_rdp, subsampling_lower_bound,
                                    theorem34_moment, theorem35_bound, theorem35_lambda, theorem38_bound, theorem38_omega)
from symdp.subsampling import add_remove_to_replace, amplified, theorem29_tight_pair
from symdp.verify import (certified_agreement, claim, combine, erratum, establish, exact_agreement, identity,
                          prove, real_closed)
from symdp.verify.domains import DPMechanism, DPPair, Integer, Laws

from _cs_helpers import (adaptive_statement, post_processing_statement, hockey, holds, kernel, moment, near, ordered, product_law, pushforward, random_law, random_pair,
                         signs_at, mean_loss_at_t_minus_one)
from _cs_helpers import randomized_response as rr

PAPER = "composition-subsampling"

# Real parameters of the paper's domains (symdp.verify.domains), named as the paper names them.
_ε, _δ, _p, _Δ, _c, _d = sympy.symbols("epsilon delta p Delta c d", real=True)
_n, _k = sympy.symbols("n k", integer=True)
p_, x_, a_, t_, v_ = sympy.symbols("p x alpha t v", positive=True)
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
       domain=_THEOREM_25_DOMAIN, stated_domain='δ ≤ 1/(100n), k ≥ 200(e^ε − 1)²n, M (ε, δ)-DP', stated_where='Section 5, Theorem 25')
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
       domain=_LEMMA_26_DOMAIN, stated_domain="the coordinates' laws of Theorem 25's proof", stated_where='Section 5, Lemma 26')
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
       domain=_LEMMA_27_DOMAIN, stated_domain='X, Y ∈ [−Δ, Δ] mutually (ε, δ)-indistinguishable', stated_where='Section 5, Lemma 27')
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
       domain=_REMARK_28_DOMAIN, stated_domain='any privacy definition for which an analog of Lemma 27 holds', stated_where='Section 5, Remark 28')
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


_THEOREM_29_DOMAIN = [Laws("P", "Q"), _ε >= 0, _δ >= 0, _δ <= 1, _p >= 0, _p <= 1]


@claim(paper=PAPER, label="Theorem 29",
       statement="(ε,δ)-DP M subsampled with P[i ∈ U] ≤ p is (log(1 + p(e^ε−1)), pδ)-DP; in the Poisson remove direction "
                 "H_{1+p(e^ε−1)}((1−p)Q + pP ‖ Q) = p·H_{e^ε}(P‖Q) exactly, and the bound is attained.",
       domain=_THEOREM_29_DOMAIN, stated_domain='every pair, ε ≥ 0, δ, p ∈ [0, 1]', stated_where='Section 6.1, Theorem 29')
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
        prove(x_ - log(1 + x_), x_, 0, sympy.oo, "ε' = log(1+x) ≤ x = p(e^ε−1) for every x ≥ 0"))
    return establish(statement, out, domain=_THEOREM_29_DOMAIN,
                     prose_steps=['the pointwise facts summed over outcomes'])


@claim(paper=PAPER, label="Footnote 8 (Theorem 29 tightness)",
       statement="Printed: P[M(y)=0] = e^ε/(e^ε=1), P[M(y)=1] = 1/(e^ε=1) when the sum is 0, and P[M(y)=1] = e^ε/(e^ε=1), "
                 "P[M(y)=0] = 1/(e^ε−1) otherwise; the denominators must all be e^ε + 1.",
       stated_domain='the tightness example of footnote 8', stated_where='Section 6.1, footnote 8')
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


@claim(paper=PAPER, label="Section 6.2 (add/remove vs replace)",
       statement="(ε,δ)-DP under add/remove implies (2ε, (1+e^ε)δ)-DP under replace-one (group privacy).",
       stated_domain='every triple of laws, ε ≥ 0, δ ≥ 0', stated_where='Section 6.2')
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
    ps, qs, rs, x, d = sympy.symbols("P Q R x delta", nonnegative=True)
    statement = real_closed(x ** 2 * rs + (1 + x) * d - ps, [ps, qs, rs, x, d], [x >= 1, ps <= x * qs + d, qs <= x * rs + d],
                            "P(S) ≤ e^ε Q(S) + δ and Q(S) ≤ e^ε R(S) + δ ⇒ P(S) ≤ e^{2ε}R(S) + (1 + e^ε)δ, every event "
                            "(and symmetrically)")
    return establish(statement, out, domain='every triple of laws, ε ≥ 0, δ ≥ 0',
                     prose_steps=['per event, then over all events'])


# --------------------------------------------------------------------------------------------
# Section 6: Rényi DP


@claim(paper=PAPER, label="Definition 30",
       statement="(α, ε)-RDP: E[e^{(α−1)Z}] ≤ e^{(α−1)ε}; ρ-zCDP ⇔ (α, αρ)-RDP for all α > 1; "
                 "P[Z > ε̃] ≤ e^{−(α−1)(ε̃−ε)} (Markov).",
       stated_domain='α > 1, ρ ≥ 0', stated_where='Section 6.4, Definition 30')
def definition_30():
    zz = sympy.Symbol("w", nonnegative=True)
    statement = combine(identity(exp(t_ * (t_ + 1) * rho_).subs(t_, a_ - 1), exp((a_ - 1) * a_ * rho_),
                                 "t = α − 1 turns zCDP into (α, αρ)-RDP, every α > 1"),
                        prove(exp(zz) - 1, zz, 0, sympy.oo, "Markov, pointwise: 1[Z > ε̃] ≤ e^{(α−1)(Z − ε̃)} since "
                                                             "e^w ≥ 1 for w = (α−1)(Z − ε̃) ≥ 0 (and e^w > 0 always)"))
    out = []
    p1, q1 = rr(sympy.Integer(2))
    p, q = product_law(*[p1] * 5), product_law(*[q1] * 5)
    for a in (2, 3):
        d = log(moment(p, q, a)) / (a - 1)
        for e in (1, 2):
            tail = sympy.Add(*[u for u, w in zip(p, q) if sign(log(u / w) - e) > 0])
            out.append(ordered([tail, exp(-(a - 1) * (e - d))], f"RR(log 2)^5, α = {a}, ε̃ = {e}: P[Z > ε̃] ≤ e^{{−(α−1)(ε̃−D_α)}}"))
    return establish(statement, out, domain='α > 1, ρ ≥ 0',
                     prose_steps=["Markov's inequality applied pointwise"])


@claim(paper=PAPER, label="Lemma 31",
       statement="Adaptive RDP composition: (α, ε₁) then (α, ε₂) for every y₁ gives (α, ε₁ + ε₂).",
       stated_domain='every adaptive pair, α > 1', stated_where='Section 6.4, Lemma 31')
def lemma_31():
    p1, q1 = random_pair(311, 3)
    second = [random_pair(312 + j, 3) for j in range(3)]
    p = tuple(p1[i] * second[i][0][j] for i in range(3) for j in range(3))
    q = tuple(q1[i] * second[i][1][j] for i in range(3) for j in range(3))
    out = []
    for a in (R(3, 2), 2, R(7, 2)):
        total = _renyi(p1, q1, a) + max((_renyi(*second[i], a) for i in range(3)), key=lambda v: sympy.N(v, 30))
        out.append(ordered([_renyi(p, q, a), total], f"α = {a}: D_α(joint) ≤ D_α(M₁) + sup_y₁ D_α(M₂(·, y₁))"))
    return establish(adaptive_statement("α"), out, domain='every adaptive pair, α > 1',
                     prose_steps=['the termwise identity summed over outcomes'])


@claim(paper=PAPER, label="Definition 32",
       statement="D_α = (1/(α−1)) log E_Z[e^{(α−1)Z}] = (1/(α−1)) log E_P[(P/Q)^{α−1}] = (1/(α−1)) log E_Q[(P/Q)^α]; "
                 "D_∞ = sup log P(S)/Q(S); RR: D_α = log(q^α(1−q)^{1−α} + (1−q)^α q^{1−α})/(α−1).",
       stated_domain='every pair, α > 1', stated_where='Section 6.4, Definition 32')
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
    return establish(statement, out, domain='every pair, α > 1',
                     prose_steps=['termwise, summed over outcomes'])


@claim(paper=PAPER, label="Lemma 33 (parts 1–3)",
       statement="0 ≤ D_α(f(P)‖f(Q)) ≤ D_α(P‖Q); D_α is additive on products; α ↦ D_α is non-decreasing.",
       stated_domain='every pair and kernel, α > 1', stated_where='Section 6.4, Lemma 33 (parts 1–3)')
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
    return establish(statement, out, domain='every pair and kernel, α > 1',
                     prose_steps=["Jensen's inequality"])


@claim(paper=PAPER, label="Lemma 33 (parts 4–5)",
       statement="D_α(N(μ,σ²)‖N(μ',σ²)) = α(μ−μ')²/2σ²; D_α(P‖Q) ≤ (α/8)(D_∞(P‖Q) + D_∞(Q‖P))².",
       stated_domain='α > 1, every pair with finite D_∞ both ways', stated_where='Section 6.4, Lemma 33 (parts 4–5)')
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
    return establish(statement, out, domain='α > 1, every pair with finite D_∞ both ways',
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
       stated_domain='every pair couple and mixing weight', stated_where='Section 6.4, Lemma 33 (parts 6–7)')
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


@claim(paper=PAPER, label="Lemma 33 (part 8)",
       statement="For ε̃ ≥ D_α(P‖Q): P(S) ≤ e^{ε̃}Q(S) + e^{−(α−1)(ε̃−D_α)}(1/α)(1−1/α)^{α−1}; Proposition 14 with t = α−1.",
       stated_domain='α > 1, ε̃ ≥ D_α', stated_where='Section 6.4, Lemma 33 (part 8)')
def lemma_33_8():
    d = sympy.Symbol("D", positive=True)
    e = sympy.Symbol("e", positive=True)
    statement = identity(exp(-(a_ - 1) * (e - d)) / a_ * (1 - 1 / a_) ** (a_ - 1),
                         (exp(t_ * d - e * t_) / (t_ + 1) * (1 - 1 / (t_ + 1)) ** t_).subs(t_, a_ - 1),
                         "Lemma 33.8 is Proposition 14's bound (proved for every t > 0) at t = α − 1 with "
                         "E[e^{tZ}] = e^{(α−1)D_α}")
    out = [near(rdp_to_dp_delta(3, R(3, 2), 2), "0.0545006579513248", 14, "α = 3, D = 3/2, ε̃ = 2: reference value")]
    lat = randomized_response(log(2)) ** 4
    p1, q1 = rr(sympy.Integer(2))
    for a in (2, 3, 4):
        dd = log(moment(product_law(*[p1] * 4), product_law(*[q1] * 4), a)) / (a - 1)
        for eps in (R(5, 2), 3):
            out.append(ordered([lat.hockey_stick(exp(eps)), rdp_to_dp_delta(a, dd, eps)],
                               f"RR(log 2)^4, α = {a}, ε̃ = {eps}: exact δ ≤ Lemma 33.8's δ"))
    return establish(statement, out, domain='α > 1, ε̃ ≥ D_α')


# --------------------------------------------------------------------------------------------
# Theorems 34, 35


@claim(paper=PAPER, label="Theorem 34",
       statement="Poisson subsampling at rate p of an (α, ε(α))-RDP mechanism is (α, ε'_p(α))-RDP at integers α ≥ 2, "
                 "e^{(α−1)ε'} = (1−p)^{α−1}(1+(α−1)p) + Σ_{k=2}^α C(α,k)(1−p)^{α−k}p^k e^{(k−1)ε(k)}; tight in the forward direction.",
       stated_domain='every mechanism, every integer α ≥ 2, p ∈ [0, 1]', stated_where='Section 6.5, Theorem 34')
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
    statement = identity(sympy.binomial(a_, 0) * (1 - p_) ** a_ + sympy.binomial(a_, 1) * (1 - p_) ** (a_ - 1) * p_,
                         (1 - p_) ** (a_ - 1) * (1 + (a_ - 1) * p_),
                         "binomial expansion (Newton, integer α) of E_Q[(1−p+pP/Q)^α]: the k = 0, 1 terms give "
                         "(1−p)^{α−1}(1+(α−1)p), the k ≥ 2 terms C(α,k)(1−p)^{α−k}p^k E_Q[(P/Q)^k] ≤ … e^{(k−1)ε(k)}")
    return establish(statement, out,
                     domain="the two forward directions D_α(pP+(1−p)Q‖Q), D_α(pQ+(1−p)P‖P) for every pair and integer "
                            "α ≥ 2 (symbolic); the reverse direction rests on Theorem 35 (checked)",
                     stated_domain="every mechanism, every integer α ≥ 2, p ∈ [0, 1], all directions")


@claim(paper=PAPER, label="Theorem 35",
       statement="e^{(α−1)D_α(Q‖pP+(1−p)Q)} ≤ (1−λ)e^{(α−1)D_α(pP+(1−p)Q‖Q)} + λe^{(α−1)D_α(pQ+(1−p)P‖P)}, "
                 "λ = (2α−1)p/((2α−1)p + 3(1−p)); hence the reverse divergence is ≤ the max of the two forward ones.",
       stated_domain='P, Q mutually absolutely continuous, p ∈ [0, 1], α ∈ (1, ∞)', stated_where='Section 6.5, Theorem 35')
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
       stated_domain='the proof of Theorem 35 for α ∈ (1, 2)', stated_where='Section 6.5')
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


@claim(paper=PAPER, label="Lemma 36",
       statement="1/(1−p+p/x) ≤ 1−p+px for p ∈ [0,1], x > 0.",
       stated_domain='p ∈ [0, 1], x > 0', stated_where='Section 6.5, Lemma 36')
def lemma_36():
    return establish(combine(
        identity((1 - p_ + p_ * x_) * (1 - p_ + p_ / x_) - 1, p_ * (1 - p_) * (x_ - 1) ** 2 / x_,
                 "(1−p+px)(1−p+p/x) − 1 = p(1−p)(x−1)²/x"),
        real_closed(p_ * (1 - p_) * (x_ - 1) ** 2 / x_, [p_, x_], [p_ <= 1], "p(1−p)(x−1)²/x ≥ 0 for p ∈ [0,1], x > 0"),
        real_closed(1 - p_ + p_ / x_, [p_, x_], [p_ <= 1], "1 − p + p/x > 0 (≥ 0 here; = 0 only at p = 1, x = ∞)"), detail="the proof"),
        domain='p ∈ [0, 1], x > 0')


@claim(paper=PAPER, label="Lemma 37",
       statement="For v ≥ 1, p ∈ [0,1], x > 0: 3(1−p)(1−p+px)^v + vp((1−p)/x + p)³ ≥ 3(1−p) + vp.",
       stated_domain='v ≥ 1, p ∈ [0, 1], x > 0', stated_where='Section 6.5, Lemma 37')
def lemma_37():
    f = 3 * (1 - p_) * (1 - p_ + p_ * x_) ** v_ + v_ * p_ * ((1 - p_) / x_ + p_) ** 3 - 3 * (1 - p_) - v_ * p_
    c = (1 - p_) / x_ + p_
    second = (3 * (1 - p_) * v_ * (v_ - 1) * p_ ** 2 * (1 - p_ + p_ * x_) ** (v_ - 2)
              + v_ * p_ * (6 * c * (1 - p_) ** 2 / x_ ** 4 + 6 * c ** 2 * (1 - p_) / x_ ** 3))
    return establish(combine(identity([f.subs(x_, 1), sympy.diff(f, x_).subs(x_, 1)], [0, 0], "f(1) = 0 and f'(1) = 0"),
                             identity(sympy.diff(f, x_, 2), second,
                                      "f'' is a sum of products of factors ≥ 0 for v ≥ 1, p ∈ [0,1], x > 0: f is convex "
                                      "with minimum f(1) = 0"), detail="the proof"),
                     domain='v ≥ 1, p ∈ [0, 1], x > 0')


# --------------------------------------------------------------------------------------------
# Theorem 38 and its lemmas; Propositions 41–42


@claim(paper=PAPER, label="Theorem 38",
       statement="p ∈ [0, ½], ρ ∈ (0, 1], ω = min{log(1/p)/4ρ, 1 + p^{−1/4}} ≥ 3 + 2 log(1/ρ)/log(1/p): the Poisson-subsampled "
                 "ρ-zCDP mechanism is (α, 10p²ρα)-RDP for α ∈ (1, ω).",
       stated_domain='p ∈ [0, 1/2], ρ ∈ (0, 1], α ∈ (1, ω)', stated_where='Section 6.6, Theorem 38')
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
       stated_domain='the admissible (α, p, x) of Lemma 39', stated_where='Section 6.6, Lemma 39')
def lemma_39():
    f = 1 + a_ * p_ * (x_ - 1) + sympy.E / 2 * a_ * (a_ - 1) * p_ ** 2 * (x_ - 1) ** 2 - (1 - p_ + p_ * x_) ** a_
    return establish(combine([signs_at(f, [a_, p_, x_], _lemma39_40_points(39, True), "at random admissible points"),
            holds(sign(1 / (1 - (1 - 1 / sympy.E)) - sympy.E) <= 0, "(1−p)^{−1} ≤ e on p ≤ 1 − 1/e")], detail="the proof"),
                     domain='60 seeded random admissible (α, p, x) (exact signs)',
                     stated_domain='every admissible α > 1, p ∈ [0, 1 − 1/e], x ≥ 0')


@claim(paper=PAPER, label="Lemma 40",
       statement="1 < α ≤ ω, p ∈ [0, 1−1/e], x ≥ 0: (1−p+px)^α ≤ 1 + αp(x−1) + (e/2)α(α−1)p²(x−1)² + ((α−1)px)^ω.",
       stated_domain='the admissible (α, p, x, ω) of Lemma 40', stated_where='Section 6.6, Lemma 40')
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
       stated_domain='every pair, p, α', stated_where='Section 6.6, Proposition 41')
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
       stated_domain='the bounds of Proposition 42', stated_where='Section 6.6, Proposition 42')
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
