"""Sublinear utilities of a privatisation mechanism (Kairouz–Oh–Viswanath, Section 2).

A utility is U(Q) = Σ_y μ(Q_y), a sum over the output columns Q_y of a sublinear function μ
(Definition 1: μ(γz) = γμ(z) for γ ≥ 0 and μ(z₁+z₂) ≤ μ(z₁)+μ(z₂)). Two families:

* **hypothesis testing**: the f-divergence between the induced marginals M_ν = P_νᵀQ,
  D_f(M0‖M1) = Σ_y M1(y) f(M0(y)/M1(y)) (eqs. 3, 12), so μ(z) = (P1ᵀz)·f(P0ᵀz / P1ᵀz), the
  perspective of a convex f with f(1) = 0;
* **information preservation**: the mutual information I(X;Y) for X ~ P (eq. 5, in nats),
  μ(z) = Σ_x P(x) z_x log(z_x / Pᵀz).

Each utility evaluates exactly on any :class:`~symdp.local.Channel` (``u(channel)``), and on
the staircase pattern columns S^(k)_j, which is what the LP (11) maximises: with
a = 1 + (e^ε−1)P0(T_j) and b = 1 + (e^ε−1)P1(T_j), μ(S_j) = b·f(a/b) (eq. 83 for KL); with
z = P(T_j), the MI column value is μ(z, ε) = z e^ε ε − (z(e^ε−1)+1) log(z(e^ε−1)+1) (eq. 113).
"""

from __future__ import annotations

from typing import Callable, Sequence

import sympy
from flint import arb, fmpq

from ..errors import ParameterError, require, show
from ..numerics.lp import Objective
from ..numbers import ball_function, exact, sign, to_fmpq
from .channel import Channel, probability_vector, tidy, two_laws
from .patterns import check_k, subset_sums

#: The constructors: every utility's repr is a call of one of them (``symdp eval`` reads them).
__all__ = ["kl", "reverse_kl", "symmetric_kl", "tv", "chi2", "hellinger", "e_gamma", "f_divergence",
           "mutual_information"]

_x = sympy.Symbol("x", positive=True)


class Utility:
    """U(Q) = Σ_y μ(Q_y) for a sublinear μ on columns (Kairouz–Oh–Viswanath, eq. 8)."""

    name = "utility"
    #: The public constructor in :mod:`symdp.local.utility`; the repr is its call, in the form
    #: ``symdp eval`` reads (``local.utility.kl([1/3, 2/3], [1/2, 1/2])``, 1/3 exact).
    constructor = "utility"

    def __init__(self, k: int):
        self.k = check_k(k)

    def __repr__(self) -> str:
        return f"local.utility.{self.constructor}({', '.join(self._arguments())})"

    def _arguments(self) -> list[str]:
        """The constructor's arguments, as text."""
        return [str(self.k)]

    def identically_zero(self) -> bool:
        """True when U(Q) = 0 for every channel Q, by the structure of U (no evaluation), so that
        the optimum over any set of channels is exactly 0."""
        return False

    # exact evaluation ----------------------------------------------------------------------

    def column(self, z: Sequence[object]) -> sympy.Expr:
        """μ(z) for a nonnegative column z ∈ ℝ^k, exactly."""
        raise NotImplementedError

    def __call__(self, channel: Channel) -> sympy.Expr:
        """U(Q) = Σ_y μ(Q_y), exactly."""
        if not isinstance(channel, Channel):
            raise ParameterError(f"channel must be a Channel, got {type(channel).__name__}")
        require(channel.n_inputs == self.k, "channel.n_inputs", f"k = {self.k}", channel.n_inputs)
        cols = [[row[y] for row in channel.rows] for y in range(channel.n_outputs)]
        return tidy(sympy.Add(*[self.column(c) for c in cols]))

    # staircase columns -----------------------------------------------------------------------

    def pattern(self, eps: object, mask: int) -> sympy.Expr:
        """μ(S^(k)_j) for the column with 0-based index `mask` (exact, symbolic in e^ε)."""
        E = sympy.exp(exact(eps, "eps"))
        col = [E if (mask >> (self.k - 1 - i)) & 1 else sympy.Integer(1) for i in range(self.k)]
        return self.column(col)

    def objective(self, E: fmpq) -> Objective:
        """The LP (11) objective for a rational E = e^ε: μ(S_j) for all 2^k columns, exactly."""
        raise NotImplementedError

    def pattern_balls(self, E: arb) -> list[arb]:
        """Balls for μ(S_j(E)) for all 2^k columns, at the current precision."""
        raise NotImplementedError


# --------------------------------------------------------------------------------------------
# f-divergences between the marginals


class Divergence(Utility):
    """D_f(P0ᵀQ ‖ P1ᵀQ): μ(z) = b·f(a/b) with a = P0ᵀz, b = P1ᵀz (eq. 12)."""

    name = "f-divergence"

    def __init__(self, p0: Sequence[object], p1: Sequence[object]):
        self.p0, self.p1 = two_laws(p0, p1)
        super().__init__(len(self.p0))
        self._q0 = [to_fmpq(v) if v.is_Rational else None for v in self.p0]
        self._q1 = [to_fmpq(v) if v.is_Rational else None for v in self.p1]

    @property
    def rational_laws(self) -> bool:
        return None not in self._q0 and None not in self._q1

    def _arguments(self) -> list[str]:
        return [_vector(self.p0), _vector(self.p1)]

    def identically_zero(self) -> bool:
        """P0 = P1 makes M0 = M1 for every Q, and D_f(M‖M) = f(1) = 0 (every f here has f(1) = 0;
        E_γ's (x − γ)₊ too, as γ ≥ 1)."""
        return self.p0 == self.p1

    def column(self, z: Sequence[object]) -> sympy.Expr:
        z = [exact(v, "z") for v in z]
        a = tidy(sum((p * v for p, v in zip(self.p0, z)), sympy.Integer(0)))
        b = tidy(sum((p * v for p, v in zip(self.p1, z)), sympy.Integer(0)))
        if sign(b) == 0:
            return sympy.Integer(0) if sign(a) == 0 else self._at_zero_b(a)
        return self._expr(a, b)

    def _at_zero_b(self, a: sympy.Expr) -> sympy.Expr:
        """b·f(a/b) as b → 0⁺ (= a·lim f(x)/x), the perspective's closure."""
        return a * sympy.limit(self._expr(_x, sympy.Integer(1)) / _x, _x, sympy.oo)

    def _ab(self, E: fmpq) -> tuple[list[fmpq], list[fmpq]]:
        if not self.rational_laws:
            raise ParameterError("p0 and p1 must be rational for the exact LP objective")
        s0, s1 = subset_sums(self._q0), subset_sums(self._q1)
        a1 = E - 1
        return [1 + a1 * t for t in s0], [1 + a1 * t for t in s1]

    def objective(self, E: fmpq) -> Objective:
        obj = Objective()
        for a, b in zip(*self._ab(E)):
            self._add(obj, obj.column(), a, b)
        return obj

    def pattern_balls(self, E: arb) -> list[arb]:
        s0 = subset_sums_ball([arb_of_expr(v) for v in self.p0])
        s1 = subset_sums_ball([arb_of_expr(v) for v in self.p1])
        a1 = E - 1
        return [self._ball(1 + a1 * t0, 1 + a1 * t1) for t0, t1 in zip(s0, s1)]

    # the three forms of μ on a pair (a, b), per divergence
    def _expr(self, a: sympy.Expr, b: sympy.Expr) -> sympy.Expr:
        raise NotImplementedError

    def _add(self, obj: Objective, row: dict, a: fmpq, b: fmpq) -> None:
        obj.add_value(row, self._expr(sympy.Rational(int(a.p), int(a.q)), sympy.Rational(int(b.p), int(b.q))))

    def _ball(self, a: arb, b: arb) -> arb:
        raise NotImplementedError


class KL(Divergence):
    """D(M0‖M1) = Σ_y M0(y) log(M0(y)/M1(y)): f(x) = x log x; μ_j of eq. (83)."""

    name = "kl"
    constructor = "kl"

    def _expr(self, a, b):
        return sympy.Integer(0) if sign(a) == 0 else a * sympy.log(a / b)

    def _at_zero_b(self, a):
        return sympy.oo

    def _add(self, obj, row, a, b):
        obj.add_log(row, a, a / b)

    def _ball(self, a, b):
        return a * (a / b).log()


class ReverseKL(Divergence):
    """D(M1‖M0): f(x) = −log x, μ = b log(b/a)."""

    name = "reverse_kl"
    constructor = "reverse_kl"

    def _expr(self, a, b):
        if sign(b) == 0:
            return sympy.Integer(0)
        return sympy.oo if sign(a) == 0 else b * sympy.log(b / a)

    def _add(self, obj, row, a, b):
        obj.add_log(row, b, b / a)

    def _ball(self, a, b):
        return b * (b / a).log()


class SymmetricKL(Divergence):
    """D(M0‖M1) + D(M1‖M0): f(x) = (x − 1) log x, μ = (a − b) log(a/b)."""

    name = "symmetric_kl"
    constructor = "symmetric_kl"

    def _expr(self, a, b):
        if sign(a - b) == 0:
            return sympy.Integer(0)
        if sign(a) == 0 or sign(b) == 0:
            return sympy.oo
        return (a - b) * sympy.log(a / b)

    def _add(self, obj, row, a, b):
        obj.add_log(row, a - b, a / b)

    def _ball(self, a, b):
        return (a - b) * (a / b).log()


class TV(Divergence):
    """‖M0 − M1‖_TV = ½Σ_y |M0(y) − M1(y)|: f(x) = ½|x − 1|, μ_j of eq. (68) (rational)."""

    name = "tv"
    constructor = "tv"

    def _expr(self, a, b):
        return abs(a - b) / 2

    def _at_zero_b(self, a):
        return a / 2

    def _add(self, obj, row, a, b):
        obj.add_rational(row, abs(a - b) / 2)

    def _ball(self, a, b):
        return abs(a - b) / 2


class Chi2(Divergence):
    """χ²(M0‖M1) = Σ_y (M0 − M1)²/M1: f(x) = (x − 1)², μ = (a − b)²/b (rational)."""

    name = "chi2"
    constructor = "chi2"

    def _expr(self, a, b):
        return (a - b) ** 2 / b

    def _at_zero_b(self, a):
        return sympy.oo

    def _add(self, obj, row, a, b):
        obj.add_rational(row, (a - b) ** 2 / b)

    def _ball(self, a, b):
        d = a - b
        return d * d / b          # not d ** 2: arb's power is nan on a ball containing 0


class Hellinger(Divergence):
    """Squared Hellinger distance Σ_y (√M0(y) − √M1(y))²: f(x) = (√x − 1)² (no factor ½)."""

    name = "hellinger"
    constructor = "hellinger"

    def _expr(self, a, b):
        return a + b - 2 * sympy.sqrt(a * b)

    def _at_zero_b(self, a):
        return a

    def _ball(self, a, b):
        return a + b - 2 * (a * b).sqrt()


class EGamma(Divergence):
    """E_γ(M0‖M1) = Σ_y (M0(y) − γM1(y))₊ for γ ≥ 1: f(x) = (x − γ)₊ (rational for rational γ)."""

    name = "e_gamma"
    constructor = "e_gamma"

    def __init__(self, gamma: object, p0, p1):
        g = exact(gamma, "gamma")
        require(not g.free_symbols and sign(g - 1) >= 0, "gamma", "≥ 1", gamma)
        self.gamma = g
        super().__init__(p0, p1)

    def _arguments(self) -> list[str]:
        return [show(self.gamma, 40), *super()._arguments()]

    def _expr(self, a, b):
        d = a - self.gamma * b
        return d if sign(d) > 0 else sympy.Integer(0)

    def _at_zero_b(self, a):
        return a

    def _add(self, obj, row, a, b):
        if self.gamma.is_Rational:
            obj.add_rational(row, max(a - to_fmpq(self.gamma) * b, fmpq(0)))
        else:
            obj.add_value(row, self._expr(sympy.Rational(int(a.p), int(a.q)), sympy.Rational(int(b.p), int(b.q))))

    def _ball(self, a, b):
        g = arb_of_expr(self.gamma)
        return (a - g * b).max(arb(0))


class FDivergence(Divergence):
    """D_f(M0‖M1) for a convex f with f(1) = 0 given as a callable on sympy expressions."""

    name = "f_divergence"
    constructor = "f_divergence"

    def __init__(self, f: Callable[[sympy.Expr], object], p0, p1):
        if not callable(f):
            raise ParameterError(f"f must be a callable (a convex function of one variable), got {f!r}")
        try:
            fx = sympy.sympify(f(_x))
        except Exception as err:  # the user's callable failed on a symbol
            raise ParameterError(f"f must accept a sympy symbol and return an expression: {err}") from err
        if fx.free_symbols - {_x}:
            raise ParameterError(f"f must be a function of one variable, got {fx}")
        if sympy.simplify(fx.subs(_x, 1)) != 0:
            raise ParameterError(f"f must satisfy f(1) = 0 (an f-divergence), got f(1) = {fx.subs(_x, 1)}")
        self.f = fx
        # expanded: a power of a ball that contains 0 (x − 1 at a tie) is nan in arb
        self._fball = ball_function(sympy.expand(fx), _x)
        super().__init__(p0, p1)

    def _arguments(self) -> list[str]:
        return [f"lambda x: {show(self.f, 80)}", *super()._arguments()]

    def _expr(self, a, b):
        return sympy.simplify(b * self.f.subs(_x, a / b)) if not (a.is_Rational and b.is_Rational) \
            else b * self.f.subs(_x, a / b)

    def _ball(self, a, b):
        return b * self._fball(a / b)


# --------------------------------------------------------------------------------------------
# Mutual information


class MutualInformation(Utility):
    """I(X;Y) in nats for X ~ P: μ(z) = Σ_x P(x) z_x log(z_x / Pᵀz) (eq. 5)."""

    name = "mi"
    constructor = "mutual_information"

    def __init__(self, p: Sequence[object]):
        self.p = probability_vector(p, "p")
        super().__init__(len(self.p))
        self._q = [to_fmpq(v) if v.is_Rational else None for v in self.p]

    def _arguments(self) -> list[str]:
        return [_vector(self.p)]

    def identically_zero(self) -> bool:
        """A prior on one input makes X constant, and I(X;Y) = 0 for every Q."""
        return sum(1 for v in self.p if v != 0) == 1

    def column(self, z: Sequence[object]) -> sympy.Expr:
        z = [exact(v, "z") for v in z]
        m = tidy(sum((p * v for p, v in zip(self.p, z)), sympy.Integer(0)))
        return sympy.Add(*[p * v * sympy.log(v / m) for p, v in zip(self.p, z) if sign(p * v) != 0])

    def objective(self, E: fmpq) -> Objective:
        if None in self._q:
            raise ParameterError("p must be rational for the exact LP objective")
        obj = Objective()
        for t in subset_sums(self._q):
            row = obj.column()
            m = 1 + (E - 1) * t
            obj.add_log(row, t * E, E)       # z E ε with ε = log E
            obj.add_log(row, -m, m)          # − m log m
        return obj

    def pattern_balls(self, E: arb) -> list[arb]:
        eps = E.log()
        out = []
        for t in subset_sums_ball([arb_of_expr(v) for v in self.p]):
            m = 1 + (E - 1) * t
            out.append(t * E * eps - m * m.log())
        return out


# --------------------------------------------------------------------------------------------
# Helpers and the public constructors


def _vector(v: Sequence[sympy.Expr]) -> str:
    return "[" + ", ".join(show(x, 40) for x in v) + "]"


def arb_of_expr(v: sympy.Expr) -> arb:
    """A ball for an exact number at the current precision."""
    from flint import ctx

    from ..numbers import arb_of
    return arb_of(v, ctx.prec)


def subset_sums_ball(p: Sequence[arb]) -> list[arb]:
    """P(T_mask) for every mask, as balls (input i is bit k−1−i)."""
    k = len(p)
    sums = [arb(0)] * (1 << k)
    for mask in range(1, 1 << k):
        low = mask & -mask
        sums[mask] = sums[mask ^ low] + p[k - low.bit_length()]
    return sums


def kl(p0: Sequence[object], p1: Sequence[object]) -> KL:
    """U(Q) = D(P0ᵀQ ‖ P1ᵀQ), the KL divergence between the marginals (nats)."""
    return KL(p0, p1)


def reverse_kl(p0: Sequence[object], p1: Sequence[object]) -> ReverseKL:
    """U(Q) = D(P1ᵀQ ‖ P0ᵀQ)."""
    return ReverseKL(p0, p1)


def symmetric_kl(p0: Sequence[object], p1: Sequence[object]) -> SymmetricKL:
    """U(Q) = D(M0‖M1) + D(M1‖M0) (the left side of Corollary 9)."""
    return SymmetricKL(p0, p1)


def tv(p0: Sequence[object], p1: Sequence[object]) -> TV:
    """U(Q) = ‖P0ᵀQ − P1ᵀQ‖_TV."""
    return TV(p0, p1)


def chi2(p0: Sequence[object], p1: Sequence[object]) -> Chi2:
    """U(Q) = χ²(P0ᵀQ ‖ P1ᵀQ)."""
    return Chi2(p0, p1)


def hellinger(p0: Sequence[object], p1: Sequence[object]) -> Hellinger:
    """U(Q) = Σ_y (√M0(y) − √M1(y))², the squared Hellinger distance without the factor ½."""
    return Hellinger(p0, p1)


def e_gamma(gamma: object, p0: Sequence[object], p1: Sequence[object]) -> EGamma:
    """U(Q) = E_γ(P0ᵀQ ‖ P1ᵀQ), the hockey-stick divergence, γ ≥ 1."""
    return EGamma(gamma, p0, p1)


def f_divergence(f: Callable[[sympy.Expr], object], p0: Sequence[object], p1: Sequence[object]) -> FDivergence:
    """U(Q) = D_f(P0ᵀQ ‖ P1ᵀQ) for a convex f with f(1) = 0 (a sympy lambda or callable).

    Convexity of f is the caller's promise (it makes μ sublinear, Definition 1); f(1) = 0 is
    checked.
    """
    return FDivergence(f, p0, p1)


def mutual_information(p: Sequence[object]) -> MutualInformation:
    """U(Q) = I(X;Y) in nats for X ~ P and Y the output of Q."""
    return MutualInformation(p)
