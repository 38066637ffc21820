"""Channel capacity against oracles written here, independently of symdp's search and certificate:

* symmetric channels (every row a permutation of the first, every column too): C = log₂ m − H(row)
  exactly, the uniform law achieving it (Cover–Thomas, Theorem 7.2.1);
* two inputs: a golden-section search of the concave I(p) in mpmath at 60 digits, bracketed by
  I(p) ≤ C ≤ max_x D(W_x‖pW) at the point found (Gallager, Theorem 4.5.1);
* three inputs: a brute-force grid over all priors (then a finer one around the best), with the
  same two bounds taken over the grid;
* any size up to the largest accepted (64 × 64): hypothesis-drawn channels, each certified to 20
  digits within the time limit and inside a float Blahut–Arimoto enclosure computed here.

The seeded random channels on which the previous search stalled (Blahut–Arimoto's support taken as
given, then ``certify`` climbing to max_prec) are regressions; the time limit is shown to reach the
search and the certificate by a clock that advances one second per reading.
"""

from __future__ import annotations

import itertools
import random

import mpmath
import numpy as np
import pytest
import sympy
from hypothesis import HealthCheck, given, settings, strategies as st
from sympy import Rational as R

import symdp
from symdp import limits
from symdp.local import Channel
from symdp.local.information import MAX_CAPACITY_ENTRIES, capacity
from symdp.numbers import certify


def seeded_channel(n: int, m: int, seed: int, zeros: float = 0.0) -> list[list[sympy.Rational]]:
    """A random channel as a user would make one: integer weights 1..100, normalised."""
    rng = random.Random(seed)
    rows = []
    for _ in range(n):
        w = [0 if rng.random() < zeros else rng.randint(1, 100) for _ in range(m)]
        if not any(w):
            w[rng.randrange(m)] = 1
        rows.append([R(v, sum(w)) for v in w])
    return rows


def _mp_bounds(rows, p) -> tuple[mpmath.mpf, mpmath.mpf]:
    """(I(p;W), max_x D(W_x‖pW)) in bits at the current mpmath precision: C lies between them."""
    W = [[mpmath.mpf(int(v.p)) / int(v.q) for v in row] for row in rows]
    q = [mpmath.fsum(p[x] * W[x][y] for x in range(len(W))) for y in range(len(W[0]))]
    D = [mpmath.fsum(W[x][y] * mpmath.log(W[x][y] / q[y], 2) for y in range(len(q)) if W[x][y]) for x in range(len(W))]
    return mpmath.fsum(px * d for px, d in zip(p, D)), max(D)


def _float_bounds(W: np.ndarray, P: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For each law in the rows of P: (I(p;W), max_x D(W_x‖pW)) in bits, in doubles."""
    Q = P @ W
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        terms = np.where(W[None, :, :] > 0, W[None, :, :] * np.log2(W[None, :, :] / Q[:, None, :]), 0.0)
    D = terms.sum(axis=2)
    with np.errstate(invalid="ignore"):
        return np.where(P > 0, P * D, 0.0).sum(axis=1), D.max(axis=1)


def _certified(c, digits=30):
    got = certify(c, digits)
    return mpmath.mpf(got.lower), mpmath.mpf(got.upper), got


# --------------------------------------------------------------------------------------------
# Exact: symmetric channels


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(0, 30), min_size=2, max_size=9).filter(lambda w: sum(w) > 0 and len(set(w)) > 1),
       st.randoms(use_true_random=False))
def test_symmetric_channels_have_the_closed_form(weights, rng):
    """The circulant channel W(y|x) = w[(y − x) mod m]/Σw, its inputs in a random order: every row
    and every column is a permutation of w, so C = log₂ m − H(w/Σw)."""
    m = len(weights)
    row = [R(v, sum(weights)) for v in weights]
    shifts = list(range(m))
    rng.shuffle(shifts)
    rows = [[row[(y - x) % m] for y in range(m)] for x in shifts]
    exact = sympy.log(m, 2) + sum((v * sympy.log(v, 2) for v in row if v), sympy.Integer(0))
    assert certify(capacity(Channel(rows)), 30).decimal == certify(exact, 30).decimal


def test_the_identity_and_the_noisy_typewriter():
    assert certify(capacity(Channel([[int(i == j) for j in range(64)] for i in range(64)])), 30).decimal == \
        certify(sympy.Integer(6), 30).decimal
    half = R(1, 2)
    typewriter = [[half if y in (x, (x + 1) % 7) else 0 for y in range(7)] for x in range(7)]
    assert certify(capacity(Channel(typewriter)), 30).decimal == certify(sympy.log(7, 2) - 1, 30).decimal


# --------------------------------------------------------------------------------------------
# Two inputs: golden-section search, three inputs: a grid over every prior


def _golden_two_inputs(rows) -> tuple[mpmath.mpf, mpmath.mpf]:
    """C of a two-input channel between I(p*) and max_x D(W_x‖p*W), p* by golden section on the
    concave t ↦ I((1 − t, t))."""
    with mpmath.workdps(60):
        f = lambda t: _mp_bounds(rows, [1 - t, t])[0]  # noqa: E731
        a, b = mpmath.mpf(0), mpmath.mpf(1)
        g = (mpmath.sqrt(5) - 1) / 2
        for _ in range(260):
            c, d = b - g * (b - a), a + g * (b - a)
            if f(c) >= f(d):
                b = d
            else:
                a = c
        return _mp_bounds(rows, [1 - (a + b) / 2, (a + b) / 2])


@settings(max_examples=20, deadline=None)
@given(st.integers(2, 5).flatmap(lambda m: st.tuples(st.lists(st.integers(0, 50), min_size=m, max_size=m),
                                                     st.lists(st.integers(0, 50), min_size=m, max_size=m))))
def test_two_inputs_against_golden_section(pair):
    a, b = pair
    if not sum(a) or not sum(b) or [R(v, sum(a)) for v in a] == [R(v, sum(b)) for v in b]:
        return
    rows = [[R(v, sum(a)) for v in a], [R(v, sum(b)) for v in b]]
    lo, hi = _golden_two_inputs(rows)
    with mpmath.workdps(60):
        assert hi - lo < mpmath.mpf(10) ** -25  # the oracle is sharp
        clo, chi, _ = _certified(capacity(Channel(rows)))
        assert clo <= hi and lo <= chi  # the certified interval meets the oracle's


@pytest.mark.parametrize("seed", range(4))
def test_three_inputs_against_a_grid_over_every_prior(seed):
    rows = seeded_channel(3, 2 + seed, seed, zeros=0.2)
    W = np.array([[float(v) for v in row] for row in rows])
    N = 300  # every prior (i, j, N − i − j)/N
    grid = np.array([(i, j, N - i - j) for i in range(N + 1) for j in range(N + 1 - i)], dtype=float) / N
    info, top = _float_bounds(W, grid)
    lower, upper = info.max(), top.min()
    best, width = grid[np.argmax(info)], 1.0 / N
    steps = np.array(list(itertools.product(range(-40, 41), repeat=2))) @ np.array([[1, -1, 0], [0, 1, -1]]) / 40.0
    for _ in range(3):  # finer grids around the best prior so far, each 40 times finer
        fine = np.clip(best + steps * width, 0, 1)
        fine = fine / fine.sum(axis=1, keepdims=True)
        info, top = _float_bounds(W, fine)
        lower, upper = max(lower, info.max()), min(upper, top.min())
        best, width = fine[np.argmax(info)], width / 40
    assert upper - lower < 1e-7  # the grid pins C down
    clo, chi, _ = _certified(capacity(Channel(rows)), 20)
    assert lower - 1e-12 <= chi and clo <= upper + 1e-12


# --------------------------------------------------------------------------------------------
# Any size: the seeded channels the previous search stalled on, and hypothesis-drawn ones


def _blahut_arimoto_enclosure(rows, iterations=3000) -> tuple[float, float]:
    """(I(p), max_x D(W_x‖pW)) in bits after float Blahut–Arimoto iterations written here."""
    W = np.array([[float(v) for v in row] for row in rows])
    p = np.full(len(rows), 1 / len(rows))
    for _ in range(iterations):
        info, top = _float_bounds(W, p[None, :])
        q = p @ W
        with np.errstate(divide="ignore", invalid="ignore"):
            d = np.where(W > 0, W * np.log(W / q), 0.0).sum(axis=1)
        p = p * np.exp(d - d.max())
        p /= p.sum()
    return float(info[0]), float(top[0])


@pytest.mark.parametrize("n,seed", [(20, 3), (20, 5), (20, 11), (24, 0)])
def test_the_seeded_channels_that_stalled(n, seed):
    """The previous search ran past 100 s on these (20 × 20, seeds 3, 5, 11; 24 × 24, seed 0):
    Blahut–Arimoto's float support left in an input of optimal mass 0."""
    rows = seeded_channel(n, n, seed)
    lo, hi = _blahut_arimoto_enclosure(rows)
    with limits.raised(seconds=30):  # a stall is a ResourceLimitError here, not a hung test
        clo, chi, got = _certified(capacity(Channel(rows)))
    assert chi - clo < mpmath.mpf(10) ** -28
    assert lo - 1e-12 <= chi and clo <= hi + 1e-12


def test_inputs_that_enter_the_support_from_zero_mass():
    """A sparse channel (found by a seeded search) whose optimal law uses inputs that the float
    start leaves out: each must enter by the Kuhn–Tucker step; without it the certificate's upper
    end stays near 50 bits."""
    rows = [[0, 0, R(145, 186), 0, R(41, 186), 0], [0, 0, 0, R(294661, 294666), R(5, 294666), 0],
            [0, R(1, 44906), 0, R(22452, 22453), 0, R(1, 44906)], [R(7, 55677), 0, 0, R(55649, 55677), R(7, 18559), 0]]
    lo, hi = _blahut_arimoto_enclosure(rows, iterations=20000)
    with limits.raised(seconds=30):
        clo, chi, _ = _certified(capacity(Channel(rows)))
    assert chi - clo < mpmath.mpf(10) ** -28
    assert lo - 1e-12 <= chi and clo <= hi + 1e-12


def _channels(draw_n=st.integers(1, 64)):
    @st.composite
    def build(draw):
        n = draw(draw_n)
        m = draw(st.integers(1, min(64, MAX_CAPACITY_ENTRIES // n)))
        zeros = draw(st.sampled_from([0.0, 0.3, 0.8]))
        return seeded_channel(n, m, draw(st.integers(0, 2**32)), zeros)
    return build()


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_channels())
def test_random_channels_up_to_the_largest_size(rows):
    c = capacity(Channel(rows))
    if not isinstance(c, symdp.Real):
        assert c == 0 and all(row == rows[0] for row in rows)
        return
    lo, hi = _blahut_arimoto_enclosure(rows, iterations=300)
    with limits.raised(seconds=30):
        clo, chi, _ = _certified(c, 20)
    assert lo - 1e-9 <= chi and clo <= hi + 1e-9


def test_capacity_of_a_channel_beyond_the_largest_size_is_refused():
    with pytest.raises(symdp.ParameterError, match="at most 4096 entries"):
        capacity(Channel([[1 if i == j else 0 for j in range(65)] for i in range(65)]))


# --------------------------------------------------------------------------------------------
# The time limit reaches the search and the certificate


class _Clock:
    """time.monotonic, advancing one second per reading."""

    def __init__(self):
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


@pytest.mark.parametrize("where", ["search", "certificate"])
def test_the_time_limit_reaches_every_loop(monkeypatch, where):
    c = capacity(Channel(seeded_channel(8, 8, 1)))
    if where == "certificate":
        c.input_law(128)  # the search is done; only the certificate's loop is left to time
    monkeypatch.setattr(limits.time, "monotonic", _Clock())
    with limits.raised(seconds=5), pytest.raises(symdp.ResourceLimitError, match=r"capacity of a 8 × 8 channel ran .* "
                                                                                   r"past the limit seconds = 5"):
        c.ball(128)
