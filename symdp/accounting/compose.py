"""Composition of discretised privacy-loss distributions by exact integer polynomial products.

A :class:`~symdp.accounting.discretise.Discrete` is the polynomial Σ_i c_i z^{lo+i} with
integer coefficients c_i = 2^bits × P-mass of loss (lo+i)·h. Composition adds independent
losses (Steinke, *Composition of DP & privacy amplification by subsampling*, Theorem 9), so it
multiplies the polynomials: FLINT's fmpz_poly product is exact (no floating-point FFT, so no
round-off can cross a bound). After each product the coefficients (now scaled by 2^{2·bits})
are divided by 2^bits rounding up (upper bound) or down (lower bound), and the window is cut
where little mass lies outside it:

* upper bound: the mass below the cut is moved up to the lowest kept loss and the mass above it
  to loss +∞ (both only raise losses, so δ can only grow);
* lower bound: the mass below the cut is dropped and the mass above it is moved down to the
  highest kept loss (δ can only shrink).

The P-mass at +∞ of a product is ∞_A·(all of B) + (finite A)·∞_B, rounded up (down for a
lower bound, whose +∞ mass is the pair's own, an atom no cut moved there).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable

from flint import fmpz, fmpz_poly

from ..errors import ResourceLimitError
from .discretise import Discrete, check_total

__all__ = ["CostLimitError", "Limits", "multiply", "power", "check_deadline", "check_product", "cut", "product_cost",
           "Weight"]

#: What a unit of mass at a loss is worth to the final δ (see :func:`cut`).
Weight = Callable[[float], float]

#: A weighted cut moves at most 2^−10 of the P-mass: its worth δ_rest(ε − a) is that of the rest
#: as composed exactly, and cuts that move much of the mass would shift the rest itself (all of it
#: to the top of the window, where δ(ε) of a tiny δ is worth nothing, measured: δ ≤ 1 at ε = 4 for
#: q = 0.01, σ = 4, T = 10⁴, where the truth is below 10⁻⁴⁰).
WEIGHTED_CUT_BITS = 10


class CostLimitError(ResourceLimitError, MemoryError):
    """A computation would exceed the stated memory or time limit; the message names the limit.
    It is a :class:`~symdp.errors.ResourceLimitError`, so ``except ResourceLimitError`` catches
    every budget refusal of symdp alike.
    ``bracket`` holds the narrowest bracket found before the limit, when there is one."""

    def __init__(self, message: str, bracket: object = None):
        super().__init__(message)
        self.bracket = bracket


@dataclass(frozen=True)
class Limits:
    """Cost limits of one accounting run: bytes of one polynomial product, and seconds.
    ``deadline`` (a ``time.monotonic()`` value) is set by the accountant for the run in
    progress: the seconds actually spent are checked against it before every product."""

    memory: int = 2 * 10 ** 9
    seconds: float = 60.0
    deadline: float | None = None


#: Observed throughput of FLINT's integer polynomial product, bit-coefficients per second
#: (2 × 10⁴ coefficients of 96 bits squared in 17 ms on the reference machine), used to refuse
#: products that would take longer than the limit.
_BITS_PER_SECOND = 1.0e8


def product_cost(len_a: int, len_b: int, bits: int) -> tuple[int, float]:
    """(bytes, seconds) estimated for one product of polynomials of these lengths and bits."""
    length = len_a + len_b
    coeff_bits = 2 * bits + length.bit_length() + 64
    memory = 4 * length * coeff_bits // 8
    seconds = length * coeff_bits * max(1, length.bit_length()) / _BITS_PER_SECOND / 16
    return memory, seconds


def check_deadline(limits: Limits) -> None:
    """Refuse to go on once the run has spent its time limit (measured, not projected)."""
    if limits.deadline is not None and time.monotonic() > limits.deadline:
        raise CostLimitError(f"the time limit of {limits.seconds:.0f} s was reached")


def check_product(len_a: int, len_b: int, bits: int, limits: Limits) -> None:
    check_deadline(limits)
    memory, seconds = product_cost(len_a, len_b, bits)
    if seconds > limits.seconds:
        raise CostLimitError(
            f"a product of {len_a} × {len_b} coefficients of {bits} bits would take about {seconds:.0f} s, "
            f"above the time limit of {limits.seconds:.0f} s (coarser grid or fewer bits)")
    if memory > limits.memory:
        raise CostLimitError(
            f"a product of {len_a} × {len_b} coefficients of {bits} bits needs about {memory / 1e9:.1f} GB, "
            f"above the memory limit of {limits.memory / 1e9:.1f} GB (coarser grid or fewer bits)")


def multiply(a: Discrete, b: Discrete, tau: int, limits: Limits, weight: Weight | None = None) -> Discrete:
    """The discretised PLD of the composition, rescaled to a.bits and cut at tail mass ≤ τ/2^bits
    (the low end at weighted mass ≤ τ/2^bits when a `weight` is given, see :func:`cut`;
    `a is b` squares: FLINT's squaring is about 2.5× faster)."""
    if a.bits != b.bits or a.upper != b.upper or a.h != b.h:
        raise ValueError("only discretisations on the same grid, bits and side compose")
    check_product(len(a), len(b), a.bits, limits)
    one = fmpz(1) << a.bits
    prod = a.poly * a.poly if a is b else a.poly * b.poly
    if a.upper:
        prod = -((-prod) // one)  # ceiling division, coefficientwise
        inf = -((-(a.inf * (b.total + b.inf) + a.total * b.inf)) // int(one))
    else:
        prod = prod // one
        inf = (a.inf * (b.total + b.inf) + a.total * b.inf) // int(one)
    out = cut(prod, a.lo + b.lo, inf, tau, a, weight)
    check_total(out.total, out.inf, a.bits, a.upper, "composition")
    return out


def cut(poly: fmpz_poly, lo: int, inf: int, tau: int, like: Discrete, weight: Weight | None = None) -> Discrete:
    """Cut the window where at most τ (scaled) mass lies beyond each end (see module docstring):
    the lowest kept index i is the largest with Σ_{l<i} c_l ≤ τ — or with Σ_{l<i} c_l·w(a_i) ≤ τ
    and Σ_{l<i} c_l ≤ 2^−WEIGHTED_CUT_BITS of the mass for a `weight` w (nondecreasing in the
    loss a_i, at most 1: what the mass is worth to the final δ, :class:`.estimate.CutWeight`;
    any w keeps the bracket valid, it only moves more mass) — and the highest kept j ≥ i the
    smallest with Σ_{l>j} c_l ≤ τ (at least one coefficient is kept)."""
    n = max(len(poly), 1)  # the zero polynomial has length 0 but stands for one zero mass
    if weight is None:
        i = _last(lambda k: _below(poly, k) <= tau, 0, n - 1)
    else:
        h, cap = float(like.h), 1 << max(like.bits - WEIGHTED_CUT_BITS, 0)

        def holds(k: int) -> bool:
            below = _below(poly, k)
            return below <= tau or (below <= cap and below * weight((lo + k) * h) <= tau)
        i = _last(holds, 0, n - 1)
    j = _last(lambda k: _above(poly, k - 1) > tau, i, n - 1, from_top=True)
    below, above = _below(poly, i), _above(poly, j)
    kept = poly.truncate(j + 1).right_shift(i)  # the coefficients i..j
    if like.upper:
        kept[0] += below
        inf += above
    else:
        kept[j - i] += above
    return Discrete(like.h, lo + i, kept, inf, like.bits, like.upper)


def _below(poly: fmpz_poly, k: int) -> int:
    """Σ_{l<k} c_l (summing only those: the cost is that of the part cut off)."""
    return int(poly.truncate(k)(1)) if k > 0 else 0


def _above(poly: fmpz_poly, k: int) -> int:
    """Σ_{l>k} c_l."""
    return int(poly.right_shift(k + 1)(1))


def _last(holds: Callable[[int], bool], a: int, b: int, from_top: bool = False) -> int:
    """The largest k in [a, b] with holds(k), for a predicate true at a and monotone (true, then
    false): the coefficients are ≥ 0, so the prefix sums are nondecreasing. A cut drops little
    mass, so the answer lies near the end it cuts (the low end, or the top with `from_top`):
    galloping from that end, then bisection, keeps every test near it, where summing the
    coefficients beyond the test point is cheap (a bisection over the whole window would sum
    half of it at every test)."""
    step = 1
    if from_top:
        if holds(b):
            return b
        while True:  # holds(b) is false here: find a true point below it (a, at the latest)
            k = max(b - step, a)
            if k == a or holds(k):
                a, b = k, b - 1
                break
            b, step = k, step * 2
    else:
        while a < b:
            k = min(a + step, b)
            if not holds(k):
                b = k - 1
                break
            a, step = k, step * 2
    while a < b:
        mid = (a + b + 1) // 2
        if holds(mid):
            a = mid
        else:
            b = mid - 1
    return a


def identity(like: Discrete) -> Discrete:
    """The pair with loss 0 surely: the unit of composition."""
    return Discrete(like.h, 0, (1 << like.bits,), 0, like.bits, like.upper)


def power(d: Discrete, k: int, tau_per_step: int, limits: Limits,
          progress: Callable[[int, int], None] | None = None, weight: Weight | None = None) -> Discrete:
    """The k-fold composition by left-to-right binary powering: square, and multiply by `d`
    itself where k has a 1 bit (⌊log₂ k⌋ squarings and popcount(k) − 1 products with the short
    `d`, cheaper than products of two long powers). A product standing for j steps may cut τ·j
    (τ = `tau_per_step`): the mass it sends to +∞ is carried into every later product, so by
    the end it has grown about T/j-fold (inf(A·A) ≈ 2·inf(A)), and a cut proportional to j
    keeps each product's share of the final +∞ mass at about τ·T."""
    if k == 0:
        return identity(d)
    out, out_steps, done = d, 1, 0
    total = max(1, k.bit_length() - 1 + bin(k).count("1") - 1)
    for bit in bin(k)[3:]:  # the bits after the leading 1
        out_steps *= 2
        out = multiply(out, out, tau_per_step * out_steps, limits, weight)
        if bit == "1":
            out_steps += 1
            out = multiply(out, d, tau_per_step * out_steps, limits, weight)
        done += 1 + (bit == "1")
        if progress:
            progress(done, total)
    return out
