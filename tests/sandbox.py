"""Run test cases in forked children with a memory cap and a time limit, so that a crash of the
interpreter (segfault, FLINT/GMP abort, OOM kill) or an unbounded run is a test *failure* with
the case named, never a dead test run.

One child runs a whole batch and streams one outcome per case back through a pipe; when it
dies or overruns, the case it was running is recorded as the culprit and a fresh child takes
over the rest of the batch. Children never print "Fatal Python error" (faulthandler is off).
"""

from __future__ import annotations

import faulthandler
import io
import multiprocessing
import os
import resource
import signal
import traceback
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from typing import Callable, Sequence

#: Extra address space a child may take beyond the parent's, in bytes.
MEMORY = 2 << 30
#: Seconds one case may take.
TIMEOUT = 60.0


@dataclass(frozen=True)
class Outcome:
    """How one case ended: ``ok``, ``refused`` (a SymdpError: the expected way to say no),
    ``error`` (any other exception: a bug), ``crash`` (the process died), ``timeout``."""

    kind: str
    detail: str = ""

    @property
    def failed(self) -> bool:
        return self.kind in ("error", "crash", "timeout")


def _vm_size() -> int:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmSize:"):
                return int(line.split()[1]) * 1024
    return 0


def _classify(run: Callable[[], object]) -> Outcome:
    from symdp.errors import SymdpError
    out, err = io.StringIO(), io.StringIO()
    try:
        with redirect_stdout(out), redirect_stderr(err):
            result = run()
    except SymdpError as e:
        text = str(e)
        if "\n" in text or not text:
            return Outcome("error", f"a refusal that is not one line: {type(e).__name__}: {text!r}")
        return Outcome("refused", f"{type(e).__name__}: {text[:300]}")
    except BaseException as e:  # noqa: BLE001 - every other exception is a finding
        tb = traceback.extract_tb(e.__traceback__)[-3:]
        where = " <- ".join(f"{os.path.basename(f.filename)}:{f.lineno}" for f in reversed(tb))
        return Outcome("error", f"{type(e).__name__}: {str(e)[:300]} [{where}]")
    return Outcome("ok", safe_repr(result))


def safe_repr(value: object, width: int = 200) -> str:
    """repr that never raises (Python refuses str() of integers beyond 4300 digits)."""
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001
        text = f"<{type(value).__name__} too large to print>"
    return text if len(text) <= width else text[:width - 3] + "..."


def _child(cases: Sequence[Callable[[], object]], start: int, conn, memory: int) -> None:
    faulthandler.disable()  # a crash is reported by the parent; no "Fatal Python error" noise
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    cap = _vm_size() + memory
    resource.setrlimit(resource.RLIMIT_AS, (cap if hard == resource.RLIM_INFINITY else min(cap, hard), hard))
    for i in range(start, len(cases)):
        conn.send(("start", i))
        outcome = _classify(cases[i])
        conn.send(("done", i, outcome.kind, outcome.detail))
    conn.close()
    os._exit(0)  # skip atexit/pytest teardown inherited from the parent


def run_cases(cases: Sequence[Callable[[], object]], timeout: float = TIMEOUT,
              memory: int = MEMORY) -> list[Outcome]:
    """One :class:`Outcome` per case (a zero-argument callable), each run in a forked child."""
    ctx = multiprocessing.get_context("fork")
    outcomes: list[Outcome | None] = [None] * len(cases)
    start = 0
    while start < len(cases):
        receive, send = ctx.Pipe(duplex=False)
        # Not a daemon: a case may start processes of its own (symdp verify's claim runner);
        # the finally below ends the child whatever happens.
        process = ctx.Process(target=_child, args=(cases, start, send, memory))
        process.start()
        send.close()
        current = start
        try:
            while True:
                if not receive.poll(timeout):
                    outcomes[current] = Outcome("timeout", f"no answer within {timeout:g} s")
                    start = current + 1
                    break
                try:
                    message = receive.recv()
                except EOFError:
                    process.join(5)
                    if current < len(cases) and outcomes[current] is None:
                        outcomes[current] = Outcome("crash", _death(process.exitcode))
                    start = current + 1
                    break
                if message[0] == "start":
                    current = message[1]
                else:
                    _, i, kind, detail = message
                    outcomes[i] = Outcome(kind, detail)
                    current = i + 1
                    if current == len(cases):
                        start = current
                        break
        finally:
            if process.is_alive():
                process.kill()
            process.join()
            receive.close()
    return [o if o is not None else Outcome("crash", "no outcome") for o in outcomes]


def _death(code: int | None) -> str:
    if code is not None and code < 0:
        try:
            return f"killed by {signal.Signals(-code).name}"
        except ValueError:
            pass
    return f"exit code {code} without an outcome"


def run_case(case: Callable[[], object], timeout: float = TIMEOUT, memory: int = MEMORY) -> Outcome:
    """One case in its own child."""
    return run_cases([case], timeout, memory)[0]
