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


_EVAL_PROBE = """
import contextlib, io, json, sys
import symdp.cli
with contextlib.redirect_stdout(io.StringIO()) as out:
    code = symdp.cli.main(["eval", sys.argv[1]])
print(json.dumps({"code": code, "out": out.getvalue().strip(), "count": len(sys.modules), "loaded": sorted(
    m for m in ("sympy", "mpmath", "numpy", "scipy", "symdp.numerics.lp", "symdp.local", "symdp.central.pairs") if m in sys.modules)}))
"""


def _eval_imports(expr: str) -> dict:
    import json
    out = subprocess.run([sys.executable, "-c", _EVAL_PROBE, expr], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


#: Modules a bare interpreter, argparse, json and python-flint (the rational decimals) bring:
#: 162 when this was written, against 821 when every expression imported the whole API.
ARITHMETIC_MODULES = 250


def test_eval_imports_only_what_the_expression_needs():
    """Rational arithmetic loads neither sympy nor the API; a Gaussian pair loads sympy and the
    pairs, not numpy, the LP or the local-privacy package."""
    arithmetic = _eval_imports("1/3 + 2**100 - 7//2")
    assert arithmetic["out"] == "1.26765060022822940149670320537e+30" and arithmetic["code"] == 0
    assert arithmetic["loaded"] == [] and arithmetic["count"] <= ARITHMETIC_MODULES, arithmetic
    pair = _eval_imports("gaussian(1).delta(1)")
    assert pair["out"].startswith("0.126936737506643945800829624") and pair["code"] == 0
    assert pair["loaded"] == ["mpmath", "symdp.central.pairs", "sympy"], pair
    assert arithmetic["count"] < pair["count"] / 3
