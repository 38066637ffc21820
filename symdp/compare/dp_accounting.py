"""Adapter for Google's ``dp_accounting`` (PLD accountant at several discretisations, both
pessimistic and optimistic; RDP accountant and its order-wise formulas; analytic Gaussian
calibration)."""

from __future__ import annotations

from typing import Callable, Iterator

from . import Case, dist_versions, fmt, rows

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


def cases(table: Callable) -> Iterator[Case]:
    for vdi in INTERVALS:
        for pess in (True, False):
            side = "upper" if pess else "lower"
            tag = f"PLD {'pessimistic' if pess else 'optimistic'} vdi={vdi:g}"
            for r in rows(table("gaussian_delta")):
                p = r.floats
                yield Case("gaussian_delta", r, tag, _gaussian(vdi, pess, p["sigma"]) + _get(pess, "delta", p["eps"]), side)
            for r in rows(table("gaussian_epsilon")):
                p = r.floats
                yield Case("gaussian_epsilon", r, tag, _gaussian(vdi, pess, p["sigma"]) + _get(pess, "epsilon", p["delta"]), side)
            for r in rows(table("subsampled_gaussian_delta")):
                p = r.floats
                yield Case("subsampled_gaussian_delta", r, tag,
                           _gaussian(vdi, pess, p["sigma"], p["q"]) + _get(pess, "delta", p["eps"]), side)
            for r in rows(table("kov_delta")) if pess else ():
                p = r.floats
                yield Case("kov_delta", r, tag,
                           f"pldlib.from_privacy_parameters(common.DifferentialPrivacyParameters({fmt(p['eps0'])}, 0.0), "
                           f"value_discretization_interval={vdi!r}).self_compose({int(p['k'])})"
                           f".get_delta_for_epsilon({fmt(p['eps'])})")
            for r in rows(table("laplace_composed_delta")):
                p = r.floats
                yield Case("laplace_composed_delta", r, tag,
                           f"pldlib.from_laplace_mechanism(1/{fmt(p['eps0'])}, pessimistic_estimate={pess}, "
                           f"value_discretization_interval={vdi!r}).self_compose({int(p['k'])})"
                           f".get_delta_for_epsilon({fmt(p['eps'])})", side)
            for r in rows(table("rr_delta")):
                p = r.floats
                yield Case("rr_delta", r, tag,
                           f"pldlib.from_randomized_response({int(p['k'])}/(math.exp({fmt(p['eps0'])})+{int(p['k'])}-1), "
                           f"{int(p['k'])}, pessimistic_estimate={pess}, value_discretization_interval={vdi!r})"
                           f".get_delta_for_epsilon({fmt(p['eps'])})", side)
        for r in rows(table("gaussian_composed_epsilon")):
            p = r.floats
            if vdi < 1e-3 and p["k"] > 1000:
                continue
            yield Case("gaussian_composed_epsilon", r, f"PLD pessimistic vdi={vdi:g}",
                       f"{_acct(vdi)}.compose(dp_event.GaussianDpEvent({fmt(p['sigma'])}), {int(p['k'])})"
                       f".get_epsilon({fmt(p['delta'])})")
        for r in rows(table("kov_epsilon")):
            p = r.floats
            yield Case("kov_epsilon", r, f"PLD pessimistic vdi={vdi:g}",
                       f"pldlib.from_privacy_parameters(common.DifferentialPrivacyParameters({fmt(p['eps0'])}, 0.0), "
                       f"value_discretization_interval={vdi!r}).self_compose({int(p['k'])})"
                       f".get_epsilon_for_delta({fmt(p['delta'])})")
    for r in rows(table("gaussian_sigma")):
        p = r.floats
        yield Case("gaussian_sigma", r, "pld.accountant.get_smallest_gaussian_noise",
                   f"pld.accountant.get_smallest_gaussian_noise(common.DifferentialPrivacyParameters("
                   f"{fmt(p['eps'])}, {fmt(p['delta'])}))")
    for name in ("subsampled_gaussian_rdp", "subsampled_gaussian_rdp_fractional"):
        for r in rows(table(name)):
            p = r.floats
            yield Case(name, r, "rdplib._compute_rdp_poisson_subsampled_gaussian",
                       f"rdplib._compute_rdp_poisson_subsampled_gaussian({fmt(p['q'])}, {fmt(p['sigma'])}, "
                       f"[{fmt(p['alpha'])}])[0]")
    for r in rows(table("zcdp_epsilon")):
        p = r.floats
        yield Case("zcdp_epsilon", r, "RdpAccountant (default orders)",
                   f"rdp.RdpAccountant().compose(dp_event.GaussianDpEvent(1/math.sqrt(2*{fmt(p['rho'])})))"
                   f".get_epsilon({fmt(p['delta'])})")
    for r in rows(table("gaussian_epsilon")):
        p = r.floats
        yield Case("gaussian_epsilon", r, "RdpAccountant (default orders)",
                   f"rdp.RdpAccountant().compose(dp_event.GaussianDpEvent({fmt(p['sigma'])})).get_epsilon({fmt(p['delta'])})")
