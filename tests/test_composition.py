"""Composition against brute-force enumeration of the product outcomes, and Ghazi–Issa's
Theorem 2 (eq. (5)) and Kairouz–Oh–Viswanath (eq. (6)) against the lattice computation."""

import itertools
from fractions import Fraction
from functools import reduce

import mpmath
import pytest
import sympy
from hypothesis import given, strategies as st
from sympy import Rational, log

from symdp import FinitePair, LatticePair, certify, composed_deltas, composed_tv, dominating, randomized_response
from symdp.central.composition import kov_delta, theorem2_delta
from symdp.numbers import sign
from symdp.central.pairs import erasure_mass


def F(v):
    return Fraction(int(v.p), int(v.q))


def R(f):
    return Rational(f.numerator, f.denominator)


def product(pairs):
    """All n1·n2·…·nk outcomes of the product pair, exact Fractions."""
    ps = [[F(v) for v in pr.p] for pr in pairs]
    qs = [[F(v) for v in pr.q] for pr in pairs]
    P = [reduce(lambda a, b: a * b, c, Fraction(1)) for c in itertools.product(*ps)]
    Q = [reduce(lambda a, b: a * b, c, Fraction(1)) for c in itertools.product(*qs)]
    return P, Q


def hockey(P, Q, g):
    return sum(max(a - g * b, 0) for a, b in zip(P, Q))


def brute_delta(P, Q, g):
    return max(hockey(P, Q, g), hockey(Q, P, g))


GAMMAS = [Fraction(1), Fraction(3, 2), Fraction(2), Fraction(3), Fraction(4), Fraction(9), Fraction(10 ** 6)]


def assert_same_profile(pair, P, Q):
    for g in GAMMAS:
        assert pair.delta(log(R(g))) == R(brute_delta(P, Q, g)), g
        assert pair.hockey_stick(R(g)) == R(hockey(P, Q, g))
    assert pair.tv() == R(hockey(P, Q, 1))
    if all(b > 0 for b in Q):
        assert pair.chi2() == R(sum(a * a / b for a, b in zip(P, Q)) - 1)
        assert pair.renyi(2) == log(R(sum(a * a / b for a, b in zip(P, Q))))
        with mpmath.workdps(50):
            kl = mpmath.fsum(mpmath.mpf(a.numerator) / a.denominator * mpmath.log(mpmath.mpf(a.numerator * b.denominator) / (a.denominator * b.numerator))
                             for a, b in zip(P, Q) if a)
            c = certify(pair.kl(), 20)
            assert mpmath.mpf(c.lower) - mpmath.mpf(10) ** -40 <= kl <= mpmath.mpf(c.upper) + mpmath.mpf(10) ** -40
    else:
        assert pair.chi2() == sympy.oo


@st.composite
def lattice_pairs(draw):
    """A rational pair whose likelihood ratios are x^{-1}, 1, x: masses A at ratio x, xA at
    1/x and the rest at 1 (so both sides sum to 1), each group split into 1–2 outcomes."""
    x = draw(st.sampled_from([2, 3]))
    A = draw(st.fractions(Fraction(1, 50), Fraction(1, 1 + x)))
    C = 1 - A - x * A
    p, q = [], []
    for mass, ratio in ((A, x), (x * A, Fraction(1, x)), (C, 1)):
        if mass == 0:
            continue
        cut = draw(st.sampled_from([None, Fraction(1, 3), Fraction(1, 2)]))
        for m in ([mass] if cut is None else [mass * cut, mass * (1 - cut)]):
            p.append(m * ratio)
            q.append(m)
    return FinitePair([R(v) for v in p], [R(v) for v in q])


@given(lattice_pairs(), st.integers(2, 4))
def test_power_matches_brute_force(pair, k):
    powered = pair ** k
    assert isinstance(powered, LatticePair)
    P, Q = product([pair] * k)
    assert_same_profile(powered, P, Q)
    b = F(powered.base)
    assert powered.deltas(range(k + 2)) == [R(brute_delta(P, Q, b ** j)) for j in range(k + 2)]


@pytest.mark.parametrize("pair", [randomized_response(log(2)), randomized_response(log(3), 3),
                                  dominating(log(2), 0, Rational(1, 5)), dominating(log(3), Rational(1, 10)),
                                  dominating(log(2), Rational(1, 20), Rational(1, 4))],
                         ids=["rr2", "rr3-3ary", "dom0", "kov", "dom-delta"])
@pytest.mark.parametrize("k", [2, 3, 5])
def test_named_powers_match_brute_force(pair, k):
    if len(pair.p) ** k > 800:
        pytest.skip("enumeration too large")
    P, Q = product([pair] * k)
    assert_same_profile(pair ** k, P, Q)
    if k == 2:
        assert_same_profile(pair.compose(pair), P, Q)


NON_LATTICE = FinitePair([Rational(1, 3), Rational(1, 2), Rational(1, 6)], [Rational(1, 6), Rational(1, 6), Rational(2, 3)])


@pytest.mark.parametrize("pairs", [
    [NON_LATTICE, NON_LATTICE],
    [NON_LATTICE, randomized_response(log(3))],
    [randomized_response(log(2)), NON_LATTICE],
    [NON_LATTICE, randomized_response(log(2)), randomized_response(log(3))],
    [randomized_response(log(2)), randomized_response(log(3))],  # incommensurable lattices
    [randomized_response(log(4)), randomized_response(log(8))],  # common base 2
    [dominating(log(2), Rational(1, 10), Rational(1, 5)), NON_LATTICE, NON_LATTICE],
], ids=["self", "rr3", "rr2", "rr2-rr3-mixed", "rr2-rr3", "rr4-rr8", "dom-self"])
def test_pairwise_composition_matches_brute_force(pairs):
    composed = reduce(lambda a, b: a.compose(b), pairs)
    P, Q = product(pairs)
    assert_same_profile(composed, P, Q)


def test_identity_is_neutral():
    one = FinitePair([1], [1])
    for pair in (randomized_response(log(3)), dominating(log(2), Rational(1, 10), Rational(1, 5)), NON_LATTICE):
        for composed in (pair.compose(one), one.compose(pair)):
            for g in GAMMAS:
                assert composed.delta(log(R(g))) == pair.delta(log(R(g)))


@pytest.mark.parametrize("a,b,c", [
    (randomized_response(log(2)), dominating(log(2), 0, Rational(1, 5)), randomized_response(log(4))),
    (NON_LATTICE, randomized_response(log(3)), NON_LATTICE),
    (dominating(log(3), Rational(1, 10)), randomized_response(log(9)), randomized_response(log(3), 3)),
])
def test_associativity(a, b, c):
    left, right = (a @ b) @ c, a @ (b @ c)
    for g in GAMMAS:
        assert left.delta(log(R(g))) == right.delta(log(R(g)))
    assert left.tv() == right.tv()


# --------------------------------------------------------------------------------------------
# Ghazi–Issa Theorem 2 and KOV


def _etas(x, d=Fraction(0)):
    top = d + (1 - d) * Fraction(x - 1, x + 1)
    return [d + (top - d) / 4, (d + top) / 2, top]


@pytest.mark.parametrize("x", [2, 3])
@pytest.mark.parametrize("k", [1, 2, 3, 5, 8])
def test_composed_deltas_equal_eq5(x, k):
    eps = log(x)
    for eta in _etas(x):
        alpha = erasure_mass(eps, 0, R(eta))
        deltas = composed_deltas(eps, 0, R(eta), k)
        assert len(deltas) == k + 1
        for j, d in enumerate(deltas):
            assert d == theorem2_delta(j, k, eps, alpha), (eta, j)  # both exact rationals
        assert composed_tv(eps, 0, R(eta), k) == deltas[0]
    # α = 0 is Kairouz–Oh–Viswanath's composition, eq. (6), for j ≡ k (mod 2)
    deltas = composed_deltas(eps, 0, None, k)
    for j in range(k % 2, k + 1, 2):
        assert sign(deltas[j] - kov_delta(j, k, eps)) == 0


@pytest.mark.parametrize("k", [1, 2, 3])
@pytest.mark.parametrize("x,d", [(2, Fraction(1, 10)), (3, Fraction(1, 20))])
def test_composed_deltas_with_delta_against_brute_force(k, x, d):
    eps = log(x)
    for eta in _etas(x, d):
        pair = dominating(eps, R(d), R(eta))
        P, Q = product([pair] * k)
        alpha = erasure_mass(eps, R(d), R(eta))
        deltas = composed_deltas(eps, R(d), R(eta), k)
        for j, dj in enumerate(deltas):
            assert dj == R(brute_delta(P, Q, Fraction(x) ** j))
            # Theorem 2: δ'_j = 1 − (1−δ)^k (1 − δ_j), δ_j from eq. (5)
            assert sign(dj - (1 - (1 - R(d)) ** k * (1 - theorem2_delta(j, k, eps, alpha)))) == 0


@pytest.mark.parametrize("k", [1, 3, 4])
def test_composed_deltas_certified_mode(k):
    eps, eta = sympy.Integer(1), Rational(1, 5)
    alpha = erasure_mass(eps, 0, eta)
    for j, dj in enumerate(composed_deltas(eps, 0, eta, k)):
        ref = theorem2_delta(j, k, eps, alpha)
        with mpmath.workdps(60):
            true = mpmath.mpf(str(sympy.N(ref, 60))) if ref != 0 else mpmath.mpf(0)
            c = certify(dj, 30)
            slack = mpmath.mpf(10) ** -55
            assert mpmath.mpf(c.lower) - slack <= true <= mpmath.mpf(c.upper) + slack, (j, c, true)


@pytest.mark.parametrize("pair, a, b", [(randomized_response(log(3)), 2, 3), (dominating(1, Rational(1, 10)), 3, 2),
                                        (randomized_response(Rational(1, 2), 3), 2, 2)])
def test_powers_of_powers_are_products_of_the_outcomes(pair, a, b):
    """(pair ** a) ** b is the (a·b)-fold product: checked against an explicit enumeration of the
    n^(a·b) product outcomes (P and Q multiply coordinatewise), exactly or to 40 digits."""
    k = a * b
    outcomes = list(itertools.product(range(len(pair.p)), repeat=k))
    p = [sympy.Mul(*[pair.p[i] for i in o]) for o in outcomes]
    q = [sympy.Mul(*[pair.q[i] for i in o]) for o in outcomes]
    brute = FinitePair.__new__(FinitePair)
    brute._p, brute._q = tuple(p), tuple(q)  # already valid: products of probability vectors
    nested = (pair ** a) ** b
    for eps in (Rational(1, 3), log(2)):
        got, want = nested.delta(eps), brute.delta(eps)
        assert certify(got, 40).decimal == certify(want, 40).decimal


@pytest.mark.parametrize("gamma", [Rational(3, 2), Rational(1), sympy.E ** 2, Rational(1, 3)])
def test_certified_hockey_stick_matches_brute_force(gamma):
    """With e^ε irrational the hockey-stick is summed over arb balls of the lattice masses (Q's
    derived from P's as q = p/b^j); against Σ(P − γQ)₊ over the 125 product outcomes in mpmath."""
    pair = dominating(1, Rational(1, 20), Rational(1, 4))
    with mpmath.workdps(60):
        def masses(v):
            return [mpmath.mpf(str(sympy.N(x, 70))) for x in v]
        P = [a * b * c for a, b, c in itertools.product(*[masses(pair.p)] * 3)]
        Q = [a * b * c for a, b, c in itertools.product(*[masses(pair.q)] * 3)]
        g = mpmath.mpf(str(sympy.N(gamma, 70)))
        true = mpmath.fsum(max(a - g * b, 0) for a, b in zip(P, Q))
        c = certify((pair ** 3).hockey_stick(gamma), 30)
        slack = mpmath.mpf(10) ** -50
        assert true > 0 and mpmath.mpf(c.lower) - slack <= true <= mpmath.mpf(c.upper) + slack, (c, true)


def _np_tradeoff(P, Q, t):
    """Neyman–Pearson by brute force over the product outcomes (mpmath): reject in decreasing
    Q/P, randomising on the boundary outcome."""
    order = sorted(range(len(P)), key=lambda i: mpmath.inf if P[i] == 0 else Q[i] / P[i], reverse=True)
    used, accepted = mpmath.mpf(0), mpmath.mpf(1)
    for i in order:
        if P[i] != 0 and used + P[i] >= t:
            return accepted - Q[i] * (t - used) / P[i]
        used, accepted = used + P[i], accepted - Q[i]
    return accepted


@pytest.mark.parametrize("alpha", [Rational(0), Rational(1, 10**6), Rational(1, 7), Rational(1, 2), Rational(99, 100),
                                   Rational(1)])
@pytest.mark.parametrize("pair", [dominating(1, Rational(1, 20), Rational(1, 4)), dominating(1, Rational(1, 10)),
                                  randomized_response(sympy.Rational(1, 2), 3)], ids=["dom", "kov", "rr3"])
def test_certified_tradeoff_matches_neyman_pearson_over_the_outcomes(pair, alpha):
    """With e^ε irrational the k-fold trade-off is the max of the affine pieces of a convex
    function, in balls; against Neyman–Pearson over the n^k product outcomes in mpmath."""
    k = 3
    with mpmath.workdps(60):
        def masses(v):
            return [mpmath.mpf(str(sympy.N(x, 70))) for x in v]
        P = [mpmath.fprod(c) for c in itertools.product(*[masses(pair.p)] * k)]
        Q = [mpmath.fprod(c) for c in itertools.product(*[masses(pair.q)] * k)]
        true = _np_tradeoff(P, Q, mpmath.mpf(str(sympy.N(alpha, 70))))
        c = certify((pair ** k).tradeoff(alpha), 30)
        slack = mpmath.mpf(10) ** -45
        assert mpmath.mpf(c.lower) - slack <= true <= mpmath.mpf(c.upper) + slack, (c, true)


def test_a_wide_irrational_power_has_a_certified_tradeoff_without_its_outcomes():
    """Fuzz family dominating_power.tradeoff: the 84-fold (1/1000, 1/1000) pair (169 lattice
    points) expanded every mass in sympy and ran past 60 s. Now certified at once. α = 10⁻⁷⁵ falls
    in the first piece, the smallest likelihood ratio e^(−84/1000): β(α) = 1 − Q(LR = 0) − α e^(84/1000)
    with Q(LR = 0) = 1 − (1 − 1/1000)^84."""
    import time
    pair = dominating(Rational(1, 1000), Rational(1, 1000)) ** 84
    start = time.monotonic()
    alpha = Rational(1, 10 ** 75)
    c = certify(pair.tradeoff(alpha), 20)
    assert time.monotonic() - start < 20
    with mpmath.workdps(60):
        q_zero = 1 - (1 - mpmath.mpf(1) / 1000) ** 84
        true = 1 - q_zero - mpmath.mpf(10) ** -75 * mpmath.exp(mpmath.mpf(84) / 1000)
        assert mpmath.mpf(c.lower) - mpmath.mpf(10) ** -50 <= true <= mpmath.mpf(c.upper) + mpmath.mpf(10) ** -50
