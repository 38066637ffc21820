"""A discretised privacy-loss distribution kept on two grids: its bulk on a fine grid h₀, the
rest on the working grid h = k·h₀.

A Poisson-subsampled step at a small rate q has its bulk within a few q of 0 and a long tail
(:mod:`symdp.accounting.ladder`): a grid fine enough for the bulk is k times too fine for the
tail, and squaring the tail there costs k times the points it needs. So a distribution
D = B + R is kept as B, the P-masses in a band [L, U) of fine indices around the bulk, on h₀,
and R, the rest, on h (with the P-mass at +∞).

Why any part may be coarsened on its own: the profile f_D(γ) = Σ_i c_i (1 − γ e^{−a_i})₊ + c_∞
is linear in the masses, f_D = f_B + f_R, and the profile of a composition,
f_{X⊗Y}(γ) = Σ_y Y_y f_X(γ e^{−y}) + Y_∞ f_X(0) (Steinke, *Composition of DP & privacy
amplification by subsampling*, Theorem 9: losses add), is monotone in f_X for every
nonnegative Y and in f_Y for every nonnegative X. So replacing any part of any term of a
product by a coarsening of it (:mod:`symdp.accounting.coarsen`: its profile pointwise above for
a dominating discretisation, below for a dominated one) keeps the whole on the same side. A
product of two split distributions is

    B_a·B_b  (on h₀, exact)  +  C(B_a)·R_b + R_a·C(B_b) + R_a·R_b  (on h, exact),

C the coarsening; the part of B_a·B_b outside the new band (the quartiles of its P-mass, widened
by ``margin`` fine points and rounded out to multiples of k) is coarsened into the rest. Every
product is exact in integers; the two sums are rounded separately (up for a dominating
discretisation, down for a dominated one: a sum of roundings up is at least the rounding of the
sum), and the rest's window is cut by the plan's rule (:func:`.compose.cut`) once per product.
The bulk is never cut: what leaves its band goes to the rest.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from flint import fmpz, fmpz_poly

from ..certificate import ensure
from .coarsen import coarsen
from .compose import Limits, Weight, check_product, cut
from .discretise import Discrete, check_total

__all__ = ["Split", "split", "quartiles"]


@dataclass(frozen=True)
class Split:
    """P-masses ``bulk`` on the fine grid h₀ (no mass at +∞) plus ``rest`` on the grid k·h₀
    (with the mass at +∞): one discretised distribution, dominating or dominated as both parts."""

    bulk: Discrete
    rest: Discrete
    k: int

    @property
    def upper(self) -> bool:
        return self.bulk.upper

    @functools.cached_property
    def coarse_bulk(self) -> Discrete:
        """The bulk coarsened to the working grid (kept: a square meets it again in the products
        of the remaining bits)."""
        return coarsen(self.bulk, self.k, whole=False)

    def verified(self, what: str) -> "Split":
        """Itself, once its total P-mass is on its side of 1 (:meth:`.Discrete.verified`)."""
        check_total(self.bulk.total + self.rest.total, self.rest.inf, self.bulk.bits, self.upper, what)
        return self

    def coarse(self) -> Discrete:
        """The whole on the working grid: the bulk coarsened, plus the rest."""
        return _add(self.coarse_bulk, self.rest).verified("coarsened discretisation")

    def fine(self) -> Discrete:
        """The whole on the fine grid, exactly: the rest's atoms at every k-th fine point."""
        r = self.rest
        spread = Discrete(self.bulk.h, r.lo * self.k, r.poly.inflate(self.k), r.inf, r.bits, r.upper)
        return _add(self.bulk, spread).verified("discretisation")

    def multiply(self, other: "Split", tau: int, margin: int, limits: Limits, weight: Weight | None = None) -> "Split":
        """The composition (module docstring), its rest cut at τ; `other` the same object squares."""
        a, b, k = self, other, self.k
        if a.k != b.k or a.upper != b.upper or a.bulk.h != b.bulk.h or a.bulk.bits != b.bulk.bits:
            raise ValueError("only split discretisations on the same grids, bits and side compose")
        bits, upper = a.bulk.bits, a.upper
        check_product(len(a.bulk), len(b.bulk), bits, limits)
        check_product(len(a.rest), len(b.rest) + len(b.bulk) // k + 2, bits, limits)
        square = a is b
        bulk = _rounded(a.bulk.poly * a.bulk.poly if square else a.bulk.poly * b.bulk.poly, bits, upper)
        bulk = Discrete(a.bulk.h, a.bulk.lo + b.bulk.lo, bulk, 0, bits, upper)
        ra, rb = a.rest, b.rest
        # a bulk is coarsened only where it meets a rest (an empty rest: no cross term)
        ca = a.coarse_bulk if rb.total or rb.inf else _empty(a.rest)
        cb = ca if square else b.coarse_bulk if ra.total or ra.inf else _empty(b.rest)
        lo = min(ca.lo + rb.lo, ra.lo + cb.lo, ra.lo + rb.lo)
        if square:  # C(B)·R twice, R²
            terms = [(ca.poly * ra.poly * 2, ca.lo + ra.lo), (ra.poly * ra.poly, 2 * ra.lo)]
        else:
            terms = [(ca.poly * rb.poly, ca.lo + rb.lo), (ra.poly * cb.poly, ra.lo + cb.lo),
                     (ra.poly * rb.poly, ra.lo + rb.lo)]
        exact = sum((p.left_shift(s - lo) for p, s in terms), fmpz_poly())
        # the +∞ mass: X_∞·(Y's finite + Y_∞) + X's finite·Y_∞ for each of the three products
        inf = ca.total * rb.inf + ra.inf * cb.total + ra.inf * (rb.total + rb.inf) + ra.total * rb.inf
        one = 1 << bits
        inf = -((-inf) // one) if upper else inf // one
        rest = Discrete(ra.h, lo, _rounded(exact, bits, upper), inf, bits, upper)
        low, band, high = _band(bulk, margin, k)
        for part in (low, high):
            if part is not None:
                rest = _add(rest, coarsen(part, k, whole=False))
        rest = cut(rest.poly, rest.lo, rest.inf, tau, rest, weight)
        return Split(band, rest, k).verified("composition")


def split(d: Discrete, band: tuple[int, int], k: int) -> Split:
    """`d` (on the fine grid) as its masses in the band [L, U) of fine indices and the rest on
    the grid k·d.h: an atom outside the band not at a multiple of k is moved to the next
    multiple up (dominating) or down (dominated), which keeps the side (losses only rise, or only
    fall); the discretisations of :mod:`.ladder` place none there."""
    low, high = band
    masses = d.masses
    inner = masses[max(low - d.lo, 0):max(high - d.lo, 0)] or (0,)
    placed: dict[int, int] = {}
    for i, c in enumerate(masses):
        index = d.lo + i
        if c and not low <= index < high:
            j = -((-index) // k) if d.upper else index // k
            placed[j] = placed.get(j, 0) + c
    bulk = Discrete(d.h, max(low, d.lo), inner, 0, d.bits, d.upper)
    if placed:
        first, last = min(placed), max(placed)
        rest = Discrete(d.h * k, first, [placed.get(j, 0) for j in range(first, last + 1)], d.inf, d.bits, d.upper)
    else:
        rest = Discrete(d.h * k, 0, (0,), d.inf, d.bits, d.upper)
    ensure(bulk.total + rest.total == d.total, "a split keeps every finite atom's mass", before=d.total,
           after=bulk.total + rest.total)
    return Split(bulk, rest, k).verified("discretisation")


def quartiles(d: Discrete) -> tuple[int, int]:
    """The grid indices of the lower and upper quartiles of d's finite P-mass (the least index
    whose prefix sum reaches a quarter, three quarters), by bisection on the exact prefix sums
    (FLINT sums: converting the coefficients to Python integers would cost more)."""
    poly, total = d.poly, d.total

    def quantile(target: int) -> int:
        lo, hi = 0, max(len(poly), 1)
        while lo < hi:  # the least k with Σ_{i ≤ k} c_i ≥ target
            mid = (lo + hi) // 2
            if int(poly.truncate(mid + 1)(1)) >= target:
                hi = mid
            else:
                lo = mid + 1
        return d.lo + lo
    return quantile(total // 4), quantile(3 * total // 4)


def _band(d: Discrete, margin: int, k: int) -> tuple[Discrete | None, Discrete, Discrete | None]:
    """d cut into the masses below its band, in it and above it: the band is its quartiles
    widened by `margin` fine indices, rounded out to multiples of k."""
    if d.total == 0:
        return None, d, None
    q1, q3 = quartiles(d)
    low, high = (q1 - margin) // k * k, -((-(q3 + margin + 1)) // k) * k
    low, high = max(low, d.lo), min(high, d.hi + 1)
    poly = d.poly
    below = poly.truncate(low - d.lo)
    inner = poly.truncate(high - d.lo).right_shift(low - d.lo)
    above = poly.right_shift(high - d.lo)
    part = [None if below.is_zero() else Discrete(d.h, d.lo, below, 0, d.bits, d.upper),
            Discrete(d.h, low, inner, 0, d.bits, d.upper),
            None if above.is_zero() else Discrete(d.h, high, above, 0, d.bits, d.upper)]
    return part[0], part[1], part[2]


def _rounded(exact: fmpz_poly, bits: int, upper: bool) -> fmpz_poly:
    """Coefficients scaled by 2^(2·bits) back to 2^bits: rounded up (dominating) or down."""
    one = fmpz(1) << bits
    return -((-exact) // one) if upper else exact // one


def _empty(like: Discrete) -> Discrete:
    """No mass, on the grid of `like`."""
    return Discrete(like.h, 0, (0,), 0, like.bits, like.upper)


def _add(a: Discrete, b: Discrete) -> Discrete:
    """The sum of two discretisations on the same grid (the +∞ masses add)."""
    lo = min(a.lo, b.lo)
    poly = a.poly.left_shift(a.lo - lo) + b.poly.left_shift(b.lo - lo)
    return Discrete(a.h, lo, poly, a.inf + b.inf, a.bits, a.upper)
