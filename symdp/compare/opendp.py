"""Adapter for ``opendp``: its Gaussian measurement ``make_gaussian`` through the zCDP → (ε, δ)
combinators, as a privacy profile, at a fixed δ, and calibrated by ``binary_search_param``.

Functions tested (each a privacy guarantee, compared on the side ``upper``):

* ``make_zCDP_to_approxDP(make_gaussian(scale=1)).map(√(2ρ))``: its ``.epsilon(δ)`` and
  ``.delta(ε)`` against the certified ρ-zCDP profile (tables ``zcdp_epsilon``, ``zcdp_delta``);
* ``make_fix_delta(make_zCDP_to_approxDP(make_gaussian(scale=σ)), δ).map(1)[0]``: the ε the
  Gaussian mechanism with σ gets at δ, against its exact ε(δ) (table ``gaussian_epsilon``);
* ``binary_search_param(σ ↦ make_fix_delta(...), d_in=1, d_out=(ε, δ))``: the σ OpenDP calibrates
  for (ε, δ), against the least σ (table ``gaussian_sigma``).
"""

from __future__ import annotations

from typing import Callable, Iterator

from . import Case, each, fmt
from ..io.installed import dist_versions

DISTRIBUTION = "opendp"
SETUP = """
import math
import opendp.prelude as dp
dp.enable_features("contrib")


def zcdp_profile(rho):
    # scale 1 and input distance sqrt(2 rho) give the Gaussian measurement rho-zCDP
    m = dp.m.make_gaussian(dp.atom_domain(T=float, nan=False), dp.absolute_distance(T=float), scale=1.0)
    return dp.c.make_zCDP_to_approxDP(m).map(math.sqrt(2 * rho))


def gaussian_at_delta(scale, delta):
    m = dp.m.make_gaussian(dp.atom_domain(T=float, nan=False), dp.absolute_distance(T=float), scale=scale)
    return dp.c.make_fix_delta(dp.c.make_zCDP_to_approxDP(m), delta)


def gaussian_epsilon(scale, delta):
    return gaussian_at_delta(scale, delta).map(1.0)[0]


def calibrated_scale(eps, delta):
    return dp.binary_search_param(lambda s: gaussian_at_delta(s, delta), d_in=1.0, d_out=(eps, delta))
"""


def versions() -> dict[str, str]:
    return dist_versions("opendp")


def cases(table: Callable) -> Iterator[Case]:
    yield from each(table, "zcdp_epsilon", "make_zCDP_to_approxDP(make_gaussian).epsilon",
                    lambda p: f"zcdp_profile({fmt(p['rho'])}).epsilon({fmt(p['delta'])})")
    yield from each(table, "zcdp_delta", "make_zCDP_to_approxDP(make_gaussian).delta",
                    lambda p: f"zcdp_profile({fmt(p['rho'])}).delta({fmt(p['eps'])})")
    yield from each(table, "gaussian_epsilon", "make_fix_delta(make_zCDP_to_approxDP(make_gaussian)).map",
                    lambda p: f"gaussian_epsilon({fmt(p['sigma'])}, {fmt(p['delta'])})",
                    keep=lambda r: 0 < r.floats["delta"] < 1)
    yield from each(table, "gaussian_sigma", "binary_search_param(make_fix_delta(...make_gaussian))",
                    lambda p: f"calibrated_scale({fmt(p['eps'])}, {fmt(p['delta'])})",
                    keep=lambda r: 0 < r.floats["delta"] < 1)
