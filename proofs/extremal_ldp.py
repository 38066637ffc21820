"""Kairouz–Oh–Viswanath, *Extremal mechanisms for local differential privacy*: the structure results.

Definitions 1 and 3, Theorems 2, 4 and 21, Lemmas 22 and 23, Claims 1–3, Proposition 17 and the
proof-level identities (57), (83), (99) ≡ (113). Optimality is checked with the certified LP
(symdp.numerics.lp) against brute-force vertex enumeration (mpmath, and exact for the polytope D_{ε,ℓ}).
"""

from __future__ import annotations

import itertools

import mpmath
import sympy
from flint import fmpq, fmpq_mat

from _idioms import grouped, holds
from _eldp_helpers import (A0, A1, B0, B1, C, CHANNEL, D, J, LABEL, M, OUT, ROW, ROW0, ROW2, Q, catalog,
                           binary_marginal_goal, binary_rows, event_bound, INPUT, is_law, is_set, LAW,
                           LAW0, LAW1, pattern_entry, SIZE, TAU, total, lognorm, log, mi_mu, kl_mu, mp_kl_column,
                           mp_value, random_law, rng, sub, vertex_optimum, zero_column_entries, zero_column_goal)
from symdp.local import Channel, optimal_mechanism, pattern, staircase_matrix, utility
from symdp.numbers import sign
from symdp.verify import (certified_agreement, cited, claim, combine, erratum, establish, exact_agreement, identity,
                          kernel, real_closed)
from symdp.verify.domains import (Channel as AnyChannel, ConvexUtility, Integer, Laws, LDPChannel, ProbabilityVector,
                                  Sublinear)

PAPER = "extremal-ldp"

# Real parameters of the paper's domains (symdp.verify.domains), named as the paper names them.
_ε = sympy.Symbol("epsilon", real=True)
_k, _l = sympy.symbols("k l", integer=True, positive=True)  # the sizes of LDPChannel(..., k="k", l="l")


# --------------------------------------------------------------------------------------------
# The polytope D_{ε,ℓ}: exact vertex enumeration (Lemma 23, Claims 1 and 3, Theorems 2 and 21)


def _ldp_vertices(k: int, l: int, e: fmpq):
    """Every vertex of D_{ε,ℓ} = {Q ∈ ℝ^{k×ℓ}_+ : rows sum to 1, Q(y|x) ≤ e Q(y|x')}, exactly.

    Standard form with one slack per DP row; every basis (column subset with a nonsingular
    matrix) whose basic solution is ≥ 0 is a vertex. Variables q[y*k + x] as in eq. (50).
    """
    nq = k * l
    dp = [(y, x, xp) for y in range(l) for x in range(k) for xp in range(k) if x != xp]
    n, m = nq + len(dp), k + len(dp)
    rows = []
    for x in range(k):
        rows.append([fmpq(1) if (j < nq and j % k == x) else fmpq(0) for j in range(n)])
    for r, (y, x, xp) in enumerate(dp):
        row = [fmpq(0)] * n
        row[y * k + x] += 1
        row[y * k + xp] -= e
        row[nq + r] = fmpq(1)
        rows.append(row)
    A = fmpq_mat(m, n, [v for row in rows for v in row])
    b = fmpq_mat(m, 1, [1] * k + [0] * len(dp))
    seen = set()
    for basis in itertools.combinations(range(n), m):
        B = fmpq_mat(m, m, [A[i, j] for i in range(m) for j in basis])
        if B.det() == 0:
            continue
        xb = B.solve(b)
        if any(xb[i, 0] < 0 for i in range(m)):
            continue
        q = [fmpq(0)] * nq
        for i, j in enumerate(basis):
            if j < nq:
                q[j] = xb[i, 0]
        seen.add(tuple(q))
    return [[[q[y * k + x] for y in range(l)] for x in range(k)] for q in seen]


def _columns(Qm):
    return [[row[y] for row in Qm] for y in range(len(Qm[0]))]


def _is_staircase(col, e) -> bool:
    nz = [v for v in col if v != 0]
    return not nz or (len(nz) == len(col) and all(v / min(nz) in (1, e) for v in nz))


_VERTS: dict = {}


def _verts(l):
    if l not in _VERTS:
        _VERTS[l] = _ldp_vertices(2, l, fmpq(2))
    return _VERTS[l]


def _u_exact(u, Qm):
    return u(Channel([[sympy.Rational(int(v.p), int(v.q)) for v in row] for row in Qm]))


_LEMMA_23_DOMAIN = [LDPChannel("Q", _ε, k="k", l="l"), _l > _k]


@claim(PAPER, "Lemma 23", "D_{ε,ℓ} is a bounded polytope {Aq ≤ 0, Bq = 1} whose corner points have at most k "
       "nonzero columns",
       domain=_LEMMA_23_DOMAIN, stated_domain='“the set of all k × ℓ ε-LDP mechanisms D_{ε,ℓ}”, ℓ > k for the column count', stated_where='Section 7.3, Lemma 23',
       quote=(r"Lemma 23 The set of all k×𝑘k\times\ell, ε𝜀\varepsilon-locally differentially private mechanisms "
              r"𝒟ε,subscript𝒟𝜀\mathcal{D}_{\varepsilon,\ell} forms a closed and bounded polytope in "
              r"+ksuperscriptsubscript𝑘\mathbb{R}_{+}^{k\ell}. Moreover, let Q𝑄Q be a corner point of the polytope "
              r"formed by 𝒟ε,subscript𝒟𝜀\mathcal{D}_{\varepsilon,\ell}, then Q𝑄Q has at most k𝑘k non-zero columns."))
def lemma_23():
    counts = {l: len(_verts(l)) for l in (2, 3, 4)}
    flags = [sum(1 for c in _columns(Qm) if any(c)) <= 2 for l in (2, 3, 4) for Qm in _verts(l)]
    stmt = holds(flags, "k = 2, e^ε = 2, ℓ = 2, 3, 4: every vertex of D_{ε,ℓ} (exact enumeration of all bases) "
                 "has ≤ k nonzero columns")
    # eqs. (47) and (49) for k = ℓ = 2, written from the paper, hold at every vertex (q as in eq. 50)
    e = sympy.Integer(2)
    At = sympy.Matrix([[1, -e, 0, 0], [-e, 1, 0, 0], [0, 0, 1, -e], [0, 0, -e, 1]])
    Bm = sympy.Matrix([[1, 0, 1, 0], [0, 1, 0, 1]])
    qs = [sympy.Matrix([sympy.Rational(int(v.p), int(v.q)) for col in _columns(Qm) for v in col]) for Qm in _verts(2)]
    ok = all(all(v <= 0 for v in At * q) for q in qs)
    rows_ok = all(Bm * q == sympy.Matrix([1, 1]) for q in qs)
    cross = [holds([ok, rows_ok], "every vertex for ℓ = 2 satisfies Ãq ≤ 0 (eq. 47) and Bq = 1 (eq. 49)"),
             exact_agreement([counts[3], counts[4]], [9, 16], "vertex counts for ℓ = 3, 4 (catalog: 9 and 16)")]
    q, rest = sympy.symbols("q rest", real=True)
    bounded = real_closed(1 - q, [q, rest], [q >= 0, rest >= 0, sympy.Eq(q + rest, 1)],
                          "0 ≤ Q(y|x) ≤ 1: an entry plus the rest of its row (≥ 0) is 1, so D_{ε,ℓ} is bounded")
    return establish(grouped("D_{ε,ℓ} bounded; a corner has ≤ k nonzero columns", bounded, _active_count()), stmt, *cross,
                     domain=_LEMMA_23_DOMAIN,
                     uses=["extremal-ldp:claim-1", "extremal-ldp:claim-2", "extremal-ldp:claim-3",
                           cited("Bertsimas–Tsitsiklis", "Introduction to Linear Optimization, Theorem 2.3 (a vertex "
                                 "of a polyhedron in R^n has n linearly independent active constraints)")],
                     prose_steps=["(50): Q ∈ D_{ε,ℓ} iff Aq ≤ 0 (the singleton LDP rows, enough by Claim 2, and q ≥ 0) "
                                  "and Bq = 1 (rows of Q sum to 1): finitely many linear constraints, closed"])


#: the example k = ℓ = 2 at every ε ≥ 0; the vector q of the four entries is quantified in the goal (any real q)
_EQS_47_49_DOMAIN = [_ε >= 0]


@claim(PAPER, "Eqs. (47) and (49)", "for k = ℓ = 2 and q = [Q(y1|x1), Q(y1|x2), Q(y2|x1), Q(y2|x2)]: Ãq ≤ 0 with Ã of (47) "
       "holds iff Q(y|x) ≤ e^ε Q(y|x') for all y and x ≠ x', and Bq = 1 with B of (49) iff each row of Q sums to 1; so "
       "(50) (Aq ≤ 0, Bq = 1, A = [Ãᵀ, −I]ᵀ) describes D_{ε,2} exactly",
       domain=_EQS_47_49_DOMAIN, stated_domain="k = ℓ = 2, ε ≥ 0, any q ∈ ℝ⁴", stated_where="Section 7.3, eqs. (47)–(50)",
       quote=(
              r"Let Q𝒟ε,𝑄subscript𝒟𝜀Q\in\mathcal{D}_{\varepsilon,\ell}, then by Claim 2, it is easy to see that Q𝑄Q "
              r"must satisfy k(k1)𝑘𝑘1\ell k(k-1) inequalities of the form "
              r"Q(y|x)Q(y|x)eε𝑄conditional𝑦𝑥𝑄conditional𝑦superscript𝑥superscript𝑒𝜀Q\left(y|x\right)\leq "
              r"Q\left(y|x^{\prime}\right)e^{\varepsilon}. These inequalities can be compactly represented by "
              r"A~q0,~𝐴𝑞0\tilde{A}q\leq 0, (46) where "
              r"q=[Q(y1|x1),,Q(y1|xk),.,Q(y|x1),,Q(y|xk)]Tq=\left[Q\left(y_{1}|x_{1}\right),...,Q\left(y_{1}|x_{k}\right),....,Q\left(y_{\ell}|x_{1}\right),...,Q\left(y_{\ell}|x_{k}\right)\right]^{T} "
              r"and A~~𝐴\tilde{A} is a k(k1)×k𝑘𝑘1𝑘\ell k(k-1)\times k\ell matrix that contains all the local "
              r"differential privacy linear constraints. Observe that there is a one-to-one mapping between Q𝑄Q and "
              r"q𝑞q. Here is an example for the case when k==2𝑘2k=\ell=2 "
              r"[1eε00eε100001eε00eε1]A~[Q(y1|x1)Q(y1|x2)Q(y2|x1)Q(y2|x2)]0.subscriptdelimited-[]1superscript𝑒𝜀00superscript𝑒𝜀100001superscript𝑒𝜀00superscript𝑒𝜀1~𝐴delimited-[]𝑄conditionalsubscript𝑦1subscript𝑥1𝑄conditionalsubscript𝑦1subscript𝑥2𝑄conditionalsubscript𝑦2subscript𝑥1𝑄conditionalsubscript𝑦2subscript𝑥20\underbrace{\left[\begin{array}[]{cccc}1&-e^{\varepsilon}&0&0\\ "
              r"-e^{\varepsilon}&1&0&0\\ 0&0&1&-e^{\varepsilon}\\ 0&0&-e^{\varepsilon}&1\\ "
              r"\end{array}\right]}_{\textrm{$\tilde{A}$}}\left[\begin{array}[]{c}Q\left(y_{1}|x_{1}\right)\\ "
              r"Q\left(y_{1}|x_{2}\right)\\ Q\left(y_{2}|x_{1}\right)\\ Q\left(y_{2}|x_{2}\right)\\ "
              r"\end{array}\right]\leq 0. (47) Moreover, since Q𝑄Q is a row stochastic matrix (a conditional "
              r"distribution) it satisfies Q1=1𝑄11Q\textrm{{1}}=\textrm{{1}}, where 1 represents the all ones vector of "
              r"appropriate dimensions. This condition can be rewritten as Bq=1,𝐵𝑞1Bq=\textrm{{1}}, (48) where B𝐵B is a "
              r"k×k𝑘𝑘k\times k\ell binary matrix. For the case when k==2𝑘2k=\ell=2, we have that "
              r"[10100101]B[Q(y1|x1)Q(y1|x2)Q(y2|x1)Q(y2|x2)]=[11].subscriptdelimited-[]10100101𝐵delimited-[]𝑄conditionalsubscript𝑦1subscript𝑥1𝑄conditionalsubscript𝑦1subscript𝑥2𝑄conditionalsubscript𝑦2subscript𝑥1𝑄conditionalsubscript𝑦2subscript𝑥2delimited-[]11\underbrace{\left[\begin{array}[]{cccc}1&0&1&0\\ "
              r"0&1&0&1\\ \end{array}\right]}_{\textrm{$B$}}\left[\begin{array}[]{c}Q\left(y_{1}|x_{1}\right)\\ "
              r"Q\left(y_{1}|x_{2}\right)\\ Q\left(y_{2}|x_{1}\right)\\ Q\left(y_{2}|x_{2}\right)\\ "
              r"\end{array}\right]=\left[\begin{array}[]{c}1\\ 1\\ \end{array}\right]. (49)"))
def eqs_47_49():
    """The printed matrices against the definition of D_{ε,2}: decided over e^ε for every real q (no hypothesis)."""
    x = sympy.exp(_ε)
    q = sympy.Matrix([sympy.Symbol(f"Q(y_{y}|x_{i})", real=True) for y in (1, 2) for i in (1, 2)])
    entry = {(y, i): q[2 * (y - 1) + (i - 1)] for y in (1, 2) for i in (1, 2)}
    A_tilde = sympy.Matrix([[1, -x, 0, 0], [-x, 1, 0, 0], [0, 0, 1, -x], [0, 0, -x, 1]])      # (47), as printed
    B = sympy.Matrix([[1, 0, 1, 0], [0, 1, 0, 1]])                                           # (49), as printed
    A = A_tilde.col_join(-sympy.eye(4))
    printed = sympy.And(*[sympy.Le(v, 0) for v in A * q], *[sympy.Eq(v, 1) for v in B * q])
    ldp = sympy.And(*[entry[y, i] <= x * entry[y, i2] for y in (1, 2) for i in (1, 2) for i2 in (1, 2) if i != i2],
                    *[v >= 0 for v in q], *[sympy.Eq(entry[1, i] + entry[2, i], 1) for i in (1, 2)])
    stmt = kernel.decide(kernel.goal(sympy.Equivalent(printed, ldp), [_ε >= 0]),
                         detail="(50) with (47), (49) ⇔ Q ∈ D_{ε,2} (ε-LDP entries, non-negative, rows summing to 1)")
    r, e = rng(47), sympy.Integer(2)
    points = [[Q(r.randint(-2, 12), 10) for _ in range(4)] for _ in range(40)]
    # the vertices of D_{ε,2} at e^ε = 2 (exact enumeration), in the order of q: both sides hold there
    points += [[sympy.Rational(int(Qm[i][y].p), int(Qm[i][y].q)) for y in range(2) for i in range(2)] for Qm in _verts(2)]
    sides = [(bool(printed.subs(x, e).subs(dict(zip(q, v)))), bool(ldp.subs(x, e).subs(dict(zip(q, v))))) for v in points]
    cross = holds([a == b for a, b in sides] + [any(a for a, _ in sides)],
                  f"both sides at 40 random rational q and the {len(points) - 40} vertices of D_(ε,2), e^ε = 2 (exact)")
    return establish(stmt, cross, domain=_EQS_47_49_DOMAIN)


#: the entries Q(y|x_i), Q(y|x_{i0}) of the ε-LDP channel, any inputs i, i0 and output y: their sign and the ε-LDP bound
#: between them (what Q ∈ D_ε says of them), named so that the goal's hypotheses follow from the domain; the claim is
#: about a column with a zero entry, Q(y|x_{i0}) = 0 (its "if"), so that entry is part of the domain
_CLAIM_1_DOMAIN = [LDPChannel("Q", _ε), Integer("i"), Integer("i_0"), Integer("y"), *zero_column_entries(),
                   sympy.Eq(CHANNEL[ROW0, OUT], 0)]


@claim(PAPER, "Claim 1", "in an ε-LDP mechanism a column with one zero entry is entirely zero",
       domain=_CLAIM_1_DOMAIN, stated_domain="“If Q_ij = 0 for some j”: a column y of an ε-LDP mechanism with a zero entry "
       "Q(y|x_{i0}) = 0, any input x_i (proof of Lemma 23)", stated_where='Section 7.3, Claim 1',
       quote=(r"Claim 1 Let Q𝒟ε,𝑄subscript𝒟𝜀Q\in\mathcal{D}_{\varepsilon,\ell}. If Qij=0subscript𝑄𝑖𝑗0Q_{ij}=0 for "
              r"some j{1,,}𝑗1j\in\{1,...,\ell\} then Qij=0subscript𝑄𝑖𝑗0Q_{ij}=0 for all i{1,,k}𝑖1𝑘i\in\{1,...,k\}."))
def claim_1():
    flags = [all(all(v == 0 for v in c) or all(v != 0 for v in c) for c in _columns(Qm))
             for l in (2, 3, 4) for Qm in _verts(l)]
    # random rational LDP channels too: a zero forces the column to zero through Q(y|x') ≤ e^ε Q(y|x)
    r = rng(11)
    more = []
    for _ in range(30):
        Qm = [random_law(r, 4, 6) for _ in range(3)]
        Qm[0] = [0] + [v / (1 - Qm[0][0]) for v in Qm[0][1:]]       # one zero in column 1, others positive
        more.append(Channel(Qm).ldp_epsilon() == sympy.oo)
    zero = kernel.decide(zero_column_goal(), detail="Q(y|x) ≤ e^ε Q(y|x₀) = 0 and Q(y|x) ≥ 0 force Q(y|x) = 0, for "
                                                    "every input x (the output y is a singleton event)")
    return establish(zero, holds(flags, "every vertex of D_{ε,ℓ} (k = 2, e^ε = 2, ℓ ≤ 4): zero entry ⇒ zero column"),
                     holds(more, "random channels with one zero in an otherwise positive column are ε-LDP for no finite ε"),
                     domain=_CLAIM_1_DOMAIN)


#: any channel with k inputs and l outputs, any two inputs x_i, x_{i2}: the goal quantifies over these, and states the
#: equivalence of the two sides for the pair (the events B ⊆ 𝒴 inside it, as the events of the kernel: a supremum)
_CLAIM_2_DOMAIN = [AnyChannel("Q", k="k", l="l"), _ε >= 0, Integer("i"), Integer("i_2")]


@claim(PAPER, "Claim 2", "Q ∈ D_{ε,ℓ} ⇔ Q(y|x) ≤ e^ε Q(y|x') for all x, x', y (singleton outputs suffice)",
       domain=_CLAIM_2_DOMAIN, stated_domain="Q ∈ D_{ε,ℓ}, all x, x' and outputs y", stated_where='Section 7.3, Claim 2',
       quote=(r"Claim 2 A privatization mechanism Q𝒟ε,𝑄subscript𝒟𝜀Q\in\mathcal{D}_{\varepsilon,\ell} if and only if "
              r"for all x,x𝒳𝑥superscript𝑥𝒳x,x^{\prime}\in\mathcal{X} and all y𝒴𝑦𝒴y\in\mathcal{Y} we have that "
              r"Q(y|x)Q(y|x)eε𝑄conditional𝑦𝑥𝑄conditional𝑦superscript𝑥superscript𝑒𝜀Q\left(y|x\right)\leq "
              r"Q\left(y|x^{\prime}\right)e^{\varepsilon}."))
def claim_2():
    r = rng(12)
    flags = []
    for _ in range(60):
        Qm = [random_law(r, 3, 9) for _ in range(3)]
        e = sympy.Rational(r.randint(10, 40), 10)
        single = all(a[y] <= e * b[y] for a in Qm for b in Qm for y in range(3))
        events = all(sum(a[y] for y in S) <= e * sum(b[y] for y in S)
                     for a in Qm for b in Qm for n in range(1, 4) for S in itertools.combinations(range(3), n))
        flags.append(single == events)
    return establish(_claim_2_steps(),
                     holds(flags, "60 random 3×3 channels and rational e^ε: all-events test ⇔ singleton test"),
                     domain=_CLAIM_2_DOMAIN)


def _claim_2_steps():
    """Claim 2 as one biconditional per pair of inputs, closed on both sides, as kernel steps (Kairouz–Oh–Viswanath,
    Section 7.3): with c_y = Q(y|x_i) − e^ε Q(y|x_{i2}), (∀y ≤ l: c_y ≤ 0) ⇔ sup over the events E ⊆ 𝒴 of
    Σ_y 1_E(y) c_y ≤ 0 (Q(E|x_i) ≤ e^ε Q(E|x_{i2}) for every event). For every pair (i, i2) this is the paper's "for all
    x, x' and all y" against D_{ε,ℓ}'s "for all x, x' and all events" (the goal's i, i2 range over every pair).
    (⇒) 1_E(y)c_y ≤ 0 at each output, summed, for every event E: the supremum is ≤ 0. (⇐) the singleton event {y} is
    an event, and Σ_j 1{j = y} c_j = c_y for 1 ≤ y ≤ l (induction on the upper end, with "an integer is ≤ 0 or ≥ 1",
    itself by induction: the solver reads integers as reals); so c_y ≤ sup ≤ 0 at every y."""
    from symdp.verify.recheck.terms import Event

    q, i, i2, y, j = CHANNEL, ROW, ROW2, OUT, J
    l, m, d = sympy.symbols("l m d", integer=True)
    x, t = sympy.exp(_ε), sympy.Symbol("t", real=True)
    E = Event("E")
    c = lambda r: q[i, r] - x * q[i2, r]
    singletons = kernel.Every(q[i, y] <= x * q[i2, y], (y, 1, l))
    total = sympy.Sum(E[j] * c(j), (j, 1, l))
    events = kernel.Sup(total, (E,)) <= 0
    # (⇒)
    output = kernel.decide(kernel.goal(E[j] * c(j) <= 0, [j >= 1, j <= l, q[i, j] <= x * q[i2, j]]),
                           detail="1_E(j)(Q(j|x_i) − e^ε Q(j|x_{i2})) ≤ 0 where the singleton bound holds")
    summed = kernel.decide(kernel.goal(total <= 0, [l >= 1, kernel.Every(q[i, j] <= x * q[i2, j], (j, 1, l))]),
                           kernel.summed(output, j, 1, l), kernel.linear(sympy.Sum(sympy.Integer(0), (j, 1, l))),
                           detail="summed over the outputs: Q(E|x_i) − e^ε Q(E|x_{i2}) ≤ 0")
    every_event = kernel.supremum(kernel.decide(kernel.goal(total <= 0, [l >= 1, singletons]), summed,
                                                kernel.rename(singletons, j), detail="(the same Every)"), E,
                                  detail="for every event E")
    forward = kernel.decide(kernel.goal(sympy.Or(sympy.Not(singletons), events), [l >= 1]), every_event,
                            detail="(⇐ of Claim 2) the singleton bounds give the bound at every event")
    # (⇐) an integer is ≤ 0 or ≥ 1; the singleton event picks c_y out of the sum
    nat_goal = kernel.goal(sympy.Or(d <= 0, d >= 1), [d >= 0])
    nat_base, nat_step = kernel.induction_goals(nat_goal, d, 0)
    nat = kernel.induction(nat_goal, d, 0, kernel.decide(nat_base), kernel.decide(nat_step),
                           detail="an integer d ≥ 0 is 0 or ≥ 1")
    gap = kernel.decide(kernel.goal(sympy.Or(d <= 0, d >= 1)), nat, detail="no integer lies strictly between 0 and 1")
    part = lambda top: sympy.Sum(sympy.Piecewise((c(j), sympy.Eq(j, y)), (0, True)), (j, 1, top))
    pick_goal = kernel.goal(sympy.Eq(part(m), sympy.Piecewise((c(y), y <= m), (0, True))), [m >= 1, y >= 1])
    base_goal, step_goal = kernel.induction_goals(pick_goal, m, 1)
    base = kernel.decide(base_goal, kernel.unfold(part(1), "all"), detail="m = 1")
    step = kernel.decide(step_goal, kernel.unfold(part(m + 1), "end"), kernel.instantiate(gap, {d: y - m}),
                         kernel.instantiate(gap, {d: y - m - 1}), detail="m → m + 1: y ≤ m, y = m + 1 or y ≥ m + 2")
    pick = kernel.induction(pick_goal, m, 1, base, step, detail="Σ_{j ≤ m} 1{j = y} c_j = c_y once y ≤ m")
    singleton = kernel.member(kernel.Sup(total, (E,)), (t, sympy.Piecewise((1, sympy.Eq(t, y)), (0, True))),
                              detail="the singleton event {y}")
    one = kernel.decide(kernel.goal(q[i, y] <= x * q[i2, y], [y >= 1, y <= l, events]),
                        kernel.instantiate(pick, {m: l}), singleton,
                        detail="c_y is the sum at the event {y}, at most the supremum, ≤ 0")
    backward = kernel.decide(kernel.goal(sympy.Or(sympy.Not(events), singletons), []),
                             kernel.every(one, y, 1, l, detail="every output y"),
                             detail="(⇒ of Claim 2) the bound at every event gives the singleton bounds")
    return kernel.decide(kernel.goal(sympy.And(sympy.Or(sympy.Not(singletons), events),
                                               sympy.Or(sympy.Not(events), singletons)), [l >= 1]),
                         forward, backward, detail="Claim 2: the singleton bounds ⇔ the bounds at every event")


def _tight_rank(col, x) -> int:
    """Rank of the rows of A_j (the k(k−1) privacy rows q_i − x q_i' ≤ 0 and the k rows −q_i ≤ 0) that
    column `col` meets with equality, computed exactly."""
    k = len(col)
    rows = [[(1 if m == i else -x if m == i2 else 0) for m in range(k)] for i in range(k) for i2 in range(k) if i != i2]
    rows += [[-1 if m == i else 0 for m in range(k)] for i in range(k)]
    tight = [r for r in rows if sum(a * b for a, b in zip(r, col)) == 0]
    return sympy.Matrix(tight).rank() if tight else 0


def _active_count():
    """Claim 3's count (Kairouz–Oh–Viswanath, proof of Lemma 23): with ℓ_{>0} > k nonzero columns at most
    ℓ_{>0}(k−1) + (ℓ−ℓ_{>0})k + k = (ℓ+1)k − ℓ_{>0} < ℓk independent constraints are tight."""
    k, l, lp_ = _k, _l, sympy.Symbol("ell_p", positive=True, integer=True)   # k, ℓ: the sizes of D_{ε,ℓ}
    count = identity(lp_ * (k - 1) + (l - lp_) * k + k, (l + 1) * k - lp_, "the active-constraint count")
    below = real_closed(l * k - ((l + 1) * k - lp_) - 1, [k, l, lp_], [lp_ >= k + 1],
                        "(ℓ+1)k − ℓ_{>0} < ℓk, i.e. ℓ_{>0} > k, for integers (≥ 1 below)")
    return grouped("the active-constraint count", count, below)


#: the claim's bullets are about every column of every Q ∈ D_{ε,ℓ} (a corner point is one; the vocabulary has no
#: "corner point", and the proof does not need it); ℓ > k as in Lemma 23, whose proof the claim serves
_CLAIM_3_DOMAIN = [LDPChannel("Q", _ε, k="k", l="l"), _l > _k]


@claim(PAPER, "Claim 3", "a zero column has k independent active constraints, a nonzero one at most k − 1; the "
       "count ℓ_{>0}(k−1) + (ℓ−ℓ_{>0})k + k = (ℓ+1)k − ℓ_{>0} is < ℓk when ℓ_{>0} > k",
       domain=_CLAIM_3_DOMAIN, stated_domain="a corner point Q of D_{ε,ℓ} with ℓ > k, its columns Q_j and the rows A_j of (50)",
       stated_where="Appendix, proof of Lemma 23, Claim 3",
       quote=(r"Claim 3 In what follows, the term linearly independent inequality constraints refers to linear "
              r"independent rows of Ajsubscript𝐴𝑗A_{j}. • If Qj=0subscript𝑄𝑗0Q_{j}=0, then k𝑘k linearly independent "
              r"inequality constraints are achieved with equality. • If Qj0subscript𝑄𝑗0Q_{j}\neq 0, then at most "
              r"k1𝑘1k-1 linearly independent inequality constraints can be achieved with equality. Proof In fact, "
              r"the number of linearly independent inequality constraints (achieved or not) cannot exceed k𝑘k "
              r"because Ajsubscript𝐴𝑗A_{j} has a rank less than or equal to k𝑘k. If Qj=0subscript𝑄𝑗0Q_{j}=0, then "
              r"the k𝑘k non-negativity inequality constraints are achieved with equality and it is easy to see that "
              r"they are all linearly independent (in fact, they form an orthonormal basis to "
              r"ksuperscript𝑘\mathbb{R}^{k}). This proves the first part of the claim. We now establish the second "
              r"part of the claim by showing that if Qj0subscript𝑄𝑗0Q_{j}\neq 0, we cannot have k𝑘k linearly "
              r"independent inequality constraints achieved with equality. Assume that Qj0subscript𝑄𝑗0Q_{j}\neq 0 "
              r"and let A~jsubscript~𝐴𝑗\tilde{A}_{j} be the matrix including the largest collection of linearly "
              r"independent rows of Ajsubscript𝐴𝑗A_{j} corresponding to the inequality constraints that are achieved "
              r"with equality. In other words, A~jQj=0subscript~𝐴𝑗subscript𝑄𝑗0\tilde{A}_{j}Q_{j}=0. If "
              r"A~jsubscript~𝐴𝑗\tilde{A}_{j} contains k𝑘k rows, then its rank is equal to k𝑘k. However, this implies "
              r"that Qj=0subscript𝑄𝑗0Q_{j}=0, a contradiction. Therefore, at most k1𝑘1k-1 linearly independent "
              r"inequality constraints can be achieved with equality when Qj0subscript𝑄𝑗0Q_{j}\neq 0. Suppose that "
              r"Q𝑄Q is a corner point of 𝒟ε,subscript𝒟𝜀\mathcal{D}_{\varepsilon,\ell} and out of its \ell columns, "
              r">0subscriptabsent0\ell_{>0} are non-zero and =0subscriptabsent0\ell_{=0} "
              r"(=0=>0subscriptabsent0subscriptabsent0\ell_{=0}=\ell-\ell_{>0}) are zero. Moreover, assume that the "
              r"number of non-zero columns of Q𝑄Q is larger than k𝑘k (i.e., >0>ksubscriptabsent0𝑘\ell_{>0}>k). In "
              r"this case, from Claim 3, we can see that Q𝑄Q achieves at most "
              r">0(k1)+(>0)ksubscriptabsent0𝑘1subscriptabsent0𝑘\ell_{>0}(k-1)+(\ell-\ell_{>0})k linearly independent "
              r"inequality constraints with equality. Furthermore, at most k𝑘k additional linearly independent "
              r"equality constraints (linearly independent rows of the matrix B𝐵B defined in (50)) can be met by "
              r"Q𝑄Q. Therefore, the total number of linearly independent constraints that Q𝑄Q achieves with equality "
              r"is at most "
              r">0(k1)+(>0)k+k=>0+(+1)k<ksubscriptabsent0𝑘1subscriptabsent0𝑘𝑘subscriptabsent01𝑘𝑘\ell_{>0}(k-1)+(\ell-\ell_{>0})k+k=-\ell_{>0}+(\ell+1)k<\ell "
              r"k, where the last strict inequality follows from the fact that >0>ksubscriptabsent0𝑘\ell_{>0}>k. "
              r"This implies that Q𝑄Q cannot be a corner point of 𝒟ε,subscript𝒟𝜀\mathcal{D}_{\varepsilon,\ell}. "
              r"Therefore, any corner point of 𝒟ε,subscript𝒟𝜀\mathcal{D}_{\varepsilon,\ell} must have at most k𝑘k "
              r"non-zero columns."))
def claim_3():
    ranks = []
    for l_ in (3, 4):
        for Qm in _verts(l_):
            for c in _columns(Qm):
                r = _tight_rank([sympy.Rational(int(v.p), int(v.q)) for v in c], 2)
                ranks.append(r <= 1 if any(c) else r == 2)
    flags = [sum(1 for c in _columns(Qm) if any(c)) <= 2 for l_ in (3, 4) for Qm in _verts(l_)]
    return establish(_active_count(),
                     holds(ranks, "rank of the tight rows of A_j, exactly, at every column of every vertex of D_{ε,ℓ} "
                           "(k = 2, e^ε = 2, ℓ ∈ {3, 4}): k at a zero column, ≤ k − 1 at a nonzero one"),
                     holds(flags, "consequence: vertices of D_{ε,ℓ} have ≤ k nonzero columns (k = 2)"),
                     domain=_CLAIM_3_DOMAIN, uses=[cited("standard linear algebra", "rank–nullity theorem")],
                     prose_steps=["the rows of A_j tight at a nonzero column Q_j vanish at Q_j, so Q_j lies in their "
                                  "kernel and they have rank ≤ k − 1 (rank–nullity)",
                                  "at Q_j = 0 every row is tight, among them the k non-negativity rows −e_i, which are "
                                  "independent"])


_DEFINITION_1_DOMAIN = [Sublinear("mu")]


@claim(PAPER, "Definition 1", "the utilities of the paper are sublinear: μ(γz) = γμ(z) and μ(z1+z2) ≤ μ(z1)+μ(z2)",
       domain=_DEFINITION_1_DOMAIN, stated_domain='“sublinear functions” μ: R^k₊ → R (the utilities of Sections 3–4)', stated_where='Section 2.1, Definition 1',
       quote=(r"Definition 1 (Sublinear Functions) A function "
              r"μ(z):k:𝜇𝑧superscript𝑘\mu\left(z\right):\mathbb{R}^{k}\rightarrow\mathbb{R} is said to be sublinear "
              r"if the following two conditions are met 1. 1. μ(γz)=γμ(z)𝜇𝛾𝑧𝛾𝜇𝑧\mu\left(\gamma "
              r"z\right)=\gamma\mu\left(z\right) for all γ+𝛾subscript\gamma\in\mathbb{R}_{+}. 2. 2. "
              r"μ(z1+z2)μ(z1)+μ(z2)𝜇subscript𝑧1subscript𝑧2𝜇subscript𝑧1𝜇subscript𝑧2\mu\left(z_{1}+z_{2}\right)\leq\mu\left(z_{1}\right)+\mu\left(z_{2}\right) "
              r"for all z1,z2ksubscript𝑧1subscript𝑧2superscript𝑘z_{1},z_{2}\in\mathbb{R}^{k}."))
def definition_1():
    z = sympy.symbols("z1:4", positive=True)
    g = sympy.Symbol("g", positive=True)
    p0, p1 = D, [Q(1, 5), Q(1, 5), Q(3, 5)]
    a = lambda w, p: sum(x * y for x, y in zip(p, w))
    kl_ = lambda w: a(w, p0) * log(a(w, p0) / a(w, p1))
    mi_ = lambda w: sum(D[i] * w[i] * log(w[i] / a(w, D)) for i in range(3))
    scaled = [g * v for v in z]
    homog = identity([sympy.expand_log(kl_(scaled), force=True), sympy.expand_log(mi_(scaled), force=True)],
                     [sympy.expand_log(g * kl_(z), force=True), sympy.expand_log(g * mi_(z), force=True)],
                     "positive homogeneity of the KL perspective (12) and the MI column (5)")
    r = rng(13)
    flags = []
    for u in (utility.kl(p0, p1), utility.tv(p0, p1), utility.chi2(p0, p1), utility.mutual_information(D)):
        for _ in range(8):
            z1 = [Q(r.randint(1, 9), 7) for _ in range(3)]
            z2 = [Q(r.randint(1, 9), 7) for _ in range(3)]
            flags.append(sign(u.column(z1) + u.column(z2) - u.column([x + y for x, y in zip(z1, z2)])) >= 0)
    sub_ = holds(flags, "subadditivity at random rational columns for KL, TV, χ², MI (exact signs)")
    return establish(_perspective_sublinear(), homog, sub_,
                     domain=_DEFINITION_1_DOMAIN,
                     prose_steps=["a and b are linear in the column z (a = P0ᵀz, b = P1ᵀz; for MI a = P(x)z_x, b = P(x)Pᵀz)",
                                  "convexity of f: f(λr1 + (1−λ)r2) ≤ λf(r1) + (1−λ)f(r2) for λ ∈ [0, 1] (Kairouz–Oh–"
                                  "Viswanath, Section 3: φ(z, t) = t f(z/t) is convex)",
                                  "a sum of sublinear functions is sublinear", "γ = 0: φ(0, 0) = 0 by the convention 0·f(0/0) = 0"])


def _perspective_sublinear():
    """Every utility of Sections 3–4 is sublinear (Definition 1): an f-divergence column is the perspective
    φ(a, b) = b f(a/b) of a convex f at a = P0ᵀz, b = P1ᵀz, and the MI column (5) is Σ_x φ(P(x)z_x, P(x)Pᵀz) with
    f(t) = t log t. φ is positively homogeneous, and φ(a1+a2, b1+b2) = (b1+b2) f(λr1 + (1−λ)r2) with
    r_i = a_i/b_i, λ = b1/(b1+b2) ∈ [0, 1], which convexity bounds by b1 f(r1) + b2 f(r2)."""
    f = sympy.Function("f")
    a1, a2, b1, b2, g, px, zx, m = sympy.symbols("a1 a2 b1 b2 gamma P_x z_x m", positive=True)
    lam = b1 / (b1 + b2)
    homog = identity((g * b1) * f((g * a1) / (g * b1)), g * (b1 * f(a1 / b1)), "φ(γa, γb) = γφ(a, b)")
    split = identity([lam * (a1 / b1) + (1 - lam) * (a2 / b2), (b1 + b2) * lam, (b1 + b2) * (1 - lam)],
                     [(a1 + a2) / (b1 + b2), b1, b2], "(a1+a2)/(b1+b2) = λr1 + (1−λ)r2 with weights (b1+b2)λ = b1, "
                                                      "(b1+b2)(1−λ) = b2")
    weight = combine(real_closed(lam, [b1, b2], [], "λ ≥ 0"), real_closed(1 - lam, [b1, b2], [], "λ ≤ 1"))
    t = px * zx / (px * m)
    mi = identity(px * zx * log(zx / m), (px * m) * (t * log(t)), "P(x)z_x log(z_x/Pᵀz) = φ(P(x)z_x, P(x)Pᵀz) for "
                                                                    "f(t) = t log t")
    return grouped("perspectives of convex f are sublinear", homog, split, weight, mi)


#: b ranges over the bits of the binary vectors b_{j−1} (each entry of a staircase pattern is (e^ε − 1)b + 1)
_BIT = sympy.Symbol("b", real=True)
_DEFINITION_3_DOMAIN = [Integer("k", 1), _ε >= 0, sympy.Or(sympy.Eq(_BIT, 0), sympy.Eq(_BIT, 1))]


@claim(PAPER, "Definition 3", "S^(k) ∈ {1,e^ε}^{k×2^k}, column j = (e^ε−1)b_{j−1} + 1 with the first input as the "
       "most significant bit (the displayed S^(3))",
       domain=_DEFINITION_3_DOMAIN, stated_domain='k ≥ 1, ε ≥ 0: the staircase pattern matrix S^(k) ∈ {1, e^ε}^{k×2^k}', stated_where='Section 2.2, Definition 3',
       quote=(r"Definition 3 (Staircase Pattern Matrix) Let bjsubscript𝑏𝑗b_{j} be the k𝑘k-dimensional binary vector "
              r"corresponding to the binary representation of j𝑗j for j2k1𝑗superscript2𝑘1j\leq 2^{k}-1. A matrix "
              r"S(k){1,eε}k×2ksuperscript𝑆𝑘superscript1superscript𝑒𝜀𝑘superscript2𝑘S^{(k)}\in\{1,e^{\varepsilon}\}^{k\times "
              r"2^{k}} is called a staircase pattern matrix if the j𝑗j-th column of S(k)superscript𝑆𝑘S^{(k)} is "
              r"Sj(k)=(eε1)bj1+1subscriptsuperscript𝑆𝑘𝑗superscript𝑒𝜀1subscript𝑏𝑗11S^{(k)}_{j}=\left(e^{\varepsilon}-1\right)b_{j-1}+\textrm{{1}}, "
              r"for j{1,,2k}𝑗1superscript2𝑘j\in\{1,\ldots,2^{k}\}. Each column of S(k)superscript𝑆𝑘S^{(k)} is a "
              r"staircase pattern. When k=3𝑘3k=3, there are 2k=8superscript2𝑘82^{k}=8 staircase patterns and the "
              r"staircase pattern matrix is given by "
              r"S(3)=[1111eεeεeεeε11eεeε11eεeε1eε1eε1eε1eε].superscript𝑆3matrix1111superscript𝑒𝜀superscript𝑒𝜀superscript𝑒𝜀superscript𝑒𝜀11superscript𝑒𝜀superscript𝑒𝜀11superscript𝑒𝜀superscript𝑒𝜀1superscript𝑒𝜀1superscript𝑒𝜀1superscript𝑒𝜀1superscript𝑒𝜀\displaystyle "
              r"S^{(3)}=\begin{bmatrix}1&1&1&1&e^{\varepsilon}&e^{\varepsilon}&e^{\varepsilon}&e^{\varepsilon}\\ "
              r"1&1&e^{\varepsilon}&e^{\varepsilon}&1&1&e^{\varepsilon}&e^{\varepsilon}\\ "
              r"1&e^{\varepsilon}&1&e^{\varepsilon}&1&e^{\varepsilon}&1&e^{\varepsilon}\\ \end{bmatrix}\;."))
def definition_3():
    e = sympy.Integer(7)
    displayed = sympy.Matrix([[1, 1, 1, 1, e, e, e, e], [1, 1, e, e, 1, 1, e, e], [1, e, 1, e, 1, e, 1, e]])
    lib = staircase_matrix(log(7), 3)
    stmt = exact_agreement(list(lib), list(displayed), "library S^(3) at e^ε = 7 against the matrix displayed in Definition 3")
    # Figure 2: the binary mechanism with T = {1, 2, 4} (k = 5) uses columns j = 27 and j = 6
    cross = exact_agreement(list(pattern(26, 5) + pattern(5, 5)), [1, 1, 0, 1, 0, 0, 0, 1, 0, 1],
                            "Figure 2 binary mechanism: columns j = 27 (11010) and j = 6 (00101)")
    # every k, ε: entry (i, j) is (e^ε − 1)·b + 1 with b the i-th bit of j − 1 (MSB first), so 1 or e^ε: S^(k) ∈
    # {1, e^ε}^{k×2^k}; the displayed S^(3) (e^ε symbolic) is that formula with the first input the most significant bit
    b = _BIT
    entry = (sympy.exp(_ε) - 1) * b + 1
    two_valued = kernel.decide(kernel.goal(sympy.Or(sympy.Eq(entry, 1), sympy.Eq(entry, sympy.exp(_ε))),
                                           [sympy.Or(sympy.Eq(b, 0), sympy.Eq(b, 1))]),
                               detail="(e^ε−1)b + 1 ∈ {1, e^ε} for a bit b ∈ {0, 1}: every entry of S^(k), every k")
    x = sympy.exp(_ε)
    shown = [[1, 1, 1, 1, x, x, x, x], [1, 1, x, x, 1, 1, x, x], [1, x, 1, x, 1, x, 1, x]]
    formula = exact_agreement([v for row in shown for v in row],
                              [(x - 1) * ((j >> (2 - i)) & 1) + 1 for i in range(3) for j in range(8)],
                              "the displayed S^(3) (e^ε symbolic) is column j = (e^ε−1)b_{j−1} + 1, first input the most "
                              "significant bit")
    return establish(two_valued, stmt, cross, formula, domain=_DEFINITION_3_DOMAIN)


_THETA = sympy.IndexedBase("theta")


def _least_entry():
    """θ_y = Q(y|x_{i0}) ≥ 0 is the least entry of the column y (Lemma 22's construction θ_j = min_i Q_ij)."""
    q, i, i0, y = CHANNEL, ROW, ROW0, OUT
    return [q[i0, y] >= 0, sympy.Eq(q[i0, y], _THETA[y]), q[i, y] >= _THETA[y]]


_LEMMA_22_DOMAIN = [AnyChannel("Q", k="k", l="l"), _ε >= 0, Integer("i"), Integer("i_0"), Integer("i_2"), Integer("y"),
                     Integer("m", 0), *_least_entry()]


@claim(PAPER, "Lemma 22", "Q is ε-LDP iff Q = SΘ with S ∈ [1,e^ε]^{k×ℓ} and Θ = diag(θ) ≥ 0; constructively "
       "θ_j = min_i Q_ij and S_ij = Q_ij/θ_j",
       domain=_LEMMA_22_DOMAIN, stated_domain='“Q is ε-locally differentially private iff Q = SΘ”, any k × ℓ Q', stated_where='Section 7.2, Lemma 22',
       quote=(r"Lemma 22 A k×𝑘k\times\ell conditional distribution Q𝑄Q is ε𝜀\varepsilon-locally differentially "
              r"private if and only if it can be written as Q=SΘ𝑄𝑆ΘQ=S\Theta, where S𝑆S is a k×𝑘k\times\ell matrix "
              r"with Sij[1,eε]subscript𝑆𝑖𝑗1superscript𝑒𝜀S_{ij}\in[1,e^{\varepsilon}] and "
              r"Θ=diag(θ1,,θ)Θdiagsubscript𝜃1subscript𝜃\Theta=\mbox{diag}\left(\theta_{1},\ldots,\theta_{\ell}\right) "
              r"with its diagonal entries in +subscript\mathbb{R}_{+}."))
def lemma_22():
    r = rng(22)
    flags = []
    for _ in range(40):
        Qm = [random_law(r, 4, 9) for _ in range(3)]
        e = max(a[y] / b[y] for a in Qm for b in Qm for y in range(4))
        theta = [min(row[y] for row in Qm) for y in range(4)]
        S = [[Qm[i][y] / theta[y] for y in range(4)] for i in range(3)]
        flags.append(all(1 <= S[i][y] <= e for i in range(3) for y in range(4))
                     and all(S[i][y] * theta[y] == Qm[i][y] for i in range(3) for y in range(4)))
        # converse: any S ∈ [1,e]^{k×ℓ}, θ ≥ 0 gives ratios ≤ e
        Sr = [[1 + (e - 1) * Q(r.randint(0, 6), 6) for _ in range(4)] for _ in range(3)]
        flags.append(all(Sr[i][y] <= e * Sr[j][y] for i in range(3) for j in range(3) for y in range(4)))
    return establish(_lemma_22_steps(),
                     holds(flags, "40 random 3×4 channels (e^ε their own max ratio): the construction works, and "
                           "the converse ratio bound"),
                     domain=_LEMMA_22_DOMAIN, uses=["extremal-ldp:claim-1"])


def _lemma_22_steps():
    """Lemma 22 entry by entry (Kairouz–Oh–Viswanath, Section 7.2), as kernel steps. Only if: in the column y, with
    θ_y = Q(y|x_{i0}) its least entry, S_iy = Q(y|x_i)/θ_y lies in [1, e^ε] when θ_y > 0 (the ε-LDP bound at the
    singleton {y} between x_i and x_{i0}), and when θ_y = 0 the column is zero (Claim 1), so S_iy = 1 gives
    Q(y|x_i) = S_iy θ_y. If: with Q(y|x) = S_xy θ_y, S ∈ [1, e^ε], θ ≥ 0, every event B = {y_1, …, y_m} has
    Q(B|x_i) = Σ_j S_{i,y_j} θ_{y_j} ≤ e^ε Σ_j S_{i2,y_j} θ_{y_j} = e^ε Q(B|x_{i2})."""
    q, i, i0, i2, y, j = CHANNEL, ROW, ROW0, ROW2, OUT, J
    th, S, lab = _THETA, sympy.IndexedBase("S"), LABEL
    x = sympy.exp(_ε)
    # Q(y|x_i) = S_iy θ_y for some S_iy ∈ [1, e^ε] is, for θ_y ≥ 0: θ_y > 0 and θ_y ≤ Q(y|x_i) ≤ e^ε θ_y (S_iy =
    # Q(y|x_i)/θ_y), or θ_y = 0 = Q(y|x_i) (S_iy = 1); the ε-LDP bound between x_i and x_{i0} is the if-part
    factor = sympy.Or(q[i, y] > x * q[i0, y], sympy.And(th[y] > 0, th[y] <= q[i, y], q[i, y] <= x * th[y]),
                      sympy.And(sympy.Eq(th[y], 0), sympy.Eq(q[i, y], 0)))
    only_if = kernel.decide(kernel.goal(factor, _least_entry()),
                            kernel.lemma("extremal-ldp:claim-1", zero_column_goal()),
                            detail="θ_y > 0: S_iy = Q(y|x_i)/θ_y ∈ [1, e^ε]; θ_y = 0: the column is zero (Claim 1), S_iy = 1")
    private = event_bound(S[i, lab[j]] * th[lab[j]], S[i2, lab[j]] * th[lab[j]], _factored_box(),
                          "Q = SΘ with S ∈ [1, e^ε], θ ≥ 0 is ε-LDP: Q(B|x) ≤ e^ε Q(B|x') for every event B")
    every, bound = kernel.fact(private).goal.hypotheses[1], kernel.fact(private).goal.conclusion
    # "if S ∈ [1, e^ε] and θ ≥ 0 on B then …" as a disjunction (the kernel's formulas have no Implies)
    if_ = kernel.decide(kernel.goal(sympy.Or(sympy.Not(every), bound), [M >= 0]), private,
                        detail="S ∈ [1, e^ε], θ ≥ 0 at the outputs of B give the ε-LDP bound at B")
    return combine(only_if, if_, detail="Lemma 22: only if (θ_y > 0 or θ_y = 0) and if")



def _factored_box():
    """S ∈ [1, e^ε] and θ ≥ 0 at the j-th output y_j of an event, for the inputs x_i, x_{i2}."""
    i, i2, j = ROW, ROW2, J
    S, th, lab = sympy.IndexedBase("S"), _THETA, LABEL
    x = sympy.exp(_ε)
    return sympy.And(S[i, lab[j]] >= 1, S[i, lab[j]] <= x, S[i2, lab[j]] >= 1, S[i2, lab[j]] <= x, th[lab[j]] >= 0)


#: "any k × ℓ stochastic matrix Q = SΘ" with S_ij ∈ [1, e^ε] and θ ≥ 0 (the sentence's subject), stated at the outputs
#: y_1, …, y_m of any event B (m ≥ 0) and any two inputs x_i, x_{i2}
_LEMMA_22_IF_DOMAIN = [AnyChannel("Q", k="k", l="l"), _ε >= 0, Integer("i"), Integer("i_2"), Integer("m", 0),
                       kernel.Every(_factored_box(), (J, 1, M))]


@claim(PAPER, "Lemma 22 (if)", "any stochastic Q = SΘ with S ∈ [1, e^ε]^{k×ℓ} and Θ = diag(θ) ≥ 0 is ε-LDP: "
       "Q(B|x) ≤ e^ε Q(B|x') for every event B and inputs x, x'",
       domain=_LEMMA_22_IF_DOMAIN, stated_domain="any k × ℓ stochastic Q = SΘ, S_ij ∈ [1, e^ε], Θ diagonal ≥ 0, every "
       "event B = {y_1, …, y_m}, any inputs", stated_where="Section 7.2, after the proof of Claim 1",
       quote=(
              r"It is easy to check that any k×𝑘k\times\ell stochastic matrix Q=SΘ𝑄𝑆ΘQ=S\Theta, where ΘΘ\Theta is a "
              r"diagonal matrix with non-negative entries and S𝑆S is a k×𝑘k\times\ell matrix with "
              r"Sij[1,eε]subscript𝑆𝑖𝑗1superscript𝑒𝜀S_{ij}\in[1,e^{\varepsilon}], satisfies the local differential "
              r"privacy constraints. Thus, Q𝒟ε,𝑄subscript𝒟𝜀Q\in\mathcal{D}_{\varepsilon,\ell}. On the other hand, "
              r"assume that Q𝒟ε,𝑄subscript𝒟𝜀Q\in\mathcal{D}_{\varepsilon,\ell}. If Qij=0subscript𝑄𝑖𝑗0Q_{ij}=0 for some "
              r"j𝑗j then by Claim 1 we have that Qij=0subscript𝑄𝑖𝑗0Q_{ij}=0 for all i𝑖i and therefore, we can set "
              r"θj=0subscript𝜃𝑗0\theta_{j}=0 and Sij=1subscript𝑆𝑖𝑗1S_{ij}=1 for all i𝑖i. If Qij>0subscript𝑄𝑖𝑗0Q_{ij}>0 "
              r"then by Claim 1 we have that Qij>0subscript𝑄𝑖𝑗0Q_{ij}>0 for all i𝑖i. In this case, let "
              r"θj=miniQijsubscript𝜃𝑗subscript𝑖subscript𝑄𝑖𝑗\theta_{j}=\min_{i}Q_{ij} and observe that "
              r"θj>0subscript𝜃𝑗0\theta_{j}>0 since Qij>0subscript𝑄𝑖𝑗0Q_{ij}>0 for all i𝑖i. Let "
              r"Sij=Qij/θisubscript𝑆𝑖𝑗subscript𝑄𝑖𝑗subscript𝜃𝑖S_{ij}=Q_{ij}/\theta_{i}, then it is clear (from the "
              r"definition of θisubscript𝜃𝑖\theta_{i}) that Sij1subscript𝑆𝑖𝑗1S_{ij}\geq 1. On the other hand, from the "
              r"differential privacy constraints, we have that QijQkjeε for all ksubscript𝑄𝑖𝑗subscript𝑄𝑘𝑗superscript𝑒𝜀 "
              r"for all 𝑘Q_{ij}\leq Q_{kj}e^{\varepsilon}\mbox{ for all }k and thus, "
              r"QijminkQkjeεsubscript𝑄𝑖𝑗subscript𝑘subscript𝑄𝑘𝑗superscript𝑒𝜀Q_{ij}\leq\min_{k}Q_{kj}e^{\varepsilon} "
              r"which proves that "
              r"Sij=Qij/minkQkjeεsubscript𝑆𝑖𝑗subscript𝑄𝑖𝑗subscript𝑘subscript𝑄𝑘𝑗superscript𝑒𝜀S_{ij}=Q_{ij}/\min_{k}Q_{kj}\leq "
              r"e^{\varepsilon}. This establishes that any Q𝒟ε,𝑄subscript𝒟𝜀Q\in\mathcal{D}_{\varepsilon,\ell} can be "
              r"written as Q=SΘ𝑄𝑆ΘQ=S\Theta, where ΘΘ\Theta is a diagonal matrix with non-negative entries and S𝑆S is a "
              r"k×𝑘k\times\ell matrix with Sij[1,eε]subscript𝑆𝑖𝑗1superscript𝑒𝜀S_{ij}\in[1,e^{\varepsilon}]."))
def lemma_22_if():
    """By induction on the number m of outputs of the event (Kairouz–Oh–Viswanath, Section 7.2): each output adds
    S_{i,y}θ_y ≤ e^ε θ_y ≤ e^ε S_{i2,y}θ_y."""
    i, i2, j = ROW, ROW2, J
    S, th, lab = sympy.IndexedBase("S"), _THETA, LABEL
    bound = event_bound(S[i, lab[j]] * th[lab[j]], S[i2, lab[j]] * th[lab[j]], _factored_box(),
                        "Q = SΘ with S ∈ [1, e^ε], θ ≥ 0: Q(B|x_i) ≤ e^ε Q(B|x_{i2}) for every event B")
    r, e = rng(22), Q(3)
    flags = []
    for _ in range(20):
        Sm = [[1 + (e - 1) * Q(r.randint(0, 6), 6) for _ in range(3)] for _ in range(3)]
        th_ = [Q(r.randint(0, 5), 5) for _ in range(3)]
        Qm = [[Sm[a][b] * th_[b] for b in range(3)] for a in range(3)]
        flags += [sum(Qm[a][b] for b in B) <= e * sum(Qm[c][b] for b in B)
                  for a in range(3) for c in range(3) for B in ([0], [1, 2], [0, 1, 2], [0, 2])]
    return establish(bound, holds(flags, "random S ∈ [1, 3]^{3×3}, θ ≥ 0 (e^ε = 3): every event bound, exactly"),
                     domain=_LEMMA_22_IF_DOMAIN)


@claim(PAPER, "Lemma 22 (proof)", "the proof's construction S_ij = Q_ij/θ_i should read S_ij = Q_ij/θ_j",
       stated_domain="the proof's construction of S and Θ", stated_where='Section 7.2, proof of Lemma 22',
       quote=(r"If Qij>0subscript𝑄𝑖𝑗0Q_{ij}>0 then by Claim 1 we have that Qij>0subscript𝑄𝑖𝑗0Q_{ij}>0 for all i𝑖i. "
              r"In this case, let θj=miniQijsubscript𝜃𝑗subscript𝑖subscript𝑄𝑖𝑗\theta_{j}=\min_{i}Q_{ij} and observe "
              r"that θj>0subscript𝜃𝑗0\theta_{j}>0 since Qij>0subscript𝑄𝑖𝑗0Q_{ij}>0 for all i𝑖i. Let "
              r"Sij=Qij/θisubscript𝑆𝑖𝑗subscript𝑄𝑖𝑗subscript𝜃𝑖S_{ij}=Q_{ij}/\theta_{i}, then it is clear (from the "
              r"definition of θisubscript𝜃𝑖\theta_{i}) that Sij1subscript𝑆𝑖𝑗1S_{ij}\geq 1. On the other hand, from "
              r"the differential privacy constraints, we have that QijQkjeε for all "
              r"ksubscript𝑄𝑖𝑗subscript𝑄𝑘𝑗superscript𝑒𝜀 for all 𝑘Q_{ij}\leq Q_{kj}e^{\varepsilon}\mbox{ for all }k "
              r"and thus, "
              r"QijminkQkjeεsubscript𝑄𝑖𝑗subscript𝑘subscript𝑄𝑘𝑗superscript𝑒𝜀Q_{ij}\leq\min_{k}Q_{kj}e^{\varepsilon} "
              r"which proves that"))
def lemma_22_proof():
    Qm = [[Q(1, 2), Q(1, 3), Q(1, 6)], [Q(1, 3), Q(1, 2), Q(1, 6)]]
    theta = [min(row[y] for row in Qm) for y in range(3)]
    printed = [[Qm[i][y] / theta[i] for y in range(3)] for i in range(2)]
    printed_ok = all(printed[i][y] * theta[y] == Qm[i][y] for i in range(2) for y in range(3))
    fixed = [[Qm[i][y] / theta[y] for y in range(3)] for i in range(2)]
    corrected = exact_agreement([fixed[i][y] * theta[y] for i in range(2) for y in range(3)],
                                [v for row in Qm for v in row], "S_ij = Q_ij/θ_j reproduces Q = SΘ")
    return establish(erratum(printed_ok, {"Q": str(Qm), "theta": str(theta), "printed S": str(printed)}, corrected,
                             "with θ_i (row index) SΘ ≠ Q", corrected_statement="S_ij = Q_ij/θ_j", kind="typo"),
                     domain="one 2×3 witness")


def _max_over_vertices(u, l):
    best = None
    for Qm in _verts(l):
        v = _u_exact(u, Qm)
        if best is None or sign(v - best) > 0:
            best = v
    return best


_THEOREM_2_DOMAIN = [Sublinear("mu"), ProbabilityVector("P", "k"), _ε >= 0]


@claim(PAPER, "Theorem 2", "for every sublinear μ there is an optimal mechanism with |Y| ≤ |X| whose columns are "
       "staircase (ratios in {1, e^ε})",
       domain=_THEOREM_2_DOMAIN, stated_domain='“any sublinear utility” μ, any P, ε ≥ 0', stated_where='Section 2.1, Theorem 2',
       quote=(r"Theorem 2 For any sublinear function μ𝜇\mu and any ε0𝜀0\varepsilon\geq 0, there exists an optimal "
              r"mechanism Qsuperscript𝑄Q^{*} maximizing the utility in (8) over all ε𝜀\varepsilon-locally "
              r"differentially private mechanisms, such that • (a)𝑎(a) the output alphabet size is at most the input "
              r"alphabet size, i.e. |𝒴||𝒳|𝒴𝒳|{\cal Y}|\leq|{\cal X}|; and • (b)𝑏(b) for all y𝒴𝑦𝒴y\in{\cal Y}, and "
              r"x,x𝒳𝑥superscript𝑥𝒳x,x^{\prime}\in{\cal X} "
              r"|lnQ(y|x)Q(y|x)|{0,ε}.superscript𝑄conditional𝑦𝑥superscript𝑄conditional𝑦superscript𝑥0𝜀\displaystyle\Big{|}\ln\frac{Q^{*}(y|x)}{Q^{*}(y|x^{\prime})}\Big{|}\in\{0,\varepsilon\}\;. "
              r"(9)"))
def theorem_2():
    flags = []
    for l in (2, 3, 4):
        for Qm in _verts(l):
            cols = [c for c in _columns(Qm) if any(c)]
            flags.append(len(cols) <= 2 and all(_is_staircase(c, 2) for c in cols))
    stmt = holds(flags, "every vertex of D_{ε,ℓ} (k = 2, e^ε = 2, ℓ ≤ 4) has ≤ k nonzero columns, all staircase; "
                 "a convex U attains its maximum at a vertex")
    checks = []
    for p0, p1, eps in ((A0, A1, log(3)), (B0, B1, log(Q(3, 2))), (A0, A1, 1)):
        res = optimal_mechanism(eps, utility.kl(p0, p1))
        e = sympy.exp(eps)
        ch = res.channel
        checks.append(ch.n_outputs <= 4 and all(
            sign(max(c) / min(c) - 1) == 0 or sign(max(c) / min(c) - e) == 0 for c in _columns(ch.rows)))
    cross = holds(checks, "the certified LP optima (examples A, B; e^ε rational and ε = 1) have ≤ k staircase columns")
    return establish(_staircase_steps(), stmt, cross, domain=_THEOREM_2_DOMAIN,
                     uses=["extremal-ldp:theorem-4", "extremal-ldp:theorem-21", "extremal-ldp:definition-1",
                           cited("Bertsimas–Tsitsiklis", "Introduction to Linear Optimization, Theorem 2.7 (a linear "
                                 "program over a polyhedron with an extreme point and an optimum has an optimal extreme "
                                 "point)")],
                     prose_steps=[_STAIRCASE_PROSE,
                                  "the LP (11) has k equality constraints, so an optimal extreme point θ* has ≤ k nonzero "
                                  "entries; Q = S^(k) diag(θ*) without its zero columns is optimal (Theorem 4) with "
                                  "≤ k staircase columns"])


_THEOREM_4_DOMAIN = [Sublinear("mu"), _ε >= 0]


@claim(PAPER, "Theorem 4", "max_{Q ∈ D_ε} Σ_y μ(Q_y) equals the LP (11) max μᵀθ s.t. S^(k)θ = 1, θ ≥ 0",
       domain=_THEOREM_4_DOMAIN, stated_domain='sublinear μ, ε ≥ 0, the LP (11) over θ ∈ R^{2^k}₊', stated_where='Section 2.2, Theorem 4',
       quote=(r"Theorem 4 For any sublinear function μ𝜇\mu and any ε0𝜀0\varepsilon\geq 0, the nonlinear program of "
              r"(8) and the following linear program have the same optimal value "
              r"maximizeθ2k𝜃superscriptsuperscript2𝑘maximize\displaystyle\underset{\theta\in{\mathbb{R}}^{2^{k}}}{\text{maximize}} "
              r"j=12kμ(Sj(k))θj=μTθsuperscriptsubscript𝑗1superscript2𝑘𝜇subscriptsuperscript𝑆𝑘𝑗subscript𝜃𝑗superscript𝜇𝑇𝜃\displaystyle\sum_{j=1}^{2^{k}}\mu(S^{(k)}_{j})\theta_{j}=\mu^{T}\theta "
              r"(11) subject to S(k)θ=1superscript𝑆𝑘𝜃1\displaystyle S^{(k)}\theta\,=\,\textrm{{1}}\; "
              r"θ0,𝜃0\displaystyle\theta\geq 0\;, and the optimal solutions are related by (10)."))
def theorem_4():
    p0, p1 = [Q(1, 5), Q(4, 5)], [Q(3, 5), Q(2, 5)]
    pieces = []
    for u in (utility.kl(p0, p1), utility.mutual_information([Q(1, 3), Q(2, 3)])):
        lp_value = optimal_mechanism(log(2), u).value
        pieces.append(exact_agreement([lognorm(_max_over_vertices(u, l)) for l in (3, 4)],
                                      [lognorm(lp_value)] * 2, f"{u.name}: max over all vertices of D_(ε,3), D_(ε,4) "
                                      "(k = 2, e^ε = 2, exact) equals the LP (11) optimum"))
    stmt = combine(*pieces)
    # brute-force vertex enumeration of LP (11) itself, k = 3 and 4, mpmath
    cross = []
    for p0, p1, e in (([Q(1, 2), Q(1, 3), Q(1, 6)], [Q(1, 5), Q(2, 5), Q(2, 5)], Q(5, 2)), (A0, A1, Q(3))):
        ref = vertex_optimum(mp_kl_column(p0, p1), len(p0), e, 40)
        cross.append(certified_agreement(optimal_mechanism(log(e), utility.kl(p0, p1)).value,
                                         sympy.Float(mpmath.nstr(ref, 35), 35), 25,
                                         f"KL, k = {len(p0)}, e^ε = {e}: LP value vs vertex enumeration of (11)"))
    # catalog values (15 digits), including irrational e^ε
    table = [(A0, A1, Q(1, 10), "0.000798774890487561"), (A0, A1, 1, "0.0691313998461468"),
             (A0, A1, 3, "0.297456868969766"), (B0, B1, 2, "0.378734746381089"), (B0, B1, 3, "0.637404390098431")]
    for p0, p1, eps, ref in table:
        cross.append(certified_agreement(optimal_mechanism(eps, utility.kl(p0, p1)).value, catalog(ref), 13,
                                         f"KL optimum at ε = {eps} (catalog §5)"))
    for eps, ref in ((Q(1, 100), "1.24998437517361e-5"), (Q(1, 2), "0.0305715527751194"), (2, "0.429363219341536")):
        cross.append(certified_agreement(optimal_mechanism(eps, utility.mutual_information(C)).value,
                                         catalog(ref), 13, f"MI optimum, example C, ε = {eps} (catalog §5)"))
    # random non-staircase ε-LDP mechanisms with ℓ = 2k outputs never beat the LP (k = 3)
    r = rng(44)
    p0, p1 = random_law(r, 3), random_law(r, 3)
    e = Q(2)
    opt = mp_value(optimal_mechanism(log(e), utility.kl(p0, p1)).value)
    mu = mp_kl_column(p0, p1)
    flags = []
    for _ in range(40):
        cols = [[Q(1, 1) + (e - 1) * Q(r.randint(0, 8), 8) for _ in range(3)] for _ in range(6)]
        w = [Q(r.randint(1, 9), 9) for _ in range(6)]
        rows = [sum(c[i] * t for c, t in zip(cols, w)) for i in range(3)]
        # a feasible mix: top every row up to the total s with a last column and scale by 1/s;
        # s ≥ (e·max − min)/(e − 1) keeps that column's ratios within [1, e], the margin max keeps it
        # positive (s = max row sum left a zero in it, and every mechanism was discarded: 0 cases)
        s = (e * max(rows) - min(rows)) / (e - 1) + max(rows)
        extra = [(s - rs) for rs in rows]
        Qm = [[c[i] * t / s for c, t in zip(cols, w)] + [extra[i] / s] for i in range(3)]
        val = mpmath.fsum(mu([row[y] for row in Qm]) for y in range(7) if all(row[y] > 0 for row in Qm))
        flags.append(val <= opt + mpmath.mpf(10) ** -30)
    cross.append(holds(flags, "random ε-LDP mechanisms with ℓ = 7 > k outputs never exceed the LP value (k = 3)"))
    return establish(_staircase_steps(), stmt, *cross,
                     domain=_THEOREM_4_DOMAIN,
                     uses=["extremal-ldp:lemma-22", "extremal-ldp:theorem-21", "extremal-ldp:definition-1"],
                     prose_steps=[_STAIRCASE_PROSE,
                                  "U is convex (41) and satisfies Assumption 1 (μ(0) = 0), so an optimum Q* has ℓ ≤ k "
                                  "columns (Theorem 21); with Q*_j = θ_j S_j (Lemma 22), θ̃_i = Σ_j λ_ij θ_j is feasible "
                                  "for (11) and U(Q̃) ≥ U(Q*) by (42): (11) ≥ max U",
                                  "conversely a feasible θ of (11) gives Q = S^(k) diag(θ), ε-LDP by Lemma 22: (11) ≤ "
                                  "max U"])


#: The convex-combination step shared by Theorems 2 and 4 (Kairouz–Oh–Viswanath, eq. 42).
_STAIRCASE_PROSE = ("a column S ∈ [1, e^ε]^k is Σ_i λ_i S_i^(k) with product weights λ_i = Π_x w_x or 1 − w_x (the "
                    "one-coordinate split, taken independently per input), and sublinearity gives "
                    "μ(θS) ≤ Σ_i θλ_i μ(S_i^(k)) (42); S^(k)θ̃ = Σ_j θ_j S_j = Q1 = 1 keeps (11) feasible; at ε = 0 the cube "
                    "is the single pattern 1")


def _staircase_steps():
    """One coordinate of a column S ∈ [1, e^ε]^k as a convex combination of its two staircase values:
    s = w·e^ε + (1 − w)·1 with w = (s − 1)/(e^ε − 1) ∈ [0, 1] (Kairouz–Oh–Viswanath, proof of Theorems 2 and 4)."""
    s_, x = sympy.symbols("s x", real=True)
    w = (s_ - 1) / (x - 1)
    split = identity([w * x + (1 - w) * 1], [s_], "s = w e^ε + (1 − w), w = (s − 1)/(e^ε − 1)")
    inside = combine(real_closed(w, [s_, x], [s_ >= 1, s_ <= x, x > 1], "w ≥ 0 for s ∈ [1, e^ε]"),
                     real_closed(1 - w, [s_, x], [s_ >= 1, s_ <= x, x > 1], "w ≤ 1 for s ∈ [1, e^ε]"))
    return grouped("a column in [1, e^ε]^k is a convex combination of staircase patterns", split, inside)


#: a convex utility U with Assumption 1, on the mechanisms with k inputs (ε ≥ 0: D_ε)
_THEOREM_21_DOMAIN = [ConvexUtility("U"), _ε >= 0, Integer("k", 1)]


@claim(PAPER, "Theorem 21", "for convex U with Assumption 1, the maximum over D_ε is attained with at most k outputs",
       domain=_THEOREM_21_DOMAIN, stated_domain='“convex” U satisfying Assumption 1', stated_where='Section 7.1, Theorem 21',
       quote=(r"Theorem 21 If U(Q)𝑈𝑄U\left(Q\right) is a convex utility function that satisfies Assumption 1, then "
              r"the following holds "
              r"maxQ𝒟εU(Q)=maxQ=1k𝒟ε,U(Q).subscript𝑄subscript𝒟𝜀𝑈𝑄subscript𝑄superscriptsubscript1𝑘subscript𝒟𝜀𝑈𝑄\max_{Q\in\mathcal{D}_{\varepsilon}}U\left(Q\right)=\max_{Q\in\cup_{\ell=1}^{k}\mathcal{D}_{\varepsilon,\ell}}U\left(Q\right). "
              r"(40)"))
def theorem_21():
    p0, p1 = [Q(1, 5), Q(4, 5)], [Q(3, 5), Q(2, 5)]
    pieces = []
    for u in (utility.kl(p0, p1), utility.tv(p0, p1), utility.mutual_information([Q(1, 3), Q(2, 3)])):
        small = _max_over_vertices(u, 2)
        pieces.append(exact_agreement([lognorm(_max_over_vertices(u, l)) for l in (3, 4)], [lognorm(small)] * 2,
                                      f"{u.name}: max over D_(ε,3), D_(ε,4) equals max over D_(ε,2) (k = 2, e^ε = 2)"))
    # Assumption 1: an all-zero column adds μ(0) = 0
    u = utility.kl(p0, p1)
    ch = Channel([[Q(2, 3), Q(1, 3)], [Q(1, 3), Q(2, 3)]])
    padded = Channel([[Q(2, 3), Q(1, 3), 0], [Q(1, 3), Q(2, 3), 0]])
    cross = exact_agreement(u(padded), u(ch), "Assumption 1: a zero column leaves U unchanged")
    u0, u1, u2, lam, M = sympy.symbols("u u_1 u_2 lambda M", real=True)   # values of U (not the utility itself)
    vertex = real_closed(M - u0, [u0, u1, u2, lam, M],
                         [u0 <= lam * u1 + (1 - lam) * u2, lam >= 0, lam <= 1, u1 <= M, u2 <= M],
                         "U convex: U(λQ1 + (1−λ)Q2) ≤ λU(Q1) + (1−λ)U(Q2) ≤ max(U(Q1), U(Q2))")
    return establish(vertex, combine(*pieces), cross, domain=_THEOREM_21_DOMAIN,
                     uses=["extremal-ldp:lemma-23",
                           cited("Bertsimas–Tsitsiklis", "Introduction to Linear Optimization, Theorem 2.9 (a nonempty "
                                 "bounded polyhedron is the convex hull of its extreme points)")],
                     prose_steps=["by induction on the number of points, a convex U on the convex hull of the corners of "
                                  "D_{ε,ℓ} is at most its largest value at a corner",
                                  "for ℓ > k a corner has ≤ k nonzero columns (Lemma 23); deleting its zero columns keeps U "
                                  "(Assumption 1) and gives a mechanism in D_{ε,ℓ'}, ℓ' ≤ k; so sup over ℓ ∈ N is the max "
                                  "over ℓ ≤ k (44)"])


_PROPOSITION_17_DOMAIN = [Sublinear("mu"), AnyChannel("W")]


@claim(PAPER, "Proposition 17", "U(Q) = Σ_y μ(Q_y) with μ sublinear obeys the data-processing inequality U(QW) ≤ U(Q)",
       domain=_PROPOSITION_17_DOMAIN, stated_domain='U(Q) = Σ_y μ(Q_y), μ sublinear, any row-stochastic W', stated_where='Section 5 and Section 10, Proposition 17',
       quote=(r"Proposition 17 Any utility function that can be written in the form of "
              r"U(Q)=𝒴μ(Qy)𝑈𝑄subscript𝒴𝜇subscript𝑄𝑦U\left(Q\right)=\sum_{{\cal Y}}\mu(Q_{y}), where μ𝜇\mu is any "
              r"sublinear function, obeys the data processing inequality."))
def proposition_17():
    r = rng(17)
    flags = []
    for _ in range(6):
        p0, p1 = random_law(r, 3), random_law(r, 3)
        Qm = Channel([random_law(r, 3, 9) for _ in range(3)])
        W = Channel([random_law(r, 4, 9) for _ in range(3)])
        QW = Qm.compose(W)
        for u in (utility.kl(p0, p1), utility.tv(p0, p1), utility.mutual_information(p0), utility.chi2(p0, p1)):
            flags.append(sign(u(Qm) - u(QW)) >= 0)
    # U(QW) = Σ_z μ(Σ_y W(y,z)Q_y) ≤ Σ_z Σ_y W(y,z)μ(Q_y) = Σ_y μ(Q_y) Σ_z W(y,z) = Σ_y μ(Q_y) (Section 10): the
    # exchange of the finite sums and the row sums of W as kernel steps (μ_y = μ(Q_y), a number per output y)
    y, z, l, m = sympy.symbols("y z l m", integer=True)
    W, mu = sympy.IndexedBase("W"), sympy.IndexedBase("mu")
    swap = kernel.swap(sympy.Sum(W[y, z] * mu[y], (y, 1, l), (z, 1, m)),
                       detail="Σ_z Σ_y W(y,z)μ(Q_y) = Σ_y Σ_z W(y,z)μ(Q_y) (finite sums)")
    row = sympy.Sum(W[y, z] * mu[y], (z, 1, m))
    stochastic = kernel.decide(kernel.goal(sympy.Eq(row, mu[y]), [m >= 1, sympy.Eq(sympy.Sum(W[y, z], (z, 1, m)), 1)]),
                               kernel.linear(row), detail="Σ_z W(y,z)μ(Q_y) = μ(Q_y)Σ_z W(y,z) = μ(Q_y), W row-stochastic")
    stmt = combine(swap, stochastic, detail="the last two equalities of (140)")
    return establish(stmt, holds(flags, "random 3×3 Q, 3×4 row-stochastic W; KL, TV, χ², MI (exact signs)"),
                     domain=_PROPOSITION_17_DOMAIN,
                     prose_steps=["sublinearity with W(y,z) ≥ 0: μ(Σ_y W(y,z)Q_y) ≤ Σ_y μ(W(y,z)Q_y) = Σ_y W(y,z)μ(Q_y) "
                                  "(subadditivity, by induction on the number of terms, then homogeneity; μ(0) = 0 "
                                  "for the W(y,z) = 0 terms)"])


#: P0, P1 as sequences on k symbols (Σ_i P_ν(x_i) = 1) and T as its indicator τ (τ_i ∈ {0, 1}): what the goals quantify
_EQ_57_DOMAIN = [Laws("P0", "P1", k="k"), _ε >= 0, is_law(LAW0), is_law(LAW1), is_set()]


@claim(PAPER, "Eq. (57)", "binary marginals M_ν(0) = ((e^ε−1)P_ν(T)+1)/(e^ε+1), M_ν(1) = ((e^ε−1)P_ν(Tᶜ)+1)/(e^ε+1)",
       domain=_EQ_57_DOMAIN, stated_domain='the binary mechanism (18) with set T, ν ∈ {0, 1}', stated_where='Section 8.1, eq. (57)',
       quote=(r"We start by showing that the binary mechanism achieves the upper and lower bounds presented in the "
              r"statement of the lemma. Let M0Bsuperscriptsubscript𝑀0𝐵M_{0}^{B} and "
              r"M1Bsuperscriptsubscript𝑀1𝐵M_{1}^{B} denote the induced marginals under the binary mechanism given in "
              r"(55). For ν{0,1}𝜈01\nu\in\{0,1\}, we have that MνB(0)subscriptsuperscript𝑀𝐵𝜈0\displaystyle "
              r"M^{B}_{\nu}\left(0\right) =\displaystyle= "
              r"x𝒳P0(x)Q(0|x)=1eε+1((eε1)Pν(T)+1)subscript𝑥𝒳subscript𝑃0𝑥𝑄conditional0𝑥1superscript𝑒𝜀1superscript𝑒𝜀1subscript𝑃𝜈𝑇1\displaystyle\sum_{x\in\mathcal{X}}P_{0}\left(x\right)Q(0|x)=\frac{1}{e^{\varepsilon}+1}\left(\left(e^{\varepsilon}-1\right)P_{\nu}\left(T\right)+1\right) "
              r"MνB(1)subscriptsuperscript𝑀𝐵𝜈1\displaystyle M^{B}_{\nu}\left(1\right) =\displaystyle= "
              r"x𝒳P0(x)Q(1|x)=1eε+1((eε1)Pν(Tc)+1).subscript𝑥𝒳subscript𝑃0𝑥𝑄conditional1𝑥1superscript𝑒𝜀1superscript𝑒𝜀1subscript𝑃𝜈superscript𝑇𝑐1\displaystyle\sum_{x\in\mathcal{X}}P_{0}\left(x\right)Q(1|x)=\frac{1}{e^{\varepsilon}+1}\left(\left(e^{\varepsilon}-1\right)P_{\nu}\left(T^{c}\right)+1\right). "
              r"(57)"))
def eq_57():
    """(57) for every k and T, as kernel steps: the binary mechanism sends x to 0 with probability
    (1 + (e^ε − 1)τ_x)/(e^ε + 1) (e^ε/(e^ε + 1) on T, 1/(e^ε + 1) off it, τ the indicator of T) and to 1 with the rest,
    so M_ν(0) = Σ_x P_ν(x)Q(0|x) splits by linearity into (Σ P_ν + (e^ε − 1)P_ν(T))/(e^ε + 1), Σ P_ν = 1."""
    i = INPUT
    steps = []
    for law in (LAW0, LAW1):
        sums = [total(law[i] * f) for f in (*binary_rows(), 1 - TAU[i])]
        steps.append(kernel.decide(binary_marginal_goal(law), *[kernel.linear(t) for t in sums],
                                   detail=f"M_{law.name[-1]}(0) and M_{law.name[-1]}(1): the sums over the inputs split by "
                                          "linearity"))
    return establish(combine(*steps, detail="(57) for ν = 0, 1"), domain=_EQ_57_DOMAIN)


def _pattern_masses():
    """P_ν(T_j) ≥ 0 (a probability) and P_νᵀS_j > 0 for the pattern S_j (e^ε on T_j, 1 off it): where μ_j of (12) and
    the right side of (83) are defined. Both always hold (P_νᵀS_j ≥ Σ P_ν = 1); they are listed because the check that
    a goal covers its domain reads a sum as an opaque term and cannot derive its sign."""
    i = INPUT
    return [*[total(law[i] * TAU[i]) >= 0 for law in (LAW0, LAW1)],
            *[total(law[i] * pattern_entry(TAU[i])) > 0 for law in (LAW0, LAW1)]]


#: e^ε ≥ 1 restates ε ≥ 0 (the goal reads e^ε as a term of its own)
_EQ_83_DOMAIN = [Laws("P0", "P1", k="k"), _ε >= 0, sympy.exp(_ε) >= 1, is_law(LAW0), is_law(LAW1), is_set(),
                 *_pattern_masses()]


@claim(PAPER, "Eq. (83)", "KL pattern value μ_j = (aP0(T_j)+1) log[(aP0(T_j)+1)/(aP1(T_j)+1)], a = e^ε − 1",
       domain=_EQ_83_DOMAIN, stated_domain='a pattern column S_j with ones on T_j, a = e^ε − 1', stated_where='Section 8.4, eq. (83)',
       quote=(r"Observe that since Tji=xisubscript𝑇subscript𝑗𝑖subscript𝑥𝑖T_{j_{i}}=x_{i} we have that "
              r"Pν(Tji)=Pν(xi)subscript𝑃𝜈subscript𝑇subscript𝑗𝑖subscript𝑃𝜈subscript𝑥𝑖P_{\nu}\left(T_{j_{i}}\right)=P_{\nu}\left(x_{i}\right) "
              r"and since μjsubscript𝜇𝑗\displaystyle\mu_{j} =\displaystyle= "
              r"i[k]P0(xi)Sij(k)log(i[k]P0(xi)Sij(k)i[k]P1(xi)Sij(k))subscript𝑖delimited-[]𝑘subscript𝑃0subscript𝑥𝑖subscriptsuperscript𝑆𝑘𝑖𝑗subscript𝑖delimited-[]𝑘subscript𝑃0subscript𝑥𝑖subscriptsuperscript𝑆𝑘𝑖𝑗subscript𝑖delimited-[]𝑘subscript𝑃1subscript𝑥𝑖subscriptsuperscript𝑆𝑘𝑖𝑗\displaystyle\sum_{i\in[k]}P_{0}(x_{i})S^{(k)}_{ij}\log\left(\frac{\sum_{i\in[k]}P_{0}(x_{i})S^{(k)}_{ij}}{\sum_{i\in[k]}P_{1}(x_{i})S^{(k)}_{ij}}\right) "
              r"(83) =\displaystyle= "
              r"(P0(Tj)(eε1)+1)log(P0(Tj)(eε1)+1)(P1(Tj)(eε1)+1)subscript𝑃0subscript𝑇𝑗superscript𝑒𝜀11subscript𝑃0subscript𝑇𝑗superscript𝑒𝜀11subscript𝑃1subscript𝑇𝑗superscript𝑒𝜀11\displaystyle\left(P_{0}\left(T_{j}\right)\left(e^{\varepsilon}-1\right)+1\right)\log\frac{\left(P_{0}\left(T_{j}\right)\left(e^{\varepsilon}-1\right)+1\right)}{\left(P_{1}\left(T_{j}\right)\left(e^{\varepsilon}-1\right)+1\right)}"))
def eq_83():
    lib = [lognorm(utility.kl(A0, A1).pattern(log(3), m)) for m in range(16)]
    ref = [lognorm(kl_mu(A0, A1, [i for i in range(4) if m >> (3 - i) & 1], 3)) for m in range(16)]
    return establish(_pattern_kl_value(), exact_agreement(lib, ref, "library pattern values vs eq. (83), example A, e^ε = 3"),
                     domain=_EQ_83_DOMAIN)


def _pattern_kl_value():
    """(83) for every k and pattern, as kernel steps: the pattern S_j is e^ε on T_j and 1 off it (S_ij = 1 + (e^ε − 1)τ_i,
    τ the indicator of T_j), so P_νᵀS_j = Σ P_ν + (e^ε − 1)Σ P_ν τ = (e^ε − 1)P_ν(T_j) + 1 by linearity, and μ_j =
    (P0ᵀS_j) log(P0ᵀS_j / P1ᵀS_j) (the KL column (12)) is the right side of (83)."""
    i, a = INPUT, sympy.exp(_ε) - 1
    s_i = pattern_entry(TAU[i])
    m0, m1 = total(LAW0[i] * s_i), total(LAW1[i] * s_i)
    u0, u1 = (a * total(law[i] * TAU[i]) + 1 for law in (LAW0, LAW1))
    goal = kernel.goal(sympy.Eq(m0 * log(m0 / m1), u0 * log(u0 / u1)), [SIZE >= 1, is_law(LAW0), is_law(LAW1), is_set()])
    return kernel.decide(goal, kernel.linear(m0), kernel.linear(m1),
                         detail="μ_j = (P0ᵀS_j)log(P0ᵀS_j/P1ᵀS_j) with P_νᵀS_j = (e^ε−1)P_ν(T_j) + 1 (linearity of the sums)")


def _mi_pattern():
    """(99)'s pieces for the pattern S_j (S_ij = 1 + (e^ε − 1)τ_i, τ the indicator of T_j): the mass M = PᵀS_j (under its
    own index i_2) and the term P(x_i)S_ij log(S_ij/M) of μ_j."""
    i, i2 = INPUT, sympy.Symbol("i_2", integer=True)
    mass = total(LAW[i2] * pattern_entry(TAU[i2]), i2)
    return mass, LAW[i] * pattern_entry(TAU[i]) * log(pattern_entry(TAU[i]) / mass)


#: μ_j named by its definition (99) (the value the statement is about, defined where PᵀS_j > 0), P(T_j) ≥ 0 (a
#: probability) and PᵀS_j > 0 (always: PᵀS_j ≥ Σ P = 1), e^ε ≥ 1 restating ε ≥ 0: listed because the check that a
#: goal covers its domain reads a sum as an opaque term
_MU_J = sympy.Symbol("mu_j", real=True)
_EQ_113_DOMAIN = [ProbabilityVector("P", "k"), _ε >= 0, sympy.exp(_ε) >= 1, is_law(LAW), is_set(),
                  total(LAW[INPUT] * TAU[INPUT]) >= 0, _mi_pattern()[0] > 0, sympy.Eq(_MU_J, total(_mi_pattern()[1]))]


@claim(PAPER, "Eq. (99) = eq. (113)", "MI pattern value: Σ_x P(x)S_xj log(S_xj/PᵀS_j) = zE ε − (z(E−1)+1)log(z(E−1)+1)",
       domain=_EQ_113_DOMAIN, stated_domain='a pattern column with P-mass z on its e^ε entries, E = e^ε', stated_where='Section 9.1, eqs. (99) and (113)',
       quote=(r"μjsubscript𝜇𝑗\displaystyle\mu_{j} =\displaystyle= "
              r"μ(Sj(k))𝜇subscriptsuperscript𝑆𝑘𝑗\displaystyle\mu\left(S^{(k)}_{j}\right) (113) =\displaystyle= "
              r"i[k]P(xi)Sij(k)log(Sij(k)i[k]P(xi)Sij(k))subscript𝑖delimited-[]𝑘𝑃subscript𝑥𝑖subscriptsuperscript𝑆𝑘𝑖𝑗subscriptsuperscript𝑆𝑘𝑖𝑗subscript𝑖delimited-[]𝑘𝑃subscript𝑥𝑖subscriptsuperscript𝑆𝑘𝑖𝑗\displaystyle\sum_{i\in[k]}P\left(x_{i}\right)S^{(k)}_{ij}\log\left(\frac{S^{(k)}_{ij}}{\sum_{i\in[k]}P\left(x_{i}\right)S^{(k)}_{ij}}\right) "
              r"=\displaystyle= "
              r"P(Tj)eεε(P(Tj)(eε1)+1)log(P(Tj)(eε1)+1),𝑃subscript𝑇𝑗superscript𝑒𝜀𝜀𝑃subscript𝑇𝑗superscript𝑒𝜀11𝑃subscript𝑇𝑗superscript𝑒𝜀11\displaystyle "
              r"P\left(T_{j}\right)e^{\varepsilon}\varepsilon-\left(P\left(T_{j}\right)\left(e^{\varepsilon}-1\right)+1\right)\log\left(P\left(T_{j}\right)\left(e^{\varepsilon}-1\right)+1\right), "
              r"Tj={i:Sij(k)=eε}subscript𝑇𝑗conditional-set𝑖subscriptsuperscript𝑆𝑘𝑖𝑗superscript𝑒𝜀T_{j}=\{i:S^{(k)}_{ij}=e^{\varepsilon}\}, "
              r"and S(k)superscript𝑆𝑘S^{(k)} is the k×2k𝑘superscript2𝑘k\times 2^{k} staircase pattern matrix given "
              r"in Definition 3."))
def eq_99_113():
    lib = [lognorm(utility.mutual_information(C).pattern(log(3), mk)) for mk in range(16)]
    ref = [lognorm(mi_mu(sub(C, [i for i in range(4) if mk >> (3 - i) & 1]), 3)) for mk in range(16)]
    return establish(_pattern_mi_value(), exact_agreement(lib, ref, "library MI pattern values vs eq. (113), example C, e^ε = 3"),
                     domain=_EQ_113_DOMAIN)


def _pattern_mi_value():
    """(99) = (113) for every k and pattern, as kernel steps. With S_ij = 1 + (e^ε − 1)τ_i (e^ε on T_j) and
    M = PᵀS_j > 0: each term P(x_i)S_ij log(S_ij/M) is εe^ε P(x_i)τ_i − log(M)·P(x_i)S_ij (log(e^ε/M) = ε − log M on
    T_j, log(1/M) = −log M off it: log(s/m) = log s − log m at s = e^ε and s = 1); summed over the inputs and split by
    linearity, with M = (e^ε − 1)P(T_j) + 1 and P(T_j) = Σ P τ, that is (113)."""
    i, i2, p, tau, x = INPUT, sympy.Symbol("i_2", integer=True), LAW, TAU, sympy.exp(_ε)
    s_ = lambda n: pattern_entry(tau[n])
    mass, term = _mi_pattern()                                              # M = PᵀS_j, its own index i_2
    positive = mass > 0
    sv, mv = sympy.symbols("s m", positive=True)
    quotient = kernel.fact(identity(log(sv / mv), log(sv) - log(mv), "log(s/m) = log s − log m"))
    at = [kernel.instantiate(quotient, {sv: v, mv: mass}, [positive], detail=f"at s = {v}") for v in (x, 1)]
    bit = sympy.Or(sympy.Eq(tau[i], 0), sympy.Eq(tau[i], 1))
    # log M stands as a plain symbol L while summing: the kernel reads a sum's definedness term by term (an opaque
    # "every term defined"), and the sum of −log(M)·P(x_i)S_ij would need M > 0 at every term
    lm = sympy.Symbol("L", real=True)
    named = sympy.Eq(lm, log(mass))
    right = _ε * x * p[i] * tau[i] - lm * p[i] * s_(i)
    pointwise = kernel.decide(kernel.goal(sympy.Eq(term, right), [i >= 1, i <= SIZE, bit, positive, named]), *at,
                              detail="one input: log S_ij = ε on T_j, 0 off it")
    z = total(p[i] * tau[i])
    hyps = [SIZE >= 1, is_law(LAW), is_set(), positive]
    goal = kernel.goal(sympy.Eq(total(term), z * x * _ε - (z * (x - 1) + 1) * log(z * (x - 1) + 1)), [*hyps, named])
    summed = kernel.decide(goal, kernel.summed(pointwise, i, 1, SIZE), kernel.linear(total(right)), kernel.linear(mass),
                           *[kernel.rename(total(f, i2), i) for f in (p[i2], p[i2] * tau[i2])],
                           detail="μ_j = Σ_i P(x_i)S_ij log(S_ij/PᵀS_j) summed over the inputs = (113)")
    return kernel.instantiate(summed, {lm: log(mass)}, hyps, detail="L = log PᵀS_j")
