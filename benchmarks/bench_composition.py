"""symdp's composition against the float peers, in one run (prints a table; asserts nothing).

    python benchmarks/bench_composition.py [--quick]

Rows, each with symdp's time and the peer's time and error:
  * k-fold Laplace(ε₀ = 1/10): δ at three ε (the last in the far tail) to 30 certified digits, from
    one call ``laplace_composition_delta(1/10, k, [ε₁, ε₂, ε₃])``, against dp_accounting's
    ``PLDAccountant`` at its defaults composing k steps and asked the same three δ; one process
    per side, CPU time of the work only (imports and a warm-up excluded), the ratio beside its
    target (1: at or below the PLD's cost, issue 28);
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


_LAPLACE_SYMDP = """
import sys, time
sys.path.insert(0, {root!r})
from sympy import Rational as R
from symdp import certify
from symdp.central.laplace_composition import laplace_composition_delta
certify(laplace_composition_delta(R(1, 10), 50, [R(1), R(3)])[1], 30)          # warm-up
t = time.process_time()
values = [certify(v, 30) for v in laplace_composition_delta(R(1, 10), {k}, [R(e) for e in {eps!r}])]
print(time.process_time() - t, *[v.decimal for v in values])
"""

_LAPLACE_PLD = """
import time
from dp_accounting import dp_event
from dp_accounting.pld import pld_privacy_accountant
acc = pld_privacy_accountant.PLDAccountant(); acc.compose(dp_event.LaplaceDpEvent(10.0), 2); acc.get_delta(0.1)
t = time.process_time()
acc = pld_privacy_accountant.PLDAccountant()
acc.compose(dp_event.LaplaceDpEvent(noise_multiplier=10.0), {k})
deltas = [acc.get_delta(e) for e in {eps!r}]
print(time.process_time() - t, *deltas)
"""


def _child(code: str) -> list[str]:
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=1800, check=True)
    return out.stdout.split()


def laplace_rows(quick: bool) -> list[tuple]:
    """δ of Laplace(1/10)^k at three ε (one far in the tail), one process per side."""
    from mpmath import mp, mpf
    rows = []
    cases = [(1000, (5, 20, 50))] + ([] if quick else [(10 ** 4, (50, 200, 500))])
    for k, eps in cases:
        sym = _child(_LAPLACE_SYMDP.format(root=str(ROOT), k=k, eps=eps))
        peer = _child(_LAPLACE_PLD.format(k=k, eps=[float(e) for e in eps]))
        t_sym, t_peer = float(sym[0]), float(peer[0])
        errors = []
        with mp.workdps(40):
            for decimal, d in zip(sym[1:], peer[1:]):
                x = mpf(decimal)
                errors.append(mp.nstr(abs(mpf(d) - x) / x, 2))
        rows.append((f"Laplace(1/10)^{k}, δ at ε = {', '.join(map(str, eps))}, 30 digits, one call "
                     f"(target ratio ≤ 1)", t_sym, " ".join(short(v) for v in sym[1:]), t_peer, " ".join(errors)))
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
from symdp.central.composition_theorems import kov_delta
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
          f"{time.strftime('%H:%M UTC', time.gmtime())}; Laplace rows: CPU seconds, one process per side")
    rows = [cli_startup()]
    import sympy
    R = sympy.Rational
    float_kov_delta(10, 6)  # warm-up: the peer's numpy/scipy imports are part of no row
    rows += laplace_rows(quick) + kov_rows(quick)
    print("| computation | symdp s | symdp value | peer s | peer error (rel.) | ratio |")
    print("|---|---|---|---|---|---|")
    for label, t_sym, value, t_peer, err in rows:
        ratio = f"{t_sym / t_peer:.2f}" if t_sym is not None and t_peer else ""
        fmt = lambda t: "" if t is None else f"{t:.3f}"
        print(f"| {label} | {fmt(t_sym)} | {value} | {fmt(t_peer)} | {err} | {ratio} |")


if __name__ == "__main__":
    main()
