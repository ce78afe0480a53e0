"""Requests built once: a Decision or Chance that shows the same thing is the same object.

A simulated game asks about 230 requests; most repeat one seen before (the same player's DV roll,
the same powers window with the same playable powers, the same hand to commit from). Requests
are frozen, so the first one built for what it shows is kept and given again. The memo lives
with the engine's catalog and is emptied when it grows past `LIMIT` entries (piles and hands
give many keys over thousands of games).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TypeVar

from .context import Game

LIMIT = 4096
_SLOT = "asked"   # the catalog memo slot holding the requests
R = TypeVar("R")


def once(engine: Game, key: Hashable, build: Callable[[], R]) -> R:
    """The request `build` makes for `key`, built the first time it is asked."""
    memo = engine.catalog.memo
    asked: dict[Hashable, R] | None = memo.get(_SLOT)
    if asked is None or len(asked) >= LIMIT:
        asked = memo[_SLOT] = {}
    found = asked.get(key)
    if found is None:
        found = asked[key] = build()
    return found
