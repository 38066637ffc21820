"""Channel capacity to 30 certified digits (two-sided Blahut–Arimoto certificate) against a float
Blahut–Arimoto anchor. Run: PYTHONPATH=. python benchmarks/bench_capacity.py"""

import time

import numpy as np
from sympy import Rational as R

from symdp.local import Channel
from symdp.numbers import certify

CHANNELS = {
    "4×4 (README)": [[R(1, 2), R(1, 4), R(1, 8), R(1, 8)], [R(1, 10), R(3, 5), R(1, 5), R(1, 10)],
                     [R(1, 3), R(1, 3), R(1, 6), R(1, 6)], [R(1, 20), R(1, 20), R(1, 20), R(17, 20)]],
    "BSC(1/10)": [[R(9, 10), R(1, 10)], [R(1, 10), R(9, 10)]],
    "8×8 banded": [[R(1, 2) if i == j else (R(1, 4) if abs(i - j) == 1 or abs(i - j) == 7 else 0) for j in range(8)]
                   for i in range(8)],
}


def float_ba(rows, iterations=10000):
    W = np.array([[float(v) for v in r] for r in rows])
    p = np.full(len(rows), 1 / len(rows))
    with np.errstate(divide="ignore", invalid="ignore"):
        for _ in range(iterations):
            q = p @ W
            d = np.where(W > 0, W * np.log(np.where(W > 0, W, 1) / q), 0).sum(axis=1)
            p = p * np.exp(d)
            p /= p.sum()
    return float(p @ d) / np.log(2)


print(f"{'channel':14s} {'symdp 30 digits':34s} {'seconds':>8s} {'float BA':>20s} {'float s':>8s} {'ratio':>7s}")
for name, rows in CHANNELS.items():
    t = time.perf_counter()
    c = certify(Channel(rows).capacity(), 30)
    ts = time.perf_counter() - t
    t = time.perf_counter()
    f = float_ba(rows)
    tf = time.perf_counter() - t
    print(f"{name:14s} {c.decimal:34s} {ts:8.3f} {f:20.16f} {tf:8.3f} {ts / tf:7.2f}")
