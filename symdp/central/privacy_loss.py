"""Privacy-loss distributions (PLDs) as first-class objects.

The privacy loss of a pair (P, Q) is Z = log dP/dQ(Y) with Y ← P (Steinke, *Composition of DP &
privacy amplification by subsampling*, Definition 2). Its law determines every privacy
quantity of the pair; δ(ε) = sup_S P(S) − e^ε Q(S) comes from it in three ways (Proposition 7):

    (1) P[Z > ε] − e^ε P_{Z' ← PL(Q‖P)}[−Z' > ε]
    (2) E[max(0, 1 − e^{ε−Z})]
    (3) ∫_ε^∞ e^{ε−z} P[Z > z] dz.

The chapter prints the integrand of (3) as e^{ε−Z}·P[Z > z], with the random variable Z where
the integration variable z belongs; :meth:`PLD.delta_printed_third_form` evaluates that
printed expression (read as E[e^{ε−Z}]·∫_ε^∞ P[Z > z] dz) so that claims can record a witness
that it is not δ. Composition is convolution of PLDs (Theorem 9): Gaussian PLDs add their ρ
(Corollary 10), finite PLDs convolve exactly on the likelihood-ratio lattice, and Laplace PLDs
use the exact k-fold formula of :mod:`symdp.central.laplace_composition`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Sequence

import sympy
from flint import acb, arb

from ..numerics import params
from ..errors import ParameterError, UnsupportedError, require
from ..numerics.integration import integral
from ..numbers import Real, Value, arb_of, exact, sign, working_precision
from .pairs import FinitePair, GaussianPair, LaplacePair, Pair

__all__ = ["PLD", "FinitePLD", "GaussianPLD", "LaplacePLD", "privacy_loss", "multivariate_gaussian"]


class PLD(ABC):
    """The law of the privacy loss Z = log dP/dQ(Y), Y ← P (Steinke, Definition 2)."""

    @abstractmethod
    def delta_tail(self, eps: object) -> Value:
        """Proposition 7, first form: P[Z > ε] − e^ε Q[log dP/dQ > ε] (Remark 5: the second
        probability is P_{Z'←PL(Q‖P)}[−Z' > ε])."""

    @abstractmethod
    def delta_expectation(self, eps: object) -> Value:
        """Proposition 7, second form: E[max(0, 1 − e^{ε−Z})]."""

    @abstractmethod
    def delta_integral(self, eps: object) -> Value:
        """Proposition 7, third form with the integrand corrected to e^{ε−z}:
        ∫_ε^∞ e^{ε−z} P[Z > z] dz."""

    @abstractmethod
    def delta_printed_third_form(self, eps: object) -> Value:
        """The third form as printed, e^{ε−Z}·P[Z > z] with the random Z, read as
        E[e^{ε−Z}]·∫_ε^∞ P[Z > z] dz = e^ε E[e^{−Z}] E[(Z − ε)₊]; not δ in general."""

    def hockey_stick(self, eps: object) -> Value:
        """E_{e^ε}(P‖Q), one direction (Proposition 7)."""
        return self.delta_tail(eps)

    def compose(self, other: "PLD") -> "PLD":
        """The PLD of the product pair: the convolution of the two laws (Theorem 9)."""
        raise UnsupportedError(f"composition of {type(self).__name__} with {type(other).__name__}")

    def __mul__(self, other: "PLD") -> "PLD":
        return self.compose(other)


# --------------------------------------------------------------------------------------------
# Finite pairs: atoms


@dataclass(frozen=True)
class Atom:
    """Z = loss with P-mass p and Q-mass q (q = p e^{−loss}; loss = ±oo for one-sided atoms)."""

    loss: sympy.Expr
    p: sympy.Expr
    q: sympy.Expr


class FinitePLD(PLD):
    """The privacy loss of a finite pair: one atom per outcome, exact loss log(p_i/q_i).
    Outcomes with q_i = 0 give the atom +∞; outcomes with p_i = 0 carry Q-mass only (−∞)."""

    def __init__(self, pair: FinitePair):
        self.pair = pair
        atoms = []
        for a, b in zip(pair.p, pair.q):
            if a == 0 and b == 0:
                continue
            loss = sympy.oo if b == 0 else (-sympy.oo if a == 0 else sympy.log(a / b))
            atoms.append(Atom(loss, a, b))
        self.atoms = tuple(atoms)

    def __repr__(self) -> str:
        return f"FinitePLD({self.pair!r})"

    def _above(self, eps: sympy.Expr) -> list[Atom]:
        return [t for t in self.atoms if t.loss is sympy.oo or (t.loss is not -sympy.oo and sign(t.loss - eps) > 0)]

    def delta_tail(self, eps: object) -> Value:
        e = params.nonnegative(eps, "eps")
        above = self._above(e)
        return sympy.Add(*[t.p for t in above]) - sympy.exp(e) * sympy.Add(*[t.q for t in above])

    def delta_expectation(self, eps: object) -> Value:
        e = params.nonnegative(eps, "eps")
        return sympy.Add(*[t.p * (1 if t.loss is sympy.oo else 1 - sympy.exp(e - t.loss))
                           for t in self._above(e)])

    def delta_integral(self, eps: object) -> Value:
        """Exact: P[Z > z] is a step function, constant between consecutive losses above ε."""
        e = params.nonnegative(eps, "eps")
        above = self._above(e)
        finite = sorted((t for t in above if t.loss is not sympy.oo), key=lambda t: _Sortable(t.loss))
        survival = sympy.Add(*[t.p for t in above])
        total, left = sympy.Integer(0), e
        for t in finite:
            total += survival * (sympy.exp(e - left) - sympy.exp(e - t.loss))
            survival -= t.p
            left = t.loss
        return total + survival * sympy.exp(e - left)

    def delta_printed_third_form(self, eps: object) -> Value:
        e = params.nonnegative(eps, "eps")
        if any(t.loss is sympy.oo for t in self.atoms):
            return sympy.oo
        finite = [t for t in self.atoms if t.loss is not -sympy.oo]
        mean_exp = sympy.Add(*[t.p * sympy.exp(-t.loss) for t in finite])
        excess = sympy.Add(*[t.p * (t.loss - e) for t in self._above(e)])
        return sympy.exp(e) * mean_exp * excess

    def compose(self, other: PLD) -> PLD:
        if isinstance(other, FinitePLD):
            return FinitePLD(self.pair.compose(other.pair))
        return super().compose(other)


class _Sortable:
    __slots__ = ("v",)

    def __init__(self, v: sympy.Expr):
        self.v = v

    def __lt__(self, other: "_Sortable") -> bool:
        return sign(other.v - self.v) > 0


# --------------------------------------------------------------------------------------------
# Gaussian: N(ρ, 2ρ)


def _phi_bar(x: sympy.Expr) -> sympy.Expr:
    """Φ̄(x) = P[N(0,1) > x] = erfc(x/√2)/2."""
    return sympy.erfc(x / sympy.sqrt(2)) / 2


def _certified_integral(integrand, lo: arb, hi: arb, tail: arb, prec: int) -> arb:
    """∫_lo^hi of an entire integrand (acb.integral), plus a proved tail bound 0 ≤ rest ≤ tail."""
    with working_precision(prec):
        body = integral(lambda x, analytic: integrand(x), acb(lo), acb(hi)).real
        return body + arb(tail.upper() / 2, tail.upper() / 2)


class GaussianPLD(PLD):
    """Z ~ N(ρ, 2ρ) under P (Steinke, Proposition 3), ρ = Δ²/2σ²; the law under Q is N(−ρ, 2ρ)."""

    def __init__(self, rho: object):
        self.rho = params.positive(rho, "rho")

    def __repr__(self) -> str:
        return f"GaussianPLD(rho={self.rho})"

    def delta_tail(self, eps: object) -> Value:
        """Φ̄((ε−ρ)/√(2ρ)) − e^ε Φ̄((ε+ρ)/√(2ρ)) (Corollary 8)."""
        e, r = params.nonnegative(eps, "eps"), self.rho
        s = sympy.sqrt(2 * r)
        return _phi_bar((e - r) / s) - sympy.exp(e) * _phi_bar((e + r) / s)

    def _cut(self, e: arb, prec: int) -> tuple[arb, arb]:
        """An upper integration limit b ≥ ε and a ball enclosing P[Z > b] (≤ 2^{−prec})."""
        rho = arb_of(self.rho, prec)
        width = (2 * rho).sqrt() * (arb(2 * prec + 8) * arb.const_log2()).sqrt()
        b = e.max(rho) + width
        return b, ((b - rho) / (2 * rho.sqrt())).erfc() / 2

    def _integrate(self, eps: sympy.Expr, integrand_of) -> Real:
        def ball(prec: int) -> arb:
            e = arb_of(eps, prec)
            rho = arb_of(self.rho, prec)
            b, tail = self._cut(e, prec)
            return _certified_integral(integrand_of(acb(e), acb(rho)), e, b, tail, prec + 10)
        return Real(ball, name=f"{self!r}.delta({eps})")

    def delta_expectation(self, eps: object) -> Value:
        """∫_ε^∞ (1 − e^{ε−z}) φ_{ρ,2ρ}(z) dz by certified quadrature; the tail beyond b is at
        most P[Z > b], added to the radius."""
        def integrand_of(e: acb, rho: acb):
            norm = 1 / (4 * acb.pi() * rho).sqrt()
            return lambda z: (1 - (e - z).exp()) * norm * (-(z - rho) ** 2 / (4 * rho)).exp()
        return self._integrate(params.nonnegative(eps, "eps"), integrand_of)

    def delta_integral(self, eps: object) -> Value:
        """∫_ε^∞ e^{ε−z} Φ̄((z−ρ)/√(2ρ)) dz by certified quadrature; the tail beyond b is at
        most e^{ε−b} P[Z > b] ≤ P[Z > b]."""
        def integrand_of(e: acb, rho: acb):
            s = (4 * rho).sqrt()
            return lambda z: (e - z).exp() * ((z - rho) / s).erfc() / 2
        return self._integrate(params.nonnegative(eps, "eps"), integrand_of)

    def delta_printed_third_form(self, eps: object) -> Value:
        """e^ε·E[e^{−Z}]·E[(Z−ε)₊] with E[e^{−Z}] = 1 and the normal partial expectation
        E[(Z−ε)₊] = s φ(u) − (ε−ρ) Φ̄(u), u = (ε−ρ)/s, s = √(2ρ)."""
        e, r = params.nonnegative(eps, "eps"), self.rho
        s = sympy.sqrt(2 * r)
        u = (e - r) / s
        density = sympy.exp(-u ** 2 / 2) / sympy.sqrt(2 * sympy.pi)
        return sympy.exp(e) * (s * density - (e - r) * _phi_bar(u))

    def compose(self, other: PLD) -> PLD:
        """N(ρ₁, 2ρ₁) * N(ρ₂, 2ρ₂) = N(ρ₁+ρ₂, 2(ρ₁+ρ₂)) (Theorem 9, Corollary 10)."""
        if isinstance(other, GaussianPLD):
            return GaussianPLD(self.rho + other.rho)
        return super().compose(other)

    def pair(self) -> GaussianPair:
        """The univariate Gaussian pair with this PLD: μ = √(2ρ)."""
        return GaussianPair(sympy.sqrt(2 * self.rho))


def multivariate_gaussian(differences: Sequence[object], sigma: object) -> GaussianPair:
    """N(x, σ²I) vs N(x', σ²I) with x − x' = `differences`: its PLD is N(ρ, 2ρ) with
    ρ = ‖x − x'‖₂²/2σ² (Steinke, Corollary 10), the pair of μ = ‖x − x'‖₂/σ."""
    s = params.positive(sigma, "sigma")
    d = [exact(v, f"differences[{i}]") for i, v in enumerate(differences)]
    if not d:
        raise ParameterError("differences must be a non-empty sequence")
    norm2 = sympy.Add(*[v ** 2 for v in d])
    require(sign(norm2) > 0, "differences", "not all zero", d)
    return GaussianPair(sympy.sqrt(norm2) / s)


# --------------------------------------------------------------------------------------------
# Laplace: atoms at ±ε₀ and an exponential density in between


class LaplacePLD(PLD):
    """The privacy loss of Lap(0, 1/ε₀) vs Lap(1, 1/ε₀) (k = 1), or of its k-fold composition.

    k = 1: P[Z = ε₀] = 1/2, P[Z = −ε₀] = e^{−ε₀}/2, density e^{(z−ε₀)/2}/4 on (−ε₀, ε₀); under Q
    the law is e^{−z} times that (Lemma 6). For k > 1 the law is the k-fold convolution; its δ
    is the exact formula of :mod:`symdp.central.laplace_composition` (the second form of Prop. 7).
    """

    def __init__(self, eps0: object, k: int = 1):
        self.eps0 = params.positive(eps0, "eps0")
        self.k = params.count(k)

    def __repr__(self) -> str:
        return f"LaplacePLD(eps0={self.eps0}, k={self.k})"

    def _single(self, form: str) -> None:
        if self.k != 1:
            raise UnsupportedError(f"the {form} form is implemented for one Laplace mechanism; "
                                   "use delta_expectation for k-fold compositions")

    def _split(self, eps: object) -> tuple[sympy.Expr, bool]:
        e = params.nonnegative(eps, "eps")
        return e, sign(e - self.eps0) < 0

    def delta_tail(self, eps: object) -> Value:
        """P[Z > ε] = 1/2 + (1 − e^{(ε−ε₀)/2})/2 and Q[Z > ε] = e^{−(ε+ε₀)/2}/2 for ε < ε₀."""
        self._single("tail")
        e, inside = self._split(eps)
        if not inside:
            return sympy.Integer(0)
        a = self.eps0
        p_above = sympy.Rational(1, 2) + (1 - sympy.exp((e - a) / 2)) / 2
        q_above = sympy.exp(-(e + a) / 2) / 2
        return p_above - sympy.exp(e) * q_above

    def delta_expectation(self, eps: object) -> Value:
        if self.k != 1:
            from .laplace_composition import laplace_composition_delta
            return laplace_composition_delta(self.eps0, self.k, eps)
        e, inside = self._split(eps)
        if not inside:
            return sympy.Integer(0)
        a, z = self.eps0, sympy.Symbol("z", real=True)
        density = sympy.exp((z - a) / 2) / 4
        return ((1 - sympy.exp(e - a)) / 2
                + sympy.integrate((1 - sympy.exp(e - z)) * density, (z, e, a)))

    def delta_integral(self, eps: object) -> Value:
        """∫_ε^{ε₀} e^{ε−z}(1/2 + ∫_z^{ε₀} e^{(s−ε₀)/2}/4 ds) dz, integrated by sympy."""
        self._single("integral")
        e, inside = self._split(eps)
        if not inside:
            return sympy.Integer(0)
        a = self.eps0
        z, s = sympy.symbols("z s", real=True)
        survival = sympy.Rational(1, 2) + sympy.integrate(sympy.exp((s - a) / 2) / 4, (s, z, a))
        return sympy.simplify(sympy.integrate(sympy.exp(e - z) * survival, (z, e, a)))

    def delta_printed_third_form(self, eps: object) -> Value:
        """e^ε E[e^{−Z}] E[(Z−ε)₊] with E[e^{−Z}] = 1 (mutual absolute continuity)."""
        self._single("printed third")
        e, inside = self._split(eps)
        if not inside:
            return sympy.Integer(0)
        a, z = self.eps0, sympy.Symbol("z", real=True)
        excess = (a - e) / 2 + sympy.integrate((z - e) * sympy.exp((z - a) / 2) / 4, (z, e, a))
        return sympy.exp(e) * excess

    def compose(self, other: PLD) -> PLD:
        if isinstance(other, LaplacePLD) and sign(other.eps0 - self.eps0) == 0:
            return LaplacePLD(self.eps0, self.k + other.k)
        return super().compose(other)


# --------------------------------------------------------------------------------------------


def privacy_loss(pair: Pair) -> PLD:
    """PrivLoss(P‖Q) of a pair: exact atoms for finite pairs, N(μ²/2, μ²) for Gaussian pairs
    (Proposition 3), the atoms-plus-density law for Laplace pairs and their compositions."""
    from .laplace_composition import LaplaceComposition
    if isinstance(pair, FinitePair):
        return FinitePLD(pair)
    if isinstance(pair, GaussianPair):
        return GaussianPLD(pair.mu ** 2 / 2)
    if isinstance(pair, LaplacePair):
        return LaplacePLD(pair.eps)
    if isinstance(pair, LaplaceComposition):
        return LaplacePLD(pair.eps0, pair.k)
    raise UnsupportedError(f"no privacy-loss distribution implemented for {type(pair).__name__}")
