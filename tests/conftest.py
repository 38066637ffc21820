"""Shared test set-up: every test starts at python-flint's and mpmath's default precision,
and hypothesis runs a modest number of examples without deadlines (the machine is shared)."""

import builtins
import importlib.util
import os
import types

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


class _NotInstalled(types.ModuleType):
    """Stands in for a library that is not installed: importing it works, using anything from it
    raises ImportError naming it."""

    def __getattr__(self, attr):
        if attr.startswith("__"):
            raise AttributeError(attr)
        return _NotInstalled(f"{self.__name__}.{attr}")

    def __call__(self, *args, **kwargs):
        raise ImportError(f"{self.__name__.split('.')[0]} is not installed")


@pytest.fixture
def stand_in_for_missing(monkeypatch):
    """A function ``stand_in(*modules)``: for the rest of the test, importing one of `modules`
    that is not installed gives a stand-in whose use raises ImportError naming it, so a set-up
    block that imports several libraries (a compare adapter's SETUP) runs, the cases of the
    installed libraries can be tested and those of the missing ones fail with "not installed".
    Returns the names that are missing; other imports are untouched."""
    real_import = builtins.__import__

    def stand_in(*modules: str) -> set[str]:
        missing = {m for m in modules if importlib.util.find_spec(m) is None}

        def tolerant(name, globals=None, locals=None, fromlist=(), level=0):
            if level == 0 and name.split(".")[0] in missing:
                return _NotInstalled(name if fromlist else name.split(".")[0])
            return real_import(name, globals, locals, fromlist, level)
        monkeypatch.setattr(builtins, "__import__", tolerant)
        return missing
    return stand_in


class _Verified:
    """The shipped claims, each paper run once per session (``symdp verify``'s runner): the proofs
    tests of each paper and the README's generated tables read the same runs, so the suite never
    runs a paper's claims twice. ``verified(paper)`` grades that paper's claims by the claims they
    use; ``verified.all()`` runs every paper and grades them together, as a full ``symdp verify``."""

    def __init__(self):
        self.registry = None
        self.raw: dict = {}

    def _raw(self, paper):
        from pathlib import Path

        from symdp.verify import load_claims, run_claims
        if self.registry is None:
            self.registry = load_claims(Path(__file__).resolve().parent.parent / "proofs")
        if paper not in self.raw:
            self.raw[paper] = run_claims(self.registry.select(paper), timeout=300, progress=False, grade=False)
        return self.raw[paper]

    def __call__(self, paper):
        from symdp.verify.status import propagate
        return propagate(self._raw(paper))

    def all(self):
        from symdp.verify import PAPERS
        from symdp.verify.status import propagate
        return propagate([r for paper in list(PAPERS)[:5] for r in self._raw(paper)])


@pytest.fixture(scope="session")
def verified():
    return _Verified()
