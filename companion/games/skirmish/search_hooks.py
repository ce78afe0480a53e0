"""The search bot's hooks (what the deciding player cannot know, how a cut playout scores) and
who is ahead, for the balance report's lead changes.

A seat sees its own hand, every card played and every character; it does not see the other
side's hand nor which of that side's cards are still in its deck. A determinised copy gathers
the other side's hand and deck, shuffles them and deals a hand of the same size, the rest
staying in the deck. At the table (`hidden`) hands are counted, not named, and nothing changes.
A playout the search cuts short scores each side by its share of the armor its standing
characters have left.
"""

from __future__ import annotations

import random
from typing import Any

from ...engine.search import favoured_seat
from .state import SkirmishState


def determinize(engine: Any, state: SkirmishState, seat: int, rng: random.Random) -> SkirmishState:
    """`state` (a copy, changed in place) as `seat` could believe it to be."""
    for other, side in enumerate(state.sides):
        if other == seat or not side.hand.cards:
            continue
        pool = side.hand.cards + side.unseen
        rng.shuffle(pool)
        size = len(side.hand.cards)
        side.hand.cards, side.unseen = pool[:size], pool[size:]
    return state


def search_evaluate(engine: Any, state: SkirmishState, seat: int) -> float:
    """How well `seat` stands, in [0, 1]: its share of the armor left on standing characters."""
    left = [0, 0]
    for fighter in state.fighters:
        if not fighter.fainted:
            left[fighter.owner] += max(0, int(engine.tiers.armor[fighter.armor]) - fighter.damage)
    total = left[0] + left[1]
    return left[seat] / total if total else 0.5


def leader(engine: Any, state: Any) -> int | None:
    """Who is ahead, for the balance report's lead changes: the seat the evaluation favours (None when level)."""
    return favoured_seat(engine, state, search_evaluate)
