"""A YAML file parsed again by its one changed list item, when that gives what parsing it whole gives.

A designer edits one card of a 500-card file and saves: parsing the whole file again is a
quarter of the rebuild. When the lines that changed lie inside one item of a block sequence
(a card under `cards:`) that has a next item, only that item's lines are parsed, on their own,
and put in place of the old item; every place (line, column) after it moves by the lines the
edit added or removed. Anything this cannot be sure of returns None, and the file is parsed
whole: anchors anywhere in the file (an alias could reach across items), an item that is not a
plain `- ` line at the indent of its siblings, a line of the item indented less than its dash,
a document marker or directive, an item that does not parse on its own as one item without a
problem. Tests compare the result, values and places, with a whole parse over random edits.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

Loc = tuple[int | str, ...]
Marks = dict[Loc, tuple[int, int]]
# parses a text as a whole file: (data, marks), or None when it has a problem
Parse = Callable[[str], "tuple[Any, Marks] | None"]

_ANCHOR = re.compile(r"(?:^|[\s\[{,:-])&[^\s\[\]{},]")
_MARKER = re.compile(r"^(?:---|\.\.\.)(?:\s|$)|^%", re.MULTILINE)


def splice(before: str, data: Any, marks: Marks, after: str, parse: Parse) -> tuple[Any, Marks] | None:
    """(data, marks) of `after`, from those of `before` and the one item an edit changed; None
    when the whole file must be parsed. `data` is changed in place."""
    if any("&" in text and _ANCHOR.search(text) for text in (before, after)):  # (`in` first: 100x quicker)
        return None
    old, new = before.splitlines(keepends=True), after.splitlines(keepends=True)
    if not old or not new or not before.endswith("\n") or not after.endswith("\n"):
        return None
    same_start = _common_start(old, new)
    same_end = _common_start(old[::-1], new[::-1], len(old) - same_start, len(new) - same_start)
    first, last = same_start + 1, len(old) - same_end  # 1-based lines of `before` that changed
    delta = len(new) - len(old)
    if last < first:  # lines only inserted, after line `last`: they belong with that line's item
        first = last = max(last, 1)
    found = _item_around(marks, first, last)
    if found is None:
        return None
    loc, start, end, dash = found  # the item's lines are start .. end - 1 (1-based)
    if not all(_dash_line(old[number - 1], dash) for number in (start, end)):
        return None  # the item (or the next) does not start with `- ` on its own line
    lines = new[start - 1: end - 1 + delta]
    if not lines or any(line.strip() and not line.startswith(" " * dash) for line in lines):
        return None
    text = "".join(line[dash:] if line.strip() else line.lstrip(" ") for line in lines)
    if _MARKER.search(text) or not text.startswith("-"):
        return None
    parsed = parse(text)
    if parsed is None or not isinstance(parsed[0], list) or len(parsed[0]) != 1:
        return None
    item, item_marks = parsed
    parent, index = _at(data, loc[:-1]), loc[-1]
    if not isinstance(parent, list) or not isinstance(index, int):
        return None
    parent[index] = item[0]
    moved: Marks = {}
    for place, (line, column) in marks.items():
        if place[:len(loc)] == loc:
            continue  # the old item's places: replaced below
        moved[place] = (line + delta, column) if line >= end else (line, column)
    for place, (line, column) in item_marks.items():
        if place and place[0] == 0:
            moved[loc + place[1:]] = (line + start - 1, column + dash)
    return data, moved


def _dash_line(line: str, dash: int) -> bool:
    """Does `line` hold a block sequence's `- ` at column `dash` (0-based), spaces before it?"""
    return line[dash:dash + 2] == "- " and not line[:dash].strip(" ")


def _common_start(a: list[str], b: list[str], a_limit: int | None = None, b_limit: int | None = None) -> int:
    limit = min(len(a) if a_limit is None else a_limit, len(b) if b_limit is None else b_limit)
    count = 0
    while count < limit and a[count] == b[count]:
        count += 1
    return count


def _item_around(marks: Marks, first: int, last: int) -> tuple[Loc, int, int, int] | None:
    """The innermost sequence item whose lines hold lines `first`..`last` of the file and that has
    a next item: (its place, its first line, its next item's first line, its dash's column, 0-based)."""
    best: tuple[Loc, int, int, int] | None = None
    for loc, (line, column) in marks.items():
        if not loc or not isinstance(loc[-1], int) or line > first:
            continue
        following = marks.get(loc[:-1] + (loc[-1] + 1,))
        if following is None or following[0] <= last or following[1] != column:
            continue
        if best is None or len(loc) > len(best[0]):
            best = (loc, line, following[0], column - 3)
    if best is None or best[3] < 0:
        return None
    return best


def _at(data: Any, loc: Loc) -> Any:
    for part in loc:
        try:
            data = data[part]
        except (KeyError, IndexError, TypeError):
            return None
    return data
