"""Building and checking the reference tables, in one process, a process pool, or on Dask.

Work is a list of (table name, row parameters) tasks; :func:`~symdp.tables.specs.compute_row`
is a pure function of a task, so where a task runs (which process, which machine) cannot change
its bytes. Results are put back in grid order before anything is written.
"""

from __future__ import annotations

import multiprocessing
import random
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Sequence

from ..io.installed import data_dir
from ..limits import on_terminal
from . import manifest as mf
from .specs import SPECS, VALUE_COLUMNS, TableSpec, compute_row, spec

Task = tuple[str, tuple[str, ...]]


def _run_task(task: Task) -> tuple[tuple[str, ...], float]:
    start = time.perf_counter()
    cells = compute_row(*task)
    return cells, time.perf_counter() - start


class Progress:
    """A one-line progress bar on stderr (silent when `enabled` is False, or when the stream is
    not a terminal: the rule of :func:`symdp.limits.on_terminal`)."""

    def __init__(self, total: int, enabled: bool = True, stream=None):
        self.stream = stream or sys.stderr
        self.total, self.done = total, 0
        self.enabled = enabled and total > 0 and on_terminal(self.stream)
        self.start = time.perf_counter()

    def step(self, label: str) -> None:
        self.done += 1
        if not self.enabled:
            return
        width = 30
        filled = width * self.done // self.total
        elapsed = time.perf_counter() - self.start
        self.stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total} "
                          f"{elapsed:6.1f}s {label[:40]:<40}")
        if self.done == self.total:
            self.stream.write("\n")
        self.stream.flush()


def run_tasks(tasks: Sequence[Task], jobs: int = 1, scheduler: str | None = None,
              progress: bool = True) -> list[tuple[tuple[str, ...], float]]:
    """Compute every task; results in task order.

    ``scheduler`` is the address of an existing Dask distributed scheduler (optional extra
    ``dask``); otherwise ``jobs`` > 1 runs a pool of spawned processes (each with its own
    python-flint context), and ``jobs`` = 1 runs in this process.
    """
    bar = Progress(len(tasks), progress)
    results: list = [None] * len(tasks)
    if scheduler is not None:
        for i, out in _dask_map(tasks, scheduler):
            results[i] = out
            bar.step(tasks[i][0])
    elif jobs > 1 and len(tasks) > 1:
        ctx = multiprocessing.get_context("spawn")
        with ctx.Pool(min(jobs, len(tasks))) as pool:
            for i, out in pool.imap_unordered(_indexed, list(enumerate(tasks))):
                results[i] = out
                bar.step(tasks[i][0])
    else:
        for i, task in enumerate(tasks):
            results[i] = _run_task(task)
            bar.step(task[0])
    return results


def _indexed(item: tuple[int, Task]) -> tuple[int, tuple[tuple[str, ...], float]]:
    return item[0], _run_task(item[1])


def _dask_map(tasks: Sequence[Task], address: str) -> Iterable[tuple[int, tuple]]:
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise ImportError("--scheduler needs Dask distributed: pip install 'symdp[dask]'") from None
    with Client(address) as client:
        futures = client.map(_indexed, list(enumerate(tasks)), pure=True)
        for future in as_completed(futures):
            yield future.result()


@dataclass
class BuildReport:
    """What a build did: rows and compute seconds per table built, and the tables skipped."""

    built: dict[str, tuple[int, float]] = field(default_factory=dict)
    pending: list[str] = field(default_factory=list)


def select(names: Sequence[str] | None) -> list[TableSpec]:
    """The specs called `names` (all when empty), in registry order."""
    if not names:
        return list(SPECS)
    wanted = {spec(n).name for n in names}
    return [s for s in SPECS if s.name in wanted]


def build(names: Sequence[str] | None = None, directory: str | Path = "tables", jobs: int = 1,
          scheduler: str | None = None, progress: bool = True) -> BuildReport:
    """Compute the tables called `names` (all by default) and write their CSV, spec and the
    manifest into `directory`. Tables whose symdp module is missing get their spec written and
    are listed as pending."""
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    report = BuildReport()
    specs = select(names)
    ready = [s for s in specs if s.available()]
    report.pending = [s.name for s in specs if not s.available()]
    tasks = [(s.name, row) for s in ready for row in s.grid]
    results = iter(run_tasks(tasks, jobs, scheduler, progress))
    entries, pending = {}, {}
    for s in ready:
        out = [next(results) for _ in s.grid]
        rows = [cells for cells, _ in out]
        spec_data = mf.json_bytes(s.as_json())
        csv_data = mf.csv_bytes([p.name for p in s.params] + list(VALUE_COLUMNS), rows)
        (directory / mf.spec_name(s.name)).write_bytes(spec_data)
        (directory / mf.csv_name(s.name)).write_bytes(csv_data)
        entries[s.name] = mf.table_entry(s.name, csv_data, spec_data, rows)
        report.built[s.name] = (len(rows), sum(t for _, t in out))
    for name in report.pending:
        spec_data = mf.json_bytes(spec(name).as_json())
        (directory / mf.spec_name(name)).write_bytes(spec_data)
        pending[name] = {"spec": mf.spec_name(name), "spec_sha256": mf.sha256(spec_data), "pending": True}
    current = mf.read_manifest(directory).get("tables", {})
    # A pending spec never replaces a table that was built earlier (e.g. on another machine).
    pending = {n: e for n, e in pending.items() if "csv" not in current.get(n, {})}
    mf.write_manifest(directory, {**pending, **entries})
    return report


@dataclass
class CheckReport:
    """Problems (each fails the check) and notes (informational) of a check."""

    problems: list[mf.Problem] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    recomputed: int = 0

    @property
    def ok(self) -> bool:
        return not self.problems


def check(directory: str | Path = "tables", names: Sequence[str] | None = None, sample: int | None = None,
          seed: int = 0, jobs: int = 1, scheduler: str | None = None, progress: bool = True) -> CheckReport:
    """Verify the tables in `directory` against the manifest and the code.

    1. every CSV and spec hash matches ``MANIFEST.json`` (a hand edit is named by file and row);
    2. every spec file equals the spec in the code (else the table is out of date);
    3. rows are recomputed and must equal the CSV cells exactly: all rows, or with `sample`
       a random subset of that many rows per table, chosen by `seed`.
    """
    directory = Path(directory)
    report = CheckReport()
    path = directory / mf.MANIFEST
    if not path.exists():
        report.problems.append(mf.Problem(mf.MANIFEST, None, f"missing in {directory}"))
        return report
    try:
        manifest = mf.read_manifest(directory)
    except mf.MalformedFile as err:
        report.problems.append(mf.Problem(mf.MANIFEST, err.line, err.what))
        return report
    installed = mf.versions()
    for dist, version in sorted(manifest.get("versions", {}).items()):
        if installed.get(dist) != version:
            report.notes.append(f"built with {dist} {version}, running {installed.get(dist)}")
    entries: dict = manifest.get("tables", {})
    wanted = set(names) if names else None
    listed = {e.get("csv") for e in entries.values()} | {e.get("spec") for e in entries.values()}
    for extra in sorted(p.name for p in directory.iterdir() if p.suffix in (".csv", ".json")):
        if extra != mf.MANIFEST and extra not in listed and (wanted is None or extra.split(".")[0] in wanted):
            report.problems.append(mf.Problem(extra, None, "not listed in the manifest"))
    tasks: list[Task] = []
    where: list[tuple[str, int, list[str]]] = []
    for name, entry in sorted(entries.items()):
        if wanted is not None and name not in wanted:
            continue
        try:
            s = spec(name)
        except Exception:
            report.problems.append(mf.Problem(entry.get("spec", name), None, f"table {name!r} is not in the registry"))
            continue
        if entry.get("pending"):
            if not (directory / entry["spec"]).exists() or mf.sha256(mf.read_file(directory / entry["spec"])) != entry["spec_sha256"]:
                report.problems.append(mf.Problem(entry["spec"], None, "sha256 differs from the manifest: the spec was edited"))
            report.notes.append(f"{name}: pending (its module {s.module} was not available at build time)")
            continue
        file_problems = mf.verify_files(directory, name, entry)
        report.problems.extend(file_problems)
        if file_problems:
            continue
        if mf.read_file(directory / entry["spec"]) != mf.json_bytes(s.as_json()):
            report.problems.append(mf.Problem(entry["spec"], None, "differs from the spec in the code: rebuild the table"))
            continue
        if not s.available():
            report.notes.append(f"{name}: not recomputed ({s.module} is not importable)")
            continue
        _, rows = mf.read_csv(mf.read_file(directory / entry["csv"]))
        # Rows are recomputed from the grid in the code, never from the file's parameter cells
        # (a forged row with consistent hashes could hold 9**9**9**9, which sympy would expand).
        off_grid = _off_grid(rows, s)
        if off_grid:
            report.problems.extend(mf.Problem(entry["csv"], line, message) for line, message in off_grid)
            continue
        chosen = range(len(rows))
        if sample is not None and sample < len(rows):
            chosen = sorted(random.Random(f"{seed}:{name}").sample(range(len(rows)), sample))
        for i in chosen:
            tasks.append((name, s.grid[i]))
            where.append((entry["csv"], i + 2, rows[i]))
    results = run_tasks(tasks, jobs, scheduler, progress)
    report.recomputed = len(results)
    columns = list(VALUE_COLUMNS)
    for (file, line, stored), (computed, _) in zip(where, results):
        if list(computed) != stored:
            n = len(computed) - len(columns)
            diffs = [f"{c}: table {s!r}, code {k!r}" for c, s, k in zip(columns, stored[n:], computed[n:]) if s != k]
            report.problems.append(mf.Problem(file, line, "disagrees with the code (" + "; ".join(diffs) + ")"))
    return report


def listing(directory: str | Path) -> list[tuple[str, int | None, str]]:
    """(name, rows, title) of every table in the registry; rows from the manifest of
    `directory`, None for a table not built there."""
    entries = mf.read_manifest(Path(directory)).get("tables", {})
    return [(s.name, entries.get(s.name, {}).get("rows"), s.title) for s in SPECS]


def _off_grid(rows: Sequence[Sequence[str]], s: TableSpec) -> list[tuple[int | None, str]]:
    """(line, message) for every row whose parameter cells are not the spec's grid point."""
    if len(rows) != len(s.grid):
        return [(None, f"{len(rows)} rows where the spec's grid has {len(s.grid)}")]
    n = len(s.params)
    return [(i + 2, f"parameters {mf.shown(row[:n])} are not the grid point {mf.shown(point)}")
            for i, (row, point) in enumerate(zip(rows, s.grid)) if tuple(row[:n]) != tuple(point)]


def cli(args) -> int:
    """``symdp tables list [--dir DIR]``, ``symdp tables build [NAME…] [--jobs N] [--scheduler ADDR] [--dir DIR]``
    and ``symdp tables check [DIR] [--sample N] [--seed S] [--jobs N]``; exit 1 on any problem."""
    names = list(getattr(args, "names", None) or [])
    directory = getattr(args, "dir", None)
    jobs = int(getattr(args, "jobs", 1) or 1)
    scheduler = getattr(args, "scheduler", None)
    if args.action == "check" and names and (Path(names[0]).is_dir() or "/" in names[0]):
        directory = names.pop(0)
    if directory is None:
        # build writes here; check and list read the tables this symdp ships (checkout or installed copy)
        directory = "tables" if args.action == "build" else str(data_dir("tables"))
    if args.action == "list":
        for name, rows, title in listing(directory):
            print(f"{name:36s} {'not built' if rows is None else f'{rows:5d} rows':>9s}  {title}")
        return 0
    if args.action == "build":
        start = time.perf_counter()
        report = build(names or None, directory, jobs, scheduler)
        for name, (rows, seconds) in report.built.items():
            print(f"{name:40s} {rows:5d} rows {seconds:8.1f} s")
        for name in report.pending:
            print(f"{name:40s} pending: module {spec(name).module} not available (spec written)")
        print(f"built {len(report.built)} table(s) in {directory}/ in {time.perf_counter() - start:.1f} s")
        return 0
    report = check(directory, names or None, getattr(args, "sample", None), int(getattr(args, "seed", 0) or 0),
                   jobs, scheduler)
    for note in report.notes:
        print(f"note: {note}")
    for problem in report.problems:
        print(f"FAIL {problem}")
    verdict = "OK" if report.ok else f"{len(report.problems)} problem(s)"
    print(f"checked {directory}/: {report.recomputed} row(s) recomputed; {verdict}")
    return 0 if report.ok else 1
