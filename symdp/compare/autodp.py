"""Adapter for ``autodp`` (Yu-Xiang Wang et al.): analytic Gaussian formulas and calibration,
its Gaussian mechanism's (ε, δ), Poisson-subsampled Gaussian RDP, and RDP → DP conversion."""

from __future__ import annotations

from typing import Callable, Iterator

from . import Case, dist_versions, fmt, rows

DISTRIBUTION = "autodp"
SETUP = """
import math
from autodp import dp_bank, mechanism_zoo, privacy_calibrator, rdp_bank, transformer_zoo
"""


#: δ below this is not compared: exp(log δ) is not a normal double
TINY = 1e-300


def versions() -> dict[str, str]:
    return dist_versions("autodp", "numpy", "scipy")


def cases(table: Callable) -> Iterator[Case]:
    for r in rows(table("gaussian_delta")):
        p = r.floats
        if r.lower < TINY:
            # autodp returns log δ correctly far below the double range; exp() would flush it to 0
            continue
        yield Case("gaussian_delta", r, "dp_bank.get_logdelta_ana_gaussian",
                   f"math.exp(dp_bank.get_logdelta_ana_gaussian({fmt(p['sigma'])}, {fmt(p['eps'])}))")
    for r in rows(table("gaussian_epsilon")):
        p = r.floats
        yield Case("gaussian_epsilon", r, "dp_bank.get_eps_ana_gaussian",
                   f"dp_bank.get_eps_ana_gaussian({fmt(p['sigma'])}, {fmt(p['delta'])})")
        yield Case("gaussian_epsilon", r, "mechanism_zoo.GaussianMechanism.get_approxDP",
                   f"mechanism_zoo.GaussianMechanism(sigma={fmt(p['sigma'])}).get_approxDP({fmt(p['delta'])})")
    for r in rows(table("gaussian_sigma")):
        p = r.floats
        yield Case("gaussian_sigma", r, "privacy_calibrator.ana_gaussian_mech",
                   f"privacy_calibrator.ana_gaussian_mech({fmt(p['eps'])}, {fmt(p['delta'])})['sigma']")
    for name in ("subsampled_gaussian_rdp", "subsampled_gaussian_rdp_fractional"):
        for r in rows(table(name)):
            p = r.floats
            yield Case(name, r, "AmplificationBySampling(Poisson).RenyiDP",
                       f"transformer_zoo.AmplificationBySampling(PoissonSampling=True)(mechanism_zoo.GaussianMechanism("
                       f"sigma={fmt(p['sigma'])}), {fmt(p['q'])}, improved_bound_flag=True).RenyiDP({fmt(p['alpha'])})")
    for r in rows(table("zcdp_epsilon")):
        p = r.floats
        yield Case("zcdp_epsilon", r, "dp_bank.get_eps_rdp(RDP_zCDP)",
                   f"dp_bank.get_eps_rdp(lambda a: rdp_bank.RDP_zCDP({{'xi': 0, 'rho': {fmt(p['rho'])}}}, a), "
                   f"{fmt(p['delta'])})")
