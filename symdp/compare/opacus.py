"""Adapter for Meta's ``opacus`` (CPU torch suffices): the RDP analysis of the Poisson-
subsampled Gaussian (integer and fractional orders), its RDP → DP conversion, its PRV
accountant, and noise calibration."""

from __future__ import annotations

from typing import Callable, Iterator

from . import RDP_TABLES, Case, each, fmt
from ..io.installed import dist_versions

DISTRIBUTION = "opacus"
SETUP = """
import math
from opacus.accountants import PRVAccountant, RDPAccountant
from opacus.accountants.analysis import rdp as opacus_rdp
from opacus.accountants.utils import get_noise_multiplier


def prv_epsilon(sigma, q, steps, delta):
    acct = PRVAccountant()
    acct.history = [(sigma, q, steps)]
    return acct.get_epsilon(delta)
"""


def versions() -> dict[str, str]:
    return dist_versions("opacus", "torch", "numpy", "scipy")


def cases(table: Callable) -> Iterator[Case]:
    yield from each(table, RDP_TABLES, "analysis.rdp.compute_rdp",
                    lambda p: f"opacus_rdp.compute_rdp(q={fmt(p['q'])}, noise_multiplier={fmt(p['sigma'])}, "
                              f"steps=1, orders=[{fmt(p['alpha'])}])[0]")
    yield from each(table, "zcdp_epsilon", "analysis.rdp.get_privacy_spent (default orders)",
                    lambda p: f"opacus_rdp.get_privacy_spent(orders=RDPAccountant.DEFAULT_ALPHAS, rdp=[a * "
                              f"{fmt(p['rho'])} for a in RDPAccountant.DEFAULT_ALPHAS], delta={fmt(p['delta'])})[0]")
    yield from each(table, "gaussian_composed_epsilon", "PRVAccountant.get_epsilon",
                    lambda p: f"prv_epsilon({fmt(p['sigma'])}, 1.0, {int(p['k'])}, {fmt(p['delta'])})")
    for acct in ("rdp", "prv"):
        yield from each(table, "gaussian_sigma", f"get_noise_multiplier(accountant={acct!r})",
                        lambda p: f"get_noise_multiplier(target_epsilon={fmt(p['eps'])}, target_delta="
                                  f"{fmt(p['delta'])}, sample_rate=1.0, steps=1, accountant={acct!r})")
