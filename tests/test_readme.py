"""The README works as written: after the two set-up commands every command it shows exists in the
virtual environment, every ``symdp`` command line is accepted by the command line's own parser,
every ``$ symdp`` session prints what the README says, and every Python block runs (``>>>``
blocks as doctests, whose printed values and error messages are compared; a block that declares a
paper with ``register_paper`` as a claim module under ``symdp verify``)."""

from __future__ import annotations

import doctest
import importlib.util
import json
import re
import shlex
import sys
from pathlib import Path

import pytest

from symdp import limits
from symdp.cli import _expression_first, _parser, main

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
#: Where the set-up commands put the executables; the tests run inside such an environment.
BIN = Path(sys.executable).parent
SETUP = README.split("## Set-up", 1)[1].split("\n## ", 1)[0]
#: The README's command that installs the test environment and runs the tests.
_TEST_SETUP = next(line.strip() for line in SETUP.splitlines() if "pytest" in line and "pip install" in line)


def _fenced(language: str) -> list[tuple[int, str]]:
    """(line number, code) of every ```language block."""
    return [(README.count("\n", 0, m.start()) + 2, m.group(1))
            for m in re.finditer(rf"^```{language}\n(.*?)^```", README, re.S | re.M)]


def _indented() -> list[tuple[int, list[str]]]:
    """(line number, lines) of every block indented by four spaces, outside fenced blocks."""
    text = re.sub(r"^```.*?^```", lambda m: "\n" * m.group(0).count("\n"), README, flags=re.S | re.M)
    blocks, current, start, blank = [], [], 0, True
    for number, line in enumerate(text.split("\n"), 1):
        if line.startswith("    ") and (current or blank):
            start = start if current else number
            current.append(line[4:])
            continue
        if current:
            blocks.append((start, current))
            current = []
        blank = not line.strip()
    return blocks


def _words(line: str) -> list[str]:
    """A shell line's words, without its comment, its prompt and leading VAR=value assignments."""
    words = shlex.split(line.removeprefix("$ "), comments=True)
    while words and re.fullmatch(r"[A-Z_]+=\S*", words[0]):
        words.pop(0)
    return words


def _commands(lines: list[str]) -> list[list[str]]:
    """The commands of a shell block: each line split at ``&&``; output lines of a ``$`` session
    are not commands."""
    session = lines[0].startswith("$ ")
    out = []
    for line in lines:
        if session and not line.startswith("$ "):
            continue
        for part in line.split("&&"):
            words = _words(part)
            if words:
                out.append(words)
    return out


#: Blocks that list files rather than commands (the Layout section).
SHELL = [(n, lines) for n, lines in _indented() if "/" not in lines[0].split()[0]]
SESSIONS = [(n, lines) for n, lines in SHELL if lines[0].startswith("$ symdp ")]


@pytest.fixture
def default_limits():
    """A README block may raise a limit for the process (``symdp.limits.set``)."""
    saved = {name: limits.get(name) for name in limits.DEFAULTS}
    yield
    limits.set(**saved)


def test_ci_runs_the_readme_test_command():
    ci = (ROOT / ".ci" / "run").read_text()
    # CI has made and activated its own virtual environment
    in_venv = re.sub(r"^python3 -m venv \.venv && \. \.venv/bin/activate && ", "", _TEST_SETUP)
    assert in_venv in ci, f"{in_venv!r} not in .ci/run"


def test_readme_has_exactly_two_setup_commands():
    commands = [line for line in SETUP.splitlines() if line.startswith("    python3 -m venv")]
    assert len(commands) == 2 and "symdp verify" in commands[0] and "pytest" in commands[1]
    assert all(". .venv/bin/activate && " in c for c in commands), "the set-up must activate the environment"


def test_every_command_exists_in_the_activated_environment():
    """After ``. .venv/bin/activate`` the bare names resolve to the environment's executables
    (here: the environment running the tests, with every extra installed)."""
    programs = {words[0] for _, lines in SHELL for words in _commands(lines)}
    assert {"symdp", "pip", "python", "pytest", "sphinx-build"} <= programs
    for program in sorted(programs - {"python3", "."}):  # python3 and "." make the environment
        assert "/" not in program, f"after activation the README uses bare names, not {program!r}"
        assert (BIN / program).exists(), f"README runs {program!r}, which the set-up does not install"


@pytest.mark.parametrize("line, words", [(n, w) for n, lines in SHELL for w in _commands(lines) if w[0] == "symdp"],
                         ids=lambda v: str(v) if isinstance(v, int) else " ".join(v)[:60])
def test_every_symdp_command_line_is_accepted(line, words):
    """Options and sub-commands exist as written (the parser refuses anything else with exit 2)."""
    args = _parser().parse_args(_expression_first(words[1:]))
    assert callable(args.run), f"README line {line}"


@pytest.mark.parametrize("line, lines", SESSIONS, ids=lambda v: str(v) if isinstance(v, int) else None)
def test_first_session_prints_what_the_readme_says(line, lines, capsys):
    """Each ``$ symdp ...`` runs with exit 0 and prints the output shown ("..." stands for any
    text); a documented error is the real message on stderr, with exit 2."""
    checker = doctest.OutputChecker()
    starts = [i for i, text in enumerate(lines) if text.startswith("$ ")] + [len(lines)]
    for i, end in zip(starts, starts[1:]):
        command, shown = lines[i], "".join(f"{text}\n" for text in lines[i + 1:end])
        code = main(_words(command)[1:])
        captured = capsys.readouterr()
        if shown.startswith("symdp: error:"):
            assert (code, captured.err) == (2, shown), f"README line {line}"
            continue
        assert code == 0 and captured.out.strip(), f"README line {line}: {captured.err}"
        if shown:
            assert checker.check_output(shown, captured.out, doctest.ELLIPSIS), (shown, captured.out)


PYTHON = _fenced("python")


@pytest.mark.parametrize("line, code", PYTHON, ids=[f"line-{n}" for n, _ in PYTHON])
def test_python_block_runs_as_written(line, code, tmp_path, capsys, default_limits):
    name = f"README.md:{line}"
    if code.lstrip().startswith(">>>"):
        test = doctest.DocTestParser().get_doctest(code, {}, name, name, line)
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
        runner.run(test, out=sys.stdout.write)
        assert runner.failures == 0, capsys.readouterr().out
        return
    key = re.search(r"register_paper\(\"([^\"]+)\"", code)
    if key:  # a claim module: what `symdp verify FOLDER` runs
        (tmp_path / "claims").mkdir()
        (tmp_path / "claims" / "mine.py").write_text(code, encoding="utf-8")
        assert main(["verify", str(tmp_path / "claims"), "--paper", key[1], "--out", str(tmp_path / "r")]) == 0
        report = json.loads((tmp_path / "r" / f"verify-{key[1]}.json").read_text())
        assert report["claims"] and all(c["status"] == "proved" for c in report["claims"])
        return
    for package in re.findall(r"^\s*(?:from|import) (\w+)", code, re.M):  # never skipped: the set-up installs them
        assert importlib.util.find_spec(package) is not None, (
            f"the block at {name} needs {package}, which the README's test set-up does not install: {_TEST_SETUP}")
    namespace: dict = {"__name__": f"readme_{line}"}
    exec(compile(code, name, "exec"), namespace)
    for function in [v for k, v in namespace.items() if k.startswith("test_") and callable(v)]:
        function()  # a block that shows a test runs it


def test_every_count_of_the_code_is_the_code_s():
    """The counts the README states about the code (tables and rows, claims, mutants, the fuzz
    run, the evaluator's limits, the DP-SGD bracket's ends) are computed from it; after a
    change, ``python tests/readme_counts.py`` writes them."""
    import readme_counts
    stale = readme_counts.stale(README)
    assert not stale, "stale README counts (run python tests/readme_counts.py): " + "; ".join(
        f"{pattern} says {was}, the code {now}" for pattern, was, now in stale)


def test_the_limits_table_is_the_code_s():
    import readme_counts
    assert readme_counts.limits_table(README) == limits.DEFAULTS
