"""Sphinx configuration of the symdp API reference (``sphinx-build -W docs OUT``).

The reference is generated from the docstrings: the ``symdp-modules`` directive documents the
modules it names, a package with all its modules (found by walking it, so a new module appears
without an edit here), and
``symdp-tables`` lists every reference table with its columns, from the table specs in the code.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
import sys
from pathlib import Path

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import nested_parse_with_titles

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

project = "symdp"
author = "symdp authors"
copyright = "symdp authors"
extensions = ["sphinx.ext.autodoc", "sphinx.ext.napoleon", "myst_parser"]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
myst_heading_anchors = 3
exclude_patterns = ["_build"]
autodoc_member_order = "bysource"
autodoc_typehints = "description"
# ignore-module-all: a package's re-exports are documented once, in the module that defines them
autodoc_default_options = {"members": True, "show-inheritance": True, "ignore-module-all": True}
napoleon_google_docstring = True
napoleon_numpy_docstring = True
html_theme = "alabaster"
# Docstrings write mathematics in plain Unicode (E_γ, δ(ε)); cross-references to names outside
# the package (sympy, flint) are not resolved without intersphinx, which needs the network.
nitpicky = False
suppress_warnings = ["myst.xref_missing"]

#: modules that are entry points rather than API
SKIP = {"symdp.__main__"}


def modules(package: str) -> list[str]:
    """Every module of `package`, the package first, then its submodules in name order."""
    pkg = importlib.import_module(package)
    names = [package] + sorted(m.name for m in pkgutil.walk_packages(pkg.__path__, f"{package}.")
                               if not m.name.split(".")[-1].startswith("_"))
    return [n for n in names if n not in SKIP]


def expand(argument: str) -> list[str]:
    """A module name of ``symdp-modules``, or ``PACKAGE.*``: the package and every module in it."""
    return modules(argument[:-2]) if argument.endswith(".*") else [argument]


class Modules(SphinxDirective):
    """``.. symdp-modules:: NAME …``: an automodule section for each module named, where
    ``PACKAGE.*`` names a package and every module in it (docs/api.rst lists the parts of the
    package this way, in the order of the README's architecture section)."""

    required_arguments = 1
    optional_arguments = 100

    def run(self) -> list[nodes.Node]:
        lines = []
        for argument in self.arguments:
            for name in expand(argument):
                lines += [name, "~" * len(name), "", f".. automodule:: {name}", ""]
        return self._parse(lines)

    def _parse(self, lines: list[str]) -> list[nodes.Node]:
        node = nodes.section()
        node.document = self.state.document
        nested_parse_with_titles(self.state, StringList(lines, source="symdp-modules"), node)
        return node.children


class Tables(Modules):
    """``.. symdp-tables::``: every reference table of :mod:`symdp.tables.specs` with its columns."""

    required_arguments = 0

    def run(self) -> list[nodes.Node]:
        from symdp.tables.specs import SPECS, VALUE_COLUMNS
        lines = [".. list-table::", "   :header-rows: 1", "   :widths: 20 30 50", "",
                 "   * - table", "     - quantity (side)", "     - columns"]
        for spec in SPECS:
            params = "; ".join(f"``{p.name}`` ({p.meaning})" for p in spec.params)
            values = ", ".join(f"``{c}``" for c in VALUE_COLUMNS)
            lines += [f"   * - ``{spec.name}``", f"     - {_rst(spec.title)} (``{spec.side}``)",
                      f"     - {_rst(params)}; then {values}"]
        return self._parse(lines)


#: inline literals and roles, whose text reStructuredText does not interpret
_LITERAL = re.compile(r"(``.+?``|:[a-z:]+:`[^`]+`|`[^`]+`_?)")
#: a `*` that would open emphasis inside a formula: after an opening bracket, ^ or _ (ν^{*k})
_FORMULA_STAR = re.compile(r"(?<=[{(\[^_])\*")


def plain_math(line: str) -> str:
    """A docstring line with the plain-text mathematics made literal for reStructuredText:
    ``|x|`` is an absolute value, not a substitution; ``ν^{*k}`` is a convolution power, not
    emphasis. Inline literals and roles, and table or line-block lines, are left alone."""
    if line.lstrip().startswith(("| ", "+-", "+=")) or line.strip() == "|":
        return line
    parts = _LITERAL.split(line)
    for i in range(0, len(parts), 2):  # the even parts lie outside literals
        parts[i] = _FORMULA_STAR.sub(r"\\*", parts[i].replace("|", r"\|"))
    return "".join(parts)


def _docstring(app, what, name, obj, options, lines: list[str]) -> None:
    lines[:] = [plain_math(line) for line in lines]


def _rst(text: str) -> str:
    return " ".join(str(text).replace("*", r"\*").replace("`", "'").replace("|", r"\|").split())


def setup(app):
    app.add_directive("symdp-modules", Modules)
    app.add_directive("symdp-tables", Tables)
    app.connect("autodoc-process-docstring", _docstring)
    return {"parallel_read_safe": True}
