"""Privacy-loss distributions of finite pairs on a likelihood-ratio lattice.

Composition of pairs multiplies likelihood ratios, so the k-fold product of a pair with n
outcomes has up to n^k outcomes but only as many distinct likelihood ratios as the product
lattice has points. When every finite likelihood ratio P(x)/Q(x) is an integer power b^j of one
base b > 1, the pair is described losslessly (for every f-divergence, hockey-stick and
trade-off function) by two Laurent polynomials

    P(z) = Σ_j P(LR = b^j) z^j,      Q(z) = Σ_j Q(LR = b^j) z^j,

plus the mass P(LR = ∞) and Q(LR = 0). Composition multiplies the polynomials (Dwork–Rothblum's
privacy-loss convolution; Steinke, *Composition of DP & privacy amplification by subsampling*,
Theorem 9), which python-flint does by fast integer polynomial arithmetic: the 10⁴-fold
composition of a three-point pair is an exact computation of a fraction of a second.

Masses are kept as integer polynomials over one common denominator (exact mode, rational
masses) or as arb polynomials at a requested precision (certified mode, irrational masses).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Sequence

import gmpy2
import sympy
from flint import arb, arb_poly, fmpq, fmpz, fmpz_poly

from .. import limits
from ..errors import PrecisionError, UnsupportedError, show
from ..numbers import (arb_of, coprime_rational, from_fmpq, is_rational, power_by_squaring, precision_ladder, sign,
                       simplify, to_fmpq, working_precision)


@dataclass(frozen=True)
class Factor:
    """One pair's atoms on the lattice of base `base`: outcome i has LR base**exps[i].

    `p` and `q` are the masses of the lattice atoms (exact sympy); `p_inf` is the P-mass of
    outcomes with Q = 0 and `q_zero` the Q-mass of outcomes with P = 0.
    """

    base: sympy.Expr
    exps: tuple[int, ...]
    p: tuple[sympy.Expr, ...]
    q: tuple[sympy.Expr, ...]

    @property
    def rational(self) -> bool:
        return all(map(is_rational, self.p + self.q))


def _integer_exponent(ratio: sympy.Expr, base: sympy.Expr) -> int | None:
    """The integer j with ratio = base**j exactly, or None."""
    with working_precision(128):
        j_ball = arb_of(ratio, 128).log() / arb_of(base, 128).log()
    j = int(j_ball.mid().floor().unique_fmpz()) if j_ball.is_finite() and j_ball.rad() < 0.25 else None
    if j is not None and is_rational(base) and (abs(j) + 1) * _height(base) > limits.get("rational_bits"):
        return None  # base**j exactly would be astronomically long: not a usable lattice
    for cand in ([j, j + 1] if j is not None else []):
        if sign(sympy.sympify(ratio) - sympy.sympify(base) ** cand) == 0:
            return cand
    return None


def _simplified(expr: sympy.Expr) -> sympy.Expr:
    """An exact simplification (never a numerical guess: no nsimplify)."""
    return simplify(expr)


def lattice_factor(p: Sequence[sympy.Expr], q: Sequence[sympy.Expr]) -> Factor | None:
    """Put the finite-ratio atoms of (p, q) on a lattice b^j, or return None if impossible.

    The base is the smallest likelihood ratio above 1; every other ratio must be an exact
    integer power of it (true for randomized response, the dominating pairs and their
    compositions; false in general, e.g. ratios 2 and 3).
    """
    ratios = [_simplified(pi / qi) for pi, qi in zip(p, q) if pi != 0 and qi != 0]
    above = [r for r in ratios if sign(r - 1) > 0]
    below = [1 / r for r in ratios if sign(r - 1) < 0]
    candidates = above + below
    if not candidates:
        base = sympy.Integer(2)
    else:
        base = candidates[0]
        for r in candidates[1:]:
            if sign(r - base) < 0:
                base = r
    exps, ps, qs = [], [], []
    for pi, qi in zip(p, q):
        if pi == 0 or qi == 0:
            continue
        j = _integer_exponent(pi / qi, base)
        if j is None:
            return None
        exps.append(j)
        ps.append(pi)
        qs.append(qi)
    if not exps:  # all mass at likelihood ratio 0 or ∞ (δ = 1): one empty atom keeps the lattice non-empty
        exps, ps, qs = [0], [sympy.Integer(0)], [sympy.Integer(0)]
    return Factor(base, tuple(exps), tuple(ps), tuple(qs))


@dataclass(frozen=True)
class LatticePLD:
    """A product of lattice factors, each raised to a power: the PLD of a composed pair."""

    base: sympy.Expr
    factors: tuple[tuple[Factor, int], ...]

    @staticmethod
    def of(factor: Factor, power: int = 1) -> "LatticePLD":
        return LatticePLD(factor.base, ((factor, power),))

    @property
    def trivial(self) -> bool:
        """True when every likelihood ratio is 1: such a PLD sits on every lattice."""
        return all(not any(f.exps) for f, _ in self.factors)

    def compose(self, other: "LatticePLD") -> "LatticePLD":
        if sign(self.base - other.base) != 0:
            base = (self.base if other.trivial else other.base if self.trivial
                    else _common_base(self.base, other.base))
            return LatticePLD(base, tuple((_rebase(f, base), k) for f, k in self.factors + other.factors))
        return LatticePLD(self.base, self.factors + other.factors)

    def power(self, k: int) -> "LatticePLD":
        return LatticePLD(self.base, tuple((f, m * k) for f, m in self.factors))

    @property
    def rational(self) -> bool:
        return is_rational(self.base) and all(f.rational for f, _ in self.factors)

    @cached_property
    def has_p_inf(self) -> bool:
        """P puts mass where Q = 0 (likelihood ratio ∞): some factor's lattice atoms miss P mass."""
        return any(sign(sympy.Add(*f.p) - 1) != 0 for f, _ in self.factors)

    @cached_property
    def top(self) -> int:
        """The largest exponent j of a likelihood ratio b^j on the composed lattice."""
        return sum(k * max(f.exps) for f, k in self.factors)

    @cached_property
    def points(self) -> int:
        """The number of lattice points (likelihood ratios) of the composed polynomials."""
        return sum(k * (max(f.exps) - min(f.exps)) for f, k in self.factors) + 1

    def check_budget(self, bits_per_point: int, what: str = "the composed pair") -> None:
        """Refuse, before allocating, a lattice beyond ``limits.lattice_points`` or whose masses
        would take more than ``limits.lattice_bits`` bits in all."""
        limits.check_size(self.points, f"{what} ({self.describe()})", "lattice_points")
        limits.check_bits(self.points * bits_per_point, f"{what} ({self.describe()})", "lattice_bits")

    def describe(self) -> str:
        return " × ".join(f"{len(f.p)}-point pair^k, k = {show(k)}" for f, k in self.factors)

    def exact_bits(self) -> int:
        """An upper bound on the bits of one exact mass numerator: the common denominator of a
        k-fold product of masses with denominators d has k·log2(d) bits."""
        total = 0
        for f, k in self.factors:
            pd, qd = _lcm_den([to_fmpq(v) for v in f.p]), _lcm_den([to_fmpq(v) for v in f.q])
            total += k * (pd.bit_length() + qd.bit_length())
        return total + 64

    @cached_property
    def exact(self) -> "ExactLattice":
        """The exact integer-polynomial form (rational masses only)."""
        self.check_budget(self.exact_bits())
        lo, p, q, pd, qd, cover = 0, fmpz_poly([1]), fmpz_poly([1]), fmpz(1), fmpz(1), 1
        for f, k in self.factors:
            flo, fp, fq, fpd, fqd = _integer_polys(f)
            cover *= int(fpd * fqd)
            lo += k * flo
            p *= fp ** k
            q *= fq ** k
            pd *= fpd ** k
            qd *= fqd ** k
        return ExactLattice(to_fmpq(self.base), lo, [int(c) for c in p.coeffs()], [int(c) for c in q.coeffs()],
                            int(pd), int(qd), cover)

    def balls(self, prec: int) -> tuple[int, list[arb], list[arb]]:
        """(lo, P masses, Q masses) as arb balls at `prec` bits: the certified mode.
        Cached per precision, since a privacy profile evaluates it once per point."""
        return _lattice_balls(self, prec)


#: The cost of one coefficient product in arb's classical polynomial multiplication, in units of
#: one bit of precision. Measured: 100–190 ns per product at 64, 256 and 1024 bits alike (2 cores,
#: load average 3–6), so below some thousands of bits the per-product overhead dominates, and a
#: work estimate counts at least this many bits per product. A certification usually takes two
#: precisions: 8 001 points took 27.5 s per precision at load 10.5; with ``lattice_work = 2**38``
#: this admits about 5 800 points, about half that.
PRODUCT_OVERHEAD_BITS = 8192


@lru_cache(maxsize=64)
def _lattice_balls(lattice: LatticePLD, prec: int) -> tuple[int, list[arb], list[arb]]:
    lattice.check_budget(2 * prec + 64)  # two arf numbers (midpoint, radius) per mass
    # Masses spanning more binary orders of magnitude than the precision defeat arb's fast
    # polynomial multiplication, which then costs about points² products (the last squaring
    # alone is points²/4 of them, the ones before it a third as many again).
    if not _mass_span(lattice) < prec:
        limits.check("lattice_work", lattice.points ** 2 * max(prec, PRODUCT_OVERHEAD_BITS),
                     f"the certified composed pair ({lattice.describe()}) at {prec} bits")
    with working_precision(prec):
        lo, p = 0, arb_poly([1])
        for f, k in lattice.factors:
            flo = min(f.exps)
            pc = [arb(0)] * (max(f.exps) - flo + 1)
            for j, pi in zip(f.exps, f.p):
                pc[j - flo] += arb_of(pi, prec)
            lo += k * flo
            p *= arb_power(arb_poly(pc), k)
        p = p.coeffs()
        # On the lattice every atom has q = p / b^j, so Q(z) = P(z/b): the Q masses need no
        # second polynomial power (which cost as much as the first).
        inverse = 1 / arb_of(lattice.base, prec)
        return lo, p, [c * inverse ** (lo + i) for i, c in enumerate(p)]


def _mass_span(lattice: LatticePLD) -> arb:
    """An upper bound on log₂(largest / smallest nonzero P mass) of the composed lattice: a
    nonzero coefficient of Π_f P_f(z)^k lies between (min_f)^k and (Σ_f)^k per factor, so the
    span is at most Σ k·log₂(Σ p / min p). (Not the likelihood-ratio span: RR(10⁻¹⁰)^30000 has
    ratios within 10⁻⁵ of 1 but binomial masses over 30 000 binary orders.)"""
    with working_precision(64):
        span = arb(0)
        for f, k in lattice.factors:
            masses = [arb_of(v, 64) for v in f.p if v != 0]
            if masses:
                span += k * (sum(masses, arb(0)) / min(masses, key=lambda m: m.mid())).log() / arb.const_log2()
        return span


def arb_power(poly: arb_poly, k: int) -> arb_poly:
    """poly^k by repeated squaring, at the caller's working precision."""
    return power_by_squaring(poly, k, arb_poly([1]))


def _integer_polys(f: Factor) -> tuple[int, fmpz_poly, fmpz_poly, fmpz, fmpz]:
    lo = min(f.exps)
    width = max(f.exps) - lo + 1
    pq = [to_fmpq(v) for v in f.p]
    qq = [to_fmpq(v) for v in f.q]
    pd = _lcm_den(pq)
    qd = _lcm_den(qq)
    pc, qc = [0] * width, [0] * width
    for j, a, b in zip(f.exps, pq, qq):
        pc[j - lo] += int(a * pd)
        qc[j - lo] += int(b * qd)
    return lo, fmpz_poly(pc), fmpz_poly(qc), fmpz(pd), fmpz(qd)


def _lcm_den(values: Sequence[fmpq]) -> int:
    d = 1
    for v in values:
        d = d * int(v.q) // _gcd(d, int(v.q))
    return d


def _gcd(a: int, b: int) -> int:
    while b:
        a, b = b, a % b
    return a


def _common_base(b1: sympy.Expr, b2: sympy.Expr) -> sympy.Expr:
    """A base g with b1 = g^m and b2 = g^n for positive integers m, n, if one exists."""
    lo, hi = (b1, b2) if sign(b1 - b2) < 0 else (b2, b1)
    # Commensurable bases finish in a few steps; log b1 / log b2 irrational (2 and 3) never would.
    height = max(_height(b1), _height(b2)) if is_rational(b1) and is_rational(b2) else None
    for _ in range(64):
        j = _integer_exponent(hi, lo)
        if j is not None:
            return lo
        # Euclid on exponents: hi / lo^⌊log hi / log lo⌋ is the next candidate.
        with working_precision(128):
            m = (arb_of(hi, 128).log() / arb_of(lo, 128).log()).floor().unique_fmpz()
        if m is None:  # the exponents' continued fraction outran 128 bits: no small common base
            raise UnsupportedError(f"likelihood-ratio lattices with bases {b1} and {b2} are incommensurable")
        m = int(m)
        rest = _simplified(hi / lo ** m)
        # Every candidate is a power g^t of a common base g, so for rational bases its height
        # cannot exceed theirs; outgrowing it proves the bases incommensurable.
        if sign(rest - 1) <= 0 or (height is not None and is_rational(rest) and _height(rest) > height):
            raise UnsupportedError(f"likelihood-ratio lattices with bases {b1} and {b2} are incommensurable")
        lo, hi = (rest, lo) if sign(rest - lo) < 0 else (lo, rest)
    raise UnsupportedError(f"likelihood-ratio lattices with bases {b1} and {b2} are incommensurable")


def _height(x: sympy.Expr) -> int:
    r = sympy.Rational(x)
    return max(abs(int(r.p)), int(r.q)).bit_length()


def _rebase(f: Factor, base: sympy.Expr) -> Factor:
    if not any(f.exps):
        return Factor(base, f.exps, f.p, f.q)
    m = _integer_exponent(f.base, base)
    return Factor(base, tuple(j * m for j in f.exps), f.p, f.q)


@dataclass(frozen=True)
class ExactLattice:
    """Integer masses: P(LR = b^(lo+i)) = p[i] / p_den, Q(LR = b^(lo+i)) = q[i] / q_den."""

    base: fmpq
    lo: int
    p: list[int]
    q: list[int]
    p_den: int
    q_den: int
    #: A small integer divisible by every prime factor of p_den and q_den (0: unknown).
    den_cover: int = 0

    @cached_property
    def p_inf(self) -> fmpq:
        """P-mass of outcomes with Q = 0 (likelihood ratio ∞)."""
        return 1 - fmpq(sum(self.p), self.p_den)

    @cached_property
    def q_zero(self) -> fmpq:
        """Q-mass of outcomes with P = 0 (likelihood ratio 0)."""
        return 1 - fmpq(sum(self.q), self.q_den)

    @cached_property
    def suffix(self) -> tuple[list[int], list[int]]:
        """Suffix sums S_P[i] = Σ_{i' ≥ i} p[i'] and likewise for q (length n + 1)."""
        sp, sq = [0] * (len(self.p) + 1), [0] * (len(self.q) + 1)
        for i in range(len(self.p) - 1, -1, -1):
            sp[i] = sp[i + 1] + self.p[i]
            sq[i] = sq[i + 1] + self.q[i]
        return sp, sq

    def reverse(self) -> "ExactLattice":
        """The lattice of (Q, P): ratios inverted, masses swapped."""
        n = len(self.p)
        return ExactLattice(self.base, -(self.lo + n - 1), self.q[::-1], self.p[::-1], self.q_den, self.p_den,
                            self.den_cover)

    def hockey_stick_above(self, index: int, gamma: sympy.Expr) -> sympy.Expr:
        """Σ_{i ≥ index} (p_i − γ q_i) + P(LR = ∞): E_γ when exactly the atoms from `index` on have LR > γ."""
        sp, sq = self.suffix
        index = min(max(index, 0), len(self.p))
        a = fmpq(sp[index], self.p_den) + self.p_inf
        b = fmpq(sq[index], self.q_den)
        return sympy.Rational(int(a.p), int(a.q)) - gamma * sympy.Rational(int(b.p), int(b.q))

    def first_above(self, gamma: sympy.Expr) -> int:
        """The first index i whose likelihood ratio b^(lo+i) exceeds γ (ties have zero weight)."""
        n = len(self.p)
        if is_rational(gamma):
            g = to_fmpq(gamma)
            lo_i, hi_i = 0, n
            while lo_i < hi_i:
                mid = (lo_i + hi_i) // 2
                if self.base ** (self.lo + mid) > g:
                    hi_i = mid
                else:
                    lo_i = mid + 1
            return lo_i
        for prec in precision_ladder(128, 1 << 14):  # log_b γ, precise enough to place γ
            with working_precision(prec):
                t = arb_of(gamma, prec).log() / arb(self.base).log()
            if t.is_finite() and t.rad() < 0.25:
                break
        else:
            raise PrecisionError(f"cannot place gamma = {show(gamma)} among the likelihood ratios of this lattice")
        if t > self.lo + n:  # γ above every ratio b^(lo+i), i < n (also e^(10^400): no huge powers formed)
            return n
        if t < self.lo - 1:
            return 0
        i = int(t.mid().floor().unique_fmpz()) - self.lo + 1
        base = sympy.Rational(int(self.base.p), int(self.base.q))
        while i > 0 and sign(base ** (self.lo + i - 1) - gamma) > 0:
            i -= 1
        while i < n and sign(base ** (self.lo + i) - gamma) <= 0:
            i += 1
        return min(max(i, 0), n)

    def deltas_at_powers(self, js: Sequence[int]) -> list[sympy.Rational]:
        """E_{b^j}(P‖Q) for each integer j, exactly (suffix sums: O(n + len(js)) big-integer steps)."""
        # Integer arithmetic over the common denominator P·Q·v^j: with k-fold products the
        # integers have ~k·log(den) bits, and a general gcd per value (as every fmpq step
        # does) dominated the run time; the denominator's primes all divide a small known
        # integer, so the fraction is reduced by gcds with that integer only.
        sp, sq = self.suffix
        P, Q = fmpz(self.p_den), fmpz(self.q_den)
        missing = P - sp[0]  # P·P(LR = ∞)
        L = P * Q // P.gcd(Q)
        LP, LQ = L // P, L // Q
        u, v = fmpz(self.base.p), fmpz(self.base.q)
        out, last, up, vp = [], None, fmpz(1), fmpz(1)
        for j in js:
            if last is not None and j == last + 1 and j > 0:
                up, vp = up * u, vp * v
            else:
                up, vp = u ** abs(j), v ** abs(j)
            last = j
            num, den = (up, vp) if j >= 0 else (vp, up)  # b^j = num/den
            i = min(max(j - self.lo + 1, 0), len(self.p))
            out.append(_reduced((sp[i] + missing) * LP * den - num * sq[i] * LQ, L * den,
                                self.den_cover * int(u) * int(v) if self.den_cover else 0))
        return out


def _reduced(num: fmpz, den: fmpz, cover: int) -> sympy.Rational:
    """num/den in lowest terms, given that every prime factor of den > 0 divides `cover`
    (cover = 0: unknown, use a general gcd). Common factors are stripped one prime of `cover`
    at a time with GMP's divide-and-conquer ``remove``, far cheaper than a general gcd of
    numbers with ~10⁵ bits."""
    if num == 0:
        return sympy.Integer(0)
    if not cover:
        return from_fmpq(fmpq(num, den))
    n, d = gmpy2.mpz(int(num)), gmpy2.mpz(int(den))
    for prime in _primes(cover):
        if not (gmpy2.is_divisible(n, prime) and gmpy2.is_divisible(d, prime)):
            continue
        n_rest, a = gmpy2.remove(n, prime)
        d_rest, b = gmpy2.remove(d, prime)
        m = min(a, b)
        n, d = n_rest * prime ** (a - m), d_rest * prime ** (b - m)
    return coprime_rational(int(n), int(d))


@lru_cache(maxsize=256)
def _primes(cover: int) -> tuple[gmpy2.mpz, ...]:
    return tuple(gmpy2.mpz(p) for p in sympy.factorint(cover))
