"""The search for a capacity-achieving input law of a finite channel. Nothing here is certified:
:class:`symdp.local.information.Capacity` turns whatever law this search returns into the
two-sided certificate I(p;W) ≤ C ≤ max_x D(W_x‖pW), so a poor law only widens the ball.

C(W) = max_p I(p;W) maximises a concave function over the simplex. Its gradient is
∂I/∂p_x = D_x(p) − 1 with D_x(p) = D(W(·|x) ‖ pW) (nats), its Hessian −W diag(1/q) Wᵀ with q = pW,
and the Kuhn–Tucker conditions (Gallager, Theorem 4.5.1) say p is optimal iff D_x(p) = C where
p_x > 0 and D_x(p) ≤ C elsewhere.

Blahut–Arimoto alone converges only sublinearly when an input's optimal mass is 0 or nearly so
with D_x(p*) close to C: its mass then decays like a power of the iteration count, so no
tolerance on the float iterates says which inputs the optimum uses. (The search this module
replaces took Blahut–Arimoto's support as given: on such a channel Newton's method hit a
negative mass, the certificate kept the Blahut–Arimoto law's gap of about 10⁻⁸ at every
precision, and ``certify`` climbed to the limit max_prec, one costlier Newton run per step:
a seeded random 20 × 20 channel ran past 100 s.)

Here the support is found, not guessed. :func:`search` runs an *active-set Newton method* at a
working precision P, in arb midpoints:

1. on a face S of the simplex, Newton's method for the Kuhn–Tucker system D_x(p) = λ (x ∈ S),
   Σ_S p = 1 — Newton's method for the concave I on that face — with a ratio test that takes an
   input out of S when its mass reaches 0 on the way, and backtracking that keeps I increasing;
2. once the face is solved, the input with the largest D_x − λ > 0 (a violated Kuhn–Tucker
   condition) enters S. When its row is (at P bits) a combination Σ a_s W_s of the rows of S,
   the face would be singular: it is exchanged instead against the input that the move
   p + t(e_x − a) empties first (q does not move along that direction and I grows at rate
   D_x − λ > 0: a simplex pivot);
3. the steps repeat until no condition is violated by more than the working precision resolves.

Every step increases I, so the method cannot cycle; each loop is capped and checks the time
budget. A few Blahut–Arimoto iterations in doubles give the start, and each higher precision
starts from the previous solution, where Newton's quadratic convergence doubles the correct bits
per step. The linear algebra is python-flint's (``arb_mat``): a face system that its rigorous
solver cannot prove invertible at P bits counts as singular.
"""

from __future__ import annotations

from typing import Callable, Sequence

import numpy as np
from flint import arb, arb_mat

from ..numbers import working_precision

__all__ = ["Search", "blahut_arimoto"]

#: Blahut–Arimoto iterations in doubles for the start (the active set finishes the job).
START_ITERATIONS = 300
#: Newton steps on one face, active-set changes per precision, halvings of one step.
NEWTON_STEPS, SET_CHANGES, HALVINGS = 60, 400, 60


def blahut_arimoto(W: np.ndarray, iterations: int = START_ITERATIONS, tol: float = 1e-13) -> np.ndarray:
    """Blahut–Arimoto in doubles, p ← p·exp(D(W_x‖pW))/Z from the uniform law (Blahut 1972,
    Arimoto 1972): a starting point only."""
    n = W.shape[0]
    p = np.full(n, 1.0 / n)
    with np.errstate(divide="ignore", invalid="ignore", over="ignore", under="ignore"):
        logW = np.where(W > 0, np.log(np.where(W > 0, W, 1.0)), 0.0)
        for _ in range(iterations):
            q = p @ W
            logq = np.log(np.where(q > 0, q, 1.0))
            d = (W * (logW - logq)).sum(axis=1)
            if not np.all(np.isfinite(d)) or float(d.max()) - float(p @ d) < tol:
                break
            p = p * np.exp(d - d.max())
            p /= p.sum()
    return p


def _independent(W: np.ndarray, order: Sequence[int]) -> list[int]:
    """A greedy selection of inputs, in `order`, whose float rows are linearly independent (a
    start for the active set; the working precision has the last word)."""
    chosen: list[int] = []
    for x in order:
        rows = W[chosen + [x]]
        if np.linalg.matrix_rank(rows, tol=1e-9 * max(1.0, float(np.abs(rows).max()))) == len(chosen) + 1:
            chosen.append(x)
    return chosen


class Search:
    """The search on one channel: float rows `floats` (for the start), exact zero pattern `zero`,
    entries as balls ``entry(x, y, prec)``. :meth:`law` returns a law near a capacity-achieving
    one at a working precision; `tick()` is called in every loop (the caller's time budget)."""

    def __init__(self, floats: np.ndarray, zero: list[list[bool]], entry: Callable[[int, int, int], arb],
                 tick: Callable[[], None]):
        self.n, self.m = floats.shape
        self.zero, self.entry, self.tick = zero, entry, tick
        p = blahut_arimoto(floats)
        order = sorted((x for x in range(self.n) if p[x] > 1e-9 * p.max()), key=lambda x: -p[x])
        self.support = _independent(floats, order) or [int(np.argmax(p))]
        start = np.array([p[x] for x in self.support])
        self.p: list[arb] = [arb(0)] * self.n
        for x, v in zip(self.support, start / start.sum()):
            self.p[x] = arb(float(v))
        #: whether the last :meth:`law` ended with every Kuhn–Tucker condition met at its precision
        self.converged = False

    def law(self, prec: int) -> list[arb]:
        """A law near a capacity-achieving one, found at `prec` bits; each call starts from the
        previous one's solution."""
        with working_precision(prec):
            face = _Face(self, prec)
            p, S = face.normalised(self.p, self.support)
            state = face.state(p, S)
            self.converged = False
            stuck: set[int] = set()  # violators whose gain is below what this precision resolves
            for _ in range(SET_CHANGES):
                self.tick()
                p, S, state = face.solve(p, S, state)
                D, info = state
                lam = max(D[x] for x in S)
                out = [x for x in range(self.n) if x not in S and x not in stuck]
                x = max(out, key=lambda v: D[v]) if out else None
                if x is None or not D[x] > lam + face.tol * (1 + abs(lam)):
                    self.converged = not stuck and bool(face.spread(D, S) < face.tol.sqrt() * (1 + abs(lam)))
                    break
                entered = face.enter(p, S, x, info)
                if entered is None:
                    stuck.add(x)
                    continue
                p, S, state = entered
                stuck.clear()
            self.p, self.support = p, S
            return list(p)


class _Face:
    """The arithmetic of the search at one working precision (arb midpoints)."""

    def __init__(self, search: Search, prec: int):
        self.s, self.n, self.m = search, search.n, search.m
        self.zero, self.tick = search.zero, search.tick
        self.W = [[arb(0) if self.zero[x][y] else search.entry(x, y, prec).mid() for y in range(self.m)]
                  for x in range(self.n)]
        self.h = [sum((w * w.log() for w, z in zip(row, zs) if not z), arb(0)).mid() for row, zs in zip(self.W, self.zero)]
        #: what the working precision resolves, relative to the size of the numbers compared
        self.prec, self.tol = prec, arb(2) ** (24 - prec)

    def normalised(self, p: Sequence[arb], S: Sequence[int]) -> tuple[list[arb], list[int]]:
        S = [x for x in S if p[x] > 0]
        total = sum((p[x] for x in S), arb(0))
        return [(p[x] / total).mid() if x in S else arb(0) for x in range(self.n)], S

    def state(self, p: Sequence[arb], S: Sequence[int]) -> tuple[list[arb], arb]:
        """(D_x for every input, I) at the law p on S, in nats; D_x = +inf where row x sees an
        output that pW misses."""
        W, m = self.W, self.m
        q = [sum((p[x] * W[x][y] for x in S), arb(0)).mid() for y in range(m)]
        logq = [v.log().mid() if v > 0 else None for v in q]
        D = []
        for x in range(self.n):
            terms = [(W[x][y], logq[y]) for y in range(m) if not self.zero[x][y]]
            if any(lq is None for _, lq in terms):
                D.append(arb("inf"))
            else:
                D.append((self.h[x] - sum((w * lq for w, lq in terms), arb(0))).mid())
        return D, sum((p[x] * D[x] for x in S), arb(0)).mid()

    def _not_worse(self, info: arb, before: arb) -> bool:
        return bool(info >= before - self.tol * (1 + abs(before)))

    def step(self, p: Sequence[arb], S: Sequence[int], D: Sequence[arb]) -> list[arb] | None:
        """The Newton step (Δp on S, then Δλ) of D_x(p) = λ (x ∈ S), Σ_S p = 1; None when the
        bordered system is not provably invertible at the working precision."""
        W, k = self.W, len(S)
        q = [sum((p[x] * W[x][y] for x in S), arb(0)) for y in range(self.m)]
        live = [y for y in range(self.m) if q[y] > 0]
        J = arb_mat(k, len(live), [W[x][y] / q[y] for x in S for y in live]) * \
            arb_mat(len(live), k, [W[x][y] for y in live for x in S])
        M = arb_mat(k + 1, k + 1)
        for i in range(k):
            for j in range(k):
                M[i, j] = -J[i, j].mid()
            M[i, k], M[k, i] = -1, 1
        rhs = arb_mat(k + 1, 1, [-D[x] for x in S] + [1 - sum((p[x] for x in S), arb(0))])
        try:
            sol = M.solve(rhs)
        except ZeroDivisionError:
            return None
        return [sol[i, 0].mid() for i in range(k + 1)]

    def combination(self, S: Sequence[int], x: int) -> list[arb] | None:
        """Coefficients a with W_x ≈ Σ_S a_s W_s (least squares through the Gram matrix), or
        None when that system is not provably invertible."""
        rows = arb_mat(len(S), self.m, [self.W[s][y] for s in S for y in range(self.m)])
        try:
            a = (rows * rows.transpose()).solve(rows * arb_mat(self.m, 1, self.W[x]))
        except ZeroDivisionError:
            return None
        return [a[i, 0].mid() for i in range(len(S))]

    def solve(self, p, S, state):
        """Newton's method for I on the face S, with the ratio test and backtracking; a face
        whose system is singular is reduced first (:meth:`reduce`)."""
        D, info = state
        previous = None
        for _ in range(NEWTON_STEPS):
            self.tick()
            if len(S) == 1:
                break
            step = self.step(p, S, D)
            if step is None:
                reduced = self.reduce(p, S, info)
                if reduced is None:
                    break
                p, S, (D, info) = reduced
                previous = None
                continue
            dp = dict(zip(S, step[:-1]))
            t, blocking = arb(1), None
            for x in S:
                if dp[x] < 0 and not p[x] + dp[x] > 0:
                    ratio = (p[x] / -dp[x]).mid()
                    if ratio < t:
                        t, blocking = ratio, x
            for _ in range(HALVINGS):
                self.tick()
                new = list(p)
                for x in S:
                    new[x] = (p[x] + t * dp[x]).mid()
                if blocking is not None:
                    new[blocking] = arb(0)
                new, newS = self.normalised(new, S)
                trial = self.state(new, newS)
                if self._not_worse(trial[1], info):
                    break
                t, blocking = (t / 2).mid(), None
            else:
                break
            p, S, (D, info) = new, newS, trial
            spread = self.spread(D, S)
            if blocking is None and (spread < self.tol * (1 + abs(info)) or (
                    previous is not None and spread > previous / 2 and previous < self.tol.sqrt())):
                break  # solved, or Newton's steps no longer help: the precision's noise floor
            previous = spread
        return p, S, (D, info)

    @staticmethod
    def spread(D: Sequence[arb], S: Sequence[int]) -> arb:
        """max − min of D_x over the face: 0 exactly at its Kuhn–Tucker point (a residual that
        does not depend on how small the masses are)."""
        values = [D[x] for x in S]
        return (max(values) - min(values)).mid()

    def reduce(self, p, S, info):
        """A singular face: its rows are dependent, Σ c_s W_s = 0 with c = e_x − a for some x.
        Along c the output law stays put and I changes linearly, so moving along ±c (the side
        where I does not fall) until a mass reaches 0 leaves a smaller face no worse."""
        for x in sorted(S, key=lambda v: p[v]):
            self.tick()
            rest = [s for s in S if s != x]
            a = self.combination(rest, x)
            if a is None:
                continue
            c = {x: arb(1), **{s: -v for s, v in zip(rest, a)}}
            D, _ = self.state(p, S)
            if sum((c[s] * D[s] for s in S), arb(0)) < 0:
                c = {s: -v for s, v in c.items()}
            ratios = [((p[s] / -c[s]).mid(), s) for s in S if c[s] < 0]
            if not ratios:
                continue
            t, blocked = min(ratios, key=lambda r: r[0])
            new = [(p[s] + t * c[s]).mid() if s in S else arb(0) for s in range(self.n)]
            new[blocked] = arb(0)
            new, newS = self.normalised(new, S)
            state = self.state(new, newS)
            if self._not_worse(state[1], info):
                return new, newS, state
        return None

    def enter(self, p, S, x, info):
        """Input x violates its Kuhn–Tucker condition (D_x > λ = I), so I grows along e_x − p.
        Along p_t = (1 − t)p + t·e_x the slope of I is g(t) = D_x(p_t) − I(p_t), decreasing in t
        (I is concave), so I(p_t) > I(p) wherever g(t) > 0. Try t = 2^−1, 2^−2, 2^−4, 2^−8, …:
        when x sees an output no other input of S sees, g(t) grows only like W(y|x)·ln(1/t) as t
        falls, and the optimal mass of x can be 2^−100 or less. :meth:`solve` reduces the face if
        x's row depends on the others."""
        for k in range(HALVINGS):
            self.tick()
            if 2 ** k > 4 * self.prec:
                break  # a smaller mass is below what the certificate's law resolves (2^−(2·prec + 16))
            t = arb(2) ** -(2 ** k)
            new = [((1 - t) * v).mid() for v in p]
            new[x] = t
            state = self.state(new, S + [x])
            if state[0][x] > state[1]:
                return new, S + [x], state
        return None
