"""The fundamental theorem over a half-line (``improper``) and joined convergence (``joined``), drafted for
tv-dp's Laplace and Gaussian total variation (NEED_tv_improper_ftc.md).

``improper`` gives ∫_{−∞}^b F' = F(b) − L (∫_a^∞ F' = L − F(a)) and its convergence for F = G(h(x)), the inner terms
exp/erf/erfc of a linear argument with their limits, F' ≥ 0 on the half-line; ``joined`` gives the convergence of
∫_a^b from its two pieces. Values are checked against sympy's own integration (an independent route); wrong
applications are refused and tampered certificates disagree at the re-check.
"""

from __future__ import annotations

import sympy
from sympy import Integral, erf, exp, oo

from symdp.verify import kernel as K
from test_kernel import disagrees, refused, replays

x, c, a = sympy.symbols("x c a", real=True)
s, r = sympy.symbols("s r", real=True)
lam = sympy.Symbol("lam", real=True)


def test_exp_on_the_lower_half_line():
    step = K.improper(s / lam, {s: (exp(lam * x), -1)}, x, -oo, c, [lam > 0])
    assert replays(step)
    goal = K.fact(step).goal
    assert goal.conclusion == sympy.Eq(Integral(exp(lam * x), (x, -oo, c)), exp(lam * c) / lam, evaluate=False)
    for v, at in ((2, 0), (sympy.Rational(1, 3), 1)):   # sympy integrates the same integral
        whole = Integral(exp(v * x), (x, -oo, at)).doit()
        assert sympy.simplify(whole - (exp(lam * c) / lam).subs({lam: v, c: at})) == 0
    exists = K.improper(s / lam, {s: (exp(lam * x), -1)}, x, -oo, c, [lam > 0], converges=True)
    assert replays(exists) and K.fact(exists).goal.conclusion == K.Converges(Integral(exp(lam * x), (x, -oo, c)))


def test_erf_on_both_half_lines():
    down = K.improper(s / 2, {s: (erf(x), -1)}, x, -oo, c)      # ∫_{−∞}^c e^{−x²}/√π = (erf c + 1)/2
    up = K.improper(s / 2, {s: (erf(x), 1)}, x, c, oo)          # ∫_c^∞ e^{−x²}/√π = (1 − erf c)/2
    assert replays(down) and replays(up)
    assert K.fact(down).goal.conclusion.rhs == erf(c) / 2 + sympy.Rational(1, 2)
    assert K.fact(up).goal.conclusion.rhs == sympy.Rational(1, 2) - erf(c) / 2
    for at in (0, 1, -2):
        lower = Integral(exp(-x ** 2) / sympy.sqrt(sympy.pi), (x, -oo, at)).doit()
        assert sympy.simplify((lower - (erf(at) + 1) / 2).rewrite(erf)) == 0


def test_a_wrong_limit_is_refused():
    # erf(x) → −1 at −∞: claiming +1 would give the false ∫_{−∞}^0 erf' = erf(0) − 1 = −1
    refused(K.improper(s, {s: (erf(x), 1)}, x, -oo, 0), "fails at")
    # exp has no finite limit as its argument → ∞
    refused(K.improper(s, {s: (exp(x), 1)}, x, 0, oo), "no finite limit")
    # e^{−x} at −∞: its argument tends to +∞ although the record says −∞
    refused(K.improper(-s, {s: (exp(-x), -1)}, x, -oo, 0), "fails at")
    # the sign of the slope is not known: λ of either sign
    refused(K.improper(s / lam, {s: (exp(lam * x), -1)}, x, -oo, c), "fails at")
    # a non-linear argument is not in the table
    refused(K.improper(s, {s: (exp(x ** 2), -1)}, x, -oo, 0), "c·x + d")


def test_a_derivative_of_both_signs_is_refused():
    # F = e^x − e^{2x}: F' = e^x − 2e^{2x} changes sign at −log 2, so monotone convergence does not apply as stated
    refused(K.improper(s - r, {s: (exp(x), -1), r: (exp(2 * x), -1)}, x, -oo, 0), "fails at")
    # the outer function must be continuous at the limit point and free of x
    refused(K.improper(1 / s, {s: (exp(x), -1)}, x, -oo, 0), "zoo")          # G(0) = 1/0: no limit value
    refused(K.improper(s + x, {s: (exp(x), -1)}, x, -oo, 0), "free of")


def test_a_tampered_half_line_disagrees():
    step = K.improper(s / lam, {s: (exp(lam * x), -1)}, x, -oo, c, [lam > 0])
    assert "side condition" in disagrees(step, lambda cert: cert["side"].pop())
    assert "not what the rule gives" in disagrees(step, lambda cert: cert["params"].update(converges=True))

    def flip(cert):
        cert["params"]["inner"][0][2] = 1
    assert disagrees(step, flip)


def test_joined_convergence():
    head = K.improper(s, {s: (exp(x), -1)}, x, -oo, 0, converges=True)
    whole = K.joined(Integral(exp(x), (x, -oo, 1)), 0)
    assert replays(whole)
    assert K.Converges(Integral(exp(x), (x, -oo, 0))) in K.fact(whole).goal.hypotheses
    done = K.apply(whole, head)
    assert replays(done) and K.fact(done).goal.conclusion == K.Converges(Integral(exp(x), (x, -oo, 1)))
    assert K.fact(done).goal.hypotheses == ()
    proper = K.joined(Integral(exp(x) / a, (x, 0, 1)), 0, [a > 0])   # a proper continuous integral with a condition
    assert replays(proper) and K.fact(proper).goal.conclusion == K.Converges(Integral(exp(x) / a, (x, 0, 1)))


def test_a_wrong_join_is_refused():
    refused(K.joined(Integral(exp(x), (x, 0, 1)), 2), "outside")
    refused(K.joined(Integral(1 / x, (x, -1, 1)), 0), "fails at")       # 1/x is undefined at 0: no convergence
    refused(K.joined(Integral(exp(x), (x, 0, 1)), x), "free of")
    refused(K.joined(Integral(exp(x), (x, 0, oo)), oo), "finite")
    step = K.joined(Integral(exp(x) / a, (x, 0, 1)), 0, [a > 0])
    assert "side condition" in disagrees(step, lambda cert: cert["side"].clear())


def test_a_decreasing_argument_and_a_sign_from_a_hypothesis():
    # e^{−λx} on [c, ∞): the slope −λ must be negative (recorded as such, not as a positive slope)
    up = K.improper(-s / lam, {s: (exp(-lam * x), -1)}, x, c, oo, [lam > 0])
    assert replays(up)
    assert K.fact(up).goal.conclusion.rhs == exp(-lam * c) / lam
    assert sympy.simplify(Integral(exp(-3 * x), (x, 2, oo)).doit() - exp(-6) / 3) == 0   # sympy's own value at λ=3, c=2
    refused(K.improper(-s / lam, {s: (exp(-lam * x), -1)}, x, c, oo), "fails at")          # λ of either sign
    # F = a·e^x: F' = a·e^x ≥ 0 only under a ≥ 0, a side sympy does not fold away
    signed = K.improper(a * s, {s: (exp(x), -1)}, x, -oo, c, [a >= 0])
    assert replays(signed)
    refused(K.improper(a * s, {s: (exp(x), -1)}, x, -oo, c), "fails at")


def test_an_outer_power_undefined_at_the_limit_point_is_refused():
    # G = 0**q is defined nowhere (a symbolic exponent needs a base > 0), yet sympy folds F = 0**exp(x) to 0 and G at
    # the limit point, 0**0, to 1: ∫_{−∞}^0 0 dx is 0, and the false value −1 must neither be proved nor replay
    q, r, s1, s2 = sympy.symbols("q r s1 s2")
    assert Integral(sympy.Integer(0), (x, -oo, 0)).doit() == 0
    refused(K.improper(sympy.Pow(0, q), {q: (exp(x), -1)}, x, -oo, 0), "fails at")
    # the same fold without a literal zero base: s1 − s2 → 0 at the limit point, r → 0
    refused(K.improper((s1 - s2) ** r, {s1: (erf(x), -1), s2: (erf(x), -1), r: (exp(x), -1)}, x, -oo, 0), "fails at")
    kept = K._powers_reread
    try:
        K._powers_reread = lambda parts, rule: set()   # the kernel without the side, to forge the certificate
        forged = K.improper(sympy.Pow(0, q), {q: (exp(x), -1)}, x, -oo, 0)
    finally:
        K._powers_reread = kept
    assert forged.status == "proved" and K.fact(forged).goal.conclusion.rhs == -1
    assert "side condition" in disagrees(forged, lambda cert: None)
    # a symbolic exponent whose base is positive at the limit point is fine: ∫_{−∞}^0 (2^{e^x})' dx = 2 − 1
    fine = K.improper(2 ** q, {q: (exp(x), -1)}, x, -oo, 0)
    assert replays(fine)
    assert sympy.simplify(K.fact(fine).goal.conclusion.rhs - 1) == 0
    assert abs(sympy.Integral(sympy.diff(2 ** exp(x), x), (x, -oo, 0)).evalf(30) - 1) < sympy.Float("1e-25")
