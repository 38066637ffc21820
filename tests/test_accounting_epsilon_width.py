"""A δ bracket's ε-equivalent width (Bracket.epsilon_width, the rtol a δ query meets through it)
against independent references.

The claim: the true δ at ε(1 − r) is at least the bracket's upper end, r its epsilon_width (or
rtol, when the run says the bracket met rtol that way). The oracle is exact enumeration of the
T-fold product of a finite pair over all outcome tuples (Steinke, *Composition of DP & privacy
amplification by subsampling*, Proposition 7 on the product space), summed in 320-bit balls;
the pieces (the slope read off a discretisation, the fraction solved from it) are checked
against direct sums and mpmath at 60 digits.
"""

from __future__ import annotations

import itertools
import math

import mpmath
import pytest
import sympy
from flint import arb, ctx, fmpq
from hypothesis import assume, given, settings, strategies as st

from symdp.accounting import delta_bracket
from symdp.accounting.bracket import epsilon_fraction, rises_by
from symdp.accounting.discretise import Discrete
from symdp.accounting.readout import Reader
from symdp.central.pairs import FinitePair

R = sympy.Rational
BITS = 40


def _fq(x: sympy.Rational) -> fmpq:
    return fmpq(int(x.p), int(x.q))


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 1000), min_size=1, max_size=12), st.integers(-6, 4), st.integers(0, 50),
       st.integers(3, 40), st.integers(-2, 14), st.integers(1, 5))
def test_the_slope_is_the_q_mass_above_eps(weights, lo, inf, n, offset, third):
    """Reader.slope(ε) ≤ Σ_{a_i > ε} p_i e^{−a_i} (the Q-mass above ε, the profile's right slope
    at e^ε), summed term by term at 60 digits, and within 10⁻²⁰ of it; at grid points (third
    = 3) and between them."""
    h = fmpq(1, n)
    total = sum(weights) + inf or 1
    masses = [(w << BITS) // total for w in weights]
    d = Discrete(h, lo, masses, inf, BITS, False)
    eps = h * (lo + offset) + h * third / 3 - h  # third = 3: the grid point (lo + offset)·h itself
    with mpmath.workdps(60):
        truth = sum((mpmath.mpf(c) * mpmath.exp(-mpmath.mpf(lo + i) / n) for i, c in enumerate(masses)
                     if fmpq(lo + i, n) > eps), mpmath.mpf(0)) / mpmath.mpf(2) ** BITS
        slope = Reader(d).slope(eps)
        value = mpmath.mpf(int(slope.p)) / int(slope.q)
        assert value <= truth * (1 + mpmath.mpf(10) ** -50), (value, truth)
        assert value >= truth * (1 - mpmath.mpf(10) ** -20), (value, truth)


@settings(max_examples=60, deadline=None)
@given(st.fractions(min_value=0, max_value=1, max_denominator=10 ** 6), st.integers(1, 400),
       st.fractions(min_value=0, max_value=1, max_denominator=10 ** 4))
def test_the_fraction_and_the_rise_against_mpmath(gap, eps100, slope):
    """epsilon_fraction(lower, upper, ε, s) = r certifies (e^ε − e^{ε(1−r)})·s ≥ upper − lower
    and is within 10⁻⁹ of the exact solution; rises_by says True only when the rise is at
    least the gap, and True when it exceeds it by a relative 10⁻²⁰."""
    gap, eps, slope = fmpq(gap.numerator, gap.denominator), fmpq(eps100, 100), fmpq(slope.numerator, slope.denominator)
    r = epsilon_fraction(R(0), R(int(gap.p), int(gap.q)), R(eps100, 100), R(int(slope.p), int(slope.q)))
    with mpmath.workdps(60):
        e, g, s = mpmath.mpf(eps100) / 100, mpmath.mpf(int(gap.p)) / int(gap.q), mpmath.mpf(int(slope.p)) / int(slope.q)
        if gap == 0:
            assert r == 0.0
        elif s == 0 or mpmath.exp(e) - g / s <= 1:
            assert r == math.inf or (mpmath.exp(e) - g / s <= 1 + mpmath.mpf(10) ** -30)
        else:
            exact = 1 - mpmath.log(mpmath.exp(e) - g / s) / e
            assert exact <= r <= exact + 1e-9, (r, exact)
            assert (mpmath.exp(e) - mpmath.exp(e * (1 - mpmath.mpf(r)))) * s >= g
        for fraction in (fmpq(1, 1000), fmpq(1, 100), fmpq(1, 10), fmpq(1, 2)):
            f = mpmath.mpf(int(fraction.p)) / int(fraction.q)
            rise = (mpmath.exp(e) - mpmath.exp(e * (1 - f))) * s
            if rises_by(gap, eps, fraction, slope):
                assert rise >= g, (fraction, rise, g)
            elif gap > 0:
                assert rise < g * (1 + mpmath.mpf(10) ** -20), (fraction, rise, g)


def _exact_delta(p: list[fmpq], q: list[fmpq], steps: int, eps: fmpq) -> arb:
    """max over both directions of Σ over outcome tuples (Π a − e^ε Π b)₊ of the `steps`-fold
    product, in 320-bit balls."""
    with ctx.workprec(320):
        g = arb(eps).exp()
        best = None
        for a, b in ((p, q), (q, p)):
            total = arb(0)
            for tup in itertools.product(range(len(a)), repeat=steps):
                pa = math.prod((a[i] for i in tup), start=fmpq(1))
                pb = math.prod((b[i] for i in tup), start=fmpq(1))
                total += (arb(pa) - g * arb(pb)).nonnegative_part()
            best = total if best is None else (best if best.lower() > total.upper() else
                                              total if total.lower() > best.upper() else best.union(total))
        return best


_weights = st.lists(st.integers(1, 30), min_size=3, max_size=4)


def _check_width(wp: list[int], wq: list[int], steps: int, share: float, n: int) -> None:
    """δ at ε(1 − r) (r the bracket's epsilon_width, when below 1) is at least the bracket's
    upper end, and so is δ at ε(1 − rtol) when the bracket says it met rtol (rtol = 1/10),
    which its own ε-equivalent width must then say too; δ at ε lies in the bracket. ε is a share
    of the largest composed loss, where δ is small and steep and the ε-equivalent width can be
    the narrower one."""
    p = [fmpq(w, sum(wp)) for w in wp]
    q = [fmpq(w, sum(wq)) for w in wq]
    pair = FinitePair([R(w, sum(wp)) for w in wp], [R(w, sum(wq)) for w in wq])
    top = steps * max(abs(math.log(a * sum(wq) / (b * sum(wp)))) for a, b in zip(wp, wq))
    eps10 = max(1, int(10 * top * share))
    eps = fmpq(eps10, 10)
    b = delta_bracket(pair, steps, R(eps10, 10), rtol=R(1, 10), h=R(1, n))
    truth = _exact_delta(p, q, steps, eps)
    assert _fq(b.lower) <= truth.upper().fmpq() and truth.lower().fmpq() <= _fq(b.upper)
    r = b.epsilon_width
    assert r is not None
    if r < 1:
        shrunk = eps * (1 - fmpq(*float(r).as_integer_ratio()))
        assert _exact_delta(p, q, steps, shrunk).upper().fmpq() >= _fq(b.upper), (r, b)
    if b.met and b.relative_width > R(1, 10):  # met through the ε-equivalent width: so said
        assert r <= 0.1 * (1 + 1e-9), b  # by the bracket's own ends and slope too
        assert _exact_delta(p, q, steps, eps * fmpq(9, 10)).upper().fmpq() >= _fq(b.upper), b


@settings(max_examples=15, deadline=None)
@given(_weights, _weights, st.integers(2, 4), st.sampled_from([0.1, 0.3, 0.5, 0.7, 0.85]), st.sampled_from([10, 20, 40]))
def test_the_epsilon_width_of_a_delta_bracket_holds_exact_enumeration(wp, wq, steps, share, n):
    """Law: :func:`_check_width` for the T-fold composition of a finite pair on a fixed grid h = 1/n."""
    size = min(len(wp), len(wq))
    wp, wq = wp[:size], wq[:size]
    assume(wp != wq)
    _check_width(wp, wq, steps, share, n)


@pytest.mark.parametrize("wp, wq, steps, share, n", [
    # relative width above 1/10, met through an ε-equivalent width below it
    ([30, 27, 16], [9, 18, 8], 2, 0.85, 40), ([18, 29, 19, 19], [4, 23, 21, 7], 4, 0.7, 20),
    ([30, 10, 14], [9, 17, 10], 4, 0.7, 10), ([17, 3, 19], [4, 22, 29], 3, 0.5, 10),
    # both widths above 1/10, the ε-equivalent one below 2/10
    ([2, 17, 7], [11, 26, 27], 4, 0.5, 20), ([6, 8, 26], [9, 30, 29], 2, 0.3, 20),
    ([2, 25, 9, 8], [9, 20, 17, 17], 3, 0.3, 20), ([15, 20, 21, 26], [18, 13, 21, 26], 2, 0.85, 10)])
def test_the_epsilon_width_near_rtol(wp, wq, steps, share, n):
    """:func:`_check_width` where the two widths fall either side of rtol (found by a search on
    random finite pairs): the status met must follow from the ε-equivalent width alone."""
    _check_width(wp, wq, steps, share, n)
