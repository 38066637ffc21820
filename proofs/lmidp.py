"""Claims of Ngo–Östman–Graell i Amat, *Local mutual-information differential privacy*
(arXiv 2405.07596v1). Information is in bits (log base 2) throughout, as in the paper.

Reference decimals quoted below are the independent mpmath/scipy values of the reading notes for
this paper; every library value is certified and compared against them or against a second
derivation (subset enumeration, closed forms, exact sympy sums).
"""

from __future__ import annotations

from itertools import permutations

import sympy
from flint import acb, arb
from sympy import Rational as R, exp, log, sqrt

from _cs_helpers import near, ordered
from symdp.local import (Channel, bac_capacity, cd_lmidp_to_lip, gaussian_ldp_delta, ldp_to_lmidp, lip_to_lmidp,
                         lmidp_to_ldp, randomized_response, shell_calibration, shell_information, zchannel_crossover)
from symdp.local.information import bac_capacity_formula, kl_bits
from symdp.local.gaussian_info import mixture_information
from symdp.local.lmidp import profile_integral
from symdp.numbers import Real, arb_of, certify, sign
from symdp.pairs import gaussian
from symdp.verify import (certified_agreement, claim, combine, erratum, establish, exact_agreement,
                          identity)

PAPER = "lmidp"
E0, E1, X, T = sympy.symbols("epsilon0 epsilon1 x t", positive=True)
LOG2E = 1 / log(2)

CHANNELS = [
    Channel([[R(1, 2), R(1, 4), R(1, 4)], [R(1, 5), R(3, 5), R(1, 5)], [R(1, 10), R(1, 10), R(4, 5)]]),
    Channel([[R(2, 3), R(1, 3)], [R(1, 4), R(3, 4)], [R(1, 2), R(1, 2)]]),
    Channel([[R(1, 2), R(1, 4), R(1, 8), R(1, 8)], [R(1, 10), R(3, 5), R(1, 5), R(1, 10)],
             [R(1, 3), R(1, 3), R(1, 6), R(1, 6)], [R(1, 20), R(1, 20), R(1, 20), R(17, 20)]]),
]
PRIORS = [[R(1, 3), R(1, 2), R(1, 6)], [R(1, 5), R(1, 5), R(3, 5)], [R(1, 4)] * 4]


def _events(n):
    return [[y for y in range(n) if mask >> y & 1] for mask in range(1 << n)]


def _mass(p, event):
    return sum((p[y] for y in event), sympy.Integer(0))


def _entropy_bits(p):
    return sum((-v * log(v) for v in p if v != 0), sympy.Integer(0)) / log(2)


# --------------------------------------------------------------------------------------------
# Section II: the four notions


@claim(PAPER, "Definition 1", "μ̄^CI = sup_{P_X} I(X;M(X)) bits; for a finite channel this is its capacity.")
def definition_1():
    sym = Channel([[R(3, 5), R(1, 5), R(1, 5)], [R(1, 5), R(3, 5), R(1, 5)], [R(1, 5), R(1, 5), R(3, 5)]])
    closed = log(3) / log(2) - _entropy_bits([R(3, 5), R(1, 5), R(1, 5)])
    statement = certified_agreement(sym.capacity(), closed, 30,
                                    "symmetric 3×3 channel: certified capacity = log₂3 − H(row) (Gallager Thm 4.5.2)")
    dup = Channel([[R(3, 5), R(2, 5)], [R(3, 5), R(2, 5)], [R(1, 10), R(9, 10)]])
    checks = [certified_agreement(dup.capacity(), bac_capacity(R(2, 5), R(1, 10)), 30,
                                  "a repeated input does not change capacity: = C_BAC(2/5, 1/10)"),
              ordered([CHANNELS[2].mutual_information(PRIORS[2]), CHANNELS[2].capacity()],
                      "I(uniform; W) ≤ C(W) for the 4×4 channel")]
    return establish(statement, *checks, domain="finite channels (samples)", stated_domain="all mechanisms")


@claim(PAPER, "Definition 2", "μ̄^CD = I(X;M(X)) bits for the fixed P_X.")
def definition_2():
    vals, refs = [], []
    for ch, prior in zip(CHANNELS, PRIORS):
        py = ch.apply(prior)
        cond = sum((px * _entropy_bits(row) for px, row in zip(prior, ch.rows)), sympy.Integer(0))
        vals.append(ch.mutual_information(prior))
        refs.append(_entropy_bits(py) - cond)
    statement = certified_agreement(vals, refs, 30, "I(X;Y) = H(Y) − H(Y|X), exact sympy sums, on three channels")
    return establish(statement, domain="finite channels (samples)", stated_domain="all mechanisms")


@claim(PAPER, "Definition 3 (eq. 2 ⇔ eq. 1)",
       "(ε,δ)-LDP ⇔ sup_{x≠x'} H_{e^ε}(P_{M(x)}‖P_{M(x')}) ≤ δ: the least δ over all events equals the hockey-stick max.")
def definition_3():
    vals, refs = [], []
    for ch in CHANNELS:
        for eps in (0, R(1, 2), log(2)):
            g = exp(eps)
            best = max(sympy.nsimplify(0), *[_mass(a, ev) - g * _mass(b, ev) for a, b in permutations(ch.rows, 2)
                                              for ev in _events(ch.n_outputs)], key=lambda v: float(v))
            vals.append(ch.ldp_delta(eps))
            refs.append(best)
    statement = exact_agreement(vals, refs, "least δ of eq. (1) by enumerating every event = eq. (2), 3 channels × 3 ε")
    return establish(statement, domain="finite channels (samples)", stated_domain="all mechanisms")


@claim(PAPER, "Definition 4 (eq. 4 ⇔ eq. 3)",
       "(ε,δ)-LIP ⇔ sup_x max{H_{e^ε}(P_{M(X)}‖P_{M(x)}), e^{−ε}H_{e^ε}(P_{M(x)}‖P_{M(X)})} ≤ δ.")
def definition_4():
    a, b, d, eps = sympy.symbols("a b delta epsilon", real=True)
    # left inequality of (3), e^{−ε}a − δ ≤ b, times e^ε: a − e^ε b ≤ e^ε δ
    algebra = identity(exp(eps) * (exp(-eps) * a - d - b), a - exp(eps) * b - exp(eps) * d,
                       "e^ε(e^{−ε}P_x(E) − δ − P_X(E)) = P_x(E) − e^ε P_X(E) − e^ε δ")
    vals, refs = [], []
    for ch, prior in zip(CHANNELS, PRIORS):
        py = ch.apply(prior)
        for e in (0, R(1, 3), 1):
            g = exp(e)
            need = [sympy.Integer(0)]
            for row in ch.rows:
                for ev in _events(ch.n_outputs):
                    need += [_mass(py, ev) - g * _mass(row, ev), _mass(row, ev) / g - _mass(py, ev)]
            vals.append(ch.lip_delta(prior, e))
            refs.append(max(need, key=lambda v: float(v)))
    enum = exact_agreement(vals, refs, "least δ of eq. (3) by enumerating events = eq. (4) (full-support priors)")
    return establish(combine(algebra, enum), domain="the rearrangement symbolically; equality on 9 finite cases",
                     stated_domain="all mechanisms")


# --------------------------------------------------------------------------------------------
# Eq. (7): the BAC capacity


@claim(PAPER, "Eq. (7)",
       "C_BAC(ε0,ε1) = ε0/(1−ε0−ε1)H_b(ε1) − (1−ε1)/(1−ε0−ε1)H_b(ε0) + log(1+2^{(H_b(ε0)−H_b(ε1))/(1−ε0−ε1)}) bits; "
       "other cases by the relabellings (ε1,ε0), (1−ε1,1−ε0), (1−ε0,1−ε1).")
def eq_7():
    # (7) is F(ε0, ε1, H_b(ε0), H_b(ε1)) with F = ε0/s H1 − (1−ε1)/s H0 + L((H0 − H1)/s), s = 1 − ε0 − ε1,
    # L(u) = log₂(1 + 2^u). Two facts: H_b(1−x) = H_b(x), and L(−u) = L(u) − u since 2^u(1 + 2^{−u}) = 1 + 2^u.
    H0, H1, U = sympy.symbols("H0 H1 u", real=True)
    L = sympy.Function("L")
    hb = lambda p: (-p * log(p) - (1 - p) * log(1 - p)) / log(2)
    facts = [identity(hb(1 - X), hb(X), "H_b(1 − x) = H_b(x)"),
             identity(2 ** U * (1 + 2 ** (-U)), 1 + 2 ** U, "2^u(1 + 2^{−u}) = 1 + 2^u, so L(−u) = L(u) − u")]
    lib = exact_agreement(bac_capacity_formula(R(1, 10), R(3, 10)),
                          (E0 / (1 - E0 - E1) * hb(E1) - (1 - E1) / (1 - E0 - E1) * hb(E0)
                           + log(1 + 2 ** ((hb(E0) - hb(E1)) / (1 - E0 - E1))) / log(2)).subs({E0: R(1, 10), E1: R(3, 10)}),
                          "the library's (7) is the printed formula")

    def F(e0, e1, h0, h1):
        s = 1 - e0 - e1
        return e0 / s * h1 - (1 - e1) / s * h0 + L(sympy.cancel((h0 - h1) / s))
    base = F(E0, E1, H0, H1)
    u = (H0 - H1) / (1 - E0 - E1)
    flip = lambda expr: expr.replace(lambda e: isinstance(e, sympy.Function) and e.func == L and
                                     sympy.cancel(e.args[0] + u) == 0, lambda e: L(u) - u)
    images = [F(E1, E0, H1, H0), F(1 - E1, 1 - E0, H1, H0), F(1 - E0, 1 - E1, H0, H1)]
    images = [flip(im).replace(lambda e: isinstance(e, sympy.Function) and e.func == L, lambda e: L(sympy.cancel(e.args[0])))
              for im in images]
    base_c = base.replace(lambda e: isinstance(e, sympy.Function) and e.func == L, lambda e: L(sympy.cancel(e.args[0])))
    sym = combine(facts + [identity(images, [base_c] * 3, "F is invariant under (ε1,ε0), (1−ε1,1−ε0), (1−ε0,1−ε1) "
                                                          "given the two facts: the case list of (7) is redundant")])
    points = [(R(1, 10), R(1, 10)), (R(1, 10), R(3, 10)), (R(1, 5), R(1, 2)), (R(1, 20), R(9, 10)), (R(7, 10), R(3, 5)),
              (R(9, 10), R(1, 20)), (0, R(2, 5)), (R(3, 4), R(4, 5))]
    generic = certified_agreement([bac_capacity(a, b) for a, b in points],
                                  [Channel([[1 - a, a], [b, 1 - b]]).capacity() for a, b in points], 25,
                                  "(7) on the whole square (inside and outside the stated case region) = certified "
                                  "Blahut–Arimoto capacity")
    refs = [near(bac_capacity(*p), r, 13, f"C_BAC{p} vs reference") for p, r in
            [((R(1, 10), R(1, 10)), "0.531004406410719"), ((R(1, 10), R(3, 10)), "0.296671802880504"),
             ((R(1, 5), R(1, 2)), "0.0731939861598899"), ((R(1, 20), R(9, 10)), "0.00663333004137522"),
             ((R(7, 10), R(3, 5)), "0.0666612188413553")]]
    line = exact_agreement([bac_capacity(R(1, 3), R(2, 3)), Channel([[R(2, 3), R(1, 3)], [R(2, 3), R(1, 3)]]).capacity()],
                           [0, 0], "on ε0 + ε1 = 1 both rows coincide: C = 0")
    return establish(combine(sym, generic), lib, *refs, line, domain="the symmetries symbolically; (7) = capacity at 8 points",
                     stated_domain="[0,1]² minus ε0+ε1 = 1")


@claim(PAPER, "Remark after Theorem 1 (p̄_μ)",
       "For μ < 1, δ^LDP_μ(ε) ≥ p̄_μ, the unique p with H_b(p)/p = −log(2^μ−1), and → p̄_μ as ε → ∞; μ ≥ 1 ⇒ δ = 1.")
def remark_pbar():
    out = []
    for mu, ref in ((R(1, 10), "0.177503347183946"), (R(1, 100), "0.0187298027926788")):
        p = zchannel_crossover(mu)
        zc = Real(lambda q, p=p: (1 + arb(2) ** (-(lambda b: (-(b * b.log()) - (1 - b) * (1 - b).log()) / (b * arb(2).log()))(p.ball(q)))).log() / arb(2).log())
        out.append(certified_agreement(zc, mu, 30, f"Z-channel capacity log₂(1+2^{{−H_b(p̄)/p̄}}) = μ = {mu}"))
        out.append(near(p, ref, 13, f"p̄_{mu} vs reference"))
        out.append(ordered([p, lmidp_to_ldp(mu, 3), lmidp_to_ldp(mu, 1)], f"p̄ ≤ δ^LDP_{mu}(3) ≤ δ^LDP_{mu}(1)"))
    statement = combine(out)
    one = exact_agreement([lmidp_to_ldp(1, 2), lmidp_to_ldp(R(3, 2), 0), bac_capacity(1, 1)], [1, 1, 1],
                          "μ ≥ 1 ⇒ δ = 1: (p0, p1) = (1, 0) is feasible as C_BAC(1, 1) = 1 bit")
    return establish(combine(statement, one), domain="μ ∈ {0.1, 0.01} (certified)", stated_domain="μ ∈ (0, 1)")


# --------------------------------------------------------------------------------------------
# Theorem 1


T1 = {(R(1, 10), 0): "0.367961307352785", (R(1, 10), R(1, 4)): "0.299115384042225",
      (R(1, 10), 1): "0.201483210469259", (R(1, 10), R(5, 2)): "0.177535162117117",
      (R(1, 100), 1): "0.0227503930492297", (R(1, 100), R(1, 4)): "0.0528926589013783"}


@claim(PAPER, "Theorem 1(a)",
       "μ-CI-LMIDP ⇒ (ε, δ^LDP_μ(ε))-LDP with δ^LDP_μ of eq. (6); tight: a binary mechanism attains it.")
def theorem_1a():
    tight = []
    for (mu, eps), ref in list(T1.items())[:4]:
        v = lmidp_to_ldp(mu, eps)
        p0, p1 = v.maximiser
        star = Channel([[1 - p1, p1], [1 - p0, p0]])  # M*: Ber(p1*) on A, Ber(p0*) off A
        tight.append(ordered([star.capacity(), mu], f"M* at (μ, ε) = ({mu}, {eps}) is μ-CI-LMIDP"))
        tight.append(ordered([v - R(1, 10 ** 30), star.ldp_delta(eps), v],
                             f"M*'s LDP curve at ε = {eps} attains δ^LDP_μ (to 10⁻³⁰)"))
    refs = [near(lmidp_to_ldp(mu, eps), ref, 13, f"δ^LDP_{mu}({eps}) vs reference") for (mu, eps), ref in T1.items()]
    bsc = []
    for mu in (R(1, 10),):
        t = lmidp_to_ldp(mu, 0)
        bsc.append(certified_agreement(Real(lambda q: 1 - (lambda b: (-(b * b.log()) - (1 - b) * (1 - b).log()) / arb(2).log())((1 - t.ball(q)) / 2)),
                                       mu, 25, "at ε = 0 the maximiser is a BSC: 1 − H_b((1−δ)/2) = μ"))
    # the bound holds on channels: δ̄^LDP_W(ε) ≤ δ^LDP_{C(W)}(ε)
    sound = [ordered([ch.ldp_delta(1), lmidp_to_ldp(sympy.Rational(certify(ch.capacity(), 20).upper), 1)],
                     "δ̄^LDP_W(1) ≤ δ^LDP_{C(W)}(1)") for ch in (CHANNELS[0], randomized_response(1))]
    statement = combine(tight + sound)
    return establish(statement, *refs, *bsc, domain="tightness at 4 (μ, ε) points; the bound on 2 channels",
                     stated_domain="μ ≥ 0, ε > 0, all mechanisms")


@claim(PAPER, "Theorem 1(b)", "(ε,δ(ε))-LDP for all ε ⇒ μ^CI = log(e)∫₀^∞(1+e^{−ε})δ(ε)dε-CI-LMIDP (eq. 8).")
def theorem_1b():
    s2, d, D = sympy.symbols("sigma2 d Delta", positive=True)
    closed = identity(gaussian(sqrt(s2), 2 * sqrt(d) * D).kl() * LOG2E, 2 * d * D ** 2 / s2 * LOG2E,
                      "Gaussian mechanism (5): (8) = log(e)·KL(N(0,σ²)‖N(2√dΔ,σ²)) = 2dΔ²/σ²·log e (Lemma 1, symmetric pair)")
    lib = exact_agreement(ldp_to_lmidp(gaussian(sqrt(R(72)), 2 * sqrt(10))), R(20, 72) * LOG2E,
                          "ldp_to_lmidp(Gaussian d=10, Δ=1, σ²=72) = 2·10/72·log e")
    rr = []
    for e0 in (R(1, 2), R(1), R(2)):
        ch = randomized_response(e0)
        rr.append(certified_agreement(ldp_to_lmidp(ch), e0 * sympy.tanh(e0 / 2) * LOG2E, 25,
                                      f"RR_{e0}: certified integral of (8) = ε0 tanh(ε0/2) log e"))
        rr.append(ordered([ch.capacity(), ldp_to_lmidp(ch)], f"RR_{e0}: capacity ≤ μ^CI of (8)"))
    bound = [ordered([ch.capacity(), ldp_to_lmidp(ch)], "capacity ≤ (8)") for ch in CHANNELS[:2]]
    return establish(combine([closed] + rr + bound), lib, near(ldp_to_lmidp(randomized_response(1)), "0.666694131088721", 13,
                                                            "RR_1 vs reference"),
                     domain="Gaussian symbolically; 6 finite channels", stated_domain="all mechanisms")


@claim(PAPER, "Lemma 1 (eq. 15)", "KL(P‖Q) = log(e)∫₀^∞(H_{e^ε}(P‖Q) + e^{−ε}H_{e^ε}(Q‖P))dε.")
def lemma_1():
    vals, refs = [], []
    for p, q in (((R(3, 10), R(7, 10)), (R(3, 5), R(2, 5))), ((R(1, 2), R(1, 3), R(1, 6)), (R(1, 6), R(1, 6), R(2, 3)))):
        terms = list(zip(p, q))
        top = max(max(a / b, b / a) for a, b in terms)

        def integrand(x, an, terms=terms):
            t = x.exp()
            fwd = sum(((acb(arb_of(a, _prec())) - t * acb(arb_of(b, _prec()))).real_max(acb(0), analytic=an)
                       for a, b in terms), acb(0))
            bwd = sum(((acb(arb_of(b, _prec())) - t * acb(arb_of(a, _prec()))).real_max(acb(0), analytic=an)
                       for a, b in terms), acb(0))
            return (fwd + bwd / t) / (1 + (-x).exp())
        vals.append(profile_integral(integrand, "ci", log(top)))
        refs.append(kl_bits(p, q))
    statement = certified_agreement(vals, refs, 25, "certified ∫ of (15) = KL in bits, two asymmetric pairs")
    ref = near(kl_bits((R(3, 10), R(7, 10)), (R(3, 5), R(2, 5))), "0.265148445440323", 13, "KL(Ber(0.3)‖Ber(0.6)) bits")
    mgf = exact_agreement(sum(a * a / b for a, b in zip((R(3, 10), R(7, 10)), (R(3, 5), R(2, 5)))), R(11, 8),
                          "MGF of the privacy loss at t = 1: E_P[P/Q] = 1 + χ² = 1.375")
    return establish(statement, ref, mgf, domain="finite pairs (samples)", stated_domain="all pairs")


def _prec():
    from flint import ctx
    return ctx.prec


# --------------------------------------------------------------------------------------------
# Theorem 2


@claim(PAPER, "Theorem 2(a)",
       "μ-CD-LMIDP ⇒ (ε, δ^LIP_μ(ε))-LIP with δ^LIP_μ of eq. (9) (max p0 − e^ε p1, e^{−ε}p1 − p0 s.t. KL(Ber(p1)‖Ber(p0)) ≤ μ).")
def theorem_2a():
    eta = R(1, 100)
    ident = Channel([[1, 0], [0, 1]])
    prior = [1 - eta, eta]
    mu = ident.mutual_information(prior)
    lip = ident.lip_delta(prior, 1)
    printed = cd_lmidp_to_lip(mu.exact, 1)
    holds_printed = sign(printed - lip) >= 0
    # what the proof gives: P(x)·KL(P_{M(x)}‖P_{M(X)}) ≤ Σ_x' P(x')KL(...) = I, i.e. KL ≤ μ/P_X(x)
    per_x = []
    for ch, pr in zip(CHANNELS + [ident], PRIORS + [prior]):
        py = ch.apply(pr)
        info = ch.mutual_information(pr)
        for px, row in zip(pr, ch.rows):
            per_x.append(ordered([kl_bits(row, py) * px, info], "P(x)·KL(P_{M(x)}‖P_{M(X)}) ≤ I(X;M(X))"))
    corrected = combine(per_x + [exact_agreement(lip, 1 - eta, "the witness needs δ = 1 − η for every ε (x = 1, E = {0})")])
    gauss = _figure3_gaussian_witness()
    witness = {"mechanism": "identity on {0,1}", "P_X(1)": str(eta), "mu_bits": certify(mu, 15).decimal,
               "eps": 1, "required_delta": str(lip), "eq9_delta": certify(printed, 15).decimal,
               "figure_3_gaussian": gauss}
    holds_printed = holds_printed and not gauss["violates"]
    return establish(erratum(holds_printed, witness, corrected,
                             "false: the identity mechanism with P_X(1) = 1/100 is H_b(1/100)-CD-LMIDP but needs δ = 99/100 "
                             "for every ε; App. -B1 turns E_X[KL(P_{M|X}‖P_M)] ≤ μ into a per-x bound",
                             corrected_statement="the proof gives KL(Ber(p1)‖Ber(p0)) ≤ μ/P_X(x) for input x, so "
                                                 "δ̄^LIP(ε) ≤ sup_x δ^LIP_{μ/P_X(x)}(ε) (eq. 9 with μ/P_X(x))"),
                     domain="witness at ε = 1; corrected per-x KL bound on 4 channels", stated_domain="all mechanisms")


def _figure3_gaussian_witness() -> dict:
    """The paper's own Figure 3 mechanism breaks (9): G(X) = X + N(0, σ²), σ² = 137/100, X on
    x_i = −1 + i/10 (i = 0..20) with P ∝ e^{−2x²}. It is 0.1-CD-LMIDP, since
    I(X;G(X)) = min_Q E KL(P_{Y|X}‖Q) ≤ ½ log₂(1 + E[X²]/σ²) (Q = N(0, σ² + E X²)), yet at ε = 1/10
    the event E = {y > 1/2} for x = 1 forces δ ≥ e^{−ε}(P_1(E) − e^ε P_Y(E)) (eq. 4)."""
    prec = 160
    from flint import ctx
    with ctx.workprec(prec):
        xs = [arb(-1) + arb(i) / 10 for i in range(21)]
        w = [(-2 * x * x).exp() for x in xs]
        z = sum(w, arb(0))
        p = [v / z for v in w]
        s2 = arb(137) / 100
        s = s2.sqrt()
        ex2 = sum((pi * x * x for pi, x in zip(p, xs)), arb(0))
        info = (1 + ex2 / s2).log() / 2 / arb(2).log()
        sf = lambda v: (v / arb(2).sqrt()).erfc() / 2
        t, eps = arb(1) / 2, arb(1) / 10
        py = sum((pi * sf((t - x) / s) for pi, x in zip(p, xs)), arb(0))
        need = (-eps).exp() * (sf((t - 1) / s) - eps.exp() * py)
        claimed = cd_lmidp_to_lip(R(1, 10), R(1, 10)).ball(prec)
        violates = bool(info < arb(1) / 10 and need > claimed)
    return {"sigma2": "137/100", "I_upper_bits": info.str(12), "eps": "1/10", "lip_delta_at_least": need.str(12),
            "eq9_delta_mu_0.1": claimed.str(12), "violates": violates}


@claim(PAPER, "Eq. (9)", "δ^LIP_μ(ε) values and limit 1 − 2^{−μ} (the quantity of Theorem 2(a), as printed).")
def eq_9():
    refs = [near(cd_lmidp_to_lip(mu, eps), ref, 13, f"δ^LIP_{mu}({eps}) vs reference") for mu, eps, ref in
            [(R(1, 10), 0, "0.185444355922304"), (R(1, 10), R(1, 10), "0.152457365216593"), (R(1, 10), 1, "0.0715412721277282"),
             (R(1, 100), 1, "0.00751238665176477"), (R(1, 10), 5, "0.0669670084631926")]]
    floor = [ordered([1 - 2 ** (-mu), cd_lmidp_to_lip(mu, eps)], f"1 − 2^−μ ≤ δ^LIP_μ({eps}), μ = {mu}")
             for mu, eps in ((R(1, 10), 2), (R(1, 100), 1))]
    return establish(combine(refs + floor), domain="μ ∈ {0.1, 0.01}, sample ε", stated_domain="μ > 0, ε ≥ 0")


@claim(PAPER, "Theorem 2(b)", "(ε,δ(ε))-LIP for all ε ⇒ μ^CD = log(e)∫₀^∞(e^ε+e^{−ε})δ(ε)dε-CD-LMIDP (eq. 10).")
def theorem_2b():
    out = []
    for ch, prior in list(zip(CHANNELS[:2], PRIORS[:2])) + [(randomized_response(1), [R(1, 2)] * 2)]:
        out.append(ordered([ch.mutual_information(prior), lip_to_lmidp(ch, prior)], "I(X;M(X)) ≤ μ^CD of (10)"))
    ref = near(lip_to_lmidp(randomized_response(1), [R(1, 2)] * 2), "0.23593840607814", 12, "RR_1, uniform prior vs reference")
    return establish(combine(out), ref, domain="4 finite channels", stated_domain="all mechanisms")


# --------------------------------------------------------------------------------------------
# Section IV and Theorem 3


@claim(PAPER, "Theorem 3 (eq. 14)",
       "inf_{K_Y} sup_{K_X} ½log det(I+K_Y^{−1}K_X) is attained at (Δ²I, σ²I): value (d/2)log(1+Δ²/σ²) bits.")
def theorem_3():
    lx, ly, dd, s2, D2 = sympy.symbols("lambda_x lambda_y d sigma2 Delta2", positive=True)
    # with K_Y = σ²I: ½Σ log(1+λ_i/σ²) is concave and symmetric in λ, so under Σλ_i ≤ dΔ² its max is at λ = Δ²1
    # (equal KKT derivatives); with K_X = Δ²I: ½Σ log(1+Δ²/λ_i) is convex and symmetric, min at λ = σ²1.
    conc = identity(sympy.diff(sympy.log(1 + lx / s2), lx, 2), -1 / (lx + s2) ** 2,
                    "∂²/∂λ² log(1+λ/σ²) = −1/(λ+σ²)² < 0 (concave: water-filling gives equal powers)")
    conv = identity(sympy.diff(sympy.log(1 + D2 / ly), ly, 2), (D2 * (D2 + 2 * ly)) / (ly ** 2 * (ly + D2) ** 2),
                    "∂²/∂λ² log(1+Δ²/λ) = Δ²(Δ²+2λ)/(λ²(λ+Δ²)²) > 0 (convex: equal noise powers minimise)")
    value = identity(sympy.Rational(1, 2) * sympy.log((1 + D2 / s2) ** dd) / log(2), dd / 2 * sympy.log(1 + D2 / s2) / log(2),
                     "½ log det((1+Δ²/σ²)I_d) = (d/2) log(1+Δ²/σ²)")
    import random
    rnd = random.Random(3)
    saddle = []
    for d, Dsq, sig2 in ((2, R(1), R(2)), (3, R(1), R(1))):
        star = R(d, 2) * sympy.log(1 + Dsq / sig2) / log(2)
        for _ in range(5):
            w = [R(rnd.randint(1, 9)) for _ in range(d)]
            lam = [Dsq * d * v / sum(w) for v in w]
            fx = sum((sympy.log(1 + v / sig2) for v in lam), sympy.Integer(0)) / 2 / log(2)
            lamy = [sig2 * d * v / sum(w) for v in w]
            fy = sum((sympy.log(1 + Dsq / v) for v in lamy), sympy.Integer(0)) / 2 / log(2)
            saddle.append(ordered([fx, star, fy], f"d = {d}: μ(K_X, σ²I) ≤ (d/2)log(1+Δ²/σ²) ≤ μ(Δ²I, K_Y), diagonal K"))
    ref = near(sympy.Rational(1, 2) * sympy.log(1 + R(1, 100)) / log(2), "0.00717764648853503", 13, "d=1, Δ²=1, σ²=100")
    return establish(combine(conc, conv, value), *saddle, ref,
                     domain="the value and the one-dimensional KKT arguments symbolically (commuting covariances)",
                     stated_domain="all K_X ∈ 𝒦_d(dΔ²), K_Y ∈ 𝒦_d(dσ²)")


@claim(PAPER, "Appendix -D (eigenvalue pairing), erratum",
       "μ_M = ½Σ_i log(1 + λ_{X,i}/λ_{Y,i}) with both spectra sorted decreasingly.")
def appendix_d_pairing():
    KX = sympy.Matrix([[2, 0], [0, 1]])
    KY = sympy.Matrix([[R(3, 2), R(1, 2)], [R(1, 2), R(3, 2)]])  # eigenvalues 2, 1 with eigenvectors (1,±1)
    true = sympy.log((sympy.eye(2) + KY.inv() * KX).det()) / 2 / log(2)
    paired = (sympy.log(1 + R(2, 2)) + sympy.log(1 + R(1, 1))) / 2 / log(2)
    printed_holds = sign(true - paired) == 0
    corrected = identity(sympy.log((sympy.eye(2) + sympy.diag(2, 1).inv() * KX).det()) / 2 / log(2), paired,
                         "for commuting (jointly diagonal) K_X, K_Y the pairing formula holds")
    return establish(erratum(printed_holds, {"K_X": "diag(2,1)", "K_Y": "[[3/2,1/2],[1/2,3/2]]",
                                             "det_form": certify(true, 15).decimal, "pairing": certify(paired, 15).decimal},
                             corrected, "det(I+K_Y⁻¹K_X) depends on the eigenvectors, not only the sorted spectra",
                             corrected_statement="valid for jointly diagonalisable K_X, K_Y; Theorem 3 only uses K_X = Δ²I "
                                                 "or K_Y = σ²I, so it is unaffected"),
                     domain="one witness", stated_domain="all K_X, K_Y")


# --------------------------------------------------------------------------------------------
# Eq. (5): the Gaussian mechanism, and the figures' data


@claim(PAPER, "Eq. (5) (Gaussian mechanism curves)",
       "δ̄^LDP_G(ε) = Φ(√dΔ/σ − εσ/(2√dΔ)) − e^εΦ(−√dΔ/σ − εσ/(2√dΔ)); μ̄^CI_G for the amplitude constraint.")
def eq_5():
    refs = [near(gaussian_ldp_delta(eps, s2, d), ref, 13, f"δ̄^LDP_G({eps}), d={d}, σ²={s2}") for eps, d, s2, ref in
            [(1, 1, 1, "0.50986166005467"), (R(1, 2), 10, 20, "0.400051269725444"), (2, 10, 72, "0.00213902092871255")]]
    # the d = 1 shell is BPSK: I = ρ² − E[ln cosh(ρ² + ρZ)] nats, a second route by direct integration
    rho = R(7, 10)

    def bpsk(prec):
        r = acb(arb_of(rho, prec))
        c = 1 / (2 * arb.pi()).sqrt()
        f = lambda z, an: acb(c) * (-z * z / 2).exp() * (r * r + r * z).cosh().log(analytic=an)
        body = acb.integral(f, -40, 40, rel_tol=arb(2) ** -prec).real
        tail = (arb(40) / arb(2).sqrt()).erfc() * (r.real ** 2 + 2 * r.real)  # ln cosh u ≤ |u|, tails beyond |z| = 40
        return (r.real ** 2 - body - arb(0).union(tail)) / arb(2).log()
    statement = certified_agreement(shell_information(rho, 1), Real(bpsk), 25,
                                    "single-shell formula (₀F₁, noncentral χ) = BPSK formula for d = 1, ρ = 0.7")
    shell = [near(shell_information(sqrt(R(10, 20)), 10), "0.351945088211116", 13, "d=10, σ²=20 single shell"),
             near(shell_information(R(1, 10), 1), "0.0071776453327436", 12, "d=1, σ²=100 (BPSK)")]
    return establish(statement, *refs, *shell, domain="sample points", stated_domain="ε ≥ 0, σ > 0")


@claim(PAPER, "Figure 1", "δ^LDP_μ(ε), p̄_μ and δ̄^LDP_G(ε) of the Gaussian mechanism with d = 10, Δ = 1, μ̄^CI_G = μ.")
def figure_1():
    out = []
    for mu, ref in ((R(1, 10), "71.635899494789"),):
        s2 = shell_calibration(mu, 10)
        out.append(near(s2, ref, 11, f"σ² with μ̄^CI_G = {mu} (single shell, d = 10)"))
        s2q = certify(s2, 25).lower
        g = gaussian_ldp_delta(1, sympy.Rational(s2q), 10)
        out.append(near(g, "0.0492296518853067", 9, "δ̄^LDP_G(1) at that σ²"))
        out.append(ordered([g, lmidp_to_ldp(mu, 1)], "the Gaussian curve lies below δ^LDP_μ (Theorem 1(a))"))
    return establish(combine(out), domain="μ = 0.1, ε = 1")


@claim(PAPER, "Figure 2", "μ^CI of (8) for δ̄^LDP_G versus μ̄^CI_G, d ∈ {1, 10}, Δ = 1, σ² ∈ [0, 200]: ratio → 4.")
def figure_2():
    out = []
    for d, s2, ref in ((1, 100, "0.0071776453327436"), (10, 100, "0.071776461996522")):
        mu8 = ldp_to_lmidp(gaussian(sqrt(s2), 2 * sqrt(d)))
        shell = shell_information(sqrt(R(d, s2)), d)
        out.append(exact_agreement(mu8, R(2 * d, s2) * LOG2E, f"(8) = 2dΔ²/σ² log e at d = {d}, σ² = {s2}"))
        out.append(near(shell, ref, 11, f"μ̄^CI_G at d = {d}, σ² = {s2}"))
        out.append(ordered([shell * R(401, 100), mu8, shell * R(403, 100)], "4.01 μ̄^CI_G ≤ (8) ≤ 4.03 μ̄^CI_G"))
    return establish(combine(out), domain="σ² = 100, d ∈ {1, 10}")


@claim(PAPER, "Figure 3", "δ^LIP_μ(ε) of eq. (9) as printed, μ ∈ {0.1, 0.01}, decreasing to 1 − 2^{−μ}.")
def figure_3():
    out = []
    for mu in (R(1, 10), R(1, 100)):
        curve = [cd_lmidp_to_lip(mu, e) for e in (R(5, 2), 2, 1, R(1, 2), 0)]
        out.append(ordered([1 - 2 ** (-mu)] + curve, f"μ = {mu}: 1 − 2^−μ ≤ δ(2.5) ≤ δ(2) ≤ δ(1) ≤ δ(0.5) ≤ δ(0)"))
    refs = [near(cd_lmidp_to_lip(mu, eps), ref, 12, f"δ^LIP_{mu}({eps}) vs reference") for mu, eps, ref in
            [(R(1, 10), R(1, 2), "0.0902861594709634"), (R(1, 100), R(1, 2), "0.0102194979980989"),
             (R(1, 100), 2, "0.00691157917215488")]]
    return establish(combine(out), *refs, domain="ε ∈ {0, 0.5, 1, 2, 2.5}, μ ∈ {0.1, 0.01} (the Gaussian curve is not computed)",
                     stated_domain="ε ∈ [0, 2.5], with the Gaussian mechanism's curve")


@claim(PAPER, "Eqs. (11)–(13) (Appendix -C)",
       "μ(K_X, K_Y) is concave in K_X and convex in K_Y (the conditions of the minimax swap (12)); Gaussian case ½log det(I+K_Y⁻¹K_X).")
def eqs_11_13():
    import random
    rnd = random.Random(11)

    def psd():
        a = sympy.Matrix(2, 2, lambda i, j: R(rnd.randint(-4, 4), rnd.randint(1, 4)))
        return a * a.T + sympy.eye(2) / 10

    def mu(kx, ky):
        return sympy.log((sympy.eye(2) + ky.inv() * kx).det()) / 2 / log(2)
    out = []
    for _ in range(6):
        k0, k1, ky = psd(), psd(), psd()
        out.append(ordered([(mu(k0, ky) + mu(k1, ky)) / 2, mu((k0 + k1) / 2, ky)], "midpoint concavity in K_X"))
        y0, y1, kx = psd(), psd(), psd()
        out.append(ordered([mu(kx, (y0 + y1) / 2), (mu(kx, y0) + mu(kx, y1)) / 2], "midpoint convexity in K_Y"))
    return establish(combine(out), domain="6 random rational PSD 2×2 pairs each (Gaussian inputs and noise)",
                     stated_domain="all zero-mean laws with the covariance constraints")


@claim(PAPER, "Appendix -A (eqs. 19–22)",
       "I(X;M(X)) = E_X KL(P_{M|X}‖P_M) ≤ E_{X,X'} KL(P_{M|X}‖P_{M|X'}) ≤ (18) (convexity of KL in its second argument).")
def appendix_a():
    out = []
    for ch, prior in zip(CHANNELS, PRIORS):
        pairs = sum((px * py * kl_bits(a, b) for (px, a), (py, b) in permutations(list(zip(prior, ch.rows)), 2)),
                    sympy.Integer(0))
        out.append(ordered([ch.mutual_information(prior), pairs], "I(X;Y) ≤ E_{X,X'} KL(P_{M|X}‖P_{M|X'})"))
    return establish(combine(out), domain="3 finite channels with priors", stated_domain="all mechanisms")


def _figure3_input():
    xs = [-1 + R(i, 10) for i in range(21)]
    w = [exp(-2 * x * x) for x in xs]
    return xs, [v / sum(w) for v in w]


@claim(PAPER, "Figure 4", "μ^CD of (10) for δ̄^LIP_G against μ̄^CD_G = I(X; G(X)), the Figure 3 setting, σ² ∈ [0, 200].")
def figure_4():
    xs, p = _figure3_input()
    refs = [near(mixture_information(xs, p, s2), ref, 11, f"μ̄^CD_G at σ² = {s2} (21-point input ∝ e^(−2x²))")
            for s2, ref in ((1, "0.13285089199013084"), (100, "0.0014573419158083179"))]
    cal = near(mixture_information(xs, p, sympy.Rational("1.3599906964737491")), "0.1", 12,
               "the Figure 3 calibration σ² = 1.3599906964737491 gives μ̄^CD_G = 0.1 bit")
    return establish(combine(refs + [cal]), domain="the μ̄^CD_G curve at σ² ∈ {1, 100} and the calibration; the (10) curve "
                     "for the Gaussian needs its LIP profile (symdp.local.mixture_lip_delta, too slow to integrate here)",
                     stated_domain="both curves, σ² ∈ [0, 200]")
