"""``tends``: tabled limits at ±∞ of exp, erf, erfc of an affine argument (KERNEL7 item 3: lim_{u→∞} erfc(u) = 0,
composition-subsampling Corollary 10). Values are compared with sympy's own ``limit`` (an independent route);
wrong applications — the wrong end, a slope of unknown or wrong sign, a non-affine argument, exp at +∞ — are refused,
and tampered certificates disagree at the re-check."""

from __future__ import annotations

import sympy
from sympy import Limit, erf, erfc, exp, oo, sqrt

from symdp.verify import kernel as K
from test_kernel import disagrees, refused, replays

u = sympy.Symbol("u", real=True)
k = sympy.Symbol("k", integer=True)
c, s = sympy.symbols("c s", real=True)


def test_tabled_limits_agree_with_sympy():
    for term, to, hyps in ((Limit(erfc(u / sqrt(2) + c), u, oo), 1, []), (Limit(erfc(s * u), u, -oo), -1, [s > 0]),
                           (Limit(erf(s * u + c), u, -oo), -1, [s > 0]), (Limit(exp(s * k + c), k, oo), -1, [s < 0])):
        step = K.tends(term, to, hyps)
        assert step.passed and replays(step), step.detail
        value = K.fact(step).goal.conclusion.rhs
        assert sympy.limit(term.args[0].subs({s: 3 if hyps and hyps[0].rhs == 0 and isinstance(hyps[0], sympy.StrictGreaterThan) else -3, c: 1}),
                           term.args[1], term.args[2]) == value
        exists = K.tends(term, to, hyps, converges=True)
        assert exists.passed and replays(exists) and K.fact(exists).goal.conclusion == K.Converges(term)


def test_wrong_applications_are_refused():
    refused(K.tends(Limit(erfc(u), u, oo), -1), "fails at")               # erfc(u) → 0, not 2: the argument → +∞
    refused(K.tends(Limit(erfc(s * u), u, oo), 1), "fails at")            # the slope's sign is not known
    refused(K.tends(Limit(erf(s * u), u, oo), 1, [s < 0]), "fails at")    # slope negative: erf → −1 there
    refused(K.tends(Limit(exp(u), u, oo), 1), "no finite limit")          # exp has no finite limit at +∞
    refused(K.tends(Limit(erfc(u ** 2), u, oo), 1), "c·u + d")             # not affine
    refused(K.tends(Limit(erfc(u), u, oo), 1, [u > 0]), "free of u")     # a hypothesis about the limit's variable


def test_a_tampered_certificate_disagrees():
    step = K.tends(Limit(erf(s * u), u, oo), 1, [s > 0])
    assert "side condition" in disagrees(step, lambda cert: cert["side"].clear())

    def flip(cert):
        cert["params"]["to"] = -1
    assert disagrees(step, flip)
