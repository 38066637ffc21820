"""Composition theorems for (ε, δ)-DP: basic, advanced, optimal; and the decomposition behind them.

Sources: Steinke, *Composition of DP & privacy amplification by subsampling* (arXiv:2210.00597),
Theorem 1 (basic), Theorems 18 and 22 (advanced), Lemma 23 and Corollary 24 (decomposition,
"(ε,δ)-randomized response"), §7 (the optimal formula of Kairouz–Oh–Viswanath, *The composition
theorem for DP*, Theorem 3.3, and the heterogeneous optimum of Murtagh–Vadhan, *The complexity of
computing the optimal composition of DP*); footnote 15 (Dwork–Rothblum–Vadhan's original bound).

Exact whenever e^{ε₀}, e^{ε} and the δ's are rational (everything then stays in ℚ); certified
otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import sympy
from flint import arb, ctx, fmpq, fmpz

from .. import limits
from ..numerics import params
from ..certificate import ensure
from ..errors import ParameterError, require
from ..numbers import Real, Value, arb_of, exact, from_fmpq, is_rational, sign, to_fmpq, working_precision
from ..numerics.roots import solve_increasing

__all__ = [
    "basic_composition", "advanced_composition", "advanced_composition_approx", "drv_composition",
    "kov_delta", "kov_epsilon", "mv_delta", "Decomposition", "decompose",
]


def _eps_list(eps: Sequence[object], name: str = "eps") -> list[sympy.Expr]:
    return [params.nonnegative(e, f"{name}[{j}]") for j, e in enumerate(eps)]


def _minimum(a: sympy.Expr, b: sympy.Expr) -> sympy.Expr:
    return a if sign(b - a) >= 0 else b


# --------------------------------------------------------------------------------------------
# Basic and advanced composition


def basic_composition(eps: Sequence[object]) -> sympy.Expr:
    """ε = Σ_j ε_j for the composition of ε_j-DP mechanisms (Steinke, Theorem 1)."""
    return sympy.Add(*_eps_list(eps))


def advanced_composition(eps: Sequence[object], delta: object) -> sympy.Expr:
    """ε = ½Σε_j² + √(2 log(1/δ) Σε_j²) (Steinke, Theorem 18, via Prop. 16, Thm. 13, Prop. 14).

    Printed "for any δ > 0"; log(1/δ) < 0 for δ > 1 makes the square root imaginary, so δ ∈ (0, 1].
    """
    es = _eps_list(eps)
    d = params.positive_probability(delta, "delta")
    s2 = sympy.Add(*(e ** 2 for e in es))
    return s2 / 2 + sympy.sqrt(2 * sympy.log(1 / d) * s2)


def advanced_composition_approx(eps: Sequence[object], deltas: Sequence[object], delta: object) -> sympy.Expr:
    """ε = min{Σε_j, ½Σε_j² + √(2 log(1/δ') Σε_j²)} with δ' = δ − Σδ_j > 0, for the adaptive
    composition of (ε_j, δ_j)-DP mechanisms to be (ε, δ)-DP (Steinke, Theorem 22)."""
    es = _eps_list(eps)
    ds = [params.probability(x, f"deltas[{j}]") for j, x in enumerate(deltas)]
    require(len(ds) == len(es), "deltas", f"of length {len(es)}", len(ds))
    d = exact(delta, "delta")
    d_prime = d - sympy.Add(*ds)
    require(sign(d_prime) > 0 and sign(1 - d_prime) >= 0, "delta", f"with δ − Σδ_j in (0, 1] (Σδ_j = {sympy.Add(*ds)})", d)
    return _minimum(basic_composition(es), advanced_composition(es, d_prime))


def drv_composition(eps0: object, k: int, delta_prime: object) -> sympy.Expr:
    """ε' = kε(e^ε − 1) + ε√(2k log(1/δ')): Dwork–Rothblum–Vadhan's original advanced composition
    of k (ε, δ)-DP mechanisms, which is (ε', kδ + δ')-DP (Steinke, footnote 15)."""
    e = params.nonnegative(eps0, "eps0")
    k = params.count(k)
    d = params.positive_probability(delta_prime, "delta_prime")
    return k * e * (sympy.exp(e) - 1) + e * sympy.sqrt(2 * k * sympy.log(1 / d))


# --------------------------------------------------------------------------------------------
# Kairouz–Oh–Viswanath: the optimal homogeneous composition


def _binomial_tails(k: int, lo: int, x: int, y: int) -> tuple[fmpz, fmpz]:
    """(Σ_{ℓ=lo}^{k} C(k,ℓ) x^ℓ y^{k−ℓ}, Σ_{ℓ=lo}^{k} C(k,ℓ) y^ℓ x^{k−ℓ}) in integers, by binary
    splitting of the term ratios (k−ℓ)x/((ℓ+1)y) and (k−ℓ)y/((ℓ+1)x), which share their binomial
    products: O(M(k log k) log k) instead of k products of k-bit numbers."""
    if lo > k:
        return fmpz(0), fmpz(0)
    fx, fy = fmpz(x), fmpz(y)

    def split(i: int, j: int) -> tuple[fmpz, fmpz, fmpz, fmpz]:
        # B = Π_{i≤m<j} (k−m), C = Π_{i≤m<j} (m+1), and with these
        # T = Σ_{i≤n<j} Π_{i≤m≤n} (k−m) · x^{n−i+1} · Π_{n<m<j} (m+1) · y^{j−1−n}, U the same with x ↔ y,
        # so that Σ_{i≤n<j} Π_{i≤m≤n} (k−m)x/((m+1)y) = T / (C y^{j−i}).
        if j - i <= 32:  # machine-size factors: Python integers are cheaper than fmpz here
            bb, cc, t, u, xp, yp = 1, 1, 0, 0, 1, 1
            for m in range(i, j):
                bb, cc, xp, yp = bb * (k - m), cc * (m + 1), xp * x, yp * y
                t = t * (m + 1) * y + bb * xp
                u = u * (m + 1) * x + bb * yp
            return fmpz(bb), fmpz(cc), fmpz(t), fmpz(u)
        mid = (i + j) // 2
        b1, c1, t1, u1 = split(i, mid)
        b2, c2, t2, u2 = split(mid, j)
        left, right = mid - i, j - mid
        return (b1 * b2, c1 * c2, t1 * c2 * fy ** right + b1 * fx ** left * t2,
                u1 * c2 * fx ** right + b1 * fy ** left * u2)

    first = fmpz.bin_uiui(k, lo)
    head = (first * fx ** lo * fy ** (k - lo), first * fy ** lo * fx ** (k - lo))
    if lo == k:
        return head
    _, c, t, u = split(lo, k)
    q1, q2 = c * fy ** (k - lo), c * fx ** (k - lo)
    return head[0] * (q1 + t) // q1, head[1] * (q2 + u) // q2


def _first_active(a: fmpq, b: fmpq, k: int) -> int:
    """The least ℓ ≥ 0 with a^{2ℓ−k} ≥ b, for rational a > 1 and b (k + 1 when there is none):
    ℓ = (k + m)/2 for the least m ≡ k (mod 2) with a^m ≥ b, found next to m ≈ log b / log a
    (an arb estimate) by exact comparisons (a^m ≥ b is monotone in m)."""
    # log a is resolved at this precision even for a = 1 + 2^−2000 (parameter_bits allows it)
    with working_precision(128 + 2 * (a.p.bit_length() + a.q.bit_length() + b.p.bit_length() + b.q.bit_length())):
        t = arb(b).log() / arb(a).log()
        m = int(t.mid().fmpq().floor()) - 2
    m = max(min(m, k + 2), -k - 2)
    m -= (m - k) % 2

    def at_least(m: int) -> bool:
        return (a ** m if m >= 0 else 1 / a ** (-m)) >= b
    while m <= k and not at_least(m):
        m += 2
    while m - 2 >= -k and at_least(m - 2):
        m -= 2
    return max((k + m) // 2, 0) if m <= k else k + 1


def _kov_sum_exact(a: fmpq, b: fmpq, k: int) -> tuple[fmpz, fmpz]:
    """S = Σ_ℓ C(k,ℓ) max(0, a^ℓ − b·a^{k−ℓ}) / (1+a)^k for rational a = e^{ε₀} = p/q and b = e^ε,
    as (numerator, denominator) integers, not reduced (one gcd at the very end, by the caller).

    The active terms are ℓ ≥ L, the least ℓ with a^{2ℓ−k} ≥ b (a term with equality is 0), so
    S = (U₁ − b U₂)/(p+q)^k with U₁ = Σ_{ℓ≥L} C(k,ℓ) p^ℓ q^{k−ℓ} and U₂ = Σ_{ℓ≥L} C(k,ℓ) q^ℓ p^{k−ℓ},
    two binomial tails summed by binary splitting (:func:`_binomial_tails`)."""
    p, q = int(a.p), int(a.q)
    lo = _first_active(a, b, k) if a > 1 else k + 1  # a = 1: every term 1 − b ≤ 0
    if lo > k:
        return fmpz(0), fmpz(1)
    u1, u2 = _binomial_tails(k, lo, p, q)
    return u1 * b.q - b.p * u2, fmpz(p + q) ** k * b.q


def _kov_sum_ball(eps0: arb, eps: arb, k: int) -> arb:
    """S of :func:`_kov_sum_exact` in arb, for any balls ε₀ > 0 and ε ≥ 0: a binomial tail
    Σ_{ℓ≥L} π_ℓ g_ℓ with π_ℓ = C(k,ℓ) p^ℓ (1−p)^{k−ℓ}, p = e^{ε₀}/(1+e^{ε₀}), and
    g_ℓ = (1 − e^{ε−(2ℓ−k)ε₀})₊ ∈ [0, 1].

    Only the terms near the mode M = ⌊(k+1)p⌋ of the binomial law are summed, at the caller's
    precision: walking away from M (π_{ℓ+1}/π_ℓ = (k−ℓ)p/((ℓ+1)(1−p)) decreases in ℓ, so π is
    unimodal), the walk stops once a term falls below 2^{−prec} of the largest one; the terms
    not summed lie in [0, B] with B = (terms skipped below)·π_first (they increase up to the
    first summed one) + π_last·r/(1−r) (a geometric bound above, r < 1 the last ratio), and B
    is added as the ball [0, B]. O(√(k·prec)) terms instead of k."""
    prec = ctx.prec
    zero = arb(0)
    with working_precision(64):
        t = eps / eps0  # the active terms have 2ℓ − k ≥ t; start at or below the threshold
        lo = int(((k + t.lower().fmpq()) / 2).floor()) - 1 if t.is_finite() else 0
    if lo > k:
        return zero
    lo = max(lo, 0)  # the terms below the threshold enter as (ball)₊, a ball around 0
    with working_precision(prec + 2 * k.bit_length() + 20):
        p, q = 1 / (1 + (-eps0).exp()), 1 / (1 + eps0.exp())  # q = 1 − p without cancelling
        odds = eps0.exp()
        mode = min(max(int(((k + 1) * p).mid().fmpq().floor()), lo), k)

        def pmf(ell: int) -> arb:
            return arb.bin_uiui(k, ell) * p ** ell * q ** (k - ell)

        def gap(ell: int) -> arb:
            return (1 - (eps - (2 * ell - k) * eps0).exp()).max(zero)

        peak = pmf(mode)
        tiny = peak * arb(2) ** (-prec - 10)
        total, term, ell = peak * gap(mode), peak, mode
        while ell > lo:  # down from the mode: π_{ℓ−1} = π_ℓ·ℓ/((k−ℓ+1)·odds)
            term = term * ell / ((k - ell + 1) * odds)
            ell -= 1
            total += term * gap(ell)
            if term < tiny:
                break
        bound = term * (ell - lo)
        term, ell = peak, mode
        while ell < k:
            ratio = odds * (k - ell) / (ell + 1)
            term = term * ratio
            ell += 1
            total += term * gap(ell)
            if term < tiny and ratio < 1:
                bound += term * odds * (k - ell) / (ell + 1) / (1 - odds * (k - ell) / (ell + 1))
                break
        ensure(bound >= 0, "the KOV tail bound is nonnegative", bound=bound)
        return total + zero.union(bound)


def kov_delta(eps0: object, delta0: object, k: int, eps: object) -> Value:
    """The least δ' such that every k-fold composition of (ε₀, δ₀)-DP mechanisms is (ε, δ')-DP:
    δ' = 1 − (1−δ₀)^k (1 − S), S = (1+e^{ε₀})^{−k} Σ_{ℓ=0}^{k} C(k,ℓ) e^{ℓε₀} max{0, 1 − e^{ε−(2ℓ−k)ε₀}}
    (Kairouz–Oh–Viswanath, Theorem 3.3, in the form displayed in Steinke §7; its proof applies
    Steinke's Proposition 7 to the k-fold worst-case PLD of footnote 16).

    Exact (sympy Rational) when e^{ε₀}, e^{ε} and δ₀ are rational, by binary splitting of the two
    binomial tails in S (k = 10⁵ in a fraction of a second); else a certified Real summing only the
    terms near the binomial mode, with a proved bound on the rest. The exact rational has about
    k·log₂(denominators) bits, checked against ``limits.rational_bits`` before anything is summed.
    """
    e0 = params.nonnegative(eps0, "eps0")
    e = params.nonnegative(eps, "eps")
    d0 = params.probability(delta0, "delta0")
    k = params.count(k)
    limits.check("binomial_n", k, f"the k = {k}-fold KOV sum's binomial coefficients C(k, l)")
    a, b = sympy.exp(e0), sympy.exp(e)
    if is_rational(a) and is_rational(b) and is_rational(d0):
        fa, fb, fd = to_fmpq(a), to_fmpq(b), to_fmpq(d0)
        bits = k * ((fa.p + fa.q).bit_length() + fd.q.bit_length()) + fb.p.bit_length() + fb.q.bit_length()
        limits.check_bits(bits, f"the exact {k}-fold KOV δ (a rational of about {bits} bits)")
        num, den = _kov_sum_exact(fa, fb, k)
        ensure(0 <= num <= den, "the KOV sum S lies in [0, 1]", k=k)
        keep, whole = (fd.q - fd.p) ** k, fd.q ** k  # (1 − δ₀)^k = keep / whole
        return from_fmpq(fmpq(whole * den - keep * (den - num), whole * den))

    def ball(prec: int) -> arb:
        # δ' = c + (1 − c)S with c = 1 − (1−δ₀)^k: two nonnegative parts, no cancellation
        # against 1 when δ' is tiny.
        c = -(k * (-arb_of(d0, prec)).log1p()).expm1() if d0 != 1 else arb(1)
        s = _kov_sum_ball(arb_of(e0, prec), arb_of(e, prec), k)
        return c + (1 - c) * s
    return Real(ball, name="kov_delta")


def kov_epsilon(eps0: object, delta0: object, k: int, delta: object) -> Value:
    """The least ε ≥ 0 with :func:`kov_delta` (ε₀, δ₀, k, ε) ≤ δ: the optimal composition of k
    (ε₀, δ₀)-DP mechanisms (Kairouz–Oh–Viswanath, Theorem 3.3).

    δ'(ε) is continuous and strictly decreasing on [0, kε₀] (each active term e^{ℓε₀} − e^{ε+(k−ℓ)ε₀}
    strictly decreases) and equals 1 − (1−δ₀)^k from kε₀ on; so the answer is 0 if δ ≥ δ'(0),
    kε₀ if δ = 1 − (1−δ₀)^k, ∞ below that, and otherwise a certified root in (0, kε₀).
    """
    e0 = params.nonnegative(eps0, "eps0")
    d0 = params.probability(delta0, "delta0")
    d = params.probability(delta, "delta")
    floor_delta = 1 - (1 - d0) ** k
    if sign(d - floor_delta) < 0:
        return sympy.oo
    if sign(d - floor_delta) == 0:
        return k * e0
    at_zero = kov_delta(e0, d0, k, 0)
    if sign(at_zero - d) <= 0:
        return sympy.Integer(0)
    minus_delta = lambda x: (1 - arb_of(d0, ctx.prec)) ** k * (1 - _kov_sum_ball(arb_of(e0, ctx.prec), x, k)) - 1
    hi = arb_of(k * e0, 64).upper().fmpq() + fmpq(1, 2 ** 20)
    return solve_increasing(minus_delta, -d, 0, hi, name="kov_epsilon")


# --------------------------------------------------------------------------------------------
# Murtagh–Vadhan: heterogeneous pure-DP composition by enumeration


def mv_delta(eps_list: Sequence[object], eps: object, deltas: Sequence[object] | None = None) -> Value:
    """The least δ' such that every composition of (ε_j, δ_j)-DP mechanisms is (ε, δ')-DP:
    δ' = 1 − Π_j(1−δ_j)(1 − S), S = Π_j(1+e^{ε_j})^{−1} Σ_{T⊆[k]} max{0, e^{Σ_T ε_j} − e^{ε} e^{Σ_{T^c} ε_j}}
    (Murtagh–Vadhan, Theorem 1.5 / Kairouz–Oh–Viswanath, Theorem 3.5; Steinke §7: the worst case
    is the product of the (ε_j, δ_j) randomized-response pairs).

    The 2^k subsets are enumerated with equal products merged (exact, in ℚ, when every e^{ε_j},
    e^ε and δ_j is rational; else certified in arb without merging). Measured with k distinct
    rational e^{ε_j} = (p+1)/p, p prime (no merging possible): k = 10: 0.01 s, 14: 0.26 s,
    16: 2 s, 18: 9 s, 20: 25 s; practical up to k ≈ 18. Homogeneous inputs merge to k+1 values.
    """
    es = _eps_list(eps_list, "eps_list")
    e = params.nonnegative(eps, "eps")
    ds = [sympy.Integer(0)] * len(es) if deltas is None else [params.probability(x, f"deltas[{j}]") for j, x in enumerate(deltas)]
    require(len(ds) == len(es), "deltas", f"of length {len(es)}", len(ds))
    xs = [sympy.exp(x) for x in es]
    b = sympy.exp(e)
    if all(is_rational(x) for x in xs + ds + [b]):
        fx, fb = [to_fmpq(x) for x in xs], to_fmpq(b)
        counts: dict[fmpq, int] = {fmpq(1): 1}
        for x in fx:
            grown: dict[fmpq, int] = {}
            for v, c in counts.items():
                grown[v] = grown.get(v, 0) + c
                grown[v * x] = grown.get(v * x, 0) + c
            counts = grown
        whole, norm = fmpq(1), fmpq(1)
        for x in fx:
            whole, norm = whole * x, norm * (1 + x)
        s = sum((c * (v - fb * whole / v) for v, c in counts.items() if v * v > fb * whole), fmpq(0)) / norm
        keep = fmpq(1)
        for x in ds:
            keep *= 1 - to_fmpq(x)
        return from_fmpq(1 - keep * (1 - s))

    def ball(p: int) -> arb:
        ex = [arb_of(x, p) for x in es]
        total_exp = sum(ex, arb(0))
        sums = [arb(0)]
        for x in ex:
            sums = sums + [v + x for v in sums]
        zero = arb(0)
        log_norm = sum((x.exp().log1p() for x in ex), arb(0))
        eb = arb_of(e, p)
        s = sum(((v - log_norm).exp() * (1 - (eb + total_exp - 2 * v).exp()).max(zero) for v in sums), arb(0))
        keep = arb(1)
        for x in ds:
            keep *= 1 - arb_of(x, p)
        return 1 - keep * (1 - s)

    return Real(ball, name="mv_delta")


# --------------------------------------------------------------------------------------------
# Lemma 23 and Corollary 24: the decomposition of a finite (ε, δ) pair


@dataclass(frozen=True)
class Decomposition:
    """P = (1−δ)P' + δP'', Q = (1−δ)Q' + δQ'' with e^{−ε}Q' ≤ P' ≤ e^{ε}Q' (Steinke, Lemma 23), and
    P' = e^ε/(e^ε+1)·A + 1/(e^ε+1)·B, Q' = e^ε/(e^ε+1)·B + 1/(e^ε+1)·A (Corollary 24).

    `gamma1` = e^{ε₁}, `gamma2` = e^{ε₂} are the thresholds of the construction and `delta1` =
    δ₁ = δ₂ = min{δ, TV(P, Q)}; `p_second`, `q_second` are the final P'', Q'' (after the
    re-weighting used when δ₁ < δ).
    """

    eps: sympy.Expr
    delta: sympy.Expr
    gamma1: sympy.Expr
    gamma2: sympy.Expr
    delta1: sympy.Expr
    p_prime: tuple
    q_prime: tuple
    p_second: tuple
    q_second: tuple
    a: tuple
    b: tuple

    def randomized_response_law(self, bit: int) -> tuple:
        """F(R(bit)) for the (ε,δ)-randomized response R of Corollary 24 and the post-processing
        F(0,⊤) = A, F(1,⊤) = B, F(0,⊥) = P'', F(1,⊥) = Q''. (The chapter prints ⊤ and ⊥ swapped:
        F(0,⊤) = P'', F(1,⊤) = Q'', F(0,⊥) = A, F(1,⊥) = B, which does not reproduce P and Q.)
        Returns P for bit 0 and Q for bit 1."""
        require(bit in (0, 1), "bit", "0 or 1", bit)
        x = sympy.exp(self.eps)
        keep, flip = (1 - self.delta) * x / (x + 1), (1 - self.delta) / (x + 1)
        same, other = (self.a, self.b) if bit == 0 else (self.b, self.a)
        second = self.p_second if bit == 0 else self.q_second
        return tuple(sympy.simplify(keep * s + flip * o + self.delta * t) for s, o, t in zip(same, other, second))


def _hockey(p: Sequence[sympy.Expr], q: Sequence[sympy.Expr], gamma: sympy.Expr) -> sympy.Expr:
    """E_γ(P‖Q) = Σ_i max(0, p_i − γ q_i), exactly (signs decided by :func:`sign`)."""
    return sympy.Add(*(pi - gamma * qi for pi, qi in zip(p, q) if sign(pi - gamma * qi) > 0))


def _threshold(p: Sequence[sympy.Expr], q: Sequence[sympy.Expr], target: sympy.Expr, cap: sympy.Expr) -> sympy.Expr:
    """The least γ ∈ [1, cap] with E_γ(P‖Q) ≤ target (E_γ is continuous, piecewise linear and
    non-increasing in γ, and E_cap ≤ target ≤ E_1 is the caller's hypothesis)."""
    if sign(_hockey(p, q, 1) - target) <= 0:
        return sympy.Integer(1)
    ratios = sorted({pi / qi for pi, qi in zip(p, q) if qi != 0 and sign(pi / qi - 1) > 0 and sign(pi / qi - cap) < 0},
                    key=lambda r: float(r))
    prev = sympy.Integer(1)
    for r in ratios + [cap]:
        if sign(_hockey(p, q, r) - target) <= 0:
            # On [prev, r] the optimal set S = {p_i > prev·q_i} is fixed, so E_γ = P(S) − γQ(S).
            active = [(pi, qi) for pi, qi in zip(p, q) if sign(pi - prev * qi) > 0]
            mass_p, mass_q = sympy.Add(*(a for a, _ in active)), sympy.Add(*(b for _, b in active))
            return sympy.simplify((mass_p - target) / mass_q)
        prev = r
    raise ParameterError("no threshold found: the pair is not (eps, delta)-DP")


def decompose(p: Sequence[object], q: Sequence[object], eps: object, delta: object | None = None) -> Decomposition:
    """The constructive decomposition of Steinke, Lemma 23, and Corollary 24's A and B, for
    finite exact probability vectors p, q and ε ≥ 0; δ defaults to the least δ for which (p, q)
    satisfies (ε, δ)-DP in both directions.

    Construction (Lemma 23's proof): with δ₁ = min{δ, TV}, choose e^{ε₁} ∈ [1, e^ε] with
    E_{e^{ε₁}}(P‖Q) = δ₁ exactly (solved on the linear piece of the hockey-stick), set
    P' = min{P, e^{ε₁}Q}/(1−δ₁), P'' = max{0, P − e^{ε₁}Q}/δ₁ (symmetrically for Q), and, when
    δ₁ < δ, replace P'' by ((δ−δ₁)P' + δ₁P'')/δ. (The chapter prints this step as
    "(1−δ)P' + (δ−δ₁)P' + (1−δ₁)P''", whose weights sum to 2 − 2δ₁; the weight of P'' is δ₁.)
    """
    ps = [exact(x, f"p[{i}]") for i, x in enumerate(p)]
    qs = [exact(x, f"q[{i}]") for i, x in enumerate(q)]
    require(len(ps) == len(qs) and len(ps) > 0, "q", f"of length {len(ps)}", len(qs))
    for name, vec in (("p", ps), ("q", qs)):
        require(all(sign(x) >= 0 for x in vec) and sympy.simplify(sympy.Add(*vec) - 1) == 0, name,
                "a probability vector", vec)
    e = params.nonnegative(eps, "eps")
    x = sympy.exp(e)
    needed = sympy.Max(_hockey(ps, qs, x), _hockey(qs, ps, x))
    d = needed if delta is None else params.probability(delta, "delta")
    require(sign(d - _hockey(ps, qs, x)) >= 0 and sign(d - _hockey(qs, ps, x)) >= 0, "delta",
            f"≥ the pair's δ(ε) = {needed}", d)
    tv = _hockey(ps, qs, 1)
    d1 = tv if sign(d - tv) >= 0 else d
    g1, g2 = _threshold(ps, qs, d1, x), _threshold(qs, ps, d1, x)
    p1 = tuple(sympy.simplify(sympy.Min(pi, g1 * qi) / (1 - d1)) for pi, qi in zip(ps, qs))
    q1 = tuple(sympy.simplify(sympy.Min(qi, g2 * pi) / (1 - d1)) for pi, qi in zip(ps, qs))
    p2 = _second(ps, p1, d1, d)
    q2 = _second(qs, q1, d1, d)
    if e == 0:
        a = b = p1
    else:
        a = tuple(sympy.simplify((x * u - v) / (x - 1)) for u, v in zip(p1, q1))
        b = tuple(sympy.simplify((x * v - u) / (x - 1)) for u, v in zip(p1, q1))
    return Decomposition(e, d, g1, g2, d1, p1, q1, p2, q2, a, b)


def _second(full: list, first: tuple, d1: sympy.Expr, d: sympy.Expr) -> tuple:
    """The final P'' = ((δ−δ₁)P' + δ₁P''_raw)/δ, with P''_raw = (P − (1−δ₁)P')/δ₁; any law when δ = 0."""
    if d == 0:
        return first
    return tuple(sympy.simplify(((d - d1) * f + (w - (1 - d1) * f)) / d) for w, f in zip(full, first))
