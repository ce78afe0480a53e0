"""The search bot's hook for Heartstrings: how a playout the search cuts short scores.

Everything in Heartstrings is on the table, so the search needs no determinisation. The last
player with heart beads wins: a cut playout scores each player by their share of the beads left
on the players' Heartstrings, the tokens they hold on the board counting a little (a token is
a room held, and a room held is a bead less to lose in an invasion).
"""

from __future__ import annotations

from typing import Any

from ...engine.search import favoured_seat
from .state import HeartstringsState

TOKEN_WORTH = 0.25   # a token on the board, in beads


def search_evaluate(engine: Any, state: HeartstringsState, seat: int) -> float:
    """How well `seat` stands, in [0, 1]: its share of the beads (and, a little, of the tokens) in play."""
    worth = [0.0 if p.eliminated else p.beads + TOKEN_WORTH * state.tokens_on_board(s)
             for s, p in enumerate(state.players)]
    total = sum(worth)
    return worth[seat] / total if total else 1 / len(worth)


def leader(engine: Any, state: Any) -> int | None:
    """Who is ahead, for the balance report's lead changes: the seat the evaluation favours (None on a tie)."""
    return favoured_seat(engine, state, search_evaluate)
