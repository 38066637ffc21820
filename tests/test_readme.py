"""The README's set-up commands and CI must not drift apart."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_ci_runs_the_readme_test_command():
    readme = (ROOT / "README.md").read_text()
    ci = (ROOT / ".ci" / "run").read_text()
    command = next(line.strip() for line in readme.splitlines() if "pytest" in line and "pip install" in line)
    # The README spells the venv's executables out (.venv/bin/pip); CI has activated its venv.
    in_venv = re.sub(r"^python3 -m venv \.venv && ", "", command).replace(".venv/bin/", "")
    assert in_venv in ci, f"{in_venv!r} not in .ci/run"


def test_readme_has_exactly_two_setup_commands():
    readme = (ROOT / "README.md").read_text()
    setup = readme.split("## Set-up", 1)[1].split("\n## ", 1)[0]
    commands = [line for line in setup.splitlines() if line.startswith("    python3 -m venv")]
    assert len(commands) == 2 and "symdp verify" in commands[0] and "pytest" in commands[1]
