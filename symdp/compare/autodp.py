"""Adapter for ``autodp`` (Yu-Xiang Wang et al.): analytic Gaussian formulas and calibration,
its Gaussian mechanism's (ε, δ), Poisson-subsampled Gaussian RDP, and RDP → DP conversion."""

from __future__ import annotations

from typing import Callable, Iterator

from . import RDP_TABLES, Case, each, fmt
from ..io.installed import dist_versions

DISTRIBUTION = "autodp"
# dp_bank first: importing privacy_calibrator first hits a circular import inside autodp
SETUP = """
import math
from autodp import dp_bank, mechanism_zoo, privacy_calibrator, rdp_bank, transformer_zoo
"""

#: δ below this is not compared: exp(log δ) is not a normal double
TINY = 1e-300


def versions() -> dict[str, str]:
    return dist_versions("autodp", "numpy", "scipy")


def cases(table: Callable) -> Iterator[Case]:
    # autodp returns log δ correctly far below the double range; exp() would flush it to 0
    yield from each(table, "gaussian_delta", "dp_bank.get_logdelta_ana_gaussian",
                    lambda p: f"math.exp(dp_bank.get_logdelta_ana_gaussian({fmt(p['sigma'])}, {fmt(p['eps'])}))",
                    keep=lambda r: r.lower >= TINY)
    yield from each(table, "gaussian_epsilon", "dp_bank.get_eps_ana_gaussian",
                    lambda p: f"dp_bank.get_eps_ana_gaussian({fmt(p['sigma'])}, {fmt(p['delta'])})")
    yield from each(table, "gaussian_epsilon", "mechanism_zoo.GaussianMechanism.get_approxDP",
                    lambda p: f"mechanism_zoo.GaussianMechanism(sigma={fmt(p['sigma'])}).get_approxDP({fmt(p['delta'])})")
    yield from each(table, "gaussian_sigma", "privacy_calibrator.ana_gaussian_mech",
                    lambda p: f"privacy_calibrator.ana_gaussian_mech({fmt(p['eps'])}, {fmt(p['delta'])})['sigma']")
    yield from each(table, RDP_TABLES, "AmplificationBySampling(Poisson).RenyiDP",
                    lambda p: f"transformer_zoo.AmplificationBySampling(PoissonSampling=True)("
                              f"mechanism_zoo.GaussianMechanism(sigma={fmt(p['sigma'])}), {fmt(p['q'])}, "
                              f"improved_bound_flag=True).RenyiDP({fmt(p['alpha'])})")
    yield from each(table, "zcdp_epsilon", "dp_bank.get_eps_rdp(RDP_zCDP)",
                    lambda p: f"dp_bank.get_eps_rdp(lambda a: rdp_bank.RDP_zCDP({{'xi': 0, 'rho': {fmt(p['rho'])}}}, a), "
                              f"{fmt(p['delta'])})")

