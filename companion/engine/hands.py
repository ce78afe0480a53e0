"""One model of hidden hands for every game.

At the table the players hold real cards the gamemaster does not see; in simulation the
seeded RNG deals real cards. Both are one model: a `Hand` lists the cards named so far
(`cards`) and counts those held but not yet named (`hidden`). Cards not yet named stay in
the player's `unseen` pool (the draw pile plus the hidden part of the hand), so when a hidden
card is played the gamemaster names it from `candidates`, the cards it could still be.

- table mode: `draw_hidden` adds to the count; nobody types a card until it is played;
- simulation: a Chance draw from `unseen` names the card at once (`draw_named`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import IllegalAction


@dataclass
class Hand:
    """A player's hand: the cards named so far and a count of cards held but not yet named."""

    cards: list[str] = field(default_factory=list)
    hidden: int = 0

    @property
    def size(self) -> int:
        """Cards in hand, named or not."""
        return len(self.cards) + self.hidden


def draw_hidden(hand: Hand, unseen: list[str], count: int) -> int:
    """Table mode: the player draws `count` cards nobody names; returns how many could be drawn."""
    drawn = max(0, min(count, len(unseen) - hand.hidden))
    hand.hidden += drawn
    return drawn


def draw_named(hand: Hand, unseen: list[str], card: str) -> None:
    """Simulation (or a card drawn face up): `card` leaves the unseen pool for the hand."""
    unseen.remove(card)
    hand.cards.append(card)


def candidates(hand: Hand, unseen: list[str]) -> list[str]:
    """The cards the player may name from this hand: named ones, and any unseen one while some are hidden."""
    pool = hand.cards + (unseen if hand.hidden else [])
    return list(dict.fromkeys(pool))


def take(hand: Hand, unseen: list[str], card: str) -> None:
    """Remove a card the player names from the hand (a hidden one comes out of the unseen pool)."""
    if card in hand.cards:
        hand.cards.remove(card)
    elif hand.hidden and card in unseen:
        unseen.remove(card)
        hand.hidden -= 1
    else:
        raise IllegalAction(f"{card!r} cannot be in this hand")


def can_hold(hand: Hand, unseen: list[str], card: str) -> bool:
    """Could this hand hold `card`?"""
    return card in hand.cards or (hand.hidden > 0 and card in unseen)
