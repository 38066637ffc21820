"""dp_accounting 0.6.0: floating-point-level results of the PLD accountant for pure-DP
compositions (harmless for any usable δ; listed for completeness).

1. 10⁴-fold composition of log(2)-DP, value_discretization_interval = 1e-4: ``get_delta_for_epsilon``
   returns a δ slightly above 1 (an impossible probability) for small ε.
2. 10⁴-fold composition of log(11/10)-DP at ε = 200: the pessimistic δ is negative.
3. 100-fold composition of 0.1-DP at ε = 5, value_discretization_interval = 1e-2: the pessimistic δ lies below the exact δ by
   2.5e-9 relative.

Certified:   the exact δ(ε) of the k-fold composition of ε₀-DP (Kairouz–Oh–Viswanath, Theorem 3.3),
             symdp.central.composition_theorems.kov_delta.
Independent: the same binomial sum in 60-digit mpmath.

Run: python reproductions/dp_accounting_pld_float.py [--quick]   (the 10⁴-fold cases take minutes)
"""

import math
import sys

import mpmath
import sympy
from dp_accounting.pld import common, privacy_loss_distribution as pldlib

from symdp import certify
from symdp.central.composition_theorems import kov_delta

mpmath.mp.dps = 60


def delta_mp(e0, k, eps):
    e0, eps = mpmath.mpf(e0), mpmath.mpf(eps)
    s = mpmath.fsum(mpmath.binomial(k, l) * max(mpmath.mpf(0), mpmath.exp(l * e0) - mpmath.exp(eps + (k - l) * e0))
                    for l in range(k + 1))
    return s / (1 + mpmath.exp(e0)) ** k


def pld(e0, k, vdi):
    params = common.DifferentialPrivacyParameters(e0, 0.0)
    return pldlib.from_privacy_parameters(params, value_discretization_interval=vdi).self_compose(k)


# (name, ε₀ as a double for the library, ε₀ exact, k, ε, value_discretization_interval)
cases = [("0.1-DP, k = 100, eps = 5, interval 1e-2", 0.1, sympy.Rational(1, 10), 100, 5, 1e-2)]
if "--quick" not in sys.argv:
    cases += [("log(2)-DP, k = 10^4, eps = 1", math.log(2), sympy.log(2), 10 ** 4, 1, 1e-4),
              ("log(11/10)-DP, k = 10^4, eps = 200", math.log(1.1), sympy.log(sympy.Rational(11, 10)), 10 ** 4, 200, 1e-4)]
for name, e0, e0_exact, k, eps, vdi in cases:
    lib = pld(e0, k, vdi).get_delta_for_epsilon(eps)
    truth = certify(kov_delta(e0_exact, 0, k, eps), 20)
    check = delta_mp(mpmath.mpmathify(str(sympy.N(e0_exact, 70))), k, eps)
    rel = (mpmath.mpf(truth.decimal) - lib) / mpmath.mpf(truth.decimal)
    print(f"{name}: dp_accounting pessimistic delta {lib!r}; certified {truth.decimal}; "
          f"mpmath {mpmath.nstr(check, 12)}; relative shortfall {mpmath.nstr(rel, 3)}")
