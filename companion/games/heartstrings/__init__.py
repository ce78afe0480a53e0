"""Heartstrings (2-3 players): roll the Room Selector, occupy or invade, chip at Heartstrings.

Seed text: shared/seeds/002_db0ad6e4f4568e18.txt; numbers: cards/heartstrings/game.yaml.
"""

from __future__ import annotations

from .bots import BOTS, GreedyBot
from .engine import HeartstringsEngine
from .state import HeartstringsState

ENGINE = HeartstringsEngine


def sim_labels(state: HeartstringsState) -> dict[str, int]:
    """Per-game figures a simulation report can add up: turns played and beads left in the pool."""
    return {"turns": state.turn, "pool": state.pool}


__all__ = ["BOTS", "ENGINE", "GreedyBot", "HeartstringsEngine", "HeartstringsState", "sim_labels"]
