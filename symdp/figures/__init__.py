"""``symdp figures``: reproduce the papers' figures as PNG files.

Each paper key maps to a module ``symdp.figures.<module>`` whose ``make_all(out_dir)`` writes
its figures (and a captions file stating every parameter the paper leaves open) and returns the
paths written. Data are exact or certified; floats appear only at the plotting edge.
"""

from __future__ import annotations

import importlib
from pathlib import Path

from ..errors import ParameterError

#: paper key → module under symdp.figures
MODULES = {"tv-dp": "tv_dp", "composition-subsampling": "composition_subsampling", "extremal-ldp": "extremal_ldp",
           "egamma-ldp": "egamma_ldp", "lmidp": "lmidp"}


def make(paper: str, out_dir: Path | str) -> list[Path] | None:
    """Run one paper's ``make_all``; None (with a message) when its module is not installed."""
    if paper not in MODULES:
        raise ParameterError(f"paper must be one of {sorted(MODULES)}, got {paper!r}")
    name = f"{__name__}.{MODULES[paper]}"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as err:
        if err.name != name:
            raise
        print(f"symdp figures: no figures for {paper} yet ({name} is missing), skipped")
        return None
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    return module.make_all(out)


def main(args) -> int:
    """Entry point of ``symdp figures [--paper KEY] [--out DIR]`` (``args.paper`` None = all)."""
    papers = [args.paper] if args.paper else list(MODULES)
    for paper in papers:
        written = make(paper, args.out)
        for path in written or []:
            print(path)
    return 0
