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
  privacy amplification by subsampling*, Proposition 7): with K'(λ) = ε,
  δ ≈ exp(K(λ) − λε) / (λ(λ + 1)·√(2π K''(λ))) (Lugannani–Rice to first order; the factor
  1/(λ(λ + 1)) is ∫₀^∞ (1 − e^{−x}) e^{−λx} dx), and ε(δ) by inverting it in λ.

Nothing here enters a certified number: a wrong estimate makes a bracket wider or a run
slower, and the refinement loop of :mod:`symdp.accounting.api` corrects the grid.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from typing import Sequence

import numpy as np
from flint import fmpq

from ..numbers import working_precision
from .profiles import Profile

__all__ = ["Law", "law_of", "Composed", "composed_law"]

#: The geometric sample grid: losses ±FIRST·RATIO^k up to the window's ends.
FIRST, RATIO = 1e-9, 1.1


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


@dataclass(frozen=True)
class Composed:
    """K(λ) of a composition: the parts' laws with their counts."""

    parts: tuple[tuple[Law, int], ...]

    def cgf(self, lam: float) -> tuple[float, float, float]:
        """(K(λ), K'(λ), K''(λ)) for λ > 0 (inf when a part has mass at +∞)."""
        k0 = k1 = k2 = 0.0
        for law, count in self.parts:
            if law.inf > 0:
                return math.inf, math.inf, math.inf
            x = lam * law.losses
            top = float(x.max())
            w = law.masses * np.exp(x - top)
            total = float(w.sum())
            if not total > 0:
                continue
            mean = float((w * law.losses).sum()) / total
            var = float((w * (law.losses - mean) ** 2).sum()) / total
            k0 += count * (top + math.log(total))
            k1 += count * mean
            k2 += count * var
        return k0, k1, k2

    def at(self, lam: float) -> tuple[float, float]:
        """(ε, δ) on the saddle-point curve at tilt λ > 0: ε = K'(λ) and the δ of the module
        docstring (1.0 when it cannot be formed)."""
        k0, k1, k2 = self.cgf(lam)
        if not (math.isfinite(k0) and k2 > 0):
            return k1, 1.0
        log_delta = k0 - lam * k1 - math.log(lam * (lam + 1) * math.sqrt(2 * math.pi * k2))
        return k1, math.exp(min(log_delta, 0.0))

    def delta(self, eps: float) -> float:
        """The saddle-point δ(ε) (1.0 when ε is at or below the mean loss)."""
        lam = self.tilt(eps)
        return 1.0 if lam == 0 else self.at(lam)[1]

    def epsilon(self, delta: float) -> float:
        """The ε whose saddle-point δ is `delta` (0 when no tilt reaches it)."""
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
        10⁴ when it stays < 0): doubling steps up to the first sign change, then bisection in
        log λ (past the saddle points of a bounded window the approximation turns back)."""
        lo = 1e-6
        if not fn(lo) < 0:
            return None
        hi = lo * 4
        while fn(hi) < 0:
            if hi >= 1e4:
                return 1e4
            lo, hi = hi, hi * 4
        for _ in range(40):
            mid = math.sqrt(lo * hi)
            if fn(mid) < 0:
                lo = mid
            else:
                hi = mid
        return hi


def composed_law(parts: Sequence[tuple[Profile, int]], windows: Sequence[tuple[float, float]]) -> Composed:
    """The float model of a composition of (profile, count) parts on the given loss windows."""
    return Composed(tuple((law_of(p, lo, hi), k) for (p, k), (lo, hi) in zip(parts, windows)))

