"""The egamma-ldp claims proved over general laws (eqs. (22)–(24), (28)) and Corollary 2's (47)–(48): their domains name
the paper's quantities as expectations against a dominating law μ (and, for (23), a supremum over events). Here (1)
those names are checked against the paper's own definitions by an independent route — a finite μ substituted into the
domain's relations, against the supremum over all events enumerated with exact rationals — and (2) the kernel refuses
the proofs' steps when a pointwise fact or the final inequality is changed, so the proved goals are not vacuous."""

import itertools
import random
import sys
from fractions import Fraction
from pathlib import Path

import pytest
import sympy

from symdp.verify import kernel
from symdp.verify.registry import load_claims

PROOFS = Path(__file__).resolve().parent.parent / "proofs"


@pytest.fixture(scope="module")
def modules(tmp_path_factory):
    """The claim modules of eqs. (22), (28) and Corollary 2 and their helpers, imported here (a fresh registry) so
    that the tests read the very domains the claims record."""
    folder = tmp_path_factory.mktemp("egamma")
    for name in ("_idioms.py", "_egamma_helpers.py", "egamma_ldp.py", "egamma_ldp_risk.py"):
        (folder / name).symlink_to(PROOFS / name)
    registry = load_claims(folder, isolate=False)
    assert not registry.load_errors, registry.load_errors
    return sys.modules["symdp_claims_egamma_ldp"], sys.modules["symdp_claims_egamma_ldp_risk"], sys.modules["_egamma_helpers"]


def _events_sup(p, q, gamma):
    """sup over all events A of P(A) − γQ(A) (exact, 2^k subsets)."""
    k = len(p)
    return max(sum((p[i] - gamma * q[i] for i in a), Fraction(0))
               for r in range(k + 1) for a in itertools.combinations(range(k), r))


def _law(r, k):
    w = [r.randint(0, 9) for _ in range(k)]
    w[0] += 1
    return [Fraction(v, sum(w)) for v in w]


def _on_finite_mu(expr, p, q, gamma):
    """The value of a domain expression (E_μ terms in the densities P[x], Q[x], γ) when μ is uniform on k points,
    so the densities are P[x] = k·p_x, Q[x] = k·q_x and E_μ f = (1/k) Σ_x f(x)."""
    from_helpers = sys.modules["_egamma_helpers"]
    DP, DQ, XI = from_helpers.DP, from_helpers.DQ, from_helpers.XI
    k = len(p)

    def value(e):
        if isinstance(e, kernel.Expect):
            body = e.function
            return sum((value(body.xreplace({DP[XI]: sympy.Rational(k * pi.numerator, pi.denominator),
                                              DQ[XI]: sympy.Rational(k * qi.numerator, qi.denominator)}))
                        for pi, qi in zip(p, q)), sympy.Integer(0)) / k
        if not e.args:
            return e
        return e.func(*[value(a) for a in e.args])
    g = sympy.Symbol("gamma", real=True)
    return sympy.nsimplify(value(expr).subs(g, sympy.Rational(gamma.numerator, gamma.denominator)))


def test_domain_names_are_the_papers_quantities_on_finite_laws(modules):
    # E_γ of eq. (28)'s domain (½∫|dP − γdQ| − ½|1 − γ|), of eq. (22)'s (∫(dP − γdQ)₊ − (1 − γ)₊) and TV = ½∫|dP − dQ|
    # equal sup_A [P(A) − γQ(A)] − (1 − γ)₊ (events enumerated), on random laws of 2–5 points
    eg, _, helpers = modules
    r = random.Random(2026)
    for _ in range(12):
        k = r.randint(2, 5)
        p, q = _law(r, k), _law(r, k)
        for gamma in (Fraction(0), Fraction(1, 3), Fraction(1), Fraction(3, 2), Fraction(4)):
            events = _events_sup(p, q, gamma) - max(1 - gamma, Fraction(0))
            assert _on_finite_mu(eg._E_G_IS.rhs, p, q, gamma) == events
            assert _on_finite_mu(eg._E_G_PLUS.rhs, p, q, gamma) == events
            assert _on_finite_mu(eg._L_G_IS.rhs, p, q, gamma) / 2 - abs(1 - gamma) / 2 == events
        assert _on_finite_mu(eg._TV_IS.rhs, p, q, Fraction(1)) == _events_sup(p, q, 1)
        assert _on_finite_mu(helpers.DENSITIES[0].lhs, p, q, Fraction(1)) == 1


def test_kernel_refuses_a_wrong_pointwise_fact_or_bound(modules):
    eg, _, helpers = modules
    DENSITIES, DQ, XI, averaged = helpers.DENSITIES, helpers.DQ, helpers.XI, helpers.averaged
    g, t, s = eg.GR, eg._T, eg._S
    # without the |1 − γ|Q term the pointwise bound is false (P = 0, Q = 1, γ = 3)
    assert kernel.decide(kernel.goal(sympy.Abs(t) <= sympy.Abs(s), [g >= 0])).status == "failed"
    steps = averaged(sympy.Abs(t) - sympy.Abs(1 - g) * DQ[XI] <= sympy.Abs(s), [g >= 0],
                     sympy.Abs(t) - sympy.Abs(1 - g) * DQ[XI])
    names = [*DENSITIES, eg._E_G_IS, eg._TV_IS]
    assert kernel.decide(kernel.goal(eg._E_G <= eg._TV, [g >= 0, *names]), *steps).status == "proved"
    # the same steps do not give the reversed (false) bound TV ≤ E_γ, nor E_γ ≤ TV/2
    assert kernel.decide(kernel.goal(eg._TV <= eg._E_G, [g >= 0, *names]), *steps).status == "failed"
    assert kernel.decide(kernel.goal(eg._E_G <= eg._TV / 2, [g >= 0, *names]), *steps).status == "failed"


def test_corollary_2_choice_needs_m_at_least_1(modules):
    # (48) from (47) fails for m < 1 (k = min{m, d} is not in [1, d]): the decision must be refused there
    _, rk, _ = modules
    m, d = rk._m, rk._D
    chosen = kernel.member(rk._EQ_47_MAX, sympy.Min(m, d))
    goal = lambda lo: kernel.goal(rk._R_N >= rk._C * rk._r ** 2 * sympy.Min(1 / m, d / m ** 2),
                                  [m >= lo, d >= 1, rk._C >= 0, rk._EQ_47])
    assert kernel.decide(goal(1), chosen).status == "proved"
    assert kernel.decide(goal(sympy.Rational(1, 2)), chosen).status == "failed"


def _log_event_mass(p, q, gamma):
    """(P(B), Q(B)) for B = {log(p/q) > log γ} with the extended reals of eq. (24): log(p/0) = +∞ for p > 0,
    log 0 = −∞ (so p = 0 is never in B, and γ = 0 puts every p > 0 in B); logs compared exactly otherwise."""
    def inside(pi, qi):
        if pi == 0:
            return False
        if qi == 0 or gamma == 0:
            return True
        return bool(sympy.log(sympy.Rational(pi.numerator * qi.denominator, pi.denominator * qi.numerator))
                    - sympy.log(sympy.Rational(gamma.numerator, gamma.denominator)) > 0)
    b = [inside(pi, qi) for pi, qi in zip(p, q)]
    return (sum((pi for pi, bi in zip(p, b) if bi), Fraction(0)), sum((qi for qi, bi in zip(q, b) if bi), Fraction(0)))


def test_eq_24_event_is_the_log_likelihood_ratio_event_on_finite_laws(modules):
    # the domain's P_B, Q_B (E_μ of the indicator 1{p > γq} times p, q) are P and Q of the paper's event
    # {log dP/dQ > log γ}, and P(B) − γQ(B) − (1 − γ)₊ is the event supremum (eq. 23), on laws with zero masses
    eg, _, _ = modules
    r = random.Random(24)
    for _ in range(12):
        k = r.randint(2, 5)
        p, q = _law(r, k), _law(r, k)
        for gamma in (Fraction(0), Fraction(1, 2), Fraction(1), Fraction(7, 3)):
            pb, qb = _log_event_mass(p, q, gamma)
            assert _on_finite_mu(eg._B_IS[0].rhs, p, q, gamma) == pb
            assert _on_finite_mu(eg._B_IS[1].rhs, p, q, gamma) == qb
            assert pb - gamma * qb - max(1 - gamma, Fraction(0)) == _events_sup(p, q, gamma) - max(1 - gamma, Fraction(0))


def test_eq_24_kernel_refuses_another_event(modules):
    # the pointwise fact behind (24) holds for the indicator of {p > γq} and fails for {p > q} (γ = 2, p = 3/2, q = 1)
    eg, _, helpers = modules
    DP, DQ, XI = helpers.DP, helpers.DQ, helpers.XI
    good, bad = eg._LR_EVENT, sympy.Piecewise((1, DP[XI] > DQ[XI]), (0, True))
    fact = lambda b: kernel.goal(sympy.Eq(b * DP[XI] - eg.GR * (b * DQ[XI]), sympy.Max(eg._T, 0)))
    assert kernel.decide(fact(good)).status == "proved"
    assert kernel.decide(fact(bad)).status == "failed"


def test_eq_23_supremum_body_is_p_minus_gamma_q_of_the_event(modules):
    # the body of the domain's supremum, E_μ[1_A(p − γq)], is P(A) − γQ(A) for every event A of a finite μ (A[x]
    # replaced by the indicator of each subset in turn), so its maximum over the subsets is the events' supremum
    eg, _, helpers = modules
    DP, DQ, XI = helpers.DP, helpers.DQ, helpers.XI
    body = eg._EVENTS_SUP.function
    r = random.Random(23)
    for _ in range(6):
        k = r.randint(2, 4)
        p, q = _law(r, k), _law(r, k)
        gamma = Fraction(r.randint(0, 8), 3)
        g = sympy.Rational(gamma.numerator, gamma.denominator)
        values = []
        for size in range(k + 1):
            for a in itertools.combinations(range(k), size):
                terms = [body.function.xreplace({eg._A[XI]: int(i in a), eg.GR: g,
                                                 DP[XI]: k * sympy.Rational(pi.numerator, pi.denominator),
                                                 DQ[XI]: k * sympy.Rational(qi.numerator, qi.denominator)})
                         for i, (pi, qi) in enumerate(zip(p, q))]
                value = sum(terms, sympy.Integer(0)) / k
                assert value == sum((p[i] - gamma * q[i] for i in a), Fraction(0))
                values.append(value)
        assert max(values) == _events_sup(p, q, gamma)


def test_eq_23_kernel_refuses_a_non_event_or_a_wrong_value(modules):
    eg, _, helpers = modules
    DENSITIES, XI, MU = helpers.DENSITIES, helpers.XI, helpers.MU
    # a test value 1/2 is no event: the member step over the events is refused
    assert kernel.member(eg._EVENTS_SUP, (XI, sympy.Rational(1, 2))).status == "failed"
    # the event's pointwise bound needs the positive part: 1_A(p − γq) ≤ p − γq fails (A = 0, p < γq)
    assert kernel.decide(kernel.goal(eg._A[XI] * eg._T <= eg._T)).status == "failed"
    # the proof's premises give E_γ = S_γ − (1 − γ)₊ but not E_γ = S_γ (γ = 0: (1 − γ)₊ = 1)
    plus = sympy.Max(1 - eg.GR, 0)
    hyps = [eg.GR >= 0, *DENSITIES, eg._E_G_PLUS, sympy.Eq(eg._S_G, eg._EVENTS_SUP)]
    every = kernel.decide(kernel.goal(eg._A[XI] * eg._T <= sympy.Max(eg._T, 0)))
    each = kernel.decide(kernel.goal(helpers.expect(eg._A[XI] * eg._T) <= eg._E_G + plus, hyps[:-1]),
                         kernel.expected(every, XI, MU))
    star = sympy.Piecewise((1, eg._T > 0), (0, True))
    at_star = kernel.decide(kernel.goal(sympy.Eq(star * eg._T, sympy.Max(eg._T, 0))))
    premises = (kernel.supremum(each, eg._A), kernel.member(eg._EVENTS_SUP, (XI, star)),
                kernel.expected(at_star, XI, MU), kernel.equally_integrable(at_star, XI, MU))
    assert kernel.decide(kernel.goal(sympy.Eq(eg._E_G, eg._S_G - plus), hyps), *premises).status == "proved"
    assert kernel.decide(kernel.goal(sympy.Eq(eg._E_G, eg._S_G), hyps), *premises).status == "failed"
