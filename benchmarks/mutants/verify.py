"""Mutants of the prover, the proof status and the re-checker (symdp/verify): each would let a false
inequality pass as proved, a restricted proof pass as whole, or a broken certificate pass a recheck."""

_DECIDE = ("tests/test_decide.py",)
_RECHECK = ("tests/test_recheck.py",)
_STATUS = ("tests/test_verify.py",)

MUTANTS = [
    ("verify: z3 negation loses the denominator = 0 disjunct", "symdp/verify/decide.py",
     "solver.add(z3.Or(d == 0, n < 0))", "solver.add(n < 0)", _DECIDE),
    ("verify: monotone_from does not check f(lo) ≥ 0", "symdp/verify/decide.py",
     "    if sign(start) < 0:\n", "    if False:\n", _DECIDE),
    ("verify: compactified decides only (0, 1/2]", "symdp/verify/decide.py",
     "inner = rational_nonnegative(g, x, 0, 1,", "inner = rational_nonnegative(g, x, 0, sympy.Rational(1, 2),", _DECIDE),
    ("verify: compactified decides only [1/2, 1]", "symdp/verify/decide.py",
     "inner = rational_nonnegative(g, x, 0, 1,", "inner = rational_nonnegative(g, x, sympy.Rational(1, 2), 1,", _DECIDE),
    ("verify: a pole at a closed end ignored", "symdp/verify/decide.py",
     "if end.is_finite and not is_open and d.eval(end) == 0:", "if False:", _DECIDE),
    ("verify: a pole inside the interval ignored", "symdp/verify/decide.py",
     "poles = roots_inside(d_sqf, lo, hi)", "poles = 0", _DECIDE),
    ("verify: polynomial decision without the sign at an interior point", "symdp/verify/polynomial.py",
     "if roots_inside(odd, lo, hi) == 0 and c * odd.eval(point) > 0:", "if roots_inside(odd, lo, hi) == 0:", _DECIDE),
    ("verify: box enclosure touching 0 from below taken as nonnegative", "symdp/verify/boxes.py",
     "if v is not None and v[0] >= 0:", "if v is not None and v[0] >= -fmpq(1, 10 ** 20):", _DECIDE),
    ("verify: monotone side collapsed to the wrong end", "symdp/verify/boxes.py",
     "        if g[0] >= 0:\n            out[i], changed = (side[0], side[0]), True",
     "        if g[0] >= 0:\n            out[i], changed = (side[1], side[1]), True", _DECIDE),
    ("verify: Taylor form from the right end without (−1)^k", "symdp/verify/boxes.py",
     "lo = enc[0] if (at == 0 or k % 2 == 0) else -enc[1]", "lo = enc[0]", _DECIDE),
    ("verify: Taylor remainder bounded at the end point, not over the box", "symdp/verify/boxes.py",
     "[(end, end)] if k < order else box)", "[(end, end)])", _DECIDE),
    ("verify: a proof may carry a witness (invariant not checked)", "symdp/verify/evidence.py",
     'ensure(not (ev.status == "proved" and ("witness" in ev.data or refuted)),', "ensure(True,", _DECIDE),
    ("verify: whole stated domain by default again", "symdp/verify/status.py",
     'return "unrecorded", f"{which} is not recorded"', 'return "whole", f"{which} is not recorded"', _STATUS),
    ("verify: z3 domain implication in the wrong direction", "symdp/verify/status.py",
     "solver.add(premise, z3.Not(conclusion))", "solver.add(conclusion, z3.Not(premise))", _STATUS),
    ("verify: a checked claim used by a proof does not weaken it", "symdp/verify/status.py",
     '                elif other != "machine-complete":\n                    status = _weakest(status, "proved given")',
     '                elif other not in ("machine-complete", "checked"):\n'
     '                    status = _weakest(status, "proved given")', _STATUS),
    ("verify: recheck root count skips roots at bisection points", "symdp/verify/recheck/polynomials.py",
     "        count += _eval(p, mid) == 0\n", "", _RECHECK),
    ("verify: recheck accepts a box that is never settled", "symdp/verify/recheck/intervals.py",
     '                raise Disagrees(f"the sub-box {box} is reached but never settled")', "                continue",
     _RECHECK),
    ("verify: recheck skips the re-multiplication P = c·O·E²", "symdp/verify/recheck/polynomials.py",
     "    if _mul([c], _mul(odd, _mul(half, half))) != p:", "    if False:", _RECHECK),
    ("verify: recheck reads the denominator's closed ends as open", "symdp/verify/recheck/polynomials.py",
     "if end is not None and not is_open and _eval(d, end) == 0:", "if False:", _RECHECK),
    ("verify: recheck interval product from the ends' products only", "symdp/verify/recheck/intervals.py",
     "    ps = [x * y for x in a for y in b]\n    return min(ps), max(ps)", "    return a[0] * b[0], a[1] * b[1]",
     _RECHECK),
]

EQUIVALENT: dict[str, str] = {}
