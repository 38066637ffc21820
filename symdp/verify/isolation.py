"""Run a piece of a user's claim code in a child process with a time limit and a memory cap.

Claim modules are user code: at import or when a claim runs, they may loop, exit
(``os._exit``, ``sys.exit``), crash inside python-flint (a segfault) or allocate without bound.
Each such piece runs in a child, so that whatever it does becomes a message naming the cause and
the run goes on: a time limit (the child is killed), a memory cap (``symdp.limits`` ``memory``:
the bytes the child may add to its address space), and the child's exit code or signal.

The children are forked by multiprocessing's *forkserver*, a single-threaded server process
started once per run that has imported symdp and its numeric libraries, never by a fork of the
caller: a test runner, dask or numpy's BLAS may hold threads, and a lock one of them holds at the
fork stays locked forever in the child (the known cause of hanging children). The caller's main
module is hidden while a child starts: multiprocessing would otherwise re-run a script's top level
in the child.

A child answers with bytes (JSON that the caller parses), never a pickle: the caller reads what
user code produced without running any of it.
"""

from __future__ import annotations

import faulthandler
import multiprocessing
import multiprocessing.forkserver
import os
import resource
import signal
import sys
import types
from contextlib import contextmanager
from typing import Callable

from .. import limits

#: Imported once by the fork server, so that a child starts with them loaded.
PRELOAD = ["symdp.verify", "symdp.local", "symdp.accounting"]
#: Largest answer a child may send, in bytes.
MAX_ANSWER = 1 << 28

#: Default time limit of one claim (its import, or its run), in seconds.
TIMEOUT = 600.0


def available() -> bool:
    """Whether children can be forked from a server (not on platforms without *forkserver*)."""
    return "forkserver" in multiprocessing.get_all_start_methods()


def _vm_size() -> int:
    """This process's address space in bytes (VmSize), 0 where /proc is not available."""
    try:
        with open("/proc/self/status") as status:
            line = next(line for line in status if line.startswith("VmSize:"))
        return int(line.split()[1]) * 1024
    except (OSError, StopIteration):
        return 0


def _cap_memory(memory: int) -> None:
    """Let this process grow by `memory` bytes of address space: an allocation beyond it raises
    MemoryError (or ends the process) here, in the child, instead of the machine's OOM killer
    choosing a process. The address space counts what the preloaded libraries reserved, so the
    cap is set above the current size."""
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    cap = _vm_size() + memory
    resource.setrlimit(resource.RLIMIT_AS, (cap if hard == resource.RLIM_INFINITY else min(cap, hard), hard))


def _child(work: Callable[..., bytes], args: tuple, conn, memory: int) -> None:
    # A crash is reported by the parent (the exit signal names it); faulthandler, which pytest
    # and `python -X faulthandler` turn on, would print "Fatal Python error" into the run.
    faulthandler.disable()
    _cap_memory(memory)
    try:
        conn.send_bytes(b"ok" + work(*args))
    except MemoryError:
        conn.send_bytes(b"er" + (f"MemoryError: out of memory within the limit of {memory} bytes "
                                 "(raise it with symdp.limits.set(memory=...))").encode())
    except BaseException as err:  # the caller must be told whatever went wrong in the user's code
        conn.send_bytes(b"er" + f"{type(err).__name__}: {err}".encode("utf-8", "replace"))
    finally:
        conn.close()


@contextmanager
def _main_hidden():
    """While a child starts (and the server, the first time), ``__main__`` is an empty module, so
    multiprocessing sends no main module to re-import: the child needs nothing from it, and a
    script without an ``if __name__ == "__main__"`` guard would run again in every child."""
    main = sys.modules["__main__"]
    sys.modules["__main__"] = types.ModuleType("__main__")
    try:
        yield
    finally:
        sys.modules["__main__"] = main


def _forget_inherited_server() -> None:
    """After a plain ``os.fork`` the fork server is the parent's child, not this process's:
    multiprocessing would ``waitpid`` on it and fail ("No child processes"). Forget it here (the
    parent keeps its own end of the server's pipe, so the server lives on for the parent); the first
    run in this process starts its own. multiprocessing keeps this state in private attributes and
    offers no public reset."""
    server = multiprocessing.forkserver._forkserver
    if server._forkserver_pid is None:
        return
    if server._forkserver_alive_fd is not None:
        try:
            os.close(server._forkserver_alive_fd)
        except OSError:
            pass
    server._forkserver_pid = server._forkserver_address = server._forkserver_alive_fd = None


os.register_at_fork(after_in_child=_forget_inherited_server)


def _forkserver() -> multiprocessing.context.BaseContext:
    ctx = multiprocessing.get_context("forkserver")
    ctx.set_forkserver_preload(PRELOAD)  # no effect once the server runs: it is started once
    return ctx


def run(work: Callable[..., bytes], args: tuple, timeout: float | None, what: str = "the claim") -> tuple[bool, bytes | str]:
    """(True, the bytes `work(*args)` returned) from a child process, or (False, why it gave no
    answer: the exception it raised, "timed out after … s", the signal that killed it, its exit
    code). `work` must be a module-level function (the child imports it by name); `what` names the
    code in the messages ("the claim", "the module")."""
    ctx = _forkserver()
    receive, send = ctx.Pipe(duplex=False)
    # the caller's limit, read here: the child starts from the fork server's state, not the caller's
    process = ctx.Process(target=_child, args=(work, args, send, limits.get("memory")), daemon=True)
    with _main_hidden():
        process.start()
    send.close()
    try:
        if receive.poll(timeout):
            try:
                answer = receive.recv_bytes(MAX_ANSWER)
                return (True, answer[2:]) if answer[:2] == b"ok" else (False, answer[2:].decode("utf-8", "replace"))
            except EOFError:
                pass
            except OSError as err:  # an answer beyond MAX_ANSWER
                return False, f"{what}'s answer could not be read ({err})"
        else:
            if process.is_alive():
                return False, f"timed out after {timeout:g} s"
        process.join(5)
        return False, _death(process.exitcode, what)
    finally:
        if process.is_alive():
            process.kill()
        process.join()
        receive.close()


def _death(code: int | None, what: str) -> str:
    if code is not None and code < 0:
        try:
            return f"{what}'s process was killed by {signal.Signals(-code).name}"
        except ValueError:
            pass
    return f"{what}'s process ended with exit code {code} and no result"
