"""Independent routes for the Asoodeh–Aliakbarpour–Calmon claims (*LDP is equivalent to
contraction of E_γ-divergence*).

Everything here is written from the definitions, not from ``symdp``: suprema over all events
by enumeration, f-divergences and mutual information term by term, product laws by explicit
products, random exact kernels, mpmath quadrature as a second opinion.
"""

from __future__ import annotations

import itertools
import random
from typing import Sequence

import mpmath
import sympy

from flint import fmpq

from symdp.numbers import Real, arb_of, sign
from symdp.verify import Evidence, kernel

Q = sympy.Rational
X, G, DELTA, P, QQ, OMEGA, T = sympy.symbols("x gamma delta p q omega t", positive=True)


def rng(seed: int) -> random.Random:
    return random.Random(seed)


def random_law(r: random.Random, n: int, den: int = 40, zeros: bool = False) -> list[sympy.Rational]:
    """A random exact probability vector (with some zero masses when `zeros`)."""
    w = [r.randint(0 if zeros else 1, den) for _ in range(n)]
    if sum(w) == 0:
        w[0] = 1
    s = sum(w)
    return [Q(v, s) for v in w]


def random_kernel(r: random.Random, nx: int, nz: int, den: int = 12) -> list[list[sympy.Rational]]:
    return [random_law(r, nz, den) for _ in range(nx)]


def positive(x) -> sympy.Expr:
    return x if sign(x) > 0 else sympy.Integer(0)


def events(n: int):
    return itertools.chain.from_iterable(itertools.combinations(range(n), k) for k in range(n + 1))


def sup_events(p: Sequence, q: Sequence, gamma) -> sympy.Expr:
    """sup over all 2^n events A of P(A) − γQ(A) (Definition 1, eq. 23 without its correction)."""
    best = None
    for a in events(len(p)):
        v = sum((p[i] - gamma * q[i] for i in a), sympy.Integer(0))
        if best is None or sign(v - best) > 0:
            best = v
    return best


def e_gamma_events(p, q, gamma) -> sympy.Expr:
    """E_γ by enumerating events, with the (1 − γ)₊ convention of eq. (22)."""
    return sup_events(p, q, gamma) - positive(1 - gamma)


def tv_events(p, q) -> sympy.Expr:
    return sup_events(p, q, 1)


def tv_l1(p, q) -> sympy.Expr:
    """TV(P, Q) = ½Σ|P − Q| (for product laws too large to enumerate events)."""
    return sum((abs(a - b) for a, b in zip(p, q)), sympy.Integer(0)) / 2


def ldp_by_definition(rows, x, delta) -> bool:
    """Definition 1 (eq. 4): sup over inputs x, x' and events A of K(A|x) − e^ε K(A|x') ≤ δ."""
    worst = max((sup_events(a, b, x) for a in rows for b in rows), key=lambda v: float(sympy.N(v, 30)))
    return sign(delta - worst) >= 0


def push(law, rows) -> list:
    """The output law PK(z) = Σ_x P(x) K(z|x)."""
    return [sum((w * r[z] for w, r in zip(law, rows)), sympy.Integer(0)) for z in range(len(rows[0]))]


def product_law(*laws) -> list:
    out = [sympy.Integer(1)]
    for law in laws:
        out = [a * b for a in out for b in law]
    return out


def product_kernel(*kernels) -> list[list]:
    """⊗_i K_i with inputs and outputs the tuples in lexicographic order."""
    out = [[sympy.Integer(1)]]
    for k in kernels:
        out = [[a * b for a in r for b in s] for r in out for s in k]
    return out


def kl(p, q) -> sympy.Expr:
    """D_KL(P‖Q) in nats, term by term (oo when P is not ≪ Q)."""
    total = sympy.Integer(0)
    for a, b in zip(p, q):
        if a == 0:
            continue
        if b == 0:
            return sympy.oo
        total += a * sympy.log(a / b)
    return total


def mutual_information(joint: Sequence[Sequence]) -> sympy.Expr:
    """I(A;B) in nats from the joint matrix joint[a][b]."""
    pa = [sum(r, sympy.Integer(0)) for r in joint]
    pb = [sum((r[j] for r in joint), sympy.Integer(0)) for j in range(len(joint[0]))]
    return sum((joint[i][j] * sympy.log(joint[i][j] / (pa[i] * pb[j]))
                for i in range(len(joint)) for j in range(len(joint[0])) if joint[i][j] != 0), sympy.Integer(0))


def entropy(law) -> sympy.Expr:
    return -sum((w * sympy.log(w) for w in law if w != 0), sympy.Integer(0))


def hellinger2(p, q) -> sympy.Expr:
    """H²(P, Q) = Σ(√p − √q)² (range [0, 2]), as in Corollary 1's proof."""
    return sum(((sympy.sqrt(a) - sympy.sqrt(b)) ** 2 for a, b in zip(p, q)), sympy.Integer(0))


def bernoulli(p) -> list:
    """Ber(p) as the law (1 − p, p) on {0, 1}."""
    return [1 - p, p]


def ldp_kernels() -> list[tuple[list, object, object]]:
    """(rows, e^ε, δ) of the LDP kernels the Section IV–VII claims are checked on: randomized response at
    e^ε = 2, 3, the (log 2, 1/10) Kairouz–Oh–Viswanath kernel, and a random 2×3 kernel that is (log 3)-LDP
    by Definition 1 (events enumerated here)."""
    from symdp.local import dominating_kernel, randomized_response
    out = [(randomized_response(sympy.log(2)).rows, 2, 0), (randomized_response(sympy.log(3)).rows, 3, 0),
           (dominating_kernel(sympy.log(2), Q(1, 10)).rows, 2, Q(1, 10))]
    r = rng(7)
    while len(out) < 4:
        rows = random_kernel(r, 2, 3, 4)
        if ldp_by_definition(rows, 3, 0):
            out.append((rows, 3, 0))
    return out


def _num(v):
    return v if isinstance(v, Real) else sympy.sympify(v)


def le(a, b) -> bool:
    """a ≤ b, decided exactly (certified sign; sympy for an exact zero)."""
    return sign(_num(b) - _num(a)) >= 0


def catalog(values: Sequence, texts: Sequence[str], detail: str) -> Evidence:
    """Checked iff each exact or certified value lies within one unit of the last printed digit
    of the decimal `texts[i]` (reference values printed to finitely many digits)."""
    shown = []
    for v, text in zip(values, texts):
        q = fmpq(*map(int, sympy.Rational(text).as_numer_denom()))
        digits = len(text.split(".")[1]) if "." in text else 0
        unit = fmpq(1, 10 ** digits)
        ball = arb_of(_num(v), 256)
        lo, hi = ball.lower().fmpq(), ball.upper().fmpq()
        shown.append({"value": ball.str(digits + 3), "printed": text})
        if not (q - unit < lo and hi < q + unit):
            return Evidence("certified", "failed", f"{detail}: {ball.str(digits + 3)} is not {text} to its last digit",
                            {"values": shown})
    return Evidence("certified", "checked", detail, {"values": shown})


# --------------------------------------------------------------------------------------------
# The Bernoulli model of Example 4, by mpmath quadrature (second opinion only)


def mp_egamma_information(n: int, gamma: float, dps: int = 30) -> mpmath.mpf:
    """I_γ(Θ;X^n) = ∫₀¹ E_γ(P_{X^n|θ}‖P_{X^n}) dθ by enumerating all 2^n sequences (eq. 16) and
    quadrature split at the crossing points (found by mpmath), minus (1 − γ)₊."""
    with mpmath.workdps(dps):
        g = mpmath.mpf(gamma)
        seqs = list(itertools.product((0, 1), repeat=n))
        marg = {s: mpmath.factorial(s) * mpmath.factorial(n - s) / mpmath.factorial(n + 1) for s in range(n + 1)}

        def integrand(th):
            return sum(max(th ** sum(x) * (1 - th) ** (n - sum(x)) - g * marg[sum(x)], 0) for x in seqs)
        cuts = {mpmath.mpf(0), mpmath.mpf(1)}
        for s in range(n + 1):
            f = (lambda s: lambda th: th ** s * (1 - th) ** (n - s) - g * marg[s])(s)
            grid = [mpmath.mpf(i) / 400 for i in range(401)]
            cuts.update(a for a in grid if f(a) == 0)
            for a, b in zip(grid, grid[1:]):
                if f(a) * f(b) < 0:
                    cuts.add(mpmath.findroot(f, (a, b), solver="anderson"))
        pts = sorted(cuts)
        return mpmath.quad(integrand, pts) - max(1 - g, 0)


def mp_bayes_fano(info: float, dps: int = 30) -> mpmath.mpf:
    """max over ζ ∈ (0, 1/2) of ζ[1 − (I + log 2)/log(1/(2ζ))]: a grid, then a local root of the derivative."""
    with mpmath.workdps(dps):
        c = mpmath.mpf(info) + mpmath.log(2)
        h = lambda z: z * (1 - c / mpmath.log(1 / (2 * z)))
        grid = [mpmath.mpf(i) / 20000 for i in range(1, 10000)]
        z0 = max(grid, key=h)
        z = mpmath.findroot(lambda z: mpmath.diff(h, z), z0)
        return h(z)


def mp_mutual_information(n: int, dps: int = 30) -> mpmath.mpf:
    """I(Θ;X^n) = log(n+1) − ∫₀¹ H(Bin(n, θ)) dθ by quadrature (nats)."""
    with mpmath.workdps(dps):
        def h(th):
            total = mpmath.mpf(0)
            for s in range(n + 1):
                b = mpmath.binomial(n, s) * th ** s * (1 - th) ** (n - s)
                if b > 0:
                    total -= b * mpmath.log(b)
            return total
        return mpmath.log(n + 1) - mpmath.quad(h, [0, 0.5, 1])


# --------------------------------------------------------------------------------------------
# E_γ over general laws, as kernel steps: densities with respect to a dominating probability law


#: The bound variable of an expectation, the dominating law μ (μ = (P + Q)/2 dominates any pair) and the densities
#: P[x] = dP/dμ(x), Q[x] = dQ/dμ(x): nonnegative, each with E_μ = 1. The argument is pointwise in x, so nothing about
#: the space's points is used; the kernel reads μ as a law on ℝ.
XI = sympy.Symbol("x", real=True)
MU = kernel.Law("mu")
DP, DQ = sympy.IndexedBase("P", nonnegative=True), sympy.IndexedBase("Q", nonnegative=True)


def expect(f) -> sympy.Expr:
    """E_μ f(X), the integral ∫ f dμ of an expression in the densities P[x], Q[x]."""
    return kernel.Expect(f, (XI, MU))


#: P and Q are probability laws: their densities integrate to 1 against μ.
DENSITIES = [sympy.Eq(expect(DP[XI]), 1), sympy.Eq(expect(DQ[XI]), 1)]


def averaged(pointwise, hypotheses, body) -> list[Evidence]:
    """From a pointwise relation f R g in the densities (decided for every x under `hypotheses`, which are free of
    x), the kernel facts that carry it through E_μ: E f R E g (monotone expectation), the linear split of E[body]
    and its integrability from its parts'. `body` is the side of the relation that is a linear combination."""
    point = kernel.decide(kernel.goal(pointwise, hypotheses), detail=f"pointwise: {pointwise}")
    return [kernel.expected(point, XI, MU), kernel.linear(expect(body)), kernel.integrable(expect(body))]
