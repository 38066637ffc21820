"""A member of a supremum's range is a real number: sympy's value of f at ∞ is a limit, not f at a point of the
range."""

from __future__ import annotations

import sympy
from sympy import Integral, exp, oo

from symdp.verify import kernel as K
from symdp.verify.goals import canonical_srepr
from test_kernel import _retarget, disagrees, refused, replays

t, u, x = (sympy.Symbol(n, real=True) for n in "tux")


def test_a_range_member_at_infinity_is_refused():
    # inf_{u ≥ 0} e^{−u/t} = 0 for every t ≥ 1 (e^{−u/t} → 0), so the supremum over t is 0; sympy reads the body at
    # t = ∞ as Inf(1) = 1, and "1 ≤ 0" must neither be proved nor replay
    assert sympy.limit(exp(-u / 5), u, oo) == 0
    term = K.Sup(K.Inf(exp(-u / t), (u, 0, oo)), (t, 1, oo))
    refused(K.member(term, oo), "real number")
    refused(K.member(K.Sup(exp(-t), (t, 1, oo)), -oo), "real number")
    inside = K.member(term, 2)     # a real member is fine
    assert replays(inside)

    def at_infinity(cert):
        cert["params"]["at"] = canonical_srepr(oo)
        _retarget(cert, K._make(sympy.Le(term.function.xreplace({t: oo}), term), []))
    assert "real number" in disagrees(inside, at_infinity)
    # the same with an integral: ∫_0^∞ e^{−u/t}/t du = 1 for every t ≥ 1, yet sympy reads the body at t = ∞ as ∫ 0 = 0
    assert sympy.integrate(exp(-u / 3) / 3, (u, 0, oo)) == 1
    refused(K.member(K.Inf(Integral(exp(-u / t) / t, (u, 0, oo)), (t, 1, oo)), oo), "real number")
