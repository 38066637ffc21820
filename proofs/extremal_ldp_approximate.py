"""Kairouz–Oh–Viswanath, *Extremal mechanisms for local DP*: (ε,δ)-LDP with a binary input (Section 5).

The quaternary mechanism (38), Theorems 18–20, the error region R_{ε,δ} (Figure 9). Blackwell
dominance is decided exactly as an LP feasibility problem (symdp.numerics.lp); region inclusion by a
separate exact LP (point in the convex hull of the test points).
"""

from __future__ import annotations

import itertools

import sympy

from _idioms import grouped, holds
from _eldp_helpers import OUT, Q, at_exp, log, random_law, rng, splits
from symdp.numerics import lp
from symdp.local import (Channel, decision_points, dominance_kernel, error_region_vertices, in_error_region,
                         quaternary_mechanism, satisfies_ldp, utility)
from symdp.numbers import sign
from symdp.verify import cited, claim, combine, establish, exact_agreement, identity, kernel, real_closed
from symdp.verify.domains import Channel as AnyChannel, DPIUtility, Laws, LDPChannel

PAPER = "extremal-ldp"
E = sympy.Symbol("E", positive=True)                                 # e^ε in the identities of Theorem 18
# Real parameters of the paper's domains (symdp.verify.domains), named as the paper names them.
_ε, _δ = sympy.symbols("epsilon delta", real=True)


def _ldp_by_events(ch: Channel, e, d) -> bool:
    """(33) from the definition: Q(S|x) ≤ e Q(S|x') + δ for every event S (all 2^ℓ subsets)."""
    n = ch.n_outputs
    for S in itertools.chain.from_iterable(itertools.combinations(range(n), r) for r in range(n + 1)):
        for a in ch.rows:
            for b in ch.rows:
                if sum((a[y] for y in S), sympy.Integer(0)) > e * sum((b[y] for y in S), sympy.Integer(0)) + d:
                    return False
    return True


def _random_ldp(r, e, d, n):
    """A random binary-input channel with n outputs that is (ε,δ)-LDP (rejection sampling)."""
    while True:
        ch = Channel([random_law(r, n, 9), random_law(r, n, 9)])
        if _ldp_by_events(ch, e, d):
            return ch


def _in_hull(point, pts) -> bool:
    """Exact: `point` ∈ conv(pts), by LP feasibility of λ ≥ 0, Σλ = 1, Σλ p = point."""
    rows = [[1] * len(pts), [p[0] for p in pts], [p[1] for p in pts]]
    return lp.feasible_point(rows, [1, point[0], point[1]], n=len(pts)) is not None


_EQ_38_DOMAIN = [AnyChannel("Q_QT", k=2, l=4), _ε >= 0, _δ >= 0, _δ <= 1]


@claim(PAPER, "Eq. (38)", "the quaternary mechanism Q_QT is row-stochastic and (ε,δ)-LDP, tight on S = {0}, {0,3} "
       "(x = 0 vs 1) and {1}, {1,2}",
       domain=_EQ_38_DOMAIN, stated_domain='|𝒳| = 2, ε ≥ 0, δ ∈ [0, 1]: the quaternary mechanism (38)', stated_where='Section 5, eq. (38)',
       quote=(r"For a binary random variable X𝒳={0,1}𝑋𝒳01X\in{\cal X}=\{0,1\}, the quaternary mechanism maps X𝑋X to "
              r"a quaternary random variable Y𝒴={0,1,2,3}𝑌𝒴0123Y\in{\cal Y}=\{0,1,2,3\} and is defined as "
              r"QQT(0|x)={δ if x=0,0 if x=1.QQT(1|x)={0 if x=0,δ if x=1.subscript𝑄QTconditional0𝑥cases𝛿 if 𝑥00 if "
              r"𝑥1subscript𝑄QTconditional1𝑥cases0 if 𝑥0𝛿 if 𝑥1\displaystyle Q_{\rm "
              r"QT}(0|x)\,=\,\left\{\begin{array}[]{rl}\delta&\text{ if }x=0\;,\\ 0&\text{ if }x=1\;.\\ "
              r"\end{array}\right.\;\;\;Q_{\rm QT}(1|x)\,=\,\left\{\begin{array}[]{rl}0&\text{ if }x=0\;,\\ "
              r"\delta&\text{ if }x=1\;.\\ \end{array}\right. (38) QQT(2|x)={(1δ)11+eε if x=0,(1δ)eε1+eε if "
              r"x=1.QQT(3|x)={(1δ)eε1+eε if x=0,(1δ)11+eε if x=1.subscript𝑄QTconditional2𝑥cases1𝛿11superscript𝑒𝜀 if "
              r"𝑥01𝛿superscript𝑒𝜀1superscript𝑒𝜀 if 𝑥1subscript𝑄QTconditional3𝑥cases1𝛿superscript𝑒𝜀1superscript𝑒𝜀 if "
              r"𝑥01𝛿11superscript𝑒𝜀 if 𝑥1\displaystyle Q_{\rm "
              r"QT}(2|x)\,=\,\left\{\begin{array}[]{rl}(1-\delta)\frac{1}{1+e^{\varepsilon}}&\text{ if }x=0\;,\\ "
              r"(1-\delta)\frac{e^{\varepsilon}}{1+e^{\varepsilon}}&\text{ if }x=1\;.\\ "
              r"\end{array}\right.\;\;\;Q_{\rm "
              r"QT}(3|x)\,=\,\left\{\begin{array}[]{rl}(1-\delta)\frac{e^{\varepsilon}}{1+e^{\varepsilon}}&\text{ if "
              r"}x=0\;,\\ (1-\delta)\frac{1}{1+e^{\varepsilon}}&\text{ if }x=1\;.\\ \end{array}\right. In other "
              r"words, the quaternary mechanism passes X𝑋X unchanged with probability δ𝛿\delta and applies the "
              r"binary mechanism (defined in previous sections) with probability 1δ1𝛿1-\delta. The main result of "
              r"this section can be stated formally as follows."))
def eq_38():
    e, d = Q(3), Q(1, 5)
    q = quaternary_mechanism(log(e), d)
    paper = [[d, 0, (1 - d) / (1 + e), (1 - d) * e / (1 + e)], [0, d, (1 - d) * e / (1 + e), (1 - d) / (1 + e)]]
    stmt = exact_agreement([v for row in q.rows for v in row], [v for row in paper for v in row],
                           "library Q_QT vs eq. (38) at e^ε = 3, δ = 1/5")
    tight = [sum(q.rows[0][y] for y in S) == e * sum(q.rows[1][y] for y in S) + d for S in ([0], [0, 3])]
    tight += [sum(q.rows[1][y] for y in S) == e * sum(q.rows[0][y] for y in S) + d for S in ([1], [1, 2])]
    cross = holds([_ldp_by_events(q, e, d), not _ldp_by_events(q, e, d - Q(1, 100)), *tight],
                  "(ε,δ)-LDP on all 16 events, not for a smaller δ, and tight on the four named events")
    return establish(_quaternary_steps(), stmt, cross, domain=_EQ_38_DOMAIN)


#: |𝒳| = 2 (the input t ∈ {0, 1}), ε ≥ 0, δ ∈ [0, 1]
_T_IN = sympy.Symbol("t", real=True)
_EQ_38_MIXTURE_DOMAIN = [_ε >= 0, _δ >= 0, _δ <= 1, sympy.Or(sympy.Eq(_T_IN, 0), sympy.Eq(_T_IN, 1))]


@claim(PAPER, "Eq. (38) (mixture)", "Q_QT passes X unchanged with probability δ (outputs 0, 1) and applies the binary "
       "mechanism (29) with T = {1} with probability 1 − δ (outputs 2, 3): Q_QT(y|x) = δ[y = x] + (1 − δ)Q_bin(y − 2|x)",
       domain=_EQ_38_MIXTURE_DOMAIN, stated_domain="|𝒳| = 2, ε ≥ 0, δ ∈ [0, 1]", stated_where="Section 5, after eq. (38)",
       quote=(
              r"In other words, the quaternary mechanism passes X𝑋X unchanged with probability δ𝛿\delta and applies "
              r"the binary mechanism (defined in previous sections) with probability 1δ1𝛿1-\delta."))
def eq_38_mixture():
    """Entry by entry, for every ε and δ: (38) against δ times the identity on the outputs 0, 1 plus (1 − δ) times the
    binary mechanism (29) (e^ε/(1 + e^ε) at its output 0 for x ∈ T = {1}) on the outputs 2, 3."""
    x, t = sympy.exp(_ε), _T_IN
    rows = _quaternary_rows(x, _δ)
    at_t = [(1 - t) * a + t * b for a, b in zip(*rows)]                          # (38) at the input t ∈ {0, 1}
    binary = [(1 + (x - 1) * t) / (x + 1), (x - (x - 1) * t) / (x + 1)]         # (29) with T = {1}: τ = t
    unchanged = [1 - t, t, 0, 0]                                                 # [y = t]
    mixture = [_δ * unchanged[y] + (1 - _δ) * (binary[y - 2] if y >= 2 else 0) for y in range(4)]
    stmt = kernel.decide(kernel.goal(sympy.And(*[sympy.Eq(a, b, evaluate=False) for a, b in zip(at_t, mixture)]),
                                     [sympy.Or(sympy.Eq(t, 0), sympy.Eq(t, 1))]),
                         detail="Q_QT(y|t) = δ[y = t] + (1 − δ)Q_bin(y − 2|t), every output y, t ∈ {0, 1}")
    e, d = Q(3), Q(1, 5)
    lib = quaternary_mechanism(log(e), d)
    cross = exact_agreement([v for row in lib.rows for v in row],
                            [v.subs({_ε: log(e), _δ: d, _T_IN: tt}) for tt in (0, 1) for v in mixture],
                            "library quaternary mechanism against the mixture, e^ε = 3, δ = 1/5")
    return establish(stmt, cross, domain=_EQ_38_MIXTURE_DOMAIN)


def _quaternary_rows(x, d):
    """Q_QT of (38) with e^ε = x and δ = d: row x = 0, row x = 1, outputs 0, 1, 2, 3."""
    return [[d, 0, (1 - d) / (1 + x), (1 - d) * x / (1 + x)], [0, d, (1 - d) * x / (1 + x), (1 - d) / (1 + x)]]


def _quaternary_steps():
    """(38) for every ε ≥ 0 and δ ∈ [0, 1] (kernel steps): decided in real arithmetic in x = e^ε ≥ 1 and δ, then read at
    x = e^ε. Every entry is ≥ 0, the rows sum to 1, Q(S|x) ≤ e^ε Q(S|x') + δ for all 15 non-empty events S and both
    orders of the inputs (the empty event is 0 ≤ δ), with equality on S = {0}, {0, 3} (x = 0 against 1) and S = {1},
    {1, 2} (x = 1 against 0)."""
    x, d = sympy.Symbol("x", real=True), _δ
    qt = _quaternary_rows(x, d)
    setting = [x >= 1, d >= 0, d <= 1]
    mass = lambda row, S: sum((qt[row][y] for y in S), sympy.Integer(0))
    decided = lambda rel, what: kernel.decide(kernel.goal(rel, setting), detail=what)
    events = [S for n in range(1, 5) for S in itertools.combinations(range(4), n)]
    private = [decided(mass(i, S) <= x * mass(j, S) + d, f"Q(S|{i}) ≤ e^ε Q(S|{j}) + δ, S = {set(S)}")
               for S in events for i, j in ((0, 1), (1, 0))]
    entries = [decided(v >= 0, "an entry is ≥ 0") for row in qt for v in row if v != 0]
    rows = [decided(sympy.Eq(sum(row), 1), "a row sums to 1") for row in qt]
    tight = [decided(sympy.Eq(mass(i, S), x * mass(j, S) + d), f"equality on S = {set(S)}, x = {i} against {j}")
             for S, i, j in (((0,), 0, 1), ((0, 3), 0, 1), ((1,), 1, 0), ((1, 2), 1, 0))]
    return at_exp(kernel.combine(*rows, *entries, *private, *tight, detail="(ε,δ)-LDP on all 15 non-empty events, both "
                                 "directions, a channel, tight on the four named events"), x)


#: Theorem 19's objects: the rows q0_y = Q(y|0), q1_y = Q(y|1) over the outputs y = 1, …, ℓ (two laws on one alphabet of
#: ℓ symbols), ε ≥ 0 and δ ∈ [0, 1]; the events and the (possibly randomised) decision rules are bound inside the
#: statement (a supremum over the events, an infimum over the tests)
_ELL, _Y = sympy.Symbol("l", integer=True), OUT
_ROWS = (sympy.IndexedBase("q0", nonnegative=True), sympy.IndexedBase("q1", nonnegative=True))
_THEOREM_19_DOMAIN = [AnyChannel("Q", k=2), _ε >= 0, _δ >= 0, _δ <= 1, Laws("q0", "q1", k="l"),
                      *[sympy.Eq(sympy.Sum(q[_Y], (_Y, 1, _ELL)), 1) for q in _ROWS]]


@claim(PAPER, "Theorem 19", "a binary-input Q is (ε,δ)-LDP iff every test has P_FA + e^ε P_MD ≥ 1−δ and "
       "e^ε P_FA + P_MD ≥ 1−δ, i.e. R_Q ⊆ R_{ε,δ}",
       domain=_THEOREM_19_DOMAIN, stated_domain='“a binary-input mechanism Q”, ε ≥ 0, δ ∈ [0, 1], every test', stated_where='Section 5, Theorem 19',
       quote=(r"Theorem 19 A mechanism Q𝑄Q is (ε,δ)𝜀𝛿\left(\varepsilon,\delta\right)-locally differentially private "
              r"if and only if Qε,δsubscript𝑄subscript𝜀𝛿\mathcal{R}_{Q}\subseteq\mathcal{R}_{\varepsilon,\delta}."))
def theorem_19():
    r = rng(19)
    flags = []
    for _ in range(120):
        n = r.randint(2, 4)
        ch = Channel([random_law(r, n, 9), random_law(r, n, 9)])
        e, d = Q(r.randint(10, 30), 10), Q(r.randint(0, 5), 20)
        region = all(in_error_region(md, fa, log(e), d) for md, fa in decision_points(ch))
        flags.append(region == _ldp_by_events(ch, e, d))
        flags.append(satisfies_ldp(ch, log(e), d) == _ldp_by_events(ch, e, d))
    return establish(_region_steps(), holds(flags, "120 random channels: region test ⇔ the definition (33) on all "
                                            "events; library satisfies_ldp agrees"),
                     domain=_THEOREM_19_DOMAIN)


def _region_steps():
    """Theorem 19 for every output alphabet, as kernel steps (Kairouz–Oh–Viswanath, Section 5, after Kairouz et al.
    2013): two closed biconditionals, one per direction of the privacy constraint, and the convexity of R_{ε,δ}.
    Rows q0_y = Q(y|0), q1_y = Q(y|1) over y = 1, …, ℓ; a (possibly randomised) decision rule says X̂ = 1 with
    probability φ_y ∈ [0, 1] at y (a test φ), so P_FA = Σ q0_y φ_y and P_MD = Σ q1_y(1 − φ_y).
    - Q(S|0) ≤ e^ε Q(S|1) + δ for every event S (sup over the events E of Σ_y 1_E(y)(q0_y − e^ε q1_y) ≤ δ) ⇔
      P_FA + e^ε P_MD ≥ 1 − δ for every rule (inf over the tests ≥ 1 − δ). ⇒: P_FA + e^ε P_MD = 1 − Σ(1 − φ_y)c_y with
      c_y = q0_y − e^ε q1_y, and (1 − φ_y)c_y ≤ 1{c_y > 0}c_y, whose sum is the event {c > 0}'s, at most the supremum;
      then the infimum over the rules. ⇐: the deterministic rule φ = 1 − 1_E of an event E is a rule; then the
      supremum over the events.
    - likewise Q(S|1) ≤ e^ε Q(S|0) + δ ⇔ e^ε P_FA + P_MD ≥ 1 − δ (the rows exchanged, the rule φ = 1_E).
    - R_{ε,δ} is convex: each of its two functionals at a mixture of two points is at least its smaller value at them.
    R_Q, the convex hull of the rules' points, is the set of the randomised rules' points (a mixture of rules is a rule
    with the mixed point: the sums are linear in φ); so R_Q ⊆ R_{ε,δ} is the inequality for every rule."""
    from symdp.verify.recheck.terms import Event, Test

    y, ell, x, d = _Y, _ELL, sympy.exp(_ε), _δ
    q0, q1 = _ROWS
    E, phi, t = Event("E"), Test("phi"), sympy.Symbol("t", real=True)
    over = lambda f: sympy.Sum(f, (y, 1, ell))
    rows = [ell >= 1, *[sympy.Eq(over(q[y]), 1) for q in _ROWS]]

    def direction(a, b, rule_is_phi, which):
        c = a[y] - x * b[y]
        events = kernel.Sup(over(E[y] * c), (E,))
        ldp = events <= d
        value = lambda r: over(a[y] * r) + x * over(b[y] * (1 - r))
        rule = phi[y] if rule_is_phi else 1 - phi[y]
        tests = kernel.Inf(value(rule), (phi,))
        region = tests >= 1 - d
        best = kernel.member(events, (t, sympy.Piecewise((1, a[t] - x * b[t] > 0), (0, True))),
                             detail=f"{which}: the event {{c > 0}}")
        point = kernel.decide(kernel.goal((1 - rule) * c <= kernel.fact(best).goal.conclusion.lhs.function,
                                          [y >= 1, y <= ell]), detail="(1 − φ_y)c_y ≤ max(c_y, 0)")
        each = kernel.decide(kernel.goal(value(rule) >= 1 - d, [*rows, ldp]), kernel.summed(point, y, 1, ell), best,
                             *splits(over((1 - rule) * c), over(a[y] * rule), over(b[y] * (1 - rule))),
                             detail=f"{which}: every rule's point obeys the inequality")
        forward = kernel.decide(kernel.goal(sympy.Or(sympy.Not(ldp), region), rows),
                                kernel.infimum(each, phi, detail="over the rules"), detail=f"{which}: (ε, δ)-LDP ⇒ R_Q ⊆ R")
        deterministic = kernel.member(tests, (t, (1 - E[t]) if rule_is_phi else E[t]), detail=f"{which}: the rule of the event E")
        low = kernel.fact(deterministic).goal.conclusion
        one = kernel.decide(kernel.goal(over(E[y] * c) <= d, [*rows, region]), deterministic,
                            *splits(*[s for s in low.atoms(sympy.Sum) if not s.has(phi)], over(E[y] * c)),
                            detail=f"{which}: the event E's bound from its rule")
        backward = kernel.decide(kernel.goal(sympy.Or(sympy.Not(region), ldp), rows),
                                 kernel.supremum(one, E, detail="over the events"), detail=f"{which}: R_Q ⊆ R ⇒ (ε, δ)-LDP")
        return kernel.decide(kernel.goal(sympy.And(sympy.Or(sympy.Not(ldp), region), sympy.Or(sympy.Not(region), ldp)), rows),
                             forward, backward, detail=f"{which}: the privacy constraint ⇔ the rules' inequality")

    first = direction(q0, q1, True, "Q(S|0) ≤ e^ε Q(S|1) + δ ⇔ P_FA + e^ε P_MD ≥ 1 − δ")
    second = direction(q1, q0, False, "Q(S|1) ≤ e^ε Q(S|0) + δ ⇔ e^ε P_FA + P_MD ≥ 1 − δ")
    a1, b1, a2, b2, w = sympy.symbols("a1 b1 a2 b2 w", real=True)
    mix = (w * a1 + (1 - w) * a2, w * b1 + (1 - w) * b2)
    F, G = (lambda fa, md: fa + x * md), (lambda fa, md: x * fa + md)
    convex = kernel.decide(kernel.goal(sympy.Or(w < 0, w > 1, sympy.And(F(*mix) >= sympy.Min(F(a1, b1), F(a2, b2)),
                                                                       G(*mix) >= sympy.Min(G(a1, b1), G(a2, b2)))), []),
                           detail="R_{ε,δ} is convex: at a mixture of two points each functional is at least its smaller value")
    return combine(first, second, convex, detail="Theorem 19 in both directions, every output alphabet")


#: two mechanisms with a binary input (Section 5), any output alphabets
_THEOREM_20_DOMAIN = [AnyChannel("Q1", k=2), AnyChannel("Q2", k=2)]


@claim(PAPER, "Theorem 20", "(Blackwell) Q1 dominates Q2 (Q2 = Q1·W, W row-stochastic) iff R_{Q2} ⊆ R_{Q1}",
       domain=_THEOREM_20_DOMAIN, stated_domain='two mechanisms Q1, Q2 with binary input (Blackwell)', stated_where='Section 5, Theorem 20',
       quote=(r"Theorem 20 A mechanism Q(1)superscript𝑄1Q^{(1)} dominates a mechanism Q(2)superscript𝑄2Q^{(2)} if "
              r"and only if "
              r"Q(2)Q(1)subscriptsuperscript𝑄2subscriptsuperscript𝑄1\mathcal{R}_{Q^{(2)}}\subseteq\mathcal{R}_{Q^{(1)}}."))
def theorem_20():
    r = rng(20)
    flags = []
    for _ in range(25):
        q1 = Channel([random_law(r, 3, 6), random_law(r, 3, 6)])
        q2 = Channel([random_law(r, 2, 6), random_law(r, 2, 6)])
        if r.random() < 0.5:                              # half of the pairs are garblings of q1
            q2 = q1.compose(Channel([random_law(r, 2, 6) for _ in range(3)]))
        W = dominance_kernel(q1, q2)
        if W is not None:
            flags.append(q1.compose(W) == q2)
        inside = all(_in_hull(p, decision_points(q1)) for p in decision_points(q2))
        flags.append((W is not None) == inside)
    cross = holds(flags, "25 random pairs (half garblings): kernel exists (exact LP) ⇔ every test point of "
                         "Q2 lies in the hull of Q1's (a second exact LP)")
    # ⇒: a test φ of Q2 = Q1·W is the test ψ = Wφ of Q1 with the same (P_FA, P_MD); ψ is a test (entries in [0, 1])
    q1 = sympy.Matrix(2, 3, sympy.symbols("q0:6", real=True))
    W = sympy.Matrix(3, 2, sympy.symbols("w0:6", real=True))
    phi = sympy.Matrix(2, 1, sympy.symbols("f0:2", real=True))
    same = identity(list((q1 * W) * phi), list(q1 * (W * phi)),
                    "Q2·φ = (Q1·W)·φ = Q1·(W·φ): the test φ on Q2's outputs and ψ = Wφ on Q1's have the same "
                    "acceptance probabilities (2 × 3 × 2 symbolic)")
    w, f = sympy.symbols("w0:3", real=True), sympy.symbols("f0:3", real=True)
    conv = [*(v >= 0 for v in w), sympy.Eq(sum(w), 1), *(v >= 0 for v in f), *(v <= 1 for v in f)]
    psi = sum(a * b for a, b in zip(w, f))
    test = combine(real_closed(psi, [*w, *f], conv, "ψ_y = Σ_z W(z|y)φ_z ≥ 0"),
                   real_closed(1 - psi, [*w, *f], conv, "ψ_y ≤ 1 (W row-stochastic, 0 ≤ φ ≤ 1), three-term form"),
                   detail="ψ = Wφ is a (randomised) test")
    proof = combine(same, test, detail="garbling ⇒ R_{Q2} ⊆ R_{Q1}; the converse is Blackwell's theorem (cited, as in "
                                       "the paper)")
    return establish(proof, cross, domain=_THEOREM_20_DOMAIN,
                     uses=[cited("Blackwell, Equivalent comparisons of experiments (1953)",
                                 "comparison of experiments: R_{Q2} ⊆ R_{Q1} ⇒ Q2 is a garbling of Q1 (binary input)")],
                     prose_steps=["the 2 × 3 × 2 identity and the three-term bound stand for any sizes: both are "
                                  "entrywise finite sums (linearity; a convex combination of numbers in [0, 1] is in "
                                  "[0, 1])"])


#: |𝒳| = 2, any ε and δ (an (ε, δ)-LDP channel has ε ≥ 0, δ ∈ [0, 1]), any utility obeying the data-processing
#: inequality
_THEOREM_18_DOMAIN = [LDPChannel("Q", _ε, _δ, k=2), DPIUtility("U")]


@claim(PAPER, "Theorem 18", "for |X| = 2, every (ε,δ)-LDP mechanism is a garbling of Q_QT (Q = Q_QT·W), so Q_QT "
       "maximises every utility obeying the data-processing inequality",
       domain=_THEOREM_18_DOMAIN, stated_domain='“|𝒳| = 2”, every (ε,δ)-LDP mechanism', stated_where='Section 5, Theorem 18',
       quote=(r"Theorem 18 If |𝒳|=2𝒳2|{\cal X}|=2, then for any ε𝜀\varepsilon, any δ𝛿\delta, and any utility "
              r"U(Q)𝑈𝑄U\left(Q\right) that obeys the data processing inequality, the quaternary mechanism maximizes "
              r"U(Q)𝑈𝑄U\left(Q\right) subject to Q𝒟(ε,δ)𝑄subscript𝒟𝜀𝛿Q\in\mathcal{D}_{(\varepsilon,\delta)}, the set "
              r"of all (ε,δ)𝜀𝛿(\varepsilon,\delta)-locally differentially private mechanism."))
def theorem_18():
    r = rng(18)
    flags = []
    for e, d in ((Q(2), Q(1, 10)), (Q(3), Q(1, 5)), (Q(3, 2), 0)):
        q = quaternary_mechanism(log(e), d)
        for n in (2, 3, 4):
            for _ in range(2):
                ch = _random_ldp(r, e, d, n)
                W = dominance_kernel(q, ch)
                flags.append(W is not None and q.compose(W) == ch)
                p0, p1 = [Q(1, 3), Q(2, 3)], [Q(3, 4), Q(1, 4)]
                for u in (utility.kl(p0, p1), utility.tv(p0, p1), utility.mutual_information(p0)):
                    flags.append(sign(u(q) - u(ch)) >= 0)
    cross = holds(flags, "random (ε,δ)-LDP channels with 2–4 outputs factor through Q_QT (exact kernel) "
                         "and have smaller KL, TV, MI")
    # the proof: R_Q ⊆ R_{ε,δ} (Theorem 19) = R_{Q_QT}, so Q is a garbling of Q_QT (Theorem 20). Machine step: every
    # vertex of R_{ε,δ} (Figure 9's list) is the test point (P_MD, P_FA) = (1 − Q_QT(A|0), Q_QT(A|1)) of an event A
    qt = [[_δ, 0, (1 - _δ) / (1 + E), (1 - _δ) * E / (1 + E)],      # δ as the domain's (any real: identities)
          [0, _δ, (1 - _δ) * E / (1 + E), (1 - _δ) / (1 + E)]]
    named = {(0, 2, 3): (0, 1 - _δ), (0, 3): ((1 - _δ) / (1 + E), (1 - _δ) / (1 + E)), (0,): (1 - _δ, 0),
             (1, 2, 3): (_δ, 1), (1, 2): ((E + _δ) / (1 + E), (E + _δ) / (1 + E)), (1,): (1, _δ),
             (0, 1, 2, 3): (0, 1), (): (1, 0)}
    pts = [(1 - sum((qt[0][y] for y in A), sympy.Integer(0)), sum((qt[1][y] for y in A), sympy.Integer(0))) for A in named]
    vertices = identity([c for pt in pts for c in pt], [c for v in named.values() for c in v],
                        "each vertex of R_{ε,δ} (the six of Figure 9 and (0,1), (1,0)) is the test point of an event "
                        "A of Q_QT (38), symbolic ε, δ: R_{ε,δ} ⊆ R_{Q_QT}")
    proof = combine(vertices, detail="R_{ε,δ} ⊆ R_{Q_QT} (hull of test points, tests randomised) ⊆ R_{ε,δ} (Q_QT is "
                                     "(ε,δ)-LDP, eq. 38, Theorem 19); any (ε,δ)-LDP Q has R_Q ⊆ R_{ε,δ} = R_{Q_QT}, "
                                     "so Q = Q_QT·W (Theorem 20)")
    return establish(proof, cross, domain=_THEOREM_18_DOMAIN,
                     uses=["extremal-ldp:theorem-19", "extremal-ldp:eq-38", "extremal-ldp:theorem-20",
                           "extremal-ldp:figure-9"],
                     prose_steps=["R_{ε,δ} is the convex polygon with the eight listed vertices (Figure 9), and the "
                                  "region of a mechanism is convex (randomised tests), so it contains their hull",
                                  "a utility U obeying the data-processing inequality has U(Q) = U(Q_QT·W) ≤ U(Q_QT)"])


#: |𝒳| = 2: Q_QT and R_{ε,δ} are fixed by ε ≥ 0 and δ ∈ [0, 1]
_FIGURE_9_DOMAIN = [_ε >= 0, _δ >= 0, _δ <= 1]


@claim(PAPER, "Figure 9", "R_{Q_QT} = R_{ε,δ}: the test points of Q_QT span the region with vertices (0,1−δ), "
       "((1−δ)/(1+e^ε),(1−δ)/(1+e^ε)), (1−δ,0) and their reflections",
       domain=_FIGURE_9_DOMAIN, stated_domain='|𝒳| = 2, the hypothesis-testing region of Q_QT', stated_where='Section 5, Figure 9',
       quote=(r"Notice that it is no coincidence that QQT=ε,δsubscriptsubscript𝑄QTsubscript𝜀𝛿\mathcal{R}_{Q_{\rm "
              r"QT}}=\mathcal{R}_{\varepsilon,\delta}. This property will be essential in proving the optimality of "
              r"the quaternary mechanism."))
def figure_9():
    flags = []
    for e, d in ((Q(2), Q(1, 10)), (Q(3), Q(1, 5)), (Q(5, 2), Q(1, 3))):
        pts = decision_points(quaternary_mechanism(log(e), d))
        verts = error_region_vertices(log(e), d)
        paper = [(0, 1 - d), ((1 - d) / (1 + e), (1 - d) / (1 + e)), (1 - d, 0), (d, 1), ((e + d) / (1 + e),) * 2, (1, d)]
        flags.append(all(tuple(v) in {tuple(p) for p in pts} for v in paper))
        flags.append(all(in_error_region(md, fa, log(e), d) for md, fa in pts))
        flags.append(set(map(tuple, paper)) <= set(map(tuple, verts)))
        # every vertex of R_{ε,δ} is in the hull of the test points (so the hulls coincide)
        flags.append(all(_in_hull(v, pts) for v in verts))
    cross = holds(flags, "three (ε,δ): the named vertices are test points of Q_QT, all test points lie in "
                         "R_{ε,δ}, and every vertex of R_{ε,δ} is in their hull")
    # symbolic: the eight vertices in cyclic order, each in R_{ε,δ}, consecutive ones on a common boundary line
    x, m, f = sympy.symbols("x m f", real=True)                        # x = e^ε ≥ 1
    dd = _δ                                                             # δ ∈ [0, 1], the domain's
    lines = [m, f, 1 - m, 1 - f, f + x * m - (1 - dd), x * f + m - (1 - dd), x + dd - f - x * m, x + dd - x * f - m]
    cyc = [(0, 1), (0, 1 - dd), ((1 - dd) / (1 + x), (1 - dd) / (1 + x)), (1 - dd, 0), (1, 0), (1, dd),
           ((x + dd) / (1 + x), (x + dd) / (1 + x)), (dd, 1)]
    edge = [0, 4, 5, 1, 2, 6, 7, 3]                                     # the line through vertices i, i+1 (cyclic)
    dom = [x >= 1, dd >= 0, dd <= 1]
    inside = combine(*[real_closed(L.subs({m: a, f: b}), [x, dd], dom, f"vertex {i} satisfies constraint {j}")
                       for i, (a, b) in enumerate(cyc) for j, L in enumerate(lines)],
                     detail="each of the 8 vertices lies in R_{ε,δ} (all 8 defining inequalities, every e^ε ≥ 1, δ ∈ [0,1])")
    on = identity([lines[edge[i]].subs({m: cyc[i][0], f: cyc[i][1]}) for i in range(8)]
                  + [lines[edge[i]].subs({m: cyc[(i + 1) % 8][0], f: cyc[(i + 1) % 8][1]}) for i in range(8)],
                  [0] * 16, "consecutive vertices lie on one defining line: the boundary of R_{ε,δ} is the 8-gon")
    qt = [[dd, 0, (1 - dd) / (1 + x), (1 - dd) * x / (1 + x)], [0, dd, (1 - dd) * x / (1 + x), (1 - dd) / (1 + x)]]
    events = [(0, 1, 2, 3), (0, 2, 3), (0, 3), (0,), (), (1,), (1, 2), (1, 2, 3)]
    pts = identity([c for A in events for c in (1 - sum((qt[0][y] for y in A), sympy.Integer(0)),
                                                 sum((qt[1][y] for y in A), sympy.Integer(0)))],
                   [c for v in cyc for c in v], "each vertex is the test point (1 − Q_QT(A|0), Q_QT(A|1)) of an event A")
    proof = combine(grouped("the region", inside, on), pts,
                    detail="R_{ε,δ} = hull of the 8 vertices ⊆ R_{Q_QT} (test points, randomised tests) ⊆ R_{ε,δ} "
                           "(eq. 38 and Theorem 19)")
    return establish(proof, cross, domain=_FIGURE_9_DOMAIN,
                     uses=["extremal-ldp:eq-38", "extremal-ldp:theorem-19"],
                     prose_steps=["a convex polygon: the 8 points in R_{ε,δ}, consecutive ones on a boundary line of "
                                  "one of its 8 half-planes, traverse its boundary, so R_{ε,δ} is their hull",
                                  "the region of a mechanism is convex (randomised tests) and contains its test points"])
