"""Local mutual-information DP and its conversions: Ngo–Östman–Graell i Amat, *Local
mutual-information differential privacy* (information in **bits**, log base 2, throughout).

The four notions on a finite channel (the optimal parameters of Sec. II):

* LDP (Definition 3, eq. 2): :func:`ldp_delta`, δ̄^LDP(ε) = max_{x≠x'} E_{e^ε}(P_x ‖ P_x');
* LIP (Definition 4, eq. 4): :func:`lip_delta`;
* CI-LMIDP (Definition 1): the capacity, ``Channel.capacity()``;
* CD-LMIDP (Definition 2): I(X;Y), ``Channel.mutual_information(prior)``.

The conversions:

* :func:`lmidp_to_ldp` — Theorem 1(a), eq. (6): the least δ such that every μ-CI-LMIDP
  mechanism is (ε,δ)-LDP, a convex two-variable problem certified from both sides;
* :func:`ldp_to_lmidp` — Theorem 1(b), eq. (8): μ^CI = log(e)∫₀^∞(1+e^{−ε})δ(ε)dε;
* :func:`cd_lmidp_to_lip` — eq. (9) *as printed* (Theorem 2(a), which is false: see
  ``proofs/lmidp.py``), and :func:`lip_to_lmidp` — Theorem 2(b), eq. (10).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import permutations
from typing import Callable, Sequence

import mpmath
import sympy
from flint import acb, arb, fmpq, fmpz

from ..numerics import params
from ..errors import ParameterError, PrecisionError, UnsupportedError, require, show
from ..numerics.integration import integral
from ..numbers import Real, arb_of, sign, working_precision
from .channel import Channel, hockey_stick, is_zero, max_exact, probability_vector, tidy
from .information import LOG2E

__all__ = ["ldp_delta", "lip_delta", "lmidp_to_ldp", "cd_lmidp_to_lip", "ldp_to_lmidp", "lip_to_lmidp",
           "ConvexOptimum", "profile_integral"]


# --------------------------------------------------------------------------------------------
# The optimal curves of a channel


def ldp_delta(channel: Channel, eps: object) -> sympy.Expr:
    """δ̄^LDP(ε) = max_{x≠x'} Σ_y (Q(y|x) − e^ε Q(y|x'))₊, exactly (Definition 3, eq. 2)."""
    e = params.nonnegative(eps, "eps")
    if channel.n_inputs == 1:
        return sympy.Integer(0)
    g = sympy.exp(e)
    return max_exact(hockey_stick(a, b, g) for a, b in permutations(channel.rows, 2))


def lip_delta(channel: Channel, prior: Sequence[object], eps: object, support_only: bool = True) -> sympy.Expr:
    """δ̄^LIP(ε) = sup_x max{E_{e^ε}(P_Y ‖ P_x), e^{−ε} E_{e^ε}(P_x ‖ P_Y)}, exactly (eq. 4).

    P_Y is the output law under `prior`, P_x the row of input x. The sup runs over the prior's
    support unless ``support_only=False`` (then over every row): see ``Channel.lip_delta``.
    Eq. (4) is eq. (3) rearranged: its left inequality is P_x(E) − e^ε P_Y(E) ≤ e^ε δ.
    """
    e = params.nonnegative(eps, "eps")
    p = probability_vector(prior, "prior")
    require(len(p) == channel.n_inputs, "len(prior)", f"n_inputs = {channel.n_inputs}", len(p))
    py = channel.apply(p)
    g = sympy.exp(e)
    rows = [r for r, w in zip(channel.rows, p) if not (support_only and is_zero(w))]
    return max_exact(max_exact([hockey_stick(py, r, g), tidy(hockey_stick(r, py, g) / g)]) for r in rows)


# --------------------------------------------------------------------------------------------
# A convex two-variable problem, certified: max p0 − γ p1 over {(p0, p1) : g(p0, p1) ≤ μ}


@dataclass(frozen=True)
class _Constraint:
    """A convex constraint g(p0, p1) ≤ μ on the unit square, with what certification needs.

    ``g`` (mpmath) locates the optimum; ``minorant(z, prec)`` returns, at an exact point z, a
    ball pair (φ(z), ∇φ(z)) of a convex function φ ≤ g (so {g ≤ μ} ⊂ {φ(z) + ∇φ(z)·(w − z) ≤ μ});
    ``feasible(z, prec)`` decides g(z) ≤ μ with balls (True only when certain).
    """

    g: Callable
    grad: Callable
    minorant: Callable
    feasible: Callable


class ConvexOptimum(Real):
    """The certified value of max p0 − γ p1 subject to a convex constraint (plus a constant).

    ``ball(prec)`` encloses [c·z_L, upper]: z_L is a feasible exact point (decided with balls),
    and upper = α b₁ + β b₂ with α, β ≥ 0 decided, from two supporting half-planes
    a_i·w ≤ b_i of the feasible set at exact points on either side of the optimum, so that
    c = α a₁ + β a₂ (weak LP duality), the least over the candidate pairs. ``maximiser`` is the
    feasible point z_L = (p0, p1).
    """

    __slots__ = ("_solve", "_points", "shift", "gamma")

    def __init__(self, solve: Callable[[int], tuple], constraint: _Constraint, mu: sympy.Expr, gamma: sympy.Expr,
                 shift: sympy.Expr, name: str):
        self._solve = solve
        self._points: dict[int, tuple] = {}
        self.gamma, self.shift = gamma, shift
        cons = constraint

        def ball(prec: int) -> arb:
            lower, upper = self._bounds(prec, cons, mu)
            return arb(lower.lower()).union(arb(upper.upper())) + arb_of(shift, prec)
        super().__init__(ball, name=name)

    @property
    def value(self) -> "ConvexOptimum":
        """The certified optimal value (this object)."""
        return self

    @property
    def maximiser(self) -> tuple[sympy.Rational, sympy.Rational]:
        """A feasible exact point (p0, p1) whose objective is within 2^−120 of the optimum."""
        z = self._feasible_point(120)
        return sympy.Rational(int(z[0].p), int(z[0].q)), sympy.Rational(int(z[1].p), int(z[1].q))

    def _feasible_point(self, prec: int):
        return self._bracket_points(prec)[0]

    def _bracket_points(self, prec: int):
        if prec not in self._points:
            self._points[prec] = self._solve(prec)
        return self._points[prec]

    def _bounds(self, prec: int, cons: _Constraint, mu: sympy.Expr) -> tuple[arb, arb]:
        zl, straddles = self._bracket_points(prec)
        # the tightest pair sits 2^−(prec/2+8) apart (relatively): its 2×2 solve is that
        # ill-conditioned, so the half-planes are evaluated with that many extra bits
        p = 2 * prec + 40
        with working_precision(p):
            g = arb_of(self.gamma, p)
            lower = arb(zl[0]) - g * arb(zl[1])
            best = None  # the least certified upper end over all pairs
            for za, zb in straddles:
                upper = _dual_bound(cons, arb_of(mu, p), g, za, zb, p)
                if upper is not None and (best is None or upper.upper() < best.upper()):
                    best = upper
            if best is not None:
                return lower, best
        raise PrecisionError(f"{self.name}: the supporting half-planes do not certify the optimum at {prec} bits")


def _dual_bound(cons: _Constraint, m: arb, g: arb, za, zb, p: int) -> arb | None:
    """α b_a + β b_b when (1, −γ) = α a + β b with α, β ≥ 0 decided, else None.

    The half-planes are a·w ≤ b with b = μ − φ(z) + ∇φ(z)·z at z_a, z_b (φ the convex minorant);
    without z_a the left one is the edge −p1 ≤ 0.
    """
    fb, gb = cons.minorant(zb, p)
    if za is None:
        ga, ba = (arb(0), arb(-1)), arb(0)
    else:
        fa, ga = cons.minorant(za, p)
        ba = m - fa + ga[0] * arb(za[0]) + ga[1] * arb(za[1])
    bb = m - fb + gb[0] * arb(zb[0]) + gb[1] * arb(zb[1])
    det = ga[0] * gb[1] - ga[1] * gb[0]
    alpha = (gb[1] + g * gb[0]) / det
    beta = -(ga[1] + g * ga[0]) / det
    if not (alpha >= 0 and beta >= 0):
        return None
    return alpha * ba + beta * bb


def _mp_points(cons: _Constraint, mu_bits: sympy.Expr, gamma: sympy.Expr, prec: int) -> tuple:
    """:func:`_search_points`, with the float search's breakdowns (μ so small that p0 and p1
    coincide in working precision) reported as the user's parameter being out of reach."""
    try:
        return _search_points(cons, mu_bits, gamma, prec)
    except (ZeroDivisionError, ValueError, OverflowError, TypeError) as err:
        # (TypeError: mpmath's order on a complex value, from an iterate that left (0, 1))
        raise PrecisionError(f"mu = {show(mu_bits, 40)} bits is too close to 0 (or gamma = e^eps too extreme) for "
                             f"the maximiser search at {prec} bits ({type(err).__name__})") from None


def _search_points(cons: _Constraint, mu_bits: sympy.Expr, gamma: sympy.Expr, prec: int) -> tuple:
    """The optimum of max p0 − γ p1 on {g ≤ μ} located in mpmath, returned as z_L (an exact
    feasible point just inside the boundary) and a list of straddling pairs (z_a, z_b) of exact
    points on either side of the optimum, tightest first (z_a = None: the edge p1 ≥ 0).

    The maximiser p1* can be doubly exponentially small in ε (p1* ≈ e^(−γ/c), where the boundary
    slope dp0*/dp1 ≈ c·log(1/p1) reaches γ), far below anything worth searching. With p̄ = p0*(0)
    (the scale of the optimum) and the threshold t = p̄·2^−(prec+40+L), L = 8 + bitlen(prec): if
    the slope at t·2^−8 is already ≤ γ, then p1* < t·2^−8, z_L = (p̄, 0) lies on the edge and
    z_b = (p0*(t), t) right of the optimum. The bound from {p1 ≥ 0} and the tangent at z_b is
    p0*(t) + slope(t)·t, above the optimum by at most 2·slope(t)·t ≈ 2c·log(1/t)·t ≪ p̄·2^−(prec+38),
    whatever γ is, and the exact points keep O(prec)-bit denominators for every ε. Otherwise
    p1* > t·2^−8 is bracketed in s = log p1 with the lower end clamped at t·2^−8, so that the
    bracket search cannot jump over it.
    """
    bits = prec + 40
    with mpmath.workprec(bits):
        mu = mpmath.mpf(arb_of(mu_bits, bits).mid())
        gam = mpmath.mpf(arb_of(gamma, bits).mid())

        tiny = mpmath.mpf(2) ** (-bits // 2)

        def p0_of(p1):
            """The largest feasible p0 ≥ p1, or None when the edge p0 = 1 is feasible."""
            f = lambda p0: cons.g(p0, p1) - mu
            lo, hi = p1, mpmath.mpf(1)
            if f(hi - tiny) <= 0:
                return None
            while True:  # halve the distance to p1 until feasible: p0* − p1 may be ≪ 2^−40 (tiny μ)
                mid = p1 + (hi - p1) / 2
                if mid == p1:
                    raise ZeroDivisionError  # p0* and p1 coincide in working precision
                if f(mid) <= 0:
                    lo = mid
                    break
                hi = mid
            for _ in range(40):  # bisection to a few bits, then the secant method
                mid = (lo + hi) / 2
                if f(mid) > 0:
                    hi = mid
                else:
                    lo = mid
            return mpmath.findroot(f, (lo, hi), solver="anderson", tol=mpmath.mpf(2) ** (-bits + 8))

        def on_boundary(p1):
            p0 = p0_of(p1)
            if p0 is None:
                raise UnsupportedError("the maximiser lies on the edge p0 = 1 of the square")
            return _fmpq(p0, bits), _fmpq(p1, bits)

        def slope(s):
            """d(p0*)/dp1 − γ at p1 = e^s: decreasing in s (the objective is concave); on the
            edge p0* = 1 it is −γ."""
            p1 = mpmath.exp(s)
            p0 = p0_of(p1)
            if p0 is None:
                return -gam
            g0, g1 = cons.grad(p0, p1)
            return -g1 / g0 - gam

        hi = mpmath.log(1 - mpmath.mpf(2) ** -30)
        if slope(hi) >= 0:
            raise UnsupportedError("the maximiser is not interior")
        bar = on_boundary(mpmath.mpf(0))[0]  # p̄ = p0*(0), exact
        t = mpmath.mpf(int(bar.p)) / int(bar.q) * mpmath.mpf(2) ** -(prec + 40 + 8 + int(prec).bit_length())
        floor = mpmath.log(t) - 8 * mpmath.ln2  # below p1 = e^floor, certify on the edge p1 = 0
        if slope(floor) <= 0:
            return _inside(cons, (bar, fmpq(0)), prec), [(None, on_boundary(t))]
        lo = mpmath.mpf(-1)
        while slope(lo) <= 0:
            lo = max(2 * lo - 1, floor)  # slope(floor) > 0 ends the loop
        for _ in range(24):
            mid = (lo + hi) / 2
            if slope(mid) > 0:
                lo = mid
            else:
                hi = mid
        s = mpmath.findroot(slope, (lo, hi), solver="anderson", tol=mpmath.mpf(2) ** (-bits + 16))
        p1 = mpmath.exp(s)
        pts = []
        for shift in (prec // 2 + 8, prec // 4, 8):  # straddling pairs, tightest first
            eta = min(p1, 1 - p1) * mpmath.mpf(2) ** -shift  # relative to the nearer edge: p1 ± η ∈ (0, 1)
            pts.append((on_boundary(p1 - eta), on_boundary(p1 + eta)))
        # when p1* is near the threshold, the edge p1 ≥ 0 may serve as the left half-plane
        pts += [(None, right) for _, right in pts]
        return _inside(cons, on_boundary(p1), prec), pts


def _inside(cons: _Constraint, z: tuple, prec: int) -> tuple:
    """z moved down in p0 (by steps relative to p0, which is as small as μ) until it is
    certainly feasible."""
    (z0, z1) = z
    step = z0 / (fmpz(1) << (prec + 8))
    while not cons.feasible((z0, z1), prec + 32):
        z0 -= step
        step *= 4
        if step > z[0] / 16:
            raise PrecisionError("no certified feasible point near the optimum")
    return z0, z1


def _fmpq(v: mpmath.mpf, bits: int) -> fmpq:
    """v rounded to `bits` significant bits, as an exact dyadic rational (relative, so that
    doubly-exponentially small p1 keep their digits)."""
    with mpmath.workprec(bits):
        w = +mpmath.mpf(v)
    man, exp = int(w.man), int(w.exp)
    return fmpq(man << exp) if exp >= 0 else fmpq(man, fmpz(1) << -exp)


# -- the BAC-capacity constraint of eq. (6) -----------------------------------------------------


def _hb(p):
    if p == 0 or p == 1:
        return mpmath.mpf(0)
    return -(p * mpmath.log(p, 2)) - (1 - p) * mpmath.log1p(-p) / mpmath.ln2


def _bac_output(p0, p1):
    """P(B=1) under the capacity-achieving input of the channel with rows (1−p0, p0), (1−p1, p1):
    D(W_0‖q) = D(W_1‖q) gives log((1−q)/q) = (H_b(p0) − H_b(p1))/(p0 − p1)."""
    return 1 / (1 + mpmath.power(2, (_hb(p0) - _hb(p1)) / (p0 - p1)))


def _bac_g(p0, p1):
    """C_BAC(p0, 1 − p1) in bits, = D(W_0 ‖ q*)."""
    q = _bac_output(p0, p1)
    return -_hb(p0) - (1 - p0) * mpmath.log1p(-q) / mpmath.ln2 - p0 * mpmath.log(q, 2)


def _bac_grad(p0, p1):
    """∇C by the envelope theorem: ∂I(π*,W)/∂p_x = π*_x log₂(p_x(1−q)/((1−p_x)q))."""
    q = _bac_output(p0, p1)
    pi1 = (p0 - q) / (p0 - p1)
    return ((1 - pi1) * mpmath.log(p0 * (1 - q) / ((1 - p0) * q), 2),
            pi1 * mpmath.log(p1 * (1 - q) / ((1 - p1) * q), 2))


def _bac_input(z, prec: int) -> fmpq:
    """A rational approximation of π*_1 at z (any law gives valid bounds; this one is tight)."""
    with mpmath.workprec(2 * prec + 40):
        p0, p1 = (mpmath.mpf(int(v.p)) / int(v.q) for v in z)
        q = _bac_output(p0, p1)
        return _fmpq((p0 - q) / (p0 - p1), 2 * prec + 20)


def _bac_info(z, pi1: fmpq, prec: int):
    """(I(π; W(z)), ∇_z I(π; W(z))) in bits, in balls: I(π;W) is convex in W for fixed π."""
    p0, p1 = arb(z[0]), arb(z[1])
    w1, w0 = arb(pi1), 1 - arb(pi1)
    q = w0 * p0 + w1 * p1
    ln2 = arb(2).log()

    def d(p):  # D(Ber(p) ‖ Ber(q)) in nats; log1p keeps its digits when p, q ≪ 1 (tiny μ)
        out = arb(0) if p == 1 else (1 - p) * ((q - p) / (1 - q)).log1p()
        if not p == 0:
            out += p * (p / q).log()
        return out
    info = (w0 * d(p0) + w1 * d(p1)) / ln2
    grad = (w0 * (p0 * (1 - q) / ((1 - p0) * q)).log() / ln2, w1 * (p1 * (1 - q) / ((1 - p1) * q)).log() / ln2)
    return info, grad, d


def _bac_constraint(mu: sympy.Expr) -> _Constraint:
    def minorant(z, prec):
        info, grad, _ = _bac_info(z, _bac_input(z, prec), prec)
        return info, grad

    def feasible(z, prec):
        # C ≤ max_x D(W_x ‖ πW) for every π (the capacity upper bound)
        with working_precision(prec):
            pi1 = _bac_input(z, prec)
            _, _, d = _bac_info(z, pi1, prec)
            ln2 = arb(2).log()
            top = d(arb(z[0])).max(d(arb(z[1]))) / ln2
            return bool(top <= arb_of(mu, prec))
    return _Constraint(_bac_g, _bac_grad, minorant, feasible)


def lmidp_to_ldp(mu: object, eps: object) -> Real:
    """δ^LDP_μ(ε) of Theorem 1(a), eq. (6): the least δ such that every μ-CI-LMIDP mechanism
    is (ε,δ)-LDP (μ in bits, ε ≥ 0), certified, with its maximiser.

    δ = max_{p0,p1∈[0,1]} max{0, p0 − e^ε p1, p1 − e^ε p0} s.t. C_BAC(p0, 1 − p1) ≤ μ. The swap
    (p0, p1) ↔ (p1, p0) relabels the BAC's inputs, so the second branch equals the first and
    δ = max p0 − e^ε p1 over the feasible set, which is convex (capacity is convex in the
    channel, and the channel is affine in (p0, p1)). Returns exact 1 for μ ≥ 1 (C_BAC(1,1) = 1
    bit is feasible), exact 0 for μ = 0, else a :class:`ConvexOptimum` (``.maximiser`` gives
    (p0*, p1*)).
    """
    m = params.nonnegative(mu, "mu")
    e = params.nonnegative(eps, "eps")
    if sign(m - 1) >= 0:
        return sympy.Integer(1)
    if is_zero(m):
        return sympy.Integer(0)
    gamma = sympy.exp(e)
    cons = _bac_constraint(m)
    return ConvexOptimum(lambda prec: _mp_points(cons, m, gamma, prec), cons, m, gamma, sympy.Integer(0),
                         name=f"lmidp_to_ldp({m}, {e})")


# -- the binary-KL constraint of eq. (9) --------------------------------------------------------


def _kl_g(p0, p1):
    """KL(Ber(p1) ‖ Ber(p0)) in bits."""
    out = (1 - p1) * mpmath.log1p((p0 - p1) / (1 - p0)) / mpmath.ln2
    if p1 > 0:
        out += p1 * mpmath.log(p1 / p0, 2)
    return out


def _kl_grad(p0, p1):
    return ((-p1 / p0 + (1 - p1) / (1 - p0)) / mpmath.log(2),
            mpmath.log(p1 * (1 - p0) / (p0 * (1 - p1)), 2))


def _kl_ball(z):
    p0, p1 = arb(z[0]), arb(z[1])
    ln2 = arb(2).log()
    val = (1 - p1) * ((p0 - p1) / (1 - p0)).log1p()
    if z[1] != 0:
        val += p1 * (p1 / p0).log()
    val /= ln2
    grad = ((-p1 / p0 + (1 - p1) / (1 - p0)) / ln2, (p1 * (1 - p0) / (p0 * (1 - p1))).log() / ln2)
    return val, grad


def _kl_constraint(mu: sympy.Expr) -> _Constraint:
    def feasible(z, prec):
        with working_precision(prec):
            return bool(_kl_ball(z)[0] <= arb_of(mu, prec))

    def minorant(z, prec):
        with working_precision(prec):
            return _kl_ball(z)
    return _Constraint(_kl_g, _kl_grad, minorant, feasible)


def cd_lmidp_to_lip(mu: object, eps: object) -> Real:
    """δ^LIP_μ(ε) of eq. (9) **as printed** (Theorem 2(a)), μ in bits, certified:

    max_{p0,p1} max{0, p0 − e^ε p1, e^{−ε} p1 − p0}  s.t.  KL(Ber(p1) ‖ Ber(p0)) ≤ μ.

    Theorem 2(a) claims every μ-CD-LMIDP mechanism is (ε, δ^LIP_μ(ε))-LIP; that is false (an
    identity mechanism with a skewed prior needs δ ≥ 1 − η; ``proofs/lmidp.py``). What the proof
    gives is this bound with μ/P_X(x) in place of μ for the input x. Both branches are convex
    problems; the second becomes the first by (p0, p1) → (1−p0, 1−p1), which keeps the KL:
    e^{−ε}p1 − p0 = (p0' − e^{−ε}p1') − (1 − e^{−ε}).
    """
    m = params.positive(mu, "mu")
    e = params.nonnegative(eps, "eps")
    cons = _kl_constraint(m)
    a = ConvexOptimum(lambda prec: _mp_points(cons, m, sympy.exp(e), prec), cons, m, sympy.exp(e), sympy.Integer(0),
                      name=f"eq9 branch A ({m}, {e})")
    b = ConvexOptimum(lambda prec: _mp_points(cons, m, sympy.exp(-e), prec), cons, m, sympy.exp(-e),
                      sympy.exp(-e) - 1, name=f"eq9 branch B ({m}, {e})")
    # When branch B's own certificate fails (its optimum can sit at the corner p0 = p1 = 0), bound
    # it by B(ε) ≤ e^{−(ε−ε₁)} B(ε₁) for ε₁ ≤ ε (as p0 ≥ e^{−(ε−ε₁)} p0), which must lie below branch A.
    def branch_b(eps1):
        g = sympy.exp(-eps1)
        return ConvexOptimum(lambda prec: _mp_points(cons, m, g, prec), cons, m, g, g - 1,
                             name=f"eq9 branch B ({m}, {eps1})")

    def ball(prec: int) -> arb:
        top = a.ball(prec)
        try:
            return top.max(b.ball(prec))
        except (UnsupportedError, PrecisionError, TypeError):
            pass
        for frac in (sympy.Rational(3, 4), sympy.Rational(1, 2), sympy.Rational(1, 4), sympy.Integer(0)):
            try:
                bound = branch_b(e * frac).ball(prec) * arb_of(sympy.exp(-(e - e * frac)), prec)
            except (UnsupportedError, PrecisionError, TypeError):
                continue
            if bound < top:
                return top
        raise PrecisionError(f"mu must be at least about 10^-8 bits for the certified optimum of eq. (9) (measured for "
                             f"eps in [0, 10]): its branch B could not be certified at mu = {show(m, 40)}, eps = {show(e, 40)}")
    return Real(ball, name=f"cd_lmidp_to_lip({m}, {e})")


# --------------------------------------------------------------------------------------------
# Eqs. (8) and (10): μ from a privacy profile


def profile_integral(delta: Callable[[acb, bool], acb], weight: str, eps_max: object, name: str = "",
                     breaks: Sequence[sympy.Expr] = ()) -> Real:
    """log₂(e) ∫₀^{ε_max} w(ε) δ(ε) dε in bits, certified by ``acb.integral`` (analytic flag forwarded).

    `delta(ε, analytic)` is the profile as an acb function that returns a non-finite ball where
    it is not analytic; `weight` is ``"ci"`` (w = 1 + e^{−ε}, eq. 8) or ``"cd"`` (w = e^ε + e^{−ε},
    eq. 10). The caller guarantees δ = 0 beyond ε_max. The integral is split at the exact points
    `breaks` (the profile's kinks), so that every piece is analytic inside.
    """
    w = {"ci": lambda x: 1 + (-x).exp(), "cd": lambda x: x.exp() + (-x).exp()}[weight]
    cuts = sorted({sympy.Integer(0), sympy.sympify(eps_max), *[sympy.sympify(c) for c in breaks]},
                  key=lambda v: float(arb_of(v, 64).mid()))

    def ball(prec: int) -> arb:
        total = arb(0)
        for lo, hi in zip(cuts, cuts[1:]):
            a, b = arb_of(lo, prec), arb_of(hi, prec)
            if not b > a:
                continue
            val = integral(lambda x, an: w(x) * delta(x, an), acb(a), acb(b), rel_tol=arb(2) ** (-prec))
            total += val.real
        return total / arb(2).log()
    return Real(ball, name=name or "profile integral (bits)")


def _finite_integral(rows: Sequence[Sequence[sympy.Expr]], pairs: Sequence[tuple[int, int]], scaled: Sequence[bool],
                     weight: str, name: str) -> object:
    """log₂(e)∫₀^∞ w(ε) δ(ε) dε for δ(ε) = max over (i, j) of E_{e^ε}(rows[i] ‖ rows[j]) (times e^{−ε}
    where `scaled`), in bits; ``oo`` when some likelihood ratio is infinite.

    Between consecutive kinks log(a/b) (exact) each profile is A − B e^ε (or e^{−ε}A − B) with exact
    A, B fixed by the signs at the piece's midpoint, and vanishes beyond the last kink. On each
    piece the integrand is the max of the distinct non-zero such functions (which cross at
    isolated points only), integrated by ``acb.integral`` with the analytic flag forwarded.
    """
    ratios = []
    for i, j in pairs:
        for a, b in zip(rows[i], rows[j]):
            if is_zero(a):
                continue
            if is_zero(b):
                return sympy.oo
            ratios.append(tidy(a / b))
    cuts = sorted({sympy.Integer(0)} | {sympy.log(r) for r in set(ratios) if sign(r - 1) > 0},
                  key=lambda v: float(arb_of(v, 64).mid()))
    pieces = []
    for lo, hi in zip(cuts, cuts[1:]):
        t = sympy.exp((lo + hi) / 2)
        funcs = set()
        for (i, j), sc in zip(pairs, scaled):
            active = [(a, b) for a, b in zip(rows[i], rows[j]) if not is_zero(a) and sign(a - t * b) > 0]
            if active:
                funcs.add((tidy(sum(a for a, _ in active)), tidy(sum(b for _, b in active)), sc))
        if funcs:
            pieces.append((lo, hi, sorted(funcs, key=str)))
    w = {"ci": lambda x: 1 + (-x).exp(), "cd": lambda x: x.exp() + (-x).exp()}[weight]

    def ball(prec: int) -> arb:
        total = arb(0)
        for lo, hi, funcs in pieces:
            coeffs = [(acb(arb_of(A, prec)), acb(arb_of(B, prec)), sc) for A, B, sc in funcs]

            def integrand(x: acb, analytic: bool) -> acb:
                t = x.exp()
                best = None
                for A, B, sc in coeffs:
                    v = (A - t * B) / t if sc else A - t * B
                    best = v if best is None else best.real_max(v, analytic=analytic)
                return w(x) * best
            total += integral(integrand, acb(arb_of(lo, prec)), acb(arb_of(hi, prec)), rel_tol=arb(2) ** (-prec)).real
        return total / arb(2).log()
    return Real(ball, name=name)


class CappedInformation(Real):
    """min(bound, cap) bits, certified: I(X;Y) ≤ log₂ min(|X|, |Y|) for every input law, so a
    bound on the capacity above that cap says nothing. ``paper`` is the bound as the paper
    gives it (exact or certified, possibly ``oo``), ``cap`` the trivial bound log₂ min(|X|, |Y|)
    (exact), ``vacuous`` True when paper ≥ cap (then the value is the cap, exactly)."""

    __slots__ = ("paper", "cap", "vacuous")

    def __init__(self, paper: object, cap: sympy.Expr, name: str):
        try:
            vacuous = bool(paper >= cap) if paper is not sympy.oo else True
        except PrecisionError:  # equal to COMPARE_PREC bits: the smaller ball is valid either way
            vacuous = None
        chosen = cap if vacuous else paper if vacuous is False else None
        super().__init__(lambda prec: arb_of(chosen, prec) if chosen is not None
                         else arb_of(paper, prec).min(arb_of(cap, prec)),
                         exact=(chosen.exact if isinstance(chosen, Real) else chosen), name=name)
        self.paper, self.cap, self.vacuous = paper, cap, vacuous

    def __repr__(self) -> str:
        paper = "oo" if self.paper is sympy.oo else repr(self.paper if isinstance(self.paper, Real) else Real(
            lambda prec: arb_of(self.paper, prec)))
        return f"CappedInformation({super().__repr__()}, paper={paper}, cap={self.cap}, vacuous={self.vacuous})"


def ldp_to_lmidp(mechanism: object) -> object:
    """μ^CI_δ of Theorem 1(b), eq. (8), in bits: log(e)∫₀^∞(1 + e^{−ε})δ(ε)dε with δ the
    mechanism's optimal LDP curve, for a ``Pair`` or a ``Channel``.

    For a channel the result is a :class:`CappedInformation`: eq. (8) can exceed every possible
    information value (binary randomized response at ε = 10⁶ gives 1 442 695 bits, where
    I ≤ 1 bit), so the value is min(eq. (8), log₂ min(inputs, outputs)), with eq. (8) as
    ``.paper`` and ``.vacuous`` saying that the paper's bound is no better than the trivial one.
    A pair stands for the LDP curve of a mechanism whose alphabets it does not give (the Gaussian
    pair of eq. (5) has a continuous input), so no cap applies and eq. (8) is returned as is.

    * a symmetric pair (E_γ(P‖Q) = E_γ(Q‖P), e.g. Gaussian, Laplace): by Lemma 1 (eq. 15) the
      integral is KL(P‖Q), so μ = log₂(e)·KL exactly — for the Gaussian mechanism of eq. (5)
      with sensitivity 2√dΔ this is 2dΔ²/σ²·log₂ e;
    * a finite pair or a channel: δ̄(ε) = max over ordered pairs of rows of the hockey-stick
      divergence, integrated with ``acb.integral`` up to ε_max = log of the largest likelihood
      ratio (δ̄ vanishes beyond); ``oo`` when some ratio is infinite.
    """
    from ..central.pairs import FinitePair, Pair
    if isinstance(mechanism, Pair) and mechanism.symmetric:
        kl = mechanism.kl()
        return kl * LOG2E if not isinstance(kl, Real) else kl * LOG2E
    if isinstance(mechanism, FinitePair):
        rows, pairs = [mechanism.p, mechanism.q], [(0, 1), (1, 0)]
    elif isinstance(mechanism, Channel):
        pairs = list(permutations(range(mechanism.n_inputs), 2))
        paper = (_finite_integral(mechanism.rows, pairs, [False] * len(pairs), "ci", "ldp_to_lmidp (bits)")
                 if pairs else sympy.Integer(0))
        cap = sympy.log(min(mechanism.n_inputs, mechanism.n_outputs), 2)
        return CappedInformation(paper, cap, "ldp_to_lmidp (bits)")
    elif isinstance(mechanism, Pair):
        raise UnsupportedError(f"ldp_to_lmidp: no profile integral for the asymmetric pair {mechanism!r}")
    else:
        raise ParameterError(f"mechanism must be a Pair or a Channel, got {type(mechanism).__name__}")
    return _finite_integral(rows, pairs, [False] * len(pairs), "ci", "ldp_to_lmidp (bits)")


def lip_to_lmidp(channel: Channel, prior: Sequence[object], support_only: bool = True) -> object:
    """μ^CD_δ of Theorem 2(b), eq. (10), in bits: log(e)∫₀^∞(e^ε + e^{−ε})δ̄^LIP(ε)dε for the
    channel's optimal LIP curve under `prior` (see :func:`lip_delta`); ``oo`` when some output
    has zero probability under one law of a compared pair but not the other."""
    if not isinstance(channel, Channel):
        raise ParameterError(f"channel must be a Channel, got {type(channel).__name__}")
    p = probability_vector(prior, "prior")
    require(len(p) == channel.n_inputs, "len(prior)", f"n_inputs = {channel.n_inputs}", len(p))
    py = channel.apply(p)
    rows = [py] + [r for r, w in zip(channel.rows, p) if not (support_only and is_zero(w))]
    pairs, scaled = [], []
    for k in range(1, len(rows)):
        pairs += [(0, k), (k, 0)]
        scaled += [False, True]
    return _finite_integral(rows, pairs, scaled, "cd", "lip_to_lmidp (bits)")
