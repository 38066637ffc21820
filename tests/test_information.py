"""Information measures (bits) and the LMIDP conversions, against independent routes: mpmath
at high precision, brute force over input laws and events, closed forms."""

from itertools import permutations

import mpmath
import pytest
import sympy
from hypothesis import given, strategies as st
from sympy import Rational as R

import symdp
from symdp.errors import ParameterError
from symdp.local import (Channel, bac_capacity, cd_lmidp_to_lip, ldp_to_lmidp, lip_to_lmidp, lmidp_to_ldp,
                         randomized_response, zchannel_crossover)
from symdp.local.information import capacity, entropy, kl_bits
from symdp.numbers import certify

W4 = Channel([[R(1, 2), R(1, 4), R(1, 8), R(1, 8)], [R(1, 10), R(3, 5), R(1, 5), R(1, 10)],
              [R(1, 3), R(1, 3), R(1, 6), R(1, 6)], [R(1, 20), R(1, 20), R(1, 20), R(17, 20)]])


def mp_info(rows, p):
    q = [mpmath.fsum(p[x] * rows[x][y] for x in range(len(rows))) for y in range(len(rows[0]))]
    return mpmath.fsum(p[x] * rows[x][y] * mpmath.log(rows[x][y] / q[y], 2)
                       for x in range(len(rows)) for y in range(len(rows[0])) if rows[x][y] and p[x])


def mp_rows(ch):
    return [[mpmath.mpf(sympy.Rational(v).p) / sympy.Rational(v).q for v in r] for r in ch.rows]


def enclosed(value, ref, digits=30):
    c = certify(value, digits)
    return sympy.Rational(c.lower) <= ref <= sympy.Rational(c.upper)


def test_entropy_and_kl_against_mpmath():
    with mpmath.workdps(50):
        h = -mpmath.fsum(v * mpmath.log(v, 2) for v in (mpmath.mpf(1) / 2, mpmath.mpf(1) / 3, mpmath.mpf(1) / 6))
        k = mpmath.mpf(3) / 10 * mpmath.log(mpmath.mpf(3) / 6, 2) + mpmath.mpf(7) / 10 * mpmath.log(mpmath.mpf(7) / 4, 2)
        assert enclosed(entropy([R(1, 2), R(1, 3), R(1, 6)]), sympy.Rational(str(h)[:45]), 30)
        assert abs(float(kl_bits([R(3, 10), R(7, 10)], [R(3, 5), R(2, 5)])) - float(k)) < 1e-15
    assert kl_bits([R(1, 2), R(1, 2)], [1, 0]) == sympy.oo


def test_mutual_information_matches_mpmath():
    p = [R(1, 4)] * 4
    with mpmath.workdps(60):
        ref = mp_info(mp_rows(W4), [mpmath.mpf(1) / 4] * 4)
        c = certify(W4.mutual_information(p), 40)
        assert abs(mpmath.mpf(c.decimal) - ref) < mpmath.mpf(10) ** -39


def test_capacity_4x4_thirty_digits_and_duality():
    c = W4.capacity()
    cert = certify(c, 30)
    lower, upper = c.bounds(200)
    lo, hi = blahut_arimoto_bounds(W4)
    # each end from its own side: I(p;W) ≤ C ≤ hi and max_x D(W_x‖pW) ≥ C ≥ lo, in a ball holding both
    assert _ends(lower)[0] <= hi and lo <= _ends(upper)[1] and _ends(upper)[1] - _ends(lower)[0] < mpmath.mpf(10) ** -50
    ball = c.ball(200)
    assert ball.lower() <= lower.lower() and upper.upper() <= ball.upper()
    # an independent mpmath Blahut–Arimoto run converges to the same value from below
    with mpmath.workdps(40):
        rows = mp_rows(W4)
        p = [mpmath.mpf(1) / 4] * 4
        for _ in range(3000):
            q = [mpmath.fsum(p[x] * rows[x][y] for x in range(4)) for y in range(4)]
            d = [mpmath.fsum(rows[x][y] * mpmath.log(rows[x][y] / q[y]) for y in range(4)) for x in range(4)]
            z = mpmath.fsum(p[x] * mpmath.exp(d[x]) for x in range(4))
            p = [p[x] * mpmath.exp(d[x]) / z for x in range(4)]
        ba = mp_info(rows, p)
        assert ba <= mpmath.mpf(cert.upper)
        assert mpmath.mpf(cert.upper) - ba < mpmath.mpf(10) ** -12


def test_capacity_brute_force_binary_input():
    ch = Channel([[R(2, 3), R(1, 6), R(1, 6)], [R(1, 8), R(1, 8), R(3, 4)]])
    with mpmath.workdps(40):
        rows = mp_rows(ch)
        best = mpmath.findroot(lambda a: mpmath.diff(lambda t: mp_info(rows, [1 - t, t]), a), mpmath.mpf("0.5"))
        ref = mp_info(rows, [1 - best, best])
        c = certify(ch.capacity(), 30)
        assert abs(mpmath.mpf(c.decimal) - ref) < mpmath.mpf(10) ** -29


def test_capacity_degenerate_channels():
    assert capacity(Channel([[R(1, 3), R(2, 3)], [R(1, 3), R(2, 3)]])) == 0
    ident = Channel([[1, 0, 0], [0, 1, 0], [0, 0, 1], [R(1, 3), R(1, 3), R(1, 3)]])
    assert certify(ident.capacity(), 30).decimal == certify(sympy.log(3) / sympy.log(2), 30).decimal
    with pytest.raises(ParameterError, match="channel size"):
        capacity(Channel([[1 if i == j else 0 for j in range(70)] for i in range(70)]))


@given(st.integers(0, 20), st.integers(0, 20))
def test_bac_closed_form_equals_generic_capacity(a, b):
    e0, e1 = R(a, 20), R(b, 20)
    got = bac_capacity(e0, e1)
    if a + b == 20:
        assert got == 0
        return
    generic = Channel([[1 - e0, e0], [e1, 1 - e1]]).capacity()
    assert certify(got, 20).decimal == certify(generic, 20).decimal


def test_bac_parameter_errors():
    with pytest.raises(ParameterError, match="e0"):
        bac_capacity(R(3, 2), 0)


def test_zchannel_crossover_is_the_z_capacity_root():
    for mu in (R(1, 10), R(1, 100), R(9, 10)):
        p = zchannel_crossover(mu)
        with mpmath.workdps(40):
            pm = mpmath.mpf(certify(p, 30).decimal)
            hb = -pm * mpmath.log(pm, 2) - (1 - pm) * mpmath.log(1 - pm, 2)
            assert abs(mpmath.log(1 + mpmath.power(2, -hb / pm), 2) - mpmath.mpf(mu.p) / mu.q) < mpmath.mpf(10) ** -27
    with pytest.raises(ParameterError, match="mu"):
        zchannel_crossover(1)


def _grid_ldp(mu, eps, n=400):
    """Brute force of eq. (6) on a grid of p1, with the p0 root by mpmath bisection."""
    mp_mu = mpmath.mpf(mu.p) / mu.q
    g = mpmath.e ** eps

    def cap(p0, p1):
        return max(mp_info([[1 - p0, p0], [1 - p1, p1]], [1 - t, t]) for t in (mpmath.mpf(k) / 24 for k in range(1, 24)))
    best = mpmath.mpf(0)
    for k in range(4, 16):
        p1 = mpmath.mpf(k) / n
        lo, hi = p1, mpmath.mpf(1)
        for _ in range(22):
            mid = (lo + hi) / 2
            lo, hi = (mid, hi) if cap(mid, p1) <= mp_mu else (lo, mid)
        best = max(best, lo - g * p1)
    return best


def test_lmidp_to_ldp_against_brute_force_and_tightness():
    mu, eps = R(1, 10), 1
    v = lmidp_to_ldp(mu, eps)
    c = certify(v, 20)
    # a grid search (capacity by a max over a grid of input laws) lands close to the certified optimum
    brute = _grid_ldp(mu, eps)
    assert abs(mpmath.mpf(c.decimal) - brute) < 2e-3
    p0, p1 = v.maximiser
    star = Channel([[1 - p1, p1], [1 - p0, p0]])
    assert symdp.numbers.sign(mu - star.capacity()) >= 0
    gap = v - star.ldp_delta(eps)
    assert symdp.numbers.sign(gap) >= 0 and symdp.numbers.sign(R(1, 10 ** 30) - gap) > 0
    assert lmidp_to_ldp(1, 3) == 1 and lmidp_to_ldp(0, 1) == 0


def test_lmidp_to_ldp_monotone_in_mu():
    assert symdp.numbers.sign(lmidp_to_ldp(R(1, 10), R(1, 2)) - lmidp_to_ldp(R(1, 20), R(1, 2))) > 0


def test_ldp_and_lip_curves_by_event_enumeration():
    ch = Channel([[R(1, 2), R(1, 3), R(1, 6)], [R(1, 5), R(1, 5), R(3, 5)], [R(0), R(1, 2), R(1, 2)]])
    prior = [R(1, 2), R(1, 2), 0]
    g = sympy.exp(R(1, 3))
    events = [[y for y in range(3) if m >> y & 1] for m in range(8)]
    mass = lambda p, ev: sum((p[y] for y in ev), sympy.Integer(0))
    ldp = max([0] + [mass(a, ev) - g * mass(b, ev) for a, b in permutations(ch.rows, 2) for ev in events], key=float)
    assert sympy.simplify(ch.ldp_delta(R(1, 3)) - ldp) == 0
    py = ch.apply(prior)
    lip = max([0] + [t for r in ch.rows[:2] for ev in events for t in (mass(py, ev) - g * mass(r, ev), mass(r, ev) / g - mass(py, ev))],
              key=float)
    assert sympy.simplify(ch.lip_delta(prior, R(1, 3)) - lip) == 0
    # the third input is outside the prior's support: counted only on request
    assert symdp.numbers.sign(ch.lip_delta(prior, R(1, 3), support_only=False) - lip) >= 0


def test_eq8_closed_forms():
    for e0 in (R(1, 2), R(2)):
        got = certify(ldp_to_lmidp(randomized_response(e0)).paper, 25).decimal
        assert got == certify(e0 * sympy.tanh(e0 / 2) / sympy.log(2), 25).decimal
    assert ldp_to_lmidp(symdp.gaussian(1, 2)) == 2 / sympy.log(2)
    assert ldp_to_lmidp(Channel([[1, 0], [R(1, 2), R(1, 2)]])).paper == sympy.oo


@pytest.mark.parametrize("channel", [
    randomized_response(R(1, 2)), randomized_response(R(2)), randomized_response(10 ** 6),
    randomized_response(sympy.log(9), 3), randomized_response(sympy.log(2), 3),
    Channel([[R(1, 2), R(1, 2), 0], [0, R(1, 3), R(2, 3)], [R(1, 4), 0, R(3, 4)]]),
    Channel([[1, 0], [R(1, 2), R(1, 2)]]), Channel([[R(1, 3), R(2, 3)]] * 3),
])
def test_eq8_on_a_channel_never_exceeds_the_trivial_cap(channel):
    """I(X;Y) ≤ log₂ min(|X|, |Y|): the value is min(eq. (8), that cap), eq. (8) is kept as
    `.paper` and `.vacuous` says which; the certified capacity (Blahut–Arimoto with its two-sided
    certificate) lies below. Eq. (8) of binary RR is checked against ε tanh(ε/2) log₂e."""
    v = ldp_to_lmidp(channel)
    cap = sympy.log(min(channel.n_inputs, channel.n_outputs), 2)
    assert v.cap == cap
    paper_above = v.paper is sympy.oo or symdp.numbers.sign(v.paper - cap) >= 0
    assert v.vacuous == paper_above and repr(v).endswith(f"cap={cap}, vacuous={v.vacuous})")
    if v.vacuous:
        assert v.exact == cap and certify(v, 20).decimal == certify(cap, 20).decimal
    else:
        assert certify(v, 20).decimal == certify(v.paper, 20).decimal
    # neither the cap nor the capacity is certified to lie on the wrong side of the value
    value, capacity = v.ball(256), symdp.numbers.arb_of(channel.capacity(), 256)
    assert not value > symdp.numbers.arb_of(cap, 256) and not capacity > value
    if channel.n_inputs == channel.n_outputs == 2 and channel.rows[0][0] == channel.rows[1][1]:
        e0 = sympy.log(channel.rows[0][0] / channel.rows[0][1])
        assert certify(v.paper, 15).decimal == certify(e0 * sympy.tanh(e0 / 2) / sympy.log(2), 15).decimal


def test_eq10_is_an_upper_bound_and_eq9_limit():
    rr = randomized_response(1)
    lip = lip_to_lmidp(rr, [R(1, 2)] * 2)
    assert symdp.numbers.sign(lip - rr.mutual_information([R(1, 2)] * 2)) > 0
    with mpmath.workdps(30):
        floor = 1 - mpmath.power(2, -mpmath.mpf(1) / 10)
    assert abs(mpmath.mpf(certify(cd_lmidp_to_lip(R(1, 10), 5), 20).decimal) - floor) < 1e-8


def test_shell_information_low_snr_limit():
    from symdp.local import shell_information
    # I ≈ ρ²/2 nats at low SNR (d = 1): the first terms of ρ² − E ln cosh(ρ² + ρZ)
    rho = R(1, 100)
    got = mpmath.mpf(certify(shell_information(rho, 1), 20).decimal) * mpmath.log(2)
    assert abs(got - mpmath.mpf(1) / 20000) < 1e-8


@pytest.mark.parametrize("mu", [R(1, 2), R(99, 100)])
def test_shell_calibration_at_d_1_against_the_two_point_mixture(mu):
    """σ² with I = μ bits at d = 1, solved on the scale −log(1 − I): the certified σ² bracket,
    put into the two-point mixture's information (an independent integral, gaussian_mixture),
    straddles μ (I falls as σ² grows)."""
    from symdp.local import mixture_information, shell_calibration
    from symdp.numbers import arb_of
    c = certify(shell_calibration(mu, 1), 15)
    widen = R(1, 10 ** 9)  # the mixture's quadrature gives ~19 digits: compare away from the root
    above = arb_of(mixture_information([-1, 1], [R(1, 2), R(1, 2)], R(c.lower) * (1 - widen)), 128)
    below = arb_of(mixture_information([-1, 1], [R(1, 2), R(1, 2)], R(c.upper) * (1 + widen)), 128)
    assert below < mu < above


def test_mixture_information_is_the_bpsk_shell_for_two_points():
    from symdp.local import mixture_information, shell_information
    a = certify(mixture_information([-1, 1], [R(1, 2), R(1, 2)], 4), 15).decimal
    assert a == certify(shell_information(R(1, 2), 1), 15).decimal


# -- eq. (6) and eq. (9) against nested mpmath optimisation (40+ digits) ---------------------------
# An independent route: C_BAC by its closed form (not the code's D(W_0‖q*)), p0*(p1) by a bracketed
# Illinois root, and the outer max by golden section over s = log p1 (no gradients, no duality).


def _mp_hb(p):
    return mpmath.mpf(0) if p == 0 else -p * mpmath.log(p, 2) - (1 - p) * mpmath.log1p(-p) / mpmath.ln2


def _mp_cbac(p0, p1):
    """C_BAC(p0, 1 − p1) in bits, rows (1−p0, p0), (1−p1, p1), p0 > p1: the max over q of
    H(q) − H(Y|X) has H'(q) = z, so C = log₂(1 + 2^z) + ((1−p0)H(p1) − (1−p1)H(p0))/(p0 − p1),
    z = (H(p0) − H(p1))/(p0 − p1)."""
    h0, h1 = _mp_hb(p0), _mp_hb(p1)
    z = (h0 - h1) / (p0 - p1)
    return mpmath.log(1 + mpmath.power(2, z), 2) + ((1 - p0) * h1 - (1 - p1) * h0) / (p0 - p1)


def _mp_kl(p1, p0):
    """KL(Ber(p1) ‖ Ber(p0)) in bits."""
    out = (1 - p1) * mpmath.log((1 - p1) / (1 - p0), 2)
    return out + p1 * mpmath.log(p1 / p0, 2) if p1 else out


def _golden_max(f, a, b, n=200):
    """max of a unimodal f on [a, b]; ties move right (f is flat far left, where p1 → 0)."""
    r = (mpmath.sqrt(5) - 1) / 2
    c, d = b - r * (b - a), a + r * (b - a)
    fc, fd = f(c), f(d)
    for _ in range(n):
        if fc > fd:
            b, d, fd = d, c, fc
            c = b - r * (b - a)
            fc = f(c)
        else:
            a, c, fc = c, d, fd
            d = a + r * (b - a)
            fd = f(d)
    return max(fc, fd)


def _mp_root(f, a, b):
    return mpmath.findroot(f, (a, b), solver="illinois")


def _mp_eq6(mu, eps, dps=45):
    """eq. (6): max p0 − e^ε p1 s.t. C_BAC(p0, 1 − p1) ≤ μ (p0 = 1 when the edge is feasible)."""
    with mpmath.workdps(dps):
        m, g, tiny = mpmath.mpf(mu.p) / mu.q, mpmath.exp(mpmath.mpf(eps.p) / eps.q), mpmath.mpf(10) ** -dps
        top = 1 - tiny

        def obj(s):
            p1 = mpmath.exp(s)
            p0 = top if _mp_cbac(top, p1) <= m else _mp_root(lambda p0: _mp_cbac(p0, p1) - m, p1 * (1 + tiny), top)
            return p0 - g * p1
        return _golden_max(obj, mpmath.mpf(-300), mpmath.mpf(-1) / 100)


def _mp_eq9(mu, eps, dps=45):
    """eq. (9): max{0, max p0 − e^ε p1 (over p0 ≥ p1), max e^{−ε} p1 − p0 (over p0 ≤ p1)} s.t.
    KL(Ber(p1) ‖ Ber(p0)) ≤ μ, each branch by golden section around a KL root in p0."""
    with mpmath.workdps(dps):
        m, e, tiny = mpmath.mpf(mu.p) / mu.q, mpmath.mpf(eps.p) / eps.q, mpmath.mpf(10) ** -dps

        def a(s):
            p1 = mpmath.exp(s)
            return _mp_root(lambda p0: _mp_kl(p1, p0) - m, p1 * (1 + tiny), 1 - tiny) - mpmath.exp(e) * p1

        def b(p1):
            return mpmath.exp(-e) * p1 - _mp_root(lambda p0: _mp_kl(p1, p0) - m, tiny, p1 * (1 - tiny))
        return max(0, _golden_max(a, mpmath.mpf(-300), mpmath.mpf(-1) / 100),
                   _golden_max(b, mpmath.mpf(10) ** -30, 1 - mpmath.mpf(10) ** -30))


def _within(value, ref, digits=30, slack=sympy.Rational(1, 10 ** 38)):
    """The certified [lower, upper] (digits + 3 significant digits) holds the mpmath value, up to
    the reference's own error."""
    c = certify(value, digits)
    r = sympy.Rational(mpmath.nstr(ref, 50, min_fixed=-100, max_fixed=100))
    return sympy.Rational(c.lower) - slack <= r <= sympy.Rational(c.upper) + slack


def test_mp_cbac_closed_form_is_the_capacity():
    with mpmath.workdps(30):
        for p0, p1 in ((mpmath.mpf("0.7"), mpmath.mpf("0.05")), (mpmath.mpf("0.02"), mpmath.mpf(0))):
            rows = [[1 - p0, p0], [1 - p1, p1]]
            brute = _golden_max(lambda t: mp_info(rows, [1 - t, t]), mpmath.mpf(0), mpmath.mpf(1), 120)
            assert abs(_mp_cbac(p0, p1) - brute) < mpmath.mpf(10) ** -25


# (1/100, 5), (1/2, 4), (9/10, 3), (99/100, 5/2) raised PrecisionError at 30 (some at 15) digits:
# the maximiser p1* (≈ 10^−40 … 10^−30) sat near 2^−prec, where the bracket search jumped past it.
@pytest.mark.parametrize("mu, eps", [(R(1, 100), R(5)), (R(1, 2), R(4)), (R(9, 10), R(3)), (R(99, 100), R(5, 2)),
                                     (R(1, 1000), R(0)), (R(1, 10), R(1, 4)), (R(1, 100), R(1))],
                         ids=lambda v: str(v))
def test_lmidp_to_ldp_thirty_digits_against_nested_mpmath(mu, eps):
    assert _within(lmidp_to_ldp(mu, eps), _mp_eq6(mu, eps))


# (1/1000, 5/2): branch B's straddling points left (0, 1) (a TypeError, then "branch B could not be
# certified"); (1/2, 4), (9/10, 4): branch A as in eq. (6).
@pytest.mark.parametrize("mu, eps", [(R(1, 1000), R(5, 2)), (R(1, 2), R(4)), (R(9, 10), R(4)), (R(1, 10), R(1)),
                                     (R(1, 2), R(0))], ids=lambda v: str(v))
def test_cd_lmidp_to_lip_thirty_digits_against_nested_mpmath(mu, eps):
    assert _within(cd_lmidp_to_lip(mu, eps), _mp_eq9(mu, eps))


def test_lmidp_to_ldp_approaches_the_zchannel_crossover_from_above():
    # p̄_μ ≤ δ^LDP_μ(ε) (the edge p1 = 0 is feasible with value p̄_μ), strictly while p1* > 0 is
    # resolvable, and δ − p̄_μ ≈ c·p1* ≈ exp(−c'·e^ε) is invisible beyond that: certified comparisons
    for mu, eps in ((R(1, 100), 3), (R(1, 100), 5), (R(1, 2), 3), (R(9, 10), 3)):
        assert symdp.numbers.sign(lmidp_to_ldp(mu, eps) - zchannel_crossover(mu)) > 0
    for mu in (R(1, 100), R(1, 2)):
        bar = zchannel_crossover(mu)
        for eps in (7, 20, 50):
            gap = lmidp_to_ldp(mu, eps) - bar
            assert symdp.numbers.sign(R(1, 10 ** 45) - gap) > 0 and symdp.numbers.sign(gap + R(1, 10 ** 45)) > 0
            assert certify(lmidp_to_ldp(mu, eps), 30).decimal == certify(bar, 30).decimal


def test_lmidp_to_ldp_maximiser_in_the_tiny_p1_regime():
    # μ = 1/100, ε = 5: p1* ≈ 6.7·10^−41 ≈ 2^−133, the 131-bit rung of certify(·, 30) that failed
    mu, eps = R(1, 100), 5
    v = lmidp_to_ldp(mu, eps)
    p0, p1 = v.maximiser
    assert R(1, 10 ** 41) < p1 < R(1, 10 ** 39)
    star = Channel([[1 - p1, p1], [1 - p0, p0]])
    assert symdp.numbers.sign(mu - star.capacity()) >= 0
    gap = v - star.ldp_delta(eps)
    assert symdp.numbers.sign(gap) >= 0 and symdp.numbers.sign(R(1, 10 ** 35) - gap) > 0


def test_lmidp_conversions_certify_across_the_edge_regime():
    # ε = 3, 4, 5 cross from an interior p1* to one below 2^−prec: 30 and 60 digits, non-increasing in ε
    for f in (lmidp_to_ldp, cd_lmidp_to_lip):
        vals = [sympy.Rational(certify(f(R(1, 10), eps), 30).decimal) for eps in (R(5, 2), 3, 4, 5, 7, 50)]
        assert all(a >= b for a, b in zip(vals, vals[1:]))
        assert certify(f(R(1, 10), 4), 60).decimal.startswith(certify(f(R(1, 10), 4), 30).decimal[:30])


def _ends(ball):
    """The ball's exact endpoints as mpmath numbers."""
    from symdp.numbers import endpoints
    with mpmath.workdps(160):
        return tuple(mpmath.mpf(int(q.p)) / int(q.q) for q in endpoints(ball, 512))


def blahut_arimoto_bounds(channel, gap=mpmath.mpf(10) ** -32, iterations=20000):
    """An independent enclosure of the capacity (bits) at 60 digits: Blahut–Arimoto iterates p and
    the standard bounds I(p;W) ≤ C ≤ max_x D(W_x‖pW) (Gallager, Theorem 4.5.1) at the last p."""
    with mpmath.workdps(60):
        rows = mp_rows(channel)
        n, m = len(rows), len(rows[0])
        p = [mpmath.mpf(1) / n] * n
        for _ in range(iterations):
            q = [mpmath.fsum(p[x] * rows[x][y] for x in range(n)) for y in range(m)]
            d = [mpmath.fsum(rows[x][y] * mpmath.log(rows[x][y] / q[y], 2) for y in range(m) if rows[x][y])
                 for x in range(n)]
            lo, hi = mpmath.fsum(px * dx for px, dx in zip(p, d)), max(d)
            if hi - lo < gap:
                return lo, hi
            z = mpmath.fsum(px * 2 ** dx for px, dx in zip(p, d))
            p = [px * 2 ** dx / z for px, dx in zip(p, d)]
    raise AssertionError("the Blahut–Arimoto oracle did not converge")


@pytest.mark.parametrize("rows", [
    [[R(1), 0, 0], [R(1, 4), R(3, 4), 0], [0, R(1, 3), R(2, 3)]],              # zeros: outputs unreachable
    [[R(9, 10), R(1, 10)], [R(1, 10), R(9, 10)], [R(1, 2), R(1, 2)]],         # the optimum leaves input 3 out
    [[R(1, 2), R(1, 3), R(1, 6)], [R(1, 5), R(1, 5), R(3, 5)]],               # two inputs, three outputs
], ids=["zeros", "unused-input", "2x3"])
def test_capacity_ends_against_blahut_arimoto(rows):
    c = capacity(Channel(rows))
    lo, hi = blahut_arimoto_bounds(Channel(rows))
    cert = certify(c, 20)
    with mpmath.workdps(60):
        # the oracle's interval (width < 10^-32) lies inside the certified one, which is narrow around it
        assert mpmath.mpf(cert.lower) <= lo <= hi <= mpmath.mpf(cert.upper)
        assert mpmath.mpf(cert.upper) - mpmath.mpf(cert.lower) < mpmath.mpf(10) ** -18
    for prec in (24, 128):   # at 24 bits the law is coarse: the gap max_x D − I(p;W) dwarfs the radii
        lower, upper = c.bounds(prec)
        assert _ends(lower)[0] <= hi and lo <= _ends(upper)[1]
        ball = c.ball(prec)
        assert ball.lower() <= lower.lower() and upper.upper() <= ball.upper()
        # the coarse ball (width ~10^-7) holds the oracle's interval (width 10^-32); the fine one meets it
        assert _ends(ball)[0] <= lo and hi <= _ends(ball)[1] if prec == 24 else _ends(ball)[0] <= hi and lo <= _ends(ball)[1]


def test_capacity_without_newton_falls_back_to_the_blahut_arimoto_law(monkeypatch):
    """A search that stops at the float Blahut–Arimoto law (forced here) leaves a valid
    certificate, its two ends now ~10^-13 apart, far beyond their radii."""
    import numpy as np
    from flint import arb
    from symdp.local import capacity_search
    monkeypatch.setattr(capacity_search.Search, "law", lambda self, prec: [
        arb(float(v)) for v in capacity_search.blahut_arimoto(
            np.array([[float(v) for v in row] for row in W4.rows]), iterations=4000)])
    c = capacity(W4)
    lo, hi = blahut_arimoto_bounds(W4)
    lower, upper = c.bounds(128)
    assert _ends(lower)[1] < _ends(upper)[0]                    # the gap is visible at 128 bits
    ball = c.ball(128)
    assert _ends(ball)[0] <= lo and hi <= _ends(ball)[1] and _ends(ball)[1] - _ends(ball)[0] < mpmath.mpf(10) ** -9


def test_capacity_of_a_z_channel_whose_newton_system_is_singular_at_low_precision():
    """W = [[0, 1], [p, 1 − p]] with p = 10^-100: at 64 bits the Kuhn–Tucker system is singular
    (the two rows differ by 10^-100). The low-precision ball keeps a valid law; at higher
    precision it meets the Z-channel's closed form
    C = log2(1 + p (1 − p)^((1 − p)/p)) (crossover 1 − p onto the shared output)."""
    p = R(1, 10**100)
    c = Channel([[0, 1], [p, 1 - p]]).capacity()
    with mpmath.workdps(250):
        pm = mpmath.mpf(p)
        ref = mpmath.log(1 + pm * (1 - pm) ** ((1 - pm) / pm), 2)
        for prec in (64, 500):
            lo, hi = _ends(c.ball(prec))
            assert lo <= ref <= hi
        assert hi - lo < ref * mpmath.mpf(10) ** -30
        assert abs(mpmath.mpf(certify(c, 20).decimal) - ref) < ref * mpmath.mpf(10) ** -18
