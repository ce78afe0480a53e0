"""Setup pictures drawn from the rules: a row of lanes with each party's pieces, and a map grid.

Rulebook templates ask for them with one comment each, filled in from `game.yaml`:

    <!-- lanes: count=10 left=d4:1,d10:2 right=d4:10,d10:9 -->
    <!-- grid: columns=6 rows=8 halves=S,O special=B3:Brazier:#e0863a,A4:Rocks:#8d8d8d -->
    <!-- picks: order=O,S,S,O,O,S names="S:Starting player,O:Opponent" -->   (generator/diagrams_draft.py)
    <!-- steps: radius=2 reach="2:Ranged attack:#f4d27a,1:Melee attack:#f3b8b8" -->   (generator/diagrams_steps.py)

`lanes` draws `count` numbered lanes side by side, the left party's pieces (label:lane) at the
top facing right and the right party's at the bottom facing left. `grid` draws the lettered and
numbered tiles, each special tile (name:kind:colour) filled and labelled, and the two halves'
owners beside their rows.
"""

from __future__ import annotations

import re
import shlex

from reportlab.lib import colors
from reportlab.platypus import Flowable

from .diagrams_board import Theme
from .diagrams_draft import PickOrder, parse_picks
from .diagrams_steps import StepsDiagram, parse_reach

SETUP_COMMENT = re.compile(r"^\s*<!--\s*(lanes|grid|picks|steps):(.*?)-->\s*$", re.DOTALL)
LEFT_INK, RIGHT_INK, EDGE = "#b3262c", "#222222", "#555555"
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _values(text: str) -> dict[str, str]:
    return dict(part.split("=", 1) for part in shlex.split(text) if "=" in part)


def _placed(text: str) -> list[tuple[str, int]]:
    """'d4:1,d10:2' -> [('d4', 1), ('d10', 2)] (a label may hold a slash: d10/0:4)."""
    return [(label, int(lane)) for label, lane in (item.rsplit(":", 1) for item in text.split(",") if item)]


def setup_diagram(kind: str, text: str, theme: Theme, width: float) -> Flowable:
    """The flowable a `<!-- lanes: -->`, `grid:`, `picks:` or `steps:` comment asks for."""
    values = _values(text)
    if kind == "steps":   # distance around a character: generator/diagrams_steps.py
        return StepsDiagram(int(values.get("radius", "2")), parse_reach(values.get("reach", "")), theme)
    if kind == "picks":   # the draft order: generator/diagrams_draft.py
        return PickOrder(*parse_picks(values.get("order", ""), values.get("names", "")), theme, width)
    if kind == "lanes":
        return LaneDiagram(int(values["count"]), _placed(values.get("left", "")), _placed(values.get("right", "")),
                           theme, width)
    special = {}
    for item in filter(None, values.get("special", "").split(",")):
        tile, name, colour = item.split(":")
        special[tile] = (name, colour)
    halves = tuple(values.get("halves", ",").split(","))
    return GridMap(int(values["columns"]), int(values["rows"]), special, halves, theme, width)


class LaneDiagram(Flowable):  # type: ignore[misc]  # reportlab has no type hints
    """Lanes side by side, numbered; the left party's pieces above the middle, the right party's below."""

    LANE_HEIGHT = 120.0

    def __init__(self, count: int, left: list[tuple[str, int]], right: list[tuple[str, int]],
                 theme: Theme, width: float):
        super().__init__()
        self.count, self.left, self.right, self.theme, self.width = count, left, right, theme, width
        self.spaceBefore = self.spaceAfter = theme.body_size * 0.4

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        self.width = min(self.width, available_width)
        return self.width, self.LANE_HEIGHT + 14

    def draw(self) -> None:
        canvas, lane_w = self.canv, self.width / self.count
        canvas.setStrokeColor(colors.HexColor(EDGE))
        canvas.setFont(self.theme.bold_font, 10)
        for lane in range(self.count):
            canvas.setFillColor(colors.HexColor("#f4efe6" if lane % 2 else "#ffffff"))
            canvas.rect(lane * lane_w, 14, lane_w, self.LANE_HEIGHT, stroke=1, fill=1)
            canvas.setFillColor(colors.black)
            canvas.drawCentredString((lane + 0.5) * lane_w, 2, str(lane + 1))
        self._pieces(self.left, lane_w, 14 + self.LANE_HEIGHT - 14, LEFT_INK, "\u2192")
        self._pieces(self.right, lane_w, 14 + self.LANE_HEIGHT / 2 - 14, RIGHT_INK, "\u2190")

    def _pieces(self, pieces: list[tuple[str, int]], lane_w: float, top: float, ink: str, arrow: str) -> None:
        canvas, stacked = self.canv, dict.fromkeys(range(1, self.count + 1), 0)
        for label, lane in pieces:
            y = top - stacked[lane] * 22
            stacked[lane] += 1
            x = (lane - 0.5) * lane_w
            canvas.setFillColor(colors.HexColor(ink))
            canvas.roundRect(x - lane_w * 0.4, y - 8, lane_w * 0.8, 18, 3, stroke=0, fill=1)
            canvas.setFillColor(colors.white)
            canvas.setFont(self.theme.bold_font, 7.5)
            canvas.drawCentredString(x, y - 2, f"{label} {arrow}" if arrow == "\u2192" else f"{arrow} {label}")


class GridMap(Flowable):  # type: ignore[misc]  # reportlab has no type hints
    """The battlefield's tiles, columns lettered and rows numbered, special tiles filled and named."""

    def __init__(self, columns: int, rows: int, special: dict[str, tuple[str, str]], halves: tuple[str, ...],
                 theme: Theme, width: float):
        super().__init__()
        self.columns, self.rows, self.special, self.halves, self.theme = columns, rows, special, halves, theme
        self.tile = min(40.0, (width - 60) / columns)
        self.spaceBefore = self.spaceAfter = theme.body_size * 0.4

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.columns * self.tile + 60, self.rows * self.tile + 14

    def draw(self) -> None:
        canvas, t = self.canv, self.tile
        x0, top = 14.0, self.rows * t + 14
        canvas.setFont(self.theme.bold_font, 8)
        for col in range(self.columns):
            canvas.drawCentredString(x0 + (col + 0.5) * t, 3, LETTERS[col])
        for row in range(self.rows):
            y = top - (row + 1) * t
            canvas.setFillColor(colors.black)
            canvas.setFont(self.theme.bold_font, 8)
            canvas.drawRightString(x0 - 3, y + t / 2 - 3, str(row + 1))
            for col in range(self.columns):
                self._tile(f"{LETTERS[col]}{row + 1}", x0 + col * t, y)
        half = self.rows // 2
        canvas.setFillColor(colors.black)
        canvas.setFont(self.theme.bold_font, 9)
        for index, owner in enumerate(self.halves[:2]):
            middle = top - (index * half + half / 2) * t
            canvas.drawString(x0 + self.columns * t + 6, middle - 3, f"{owner}: rows {index * half + 1}-{(index + 1) * half}")
        canvas.setLineWidth(1.6)
        canvas.line(x0, top - half * t, x0 + self.columns * t, top - half * t)

    def _tile(self, name: str, x: float, y: float) -> None:
        canvas, t = self.canv, self.tile
        kind, fill = self.special.get(name, ("", "#ffffff"))
        canvas.setStrokeColor(colors.HexColor(EDGE))
        canvas.setLineWidth(0.6)
        canvas.setFillColor(colors.HexColor(fill))
        canvas.rect(x, y, t, t, stroke=1, fill=1)
        if kind:
            canvas.setFillColor(colors.black)
            canvas.setFont(self.theme.body_font, 6.5)
            for n, word in enumerate(kind.split()[:2]):
                canvas.drawCentredString(x + t / 2, y + t / 2 - 2 - 7 * n, word)
