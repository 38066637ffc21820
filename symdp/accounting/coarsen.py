"""Coarsening a discretised privacy-loss distribution from a fine loss grid h₀ to a grid h = k·h₀.

A :class:`~symdp.accounting.discretise.Discrete` D (P-masses c_i/2^bits at losses i·h₀, and
c_∞/2^bits at +∞) is read through its profile

    f_D(γ) = Σ_i c_i (1 − γ e^{−i h₀})₊ / 2^bits + c_∞/2^bits,   γ ≥ 0,

so that δ_D(ε) = f_D(e^ε) (Steinke, *Composition of DP & privacy amplification by subsampling*,
Proposition 7) and f_D(0) is the total mass. Composition with any nonnegative discretisation E
gives f_{D⊗E}(γ) = Σ_e E_e f_D(γ e^{−a_e}) + E_∞ f_D(0) (Theorem 9 there: losses add), which is
monotone in f_D. So a pointwise order of profiles on [0, ∞) between D and a coarsened D' survives
every later product, and both coarsenings below are post-processings of a valid bound:

* **upper** (connect-the-dots on the discrete profile; Doroshenko–Ghazi–Kamath–Kumar–Manurangsi,
  *Connect the dots*, PETS 2022): f_D is convex, so its chords through (0, f_D(0)) and the grid
  points (γ_j, f_D(γ_j)), γ_j = e^{j h}, then the constant f_D(γ_n) beyond the last atom, lie
  above f_D. The chord function is the profile of the atoms P_j = γ_j (s_{j+1} − s_j) (s the chord
  slopes) plus f_D(γ_n) at +∞; rounding each P_j up only raises it. f' ≥ f_D everywhere.
  Interpolation is linear in f_D, so each atom is split on its own between the two grid points
  around it (P- and Q-mass kept): integer polynomial operations on the fine masses' residues.
* **lower** (balanced cells on the lattice atoms): consecutive atoms are grouped into cells and
  each cell replaced by one atom of the cell's P-mass at its barycentre a* = −log(Σ c_i e^{−a_i}/Σ c_i)
  (the P-weighted mean of the likelihood ratio e^{−Z}), moved down to the grid point ⌊a*/h⌋·h.
  (Σ x_i)₊ ≤ Σ (x_i)₊ makes the merge lower the profile, and moving an atom down lowers it again;
  the masses are exact sums of the integers, so f' ≤ f_D everywhere and no mass is created.
  Cells are cut, walking from the highest loss down, so that the barycentre lands just at or
  above a grid point (the discrete analogue of :mod:`symdp.accounting.discretise`'s balanced
  cells), which loses little; such a cell is certified in exact integers (bounds on e^{−j h₀}),
  any other by a ball for its barycentre.
"""

from __future__ import annotations

import functools
import math
import operator

from flint import arb, arb_poly, fmpq, fmpz, fmpz_poly

from ..certificate import ensure
from ..numbers import working_precision
from .discretise import Discrete

__all__ = ["coarsen"]


def coarsen(d: Discrete, k: int, whole: bool = True) -> Discrete:
    """D on the grid h = k·d.h: dominating D when D is an upper discretisation, dominated by it
    when it is a lower one (see the module docstring). `whole` False: D is a part of a
    distribution (:mod:`.split`), whose total P-mass is not checked against 1 (its own mass is:
    kept or raised above, kept exactly below)."""
    if k < 1:
        raise ValueError("the coarsening factor must be a positive integer")
    if k == 1:
        return d
    out = (_upper if d.upper else _lower)(d, k)
    return out.verified("coarsened discretisation") if whole else out


def _prec(d: Discrete, k: int) -> int:
    """Bits for masses known to below one unit of 2^−bits after second differences at grid h."""
    h = float(d.h) * k
    return d.bits + 2 * max(0, -math.floor(math.log2(h))) + len(d.masses).bit_length() + 48


def _upper(d: Discrete, k: int) -> Discrete:
    """Connect-the-dots of f_D at the grid points γ_t = e^{t k h₀} (below every atom to at or
    above every atom). Interpolation is linear in f_D, so it moves each atom on its own: an
    atom c at the fine index tk + r (0 < r < k) becomes the two atoms (1 − β_r)c at tk and
    β_r c at (t+1)k, β_r = (1 − w^r)/(1 − w^k), w = e^{−h₀} — the pair on the two grid points
    with the atom's P-mass c and Q-mass c·w^{tk+r}, whose profile is the atom's chord there.
    So the mass at t is M_t = P_t − B_t + B_{t−1}, with P_t = Σ_r c_{tk+r} and
    B_t = Σ_r β_r c_{tk+r}: k integer polynomial operations on the residues of the fine masses
    mod k, with β_r bounded by ⌊2^S β_r⌋ and ⌈2^S β_r⌉ (:func:`_split_weights`), and M_t rounded up."""
    first = d.lo // k
    coeffs = [0] * (d.lo - first * k) + d.poly.coeffs()
    residues = [fmpz_poly(coeffs[r::k]) for r in range(k)]
    shift = d.bits + _SPLIT_GUARD_BITS
    low, high = _split_weights(int(d.h.p), int(d.h.q), k, shift)
    total, b_low, b_high = fmpz_poly(), fmpz_poly(), fmpz_poly()
    for r, part in enumerate(residues):
        total += part
        if r:
            b_low += part * low[r]
            b_high += part * high[r]
    scaled = total * (fmpz(1) << shift) - b_low + b_high.left_shift(1)
    masses = -((-scaled) // (fmpz(1) << shift))  # rounded up, coefficientwise
    out = Discrete(d.h * k, first, masses, d.inf, d.bits, True)
    # the chords keep f(0): Σ P_j + P_∞ = f_D(0) before rounding up
    ensure(out.total + out.inf >= d.total + d.inf, "the coarsened dominating pair keeps all of D's mass",
           lost=d.total + d.inf - out.total - out.inf)
    return out


#: Bits beyond a pair's own of the integer bounds on the split weights β_r: the bounds move a
#: coarse mass by at most Σ c·2^−S, below the unit its rounding up adds.
_SPLIT_GUARD_BITS = 40


@functools.lru_cache(maxsize=64)
def _split_weights(p: int, q: int, k: int, shift: int) -> tuple[list[int], list[int]]:
    """(⌊2^S β_r⌋, ⌈2^S β_r⌉) for r = 0..k−1, β_r = (1 − e^{−r h₀})/(1 − e^{−k h₀}),
    h₀ = p/q, S = shift (keyed by integers: an fmpq hashes through a Fraction)."""
    with working_precision(shift + 64):
        w = (-arb(fmpq(p, q))).exp()
        scale = arb(2) ** shift
        balls = [scale * (1 - w ** r) / (1 - w ** k) for r in range(k)]
        return ([int(b.lower().floor().unique_fmpz()) for b in balls],
                [int(b.upper().ceil().unique_fmpz()) for b in balls])


def _lower(d: Discrete, k: int) -> Discrete:
    """Balanced cells on the fine atoms, each collapsed to its barycentre and moved down to the
    grid point ⌊a*/h⌋·h (certified)."""
    prec = _prec(d, k)
    placed: dict[int, int] = {}
    for start, portions, target in _cells(d, k):
        if _at_or_above(d.h, start - target, portions):
            index = target // k
        else:  # a float balance the integers do not confirm: the barycentre from a ball
            index = _cell_index(d.h, start, portions, k, prec)
        placed[index] = placed.get(index, 0) + sum(portions)
    if not placed:
        return Discrete(d.h * k, 0, (0,), d.inf, d.bits, False)
    lo, hi = min(placed), max(placed)
    masses = tuple(placed.get(j, 0) for j in range(lo, hi + 1))
    ensure(sum(masses) == sum(d.masses), "the coarsened dominated pair keeps exactly D's finite mass",
           before=sum(d.masses), after=sum(masses))
    return Discrete(d.h * k, lo, masses, d.inf, d.bits, False)  # the atom at +∞ is a cell of its own


def _cells(d: Discrete, k: int) -> list[tuple[int, list[int], int]]:
    """Cells (lowest atom, the masses taken from it and the atoms above, the grid point aimed at) from the highest loss
    down: a cell starting at atom i, at or above the grid point J·k = ⌊i/k⌋·k, takes the atoms
    below while its barycentre stays at or above J·k, and of the atom that would pass it only
    the part that keeps it there (an atom split in two is the same distribution); the rest of
    that atom starts the next cell. Every cell but the lowest is thus balanced up to one unit
    of 2^−bits (and a 10⁻¹² safety margin of the float balance): its barycentre sits on its
    grid point. Any partition is valid: the index is certified by :func:`_at_or_above` or
    :func:`_cell_index`."""
    h0, cells = float(d.h), []
    rest = list(d.masses)
    i = d.hi
    while i >= d.lo:
        if rest[i - d.lo] == 0:
            i -= 1
            continue
        target = (i // k) * k
        balance, taken, low = 0.0, [], i
        for j in range(i, d.lo - 1, -1):
            c = rest[j - d.lo]
            weight = math.expm1((target - j) * h0)  # ≤ 0 at or above the grid point, > 0 below
            part = c if balance + c * weight <= 0 else min(int(-balance / weight * (1 - 1e-12)), c)
            if part == 0 < c:  # not even one unit of this atom fits
                break
            balance += part * weight
            taken.append(part)
            rest[j - d.lo] -= part
            low = j
            if part < c:
                break
        cells.append((low, taken[::-1], target))
        i = low if rest[low - d.lo] else low - 1
    return cells


#: Bits of the integer bounds on e^{−j h₀} that certify a balanced cell: the cells are balanced
#: to a relative 10⁻¹² of their float balance, far above 2^−96.
_EXP_BITS = 96


def _at_or_above(h0: fmpq, offset: int, portions: list[int]) -> bool:
    """Whether a cell's barycentre is certainly at or above its grid point J·k, the cell's
    masses c_t sitting at the fine indices J·k + offset + t: Σ c_t e^{−(offset + t) h₀} ≤ Σ c_t
    (the P-weighted mean of the likelihood ratio e^{−Z} at most that of the grid point), in
    exact integers with e^{−j h₀} bounded above by ⌈2^96 e^{−j h₀}⌉ (:func:`_exp_bounds`)."""
    bounds = _exp_bounds(h0, offset, offset + len(portions) - 1)
    total = sum(portions)
    return sum(map(operator.mul, portions, bounds)) <= total << _EXP_BITS


def _exp_bounds(h0: fmpq, first: int, last: int) -> list[int]:
    """⌈2^96 e^{−j h₀}⌉ for j = first..last, sliced from a table per grid that grows to the
    offsets asked for (the cells of a coarsening reach a few k either side of their grid point)."""
    key = (int(h0.p), int(h0.q))
    low, values = _EXP_TABLES.get(key, (first, []))
    if first < low or last >= low + len(values):
        new_low, new_high = min(first, low), max(last, low + len(values) - 1)
        with working_precision(_EXP_BITS + 64):
            scale, step = arb(2) ** _EXP_BITS, -arb(h0)
            values = [int((scale * (step * j).exp()).upper().ceil().unique_fmpz()) if not low <= j < low + len(values)
                      else values[j - low] for j in range(new_low, new_high + 1)]
        low = new_low
        _EXP_TABLES[key] = (low, values)
    return values[first - low:last - low + 1]


#: By grid h₀: (j₀, [⌈2^96 e^{−j h₀}⌉ for j = j₀, j₀ + 1, …]).
_EXP_TABLES: dict[tuple[int, int], tuple[int, list[int]]] = {}


def _cell_index(h0: fmpq, start: int, portions: list[int], k: int, prec: int) -> int:
    """⌊a*/h⌋ for the cell's barycentre a* = start·h₀ − log(Σ c_t w^t / Σ c_t), w = e^{−h₀}
    (c_t the masses taken at atom start + t), from the lower end of a ball (so the grid point
    is certainly ≤ a*)."""
    with working_precision(prec):
        w = (-arb(h0)).exp()
        ratio = arb_poly(portions)(w) / sum(portions)
        loss_over_h = (arb(h0) * start - ratio.log()) / (arb(h0) * k)
        ensure(loss_over_h.is_finite(), "a cell's barycentre is enclosed", start=start, atoms=len(portions))
        return int(loss_over_h.lower().floor().unique_fmpz())
