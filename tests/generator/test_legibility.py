"""Issue 16, part 3: `lint` gains a legibility pass, located by card and element.

"text contrast (at least 4.5:1 for text under 10 pt, 3:1 for titles; Which Witch's white on
yellow is 1.9:1, yellow on white 1.8:1, sea-green 2.3:1 today), minimum printed text size (6 pt
...), text boxes that overlap other elements, and one icon used for two different keywords
(Halfwish: Challenge and Concede share the flag, Bid and Pay share one glyph, Exposed and
Precise another, four DV keywords share the die). Fix every finding in the shipped games."
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cards import load_game
from companion.cli import cli
from generator.colours import contrast_ratio, ink_on, readable_on
from generator.legibility import Painted, layout_findings, legibility_findings

GAMES = ["halfwish", "heartstrings", "which-witch", "half-the-battle", "skirmish"]


@pytest.mark.parametrize(("ink", "ground", "ratio"), [
    pytest.param("#ffffff", "#e8b400", 1.9, id="white-on-yellow"),
    pytest.param("#e8b400", "#ffffff", 1.9, id="yellow-on-white"),
    pytest.param("#ffffff", "#7fb8a4", 2.3, id="white-on-sea-green"),
    pytest.param("#000000", "#ffffff", 21.0, id="black-on-white"),
])
def test_contrast_ratio_is_wcag(ink, ground, ratio):
    """'Which Witch's white on yellow is 1.9:1 ... sea-green 2.3:1'."""
    assert contrast_ratio(ink, ground) == pytest.approx(ratio, abs=0.05)


@pytest.mark.parametrize("ground", ["#e8b400", "#7fb8a4", "#3d8fd1", "#2e8b57", "#8e1b3b", "#2d1b3d"])
def test_ink_and_readable_colours_reach_body_contrast(ground):
    assert contrast_ratio(ink_on(ground), ground) >= 4.5
    assert contrast_ratio(readable_on(ground, "#fbf7ff"), "#fbf7ff") >= 4.5


@pytest.mark.parametrize("game", GAMES)
def test_shipped_games_have_no_legibility_findings(game):
    """'Fix every finding in the shipped games.'"""
    assert [str(f) for f in legibility_findings(load_game(game))] == []


def _text(element_id, box, color="#000000", size=8.0):
    return Painted("text", element_id, box, color, size)


def test_small_low_contrast_and_overlapping_text_is_found_by_element():
    items = [
        Painted("rect", "band", (0, 0, 100, 20), "#e8b400"),
        _text("title", (2, 2, 60, 14), "#ffffff", 12),      # 1.9:1, a title needs 3:1
        _text("stamp", (70, 2, 20, 6), "#000000", 5.5),      # under 6 pt
        Painted("icon", "mark", (80, 4, 10, 10)),            # the stamp runs into it
        _text("body", (2, 30, 60, 20), "#999999", 8),        # 2.8:1 on paper, body needs 4.5:1
        Painted("icon", "watermark", (2, 30, 30, 30), decoration=True),
    ]
    found = [str(f) for f in layout_findings(items, "decks[d] card 'c'")]
    assert any(re.search(r"'title'.*1\.9:1.*needs at least 3:1", f) for f in found), found
    assert any("'stamp'" in f and "5.5 pt" in f for f in found), found
    assert any("'stamp'" in f and "runs into icon 'mark'" in f for f in found), found
    assert any("'body'" in f and "needs at least 4.5:1" in f for f in found), found
    assert not any("watermark" in f for f in found), found


def test_two_keywords_sharing_an_icon_are_reported(cards_copy: Path):
    game = cards_copy / "halfwish" / "game.yaml"
    game.write_text(game.read_text().replace("icon: white-flag", "icon: flag"))
    found = [str(f) for f in legibility_findings(load_game("halfwish", cards_copy))]
    assert any("icon 'flag' stands for 2 keywords (Challenge, Concede)" in f for f in found), found


def test_lint_reports_a_contrast_finding_located_by_card_and_element(runner, cards_copy: Path):
    """An upgrade deck in the old amber (3.7:1 under white 7 pt corner text) fails lint, naming card and element."""
    upgrades = cards_copy / "halfwish" / "upgrades.yaml"
    upgrades.write_text(upgrades.read_text().replace('color: "#9a620b"', 'color: "#b9770e"'))
    result = runner.invoke(cli, ["--cards", str(cards_copy), "lint", "halfwish"])
    assert result.exit_code == 1
    assert re.search(r"decks\[upgrades\] card '[a-z0-9-]+' element 'corner': text #ffffff on #b9770e "
                     r"has contrast 3\.7:1", result.output), result.output
    # one line for the element, not one per card (audit: 19 identical lines)
    upgrades_count = len(load_game("halfwish", cards_copy).deck("upgrades").cards)
    assert result.output.count("element 'corner': text #ffffff on #b9770e") == 1
    assert f"(and on {upgrades_count - 1} more faces)" in result.output


def test_lint_passes_on_the_shipped_games(runner):
    result = runner.invoke(cli, ["lint", *GAMES])
    assert result.exit_code == 0, result.output


def test_token_labels_under_the_smallest_legible_size_are_found(cards_copy: Path):
    """Print audit: Skirmish's 12 mm square tokens set 'Attacked' (and so the whole set) at 5.8 pt.
    Square tokens now give a label most of their width; a label too long even so is a finding
    at the sheet's `size`."""
    components = cards_copy / "skirmish" / "components.yaml"
    text = components.read_text()
    assert "label: Attacked}" in text
    components.write_text(text.replace("label: Attacked}", "label: Attacked twice}", 1))
    found = [f for f in legibility_findings(load_game("skirmish", cards_copy)) if f.where == "tokens[stack-tokens]"]
    assert len(found) == 1 and "token labels print at 4.0 pt" in found[0].message
    assert "shorten the longest ('Attacked twice') or make the tokens larger" in found[0].message
    assert found[0].located is not None and found[0].located.source_line.strip().startswith("size:")
