"""The shared certificate guard: it raises on a false invariant, survives -O, and is not a SymdpError."""
import subprocess
import sys

import pytest
import sympy

from symdp.certificate import CertificateViolation, ensure, ensure_ordered
from symdp.errors import SymdpError


def test_false_invariant_raises_naming_it():
    with pytest.raises(CertificateViolation, match="masses sum to at most 2\\^bits.*total = 5"):
        ensure(False, "masses sum to at most 2^bits", total=5)


def test_true_invariant_passes_and_order_checks_rationals():
    ensure(True, "anything")
    ensure_ordered(sympy.Rational(1, 3), sympy.Rational(1, 2), "a bracket")
    ensure_ordered(sympy.Rational(1, 3), sympy.oo, "a bracket")
    with pytest.raises(CertificateViolation, match="lower end ≤ upper end of a bracket"):
        ensure_ordered(sympy.Rational(1, 2), sympy.Rational(1, 3), "a bracket")


def test_not_swallowed_by_symdp_error_handlers():
    assert not issubclass(CertificateViolation, SymdpError)


def test_guard_survives_optimised_mode():
    code = "from symdp.certificate import ensure\ntry:\n    ensure(False, 'x')\nexcept RuntimeError:\n    raise SystemExit(7)\n"
    assert subprocess.run([sys.executable, "-O", "-c", code]).returncode == 7
