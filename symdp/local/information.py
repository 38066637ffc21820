"""Information measures of finite channels, in **bits** (log base 2), exact or certified.

* :func:`entropy`, :func:`binary_entropy`, :func:`kl_bits`: Shannon entropy and relative entropy.
* :func:`mutual_information`: I(X;Y) = Σ_x P(x) D(W(·|x) ‖ PW) of a channel W under a prior P.
* :func:`capacity`: C(W) = max_P I(P;W), its input law found by an active-set Newton method
  on the Kuhn–Tucker conditions (:mod:`symdp.local.capacity_search`) and *certified* by the two-sided bound of Gallager's Theorem 4.5.1 /
  Csiszár–Körner: for every input law p,

      I(p; W)  ≤  C(W)  ≤  max_x D(W(·|x) ‖ pW).

  Both sides are evaluated in arb at an exact rational p, so the ball [lower, upper] always
  contains C; it is narrow because p is near a capacity-achieving law.
* :func:`bac_capacity`: the binary asymmetric channel in closed form (Moser–Chen–Lin; Ngo–Östman–
  Graell i Amat, *Local mutual-information differential privacy*, eq. 7).
* :func:`zchannel_crossover`: p̄_μ with H_b(p̄)/p̄ = −log(2^μ − 1) (ibid., remark after Theorem 1).
"""

from __future__ import annotations

from typing import Callable, Sequence

import numpy as np
import sympy
from flint import arb, fmpq, fmpz

from .. import limits
from ..numerics import params
from ..certificate import ensure
from ..errors import ParameterError, require
from ..numbers import Real, arb_of, working_precision
from ..numerics.roots import solve_decreasing
from .capacity_search import Search
from .channel import Channel, is_zero, probability_vector

__all__ = ["entropy", "binary_entropy", "kl_bits", "mutual_information", "capacity", "Capacity",
           "bac_capacity", "bac_capacity_formula", "zchannel_crossover", "LOG2E"]

#: log₂ e = 1/ln 2, the factor from nats to bits (the paper's "log(e)").
LOG2E = 1 / sympy.log(2)
#: Capacity is refused beyond this many matrix entries (the Newton step is cubic in |X|).
MAX_CAPACITY_ENTRIES = 4096

_LN2 = sympy.log(2)


def _xlog2x_terms(p: Sequence[sympy.Expr]) -> sympy.Expr:
    return sum((-v * sympy.log(v) for v in p if not is_zero(v)), sympy.Integer(0)) / _LN2


def entropy(p: Sequence[object]) -> Real:
    """H(P) = −Σ P(x) log₂ P(x) in bits, certified (``.exact`` is the closed form)."""
    law = probability_vector(p, "p")
    support = [v for v in law if not is_zero(v)]
    expr = _xlog2x_terms(support)

    def ball(prec: int) -> arb:
        out = arb(0)
        for v in support:
            b = arb_of(v, prec)
            out -= b * b.log()
        return out / arb(2).log()
    return Real(ball, exact=expr, name="entropy (bits)")


def binary_entropy(p: object) -> sympy.Expr:
    """H_b(p) = −p log₂ p − (1−p) log₂(1−p) in bits, exactly (0 at p ∈ {0, 1}; a symbol stays symbolic)."""
    v = sympy.sympify(p) if isinstance(p, sympy.Basic) and p.free_symbols else params.probability(p, "p")
    if not v.free_symbols and (is_zero(v) or is_zero(1 - v)):
        return sympy.Integer(0)
    return (-v * sympy.log(v) - (1 - v) * sympy.log(1 - v)) / _LN2


def kl_bits(p: Sequence[object], q: Sequence[object]) -> Real:
    """D(P‖Q) = Σ P log₂(P/Q) in bits, certified; ``oo`` (exact) when P is not ≪ Q."""
    a, b = probability_vector(p, "p"), probability_vector(q, "q")
    require(len(a) == len(b), "len(q)", f"len(p) = {len(a)}", len(b))
    terms = []
    for x, y in zip(a, b):
        if is_zero(x):
            continue
        if is_zero(y):
            return sympy.oo
        terms.append((x, y))
    expr = sum((x * sympy.log(x / y) for x, y in terms), sympy.Integer(0)) / _LN2

    def ball(prec: int) -> arb:
        out = arb(0)
        for x, y in terms:
            bx = arb_of(x, prec)
            out += bx * (bx / arb_of(y, prec)).log()
        return out / arb(2).log()
    return Real(ball, exact=expr, name="KL (bits)")


# --------------------------------------------------------------------------------------------
# Mutual information and capacity


class _Kernel:
    """A channel reduced for information measures: rows and the exact zero pattern.

    Columns that are zero on every input are dropped (they are never observed); I(P;W) and
    C(W) do not depend on them.
    """

    def __init__(self, channel: Channel):
        if not isinstance(channel, Channel):
            raise ParameterError(f"channel must be a Channel, got {type(channel).__name__}")
        zero = [[is_zero(v) for v in row] for row in channel.rows]
        cols = [y for y in range(channel.n_outputs) if not all(z[y] for z in zero)]
        self.rows = [[row[y] for y in cols] for row in channel.rows]
        self.zero = [[z[y] for y in cols] for z in zero]
        self.n, self.m = len(self.rows), len(cols)

    def balls(self, prec: int) -> list[list[arb]]:
        return [[arb(0) if z else arb_of(v, prec) for v, z in zip(row, zs)] for row, zs in zip(self.rows, self.zero)]

    def floats(self) -> np.ndarray:
        return np.array([[0.0 if z else float(arb_of(v, 64).mid()) for v, z in zip(row, zs)]
                         for row, zs in zip(self.rows, self.zero)])


def _divergences(W: list[list[arb]], zero: list[list[bool]], p: Sequence[arb],
                 tick: Callable[[], None] = lambda: None) -> tuple[list[arb], arb]:
    """(D(W(·|x) ‖ pW) for every x, in nats; I(p; W) in nats) in ball arithmetic; `tick()` is
    called once per input (a time budget).

    An input with p(x) = 0 may still see an output with (pW)(y) = 0: its divergence is then
    +inf (returned as an infinite ball), which the callers treat as 'no bound'.
    """
    m = len(W[0])
    q = [sum((p[x] * W[x][y] for x in range(len(W))), arb(0)) for y in range(m)]
    ds = []
    for row, zs in zip(W, zero):
        tick()
        d = arb(0)
        for y in range(m):
            if zs[y]:
                continue
            if not q[y] > 0:
                d = arb("inf")
                break
            d += row[y] * (row[y] / q[y]).log()
        ds.append(d)
    info = sum((px * d for px, d in zip(p, ds) if not px == 0), arb(0))
    return ds, info


def mutual_information(channel: Channel, prior: Sequence[object]) -> Real:
    """I(X;Y) in bits for X ~ `prior` through `channel`: Σ_x P(x) Σ_y W(y|x) log₂(W(y|x)/(PW)(y)).

    Certified for any exact entries; ``.exact`` is the closed form (a sum of logarithms).
    """
    k = _Kernel(channel)
    p = probability_vector(prior, "prior")
    require(len(p) == k.n, "len(prior)", f"n_inputs = {k.n}", len(p))
    live = [x for x in range(k.n) if not is_zero(p[x])]
    q = [sum((p[x] * k.rows[x][y] for x in live), sympy.Integer(0)) for y in range(k.m)]
    expr = sum((p[x] * k.rows[x][y] * sympy.log(k.rows[x][y] / q[y])
                for x in live for y in range(k.m) if not k.zero[x][y]), sympy.Integer(0)) / _LN2

    def ball(prec: int) -> arb:
        W = k.balls(prec)
        pb = [arb_of(v, prec) if x in live else arb(0) for x, v in enumerate(p)]
        _, info = _divergences([W[x] for x in live], [k.zero[x] for x in live], [pb[x] for x in live])
        return info / arb(2).log()
    return Real(ball, exact=expr, name="mutual information (bits)")


def _dyadic_law(p: Sequence[arb], bits: int) -> list[fmpq]:
    """An exact probability vector near `p` (exact balls, e.g. midpoints), all entries at least
    2^−bits (every output stays reachable), summing to 1: each entry above 2^−bits rounded down
    to `bits` significant bits, the largest taking the remainder.

    Relative rounding, because an optimal law may put 2^−100 on an input that alone reaches some
    output, and max_x D(W_x‖pW) depends on that mass to relative accuracy. A mass below 2^−bits
    becomes 2^−bits: that lowers the divergence of the inputs reaching such an output (the upper
    end can only improve) and moves I(p;W) by about 2^−bits; the exact rationals stay below
    2·bits bits (a search mass of 2^−(2^40) once asked for a 2^40-bit denominator)."""
    n = len(p)
    big = max(range(n), key=lambda x: p[x].mid())
    floor = fmpq(1, fmpz(1) << bits)
    out = [max(_round_down(v, bits), floor) if x != big else fmpq(0) for x, v in enumerate(p)]
    out[big] = 1 - sum(out, fmpq(0))
    return out


def _round_down(v: arb, bits: int) -> fmpq:
    """The midpoint of `v` rounded down to `bits` significant bits, exactly; 0 when it is
    below 2^−bits (or not positive)."""
    man, exp = v.mid().man_exp()
    man, exp = int(man), int(exp)
    if man <= 0 or exp + man.bit_length() <= -bits:
        return fmpq(0)
    drop = max(man.bit_length() - bits, 0)
    man, exp = man >> drop, exp + drop
    return fmpq(man << exp) if exp >= 0 else fmpq(man, 1 << -exp)


class Capacity(Real):
    """C(W) = max_P I(P;W) in bits, certified by the two-sided bound (module docstring).

    ``ball(prec)`` is [I(p;W), max_x D(W_x‖pW)] / ln 2 at an exact law p found at about `prec`
    bits (:mod:`symdp.local.capacity_search`); ``bounds(prec)`` returns both balls and
    ``input_law(prec)`` the law p. All the work on one capacity, over all its balls, shares the
    time limit ``seconds`` (:class:`symdp.limits.Stopwatch`).
    """

    __slots__ = ("_kernel", "_search", "_laws", "_watch")

    def __init__(self, kernel: _Kernel):
        super().__init__(self._ball, name="capacity (bits)")
        self._kernel = kernel
        self._search: Search | None = None
        self._laws: dict[int, list[fmpq]] = {}
        self._watch = limits.Stopwatch(f"the capacity of a {kernel.n} × {kernel.m} channel")

    def input_law(self, prec: int) -> list[fmpq]:
        """An exact input law p whose certificate gap is about 2^−prec."""
        prec = int(prec)
        if prec not in self._laws:
            with self._watch.running():
                if self._search is None:
                    k = self._kernel
                    self._search = Search(k.floats(), k.zero, lambda x, y, bits: arb_of(k.rows[x][y], bits),
                                          self._watch.check)
                self._laws[prec] = _dyadic_law(self._search.law(prec + 32), 2 * prec + 16)
        return self._laws[prec]

    def bounds(self, prec: int) -> tuple[arb, arb]:
        """(lower, upper) balls in bits: I(p;W) and max_x D(W_x‖pW) at p = input_law(prec)."""
        p = self.input_law(prec)
        ensure(sum(p, fmpq(0)) == 1 and min(p) >= 0, "the capacity certificate's input law is a probability vector")
        with self._watch.running(), working_precision(prec + 16):
            ds, info = _divergences(self._kernel.balls(prec + 16), self._kernel.zero, [arb(v) for v in p],
                                    self._watch.check)
            top = ds[0]
            for d in ds[1:]:
                top = top.max(d)
            ln2 = arb(2).log()
            return info / ln2, top / ln2

    def _ball(self, prec: int) -> arb:
        lower, upper = self.bounds(prec)
        if not (lower.is_finite() and upper.is_finite()):
            return arb(0).union(arb("inf"))
        return hull(lower, upper, "the capacity certificate I(p;W) ≤ C ≤ max_x D(W_x‖pW)")


def hull(lower: arb, upper: arb, what: str) -> arb:
    """[lower end of `lower`, upper end of `upper`]: each end taken from its own side of the
    certificate, checked (a ball built from the inner ends would exclude part of either)."""
    ensure(lower.lower() <= upper.upper(), f"lower end ≤ upper end of {what}", lower=lower, upper=upper)
    ball = arb(lower.lower()).union(arb(upper.upper()))
    ensure(ball.lower() <= lower.lower() and upper.upper() <= ball.upper(), f"each end of {what} from its own side",
           ball=ball)
    return ball


def capacity(channel: Channel) -> Real:
    """The capacity C(W) = max_P I(P;W) of a finite channel, in bits, certified.

    Exact 0 when all rows coincide. Otherwise a :class:`Capacity` whose balls come from the
    two-sided certificate I(p;W) ≤ C ≤ max_x D(W_x‖pW) at an exact input law p (an active-set
    Newton method on the Kuhn–Tucker conditions, :mod:`symdp.local.capacity_search`, at the
    working precision). Should the search not converge the certificate stays valid but too wide
    to pin many digits: ``certify`` then raises, at the latest when the time limit ``seconds``
    of :mod:`symdp.limits` runs out.
    """
    k = _Kernel(channel)
    require(k.n * k.m <= MAX_CAPACITY_ENTRIES, "channel size", f"at most {MAX_CAPACITY_ENTRIES} entries", k.n * k.m)
    if all(row == k.rows[0] for row in k.rows):
        return sympy.Integer(0)
    distinct = []
    for row in k.rows:  # duplicate inputs do not change capacity but make Newton singular
        if row not in distinct:
            distinct.append(row)
    return Capacity(_Kernel(Channel(distinct)))


# --------------------------------------------------------------------------------------------
# The binary asymmetric channel and the Z-channel


def bac_capacity_formula(e0: sympy.Expr, e1: sympy.Expr) -> sympy.Expr:
    """The right side of Ngo–Östman–Graell i Amat eq. (7) as printed (bits), for symbols or numbers:

    ε0/(1−ε0−ε1)·H_b(ε1) − (1−ε1)/(1−ε0−ε1)·H_b(ε0) + log(1 + 2^{(H_b(ε0)−H_b(ε1))/(1−ε0−ε1)}).
    """
    s = 1 - e0 - e1
    h0, h1 = binary_entropy(e0), binary_entropy(e1)
    return e0 / s * h1 - (1 - e1) / s * h0 + sympy.log(1 + 2 ** ((h0 - h1) / s)) / _LN2


def bac_capacity(e0: object, e1: object) -> sympy.Expr:
    """Capacity in bits of the binary asymmetric channel with P(B=1|A=0) = e0, P(B=0|A=1) = e1.

    Eq. (7) of Ngo–Östman–Graell i Amat (after Moser–Chen–Lin). The paper states it for
    0 ≤ ε0 ≤ min{ε1, 1−ε1, 1/2} and reduces the other cases by relabelling; the right side of
    (7) is itself invariant under those relabellings (proved in ``proofs/lmidp.py``), so it is
    used on the whole square except the line ε0 + ε1 = 1, where both rows coincide and C = 0.
    Exact (a sympy expression); ``symdp.certify`` gives its digits.
    """
    a, b = params.probability(e0, "e0"), params.probability(e1, "e1")
    if is_zero(1 - a - b):
        return sympy.Integer(0)
    if all(x.is_Rational and max(abs(x.p), x.q).bit_length() <= 16 for x in (a, b)):
        return bac_capacity_formula(a, b)
    # Unevaluated beyond 16-bit rationals: sympy rewrites 2^(c·log n) as n^c and looks for exact
    # roots of n^c, which for crossovers such as 10^-20 runs without bound. Same formula, same value.
    with sympy.evaluate(False):
        return bac_capacity_formula(a, b)


def _hb_over_p(p: arb) -> arb:
    """H_b(p)/p in bits on a ball inside (0, 1)."""
    return (-(p * p.log()) - (1 - p) * (1 - p).log()) / (p * arb(2).log())


def zchannel_crossover(mu: object) -> Real:
    """p̄_μ ∈ (0, 1): the unique p with H_b(p)/p = −log₂(2^μ − 1), for 0 < μ < 1 bit.

    Ngo–Östman–Graell i Amat, remark after Theorem 1: the lower bound and ε → ∞ limit of
    δ^LDP_μ(ε). Equivalently the Z-channel capacity log₂(1 + 2^{−H_b(p)/p}) = C_BAC(0, 1−p)
    equals μ. H_b(p)/p is continuous and strictly decreasing on (0, 1) (its derivative is
    log₂(1−p)/p² < 0) from +∞ to 0, so the root is unique; certified by :mod:`symdp.numerics.roots`.
    """
    m = params.open_probability(mu, "mu")
    with sympy.evaluate(False):  # 2^μ for μ = 10^-300 would send sympy after an exact root
        target = -sympy.log(sympy.Pow(2, m) - 1) / _LN2
    t = arb_of(target, 128)
    j = 2
    while not _hb_over_p(arb(fmpq(1, 2 ** j))) > t:
        j += 1
        require(j < 4000, "mu", "in (0, 1) bits, not so close to 0 that p̄_mu < 2^-4000", mu)
    i = 2
    while not _hb_over_p(arb(1 - fmpq(1, 2 ** i))) < t:
        i += 1
        require(i < 4000, "mu", "in (0, 1) bits, not so close to 1 that 1 − p̄_mu < 2^-4000", mu)
    return solve_decreasing(_hb_over_p, target, fmpq(1, 2 ** j), 1 - fmpq(1, 2 ** i), name=f"zchannel_crossover({m})")

