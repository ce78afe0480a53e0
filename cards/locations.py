"""How a problem names where it is written: `decks[actions].cards[long-strike].cost`."""

from __future__ import annotations

import re
from typing import Any

from .schema import ID_PATTERN

Loc = tuple[int | str, ...]  # a path into a YAML document: keys and list places


def format_loc(loc: Loc, data: Any = None) -> str:
    """Format a path as `decks[actions].cards[long-strike].cost`: an item of a list by its id when
    `data` gives it one no other item has, else by its place (`cards[3]`). The place alone named a
    card the designer had to count to (audit)."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{_item_id(data, part) or part}]"
        else:
            out += f".{part}" if out else str(part)
        data = _child(data, part)
    return out


def _item_id(items: Any, index: int) -> str | None:
    """The id of `items[index]` when it is an id like `long-strike` and no other item's."""
    if not isinstance(items, list) or not 0 <= index < len(items) or not isinstance(items[index], dict):
        return None
    found = items[index].get("id")
    if not isinstance(found, str) or not _ID.fullmatch(found):
        return None
    same = sum(1 for item in items if isinstance(item, dict) and item.get("id") == found)
    return found if same == 1 else None


def _child(data: Any, part: int | str) -> Any:
    if isinstance(data, list) and isinstance(part, int) and 0 <= part < len(data):
        return data[part]
    return data.get(part) if isinstance(data, dict) else None


_ID = re.compile(ID_PATTERN)
