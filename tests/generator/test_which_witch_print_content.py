"""Issue 16, Which Witch content as printed.

"Which Witch ships 2 Wand of Eight and 2 Wand of Ten but one d8 and one d10 ... Rule it (the text's
box lists the dice), make kit and engine agree, and print the ruling." "Which Witch non-spell cards
repeat the title as subtitle; Zoom Broom uses the Wind icon; the Ice Witch icon is the card back's
star."
"""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from cards import load_game
from generator.cardlayout import load_layout
from generator.kit import layout_folders


@pytest.fixture(scope="module")
def db():
    return load_game("which-witch")


def _text(path) -> str:
    return " ".join(" ".join(page.extract_text().split()) for page in PdfReader(path).pages)


def test_one_wand_per_die_is_ruled_from_the_box_contents(db):
    dice = {die.sides: die.count for die in db.dice}
    wands = [card for card in db.deck("game-cards").cards if card.get("kind") == "wand"]
    doubled = [wand for wand in wands if wand.count > dice[wand.get("die")]]
    assert {wand.name for wand in doubled} == {"Wand of Eight", "Wand of Ten"}
    ruling = next(r for r in db.rulings if r.id == "one-wand-per-die")
    assert "Wand of Eight" in ruling.ruling and "Wand of Ten" in ruling.ruling


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_kit_prints_the_wand_ruling_on_cards_and_in_the_rulebook(shipped_kits, paper):
    files = {p.name: p for p in shipped_kits["which-witch", paper]}
    cards = _text(files[f"cards-{paper}.pdf"])
    assert cards.count("The box has one d8: no second Wand of Eight in play.") == 2
    assert cards.count("The box has one d10: no second Wand of Ten in play.") == 2
    assert "no second Wand of Twelve" not in cards
    assert "Two Wands of Eight, two Wands of Ten, one die each" in _text(files[f"rulebook-{paper}.pdf"])


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_non_spell_cards_do_not_repeat_their_title_as_type_line(shipped_kits, paper):
    cards = _text(next(p for p in shipped_kits["which-witch", paper] if p.name == f"cards-{paper}.pdf"))
    for title in ("Thief Hex", "Wand Hex", "Heart Potion", "Zoom Broom", "Shield Crystal", "Infinity Cauldron"):
        assert f"{title} {title}" not in cards
    assert "Hex · an attack" in cards and "Trick · your turn" in cards


def test_icons_are_not_borrowed(db):
    """Zoom Broom has its own broom; the Ice Witch is a snowflake, not the back's four-point star;
    the Wind Witch's gust is not Zoom Broom's icon."""
    cards = {card.id: card.get("icon") for card in db.deck("game-cards").cards}
    witches = {card.id: card.get("icon") for card in db.deck("witches").cards}
    back = load_layout(db.deck("game-cards").back.layout, layout_folders(db))
    back_icons = {e.get("name") for e in back.elements if e["type"] == "icon"}
    assert cards["zoom-broom"] == "broom" and witches["wind-witch"] != cards["zoom-broom"]
    assert witches["ice-witch"] == "ice" and witches["ice-witch"] not in back_icons
    assert len(set(witches.values())) == len(witches)
