"""Local differential privacy: channels, their privacy parameters and contraction coefficients.

A :class:`Channel` is an exact row-stochastic matrix Q(y|x). It reports its LDP ε
(``ldp_epsilon``), its Dobrushin coefficient η (``dobrushin``; the "η-TV" of Ghazi–Issa,
*Total variation meets differential privacy*, Definition 7) and its contraction coefficients
for TV, KL, χ² and E_γ (``contraction``). The functions below are the closed forms of
Ghazi–Issa Section VII for the class Q_{ε,η} of ε-LDP channels with Dobrushin coefficient ≤ η.
"""

from .channel import (Channel, binary_erasure_mechanism, dominating_channel, erasure,
                      randomized_response)
from .contraction import (binary_chi2_contraction, chi2_tv_bound, contraction, e_gamma_contraction,
                          erasure_conversion_factor, kl_contraction_bound, le_cam, max_f_divergence,
                          max_tv_after_channel, rr_kl_contraction)
from . import utility
from .approximate import (decision_points, dominance_kernel, dominates, error_region_vertices, in_error_region,
                          quaternary_mechanism, satisfies_ldp)
from .extremal import (OptimalMechanism, binary_mechanism, geometric_mechanism, lemma24_threshold,
                       mi_binary_mechanism, optimal_mechanism, rr_dual)
from .patterns import pattern, staircase_matrix

__all__ = [
    "Channel", "randomized_response", "dominating_channel", "binary_erasure_mechanism", "erasure",
    "contraction", "e_gamma_contraction", "binary_chi2_contraction", "le_cam",
    "max_tv_after_channel", "max_f_divergence", "kl_contraction_bound", "rr_kl_contraction",
    "chi2_tv_bound", "erasure_conversion_factor",
    # Kairouz–Oh–Viswanath, extremal mechanisms
    "utility", "optimal_mechanism", "OptimalMechanism", "binary_mechanism", "mi_binary_mechanism",
    "geometric_mechanism", "lemma24_threshold", "rr_dual", "staircase_matrix", "pattern",
    "quaternary_mechanism", "satisfies_ldp", "error_region_vertices", "in_error_region", "decision_points",
    "dominance_kernel", "dominates",
]
