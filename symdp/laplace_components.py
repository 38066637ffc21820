"""δ(ε) of the k-fold Laplace mechanism, certified, grouped by the number of continuous components.

Notation of :mod:`symdp.laplace_composition`: λ = ε₀/2, t = ε/ε₀, and the k-fold privacy loss is
ε₀·S where S has law e^{λS}·ν^{*k}(dS) under P, ν = e^{−λ}(A + λU) (A Rademacher, U Uniform(−1, 1)).
Hockey-stick (Steinke, *Composition of DP & privacy amplification by subsampling*, Proposition 7,
first form) with Theorem 9 (composition is convolution):

    δ_k(ε) = ∫_{x > t} (e^{λx} − e^{ε−λx}) ν^{*k}(dx),   the integrand ≥ 0.

Expanding ν^{*k} = e^{−kλ} Σ_j C(k,j) λ^j A^{*(k−j)} * U^{*j} by the number j of uniform components,

    δ_k(ε) = Σ_j W_j Σ_l C(n,l) 2^{−n} [e^{λa_l} T⁺_j(t − a_l) − e^{ε−λa_l} T⁻_j(t − a_l)],

with n = k − j, atoms a_l = 2l − n, W_j = e^{−kλ} C(k,j) sinh^j λ, and T^±_j(c) the upper tail at c
of the sum V_j of j uniforms on (−1, 1) tilted by e^{±λv} (normalised by M^j, M = sinh λ/λ). Every
j-term is ≥ 0 (it integrates the nonnegative integrand) and at most the binomial mass
C(k,j) p^j (1−p)^{k−j}, p = (1 − e^{−ε₀})/2, so the j outside a window around kp are not summed:
their total is in [0, 1 − mass inside] (binomial theorem).

Inside, T^± = 1 for the atoms with a_l ≥ t + j, T^± = 0 for a_l ≤ t − j, and for the ~j straddling
atoms T^± = 1 − CDF, where the Irwin–Hall density (Hall, Biometrika 19, 1927) gives the tilted CDF as
an alternating sum over the knots 2i − j. The atom grid and the knot grid both have step 2, so the
straddling part depends on s = l + i only, and the j-term's bracket is

    Σ_{l ≥ s*−j+1} C(n,l) 2^{−n} (e^{λa_l} − e^{ε−λa_l}) + 2 (2M)^{−j} e^{λt} 2^{−n} Σ_{s ≤ s*} K_s Φ_j(2(H − s)),

with H = (t + k)/2, s* the largest integer below H, K_s = [x^s] (1−x)^j Σ_{l ≥ s*−j+1} C(n,l) x^l
(integers, by an exact three-term recurrence) and Φ_j(z) = Σ_{m odd} λ^m z^{j+m}/(j+m)!, which is
positive and obeys the stable downward recurrence Φ_{j−2} = λ²Φ_j + λ z^{j−1}/(j−1)!. The first sum
is walked along j by Pascal's rule. The sum over s alternates: it cancelled about 1.7·j_max bits
at k = 10⁴ (j_max = 781), bounded by 2.5·j bits (the Irwin–Hall terms reach (2e)^j). Only
j ≤ kp + O(√k) occur, so the guard is a few bits per *continuous component* kept, where the single
closed form of :mod:`symdp.laplace_composition` loses a few bits per composed mechanism.
"""

from __future__ import annotations

import math
from math import comb
from typing import Sequence

import sympy
from flint import arb, ctx, fmpz

from . import limits
from .certificate import ensure
from .errors import show
from .numbers import Real, arb_of, sign, working_precision

__all__ = ["components_delta", "components_window", "components_cost", "components_cost_estimate",
           "components_delta_ball"]


def components_delta(eps0: sympy.Expr, k: int, eps: sympy.Expr) -> Real:
    """δ_k(ε) for 0 ≤ ε < kε₀ as a certified :class:`Real`. The size of the sum is checked against
    ``composition_terms`` before anything is allocated, and again for the window of each precision."""
    what = f"the {show(k)}-fold Laplace composition by continuous components"
    limits.check_size(k, what, "composition_terms")  # the cost is at least k; k may exceed a double
    limits.check_size(components_cost_estimate(eps0, k), what, "composition_terms")  # before walking
    limits.check_size(components_cost(k, components_window(eps0, k, 128)), what, "composition_terms")

    def ball(prec: int) -> arb:
        window = components_window(eps0, k, prec)
        limits.check_size(components_cost(k, window), what, "composition_terms")
        # The alternating sum over the knots cancels about 1.7·j bits at j ≈ 800 (measured at
        # k = 10⁴; the Irwin–Hall terms bound it by 2.5·j): guard 2·j_max bits, certify doubles on.
        inner = prec + 2 * window[1] + 64
        limits.check_prec(inner, what)
        with working_precision(inner):
            b = components_delta_ball(eps0, k, eps, inner, window)
        ensure(b.is_finite() and not b < 0 and not b > 1, "δ of the Laplace composition lies in [0, 1]",
               ball=b, k=k)
        return b
    return Real(ball, name=f"laplace({eps0}) ** {k} .delta({eps})")


def _ceil_exact(x: sympy.Expr) -> int:
    """⌈x⌉ for a real closed form, the integer decided by exact signs (never by a float)."""
    m = int(sympy.floor(sympy.N(x, 30)))
    while sign(x - m) > 0:
        m += 1
    while sign(x - (m - 1)) <= 0:
        m -= 1
    return m


def _log_mass(k: int, log_p: float, log_q: float, j: int) -> float:
    """log of the binomial mass C(k,j) p^j (1−p)^{k−j}, in floats: used only to *choose* the window."""
    return math.lgamma(k + 1) - math.lgamma(j + 1) - math.lgamma(k - j + 1) + j * log_p + (k - j) * log_q


def _binomial_parameter(eps0: sympy.Expr) -> tuple[float, float, float]:
    """p = (1 − e^{−ε₀})/2 with log p and log(1 − p) as floats that neither underflow (ε₀ = 10⁻⁴⁰⁰)
    nor overflow (ε₀ = 10⁴⁰⁰): from a 64-bit ball, for choosing the window only."""
    p = -(-arb_of(eps0, 64)).expm1() / 2
    return float(p.mid()), float(p.log().mid()), float((1 - p).log().mid())


def components_window(eps0: sympy.Expr, k: int, bits: int) -> tuple[int, int]:
    """[J0, J1]: the numbers of continuous components kept, chosen so that the binomial mass outside
    is below about 2^{−bits−8}: the boundary masses are below 2^{−bits−12} and the masses beyond
    fall at least geometrically with ratio 15/16 (consecutive ratios are monotone), so the sum
    outside is at most 16 times the boundary mass. Floats only *choose* the window; the certified
    bound is 1 − the mass inside, summed in :func:`components_delta_ball`."""
    p, log_p, log_q = _binomial_parameter(eps0)
    q = 1 - p
    mode = min(k, int((k + 1) * p))
    cut = -(bits + 12) * math.log(2)
    lo, hi = mode, mode
    while lo > 0 and (_log_mass(k, log_p, log_q, lo - 1) > cut or 16 * lo * q >= 15 * (k - lo + 1) * p):
        lo -= 1
    while hi < k and (_log_mass(k, log_p, log_q, hi + 1) > cut or 16 * (k - hi) * p >= 15 * (hi + 1) * q):
        hi += 1
    return lo, hi


def components_cost_estimate(eps0: sympy.Expr, k: int) -> int:
    """A lower estimate of :func:`components_cost` without walking the window: the window holds at
    least ±2 standard deviations around the mode, and every j in it up to the mode costs ≥ mode."""
    p = _binomial_parameter(eps0)[0]
    mode = int((k + 1) * p)
    return (mode + 1) * max(1, int(4 * math.sqrt(k * p * (1 - p)))) + k


def components_cost(k: int, window: tuple[int, int]) -> int:
    """Terms of the route: every kept j updates Φ on its j grid points and sums j products, and
    the atoms above the straddling window are summed once directly (about k/2 terms)."""
    lo, hi = window
    return (hi - lo + 1) * (hi + 1) + k


def _phi_start(lam: arb, z: Sequence[arb], j: int) -> tuple[list[arb], list[arb]]:
    """(Φ_{j+1}(z), Φ_j(z)) at each z: with u_r = λ^{r−j} z^r/r!, Φ_j = Σ_{r>j, r−j odd} u_r and
    Φ_{j+1} = λ^{−1} Σ_{r>j+1, r−j even} u_r. One pass over the series; from the first r with
    u_{r+1}/u_r = λz/(r+1) ≤ ρ ≤ 1/2 on, the rest is at most u_r ρ/(1−ρ) (ratios decrease), and
    that bound is added as an error to both."""
    up, cur = [], []
    stop = arb(2) ** (-ctx.prec - 8)
    for x in z:
        lz = lam * x
        u = lam * x ** (j + 1) / arb.fac_ui(j + 1)     # r = j + 1
        sums, r = [arb(0), arb(0)], j + 1
        while True:
            sums[(r - j) % 2] += u
            rho = lz / (r + 1)
            if rho < 0.5 and u < sums[1] * stop:
                err = (u * rho / (1 - rho)).upper()
                break
            u, r = u * rho, r + 1
        up.append(sums[0].union(sums[0] + err) / lam)
        cur.append(sums[1].union(sums[1] + err))
    return up, cur


def components_delta_ball(eps0: sympy.Expr, k: int, eps: sympy.Expr, prec: int,
                          window: tuple[int, int]) -> arb:
    """δ_k(ε) as a ball (module docstring), at the caller's working precision `prec`, for
    0 ≤ ε < kε₀; the j outside `window` are bounded, not summed."""
    lam = arb_of(eps0, prec) / 2
    e = arb_of(eps, prec)
    t = e / (2 * lam)
    H = (eps / eps0 + k) / 2
    s_top = _ceil_exact(H) - 1                      # largest integer s < H
    z0 = 2 * (arb_of(H, prec) - s_top)              # in (0, 2]
    lo, hi = window
    sh, ch, ex = lam.sinh(), lam.cosh(), (-k * lam).exp()
    M2 = 2 * sh / lam
    elt = (lam * t).exp()
    eeps = e.exp()

    grid = [z0 + 2 * m for m in range(hi + 1)]
    # the two parity chains of Φ start at j = hi + 1 and hi; pw holds P_j(z) = z^j/j!
    phi_next, phi_cur = _phi_start(lam, grid, hi) if hi >= 1 else ([], [])
    pw = [x ** hi / arb.fac_ui(hi) for x in grid]
    lam2 = lam * lam

    atoms = _atom_tails(k, hi, lo, s_top, lam, eeps)
    weight = arb(fmpz.bin_uiui(k, hi)) * ex * sh ** hi      # W_j = e^{−kλ} C(k,j) sinh^j λ
    row = ch ** (k - hi)                                     # W_j cosh^n λ = C(k,j) p^j (1−p)^{k−j}
    total, mass = arb(0), arb(0)
    for j in range(hi, lo - 1, -1):
        n = k - j
        l_lo = max(0, s_top - j + 1)
        corr = arb(0)
        if j >= 1 and l_lo <= s_top:
            corr = _straddle(n, j, l_lo, s_top, fmpz.bin_uiui(n, l_lo), phi_cur) * (2 * elt * arb(2) ** (-n) / M2 ** j)
        total += weight * (atoms[j] + corr)
        mass += weight * row
        if j - 1 >= max(lo, 1):  # Φ_{j−1} = λ²Φ_{j+1} + λP_j on the j−1 points it needs; P_{j−1} = P_j·j/z
            phi_next, phi_cur = phi_cur, [lam2 * a + lam * b for a, b in zip(phi_next[:j - 1], pw)]
            pw = [b * j / x for b, x in zip(pw[:j - 1], grid)]
        weight, row = (weight * j / ((k - j + 1) * sh), row * ch) if j else (weight, row)
        limits.report(hi - j + 1, hi - lo + 1)
    # the dropped j carry the binomial mass 1 − Σ_window (binomial theorem), each term in [0, its mass]
    tail = (1 - mass).nonnegative_part()
    return total.union(total + tail)


def _straddle(n: int, j: int, l_lo: int, s_top: int, binom: fmpz, phi: list[arb]) -> arb:
    """Σ_{s=l_lo}^{s*} K_s Φ_j(z_{s*−s}), K_s = [x^s] (1−x)^j Σ_{l ≥ l_lo} C(n,l) x^l, binom = C(n, l_lo)."""
    total = arb(0)
    top = s_top - l_lo
    for c, kk in enumerate(_window_krawtchouk(n, j, l_lo, s_top, binom)):
        total += (+arb(kk)) * phi[top - c]  # unary + rounds the exact integer to the working precision
    return total


def _window_krawtchouk(n: int, j: int, L: int, s_top: int, c: fmpz) -> list[fmpz]:
    """K_s = [x^s] (1−x)^j f(x), f = Σ_{l ≥ L} C(n,l) x^l, for s = L..s*, exactly, in O(s* − L)
    big-integer steps (c = C(n, L)). f solves (1+x)f' − nf = L C(n,L) x^{L−1}, so h = (1−x)^j f
    solves (1−x²)h' = [n(1−x) − j(1+x)]h + L C(n,L) x^{L−1}(1−x)^{j+1}; its coefficients:
    (s+1)K_{s+1} = (n−j)K_s + (s−1−n−j)K_{s−1} + L C(n,L)(−1)^{s−L+1} C(j+1, s−L+1)."""
    out = [c]
    if s_top > L:
        out.append(c * (n - L) // (L + 1) - j * c)
    inhom = L * c * ((j + 1) * j // 2)   # L C(n,L) C(j+1, m) at m = s−L+1 = 2, updated by its ratio
    for s in range(L + 1, s_top):
        m = s - L + 1
        rhs = (n - j) * out[-1] + (s - 1 - n - j) * out[-2] + (inhom if m % 2 == 0 else -inhom)
        out.append(rhs // (s + 1))
        inhom = inhom * (j + 1 - m) // (m + 1)
    return out


def _atom_tails(k: int, hi: int, lo: int, s_top: int, lam: arb, eeps: arb) -> dict[int, arb]:
    """A_j = Σ_{l ≥ L_j} C(n,l) 2^{−n} (e^{λa_l} − e^{ε−λa_l}) for j = hi..lo, n = k − j,
    L_j = s* − j + 1: the atoms at or above the straddling window, by one direct sum at j = hi and
    then Pascal's rule (both n and L_j step by one as j decreases)."""
    ep, em = lam.exp() / 2, (-lam).exp() / 2
    plus, minus = _TailWalk(k - hi, s_top - hi + 1, ep, em), _TailWalk(k - hi, s_top - hi + 1, em, ep)
    out = {}
    for j in range(hi, lo - 1, -1):
        out[j] = plus.total - eeps * minus.total
        plus.step()
        minus.step()
    return out


class _TailWalk:
    """B(n, L) = Σ_{l ≥ L} C(n,l) x^l y^{n−l} along (n, L) → (n+1, L+1):
    B(n+1, L+1) = (x+y) B(n, L) − y b(n, L) with b(n, L) = C(n,L) x^L y^{n−L} (Pascal's rule), and
    b(n+1, L+1) = b(n, L) · x (n+1)/(L+1). L ≤ 0 means the whole row, (x+y)^n."""

    def __init__(self, n: int, L: int, x: arb, y: arb):
        self.n, self.L, self.x, self.y = n, L, x, y
        self.total = _binomial_tail(n, L, x, y)
        self.b = arb(comb(n, L)) * x ** L * y ** (n - L) if 0 <= L <= n else arb(0)

    def step(self) -> None:
        n, L, x, y = self.n, self.L, self.x, self.y
        self.total = (x + y) * self.total - y * self.b
        self.b = self.b * x * (n + 1) / (L + 1) if L >= 0 else (y ** (n + 1) if L == -1 else arb(0))
        self.n, self.L = n + 1, L + 1


def _binomial_tail(n: int, L: int, x: arb, y: arb) -> arb:
    """Σ_{l ≥ L} C(n,l) x^l y^{n−l}, summed term by term (positive terms)."""
    L = max(L, 0)
    if L > n:
        return arb(0)
    total, term = arb(0), arb(comb(n, L)) * x ** L * y ** (n - L)
    for l in range(L, n + 1):
        total += term
        term = term * x * (n - l) / (y * (l + 1))
    return total
