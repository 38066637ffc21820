"""Where the files that ship beside the package are: the claims (``proofs/``) and the reference
tables (``tables/``).

A source checkout (or an editable install) has them next to the ``symdp`` package; a wheel
installs them as data files under ``<prefix>/share/symdp/<kind>`` (pyproject.toml,
``[tool.setuptools.data-files]``), where ``<prefix>`` is the environment's prefix, or the user
base for ``pip install --user``. The distribution's own file list says which.
"""

from __future__ import annotations

import os
import sys
from importlib import metadata
from pathlib import Path

#: the folders that ship with the package, and the environment variable that overrides each
KINDS = {"proofs": "SYMDP_PROOFS", "tables": "SYMDP_TABLES"}


def data_dir(kind: str) -> Path:
    """The folder of `kind` (``"proofs"`` or ``"tables"``): ``$SYMDP_PROOFS`` / ``$SYMDP_TABLES``
    when set, else the folder next to the ``symdp`` package (a checkout), else the installed
    copy. When none exists, the path where a wheel would have put it (so that the caller's
    message names a real place)."""
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {', '.join(KINDS)}, got {kind!r}")
    if os.environ.get(KINDS[kind]):
        return Path(os.environ[KINDS[kind]])
    checkout = Path(__file__).resolve().parents[2] / kind  # symdp/io/installed.py: the checkout is 3 up
    if checkout.is_dir():
        return checkout
    return _installed(kind) or Path(sys.prefix) / "share" / "symdp" / kind


def _installed(kind: str) -> Path | None:
    """The installed folder of `kind`, from the RECORD of the installed ``symdp`` distribution."""
    try:
        files = metadata.distribution("symdp").files or []
    except metadata.PackageNotFoundError:
        return None
    parts = ("share", "symdp", kind)
    for file in files:
        p = Path(file)
        for i in range(len(p.parts) - len(parts)):
            if p.parts[i:i + len(parts)] == parts:
                folder = Path(file.locate()).resolve().parents[len(p.parts) - i - len(parts) - 1]
                if folder.is_dir():
                    return folder
    return None


def dist_versions(*dists: str) -> dict[str, str]:
    """The installed version of each distribution, ``"not installed"`` for a missing one (the
    environment header of the reference tables and of ``symdp compare``'s reports)."""
    out = {}
    for dist in dists:
        try:
            out[dist] = metadata.version(dist)
        except metadata.PackageNotFoundError:
            out[dist] = "not installed"
    return out
