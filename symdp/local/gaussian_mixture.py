"""The Gaussian mechanism G(X) = X + N(0, σ²) of Ngo–Östman–Graell i Amat eq. (5) with d = 1 and
a discrete input X on points x_1 < … < x_n with law P: the output is the Gaussian mixture
p_Y = Σ_j P_j φ(· − x_j). Its context-dependent notions (information in **bits**):

* :func:`mixture_information`: μ̄^CD_G = I(X; G(X)) (certified integral, proved tail bound);
* :func:`mixture_calibration`: the σ² with I(X; G(X)) = μ (certified root; Figure 3's setting);
* :func:`mixture_lip_delta`: δ̄^LIP_G(ε) of eq. (4), *without quadrature*: the log-likelihood
  ratio L_i(y) = ln(p_Y(y)/φ_i(y)) is a log-sum-exp of affine functions of y, hence convex, so
  each hockey-stick divergence is a Gaussian mass of an interval bounded by at most two
  certified roots of L_i = ±ε;
* :func:`mixture_lip_to_lmidp`: μ^CD of Theorem 2(b), eq. (10), for that LIP curve, as a
  rigorous bracket (δ̄^LIP is non-increasing in ε, so a grid gives lower and upper sums; the
  tail beyond the grid is bounded in closed form).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cmp_to_key
from typing import Sequence

import sympy
from flint import acb, arb, ctx

from .. import limits
from ..numerics import params
from ..certificate import ensure, ensure_ordered
from ..errors import ParameterError, PrecisionError, show
from ..numerics.integration import integral
from ..numbers import Real, arb_of, endpoints, exact, from_fmpq, sign, working_precision
from ..numerics.roots import solve_decreasing
from .channel import is_zero, probability_vector

__all__ = ["mixture_information", "mixture_calibration", "mixture_lip_delta", "mixture_lip_to_lmidp",
           "LipIntegral"]


# --------------------------------------------------------------------------------------------
# The input


@dataclass(frozen=True)
class _Input:
    """The support of X in increasing order (equal points merged, zero weights dropped)."""

    xs: tuple[sympy.Expr, ...]
    p: tuple[sympy.Expr, ...]

    def balls(self, prec: int) -> tuple[list[arb], list[arb]]:
        return [arb_of(x, prec) for x in self.xs], [arb_of(v, prec) for v in self.p]


def _input(points: Sequence[object], prior: Sequence[object]) -> _Input:
    if isinstance(points, (str, bytes)) or not hasattr(points, "__len__"):
        raise ParameterError(f"points must be a sequence of numbers, got {points!r}")
    limits.check_size(len(points), "the points of the discrete input", "outcomes")
    xs = [params.sized(exact(x, f"points[{i}]"), f"points[{i}]") for i, x in enumerate(points)]
    for i, x in enumerate(xs):
        if x.free_symbols or x.is_real is False:
            raise ParameterError(f"points[{i}] must be a real number, got {x}")
    p = probability_vector(prior, "prior")
    if len(p) != len(xs):
        raise ParameterError(f"len(prior) must be len(points) = {len(xs)}, got {len(p)}")
    live = sorted(((x, w) for x, w in zip(xs, p) if not is_zero(w)), key=cmp_to_key(lambda a, b: sign(a[0] - b[0])))
    merged: list[list[sympy.Expr]] = []
    for x, w in live:
        if merged and sign(x - merged[-1][0]) == 0:
            merged[-1][1] += w
        else:
            merged.append([x, w])
    # every routine here costs about n² (n log-ratios of n terms; n peaks of n terms to integrate)
    limits.check_size(len(merged) ** 2, f"the Gaussian mixture on {len(merged)} points (n² terms)", "composition_terms")
    return _Input(tuple(x for x, _ in merged), tuple(w for _, w in merged))


def _phi(y: acb, x: acb, s2: acb) -> acb:
    return (-(y - x) ** 2 / (2 * s2)).exp() / (2 * acb.pi() * s2).sqrt()


# --------------------------------------------------------------------------------------------
# Mutual information and its calibration


def _information_bits(inp: _Input, s2: arb, prec: int) -> arb:
    """I(X; X + N(0, σ²)) in bits as h(Y) − h(Y|X) = −∫p_Y ln p_Y − ½ln(2πeσ²) (nats, then bits).

    The points are scaled to σ = 1 first (I is invariant). The integral runs over [−L, L]
    (acb.integral, the log's analytic flag forwarded). Beyond, with Δ = max|x_i|,
    φ_σ(|y| + Δ) ≤ p_Y(y) ≤ φ_σ(|y| − Δ) ≤ 1, so 0 ≤ −p_Y ln p_Y ≤
    φ_σ(|y| − Δ)(|ln√(2πσ²)| + (|y| + Δ)²/(2σ²)), and the two tails together lie in
    [0, (|ln√(2πσ²)| + (σ² + 4Δ²)/(2σ²)) erfc(c/(σ√2)) + (c + 4Δ)φ_σ(c)] with c = L − Δ
    (Gaussian moments ∫_c^∞ u φ_σ = σ²φ_σ(c), ∫_c^∞ u² φ_σ = σ²Q(c/σ) + σ²c φ_σ(c)).
    """
    xs, ps = inp.balls(prec)
    if len(xs) == 1:
        return arb(0)
    _check_spread(xs, ps, s2)
    # I(X; X + σZ) = I(X/σ; X/σ + Z): with σ = 1, p_Y ≤ 1/√(2π) < 1 everywhere, as the tail bound needs
    xs = [x / s2.sqrt() for x in xs]
    s2 = arb(1)
    X, P, S2 = [acb(x) for x in xs], [acb(v) for v in ps], acb(s2)

    def f(y: acb, an: bool) -> acb:
        py = sum((pi * _phi(y, x, S2) for pi, x in zip(P, X)), acb(0))
        return py * py.log(analytic=an)
    D = arb(max(abs(x).upper() for x in xs))
    L = D + s2.sqrt() * arb(2 * (prec + 20)).sqrt()
    body = integral(f, acb(-L), acb(L), rel_tol=arb(2) ** (-prec)).real
    s = s2.sqrt()
    a = abs((2 * arb.pi() * s2).log() / 2)
    c = L - D
    density = (-(c * c) / (2 * s2)).exp() / (2 * arb.pi() * s2).sqrt()
    tail = (a + (s2 + 4 * D * D) / (2 * s2)) * (c / (s * arb(2).sqrt())).erfc() + (c + 4 * D) * density
    nats = -body + arb(0).union(arb(tail.upper())) - (2 * arb.pi() * arb(1).exp() * s2).log() / 2
    return nats / arb(2).log()


#: The certified integral's range: the spread of the points in noise standard deviations. Beyond
#: 2^9 the integrand's peaks are too narrow for its interval (the cost grows with the ratio);
#: below 2^−64 the information (of order ratio²) cancels in h(Y) − h(Y|X) beyond the working precision.
_SPREAD = (-64, 9)


#: The smallest prior weight of the information integral: I ≲ P_min·log(1/P_min) cancels in
#: h(Y) − h(Y|X) as the spread does.
_MIN_WEIGHT = -128


def _check_spread(xs: list[arb], ps: list[arb], s2: arb) -> None:
    ratio = (xs[-1] - xs[0]) / s2.sqrt()
    lo, hi = (arb(2) ** k for k in _SPREAD)
    if not (ratio >= lo and ratio <= hi):
        raise ParameterError(f"sigma2 must keep (max(points) − min(points))/σ within [2^{_SPREAD[0]}, 2^{_SPREAD[1]}] "
                             f"for the certified information integral, got a ratio of {ratio.str(3)}")
    if not min(ps) >= arb(2) ** _MIN_WEIGHT:
        raise ParameterError(f"prior entries must be ≥ 2^{_MIN_WEIGHT} for the certified information integral (or 0)")


def mixture_information(points: Sequence[object], prior: Sequence[object], sigma2: object) -> Real:
    """μ̄^CD_G = I(X; X + N(0, σ²)) in bits for X on `points` with law `prior` (eq. 5, d = 1),
    certified (integral on [−L, L] plus a proved tail bound)."""
    inp = _input(points, prior)
    s2 = params.positive(sigma2, "sigma2")
    return Real(lambda prec: _information_bits(inp, arb_of(s2, prec), prec), name="Gaussian mixture information (bits)")


def mixture_calibration(mu: object, points: Sequence[object], prior: Sequence[object]) -> Real:
    """The σ² with I(X; X + N(0, σ²)) = μ bits (Figure 3's calibration μ̄^CD_G = μ), a certified root.

    I is continuous and strictly decreasing in σ² (X + N(0, σ'²) is X + N(0, σ²) degraded by
    independent N(0, σ'² − σ²) noise, and the input is not degenerate), from H(X) at σ² → 0 to
    0 at ∞; so 0 < μ < H(X) has exactly one root.
    """
    inp = _input(points, prior)
    m = params.positive(mu, "mu")
    entropy = -sum((w * sympy.log(w) for w in inp.p), sympy.Integer(0)) / sympy.log(2)
    if len(inp.xs) < 2 or sign(m - entropy) >= 0:
        raise ParameterError(f"mu must be in (0, H(X)) = (0, {sympy.N(entropy, 6)}) bits for this input, got {m}")
    # I depends on σ only through the points in units of σ: solve for r = σ²/spread², which is of
    # order 1/μ whatever the scale of the points (the root's bracket is relative only beyond 1)
    spread2 = (inp.xs[-1] - inp.xs[0]) ** 2
    f = lambda r: _information_bits(inp, r * arb_of(spread2, ctx.prec), ctx.prec)
    with working_precision(64):
        xs, ps = inp.balls(64)
        mean = sum((w * x for w, x in zip(ps, xs)), arb(0))
        variance = sum((w * (x - mean) ** 2 for w, x in zip(ps, xs)), arb(0))
        # the low-SNR guess I ≈ Var X·log₂e/(2σ²), as t = ln r
        start = float((variance / (2 * arb_of(m, 64) * arb(2).log() * arb_of(spread2, 64))).log().mid())

    def excess(t: float) -> float:
        """(I − μ)/μ at r = e^t: decreasing in t. I ≈ 1/r cancels in h(Y) − h(Y|X), so the
        precision grows with log₂ r."""
        prec = 64 + max(0, math.ceil(t / math.log(2)))
        with working_precision(prec):
            return float(((f(arb(t).exp()) - arb_of(m, prec)) / arb_of(m, prec)).mid())
    try:
        t = _approximate_root(excess, start)
    except (OverflowError, ValueError, ZeroDivisionError) as err:  # also ParameterError: σ² left the certified range
        raise ParameterError(f"mu = {show(m, 40)} bits: no calibration within the certified range ({err})") from None
    guess = arb(t).exp()
    for width in (2 ** -44, 2 ** -24, 2 ** -8):  # a tight certified bracket, widened if undecided
        lo, hi = (from_fmpq((guess * (1 + k * arb(width))).mid().fmpq()) for k in (-1, 1))
        try:
            root = solve_decreasing(f, m, lo, hi, name=f"mixture_calibration({m}) / spread²")
        except ParameterError:
            continue
        return Real(lambda p: root.ball(p) * arb_of(spread2, p), name=f"mixture_calibration({m})")
    raise PrecisionError(f"mu = {show(m, 40)} bits: mixture_calibration found no certified bracket around "
                         f"σ² ≈ spread²·{guess.str(6)} (mu too close to 0 or to H(X))")


def _approximate_root(h, start: float) -> float:
    """The root t of a decreasing h(t) (t = ln(σ²/spread²), where ln I is nearly linear at low SNR): a
    bracket by steps of 1 from `start`, then the Illinois method. Floats only, to place the
    certified bracket."""
    lo = hi = start
    hlo = hhi = h(lo)
    for _ in range(_BRACKET_STEPS):
        if hlo > 0 > hhi:
            break
        if hlo <= 0:
            lo -= 1
            hlo = h(lo)
        if hhi >= 0:
            hi += 1
            hhi = h(hi)
    if not hlo > 0 > hhi:
        raise ParameterError(f"mu is too close to 0 or to H(X) for a calibration within a factor e^{_BRACKET_STEPS} of "
                             f"sigma2 = e^{start:.3g}")
    side, t = 0, hi
    for _ in range(60):
        t = hi - hhi * (hi - lo) / (hhi - hlo)
        ht = h(t)
        if ht > 0:
            lo, hlo = t, ht
            if side == 1:
                hhi /= 2
            side = 1
        else:
            hi, hhi = t, ht
            if side == -1:
                hlo /= 2
            side = -1
        if hi - lo <= 1e-15 * max(1.0, abs(t)) or ht == 0:
            break
    return t


#: Factors of e the calibration's bracket search may move σ² from its low-SNR guess (each step is an integral).
_BRACKET_STEPS = 40


# --------------------------------------------------------------------------------------------
# δ̄^LIP without quadrature: sublevel sets of a convex log-sum-exp


class _LogRatio:
    """L_i(y) = ln(p_Y(y)/φ_i(y)) = ln Σ_j P_j e^{s_j y + t_j} with s_j = (x_j − x_i)/σ² and
    t_j = (x_i² − x_j²)/(2σ²), since φ_j/φ_i = exp(((y−x_i)² − (y−x_j)²)/(2σ²)).

    A log-sum-exp of affine functions is convex: L' = Σ w_j s_j and L'' = Σ w_j s_j² − L'² ≥ 0
    with w the softmax weights. L → +∞ on the side where a support point lies beyond x_i, and
    L → ln P_i (from above, monotonically) on a side where x_i is extreme. Roots are located in
    floats, polished by Newton steps in arb and then certified by decided signs."""

    def __init__(self, xs: list[arb], ps: list[arb], i: int, s2: arb):
        self.i, self.n = i, len(xs)
        self.s = [(x - xs[i]) / s2 for x in xs]
        self.c = [p.log() + (xs[i] * xs[i] - x * x) / (2 * s2) for x, p in zip(xs, ps)]
        self.fs = [float(v.mid()) for v in self.s]
        self.fc = [float(v.mid()) for v in self.c]
        if not all(math.isfinite(v) and abs(v) < 1e250 for v in self.fs + self.fc):
            raise ParameterError("sigma2 is too small for the spread of the points: (x_j − x_i)²/σ² must stay below "
                                 "10^250")

    def _weights(self, y: arb) -> tuple[list[arb], arb]:
        z = [c + s * y for c, s in zip(self.c, self.s)]
        top = arb(max(v.mid() for v in z))
        return [(v - top).exp() for v in z], top

    def value(self, y: arb) -> arb:
        w, top = self._weights(y)
        return top + sum(w, arb(0)).log()

    def slopes(self, y: arb) -> tuple[arb, arb]:
        """(L'(y), L''(y))."""
        w, _ = self._weights(y)
        total = sum(w, arb(0))
        m1 = sum((v * s for v, s in zip(w, self.s)), arb(0)) / total
        m2 = sum((v * s * s for v, s in zip(w, self.s)), arb(0)) / total
        return m1, m2 - m1 * m1

    def fderivs(self, y: float) -> tuple[float, float, float]:
        """(L, L', L'') at a float point, in floats (only to locate points)."""
        z = [c + s * y for c, s in zip(self.fc, self.fs)]
        top = max(z)
        w = [math.exp(v - top) for v in z]
        total = math.fsum(w)
        m1 = math.fsum(v * s for v, s in zip(w, self.fs)) / total
        m2 = math.fsum(v * s * s for v, s in zip(w, self.fs)) / total
        return top + math.log(total), m1, max(m2 - m1 * m1, 0.0)


def _fnewton(g, lo: float, hi: float, increasing: bool) -> float:
    """The root of a monotone g on [lo, hi] (g = (value, derivative)) in floats: Newton's method
    safeguarded by bisection. An estimate only; callers polish and certify."""
    y = (lo + hi) / 2
    for _ in range(200):
        v, dv = g(y)
        if v == 0:
            return y
        if (v < 0) == increasing:
            lo = y
        else:
            hi = y
        nxt = y - v / dv if dv != 0 else (lo + hi) / 2
        if not lo < nxt < hi:
            nxt = (lo + hi) / 2
        if abs(nxt - y) <= 4e-16 * (1 + abs(y)) or hi - lo <= 4e-16 * (1 + abs(y)):
            return nxt
        y = nxt
    return y


def _polish(step, y: float, tol: arb) -> arb:
    """Newton steps in arb from a float estimate (quadratic: 53 → 106 → 212 … bits), as an exact
    midpoint ball; `step(y)` is the Newton correction at y."""
    z = arb(y)
    for _ in range(12):
        d = step(z)
        if not d.is_finite():
            break
        z = arb((z - d).mid())
        if abs(d).mid() <= tol.mid() * (1 + abs(z).mid()):
            break
    return z


def _root_ball(L: _LogRatio, c: arb, y: arb, left: bool, h: arb) -> arb | None:
    """[y − h, y + h] when it is certified to hold the left (right) end of {L < c}: L > c on the
    outer side and L < c on the inner one (convexity makes {L < c} an interval)."""
    for _ in range(6):
        outer, inner = (y - h, y + h) if left else (y + h, y - h)
        if L.value(outer) > c and L.value(inner) < c:
            return (y - h).union(y + h)
        h *= 256
    return None


def _sublevel(L: _LogRatio, c: arb, nonempty: bool | None, prec: int):
    """The interval {L < c} as (a, b): balls holding its ends, None for an infinite end; or
    "empty". `nonempty` is the exact answer where one side is bounded (c against ln P_i), None
    for an interior point (decided here from the minimum of L). None when undecided at `prec`."""
    if nonempty is False:
        return "empty"
    tol = arb(2) ** (-prec - 8)
    fc = float(c.mid())
    leftmost, rightmost = L.i == 0, L.i == L.n - 1

    def end(inside: float, sgn: int) -> arb | None:
        """The end of {L < c} beyond the point `inside` on the side sgn (−1 left, +1 right)."""
        step = 1.0
        while not L.fderivs(inside + sgn * step)[0] > fc:
            step *= 2
            if step > 2.0 ** 80:
                return None
        lo, hi = sorted((inside, inside + sgn * step))
        y = _fnewton(lambda t: (lambda d: (d[0] - fc, d[1]))(L.fderivs(t)), lo, hi, increasing=sgn > 0)
        z = _polish(lambda t: (L.value(t) - c) / L.slopes(t)[0], y, tol)
        return _root_ball(L, c, z, sgn < 0, tol * 4 * (1 + abs(z)))

    if leftmost or rightmost:
        # L is monotone: increasing when x_i is the leftmost point, decreasing when rightmost
        sgn = 1 if leftmost else -1
        inside = 0.0
        while not L.fderivs(inside)[0] < fc:
            inside -= sgn * (abs(inside) + 1)
            if abs(inside) > 2.0 ** 80:
                return None
        e = end(inside, sgn)
        if e is None:
            return None
        return (None, e) if leftmost else (e, None)
    # interior point: the minimiser y* of L is the root of the increasing L'
    lo, hi = -1.0, 1.0
    while not L.fderivs(lo)[1] < 0:
        lo *= 2
    while not L.fderivs(hi)[1] > 0:
        hi *= 2
    ystar = _polish(lambda t: (lambda d: d[0] / d[1])(L.slopes(t)),
                    _fnewton(lambda t: L.fderivs(t)[1:], lo, hi, increasing=True), tol)
    if L.value(ystar) < c:
        a, b = end(float(ystar.mid()), -1), end(float(ystar.mid()), 1)
        return None if a is None or b is None else (a, b)
    # {L < c} is empty or a tiny interval around y*: enclose y* and use the tangent bound
    h = tol * 4 * (1 + abs(ystar))
    for _ in range(6):
        if L.slopes(ystar - h)[0] < 0 and L.slopes(ystar + h)[0] > 0:
            if L.value(ystar) - abs(L.slopes(ystar)[0]) * h >= c:  # min L ≥ L(ỹ) + L'(ỹ)(y* − ỹ) ≥ c
                return "empty"
            if L.value(ystar - h) > c and L.value(ystar + h) > c:
                j = (ystar - h).union(ystar + h)
                return (j, j)  # both ends (or none) inside j
        h *= 256
    return None


def _gauss_below(z: arb) -> arb:
    """Φ(z), through erfc on the side where it does not cancel."""
    return (-z / arb(2).sqrt()).erfc() / 2


def _mass(xs: list[arb], ps: list[arb], s: arb, a: arb | None, b: arb | None) -> arb:
    """P(Y ∈ (a, b)) for Y = Σ_j P_j N(x_j, σ²) (a = None: −∞, b = None: +∞)."""
    return sum(ps, arb(0)) - _tails(xs, ps, s, a, b)


def _tails(xs: list[arb], ps: list[arb], s: arb, a: arb | None, b: arb | None) -> arb:
    """P(Y ∉ (a, b)) for the same mixture, as the sum of the two tails (no cancellation)."""
    out = arb(0)
    for x, p in zip(xs, ps):
        if a is not None:
            out += p * _gauss_below((a - x) / s)
        if b is not None:
            out += p * _gauss_below(-(b - x) / s)
    return out


def _lip_terms(inp: _Input, s2e: sympy.Expr, e: sympy.Expr, prec: int) -> list[tuple[arb, arb]] | None:
    """For every support point x_i, the balls (E_{e^ε}(p_Y ‖ φ_i), e^{−ε} E_{e^ε}(φ_i ‖ p_Y));
    None when a root is undecided at this precision.

    With S = {L_i < ε} and T = {L_i < −ε}: E_γ(p_Y‖φ_i) = P_Y(S^c) − γΦ_i(S^c) and
    E_γ(φ_i‖p_Y) = Φ_i(T) − γP_Y(T), since p_Y > γφ_i exactly off S and φ_i > γp_Y exactly on T.
    Both are hockey-stick divergences, so the balls must meet [0, 1] and [0, e^{−ε}]."""
    n = len(inp.xs)
    wp = prec + 40
    out = []
    with working_precision(wp):
        xs, ps = inp.balls(wp)
        s2 = arb_of(s2e, wp)
        s = s2.sqrt()
        g = arb_of(sympy.exp(e), wp)
        eps = arb_of(e, wp)
        for i in range(n):
            L = _LogRatio(xs, ps, i, s2)
            one = [xs[i]], [arb(1)]
            edge = None if 0 < i < n - 1 else sign(sympy.exp(-e) - inp.p[i]) > 0  # −ε > ln P_i
            S = _sublevel(L, eps, True if edge is not None else None, prec)
            T = _sublevel(L, -eps, edge, prec)
            if S is None or T is None:
                return None
            if S == "empty":  # only when p_Y = φ_i, excluded by the caller; kept for safety
                fwd = 1 - g
            else:
                fwd = _tails(xs, ps, s, *S) - g * _tails(*one, s, *S)
            bwd = arb(0) if T == "empty" else (_mass(*one, s, *T) - g * _mass(xs, ps, s, *T)) / g
            ensure(not (fwd < 0 or fwd > 1) and not (bwd < 0 or bwd > 1 / g),
                   "E_γ(p_Y‖φ_i) ∈ [0, 1] and e^−ε E_γ(φ_i‖p_Y) ∈ [0, e^−ε]", i=i, forward=fwd, backward=bwd)
            out.append((fwd, bwd))
    return out


def _lip_ball(inp: _Input, s2e: sympy.Expr, e: sympy.Expr, prec: int) -> arb:
    """max_i max{E_{e^ε}(p_Y ‖ φ_i), e^{−ε} E_{e^ε}(φ_i ‖ p_Y)} as a ball, or [0, 1] when a root
    is undecided at this precision (the certification loop then raises the precision)."""
    if len(inp.xs) == 1:
        return arb(0)  # p_Y = φ_1
    terms = _lip_terms(inp, s2e, e, prec)
    if terms is None:
        return arb(0).union(arb(1))
    best = arb(0)
    for fwd, bwd in terms:
        best = best.max(fwd).max(bwd)
    return best


def mixture_lip_delta(points: Sequence[object], prior: Sequence[object], sigma2: object, eps: object) -> Real:
    """δ̄^LIP_G(ε) of eq. (4) for d = 1 and a discrete input, certified without quadrature:
    max over the prior's support of max{E_{e^ε}(p_Y ‖ φ_i), e^{−ε} E_{e^ε}(φ_i ‖ p_Y)}.

    L_i = ln(p_Y/φ_i) is convex (a log-sum-exp of affine functions of y), so {L_i > ε} is the
    complement of an interval and {L_i < −ε} an interval; their ends are certified roots
    (sign changes decided with balls), and each divergence is a sum of Gaussian tail masses.
    """
    inp = _input(points, prior)
    s2 = params.positive(sigma2, "sigma2")
    e = params.nonnegative(eps, "eps")
    return Real(lambda prec: _lip_ball(inp, s2, e, prec), name=f"Gaussian mixture LIP delta at eps = {e}")


# --------------------------------------------------------------------------------------------
# Eq. (10) for the mixture: a rigorous bracket


@dataclass(frozen=True)
class LipIntegral:
    """lower ≤ μ^CD ≤ upper in bits (exact rationals), from `panels` grid panels on [0, eps_max]
    and a proved tail bound beyond; `met` says whether upper − lower ≤ rtol·lower was reached."""

    lower: sympy.Rational
    upper: sympy.Rational
    panels: int
    eps_max: sympy.Rational
    met: bool

    def __str__(self) -> str:
        return f"[{sympy.Float(self.lower, 12)}, {sympy.Float(self.upper, 12)}] bits"


def _tail_bound(inp: _Input, s2: arb, E: arb) -> arb | None:
    """∫_E^∞ (e^ε + e^{−ε}) δ̄^LIP_G(ε) dε (nats), bounded in closed form, or None if E is too small.

    For ε ≥ −ln min P the backward term vanishes (L_i ≥ ln P_i, as p_Y ≥ P_i φ_i). The forward
    term is ≤ P_Y(L_i > ε), and L_i(y) ≤ max_j (x_j − x_i)(2y − x_i − x_j)/(2σ²) ≤ 2Δ(|y| + Δ)/σ²,
    so it is ≤ P(|N(0,σ²)| > εσ²/(2Δ) − 2Δ) = erfc(αε − β) with α = σ/(2√2Δ), β = √2Δ/σ. With
    erfc z ≤ e^{−z²} (z ≥ 0) and e^{−ε} ≤ e^ε, the tail is ≤ (√π/α) e^{α²m² − β²} erfc(α(E − m)),
    m = (2αβ + 1)/(2α²).
    """
    xs, ps = inp.balls(ctx.prec)
    D = arb(max(abs(x).upper() for x in xs))
    s = s2.sqrt()
    alpha, beta = s / (2 * arb(2).sqrt() * D), arb(2).sqrt() * D / s
    if not (E >= -min(ps).log() and alpha * E - beta >= 0):
        return None
    m = (2 * alpha * beta + 1) / (2 * alpha * alpha)
    return arb.pi().sqrt() / alpha * (alpha * alpha * m * m - beta * beta).exp() * (alpha * (E - m)).erfc()


def mixture_lip_to_lmidp(points: Sequence[object], prior: Sequence[object], sigma2: object,
                         rtol: object = sympy.Rational(1, 20), max_panels: int = 400) -> LipIntegral:
    """μ^CD of Theorem 2(b), eq. (10), for the Gaussian mixture's LIP curve, as a rigorous bracket:
    log₂(e)∫₀^∞ (e^ε + e^{−ε}) δ̄^LIP_G(ε) dε in bits.

    δ̄^LIP_G is non-increasing in ε (each E_{e^ε} is, and so is e^{−ε}E_{e^ε}), so on a panel
    [a, b] the integral lies between δ(b) and δ(a) times ∫_a^b (e^ε + e^{−ε}) dε =
    2(sinh b − sinh a). The panel with the widest gap is halved until upper − lower ≤ rtol·lower
    (or `max_panels`); beyond the grid the tail bound of ``_tail_bound`` applies. Every δ(ε) is a
    certified ball (:func:`mixture_lip_delta`).
    """
    inp = _input(points, prior)
    s2e = params.positive(sigma2, "sigma2")
    tol = params.positive(rtol, "rtol")
    panels_max = params.count(max_panels, "max_panels", minimum=2)
    limits.check_size(panels_max * len(inp.xs), "the LIP curve evaluations of eq. (10)", "outcomes")
    if len(inp.xs) == 1:
        return LipIntegral(sympy.Integer(0), sympy.Integer(0), 0, sympy.Integer(0), True)
    prec = 64
    with working_precision(prec):
        s2 = arb_of(s2e, prec)
        xs, _ = inp.balls(prec)
        # the same range as the information integral's: beyond 2^9 noise standard deviations the
        # panels reach ε where the enclosures of the curve are too wide to be ordered (a fuzz
        # case with a point at −10^50 ended in the panel-order guard)
        if not (xs[-1] - xs[0]) / s2.sqrt() <= arb(2) ** _SPREAD[1]:
            raise ParameterError(f"sigma2 must keep (max(points) − min(points))/σ at most 2^{_SPREAD[1]} for the "
                                 f"eq. (10) bracket, got a ratio of {((xs[-1] - xs[0]) / s2.sqrt()).str(3)}")
        E = sympy.Integer(1)
        while _tail_bound(inp, s2, arb_of(E, prec)) is None:
            E *= 2
        delta = {}

        def at(e: sympy.Rational) -> arb:
            if e not in delta:
                for p in (prec, 2 * prec, 4 * prec):
                    b = _lip_ball(inp, s2e, e, p)
                    if b.rad() <= abs(b.mid()) * arb(2) ** -24:
                        break
                delta[e] = b
            return delta[e]

        def weight(a: sympy.Rational, b: sympy.Rational) -> arb:
            return 2 * (arb_of(b, prec).sinh() - arb_of(a, prec).sinh())

        grid = [E * sympy.Rational(k, 8) for k in range(9)]
        while True:
            # per panel [a, b]: δ(b)·w below, δ(a)·w above (δ non-increasing)
            panels = [(arb(at(b).lower()).max(arb(0)) * w, arb(at(a).upper()) * w)
                      for a, b in zip(grid, grid[1:]) for w in (weight(a, b),)]
            ensure(all(lo.lower() <= hi.upper() for lo, hi in panels), "δ̄(b)·w ≤ δ̄(a)·w on every panel [a, b] "
                   "(δ̄^LIP is non-increasing)")
            gaps = [hi - lo for lo, hi in panels]
            lower = sum((lo for lo, _ in panels), arb(0))
            upper = sum((hi for _, hi in panels), arb(0))
            tail = _tail_bound(inp, s2, arb_of(grid[-1], prec))
            if tail.upper() > arb_of(tol, prec) * lower.lower() / 8 and len(grid) < panels_max:
                grid += [grid[-1] + E * sympy.Rational(k, 8) for k in range(1, 9)]  # reach further out
                continue
            upper += tail
            met = bool(upper - lower <= arb_of(tol, prec) * lower)
            if met or len(grid) > panels_max:
                break
            k = max(range(len(gaps)), key=lambda j: gaps[j].mid())
            grid.insert(k + 1, (grid[k] + grid[k + 1]) / 2)
            limits.report(len(grid), panels_max)
        log2e = 1 / arb(2).log()
        lower, upper = lower * log2e, upper * log2e
        lo, _ = endpoints(lower, prec)
        _, hi = endpoints(upper, prec)
        # the tail bound encloses a non-negative number: its ball may straddle 0 (an erfc that
        # underflows), but a ball certainly below 0 would have pulled the upper end down
        ensure(lo <= lower.lower().fmpq() and upper.upper().fmpq() <= hi and not tail < 0,
               "each end of the eq. (10) bracket from its own side", lower=lo, upper=hi)
    ensure_ordered(lo, hi, "the eq. (10) bracket of μ^CD")
    return LipIntegral(from_fmpq(lo), from_fmpq(hi), len(grid) - 1, grid[-1], met)
