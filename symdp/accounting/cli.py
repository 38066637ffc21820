"""``symdp account dpsgd``: the certified ε (or δ) bracket of DP-SGD on the command line."""

from __future__ import annotations

import argparse
import json
import sys

from ..limits import on_terminal

__all__ = ["add_parser", "run"]


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register ``account`` (with its one mechanism, ``dpsgd``) on the main parser."""
    p = sub.add_parser("account", help="certified privacy accounting of composed mechanisms")
    kinds = p.add_subparsers(dest="mechanism", required=True, metavar="MECHANISM")
    d = kinds.add_parser("dpsgd", help="DP-SGD: T Poisson-subsampled Gaussian steps (add/remove)")
    d.add_argument("--q", required=True, help="sampling rate q in (0, 1] (exact: 0.01, 1/100)")
    d.add_argument("--sigma", required=True, help="noise multiplier σ > 0")
    d.add_argument("--steps", required=True, type=int, help="number of steps T ≥ 1")
    target = d.add_mutually_exclusive_group(required=True)
    target.add_argument("--delta", help="print the ε bracket at this δ")
    target.add_argument("--eps", help="print the δ bracket at this ε")
    d.add_argument("--rtol", default="1/100", help="relative width asked for (default 1/100)")
    d.add_argument("--h", default=None, help="a fixed loss grid width (skips the refinement)")
    d.add_argument("--json", action="store_true", help="print a JSON object")
    d.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(run=run)


def _number(text: str, name: str):
    """Exact value of a command-line number: decimals as written, fractions as fractions."""
    import sympy
    from ..numbers import exact  # here, not at the top: `symdp --help` must not load sympy
    try:
        return exact(sympy.Rational(text), name)
    except (TypeError, ValueError):
        from ..errors import ParameterError
        raise ParameterError(f"{name} must be a number (0.01, 1/100, 1e-5), got {text!r}") from None


def _bar(stream):
    """A one-line progress bar on `stream` (stderr)."""
    def show(fraction: float, message: str) -> None:
        width = 30
        done = int(round(width * min(max(fraction, 0.0), 1.0)))
        stream.write(f"\r[{'#' * done}{'.' * (width - done)}] {100 * fraction:5.1f}% {message:<40}")
        stream.flush()
    return show


def run(args: argparse.Namespace) -> int:
    from . import dpsgd_delta, dpsgd_epsilon
    q, sigma = _number(args.q, "q"), _number(args.sigma, "sigma")
    rtol = _number(args.rtol, "rtol")
    h = None if args.h is None else _number(args.h, "h")
    progress = None if args.quiet or args.json or not on_terminal(sys.stderr) else _bar(sys.stderr)
    try:
        if args.delta is not None:
            b = dpsgd_epsilon(q, sigma, args.steps, _number(args.delta, "delta"), rtol=rtol, h=h, progress=progress)
        else:
            b = dpsgd_delta(q, sigma, args.steps, _number(args.eps, "eps"), rtol=rtol, h=h, progress=progress)
    finally:
        if progress:
            sys.stderr.write("\n")
    if args.json:
        print(json.dumps({"q": str(q), "sigma": str(sigma), "steps": args.steps, **b.as_dict()}))
        return 0
    name = "epsilon" if b.quantity == "epsilon" else "delta"
    lower, upper = b.decimals(12)
    print(f"{name} in [{lower}, {upper}]  (relative width {float(b.relative_width):.2e}, "
          f"grid h = {b.h}, {b.bits}-bit masses, {b.seconds:.1f} s)")
    return 0
