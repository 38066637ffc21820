"""The certified LP engine on the staircase LP (11) against a plain float HiGHS solve (prints a
table; asserts nothing). Times are CPU seconds (``time.process_time``, all threads), printed with
the load average.

For k = 4 … 16 (2^k columns, k rows), seeded Dirichlet(1) laws (exact rationals), e^ε = 3:
  * float   — HiGHS alone on float data already in memory (no certificate), best of 3;
  * objective — building the exact objective μ(S_j) over logarithms of primes;
  * certified — symdp.numerics.lp.solve: the conversion to floats, the same HiGHS solve, the exact basis,
    primal and dual, every reduced cost decided, and the guard's re-verification of the basis;
  * ratio   — (objective + certified) / float, against the target 2 at k = 16 (issue 28).

    python benchmarks/bench_lp.py [--kmin 4] [--kmax 16] [--figures]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout, uninstalled
from flint import fmpq  # noqa: E402

from symdp.numerics import lp  # noqa: E402
from symdp.figures.extremal_ldp import instances  # noqa: E402
from symdp.local import utility  # noqa: E402
from symdp.local.extremal import staircase_lp  # noqa: E402


def float_solve(A, c) -> tuple[float, float]:
    """HiGHS on float data, no certificate: (seconds, optimum)."""
    import highspy
    m, n = A.shape
    with lp._quiet():
        h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    model = highspy.HighsLp()
    model.num_col_, model.num_row_ = n, m
    model.col_cost_ = c
    model.col_lower_, model.col_upper_ = np.zeros(n), np.full(n, highspy.kHighsInf)
    model.row_lower_ = model.row_upper_ = np.ones(m)
    nz = A.T != 0
    model.a_matrix_.format_ = highspy.MatrixFormat.kColwise
    model.a_matrix_.start_ = np.concatenate([[0], np.cumsum(nz.sum(axis=1))]).astype(np.int32)
    model.a_matrix_.index_ = np.nonzero(nz)[1].astype(np.int32)
    model.a_matrix_.value_ = A.T[nz]
    model.sense_ = highspy.ObjSense.kMaximize
    t = time.process_time()
    h.passModel(model)
    h.run()
    return time.process_time() - t, h.getInfo().objective_function_value


def row(k: int, kind: str) -> tuple:
    laws = instances(kind, k, 1, seed=7)[0]
    u = utility.kl(*laws) if kind == "kl" else utility.mutual_information(*laws)
    E = fmpq(3)
    t = time.process_time()
    obj, A = staircase_lp(E, u)
    t_obj = time.process_time() - t
    t = time.process_time()
    res = lp.solve(obj, A, [1] * k)
    t_cert = time.process_time() - t
    Af = np.array([[float(v) for v in r] for r in A.tolist()])
    c = obj.midpoints()
    t_float = min(float_solve(Af, c)[0] for _ in range(3))
    value = float(res.ball(64).mid())
    return k, kind, 1 << k, t_float, t_obj, t_cert, (t_obj + t_cert) / t_float, res.pivots, value


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--kmax", type=int, default=16)
    ap.add_argument("--kmin", type=int, default=4)
    ap.add_argument("--figures", action="store_true", help="also time `symdp figures --paper extremal-ldp`")
    args = ap.parse_args()
    import os
    print("load average " + " ".join(f"{x:.1f}" for x in os.getloadavg()) + "; CPU seconds")
    print(f"{'k':>3} {'util':>4} {'columns':>8} {'float s':>9} {'objective s':>12} {'certified s':>12} "
          f"{'ratio':>6} {'target':>6} {'pivots':>6}  optimum")
    for k in range(args.kmin, args.kmax + 1, 2):
        for kind in ("kl", "mi"):
            k_, kind, n, tf, to, tc, ratio, piv, value = row(k, kind)
            target = "2" if k_ == 16 else ""
            print(f"{k_:>3} {kind:>4} {n:>8} {tf:>9.3f} {to:>12.3f} {tc:>12.3f} {ratio:>6.2f} {target:>6} {piv:>6}  {value:.12g}")
    if args.figures:
        from symdp.figures import extremal_ldp
        t = time.perf_counter()
        with tempfile.TemporaryDirectory() as d:
            extremal_ldp.make_all(Path(d))
        print(f"symdp figures --paper extremal-ldp: {time.perf_counter() - t:.1f} s wall")


if __name__ == "__main__":
    main()
