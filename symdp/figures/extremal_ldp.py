"""Figures 2–10 of Kairouz–Oh–Viswanath, *Extremal mechanisms for local differential privacy*.

The paper gives neither its random-instance distribution nor its ε grid. Here: P0, P1 (or P)
are Dirichlet(1) draws (normalised Exp(1) variables from ``random.Random(seed)``, rounded to
integer weights ⌊1000·Exp(1)⌋ + 1 so that the laws are exact rationals), and ε runs over
ε = log r for the rational r in :data:`E_GRID`, so that every optimum is certified exactly by
the staircase LP (11) (:func:`symdp.local.optimal_mechanism`). Values are arb balls; floats
appear only when plotting. The captions file states these choices.
"""

from __future__ import annotations

import os
import random
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import sympy
from flint import arb, fmpq

from ..numerics import lp
from ..local import utility as U
from ..local.extremal import binary_set, mi_binary_set, staircase_lp
from ..numbers import working_precision
from .common import save, subplots, write_captions

KEY = "extremal-ldp"
PREC = 96
#: e^ε values (ε = log r): 0.095 ≤ ε ≤ 9.2.
E_GRID = ("11/10", "3/2", "2", "3", "5", "10", "100", "10000")
#: Instances per k (the paper: 100); k = 12 fewer, to build in minutes on 2 cores.
N_INSTANCES = {3: 100, 4: 100, 6: 100, 12: 10}
E_GRID_12 = ("11/10", "2", "5", "30", "10000")
SEED = 2014


def dirichlet_law(r: random.Random, k: int) -> list[sympy.Rational]:
    """An exact Dirichlet(1)-like law: weights ⌊1000·Exp(1)⌋ + 1, normalised."""
    w = [int(1000 * r.expovariate(1.0)) + 1 for _ in range(k)]
    return [sympy.Rational(v, sum(w)) for v in w]


def instances(kind: str, k: int, n: int, seed: int = SEED) -> list[tuple]:
    """n seeded instances: (P0, P1) for ``kind = "kl"``, (P,) for ``"mi"``."""
    r = random.Random(f"{seed}-{kind}-{k}")
    return [tuple(dirichlet_law(r, k) for _ in range(2 if kind == "kl" else 1)) for _ in range(n)]


def _utility(kind: str, laws: tuple) -> U.Utility:
    return U.kl(*laws) if kind == "kl" else U.mutual_information(*laws)


def _geometric_ball(kind: str, laws: tuple, E: fmpq) -> arb:
    """U of the clamped geometric mechanism (symdp.local.geometric_mechanism), as a ball."""
    k = len(laws[0])
    a = (arb(E).log() / -(k - 1)).exp()                      # α = e^{−ε/(k−1)}
    rows = []
    for x in range(1, k + 1):
        row = []
        for y in range(1, k + 1):
            if y == 1:
                row.append(a ** (x - 1) / (1 + a))
            elif y == k:
                row.append(a ** (k - x) / (1 + a))
            else:
                row.append((1 - a) / (1 + a) * a ** abs(y - x))
        rows.append(row)
    ps = [[arb(fmpq(int(v.p), int(v.q))) for v in law] for law in laws]
    total = arb(0)
    for y in range(k):
        col = [rows[x][y] for x in range(k)]
        if kind == "kl":
            m0 = sum((p * c for p, c in zip(ps[0], col)), arb(0))
            m1 = sum((p * c for p, c in zip(ps[1], col)), arb(0))
            total += m0 * (m0 / m1).log()
        else:
            m = sum((p * c for p, c in zip(ps[0], col)), arb(0))
            total += sum((p * c * (c / m).log() for p, c in zip(ps[0], col)), arb(0))
    return total


def mechanism_values(kind: str, laws: tuple, E: fmpq) -> dict[str, arb]:
    """Balls for OPT (certified LP), BIN, RR (points of the LP) and GEO at e^ε = E."""
    u = _utility(kind, laws)
    k = u.k
    obj, A = staircase_lp(E, u)
    res = lp.solve(obj, A, [1] * k)
    with working_precision(PREC):
        c = obj.balls(PREC)
        T = binary_set(*laws) if kind == "kl" else mi_binary_set(laws[0])
        m = sum(1 << (k - 1 - i) for i in T)
        full = (1 << k) - 1
        out = {"opt": res.ball(PREC),
               "bin": (c[m] + c[full ^ m]) / (arb(E) + 1),
               "rr": sum((c[1 << (k - 1 - i)] for i in range(k)), arb(0)) / (arb(E) + k - 1),
               "geo": _geometric_ball(kind, laws, E)}
    return out


def _pack(b: arb) -> tuple[str, str]:
    """A ball as its exact rational endpoints (strings: arb and fmpq do not pickle)."""
    with working_precision(PREC):
        return str(b.lower().fmpq()), str(b.upper().fmpq())


def _unpack(t: tuple[str, str]) -> arb:
    with working_precision(PREC):
        return arb(fmpq(t[0])).union(arb(fmpq(t[1])))


def _row(args) -> list[dict[str, tuple[str, str]]]:
    kind, laws, grid = args
    return [{name: _pack(b) for name, b in mechanism_values(kind, laws, fmpq(sympy.Rational(e).p,
                                                                              sympy.Rational(e).q)).items()}
            for e in grid]


def regime_data(kind: str, k: int, n: int, grid=E_GRID, seed: int = SEED, jobs: int = 1) -> list[list[dict]]:
    """values[i][j] = balls for instance i at e^ε = grid[j] (``mechanism_values``)."""
    tasks = [(kind, laws, grid) for laws in instances(kind, k, n, seed)]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            rows = list(pool.map(_row, tasks, chunksize=max(1, len(tasks) // (4 * jobs))))
    else:
        rows = [_row(t) for t in tasks]
    return [[{name: _unpack(t) for name, t in v.items()} for v in row] for row in rows]


def ratio_floor(values: list[list[dict]], num) -> arb:
    """min over instances and ε of num(v)/opt, as a ball (a certified statistic)."""
    best = None
    with working_precision(PREC):
        for row in values:
            for v in row:
                r = num(v) / v["opt"]
                best = r if best is None else best.min(r)
    return best


# --------------------------------------------------------------------------------------------
# Plots


def _eps(grid) -> list[float]:
    import math
    return [math.log(float(sympy.Rational(e))) for e in grid]


def _f(b: arb) -> float:
    return float(b.mid())


def _figure_regimes(out: Path, kind: str, data6, number: int, source_norm) -> Path:
    fig, (ax1, ax2) = subplots(1, 2, figsize=(10, 4))
    xs = _eps(E_GRID)
    norms = [source_norm(laws) for laws in instances(kind, 6, len(data6))]
    for name, style in (("opt", "k-"), ("bin", "b--"), ("rr", "r-."), ("geo", "g:")):
        ys = [sum(_f(row[j][name]) / nm for row, nm in zip(data6, norms)) / len(data6) for j in range(len(xs))]
        ax1.plot(xs, ys, style, label={"opt": "optimal (LP)", "bin": "binary", "rr": "randomized response",
                                       "geo": "geometric"}[name])
    ax1.set_xlabel("ε")
    ax1.set_ylabel("mean " + ("D(M0‖M1)/D(P0‖P1)" if kind == "kl" else "I(X;Y)/H(X)"))
    ax1.legend(fontsize=8)
    for row in data6:
        ax2.plot(xs, [_f(v["bin"] / v["opt"]) for v in row], "b.", alpha=0.3, ms=3)
        ax2.plot(xs, [_f(v["rr"] / v["opt"]) for v in row], "r.", alpha=0.3, ms=3)
    ax2.set_xlabel("ε")
    ax2.set_ylabel("mechanism / OPT (blue: binary, red: RR)")
    for ax in (ax1, ax2):
        ax.grid(True, alpha=0.3)
    fig.suptitle(f"Figure {number}: k = 6, {len(data6)} Dirichlet(1) instances", fontsize=10)
    return save(fig, out / f"{KEY}-figure{number}.png")


def _figure_mixture(out: Path, kind: str, data: dict, number: int) -> Path:
    fig, axes = subplots(1, 4, figsize=(14, 3.5), sharey=True)
    for ax, k in zip(axes, (3, 4, 6, 12)):
        grid = E_GRID_12 if k == 12 else E_GRID
        for row in data[k]:
            ax.plot(_eps(grid), [_f(v["bin"].max(v["rr"]) / v["opt"]) for v in row], "k.", alpha=0.3, ms=3)
        ax.set_title(f"k = {k} ({len(data[k])} instances)", fontsize=9)
        ax.set_xlabel("ε")
        ax.grid(True, alpha=0.3)
    axes[0].set_ylabel("max(BIN, RR)/OPT")
    fig.suptitle(f"Figure {number}: {'KL' if kind == 'kl' else 'mutual information'}", fontsize=10)
    return save(fig, out / f"{KEY}-figure{number}.png")


def _figure_scatter(out: Path, kind: str, number: int) -> Path:
    import math
    laws_list = instances(kind, 6, 100, SEED + 1)
    fig, (ax1, ax2) = subplots(1, 2, figsize=(10, 4))
    for ax, E, xfun, xlabel in (
            (ax1, fmpq(11, 10), (lambda l: float(sum(abs(a - b) for a, b in zip(*l)) / 2)) if kind == "kl"
             else (lambda l: float(_pt(l[0]))), "‖P0−P1‖_TV" if kind == "kl" else "P(T)P(Tᶜ)"),
            (ax2, fmpq(22026), (lambda l: float(sum(a * sympy.log(a / b) for a, b in zip(*l)))) if kind == "kl"
             else (lambda l: float(-sum(v * sympy.log(v) for v in l[0]))), "D(P0‖P1)" if kind == "kl" else "H(X)")):
        xs = [xfun(l) for l in laws_list]
        vals = [mechanism_values(kind, l, E) for l in laws_list]
        ax.plot(xs, [_f(v["opt"]) for v in vals], "k.", ms=4, label="optimal (LP)")
        ax.plot(xs, [_f(v["geo"]) for v in vals], "g^", ms=3, label="geometric")
        ax.set_xlabel(xlabel)
        ax.set_title(f"ε = log({E}) = {math.log(float(E.p) / float(E.q)):.4g}", fontsize=9)
        ax.legend(fontsize=8)
        ax.grid(True, alpha=0.3)
    fig.suptitle(f"Figure {number}: k = 6, 100 Dirichlet(1) instances", fontsize=10)
    return save(fig, out / f"{KEY}-figure{number}.png")


def _pt(p) -> sympy.Expr:
    T = mi_binary_set(p)
    t = sum(p[i] for i in T)
    return t * (1 - t)


def figure2(out: Path) -> Path:
    from ..local import binary_mechanism, randomized_response
    fig, (ax1, ax2) = subplots(1, 2, figsize=(8, 3.5))
    b = binary_mechanism(1, [sympy.Rational(v, 10) for v in (3, 3, 1, 2, 1)],
                         [sympy.Rational(v, 10) for v in (1, 1, 3, 1, 4)])
    rr = randomized_response(1, 4)
    for ax, ch, title in ((ax1, b, "binary, k = 5, T = {1, 2, 4}"), (ax2, rr, "randomized response, k = 4")):
        m = [[float(sympy.N(v)) for v in row] for row in ch.rows]
        im = ax.imshow(m, cmap="Blues", vmin=0, vmax=1)
        for i, row in enumerate(m):
            for j, v in enumerate(row):
                ax.text(j, i, f"{v:.3f}", ha="center", va="center", fontsize=7)
        ax.set_xlabel("output y")
        ax.set_ylabel("input x")
        ax.set_title(title, fontsize=9)
    fig.colorbar(im, ax=[ax1, ax2], shrink=0.7)
    fig.suptitle("Figure 2: Q(y|x) at ε = 1", fontsize=10)
    return save(fig, out / f"{KEY}-figure2.png")


def figure9(out: Path) -> Path:
    from ..local import decision_points, error_region_vertices, quaternary_mechanism
    e, d = sympy.log(3), sympy.Rational(1, 10)
    fig, ax = subplots(figsize=(4.5, 4.5))
    verts = error_region_vertices(e, d)
    xs = [float(v[0]) for v in verts] + [float(verts[0][0])]
    ys = [float(v[1]) for v in verts] + [float(verts[0][1])]
    ax.fill(xs, ys, alpha=0.25, label="R_{ε,δ}")
    pts = decision_points(quaternary_mechanism(e, d))
    ax.plot([float(p[0]) for p in pts], [float(p[1]) for p in pts], "k.", label="tests of Q_QT")
    ax.set_xlabel("P_MD")
    ax.set_ylabel("P_FA")
    ax.set_aspect("equal")
    ax.legend(fontsize=8)
    ax.set_title("Figure 9(b): e^ε = 3, δ = 1/10", fontsize=9)
    return save(fig, out / f"{KEY}-figure9.png")


def figure10(out: Path) -> Path:
    from ..local import Channel, binary_mechanism
    p0 = [sympy.Rational(v, 10) for v in (4, 3, 2, 1)]
    p1 = p0[::-1]
    e = sympy.log(sympy.Rational(3, 2))
    fig, ax = subplots(figsize=(4.5, 4.5))
    r = random.Random(10)
    E = sympy.Rational(3, 2)
    for _ in range(5):     # random ε-LDP mechanisms: columns c·(1 + (E−1)·u) normalised jointly
        cols = [[1 + (E - 1) * sympy.Rational(r.randint(0, 4), 4) for _ in range(4)] for _ in range(3)]
        s = [sum(c[i] for c in cols) for i in range(4)]
        mx = max(s)
        Qm = Channel([[c[i] / mx for c in cols] + [1 - s[i] / mx] for i in range(4)])
        _region(ax, Qm, p0, p1, "c-", 0.5)
    _region(ax, binary_mechanism(e, p0, p1), p0, p1, "k-", 1.0)
    ax.set_xlabel("M1(S)")
    ax.set_ylabel("M0(Sᶜ)")
    ax.set_aspect("equal")
    ax.set_title("Figure 10: binary triangle (black) ⊇ regions of ε-LDP mechanisms", fontsize=8)
    return save(fig, out / f"{KEY}-figure10.png")


def _region(ax, ch, p0, p1, style, alpha) -> None:
    n = ch.n_outputs
    m0 = [float(sum(p * row[y] for p, row in zip(p0, ch.rows))) for y in range(n)]
    m1 = [float(sum(p * row[y] for p, row in zip(p1, ch.rows))) for y in range(n)]
    order = sorted(range(n), key=lambda y: m0[y] / m1[y] if m1[y] else float("inf"))
    xs, ys, a, b = [0.0], [1.0], 0.0, 1.0
    for y in order:                      # lower boundary: accept H0 on outputs by increasing M0/M1
        a, b = a + m1[y], b - m0[y]
        xs.append(a)
        ys.append(b)
    ax.plot(xs, ys, style, alpha=alpha)
    ax.plot([1 - x for x in xs], [1 - y for y in ys], style, alpha=alpha)


CAPTIONS = {
    "Figure 2": "Exact mechanisms at ε = 1: the binary mechanism (eq. 18) for k = 5 with T = {1, 2, 4} (patterns "
                "11010 and 00101, columns j = 27 and 6 of S^(5)) and 4-ary randomized response.",
    "Figure 3": "KL, k = 6: left, the mean of D(M0‖M1)/D(P0‖P1) over 100 seeded Dirichlet(1) pairs for the optimal "
                "(certified LP), binary, randomized-response and geometric (clamped tails, α = e^{−ε/(k−1)}) "
                "mechanisms; right, BIN/OPT (blue) and RR/OPT (red) per instance. ε = log r, r ∈ {1.1, 1.5, 2, 3, 5, "
                "10, 100, 10000}. Instances: Dirichlet(1) via ⌊1000·Exp(1)⌋ + 1 integer weights, seeded.",
    "Figure 4": "KL: max(BIN, RR)/OPT per instance and ε, k = 3, 4, 6 (100 instances) and k = 12 (10 instances; "
                "r ∈ {1.1, 2, 5, 30, 10000}).",
    "Figure 5": "KL, k = 6, 100 seeded pairs: the certified optimum and the geometric mechanism at ε = log 1.1 "
                "against ‖P0−P1‖_TV (left) and at ε = log 22026 ≈ 10 against D(P0‖P1) (right).",
    "Figure 6": "Mutual information, k = 6: as Figure 3 with I(X;Y)/H(X).",
    "Figure 7": "Mutual information: as Figure 4.",
    "Figure 8": "Mutual information, k = 6, 100 seeded P: optimum and geometric at ε = log 1.1 against P(T)P(Tᶜ) "
                "(left) and at ε = log 22026 against H(X) (right).",
    "Figure 9": "The error region R_{ε,δ} (e^ε = 3, δ = 1/10) and the (P_MD, P_FA) of every deterministic test of the "
                "quaternary mechanism (eq. 38).",
    "Figure 10": "Hypothesis-testing regions for example A (P0 = (.4,.3,.2,.1), P1 reversed) at e^ε = 3/2: the "
                 "binary mechanism's region (black) contains those of five random ε-LDP mechanisms (cyan).",
}


def make_all(out_dir: Path) -> list[Path]:
    """Write Figures 2–10 and the captions (with the certified statistics) into `out_dir`."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    jobs = max(1, min(2, os.cpu_count() or 1))
    paths = [figure2(out)]
    stats = {}
    for kind, n3, n7 in (("kl", 3, 4), ("mi", 6, 7)):
        data = {k: regime_data(kind, k, N_INSTANCES[k], E_GRID_12 if k == 12 else E_GRID, jobs=jobs)
                for k in (3, 4, 6, 12)}
        norm = (lambda l: float(sum(a * sympy.log(a / b) for a, b in zip(*l)))) if kind == "kl" else \
            (lambda l: float(-sum(v * sympy.log(v) for v in l[0])))
        paths.append(_figure_regimes(out, kind, data[6], n3, norm))
        paths.append(_figure_mixture(out, kind, data, n7))
        for k in (6, 12):
            stats[f"{kind} k={k} min max(BIN,RR)/OPT"] = ratio_floor(data[k], lambda v: v["bin"].max(v["rr"]))
        stats[f"{kind} k=6 min RR/OPT"] = ratio_floor(data[6], lambda v: v["rr"])
        stats[f"{kind} k=6 min BIN/OPT"] = ratio_floor(data[6], lambda v: v["bin"])
    paths.append(_figure_scatter(out, "kl", 5))
    paths.append(_figure_scatter(out, "mi", 8))
    paths += [figure9(out), figure10(out)]
    caps = dict(CAPTIONS)
    caps["Statistics"] = "Certified over the plotted instances: " + "; ".join(
        f"{name} ∈ {b.str(6)}" for name, b in stats.items())
    paths.append(write_captions(out / f"{KEY}-captions.md", "Kairouz–Oh–Viswanath, Extremal mechanisms for local "
                                "differential privacy: figures", caps))
    return sorted(paths, key=lambda p: p.name)
