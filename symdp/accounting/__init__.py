"""Certified accounting of composed continuous mechanisms: rigorous δ(ε) and ε(δ) brackets.

See :mod:`symdp.accounting.api` for the guarantee and the method, :mod:`.discretise` for the
dominating/dominated grid discretisations and :mod:`.compose` for the exact integer composition.
"""

from .api import (Bracket, CostLimitError, Limits, delta_bracket, dpsgd_delta, dpsgd_epsilon, dpsgd_pair,
                  epsilon_bracket)
from .profiles import FiniteProfile, GaussianProfile, LaplaceProfile, Profile, SubsampledProfile, profile_of

__all__ = ["Bracket", "CostLimitError", "Limits", "delta_bracket", "epsilon_bracket", "dpsgd_delta",
           "dpsgd_epsilon", "dpsgd_pair", "Profile", "GaussianProfile", "LaplaceProfile", "SubsampledProfile",
           "FiniteProfile", "profile_of"]
