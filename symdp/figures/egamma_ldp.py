"""Figure 1 of Asoodeh–Aliakbarpour–Calmon, *Local differential privacy is equivalent to
contraction of E_γ-divergence*.

Example 4 (Θ ~ U[0,1], X_i i.i.d. Ber(Θ), ℓ1 loss) with δ = 10⁻⁴ and n = 20: the lower bounds on
the private Bayes risk from Theorem 2 and from Corollary 3, against ε. The paper's image gives no
axis range; ε ∈ [0, 3] is drawn here. Every plotted value is certified (64-bit balls, rounded to
floats only for drawing).
"""

from __future__ import annotations

from pathlib import Path

import sympy

from ..local.beta_bernoulli import corollary3_bound, theorem2_bound
from .common import save, subplots, to_float, write_captions

KEY = "egamma-ldp"
DELTA, N = sympy.Rational(1, 10 ** 4), 20
#: ε grid: 0, 0.05, …, 3.
GRID = [sympy.Rational(i, 20) for i in range(61)]

CAPTIONS = {
    "Figure 1": "Lower bounds on the ℓ1 Bayes risk of Example 4 (Θ ~ U[0,1], X_i ~ Ber(Θ), n = 20) under "
                "(ε, δ = 10⁻⁴)-LDP: Theorem 2, (1 − φ_20(ε,δ)·I_{e^ε}(Θ;X^20))²/(8e^ε), and Corollary 3 (the "
                "Xu–Raginsky bound with φ_20(ε,δ)·I(Θ;X^20)), both with ℒ(ζ) = min{2ζ, 1}. The paper's caption "
                "says 'Example 2'; the model is Example 4's. Axis range (ε ∈ [0, 3]) chosen here. Theorem 2 is "
                "better below ε ≈ 2.41656 (certified crossing), as the text says for small ε.",
}


def curves(grid=None) -> tuple[list, list]:
    """The two curves at the ε of `grid` (default :data:`GRID`): (Theorem 2, Corollary 3), certified."""
    grid = GRID if grid is None else grid
    return ([theorem2_bound(e, DELTA, N) for e in grid], [corollary3_bound(e, DELTA, N) for e in grid])


def figure1(out: Path) -> Path:
    thm, cor = curves()
    xs = [float(e) for e in GRID]
    fig, ax = subplots(figsize=(5.5, 4))
    ax.plot(xs, [to_float(v) for v in thm], "b-", label="Theorem 2")
    ax.plot(xs, [to_float(v) for v in cor], "r--", label="Corollary 3")
    ax.set_xlabel(r"$\varepsilon$")
    ax.set_ylabel(r"lower bound on $R_n^{\mathrm{Bayes}}$")
    ax.set_title(r"Figure 1: Example 4, $\delta = 10^{-4}$, $n = 20$", fontsize=9)
    ax.grid(True, alpha=0.3)
    ax.legend()
    return save(fig, out / f"{KEY}-figure1.png")


def make_all(out: Path) -> list[Path]:
    return [figure1(out), write_captions(out / f"{KEY}-captions.md", "Asoodeh–Aliakbarpour–Calmon figures", CAPTIONS)]
