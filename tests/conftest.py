"""Shared test set-up: every test starts at python-flint's and mpmath's default precision,
and hypothesis runs a modest number of examples without deadlines (the machine is shared)."""

import os

import mpmath
import pytest
from flint import ctx
from hypothesis import HealthCheck, settings

# CI is derandomized so a red run is reproducible; "thorough" explores fresh examples.
settings.register_profile("ci", deadline=None, max_examples=20, derandomize=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("thorough", deadline=None, max_examples=300,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def _reset() -> None:
    ctx.default()
    mpmath.mp.prec = 53


@pytest.fixture(autouse=True)
def default_precision():
    """A test that leaks a precision change must not change the next test's numbers."""
    _reset()
    yield
    _reset()
