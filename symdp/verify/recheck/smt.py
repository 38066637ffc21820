"""SMT-LIB certificates replayed in a fresh solver process."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path
from typing import Mapping

from .verdicts import Disagrees, Inconclusive

#: Seconds one SMT-LIB query may take in the fresh z3 process.
SMT_TIMEOUT = 120


def replay(cert: Mapping, holder: Mapping) -> str:
    # nlsat is complete for this logic (quantifier-free nonlinear real arithmetic); z3's default
    # strategy may give up where it does not
    query = str(cert["query"]).replace("(check-sat)", "")
    query += "\n(check-sat-using qfnra-nlsat)\n"
    binary = shutil.which("z3") or shutil.which("z3", path=str(Path(sys.executable).parent))
    if binary:
        command = [binary, "-in", "-smt2"]
    else:  # the z3 module in a fresh interpreter: nothing of this process is shared
        command = [sys.executable, "-c", "import sys, z3; s = z3.Tactic('qfnra-nlsat').solver(); "
                   "s.from_string(sys.stdin.read().replace('(check-sat-using qfnra-nlsat)', '')); print(s.check())"]
    try:
        done = subprocess.run(command, input=query, capture_output=True, text=True, timeout=SMT_TIMEOUT)
    except subprocess.TimeoutExpired:
        raise Inconclusive(f"the fresh z3 process did not answer within {SMT_TIMEOUT} s") from None
    answer = done.stdout.strip().splitlines()[-1:] or [done.stderr.strip()[:200]]
    if answer[0] == "unsat":
        return f"fresh z3 process ({'binary' if binary else 'python'}): unsat"
    if answer[0] == "sat":
        raise Disagrees("a fresh z3 process finds the negation satisfiable")
    raise Inconclusive(f"the fresh z3 process answered {answer[0]!r}")
