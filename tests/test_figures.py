"""``symdp figures``: the tv-dp figures are written, the dispatcher skips missing modules."""

import argparse
import importlib

import pytest

from symdp import ParameterError
from symdp import figures


def test_figure1_alone(tmp_path):
    from symdp.figures import tv_dp
    path = tv_dp.figure1(tmp_path)
    assert path.exists() and path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.slow
def test_make_all_writes_seven_pngs_and_captions(tmp_path):
    from symdp.figures import tv_dp
    paths = tv_dp.make_all(tmp_path)
    pngs = sorted(tmp_path.glob("*.png"))
    assert [p.name for p in pngs] == [f"tv-dp-figure{i}.png" for i in range(1, 8)]
    assert all(p.stat().st_size > 5000 for p in pngs)
    captions = (tmp_path / "tv-dp-captions.md").read_text(encoding="utf-8")
    assert all(f"## Figure {i}" in captions for i in range(1, 8))
    assert "3516" in captions and set(pngs) <= set(paths)


def test_dispatcher_skips_missing_modules(tmp_path, capsys, monkeypatch):
    monkeypatch.setitem(figures.MODULES, "tv-dp", "no_such_module")
    assert figures.make("tv-dp", tmp_path) is None
    assert "skipped" in capsys.readouterr().out


def test_dispatcher_rejects_unknown_paper(tmp_path):
    with pytest.raises(ParameterError, match="paper"):
        figures.main(argparse.Namespace(paper="nope", out=str(tmp_path)))


def test_dispatcher_calls_make_all(tmp_path, monkeypatch):
    module = importlib.import_module("symdp.figures.tv_dp")
    monkeypatch.setattr(module, "make_all", lambda out: [out / "marker"])
    assert figures.main(argparse.Namespace(paper="tv-dp", out=str(tmp_path / "sub"))) == 0
    assert (tmp_path / "sub").is_dir()


def test_figure_data_needs_no_matplotlib():
    """The claims check the figures' data; that must work without the 'plot' extra."""
    import subprocess
    import sys
    code = ("import sys; sys.modules['matplotlib'] = None; "
            "import symdp.figures.tv_dp, symdp.figures.composition_subsampling")
    assert subprocess.run([sys.executable, "-c", code], capture_output=True).returncode == 0
