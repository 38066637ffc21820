"""Adapter for Microsoft's ``prv_accountant`` (Gopi–Lee–Wutschitz, *Numerical composition of
differential privacy*): its lower and upper bounds on δ(ε) and ε(δ), each a claimed bound."""

from __future__ import annotations

from typing import Callable, Iterator

from . import Case, fmt, rows
from ..io.installed import dist_versions

DISTRIBUTION = "prv-accountant"
# bounds() runs each accountant call once for its lower and its upper case (a failure too: a
# call that timed out for the upper bound is not run again for the lower one)
SETUP = """
from prv_accountant import PRVAccountant
from prv_accountant.privacy_random_variables import (GaussianMechanism, LaplaceMechanism,
    PoissonSubsampledGaussianMechanism, PureDPMechanism)

_last = [None, None]


def bounds(prv, k, eps_error, delta_error, what, x):
    key = (prv, k, eps_error, delta_error, what, x)
    if _last[0] != key:
        _last[0] = key
        try:
            acct = PRVAccountant(prvs=[eval(prv)], max_self_compositions=[k], eps_error=eps_error,
                                 delta_error=delta_error)
            _last[1] = getattr(acct, "compute_" + what)(x, [k])
        except BaseException as err:
            _last[1] = RuntimeError(f"{type(err).__name__}: {err}")
    if isinstance(_last[1], Exception):
        raise _last[1]
    return _last[1]
"""

#: eps_error settings of the accountant (coarse, fine)
EPS_ERRORS = (1e-1, 1e-2)
#: at the fine eps_error, more compositions than this are not run: one PureDPMechanism call with
#: 10⁴ compositions takes 64 s to build and 68 s per query (past the per-call time-out)
MAX_FINE_K = 1000
#: (table, the PRV's source from the row, the row's number of compositions (None: 1), compute_delta or
#: compute_epsilon, the row's argument of that call)
FAMILIES = (
    ("gaussian_delta", lambda p: f"GaussianMechanism({fmt(p['sigma'])})", None, "delta", "eps"),
    ("gaussian_epsilon", lambda p: f"GaussianMechanism({fmt(p['sigma'])})", None, "epsilon", "delta"),
    ("gaussian_composed_epsilon", lambda p: f"GaussianMechanism({fmt(p['sigma'])})", "k", "epsilon", "delta"),
    ("subsampled_gaussian_delta", lambda p: f"PoissonSubsampledGaussianMechanism({fmt(p['q'])}, {fmt(p['sigma'])})",
     None, "delta", "eps"),
    ("kov_delta", lambda p: f"PureDPMechanism({fmt(p['eps0'])})", "k", "delta", "eps"),
    ("kov_epsilon", lambda p: f"PureDPMechanism({fmt(p['eps0'])})", "k", "epsilon", "delta"),
    ("laplace_composed_delta", lambda p: f"LaplaceMechanism({fmt(p['eps0'])})", "k", "delta", "eps"),
)


def versions() -> dict[str, str]:
    return dist_versions("prv-accountant", "numpy", "scipy")


def cases(table: Callable) -> Iterator[Case]:
    """Each call's (lower, upper) pair as two cases: index 0 is a lower bound, index 2 an upper."""
    for eps_error in EPS_ERRORS:
        for name, prv, k_key, what, arg in FAMILIES:
            for r in rows(table(name)):
                p = r.floats
                k = int(p[k_key]) if k_key else 1
                if eps_error < max(EPS_ERRORS) and k > MAX_FINE_K:
                    continue
                delta_error = 1e-12 if what == "delta" else p[arg] / 1000
                call = f"bounds({prv(p)!r}, {k}, {eps_error!r}, {delta_error!r}, {what!r}, {fmt(p[arg])})"
                yield Case(name, r, f"PRV eps_error={eps_error:g} upper", call + "[2]", "upper")
                yield Case(name, r, f"PRV eps_error={eps_error:g} lower", call + "[0]", "lower")
