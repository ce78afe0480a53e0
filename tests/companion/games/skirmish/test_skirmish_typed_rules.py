"""The draft order names only the two seats the engine knows (audit s25, D2b): a misspelt seat is
refused by lint at the item, not as a seeded game's KeyError with no line."""

from __future__ import annotations

import shutil
from pathlib import Path

from click.testing import CliRunner

from cards.paths import DEFAULT_CARDS
from companion.cli import cli


def test_a_misspelt_draft_seat_is_refused_at_its_item(tmp_path: Path) -> None:
    shutil.copytree(DEFAULT_CARDS / "skirmish", tmp_path / "skirmish")
    game = tmp_path / "skirmish" / "game.yaml"
    old = "  draft_order: [O, S, S, O, O, S]"
    assert game.read_text().count(old) == 1
    game.write_text(game.read_text().replace(old, "  draft_order: [O, S, S, O, O, X]"))
    result = CliRunner().invoke(cli, ["--cards", str(tmp_path), "lint", "skirmish"])
    assert result.exit_code == 1
    assert "game.yaml:16:32: rules.draft_order[5]: 'X' is not one of S, O" in result.output, result.output
    assert "engine:" not in result.output
