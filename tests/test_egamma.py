"""E_γ divergence, (ε,δ)-LDP decisions, φ_n, worst-case contraction and the risk bounds of
Asoodeh–Aliakbarpour–Calmon, each against an independent route: enumeration of all events,
Definition 1 over all output subsets, explicit product laws, scipy's float LP, mpmath at 30
digits (quadrature, grids), exact MSE of an estimator."""

from itertools import chain, combinations, product

import mpmath
import numpy as np
import pytest
import sympy
from hypothesis import given, strategies as st
from scipy.optimize import linprog

from symdp.errors import ParameterError
from symdp.numbers import arb_of
from symdp.local import (Channel, bsc, bsc_kl_contraction, dominating_kernel, e_gamma, phi,
                         randomized_response, tensor_power, tv_bounds, worst_case_contraction, worst_case_lp)
from symdp.local import beta_bernoulli as bb
from symdp.local import risk_bounds as rb

R = sympy.Rational


# --------------------------------------------------------------------------------------------
# Independent helpers (no symdp code)


def events(n):
    return chain.from_iterable(combinations(range(n), r) for r in range(n + 1))


def sup_events(p, q, g):
    return max(sum((p[i] - g * q[i] for i in a), sympy.Integer(0)) for a in events(len(p)))


def brute_e_gamma(p, q, g):
    return sup_events(p, q, g) - max(1 - g, 0)


def law(weights):
    s = sum(weights)
    return [R(w, s) for w in weights]


laws = st.lists(st.integers(0, 9), min_size=3, max_size=3).filter(lambda w: sum(w) > 0).map(law)
gammas = st.sampled_from([R(0), R(1, 4), R(2, 3), R(1), R(5, 4), R(3), R(10)])


def mid(v, prec=128):
    return float(arb_of(v, prec).mid())


def mid_mp(v):
    """The midpoint of a 200-bit enclosure at the current mpmath precision."""
    return mpmath.mpf(arb_of(v, 200).mid().str(60, radius=False))


# --------------------------------------------------------------------------------------------
# E_γ


@given(laws, laws, gammas)
def test_e_gamma_forms_equal_the_event_supremum(p, q, g):
    expected = brute_e_gamma(p, q, g)
    for form in ("eq22", "eq23", "eq24") + (("eq1",) if g >= 1 else ()):
        assert e_gamma(p, q, g, form) == expected


def test_e_gamma_catalog_example_and_zero_on_the_diagonal():
    p, q = [R(1, 10), R(9, 10)], [R(7, 10), R(3, 10)]
    assert [e_gamma(p, q, g) for g in (R(1, 2), 1, R(3, 2), 2, 3)] == [R(1, 4), R(3, 5), R(9, 20), R(3, 10), 0]
    assert all(e_gamma(p, p, g) == 0 for g in (0, R(1, 3), 1, 4))


def test_e_gamma_transcendental_gamma_is_exact():
    p, q = [R(1, 2), R(1, 2)], [R(1, 5), R(4, 5)]
    v = e_gamma(p, q, sympy.E / 2)
    assert sympy.simplify(v - (R(1, 2) - sympy.E / 10)) == 0


@pytest.mark.parametrize("args, match", [
    (([R(1, 2), R(1, 2)], [1, 0], -1), "gamma"),
    (([R(1, 2), R(1, 2)], [1, 0], R(1, 2), "eq1"), "gamma"),
    (([R(1, 2), R(1, 2)], [1, 0, 0], 1), "len"),
    (([R(1, 2), R(1, 3)], [1, 0], 1), "sum to 1"),
    (([R(1, 2), R(1, 2)], [1, 0], 1, "eq7"), "form"),
])
def test_e_gamma_rejects_bad_input(args, match):
    with pytest.raises(ParameterError, match=match):
        e_gamma(*args)


@given(laws, laws, st.sampled_from([R(1), R(3, 2), R(4)]))
def test_tv_bounds_bracket_e_gamma(p, q, g):
    lo, hi = tv_bounds(sup_events(p, q, 1), g)
    assert lo <= brute_e_gamma(p, q, g) <= hi


# --------------------------------------------------------------------------------------------
# Channels: is_ldp and E_γ-information


def definition_1(rows, x, delta):
    return all(sup_events(a, b, x) <= delta for a in rows for b in rows)


kernels = st.lists(st.lists(st.integers(1, 6), min_size=3, max_size=3).map(law), min_size=2, max_size=3)


@given(kernels, st.sampled_from([1, R(3, 2), 2, 4]), st.sampled_from([0, R(1, 20), R(1, 5), R(1, 2)]))
def test_is_ldp_is_definition_1_over_all_events(rows, x, delta):
    assert Channel(rows).is_ldp(sympy.log(x), delta) == definition_1(rows, x, delta)


def test_is_ldp_randomized_response_exactly_at_its_epsilon():
    rr = randomized_response(1)
    assert rr.is_ldp(1) and not rr.is_ldp(R(99, 100)) and rr.is_ldp(R(99, 100), R(1, 100))
    with pytest.raises(ParameterError, match="delta"):
        rr.is_ldp(1, 2)


@given(kernels, gammas)
def test_e_gamma_information_is_the_event_supremum_on_the_joint(rows, g):
    prior = law([1, 2, 3][: len(rows)])
    py = [sum(w * r[z] for w, r in zip(prior, rows)) for z in range(3)]
    joint = [w * v for w, r in zip(prior, rows) for v in r]
    prod = [w * m for w in prior for m in py]
    assert Channel(rows).e_gamma_information(prior, g) == brute_e_gamma(joint, prod, g)


# --------------------------------------------------------------------------------------------
# φ_n and the worst case


def test_phi_against_mpmath():
    with mpmath.workdps(40):
        for e, d, n in ((1, R(1, 10), 1), (1, R(1, 10), 5), (0, R(1, 10 ** 4), 20), (R(1, 2), R(1, 10 ** 4), 1)):
            ref = 1 - mpmath.exp(-n * mpmath.mpf(e)) * (1 - mpmath.mpf(d)) ** n
            assert abs(mid_mp(phi(e, d, n)) - ref) < mpmath.mpf(10) ** -30
    assert phi(sympy.log(2), 0, 3) == R(7, 8)
    with pytest.raises(ParameterError, match="n"):
        phi(1, 0, 0)


def scipy_worst_tv(x, d, m):
    """max over A₀ of P(A₀) − Q(A₀) s.t. the (ε,δ) event constraints, by scipy (floats)."""
    evs = [a for a in events(m) if 0 < len(a) < m]
    rows, rhs = [], []
    for a in evs:
        ind = np.array([1.0 if i in a else 0.0 for i in range(m)])
        rows += [np.concatenate([ind, -x * ind]), np.concatenate([-x * ind, ind])]
        rhs += [d, d]
    best = 0.0
    for k in range(1, m):
        c = -np.concatenate([np.r_[np.ones(k), np.zeros(m - k)], -np.r_[np.ones(k), np.zeros(m - k)]])
        res = linprog(c, A_ub=np.array(rows), b_ub=rhs, A_eq=[[1] * m + [0] * m, [0] * m + [1] * m], b_eq=[1, 1])
        best = max(best, -res.fun)
    return best


@pytest.mark.parametrize("x, d", [(2, 0), (3, R(1, 10)), (R(3, 2), R(1, 100)), (5, R(3, 10)), (1, R(1, 4))])
def test_worst_case_tv_against_scipy_and_the_closed_form(x, d):
    v = worst_case_contraction(sympy.log(x), d)
    assert v == (x - 1 + 2 * d) / (sympy.sympify(x) + 1)
    assert abs(float(v) - scipy_worst_tv(float(x), float(d), 3)) < 1e-9
    assert worst_case_lp(sympy.log(x), d, 1, 4).value == v


def test_worst_case_is_attained_and_below_phi():
    e, d = sympy.log(3), R(1, 10)
    assert dominating_kernel(e, d).is_ldp(e, d)
    assert dominating_kernel(e, d).dobrushin() == worst_case_contraction(e, d) < phi(e, d)
    assert worst_case_contraction(0, R(1, 5)) == phi(0, R(1, 5)) == R(1, 5)


def test_worst_case_kl_and_e_gamma_against_random_ldp_pairs():
    rng = np.random.default_rng(5)
    e, d = sympy.log(2), R(1, 10)
    kl_sup, g_sup = worst_case_contraction(e, d, "kl"), worst_case_contraction(e, d, ("e_gamma", R(3, 2)))
    assert kl_sup == d + (1 - d) * R(1, 9) and g_sup == d + (1 - d) * R(1, 2) / 3
    found = 0
    while found < 15:
        rows = [law(list(rng.integers(1, 9, 3))) for _ in range(2)]
        ch = Channel(rows)
        if not ch.is_ldp(e, d):
            continue
        found += 1
        # maximal correlation of the pair, maximised over the input law on a grid (floats)
        p, q = (np.array([float(v) for v in r]) for r in rows)
        lc = max(b * (1 - b) * np.sum((p - q) ** 2 / (b * p + (1 - b) * q)) for b in np.linspace(0.001, 0.999, 999))
        assert lc <= float(kl_sup) + 1e-12
        assert ch.contraction(("e_gamma", R(3, 2))) <= g_sup


def test_worst_case_irrational_epsilon_against_mpmath():
    with mpmath.workdps(30):
        x = mpmath.e
        assert abs(mid_mp(worst_case_contraction(1, R(1, 10))) - (x - 1 + mpmath.mpf("0.2")) / (x + 1)) < 1e-25
        assert abs(mid(worst_case_contraction(1, 0, "kl")) - mpmath.tanh(0.5) ** 2) < 1e-15
    with pytest.raises(ParameterError, match="kind"):
        worst_case_contraction(1, 0, "hellinger")
    with pytest.raises(ParameterError, match="gamma"):
        worst_case_contraction(1, 0, ("e_gamma", R(1, 2)))


def test_bsc_kl_contraction_against_the_kl_ratio():
    for w in (R(1, 4), R(1, 10)):
        a = float(1 - 2 * w)
        # D(PK‖QK)/D(P‖Q) near P = Q = Ber(1/2) approaches (1 − 2ω)² (mpmath, 30 digits)
        with mpmath.workdps(30):
            kl = lambda u, v: u * mpmath.log(u / v) + (1 - u) * mpmath.log((1 - u) / (1 - v))
            p, q = mpmath.mpf("0.5") + mpmath.mpf("1e-6"), mpmath.mpf("0.5") - mpmath.mpf("1e-6")
            wf = mpmath.mpf(w.p) / w.q
            ratio = kl(p * (1 - wf) + wf * (1 - p), q * (1 - wf) + wf * (1 - q)) / kl(p, q)
        assert abs(ratio - a * a) < 1e-9
        assert bsc_kl_contraction(w) == (1 - 2 * w) ** 2
    assert bsc(R(1, 3)) == randomized_response(sympy.log(2))


def test_tensor_power_is_the_product_kernel():
    rows = [[R(3, 4), R(1, 4)], [R(1, 5), R(4, 5)]]
    k2 = tensor_power(Channel(rows), 2)
    for (x1, x2), (z1, z2) in product(product(range(2), repeat=2), repeat=2):
        assert k2.rows[2 * x1 + x2][2 * z1 + z2] == rows[x1][z1] * rows[x2][z2]
    with pytest.raises(ParameterError, match="n"):
        tensor_power(Channel(rows), 20)


# --------------------------------------------------------------------------------------------
# The Bernoulli model of Example 4


def sp_i_gamma(n, g):
    """I_γ(Θ;X^n) by scipy quadrature of Σ_s C(n,s)[θ^s(1−θ)^{n−s} − γ s!(n−s)!/(n+1)!]₊ (independent, floats)."""
    from math import comb, factorial
    from scipy.integrate import quad

    def integrand(t):
        return sum(comb(n, s) * max(t ** s * (1 - t) ** (n - s) - g * factorial(s) * factorial(n - s)
                                    / factorial(n + 1), 0) for s in range(n + 1))
    return quad(integrand, 0, 1, limit=400, epsabs=1e-10, epsrel=1e-10)[0] - max(1 - g, 0)


@pytest.mark.parametrize("n, g", [(2, R(1, 2)), (2, R(2)), (5, R(1)), (5, R(7, 2))])
def test_egamma_information_against_quadrature(n, g):
    assert abs(mid(bb.egamma_information(n, g)) - sp_i_gamma(n, float(g))) < 1e-7


def test_egamma_information_exact_edges_and_limits():
    assert bb.egamma_information(3, 0) == 0 and bb.egamma_information(3, 4) == 0
    with pytest.raises(ParameterError, match="n"):
        bb.egamma_information(10 ** 6, 2)


@pytest.mark.parametrize("n", [1, 4, 20])
def test_mutual_information_against_quadrature(n):
    with mpmath.workdps(30):
        def h(t):
            b = [mpmath.binomial(n, s) * t ** s * (1 - t) ** (n - s) for s in range(n + 1)]
            return -sum(v * mpmath.log(v) for v in b if v > 0)
        ref = mpmath.log(n + 1) - mpmath.quad(h, [0, 0.5, 1])
        assert abs(mid_mp(bb.mutual_information(n)) - ref) < 1e-20


# --------------------------------------------------------------------------------------------
# Risk bounds


@pytest.mark.parametrize("info", [R(1, 5), 1, R(3)])
def test_bayes_fano_bound_against_a_grid(info):
    c = float(info) + float(np.log(2))
    z = np.linspace(1e-6, 0.5 - 1e-6, 200001)
    grid = np.max(z * (1 - c / np.log(1 / (2 * z))))
    v = mid(rb.bayes_fano_bound(info))
    assert v >= grid - 1e-12 and v - grid < 1e-8


@pytest.mark.parametrize("g, b", [(R(4, 3), R(1, 9)), (1, R(1, 4)), (R(1, 2), R(9, 16)), (3, 0)])
def test_bayes_egamma_bound_against_a_grid(g, b):
    z = np.linspace(0, 2, 400001)
    grid = np.max(z * (1 - float(b) - float(g) * np.minimum(2 * z, 1)))
    v = rb.bayes_egamma_bound(g, b)
    assert abs(float(v) - grid) < 1e-9
    with pytest.raises(ParameterError, match="loss"):
        rb.bayes_egamma_bound(R(1, 2), 0)


def test_clip_laplace_bound_covers_an_exact_mse():
    """X = ±a w.p. (1±m)/2·… : a 3-point law in 𝒫_2; exact MSE of clip + Laplace + mean."""
    n, e, t = 50, R(2), R(3, 2)
    xs, ws = [R(-3), R(0), R(2)], [R(1, 20), R(37, 40), R(1, 40)]
    assert sum(w * x * x for x, w in zip(xs, ws)) <= 1
    clip = [max(-t, min(t, x)) for x in xs]
    mean, cmean = sum(w * x for x, w in zip(xs, ws)), sum(w * c for c, w in zip(clip, ws))
    var = sum(w * (c - cmean) ** 2 for c, w in zip(clip, ws))
    mse = (cmean - mean) ** 2 + (var + 2 * (2 * t / e) ** 2) / n
    assert mse <= rb.clip_laplace_mse_bound(e, n, t)


def test_le_cam_and_stein_and_mutual_information_bounds():
    assert rb.le_cam_lower_bound(1, 100, R(1, 100)) == (1 - sympy.sqrt(R(1, 2))) / 2
    assert abs(mid(rb.le_cam_lower_bound(1, 100, R(1, 100), 1, 0)) - 0.2189038067608) < 1e-12
    assert rb.stein_exponent_bound(sympy.log(2), 0, 1) == -R(1, 2)
    assert rb.mutual_information_bound(sympy.log(2), 0, sympy.log(2)) == sympy.log(2) / 2
    with pytest.raises(ParameterError, match="tau"):
        rb.le_cam_lower_bound(-1, 1, 1)


def test_corollary_1_omegas():
    assert sympy.N(rb.hellinger_le_cam_bound(1, R(1, 100), 27, 2, rb.printed_omega(1, R(1, 100), 27))) < 0
    for n in (27, 1000):
        w = rb.corrected_omega(1, R(1, 100), n)
        assert abs(mid((1 - w * phi(1, R(1, 100))) ** n) - 7 / 8) < 1e-15
    with pytest.raises(ParameterError, match="phi"):
        rb.printed_omega(0, 0, 5)


def test_ball_mean_bound_is_the_best_k():
    e, d, n = 1, 0, 1000
    best = rb.ball_mean_lower_bound(e, d, n, 40)
    assert all(mid(rb.ball_mean_fano_bound(e, d, n, k)) <= mid(best) + 1e-30 for k in range(16, 41))
    with pytest.raises(ParameterError, match="d"):
        rb.ball_mean_lower_bound(e, d, n, 8)


def test_theorem2_and_corollary3_curves_match_the_catalog_points():
    delta = R(1, 10 ** 4)
    assert abs(mid(bb.theorem2_bound(1, delta, 20)) - 0.0258168286414) < 1e-12
    assert abs(mid(bb.corollary3_bound(1, delta, 20)) - 0.0108656075627) < 1e-12
    assert abs(mid(bb.theorem2_bound(1, 0, 1)) - float(mpmath.exp(-1) / 8)) < 1e-15


def test_figure_1_is_written(tmp_path, monkeypatch):
    from symdp.figures import egamma_ldp, make
    monkeypatch.setattr(egamma_ldp, "GRID", [R(0), R(1, 2), R(3, 2), R(3)])
    paths = make("egamma-ldp", tmp_path)
    png = tmp_path / "egamma-ldp-figure1.png"
    assert png in paths and png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "Example 4" in (tmp_path / "egamma-ldp-captions.md").read_text(encoding="utf-8")
