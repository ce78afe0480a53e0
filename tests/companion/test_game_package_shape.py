"""Every game package has the one shape (docs/ARCHITECTURE.md, "The step machine"): its step
table in `steps.py` as `TABLE`, the core's loop unchanged, steps queued through the core's
`step`/`push_front`/`push_back`, no import cycle inside it and no module of 400 lines or more.

Code audit: only Halfwish's shape was tested, and Heartstrings called its table `STEPS` and
queued raw dicts (it still does on its measured hot path, marked so)."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from companion.engine.core import Engine
from companion.engine.registry import engine_ids, make_engine
from companion.engine.steps import StepTable

GAMES = Path(__file__).resolve().parents[2] / "companion" / "games"
PACKAGES = {game: GAMES / game.replace("-", "_") for game in engine_ids()}


def _modules(package: Path) -> dict[str, ast.Module]:
    return {path.stem: ast.parse(path.read_text()) for path in sorted(package.glob("*.py"))}


def test_every_shipped_game_is_checked():
    assert sorted(PACKAGES) == ["half-the-battle", "halfwish", "heartstrings", "skirmish", "which-witch"]


@pytest.mark.parametrize("game", sorted(PACKAGES))
def test_the_step_table_is_steps_table_and_the_loop_is_the_cores(game):
    steps = importlib.import_module(f"companion.games.{PACKAGES[game].name}.steps")
    engine = make_engine(game)
    assert isinstance(steps.TABLE, StepTable) and engine.table is steps.TABLE
    for name in ("new_game", "request", "apply", "settle", "replay"):
        assert getattr(type(engine), name) is getattr(Engine, name), f"{game} overrides Engine.{name}"


@pytest.mark.parametrize("game", sorted(PACKAGES))
def test_steps_are_queued_through_the_core_never_as_raw_dicts(game):
    """A raw step is accepted only on a line marked `# hot path`, its cost measured in the
    package's steps.py (Heartstrings: each turn's steps, each combat's rolls)."""
    package = PACKAGES[game]
    raw = [f"{name}.py:{node.lineno}" for name, tree in _modules(package).items() for node in ast.walk(tree)
           if isinstance(node, ast.Dict) and any(isinstance(k, ast.Constant) and k.value == "step" for k in node.keys)
           and "# hot path" not in (package / f"{name}.py").read_text().splitlines()[node.lineno - 1]]
    assert raw == [], f"write step(NAME, ...) and push it with push_front/push_back: {raw}"
    if any("# hot path" in path.read_text() for path in package.glob("*.py")):
        assert "hot path" in (package / "steps.py").read_text(), "say in steps.py why, with the figures"


@pytest.mark.parametrize("game", sorted(PACKAGES))
def test_the_package_has_no_import_cycle_and_no_module_of_400_lines(game):
    package = PACKAGES[game]
    modules = _modules(package)
    graph = {name: {(node.module or alias.name).split(".")[0] for node in ast.walk(tree)
                    if isinstance(node, ast.ImportFrom) and node.level == 1
                    for alias in node.names} & set(modules) for name, tree in modules.items()}
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> None:
        assert module not in path, f"import cycle: {' -> '.join((*path, module))}"
        if module not in done:
            for target in graph[module]:
                visit(target, (*path, module))
            done.add(module)

    for module in modules:
        visit(module, ())
    long = {name: n for name in modules if (n := len((package / f"{name}.py").read_text().splitlines())) >= 400}
    assert long == {}


HOOKS = ("sim_setup", "sim_labels", "invariants", "rulebook_context")


@pytest.mark.parametrize("game", sorted(PACKAGES))
def test_the_generic_commands_hooks_are_in_init_and_the_invariants_in_checks(game):
    """A reader finds a game's hooks for the generic commands in one place in every package:
    defined in `__init__.py`, with what must hold after every step in `checks.py` as
    `broken_invariants` (Half the Battle had its hooks in `hooks.py`, Which Witch its rulebook
    context in `texts.py`, Halfwish its invariants in `invariants.py`)."""
    package = PACKAGES[game]
    init = ast.parse((package / "__init__.py").read_text())
    defined = {node.name for node in init.body if isinstance(node, ast.FunctionDef)}
    module = importlib.import_module(f"companion.games.{package.name}")
    present = {hook for hook in HOOKS if hasattr(module, hook)}
    assert "invariants" in present and present <= defined, f"imported, not defined in __init__.py: {sorted(present - defined)}"
    checks = importlib.import_module(f"companion.games.{package.name}.checks")
    assert callable(checks.broken_invariants)
