"""The search bot's determinisation hook: re-deal what the deciding player cannot see.

A seat sees its own hand, the discard pile and every card in play; it does not see the other
players' hands nor the order of the draw pile. A determinised copy gathers those unseen cards,
shuffles them and deals each other player a hand of the same size, the rest forming the draw
pile. At the table (`hidden`) these cards are all placeholders and nothing changes.
"""

from __future__ import annotations

import random
from typing import Any

from .state import WitchState


def determinize(engine: Any, state: WitchState, seat: int, rng: random.Random) -> WitchState:
    """`state` (a copy, changed in place) as `seat` could believe it to be."""
    others = [w for s, w in enumerate(state.seats) if s != seat]
    pool = list(state.draw)
    for witch in others:
        pool += witch.hand
    rng.shuffle(pool)
    for witch in others:
        size = len(witch.hand)
        witch.held.cards, witch.held.hidden, pool = pool[:size], 0, pool[size:]
    state.draw = pool
    return state
