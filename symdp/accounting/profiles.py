"""Privacy profiles γ ↦ E_γ(P‖Q) as arb kernels: the input of the certified accountant.

The hockey-stick divergence E_γ(P‖Q) = sup_S P(S) − γQ(S) of one direction of a pair, as a
function of γ ≥ 0, determines the privacy-loss distribution of that direction (Steinke,
*Composition of DP & privacy amplification by subsampling*, Proposition 7; its right slope at γ
is −Q[Z > log γ]). Every profile here encloses E_γ in an arb ball at the caller's working
precision for a ball γ > 0, by a closed form:

* Gaussian N(μ, 1) against N(0, 1): Φ(μ/2 − log γ/μ) − γ Φ(−μ/2 − log γ/μ) (Steinke, Corollary 8);
* Laplace with privacy parameter ε₀: 1 − √(γ e^{−ε₀}) on [e^{−ε₀}, e^{ε₀}], 1 − γ below, 0 above;
* Poisson subsampling at rate q, add/remove relation (Steinke, Theorem 29's pair and its reverse):
  E_γ((1−q)Q + qP ‖ Q) = q E_{(γ−1+q)/q}(P‖Q) for γ > 1 − q, and 1 − γ below;
  E_γ(Q ‖ (1−q)Q + qP) = c E_{γq/c}(Q‖P) with c = 1 − γ(1−q) > 0, and 0 otherwise
  (see :mod:`symdp.central.subsampling` for the pointwise identity behind both);
* finite pairs: Σ_i (p_i − γ q_i)₊.
"""

from __future__ import annotations

import functools
import math
from abc import ABC, abstractmethod
from typing import Sequence

import sympy
from flint import arb, ctx, fmpq

from ..errors import UnsupportedError
from ..numbers import arb_of, sign

__all__ = ["Profile", "GaussianProfile", "LaplaceProfile", "SubsampledProfile", "FiniteProfile",
           "profile_of"]


def _const(value: sympy.Expr) -> arb:
    """A parameter as a ball at the current precision (exact rationals stay exact)."""
    exact = _rational(value)
    return arb(exact) if exact is not None else arb_of(value, ctx.prec)


@functools.lru_cache(maxsize=64)
def _rational(value: sympy.Expr) -> fmpq | None:
    """The parameter as an fmpq when it is rational (cached: the kernels ask for it at every
    evaluation, and converting a sympy number costs more than the arithmetic)."""
    return fmpq(int(value.p), int(value.q)) if value.is_Rational else None


@functools.lru_cache(maxsize=16)
def _sqrt2(prec: int) -> arb:
    """√2 at `prec` bits, computed once per precision."""
    with ctx.workprec(prec):
        return arb(2).sqrt()


#: (P[Z > t], Q[Z > t], P[Z ≤ t], Q[Z ≤ t]) as doubles: see :meth:`Profile.float_tails`.
Tails4 = tuple[float, float, float, float]


_SQRT_HALF = math.sqrt(0.5)


def _phi_float(x: float) -> tuple[float, float]:
    """(Φ(x), Φ(−x)) in doubles: the smaller from erfc (a few ulps in relative terms, also deep
    in the tail), the larger as 1 minus it (no cancellation: it is ≥ 1/2)."""
    small = 0.5 * math.erfc(abs(x) * _SQRT_HALF)
    return (small, 1 - small) if x < 0 else (1 - small, small)


def _phi(x: arb) -> arb:
    """Φ(x) = erfc(−x/√2)/2, without the 1 − erf cancellation."""
    return (-x / _sqrt2(ctx.prec)).erfc() / 2


class Profile(ABC):
    """E_γ(P‖Q) of one direction of a pair. Profiles with the same parameters are equal (and
    hash alike), so that caches keyed on them (a step's discretisation, its float law) serve
    every equal step of a run and of later runs."""

    #: True when the reverse direction has the same profile (E_γ(Q‖P) = E_γ(P‖Q)).
    symmetric = False

    @abstractmethod
    def key(self) -> tuple:
        """The parameters that determine the profile (with the class, its identity)."""

    def __eq__(self, other: object) -> bool:
        return type(self) is type(other) and self.key() == other.key()

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.key()))

    @abstractmethod
    def hockey(self, gamma: arb) -> arb:
        """A ball containing E_γ(P‖Q) for every γ > 0 in the ball `gamma` (current precision)."""

    @abstractmethod
    def slope(self, gamma: arb) -> arb:
        """A ball containing both one-sided derivatives of E_γ(P‖Q) at every γ > 0 in `gamma`:
        f'(γ) = −Q[Z > log γ] (−Q[Z ≥ log γ] from the left)."""

    @abstractmethod
    def reverse(self) -> "Profile":
        """The profile of (Q, P)."""

    def tails(self, gamma: arb) -> tuple[arb, arb]:
        """Balls containing P[Z > log γ] = f(γ) − γ f'(γ⁺) and Q[Z > log γ] = −f'(γ⁺)."""
        d = self.slope(gamma)
        return self.hockey(gamma) - gamma * d, -d

    def tails_at(self, t: fmpq) -> tuple[arb, arb]:
        """P[Z > t] and Q[Z > t] at an exact rational loss t (profiles with atoms decide
        whether an atom sits exactly at t here)."""
        return self.tails(arb(t).exp())

    def atom(self, t: fmpq) -> tuple[arb, arb] | None:
        """(P[Z = t], Q[Z = t]) when the privacy loss has an atom exactly at the rational t,
        else None (continuous losses never have one)."""
        return None

    def float_tails(self, t: float) -> Tails4 | None:
        """(P[Z > t], Q[Z > t], P[Z ≤ t], Q[Z ≤ t]) in double precision, or None when the
        profile has no float model. Never a bound: only a proposal that balls then certify
        (the dominated discretisation's cut points); both tails are kept so that a cell's mass
        is a difference of small numbers, not of two numbers near 1."""
        return None

    #: P-mass at loss +∞ (outcomes of Q-mass 0), as a float: only the estimates read it.
    p_inf: float = 0.0

    def inf_mass(self) -> arb:
        """A ball containing the P-mass at loss +∞ (outcomes of Q-mass 0; current precision):
        E_γ tends to it as γ → ∞, and it is δ's floor at every ε."""
        return arb(0)

    def support(self) -> tuple[float, float] | None:
        """(least, greatest) finite loss when the loss takes finitely many values (the window
        is then known exactly), else None."""
        return None

    #: Where the privacy loss piles up against a bound of its support ("left", "right" or
    #: None): the dominated discretisation starts its walk there.
    heavy_edge: str | None = None

    def directions(self) -> tuple["Profile", ...]:
        """The directions whose maximum is the pair's δ(ε): one when symmetric, else two."""
        return (self,) if self.symmetric else (self, self.reverse())


class GaussianProfile(Profile):
    """N(μ, 1) against N(0, 1) (equivalently noise σ and sensitivity Δ with μ = Δ/σ)."""

    symmetric = True

    def __init__(self, mu: sympy.Expr):
        self.mu = sympy.sympify(mu)

    def __repr__(self) -> str:
        return f"GaussianProfile(mu={self.mu})"

    def key(self) -> tuple:
        return (self.mu,)

    @functools.cached_property
    def _mu_float(self) -> float:
        return float(self.mu)

    def hockey(self, gamma: arb) -> arb:
        p, q = self.tails(gamma)
        return p - gamma * q

    def tails(self, gamma: arb) -> tuple[arb, arb]:
        """P[Z > log γ] = Φ(μ/2 − log γ/μ), Q[Z > log γ] = Φ(−μ/2 − log γ/μ)."""
        mu = _const(self.mu)
        t = gamma.log() / mu
        return _phi(mu / 2 - t), _phi(-mu / 2 - t)

    def slope(self, gamma: arb) -> arb:
        """−Φ(−μ/2 − log γ/μ): the density terms cancel because φ(μ/2 − t) = γ φ(−μ/2 − t)."""
        mu = _const(self.mu)
        return -_phi(-mu / 2 - gamma.log() / mu)

    def float_tails(self, t: float) -> Tails4:
        """The Φ's of :meth:`tails` in doubles (math.erfc), with their complements Φ(−x)."""
        mu = self._mu_float
        x = t / mu
        p_gt, p_le = _phi_float(mu / 2 - x)
        q_gt, q_le = _phi_float(-mu / 2 - x)
        return p_gt, q_gt, p_le, q_le

    def reverse(self) -> "Profile":
        return self


class LaplaceProfile(Profile):
    """Lap(0, 1/ε₀) against Lap(1, 1/ε₀): privacy loss in [−ε₀, ε₀]."""

    symmetric = True

    def __init__(self, eps0: sympy.Expr):
        self.eps0 = sympy.sympify(eps0)

    def __repr__(self) -> str:
        return f"LaplaceProfile(eps0={self.eps0})"

    def key(self) -> tuple:
        return (self.eps0,)

    def hockey(self, gamma: arb) -> arb:
        a = _const(self.eps0)
        inside = (1 - (gamma * (-a).exp()).sqrt())
        below, above = 1 - gamma, arb(0)
        lo, hi = (-a).exp(), a.exp()
        if gamma < lo:
            return below
        if gamma > hi:
            return above
        if gamma > lo and gamma < hi:
            return inside
        # γ straddles a kink (γ = e^{±ε₀} is a grid point when ε₀/h is an integer): the profile
        # is continuous, so the union of the two pieces' balls encloses it.
        return inside.union(below if gamma.overlaps(lo) else above)

    def tails_at(self, t: fmpq) -> tuple[arb, arb]:
        """P[Z > t] = 1 − e^{(t−ε₀)/2}/2 and Q[Z > t] = e^{−(t+ε₀)/2}/2 for −ε₀ ≤ t < ε₀ (the atoms
        at ±ε₀ carry P-masses 1/2 and e^{−ε₀}/2), (1, 1) below and (0, 0) from ε₀ on; the ends are
        compared exactly."""
        tt = sympy.Rational(int(t.p), int(t.q))
        if sign(tt - self.eps0) >= 0:
            return arb(0), arb(0)
        if sign(tt + self.eps0) < 0:
            return arb(1), arb(1)
        a, x = _const(self.eps0), arb(t)
        return 1 - ((x - a) / 2).exp() / 2, (-(x + a) / 2).exp() / 2

    def atom(self, t: fmpq) -> tuple[arb, arb] | None:
        """P[Z = ε₀] = 1/2 (Q-mass e^{−ε₀}/2) and P[Z = −ε₀] = e^{−ε₀}/2 (Q-mass 1/2)."""
        tt = sympy.Rational(int(t.p), int(t.q))
        a = _const(self.eps0)
        if sign(tt - self.eps0) == 0:
            return arb(1) / 2, (-a).exp() / 2
        if sign(tt + self.eps0) == 0:
            return (-a).exp() / 2, arb(1) / 2
        return None

    def slope(self, gamma: arb) -> arb:
        """−√(e^{−ε₀}/γ)/2 inside, −1 below, 0 above (both sides at the kinks)."""
        a = _const(self.eps0)
        inside = -((-a).exp() / gamma).sqrt() / 2
        lo, hi = (-a).exp(), a.exp()
        if gamma < lo:
            return arb(-1)
        if gamma > hi:
            return arb(0)
        if gamma > lo and gamma < hi:
            return inside
        return inside.union(arb(-1) if gamma.overlaps(lo) else arb(0))

    def reverse(self) -> "Profile":
        return self


class SubsampledProfile(Profile):
    """Poisson subsampling at rate q of a base profile: ((1−q)Q + qP, Q) when ``add`` is False
    (removal of a record), its reverse (Q, (1−q)Q + qP) when True."""

    def __init__(self, base: Profile, q: sympy.Expr, add: bool = False):
        self.base, self.q, self.add = base, sympy.sympify(q), add

    @functools.cached_property
    def _q_float(self) -> float:
        return float(self.q)

    def __repr__(self) -> str:
        return f"SubsampledProfile({self.base!r}, q={self.q}, add={self.add})"

    def key(self) -> tuple:
        return (self.base, self.q, self.add)

    def reverse(self) -> "Profile":
        return SubsampledProfile(self.base, self.q, not self.add)

    @property
    def heavy_edge(self) -> str | None:  # type: ignore[override]
        """The loss is bounded below by log(1−q) (remove) or above by −log(1−q) (add), and its
        density grows towards that bound."""
        return "right" if self.add else "left"

    def tails(self, gamma: arb) -> tuple[arb, arb]:
        """From the base pair's tails at the base likelihood ratio: remove, Z' > log γ ⇔
        LR > γ' = (γ−1+q)/q, so (P', Q') tails are ((1−q)Q_b + qP_b, Q_b); add, Z'' > log γ ⇔
        LR < w = (1/γ − 1 + q)/q, so they are (Q(LR < w), (1−q)Q(LR < w) + qP(LR < w)) — the
        complements of the base tails when the base loss has no atoms (Gaussian)."""
        if not isinstance(self.base, GaussianProfile):
            return Profile.tails(self, gamma)
        q = _const(self.q)
        if self.add:
            w = (1 / gamma - 1 + q) / q
            if not w > 0:
                if w <= 0:
                    return arb(0), arb(0)
                raise _Straddle()
            pb, qb = self.base.tails(w)
            return 1 - qb, (1 - q) * (1 - qb) + q * (1 - pb)
        g = (gamma - 1 + q) / q
        if not g > 0:
            if g <= 0:
                return arb(1), arb(1)
            raise _Straddle()
        pb, qb = self.base.tails(g)
        return (1 - q) * qb + q * pb, qb

    def float_tails(self, t: float) -> Tails4 | None:
        """:meth:`tails` in doubles, swapping to the base's complementary tails where :meth:`tails`
        takes 1 − (a tail) (the add direction)."""
        if not isinstance(self.base, GaussianProfile):
            return None
        q = self._q_float
        if self.add:
            w = (math.expm1(-t) + q) / q
            if not w > 0:
                return 0.0, 0.0, 1.0, 1.0
            pb, qb, pb_le, qb_le = self.base.float_tails(math.log(w))
            return qb_le, (1 - q) * qb_le + q * pb_le, qb, (1 - q) * qb + q * pb
        g = (math.expm1(t) + q) / q
        if not g > 0:
            return 1.0, 1.0, 0.0, 0.0
        pb, qb, pb_le, qb_le = self.base.float_tails(math.log(g))
        return q * pb + (1 - q) * qb, qb, q * pb_le + (1 - q) * qb_le, qb_le

    def hockey(self, gamma: arb) -> arb:
        q = _const(self.q)
        if self.add:
            c = 1 - gamma * (1 - q)
            if not c > 0:
                if c <= 0:
                    return arb(0)
                raise _Straddle()
            return c * self.base.reverse().hockey(gamma * q / c)
        g = (gamma - 1 + q) / q
        if not g > 0:
            if g <= 0:
                return 1 - gamma
            raise _Straddle()
        return q * self.base.hockey(g)

    def slope(self, gamma: arb) -> arb:
        """Remove: f' = E'(γ') with γ' = (γ − 1 + q)/q (−1 below 1 − q). Add: with c = 1 − γ(1−q)
        and w = γq/c, f = c·R(w) for R(w) = E_w(Q‖P), so f' = −(1−q)R(w) + R'(w)·q/c (0 for c ≤ 0)."""
        q = _const(self.q)
        if self.add:
            c = 1 - gamma * (1 - q)
            if not c > 0:
                if c <= 0:
                    return arb(0)
                raise _Straddle()
            rev = self.base.reverse()
            w = gamma * q / c
            return -(1 - q) * rev.hockey(w) + rev.slope(w) * q / c
        g = (gamma - 1 + q) / q
        if not g > 0:
            if g <= 0:
                return arb(-1)
            raise _Straddle()
        return self.base.slope(g)


class FiniteProfile(Profile):
    """A finite pair (p, q): E_γ = Σ_i (p_i − γ q_i)₊."""

    def __init__(self, p: Sequence[sympy.Expr], q: Sequence[sympy.Expr]):
        self.p, self.q = tuple(map(sympy.sympify, p)), tuple(map(sympy.sympify, q))
        self.symmetric = sorted(map(str, zip(self.p, self.q))) == sorted(map(str, zip(self.q, self.p)))
        self._infinite = tuple(a for a, b in zip(self.p, self.q) if b == 0 and a != 0)
        self.p_inf = float(sum(self._infinite, sympy.Integer(0)))

    def inf_mass(self) -> arb:
        """Σ p_i over the outcomes with q_i = 0."""
        prec = ctx.prec
        return sum((arb_of(a, prec) for a in self._infinite), arb(0))

    def support(self) -> tuple[float, float] | None:
        losses = [float(v.mid()) for v in self._losses.values()]
        return (min(losses), max(losses)) if losses else None

    def __repr__(self) -> str:
        return f"FiniteProfile({len(self.p)} outcomes)"

    def key(self) -> tuple:
        return (self.p, self.q)

    def hockey(self, gamma: arb) -> arb:
        prec = ctx.prec
        total = arb(0)
        for a, b in zip(self.p, self.q):
            total += (arb_of(a, prec) - gamma * arb_of(b, prec)).nonnegative_part()
        return total

    def _loss_sign(self, i: int, t: fmpq) -> int:
        """sign(log(p_i/q_i) − t), by a 128-bit ball and exactly (sympy) when that is undecided."""
        a, b = self.p[i], self.q[i]
        if b == 0:
            return 1
        with ctx.workprec(128):
            d = arb_of(sympy.log(a / b), 128) - arb(t) if i not in self._losses else self._losses[i] - arb(t)
        if d > 0:
            return 1
        if d < 0:
            return -1
        return sign(sympy.log(a / b) - sympy.Rational(int(t.p), int(t.q)))

    @property
    def _losses(self) -> dict:
        if not hasattr(self, "_loss_balls"):
            self._loss_balls = {i: arb_of(sympy.log(a / b), 128) for i, (a, b) in enumerate(zip(self.p, self.q))
                                if a != 0 and b != 0}
        return self._loss_balls

    def tails_at(self, t: fmpq) -> tuple[arb, arb]:
        """Σ of p_i and of q_i over the outcomes with loss log(p_i/q_i) > t, decided exactly."""
        prec = ctx.prec
        pt, qt = arb(0), arb(0)
        for i, (a, b) in enumerate(zip(self.p, self.q)):
            if a != 0 and self._loss_sign(i, t) > 0:
                pt += arb_of(a, prec)
                qt += arb_of(b, prec)
        return pt, qt

    def atom(self, t: fmpq) -> tuple[arb, arb] | None:
        """The outcomes whose loss log(p_i/q_i) is exactly t, decided exactly."""
        prec = ctx.prec
        hits = [(a, b) for i, (a, b) in enumerate(zip(self.p, self.q))
                if a != 0 and b != 0 and self._loss_sign(i, t) == 0]
        if not hits:
            return None
        return (sum((arb_of(a, prec) for a, _ in hits), arb(0)), sum((arb_of(b, prec) for _, b in hits), arb(0)))

    def slope(self, gamma: arb) -> arb:
        """−Σ_{p_i > γ q_i} q_i (at a tie, both one-sided values)."""
        prec = ctx.prec
        total = arb(0)
        for a, b in zip(self.p, self.q):
            qb = arb_of(b, prec)
            d = arb_of(a, prec) - gamma * qb
            total += -qb if d > 0 else arb(0) if d < 0 else (-qb).union(arb(0))
        return total

    def reverse(self) -> "Profile":
        return FiniteProfile(self.q, self.p)


class _Straddle(ArithmeticError):
    """γ's ball straddles a point where the closed form changes: raise the precision."""


def profile_of(pair: object) -> Profile:
    """The profile of a symdp pair: Gaussian, Laplace, finite, Poisson-subsampled versions of
    them (both directions), or a Profile itself."""
    if isinstance(pair, Profile):
        return pair  # (before the imports: a profile needs none of the pair modules)
    from ..central.pairs import FinitePair, GaussianPair, LaplacePair
    from ..central.subsampling import SubsampledPair
    if isinstance(pair, GaussianPair):
        return GaussianProfile(pair.mu)
    if isinstance(pair, LaplacePair):
        return LaplaceProfile(pair.eps)
    if isinstance(pair, SubsampledPair):
        return SubsampledProfile(profile_of(pair.base), pair.q, pair.add)
    if isinstance(pair, FinitePair):
        if any(sign(x) < 0 for x in pair.p + pair.q):
            raise UnsupportedError("finite pairs must have nonnegative masses")
        return FiniteProfile(pair.p, pair.q)
    raise UnsupportedError(f"the certified accountant has no privacy profile for {type(pair).__name__} "
                           "(supported: Gaussian, Laplace, finite pairs and their Poisson subsamplings)")
