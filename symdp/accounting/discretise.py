"""Dominating and dominated discretisations of a privacy profile on a loss grid of width h.

The privacy profile f(γ) = E_γ(P‖Q) of a pair is convex and nonincreasing on γ ≥ 0, with
f(0) = 1 and f(γ) ≥ (1 − γ)₊; conversely every such function is the profile of a pair, and a
pair whose privacy-loss atoms sit at losses a_j = j·h has a profile that is piecewise linear
in γ with kinks only at γ_j = e^{a_j}, the kink at γ_j dropping the slope by Q(Z = a_j) and the
P-mass of the atom being p_j = γ_j·Q(Z = a_j). Profiles order pairs in the Blackwell sense
(f ≤ g everywhere ⇔ (P, Q) is a post-processing of the pair of g; Dong–Roth–Su, *Gaussian
differential privacy*, Theorem 2.10, after Blackwell), and that order survives composition.

* **Pessimistic (connect-the-dots; Doroshenko–Ghazi–Kamath–Kumar–Manurangsi, PETS 2022).** The
  chords of f through (0, 1) and (γ_j, f(γ_j)) for j = m..n, then the constant f(γ_n): convexity
  puts every chord above f, so this pair dominates. Its atoms: a_m..a_n plus P-mass f(γ_n) at
  loss +∞ (the right tail sent to +∞) and a Q-only atom (loss −∞, no P-mass).
* **Optimistic (a dominated pair on the same grid).** The losses are cut into consecutive cells
  (t_j, t_{j+1}], each chosen so that its barycentre in the likelihood ratio u = e^{−Z} (under P:
  Q(cell)/P(cell)) is the grid point's e^{−a_j}, or just beyond it; collapsing every cell to
  its barycentre is a mean-preserving contraction of the law of u under P, i.e. a pair dominated
  by (P, Q), and moving an atom down to the grid point below only lowers δ. The cell masses come
  from the profile and its slope, P[Z > t] = f(e^t) − e^t f'(e^t) and Q[Z > t] = −f'(e^t), and a
  cut t_{j+1} is found by regula falsi on F(t) = Q(t_j, t] − e^{−a_j}P(t_j, t] (which rises
  until t = a_j and falls after), then certified with balls. The cells are built from the left
  or from the right, whichever leaves less mass unbalanced at the far end (a heavy edge of the
  loss's support, as in the subsampled pairs, must be where the walk starts).
  Like connect-the-dots, its error is O(h²) per step, where rounding losses down (privacy
  buckets) loses O(h).

Masses are enclosed in arb balls and turned into integers scaled by 2^bits, rounded up for the
pessimistic pair and down for the optimistic one. Only the P-masses are kept: δ of a composition
is Σ over loss tuples of Π p·(1 − e^{ε − Σ a})₊ (Steinke, Proposition 7 with Theorem 9), which
only grows when a mass grows or a loss moves up, so rounding up (down) keeps an upper (lower)
bound even though the rounded masses no longer sum to one.
"""

from __future__ import annotations

import functools
import math
from typing import Callable, Sequence

from flint import arb, fmpq, fmpz, fmpz_poly

from ..certificate import ensure
from ..errors import ParameterError, PrecisionError
from ..numbers import working_precision
from .profiles import Profile, Tails4, _Straddle

__all__ = ["Discrete", "discretise", "loss_window", "loss_range", "knot_indices"]


class Discrete:
    """P-masses on the losses (lo + i)·h, scaled by 2^bits: masses[i]/2^bits, and inf/2^bits at
    loss +∞. ``upper`` says whether the masses bound a dominating pair (rounded up) or a
    dominated one (rounded down). The masses live in one FLINT integer polynomial (``poly``,
    Σ masses[i] z^i) from product to product; the tuple of Python integers ``masses`` is made
    only when asked for (converting thousands of coefficients cost more than a product)."""

    __slots__ = ("h", "lo", "inf", "bits", "upper", "_poly", "_masses", "_total")

    def __init__(self, h: fmpq, lo: int, masses: "Sequence[int] | fmpz_poly", inf: int, bits: int, upper: bool):
        put = object.__setattr__  # (the class refuses attribute assignment: it is immutable)
        put(self, "h", h)
        put(self, "lo", lo)
        put(self, "inf", int(inf))
        put(self, "bits", bits)
        put(self, "upper", upper)
        if isinstance(masses, fmpz_poly):
            put(self, "_poly", masses)
            put(self, "_masses", None)
        else:
            put(self, "_poly", None)
            put(self, "_masses", tuple(int(c) for c in masses) or (0,))
        put(self, "_total", None)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a Discrete is immutable")

    @property
    def poly(self) -> fmpz_poly:
        if self._poly is None:
            object.__setattr__(self, "_poly", fmpz_poly(list(self._masses)))
        return self._poly

    @property
    def masses(self) -> tuple[int, ...]:
        if self._masses is None:
            object.__setattr__(self, "_masses", tuple(int(c) for c in self._poly.coeffs()) or (0,))
        return self._masses

    def __len__(self) -> int:
        """The number of grid points from lo to hi (the zero polynomial stands for one zero mass)."""
        return len(self._masses) if self._masses is not None else max(len(self._poly), 1)

    @property
    def total(self) -> int:
        """Σ masses (scaled), the finite P-mass."""
        if self._total is None:
            object.__setattr__(self, "_total", int(self.poly(1)) if self._masses is None else sum(self._masses))
        return self._total

    @property
    def hi(self) -> int:
        return self.lo + len(self) - 1

    def __repr__(self) -> str:
        return (f"Discrete(h={self.h}, lo={self.lo}, {len(self)} masses, inf={self.inf}, bits={self.bits}, "
                f"upper={self.upper})")

    def verified(self, what: str) -> "Discrete":
        """Itself, once its total P-mass is on its side of 1: a dominating pair keeps all of the
        mass (Σ masses + inf ≥ 2^bits: only rounding up and moves to higher losses or +∞ made
        it), a dominated one never creates any (Σ masses + inf ≤ 2^bits; its inf, rounded
        down, is the pair's own P-mass at +∞)."""
        check_total(self.total, self.inf, self.bits, self.upper, what)
        return self


def check_total(finite: int, inf: int, bits: int, upper: bool, what: str) -> None:
    """The invariant of :meth:`Discrete.verified` for finite masses summing to `finite` (scaled)."""
    total, one = int(finite) + inf, 1 << bits
    if upper:
        ensure(total >= one, f"the dominating {what} keeps all the P-mass (Σ masses + p_∞ ≥ 1)",
               missing=(one - total) / one)
    else:
        ensure(total <= one, f"the dominated {what} creates no P-mass (Σ masses + p_∞ ≤ 1)",
               excess=(total - one) / one, inf=inf)


def _ceil(x: arb, bits: int) -> int:
    """⌈upper(x)·2^bits⌉ clamped to [0, 2^bits]: the enclosed value is a mass in [0, 1].

    Compared before any conversion to a rational: an endpoint such as 2^(−10^12) (a tail mass of
    an extreme σ) would make FLINT allocate without bound or crash converting it."""
    top = fmpz(1) << bits
    if not x.is_finite():
        return int(top)
    y = (x.upper() * arb(top)).upper()
    if y >= top:
        return int(top)
    if y <= 1:
        return 1 if y > 0 else 0
    return int(y.fmpq().ceil())


def _floor(x: arb, bits: int) -> int:
    """⌊lower(x)·2^bits⌋ clamped to [0, 2^bits], compared before converting (see `_ceil`).
    The ends are taken at bits + 64 bits whatever the caller's precision (at the default 53
    bits the lower masses would keep 53 bits: valid, but loose)."""
    top = fmpz(1) << bits
    if not x.is_finite():
        return 0
    with working_precision(bits + 64):
        y = (x.lower() * arb(top)).lower()
    if not y >= 1:
        return 0
    if y >= top:
        return int(top)
    return int(y.fmpq().floor())


def _hockey(profile: Profile, gamma: arb, prec: int) -> arb:
    """The profile at γ, raising the precision while γ straddles a branch point."""
    p = prec
    for _ in range(6):
        with working_precision(p):
            try:
                return profile.hockey(+gamma)
            except _Straddle:
                p *= 2
    raise PrecisionError(f"cannot separate γ = {gamma} from a branch point of {profile!r}")


def _values(profile: Profile, h: fmpq, knots: list[int], bits: int,
            tick: Callable[[], None]) -> tuple[list[arb], list[arb], int]:
    """γ_j and f(γ_j) for the knots j at a precision where the second differences (masses of
    size ~h²·f'') are known to 2^−(bits+8); `tick` is called every 256 points (a time limit)."""
    need = bits + 2 * max(0, -math.floor(math.log2(float(h)))) + 16
    prec = need + 32
    for _ in range(4):
        with working_precision(prec):
            hb = arb(h)
            gammas = [(hb * j).exp() for j in knots]
            f = []
            for i, g in enumerate(gammas):
                if i % 256 == 0:
                    tick()
                f.append(_hockey(profile, g, prec))
        if all(v.is_finite() and v.rad() < arb(2) ** (-need) for v in f):
            return gammas, f, prec
        prec *= 2
    raise PrecisionError(f"the profile of {profile!r} could not be enclosed to 2^-{need} at {prec // 2} bits")


def discretise(profile: Profile, h: fmpq, m: int, n: int, bits: int, lump: float = 0.0,
               tick: Callable[[], None] = lambda: None, knots: list[int] | None = None,
               tilt: float = 0.0, lower: bool = True) -> tuple[Discrete, Discrete | None]:
    """The pessimistic and optimistic discretisations of `profile` on the losses m·h..n·h.

    Returns (upper, lower): `upper` dominates the pair (connect-the-dots with the right tail at
    +∞), `lower` is dominated by it (see the module docstring); both with masses scaled by 2^bits.
    Only the grid points in `knots` (rising from m to n; by default :func:`knot_indices` at `tilt`) carry
    atoms: chords through any points of a convex profile lie above it, and a cell may be
    balanced at any grid point, so the knots decide the width, never the validity.
    Tails of P-mass ≤ `lump` are not cut into cells in the lower one (moved down whole, or dropped).
    `tick` is called now and then (every 256 profile evaluations): it raises to stop a run.
    `lower` False: the dominating pair only (None in the dominated one's place).
    """
    if n - m < 3:
        raise ValueError("the window needs at least four grid points")
    knots = knot_indices(profile, h, m, n, tilt) if knots is None else list(knots)
    if knots[0] != m or knots[-1] != n or any(b <= a for a, b in zip(knots, knots[1:])):
        raise ValueError("the knots must rise strictly from m to n")
    gammas, f, prec = _values(profile, h, knots, bits, tick)
    with working_precision(prec):
        upper = _pessimistic(gammas, f, h, knots, bits)
    if not lower:
        return upper.verified("discretisation"), None
    low = _optimistic(profile, h, knots, bits, prec, lump, tick)
    return upper.verified("discretisation"), low.verified("discretisation")


#: Knot spacing in the tails: where the float model's tail mass beyond a grid point a, tilted
#: by e^{(λ·MARGIN + 1)·a} for a > 0, is below SPARSE·4^−k, the next knot may be 2^k grid points away (k ≤
#: MAX_DOUBLINGS). A chord or a cell 2^k·h wide errs by about its mass times (2^k·h)², so each
#: tail interval errs by at most about SPARSE·h², against about h² for the dense part. The tilt
#: λ is where the composed δ looks in each step's loss (:meth:`.estimate.Composed.tilt`): a
#: large ε of many steps is made of steps far out in their tails.
SPARSE, MARGIN, MAX_DOUBLINGS = 1e-3, 1.0, 12


def knot_indices(profile: Profile, h: fmpq, m: int, n: int, tilt: float = 0.0) -> list[int]:
    """The grid points (indices m..n) that carry atoms: every point where the profile's float
    model puts real mass, tilted by `tilt` (see SPARSE), geometrically fewer in its tails;
    every point when the profile has no float model. A heuristic only: any knots give valid
    pairs (:func:`discretise`)."""
    model = profile.float_tails
    if model(0.0) is None:
        return list(range(m, n + 1))
    step = float(h)
    start = min(max(0, m), n)
    knots = {m, n}
    rate = tilt * MARGIN + 1

    def spacing(mass: float, a: float) -> int:
        # below 0 the tilt e^{λa} < 1 would thin the knots: the mass alone decides there
        tilted = mass * math.exp(min(rate * max(a, 0.0), 700.0))
        if not tilted < SPARSE:
            return 1
        k = int(0.5 * math.log2(SPARSE / tilted)) if tilted > 0 else MAX_DOUBLINGS
        return 1 << min(k, MAX_DOUBLINGS)

    j = start
    while j < n:  # rightwards: the P-mass above a_j
        knots.add(j)
        j += spacing(model(j * step)[0], j * step)
    j = start
    while j > m:  # leftwards: the P-mass at or below a_j
        knots.add(j)
        j -= spacing(model(j * step)[2], j * step)
    return sorted(knots)


def _pessimistic(gammas: list[arb], f: list[arb], h: fmpq, knots: list[int], bits: int) -> Discrete:
    """Connect-the-dots: chords through (0, 1) and (γ_j, f_j) at the knots j, then flat at the
    last f_j; atoms at the knots only."""
    count = len(knots)
    slopes = [(f[0] - 1) / gammas[0]]
    slopes += [(f[k + 1] - f[k]) / (gammas[k + 1] - gammas[k]) for k in range(count - 1)] + [arb(0)]
    m = knots[0]
    masses = [0] * (knots[-1] - m + 1)
    for k, j in enumerate(knots):
        masses[j - m] = _ceil((slopes[k + 1] - slopes[k]) * gammas[k], bits)
    return Discrete(h, m, tuple(masses), _ceil(f[-1], bits), bits, True)


class _Tails:
    """P[Z > t] and Q[Z > t] of a profile at exact rational t (balls at `prec`)."""

    def __init__(self, profile: Profile, prec: int, tick: Callable[[], None]):
        self.profile, self.prec, self.tick = profile, prec, tick
        self.cache: dict[tuple[int, int], tuple[arb, arb]] = {}
        # the float model proposes cut points (see `_propose`); None when the profile has none
        self.model = profile.float_tails if profile.float_tails(0.0) is not None else None

    def atom(self, t: fmpq) -> tuple[arb, arb]:
        """(P[Z = t], Q[Z = t]): zero balls unless the profile has an atom exactly at t."""
        if type(self.profile).atom is Profile.atom:  # the base class's: no atoms anywhere
            return arb(0), arb(0)
        with working_precision(self.prec):
            found = self.profile.atom(t)
        return found if found is not None else (arb(0), arb(0))

    def __call__(self, t: fmpq) -> tuple[arb, arb]:
        key = (int(t.p), int(t.q))  # fmpq hashes through Fraction: slow
        if key not in self.cache:
            if len(self.cache) % 256 == 0:
                self.tick()
            p = self.prec
            for _ in range(6):
                with working_precision(p):
                    try:
                        p, q = self.profile.tails_at(t)
                        # the cells are made of the finite losses: the P-mass at +∞ is its own
                        self.cache[key] = (p - self.profile.inf_mass(), q) if self.profile.p_inf else (p, q)
                        break
                    except _Straddle:
                        p *= 2
            else:
                raise PrecisionError(f"cannot separate e^{t} from a branch point of {self.profile!r}")
        return self.cache[key]


def _optimistic(profile: Profile, h: fmpq, knots: list[int], bits: int, prec: int, lump: float,
                tick: Callable[[], None]) -> Discrete:
    """The dominated pair of the module docstring: cells balanced at the knots, built from
    either end; the walk with the smaller unbalanced remainder is kept."""
    tails = _Tails(profile, bits + 48, tick)  # cell masses are first differences: no h² loss
    tiny = arb(2) ** (-(bits + 16))
    with working_precision(bits + 48):
        infinite = profile.inf_mass()
    best = None
    walks = {"left": (_cells_rightwards,), "right": (_cells_leftwards,)}.get(
        profile.heavy_edge, (_cells_rightwards, _cells_leftwards))
    for walk in walks:
        with working_precision(prec):
            masses, rest = walk(tails, h, knots, tiny, arb(lump))
        if best is None or rest < best[1]:
            best = (masses, rest)
    m = knots[0]
    scaled = [0] * (knots[-1] - m + 1)
    for j, x in best[0].items():
        scaled[j - m] = _floor(x, bits)
    # the atom at +∞ is a cell of its own: it stays there (δ's floor at every ε)
    return Discrete(h, m, tuple(scaled), _floor(infinite, bits), bits, False)


def _snap(x: fmpq, h: fmpq) -> fmpq:
    """x rounded down to a multiple of h·2^−40: cells end at short exact rationals."""
    quantum = h / (1 << 40)
    return fmpq(int((x / quantum).floor()), 1) * quantum


def _snap_float(x: float, h: fmpq) -> fmpq:
    """A multiple of h·2^−40 at most one step below the double x (as :func:`_snap`, in
    integers, up to the rounding of x·2^40/h): any exact value near the proposal will do, the
    balls then check it."""
    scale = int(h.q) << 40
    return fmpq(math.floor(x * float(scale) / int(h.p)) * int(h.p), scale)


def _falsi(balance: Callable[[fmpq], arb], a: fmpq, b: fmpq, h: fmpq) -> fmpq:
    """Regula falsi (Illinois) between a (balance ≥ 0 expected) and b (balance < 0 certified),
    in either order: the returned point has balance < 0 certified and is within h·2^−10 of the
    root when the balls allow (an undecided ball stops the search at the last certified b)."""
    fa, fb = float(balance(a).mid()), float(balance(b).mid())
    side = 0
    for _ in range(30):
        if abs(b - a) <= h / (1 << 10):
            break
        x = a + (b - a) * fmpq(*(fa / (fa - fb)).as_integer_ratio()) if fa > 0 > fb else (a + b) / 2
        t = _snap(x, h)
        if not min(a, b) < t < max(a, b):
            t = _snap((a + b) / 2, h)
            if not min(a, b) < t < max(a, b):
                break
        ft = balance(t)
        if ft < 0:
            b, fb = t, float(ft.mid())
            if side == -1:
                fa /= 2  # an end kept twice has its value halved
            side = -1
        elif ft > 0:
            a, fa = t, float(ft.mid())
            if side == 1:
                fb /= 2
            side = 1
        else:
            break
    return b


def _cut_above(balance: Callable[[fmpq], arb], anchor: fmpq, guess: fmpq, limit: fmpq, h: fmpq) -> fmpq | None:
    """A cut t in (anchor, limit] with balance(t) < 0 certified, near the root; the balance is
    ≥ 0 at the anchor and the root is expected about `guess` above it. None if not found."""
    inside, t, step = anchor, _snap(anchor + guess * fmpq(97, 100), h), guess * fmpq(6, 100)
    while True:
        t = min(t, limit)
        if balance(t) < 0:
            return _falsi(balance, inside, t, h)
        if t == limit:
            return None
        inside, t, step = t, _snap(t + step, h), max(step * 4, h / 8)


def _cut_below(balance: Callable[[fmpq], arb], top: fmpq, guess: fmpq, limit: fmpq, h: fmpq) -> fmpq:
    """The lowest cut t in [limit, top] found with balance(t) < 0 certified, near the root below
    `top` (where the balance is certainly < 0), expected about `guess` below it."""
    best, t, step = top, _snap(top - guess * fmpq(103, 100), h), guess * fmpq(6, 100)
    while True:
        t = max(t, limit)
        if not balance(t) < 0:
            return _falsi(balance, t, best, h)
        if t == limit:
            return t
        best, t, step = t, _snap(t - step, h), max(step * 4, h / 8)


#: A float root of a cell's balance is moved up by h·2^−k for k in turn before the balls
#: decide: well inside the certified search's own tolerance (h·2^−10), so a proposal that
#: passes is at least as tight as a searched cut; one that fails both leaves it to the search.
_MARGINS = (20, 12)


def _propose(tails: _Tails, balance: Callable[[fmpq], arb], s: fmpq | None, aj: fmpq, guess: fmpq,
             limit: fmpq, h: fmpq, rightwards: bool) -> fmpq | None:
    """A cut for the cell of a_j from the profile's float model, certified by one ball: the
    cell is (s, t] (rightwards; a cut in (a_j, limit]) or (t, s] (leftwards, s = None for +∞;
    a cut in [limit, a_j)), and the cut is returned only when balance(cut) < 0 is certified —
    the one property the cell needs (module docstring). The float root only chooses where to
    look. None when there is no float model, the model sees no mass to balance, or no proposal
    passes: the caller then runs the certified search."""
    if tails.model is None:
        return None
    step, near, far = float(h), float(aj), float(limit)
    root = _float_root(tails.model, math.inf if s is None else float(s), near, float(guess), far, rightwards, step)
    if root is None:
        return None
    room = (far if rightwards else near) - root  # a leftwards root may lie just below a_j
    for k in _MARGINS:
        t = _snap_float(root + min(step * 2.0 ** -k, room / 2), h)
        inside = aj < t <= limit if rightwards else limit <= t < aj
        if inside and balance(t) < 0:
            return t
    return None


def _float_root(model: Callable[[float], Tails4], s: float, aj: float, step: float, limit: float,
                rightwards: bool, h: float) -> float | None:
    """The root of F(t) = Q(cell) − e^{−a_j} P(cell) in doubles (cell (s, t] or (t, s]): F is
    > 0 at a_j rightwards (< 0 leftwards, the cell then holding mass above a_j) and changes
    sign once moving away from a_j. A sliver takes the mirror point, a cell the secant steps of
    :func:`_mirror_secant`; when those fail the sign change is bracketed by doubling steps and
    narrowed by :func:`_illinois`. None when the cell holds no mass in the model or no sign
    change is found before the limit."""
    fixed, u = model(s), math.exp(-aj)

    def cell(t: float) -> tuple[float, float]:
        return _float_mass(fixed, model(t)) if rightwards else _float_mass(model(t), fixed)

    def f(t: float) -> float:
        p, q = cell(t)
        return q - u * p
    if 0 < abs(s - aj) < h / 256:
        # Doubles cannot resolve a cell of which only a sliver of width w lies on the near side
        # of a_j; to second order in w its balance is ∝ w² − (t − a_j)², so the root is a_j's
        # mirror image of s (a cut there is then checked like any other).
        return 2 * aj - s
    p_near, q_near = cell(aj)
    near = q_near - u * p_near
    if not p_near > 0 or not (near > 0 if rightwards else near < 0):
        return None
    direction = 1.0 if rightwards else -1.0
    root = _mirror_secant(f, aj, abs(s - aj) if math.isfinite(s) else step, direction, limit, h * 2.0 ** -26)
    if root is not None:
        return root
    inside, f_inside = aj, near
    while True:
        t = inside + direction * step
        if (t - limit) * direction >= 0:
            t = limit
        f_t = f(t)
        if (f_t > 0) != (near > 0):
            return _illinois(f, inside, f_inside, t, f_t, h * 2.0 ** -32)
        if t == limit:
            return None
        inside, f_inside, step = t, f_t, step * 2


def _mirror_secant(f: Callable[[float], float], aj: float, width: float, direction: float, limit: float,
                   xtol: float) -> float | None:
    """Secant steps in y = (t − a_j)², in which the balance is linear to second order (it is
    c·(w² − y) for a cell reaching a distance w to the near side of a_j), started at the mirror
    point y = w²: a few evaluations instead of a bracketing search. None when a step leaves
    (a_j, limit] or 8 steps do not settle to xtol."""
    def g(y: float) -> float:
        return f(aj + direction * math.sqrt(y))
    y0, y1 = width * width, width * width * 1.02
    g0, g1 = g(y0), g(y1)
    for _ in range(8):
        if g1 == g0:
            return None
        y2 = y1 - g1 * (y1 - y0) / (g1 - g0)
        if not y2 > 0 or (aj + direction * math.sqrt(y2) - limit) * direction > 0:
            return None
        if abs(math.sqrt(y2) - math.sqrt(y1)) <= xtol:
            return aj + direction * math.sqrt(y2)
        y0, g0, y1, g1 = y1, g1, y2, g(y2)
    return None


def _illinois(f: Callable[[float], float], a: float, fa: float, b: float, fb: float, xtol: float) -> float:
    """Regula falsi with the Illinois modification in doubles, from a bracket with f(a), f(b)
    of opposite signs (or zero) to one of width ≤ xtol (or 60 steps): the point returned is
    the end on b's side of the root (f(b) < 0 in every use here)."""
    side = 0
    for _ in range(60):
        if abs(b - a) <= xtol or fa == fb:
            break
        x = b - fb * (b - a) / (fb - fa)
        if not min(a, b) < x < max(a, b):
            x = (a + b) / 2
        fx = f(x)
        if (fx > 0) == (fb > 0):
            b, fb = x, fx
            if side == -1:
                fa /= 2
            side = -1
        else:
            a, fa = x, fx
            if side == 1:
                fb /= 2
            side = 1
    return b


def _float_mass(low: Tails4, high: Tails4) -> tuple[float, float]:
    """(P(a, b], Q(a, b]) from the float tails at a < b, differencing the smaller of the two
    tails (upper or lower), so that a cell's mass keeps its relative accuracy."""
    p = low[0] - high[0] if low[0] < 0.5 else high[2] - low[2]
    q = low[1] - high[1] if low[1] < 0.5 else high[3] - low[3]
    return p, q


def _cells_rightwards(tails: _Tails, h: fmpq, knots: list[int], tiny: arb, lump: arb) -> tuple[dict[int, arb], arb]:
    """Cells from the left, balanced at the knots a_j (masses by grid index): the cell of a_j
    starts where the previous one ended (first at a_{m−1}; the mass below is dropped) and ends at
    the cut t > a_j balancing it, however far; knots the previous cell covered get no cell. When
    what is left above the cut s has P-mass ≤ `lump` (or cannot be balanced), it goes to the
    grid point ⌊s/h⌋·h (its barycentre lies above s)."""
    m, n = knots[0], knots[-1]
    masses: dict[int, arb] = {}
    rest = arb(0)
    total = 1 - tails.profile.inf_mass()  # the finite losses' P-mass
    s = h * (m - 1)
    ps, qs = tails(s)
    rest += total - ps
    far = h * (n + 1)
    for j in knots:
        aj = h * j
        if s >= aj:  # covered by the previous cell
            continue
        cut = None
        if j < n and not ps <= lump:
            atom_p, atom_q = tails.atom(aj)
            if atom_p > 0:  # an atom exactly at a_j is a cell of its own, at its grid point
                masses[j] = masses.get(j, arb(0)) + atom_p.lower()
                ps, qs = ps - atom_p, qs - atom_q
            u = (-arb(aj)).exp()

            def balance(t: fmpq) -> arb:
                pt, qt = tails(t)
                return (qs - qt) - u * (ps - pt)
            guess = max(aj - s, h / 4)
            cut = _propose(tails, balance, s, aj, guess, far, h, True)
            if cut is None:
                pa, qa = tails(aj)
                if not ps - pa > tiny:  # nothing below a_j to balance: the cell is empty
                    rest += (ps - pa).nonnegative_part()  # the negligible mass in (s, a_j) is dropped
                    s, ps, qs = aj, pa, qa
                    continue
                cut = _cut_above(balance, aj, guess, far, h)
        if cut is None:
            # The rest (s, ∞) is the last cell. Its barycentre is at or beyond a_j when
            # Q(Z > s) − e^{−a_j} P(Z > s) ≤ 0, using also Q(Z > s) ≤ 1 − e^{−s} P(Z ≤ s) (on
            # Z ≤ s, dQ = e^{−Z} dP ≥ e^{−s} dP; P(Z ≤ s) = the finite mass − P(s < Z < ∞)),
            # which decides the case where the whole law's
            # barycentre, E_P[e^{−Z}] = Q(P > 0) ≤ 1, sits at a_j = 0; else it lies above s,
            # so at or above the grid point ⌊s/h⌋·h.
            bound = (1 - (-arb(s)).exp() * (total - ps).nonnegative_part()).min(qs)
            if bound - (-arb(aj)).exp() * ps <= 0:
                masses[j] = masses.get(j, arb(0)) + ps.lower()
            else:
                below = int((s / h).floor())
                if below >= m:
                    masses[below] = masses.get(below, arb(0)) + ps.lower()
                rest += ps
            return masses, rest.upper()
        pc, qc = tails(cut)
        masses[j] = masses.get(j, arb(0)) + (ps - pc).lower()
        s, ps, qs = cut, pc, qc
    if not ps <= 0:
        masses[n] = masses.get(n, arb(0)) + ps.lower()  # above the last cut, which is ≥ a_n
    return masses, rest.upper()


def _cells_leftwards(tails: _Tails, h: fmpq, knots: list[int], tiny: arb, lump: arb) -> tuple[dict[int, arb], arb]:
    """Cells from the right, balanced at the knots (masses by grid index): the cell of a_n is
    (t_n, ∞], the cell of a_j is (t_j, t_{j+1}] with the cut t_j < a_j balancing it, however far;
    a cell with (almost) no mass above a_j is empty, knots the previous cell covered get none,
    and what lies below the last cut (or below a cut once the mass there is ≤ `lump`) is dropped."""
    m, n = knots[0], knots[-1]
    masses: dict[int, arb] = {}
    rest = arb(0)
    total = 1 - tails.profile.inf_mass()  # the finite losses' P-mass (the tails count only those)
    # (ps, qs): the P- and Q-mass placed so far, P[Z > s] and Q[Z > s] plus the atom at s when
    # s = a_j and that atom was placed at its grid point (s = +∞ first: the cell (t, ∞] includes Z = ∞)
    ps, qs = arb(0), arb(0)
    s = h * (n + 1)  # stands for +∞: above every grid point
    bottom = h * (m - 1)
    for j in reversed(knots):
        aj = h * j
        if aj >= s:  # covered by the previous cell
            continue
        if total - ps <= lump:
            break
        u = (-arb(aj)).exp()
        atom_p, atom_q = tails.atom(aj)
        if atom_p > 0:  # an atom exactly at a_j is a cell of its own, at its grid point
            masses[j] = masses.get(j, arb(0)) + atom_p.lower()

        def balance(t: fmpq) -> arb:
            # The atom at a_j is not part of the cell, but its share Q − e^{−a_j}P is 0: no correction.
            pt, qt = tails(t)
            return (qt - qs) - u * (pt - ps)
        guess = max(s - aj if j < n else h / 2, h / 4)
        cut = _propose(tails, balance, s if j < n else None, aj, guess, bottom, h, False)
        if cut is None:
            pa, qa = tails(aj)
            if not (pa - ps > tiny and balance(aj) < 0):
                rest += (pa - ps).nonnegative_part()  # negligible or undecided mass in (a_j, s]: dropped
                ps, qs, s = pa + atom_p, qa + atom_q, aj  # the atom at a_j is placed already
                continue
            cut = _cut_below(balance, aj, guess, bottom, h)
        pc, qc = tails(cut)
        if cut == aj:  # the cell is (a_j, s]: the atom at a_j, placed above, is not in P[Z > a_j]
            pc, qc = pc + atom_p, qc + atom_q
        masses[j] = masses.get(j, arb(0)) + (pc - ps - atom_p).lower()  # what the cell adds, less the atom
        ps, qs, s = pc, qc, cut
    rest += total - ps
    return masses, rest.upper()


def loss_window(profile: Profile, tau: float, h: fmpq) -> tuple[int, int]:
    """Grid indices (m, n) outside which the pair's privacy loss carries little mass (see
    :func:`loss_range`), with two grid points to spare on each side."""
    lo, hi = loss_range(profile, tau)
    step = float(h)
    m, n = math.floor(lo / step) - 2, math.ceil(hi / step) + 2
    if n - m < 8:
        m, n = m - 4, n + 4
    return m, n


@functools.lru_cache(maxsize=1024)
def loss_range(profile: Profile, tau: float, cap: float = 4096.0) -> tuple[float, float]:
    """Losses (lo, hi) outside which the pair's privacy loss carries little mass:
    f(e^hi) − p_∞ ≤ τ on the right and f(e^lo) − (1 − e^lo) = e^lo·E_{e^{−lo}}(Q‖P) ≤ τ on the
    left. A heuristic choice (the float model's tails, else 53-bit midpoints of balls): the
    bounds are rigorous for any window. A loss with finitely many values has its own range."""
    support = profile.support()
    if support is not None:
        return min(support[0], 0.0), max(support[1], 0.0)
    if profile.float_tails(0.0) is not None:
        model = profile.float_tails

        def right_float(t: float) -> float:  # P[Z > t] − e^t Q[Z > t], in logs: e^t overflows past t = 709
            p, q, _, _ = model(t)
            return p - math.exp(t + math.log(q)) if q > 0 else p

        def left_float(t: float) -> float:  # e^t Q[Z ≤ t] − P[Z ≤ t]
            _, _, p, q = model(t)
            return math.exp(t) * q - p
        return _edge(left_float, tau, -1.0, cap, profile), _edge(right_float, tau, 1.0, cap, profile)
    with working_precision(128):
        def right(t: float) -> float:
            return float(_hockey(profile, arb(t).exp(), 128).mid()) - profile.p_inf

        def left(t: float) -> float:
            gam = arb(t).exp()
            return float((_hockey(profile, gam, 128) - (1 - gam)).mid())

        return _edge(left, tau, -1.0, cap, profile), _edge(right, tau, 1.0, cap, profile)


def _edge(fn, tau: float, direction: float, cap: float, profile: Profile) -> float:
    """The point t (moving from 0 in `direction`) where the decreasing-in-|t| fn drops to τ."""
    inner, outer = 0.0, direction / 16
    while fn(outer) > tau:
        inner, outer = outer, outer * 2
        if abs(outer) > cap:
            raise ParameterError(
                f"pair: the privacy loss of {profile!r} has mass above {tau:.1g} beyond |loss| = {cap:g}, the widest "
                f"window the accountant discretises; it supports pairs whose loss stays within ±{cap:g} "
                f"(a Gaussian with sensitivity/sigma at most 80, a Laplace with eps at most {cap:g})")
    for _ in range(60):
        mid = (inner + outer) / 2
        if fn(mid) > tau:
            inner = mid
        else:
            outer = mid
    return outer
