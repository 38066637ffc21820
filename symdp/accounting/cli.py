"""``symdp account dpsgd``: the certified ε (or δ) bracket of DP-SGD on the command line.

One setting (``--q``, ``--sigma``, ``--steps``), or a schedule of phases (``--schedule FILE``: one
row per phase, q, sigma, steps, as CSV with that header or as JSON, a list of objects with those
keys or of [q, sigma, steps] triples)."""

from __future__ import annotations

import argparse
import json
import sys

from ..errors import ParameterError
from ..limits import on_terminal

__all__ = ["add_parser", "run"]


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register ``account`` (with its one mechanism, ``dpsgd``) on the main parser."""
    p = sub.add_parser("account", help="certified privacy accounting of composed mechanisms")
    kinds = p.add_subparsers(dest="mechanism", required=True, metavar="MECHANISM")
    d = kinds.add_parser("dpsgd", help="DP-SGD: T Poisson-subsampled Gaussian steps (add/remove)",
                         description="Prints a certified bracket [lower, upper]; the value to report is the "
                                     "upper end (a guarantee), the lower end says how tight it is.")
    d.add_argument("--q", "--sample-rate", dest="q",
                   help="sampling rate q in (0, 1] (exact: 0.01, 1/100); Opacus's sample_rate")
    noise = d.add_mutually_exclusive_group()
    noise.add_argument("--sigma", help="noise multiplier σ > 0")
    noise.add_argument("--target-eps", help="calibrate: the near-least σ whose certified ε (at --delta) is ≤ this")
    length = d.add_mutually_exclusive_group()
    length.add_argument("--steps", type=_step_count, help="number of steps T ≥ 1")
    length.add_argument("--epochs", help="number of epochs E: T = ⌈E/q⌉ steps")
    d.add_argument("--schedule", metavar="FILE",
                   help="instead of --q, --sigma and --steps: a schedule of phases, one row per phase "
                        "(q, sigma, steps), as CSV with that header or as JSON")
    target = d.add_mutually_exclusive_group(required=True)
    target.add_argument("--delta", help="print the ε bracket at this δ")
    target.add_argument("--eps", help="print the δ bracket at this ε")
    d.add_argument("--per-epoch", action="store_true",
                   help="with --epochs and --delta: the ε bracket after each epoch (one pass)")
    d.add_argument("--rtol", default="1/100", help="relative width asked for (default 1/100); with --target-eps, "
                                                   "σ is within a factor 1/(1 − rtol) of the least σ")
    d.add_argument("--h", default=None, help="a fixed loss grid width (skips the refinement)")
    d.add_argument("--json", action="store_true", help="print a JSON object")
    d.add_argument("--quiet", action="store_true", help="no progress bar")
    d.set_defaults(parser=d)
    p.set_defaults(run=run)


def _step_count(text: str) -> int:
    """An argparse type: an integer (the accountant checks its range, [1, 10^7])."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"--steps must be an integer in [1, 10^7], got {text!r}") from None


def _number(text: str, name: str):
    """Exact value of a command-line number: decimals as written, fractions as fractions."""
    import sympy
    from ..numbers import exact  # here, not at the top: `symdp --help` must not load sympy
    try:
        return exact(sympy.Rational(text), name)
    except (TypeError, ValueError, ZeroDivisionError):  # "1/0": a fraction with a zero denominator
        allowed = _RANGES.get(name.rsplit(": ", 1)[-1], "")
        raise ParameterError(f"{name} must be a number{allowed} (0.01, 1/100, 1e-5), got {text!r}") from None


#: The ranges the accountant takes (symdp.accounting.api), for the message on text that is no number.
_RANGES = {"q": " in [1e-6, 1]", "sigma": " in [0.3, 100]", "delta": " in [1e-30, 1)", "eps": " in [0, 100]",
           "target-eps": " in (0, 100]", "rtol": " in (0, 1)", "h": " in [1e-12, 1/4]", "epochs": " > 0"}


def _bar(stream):
    """A one-line progress bar on `stream` (stderr)."""
    def show(fraction: float, message: str) -> None:
        width = 30
        done = int(round(width * min(max(fraction, 0.0), 1.0)))
        stream.write(f"\r[{'#' * done}{'.' * (width - done)}] {100 * fraction:5.1f}% {message:<40}")
        stream.flush()
    return show


def _steps(args: argparse.Namespace, q) -> int:
    from .training import epochs_to_steps
    return args.steps if args.epochs is None else epochs_to_steps(_number(args.epochs, "epochs"), q)


def _check_arguments(args: argparse.Namespace) -> None:
    """One setting or a schedule, each with what it needs (argparse's groups cannot say it)."""
    if args.schedule is not None:
        given = [name for name, value in (("--q", args.q), ("--sigma", args.sigma), ("--target-eps", args.target_eps),
                                          ("--steps", args.steps), ("--epochs", args.epochs),
                                          ("--per-epoch", args.per_epoch or None)) if value is not None]
        if given:
            args.parser.error(f"argument --schedule: not allowed with {', '.join(given)} (the schedule gives them)")
        return
    missing = [name for name, value in (("--q/--sample-rate", args.q), ("--sigma/--target-eps", args.sigma or args.target_eps),
                                        ("--steps/--epochs", args.steps if args.steps is not None else args.epochs))
               if value is None]
    if missing:
        args.parser.error(f"the following arguments are required: {', '.join(missing)} (or --schedule FILE)")


def run(args: argparse.Namespace) -> int:
    _check_arguments(args)
    rtol = _number(args.rtol, "rtol")
    h = None if args.h is None else _number(args.h, "h")
    if args.schedule is not None:
        return _schedule(args, rtol, h)
    q = _number(args.q, "q")
    steps = _steps(args, q)
    if args.target_eps is not None and args.delta is None:
        raise ParameterError("--target-eps needs --delta (σ is calibrated for (eps, delta)-DP)")
    if args.target_eps is not None and h is not None:
        raise ParameterError("--h cannot be used with --target-eps (each bracket of the search refines its own grid)")
    if args.per_epoch and (args.epochs is None or args.delta is None or args.target_eps is not None):
        raise ParameterError("--per-epoch needs --epochs, --sigma and --delta")
    if args.target_eps is not None:
        return _calibrate(args, q, steps, rtol)
    if args.per_epoch:
        return _per_epoch(args, q, rtol, h)
    return _bracket(args, q, steps, rtol, h)


def _bracket(args: argparse.Namespace, q, steps: int, rtol, h) -> int:
    from . import dpsgd_delta, dpsgd_epsilon
    sigma = _number(args.sigma, "sigma")
    progress = None if args.quiet or args.json or not on_terminal(sys.stderr) else _bar(sys.stderr)
    try:
        if args.delta is not None:
            b = dpsgd_epsilon(q, sigma, steps, _number(args.delta, "delta"), rtol=rtol, h=h, progress=progress)
        else:
            b = dpsgd_delta(q, sigma, steps, _number(args.eps, "eps"), rtol=rtol, h=h, progress=progress)
    finally:
        if progress:
            sys.stderr.write("\n")
    if args.json:
        print(json.dumps({"q": str(q), "sigma": str(sigma), "steps": steps, "report": "upper", **b.as_dict()}))
        return 0
    print(_line(b, steps))
    return 0


#: The largest schedule file read (a phase is one short line).
MAX_SCHEDULE_BYTES = 1 << 20


def read_schedule(path: str) -> list[tuple[object, object, int]]:
    """The phases (q, sigma, steps) of a schedule file: CSV with the header q,sigma,steps, or
    JSON (a list of {"q", "sigma", "steps"} objects or of [q, sigma, steps] triples). Numbers
    are exact as written (0.01 is 1/100); a bad file or row is a one-line ParameterError
    naming the file, the row and the field."""
    import csv
    from .api import dpsgd_pair
    from ..io.files import FileRefused, read_regular
    try:  # a regular file of bounded size only: a link to /dev/zero would be read without end, a FIFO block
        text = read_regular(path, MAX_SCHEDULE_BYTES, "--schedule").decode("utf-8")
    except FileRefused as err:
        raise ParameterError(str(err)) from None
    except (OSError, UnicodeDecodeError) as err:
        raise ParameterError(f"--schedule {path}: cannot read it ({err.__class__.__name__}: {err})") from None
    rows: list
    if text.lstrip().startswith(("[", "{")):
        try:
            rows = json.loads(text)
        except (ValueError, RecursionError) as err:  # also an integer beyond 4300 digits, brackets nested too deep
            raise ParameterError(f"--schedule {path}: not valid JSON ({type(err).__name__}: {str(err)[:120]})") from None
        if not isinstance(rows, list):
            raise ParameterError(f"--schedule {path}: the JSON must be a list of phases, got {type(rows).__name__}")
    else:
        reader = csv.reader(line for line in text.splitlines() if line.strip() and not line.startswith("#"))
        try:  # csv.Error: a field beyond csv's limit (131 072 characters), a NUL byte
            header = [c.strip().lower() for c in next(reader, [])]
            if header != ["q", "sigma", "steps"]:
                raise ParameterError(f"--schedule {path}: the CSV must start with the header q,sigma,steps, "
                                     f"got {','.join(header)!r}")
            rows = [dict(zip(header, (c.strip() for c in row))) | {"_width": len(row)} for row in reader]
        except csv.Error as err:
            raise ParameterError(f"--schedule {path}: not a CSV schedule (line {reader.line_num}: {err})") from None
    phases = []
    for i, row in enumerate(rows, start=1):
        where = f"--schedule {path}, phase {i}"
        if isinstance(row, dict):
            if row.pop("_width", 3) != 3 or set(row) != {"q", "sigma", "steps"}:
                raise ParameterError(f"{where}: needs exactly q, sigma and steps, got {sorted(k for k in row)}")
            q, sigma, steps = row["q"], row["sigma"], row["steps"]
        elif isinstance(row, list) and len(row) == 3:
            q, sigma, steps = row
        else:
            raise ParameterError(f"{where}: must be (q, sigma, steps), got {row!r}")
        if isinstance(steps, str) and steps.strip().isdigit():
            steps = int(steps)
        if isinstance(steps, bool) or not isinstance(steps, int) or steps < 1:
            raise ParameterError(f"{where}: steps must be an integer ≥ 1, got {steps!r}")
        phase = (_number(str(q), f"{where}: q"), _number(str(sigma), f"{where}: sigma"), steps)
        try:
            dpsgd_pair(phase[0], phase[1])  # q and σ in the supported range, said with the row
        except ParameterError as err:
            raise ParameterError(f"{where}: {err}") from None
        phases.append(phase)
    if not phases:
        raise ParameterError(f"--schedule {path}: no phases")
    return phases


def _schedule(args: argparse.Namespace, rtol, h) -> int:
    from .api import dpsgd_delta_schedule, dpsgd_epsilon_schedule, dpsgd_schedule
    phases = read_schedule(args.schedule)
    parts = dpsgd_schedule(phases)  # validates every phase before any work (one-line errors)
    steps = sum(k for _, k in parts)
    progress = None if args.quiet or args.json or not on_terminal(sys.stderr) else _bar(sys.stderr)
    try:
        if args.delta is not None:
            b = dpsgd_epsilon_schedule(phases, _number(args.delta, "delta"), rtol=rtol, h=h, progress=progress)
        else:
            b = dpsgd_delta_schedule(phases, _number(args.eps, "eps"), rtol=rtol, h=h, progress=progress)
    finally:
        if progress:
            sys.stderr.write("\n")
    if args.json:
        print(json.dumps({"schedule": args.schedule, "phases": len(phases), "distinct_steps": len(parts),
                          "steps": steps, "report": "upper", **b.as_dict()}))
        return 0
    print(f"{_line(b, steps)}  [{len(phases)} phases, {len(parts)} distinct steps]")
    return 0


def _line(b, steps: int) -> str:
    """One bracket as the line the user reads: which end to report first."""
    name = "epsilon" if b.quantity == "epsilon" else "delta"
    lower, upper = b.decimals(12)
    return (f"{name} <= {upper}  (report this upper end; certified bracket [{lower}, {upper}], "
            f"relative width {float(b.relative_width):.2e}, {steps} steps, grid h = {b.h}, {b.seconds:.1f} s)")


def _per_epoch(args: argparse.Namespace, q, rtol, h) -> int:
    from .training import dpsgd_epsilon_trajectory, steps_per_epoch
    sigma, delta = _number(args.sigma, "sigma"), _number(args.delta, "delta")
    epochs = _number(args.epochs, "epochs")
    if not epochs.is_Integer:
        raise ParameterError(f"--per-epoch needs a whole number of epochs, got {epochs}")
    counts = steps_per_epoch(int(epochs), q)
    brackets = dpsgd_epsilon_trajectory(q, sigma, counts, delta, rtol=rtol, h=h)
    if args.json:
        print(json.dumps({"q": str(q), "sigma": str(sigma), "delta": str(delta), "report": "upper",
                          "epochs": [{"epoch": i + 1, "steps": t, **b.as_dict()}
                                     for i, (t, b) in enumerate(zip(counts, brackets))]}))
        return 0
    for i, (t, b) in enumerate(zip(counts, brackets)):
        print(f"epoch {i + 1}: {_line(b, t)}")
    return 0


def _calibrate(args: argparse.Namespace, q, steps: int, rtol) -> int:
    from .calibrate import dpsgd_sigma
    c = dpsgd_sigma(q, steps, _number(args.target_eps, "target-eps"), _number(args.delta, "delta"), rtol=rtol,
                    progress=False if args.quiet or args.json else None)
    if args.json:
        print(json.dumps({"q": str(q), "steps": steps, "sigma": str(c.sigma), "sigma_float": float(c),
                          "eps": str(c.eps), "delta": str(c.delta), "rtol": str(c.rtol),
                          "at_sigma": c.at_sigma.as_dict(), "below": c.below.as_dict(),
                          "seconds": round(c.seconds, 3)}))
        return 0
    upper = c.at_sigma.decimals(12)[1]
    lower = c.below.decimals(12)[0]
    print(f"sigma = {c.sigma} (= {float(c):.10g}): epsilon <= {upper} <= {c.eps} at delta = {c.delta}, {steps} steps "
          f"(report this sigma; near-minimal: at sigma*(1 - {c.rtol}) epsilon >= {lower} > {c.eps}; {c.seconds:.1f} s)")
    return 0
