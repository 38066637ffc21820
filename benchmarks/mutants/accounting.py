"""Mutants of the certified accountant (symdp/accounting): each makes a bracket wrong, not just
wide, and must be killed by the oracle tests (exact enumeration of finite pairs, mpmath
quadrature of the subsampled Gaussian at T = 1 and 2 and of two different steps, dp_accounting's
PLD at a fine interval, closed forms, exact lattices, hand-inverted ε(δ) on the grid).

    PYTHONPATH=. python benchmarks/mutation.py -k accounting:

Choices that only move the width (the knots of a step, the grid, the window cuts and their
weights, which directions are composed on which side) are not soundness-critical and have no
mutants here: any choice is valid, and the oracle tests check that.
"""

_TESTS = ("tests/test_accounting_oracles.py",)
_SCHEDULES = ("tests/test_accounting_schedules.py",)
_DISCRETISE = "symdp/accounting/discretise.py"
_COMPOSE = "symdp/accounting/compose.py"
_READOUT = "symdp/accounting/readout.py"
_RUN = "symdp/accounting/run.py"
_API = "symdp/accounting/api.py"
_BRACKET = "symdp/accounting/bracket.py"
_PROFILES = "symdp/accounting/profiles.py"
_COARSEN = "symdp/accounting/coarsen.py"
_COARSEN_TESTS = ("tests/test_accounting_coarsen.py",)
_SPLIT = "symdp/accounting/split.py"
_LADDER = "symdp/accounting/ladder.py"
_LADDER_TESTS = ("tests/test_accounting_ladder.py",)
_WIDTH_TESTS = ("tests/test_accounting_epsilon_width.py",)
_ADAPTERS = "symdp/accounting/adapters.py"
_CALIBRATE = "symdp/accounting/calibrate.py"
_INTERFACES = ("tests/test_accounting_interfaces.py",)

MUTANTS = [
    # composition
    ("accounting: upper composition rounds down", _COMPOSE,
     "prod = -((-prod) // one)  # ceiling division, coefficientwise", "prod = prod // one", _TESTS),
    ("accounting: upper window cut moves the mass above to the last kept loss, not +inf", _COMPOSE,
     "        kept[0] += below\n        inf += above", "        kept[0] += below\n        kept[-1] += above", _TESTS),
    ("accounting: lower window cut keeps the mass below at the lowest kept loss", _COMPOSE,
     "    else:\n        kept[j - i] += above", "    else:\n        kept[j - i] += above\n        kept[0] += below", _TESTS),
    ("accounting: a product squares its first factor whatever the second", _COMPOSE,
     "prod = a.poly * a.poly if a is b else a.poly * b.poly", "prod = a.poly * a.poly", _TESTS),
    # readout
    ("accounting: epsilon_upper's in-cell root rounded down", _READOUT,
     "min(_round_up(root[1]), d.h * hi)", "min(_round_down(root[1]), d.h * hi)", _TESTS),
    ("accounting: epsilon_lower's in-cell root rounded up", _READOUT,
     "max(_round_down(root[0]), d.h * lo)", "max(_round_up(root[0]), d.h * lo)", _TESTS),
    ("accounting: delta of a discretisation ignores the mass at +inf", _READOUT,
     "scaled = s - (arb(eps - d.h * k)).exp() * t + d.inf", "scaled = s - (arb(eps - d.h * k)).exp() * t", _TESTS),
    ("accounting: the readout trusts its float proposal of the upper end's cell", _READOUT,
     "        while not self.grid_le(hi, delta):\n            hi = min(hi + step, top)",
     "        while False:\n            hi = min(hi + step, top)", _SCHEDULES),
    ("accounting: the readout trusts its float proposal of the lower end's cell", _READOUT,
     "        while self.grid_le(lo, delta) is not False:", "        while False:", _SCHEDULES),
    ("accounting: the first direction's upper end read from its dominated side", _RUN,
     "    ups.append(_read(quantity, up, targets, True))", "    ups.append(_read(quantity, low, targets, True))", _TESTS),
    # the discretisations of a step
    ("accounting: optimistic masses rounded up", _DISCRETISE,
     "scaled[j - m] = _floor(x, bits)", "scaled[j - m] = _ceil(x, bits)", _TESTS),
    ("accounting: pessimistic masses rounded down", _DISCRETISE,
     "_ceil((slopes[k + 1] - slopes[k]) * gammas[k], bits)", "_floor((slopes[k + 1] - slopes[k]) * gammas[k], bits)",
     _TESTS),
    ("accounting: pessimistic mass at +inf rounded down", _DISCRETISE,
     "_ceil(f[-1], bits), bits, True)", "_floor(f[-1], bits), bits, True)", _TESTS),
    ("accounting: issue-18 double count re-introduced (a cut at a_j forgets the placed atom)", _DISCRETISE,
     "        if cut == aj:  # the cell is (a_j, s]: the atom at a_j, placed above, is not in P[Z > a_j]\n"
     "            pc, qc = pc + atom_p, qc + atom_q\n"
     "        masses[j] = masses.get(j, arb(0)) + (pc - ps - atom_p).lower()",
     "        masses[j] = masses.get(j, arb(0)) + (pc - ps - (atom_p if cut < aj else 0)).lower()", _TESTS),
    ("accounting: an empty cell from the right forgets the placed atom", _DISCRETISE,
     "ps, qs, s = pa + atom_p, qa + atom_q, aj", "ps, qs, s = pa, qa, aj", _TESTS),
    ("accounting: a cell from the left counts the atom at a_j again", _DISCRETISE,
     "ps, qs = ps - atom_p, qs - atom_q", "ps, qs = ps, qs", _TESTS),
    ("accounting: the last cell from the left is placed at a_j whatever its barycentre", _DISCRETISE,
     "if bound - (-arb(aj)).exp() * ps <= 0:", "if True:", _TESTS),
    ("accounting: the last cell of a rightward walk placed one grid step above the point its barycentre allows",
     _DISCRETISE, "below = int((s / h).floor())", "below = int((s / h).floor()) + 1", _TESTS),
    ("accounting: a float proposal for a cut accepted without the ball check", _DISCRETISE,
     "        if inside and balance(t) < 0:", "        if inside:", _TESTS),
    ("accounting: a discretisation cut accepted where its balance is certainly of the wrong sign", _DISCRETISE,
     "        if inside and balance(t) < 0:", "        if inside and not balance(t) < 0:", _TESTS),
    ("accounting: regula falsi keeps as its cut a point whose balance is certainly of the wrong sign", _DISCRETISE,
     "        if ft < 0:\n            b, fb = t, float(ft.mid())", "        if ft > 0 or ft < 0:\n            b, fb = t, float(ft.mid())",
     _TESTS),
    ("accounting: the dominated cells also count the P-mass at +inf", _DISCRETISE,
     "self.cache[key] = (p - self.profile.inf_mass(), q) if self.profile.p_inf else (p, q)",
     "self.cache[key] = (p, q)", _SCHEDULES),
    ("accounting: the last cell from the left bounds P(Z <= s) by all the mass, the +inf atom's too", _DISCRETISE,
     "    total = 1 - tails.profile.inf_mass()  # the finite losses' P-mass\n",
     "    total = 1 + 0 * tails.profile.inf_mass()  # the finite losses' P-mass\n", _TESTS),
    # the directions, the profiles, the parts
    ("accounting: the upper end takes the smaller direction", _RUN,
     "upper = None if any(u is None for u in column) else max(column)",
     "upper = None if any(u is None for u in column) else min(column)", _TESTS),
    ("accounting: the reverse direction dropped", _RUN,
     "if all(p.symmetric for p, _ in parts):", "if True:", _TESTS),
    ("accounting: a profile's equality (its cache key) ignores the neighbouring direction", _PROFILES,
     "return (self.base, self.q, self.add)", "return (self.base, self.q)", _TESTS),
    ("accounting: a schedule's repeated phase counted once", _API,
     'merged[profile] = merged.get(profile, 0) + params.count(steps, f"steps of phase {i}")',
     'merged[profile] = params.count(steps, f"steps of phase {i}")', _SCHEDULES),
    ("accounting: a part's count ignored in a composition", _RUN,
     "up_k, low_k = step_power(step, k, plan, limits, progress, coarse=len(parts) > 1)",
     "up_k, low_k = step_power(step, min(k, 2), plan, limits, progress, coarse=len(parts) > 1)", _SCHEDULES),
    ("accounting: Bracket.contains accepts any non-rational value", _BRACKET,
     "if lo >= lower and (upper is None or hi <= upper):", "if True:", _TESTS),
    ("accounting: add-direction P tail from the wrong base tail", _PROFILES,
     "return 1 - qb, (1 - q) * (1 - qb) + q * (1 - pb)", "return 1 - pb, (1 - q) * (1 - qb) + q * (1 - pb)", _TESTS),
    ("accounting: remove-direction P tail mixes the wrong components", _PROFILES,
     "return (1 - q) * qb + q * pb, qb", "return (1 - q) * pb + q * qb, qb", _TESTS),
    ("accounting: finite pair called symmetric when P is a permutation of Q", _PROFILES,
     "self.symmetric = sorted(map(str, zip(self.p, self.q))) == sorted(map(str, zip(self.q, self.p)))",
     "self.symmetric = sorted(map(str, self.p)) == sorted(map(str, self.q))", _TESTS),
    # coarsening (the fine-grid ladder)
    ("accounting: coarsen's lower cell index rounded up", _COARSEN,
     "int(loss_over_h.lower().floor().unique_fmpz())", "int(loss_over_h.upper().ceil().unique_fmpz())",
     _COARSEN_TESTS),
    ("accounting: coarsen places the lowest cell of its leftward walk one grid step higher", _COARSEN,
     "index = _cell_index(d.h, start, portions, k, prec)",
     "index = _cell_index(d.h, start, portions, k, prec) + (start == d.lo)", _COARSEN_TESTS),
    ("accounting: connect-the-dots gives an atom the split weight of the fine point below it", _COARSEN,
     "balls = [scale * (1 - w ** r) / (1 - w ** k) for r in range(k)]",
     "balls = [scale * (1 - w ** max(r - 1, 0)) / (1 - w ** k) for r in range(k)]", _COARSEN_TESTS + _LADDER_TESTS),
    ("accounting: coarsen's integer cell check reads every atom one fine step lower in likelihood ratio", _COARSEN,
     "bounds = _exp_bounds(h0, offset, offset + len(portions) - 1)",
     "bounds = _exp_bounds(h0, offset + 1, offset + len(portions))", _COARSEN_TESTS + _LADDER_TESTS),
    ("accounting: coarsen places every dominated cell at its grid point unchecked", _COARSEN,
     "if _at_or_above(d.h, start - target, portions):", "if True:", _COARSEN_TESTS + _LADDER_TESTS),
    # the small-q ladder: split products (dominating side) and rungs (dominated side)
    ("accounting: a split moves a dominating atom outside the band down to the working grid", _SPLIT,
     "j = -((-index) // k) if d.upper else index // k", "j = index // k", _LADDER_TESTS),
    ("accounting: a split product forgets the rest's +inf mass met by the other's coarse bulk", _SPLIT,
     "inf = ca.total * rb.inf + ra.inf * cb.total + ", "inf = ra.inf * cb.total + ", _LADDER_TESTS),
    ("accounting: a split product's rest rounded down on the dominating side", _SPLIT,
     "rest = Discrete(ra.h, lo, _rounded(exact, bits, upper), inf, bits, upper)",
     "rest = Discrete(ra.h, lo, _rounded(exact, bits, False), inf, bits, upper)", _LADDER_TESTS),
    ("accounting: the dominating ladder drops the last step of an odd T", _LADDER,
     "rest = k & ((1 << j) - 1)", "rest = k & ((1 << j) - 2)", _LADDER_TESTS),
    ("accounting: the rung ladder composes one block of 2^i steps too many on the dominated side", _LADDER,
     "power = plan.power(square, k >> i, limits, unit=2 ** i)",
     "power = plan.power(square, (k >> i) + 1, limits, unit=2 ** i)", _LADDER_TESTS),
    # a δ bracket's ε-equivalent width
    ("accounting: the profile slope read one grid step too high (the atom at eps counted)", _READOUT,
     "        k = int((eps / d.h).floor())\n        _, t = self._tail(k)",
     "        k = int((eps / d.h).floor()) - 1\n        _, t = self._tail(k)", _WIDTH_TESTS),
    ("accounting: the profile slope scaled by e^h too much", _READOUT,
     "ball = (-arb(d.h * k)).exp() * t / (fmpz(1) << d.bits)",
     "ball = (-arb(d.h * (k - 1))).exp() * t / (fmpz(1) << d.bits)", _WIDTH_TESTS),
    ("accounting: rises_by measures the rise over twice the fraction", _BRACKET,
     "rise = (arb(eps).exp() - arb(eps * (1 - fraction)).exp()) * arb(slope)",
     "rise = (arb(eps).exp() - arb(eps * (1 - 2 * fraction)).exp()) * arb(slope)", _WIDTH_TESTS),
    ("accounting: epsilon_width halved", _BRACKET,
     "r = 1 - inner.log() / arb(e)", "r = (1 - inner.log() / arb(e)) / 2", _WIDTH_TESTS),
    ("accounting: a delta bracket meets rtol through an epsilon width of twice rtol", _RUN,
     "rises_by(upper - lower, target, rtol, slope)", "rises_by(upper - lower, target, 2 * rtol, slope)", _WIDTH_TESTS),
    # issue 28: the interfaces (each an ε a user would under-report)
    ("accounting: the accountant composing the same event twice counts it once", _ADAPTERS,
     "self.parts[key] = (pair, old + count)", "self.parts[key] = (pair, max(old, count))", _INTERFACES),
    ("accounting: a self-composed event's count ignored", _ADAPTERS,
     "return event_parts(event.event, count * event.count, relation, dp)",
     "return event_parts(event.event, count, relation, dp)", _INTERFACES),
    ("accounting: gradient accumulation's sample rate not scaled", _ADAPTERS,
     "sample_rate=sample_rate * optim.accumulated_iterations)", "sample_rate=sample_rate)", _INTERFACES),
    ("accounting: the accountant's cache key ignores the counts", _ADAPTERS,
     "key = (quantity, t, tuple((k, c) for k, (_, c) in self.parts.items()))",
     "key = (quantity, t, tuple(self.parts))", _INTERFACES),
    ("accounting: a negative count subtracts steps", _ADAPTERS,
     "if isinstance(count, bool) or not isinstance(count, int) or count < 0:",
     "if isinstance(count, bool) or not isinstance(count, int) or count < -1000:", _INTERFACES),
    ("accounting: calibration's near-minimality checked at the wrong sigma", _CALIBRATE,
     "at, below = bracket(sigma), bracket(sigma * (1 - r))", "at, below = bracket(sigma), bracket(sigma * (1 - 2 * r))",
     _INTERFACES),
    ("accounting: calibration's privacy checked above the returned sigma", _CALIBRATE,
     "at, below = bracket(sigma), bracket(sigma * (1 - r))", "at, below = bracket(sigma * (1 + r)), bracket(sigma * (1 - r))",
     _INTERFACES),
    ("accounting: the JSON upper_float rounded to nearest", _BRACKET,
     "    if up and sympy.Rational(value) < x:", "    if False:", _INTERFACES),
    ("accounting: the accountant's float upper end rounded to nearest", _ADAPTERS,
     "return math.nextafter(value, math.inf) if sympy.Rational(value) < x else value", "return value", _INTERFACES),
]

EQUIVALENT: dict[str, str] = {}
