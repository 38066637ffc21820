"""δ(ε) and ε(δ) of one composed direction, read off its discretisation, as exact rationals.

A :class:`~symdp.accounting.discretise.Discrete` D (P-masses c_i/2^bits at losses i·h, c_∞ at
+∞) has δ_D(ε) = Σ_{a_i > ε} p_i (1 − e^{ε − a_i}) + p_∞ (Steinke, *Composition of DP & privacy
amplification by subsampling*, Proposition 7); on a cell ε ∈ [kh, (k + 1)h],

    2^bits·δ_D(ε) = S_k − e^{ε − kh}·T_k + c_∞,   S_k = Σ_{i>k} c_i,   T_k = Σ_{i>k} c_i e^{(k−i)h},

so δ_D is continuous, decreasing and convex, and ε(δ) is the root of one exponential on one cell.
S_k is an exact integer; T_k is the FLINT integer polynomial of the masses above k evaluated at
the ball e^{−h} (one pass in C). The ends are taken from balls at the working precision.

Many queries of one composition share it: :class:`Reader` proposes the cell of each answer from
a float vector of δ_D at every grid point (computed once; it only chooses where to look), and the
balls then decide each grid test at and next to it — a proposal that is off costs more tests,
never a wrong answer.
"""

from __future__ import annotations

import math

import numpy as np
from flint import arb, fmpq, fmpz

from ..certificate import ensure
from ..numbers import working_precision
from .discretise import Discrete

__all__ = ["Reader"]


def _round_up(x: fmpq, bits: int = 96) -> fmpq:
    scale = fmpz(1) << bits
    return fmpq(int((x * scale).ceil()), scale)


def _round_down(x: fmpq, bits: int = 96) -> fmpq:
    scale = fmpz(1) << bits
    return fmpq(int((x * scale).floor()), scale)


class Reader:
    """Exact ends of δ_D(ε) and ε_D(δ) for one discretisation D (see the module docstring)."""

    def __init__(self, d: Discrete):
        self.d = d
        self.prec = d.bits + 96 + len(d).bit_length()
        self._tails: dict[int, tuple[int, arb]] = {}
        self._floats: np.ndarray | None = None

    # ---------------------------------------------------------------- certified

    def _tail(self, k: int) -> tuple[int, arb]:
        """(S_k, T_k) of the module docstring."""
        if k not in self._tails:
            d = self.d
            start = max(k + 1 - d.lo, 0)
            if start >= len(d):
                self._tails[k] = (0, arb(0))
            else:
                tail = d.poly.right_shift(start)
                with working_precision(self.prec):
                    z = (-arb(d.h)).exp()
                    self._tails[k] = (int(tail(1)), tail(z) * z ** (d.lo + start - k))
        return self._tails[k]

    def delta_bounds(self, eps: fmpq) -> tuple[fmpq, fmpq]:
        """Exact rationals lower ≤ δ_D(ε) ≤ upper, the ends of a ball at the working precision
        (taken there: an end rounded at the default 53 bits would lose the fixed point's digits)."""
        d = self.d
        k = int((eps / d.h).floor())
        s, t = self._tail(k)
        with working_precision(self.prec):
            scaled = s - (arb(eps - d.h * k)).exp() * t + d.inf
            ball = scaled.nonnegative_part() / (fmpz(1) << d.bits)
            return max(ball.lower().fmpq(), fmpq(0)), ball.upper().fmpq()

    def slope(self, eps: fmpq) -> fmpq:
        """An exact rational ≤ −f_D'(e^ε⁺) = Σ_{a_i > ε} p_i e^{−a_i} = e^{−kh}·T_k/2^bits (k the
        cell of ε): the profile's right slope at γ = e^ε, whose magnitude is D's Q-mass above ε.
        The profile f_D(γ) = δ_D(log γ) is convex in γ, so δ_D(ε') ≥ δ_D(ε) + (e^ε − e^{ε'})·slope
        for every ε' ≤ ε."""
        d = self.d
        k = int((eps / d.h).floor())
        _, t = self._tail(k)
        with working_precision(self.prec):
            ball = (-arb(d.h * k)).exp() * t / (fmpz(1) << d.bits)
            return max(ball.lower().fmpq(), fmpq(0))

    def grid_le(self, k: int, target: fmpq) -> bool | None:
        """Is δ_D(kh) ≤ target certainly (True), certainly > (False), or undecided (None)?"""
        lower, upper = self.delta_bounds(self.d.h * k)
        return True if upper <= target else False if lower > target else None

    def _cell_root(self, lo: int, delta: fmpq) -> tuple[fmpq, fmpq] | None:
        """Exact ends of a ball containing the ε in [lo·h, (lo + 1)·h] where δ_D(ε) = delta, from
        the cell's formula; None when T = 0 or the ball is not finite (the caller keeps the grid point)."""
        d = self.d
        s, t = self._tail(lo)
        with working_precision(self.prec):
            if not t > 0:
                return None
            root = arb(d.h * lo) + ((s + d.inf - arb(delta) * (fmpz(1) << d.bits)) / t).log()
            return (root.lower().fmpq(), root.upper().fmpq()) if root.is_finite() else None

    # ---------------------------------------------------------------- float proposals

    def _float_deltas(self) -> np.ndarray:
        """δ_D(kh) in doubles for k = lo − 1 … hi (a proposal only)."""
        if self._floats is None:
            d = self.d
            shift = max(d.bits - 60, 0)
            masses = np.array([int(c) for c in (d.poly // (fmpz(1) << shift)).coeffs()] or [0], dtype=np.float64)
            masses = np.concatenate([masses, np.zeros(max(len(d) - len(masses), 0))]) * 2.0 ** (shift - d.bits)
            n, step = len(masses), float(d.h)
            # δ(kh) for k = lo−1+j: Σ_{i ≥ j} m_i (1 − e^{−(i − j + 1)h}) + m_∞, from the top,
            # in blocks short enough that e^{±(i − j)h} stays finite
            s_tail = np.cumsum(masses[::-1])[::-1]
            t_tail = np.zeros(n)
            carry, block = 0.0, max(int(200 / step), 1)
            for end in range(n, 0, -block):
                start = max(end - block, 0)
                offsets = np.arange(end - start, dtype=np.float64) * step
                local = np.cumsum((masses[start:end] * np.exp(-offsets))[::-1])[::-1]
                t_tail[start:end] = local * np.exp(offsets) + carry * np.exp(-(end - start - offsets) * step)
                carry = t_tail[start]
            self._floats = np.append(s_tail - t_tail * math.exp(-step), 0.0) + d.inf * 2.0 ** -d.bits
        return self._floats

    def _propose(self, target: float, upper: bool) -> int:
        """The grid index k near the crossing of δ_D(kh) and target: the first k with δ ≤ target
        (upper) or the last with δ > target (lower), in the float vector."""
        floats = self._float_deltas()
        j = int(np.searchsorted(-floats, -target, side="right"))  # first index with δ ≤ target
        k = self.d.lo - 1 + j
        return k if upper else k - 1

    # ---------------------------------------------------------------- ε

    def epsilon_upper(self, delta: fmpq) -> fmpq | None:
        """The least ε ≥ 0 with δ_D(ε) ≤ delta, rounded up; None when δ_D(∞) = p_∞ ≥ delta."""
        d = self.d
        if fmpq(d.inf, 1 << d.bits) >= delta:
            return None
        top = max(d.hi, 0) + 1  # beyond the last atom δ is p_∞ < delta exactly
        ensure(self.grid_le(top, delta), "δ beyond the window is p_∞ < δ", p_inf=fmpq(d.inf, 1 << d.bits), delta=delta)
        if self.grid_le(0, delta):
            return fmpq(0)
        # hi: certainly δ(hi·h) ≤ delta; lo = hi − 1: δ(lo·h) > delta certainly (sure = False) or undecided
        hi = min(max(self._propose(float(delta), True), 1), top)
        step = 1
        while not self.grid_le(hi, delta):
            hi = min(hi + step, top)
            step *= 2
        lo, step = hi - 1, 1
        while lo > 0:
            sure = self.grid_le(lo, delta)
            if sure is not True:
                break
            hi, lo = lo, max(lo - step, 0)
            step *= 2
        else:
            sure = False  # lo = 0: δ(0) ≤ delta was refused above
        if hi - lo > 1:  # a doubling step overshot: bisect the gap
            while hi - lo > 1:
                mid = (lo + hi) // 2
                test = self.grid_le(mid, delta)
                if test:
                    hi = mid
                else:
                    lo, sure = mid, test
        root = self._cell_root(lo, delta)
        # an undecided test at lo (counted as δ > delta) leaves the root possibly below the cell,
        # where the cell's formula is not δ_D: the root is then used only when it lies in the cell
        if root is None or (sure is None and root[0] < d.h * lo):
            return d.h * hi
        return min(_round_up(root[1]), d.h * hi)

    def epsilon_lower(self, delta: fmpq) -> fmpq | None:
        """The greatest ε ≥ 0 with δ_D(ε) ≥ delta, rounded down (0 when δ_D(0) < delta; None when
        δ_D(∞) = p_∞ ≥ delta: no finite ε reaches delta)."""
        d = self.d
        if fmpq(d.inf, 1 << d.bits) >= delta:
            return None
        if self.grid_le(0, delta) is not False:
            return fmpq(0)
        top = max(d.hi, 1)
        sure = self.grid_le(top, delta)
        if sure is False:
            return d.h * top  # beyond the window δ_D is p_∞ < delta
        # lo: certainly δ(lo·h) > delta; hi = lo + 1: δ(hi·h) ≤ delta certainly or undecided
        lo = min(max(self._propose(float(delta), False), 0), top - 1)
        step = 1
        while self.grid_le(lo, delta) is not False:
            lo = max(lo - step, 0)
            step *= 2
        hi, step = lo + 1, 1
        while hi < top:
            test = self.grid_le(hi, delta)
            if test is not False:
                sure = test
                break
            lo, hi = hi, min(hi + step, top)
            step *= 2
        while hi - lo > 1:
            mid = (lo + hi) // 2
            test = self.grid_le(mid, delta)
            if test is False:
                lo = mid
            else:
                hi, sure = mid, test
        root = self._cell_root(lo, delta)
        # an undecided test at hi (counted as δ ≤ delta) leaves the root possibly beyond the cell,
        # where the cell's formula is not δ_D: the root is then used only when it lies in the cell
        if root is None or (sure is None and root[1] > d.h * hi):
            return d.h * lo
        return max(_round_down(root[0]), d.h * lo)
