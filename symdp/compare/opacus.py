"""Adapter for Meta's ``opacus`` (CPU torch suffices): the RDP analysis of the Poisson-
subsampled Gaussian (integer and fractional orders), its RDP → DP conversion, its PRV
accountant, and noise calibration."""

from __future__ import annotations

from typing import Callable, Iterator

from . import Case, dist_versions, fmt, rows

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
    for name in ("subsampled_gaussian_rdp", "subsampled_gaussian_rdp_fractional"):
        for r in rows(table(name)):
            p = r.floats
            yield Case(name, r, "analysis.rdp.compute_rdp",
                       f"opacus_rdp.compute_rdp(q={fmt(p['q'])}, noise_multiplier={fmt(p['sigma'])}, steps=1, "
                       f"orders=[{fmt(p['alpha'])}])[0]")
    for r in rows(table("zcdp_epsilon")):
        p = r.floats
        yield Case("zcdp_epsilon", r, "analysis.rdp.get_privacy_spent (default orders)",
                   f"opacus_rdp.get_privacy_spent(orders=RDPAccountant.DEFAULT_ALPHAS, rdp=[a * {fmt(p['rho'])} "
                   f"for a in RDPAccountant.DEFAULT_ALPHAS], delta={fmt(p['delta'])})[0]")
    for r in rows(table("gaussian_composed_epsilon")):
        p = r.floats
        yield Case("gaussian_composed_epsilon", r, "PRVAccountant.get_epsilon",
                   f"prv_epsilon({fmt(p['sigma'])}, 1.0, {int(p['k'])}, {fmt(p['delta'])})")
    for r in rows(table("gaussian_sigma")):
        p = r.floats
        for acct in ("rdp", "prv"):
            yield Case("gaussian_sigma", r, f"get_noise_multiplier(accountant={acct!r})",
                       f"get_noise_multiplier(target_epsilon={fmt(p['eps'])}, target_delta={fmt(p['delta'])}, "
                       f"sample_rate=1.0, steps=1, accountant={acct!r})")
