"""A deck's faces are checked one by one, so `lint` (and a build's check) lists every card's
problem in one run (audit: two broken card texts, two overflowing texts or two unreadable
images were found one run at a time), and a mistake in a layout, which every face meets, once."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.cli import cli

LONG = " ".join(["Lorem ipsum dolor sit amet."] * 70)


def _lint(runner: Any, cards: Path) -> list[str]:
    result = runner.invoke(cli, ["--cards", str(cards), "lint", "which-witch"])
    assert result.exit_code == 1, result.output
    return [line for line in result.output.splitlines() if not line.startswith("      |")]


def _edit(cards: Path, *replacements: tuple[str, str]) -> None:
    deck = cards / "which-witch" / "game-cards.yaml"
    text = deck.read_text()
    for old, new in replacements:
        assert old in text
        text = text.replace(old, new, 1)
    deck.write_text(text)


def test_every_card_text_that_cannot_be_filled_in_is_listed(runner: Any, cards_copy: Path) -> None:
    _edit(cards_copy, ("gain {{ rules.heart_potion_hearts }} Life", "gain {{ rules.heart_potion_hearts } Life"),
          ("take {{ rules.zoom_broom_turns }} extra", "take {{ rules.zoom_broom_turnz }} extra"))
    lines = _lint(runner, cards_copy)
    assert "2 problems" in lines[0]
    assert "card 'heart-potion' field 'text': cannot fill in" in lines[1]
    assert "card 'zoom-broom' field 'text': cannot fill in" in lines[2] and "zoom_broom_turnz" in lines[2]


def test_every_text_that_does_not_fit_is_listed(runner: Any, cards_copy: Path) -> None:
    _edit(cards_copy, ("not eliminated.\n", f"not eliminated. {LONG}\n"),
          ("holding cards. Look", f"holding cards. {LONG} Look"))
    lines = _lint(runner, cards_copy)
    assert "2 problems" in lines[0]
    assert "card 'infinity-cauldron'" in lines[1] and "text does not fit its box" in lines[1]
    assert "card 'thief-hex'" in lines[2] and "text does not fit its box" in lines[2]


def test_a_layout_mistake_every_face_meets_is_listed_once(runner: Any, cards_copy: Path) -> None:
    (cards_copy / "which-witch" / "templates").mkdir()
    (cards_copy / "which-witch" / "templates" / "game-card.yaml").write_text(
        "extends: card-base\nelements:\n"
        '  - {id: title, type: text, x: 5, y: 3.4, w: 45, h: 8.6, text: "{{ card.nmae }}", size: 12}\n')
    lines = _lint(runner, cards_copy)
    assert "1 problem " in lines[0]
    assert "game-card.yaml:3:" in lines[1] and "cannot fill in '{{ card.nmae }}'" in lines[1]
