"""The one guard every certified result passes before it is returned.

A certified value is only as good as the invariants that make it true: lower ≤ upper, masses
within their bounds, an LP basis primal and dual feasible, a proof without a witness. Each
certifying route states those invariants through :func:`ensure` immediately before it returns,
so a bug anywhere upstream surfaces as :class:`CertificateViolation` instead of a wrong number.

`CertificateViolation` deliberately does **not** derive from :class:`symdp.SymdpError`: code that
catches symdp's own errors to try another route (a higher precision, a fallback algorithm) must
never swallow a broken certificate. It is not an ``assert`` either, so ``python -O`` keeps it.
"""
from __future__ import annotations

from typing import Any

__all__ = ["CertificateViolation", "ensure", "ensure_ordered", "checks"]


class CertificateViolation(RuntimeError):
    """A certified result failed one of its own invariants: a bug in symdp, never bad input."""


_checks = 0


def checks() -> int:
    """How many invariants have been verified in this process (for the cost benchmark)."""
    return _checks


def ensure(condition: object, invariant: str, **context: Any) -> None:
    """Raise :class:`CertificateViolation` naming `invariant` (and `context`) unless `condition`.

    `condition` must be a decided truth value: a sympy relational that cannot be decided is an
    error of the caller, so it is converted with ``bool`` and a ``TypeError`` propagates.
    """
    global _checks
    _checks += 1
    if not bool(condition):
        detail = "".join(f"; {key} = {_short(value)}" for key, value in context.items())
        raise CertificateViolation(f"certificate violated: {invariant}{detail}; please report this as a symdp bug")


def ensure_ordered(lower: object, upper: object, what: str) -> None:
    """lower ≤ upper for a bracket or enclosure of `what` (rationals, fmpq, or anything with ≤).

    An infinite upper end (sympy ``oo`` or ``None``) always passes.
    """
    if upper is None:
        ensure(True, what)
        return
    ensure(lower <= upper, f"lower end ≤ upper end of {what}", lower=lower, upper=upper)


def _short(value: object, width: int = 80) -> str:
    text = str(value)
    return text if len(text) <= width else text[: width - 3] + "..."
