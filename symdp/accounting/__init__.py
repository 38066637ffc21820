"""Certified accounting of composed continuous mechanisms: rigorous δ(ε) and ε(δ) brackets.

See :mod:`symdp.accounting.api` for the guarantee and the method, :mod:`.discretise` for the
dominating/dominated grid discretisations and :mod:`.compose` for the exact integer composition.
"""

from .._lazy import lazy_exports

__all__ = ["Bracket", "CostLimitError", "Limits", "delta_bracket", "epsilon_bracket", "epsilon_curve",
           "delta_curve", "dpsgd_delta", "dpsgd_epsilon", "dpsgd_pair", "dpsgd_schedule", "dpsgd_epsilon_schedule",
           "dpsgd_delta_schedule", "Profile", "GaussianProfile", "LaplaceProfile", "SubsampledProfile",
           "FiniteProfile", "profile_of", "dpsgd_sigma", "Calibration", "epsilon_trajectory",
           "dpsgd_epsilon_trajectory", "epochs_to_steps", "steps_per_epoch", "CertifiedAccountant",
           "CertifiedOpacusAccountant", "register_with_opacus"]

# Loaded on first use: `symdp --help` imports this package (for the `account` parser) and must
# not pay for sympy and python-flint; ``CertifiedAccountant`` subclasses dp_accounting's
# PrivacyAccountant, an optional dependency, so it is built only when asked for (an error naming
# the extra when it is missing).
_LAZY = {
    **dict.fromkeys(("Bracket", "CostLimitError", "Limits", "delta_bracket", "dpsgd_delta", "dpsgd_epsilon",
                     "dpsgd_pair", "epsilon_bracket", "epsilon_curve", "delta_curve", "dpsgd_schedule",
                     "dpsgd_epsilon_schedule", "dpsgd_delta_schedule"), ".api"),
    **dict.fromkeys(("FiniteProfile", "GaussianProfile", "LaplaceProfile", "Profile", "SubsampledProfile",
                     "profile_of"), ".profiles"),
    **dict.fromkeys(("Calibration", "dpsgd_sigma"), ".calibrate"),
    **dict.fromkeys(("dpsgd_epsilon_trajectory", "epochs_to_steps", "epsilon_trajectory", "steps_per_epoch"),
                    ".training"),
    **dict.fromkeys(("CertifiedAccountant", "CertifiedOpacusAccountant", "register_with_opacus"), ".adapters"),
}


__getattr__, __dir__ = lazy_exports(__name__, _LAZY)
