"""symdp: exact and certified verification of differential-privacy mathematics.

Every number symdp returns is exact (a sympy expression, rational whenever the mathematics is)
or certified (a :class:`~symdp.numbers.Real` whose arb enclosures contain the true value).
"""

from .errors import ParameterError, PrecisionError, ResourceLimitError, SymdpError, UnsupportedError
from . import limits
from .numbers import Certified, Real, certify
from .pairs import FinitePair, Pair, dominating, gaussian, laplace, randomized_response
from .composition import LatticePair, composed_deltas, composed_tv
# Bound eagerly: importing the submodule symdp.staircase (tables do) would otherwise rebind the
# name to the module, and `symdp.staircase(...)` would stop being the constructor.
from .staircase import staircase

__version__ = "0.1.0"

__all__ = [
    "Certified", "FinitePair", "LatticePair", "Pair", "ParameterError", "PrecisionError", "Real",
    "ResourceLimitError",
    "SymdpError", "UnsupportedError", "certify", "composed_deltas", "composed_tv", "dominating",
    "gaussian", "laplace", "randomized_response",
]


def __getattr__(name: str):
    # Modules written per paper load lazily, so `import symdp` stays fast.
    import importlib
    lazy = {"local": ".local", "zcdp": ".renyi", "gdp": ".renyi"}
    if name in lazy:
        module = importlib.import_module(lazy[name], __name__)
        return module if name == "local" else getattr(module, name)
    raise AttributeError(f"module 'symdp' has no attribute {name!r}")
