"""A card's stamp takes the cards its layouts look up by id, found by filling its texts in
(`generator.stamps.looked_up_cards`); where a text cannot be filled in, every card counts."""

from __future__ import annotations

from types import SimpleNamespace

from cards import load_game
from generator.stamps import looked_up_cards, lookup_texts


def _layout(*texts: str) -> SimpleNamespace:
    return SimpleNamespace(elements=[{"type": "text", "text": text} for text in texts])


def test_only_the_cards_a_text_looks_up_count():
    db = load_game("halfwish")
    found = looked_up_cards(db, lookup_texts([_layout("{{ db.card(card.replaces).name }}")]),
                            {"db": db, "card": {"replaces": "long-strike"}})
    assert found == {"name": {"long-strike": "Long Strike"}}


def test_layouts_that_look_nothing_up_add_nothing():
    db = load_game("halfwish")
    assert looked_up_cards(db, lookup_texts([_layout("{{ card.name }}")]), {"db": db, "card": {"name": "x"}}) is None


def test_a_text_that_cannot_be_filled_in_here_counts_every_card():
    db = load_game("halfwish")
    found = looked_up_cards(db, lookup_texts([_layout("{{ db.card(counter).name }}")]), {"db": db, "card": {}})
    every = {card.id for deck in db.decks for card in deck.cards}
    assert set(found["name"]) == every
