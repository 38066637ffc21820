"""symdp compare: the case runner and report, and each adapter (skipped when its library is
not installed)."""

from __future__ import annotations

import argparse
import importlib.util

import pytest

from symdp import compare
from symdp.compare import ADAPTERS, Case, evaluate, markdown, summarize
from symdp.tables import build
from symdp.testing import load_table

LIBRARIES = {"dp_accounting": "dp_accounting", "prv_accountant": "prv_accountant", "autodp": "autodp",
             "opendp": "opendp", "opacus": "opacus"}


@pytest.fixture(scope="module")
def tables(tmp_path_factory):
    d = tmp_path_factory.mktemp("tables")
    build(["zcdp_epsilon", "gaussian_sigma"], d, progress=False)
    return d


def test_every_adapter_imports_and_reports_availability():
    for name in ADAPTERS:
        adapter = compare.load_adapter(name)
        assert adapter.SETUP and adapter.DISTRIBUTION
        installed = importlib.util.find_spec(LIBRARIES[name]) is not None
        if not installed:
            assert compare.available(name) is False


@pytest.mark.parametrize("name", sorted(ADAPTERS))
def test_missing_library_exits_2(name, capsys):
    if importlib.util.find_spec(LIBRARIES[name]) is not None:
        pytest.skip(f"{name} is installed")
    assert compare.main(argparse.Namespace(name=name, out=None)) == 2
    assert "not installed" in capsys.readouterr().err


def test_unknown_library_exits_2(capsys):
    assert compare.main(argparse.Namespace(name="nope", out=None)) == 2


def test_runner_flags_non_conservative_and_writes_reproduction(tables):
    row = load_table("zcdp_epsilon", tables).rows[0]
    truth = float(row.decimal)
    ns = {}
    under = evaluate(Case("zcdp_epsilon", row, "fake", f"{truth!r} * 0.99"), ns)
    over = evaluate(Case("zcdp_epsilon", row, "fake", f"{truth!r} * 1.01"), ns)
    crash = evaluate(Case("zcdp_epsilon", row, "fake", "1/0"), ns)
    assert under.non_conservative and not over.non_conservative and over.rel_error > 0.009
    assert crash.value is None and "ZeroDivisionError" in crash.message
    # a value off by rounding-level amounts is not called non-conservative
    tiny = evaluate(Case("zcdp_epsilon", row, "fake", f"{truth!r} * (1 - 1e-15)"), ns)
    assert not tiny.non_conservative
    summary = summarize([under, over, crash])
    assert summary[0]["non_conservative"] == 1 and summary[0]["errors"] == 1
    text = markdown("fake", "import math", [under, over, crash], {"fake": "0"})
    assert f"print({truth!r} * 0.99)" in text and "Non-conservative results (1)" in text


@pytest.mark.parametrize("name", sorted(ADAPTERS))
def test_adapter_runs_on_its_tables(name, tables):
    pytest.importorskip(LIBRARIES[name])
    results = compare.run(name, tables, limit=1)
    assert all(r.value is not None for r in results if r.case.table in ("zcdp_epsilon", "gaussian_sigma")), \
        [r.message for r in results if r.value is None]
