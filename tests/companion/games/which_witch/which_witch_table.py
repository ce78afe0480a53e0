"""Tables arranged card by card for Which Witch Is Best!? tests (imported by the test modules)."""

from __future__ import annotations

from collections import Counter

from companion.engine.hands import Hand
from companion.engine.steps import step
from companion.games.which_witch.state import ACTION, WitchState

NAMES = ["Ann", "Ben", "Cy", "Di", "Eve", "Flo"]


def arrange(engine, witches: list[str], hands: list[list[str]], *, discard: list[str] | None = None,
            draw: list[str] | None = None, hearts: list[int] | None = None,
            wands: list[str | None] | None = None) -> WitchState:
    """A simulation table (real cards) with these hands; every other card is in the piles.

    Unnamed cards fill the Draw Pile in database order (or go to the discard when `draw` is
    given), so the 65 cards are all somewhere, as in a real game.
    """
    state = engine.new_game(NAMES[:len(witches)], {"hidden": False, "witches": witches})
    rest = Counter(engine.catalogue.deck_list)
    placed = [c for hand in hands for c in hand] + (discard or []) + (draw or []) + [w for w in wands or [] if w]
    rest.subtract(placed)
    assert min(rest.values()) >= 0, f"more copies than the deck holds: {rest}"
    leftovers = [card for card in engine.catalogue.cards for _ in range(rest[card])]
    for seat, hand in enumerate(hands):
        state.seats[seat].held = Hand(list(hand))
        if hearts:
            state.seats[seat].hearts = hearts[seat]
        if wands:
            state.seats[seat].wand = wands[seat]
    if draw is None:
        state.draw, state.discard = leftovers, list(discard or [])
    else:
        state.draw, state.discard = list(draw), list(discard or []) + leftovers
    state.queue = [step(ACTION)]
    return state


def play(engine, state, *answers):
    """Apply answers in order; return every event's text."""
    texts = []
    for answer in answers:
        texts += [e.text for e in engine.apply(state, answer)]
    return texts
