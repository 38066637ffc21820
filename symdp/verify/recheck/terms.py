"""The terms kernel goals add to sympy: a bounded "for every", supremum, infimum and expectation.

Each binds an index like ``Sum`` does: ``Every(condition, (j, lo, hi))`` is true when `condition`
holds for every j of the range, ``Sup(f, (t, lo, hi))`` is the least upper bound of the values f
takes there and ``Inf(f, (t, lo, hi))`` the greatest lower bound. The range is the integers
lo ≤ j ≤ hi when the index is an integer symbol, else the real interval [lo, hi]. An empty range
makes ``Every`` true. ``Sup`` and ``Inf`` are *defined* (real numbers) when the range is nonempty,
f is defined at every point of it and its values are bounded (above for Sup, below for Inf); a
relation about them is claimed only there.

``Expect(f, (x, P))`` is the expectation E f(X) of f(X) for X distributed by the probability law
``P`` (a :class:`Law`: a variable that ranges over the probability laws on ℝ, or on ℤ when x is an
integer symbol; f of an integer index is read at the integers only, so the expectation is
defined only for a law carried by ℤ). It is *defined* (a real number) exactly when f is defined
P-almost surely and f(X) is integrable (E|f(X)| < ∞), as a sum is defined when its terms are; a relation about it is
claimed only there. That condition is the proposition ``Integrable(f, (x, P))``, which the kernel
reads as a fresh truth value (as it does ``Every``) and proves by its ``integrable`` rule.

They live in the re-checker's package because the checker must read them from a report without
the prover (:mod:`.parsing` builds them from their ``srepr``); the kernel
(:mod:`symdp.verify.kernel`) builds its goals with the same classes, so a goal's canonical form
and digest are the same on both sides.
"""

from __future__ import annotations

import sympy
from sympy.logic.boolalg import Boolean


def _limits(limits: object) -> sympy.Tuple:
    index, lo, hi = (sympy.sympify(v) for v in limits)
    if not isinstance(index, sympy.Symbol):
        raise ValueError(f"the bound index must be a symbol, got {index}")
    return sympy.Tuple(index, lo, hi)


def _free(body: sympy.Basic, limits: sympy.Tuple) -> set:
    index, lo, hi = limits
    return (body.free_symbols - {index}) | lo.free_symbols | hi.free_symbols


class Law(sympy.Symbol):
    """A probability law as a goal variable (∀ P: …), used only as the law of an :class:`Expect`
    (or as the variable of a supremum or infimum over the laws)."""


class Test(sympy.IndexedBase):
    """A test as a goal variable: it ranges over the functions a: ℝ → [0, 1], and ``a[x]`` is its
    value at x (a real in [0, 1]). Tests of hypotheses and randomized decision rules are these
    functions; ``Sup(f, (a,))`` is the supremum over them (:class:`Sup`)."""

    def __new__(cls, label: object, **assumptions: object) -> "Test":
        assumptions["nonnegative"] = True  # its values are ≥ 0 (its sign, as a sequence's)
        return super().__new__(cls, label, **assumptions)


class Event(Test):
    """An event as a goal variable: a test with values in {0, 1} (the indicator of a set A of
    outcomes, ``A[x]`` = 1_A(x)); ``Sup(f, (A,))`` is the supremum over the events."""


class MarkovKernel(sympy.IndexedBase):
    """A Markov kernel as a goal variable (kernel7b): K ranges over the Markov kernels from ℝ (the
    inputs, as the kernel reads every space's points) to ℝ (the outputs), and its only terms are
    ``K[B, s]`` with B an :class:`Event` variable and s a real term: K(B|s) when B is (the indicator of)
    a Borel set, and 0 otherwise (a convention that keeps every K[B, s] a defined real in [0, 1] and
    s ↦ K[B, s] measurable; a supremum over B of a body in which B enters only through K[B, ·] is then
    the supremum over the measurable output events, a nonmeasurable B giving the value of ∅)."""

    def __new__(cls, label: object, **assumptions: object) -> "MarkovKernel":
        assumptions["nonnegative"] = True  # its values are probabilities (≥ 0 is its sign)
        return super().__new__(cls, label, **assumptions)


class Every(Boolean):
    """``Every(condition, (j, lo, hi))``: `condition` holds for every j of the range."""

    def __new__(cls, condition: object, limits: object) -> "Every":
        condition = sympy.sympify(condition)
        if not isinstance(condition, Boolean):
            raise ValueError(f"Every needs a condition, got {condition}")
        return sympy.Basic.__new__(cls, condition, _limits(limits))

    @property
    def condition(self) -> sympy.Basic:
        return self.args[0]

    @property
    def limits(self) -> sympy.Tuple:
        return self.args[1]

    @property
    def free_symbols(self) -> set:
        return _free(self.condition, self.limits)


class _Term(sympy.Expr):
    """A real-valued term binding an index: its body f and its limits (read by ``_read``; the symbols
    free in it by ``_frees``), a real number where it exists."""

    is_commutative = True
    _read = staticmethod(_limits)
    _frees = staticmethod(_free)

    def __new__(cls, f: object, limits: object) -> "_Term":
        return sympy.Expr.__new__(cls, sympy.sympify(f), cls._read(limits))

    @property
    def function(self) -> sympy.Expr:
        return self.args[0]

    @property
    def limits(self) -> sympy.Tuple:
        return self.args[1]

    @property
    def free_symbols(self) -> set:
        return self._frees(self.function, self.limits)

    def _eval_is_extended_real(self) -> bool:
        return True


def _extremum_limits(limits: object) -> sympy.Tuple:
    """``(t, lo, hi)`` (a range) or ``(v,)`` with v a :class:`Law` or a :class:`Test` (a class)."""
    parts = tuple(limits) if isinstance(limits, (tuple, list, sympy.Tuple)) else (limits,)
    if len(parts) == 1:
        (v,) = (sympy.sympify(p) for p in parts)
        if not isinstance(v, (Law, Test)):
            raise ValueError(f"a supremum over a class runs over a Law or a Test (Event) variable, got {v}")
        return sympy.Tuple(v)
    return _limits(parts)


def _extremum_free(body: sympy.Basic, limits: sympy.Tuple) -> set:
    if len(limits) == 3:
        return _free(body, limits)
    (v,) = limits
    gone = {v, v.label} if isinstance(v, Test) else {v}  # sympy lists a sequence's label among its free symbols
    return {s for s in body.free_symbols if s not in gone and not (isinstance(s, sympy.Indexed) and (s.base == v or any(
        i.has(v) for i in s.indices)))}  # K[B, s] of a Markov kernel mentions B in an index


class _Extremum(_Term):
    """A supremum or infimum of f over a range, or over a class (a real number where it exists).

    Over a class, ``Sup(f, (v,))`` with v a :class:`Law` (the probability laws), a :class:`Test`
    (the functions ℝ → [0, 1]) or an :class:`Event` (the functions ℝ → {0, 1}) is the least upper
    bound of f over the members v of the class **at which f is defined**; it is defined when some
    member is such and f is bounded above on them. For an f in which v enters through
    expectations (E_P[a(X) g(X)]), the members at which f is defined are the tests measurable for
    the laws, and each equals a Borel one almost surely, so this is the supremum over measurable
    tests (events) of the papers: sup_A [P(A) − γQ(A)] is ``Sup(E[A·(p − γq)], (A,))``."""

    _read = staticmethod(_extremum_limits)
    _frees = staticmethod(_extremum_free)

    @property
    def over_class(self) -> bool:
        return len(self.limits) == 1


class Sup(_Extremum):
    """``Sup(f, (t, lo, hi))``: the supremum of f over the range (a real number where it exists)."""


class Inf(_Extremum):
    """``Inf(f, (t, lo, hi))``: the infimum of f over the range (a real number where it exists)."""


def _law_limits(limits: object) -> sympy.Tuple:
    index, law = (sympy.sympify(v) for v in limits)
    if not isinstance(index, sympy.Symbol) or isinstance(index, Law):
        raise ValueError(f"the bound index must be a symbol, got {index}")
    if not isinstance(law, Law):
        raise ValueError(f"the law must be a Law, got {law}")
    return sympy.Tuple(index, law)


def _law_free(body: sympy.Basic, limits: sympy.Tuple) -> set:
    index, law = limits
    return (body.free_symbols - {index}) | {law}


class Expect(_Term):
    """``Expect(f, (x, P))``: E f(X) for X ~ P (a real number where f(X) is integrable)."""

    _read = staticmethod(_law_limits)
    _frees = staticmethod(_law_free)


class Integrable(Boolean):
    """``Integrable(f, (x, P))``: f is defined P-almost surely and E|f(X)| < ∞ for X ~ P, i.e.
    ``Expect(f, (x, P))`` is defined. A proposition: true or false at every point."""

    def __new__(cls, f: object, limits: object) -> "Integrable":
        return sympy.Basic.__new__(cls, sympy.sympify(f), _law_limits(limits))

    @property
    def function(self) -> sympy.Expr:
        return self.args[0]

    @property
    def limits(self) -> sympy.Tuple:
        return self.args[1]

    @property
    def free_symbols(self) -> set:
        return _law_free(self.function, self.limits)


class Converges(Boolean):
    """``Converges(T)`` for T an ``Integral``, a ``Limit``, a ``Sup`` or an ``Inf`` (kernel7b): T is a defined real number — the
    integral is defined in the kernel's reading (the Lebesgue integral: the integrand defined almost
    everywhere on the interval and absolutely integrable; over an unbounded interval, then, the limit
    of the integrals over bounded ones), the limit exists and is finite. A proposition, true or false
    at every point; its own definedness is empty (it does not inherit T's), so only a rule that
    proves convergence concludes it."""

    def __new__(cls, term: object) -> "Converges":
        term = sympy.sympify(term)
        if not isinstance(term, (sympy.Integral, sympy.Limit, Sup, Inf)):  # a Sup/Inf: kernel7b (K5)
            raise ValueError(f"Converges takes an Integral, a Limit, a Sup or an Inf, got {term}")
        return sympy.Basic.__new__(cls, term)

    @property
    def term(self) -> sympy.Expr:
        return self.args[0]

    @property
    def free_symbols(self) -> set:
        return self.term.free_symbols


#: The classes a certificate's expressions may name, beside sympy's (read by :mod:`.parsing`).
TERMS = {"Every": Every, "Sup": Sup, "Inf": Inf, "Expect": Expect, "Integrable": Integrable, "Law": Law, "Test": Test,
         "Event": Event, "Converges": Converges, "MarkovKernel": MarkovKernel}
