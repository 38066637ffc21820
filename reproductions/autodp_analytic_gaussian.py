"""autodp 0.2.3.1: ``privacy_calibrator.ana_gaussian_mech`` and the supported
``calibrator_zoo.ana_gaussian_calibrator`` return a σ that is too small once δ ≲ 1e-9, so the
Gaussian mechanism with that σ is not (ε, δ)-DP.

Library calls: privacy_calibrator.ana_gaussian_mech(eps, delta)['sigma'] and
               calibrator_zoo.ana_gaussian_calibrator()(mechanism_zoo.GaussianMechanism, eps, delta).params['sigma']
Certified:     the least σ with δ(ε; σ) ≤ δ (Balle–Wang 2018, Theorem 8), symdp.central.renyi.minimal_gaussian_sigma.
Independent:   δ(ε; σ) at the library's σ with mpmath at 60 digits: above the requested δ.

Cause: the bisection stops on an absolute tolerance (1e-12) on δ, and Φ is computed as
(1 + erf(t/√2))/2, which is 0 for t ≲ −8.3.

Run: python reproductions/autodp_analytic_gaussian.py (needs autodp, symdp, mpmath)
"""

import warnings

import mpmath
import sympy

warnings.simplefilter("ignore")
from autodp import dp_bank, mechanism_zoo, privacy_calibrator  # noqa: E402,F401 (dp_bank first: circular import)
from autodp import calibrator_zoo  # noqa: E402

from symdp import certify  # noqa: E402
from symdp.central.renyi import minimal_gaussian_sigma  # noqa: E402


def delta_mp(sigma, eps):
    s, e = mpmath.mpf(sigma), mpmath.mpf(eps)
    return mpmath.ncdf(1 / (2 * s) - e * s) - mpmath.exp(e) * mpmath.ncdf(-1 / (2 * s) - e * s)


mpmath.mp.dps = 60
print(f"{'eps':>5} {'delta':>7} {'ana_gaussian_mech':>20} {'ana_gaussian_calibrator':>24} {'certified':>22}"
      f" {'rel. short':>10} {'true delta there':>17}")
shown = 0
for eps in (0.1, 1.0, 5.0):
    for k in (8, 9, 10, 15, 30):
        delta = 10.0 ** -k
        a = privacy_calibrator.ana_gaussian_mech(eps, delta)["sigma"]
        b = calibrator_zoo.ana_gaussian_calibrator()(mechanism_zoo.GaussianMechanism, eps, delta).params["sigma"]
        truth = certify(minimal_gaussian_sigma(sympy.Rational(repr(eps)), sympy.Rational(1, 10 ** k)).sigma, 20)
        true_delta = delta_mp(a, eps)
        short = (float(truth.decimal) - a) / float(truth.decimal)
        flag = "VIOLATES" if true_delta > delta else ""
        print(f"{eps:>5g} {delta:>7.0e} {a:>20.15g} {b:>24.15g} {truth.decimal:>22} {short:>10.3g}"
              f" {mpmath.nstr(true_delta, 4):>17} {flag}")
        shown += bool(flag)
assert shown, "reproduced: no"
print(f"reproduced: {shown} rows where the calibrated sigma violates (eps, delta)-DP")
