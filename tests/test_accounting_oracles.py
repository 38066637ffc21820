"""The certified accountant against independent oracles, at the edges of its algorithm.

Finite pairs are checked against the exact T-fold δ enumerated outcome tuple by outcome tuple
(itertools.product, balls built here from the pair's own rationals with python-flint, not through
symdp); their loss atoms sit exactly on grid points and within 10⁻⁶ of them, on both sides of 0,
where the dominated discretisation's cells must neither lose nor double-count an atom; laws with
an outcome of P-mass 0 are checked one direction at a time, the dominated discretisation
also against the pair's profile at every kink (Blackwell dominance at T = 1).
"""

from __future__ import annotations

import itertools
import math
from dataclasses import replace

import mpmath
import pytest
import sympy
from flint import arb, ctx, fmpq
from hypothesis import assume, given, settings, strategies as st

from symdp.accounting import Bracket, Limits, delta_bracket, dpsgd_pair, epsilon_bracket
from symdp.accounting.api import composed, delta_ends, directions, epsilon_ends
from symdp.accounting.readout import Reader
from symdp.accounting.plan import Plan
from symdp.accounting.profiles import FiniteProfile, SubsampledProfile, profile_of
from symdp.numbers import to_fmpq
from symdp.central.pairs import FinitePair, gaussian, randomized_response

R = sympy.Rational


def _loss_pair(losses: list[R], qs: list[R]) -> tuple[FinitePair, list[tuple[fmpq, fmpq]]]:
    """Outcomes with Q-mass q_i and privacy loss l_i (P-mass q_i·e^{l_i}), plus one outcome
    with the remaining masses; returned as a symdp pair and as the (q_i, l_i) the oracle uses
    (the remainder's loss is whatever the masses make it)."""
    p = [qi * sympy.exp(li) for qi, li in zip(qs, losses)]
    pair = FinitePair(p + [1 - sum(p)], list(qs) + [1 - sum(qs)])
    return pair, [(fmpq(int(q.p), int(q.q)), fmpq(int(l.p), int(l.q))) for q, l in zip(qs, losses)]


def _exact_delta(atoms: list[tuple[fmpq, fmpq]], steps: int, eps: fmpq, prec: int = 320) -> tuple[fmpq, fmpq]:
    """max over both directions of Σ over outcome tuples (Π p − e^ε Π q)₊ of the `steps`-fold
    product (Steinke, Proposition 7 on the product space), each term a ball at `prec` bits;
    returned as the exact ends of the final ball (δ ≥ 0, so the lower end is at least 0)."""
    with ctx.workprec(prec):
        p = [q * arb(l).exp() for q, l in atoms]
        q = [arb(qi) for qi, _ in atoms]
        p.append(1 - sum(p, arb(0)))
        q.append(1 - sum(q, arb(0)))
        g = arb(eps).exp()
        best = arb(0)
        for a, b in ((p, q), (q, p)):
            total = _tuple_sum(a, b, steps, g)
            best = best.union(total) if best.overlaps(total) else (best if best > total else total)
        return max(best.lower().fmpq(), fmpq(0)), best.upper().fmpq()


def _tuple_sum(a: list, b: list, steps: int, g: arb) -> arb:
    """E_g(a^⊗T ‖ b^⊗T) = Σ over outcome tuples (Π a − g·Π b)₊ (Steinke, Proposition 7 on the
    product space), in balls at the caller's precision."""
    total = arb(0)
    for tup in itertools.product(range(len(a)), repeat=steps):
        pa, pb = arb(1), arb(1)
        for i in tup:
            pa, pb = pa * a[i], pb * b[i]
        total += (pa - g * pb).nonnegative_part()
    return total


def _contains_ball(b: Bracket, ends: tuple[fmpq, fmpq]) -> bool:
    """The whole enclosure [lo, hi] lies in the bracket (exact rationals compared)."""
    lo, hi = ends
    lower, upper = fmpq(int(b.lower.p), int(b.lower.q)), fmpq(int(b.upper.p), int(b.upper.q))
    return lower <= lo and hi <= upper


def _direction(profile, steps: int, h: fmpq, fine: bool = False) -> tuple:
    """The dominating and dominated discretisations of one direction composed `steps` times on
    the grid h, as the accountant builds them (rounding budget for a δ of about 10⁻⁶). By default
    the step is discretised on h itself: a pair whose loss support ends within a few h of 0 would
    otherwise go to a finer grid first (symdp.accounting.ladder), and the cell walks these
    oracles aim at, with atoms on and near the points of h, would not run at all."""
    plan = replace(Plan.for_run(h, steps, 1e-6, 1e-3, int(1 / float(h))), fine=fine)
    return composed([(profile, steps)], plan, Limits(), None)


TINY = R(1, 10 ** 6)

# Loss atoms (with Q-masses) on the grid h = 1/4 and within 10⁻⁶ of its points, above and below 0.
ATOM_CASES = {
    "issue-18 witness: above, on, below 1/2": ([R(1, 2) + TINY, R(1, 2), R(1, 2) - R(1, 16000)], [R(1, 10)] * 3),
    "the witness's pattern below 0: on -1/4 and just below it": ([R(-1, 4) + TINY, R(-1, 4), R(-1, 4) - R(1, 16000),
                                                                 R(3, 4)], [R(1, 10), R(1, 10), R(1, 10), R(1, 20)]),
    "on 1/2 and -1/4": ([R(1, 2), R(-1, 4)], [R(1, 5), R(3, 10)]),
    "just below the grid on both sides of 0": ([R(1, 4) - TINY, R(-1, 2) - TINY, R(3, 4) - TINY],
                                               [R(1, 5), R(1, 5), R(1, 10)]),
    "just above the grid on both sides of 0": ([R(1, 4) + TINY, R(-1, 4) + TINY, TINY], [R(1, 5), R(1, 5), R(1, 5)]),
    "a cluster on -1/4": ([R(-1, 4) - TINY, R(-1, 4), R(-1, 4) + TINY, R(1, 2)], [R(1, 8), R(1, 8), R(1, 8), R(1, 8)]),
}


@pytest.mark.parametrize("steps", [1, 2, 3])
@pytest.mark.parametrize("name", list(ATOM_CASES))
def test_atoms_on_and_next_to_grid_points(name, steps):
    """The bracket contains the exact δ of the T-fold product at ε = 0 and at ε = 1/4 (a grid
    point, where atoms of the composed loss sit exactly at ε)."""
    losses, qs = ATOM_CASES[name]
    pair, atoms = _loss_pair(losses, qs)
    for eps in (fmpq(0), fmpq(1, 4)):
        b = delta_bracket(pair, steps, R(int(eps.p), int(eps.q)), h=R(1, 4))
        truth = _exact_delta(atoms, steps, eps)
        assert _contains_ball(b, truth), (name, steps, eps, b.lower, b.upper, truth)


# The atom layouts above, and two with the low atom 2⁻⁶⁰ (not 1/16000) below its grid point.
CLOSE = R(1, 2 ** 60)
CUT_AT_GRID_CASES = {
    "the issue-18 pattern with the low atom 2^-60 below 1/2": ([R(1, 2) + TINY, R(1, 2), R(1, 2) - CLOSE],
                                                               [R(1, 10)] * 3),
    "the same below 0, on and 2^-60 below -1/4": ([R(-1, 4) + TINY, R(-1, 4), R(-1, 4) - CLOSE, R(3, 4)],
                                                  [R(1, 10), R(1, 10), R(1, 10), R(1, 20)]),
    **ATOM_CASES,
}


@pytest.mark.parametrize("steps", [1, 2, 3])
@pytest.mark.parametrize("name", list(CUT_AT_GRID_CASES))
def test_the_cell_walks_on_the_grid_itself_hold_the_exact_delta(name, steps):
    """The discretisation at h = 1/4 itself (no fine-grid ladder, which the public call takes for
    these narrow pairs, so that the issue-18 witness no longer reaches the cut at a_j through
    `delta_bracket`): both directions composed `steps` times bracket the exact δ at
    ε = 0 and at the grid point 1/4."""
    losses, qs = CUT_AT_GRID_CASES[name]
    pair, atoms = _loss_pair(losses, qs)
    runs = [_direction(p, steps, fmpq(1, 4)) for ((p, _),) in directions([(profile_of(pair), 1)])]
    for eps in (fmpq(0), fmpq(1, 4)):
        lower = max(delta_ends(up, low, eps)[0] for up, low in runs)
        upper = max(delta_ends(up, low, eps)[1] for up, low in runs)
        lo, hi = _exact_delta(atoms, steps, eps)
        assert lower <= lo and hi <= upper, (name, steps, eps, lower, upper, lo, hi)


_offsets = st.sampled_from([R(0), TINY, -TINY, R(1, 16000), -R(1, 16000)])


@settings(max_examples=8, deadline=None)
@given(st.lists(st.tuples(st.integers(-3, 3), _offsets, st.integers(1, 6)), min_size=1, max_size=3),
       st.integers(1, 3), st.sampled_from([R(0), R(1, 8), R(1, 3)]), st.sampled_from([R(1, 4), R(1, 8)]))
def test_held_out_pairs_near_the_grid(atoms, steps, eps, h):
    """Law: for pairs whose losses sit on or next to grid points j·h (j from −3 to 3), the
    bracket contains the exact T-fold δ."""
    losses = [j * h + off for j, off, _ in atoms]
    qs = [R(w, 40) for _, _, w in atoms]
    pair, oracle = _loss_pair(losses, qs)
    b = delta_bracket(pair, steps, eps, h=h)
    assert _contains_ball(b, _exact_delta(oracle, steps, fmpq(int(eps.p), int(eps.q)))), (losses, qs, b)


# --------------------------------------------------------------------------------------------
# One direction of a law with a Q-only outcome: the last cell of the walk from the left
#
# With an outcome of P-mass 0 (loss −∞), the P-barycentre of the likelihood ratio,
# E_P[e^{−Z}] = Q(P > 0), is below 1, so the walk that cuts cells from the left can be left with
# a remainder (s, ∞] that no cut balances: its barycentre z lies in (s, a_j) and the remainder
# must go to a grid point at or below z (a_{j−1} ≤ s), not to a_j. Dyadic masses make every ball
# exact, so both walks leave nothing unbalanced and the accountant keeps the walk from the left:
# the pair takes that branch. (The accountant itself refuses the reverse direction, whose loss
# has P-mass at +∞, so one direction is checked here, by the accountant's own route.)


def _undominated_at(d, p: list[fmpq], q: list[fmpq]) -> list[float]:
    """The ε at which the one-step profile δ_d(ε) = Σ_{a_i > ε} p_i (1 − e^{ε − a_i}) of the
    discretisation d certainly exceeds the pair's E_{e^ε}(P‖Q) (balls at 400 bits). Both are
    piecewise linear in γ = e^ε with kinks only at the grid points and at the losses
    log(p_i/q_i), and both vanish beyond the last kink, so none at those points and a total
    P-mass ≤ 1 (γ = 0) is the Blackwell order d ≤ (P, Q) everywhere (Dong–Roth–Su, Theorem 2.10)."""
    bad = [] if sum(d.masses) + d.inf <= 1 << d.bits else [-math.inf]
    with ctx.workprec(400):
        pa, qa = [arb(x) for x in p], [arb(x) for x in q]
        grid = [arb(d.h * (d.lo + i)) for i in range(len(d.masses))]
        for eps in grid + [(x / y).log() for x, y in zip(pa, qa) if x > 0 and y > 0]:
            mine = sum((c * (1 - (eps - a).exp()).nonnegative_part() for c, a in zip(d.masses, grid)), arb(d.inf))
            if mine / arb(2) ** d.bits > _tuple_sum(pa, qa, 1, eps.exp()):
                bad.append(float(eps.mid()))
    return bad


def _dyadic(weights: list[int], bits: int = 7) -> list[fmpq]:
    return [fmpq(w, 1 << bits) for w in weights]


# (P-masses, Q-masses) in units of 2^−7; the last outcome has P-mass 0 (loss −∞).
LAST_CELL_CASES = {
    "two atoms inside (0, 1/4), no cell balances": ([64, 64, 0], [56, 52, 20]),
    "two atoms inside the top interval (3/4, 1)": ([38, 90, 0], [14, 37, 77]),
    "cells balanced below 0, one atom left above 1": ([10, 3, 115, 0], [11, 29, 33, 55]),
    "three atoms spread over (1/2, 3)": ([35, 16, 77, 0], [5, 3, 6, 114]),
}


def _check_last_cell(p: list[fmpq], q: list[fmpq], steps: int, h: fmpq, name: object) -> None:
    """The dominated discretisation of (P‖Q) is dominated (T = 1, at every ε), and the composed
    brackets hold the exact T-fold δ enumerated over outcome tuples at ε ∈ {0, h/2, h, 1/3}."""
    up, low = _direction(FiniteProfile(*[[R(int(x.p), int(x.q)) for x in v] for v in (p, q)]), steps, h)
    if steps == 1:
        assert not _undominated_at(low, p, q), (name, _undominated_at(low, p, q))
    for eps in (fmpq(0), h / 2, h, fmpq(1, 3)):
        with ctx.workprec(320):  # the ends too: rounded outward at 53 bits, they pass the upper end
            truth = _tuple_sum([arb(x) for x in p], [arb(x) for x in q], steps, arb(eps).exp())
            lo, hi = truth.lower().fmpq(), truth.upper().fmpq()
        assert Reader(low).delta_bounds(eps)[0] <= lo, (name, steps, eps, "lower")
        assert hi <= Reader(up).delta_bounds(eps)[1], (name, steps, eps, "upper")


@pytest.mark.parametrize("steps", [1, 2, 3])
@pytest.mark.parametrize("name", list(LAST_CELL_CASES))
def test_the_last_cell_from_the_left_stays_at_or_below_its_barycentre(name, steps):
    p, q = (_dyadic(v) for v in LAST_CELL_CASES[name])
    _check_last_cell(p, q, steps, fmpq(1, 4), name)


# (P-masses, Q-masses) in units of 2^−7 with an outcome of Q-mass 0 (loss +∞) beside one of P-mass 0.
INFINITE_CELL_CASES = {
    "two atoms inside (0, 1/4) and +inf": ([60, 40, 28, 0], [56, 52, 0, 20]),
    "an atom just above 1/4, one below 0, +inf": ([70, 20, 38, 0], [53, 45, 0, 30]),
    "+inf and an atom inside (1/4, 1/2)": ([90, 20, 18, 0], [70, 40, 0, 18]),
    # the finite loss only below 0: the last cell's barycentre (−0.105) must not be put at 0
    "+inf and one atom just below 0": ([90, 38, 0], [100, 0, 28]),
}


@pytest.mark.parametrize("walk", ["rightwards", "leftwards"])
@pytest.mark.parametrize("name", list(LAST_CELL_CASES) + list(INFINITE_CELL_CASES))
def test_each_cell_walk_alone_is_dominated(name, walk):
    """Both walks of the dominated discretisation, each on its own (the accountant keeps the one
    that leaves less unbalanced, so a broken walk could hide behind the other): the pair it
    builds is dominated by (P, Q) at every kink (Blackwell), with the P-mass at +∞ kept there."""
    from symdp.accounting import discretise as D
    from symdp.numbers import working_precision
    p, q = (_dyadic(v) for v in {**LAST_CELL_CASES, **INFINITE_CELL_CASES}[name])
    profile = FiniteProfile(*[[R(int(x.p), int(x.q)) for x in v] for v in (p, q)])
    h, bits = fmpq(1, 4), 64
    m, n = D.loss_window(profile, 1e-12, h)
    tails = D._Tails(profile, bits + 48, lambda: None)
    with working_precision(bits + 96):
        masses, _ = getattr(D, f"_cells_{walk}")(tails, h, list(range(m, n + 1)), arb(2) ** -(bits + 16), arb(0))
        infinite = D._floor(profile.inf_mass(), bits)
    low = D.Discrete(h, m, [D._floor(masses.get(j, arb(0)), bits) for j in range(m, n + 1)], infinite, bits, False)
    assert not _undominated_at(low, p, q), (name, walk, _undominated_at(low, p, q))


@settings(max_examples=10, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 40), st.integers(1, 40)), min_size=1, max_size=3), st.integers(1, 40),
       st.integers(1, 2), st.sampled_from([fmpq(1, 4), fmpq(1, 8), fmpq(1, 3)]))
def test_held_out_laws_with_a_q_only_outcome(atoms, top, steps, h):
    """Law: for dyadic layouts (P, Q masses in units of 2^−7, one more outcome with the rest of P,
    one with the rest of Q and no P-mass), the dominated discretisation is dominated and the
    brackets hold the exact T-fold δ."""
    pw, qw = [a for a, _ in atoms], [b for _, b in atoms]
    assume(sum(pw) < 128 and sum(qw) + top < 128)
    p, q = _dyadic(pw + [128 - sum(pw), 0]), _dyadic(qw + [top, 128 - sum(qw) - top])
    _check_last_cell(p, q, steps, h, (pw, qw))


def test_mass_invariants_refuse_a_broken_discretisation():
    """The run-time guard: a dominated discretisation with more than all the P-mass (its mass at
    +∞, the pair's own, counted), or a dominating one with less, is a CertificateViolation
    (never a SymdpError a caller might catch)."""
    from symdp.accounting.discretise import Discrete
    from symdp.certificate import CertificateViolation
    bits = 8
    Discrete(fmpq(1, 4), 0, (200, 56), 0, bits, False).verified("test")
    Discrete(fmpq(1, 4), 0, (200, 50), 6, bits, False).verified("test")
    Discrete(fmpq(1, 4), 0, (200, 50), 6, bits, True).verified("test")
    with pytest.raises(CertificateViolation, match="dominated"):
        Discrete(fmpq(1, 4), 0, (200, 57), 0, bits, False).verified("test")
    with pytest.raises(CertificateViolation, match="dominated"):
        Discrete(fmpq(1, 4), 0, (200, 50), 7, bits, False).verified("test")
    with pytest.raises(CertificateViolation, match="dominating"):
        Discrete(fmpq(1, 4), 0, (200, 50), 5, bits, True).verified("test")


# --------------------------------------------------------------------------------------------
# The Poisson-subsampled Gaussian, one direction at a time, against mpmath quadrature


def _mix_parts(q, sigma, add):
    """Densities (first, second) of one direction: remove compares (1−q)N(0,σ²) + qN(1,σ²)
    with N(0,σ²), add the reverse; and the privacy loss Z(x) = log(first/second)."""
    n0 = lambda x: mpmath.npdf(x, 0, sigma)
    n1 = lambda x: mpmath.npdf(x, 1, sigma)
    mix = lambda x: (1 - q) * n0(x) + q * n1(x)
    ratio = lambda x: (1 - q) + q * mpmath.exp((2 * x - 1) / (2 * sigma ** 2))  # mix/n0
    if add:
        return n0, mix, lambda x: -mpmath.log(ratio(x))
    return mix, n0, lambda x: mpmath.log(ratio(x))


def _crossing(q, sigma, gamma, add):
    """x* where first = γ·second (the likelihood ratio is monotone in x, so {first > γ second}
    is {x > x*} when removing and {x < x*} when adding); None when that set is empty or all."""
    c = (gamma - 1 + q) / q if not add else (1 - gamma * (1 - q)) / (gamma * q)
    return sigma ** 2 * mpmath.log(c) + mpmath.mpf(1) / 2 if c > 0 else None


def _hockey_quad(q, sigma, gamma, add):
    """E_γ(first‖second) = ∫ (first − γ second)₊ by quadrature over the half-line where it is
    positive."""
    first, second, _ = _mix_parts(q, sigma, add)
    f = lambda x: first(x) - gamma * second(x)
    x = _crossing(q, sigma, gamma, add)
    if x is None:  # the integrand has one sign everywhere
        return max(mpmath.quad(f, [-mpmath.inf, 0, 1, mpmath.inf]), mpmath.mpf(0))
    return mpmath.quad(f, [x, mpmath.inf] if not add else [-mpmath.inf, x])


def _hockey_closed(q, sigma, gamma, add):
    """The same integral in closed form (Gaussian tails beyond x*): the inner integral of δ₂."""
    x = _crossing(q, sigma, gamma, add)
    if x is None:
        return mpmath.mpf(0) if add else 1 - gamma
    if add:
        return (1 - gamma * (1 - q)) * mpmath.ncdf(x / sigma) - gamma * q * mpmath.ncdf((x - 1) / sigma)
    return q * mpmath.ncdf((1 - x) / sigma) - (gamma - 1 + q) * mpmath.ncdf(-x / sigma)


def _delta_two_steps(q, sigma, eps, add, second=None):
    """δ₂(ε) = E_P[f(e^{ε − Z})] with f the second step's profile (the same step, or the
    (q, σ) in `second`): the two-fold composition's hockey-stick divergence by one-dimensional
    quadrature over the first step's outcome."""
    q2, sigma2 = second if second is not None else (q, sigma)
    first, _, loss = _mix_parts(q, sigma, add)
    g = lambda x: first(x) * _hockey_closed(q2, sigma2, mpmath.exp(eps - loss(x)), add)
    return mpmath.quad(g, [-mpmath.inf, -4, 0, mpmath.mpf(1) / 2, 1, 5, mpmath.inf])


def _direction_bracket(profile, steps: int, eps: fmpq | None, h: fmpq) -> tuple[fmpq, fmpq, fmpq]:
    """(lower, upper) of δ(ε) for this one direction, composed `steps` times on the grid h, and
    the ε used (None: the top of the dominating window, where δ is its mass at +∞ alone)."""
    up, low = _direction(profile, steps, h)
    eps = up.h * up.hi if eps is None else eps
    return (*delta_ends(up, low, eps), eps)


def _exact(value: mpmath.mpf) -> fmpq:
    """The binary value of an mpmath number, exactly."""
    man, exp = mpmath.mpf(value).man_exp
    return fmpq(int(man)) * fmpq(2) ** int(exp)


def _between(lower: fmpq, upper: fmpq, value: mpmath.mpf, rel: float = 1e-20) -> bool:
    """lower ≤ value ≤ upper, the quadrature's value given a relative allowance for its error."""
    v = _exact(value)
    slack = abs(v) * fmpq(*rel.as_integer_ratio()) + fmpq(1, 10 ** 40)
    return lower <= v + slack and v - slack <= upper


Q5, H = R(1, 5), fmpq(1, 40)


@pytest.mark.parametrize("add", [False, True], ids=["remove", "add"])
def test_subsampled_gaussian_one_step_each_direction_against_quadrature(add):
    profile = dpsgd_pair(Q5, 1)
    profile = profile.reverse() if add else profile
    with mpmath.workdps(30):
        for eps in (fmpq(0), fmpq(1, 20), fmpq(1, 2), fmpq(7, 5), None):
            lower, upper, eps = _direction_bracket(profile, 1, eps, H)
            gamma = mpmath.exp(mpmath.mpf(int(eps.p)) / int(eps.q))
            truth = _hockey_quad(mpmath.mpf(1) / 5, 1, gamma, add)
            assert abs(truth - _hockey_closed(mpmath.mpf(1) / 5, 1, gamma, add)) < mpmath.mpf(10) ** -25
            assert _between(lower, upper, truth), (add, eps, lower, upper, truth)
            assert upper - lower <= fmpq(1, 100) * _exact(truth) + fmpq(1, 10 ** 9)


@pytest.mark.parametrize("add", [False, True], ids=["remove", "add"])
def test_subsampled_gaussian_two_steps_each_direction_against_quadrature(add):
    profile = dpsgd_pair(Q5, 1)
    profile = profile.reverse() if add else profile
    with mpmath.workdps(30):
        for eps in (fmpq(1, 10), fmpq(1, 2)):
            truth = _delta_two_steps(mpmath.mpf(1) / 5, 1, mpmath.mpf(int(eps.p)) / int(eps.q), add)
            lower, upper, _ = _direction_bracket(profile, 2, eps, H)
            assert _between(lower, upper, truth), (add, eps, lower, upper, truth)


def test_subsampled_gaussian_two_steps_bracket_holds_the_larger_direction():
    pair = gaussian(1).subsample(Q5)
    with mpmath.workdps(30):
        for eps in (R(0), R(1, 10)):
            e = mpmath.mpf(int(eps.p)) / int(eps.q)
            truth = max(_delta_two_steps(mpmath.mpf(1) / 5, 1, e, add) for add in (False, True))
            b = delta_bracket(pair, 2, eps, h=R(1, 40))
            assert _between(to_fmpq(b.lower), to_fmpq(b.upper), truth), (eps, b, truth)


class _LyingModel(SubsampledProfile):
    """The subsampled Gaussian with a float model that is wrong on purpose: it reports the tails
    a shift of loss `shift` away, so every proposed cut lands about that far off its root."""

    def __init__(self, base, q, add, shift):
        super().__init__(base, q, add)
        self.shift = shift

    def float_tails(self, t):
        return super().float_tails(t + self.shift)


@pytest.mark.parametrize("add", [False, True], ids=["remove", "add"])
@pytest.mark.parametrize("shift", [0.4, -0.4])
def test_a_wrong_float_model_never_breaks_the_bracket(add, shift):
    """The float model only proposes cut points: the balls decide. With every proposal 0.4 of a
    cell off its root — before it (a cell that would not be balanced: the balls must refuse it)
    or beyond it (balanced, only looser) — the one-step bracket still holds the quadrature
    value."""
    honest = dpsgd_pair(Q5, 1)
    honest = honest.reverse() if add else honest
    liar = _LyingModel(honest.base, honest.q, honest.add, shift * float(H))
    with mpmath.workdps(30):
        for eps in (fmpq(0), fmpq(1, 20), fmpq(1, 2)):
            gamma = mpmath.exp(mpmath.mpf(int(eps.p)) / int(eps.q))
            truth = _hockey_quad(mpmath.mpf(1) / 5, 1, gamma, add)
            lower, upper, _ = _direction_bracket(liar, 1, eps, H)
            assert _between(lower, upper, truth), (add, shift, eps, lower, upper, truth)


def test_the_float_model_matches_the_balls():
    """Profile.float_tails against the arb tails of the same profile (midpoints, 10⁻¹² relative
    or 10⁻³⁰⁰ absolute), both directions and the Gaussian itself, and P[Z > t] + P[Z ≤ t] = 1."""
    base = dpsgd_pair(Q5, 1)
    for profile in (base, base.reverse(), base.base):
        for t in (-3.0, -0.2, -0.05, 0.0, 0.01, 0.3, 1.0, 2.5, 6.0):
            exact_t = fmpq(*t.as_integer_ratio())
            with ctx.workprec(200):
                balls = profile.tails_at(exact_t)
            p_gt, q_gt, p_le, q_le = profile.float_tails(t)
            for ball, gt, le in zip(balls, (p_gt, q_gt), (p_le, q_le)):
                assert abs(gt - float(ball.mid())) <= 1e-12 * abs(gt) + 1e-300, (profile, t, gt, ball)
                assert abs(gt + le - 1) <= 1e-15, (profile, t, gt, le)


# --------------------------------------------------------------------------------------------
# Bracket.contains and the ends of ε(δ)


def test_bracket_contains_rejects_values_outside_rational_or_not():
    b = Bracket("delta", R(1, 3), R(1, 2), R(1, 4), (R(-1), R(1)), 64, None, True)
    assert b.contains(R(1, 3)) and b.contains(R(1, 2)) and b.contains(0.4) and b.contains(sympy.sqrt(2) / 3)
    for outside in (R(1, 2) + R(1, 10 ** 30), 0.5000000001, sympy.sqrt(2) / 2, sympy.pi / 10, 1 / sympy.sqrt(3),
                    sympy.exp(-2), R(1, 3) - R(1, 10 ** 40)):
        assert not b.contains(outside), outside
    # irrational values within 10⁻⁴⁰ of an end, on either side
    near = sympy.sqrt(2) / 4  # 0.3535…
    lo_in = Bracket("delta", R(int(sympy.floor(near * 10 ** 40)), 10 ** 40), R(1, 2), R(1, 4), (R(-1), R(1)), 64,
                    None, True)
    lo_out = Bracket("delta", R(int(sympy.ceiling(near * 10 ** 40)), 10 ** 40), R(1, 2), R(1, 4), (R(-1), R(1)), 64,
                     None, True)
    assert lo_in.contains(near) and not lo_out.contains(near)


def _grid_delta(d, eps: fmpq) -> tuple[fmpq, fmpq]:
    """δ of a discretised pair, Σ_{a_i > ε} p_i (1 − e^{ε − a_i}) + p_∞, term by term in a ball
    at 400 bits: its exact ends."""
    with ctx.workprec(400):
        total = arb(d.inf)
        for i, c in enumerate(d.masses):
            a = d.h * (d.lo + i)
            if a > eps:
                total += c * (1 - arb(eps - a).exp())
        total /= arb(2) ** d.bits
        return total.lower().fmpq(), total.upper().fmpq()


def test_epsilon_ends_of_a_discretised_pair():
    """epsilon_ends: the upper end is the least ε with δ_d(ε) ≤ δ (no finite one when p_∞ ≥ δ, 0 when
    δ_d(0) ≤ δ), the lower end the greatest with δ_d(ε) ≥ δ (0 when δ_d(0) < δ): checked
    against δ_d evaluated term by term, within 2⁻⁹⁰ of the root."""
    from symdp.accounting.discretise import Discrete
    bits = 128
    one = 1 << bits
    masses = (one // 8, one // 4, one // 16, one // 32, one // 64)
    up = Discrete(fmpq(1, 3), -1, masses, one // 100 + 1, bits, True)
    low = Discrete(fmpq(1, 3), -1, masses, 0, bits, False)
    assert epsilon_ends(up, low, fmpq(1, 100))[1] is None and epsilon_ends(up, low, fmpq(1, 200))[1] is None
    assert epsilon_ends(up, low, fmpq(1, 2)) == (0, 0)
    step = fmpq(1, 1 << 90)
    for delta in (fmpq(1, 20), fmpq(1, 50), fmpq(3, 100), fmpq(1, 90), fmpq(1, 100) + fmpq(1, 10 ** 30),
                  fmpq(1, 10 ** 6)):
        e_low, e = epsilon_ends(up, low, delta)
        if e is None:
            assert delta <= fmpq(up.inf, one)
        else:
            assert _grid_delta(up, e)[1] <= delta < _grid_delta(up, e - step)[0], delta
        e = e_low
        if e == 0:
            assert _grid_delta(low, e)[1] < delta
        else:
            assert _grid_delta(low, e + step)[1] < delta <= _grid_delta(low, e)[0], delta


@pytest.mark.parametrize("steps", [1, 2])
def test_epsilon_of_randomized_response_on_the_grid(steps):
    """Losses ±1 on the grid h = 1/50: the bracket is as tight as the fixed point, and holds
    ε(δ) inverted by hand: T = 1, δ(ε) = (e − e^ε)/(1 + e); T = 2, δ(ε) = p² − e^ε (1 − p)²
    with p = e/(1 + e), for ε ∈ [0, 2]."""
    delta = fmpq(1, 10)
    with ctx.workprec(400):
        e, d = arb(1).exp(), arb(delta)
        p = e / (1 + e)
        ball = (e - d * (1 + e)).log() if steps == 1 else ((p * p - d) / ((1 - p) * (1 - p))).log()
        truth = ball.lower().fmpq(), ball.upper().fmpq()
    b = epsilon_bracket(randomized_response(1), steps, R(1, 10), rtol=R(1, 10 ** 20), h=R(1, 50))
    assert _contains_ball(b, truth), (b, truth)
    assert b.upper - b.lower < R(1, 10 ** 15)


def _power_delta(masses: tuple[int, ...], lo: int, inf: int, bits: int, k: int, h: fmpq, eps: fmpq) -> tuple[fmpq, fmpq]:
    """δ(ε) of the k-fold composition of a discretised pair, exactly: its finite part is the
    polynomial power (integer convolutions here), its P-mass at +∞ is (Σ + p_∞)^k − Σ^k."""
    poly = [1]
    for _ in range(k):
        out = [0] * (len(poly) + len(masses) - 1)
        for i, a in enumerate(poly):
            for j, b in enumerate(masses):
                out[i + j] += a * b
        poly = out
    scale = 1 << (bits * k)
    with ctx.workprec(400):
        total = arb((sum(masses) + inf) ** k - sum(masses) ** k)
        for i, c in enumerate(poly):
            a = h * (k * lo + i)
            if a > eps:
                total += c * (1 - arb(eps - a).exp())
        total /= scale
        return total.lower().fmpq(), total.upper().fmpq()


#: weights of the low-end cut (what a unit of mass at a loss is worth to the final δ): none, a
#: wild underestimate everywhere, and a rising one; any weight must leave the bracket valid
_WEIGHTS = {"plain": None, "tiny": lambda x: 1e-9, "rising": lambda x: min(1.0, math.exp(2 * x) / 50)}


@settings(max_examples=12, deadline=None)
@given(st.lists(st.integers(0, 60), min_size=4, max_size=9), st.integers(-6, 2), st.integers(0, 3), st.integers(2, 5),
       st.integers(10, 200), st.sampled_from(sorted(_WEIGHTS)))
def test_composition_with_window_cuts_brackets_the_exact_power(weights, lo, inf_weight, k, cut, weight):
    """Law: the k-fold power with its window cut (at a deliberately large τ = 2^bits/cut per
    step, the low end also by a weight, even a wrong one) dominates the exact power when rounded
    up with the cut mass at +∞, and is dominated by it when rounded down with the cut mass
    dropped or moved down, at every grid ε ≥ 0."""
    from symdp.accounting.compose import power
    from symdp.accounting.discretise import Discrete
    bits, h = 40, fmpq(1, 4)
    one = 1 << bits
    total = sum(weights) + inf_weight or 1
    masses = tuple(one * w // total for w in weights)
    inf = one - sum(masses)  # the dominating pair keeps all the mass
    up = power(Discrete(h, lo, masses, inf, bits, True), k, one // cut, Limits(), weight=_WEIGHTS[weight])
    low = power(Discrete(h, lo, masses, 0, bits, False), k, one // cut, Limits(), weight=_WEIGHTS[weight])
    for j in range(0, 4 * k):
        eps = h * j
        exact_up = _power_delta(masses, lo, inf, bits, k, h, eps)
        exact_low = _power_delta(masses, lo, 0, bits, k, h, eps)
        assert delta_ends(up, low, eps)[1] >= exact_up[1], (eps, "upper")
        assert delta_ends(up, low, eps)[0] <= exact_low[0], (eps, "lower")


@pytest.mark.parametrize("steps", [1, 2])
def test_a_permuted_pair_keeps_its_reverse_direction(steps):
    """P a permutation of Q is not a symmetric pair: the reverse direction (Q‖P) has the larger
    δ at T = 1 (the forward one at T = 2), and the bracket holds the larger exact tuple sum."""
    p, q = [fmpq(1, 2), fmpq(1, 3), fmpq(1, 6)], [fmpq(1, 3), fmpq(1, 6), fmpq(1, 2)]
    eps = fmpq(1, 2)
    with ctx.workprec(320):
        g = arb(eps).exp()
        best = [_tuple_sum(a, b, steps, g) for a, b in ((p, q), (q, p))]
        assert best[1] > best[0] if steps == 1 else best[0] > best[1]  # each direction leads once
        top = best[1] if best[1] > best[0] else best[0]
        truth = top.lower().fmpq(), top.upper().fmpq()
    pair = FinitePair([R(int(x.p), int(x.q)) for x in p], [R(int(x.p), int(x.q)) for x in q])
    assert _contains_ball(delta_bracket(pair, steps, R(1, 2), h=R(1, 16)), truth)


def test_epsilon_ends_take_the_safe_side_of_an_undecided_grid_test():
    """δ as the target equal to δ_d(2h) to 3000 bits: the working-precision test at the grid
    point 2h is undecided (checked), and both ends must still be valid when δ_d is evaluated at
    4000 bits: δ_up(upper) ≤ δ ≤ δ_low(lower)."""
    from symdp.accounting.discretise import Discrete
    bits = 128
    one = 1 << bits
    masses = (one // 8, one // 4, one // 16, one // 32, one // 64)
    h = fmpq(1, 3)
    up = Discrete(h, -1, masses, 1, bits, True)
    low = Discrete(h, -1, masses, 0, bits, False)

    def delta_at(d, eps: fmpq, prec: int) -> arb:
        with ctx.workprec(prec):
            total = arb(d.inf)
            for i, c in enumerate(d.masses):
                a = d.h * (d.lo + i)
                if a > eps:
                    total += c * (1 - arb(eps - a).exp())
            return total / one

    for d in (up, low):
        with ctx.workprec(3000):
            target = delta_at(d, h * 2, 3000).mid().fmpq()
        assert Reader(d).grid_le(2, target) is None  # the case under test is reached
        lower, upper = epsilon_ends(d, d, target)
        with ctx.workprec(4000):
            if d is up:
                assert delta_at(up, upper, 4000) <= arb(target), upper
            else:
                assert delta_at(low, lower, 4000) >= arb(target), lower
