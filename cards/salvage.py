"""A card file whose only schema problems lie inside cards, read without those cards.

A designer who mistypes a count and a choice in one file should see both in one run. The schema
refuses a file as a whole: a card whose `count` is not a number left the whole file unread, and
with it the checks that run across files (choices, references, totals), so their problems
showed only in a second run. `without_broken_cards` drops just the cards the schema
refused, so the loader (`cards.loader`) can read the rest and check it, with three allowances
for what was dropped:

- a card of a later place is reported at its own line (`Salvaged.places`: the place each kept
  card had in the file);
- another card may name a dropped card (`Salvaged.dropped`): it is not a missing reference, and
  a card with a dropped card's id is still a duplicate (both problems show in the one run);
- a deck that lost a card is not checked for its total or for printing nothing;
- a dropped card's fields (those a deck declares) are checked as written (`Salvaged.written`).

A problem anywhere else (a deck's own settings, a single section such as `rules`) leaves the file
unread, as before: cross-checks against a part-read deck or rules would report false problems.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError


@dataclass
class Salvaged:
    """A file's data without the cards the schema refused."""

    data: dict[str, Any]
    places: dict[int, list[int]] = field(default_factory=dict)  # deck's place -> its kept cards' places
    # deck's place -> {a dropped card's place: its id} (a dropped card without a readable id is left out)
    dropped: dict[int, dict[int, str]] = field(default_factory=dict)
    # deck's place -> {a dropped card's place: the card as written}: its fields are still checked
    written: dict[int, dict[int, dict[str, Any]]] = field(default_factory=dict)


def without_broken_cards(data: Any, error: ValidationError) -> Salvaged | None:
    """`data` without the cards `error` found problems in; None when a problem lies outside a card."""
    broken: dict[int, set[int]] = {}
    for found in error.errors():
        loc = found["loc"]
        if not (len(loc) >= 4 and loc[0] == "decks" and loc[2] == "cards"
                and isinstance(loc[1], int) and isinstance(loc[3], int)):
            return None
        broken.setdefault(loc[1], set()).add(loc[3])
    if not isinstance(data, dict) or not isinstance(data.get("decks"), list):
        return None
    decks = list(data["decks"])
    salvaged = Salvaged({**data, "decks": decks})
    for deck_place, card_places in broken.items():
        deck = decks[deck_place]
        if not (isinstance(deck, dict) and isinstance(deck.get("cards"), list)):
            return None
        cards = deck["cards"]
        kept = [place for place in range(len(cards)) if place not in card_places]
        decks[deck_place] = {**deck, "cards": [cards[place] for place in kept]}
        salvaged.places[deck_place] = kept
        salvaged.dropped[deck_place] = {place: str(cards[place]["id"]) for place in sorted(card_places)
                                        if isinstance(cards[place], dict) and "id" in cards[place]}
        salvaged.written[deck_place] = {place: cards[place] for place in sorted(card_places)
                                        if isinstance(cards[place], dict)}
    return salvaged
