"""Figures 1–3 of Ngo–Östman–Graell i Amat, *Local mutual-information differential privacy*
(information in bits).

Figure 1: δ^LDP_μ(ε) of eq. (6), its lower bound p̄_μ, and δ̄^LDP_G(ε) of the Gaussian mechanism
(d = 10, Δ = 1) with σ² calibrated so that μ̄^CI_G = μ (single-shell input, certified root).
Figure 2: μ^CI of eq. (8) for δ̄^LDP_G, which is exactly 2dΔ²/σ²·log e, against μ̄^CI_G
(single shell), d ∈ {1, 10}, Δ = 1. Figure 3: δ^LIP_μ(ε) of eq. (9) *as printed*, its floor
1 − 2^{−μ}, and the Gaussian mechanism's δ̄^LIP_G(ε) for the 21-point input ∝ e^{−2x²} on
{−1, −0.9, …, 1} with σ² calibrated so that μ̄^CD_G = μ. Figure 4: μ^CD of eq. (10) for that LIP
curve (a rigorous bracket, drawn as its two ends) against μ̄^CD_G = I(X; G(X)).

Every point is certified; floats appear only when plotting.
"""

from __future__ import annotations

from pathlib import Path

import sympy

from ..local import (gaussian_ldp_delta, lmidp_to_ldp, mixture_calibration, mixture_information, mixture_lip_delta,
                     mixture_lip_to_lmidp, shell_calibration, shell_information, zchannel_crossover)
from ..local.lmidp import cd_lmidp_to_lip
from ..numbers import certify
from .common import floats, save, subplots, write_captions

MUS = (sympy.Rational(1, 10), sympy.Rational(1, 100))
EPS_GRID = tuple(sympy.Rational(k, 4) for k in range(11))          # 0, 0.25, …, 2.5
SIGMA2_GRID = (2, 5, 10, 20, 40, 60, 80, 100, 120, 140, 160, 180, 200)
SIGMA2_FIG4 = (2, 5, 10, 20, 50, 100, 200)
D_FIG1 = 10
RTOL_FIG4 = sympy.Rational(1, 20)


def figure3_input() -> tuple[list, list]:
    """The Figure 3 input: "N(0, 1/4) truncated to 21 points evenly spaced in [−Δ, Δ]", read as
    the pmf ∝ e^{−2x²} on x_i = −1 + i/10, i = 0..20 (Δ = 1)."""
    xs = [sympy.Rational(i - 10, 10) for i in range(21)]
    w = [sympy.exp(-2 * x * x) for x in xs]
    return xs, [v / sum(w) for v in w]


def figure3_calibrations() -> dict:
    """σ² (certified, 15 digits) with μ̄^CD_G = I(X; X + N(0, σ²)) = μ for the Figure 3 input, as
    exact rationals: the upper end, so that the drawn mechanism is μ-CD-LMIDP."""
    xs, p = figure3_input()
    out = {}
    for mu in MUS:
        c = certify(mixture_calibration(mu, xs, p), 15)
        out[mu] = (c.decimal, sympy.Rational(c.upper))
    return out


def calibrations() -> dict:
    """σ² (certified, 15 digits) with μ̄^CI_G = μ for d = 10, Δ = 1, as exact rationals (lower ends)."""
    out = {}
    for mu in MUS:
        c = certify(shell_calibration(mu, D_FIG1), 15)
        out[mu] = (c.decimal, sympy.Rational(c.lower))
    return out


def figure1_curves(cal: dict) -> dict:
    curves = {}
    for mu in MUS:
        curves[f"δ^LDP_μ (6), μ = {mu}"] = [lmidp_to_ldp(mu, e) for e in EPS_GRID]
        curves[f"p̄_μ, μ = {mu}"] = [zchannel_crossover(mu)] * len(EPS_GRID)
        curves[f"Gaussian, μ̄^CI_G = {mu}"] = [gaussian_ldp_delta(e, cal[mu][1], D_FIG1) for e in EPS_GRID]
    return curves


def figure2_curves() -> dict:
    curves = {}
    for d in (10, 1):
        curves[f"μ^CI (8), d = {d}"] = [sympy.Rational(2 * d, s2) / sympy.log(2) for s2 in SIGMA2_GRID]
        curves[f"μ̄^CI_G, d = {d}"] = [shell_information(sympy.sqrt(sympy.Rational(d, s2)), d) for s2 in SIGMA2_GRID]
    return curves


def figure3_curves(cal: dict) -> dict:
    xs, p = figure3_input()
    curves = {}
    for mu in MUS:
        curves[f"δ^LIP_μ (9) as printed, μ = {mu}"] = [cd_lmidp_to_lip(mu, e) for e in EPS_GRID]
        curves[f"1 − 2^−μ, μ = {mu}"] = [1 - 2 ** (-mu)] * len(EPS_GRID)
        curves[f"Gaussian δ̄^LIP_G, μ̄^CD_G = {mu}"] = [mixture_lip_delta(xs, p, cal[mu][1], e) for e in EPS_GRID]
    return curves


def figure4_curves() -> dict:
    """μ^CD of (10) for δ̄^LIP_G as a bracket (lower and upper ends) and μ̄^CD_G, over SIGMA2_FIG4."""
    xs, p = figure3_input()
    brackets = [mixture_lip_to_lmidp(xs, p, s2, RTOL_FIG4) for s2 in SIGMA2_FIG4]
    return {"μ^CD (10) of δ̄^LIP_G, upper end": [b.upper for b in brackets],
            "μ^CD (10) of δ̄^LIP_G, lower end": [b.lower for b in brackets],
            "μ̄^CD_G = I(X; G(X))": [mixture_information(xs, p, s2) for s2 in SIGMA2_FIG4]}


def _plot(out: Path, name: str, curves: dict, xs_of, xlabel: str, ylabel: str, title: str, ylim) -> Path:
    fig, ax = subplots(figsize=(6.4, 4.4))
    for i, (label, values) in enumerate(curves.items()):
        xs = floats(xs_of(label, len(values)))
        ys = floats(values)
        keep = [(x, y) for x, y in zip(xs, ys) if y > 0]
        ax.plot([x for x, _ in keep], [y for _, y in keep], ("-", "--", ":")[i % 3], color=f"C{i // 3}", label=label, lw=1.4)
    ax.set_yscale("log")
    ax.set_ylim(*ylim)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title, fontsize=10)
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=7)
    return save(fig, out / name)


def _eps_axis(label: str, n: int):
    return list(EPS_GRID)[:n]


def make_all(out_dir: Path | str) -> list[Path]:
    """Write Figures 1–4 and a captions file into `out_dir`; return the paths."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    cal = calibrations()
    cal3 = figure3_calibrations()
    paths = [
        _plot(out, "lmidp-figure1.png", figure1_curves(cal), _eps_axis, r"$\varepsilon$", r"$\delta$",
              "Figure 1: CI-LMIDP ⇒ LDP", (1e-4, 1)),
        _plot(out, "lmidp-figure2.png", figure2_curves(), lambda _l, n: list(SIGMA2_GRID)[:n], r"noise variance $\sigma^2$",
              r"$\mu$ (bits)", "Figure 2: LDP ⇒ CI-LMIDP (Δ = 1)", (1e-3, 30)),
        _plot(out, "lmidp-figure3.png", figure3_curves(cal3), _eps_axis, r"$\varepsilon$", r"$\delta$",
              "Figure 3: eq. (9) as printed (Theorem 2(a) is false)", (1e-4, 1)),
        _plot(out, "lmidp-figure4.png", figure4_curves(), lambda _l, n: list(SIGMA2_FIG4)[:n],
              r"noise variance $\sigma^2$", r"$\mu$ (bits)", "Figure 4: LIP ⇒ CD-LMIDP (eq. 10)", (1e-4, 1)),
    ]
    captions = {
        "Figure 1": ("δ^LDP_μ(ε) of eq. (6) (certified convex optimum), its lower bound p̄_μ (certified root), and the "
                     "Gaussian mechanism's δ̄^LDP_G(ε) with d = 10, Δ = 1 and σ² calibrated so that μ̄^CI_G = μ for the "
                     "single-shell input (optimal at these SNRs by Rassouli–Clerckx, cited): "
                     + "; ".join(f"μ = {mu} bits → σ² = {cal[mu][0]} (certified, 15 digits)" for mu in MUS)
                     + f". ε grid {[str(e) for e in EPS_GRID]}."),
        "Figure 2": ("μ^CI of eq. (8) with δ = δ̄^LDP_G: exactly 2dΔ²/σ²·log₂e bits (Lemma 1 on the symmetric Gaussian "
                     "pair), against μ̄^CI_G for the single-shell input (certified integral with a proved tail bound); "
                     f"Δ = 1, σ² ∈ {list(SIGMA2_GRID)}. The ratio tends to 4 at low SNR."),
        "Figure 3": ("δ^LIP_μ(ε) of eq. (9) exactly as printed, and its floor 1 − 2^−μ. Theorem 2(a), which calls this an "
                     "LIP guarantee of μ-CD-LMIDP, is false (proofs/lmidp.py: the identity mechanism with P_X(1) = 1/100 "
                     "needs δ = 99/100). The Gaussian mechanism's δ̄^LIP_G(ε) (certified, from the roots of its convex "
                     "log-likelihood ratios) uses the input ∝ e^(−2x²) on {−1, −0.9, …, 1} (the reading of \"N(0, 1/4) "
                     "truncated to 21 points\") and σ² with μ̄^CD_G = μ: "
                     + "; ".join(f"μ = {mu} bits → σ² = {cal3[mu][0]} (certified, 15 digits; the curve is drawn at the "
                                 f"upper end of the enclosure, so that the mechanism is μ-CD-LMIDP)" for mu in MUS)
                     + ". For small ε the Gaussian curve lies above eq. (9): the paper's own example refutes Theorem 2(a)."),
        "Figure 4": ("μ^CD of eq. (10) (Theorem 2(b)) for the Figure 3 Gaussian mechanism's LIP curve, drawn as the two ends "
                     f"of a rigorous bracket of relative width ≤ {RTOL_FIG4} (δ̄^LIP_G is non-increasing, so a grid gives "
                     "lower and upper sums; the tail beyond the grid is bounded in closed form), against μ̄^CD_G = "
                     f"I(X; G(X)) (certified integral); σ² ∈ {list(SIGMA2_FIG4)}. The caption of the paper says "
                     "\"(ε, δ(ε))-LDP\" where LIP is meant."),
    }
    paths.append(write_captions(out / "lmidp-captions.md", "Ngo–Östman–Graell i Amat, Local mutual-information DP", captions))
    return paths
