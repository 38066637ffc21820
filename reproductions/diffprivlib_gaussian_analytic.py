"""diffprivlib 0.6.6: ``GaussianAnalytic`` calibrates a noise scale σ that is too small for
small δ, so the mechanism is not (ε, δ)-DP.

Library call:  GaussianAnalytic(epsilon=1, delta=1e-30, sensitivity=1)._scale
Certified:     the least σ with δ(ε; σ) ≤ δ for the Gaussian mechanism (Balle–Wang 2018,
               Theorem 8), by symdp.central.renyi.minimal_gaussian_sigma (certified root).
Independent:   δ(ε; σ) = Φ(1/(2σ) − εσ) − e^ε Φ(−1/(2σ) − εσ) evaluated with mpmath at 60
               digits at the library's σ: it exceeds the requested δ.

Cause: ``_find_scale`` computes Φ(x) as (1 + erf(x/√2))/2, which loses all relative accuracy
for x ≲ −5.9 and is exactly 0 for x ≲ −8.3, so for small δ the bisection converges where the
float δ(σ) underflows rather than where the true δ(σ) equals δ. Using scipy.special.ndtr (or
erfc) for Φ(−t) removes it.

Run: python reproductions/diffprivlib_gaussian_analytic.py (needs diffprivlib, symdp, mpmath)
"""

import mpmath
from diffprivlib.mechanisms import GaussianAnalytic

from symdp import certify
from symdp.central.renyi import minimal_gaussian_sigma


def delta_mp(sigma, eps):
    s, e = mpmath.mpf(sigma), mpmath.mpf(eps)
    return mpmath.ncdf(1 / (2 * s) - e * s) - mpmath.exp(e) * mpmath.ncdf(-1 / (2 * s) - e * s)


mpmath.mp.dps = 60
print(f"{'eps':>5} {'delta':>7} {'diffprivlib sigma':>20} {'certified least sigma':>24} {'rel. short':>10}"
      f" {'true delta at library sigma':>28}")
for eps, delta, exact_delta in [(1.0, 1e-12, "1/10**12"), (1.0, 1e-20, "1/10**20"), (1.0, 1e-30, "1/10**30"),
                                (5.0, 1e-12, "1/10**12"), (20.0, 1e-9, "1/10**9")]:
    lib = GaussianAnalytic(epsilon=eps, delta=delta, sensitivity=1.0)._scale
    import sympy
    truth = certify(minimal_gaussian_sigma(sympy.Rational(repr(eps)), sympy.sympify(exact_delta)).sigma, 20)
    true_delta = delta_mp(lib, eps)
    short = (float(truth.decimal) - lib) / float(truth.decimal)
    print(f"{eps:>5g} {delta:>7.0e} {lib:>20.15g} {truth.decimal:>24} {short:>10.3g} {mpmath.nstr(true_delta, 6):>28}")
    assert true_delta > delta, "reproduced: no"  # the independent check: σ_lib violates (ε, δ)-DP
print("reproduced: the calibrated sigma gives a delta above the requested one in every row")
