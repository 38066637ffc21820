"""Mutation check of the test suite: apply one deliberate bug at a time to a copy of the source,
run the tests that should notice, and count the mutants they kill.

    PYTHONPATH=. python benchmarks/mutation.py            # all mutants
    PYTHONPATH=. python benchmarks/mutation.py -k tie     # those whose name contains "tie"

Each mutant is (name, file, original text, mutated text, test files). The original text must
occur exactly once. The general mutants are below; the soundness-critical code has one file of
mutants per area in ``benchmarks/mutants/`` (each a module with a ``MUTANTS`` list of the same
tuples), collected here. A mutant that is *equivalent* (no test can tell it from the original,
because the behaviour is unchanged) is listed in ``EQUIVALENT`` of its file, name → reason;
the score counts it as justified, and reports it. A mutant is *killed* when pytest fails (any non-zero exit) within the time
limit; a timeout counts as killed too (the suite noticed something), and is shown as such.
The copy lives in a temporary folder, so the worktree is never modified.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

MUTANTS: list[tuple[str, str, str, str, tuple[str, ...]]] = [
    ("evaluator allow-list dropped (only the _ rule kept)", "symdp/evaluator.py",
     'if node.attr.startswith("_") or node.attr not in self.attributes:', 'if node.attr.startswith("_"):',
     ("tests/test_evaluator.py",)),
    ("lattice power adds exponents ((pair**a)**b = pair**(a+b))", "symdp/central/pld.py",
     "tuple((f, m * k) for f, m in self.factors)", "tuple((f, m + k) for f, m in self.factors)",
     ("tests/test_composition.py",)),
    ("chi2 contraction: beta = 1/2 shortcut for rows with equal entries", "symdp/local/contraction.py",
     "if Counter(zip(p, q)) == Counter(zip(q, p)):", "if sorted(map(str, p)) == sorted(map(str, q)):",
     ("tests/test_local.py",)),
    ("certify rounds ties toward zero", "symdp/numerics/decimals.py",
     "if 2 * (r - n) >= 1:", "if 2 * (r - n) > 1:", ("tests/test_numbers.py",)),
    ("erfc of an inexact ball straight from arb (no endpoint evaluation)", "symdp/numbers.py",
     "if x.is_exact() or not x.is_finite():", "if True:", ("tests/test_robustness.py",)),
    ("decimal format: fixed notation for positive exponents", "symdp/numerics/decimals.py",
     "if -7 < adjusted < 21 and exp10 <= 0:", "if -7 < adjusted < 21:", ("tests/test_numbers.py", "tests/test_evaluator.py")),
    ("Gaussian hockey-stick: sign of the second term", "symdp/central/pairs.py",
     "return self._phi(-e / self.mu + self.mu / 2) - g * self._phi(-e / self.mu - self.mu / 2)",
     "return self._phi(-e / self.mu + self.mu / 2) + g * self._phi(-e / self.mu - self.mu / 2)",
     ("tests/test_pairs.py", "tests/test_contracts.py")),
    ("Laplace delta: exponent halved wrongly", "symdp/central/pairs.py",
     "return 1 - sympy.exp((e1 - self.eps) / 2)", "return 1 - sympy.exp((e1 - self.eps) / 3)",
     ("tests/test_pairs.py", "tests/test_contracts.py")),
    ("finite hockey-stick ignores gamma", "symdp/central/pairs.py",
     "total = sum((a - gq * b for a, b in zip(*self._rational) if a > gq * b), fmpq(0))",
     "total = sum((a - b for a, b in zip(*self._rational) if a > gq * b), fmpq(0))",
     ("tests/test_pairs.py", "tests/test_contracts.py")),
    ("sign() reads 'not certainly negative' as positive", "symdp/numbers.py",
     "        if b > 0:\n            return 1\n        if b < 0:\n            return -1\n    # Only",
     "        if not b < 0:\n            return 1\n        if b < 0:\n            return -1\n    # Only",
     ("tests/test_numbers.py", "tests/test_params.py")),
    ("rate() excludes its upper end", "symdp/numerics/params.py",
     'lambda v: sign(v) >= 0 and sign(upper - v) >= 0, symbolic)', 'lambda v: sign(v) >= 0 and sign(upper - v) > 0, symbolic)',
     ("tests/test_params.py", "tests/test_subsampling.py")),
    ("'symdp eval -EXPR' read as an option again", "symdp/cli.py",
     "args = _parse(_parser(), _expression_first(argv))", "args = _parse(_parser(), argv)",
     ("tests/test_robustness.py",)),
    ("numpy floats taken as binary doubles", "symdp/numbers.py",
     "            return sympy.Rational(str(value))\n", "            return sympy.Rational(float(value))\n",
     ("tests/test_robustness.py",)),
    ("huge-order Renyi: sign slip in the certified sum", "symdp/central/pairs.py",
     "(1 - al) * arb_of(y, prec).log()", "(1 + al) * arb_of(y, prec).log()", ("tests/test_robustness.py",)),
    ("verify children print Fatal Python error again", "symdp/verify/isolation.py",
     "    faulthandler.disable()\n    _cap_memory(memory)", "    _cap_memory(memory)", ("tests/test_robustness.py",)),
    ("exp-atom zero test says zero for everything", "symdp/numbers.py",
     "return sympy.cancel(sympy.together(expr.xreplace(mapping))) == 0", "return True",
     ("tests/test_numbers.py", "tests/test_local.py")),
    ("expression depth not counted", "symdp/evaluator.py",
     "        self.depth += 1\n", "", ("tests/test_robustness.py", "tests/test_evaluator.py")),
    ("budget check compares against 1000x the limit", "symdp/limits.py",
     "    if needed > limit:", "    if needed > 1000 * limit:", ("tests/test_robustness.py",)),
    ("the time limit never reached (Stopwatch.check compares with 1000x seconds)", "symdp/limits.py",
     "        if elapsed > limit:", "        if elapsed > 1000 * limit:", ("tests/test_capacity.py",)),
    ("a file read whatever it is (no regular-file check)", "symdp/io/files.py",
     "        if not stat.S_ISREG(mode):", "        if False:", ("tests/test_robustness.py",)),
    ("a file longer than its limit accepted", "symdp/io/files.py",
     "        if size > max_bytes:", "        if False:", ("tests/test_robustness.py",)),
    ("a repeated sequence built before it is sized", "symdp/evaluator.py",
     "            if size + 1 > limit:\n                raise RefusedExpression(\n                    f\"refused: repeating",
     "            if False:\n                raise RefusedExpression(\n                    f\"refused: repeating",
     ("tests/test_robustness.py",)),
    ("an integrand's failure kept evaluating", "symdp/numerics/integration.py",
     "        if failure:\n            return _NAN", "        if False:\n            return _NAN",
     ("tests/test_robustness.py",)),
]


def _collect() -> tuple[list, dict[str, str]]:
    """The general mutants plus every ``benchmarks/mutants/*.py`` file's, and their equivalents."""
    import importlib.util
    mutants, equivalent = list(MUTANTS), {}
    for path in sorted((ROOT / "benchmarks" / "mutants").glob("*.py")):
        spec = importlib.util.spec_from_file_location(f"mutants_{path.stem}", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        mutants += getattr(module, "MUTANTS", [])
        equivalent.update(getattr(module, "EQUIVALENT", {}))
    return mutants, equivalent


def _copy() -> Path:
    tmp = Path(tempfile.mkdtemp(prefix="symdp-mutant-"))
    files = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    for name in files:
        if name.startswith(("symdp/", "tests/", "proofs/", "tables/", "docs/")) or name in ("pyproject.toml", "README.md"):
            dest = tmp / name
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, dest)
    return tmp


def run(selected: list, timeout: float) -> list[tuple[str, str, float]]:
    results = []
    for name, path, old, new, tests in selected:
        tree = _copy()
        try:
            target = tree / path
            text = target.read_text()
            if text.count(old) != 1:
                results.append((name, f"SKIPPED (original text occurs {text.count(old)} times)", 0.0))
                continue
            target.write_text(text.replace(old, new))
            start = time.perf_counter()
            try:
                done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", *tests],
                                      cwd=tree, env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin",
                                                     "HOME": str(tree)},
                                      capture_output=True, text=True, timeout=timeout)
                verdict = "killed" if done.returncode != 0 else "SURVIVED"
            except subprocess.TimeoutExpired:
                verdict = "killed (timeout)"
            results.append((name, verdict, time.perf_counter() - start))
        finally:
            shutil.rmtree(tree, ignore_errors=True)
        print(f"{results[-1][1]:18s} {results[-1][2]:7.1f} s  {name}", flush=True)
    return results


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-k", default="", help="only mutants whose name contains this text")
    parser.add_argument("--timeout", type=float, default=600, help="seconds per mutant (default 600)")
    args = parser.parse_args()
    mutants, equivalent = _collect()
    selected = [m for m in mutants if args.k in m[0]]
    results = run(selected, args.timeout)
    killed = sum(r[1].startswith("killed") for r in results)
    counted = sum(not r[1].startswith("SKIPPED") for r in results)
    survivors = [r[0] for r in results if r[1] == "SURVIVED"]
    unjustified = [name for name in survivors if name not in equivalent]
    print(f"\nmutation score: {killed}/{counted} mutants killed ({100 * killed / max(counted, 1):.1f} %)")
    for name in survivors:
        print(f"  survived: {name}: " + (f"equivalent ({equivalent[name]})" if name in equivalent else "NOT JUSTIFIED"))
    return 0 if not unjustified and killed + len(survivors) == counted else 1


if __name__ == "__main__":
    sys.exit(main())
