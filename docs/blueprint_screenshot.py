"""Regenerate docs/blueprint.png, the README's picture of a blueprint page.

    python docs/blueprint_screenshot.py        # about a minute: verifies one paper, then one Chromium screenshot

Reports and figures are generated, not committed; this screenshot is the one exception, because a
README read on a code host cannot run ``symdp verify``. It shows the page of the paper with the most
claims (Kairouz–Oh–Viswanath, ``extremal-ldp``: 61), as ``symdp verify --paper extremal-ldp`` writes it
at the commit the file was made from; rerun this script when the pages change.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from symdp.cli import main

OUT = Path(__file__).resolve().parent / "blueprint.png"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync", "--hide-scrollbars"]


def shoot(page: Path, out: Path, width: int = 1280, height: int = 1000) -> None:
    """A screenshot of `page` by headless Chromium (Debian's package: ``apt-get install -y chromium``)."""
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None:
        sys.exit("Chromium is needed: apt-get install -y chromium")
    with tempfile.TemporaryDirectory() as profile:
        subprocess.run([browser, *FLAGS, f"--user-data-dir={profile}", f"--window-size={width},{height}",
                        f"--screenshot={out}", page.as_uri()], check=True, capture_output=True, timeout=300)


if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as folder:
        main(["verify", "--paper", "extremal-ldp", "--out", folder])
        shoot(Path(folder) / "extremal-ldp.html", OUT)
    print(f"wrote {OUT}")
