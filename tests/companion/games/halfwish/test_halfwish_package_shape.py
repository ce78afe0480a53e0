"""The Halfwish package keeps its rules apart from its bots (the shape every game has:
tests/companion/test_game_package_shape.py)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from companion.cli import cli
from companion.engine.registry import make_engine

PACKAGE = Path(__file__).parents[4] / "companion" / "games" / "halfwish"
MODULES = sorted(p.stem for p in PACKAGE.glob("*.py") if p.stem != "__init__")
NOT_RULES = {"bots", "cli", "calculators", "duelstate", "examples", "odds", "simreport", "engine", "steps"}


def imports_of(module: str) -> set[str]:
    """The package modules `module` imports, TYPE_CHECKING blocks and function bodies included."""
    tree = ast.parse((PACKAGE / f"{module}.py").read_text())
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            names = [node.module] if node.module else [alias.name for alias in node.names]
            found |= {name.split(".")[0] for name in names if name and name.split(".")[0] in MODULES}
    return found


def test_rules_modules_never_import_bots_or_calculators():
    rules = [m for m in MODULES if m not in NOT_RULES]
    assert {m: imports_of(m) & NOT_RULES for m in rules if imports_of(m) & NOT_RULES} == {}


def test_the_step_table_holds_the_duel_and_the_upgrades():
    """The core loop, one table and no cycle: tests/companion/test_game_package_shape.py, for every game."""
    from companion.games.halfwish import ENGINE

    assert set(ENGINE.table.names()) >= {"roll", "duel-start", "effect", "upgrade-pick"}


@pytest.mark.parametrize(("option", "message"), [
    ("nosuchkey=1", "unknown setup option 'nosuchkey'; valid options: classes, powers, first_player, hidden_hands"),
    ("first_player=2", "option first_player: 2 is not allowed; one of: 0, 1"),
    ("classes=mirror,wizard", "option classes: wizard is not allowed"),
    ("hidden_hands=maybe", "option hidden_hands: expected bool"),
])
def test_a_bad_setup_option_is_refused_with_the_valid_ones(runner, option, message):
    result = runner.invoke(cli, ["play", "halfwish", "--players", "Ann,Bob", "-o", option], input="quit\n")
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


def test_the_setup_options_are_declared_with_help():
    engine = make_engine("halfwish")
    assert [o.name for o in engine.options] == ["classes", "powers", "first_player", "hidden_hands"]
    assert all(o.help for o in engine.options)
