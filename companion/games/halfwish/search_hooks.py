"""The search bot's evaluation of a playout it cuts short (its determinisation is `determinize.py`).

A game ends by knockout (0 health) or, after the last round, on points: a cut playout scores each
player by the mean of their share of the health left and their share of the points scored.
"""

from __future__ import annotations

from typing import Any

from .state import HalfwishState


def search_evaluate(engine: Any, state: HalfwishState, seat: int) -> float:
    """How well `seat` stands, in [0, 1]: half its share of the health, half its share of the points."""
    health = [max(0, p.health) for p in state.players]
    points = [max(0, p.points) + 1 for p in state.players]
    return (share(health, seat) + share(points, seat)) / 2


def share(amounts: list[int], seat: int) -> float:
    """`seat`'s part of the total (an equal part when there is nothing)."""
    total = sum(amounts)
    return amounts[seat] / total if total else 1 / len(amounts)
