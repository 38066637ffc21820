"""The lower bound on private mean estimation and its two lemmas.

Source: Steinke, *Composition of DP & privacy amplification by subsampling* (arXiv:2210.00597),
§5: Theorem 25 (after Bun–Ullman–Vadhan and Kamath–Ullman), Lemma 26 (the correlation of an
accurate estimator with its input, which needs no privacy) and Lemma 27 (the only step that uses
DP). All quantities are exact.
"""

from __future__ import annotations

from itertools import product
from typing import Callable, Mapping

import sympy

from ..numerics import params
from ..errors import require
from ..numbers import exact, sign

__all__ = [
    "mean_estimation_lower_bound", "theorem25_error_bound", "lemma26_terms", "lemma27_bound",
]


def mean_estimation_lower_bound(eps: object, delta: object, n: int, k: int) -> sympy.Expr:
    """min{√k / (16n(e^ε − 1)), 1/10}: every (ε, δ)-DP M : ({0,1}^k)^n → [0,1]^k has some input x
    with √E[‖M(x) − x̄‖²/k] at least this (Steinke, Theorem 25), provided δ ≤ 1/(100n) and
    k ≥ 200(e^ε − 1)²n (both checked; ParameterError otherwise). ε = 0 gives 1/10."""
    n, k = params.count(n, "n"), params.count(k)
    e, d = params.nonnegative(eps, "eps"), exact(delta, "delta")
    require(sign(d) >= 0 and sign(sympy.Rational(1, 100 * n) - d) >= 0, "delta", f"in [0, 1/(100n)] = [0, 1/{100 * n}]", d)
    growth = sympy.exp(e) - 1
    require(sign(k - 200 * growth ** 2 * n) >= 0, "k", f"≥ 200(e^ε − 1)²n = {200 * growth ** 2 * n}", k)
    if e == 0:
        return sympy.Rational(1, 10)
    bound = sympy.sqrt(k) / (16 * n * growth)
    return bound if sign(sympy.Rational(1, 10) - bound) >= 0 else sympy.Rational(1, 10)


def theorem25_error_bound(alpha: object, eps: object, delta: object, n: int, k: int) -> sympy.Expr:
    """√((1/6 − 2α² − 4nδ)² · k/(2n²(e^ε−1)²) − 1/(6n)): the proof of Theorem 25 shows the RMSE α of
    any (ε, δ)-DP mechanism satisfies α ≥ this whenever 1/6 − 2α² − 4nδ ≥ 0 (Steinke, proof of
    Theorem 25, from k/12 − α²k ≤ E[Z] ≤ n((e^ε−1)/2·√(2α²k + k/(3n)) + 2δk)). Returns 0 when the
    radicand is negative (the inequality is then vacuous)."""
    a, e, d = exact(alpha, "alpha"), params.positive(eps, "eps"), exact(delta, "delta")
    slack = sympy.Rational(1, 6) - 2 * a ** 2 - 4 * n * d
    require(sign(slack) >= 0, "alpha", "with 1/6 − 2α² − 4nδ ≥ 0", a)
    radicand = slack ** 2 * k / (2 * n ** 2 * (sympy.exp(e) - 1) ** 2) - sympy.Rational(1, 6 * n)
    return sympy.sqrt(radicand) if sign(radicand) > 0 else sympy.Integer(0)


def lemma26_terms(f: Callable[[tuple], object] | Mapping[tuple, object], n: int) -> tuple[sympy.Expr, sympy.Expr, sympy.Expr]:
    """The three expectations of Steinke, Lemma 26, exactly, for f : {0,1}^n → [0,1]
    (printed "{0,1}^d"; the lemma's X has n coordinates), P ~ U[0,1], X_i | P iid Bernoulli(P):

    1. E_{X,P}[(f(X) − P) Σ_i (X_i − P)],
    2. E_P[(E_X[f(X) − X̄])²],
    3. E_{X,P}[(f(X) − P) Σ_i (X_i − P) + (f(X) − X̄)²].

    Lemma 26 states (1) + (2) ≥ 1/12 and, by Jensen, (3) ≥ (1) + (2). Integrals over P are exact
    polynomial integrals in sympy.
    """
    require(isinstance(n, int) and 1 <= n <= 12, "n", "an integer in [1, 12]", n)
    value = f.__getitem__ if isinstance(f, Mapping) else f
    p = sympy.Symbol("p")
    first = sympy.Integer(0)
    jensen_extra = sympy.Integer(0)
    g = sympy.Integer(0)
    for x in product((0, 1), repeat=n):
        fx = params.probability(value(x), f"f{x}")
        s = sum(x)
        weight = p ** s * (1 - p) ** (n - s)
        first += (fx - p) * (s - n * p) * weight
        jensen_extra += (fx - sympy.Rational(s, n)) ** 2 * weight
        g += fx * weight
    def integrate(expr: sympy.Expr) -> sympy.Expr:
        antiderivative = sympy.Poly(expr, p).integrate()
        return antiderivative.eval(1) - antiderivative.eval(0)
    one = integrate(first)
    two = integrate((g - p) ** 2)
    three = one + integrate(jensen_extra)
    return one, two, three


def _hockey(x: Mapping, y: Mapping, gamma: sympy.Expr) -> sympy.Expr:
    support = set(x) | set(y)
    return sympy.Add(*(term for v in support for term in [x.get(v, 0) - gamma * y.get(v, 0)] if sign(term) > 0))


def lemma27_bound(x: Mapping[object, object], y: Mapping[object, object], eps: object, delta: object,
                  bound: object) -> sympy.Expr:
    """E[Y] + (e^ε − 1)E[|Y|] + 2δΔ, an upper bound on E[X] (Steinke, Lemma 27), for finite laws
    x, y (value ↦ probability) supported on [−Δ, Δ] that are (ε, δ)-indistinguishable in both
    directions; both hypotheses are checked exactly."""
    e, d, big_d = params.nonnegative(eps, "eps"), exact(delta, "delta"), exact(bound, "bound")
    law_x = {exact(v, "value"): exact(w, "probability") for v, w in x.items()}
    law_y = {exact(v, "value"): exact(w, "probability") for v, w in y.items()}
    for name, law in (("x", law_x), ("y", law_y)):
        require(all(sign(big_d - abs(v)) >= 0 for v in law), name, f"supported on [−{big_d}, {big_d}]", sorted(law, key=float))
        require(all(sign(w) >= 0 for w in law.values()) and sympy.simplify(sympy.Add(*law.values()) - 1) == 0,
                name, "a probability law", law)
    g = sympy.exp(e)
    need = sympy.Max(_hockey(law_x, law_y, g), _hockey(law_y, law_x, g))
    require(sign(d - need) >= 0, "delta", f"≥ the pair's δ(ε) = {need}", d)
    mean = sympy.Add(*(v * w for v, w in law_y.items()))
    absolute = sympy.Add(*(abs(v) * w for v, w in law_y.items()))
    return mean + (g - 1) * absolute + 2 * d * big_d
