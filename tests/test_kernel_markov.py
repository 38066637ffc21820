"""Kernel7b (issue: egamma-ldp Theorem 3): where a bounded supremum is defined (K4), point masses as
members of the laws (K2), and a Markov kernel variable K[B, s] (K1).

Each capability applied correctly is proved and replays; a wrong application is refused when it is
applied (and, where a certificate could be forged, disagrees at the re-check).
"""

from __future__ import annotations

import sympy
from sympy import Piecewise

from symdp.verify import kernel as K
from test_kernel import refused, replays

u, v, x, y, t = sympy.symbols("u v x y t", real=True)
G = sympy.Symbol("gamma", real=True)
a = K.Test("a")
oo = sympy.oo


# --------------------------------------------------------------------------------------------
# K4: a supremum of a total body bounded by its form is defined where its range is nonempty


def _inner(point):
    return K.Sup(a[u] - G * a[point], (u, -oo, oo))


def test_a_bounded_supremum_may_be_a_middle_term():
    """The reproducer of the request: sup_u (a[u] − γ a[y]) is defined (its body is total and within
    [−|γ|, 1 + |γ|]), so it may disappear from a chain and from a decide."""
    h = K.Sup(_inner(v), (v, -oo, oo))
    m1, m2 = K.member(_inner(y), x), K.member(h, y)
    assert replays(K.chain(m1, m2))
    ev = K.decide(K.goal(a[x] - G * a[y] <= h), m1, m2)
    assert replays(ev)


def test_a_finite_range_is_nonempty_where_the_supremum_is_defined():
    """Over [x, y] the supremum is defined exactly where x ≤ y: a goal may use that (x ≤ y is where it says
    anything), and a premise about it says nothing where x > y (so x ≤ y does not follow from it)."""
    S = K.Sup(a[t], (t, x, y))
    p = K.decide(K.goal(sympy.Le(x + S, y + S)))  # true where S is defined, i.e. where x ≤ y
    assert replays(p)
    refused(K.decide(K.goal(sympy.Le(x, y), [a[x] <= 1]), p), "fails at")
    assert K._defined(S) == {sympy.Le(x, y)}
    assert K._defined(K.Sup(a[t], (t, -oo, y))) == set()


def test_an_unbounded_or_partial_supremum_stays_unknown():
    """sup_{t ≥ 0} t and sup_{t ∈ [1, 2]} 1/t: neither is total and bounded by its form, so neither is
    defined by K4: its definedness is only the proposition Converges(S) (K5), which nothing here shows,
    so a middle term S cannot disappear: the chain x ≤ S ≤ S' (S' = S read at a renamed index) is refused."""
    for S in (K.Sup(t, (t, 0, oo)), K.Sup(1 / t, (t, 1, 2)), K.Sup(t * a[t], (t, -oo, oo)), K.Inf(-t, (t, 0, oo)),
              K.Sup(a[1 / t], (t, -1, 1))):
        m = K.member(S, x)
        assert m.status == "proved", m.detail
        assert K._defined(S) == {K.Converges(S)}
        same = K.rename(S, u)       # S = S' (α-conversion), S' the same supremum over u
        assert same.status == "proved", same.detail
        refused(K.chain(m, same) if isinstance(S, K.Sup) else K.chain(same, m), "fails at")   # S must be defined
    over_tests = K.Sup(1 / a[x], (a,))
    b = K.Test("b")
    m = K.member(over_tests, b)
    assert m.status == "proved", m.detail
    assert K._defined(over_tests) == {K.Converges(over_tests)}


def test_a_supremum_over_the_tests_with_a_bounded_body_is_defined():
    S = K.Sup(a[x] - G * a[y], (a,))
    assert K._defined(S) == set()
    b = K.Test("b")
    m = K.member(S, b)
    assert replays(K.decide(K.goal(sympy.Le(b[x] - G * b[y], S + 1)), m))


def test_the_recheck_reads_a_bounded_supremum_alike_and_no_other():
    from symdp.verify.recheck import rules as R
    assert R._domain(K.Sup(a[t], (t, x, y))) == {sympy.Le(x, y)}
    assert R._domain(K.Sup(a[t] - G * a[y], (t, -oo, y))) == set()
    assert R._domain(K.Sup(a[x] - G * a[y], (a,))) == set()
    for S in (K.Sup(t, (t, 0, oo)), K.Sup(1 / t, (t, 1, 2)), K.Sup(t * a[t], (t, -oo, oo)),
              K.Sup(sympy.IndexedBase("p")[a[x]], (a,)), K.Sup(a[t], (t, oo, oo)), K.Sup(a[1 / t], (t, -1, 1))):
        assert R._domain(S) == {K.Converges(S)}, S   # only the proposition "S is a defined real number"


def test_a_class_body_not_bounded_by_its_form_stays_unknown():
    for S in (K.Sup(sympy.IndexedBase("p")[a[x]], (a,)), K.Sup(a[t], (t, oo, oo))):
        assert K._defined(S) == {K.Converges(S)}


# --------------------------------------------------------------------------------------------
# K2: a point mass δ_a is a member of the laws; E_{δ_a} g = g(a) where g(a) is defined

import pytest  # noqa: E402

from test_kernel import disagrees  # noqa: E402
from test_kernel_rules import forged  # noqa: E402

s = sympy.Symbol("s", real=True)
P, Q = K.Law("P"), K.Law("Q")
A = K.Event("A")
GAIN = K.Expect(a[s], (s, P)) - G * K.Expect(a[s], (s, Q))


def test_a_point_mass_is_a_member_of_the_laws():
    S = K.Sup(GAIN, (P,))
    m = K.member(S, ("dirac", x))
    assert replays(m)
    assert K.fact(m).goal.conclusion == sympy.Le(a[x] - G * K.Expect(a[s], (s, Q)), S)
    # both laws at point masses: E_γ(δ_x ‖ δ_y) over the tests is bounded below by a[x] − γ a[y]
    inner = K.member(K.Sup(a[x] - G * K.Expect(a[s], (s, Q)), (Q,)), ("dirac", y))
    assert replays(inner)
    low = K.member(K.Inf(GAIN, (P,)), ("dirac", x))
    assert replays(low) and isinstance(K.fact(low).goal.conclusion, sympy.GreaterThan)


def test_a_point_mass_needs_its_body_defined_at_the_point():
    """1/s at 0 is undefined, so E_{δ_0}[1/X] is, and δ_0 is no member at which f is defined; s^d (d > 0)
    is read as defined only for s > 0, and sympy's 0^d = 0 must not hide that."""
    S = K.Sup(K.Expect(1 / s, (s, P)), (P,))
    refused(K.member(S, ("dirac", 0)), "cannot tell")
    refused(K.member(S, ("dirac", x)), "fails at")
    assert replays(K.member(S, ("dirac", x), hypotheses=[x > 0]))
    d = sympy.Symbol("d", positive=True)
    refused(K.member(K.Sup(K.Expect(s ** d, (s, P)), (P,)), ("dirac", 0)), "fails at")


def test_a_point_mass_sits_at_a_real_number():
    """The review's case: there is no point mass at ±∞ (sympy's e^{−∞} = 0 is a limit, not E_δ of anything), nor at a
    point where the point itself is undefined (1/x at x = 0); the forged certificate disagrees too."""
    for point in (oo, -oo, sympy.zoo):
        refused(K.member(K.Sup(K.Expect(sympy.exp(-s), (s, P)), (P,)), ("dirac", point)), "real number")
    S1 = K.Sup(K.Expect(sympy.Integer(1), (s, P)), (P,))
    refused(K.member(S1, ("dirac", 1 / x)), "fails at")
    assert replays(K.member(S1, ("dirac", 1 / x), hypotheses=[x > 0]))
    Se = K.Sup(K.Expect(sympy.exp(-s), (s, P)), (P,))
    assert "real number" in forged(None, "member", K.goal(sympy.Le(0, Se)), {"term": K.canonical_srepr(Se), "at": K.canonical_srepr(oo),
                                                                               "member": "dirac", "hypotheses": []})


def test_a_point_mass_is_refused_where_the_law_is_not_only_an_expectations():
    S = K.Sup(Piecewise((K.Expect(a[s], (s, P)), sympy.Lt(K.Expect(a[s] ** 2, (s, P)), 1)), (0, True)), (P,))
    assert replays(K.member(S, ("dirac", x)))   # a relation between expectations: both read at the point
    nested = K.Sup(K.Expect(s * K.Expect(a[s], (s, P)), (s, P)), (P,))
    refused(K.member(nested, ("dirac", x)), "nests")
    captured = K.Sup(K.Sup(K.Expect(s * t, (s, P)), (t, 0, 1)), (P,))
    refused(K.member(captured, ("dirac", t)), "captured")
    refused(K.member(K.Sup(a[x], (a,)), ("dirac", x)), "member of the laws")
    refused(K.member(K.Sup(G, (P,)), ("dirac", x)), "only as the law of an expectation")
    stray = K.Sup(Piecewise((K.Expect(a[s], (s, P)), K.Integrable(s * a[s], (s, P))), (0, True)), (P,))
    refused(K.member(stray, ("dirac", x)), "only as the law of an expectation")


def test_a_forged_point_mass_disagrees():
    S = K.Sup(GAIN, (P,))
    m = K.member(S, ("dirac", x))
    wrong = K.goal(sympy.Le(a[y] - G * K.Expect(a[s], (s, Q)), S))   # read at y, recorded at x
    assert "not what the rule gives" in disagrees(m, lambda c: c.update(goal=wrong.canonical(), digest=wrong.digest))
    params = dict(K.fact(m).evidence.data["certificate"]["params"])
    over_tests = K.Sup(a[x], (a,))
    assert "laws only" in forged(None, "member", K.goal(sympy.Le(x, over_tests)),
                                 {**params, "term": K.canonical_srepr(over_tests)})
    S1 = K.Sup(K.Expect(1 / s, (s, P)), (P,))
    unguarded = K.goal(sympy.Le(1 / x, S1))
    assert "side condition" in forged(None, "member", unguarded, {"term": K.canonical_srepr(S1), "at": K.canonical_srepr(x),
                                                                 "member": "dirac", "hypotheses": []})


# --------------------------------------------------------------------------------------------
# K1: a Markov kernel variable, K[B, s] = K(B|s) for an Event B and a real s

from symdp.verify import covering  # noqa: E402
from symdp.verify.goals import Goal  # noqa: E402
from symdp.verify.recheck import rules as R  # noqa: E402

MK = K.MarkovKernel("K")
C = K.Event("C")
E_OUT = K.Sup(K.Expect(MK[A, s], (s, P)) - G * K.Expect(MK[A, s], (s, Q)), (A,))   # E_γ(PK ‖ QK)
H = K.Sup(K.Sup(K.Sup(MK[A, x] - G * MK[A, y], (A,)), (x, -oo, oo)), (y, -oo, oo))


def test_a_kernel_value_is_a_probability_and_reads_back():
    g = K.goal(sympy.Le(MK[A, x], 1))
    assert Goal.from_json(g.to_json()).digest == g.digest and set(g.variables) == {MK, A, x}
    assert "Markov kernel" in g.text()
    assert replays(K.decide(K.goal(sympy.Le(MK[A, x] - G * MK[A, y], 1 + abs(G)))))
    refused(K.decide(K.goal(sympy.Le(MK[A, x], sympy.Rational(1, 2)))), "fails at")
    assert replays(K.decide(K.goal(sympy.Eq(MK[A, x], MK[A, y]), [sympy.Eq(x, y)])))
    refused(K.decide(K.goal(sympy.Eq(MK[A, x], MK[C, x]))), "fails at")   # two events: no congruence
    # only K[B, s] with B an Event is a probability: K[a, s] (a test) is not a kernel's value
    refused(K.decide(K.goal(sympy.Le(MK[a, x], 1))), "fails at")
    assert not R._kernel_entry(MK[a, x]) and R._characterised(MK[a, x], sympy.Symbol("z", real=True)) == []
    assert R._kernel_entry(MK[A, x])


def test_the_output_event_is_bound_by_a_supremum_over_the_events():
    assert not any(isinstance(e, sympy.Indexed) for e in E_OUT.free_symbols)
    assert {str(e) for e in E_OUT.free_symbols} == {"P", "Q", "gamma", "K"}
    assert K._defined(H) == set()   # E_OUT is not total in the kernel (its expectations need Integrable)
    m = K.member(E_OUT, C)
    assert replays(m) and K.fact(m).goal.conclusion.lhs.has(MK[C, s])
    # the test x ↦ w is no output event: K(·|s) is defined on events, w would be an input-side function
    refused(K.member(E_OUT, (x, Piecewise((1, x > 0), (0, True)))), "other than applied")
    bound = K.supremum(K.decide(K.goal(sympy.Le(MK[A, x] - G * MK[A, y], 1 + abs(G)))), A)
    assert replays(bound)


def test_the_empty_output_event():
    m = K.member(E_OUT, "empty")
    assert replays(m)
    zero = K.Expect(0, (s, P)) - G * K.Expect(0, (s, Q))
    assert K.fact(m).goal.conclusion == sympy.Le(zero, E_OUT)
    assert replays(K.member(K.Sup(MK[A, x] - A[y], (A,)), "empty"))
    refused(K.member(K.Sup(MK[A, x] + sympy.IndexedBase("p")[A], (A,)), "empty"), "other than")
    refused(K.member(K.Sup(K.Expect(a[s], (s, P)), (a,)), "empty"), "member of the events")
    refused(K.member(K.Sup(K.Expect(a[s], (s, P)), (P,)), "empty"), "member of the events")
    assert "events only" in forged(None, "member", K.goal(sympy.Le(0, K.Sup(K.Expect(s, (s, P)), (P,)))),
                                   {"term": K.canonical_srepr(K.Sup(K.Expect(s, (s, P)), (P,))), "at": "Integer(0)",
                                    "member": "empty", "hypotheses": []})


def test_a_kernel_is_measurable_in_its_input():
    """E_P K(B|X) is defined with no premise on K: s ↦ K(B|s) is measurable with values in [0, 1]; a
    kernel read at a point p[s] of an arbitrary sequence still needs p[s]'s integrability."""
    dom = K.dominated(K.Integrable(MK[A, s], (s, P)), 1)
    assert replays(dom)
    assert set(K.fact(dom).goal.hypotheses) == {K.Integrable(1, (s, P))}
    p = sympy.IndexedBase("p")
    odd = K.dominated(K.Integrable(MK[A, p[s]], (s, P)), 1)
    assert replays(odd) and K.Integrable(p[s], (s, P)) in K.fact(odd).goal.hypotheses


def test_the_covering_reads_kernel_values_as_bounded_and_measurable():
    assert covering.defined(E_OUT) == [] and covering.defined(H) == []
    assert covering.defined(K.Expect(MK[A, s], (s, P))) == []
    # a nested supremum: bounded in the outer index by its body's form, defined as its own body is bounded
    assert covering.defined(K.Sup(K.Sup(a[y] * K.Expect(A[s], (s, P)), (A,)), (y, -oo, oo))) == []
    assert set(covering.defined(K.Sup(K.Sup(a[x] * a[y] * G, (x, 0, 1)), (y, -oo, oo)))) <= {sympy.true}
    for S in (K.Sup(s * MK[A, s], (s, -oo, oo)), K.Sup(K.Sup(x * a[y], (x, 0, oo)), (y, -oo, oo)),
              K.Expect(MK[a, s], (s, P)), K.Sup(K.Sup(y * a[x], (x, 0, 1)), (y, -oo, oo))):
        with pytest.raises(covering.Undecided):
            covering.defined(S)


# --------------------------------------------------------------------------------------------
# K5: a supremum over a class exists where it is bounded and some member has its body defined


def test_a_bounded_supremum_over_the_laws_exists_at_a_point_mass():
    """Converges(Sup_P min(E_P a, γ)): bounded by γ, and defined at δ_x (E_{δ_x} a = a[x]); with it the
    supremum may be a middle term, which it may not be without."""
    f = sympy.Min(K.Expect(a[s], (s, P)), G)
    bound = K.decide(K.goal(f <= G))
    exists = K.sup_converges(bound, P, ("dirac", x))
    assert replays(exists)
    S = K.Sup(f, (P,))
    assert K.fact(exists).goal.conclusion == K.Converges(S) and K._defined(S) == {K.Converges(S)}
    m, up = K.member(S, ("dirac", x)), K.supremum(bound, P)
    refused(K.chain(m, up), "fails at")                    # S's existence is not shown by the links
    assert replays(K.decide(K.goal(sympy.Min(a[x], G) <= G), m, up, exists))
    low = K.inf_converges(K.decide(K.goal(sympy.Max(K.Expect(a[s], (s, P)), G) >= G)), P, ("dirac", x))
    assert replays(low)


def test_a_supremum_exists_only_at_a_member_where_its_body_is_defined_and_a_defined_bound():
    b, c = K.Test("b"), K.Test("c")
    ratio = b[x] * b[y] / (1 + b[y])
    assert replays(K.sup_converges(K.decide(K.goal(ratio <= 1)), b, c))
    partial = (b[x] - b[x] * b[y]) / (1 - b[y])         # = b[x] where defined; undefined at an event with C[y] = 1
    p = K.decide(K.goal(partial <= 1))
    assert p.status == "proved", p.detail
    refused(K.sup_converges(p, b, K.Event("C")), "fails at")
    z = sympy.Symbol("z", real=True)
    loose = K.decide(K.goal(b[x] <= 1 + 1 / z ** 2))     # says nothing at z = 0: the bound is undefined there
    assert loose.status == "proved", loose.detail
    refused(K.sup_converges(loose, b, c), "fails at")
    f = sympy.Min(K.Expect(1 / s, (s, P)), G)
    refused(K.sup_converges(K.decide(K.goal(f <= G)), P, ("dirac", 0)), "no real term")
    refused(K.sup_converges(K.decide(K.goal(f <= G)), P, ("dirac", y)), "fails at")
    refused(K.sup_converges(K.decide(K.goal(f <= G)), P, Q), "fails at")   # E_Q[1/X] need not be defined
    d = sympy.Symbol("d", positive=True)
    power = sympy.Min(K.Expect(s ** d, (s, P)), G)   # s**d is read as defined for s > 0 only; sympy folds 0**d to 0
    refused(K.sup_converges(K.decide(K.goal(power <= G)), P, ("dirac", 0)), "fails at")
    with_h = K.decide(K.goal(b[x] * b[y] <= 1, [sympy.Le(b[x], sympy.Rational(1, 2))]))
    refused(K.sup_converges(with_h, b, c), "hypothesis")   # the bound must hold for every member


def test_a_forged_existence_disagrees():
    b, c = K.Test("b"), K.Test("c")
    z = sympy.Symbol("z", real=True)
    loose = K.decide(K.goal(b[x] <= 1 + 1 / z ** 2))
    S = K.Sup(b[x], (b,))
    objection = forged(loose, "sup-converges", K.goal(K.Converges(S)),
                       {"index": K.canonical_srepr(b), "class": "tests", "member": ["variable", K.canonical_srepr(c)]})
    assert "side condition" in objection
    partial = (b[x] - b[x] * b[y]) / (1 - b[y])
    p = K.decide(K.goal(partial <= 1))
    S2 = K.Sup(partial, (b,))
    objection = forged(p, "sup-converges", K.goal(K.Converges(S2)),
                       {"index": K.canonical_srepr(b), "class": "tests", "member": ["variable", K.canonical_srepr(c)]})
    assert "side condition" in objection
