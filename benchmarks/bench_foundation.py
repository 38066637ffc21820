"""Timings of the foundation layer (prints a table; asserts nothing).

    cd /work/main && python benchmarks/bench_foundation.py [--quick]
"""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
import time

from pathlib import Path

from sympy import Rational, log

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout, uninstalled
from symdp import certify, composed_deltas, gaussian  # noqa: E402


def timed(fn):
    t = time.perf_counter()
    out = fn()
    return time.perf_counter() - t, out


def cli_startup() -> tuple[str, float | None]:
    if importlib.util.find_spec("symdp.cli") is None:
        return "symdp.cli missing", None
    cmd = ["symdp", "--help"] if shutil.which("symdp") else [sys.executable, "-m", "symdp.cli", "--help"]
    best = None
    for _ in range(3):
        t = time.perf_counter()
        rc = subprocess.run(cmd, capture_output=True).returncode
        dt = time.perf_counter() - t
        if rc != 0:
            return f"{' '.join(cmd[-3:])} exited {rc}", None
        best = dt if best is None else min(best, dt)
    return " ".join(cmd[-3:]), best


def main() -> None:
    quick = "--quick" in sys.argv
    rows: list[tuple[str, str, str]] = []
    label, dt = cli_startup()
    rows.append(("CLI start-up (best of 3)", label, "skipped" if dt is None else f"{dt:.3f} s"))
    for digits in (30, 100, 1000):
        dt, c = timed(lambda: certify(gaussian(1).delta(1), digits))
        rows.append((f"certify(gaussian(1).delta(1), {digits})", c.decimal[:14] + "…", f"{dt:.3f} s"))
    # x = e^ε = 2: η must lie in [0, tanh(ε/2)] = [0, 1/3]; take an interior η (α > 0).
    eps, eta = log(2), Rational(1, 5)
    for k in (10, 100, 1000) if quick else (10, 100, 1000, 10000):
        dt, ds = timed(lambda: composed_deltas(eps, 0, eta, k))
        assert all(d.is_Rational for d in ds)
        rows.append((f"composed_deltas(log 2, 0, 1/5, {k}): all δ_j exact", f"δ_0 ≈ {float(ds[0]):.6f}", f"{dt:.3f} s"))
    width = [max(len(r[i]) for r in rows) for i in range(3)]
    for r in rows:
        print("  ".join(c.ljust(w) for c, w in zip(r, width)))


if __name__ == "__main__":
    main()
