"""Which elements of a layout reach a visible box: a tile of a board draws only those.

Each tile's page used to draw the whole board and clip it to its piece: a clipped number's hidden
glyphs lay under the tile's label (print audit), and the file held the board once a tile
(`generator.tiling`).
"""

from __future__ import annotations

from typing import Any

from .bindings import _geometry
from .errors import GeneratorError
from .geometry import Box as PageBox
from .layoutfile import Box

VISIBLE_REACH = 12.0  # points a shape may draw past its box (its bleed, a thick stroke); text stays in its box


def reaches(element: dict[str, Any], box: Box, bound: dict[str, Any], where: str, visible: PageBox) -> bool:
    """Does the element come within `VISIBLE_REACH` (and half its stroke) of `visible`? Text stays
    in its box. An element whose place cannot be worked out is drawn, to report its error."""
    try:
        x, y, w, h = _geometry(element, box, bound, where)
    except GeneratorError:
        return True
    stroke = element.get("line_width", 0)  # a stroke reaches half its width past the box (review)
    stroke_reach = float(stroke) / 2 if isinstance(stroke, int | float) else 50.0  # bound: any width
    reach = 0.0 if element.get("type") == "text" else VISIBLE_REACH + stroke_reach
    left, right = min(x, x + w) - reach, max(x, x + w) + reach
    bottom, top = min(y, y + h) - reach, max(y, y + h) + reach
    return left < visible.right and visible.x < right and bottom < visible.top and visible.y < top
