"""The installed product: a wheel built from this tree, installed into a fresh virtual
environment, used from a folder outside any checkout.

The new environment gets no dependencies from the network: it sees the packages of the
interpreter running the tests (one ``.pth`` line), and only the wheel is installed into it.
"""

import json
import os
import shutil
import site
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: the environment of every child: no PYTHONPATH (the checkout must not be importable), no overrides
CLEAN = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "SYMDP_TABLES", "SYMDP_PROOFS")}
pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="the venv layout below is POSIX")

OWN = '''
import sympy
from symdp.verify import claim, identity, register_paper

register_paper("my-paper", "A note on doubling", "A. Author, A note on doubling, 2026")
x = sympy.Symbol("x")

@claim(paper="my-paper", label="Lemma 1", statement="x + x = 2x")
def lemma_1():
    return identity(x + x, 2 * x, "sympy")
'''


def _wheel(tmp: Path) -> Path:
    """Build the wheel from a copy of the tree (a build must not leave build/ in the checkout)."""
    src = tmp / "src"
    src.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, src / name)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for name in ("symdp", "proofs", "tables"):
        shutil.copytree(ROOT / name, src / name, ignore=ignore)
    # Without setuptools here, pip builds in an isolated environment (fetching setuptools).
    no_isolation = ["--no-build-isolation"] if _has("setuptools") else []
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", *no_isolation,
                    "-w", str(tmp / "dist"), str(src)], check=True, capture_output=True, text=True, env=CLEAN)
    (wheel,) = (tmp / "dist").glob("symdp-*.whl")
    return wheel


def _has(module: str) -> bool:
    import importlib.util
    return importlib.util.find_spec(module) is not None


@pytest.fixture(scope="module")
def env(tmp_path_factory):
    """(python, symdp) of a fresh venv holding only the wheel, plus a working folder outside the tree."""
    tmp = tmp_path_factory.mktemp("installed")
    wheel = _wheel(tmp)
    venv = tmp / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    purelib = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                             check=True, capture_output=True, text=True, env=CLEAN).stdout.strip()
    # The dependencies come from this interpreter's site-packages, appended after the venv's own
    # (where the wheel goes), so the installed symdp is the one imported.
    parents = [p for p in [*site.getsitepackages(), sysconfig.get_path("purelib")] if Path(p).is_dir()]
    Path(purelib, "parent_packages.pth").write_text("\n".join(dict.fromkeys(parents)) + "\n")
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps",
                    "--no-index", str(wheel)], check=True, capture_output=True, text=True, env=CLEAN, cwd=tmp)
    work = tmp / "work"
    work.mkdir()
    return python, venv / "bin" / "symdp", work


def _run(env, *argv, cwd=None, check=True):
    python, symdp, work = env
    done = subprocess.run([str(symdp), *argv], cwd=cwd or work, env=CLEAN, capture_output=True, text=True, timeout=300)
    if check and done.returncode != 0:
        raise AssertionError(f"symdp {' '.join(argv)} exited {done.returncode}:\n{done.stdout}\n{done.stderr}")
    return done


def _python(env, code):
    python, _, work = env
    return subprocess.run([str(python), "-c", code], cwd=work, env=CLEAN, capture_output=True, text=True,
                          check=True).stdout


def test_the_installed_package_is_the_wheel_not_the_checkout(env):
    python, _, work = env
    where = json.loads(_python(env, "import json, symdp, symdp.io.installed as i; "
                                    "print(json.dumps([symdp.__file__, str(i.data_dir('proofs')), "
                                    "str(i.data_dir('tables'))]))"))
    venv = python.parent.parent
    assert all(Path(p).resolve().is_relative_to(venv.resolve()) for p in where), where


def test_installed_claims_cover_every_paper_of_the_checkout(env):
    from symdp.verify import load_claims
    here = load_claims(ROOT / "proofs")
    out = _python(env, "import json; from symdp.verify import load_claims; r = load_claims(); "
                       "print(json.dumps([sorted(r.claims), r.load_errors]))")
    ids, errors = json.loads(out)
    assert errors == [] and ids == sorted(here.claims)


def test_verify_one_paper_anywhere_writes_its_report_here(env):
    _, _, work = env
    done = _run(env, "verify", "--paper", "composition-subsampling")
    assert "0 failed" in done.stdout
    report = json.loads((work / "reports" / "verify-composition-subsampling.json").read_text())
    assert report["summary"]["failed"] == 0 and report["summary"]["total"] > 0
    assert {c["paper"] for c in report["claims"]} == {"composition-subsampling"}


def test_tables_check_anywhere_checks_the_installed_tables(env):
    done = _run(env, "tables", "check", "--sample", "1")
    assert "OK" in done.stdout and "FAIL" not in done.stdout
    assert "share/symdp/tables" in done.stdout


def test_a_users_claim_folder_with_its_own_paper_key(env, tmp_path):
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "note.py").write_text(OWN)
    done = _run(env, "verify", str(folder), "--out", str(tmp_path / "r"))
    assert "1 proved" in done.stdout
    assert "A note on doubling" in (tmp_path / "r" / "my-paper.md").read_text()


def test_figures_without_the_plot_extra_is_one_line_and_writes_nothing(env, tmp_path):
    # Hide matplotlib from the installed package the way a venv without the extra would.
    hide = tmp_path / "hide"
    hide.mkdir()
    (hide / "matplotlib.py").write_text("raise ImportError('No module named matplotlib')\n")
    python, symdp, work = env
    done = subprocess.run([str(symdp), "figures", "--out", str(tmp_path / "figs")], cwd=work,
                          env={**CLEAN, "PYTHONPATH": str(hide)}, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "symdp[plot]" in done.stderr
    assert not (tmp_path / "figs").exists()


@pytest.mark.skipif(not _has("matplotlib"), reason="matplotlib (extra 'plot') is not installed")
def test_figures_with_the_plot_extra(env, tmp_path):
    _run(env, "figures", "--paper", "composition-subsampling", "--out", str(tmp_path / "figs"))
    assert sorted(p.suffix for p in (tmp_path / "figs").iterdir()) and any(
        p.suffix == ".png" for p in (tmp_path / "figs").iterdir())
