"""symdp.numbers against mpmath at twice the digits, and the exact-rational contracts."""

from decimal import Decimal
from fractions import Fraction

import mpmath
import pytest
import sympy
from flint import arb, ctx, fmpq
from hypothesis import given, strategies as st
from sympy import E, Integer, Rational, erfc, exp, log, pi, sqrt

from symdp import ParameterError, PrecisionError, Real, certify, gaussian
from symdp.numerics.roots import at_points, solve_decreasing
from symdp.numbers import (MAX_DIGITS, decide_lt, encloses, exact, maximum,
                           sign, working_precision)

# (sympy value, the same number computed by mpmath at the current mpmath precision)
CASES = {
    "e": (exp(1), lambda: mpmath.e),
    "log2": (log(2), lambda: mpmath.log(2)),
    "pi": (pi, lambda: +mpmath.pi),
    "-exp3": (-exp(3), lambda: -mpmath.exp(3)),
    "erfc30": (erfc(30), lambda: mpmath.erfc(30)),
    "erfc_half": (erfc(Rational(1, 2)), lambda: mpmath.erfc(mpmath.mpf(1) / 2)),
    "1/3": (Rational(1, 3), lambda: mpmath.mpf(1) / 3),
    "-22/7": (Rational(-22, 7), lambda: -mpmath.mpf(22) / 7),
    "exp1000": (exp(1000), lambda: mpmath.exp(1000)),
    "tiny_pi": (pi / Integer(10) ** 40, lambda: mpmath.pi / mpmath.mpf(10) ** 40),
    "huge_sqrt2": (sqrt(2) * Integer(10) ** 60, lambda: mpmath.sqrt(2) * mpmath.mpf(10) ** 60),
    "10^50": (Integer(10) ** 50, lambda: mpmath.mpf(10) ** 50),
    "carry": (Rational(999999, 1000000), lambda: mpmath.mpf(999999) / 1000000),
    "gaussian_delta1": (gaussian(1).delta(1),
                        lambda: mpmath.ncdf(-mpmath.mpf(1) / 2) - mpmath.e * mpmath.ncdf(-mpmath.mpf(3) / 2)),
}


def assert_certified(c, true, digits: int) -> None:
    """`c.decimal` has `digits` significant digits, its last one off by < 1 unit, and
    lower ≤ true ≤ upper; `true` is an mpf at more than twice the digits."""
    d = Decimal(c.decimal)
    assert len(d.as_tuple().digits) == digits, c.decimal
    assert (d < 0) == (true < 0)
    e = int(mpmath.floor(mpmath.log10(abs(true))))
    assert abs(mpmath.mpf(c.decimal) - true) < mpmath.mpf(10) ** (e - digits + 1), (c.decimal, true)
    assert mpmath.mpf(c.lower) <= true <= mpmath.mpf(c.upper)


@pytest.mark.parametrize("digits", [1, 7, 30, 100])
@pytest.mark.parametrize("name", sorted(CASES))
def test_certify_digits_against_mpmath(name, digits):
    value, reference = CASES[name]
    with mpmath.workdps(2 * digits + 30):
        true = reference()
        c = certify(value, digits)
        assert_certified(c, true, digits)


def test_certify_rounds_to_nearest_and_carries():
    assert certify(Rational(999999, 1000000), 3).decimal == "1.00"  # rounds up and carries
    # An exact tie rounds half away from zero (either neighbour is within one unit, so the rule
    # is what makes the digits reproducible): 0.125 → 0.13, −0.125 → −0.13, 0.0625 → 0.063.
    assert certify(Rational(1, 8), 2).decimal == "0.13"
    assert certify(-Rational(1, 8), 2).decimal == "-0.13"
    assert certify(Rational(1, 16), 2).decimal == "0.063"
    assert certify(Rational(5, 2), 1).decimal == "3"
    assert certify(Rational(1, 4), 2).decimal == "0.25"
    assert certify(Integer(-7), 1).decimal == "-7"


@given(st.fractions(min_value=-10 ** 6, max_value=10 ** 6).filter(lambda f: f != 0),
       st.integers(1, 40))
def test_certify_exact_rationals(f, digits):
    with mpmath.workdps(2 * digits + 30):
        true = mpmath.mpf(f.numerator) / f.denominator
        assert_certified(certify(f, digits), true, digits)


def test_certify_zero():
    assert certify(0, 5).decimal == "0"
    assert certify(Real(lambda p: arb(0)), 5).decimal == "0"  # an exact ball {0} certifies 0
    assert certify(log(2) + log(3) - log(6), 10).decimal == "0"  # exactly zero, not recognised by is_zero


def test_certify_refuses_an_undecidable_zero():
    with pytest.raises(PrecisionError, match="exactly 0"):
        certify(Real(lambda p: arb.pi().sin()), 5, max_prec=4096)


def test_certify_refuses_infinity_and_symbols():
    with pytest.raises(PrecisionError):
        certify(sympy.oo, 5)
    with pytest.raises(ParameterError, match="free symbols"):
        certify(sympy.Symbol("x") + 1, 5)


@pytest.mark.parametrize("digits", [0, -1, MAX_DIGITS + 1, 2.5, True, "10"])
def test_digit_limits(digits):
    with pytest.raises(ParameterError, match="digits"):
        certify(pi, digits)


def test_certified_real_arithmetic():
    x = Real(lambda p: arb.pi(), exact=pi)
    y = (x + 1) * 2 - Rational(1, 3) / x
    with mpmath.workdps(60):
        true = (mpmath.pi + 1) * 2 - mpmath.mpf(1) / 3 / mpmath.pi
        assert_certified(certify(y, 25), true, 25)


# --------------------------------------------------------------------------------------------
# exact()


def test_exact_conversions():
    assert exact(0.1) == Rational(1, 10)
    assert exact(1e-7) == Rational(1, 10 ** 7)
    assert exact(3) == 3 and exact(Fraction(2, 6)) == Rational(1, 3)
    assert exact(fmpq(3, 9)) == Rational(1, 3)
    assert exact(sympy.Float("0.25")) == Rational(1, 4)
    assert exact(log(2)) == log(2)


@pytest.mark.parametrize("bad", [float("nan"), float("inf"), True, "1", None, sympy.I, [1]])
def test_exact_refuses(bad):
    with pytest.raises(ParameterError, match="eps"):
        exact(bad, "eps")


# --------------------------------------------------------------------------------------------
# decisions


def test_sign():
    assert sign(log(2) + log(3) - log(6)) == 0
    assert sign(pi - Rational(355, 113)) == -1
    assert sign(exp(-1000)) == 1
    assert sign(Rational(-1, 3)) == -1 and sign(0) == 0 and sign(Fraction(1, 7)) == 1
    assert sign(E ** pi - pi ** E) == 1


def test_decide_lt_and_encloses():
    assert decide_lt(arb(1), arb(2)) is True
    assert decide_lt(arb(2), arb(1)) is False
    assert decide_lt(arb(1, fmpq(1, 10)), arb("1.05")) is None
    with working_precision(53):
        ball = arb("0.1")
    assert encloses(ball, fmpq(1, 10))
    assert not encloses(ball, fmpq(1, 10) + fmpq(1, 10 ** 15))


def test_maximum():
    assert maximum(log(3), Rational(11, 10)) == Rational(11, 10)
    assert maximum(log(3), Rational(109, 100)) == log(3)
    m = maximum(Real(lambda p: arb.pi()), Integer(3))
    assert certify(m, 20).decimal == certify(pi, 20).decimal


def test_working_precision_restores_on_exception():
    assert ctx.prec == 53
    with pytest.raises(RuntimeError):
        with working_precision(300):
            assert ctx.prec == 300
            raise RuntimeError("boom")
    assert ctx.prec == 53
    Real(lambda p: arb.pi()).ball(500)
    assert ctx.prec == 53


# --------------------------------------------------------------------------------------------
# certified inverses (symdp.numerics.roots)


def _exp_minus(x: arb) -> arb:
    return (-x).exp()


@pytest.mark.parametrize("target,root", [(Rational(1, 3), log(3)), (Rational(1, 2), log(2)),
                                         (exp(-5), Integer(5)), (Rational(1, 10 ** 6), log(10 ** 6))])
def test_solve_decreasing_known_inverses(target, root):
    x = solve_decreasing(_exp_minus, target, 0)
    assert certify(x, 40).decimal == certify(root, 40).decimal
    with working_precision(300):
        ball = x.ball(300)
        assert ball.overlaps(arb(str(sympy.N(root, 100))))
        assert ball.rad() < arb(2) ** -280 * (1 + abs(ball))  # the ball shrinks to ~2^-prec


def test_solve_decreasing_at_exact_points_with_rational_root():
    # f(x) = 1/(1+x) is decreasing; f(x) = 1/3 at x = 2 exactly.
    x = solve_decreasing(at_points(lambda x, p: 1 / (1 + arb(x))), Rational(1, 3), 0, 10)
    assert encloses(x.ball(200), fmpq(2))
    assert certify(x, 30).decimal.startswith("2.0000000")


@pytest.mark.parametrize("expr", [sympy.exp(-10 ** 5), 3 * sympy.exp(10 ** 6), -sympy.erfc(3000),
                                  Rational(1, 3) * Integer(10) ** -5000])
def test_certify_extreme_magnitudes_against_mpmath(expr):
    """Values far outside the double range keep their digits and bounds (scaled in ball
    arithmetic before their endpoints become rationals)."""
    c = certify(expr, 20)
    mpmath.mp.dps = 60
    true = mpmath.mpf(sympy.N(expr, 60))
    assert mpmath.mpf(c.lower) <= true <= mpmath.mpf(c.upper)
    exponent = c.decimal.split("e")[1]
    unit = mpmath.mpf(10) ** (int(exponent) - 19)
    assert abs(mpmath.mpf(c.decimal) - true) < unit


def test_sign_of_a_ball_touching_zero_is_not_positive():
    """|log 2 + log 3 − log 6| = 0 exactly; its ball is [0, r], "certainly ≥ 0" but not > 0."""
    from symdp.numbers import sign
    assert sign(sympy.Abs(log(2) + log(3) - log(6))) == 0


def test_sign_proves_zero_by_exponential_atoms_and_refuses_what_it_cannot_decide():
    from symdp.numbers import sign
    x = exp(Integer(10) ** 5)  # e^(10⁵): sympy's simplify is never asked
    assert sign(1 / (1 + x) + x / (1 + x) - 1) == 0
    tiny = exp(Rational(1, 10 ** 2000)) - 1 - Rational(1, 10 ** 2000)  # ≈ 5·10⁻⁴⁰⁰¹ > 0
    with pytest.raises(PrecisionError, match="cannot decide the sign"):
        sign(tiny, max_prec=1024)
    assert sign(tiny, max_prec=1 << 15) == 1


def test_integer_powers_of_balls_around_zero_stay_finite():
    """(log 2 + log 3 − log 6)² is exactly 0; its ball [±r] must not turn into nan when squared."""
    z = log(2) + log(3) - log(6)
    assert certify(z ** 2, 10).decimal == "0"
    assert certify(z ** 3 + Rational(1, 3), 10).decimal == "0.3333333333"


def test_sign_of_balls_around_zero():
    """The exact ball {0} is 0; a ball [±2^−prec] at every precision is undecided, not positive."""
    from flint import arb
    from symdp.numbers import sign
    assert sign(Real(lambda p: arb(0))) == 0
    with pytest.raises(PrecisionError, match="cannot decide the sign"):
        sign(Real(lambda p: arb(0).union(arb(2) ** -p)), max_prec=256)


_rationals = st.fractions(min_value=Fraction(-10 ** 30), max_value=Fraction(10 ** 30), max_denominator=10 ** 40)


@given(_rationals, st.fractions(min_value=0, max_value=1, max_denominator=10 ** 45))
def test_interval_text_is_outward_and_never_a_false_point(lower, width):
    """The printed ends (read back exactly) enclose [lower, upper]; they differ unless the
    interval is a point, and they are more than one unit of the last digit apart or say so."""
    from symdp.numbers import interval_text
    upper = lower + width
    text = interval_text(lower, upper)
    ends, _, note = text.partition("] ")
    lo, hi = (Fraction(t) for t in ends.strip("[]").split(", "))
    assert lo <= lower and upper <= hi
    assert lo != hi or lower == upper
    if note:
        assert note == "(narrower than one unit of the last digit shown)" and width < Fraction(1, 10 ** 40) * max(abs(lower), abs(upper))


def test_interval_text_shows_the_width_of_a_narrow_interval():
    """A table's certified enclosure of 1 − erfc(5/√2) (width 10⁻²⁸) printed at 17 digits by the
    old helper read [0.99999942669685624, 0.99999942669685624]."""
    from symdp.numbers import interval_text
    lower, upper = Fraction("0.9999994266968562416121766524"), Fraction("0.9999994266968562416121766525")
    assert interval_text(lower, upper) == "[0.9999994266968562416121766524, 0.9999994266968562416121766525]"
    assert interval_text(Fraction(19504), Fraction(19526)) == "[19504, 19526]"
