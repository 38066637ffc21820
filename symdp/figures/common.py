"""Plot helpers shared by the figure modules: Agg backend, float conversion at the edge,
the (type-I, type-II) error square, saving, and the captions file."""

from __future__ import annotations

from pathlib import Path
from typing import Iterable, Mapping

from ..numbers import arb_of

__all__ = ["subplots", "to_float", "floats", "error_square", "save", "write_captions"]


def _pyplot():
    """matplotlib.pyplot on the Agg backend, imported only when drawing: the figures' data
    (which the claims check) needs only symdp's core dependencies, not the 'plot' extra."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def subplots(*args, **kwargs):
    """``matplotlib.pyplot.subplots`` on the Agg backend."""
    return _pyplot().subplots(*args, **kwargs)


def to_float(value: object) -> float:
    """The midpoint of a 64-bit enclosure of an exact or certified value: for plotting only."""
    return float(arb_of(value, 64).mid())


def floats(values: Iterable[object]) -> list[float]:
    return [to_float(v) for v in values]


def error_square(ax, title: str) -> None:
    """Axes for a privacy region: type-I error β_I horizontally, type-II error β_II vertically."""
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.set_aspect("equal")
    ax.set_xlabel(r"type-I error $\beta_{\mathrm{I}}$")
    ax.set_ylabel(r"type-II error $\beta_{\mathrm{II}}$")
    ax.set_title(title, fontsize=9)
    ax.grid(True, alpha=0.3)


def save(fig, path: Path) -> Path:
    fig.savefig(path, dpi=120, bbox_inches="tight")
    _pyplot().close(fig)
    return path


def write_captions(path: Path, heading: str, captions: Mapping[str, str]) -> Path:
    """A Markdown file with one section per figure."""
    lines = [f"# {heading}", ""]
    for name, text in captions.items():
        lines += [f"## {name}", "", text, ""]
    path.write_text("\n".join(lines), encoding="utf-8")
    return path
