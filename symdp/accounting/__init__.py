"""Certified accounting of composed continuous mechanisms: rigorous δ(ε) and ε(δ) brackets.

See :mod:`symdp.accounting.api` for the guarantee and the method, :mod:`.discretise` for the
dominating/dominated grid discretisations and :mod:`.compose` for the exact integer composition.
"""

from .api import (Bracket, CostLimitError, Limits, delta_bracket, dpsgd_delta, dpsgd_epsilon, dpsgd_pair,
                  epsilon_bracket)
from .adapters import CertifiedOpacusAccountant, register_with_opacus
from .calibrate import Calibration, dpsgd_sigma
from .profiles import FiniteProfile, GaussianProfile, LaplaceProfile, Profile, SubsampledProfile, profile_of
from .training import dpsgd_epsilon_trajectory, epochs_to_steps, epsilon_trajectory, steps_per_epoch

__all__ = ["Bracket", "CostLimitError", "Limits", "delta_bracket", "epsilon_bracket", "dpsgd_delta",
           "dpsgd_epsilon", "dpsgd_pair", "Profile", "GaussianProfile", "LaplaceProfile", "SubsampledProfile",
           "FiniteProfile", "profile_of", "dpsgd_sigma", "Calibration", "epsilon_trajectory",
           "dpsgd_epsilon_trajectory", "epochs_to_steps", "steps_per_epoch", "CertifiedOpacusAccountant",
           "register_with_opacus"]


def __getattr__(name: str) -> object:
    """``CertifiedAccountant`` subclasses dp_accounting's PrivacyAccountant, an optional
    dependency: it is built on first access (an error naming the extra when it is missing)."""
    if name == "CertifiedAccountant":
        from . import adapters
        return adapters.CertifiedAccountant
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
