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
* **lower** (balanced cells on the lattice atoms): consecutive atoms are grouped into cells and
  each cell replaced by one atom of the cell's P-mass at its barycentre a* = −log(Σ c_i e^{−a_i}/Σ c_i)
  (the P-weighted mean of the likelihood ratio e^{−Z}), moved down to the grid point ⌊a*/h⌋·h.
  (Σ x_i)₊ ≤ Σ (x_i)₊ makes the merge lower the profile, and moving an atom down lowers it again;
  the masses are exact sums of the integers, so f' ≤ f_D everywhere and no mass is created.
  Cells are cut so that the barycentre lands just at or above a grid point (the discrete
  analogue of :mod:`symdp.accounting.discretise`'s balanced cells, walked from either end and
  the walk that moves less kept), which loses little.
"""

from __future__ import annotations

import math

from flint import arb, arb_poly, fmpq

from ..certificate import ensure
from ..numbers import working_precision
from .discretise import Discrete

__all__ = ["coarsen"]


def coarsen(d: Discrete, k: int) -> Discrete:
    """D on the grid h = k·d.h: dominating D when D is an upper discretisation, dominated by it
    when it is a lower one (see the module docstring)."""
    if k < 1:
        raise ValueError("the coarsening factor must be a positive integer")
    if k == 1:
        return d
    return (_upper if d.upper else _lower)(d, k)


def _prec(d: Discrete, k: int) -> int:
    """Bits for masses known to below one unit of 2^−bits after second differences at grid h."""
    h = float(d.h) * k
    return d.bits + 2 * max(0, -math.floor(math.log2(h))) + len(d.masses).bit_length() + 48


def _ceil_int(x: arb) -> int:
    """⌈upper(x)⌉, at least 0 (a mass)."""
    y = x.upper()
    return max(int(y.fmpq().ceil()), 0) if y > 0 else 0


def _upper(d: Discrete, k: int) -> Discrete:
    """Connect-the-dots of f_D at γ_j = e^{j k h₀}, j = m..n with m·k below every atom and n·k at
    or above every atom (so f_D is linear on [0, γ_m] and equals c_∞ from γ_n on)."""
    m, n = (d.lo - 1) // k, -((-d.hi) // k)
    prec = _prec(d, k)
    with working_precision(prec):
        values = _profile_at_grid(d, k, m, n)  # f_D(γ_j)·2^bits for j = m..n
        hb = arb(d.h) * k
        gammas = [(hb * j).exp() for j in range(m, n + 1)]
        total = arb(sum(d.masses) + d.inf)
        slopes = [(values[0] - total) / gammas[0]]
        slopes += [(values[t + 1] - values[t]) / (gammas[t + 1] - gammas[t]) for t in range(n - m)]
        slopes.append(arb(0))
        masses = tuple(_ceil_int(gammas[t] * (slopes[t + 1] - slopes[t])) for t in range(n - m + 1))
    out = Discrete(d.h * k, m, masses, d.inf, d.bits, True)
    # the chords keep f(0): Σ P_j + P_∞ = f_D(0) before rounding up
    ensure(sum(masses) + out.inf >= sum(d.masses) + d.inf, "the coarsened dominating pair keeps all of D's mass",
           lost=sum(d.masses) + d.inf - sum(masses) - out.inf)
    return out.verified("coarsened discretisation")


def _profile_at_grid(d: Discrete, k: int, m: int, n: int) -> list[arb]:
    """2^bits·f_D(e^{j k h₀}) = S_j − T_j + c_∞ for j = m..n, with S_j = Σ_{i > jk} c_i and
    T_j = Σ_{i > jk} c_i w^{i − jk}, w = e^{−h₀}, summed block by block from the top
    (T_j = C_j + w^k T_{j+1}: only contractions, so the balls stay tight)."""
    w = (-arb(d.h)).exp()
    wk = w ** k
    s, t = 0, arb(0)
    out = [arb(0)] * (n - m + 1)
    out[n - m] = arb(d.inf)  # no atom above n·k
    for j in range(n - 1, m - 1, -1):
        # atoms i in (jk, (j+1)k], as offsets 1..k above jk
        first, last = j * k + 1, (j + 1) * k
        lo_t, hi_t = max(first, d.lo) - d.lo, min(last, d.hi) - d.lo
        block = list(d.masses[lo_t:hi_t + 1]) if hi_t >= lo_t else []
        if block:
            offset = max(first, d.lo) - j * k  # the power of w of the block's first atom
            t = arb_poly(block)(w) * w ** offset + wk * t
            s += sum(block)
        else:
            t = wk * t
        out[j - m] = s - t + d.inf
    return out


def _lower(d: Discrete, k: int) -> Discrete:
    """Balanced cells on the fine atoms, each collapsed to its barycentre and moved down to the
    grid point ⌊a*/h⌋·h (certified)."""
    prec = _prec(d, k)
    placed: dict[int, int] = {}
    for start, portions in _cells(d, k):
        index = _cell_index(d.h, start, portions, k, prec)
        placed[index] = placed.get(index, 0) + sum(portions)
    if not placed:
        return Discrete(d.h * k, 0, (0,), 0, d.bits, False)
    lo, hi = min(placed), max(placed)
    masses = tuple(placed.get(j, 0) for j in range(lo, hi + 1))
    ensure(sum(masses) == sum(d.masses), "the coarsened dominated pair keeps exactly D's finite mass",
           before=sum(d.masses), after=sum(masses))
    return Discrete(d.h * k, lo, masses, 0, d.bits, False).verified("coarsened discretisation")


def _cells(d: Discrete, k: int) -> list[tuple[int, list[int]]]:
    """Cells (lowest atom, the masses taken from it and the atoms above) from the highest loss
    down: a cell starting at atom i, at or above the grid point J·k = ⌊i/k⌋·k, takes the atoms
    below while its barycentre stays at or above J·k, and of the atom that would pass it only
    the part that keeps it there (an atom split in two is the same distribution); the rest of
    that atom starts the next cell. Every cell but the lowest is thus balanced up to one unit
    of 2^−bits (and a 10⁻¹² safety margin of the float balance): its barycentre sits on its
    grid point. Any partition is valid: the certified index is taken by :func:`_cell_index`."""
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
        cells.append((low, taken[::-1]))
        i = low if rest[low - d.lo] else low - 1
    return cells


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
