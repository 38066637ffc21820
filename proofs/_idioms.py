"""The idioms every paper's claims use: evidence for the claim's own decisions (``holds``), one part
of a statement's evidence under a heading (``grouped``), orders and printed references checked with
certified signs (``ordered``, ``near``), and the brute-force hockey-stick divergence with the pointwise
facts behind its forms (``hockey_by_events``, ``pointwise_hockey_stick``), and e^w ≥ 1 + w as kernel
evidence (``exp_bounds``).

Each paper's own brute-force routes and fixtures stay in its ``_<paper>_helpers.py``, used by that
paper's claim modules alone; what two papers share lives here.
"""

from __future__ import annotations

from itertools import product
from typing import Iterable, Sequence

import sympy
from sympy import exp

from symdp.numbers import certify, sign
from symdp.verify import Evidence, combine, exact_agreement, kernel, prove


def holds(ok: bool | Iterable[bool], detail: str, data: dict | None = None, kind: str = "exact") -> Evidence:
    """Evidence for exact or certified decisions the claim made itself: one decision `ok`
    (``checked`` if it holds, with `data` and `kind`), or an iterable of them, every one of which
    must hold (exact agreement of the flags with all-true, the number of cases in the detail; no
    case at all fails, as :func:`~symdp.verify.exact_agreement` does)."""
    if isinstance(ok, Iterable) and not isinstance(ok, (str, bytes)):
        flags = [int(bool(f)) for f in ok]
        return exact_agreement(flags, [1] * len(flags), f"{detail} ({len(flags)} cases)")
    return Evidence(kind, "checked" if ok else "failed", detail if ok else f"{detail}: violated", data or {})


def printed(decimal: str) -> sympy.Rational:
    """A printed reference decimal (an independent mpmath value, rounded) as an exact rational."""
    return sympy.Rational(decimal)


def ordered(chain: Sequence, detail: str, strict: bool = False) -> Evidence:
    """Checked iff chain[0] ≤ chain[1] ≤ … (exact or certified values; signs decided rigorously)."""
    for i, (a, b) in enumerate(zip(chain, chain[1:])):
        s = sign(b - a)
        if s < 0 or (strict and s == 0):
            shown = [certify(v, 12).decimal for v in chain]
            return Evidence("certified", "failed", f"{detail}: order fails at position {i}: {shown}", {"values": shown})
    shown = [certify(v, 12).decimal for v in chain]
    return Evidence("certified", "checked", detail, {"values": shown})


def near(value, reference: str, digits: int, detail: str) -> Evidence:
    """Checked iff the certified `value` is within a relative 10^−digits of a rounded printed
    reference decimal (independent mpmath values, rounded, and so never exactly enclosed)."""
    ref = printed(reference)
    tol = abs(ref) * sympy.Rational(1, 10 ** digits)
    s = sign(tol - abs(value - ref))
    shown = certify(value, digits + 2).decimal
    data = {"value": shown, "reference": reference, "digits": digits}
    if s < 0:
        return Evidence("certified", "failed", f"{detail}: {shown} vs reference {reference}", data)
    return Evidence("certified", "checked", detail, data)


def hockey_by_events(p: Sequence, q: Sequence, gamma) -> sympy.Expr:
    """sup_S P(S) − γ Q(S) by enumerating all 2^n events S (the definition, no thresholding)."""
    best = sympy.Integer(0)
    for mask in product((0, 1), repeat=len(p)):
        value = sympy.Add(*[m * (a - gamma * b) for m, a, b in zip(mask, p, q)])
        if sign(value - best) > 0:
            best = value
    return best


def pointwise_hockey_stick() -> Evidence:
    """The pointwise facts behind every form of the hockey-stick divergence E_γ(P‖Q) = sup_A [P(A) − γQ(A)]: with
    t = p − γq at one outcome (densities with respect to a dominating measure), |t| = 2t₊ − t; a·t ≤ t₊ for every
    test value a ∈ [0, 1] (an indicator 1_A, or a randomised test), with equality for A = {t > 0} (t₊ = t where
    t ≥ 0 and 0 where t ≤ 0); and q·(p/q − γ)₊ = (p − γq)₊ for q > 0 (the f-divergence form). Each is decided by
    the kernel over a real t, with t₊ = max(t, 0) read through its defining facts, so the goals say exactly this
    (sign branches carried by sympy assumptions would evaluate to t = t)."""
    t, a = sympy.symbols("t a", real=True)
    q = sympy.Symbol("q", positive=True)
    plus = sympy.Max(t, 0)
    facts = ((sympy.Eq(sympy.Abs(t), 2 * plus - t), (), "|t| = 2t₊ − t; summed over outputs with Σ(P − γQ) = 1 − γ"),
             (a * t <= plus, (a >= 0, a <= 1), "a·t ≤ t₊ for a test value a ∈ [0, 1]"),
             (sympy.Eq(plus, t), (t >= 0,), "equality with a = 1_{t > 0}: t₊ = t where t ≥ 0"),
             (sympy.Eq(plus, 0), (t <= 0,), "… and t₊ = 0 where t ≤ 0"),
             (sympy.Eq(q * sympy.Max(t / q, 0), plus), (), "q·(p/q − γ)₊ = (p − γq)₊ for q > 0 (t = p − γq)"))
    return combine(*(kernel.decide(kernel.goal(c, h), detail=d) for c, h, d in facts))


def grouped(detail: str, *pieces: Evidence) -> Evidence:
    """`pieces` combined into one part of the statement evidence, under `detail`. The status facts read the proof's
    domain from the evidence and its direct parts, and an nlsat step records its own constraint list under the same
    key ``domain``; one more level keeps those constraint lists from being read as the claim's domain. A single
    piece without parts needs no grouping (the claim's domain replaces its key) and is returned as it is."""
    if len(pieces) == 1 and "parts" not in pieces[0].data:
        return pieces[0]
    return combine(combine(*pieces), detail=detail)


_W, _U = sympy.symbols("w u", real=True)


def exp_bounds() -> tuple:
    """(e^w ≥ 1 + w for every real w, e^w ≤ 1 for every w ≤ 0) as kernel evidence over the real w: the first
    from two decisions of the prover (w ≥ 0, and e^−u ≥ 1 − u for u ≥ 0 at u = −w), the second from e^−u ≤ 1.
    At w = log x − log y they are log x − log y ≤ x/y − 1 (Gibbs' inequality, the monotone logarithm)."""
    w, u = _W, _U
    up = prove(exp(w) - 1 - w, w, 0, sympy.oo, "e^w ≥ 1 + w for w ≥ 0")
    down = kernel.instantiate(prove(exp(-u) - 1 + u, u, 0, sympy.oo, "e^−u ≥ 1 − u for u ≥ 0"), {u: -w}, [w <= 0])
    tangent = kernel.decide(kernel.goal(exp(w) >= 1 + w), up, down, detail="e^w ≥ 1 + w for every real w")
    below = kernel.instantiate(prove(1 - exp(-u), u, 0, sympy.oo, "e^−u ≤ 1 for u ≥ 0"), {u: -w}, [w <= 0])
    return tangent, below
