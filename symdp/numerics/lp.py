"""Certified linear programming: a float solve proposes a basis, exact arithmetic proves it.

The problem is

    maximise (or minimise)  cᵀx   subject to   A_eq x = b_eq,  A_ub x ≤ b_ub,  x ≥ 0,

with exact rational constraint data. The objective coefficients may be exact rationals or
certified reals; an irrational coefficient is written as a ℚ-linear combination of *atoms*
(the number 1, logarithms of primes, or any other certified real), which is what lets a
reduced cost that is structurally zero be recognised as exactly zero instead of within a
tolerance.

Method (the standard certificate of LP optimality, Chvátal, *Linear Programming*, Ch. 5):

1. HiGHS (float) solves the problem and reports a basis;
2. the basis is completed to a nonsingular m×m matrix B; the basic solution x_B = B⁻¹b is
   computed exactly (fmpq) and checked ≥ 0;
3. the dual y = B⁻ᵀc_B is computed exactly, per atom; every reduced cost
   d_j = A_jᵀy − c_j is proved ≥ 0 (max problem): exactly when the objective is rational,
   otherwise by arb balls at rising precision, and a reduced cost whose ball keeps touching 0
   is decided by its exact coefficients over the atoms;
4. when the float basis is not primal feasible or not optimal, exact simplex pivots (Bland's
   rule, which cannot cycle) repair it; when no certificate can be produced an
   :class:`LPError` is raised. An uncertified optimum is never returned.

Logarithms of distinct primes and 1 are linearly independent over ℚ (unique factorisation and
Lindemann–Weierstrass), so for objectives built from logarithms of rationals the zero test is
complete; for other atoms a nonzero coefficient vector whose value cannot be separated from 0
raises an error rather than guess.
"""

from __future__ import annotations

import functools
import math
import os
from contextlib import contextmanager
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import chain
from typing import Iterator, Sequence

import numpy as np
import sympy
from flint import arb, arb_mat, fmpq, fmpq_mat, fmpz

from ..certificate import ensure
from ..errors import ParameterError, SymdpError
from ..numbers import Real, arb_of, exact, working_precision

#: Largest number of variables (columns, slacks included) the engine accepts.
MAX_COLUMNS = 1 << 20
#: Largest number of constraint rows the engine accepts (B is a dense m×m rational matrix).
MAX_ROWS = 400
#: Largest integer (in digits) that is factored to write log(r) over logarithms of primes.
MAX_FACTOR_DIGITS = 60
_FACTOR_LIMIT = fmpz(10) ** MAX_FACTOR_DIGITS
#: Precision ladder for deciding reduced-cost signs.
START_PREC, MAX_SIGN_PREC = 96, 4096


class LPError(SymdpError):
    """The LP is infeasible or unbounded, or no optimality certificate could be produced."""


# --------------------------------------------------------------------------------------------
# Objective: rational combinations of certified atoms


class _LogAtom:
    """log(n) for an integer n > 1 as an objective atom: balls cached per precision, the sympy
    form built only when asked for (building thousands of sympy logs dominated large LPs)."""

    __slots__ = ("n", "_exact", "_balls")

    def __init__(self, n: int):
        self.n, self._exact, self._balls = n, None, {}

    @property
    def exact(self) -> sympy.Expr:
        if self._exact is None:
            self._exact = sympy.log(sympy.Integer(self.n), evaluate=False)
        return self._exact

    def ball(self, prec: int) -> arb:
        b = self._balls.get(prec)
        if b is None:
            with working_precision(prec):
                b = self._balls[prec] = arb(self.n).log()
        return b


class Objective:
    """Objective coefficients c_j = Σ_a C[j][a]·atom_a, where atom 0 is the number 1.

    ``rows[j]`` maps atom indices to nonzero ``fmpq`` coefficients. Build one with
    :meth:`from_values` (any exact or certified numbers) or incrementally with :meth:`column`
    and the ``add_*`` helpers. A column keeps the terms as they were added (a rational, coef·log r,
    coef·atom) and is written over the atoms, logarithms of primes, only when its exact
    coefficients are asked for (``rows[j]``): the certificate needs them for the basic columns and
    for the few whose reduced-cost ball touches 0, while the balls of all 2^k columns of a
    staircase LP come from the terms directly (two logarithms of integers per column, cached).
    """

    def __init__(self) -> None:
        self.terms: list[list[tuple]] = []   # per column: (0, q) | (1, coef, r) for coef·log r | (2, coef, atom)
        self.rows = _Rows(self)
        self.atoms: list = [None]  # None stands for the number 1; others have .ball(prec), .exact
        self._keys: dict[object, int] = {}
        self._balls: dict[int, list[arb]] = {}
        self._factored: dict[fmpz, list[tuple[int, int]]] = {}
        self._log_balls: dict[int, dict[fmpz, arb]] = {}
        self._rational = True

    # construction -------------------------------------------------------------------------

    def _atom(self, key: object, make) -> int:
        idx = self._keys.get(key)
        if idx is None:
            idx = len(self.atoms)
            self.atoms.append(make())
            self._keys[key] = idx
        return idx

    def column(self) -> list[tuple]:
        """Append a zero coefficient and return its list of terms (to fill with the ``add_…`` methods)."""
        row: list[tuple] = []
        self.terms.append(row)
        self._balls.clear()
        return row

    def add_rational(self, row: list[tuple], q: fmpq) -> None:
        """row += q."""
        if q != 0:
            row.append((0, q if isinstance(q, fmpq) else _rational(q, "q")))

    def add_log(self, row: list[tuple], coef: fmpq, r: fmpq) -> None:
        """row += coef·log(r) for a rational r > 0 (written over logarithms of primes when the
        column's exact coefficients are asked for; an integer beyond MAX_FACTOR_DIGITS digits stays
        one atom)."""
        if not isinstance(r, fmpq):
            r = _rational(r, "r")
        if r <= 0:
            raise ParameterError(f"log argument must be > 0, got {r}")
        if coef != 0 and r != 1:
            row.append((1, coef, r))
            self._rational = False

    def add_atom(self, row: list[tuple], coef: fmpq, key: object, value: Real) -> None:
        """row += coef·value for a certified real `value` identified by `key`."""
        if coef != 0:
            row.append((2, coef, self._atom(key, lambda: value)))
            self._rational = False

    def add_value(self, row: list[tuple], value: object, name: str = "c") -> None:
        """row += value for an exact number, a sympy expression or a certified ``Real``."""
        if isinstance(value, Real):
            if value.exact is not None:
                self.add_value(row, value.exact, name)
            else:
                self.add_atom(row, fmpq(1), ("real", id(value)), value)
            return
        if isinstance(value, fmpq):
            self.add_rational(row, value)
            return
        expr = exact(value, name)
        for term in sympy.Add.make_args(sympy.expand(expr)):
            coef, rest = term.as_coeff_Mul()
            if not coef.is_Rational:
                raise ParameterError(f"{name} has a non-rational coefficient {coef}")
            q = fmpq(int(coef.p), int(coef.q))
            if rest == 1:
                self.add_rational(row, q)
            elif isinstance(rest, sympy.log) and rest.args[0].is_Rational:
                a = rest.args[0]
                self.add_log(row, q, fmpq(int(a.p), int(a.q)))
            else:
                if rest.free_symbols:
                    raise ParameterError(f"{name} must be a number, got {value}")
                self.add_atom(row, q, ("sympy", rest), Real(
                    lambda prec, r=rest: arb_of(r, prec), exact=rest))

    @classmethod
    def from_values(cls, values: Sequence[object]) -> "Objective":
        """An objective from exact numbers, sympy expressions or certified ``Real`` values."""
        obj = cls()
        for j, v in enumerate(values):
            obj.add_value(obj.column(), v, f"c[{j}]")
        return obj

    def derived(self, sign: int = 1, pad: int = 0) -> "Objective":
        """This objective times `sign`, with `pad` zero columns appended (slacks): the atoms are
        shared, so exact coefficients of both are over the same atoms."""
        out = Objective()
        out.atoms, out._keys, out._factored, out._log_balls = self.atoms, self._keys, self._factored, self._log_balls
        out._rational = self._rational
        if sign == 1:
            out.terms = list(self.terms)
        else:
            out.terms = [[(t[0], -t[1], *t[2:]) for t in row] for row in self.terms]
        out.terms += [[] for _ in range(pad)]
        return out

    # exact coefficients -------------------------------------------------------------------

    def _log_terms(self, n: fmpz) -> list[tuple[int, int]]:
        """log n = Σ e·log p as [(atom index of log p, e)]; an integer beyond MAX_FACTOR_DIGITS digits
        is kept whole (one atom). Cached per n: the columns of a staircase LP share many."""
        terms = self._factored.get(n)
        if terms is None:
            big = n >= _FACTOR_LIMIT
            terms = []
            for p, e in ([(n, 1)] if big else n.factor()):
                idx = self._atom(("logint" if big else "log", int(p)), lambda p=int(p): _LogAtom(p))
                terms.append((idx, e))
            self._factored[n] = terms
        return terms

    def _expand(self, j: int) -> dict[int, fmpq]:
        """Column j over the atoms: {atom index: nonzero coefficient}."""
        row: dict[int, fmpq] = {}

        def add(idx: int, coef: fmpq) -> None:
            v = row.get(idx, fmpq(0)) + coef
            if v == 0:
                row.pop(idx, None)
            else:
                row[idx] = v
        for term in self.terms[j]:
            if term[0] == 0:
                add(0, term[1])
            elif term[0] == 2:
                add(term[2], term[1])
            else:
                coef, r = term[1], term[2]
                for n, sgn in ((r.p, 1), (r.q, -1)):
                    if n != 1:
                        for idx, e in self._log_terms(n):
                            add(idx, coef * sgn * e)
        return row

    # evaluation ---------------------------------------------------------------------------

    def __len__(self) -> int:
        return len(self.terms)

    @property
    def is_rational(self) -> bool:
        """True when every coefficient is rational (no logarithm or other atom was added)."""
        return self._rational

    def atom_balls(self, prec: int) -> list[arb]:
        with working_precision(prec):
            return [arb(1)] + [a.ball(prec) for a in self.atoms[1:]]

    def balls(self, prec: int) -> list[arb]:
        """Balls containing every coefficient, at `prec` bits, from the terms as added: coef·log r
        as coef·(log r.p − log r.q), the logarithms of the integers cached."""
        if prec not in self._balls:
            with working_precision(prec):
                logs = self._log_balls.setdefault(prec, {})
                ab = self.atom_balls(prec) if any(t[0] == 2 for row in self.terms for t in row) else None

                def log_of(n: fmpz) -> arb:
                    b = logs.get(n)
                    if b is None:
                        b = logs[n] = arb(n).log()
                    return b

                out = []
                for row in self.terms:
                    c = arb(0)
                    for t in row:
                        if t[0] == 1:
                            r = t[2]
                            c += (log_of(r.p) - log_of(r.q)) * t[1] if r.q != 1 else log_of(r.p) * t[1]
                        elif t[0] == 0:
                            c += t[1]
                        else:
                            c += ab[t[2]] * t[1]
                    out.append(c)
                self._balls = {prec: out}
        return self._balls[prec]

    def value(self, coeffs: dict[int, fmpq]) -> sympy.Expr | Real:
        """Σ coeffs[a]·atom_a: exact (sympy) when every atom has a closed form, else a ``Real``."""
        if all(a is None or a.exact is not None for a in (self.atoms[i] for i in coeffs)):
            return sympy.Add(*[
                sympy.Rational(int(q.p), int(q.q)) * (1 if self.atoms[i] is None else self.atoms[i].exact)
                for i, q in sorted(coeffs.items())])
        frozen = dict(coeffs)
        return Real(lambda prec: _combine(frozen, self.atom_balls(prec)))

    def midpoints(self) -> np.ndarray:
        """Float midpoints (for the float solve only)."""
        return np.array([float(b.mid()) for b in self.balls(64)])

    def float_values(self) -> np.ndarray | None:
        """The coefficients as doubles (for the float proposal only: a basis from them is certified
        or replaced exactly), the midpoints of the balls at START_PREC, which pricing and the guard
        use next (one pass over the terms serves all three); None when one is not a finite double."""
        try:
            values = np.array([float(b.mid()) for b in self.balls(START_PREC)], dtype=float)
        except OverflowError:
            return None
        return values if np.all(np.isfinite(values)) else None


class _Rows:
    """``Objective.rows``: column j over the atoms, written out on first access and kept."""

    def __init__(self, obj: Objective):
        self._obj, self._done = obj, {}

    def __getitem__(self, j: int) -> dict[int, fmpq]:
        row = self._done.get(j)
        if row is None:
            row = self._done[j] = self._obj._expand(j)
        return row

    def __len__(self) -> int:
        return len(self._obj.terms)

    def __iter__(self) -> Iterator[dict[int, fmpq]]:
        return (self[j] for j in range(len(self)))


def _combine(row: dict[int, fmpq], atom_balls: list[arb]) -> arb:
    out = arb(0)
    for i, q in row.items():
        out += atom_balls[i] * q if i else arb(q)
    return out


# --------------------------------------------------------------------------------------------
# Input conversion


def _rational(v: object, name: str) -> fmpq:
    if isinstance(v, fmpq):
        return v
    if isinstance(v, (int, fmpz)) and not isinstance(v, bool):
        return fmpq(int(v))
    if isinstance(v, Fraction):
        return fmpq(v.numerator, v.denominator)
    e = exact(v, name)
    if not e.is_Rational:
        raise ParameterError(f"{name} must be rational (the constraint data of a certified LP), got {v}")
    return fmpq(int(e.p), int(e.q))


def _matrix(rows: object, ncols: int | None, name: str) -> fmpq_mat:
    if isinstance(rows, fmpq_mat):
        return rows
    if rows is None:
        return fmpq_mat(0, ncols or 0)
    rows = [list(r) for r in rows]
    if not rows:
        return fmpq_mat(0, ncols or 0)
    width = len(rows[0])
    if any(len(r) != width for r in rows) or (ncols is not None and width != ncols):
        raise ParameterError(f"{name} must be a matrix with {ncols} columns")
    return fmpq_mat(len(rows), width, [_rational(v, f"{name}[{i}][{j}]")
                                       for i, r in enumerate(rows) for j, v in enumerate(r)])


def _vector(values: object, n: int, name: str) -> list[fmpq]:
    vals = [] if values is None else list(values)
    if len(vals) != n:
        raise ParameterError(f"{name} must have length {n}, got {len(vals)}")
    return [_rational(v, f"{name}[{i}]") for i, v in enumerate(vals)]


# --------------------------------------------------------------------------------------------
# Result


@dataclass(frozen=True)
class LPSolution:
    """A certified optimum of an LP.

    ``value`` is exact (sympy) when the objective atoms have closed forms, else a ``Real``;
    ``x`` is the exact optimal basic solution (fmpq, one per original variable); ``dual`` the
    dual vector y (one per constraint, equalities first), whose value bᵀy equals ``value``
    and which satisfies A_jᵀy ≥ c_j for every column (≤ for minimisation), slack columns
    included, i.e. y ≥ 0 on the ≤ rows of a maximisation; ``basis`` the basic columns
    (indices ≥ n are slacks of the ≤ rows, in order); ``ties`` the nonbasic columns whose
    reduced cost is exactly zero (alternative optima may exist when it is nonempty);
    ``pivots`` the exact pivots needed after the float basis.
    """

    x: tuple[fmpq, ...]
    basis: tuple[int, ...]
    ties: tuple[int, ...]
    pivots: int
    float_value: float
    #: the optimum and the dual as exact coefficient vectors over the objective's atoms
    value_coefficients: dict = field(repr=False)
    dual_coefficients: tuple[dict, ...] = field(repr=False)
    objective: Objective = field(repr=False, compare=False)

    @functools.cached_property
    def value(self) -> object:
        """The optimum: exact (sympy) when every atom has a closed form, else a ``Real``."""
        return self.objective.value(self.value_coefficients) if self.value_coefficients else sympy.Integer(0)

    @functools.cached_property
    def dual(self) -> tuple[object, ...]:
        """The dual certificate y, one entry per constraint row (equalities first)."""
        return tuple(self.objective.value(c) if c else sympy.Integer(0) for c in self.dual_coefficients)

    @property
    def support(self) -> tuple[int, ...]:
        """Indices of the original variables with x_j > 0."""
        return tuple(j for j, v in enumerate(self.x) if v > 0)

    def ball(self, prec: int) -> arb:
        """A ball containing the optimum at `prec` bits (no sympy form is built)."""
        with working_precision(prec):
            return _combine(self.value_coefficients, self.objective.atom_balls(prec))


# --------------------------------------------------------------------------------------------
# The standard form and the float solve


@contextmanager
def _quiet() -> Iterator[None]:
    """Silence HiGHS's banner, which it writes to file descriptor 1 from C++."""
    try:
        fd = os.dup(1)
    except OSError:  # no stdout at all
        yield
        return
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), 1)
            try:
                yield
            finally:
                os.dup2(fd, 1)
    finally:
        os.close(fd)


def _log2_floor(q: fmpq) -> int:
    """⌊log2 |q|⌋ up to one (q ≠ 0), from the bit lengths of numerator and denominator."""
    return int(abs(q.p)).bit_length() - int(q.q).bit_length()


def _scaled_float(q: fmpq, shift: int) -> float:
    """float(q · 2^shift), computed exactly before the one rounding (inf when it overflows)."""
    try:
        return float(q * fmpq(2) ** shift) if q else 0.0
    except OverflowError:
        return math.inf


def _fast_floats(A: fmpq_mat, b: list[fmpq], obj: Objective) -> tuple[np.ndarray, np.ndarray, np.ndarray, int] | None:
    """The scaled float problem of :func:`_highs_basis` in a few numpy passes: every entry converted
    once (``float`` of an fmpq, in C), then rows and columns scaled by powers of two (exact).
    None when an entry, a right-hand side or a cost does not survive the conversion (beyond a
    double, or a nonzero that underflows): the entry-by-entry exact scaling then takes over."""
    m, n = A.nrows(), A.ncols()
    cost = obj.float_values()
    if cost is None:
        return None
    entries = A.entries()
    try:
        dense = np.fromiter(map(float, entries), float, m * n).reshape(m, n)
        rhs = np.array([float(v) for v in b], dtype=float)
    except OverflowError:
        return None
    if not (np.all(np.isfinite(dense)) and np.all(np.isfinite(rhs))):
        return None
    if any(entries[i] != 0 for i in np.flatnonzero(dense == 0)) or any(v != 0 for v, f in zip(b, rhs) if f == 0):
        return None
    _, er = np.frexp(np.max(np.abs(dense), axis=1))
    dense, rhs = np.ldexp(dense, -er[:, None]), np.ldexp(rhs, -er)
    _, ec = np.frexp(np.max(np.abs(dense), axis=0))
    dense, cost = np.ldexp(dense, -ec[None, :]), np.ldexp(cost, -ec)    # x_j/2^s_j costs c_j 2^s_j
    _, top = np.frexp(np.max(np.abs(cost))) if n else (0.0, 0)
    return dense, rhs, np.ldexp(cost, -int(top)), int(top)


def _exact_floats(A: fmpq_mat, b: list[fmpq], obj: Objective) -> tuple[np.ndarray, np.ndarray, np.ndarray, int] | None:
    """The same scaling computed entry by entry in exact arithmetic, for data beyond a double."""
    m, n = A.nrows(), A.ncols()
    rows = A.tolist()
    # rows scaled by 2^r_i, then columns by 2^s_j: the entries of largest magnitude become ~1
    r = [-max((_log2_floor(v) for v in row if v), default=0) for row in rows]
    s = [-max((_log2_floor(rows[i][j]) + r[i] for i in range(m) if rows[i][j]), default=0) for j in range(n)]
    dense = np.array([[_scaled_float(rows[i][j], r[i] + s[j]) for j in range(n)] for i in range(m)],
                     dtype=float).reshape(m, n)
    rhs = np.array([_scaled_float(b[i], r[i]) for i in range(m)], dtype=float)
    # cost of the scaled variable x_j / 2^s_j: c_j 2^s_j, normalised by a common power of two
    balls = obj.balls(64)
    if not all(ball.mid().is_finite() for ball in balls):
        return None
    mids = [ball.mid().man_exp() for ball in balls]
    terms = [(fmpq(int(man)), int(ex) + s[j]) for j, (man, ex) in enumerate(mids)]
    top = max((_log2_floor(q) + e for q, e in terms if q), default=0)
    cost = np.array([_scaled_float(q, e - top) for q, e in terms], dtype=float)
    if not (np.all(np.isfinite(dense)) and np.all(np.isfinite(rhs)) and np.all(np.isfinite(cost))):
        return None
    return dense, rhs, cost, top


def _highs_basis(A: fmpq_mat, b: list[fmpq], obj: Objective) -> tuple[list[int], float]:
    """HiGHS's optimal basis (basic structural columns) of max costᵀx, Ax = b, x ≥ 0.

    Only a proposal: the exact simplex certifies (or replaces) it. Rows and columns are scaled
    by powers of two (which keeps the bases and their optimality) so that entries like e^1000
    reach HiGHS as floats; when the data still do not fit a double, no basis is proposed and
    the exact phase 1 decides.
    """
    import highspy

    m, n = A.nrows(), A.ncols()
    problem = _fast_floats(A, b, obj) or _exact_floats(A, b, obj)
    if problem is None:
        return [], math.nan  # beyond a double even after scaling: the exact phase 1 decides
    dense, rhs, cost, top = problem
    scale = float(np.max(np.abs(cost))) if cost.size and np.max(np.abs(cost)) > 0 else 1.0
    with _quiet():
        h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    lp = highspy.HighsLp()
    lp.num_col_, lp.num_row_ = n, m
    lp.col_cost_ = cost / scale
    lp.col_lower_ = np.zeros(n)
    lp.col_upper_ = np.full(n, highspy.kHighsInf)
    lp.row_lower_, lp.row_upper_ = rhs, rhs.copy()
    csc = dense.T  # column-wise
    nz = csc != 0
    lp.a_matrix_.format_ = highspy.MatrixFormat.kColwise
    lp.a_matrix_.start_ = np.concatenate([[0], np.cumsum(nz.sum(axis=1))]).astype(np.int32)
    lp.a_matrix_.index_ = np.nonzero(nz)[1].astype(np.int32)
    lp.a_matrix_.value_ = csc[nz]
    lp.sense_ = highspy.ObjSense.kMaximize
    h.passModel(lp)
    h.run()
    status = h.getModelStatus()
    if status == highspy.HighsModelStatus.kOptimal:
        basis = h.getBasis()
        basic = [j for j, s in enumerate(basis.col_status) if s == highspy.HighsBasisStatus.kBasic]
        value = h.getInfo().objective_function_value * scale
        try:
            return basic, math.ldexp(value, top)
        except OverflowError:  # the optimum itself exceeds a double: float_value is only indicative
            return basic, math.copysign(math.inf, value)
    return [], math.nan  # infeasible/unbounded/failed: the exact phase 1 decides


class _Standard:
    """max cᵀx, Ax = b, x ≥ 0 with A of full row rank (exact), built from the user's LP."""

    def __init__(self, A: fmpq_mat, b: list[fmpq], obj: Objective, keep_rows: list[int]):
        self.A, self.b, self.obj, self.keep_rows = A, b, obj, keep_rows
        self.m, self.n = A.nrows(), A.ncols()
        self.AT = A.transpose()
        self.bmat = fmpq_mat(self.m, 1, b)
        self._cols: dict[int, list[fmpq]] = {}
        self._at_balls: tuple[int, arb_mat | None] = (0, None)

    def at_balls(self, prec: int) -> arb_mat:
        """Aᵀ as an arb matrix at `prec` bits (pricing and the guard each multiply it by a dual),
        kept for the last precision asked."""
        if self._at_balls[0] != prec:
            with working_precision(prec):
                self._at_balls = (prec, arb_mat(self.AT))
        return self._at_balls[1]

    def col(self, j: int) -> list[fmpq]:
        c = self._cols.get(j)
        if c is None:
            c = self._cols[j] = [self.A[i, j] for i in range(self.m)]
        return c

    def basis_matrix(self, basis: Sequence[int]) -> fmpq_mat:
        return fmpq_mat(self.m, self.m, [self.A[i, j] for i in range(self.m) for j in basis])


def _has_full_row_rank(A: fmpq_mat, tries: int = 4) -> bool:
    """True when an m×m submatrix of some spread-out columns is nonsingular (exact determinant): a
    certificate of full row rank far cheaper than the rank of a 16 × 2^16 matrix. False means only
    that none was found."""
    m, n = A.nrows(), A.ncols()
    if n < m:
        return False
    for t in range(tries):
        cols = sorted({(c * (2 * t + 1) * 40503 + t) % n for c in range(m)} | {n - 1 - t % n})[:m]
        if len(cols) < m:
            continue
        if fmpq_mat(m, m, [A[i, j] for i in range(m) for j in cols]).det() != 0:
            return True
    return False


def _full_row_rank(A: fmpq_mat, b: list[fmpq]) -> list[int]:
    """Indices of a maximal set of independent rows; LPError when Ax = b is inconsistent."""
    m, n = A.nrows(), A.ncols()
    if _has_full_row_rank(A):  # Ax = b is consistent for every b
        return list(range(m))
    rank_A = A.rank()
    if rank_A == m:
        return list(range(m))
    rows = A.tolist()
    Ab = fmpq_mat(m, n + 1, [v for row, bi in zip(rows, b) for v in (*row, bi)])
    if Ab.rank() != rank_A:
        raise LPError("infeasible: the equality constraints are inconsistent")
    keep: list[int] = []
    for i in range(m):
        trial = keep + [i]
        sub = fmpq_mat(len(trial), n, [v for r in trial for v in rows[r]])
        if sub.rank() == len(trial):
            keep = trial
    return keep


def _complete_basis(std: _Standard, basic: list[int], x_float: Sequence[float] | None = None) -> list[int]:
    """Extend/trim `basic` to m columns with B nonsingular (exact rank tests): the proposed columns
    first, then unit-like columns (cheap, usually slacks), then any column."""
    if std.m == 0:
        return []

    def by_sparsity() -> Iterator[int]:  # sorted only if the proposed columns do not suffice
        yield from sorted(range(std.n), key=lambda j: sum(1 for v in std.col(j) if v != 0))

    chosen: list[int] = []
    for j in chain(basic, by_sparsity()):
        if j in chosen:
            continue
        trial = chosen + [j]
        sub = fmpq_mat(std.m, len(trial), [std.A[i, c] for i in range(std.m) for c in trial])
        if sub.rank() == len(trial):
            chosen = trial
            if len(chosen) == std.m:
                return chosen
    raise LPError("internal: could not complete a basis (A should have full row rank)")


# --------------------------------------------------------------------------------------------
# Exact simplex with certified reduced costs


class _Pricing:
    """Reduced costs d_j = A_jᵀy − c_j of a basis, with exact sign decisions."""

    def __init__(self, std: _Standard, basis: list[int], B: fmpq_mat):
        self.std, self.basis = std, basis
        obj = std.obj
        atoms = sorted({a for j in basis for a in obj.rows[j]} | {0})
        self.atoms = atoms
        rhs = fmpq_mat(std.m, len(atoms), [obj.rows[j].get(a, fmpq(0)) for j in basis for a in atoms])
        self.Y = B.transpose().solve(rhs)  # m × |atoms|: y = Σ_a Y[:, a]·atom_a

    def dual_coeffs(self, i: int) -> dict[int, fmpq]:
        return {a: self.Y[i, t] for t, a in enumerate(self.atoms) if self.Y[i, t] != 0}

    def exact_reduced(self, j: int) -> dict[int, fmpq]:
        """The exact coefficients of d_j over the atoms."""
        col = self.std.col(j)
        out: dict[int, fmpq] = {}
        for t, a in enumerate(self.atoms):
            v = sum((col[i] * self.Y[i, t] for i in range(self.std.m) if col[i] != 0), fmpq(0))
            if v != 0:
                out[a] = v
        for a, q in self.std.obj.rows[j].items():
            v = out.get(a, fmpq(0)) - q
            if v == 0:
                out.pop(a, None)
            else:
                out[a] = v
        return out

    def signs(self) -> list[int]:
        """sign(d_j) for every column, each decided exactly (−1, 0, 1)."""
        std, obj = self.std, self.std.obj
        if obj.is_rational:
            d = std.AT * fmpq_mat(std.m, 1, [self.Y[i, 0] for i in range(std.m)])
            return [(v > c.get(0, 0)) - (v < c.get(0, 0)) for v, c in zip(d.entries(), obj.rows)]
        out: list[int | None] = [None] * std.n
        pending = list(range(std.n))
        for j in self.basis:
            out[j] = 0
        pending = [j for j in pending if out[j] is None]
        prec = START_PREC
        while pending and prec <= MAX_SIGN_PREC:
            ab = obj.atom_balls(prec)
            with working_precision(prec):
                y = [_combine(self.dual_coeffs(i), ab) for i in range(std.m)]
                if len(pending) == std.n - len(self.basis):
                    ATy = (std.at_balls(prec) * arb_mat(std.m, 1, y)).entries()
                    cb = obj.balls(prec)
                    d = {j: ATy[j] - cb[j] for j in pending}
                else:
                    d = {j: sum((y[i] * v for i, v in enumerate(std.col(j)) if v != 0), arb(0))
                         - _combine(obj.rows[j], ab) for j in pending}
            still = []
            for j in pending:
                if d[j] > 0:
                    out[j] = 1
                elif d[j] < 0:
                    out[j] = -1
                elif not self.exact_reduced(j):
                    out[j] = 0
                else:
                    still.append(j)
            pending = still
            prec *= 2
        if pending:
            raise LPError(f"cannot decide the sign of the reduced cost of column {pending[0]} "
                          f"at {MAX_SIGN_PREC} bits (its atoms may be linearly dependent over ℚ)")
        return out  # type: ignore[return-value]


def _simplex(std: _Standard, basis: list[int], max_pivots: int) -> tuple[list[int], fmpq_mat, _Pricing, list[int], int]:
    """Exact primal simplex (Bland's rule) from a primal feasible basis; returns the optimal one."""
    pivots = 0
    while True:
        B = std.basis_matrix(basis)
        xB = B.solve(std.bmat)
        pricing = _Pricing(std, basis, B)
        signs = pricing.signs()
        entering = next((j for j in range(std.n) if signs[j] < 0 and j not in basis), None)
        if entering is None:
            ties = [j for j in range(std.n) if signs[j] == 0 and j not in basis]
            return basis, xB, pricing, ties, pivots
        if pivots >= max_pivots:
            raise LPError(f"no optimality certificate after {max_pivots} exact pivots")
        u = B.solve(fmpq_mat(std.m, 1, std.col(entering)))
        best = None
        for i in range(std.m):
            if u[i, 0] > 0:
                ratio = xB[i, 0] / u[i, 0]
                key = (ratio, basis[i])
                if best is None or key < best[0]:
                    best = (key, i)
        if best is None:
            raise LPError("unbounded: the objective grows without limit along a feasible ray")
        basis = basis[:best[1]] + [entering] + basis[best[1] + 1:]
        pivots += 1


def _verify_optimal(std: _Standard, basis: list[int], xB: fmpq_mat, pricing: _Pricing, ties: list[int],
                    value: dict[int, fmpq]) -> None:
    """Re-prove from the basis alone what makes it optimal (Chvátal, *Linear Programming*, Ch. 5).

    Primal: B x_B = b and x_B ≥ 0. Dual: Bᵀy = c_B atom by atom (y = Σ_a Y_a·atom_a exact),
    and every reduced cost d_j = A_jᵀy − c_j ≥ 0, from the exact products AᵀY rather than the
    balls the simplex priced with: d_j is exactly zero when A_jᵀY equals c_j's coefficients
    (and must then be basic or a listed tie), exactly signed when the objective is rational,
    otherwise proved positive by a ball at rising precision. Strong duality: c_Bᵀx_B = bᵀy
    atom by atom. Weak duality then makes the value optimal.
    """
    B = std.basis_matrix(basis)
    ensure(B * xB == std.bmat, "the basic solution solves B x_B = b", basis=basis)
    ensure(all(xB[i, 0] >= 0 for i in range(std.m)), "the returned basis is primal feasible (x_B ≥ 0)", basis=basis)
    obj, atoms, Y = std.obj, pricing.atoms, pricing.Y
    CB = fmpq_mat(std.m, len(atoms), [obj.rows[j].get(a, fmpq(0)) for j in basis for a in atoms])
    ensure(B.transpose() * Y == CB, "the dual solves Bᵀy = c_B atom by atom", basis=basis)
    bY = (fmpq_mat(1, std.m, std.b) * Y).entries()
    ensure({a: q for a, q in zip(atoms, bY) if q != 0} == value, "strong duality: c_Bᵀx_B = bᵀy atom by atom")
    known = set(atoms)

    def exact_zero(j: int) -> bool:
        """A_jᵀY equals c_j's coefficients, atom by atom (exact rationals, for this column only)."""
        row = obj.rows[j]
        if not set(row) <= known:
            return False
        Dj = (fmpq_mat(1, std.m, std.col(j)) * Y).entries()
        return all(Dj[t] == row.get(a, 0) for t, a in enumerate(atoms))

    zero: set[int] = set()
    pending: list[int] = []
    if obj.is_rational:
        D = std.AT * Y  # row j: A_jᵀy, exactly (the objective has the one atom 1)
        d = (D - fmpq_mat(std.n, 1, [row.get(0, fmpq(0)) for row in obj.rows])).entries()
        zero = {j for j, v in enumerate(d) if v == 0}
        ensure(all(v >= 0 for v in d), "every reduced cost is ≥ 0 (dual feasible)",
               column=next((j for j, v in enumerate(d) if v < 0), None))
    else:
        pending = list(range(std.n))
    prec = START_PREC
    while pending and prec <= 2 * MAX_SIGN_PREC:
        with working_precision(prec):
            # y from the exact dual coefficients Y (checked above) in balls, then Aᵀy: the same
            # numbers as the exact products AᵀY times the atoms, with one ball per row of A
            ab = obj.atom_balls(prec)
            y = arb_mat(len(atoms), 1, [ab[a] for a in atoms])
            y = arb_mat(Y) * y
            Dy = (std.at_balls(prec) * y).entries()
            c = obj.balls(prec)
            d = {j: Dy[j] - c[j] for j in pending}
        ensure(not any(d[j] < 0 for j in pending), "every reduced cost is ≥ 0 (dual feasible)",
               column=next((j for j in pending if d[j] < 0), None))
        if prec == START_PREC:  # the exact zero test, only where the first balls leave the sign open
            zero = {j for j in pending if not d[j] > 0 and exact_zero(j)}
        pending = [j for j in pending if not d[j] > 0 and j not in zero]
        prec *= 2
    ensure(zero == set(basis) | set(ties), "the ties are exactly the nonbasic columns with d_j = 0",
           ties=ties, zero=sorted(zero - set(basis)))
    ensure(not pending, "every reduced cost is ≥ 0 (dual feasible)", undecided=pending[:1])


def _phase_one(std: _Standard, max_pivots: int) -> list[int]:
    """A primal feasible basis of Ax = b, x ≥ 0 by the artificial-variable method (exact)."""
    m, n = std.m, std.n
    flip = [fmpq(-1) if v < 0 else fmpq(1) for v in std.b]
    entries = []
    for i in range(m):
        row = [std.A[i, j] * flip[i] for j in range(n)] + [fmpq(1) if r == i else fmpq(0) for r in range(m)]
        entries.extend(row)
    A1 = fmpq_mat(m, n + m, entries)
    obj = Objective()
    for j in range(n + m):
        r = obj.column()
        if j >= n:
            obj.add_rational(r, fmpq(-1))
    aux = _Standard(A1, [v * f for v, f in zip(std.b, flip)], obj, std.keep_rows)
    basis, xB, _, _, _ = _simplex(aux, list(range(n, n + m)), max_pivots)
    if any(basis[i] >= n and xB[i, 0] != 0 for i in range(m)):
        raise LPError("infeasible: no x ≥ 0 satisfies the constraints (exact phase 1)")
    # drive zero-level artificials out of the basis (A has full row rank, so a pivot exists)
    basis = list(basis)
    for i in range(m):
        if basis[i] < n:
            continue
        B = aux.basis_matrix(basis)
        for j in range(n):
            if j in basis:
                continue
            u = B.solve(fmpq_mat(m, 1, aux.col(j)))
            if u[i, 0] != 0:
                basis[i] = j
                break
    if any(j >= n for j in basis):
        raise LPError("internal: an artificial variable stayed basic")
    return basis


def _is_feasible(std: _Standard, basis: list[int]) -> bool:
    xB = std.basis_matrix(basis).solve(std.bmat)
    return all(xB[i, 0] >= 0 for i in range(std.m))


def _standard_form(c, A_eq, b_eq, A_ub, b_ub, maximize: bool) -> tuple[_Standard, int, int, int]:
    obj = c if isinstance(c, Objective) else Objective.from_values(list(c))
    n = len(obj)
    if n == 0:
        raise ParameterError("c must have at least one coefficient")
    Aeq = _matrix(A_eq, n, "A_eq")
    Aub = _matrix(A_ub, n, "A_ub")
    beq = _vector(b_eq, Aeq.nrows(), "b_eq")
    bub = _vector(b_ub, Aub.nrows(), "b_ub")
    me, mu = Aeq.nrows(), Aub.nrows()
    m, N = me + mu, n + mu
    if m == 0:
        raise ParameterError("the LP needs at least one constraint row (A_eq or A_ub)")
    if N > MAX_COLUMNS or m > MAX_ROWS:
        raise ParameterError(f"LP size must be at most {MAX_ROWS} rows and {MAX_COLUMNS} columns, "
                             f"got {m} rows and {N} columns")
    if mu == 0:
        A = Aeq  # the common case (staircase LPs): no copy, entry by entry, of 2^k columns
    else:
        eq, ub = Aeq.tolist(), Aub.tolist()
        entries: list[fmpq] = []
        for row in eq:
            entries.extend(row + [fmpq(0)] * mu)
        for i, row in enumerate(ub):
            entries.extend(row + [fmpq(1) if r == i else fmpq(0) for r in range(mu)])
        A = fmpq_mat(m, N, entries)
    b = beq + bub
    if not maximize or mu:
        obj = obj.derived(sign=1 if maximize else -1, pad=mu)
    keep = _full_row_rank(A, b)
    if len(keep) < m:
        rows = A.tolist()
        A = fmpq_mat(len(keep), N, [v for i in keep for v in rows[i]])
        b = [b[i] for i in keep]
    return _Standard(A, b, obj, keep), n, m, N


def solve(c: Sequence[object] | Objective, A_eq: object = None, b_eq: object = None,
          A_ub: object = None, b_ub: object = None, *, maximize: bool = True,
          max_pivots: int = 10_000, basis_hint: Sequence[int] | None = None) -> LPSolution:
    """Certified optimum of  max/min cᵀx  s.t.  A_eq x = b_eq,  A_ub x ≤ b_ub,  x ≥ 0.

    The constraint data must be exact rationals; `c` may hold rationals, exact sympy reals
    (e.g. ``Rational(1, 3)*log(2)``) or certified :class:`~symdp.numbers.Real` values, or be a
    prepared :class:`Objective`. `basis_hint` (column indices of the standard form) replaces
    the float solve. Raises :class:`LPError` when the LP is infeasible, unbounded, or its
    optimum cannot be certified.
    """
    std, n, m, N = _standard_form(c, A_eq, b_eq, A_ub, b_ub, maximize)
    if basis_hint is not None:
        basic, fval = [int(j) for j in basis_hint], math.nan
        if any(not 0 <= j < N for j in basic):
            raise ParameterError(f"basis_hint must hold column indices in [0, {N}), got {basis_hint}")
    else:
        basic, fval = _highs_basis(std.A, std.b, std.obj)
    basis = _complete_basis(std, basic)
    extra = 0
    if not _is_feasible(std, basis):
        basis = _phase_one(std, max_pivots)
        extra = 1
    basis, xB, pricing, ties, pivots = _simplex(std, basis, max_pivots)
    x = [fmpq(0)] * N
    for i, j in enumerate(basis):
        x[j] = xB[i, 0]
    # value = c_Bᵀ x_B, per atom
    coeffs: dict[int, fmpq] = {}
    for i, j in enumerate(basis):
        for a, q in std.obj.rows[j].items():
            coeffs[a] = coeffs.get(a, fmpq(0)) + q * xB[i, 0]
    coeffs = {a: q for a, q in coeffs.items() if q != 0}
    _verify_optimal(std, basis, xB, pricing, ties, coeffs)
    sgn = 1 if maximize else -1
    dual: list[dict] = [{} for _ in range(m)]
    for r, i in enumerate(std.keep_rows):
        dual[i] = {a: q * sgn for a, q in pricing.dual_coeffs(r).items()}
    return LPSolution(x=tuple(x[:n]), basis=tuple(basis), ties=tuple(ties), pivots=pivots + extra,
                      float_value=sgn * fval, value_coefficients={a: q * sgn for a, q in coeffs.items()},
                      dual_coefficients=tuple(dual), objective=std.obj)


def feasible_point(A_eq: object = None, b_eq: object = None, A_ub: object = None,
                   b_ub: object = None, *, n: int | None = None) -> tuple[fmpq, ...] | None:
    """An exact x ≥ 0 with A_eq x = b_eq and A_ub x ≤ b_ub, or None when none exists.

    None is a proof: the exact phase 1 ended with a positive minimal infeasibility (or the
    equalities are inconsistent).
    """
    width = n
    for M in (A_eq, A_ub):
        if width is None and M is not None:
            rows = M.tolist() if isinstance(M, fmpq_mat) else list(M)
            width = len(rows[0]) if rows else None
    if width is None:
        raise ParameterError("feasible_point needs a constraint matrix or n")
    try:
        return solve([0] * width, A_eq, b_eq, A_ub, b_ub).x
    except LPError as err:
        if str(err).startswith("infeasible"):
            return None
        raise
