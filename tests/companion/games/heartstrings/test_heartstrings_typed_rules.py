"""Room numbers in the rules are bounded by the board's rooms (audit s25, D6): a bead-bonus room or
a defender buff on a room the board lacks is refused by lint at the item, not ignored by the game."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from cards.paths import DEFAULT_CARDS
from companion.cli import cli


@pytest.mark.parametrize(("old", "new", "where"), [
    ("  bead_bonus_rooms: [1, 12]", "  bead_bonus_rooms: [1, 13]",
     "game.yaml:22:25: rules.bead_bonus_rooms[1]: expected at most 12, got 13"),
    ("  defender_buffs: {4: 1, 8: 2}", "  defender_buffs: {4: 1, 30: 2}",
     "game.yaml:20:26: rules.defender_buffs[30]: the key 30 is out of bounds: expected at most 12"),
], ids=["bead-bonus-room", "defender-buff-room"])
def test_a_room_the_board_lacks_is_refused_at_its_item(tmp_path: Path, old: str, new: str, where: str) -> None:
    """A room out of bounds as a mapping's key says it is the key (audit s26, 2): "expected at most
    12, got 30" read as if the buff, not the room it is for, were too large."""
    shutil.copytree(DEFAULT_CARDS / "heartstrings", tmp_path / "heartstrings")
    game = tmp_path / "heartstrings" / "game.yaml"
    assert game.read_text().count(old) == 1
    game.write_text(game.read_text().replace(old, new))
    result = CliRunner().invoke(cli, ["--cards", str(tmp_path), "lint", "heartstrings"])
    assert result.exit_code == 1
    assert where in result.output, result.output
