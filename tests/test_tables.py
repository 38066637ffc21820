"""Reference tables: deterministic builds, tamper detection, and the values against
independent routes (mpmath quadrature and closed forms evaluated outside symdp)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import mpmath
import pytest
import sympy

from symdp.tables import build, check, cli, compute_row, parse_param, spec
from symdp.tables import manifest as mf
from symdp.tables.specs import SPECS

SMALL = ["zcdp_epsilon", "gaussian_sigma"]


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    d = tmp_path_factory.mktemp("tables")
    build(SMALL, d, progress=False)
    return d


def _files(d: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(d.iterdir())}


def _copy(src: Path, dst: Path) -> Path:
    dst.mkdir()
    for name, data in _files(src).items():
        (dst / name).write_bytes(data)
    return dst


def test_registry_is_well_formed():
    names = [s.name for s in SPECS]
    assert len(names) == len(set(names)) >= 10
    for s in SPECS:
        assert s.grid and all(len(r) == len(s.params) for r in s.grid), s.name
        assert len(set(s.grid)) == len(s.grid), f"{s.name} has duplicate grid rows"
        assert s.side in ("upper", "lower", "both")


def test_parse_param_is_exact_and_restricted():
    assert parse_param("1e-30") == sympy.Rational(1, 10 ** 30)
    assert str(parse_param("0.1")) == "1/10"
    assert str(parse_param("log(11/10)")) == "log(11/10)"
    # the last three would make sympy build astronomically large integers while parsing
    for bad in ("__import__('os')", "x", "lambda: 1", "1;2", "9**9**9**9", "1e-999999999", "1" * 101):
        with pytest.raises(ValueError):
            parse_param(bad)


def test_build_then_full_check_passes(built):
    report = check(built, progress=False)
    assert report.ok, [str(p) for p in report.problems]
    assert report.recomputed == sum(len(spec(n).grid) for n in SMALL)
    manifest = json.loads((built / mf.MANIFEST).read_text())
    assert set(manifest["tables"]) >= set(SMALL)
    assert manifest["versions"]["symdp"]


def test_rebuild_is_byte_identical_across_processes(built, tmp_path):
    again = tmp_path / "again"
    build(SMALL, again, jobs=2, progress=False)
    assert _files(again) == _files(built)


def test_edited_digit_is_named_by_file_and_row(built, tmp_path):
    d = _copy(built, tmp_path / "t")
    path = d / "zcdp_epsilon.csv"
    lines = path.read_text().splitlines(keepends=True)
    cells = lines[4].split(",")
    value = cells[2]
    cells[2] = value[:-1] + ("1" if value[-1] != "1" else "2")
    lines[4] = ",".join(cells)
    path.write_text("".join(lines))
    report = check(d, progress=False)
    assert not report.ok
    assert [(p.file, p.line) for p in report.problems] == [("zcdp_epsilon.csv", 5)]
    args = argparse.Namespace(action="check", names=[str(d)], jobs=1, scheduler=None, dir=None, sample=None, seed=0)
    assert cli(args) == 1


def test_manifest_and_spec_tampering_detected(built, tmp_path):
    d = _copy(built, tmp_path / "m")
    manifest = json.loads((d / mf.MANIFEST).read_text())
    manifest["tables"]["gaussian_sigma"]["csv_sha256"] = "0" * 64
    (d / mf.MANIFEST).write_bytes(mf.json_bytes(manifest))
    spec_path = d / "zcdp_epsilon.spec.json"
    spec_path.write_text(spec_path.read_text().replace('"digits": 25', '"digits": 24'))
    problems = {str(p) for p in check(d, progress=False).problems}
    assert any(p.startswith("gaussian_sigma.csv") for p in problems)
    assert any(p.startswith("zcdp_epsilon.spec.json") and "edited" in p for p in problems)


def test_consistent_forgery_is_caught_by_recomputation(built, tmp_path):
    """Rewriting a value AND the manifest hashes passes the hash check; recomputation fails."""
    d = _copy(built, tmp_path / "f")
    header, rows = mf.read_csv((d / "gaussian_sigma.csv").read_bytes())
    rows[7][2] = "1.000000000000000000000000"
    data = mf.csv_bytes(header, rows)
    (d / "gaussian_sigma.csv").write_bytes(data)
    manifest = json.loads((d / mf.MANIFEST).read_text())
    manifest["tables"]["gaussian_sigma"] = mf.table_entry("gaussian_sigma", data, (d / "gaussian_sigma.spec.json").read_bytes(), rows)
    (d / mf.MANIFEST).write_bytes(mf.json_bytes(manifest))
    report = check(d, progress=False)
    assert [(p.file, p.line) for p in report.problems] == [("gaussian_sigma.csv", 9)]
    assert "value" in report.problems[0].message
    # the sampled check recomputes exactly `sample` rows per table, the same ones for a seed
    sampled = check(d, sample=3, seed=1, progress=False)
    assert sampled.recomputed == 3 * len(SMALL)
    assert [str(p) for p in sampled.problems] == [str(p) for p in check(d, sample=3, seed=1, progress=False).problems]
    caught = [s for s in range(40) if not check(d, names=["gaussian_sigma"], sample=3, seed=s, progress=False).ok]
    assert caught and len(caught) < 40


def test_unlisted_file_and_missing_manifest(built, tmp_path):
    d = _copy(built, tmp_path / "u")
    (d / "extra.csv").write_text("a,b\n")
    assert any(p.file == "extra.csv" for p in check(d, progress=False).problems)
    (d / mf.MANIFEST).unlink()
    assert not check(d, progress=False).ok


def test_dask_scheduler_gives_the_same_bytes(built, tmp_path):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        out = tmp_path / "dask"
        build(["zcdp_epsilon"], out, scheduler=cluster.scheduler_address, progress=False)
    assert (out / "zcdp_epsilon.csv").read_bytes() == (built / "zcdp_epsilon.csv").read_bytes()


# ---- values against independent routes --------------------------------------------------


def _interval(cells, n):
    return mpmath.mpf(cells[n + 1]), mpmath.mpf(cells[n + 2])


def _phi_bar(x):
    return mpmath.erfc(x / mpmath.sqrt(2)) / 2


@pytest.mark.parametrize("sigma,eps", [("1/2", "3"), ("5", "1/10"), ("20", "20"), ("1", "0")])
def test_gaussian_delta_against_mpmath(sigma, eps):
    with mpmath.workdps(60):
        cells = compute_row("gaussian_delta", (sigma, eps))
        s, e = (mpmath.mpf(parse_param(v).p) / parse_param(v).q for v in (sigma, eps))
        truth = _phi_bar(e * s - 1 / (2 * s)) - mpmath.exp(e) * _phi_bar(e * s + 1 / (2 * s))
        lo, hi = _interval(cells, 2)
        assert lo <= truth <= hi


def _bisect(g, lo, hi):
    for _ in range(200):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if g(mid) < 0 else (lo, mid)
    return (lo + hi) / 2


def _subsampled_quadrature(q, s, eps):
    """max over both directions of ∫ (a − e^ε b)₊ by mpmath quadrature, split where the
    (monotone) log-likelihood ratio log(p/r) crosses ±ε, found by bisection."""
    p = lambda y: (1 - q) * mpmath.npdf(y, 0, s) + q * mpmath.npdf(y, 1, s)
    r = lambda y: mpmath.npdf(y, 0, s)
    llr = lambda y: mpmath.log((1 - q) + q * mpmath.exp((2 * y - 1) / (2 * s * s)))
    x = mpmath.exp(eps)
    remove_kink = _bisect(lambda y: llr(y) - eps, mpmath.mpf(-200), mpmath.mpf(200))
    remove = mpmath.quad(lambda y: p(y) - x * r(y), [remove_kink, remove_kink + 20 * s, mpmath.inf])
    if mpmath.log(1 - q) >= -eps:
        return remove
    add_kink = _bisect(lambda y: llr(y) + eps, mpmath.mpf(-200), mpmath.mpf(200))
    add = mpmath.quad(lambda y: r(y) - x * p(y), [-mpmath.inf, add_kink - 20 * s, add_kink])
    return max(remove, add)


@pytest.mark.parametrize("q,sigma,eps", [("1e-2", "1", "1e-3"), ("1/2", "2", "1/10"), ("1/10", "1", "1")])
def test_subsampled_gaussian_delta_against_quadrature(q, sigma, eps):
    with mpmath.workdps(30):
        cells = compute_row("subsampled_gaussian_delta", (q, sigma, eps))
        qq, s, e = (mpmath.mpf(parse_param(v).p) / parse_param(v).q for v in (q, sigma, eps))
        truth = _subsampled_quadrature(qq, s, e)
        assert abs(truth - mpmath.mpf(cells[3])) <= mpmath.mpf(10) ** -18 * truth


def test_subsampled_gaussian_delta_reference_value():
    # Steinke reference §6 item 7: q = 0.01, σ = 1, ε = 0.001: remove δ 0.00353733558046676
    cells = compute_row("subsampled_gaussian_delta", ("1e-2", "1", "1e-3"))
    assert cells[3].startswith("0.00353733558046676")


def test_kov_delta_against_binomial_sum():
    """Exact rational route: δ = Σ_i C(k,i) (e^{(k−i)ε₀} − e^ε e^{iε₀})₊ / (1+e^{ε₀})^k (KOV)."""
    from fractions import Fraction
    from math import comb
    k, a = 10, Fraction(2)
    for j in (0, 1, 3, 7):
        gamma = a ** j
        truth = sum(comb(k, i) * max(a ** (k - i) - gamma * a ** i, 0) for i in range(k + 1)) / (1 + a) ** k
        cells = compute_row("kov_delta", ("log(2)", str(k), f"{j}*log(2)"))
        assert Fraction(cells[4]) <= truth <= Fraction(cells[5])


def test_committed_tables_pass_a_sampled_check():
    """CI's guard on the shipped tables: hashes, specs, and 2 recomputed rows per table."""
    committed = Path(__file__).resolve().parent.parent / "tables"
    report = check(committed, sample=2, progress=False)
    assert report.ok, report.problems
    assert report.recomputed >= 2 * len(SPECS)


def test_sampled_check_compares_every_row_digest(built, tmp_path):
    """An edited row whose file hash was rewritten in the manifest (its row digest was not) is
    named even by a sampled check that does not recompute it."""
    d = _copy(built, tmp_path / "s")
    path = d / "zcdp_epsilon.csv"
    header, rows = mf.read_csv(path.read_bytes())
    rows[-1][2] = rows[-1][2][:-1] + ("1" if rows[-1][2][-1] != "1" else "2")
    path.write_bytes(mf.csv_bytes(header, rows))
    manifest = json.loads((d / mf.MANIFEST).read_text())
    manifest["tables"]["zcdp_epsilon"]["csv_sha256"] = mf.sha256(path.read_bytes())
    (d / mf.MANIFEST).write_bytes(mf.json_bytes(manifest))
    report = check(d, names=["zcdp_epsilon"], sample=1, seed=0, progress=False)
    assert [(p.file, p.line) for p in report.problems] == [("zcdp_epsilon.csv", len(rows) + 1)]


def test_malformed_table_files_are_named_by_file_line_and_column(built, tmp_path):
    """A cell beyond the csv module's field limit, bytes that are not UTF-8 and a manifest that
    is not JSON: each is refused naming the file, the line and the column, never an internal error."""
    import csv

    from symdp.cli import main
    from symdp.errors import ResourceLimitError
    from symdp.testing import load_table
    d = _copy(built, tmp_path / "c")
    path = d / "gaussian_sigma.csv"
    lines = path.read_text().splitlines(keepends=True)
    cells = lines[2].split(",")
    cells[3] = "9" * (csv.field_size_limit() + 1)
    lines[2] = ",".join(cells)
    path.write_text("".join(lines))
    with pytest.raises(mf.MalformedFile, match=r"gaussian_sigma.csv:3, column 4: a cell longer than"):
        load_table("gaussian_sigma", dir=d)
    problems = check(d, progress=False).problems
    assert [(p.file, p.line) for p in problems] == [("gaussian_sigma.csv", 3)] and "column 4" in problems[0].message
    assert main(["tables", "check", "--dir", str(d)]) == 1
    path.write_bytes(b"sigma,eps\n1,\xff\n")
    with pytest.raises(mf.MalformedFile, match=r":2, column 3: byte 0xff is not UTF-8"):
        load_table("gaussian_sigma", dir=d)
    header = lines[0]
    path.write_text(header + "1,1,0.5,x,0.6,\n")
    with pytest.raises(mf.MalformedFile, match=r":2, column 4: not a decimal or a fraction: 'x'"):
        load_table("gaussian_sigma", dir=d)
    path.write_text(header + "1,1,0.5\n")
    with pytest.raises(mf.MalformedFile, match=r":2: 3 cells where the header has"):
        load_table("gaussian_sigma", dir=d)
    # Fraction("1e-999999999") would build a 10^9-digit integer: refused by its size first
    path.write_text(header + "1,1,0.5,1e-999999999,0.6,\n")
    with pytest.raises(ResourceLimitError, match="rational_bits"):
        load_table("gaussian_sigma", dir=d)
    (d / mf.MANIFEST).write_text('{"tables": {\n  "x": }\n')
    assert [(p.file, p.line) for p in check(d, progress=False).problems] == [(mf.MANIFEST, 2)]


@pytest.mark.parametrize("field, value, needle", [
    ("csv", "../../outside.csv", "'csv' must be 'gaussian_sigma.csv'"),
    ("csv_sha256", None, "'csv_sha256' must be a sha256"),
    ("row_digests", "abc", "'row_digests' must be a list"),
    ("rows", "many", "'rows' must be the number of row digests"),
])
def test_a_manifest_entry_symdp_did_not_write_is_refused(built, tmp_path, field, value, needle):
    """A manifest is user input too: an entry whose fields are not those symdp writes (a file
    outside the folder, a missing hash) is one problem naming the manifest, never a crash."""
    from symdp.cli import main
    d = _copy(built, tmp_path / "e")
    manifest = json.loads((d / mf.MANIFEST).read_text())
    manifest["tables"]["gaussian_sigma"][field] = value
    (d / mf.MANIFEST).write_bytes(mf.json_bytes(manifest))
    problems = check(d, progress=False).problems
    assert [p.file for p in problems] == [mf.MANIFEST] and needle in problems[0].message
    assert main(["tables", "list", "--dir", str(d)]) == 1


def test_tables_list_names_every_table_with_its_rows(built, capsys):
    from symdp.cli import main
    assert main(["tables", "list", "--dir", str(built)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in out] == [s.name for s in SPECS]
    shown = {line.split()[0]: line for line in out}
    for name in SMALL:
        assert f"{len(spec(name).grid)} rows" in shown[name] and spec(name).title in shown[name]
    assert "not built" in shown["gaussian_delta"]


def test_check_recomputes_from_the_grid_not_from_the_file(built, tmp_path):
    """A forged row with consistent hashes whose parameter would make sympy expand 9**9**9**9 is
    named as off the spec's grid, and nothing is parsed from it."""
    d = _copy(built, tmp_path / "g")
    header, rows = mf.read_csv((d / "gaussian_sigma.csv").read_bytes())
    rows[3][0] = "9**9**9**9"
    data = mf.csv_bytes(header, rows)
    (d / "gaussian_sigma.csv").write_bytes(data)
    manifest = json.loads((d / mf.MANIFEST).read_text())
    manifest["tables"]["gaussian_sigma"] = mf.table_entry("gaussian_sigma", data, (d / "gaussian_sigma.spec.json").read_bytes(), rows)
    (d / mf.MANIFEST).write_bytes(mf.json_bytes(manifest))
    report = check(d, names=["gaussian_sigma"], sample=1, progress=False)
    assert [(p.file, p.line) for p in report.problems] == [("gaussian_sigma.csv", 5)]
    assert "not the grid point" in report.problems[0].message and report.recomputed == 0


def test_the_last_row_is_compared_like_every_other(built, tmp_path):
    """The manifest's row digests and the recomputation both reach the last row: a deleted last row
    is named as missing, an appended one as not in the manifest, and a consistent forgery of the
    last row (value and every manifest hash rewritten) is caught by recomputing it."""
    d = _copy(built, tmp_path / "last")
    path = d / "zcdp_epsilon.csv"
    original = path.read_bytes()
    header, rows = mf.read_csv(original)
    path.write_bytes(mf.csv_bytes(header, rows[:-1]))
    assert [(p.file, p.line, "1 row(s) missing" in p.message) for p in check(d, names=["zcdp_epsilon"], progress=False).problems] \
        == [("zcdp_epsilon.csv", len(rows) + 1, True)]
    path.write_bytes(mf.csv_bytes(header, rows + [rows[-1]]))
    problems = check(d, names=["zcdp_epsilon"], progress=False).problems
    assert ("zcdp_epsilon.csv", len(rows) + 2) in [(p.file, p.line) for p in problems]
    forged = [list(r) for r in rows]
    forged[-1][2] = forged[-1][2][:-1] + ("1" if forged[-1][2][-1] != "1" else "2")
    data = mf.csv_bytes(header, forged)
    path.write_bytes(data)
    manifest = json.loads((d / mf.MANIFEST).read_text())
    manifest["tables"]["zcdp_epsilon"] = mf.table_entry("zcdp_epsilon", data, (d / "zcdp_epsilon.spec.json").read_bytes(), forged)
    (d / mf.MANIFEST).write_bytes(mf.json_bytes(manifest))
    assert [(p.file, p.line) for p in check(d, names=["zcdp_epsilon"], progress=False).problems] == [("zcdp_epsilon.csv", len(rows) + 1)]
