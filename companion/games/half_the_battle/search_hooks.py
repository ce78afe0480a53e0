"""The search bot's hooks (what the deciding player cannot know, how a cut playout scores) and
who is ahead, for the balance report's lead changes.

Everything on the board is public; only a selection made this round stays secret until the
reveal. A determinised copy replaces the other player's unrevealed selection with one of their
pieces on the board, picked at random. A playout the search cuts short scores each side by its
share of the pieces and of the health left on the board.

A turn offers many selections, moves, actions and targets, and after the set-up almost nothing
is left to chance, so short playouts forecast well: `search+greedy` compares the greedy choice
with only the next two options of the greedy bot's own ranking (`search_order`, in bots.py), on
playouts of 20 steps (about two rounds; `search_limits`; the plain `search` cuts its random
playouts there too: a random game here runs some 500 steps, mostly to a stalemate). The Rage purchases (convert, spend, amount) are left to
the bot: "keep the dice" would only postpone a purchase the bot makes at the next chance.
"""

from __future__ import annotations

import random
from typing import Any

from ...engine.search import SearchLimits, favoured_seat
from .state import HalfTheBattleState

search_limits = SearchLimits(candidates=3, horizon=20)


def determinize(engine: Any, state: HalfTheBattleState, seat: int, rng: random.Random) -> HalfTheBattleState:
    """`state` (a copy, changed in place) as `seat` could believe it to be."""
    if any(item["step"] == "reveal" for item in state.queue):
        for other in (0, 1):
            pieces = state.alive(other)
            if other != seat and state.selected[other] and pieces:
                state.selected[other] = rng.choice(pieces).id
    return state


def search_evaluate(engine: Any, state: HalfTheBattleState, seat: int) -> float:
    """How well `seat` stands, in [0, 1]: the mean of its share of the pieces and of the health left."""
    pieces = [len(state.alive(s)) for s in (0, 1)]
    health = [sum(p.hp for p in state.alive(s)) for s in (0, 1)]
    return (share(pieces, seat) + share(health, seat)) / 2


def share(amounts: list[int], seat: int) -> float:
    """`seat`'s part of a two-player total (one half when there is nothing)."""
    total = amounts[0] + amounts[1]
    return amounts[seat] / total if total else 0.5


def leader(engine: Any, state: Any) -> int | None:
    """Who is ahead, for the balance report's lead changes: the seat the evaluation favours (None when level)."""
    return favoured_seat(engine, state, search_evaluate)
