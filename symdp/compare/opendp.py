"""Adapter for ``opendp``: the zCDP → (ε, δ) privacy profile of its Gaussian measurement."""

from __future__ import annotations

from typing import Callable, Iterator

from . import Case, dist_versions, each, fmt

DISTRIBUTION = "opendp"
SETUP = """
import math
import opendp.prelude as dp
dp.enable_features("contrib")


def zcdp_profile(rho):
    # scale 1 and input distance sqrt(2 rho) give the Gaussian measurement rho-zCDP
    m = dp.m.make_gaussian(dp.atom_domain(T=float, nan=False), dp.absolute_distance(T=float), scale=1.0)
    return dp.c.make_zCDP_to_approxDP(m).map(math.sqrt(2 * rho))
"""


def versions() -> dict[str, str]:
    return dist_versions("opendp")


def cases(table: Callable) -> Iterator[Case]:
    yield from each(table, "zcdp_epsilon", "make_zCDP_to_approxDP(make_gaussian).epsilon",
                    lambda p: f"zcdp_profile({fmt(p['rho'])}).epsilon({fmt(p['delta'])})")
    yield from each(table, "zcdp_delta", "make_zCDP_to_approxDP(make_gaussian).delta",
                    lambda p: f"zcdp_profile({fmt(p['rho'])}).delta({fmt(p['eps'])})")
