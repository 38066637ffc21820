"""The resource budget: every computation of symdp that can grow is checked against it first.

A computation estimates its cost (points of a lattice, bits of an exact rational, working
precision, nesting depth) *before* it asks for the memory, and raises
:class:`~symdp.errors.ResourceLimitError` when the estimate exceeds the budget. The message names
the limit, the estimate and how to raise the limit. The defaults keep one call under about 2 GB
and 60 s on a small (2-core) machine:

=======================  =============  =========================================================
limit                    default        what it bounds
=======================  =============  =========================================================
``lattice_points``       2 000 000      likelihood ratios of a composed pair (polynomial length)
``lattice_bits``         2**32          total bits of a composed lattice's exact integer masses
``rational_bits``        2**24          bits of one exact rational (numerator or denominator)
``parameter_bits``       2048           bits of a parameter's rationals (10^±400 and every double fit)
``binomial_n``           10**6          n of an exact binomial coefficient C(n, k)
``composition_terms``    1 000 000      terms of a closed-form composition sum (Laplace exact: k²/2; by
                                        continuous components: levels × atoms, 5.8·10⁵ at k = 10⁴)
``lattice_work``         2**38          bit operations of a certified composition whose masses span more
                                        orders of magnitude than the precision (points² · max(bits, 8192))
``outcomes``             100 000        outcomes materialised as sympy numbers (``pair.p``)
``expression_depth``     100            nesting depth of an expression (evaluator, sympy tree)
``max_prec``             2**18          working precision (bits) of any certification loop
``value_nodes``          20 000         nodes of one intermediate value of ``symdp eval`` (shared subtrees
                                        counted every time they occur)
``function_nesting``     8              functions nested in one intermediate value of ``symdp eval``
                                        (sympy redoes each level at a higher precision: 18 took 100 s)
``memory``               2**31          bytes a claim's child process may add to its address space
                                        (``symdp verify``; beyond it the claim fails, the run goes on)
``seconds``              60             seconds of wall time one computation may spend, measured as it
                                        runs (``symdp eval``; a channel's capacity, over all its balls)
=======================  =============  =========================================================

Raise a limit for one block with ``with symdp.limits.raised(lattice_points=10**7): ...``, or
for the process with ``symdp.limits.set(lattice_points=10**7)``. Every check goes through
:func:`check`, so other modules (an LP, channel capacity, accounting) use the same budget by
calling :func:`check_size`, :func:`check_bits` or :func:`check` with a limit name.

Long computations report their progress through :func:`report`; a caller listens with
``with symdp.limits.progress(callback): ...`` (``callback(done, total)``), and the command line
draws a bar on stderr (:func:`reporter`).
"""

from __future__ import annotations

import sys
import time
from contextlib import contextmanager
from typing import Callable, Iterator

from .errors import ResourceLimitError

__all__ = ["DEFAULTS", "get", "set", "raised", "check", "check_size", "check_bits", "check_prec",
           "Stopwatch", "ResourceLimitError", "Progress", "progress", "report", "reporter", "on_terminal"]

#: The documented defaults (see the module docstring).
DEFAULTS: dict[str, int] = {
    "lattice_points": 2_000_000,
    "lattice_bits": 1 << 32,
    "rational_bits": 1 << 24,
    "parameter_bits": 2048,
    "binomial_n": 10 ** 6,
    "composition_terms": 1_000_000,
    "outcomes": 100_000,
    "lattice_work": 1 << 38,
    "expression_depth": 100,
    "max_prec": 1 << 18,
    "value_nodes": 20_000,
    "function_nesting": 8,
    "memory": 2 << 30,
    "seconds": 60,
}

_current: dict[str, int] = dict(DEFAULTS)

Progress = Callable[[int, int], None]


def get(name: str) -> int:
    """The current value of the limit `name`."""
    try:
        return _current[name]
    except KeyError:
        raise KeyError(f"unknown limit {name!r}; the limits are {', '.join(sorted(_current))}") from None


def set(**limits: int) -> None:  # noqa: A001 - the natural name, as in ``limits.set(...)``
    """Set limits for the rest of the process (``symdp.limits.set(lattice_points=10**7)``)."""
    for name, value in limits.items():
        get(name)
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise ValueError(f"the limit {name} must be a positive integer, got {value!r}")
    _current.update(limits)


@contextmanager
def raised(**limits: int) -> Iterator[None]:
    """Change limits inside a ``with`` block only, restoring them after."""
    saved = dict(_current)
    set(**limits)
    try:
        yield
    finally:
        _current.clear()
        _current.update(saved)


def check(name: str, needed: int, what: str) -> None:
    """Raise :class:`ResourceLimitError` when `needed` exceeds the limit `name`.

    `what` describes the computation in the user's terms ("the 10000-fold composition ...").
    """
    limit = get(name)
    if needed > limit:
        raise ResourceLimitError(
            f"{what} needs {_amount(needed)} {_UNITS.get(name, '')}, beyond the limit {name} = {_amount(limit)}; "
            f"raise it with symdp.limits.set({name}=...) if the machine has the memory and time".replace("  ", " "))


def check_size(needed: int, what: str, name: str = "lattice_points") -> None:
    """A size (number of points, terms, entries) against the limit `name`."""
    check(name, needed, what)


def check_bits(needed: int, what: str, name: str = "rational_bits") -> None:
    """A number of bits (of an exact integer or rational) against the limit `name`."""
    check(name, needed, what)


def check_prec(prec: int, what: str) -> None:
    """A working precision in bits against ``max_prec``."""
    check("max_prec", prec, what)


_UNITS = {"parameter_bits": "bits", "lattice_points": "points", "lattice_bits": "bits", "rational_bits": "bits", "binomial_n": "",
          "composition_terms": "terms", "outcomes": "outcomes", "lattice_work": "bit operations", "expression_depth": "levels", "max_prec": "bits of precision",
          "value_nodes": "nodes", "function_nesting": "levels", "memory": "bytes", "seconds": "seconds"}


def _amount(n: int) -> str:
    if n < 10 ** 7:
        return str(n)
    if n.bit_length() < 1000:
        return f"{float(n):.3g}"
    digits = len(str(n)) if n.bit_length() < 10_000 else int(n.bit_length() * 0.30103) + 1
    return f"about 10^{digits - 1}"


class Stopwatch:
    """The wall time one computation has spent, added up over the calls that work on it (a
    lazily certified value is refined by many calls), against the limit ``seconds``.

    ``with watch.running(): ...`` times a block; :meth:`check`, called in every loop of the
    block, raises :class:`ResourceLimitError` once the total passes the limit, naming `what`
    and the time actually spent."""

    def __init__(self, what: str):
        self.what, self.spent, self._since = what, 0.0, None

    @contextmanager
    def running(self) -> Iterator["Stopwatch"]:
        if self._since is not None:  # nested: the outer block is timing already
            yield self
            return
        self._since = time.monotonic()
        try:
            yield self
        finally:
            self.spent += time.monotonic() - self._since
            self._since = None

    def elapsed(self) -> float:
        return self.spent + (0.0 if self._since is None else time.monotonic() - self._since)

    def check(self) -> None:
        limit = get("seconds")
        elapsed = self.elapsed()
        if elapsed > limit:
            raise ResourceLimitError(
                f"{self.what} ran {elapsed:.1f} s, past the limit seconds = {limit}; raise it with "
                "symdp.limits.set(seconds=...) if the time is available")


# --------------------------------------------------------------------------------------------
# Progress

_listeners: list[Progress] = []


@contextmanager
def progress(callback: Progress) -> Iterator[None]:
    """Inside the block, long computations call ``callback(done, total)`` as they advance
    (``with symdp.limits.progress(lambda d, t: print(d, t)): pair.delta(1)``)."""
    _listeners.append(callback)
    try:
        yield
    finally:
        _listeners.remove(callback)


def report(done: int, total: int) -> None:
    """Tell the current progress callback (if any) that `done` of `total` steps are finished.
    Cheap when nobody listens, so loops may call it every step."""
    if _listeners:
        _listeners[-1](done, total)


def on_terminal(stream) -> bool:
    """True when `stream` is a terminal. Every command draws its progress bar only there: in a
    log file or a pipe each redraw of the bar would be kept (tens of kilobytes per run)."""
    isatty = getattr(stream, "isatty", None)
    return bool(isatty is not None and isatty())


def reporter(label: str, stream=None, min_seconds: float = 1.0) -> Progress:
    """A progress callback drawing a bar on `stream` (stderr), shown only once the computation has
    run for `min_seconds`, so quick calls print nothing, and only when `stream` is a terminal
    (:func:`on_terminal`)."""
    stream = sys.stderr if stream is None else stream
    if not on_terminal(stream):
        return lambda done, total: None
    start = time.monotonic()
    state = {"shown": False, "last": -1}

    def show(done: int, total: int) -> None:
        finished = done >= total
        if not state["shown"] and (finished or time.monotonic() - start < min_seconds):
            return
        width = 30
        filled = width * min(done, total) // max(total, 1)
        if filled == state["last"] and not finished:
            return
        state["shown"], state["last"] = True, filled
        stream.write(f"\r{label} [{'#' * filled}{'.' * (width - filled)}] {done}/{total}" + ("\n" if finished else ""))
        stream.flush()
    return show
