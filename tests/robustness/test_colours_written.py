"""Every colour a designer writes is '#rrggbb', refused where it is written otherwise: reportlab
reads '#c0392' (a digit dropped) as another colour, so the Red player's tracker printed dark blue
and lint said ok (audit s25, D3a)."""

from __future__ import annotations

import pytest

from cards.ruletypes import adapter


def test_a_rules_colour_with_five_digits_is_located_at_the_rule(game_copy) -> None:
    copy = game_copy("heartstrings")
    line = copy.edit("game.yaml", r'"#c0392b"\]', '"#c0392"]')
    output = copy.refused().output
    assert f"game.yaml:{line}:41: rules.player_colors[2]: expected a colour like '#1f618d', got '#c0392'" in output
    assert "tracker.yaml" not in output  # once, where it is written


@pytest.mark.parametrize("written", ["#fffff", "#fffffff", "white"])
def test_a_layout_colour_that_is_not_six_hex_digits_is_located_at_its_element(tiny, written: str) -> None:
    line = tiny.edit("templates/tiny-base.yaml", r'fill: "#ffffff"}', f'fill: "{written}"}}')
    output = " ".join(tiny.refused().output.split())
    assert f"tiny-base.yaml:{line}:69: decks[race]: card 'fire-1' (deck.yaml:15) of deck 'race': layout " \
           f"'tiny-card' element 'panel': expected a colour like '#1f618d', got '{written}'" in output, output


@pytest.mark.parametrize("written", ["#1f5fbf", "#ABCDEF"])
def test_the_colour_rule_type_takes_six_hex_digits(written: str) -> None:
    assert adapter("list[colour]").validate_python([written]) == [written]


@pytest.mark.parametrize("written", ["#c0392", "#c0392bb", "#fff", "blue", "c0392b"])
def test_the_colour_rule_type_refuses_anything_else(written: str) -> None:
    with pytest.raises(ValueError, match="pattern"):
        adapter("colour").validate_python(written)
