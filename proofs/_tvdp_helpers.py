"""Independent routes for the Ghazi–Issa claims (*Total variation meets differential privacy*).

Everything here is written from the definitions, not from ``symdp``: brute force over subsets
and over output sequences, the Neyman–Pearson trade-off by linear-programming duality, the
staircase density cell by cell, random exact channels. The claim modules compare the library
and the paper's closed forms against these.
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction
from typing import Sequence

import sympy

#: x = e^ε (> 1 in every Section III–VII formula), α the erasure mass, δ, η, β, p, t.
X, ALPHA, DELTA, ETA, BETA, P, T = sympy.symbols("x alpha delta eta beta p t", positive=True)
EPS, MU = sympy.symbols("epsilon mu", positive=True)

Q = sympy.Rational


def rng(seed: int) -> random.Random:
    return random.Random(seed)


def random_law(r: random.Random, n: int, den: int = 60) -> list[sympy.Rational]:
    """A random exact probability vector with positive entries."""
    w = [r.randint(1, den) for _ in range(n)]
    s = sum(w)
    return [Q(v, s) for v in w]


def random_pair(r: random.Random, n: int) -> tuple[list[sympy.Rational], list[sympy.Rational]]:
    return random_law(r, n), random_law(r, n)


# --------------------------------------------------------------------------------------------
# Hockey-stick, TV and the trade-off function from the definitions


def subsets_hockey(p: Sequence, q: Sequence, gamma) -> sympy.Expr:
    """sup_S P(S) − γ Q(S) by enumerating all 2^n subsets (Definition 1, eqs. 8–9)."""
    n = len(p)
    best = sympy.Integer(0)
    for mask in range(1 << n):
        v = sum((p[i] - gamma * q[i] for i in range(n) if mask >> i & 1), sympy.Integer(0))
        if v > best:
            best = v
    return best


def subsets_tv(p: Sequence, q: Sequence) -> sympy.Expr:
    """sup_A P(A) − Q(A) over all subsets (Definition 3)."""
    return subsets_hockey(p, q, 1)


def roc_vertices(p: Sequence, q: Sequence) -> list[tuple]:
    """Vertices (β_I, β_II) of the Neyman–Pearson trade-off curve: reject H0 (P) on outcomes
    in decreasing order of Q/P (Definition 2)."""
    key = lambda i: sympy.oo if p[i] == 0 else q[i] / p[i]
    order = sorted(range(len(p)), key=key, reverse=True)
    pts, t, f = [(sympy.Integer(0), sympy.Integer(1))], sympy.Integer(0), sympy.Integer(1)
    for i in order:
        t, f = t + p[i], f - q[i]
        pts.append((t, f))
    return pts


def roc_dual(p: Sequence, q: Sequence, t) -> sympy.Expr:
    """f(t) = 1 − sup{Σφ_i q_i : φ ∈ [0,1]^n, Σφ_i p_i ≤ t} = 1 − min_{c ≥ 0} [ct + Σ(q_i − c p_i)₊];
    the minimum over c is at 0 or at a likelihood ratio q_i/p_i (LP duality)."""
    cs = {sympy.Integer(0)} | {b / a for a, b in zip(p, q) if a != 0}
    return 1 - min(c * t + sum((max(b - c * a, 0) for a, b in zip(p, q)), sympy.Integer(0)) for c in cs)


# --------------------------------------------------------------------------------------------
# Composition of the dominating pair by enumerating output sequences


def dominating_masses(x, alpha, delta=0):
    """(P0, P1) of eq. (7) (delta = 0) or eqs. (43)–(44), written out here from the paper."""
    u = (1 - alpha) / (1 + x)
    if delta == 0:
        return [u * x, alpha, u], [u, alpha, u * x]
    d = delta
    return ([d, (1 - d) * u * x, alpha * (1 - d), (1 - d) * u, 0],
            [0, (1 - d) * u, alpha * (1 - d), (1 - d) * u * x, d])


def enumerate_delta(k: int, j: int, x, alpha, delta=0) -> sympy.Expr:
    """max_S P̃0(S) − x^j P̃1(S) over the k-fold product, summing the positive terms.

    A term's sign is decided from its structure: x > 1, so x^m − x^n has the sign of m − n;
    outcome 0 (δ > 0) has P1 = 0 and outcome 4 has P0 = 0."""
    p0, p1 = dominating_masses(x, alpha, delta)
    # per outcome: (P0-exponent of x, P1-exponent of x, only-under-P0, only-under-P1)
    if delta == 0:
        tags = [(1, 0, False, False), (0, 0, False, False), (0, 1, False, False)]
    else:
        tags = [(0, 0, True, False), (1, 0, False, False), (0, 0, False, False), (0, 1, False, False),
                (0, 0, False, True)]
    total = sympy.Integer(0)
    for s in itertools.product(range(len(p0)), repeat=k):
        only0 = any(tags[i][2] for i in s)
        only1 = any(tags[i][3] for i in s)
        if only1:
            continue
        a = sympy.Mul(*[p0[i] for i in s])
        if only0:
            total += a
            continue
        m0 = sum(tags[i][0] for i in s)
        m1 = sum(tags[i][1] for i in s)
        if m0 > m1 + j:
            total += a - x ** j * sympy.Mul(*[p1[i] for i in s])
    return total


def eq5(j: int, k: int, x, alpha) -> sympy.Expr:
    """Eq. (5), transcribed here independently of ``symdp.central.composition``."""
    u = (1 - alpha) / (1 + x)
    out = sympy.Integer(0)
    for a in range(k - j):
        for l in range(sympy.ceiling(sympy.Rational(k - j - a, 2))):
            out += sympy.binomial(k, a) * sympy.binomial(k - a, l) * u ** (k - a) * alpha ** a * (
                x ** (k - l - a) - x ** (l + j))
    return out


def pld_deltas(k: int, x: sympy.Rational, alpha: sympy.Rational) -> list[sympy.Rational]:
    """δ_0..δ_k from the privacy-loss law: D = Σ D_i with P0-probabilities (ux, α, u) for
    (+1, 0, −1); δ_j = Σ_{d>j} P(D = d)(1 − x^{j−d}). Exact rationals, O(k²)."""
    u = (1 - alpha) / (1 + x)
    law = {0: Fraction(1)}
    step = {1: Fraction(str(u * x)), 0: Fraction(str(alpha)), -1: Fraction(str(u))}
    for _ in range(k):
        new: dict[int, Fraction] = {}
        for d, m in law.items():
            for s, w in step.items():
                new[d + s] = new.get(d + s, 0) + m * w
        law = new
    xf = Fraction(str(x))
    return [sympy.Rational(sum((m * (1 - xf ** (j - d)) for d, m in law.items() if d > j), Fraction(0)))
            for j in range(k + 1)]


# --------------------------------------------------------------------------------------------
# The staircase density (Section VI-C), cell by cell, with e^{−ε} = r rational


def staircase_cells(r: Fraction, g: Fraction, n: int):
    """Breakpoints and constant values of f_γ (Δ = 1) on [−n, n + 1], exact.

    f_γ(x) = a r^{L(|x|)} with L(y) = #{k ≥ 0 : k + γ ≤ y}; a = (1 − r)/(2(γ + r(1 − γ)))."""
    a = (1 - r) / (2 * (g + r * (1 - g)))
    pts = sorted({Fraction(k) for k in range(-n, n + 2)} | {k + s * g for k in range(-n - 1, n + 2) for s in (1, -1)}
                 | {k + 1 - g for k in range(-n - 1, n + 1)} | {k - 1 + g for k in range(-n, n + 2)})
    pts = [z for z in pts if -n <= z <= n + 1]

    def density(z: Fraction) -> Fraction:
        y = abs(z)
        level = sum(1 for k in range(0, int(y) + 2) if k + g <= y) if g > 0 else int(y) + 1
        return a * r ** level

    cells = []
    for lo, hi in zip(pts, pts[1:]):
        if hi > lo:
            mid = (lo + hi) / 2
            cells.append((lo, hi, density(mid), density(mid - 1)))
    return cells


def published(text: str):
    """A printed decimal as the certified ball of everything that rounds to it (± half a unit in
    its last place), so that a published value can be compared with a certified one."""
    from flint import arb, fmpq

    from symdp.numbers import Real

    digits = len(text.split(".")[1]) if "." in text else 0
    mid = fmpq(int(text.replace(".", "").replace("-", "")) * (-1 if text.startswith("-") else 1), 10 ** digits)
    rad = fmpq(1, 2 * 10 ** digits)
    return Real(lambda prec: arb(mid, rad), exact=None, name=f"printed {text}")


def flag(condition) -> sympy.Integer:
    """1 if the (exactly decided) condition holds, else 0: for exact_agreement against 1."""
    return sympy.Integer(1 if bool(condition) else 0)


# --------------------------------------------------------------------------------------------
# A kernel step's goal with its auxiliary hypotheses quantified inside


def for_every(step, keep, detail: str = ""):
    """The kernel step's goal ∀ v: H ⇒ C with the hypotheses not in `keep` moved into the conclusion,
    ∀ v: keep ⇒ (rest ⇒ C), decided from the step itself. The same statement, read as the paper reads it:
    the hypotheses on the objects the statement quantifies over (a test u ∈ [0, 1]^n, the rows of a channel and
    their ratio bounds, laws summing to 1, an indicator) are part of "for every such object", and only those on
    the paper's parameters (`keep`) restrict where the statement is claimed."""
    from symdp.verify import kernel

    g = kernel.fact(step).goal
    rest = [h for h in g.hypotheses if h not in keep]
    if not rest:
        return step
    return kernel.decide(kernel.goal(sympy.Or(sympy.Not(sympy.And(*rest)), g.conclusion),
                                     [h for h in g.hypotheses if h in keep]), step, detail=detail)


def exp_above_one(var):
    """∀ v > 0: e^v > 1, as a kernel step from e^v ≥ 1 + v on [0, ∞) (an exact decision). The covering check
    reads e^v as an unknown positive number, so a claim whose goals divide by e^ε − 1 lists e^ε > 1 beside
    ε > 0 in its domain (the same set); this goal, among the claim's, proves the two agree."""
    from symdp.verify import kernel, prove

    tangent = prove(sympy.exp(var) - 1 - var, var, 0, sympy.oo, f"e^{var} ≥ 1 + {var} for {var} ≥ 0")
    return kernel.decide(kernel.goal(sympy.exp(var) > 1, [var > 0]), tangent, detail=f"e^{var} > 1 for {var} > 0")
