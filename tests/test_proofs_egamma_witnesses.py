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


def _e_gamma(p, q, gamma):
    """sup over all events A of P(A) − γQ(A), γ ≥ 1 (subset enumeration, exact rationals)."""
    n = len(p)
    return max(sum(p[i] - gamma * q[i] for i in range(n) if mask >> i & 1) for mask in range(1 << n))


def test_theorem_3_two_point_bound_by_subset_enumeration():
    # E_γ(PK‖QK) ≤ E_γ(P‖Q)·max_{x,x'} E_γ(K_x‖K_x') on random rational instances (3 inputs, 3 outputs), γ ≥ 1
    import random
    r = random.Random(2503)
    law = lambda n: (lambda w: [Fraction(v, sum(w)) for v in w])([r.randint(0, 6) + (i == 0) for i in range(n)])
    for _ in range(200):
        rows = [law(3) for _ in range(3)]
        p, q = law(3), law(3)
        gamma = Fraction(r.randint(10, 40), 10)
        push = lambda m: [sum(m[x] * rows[x][z] for x in range(3)) for z in range(3)]
        eta = max(_e_gamma(a, b, gamma) for a in rows for b in rows)
        assert _e_gamma(push(p), push(q), gamma) <= _e_gamma(p, q, gamma) * eta


def test_theorem_2_supremum_closed_form_by_exact_grid():
    # sup_ζ ζ[1 − a − γ min{2ζ, 1}] = (1 − a)₊²/(8γ) for γ ≥ 1, a ≥ 0: no grid point exceeds it, ζ* attains it
    for a in (Fraction(0), Fraction(1, 5), Fraction(3, 4), Fraction(1), Fraction(3, 2)):
        for gamma in (Fraction(1), Fraction(3, 2), Fraction(5)):
            value = max(1 - a, Fraction(0)) ** 2 / (8 * gamma)
            grid = [Fraction(i, 400) for i in range(1, 801)]
            objective = lambda z: z * (1 - a - gamma * min(2 * z, Fraction(1)))
            assert max(objective(z) for z in grid) <= value
            if a < 1:
                assert objective((1 - a) / (4 * gamma)) == value
