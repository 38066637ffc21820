"""Run claims one at a time, each isolated, and turn every outcome into a :class:`ClaimReport`.

A claim runs in a child process with a time limit and a memory cap (``symdp.limits`` ``memory``:
the bytes the child may add to its address space), so that an exception, a hang, a runaway
allocation or a crash inside python-flint (a segfault) becomes a ``failed`` report and the run
goes on.

The children are forked by multiprocessing's *forkserver*, a single-threaded server process
started once per run that has imported symdp and its numeric libraries, never by a fork of the
caller: a test runner, dask or numpy's BLAS may hold threads, and a lock one of them holds at the
fork stays locked forever in the child (the known cause of hanging children). A child re-imports
the claim's module from its file (claim modules are loaded from files, so the function cannot be
sent by name) and runs the claim found by its id. The caller's main module is hidden while a child
starts: multiprocessing would otherwise re-run a script's top level in the child.
"""

from __future__ import annotations

import faulthandler
import multiprocessing
import resource
import signal
import sys
import time
import types
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any, Iterable, Mapping, TextIO

from .. import limits
from .evidence import Evidence, combine
from .facts import relations_json
from .registry import ClaimSpec, Registry, _import, _registering_into, find_quote
from .status import domain_text, own_status, propagate, recorded_facts

#: Default time limit of one claim, in seconds.
TIMEOUT = 600.0
#: Imported once by the fork server, so that a child starts with them loaded.
PRELOAD = ["symdp.verify", "symdp.local", "symdp.accounting"]


@dataclass(frozen=True)
class ClaimReport:
    """The outcome of one claim: ``status`` is ``proved``, ``checked``, ``erratum`` or ``failed``;
    ``evidence`` is the evidence kind (None when the claim produced no evidence)."""

    paper: str
    label: str
    id: str
    statement: str
    status: str
    evidence: str | None
    seconds: float
    detail: str
    data: dict = field(default_factory=dict, hash=False)
    #: The paper's hypotheses (words, where, relations as :func:`~symdp.verify.facts.relations_json`).
    stated_domain: str | None = None
    stated_where: str | None = None
    stated_relations: dict | None = field(default=None, hash=False)
    #: What the proof rests on (claim ids, cited results) and its steps argued in words.
    uses: list = field(default_factory=list, hash=False)
    prose_steps: list = field(default_factory=list, hash=False)
    #: Computed from the facts above (:mod:`symdp.verify.status`): one of ``PROOF_STATUSES``, whether
    #: the proof covers the stated domain ("whole", "restricted", "unrecorded"), and why.
    proof_status: str | None = None
    coverage: str | None = None
    proof_notes: list = field(default_factory=list, hash=False)
    #: The paper's words (verbatim) and whether they were found in the paper's text, and where.
    quote: str | None = None
    quote_found: bool = False
    quote_note: str = ""

    def __post_init__(self) -> None:
        facts = recorded_facts(self.data)
        if not self.uses and not self.prose_steps:
            object.__setattr__(self, "uses", facts["uses"])
            object.__setattr__(self, "prose_steps", facts["prose_steps"])
        if self.proof_status is None:
            status, coverage, notes = own_status(self.status, facts, self.stated_domain, self.stated_relations)
            object.__setattr__(self, "proof_status", status)
            object.__setattr__(self, "coverage", coverage)
            object.__setattr__(self, "proof_notes", notes)

    @property
    def passed(self) -> bool:
        return self.status != "failed"

    def to_json(self) -> dict:
        return asdict(self)

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> "ClaimReport":
        return cls(obj["paper"], obj["label"], obj.get("id", ""), obj.get("statement", ""), obj["status"],
                   obj["evidence"], float(obj["seconds"]), obj["detail"], dict(obj.get("data", {})),
                   obj.get("stated_domain"), obj.get("stated_where"), obj.get("stated_relations"),
                   list(obj.get("uses", [])), list(obj.get("prose_steps", [])), obj.get("proof_status"),
                   obj.get("coverage"), list(obj.get("proof_notes", [])), obj.get("quote"),
                   bool(obj.get("quote_found", False)), str(obj.get("quote_note", "")))


def evaluate(spec: ClaimSpec) -> Evidence:
    """Call the claim's function in this process and return its evidence (never raises for a
    failing claim: an exception becomes failed evidence with the exception's message)."""
    result = spec.function()
    if isinstance(result, Evidence):
        return result
    if isinstance(result, (list, tuple)) and result and all(isinstance(e, Evidence) for e in result):
        return combine(*result)
    raise TypeError(f"the claim returned {type(result).__name__}, not Evidence")


def _module_file(spec: ClaimSpec) -> str | None:
    return getattr(sys.modules.get(spec.module), "__file__", None)


def _reimported(file: str, claim_id: str) -> ClaimSpec:
    """The claim `claim_id` of the module `file`, imported afresh in this process (its folder on
    the path, as :func:`~symdp.verify.registry.load_claims` has it, so siblings import by name)."""
    registry = Registry()
    sys.path.insert(0, str(Path(file).parent.resolve()))
    with _registering_into(registry):
        _import(Path(file), registry)
    if registry.load_errors:
        raise ImportError(registry.load_errors[0][1])
    return registry.claims[claim_id]


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
    MemoryError (or ends the process) here, in the claim's child, instead of the machine's OOM
    killer choosing a process. The address space counts what the preloaded libraries reserved,
    so the cap is set above the current size."""
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    cap = _vm_size() + memory
    resource.setrlimit(resource.RLIMIT_AS, (cap if hard == resource.RLIM_INFINITY else min(cap, hard), hard))


def _child(file: str, claim_id: str, conn, memory: int) -> None:
    # A crash is reported by the parent (the exit signal names it); faulthandler, which pytest
    # and `python -X faulthandler` turn on, would print "Fatal Python error" into the run.
    faulthandler.disable()
    _cap_memory(memory)
    try:
        conn.send(("ok", evaluate(_reimported(file, claim_id)).to_json()))
    except MemoryError:
        conn.send(("error", f"MemoryError: out of memory within the claim's limit of {memory} bytes "
                            "(raise it with symdp.limits.set(memory=...))"))
    except BaseException as err:  # the report must name whatever went wrong in the claim
        conn.send(("error", f"{type(err).__name__}: {err}"))
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


def _forkserver() -> multiprocessing.context.BaseContext:
    ctx = multiprocessing.get_context("forkserver")
    ctx.set_forkserver_preload(PRELOAD)  # no effect once the server runs: it is started once
    return ctx


def _in_child(spec: ClaimSpec, timeout: float | None) -> tuple[str, object]:
    file = _module_file(spec)
    if file is None:
        return "error", f"the claim's module {spec.module!r} has no file to import it from in a child process"
    ctx = _forkserver()
    receive, send = ctx.Pipe(duplex=False)
    # the caller's limit, read here: the child starts from the fork server's state, not the caller's
    process = ctx.Process(target=_child, args=(file, spec.id, send, limits.get("memory")), daemon=True)
    with _main_hidden():
        process.start()
    send.close()
    try:
        if receive.poll(timeout):
            try:
                return receive.recv()
            except EOFError:
                pass
        else:
            if process.is_alive():
                return "error", f"timed out after {timeout:g} s"
        process.join(5)
        return "error", _death(process.exitcode)
    finally:
        if process.is_alive():
            process.kill()
        process.join()
        receive.close()


def _death(code: int | None) -> str:
    if code is not None and code < 0:
        try:
            return f"the claim's process was killed by {signal.Signals(-code).name}"
        except ValueError:
            pass
    return f"the claim's process ended with exit code {code} and no result"


def _in_process(spec: ClaimSpec) -> tuple[str, object]:
    try:
        return "ok", evaluate(spec).to_json()
    except Exception as err:  # the report must name whatever went wrong in the claim
        return "error", f"{type(err).__name__}: {err}"


def run_claim(spec: ClaimSpec, timeout: float | None = TIMEOUT, isolate: bool = True) -> ClaimReport:
    """Run one claim (in a child process with a time limit when `isolate`) and report it."""
    start = time.perf_counter()
    isolate = isolate and "forkserver" in multiprocessing.get_all_start_methods()
    outcome, payload = _in_child(spec, timeout) if isolate else _in_process(spec)
    seconds = round(time.perf_counter() - start, 3)
    stated = (spec.stated_domain, spec.stated_where, relations_json(spec.stated_relations))
    found, note = find_quote(spec.paper, spec.quote)
    quoted = {"quote": spec.quote, "quote_found": found, "quote_note": note}
    if outcome == "ok":
        ev = Evidence.from_json(payload)
        report = ClaimReport(spec.paper, spec.label, spec.id, spec.statement, ev.status, ev.kind, seconds,
                             ev.detail, ev.data, *stated, **quoted)
        facts = recorded_facts(ev.data)
        if ev.status in ("proved", "checked") and facts["domain"]:
            where = domain_text(report.coverage, facts["domain"], spec.stated_domain or facts["stated_domain"],
                                spec.stated_where)
            report = replace(report, detail=f"{ev.detail} [{where}]")
        return report
    return ClaimReport(spec.paper, spec.label, spec.id, spec.statement, "failed", None, seconds, str(payload), {},
                       *stated, **quoted)


def load_error_reports(registry: Registry) -> list[ClaimReport]:
    """A failed report for each claim module that did not import."""
    return [ClaimReport("", f"module {file}", f"load:{file}", "the claim module imports", "failed", None, 0.0, message)
            for file, message in registry.load_errors]


def run_claims(specs: Iterable[ClaimSpec], timeout: float | None = TIMEOUT, isolate: bool = True,
               progress: TextIO | bool = True) -> list[ClaimReport]:
    """Run `specs` in order, writing one progress line per claim to `progress` (a stream;
    True: standard error; False: silent); then grade each proof by the claims it uses
    (:func:`~symdp.verify.status.propagate`)."""
    progress = sys.stderr if progress is True else progress or None
    specs = list(specs)
    width = len(str(len(specs)))
    reports = []
    for i, spec in enumerate(specs, 1):
        if progress is not None:
            progress.write(f"[{i:>{width}}/{len(specs)}] {spec.paper}  {spec.label} ... ")
            progress.flush()
        report = run_claim(spec, timeout, isolate)
        if progress is not None:
            progress.write(f"{report.status} ({report.seconds:.1f} s)\n")
            progress.flush()
        reports.append(report)
    return propagate(reports)
