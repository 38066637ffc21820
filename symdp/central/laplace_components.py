"""δ(ε) of the k-fold Laplace mechanism, certified, by continuous components in positive arithmetic.

Notation of :mod:`symdp.central.laplace_composition`: λ = ε₀/2, t = ε/ε₀ (so λt = ε/2), and under P the
k-fold privacy loss is ε₀·S where S has law e^{λS}·ν^{*k}(dS), ν = e^{−λ}(A + λU) (A Rademacher,
U uniform on (−1, 1)). Hockey-stick (Steinke, *Composition of DP & privacy amplification by
subsampling*, Proposition 7, first form) with Theorem 9 (composition is convolution):
δ_k(ε) = ∫_{x > t} (e^{λx} − e^{ε−λx}) ν^{*k}(dx). Expanding ν^{*k} = e^{−kλ} Σ_j C(k,j) λ^j
A^{*(k−j)} * U^{*j} by the number j of uniform components, writing U^{*j} as V − j with V the sum W_j of
j uniforms on [0, 2] and using its symmetry about j,

    δ_k(ε) = 2^{1−k} e^{λ(t−k)} Σ_j C(k,j) λ^j Σ_l C(k−j, l) D_j(z_l),   z_l = 2l − k + 2j − t,
    D_j(z) = 2^j E[sinh₊(λ(z − W_j))]   (sinh₊(y) = sinh(y) for y > 0, else 0).

**Every term is ≥ 0**, which is what makes a low working precision enough: nothing cancels. The atoms
lie on one grid z = z₀ + 2e for every j, z₀ ∈ (0, 2] with z₀ ≡ −k − t (mod 2), atom l ↔ e = l − c + j,
c = ⌊(k + t)/2⌋ + 1. Atoms with e < 0 give 0; those with e ≥ j (l ≥ c, "above") lie beyond W_j's
range, where D_j(z) = 2^{j−1}(e^{λz} m₋^j − e^{−λz} m₊^j), m_∓ = E e^{∓λU}: their sum is a pair of
binomial tail sums in closed form, walked along j by Pascal's rule (positive terms only). The j
"straddling" atoms 0 ≤ e < j need the vector ΔΦ^{(j)} = (D_j(z₀ + 2e))_e, and three facts give it:

* Φ_j(z) := Σ_{m odd} λ^m z^{j+m}/(j+m)! = ∫₀^z (z−u)^{j−1}/(j−1)! sinh(λu) du, so with ∇ the backward
  difference of step 2 on the grid (sequences vanishing for z ≤ 0), ΔΦ^{(j)} = ∇^j Φ_j (the j-th
  difference of a truncated power is 2^j times the density of W_j).
* Φ_{j−1} = λ²Φ_{j+1} + λ z^j/j!, hence ΔΦ^{(j−1)} = λ² ∇^{−2} ΔΦ^{(j+1)} + λ B_j with
  B_j := ∇^{j−1}(z₊^j/j!) = 2^{j−1} E[(z − W_{j−1})₊] ≥ 0 and ∇^{−1} the prefix sum: a recurrence
  *down* in j made of positive operations (prefix sums, positive scalings, additions).
* B_j(e) = [z_e B_{j−1}(e) + (2(j−1) − z_e) B_{j−1}(e−1)]/j on the support e ≤ j − 2 (both factors
  ≥ 0: the Cox–de Boor recurrence of B-splines), and B_j(e) = 2^{j−1}(z_e − j + 1) beyond it: a
  recurrence *up* in j, run first, its vectors kept.

The downward recurrence needs a start: ΔΦ^{(J)} lies between λB_{J+1} and λB_{J+1}·sinh(λz)/(λz)
(sinh(y)/y increases), entry by entry, so it starts a few levels above the window from that interval,
and the interval shrinks as the recurrence adds its positive terms (the ball arithmetic carries it; a
start too low shows as a wide result, never a wrong one). With the scaling Δ̂^{(j)} = λ^j ΔΦ^{(j)},
B̂_j = λ^j B_j the recurrence reads Δ̂^{(j−1)} = ∇^{−2}Δ̂^{(j+1)} + B̂_j.

The j-term is ≤ the mass C(k,j) a^j b^{k−j} e^{−λk−θt} for any θ ≥ 0, μ = λ + θ, a = λ sinh μ/μ,
b = cosh μ (a Chernoff bound: 1{z > W} ≤ e^{θ(z−W)}), so only the j in a window of this tilted
binomial are summed, and the rest is bounded by e^{−λk−θt}((a + b)^k − Σ_window); θ is chosen near the
saddle point of the target ε, which keeps the window (and the bound) relative to δ even in the far
tail. Floats only *choose* the window, θ and the start level; the bracket stands on the balls.

Everything that depends on ε only through z₀ (the B_j and Δ̂^{(j)} vectors, the largest cost) is
computed once for all the ε of one residue class t mod 2; each ε adds its dot products and tails.
"""

from __future__ import annotations

import math
import operator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Callable, Iterator, Sequence

import sympy
from flint import arb, arb_poly, arb_series, ctx, fmpq

from .. import limits
from ..certificate import ensure
from ..errors import show
from ..numbers import Real, arb_of, is_rational, sign, to_fmpq, working_precision

__all__ = ["ComponentsRoute", "components_deltas"]

#: Working precision (bits) of the vector recurrences at the usual 30-digit request: two limbs, the
#: fast path of arb (a third limb costs 2–3 times as much); every term is positive, so the result
#: keeps all but about log2(levels × length) of them.
FAST_PREC = 128


@contextmanager
def _series_cap(n: int) -> Iterator[None]:
    """FLINT truncates every arb_series to ``ctx.cap`` terms (10 by default): raise it for a block."""
    saved = ctx.cap
    ctx.cap = max(saved, n)
    try:
        yield
    finally:
        ctx.cap = saved


def _floor_exact(x: sympy.Expr) -> int:
    """⌊x⌋ of a real closed form, decided exactly (never by a float)."""
    if is_rational(x):
        q = to_fmpq(x)
        return int(q.p // q.q)
    m = int(sympy.floor(sympy.N(x, 30)))
    while sign(x - m) < 0:
        m -= 1
    while sign(x - (m + 1)) >= 0:
        m += 1
    return m


# --------------------------------------------------------------------------------------------
# The plan: floats choose windows, tilts and the start level (never a bound)


def _h(mu: float, lam: float) -> float:
    """d/dμ log(cosh μ + λ sinh μ/μ), written with tanh so that it neither overflows nor cancels."""
    th = math.tanh(mu)
    tail = mu / 3 - mu ** 3 / 45 if mu < 1e-3 else 1 / mu - th / mu ** 2   # 1/μ − tanh μ/μ²
    return (th + lam * tail) / (1 + lam * th / mu)


def _tilt(lam: float, k: int, t: float) -> float:
    """The μ ≥ λ minimising −(μ − λ)t + k log(cosh μ + λ sinh μ/μ) (the Chernoff exponent)."""
    if not (lam > 0 and math.isfinite(lam)) or k * _h(lam, lam) >= t:
        return lam
    lo, hi = lam, max(2 * lam, 1.0)
    while k * _h(hi, lam) < t and hi < 1e6:
        lo, hi = hi, 2 * hi
    for _ in range(80):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if k * _h(mid, lam) < t else (lo, mid)
    return lo


def _log_mass(k: int, log_p: float, log_q: float, j: int) -> float:
    return math.lgamma(k + 1) - math.lgamma(j + 1) - math.lgamma(k - j + 1) + j * log_p + (k - j) * log_q


def _window(k: int, p: float, log_p: float, log_q: float, bits: int) -> tuple[int, int]:
    """[lo, hi] of a binomial(k, p) whose mass outside is below about 2^{−bits−8}: the boundary
    masses are below 2^{−bits−12} and beyond them the masses fall at least geometrically with
    ratio 15/16 (consecutive ratios are monotone). Only a choice: the bound is certified later."""
    q = 1 - p
    mode = min(k, int((k + 1) * p))
    cut = -(bits + 12) * math.log(2)
    lo, hi = mode, mode
    while lo > 0 and (_log_mass(k, log_p, log_q, lo - 1) > cut or 16 * lo * q >= 15 * (k - lo + 1) * p):
        lo -= 1
    while hi < k and (_log_mass(k, log_p, log_q, hi + 1) > cut or 16 * (k - hi) * p >= 15 * (hi + 1) * q):
        hi += 1
    return lo, hi


@dataclass
class _Target:
    """One ε of the route: t = ε/ε₀, the first atom above c, the grid offset z₀ = 2c − k − t, the
    tilt μ (an exact dyadic, or None for θ = 0) and the window of j."""

    index: int
    eps: sympy.Expr
    t: sympy.Expr
    c: int
    z0: sympy.Expr
    mu: fmpq | None = None
    window: tuple[int, int] = (0, 0)
    extra_bits: int = 0


def _floats(eps0: sympy.Expr, t: sympy.Expr) -> tuple[float, float]:
    """λ and t as floats (for choices only); λ may underflow to 0 for ε₀ below 10⁻³⁰⁰."""
    return float(arb_of(eps0, 64).mid()) / 2, float(arb_of(t, 64).mid())


def _binomial_logs(eps0: sympy.Expr) -> tuple[float, float, float]:
    """p = (1 − e^{−ε₀})/2, log p and log(1 − p) as floats that neither underflow nor overflow."""
    p = -(-arb_of(eps0, 64)).expm1() / 2
    return float(p.mid()), float(p.log().mid()), float((1 - p).log().mid())


def _plan_target(index: int, eps0: sympy.Expr, k: int, eps: sympy.Expr, bits: int) -> _Target:
    t = eps / eps0
    c = _floor_exact((k + t) / 2) + 1
    target = _Target(index, eps, t, c, 2 * c - k - t)
    lam, tf = _floats(eps0, t)
    mu = _tilt(lam, k, tf) if lam > 1e-300 else lam
    if mu > lam * (1 + 1e-12) and mu > lam + 1e-300:
        q = fmpq(*mu.as_integer_ratio())
        if sign(sympy.Rational(int(q.p), int(q.q)) - eps0 / 2) > 0:   # θ = μ − λ ≥ 0 exactly
            target.mu = q
    if target.mu is None:
        p, log_p, log_q = _binomial_logs(eps0)
        # δ may be as small as about the spread of the loss (ε₀√k) when ε is near its mean
        target.extra_bits = 16 + max(0, int(-math.log2(max(min(2 * lam * math.sqrt(k), 1.0), 1e-300))))
    else:
        mu_f = float(target.mu)
        a = lam * math.tanh(mu_f) / mu_f
        p = a / (1 + a)
        log_p, log_q = math.log(p), math.log1p(-p)
        # the Chernoff bound exceeds δ by about θ·sd(S)·√(2π) at the saddle point
        sd = math.sqrt(k * max(p * (1 - p), 1e-300)) + math.sqrt(k / 3)
        target.extra_bits = 16 + max(0, int(math.log2(1 + (mu_f - lam) * sd * 3)))
    target.window = _window(k, p, log_p, log_q, bits + target.extra_bits)
    return target


def _start_levels(lam: float, length: int, bits: int) -> int:
    """How many levels above the window the downward recurrence starts (a choice; the balls carry
    the actual width). Started from the interval [λB_{J+1}, λB_{J+1}·sinh(y)/y] (y = λz ≤ λ·2E), the
    start reaches level j weighted by the (J − j + 1)-th term of the sinh series of y = λ(z − W_j);
    where the dot products weigh the atoms, z − W_j is within about ten standard deviations of W_j,
    10·sqrt(E/3), so the levels needed are those that bring y^X/X!·sinh(y_top)/y_top below 2^{−bits}."""
    y_top = max(2 * lam * (length + 1), 1e-300)
    log_r = y_top - math.log(2 * y_top) if y_top > 1 else 0.0
    y = max(lam * (10 * math.sqrt(length / 3 + 1) + 2), 1e-300)
    need = -(bits + 8) * math.log(2) - log_r
    x = 2
    while x < 8 * length + 64 and x * math.log(y) - math.lgamma(x + 1) > need:
        x += 2
    return x


# --------------------------------------------------------------------------------------------
# The route


class ComponentsRoute:
    """δ_k(ε) for several ε of one k-fold ε₀-Laplace composition (module docstring), 0 ≤ ε < kε₀.

    ``balls(prec)`` returns one certified ball per ε; the plan (windows, start levels) and its cost
    are decided from floats before anything is computed, so a refusal is immediate."""

    def __init__(self, eps0: sympy.Expr, k: int, epsilons: Sequence[sympy.Expr]):
        self.eps0, self.k, self.epsilons = eps0, k, list(epsilons)
        self.what = f"the k = {show(k)}-fold Laplace composition by continuous components"
        self._cache: dict[int, list[arb]] = {}

    # planning -----------------------------------------------------------------------------

    def plan(self, bits: int) -> list[tuple[sympy.Expr, list[_Target], int, int]]:
        """[(z₀, targets, vector length E, start level J)] per residue class of t mod 2."""
        limits.check_size(self.k, self.what, "composition_terms")  # k may exceed a double
        targets = [_plan_target(i, self.eps0, self.k, e, bits) for i, e in enumerate(self.epsilons)]
        groups: dict[sympy.Expr, list[_Target]] = {}
        for tg in targets:
            groups.setdefault(tg.z0, []).append(tg)
        lam = _floats(self.eps0, sympy.Integer(0))[0]
        out = []
        for z0, members in groups.items():
            length = max(tg.window[1] for tg in members) + 1
            start = length + _start_levels(lam, length, bits + max(tg.extra_bits for tg in members))
            out.append((z0, members, length, start))
        return out

    def cost(self, bits: int = FAST_PREC) -> int:
        """Vector entries the recurrences update (levels × atoms, summed over the residue classes):
        each level costs about 20 vector operations on its entries plus one dot product per ε whose
        window contains it; about 0.5 µs per entry at 128 bits (``benchmarks/bench_composition.py``)."""
        return sum(levels * length for levels, length in self._sizes(bits))

    def _sizes(self, bits: int) -> list[tuple[int, int]]:
        return [(start + 2 - min(tg.window[0] for tg in members), length)
                for _, members, length, start in self.plan(bits)]

    def check(self, bits: int = FAST_PREC) -> None:
        """Refuse before any work: each residue class (one computation) against ``composition_terms``
        (levels × atoms) and its kept B_j vectors against ``memory``."""
        for levels, length in self._sizes(bits):
            what = f"{self.what} ({levels} levels × {length} atoms)"
            limits.check_size(levels * length, what, "composition_terms")
            limits.check_size(levels * length * (bits // 8 + 64), what + "' kept vectors (bytes)", "memory")

    # evaluation ---------------------------------------------------------------------------

    def balls(self, prec: int) -> list[arb]:
        """One ball per ε at working precision about `prec` (FAST_PREC when that is enough)."""
        prec = int(prec)
        if prec not in self._cache:
            bits = max(prec - 16, 64)   # the dropped j's share of the radius; the arithmetic keeps ~120 bits
            self.check(bits)
            plan = self.plan(bits)
            # an atom above the window (z ≥ z₀ + 2j + 2) costs e^{λz} − e^{−λ(z+2j)} about
            # log2(1/(4λ(j + 1))) bits; a few are in FAST_PREC's margin, more are added
            lam_f = _floats(self.eps0, sympy.Integer(0))[0]
            low = min(tg.window[0] for _, members, _, _ in plan for tg in members)
            guard = int(-math.log2(max(4 * lam_f * (low + 1), 1e-300))) if lam_f < 1 else 0
            work = FAST_PREC if prec <= FAST_PREC + 8 and guard <= 8 else prec + 24 + max(guard, 0)
            limits.check_prec(work, self.what)
            result: dict[int, arb] = {}
            total = sum(_group_steps(members, start) for _, members, _, start in plan)
            done = 0
            for z0, members, length, start in plan:
                with working_precision(work):
                    balls = _group(self.eps0, self.k, z0, members, length, start, work,
                                   lambda d, base=done: limits.report(base + d, total))
                result.update((tg.index, b) for tg, b in zip(members, balls))
                done += _group_steps(members, start)
                limits.report(done, total)
            self._cache[prec] = [result[i] for i in range(len(self.epsilons))]
        return self._cache[prec]


def components_deltas(eps0: sympy.Expr, k: int, epsilons: Sequence[sympy.Expr]) -> list[Real]:
    """One certified :class:`Real` per ε (each 0 ≤ ε < kε₀), all from one computation per residue
    class of ε/ε₀ mod 2; refused before any work when over the limits."""
    route = ComponentsRoute(eps0, k, epsilons)
    route.check()
    return [Real(lambda prec, i=i: route.balls(prec)[i], name=f"laplace({eps0}) ** {k} .delta({e})")
            for i, e in enumerate(route.epsilons)]


# --------------------------------------------------------------------------------------------
# The arithmetic of one residue class (module docstring), at the caller's working precision


def _reverse(p: arb_poly, n: int) -> arb_poly:
    """The first n coefficients of p in reverse order (coefficient i ↦ n − 1 − i)."""
    c = p.coeffs()[:n]
    return arb_poly(([arb(0)] * (n - len(c)) + c[::-1]) if len(c) < n else c[::-1])


def _times_affine(v: arb_poly, a: arb, b: arb) -> arb_poly:
    """Entry i multiplied by a + b·i (a, b ≥ 0): a positive combination, so that the balls' radii
    grow only as the values do (a − b·i computed as a difference would add the two radii)."""
    return v * a + v.derivative().left_shift(1) * b


def _b_pass(lam: arb, z0: arb, top: int, low: int, length: int, report: Callable[[int], None]) -> dict[int, arb_poly]:
    """B̂_j = λ^j B_j on e < min(j − 1, length) for j = 2 … top, keeping those with j ≥ low + 1.
    Each step is the Cox–de Boor recurrence on the support, j·B_j(e) = z_e B(e) + (2(j−1) − z_e) B(e−1)
    with B = B_{j−1} extended first by its exact value just beyond its support. Both factors are
    ≥ 0, but z_e = z₀ + 2e grows with e and 2(j−1) − z_e falls: each product is formed in the
    orientation where its factor is a positive affine function of the index (the second on the
    reversed vector), so that no radius is counted twice."""
    kept: dict[int, arb_poly] = {}
    cur = arb_poly([])                              # B̂_{j−1}(e), e < min(j − 2, length)
    two = 2 * arb(1)
    lam_pow, two_pow = lam, arb(1)                  # λ^{j−1} and 2^{j−2} at j = 2
    for j in range(2, top + 1):
        n = min(j - 1, length)
        if j - 2 < length:     # append B̂_{j−1}(j − 2) = λ^{j−1} 2^{j−2} (z₀ + j − 2), exact beyond the support
            cur[j - 2] = lam_pow * two_pow * (z0 + (j - 2))
        anchor = n - 1                              # the reversed vector: r[i] = B(anchor − i)
        first = _times_affine(cur, z0, two)                         # z_e B(e)
        shifted = _reverse(cur, n).right_shift(1)                   # B(anchor − 1 − i) = B(e − 1)
        # 2(j − 1) − z_e = (2 − z₀) + 2(j − 2 − anchor) + 2i at e = anchor − i
        second = _times_affine(shifted, 2 - z0 + 2 * (j - 2 - anchor), two)
        cur = (first + _reverse(second, n)) * (lam / j)
        lam_pow, two_pow = lam_pow * lam, two_pow * 2
        if j >= low + 1:
            kept[j] = cur
        report(j - 1)
    return kept


def _ratio_start(lam: arb, z0: arb, length: int) -> list[arb]:
    """Balls containing [1, sinh(y)/y] at y = λ(z₀ + 2e), e < length."""
    out = []
    for e in range(length):
        y = lam * (z0 + 2 * e)
        out.append(arb(1).union(y.sinh() / y))
    return out


def _prefix2(v: arb_series) -> arb_series:
    """∇^{−2}: the prefix sum taken twice (a series division by (1 − x)², positive steps)."""
    one_minus_x = arb_series([1, -1], prec=v.prec)
    return v / one_minus_x / one_minus_x


class _Walk:
    """One ε's per-level data along j = hi, hi − 1, …: C(k, j), the binomial row segment
    g_e = C(n, c − j + e) of the straddling atoms (n = k − j), and the tail sums
    Ã^± = Σ_{l > c} C(n, l) x_±^{l−c} (x_± = e^{±2λ}) with the boundary term C(n, c), all updated by
    Pascal's rule in the direction that only adds."""

    def __init__(self, k: int, target: _Target, lam: arb):
        self.k, self.c = k, target.c
        j = target.window[1]
        self.j = j
        n = k - j
        self.binom_k = arb.bin_uiui(k, j)
        self.g = arb_poly([_binom(n, target.c - j + e) for e in range(j)])
        self.xp, self.xm = (2 * lam).exp(), (-2 * lam).exp()
        self.bc = _binom(n, target.c)
        self.ap, self.am = _upper_tail(n, target.c + 1, self.xp, target.c), _upper_tail(n, target.c + 1, self.xm, target.c)

    def step(self) -> None:
        """From j to j − 1 (n to n + 1)."""
        j, n, c = self.j, self.k - self.j, self.c
        self.g = (self.g + self.g.right_shift(1)).truncate(j - 1)
        # Ã(n+1) = (1 + x) Ã(n) + x C(n, c);  C(n+1, c) = C(n, c) + C(n, c−1)
        self.ap = (1 + self.xp) * self.ap + self.xp * self.bc
        self.am = (1 + self.xm) * self.am + self.xm * self.bc
        self.bc = self.bc * (n + 1) / (n + 1 - c) if 0 <= c <= n else _binom(n + 1, c)
        self.binom_k = self.binom_k * j / (self.k - j + 1)
        self.j = j - 1


def _binom(n: int, m: int) -> arb:
    return arb.bin_uiui(n, m) if 0 <= m <= n else arb(0)


def _upper_tail(n: int, start: int, x: arb, base: int) -> arb:
    """Σ_{l ≥ start} C(n, l) x^{l − base}, positive terms; from the first l where the term ratio
    x(n − l)/(l + 1) (decreasing in l) is certainly < 1/2 and the next term negligible, the rest is
    at most that next term times Σ 2^{−i} = 2 (a geometric series), added as a radius."""
    start = max(start, 0)
    if start > n:
        return arb(0)
    term = arb.bin_uiui(n, start) * x ** (start - base)
    total = arb(0)
    tiny = arb(2) ** (-ctx.prec - 16)
    for l in range(start, n + 1):
        total += term
        ratio = x * (n - l) / (l + 1)
        term = term * ratio
        if ratio < 0.5 and term < total * tiny:
            return total.union(total + 2 * term.upper())
    return total


def _group_steps(members: list[_Target], start: int) -> int:
    """Progress steps of one residue class: the B_j pass up to start + 2, then the levels down."""
    return (start + 1) + (start - min(tg.window[0] for tg in members) + 1)


def _group(eps0: sympy.Expr, k: int, z0_exact: sympy.Expr, members: list[_Target], length: int, start: int,
           prec: int, report: Callable[[int], None] = lambda done: None) -> list[arb]:
    """The balls of the ε in one residue class (module docstring), at working precision `prec`."""
    lam = arb_of(eps0, prec) / 2
    z0 = arb_of(z0_exact, prec)
    low = min(tg.window[0] for tg in members)
    top = start + 2
    b_hat = _b_pass(lam, z0, top, low, length, report)
    ratio = _ratio_start(lam, z0, length)
    # Δ̂^{(J)} and Δ̂^{(J+1)}: the start intervals, entry by entry
    prev = arb_poly([b * r for b, r in zip(b_hat[start + 2].coeffs(), ratio)])   # j = J + 1
    cur = arb_poly([b * r for b, r in zip(b_hat[start + 1].coeffs(), ratio)])    # j = J
    walks: dict[int, _Walk] = {}
    sums = {tg.index: arb(0) for tg in members}
    with _series_cap(length + 2):
        prev_s = arb_series(prev, prec=min(start + 1, length))
        cur_s = arb_series(cur, prec=min(start, length))
        for j in range(start, low - 1, -1):        # cur_s is Δ̂^{(j)}
            coeffs = None
            for tg in members:
                lo, hi = tg.window
                if not lo <= j <= hi:
                    continue
                walk = walks.get(tg.index)
                if walk is None:   # the first level of its window, j = hi
                    walk = walks[tg.index] = _Walk(k, tg, lam)
                if coeffs is None:
                    coeffs = cur_s.coeffs()[:j]
                dot = sum(map(operator.mul, walk.g.coeffs(), coeffs), arb(0))
                sums[tg.index] += walk.binom_k * (dot + _above(lam, z0, j, walk))
                if j > lo:
                    walk.step()
            if j == low:
                break
            # Δ̂^{(j−1)} = ∇^{−2} Δ̂^{(j+1)} + B̂_j on e < min(j − 1, length)
            n = min(j - 1, length)
            nxt = (_prefix2(prev_s) * arb_series([1], prec=n) + arb_series(b_hat[j], prec=n)) if n else arb_series([], prec=0)
            prev_s, cur_s = cur_s, nxt
            report(top - 1 + start - j + 1)
    out = []
    for tg in members:
        b = _finish(eps0, k, tg, lam, sums[tg.index], prec)
        ensure(b.is_finite() and not b < 0 and not b > 1, "δ of the Laplace composition lies in [0, 1]",
               ball=b, k=k, eps=tg.eps)
        out.append(b)
    return out


def _above(lam: arb, z0: arb, j: int, walk: _Walk) -> arb:
    """λ^j Σ_{l ≥ c} C(n, l) D_j(z_l) = ½(e^{2λ} − 1)^j [e^{λz₀}A⁺ − e^{−λ(z₀+2j)}A⁻], each atom's
    difference positive; the first atom (l = c) through a sinh so that a tiny λz₀ does not cancel."""
    first = walk.bc * (-lam * j).exp() * 2 * (lam * (z0 + j)).sinh()
    rest = (lam * z0).exp() * walk.ap - (-lam * (z0 + 2 * j)).exp() * walk.am
    return ((2 * lam).expm1() ** j) * (first + rest) / 2


def _finish(eps0: sympy.Expr, k: int, tg: _Target, lam: arb, total: arb, prec: int) -> arb:
    """2^{1−k} e^{λ(t−k)} · Σ_window, plus the dropped j bounded by the tilted binomial mass outside."""
    t = arb_of(tg.t, prec)
    value = total * arb(2) ** (1 - k) * (lam * (t - k)).exp()
    with working_precision(prec + 64):
        lam_w = arb_of(eps0, prec + 64) / 2
        if tg.mu is None:
            a, b, scale = lam_w.sinh(), lam_w.cosh(), (-lam_w * k).exp()
            whole = (lam_w * k).exp()
        else:
            mu = arb(tg.mu)
            a, b = lam_w * mu.sinh() / mu, mu.cosh()
            scale = (-lam_w * k - (mu - lam_w) * arb_of(tg.t, prec + 64)).exp()
            whole = (a + b) ** k
        lo, hi = tg.window
        term = arb.bin_uiui(k, lo) * a ** lo * b ** (k - lo)
        inside = arb(0)
        for j in range(lo, hi + 1):
            inside += term
            term = term * a * (k - j) / (b * (j + 1))
        dropped = (scale * (whole - inside)).upper()
    if dropped < 0:
        dropped = arb(0)
    return value.union(value + dropped)
