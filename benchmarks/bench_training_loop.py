"""DP-SGD accounting as a training loop uses it: the measured table of the README section
"DP-SGD in your training loop".

Three rows, each with the float accountant of the same run beside it where there is one:
CertifiedAccountant on PoissonSampledDpEvent(0.01, GaussianDpEvent(1.0)) × 1000 against
dp_accounting's PLDAccountant at its default discretisation; the ε after each of 10 epochs in one
pass against the same 10 brackets computed separately at the same grid; and the noise
calibration dpsgd_sigma(0.01, 1000, eps=2, delta=1e-5). Times are CPU seconds of this process
(``time.process_time``); the load average is printed with them (the machine is shared).

    PYTHONPATH=. python benchmarks/bench_training_loop.py
"""

from __future__ import annotations

import os
import time
from typing import Callable

import sympy

from symdp.accounting import (CertifiedAccountant, dpsgd_epsilon, dpsgd_epsilon_trajectory, dpsgd_sigma,
                              steps_per_epoch)

R = sympy.Rational


def _timed(fn: Callable[[], object]) -> tuple[object, float]:
    start = time.process_time()
    value = fn()
    return value, time.process_time() - start


def accountant() -> None:
    from dp_accounting import dp_event
    from dp_accounting.pld import pld_privacy_accountant
    event = dp_event.PoissonSampledDpEvent(0.01, dp_event.GaussianDpEvent(1.0))
    ours, t_ours = _timed(lambda: CertifiedAccountant().compose(event, 1000).epsilon_bracket(1e-5))
    theirs, t_theirs = _timed(lambda: pld_privacy_accountant.PLDAccountant().compose(event, 1000).get_epsilon(1e-5))
    print(f"| CertifiedAccountant, T = 1000 | {list(ours.decimals(10))} | {t_ours:.1f} s "
          f"| PLDAccountant(): {theirs:.10f} | {t_theirs:.1f} s |")


def per_epoch() -> None:
    counts = steps_per_epoch(10, R(1, 100))
    brackets, t_pass = _timed(lambda: dpsgd_epsilon_trajectory(R(1, 100), 1, counts, R(1, 10 ** 5)))
    h = brackets[0].h
    _, t_separate = _timed(lambda: [dpsgd_epsilon(R(1, 100), 1, t, R(1, 10 ** 5), h=h) for t in counts])
    print(f"| ε after each of 10 epochs | upper ends {[b.decimals(6)[1] for b in brackets]} | {t_pass:.1f} s "
          f"(h = {h}) | 10 separate runs at that h | {t_separate:.1f} s |")


def calibration() -> None:
    c, t = _timed(lambda: dpsgd_sigma(R(1, 100), 1000, 2, R(1, 10 ** 5)))
    print(f"| dpsgd_sigma(0.01, 1000, 2, 1e-5) | {c!r} | {t:.1f} s | — | — |")


if __name__ == "__main__":
    print(f"load average before: {os.getloadavg()}")
    accountant()
    per_epoch()
    calibration()
    print(f"load average after: {os.getloadavg()}")
