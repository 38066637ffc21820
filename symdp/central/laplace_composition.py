"""Exact k-fold composition of the Laplace mechanism.

One Laplace mechanism Lap(0, 1/ε₀) vs Lap(1, 1/ε₀) has privacy loss Z = ε₀·s, where under P
the variable s has atoms P[s = 1] = 1/2, P[s = −1] = e^{−ε₀}/2 and density (ε₀/4)e^{ε₀(s−1)/2}
on (−1, 1). That law is e^{ε₀ s/2}·ν(ds) with the *symmetric* measure

    ν = e^{−ε₀/2} (A + (ε₀/2) U),   A = (δ₁ + δ₋₁)/2 (Rademacher),  U = Uniform(−1, 1),

so the k-fold privacy loss (Steinke, *Composition of DP & privacy amplification by subsampling*,
Theorem 9: composition is convolution) has law e^{ε₀ s/2} ν^{*k}(ds), and

    ν^{*k} = e^{−kε₀/2} Σ_m C(k,m)(ε₀/2)^m A^{*(k−m)} * U^{*m}.

The continuous part of A^{*(k−m)} * U^{*m} is, by the Irwin–Hall formula, a sum of truncated
powers (s − c_n)₊^{m−1} / (2^k (m−1)!) with knots c_n = 2n − k and coefficients the Krawtchouk
numbers K_{m,n} = [zⁿ](1−z)^m(1+z)^{k−m}. Proposition 7 (second form) with t = ε/ε₀, reflected
through the symmetry of ν, then integrates term by term (∫₀^d u^{m−1}e^{λu}du is a truncated
exponential series), and the sums over m of C(k,m)(±1)^m K_{m,n} collapse to 2^k·[n = 0] and
2^k·[n = k]. What is left is the closed form derived for symdp:

    δ_k(ε) = 1 − 2^{1−k} e^{(ε − kε₀)/2} Σ_{n : y_n > 0} Σ_{m=1}^{k} C(k,m) K_{m,n} O_m(y_n)

for 0 ≤ ε < kε₀ (and δ_k = 0 for ε ≥ kε₀), where y_n = (ε₀(k − 2n) − ε)/2 and
O_m(y) = Σ_{0 ≤ r < m, r ≢ m (mod 2)} y^r / r! (the odd or even part of the exponential series).
For k = 1 it is 1 − e^{(ε−ε₀)/2}, the Laplace profile. For rational ε₀ and ε the double sum is
one rational number R, so δ_k(ε) = 1 − R·2^{1−k}·e^{(ε−kε₀)/2} exactly. The sum has at most
k·⌈k/2⌉ terms, computed in integers (k = 1000 takes seconds; see ``benchmarks/``).
"""

from __future__ import annotations

from math import comb, factorial
from typing import Callable, Iterator, Sequence

import sympy
from flint import arb, fmpq

from .. import limits
from ..numerics import params
from ..errors import ParameterError, ResourceLimitError, show
from ..numbers import Real, Value, arb_of, is_rational, sign, working_precision
from .pairs import LaplacePair, Pair, _large_exponent, power
from .laplace_components import ComponentsRoute, _floor_exact, components_deltas
from ..numerics.roots import at_points, solve_decreasing

try:  # GMP integers make the k·k/2 big-integer products several times faster.
    from gmpy2 import mpz as _int
except ImportError:  # pragma: no cover - gmpy2 is a declared dependency
    _int = int

__all__ = ["laplace_composition_delta", "laplace_composition_epsilon", "laplace_composition_sum",
           "LaplaceComposition", "laplace_power"]


def _knots(eps0: sympy.Expr, k: int, eps: sympy.Expr) -> int:
    """The number N of knots c_n = 2n − k below −ε/ε₀, i.e. with y_n = (ε₀(k−2n) − ε)/2 > 0:
    n < (k − ε/ε₀)/2, so N = ⌈(k − ε/ε₀)/2⌉ within [0, k + 1], decided exactly. A knot with y_n = 0
    exactly contributes an empty integral, so it is excluded. The double sum then has N·k terms."""
    return max(0, min(k + 1, -_floor_exact(-(k - eps / eps0) / 2)))


def _checked_knots(eps0: sympy.Expr, k: int, eps: sympy.Expr) -> int:
    """:func:`_knots`, with the size of the double sum checked against ``composition_terms``."""
    what = f"the k = {show(k)}-fold Laplace composition's exact sum"
    limits.check_size(k, what, "composition_terms")
    n_knots = _knots(eps0, k, eps)
    limits.check_size(n_knots * k, f"{what} ({n_knots} knots × {k} orders)", "composition_terms")
    return n_knots


def _weights(k: int) -> Iterator[list]:
    """B_{m,n} = C(k,m) K_{m,n} for n = 0, 1, 2, … (lists over m = 0..k).

    Krawtchouk's three-term recurrence (n+1)K_{n+1}(m) = (k−2m)K_n(m) − (k−n+1)K_{n−1}(m) holds
    for B as well (C(k,m) does not depend on n), with exact integer division."""
    prev = None
    cur = [_int(comb(k, m)) for m in range(k + 1)]
    yield cur
    prev, cur = cur, [(k - 2 * m) * b for m, b in enumerate(cur)]
    n = 1
    while True:
        yield cur
        prev, cur = cur, [((k - 2 * m) * c - (k - n + 1) * p) // (n + 1)
                          for m, (c, p) in enumerate(zip(cur, prev))]
        n += 1


def _parity_suffix(b: list) -> list:
    """S_r = Σ_{m > r, m ≢ r (mod 2)} b_m = b_{r+1} + b_{r+3} + …, for r = 0..k−1, so that
    Σ_m b_m O_m(y) = Σ_r S_r y^r / r!."""
    k = len(b) - 1
    s = [_int(0)] * (k + 2)
    for r in range(k - 1, -1, -1):
        s[r] = b[r + 1] + s[r + 2]
    return s[:k]


def _double_sum(k: int, n_knots: int, series: Callable[[int], Iterator],
                lift: Callable = lambda s: s) -> object:
    """Σ_{n < N} Σ_r S_{r,n} · series(n)_r, where series(n) yields the (scaled) y_n^r / r!."""
    total = 0
    for n, b in zip(range(n_knots), _weights(k)):
        total += sum(t * lift(s) for s, t in zip(_parity_suffix(b), series(n)))
        limits.report(n + 1, n_knots)
    return total


def laplace_composition_sum(eps0: object, k: int, eps: object) -> sympy.Rational:
    """The rational R with δ_k(ε) = 1 − R·2^{1−k}·e^{(ε − kε₀)/2}, for rational ε₀ and ε < kε₀."""
    e0, e, k = params.positive(eps0, "eps0"), params.nonnegative(eps, "eps"), params.count(k)
    if not (is_rational(e0) and is_rational(e)):
        raise ParameterError(f"eps0 and eps must be rational for the exact sum, got {e0} and {e}")
    n_knots = _checked_knots(e0, k, e)
    a, b = int(e0.p), int(e0.q)
    u, v = int(e.p), int(e.q)
    d = 2 * b * v                           # y_n = Y_n / d with integer Y_n
    scale = _int(d) ** (k - 1) * factorial(k - 1)

    def series(n: int) -> Iterator:
        y = a * v * (k - 2 * n) - u * b
        t = scale                           # scale · y^r / r!, an integer for every r < k
        for r in range(k):
            if r:
                t = t * y // (d * r)
            yield t
    total = _double_sum(k, n_knots, series)
    return sympy.Rational(int(total), int(scale))


def _sum_ball(eps0: sympy.Expr, k: int, eps: sympy.Expr, n_knots: int, prec: int) -> arb:
    e0, e = arb_of(eps0, prec), arb_of(eps, prec)

    def series(n: int) -> Iterator:
        y = (e0 * (k - 2 * n) - e) / 2
        t = arb(1)
        for r in range(k):
            if r:
                t = t * y / r
            yield t
    return _double_sum(k, n_knots, series, lambda s: arb(int(s)))


#: Largest exact double sum (knots × orders) always returned as a closed form: the published tables
#: (k ≤ 20) stay exact whatever the costs below say.
EXACT_TERMS = 2000


def _exact_seconds(terms: int, k: int) -> float:
    """Estimated CPU seconds of the exact double sum: its integers have about k bits (measured
    0.8 µs a term at k = 300, 3 µs at k = 1000)."""
    return terms * (2e-7 + 2.8e-9 * k)


def _ball_seconds(terms: int, k: int) -> float:
    """The closed form in balls (irrational ε₀ or ε) works at the precision plus k guard bits."""
    return terms * (1e-6 + 3e-9 * k)


def _components_seconds(entries: int) -> float:
    """The route by continuous components: about 1 µs per vector entry (levels × atoms, including
    the dot products; ``benchmarks/bench_composition.py``)."""
    return entries * 1e-6


def _route(e0: sympy.Expr, k: int, e: sympy.Expr) -> str:
    """"exact", "ball" (the closed form in balls) or "components", chosen by estimated cost before any
    work; a route over the limits is not taken, and when every route is, the cheapest one's
    ResourceLimitError is raised. Never decided by a ball: the components route is certified at
    the working precision it needs (all its terms are positive), and the closed forms are exact or
    guard the k bits their sum cancels."""
    what = f"the k = {show(k)}-fold Laplace composition's exact sum"
    limits.check_size(k, what, "composition_terms")
    n_knots = _knots(e0, k, e)
    terms = n_knots * k
    closed = "exact" if is_rational(e0) and is_rational(e) else "ball"
    if closed == "exact" and terms <= EXACT_TERMS:
        return closed
    route = ComponentsRoute(e0, k, [e])
    options = []
    for name, seconds, check in (
            (closed, (_exact_seconds if closed == "exact" else _ball_seconds)(terms, k),
             lambda: limits.check_size(terms, f"{what} ({n_knots} knots × {k} orders)", "composition_terms")),
            ("components", _components_seconds(route.cost()), route.check)):
        options.append((seconds, name, check))
    options.sort()
    for _, name, check in options:
        try:
            check()
        except ResourceLimitError:
            continue
        return name
    options[0][2]()     # raises: the cheapest route's limit, named
    raise AssertionError("unreachable")


def laplace_composition_delta(eps0: object, k: int, eps: object) -> Value | list[Value]:
    """δ(ε) of the k-fold composition of the ε₀-DP Laplace mechanism, both directions (the pair is
    symmetric); `eps` may be a list or tuple, then one value per ε, all of those that take the
    components route from **one** computation (per residue class of ε/ε₀ mod 2).

    The route is chosen by estimated cost, decided before any work (:func:`_route`): exact
    ``1 − R·2^{1−k}·exp((ε − kε₀)/2)`` with rational R when ε₀ and ε are rational and the double sum
    is small (at most :data:`EXACT_TERMS` terms) or cheaper (derivation: module docstring; Steinke,
    Proposition 7 and Theorem 9); otherwise a certified :class:`Real`, by the sum over the number of
    continuous components (:mod:`symdp.central.laplace_components`, positive terms only) or, when that is
    dearer, by the closed form in balls. A route beyond the limits is refused at once
    (``ResourceLimitError`` naming ``composition_terms``)."""
    e0, k = params.positive(eps0, "eps0"), params.count(k)
    if isinstance(eps, (list, tuple)):
        values = [params.nonnegative(x, f"eps[{i}]") for i, x in enumerate(eps)]
        out: list[Value | None] = [None] * len(values)
        shared = []
        for i, e in enumerate(values):
            if sign(e - k * e0) >= 0:
                out[i] = sympy.Integer(0)
            elif _route(e0, k, e) == "components":
                shared.append(i)
            else:
                out[i] = _closed_form(e0, k, e)
        if shared:
            for i, value in zip(shared, components_deltas(e0, k, [values[i] for i in shared])):
                out[i] = value
        return out  # type: ignore[return-value]
    e = params.nonnegative(eps, "eps")
    if sign(e - k * e0) >= 0:
        return sympy.Integer(0)
    if _route(e0, k, e) == "components":
        return components_deltas(e0, k, [e])[0]
    return _closed_form(e0, k, e)


def _closed_form(e0: sympy.Expr, k: int, e: sympy.Expr) -> Value:
    """1 − R·2^{1−k}·e^{(ε−kε₀)/2}: exact for rational ε₀ and ε, else R in balls with k guard bits."""
    factor = sympy.Integer(2) ** (1 - k) * sympy.exp((e - k * e0) / 2)
    if is_rational(e0) and is_rational(e):
        return 1 - laplace_composition_sum(e0, k, e) * factor
    n_knots = _checked_knots(e0, k, e)

    def ball(prec: int) -> arb:
        # The double sum cancels about k bits (|K_{m,n}| ≤ 2^k); guard them.
        inner = prec + k + 64
        with working_precision(inner):
            r = _sum_ball(e0, k, e, n_knots, inner) * arb_of(factor, inner)
            return 1 - r
    return Real(ball, name=f"laplace({e0}) ** {k} .delta({e})")


def _delta_ball(eps0: sympy.Expr, k: int) -> Callable[[fmpq, int], arb]:
    """ε ↦ δ_k(ε) at an exact rational ε, as a ball (for certified inversion)."""
    def f(x: fmpq, prec: int) -> arb:
        e = sympy.Rational(int(x.p), int(x.q))
        return arb_of(laplace_composition_delta(eps0, k, e), prec)
    return f


def laplace_composition_epsilon(eps0: object, k: int, delta: object) -> Value:
    """The least ε ≥ 0 with δ_k(ε) ≤ δ for the k-fold ε₀-Laplace composition: certified root of
    the continuous profile, which is strictly decreasing on [0, kε₀] (its derivative is
    −e^ε Q[Z > ε] < 0 there) and 0 from kε₀ on (basic composition is attained)."""
    e0, k = params.positive(eps0, "eps0"), params.count(k)
    d = params.probability(delta, "delta")
    if d == 0:
        return k * e0
    if sign(laplace_composition_delta(e0, k, 0) - d) <= 0:
        return sympy.Integer(0)
    return solve_decreasing(at_points(_delta_ball(e0, k)), d, 0, sympy.ceiling(k * e0),
                            name=f"laplace({e0}) ** {k} .epsilon({d})")


class LaplaceComposition(Pair):
    """laplace(ε₀) ** k as a pair-like object: ``delta``, ``epsilon``, ``hockey_stick``, ``tv``,
    ``kl`` and ``renyi`` exactly (the pair is symmetric, so E_γ(P‖Q) = E_γ(Q‖P))."""

    symmetric = True

    def __init__(self, eps0: object, k: int):
        self.eps0 = params.positive(eps0, "eps0")
        self.k = params.count(k)

    def __repr__(self) -> str:
        return f"laplace({self.eps0}) ** {self.k}"

    def reverse(self) -> "LaplaceComposition":
        return self

    def delta(self, eps: object) -> Value:
        return laplace_composition_delta(self.eps0, self.k, eps)

    def delta_curve(self, epsilons: Sequence[object]) -> list[Value]:
        """δ at each ε of `epsilons` from one composition (:func:`laplace_composition_delta` with a
        list): the route by continuous components shares its vectors among the ε of one residue
        class of ε/ε₀ mod 2, each ε adding only its dot products."""
        return laplace_composition_delta(self.eps0, self.k, list(epsilons))

    def epsilon(self, delta: object) -> Value:
        return laplace_composition_epsilon(self.eps0, self.k, delta)

    def hockey_stick(self, gamma: object) -> Value:
        """E_γ = δ(log γ) for γ ≥ 1, and 1 − γ + γ·δ(log(1/γ)) for γ < 1 (complement identity
        E_γ(P‖Q) = 1 − γ + γ E_{1/γ}(Q‖P) and symmetry)."""
        g = params.nonnegative(gamma, "gamma")
        if g == 0:
            return sympy.Integer(1)
        if sign(g - 1) >= 0:
            return self.delta(sympy.log(g))
        return 1 - g + g * self.delta(sympy.log(1 / g))

    def tv(self) -> Value:
        return self.delta(0)

    def kl(self) -> Value:
        """KL is additive under composition: k(ε₀ + e^{−ε₀} − 1)."""
        return self.k * (self.eps0 + sympy.exp(-self.eps0) - 1)

    def renyi(self, alpha: object) -> Value:
        """Rényi divergences add under composition (Steinke, Lemma 33.2)."""
        return self.k * LaplacePair(self.eps0).renyi(alpha)

    def chi2(self) -> Value:
        """χ² = e^{D_2} − 1, and D_2 adds under composition: (1 + χ²(Lap))^k − 1. Beyond
        EXACT_POWER_BITS bits the power is a certified Real, e^{k·log(1 + χ²)} − 1 in balls:
        sympy would build the rational (or do so on the first arithmetic with an unexpanded one)."""
        base = 1 + LaplacePair(self.eps0).chi2()
        if not _large_exponent(self.k * sympy.log(base)):
            return base ** self.k - 1
        k = self.k

        def ball(prec: int) -> arb:
            return (arb(k) * arb_of(sympy.log(base), prec)).exp() - 1
        return Real(ball, name=f"laplace({self.eps0}) ** {show(k)} .chi2()")

    def compose(self, other: object) -> "LaplaceComposition":
        if isinstance(other, LaplaceComposition) and other.eps0 == self.eps0:
            return LaplaceComposition(self.eps0, self.k + other.k)
        if isinstance(other, LaplacePair) and other.eps == self.eps0:
            return LaplaceComposition(self.eps0, self.k + 1)
        return super().compose(other)

    def _power(self, k: int) -> "LaplaceComposition":
        return LaplaceComposition(self.eps0, self.k * k)


@power.register(LaplacePair)
def laplace_power(pair: LaplacePair, k: int) -> LaplaceComposition:
    """``laplace(ε₀) ** k``: the route of ``LaplacePair ** k`` (registered with
    :func:`symdp.central.pairs.power`)."""
    return LaplaceComposition(pair.eps, k)
