"""The package's modules import each other without a circle, and still find every rule."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import frogspec
from frogspec.registry import all_rules
from frogspec.twins import TWINS

PACKAGE = Path(frogspec.__file__).resolve().parent


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph() -> dict[str, set[str]]:
    """Every frogspec module with the frogspec modules it imports, at any depth of its code.

    An import of a module's own parent package is left out: Python runs a package's
    ``__init__`` before any of its modules, so that edge can never close a circle.
    """
    paths = {_module_name(p): p for p in PACKAGE.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        imported: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                imported.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                imported.add(node.module)
                imported.update(f"{node.module}.{alias.name}" for alias in node.names)
        graph[name] = {
            other
            for other in imported
            if other in paths and other != name and not name.startswith(other + ".")
        }
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The modules that import each other round a circle, one sorted list per circle."""
    found: list[list[str]] = []
    # Tarjan's strongly connected components, recursively: the graph is small.
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for other in sorted(graph[module]):
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            component = []
            while True:
                member = stack.pop()
                component.append(member)
                if member == module:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return found


def test_no_module_imports_one_that_imports_it_back() -> None:
    assert circles(import_graph()) == []


def test_the_circle_finder_finds_a_circle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circles(graph) == [["a", "b", "c"]]


def test_the_registry_and_the_twins_model_import_no_rule_module() -> None:
    graph = import_graph()
    assert graph["frogspec.registry"] <= {
        "frogspec.errors",
        "frogspec.questions",
        "frogspec.sources",
    }
    assert "frogspec.twins.catalog" not in graph["frogspec.twins.model"]


def test_importing_only_the_registry_still_finds_every_rule_and_twin() -> None:
    # A fresh interpreter: the package's __init__ loads every chapter and the twins'
    # package its catalogue, though neither the registry nor the model imports them.
    script = (
        "from frogspec.registry import all_rules\n"
        "from frogspec.twins.model import TWINS\n"
        "print(len(list(all_rules())), len(TWINS))\n"
    )
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert run.stdout.split() == [str(len(list(all_rules()))), str(len(TWINS))]
