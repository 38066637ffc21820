"""Staircase patterns: the columns of the matrix S^(k) of Kairouz–Oh–Viswanath, Definition 3.

Column j (1-based, j = 1, …, 2^k) of S^(k) is (e^ε − 1)·b_{j−1} + 1, where b_{j−1} is the k-bit
binary expansion of j − 1 with the **first input as the most significant bit** (the paper's
S^(3) shows this order). Here columns are indexed 0-based by the integer ``mask = j − 1``; the
pattern of a mask is the 0/1 tuple (bit of input 1, …, bit of input k), and the set
T_j = {x_i : bit i is 1} is where the column takes the value e^ε.
"""

from __future__ import annotations

from typing import Sequence

import sympy
from flint import fmpq

from ..numerics import params
from ..errors import ParameterError

#: The largest input alphabet for which the 2^k-column LP is built.
MAX_K = 16


def check_k(k: object) -> int:
    """k = |X| in [1, MAX_K]: the LP has 2^k columns."""
    k = params.count(k, "k", 1)
    if k > MAX_K:
        raise ParameterError(f"k must be at most {MAX_K} (the staircase LP has 2^k columns), got {k}")
    return k


def pattern(mask: int, k: int) -> tuple[int, ...]:
    """The 0/1 pattern of column `mask` (0-based): entry i is bit k−1−i of mask (first input = MSB)."""
    return tuple((mask >> (k - 1 - i)) & 1 for i in range(k))


def mask_of(pattern_bits: Sequence[int]) -> int:
    """The column index (0-based) of a 0/1 pattern in the paper's bit order."""
    bits = list(pattern_bits)
    if any(b not in (0, 1) for b in bits):
        raise ParameterError(f"pattern must hold only 0 and 1, got {pattern_bits!r}")
    m = 0
    for b in bits:
        m = (m << 1) | int(b)
    return m


def inputs_of(mask: int, k: int) -> tuple[int, ...]:
    """T_j: the inputs (0-based) where the column equals e^ε."""
    return tuple(i for i in range(k) if (mask >> (k - 1 - i)) & 1)


def staircase_matrix(eps: object, k: int) -> sympy.Matrix:
    """S^(k) ∈ {1, e^ε}^{k×2^k} (Definition 3), exactly, with columns in the paper's order."""
    k = check_k(k)
    e = params.nonnegative(eps, "eps")
    E = sympy.exp(e)
    return sympy.Matrix(k, 1 << k, lambda i, j: E if (j >> (k - 1 - i)) & 1 else sympy.Integer(1))


def subset_sums(p: Sequence[fmpq]) -> list[fmpq]:
    """P(T_mask) for every mask, in O(2^k) exact additions (input i is bit k−1−i)."""
    k = len(p)
    sums = [fmpq(0)] * (1 << k)
    for mask in range(1, 1 << k):
        low = mask & -mask
        i = k - low.bit_length()          # the input whose bit is the lowest set bit
        sums[mask] = sums[mask ^ low] + p[i]
    return sums


def staircase_rows(E: fmpq, k: int) -> list[list[fmpq]]:
    """The rows of S^(k) for a rational E = e^ε, as fmpq lists."""
    one = fmpq(1)
    return [[E if (j >> (k - 1 - i)) & 1 else one for j in range(1 << k)] for i in range(k)]
