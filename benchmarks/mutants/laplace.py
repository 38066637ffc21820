"""Mutants of the k-fold Laplace composition's certified route by continuous components
(symdp/central/laplace_components.py): the positive-arithmetic recurrences, the atoms above the straddling
window, the tilted bound on the dropped numbers of components, and the route's guard. Each makes a
ball miss δ (or claims a bound it does not have) and must be killed by the closed-form and
second-derivation tests. Collected by ``benchmarks/mutation.py``; run them with ``-k "laplace:"``."""

C = "symdp/central/laplace_components.py"
T = ("tests/test_laplace_composition.py",)

MUTANTS = [
    ("laplace: the dropped components' bound left out", C,
     "    return value.union(value + dropped)", "    return value", T),
    ("laplace: the Chernoff bound tilted twice", C,
     "scale = (-lam_w * k - (mu - lam_w) * arb_of(tg.t, prec + 64)).exp()",
     "scale = (-lam_w * k - 2 * (mu - lam_w) * arb_of(tg.t, prec + 64)).exp()", T),
    ("laplace: Cox–de Boor's second factor one grid step off", C,
     "second = _times_affine(shifted, 2 - z0 + 2 * (j - 2 - anchor), two)",
     "second = _times_affine(shifted, 2 - z0 + 2 * (j - 1 - anchor), two)", T),
    ("laplace: B's exact value beyond its support one level off", C,
     "cur[j - 2] = lam_pow * two_pow * (z0 + (j - 2))", "cur[j - 2] = lam_pow * two_pow * (z0 + (j - 1))", T),
    ("laplace: the start interval without its upper end", C,
     "out.append(arb(1).union(y.sinh() / y))", "out.append(arb(1))", T),
    ("laplace: the first atom above the window at the wrong distance", C,
     "first = walk.bc * (-lam * j).exp() * 2 * (lam * (z0 + j)).sinh()",
     "first = walk.bc * (-lam * j).exp() * 2 * (lam * (z0 + 2 * j)).sinh()", T),
    ("laplace: the atoms' tail walk loses the boundary atom's ratio", C,
     "self.ap = (1 + self.xp) * self.ap + self.xp * self.bc", "self.ap = (1 + self.xp) * self.ap + self.bc", T),
    ("laplace: the straddling atoms' binomials not walked by Pascal's rule", C,
     "self.g = (self.g + self.g.right_shift(1)).truncate(j - 1)", "self.g = self.g.truncate(j - 1)", T),
    ("laplace: one prefix sum instead of two", C,
     "return v / one_minus_x / one_minus_x", "return v / one_minus_x", T),
    ("laplace: the first atom above the threshold one further up", C,
     "    c = _floor_exact((k + t) / 2) + 1", "    c = _floor_exact((k + t) / 2) + 2", T),
    ("laplace: C(k, j) walked with the wrong ratio", C,
     "self.binom_k = self.binom_k * j / (self.k - j + 1)", "self.binom_k = self.binom_k * j / (self.k - j)", T),
    ("laplace: the guard on δ ∈ [0, 1] deleted", C,
     "ensure(b.is_finite() and not b < 0 and not b > 1,", "ensure(True,", T),
]

EQUIVALENT: dict[str, str] = {}
