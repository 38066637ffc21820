"""The certified LP engine against independent routes: exhaustive vertex enumeration in exact
rationals, mpmath at high precision for logarithmic objectives, and the duality certificate."""

from fractions import Fraction
from itertools import combinations

import mpmath
import pytest
import sympy
from flint import fmpq
from hypothesis import given, settings
from hypothesis import strategies as st

from symdp.numerics import lp
from symdp.errors import ParameterError


def _vertices(A, b):
    """Every basic feasible solution of Ax = b, x ≥ 0 (sympy exact, brute force)."""
    m, n = len(A), len(A[0])
    M = sympy.Matrix(A)
    rank = M.rank()
    out = []
    for cols in combinations(range(n), rank):
        sub = M[:, list(cols)]
        if sub.rank() < rank:
            continue
        # solve the (possibly over-determined, consistent) system on these columns
        sol, params = sub.gauss_jordan_solve(sympy.Matrix(b))[:2] if _consistent(sub, b) else (None, None)
        if sol is None or params.shape[0]:
            continue
        if all(v >= 0 for v in sol):
            x = [sympy.Integer(0)] * n
            for c, v in zip(cols, sol):
                x[c] = v
            out.append(x)
    return out


def _consistent(sub, b):
    aug = sub.row_join(sympy.Matrix(b))
    return aug.rank() == sub.rank()


def _standard(A_eq, b_eq, A_ub, b_ub):
    n = len((A_eq or A_ub)[0])
    mu = len(A_ub or [])
    rows = [list(r) + [0] * mu for r in (A_eq or [])]
    rows += [list(r) + [1 if t == i else 0 for t in range(mu)] for i, r in enumerate(A_ub or [])]
    return rows, list(b_eq or []) + list(b_ub or []), n


def _brute_max(c, A_eq=None, b_eq=None, A_ub=None, b_ub=None):
    A, b, n = _standard(A_eq, b_eq, A_ub, b_ub)
    verts = _vertices(A, b)
    if not verts:
        return None
    return max(sum(sympy.sympify(ci) * xi for ci, xi in zip(c, x[:n])) for x in verts)


def _check_certificate(res, c, A_eq=None, b_eq=None, A_ub=None, b_ub=None, maximize=True):
    """Independent check of the returned certificate: feasibility, dual feasibility, bᵀy = cᵀx."""
    A_eq, A_ub = A_eq or [], A_ub or []
    x = [sympy.Rational(int(v.p), int(v.q)) for v in res.x]
    assert all(v >= 0 for v in x)
    for row, bi in zip(A_eq, b_eq or []):
        assert sum(sympy.Rational(a) * xi for a, xi in zip(row, x)) == bi
    for row, bi in zip(A_ub, b_ub or []):
        assert sum(sympy.Rational(a) * xi for a, xi in zip(row, x)) <= bi
    y = [sympy.sympify(v) for v in res.dual]
    rows = list(A_eq) + list(A_ub)
    b = list(b_eq or []) + list(b_ub or [])
    mpmath.mp.dps = 50
    s = 1 if maximize else -1
    for j, cj in enumerate(c):
        d = sum(sympy.Rational(r[j]) * yi for r, yi in zip(rows, y)) - sympy.sympify(cj)
        assert s * sympy.N(d, 40) >= -sympy.Float(10) ** -35
    for yi in y[len(A_eq):]:
        assert s * sympy.N(yi, 40) >= -sympy.Float(10) ** -35
    primal = sum(sympy.sympify(cj) * xi for cj, xi in zip(c, x))
    dual = sum(sympy.Rational(bi) * yi for bi, yi in zip(b, y))
    assert sympy.simplify(primal - dual) == 0
    assert sympy.simplify(primal - sympy.sympify(res.value)) == 0


def test_small_known():
    res = lp.solve([3, 2], A_ub=[[1, 1], [1, 3]], b_ub=[4, 6])
    assert res.value == 12 and res.x == (4, 0)
    _check_certificate(res, [3, 2], A_ub=[[1, 1], [1, 3]], b_ub=[4, 6])


def test_minimise_and_dual_sign():
    c, A_ub, b_ub = [2, 3], [[-1, -1], [-1, 1]], [-4, 2]   # x + y ≥ 4, x − y ≥ −2 ... min 2x+3y
    res = lp.solve(c, A_ub=A_ub, b_ub=b_ub, maximize=False)
    assert res.value == _brute_min(c, A_ub, b_ub) == 8
    _check_certificate(res, c, A_ub=A_ub, b_ub=b_ub, maximize=False)


def _brute_min(c, A_ub, b_ub):
    A, b, n = _standard(None, None, A_ub, b_ub)
    return min(sum(ci * xi for ci, xi in zip(c, x[:n])) for x in _vertices(A, b))


def test_infeasible_and_unbounded_are_errors():
    with pytest.raises(lp.LPError, match="infeasible"):
        lp.solve([1, 1], [[1, 1]], [-1])
    with pytest.raises(lp.LPError, match="infeasible"):
        lp.solve([1, 1], [[1, 1], [1, 1]], [1, 2])
    with pytest.raises(lp.LPError, match="unbounded"):
        lp.solve([1, 0], A_ub=[[-1, 1]], b_ub=[1])
    assert lp.feasible_point([[1, 1]], [-1]) is None
    x = lp.feasible_point([[1, 2]], [3])
    assert x is not None and x[0] + 2 * x[1] == 3 and min(x) >= 0


def test_bad_input_names_parameter():
    with pytest.raises(ParameterError, match="A_eq"):
        lp.solve([1, 2], [[1, 2, 3]], [1])
    with pytest.raises(ParameterError, match="rational"):
        lp.solve([1, 2], [[1, sympy.sqrt(2)]], [1])
    with pytest.raises(ParameterError, match="b_eq"):
        lp.solve([1, 2], [[1, 1]], [1, 2])


def test_redundant_rows_and_degenerate_ties():
    # duplicated row, every vertex optimal: ties must be exact zeros
    c = [1, 1, 1]
    A = [[1, 1, 1], [2, 2, 2]]
    res = lp.solve(c, A, [1, 2])
    assert res.value == 1 and len(res.ties) == 2
    _check_certificate(res, c, A, [1, 2])


def test_log_objective_ties_decided_exactly():
    # log 4 / 2 = log 2 exactly: a tie no tolerance-free float test can see
    c = [sympy.log(2), sympy.log(4) / 2, sympy.log(sympy.Rational(16, 9)) / 2 + sympy.log(3) - sympy.log(3)]
    res = lp.solve(c, [[1, 1, 1]], [1])
    assert sympy.simplify(res.value - sympy.log(2)) == 0
    assert len(res.ties) == 1
    # log(16/9)/2 = log(4/3) < log 2
    _check_certificate(res, c, [[1, 1, 1]], [1])


def test_exact_pivots_repair_a_bad_basis():
    c = [1, 3, 2, 0]
    A = [[1, 1, 1, 1], [1, 2, 0, 1]]
    b = [4, 6]
    good = lp.solve(c, A, b)
    res = lp.solve(c, A, b, basis_hint=[0, 3])
    assert res.pivots > 0 and res.value == good.value == _brute_max(c, A, b)
    # an infeasible hint goes through the exact phase 1
    res = lp.solve(c, A, b, basis_hint=[2, 1])
    assert res.value == good.value


def test_real_atoms_without_closed_form():
    from symdp.numbers import Real
    from flint import arb
    pi_like = Real(lambda p: arb.pi())
    res = lp.solve([pi_like, 3, Fraction(22, 7)], [[1, 1, 1]], [1])
    assert res.x == (0, 0, 1)
    b = res.ball(128)
    assert b.overlaps(arb(fmpq(22, 7)))


small = st.integers(-3, 3)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 3), st.integers(2, 5), st.data())
def test_random_lps_against_vertex_enumeration(m, n, data):
    A_eq = [[data.draw(small) for _ in range(n)] for _ in range(m)]
    b_eq = [data.draw(st.integers(-2, 4)) for _ in range(m)]
    c = [data.draw(st.integers(-2, 2)) for _ in range(n)]          # small range: many ties
    A_ub, b_ub = [[1] * n], [5]                                      # keeps the LP bounded
    best = _brute_max(c, A_eq, b_eq, A_ub, b_ub)
    if best is None:
        with pytest.raises(lp.LPError, match="infeasible"):
            lp.solve(c, A_eq, b_eq, A_ub, b_ub)
        return
    res = lp.solve(c, A_eq, b_eq, A_ub, b_ub)
    assert res.value == best
    _check_certificate(res, c, A_eq, b_eq, A_ub, b_ub)


@settings(max_examples=25, deadline=None)
@given(st.integers(2, 4), st.data())
def test_random_log_objectives_against_mpmath(n, data):
    # c_j = a_j log(r_j) + q_j with small rationals: ties between columns happen exactly
    pos = st.fractions(min_value=Fraction(1, 4), max_value=4, max_denominator=4).filter(lambda f: f > 0)
    c = [sympy.Rational(data.draw(st.integers(-2, 2)), 2) * sympy.log(sympy.Rational(data.draw(pos)))
         + sympy.Rational(data.draw(st.integers(-1, 1)), 3) for _ in range(n)]
    A = [[data.draw(st.integers(0, 3)) for _ in range(n)], [1] * n]
    b = [data.draw(st.integers(0, 3)), 2]
    verts = _vertices(*_standard(A, b, None, None)[:2])
    if not verts:
        with pytest.raises(lp.LPError, match="infeasible"):
            lp.solve(c, A, b)
        return
    mpmath.mp.dps = 60
    best = max(mpmath.mpf(sympy.N(sum(ci * xi for ci, xi in zip(c, x)), 60)) for x in verts)
    res = lp.solve(c, A, b)
    got = mpmath.mpf(sympy.N(sympy.sympify(res.value), 60))
    assert abs(got - best) < mpmath.mpf(10) ** -50
    _check_certificate(res, c, A, b)


# --------------------------------------------------------------------------------------------
# Edge branches of the certificate against the brute-force oracle, and the run-time guard

#: log(1 + 10^-40) ≈ 10^-40: its atoms (log 2, log 5 and the primes of 10^40 + 1) cancel to 133
#: bits, so at the first precision (96 bits) its reduced-cost ball touches 0.
TINY = sympy.log(1 + sympy.Rational(1, 10 ** 40))


def _oracle_best(c, A_eq=None, b_eq=None, A_ub=None, b_ub=None):
    """(max value, optimal vertices) by vertex enumeration, values compared at 200 digits: every
    objective here is either exactly tied or apart by ≥ 10^-41, far above the 10^-150 margin."""
    A, b, n = _standard(A_eq, b_eq, A_ub, b_ub)
    verts = _vertices(A, b)
    vals = [sympy.N(sum(sympy.sympify(ci) * xi for ci, xi in zip(c, x[:n])), 200) for x in verts]
    best = max(vals)
    return best, [tuple(x[:n]) for x, v in zip(verts, vals) if abs(v - best) < sympy.Float(10) ** -150]


@pytest.mark.parametrize("hint", [None, [1], [2], [0]])
def test_undecided_reduced_costs_are_refined_not_taken_as_ties(hint):
    c = [TINY, 0, -TINY]
    res = lp.solve(c, [[1, 1, 1]], [1], basis_hint=hint)
    best, opt = _oracle_best(c, [[1, 1, 1]], [1])
    assert opt == [(1, 0, 0)] and tuple(res.x) == opt[0] and res.ties == ()
    assert abs(sympy.N(sympy.sympify(res.value), 200) - best) < sympy.Float(10) ** -150
    res = lp.solve(c, [[1, 1, 1]], [1], basis_hint=hint, maximize=False)
    assert tuple(res.x) == (0, 0, 1) and res.ties == ()


def test_a_tie_hidden_in_different_atoms_is_exact():
    # log(1 + 10^-40) written twice: over the primes of 10^40 + 1 and 10, and as a Real-free
    # difference of logarithms; a 10^-40 neighbour on each side keeps the tie the only optimum pair
    same = sympy.log(10 ** 40 + 1) - 40 * sympy.log(10)
    c = [TINY, same, TINY - sympy.log(1 + sympy.Rational(1, 10 ** 41)), 0]
    for hint in (None, [2], [3]):
        res = lp.solve(c, [[1, 1, 1, 1]], [1], basis_hint=hint)
        best, opt = _oracle_best(c, [[1, 1, 1, 1]], [1])
        assert sorted(opt) == [(0, 1, 0, 0), (1, 0, 0, 0)]
        assert tuple(res.x) in opt and len(res.ties) == 1 and res.basis[0] + res.ties[0] == 1


def test_dependent_atoms_are_refused_not_guessed():
    from flint import arb
    from symdp.numbers import Real
    a, b = Real(lambda p: arb.pi()), Real(lambda p: arb.pi())   # two atoms, one value
    with pytest.raises(lp.LPError, match="cannot decide the sign"):
        lp.solve([a, b], [[1, 1]], [1], basis_hint=[0])


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 3), st.integers(2, 4), st.data())
def test_random_hints_phase_one_and_pivots_against_vertex_enumeration(m, n, data):
    """Degenerate right-hand sides (zeros), redundant rows and arbitrary (often infeasible) basis
    hints drive the exact phase 1, zero-level artificials and Bland pivots."""
    A_eq = [[data.draw(st.integers(-2, 2)) for _ in range(n)] for _ in range(m)]
    if m > 1 and data.draw(st.booleans()):
        A_eq[-1] = [2 * v for v in A_eq[0]]                                  # a redundant row
    b_eq = [data.draw(st.sampled_from([0, 0, 1, 2])) for _ in range(m)]
    if m > 1 and A_eq[-1] == [2 * v for v in A_eq[0]]:
        b_eq[-1] = 2 * b_eq[0]
    logs = [0, TINY, sympy.log(2), sympy.log(4) / 2, -TINY]
    c = [data.draw(st.sampled_from(logs)) + data.draw(st.integers(-1, 1)) for _ in range(n)]
    A_ub, b_ub = [[1] * n], [3]
    hint = data.draw(st.lists(st.integers(0, n), max_size=m + 1))
    A, b, _ = _standard(A_eq, b_eq, A_ub, b_ub)
    if not _vertices(A, b):
        with pytest.raises(lp.LPError, match="infeasible"):
            lp.solve(c, A_eq, b_eq, A_ub, b_ub, basis_hint=hint)
        return
    best, opt = _oracle_best(c, A_eq, b_eq, A_ub, b_ub)
    res = lp.solve(c, A_eq, b_eq, A_ub, b_ub, basis_hint=hint)
    assert tuple(res.x) in opt
    assert abs(sympy.N(sympy.sympify(res.value), 200) - best) < sympy.Float(10) ** -150


def _lying_signs(monkeypatch, lie):
    """Make the simplex's pricing report `lie(sign)` instead of each decided sign."""
    honest = lp._Pricing.signs
    monkeypatch.setattr(lp._Pricing, "signs", lambda self: [lie(s) for s in honest(self)])


@pytest.mark.parametrize("c", [[1, 3, 2, 0], [sympy.log(2), sympy.log(8), sympy.log(3), 0]])
def test_guard_refuses_a_basis_with_a_negative_reduced_cost(monkeypatch, c):
    from symdp.certificate import CertificateViolation
    _lying_signs(monkeypatch, lambda s: 1 if s < 0 else s)     # "optimal" at the first basis
    with pytest.raises(CertificateViolation, match="reduced cost is ≥ 0"):
        lp.solve(c, [[1, 1, 1, 1], [1, 2, 0, 1]], [4, 6], basis_hint=[0, 1])   # feasible, not optimal


def test_guard_refuses_ties_that_are_not_exact_zeros(monkeypatch):
    from symdp.certificate import CertificateViolation
    _lying_signs(monkeypatch, lambda s: 1 if s == 0 else s)    # exact ties reported as positive
    with pytest.raises(CertificateViolation, match="ties are exactly"):
        lp.solve([1, 1, 1], [[1, 1, 1]], [1])


def test_guard_refuses_a_primal_infeasible_basis(monkeypatch):
    from symdp.certificate import CertificateViolation
    monkeypatch.setattr(lp, "_is_feasible", lambda std, basis: True)
    _lying_signs(monkeypatch, lambda s: abs(s))
    with pytest.raises(CertificateViolation, match="primal feasible"):
        lp.solve([1, 3, 2, 0], [[1, 1, 1, 1], [1, 2, 0, 1]], [4, 6], basis_hint=[0, 2])   # x_2 = −2


def test_guard_refuses_a_reduced_cost_it_cannot_sign(monkeypatch):
    from flint import arb
    from symdp.certificate import CertificateViolation
    from symdp.numbers import Real
    a, b = Real(lambda p: arb.pi()), Real(lambda p: arb.pi())   # d_1 = π − π: no precision signs it
    monkeypatch.setattr(lp._Pricing, "signs", lambda self: [0 if j in self.basis else 1 for j in range(self.std.n)])
    with pytest.raises(CertificateViolation, match="reduced cost is ≥ 0.*undecided"):
        lp.solve([a, b], [[1, 1]], [1], basis_hint=[0])


def test_guard_refuses_a_wrong_dual(monkeypatch):
    from symdp.certificate import CertificateViolation
    honest = lp._Pricing.__init__

    def off_by_one(self, std, basis, B):
        honest(self, std, basis, B)
        self.Y[0, 0] += 1
    monkeypatch.setattr(lp._Pricing, "__init__", off_by_one)
    with pytest.raises(CertificateViolation, match="Bᵀy = c_B"):
        lp.solve([3, 2], A_ub=[[1, 1], [1, 3]], b_ub=[4, 6])


@pytest.mark.parametrize("c", [[1, 1, 1, 1], [0, 1, 0, 0], [2, -1, 1, TINY], [-1, 0, 0, 1]])
def test_phase_one_drives_a_zero_level_artificial_out(c):
    # found by search: phase 1 ends with an artificial basic at level 0 whose row has a zero
    # pivot in the first nonbasic column, so the exit pivot must skip it
    A_eq, b_eq = [[1, -1, 0, 1], [-1, -2, -2, 1], [1, 2, -1, -1]], [1, 0, 0]
    best, opt = _oracle_best(c, A_eq, b_eq, [[1, 1, 1, 1]], [3])
    res = lp.solve(c, A_eq, b_eq, [[1, 1, 1, 1]], [3], basis_hint=[])
    assert res.pivots > 0 and tuple(res.x) in opt
    assert abs(sympy.N(sympy.sympify(res.value), 200) - best) < sympy.Float(10) ** -150


def test_logarithms_of_rationals_over_primes():
    # add_log writes log(p/q) over logarithms of primes, exponents and signs included: the
    # objective's balls must hold mpmath's logarithms
    from flint import fmpq as Q
    obj = lp.Objective()
    cases = [Q(16, 9), Q(9, 16), Q(1, 1024), Q(10 ** 40 + 1, 10 ** 40), Q(2 ** 61 - 1, 3 ** 5)]
    for r in cases:
        obj.add_log(obj.column(), Q(1), r)
    with mpmath.workdps(60):
        for r, b in zip(cases, obj.balls(256)):
            ref = mpmath.log(mpmath.mpf(int(r.p)) / int(r.q))
            assert abs(mpmath.mpf(b.mid().str(70, radius=False)) - ref) < mpmath.mpf(10) ** -55 and b.rad() < 1e-60


@pytest.mark.parametrize("maximize", [True, False])
def test_optimum_over_prime_powers_and_denominators(maximize):
    """Columns built with add_log(coef, r) for composite r over a denominator, as the staircase
    objectives are: their terms are written over log 2, log 3, log 5 only when the exact
    coefficients are needed (the value, the dual, the guard): against mpmath."""
    from flint import fmpq as Q
    args = [(Q(-1), Q(4, 9)), (Q(3, 2), Q(8, 3)), (Q(2), Q(1, 8)), (Q(1), Q(25, 12)), (Q(5, 4), Q(27, 16))]
    obj = lp.Objective()
    for coef, r in args:
        obj.add_log(obj.column(), coef, r)
    res = lp.solve(obj, [[1] * len(args)], [1], maximize=maximize)
    with mpmath.workdps(50):
        values = [mpmath.mpf(int(c.p)) / int(c.q) * mpmath.log(mpmath.mpf(int(r.p)) / int(r.q)) for c, r in args]
        best = max(values) if maximize else min(values)
        assert abs(mpmath.mpf(sympy.N(sympy.sympify(res.value), 50)) - best) < mpmath.mpf(10) ** -45
    assert set(sympy.sympify(res.value).atoms(sympy.log)) <= {sympy.log(2), sympy.log(3), sympy.log(5)}
