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
* **Optimistic (a dominated pair on the same grid).** The mass of each cell (a_j, a_{j+1}] is
  collapsed to its barycentre in the likelihood ratio u = e^{−Z} (P-mass P_j, Q-mass Q_j, so
  u = Q_j/P_j), a mean-preserving contraction; then neighbouring barycentres, which lie on both
  sides of the grid point between them, give up the parts whose common barycentre is that grid
  point (a further contraction). Walking the cells from one end, each merge uses what the
  previous one left; a remainder that cannot be balanced is moved down to its cell's left end,
  which only lowers δ. The cell masses come from the profile and its slope,
  P[Z > a] = f(γ) − γ f'(γ⁺) and Q[Z > a] = −f'(γ⁺) at γ = e^a. Both constructions are
  O(h²)-accurate per step, where rounding losses down (privacy buckets) loses O(h).

Masses are enclosed in arb balls and turned into integers scaled by 2^bits, rounded up for the
pessimistic pair and down for the optimistic one. Only the P-masses are kept: δ of a composition
is Σ over loss tuples of Π p·(1 − e^{ε − Σ a})₊ (Steinke, Proposition 7 with Theorem 9), which
only grows when a mass grows or a loss moves up, so rounding up (down) keeps an upper (lower)
bound even though the rounded masses no longer sum to one.
"""

from __future__ import annotations

from dataclasses import dataclass
import math

from flint import arb, fmpq, fmpz

from ..errors import PrecisionError
from ..numbers import working_precision
from .profiles import Profile, _Straddle

__all__ = ["Discrete", "discretise", "loss_window"]


@dataclass(frozen=True)
class Discrete:
    """P-masses on the losses (lo + i)·h, scaled by 2^bits: masses[i]/2^bits, and inf/2^bits at
    loss +∞. ``upper`` says whether the masses bound a dominating pair (rounded up) or a
    dominated one (rounded down)."""

    h: fmpq
    lo: int
    masses: tuple[int, ...]
    inf: int
    bits: int
    upper: bool

    @property
    def hi(self) -> int:
        return self.lo + len(self.masses) - 1


def _ceil(x: arb, bits: int) -> int:
    """⌈upper(x)·2^bits⌉, at least 0 (the enclosed value is a nonnegative mass)."""
    v = x.upper().fmpq() * (fmpz(1) << bits)
    return max(0, int(v.ceil()))


def _floor(x: arb, bits: int) -> int:
    """⌊lower(x)·2^bits⌋, at least 0."""
    v = x.lower().fmpq() * (fmpz(1) << bits)
    return max(0, int(v.floor()))


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


def _slope(profile: Profile, gamma: arb, prec: int) -> arb:
    p = prec
    for _ in range(6):
        with working_precision(p):
            try:
                return profile.slope(+gamma)
            except _Straddle:
                p *= 2
    raise PrecisionError(f"cannot separate γ = {gamma} from a branch point of {profile!r}")


def _values(profile: Profile, h: fmpq, m: int, n: int, bits: int) -> tuple[list[arb], list[arb], int]:
    """γ_j and f(γ_j) for j = m−1..n+1 at a precision where the second differences (masses of
    size ~h²·f'') are known to 2^−(bits+8)."""
    need = bits + 2 * max(0, -math.floor(math.log2(float(h)))) + 16
    prec = need + 32
    for _ in range(4):
        with working_precision(prec):
            hb = arb(h)
            gammas = [(hb * j).exp() for j in range(m - 1, n + 2)]
            f = [_hockey(profile, g, prec) for g in gammas]
        if all(v.is_finite() and v.rad() < arb(2) ** (-need) for v in f):
            return gammas, f, prec
        prec *= 2
    raise PrecisionError(f"the profile of {profile!r} could not be enclosed to 2^-{need} at {prec // 2} bits")


def discretise(profile: Profile, h: fmpq, m: int, n: int, bits: int) -> tuple[Discrete, Discrete]:
    """The pessimistic and optimistic discretisations of `profile` on the losses m·h..n·h.

    Returns (upper, lower): `upper` dominates the pair (connect-the-dots with the right tail at
    +∞), `lower` is dominated by it (see the module docstring); both with masses scaled by 2^bits.
    """
    if n - m < 3:
        raise ValueError("the window needs at least four grid points")
    gammas, f, prec = _values(profile, h, m, n, bits)
    with working_precision(prec):
        d = [_slope(profile, gm, prec) for gm in gammas[1:-1]]
        return _pessimistic(gammas, f, h, m, n, bits), _optimistic(gammas, f, d, h, m, n, bits)


def _chord_slopes(gammas: list[arb], f: list[arb]) -> list[arb]:
    """s[k] = slope of f on [γ_{k}, γ_{k+1}] (indices relative to m − 1)."""
    return [(f[k + 1] - f[k]) / (gammas[k + 1] - gammas[k]) for k in range(len(f) - 1)]


def _pessimistic(gammas: list[arb], f: list[arb], h: fmpq, m: int, n: int, bits: int) -> Discrete:
    """Connect-the-dots: chords through (0, 1), (γ_m, f_m), …, (γ_n, f_n), then flat at f_n."""
    g, v = gammas[1:-1], f[1:-1]  # j = m..n
    count = n - m + 1
    slopes = [(v[0] - 1) / g[0]] + [(v[k + 1] - v[k]) / (g[k + 1] - g[k]) for k in range(count - 1)] + [arb(0)]
    masses = tuple(_ceil((slopes[k + 1] - slopes[k]) * g[k], bits) for k in range(count))
    return Discrete(h, m, masses, _ceil(v[-1], bits), bits, True)


def _cells(gammas: list[arb], f: list[arb], d: list[arb]) -> list[tuple[arb, arb]]:
    """(P, Q) masses of the cells (a_j, a_{j+1}] for j = m..n−1, then of (a_n, ∞]."""
    above_p = [fj - gj * dj for gj, fj, dj in zip(gammas, f, d)]  # P[Z > a_j]
    above_q = [-dj for dj in d]  # Q[Z > a_j]
    cells = [((above_p[k] - above_p[k + 1]).nonnegative_part(), (above_q[k] - above_q[k + 1]).nonnegative_part())
             for k in range(len(d) - 1)]
    return cells + [(above_p[-1].nonnegative_part(), above_q[-1].nonnegative_part())]


def _optimistic(gammas: list[arb], f: list[arb], d: list[arb], h: fmpq, m: int, n: int, bits: int) -> Discrete:
    """The dominated pair of the module docstring. Merging is free of remainders while the cell
    masses grow in the walking direction, so the cells left of a meeting point are walked
    rightwards and those right of it leftwards (from both tails towards the mode); the meeting
    point is the one with the least remainder."""
    g, v = gammas[1:-1], f[1:-1]  # j = m..n
    cells = _cells(g, v, d)
    tiny = arb(2) ** (-(bits + 16))
    ratios = [_ratio(c, tiny) for c in cells]
    right = _walk(cells, ratios, g, rightwards=True)
    left = _walk(cells, ratios, g, rightwards=False)
    count = len(cells)

    def meeting(k: int) -> tuple[list[tuple[int, arb]], arb]:
        """Merge the rightward offer of cell k−1 with the leftward offer of cell k at grid k."""
        (r_offer, u_prev), (l_offer, u_next) = right.state[k], left.state[k]
        if k == 0 or k == count or u_prev is None or u_next is None or r_offer == 0 or l_offer == 0:
            events = ([(k - 1, r_offer)] if k > 0 else []) + ([(min(k, count - 1), l_offer)] if k < count else [])
            return events, r_offer + l_offer
        above, below = u_prev - 1 / g[k], 1 / g[k] - u_next
        if not (above > 0 and below > 0):
            return [(k - 1, r_offer), (k, l_offer)], r_offer + l_offer
        need = (r_offer * above / below).upper()
        if need <= l_offer:  # all of the right offer; the rest of cell k moves down to grid k too
            return [(k, r_offer + l_offer)], l_offer - need
        used = (l_offer * below / above).lower().min(r_offer)
        return [(k, used + l_offer), (k - 1, r_offer - used)], r_offer - used

    def score(k: int) -> float:
        return float((right.rest[k] + left.rest[k] + meeting(k)[1]).mid())

    best = min(range(count + 1), key=score)
    masses = [arb(0)] * count
    events = [e for step in right.events[:best] for e in step] + [e for step in left.events[best:] for e in step]
    for index, amount in events + meeting(best)[0]:
        masses[index] += amount
    return Discrete(h, m, tuple(_floor(x, bits) for x in masses), 0, bits, False)


def _ratio(cell: tuple[arb, arb], tiny: arb) -> arb | None:
    """The barycentre Q/P of a cell in likelihood-ratio space, or None for a negligible cell."""
    p, q = cell
    return None if not p.lower() > tiny else q / p.lower().union(p.upper())


@dataclass
class _Walk:
    """One merging walk. ``events[k]``: (grid index, P-mass) placed while processing cell k;
    ``state[j]``: (offer, barycentre) travelling to grid j from the walked side (for a rightward
    walk, after cells < j; for a leftward one, after cells ≥ j); ``rest[j]``: the remainders so
    far (moved down up to one grid step), the meeting point's cost."""

    events: list
    state: list
    rest: list


def _walk(cells: list[tuple[arb, arb]], ratios: list, g: list[arb], rightwards: bool) -> _Walk:
    """Cell k spans grid k to k+1 (the last one is the tail above grid n). Walking rightwards,
    cell k−1 offers R to grid k and cell k answers with L ≥ R(u_{k−1} − u_g)/(u_g − u_k), so the
    merged barycentre lies at or beyond the grid point (u_g = 1/γ_k); walking leftwards, cell k
    offers L to grid k and cell k−1 answers with R ≤ L(u_g − u_k)/(u_{k−1} − u_g). What cannot
    be balanced stays in its cell and moves down to the cell's left end."""
    count = len(cells)
    events: list = [[] for _ in range(count)]
    state: list = [None] * (count + 1)
    rest: list = [arb(0)] * (count + 1)
    offer, u_from, total = arb(0), None, arb(0)
    order = range(count) if rightwards else range(count - 1, -1, -1)
    if rightwards:
        state[0] = (arb(0), None)
    else:
        state[count] = (arb(0), None)
    for k in order:
        u, avail, out = ratios[k], cells[k][0].lower(), events[k]
        origin = k - 1 if rightwards else k + 1  # the cell the offer came from
        home = origin if rightwards else min(origin, count - 1)  # its left end
        grid = k if rightwards else k + 1
        if u is None or u_from is None or offer == 0:
            if not offer == 0:
                out.append((home, offer))
                total += offer
            offer, u_from = (avail, u) if u is not None else (arb(0), None)
        else:
            ug = 1 / g[grid]
            above, below = (u_from - ug, ug - u) if rightwards else (u - ug, ug - u_from)
            if not (above > 0 and below > 0):
                out.append((home, offer))
                total += offer
                offer, u_from = avail, u
            elif rightwards:
                need = (offer * above / below).upper()
                if need <= avail:
                    out.append((grid, offer + need))
                    offer, u_from = (avail - need).lower(), u
                else:
                    used = (avail * below / above).lower().min(offer)
                    out += [(grid, used + avail), (home, offer - used)]
                    total += offer - used
                    offer, u_from = arb(0), None
            else:
                give = (offer * below / above).lower()
                if give <= avail:
                    out.append((grid, offer + give))
                    offer, u_from = (avail - give).lower(), u
                else:
                    used = (avail * above / below).upper().min(offer)
                    out += [(grid, used + avail), (home, offer - used)]
                    total += offer - used
                    offer, u_from = arb(0), None
        after = k + 1 if rightwards else k
        state[after] = (offer, u_from)
        rest[after] = total.upper()
    return _Walk(events, state, rest)


def loss_window(profile: Profile, tau: float, h: fmpq, cap: float = 4096.0) -> tuple[int, int]:
    """Grid indices (m, n) outside which the pair's privacy loss carries little mass:
    f(e^{n h}) ≤ τ on the right and f(e^{m h}) − (1 − e^{m h}) = e^{mh}·E_{e^{−mh}}(Q‖P) ≤ τ on the
    left. A heuristic choice (53-bit midpoints): the bounds are rigorous for any window."""
    with working_precision(128):
        def right(t: float) -> float:
            return float(_hockey(profile, arb(t).exp(), 128).mid())

        def left(t: float) -> float:
            gam = arb(t).exp()
            return float((_hockey(profile, gam, 128) - (1 - gam)).mid())

        hi = _edge(right, tau, 1.0, cap)
        lo = _edge(left, tau, -1.0, cap)
    step = float(h)
    m, n = math.floor(lo / step) - 2, math.ceil(hi / step) + 2
    if n - m < 8:
        m, n = m - 4, n + 4
    return m, n


def _edge(fn, tau: float, direction: float, cap: float) -> float:
    """The point t (moving from 0 in `direction`) where the decreasing-in-|t| fn drops to τ."""
    inner, outer = 0.0, direction / 16
    while fn(outer) > tau:
        inner, outer = outer, outer * 2
        if abs(outer) > cap:
            raise PrecisionError(f"the privacy loss has mass beyond |loss| = {cap}: no finite window")
    for _ in range(60):
        mid = (inner + outer) / 2
        if fn(mid) > tau:
            inner = mid
        else:
            outer = mid
    return outer
