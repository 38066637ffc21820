"""egamma-ldp Corollary 2 (proof, eqs. 44–46): its domain names I(X;V) and I(X;V|K) by formulas over the proof's
construction (𝒱 = {v_1, …, v_m} ⊂ {±1}^k, V and K uniform and independent, X = s·e_K with probability (1 + sωv_K)/2).
Here (1) those formulas are checked against the mutual information of the construction's joint law, computed
term by term from the law of (V, X) (and of (V, X) given K = j) by the helpers' independent route, on random instances;
(2) the kernel refuses the proof's steps with a wrong constant, so the goals are not vacuous; (3) the claim is
machine-complete."""

import random
import sys
from pathlib import Path

import mpmath
import pytest
import sympy

from symdp.verify import kernel
from symdp.verify.registry import load_claims

PROOFS = Path(__file__).resolve().parent.parent / "proofs"


@pytest.fixture(scope="module")
def risk(tmp_path_factory):
    folder = tmp_path_factory.mktemp("egamma_cor2")
    for name in ("_idioms.py", "_egamma_helpers.py", "egamma_ldp.py", "egamma_ldp_risk.py"):
        (folder / name).symlink_to(PROOFS / name)
    registry = load_claims(folder, isolate=False)
    assert not registry.load_errors, registry.load_errors
    return sys.modules["symdp_claims_egamma_ldp_risk"], sys.modules["_egamma_helpers"]


def _instance(r, m, k):
    return [[r.choice((-1, 1)) for _ in range(k)] for _ in range(m)]


def _domain_values(risk_module, vs, w):
    """I(X;V) and I(X;V|K) from the domain's own relations (the Every's cells and the two sums) at the instance."""
    m_, k_ = len(vs), len(vs[0])
    sub = {risk_module._CM: m_, risk_module._CK: k_, risk_module._ω: w}
    cells = risk_module._COR2_CELLS
    g, jj = [], []
    for j in range(1, k_ + 1):
        values = {risk_module._CV[i, j]: vs[i - 1][j - 1] for i in range(1, m_ + 1)}
        at = lambda e: e.rhs.subs(risk_module._CJ, j).subs(sub).doit().subs(values)
        jj.append(at(cells[0]))
        g.append(at(cells[1]))
    i_xv = sum(g)
    i_xvk = sum(jj) / k_
    return i_xv, i_xvk


def _joint_values(helpers, vs, w):
    """I(X;V) from the joint law of (V, X) (m rows, 2k outcomes ±e_j) and I(X;V|K) = (1/k)Σ_j I(X;V | K = j),
    each by the helpers' term-by-term mutual information."""
    m_, k_ = len(vs), len(vs[0])
    p = lambda s, i, j: (1 + s * w * vs[i][j]) / 2
    joint = [[p(s, i, j) / (k_ * m_) for j in range(k_) for s in (1, -1)] for i in range(m_)]
    given = [helpers.mutual_information([[p(s, i, j) / m_ for s in (1, -1)] for i in range(m_)]) for j in range(k_)]
    return helpers.mutual_information(joint), sum(given) / k_


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_domain_formulas_are_the_mutual_informations(risk, seed):
    risk_module, helpers = risk
    r = random.Random(seed)
    m_, k_ = r.randint(2, 4), r.randint(1, 3)
    vs = _instance(r, m_, k_)
    w = sympy.Rational(r.randint(1, 9), 10)
    mine = _domain_values(risk_module, vs, w)
    theirs = _joint_values(helpers, vs, w)
    h = -((1 - w) / 2 * sympy.log((1 - w) / 2) + (1 + w) / 2 * sympy.log((1 + w) / 2))
    with mpmath.workdps(40):
        a = [mpmath.mpf(sympy.N(v, 45)) for v in (*mine, *theirs)]
        assert abs(a[0] - a[2]) < mpmath.mpf(10) ** -35 and abs(a[1] - a[3]) < mpmath.mpf(10) ** -35
        # the proved bounds hold at the instance: I(X;V) = I(X;V|K) ≤ log 2 − h_b((1 − ω)/2) ≤ ω log 2
        assert abs(a[0] - a[1]) < mpmath.mpf(10) ** -35
        bound = mpmath.mpf(sympy.N(sympy.log(2) - h, 45))
        assert a[1] <= bound + mpmath.mpf(10) ** -35 and bound <= mpmath.mpf(sympy.N(w * sympy.log(2), 45))


def test_kernel_refuses_a_wrong_constant(risk):
    a = sympy.Symbol("a", real=True)
    hb = -a * sympy.log(a) - (1 - a) * sympy.log(1 - a)
    # h_b(a) ≥ 3a log 2 is false near 1/2 (h_b(1/2) = log 2 < 3/2 log 2): the chord step must not go through
    u, x1, x2 = sympy.symbols("u x_1 x_2", real=True)
    inc = kernel.increasing(sympy.log(u), u, x1, x2, [x1 > 0])
    wrong = kernel.decide(kernel.goal(hb >= 3 * a * sympy.log(2), [a >= sympy.Rational(1, 5), a <= sympy.Rational(1, 2)]),
                          kernel.instantiate(inc, {x1: 1 - a, x2: 4 * a}, [a >= sympy.Rational(1, 5), a <= sympy.Rational(1, 2)]))
    assert wrong.status == "failed"
    # Gibbs with a constant above log 2's: x log x + (1 − x) log(1 − x) ≥ −log 2 + 1/10 is false at x = 1/2
    x = sympy.Symbol("x", real=True)
    risk_module, _ = risk
    _, gibbs = risk_module._cor2_gibbs()
    too_much = kernel.decide(kernel.goal(x * sympy.log(x) + (1 - x) * sympy.log(1 - x) >= -sympy.log(2) + sympy.Rational(1, 10),
                                         [x > 0, x < 1]), gibbs)
    assert gibbs.status == "proved" and too_much.status == "failed"


@pytest.mark.slow
def test_corollary_2_proof_is_machine_complete(verified):
    reports = verified("egamma-ldp")
    (r,) = [r for r in reports if r.label == "Corollary 2 (proof, eqs. 44–46)"]
    assert r.proof_status == "machine-complete", (r.proof_notes, r.detail)
    assert not r.uses and not r.prose_steps
