"""`symdp --help` and `import symdp` load neither sympy nor python-flint (about 1.5 s of a
2-core machine); the public names still resolve on first use."""

import subprocess
import sys

import pytest

_PROBE = """
import contextlib, io, sys
import symdp.cli
with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):
    symdp.cli.main(["--help"])
print(sorted(m for m in ("sympy", "flint", "mpmath", "numpy") if m in sys.modules))
"""


def test_help_loads_no_heavy_module():
    out = subprocess.run([sys.executable, "-c", _PROBE], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize("name", ["laplace", "certify", "LatticePair", "composed_deltas", "zcdp", "staircase"])
def test_lazy_public_names_resolve(name):
    import symdp
    assert callable(getattr(symdp, name)) and name in dir(symdp)


def test_lazy_accounting_names_resolve():
    import symdp.accounting as accounting
    assert callable(accounting.dpsgd_delta) and "Bracket" in dir(accounting)
    with pytest.raises(AttributeError):
        accounting.no_such_name  # noqa: B018
