"""Figures 1 and 2 of Steinke, *Composition of DP & privacy amplification by subsampling*.

Figure 1 (composition bounds): ε of the k-fold composition of 0.1-DP algorithms at δ = 10⁻⁶ by
basic composition (Theorem 1), advanced composition (Theorem 18), the optimal composition
(Kairouz–Oh–Viswanath), zCDP with the improved conversion (Proposition 14, ρ = 0.005k), and the
Gaussian mechanism with the variance of 0.1-DP Laplace noise (σ² = 2·10² = 200, Corollary 10).

Figure 2 (Rényi amplification, p = 0.05, 0.5-zCDP): the exact Poisson-subsampled Gaussian RDP
(Theorem 34, integer orders), the analytic bound of Proposition 41 (ω = ω*), the limit bound of
Proposition 42, and, as the text discusses them, the unamplified 0.5α and the lower bound
0.5α − (α/(α−1)) log 20.

Every point is an exact or certified value from symdp; floats appear only when plotting. The
grids, axis scales and ω are not given in the chapter: the captions file records our choices.
"""

from __future__ import annotations

from pathlib import Path

import sympy

from ..central.composition_theorems import advanced_composition, basic_composition, kov_epsilon
from ..central.renyi import gdp, zcdp
from ..central.subsampled_renyi import (proposition41_zcdp_bound, proposition42_bound, subsampled_gaussian_rdp,
                                        subsampling_lower_bound)
from .common import floats, save, subplots, write_captions

EPS0 = sympy.Rational(1, 10)
DELTA = sympy.Rational(1, 10 ** 6)
KS = (1, 2, 3, 5, 7, 10, 15, 20, 30, 40, 50, 75, 100, 150, 200, 300, 400, 500, 600, 700, 800, 900, 1000)
P_SAMPLE = sympy.Rational(1, 20)
RHO = sympy.Rational(1, 2)
ALPHAS_EXACT = tuple(range(2, 31))
ALPHAS_BOUND = tuple(sympy.Rational(n, 10) for n in range(11, 301, 3))


def figure1_curves() -> dict[str, list]:
    """The five curves of Figure 1 at k ∈ KS, as exact or certified values."""
    sigma2 = 2 / EPS0 ** 2        # Laplace(1/ε₀) has variance 2/ε₀²
    return {
        "basic composition (Thm 1)": [basic_composition([EPS0] * k) for k in KS],
        "advanced composition (Thm 18)": [advanced_composition([EPS0] * k, DELTA) for k in KS],
        "optimal [KOV15]": [kov_epsilon(EPS0, 0, k, DELTA) for k in KS],
        "zCDP, improved conversion (Prop 14)": [zcdp(EPS0 ** 2 * k / 2).epsilon(DELTA) for k in KS],
        "Gaussian, same variance (Cor 10)": [gdp(sympy.sqrt(k / sigma2)).epsilon(DELTA) for k in KS],
    }


def figure2_curves() -> dict[str, tuple[tuple, list]]:
    """The curves of Figure 2 as (orders, values)."""
    rdp = lambda a: RHO * a
    return {
        "exact (Thm 34)": (ALPHAS_EXACT, [subsampled_gaussian_rdp(a, P_SAMPLE, 1) for a in ALPHAS_EXACT]),
        "analytic bound (Prop 41, ω = ω*)": (ALPHAS_BOUND, [proposition41_zcdp_bound(a, P_SAMPLE, RHO)
                                                           for a in ALPHAS_BOUND]),
        "limit (Prop 42)": (ALPHAS_BOUND, [proposition42_bound(a, P_SAMPLE, rdp(a)) for a in ALPHAS_BOUND]),
        "unamplified 0.5α": (ALPHAS_BOUND, [rdp(a) for a in ALPHAS_BOUND]),
        "lower bound": (ALPHAS_BOUND, [subsampling_lower_bound(a, P_SAMPLE, rdp(a)) for a in ALPHAS_BOUND]),
    }


def _figure1(out: Path) -> Path:
    fig, ax = subplots(figsize=(6.4, 4.4))
    styles = ("k-", "C0-", "C3-", "C2--", "C1-.")
    for (label, values), style in zip(figure1_curves().items(), styles):
        ax.plot(KS, floats(values), style, label=label, lw=1.5)
    ax.set_xlim(0, max(KS))
    ax.set_ylim(0, 30)
    ax.set_xlabel("number of compositions $k$")
    ax.set_ylabel(r"$\varepsilon$ at $\delta = 10^{-6}$")
    ax.set_title(r"Figure 1: composing $k$ independent $0.1$-DP algorithms", fontsize=10)
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=8)
    return save(fig, out / "composition-subsampling-figure1.png")


def _figure2(out: Path) -> Path:
    fig, ax = subplots(figsize=(6.4, 4.4))
    styles = ("k.-", "C0-", "C3--", "C7:", "C2:")
    for (label, (alphas, values)), style in zip(figure2_curves().items(), styles):
        xs, ys = floats(alphas), floats(values)
        keep = [(x, y) for x, y in zip(xs, ys) if y > 0]
        ax.plot([x for x, _ in keep], [y for _, y in keep], style, label=label, lw=1.3, ms=4)
    ax.set_yscale("log")
    ax.set_xlim(1, 30)
    ax.set_ylim(1e-3, 30)
    ax.set_xlabel(r"Rényi order $\alpha$")
    ax.set_ylabel(r"$\varepsilon(\alpha)$")
    ax.set_title(r"Figure 2: Poisson subsampling, $p = 0.05$, $0.5$-zCDP", fontsize=10)
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=8)
    return save(fig, out / "composition-subsampling-figure2.png")


CAPTIONS = {
    "Figure 1": ("ε of the composition of k independent 0.1-DP algorithms at δ = 10⁻⁶. Curves: basic "
                 "composition 0.1k (Theorem 1); advanced composition 0.005k + √(2 ln(10⁶)·0.01k) "
                 "(Theorem 18, not min-ed with basic); the optimal composition (Kairouz–Oh–Viswanath, "
                 "certified root of the exact δ); ρ-zCDP with ρ = 0.005k and the improved conversion "
                 "(Proposition 14); the Gaussian mechanism with σ² = 200, the variance of Laplace(10) "
                 f"noise, i.e. ρ = k/400 (Corollary 10). Not in the chapter (our choice): k ∈ {list(KS)}, "
                 "linear axes, y ∈ [0, 30]."),
    "Figure 2": ("Rényi DP of the Poisson-subsampled Gaussian mechanism, p = 0.05, unamplified 0.5-zCDP "
                 "(σ = Δ). Exact: Theorem 34 at integer orders 2..30 (certified). Analytic bound: "
                 "Proposition 41 with D₂ ≤ 2ρ, D_ω ≤ ωρ and ω = ω* = max(α, (ρ − log((α−1)p))/2ρ) "
                 "(the chapter leaves ω free). Limit: Proposition 42 with D_α = 0.5α. Also drawn: the "
                 "unamplified 0.5α and the lower bound 0.5α − (α/(α−1)) log 20 (both from the text of "
                 "Section 6.6; non-positive values are not drawn on the log axis). Not in the chapter "
                 "(our choice): α ∈ [1.1, 30], log y-axis on [10⁻³, 30]."),
}


def make_all(out_dir: Path | str) -> list[Path]:
    """Write Figures 1 and 2 and a captions file into `out_dir`; return the paths."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    return [_figure1(out), _figure2(out),
            write_captions(out / "composition-subsampling-captions.md",
                           "Steinke, Composition of DP & privacy amplification by subsampling", CAPTIONS)]
