"""Rational functions over ℚ read from sympy: one builder for the re-checker's identities and its
SMT-LIB translation.

A sympy expression built from rationals, symbols, sums, products and integer powers (and, where a
symbol b is given a root order L, the powers b^(m/L)) becomes a pair (N, D) of python-flint
multivariate polynomials over ℚ (``fmpq_mpoly``), in lowest terms after every step: the value of
the expression wherever its denominators are nonzero. The root order makes b^(1/L) a variable w
with b = w^L, so ``x^(1/2)·x^(1/2) = x`` is an identity of the ring. This is not the prover's route
(sympy's ``together``/``cancel``): the re-checker shares nothing with it.
"""

from __future__ import annotations

from typing import Mapping, Sequence

import sympy


class RationalFunctions:
    """ℚ(w₁, …) with wᵢ = bᵢ^(1/Lᵢ) for the bases `bases` (Lᵢ = ``root[bᵢ]``, 1 by default), the
    ring's variables named `names` (printed as they are: SMT-LIB names, or w0, w1, …). `error` is
    the exception raised for what the ring does not read (a function, a division by zero); `monic`
    makes every denominator's leading coefficient 1 (a canonical form; the SMT translation keeps
    the gcd-reduced pair as it comes)."""

    def __init__(self, bases: Sequence[sympy.Basic], names: Sequence[str], error: type[Exception],
                 root: Mapping[sympy.Basic, int] | None = None, monic: bool = False) -> None:
        import flint

        self.flint = flint
        self.bases = list(bases)
        self.root = {b: int((root or {}).get(b, 1)) for b in self.bases}
        self.names = tuple(names) or ("unused",)
        self.ctx = flint.fmpq_mpoly_ctx.get(self.names, "lex")
        self.index = {b: i for i, b in enumerate(self.bases)}
        self.one = self.ctx.from_dict({(0,) * len(self.names): 1})
        self.error, self.monic = error, monic

    def variable(self, base: sympy.Basic, power: int = 1):
        """w^power for the root variable w of `base`."""
        exps = [0] * len(self.names)
        exps[self.index[base]] = power
        return self.ctx.from_dict({tuple(exps): 1})

    def fraction(self, e: sympy.Basic) -> tuple:
        """(N, D) with e = N/D wherever D ≠ 0."""
        if e.is_Rational:
            return self.one * self.flint.fmpq(int(e.p), int(e.q)), self.one
        if e.is_Symbol:
            if e not in self.index:
                raise self.error(f"the symbol {e} is no variable of the ring")
            return self.variable(e, self.root[e]), self.one
        if e.is_Add or e.is_Mul:
            n, d = self.fraction(e.args[0])
            for a in e.args[1:]:
                an, ad = self.fraction(a)
                n, d = (n * ad + an * d, d * ad) if e.is_Add else (n * an, d * ad)
                n, d = self.lowest(n, d)
            return n, d
        if e.is_Pow and e.exp.is_Integer:
            n, d = self.fraction(e.base)
            k = int(e.exp)
            if k < 0:
                if n.is_zero():
                    raise self.error("a division by the zero polynomial")
                n, d, k = d, n, -k
            return n ** k, d ** k
        if e.is_Pow and e.exp.is_Rational and e.base in self.index and (e.exp * self.root[e.base]).is_Integer:
            k = int(e.exp * self.root[e.base])
            w = self.variable(e.base, abs(k))
            return (w, self.one) if k >= 0 else (self.one, w)
        raise self.error(f"{e.func.__name__} inside a rational expression")

    def lowest(self, n, d) -> tuple:
        """n/d with their gcd divided out (and d monic when the ring is)."""
        if n.is_zero():
            return n, self.one
        g = n.gcd(d)
        if not g.is_one():
            n, d = n / g, d / g
        if self.monic:
            c = d.leading_coefficient()
            n, d = n / c, d / c
        return n, d
