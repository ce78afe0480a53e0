"""A value a layout prints from one card field alone (`name: "{{ card.icon }}"`) that cannot be
drawn is the card's mistake: it is reported at the card's field, with the card named. Audit s25:
`icon: boltt` on one Which Witch card was reported at the shipped layout's line, no card named,
and the designer had 65 cards to search."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from companion.cli import cli


def test_an_unknown_icon_from_a_card_field_is_reported_at_the_card(cards_copy: Path) -> None:
    cards = cards_copy / "which-witch" / "game-cards.yaml"
    text = cards.read_text()
    cards.write_text(text.replace("icon: bolt\n", "icon: boltt\n", 1))
    line = cards.read_text().splitlines().index(next(row for row in cards.read_text().splitlines()
                                                     if row.strip() == "icon: boltt")) + 1
    result = CliRunner().invoke(cli, ["--cards", str(cards_copy), "lint", "which-witch"])
    assert result.exit_code == 1
    said = " ".join(result.output.split())
    assert f"game-cards.yaml:{line}:" in said, said
    assert ".cards[lightning-spell].icon: unknown icon 'boltt' (did you mean 'bolt'?)" in said
    assert "card-base.yaml" not in said
