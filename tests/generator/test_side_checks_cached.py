"""A build within the render cache checks the drawn sides (elements off the card, missing glyphs)
of the cards it draws again, not of every card of the deck: a one-card edit of a 500-card deck
re-bound every element of every card."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import generator.layoutlint
from companion.cli import cli

TINYGAME = Path(__file__).parent.parent / "fixtures" / "tinygame"


@pytest.fixture
def checked_sides(monkeypatch) -> list[str]:
    """What each side check was about (`decks[race] card 'fire-1'`)."""
    found: list[str] = []
    real = generator.layoutlint._drawn_problems

    def noting(side):
        found.append(side.where)
        return real(side)

    monkeypatch.setattr(generator.layoutlint, "_drawn_problems", noting)
    return found


def test_after_a_one_card_edit_only_that_card_and_the_shared_back_are_checked(runner, tmp_path, checked_sides):
    cards = tmp_path / "cards"
    shutil.copytree(TINYGAME, cards / "tinygame")
    command = ["--cards", str(cards), "build", "tinygame", "--paper", "a4", "--only", "cards", "--out", str(tmp_path / "out")]
    assert runner.invoke(cli, command).exit_code == 0
    everything = [where for where in checked_sides if where.startswith("decks[race] card")]
    assert len(everything) > 5
    deck = cards / "tinygame" / "deck.yaml"
    deck.write_text(deck.read_text().replace('text: "Score 2 points."', 'text: "Score two points."', 1))
    checked_sides.clear()
    result = runner.invoke(cli, command)
    assert result.exit_code == 0, result.output
    assert [where for where in checked_sides if where.startswith("decks[race] card")] == ["decks[race] card 'fire-2'"]
