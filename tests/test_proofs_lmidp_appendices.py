"""Appendix -A1's data processing step (Ngo–Östman–Graell i Amat, eq. (16)) as kernel steps: the goal the claim
proves, I(A;M) ≥ I(A;B) for every two-point prior and every finite output alphabet, is (1) evaluated at random
channels, priors and events against the mutual informations computed by an independent route (mpmath, from the
joint law of (A, M) and of (A, B)), so it states the inequality of the paper and its hypotheses are satisfiable,
and (2) not decided without its log-sum premises, so those premises carry it."""

import random
import sys
from fractions import Fraction
from pathlib import Path

import mpmath
import pytest
import sympy

from symdp.verify import kernel
from symdp.verify.registry import load_claims

PROOFS = Path(__file__).resolve().parent.parent / "proofs"


@pytest.fixture(scope="module")
def dpi(tmp_path_factory):
    folder = tmp_path_factory.mktemp("lmidp_appendices")
    for name in ("_idioms.py", "_lmidp_helpers.py", "lmidp_appendices.py"):
        (folder / name).symlink_to(PROOFS / name)
    registry = load_claims(folder, isolate=False)
    assert not registry.load_errors, registry.load_errors
    evidence = sys.modules["symdp_claims_lmidp_appendices"]._two_point_dpi()
    assert evidence.status == "proved", evidence.detail
    return kernel.fact(evidence).goal


def _law(r, k):
    w = [r.randint(1, 9) for _ in range(k)]
    return [Fraction(v, sum(w)) for v in w]


def _mpf(x: Fraction):
    return mpmath.mpf(x.numerator) / x.denominator


def _mutual_information(prior, rows):
    """I(A;Y) in nats for A ~ prior and Y | A = a ~ rows[a], from the joint law: Σ p(a,y) log(p(a,y)/(p(a)p(y)))."""
    out = [sum(p * row[y] for p, row in zip(prior, rows)) for y in range(len(rows[0]))]
    return sum(_mpf(p * row[y]) * mpmath.log(_mpf(row[y]) / _mpf(out[y]))
               for p, row in zip(prior, rows) for y in range(len(row)) if p * row[y] != 0)


def _exact(x: Fraction | int) -> sympy.Rational:
    x = Fraction(x)
    return sympy.Rational(x.numerator, x.denominator)


def _value(expr, point, l, index):
    """expr at a concrete point: l outputs, every Sum written out, sequences read from `point`."""
    expr = expr.xreplace({sympy.Symbol("l", integer=True): l})
    expr = expr.replace(lambda e: isinstance(e, sympy.Sum), lambda e: e.doit())
    return expr.xreplace(point)


def test_the_goal_is_the_data_processing_inequality(dpi):
    r = random.Random(16)
    y = sympy.Symbol("y", integer=True)
    names = {n: sympy.IndexedBase(n, real=True) for n in ("u", "v", "e", "m", "L_u", "L_v")}
    a = sympy.Symbol("a", real=True)
    lhs, rhs = dpi.conclusion.lhs, dpi.conclusion.rhs
    if isinstance(dpi.conclusion, (sympy.LessThan, sympy.StrictLessThan)):
        lhs, rhs = rhs, lhs
    gaps = []
    for _ in range(12):
        l = r.randint(2, 5)
        u, v = _law(r, l), _law(r, l)
        event = [r.randint(0, 1) for _ in range(l)]
        event[0], event[-1] = 1, 0  # proper: 0 < p1, p0 < 1
        prior = Fraction(r.randint(0, 8), 8)
        mix = [prior * ui + (1 - prior) * vi for ui, vi in zip(u, v)]
        point = {a: _exact(prior)}
        for j in range(l):
            for name, values in (("u", u), ("v", v), ("e", event), ("m", mix)):
                point[names[name][j + 1]] = _exact(values[j])
            point[names["L_u"][j + 1]] = sympy.log(_exact(u[j])) - sympy.log(_exact(mix[j]))
            point[names["L_v"][j + 1]] = sympy.log(_exact(v[j])) - sympy.log(_exact(mix[j]))
        # the hypotheses hold at the point (Every written out term by term)
        for h in dpi.hypotheses:
            if isinstance(h, kernel.Every):
                (j, lo, hi) = h.limits
                for k in range(1, l + 1):
                    assert bool(h.condition.xreplace({j: k}).xreplace(point)), (h, k)
            else:
                assert bool(_value(h, point, l, y)), h
        # both sides against the mutual informations of (A, M) and (A, B), computed from the joint laws
        p1, p0 = sum(ui for ui, ev in zip(u, event) if ev), sum(vi for vi, ev in zip(v, event) if ev)
        prior_law = [prior, 1 - prior]
        with mpmath.workdps(40):
            i_am = _mutual_information(prior_law, [u, v])
            i_ab = _mutual_information(prior_law, [[1 - p1, p1], [1 - p0, p0]])
            left, right = (mpmath.mpf(str(sympy.N(_value(side, point, l, y), 40))) for side in (lhs, rhs))
            assert abs(left - i_am) < mpmath.mpf(10) ** -30 and abs(right - i_ab) < mpmath.mpf(10) ** -30
            assert left >= right
            gaps.append(i_am - i_ab)
    assert max(gaps) > mpmath.mpf(10) ** -3  # the inequality is strict somewhere: the sides are not one term


def test_the_step_needs_the_log_sum_premises(dpi):
    """The last step of the proof, decided from nothing: refused (the log-sum inequalities carry it)."""
    bare = kernel.decide(dpi)
    assert bare.status == "failed"
