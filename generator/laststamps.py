"""Each card's filled-in text and content stamp, as the last build of its deck in this process made them.

A card's stamp is a hash of its whole context (its fields and filled-in text, its place, its
deck, the layouts' inputs), and its text is a Jinja2 render: for a 500-card deck, 5 ms of every
build. A rebuild in the same process (`build --watch`) after a one-card edit needs them for the
one card only: every other card is equal to what it was, at the same place, in a deck whose
shared inputs (`generator.kit`'s `common`: layouts, deck settings, rules, game details, print
settings, version; the deck's identity; the layouts' card lookups) are the same. Those are
compared, never assumed; what a card looks up in other cards is worked out again each time and
compared too. A test checks the stamps against a build that keeps nothing, after card and rule
edits.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

MAX_DECKS = 64  # decks remembered at once (a test suite builds many folders)


@dataclass(frozen=True)
class Stamped:
    """One card as its deck's last build stamped it."""

    card: Any  # the card (a pydantic model: compared by value)
    number: int
    total: int
    text: Any  # the filled-in text (None: the card has none)
    looked_up: Any  # what it reads from other cards (`stamps.looked_up_cards`)
    stamp: str


@dataclass
class DeckStamps:
    """The cards of one deck being stamped: what the last build made, and what this one makes."""

    inputs: Any
    last: dict[str, Stamped]
    now: dict[str, Stamped] = field(default_factory=dict)

    def same(self, card: Any, number: int, total: int) -> Stamped | None:
        """The card as last stamped, when it and its place are as they were."""
        old = self.last.get(card.id)
        if old is None or old.number != number or old.total != total or old.card != card:
            return None
        return old

    def note(self, stamped: Stamped) -> None:
        self.now[stamped.card.id] = stamped


_DECKS: dict[tuple[str, str], DeckStamps] = {}


def deck_stamps(folder: str, deck_id: str, inputs: Any) -> DeckStamps:
    """Start stamping the deck `deck_id` of the game in `folder`, whose shared inputs are `inputs`;
    call `finished` with the result when every card is noted."""
    last = _DECKS.get((folder, deck_id))
    return DeckStamps(inputs, last.now if last is not None and last.inputs == inputs else {})


def finished(folder: str, deck_id: str, stamps: DeckStamps) -> None:
    """Keep the stamps just made for the next build of the deck."""
    _DECKS.pop((folder, deck_id), None)
    if len(_DECKS) >= MAX_DECKS:
        del _DECKS[next(iter(_DECKS))]
    _DECKS[(folder, deck_id)] = stamps


def forget() -> None:
    """Forget every deck (tests; a new process, in effect)."""
    _DECKS.clear()
