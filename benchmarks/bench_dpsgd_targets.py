"""The issue 20 §2 targets of the certified DP-SGD accountant: relative width ≤ 10⁻² within a
stated time, one run per setting (a benchmark, not a timed test). Each row prints the certified ε
bracket, its relative width, the grid, the CPU seconds spent (``time.process_time``) and the
load average when it ran; a run that hits the time limit prints the refusal and the best
bracket it carried. Issue 28's table against dp_accounting is ``bench_accounting.py``.

    PYTHONPATH=. python benchmarks/bench_dpsgd_targets.py [--only N] [--seconds S]
"""

from __future__ import annotations

import argparse
import os
import time

import sympy

from symdp.accounting import CostLimitError, Limits, dpsgd_epsilon

R = sympy.Rational

#: (q, σ, T, δ, target seconds) of issue 20 §2; the δ = 1e-18 row has no stated time.
SETTINGS = [
    (R(1, 10 ** 4), R(1), 10 ** 5, R(1, 10 ** 5), 30.0),
    (R(256, 60000), R(11, 10), 14063, R(1, 10 ** 5), 5.0),
    (R(1, 10 ** 3), R(4, 5), 10 ** 6, R(1, 10 ** 5), 60.0),
    (R(33, 10 ** 5), R(4), 10 ** 4, R(1, 10 ** 18), None),
]


def _row(q, sigma, steps, delta, target, seconds: float) -> str:
    load = os.getloadavg()[0]
    start = time.process_time()
    try:
        b, note = dpsgd_epsilon(q, sigma, steps, delta, rtol=R(1, 100), limits=Limits(seconds=seconds)), ""
    except CostLimitError as err:
        b, note = err.bracket, f"refused: {err}"
    spent = time.process_time() - start
    if b is None:
        return f"| {q} | {sigma} | {steps} | {delta} | {target} | — | — | — | {spent:.1f} | {load:.2f} | {note} |"
    lo, hi = b.decimals(8)
    return (f"| {q} | {sigma} | {steps} | {delta} | {target} | [{lo}, {hi}] | {float(b.relative_width):.2e} | "
            f"{b.h} | {spent:.1f} | {load:.2f} | {note} |")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--only", type=int, default=None, help="run only setting N (0-based)")
    parser.add_argument("--seconds", type=float, default=300.0, help="time limit of each run")
    args = parser.parse_args()
    print("| q | σ | T | δ | target s | certified ε bracket | rel. width | h | CPU s | load | note |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for i, setting in enumerate(SETTINGS):
        if args.only is None or args.only == i:
            print(_row(*setting, args.seconds), flush=True)


if __name__ == "__main__":
    main()
