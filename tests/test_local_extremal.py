"""symdp.local extremal mechanisms (Kairouz–Oh–Viswanath) against independent routes:
vertex enumeration of the LP (11) in mpmath, utilities written from their definitions, random
non-staircase LDP mechanisms, exact LDP checks of the returned channels."""

import itertools
import random

import mpmath
import pytest
import sympy
from sympy import Rational as R, log

from symdp.errors import ParameterError
from symdp.local import (Channel, binary_mechanism, dominance_kernel, dominates, error_region_vertices,
                         geometric_mechanism, in_error_region, decision_points, lemma24_threshold,
                         mi_binary_mechanism, optimal_mechanism, quaternary_mechanism, satisfies_ldp,
                         staircase_matrix, utility)
from symdp.numbers import certify



@pytest.fixture(autouse=True)
def _mp_digits():
    with mpmath.workdps(40):
        yield


def _law(r, k, den=20):
    w = [r.randint(1, den) for _ in range(k)]
    return [R(v, sum(w)) for v in w]


# independent utilities on an mp column z (a list of mpf), straight from eqs. (3), (5), (12)
def _mp_kl(p0, p1):
    def mu(z):
        a = mpmath.fsum(mpmath.mpf(sympy.N(p, 50)) * v for p, v in zip(p0, z))
        b = mpmath.fsum(mpmath.mpf(sympy.N(p, 50)) * v for p, v in zip(p1, z))
        return a * mpmath.log(a / b) if a > 0 else mpmath.mpf(0)
    return mu


def _mp_mi(p):
    def mu(z):
        m = mpmath.fsum(mpmath.mpf(sympy.N(q, 50)) * v for q, v in zip(p, z))
        return mpmath.fsum(mpmath.mpf(sympy.N(q, 50)) * v * mpmath.log(v / m) for q, v in zip(p, z) if v > 0)
    return mu


def _vertex_optimum(mu, k, E):
    """max over all bases of {Sθ = 1, θ ≥ 0} of Σ μ(S_j)θ_j, by brute force in mpmath."""
    E = mpmath.mpf(E)
    cols = [[E if (j >> (k - 1 - i)) & 1 else mpmath.mpf(1) for i in range(k)] for j in range(1 << k)]
    best = mpmath.mpf(0)
    for basis in itertools.combinations(range(1 << k), k):
        M = mpmath.matrix([[cols[j][i] for j in basis] for i in range(k)])
        if sympy.Matrix([[1 if c == 1 else 2 for c in (cols[j][i] for j in basis)] for i in range(k)]).rank() < k:
            continue  # singular at E = 2: skipped (a skipped optimum would make the test fail, not pass)
        sol = mpmath.lu_solve(M, mpmath.matrix([1] * k))
        th = [sol[i] for i in range(k)]
        if min(th) < -mpmath.mpf(10) ** -30:
            continue
        best = max(best, mpmath.fsum(mu([v * t for v in cols[j]]) for j, t in zip(basis, th) if t > 0))
    return best


def test_staircase_matrix_s3():
    E = sympy.exp(sympy.Symbol("e", positive=True))
    S = staircase_matrix(1, 3).subs(sympy.E, E.subs(sympy.Symbol("e", positive=True), 1))
    e = sympy.E
    expected = sympy.Matrix([[1, 1, 1, 1, e, e, e, e], [1, 1, e, e, 1, 1, e, e], [1, e, 1, e, 1, e, 1, e]])
    assert S == expected


@pytest.mark.parametrize("seed", range(4))
def test_kl_optimum_against_vertex_enumeration(seed):
    r = random.Random(seed)
    k = 3
    p0, p1 = _law(r, k), _law(r, k)
    if p0 == p1:
        p1 = [R(1, 3)] * 3
    E = R(r.randint(11, 40), 10)
    res = optimal_mechanism(log(E), utility.kl(p0, p1))
    ref = _vertex_optimum(_mp_kl(p0, p1), k, E)
    got = mpmath.mpf(sympy.N(res.value, 45))
    assert abs(got - ref) < mpmath.mpf(10) ** -30
    # the channel is ε-LDP, has ≤ k outputs and attains the value exactly
    ch = res.channel
    assert ch.n_outputs <= k
    assert all(a <= E * b for y in range(ch.n_outputs) for a in (row[y] for row in ch.rows) for b in (row[y] for row in ch.rows))
    assert sympy.simplify(utility.kl(p0, p1)(ch) - res.value) == 0


def test_mi_optimum_against_vertex_enumeration_irrational_eps():
    p = [R(4, 10), R(3, 10), R(2, 10), R(1, 10)]
    for eps in (R(1, 2), 1):
        res = optimal_mechanism(eps, utility.mutual_information(p))
        ref = _vertex_optimum(_mp_mi(p), 4, mpmath.exp(mpmath.mpf(sympy.N(eps, 50))))
        c = certify(res.value, 25)
        assert mpmath.mpf(c.lower) <= ref + mpmath.mpf(10) ** -30 and ref - mpmath.mpf(10) ** -30 <= mpmath.mpf(c.upper)
        assert abs(mpmath.mpf(c.decimal) - ref) < mpmath.mpf(10) ** -20


def test_tv_optimum_at_an_eps_whose_e_to_the_eps_overflows_a_double():
    """e^eps beyond a double (the float proposal once raised OverflowError): Corollary 11's
    closed form, exactly for a rational e^eps and in a certified ball for eps = 1000."""
    p0, p1 = [R(1, 10**100), 1 - R(1, 10**100)], [R(1, 10**6), 1 - R(1, 10**6)]
    tv = R(1, 10**6) - R(1, 10**100)
    E = R(10) ** 500
    assert optimal_mechanism(log(E), utility.tv(p0, p1)).value == (E - 1) / (E + 1) * tv
    ball = optimal_mechanism(1000, utility.tv(p0, p1)).value.ball(400)
    with mpmath.workdps(150):
        ref = mpmath.tanh(500) * (mpmath.mpf(10) ** -6 - mpmath.mpf(10) ** -100)
        mid = mpmath.mpf(ball.mid().str(150, radius=False))
        assert abs(mid - ref) <= 2 * mpmath.mpf(ball.rad().str(20, radius=False)) + mpmath.mpf(10) ** -140
    assert ball.rad() < 1e-40


def test_tv_optimum_is_exact_and_matches_theorem_6():
    r = random.Random(5)
    for _ in range(3):
        p0, p1 = _law(r, 4), _law(r, 4)
        E = R(r.randint(11, 50), 10)
        res = optimal_mechanism(log(E), utility.tv(p0, p1))
        tv = sum(abs(a - b) for a, b in zip(p0, p1)) / 2
        assert res.value == (E - 1) / (E + 1) * tv       # Corollary 11, written from the paper


def test_random_ldp_mechanisms_never_beat_the_optimum():
    r = random.Random(7)
    p0, p1 = _law(r, 3), _law(r, 3)
    E = R(2)
    opt = sympy.N(optimal_mechanism(log(E), utility.kl(p0, p1)).value, 30)
    mu = _mp_kl(p0, p1)
    for _ in range(30):
        cols = []
        for _ in range(6):  # a random ε-LDP column: entries in [c, cE]
            c = R(r.randint(1, 10), 10)
            cols.append([c * (1 + (E - 1) * R(r.randint(0, 10), 10)) for _ in range(3)])
        sums = [sum(col[i] for col in cols) for i in range(3)]
        # scale row i by 1/sums[i] breaks ratios; instead normalise columns jointly by max row sum
        # and add a slack column (c,c,c)-type to fill each row: keep LDP by a final staircase-free column
        s = max(sums)
        Q = [[col[i] / s for col in cols] + [1 - sums[i] / s] for i in range(3)]
        last = [row[-1] for row in Q]
        if min(last) == 0 and max(last) > 0 or (min(last) > 0 and max(last) > E * min(last)):
            continue
        val = mpmath.fsum(mu([row[y] for row in Q]) for y in range(len(Q[0])) if any(row[y] for row in Q))
        assert val <= mpmath.mpf(opt) + mpmath.mpf(10) ** -25


def test_f_divergence_callable_equals_kl_and_utilities_on_channels():
    p0, p1 = [R(1, 2), R(1, 3), R(1, 6)], [R(1, 6), R(1, 3), R(1, 2)]
    x = sympy.Symbol("x")
    a = optimal_mechanism(log(3), utility.f_divergence(lambda t: t * sympy.log(t), p0, p1)).value
    b = optimal_mechanism(log(3), utility.kl(p0, p1)).value
    assert sympy.simplify(a - b) == 0
    ch = Channel([[R(1, 2), R(1, 2)], [R(1, 4), R(3, 4)], [R(1, 3), R(2, 3)]])
    m0 = [sum(p * row[y] for p, row in zip(p0, ch.rows)) for y in range(2)]
    m1 = [sum(p * row[y] for p, row in zip(p1, ch.rows)) for y in range(2)]
    assert sympy.simplify(utility.kl(p0, p1)(ch) - sum(u * log(u / v) for u, v in zip(m0, m1))) == 0
    assert sympy.simplify(utility.reverse_kl(p0, p1)(ch) - sum(v * log(v / u) for u, v in zip(m0, m1))) == 0
    assert utility.tv(p0, p1)(ch) == sum(abs(u - v) for u, v in zip(m0, m1)) / 2
    assert utility.chi2(p0, p1)(ch) == sum((u - v) ** 2 / v for u, v in zip(m0, m1))
    assert sympy.simplify(utility.hellinger(p0, p1)(ch) - sum((sympy.sqrt(u) - sympy.sqrt(v)) ** 2 for u, v in zip(m0, m1))) == 0
    assert utility.e_gamma(R(3, 2), p0, p1)(ch) == sum(max(u - R(3, 2) * v, 0) for u, v in zip(m0, m1))
    mi = utility.mutual_information(p0)(ch)
    joint = sum(p * row[y] * log(row[y] / sum(q * r2[y] for q, r2 in zip(p0, ch.rows)))
                for p, row in zip(p0, ch.rows) for y in range(2))
    assert sympy.simplify(mi - joint) == 0
    with pytest.raises(ParameterError, match="f\\(1\\) = 0"):
        utility.f_divergence(lambda t: t ** 2, p0, p1)


def test_hellinger_and_chi2_optima_against_vertex_enumeration():
    p0, p1 = [R(1, 2), R(1, 3), R(1, 6)], [R(1, 5), R(2, 5), R(2, 5)]
    E = R(5, 2)
    for u, f in ((utility.hellinger(p0, p1), lambda a, b: (mpmath.sqrt(a) - mpmath.sqrt(b)) ** 2),
                 (utility.chi2(p0, p1), lambda a, b: (a - b) ** 2 / b)):
        def mu(z, f=f):
            a = mpmath.fsum(mpmath.mpf(sympy.N(p, 50)) * v for p, v in zip(p0, z))
            b = mpmath.fsum(mpmath.mpf(sympy.N(p, 50)) * v for p, v in zip(p1, z))
            return f(a, b)
        res = optimal_mechanism(log(E), u)
        assert abs(mpmath.mpf(sympy.N(res.value, 45)) - _vertex_optimum(mu, 3, E)) < mpmath.mpf(10) ** -30


def test_support_bit_order():
    # Figure 2: k = 5, T = {1, 2, 4} is pattern 11010 (column j = 27, 1-based)
    p0 = [R(3, 10), R(3, 10), R(1, 10), R(2, 10), R(1, 10)]
    p1 = [R(1, 10), R(1, 10), R(3, 10), R(1, 10), R(4, 10)]
    res = optimal_mechanism(log(R(11, 10)), utility.tv(p0, p1))
    assert set(res.support) == {(1, 1, 0, 1, 0), (0, 0, 1, 0, 1)}
    assert res.masks == (5, 26) or set(res.masks) == {5, 26}


def test_named_mechanisms():
    g = geometric_mechanism(R(3, 2), 4)
    assert sympy.simplify(g.ldp_epsilon() - R(3, 2)) == 0
    b = binary_mechanism(1, [R(1, 2), R(1, 2)], [R(1, 4), R(3, 4)])
    assert b.rows[0][0] == sympy.E / (1 + sympy.E)
    m = mi_binary_mechanism(1, [R(1, 2), R(3, 10), R(2, 10)])
    assert m.rows[0][0] != m.rows[1][0] and m.rows[1] == m.rows[2]
    e1, e2, star = lemma24_threshold([R(6, 10), R(25, 100), R(1, 10), R(5, 100)], [R(1, 10), R(2, 10), R(3, 10), R(4, 10)])
    assert (e1, e2, star) == (log(R(29, 19)), log(9), log(R(29, 19)))


def test_quaternary_error_region_and_dominance():
    eps, d = log(3), R(1, 5)
    q = quaternary_mechanism(eps, d)
    assert satisfies_ldp(q, eps, d) and not satisfies_ldp(q, eps, R(1, 6))
    # every deterministic test lies in R_{ε,δ} (Theorem 19) and the hull vertices are attained
    pts = decision_points(q)
    assert all(in_error_region(md, fa, eps, d) for md, fa in pts)
    assert set(error_region_vertices(eps, d)) <= set(pts)
    # a random (ε,δ)-LDP binary-input mechanism factors through Q_QT (Theorem 18)
    r = random.Random(3)
    found = 0
    while found < 5:
        rows = [_law(r, 3, 9), _law(r, 3, 9)]
        ch = Channel(rows)
        if not satisfies_ldp(ch, eps, d):
            continue
        found += 1
        W = dominance_kernel(q, ch)
        assert W is not None and q.compose(W) == ch
    assert not dominates(binary_mechanism(eps, [R(1, 2), R(1, 2)], [R(1, 4), R(3, 4)]), q)


def test_irrational_eps_channel_attains_the_certified_value():
    p = [R(7, 20), R(1, 30), R(11, 120), R(1, 15), R(1, 5), R(31, 120)]
    u = utility.mutual_information(p)
    res = optimal_mechanism(R(1, 2), u)
    ch = res.channel
    assert ch.n_outputs <= 6
    for row in ch.rows:
        c = certify(sum(row), 20)
        assert c.decimal.startswith("1.0000000000") or c.decimal.startswith("0.9999999999")
    a, b = certify(u(ch), 20), certify(res.value, 20)
    assert a.decimal == b.decimal


def test_bad_input_is_named():
    with pytest.raises(ParameterError, match="eps"):
        optimal_mechanism(-1, utility.kl([R(1, 2), R(1, 2)], [R(1, 3), R(2, 3)]))
    with pytest.raises(ParameterError, match="utility"):
        optimal_mechanism(1, lambda q: 0)
    with pytest.raises(ParameterError, match="k must be at most"):
        utility.mutual_information([R(1, 17)] * 17)
    with pytest.raises(ParameterError, match="sum to 1"):
        utility.kl([R(1, 2), R(1, 3)], [R(1, 2), R(1, 2)])


def test_figure_data_against_the_library():
    from symdp.figures import MODULES
    from symdp.figures.extremal_ldp import instances, mechanism_values
    from flint import fmpq
    assert MODULES["extremal-ldp"] == "extremal_ldp"
    laws = instances("kl", 3, 1)[0]
    v = mechanism_values("kl", laws, fmpq(2))
    exact = optimal_mechanism(log(2), utility.kl(*laws)).value
    ref = _vertex_optimum(_mp_kl(*laws), 3, 2)                       # the LP (11) by brute force
    assert _encloses(v["opt"], ref) and certify(exact, 12).decimal[:10] == v["opt"].str(12, radius=False)[:10]
    rr = utility.kl(*laws)(Channel([[R(2, 4) if i == j else R(1, 4) for j in range(3)] for i in range(3)]))
    assert v["rr"].str(12, radius=False)[:10] == certify(rr, 12).decimal[:10]
    assert not bool(v["opt"] < v["bin"]) and not bool(v["opt"] < v["rr"])   # OPT is never certainly below


def test_irrational_eps_ties_and_the_monotone_bracket():
    from symdp.local.extremal import _monotone_bracket
    p0, p1 = [R(6, 10), R(1, 10), R(3, 10)], [R(2, 10), R(5, 10), R(3, 10)]    # a tie: arb powers of 0-balls
    for u in (utility.chi2(p0, p1), utility.f_divergence(lambda x: (x - 1) ** 2, p0, p1)):
        res = optimal_mechanism(1, u)
        assert res.channel_certified
        ref = _vertex_optimum(lambda z: (sum(a * v for a, v in zip(map(mpmath.mpf, map(float, p0)), z))
                                         - sum(b * v for b, v in zip(map(mpmath.mpf, map(float, p1)), z))) ** 2
                              / sum(b * v for b, v in zip(map(mpmath.mpf, map(float, p1)), z)), 3, mpmath.e)
        assert abs(mpmath.mpf(certify(res.value, 20).decimal) - ref) < mpmath.mpf(10) ** -12
        # the fallback bracket (monotonicity in ε) encloses the optimum of the exact laws
        exact_ref = _vertex_optimum(_mp_f(lambda a, b: (a - b) ** 2 / b, p0, p1), 3, mpmath.e)
        assert _encloses(_monotone_bracket(sympy.Integer(1), u, 96), exact_ref)


def _mp(q):
    return mpmath.mpf(q.p) / q.q


def _mp_f(g, p0, p1):
    """μ(z) = Σ-free utility of a column z for f-divergences: g(P0ᵀz, P1ᵀz), exact laws in mpmath."""
    def mu(z):
        a = mpmath.fsum(_mp(p) * v for p, v in zip(p0, z))
        b = mpmath.fsum(_mp(p) * v for p, v in zip(p1, z))
        return g(a, b)
    return mu


def _encloses(ball, ref, slack=mpmath.mpf(10) ** -36, width=mpmath.mpf(10) ** -25):
    """ref (an mpmath value good to ~10^-38) lies in the ball, which is narrow."""
    from symdp.numbers import endpoints
    lo, hi = (mpmath.mpf(int(q.p)) / int(q.q) for q in endpoints(ball, 256))
    return lo <= ref + slack and ref - slack <= hi and hi - lo < width


P0, P1 = [R(6, 10), R(1, 10), R(3, 10)], [R(2, 10), R(5, 10), R(3, 10)]
KL = _mp_f(lambda a, b: a * mpmath.log(a / b), P0, P1)


def _oracle_bases(k, E, mu):
    """Every nonsingular basis of LP (11) at e^ε = E with (θ ≥ 0?, dual α = B⁻ᵀμ_B feasible?), in mpmath."""
    cols = [[E if (j >> (k - 1 - i)) & 1 else mpmath.mpf(1) for i in range(k)] for j in range(1 << k)]
    for basis in itertools.combinations(range(1 << k), k):
        M = mpmath.matrix([[cols[j][i] for j in basis] for i in range(k)])
        if abs(mpmath.det(M)) < mpmath.mpf(10) ** -20:
            continue
        theta = mpmath.lu_solve(M, mpmath.matrix([1] * k))
        alpha = mpmath.lu_solve(M.T, mpmath.matrix([mu(cols[j]) for j in basis]))
        slack = [mpmath.fsum(c * a for c, a in zip(cols[j], alpha)) - mu(cols[j]) for j in range(1 << k)]
        yield list(basis), min(theta) > -mpmath.mpf(10) ** -30, min(slack) > -mpmath.mpf(10) ** -30


def test_irrational_bracket_refuses_every_basis_that_is_not_primal_and_dual_feasible():
    """At e^ε = e every basis is tried: primal- or dual-infeasible ones (both kinds occur) must
    be refused, the optimal ones must give a narrow ball around the brute-force optimum."""
    from symdp.numerics import lp
    from symdp.local.extremal import _bracket
    u, opt = utility.kl(P0, P1), _vertex_optimum(KL, 3, mpmath.e)
    seen = set()
    for basis, primal, dual in _oracle_bases(3, mpmath.e, KL):
        seen.add((primal, dual))
        if primal and dual:
            assert _encloses(_bracket(sympy.Integer(1), u, basis, 256), opt)
        else:
            with pytest.raises(lp.LPError, match="primal feasible" if not primal else "dual"):
                _bracket(sympy.Integer(1), u, basis, 128)
    assert seen == {(True, True), (True, False), (False, True), (False, False)}


def test_irrational_bracket_failing_falls_back_to_the_monotone_bracket(monkeypatch):
    from symdp.numerics import lp
    from symdp.local import extremal

    def refuse(*args):
        raise lp.LPError("the perturbed dual is not certifiably feasible at e^eps")
    monkeypatch.setattr(extremal, "_bracket", refuse)
    res = optimal_mechanism(1, utility.kl(P0, P1))
    assert not res.channel_certified and res.dual is None
    assert _encloses(res.value.ball(96), _vertex_optimum(KL, 3, mpmath.e))
    c = certify(res.value, 20)                       # the fallback still certifies digits
    assert abs(mpmath.mpf(c.decimal) - _vertex_optimum(KL, 3, mpmath.e)) < mpmath.mpf(10) ** -19


def test_irrational_eps_next_to_zero_is_refused():
    from symdp.errors import PrecisionError
    with pytest.raises(PrecisionError, match="too close to 0"):
        optimal_mechanism(R(1, 10 ** 40), utility.kl(P0, P1))


@pytest.mark.parametrize("eps", [1, log(3), R(1, 1000)])
@pytest.mark.parametrize("make", [
    lambda: utility.kl([R(1, 3), R(2, 3)], [R(1, 3), R(2, 3)]),
    lambda: utility.e_gamma(2, [R(1, 5), R(3, 10), R(1, 2)], [R(1, 5), R(3, 10), R(1, 2)]),
    lambda: utility.mutual_information([0, 1, 0]),
])
def test_a_structurally_zero_optimum_is_exactly_zero(eps, make):
    """P0 = P1 (or a prior on one input) makes U(Q) = 0 for every Q; the optimum is exact 0 and
    certifies, where a ball around 0 never would. Checked by brute force on random channels."""
    u = make()
    rng = random.Random(7)
    for _ in range(5):
        rows = [[R(rng.randint(1, 9)) for _ in range(3)] for _ in range(u.k)]
        assert u(Channel([[v / sum(r) for v in r] for r in rows])) == 0
    m = optimal_mechanism(eps, u)
    assert m.value == 0 and certify(m.value, 10).decimal == "0"


def test_utilities_print_as_the_call_that_makes_them():
    """repr(u) is the constructor call with exact numbers (1/3 is one third, as `symdp eval` reads
    it); evaluated that way, it gives the same utility on a channel."""
    from sympy.parsing.sympy_parser import parse_expr

    import symdp.local
    p0, p1 = [R(1, 3), R(2, 3)], [R(1, 2), R(1, 2)]
    channel = Channel([[R(3, 4), R(1, 4)], [R(1, 5), R(4, 5)]])
    for u in (utility.kl(p0, p1), utility.reverse_kl(p0, p1), utility.symmetric_kl(p0, p1), utility.tv(p0, p1),
              utility.chi2(p0, p1), utility.hellinger(p0, p1), utility.e_gamma(R(3, 2), p0, p1),
              utility.f_divergence(lambda x: (x - 1) ** 2, p0, p1), utility.mutual_information(p0)):
        text = repr(u)
        assert text.startswith(f"local.utility.{u.constructor}(") and "object at" not in text
        again = parse_expr(text, local_dict={"local": symdp.local, "x": sympy.Symbol("x")})
        assert sympy.simplify(again(channel) - u(channel)) == 0
    assert "utility=local.utility.kl([1/3, 2/3], [1/2, 1/2])" in repr(optimal_mechanism(log(3), utility.kl(p0, p1)))


@pytest.mark.parametrize("widen", [0, 10 ** 24])
def test_both_brackets_keep_the_optimum_between_their_ends(widen, monkeypatch):
    """The lower end of OPT(e^ε) comes from a rational E₁ at or below e^ε, the upper from one at or
    above it, whatever the width of the ball around e^ε: with ε's ball widened to ±10⁻²⁴, the
    ends would cross the brute-force optimum (mpmath at 60 digits) by about OPT'·10⁻²⁴ if the
    ball's upper end stood in for E₁."""
    from flint import arb, fmpq

    from symdp.local import extremal
    from symdp.numbers import endpoints
    u = utility.kl(P0, P1)
    basis = list(optimal_mechanism(1, u).basis)
    if widen:
        exact_ball = extremal.arb_of
        monkeypatch.setattr(extremal, "arb_of", lambda e, prec: exact_ball(e, prec) + arb(0, fmpq(1, widen)))
    with mpmath.workdps(60):
        truth = _vertex_optimum(KL, 3, mpmath.e)
        for ball in (extremal._bracket(sympy.Integer(1), u, basis, 128), extremal._monotone_bracket(sympy.Integer(1), u, 128)):
            lo, hi = (mpmath.mpf(int(q.p)) / int(q.q) for q in endpoints(ball, 512))
            assert lo <= truth + mpmath.mpf(10) ** -55 and truth - mpmath.mpf(10) ** -55 <= hi, (lo, truth, hi)
