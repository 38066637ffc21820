"""The Gaussian mechanism with Figure 3's 21-point input (Ngo–Östman–Graell i Amat): the certified
LIP curve δ̄^LIP_G(ε) (roots of convex log-likelihood ratios, no quadrature) to 15 and 30 digits,
against a float anchor (numpy: the hockey-stick integrands on a 200 001-point grid, trapezoid rule).
The certified quadrature of the tests (acb.integral of the kinked integrands) is not timed here:
it needs tens of seconds to minutes per point for a few digits.
Run: PYTHONPATH=. python benchmarks/bench_mixture.py"""

import time

import numpy as np
import sympy
from sympy import Rational as R

from symdp.figures.lmidp import figure3_input
from symdp.local import mixture_lip_delta
from symdp.numbers import certify

XS, PS = figure3_input()
X = np.array([float(x) for x in XS])
P = np.array([float(sympy.N(p, 20)) for p in PS])


def float_lip(s2: float, eps: float) -> float:
    y = np.linspace(-1 - 12 * s2 ** 0.5, 1 + 12 * s2 ** 0.5, 200_001)
    phi = np.exp(-(y[None, :] - X[:, None]) ** 2 / (2 * s2)) / np.sqrt(2 * np.pi * s2)
    py = P @ phi
    g = np.exp(eps)
    fwd = np.trapezoid(np.maximum(py[None, :] - g * phi, 0), y, axis=1)
    bwd = np.trapezoid(np.maximum(phi - g * py[None, :], 0), y, axis=1) / g
    return float(max(fwd.max(), bwd.max()))


def timed(f):
    t = time.perf_counter()
    v = f()
    return v, time.perf_counter() - t


print(f"{'σ²':>6s} {'ε':>5s} {'symdp 15 digits':>22s} {'s':>6s} {'30 digits s':>11s} {'float grid':>22s} {'float s':>8s} "
      f"{'ratio':>6s}")
for s2, eps in ((R(136, 100), 0), (R(136, 100), 1), (R(1449, 100), R(5, 2)), (100, R(1, 10))):
    c15, t15 = timed(lambda: certify(mixture_lip_delta(XS, PS, s2, eps), 15))
    _, t30 = timed(lambda: certify(mixture_lip_delta(XS, PS, s2, eps), 30))
    f, tf = timed(lambda: float_lip(float(s2), float(eps)))
    print(f"{float(s2):6.2f} {float(eps):5.2f} {c15.decimal:>22s} {t15:6.3f} {t30:11.3f} {f:22.16g} {tf:8.3f} "
          f"{t15 / tf:6.2f}")
