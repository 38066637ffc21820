"""Adapter for Tumult Core (``tmlt.core``): the (ε, δ) guarantees its zCDP → approximate-DP
converter (``RhoZCDPToApproxDP``) accepts for its Gaussian measurement (``AddGaussianNoise``).

Tumult Core states guarantees as exact predicates (``privacy_relation(d_in, (ε, δ))``), not as
numbers; the case value is the least ε (or δ) the predicate accepts, found by bisection on the
predicate to a relative width of :data:`RTOL`, reported at the accepted end. A value below the
certified least ε(δ) (or δ(ε)) of ρ-zCDP (Steinke, Proposition 14; tables ``zcdp_epsilon`` and
``zcdp_delta``) would be a guarantee that does not hold. Parameters reach the library as the
exact rationals of the doubles (``Fraction(x)``), as in every adapter.

Tumult Core 0.20 requires numpy < 2 and sympy < 1.13 and cannot share an environment with
diffprivlib 0.6 (numpy ≥ 2); run ``symdp compare tmlt`` in an environment of its own.
"""

from __future__ import annotations

from typing import Callable, Iterator

from . import Case, dist_versions, each, fmt

DISTRIBUTION = "tmlt.core"
SETUP = """
from fractions import Fraction

import sympy as sp
from tmlt.core.domains.numpy_domains import NumpyFloatDomain
from tmlt.core.measurements.converters import RhoZCDPToApproxDP
from tmlt.core.measurements.noise_mechanisms import AddGaussianNoise

RTOL = 1e-7


def exact(x):
    f = Fraction(x)
    return sp.Rational(f.numerator, f.denominator)


def gaussian_as_approx_dp(rho):
    # sigma² = 1/(2 rho) makes AddGaussianNoise rho-zCDP at d_in = 1 (its privacy_function)
    return RhoZCDPToApproxDP(AddGaussianNoise(NumpyFloatDomain(), sigma_squared=1 / (2 * exact(rho))))


def least_accepted(accepts, start, top):
    # the least x in (0, top] with accepts(x), to relative width RTOL, as the accepted end;
    # accepts is monotone (a larger epsilon or delta is a weaker guarantee)
    hi = start
    while not accepts(hi):
        hi *= 2
        if hi > top:
            return float("inf")
    lo = hi / 2
    while accepts(lo) and lo > 1e-300:
        hi, lo = lo, lo / 2
    while hi - lo > RTOL * hi:
        mid = (lo + hi) / 2
        if accepts(mid):
            hi = mid
        else:
            lo = mid
    return hi


def tmlt_epsilon(rho, delta):
    m = gaussian_as_approx_dp(rho)
    return least_accepted(lambda e: m.privacy_relation(1, (exact(e), exact(delta))), 1.0, 1e12)


def tmlt_delta(rho, eps):
    m = gaussian_as_approx_dp(rho)
    return least_accepted(lambda d: m.privacy_relation(1, (exact(eps), exact(d))), 1e-3, 1.0)
"""


def versions() -> dict[str, str]:
    return dist_versions("tmlt.core", "sympy", "numpy")


def cases(table: Callable) -> Iterator[Case]:
    yield from each(table, "zcdp_epsilon", "RhoZCDPToApproxDP(AddGaussianNoise).privacy_relation: least ε",
                    lambda p: f"tmlt_epsilon({fmt(p['rho'])}, {fmt(p['delta'])})",
                    keep=lambda r: 0 < r.floats["delta"] < 1)
    yield from each(table, "zcdp_delta", "RhoZCDPToApproxDP(AddGaussianNoise).privacy_relation: least δ",
                    lambda p: f"tmlt_delta({fmt(p['rho'])}, {fmt(p['eps'])})",
                    keep=lambda r: r.floats["eps"] > 0 and r.lower > 1e-300)
