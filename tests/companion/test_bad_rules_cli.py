"""A designer's typo in `rules:` is a located error (exit 1) in every command, never a traceback."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cards import load_game
from companion.cli import cli
from companion.engine.registry import build_engine
from companion.errors import RulesValueError

LOCATED_POOL = re.compile(r"heartstrings/game\.yaml:\d+:3: rules\.bead_pool: expected int, got 'ten'")


def edit_heartstrings(root: Path, *replacements: tuple[str, str]) -> Path:
    """Apply whole-line replacements to the copy's heartstrings/game.yaml (each must match once)."""
    game = root / "heartstrings" / "game.yaml"
    text = game.read_text()
    for old, new in replacements:
        text, count = re.subn(rf"(?m)^{re.escape(old)}$", new, text)
        assert count == 1, f"{old!r} is not one line of {game}"
    game.write_text(text)
    return root


# `rooms` left untyped: its type line goes, and room_die's bound no longer names it
# rooms without its type, and the types bounded by it without their bound: the engine meets the value
UNTYPED_ROOMS = (("  rooms: int in 2..24", ""), ("  room_die: int in 2..rules.rooms", "  room_die: int"),
                 ('  defender_buffs: "dict[int in 1..rules.rooms, int]"', '  defender_buffs: "dict[int, int]"'),
                 ('  bead_bonus_rooms: "list[int in 1..rules.rooms]"', '  bead_bonus_rooms: "list[int]"'))


@pytest.fixture
def typo_in_pool(cards_copy: Path) -> Path:
    """The lead's report: `bead_pool: 10` typed as `bead_pool: ten`."""
    return edit_heartstrings(cards_copy, ("  bead_pool: 10", "  bead_pool: ten"))


@pytest.mark.parametrize("command", [
    ["lint", "heartstrings"],
    ["build", "heartstrings", "--only", "sheets"],
    ["sim", "heartstrings", "--games", "5"],
    ["play", "heartstrings", "--players", "Ann,Ben"],
    ["heartstrings", "combat", "--room", "9", "--attacker", "4", "--defender", "5"],
], ids=lambda c: c[0] if c[0] != "heartstrings" else "calculator")
def test_typo_in_a_rule_is_located_by_every_command(runner, typo_in_pool: Path, tmp_path: Path,
                                                    command: list[str]) -> None:
    extra = ["--out", str(tmp_path / "out")] if command[0] == "build" else []
    extra += ["--db", str(tmp_path / "sessions.db")] if command[0] == "play" else []
    result = runner.invoke(cli, ["--cards", str(typo_in_pool), *command, *extra], input="quit\n")
    assert result.exit_code == 1, result.output
    assert LOCATED_POOL.search(result.output), result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "out").exists()


def test_a_bad_value_without_a_declared_type_is_caught_by_the_layout(runner, cards_copy: Path) -> None:
    """Without `bead_pool: int` the tracker's `{{ rules.beads_per_player + rules.bead_pool }}` fails."""
    root = edit_heartstrings(cards_copy, ("  bead_pool: 10", "  bead_pool: ten"), ("  bead_pool: int in 0..100", ""))
    result = runner.invoke(cli, ["--cards", str(root), "lint", "heartstrings"])
    assert result.exit_code == 1, result.output
    assert re.search(r"layout 'tracker' element '\w+': cannot evaluate ", result.output)
    assert "rules.bead_pool" in result.output and "TypeError" in result.output
    assert "Traceback" not in result.output


def test_a_bad_value_the_engine_cannot_use_is_a_companion_error(cards_copy: Path) -> None:
    """Without `rooms: int` the engine's `range(1, rules.rooms + 1)` fails: reported, named."""
    root = edit_heartstrings(cards_copy, ("  rooms: 12", "  rooms: twelve"), *UNTYPED_ROOMS)
    with pytest.raises(RulesValueError, match=r"heartstrings engine cannot use the rules parameters of .*game\.yaml"):
        build_engine("heartstrings", load_game("heartstrings", root))


def test_sim_reports_a_rules_value_the_engine_cannot_use(runner, cards_copy: Path) -> None:
    root = edit_heartstrings(cards_copy, ("  rooms: 12", "  rooms: twelve"), *UNTYPED_ROOMS)
    result = runner.invoke(cli, ["--cards", str(root), "sim", "heartstrings", "--games", "2"])
    assert result.exit_code == 1, result.output
    assert "cannot use the rules parameters" in result.output
    assert "Traceback" not in result.output
