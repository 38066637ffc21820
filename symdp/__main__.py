"""``python -m symdp`` is the ``symdp`` command."""

import sys

from .cli import main

sys.exit(main())
