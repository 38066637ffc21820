"""Privacy amplification by subsampling (Steinke, *Composition of DP & privacy amplification by
subsampling*, Section 6).

Poisson subsampling at rate q with the add/remove relation turns a pair (P, Q) into the pair
((1−q)Q + qP, Q) ("remove" direction) and its reverse ("add" direction). Both hockey-stick
divergences of the mixture are exact in terms of the base pair's:

    E_γ((1−q)Q + qP ‖ Q) = q·E_{(γ−1+q)/q}(P‖Q)               for γ ≥ 1 − q   (else 1 − γ),
    E_γ(Q ‖ (1−q)Q + qP) = c·E_{γq/c}(Q‖P),  c = 1 − γ(1−q)   for c > 0       (else 0),

because the integrand ((1−q)Q + qP − γQ)₊ = q(P − γ'Q)₊ pointwise (and likewise for the
reverse). With γ = 1 + q(e^ε − 1) the first line is the identity behind Theorem 29,
H_{1+q(e^ε−1)}((1−q)Q + qP‖Q) = q·H_{e^ε}(P‖Q), which holds with equality for every pair.
So ``gaussian(σ).subsample(q).delta(ε)`` is an exact erfc expression and
``laplace(ε₀).subsample(q)`` an exact exponential one; no crossing point needs to be located.
"""

from __future__ import annotations

import sympy
from flint import arb, fmpq

from ..numerics import params
from ..errors import ParameterError, UnsupportedError, require
from ..numbers import Value, arb_of, maximum, sign
from .pairs import FinitePair, Pair, dominating, subsampled
from ..numerics.roots import at_points, solve_decreasing

__all__ = ["SubsampledPair", "subsample_pair", "amplified", "amplification_gamma",
           "theorem29_tight_pair", "add_remove_to_replace", "replace_to_add_remove",
           "sample_without_replacement"]

#: The neighbouring relations of Section 6.2.
RELATIONS = ("add_remove", "replace")


class SubsampledPair(Pair):
    """((1−q)Q + qP, Q) for a base pair (P, Q) (``add=False``, the removal of a record), or
    its reverse (Q, (1−q)Q + qP) (``add=True``): Poisson subsampling with add/remove neighbours
    (Steinke, Section 6.2, proof of Theorem 29 for Poisson sampling)."""

    def __init__(self, base: Pair, q: sympy.Expr, add: bool = False):
        self.base, self.q, self.add = base, q, add

    def __repr__(self) -> str:
        base = repr(self.base)
        base = f"({base})" if " " in base else base  # `laplace(1) ** 3` needs parentheses before `.`
        return f"{base}.subsample({sympy.sstr(self.q)})" + (".reverse()" if self.add else "")

    def reverse(self) -> "SubsampledPair":
        return SubsampledPair(self.base, self.q, not self.add)

    def hockey_stick(self, gamma: object) -> Value:
        g = params.nonnegative(gamma, "gamma")
        q = self.q
        if self.add:
            c = 1 - g * (1 - q)
            if sign(c) <= 0:
                return sympy.Integer(0)
            if q == 0:
                return c
            return c * self.base.reverse().hockey_stick(g * q / c)
        if sign(g - (1 - q)) <= 0:
            return 1 - g
        if q == 0:
            return sympy.Integer(0)
        return q * self.base.hockey_stick((g - 1 + q) / q)

    def _gaussian_sigma(self, what: str) -> sympy.Expr:
        """σ of a Gaussian base pair (sensitivity 1); UnsupportedError for any other base."""
        from .pairs import GaussianPair
        if not isinstance(self.base, GaussianPair):
            raise UnsupportedError(f"the {what} of a subsampled {type(self.base).__name__} is not implemented "
                                   "(it is for a subsampled gaussian and for finite pairs)")
        return 1 / self.base.mu

    def renyi(self, alpha: object) -> Value:
        """D_α of the Poisson-subsampled Gaussian, α > 1: forward D_α((1−q)Q + qP ‖ Q) for the
        removal pair, reverse for the addition pair (:func:`symdp.central.subsampled_renyi.subsampled_gaussian_rdp`:
        Steinke, Theorem 34 at integer orders, certified integration otherwise)."""
        from .subsampled_renyi import subsampled_gaussian_rdp
        sigma = self._gaussian_sigma("Rényi divergence")
        return subsampled_gaussian_rdp(alpha, self.q, sigma, direction="reverse" if self.add else "forward")

    def chi2(self) -> Value:
        """χ² = e^{D_2} − 1 = E_Q[(P/Q)²] − 1 of the subsampled Gaussian (the order-2 moment)."""
        from .subsampled_renyi import subsampled_gaussian_moment
        sigma = self._gaussian_sigma("χ² divergence")
        return subsampled_gaussian_moment(2, self.q, sigma, direction="reverse" if self.add else "forward") - 1

    def delta(self, eps: object) -> Value:
        """max of the remove and add directions at γ = e^ε."""
        e = params.nonnegative(eps, "eps")
        g = sympy.exp(e)
        return maximum(self.hockey_stick(g), self.reverse().hockey_stick(g))

    def epsilon(self, delta: object) -> Value:
        """Certified inverse of the continuous, decreasing profile δ(ε), evaluated exactly at
        rational ε (each evaluation is the base pair's exact hockey-stick divergence)."""
        d = params.probability(delta, "delta")
        if sign(self.delta(0) - d) <= 0:
            return sympy.Integer(0)
        if d == 0:
            return sympy.oo

        def f(x: fmpq, prec: int) -> arb:
            return arb_of(self.delta(sympy.Rational(int(x.p), int(x.q))), prec)
        return solve_decreasing(at_points(f), d, 0, None, name=f"{self!r}.epsilon({d})")


@subsampled.register(Pair)
def subsample_pair(pair: Pair, q: object) -> Pair:
    """Poisson subsampling at rate q, add/remove: ((1−q)Q + qP, Q). Finite pairs stay finite
    (exact vectors); any other pair becomes a :class:`SubsampledPair`. The route of
    ``Pair.subsample`` (registered with :func:`symdp.central.pairs.subsampled`)."""
    r = params.rate(q)
    if isinstance(pair, FinitePair):
        return FinitePair.subsample(pair, r)
    return SubsampledPair(pair, r)


# --------------------------------------------------------------------------------------------
# Theorem 29 and the neighbouring relations of Section 6.2


def amplification_gamma(eps: object, p: object) -> sympy.Expr:
    """e^{ε'} = 1 + p(e^ε − 1), the amplified likelihood-ratio bound of Theorem 29."""
    return 1 + params.rate(p, "p") * (sympy.exp(params.nonnegative(eps, "eps")) - 1)


def amplified(eps: object, delta: object, p: object) -> tuple[sympy.Expr, sympy.Expr]:
    """(ε', δ') = (log(1 + p(e^ε − 1)), pδ): if M is (ε, δ)-DP then M(x_U) is (ε', δ')-DP, for
    U with P[i ∈ U] ≤ p satisfying the two conditions of Steinke, Theorem 29 (Poisson sampling
    with add/remove neighbours; fixed-size sampling with replace neighbours)."""
    d = params.probability(delta, "delta")
    return sympy.log(amplification_gamma(eps, p)), params.rate(p, "p") * d


def theorem29_tight_pair(eps: object, p: object, delta: object = 0) -> FinitePair:
    """The pair on which Theorem 29 is attained: the subsampled (ε, δ) dominating pair.

    For δ = 0 it is Steinke's example after Theorem 29 (randomized response on "is the sum of
    the non-null inputs 0", x = 0ⁿ vs x' = (1, 0, …, 0)), with likelihood ratio exactly
    1 + p(e^ε − 1) at output 1. For δ > 0 the remove direction has δ'(ε') = pδ exactly."""
    return FinitePair.subsample(dominating(eps, delta), params.rate(p, "p"))


def add_remove_to_replace(eps: object, delta: object) -> tuple[sympy.Expr, sympy.Expr]:
    """(ε, δ)-DP under add/remove implies (2ε, (1 + e^ε)δ)-DP under replace-one: a replacement
    is a removal and an addition (group privacy; Steinke, Section 6.2)."""
    e, d = params.nonnegative(eps, "eps"), params.probability(delta, "delta")
    return 2 * e, (1 + sympy.exp(e)) * d


def replace_to_add_remove(eps: object, delta: object) -> tuple[sympy.Expr, sympy.Expr]:
    """(ε, δ)-DP under replace-one implies (ε, δ)-DP under add/remove, by replacing the record
    with the null value ⊥ (Steinke, Section 6.2; needs an algorithm that accepts ⊥)."""
    return params.nonnegative(eps, "eps"), params.probability(delta, "delta")


def sample_without_replacement(eps: object, delta: object, m: int, n: int,
                               relation: str = "replace") -> tuple[sympy.Expr, sympy.Expr]:
    """A uniformly random subset of fixed size m out of n records: Theorem 29 applies with
    p = m/n and U_{−i} = U with i swapped for a random non-member, which needs the replace-one
    relation (Steinke, Section 6.1 remark and 6.2). `relation` is the neighbouring relation
    under which M is (ε, δ)-DP; an add/remove guarantee is first converted to replace-one,
    (2ε, (1+e^ε)δ), giving ε' = log(1 + (m/n)(e^{2ε} − 1)), δ' = (m/n)(1 + e^ε)δ."""
    if relation not in RELATIONS:
        raise ParameterError(f"relation must be one of {RELATIONS}, got {relation!r}")
    m, n = params.count(m, "m"), params.count(n, "n")
    require(m <= n, "m", f"≤ n = {n}", m)
    if relation == "add_remove":
        eps, delta = add_remove_to_replace(eps, delta)
    return amplified(eps, delta, sympy.Rational(m, n))
