"""The ``symdp`` command: eval, verify, figures, tables, compare.

Exit codes: 0 success; 1 a claim failed or an evaluation could not be completed; 2 the input was
refused (a bad option, a bad parameter, an expression outside the grammar). Errors are one line,
``symdp: error: ...``, never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import select
import sys
from typing import Callable, Sequence

from .errors import ParameterError, SymdpError, show

USAGE_ERROR = 2
RUN_ERROR = 1


class _Exit(Exception):
    def __init__(self, code: int, message: str):
        super().__init__(message)
        self.code = code


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="symdp", description=_TOP, epilog=_examples(
        ('symdp eval "gaussian(1).delta(1)" --digits 40', "a certified value"),
        ("symdp verify --paper tv-dp", "one paper's claims (all five: minutes)"),
        ("symdp tables check --sample 3", "the reference tables against the code"),
        ("symdp account dpsgd --q 0.01 --sigma 1 --steps 1000 --delta 1e-5", "a certified DP-SGD epsilon"),
        more="'symdp COMMAND --help' describes each command."))
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND", parser_class=_Parser)

    p = sub.add_parser(
        "eval", help="evaluate an expression and print its certified decimal",
        description="Evaluate EXPR exactly and print its certified decimal: an expression over symdp's public "
                    "API (pairs, guarantees, local, the calibrations and conversions) and sympy's elementary "
                    "functions. Integer division is exact (1/3 is one third) and 0.1 means 1/10. Anything "
                    "outside this grammar is refused before it runs; an evaluation stops after the time "
                    "limit (symdp.limits 'seconds', 60 s).",
        epilog=_examples(('symdp eval "gaussian(1).delta(1)" --digits 40', "δ(ε = 1) of N(0,1) vs N(1,1)"),
                         ('symdp eval "(randomized_response(log(2)) ** 10).delta(2*log(2))" --json', "exact"),
                         ('symdp eval "local.Channel([[1/2, 1/2], [1/10, 9/10]]).capacity()"', "bits")))
    p.add_argument("expr", metavar="EXPR", help="the expression (quote it for the shell)")
    p.add_argument("--digits", type=_integer("--digits", 1, 5000), default=30,
                   help="significant digits to certify, 1 to 5000 (default 30)")
    p.add_argument("--json", action="store_true", help="print a JSON object")
    p.set_defaults(run=_eval)

    p = sub.add_parser(
        "verify", help="run the claims in PATH and write a report", listing=_paper_keys,
        description="Run the claims in PATH (default: the five papers' claims shipped with symdp), show "
                    "progress, print a table and write a report (Markdown and JSON) to --out. Each claim "
                    "runs in its own process. All five papers take minutes (about 4 on an idle 2-core "
                    "machine, several times longer on a busy one); --paper KEY runs one paper.",
        epilog=_examples(("symdp verify --paper tv-dp", "one paper: reports/verify-tv-dp.md and .json"),
                         ("symdp verify", "every paper: reports/verify.md and verify.json"),
                         ("symdp verify my_proofs --paper my-paper", "your own claims"),
                         ("symdp verify --recheck", "replay the certificates of reports/verify.json")))
    p.add_argument("path", nargs="?", default=None, metavar="PATH",
                   help="a folder of claim modules (default: the papers' claims shipped with symdp)")
    p.add_argument("--paper", metavar="KEY", type=_key("--paper"),
                   help="only this paper's claims (keys listed below); report verify-KEY.md/.json")
    p.add_argument("--json", action="store_true", help="print the JSON report instead of the table")
    p.add_argument("--out", default="reports", metavar="DIR",
                   help="folder for verify.md/verify.json, under the current folder by default (reports/)")
    p.add_argument("--timeout", type=float, default=None, metavar="S", help="time limit per claim in seconds")
    p.add_argument("--recheck", action="store_true",
                   help="replay the proof certificates of the report in --out (written by an earlier 'symdp verify') "
                        "with independent checkers (z3 and cvc5 for SMT-LIB), without running the claims; writes "
                        "DIR/recheck.json; exit 1 unless every certificate agrees")
    p.set_defaults(run=_verify)

    p = sub.add_parser(
        "figures", help="reproduce the papers' figures as PNG files", listing=_figure_keys,
        description="Reproduce the figures of the papers as PNG files, with a captions file stating every "
                    "parameter a paper leaves open. Needs matplotlib (pip install 'symdp[plot]').",
        epilog=_examples(("symdp figures --paper lmidp --out figures/", "Figures 1-4 of one paper"),
                         ("symdp figures", "every paper's figures, into figures/")))
    p.add_argument("--paper", metavar="KEY", type=_key("--paper"),
                   help="only this paper's figures (keys listed below; default: every paper)")
    p.add_argument("--out", default="figures", metavar="DIR",
                   help="folder the PNG files and captions are written to (default: figures/ here)")
    p.set_defaults(run=_delegate("symdp.figures", "main", needs=lambda args: [("matplotlib", "plot")]))

    p = sub.add_parser(
        "tables", help="list, build or check the reference tables", listing=_table_names, intermixed=True,
        description="List, regenerate or check the certified reference tables that float accountants are "
                    "tested against. 'check' fails when a table and the code disagree or a file was edited.",
        epilog=_examples(("symdp tables list", "name, rows and title of every table"),
                         ("symdp tables check --sample 3", "hashes, specs and 3 recomputed rows per table"),
                         ("symdp tables build gaussian_delta --jobs 2", "regenerate one table into tables/")))
    p.add_argument("action", choices=("list", "build", "check"),
                   help="list: name, rows and title of every table; build: regenerate; check: compare with the code")
    p.add_argument("names", nargs="*", default=[], metavar="NAME|DIR", help="tables (listed below; default: all); for "
                                                               "check, first optionally the folder to check")
    p.add_argument("--jobs", type=_integer("--jobs", 1, 256), default=1, metavar="N", help="worker processes for build")
    p.add_argument("--sample", type=_integer("--sample", 1, 10 ** 9), default=None, metavar="N",
                   help="check: recompute a seeded random sample of N rows per table instead of all")
    p.add_argument("--seed", type=_integer("--seed", 0, 2 ** 63), default=0, help="seed of --sample (default 0)")
    p.add_argument("--scheduler", default=None, metavar="ADDRESS",
                   help="build on an existing Dask distributed cluster (extra 'dask')")
    p.add_argument("--dir", default=None, metavar="DIR",
                   help="the tables folder (build: default tables/ here; check: default the tables shipped with symdp)")
    p.set_defaults(run=_tables)

    p = sub.add_parser(
        "compare", help="run another DP library on the reference tables", listing=_libraries,
        description="Run another DP library on the reference tables and report its errors, "
                    "non-conservative results first (optional extra 'compare').",
        epilog=_examples(("symdp compare dp_accounting", "report in reports/compare/")))
    p.add_argument("name", metavar="NAME", help="the library (listed below)")
    p.add_argument("--out", default="reports/compare", metavar="DIR",
                   help="folder of the report (default: reports/compare/ here)")
    p.set_defaults(run=_delegate("symdp.compare", "main"))

    from .accounting.cli import add_parser as add_account
    add_account(sub)
    _document(sub)
    return parser


_TOP = ("Exact and certified differential-privacy mathematics: certified values, the machine-checked "
        "claims of five papers, and reference tables for float accountants.")

def _examples(*lines: tuple[str, str], more: str = "") -> str:
    """An argparse epilog: 'examples:' then one command per line with what it does."""
    width = max(len(command) for command, _ in lines)
    text = "examples:\n" + "\n".join(f"  {command:<{width}}  # {what}" for command, what in lines)
    return text + (f"\n\n{more}" if more else "")


#: Description and examples of the commands whose parsers are defined elsewhere (the accounting's
#: own module), used only where those parsers bring none.
_EXTERNAL = {
    "symdp account": ("Certified privacy accounting of composed mechanisms: a bracket [lower, upper] with exact "
                      "rational ends, the upper end the guarantee to report.",
                      (("symdp account dpsgd --q 0.01 --sigma 1 --steps 1000 --delta 1e-5", "epsilon bracket"),)),
    "symdp account dpsgd": ("DP-SGD: T Poisson-subsampled Gaussian steps (add/remove). Prints a certified bracket "
                            "[lower, upper]; the value to report is the upper end (a guarantee), the lower end "
                            "says how tight it is.",
                            (("symdp account dpsgd --q 0.01 --sigma 1 --steps 1000 --delta 1e-5", "epsilon bracket"),
                             ("symdp account dpsgd --q 0.01 --sigma 1 --steps 1000 --eps 1 --json", "delta bracket"),
                             ("symdp account dpsgd --sample-rate 0.05 --target-eps 2 --epochs 5 --delta 1e-5",
                              "calibrate sigma"))),
}


def _document(sub: argparse._SubParsersAction) -> None:
    """Give the parsers defined elsewhere (``symdp account``) a description and examples where
    they bring none, recursively."""
    for name, parser in sub.choices.items():
        description, examples = _EXTERNAL.get(parser.prog, (None, ()))
        if not parser.description and description:
            parser.description = description
        if not parser.epilog and examples:
            parser.epilog = _examples(*examples)
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                _document(action)


def _paper_keys() -> str:
    """The built-in paper keys, for ``symdp verify --help``."""
    from .verify.registry import PAPERS
    return "paper keys: " + ", ".join(PAPERS) + " (and any key your own claim modules register)"


def _figure_keys() -> str:
    """The papers with figures, for ``symdp figures --help`` (a light module: no plotting loaded)."""
    from .figures import MODULES
    return "paper keys: " + ", ".join(MODULES)


def _table_names() -> str:
    """The reference tables, for ``symdp tables --help``."""
    from .tables import SPECS
    return "tables: " + ", ".join(t.name for t in SPECS)


def _libraries() -> str:
    """The libraries ``symdp compare`` runs, for its ``--help``."""
    from .compare import ADAPTERS
    return "libraries: " + ", ".join(ADAPTERS)


def _integer(option: str, low: int, high: int) -> Callable[[str], int]:
    """An argparse type: an integer in [low, high], else a one-line error naming the option."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{option} must be an integer in [{low}, {high}], got {text!r}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{option} must be an integer in [{low}, {high}], got {value}")
        return value
    parse.__name__ = option  # argparse names the type in its message
    return parse


def _key(option: str) -> Callable[[str], str]:
    """An argparse type: a non-empty key (an empty --paper must not mean "every paper")."""
    def parse(text: str) -> str:
        if not text.strip():
            raise argparse.ArgumentTypeError(f"{option} must be a paper key, got an empty string")
        return text
    parse.__name__ = option
    return parse


class _Formatter(argparse.HelpFormatter):
    """argparse's formatter, except that an epilog of examples keeps its lines."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if text.startswith("examples:"):
            return "".join(indent + line for line in text.splitlines(keepends=True))
        return super()._fill_text(text, width, indent)


class _Parser(argparse.ArgumentParser):
    """argparse, with its errors on one line (no usage block) and exit code 2.

    ``listing`` is a function returning the valid values of the command's argument, printed at
    the end of its ``--help``; it is called only when the help is shown, so a command whose values
    live in a heavy module (``symdp compare``'s libraries) keeps ``symdp --help`` fast.
    ``intermixed`` lets positionals follow options (argparse's intermixed parse)."""

    def __init__(self, *args, listing: Callable[[], str] | None = None, intermixed: bool = False, **kwargs):
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)
        self._listing, self._intermixed, self._intermixing = listing, intermixed, False

    def parse_known_args(self, args=None, namespace=None):
        # With `intermixed`, positionals may follow options ('symdp tables check --sample 3 NAME'):
        # argparse fills a '*' positional with nothing at its first chance and then rejects the
        # NAME. The intermixed parse (which calls back here, hence the flag) does not.
        if not self._intermixed or self._intermixing:
            return super().parse_known_args(args, namespace)
        self._intermixing = True
        try:
            return self.parse_known_intermixed_args(args, namespace)
        finally:
            self._intermixing = False

    def format_help(self) -> str:
        text = super().format_help()
        if self._listing is None:
            return text
        import textwrap
        return f"{text}\n{textwrap.fill(self._listing(), width=100, subsequent_indent='  ')}\n"

    def error(self, message: str):
        # self.prog is the whole command ('symdp account dpsgd'), whatever the nesting
        if message.startswith("unrecognized arguments"):  # say which options there are
            options = [a.option_strings[-1] for a in self._actions if a.option_strings and a.dest != "help"]
            if options:
                message += f"; the options of '{self.prog}' are: {', '.join(options)}"
        raise _Exit(USAGE_ERROR, f"{message} (see '{self.prog} --help')")


def _expression_first(argv: list[str]) -> list[str]:
    """``symdp eval -log(1/2)``: an EXPR that starts with '-' is not an option. Put it after
    ``--`` so argparse reads it as the expression."""
    if not argv or argv[0] != "eval":
        return argv
    options, rest, i = [], [], 1
    while i < len(argv):
        a = argv[i]
        if a == "--":
            rest.extend(argv[i + 1:])
            break
        if a in ("--json", "-h", "--help") or a.startswith("--digits="):
            options.append(a)
        elif a == "--digits" and i + 1 < len(argv):
            options += [a, argv[i + 1]]
            i += 1
        else:
            rest.append(a)
        i += 1
    return ["eval", *options, "--", *rest]


def _parse(parser: argparse.ArgumentParser, argv: list[str]) -> argparse.Namespace:
    """parse_args, except that an argument no parser knows is refused by the subcommand it was
    given to (argparse leaves them to the top-level parser, which pointed 'symdp figures --bogus'
    to 'symdp --help')."""
    args, extra = parser.parse_known_args(argv)
    if extra:
        _innermost(parser, args).error(f"unrecognized arguments: {' '.join(extra)}")
    return args


def _innermost(parser: argparse.ArgumentParser, args: argparse.Namespace) -> argparse.ArgumentParser:
    """The deepest subcommand parser `args` went through."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            chosen = action.choices.get(getattr(args, action.dest, None) or "")
            if chosen is not None:
                return _innermost(chosen, args)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``symdp`` command line; return the exit code. Every error is one line."""
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        args = _parse(_parser(), _expression_first(argv))
        code = int(args.run(args) or 0)
        sys.stdout.flush()  # now, not at exit: a reader that went away (`| head`) is handled below
        return code
    except _Exit as err:
        return _fail(err.code, str(err))
    except ParameterError as err:
        return _fail(USAGE_ERROR, str(err))
    except SymdpError as err:
        return _fail(RUN_ERROR, str(err))
    except KeyboardInterrupt:
        return _fail(130, "interrupted")
    except RecursionError:
        return _fail(RUN_ERROR, "the input is nested too deeply to evaluate")
    except MemoryError:
        return _fail(RUN_ERROR, "out of memory; lower the size of the computation (see symdp.limits)")
    except BrokenPipeError as err:
        if _stdout_gone():
            return _stdout_closed()
        return _fail(RUN_ERROR, f"internal error ({type(err).__name__}: {_message(err)}); please report it")
    except OSError as err:  # a path the system refuses (too long, not a folder, no permission): not a bug
        where = f": {show(err.filename, 100)}" if err.filename else ""
        return _fail(RUN_ERROR, f"{err.strerror}{where}" if err.strerror else f"{type(err).__name__}: {err}")
    except Exception as err:  # a bug in symdp: still one line, naming the error, never a traceback
        return _fail(RUN_ERROR, f"internal error ({type(err).__name__}: {_message(err)}); please report it")


#: The exit status of a command whose reader went away: 128 + SIGPIPE, as the shell reports it
#: for ``yes | head -c 1``.
BROKEN_PIPE = 141


def _stdout_gone() -> bool:
    """Whether stdout is a pipe whose reader has closed it (``symdp … | head``), as opposed to
    another pipe breaking inside symdp (a worker process), which is a bug to report. poll reports
    an error on the write end of a pipe with no reader; without poll (Windows) a broken pipe is
    taken to be stdout's."""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, ValueError, OSError):  # replaced by a non-file object (a test's capture)
        return False
    if not hasattr(select, "poll"):
        return True
    poller = select.poll()
    poller.register(fd, 0)  # errors and hang-ups are reported whatever the mask
    return any(events & (select.POLLERR | select.POLLHUP) for _, events in poller.poll(0))


def _stdout_closed() -> int:
    """End quietly, as Unix tools do when their reader stops early: no message, and stdout
    pointed at devnull so that the interpreter's last flush does not fail again (the Python
    documentation's recipe, in the notes on SIGPIPE)."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)
    return BROKEN_PIPE


def _message(err: BaseException) -> str:
    text = " ".join(str(err).split())
    return text if len(text) <= 300 else text[:297] + "..."


def _fail(code: int, message: str) -> int:
    print(f"symdp: error: {_message(message)}", file=sys.stderr)
    return code


# --------------------------------------------------------------------------------------------
# eval


def _eval(args: argparse.Namespace) -> int:
    from . import limits
    from .evaluator import RefusedExpression, compute, time_limit
    try:
        # One time limit for the whole command: the expression builds lazy values, and most of
        # the work is their certification (a subsampled-Gaussian integral ran past 150 s after it).
        with limits.progress(limits.reporter("symdp eval")), time_limit(limits.get("seconds")):
            value = compute(args.expr, seconds=float("inf"))
            results = ([_describe(v, args.digits) for v in value] if isinstance(value, (list, tuple))
                       else _describe(value, args.digits))
    except (RefusedExpression, ParameterError) as err:
        raise _Exit(USAGE_ERROR, str(err)) from None
    except (SymdpError, _Exit, KeyboardInterrupt, RecursionError, MemoryError):
        raise
    except (TypeError, ValueError, AttributeError, ZeroDivisionError, ArithmeticError) as err:
        # a call that does not fit its function (wrong argument count or type): the user's input
        raise _Exit(USAGE_ERROR, f"cannot evaluate {args.expr!r}: {type(err).__name__}: {_message(err)}") from None
    if args.json:
        if isinstance(results, list):
            items = [{"expr": f"{args.expr}[{i}]", **r} for i, r in enumerate(results)]
            print(json.dumps(items, ensure_ascii=False))
        else:
            print(json.dumps({"expr": args.expr, **results}, ensure_ascii=False))
    else:
        for r in results if isinstance(results, list) else [results]:
            print(r["decimal"] if r["decimal"] is not None else r["exact"] if r["exact"] is not None else r["value"])
    return 0


def _describe(value: object, digits: int) -> dict:
    """The JSON object of one value: exact form and certified decimal where there is one. A
    rational (a Fraction from :func:`symdp.evaluator.compute`) is written exactly, without sympy."""
    from fractions import Fraction
    if isinstance(value, Fraction):
        from flint import fmpq
        from .numerics.decimals import rational_decimal
        decimal, lower, upper = rational_decimal(fmpq(value.numerator, value.denominator), digits)
        return {"exact": _text(value), "decimal": decimal, "digits": digits, "lower": lower, "upper": upper}
    import sympy
    from .numbers import Certified, Real, certify
    empty = {"exact": None, "decimal": None, "digits": digits, "lower": None, "upper": None}
    if isinstance(value, Certified):
        return value.as_dict()
    if isinstance(value, (int, Real, sympy.Basic)) and not isinstance(value, bool):
        expr = value if isinstance(value, Real) else sympy.sympify(value)
        if isinstance(expr, sympy.Basic) and (expr.free_symbols or not expr.is_number):
            return {**empty, "exact": _text(expr)}
        if isinstance(expr, sympy.Basic) and expr.has(sympy.nan, sympy.zoo):
            raise _Exit(RUN_ERROR, f"the value is undefined ({expr}): a division by zero or an indeterminate form")
        if isinstance(expr, sympy.Basic) and expr in (sympy.oo, -sympy.oo):  # structural: is_infinite evaluates towers
            return {**empty, "exact": _text(expr)}
        c = certify(expr, digits)
        return {"exact": _text(c.exact), "decimal": c.decimal, "digits": c.digits, "lower": c.lower, "upper": c.upper}
    from .evaluator import evaluated
    return {**empty, "value": _text(evaluated(value))}


def _text(value: object) -> str | None:
    """`value` as text; None when it cannot be printed (an integer beyond Python's digit limit)."""
    if value is None:
        return None
    try:
        return str(value)
    except ValueError:
        return None


# --------------------------------------------------------------------------------------------
# verify


def _verify(args: argparse.Namespace) -> int:
    from .verify import load_claims, report, run_claims
    from .verify.registry import default_claims_path
    from .verify.runner import TIMEOUT, expected_seconds, load_error_reports
    if args.timeout is not None and not args.timeout > 0:
        raise ParameterError(f"--timeout must be > 0 seconds, got {args.timeout}")
    if args.recheck:
        return _recheck(args)
    path = default_claims_path() if args.path is None else args.path
    timeout = args.timeout or TIMEOUT
    terminal = sys.stderr.isatty()
    if terminal:
        print(f"symdp verify: loading the claims of {path} ...", file=sys.stderr, flush=True)
    # first: a claim module may register its own paper key; each module is imported in a child
    registry = load_claims(path, timeout=timeout)
    specs = registry.select(args.paper)
    if not specs and not registry.load_errors:
        which = f" for paper {args.paper!r}" if args.paper else ""
        raise _Exit(USAGE_ERROR, f"no claims found in {path}{which}")
    previous, source = report.previous_seconds(args.out, args.paper)
    expected = expected_seconds(specs, previous)
    if terminal:
        print(_verify_plan(specs, sum(expected.values()), source, args.paper), file=sys.stderr, flush=True)
    reports = load_error_reports(registry) + run_claims(specs, timeout=timeout, expected=expected)
    # The results are printed before any file is written: a run is never lost to a report error.
    if args.json:
        print(json.dumps(report.to_json(reports), indent=2, ensure_ascii=False))
    else:
        print(report.table(reports))
    written, where_asked = _write_report(reports, args.out, args.paper)
    if where_asked and not args.json:
        pages = [p for p in written if p.name == "index.html"]
        print(f"report: {', '.join(str(p) for p in written[:2])}" + (f"; web pages: {pages[0]}" if pages else ""))
    return RUN_ERROR if not where_asked or any(not r.passed for r in reports) else 0


def _verify_plan(specs: list, seconds: float, source: str | None, paper: str | None) -> str:
    """The line a terminal sees before the run: how many claims, about how long, and how to run
    fewer."""
    from .verify.runner import duration
    basis = f"from the claims' times in {source}" if source else "from an average per claim; no earlier report"
    papers = list(dict.fromkeys(s.paper for s in specs))
    fewer = "" if paper or len(papers) < 2 else f"; --paper KEY runs one paper ({', '.join(papers)})"
    return f"symdp verify: {len(specs)} claims, about {duration(seconds)} ({basis}){fewer}"


def _write_report(reports: list, out: str, paper: str | None) -> tuple[list, bool]:
    """Write the report into `out`; if that fails (a file where the folder should be, no
    permission, a full disk), into a new temporary folder instead, and say both on stderr.
    Returns the files written (empty when neither place took them) and whether `out` did."""
    import tempfile
    from .verify import report
    try:
        return report.write(reports, out, paper=paper), True
    except OSError as err:
        failure = f"could not write the report to {out}/ ({type(err).__name__}: {_message(err)})"
    try:
        written = report.write(reports, tempfile.mkdtemp(prefix="symdp-verify-"), paper=paper)
    except OSError as err:
        print(f"symdp: error: {failure}, nor to a temporary folder ({_message(err)}); "
              "the results above are complete", file=sys.stderr)
        return [], False
    print(f"symdp: error: {failure}; wrote it to {written[0].parent}/ instead", file=sys.stderr)
    return written, False


#: The largest report ``--recheck`` reads (the five papers' full report has about 10 MB).
MAX_REPORT_BYTES = 256 << 20


def _recheck(args: argparse.Namespace) -> int:
    """Replay the report's certificates with the re-checker alone: a fresh interpreter that
    imports nothing of symdp (``python -I symdp/verify/recheck REPORT --out DIR``), so no prover
    code is loaded where the certificates are judged. Exit 0 only when every certificate agrees."""
    import subprocess
    from pathlib import Path
    from .io.files import FileRefused, read_regular
    folder = Path(args.out)
    files = ([folder / f"verify-{args.paper}.json"] if args.paper else []) + [folder / "verify.json"]
    found = next((f for f in files if f.is_file()), None)
    if found is None:
        raise _Exit(USAGE_ERROR, f"no report to recheck in {folder}/ ({', '.join(f.name for f in files)}); "
                                 "run 'symdp verify' first (with the same --out and --paper)")
    try:
        read_regular(found, MAX_REPORT_BYTES, "the report")
    except FileRefused as err:
        raise _Exit(USAGE_ERROR, str(err)) from None
    package = Path(__file__).resolve().parent / "verify" / "recheck"
    command = [sys.executable, "-I", str(package), str(found), "--out", str(folder)]
    command += (["--json"] if args.json else []) + (["--paper", args.paper] if args.paper else [])
    if not args.json:
        print(f"rechecking {found}", flush=True)
    # on a terminal the child's progress and messages go straight there; otherwise they are read
    # back, so that a refusal is this command's one-line error
    live = sys.stderr.isatty()
    done = subprocess.run(command, stdout=subprocess.PIPE, stderr=None if live else subprocess.PIPE, text=True)
    if done.returncode == USAGE_ERROR:
        message = (done.stderr or "").strip().splitlines()
        raise _Exit(USAGE_ERROR, message[-1].removeprefix("recheck: error: ") if message else "the re-check refused the report")
    print(done.stdout, end="")
    if done.stderr:
        print(done.stderr, end="", file=sys.stderr)
    _refresh_blueprint(folder)
    return done.returncode


def _refresh_blueprint(folder) -> None:
    """Rewrite the blueprint pages of `folder` so that they show the recheck's verdicts
    (``recheck.json``); a folder that takes no files keeps its pages, with one line on stderr."""
    from .verify import blueprint
    try:
        blueprint.write(folder)
    except OSError as err:
        print(f"symdp: could not refresh the blueprint pages in {folder}/ ({type(err).__name__}: {_message(err)})",
              file=sys.stderr)


# --------------------------------------------------------------------------------------------
# tables


def _tables(args: argparse.Namespace) -> int:
    """Delegate to :func:`symdp.tables.cli` once every NAME is a known table."""
    import difflib
    from pathlib import Path
    try:
        specs = getattr(importlib.import_module("symdp.tables"), "SPECS", None)
    except ImportError:  # the delegate names what is missing
        specs = None
    if specs is None:
        return _tables_delegate(args)
    known = [t.name for t in specs]
    names = list(args.names)
    if args.action == "check" and names and (Path(names[0]).is_dir() or "/" in names[0]):
        if not Path(names[0]).is_dir():
            raise _Exit(USAGE_ERROR, f"DIR must be a folder of tables (a MANIFEST.json and its tables), got {names[0]!r} "
                                     "(not a folder)")
        names = names[1:]
    for name in names:
        if name not in known:
            close = difflib.get_close_matches(name, known, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise _Exit(USAGE_ERROR, f"unknown table {name!r}{hint}; the tables are: {', '.join(sorted(known))}")
    return _tables_delegate(args)


# --------------------------------------------------------------------------------------------
# commands implemented elsewhere


def _delegate(module: str, function: str,
              needs: Callable[[argparse.Namespace], list[tuple[str, str]]] = lambda args: []
              ) -> Callable[[argparse.Namespace], int]:
    """Run ``module.function(args)``; first make sure the optional packages `needs(args)` names
    (``(import name, extra)`` pairs) import, so that a missing extra stops the command before
    anything is written."""
    def run(args: argparse.Namespace) -> int:
        for package, extra in needs(args):
            _require(package, extra, args)
        try:
            mod = importlib.import_module(module)
        except ImportError as err:
            missing = module if getattr(err, "name", None) == module else f"{module} needs {err.name or err}"
            raise _Exit(USAGE_ERROR, f"'symdp {args.command}' is not available: {missing}") from None
        return getattr(mod, function)(args)
    return run


_tables_delegate = _delegate("symdp.tables", "cli",
                             needs=lambda args: [("distributed", "dask")] if args.scheduler else [])


def _require(package: str, extra: str, args: argparse.Namespace) -> None:
    try:
        importlib.import_module(package)
    except ImportError:
        what = f"'symdp {args.command}" + (" --scheduler'" if extra == "dask" else "'")
        raise _Exit(USAGE_ERROR, f"{what} needs {package}, from the extra '{extra}': "
                                 f"pip install 'symdp[{extra}]'") from None


if __name__ == "__main__":
    sys.exit(main())
