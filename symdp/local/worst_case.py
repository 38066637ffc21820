"""How much an (ε,δ)-LDP kernel can contract, at worst: φ, φ_n and the exact suprema.

Asoodeh–Aliakbarpour–Calmon, *Local differential privacy is equivalent to contraction of
E_γ-divergence*: Lemma 1 bounds every contraction coefficient of an (ε,δ)-LDP kernel by
φ(ε,δ) = 1 − (1 − δ)e^{−ε}, Lemma 2 that of the n-fold product kernel K^{⊗n} by
φ_n(ε,δ) = 1 − e^{−nε}(1 − δ)^n. This module computes φ_n and the *exact* supremum of η_TV,
η_γ, η_KL and η_χ² over the class Q_{ε,δ} of all (ε,δ)-LDP kernels, which φ bounds.

**The exact supremum.** For a kernel K, each of these coefficients is the largest over the
binary-input sub-kernels (rows K(·|x), K(·|x')): Dobrushin (TV), the two-point formula
(E_γ, γ ≥ 1; the paper's Theorem 3), Ordentlich–Polyanskiy (KL; KL and χ² coefficients are
equal, Choi–Ruskai–Seneta). Each pair of rows of an (ε,δ)-LDP kernel satisfies (ε,δ)-DP in both
directions, so it is a post-processing W of Kairouz–Oh–Viswanath's pair
P̃ = (δ, (1−δ)e^ε/(1+e^ε), (1−δ)/(1+e^ε), 0), Q̃ = its mirror image (Kairouz–Oh–Viswanath, *The
composition theorem for differential privacy*, Section 2: its hypothesis-testing region contains
every (ε,δ)-DP pair's, and Blackwell's theorem gives W); η(DW) ≤ η(D)η(W) ≤ η(D). So the
supremum is the coefficient of the binary-input kernel D with rows (P̃, Q̃), and it is attained:

* η_TV: (e^ε − 1 + 2δ)/(e^ε + 1);  η_γ (γ ≥ 1): δ + (1 − δ)(e^ε − γ)₊/(e^ε + 1);
* η_KL = η_χ²: δ + (1 − δ) tanh²(ε/2).

For η_TV and η_γ the supremum is also a linear program over pairs of output laws on m outputs
(variables P, Q ≥ 0; constraints P(A) − e^ε Q(A) ≤ δ and Q(A) − e^ε P(A) ≤ δ for every event
A; objective P(A₀) − γQ(A₀)), solved by the certified LP engine :mod:`symdp.numerics.lp` whenever e^ε
and δ are rational: that is the value :func:`worst_case_contraction` returns then.
"""

from __future__ import annotations

from itertools import combinations

import sympy
from flint import fmpq

from ..numerics import lp, params
from ..errors import ParameterError, require
from ..numbers import exact, is_rational, sign, to_fmpq
from .channel import Channel, tidy

__all__ = ["phi", "worst_case_contraction", "worst_case_lp", "dominating_kernel", "bsc",
           "bsc_kl_contraction", "tensor_power"]

#: The largest output alphabet the LP formulation enumerates events of (2^m − 2 events).
MAX_LP_OUTPUTS = 7
#: The largest number of product-kernel entries :func:`tensor_power` builds.
MAX_TENSOR_ENTRIES = 1 << 16
#: The largest φ_n expanded exactly, in bits of its rationals (n = 10⁷ at δ = 1/10 built 33 Mbit
#: in 42 s); beyond it the powers stay unexpanded.
MAX_PHI_BITS = 1 << 16


def _finite_eps(eps: object, symbolic: bool = False) -> sympy.Expr:
    e = exact(eps, "eps")
    require(e.is_finite is not False, "eps", "a finite number ≥ 0", e)
    return params.nonnegative(e, "eps", symbolic=symbolic)


def _eps_delta(eps: object, delta: object) -> tuple[sympy.Expr, sympy.Expr]:
    return _finite_eps(eps), params.probability(delta, "delta")


def phi(eps: object, delta: object, n: int = 1) -> sympy.Expr:
    """φ_n(ε,δ) = 1 − e^{−nε}(1 − δ)^n = 1 − (1 − φ(ε,δ))^n, exactly.

    Lemma 1 (n = 1): η_f(K) ≤ φ(ε,δ) for every f-divergence and (ε,δ)-LDP K; Lemma 2:
    η_f(K^{⊗n}) ≤ φ_n(ε,δ). ε ≥ 0, δ ∈ [0, 1], n ≥ 1; symbols are accepted (a formula).
    Where the exact powers would exceed :data:`MAX_PHI_BITS` bits (n = 10¹⁰⁰), the formula is
    returned unexpanded: the same exact value, whose digits ``certify`` computes in balls.
    """
    e, d = _finite_eps(eps, symbolic=True), params.probability(delta, "delta", symbolic=True)
    n = params.count(n, "n")
    if n * _power_bits(e, 1 - d) <= MAX_PHI_BITS:
        return 1 - sympy.exp(-n * e) * (1 - d) ** n
    with sympy.evaluate(False):  # the same value, unexpanded: certify() evaluates it in balls
        return 1 - sympy.exp(-n * e) * (1 - d) ** n


def _power_bits(*values: sympy.Expr) -> int:
    """Bits a rational of `values` adds to an n-th power per unit of n (0 for 0 and ±1):
    (9/10)^n has about 3.3n bits, e^(−n log 2) = 2^(−n) has n."""
    return max((max(abs(int(r.p)), int(r.q)).bit_length() - 1 for v in values for r in v.atoms(sympy.Rational)),
               default=0)


def dominating_kernel(eps: object, delta: object) -> Channel:
    """The binary-input kernel whose rows are Kairouz–Oh–Viswanath's (ε,δ) pair (P̃, Q̃).

    Every pair of rows of an (ε,δ)-LDP kernel is a post-processing of it, so it has the largest
    contraction coefficients in Q_{ε,δ} (module docstring). Zero columns are dropped.
    """
    from ..central.pairs import dominating  # pairs sit beside this layer; imported where needed
    e, d = _eps_delta(eps, delta)
    pair = dominating(e, d)
    return Channel([pair.p, pair.q])


def _kind(kind: object) -> tuple[str, sympy.Expr | None]:
    if kind in ("tv", "kl", "chi2"):
        return str(kind), None
    if isinstance(kind, tuple) and len(kind) == 2 and kind[0] == "e_gamma":
        return "e_gamma", params.at_least(kind[1], "gamma", 1)
    raise ParameterError(f"kind must be one of \"tv\", \"kl\", \"chi2\", (\"e_gamma\", gamma) with gamma ≥ 1, got {kind!r}")


def worst_case_contraction(eps: object, delta: object, kind: object = "tv") -> sympy.Expr:
    """sup over all (ε,δ)-LDP kernels K of the contraction coefficient η(K), exactly.

    `kind` is ``"tv"`` (the Dobrushin coefficient), ``("e_gamma", γ)`` with γ ≥ 1, ``"kl"`` or
    ``"chi2"``. For TV and E_γ with rational e^ε and δ the value is the optimum of the
    certified LP (:func:`worst_case_lp`, binary outputs, which suffice: merging outputs into
    {A, A^c} keeps (ε,δ)-LDP and the event A); otherwise, and for KL/χ², it is the coefficient of
    :func:`dominating_kernel` (module docstring). The supremum is attained, and it is strictly
    below φ(ε,δ) unless ε = 0 or δ = 1.
    """
    e, d = _eps_delta(eps, delta)
    name, g = _kind(kind)
    x = sympy.exp(e)
    if name in ("tv", "e_gamma") and is_rational(x) and is_rational(d):
        return worst_case_lp(e, d, 1 if g is None else g).value
    kernel = dominating_kernel(e, d)
    return tidy(kernel.contraction(("e_gamma", g) if name == "e_gamma" else name))


def _events(m: int) -> list[tuple[int, ...]]:
    return [s for r in range(1, m) for s in combinations(range(m), r)]


def worst_case_lp(eps: object, delta: object, gamma: object = 1, outputs: int = 2) -> lp.LPSolution:
    """The certified LP max P(A₀) − γQ(A₀) over pairs (P, Q) of laws on `outputs` points with
    P(A) − e^ε Q(A) ≤ δ and Q(A) − e^ε P(A) ≤ δ for every event A, and over A₀.

    Its optimum is sup_{K ∈ Q_{ε,δ}} η_γ(K) (γ = 1: the Dobrushin coefficient), by the two-point
    formula and Definition 1. By symmetry of the outputs only |A₀| matters, so one LP per size
    k = 1, …, m−1 is solved (A₀ = the first k outputs) and the best :class:`~symdp.numerics.lp.LPSolution`
    is returned (variables P(0..m−1), then Q(0..m−1)). e^ε, δ and γ must be rational.
    """
    e, d = _eps_delta(eps, delta)
    g = params.at_least(gamma, "gamma", 1)
    m = params.count(outputs, "outputs", 2)
    require(m <= MAX_LP_OUTPUTS, "outputs", f"≤ {MAX_LP_OUTPUTS} (2^outputs events)", m)
    x = sympy.exp(e)
    for name, v in (("e^eps", x), ("delta", d), ("gamma", g)):
        if not is_rational(v):
            raise ParameterError(f"{name} must be rational for the exact LP, got {v}")
    xq, dq, gq = to_fmpq(x), to_fmpq(d), to_fmpq(g)
    zero, one = fmpq(0), fmpq(1)
    a_eq = [[one] * m + [zero] * m, [zero] * m + [one] * m]
    a_ub, b_ub = [], []
    for event in _events(m):
        inside = [one if i in event else zero for i in range(m)]
        a_ub.append(inside + [-xq * v for v in inside])
        a_ub.append([-xq * v for v in inside] + inside)
        b_ub += [dq, dq]
    best = None
    for k in range(1, m):
        c = [one] * k + [zero] * (m - k) + [-gq] * k + [zero] * (m - k)
        sol = lp.solve(c, a_eq, [one, one], a_ub, b_ub, maximize=True)
        if best is None or sign(sol.value - best.value) > 0:
            best = sol
    return best


def bsc(omega: object) -> Channel:
    """The binary symmetric channel BSC(ω): rows (1 − ω, ω) and (ω, 1 − ω), ω ∈ [0, 1].

    Binary randomized response is BSC(1/(1 + e^ε)) (the paper's Example 1).
    """
    w = params.probability(omega, "omega")
    return Channel([[1 - w, w], [w, 1 - w]])


def bsc_kl_contraction(omega: object) -> sympy.Expr:
    """η_KL(BSC(ω)) = (1 − 2ω)² (Ahlswede–Gács 1976), computed exactly as the maximal
    correlation of the channel (:meth:`Channel.contraction`).

    The paper (after Lemma 1) prints 1 − 2ω²; with ω = 1/(1 + e^ε) the square (1 − 2ω)² =
    tanh²(ε/2) is what gives its randomized-response value ((e^ε − 1)/(e^ε + 1))².
    """
    return tidy(bsc(omega).contraction("kl"))


def tensor_power(channel: Channel, n: int) -> Channel:
    """K^{⊗n}: n independent uses, inputs and outputs the n-tuples in lexicographic order.

    Refused beyond :data:`MAX_TENSOR_ENTRIES` entries.
    """
    if not isinstance(channel, Channel):
        raise ParameterError(f"channel must be a Channel, got {type(channel).__name__}")
    n = params.count(n, "n")
    size = (channel.n_inputs * channel.n_outputs) ** n
    require(size <= MAX_TENSOR_ENTRIES, "n", f"such that (inputs·outputs)^n ≤ {MAX_TENSOR_ENTRIES}", n)
    rows = [list(r) for r in channel.rows]
    out = rows
    for _ in range(n - 1):
        out = [[a * b for a in r for b in s] for r in out for s in rows]
    return Channel([[tidy(v) for v in r] for r in out])
