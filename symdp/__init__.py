"""symdp: exact and certified verification of differential-privacy mathematics.

Every number symdp returns is exact (a sympy expression, rational whenever the mathematics is)
or certified (a :class:`~symdp.numbers.Real` whose arb enclosures contain the true value).
"""

from .errors import ParameterError, PrecisionError, ResourceLimitError, SymdpError, UnsupportedError
from . import limits
from ._lazy import lazy_exports

__version__ = "0.1.0"

__all__ = [
    "Certified", "FinitePair", "LatticePair", "Pair", "ParameterError", "PrecisionError", "Real",
    "ResourceLimitError", "SymdpError", "UnsupportedError", "certify", "composed_deltas", "composed_tv",
    "dominating", "gaussian", "gdp", "laplace", "randomized_response", "staircase", "zcdp",
]

# The public names load on first use, so `import symdp` (and `symdp --help`) does not pay for
# sympy and python-flint (about 1.5 s) before anything is computed. They live in the subpackages
# (symdp.central for the pairs and guarantees); none is a module of this package's top level, so
# importing a module never rebinds a public name (symdp.staircase stays the constructor).
_LAZY = {
    **dict.fromkeys(("Certified", "Real", "certify"), ".numbers"),
    **dict.fromkeys(("FinitePair", "Pair", "dominating", "gaussian", "laplace", "randomized_response"),
                    ".central.pairs"),
    **dict.fromkeys(("LatticePair", "composed_deltas", "composed_tv"), ".central.composition"),
    **dict.fromkeys(("zcdp", "gdp"), ".central.renyi"),
    "staircase": ".central.staircase",
}
_MODULES = {"local": ".local"}


__getattr__, __dir__ = lazy_exports(__name__, _LAZY, _MODULES)
