"""A bounded pool of fresh processes, each replaying one task at a time under a time limit.

A worker is ``python -I <this package's folder> --worker``: a new interpreter that imports this
package alone (nothing of symdp), reads one task per line on its standard input and writes one
outcome per line. Its address space is capped (:data:`MEMORY`). A task that outlives
:data:`TIMEOUT` seconds, or a worker that dies, ends that task as inconclusive and the worker is
replaced: no replay can hang the re-check or take it down.
"""

from __future__ import annotations

import json
import os
import resource
import selectors
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable, Mapping, Sequence, TextIO

from .verdicts import INCONCLUSIVE

#: Seconds one task may take, and bytes of address space one worker may use.
TIMEOUT, MEMORY = 300.0, 4 << 30
PACKAGE = Path(__file__).resolve().parent


def default_jobs() -> int:
    """One worker per core the process may use, at most 2."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:
        cores = os.cpu_count() or 1
    return max(1, min(2, cores))


def _limit() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, resource.getrlimit(resource.RLIMIT_AS)[1]))


class _Worker:
    def __init__(self) -> None:
        self.process = subprocess.Popen([sys.executable, "-I", str(PACKAGE), "--worker"], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1,
                                        preexec_fn=_limit)
        self.task: int | None = None
        self.started = 0.0

    def send(self, index: int, task: Mapping) -> None:
        self.task, self.started = index, time.monotonic()
        self.process.stdin.write(json.dumps(task) + "\n")
        self.process.stdin.flush()

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()
        for stream in (self.process.stdin, self.process.stdout):
            try:
                stream.close()
            except OSError:
                pass


def run(tasks: Sequence[Mapping], replay: Callable[[Mapping], dict], fail: Callable[[Mapping, str], dict],
        jobs: int, timeout: float = TIMEOUT, progress: TextIO | None = None) -> list[dict]:
    """The outcome of every task, in order: `replay` here when `jobs` is 0, else in `jobs` fresh
    workers; `fail(task, why)` makes the outcome of a task whose worker timed out or died."""
    if jobs <= 0 or not tasks:
        return [replay(t) for t in tasks]
    results: list[dict | None] = [None] * len(tasks)
    todo = list(range(len(tasks)))[::-1]
    selector = selectors.DefaultSelector()
    workers: list[_Worker] = []

    def start() -> None:
        w = _Worker()
        workers.append(w)
        selector.register(w.process.stdout, selectors.EVENT_READ, w)
        feed(w)

    def feed(w: _Worker) -> None:
        if todo:
            i = todo.pop()
            try:
                w.send(i, tasks[i])
            except OSError:
                retire(w, "the fresh process could not be given its task")

    def retire(w: _Worker, why: str) -> None:
        if w.task is not None and results[w.task] is None:
            results[w.task] = fail(tasks[w.task], why)
        selector.unregister(w.process.stdout)
        w.stop()
        workers.remove(w)
        if todo:
            start()

    try:
        for _ in range(min(jobs, len(tasks))):
            start()
        done = 0
        while workers:
            now = time.monotonic()
            wait = min((w.started + timeout - now for w in workers if w.task is not None), default=timeout)
            for key, _ in selector.select(max(wait, 0.05)):
                w = key.data
                line = w.process.stdout.readline()
                if not line:
                    retire(w, f"the fresh process ended (exit code {w.process.poll()}) during the replay")
                    continue
                results[w.task] = json.loads(line)
                w.task = None
                done += 1
                if progress is not None:
                    progress.write(f"\rrecheck: {done}/{len(tasks)} replays")
                    progress.flush()
                if todo:
                    feed(w)
                else:
                    selector.unregister(w.process.stdout)
                    w.stop()
                    workers.remove(w)
            for w in [w for w in workers if w.task is not None and time.monotonic() - w.started > timeout]:
                retire(w, f"the replay did not end within {timeout:g} s in a fresh process")
    finally:
        for w in list(workers):
            w.stop()
        if progress is not None:
            progress.write("\n")
    return [r if r is not None else fail(t, "no outcome") for r, t in zip(results, tasks)]


def serve(replay: Callable[[Mapping], dict], stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout) -> int:
    """The worker's loop: one task per line in, one outcome per line out."""
    for line in stdin:
        task = json.loads(line)
        try:
            result = replay(task)
        except Exception as err:  # the outcome must name whatever went wrong in the replay
            result = {"claim": task.get("claim", ""), "digest": (task.get("cert") or {}).get("digest"),
                      "kind": str((task.get("cert") or {}).get("kind")), "verdict": INCONCLUSIVE,
                      "detail": f"the replay failed: {type(err).__name__}: {str(err)[:300]}", "solvers": []}
        stdout.write(json.dumps(result) + "\n")
        stdout.flush()
    return 0
