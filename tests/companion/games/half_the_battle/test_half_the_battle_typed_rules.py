"""Every rules value the Half the Battle engine reads is typed (audit s26, 3): a value that passed
`lint` and then broke the game, or that lint refused only at `game.id` with an engine error, is
refused at its own line."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from cards.paths import DEFAULT_CARDS
from companion.cli import cli


@pytest.mark.parametrize(("old", "new", "where"), [
    ("actions_per_phase: 1 ", "actions_per_phase: 0 ",
     r"game\.yaml:26:\d+: rules\.actions_per_phase: expected int >= 1, got 0"),
    ("stalemate_rounds: 10 ", "stalemate_rounds: 0 ",
     r"game\.yaml:35:\d+: rules\.stalemate_rounds: expected int >= 1, got 0"),
    ("    d4: 1\n", "    d4: 7\n", r"game\.yaml:38:\d+: rules\.starting_layout\.d4: expected at most 5, got 7"),
    ("flimsy_divisor: 2 ", "flimsy_divisor: 0 ",
     r"game\.yaml:34:\d+: rules\.flimsy_divisor: expected int >= 1, got 0"),
    ("    flip_item: 12 ", "    flip_itme: 12 ", r"game\.yaml:\d+:\d+: rules\.rage: missing required key 'flip_item'"),
], ids=["no-actions", "stalemate-at-once", "layout-in-enemy-half", "flimsy-divisor", "rage-key"])
def test_a_rules_value_the_engine_cannot_use_is_refused_at_its_line(
        tmp_path: Path, old: str, new: str, where: str) -> None:
    """On the old code `lint half-the-battle` passed the first three and `sim half-the-battle
    --games 20` misplayed them: with actions_per_phase: 0 no piece ever acted and all 20 games
    ended in stalemate; with stalemate_rounds: 0 all 20 ended as a stalemate on turn 2; with d4: 7
    the left player's d4 started in the right player's half. flimsy_divisor: 0 and a misspelt rage
    key were refused only at game.id (ZeroDivisionError, KeyError), and `sim` crashed."""
    shutil.copytree(DEFAULT_CARDS / "half-the-battle", tmp_path / "half-the-battle")
    game = tmp_path / "half-the-battle" / "game.yaml"
    assert game.read_text().count(old) == 1
    game.write_text(game.read_text().replace(old, new))
    result = CliRunner().invoke(cli, ["--cards", str(tmp_path), "lint", "half-the-battle"])
    assert result.exit_code == 1, result.output
    assert re.search(where, result.output), result.output
    assert "1 problem in" in result.output and "rules engine cannot use" not in result.output
