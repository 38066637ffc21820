"""symdp: exact and certified verification of differential-privacy mathematics.

Every number symdp returns is exact (a sympy expression, rational whenever the mathematics is)
or certified (a :class:`~symdp.numbers.Real` whose arb enclosures contain the true value).
"""

from .errors import ParameterError, PrecisionError, ResourceLimitError, SymdpError, UnsupportedError
from . import limits
from ._lazy import keep_functions_over_submodules, lazy_exports

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
keep_functions_over_submodules(__name__, _LAZY)  # symdp.staircase stays the constructor
