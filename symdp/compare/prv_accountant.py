"""Adapter for Microsoft's ``prv_accountant`` (Gopi–Lee–Wutschitz, *Numerical composition of
differential privacy*): its lower and upper bounds on δ(ε) and ε(δ), each a claimed bound."""

from __future__ import annotations

from typing import Callable, Iterator

from . import Case, dist_versions, fmt, rows

DISTRIBUTION = "prv-accountant"
SETUP = """
from prv_accountant import PRVAccountant
from prv_accountant.privacy_random_variables import (GaussianMechanism, LaplaceMechanism,
    PoissonSubsampledGaussianMechanism, PureDPMechanism)
"""

#: eps_error settings of the accountant (coarse, fine)
EPS_ERRORS = (1e-1, 1e-2)


def versions() -> dict[str, str]:
    return dist_versions("prv-accountant", "numpy", "scipy")


def _acct(prv: str, k: int, eps_error: float, delta_error: float) -> str:
    return (f"PRVAccountant(prvs=[{prv}], max_self_compositions=[{k}], eps_error={eps_error!r}, "
            f"delta_error={delta_error!r})")


def _pair(table_name: str, r, prv: str, k: int, what: str, x: float, eps_error: float) -> Iterator[Case]:
    """The (lower, upper) pair of one compute_delta / compute_epsilon call as two cases."""
    delta_error = 1e-12 if what == "delta" else x / 1000
    call = f"{_acct(prv, k, eps_error, delta_error)}.compute_{what}({fmt(x)}, [{k}])"
    yield Case(table_name, r, f"PRV eps_error={eps_error:g} upper", call + "[2]", "upper")
    yield Case(table_name, r, f"PRV eps_error={eps_error:g} lower", call + "[0]", "lower")


def cases(table: Callable) -> Iterator[Case]:
    for e in EPS_ERRORS:
        for r in rows(table("gaussian_delta")):
            p = r.floats
            yield from _pair("gaussian_delta", r, f"GaussianMechanism({fmt(p['sigma'])})", 1, "delta", p["eps"], e)
        for r in rows(table("gaussian_epsilon")):
            p = r.floats
            yield from _pair("gaussian_epsilon", r, f"GaussianMechanism({fmt(p['sigma'])})", 1, "epsilon", p["delta"], e)
        for r in rows(table("gaussian_composed_epsilon")):
            p = r.floats
            yield from _pair("gaussian_composed_epsilon", r, f"GaussianMechanism({fmt(p['sigma'])})", int(p["k"]),
                             "epsilon", p["delta"], e)
        for r in rows(table("subsampled_gaussian_delta")):
            p = r.floats
            yield from _pair("subsampled_gaussian_delta", r,
                             f"PoissonSubsampledGaussianMechanism({fmt(p['q'])}, {fmt(p['sigma'])})", 1, "delta", p["eps"], e)
        for r in rows(table("kov_delta")):
            p = r.floats
            yield from _pair("kov_delta", r, f"PureDPMechanism({fmt(p['eps0'])})", int(p["k"]), "delta", p["eps"], e)
        for r in rows(table("kov_epsilon")):
            p = r.floats
            yield from _pair("kov_epsilon", r, f"PureDPMechanism({fmt(p['eps0'])})", int(p["k"]), "epsilon", p["delta"], e)
        for r in rows(table("laplace_composed_delta")):
            p = r.floats
            yield from _pair("laplace_composed_delta", r, f"LaplaceMechanism({fmt(p['eps0'])})", int(p["k"]),
                             "delta", p["eps"], e)
