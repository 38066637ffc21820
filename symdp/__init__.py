"""symdp: exact and certified verification of differential-privacy mathematics.

Every number symdp returns is exact (a sympy expression, rational whenever the mathematics is)
or certified (a :class:`~symdp.numbers.Real` whose arb enclosures contain the true value).
"""

import sys
import types

from .errors import ParameterError, PrecisionError, ResourceLimitError, SymdpError, UnsupportedError
from . import limits
from ._lazy import lazy_exports

__version__ = "0.1.0"

__all__ = [
    "Certified", "FinitePair", "LatticePair", "Pair", "ParameterError", "PrecisionError", "Real",
    "ResourceLimitError",
    "SymdpError", "UnsupportedError", "certify", "composed_deltas", "composed_tv", "dominating",
    "gaussian", "laplace", "randomized_response",
]

# The public names load on first use, so `import symdp` (and `symdp --help`) does not pay for
# sympy and python-flint (about 1.5 s) before anything is computed.
_LAZY = {
    **dict.fromkeys(("Certified", "Real", "certify"), ".numbers"),
    **dict.fromkeys(("FinitePair", "Pair", "dominating", "gaussian", "laplace", "randomized_response"), ".pairs"),
    **dict.fromkeys(("LatticePair", "composed_deltas", "composed_tv"), ".composition"),
    **dict.fromkeys(("zcdp", "gdp"), ".renyi"),
    "staircase": ".staircase",
}
_MODULES = {"local": ".local"}


__getattr__, __dir__ = lazy_exports(__name__, _LAZY, _MODULES)


class _Package(types.ModuleType):
    """Importing the submodule ``symdp.staircase`` binds the package attribute ``staircase`` to
    the module; the public name is the constructor, so the binding is redirected to it."""

    def __setattr__(self, name: str, value: object) -> None:
        if _LAZY.get(name) == "." + name and isinstance(value, types.ModuleType):
            value = getattr(value, name)
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package
