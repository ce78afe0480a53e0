"""A sheet smaller than what its layout draws: one problem at the sheet's `width` or `height`.

Lint reports an element placed off its side at the element (`generator.layoutlint`). When a
sheet's size is the mistake, every element near the far edge is off, and a problem at each of
them pointed at the layout, not at the key to change (audit s26: `width: 10 in` on Heartstrings'
420 mm board gave eight off-sheet problems in board.yaml and none in components.yaml). More
than one element past the same edge blames the edge: one problem at its key, and the elements
are then checked against the size they reach, so only what the size does not explain (an
element off the top, another's glyphs) is reported beside it. One element past an edge is that
element's own mistake, reported where it is written.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from cards import Database, Problem
from cards.errors import CardsError
from cards.units import MM

from .cardlayout import drawn_elements, geometry
from .errors import GeneratorError
from .layoutfile import Box, Layout

EDGE_TOLERANCE = 0.05 * MM  # rounding in a computed position is not a mistake
_EDGES = {"width": "narrower", "height": "shorter"}


def sheet_size_problems(db: Database, sheet: Any, layout: Layout, contexts: list[dict[str, Any]],
                        box: Box) -> tuple[list[Problem], Box]:
    """The problems at `sheet`'s `width` and `height` that its layout's elements reach past, and
    the box to check the elements against: the sheet's, grown to what they reach on those edges."""
    index = next(i for i, each in enumerate(db.sheets) if each is sheet)
    problems: list[Problem] = []
    for key, (reach, names) in _past_edges(layout, contexts, box, f"sheets[{sheet.id}]").items():
        if len(names) < 2:
            continue
        found = db.problem_at("sheets", index, (key,), _size_message(key, getattr(sheet, key), box, reach,
                                                                     layout.name, names))
        problems += [replace(found, path=f"sheets[{sheet.id}].{key}")] if found else []
        box = replace(box, w=reach * MM) if key == "width" else replace(box, h=reach * MM)
    return problems, box


def _past_edges(layout: Layout, contexts: list[dict[str, Any]], box: Box,
                where: str) -> dict[str, tuple[float, list[str]]]:
    """For the sheet's width and height: how far its elements reach, in mm, and the names of those
    that reach past it, over every copy of the sheet."""
    reach = {"width": box.w / MM, "height": box.h / MM}
    past: dict[str, dict[str, None]] = {key: {} for key in _EDGES}
    for context in contexts:
        try:
            for element, bound, at in drawn_elements(layout, context, where):
                x, y, w, _ = geometry(element, box, bound, at)
                ends = {"width": (x - box.x + w) / MM, "height": (box.y + box.h - y) / MM}
                for key, end in ends.items():
                    if end > (box.w if key == "width" else box.h) / MM + EDGE_TOLERANCE / MM:
                        reach[key] = max(reach[key], end)
                        past[key][str(element.get("id", at))] = None
        except (GeneratorError, CardsError):
            continue  # the draw check reports it, located
    return {key: (reach[key], list(names)) for key, names in past.items() if names}


def _size_message(key: str, written: str, box: Box, reach: float, layout: str, names: list[str]) -> str:
    size = (box.w if key == "width" else box.h) / MM
    shown = ", ".join(names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "")
    return (f"{written} ({size:g} mm) is {_EDGES[key]} than layout {layout!r} draws: {len(names)} elements "
            f"({shown}) reach {reach:g} mm and would be cut away; write `{key}: {reach:g}mm`, or move them")
