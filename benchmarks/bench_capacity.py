"""Channel capacity to 30 certified digits (two-sided certificate at the active-set Newton law)
against a float Blahut–Arimoto anchor, side by side as a ratio of CPU times.

The float anchor runs a fixed 10 000 iterations and reports its gap max_x D − I(p) (no certificate):
on the seeded random channels that stalled the previous search (20 × 20, seeds 3 and 11) the gap
after 10 000 float iterations is still 10⁻¹¹ to 10⁻⁹, which is why Blahut–Arimoto's support could not
be trusted. Run: PYTHONPATH=. python benchmarks/bench_capacity.py
"""

import importlib.util
import time
from pathlib import Path

import numpy as np
from sympy import Rational as R

from symdp.local import Channel
from symdp.numbers import certify

# One generator of random channels: the bench times the channels tests/test_capacity.py proves. Loaded
# by path, since an installed package may own the top-level name `tests`.
_spec = importlib.util.spec_from_file_location("test_capacity", Path(__file__).resolve().parents[1] / "tests" / "test_capacity.py")
_tests = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_tests)
seeded = _tests.seeded_channel


CHANNELS = {
    "4×4 (README)": [[R(1, 2), R(1, 4), R(1, 8), R(1, 8)], [R(1, 10), R(3, 5), R(1, 5), R(1, 10)],
                     [R(1, 3), R(1, 3), R(1, 6), R(1, 6)], [R(1, 20), R(1, 20), R(1, 20), R(17, 20)]],
    "BSC(1/10)": [[R(9, 10), R(1, 10)], [R(1, 10), R(9, 10)]],
    "8×8 banded": [[R(1, 2) if i == j else (R(1, 4) if abs(i - j) == 1 or abs(i - j) == 7 else 0) for j in range(8)]
                   for i in range(8)],
    "20×20 seed 3": seeded(20, 20, 3),
    "20×20 seed 11": seeded(20, 20, 11),
    "64×64 seed 0": seeded(64, 64, 0),
    "64×64 sparse": seeded(64, 64, 1, zeros=0.8),
}


def float_ba(rows, iterations=10000):
    W = np.array([[float(v) for v in r] for r in rows])
    p = np.full(len(rows), 1 / len(rows))
    with np.errstate(divide="ignore", invalid="ignore"):
        for _ in range(iterations):
            q = p @ W
            d = np.where(W > 0, W * np.log(np.where(W > 0, W, 1) / q), 0).sum(axis=1)
            p = p * np.exp(d - d.max())
            p /= p.sum()
    return float(p @ d) / np.log(2), float(d.max() - p @ d) / np.log(2)


print(f"{'channel':14s} {'symdp 30 digits':34s} {'CPU s':>7s} {'float BA (10^4 it.)':>20s} {'its gap':>8s} "
      f"{'CPU s':>7s} {'ratio':>7s}")
for name, rows in CHANNELS.items():
    t = time.process_time()
    c = certify(Channel(rows).capacity(), 30)
    ts = time.process_time() - t
    t = time.process_time()
    f, gap = float_ba(rows)
    tf = time.process_time() - t
    print(f"{name:14s} {c.decimal:34s} {ts:7.3f} {f:20.16f} {gap:8.1e} {tf:7.3f} {ts / tf:7.2f}")
