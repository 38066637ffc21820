"""Adapter ``dpsgd``: every accountant's DP-SGD ε (and δ) against the certified brackets of the
``dpsgd_epsilon`` and ``dpsgd_delta`` tables.

The accountants: dp_accounting's PLD accountant (default discretisation) and RDP accountant;
Opacus' RDP, PRV and GDP accountants; prv_accountant's DP-SGD accountant, whose lower and upper
ε bounds are each claims (its upper below the certified lower bound, or its lower above the
certified upper bound, is a PRV bracket that does not contain the truth); autodp's Poisson-
subsampled Gaussian with its RDP composition. An ε below the certified lower bound is reported
NON-CONSERVATIVE; an ε above the certified upper bound is only loose. Opacus (which needs
PyTorch) is optional: without it its three accountants are left out and the others still run.

Beyond the tables' rows, the probe rows of :mod:`symdp.compare.probes` put every accountant at
the small sampling rates and small δ where float accountants are least tested (q = 10⁻⁴ over
10⁵ steps, the MNIST batch 256/60000 for 14 063 steps, δ = 10⁻¹⁸ at q = 3.3·10⁻⁴).
"""

from __future__ import annotations

import importlib.util
from typing import Callable, Iterator

from . import Case, each, fmt
from ..io.installed import dist_versions

DISTRIBUTION = "dp-accounting prv-accountant autodp (opacus optional)"
SETUP = """
import warnings
warnings.filterwarnings("ignore")
from dp_accounting import dp_event
from dp_accounting.pld import pld_privacy_accountant
from dp_accounting.rdp import rdp_privacy_accountant
from prv_accountant.dpsgd import DPSGDAccountant
try:
    from opacus.accountants import GaussianAccountant, PRVAccountant, RDPAccountant
except ImportError:  # Opacus needs PyTorch; its cases are left out (see cases())
    pass
from autodp.mechanism_zoo import GaussianMechanism
from autodp.transformer_zoo import AmplificationBySampling, Composition


def dpsgd_event(q, sigma):
    return dp_event.PoissonSampledDpEvent(q, dp_event.GaussianDpEvent(sigma))


def opacus_epsilon(accountant, q, sigma, steps, delta):
    acct = accountant()
    acct.history = [(sigma, q, steps)]
    return acct.get_epsilon(delta=delta)


def prv_epsilon(q, sigma, steps, delta, which):
    low, estimate, high = DPSGDAccountant(noise_multiplier=sigma, sampling_probability=q, max_steps=steps,
                                          eps_error=0.01, delta_error=delta / 1000).compute_epsilon(delta, steps)
    return {"lower": low, "estimate": estimate, "upper": high}[which]


def autodp_epsilon(q, sigma, steps, delta):
    step = AmplificationBySampling(PoissonSampling=True)(GaussianMechanism(sigma=sigma), q, improved_bound_flag=True)
    return Composition()([step], [int(steps)]).get_approxDP(delta)
"""


def versions() -> dict[str, str]:
    return dist_versions("dp-accounting", "prv-accountant", "opacus", "autodp", "numpy", "scipy")


def _args(p) -> str:
    return f"{fmt(p['q'])}, {fmt(p['sigma'])}, {int(p['steps'])}"


def cases(table: Callable) -> Iterator[Case]:
    eps = "dpsgd_epsilon"
    yield from _dp_accounting(table, eps, "get_epsilon", "delta")
    opacus = importlib.util.find_spec("opacus") is not None
    for name in ("RDPAccountant", "PRVAccountant", "GaussianAccountant") if opacus else ():
        yield from each(table, eps, f"opacus {name}",
                        lambda p, name=name: f"opacus_epsilon({name}, {_args(p)}, {fmt(p['delta'])})")
    for which, side in (("upper", "upper"), ("lower", "lower"), ("estimate", "both")):
        yield from each(table, eps, f"prv_accountant DPSGDAccountant ({which} bound)" if which != "estimate"
                        else "prv_accountant DPSGDAccountant (estimate)",
                        lambda p, which=which: f"prv_epsilon({_args(p)}, {fmt(p['delta'])}, {which!r})", side=side)
    yield from each(table, eps, "autodp AmplificationBySampling + Composition (RDP)",
                    lambda p: f"autodp_epsilon({_args(p)}, {fmt(p['delta'])})")
    yield from _dp_accounting(table, "dpsgd_delta", "get_delta", "eps")


def _dp_accounting(table: Callable, name: str, getter: str, key: str) -> Iterator[Case]:
    """dp_accounting's PLD and RDP accountants on table `name`: `getter` at the row's `key`."""
    for method, accountant in (("PLDAccountant (default discretisation)", "pld_privacy_accountant.PLDAccountant"),
                               ("RdpAccountant", "rdp_privacy_accountant.RdpAccountant")):
        yield from each(table, name, f"dp_accounting {method}",
                        lambda p, accountant=accountant: f"{accountant}().compose(dpsgd_event({fmt(p['q'])}, "
                                                         f"{fmt(p['sigma'])}), {int(p['steps'])})"
                                                         f".{getter}({fmt(p[key])})")
