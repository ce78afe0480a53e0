"""Where a tiled board's cut edges fall: in the quietest place the pages allow.

An even split of the board put a tile's cut edge through a line of room 6's text on the
Heartstrings board (print audit): cut half a millimetre off and the letters are sliced or
doubled. The board is drawn once at a pixel a point, and each cut edge goes where the colour
changes least along it (no text, no drawing crossing it), within `CUT_REACH` of the edge, inside
the range that keeps every tile on its page; on a tie, nearest the even split. So a board whose
even split is clear keeps it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from cards.units import MM

from .pdfcanvas import drawn_image
from .tiling import BoardPainter, TilePlan

CUT_REACH = 2 * MM  # content this close to a cut edge is sliced by a small cutting error
SCALE = 1.0         # pixels a point: 12 pt text is 12 pixels high


def placed_cuts(plan: TilePlan, paint: BoardPainter) -> TilePlan:
    """`plan` with its tiles' cut edges moved clear of the board's content (`paint` draws it)."""
    if plan.rows * plan.cols == 1:
        return plan
    along_rows, along_columns = _changes(plan.board, paint)
    lefts = _cuts(plan.board[0], plan.cols, plan.area.w, plan.overlap, _cost(along_columns))
    downs = _cuts(plan.board[1], plan.rows, plan.area.h, plan.overlap, _cost(along_rows))
    return replace(plan, lefts=lefts, downs=downs)


def _changes(board: tuple[float, float], paint: BoardPainter) -> tuple[list[float], list[float]]:
    """How much the colour changes along each pixel row of the drawn board (top down), and along
    each pixel column (left to right): text and lines crossing them, not flat fills."""
    from PIL import Image, ImageChops

    image = drawn_image(lambda canvas: paint(canvas, 0.0, 0.0), board, SCALE, "board").convert("L")
    width, height = image.size
    across = ImageChops.difference(image.crop((1, 0, width, height)), image.crop((0, 0, width - 1, height)))
    downwards = ImageChops.difference(image.crop((0, 1, width, height)), image.crop((0, 0, width, height - 1)))
    rows = list(across.resize((1, height), Image.Resampling.BOX).tobytes())
    columns = list(downwards.resize((width, 1), Image.Resampling.BOX).tobytes())
    return [float(v) for v in rows], [float(v) for v in columns]


def _cost(changes: list[float]) -> Callable[[float], float]:
    """The cost of a cut `d` points along the axis: the changes within `CUT_REACH` of it."""
    def cost(d: float) -> float:
        first = max(0, int((d - CUT_REACH) * SCALE))
        last = min(len(changes), int((d + CUT_REACH) * SCALE) + 1)
        return round(sum(changes[first:last]), 1)
    return cost


def _cuts(length: float, count: int, room: float, overlap: float, cost: Callable[[float], float]) -> tuple[float, ...]:
    """Where each of `count` tiles starts along an axis of `length` (the first at 0), each tile at
    most `room` long and overlapping the next by `overlap`: each cut at the least `cost` that keeps
    the tile before it and the tiles after it on their pages, nearest the even split on a tie."""
    even = (length + (count - 1) * overlap) / count - overlap
    starts = [0.0]
    for i in range(1, count):
        rest = count - i
        lowest = max(starts[-1] + overlap, length - rest * room + (rest - 1) * overlap)
        highest = starts[-1] + room - overlap
        if highest < lowest:  # no room to move: the even split (plan_tiles chose a count that fits)
            starts.append(i * even)
            continue
        candidates = [lowest + k for k in range(int(highest - lowest) + 1)]
        starts.append(min(candidates, key=lambda d: (cost(d), abs(d - i * even))))
    return tuple(starts)
