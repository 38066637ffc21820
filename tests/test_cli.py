"""The ``symdp`` command line: verify, delegated commands, and one-line errors."""

import json
from pathlib import Path

import pytest

from symdp.cli import main

GOOD = '''
import sympy
from symdp.verify import claim, identity, inequality_on_box

x = sympy.Symbol("x")

@claim(paper="tv-dp", label="Theorem 1", statement="x + x = 2x")
def t1():
    return identity(x + x, 2 * x, "sympy")

@claim(paper="lmidp", label="Lemma 2", statement="e^x ≥ 1 + x on [-1, 1]")
def l2():
    return inequality_on_box(sympy.exp(x) - 1 - x, [(-1, 1)], "branch and bound")
'''

BAD = '''
from symdp.verify import claim, exact_agreement

@claim(paper="egamma-ldp", label="Theorem 3", statement="1 = 2")
def t3():
    return exact_agreement(1, 2, "printed constant")
'''


@pytest.fixture
def proofs(tmp_path):
    folder = tmp_path / "proofs"
    folder.mkdir()
    (folder / "good.py").write_text(GOOD)
    return folder


def test_verify_passes_and_writes_reports(proofs, tmp_path, capsys):
    out = tmp_path / "reports"
    assert main(["verify", str(proofs), "--out", str(out)]) == 0
    captured = capsys.readouterr()
    assert "[1/2] tv-dp  Theorem 1 ... proved" in captured.err
    assert "2 not tied" in captured.out or ("1 proved" in captured.out)
    assert {p.name for p in out.iterdir()} == {"verify.md", "verify.json", "tv-dp.md", "lmidp.md",
                                               "index.html", "tv-dp.html", "lmidp.html"}  # the blueprint pages
    data = json.loads((out / "verify.json").read_text())
    assert [c["status"] for c in data["claims"]] == ["proved", "proved"]


def test_verify_json_and_failure_exit_code(proofs, tmp_path, capsys):
    (proofs / "bad.py").write_text(BAD)
    assert main(["verify", str(proofs), "--json", "--out", str(tmp_path / "r")]) == 1
    obj = json.loads(capsys.readouterr().out)
    statuses = {c["label"]: c["status"] for c in obj["claims"]}
    assert statuses == {"Theorem 1": "proved", "Lemma 2": "proved", "Theorem 3": "failed"}
    assert obj["summary"]["failed"] == 1 and obj["summary"]["total"] == 3


def test_verify_filters_by_paper(proofs, tmp_path, capsys):
    assert main(["verify", str(proofs), "--paper", "lmidp", "--json", "--out", str(tmp_path / "r")]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert [c["paper"] for c in obj["claims"]] == ["lmidp"]


@pytest.mark.parametrize("argv, needle", [
    (["verify", "PROOFS", "--paper", "tv_dp"], "did you mean 'tv-dp'"),
    (["verify", "MISSING"], "folder"),
    (["verify", "PROOFS", "--paper", "extremal-ldp"], "no claims"),
    (["verify", "PROOFS", "--timeout", "0"], "timeout"),
])
def test_verify_refuses_bad_input_on_one_line(argv, needle, proofs, tmp_path, capsys):
    argv = [str(proofs) if a == "PROOFS" else str(tmp_path / "missing") if a == "MISSING" else a for a in argv]
    assert main(argv + ["--out", str(tmp_path / "r")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("symdp: error:") and needle in err and err.count("\n") == 1


@pytest.mark.parametrize("argv, module", [
    (["figures"], "symdp.figures"),
    (["tables", "check"], "symdp.tables"),
    (["compare", "autodp"], "symdp.compare"),
])
def test_delegated_commands_missing_modules(argv, module, capsys, monkeypatch):
    import sys
    monkeypatch.setitem(sys.modules, module, None)  # makes `import module` raise ImportError
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("symdp: error:") and module in err and err.count("\n") == 1


def test_delegated_commands_receive_their_arguments(monkeypatch):
    import sys
    import types
    seen = {}
    fake = types.ModuleType("symdp.tables")
    fake.cli = lambda args: seen.setdefault("args", args) and 0
    monkeypatch.setitem(sys.modules, "symdp.tables", fake)
    assert main(["tables", "build", "gaussian", "--jobs", "2"]) == 0
    assert seen["args"].action == "build" and seen["args"].names == ["gaussian"] and seen["args"].jobs == 2


def test_verify_one_paper_leaves_the_full_report_intact(proofs, tmp_path, capsys):
    out = tmp_path / "reports"
    assert main(["verify", str(proofs), "--out", str(out)]) == 0
    full = {p.name: p.read_bytes() for p in out.iterdir()}
    assert main(["verify", str(proofs), "--paper", "lmidp", "--out", str(out)]) == 0
    after = {p.name: p.read_bytes() for p in out.iterdir()}
    # the blueprint pages are a view of the folder: the paper's page and the index show the new run
    assert {name: after[name] for name in full if not name.endswith(".html")} == \
        {name: data for name, data in full.items() if not name.endswith(".html")}
    assert b"verify-lmidp.json" in after["index.html"] and after["tv-dp.html"] == full["tv-dp.html"]
    assert set(after) - set(full) == {"verify-lmidp.md", "verify-lmidp.json"}
    data = json.loads(after["verify-lmidp.json"])
    assert [c["paper"] for c in data["claims"]] == ["lmidp"]


OWN = '''
import sympy
from symdp.verify import claim, identity, register_paper

register_paper("my-paper", "A note on doubling", "A. Author, A note on doubling, 2026")
x = sympy.Symbol("x")

@claim(paper="my-paper", label="Lemma 1", statement="x + x = 2x")
def lemma_1():
    return identity(x + x, 2 * x, "sympy")
'''


def test_verify_runs_claims_under_a_registered_paper_key(tmp_path, capsys):
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "note.py").write_text(OWN)
    out = tmp_path / "r"
    assert main(["verify", str(folder), "--paper", "my-paper", "--out", str(out)]) == 0
    data = json.loads((out / "verify-my-paper.json").read_text())
    assert [(c["paper"], c["status"]) for c in data["claims"]] == [("my-paper", "proved")]
    assert "A note on doubling" in (out / "verify-my-paper.md").read_text()


@pytest.mark.parametrize("key, title, needle", [
    ("tv-dp", "Mine", "built in"),
    ("My Paper", "Mine", "lower case"),
    ("ok-key", " ", "title"),
])
def test_register_paper_refuses_bad_keys(key, title, needle):
    from symdp.errors import ParameterError
    from symdp.verify import register_paper
    with pytest.raises(ParameterError, match=needle):
        register_paper(key, title)


def test_register_paper_refuses_a_second_title():
    from symdp.errors import ParameterError
    from symdp.verify import register_paper
    assert register_paper("twice-paper", "First") == "twice-paper"
    assert register_paper("twice-paper", "First") == "twice-paper"
    with pytest.raises(ParameterError, match="already registered"):
        register_paper("twice-paper", "Second")


@pytest.mark.parametrize("argv, hidden, extra", [
    (["figures", "--out", "OUT"], "matplotlib", "plot"),
    (["tables", "build", "gaussian_delta", "--scheduler", "tcp://127.0.0.1:1", "--dir", "OUT"], "distributed", "dask"),
    (["compare", "autodp", "--out", "OUT"], "autodp", "compare"),
])
def test_missing_extra_is_one_line_exit_2_and_writes_nothing(argv, hidden, extra, tmp_path, capsys, monkeypatch):
    import sys
    out = tmp_path / "out"
    monkeypatch.setitem(sys.modules, hidden, None)  # `import hidden` raises ImportError
    assert main([str(out) if a == "OUT" else a for a in argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and hidden in err and f"symdp[{extra}]" in err
    assert not out.exists()


@pytest.mark.parametrize("argv, command", [
    (["account", "dpsgd", "--q", "0.01"], "symdp account dpsgd"),
    (["account", "dpsgd", "--q", "0.01", "--sigma", "1", "--steps", "x", "--eps", "1"], "symdp account dpsgd"),
    (["tables", "sort"], "symdp tables"),
    (["nonsense"], "symdp"),
])
def test_usage_errors_point_to_the_help_of_the_whole_command(argv, command, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"(see '{command} --help')" in err


def test_compare_help_lists_the_libraries(capsys):
    from symdp.compare import ADAPTERS
    with pytest.raises(SystemExit):
        main(["compare", "--help"])
    out = capsys.readouterr().out
    assert all(name in out for name in ADAPTERS)


class _Terminal:
    """A stream that says it is a terminal, and keeps what is written to it."""

    def __init__(self):
        self.text = ""

    def isatty(self):
        return True

    def write(self, text):
        self.text += text

    def flush(self):
        pass


def test_progress_bars_are_drawn_only_on_a_terminal():
    """One rule for every command: a bar goes to a terminal, never into a log file or a pipe."""
    import io

    from symdp import limits
    from symdp.tables.build import Progress
    log, tty = io.StringIO(), _Terminal()
    for stream in (log, tty):
        show = limits.reporter("symdp eval", stream=stream, min_seconds=0)
        show(1, 4), show(4, 4)
        bar = Progress(2, stream=stream)
        bar.step("a"), bar.step("b")
    assert log.getvalue() == ""
    assert "symdp eval [" in tty.text and "2/2" in tty.text



def test_register_paper_refuses_a_key_too_long_for_a_file_name():
    from symdp.errors import ParameterError
    from symdp.verify import register_paper
    from symdp.verify.registry import MAX_KEY_LENGTH
    assert register_paper("k" * MAX_KEY_LENGTH, "Longest") == "k" * MAX_KEY_LENGTH
    with pytest.raises(ParameterError, match=f"at most {MAX_KEY_LENGTH} characters, got 300"):
        register_paper("k" * 300, "Too long")


def test_a_finished_run_survives_a_report_that_cannot_be_written(proofs, tmp_path, capsys, monkeypatch):
    """--out names a file, not a folder: the table is printed, the report lands in a temporary
    folder, and stderr says where writing failed and where the report is."""
    import tempfile
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("")
    assert main(["verify", str(proofs), "--out", str(blocked)]) == 1
    captured = capsys.readouterr()
    assert "2 not tied" in captured.out
    failure = captured.err.splitlines()[-1]
    assert failure.startswith("symdp: error: could not write the report to") and str(blocked) in failure
    fallback = Path(failure.rsplit("wrote it to ", 1)[1].removesuffix("/ instead"))
    assert fallback.parent == tmp_path
    data = json.loads((fallback / "verify.json").read_text())
    assert [c["status"] for c in data["claims"]] == ["proved", "proved"]


def test_a_reader_that_stops_early_ends_the_command_quietly():
    """``symdp … | head -c 10``: the reader closes the pipe after a few bytes, as head does; symdp
    ends without a message or a traceback, with 0 or 128 + SIGPIPE like other Unix tools. The
    output (about 220 kB) is far more than a pipe holds, so the pipe is broken while writing."""
    import os
    import subprocess
    import sys
    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "PYTHONPATH": str(root)}
    child = subprocess.Popen([sys.executable, "-m", "symdp", "eval", "(1/7,)*15", "--digits", "5000", "--json"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=root)
    assert child.stdout.read(10) == b'[{"expr": '
    child.stdout.close()
    err = child.stderr.read().decode()
    assert child.wait(timeout=120) in (0, 141), err
    assert err == ""


def test_a_broken_pipe_that_is_not_stdout_is_still_reported(capsys, monkeypatch):
    """Only a closed stdout ends quietly: a pipe to a worker that breaks is a bug, and says so."""
    import argparse

    def run(args):
        raise BrokenPipeError(32, "Broken pipe")
    monkeypatch.setattr("symdp.cli._parse", lambda parser, argv: argparse.Namespace(run=run))
    assert main(["tables", "list"]) == 1
    assert "internal error (BrokenPipeError" in capsys.readouterr().err


# --------------------------------------------------------------------------------------------
# Help: a description and examples on every command, the valid values listed


def _every_parser():
    """(prog, parser) of the top-level command and of every subcommand, recursively."""
    import argparse

    from symdp.cli import _parser
    todo, seen = [_parser()], []
    while todo:
        p = todo.pop()
        seen.append((p.prog, p))
        for action in p._actions:
            if isinstance(action, argparse._SubParsersAction):
                todo.extend(action.choices.values())
    return seen


def test_every_help_has_a_description_and_examples_that_parse():
    import shlex

    from symdp.cli import _expression_first, _parse, _parser
    progs = {prog for prog, _ in _every_parser()}
    assert {"symdp", "symdp eval", "symdp verify", "symdp figures", "symdp tables", "symdp compare",
            "symdp account", "symdp account dpsgd"} <= progs
    for prog, p in _every_parser():
        text = p.format_help()
        assert p.description and len(p.description.split()) >= 5, prog
        examples = [line.split("#")[0].strip() for line in text.split("examples:\n", 1)[-1].splitlines()
                    if line.startswith("  symdp ")]
        assert "examples:" in text and examples, prog
        for example in examples:  # each example is a command the parser accepts as written
            argv = shlex.split(example)[1:]
            args = _parse(_parser(), _expression_first(argv))
            assert callable(args.run), example


def test_every_option_says_what_it_is_for():
    for prog, p in _every_parser():
        for action in p._actions:
            if action.option_strings or action.dest not in ("command", "mechanism"):
                assert action.help, f"{prog} {action.option_strings or action.dest}"


def test_help_lists_the_paper_keys_and_the_table_names(capsys):
    from symdp.figures import MODULES
    from symdp.tables import SPECS
    from symdp.verify.registry import PAPERS
    for command, names in ((["figures"], MODULES), (["verify"], PAPERS), (["tables"], [t.name for t in SPECS])):
        with pytest.raises(SystemExit):
            main([*command, "--help"])
        out = " ".join(capsys.readouterr().out.split())
        assert all(name in out for name in names), command


@pytest.mark.parametrize("argv, command", [
    (["figures", "--bogus"], "symdp figures"),
    (["tables", "list", "--bogus"], "symdp tables"),
    (["verify", "--paper", "tv-dp", "--bogus"], "symdp verify"),
    (["account", "dpsgd", "--q", "0.01", "--sigma", "1", "--steps", "3", "--eps", "1", "--bogus"], "symdp account dpsgd"),
])
def test_an_unknown_option_points_to_the_help_of_its_command(argv, command, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "unrecognized arguments: --bogus" in err and f"(see '{command} --help')" in err


def test_table_names_may_follow_the_options(capsys):
    assert main(["tables", "check", "--sample", "1", "zchannel_crossover"]) == 0
    assert "1 row(s) recomputed; OK" in capsys.readouterr().out
