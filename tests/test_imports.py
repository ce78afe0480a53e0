"""The project's import structure: no import circles, every module importable on its own,
and the dependency direction of the architecture (docs/ARCHITECTURE.md).

The graph is read from the source text (every `import`, at module level or inside a function,
since a lazy import that closes a circle is still a circle), so the test needs no running code.
"""

from __future__ import annotations

import ast
import os
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


def outside_imports() -> set[str]:
    """The modules not of the project that the project's modules import when they are imported
    (at module level: a lazy import inside a function is not run by importing)."""
    found: set[str] = set()
    for path in project_modules().values():
        for node in ast.parse(path.read_text(), str(path)).body:
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found.add(node.module)
    return {name for name in found if name.split(".")[0] not in PACKAGES and name != "__future__"}


# Imports every module named on stdin in a child process of its own, forked from one that has
# imported only what is not the project's (the standard library, click, reportlab...): each of
# our modules is the first of ours to be imported there, as in a new interpreter, without paying
# the third-party imports once per module (a new interpreter per module took 100 s of a busy
# machine for 300 modules), two children at a time (the suite runs on one core of two).
_FORK_IMPORTS = """
import importlib, os, sys
outside, ours = sys.stdin.read().split("\\n\\n")
for name in outside.split():
    try:
        importlib.import_module(name)
    except Exception:  # an optional package: the module that needs it says so below
        pass
assert not any(name.split(".")[0] in ("cards", "generator", "companion") for name in sys.modules)

def start(name):
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read)
        try:
            importlib.import_module(name)
        except BaseException as exc:
            os.write(write, f"{name}: {type(exc).__name__}: {exc}".encode()[:2000])
            os._exit(1)
        os._exit(0)
    os.close(write)
    return pid, (name, read)

running, waiting = {}, ours.split()
while waiting or running:
    while waiting and len(running) < 2:
        pid, child = start(waiting.pop(0))
        running[pid] = child
    pid, status = os.wait()
    name, read = running.pop(pid)
    with os.fdopen(read, "rb") as pipe:
        said = pipe.read().decode(errors="replace")
    if status != 0:
        print(said or f"{name}: the import killed its process")
"""


def imports_failing(names: list[str], path: Path | None = None) -> list[str]:
    """The modules of `names` that fail to import first, each in a process of its own (`path`:
    a folder to import from besides the project's)."""
    text = "\n".join(sorted(outside_imports())) + "\n\n" + "\n".join(names)
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join(str(p) for p in (ROOT, path) if p)}
    done = subprocess.run([sys.executable, "-c", _FORK_IMPORTS], input=text, capture_output=True,
                          text=True, cwd=ROOT, check=True, env=environment)
    return sorted(done.stdout.splitlines())  # two children at a time: they end in any order


@pytest.mark.parametrize("package", PACKAGES)
def test_every_module_imports_on_its_own(package):
    """Each module imported first, as in a new interpreter (in a process of its own)."""
    names = [name for name in project_modules() if name.split(".")[0] == package]
    assert imports_failing(names) == []


def test_a_module_that_needs_another_imported_first_is_found(tmp_path):
    """The check sees a module that imports only when another was imported before it, and one
    that kills its process as it is imported."""
    package = tmp_path / "probe"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "first.py").write_text("import probe\nprobe.ready = True\n")
    (package / "second.py").write_text("import probe\nassert probe.ready\n")
    (package / "third.py").write_text("import os\nos._exit(3)\n")
    failing = imports_failing(["probe.first", "probe.second", "probe.third"], tmp_path)
    assert failing == ["probe.second: AttributeError: module 'probe' has no attribute 'ready'",
                       "probe.third: the import killed its process"]
