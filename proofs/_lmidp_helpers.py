"""Shared pieces of the lmidp claims (Ngo–Östman–Graell i Amat): the sample channels and priors,
event enumeration, and the certified right side of Lemma 1 (eq. 15). Information in bits."""

from __future__ import annotations

import sympy
from flint import acb, ctx
from sympy import Rational as R, log

from symdp.local import Channel
from symdp.local.lmidp import profile_integral
from symdp.numbers import arb_of

#: Finite mechanisms (rows = P_{M(x)}) and input laws used throughout.
W3 = Channel([[R(1, 2), R(1, 4), R(1, 4)], [R(1, 5), R(3, 5), R(1, 5)], [R(1, 10), R(1, 10), R(4, 5)]])
W32 = Channel([[R(2, 3), R(1, 3)], [R(1, 4), R(3, 4)], [R(1, 2), R(1, 2)]])
W4 = Channel([[R(1, 2), R(1, 4), R(1, 8), R(1, 8)], [R(1, 10), R(3, 5), R(1, 5), R(1, 10)],
              [R(1, 3), R(1, 3), R(1, 6), R(1, 6)], [R(1, 20), R(1, 20), R(1, 20), R(17, 20)]])
CHANNELS = [W3, W32, W4]
PRIORS = [[R(1, 3), R(1, 2), R(1, 6)], [R(1, 5), R(1, 5), R(3, 5)], [R(1, 4)] * 4]


def events(n: int) -> list[list[int]]:
    """Every event E ⊂ {0, …, n−1}, as a sorted list of outputs."""
    return [[y for y in range(n) if mask >> y & 1] for mask in range(1 << n)]


def mass(p, event) -> sympy.Expr:
    return sum((p[y] for y in event), sympy.Integer(0))


def entropy_bits(p) -> sympy.Expr:
    return sum((-v * log(v) for v in p if v != 0), sympy.Integer(0)) / log(2)


def lemma1_integral(p, q, name: str = ""):
    """log(e)∫₀^∞(H_{e^ε}(P‖Q) + e^{−ε}H_{e^ε}(Q‖P))dε in bits (the right side of Lemma 1), certified:
    ``profile_integral`` with weight 1 + e^{−ε} on the integrand divided by it, split at every kink
    |log(p_i/q_i)|; both hockey-stick terms vanish beyond the largest likelihood ratio."""
    terms = list(zip(p, q))
    ratios = {a / b for a, b in terms} | {b / a for a, b in terms}
    kinks = sorted({log(r) for r in ratios if r > 1}, key=float)

    def integrand(x, an):
        t = x.exp()
        fwd = sum(((acb(arb_of(a, ctx.prec)) - t * acb(arb_of(b, ctx.prec))).real_max(acb(0), analytic=an)
                   for a, b in terms), acb(0))
        bwd = sum(((acb(arb_of(b, ctx.prec)) - t * acb(arb_of(a, ctx.prec))).real_max(acb(0), analytic=an)
                   for a, b in terms), acb(0))
        return (fwd + bwd / t) / (1 + (-x).exp())
    return profile_integral(integrand, "ci", kinks[-1], name=name, breaks=kinks[:-1])
