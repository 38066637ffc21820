"""Figures 1–3 of Ngo–Östman–Graell i Amat, *Local mutual-information differential privacy*
(information in bits).

Figure 1: δ^LDP_μ(ε) of eq. (6), its lower bound p̄_μ, and δ̄^LDP_G(ε) of the Gaussian mechanism
(d = 10, Δ = 1) with σ² calibrated so that μ̄^CI_G = μ (single-shell input, certified root).
Figure 2: μ^CI of eq. (8) for δ̄^LDP_G, which is exactly 2dΔ²/σ²·log e, against μ̄^CI_G
(single shell), d ∈ {1, 10}, Δ = 1. Figure 3: δ^LIP_μ(ε) of eq. (9) *as printed* and its floor
1 − 2^{−μ}; the paper's Gaussian curve (21-point discrete input) needs the Gaussian-mixture LIP
curve, which symdp does not compute yet, so it is not drawn. Figure 4 is not reproduced (same reason).

Every point is certified; floats appear only when plotting.
"""

from __future__ import annotations

from pathlib import Path

import sympy

from ..local import gaussian_ldp_delta, lmidp_to_ldp, shell_calibration, shell_information, zchannel_crossover
from ..local.lmidp import cd_lmidp_to_lip
from ..numbers import certify
from .common import floats, save, subplots, write_captions

MUS = (sympy.Rational(1, 10), sympy.Rational(1, 100))
EPS_GRID = tuple(sympy.Rational(k, 4) for k in range(11))          # 0, 0.25, …, 2.5
SIGMA2_GRID = (2, 5, 10, 20, 40, 60, 80, 100, 120, 140, 160, 180, 200)
D_FIG1 = 10


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


def figure3_curves() -> dict:
    curves = {}
    for mu in MUS:
        curves[f"δ^LIP_μ (9) as printed, μ = {mu}"] = [cd_lmidp_to_lip(mu, e) for e in EPS_GRID]
        curves[f"1 − 2^−μ, μ = {mu}"] = [1 - 2 ** (-mu)] * len(EPS_GRID)
    return curves


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
    """Write Figures 1–3 and a captions file into `out_dir`; return the paths."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    cal = calibrations()
    paths = [
        _plot(out, "lmidp-figure1.png", figure1_curves(cal), _eps_axis, r"$\varepsilon$", r"$\delta$",
              "Figure 1: CI-LMIDP ⇒ LDP", (1e-4, 1)),
        _plot(out, "lmidp-figure2.png", figure2_curves(), lambda _l, n: list(SIGMA2_GRID)[:n], r"noise variance $\sigma^2$",
              r"$\mu$ (bits)", "Figure 2: LDP ⇒ CI-LMIDP (Δ = 1)", (1e-3, 30)),
        _plot(out, "lmidp-figure3.png", figure3_curves(), _eps_axis, r"$\varepsilon$", r"$\delta$",
              "Figure 3: eq. (9) as printed (Theorem 2(a) is false)", (1e-4, 1)),
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
                     "needs δ = 99/100). The paper's Gaussian curve (21-point input, σ² with μ̄^CD_G = μ) is not drawn: "
                     "symdp does not yet compute the Gaussian-mixture LIP curve."),
    }
    paths.append(write_captions(out / "lmidp-captions.md", "Ngo–Östman–Graell i Amat, Local mutual-information DP", captions))
    return paths
