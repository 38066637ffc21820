"""The E_γ (hockey-stick) divergence for every γ ≥ 0, E_γ-information, and its bounds by TV.

Asoodeh–Aliakbarpour–Calmon, *Local differential privacy is equivalent to contraction of
E_γ-divergence* (ISIT 2021), eq. (1) and Appendix eqs. (22)–(24), (28), and the definition of
E_γ-information before their Theorem 2. For γ ≥ 1 every form is Σ_y (P(y) − γQ(y))₊; for
γ < 1 the paper's convention (22) subtracts (1 − γ)₊, so that E_γ(P‖P) = 0 for every γ ≥ 0
(the raw f_γ(t) = (t − γ)₊ has f_γ(1) = 1 − γ ≠ 0 there). Its Remark 1, eq. (18), uses this
convention for γ ∈ [0, 1].

All values are exact sympy expressions (rationals when the masses and γ are rational); signs
are decided exactly (certified evaluation, then sympy for an exact zero).
"""

from __future__ import annotations

from typing import Sequence

import sympy

from ..numerics import params
from ..errors import ParameterError, require
from ..numbers import exact, sign
from .channel import Channel, probability_vector, tidy

__all__ = ["FORMS", "e_gamma", "e_gamma_information", "tv_bounds"]

#: The paper's forms of E_γ: eq. (1) (γ ≥ 1 only), eqs. (22), (23), (24) (every γ ≥ 0).
FORMS = ("eq1", "eq22", "eq23", "eq24")


def _laws(p: Sequence[object], q: Sequence[object]) -> tuple[tuple[sympy.Expr, ...], tuple[sympy.Expr, ...]]:
    a, b = probability_vector(p, "p"), probability_vector(q, "q")
    require(len(a) == len(b), "len(q)", f"len(p) = {len(a)}", len(b))
    return a, b


def _positive_part(x: sympy.Expr) -> sympy.Expr:
    return x if sign(x) > 0 else sympy.Integer(0)


def e_gamma(p: Sequence[object], q: Sequence[object], gamma: object, form: str = "eq23") -> sympy.Expr:
    """E_γ(P‖Q) for exact probability vectors P, Q and γ ≥ 0, in one of the paper's forms.

    * ``"eq1"``: ½ Σ|P − γQ| − ½(γ − 1), eq. (1); stated for γ ≥ 1 only (for γ < 1 it is not
      the divergence of the (22) convention, so γ < 1 is refused);
    * ``"eq22"``: ½ Σ|P − γQ| − ½|1 − γ|;
    * ``"eq23"``: sup_A [P(A) − γQ(A)] − (1 − γ)₊, the sup attained at A = {P > γQ};
    * ``"eq24"``: P(L > log γ) − γ Q(L > log γ) − (1 − γ)₊ with L = log dP/dQ (L = +∞ where
      Q = 0 < P, −∞ where P = 0), log 0 = −∞.

    All four agree wherever they are defined (checked in ``proofs/egamma_ldp.py``).
    """
    g = exact(gamma, "gamma")
    require(g.is_finite is not False, "gamma", "a finite number ≥ 0", g)
    g = params.nonnegative(g, "gamma")
    a, b = _laws(p, q)
    if form not in FORMS:
        raise ParameterError(f"form must be one of {', '.join(FORMS)}, got {form!r}")
    if form == "eq1":
        require(sign(g - 1) >= 0, "gamma", "≥ 1 for eq. (1) (use eq22–eq24 below 1)", g)
        return tidy(sum((abs(x - g * y) for x, y in zip(a, b)), sympy.Integer(0)) / 2 - (g - 1) / 2)
    below = _positive_part(1 - g)
    if form == "eq22":
        return tidy(sum((abs(x - g * y) for x, y in zip(a, b)), sympy.Integer(0)) / 2 - abs(1 - g) / 2)
    if form == "eq23":
        return tidy(sum((_positive_part(x - g * y) for x, y in zip(a, b)), sympy.Integer(0)) - below)
    event = [i for i, (x, y) in enumerate(zip(a, b)) if _likelihood_ratio_exceeds(x, y, g)]
    return tidy(sum((a[i] - g * b[i] for i in event), sympy.Integer(0)) - below)


def _likelihood_ratio_exceeds(x: sympy.Expr, y: sympy.Expr, g: sympy.Expr) -> bool:
    """log(x/y) > log g, with log(x/0) = +∞ for x > 0, log 0 = −∞ (an outcome with x = 0
    never counts, since −∞ > log g fails even at g = 0)."""
    if sign(x) == 0:
        return False
    if sign(y) == 0:
        return True
    return sign(x - g * y) > 0


def e_gamma_information(channel: Channel, prior: Sequence[object], gamma: object) -> sympy.Expr:
    """I_γ(X;Y) = E_γ(P_XY ‖ P_X P_Y) for X ~ `prior` and Y the output of `channel`, γ ≥ 0.

    The definition before Asoodeh–Aliakbarpour–Calmon's Theorem 2, with convention (22)–(23)
    for γ < 1. For γ ≥ 1 it equals Σ_x P(x) E_γ(K(·|x)‖P_Y), their eq. (16).
    """
    if not isinstance(channel, Channel):
        raise ParameterError(f"channel must be a Channel, got {type(channel).__name__}")
    px = probability_vector(prior, "prior")
    require(len(px) == channel.n_inputs, "len(prior)", f"n_inputs = {channel.n_inputs}", len(px))
    py = channel.apply(px)
    joint = [w * k for w, row in zip(px, channel.rows) for k in row]
    product = [w * m for w in px for m in py]
    return e_gamma(joint, product, gamma)


def tv_bounds(tv: object, gamma: object) -> tuple[sympy.Expr, sympy.Expr]:
    """(1 − γ(1 − TV), TV): eq. (28), 1 − γ(1 − TV(P,Q)) ≤ E_γ(P‖Q) ≤ TV(P,Q) for γ ≥ 1.

    The upper bound holds for every γ ≥ 0 under convention (22); the lower bound needs γ ≥ 1.
    """
    t = params.probability(tv, "tv")
    g = params.at_least(gamma, "gamma", 1)
    return tidy(1 - g * (1 - t)), t
