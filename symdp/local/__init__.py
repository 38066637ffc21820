"""Local differential privacy: channels, their privacy parameters and contraction coefficients.

A :class:`Channel` is an exact row-stochastic matrix Q(y|x). It reports its LDP ε
(``ldp_epsilon``), its Dobrushin coefficient η (``dobrushin``; the "η-TV" of Ghazi–Issa,
*Total variation meets differential privacy*, Definition 7) and its contraction coefficients
for TV, KL, χ² and E_γ (``contraction``). The functions below are the closed forms of
Ghazi–Issa Section VII for the class Q_{ε,η} of ε-LDP channels with Dobrushin coefficient ≤ η.

Asoodeh–Aliakbarpour–Calmon, *LDP is equivalent to contraction of E_γ-divergence*: the E_γ
divergence and E_γ-information (``egamma``), φ_n and the exact worst-case contraction over all
(ε,δ)-LDP kernels (``worst_case``), the private minimax / Bayes / testing bounds
(``risk_bounds``) and the Bernoulli model of their Example 4 (``beta_bernoulli``).
"""

from .._lazy import keep_functions_over_submodules, lazy_exports

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
    "e_gamma", "e_gamma_information", "tv_bounds", "phi", "worst_case_contraction", "worst_case_lp",
    "dominating_kernel", "bsc", "bsc_kl_contraction", "tensor_power",
    # Ngo–Östman–Graell i Amat, local mutual-information DP (information in bits)
    "entropy", "binary_entropy", "kl_bits", "mutual_information", "capacity", "bac_capacity",
    "zchannel_crossover", "ldp_delta", "lip_delta", "lmidp_to_ldp", "ldp_to_lmidp", "cd_lmidp_to_lip",
    "lip_to_lmidp", "gaussian_ldp_delta", "shell_information", "shell_calibration", "mixture_information",
    "mixture_lip_delta", "mixture_calibration", "mixture_lip_to_lmidp", "LipIntegral",
]

# The names load on first use (PEP 562): ``local.Channel(...)`` in ``symdp eval`` then costs the
# channel module, not the LP, numpy and the information measures too.
_LAZY = {
    **dict.fromkeys(("Channel", "binary_erasure_mechanism", "dominating_channel", "erasure", "randomized_response"),
                    ".channel"),
    **dict.fromkeys(("binary_chi2_contraction", "chi2_tv_bound", "contraction", "e_gamma_contraction",
                     "erasure_conversion_factor", "kl_contraction_bound", "le_cam", "max_f_divergence",
                     "max_tv_after_channel", "rr_kl_contraction"), ".contraction"),
    **dict.fromkeys(("decision_points", "dominance_kernel", "dominates", "error_region_vertices", "in_error_region",
                     "quaternary_mechanism", "satisfies_ldp"), ".approximate"),
    **dict.fromkeys(("OptimalMechanism", "binary_mechanism", "geometric_mechanism", "lemma24_threshold",
                     "mi_binary_mechanism", "optimal_mechanism", "rr_dual"), ".extremal"),
    **dict.fromkeys(("pattern", "staircase_matrix"), ".patterns"),
    **dict.fromkeys(("e_gamma", "e_gamma_information", "tv_bounds"), ".egamma"),
    **dict.fromkeys(("bsc", "bsc_kl_contraction", "dominating_kernel", "phi", "tensor_power", "worst_case_contraction",
                     "worst_case_lp"), ".worst_case"),
    **dict.fromkeys(("bac_capacity", "binary_entropy", "capacity", "entropy", "kl_bits", "mutual_information",
                     "zchannel_crossover"), ".information"),
    **dict.fromkeys(("cd_lmidp_to_lip", "ldp_delta", "ldp_to_lmidp", "lip_delta", "lip_to_lmidp", "lmidp_to_ldp"),
                    ".lmidp"),
    **dict.fromkeys(("gaussian_ldp_delta", "shell_calibration", "shell_information"), ".gaussian_info"),
    **dict.fromkeys(("LipIntegral", "mixture_calibration", "mixture_information", "mixture_lip_delta",
                     "mixture_lip_to_lmidp"), ".gaussian_mixture"),
}
_MODULES = {name: "." + name for name in ("utility", "beta_bernoulli", "risk_bounds")}

__getattr__, __dir__ = lazy_exports(__name__, _LAZY, _MODULES)
keep_functions_over_submodules(__name__, _LAZY)  # symdp.local.contraction stays the function
