"""What must hold after every step of a Which Witch game, for tests and simulations to check."""

from __future__ import annotations

from collections import Counter

from .context import WitchEngine
from .state import WitchState


def broken_invariants(engine: WitchEngine, state: WitchState) -> list[str]:
    """Every invariant the state breaks, described; an empty list when all hold.

    The 65 Game Cards are all somewhere (piles, hands, in play), and in simulation they are the
    deck list; hearts stay between 0 and the maximum; no hand holds more than its size; an
    eliminated witch holds nothing; the witch to act is in the game.
    """
    deck = engine.catalogue.deck_list
    broken = []
    census = state.census()
    if sum(census.values()) != len(deck):
        broken.append(f"{sum(census.values())} Game Cards on the table, not {len(deck)}")
    if not state.hidden and census != Counter(deck):
        broken.append("the cards on the table are not the deck list")
    for witch in state.seats:
        if not 0 <= witch.hearts <= engine.max_hearts:
            broken.append(f"{witch.describe()} has {witch.hearts} Life Hearts")
        if witch.held.size > witch.hand_size:
            broken.append(f"{witch.describe()} holds {witch.held.size} cards, more than {witch.hand_size}")
        if witch.eliminated and (witch.held.size or witch.wand):
            broken.append(f"{witch.describe()} is eliminated but still holds cards")
    if state.queue and state.seats[state.current].eliminated:
        broken.append(f"{state.seats[state.current].describe()} is eliminated but is to act")
    return broken
