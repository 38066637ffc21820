"""Adapter for Google's ``dp_accounting`` (PLD accountant at several discretisations, both
pessimistic and optimistic; RDP accountant and its order-wise formulas; analytic Gaussian
calibration)."""

from __future__ import annotations

from typing import Callable, Iterator

from . import RDP_TABLES, Case, each, fmt
from ..io.installed import dist_versions

DISTRIBUTION = "dp-accounting"
SETUP = """
import math
import dp_accounting
from dp_accounting import dp_event, pld, rdp
from dp_accounting.pld import common, privacy_loss_distribution as pldlib
from dp_accounting.rdp import rdp_privacy_accountant as rdplib
"""

#: value_discretization_interval values for the PLD accountant (coarse to fine)
INTERVALS = (1e-2, 1e-3, 1e-4)
#: Gaussian compositions above this count are run at the coarser intervals only (at 1e-4 one
#: call takes minutes)
MAX_FINE_K = 1000


def versions() -> dict[str, str]:
    return dist_versions("dp-accounting", "numpy", "scipy")


def _acct(vdi: float) -> str:
    return f"pld.PLDAccountant(value_discretization_interval={vdi!r})"


def _gaussian(vdi: float, pess: bool, sigma: float, q: float | None = None) -> str:
    """The public accountant for pessimistic PLDs; the PLD constructor for optimistic ones
    (the accountant has no optimistic mode)."""
    event = f"dp_event.GaussianDpEvent({fmt(sigma)})"
    if pess:
        if q is not None:
            event = f"dp_event.PoissonSampledDpEvent({fmt(q)}, {event})"
        return f"{_acct(vdi)}.compose({event})"
    extra = "" if q is None else f", sampling_prob={fmt(q)}"
    return (f"pldlib.from_gaussian_mechanism({fmt(sigma)}, pessimistic_estimate=False, "
            f"value_discretization_interval={vdi!r}{extra})")


def _get(pess: bool, what: str, x: float) -> str:
    if pess:
        return f".get_{what}({fmt(x)})"
    return f".get_{what}_for_{'epsilon' if what == 'delta' else 'delta'}({fmt(x)})"


def _pure(vdi: float, p) -> str:
    """k-fold composition of the pure ε₀-DP PLD (the pessimistic KOV curve)."""
    return (f"pldlib.from_privacy_parameters(common.DifferentialPrivacyParameters({fmt(p['eps0'])}, 0.0), "
            f"value_discretization_interval={vdi!r}).self_compose({int(p['k'])})")


def _pld_cases(table: Callable, vdi: float, pess: bool) -> Iterator[Case]:
    side = "upper" if pess else "lower"
    tag = f"PLD {'pessimistic' if pess else 'optimistic'} vdi={vdi:g}"
    yield from each(table, "gaussian_delta", tag,
                    lambda p: _gaussian(vdi, pess, p["sigma"]) + _get(pess, "delta", p["eps"]), side)
    yield from each(table, "gaussian_epsilon", tag,
                    lambda p: _gaussian(vdi, pess, p["sigma"]) + _get(pess, "epsilon", p["delta"]), side)
    yield from each(table, "subsampled_gaussian_delta", tag,
                    lambda p: _gaussian(vdi, pess, p["sigma"], p["q"]) + _get(pess, "delta", p["eps"]), side)
    if pess:
        yield from each(table, "kov_delta", tag, lambda p: _pure(vdi, p) + f".get_delta_for_epsilon({fmt(p['eps'])})")
    yield from each(table, "laplace_composed_delta", tag,
                    lambda p: f"pldlib.from_laplace_mechanism(1/{fmt(p['eps0'])}, pessimistic_estimate={pess}, "
                              f"value_discretization_interval={vdi!r}).self_compose({int(p['k'])})"
                              f".get_delta_for_epsilon({fmt(p['eps'])})", side)
    yield from each(table, "rr_delta", tag,
                    lambda p: f"pldlib.from_randomized_response({int(p['k'])}/(math.exp({fmt(p['eps0'])})+"
                              f"{int(p['k'])}-1), {int(p['k'])}, pessimistic_estimate={pess}, "
                              f"value_discretization_interval={vdi!r}).get_delta_for_epsilon({fmt(p['eps'])})", side)


def cases(table: Callable) -> Iterator[Case]:
    for vdi in INTERVALS:
        for pess in (True, False):
            yield from _pld_cases(table, vdi, pess)
        tag = f"PLD pessimistic vdi={vdi:g}"
        yield from each(table, "gaussian_composed_epsilon", tag,
                        lambda p: f"{_acct(vdi)}.compose(dp_event.GaussianDpEvent({fmt(p['sigma'])}), {int(p['k'])})"
                                  f".get_epsilon({fmt(p['delta'])})",
                        keep=lambda r: vdi >= 1e-3 or r.floats["k"] <= MAX_FINE_K)
        yield from each(table, "kov_epsilon", tag,
                        lambda p: _pure(vdi, p) + f".get_epsilon_for_delta({fmt(p['delta'])})")
    yield from each(table, "gaussian_sigma", "pld.accountant.get_smallest_gaussian_noise",
                    lambda p: f"pld.accountant.get_smallest_gaussian_noise(common.DifferentialPrivacyParameters("
                              f"{fmt(p['eps'])}, {fmt(p['delta'])}))")
    yield from each(table, RDP_TABLES, "rdplib._compute_rdp_poisson_subsampled_gaussian",
                    lambda p: f"rdplib._compute_rdp_poisson_subsampled_gaussian({fmt(p['q'])}, {fmt(p['sigma'])}, "
                              f"[{fmt(p['alpha'])}])[0]")
    yield from each(table, "zcdp_epsilon", "RdpAccountant (default orders)",
                    lambda p: f"rdp.RdpAccountant().compose(dp_event.GaussianDpEvent(1/math.sqrt(2*{fmt(p['rho'])})))"
                              f".get_epsilon({fmt(p['delta'])})")
    yield from each(table, "gaussian_epsilon", "RdpAccountant (default orders)",
                    lambda p: f"rdp.RdpAccountant().compose(dp_event.GaussianDpEvent({fmt(p['sigma'])}))"
                              f".get_epsilon({fmt(p['delta'])})")
    # the RDP accountant on the other event types symdp certifies: composed Gaussian, Poisson-
    # subsampled Gaussian, composed Laplace, randomized response (each δ(ε) or ε(δ) it reports)
    rdp_tag = "RdpAccountant (default orders)"
    yield from each(table, "gaussian_composed_epsilon", rdp_tag,
                    lambda p: f"rdp.RdpAccountant().compose(dp_event.GaussianDpEvent({fmt(p['sigma'])}), "
                              f"{int(p['k'])}).get_epsilon({fmt(p['delta'])})")
    yield from each(table, "subsampled_gaussian_delta", rdp_tag,
                    lambda p: f"rdp.RdpAccountant().compose(dp_event.PoissonSampledDpEvent({fmt(p['q'])}, "
                              f"dp_event.GaussianDpEvent({fmt(p['sigma'])}))).get_delta({fmt(p['eps'])})")
    yield from each(table, "laplace_composed_delta", rdp_tag,
                    lambda p: f"rdp.RdpAccountant().compose(dp_event.LaplaceDpEvent(1/{fmt(p['eps0'])}), "
                              f"{int(p['k'])}).get_delta({fmt(p['eps'])})")
    yield from each(table, "rr_delta", rdp_tag,
                    lambda p: f"rdp.RdpAccountant(neighboring_relation=dp_accounting.NeighboringRelation.REPLACE_ONE)"
                              f".compose(dp_event.RandomizedResponseDpEvent("
                              f"{int(p['k'])}/(math.exp({fmt(p['eps0'])})+{int(p['k'])}-1), {int(p['k'])}))"
                              f".get_delta({fmt(p['eps'])})")
