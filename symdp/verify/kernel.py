"""The proof kernel: a few inference rules that combine proved goals into bigger ones.

A **goal** (:mod:`symdp.verify.goals`) is ``∀ variables: hypotheses ⇒ conclusion``. A relation is
claimed only where its expressions are defined real numbers (the contract's reading, as for an
identity: 1/x, log x, √x, a sum with an undefined term are undefined at some points, and a goal
says nothing there). A variable may be a real or integer symbol or a sequence (``IndexedBase``,
its terms ``r[j]`` reals with the base's sign). Goals may use ``Sum``, ``Product``, ``Integral``,
``Limit``, ``Every(condition, (j, lo, hi))``, ``Sup(f, (t, lo, hi))``, ``Inf(f, (t, lo, hi))`` and
``Expect(f, (x, P))`` (:mod:`symdp.verify.recheck.terms`: E f(X) for X ~ P, P a ``Law`` variable
that ranges over the probability laws; defined where f(X) is integrable, Sup and Inf where f is
defined on the nonempty range and bounded). A ``Law`` stands only as the law of an ``Expect``
(or as the variable of a supremum over the laws). A ``Test`` a ranges over the functions
ℝ → [0, 1] and an ``Event`` A over those with values in {0, 1} (``a[x]`` the value at x); ``Sup(f,
(v,))`` and ``Inf(f, (v,))`` for v a Law, Test or Event run over its class: the least upper bound
of f over the members at which f is defined (:mod:`symdp.verify.recheck.terms`: where v enters
through expectations, the measurable tests, as in the papers' sup over events).

Each rule below checks its application when it is applied and returns an
:class:`~symdp.verify.evidence.Evidence` of kind ``rule`` whose goal is the rule's conclusion,
with a certificate of kind ``rule`` (``docs/trust-chain.md``) that the re-checker
(:mod:`symdp.verify.recheck.rules`) replays with its own code. A premise is a proved goal: one
carried, with its certificate, by evidence of this claim (:func:`fact`), or one of a used claim
(:func:`lemma`, checked when the report is assembled and by the re-check). A step that does not
follow returns *failed* evidence saying why; it never raises for a wrong step.

**Side conditions** are decided by z3's nlsat (complete for real closed fields) after
*abstraction*: every subterm that is not a polynomial in real variables (log(x), e^x, Max(a, b),
Sum(...), an integer symbol, a sequence term r[j]) becomes a fresh real variable, and each
``Every`` or ``Integrable`` a fresh proposition (``β = 1``). A formula valid for every value of the fresh variables
is valid for the values the subterms take, so this is sound; it loses only what the subterm
means, and the abstraction adds back what is always true of it (where it is defined: each fact is guarded by
the term's definedness): the sign of e^x, √x, |x|, of an
integer or sequence variable with a sign, of a product of positive factors; the defining facts of
Max, Min and Abs (m ≥ each argument and m equals one of them) and of a two-branch
``Piecewise((a, c), (b, True))`` (c ⇒ it is a, ¬c ⇒ it is b: an indicator 1_{t>0} is
Piecewise((1, t > 0), (0, True))); a test's value a[x] ≤ 1 (≥ 0 is its sign), an event's
A[x] = 0 ∨ A[x] = 1 (true of every member of the class the variable ranges over); and congruence (two subterms of one
head are equal when their arguments are: Ackermann's reduction, so p[k + 1] = p[n] once n = k + 1).
The decided goal and its SMT-LIB query are the side certificate (kind ``smtlib``), nested in the
rule certificate. An integer variable is read as a real there (sound; integrality is lost).

**Definedness.** Where a rule lets an expression disappear (the middle term of a chain, a
premise's hypotheses), the expression must be defined wherever the conclusion's are; so the side
condition includes its definedness: denominators ≠ 0, log's argument > 0, a base > 0 (≥ 0) for a
non-integer power, and ``Every(terms defined)`` for a finite sum or product. sympy reads a
reversed range by Karr's convention (Σ_{lo}^{hi} = −Σ_{hi+1}^{lo−1} when hi < lo − 1), so the
terms of the reversed range count too, and a sum of positive terms has no sign by its form. An
expectation ``Expect(f, (x, P))`` is defined where ``Integrable(f, (x, P))`` holds. A term
whose definedness is not expressible (a supremum, a limit, an integral of a partial function) may
not disappear. A rule ranges only over a plain variable (``integer=True`` or ``real=True``, no
sign): a premise about positive j says nothing at j = 0.

**Substitution.** Every rule that substitutes (instantiate, rewrite, member, continuity, at_infinity,
unfold, the derivative rules' end points, improper) rebuilds terms with sympy, which evaluates them.
Folds by exact arithmetic on rationals, by sympy's assumptions on symbols and by algebra (+, ×, integer
powers, exp∘log, a relation between identical sides) are kept; a node that decides a sign or a
comparison (a relation whose sides differ by a non-rational closed term, Abs, Max, Min, a non-integer
power, …) and folds with a closed irrational term (π, log 2, a closed Integral) is refused: sympy
decides it by evalf, whose precision is heuristic (a quadrature that misses a narrow peak reads ∫ as
1.7·10⁻²¹⁰ instead of 1.8·10⁻³). A smooth function folded out of the reals is refused too. Each node
evaluation changed is recorded as rebuilt unevaluated (for +, ×, ∧, ∨: each part that vanished; for an
integer power: its base, since sympy rewrites those by identities valid wherever the result is defined
and a zero base gives zoo): instantiate and rewrite require those terms defined, so a fold such as
0·(1/v) → 0 or 0**d → 0 cannot state the premise where it says nothing. The rule at_infinity keeps
sympy's value g(0) (0**d → 0 for d > 0, 1/zoo → 0: the one-sided limits at 0 of those terms), so "g
continuous where defined" is read at 0 in that reading; improper requires what its G at the limit point
lost, and the reading of each power whose exponent the limit point made a number (0**s is defined
nowhere, though sympy folds 0**0 to 1).

The rules (each sound for the reason given):

decide(goal, premises…)
    goal follows from the premises in real arithmetic: Def(goal) ∧ hypotheses ∧ ∧ᵢ(Def(Pᵢ) ⇒
    (Hᵢ ⇒ Cᵢ)) ⇒ conclusion, decided after abstraction. A premise's variables must be the goal's
    (instantiate first), and every term it mentions must be defined where the goal's are. Sound:
    at a point of the goal, each premise holds where it is defined.
instantiate(premise, substitution, hypotheses)
    ∀ u: H ⇒ C gives ∀ v: H' ⇒ C[u := σ(v)] when H' ⇒ H[σ] (decided), each σ(u) lies in u's
    domain (its sign decided, integrality by the form of σ(u)), and H[σ], σ(u) are defined, and so is
    every term sympy's evaluation removed while substituting (**Substitution** below; one the result
    mentions is defined wherever it says anything, one of unknown definedness is refused). Sound: the
    premise holds at the point σ(v), where all its terms, unevaluated, are defined and have the values
    of the evaluated ones. (sympy evaluates what it rebuilds: 0·(1/v) → 0 and 0**d → 0 for d > 0 make a
    substituted term defined where the premise's is not, and a relation between numbers folds to True
    — a hypothesis that vanished so was dropped from the side condition before round 7.) A power whose
    exponent σ changes is read anew by the result (x**n, n not an integer literal, is defined only for
    x > 0; x**2 everywhere), so the premise's reading at the point, Def(x**n)[σ], is required too.
apply(main, supports…)
    modus ponens: ∀: H ⇒ C and proofs of some h ∈ H (each ∀: Hₛ ⇒ h, h as written in H) give C under
    the rest of H and the Hₛ, with no solver; a discharged h must be defined wherever C is (side).
    Sound: where the new hypotheses hold, each support gives its h, so the premise gives C.
rewrite(premise, equation, reverse)
    Leibniz: ∀: H ⇒ C and ∀: Hₑ ⇒ A = B give C[A := B] under H[A := B] and Hₑ (no solver); A must be
    defined wherever the result is (side), so must every term sympy's evaluation removed while
    rewriting (as for instantiate), and B too when it lands inside an Every, Integrable or
    Converges of the result (a proposition that an undefined term makes false, not undefined, so
    the result's definedness does not give B's). Sound: where the new hypotheses hold, A = B, so
    the premise's hypotheses and conclusion hold with A as they do with B.
chain(premises…)
    a₀ R₁ a₁, a₁ R₂ a₂, … (R ∈ {=, ≤, <}; ≥, > read backwards) with equal middle terms give a₀ R aₙ
    (strict if any link is), under the union of the hypotheses; the middle terms must be defined
    (side condition). Sound: transitivity at each point where the middle terms are defined.
combine(premises…, hypotheses=())
    the conjunction of the conclusions under the union of the hypotheses (and extra ones:
    weakening). Sound: each premise holds at every point of the conclusion.
summed(premise, j, lo, hi)
    ∀ j ∈ ℤ: lo ≤ j ≤ hi ∧ Hⱼ ⇒ f ≤ g (or <, =) gives Every(Hⱼ) ⇒ Σⱼ f ≤ Σⱼ g, for integer-valued
    lo ≤ hi free of j. Sound: a finite sum of inequalities. Side: f, g defined for every j.
integrated(premise, u, lo, hi)
    ∀ u ∈ [lo, hi]: f ≤ g (or =) gives ∫ f ≤ ∫ g. **The reading of an integral**: ``Integral(f,
    (u, lo, hi))`` is the (oriented) Lebesgue integral of f over the interval, defined where f is
    defined at almost every point of it, measurable and absolutely integrable there. For f
    continuous by its form (in u: a term free of u — p[j], a finite sum, δ(c) — is a constant) and
    defined on a bounded [lo, hi] that is the Riemann integral; over an unbounded interval, where it
    is defined, it is the limit of the integrals over bounded ones (the improper integral; one that
    converges only conditionally is not defined in this reading, so claims about it say less).
    For f, g continuous by their form the side condition is f, g defined on all of [lo, hi]; for
    other integrands (an arbitrary function δ(u) or d[u], an indicator) there is none. Sound: where
    the conclusion is claimed both integrals are defined, so f and g are defined at almost every u
    of the interval, and there the premise gives f ≤ g (=); the Lebesgue integral is monotone. The
    premise's hypotheses are the range only (lo ≤ u for hi = ∞) and some free of u.
expectation(premise, j, lo, hi, weight)
    a derived rule: decide ``w·f ≤ w·g`` from f ≤ g and w ≥ 0, then :func:`summed` (an
    expectation under a finite law with masses w).
induction(goal, n, n0, base, step)
    for goal ∀ n ∈ ℤ: n ≥ n0 ∧ H ⇒ C, the base is the goal at n = n0 and the step is
    n ≥ n0 ∧ H(n+1) ∧ (H ⇒ C) ⇒ C(n+1) (:func:`induction_goals`), each proved; definedness at
    n + 1 must give definedness at n (side). Sound: induction on n for each fixed other variables.
supremum(premise, t, lo, hi)
    ∀ t in the range: f ≤ c (c free of t) gives Sup_t f ≤ c when lo ≤ hi (integer-valued ends for
    an integer t): a nonempty set bounded by c has a supremum ≤ c. Side: f defined on the range.
infimum(premise, t, lo, hi)
    the dual: f ≥ c on the range gives Inf_t f ≥ c.
member(term, at)
    f(at) ≤ Sup(f, (t, lo, hi)) (≥ for an Inf) under lo ≤ at ≤ hi, ``at`` integer-valued for an
    integer t. Sound: where the supremum is defined it bounds f at every point of the range, and
    at is one. No side condition (the statement is claimed only where it is defined).
supremum(premise, v), infimum(premise, v) over a class
    ∀ v: H ⇒ f ≤ c (< too), v a Law, Test or Event, H and c free of v, gives H ⇒ Sup(f, (v,)) ≤ c
    (Inf ≥ c dually). Sound: at a point where the conclusion is claimed, H holds and c is defined;
    the supremum runs over the members w at which f is defined, and the premise at v = w says
    f(w) ≤ c there (its terms are all defined), so c bounds the set and its least upper bound.
member(term, at, hypotheses) over a class
    f[v := at] ≤ Sup(f, (v,)) (≥ Inf) for a member: a Law for the laws; a Test (Event) variable for
    the tests (events); or ``(x, w)``, the test x ↦ w: each v[s] in f is read as w[x := s] (no
    variable of w captured by an index of f, x not free in the goal), under hypotheses H free of
    x. Side: ∀ x ∈ ℝ: H ⇒ w defined ∧ 0 ≤ w ≤ 1 (w = 0 ∨ w = 1 for the events). Sound: under H
    the function x ↦ w is a member, and where f at it is defined it is one of the values the
    supremum bounds.
expected(premise, x, P)
    ∀ x: H ⇒ f R g (R one of =, ≤, <; H free of x) gives H ⇒ E_P f R E_P g, writing E_P f for
    ``Expect(f, (x, P))``. Sound: where both expectations are defined, f(X) and g(X) are defined
    P-almost surely, so f(X) R g(X) almost surely, and the expectation is monotone (strictly: a
    positive random variable has a positive mean). A premise about part of the line does not
    serve: the support of P is not known.
equally_integrable(premise, x, P)
    ∀ x: H ⇒ f = g (H free of x) gives H ⇒ (Integrable(f, (x, P)) ⇔ Integrable(g, (x, P))). Side:
    ∀ x: H ⇒ (f defined ⇔ g defined). Sound: f and g are then one partial function of x, so
    defined P-almost surely together and with the same E|·|. (With it an expectation of a member,
    E_P[1_{p>γq}(p − γq)], is defined wherever E_P[(p − γq)₊] is, and may be a middle term.)
expected_almost_surely(premise, x, P)
    ∀ x: H(x) ∧ K ⇒ f R g (K free of x, H the hypotheses that mention x) gives K ∧ E_P[1_H] = 1 ⇒
    E_P f R E_P g, the indicator 1_H = ``Piecewise((1, H), (0, True))``. Sound: where E_P[1_H] is
    defined and 1, H(X) is defined and true almost surely; where E_P f and E_P g are defined, f(X)
    and g(X) are defined almost surely; on the intersection (probability 1) the premise gives
    f(X) R g(X), and the expectation is monotone (strictly for <).
integrable(term, hypotheses)
    Integrable(Σₖ cₖ uₖ + c₀) under ∧ₖ Integrable(uₖ) (the split of :func:`linear`; cₖ free of x)
    and hypotheses free of x; side: ∀ x: the hypotheses ∧ every uₖ defined ⇒ the body and every cₖ
    defined. Sound: each uₖ(X) is defined almost surely, so the body is, and equals Σ cₖ uₖ(X) +
    c₀ there, bounded by Σ |cₖ||uₖ(X)| + |c₀|, which is integrable. With it an expectation may be
    a middle term: :func:`decide` from the pointwise rules and this premise.
limit(monotone, bound, n, n0)
    f(n) ≤ f(n+1) and f(n) ≤ c for n ≥ n0 give lim_{n→∞} f(n) ≤ c: a bounded nondecreasing
    sequence converges to its supremum. Side: f defined for n ≥ n0. With ``converges``:
    ``Converges(Limit(f, n, oo))`` instead (the same reason: the limit exists).
continuity(term)
    ``Limit(f, x, x0, dir) = f(x0)`` for f built from functions continuous where they are defined
    (as for :func:`integrated`), x a real variable, x0 finite and free of x. Sound: the limit is
    claimed where it exists (f defined on a punctured one-sided neighbourhood of x0, both sides
    for "+-") and f(x0) is defined; there f is continuous at x0, so the two are equal.
increasing(f, x, a, b, hypotheses, strict)
    f(a) ≤ f(b) under a ≤ b (and hypotheses free of x) from f' ≥ 0 on [a, b]; f(a) < f(b) under
    a < b from f' > 0. The derivatives are sympy's; f must be *smooth by its form*: built from x with
    +, ×, powers, exp, log, sin, cos, tanh, sinh, cosh, atan, asinh, erf, erfc, each differentiable
    wherever the derivative sympy writes for it is defined. Side: for every x ∈ [a, b] under the
    hypotheses, f and f' are defined and f' ≥ 0 (> 0). Sound: f is then continuous on [a, b] and
    differentiable inside with derivative f', and the mean value theorem gives f(b) − f(a) =
    f'(ξ)(b − a) ≥ 0 (> 0). With ``interior``: f defined on [a, b] and f' defined and ≥ 0 (> 0)
    only for a < x < b — f is continuous on [a, b] (defined there, continuous where defined by its
    form), differentiable inside, and ξ is inside. With ``premises`` (proved goals over x and the
    conclusion's variables, hypotheses mentioning x allowed) the side condition assumes each
    wherever every term of it is defined (a true statement at every point, so sound).
tangent(f, x, at, lo, hi, hypotheses)
    f(x) ≥ f(at) + f'(at)(x − at) for x, at ∈ [lo, hi], from f'' ≥ 0 on [lo, hi] (side: f, f', f''
    defined there). Sound: f' is nondecreasing on [lo, hi] (the mean value theorem for f'), so
    g = f − f(at) − f'(at)(x − at) has g' ≤ 0 left of at and ≥ 0 right of it, and g(at) = 0.
fundamental(f, x, a, b, hypotheses)
    ∫_a^b f'(x) dx = f(b) − f(a) under a ≤ b, for f, f' defined on [a, b] (side) and f' continuous
    by its form: the fundamental theorem of calculus for a continuously differentiable f.
mean_value(f, x, a, b, M, hypotheses)
    |f(b) − f(a)| ≤ M (b − a) under a ≤ b from −M ≤ f' ≤ M on [a, b] (side, with f, f' defined),
    M free of x: the mean value theorem. The re-check derives every derivative with its own
    calculus (sum, product and chain rules) and compares it with sympy's term for term.
unfold(term, at)
    the definition of a finite Sum, Product or Every: at="end" peels the last term (lo ≤ hi ⇒
    Σ_{lo}^{hi} f = Σ_{lo}^{hi−1} f + f(hi)); at="all" writes a range of at most
    :data:`MAX_UNFOLD` integer constants out.
swap(term)
    Fubini for finite sums: Σ_{i=a}^{b} Σ_{j=c}^{d} f = Σ_{j=c}^{d} Σ_{i=a}^{b} f when neither range
    mentions the other index. Sound for every integer ends: by Karr's convention a sum over a
    range is a signed sum ±Σ_{i∈I} over a finite set, and the double sum is ±Σ_{I×J} f either way
    round; both sides are defined exactly when f is on I × J. Also Σ_j ∫ f du = ∫ Σ_j f du (either
    way round, ranges independent, improper allowed): where both sides are defined, the integral
    of a finite sum over a bounded interval is the sum of the integrals, and so is its limit. With
    ``converges``: a ≤ b + 1 ∧ Every(Converges(∫ f)) ⇒ Converges(∫ Σ_j f) (a finite sum of
    integrable functions is integrable).
rename(term, index)
    α-conversion: a Sum, Product, Integral, Every, Sup, Inf or Expect equals itself with its bound index renamed
    to a new symbol of the same kind (two sums written with different indices are one term).
linear(term)
    linearity of a finite sum: Σⱼ (Σₖ cₖ uₖ(j) + c₀) = Σₖ cₖ Σⱼ uₖ(j) + c₀·(hi − lo + 1) for cₖ free
    of j (lo ≤ hi + 1); checked by expanding both sides in the ring of polynomials. The same for an
    expectation: E_P[Σₖ cₖ uₖ + c₀] = Σₖ cₖ E_P uₖ + c₀ (P has mass 1). A constant's expectation
    is itself (E_P c = c) and a factor free of the index comes out of a sum or an expectation
    this way; for an integral ∫_lo^hi (Σₖ cₖ uₖ + c₀) du = Σₖ cₖ ∫ uₖ + c₀(hi − lo), and over an
    unbounded interval the same with no constant part (∫ c₀ diverges); Jensen's inequality for a convex φ is derived: ``expected`` on the tangent line
    φ(x) ≥ φ(m) + s(x − m) at m = E_P x, then ``linear``. A body that is one part with
    coefficient 1 has nothing to split and is refused (the equation would be term = term).
split(term, at, hypotheses)
    interval additivity: ∫_a^b f du = ∫_a^c f du + ∫_c^b f du under a ≤ c ≤ b (c finite, free of
    u; the inequality at an infinite end dropped) and hypotheses free of u, for f continuous by its
    form. Side: f defined on all of [a, b] under the hypotheses and a ≤ c ≤ b. Sound: f is then
    continuous on every bounded part, so Riemann integrable there, and the integral is additive;
    with an infinite end, ∫_a^R = ∫_a^c + ∫_c^R for every R ≥ c, so the improper integrals of the
    two sides converge together and agree in the limit (claimed where they converge).
at_infinity(term, t, g, hypotheses)
    Limit(f, k, ∞) = g(0) (k → −∞: with f(−1/t)) under hypotheses free of k and t, for g
    continuous by its form. Side: for t > 0 where f(1/t) is defined, g is defined and equals it;
    and g(0) is defined. Sound: where the limit exists, f is defined at arbitrarily large k (integers
    for an integer k: a sequence's limit), f(k) = g(1/k) there, and 1/k → 0⁺; g is continuous
    where it is defined, 0 included, so g(1/k) → g(0). The value is stated rather than
    Limit(g, t, 0, '+'), whose definedness is not expressible (it could not be a middle term).
    With ``converges``: ``Converges(term)`` instead (its own goal), the side also requiring f(±1/t)
    defined at EVERY t > 0: then f(k) = g(±1/k) for all k of the sign, and the limit exists.
truncated(premise, u, lo, c, converges)
    ∀ u: c ≤ u ∧ H ⇒ f = 0 (H free of u) gives H ∧ lo ≤ c ⇒ ∫_lo^∞ f = ∫_lo^c f; with
    ``converges``, H ∧ lo ≤ c ⇒ ``Converges(∫_lo^∞ f)`` for f continuous by its form and defined on
    [lo, ∞) (side). Sound: where ∫_lo^∞ f is defined it is ∫_lo^c f + ∫_c^∞ f and f = 0 almost
    everywhere beyond c; for convergence, f is continuous on the compact [lo, c] (bounded,
    integrable) and 0 beyond. ``Converges(T)`` (T an Integral or a Limit) is the proposition "T is a
    defined real number"; it is T's definedness wherever T's is not written otherwise (an integral
    of a continuous integrand defined everywhere, over a bounded interval, is defined outright), and
    its own definedness is empty, so only a rule that proves convergence concludes it.
dominated(Integrable(f, (x, P)), g, hypotheses, premises)
    Integrable(f) under the hypotheses (free of x), Integrable(g) and Integrable(uₖ) for the parts uₖ
    of f that mention x and are not Borel operations by their form (p[x], δ(x), a[x], a binder;
    +, ×, powers, log, the continuous functions, a two-branch Piecewise of a relation and a finite
    sum of such are). Side: where the hypotheses hold and g and the uₖ are defined, f is defined and
    |f| ≤ g (proved `premises` assumed where their terms are defined). Sound: the uₖ(X) are
    integrable, so measurable; f(X) is a Borel function of X and them, defined almost surely and
    dominated by g(X), so integrable. For ``Integral(f, (u, lo, hi))`` the same over the interval:
    Converges(∫ f) under lo ≤ hi and the definedness of ∫ g and ∫ uₖ.
improper(G, inner, x, lo, hi, hypotheses, converges, premises)
    the fundamental theorem over a half-line: for F = G(h₁(x), …, h_m(x)), each h_i exp, erf or erfc of
    c_i·x + d_i (c_i, d_i free of x) with a recorded direction (its argument tends to ±∞ at the infinite end),
    ∫_{−∞}^b F' dx = F(b) − L (∫_a^∞ F' dx = L − F(a)), L = G at the limits of the h_i (exp → 0 as its argument
    → −∞, erf → ∓1, erfc → 2 or 0); with ``converges``, ``Converges`` of the integral instead. Side conditions,
    under the hypotheses (free of x; proved ``premises`` assumed where their terms are defined): F and F' defined
    and F' ≥ 0 on the half-line; G defined at the limit point and each c_i of the sign that sends its argument
    to the recorded infinity. G is continuous by its form, F smooth by its form, F' continuous by its form.
    Sound: on every bounded [−R, b] the fundamental theorem gives F(b) − F(−R); the inner arguments tend to
    their recorded infinities (the slopes' signs), so h_i(−R) → lim h_i, and G, continuous where defined and
    defined at the limit point, gives F(−R) → L; F' ≥ 0, so by monotone convergence the Lebesgue integral of F'
    over the half-line is lim (F(b) − F(−R)) = F(b) − L, finite: F' is integrable there and the value holds.
joined(term, c, hypotheses)
    Converges(∫_a^b f) under a ≤ c ≤ b (the inequality at an infinite end dropped), the hypotheses (free of
    the variable) and the definedness of ∫_a^c f and ∫_c^b f; a bounded piece whose integrand is continuous by
    its form needs instead, as a side condition, f defined on the piece. Sound: f is then integrable on each
    piece (a continuous function on a compact interval is bounded and integrable), so measurable and
    absolutely integrable on their union, {c} being null.
diverges(premise, u, lo)
    ∀ u: lo ≤ u ∧ H ⇒ c ≤ f (or c < f; H and c free of u, lo finite and free of u) gives
    H ∧ Converges(∫_lo^∞ f du) ⇒ c ≤ 0. No side condition (f need not be continuous). Sound: where the
    conclusion is claimed, H holds, c is defined and ∫_lo^∞ f is a defined real, so f is defined at almost
    every u ≥ lo and absolutely integrable there; at each such u the premise's terms are defined and give
    f(u) ≥ c; were c > 0, ∫_lo^∞ |f| ≥ ∫_lo^∞ c du = ∞.
tends(term, to, hypotheses, converges)
    Limit(h(c·k + d), k, ±∞) = L for h exp, erf or erfc (c, d free of k) whose argument tends to to·∞ (to = ±1),
    L from the table (exp → 0 as its argument → −∞; erf → ∓1; erfc → 2 or 0; exp has no finite limit at +∞ and
    is refused there); with ``converges``, ``Converges(term)``. Side, under the hypotheses (free of k): c·k + d
    defined and c of the sign sending the argument to to·∞. Sound: an affine argument with that slope tends to
    to·∞, and h has the tabled limit there (erfc = 1 − erf); a sequence has the function's limit.
every(premise, j, lo, hi)
    ∀ j: lo ≤ j ≤ hi ∧ H ⇒ C (H free of j, integer-valued ends) gives H ⇒ Every(C, (j, lo, hi)).
    Side: C's terms defined at every j of the range (none for a proposition such as Converges).
    Sound: at each j of the range the premise's terms are defined and its hypotheses hold. With it
    a finite sum of improper integrals is defined (Every(Converges(…))) and may be a middle term.

**A bounded supremum** (kernel7b, K4). ``Sup(f, …)`` / ``Inf`` whose body f is total (no condition
for its definedness at any point) and bounded by its form by a bound free of the index (t only
inside a test's value a[…] or a Markov kernel's K[B, …], each in [0, 1], combined by +, ×, |·|,
max, min, a two-branch case split, positive integer powers, e^·, and suprema of such bodies) is
defined: over a class (Law, Test, Event) everywhere (the class is nonempty: δ₀, the test 0, the
empty event); over a real range [lo, hi] (a plain real index; −∞ below, ∞ above allowed) exactly
where the finite ends are defined and lo ≤ hi (both finite). Sound, and exact: a nonempty set of
reals bounded above has a least upper bound; an empty range or an undefined end leaves it
undefined. Any other supremum's definedness stays unknown (it may not disappear).

member(Sup(f, (P,)), ("dirac", a), hypotheses) — a point mass (kernel7b, K2)
    f' ≤ Sup(f, (P,)) (≥ Inf) under H, f' being f with every ``Expect(g, (s, P))`` read as g(a): a a
    real term (no bound index, law or test) not captured by an index of f, s a plain real (an
    integer s needs a integer-valued by its form), P not bound again in f, not in any g, and in f only
    as the law of an expectation. Side: ∀: H ⇒ Def(g)[s := a] ∧ Def(g(a)) for each g (g is defined
    at a in the kernel's reading, not only after sympy folds g(a)). Sound: δ_a is a probability law;
    E_{δ_a} g = g(a) wherever g(a) is defined (g(X) = g(a) almost surely, a finite constant); so f
    at δ_a is f', one of the values the supremum bounds where it is defined.

**A Markov kernel** (kernel7b, K1). ``MarkovKernel("K")`` (:mod:`.recheck.terms`) is a goal
variable ranging over the Markov kernels from ℝ to ℝ; its terms are ``K[B, s]`` with B an Event
variable (an output event) and s a real term: K(B|s) for a Borel B, 0 for another B (a convention
that keeps K[B, s] total, in [0, 1] and measurable in s; where B enters only through K[B, ·], a
supremum over B is the supremum over the measurable output events, a nonmeasurable B giving the
value of ∅). The kernel reads it as a test's value: defined wherever s is, 0 ≤ K[B, s] ≤ 1 (the
abstraction's fact, ≥ 0 its sign), congruence on (B, s) (an Event index is abstracted as a fresh
real, equal for equal events); bounded by its form (a bounded supremum, above); a Borel function of
x when its input is (``dominated`` asks no Integrable of it: s ↦ K(B|s) is measurable by the
definition of a Markov kernel). B is the variable of ``Sup(f, (B,))`` over the events; a member at
another Event variable substitutes inside K[B, ·]; the test (x, w) is refused where B occurs in a
kernel (w is no output event); ``member(Sup(f, (B,)), "empty")`` reads every B[t] and K[B, t] as 0
(∅ is an event, K(∅|t) = 0), refused if B occurs otherwise. A K-term of another shape (K[a, s], a
test) is a nonnegative real and nothing more.

**A supremum that exists** (kernel7b, K5). Where the bounded-form reading above does not apply, a
Sup or Inf is defined exactly where ``Converges(Sup(...))`` holds (the proposition "it is a defined
real number", as for an integral or a limit; its own definedness is empty, so only a rule proves it).

sup_converges(premise, v, at, supports), inf_converges(...)
    ∀ v: H ⇒ f ≤ c (≥ for inf; H and c free of v, v a Law, Test or Event) and a member ``at`` (a
    Law / Test / Event variable of the class, or a point mass ("dirac", a) for the laws, read as in
    member) give H ⇒ Converges(Sup(f, (v,))). Side: under H (and the proved ``supports``, each
    assumed wherever its terms are defined), f at the member is defined (for a point mass also each
    expectation's body at a in the kernel's reading, and a) and c is defined. Sound: the values of f
    at the members where it is defined form a set containing f(at), so nonempty, bounded above by c
    (the premise at each of those members, c being defined), so it has a least upper bound. A
    two-level member in one step is not offered: an outer supremum ignores the members at which the
    inner one is undefined, so each level needs its own existence.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

import sympy
from sympy.core.relational import Relational
from sympy.logic.boolalg import Boolean, BooleanFunction

from .. import limits
from ..errors import ParameterError
from .evidence import Evidence, settled
from .goals import Goal, canonical_srepr
from .recheck.smt import LOGIC as SMT_LOGIC
from .recheck.smt import query as smtlib_query
from .recheck.terms import Converges, Event, Every, Expect, Inf, Integrable, Law, Sup, Test
from .recheck.terms import MarkovKernel

__all__ = ["MarkovKernel", "sup_converges", "inf_converges", "Every", "Sup", "Inf", "Expect", "Integrable", "Converges", "Law", "Test", "Event", "Fact", "goal", "fact", "lemma", "decide", "instantiate", "apply", "rewrite", "chain", "combine", "summed", "integrated",
           "expectation", "induction", "induction_goals", "supremum", "infimum", "member", "expected", "expected_almost_surely", "integrable",
           "equally_integrable", "limit",
           "continuity", "increasing", "tangent", "fundamental", "mean_value", "unfold",
           "linear", "swap", "rename", "split", "at_infinity", "truncated", "every", "dominated", "improper", "joined", "diverges", "tends", "RULES"]

#: The rules, as their certificates name them.
RULES = ("decide", "instantiate", "apply", "rewrite", "chain", "combine", "sum", "integrate", "induction", "sup", "inf",
         "member", "expect", "expect-as", "integrable", "equally-integrable", "limit", "continuity", "increasing", "tangent", "ftc", "mean-value", "unfold", "linear", "swap", "rename", "split", "infinity", "truncate", "every", "dominated", "improper", "joined", "diverge", "tends",
         "sup-converges", "inf-converges")
#: Time limit (milliseconds) of one side condition in z3.
Z3_TIMEOUT_MS = 20000
#: Longest integer range :func:`unfold` writes out.
MAX_UNFOLD = 64
#: Functions continuous wherever they are defined (the integrands :func:`integrated` accepts), and total on ℝ.
_TOTAL = (sympy.exp, sympy.sin, sympy.cos, sympy.tanh, sympy.sinh, sympy.cosh, sympy.atan, sympy.asinh, sympy.erf,
          sympy.erfc, sympy.Abs, sympy.Max, sympy.Min)
_BINDERS = (sympy.Sum, sympy.Product, sympy.Integral, Every, Sup, Inf, Expect, Integrable)
#: The terms over a probability law (their law is no number).
_OVER_LAW = (Expect, Integrable)


class _Refused(Exception):
    """The step does not follow (a failed evidence says why)."""


class _Unknown(Exception):
    """A term whose definedness the kernel cannot express."""


# --------------------------------------------------------------------------------------------
# premises


@dataclass(frozen=True)
class Fact:
    """A proved goal a rule may rest on: from `evidence` of this claim (`claim` None), or one of
    the claim `claim`'s goals (checked against that claim when the report is assembled)."""

    goal: Goal
    claim: str | None = None
    evidence: Evidence | None = None


def _certified(node: object, certs: set, goals: dict) -> None:
    if isinstance(node, Mapping):
        cert = node.get("certificate")
        if isinstance(cert, Mapping) and "digest" in cert:
            certs.add(cert["digest"])
        for item in node.get("certificates", []) if isinstance(node.get("certificates"), list) else []:
            if isinstance(item, Mapping) and "digest" in item:
                certs.add(item["digest"])
        for g in node.get("goals", []) if isinstance(node.get("goals"), list) else []:
            if isinstance(g, Mapping) and "digest" in g:
                goals.setdefault(g["digest"], g)
        for key, value in node.items():
            if key not in ("certificate", "certificates"):
                _certified(value, certs, goals)
    elif isinstance(node, list):
        for item in node:
            _certified(item, certs, goals)


def fact(evidence: Evidence, goal: Goal | int | None = None) -> Fact:
    """The proved goal `goal` of `evidence` (a :class:`Goal`, an index into the evidence's goals,
    or None when it has exactly one) as a premise. Refused (ParameterError) unless the evidence is
    proved and carries that goal with a certificate of the same digest."""
    if not isinstance(evidence, Evidence):
        raise ParameterError(f"a premise must be Evidence or a Fact, got {type(evidence).__name__}")
    if evidence.status != "proved":
        raise ParameterError(f"a premise must be proved, got {evidence.status} evidence: {evidence.detail[:120]}")
    certs: set = set()
    goals: dict = {}
    _certified(evidence.data, certs, goals)
    top = [g for g in evidence.data.get("goals", []) if isinstance(g, Mapping)]
    if goal is None:
        if len(top) != 1:
            raise ParameterError(f"the evidence proves {len(top)} goals; name one (goal=Goal or an index)")
        chosen = top[0]
    elif isinstance(goal, int):
        if not 0 <= goal < len(top):
            raise ParameterError(f"goal index must be in [0, {len(top)}), got {goal}")
        chosen = top[goal]
    elif isinstance(goal, Goal):
        chosen = goals.get(goal.digest)
        if chosen is None:
            raise ParameterError(f"the evidence does not prove the goal {goal.text()}")
    else:
        raise ParameterError(f"goal must be a Goal, an index or None, got {type(goal).__name__}")
    if chosen["digest"] not in certs:
        raise ParameterError(f"the goal {chosen.get('text', chosen['digest'])} carries no certificate")
    parsed = Goal.from_json(chosen)
    if parsed.digest != chosen["digest"]:
        raise ParameterError("the recorded goal does not match its digest")
    return Fact(parsed, None, evidence)


def lemma(claim_id: str, goal: Goal) -> Fact:
    """The goal `goal` of the claim `claim_id`, which must be in this claim's ``uses`` and prove
    `goal` with a certificate (checked when the report is assembled, and by the re-check)."""
    if not isinstance(goal, Goal) or not isinstance(claim_id, str) or ":" not in claim_id:
        raise ParameterError("lemma(claim_id, goal) takes a claim id ('paper:label') and a Goal")
    return Fact(goal, claim_id, None)


def _readable(g: Goal) -> None:
    """The re-checker reads `g` back from its canonical form to the same goal (else no replay)."""
    try:
        same = Goal.from_json(g.to_json()).digest == g.digest
    except (ValueError, TypeError, SyntaxError) as err:
        raise _Refused(f"the re-checker cannot read the goal {g.text()}: {err}") from None
    if not same:
        raise _Refused(f"the goal {g.text()} does not read back as itself")


def _premise(p: Fact | Evidence) -> Fact:
    return p if isinstance(p, Fact) else fact(p)


# --------------------------------------------------------------------------------------------
# terms: free variables, definedness, shapes


def _free(e: sympy.Basic) -> set:
    """The variables of `e`: symbols and sequences (``IndexedBase``), not bound indices."""
    if isinstance(e, sympy.Indexed):
        return {e.base}.union(*(_free(i) for i in e.indices))
    if isinstance(e, (sympy.IndexedBase, sympy.Symbol)):
        return {e}
    if isinstance(e, _BINDERS):
        free = _free(e.args[0])
        for lim in e.args[1:]:  # innermost first: an inner range may mention an outer index
            free = (free - {lim[0]}).union(*(_free(v) for v in lim[1:]))
        return free
    if isinstance(e, sympy.Limit):
        return _free(e.args[0]) - {e.args[1]} | _free(e.args[2])
    return set().union(*(_free(a) for a in e.args if isinstance(a, sympy.Basic)))


def _bound(e: sympy.Basic) -> set:
    out = set()
    if isinstance(e, _BINDERS):
        out |= {lim[0] for lim in e.args[1:]}
    elif isinstance(e, sympy.Limit):
        out.add(e.args[1])
    return out.union(*(_bound(a) for a in e.args if isinstance(a, sympy.Basic)))


def goal(conclusion: object, hypotheses: Iterable[object] = ()) -> Goal:
    """The goal ∀ variables: hypotheses ⇒ conclusion over its free variables (symbols and
    sequences; the indices of sums, products, integrals and ``Every`` are bound), hypotheses
    deduplicated and True dropped: the form every kernel goal has."""
    return _make(_relation(conclusion, "conclusion"), [_relation(h, "hypotheses") for h in hypotheses])


def _make(conclusion: sympy.Basic, hypotheses: Iterable[sympy.Basic]) -> Goal:
    hyps = tuple(dict.fromkeys(h for h in hypotheses if h is not sympy.true))
    if sympy.false in hyps:
        raise ParameterError("a hypothesis is False, so the goal would hold vacuously (Python's == compares two "
                             "expressions' structure and gives False: write sympy.Eq(a, b) for an equation)")
    for part in (conclusion, *hyps):
        if not _is_condition(part):
            raise ParameterError(f"a goal is made of conditions, got {part}")
        if part.has(sympy.Float):
            raise ParameterError(f"a goal must be exact (a Float reads its binary value), got {part}")
        if _stray_law(part):
            raise ParameterError(f"a Law may stand only as the law of an Expect, got {part}")
    free = _free(conclusion).union(*(_free(h) for h in hyps))
    clash = free & set().union(*(_bound(p) for p in (conclusion, *hyps)))
    if clash:
        raise ParameterError(f"{sorted(map(str, clash))} occur both free and as a bound index; rename the index")
    return Goal(tuple(sorted(free, key=lambda s: (str(s), canonical_srepr(s)))), hyps, conclusion)


def _stray_law(e: sympy.Basic) -> bool:
    """A Law anywhere but in the law slot of an Expect (where it names the law, not a number)."""
    if isinstance(e, Law):
        return True
    if isinstance(e, _OVER_LAW) or (isinstance(e, (Sup, Inf)) and e.over_class):
        return _stray_law(e.function)  # a law names the law of an expectation, or the variable of a supremum over laws
    return any(_stray_law(a) for a in e.args if isinstance(a, sympy.Basic))


def _is_condition(e: object) -> bool:
    """A relation, And/Or/Not/Equivalent of them, Every or True/False (a sympy Symbol is a Boolean too: not one)."""
    return isinstance(e, Boolean) and not isinstance(e, sympy.Symbol)


def _integer_valued(e: sympy.Basic) -> bool:
    """An integer at every point, by its form: integers, integer symbols and their +, −, × and powers."""
    if e.is_Integer or (isinstance(e, sympy.Symbol) and e.is_integer):
        return True
    if isinstance(e, (sympy.Add, sympy.Mul)):
        return all(_integer_valued(a) for a in e.args)
    return isinstance(e, sympy.Pow) and e.exp.is_Integer and e.exp >= 0 and _integer_valued(e.base)


def _defined(e: sympy.Basic) -> set:
    """Conditions under which `e` is defined (a real number; a condition with defined sides).
    Raises _Unknown for a term whose definedness is not expressible."""
    return _conditions(e) - {sympy.true}


def _conditions(e: sympy.Basic) -> set:
    if isinstance(e, (sympy.Symbol, sympy.IndexedBase)) or e in (sympy.true, sympy.false):
        return set()
    if e.is_Number:
        if not e.is_finite or not e.is_extended_real:
            raise _Unknown(f"{e} is not a real number")
        return set()
    if isinstance(e, sympy.NumberSymbol):
        return set()
    if isinstance(e, sympy.Indexed):
        return set().union(*(_defined(i) for i in e.indices))
    if isinstance(e, (sympy.Add, sympy.Mul, Relational, BooleanFunction)) or e.func in _TOTAL:
        return set().union(*(_defined(a) for a in e.args))
    if isinstance(e, sympy.Pow):
        out = _defined(e.base) | _defined(e.exp)
        if e.exp.is_Integer:
            return out | ({sympy.Ne(e.base, 0)} if e.exp < 0 else set())
        return out | {e.base > 0 if (not e.exp.is_Rational or e.exp < 0) else e.base >= 0}
    if isinstance(e, sympy.log) and len(e.args) == 1:
        return _defined(e.args[0]) | {e.args[0] > 0}
    if isinstance(e, sympy.binomial) and all(_integer_valued(a) for a in e.args):
        # C(n, k) of integers is an integer for every n, k (0 for k < 0; (−1)^k C(k − n − 1, k) for n < 0)
        return set().union(*(_defined(a) for a in e.args))
    if isinstance(e, (sympy.Sum, sympy.Product)):
        # sympy reads a reversed range by Karr's convention (Σ_{lo}^{hi} = −Σ_{hi+1}^{lo−1}, a product's
        # reciprocal), so the terms of both ranges must be defined, and nonzero for a reversed product;
        # a sum over several ranges (innermost first) is the sum of the inner sums
        inner, body = _defined(e.function), e.function
        for level, (j, lo, hi) in enumerate(e.limits, 1):
            if not (_integer_valued(lo) and _integer_valued(hi)):
                raise _Unknown(f"the range of {e} is not integer-valued")
            back = (inner | ({sympy.Ne(body, 0)} if isinstance(e, sympy.Product) else set())) - {sympy.true}
            ahead = Every(sympy.And(*_ordered(inner)), (j, lo, hi)) if inner else sympy.true
            behind = Every(sympy.And(*_ordered(back)), (j, hi + 1, lo - 1)) if back else sympy.true
            inner = (_defined(lo) | _defined(hi) | (set() if ahead is sympy.true and behind is sympy.true else {
                sympy.Or(sympy.And(sympy.Le(lo, hi + 1), ahead), sympy.And(sympy.Lt(hi + 1, lo), behind))})) - {sympy.true}
            body = e.func(e.function, *e.limits[:level])
        return inner
    if isinstance(e, Every):
        return _defined(e.limits[1]) | _defined(e.limits[2])
    if isinstance(e, Expect):  # defined where f(X) is integrable: a proposition the abstraction keeps opaque
        return {Integrable(e.function, e.limits)}
    if isinstance(e, (Integrable, Converges)):  # a proposition: never its term's definedness (or decide would assume it)
        return set()
    if _two_branches(e):  # the condition decided, and the branch it selects defined
        (a, c), (b, _) = e.args
        return (_defined(c) | {sympy.Or(sympy.Not(c), sympy.And(*_ordered(_defined(a)))),
                               sympy.Or(c, sympy.And(*_ordered(_defined(b))))}) - {sympy.true}
    if isinstance(e, sympy.Integral) and len(e.limits) == 1 and len(e.limits[0]) == 3:
        u, lo, hi = e.limits[0]
        finite = [end for end in (lo, hi) if end not in (sympy.oo, -sympy.oo)]
        ends = set().union(*(_defined(end) for end in finite))
        try:  # a continuous integrand defined everywhere, over a bounded interval: Riemann integrable
            if len(finite) == 2 and _continuous(e.function, u) and not _defined(e.function):
                return ends
        except _Unknown:
            pass
        return ends | {Converges(e)}
    if isinstance(e, sympy.Limit):
        point = e.args[2]
        return (set() if point in (sympy.oo, -sympy.oo) else _defined(point)) | {Converges(e)}
    if isinstance(e, (Sup, Inf)):  # a bounded supremum (kernel7b, K4): defined where its range is nonempty
        return _extremum_conditions(e)
    raise _Unknown(f"where {e} is defined")


#: Heads whose automatic evaluation is exact algebra whatever their arguments: flattening and collecting (+, ×),
#: the connectives on decided parts, containers and binders (which do not evaluate), applied undefined functions.
_EXACT_HEADS = (sympy.Add, sympy.Mul, sympy.And, sympy.Or, sympy.Not, sympy.Equivalent, sympy.Piecewise,
                sympy.Tuple, sympy.Indexed, sympy.Limit, Converges, *_BINDERS)
#: Heads whose evaluation joins parts (flattening, collecting, dropping True/False): what disappears is tracked.
_JOINING = (sympy.Add, sympy.Mul, sympy.And, sympy.Or, sympy.Not, sympy.Equivalent)
#: Functions whose evaluation on a real argument is an identity (exp(log c) = c, erf(−c) = −erf(c), …): a fold is
#: refused only when it leaves the reals (log of a negative number, …).
_SMOOTH_HEADS = (sympy.exp, sympy.log, sympy.sin, sympy.cos, sympy.tanh, sympy.sinh, sympy.cosh, sympy.atan,
                 sympy.asinh, sympy.erf, sympy.erfc)
_NOT_REAL = (sympy.I, sympy.zoo, sympy.nan, sympy.oo, -sympy.oo)


def _constant(e: sympy.Basic) -> bool:
    """Whether `e` contains a closed number term that is not rational (π, √2, log 2, a closed integral or sum):
    a value sympy compares only numerically (evalf), never by exact arithmetic."""
    for t in sympy.preorder_traversal(e):
        if isinstance(t, sympy.Expr) and not t.is_Rational and not isinstance(t, (sympy.Symbol, sympy.Indexed, sympy.IndexedBase)) \
                and not _free(t):
            return True
    return False


def _substitute(e: sympy.Basic, rule: Mapping, lost: list | None = None) -> sympy.Basic:
    """``e.xreplace(rule)``, refused where sympy's evaluation of a rebuilt node decides something numerically;
    with `lost` (a list), the terms whose definedness evaluation removed are appended to it (:func:`_lost`).

    sympy evaluates a node rebuilt with new arguments: a relation whose sides became numbers folds to True or False,
    Abs, Max, Min, a non-integer power and the like pick a branch by the sign of their arguments. When those
    arguments hold a closed non-rational term (π, log 2, a closed Integral), the decision comes from evalf, whose
    precision is a heuristic (a narrow peak under a quadrature, a cancellation): a wrong fold would drop a
    hypothesis or change a conclusion. Such a fold is refused; folds decided by exact arithmetic on rationals, by
    sympy's assumptions on symbols, or by algebra (+, ×, integer powers, exp∘log) are kept. A kept fold may still
    make a term defined where the unevaluated one is not (0·(1/v) → 0, 0**d → 0 for d > 0, exp(log x) → x, a
    relation between equal terms → True): each node that evaluation changed, as rebuilt without evaluation (for
    +, ×, ∧, ∨: each part that disappeared), goes into `lost`. Wherever the result and those terms are defined,
    the unevaluated substitution is defined and has the same value (by induction on the term)."""
    rule = dict(rule)

    def walk(node: sympy.Basic) -> tuple[sympy.Basic, bool]:
        if node in rule:
            return rule[node], True
        if not isinstance(node, sympy.Basic) or not node.args:
            return node, False
        args, changed = [], False
        for a in node.args:
            b, c = walk(a) if isinstance(a, sympy.Basic) else (a, False)
            args.append(b)
            changed |= c
        if not changed:
            return node, False
        built = node.func(*args)
        if isinstance(node, _JOINING):
            if lost is not None:  # the parts evaluation removed (x − x → 0, 0·S → 0, A ∨ True → True)
                gone = set(_pieces_all([a for a in args if isinstance(a, sympy.Basic)])) - set(_pieces(built))
                lost.extend(sorted(gone, key=canonical_srepr))
            return built, True
        if isinstance(node, _EXACT_HEADS) or isinstance(node, sympy.core.function.AppliedUndef):
            return built, True
        if isinstance(node, _SMOOTH_HEADS) and built.has(*_NOT_REAL) and not node.has(*_NOT_REAL):
            raise _Refused(f"sympy evaluates {node.func}{tuple(args)} to {built}, not a real number")
        with sympy.evaluate(False):
            kept = node.func(*args)
        if built != kept:
            power = isinstance(node, sympy.Pow) and args[1].is_Integer
            numeric = not isinstance(node, _SMOOTH_HEADS) and not power
            if numeric and isinstance(node, Relational):  # sympy compares the sides by their difference
                difference = args[0] - args[1]
                numeric = not difference.is_Rational and _constant(difference)
            elif numeric:
                numeric = any(_constant(a) for a in args if isinstance(a, sympy.Basic))
            if numeric:
                raise _Refused(f"sympy decides {kept} numerically (to {built}): a closed non-rational term is compared "
                               "only by evalf; substitute a rational or a symbol, or prove the relation")
            if lost is not None:
                # an integer power is rewritten by identities that hold wherever the result is defined ((x^a)^n =
                # x^(an), (xy)^n = xⁿyⁿ, numbers; a zero base gives zoo, never a real): its base is what may vanish
                lost.append(args[0] if power else kept)
        return built, True

    out, _ = walk(e)
    if out != e.xreplace(rule):
        raise _Refused(f"the substitution into {e} does not rebuild as sympy's")
    return out


def _defined_at(parts: Iterable[sympy.Basic], rule: Mapping, target: Goal | None = None) -> set:
    """What the substitution `rule` into `parts` needs beyond the definedness of its result: the definedness of
    what sympy's evaluation removed (:func:`_substitute`), so that the premise's terms are defined at the point."""
    lost: list = []
    for part in parts:
        _substitute(part, rule, lost)
    return _lost(lost, target) | _powers_reread(parts, rule)


def _powers_reread(parts: Iterable[sympy.Basic], rule: Mapping) -> set:
    """The premise's reading of each power whose exponent the substitution turns from a term into a number, at the
    point: x**n (n not a literal) is defined only for x > 0, but x**2 everywhere and x**(1/2) for x ≥ 0, so without
    Def(x**n)[σ] the instance would speak where the premise said nothing (n := 2 at x = 0; n := 0 in (1/x)**n, which
    sympy folds to 1). An exponent that stays a term keeps the reading x > 0. Such a power inside a binder is refused
    (its condition would name the bound index)."""
    out: set = set()
    for part in parts:
        bound = _bound(part)
        for node in sympy.preorder_traversal(part):
            if isinstance(node, sympy.Pow) and not node.exp.is_Rational and node.exp.xreplace(rule).is_Rational:
                if bound & _free(node):
                    raise _Refused(f"the substitution changes the exponent of {node}, inside a binder")
                out |= {_substitute(c, rule) for c in _defined(node)}
    return out - {sympy.true}


def _lost(terms: Iterable[sympy.Basic], target: Goal | None) -> set:
    """The definedness of `terms` piece by piece; a piece `target` mentions is defined wherever it says anything,
    any other of unknown definedness is _Unknown."""
    mentioned = set(_pieces_all([*target.hypotheses, target.conclusion])) if target is not None else set()
    out: set = set()
    for piece in _pieces_all(terms):
        if piece not in mentioned:
            out |= _defined(piece)
    return out - {sympy.true}


def _ordered(conditions: Iterable[sympy.Basic]) -> list:
    return sorted(set(conditions) - {sympy.true}, key=canonical_srepr)


def _defined_all(parts: Iterable[sympy.Basic]) -> set:
    """Definedness of the expressions of a goal, as far as it is expressible (the rest is left out:
    a weaker antecedent)."""
    out: set = set()
    for part in parts:
        for atom in _pieces(part):
            try:
                out |= _defined(atom)
            except _Unknown:
                pass
    return out - {sympy.true}


def _pieces(e: sympy.Basic) -> list:
    """`e` cut at the terms whose definedness may be unknown, so the rest still counts."""
    if isinstance(e, (Relational, BooleanFunction, sympy.Add, sympy.Mul)) and not isinstance(e, Every):
        return [p for a in e.args for p in _pieces(a)]
    return [e]


def _continuous(f: sympy.Basic, var: sympy.Symbol | None = None) -> bool:
    """Built only from functions continuous where they are defined; as a function of `var` (when
    given), a subterm free of `var` (a sequence term p[j], a finite sum, an applied function δ(c), …)
    is a constant, so continuous too (where it is defined, a real number that does not move with var)."""
    if var is not None and var not in _free(f):
        return True
    if isinstance(f, (sympy.Symbol, sympy.Number, sympy.NumberSymbol)):
        return True
    if isinstance(f, (sympy.Add, sympy.Mul, sympy.Pow, sympy.log)) or f.func in _TOTAL:
        return all(_continuous(a, var) for a in f.args)
    return False


def _orient(rel: sympy.Basic) -> tuple[sympy.Basic, str, sympy.Basic]:
    """(a, op, b) with op one of '=', '<=', '<', reading ≥ and > backwards."""
    if isinstance(rel, sympy.Eq):
        return rel.lhs, "=", rel.rhs
    for kind, op, flip in ((sympy.LessThan, "<=", False), (sympy.StrictLessThan, "<", False),
                           (sympy.GreaterThan, "<=", True), (sympy.StrictGreaterThan, "<", True)):
        if isinstance(rel, kind):
            return (rel.rhs, op, rel.lhs) if flip else (rel.lhs, op, rel.rhs)
    raise _Refused(f"{rel} is not a relation =, ≤, <, ≥ or >")


_RELATION = {"=": sympy.Eq, "<=": sympy.Le, "<": sympy.Lt}


def _split_range(hyps: Sequence[sympy.Basic], index: sympy.Symbol, lo: sympy.Basic, hi: sympy.Basic) -> tuple[list, list]:
    """A premise's hypotheses without lo ≤ index ≤ hi (which must be among them): (free of index, with index)."""
    found = {"lo": False, "hi": False}
    rest = []
    for h in hyps:
        try:
            a, op, b = _orient(h) if isinstance(h, Relational) and not isinstance(h, (sympy.Eq, sympy.Ne)) else (None, "", None)
        except _Refused:
            a, op, b = None, "", None
        if op == "<=" and a == lo and b == index and not found["lo"]:
            found["lo"] = True
        elif op == "<=" and a == index and b == hi and not found["hi"]:
            found["hi"] = True
        else:
            rest.append(h)
    if not all(found.values()):
        raise _Refused(f"the premise's hypotheses must include {lo} ≤ {index} and {index} ≤ {hi}")
    return [h for h in rest if index not in _free(h)], [h for h in rest if index in _free(h)]


# --------------------------------------------------------------------------------------------
# side conditions: abstraction, then z3


def _sign(e: sympy.Basic) -> str | None:
    """"positive" or "nonnegative" when every defined value of `e` is, by its form; else None."""
    def rank(v: str | None) -> int:
        return {"positive": 2, "nonnegative": 1}.get(v, 0)

    def of(ranks: Iterable[int]) -> str | None:
        low = min(ranks, default=2)
        return "positive" if low == 2 else "nonnegative" if low == 1 else None
    if isinstance(e, (sympy.Symbol, sympy.Indexed)) or (not _free(e) and not e.has(*_BINDERS, sympy.Limit)):
        return "positive" if e.is_positive is True else "nonnegative" if e.is_nonnegative is True else None
    if isinstance(e, sympy.exp):
        return "positive"
    if isinstance(e, sympy.Abs):
        return "nonnegative"
    if isinstance(e, sympy.Pow):
        base = rank(_sign(e.base))
        if not e.exp.is_Integer:  # defined only for a base ≥ 0 (> 0 for a symbolic exponent)
            return "positive" if base == 2 or not e.exp.is_Rational else "nonnegative"
        if e.exp % 2 == 0:
            return "positive" if base == 2 or e.exp < 0 else "nonnegative"
        return of([2 if e.exp < 0 and base else base])  # b⁻ᵏ is defined only for b ≠ 0
    if isinstance(e, (sympy.Mul, sympy.Add)):
        return of(rank(_sign(a)) for a in e.args)
    if isinstance(e, sympy.Product) and len(e.limits) == 1:  # a reversed range gives a reciprocal: same sign
        return _sign(e.function)
    return None  # not a Sum: Karr's convention makes a reversed sum of positive terms negative


def _is_atom(e: sympy.Basic) -> bool:
    if _is_condition(e):
        return isinstance(e, (Every, Integrable, Converges))
    if e.is_Rational or (isinstance(e, sympy.Symbol) and not e.is_integer):
        return False
    if isinstance(e, (sympy.Add, sympy.Mul)):
        return False
    return not (isinstance(e, sympy.Pow) and e.exp.is_Integer)


def _collect_atoms(e: sympy.Basic, out: list) -> None:
    if _is_atom(e):
        if e not in out:
            out.append(e)
        return
    for a in e.args:
        if isinstance(a, sympy.Basic):
            _collect_atoms(a, out)


def _two_branches(term: sympy.Basic) -> bool:
    """``Piecewise((a, c), (b, True))`` with c a relation (an indicator 1_{c}, a case split)."""
    return isinstance(term, sympy.Piecewise) and len(term.args) == 2 and term.args[1].cond is sympy.true \
        and isinstance(term.args[0].cond, Relational)


def _facts(term: sympy.Basic, fresh: sympy.Basic) -> list:
    """What is always true of `term`, in terms of its fresh variable: Max, Min, Abs, and a
    two-branch Piecewise (c ⇒ it is a, ¬c ⇒ it is b)."""
    if _two_branches(term):
        (a, c), (b, _) = term.args
        return [sympy.Or(sympy.Not(c), sympy.Eq(fresh, a)), sympy.Or(c, sympy.Eq(fresh, b))]
    if isinstance(term, (sympy.Max, sympy.Min)):
        op = sympy.Ge if isinstance(term, sympy.Max) else sympy.Le
        return [op(fresh, a) for a in term.args] + [sympy.Or(*[sympy.Eq(fresh, a) for a in term.args])]
    if isinstance(term, sympy.Abs):
        return [sympy.Or(sympy.Eq(fresh, term.args[0]), sympy.Eq(fresh, -term.args[0]))]
    if isinstance(term, sympy.Indexed) and isinstance(term.base, Test):  # a test's value lies in [0, 1] (≥ 0 is its sign)
        return [sympy.Le(fresh, 1)] + ([sympy.Or(sympy.Eq(fresh, 0), sympy.Eq(fresh, 1))] if isinstance(term.base, Event) else [])
    if _kernel_value(term):  # kernel7b: a Markov kernel's value is a probability (≥ 0 is its sign)
        return [sympy.Le(fresh, 1)]
    return []


def _guard(term: sympy.Basic) -> list | None:
    """Where `term` is defined (the conditions, [] everywhere), or None when that is not
    expressible. A fact about a term holds only where the term is defined, and the solver reads a
    relation with a denominator as false where it vanishes: unguarded, the fact of a premise's
    partial term (Max(1/(x − 1), y) ≥ 1/(x − 1)) would exclude the points where it is undefined
    (x = 1) from the whole goal."""
    try:
        return _ordered(_defined(term))
    except _Unknown:
        return None


def _guarded_facts(term: sympy.Basic, fresh: sympy.Basic) -> list:
    """The facts of `term`, each as "undefined, or the fact" (none where definedness is unknown)."""
    facts, guard = _facts(term, fresh), _guard(term)
    if guard is None:
        return []
    return [sympy.Or(sympy.Not(sympy.And(*guard)), f) for f in facts] if guard else facts


def _arguments(term: sympy.Basic) -> list:
    """The arguments of an atom that congruence compares: a function's, a sequence term's indices,
    a binder's ends (never what a binder's index is bound in)."""
    if isinstance(term, _OVER_LAW):
        return []  # its law is no number (two expectations under one law and one body are one term)
    if _two_branches(term):
        (a, c), (b, _) = term.args
        return [a, b, *c.args]
    if isinstance(term, _BINDERS):
        return list(term.args[1][1:]) if len(term.args) == 2 else []
    if isinstance(term, sympy.Indexed):
        return list(term.indices)
    if isinstance(term, (sympy.Symbol, sympy.Limit, Every, Converges)):
        return []
    return [a for a in term.args if isinstance(a, sympy.Expr)]


def _head(term: sympy.Basic) -> tuple | None:
    """Atoms with the same head are equal when their arguments are (None: no such reading)."""
    if isinstance(term, _OVER_LAW) or isinstance(term, sympy.Piecewise):
        return None
    if isinstance(term, _BINDERS):
        return (term.func, term.args[0], term.args[1][0]) if len(term.args) == 2 else None
    if isinstance(term, sympy.Indexed):
        return ("Indexed", term.base, len(term.indices))
    if isinstance(term, (sympy.Symbol, sympy.Limit, Every, Converges)) or not _arguments(term):
        return None
    return (term.func, len(term.args))


def _congruences(names: Sequence[tuple], mapping: Mapping) -> list:
    """(a₁ = b₁ ∧ …) ⇒ f(a) = f(b) for each two atoms of one head (Ackermann's reduction)."""
    out = []
    for k, (fresh, term) in enumerate(names):
        for other_fresh, other in names[k + 1:]:
            head = _head(term)
            if head is None or head != _head(other):
                continue
            differ = [sympy.Ne(a.xreplace(mapping), b.xreplace(mapping))
                      for a, b in zip(_arguments(term), _arguments(other)) if a != b]
            out.append(sympy.Or(*differ, sympy.Eq(fresh, other_fresh)))
    return out


def _abstract(hyps: Sequence[sympy.Basic], conclusion: sympy.Basic) -> tuple[Goal, list]:
    """The goal with every non-polynomial subterm (and the facts the abstraction keeps) read as a
    fresh variable, and the map [(fresh, term)] in the order the fresh variables are named."""
    parts = [*hyps, conclusion]
    atoms: list = []
    for p in parts:
        _collect_atoms(p, atoms)
    pending = list(atoms)
    while pending:  # the arguments of an atom (compared by congruence, in facts and their guards) hold atoms in turn
        term = pending.pop()
        for argument in [*_arguments(term), *((_guard(term) or []) if _facts(term, term) else [])]:
            found: list = []
            _collect_atoms(argument, found)
            fresh_ones = [a for a in found if a not in atoms]
            atoms += fresh_ones
            pending += fresh_ones
    taken = {str(s) for p in parts for s in p.free_symbols}
    mapping, names = {}, []
    for i, term in enumerate(sorted(atoms, key=canonical_srepr), 1):
        name = f"atom{i}"
        while name in taken:
            name += "_"
        if isinstance(term, (Every, Integrable, Converges)):
            fresh = sympy.Symbol(name, real=True)
            mapping[term] = sympy.Eq(fresh, 1)
        else:
            sign = _sign(term)
            fresh = sympy.Symbol(name, real=True, **({sign: True} if sign else {}))
            mapping[term] = fresh
        names.append((fresh, term))
    replaced = [_connectives(p.xreplace(mapping)) for p in parts]
    facts = [f.xreplace(mapping) for fresh, term in names for f in _guarded_facts(term, fresh)]
    facts += _congruences([(f, t) for f, t in names if not isinstance(t, (Every, Integrable, Converges))], mapping)
    abstract = _make(replaced[-1], [*replaced[:-1], *facts])
    if len({str(v) for v in abstract.variables}) < len(abstract.variables):
        # the solver reads one name as one variable: two symbols named alike would be merged
        raise _Refused(f"two different variables share a name in {abstract.text()}; rename one")
    return abstract, names


def _connectives(c: sympy.Basic) -> sympy.Basic:
    """`c` with each Equivalent written with And, Or, Not (the connectives an SMT-LIB goal has)."""
    if isinstance(c, (sympy.And, sympy.Or, sympy.Not)):
        return c.func(*[_connectives(a) for a in c.args])
    if isinstance(c, sympy.Equivalent):
        parts = [_connectives(a) for a in c.args]
        return sympy.And(*[sympy.And(sympy.Or(sympy.Not(u), v), sympy.Or(u, sympy.Not(v))) for u, v in zip(parts, parts[1:])])
    return c


def _to_z3(c: sympy.Basic, names: dict):
    import z3

    from .decide import condition_to_z3

    if c is sympy.true or c is sympy.false:
        return z3.BoolVal(c is sympy.true)
    if isinstance(c, (sympy.And, sympy.Or)):
        parts = [_to_z3(a, names) for a in c.args]
        return z3.And(*parts) if isinstance(c, sympy.And) else z3.Or(*parts)
    if isinstance(c, sympy.Not):
        return z3.Not(_to_z3(c.args[0], names))
    if isinstance(c, sympy.Ne):
        return z3.Not(condition_to_z3(sympy.Eq(c.lhs, c.rhs), names))
    return condition_to_z3(c, names)


def _discharge(hyps: Sequence[sympy.Basic], conclusion: sympy.Basic) -> dict:
    """The side certificate of ∀: hyps ⇒ conclusion (after abstraction), or _Refused."""
    import z3

    from .decide import assumption_constraints

    abstract, names = _abstract(hyps, conclusion)
    znames: dict = {}
    solver = z3.Tactic("qfnra-nlsat").solver()
    solver.set("timeout", Z3_TIMEOUT_MS)
    try:
        for c in assumption_constraints(abstract.variables, znames):
            solver.add(c)
        for h in abstract.hypotheses:
            solver.add(_to_z3(h, znames))
        solver.add(z3.Not(_to_z3(abstract.conclusion, znames)))
    except ParameterError as err:
        raise _Refused(f"the side condition is outside real arithmetic: {err}") from None
    verdict = solver.check()
    shown = abstract.text()
    if verdict == z3.sat:
        model = solver.model()
        point = {str(v): str(model.eval(z, model_completion=True)) for v, z in znames.items()}
        raise _Refused(f"the side condition {shown} fails at {point}")
    if verdict != z3.unsat:
        raise _Refused(f"the side condition {shown} is undecided ({solver.reason_unknown()})")
    # the recorded query is the re-checker's own translation of the goal, which it compares character for character
    return {"kind": "smtlib", "goal": abstract.canonical(), "digest": abstract.digest,
            "query": smtlib_query(abstract.canonical()), "logic": SMT_LOGIC, "expect": "unsat",
            "abstraction": [[canonical_srepr(f), canonical_srepr(t)] for f, t in names]}


# --------------------------------------------------------------------------------------------
# a step: conclusion, premises, side conditions → evidence


def _step(rule: str, conclusion: Goal, premises: Sequence[Fact], sides: Sequence[tuple[list, sympy.Basic]],
          params: Mapping, detail: str) -> Evidence:
    if conclusion.conclusion is sympy.false and rule != "decide":
        # sympy evaluated a constant conclusion to False numerically: no rule concludes that
        raise _Refused(f"sympy evaluates the conclusion to False: {conclusion.text()}")
    _readable(conclusion)
    side = [_discharge(h, c) for h, c in sides if c is not sympy.true]
    cert = {"kind": "rule", "rule": rule, "goal": conclusion.canonical(), "digest": conclusion.digest,
            "premises": [{"digest": p.goal.digest, "claim": p.claim} for p in premises], "side": side,
            "params": dict(params)}
    nested = list({id(p.evidence): p.evidence.to_json() for p in premises if p.evidence is not None}.values())
    data = {"formal": {"form": "rule"}, "goals": [conclusion.to_json()], "certificate": cert, "premises": nested}
    return settled(Evidence("rule", "proved", f"{rule}: {detail or conclusion.text()}", data))


def _applied(rule: str, build) -> Evidence:
    """Run a rule's builder; a step that does not follow becomes failed evidence naming why."""
    try:
        return build()
    except (_Refused, _Unknown) as err:
        reason = str(err) if isinstance(err, _Refused) else f"cannot tell {err}"
        return Evidence("rule", "failed", f"{rule}: the step does not follow: {reason}", {"rule": rule})


def _relation(rel: object, name: str) -> sympy.Basic:
    rel = sympy.sympify(rel)
    if not _is_condition(rel):
        raise ParameterError(f"{name} must be a condition (a relation or And/Or/Not of relations), got {rel}")
    return rel


def _symbol(v: object, name: str, integer: bool | None = None, ranged: bool = True) -> sympy.Symbol:
    """`v` as a variable; one a rule ranges over (`ranged`) carries no assumption but integer=True
    (or real=True): a sign or parity would leave part of the range out of the premise."""
    if not isinstance(v, sympy.Symbol) or (ranged and isinstance(v, Law)):
        raise ParameterError(f"{name} must be a sympy Symbol (not a Law), got {v!r}")
    if integer is True and not v.is_integer:
        raise ParameterError(f"{name} must be an integer symbol (integer=True), got {v}")
    if integer is False and v.is_integer:
        raise ParameterError(f"{name} must be a real (non-integer) symbol, got {v}")
    if ranged and not _plain(v):
        raise ParameterError(f"{name} must carry no assumption but integer=True or real=True, got {canonical_srepr(v)}")
    return v


def _plain(v: sympy.Symbol) -> bool:
    return v.assumptions0 in [sympy.Symbol(v.name, **kind).assumptions0 for kind in ({}, {"real": True}, {"integer": True})]


def _defined_beyond(exprs: Iterable[sympy.Basic], target: Goal) -> set:
    """Where the terms of `exprs` that `target` does not mention are defined (`target`'s own terms
    are defined wherever it says anything). _Unknown for such a term of unknown definedness."""
    mentioned = set(_pieces_all([*target.hypotheses, target.conclusion]))
    out: set = set()
    for piece in set(_pieces_all(exprs)) - mentioned:
        out |= _defined(piece)
    return out - {sympy.true}


def _premise_side(premises: Sequence[Fact], conclusion: Goal) -> list:
    """∧ᵢ (Def(Pᵢ) ⇒ (Hᵢ ⇒ Cᵢ)), refusing a premise with a variable the conclusion lacks."""
    own = set(conclusion.variables)
    out = []
    for p in premises:
        extra = set(p.goal.variables) - own
        if extra:
            raise _Refused(f"the premise {p.goal.text()} has variables {sorted(map(str, extra))} the goal lacks; "
                           "instantiate it first")
        defined = _defined_beyond([*p.goal.hypotheses, p.goal.conclusion], conclusion)
        out.append(sympy.Or(sympy.Not(sympy.And(*_ordered(defined), *p.goal.hypotheses)), p.goal.conclusion))
    return out


# --------------------------------------------------------------------------------------------
# the rules


def decide(goal: Goal, *premises: Fact | Evidence, detail: str = "") -> Evidence:
    """`goal` from `premises` (same variables) in real arithmetic, after abstraction (module docstring)."""
    if not isinstance(goal, Goal):
        raise ParameterError(f"goal must be a Goal (symdp.verify.goals.goal), got {type(goal).__name__}")
    facts = [_premise(p) for p in premises]

    def build() -> Evidence:
        if _make(goal.conclusion, goal.hypotheses).digest != goal.digest:
            raise _Refused("the goal must list exactly its free variables (build it with kernel.goal)")
        hyps = [*_ordered(_defined_all([*goal.hypotheses, goal.conclusion])), *goal.hypotheses,
                *_premise_side(facts, goal)]
        return _step("decide", goal, facts, [(hyps, goal.conclusion)], {}, detail)
    return _applied("decide", build)


def instantiate(premise: Fact | Evidence, substitution: Mapping[sympy.Symbol, object],
                hypotheses: Sequence[object] | None = None, detail: str = "") -> Evidence:
    """The premise at `substitution` (variable → expression), under `hypotheses` (default: the
    premise's, substituted); the side condition: they imply the premise's hypotheses there, each
    value lies in its variable's domain and is defined."""
    p = _premise(premise)
    sigma = {_symbol(v, "a substituted variable", ranged=False): sympy.sympify(value) for v, value in dict(substitution).items()}

    def build() -> Evidence:
        missing = set(sigma) - set(p.goal.variables)
        if missing:
            raise _Refused(f"{sorted(map(str, missing))} are not variables of the premise")
        bound = _bound(p.goal.conclusion).union(*(_bound(h) for h in p.goal.hypotheses))
        if bound & (set(sigma) | set().union(*(_free(value) for value in sigma.values()))):
            raise _Refused("a substituted variable, or a variable of a value, is a bound index of the premise")
        mixed = [v for v, value in sigma.items() if isinstance(v, Law) != isinstance(value, Law)]
        if mixed:
            raise _Refused(f"a law is replaced by a law and a number by a number, not {mixed[0]} by {sigma[mixed[0]]}")
        old_hyps = [_substitute(h, sigma) for h in p.goal.hypotheses]
        new_hyps = old_hyps if hypotheses is None else [_relation(h, "hypotheses") for h in hypotheses]
        target = _make(_substitute(p.goal.conclusion, sigma), new_hyps)
        domain = []
        for v, value in sigma.items():
            if v.is_integer and not _integer_valued(value):
                raise _Refused(f"{v} is an integer variable, but {value} is not integer-valued by its form")
            sign = next((k for k in ("positive", "nonnegative", "negative", "nonpositive") if getattr(v, f"is_{k}")), None)
            domain.append({"positive": value > 0, "nonnegative": value >= 0, "negative": value < 0,
                           "nonpositive": value <= 0, None: sympy.true}[sign])
        needed = set(old_hyps) | set(domain) | _defined_beyond([*old_hyps, *sigma.values()], target) | \
            _defined_at([*p.goal.hypotheses, p.goal.conclusion], sigma, target)
        hyps = [*_ordered(_defined_all([*target.hypotheses, target.conclusion])), *target.hypotheses]
        params = {"substitution": [[canonical_srepr(v), canonical_srepr(sigma[v])] for v in sorted(sigma, key=canonical_srepr)]}
        return _step("instantiate", target, [p], [(hyps, sympy.And(*_ordered(needed)))], params, detail)
    return _applied("instantiate", build)


def chain(*premises: Fact | Evidence, detail: str = "") -> Evidence:
    """a₀ R a_n from a₀ R₁ a₁, a₁ R₂ a₂, … (middle terms equal and defined)."""
    facts = [_premise(p) for p in premises]
    if len(facts) < 2:
        raise ParameterError("chain needs at least two premises")

    def build() -> Evidence:
        given = [_orient(f.goal.conclusion) for f in facts]
        links = next((ls for ls in _orientations(given) if all(x[2] == y[0] for x, y in zip(ls, ls[1:]))), None)
        if links is None:
            raise _Refused("the middle terms differ: " + "; ".join(f"{x[2]} and {y[0]}" for x, y in zip(given, given[1:])
                                                                   if x[2] != y[0]))
        ops = {op for _, op, _ in links}
        op = "<" if "<" in ops else "<=" if "<=" in ops else "="
        hyps = [h for f in facts for h in f.goal.hypotheses]
        target = _make(_RELATION[op](links[0][0], links[-1][2]), hyps)
        needed = _defined_beyond([b for _, _, b in links[:-1]], target)
        side = [*_ordered(_defined_all([*target.hypotheses, target.conclusion])), *target.hypotheses]
        return _step("chain", target, facts, [(side, sympy.And(*_ordered(needed)))], {}, detail)
    return _applied("chain", build)


def apply(main: Fact | Evidence, *supports: Fact | Evidence, detail: str = "") -> Evidence:
    """Modus ponens: from ∀: H ⇒ C and, for some hypotheses h ∈ H, proofs of ∀: Hₛ ⇒ h, conclude C
    under the rest of H and the supports' hypotheses (no solver: each support's conclusion must be
    one of H as written; a discharged hypothesis must be defined wherever the conclusion is)."""
    m, facts = _premise(main), [_premise(p) for p in supports]
    if not facts:
        raise ParameterError("apply needs at least one supporting premise")

    def build() -> Evidence:
        discharged = [f.goal.conclusion for f in facts]
        missing = [c for c in discharged if c not in m.goal.hypotheses]
        if missing:
            raise _Refused(f"{missing[0]} is not a hypothesis of {m.goal.text()}")
        kept = [h for h in m.goal.hypotheses if h not in discharged]
        target = _make(m.goal.conclusion, [*kept, *[h for f in facts for h in f.goal.hypotheses]])
        needed = _defined_beyond(discharged, target)
        side = [*_ordered(_defined_all([*target.hypotheses, target.conclusion])), *target.hypotheses]
        return _step("apply", target, [m, *facts], [(side, sympy.And(*_ordered(needed)))], {}, detail)
    return _applied("apply", build)


def rewrite(premise: Fact | Evidence, equation: Fact | Evidence, reverse: bool = False, detail: str = "") -> Evidence:
    """Leibniz: from ∀: H ⇒ C and ∀: Hₑ ⇒ A = B, the premise with A replaced by B everywhere (B by A
    when `reverse`), under Hₑ too; A must be defined wherever the result is (side)."""
    p, e = _premise(premise), _premise(equation)

    def build() -> Evidence:
        if not isinstance(e.goal.conclusion, sympy.Eq):
            raise _Refused(f"{e.goal.text()} is not an equation")
        old, new = e.goal.conclusion.args[::-1] if reverse else e.goal.conclusion.args
        swap = {old: new}
        target = _make(_substitute(p.goal.conclusion, swap), [*[_substitute(h, swap) for h in p.goal.hypotheses],
                                                               *e.goal.hypotheses])
        needed = _defined_beyond([old], target) | _defined_at([*p.goal.hypotheses, p.goal.conclusion], swap, target)
        if any(atom.has(new) for atom in _propositions([*target.hypotheses, target.conclusion])):
            # inside Every, Integrable or Converges an undefined term makes the proposition false, not
            # undefined: B must be defined wherever A = B is used there
            needed |= _defined(new)
        side = [*_ordered(_defined_all([*target.hypotheses, target.conclusion])), *target.hypotheses]
        return _step("rewrite", target, [p, e], [(side, sympy.And(*_ordered(needed)))], {"reverse": bool(reverse)},
                     detail)
    return _applied("rewrite", build)


def _propositions(parts: Iterable[sympy.Basic]) -> list:
    """The Every, Integrable and Converges atoms of `parts` (outermost)."""
    out: list = []
    for part in parts:
        if isinstance(part, (Every, Integrable, Converges)):
            out.append(part)
        elif isinstance(part, sympy.Basic):
            out += _propositions(part.args)
    return out


def _orientations(links: list) -> Iterable[list]:
    """The links with each equation read either way (equations first as written)."""
    if not links:
        yield []
        return
    a, op, b = links[0]
    for first in ([(a, op, b), (b, op, a)] if op == "=" else [(a, op, b)]):
        for rest in _orientations(links[1:]):
            yield [first, *rest]


def combine(*premises: Fact | Evidence, hypotheses: Sequence[object] = (), detail: str = "") -> Evidence:
    """The conjunction of the premises' conclusions under all their hypotheses and `hypotheses`."""
    facts = [_premise(p) for p in premises]
    if not facts:
        raise ParameterError("combine needs at least one premise")
    extra = [_relation(h, "hypotheses") for h in hypotheses]

    def build() -> Evidence:
        target = _make(sympy.And(*[f.goal.conclusion for f in facts]),
                       [h for f in facts for h in f.goal.hypotheses] + extra)
        return _step("combine", target, facts, [], {"hypotheses": [canonical_srepr(h) for h in extra]}, detail)
    return _applied("combine", build)


def _range_step(rule: str, p: Fact, index: sympy.Symbol, lo: sympy.Basic, hi: sympy.Basic, conclusion,
                allow_indexed_hyps: bool, detail: str, sided: bool = True, **params) -> Evidence:
    """Shared by the rules over a range (sum, integral, supremum): the premise ∀ index ∈ [lo, hi];
    the side condition (f, g defined on the range) unless not `sided` (a Lebesgue integral)."""
    if index not in p.goal.variables:
        raise _Refused(f"{index} is not a variable of the premise")
    if index in _free(lo) | _free(hi):
        raise _Refused(f"the range of {index} depends on {index}")
    if index.is_integer and not (_integer_valued(lo) and _integer_valued(hi)):
        raise _Refused(f"the ends {lo}, {hi} of an integer range must be integer-valued by their form")
    outer, inner = _split_range(p.goal.hypotheses, index, lo, hi)
    if inner and not allow_indexed_hyps:
        raise _Refused(f"the hypotheses {inner} depend on {index}")
    a, op, b = _orient(p.goal.conclusion)
    hyps = [*outer, sympy.Ge(hi, lo)] + ([Every(sympy.And(*inner), (index, lo, hi))] if inner else [])
    target = _make(conclusion(a, op, b), hyps)
    terms = set().union(*(_defined(t) for t in (a, b))) if sided else set()
    side = [*_ordered(_defined_all(outer)), *outer, sympy.Le(lo, index), sympy.Le(index, hi), *inner]
    limits = {"index": canonical_srepr(index), "lo": canonical_srepr(lo), "hi": canonical_srepr(hi), **params}
    return _step(rule, target, [p], [(side, sympy.And(*_ordered(terms)))], limits, detail)


def summed(premise: Fact | Evidence, index: sympy.Symbol, lo: object, hi: object, detail: str = "") -> Evidence:
    """Σ_{index=lo}^{hi} f R Σ g from the pointwise f R g (R one of =, ≤, <) for integers lo ≤ index ≤ hi."""
    p, j = _premise(premise), _symbol(index, "index", integer=True)
    lo, hi = sympy.sympify(lo), sympy.sympify(hi)
    return _applied("sum", lambda: _range_step(
        "sum", p, j, lo, hi, lambda a, op, b: _RELATION[op](sympy.Sum(a, (j, lo, hi)), sympy.Sum(b, (j, lo, hi))),
        True, detail))


def every(premise: Fact | Evidence, index: sympy.Symbol, lo: object, hi: object, detail: str = "") -> Evidence:
    """H ⇒ Every(C, (index, lo, hi)) from ∀ index: lo ≤ index ≤ hi ∧ H ⇒ C (H free of the index,
    integer-valued ends); side: C's terms defined at every index of the range (none for a
    proposition such as ``Converges(T)``). Sound: at each index of the range the premise's terms
    are defined and its hypotheses hold, so C holds there (an empty range: Every is true)."""
    p, j = _premise(premise), _symbol(index, "index", integer=True)
    lo, hi = sympy.sympify(lo), sympy.sympify(hi)

    def build() -> Evidence:
        if j not in p.goal.variables or j in _free(lo) | _free(hi):
            raise _Refused(f"{j} must be a variable of the premise, and the range free of it")
        if not (_integer_valued(lo) and _integer_valued(hi)):
            raise _Refused(f"the ends {lo}, {hi} must be integer-valued by their form")
        outer, inner = _split_range(p.goal.hypotheses, j, lo, hi)
        if inner:
            raise _Refused(f"the hypotheses {inner} depend on {j}")
        target = _make(Every(p.goal.conclusion, (j, lo, hi)), outer)
        side = [*_ordered(_defined_all(outer)), *outer, sympy.Le(lo, j), sympy.Le(j, hi)]
        terms = set().union(*(_defined(piece) for piece in _pieces(p.goal.conclusion)))
        params = {"index": canonical_srepr(j), "lo": canonical_srepr(lo), "hi": canonical_srepr(hi)}
        return _step("every", target, [p], [(side, sympy.And(*_ordered(terms)))], params, detail)
    return _applied("every", build)


def integrated(premise: Fact | Evidence, var: sympy.Symbol, lo: object, hi: object, detail: str = "") -> Evidence:
    """∫_lo^hi f ≤ ∫ g (or =) from f ≤ g (or =) for every var ∈ [lo, hi]. For f and g continuous (by
    their form, in var) the side condition is that they are defined on all of [lo, hi]; for other
    integrands (δ(ε), an indicator, …) there is none: the conclusion is claimed where both
    integrals are defined, and there f and g are defined almost everywhere (module docstring)."""
    p, u = _premise(premise), _symbol(var, "var", integer=False)
    lo, hi = sympy.sympify(lo), sympy.sympify(hi)

    def build() -> Evidence:
        a, _, b = _orient(p.goal.conclusion)
        sided = _continuous(a, u) and _continuous(b, u)
        if _unbounded(lo, hi):
            return _improper(p, u, lo, hi, detail, sided)
        return _range_step("integrate", p, u, lo, hi, lambda a, op, b: (sympy.Eq if op == "=" else sympy.Le)(
            sympy.Integral(a, (u, lo, hi)), sympy.Integral(b, (u, lo, hi))), False, detail, sided=sided)
    return _applied("integrate", build)


def _unbounded(lo: sympy.Basic, hi: sympy.Basic) -> bool:
    """Whether [lo, hi] has an infinite end; refused unless each end is finite, or −∞ below, ∞ above."""
    open_lo, open_hi = lo == -sympy.oo, hi == sympy.oo
    if any(e.has(sympy.oo, -sympy.oo, sympy.zoo) for e, unbounded in ((lo, open_lo), (hi, open_hi)) if not unbounded):
        raise _Refused(f"an infinite end must be −∞ (lower) or ∞ (upper), got [{lo}, {hi}]")
    return open_lo or open_hi


def _improper(p: Fact, u: sympy.Symbol, lo: sympy.Basic, hi: sympy.Basic, detail: str, sided: bool) -> Evidence:
    """∫_lo^∞ f ≤ ∫_lo^∞ g (or =; also from −∞) from f ≤ g on the unbounded interval (module docstring)."""
    if u not in p.goal.variables:
        raise _Refused(f"{u} is not a variable of the premise")
    if u in _free(lo) | _free(hi):
        raise _Refused(f"the range of {u} depends on {u}")
    ends = [sympy.Le(lo, u)] if lo != -sympy.oo else []
    ends += [sympy.Le(u, hi)] if hi != sympy.oo else []

    def reads(h: sympy.Basic) -> tuple | None:  # lo ≤ u and u ≥ lo are one hypothesis
        return _orient(h) if isinstance(h, (sympy.LessThan, sympy.GreaterThan)) else None
    missing = [e for e in ends if _orient(e) not in map(reads, p.goal.hypotheses)]
    if missing:
        raise _Refused(f"the premise's hypotheses must include {missing[0]}")
    outer = [h for h in p.goal.hypotheses if reads(h) not in map(_orient, ends)]
    if any(u in _free(h) for h in outer):
        raise _Refused(f"the hypotheses {[h for h in outer if u in _free(h)]} depend on {u}")
    a, op, b = _orient(p.goal.conclusion)
    # unevaluated: sympy would try to compute the integrals to compare them (a divergent one may not return)
    target = _make((sympy.Eq if op == "=" else sympy.Le)(sympy.Integral(a, (u, lo, hi)), sympy.Integral(b, (u, lo, hi)),
                                                         evaluate=False), outer)
    side = [*_ordered(_defined_all(outer)), *outer, *ends]
    terms = _defined(a) | _defined(b) if sided else set()
    params = {"index": canonical_srepr(u), "lo": canonical_srepr(lo), "hi": canonical_srepr(hi)}
    return _step("integrate", target, [p], [(side, sympy.And(*_ordered(terms)))], params, detail)


def split(term: sympy.Integral, at: object, hypotheses: Sequence[object] = (), detail: str = "") -> Evidence:
    """Interval additivity: ∫_a^b f du = ∫_a^c f du + ∫_c^b f du under a ≤ c ≤ b (c = `at`, finite,
    free of u; the inequality at an infinite end dropped) and `hypotheses` (free of u), for f
    continuous by its form and defined on all of [a, b] (side condition, under the hypotheses and
    a ≤ c ≤ b). Sound: on a bounded [a, b] f is continuous, so Riemann integrable there and on both
    parts, and the integral is additive. With an infinite end (the improper integral is the limit
    of the integrals over bounded intervals, claimed where it converges), ∫_a^R f = ∫_a^c f + ∫_c^R f
    for every R ≥ c, and letting R → ∞ (likewise the lower end → −∞) the improper integrals on the
    two sides converge together and the equation holds in the limit."""
    if not (isinstance(term, sympy.Integral) and len(term.limits) == 1 and len(term.limits[0]) == 3):
        raise ParameterError(f"split takes an Integral over one variable with both ends, got {term}")
    f, (u, lo, hi) = term.function, term.limits[0]
    u = _symbol(u, "the integral's variable", integer=False)
    c = sympy.sympify(at)
    extra = [_relation(h, "hypotheses") for h in hypotheses]

    def build() -> Evidence:
        below, above = lo == -sympy.oo, hi == sympy.oo
        _unbounded(lo, hi)
        if c.has(sympy.oo, -sympy.oo, sympy.zoo):
            raise _Refused(f"the split point {c} must be finite")
        if u in _free(c) | _free(lo) | _free(hi) or any(u in _free(h) for h in extra):
            raise _Refused(f"the split point, the ends and the hypotheses must be free of {u}")
        if u in _bound(f):
            raise _Refused(f"{u} is also an index bound inside {f}")
        parts = sympy.Integral(f, (u, lo, c)) + sympy.Integral(f, (u, c, hi))
        order = ([] if below else [sympy.Le(lo, c)]) + ([] if above else [sympy.Le(c, hi)])
        if sympy.false in order:
            raise _Refused(f"the split point {c} lies outside [{lo}, {hi}]")
        target = _make(sympy.Eq(term, parts, evaluate=False), [*order, *extra])  # unevaluated: sympy would integrate
        ends = ([] if below else [sympy.Le(lo, u)]) + ([] if above else [sympy.Le(u, hi)])
        side = [*_ordered(_defined_all([*extra, *order])), *extra, *order, *ends]
        params = {"term": canonical_srepr(term), "at": canonical_srepr(c), "hypotheses": [canonical_srepr(h) for h in extra]}
        needed = _defined(f) if _continuous(f, u) else set()  # a Lebesgue integral: no side (docstring)
        return _step("split", target, [], [(side, sympy.And(*_ordered(needed)))], params, detail)
    return _applied("split", build)


def truncated(premise: Fact | Evidence, var: sympy.Symbol, lo: object, at: object, converges: bool = False,
              detail: str = "") -> Evidence:
    """∫_lo^∞ f du = ∫_lo^c f du under lo ≤ c (c = `at`) and H, from the premise ∀ u: c ≤ u ∧ H ⇒ f = 0
    (H free of u). With `converges`: ``Converges(∫_lo^∞ f du)`` instead, for f continuous by its
    form (in u) and defined on all of [lo, ∞) (side, under H and lo ≤ c). Sound: where ∫_lo^∞ f is
    defined, f is integrable on [lo, ∞), the integral is ∫_lo^c f + ∫_c^∞ f, and f = 0 almost
    everywhere on [c, ∞) (wherever it is defined there); for `converges`, f is continuous on the
    compact [lo, c], so bounded and integrable there, and 0 beyond c, so integrable on [lo, ∞)."""
    p, u = _premise(premise), _symbol(var, "var", integer=False)
    lo, c = sympy.sympify(lo), sympy.sympify(at)

    def build() -> Evidence:
        if u not in p.goal.variables:
            raise _Refused(f"{u} is not a variable of the premise")
        if any(e.has(sympy.oo, -sympy.oo, sympy.zoo) or u in _free(e) for e in (lo, c)):
            raise _Refused(f"the lower end {lo} and the point {c} must be finite and free of {u}")
        start = [h for h in p.goal.hypotheses if isinstance(h, (sympy.LessThan, sympy.GreaterThan)) and _orient(h) == (c, "<=", u)]
        if not start:
            raise _Refused(f"the premise's hypotheses must include {c} ≤ {u}")
        outer = [h for h in p.goal.hypotheses if h not in start]
        if any(u in _free(h) for h in outer):
            raise _Refused(f"the hypotheses {[h for h in outer if u in _free(h)]} depend on {u}")
        a, op, b = _orient(p.goal.conclusion)
        if op != "=" or sympy.S.Zero not in (a, b):
            raise _Refused(f"the premise must say f = 0, got {p.goal.conclusion}")
        f = b if a == 0 else a
        if u in _bound(f):
            raise _Refused(f"{u} is also an index bound inside {f}")
        whole = sympy.Integral(f, (u, lo, sympy.oo))
        order = [sympy.Le(lo, c), *outer]
        if not converges:
            target = _make(sympy.Eq(whole, sympy.Integral(f, (u, lo, c)), evaluate=False), order)
            return _step("truncate", target, [p], [], {"index": canonical_srepr(u), "lo": canonical_srepr(lo),
                                                         "at": canonical_srepr(c)}, detail)
        if not _continuous(f, u):
            raise _Refused(f"{f} must be built from continuous functions (in {u}) for the integral to converge")
        target = _make(Converges(whole), order)
        side = [*_ordered(_defined_all(order)), *order, sympy.Le(lo, u)]
        params = {"index": canonical_srepr(u), "lo": canonical_srepr(lo), "at": canonical_srepr(c), "converges": True}
        return _step("truncate", target, [p], [(side, sympy.And(*_ordered(_defined(f))))], params, detail)
    return _applied("truncate", build)


def supremum(premise: Fact | Evidence, var: sympy.Symbol | Law | Test, lo: object = None, hi: object = None,
             detail: str = "") -> Evidence:
    """Sup_{var ∈ [lo, hi]} f ≤ c from f ≤ c (c free of var) on the range (integers when var is one);
    for a Law, Test or Event `var` (no range), Sup over its class: ``Sup(f, (var,)) ≤ c``."""
    return _extremum("sup", premise, var, lo, hi, detail)


def infimum(premise: Fact | Evidence, var: sympy.Symbol | Law | Test, lo: object = None, hi: object = None,
            detail: str = "") -> Evidence:
    """Inf_{var ∈ [lo, hi]} f ≥ c from f ≥ c (c free of var) on the range (integers when var is one);
    for a Law, Test or Event `var` (no range), Inf over its class: ``Inf(f, (var,)) ≥ c``."""
    return _extremum("inf", premise, var, lo, hi, detail)


def _class_of(v: object) -> str | None:
    """The class a supremum over `v` runs over: "laws", "events", "tests", or None (a range)."""
    return "laws" if isinstance(v, Law) else "events" if isinstance(v, Event) else "tests" if isinstance(v, Test) else None


def _over_class(rule: str, p: Fact, v: Law | Test, detail: str) -> Evidence:
    """Sup over the class of `v` from ∀ v: H ⇒ f ≤ c, H and c free of v (module docstring)."""
    def build() -> Evidence:
        if v not in p.goal.variables:
            raise _Refused(f"{v} is not a variable of the premise")
        if any(v in _free(h) for h in p.goal.hypotheses):
            raise _Refused(f"the premise must hold for every member: its hypotheses may not mention {v}")
        a, op, b = _orient(p.goal.conclusion)
        f, c = (a, b) if rule == "sup" else (b, a)
        if op == "=" or v in _free(c):
            raise _Refused(f"the premise must bound f {'above' if rule == 'sup' else 'below'} by a term free of {v}, "
                           f"got {p.goal.conclusion}")
        term = (Sup if rule == "sup" else Inf)(f, (v,))
        target = _make(sympy.Le(term, c) if rule == "sup" else sympy.Ge(term, c), p.goal.hypotheses)
        return _step(rule, target, [p], [], {"index": canonical_srepr(v), "class": _class_of(v)}, detail)
    return _applied(rule, build)


def _extremum(rule: str, premise: Fact | Evidence, var: sympy.Symbol, lo: object, hi: object, detail: str) -> Evidence:
    if _class_of(var) is not None:
        if lo is not None or hi is not None:
            raise ParameterError(f"a supremum over the class of {var} takes no range (lo, hi)")
        return _over_class(rule, _premise(premise), var, detail)
    if lo is None or hi is None:
        raise ParameterError(f"a supremum over the real or integer variable {var} needs its range lo, hi")
    p, t = _premise(premise), _symbol(var, "var")
    lo, hi = sympy.sympify(lo), sympy.sympify(hi)

    def build() -> Evidence:
        a, op, b = _orient(p.goal.conclusion)
        f, c = (a, b) if rule == "sup" else (b, a)
        if op == "=" or t in _free(c):
            raise _Refused(f"the premise must bound f {'above' if rule == 'sup' else 'below'} by a term free of {t}, "
                           f"got {p.goal.conclusion}")
        term = (Sup if rule == "sup" else Inf)(f, (t, lo, hi))
        return _range_step(rule, p, t, lo, hi, lambda *_: sympy.Le(term, c) if rule == "sup" else sympy.Ge(term, c),
                           False, detail)
    return _applied(rule, build)


def member(term: Sup | Inf, at: object, detail: str = "", hypotheses: Sequence[object] = ()) -> Evidence:
    """f(at) ≤ Sup(f, (t, lo, hi)) (≥ for an Inf) under lo ≤ at ≤ hi (`at` integer-valued for an
    integer t): a supremum bounds every value f takes on its range. No side condition: where the
    supremum is defined, f is defined on the whole (nonempty) range and bounded (:mod:`.recheck.terms`).

    Over a class (``Sup(f, (v,))``), `at` is a member: a Law for the laws; a Test or Event variable
    for the tests (an Event for the events); or ``(x, w)``, the test x ↦ w, every v[s] in f read as
    w at x = s, with the side condition ∀ x ∈ ℝ: `hypotheses` (free of x) ⇒ w defined and
    0 ≤ w ≤ 1 (w ∈ {0, 1} for the events); the conclusion holds under `hypotheses`."""
    if not isinstance(term, (Sup, Inf)):
        raise ParameterError(f"term must be a Sup or an Inf, got {term}")
    if term.over_class and _named_member(at):  # kernel7b: a point mass ("dirac", a), the empty event "empty"
        return _named_class_member(term, at, [_relation(h, "hypotheses") for h in hypotheses], detail)
    if term.over_class:
        return _class_member(term, at, [_relation(h, "hypotheses") for h in hypotheses], detail)
    if hypotheses:
        raise ParameterError("a member of a range takes no hypotheses (its own are lo ≤ at ≤ hi)")
    f, (t, lo, hi) = term.function, term.limits
    at = sympy.sympify(at)

    def build() -> Evidence:
        if not _plain(t):
            raise _Refused(f"the index {t} must carry no assumption but integer=True or real=True")
        if t.is_integer and not _integer_valued(at):
            raise _Refused(f"{at} is not integer-valued by its form, and {t} ranges over integers")
        if (_free(at) | {t}) & _bound(f):
            raise _Refused(f"{at} or {t} is also an index bound inside {term}")
        if at.has(sympy.oo, -sympy.oo, sympy.zoo, sympy.nan):  # sympy's f(∞) is a limit, not f at a point
            raise _Refused(f"a member of the range is a real number, not {at}")
        value = _substitute(f, {t: at})
        target = _make(sympy.Le(value, term) if isinstance(term, Sup) else sympy.Ge(value, term),
                       [sympy.Le(lo, at), sympy.Le(at, hi)])
        return _step("member", target, [], [], {"term": canonical_srepr(term), "at": canonical_srepr(at)}, detail)
    return _applied("member", build)


def expected_almost_surely(premise: Fact | Evidence, var: sympy.Symbol, law: Law, detail: str = "") -> Evidence:
    """E_P f R E_P g from ∀ x: H(x) ∧ K ⇒ f R g (R one of =, ≤, <; the hypotheses H mention x, K do
    not), under K and "H holds P-almost surely", written E_P[1_H] = 1 with the indicator
    ``Piecewise((1, H), (0, True))`` (module docstring)."""
    p, x = _premise(premise), _symbol(var, "var")
    if not isinstance(law, Law):
        raise ParameterError(f"law must be a Law, got {law!r}")

    def build() -> Evidence:
        if x not in p.goal.variables:
            raise _Refused(f"{x} is not a variable of the premise")
        inner = [h for h in p.goal.hypotheses if x in _free(h)]
        if not inner:
            raise _Refused(f"no hypothesis of the premise mentions {x}: use expected")
        outer = [h for h in p.goal.hypotheses if x not in _free(h)]
        surely = sympy.Eq(Expect(sympy.Piecewise((1, sympy.And(*inner)), (0, True)), (x, law)), 1)
        a, op, b = _orient(p.goal.conclusion)
        target = _make(_RELATION[op](Expect(a, (x, law)), Expect(b, (x, law))), [*outer, surely])
        return _step("expect-as", target, [p], [], {"index": canonical_srepr(x), "law": canonical_srepr(law)}, detail)
    return _applied("expect-as", build)


def _test_at(f: sympy.Basic, v: Test, x: sympy.Symbol, w: sympy.Basic) -> sympy.Basic:
    """f with each v[s] replaced by w at x = s (refused unless every occurrence of v is applied to one index)."""
    found = {e for e in f.atoms(sympy.Indexed) if e.base == v}
    if any(len(e.indices) != 1 or v in _free(e.indices[0]) for e in found):
        raise _Refused(f"the test {v} must be applied to one index, free of {v}, wherever it occurs")
    value = _substitute(f, {e: _substitute(w, {x: e.indices[0]}) for e in found})
    if v in _free(value):
        raise _Refused(f"{v} occurs in {f} other than applied to an outcome")
    return value


def _class_member(term: Sup | Inf, at: object, hyps: list, detail: str) -> Evidence:
    f, (v,) = term.function, term.limits
    kind = _class_of(v)

    def build() -> Evidence:
        sides: list = []
        if kind == "laws" or isinstance(at, (Law, Test)):
            if kind == "laws" and not isinstance(at, Law) or kind != "laws" and not isinstance(at, Event if kind == "events" else Test):
                raise _Refused(f"{at} is not a member of the {kind}")
            if at in _bound(f):
                raise _Refused(f"{at} is bound inside {term}")
            value, record = _substitute(f, {v: at}), canonical_srepr(at)
        else:
            if not (isinstance(at, (tuple, list, sympy.Tuple)) and len(at) == 2):
                raise _Refused(f"a member of the {kind} is a {'Test' if kind == 'tests' else 'Event'} variable or "
                               f"(x, w), the test x ↦ w; got {at}")
            x, w = at[0], sympy.sympify(at[1])
            if not (isinstance(x, sympy.Symbol) and _plain(x) and not x.is_integer and not isinstance(x, Law)):
                raise _Refused(f"the test's argument {x} must be a real symbol with no other assumption (a test is defined on ℝ)")
            if _bound(w):
                raise _Refused(f"the test {w} may bind no index")
            if x in _free(f) or any(x in _free(h) for h in hyps):
                raise _Refused(f"{x} names the test's argument; it may not occur free in {term} or the hypotheses")
            if (_free(w) - {x}) & _bound(f):
                raise _Refused(f"a variable of {w} would be captured by an index bound in {term}")
            value, record = _test_at(f, v, x, w), canonical_srepr(sympy.Tuple(x, w))
            into = sympy.Or(sympy.Eq(w, 0), sympy.Eq(w, 1)) if kind == "events" else sympy.And(sympy.Le(0, w), sympy.Le(w, 1))
            sides = [([*_ordered(_defined_all(hyps)), *hyps], sympy.And(*_ordered(_defined(w)), into))]
        relation = sympy.Le if isinstance(term, Sup) else sympy.Ge
        target = _make(relation(value, term), hyps)
        params = {"term": canonical_srepr(term), "at": record, "hypotheses": [canonical_srepr(h) for h in hyps]}
        return _step("member", target, [], sides, params, detail)
    return _applied("member", build)


def expected(premise: Fact | Evidence, var: sympy.Symbol, law: Law, detail: str = "") -> Evidence:
    """E_P f R E_P g (R one of =, ≤, <) from f R g for every value of `var`: monotonicity of the
    expectation under a probability law P (``Expect(f, (var, law))``, :mod:`.recheck.terms`)."""
    p, x = _premise(premise), _symbol(var, "var")
    if not isinstance(law, Law):
        raise ParameterError(f"law must be a Law, got {law!r}")

    def build() -> Evidence:
        if x not in p.goal.variables:
            raise _Refused(f"{x} is not a variable of the premise")
        if any(x in _free(h) for h in p.goal.hypotheses):
            raise _Refused(f"the premise must hold for every {x} (a law's support is not known): "
                           f"its hypotheses may not mention {x}")
        a, op, b = _orient(p.goal.conclusion)
        target = _make(_RELATION[op](Expect(a, (x, law)), Expect(b, (x, law))), p.goal.hypotheses)
        return _step("expect", target, [p], [], {"index": canonical_srepr(x), "law": canonical_srepr(law)}, detail)
    return _applied("expect", build)


def equally_integrable(premise: Fact | Evidence, var: sympy.Symbol, law: Law, detail: str = "") -> Evidence:
    """Integrable(f) ⇔ Integrable(g) under P, from ∀ x: H ⇒ f = g (H free of x) where f and g are
    defined at the same x (side): the two are one partial function of x (module docstring)."""
    p, x = _premise(premise), _symbol(var, "var")
    if not isinstance(law, Law):
        raise ParameterError(f"law must be a Law, got {law!r}")

    def build() -> Evidence:
        if x not in p.goal.variables:
            raise _Refused(f"{x} is not a variable of the premise")
        if x in set().union(*(_free(h) for h in p.goal.hypotheses)):
            raise _Refused(f"the premise must hold for every {x}: its hypotheses may not mention {x}")
        f, op, g = _orient(p.goal.conclusion)
        if op != "=":
            raise _Refused(f"the premise must be an equation, got {p.goal.conclusion}")
        hyps = list(p.goal.hypotheses)
        target = _make(sympy.Equivalent(Integrable(f, (x, law)), Integrable(g, (x, law))), hyps)
        same = sympy.Equivalent(sympy.And(*_ordered(_defined(f))), sympy.And(*_ordered(_defined(g))))
        params = {"index": canonical_srepr(x), "law": canonical_srepr(law)}
        return _step("equally-integrable", target, [p], [([*_ordered(_defined_all(hyps)), *hyps], same)], params, detail)
    return _applied("equally-integrable", build)


def expectation(premise: Fact | Evidence, index: sympy.Symbol, lo: object, hi: object, weight: object,
                detail: str = "") -> Evidence:
    """Σ w f ≤ Σ w g from f ≤ g (or =), for weights w ≥ 0 (a hypothesis for each index unless
    provable): the expectation of an inequality under a finite law with masses w (a derived rule:
    :func:`decide` then :func:`summed`)."""
    p, j = _premise(premise), _symbol(index, "index", integer=True)
    w = sympy.sympify(weight)

    def build() -> Evidence:
        a, op, b = _orient(p.goal.conclusion)
        hyps = list(p.goal.hypotheses) + ([] if w.is_nonnegative else [w >= 0])
        weighted = decide(_make((sympy.Eq if op == "=" else sympy.Le)(w * a, w * b), hyps), p)
        if not weighted.passed:
            raise _Refused(weighted.detail)
        return summed(weighted, j, lo, hi, detail)
    return _applied("sum", build)


def induction_goals(goal: Goal, n: sympy.Symbol, n0: object) -> tuple[Goal, Goal]:
    """(base, step) that :func:`induction` needs for `goal` = ∀ n ≥ n0, …: H ⇒ C: the goal at
    n = n0, and n ≥ n0 ∧ H(n+1) ∧ (H ⇒ C) ⇒ C(n+1)."""
    n, n0 = _symbol(n, "n", integer=True), sympy.sympify(n0)
    if not isinstance(goal, Goal) or n not in goal.variables:
        raise ParameterError(f"goal must be a Goal with the variable {n}")
    if not _integer_valued(n0) or n in _free(n0):
        raise ParameterError(f"n0 must be integer-valued and free of {n}, got {n0}")
    start = sympy.Ge(n, n0)
    rest = [h for h in goal.hypotheses if h != start]
    if len(rest) == len(goal.hypotheses):
        raise ParameterError(f"the goal's hypotheses must include {start}")
    up = {n: n + 1}
    base = _make(goal.conclusion.xreplace({n: n0}), [h.xreplace({n: n0}) for h in rest])
    hypothesis = sympy.Or(sympy.Not(sympy.And(*rest)), goal.conclusion) if rest else goal.conclusion
    step = _make(goal.conclusion.xreplace(up), [start, *[h.xreplace(up) for h in rest], hypothesis])
    return base, step


def induction(goal: Goal, n: sympy.Symbol, n0: object, base: Fact | Evidence, step: Fact | Evidence,
              detail: str = "") -> Evidence:
    """`goal` (∀ n ≥ n0, …: H ⇒ C) by induction on the integer n: `base` and `step` must prove
    exactly :func:`induction_goals`; definedness at n + 1 must give definedness at n (side)."""
    b, s = _premise(base), _premise(step)

    def build() -> Evidence:
        if _make(goal.conclusion, goal.hypotheses).digest != goal.digest:
            raise _Refused("the goal must list exactly its free variables")
        want_base, want_step = induction_goals(goal, n, n0)
        if b.goal.digest != want_base.digest:
            raise _Refused(f"the base proves {b.goal.text()}, not {want_base.text()}")
        if s.goal.digest != want_step.digest:
            raise _Refused(f"the step proves {s.goal.text()}, not {want_step.text()}")
        start = sympy.Ge(n, n0)
        rest = [h for h in goal.hypotheses if h != start]
        now = set().union(*(_defined(p) for p in _pieces_all([*rest, goal.conclusion])))
        later = [part.xreplace({n: n + 1}) for part in (*rest, goal.conclusion)]
        side = [start, *_ordered(_defined_all(later)), *[h.xreplace({n: n + 1}) for h in rest]]
        params = {"variable": canonical_srepr(n), "start": canonical_srepr(sympy.sympify(n0))}
        return _step("induction", goal, [b, s], [(side, sympy.And(*_ordered(now)))], params, detail)
    return _applied("induction", build)


def _pieces_all(parts: Iterable[sympy.Basic]) -> list:
    return [q for p in parts for q in _pieces(p)]


def limit(monotone: Fact | Evidence, bound: Fact | Evidence, n: sympy.Symbol, n0: object, detail: str = "",
          converges: bool = False) -> Evidence:
    """lim_{n→∞} f ≤ c from f(n) ≤ f(n+1) and f(n) ≤ c for integers n ≥ n0 (same hypotheses, c free of n);
    with `converges`, ``Converges(Limit(f, n, oo))`` instead (a bounded nondecreasing sequence converges)."""
    m, bd, n = _premise(monotone), _premise(bound), _symbol(n, "n", integer=True)
    n0 = sympy.sympify(n0)

    def build() -> Evidence:
        if not _integer_valued(n0) or n in _free(n0):
            raise _Refused(f"n0 must be integer-valued and free of {n}")
        start = sympy.Ge(n, n0)
        if start not in m.goal.hypotheses or set(m.goal.hypotheses) != set(bd.goal.hypotheses):
            raise _Refused(f"both premises must have the hypotheses {start} and the same others")
        rest = [h for h in m.goal.hypotheses if h != start]
        if any(n in _free(h) for h in rest):
            raise _Refused(f"only {start} may mention {n}")
        f, op1, g = _orient(m.goal.conclusion)
        f2, op2, c = _orient(bd.goal.conclusion)
        if op1 == "=" or op2 == "=" or g != f.xreplace({n: n + 1}) or f2 != f or n in _free(c):
            raise _Refused("the premises must read f ≤ f(n+1) and f ≤ c, c free of n")
        term = sympy.Limit(f, n, sympy.oo)
        target = _make(Converges(term) if converges else sympy.Le(term, c), rest)
        side = [*_ordered(_defined_all(rest)), *rest, start]
        params = {"variable": canonical_srepr(n), "start": canonical_srepr(n0), **({"converges": True} if converges else {})}
        return _step("limit", target, [m, bd], [(side, sympy.And(*_ordered(_defined(f))))], params, detail)
    return _applied("limit", build)


def continuity(term: sympy.Limit, detail: str = "") -> Evidence:
    """Limit(f, x, x0) = f(x0) for f continuous where defined, by its form (module docstring)."""
    if not isinstance(term, sympy.Limit):
        raise ParameterError(f"term must be a sympy Limit, got {term}")
    f, x, x0, _ = term.args

    def build() -> Evidence:
        if not (_plain(x) and not x.is_integer):
            raise _Refused(f"the limit's variable {x} must be a real symbol with no other assumption")
        if x0.has(sympy.oo, -sympy.oo, sympy.zoo) or x in _free(x0):
            raise _Refused(f"the point {x0} must be finite and free of {x}")
        if x in _bound(f) or _free(x0) & _bound(f):
            raise _Refused(f"{x}, or a variable of {x0}, is also an index bound inside {f}")
        if not _continuous(f, x):
            raise _Refused(f"{f} must be built from continuous functions")
        target = _make(sympy.Eq(term, _substitute(f, {x: x0})), [])
        return _step("continuity", target, [], [], {"term": canonical_srepr(term)}, detail)
    return _applied("continuity", build)


def at_infinity(term: sympy.Limit, var: sympy.Symbol, value: object = None, hypotheses: Sequence[object] = (),
                detail: str = "", converges: bool = False) -> Evidence:
    """lim_{k→∞} f(k) = g(0) (k → −∞ likewise, with f(−1/t)), where g(t) = f(1/t) for every t > 0
    at which f(1/t) is defined (side; g = `value`, default f(1/t) itself) and g is continuous by its
    form and defined at 0 (side), under `hypotheses` free of k and t (module docstring).
    `converges`: conclude ``Converges(term)`` instead, with f(±1/t) defined for EVERY t > 0 (side)."""
    if not (isinstance(term, sympy.Limit) and term.args[2] in (sympy.oo, -sympy.oo)):
        raise ParameterError(f"term must be a sympy Limit at oo or -oo, got {term}")
    f, k, end, _ = term.args
    t = _symbol(var, "var", integer=False)
    extra = [_relation(h, "hypotheses") for h in hypotheses]

    def build() -> Evidence:
        if not _plain(k):
            raise _Refused(f"the limit's variable {k} must carry no assumption but integer=True or real=True")
        if t in _free(term) | _bound(term) or k == t or k in _bound(f):
            raise _Refused(f"{t} must be a new variable (free neither in nor bound inside {term})")
        if any(k in _free(h) or t in _free(h) for h in extra):
            raise _Refused(f"the hypotheses must be free of {k} and {t}")
        near = _substitute(f, {k: (1 if end == sympy.oo else -1) / t})  # f at k = ±1/t: t → 0⁺ as k → ±∞
        g = near if value is None else sympy.sympify(value)
        if k in _free(g) or _bound(g) & {k, t}:
            raise _Refused(f"{g} must be an expression in {t}, free of {k}")
        if not _continuous(g, t):
            raise _Refused(f"{g} must be built from continuous functions")
        at0 = _substitute(g, {t: sympy.Integer(0)})
        target = _make(Converges(term) if converges else sympy.Eq(term, at0), extra)
        known = [*_ordered(_defined_all(extra)), *extra]
        agree = sympy.And(*_ordered(_defined(g)), sympy.Eq(near, g))
        around = _ordered(_defined(near))
        sides = [([*known, sympy.Gt(t, 0)], sympy.And(*around, agree)) if converges else
                 ([*known, sympy.Gt(t, 0), *around], agree), (known, sympy.And(*_ordered(_defined(at0))))]
        params = {"term": canonical_srepr(term), "variable": canonical_srepr(t), "value": canonical_srepr(g),
                  "hypotheses": [canonical_srepr(h) for h in extra], **({"converges": True} if converges else {})}
        return _step("infinity", target, [], sides, params, detail)
    return _applied("infinity", build)


def _range_of(term: sympy.Basic) -> tuple:
    if isinstance(term, (sympy.Sum, sympy.Product)) and len(term.limits) == 1:
        body, (j, lo, hi) = term.function, term.limits[0]
    elif isinstance(term, Every):
        body, (j, lo, hi) = term.condition, term.limits
    else:
        raise ParameterError(f"term must be a Sum, Product or Every over one integer index, got {term}")
    return body, _symbol(j, "the term's index", integer=True), lo, hi


def _join(term: sympy.Basic, items: list) -> sympy.Basic:
    return (sympy.Add if isinstance(term, sympy.Sum) else sympy.Mul if isinstance(term, sympy.Product) else sympy.And)(*items)


def unfold(term: sympy.Basic, at: str = "end", detail: str = "") -> Evidence:
    """The definition of a finite Sum, Product or Every: peel its last term (`at="end"`, under
    lo ≤ hi) or write out a constant range of at most MAX_UNFOLD terms (`at="all"`)."""
    body, j, lo, hi = _range_of(term)
    same = sympy.Equivalent if isinstance(term, Every) else sympy.Eq

    def build() -> Evidence:
        if not (_integer_valued(lo) and _integer_valued(hi)):
            raise _Refused(f"the ends of {term} must be integer-valued by their form")
        if at == "end":
            rest = term.func(body, (j, lo, hi - 1))
            target = _make(same(term, _join(term, [rest, _substitute(body, {j: hi})])), [sympy.Ge(hi, lo)])
        elif at == "all":
            if not (lo.is_Integer and hi.is_Integer and -1 <= hi - lo < MAX_UNFOLD):
                raise _Refused(f"at='all' needs integer constants lo ≤ hi + 1 with at most {MAX_UNFOLD} terms")
            target = _make(same(term, _join(term, [_substitute(body, {j: sympy.Integer(k)}) for k in range(int(lo), int(hi) + 1)])), [])
        else:
            raise ParameterError(f"at must be 'end' or 'all', got {at!r}")
        return _step("unfold", target, [], [], {"term": canonical_srepr(term), "at": at}, detail)
    return _applied("unfold", build)


def rename(term: sympy.Basic, index: sympy.Symbol, detail: str = "") -> Evidence:
    """term = the same term with its bound index renamed to `index` (α-conversion of a Sum,
    Product, Integral, Every, Sup, Inf or Expect over one index; `index` must not occur in the term)."""
    if not (isinstance(term, _BINDERS) and len(term.args) == 2):
        raise ParameterError(f"term must be a Sum, Product, Integral, Every, Sup, Inf or Expect over one index, got {term}")
    new = _symbol(index, "index", ranged=False)
    old, *ends = term.args[1]

    def build() -> Evidence:
        if new.assumptions0 != old.assumptions0 or isinstance(new, Law) or new in _free(term) | _bound(term):
            raise _Refused(f"{new} must be new to the term and have the assumptions of {old}")
        renamed = term.func(term.args[0].xreplace({old: new}), (new, *ends))
        target = _make((sympy.Equivalent if isinstance(term, (Every, Integrable)) else sympy.Eq)(term, renamed), [])
        return _step("rename", target, [], [], {"term": canonical_srepr(term), "index": canonical_srepr(new)}, detail)
    return _applied("rename", build)


def swap(term: sympy.Sum | sympy.Integral, detail: str = "", converges: bool = False) -> Evidence:
    """Σ_{i=a}^{b} Σ_{j=c}^{d} f = Σ_{j=c}^{d} Σ_{i=a}^{b} f, for ranges free of the other index
    (Fubini for finite sums; sympy writes a double sum as ``Sum(f, (j, c, d), (i, a, b))``). Sound
    also for reversed ranges: by Karr's convention each sum is a signed sum σ_I Σ_{i∈I} over a
    finite set I, and σ_I σ_J Σ_{I×J} f is symmetric; both sides are defined exactly when f is
    defined on I × J, so there is no side condition.

    Also a finite sum and an integral (Tonelli for finite sums): Σ_{j=a}^{b} ∫_lo^hi f du =
    ∫_lo^hi Σ_{j=a}^{b} f du, either way round (an Integral of a Sum, or a Sum of an Integral),
    the ends of either free of the other's variable, lo = −∞ or hi = ∞ allowed. Claimed where both
    sides are defined; there each ∫ f_j exists (the signed sum runs over a finite set of j), and
    the integral of a finite sum over each bounded interval is the sum of the integrals, and so is
    the limit of a finite sum.

    With `converges` (a Sum and an Integral): a ≤ b + 1 ∧ Every(Converges(∫ f du), (j, a, b)) ⇒
    Converges(∫ Σ_{j=a}^{b} f du) instead. Sound: each f_j is integrable on the interval (Lebesgue),
    so the finite sum is defined almost everywhere, measurable and bounded by Σ_j |f_j|."""
    if isinstance(term, (sympy.Sum, sympy.Integral)) and len(term.limits) == 1 and \
            isinstance(term.function, (sympy.Sum, sympy.Integral)) and type(term.function) is not type(term):
        return _swap_sum_integral(term, detail, converges)
    if converges:
        raise ParameterError("converges applies to a Sum of an Integral (or an Integral of a Sum)")
    if not (isinstance(term, sympy.Sum) and len(term.limits) == 2):
        raise ParameterError(f"term must be a double Sum, Sum(f, (j, c, d), (i, a, b)), or a Sum of an Integral "
                             f"(an Integral of a Sum) over one range each, got {term}")
    f, (j, c, d), (i, a, b) = term.function, *term.limits

    def build() -> Evidence:
        if i == j or not (_plain(i) and _plain(j) and i.is_integer and j.is_integer):
            raise _Refused(f"the indices {i}, {j} must be two integer symbols with no other assumption")
        if not all(_integer_valued(end) for end in (a, b, c, d)):
            raise _Refused(f"the ends {a}, {b}, {c}, {d} must be integer-valued by their form")
        if i in _free(c) | _free(d) or j in _free(a) | _free(b):
            raise _Refused(f"the range of one index depends on the other: {term}")
        target = _make(sympy.Eq(term, sympy.Sum(f, (i, a, b), (j, c, d))), [])
        return _step("swap", target, [], [], {"term": canonical_srepr(term)}, detail)
    return _applied("swap", build)


def _swap_sum_integral(term: sympy.Sum | sympy.Integral, detail: str, converges: bool = False) -> Evidence:
    inner = term.function
    if len(inner.limits) != 1 or len(inner.limits[0]) != 3 or len(term.limits[0]) != 3:
        raise ParameterError(f"the Sum and the Integral must each run over one range, got {term}")
    total, integral = (term, inner) if isinstance(term, sympy.Sum) else (inner, term)
    (j, a, b), (u, lo, hi) = total.limits[0], integral.limits[0]
    f = inner.function

    def build() -> Evidence:
        if not (isinstance(j, sympy.Symbol) and _plain(j) and j.is_integer):
            raise _Refused(f"the sum's index {j} must be an integer symbol with no other assumption")
        if not (isinstance(u, sympy.Symbol) and _plain(u) and not u.is_integer):
            raise _Refused(f"the integral's variable {u} must be a real symbol with no other assumption")
        if not (_integer_valued(a) and _integer_valued(b)):
            raise _Refused(f"the ends {a}, {b} of the sum must be integer-valued by their form")
        _unbounded(lo, hi)
        if u in _free(a) | _free(b) or j in _free(lo) | _free(hi):
            raise _Refused(f"the range of one depends on the other's variable: {term}")
        if converges:  # a finite sum of integrable functions is integrable
            target = _make(Converges(sympy.Integral(sympy.Sum(f, (j, a, b)), (u, lo, hi))),
                           [sympy.Le(a, b + 1), Every(Converges(sympy.Integral(f, (u, lo, hi))), (j, a, b))])
            return _step("swap", target, [], [], {"term": canonical_srepr(term), "converges": True}, detail)
        swapped = sympy.Integral(sympy.Sum(f, (j, a, b)), (u, lo, hi)) if term is total else \
            sympy.Sum(sympy.Integral(f, (u, lo, hi)), (j, a, b))
        target = _make(sympy.Eq(term, swapped, evaluate=False), [])  # unevaluated: sympy would integrate
        return _step("swap", target, [], [], {"term": canonical_srepr(term)}, detail)
    return _applied("swap", build)


def _expanded_terms(e: sympy.Basic) -> int:
    """An upper bound on the terms of `e` expanded as a polynomial (checked before expanding)."""
    if isinstance(e, sympy.Add):
        return sum(_expanded_terms(a) for a in e.args)
    if isinstance(e, sympy.Mul):
        return math.prod(_expanded_terms(a) for a in e.args)
    if isinstance(e, sympy.Pow) and e.exp.is_Integer and e.exp > 0:
        t = _expanded_terms(e.base)
        return math.comb(t + int(e.exp) - 1, int(e.exp)) if t > 1 else 1
    return 1


_EXPAND = {"mul": True, "multinomial": True, "power_exp": False, "power_base": False, "log": False}


def _split(body: sympy.Basic, j: sympy.Symbol, term: sympy.Basic) -> dict:
    """{uₖ: cₖ} with body = Σₖ cₖ uₖ (u = 1 for the constant c₀), cₖ free of j, checked by expanding."""
    limits.check("value_nodes", _expanded_terms(body), f"terms of the expanded summand of {term}")
    groups: dict = {}
    for piece in sympy.Add.make_args(sympy.expand(body, **_EXPAND)):
        factors = sympy.Mul.make_args(piece)
        coeff = sympy.Mul(*[f for f in factors if j not in _free(f)])
        part = sympy.Mul(*[f for f in factors if j in _free(f)])
        groups[part] = groups.get(part, 0) + coeff
    if sympy.expand(sympy.Add(*[c * part for part, c in groups.items()]) - body, **_EXPAND) != 0:
        raise _Refused("the linear split does not add back up")
    return groups


def linear(term: sympy.Sum | Expect | sympy.Integral, detail: str = "") -> Evidence:
    """Σⱼ E = Σₖ cₖ Σⱼ uₖ + c₀(hi − lo + 1): the sum of E split by linearity (cₖ free of j); for an
    expectation E_P[E] = Σₖ cₖ E_P[uₖ] + c₀ (P a probability law: E_P c₀ = c₀); for an integral
    ∫_lo^hi E du = Σₖ cₖ ∫ uₖ + c₀(hi − lo), and with an infinite end (an improper integral, the
    limit of the integrals over bounded intervals) the same without a constant part. Both sides are
    claimed where defined; there each uₖ is summable (integrable) and the split is a polynomial
    identity, so linearity of finite sums (of the integral, of limits) gives the equation."""
    if isinstance(term, Expect):
        body, j = term.function, _symbol(term.limits[0], "the expectation's index")
        count, hyps, rebuild = sympy.Integer(1), [], lambda part: Expect(part, term.limits)
    elif isinstance(term, sympy.Integral) and len(term.limits) == 1 and len(term.limits[0]) == 3:
        body, (j, lo, hi) = term.function, term.limits[0]
        j = _symbol(j, "the integral's variable", integer=False)
        count, hyps = hi - lo, []

        def rebuild(part: sympy.Basic) -> sympy.Integral:
            return sympy.Integral(part, term.limits[0])
    elif isinstance(term, sympy.Sum):
        body, j, lo, hi = _range_of(term)
        count, hyps, rebuild = hi - lo + 1, [sympy.Ge(hi + 1, lo)], lambda part: sympy.Sum(part, (j, lo, hi))
    else:
        raise ParameterError(f"linear takes a Sum, an Expect or an Integral over one variable, got {term}")

    def build() -> Evidence:
        groups = _split(body, j, term)
        if isinstance(term, sympy.Integral) and _unbounded(*term.limits[0][1:]):
            if groups.pop(1, 0) != 0:
                raise _Refused(f"the integrand of {term} has a constant part, whose integral over an unbounded interval diverges")
        rhs = sympy.Add(*[c * (count if part == 1 else rebuild(part)) for part, c in groups.items()])
        if rhs == term:  # one part with coefficient 1: sympy would read term = term as True, which states nothing
            raise _Refused(f"{term} has nothing to split: its body is one part with coefficient 1")
        target = _make(sympy.Eq(term, rhs, evaluate=False), hyps)  # unevaluated: sympy would integrate, or decide it
        return _step("linear", target, [], [], {"term": canonical_srepr(term)}, detail)
    return _applied("linear", build)


def integrable(term: Expect | Integrable, hypotheses: Sequence[object] = (), detail: str = "") -> Evidence:
    """Integrable(f, (x, P)) under Integrable(uₖ, (x, P)) for the parts uₖ of f's linear split and
    `hypotheses` (free of x); side: wherever the hypotheses hold and every uₖ is defined, f and
    every coefficient are defined (module docstring)."""
    if not isinstance(term, _OVER_LAW):
        raise ParameterError(f"term must be an Expect or an Integrable, got {term}")
    body, limits_ = term.function, term.limits
    x = _symbol(limits_[0], "the expectation's index")
    extra = [_relation(h, "hypotheses") for h in hypotheses]

    def build() -> Evidence:
        if any(x in _free(h) for h in extra):
            raise _Refused(f"the hypotheses may not mention {x}")
        groups = _split(body, x, term)
        parts = [part for part in groups if part != 1]
        target = _make(Integrable(body, limits_), [*extra, *[Integrable(part, limits_) for part in parts]])
        defined = set().union(*(_defined(part) for part in parts))
        needed = _defined(body).union(*(_defined(c) for c in groups.values()))
        side = [*_ordered(_defined_all(extra)), *extra, *_ordered(defined)]
        params = {"term": canonical_srepr(term), "hypotheses": [canonical_srepr(h) for h in extra]}
        return _step("integrable", target, [], [(side, sympy.And(*_ordered(needed)))], params, detail)
    return _applied("integrable", build)


def _borel_atoms(f: sympy.Basic, x: sympy.Symbol, out: list) -> None:
    """The subterms of f that mention x and are not Borel operations on their arguments by form
    (a sequence term p[x], an applied function δ(x), a test's value a[x], a binder): f is a Borel
    function of x and these. +, ×, powers, log and the functions of ``_TOTAL`` are continuous where
    defined (on a Borel domain), and a two-branch Piecewise of a relation selects between two
    Borel functions on a Borel set."""
    if x not in _free(f) or f == x:
        return
    if isinstance(f, (sympy.Add, sympy.Mul, sympy.Pow, sympy.log, Relational)) or f.func in _TOTAL:
        for a in f.args:
            _borel_atoms(a, x, out)
    elif _two_branches(f):
        (a, c), (b, _) = f.args
        for part in (a, b, *c.args):
            _borel_atoms(part, x, out)
    elif _kernel_value(f):  # kernel7b: s ↦ K(B|s) is measurable (a Markov kernel), composed with a Borel index
        _borel_atoms(f.indices[1], x, out)
    elif isinstance(f, sympy.Sum) and len(f.limits) == 1 and not _finite_sum_parts(f, x) and f not in out:
        return  # a finite sum (ends free of x) of Borel functions of x is Borel
    elif f not in out:
        out.append(f)


def _finite_sum_parts(f: sympy.Sum, x: sympy.Symbol) -> list:
    """The parts of a one-range Sum's body in x (None-like: [f] when its ends mention x or are not
    integer-valued by their form, so the whole sum is a part)."""
    j, lo, hi = f.limits[0]
    if x in _free(lo) | _free(hi) or not (_integer_valued(lo) and _integer_valued(hi)):
        return [f]
    inner: list = []
    _borel_atoms(f.function, x, inner)
    return inner


def dominated(term: Integrable | sympy.Integral, bound: object, hypotheses: Sequence[object] = (), detail: str = "",
              premises: Sequence[Fact | Evidence] = ()) -> Evidence:
    """Integrable(f, (x, P)) under the hypotheses (free of x), Integrable(g, (x, P)) and
    Integrable(uₖ, (x, P)) for the subterms uₖ of f that mention x and are not Borel operations by
    their form (:func:`_borel_atoms`: p[x], δ(x), a[x], a binder); side: for every x where the
    hypotheses hold and g and the uₖ are defined, f is defined and |f| ≤ g. Sound: the uₖ(X) are
    integrable, so measurable and defined almost surely; f(X) is a Borel function of X and them,
    so measurable, defined almost surely (where g(X) and the uₖ(X) are) and |f(X)| ≤ g(X) there,
    so E|f(X)| ≤ E|g(X)| < ∞ (domination).

    For an ``Integral(f, (u, lo, hi))`` the same over the interval (Lebesgue measure): the
    conclusion is ``Converges(term)`` under the hypotheses, lo ≤ hi (finite ends), and the
    definedness of ∫ g and of each ∫ uₖ over the interval (Converges, or nothing for an integral
    defined outright such as that of a constant); the side holds for u in the interval.
    `premises`: proved facts over the variable and the conclusion's (their hypotheses may mention
    it), assumed in the side wherever all their terms are defined (as for :func:`increasing`)."""
    facts = [_premise(q) for q in premises]
    if isinstance(term, sympy.Integral):
        return _dominated_integral(term, sympy.sympify(bound), [_relation(h, "hypotheses") for h in hypotheses], detail, facts)
    if not isinstance(term, Integrable):
        raise ParameterError(f"term must be an Integrable or an Integral, got {term}")
    f, (x, law) = term.function, term.limits
    x = _symbol(x, "the integrable's variable")
    g = sympy.sympify(bound)
    extra = [_relation(h, "hypotheses") for h in hypotheses]

    def build() -> Evidence:
        if any(x in _free(h) for h in extra):
            raise _Refused(f"the hypotheses may not mention {x}")
        if _bound(g) & {x}:
            raise _Refused(f"{x} is bound inside the bound {g}")
        atoms: list = []
        _borel_atoms(f, x, atoms)
        target = _make(term, [*extra, Integrable(g, term.limits), *[Integrable(a, term.limits) for a in atoms]])
        given = [*_ordered(_defined_all(extra)), *extra, *_ordered(_defined(g)), *_ordered(set().union(*(_defined(a) for a in atoms))),
                 *_calculus_premises(facts, target, x)]
        needed = sympy.And(*_ordered(_defined(f)), sympy.Le(sympy.Abs(f), g))
        params = {"term": canonical_srepr(term), "bound": canonical_srepr(g), "hypotheses": [canonical_srepr(h) for h in extra]}
        return _step("dominated", target, facts, [(given, needed)], params, detail)
    return _applied("dominated", build)


def _dominated_integral(term: sympy.Integral, g: sympy.Basic, extra: list, detail: str, facts: list) -> Evidence:
    if len(term.limits) != 1 or len(term.limits[0]) != 3:
        raise ParameterError(f"the Integral must run over one range with both ends, got {term}")
    f, (u, lo, hi) = term.function, term.limits[0]
    u = _symbol(u, "the integral's variable", integer=False)

    def build() -> Evidence:
        below, above = lo == -sympy.oo, hi == sympy.oo
        _unbounded(lo, hi)
        if u in _free(lo) | _free(hi) or any(u in _free(h) for h in extra) or u in _bound(g) | _bound(f):
            raise _Refused(f"the ends, the hypotheses and the bound's binders must be free of {u}")
        atoms: list = []
        _borel_atoms(f, u, atoms)
        over = [sympy.Integral(e, term.limits[0]) for e in (g, *atoms)]
        order = [] if below or above else [sympy.Le(lo, hi)]
        target = _make(Converges(term), [*extra, *order, *_ordered(set().union(*(_defined(i) for i in over)))])
        inside = ([] if below else [sympy.Le(lo, u)]) + ([] if above else [sympy.Le(u, hi)])
        given = [*_ordered(_defined_all([*extra, *order])), *extra, *order, *inside, *_ordered(_defined(g)),
                 *_ordered(set().union(*(_defined(a) for a in atoms))), *_calculus_premises(facts, target, u)]
        needed = sympy.And(*_ordered(_defined(f)), sympy.Le(sympy.Abs(f), g))
        params = {"term": canonical_srepr(term), "bound": canonical_srepr(g), "hypotheses": [canonical_srepr(h) for h in extra]}
        return _step("dominated", target, facts, [(given, needed)], params, detail)
    return _applied("dominated", build)


# --------------------------------------------------------------------------------------------
# rules from derivatives


#: Functions differentiable wherever their derivative, as sympy writes it, is defined.
_SMOOTH = (sympy.exp, sympy.log, sympy.sin, sympy.cos, sympy.tanh, sympy.sinh, sympy.cosh, sympy.atan, sympy.asinh,
           sympy.erf, sympy.erfc)


def _smooth(f: sympy.Basic, x: sympy.Symbol) -> bool:
    """Built from x with +, ×, powers and :data:`_SMOOTH` functions (a term free of x is a constant)."""
    if x not in _free(f) or f == x:
        return True
    if isinstance(f, (sympy.Add, sympy.Mul, sympy.Pow)) or (f.func in _SMOOTH and len(f.args) == 1):
        return all(_smooth(a, x) for a in f.args)
    return False


def _calculus(rule: str, f: object, x: sympy.Symbol, lo: object, hi: object, hypotheses: Sequence[object], order: int,
              points: Mapping[str, object], claim, conclusion, detail: str, premises: Sequence[Fact | Evidence] = (),
              interior: bool = False, **flags) -> Evidence:
    """A rule from derivatives on [lo, hi]: the side condition is, for every x there under the
    hypotheses (free of x), f, f', …, f⁽ᵒʳᵈᵉʳ⁾ defined and ``claim(derivatives)``; the conclusion
    ``conclusion(derivatives, at)`` = (relation, hypotheses), under `hypotheses` too (``at(e, p)``
    is e at x = p; `points` are the other terms of the rule, free of x). `premises` (proved goals
    over x and the conclusion's variables, their hypotheses may mention x) are assumed in the side
    condition wherever all their terms are defined. `interior`: f defined on [lo, hi], and the
    derivative's part of the side only for lo < x < hi (the mean value theorem's ξ is inside)."""
    facts = [_premise(q) for q in premises]
    x = _symbol(x, "x", integer=False)
    f, lo, hi = sympy.sympify(f), sympy.sympify(lo), sympy.sympify(hi)
    named = {k: sympy.sympify(v) for k, v in points.items()}
    extra = [_relation(h, "hypotheses") for h in hypotheses]

    def build() -> Evidence:
        if not _smooth(f, x):
            raise _Refused(f"{f} must be built from {x} with +, ×, powers, exp, log, sin, cos, tanh, sinh, cosh, atan, "
                           "asinh, erf, erfc (differentiable wherever its derivative is defined)")
        if any(x in _free(e) for e in [lo, hi, *named.values(), *extra]):
            raise _Refused(f"the interval, the points and the hypotheses must be free of {x}")
        if any((_free(e) | {x}) & _bound(f) for e in [lo, hi, *named.values()]):
            raise _Refused(f"a point, or {x}, is also an index bound in {f}")
        derivs = [f]
        for _ in range(order):
            derivs.append(sympy.diff(derivs[-1], x))
        if not all(_smooth(d, x) for d in derivs[:-1]):
            raise _Refused(f"a derivative of {f} is not differentiable by its form")
        try:
            relation, assumed = conclusion(derivs, lambda e, p: _substitute(e, {x: p}), **named)
        except TypeError as err:  # sympy compares numbers only if real: f at a point outside its domain
            raise _Refused(f"the conclusion is no relation of real numbers: {err}") from None
        target = _make(relation, [*assumed, *extra])
        known = [*_ordered(_defined_all(extra)), *extra, *_calculus_premises(facts, target, x)]
        hyps = [*known, sympy.Le(lo, x), sympy.Le(x, hi)]
        needed = set().union(*(_defined(d) for d in derivs)) | {claim(derivs, **named)}
        sides = [(hyps, sympy.And(*_ordered(needed)))]
        if interior:
            inside = set().union(*(_defined(d) for d in derivs[1:])) | {claim(derivs, **named)}
            sides = [(hyps, sympy.And(*_ordered(_defined(f)))),
                     ([*known, sympy.Lt(lo, x), sympy.Lt(x, hi)], sympy.And(*_ordered(inside)))]
        record = {"variable": canonical_srepr(x), "function": canonical_srepr(f), "lo": canonical_srepr(lo),
                  "hi": canonical_srepr(hi), "hypotheses": [canonical_srepr(h) for h in extra],
                  **{k: canonical_srepr(v) for k, v in named.items()}, **flags, **({"interior": True} if interior else {})}
        return _step(rule, target, facts, sides, record, detail)
    return _applied(rule, build)


def _calculus_premises(facts: Sequence[Fact], target: Goal, x: sympy.Symbol) -> list:
    """Each premise as "some term of it undefined, a hypothesis false, or its conclusion", over x and
    the target's variables (every term's definedness written: a premise about a partial term must
    not exclude the points where that term is undefined)."""
    own = set(target.variables) | {x}
    out = []
    for p in facts:
        extra = set(p.goal.variables) - own
        if extra:
            raise _Refused(f"the premise {p.goal.text()} has variables {sorted(map(str, extra))} beyond {x} and the goal's")
        # a term the target mentions is defined wherever the target says anything, as for decide's premises
        defined = _defined_beyond([*p.goal.hypotheses, p.goal.conclusion], target)
        guard = sympy.And(*_ordered(defined), *p.goal.hypotheses)
        out.append(sympy.Or(sympy.Not(guard), p.goal.conclusion))
    return out


def increasing(f: object, x: sympy.Symbol, a: object, b: object, hypotheses: Sequence[object] = (), strict: bool = False,
               detail: str = "", premises: Sequence[Fact | Evidence] = (), interior: bool = False) -> Evidence:
    """f(a) ≤ f(b) under a ≤ b from f' ≥ 0 on [a, b] (f(a) < f(b) under a < b from f' > 0).
    `premises`: proved facts (about x, hypotheses may mention it) the side condition may use;
    `interior`: f' only on the open interval (a, b), f defined on [a, b] (so continuous there)."""
    rel, a, b = sympy.Lt if strict else sympy.Le, sympy.sympify(a), sympy.sympify(b)
    return _calculus("increasing", f, x, a, b, hypotheses, 1, {},
                     lambda d: d[1] > 0 if strict else d[1] >= 0,
                     lambda d, at: (rel(at(d[0], a), at(d[0], b)), [rel(a, b)]), detail, premises, interior,
                     strict=bool(strict))


def tangent(f: object, x: sympy.Symbol, at: object, lo: object, hi: object, hypotheses: Sequence[object] = (),
            detail: str = "") -> Evidence:
    """f(x) ≥ f(at) + f'(at)(x − at) for x and `at` in [lo, hi], from f'' ≥ 0 on [lo, hi]."""
    lo, hi = sympy.sympify(lo), sympy.sympify(hi)
    return _calculus("tangent", f, x, lo, hi, hypotheses, 2, {"at": at},
                     lambda d, at: d[2] >= 0,
                     lambda d, value, at: (sympy.Ge(d[0], value(d[0], at) + value(d[1], at) * (x - at)),
                                           [sympy.Le(lo, x), sympy.Le(x, hi), sympy.Le(lo, at), sympy.Le(at, hi)]), detail)


def fundamental(f: object, x: sympy.Symbol, a: object, b: object, hypotheses: Sequence[object] = (),
                detail: str = "") -> Evidence:
    """∫_a^b f'(x) dx = f(b) − f(a) under a ≤ b, for f and f' defined on [a, b] (f' continuous by its form)."""
    a, b = sympy.sympify(a), sympy.sympify(b)
    def conclusion(d, at):
        if not _continuous(d[1], x):
            raise _Refused(f"the derivative {d[1]} must be built from continuous functions")
        return sympy.Eq(sympy.Integral(d[1], (x, a, b)), at(d[0], b) - at(d[0], a)), [sympy.Le(a, b)]
    return _calculus("ftc", f, x, a, b, hypotheses, 1, {}, lambda d: sympy.true, conclusion, detail)


def mean_value(f: object, x: sympy.Symbol, a: object, b: object, bound: object, hypotheses: Sequence[object] = (),
               detail: str = "") -> Evidence:
    """|f(b) − f(a)| ≤ M (b − a) under a ≤ b from |f'| ≤ M on [a, b] (M = `bound`, free of x)."""
    a, b = sympy.sympify(a), sympy.sympify(b)
    return _calculus("mean-value", f, x, a, b, hypotheses, 1, {"bound": bound},
                     lambda d, bound: sympy.And(-bound <= d[1], d[1] <= bound),
                     lambda d, at, bound: (sympy.Le(sympy.Abs(at(d[0], b) - at(d[0], a)), bound * (b - a)), [sympy.Le(a, b)]),
                     detail)


#: The inner terms whose limits at ±∞ :func:`improper` knows, h(a) with a = c·x + d (c, d free of x): the limit
#: of h as its argument a tends to −∞ (key −1) or ∞ (key 1). exp → 0 only as a → −∞.
_INNER_LIMITS = {sympy.exp: {-1: sympy.Integer(0)}, sympy.erf: {-1: sympy.Integer(-1), 1: sympy.Integer(1)},
                 sympy.erfc: {-1: sympy.Integer(2), 1: sympy.Integer(0)}}


def _inner_limit(h: sympy.Basic, x: sympy.Symbol, end: int, tends: int) -> tuple[sympy.Basic, sympy.Basic]:
    """(the limit of h as x → end·∞, the side condition that h's argument tends to tends·∞): h = exp, erf or erfc of
    c·x + d, c and d free of x; the argument tends to tends·∞ when end·c has the sign of tends."""
    if h.func not in _INNER_LIMITS or len(h.args) != 1:
        raise _Refused(f"{h} is not exp, erf or erfc of one argument")
    if tends not in _INNER_LIMITS[h.func]:
        raise _Refused(f"{h.func} has no finite limit as its argument tends to {tends}·∞")
    a = h.args[0]
    c = sympy.diff(a, x)
    if x in _free(c) or c == 0 or x in _free(sympy.expand(a - c * x)):
        raise _Refused(f"the argument {a} of {h} must be c·{x} + d with c ≠ 0 and c, d free of {x}")
    return _INNER_LIMITS[h.func][tends], (sympy.Gt(c, 0) if end * tends > 0 else sympy.Lt(c, 0))


def improper(outer: object, inner: Mapping[sympy.Symbol, tuple], x: sympy.Symbol, lo: object, hi: object,
             hypotheses: Sequence[object] = (), converges: bool = False, detail: str = "",
             premises: Sequence[Fact | Evidence] = ()) -> Evidence:
    """The fundamental theorem of calculus over a half-line, by monotone convergence: for F = G(h₁(x), …, h_m(x))
    (G = `outer` in the symbols s_i, `inner` = {s_i: (h_i, tends_i)}, each h_i exp, erf or erfc of c_i·x + d_i whose
    argument tends to tends_i·∞ at the infinite end), ∫_{−∞}^b F'(x) dx = F(b) − L (or ∫_a^∞ F' = L − F(a)) with
    L = G(lim h_1, …, lim h_m); with `converges`, ``Converges`` of the integral instead. Side conditions, under the
    hypotheses (free of x): each c_i has the sign that sends its argument to tends_i·∞; F and F' defined and F' ≥ 0 on
    the half-line; G defined at the limit point. G continuous by its form, F smooth by its form, F' continuous by its
    form. Sound: for R large, ∫ over the bounded part is F(b) − F(−R) (FTC); h_i(−R) → lim h_i and G is continuous at
    the limit point, so F(−R) → L; F' ≥ 0, so by monotone convergence the Lebesgue integral over the half-line is the
    limit F(b) − L, finite: F' is integrable there (Converges) and the equation holds."""
    facts = [_premise(q) for q in premises]
    x = _symbol(x, "x", integer=False)
    G, lo, hi = sympy.sympify(outer), sympy.sympify(lo), sympy.sympify(hi)
    extra = [_relation(h, "hypotheses") for h in hypotheses]

    def build() -> Evidence:
        if (lo == -sympy.oo) == (hi == sympy.oo):
            raise _Refused(f"exactly one end must be infinite (−∞ below or ∞ above), got [{lo}, {hi}]")
        _unbounded(lo, hi)
        end, b = (-1, hi) if lo == -sympy.oo else (1, lo)
        names = list(inner)
        if not names or any(not isinstance(s, sympy.Symbol) for s in names):
            raise _Refused("the inner terms must be given for symbols s_i")
        if x in _free(G) or x in _free(b) or any(x in _free(h) for h in extra):
            raise _Refused(f"the outer function, the finite end and the hypotheses must be free of {x}")
        if any(s in _free(b) or any(s in _free(h) for h in extra) for s in names):
            raise _Refused("the symbols s_i must be new")
        if _bound(G) or not _continuous(G):
            raise _Refused(f"{G} must be built from continuous functions")
        limits, signs = {}, []
        for s in names:
            h, tends = inner[s]
            h = sympy.sympify(h)
            value, sign = _inner_limit(h, x, end, tends)
            limits[s] = value
            signs.append(sign)
        F = G.xreplace({s: sympy.sympify(inner[s][0]) for s in names})
        if not _smooth(F, x):
            raise _Refused(f"{F} must be built from {x} with +, ×, powers and smooth functions")
        dF = sympy.diff(F, x)
        if not _continuous(dF, x):
            raise _Refused(f"the derivative {dF} must be built from continuous functions")
        lost: list = []
        L = _substitute(G, limits, lost)  # G at the limit point, with what evaluation removed (0**c → 0)
        term = sympy.Integral(dF, (x, lo, hi))
        value = _substitute(F, {x: b}) - L if end == -1 else L - _substitute(F, {x: b})
        target = _make(Converges(term) if converges else sympy.Eq(term, value, evaluate=False), extra)
        known = [*_ordered(_defined_all(extra)), *extra, *_calculus_premises(facts, target, x)]
        line = sympy.Le(x, b) if end == -1 else sympy.Le(b, x)
        needed = _defined(F) | _defined(dF) | {sympy.Ge(dF, 0)}
        # G at the limit point: defined, with what evaluation removed (0**c → 0) and the reading of each power whose
        # exponent became a number there (G = 0**s is defined nowhere, yet at s = 0 sympy folds it to 0**0 = 1)
        there = _defined(L) | _lost(lost, None) | _defined(b) | _powers_reread([G], limits)
        sides = [([*known, line], sympy.And(*_ordered(needed))),
                 ([*_ordered(_defined_all(extra)), *extra], sympy.And(*_ordered(there), *signs))]
        record = {"outer": canonical_srepr(G), "inner": [[canonical_srepr(s), canonical_srepr(sympy.sympify(inner[s][0])),
                                                          int(inner[s][1])] for s in names],
                  "variable": canonical_srepr(x), "lo": canonical_srepr(lo), "hi": canonical_srepr(hi),
                  "hypotheses": [canonical_srepr(h) for h in extra], **({"converges": True} if converges else {})}
        return _step("improper", target, facts, sides, record, detail)
    return _applied("improper", build)


def joined(term: sympy.Integral, at: object, hypotheses: Sequence[object] = (), detail: str = "") -> Evidence:
    """Converges(∫_a^b f) under a ≤ c ≤ b (c = `at`, finite, free of u; the inequality at an infinite end dropped),
    the hypotheses (free of u) and the definedness of ∫_a^c f and ∫_c^b f (Converges of each, or nothing for an
    integral defined outright). Sound: f is then defined almost everywhere, measurable and absolutely integrable on
    [a, c] and on [c, b], hence on their union [a, b] (∫_{[a,b]} |f| = ∫_{[a,c]} |f| + ∫_{[c,b]} |f|, {c} null)."""
    if not (isinstance(term, sympy.Integral) and len(term.limits) == 1 and len(term.limits[0]) == 3):
        raise ParameterError(f"joined takes an Integral over one variable with both ends, got {term}")
    f, (u, lo, hi) = term.function, term.limits[0]
    u = _symbol(u, "the integral's variable", integer=False)
    c = sympy.sympify(at)
    extra = [_relation(h, "hypotheses") for h in hypotheses]

    def build() -> Evidence:
        below, above = lo == -sympy.oo, hi == sympy.oo
        _unbounded(lo, hi)
        if c.has(sympy.oo, -sympy.oo, sympy.zoo):
            raise _Refused(f"the split point {c} must be finite")
        if u in _free(c) | _free(lo) | _free(hi) or any(u in _free(h) for h in extra) or u in _bound(f):
            raise _Refused(f"the split point, the ends and the hypotheses must be free of {u}")
        order = ([] if below else [sympy.Le(lo, c)]) + ([] if above else [sympy.Le(c, hi)])
        if sympy.false in order:
            raise _Refused(f"the split point {c} lies outside [{lo}, {hi}]")
        pieces = [(lo, c), (c, hi)]
        # a bounded piece with an integrand continuous by its form needs only the integrand defined on it (a side, as
        # for split: continuous on a compact interval, so bounded and integrable); any other piece its Converges
        bounded = [(a, z) for a, z in pieces if not _unbounded(a, z) and _continuous(f, u)]
        needed = set().union(*(_defined(sympy.Integral(f, (u, a, z))) for a, z in pieces if (a, z) not in bounded))
        target = _make(Converges(term), [*order, *extra, *_ordered(needed)])
        given = [*_ordered(_defined_all([*extra, *order])), *extra, *order, *_ordered(needed)]
        sides = [([*given, sympy.Le(a, u), sympy.Le(u, z)], sympy.And(*_ordered(_defined(f)))) for a, z in bounded]
        params = {"term": canonical_srepr(term), "at": canonical_srepr(c), "hypotheses": [canonical_srepr(h) for h in extra]}
        return _step("joined", target, [], sides, params, detail)
    return _applied("joined", build)


def diverges(premise: Fact | Evidence, var: sympy.Symbol, lo: object, detail: str = "") -> Evidence:
    """H ∧ Converges(∫_lo^∞ f du) ⇒ c ≤ 0 from the premise ∀ u: lo ≤ u ∧ H ⇒ c ≤ f (H and c free of u, lo
    finite and free of u). Sound: where the conclusion is claimed, H holds and ∫_lo^∞ f is a defined real, so f
    is defined almost everywhere on [lo, ∞) and absolutely integrable there; at each such u the premise gives
    f(u) ≥ c; were c > 0, ∫_lo^∞ |f| ≥ ∫_lo^∞ c du = +∞. No side condition (f need not be continuous)."""
    p, u = _premise(premise), _symbol(var, "var", integer=False)
    lo = sympy.sympify(lo)

    def build() -> Evidence:
        if u not in p.goal.variables:
            raise _Refused(f"{u} is not a variable of the premise")
        if lo.has(sympy.oo, -sympy.oo, sympy.zoo) or u in _free(lo):
            raise _Refused(f"the lower end {lo} must be finite and free of {u}")
        start = [h for h in p.goal.hypotheses if isinstance(h, (sympy.LessThan, sympy.GreaterThan)) and _orient(h) == (lo, "<=", u)]
        if not start:
            raise _Refused(f"the premise's hypotheses must include {lo} ≤ {u}")
        outer = [h for h in p.goal.hypotheses if h not in start]
        if any(u in _free(h) for h in outer):
            raise _Refused(f"the hypotheses {[h for h in outer if u in _free(h)]} depend on {u}")
        c, op, f = _orient(p.goal.conclusion)
        if op not in ("<=", "<") or u in _free(c):
            raise _Refused(f"the premise must say c ≤ f with c free of {u}, got {p.goal.conclusion}")
        if u in _bound(f):
            raise _Refused(f"{u} is also an index bound inside {f}")
        target = _make(sympy.Le(c, 0), [*outer, Converges(sympy.Integral(f, (u, lo, sympy.oo)))])
        return _step("diverge", target, [p], [], {"index": canonical_srepr(u), "lo": canonical_srepr(lo)}, detail)
    return _applied("diverge", build)


def tends(term: sympy.Limit, to: int, hypotheses: Sequence[object] = (), converges: bool = False,
          detail: str = "") -> Evidence:
    """lim_{k→±∞} h(c·k + d) = L for h exp, erf or erfc (c, d free of k) whose argument tends to `to`·∞ (to = ±1):
    L from the table (exp → 0 as its argument → −∞; erf → ∓1; erfc → 2 or 0); with `converges`, ``Converges(term)``
    instead. Side, under the hypotheses (free of k): c·k + d defined and c of the sign that sends the argument to
    `to`·∞ as k → ±∞. Sound: the argument is an affine function of k with that slope, so it tends to `to`·∞, and
    h tends to L there (exp(a) → 0 as a → −∞; erf(a) → ±1 and erfc(a) = 1 − erf(a) → 0 or 2 as a → ±∞); a
    sequence (k an integer) has the function's limit."""
    if not (isinstance(term, sympy.Limit) and term.args[2] in (sympy.oo, -sympy.oo)):
        raise ParameterError(f"term must be a sympy Limit at oo or -oo, got {term}")
    f, k, end, _ = term.args
    extra = [_relation(h, "hypotheses") for h in hypotheses]

    def build() -> Evidence:
        if not _plain(k):
            raise _Refused(f"the limit's variable {k} must carry no assumption but integer=True or real=True")
        if to not in (-1, 1):
            raise _Refused(f"to must be -1 or 1, got {to!r}")
        if any(k in _free(h) for h in extra) or k in _bound(f):
            raise _Refused(f"the hypotheses must be free of {k}, and {k} not bound inside {f}")
        value, sign = _inner_limit(f, k, 1 if end == sympy.oo else -1, to)
        target = _make(Converges(term) if converges else sympy.Eq(term, value), extra)
        known = [*_ordered(_defined_all(extra)), *extra]
        params = {"term": canonical_srepr(term), "to": int(to), "hypotheses": [canonical_srepr(h) for h in extra],
                  **({"converges": True} if converges else {})}
        return _step("tends", target, [], [(known, sympy.And(*_ordered(_defined(f.args[0])), sign))], params, detail)
    return _applied("tends", build)


# --------------------------------------------------------------------------------------------
# kernel7b: where a bounded supremum is defined (K4)


def _extremum_conditions(e: Sup | Inf) -> set:
    """Def(Sup(f, …)) (or Inf) when f is total (Def(f) empty at every point) and bounded by its form by a
    bound free of the index (:func:`_bounded_by_form`): over a class (a Law, Test or Event), always
    (every class is nonempty: the law δ₀, the test 0, the empty event); over a real range [lo, hi]
    (t a plain real, an end may be ±∞), where the finite ends are defined and lo ≤ hi (both finite).
    Exactly where it is defined: a nonempty set of reals bounded above has a least upper bound, and
    an empty range or an undefined end leaves the term undefined. Otherwise _Unknown."""
    try:
        return _bounded_extremum(e)
    except _Unknown:  # kernel7b (K5): "the supremum is a defined real number", a proposition (as for an integral)
        return {Converges(e)}


def _bounded_extremum(e: Sup | Inf) -> set:
    f = e.function
    if e.over_class:
        (v,) = e.limits
        if _defined(f) or not _bounded_by_form(f, {v}):
            raise _Unknown(f"where {e} is defined (its body is not total and bounded by its form)")
        return set()
    t, lo, hi = e.limits
    if t.is_integer or not _plain(t):
        raise _Unknown(f"where {e} is defined (its index is not a plain real)")
    if lo == sympy.oo or hi == -sympy.oo or any(end.has(sympy.oo, -sympy.oo, sympy.zoo, sympy.nan)
                                                for end in (lo, hi) if end not in (sympy.oo, -sympy.oo)):
        raise _Unknown(f"where {e} is defined (an end is not a real or ∓∞ at its side)")
    if t in _free(lo) | _free(hi) or _defined(f) or not _bounded_by_form(f, {t}):
        raise _Unknown(f"where {e} is defined (its body is not total and bounded by its form)")
    finite = [end for end in (lo, hi) if end not in (sympy.oo, -sympy.oo)]
    out = set().union(*(_defined(end) for end in finite))
    return out | ({sympy.Le(lo, hi)} if len(finite) == 2 else set())


def _bounded_by_form(f: sympy.Basic, over: set) -> bool:
    """Is the total term f bounded by its form by a bound free of the variables `over`: a term free of
    them is a constant; a test's value a[…] and a Markov kernel's value K[B, …] lie in [0, 1]; +, ×,
    |·|, max, min, a two-branch case split, a positive integer power and e^· of bounded terms are
    bounded; so is a supremum or infimum whose body is bounded by a bound free of `over` and of its
    own index (where it is defined, it lies within that bound)."""
    if not (_free(f) & over):
        return True
    if isinstance(f, sympy.Indexed) and (isinstance(f.base, Test) or _kernel_value(f)):
        return True
    if isinstance(f, (sympy.Add, sympy.Mul, sympy.Abs, sympy.Max, sympy.Min)):
        return all(_bounded_by_form(a, over) for a in f.args)
    if _two_branches(f):
        return all(_bounded_by_form(branch, over) for branch, _ in f.args)
    if isinstance(f, sympy.Pow) and f.exp.is_Integer and f.exp > 0:
        return _bounded_by_form(f.base, over)
    if isinstance(f, sympy.exp):
        return _bounded_by_form(f.args[0], over)
    if isinstance(f, (Sup, Inf)):
        return _bounded_by_form(f.function, over | {f.limits[0]})
    return False


def _kernel_value(f: sympy.Basic) -> bool:
    """K[B, s]: a Markov kernel's value at an Event variable B and a real term s (kernel7b, K1)."""
    return isinstance(f, sympy.Indexed) and isinstance(f.base, MarkovKernel) and len(f.indices) == 2 \
        and isinstance(f.indices[0], Event)


# --------------------------------------------------------------------------------------------
# kernel7b: point masses as members of the laws (K2), the empty output event (K1)


def _named_member(at: object) -> bool:
    return (isinstance(at, tuple) and len(at) == 2 and at[0] == "dirac") or (isinstance(at, str) and at == "empty")


def _named_class_member(term: Sup | Inf, at: object, hyps: list, detail: str) -> Evidence:
    """f at the point mass δ_a (``at=("dirac", a)``, a member of the laws): every ``Expect(g, (s, P))``
    over the supremum's law P read as g(a), with the side condition that a and each g are defined at a
    (a a real number: ±∞ refused; Def(a), Def(g)[s := a] and Def(g(a)), under `hypotheses`); or f at the empty event (``at="empty"``, a
    member of the events): every B[t] and every Markov kernel value K[B, t] read as 0 (no side).
    Sound: δ_a is a probability law, and E_{δ_a} g = g(a) wherever g(a) is defined (g(X) = g(a)
    almost surely, a finite constant, so integrable); so f at δ_a is f', and where the supremum is
    defined it bounds it. ∅ is an event: 1_∅ = 0 and K(∅|t) = 0 (K(·|t) is a measure)."""
    f, (v,) = term.function, term.limits
    kind = _class_of(v)

    def build() -> Evidence:
        try:
            return built()
        except (TypeError, ValueError) as err:  # sympy cannot evaluate f at the member (e.g. Min(zoo, γ))
            raise _Refused(f"f is no real term at the member: {err}") from None

    def built() -> Evidence:
        sides: list = []
        if v in _bound(f):
            raise _Refused(f"{v} is also bound inside {term}")
        if at == "empty":
            if kind != "events":
                raise _Refused(f"the empty event is a member of the events, not of the {kind}")
            found = {e for e in f.atoms(sympy.Indexed) if e.base == v or (_kernel_value(e) and e.indices[0] == v)}
            value, record = f.xreplace({e: sympy.Integer(0) for e in found}), "empty"
            if v in _free(value):
                raise _Refused(f"{v} occurs in {f} other than as B[t] or a kernel's K[B, t]")
            point = sympy.Integer(0)
        else:
            point = sympy.sympify(at[1])
            if kind != "laws":
                raise _Refused(f"a point mass is a member of the laws, not of the {kind}")
            if not isinstance(point, sympy.Expr) or isinstance(point, Law) or _bound(point) or \
                    any(isinstance(w, (Law, Test)) for w in _free(point)):
                raise _Refused(f"the point mass's point {point} must be a real term with no bound index, law or test")
            if _free(point) & _bound(f):
                raise _Refused(f"a variable of {point} would be captured by an index bound in {term}")
            if point.has(sympy.oo, -sympy.oo, sympy.zoo, sympy.nan):
                raise _Refused(f"a point mass sits at a real number, not at {point}")
            found = [e for e in sympy.preorder_traversal(f) if isinstance(e, Expect) and e.limits[1] == v]
            reads, needed = {}, set(_defined(point))
            for e in found:
                g, s = e.function, e.limits[0]
                if not _plain(s) or (s.is_integer and not _integer_valued(point)):
                    raise _Refused(f"the index {s} of {e} must be a plain real (or an integer at an integer-valued point)")
                if v in _free(g):
                    raise _Refused(f"{e} nests another term over {v}")
                here = _substitute(g, {s: point})
                reads[e] = here
                needed |= {_substitute(c, {s: point}) for c in _defined(g)} | _defined(here)
            value, record = f.xreplace(reads), "dirac"
            if not found or v in _free(value):
                raise _Refused(f"{v} must occur in {f} only as the law of an expectation (and at least once)")
            if needed - {sympy.true}:
                sides = [([*_ordered(_defined_all(hyps)), *hyps], sympy.And(*_ordered(needed)))]
        relation = sympy.Le if isinstance(term, Sup) else sympy.Ge
        target = _make(relation(value, term), hyps)
        params = {"term": canonical_srepr(term), "at": canonical_srepr(point), "member": record,
                  "hypotheses": [canonical_srepr(h) for h in hyps]}
        try:
            return _step("member", target, [], sides, params, detail)
        except ParameterError as err:  # a side condition whose variables clash with a bound index
            raise _Refused(str(err)) from None
    return _applied("member", build)


# --------------------------------------------------------------------------------------------
# kernel7b: a supremum over a class that exists (K5)


def sup_converges(premise: Fact | Evidence, var: Law | Test, at: object, supports: Sequence[Fact | Evidence] = (),
                  detail: str = "") -> Evidence:
    """H ⇒ ``Converges(Sup(f, (var,)))`` from the premise ∀ var: H ⇒ f ≤ c (H and c free of var) and a
    member `at` (a Law variable or a point mass ("dirac", a) for the laws; a Test or Event variable for
    the tests or events) at which f is defined. Side: under H (and the proved `supports`, assumed
    wherever their terms are defined), f at the member and c are defined (for a point mass, each
    expectation's body at a in the kernel's reading, as for :func:`member`). Sound: the values of f
    at the members where it is defined form a set that contains f(at), so nonempty, and that c bounds
    (the premise at each of them), so it has a least upper bound: the supremum is a real number."""
    return _converges_rule("sup-converges", premise, var, at, supports, detail)


def inf_converges(premise: Fact | Evidence, var: Law | Test, at: object, supports: Sequence[Fact | Evidence] = (),
                  detail: str = "") -> Evidence:
    """The dual of :func:`sup_converges`: ∀ var: H ⇒ f ≥ c and a member at which f is defined give
    H ⇒ ``Converges(Inf(f, (var,)))``."""
    return _converges_rule("inf-converges", premise, var, at, supports, detail)


def _member_value(f: sympy.Basic, v: Law | Test, at: object) -> tuple:
    """(f at the member, the conditions for it to be defined beyond f's own at it, the record of the member)."""
    kind = _class_of(v)
    if isinstance(at, tuple) and len(at) == 2 and at[0] == "dirac":
        point = sympy.sympify(at[1])
        if kind != "laws":
            raise _Refused(f"a point mass is a member of the laws, not of the {kind}")
        if point.has(sympy.oo, -sympy.oo, sympy.zoo, sympy.nan):
            raise _Refused(f"a point mass sits at a real number, not at {point}")
        if not isinstance(point, sympy.Expr) or isinstance(point, Law) or _bound(point) or \
                any(isinstance(w, (Law, Test)) for w in _free(point)) or _free(point) & _bound(f):
            raise _Refused(f"the point {point} must be a real term with no bound index, law or test, not captured in {f}")
        found = [e for e in sympy.preorder_traversal(f) if isinstance(e, Expect) and e.limits[1] == v]
        reads, needed = {}, set(_defined(point))
        for e in found:
            g, s = e.function, e.limits[0]
            if not _plain(s) or (s.is_integer and not _integer_valued(point)) or v in _free(g):
                raise _Refused(f"{e} cannot be read at the point mass at {point}")
            reads[e] = _substitute(g, {s: point})
            needed |= {_substitute(c, {s: point}) for c in _defined(g)}
        value = f.xreplace(reads)
        if not found or v in _free(value):
            raise _Refused(f"{v} must occur in {f} only as the law of an expectation (and at least once)")
        return value, needed, ["dirac", canonical_srepr(point)]
    fits = isinstance(at, Law) if kind == "laws" else isinstance(at, Event if kind == "events" else Test)
    if not fits:
        raise _Refused(f"{at} is not a member of the {kind}")
    if at in _bound(f):
        raise _Refused(f"{at} is bound inside {f}")
    return f.xreplace({v: at}), set(), ["variable", canonical_srepr(at)]


def _converges_rule(rule: str, premise: Fact | Evidence, v: Law | Test, at: object, supports: Sequence, detail: str) -> Evidence:
    p, facts = _premise(premise), [_premise(q) for q in supports]
    if _class_of(v) is None:
        raise ParameterError(f"{v} must be a Law, Test or Event (a supremum over a class)")

    def build() -> Evidence:
        if v not in p.goal.variables or any(v in _free(h) for h in p.goal.hypotheses):
            raise _Refused(f"the premise must hold for every {v}: a variable of it that no hypothesis mentions")
        a, op, b = _orient(p.goal.conclusion)
        f, c = (a, b) if rule == "sup-converges" else (b, a)
        if op == "=" or v in _free(c):
            raise _Refused(f"the premise must bound f {'above' if rule == 'sup-converges' else 'below'} by a term free of "
                           f"{v}, got {p.goal.conclusion}")
        if v in _bound(f):
            raise _Refused(f"{v} is also bound inside {f}")
        try:
            value, needed, record = _member_value(f, v, at)
        except (TypeError, ValueError) as err:  # sympy cannot evaluate f at the member (e.g. Min(zoo, γ))
            raise _Refused(f"f is no real term at the member: {err}") from None
        term = (Sup if rule == "sup-converges" else Inf)(f, (v,))
        hyps = list(p.goal.hypotheses)
        target = _make(Converges(term), hyps)
        needed = (needed | _defined(value) | _defined(c)) - {sympy.true}
        given = [*_ordered(_defined_all(hyps)), *hyps, *_calculus_premises(facts, target, v)]
        params = {"index": canonical_srepr(v), "class": _class_of(v), "member": record}
        try:
            return _step(rule, target, [p, *facts], [(given, sympy.And(*_ordered(needed)))], params, detail)
        except ParameterError as err:  # a side condition whose variables clash with a bound index
            raise _Refused(str(err)) from None
    return _applied(rule, build)
