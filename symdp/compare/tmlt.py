"""Adapter for Tumult Core (``tmlt.core``): the (ε, δ) guarantees its zCDP → approximate-DP
converter (``RhoZCDPToApproxDP``) accepts for its Gaussian measurement (``AddGaussianNoise``).

Tumult Core states guarantees as exact predicates (``privacy_relation(d_in, (ε, δ))``), not as
numbers; the case value is the least ε (or δ) with five significant digits that the predicate
accepts (bisection on the digits), so a shortfall below about 10⁻⁴ relative is not seen. A value below the
certified least ε(δ) (or δ(ε)) of ρ-zCDP (Steinke, Proposition 14; tables ``zcdp_epsilon`` and
``zcdp_delta``) would be a guarantee that does not hold. Parameters reach the library as the
decimals as written (``sp.Rational(repr(x))``): it takes exact numbers. Its ``privacy_relation``
solves ρ + 2√(ρ log(1/δ)) = ε with ``sympy.solve`` on every call, which takes 0.3–1 s for short
decimals and stalls (21 s at ε = 0.1673457, over a minute at 0.16734568) on longer ones.

Tumult Core 0.20 requires numpy < 2 and sympy < 1.13 and cannot share an environment with
diffprivlib 0.6 (numpy ≥ 2); run ``symdp compare tmlt`` in an environment of its own.
"""

from __future__ import annotations

from typing import Callable, Iterator

from . import Case, each, fmt
from ..io.installed import dist_versions

DISTRIBUTION = "tmlt.core"
SETUP = """
import sympy as sp
from tmlt.core.domains.numpy_domains import NumpyFloatDomain
from tmlt.core.measurements.converters import RhoZCDPToApproxDP
from tmlt.core.measurements.noise_mechanisms import AddGaussianNoise

DIGITS = 5


def exact(x):
    # the decimal as written (1e-3 is 1/1000): Tumult Core takes exact numbers
    return sp.Rational(repr(float(x)))


def gaussian_as_approx_dp(rho):
    # sigma² = 1/(2 rho) makes AddGaussianNoise rho-zCDP at d_in = 1 (its privacy_function)
    return RhoZCDPToApproxDP(AddGaussianNoise(NumpyFloatDomain(), sigma_squared=1 / (2 * exact(rho))))


def least_accepted(accepts, top):
    # the least DIGITS-significant-digit decimal x <= 10**top with accepts(x) (accepts is monotone:
    # a larger epsilon or delta is a weaker guarantee): first the decade, then the digits, so that
    # every number handed to the library is short (its sympy.solve stalls on long decimals)
    j = top
    if not accepts(sp.Integer(10) ** j):
        return float("inf")
    while j > -320 and accepts(sp.Integer(10) ** (j - 1)):
        j -= 1
    unit = sp.Integer(10) ** (j - DIGITS)  # the answer lies in (10**(j-1), 10**j]
    lo, hi = 10 ** (DIGITS - 1), 10 ** DIGITS  # accepts(hi * unit) holds, accepts(lo * unit) does not
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if accepts(mid * unit):
            hi = mid
        else:
            lo = mid
    return float(hi * unit)


def tmlt_epsilon(rho, delta):
    m = gaussian_as_approx_dp(rho)
    return least_accepted(lambda e: m.privacy_relation(1, (e, exact(delta))), 6)


def tmlt_delta(rho, eps):
    m = gaussian_as_approx_dp(rho)
    return least_accepted(lambda d: m.privacy_relation(1, (exact(eps), d)), 0)
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
