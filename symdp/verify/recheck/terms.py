"""The two terms kernel goals add to sympy: a bounded "for every" and a supremum.

Both bind an index like ``Sum`` does: ``Every(condition, (j, lo, hi))`` is true when `condition`
holds for every j of the range, and ``Sup(f, (t, lo, hi))`` is the least upper bound of the values
f takes there. The range is the integers lo ≤ j ≤ hi when the index is an integer symbol, else the
real interval [lo, hi]. An empty range makes ``Every`` true (and ``Sup`` undefined).

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


class Sup(sympy.Expr):
    """``Sup(f, (t, lo, hi))``: the supremum of f over the range (a real number where it exists)."""

    is_commutative = True

    def __new__(cls, f: object, limits: object) -> "Sup":
        return sympy.Expr.__new__(cls, sympy.sympify(f), _limits(limits))

    @property
    def function(self) -> sympy.Expr:
        return self.args[0]

    @property
    def limits(self) -> sympy.Tuple:
        return self.args[1]

    @property
    def free_symbols(self) -> set:
        return _free(self.function, self.limits)

    def _eval_is_extended_real(self) -> bool:
        return True
