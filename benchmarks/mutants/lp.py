"""Mutants of the certified LP engine (symdp/numerics/lp.py): pricing, pivoting, phase 1, the objective's
atoms, and the run-time guard that re-proves the returned basis. Collected by
``benchmarks/mutation.py``; run them with ``-k "lp:"``."""

T = ("tests/test_lp.py",)

MUTANTS = [
    ("lp: reduced-cost ball touching 0 taken as a tie without the exact test", "symdp/numerics/lp.py",
     "                elif not self.exact_reduced(j):\n", "                elif True:\n", T),
    ("lp: an undecided reduced-cost ball read as positive", "symdp/numerics/lp.py",
     "                if d[j] > 0:\n                    out[j] = 1\n",
     "                if not d[j] < 0:\n                    out[j] = 1\n", T),
    ("lp: rational reduced costs: an exact tie counted as positive", "symdp/numerics/lp.py",
     "return [(v > c.get(0, 0)) - (v < c.get(0, 0))", "return [(v >= c.get(0, 0)) - (v < c.get(0, 0))", T),
    ("lp: a sign no precision decides is not reported", "symdp/numerics/lp.py",
     "        if pending:\n            raise LPError(f\"cannot decide", "        if False:\n            raise LPError(f\"cannot decide", T),
    ("lp: ratio test picks the largest ratio", "symdp/numerics/lp.py",
     "if best is None or key < best[0]:", "if best is None or key > best[0]:", T),
    ("lp: ratio test admits a zero pivot", "symdp/numerics/lp.py",
     "            if u[i, 0] > 0:\n                ratio", "            if u[i, 0] >= 0:\n                ratio", T),
    ("lp: phase 1 accepts a positive artificial (infeasible LP not detected)", "symdp/numerics/lp.py",
     "if any(basis[i] >= n and xB[i, 0] != 0 for i in range(m)):",
     "if any(basis[i] >= n and xB[i, 0] < 0 for i in range(m)):", T),
    ("lp: a zero-level artificial swapped for a column with a zero pivot", "symdp/numerics/lp.py",
     "            if u[i, 0] != 0:\n                basis[i] = j", "            if True:\n                basis[i] = j", T),
    ("lp: minimisation solved as a maximisation", "symdp/numerics/lp.py",
     "obj = obj.derived(sign=1 if maximize else -1, pad=mu)", "obj = obj.derived(sign=1, pad=mu)", T),
    ("lp: the dual of a minimisation keeps the maximisation's sign", "symdp/numerics/lp.py",
     "dual[i] = {a: q * sgn for a, q in pricing.dual_coeffs(r).items()}", "dual[i] = dict(pricing.dual_coeffs(r))", T),
    ("lp: log of a prime power counted once", "symdp/numerics/lp.py",
     "add(idx, coef * sgn * e)", "add(idx, coef * sgn)", T),
    ("lp: log of a denominator counted with a plus sign", "symdp/numerics/lp.py",
     "for n, sgn in ((r.p, 1), (r.q, -1)):", "for n, sgn in ((r.p, 1), (r.q, 1)):", T),
    ("lp: the optimum's coefficients take the basis's first entry only", "symdp/numerics/lp.py",
     "            coeffs[a] = coeffs.get(a, fmpq(0)) + q * xB[i, 0]", "            coeffs[a] = q * xB[i, 0]", T),
    ("lp: guard deleted: the returned basis's primal feasibility", "symdp/numerics/lp.py",
     '    ensure(all(xB[i, 0] >= 0 for i in range(std.m)), "the returned basis is primal feasible (x_B ≥ 0)", basis=basis)\n',
     "", T),
    ("lp: guard deleted: the dual solves Bᵀy = c_B", "symdp/numerics/lp.py",
     '    ensure(B.transpose() * Y == CB, "the dual solves', '    ensure(True, "the dual solves', T),
    ("lp: guard deleted: exact signs of rational reduced costs", "symdp/numerics/lp.py",
     '        ensure(all(v >= 0 for v in d), "every', '        ensure(True, "every', T),
    ("lp: guard deleted: certainly negative reduced-cost balls", "symdp/numerics/lp.py",
     "        ensure(not any(d[j] < 0 for j in pending),", "        ensure(True,", T),
    ("lp: guard deleted: ties are exact zeros", "symdp/numerics/lp.py",
     "    ensure(zero == set(basis) | set(ties),", "    ensure(True,", T),
    ("lp: guard accepts reduced costs it could not sign", "symdp/numerics/lp.py",
     '    ensure(not pending, "every reduced cost', '    ensure(True, "every reduced cost', T),
    ("lp: guard gives up after the first precision", "symdp/numerics/lp.py",
     "    while pending and prec <= 2 * MAX_SIGN_PREC:", "    while pending and prec <= START_PREC:", T),
    ("lp: a log term's ball adds the denominator's logarithm", "symdp/numerics/lp.py",
     "c += (log_of(r.p) - log_of(r.q)) * t[1] if r.q != 1", "c += (log_of(r.p) + log_of(r.q)) * t[1] if r.q != 1", T),
    ("lp: a minimised objective negates its rational terms only", "symdp/numerics/lp.py",
     "out.terms = [[(t[0], -t[1], *t[2:]) for t in row] for row in self.terms]",
     "out.terms = [[(t[0], -t[1] if t[0] == 0 else t[1], *t[2:]) for t in row] for row in self.terms]", T),
    ("lp: full row rank claimed without a nonsingular submatrix", "symdp/numerics/lp.py",
     "        if fmpq_mat(m, m, [A[i, j] for i in range(m) for j in cols]).det() != 0:",
     "        if True:", T),
    ("lp: the guard's exact zero test compares against another column's products", "symdp/numerics/lp.py",
     "Dj = (fmpq_mat(1, std.m, std.col(j)) * Y).entries()", "Dj = (fmpq_mat(1, std.m, std.col(basis[0])) * Y).entries()", T),
]

EQUIVALENT: dict[str, str] = {
    "lp: guard deleted: certainly negative reduced-cost balls":
        "a certainly negative ball is never > 0, so the column stays pending and the final "
        "ensure(not pending) refuses the basis with the same CertificateViolation, only after the "
        "precision has climbed to 2·MAX_SIGN_PREC (the early check saves that climb and names the column)",
}
