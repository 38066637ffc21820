"""Float estimates that steer the certified accountant — never a bound.

The certified pipeline has choices that change only its cost and its width, never its validity:
the grid h, the knots of a step's discretisation, the truncation budget of a δ query, which
neighbouring direction to compose in full, where a product may cut its window. This module
makes them from a float model of the composed privacy loss L = Σ Z_i under P:

* each step's loss law is sampled on a geometric grid of losses around 0 (cells of relative
  width ~10 %, their P- and Q-masses from the profile's float tails, or from 64-bit balls when it
  has none), each cell an atom at its barycentre −log(Q/P), so that E_P[e^{−Z}] is kept;
* K(λ) = Σ_i k_i log E_P[e^{λ Z_i}], the cumulant generating function of L (the Rényi divergence
  of order λ + 1 times λ: Mironov, *Rényi differential privacy*, Proposition 3);
* the saddle-point approximation of δ(ε) = E_P[(1 − e^{ε − L})₊] (Steinke, *Composition of DP &
  privacy amplification by subsampling*, Proposition 7): with K'(λ) = ε the law of L tilted by
  e^{λL} has mean ε and variance K''(λ) = s²; taking it Gaussian,
  δ ≈ exp(K(λ) − λε)·∫₀^∞ (1 − e^{−y}) e^{−λy} φ_s(y) dy = exp(K(λ) − λε)·(M(λs) − M((λ+1)s))
  with M(x) = e^{x²/2}Φ̄(x) (for large λs this is the first-order Lugannani–Rice
  exp(K − λε)/(λ(λ + 1)·s√(2π))); ε(δ) by inverting it in λ.

Nothing here enters a certified number: a wrong estimate makes a bracket wider or a run
slower, and the refinement loop of :mod:`symdp.accounting.api` corrects the grid.
"""

from __future__ import annotations

import bisect
import dataclasses
import functools
import math
from dataclasses import dataclass
from typing import Sequence

import numpy as np
from flint import fmpq

from ..numbers import working_precision
from .profiles import Profile

__all__ = ["Law", "law_of", "Composed", "composed_law", "CutWeight"]

#: The geometric sample grid: losses ±FIRST·RATIO^k up to the window's ends.
FIRST, RATIO = 1e-9, 1.1
#: Relative bracket width per relative shift of ε under a blur of variance h² (:meth:`Composed.width`).
WIDTH = 0.35


@dataclass(frozen=True)
class Law:
    """One step's loss law in floats: atoms (losses, P-masses) and the P-mass at +∞."""

    losses: np.ndarray
    masses: np.ndarray
    inf: float


def _sample_points(lo: float, hi: float) -> list[float]:
    """Geometric points from 0 out to lo < 0 and hi > 0 (both ends included)."""
    points = [0.0]
    for end in (hi, lo):
        if end == 0:
            continue
        t, sign = FIRST, math.copysign(1.0, end)
        while t < abs(end):
            points.append(sign * t)
            t *= RATIO
        points.append(end)
    return sorted(set(points))


def _ball_tails(profile: Profile, t: float) -> tuple[float, float, float, float]:
    """(P[Z > t], Q[Z > t], P[Z ≤ t], Q[Z ≤ t]) from 64-bit balls (a profile without a float model)."""
    with working_precision(64):
        p, q = profile.tails_at(fmpq(*t.as_integer_ratio()))
        pf, qf = float(p.mid()), float(q.mid())
    return pf, qf, 1 - pf, 1 - qf


@functools.lru_cache(maxsize=512)
def law_of(profile: Profile, lo: float, hi: float) -> Law:
    """The loss law of `profile` on [lo, hi] (its loss window), sampled as the module docstring
    says; the mass beyond the window is put at its ends, the profile's own mass at +∞ (a pair
    with an outcome of Q-mass 0) stays there."""
    model = profile.float_tails if profile.float_tails(0.0) is not None else functools.partial(_ball_tails, profile)
    points = _sample_points(lo, hi)
    tails = [model(t) for t in points]
    losses, masses = [], []
    for (a, ta), (b, tb) in zip(zip(points, tails), zip(points[1:], tails[1:])):
        p = ta[0] - tb[0] if ta[0] < 0.5 else tb[2] - ta[2]
        q = ta[1] - tb[1] if ta[1] < 0.5 else tb[3] - ta[3]
        if p > 0:
            centre = -math.log(q / p) if q > 0 else b
            losses.append(min(max(centre, a), b))
            masses.append(p)
    for end, mass in ((lo, tails[0][2]), (hi, tails[-1][0] - profile.p_inf)):
        if mass > 0:
            losses.append(end)
            masses.append(mass)
    return Law(np.array(losses), np.array(masses), profile.p_inf)


def _mills(x: float) -> float:
    """e^{x²/2}·Φ̄(x) = ∫₀^∞ e^{−x u} φ(u) du for x ≥ 0 (the asymptotic series beyond x = 20,
    where erfc underflows)."""
    if x < 20:
        return 0.5 * math.erfc(x / math.sqrt(2)) * math.exp(x * x / 2)
    inv = 1 / (x * x)
    return (1 - inv + 3 * inv * inv - 15 * inv ** 3) / (x * math.sqrt(2 * math.pi))


@dataclass(frozen=True)
class Composed:
    """K(λ) of a composition: the parts' laws with their counts."""

    parts: tuple[tuple[Law, int], ...]
    #: a Gaussian blur of variance `blur` added to every step's loss (mean −blur/2, so that the
    #: blurred pair is still a privacy-loss law): how a discretisation error of order h²
    #: moves ε (:meth:`width`)
    blur: float = 0.0

    @functools.cached_property
    def _flat(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, int, bool]:
        """All parts' atoms in one array (losses, masses), each part's first index, the counts,
        the total steps and whether a part has mass at +∞: one numpy pass per K(λ)."""
        parts = [(law, k) for law, k in self.parts if len(law.losses)] or [(Law(np.zeros(1), np.ones(1), 0.0), 1)]
        losses = np.concatenate([law.losses for law, _ in parts])
        # each part conditioned on a finite loss: its mass at +∞ is counted apart (p_inf)
        masses = np.concatenate([law.masses / law.masses.sum() for law, _ in parts])
        starts = np.cumsum([0] + [len(law.losses) for law, _ in parts[:-1]])
        counts = np.array([k for _, k in parts], dtype=np.float64)
        return losses, masses, starts, counts, sum(k for _, k in self.parts)

    @functools.cached_property
    def p_inf(self) -> float:
        """P(L = +∞) = 1 − Π (1 − p_∞,i)^{k_i}: δ's floor."""
        return -math.expm1(sum(k * math.log1p(-min(law.inf, 1.0)) if law.inf < 1 else -math.inf
                               for law, k in self.parts))

    def cgf(self, lam: float) -> tuple[float, float, float]:
        """(K(λ), K'(λ), K''(λ)) for λ > 0 of the composed loss given that it is finite."""
        losses, masses, starts, counts, steps = self._flat
        s = self.blur * steps
        x = lam * losses
        sizes = np.diff(np.append(starts, len(x)))
        top = np.maximum.reduceat(x, starts)
        w = masses * np.exp(x - np.repeat(top, sizes))
        total = np.add.reduceat(w, starts)
        ok = total > 0
        safe = np.where(ok, total, 1.0)
        mean = np.add.reduceat(w * losses, starts) / safe
        centred = losses - np.repeat(mean, sizes)
        var = np.add.reduceat(w * centred * centred, starts) / safe
        k0 = float(np.sum(np.where(ok, counts * (top + np.log(safe)), 0.0)))
        k1 = float(np.sum(np.where(ok, counts * mean, 0.0)))
        k2 = float(np.sum(np.where(ok, counts * var, 0.0)))
        return k0 + s * lam * (lam + 1) / 2, k1 + s * (2 * lam + 1) / 2, k2 + s

    def width(self, h: float, eps: float, quantity: str = "epsilon") -> float:
        """The relative width of a certified ε bracket at ε ≈ `eps` (or of the δ bracket at
        ε = `eps`) on the grid h (no fine-grid ladder): the relative shift of the saddle-point
        ε (or δ) when every step's loss is blurred by a variance h², times WIDTH (measured:
        0.30 to 0.39 for DP-SGD ε at T = 10³ to 10⁶, q = 0.01; 0.35 for δ at T = 10³)."""
        blurred = dataclasses.replace(self, blur=h * h)
        delta = self.delta(eps)
        if quantity == "delta":
            return WIDTH * max(blurred.delta(eps) / delta - 1, 0.0) if delta > 0 else 0.0
        return WIDTH * max(blurred.epsilon(delta) - eps, 0.0) / max(eps, 1e-300)

    def at(self, lam: float) -> tuple[float, float]:
        """(ε, δ) on the saddle-point curve at tilt λ > 0: ε = K'(λ) and the δ of the module
        docstring (1.0 when it cannot be formed)."""
        k0, k1, k2 = self.cgf(lam)
        floor = self.p_inf
        if not (math.isfinite(k0) and k2 > 0):
            return k1, 1.0
        sd = math.sqrt(k2)
        factor = _mills(lam * sd) - _mills((lam + 1) * sd)
        if not factor > 0:
            return k1, 1.0
        return k1, floor + (1 - floor) * math.exp(min(k0 - lam * k1 + math.log(factor), 0.0))

    def delta(self, eps: float) -> float:
        """The saddle-point δ(ε) (1.0 when ε is at or below the mean loss)."""
        lam = self.tilt(eps)
        return 1.0 if lam == 0 else self.at(lam)[1]

    def epsilon(self, delta: float) -> float:
        """The ε whose saddle-point δ is `delta` (0 when no tilt reaches it; inf when the mass
        at +∞ alone is at least delta)."""
        if delta <= self.p_inf:
            return math.inf
        lam = self._solve(lambda l: delta - self.at(l)[1])
        return 0.0 if lam is None else max(self.at(lam)[0], 0.0)

    def tilt(self, eps: float) -> float:
        """λ with K'(λ) = ε: where, in each step's loss, the composed δ(ε) looks (the steps'
        laws tilted by e^{λ Z}); 0 when ε is at or below the mean loss."""
        lam = self._solve(lambda l: self.cgf(l)[1] - eps)
        return 0.0 if lam is None else lam

    @staticmethod
    def _solve(fn) -> float | None:
        """The first root λ in (0, 10⁴] of fn, rising through 0 (None when fn ≥ 0 at the bottom,
        10⁴ when it stays < 0): quadrupling steps up to the first sign change, then bisection in
        log λ (past the saddle points of a bounded window the approximation turns back)."""
        lo = 1e-6
        if not fn(lo) < 0:
            return None
        hi = lo * 4
        while fn(hi) < 0:
            if hi >= 1e4:
                return 1e4
            lo, hi = hi, hi * 4
        for _ in range(16):  # λ to a relative 4^(2^−16) ≈ 2·10⁻⁵: an estimate needs no more
            mid = math.sqrt(lo * hi)
            if fn(mid) < 0:
                lo = mid
            else:
                hi = mid
        return hi


def composed_law(parts: Sequence[tuple[Profile, int]], windows: Sequence[tuple[float, float]]) -> Composed:
    """The float model of a composition of (profile, count) parts on the given loss windows."""
    return Composed(tuple((law_of(p, lo, hi), k) for (p, k), (lo, hi) in zip(parts, windows)))



class CutWeight:
    """w(x) ≈ SAFETY·δ_T(ε − x), capped at 1: what a unit of P-mass at loss x of a partial
    composition is worth to the final δ(ε) (composed with the steps still to come, whose δ
    curve is at most the whole composition's). A product may then cut the low end of its
    window where (mass below)·w ≤ its budget (:func:`.compose.multiply`): moving that mass up
    to the lowest kept loss, or dropping it, moves the final δ by at most that much. Read off
    the saddle-point curve (ε(λ), δ(λ)) on a geometric sweep of λ, interpolated in log δ."""

    SAFETY = 10.0

    def __init__(self, law: Composed, eps: float):
        curve: list[tuple[float, float]] = []
        for k in range(-20, 21):  # λ from 10⁻⁴ to 10⁴, while ε rises and δ falls
            e, d = law.at(10.0 ** (k / 5))
            if not (math.isfinite(e) and 0 < d < 1):
                continue
            if curve and not (e > curve[-1][0] and math.log(d) < curve[-1][1]):
                break
            curve.append((e, math.log(d)))
        self.eps, self.curve = eps, curve

    def __call__(self, x: float) -> float:
        e = self.eps - x  # the loss the rest must exceed
        curve = self.curve
        if not curve or e <= curve[0][0]:
            return 1.0
        if e >= curve[-1][0]:
            log_d = curve[-1][1]
        else:
            i = bisect.bisect_left(curve, (e, -math.inf))
            (e0, d0), (e1, d1) = curve[i - 1], curve[i]
            log_d = d0 + (d1 - d0) * (e - e0) / (e1 - e0) if e1 > e0 else max(d0, d1)
        return min(1.0, self.SAFETY * math.exp(log_d))
