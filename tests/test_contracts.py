"""The laws every pair obeys, applied to many pair instances (one abstract suite, like
dp_accounting's PrivacyAccountantTest), plus data processing and parameter validation."""

from fractions import Fraction

import pytest
import sympy
from flint import arb
from hypothesis import given, strategies as st
from sympy import Rational, log

from symdp import (FinitePair, ParameterError, Real, UnsupportedError, dominating, gaussian, laplace,
                   randomized_response)
from symdp.numbers import arb_of, endpoints, from_fmpq, is_rational, sign

PREC = 256


def ball(v) -> arb:
    return arb_of(v, PREC)


def assert_le(a, b):
    """a ≤ b: exactly for exact values, and 'not certainly a > b' at 256 bits otherwise."""
    if not isinstance(a, Real) and not isinstance(b, Real):
        assert sign(sympy.sympify(b) - sympy.sympify(a)) >= 0, (a, b)
    else:
        assert not (ball(a) > ball(b)), (a, b)


def assert_eq(a, b):
    """a = b: exactly for rationals, else to 200 bits (sympy cannot always prove a zero
    such as G(G(t)) − t for the Gaussian trade-off)."""
    if is_rational(a) and is_rational(b):
        assert sympy.sympify(a) == sympy.sympify(b)
    else:
        d = ball(a) - ball(b)
        assert d.contains(0) and d.rad() < arb(2) ** -200, (a, b)


EPSILONS = [sympy.Integer(0), Rational(1, 4), Rational(1, 2), log(2), sympy.Integer(1), log(3), sympy.Integer(2)]
TS = [Rational(1, 10), Rational(1, 4), Rational(1, 3), Rational(1, 2), Rational(2, 3), Rational(9, 10)]

NON_LATTICE = FinitePair([Rational(1, 3), Rational(1, 2), Rational(1, 6)], [Rational(1, 6), Rational(1, 6), Rational(2, 3)])


def supported(call, *args):
    """call(*args), or skip the test when the pair documents the method as unsupported."""
    try:
        return call(*args)
    except UnsupportedError as err:
        pytest.skip(f"UnsupportedError: {err}")


class PairLaws:
    """Subclasses set `pair`; every test here must hold for every pair (a method the pair does
    not implement raises UnsupportedError, and its laws are skipped)."""

    pair = None

    def test_repr_is_an_expression_for_the_same_pair(self):
        from symdp.evaluator import evaluate
        again = evaluate(repr(self.pair))
        for e in (0, Rational(1, 2), log(2)):
            assert_eq(again.delta(e), self.pair.delta(e))

    def test_renyi_grows_with_the_order_and_meets_chi2(self):
        orders = [Rational(3, 2), sympy.Integer(2), sympy.Integer(3)]
        values = [supported(self.pair.renyi, a) for a in orders]
        finite = [v for v in values if v is not sympy.oo]
        assert values[:len(finite)] == finite  # once infinite (mass where Q = 0), always
        for v in finite:
            assert_le(0, v)
        for a, b in zip(finite, finite[1:]):
            assert_le(a, b)
        chi2 = supported(self.pair.chi2)
        if values[1] is sympy.oo:
            assert chi2 is sympy.oo
        else:
            assert_eq(chi2, Real(lambda p: ball(values[1]).exp() - 1))

    def test_delta_in_unit_interval_and_non_increasing(self):
        values = [self.pair.delta(e) for e in EPSILONS]
        for v in values:
            assert_le(0, v)
            assert_le(v, 1)
        for a, b in zip(values, values[1:]):
            assert_le(b, a)

    def test_delta_zero_is_tv(self):
        assert_eq(self.pair.delta(0), self.pair.tv())
        # An independent route to TV: every test's errors satisfy α + β ≥ 1 − TV (Neyman–Pearson),
        # so 1 − t − T(t) ≤ TV at every t, with equality at the optimum.
        tv = self.pair.tv()
        for t in TS:
            try:
                ft = self.pair.tradeoff(t)
            except UnsupportedError:  # documented for this pair: only the first route applies
                break
            assert_le(1 - t - ft, tv)

    def test_delta_is_max_of_both_hockey_sticks(self):
        for e in (Rational(1, 2), log(2)):
            g = sympy.exp(e)
            forward, backward = self.pair.hockey_stick(g), self.pair.reverse().hockey_stick(g)
            d = self.pair.delta(e)
            assert_le(forward, d)
            assert_le(backward, d)
            assert_eq(d, Real(lambda p: ball(forward).max(ball(backward))))

    def test_tradeoff_is_a_tradeoff_function(self):
        f = {t: supported(self.pair.tradeoff, t) for t in TS}
        assert_le(0, self.pair.tradeoff(0))
        assert_le(self.pair.tradeoff(0), 1)
        assert sign(self.pair.tradeoff(1)) == 0
        for t in TS:
            assert_le(0, f[t])
            assert_le(f[t], 1 - t)  # a test that ignores the data achieves 1 − t
        for a, b in zip(TS, TS[1:]):
            assert_le(f[b], f[a])
        for a, b, c in zip(TS, TS[1:], TS[2:]):
            assert_le(f[b], f[a] + (f[c] - f[a]) * (b - a) / (c - a))

    def test_reverse_tradeoff_is_the_inverse(self):
        """T(Q, P) = T(P, Q)^{-1}; for a symmetric pair the curve is its own inverse."""
        rev = self.pair if self.pair.symmetric else self.pair.reverse()
        for t in TS[:4]:
            ft = supported(self.pair.tradeoff, t)
            if isinstance(ft, Real):
                # T(Q, P) is non-increasing: bracket T(t) by exact rationals lo ≤ T(t) ≤ hi, then
                # T(Q, P)(hi) ≤ t ≤ T(Q, P)(lo).
                lo, hi = (from_fmpq(x) for x in endpoints(ball(ft), PREC))
                if sign(lo) > 0 and sign(hi - 1) < 0:
                    assert_le(rev.tradeoff(hi), t)
                    assert_le(t, rev.tradeoff(lo))
                continue
            if sign(ft) > 0:
                assert_eq(rev.tradeoff(ft), t)

    def test_epsilon_inverts_delta(self):
        tv = self.pair.tv()
        for d in (Rational(1, 100), Rational(1, 10)):
            e = self.pair.epsilon(d)
            if e is sympy.oo:
                continue
            if isinstance(e, Real):
                # δ is non-increasing: with exact rationals lo ≤ ε(d) ≤ hi, δ(hi) ≤ d ≤ δ(lo).
                lo, hi = (from_fmpq(x) for x in endpoints(ball(e), PREC))
                assert sign(hi) >= 0
                assert_le(self.pair.delta(hi), d)
                assert_le(d, self.pair.delta(max(lo, 0)))
                continue
            assert_le(self.pair.delta(e), d)
            if sign(e) > 0:
                assert_eq(self.pair.delta(e), d)
            else:
                assert_le(tv, d)

    def test_identity_composition_is_a_no_op(self):
        if not isinstance(self.pair, FinitePair):
            pytest.skip("composition with a finite pair is defined for finite pairs")
        one = FinitePair([1], [1])
        composed = self.pair.compose(one)
        for e in (0, Rational(1, 2), log(2)):
            assert_eq(composed.delta(e), self.pair.delta(e))


class TestRR3(PairLaws):
    pair = randomized_response(log(3))


class TestRRIrrational(PairLaws):
    pair = randomized_response(1)


class TestRR4ary(PairLaws):
    pair = randomized_response(log(2), 4)


class TestDominating(PairLaws):
    pair = dominating(log(2), 0, Rational(1, 5))


class TestDominatingDelta(PairLaws):
    pair = dominating(log(3), Rational(1, 10), Rational(1, 4))


class TestKOVIrrational(PairLaws):
    pair = dominating(1, Rational(1, 10))


class TestLaplace(PairLaws):
    pair = laplace(1)


class TestGaussian(PairLaws):
    pair = gaussian(1)


class TestRRPower(PairLaws):
    pair = randomized_response(log(2)) ** 3


class TestDominatingPower(PairLaws):
    pair = dominating(log(2), Rational(1, 10), Rational(1, 5)) ** 2


class TestNonLattice(PairLaws):
    pair = NON_LATTICE


class TestNonLatticeSquared(PairLaws):
    pair = NON_LATTICE.compose(NON_LATTICE)


class TestCertifiedLattice(PairLaws):
    pair = randomized_response(1) ** 2


class TestMixedLattice(PairLaws):
    pair = randomized_response(log(2)) ** 2 @ dominating(log(4), Rational(1, 10))


class TestLaplacePower(PairLaws):
    pair = laplace(1) ** 3


class TestGaussianPower(PairLaws):
    pair = gaussian(2) ** 3


class TestSubsampledGaussian(PairLaws):
    pair = gaussian(1).subsample(Rational(1, 10))


class TestSubsampledGaussianAdd(PairLaws):
    pair = gaussian(1).subsample(Rational(1, 4)).reverse()


class TestSubsampledLaplacePower(PairLaws):
    pair = (laplace(1) ** 2).subsample(Rational(1, 2))


class TestSubsampledRR(PairLaws):
    pair = randomized_response(log(3)).subsample(Rational(1, 3))


# --------------------------------------------------------------------------------------------
# one API: every documented method on every kind of pair


KINDS = {
    "finite": randomized_response(log(2)),
    "lattice": randomized_response(log(2)) ** 3,
    "laplace": laplace(1),
    "laplace-power": laplace(1) ** 3,
    "gaussian": gaussian(1),
    "subsampled-gaussian": gaussian(1).subsample(Rational(1, 10)),
    "subsampled-laplace": laplace(1).subsample(Rational(1, 10)),
    "subsampled-laplace-power": (laplace(1) ** 2).subsample(Rational(1, 2)),
}
METHODS = {
    "hockey_stick": lambda p: p.hockey_stick(2), "delta": lambda p: p.delta(Rational(1, 2)),
    "epsilon": lambda p: p.epsilon(Rational(1, 10)), "tv": lambda p: p.tv(), "kl": lambda p: p.kl(),
    "chi2": lambda p: p.chi2(), "renyi": lambda p: p.renyi(2), "tradeoff": lambda p: p.tradeoff(Rational(1, 4)),
    "compose": lambda p: p.compose(p), "power": lambda p: p ** 2, "subsample": lambda p: p.subsample(Rational(1, 2)),
    "reverse": lambda p: p.reverse(),
}


@pytest.mark.parametrize("method", sorted(METHODS))
@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_documented_method_works_or_is_documented_unsupported(kind, method):
    from symdp import Pair
    try:
        out = METHODS[method](KINDS[kind])
    except UnsupportedError as err:
        assert str(err)  # says what is missing
        return
    if method in ("compose", "power", "subsample", "reverse"):
        assert isinstance(out, Pair)
    else:
        assert isinstance(out, (Real, sympy.Expr)), type(out)
        assert not (ball(out) < 0)


def test_subsampled_gaussian_renyi_against_closed_form_and_quadrature():
    """D_2 forward: log(1 + q²(e^{μ²} − 1)) (the second moment of the mixture, a closed form);
    the reverse direction at α = 3/2 by mpmath quadrature at 40 digits."""
    import mpmath
    q, mu = Rational(1, 10), sympy.Integer(1)
    pair = gaussian(1).subsample(q)
    assert_eq(pair.renyi(2), sympy.log(1 + q ** 2 * (sympy.exp(mu ** 2) - 1)))
    with mpmath.workdps(40):
        qq = mpmath.mpf(1) / 10
        mix = lambda y: (1 - qq) * mpmath.npdf(y) + qq * mpmath.npdf(y, 1)
        integral = mpmath.quad(lambda y: mpmath.npdf(y) ** mpmath.mpf(1.5) * mix(y) ** mpmath.mpf(-0.5),
                               [-mpmath.inf, 0, 1, mpmath.inf])
        expected = mpmath.log(integral) / mpmath.mpf(0.5)
        got = pair.reverse().renyi(Rational(3, 2)).ball(200)
        assert abs(mpmath.mpf(got.mid().str(45, radius=False)) - expected) < mpmath.mpf(10) ** -30


def test_certified_values_compare_with_numbers():
    from symdp import PrecisionError
    d = gaussian(1).subsample(Rational(1, 10)).renyi(Rational(5, 2))  # a Real without closed form
    assert isinstance(d, Real) and d.exact is None
    from symdp.numbers import endpoints, from_fmpq
    lo = from_fmpq(endpoints(d.ball(64), 64)[0])  # an exact number just below the value
    assert d > lo and lo < d and d >= 0 and not (d < 0) and d < 1 and 1 > d and d > 0.001
    pi = Real(lambda p: arb.pi())
    with pytest.raises(PrecisionError, match="cannot decide"):
        pi < pi + 0  # equal, no closed form: undecidable, said so
    assert Real(lambda p: arb(1) / 3, exact=Rational(1, 3)) <= Rational(1, 3)


# --------------------------------------------------------------------------------------------
# data processing


@st.composite
def pair_and_partition(draw):
    n = draw(st.integers(2, 6))
    vec = st.lists(st.integers(0, 5), min_size=n, max_size=n).filter(lambda v: sum(v) > 0)
    a, b = draw(vec), draw(vec)
    labels = draw(st.lists(st.integers(0, n - 1), min_size=n, max_size=n))
    return [Fraction(x, sum(a)) for x in a], [Fraction(x, sum(b)) for x in b], labels


@given(pair_and_partition())
def test_data_processing(case):
    """Merging outcomes (a deterministic post-processing) never increases δ(ε) or TV."""
    p, q, labels = case
    groups = sorted(set(labels))
    mp = [sum((x for x, l in zip(p, labels) if l == g), Fraction(0)) for g in groups]
    mq = [sum((x for x, l in zip(q, labels) if l == g), Fraction(0)) for g in groups]
    fine = FinitePair(p, q)
    coarse = FinitePair(mp, mq)
    assert coarse.tv() <= fine.tv()
    for e in (Rational(1, 2), log(2), log(5)):
        assert coarse.delta(e) <= fine.delta(e)
    for t in TS:
        assert coarse.tradeoff(t) >= fine.tradeoff(t)


# --------------------------------------------------------------------------------------------
# bad parameters


BAD = [
    ("eps", lambda: laplace(-1)),
    ("eps", lambda: laplace(0)),
    ("sigma", lambda: gaussian(0)),
    ("sigma", lambda: gaussian(-2)),
    ("sensitivity", lambda: gaussian(1, sensitivity=0)),
    ("eps", lambda: randomized_response(-1)),
    ("k", lambda: randomized_response(1, 1)),
    ("k", lambda: randomized_response(1, 2.5)),
    ("eps", lambda: dominating(-1)),
    ("delta", lambda: dominating(1, Rational(3, 2))),
    ("delta", lambda: dominating(1, -Rational(1, 2))),
    ("eta", lambda: dominating(log(2), 0, Rational(1, 2))),
    ("eta", lambda: dominating(log(2), Rational(1, 10), Rational(1, 20))),
    ("eps", lambda: randomized_response(log(2)).delta(-1)),
    ("delta", lambda: randomized_response(log(2)).epsilon(2)),
    ("delta", lambda: gaussian(1).epsilon(-Rational(1, 2))),
    ("alpha", lambda: randomized_response(log(2)).renyi(0)),
    ("alpha", lambda: gaussian(1).renyi(-1)),
    ("alpha", lambda: laplace(1).tradeoff(2)),
    ("gamma", lambda: randomized_response(log(2)).hockey_stick(-1)),
    ("p[1]", lambda: FinitePair([Rational(3, 2), -Rational(1, 2)], [Rational(1, 2), Rational(1, 2)])),
    ("q", lambda: FinitePair([Rational(1, 2), Rational(1, 2)], [Rational(1, 2), Rational(1, 4)])),
    ("p", lambda: FinitePair([1], [Rational(1, 2), Rational(1, 2)])),
    ("k", lambda: randomized_response(log(2)) ** 0),
    ("k", lambda: gaussian(1) ** -1),
    ("q", lambda: randomized_response(log(2)).subsample(2)),
]


@pytest.mark.parametrize("name,call", BAD, ids=[f"{n}-{i}" for i, (n, _) in enumerate(BAD)])
def test_bad_parameters_name_the_parameter(name, call):
    with pytest.raises(ParameterError, match=r"\b" + name.replace("[", r"\[").replace("]", r"\]")):
        call()
