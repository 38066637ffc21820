"""The package's layout (issue 30): no import circle between files, a small top level, the
routes that replace the circles in place, and the public names where docs/contract.md says."""

from __future__ import annotations

import ast
import importlib
import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "symdp"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph() -> dict[str, set[str]]:
    """module → the modules of symdp it imports, read with ast from every ``import`` statement
    anywhere in the file (function-local ones included). ``from package import name`` counts as
    importing ``package.name`` when that is a module, else ``package``; the parent packages that
    Python initialises on the way are not counted (they are never a choice of the importer)."""
    files = {_module_name(p): p for p in PACKAGE.rglob("*.py")}
    graph: dict[str, set[str]] = {m: set() for m in files}
    for module, path in files.items():
        package = module if path.name == "__init__.py" else module.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")
                    base = base[: len(base) - node.level + 1]
                    source = ".".join(base + ([node.module] if node.module else []))
                else:
                    source = node.module or ""
                targets = [f"{source}.{a.name}" if f"{source}.{a.name}" in files else source for a in node.names]
            else:
                continue
            graph[module].update(t for t in targets if t in files and t != module)
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle of `graph` as [a, b, …, a], or None (iterative depth-first search)."""
    state: dict[str, int] = {}  # 1 on the current path, 2 done
    for start in sorted(graph):
        if start in state:
            continue
        path, stack = [start], [iter(sorted(graph[start]))]
        state[start] = 1
        while stack:
            nxt = next(stack[-1], None)
            if nxt is None:
                state[path.pop()] = 2
                stack.pop()
            elif state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            elif nxt not in state:
                state[nxt] = 1
                path.append(nxt)
                stack.append(iter(sorted(graph[nxt])))
    return None


def test_the_cycle_finder_finds_a_function_local_import_circle(tmp_path):
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert find_cycle(graph) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_the_graph_counts_function_local_imports():
    graph = import_graph()
    # symdp.local.channel.Channel.pair imports FinitePair inside the method
    assert "symdp.central.pairs" in graph["symdp.local.channel"]
    assert "symdp.numerics.params" in graph["symdp.central.pairs"]


def test_no_import_circle_between_files():
    cycle = find_cycle(import_graph())
    assert cycle is None, "import circle: " + " -> ".join(cycle)


def test_the_top_level_holds_at_most_ten_files():
    top = sorted(p.name for p in PACKAGE.glob("*.py"))
    assert len(top) <= 10, top


MOVED = ["pairs", "composition", "subsampling", "laplace_composition", "laplace_components", "staircase", "tvdp",
         "renyi", "subsampled_renyi", "privacy_loss", "pld", "composition_theorems", "lower_bounds",
         "decimals", "params", "roots", "integration", "lp", "files", "installed"]


@pytest.mark.parametrize("name", MOVED)
def test_no_module_is_left_at_an_old_path(name):
    assert importlib.util.find_spec(f"symdp.{name}") is None


_ROUTES = """
import symdp.central.pairs as pairs
from symdp.central.pairs import FinitePair, LaplacePair, Pair
print(pairs.power.dispatch(FinitePair).__module__, pairs.power.dispatch(LaplacePair).__module__,
      pairs.product.dispatch(FinitePair).__module__, pairs.subsampled.dispatch(Pair).__module__)
"""


def test_the_pair_routes_are_registered_whatever_module_is_imported_first():
    out = subprocess.run([sys.executable, "-c", _ROUTES], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["symdp.central.composition", "symdp.central.laplace_composition",
                                  "symdp.central.composition", "symdp.central.subsampling"]


def test_every_channel_analysis_resolves_to_its_function():
    from symdp.local import channel
    for name, module in channel.ANALYSES.items():
        function = channel._analysis(name)
        assert callable(function) and function is getattr(importlib.import_module(f"symdp.local.{module}"), name)


# -- docs/contract.md: where each public name is imported from ----------------------------------

CONTRACT = ROOT / "docs" / "contract.md"
#: The packages whose whole ``__all__`` is public: each of its names must be listed.
COMPLETE = ["symdp", "symdp.local", "symdp.accounting", "symdp.verify", "symdp.testing", "symdp.certificate"]


def contract_places() -> dict[str, list[str]]:
    """The table of the section "Where the public names are imported from": place → names."""
    text = CONTRACT.read_text(encoding="utf-8")
    section = text.split("## Where the public names are imported from", 1)[1].split("\n## ", 1)[0]
    places: dict[str, list[str]] = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 2 and cells[0].startswith("`symdp"):
            places[cells[0].strip("`")] = re.findall(r"`([A-Za-z_]\w*)`", cells[1])
    return places


def test_the_contract_lists_the_public_places():
    places = contract_places()
    assert set(COMPLETE) <= set(places), sorted(set(COMPLETE) - set(places))


def test_every_listed_name_is_importable_from_its_place():
    missing = []
    for place, names in contract_places().items():
        module = importlib.import_module(place)
        missing += [f"{place}.{n}" for n in names if not hasattr(module, n)]
    assert not missing, missing


@pytest.mark.parametrize("place", COMPLETE)
def test_every_public_name_of_a_package_is_listed(place):
    module = importlib.import_module(place)
    unlisted = sorted(set(module.__all__) - set(contract_places()[place]))
    assert not unlisted, f"{place}: add to docs/contract.md: {unlisted}"


# -- the README's package map --------------------------------------------------------------------

def readme_map() -> tuple[dict[str, set[str]], set[str]]:
    """The README's architecture block: part → the parts it imports, and the foundations' members."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = text.split("## Architecture", 1)[1].split("```text\n", 1)[1].split("```", 1)[0]
    edges, foundations = {}, set()
    for line in block.splitlines():
        if "→" in line:
            part, targets = line.split("→")
            edges[part.strip()] = {t.strip() for t in targets.split(",")}
        elif line.startswith("foundations"):
            foundations = {t.strip() for t in line.split("=", 1)[1].split(",")}
    return edges, foundations


def part_edges(foundations: set[str]) -> dict[str, set[str]]:
    """The import graph with each module replaced by its part: a top-level file (``cli.py``), a
    subpackage (``central/``), or ``foundations`` for the members listed."""
    graph = import_graph()

    def part(module: str) -> str:
        names = module.split(".")
        if len(names) == 1:
            name = "__init__.py"
        elif f"symdp.{names[1]}" in graph and (PACKAGE / names[1]).is_dir():
            name = names[1] + "/"
        else:
            name = names[1] + ".py"
        return "foundations" if name in foundations else name

    edges: dict[str, set[str]] = {}
    for module, targets in graph.items():
        for target in targets:
            if part(module) != part(target):
                edges.setdefault(part(module), set()).add(part(target))
    return edges


def test_the_readme_package_map_is_the_import_graph():
    edges, foundations = readme_map()
    assert {"numbers.py", "errors.py", "numerics/"} <= foundations
    assert edges == part_edges(foundations)


def test_the_four_parts_are_peers():
    """central builds on the foundations alone; local and accounting on central, not on each other;
    verify on none of the three (the claims bring the mathematics to the prover)."""
    _, foundations = readme_map()
    edges = part_edges(foundations)
    assert edges["central/"] == {"foundations"}
    assert "accounting/" not in edges["local/"] and "local/" not in edges["accounting/"]
    assert not edges["verify/"] & {"central/", "local/", "accounting/"}


def test_the_api_reference_documents_every_module_once_by_part():
    pytest.importorskip("sphinx", reason="the 'docs' extra is not installed")
    spec = importlib.util.spec_from_file_location("docs_conf", ROOT / "docs" / "conf.py")
    conf = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(conf)
    listed = [name for line in (ROOT / "docs" / "api.rst").read_text(encoding="utf-8").splitlines()
              if line.startswith(".. symdp-modules::") for argument in line.split("::", 1)[1].split()
              for name in conf.expand(argument)]
    assert sorted(listed) == sorted(set(listed)), "a module is documented twice"
    assert set(listed) == set(conf.modules("symdp"))
