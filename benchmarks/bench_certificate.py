"""The cost of the run-time certificate guard (prints a table; asserts nothing).

Every certified route states its invariants through ``symdp.certificate.ensure`` before it
returns. This times a few representative certified calls twice: as shipped, and with ``ensure``
replaced by a no-op everywhere it is bound (the module attribute and every ``from ... import
ensure``) and the LP's exact re-verification of its basis skipped, the best of `--repeat` alternating fresh runs each; the ratio is guarded / unguarded. ``checks`` is how
many invariants one guarded call verifies.

    PYTHONPATH=. python benchmarks/bench_certificate.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout, uninstalled
from flint import fmpq  # noqa: E402
from sympy import Rational as R  # noqa: E402

from symdp import certificate
from symdp.numerics import lp  # noqa: E402


def accounting_bracket():
    """δ(1) of a Gaussian pair (μ = 1) composed twice, at a fixed grid h = 1/16 (symdp.accounting)."""
    from symdp.accounting import delta_bracket
    from symdp.central.pairs import GaussianPair
    return delta_bracket(GaussianPair(1), 2, 1, h=R(1, 16))


def staircase_lp():
    """The certified staircase LP (11), k = 8 (256 columns), KL utility, e^ε = 3."""
    from symdp.figures.extremal_ldp import instances
    from symdp.local import utility
    from symdp.local.extremal import staircase_lp as data
    u = utility.kl(*instances("kl", 8, 1, seed=7)[0])
    obj, A = data(fmpq(3), u)
    return lp.solve(obj, A, [1] * 8)


def irrational_bracket():
    """OPT at e^ε = e (k = 3, KL): the primal/dual bracket at 256 bits."""
    from symdp.local import optimal_mechanism, utility
    u = utility.kl([R(6, 10), R(1, 10), R(3, 10)], [R(2, 10), R(5, 10), R(3, 10)])
    return optimal_mechanism(1, u).value.ball(256)


def capacity_ball():
    """The capacity certificate of a 4×4 channel at 128 bits."""
    from symdp.local import Channel
    from symdp.local.information import capacity
    W = Channel([[R(1, 2), R(1, 4), R(1, 8), R(1, 8)], [R(1, 10), R(3, 5), R(1, 5), R(1, 10)],
                 [R(1, 3), R(1, 3), R(1, 6), R(1, 6)], [R(1, 20), R(1, 20), R(1, 20), R(17, 20)]])
    return capacity(W).ball(128)


def mixture_lip():
    """δ̄^LIP(1/4) of the Gaussian mechanism on a 4-point input (σ² = 1/2) at 96 bits."""
    from symdp.local import mixture_lip_delta
    return mixture_lip_delta([-1, R(-1, 5), R(1, 2), 1], [R(1, 10), R(2, 5), R(3, 10), R(1, 5)],
                             R(1, 2), R(1, 4)).ball(96)


def mixture_eq10():
    """The eq. (10) bracket of μ^CD for a two-point input (rtol 1/4)."""
    from symdp.local import mixture_lip_to_lmidp
    return mixture_lip_to_lmidp([-1, 1], [R(1, 4), R(3, 4)], 1, rtol=R(1, 4))


CALLS = [accounting_bracket, staircase_lp, irrational_bracket, capacity_ball, mixture_lip, mixture_eq10]


def _timed(call) -> float:
    start = time.perf_counter()
    call()
    return time.perf_counter() - start


def _unguarded():
    """Bind a no-op in place of ``ensure`` wherever it is bound, and of the LP's exact
    re-verification of its basis (whose work, not its ``ensure`` calls, is the LP's guard cost);
    returns the undo."""
    real = certificate.ensure
    bound = [(m, name, v) for m in list(sys.modules.values()) if m is not None and getattr(m, "__name__", "").startswith("symdp")
             for name, v in vars(m).items() if v is real]
    bound.append((lp, "_verify_optimal", lp._verify_optimal))
    for m, name, _ in bound:
        setattr(m, name, lambda *args, **kwargs: None)
    return lambda: [setattr(m, name, v) for m, name, v in bound]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    for call in CALLS:  # warm up imports and module caches once, so both columns pay the same
        call()
    print(f"{'call':20s} {'checks':>7s} {'guarded s':>10s} {'no guard s':>11s} {'ratio':>7s}")
    for call in CALLS:
        before = certificate.checks()
        call()
        checks = certificate.checks() - before
        guarded = bare = float("inf")
        for _ in range(args.repeat):  # alternate, so a burst of load hits both columns alike
            guarded = min(guarded, _timed(call))
            undo = _unguarded()
            try:
                bare = min(bare, _timed(call))
            finally:
                undo()
        print(f"{call.__name__:20s} {checks:7d} {guarded:10.4f} {bare:11.4f} {guarded / bare:7.3f}")


if __name__ == "__main__":
    main()
