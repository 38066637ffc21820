"""Lazy package attributes (PEP 562): a public name is imported from its module on first use.

``symdp --help`` imports the packages (for their command-line parsers) and must not pay for sympy
and python-flint before anything is computed; both ``symdp`` and ``symdp.accounting`` export
their names through :func:`lazy_exports`. This module imports nothing heavy.
"""

from __future__ import annotations

import importlib
import sys
import types
from typing import Callable


def lazy_exports(package: str, names: dict[str, str], modules: dict[str, str] | None = None
                 ) -> tuple[Callable[[str], object], Callable[[], list[str]]]:
    """Return ``(__getattr__, __dir__)`` for ``package``: ``names`` maps an attribute to the
    relative module defining it (the value is cached in the package on first use), ``modules``
    maps an attribute to a relative submodule returned itself."""
    modules = modules or {}
    namespace = importlib.import_module(package).__dict__

    def __getattr__(name: str) -> object:
        if name in modules:
            return importlib.import_module(modules[name], package)
        if name in names:
            value = getattr(importlib.import_module(names[name], package), name)
            namespace[name] = value
            return value
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    def __dir__() -> list[str]:
        return sorted(set(namespace) | set(names) | set(modules))

    return __getattr__, __dir__


def keep_functions_over_submodules(package: str, names: dict[str, str]) -> None:
    """Importing a submodule binds it as an attribute of its package (``symdp.staircase``, the
    module, over ``symdp.staircase``, the public constructor of the same name). For every name
    that ``names`` maps to the submodule of the same name, the binding is redirected to the
    public object."""
    module = sys.modules[package]
    shadowed = frozenset(name for name, source in names.items() if source == "." + name)

    class _Package(types.ModuleType):
        def __setattr__(self, name: str, value: object) -> None:
            if name in shadowed and isinstance(value, types.ModuleType):
                value = getattr(value, name)
            super().__setattr__(name, value)

    module.__class__ = _Package
