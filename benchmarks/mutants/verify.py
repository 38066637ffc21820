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
    ("verify: recheck root count skips roots at bisection points", "symdp/verify/recheck.py",
     "        count += _eval(p, mid) == 0\n", "", _RECHECK),
    ("verify: recheck accepts a box that is never settled", "symdp/verify/recheck.py",
     '                raise _Disagrees(f"the sub-box {box} is reached but never settled")', "                continue",
     _RECHECK),
    ("verify: recheck skips the re-multiplication P = c·O·E²", "symdp/verify/recheck.py",
     "    if _mul([c], _mul(odd, _mul(half, half))) != p:", "    if False:", _RECHECK),
    ("verify: recheck reads the denominator's closed ends as open", "symdp/verify/recheck.py",
     "if end is not None and not is_open and _eval(d, end) == 0:", "if False:", _RECHECK),
    ("verify: recheck interval product from the ends' products only", "symdp/verify/recheck.py",
     "    ps = [x * y for x in a for y in b]\n    return min(ps), max(ps)", "    return a[0] * b[0], a[1] * b[1]",
     _RECHECK),
]

EQUIVALENT: dict[str, str] = {}

# status, domains, facts, registry, runner (the proof status and the machine-readable domains)
_DOMAINS = ("tests/test_domains.py",)
_STATUS_AND_DOMAINS = ("tests/test_domains.py", "tests/test_verify.py")
MUTANTS += [
    ("verify: status.implies takes z3's unknown for implied", "symdp/verify/status.py",
     '    return False, f"z3 could not decide that', '    return True, f"z3 could not decide that', _DOMAINS),
    ("verify: status.implies drops the conclusions' assumptions", "symdp/verify/status.py",
     "    conclusion = z3.And(*[condition_to_z3(r, names) for r in conclusions],\n"
     "                        *assumption_constraints(_symbols(conclusions, conclusion_symbols), names))",
     "    conclusion = z3.And(*[condition_to_z3(r, names) for r in conclusions])", _DOMAINS),
    ("verify: integer assumptions dropped in z3", "symdp/verify/decide.py",
     "            out.append(z3.IsInt(z))\n", "", _DOMAINS),
    ("verify: an Integer item's integrality dropped", "symdp/verify/domains.py",
     "        return item.relations(), [item.symbol]", "        return item.relations(), []", _DOMAINS),
    ("verify: combined pieces keep the first piece's domain only", "symdp/verify/status.py",
     "else [i for f in found for i in f],", "else found[0],", _DOMAINS),
    ("verify: a piece without a machine-readable domain ignored when combined", "symdp/verify/status.py",
     '"domain_items": None if not found or any(f is None for f in found)',
     '"domain_items": None if not found or all(f is None for f in found)', _DOMAINS),
    ("verify: an empty paper domain covered by every proof", "symdp/verify/status.py",
     "        if (premises or declared) and implies(premises, [sympy.false], declared)[0]:",
     "        if False:", _DOMAINS),
    ("verify: a privacy parameter's order reversed (a proof for ε/2 covers ε)", "symdp/verify/domains.py",
     "else sympy.Ge(v, mine))", "else sympy.Ge(mine, v))", _DOMAINS),
    ("verify: a parameter the paper leaves free taken as matching the proof's", "symdp/verify/domains.py",
     "            if mine is None:\n                return None", "            if mine is None:\n                continue",
     _DOMAINS),
    ("verify: a quote not found still grades machine-complete", "symdp/verify/status.py",
     "    if not quote_found:\n", "    if False:\n", _STATUS),
    ("verify: goals without a certificate grade machine-complete", "symdp/verify/status.py",
     "    if not goals or bare:\n", "    if not goals:\n", _STATUS),
    ("verify: weak uses not followed through proved claims", "symdp/verify/status.py",
     "            todo += _claim_uses(other)\n", "", _STATUS),
    ("verify: words decide the domain again", "symdp/verify/status.py",
     '    if stated is None or proved is None:\n        which',
     '    if stated is None and proved is None:\n        which', _STATUS_AND_DOMAINS),
    ("verify: claim modules imported in the parent again", "symdp/verify/registry.py",
     "    if isolate and isolation.available():", "    if False:", _STATUS),
]
