"""Which cards a template looked up by id while it rendered (`Database.card`).

A card's layout may print another card's value (`{{ db.card(action_id).name }}` on a Halfwish
class card); the card's content stamp then depends on the cards it looks up, and on no other.
`noting_card_lookups` collects the ids looked up within it (`generator.stamps`).
"""

from __future__ import annotations

import contextlib
import contextvars
from collections.abc import Iterator

_NOTED: contextvars.ContextVar[set[str] | None] = contextvars.ContextVar("card_lookups", default=None)


@contextlib.contextmanager
def noting_card_lookups() -> Iterator[set[str]]:
    """The ids of the cards looked up (`Database.card`) within the block, as they come."""
    seen: set[str] = set()
    token = _NOTED.set(seen)
    try:
        yield seen
    finally:
        _NOTED.reset(token)


def note_card_lookup(card_id: str) -> None:
    seen = _NOTED.get()
    if seen is not None:
        seen.add(card_id)
