"""The certified accountant against dp_accounting's PLD accountant, side by side (issue 28).

Each row runs each side in a process of its own (a fresh interpreter: no cache of one run helps
another) and measures the CPU time of the call alone (``time.process_time()`` around it, the
imports before it). dp_accounting's ``PLDAccountant`` runs at its default discretisation (10⁻⁴).
The ratio is symdp's CPU time over the PLD's; its target is the issue's. The certified bracket is
printed with its relative width (its target beside it) and whether the PLD's ε falls inside.

    PYTHONPATH=. python benchmarks/bench_accounting.py [--only NAME] [--repeat N]

Rows: the five DP-SGD settings of issue 28; a schedule (1000 steps: 100 phases of 10 steps,
σ from 2 down to 1.01 in 100 values, q from 0.001 up to 0.01 in 10 values; the PLD composes one
event per phase with its count); ε at five δ from one composition (``epsilon_curve``) against
the PLD's five ``get_epsilon`` calls on one composition; ``get_delta`` against ``get_epsilon``
in ``CertifiedAccountant``. With --repeat N each side runs N times (fresh processes) and the
median CPU time is kept.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import textwrap

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

#: (name, q, σ, T, δ, rtol): issue 28's table (width = relative width of the ε bracket at δ = 10⁻⁵)
DPSGD = [
    ("q=0.01 s=1 T=1e3", "1/100", "1", 1000, "1/100000", "1/1000"),
    ("q=0.01 s=1 T=1e5", "1/100", "1", 100000, "1/100000", "1/1000"),
    ("q=0.01 s=1 T=1e6", "1/100", "1", 1000000, "1/100000", "1/100"),
    ("q=1e-4 s=1 T=1e5", "1/10000", "1", 100000, "1/100000", "1/100"),
    ("q=1e-3 s=0.8 T=1e6", "1/1000", "4/5", 1000000, "1/100000", "1/100"),
]

#: the schedule: 100 phases of 10 steps, σ_k = 2 − k/100 (k < 100), q = (1 + ⌊k/10⌋)/1000
SCHEDULE = [(f"{1 + k // 10}/1000", f"{200 - k}/100", 10) for k in range(100)]
CURVE_DELTAS = ["1/1000", "1/100000", "1/10000000", "1/1000000000", "1/1000000000000"]

_PLD = """
import json, sys, time
from dp_accounting import dp_event
from dp_accounting.pld import pld_privacy_accountant
from fractions import Fraction
spec = json.loads(sys.argv[1])
def event(q, s):
    return dp_event.PoissonSampledDpEvent(float(Fraction(q)), dp_event.GaussianDpEvent(float(Fraction(s))))
start = time.process_time()
acc = pld_privacy_accountant.PLDAccountant()
if spec["kind"] == "dpsgd":
    acc.compose(event(spec["q"], spec["sigma"]), spec["steps"])
    out = [acc.get_epsilon(float(Fraction(spec["delta"])))]
elif spec["kind"] == "schedule":
    for q, s, k in spec["phases"]:
        acc.compose(event(q, s), k)
    out = [acc.get_epsilon(float(Fraction(spec["delta"])))]
elif spec["kind"] == "curve":
    acc.compose(event(spec["q"], spec["sigma"]), spec["steps"])
    out = [acc.get_epsilon(float(Fraction(d))) for d in spec["deltas"]]
print(json.dumps({"cpu": time.process_time() - start, "values": out}))
"""

_SYMDP = """
import json, sys, time
spec = json.loads(sys.argv[1])
import sympy
from symdp import accounting
R = sympy.Rational
for name in ("dpsgd_epsilon", "dpsgd_epsilon_schedule", "epsilon_curve", "dpsgd_pair", "CertifiedAccountant"):
    getattr(accounting, name, None)  # the lazy imports happen here, not in the timed call
start = time.process_time()
if spec["kind"] == "dpsgd":
    b = accounting.dpsgd_epsilon(R(spec["q"]), R(spec["sigma"]), spec["steps"], R(spec["delta"]), rtol=R(spec["rtol"]))
    brackets = [b]
elif spec["kind"] == "schedule":
    b = accounting.dpsgd_epsilon_schedule([(R(q), R(s), k) for q, s, k in spec["phases"]], R(spec["delta"]),
                                          rtol=R(spec["rtol"]))
    brackets = [b]
elif spec["kind"] == "curve":
    brackets = accounting.epsilon_curve(accounting.dpsgd_pair(R(spec["q"]), R(spec["sigma"])), spec["steps"],
                                        [R(d) for d in spec["deltas"]], rtol=R(spec["rtol"]))
elif spec["kind"] == "get_delta":
    from dp_accounting import dp_event
    acct = accounting.CertifiedAccountant()
    acct.compose(dp_event.PoissonSampledDpEvent(float(R(spec["q"])), dp_event.GaussianDpEvent(float(R(spec["sigma"])))),
                 spec["steps"])
    if spec["call"] == "delta":
        value = acct.get_delta(float(R(spec["eps"])))
    else:
        value = acct.get_epsilon(float(R(spec["delta"])))
    print(json.dumps({"cpu": time.process_time() - start, "brackets": [[str(value), str(value), 0.0]]}))
    raise SystemExit
cpu = time.process_time() - start
print(json.dumps({"cpu": cpu, "brackets": [[str(b.lower), str(b.upper), float(b.relative_width)] for b in brackets]}))
"""


def _side(code: str, spec: dict, repeat: int) -> dict:
    runs = []
    env = dict(os.environ, PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))
    for _ in range(repeat):
        out = subprocess.run([sys.executable, "-c", textwrap.dedent(code), json.dumps(spec)], capture_output=True,
                             text=True, env=env, check=True)
        runs.append(json.loads(out.stdout.strip().splitlines()[-1]))
    runs.sort(key=lambda r: r["cpu"])
    best = runs[len(runs) // 2]
    best["cpu"] = statistics.median(r["cpu"] for r in runs)
    return best


def _inside(lower: str, upper: str, value: float) -> bool:
    from fractions import Fraction
    return Fraction(lower) <= Fraction(value) <= Fraction(upper)


def dpsgd_rows(repeat: int, only: str | None) -> None:
    print("| setting | width target | symdp certified ε | rel. width | symdp CPU s | PLD ε | PLD CPU s | ratio "
          "| target | PLD inside |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for name, q, sigma, steps, delta, rtol in DPSGD:
        if only and only not in name:
            continue
        spec = {"kind": "dpsgd", "q": q, "sigma": sigma, "steps": steps, "delta": delta, "rtol": rtol}
        ours, theirs = _side(_SYMDP, spec, repeat), _side(_PLD, spec, repeat)
        lo, hi, width = ours["brackets"][0]
        eps = theirs["values"][0]
        from fractions import Fraction
        print(f"| {name} | ≤ {rtol} | [{float(Fraction(lo)):.8g}, {float(Fraction(hi)):.8g}] | {width:.2e} | "
              f"{ours['cpu']:.3f} | {eps:.8g} | {theirs['cpu']:.3f} | {ours['cpu'] / theirs['cpu']:.2f} | ≤ 1 | "
              f"{_inside(lo, hi, eps)} |", flush=True)


def schedule_row(repeat: int) -> None:
    spec = {"kind": "schedule", "phases": SCHEDULE, "delta": "1/100000", "rtol": "1/100"}
    ours, theirs = _side(_SYMDP, spec, repeat), _side(_PLD, spec, repeat)
    lo, hi, width = ours["brackets"][0]
    from fractions import Fraction
    eps = theirs["values"][0]
    print(f"| schedule: 1000 steps, 100 σ, 10 q | ≤ 1/100 | [{float(Fraction(lo)):.8g}, {float(Fraction(hi)):.8g}] | "
          f"{width:.2e} | {ours['cpu']:.3f} | {eps:.8g} | {theirs['cpu']:.3f} | {ours['cpu'] / theirs['cpu']:.2f} | ≤ 2 | "
          f"{_inside(lo, hi, eps)} |", flush=True)


def curve_row(repeat: int) -> None:
    spec = {"kind": "curve", "q": "1/100", "sigma": "1", "steps": 10000, "deltas": CURVE_DELTAS, "rtol": "1/100"}
    single = {"kind": "dpsgd", "q": "1/100", "sigma": "1", "steps": 10000, "delta": "1/1000000000000",
              "rtol": "1/100"}
    ours, theirs, one = _side(_SYMDP, spec, repeat), _side(_PLD, spec, repeat), _side(_SYMDP, single, repeat)
    widths = max(b[2] for b in ours["brackets"])
    inside = all(_inside(lo, hi, e) for (lo, hi, _), e in zip(ours["brackets"], theirs["values"]))
    print(f"| ε at 5 δ (10⁻³..10⁻¹²), q=0.01 s=1 T=1e4 | ≤ 1/100 | epsilon_curve | max {widths:.2e} | "
          f"{ours['cpu']:.3f} ({ours['cpu'] / one['cpu']:.2f}× one query) | 5 get_epsilon | {theirs['cpu']:.3f} | "
          f"{ours['cpu'] / theirs['cpu']:.2f} | ≤ 1 | {inside} |", flush=True)


def get_delta_row(repeat: int) -> None:
    base = {"kind": "get_delta", "q": "1/100", "sigma": "1", "steps": 1000}
    d = _side(_SYMDP, {**base, "call": "delta", "eps": "2"}, repeat)
    e = _side(_SYMDP, {**base, "call": "epsilon", "delta": "1/100000"}, repeat)
    print(f"| CertifiedAccountant get_delta(2) vs get_epsilon(1e-5), q=0.01 s=1 T=1e3 | — | | | {d['cpu']:.3f} | "
          f"get_epsilon | {e['cpu']:.3f} | {d['cpu'] / e['cpu']:.2f} | ≤ 1 | |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default=None, help="run only the rows whose name contains this")
    parser.add_argument("--repeat", type=int, default=1, help="runs per side (median CPU time)")
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()}\n")
    dpsgd_rows(args.repeat, args.only)
    if args.only is None or args.only == "schedule":
        schedule_row(args.repeat)
    if args.only is None or args.only == "curve":
        curve_row(args.repeat)
    if args.only is None or args.only == "get_delta":
        get_delta_row(args.repeat)
    print(f"\nload average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
