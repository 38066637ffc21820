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


CONTRACT = ROOT / "docs" / "contract.md"


def _resolve(dotted: str) -> object:
    """The object a dotted name ``symdp.a.b.C`` names: the longest importable module prefix,
    then attributes (so a name that moved or was renamed fails here)."""
    import importlib
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for attr in parts[cut:]:
            obj = getattr(obj, attr)
        return obj
    raise ImportError(dotted)


def test_every_dotted_name_of_the_contract_exists():
    import re
    names = set(re.findall(r"`(symdp(?:\.\w+)+)", CONTRACT.read_text(encoding="utf-8")))
    assert {"symdp.certificate", "symdp.errors.MissingExtraError", "symdp.local.ldp_to_lmidp"} <= names
    missing = []
    for name in sorted(names):
        try:
            _resolve(name)
        except (ImportError, AttributeError) as err:
            missing.append(f"{name}: {err}")
    assert not missing


def _options(words: list[str]) -> set[str]:
    """The option strings of the subcommand `words` (``["account", "dpsgd"]``) of ``symdp``."""
    import argparse

    from symdp.cli import _parser
    parser = _parser()
    for word in words:
        sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        parser = sub.choices[word]
    return {s for a in parser._actions for s in a.option_strings}


def test_every_option_the_contract_shows_is_accepted():
    """Each ``symdp COMMAND … --option`` written in the contract names an option that COMMAND has."""
    import re
    from symdp.cli import _parser
    commands = {"eval": [], "verify": [], "figures": [], "tables": [], "compare": [], "account": ["dpsgd"]}
    assert set(commands) == set(next(a for a in _parser()._actions if hasattr(a, "choices") and a.choices).choices)
    shown = re.findall(r"`symdp (\w+)([^`]*)`", CONTRACT.read_text(encoding="utf-8"))
    unknown = []
    for command, rest in shown:
        words = [command] + [w for w in commands[command] if w in rest.split()]
        options = _options(words) | {"-h", "--help"}
        unknown += [f"symdp {command}{rest}: {o}" for o in re.findall(r"--[\w-]+", rest) if o not in options]
    assert len(shown) >= 15 and not unknown


def test_the_accounting_names_of_the_contract_are_public():
    """The names the contract lists under ``symdp.accounting`` are in its ``__all__`` and load."""
    import symdp.accounting as accounting
    text = CONTRACT.read_text(encoding="utf-8")
    for name in ("dpsgd_sigma", "Calibration", "epsilon_trajectory", "dpsgd_epsilon_trajectory", "epochs_to_steps",
                 "steps_per_epoch", "CertifiedOpacusAccountant", "register_with_opacus"):
        assert f"`{name}" in text and name in accounting.__all__
        assert getattr(accounting, name).__name__ == name
