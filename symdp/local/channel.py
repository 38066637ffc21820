"""Channels between finite alphabets: the objects of local differential privacy.

A channel (Markov kernel, privatisation mechanism) ``Q(y|x)`` is an exact row-stochastic
matrix: row ``x`` is the law of the output when the input is ``x``. This module holds the
exact, two-point quantities of a channel (its LDP ε, its Dobrushin coefficient, its output
marginals) and the channels of Ghazi–Issa, *Total variation meets differential privacy*,
Section VII. Contraction coefficients live in :mod:`symdp.local.contraction`.
"""

from __future__ import annotations

import importlib
from itertools import combinations
from typing import Callable, Iterable, Sequence

import sympy

from .. import limits
from ..numerics import params
from ..errors import ParameterError, require
from ..numbers import Value, exact, is_rational, sign, simplify


# --------------------------------------------------------------------------------------------
# Exact helpers shared by the local-privacy layer


def tidy(expr: sympy.Expr) -> sympy.Expr:
    """`expr` with its rational function in e^ε cancelled (a no-op on rationals)."""
    expr = sympy.sympify(expr)
    if expr.is_Rational or expr.is_Atom:
        return expr
    return simplify(expr, lambda e: sympy.cancel(sympy.together(e)))


def is_zero(expr: sympy.Expr) -> bool:
    """Exact zero test (rationals directly, anything else by certified sign + sympy)."""
    return sign(expr) == 0


def greater(a: sympy.Expr, b: sympy.Expr) -> bool:
    """Exact ``a > b``."""
    return sign(sympy.sympify(a) - sympy.sympify(b)) > 0


def max_exact(values: Iterable[sympy.Expr]) -> sympy.Expr:
    """The largest of exact values, compared exactly."""
    best = None
    for v in values:
        if best is None or greater(v, best):
            best = v
    if best is None:
        raise ParameterError("max_exact needs at least one value")
    return best


def probability_vector(values: Sequence[object], name: str) -> tuple[sympy.Expr, ...]:
    """Exact probability vector: nonnegative entries summing to exactly 1."""
    if isinstance(values, (str, bytes)) or not hasattr(values, "__len__"):
        raise ParameterError(f"{name} must be a sequence of probabilities, got {values!r}")
    row = tuple(params.sized(v, f"{name}[{i}]") for i, v in enumerate(values))
    if not row:
        raise ParameterError(f"{name} must have at least one entry")
    for i, v in enumerate(row):
        if v.free_symbols:
            raise ParameterError(f"{name}[{i}] must be a number, got {v}")
        require(sign(v) >= 0, f"{name}[{i}]", "≥ 0", v)
    total = sum(row, sympy.Integer(0))
    if not is_zero(total - 1):
        raise ParameterError(f"{name} must sum to 1, got {tidy(total)}")
    return row


def positive_eps(eps: object) -> sympy.Expr:
    """ε > 0: Section VII divides by e^ε − 1."""
    return params.positive(eps, "eps")


def tv_eta(eps: sympy.Expr, eta: object) -> sympy.Expr:
    """η ∈ [0, tanh(ε/2)], the range of Q_{ε,η} (Ghazi–Issa eq. 27).

    The bound tanh(ε/2) = (e^ε−1)/(e^ε+1) is eq. (26) as corrected: the paper prints the
    reciprocal (e^ε+1)/(e^ε−1) there and in Theorem 6, which is ≥ 1 and bounds nothing.
    """
    h = exact(eta, "eta")
    x = sympy.exp(eps)
    require(not h.free_symbols and sign(h) >= 0 and sign((x - 1) / (x + 1) - h) >= 0,
            "eta", "in [0, tanh(eps/2)] = [0, (e^eps-1)/(e^eps+1)]", eta)
    return h


def total_variation(p: Sequence[sympy.Expr], q: Sequence[sympy.Expr]) -> sympy.Expr:
    """d_TV(P, Q) = Σ_y (P(y) − Q(y))₊, exactly."""
    return hockey_stick(p, q, sympy.Integer(1))


def hockey_stick(p: Sequence[sympy.Expr], q: Sequence[sympy.Expr], gamma: sympy.Expr) -> sympy.Expr:
    """E_γ(P‖Q) = Σ_y (P(y) − γ Q(y))₊ for γ ≥ 1, exactly."""
    terms = [a - gamma * b for a, b in zip(p, q)]
    return tidy(sum((t for t in terms if sign(t) > 0), sympy.Integer(0)))


# --------------------------------------------------------------------------------------------
# The channel


class Channel:
    """A channel Q(y|x) between finite alphabets, as an exact row-stochastic matrix.

    ``Channel(matrix)``: ``matrix[x][y]`` = Q(y|x), the probability of output ``y`` on input
    ``x`` (rows are inputs, columns outputs). Entries are ints, ``Fraction``, decimal floats or
    sympy numbers; every row must be nonnegative and sum to exactly 1. A channel is immutable;
    ``rows`` is a tuple of tuples of sympy numbers.

    The output law of an input law P is M(y) = Σ_x P(x) Q(y|x) (Ghazi–Issa eq. 21),
    ``channel.apply(P)``; ``K.compose(W)`` (also ``K @ W``) is K followed by W.
    """

    __slots__ = ("rows",)

    def __init__(self, matrix: Sequence[Sequence[object]]):
        if isinstance(matrix, Channel):
            rows = matrix.rows
        else:
            if isinstance(matrix, (str, bytes)) or not hasattr(matrix, "__len__") or len(matrix) == 0:
                raise ParameterError(f"matrix must be a non-empty sequence of rows, got {matrix!r}")
            rows = tuple(probability_vector(r, f"row {i}") for i, r in enumerate(matrix))
            widths = {len(r) for r in rows}
            if len(widths) != 1:
                raise ParameterError(f"every row must have the same number of outputs, got lengths {[len(r) for r in rows]}")
        object.__setattr__(self, "rows", rows)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Channel is immutable")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Channel) and self.rows == other.rows

    def __hash__(self) -> int:
        return hash(self.rows)

    def __repr__(self) -> str:
        return f"Channel({[list(r) for r in self.rows]})"

    @property
    def n_inputs(self) -> int:
        """|X|, the number of rows."""
        return len(self.rows)

    @property
    def n_outputs(self) -> int:
        """|Y|, the number of columns."""
        return len(self.rows[0])

    @property
    def is_rational(self) -> bool:
        """True when every entry is rational (then every exact quantity is rational)."""
        return all(is_rational(v) for r in self.rows for v in r)

    # -- operations ------------------------------------------------------------------------

    def compose(self, other: "Channel") -> "Channel":
        """This channel followed by `other`: (K W)(z|x) = Σ_y K(y|x) W(z|y)."""
        if not isinstance(other, Channel):
            raise ParameterError(f"other must be a Channel, got {type(other).__name__}")
        require(other.n_inputs == self.n_outputs, "other.n_inputs",
                f"equal to this channel's n_outputs = {self.n_outputs}", other.n_inputs)
        return Channel([[tidy(sum((k * w[z] for k, w in zip(row, other.rows)), sympy.Integer(0)))
                         for z in range(other.n_outputs)] for row in self.rows])

    def __matmul__(self, other: "Channel") -> "Channel":
        return self.compose(other)

    def apply(self, distribution: Sequence[object]) -> tuple[sympy.Expr, ...]:
        """The output law M(y) = Σ_x P(x) Q(y|x) of the input law P (Ghazi–Issa eq. 21)."""
        p = probability_vector(distribution, "distribution")
        require(len(p) == self.n_inputs, "len(distribution)", f"n_inputs = {self.n_inputs}", len(p))
        return tuple(tidy(sum((px * row[y] for px, row in zip(p, self.rows)), sympy.Integer(0)))
                     for y in range(self.n_outputs))

    def pair(self, i: int, j: int):
        """The rows i and j as a :class:`~symdp.central.pairs.FinitePair` (Q(·|i), Q(·|j))."""
        from ..central.pairs import FinitePair  # pairs sit above this layer in import order
        for name, v in (("i", i), ("j", j)):
            require(isinstance(v, int) and not isinstance(v, bool) and 0 <= v < self.n_inputs,
                    name, f"an input index in [0, {self.n_inputs - 1}]", v)
        return FinitePair(self.rows[i], self.rows[j])

    # -- privacy ---------------------------------------------------------------------------

    def ldp_epsilon(self) -> sympy.Expr:
        """The smallest ε with Q ε-LDP: max_{y, x, x'} log(Q(y|x)/Q(y|x')), exactly.

        Ghazi–Issa Definition 6 (eq. 24) takes the sup over sets S ⊆ Y; a ratio of sums never
        exceeds the largest ratio of its terms, so singletons suffice. A column that is zero on
        some input and positive on another gives ε = oo; an all-zero column is never observed.
        """
        ratio = sympy.Integer(1)
        for y in range(self.n_outputs):
            column = [row[y] for row in self.rows]
            zero = [is_zero(v) for v in column]
            if all(zero):
                continue
            if any(zero):
                return sympy.oo
            r = tidy(max_exact(column) / min(column, key=lambda v: _Key(v)))
            if greater(r, ratio):
                ratio = r
        return sympy.log(ratio)

    def dobrushin(self) -> sympy.Expr:
        """η_TV(Q) = max_{x, x'} d_TV(Q(·|x), Q(·|x')), exactly: the Dobrushin coefficient.

        This is the η of Ghazi–Issa Definition 7 (eq. 25; the printed "= η" means "≤ η" for
        the class Q_{ε,η}), and the TV contraction coefficient (Dobrushin, their eq. 52).
        """
        if self.n_inputs == 1:
            return sympy.Integer(0)
        return max_exact(total_variation(a, b) for a, b in combinations(self.rows, 2))

    def contraction(self, kind: object) -> Value:
        """The contraction coefficient η_f(Q) = sup D_f(P0 Q‖P1 Q)/D_f(P0‖P1) (eq. 23).

        `kind` is ``"tv"``, ``"kl"``, ``"chi2"`` or ``("e_gamma", gamma)`` with γ ≥ 1. See
        :func:`symdp.local.contraction.contraction` for the methods and when the value is exact.
        """
        return _analysis("contraction")(self, kind)

    def is_ldp(self, eps: object, delta: object = 0) -> bool:
        """True iff the channel is (ε,δ)-LDP, decided exactly through η_{e^ε}(Q) ≤ δ.

        Asoodeh–Aliakbarpour–Calmon, Theorem 1: Definition 1 (sup over inputs x, x' and
        events A of Q(A|x) − e^ε Q(A|x') ≤ δ) is the statement η_{e^ε}(Q) ≤ δ, and the two-point
        formula (their Theorem 3) computes η_{e^ε}(Q) exactly. ε ≥ 0, δ ∈ [0, 1].
        """
        e = params.nonnegative(eps, "eps")
        d = params.probability(delta, "delta")
        return sign(d - _analysis("e_gamma_contraction")(self, sympy.exp(e))) >= 0

    def e_gamma_information(self, prior: Sequence[object], gamma: object) -> sympy.Expr:
        """I_γ(X;Y) = E_γ(P_XY‖P_X P_Y) for X ~ `prior`, γ ≥ 0 (Asoodeh–Aliakbarpour–Calmon,
        before Theorem 2); see :func:`symdp.local.egamma.e_gamma_information`."""
        return _analysis("e_gamma_information")(self, prior, gamma)
    # -- information (Ngo–Östman–Graell i Amat, *Local mutual-information DP*; bits) -----------

    def mutual_information(self, prior: Sequence[object]) -> Value:
        """I(X;Y) in bits for X ~ `prior`: the CD-LMIDP parameter μ̄^CD (Definition 2), certified."""
        return _analysis("mutual_information")(self, prior)

    def capacity(self) -> Value:
        """max_P I(X;Y) in bits: the CI-LMIDP parameter μ̄^CI over all input laws (Definition 1),
        certified by the two-sided Blahut–Arimoto bound (:func:`symdp.local.information.capacity`)."""
        return _analysis("capacity")(self)

    def ldp_delta(self, eps: object) -> sympy.Expr:
        """δ̄^LDP(ε) = max_{x≠x'} E_{e^ε}(Q(·|x) ‖ Q(·|x')), exactly: the least δ of (ε,δ)-LDP
        (Ngo–Östman–Graell i Amat, Definition 3, eq. 2); 0 for a one-input channel."""
        return _analysis("ldp_delta")(self, eps)

    def lip_delta(self, prior: Sequence[object], eps: object, support_only: bool = True) -> sympy.Expr:
        """δ̄^LIP(ε), exactly: the least δ of (ε,δ)-LIP for the prior (Ngo–Östman–Graell i Amat,
        Definition 4, eq. 4): sup_x max{E_{e^ε}(P_Y ‖ Q(·|x)), e^{−ε} E_{e^ε}(Q(·|x) ‖ P_Y)}.

        The paper's sup runs over "every data point x"; by default it runs over the prior's
        support (inputs that never occur have no posterior; this is LIP's original reading as a
        prior/posterior ratio). ``support_only=False`` takes every row.
        """
        return _analysis("lip_delta")(self, prior, eps, support_only)


#: Where Channel's analyses are computed: method name → module of this package defining a function
#: of that name whose first argument is the channel. Those modules build on this one (they import
#: Channel), so this module names them instead of importing them, and loads one on its method's
#: first call; a channel in ``symdp eval`` then costs this module alone. tests/test_layout.py
#: checks that every entry resolves.
ANALYSES = {
    "contraction": "contraction", "e_gamma_contraction": "contraction", "e_gamma_information": "egamma",
    "mutual_information": "information", "capacity": "information", "ldp_delta": "lmidp", "lip_delta": "lmidp",
}


def _analysis(name: str) -> Callable[..., object]:
    return getattr(importlib.import_module(f"{__package__}.{ANALYSES[name]}"), name)


class _Key:
    """Exact ordering key for sympy reals (for ``min``/``max``)."""

    __slots__ = ("v",)

    def __init__(self, v: sympy.Expr):
        self.v = v

    def __lt__(self, other: "_Key") -> bool:
        return greater(other.v, self.v)


# --------------------------------------------------------------------------------------------
# Constructors


def randomized_response(eps: object, k: int = 2) -> Channel:
    """k-ary randomized response: Q(j|i) = e^ε/(e^ε+k−1) if i = j, else 1/(e^ε+k−1).

    Ghazi–Issa eq. (35) (their M is our k); Warner's mechanism for k = 2. It is ε-LDP, with
    Dobrushin coefficient (e^ε−1)/(e^ε+k−1).
    """
    k = params.count(k, "k", 2)
    limits.check_size(k * k, f"the k = {k}-ary randomized response channel ({k}×{k} entries)", "outcomes")
    e = params.nonnegative(eps, "eps")
    x = sympy.exp(e)
    on, off = tidy(x / (x + k - 1)), tidy(1 / (x + k - 1))
    return Channel([[on if i == j else off for j in range(k)] for i in range(k)])


def dominating_channel(eps: object, eta: object) -> Channel:
    """The local dominating mechanism Q*_{ε,η}: {0,1} → {0,1,2} (Ghazi–Issa eqs. 28–29).

    Rows P0* = (η e^ε/(e^ε−1), η/(e^ε−1), 1 − η(e^ε+1)/(e^ε−1)) and P1* = (η/(e^ε−1),
    η e^ε/(e^ε−1), 1 − η(e^ε+1)/(e^ε−1)); output 2 is the erasure (it is output 1 in the
    paper's eq. (7), a relabelling). ε > 0 and η ∈ [0, tanh(ε/2)].
    """
    e = positive_eps(eps)
    h = tv_eta(e, eta)
    x = sympy.exp(e)
    hi, lo, erased = (tidy(h * x / (x - 1)), tidy(h / (x - 1)), tidy(1 - h * (x + 1) / (x - 1)))
    return Channel([[hi, lo, erased], [lo, hi, erased]])


def binary_erasure_mechanism(eps: object, eta: object, p0: Sequence[object], p1: Sequence[object]) -> Channel:
    """The binary mechanism with erasure Q^(be): Y → {0,1,2} for the input laws P0, P1.

    Q^(be)(·|y) = Q*_{ε,η}(·|1{P1(y) > P0(y)}) (Ghazi–Issa Proposition 2, eq. 31); it attains
    sup_{Q ∈ Q_{ε,η}} d_TV(P0 Q, P1 Q) = η d_TV(P0, P1).
    """
    star = dominating_channel(eps, eta)
    a, b = two_laws(p0, p1)
    return Channel([star.rows[1] if greater(q, p) else star.rows[0] for p, q in zip(a, b)])


def erasure(alpha: object, n: int) -> Channel:
    """The erasure channel W_α: {0,…,n−1} → {0,…,n−1, e} (Ghazi–Issa Lemma 3, Appendix M).

    W(y|y) = 1 − α and W(e|y) = α, with the erasure symbol e the last output (index n).
    Composing an ε-LDP channel with W_α keeps it ε-LDP and multiplies every f-divergence
    between output laws, and the Dobrushin coefficient, by 1 − α.
    """
    n = params.count(n, "n")
    limits.check_size(n * (n + 1), f"the erasure channel on n = {n} inputs ({n}×{n + 1} entries)", "outcomes")
    a = params.probability(alpha, "alpha")
    keep = tidy(1 - a)
    return Channel([[keep if y == x else sympy.Integer(0) for y in range(n)] + [a] for x in range(n)])


def two_laws(p0: Sequence[object], p1: Sequence[object]) -> tuple[tuple[sympy.Expr, ...], tuple[sympy.Expr, ...]]:
    a, b = probability_vector(p0, "p0"), probability_vector(p1, "p1")
    require(len(a) == len(b), "len(p1)", f"len(p0) = {len(a)}", len(b))
    return a, b
