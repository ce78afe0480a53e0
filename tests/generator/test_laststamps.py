"""Card stamps kept from the last build in this process (`generator.laststamps`): after every kind
of edit, each card's stamp (a hash of its filled-in text, its place and its deck) is that of a
build that keeps nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cards import load_game
from generator import kit, laststamps


def _stamps(cards: Path) -> dict[str, list[str]]:
    """Every deck's card stamps, in deck order (a stamp hashes the card's filled-in text too)."""
    db = load_game("halfwish", cards)
    return {deck.id: kit.deck_stamps(db, deck) for deck in db.decks}


def _replace(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))


EDITS = {
    "a card's text": ("actions.yaml", 'text: "Strike for DV."', 'text: "Strike for DV, hard."'),
    "a rule a card's text prints": ("game.yaml", "long-strike:  {kind: strike, dv: -2,", "long-strike:  {kind: strike, dv: -3,"),
    "a card's copies": ("actions.yaml", "count: 8", "count: 7"),
    "a card moved": ("actions.yaml", "", ""),  # the first two actions change places (`_apply`)
}


def _apply(edit: str, cards: Path) -> None:
    file, old, new = EDITS[edit]
    path = cards / "halfwish" / file
    if edit != "a card moved":
        _replace(path, old, new)
        return
    text = path.read_text()  # both cards' numbers change
    first, second = text.index("      - id: strike\n"), text.index("      - id: long-strike\n")
    third = text.index("      - id: heavy-strike\n")
    path.write_text(text[:first] + text[second:third] + text[first:second] + text[third:])


@pytest.mark.parametrize("edit", sorted(EDITS))
def test_stamps_after_an_edit_are_those_of_a_build_that_keeps_nothing(cards_copy, edit):
    laststamps.forget()
    before = _stamps(cards_copy)  # kept for the next build
    _apply(edit, cards_copy)
    kept = _stamps(cards_copy)
    laststamps.forget()
    fresh = _stamps(cards_copy)
    assert kept == fresh
    assert kept != before  # the edit shows in some stamp


@pytest.mark.parametrize("edit", sorted(EDITS))
def test_the_manifest_after_an_edit_is_that_of_a_build_that_keeps_nothing(cards_copy, edit):
    """The manifest's card lines and component stamps are kept from the last manifest this process
    wrote (a rebuild writes again those of cards that changed, moved or were stamped anew)."""
    from generator import manifest

    laststamps.forget()
    manifest._LAST_LINES.clear()
    manifest._LAST_STAMPS.clear()
    manifest.manifest_text(load_game("halfwish", cards_copy))
    _apply(edit, cards_copy)
    db = load_game("halfwish", cards_copy)
    kept = manifest.manifest_text(db)
    manifest._LAST_LINES.clear()
    manifest._LAST_STAMPS.clear()
    laststamps.forget()
    assert kept == manifest.manifest_text(db)
    assert json.loads(kept) == manifest.build_manifest(db)
