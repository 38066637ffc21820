"""The API reference (docs/) builds from the docstrings with warnings as errors."""

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _conf():
    spec = importlib.util.spec_from_file_location("symdp_docs_conf", ROOT / "docs" / "conf.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_reference_builds_without_warnings(tmp_path):
    pytest.importorskip("sphinx", reason="the 'docs' extra is not installed")
    pytest.importorskip("myst_parser", reason="the 'docs' extra is not installed")
    done = subprocess.run([sys.executable, "-m", "sphinx", "-q", "-E", "-W", "--keep-going", "-b", "dummy",
                           str(ROOT / "docs"), str(tmp_path / "out")], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-4000:]


def test_the_reference_documents_every_module():
    pytest.importorskip("sphinx", reason="the 'docs' extra is not installed")
    on_disk = set()
    for path in (ROOT / "symdp").rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        if not any(p.startswith("_") for p in parts):
            on_disk.add(".".join(parts))
    assert set(_conf().modules("symdp")) == on_disk


@pytest.mark.parametrize("line, expected", [
    ("|X|, the number of rows", r"\|X\|, the number of rows"),
    ("law ν^{*k}(ds) and A^{*(k−m)} * U^{*m}", r"law ν^{\*k}(ds) and A^{\*(k−m)} * U^{\*m}"),
    ("keep ``|x|`` and :func:`a|b` as written", "keep ``|x|`` and :func:`a|b` as written"),
    ("| a line block", "| a line block"),
    ("*emphasis* stays", "*emphasis* stays"),
])
def test_plain_text_mathematics_is_made_literal(line, expected):
    pytest.importorskip("sphinx", reason="the 'docs' extra is not installed")
    assert _conf().plain_math(line) == expected
