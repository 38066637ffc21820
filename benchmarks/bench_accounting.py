"""Certified DP-SGD accounting against dp_accounting's PLD accountant, in the same run.

For each setting: symdp's certified ε bracket (rtol as asked), its time, dp_accounting's
(uncertified) ε at its default discretisation and its time, and the ratio of the times; then how
the bracket's width and the time grow with T and with 1/h at a fixed grid. Peak memory is the
process's maximum resident set size (ru_maxrss) after each block.

    PYTHONPATH=. /work/venv/bin/python benchmarks/bench_accounting.py [--quick]
"""

from __future__ import annotations

import argparse
import resource
import time

import sympy

from symdp.accounting import dpsgd_epsilon

R = sympy.Rational


def _dp_accounting(q: float, sigma: float, steps: int, delta: float) -> tuple[float, float]:
    from dp_accounting import dp_event
    from dp_accounting.pld import pld_privacy_accountant
    start = time.perf_counter()
    acc = pld_privacy_accountant.PLDAccountant()
    acc.compose(dp_event.PoissonSampledDpEvent(q, dp_event.GaussianDpEvent(sigma)), steps)
    eps = acc.get_epsilon(delta)
    return eps, time.perf_counter() - start


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def targets(quick: bool) -> None:
    print("## Targets: certified bracket vs dp_accounting PLD (default discretisation)\n")
    print("| q | σ | T | δ | rtol | symdp ε bracket | rel. width | h | symdp s | dp_accounting ε | "
          "dp_acc s | time ratio | inside |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    runs = [(R(1, 100), 1, 1000, R(1, 10 ** 5), R(1, 1000)), (R(1, 100), 1, 10000, R(1, 10 ** 5), R(1, 100))]
    if quick:
        runs = runs[:1]
    for q, sigma, steps, delta, rtol in runs:
        _dp_accounting(float(q), float(sigma), 10, float(delta))  # warm the imports
        theirs, their_time = _dp_accounting(float(q), float(sigma), steps, float(delta))
        start = time.perf_counter()
        b = dpsgd_epsilon(q, sigma, steps, delta, rtol=rtol)
        ours = time.perf_counter() - start
        lo, hi = b.decimals(10)
        inside = b.lower <= sympy.Rational(repr(theirs)) <= b.upper
        print(f"| {q} | {sigma} | {steps} | {delta} | {rtol} | [{lo}, {hi}] | {float(b.relative_width):.2e} | "
              f"{b.h} | {ours:.1f} | {theirs:.10f} | {their_time:.2f} | {ours / their_time:.1f} | {inside} |")
    print(f"\npeak RSS so far: {_peak_mb():.0f} MB\n")


def growth(quick: bool) -> None:
    print("## Growth with T (q = 0.01, σ = 1, δ = 1e-5, h = 1/800)\n")
    print("| T | rel. width | seconds |")
    print("|---|---|---|")
    for steps in ((100, 1000) if quick else (100, 1000, 10000, 100000)):
        start = time.perf_counter()
        b = dpsgd_epsilon(R(1, 100), 1, steps, R(1, 10 ** 5), h=R(1, 800))
        print(f"| {steps} | {float(b.relative_width):.2e} | {time.perf_counter() - start:.1f} |")
    print("\n## Growth with 1/h (q = 0.01, σ = 1, T = 1000, δ = 1e-5)\n")
    print("| 1/h | rel. width | seconds |")
    print("|---|---|---|")
    for n in ((200, 400) if quick else (200, 400, 800, 1600, 3200)):
        start = time.perf_counter()
        b = dpsgd_epsilon(R(1, 100), 1, 1000, R(1, 10 ** 5), h=R(1, n))
        print(f"| {n} | {float(b.relative_width):.2e} | {time.perf_counter() - start:.1f} |")
    print(f"\npeak RSS: {_peak_mb():.0f} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="the first target and two points per sweep")
    args = parser.parse_args()
    targets(args.quick)
    growth(args.quick)


if __name__ == "__main__":
    main()
