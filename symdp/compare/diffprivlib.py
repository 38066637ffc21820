"""Adapter for IBM's ``diffprivlib``: the noise scales its mechanisms calibrate from (ε, δ) and
the total ε its ``BudgetAccountant`` reports for a sequence of spends.

* ``GaussianAnalytic(epsilon, delta, sensitivity)._scale``: the analytic Gaussian mechanism
  (Balle–Wang, Algorithm 1), against the least σ with δ(ε; σ) ≤ δ (table ``gaussian_sigma``);
* ``Gaussian(epsilon, delta, sensitivity)._scale`` = √(2 log(1.25/δ))/ε, the classical
  calibration (Dwork–Roth, Theorem A.1; diffprivlib allows ε ≤ 1), against the same table;
* ``BudgetAccountant.total(spent_budget=[(ε₀, 0)] * k, slack=δ)``: the least of basic, advanced
  (Dwork–Rothblum–Vadhan) and Kairouz–Oh–Viswanath's closed-form composition, against the exact
  k-fold ε(δ) (table ``kov_epsilon``).

Every value is a privacy guarantee (σ or ε): a value below the certified one is non-conservative.
"""

from __future__ import annotations

from typing import Callable, Iterator

from . import Case, each, fmt
from ..io.installed import dist_versions

DISTRIBUTION = "diffprivlib"
SETUP = """
from diffprivlib.accountant import BudgetAccountant
from diffprivlib.mechanisms import Gaussian, GaussianAnalytic
"""


def versions() -> dict[str, str]:
    return dist_versions("diffprivlib", "numpy", "scipy", "scikit-learn")


def cases(table: Callable) -> Iterator[Case]:
    yield from each(table, "gaussian_sigma", "GaussianAnalytic._scale",
                    lambda p: f"GaussianAnalytic(epsilon={fmt(p['eps'])}, delta={fmt(p['delta'])}, sensitivity=1.0)._scale")
    yield from each(table, "gaussian_sigma", "Gaussian._scale",
                    lambda p: f"Gaussian(epsilon={fmt(p['eps'])}, delta={fmt(p['delta'])}, sensitivity=1.0)._scale",
                    keep=lambda r: 0 < r.floats["eps"] <= 1 and 0 < r.floats["delta"] < 1)
    yield from each(table, "kov_epsilon", "BudgetAccountant.total",
                    lambda p: (f"BudgetAccountant(epsilon=float('inf'), delta=1.0).total("
                               f"spent_budget=[({fmt(p['eps0'])}, 0.0)] * {int(p['k'])}, slack={fmt(p['delta'])})[0]"),
                    keep=lambda r: 0 < r.floats["delta"] <= 1)
