"""Round 7 (cs-eldp): Lemma 25, Theorem 7 and Corollary 9 of extremal-ldp on the paper's whole domain — every ε-LDP
channel, also one with an output no input emits (a zero column), whose divergence terms follow 0·log(0/0) = 0.

The mathematics is checked by an independent route (exact arithmetic on concrete channels, not the claim code), and
the zero-column step of the proof is shown to need its premises (a wrong application is refused)."""

import sys
from pathlib import Path

import pytest
import sympy

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "proofs"))

import extremal_ldp_testing as t  # noqa: E402
from symdp.verify import kernel  # noqa: E402

R = sympy.Rational


def _divergences(p0, p1, Q):
    """D(M0‖M1) + D(M1‖M0) of the marginals M_ν = P_ν Q, outputs with M0 = M1 = 0 skipped (0·log(0/0) = 0), and
    D(M0‖M1) alone; exact sympy numbers."""
    k, l = len(Q), len(Q[0])
    m0 = [sum(p0[i] * Q[i][y] for i in range(k)) for y in range(l)]
    m1 = [sum(p1[i] * Q[i][y] for i in range(k)) for y in range(l)]
    both = sum((a * sympy.log(a / b) + b * sympy.log(b / a) for a, b in zip(m0, m1) if a != 0 or b != 0), sympy.Integer(0))
    one = sum((a * sympy.log(a / b) for a, b in zip(m0, m1) if a != 0 or b != 0), sympy.Integer(0))
    return both, one


def _ldp_with_zero_column(e):
    """A 3 × 4 channel: randomized response on outputs 0, 1, 3 and output 2 never emitted (a zero column)."""
    rr = lambda i, y: e / (e + 2) if y == i else 1 / (e + 2)
    Q = [[rr(i, 0), rr(i, 1), 0, rr(i, 2)] for i in range(3)]
    for row in Q:
        assert sum(row) == 1 and all(v >= 0 for v in row)
    for y in range(4):
        col = [Q[i][y] for i in range(3)]
        assert all(a <= e * b for a in col for b in col)
    return Q


@pytest.mark.parametrize("e", [R(11, 10), R(3, 2), R(2)])
def test_lemma_25_and_corollary_9_hold_on_a_channel_with_a_zero_column(e):
    """(93), the proof's constant 1, and (22) at ε = log e ≤ log(1 + 2δ), on a channel with a zero column: exact
    signs of the bounds minus the divergences (logarithms compared by sympy's certified evaluation)."""
    p0, p1 = [R(1, 2), R(3, 10), R(1, 5)], [R(1, 10), R(3, 10), R(3, 5)]
    both, one = _divergences(p0, p1, _ldp_with_zero_column(e))
    tv = sum(abs(a - b) for a, b in zip(p0, p1)) / 2
    assert (4 * (e - 1) ** 2 * tv ** 2 - both).evalf(50) > 0
    assert ((e - 1) ** 2 * tv ** 2 - both).evalf(50) > 0
    delta = (e - 1) / 2  # e = 1 + 2δ: ε = ε* of the proof
    assert (2 * (1 + delta) * (e - 1) ** 2 / (e + 1) * tv ** 2 - both).evalf(50) > 0
    # Theorem 7's (94): D(M0‖M1) ≤ (e − 1)²‖P0 − P1‖²_TV
    assert ((e - 1) ** 2 * tv ** 2 - one).evalf(50) > 0


def test_the_convention_is_the_divergence_term_where_both_masses_are_positive_and_zero_at_a_zero_column():
    y = t._L25_Y
    m0, m1 = t._L25_M[t.LAW0][y], t._L25_M[t.LAW1][y]
    term = t._convention(m0 * sympy.log(m0 / m1) + m1 * sympy.log(m1 / m0))
    assert term.subs({m0: 0, m1: 0}) == 0
    at = {m0: R(1, 3), m1: R(1, 5)}
    assert sympy.simplify(term.subs(at) - (R(1, 3) * sympy.log(R(5, 3)) + R(1, 5) * sympy.log(R(3, 5)))) == 0


def test_the_paper_domain_allows_a_zero_column_and_the_proof_uses_it_whole():
    """The column of the domains is the paper's (q(y) ≥ 0, M_ν(y) ≥ 0), and Lemma 25's final goal assumes that column,
    not the emitted one (q(y) > 0)."""
    q, y = t._L25_MIN, t._L25_Y
    column = t._l25_column(sympy.exp(t._ε), emitted=False)
    assert sympy.GreaterThan(q[y], 0) in column and sympy.StrictGreaterThan(q[y], 0) not in column
    every = [h for h in t._LEMMA_25_DOMAIN if isinstance(h, kernel.Every)]
    assert every and all(sympy.StrictGreaterThan(q[y], 0) not in sympy.And.make_args(h.condition) for h in every)
    x = sympy.Symbol("x", real=True)
    sharper, hyps = t._lemma_25_steps(x)
    assert sharper.status == "proved"
    assert kernel.Every(sympy.And(*t._l25_column(x, emitted=False)), (y, 1, t._L25_L)) in hyps
    assert kernel.Every(sympy.And(*t._l25_column(x)), (y, 1, t._L25_L)) not in hyps


def test_zero_column_step_needs_the_upper_bound_of_the_marginals():
    """The per-output step at any column decides that M0(y)·M1(y) > 0 forces an emitted output from q(y) ≤ M_ν(y) ≤
    e^ε q(y); without the upper bounds M_ν(y) ≤ x·q(y) (a column with q(y) = 0 but positive marginals is then
    possible) the same step is refused."""
    x = sympy.Symbol("x", real=True)
    i, k, y, l, Qc, q = t.INPUT, t.SIZE, t._L25_Y, t._L25_L, t._L25_Q, t._L25_MIN
    m0, m1 = t._L25_M[t.LAW0][y], t._L25_M[t.LAW1][y]
    a, b, m = sympy.symbols("a_ b_ m_", positive=True)
    u = sympy.Symbol("u", real=True)
    generic = t._log_lemma(a, b, m, ((a - b) * u, a * sympy.log(a / b) + b * sympy.log(b / a)), (a - b) ** 2 / m,
                           [m <= a, m <= b], "a log(a/b) + b log(b/a) ≤ (a − b)²/m for 0 < m ≤ min(a, b)")
    _, emitted, _ = t._l25_term(x, generic, a, b, m, sympy.Integer(0))
    expr, bound = m0 * sympy.log(m0 / m1) + m1 * sympy.log(m1 / m0), (x - 1) ** 2 * t._l25_tv() ** 2 * q[y]
    setting, good, _ = t._l25_any_output(x, emitted, expr, bound)
    assert good.status == "proved"
    span_i, box = [i >= 1, i <= k], [q[y] <= Qc[i, y], Qc[i, y] <= x * q[y], x >= 1]
    lowers = []
    for p in (t.LAW0, t.LAW1):
        low = kernel.decide(kernel.goal(p[i] * q[y] <= p[i] * Qc[i, y], [*span_i, *box]))
        lowers.append(kernel.decide(kernel.goal(q[y] <= t._L25_M[p][y], setting), kernel.summed(low, i, 1, k),
                                    *t.splits(t.total(p[i] * q[y]))))
    assert all(s.status == "proved" for s in lowers)
    bad = kernel.decide(kernel.goal(t._convention(expr) <= bound, setting), emitted, *lowers)
    assert bad.status == "failed"
    # and the emitted-output bound alone does not extend to the paper's column either
    assert kernel.decide(kernel.goal(t._convention(expr) <= bound, setting), emitted).status == "failed"
