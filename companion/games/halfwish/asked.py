"""Requests built once: a Decision or Chance that shows the same thing is the same object.

A simulated game asks about 230 requests; most repeat one seen before (the same player's DV roll,
the same powers window with the same playable powers, the same hand to commit from). Requests
are frozen, so the first one built for what it shows is kept and given again. The memo lives
with the engine's catalog (`Catalog.asked`) and is emptied when it reaches `LIMIT` entries (piles
and hands give many keys over thousands of games).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TypeVar

from .context import Game

LIMIT = 4096
R = TypeVar("R")


def once(engine: Game, key: Hashable, build: Callable[[], R]) -> R:
    """The request `build` makes for `key`, built the first time it is asked."""
    asked = engine.catalog.asked
    found: R | None = asked.get(key)
    if found is None:
        if len(asked) >= LIMIT:
            asked.clear()
        found = asked[key] = build()
    return found
