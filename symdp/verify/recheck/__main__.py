"""``python -I symdp/verify/recheck REPORT.json``: the re-checker alone, with nothing of symdp imported
(its folder's parent goes on the path and the package is imported as ``recheck``)."""

import sys

if __package__ in (None, ""):
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from recheck import main
else:
    from . import main

sys.exit(main())
