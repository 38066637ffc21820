"""Opacus 1.6.0: ``compute_rdp`` at the fractional order α = 1.01 understates the Rényi
divergence of the Poisson-subsampled Gaussian (q = 1e-3, σ = 1) by 5.2e-7 relative; four fifths
of that is cancellation in its ``_log_sub``, one fifth the truncation of its series.
Floating-point level: harmless for any usable δ, listed for completeness.

Library call:  opacus.accountants.analysis.rdp.compute_rdp(q=1e-3, noise_multiplier=1.0, steps=1, orders=[1.01])
Certified:     symdp.central.subsampled_renyi.subsampled_gaussian_rdp(101/100, 1/1000, 1) (certified integration).
Independent:   (1) Opacus' own series, term for term with its stopping rule, in 50-digit mpmath:
               the truncation alone; (2) Opacus with only ``_log_sub`` replaced by a 50-digit
               subtraction of the same float arguments: the shortfall falls to the truncation's.

Run: python reproductions/opacus_fractional_order.py (needs opacus, symdp, mpmath)
"""

import math
import warnings

import mpmath
import sympy

warnings.simplefilter("ignore")
import opacus.accountants.analysis.rdp as R  # noqa: E402

from symdp import certify  # noqa: E402
from symdp.central.subsampled_renyi import subsampled_gaussian_rdp  # noqa: E402

Q, SIGMA, ALPHA = 1e-3, 1.0, 1.01
mpmath.mp.dps = 50


def series_mp(q, sigma, alpha):
    """Opacus' _compute_log_a_for_frac_alpha at 50 digits (same terms, same stopping rule)."""
    q, sigma, alpha = mpmath.mpf(q), mpmath.mpf(sigma), mpmath.mpf(alpha)
    a0 = a1 = mpmath.mpf(0)
    z0 = sigma ** 2 * mpmath.log(1 / q - 1) + mpmath.mpf(1) / 2
    i = 0
    while True:
        coef, j = mpmath.binomial(alpha, i), alpha - i
        s0 = coef * q ** i * (1 - q) ** j * mpmath.exp((i * i - i) / (2 * sigma ** 2)) * mpmath.erfc((i - z0) / (mpmath.sqrt(2) * sigma)) / 2
        s1 = coef * q ** j * (1 - q) ** i * mpmath.exp((j * j - j) / (2 * sigma ** 2)) * mpmath.erfc((z0 - j) / (mpmath.sqrt(2) * sigma)) / 2
        a0, a1, i = a0 + s0, a1 + s1, i + 1
        if max(mpmath.log(abs(s0)) if s0 else -mpmath.inf, mpmath.log(abs(s1)) if s1 else -mpmath.inf) < -30:
            return mpmath.log(a0 + a1) / (alpha - 1)


def exact_log_sub(x, y):
    if y == -math.inf:
        return x
    return float(mpmath.log(mpmath.exp(mpmath.mpf(x)) - mpmath.exp(mpmath.mpf(y))))


truth = mpmath.mpf(certify(subsampled_gaussian_rdp(sympy.Rational(101, 100), sympy.Rational(1, 1000), 1), 25).decimal)
lib = R.compute_rdp(q=Q, noise_multiplier=SIGMA, steps=1, orders=[ALPHA])[0]
truncated = series_mp(Q, SIGMA, ALPHA)
R._log_sub = exact_log_sub
fixed_sub = R.compute_rdp(q=Q, noise_multiplier=SIGMA, steps=1, orders=[ALPHA])[0]
print(f"certified D_1.01                      {mpmath.nstr(truth, 17)}")
for name, v in (("opacus compute_rdp", lib), ("its series at 50 digits (truncation)", truncated),
                ("opacus with _log_sub exact", fixed_sub)):
    print(f"{name:37s} {mpmath.nstr(mpmath.mpf(v), 17):>24}  short by {mpmath.nstr((truth - v) / truth, 3)}")
