"""Figures 1–7 of Ghazi–Issa, *Total variation meets differential privacy*.

The paper's images are not available, only their captions and the text around them; each
figure here is rebuilt from the formulas, and every parameter the paper does not state is chosen
and said in the figure's title and in ``CAPTIONS`` (written to ``tv-dp-captions.md``).
"""

from __future__ import annotations

import math
from pathlib import Path

import sympy
from sympy import Rational

from ..central.composition import kov_delta
from ..central.pairs import eta_max as _eta_max, laplace
from ..central.staircase import staircase
from ..central.tvdp import DPSGD_EXAMPLE, DPRegion, TVDP, dpsgd_region, gdp_tradeoff, sgd_clt_mu
from .common import error_square, floats, save, subplots, to_float, write_captions

KEY = "tv-dp"

#: Figures 1–2 are schematic in the paper; these are the values drawn.
SCHEMATIC = {"eps": sympy.Integer(1), "delta": Rational(1, 10), "eta": Rational(3, 10)}
#: Figure 4: ε = 1, δ = 0, α = 0.3, i.e. η = 0.7·tanh(1/2) (Section III-A).
FIG4_EPS, FIG4_ALPHA = sympy.Integer(1), Rational(3, 10)
#: Figures 6–7: the staircase shapes drawn (the paper states none), ε = 1, Δ = 1.
FIG6_GAMMA, FIG7_GAMMA = Rational(3, 10), Rational(7, 10)

CAPTIONS = {
    "Figure 1": "Privacy region (gray) of (ε, δ)-DP in the (type-I, type-II) error square: between the "
                "trade-off bound max{0, 1−δ−e^ε t, e^{−ε}(1−δ−t)} and its mirror image 1 − f(1 − t) "
                "(Kairouz–Oh–Viswanath, Theorem 1). The paper's figure is schematic; drawn with ε = 1, δ = 0.1.",
    "Figure 2": "Privacy region (gray) of (ε, δ)-DP with η-TV (Corollary 1): the η-line t + f = 1 − η slices "
                "the corner of the (ε, δ) region (dashed). Schematic in the paper; drawn with ε = 1, δ = 0.1, "
                "η = 0.3, corners at t = (η−δ)/(e^ε−1) and its mirror.",
    "Figure 3": "Laplace mechanism, ε = 1. Green: its exact trade-off function; blue: the ε-DP lines "
                "t + e^ε f = 1 and e^ε t + f = 1; red: t + f = 1 − η_Lap with η_Lap = 1 − e^{−1/2}, its "
                "total variation, which touches the green curve at t = f = e^{−1/2}/2.",
    "Figure 4": "Trade-off functions induced by the dominating mechanism for ε = 1, δ = 0, α = 0.3 "
                "(η = 0.7·tanh(1/2)): (a) k = 1, (b) k = 5. Green: ε-DP composition (Kairouz–Oh–Viswanath, "
                "eq. (6), j ≡ k mod 2); blue: Theorem 2 lines for odd j; red: even j; each j gives the two lines "
                "t + e^{jε} f = 1 − δ_j and e^{jε} t + f = 1 − δ_j. Black: the Theorem 2 trade-off function f_k "
                "(Remark 3). δ_j certified, then rounded for plotting.",
    "Figure 5": "Noisy SGD, n = 60000, m = 256 (p = 256/60000), 15 epochs, each step 1/1.3-GDP. "
                "Chosen here (the paper does not say): 3516 compositions (15·60000/256 = 3515.625 is not an "
                "integer; rounded up), ε ∈ {0.5, …, 3.4} is the per-step pre-sampling ε, sampling by "
                "Proposition 1. Theorem 2 and Kairouz et al. (same pipeline with η ignored): intersection over "
                "the 30 values of ε, certified ball arithmetic (no method-of-types approximation, unlike the "
                "paper). Asymptotic SGD: G_μ with μ from Dong–Roth–Su Corollary 5.4 (uniform sampling, "
                "T = 3515.625, σ = 1.3, μ ≈ 0.2847). Moments accountant: the (1.19, 10⁻⁵)-DP region. The paper "
                "took these two curves from Dong et al.'s figure; here they are recomputed.",
    "Figure 6": "Staircase densities (ε = 1, Δ = 1) for γ ≤ 1/2, drawn at γ = 0.3: red P centred at 0, blue Q "
                "shifted by Δ. Shaded: P − Q on (−∞, γΔ], whose area is d_TV (Appendix K1).",
    "Figure 7": "Staircase densities (ε = 1, Δ = 1) for γ > 1/2, drawn at γ = 0.7: red P centred at 0, blue Q "
                "shifted by Δ. Shaded: P − Q on (−∞, (1−γ)Δ), whose area is d_TV = a(γ)Δ (Appendix K1).",
}


def _region_polygon(g: TVDP) -> list[tuple[float, float]]:
    """The privacy region as a polygon: the lower boundary f, then its mirror 1 − f(1 − t)."""
    lower = [(to_float(t), to_float(f)) for t, f in g.region_corners()]
    upper = [(1 - t, 1 - f) for t, f in lower]
    return lower + [(1.0, 0.0)] + upper + [(0.0, 1.0)]


def _fill_region(ax, g: TVDP, **style) -> None:
    xs, ys = zip(*_region_polygon(g))
    ax.fill(xs, ys, **style)


def figure1(out: Path) -> Path:
    e, d = SCHEMATIC["eps"], SCHEMATIC["delta"]
    g = TVDP(e, d, _eta_max(e, d))
    fig, ax = subplots(figsize=(4.5, 4.5))
    _fill_region(ax, g, color="0.75")
    for t, f in g.region_corners():
        ax.plot(to_float(t), to_float(f), "k.", ms=4)
    error_square(ax, "Figure 1: ROC region of (ε, δ)-DP (ε = 1, δ = 0.1)")
    return save(fig, out / f"{KEY}-figure1.png")


def figure2(out: Path) -> Path:
    e, d, n = SCHEMATIC["eps"], SCHEMATIC["delta"], SCHEMATIC["eta"]
    fig, ax = subplots(figsize=(4.5, 4.5))
    _fill_region(ax, TVDP(e, d, n), color="0.75")
    xs, ys = zip(*[(to_float(t), to_float(f)) for t, f in TVDP(e, d, _eta_max(e, d)).region_corners()])
    ax.plot(xs, ys, "k--", lw=1, label="(ε, δ)-DP only")
    eta = to_float(n)
    ax.plot([0, 1 - eta], [1 - eta, 0], "r-", lw=1, label="η-line t + f = 1 − η")
    ax.legend(fontsize=8, loc="upper right")
    error_square(ax, "Figure 2: ROC region of (ε, δ)-DP with η-TV\n(ε = 1, δ = 0.1, η = 0.3)")
    return save(fig, out / f"{KEY}-figure2.png")


def _grid(n: int) -> list[Rational]:
    return [Rational(i, n) for i in range(n + 1)]


def figure3(out: Path) -> Path:
    pair = laplace(1)
    ts = _grid(200)
    x = to_float(sympy.E)
    eta = to_float(pair.tv())
    fig, ax = subplots(figsize=(4.5, 4.5))
    ax.plot(floats(ts), floats(pair.tradeoff(t) for t in ts), "g-", lw=2, label="Laplace trade-off (ε = 1)")
    tf = [float(t) for t in ts]
    ax.plot(tf, [(1 - t) / x for t in tf], "b-", lw=1, label="ε-DP: t + e^ε f = 1")
    ax.plot(tf, [1 - x * t for t in tf], "b-", lw=1, label="ε-DP: e^ε t + f = 1")
    ax.plot(tf, [1 - eta - t for t in tf], "r-", lw=1, label=f"t + f = 1 − η_Lap, η_Lap = {eta:.4f}")
    touch = to_float(sympy.exp(-Rational(1, 2)) / 2)
    ax.plot([touch], [touch], "ko", ms=3)
    ax.legend(fontsize=7, loc="upper right")
    error_square(ax, "Figure 3: Laplace mechanism, ε = 1")
    return save(fig, out / f"{KEY}-figure3.png")


_TF = [i / 400 for i in range(401)]


def _lines(ax, deltas: dict[int, float], color: str, label: str) -> None:
    """The two lines t + e^{jε} f = 1 − δ_j and e^{jε} t + f = 1 − δ_j for each j (ε = 1)."""
    first = True
    for j, d in deltas.items():
        x = math.exp(j)
        for ys in ([1 - d - x * t for t in _TF], [(1 - d - t) / x for t in _TF]):
            ax.plot(_TF, ys, color=color, lw=0.9, label=label if first else None)
            first = False


def figure4(out: Path) -> Path:
    eps = FIG4_EPS
    eta = (1 - FIG4_ALPHA) * sympy.tanh(eps / 2)
    fig, axes = subplots(1, 2, figsize=(9, 4.5))
    for ax, k, panel in zip(axes, (1, 5), "ab"):
        deltas = floats(d for _, d in TVDP(eps, 0, eta).compose(k).guarantees)
        kov = {j: to_float(kov_delta(j, k, eps)) for j in range(k % 2, k + 1, 2)}
        _lines(ax, kov, "green", "ε-DP composition (eq. 6)")
        _lines(ax, {j: d for j, d in enumerate(deltas) if j % 2}, "blue", "Theorem 2, odd j")
        _lines(ax, {j: d for j, d in enumerate(deltas) if not j % 2}, "red", "Theorem 2, even j")
        envelope = [max([0.0] + [max(1 - d - math.exp(j) * t, (1 - d - t) / math.exp(j))
                                 for j, d in enumerate(deltas)]) for t in _TF]
        ax.plot(_TF, envelope, "k-", lw=1.6, label="Theorem 2 trade-off $f_k$")
        ax.legend(fontsize=7, loc="upper right")
        error_square(ax, f"Figure 4({panel}): k = {k}, ε = 1, δ = 0, α = 0.3")
    return save(fig, out / f"{KEY}-figure4.png")


def figure5(out: Path) -> Path:
    s = DPSGD_EXAMPLE
    ts = [Rational(i, 1000) for i in range(0, 50, 5)] + [Rational(i, 100) for i in range(5, 101, 2)]
    ours = dpsgd_region(s.mu, s.p, s.steps, s.eps_grid)
    kov = dpsgd_region(s.mu, s.p, s.steps, s.eps_grid, with_tv=False)
    mu = sgd_clt_mu(s.p, s.nominal_steps, 1 / s.mu)
    ma = DPRegion(((Rational(119, 100), Rational(1, 10 ** 5)),))
    tf = floats(ts)
    fig, ax = subplots(figsize=(5, 5))
    ax.plot(tf, floats(ma.tradeoff(t) for t in ts), color="orange", label="Moments accountant (1.19, 1e-5)-DP")
    ax.plot(tf, floats(gdp_tradeoff(mu, t) for t in ts), color="purple",
            label=f"Asymptotic SGD, G_μ, μ = {to_float(mu):.4f}")
    ax.plot(tf, floats(ours.values(ts)), "b-", lw=2, label="Theorem 2 (intersection over ε)")
    ax.plot(tf, floats(kov.values(ts)), "g-", label="Kairouz et al. (same ε grid)")
    ax.plot([0, 1], [1, 0], ":", color="0.5", lw=0.8)
    ax.legend(fontsize=7, loc="upper right")
    error_square(ax, "Figure 5: noisy SGD, n = 60000, m = 256, 15 epochs, 1/1.3-GDP per step\n"
                     "(3516 steps = ⌈3515.625⌉; ε ∈ {0.5, …, 3.4} per step before sampling)")
    return save(fig, out / f"{KEY}-figure5.png")


def _staircase_steps(gamma: Rational, lo: int, hi: int) -> tuple[list[float], list[float], list[float]]:
    """Breakpoints on [lo, hi] and the constant values of P and Q = P(· − 1) between them."""
    eps = sympy.Integer(1)
    pair = staircase(eps, gamma)
    cuts = sorted({Rational(k) + s for k in range(lo - 1, hi + 2) for s in (0, gamma, -gamma, 1 - gamma, gamma - 1)})
    cuts = [c for c in cuts if lo <= c <= hi]
    mids = [(a + b) / 2 for a, b in zip(cuts, cuts[1:])]
    return floats(cuts), floats(pair.density(m) for m in mids), floats(pair.density(m - 1) for m in mids)


def _staircase_figure(out: Path, gamma: Rational, number: int, end: Rational, relation: str) -> Path:
    cuts, p, q = _staircase_steps(gamma, -3, 4)
    fig, ax = subplots(figsize=(6, 3.5))
    ax.stairs(p, cuts, color="red", lw=1.5, label="P: staircase centred at 0")
    ax.stairs(q, cuts, color="blue", lw=1.5, label="Q: shifted by Δ = 1")
    e = float(end)
    for a, b, pv, qv in zip(cuts, cuts[1:], p, q):
        if b <= e + 1e-12 and pv > qv:
            ax.fill_between([a, b], [qv, qv], [pv, pv], color="0.8", zorder=0)
    ax.axvline(e, color="k", ls=":", lw=0.8)
    ax.set_xlabel("x")
    ax.set_ylabel("density")
    ax.legend(fontsize=8)
    ax.set_title(f"Figure {number}: staircase densities, ε = 1, γ = {float(gamma)} ({relation}); "
                 f"shaded area = d_TV", fontsize=9)
    return save(fig, out / f"{KEY}-figure{number}.png")


def figure6(out: Path) -> Path:
    return _staircase_figure(out, FIG6_GAMMA, 6, FIG6_GAMMA, "γ ≤ 1/2")


def figure7(out: Path) -> Path:
    return _staircase_figure(out, FIG7_GAMMA, 7, 1 - FIG7_GAMMA, "γ > 1/2")


def make_all(out_dir: Path) -> list[Path]:
    """Write Figures 1–7 as PNG and ``tv-dp-captions.md`` into `out_dir`; return the paths."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    paths = [fn(out) for fn in (figure1, figure2, figure3, figure4, figure5, figure6, figure7)]
    paths.append(write_captions(out / f"{KEY}-captions.md",
                                "Ghazi–Issa, Total variation meets differential privacy: figures", CAPTIONS))
    return paths
