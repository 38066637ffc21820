"""Certified integration (python-flint's ``acb.integral``) with its work bounded.

``acb.integral`` evaluates the integrand from C. Nothing inside the integrand can stop it: an
exception raised there (the timer signal of ``symdp eval``, a ``ResourceLimitError``) is set aside
and the integration goes on calling the integrand to the end (measured: a ``SystemError`` after
every remaining evaluation ran), and its default evaluation budget, 1000·prec + prec², is 7·10¹⁰
evaluations at the limit ``max_prec``. A subsampled-Gaussian moment at α = 10⁹ + 1/2 ran past
150 s of a 60 s limit that way.

:func:`integral` therefore bounds the work twice: at most :data:`EVALUATIONS` evaluations
(``eval_limit``), and once the time limit ``seconds`` of :mod:`symdp.limits` has passed, or the
integrand has raised, every remaining evaluation returns a non-finite ball at once (which the
integrator takes as "no enclosure here" and stops refining within its budget), and the error is
raised when the integration returns. A non-finite ball is always a valid answer: the caller's
certification loop refines or refuses, never reads it as a number.
"""

from __future__ import annotations

from typing import Callable

from flint import acb, arb

from .. import limits

__all__ = ["integral", "EVALUATIONS"]

#: Integrand evaluations of one integral (arb's own default is 1000·prec + prec²: 144 000 at 128
#: bits, 7·10¹⁰ at 2¹⁸).
EVALUATIONS = 200_000

_NAN = acb(arb("nan"))


def integral(func: Callable[[acb, bool], acb], a: object, b: object, *, rel_tol: arb | None = None,
             what: str = "a certified integral", eval_limit: int = EVALUATIONS) -> acb:
    """∫_a^b func(x) dx as an acb ball (``acb.integral``: `func(x, analytic)` must forward the
    analytic flag), within `eval_limit` evaluations and the time limit."""
    watch = limits.Stopwatch(what)
    failure: list[BaseException] = []

    def guarded(x: acb, analytic: bool) -> acb:
        if failure:
            return _NAN
        try:
            watch.check()
            return func(x, analytic)
        except BaseException as err:  # noqa: BLE001 - kept and raised once the C loop returns
            failure.append(err)
            return _NAN

    options = {"eval_limit": eval_limit}
    if rel_tol is not None:
        options["rel_tol"] = rel_tol
    with watch.running():
        result = acb.integral(guarded, a, b, **options)
    if failure:
        raise failure[0]
    return result
