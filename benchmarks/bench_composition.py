"""symdp's composition against the float peers, in one run (prints a table; asserts nothing).

    python benchmarks/bench_composition.py [--quick]

Rows, each with symdp's time and the peer's time and error in the same process:
  * k-fold Laplace(ε₀ = 1/10), k = 10, 100, 1000, 10⁴: one δ(k/200) to 30 certified digits (the
    exact closed form at k = 10, the sum over continuous components beyond) against
    dp_accounting's ``PLDAccountant`` at its defaults;
  * Kairouz–Oh–Viswanath, (log 2)-DP, one δ at ε = 0.6·k·log 2, exact rational and its certified
    decimal, against the float binomial sum (scipy's binomial pmf); k = 10⁵ and 10⁶, with the
    peak memory of a child process that computes only that row;
  * the whole exact KOV curve (k + 1 values, k = 10⁴) and ``symdp --help`` (best of 5).
The peer's error is relative to symdp's certified value. Timings depend on the load, printed first.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run from a checkout, uninstalled

R = None  # sympy.Rational, bound in main (imports are part of no row)


def timed(fn):
    start = time.perf_counter()
    out = fn()
    return time.perf_counter() - start, out


def short(decimal: str) -> str:
    """The first digits of a certified decimal, with its exponent."""
    mantissa, _, exponent = decimal.partition("e")
    return mantissa[:10] + "…" + (f"e{exponent}" if exponent else "")


def rel_error(peer: float, certified) -> str:
    """|peer − x|/x against symdp's certified value x (a Certified)."""
    from mpmath import mp, mpf
    with mp.workdps(40):
        x = mpf(certified.decimal)
        if x == 0:
            return f"abs {abs(peer):.1e}"
        return f"{float(abs(mpf(peer) - x) / abs(x)):.1e}"


def pld_laplace_delta(k: int, eps: float) -> float:
    from dp_accounting import dp_event
    from dp_accounting.pld import pld_privacy_accountant
    acc = pld_privacy_accountant.PLDAccountant()
    acc.compose(dp_event.LaplaceDpEvent(noise_multiplier=10.0), k)
    return acc.get_delta(eps)


def laplace_rows(quick: bool) -> list[tuple]:
    from symdp import certify, laplace
    rows = []
    for k in (10, 100) if quick else (10, 100, 1000, 10 ** 4):
        eps = R(k, 200)
        t_sym, c = timed(lambda: certify((laplace(R(1, 10)) ** k).delta(eps), 30))
        t_peer, d = timed(lambda: pld_laplace_delta(k, float(eps)))
        rows.append((f"Laplace(1/10)^{k}, δ({eps}), 30 digits", t_sym, short(c.decimal), t_peer, rel_error(d, c)))
    return rows


def float_kov_delta(k: int, j: int) -> float:
    """The peer: KOV's S as a float sum of scipy binomial pmfs (e^{ε₀} = 2, e^ε = 2^j)."""
    import numpy as np
    from scipy.stats import binom
    ell = np.arange(k + 1)
    with np.errstate(over="ignore"):  # 2^(j − (2ℓ − k)) overflows to inf below the threshold: gap 0
        gap = np.clip(1.0 - np.exp2(j - (2.0 * ell - k)), 0.0, None)
    return float(np.sum(binom.pmf(ell, k, 2.0 / 3.0) * gap))


_KOV_CHILD = """
import sys, time
sys.path.insert(0, {root!r})
import sympy
from symdp import certify
from symdp.composition_theorems import kov_delta
k = {k}
t = time.perf_counter(); d = kov_delta(sympy.log(2), 0, k, (6 * k // 10) * sympy.log(2)); t1 = time.perf_counter() - t
c = certify(d, 30); t2 = time.perf_counter() - t
# VmHWM, this process's peak resident memory (ru_maxrss would include the parent's, across fork)
hwm = next(int(line.split()[1]) for line in open("/proc/self/status") if line.startswith("VmHWM"))
print(t1, t2, isinstance(d, sympy.Rational), c.decimal, hwm)
"""


def _run_kov_child(k: int) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", _KOV_CHILD.format(root=str(ROOT), k=k)],
                          capture_output=True, text=True, timeout=600)


def kov_rows(quick: bool) -> list[tuple]:
    from mpmath import mp, mpf
    rows = []
    baseline_kb = int(_run_kov_child(10).stdout.split()[-1])
    for k in (10 ** 5,) if quick else (10 ** 5, 10 ** 6):
        out = _run_kov_child(k)
        if out.returncode:
            rows.append((f"KOV (log 2), k = {k}", None, out.stderr.strip().splitlines()[-1][:60], None, ""))
            continue
        t_exact, t_cert, is_exact, decimal, rss_kb = out.stdout.split()
        t_peer, d = timed(lambda: float_kov_delta(k, 6 * k // 10))
        with mp.workdps(40):
            err = "underflow to 0.0" if d == 0 else f"{float(abs(mpf(d) - mpf(decimal)) / mpf(decimal)):.1e}"
        rows.append((f"KOV (log 2), k = {k}, δ(0.6k·log 2): exact, then 30 digits; child's peak RSS "
                     f"{int(rss_kb) // 1024} MB (k = 10: {baseline_kb // 1024} MB)",
                     float(t_cert), f"{short(decimal)} ({'exact' if is_exact == 'True' else 'ball'}; "
                     f"exact in {float(t_exact):.3f} s)", t_peer, err))
    from sympy import log
    from symdp import composed_deltas
    k = 10 ** 3 if quick else 10 ** 4
    t_sym, ds = timed(lambda: composed_deltas(log(2), 0, None, k))
    assert all(d.is_Rational for d in ds)
    rows.append((f"KOV curve (log 2), k = {k}: all {k + 1} δ_j exact", t_sym, f"δ_{{k/2}} ≈ {float(ds[k // 2]):.6e}", None, ""))
    return rows


def cli_startup() -> tuple:
    cmd = [sys.executable, "-m", "symdp", "--help"]
    best = min(timed(lambda: subprocess.run(cmd, capture_output=True, check=True, cwd=ROOT))[0] for _ in range(5))
    bare = min(timed(lambda: subprocess.run([sys.executable, "-c", "pass"], check=True))[0] for _ in range(5))
    return ("symdp --help (best of 5)", best, f"bare `python -c pass`: {bare:.3f} s", None, "")


def main() -> None:
    global R
    quick = "--quick" in sys.argv
    print(f"load average {os.getloadavg()[0]:.1f} {os.getloadavg()[1]:.1f} {os.getloadavg()[2]:.1f}, "
          f"{time.strftime('%H:%M UTC', time.gmtime())}")
    rows = [cli_startup()]
    import sympy
    R = sympy.Rational
    from symdp import certify, laplace
    pld_laplace_delta(1, 1.0)  # warm-up of both sides: imports are part of no row
    certify((laplace(R(1, 10)) ** 2).delta(R(1, 100)), 5)
    rows += laplace_rows(quick) + kov_rows(quick)
    print("| computation | symdp s | symdp value | peer s | peer error (rel.) | ratio |")
    print("|---|---|---|---|---|---|")
    for label, t_sym, value, t_peer, err in rows:
        ratio = f"{t_sym / t_peer:.2g}" if t_sym is not None and t_peer else ""
        fmt = lambda t: "" if t is None else f"{t:.3f}"
        print(f"| {label} | {fmt(t_sym)} | {value} | {fmt(t_peer)} | {err} | {ratio} |")


if __name__ == "__main__":
    main()
