"""Timings of the paper-level computations (Ghazi–Issa; Steinke). Prints a table; no assertions.

    python benchmarks/bench_papers.py

Each row is one call, timed once after a warm-up of the imports. Certified values are taken to
30 significant digits unless the row says otherwise.
"""

from __future__ import annotations

import time

import sympy as sp

from symdp import certify, composed_deltas, dominating, laplace
from symdp.central.composition_theorems import kov_delta
from symdp.central.subsampled_renyi import subsampled_gaussian_rdp

R = sp.Rational


def timed(label: str, fn) -> None:
    start = time.perf_counter()
    result = fn()
    seconds = time.perf_counter() - start
    print(f"| {label:<66} | {seconds:>8.3f} | {result:<36} |")


def main() -> None:
    print(f"| {'computation':<66} | {'seconds':>8} | {'result':<36} |")
    print(f"|{'-' * 68}|{'-' * 10}|{'-' * 38}|")
    for k in (10, 100, 1000):
        timed(f"laplace(1/10)**{k}: delta(eps={k}/20), 30 digits",
              lambda k=k: certify((laplace(R(1, 10)) ** k).delta(R(k, 20)), 30).decimal)
    timed("laplace(1/10)**100: epsilon(1e-6), 30 digits",
          lambda: certify((laplace(R(1, 10)) ** 100).epsilon(R(1, 10 ** 6)), 30).decimal)
    for alpha in (2, 32, 256, 1024):
        timed(f"subsampled Gaussian RDP q=1/100 sigma=1, alpha={alpha}",
              lambda a=alpha: certify(subsampled_gaussian_rdp(a, R(1, 100), 1), 30).decimal)
    timed("subsampled Gaussian RDP q=1/100 sigma=1, alpha=61/2 (integral)",
          lambda: certify(subsampled_gaussian_rdp(R(61, 2), R(1, 100), 1), 30).decimal)
    timed("KOV, k=10^4, eps0=log 2, delta0=0: all 10001 delta_j exact",
          lambda: f"delta_100 ~ {float(composed_deltas(sp.log(2), 0, None, 10 ** 4)[100]):.6e}")
    timed("KOV formula (Steinke Sec. 7), k=10^4, one delta at eps=20 log 2",
          lambda: f"{float(kov_delta(sp.log(2), 0, 10 ** 4, 20 * sp.log(2))):.6e}")
    timed("(eps,delta,eta) composition, k=1000, e^eps=11/10, eta=1/50: all delta_j",
          lambda: f"delta_50 ~ {float(composed_deltas(sp.log(R(11, 10)), 0, R(1, 50), 1000)[50]):.15e}")
    timed("(eps,delta,eta) composition, k=1000, eps=1/10 (certified): delta(5)",
          lambda: certify((dominating(R(1, 10), 0, R(1, 50)) ** 1000).delta(5), 30).decimal)


if __name__ == "__main__":
    main()
