"""prv_accountant 0.2.0: for ``PureDPMechanism`` the accountant's "upper" bounds on ε(δ) and
δ(ε) lie below the truth.

Library call:  PRVAccountant(prvs=[PureDPMechanism(log 2)], max_self_compositions=[1000],
               eps_error=0.1, delta_error=1e-12).compute_epsilon(1e-3, [1000])  → (lower, estimate, upper)
Certified:     the exact ε(δ) of the 1000-fold composition of log(2)-DP (the worst case is
               randomized response, Kairouz–Oh–Viswanath Theorem 3.3), symdp.central.composition_theorems.kov_epsilon.
Independent:   δ(ε) = (1+e^ε₀)^(−k) Σ_ℓ C(k,ℓ) max(0, e^{ℓε₀} − e^ε e^{(k−ℓ)ε₀}) with mpmath at
               60 digits, at the library's upper bound: far above 1e-3.

Cause: ``PureDPMechanism.rdp(α) = (α−1)ε/α`` understates the Rényi divergence of an ε-DP pair
(D₂ of randomized response at ε = log 2 is log 1.5 = 0.405, not ε/2 = 0.347), so the domain the
PRV is truncated to is too small; the probability mass beyond it is not dropped but wrapped
around by the circular FFT convolution, onto the wrong privacy losses.

Run: python reproductions/prv_pure_dp.py (needs prv-accountant, symdp, mpmath)
"""

import math

import mpmath
import sympy
from prv_accountant import PRVAccountant
from prv_accountant.privacy_random_variables import PureDPMechanism

from symdp import certify
from symdp.central.composition_theorems import kov_epsilon

K, EPS0, DELTA = 1000, math.log(2), 1e-3
mpmath.mp.dps = 60


def delta_mp(eps, k=K):
    e0 = mpmath.log(2)
    total = mpmath.fsum(mpmath.binomial(k, l) * max(mpmath.mpf(0), mpmath.exp(l * e0) - mpmath.exp(eps + (k - l) * e0))
                        for l in range(k + 1))
    return total / (1 + mpmath.exp(e0)) ** k


acct = PRVAccountant(prvs=[PureDPMechanism(EPS0)], max_self_compositions=[K], eps_error=0.1, delta_error=1e-12)
lower, estimate, upper = acct.compute_epsilon(DELTA, [K])
truth = certify(kov_epsilon(sympy.log(2), 0, K, sympy.Rational(1, 1000)), 20)
print(f"PRV compute_epsilon({DELTA}): lower {lower:.6g}, estimate {estimate:.6g}, upper {upper:.6g}")
print(f"certified least eps with delta <= {DELTA}: {truth.decimal}")
print(f"independent delta at PRV's upper bound: {mpmath.nstr(delta_mp(mpmath.mpf(upper)), 8)} (should be <= {DELTA})")
print(f"D_2 of randomized response at log 2: log(3/2) = {math.log(1.5):.6f}; PureDPMechanism.rdp(2) = "
      f"{PureDPMechanism(EPS0).rdp(2):.6f}")
assert upper < float(truth.decimal) and delta_mp(mpmath.mpf(upper)) > DELTA, "reproduced: no"
print("reproduced: the upper bound is below the certified value")
