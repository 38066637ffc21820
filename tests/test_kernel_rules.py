"""The kernel's rules for suprema and infima, double sums and expectations (issue 27 §1).

Each rule applied correctly is proved and replays; a wrong application is refused when it is
applied, and a tampered or forged certificate disagrees at the re-check. The mathematics is
checked against independent routes: a supremum against the maximum of the listed values, a
double sum against sums written out by Karr's convention, an expectation against finite laws
(masses on rational points, every expectation a finite weighted sum).
"""

from __future__ import annotations

import copy
import functools
from fractions import Fraction

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st
from sympy import IndexedBase, Max, Sum, Symbol

from symdp.errors import ParameterError
from symdp.verify import kernel as K
from symdp.verify.goals import Goal
from symdp.verify.recheck import rules
from symdp.verify.recheck.context import RuleContext
from symdp.verify.recheck.verdicts import Disagrees
from test_kernel import _context, _retarget, disagrees, refused, replays

x, y, a, t = sympy.symbols("x y a t", real=True)
i, j, m, n = sympy.symbols("i j m n", integer=True)
x_lo, x_hi = sympy.symbols("x_lo x_hi", integer=True)
z, w = IndexedBase("z"), IndexedBase("w")
P, Q = K.Law("P"), K.Law("Q")


def forged(premise, rule: str, conclusion: Goal, params: dict) -> str:
    """Replay a hand-made certificate of `rule` from the certified `premise` (None: no premise) to
    `conclusion`: a step the kernel refuses to make must not replay either. Returns the objection."""
    own = {}
    if premise is not None:
        _, context = _context(premise)
        own = context.own
    cert = {"kind": "rule", "rule": rule, "goal": conclusion.canonical(), "digest": conclusion.digest,
            "premises": [] if premise is None else [{"digest": K.fact(premise).goal.digest, "claim": None}],
            "side": [], "params": params}
    with pytest.raises(Disagrees) as info:
        rules.replay(cert, RuleContext("test:claim", own, {}, lambda side: "unused"))
    return str(info.value)


# --------------------------------------------------------------------------------------------
# a member of the range is at most the supremum (at least the infimum)


def test_a_member_is_below_the_supremum_and_above_the_infimum():
    top = K.Sup(t * (a - t), (t, 0, a))
    ev = K.member(top, a / 2)
    assert replays(ev) == ["member: the conclusion is the rule's instance from 0 certified premise(s)"]
    assert K.fact(ev).goal.conclusion == (a ** 2 / 4 <= top)
    assert set(K.fact(ev).goal.hypotheses) == {sympy.Le(0, a / 2), sympy.Le(a / 2, a)}
    low = K.member(K.Inf(z[i], (i, 1, n)), m)
    assert replays(low) and K.fact(low).goal.conclusion == (z[m] >= K.Inf(z[i], (i, 1, n)))
    # the wrong direction does not replay
    assert "not what the rule gives" in disagrees(ev, lambda c: _retarget(c, K.goal(a ** 2 / 4 >= top, [0 <= a / 2, a / 2 <= a])))
    assert "not what the rule gives" in disagrees(ev, lambda c: _retarget(c, K.goal(a ** 2 / 4 <= top)))
    assert "not what the rule gives" in disagrees(low, lambda c: c["params"].update(at=sympy.srepr(m + 1)))


def test_a_member_is_refused_off_the_range_kind_or_when_captured():
    refused(K.member(K.Sup(z[i], (i, 1, n)), m / 2), "not integer-valued")          # half an index
    assert "not an integer" in forged(None, "member", K.goal(z[m / 2] <= K.Sup(z[i], (i, 1, n)), [1 <= m / 2, m / 2 <= n]),
                                      {"term": sympy.srepr(K.Sup(z[i], (i, 1, n))), "at": sympy.srepr(m / 2)})
    inner = K.Sup(Sum(z[j] * t, (j, 1, n)), (t, 0, 1))
    refused(K.member(inner, j), "bound")                                             # j would be captured
    tp = Symbol("tp", positive=True)
    refused(K.member(K.Sup(tp, (tp, 0, 1)), 0), "assumption")                        # a positive index leaves 0 out
    with pytest.raises(ParameterError):
        K.member(Max(x, 1), 0)


@settings(max_examples=20, deadline=None)
@given(st.lists(st.integers(-9, 9), min_size=1, max_size=7), st.data())
def test_member_and_infimum_against_the_listed_values(values, data):
    """With z concrete, Sup and Inf over 1..len are the max and min of the list (an independent route)."""
    size = len(values)
    at = data.draw(st.integers(1, size))
    concrete = {z[k + 1]: v for k, v in enumerate(values)}
    extremes = {K.Sup(z[i], (i, 1, n)): max(values), K.Inf(z[i], (i, 1, n)): min(values)}
    for term in extremes:
        goal = K.fact(K.member(term, m)).goal
        assert all(h.xreplace({m: at, n: size}) for h in goal.hypotheses)
        stated = goal.conclusion.xreplace({m: at, n: size}).xreplace(concrete)
        assert stated.xreplace({term.xreplace({n: size}): extremes[term]}) is sympy.true


def test_infimum_bounds_from_below_and_is_refused_otherwise():
    ev = K.infimum(K.decide(K.goal(t ** 2 - t >= -sympy.Rational(1, 4), [t >= 0, t <= 1])), t, 0, 1)
    assert replays(ev) and K.fact(ev).goal.conclusion == (K.Inf(t ** 2 - t, (t, 0, 1)) >= -sympy.Rational(1, 4))
    refused(K.infimum(K.decide(K.goal(t ** 2 >= t - 1, [t >= 0, t <= 1])), t, 0, 1), "free of t")
    refused(K.infimum(K.decide(K.goal(t ** 2 - t <= 1, [t >= 0, t <= 1])), t, 0, 1), "below")
    # the bound offered as an upper one for a supremum is refused, and a forged Inf ≤ c disagrees
    assert "not what the rule gives" in disagrees(ev, lambda c: _retarget(
        c, K.goal(K.Inf(t ** 2 - t, (t, 0, 1)) <= -sympy.Rational(1, 4))))
    assert "upper bound" in disagrees(ev, lambda c: c.update(rule="sup"))    # read as a supremum: t² − t is no bound
    refused(K.infimum(K.decide(K.goal(z[i] >= y, [i >= 1, i <= n, z[i] - y >= 0])), i, 1, n), "depend on")


# --------------------------------------------------------------------------------------------
# Fubini for finite sums


def _karr(lo: int, hi: int, term) -> Fraction:
    """Σ_{k=lo}^{hi} term(k) by Karr's convention, written out (−Σ_{hi+1}^{lo−1} when hi < lo − 1)."""
    if lo <= hi + 1:
        return sum((term(k) for k in range(lo, hi + 1)), Fraction(0))
    return -sum((term(k) for k in range(hi + 1, lo)), Fraction(0))


@settings(max_examples=25, deadline=None)
@given(st.integers(-3, 3), st.integers(-4, 4), st.integers(-3, 3), st.integers(-4, 4),
       st.lists(st.integers(-5, 5), min_size=100, max_size=100))
def test_swap_against_sums_written_out(a0, b0, c0, d0, table):
    """The swapped double sum, at concrete (possibly reversed) ranges, equals the sum written out
    either way round; and sympy's own reading of a reversed range is Karr's."""
    f = z[i] * w[j] + (i - j) ** 2
    ev = K.swap(Sum(f, (j, m, n), (i, x_lo, x_hi)))
    lhs, rhs = K.fact(ev).goal.conclusion.args
    values = {z[k]: table[k + 10] for k in range(-10, 10)} | {w[k]: table[k + 60] for k in range(-10, 10)}

    def entry(ii, jj):
        return Fraction(table[ii + 10] * table[jj + 60] + (ii - jj) ** 2)
    ends = {x_lo: a0, x_hi: b0, m: c0, n: d0}
    written = _karr(a0, b0, lambda ii: _karr(c0, d0, lambda jj: entry(ii, jj)))
    assert written == _karr(c0, d0, lambda jj: _karr(a0, b0, lambda ii: entry(ii, jj)))
    for side in (lhs, rhs):
        assert side.xreplace(ends).doit().xreplace(values) == written


def test_swap_replays_and_is_refused_for_dependent_ranges():
    S = Sum(z[i] * w[j], (j, 1, n), (i, 1, m))
    ev = K.swap(S)
    assert replays(ev) and K.fact(ev).goal.conclusion == sympy.Eq(S, Sum(z[i] * w[j], (i, 1, m), (j, 1, n)))
    triangle = Sum(z[i] * w[j], (j, 1, i), (i, 1, m))              # Σ_i Σ_{j ≤ i}: not a product of ranges
    refused(K.swap(triangle), "depends on the other")
    square = K.goal(sympy.Eq(triangle, Sum(z[i] * w[j], (i, 1, m), (j, 1, m))))   # a forged "swap" to the square
    assert "one range depends" in forged(None, "swap", square, {"term": sympy.srepr(triangle)})
    refused(K.swap(Sum(z[i] * w[j], (j, 1, n), (j, 1, m))), "two integer symbols")
    refused(K.swap(Sum(z[i] * w[j], (j, 1, n / 2), (i, 1, m))), "integer-valued")
    # tampered: the ranges swapped with each other's ends
    wrong = K.goal(sympy.Eq(S, Sum(z[i] * w[j], (i, 1, n), (j, 1, m))))
    assert "not what the rule gives" in disagrees(ev, lambda c: _retarget(c, wrong))
    with pytest.raises(ParameterError):
        K.swap(Sum(z[i], (i, 1, m)))


def test_a_factor_comes_out_of_a_double_sum():
    """Σ_i Σ_j z_i w_j = (Σ_i z_i)(Σ_j w_j): linear inside for each i, summed over i, linear outside."""
    inner = K.linear(Sum(z[i] * w[j], (j, 1, n)))                  # Σ_j z_i w_j = z_i Σ_j w_j, for every i
    ranged = K.combine(inner, hypotheses=[i >= 1, i <= m])
    outer_sum = K.summed(ranged, i, 1, m)                           # Σ_i Σ_j z_i w_j = Σ_i z_i Σ_j w_j
    pulled = K.linear(Sum(z[i] * Sum(w[j], (j, 1, n)), (i, 1, m)))
    ev = K.chain(outer_sum, pulled)
    assert {line.split(":")[0] for line in replays(ev)} == {"linear", "combine", "sum", "chain"}
    assert K.fact(ev).goal.conclusion == sympy.Eq(Sum(z[i] * w[j], (j, 1, n), (i, 1, m)),
                                                  Sum(z[i], (i, 1, m)) * Sum(w[j], (j, 1, n)))
    # against the sums written out
    values = {z[k]: k * k - 3 for k in range(1, 5)} | {w[k]: 2 - k for k in range(1, 4)}
    lhs, rhs = K.fact(ev).goal.conclusion.args
    assert lhs.xreplace({m: 4, n: 3}).doit().xreplace(values) == rhs.xreplace({m: 4, n: 3}).doit().xreplace(values)


def test_a_double_sum_disappears_only_where_it_is_defined():
    """Definedness of a double sum is the body's on every pair of the ranges; a premise that mentions
    one the goal does not is used only there, and the re-check rebuilds the same condition."""
    partial = Sum(1 / z[i] - w[j], (j, 1, n), (i, 1, m))
    premise = K.decide(K.goal(partial - 1 <= partial))
    ev = K.decide(K.goal(n + m <= n + m + z[1] ** 2 + w[1] ** 2), premise)
    assert replays(ev)
    # moving a partial double sum across a swap needs its definedness, which the kernel cannot see
    # through the swap (the two Every terms differ): refused rather than assumed
    uses = K.decide(K.goal(partial ** 2 >= 0))
    refused(K.rewrite(uses, K.swap(partial)), "fails at")
    total = Sum(z[i] - w[j], (j, 1, n), (i, 1, m))
    assert replays(K.rewrite(K.decide(K.goal(total ** 2 >= 0)), K.swap(total)))


# --------------------------------------------------------------------------------------------
# expectation under a general probability law


def _on_finite_law(expr: sympy.Basic, law: dict) -> sympy.Basic:
    """`expr` with every Expect(f, (x, P)) replaced by Σ mass · f(point) over the finite law `law`
    (points → masses): the expectation computed independently of the kernel."""
    def value(term):
        f, (index, _) = term.args
        return sum(mass * f.xreplace({index: point}) for point, mass in law.items())
    return expr.replace(lambda e: isinstance(e, K.Expect), value)


finite_laws = st.dictionaries(st.fractions(-5, 5, max_denominator=4).map(lambda q: sympy.Rational(q.numerator, q.denominator)),
                              st.integers(1, 6), min_size=1, max_size=5).map(
    lambda d: {p: sympy.Rational(c, sum(d.values())) for p, c in d.items()})


@functools.lru_cache(maxsize=None)
def _jensen_for_the_square():
    """(E x)² ≤ E x²: the tangent line x² ≥ 2ax − a² in expectation, split by linearity (the middle
    term E[2ax − a²] is defined where E x is: integrable), then a := E x."""
    E = K.Expect(2 * a * x - a ** 2, (x, P))
    averaged = K.expected(K.decide(K.goal(x ** 2 >= 2 * a * x - a ** 2)), x, P)
    line = K.decide(K.goal(K.Expect(x ** 2, (x, P)) >= 2 * a * K.Expect(x, (x, P)) - a ** 2),
                    averaged, K.linear(E), K.integrable(E))
    return K.instantiate(line, {a: K.Expect(x, (x, P))})


def test_jensen_for_the_square_by_tangent_line_and_linearity():
    ev = _jensen_for_the_square()
    assert {line.split(":")[0] for line in replays(ev)} == {"decide", "expect", "linear", "integrable", "instantiate"}
    assert K.fact(ev).goal.conclusion == (K.Expect(x ** 2, (x, P)) >= K.Expect(x, (x, P)) ** 2)
    # without integrability of the middle term the linear split cannot be used
    E = K.Expect(2 * a * x - a ** 2, (x, P))
    averaged = K.expected(K.decide(K.goal(x ** 2 >= 2 * a * x - a ** 2)), x, P)
    refused(K.decide(K.goal(K.Expect(x ** 2, (x, P)) >= 2 * a * K.Expect(x, (x, P)) - a ** 2), averaged, K.linear(E)),
            "fails at")
    assert "a probability law" in ev.detail


@functools.lru_cache(maxsize=None)
def _strictly_below():
    """E[xy] < E[x² + y² + 1] from xy < x² + y² + 1 (proved once; the laws vary)."""
    return K.fact(K.expected(K.decide(K.goal(x * y < x ** 2 + y ** 2 + 1)), x, P)).goal.conclusion


@settings(max_examples=20, deadline=None)
@given(finite_laws, st.integers(-3, 3))
def test_expectation_rules_hold_on_finite_laws(law, shift):
    """The proved conclusions, with P a concrete finite law and each expectation a finite sum, are true."""
    jensen = K.fact(_jensen_for_the_square()).goal.conclusion
    assert _on_finite_law(jensen, law) is sympy.true
    split = K.fact(K.linear(K.Expect(3 * x ** 2 - a * x + shift, (x, P)))).goal.conclusion
    assert sympy.simplify(_on_finite_law(split.lhs - split.rhs, law)) == 0
    assert _on_finite_law(_strictly_below(), law).xreplace({y: shift}) is sympy.true


def test_expectation_is_monotone_only_from_a_premise_for_every_point():
    ev = K.expected(K.decide(K.goal(x * y <= x ** 2 / 2 + y ** 2 / 2)), x, P)
    assert replays(ev)
    strict = K.expected(K.decide(K.goal(x < x ** 2 + 1)), x, P)
    assert replays(strict) and isinstance(K.fact(strict).goal.conclusion, sympy.StrictLessThan)
    # a premise for part of the line says nothing of a law elsewhere: E x ≥ 0 is false for a law on −1
    on_half_line = K.decide(K.goal(x >= 0, [x >= 0]))
    refused(K.expected(on_half_line, x, P), "may not mention")
    false_goal = K.goal(K.Expect(x, (x, P)) >= K.Expect(0, (x, P)))
    assert _on_finite_law(false_goal.conclusion, {sympy.Integer(-1): 1}) is sympy.false
    assert "no hypothesis may mention" in forged(on_half_line, "expect", false_goal,
                                                 {"index": sympy.srepr(x), "law": sympy.srepr(P)})
    refused(K.expected(K.decide(K.goal(y ** 2 >= 0)), x, P), "not a variable")
    with pytest.raises(ParameterError):
        K.expected(on_half_line, x, Symbol("P"))
    # tampered: a strict conclusion from a weak premise, another law, the sides swapped
    assert "not what the rule gives" in disagrees(ev, lambda c: _retarget(
        c, K.goal(K.Expect(x * y, (x, P)) < K.Expect(x ** 2 / 2 + y ** 2 / 2, (x, P)))))
    assert "not what the rule gives" in disagrees(ev, lambda c: c["params"].update(law=sympy.srepr(Q)))


def test_linearity_and_constants_of_an_expectation():
    ev = K.linear(K.Expect(2 * x ** 2 - 3 * a * x + 5, (x, P)))
    assert replays(ev)
    assert K.fact(ev).goal.conclusion.rhs == 2 * K.Expect(x ** 2, (x, P)) - 3 * a * K.Expect(x, (x, P)) + 5
    constant = K.linear(K.Expect(a ** 2 + 1, (x, P)))                # E c = c
    assert replays(constant) and K.fact(constant).goal.conclusion == sympy.Eq(K.Expect(a ** 2 + 1, (x, P)), a ** 2 + 1)
    doubled = K.goal(sympy.Eq(K.Expect(a ** 2 + 1, (x, P)), 2 * a ** 2 + 2))   # a sum's count read for a law
    assert "add back up" in disagrees(constant, lambda c: _retarget(c, doubled))


def test_a_law_is_a_law():
    """A Law stands only as the law of an Expect; it is instantiated only by a Law."""
    with pytest.raises(ParameterError, match="law of an Expect"):
        K.goal(K.Expect(x, (x, P)) <= P)
    with pytest.raises(ValueError):
        K.Expect(x, (x, 2))
    ev = K.expected(K.decide(K.goal(x * y <= x ** 2 / 2 + y ** 2 / 2)), x, P)
    moved = K.instantiate(ev, {P: Q})
    assert replays(moved) and K.fact(moved).goal.conclusion.lhs == K.Expect(x * y, (x, Q))
    refused(K.instantiate(ev, {P: sympy.Integer(2)}), "a law is replaced by a law")
    refused(K.instantiate(K.decide(K.goal(y ** 2 + 1 > y)), {y: P}), "a law is replaced by a law")
    cert = copy.deepcopy(moved.data["certificate"])
    cert["params"]["substitution"] = [[sympy.srepr(P), sympy.srepr(sympy.Integer(2))]]
    _, context = _context(moved)
    with pytest.raises(Disagrees, match="a number for a law"):
        rules.replay(cert, context)
    assert replays(K.rename(K.Expect(x ** 2, (x, P)), y))


def test_integrability_of_a_linear_combination_and_its_side_condition():
    E = K.Expect(3 * x ** 2 - a * x + 2, (x, P))
    ev = K.integrable(E)
    assert replays(ev)
    got = K.fact(ev).goal
    assert got.conclusion == K.Integrable(E.function, (x, P))
    assert set(got.hypotheses) == {K.Integrable(x ** 2, (x, P)), K.Integrable(x, (x, P))}
    # x(1 + 1/x) = x + 1 where both are defined, but at x = 0 only the right side is: under the point
    # mass at 0, x is integrable and x(1 + 1/x) is nowhere defined
    refused(K.integrable(K.Expect(x * (1 + 1 / x), (x, P))), "fails at")
    refused(K.integrable(K.Expect(x / a, (x, P))), "fails at")               # a = 0: no coefficient
    assert replays(K.integrable(K.Expect(x / a, (x, P)), hypotheses=[a > 0]))
    refused(K.integrable(K.Expect(x / a, (x, P)), hypotheses=[x > 0]), "may not mention")
    # tampered: a part's integrability dropped, or the side condition left out
    fewer = K.goal(got.conclusion, [K.Integrable(x, (x, P))])
    assert "not what the rule gives" in disagrees(ev, lambda c: _retarget(c, fewer))
    guarded = K.integrable(K.Expect(x / a, (x, P)), hypotheses=[a > 0])
    assert "side condition" in disagrees(guarded, lambda c: c["side"].clear())
    assert "not what the rule gives" in disagrees(guarded, lambda c: c["params"].update(hypotheses=[]))


def test_the_rules_table_and_the_jensen_example_of_the_guide():
    """docs/trust-chain.md lists every rule the kernel records (a row per name in kernel.RULES),
    and its expectation examples run as written."""
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parent.parent / "docs" / "trust-chain.md").read_text(encoding="utf-8")
    section = text[text.index("## The kernel's rules"):text.index("## Writing a proof with kernel steps")]
    assert set(re.findall(r"^\| `([\w-]+)` \|", section, re.M)) == set(K.RULES)
    section = section[section.index("An expectation that disappears"):]
    blocks = re.findall(r"```python\n(.*?)```", section, re.S)
    assert len(blocks) == 5  # Jensen, the hockey-stick divergence over events, improper integrals, split, Converges
    for block in blocks:
        exec(compile(block, "docs/trust-chain.md", "exec"), {})


# --------------------------------------------------------------------------------------------
# the limit of a continuous expression


@pytest.mark.parametrize("f, point", [
    (sympy.exp(x) / x, 1), (sympy.log(x ** 2 + 1) * sympy.Abs(x - 2), sympy.Rational(1, 3)),
    (sympy.sqrt(x) + Max(x, 1 - x), 2), (sympy.erf(x) * sympy.atan(x) - x ** 3, -2)])
def test_continuity_agrees_with_sympys_limit(f, point):
    """The rule's value f(x0) against sympy's own limit algorithm (an independent route)."""
    ev = K.continuity(sympy.Limit(f, x, point))
    assert replays(ev)
    stated = K.fact(ev).goal.conclusion
    assert sympy.simplify(stated.rhs - sympy.limit(f, x, point)) == 0


def test_continuity_is_refused_for_jumps_infinity_and_integers():
    step = sympy.Piecewise((0, x < 1), (1, True))
    refused(K.continuity(sympy.Limit(step, x, 1, "-")), "continuous")     # a jump: the limit from the left is 0, not 1
    assert all(step.subs(x, 1 - sympy.Rational(1, 10 ** k)) == 0 for k in range(1, 8))   # (sympy.limit says 1 here)
    refused(K.continuity(sympy.Limit(1 / x, x, sympy.oo)), "finite")
    refused(K.continuity(sympy.Limit(z[n], n, 3)), "real symbol")
    ev = K.continuity(sympy.Limit(sympy.exp(x) / x, x, 1))
    assert "not what the rule gives" in disagrees(ev, lambda c: _retarget(c, K.goal(sympy.Eq(sympy.Limit(sympy.exp(x) / x, x, 1), 1))))
    jump = sympy.Limit(step, x, 1, "-")
    assert "not continuous" in forged(None, "continuity", K.goal(sympy.Eq(jump, 1)), {"term": sympy.srepr(jump)})


# --------------------------------------------------------------------------------------------
# rules from derivatives (sympy's derivative, re-derived by the re-check's own calculus)


b, c = sympy.symbols("b c", real=True)


def _close(value) -> bool:
    """A real number, decided ≥ 0 by 60-digit evaluation away from 0 (the test points keep a margin)."""
    number = sympy.N(value, 60)
    return number >= -sympy.Rational(1, 10 ** 40)


def test_increasing_from_a_nonnegative_derivative():
    f = sympy.log(1 + x) - x + x ** 2 / 2                          # f' = x²/(1 + x) ≥ 0 on [0, b]
    ev = K.increasing(f, x, 0, b)
    assert replays(ev) and K.fact(ev).goal.conclusion == sympy.Le(0, f.subs(x, b))
    for value in (sympy.Rational(1, 5), 1, sympy.Rational(7, 2), 40):  # the conclusion at concrete b, evaluated
        assert _close(f.subs(x, value))
    refused(K.increasing(f, x, 0, b, strict=True), "fails at")     # f'(0) = 0: not strictly
    assert replays(K.increasing(f, x, a, b, hypotheses=[a > 0], strict=True))
    refused(K.increasing(sympy.sin(x), x, 0, b), "fails at")
    refused(K.increasing(sympy.log(x), x, -1, 1), "not a real number")   # log(−1) is not real (the guarded substitution says so first)
    refused(K.increasing(sympy.log(x), x, a, 1), "fails at")       # a ≤ 0: undefined on part of the interval
    refused(K.increasing(sympy.Abs(x) + x, x, -1, 1), "differentiable")
    refused(K.increasing(f, x, 0, x + 1), "free of")
    assert "not what the rule gives" in disagrees(ev, lambda c_: c_["params"].update(strict=True))
    assert "not what the rule gives" in disagrees(ev, lambda c_: _retarget(c_, K.goal(f.subs(x, b) <= 0, [0 <= b])))
    assert "not differentiable" in forged(None, "increasing", K.goal(sympy.Abs(-1) <= sympy.Abs(b) - b, [-1 <= b]),
                                          {"variable": sympy.srepr(x), "function": sympy.srepr(sympy.Abs(x) - x),
                                           "lo": sympy.srepr(sympy.Integer(-1)), "hi": sympy.srepr(b), "hypotheses": [],
                                           "strict": False})


def test_tangent_line_below_a_convex_function():
    ev = K.tangent(sympy.exp(x), x, a, b, c)
    assert replays(ev)
    assert K.fact(ev).goal.conclusion == (sympy.exp(x) >= sympy.exp(a) + sympy.exp(a) * (x - a))
    concave = K.tangent(-sympy.log(x), x, a, b, c, hypotheses=[b > 0])
    assert replays(concave)
    for xv, av in ((sympy.Rational(1, 3), 2), (5, sympy.Rational(1, 7)), (3, 3)):
        stated = K.fact(concave).goal.conclusion
        assert _close((stated.lhs - stated.rhs).xreplace({x: xv, a: av}))
    refused(K.tangent(-sympy.log(x), x, a, b, c), "fails at")        # b ≤ 0 leaves log undefined
    refused(K.tangent(sympy.sin(x), x, a, 0, 3), "fails at")          # sin'' = −sin < 0 on (0, 3)
    assert "not what the rule gives" in disagrees(ev, lambda c_: c_["params"].update(at=sympy.srepr(b)))


def test_fundamental_theorem_against_sympys_integral():
    for f, hyps in ((x ** 3 / 3 - x, []), (x * sympy.exp(x), []), (sympy.log(x), [a > 0]), (sympy.atan(x) * x, [])):
        ev = K.fundamental(f, x, a, b, hypotheses=hyps)
        assert replays(ev)
        integral, difference = K.fact(ev).goal.conclusion.args
        values = {a: sympy.Rational(1, 2), b: 3}
        assert sympy.simplify(sympy.integrate(integral.function, (x, values[a], values[b])) - difference.xreplace(values)) == 0
    refused(K.fundamental(sympy.log(x), x, a, b), "fails at")         # a ≤ 0: log undefined on part of [a, b]
    refused(K.fundamental(sympy.sqrt(x), x, 0, b), "fails at")        # f' = 1/(2√x) unbounded at 0
    assert "not what the rule gives" in disagrees(K.fundamental(x ** 2, x, a, b), lambda c_: _retarget(
        c_, K.goal(sympy.Eq(sympy.Integral(2 * x, (x, a, b)), b ** 2 + a ** 2), [a <= b])))


def test_mean_value_bound():
    ev = K.mean_value(sympy.atan(x), x, a, b, 1)
    assert replays(ev) and K.fact(ev).goal.conclusion == (sympy.Abs(sympy.atan(b) - sympy.atan(a)) <= b - a)
    refused(K.mean_value(sympy.atan(x), x, a, b, sympy.Rational(1, 2)), "fails at")   # atan'(0) = 1
    # the bound from below counts too: f = x − x³/3 has f' = 1 − x² ≤ 1 but not ≥ −1, and
    # |f(3) − f(2)| = 16/3 > 1 · (3 − 2)
    cubic = x - x ** 3 / 3
    refused(K.mean_value(cubic, x, a, b, 1), "fails at")
    assert abs(cubic.subs(x, 3) - cubic.subs(x, 2)) == sympy.Rational(16, 3)
    assert replays(K.mean_value(sympy.atan(x), x, a, b, sympy.Rational(1, 2), hypotheses=[a >= 1]))
    assert "not what the rule gives" in disagrees(ev, lambda c_: c_["params"].update(bound=sympy.srepr(sympy.Rational(1, 2))))
    stated = K.fact(ev).goal.conclusion
    assert _close((stated.rhs - stated.lhs).xreplace({a: -3, b: sympy.Rational(1, 9)}))


def test_the_recheck_derives_what_sympy_derives():
    """The re-check's own calculus gives sympy's derivatives term for term (or the step would not replay)."""
    cases = [sympy.tanh(x ** 2), sympy.erf(3 * x), sympy.asinh(x), sympy.atan(x / 2), (x ** 2 + 1) ** sympy.Rational(3, 2),
             x ** x, sympy.log(x ** 2 + 1) / x, sympy.sqrt(x) * (x + 1), sympy.exp(-x ** 2 / 2) * sympy.cos(x),
             (1 + a * x) ** a, sympy.exp(a * x) / (1 + sympy.exp(x)), sympy.cos(sympy.sin(x)), sympy.sinh(x) * sympy.cosh(x)]
    for f in cases:
        once, twice = rules._derive(f, x), rules._derive(rules._derive(f, x), x)
        assert once == sympy.diff(f, x) and twice == sympy.diff(sympy.diff(f, x), x), f


def test_a_variable_also_bound_inside_is_not_substituted():
    """f(at) by substitution must not reach an index bound inside f (it would rename the index)."""
    shadow = K.Sup(z[i] + Sum(w[i], (i, 1, 3)), (i, 1, n))
    refused(K.member(shadow, m), "also an index bound")
    inner = x + sympy.Integral(x ** 2, (x, 0, 1))
    refused(K.increasing(inner, x, 0, 2), "also an index bound")
    refused(K.continuity(sympy.Limit(inner, x, 2)), "index bound")   # x bound inside: substitution would reach it


# --------------------------------------------------------------------------------------------
# a two-branch Piecewise (an indicator) in the abstraction


def test_an_indicator_is_read_by_its_cases():
    """1_{t>0}·t = max(t, 0) (the event {P > γQ} attains E_γ), decided from the cases of the Piecewise."""
    indicator = sympy.Piecewise((1, t > 0), (0, True))
    ev = K.decide(K.goal(sympy.Eq(indicator * t, Max(t, 0))))
    assert replays(ev)
    refused(K.decide(K.goal(indicator * t <= 0)), "fails at")           # t = 1 selects the first branch
    refused(K.decide(K.goal(indicator >= 1)), "fails at")
    for value in (-2, 0, sympy.Rational(1, 3), 5):                       # the identity at concrete t, written out
        assert (indicator * t).subs(t, value) == max(value, 0)


def test_a_piecewise_counts_only_where_its_selected_branch_is_defined():
    partial = sympy.Piecewise((1 / (x - 1), x > 0), (0, True))
    premise = K.decide(K.goal(sympy.Or(partial >= 0, x < 1)))            # true wherever defined (x ≠ 1)
    assert replays(premise)
    refused(K.decide(K.goal(sympy.Ne(x, 1)), premise), "fails at")       # it says nothing at x = 1
    used = K.decide(K.goal(x ** 2 + y ** 2 >= 2 * x * y), K.decide(K.goal(partial - 1 <= partial)))
    assert replays(used)                                                 # the re-check rebuilds the same domain


def test_a_fact_of_a_partial_term_holds_only_where_the_term_is_defined():
    """Max(1/(x − 1), y) ≥ y holds wherever it is defined, so it says nothing at x = 1; the
    abstraction's facts about that Max (m ≥ 1/(x − 1), …) must not exclude x = 1 from the goal,
    or ∀ x, y: x ≠ 1 ∨ y > y² + 100 (false at x = 1) would follow."""
    premise = K.decide(K.goal(Max(1 / (x - 1), y) >= y))
    assert replays(premise)
    false_goal = K.goal(sympy.Or(sympy.Ne(x, 1), y > y ** 2 + 100))
    assert false_goal.conclusion.xreplace({x: 1, y: 0}) is sympy.false
    refused(K.decide(false_goal, premise), "fails at")
    assert replays(K.decide(K.goal(Max(1 / (x - 1), y) >= 1 / (x - 1))))   # where the Max is, its facts hold
