"""Independent routes for two egamma-ldp numbers the claims certify: the supremum of Remark 1's (17) in the
example, and the point-mass witness that φ_n in Lemma 4 cannot be replaced by φ. Nothing here calls the claims."""

from fractions import Fraction

import mpmath


def _objective(zeta: Fraction, gamma: Fraction) -> Fraction:
    """ζ[1 − I_γ(Θ;X) − γℒ(ζ) − (1 − γ)₊] for Θ ~ U[0,1], X ~ Ber(Θ): I_γ of eq. (18), ℒ(ζ) = min{2ζ, 1}."""
    i_g = gamma ** 2 / 4 if gamma <= 1 else (gamma - 2) ** 2 / 4 if gamma <= 2 else Fraction(0)
    return zeta * (1 - i_g - gamma * min(2 * zeta, Fraction(1)) - max(1 - gamma, Fraction(0)))


def test_remark_1_eq_17_supremum_is_2_27_by_exact_grid():
    # exact rationals on a grid of (ζ, γ) ∈ (0, 1] × [0, 4]: nothing exceeds 2/27, and 2/27 is hit at (1/6, 4/3)
    best = max(_objective(Fraction(i, 60), Fraction(j, 30)) for i in range(1, 61) for j in range(0, 121))
    assert best == Fraction(2, 27)
    assert _objective(Fraction(1, 6), Fraction(4, 3)) == Fraction(2, 27) < Fraction(8, 100)


def test_point_mass_witness_beats_phi_but_not_phi_n():
    # V uniform on {0, 1}, P_v = δ_v, binary RR at ε = 1, n = 10: I(X^n;V) = log 2, and I(Z^n;V) by the posterior
    with mpmath.workdps(40):
        n, e = 10, mpmath.e
        keep = e / (1 + e)
        info = mpmath.log(2)
        for ones in range(n + 1):  # H(V | Z^n) from the posterior of V given the number of ones
            p1 = keep ** ones * (1 - keep) ** (n - ones)
            p0 = keep ** (n - ones) * (1 - keep) ** ones
            mass = mpmath.binomial(n, ones) * (p0 + p1) / 2
            post = p1 / (p0 + p1)
            info += mass * (post * mpmath.log(post) + (1 - post) * mpmath.log(1 - post))
        ratio = info / mpmath.log(2)
        assert 1 - 1 / e < ratio < 1 - mpmath.exp(-10)
        assert abs(ratio - mpmath.mpf("0.7837")) < mpmath.mpf("0.00005")
