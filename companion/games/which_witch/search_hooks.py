"""The search bot's evaluation of a playout it cuts short (its determinisation is `determinize.py`).

The last witch with Life Hearts wins: a cut playout scores each witch by her share of the hearts
left among the witches still in the game.
"""

from __future__ import annotations

from typing import Any

from ...engine.search import favoured_seat
from .state import WitchState


def search_evaluate(engine: Any, state: WitchState, seat: int) -> float:
    """How well `seat` stands, in [0, 1]: her share of the Life Hearts left."""
    hearts = [0 if w.eliminated else max(0, w.hearts) for w in state.seats]
    total = sum(hearts)
    return hearts[seat] / total if total else 1 / len(hearts)


def leader(engine: Any, state: Any) -> int | None:
    """Who is ahead, for the balance report's lead changes: the seat the evaluation favours (None on a tie)."""
    return favoured_seat(engine, state, search_evaluate)
