"""Pairs (P, Q): the output laws of a mechanism on two neighbouring inputs.

Every privacy quantity of one mechanism is a functional of its (dominating) pair: the
hockey-stick divergence E_γ(P‖Q) = sup_S P(S) − γQ(S), δ(ε), ε(δ), total variation, KL, χ²,
Rényi divergences and the trade-off (ROC) function. Finite pairs compute all of them exactly;
analytic pairs carry closed forms, each checked in ``proofs/`` against an independent route.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from contextlib import nullcontext
from functools import cached_property, singledispatch
from typing import Sequence

import sympy
from flint import fmpq

from ..errors import ParameterError, UnsupportedError, require
from ..numbers import (Real, Value, arb_of, ball_function, exact, from_fmpq, is_rational, maximum, sign, simplify,
                       to_fmpq)
from .. import limits
from ..numerics import params

__all__ = ["Pair", "FinitePair", "GaussianPair", "LaplacePair", "laplace", "gaussian",
           "randomized_response", "dominating"]


def _exp(eps: sympy.Expr) -> sympy.Expr:
    return sympy.exp(eps)


class Pair(ABC):
    """A binary hypothesis test (P, Q) between the outputs on two neighbouring inputs."""

    symmetric: bool = False

    @abstractmethod
    def hockey_stick(self, gamma: object) -> Value:
        """E_γ(P‖Q) = sup_S P(S) − γ Q(S) = ∫ (dP − γ dQ)₊, for γ ≥ 0."""

    @abstractmethod
    def reverse(self) -> "Pair":
        """The pair (Q, P)."""

    def delta(self, eps: object) -> Value:
        """The least δ for which the pair is (ε, δ)-DP in both directions:
        max(E_{e^ε}(P‖Q), E_{e^ε}(Q‖P)) (Dwork–Roth; Ghazi–Issa, Definition 1)."""
        eps = params.nonnegative(eps, "eps", symbolic=True)
        forward = self.hockey_stick(_exp(eps))
        if self.symmetric:
            return forward
        return maximum(forward, self.reverse().hockey_stick(_exp(eps)))

    def epsilon(self, delta: object) -> Value:
        """The least ε ≥ 0 with ``delta(ε) ≤ delta``: a certified inverse of the privacy profile
        δ(ε), which is continuous and strictly decreasing where positive. ``oo`` when no
        finite ε suffices."""
        d = params.probability(delta, "delta", symbolic=True)
        if sign(_difference(self.delta(0), d)) <= 0:
            return sympy.Integer(0)
        if d == 0:
            return sympy.oo
        from ..numerics.roots import solve_decreasing
        return solve_decreasing(self._delta_kernel(), d, 0, None, name=f"{self!r}.epsilon({d})")

    def _delta_kernel(self):
        """δ(ε) compiled to a function of an arb ball (from the symbolic profile)."""
        e = sympy.Symbol("epsilon", positive=True)
        return ball_function(self.delta(e), e)

    def tv(self) -> Value:
        """Total variation d_TV(P, Q) = E_1(P‖Q) (Ghazi–Issa, Definition 3)."""
        return self.hockey_stick(sympy.Integer(1))

    def kl(self) -> Value:
        """KL divergence D(P‖Q) in nats."""
        raise UnsupportedError(f"{type(self).__name__} has no KL divergence implemented")

    def chi2(self) -> Value:
        """χ² divergence χ²(P‖Q) = ∫ dP²/dQ − 1."""
        raise UnsupportedError(f"{type(self).__name__} has no χ² divergence implemented")

    def renyi(self, alpha: object) -> Value:
        """Rényi divergence D_α(P‖Q) = log(∫ p^α q^{1−α}) / (α − 1)."""
        raise UnsupportedError(f"{type(self).__name__} has no Rényi divergence implemented")

    def tradeoff(self, alpha: object) -> Value:
        """Trade-off function: the least type-II error Q(accept) of a test with type-I error
        P(reject) ≤ α (Dong–Roth–Su; Ghazi–Issa, Definition 2)."""
        raise UnsupportedError(f"{type(self).__name__} has no trade-off function implemented")

    def compose(self, other: "Pair") -> "Pair":
        """The product pair (P × P', Q × Q'): non-adaptive composition."""
        raise UnsupportedError(f"composition of {type(self).__name__} with {type(other).__name__} "
                               "has no exact implementation")

    def __matmul__(self, other: "Pair") -> "Pair":
        return self.compose(other)

    def __pow__(self, k: int) -> "Pair":
        k = params.count(k)
        return self._power(k)

    def _power(self, k: int) -> "Pair":
        return power(self, k)

    def subsample(self, q: object) -> "Pair":
        """Poisson subsampling with rate q, add/remove relation: the pair ((1−q)Q + qP, Q),
        whose hockey-stick divergences follow exactly from this pair's (Steinke, Theorem 29)."""
        return subsampled(self, q)


# --------------------------------------------------------------------------------------------
# Routes that the modules built on this one register
#
# Composing and subsampling some pairs takes the modules that import this one (composition,
# laplace_composition, subsampling), so this module cannot import them: each of those registers
# its route here for the classes it handles (functools.singledispatch), and the package
# symdp.central imports them, so the routes are in place whichever module a pair comes from.


@singledispatch
def power(pair: Pair, k: int) -> Pair:
    """``pair ** k`` for a count k ≥ 1 of a pair whose class has no ``_power`` of its own: k − 1
    compositions, unless a route is registered for its class (finite pairs by exact privacy-loss
    convolution, :mod:`symdp.central.composition`; the Laplace pair by its k-fold closed forms,
    :mod:`symdp.central.laplace_composition`)."""
    out = pair
    for _ in range(k - 1):
        out = out.compose(pair)
    return out


@singledispatch
def product(pair: Pair, other: Pair) -> Pair:
    """``pair.compose(other)`` for the classes whose product is computed by a registered route
    (finite pairs, :mod:`symdp.central.composition`)."""
    raise UnsupportedError(f"composition of {type(pair).__name__} with {type(other).__name__} "
                           "has no exact implementation")


@singledispatch
def subsampled(pair: Pair, q: object) -> Pair:
    """``pair.subsample(q)``: Poisson subsampling at rate q, add/remove neighbours, by the route
    registered for the pair's class (:mod:`symdp.central.subsampling`)."""
    raise UnsupportedError(f"subsampling of {type(pair).__name__} has no exact implementation")


def _sstr_list(values: Sequence[sympy.Expr]) -> str:
    return "[" + ", ".join(sympy.sstr(v) for v in values) + "]"


def _difference(a: Value, b: Value) -> Value:
    if isinstance(a, Real) or isinstance(b, Real):
        return Real(lambda p: arb_of(a, p) - arb_of(b, p))
    return sympy.sympify(a) - sympy.sympify(b)


# --------------------------------------------------------------------------------------------
# Finite pairs


class FinitePair(Pair):
    """Two exact probability vectors P = (p_1..p_n), Q = (q_1..q_n) on the same outcomes.

    Every functional is exact when the masses and e^ε are rational; with irrational masses
    (e.g. randomized response at ε = 1) the sums are exact sympy expressions, and k-fold
    compositions are certified.
    """

    def __init__(self, p: Sequence[object], q: Sequence[object]):
        if not all(isinstance(v, (list, tuple)) for v in (p, q)):
            raise ParameterError(f"p and q must be lists of probabilities, got {type(p).__name__} and {type(q).__name__}")
        p = tuple(params.sized(v, f"p[{i}]") for i, v in enumerate(p))
        q = tuple(params.sized(v, f"q[{i}]") for i, v in enumerate(q))
        if len(p) != len(q) or not p:
            raise ParameterError(f"p and q must be non-empty and of equal length, got {len(p)} and {len(q)}")
        for name, vec in (("p", p), ("q", q)):
            for i, v in enumerate(vec):
                require(sign(v) >= 0, f"{name}[{i}]", "≥ 0", v)
            total = sum(vec, sympy.Integer(0))
            if sign(total - 1) != 0:
                raise ParameterError(f"{name} must sum to 1, sums to {total}")
        self._p, self._q = p, q

    @property
    def p(self) -> tuple[sympy.Expr, ...]:
        return self._p

    @property
    def q(self) -> tuple[sympy.Expr, ...]:
        return self._q

    def __repr__(self) -> str:
        return f"FinitePair(p={_sstr_list(self.p)}, q={_sstr_list(self.q)})"

    @cached_property
    def _rational(self) -> tuple[list[fmpq], list[fmpq]] | None:
        if all(map(is_rational, self.p + self.q)):
            return [to_fmpq(v) for v in self.p], [to_fmpq(v) for v in self.q]
        return None

    @cached_property
    def symmetric(self) -> bool:  # type: ignore[override]
        """True when (Q, P) is a relabelling of (P, Q), so one direction of δ suffices."""
        return sorted(zip(map(str, self.p), map(str, self.q))) == sorted(zip(map(str, self.q), map(str, self.p)))

    def reverse(self) -> "FinitePair":
        return _finite(self.q, self.p)

    def hockey_stick(self, gamma: object) -> Value:
        g = params.nonnegative(gamma, "gamma", symbolic=True)
        if self._rational is not None and is_rational(g):
            gq = to_fmpq(g)
            total = sum((a - gq * b for a, b in zip(*self._rational) if a > gq * b), fmpq(0))
            return from_fmpq(total)
        return sympy.Add(*[a - g * b for a, b in zip(self.p, self.q) if sign(a - g * b) > 0])

    def epsilon(self, delta: object) -> Value:
        """Exact inverse: γ ↦ E_γ is piecewise linear, so e^ε solves a linear equation on
        the segment where the profile crosses δ; ε = log of a rational when masses are rational."""
        d = params.probability(delta, "delta", symbolic=True)
        gammas = [_gamma_for(pair, d) for pair in ((self,) if self.symmetric else (self, self.reverse()))]
        if any(g is sympy.oo for g in gammas):
            return sympy.oo
        g = gammas[0] if len(gammas) == 1 else maximum(*gammas)
        return sympy.log(g) if sign(g - 1) > 0 else sympy.Integer(0)

    def tv(self) -> Value:
        return sympy.Add(*[abs(a - b) for a, b in zip(self.p, self.q)]) / 2

    def kl(self) -> Value:
        if any(a != 0 and b == 0 for a, b in zip(self.p, self.q)):
            return sympy.oo
        return sympy.Add(*[a * sympy.log(a / b) for a, b in zip(self.p, self.q) if a != 0])

    def chi2(self) -> Value:
        if any(a != 0 and b == 0 for a, b in zip(self.p, self.q)):
            return sympy.oo
        return sympy.Add(*[a * a / b for a, b in zip(self.p, self.q) if b != 0]) - 1

    def renyi(self, alpha: object) -> Value:
        a = params.order(alpha)
        if a == 1:
            return self.kl()
        if a is sympy.oo:
            if any(x != 0 and y == 0 for x, y in zip(self.p, self.q)):
                return sympy.oo
            return sympy.log(_max_exact([x / y for x, y in zip(self.p, self.q) if x != 0]))
        if sign(a - 1) > 0 and any(x != 0 and y == 0 for x, y in zip(self.p, self.q)):
            return sympy.oo
        if is_rational(a) and (sympy.Rational(a).q > 64 or abs(sympy.Rational(a).p) > EXACT_POWER_BITS or (
                self._rational is not None and _power_bits(self.p + self.q, a) > EXACT_POWER_BITS)):
            # x^α exactly would have too many bits, or sympy would search x for 10¹⁰-th roots:
            # certified instead.
            return self._renyi_ball(a)
        s = sympy.Add(*[x ** a * y ** (1 - a) for x, y in zip(self.p, self.q) if x != 0 and y != 0])
        return sympy.log(s) / (a - 1)

    def _renyi_ball(self, a: sympy.Expr) -> Real:
        """D_α = log Σ exp(α log p_i + (1−α) log q_i) / (α − 1), certified in ball arithmetic."""
        terms = [(x, y) for x, y in zip(self.p, self.q) if x != 0 and y != 0]

        def ball(prec: int):
            al = arb_of(a, prec)
            s = sum(((al * arb_of(x, prec).log() + (1 - al) * arb_of(y, prec).log()).exp() for x, y in terms),
                    arb_of(0, prec))
            return s.log() / (al - 1)
        return Real(ball, name=f"renyi({a})")

    def tradeoff(self, alpha: object) -> Value:
        """Neyman–Pearson: reject P on outcomes in decreasing order of Q/P (randomising on
        the boundary outcome), so the trade-off curve is piecewise linear through
        (P(reject), 1 − Q(reject))."""
        t = params.probability(alpha, "alpha", symbolic=True)
        order = sorted(range(len(self.p)), key=_ratio_key(self.q, self.p), reverse=True)
        used, accepted = sympy.Integer(0), sympy.Integer(1)
        for i in order:
            a, b = self.p[i], self.q[i]
            # Outcomes with P = 0 are rejected for free; the boundary outcome is randomised.
            if a != 0 and sign(used + a - t) >= 0:
                return accepted - b * (t - used) / a
            used, accepted = used + a, accepted - b
        return accepted

    def compose(self, other: Pair) -> Pair:
        if not isinstance(other, FinitePair):
            return super().compose(other)
        return product(self, other)

    def subsample(self, q: object) -> "FinitePair":
        """Poisson subsampling, add/remove: ((1−q)Q + qP, Q) (Steinke, Theorem 29's pair)."""
        r = params.probability(q, "q", symbolic=True)
        return _finite(tuple(r * a + (1 - r) * b for a, b in zip(self.p, self.q)), self.q)


#: Beyond this many bits an exact x^α is not worth having: sympy's log of such a rational
#: searches it for perfect powers (minutes at 3·10⁶ bits); Rényi divergences are then certified.
EXACT_POWER_BITS = 1 << 14


def _large_exponent(x: sympy.Expr) -> bool:
    """|x| > EXACT_POWER_BITS, decided in a 64-bit ball (False for a symbolic x): e^x written
    exactly as a rational power would have about |x|·log₂e bits or more."""
    if x.free_symbols:
        return False
    return bool(abs(arb_of(x, 64)) > EXACT_POWER_BITS)


def _power_bits(values: Sequence[sympy.Expr], a: sympy.Expr) -> int:
    """An estimate of the bits of x^a for the rationals x in `values`."""
    bits = max(max(int(sympy.Rational(x).p).bit_length(), int(sympy.Rational(x).q).bit_length()) for x in values)
    return bits * (abs(int(sympy.Rational(a).p)) + 1)


def _finite(p: Sequence[sympy.Expr], q: Sequence[sympy.Expr]) -> FinitePair:
    """A FinitePair from vectors already known to be valid (no re-validation)."""
    out = FinitePair.__new__(FinitePair)
    out._p, out._q = tuple(p), tuple(q)
    return out


def _ratio_key(num: Sequence[sympy.Expr], den: Sequence[sympy.Expr]):
    """Sort key for num[i]/den[i] with ∞ for den = 0, decided in certified arithmetic."""
    def key(i: int):
        if den[i] == 0:
            return _Key(None)
        return _Key(num[i] / den[i])
    return key


class _Key:
    __slots__ = ("v",)

    def __init__(self, v):
        self.v = v  # None means +∞

    def __lt__(self, other: "_Key") -> bool:
        if self.v is None:
            return False
        if other.v is None:
            return True
        return sign(other.v - self.v) > 0


def _max_exact(values: Sequence[sympy.Expr]) -> sympy.Expr:
    best = values[0]
    for v in values[1:]:
        if sign(v - best) > 0:
            best = v
    return best


def _gamma_for(pair: FinitePair, delta: sympy.Expr) -> sympy.Expr:
    """The least γ ≥ 1 with E_γ(P‖Q) ≤ δ (``oo`` if none): solve on the linear piece."""
    p, q = pair.p, pair.q
    p_inf = sympy.Add(*[a for a, b in zip(p, q) if b == 0 and a != 0])
    if sign(p_inf - delta) > 0:
        return sympy.oo
    atoms = sorted(((a / b, a, b) for a, b in zip(p, q) if a != 0 and b != 0),
                   key=lambda t: _Key(t[0]), reverse=True)
    sp, sq = p_inf, sympy.Integer(0)
    for r, a, b in atoms:
        if sign(r - 1) <= 0:
            break
        # On the segment γ ∈ [r, previous ratio], E_γ = sp − γ sq.
        if sign(sp - r * sq - delta) > 0:
            g = (sp - delta) / sq
            return g if is_rational(g) else simplify(g)
        sp, sq = sp + a, sq + b
    if sq != 0 and sign(sp - sq - delta) > 0:
        return (sp - delta) / sq
    return sympy.Integer(1)


# --------------------------------------------------------------------------------------------
# Analytic pairs


class GaussianPair(Pair):
    """N(0, σ²) against N(Δ, σ²); everything depends on μ = Δ/σ (μ-GDP, Dong–Roth–Su)."""

    symmetric = True

    def __init__(self, mu: sympy.Expr):
        self.mu = mu

    def __repr__(self) -> str:
        # gaussian(σ) with sensitivity 1 has μ = 1/σ: valid `symdp eval` input for this pair
        return f"gaussian({sympy.sstr(1 / self.mu)})"

    def reverse(self) -> "GaussianPair":
        return self

    @staticmethod
    def _phi(x: sympy.Expr) -> sympy.Expr:
        return sympy.erfc(-x / sympy.sqrt(2)) / 2

    def hockey_stick(self, gamma: object) -> Value:
        """E_γ = Φ(−log γ/μ + μ/2) − γ Φ(−log γ/μ − μ/2) (Balle–Wang, Theorem 8; Dong–Roth–Su,
        Corollary 2.13; Ghazi–Issa eq. (17) corrected)."""
        g = params.nonnegative(gamma, "gamma", symbolic=True)
        if g == 0:
            return sympy.Integer(1)
        e = sympy.log(g)
        return self._phi(-e / self.mu + self.mu / 2) - g * self._phi(-e / self.mu - self.mu / 2)

    def tv(self) -> Value:
        """d_TV = 2Φ(μ/2) − 1 = erf(μ/(2√2)) (Ghazi–Issa, eq. (16))."""
        return sympy.erf(self.mu / (2 * sympy.sqrt(2)))

    def kl(self) -> Value:
        return self.mu ** 2 / 2

    def chi2(self) -> Value:
        return sympy.exp(self.mu ** 2) - 1

    def renyi(self, alpha: object) -> Value:
        """D_α = α μ²/2 (Mironov, *Rényi DP*, Proposition 7)."""
        a = params.order(alpha)
        return sympy.oo if a is sympy.oo else a * self.mu ** 2 / 2

    def tradeoff(self, alpha: object) -> Value:
        """G_μ(α) = Φ(Φ⁻¹(1 − α) − μ) (Dong–Roth–Su, eq. (6))."""
        t = params.probability(alpha, "alpha", symbolic=True)
        if t == 0:
            return sympy.Integer(1)
        if t == 1:
            return sympy.Integer(0)
        return self._phi(sympy.sqrt(2) * sympy.erfinv(1 - 2 * t) - self.mu)

    def compose(self, other: Pair) -> Pair:
        if isinstance(other, GaussianPair):
            return GaussianPair(sympy.sqrt(self.mu ** 2 + other.mu ** 2))
        return super().compose(other)

    def _power(self, k: int) -> Pair:
        return GaussianPair(self.mu * sympy.sqrt(k))



class LaplacePair(Pair):
    """Lap(0, Δ/ε) against Lap(Δ, Δ/ε): its privacy loss is ε·sign-like, clipped to [−ε, ε]."""

    symmetric = True

    def __init__(self, eps: sympy.Expr):
        self.eps = eps

    def __repr__(self) -> str:
        return f"laplace({sympy.sstr(self.eps)})"

    def reverse(self) -> "LaplacePair":
        return self

    def hockey_stick(self, gamma: object) -> Value:
        """E_γ = 1 − √(γ e^{−ε}) for 1 ≤ γ ≤ e^ε and 0 above; for γ < 1,
        E_γ(P‖Q) = 1 − γ + γ E_{1/γ}(Q‖P), which is 1 − γ for γ ≤ e^{−ε}."""
        g = params.nonnegative(gamma, "gamma", symbolic=True)
        e = self.eps
        if g.free_symbols or e.free_symbols:
            return sympy.Piecewise((1 - g, g <= sympy.exp(-e)),
                                   (1 - g + g * (1 - sympy.sqrt(sympy.exp(-e) / g)), g < 1),
                                   (1 - sympy.sqrt(g * sympy.exp(-e)), g <= sympy.exp(e)), (0, True))
        if sign(g - sympy.exp(-e)) <= 0:
            return 1 - g
        if sign(g - 1) < 0:
            return 1 - g + g * (1 - sympy.sqrt(sympy.exp(-e) / g))
        if sign(g - sympy.exp(e)) >= 0:
            return sympy.Integer(0)
        return 1 - sympy.sqrt(g * sympy.exp(-e))

    def delta(self, eps: object) -> Value:
        """δ(ε') = 1 − e^{(ε' − ε)/2} for ε' ≤ ε, else 0."""
        e1 = params.nonnegative(eps, "eps", symbolic=True)
        if not (e1.free_symbols or self.eps.free_symbols) and sign(e1 - self.eps) >= 0:
            return sympy.Integer(0)
        return 1 - sympy.exp((e1 - self.eps) / 2)

    def epsilon(self, delta: object) -> Value:
        """Exact inverse of δ(ε') = 1 − e^{(ε'−ε)/2}: ε' = max(0, ε + 2 log(1 − δ))."""
        d = params.probability(delta, "delta", symbolic=True)
        if d == 1:
            return sympy.Integer(0)
        e1 = self.eps + 2 * sympy.log(1 - d)
        return e1 if e1.free_symbols or sign(e1) > 0 else sympy.Integer(0)

    def tv(self) -> Value:
        """d_TV = 1 − e^{−ε/2} (Ghazi–Issa, Section VI-A, Appendix I)."""
        return 1 - sympy.exp(-self.eps / 2)

    def kl(self) -> Value:
        return self.eps + sympy.exp(-self.eps) - 1

    def chi2(self) -> Value:
        """χ² = (2/3)e^ε + (1/3)e^{−2ε} − 1 (direct integration of p²/q, checked in proofs)."""
        e = self.eps
        return sympy.Rational(2, 3) * sympy.exp(e) + sympy.exp(-2 * e) / 3 - 1

    def renyi(self, alpha: object) -> Value:
        """D_α = log(α/(2α−1) e^{(α−1)ε} + (α−1)/(2α−1) e^{−αε})/(α−1) (Mironov, Rényi DP, Table II)."""
        a = params.order(alpha)
        e = self.eps
        if a is sympy.oo:
            return e
        if a == 1:
            return self.kl()
        if a == sympy.Rational(1, 2):
            return -2 * sympy.log((1 + e / 2) * sympy.exp(-e / 2))
        # sympy writes e^{c·log r} as r^c exactly (ε = log r and α = 10⁵⁰, or ε = 10²⁰ and
        # α = log 2, which makes 2^(10²⁰)): unbounded. Large exponents stay unexpanded.
        huge = any(_large_exponent(x) for x in ((a - 1) * e, a * e))
        with sympy.evaluate(False) if huge else nullcontext():  # the same value, unexpanded
            return sympy.log(a / (2 * a - 1) * sympy.exp((a - 1) * e)
                             + (a - 1) / (2 * a - 1) * sympy.exp(-a * e)) / (a - 1)

    def tradeoff(self, alpha: object) -> Value:
        """f(t) = 1 − e^ε t for t < e^{−ε}/2; e^{−ε}/(4t) up to 1/2; e^{−ε}(1 − t) above
        (Dong–Roth–Su, Laplace trade-off; Ghazi–Issa, Section VI-A)."""
        t = params.probability(alpha, "alpha", symbolic=True)
        e = self.eps
        if t == 0:
            return sympy.Integer(1)
        if sign(t - sympy.exp(-e) / 2) < 0:
            return 1 - sympy.exp(e) * t
        if sign(t - sympy.Rational(1, 2)) <= 0:
            return sympy.exp(-e) / (4 * t)
        return sympy.exp(-e) * (1 - t)

    def compose(self, other: Pair) -> Pair:
        if isinstance(other, LaplacePair) and sign(other.eps - self.eps) == 0:
            return self._power(2)
        return super().compose(other)



# --------------------------------------------------------------------------------------------
# Constructors (the public API)


def laplace(eps: object, sensitivity: object = 1) -> LaplacePair:
    """Lap(0, Δ/ε) vs Lap(Δ, Δ/ε). Only ε matters: the pair is Δ-scale invariant."""
    e = params.positive(eps, "eps", symbolic=True)
    params.positive(sensitivity, "sensitivity", symbolic=True)
    return LaplacePair(e)


def gaussian(sigma: object, sensitivity: object = 1) -> GaussianPair:
    """N(0, σ²) vs N(Δ, σ²), i.e. μ-GDP with μ = Δ/σ."""
    s = params.positive(sigma, "sigma", symbolic=True)
    d = params.positive(sensitivity, "sensitivity", symbolic=True)
    return GaussianPair(d / s)


def randomized_response(eps: object, k: object = 2) -> FinitePair:
    """Rows 1 and 2 of k-ary randomized response: (e^ε, 1, …, 1)/(e^ε + k − 1) against
    (1, e^ε, 1, …, 1)/(e^ε + k − 1) (Warner; Kairouz–Oh–Viswanath)."""
    e = params.nonnegative(eps, "eps", symbolic=True)
    k = params.count(k, "k", 2)
    limits.check_size(k, f"the k = {k}-ary randomized response pair", "outcomes")  # k outcomes are built
    x = sympy.exp(e)
    z = x + k - 1
    p = [x / z, 1 / z] + [1 / z] * (k - 2)
    q = [1 / z, x / z] + [1 / z] * (k - 2)
    return _finite(p, q)


def eta_max(eps: sympy.Expr, delta: sympy.Expr) -> sympy.Expr:
    """The largest useful total variation of an (ε, δ)-DP mechanism, δ + (1−δ)tanh(ε/2)
    (Ghazi–Issa, Remark 1)."""
    x = sympy.exp(eps)
    return delta + (1 - delta) * (x - 1) / (x + 1)


def erasure_mass(eps: sympy.Expr, delta: sympy.Expr, eta: sympy.Expr) -> sympy.Expr:
    """α = 1 − (η − δ)(1 + e^ε)/((1 − δ)(e^ε − 1)) (Ghazi–Issa, Theorem 2)."""
    x = sympy.exp(eps)
    return 1 - (eta - delta) * (1 + x) / ((1 - delta) * (x - 1))


def dominating(eps: object, delta: object = 0, eta: object = None) -> FinitePair:
    """The dominating pair of all (ε, δ)-DP mechanisms with total variation ≤ η.

    δ = 0: three outcomes (Ghazi–Issa, eq. (7)); δ > 0: five outcomes (eqs. (43)–(44)):
    P = (δ, (1−δ)(1−α)e^ε/(1+e^ε), (1−δ)α, (1−δ)(1−α)/(1+e^ε), 0) and Q its mirror image.
    η = None takes the largest η, δ + (1−δ)tanh(ε/2), where α = 0 and the pair is
    Kairouz–Oh–Viswanath's (ε, δ) pair. η must lie in [δ, δ + (1−δ)tanh(ε/2)].
    """
    e = params.nonnegative(eps, "eps", symbolic=True)
    d = params.probability(delta, "delta", symbolic=True)
    if eta is None:
        a = sympy.Integer(0)
    else:
        n = params.probability(eta, "eta", symbolic=True)
        if sign(e) == 0:
            require(sign(n - d) == 0, "eta", f"equal to delta = {d} when eps = 0", n)
            a = sympy.Integer(1) if d != 1 else sympy.Integer(0)
        else:
            top = eta_max(e, d)
            require(sign(n - d) >= 0 and sign(n - top) <= 0, "eta",
                    f"in [delta, delta + (1-delta)tanh(eps/2)] = [{d}, {top}]", n)
            a = erasure_mass(e, d, n)
            a = simplify(a)
    x = sympy.exp(e)
    u = (1 - d) * (1 - a) / (1 + x)
    p = [u * x, (1 - d) * a, u]
    q = [u, (1 - d) * a, u * x]
    if d != 0:
        p, q = [d] + p + [sympy.Integer(0)], [sympy.Integer(0)] + q + [d]
    keep = [i for i in range(len(p)) if p[i] != 0 or q[i] != 0]
    return _finite([p[i] for i in keep], [q[i] for i in keep])
