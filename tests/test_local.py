"""Local privacy layer (Ghazi–Issa, *Total variation meets DP*, Section VII; Asoodeh et al.,
*LDP is equivalent to contraction of E_γ*), each result checked against an independent route:
enumeration of subsets, direct f-divergences of exact rows, numerical maximisation of the
maximal correlation over ALL input laws (numpy), golden-section search in mpmath."""

from fractions import Fraction
from itertools import chain, combinations, permutations

import mpmath
import numpy as np
import pytest
import sympy
from hypothesis import given, strategies as st

from symdp import certify
from symdp.errors import ParameterError
from symdp.numbers import Real, arb_of, working_precision
from symdp.local import (Channel, binary_chi2_contraction, binary_erasure_mechanism, chi2_tv_bound,
                        dominating_channel, erasure, erasure_conversion_factor, kl_contraction_bound,
                        le_cam, max_f_divergence, max_tv_after_channel, randomized_response,
                        rr_kl_contraction)
from symdp.local.contraction import _concave_sup

R = sympy.Rational
T = sympy.Symbol("t", positive=True)


# --------------------------------------------------------------------------------------------
# Independent helpers (no symdp code)


def subsets(n):
    return chain.from_iterable(combinations(range(n), r) for r in range(n + 1))


def mass(row, s):
    return sum((row[i] for i in s), sympy.Integer(0))


def f_div(f, p, q):
    """D_f(P‖Q) = Σ Q f(P/Q), for Q > 0 wherever P > 0 (outcomes null under both are dropped)."""
    return sum((b * f.subs(T, a / b) for a, b in zip(p, q) if b != 0), sympy.Integer(0))


def chi2_info_float(px, k):
    """Squared second singular value of diag(√P) K diag(PK)^{-1/2}: η_χ²(P, K)."""
    m = px @ k
    keep = m > 0
    a = np.sqrt(px)[:, None] * k[:, keep] / np.sqrt(m[keep])[None, :]
    s = np.linalg.svd(a, compute_uv=False)
    return s[1] ** 2 if len(s) > 1 else 0.0


def sup_over_inputs_float(k, rng, draws=4000):
    """Crude global maximisation of η_χ²(P, K) over the whole input simplex: random sparse
    starts, then a shrinking local search that may reach the faces (coordinates clipped at 0)."""
    n = k.shape[0]
    best, arg = 0.0, np.ones(n) / n
    for i in range(draws):
        if i < draws // 2:
            p = rng.dirichlet(np.ones(n) * 0.3)
        else:
            step = 0.05 * (1 - i / draws) + 1e-4
            p = np.maximum(arg + rng.normal(0, step, n), 0)
            if p.sum() == 0:
                continue
        p = p / p.sum()
        v = chi2_info_float(p, k)
        if v > best:
            best, arg = v, p
    return best


def golden_max(fun, a, b, iters=160):
    """Golden-section maximisation of a unimodal function in mpmath."""
    g = (mpmath.sqrt(5) - 1) / 2
    c, d = b - g * (b - a), a + g * (b - a)
    for _ in range(iters):
        if fun(c) > fun(d):
            b, d = d, c
            c = b - g * (b - a)
        else:
            a, c = c, d
            d = a + g * (b - a)
    return fun((a + b) / 2)


def chi2_information_mp(beta, p, q):
    """χ²(P_XY‖P_X P_Y) for X ~ (β, 1−β) through the rows p, q (a formula independent of LC_β)."""
    total = mpmath.mpf(0)
    for a, b in zip(p, q):
        m = beta * a + (1 - beta) * b
        if m:
            total += (beta * a * a + (1 - beta) * b * b) / m
    return total - 1


def mp_binary_contraction(p, q, dps=60):
    with mpmath.workdps(dps):
        pm = [mpmath.mpf(sympy.N(v, dps + 10)) for v in p]
        qm = [mpmath.mpf(sympy.N(v, dps + 10)) for v in q]
        return golden_max(lambda b: chi2_information_mp(b, pm, qm), mpmath.mpf(0), mpmath.mpf(1))


def agree(value, reference, digits):
    """The certified value's `digits`-digit decimal matches an independent mpmath value."""
    c = certify(value, digits)
    with mpmath.workdps(digits + 15):
        assert abs(mpmath.mpf(c.decimal) - reference) <= mpmath.mpf(10) ** (-digits + 1) * max(1, abs(reference))


# Random exact channels and laws
weights = st.lists(st.integers(1, 9), min_size=2, max_size=4)


def law(ws):
    return [R(w, sum(ws)) for w in ws]


@st.composite
def channels(draw, n_in=(2, 3), n_out=(2, 4), zeros=False):
    n = draw(st.integers(*n_in))
    m = draw(st.integers(*n_out))
    lo = 0 if zeros else 1
    rows = []
    for _ in range(n):
        ws = draw(st.lists(st.integers(lo, 9), min_size=m, max_size=m).filter(lambda w: sum(w) > 0))
        rows.append(law(ws))
    return Channel(rows)


@st.composite
def eps_eta(draw):
    """x = e^ε rational > 1 and η = a fraction of tanh(ε/2) = (x−1)/(x+1)."""
    x = R(draw(st.integers(11, 60)), 10)
    frac = R(draw(st.integers(0, 10)), 10)
    return sympy.log(x), frac * (x - 1) / (x + 1)


# --------------------------------------------------------------------------------------------
# The channel object


def test_channel_validation_names_the_row():
    with pytest.raises(ParameterError, match="row 1"):
        Channel([[R(1, 2), R(1, 2)], [R(1, 3), R(1, 3)]])
    with pytest.raises(ParameterError, match=r"row 0\[1\]"):
        Channel([[R(3, 2), R(-1, 2)]])
    with pytest.raises(ParameterError):
        Channel([])
    with pytest.raises(ParameterError, match="same number of outputs"):
        Channel([[1, 0], [1]])


def test_channel_is_exact_and_frozen():
    c = Channel([[0.1, 0.9], [Fraction(1, 2), sympy.Rational(1, 2)]])
    assert c.rows[0] == (R(1, 10), R(9, 10))
    assert (c.n_inputs, c.n_outputs) == (2, 2)
    with pytest.raises(AttributeError):
        c.rows = ()
    assert Channel(c.rows) == c and hash(Channel(c.rows)) == hash(c)


@given(channels(), st.data())
def test_compose_and_apply_are_matrix_products(k, data):
    m = data.draw(st.integers(2, 3))
    w = data.draw(channels(n_in=(k.n_outputs, k.n_outputs), n_out=(m, m)))
    p = law(data.draw(st.lists(st.integers(0, 5), min_size=k.n_inputs, max_size=k.n_inputs).filter(any)))
    kw = k @ w
    assert kw == k.compose(w)
    a, b, c = (sympy.Matrix(x.rows) for x in (k, w, kw))
    assert a * b == c
    assert tuple(sympy.Matrix([p]) * a) == k.apply(p)
    # output law of the composition = output law of the output law
    assert kw.apply(p) == w.apply(k.apply(p))
    with pytest.raises(ParameterError):
        k.compose(Channel([[1]] if k.n_outputs != 1 else [[1], [1]]))


@given(channels(zeros=True))
def test_ldp_epsilon_matches_subset_enumeration(k):
    best = sympy.Integer(1)
    for s in subsets(k.n_outputs):
        for a, b in permutations(k.rows, 2):
            num, den = mass(a, s), mass(b, s)
            if num > 0 and den == 0:
                best = sympy.oo
            elif den > 0 and best is not sympy.oo:
                best = max(best, num / den)
    eps = k.ldp_epsilon()
    assert eps == (sympy.oo if best is sympy.oo else sympy.log(best))


@given(channels(zeros=True))
def test_dobrushin_matches_subset_enumeration(k):
    brute = max(mass(a, s) - mass(b, s) for s in subsets(k.n_outputs) for a, b in permutations(k.rows, 2))
    assert k.dobrushin() == brute == k.contraction("tv")


@given(channels(), st.data())
def test_dobrushin_is_the_tv_contraction(k, data):
    n = k.n_inputs
    p0 = law(data.draw(st.lists(st.integers(0, 6), min_size=n, max_size=n).filter(any)))
    p1 = law(data.draw(st.lists(st.integers(0, 6), min_size=n, max_size=n).filter(any)))
    tv = lambda p, q: sum(abs(a - b) for a, b in zip(p, q)) / 2
    assert tv(k.apply(p0), k.apply(p1)) <= k.dobrushin() * tv(p0, p1)


def test_randomized_response_rows_and_privacy():
    x = 3
    c = randomized_response(sympy.log(x), 4)
    assert c.rows[0] == (R(3, 6), R(1, 6), R(1, 6), R(1, 6))
    assert c.ldp_epsilon() == sympy.log(3)
    assert c.dobrushin() == R(x - 1, x + 3)
    e1 = randomized_response(1, 3)
    assert e1.ldp_epsilon() == 1


def test_pair_is_a_finite_pair_of_rows():
    pairs = pytest.importorskip("symdp.central.pairs")
    c = randomized_response(sympy.log(2), 3)
    pr = c.pair(0, 2)
    assert isinstance(pr, pairs.FinitePair)
    assert tuple(pr.p) == c.rows[0] and tuple(pr.q) == c.rows[2]
    assert sympy.simplify(pr.tv() - R(1, 4)) == 0
    with pytest.raises(ParameterError):
        c.pair(0, 3)


# --------------------------------------------------------------------------------------------
# E_γ contraction (Asoodeh–Aliakbarpour–Calmon, Theorems 1 and 3)


@given(channels(zeros=True), st.sampled_from([R(1), R(3, 2), R(2), R(7, 3)]), st.data())
def test_e_gamma_two_point_formula(k, gamma, data):
    brute = max(mass(a, s) - gamma * mass(b, s) for s in subsets(k.n_outputs) for a, b in permutations(k.rows, 2))
    eta = k.contraction(("e_gamma", gamma))
    assert eta == brute
    n = k.n_inputs
    p0 = law(data.draw(st.lists(st.integers(0, 6), min_size=n, max_size=n).filter(any)))
    p1 = law(data.draw(st.lists(st.integers(0, 6), min_size=n, max_size=n).filter(any)))
    e = lambda p, q: max(mass(p, s) - gamma * mass(q, s) for s in subsets(len(p)))
    assert e(k.apply(p0), k.apply(p1)) <= eta * e(p0, p1)


def test_e_gamma_of_k_rr_and_ldp_equivalence():
    # Asoodeh et al., Example 1: η_γ(k-RR) = (e^ε − γ)₊/(k − 1 + e^ε)
    for k, x in [(2, R(5, 2)), (4, R(3))]:
        c = randomized_response(sympy.log(x), k)
        for gamma in (R(1), R(3, 2), x, x + 1):
            assert c.contraction(("e_gamma", gamma)) == max(x - gamma, 0) / (k - 1 + x)
        assert c.contraction(("e_gamma", sympy.exp(c.ldp_epsilon()))) == 0
    c = randomized_response(1, 4)
    agree(c.contraction(("e_gamma", R(3, 2))), mpmath.mpf("0.213050329628008"), 14)
    with pytest.raises(ParameterError, match="gamma"):
        c.contraction(("e_gamma", R(1, 2)))


# --------------------------------------------------------------------------------------------
# KL / χ² contraction


def test_kl_and_chi2_contraction_of_randomized_response_is_eq_36():
    for M in (2, 3, 5):
        for eps in (sympy.log(3), R(1, 2), 1):
            c = randomized_response(eps, M)
            v = c.contraction("kl")
            assert not isinstance(v, Real)
            assert sympy.simplify(v - rr_kl_contraction(eps, M)) == 0
            assert c.contraction("chi2") == v
    # referenceue values (mpmath, 16 digits) for ε = 1
    agree(rr_kl_contraction(1, 3), mpmath.mpf("0.1682916669262115"), 15)
    agree(rr_kl_contraction(1, 5), mpmath.mpf("0.118192051809347"), 14)


def test_eq_36_against_global_maximisation_over_all_input_laws():
    """Independent: sup over the whole input simplex of the squared maximal correlation."""
    rng = np.random.default_rng(3)
    for M in (3, 4):
        k = np.array([[float(v) for v in r] for r in randomized_response(1, M).rows])
        found = sup_over_inputs_float(k, rng)
        exact_value = float(rr_kl_contraction(1, M))
        assert found <= exact_value + 1e-12
        assert found >= exact_value - 1e-4
        # uniform input on all M symbols gives the smaller ((e−1)/(e+M−1))²
        uniform = chi2_info_float(np.ones(M) / M, k)
        assert abs(uniform - ((np.e - 1) / (np.e + M - 1)) ** 2) < 1e-12 and uniform < exact_value


def test_eq_36_binary_input_value_to_30_digits_by_mpmath():
    c = randomized_response(1, 3)
    ref = mp_binary_contraction(c.rows[0], c.rows[1])
    agree(c.contraction("kl"), ref, 30)


@pytest.mark.parametrize("eps, eta", [(sympy.log(3), R(3, 10)), (1, R(3, 10)), (R(1, 2), R(1, 5))])
def test_theorem_5_dominating_channel(eps, eta):
    q = dominating_channel(eps, eta)
    v = q.contraction("kl")
    assert sympy.simplify(v - kl_contraction_bound(eps, eta)) == 0
    assert sympy.simplify((v - eta * sympy.tanh(sympy.sympify(eps) / 2)).rewrite(sympy.exp)) == 0
    agree(v, mp_binary_contraction(q.rows[0], q.rows[1]), 25)


def test_theorem_5_reference_value_and_le_cam_maximum():
    agree(kl_contraction_bound(1, R(3, 10)), mpmath.mpf("0.1386351471780029"), 15)
    # Proof of Theorem 5, step (b): LC_β(P0*‖P1*) is maximised at β = 1/2
    x, b = sympy.symbols("x beta", positive=True)
    gap = 1 / (x + 1) - b * (1 - b) * (1 / (b * x + 1 - b) + 1 / ((1 - b) * x + b))
    assert sympy.simplify(gap - x * (2 * b - 1) ** 2 / ((x + 1) * (b * x + 1 - b) * (x * (1 - b) + b))) == 0


@pytest.mark.parametrize("rows", [
    [[R(1, 2), R(1, 3), R(1, 6)], [R(1, 7), R(2, 7), R(4, 7)]],          # certified (irrational maximiser)
    [[R(9, 10), R(1, 10)], [R(1, 5), R(4, 5)]],                           # rational maximiser
    [[1, 0], [R(1, 2), R(1, 2)]],                                        # maximum at the boundary β → 1
    [[sympy.E / (1 + sympy.E), 1 / (1 + sympy.E), 0], [R(1, 3), R(1, 3), R(1, 3)]],
])
def test_binary_contraction_against_mpmath_golden_section(rows):
    v = Channel(rows).contraction("chi2")
    agree(v, mp_binary_contraction(*rows), 25)


@given(channels(n_in=(2, 2), n_out=(2, 4), zeros=True))
def test_random_binary_input_contraction_against_mpmath(k):
    agree(k.contraction("kl"), mp_binary_contraction(*k.rows), 20)


def test_certified_bisection_agrees_with_exact_cases():
    """Force the ball algorithm on cases whose value is known exactly."""
    for p, q in [(dominating_channel(sympy.log(3), R(1, 4)).rows),
                 ((R(9, 10), R(1, 10)), (R(1, 5), R(4, 5)))]:
        exact_value = binary_chi2_contraction(p, q)
        assert not isinstance(exact_value, Real)
        for prec in (64, 200):
            with working_precision(prec):
                ball = _concave_sup([(arb_of(a, prec), arb_of(b, prec)) for a, b in zip(p, q) if a != b], prec)
            assert ball.overlaps(arb_of(exact_value, prec)) and ball.rad() < 2.0 ** (-prec / 2)


def test_three_input_channels_against_global_maximisation():
    """η_KL = η_χ² = best binary sub-channel (Ordentlich–Polyanskiy): compare with the sup over
    ALL input laws of the squared maximal correlation, found numerically."""
    rng = np.random.default_rng(7)
    for _ in range(4):
        ws = rng.integers(1, 10, size=(3, 3))
        rows = [[R(int(w), int(r.sum())) for w in r] for r in ws]
        v = float(Channel(rows).contraction("kl"))
        found = sup_over_inputs_float(np.array([[float(a) for a in r] for r in rows]), rng)
        assert found <= v + 1e-12 and found >= v - 1e-4


@given(channels(), st.data())
def test_strong_data_processing_kl_and_chi2(k, data):
    """D(P0K‖P1K) ≤ η D(P0‖P1) ≤ D(P0‖P1), χ² exactly and KL in mpmath (positive rows)."""
    n = k.n_inputs
    p0 = law(data.draw(st.lists(st.integers(1, 6), min_size=n, max_size=n)))
    p1 = law(data.draw(st.lists(st.integers(1, 6), min_size=n, max_size=n)))
    eta = k.contraction("kl")
    upper = R(certify(eta, 20).upper)  # an exact rational ≥ η (the bound is attained, so no slack)
    chi2 = T ** 2 - 1
    d_in, d_out = f_div(chi2, p0, p1), f_div(chi2, k.apply(p0), k.apply(p1))
    assert d_out <= d_in
    assert d_out <= upper * d_in
    with mpmath.workdps(30):
        upper = mpmath.mpf(upper.p) / upper.q
        kl = lambda p, q: mpmath.fsum(mpmath.mpf(a.p) / a.q * mpmath.log(mpmath.mpf(a.p * b.q) / (a.q * b.p))
                                      for a, b in zip(p, q))
        assert kl(k.apply(p0), k.apply(p1)) <= upper * kl(p0, p1) + mpmath.mpf(10) ** -25


@given(channels())
def test_theorem_5_bound_for_every_channel(k):
    """η_KL(Q) ≤ η_TV(Q)·tanh(ε_Q/2) for every ε-LDP channel (Theorem 5 with ε = ε_Q, η = η_Q)."""
    x = sympy.exp(k.ldp_epsilon())
    if x == 1:
        assert k.contraction("kl") == 0
        return
    bound = kl_contraction_bound(sympy.log(x), k.dobrushin())
    v = k.contraction("kl")
    assert R(certify(v, 20).lower) <= R(certify(bound, 20).upper)


# --------------------------------------------------------------------------------------------
# Theorem 4, Proposition 2, Theorems 6 and 7


GENERATORS = {
    "kl": T * sympy.log(T),
    "reverse kl": -sympy.log(T),
    "chi2": (T - 1) ** 2,
    "tv": sympy.Max(0, T - 1),
    "hellinger": (sympy.sqrt(T) - 1) ** 2,
}


@pytest.mark.parametrize("name", sorted(GENERATORS))
@pytest.mark.parametrize("eps, eta", [(sympy.log(3), R(3, 10)), (1, R(3, 10)), (sympy.log(R(3, 2)), R(1, 5))])
def test_theorem_4_against_direct_divergence_of_the_rows(name, eps, eta):
    f = GENERATORS[name]
    q = dominating_channel(eps, eta)
    direct = f_div(f, *q.rows)
    closed = max_f_divergence(sympy.Lambda(T, f), eps, eta)
    assert sympy.simplify(sympy.expand_log(direct - closed, force=True)) == 0 or \
        abs(sympy.N(direct - closed, 40)) < 1e-35
    if name == "kl":
        assert sympy.simplify(closed - sympy.sympify(eps) * eta) == 0
    if name == "tv":
        assert sympy.simplify(closed - eta) == 0


def test_theorem_4_referenceue_values():
    agree(max_f_divergence(lambda t: (t - 1) ** 2, 1, R(3, 10)), mpmath.mpf("0.7051207161862809"), 15)
    agree(max_f_divergence(lambda t: (sympy.sqrt(t) - 1) ** 2, 1, R(3, 10)), mpmath.mpf("0.1469511974422255"), 15)
    with pytest.raises(ParameterError, match="f"):
        max_f_divergence(lambda t: t ** 2, 1, R(1, 10))


@given(eps_eta(), st.data())
def test_proposition_2_binary_erasure_attains_eta_tv(params, data):
    eps, eta = params
    m = data.draw(st.integers(2, 5))
    p0 = law(data.draw(st.lists(st.integers(0, 9), min_size=m, max_size=m).filter(any)))
    p1 = law(data.draw(st.lists(st.integers(0, 9), min_size=m, max_size=m).filter(any)))
    q = binary_erasure_mechanism(eps, eta, p0, p1)
    tv = lambda p, r: sum(abs(a - b) for a, b in zip(p, r)) / 2
    assert tv(q.apply(p0), q.apply(p1)) == eta * tv(p0, p1) == max_tv_after_channel(eps, eta, p0, p1)
    # Q^(be) lies in Q_{ε,η}
    if eta > 0:
        assert sympy.exp(q.ldp_epsilon()) <= sympy.exp(eps)
    assert q.dobrushin() <= eta


@given(channels(), st.data())
def test_theorem_6_chi2_tv(k, data):
    """χ²(P0Q‖P1Q) ≤ 4η(e^ε−1)(1+e^{−ε}) d_TV(P0,P1)² with ε, η those of the channel itself."""
    x = sympy.exp(k.ldp_epsilon())
    if x == 1:
        return
    n = k.n_inputs
    p0 = law(data.draw(st.lists(st.integers(0, 6), min_size=n, max_size=n).filter(any)))
    p1 = law(data.draw(st.lists(st.integers(0, 6), min_size=n, max_size=n).filter(any)))
    tv = sum(abs(a - b) for a, b in zip(p0, p1)) / 2
    assert f_div(T ** 2 - 1, k.apply(p0), k.apply(p1)) <= chi2_tv_bound(sympy.log(x), k.dobrushin(), tv)


def test_theorem_6_constant_and_asoodeh_zhang():
    agree(chi2_tv_bound(1, R(3, 10), 1), mpmath.mpf("2.820482864745123"), 15)
    x = R(3)
    assert chi2_tv_bound(sympy.log(x), (x - 1) / (x + 1), 1) == 4 * (x - 1) ** 2 / x


def test_theorem_7_erasure_conversion():
    x, eta = R(3), R(3, 10)
    alpha = 1 - eta * (x + 1) / (x - 1)
    assert erasure_conversion_factor(sympy.log(x), eta) == 1 - alpha
    k = randomized_response(sympy.log(x), 3)
    w = erasure(alpha, 3)
    kw = k @ w
    assert kw.ldp_epsilon() == k.ldp_epsilon()                         # still ε-LDP
    assert kw.dobrushin() == (1 - alpha) * k.dobrushin()               # Lemma 3
    assert kw.dobrushin() <= (1 - alpha) * (x - 1) / (x + 1)
    p0, p1 = [R(1, 2), R(1, 4), R(1, 4)], [R(1, 8), R(5, 8), R(1, 4)]
    for f in (T ** 2 - 1, T * sympy.log(T)):
        assert sympy.simplify(f_div(f, kw.apply(p0), kw.apply(p1)) - (1 - alpha) * f_div(f, k.apply(p0), k.apply(p1))) == 0
    # the KL/χ² contraction scales by the same factor
    assert sympy.simplify(kw.contraction("kl") - (1 - alpha) * k.contraction("kl")) == 0
    agree(erasure_conversion_factor(1, R(3, 10)), mpmath.mpf("0.6491860241215959"), 15)


def test_dominating_channel_rows_eq_28():
    x, eta = R(3), R(1, 4)
    q = dominating_channel(sympy.log(x), eta)
    assert q.rows == ((R(3, 8), R(1, 8), R(1, 2)), (R(1, 8), R(3, 8), R(1, 2)))
    assert q.ldp_epsilon() == sympy.log(3) and q.dobrushin() == eta


# --------------------------------------------------------------------------------------------
# Errata of Section VII


def test_erratum_eq_26_printed_bound_is_vacuous():
    """Printed: d_TV(Q) ≤ (e^ε+1)/(e^ε−1) (≥ 1, bounds nothing). Corrected: ≤ tanh(ε/2),
    attained by binary randomized response (ε = log 3: 1/2 vs the printed 2)."""
    x = R(3)
    printed, corrected = (x + 1) / (x - 1), (x - 1) / (x + 1)
    assert printed == 2 and corrected == R(1, 2)
    assert randomized_response(sympy.log(x), 2).dobrushin() == corrected


def test_erratum_theorem_6_maximal_eta():
    """The remark after Theorem 6 sets η = (e^ε+1)/(e^ε−1): the constant becomes 4(e^ε+1)²/e^ε
    (64/3 at ε = log 3), not Asoodeh–Zhang's 4(e^ε−1)²/e^ε (16/3), which η = tanh(ε/2) gives."""
    x = R(3)
    constant = lambda eta: 4 * eta * (x - 1) * (1 + 1 / x)
    assert constant((x + 1) / (x - 1)) == R(64, 3) == 4 * (x + 1) ** 2 / x
    assert constant((x - 1) / (x + 1)) == R(16, 3) == 4 * (x - 1) ** 2 / x
    with pytest.raises(ParameterError, match="eta"):
        chi2_tv_bound(sympy.log(x), (x + 1) / (x - 1), R(1, 2))


# --------------------------------------------------------------------------------------------
# Parameter errors


@pytest.mark.parametrize("call, name", [
    (lambda: randomized_response(-1, 2), "eps"),
    (lambda: randomized_response(1, 1), "k must be an integer ≥ 2"),
    (lambda: randomized_response(1, 2.0), "k must be an integer ≥ 2"),
    (lambda: dominating_channel(0, 0), "eps"),
    (lambda: dominating_channel(sympy.log(3), R(51, 100)), "eta"),
    (lambda: dominating_channel(sympy.log(3), R(-1, 10)), "eta"),
    (lambda: kl_contraction_bound(-1, 0), "eps"),
    (lambda: max_tv_after_channel(sympy.log(3), R(1, 4), [1, 0], [R(1, 2), R(1, 3)]), "p1"),
    (lambda: rr_kl_contraction(1, 1), "M"),
    (lambda: erasure(R(3, 2), 2), "alpha"),
    (lambda: le_cam(1, [1, 0], [0, 1]), "beta"),
    (lambda: randomized_response(1, 2).apply([R(1, 3)] * 3), "distribution"),
    (lambda: randomized_response(1, 2).apply([R(1, 2), R(1, 3)]), "distribution must sum to 1"),
    (lambda: randomized_response(1, 2).contraction("hellinger"), "kind"),
    (lambda: Channel([[1, 0], [R(1, 2), R(1, 3)]]), "row 1"),
])
def test_parameter_errors(call, name):
    with pytest.raises(ParameterError, match=name):
        call()


def test_le_cam_is_the_chi2_information_of_a_binary_input():
    p, q = (R(1, 2), R(1, 3), R(1, 6)), (R(1, 7), R(2, 7), R(4, 7))
    beta = R(2, 5)
    joint = [beta * a for a in p] + [(1 - beta) * b for b in q]
    out = [beta * a + (1 - beta) * b for a, b in zip(p, q)]
    marg = [beta] * 3 + [1 - beta] * 3
    chi2_info = sum(j ** 2 / (m * out[i % 3]) for i, (j, m) in enumerate(zip(joint, marg))) - 1
    assert le_cam(beta, p, q) == chi2_info


Q = sympy.Rational


@pytest.mark.parametrize("p, q", [
    ((Q(1, 2), Q(1, 3), Q(1, 6)), (Q(1, 3), Q(1, 6), Q(1, 2))),   # same entries, not mirror images
    ((Q(1, 2), Q(1, 4), Q(1, 4)), (Q(1, 4), Q(1, 2), Q(1, 4))),   # mirror images: the β = 1/2 shortcut holds
])
def test_binary_chi2_contraction_is_the_sup_over_beta(p, q):
    """η_χ²(P, Q) = sup_β LC_β(P‖Q) (Ghazi–Issa eq. (37)), against mpmath: LC_β is concave in β, so a
    golden-section search at 50 digits finds the sup. Rows with equal entries that are not mirror
    images must not take the β = 1/2 shortcut."""
    from symdp.local.contraction import binary_chi2_contraction
    with mpmath.workdps(50):
        P, Qm = [mpmath.mpf(x.p) / x.q for x in p], [mpmath.mpf(x.p) / x.q for x in q]
        lc = lambda b: b * (1 - b) * mpmath.fsum((u - v) ** 2 / (b * u + (1 - b) * v) for u, v in zip(P, Qm))
        lo, hi, g = mpmath.mpf(0), mpmath.mpf(1), (mpmath.sqrt(5) - 1) / 2
        for _ in range(200):
            x1, x2 = hi - g * (hi - lo), lo + g * (hi - lo)
            lo, hi = (x1, hi) if lc(x1) < lc(x2) else (lo, x2)
        best = lc((lo + hi) / 2)
        c = certify(binary_chi2_contraction(p, q), 30)
        assert abs(mpmath.mpf(c.decimal) - best) < mpmath.mpf(10) ** -28
