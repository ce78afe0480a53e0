"""The project's import structure: no import circles, every module importable on its own,
and the dependency direction of the architecture (docs/ARCHITECTURE.md).

The graph is read from the source text (every `import`, at module level or inside a function,
since a lazy import that closes a circle is still a circle), so the test needs no running code.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("cards", "generator", "companion")


def project_modules() -> dict[str, Path]:
    """Every module of the project's packages: dotted name -> file."""
    modules = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            modules[".".join(parts)] = path
    return modules


def imports_of(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The project modules that `name` imports."""
    is_package = path.name == "__init__.py"
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(name, is_package, node.module, node.level)
            if not name.startswith(base + "."):  # `from . import x`: the parent is imported first anyway
                found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return {module for module in found if module in modules and module != name}


def _absolute(name: str, is_package: bool, module: str | None, level: int) -> str:
    if level == 0:
        return module or ""
    parts = name.split(".")
    anchor = parts if is_package else parts[:-1]
    anchor = anchor[: len(anchor) - (level - 1)]
    return ".".join(anchor + ([module] if module else []))


def import_graph() -> dict[str, set[str]]:
    modules = project_modules()
    return {name: imports_of(name, path, modules) for name, path in modules.items()}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_project_has_no_import_circle():
    assert circles(import_graph()) == []


def test_the_circle_finder_finds_a_circle():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_cards_imports_nothing_of_ours():
    graph = import_graph()
    outside = {f"{name} -> {target}" for name, targets in graph.items() if name.startswith("cards")
               for target in targets if not target.startswith("cards")}
    assert outside == set()


def test_only_the_cli_imports_the_generator():
    graph = import_graph()
    users = {name for name, targets in graph.items() if not name.startswith("generator")
             and any(t.startswith("generator") for t in targets)}
    assert all(name.startswith("companion.cli") for name in users), users


def test_nothing_imports_a_game_package_but_the_registry_and_the_game_itself():
    graph = import_graph()
    wrong = set()
    for name, targets in graph.items():
        for target in targets:
            if target.startswith("companion.games.") and not name.startswith(".".join(target.split(".")[:3])):
                wrong.add(f"{name} -> {target}")
    assert wrong == set()


def test_rules_never_import_bots():
    graph = import_graph()
    wrong = {f"{name} -> {target}" for name, targets in graph.items()
             if name.startswith("companion.games.") and not name.endswith((".bots", ".__init__"))
             and name.count(".") > 2 for target in targets if target.endswith(".bots")}
    assert wrong == set()


@pytest.mark.parametrize("package", PACKAGES)
def test_every_module_imports_on_its_own(package):
    """Each module imported first in a fresh interpreter (one per package, to stay quick)."""
    names = [name for name in project_modules() if name.split(".")[0] == package]
    script = (
        "import importlib, subprocess, sys\n"
        "bad = []\n"
        f"for name in {names!r}:\n"
        "    done = subprocess.run([sys.executable, '-c', f'import {name}'], capture_output=True, text=True)\n"
        "    if done.returncode: bad.append(name + ': ' + done.stderr.strip().splitlines()[-1])\n"
        "print('\\n'.join(bad))\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT,
                            check=True)
    assert result.stdout.strip() == ""
