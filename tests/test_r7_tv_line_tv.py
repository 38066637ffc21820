"""tv-dp Section VI-A (Laplace) and VI-B (Gaussian, eq. 16): total variation of two laws on ℝ with Lebesgue densities,
proved by kernel steps (proofs/tv_dp_mechanisms.py). The proved goals are checked against an independent route
(mpmath quadrature of ½∫|p − q| at sample parameters), and a wrong cut between {p > q} and {p < q} is refused."""

from __future__ import annotations

import sys
from pathlib import Path

import mpmath
import pytest
import sympy

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "proofs"))
import tv_dp_mechanisms as M  # noqa: E402
from symdp.verify import kernel  # noqa: E402


def _goals(evidence):
    """The statement's goals (conclusions) of an establish."""
    statement = evidence.data["statement"]
    out = []
    for part in statement["data"]["parts"]:
        for g in part["data"]["goals"]:
            out.append(g["text"])
    return out


@pytest.fixture(scope="module")
def laplace():
    return M.laplace_tv()


@pytest.fixture(scope="module")
def gaussian():
    return M.gaussian_tv()


def test_laplace_is_proved_by_kernel_steps_with_no_prose(laplace):
    assert laplace.status == "proved"
    assert laplace.data["prose_steps"] == [] and laplace.data["uses"] == ["tv-dp:definitions-3-4-and-footnote-1"]
    texts = _goals(laplace)
    assert any("Converges" in t for t in texts) and any("1 - exp(-epsilon/2)" in t for t in texts)


def test_gaussian_is_proved_by_kernel_steps_with_no_prose(gaussian):
    assert gaussian.status == "proved"
    assert gaussian.data["prose_steps"] == [] and gaussian.data["uses"] == ["tv-dp:definitions-3-4-and-footnote-1"]


@pytest.mark.parametrize("eps,delta", [(0.5, 1.0), (1.0, 3.0), (2.0, 0.25)])
def test_laplace_value_against_quadrature(eps, delta):
    b = delta / eps
    p = lambda x: mpmath.exp(-abs(x) / b) / (2 * b)
    q = lambda x: mpmath.exp(-abs(x - delta) / b) / (2 * b)
    half_l1 = mpmath.quad(lambda x: abs(p(x) - q(x)) / 2, [-mpmath.inf, 0, delta / 2, delta, mpmath.inf])
    assert abs(half_l1 - (1 - mpmath.exp(-eps / 2))) < 1e-12


@pytest.mark.parametrize("mu,sigma", [(0.0, 1.0), (0.5, 2.0), (2.0, 0.3)])
def test_gaussian_value_against_quadrature(mu, sigma):
    shift = mu * sigma
    n = lambda x, m: mpmath.npdf(x, m, sigma)
    half_l1 = mpmath.quad(lambda x: abs(n(x, 0) - n(x, shift)) / 2, [-mpmath.inf, shift / 2, mpmath.inf])
    assert abs(half_l1 - (2 * mpmath.ncdf(mu / 2) - 1)) < 1e-12


def test_a_wrong_cut_is_refused():
    """{p > q} for the Laplace pair is (−∞, Δ/2): at the cut Δ/3 the pointwise signs beyond it fail (p > q on
    (Δ/3, Δ/2)), so the step (p − q)₊ = 0 beyond the cut does not follow."""
    eps, delta, x = M._ε, sympy.Symbol("Delta", real=True), sympy.Symbol("x", real=True)
    H = [eps > 0, delta > 0]
    d = eps / (2 * delta) * (sympy.exp(-eps * sympy.Abs(x) / delta) - sympy.exp(-eps * sympy.Abs(x - delta) / delta))
    up, a, b = M._exp_increases()
    cut = delta / 3
    below = kernel.instantiate(up, {a: -eps * sympy.Abs(x) / delta, b: -eps * sympy.Abs(x - delta) / delta},
                               [*H, sympy.Le(cut, x)])
    assert below.status == "failed"
    zero = kernel.decide(kernel.goal(sympy.Eq((d + sympy.Abs(d)) / 2, 0), [*H, sympy.Le(cut, x)]))
    assert zero.status == "failed"
