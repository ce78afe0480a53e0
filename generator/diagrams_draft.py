"""The order of picks drawn from the rules: one row per player, one numbered disc per pick in
its player's row, arrows from each pick to the next, and a gold ring round each player's first
pick (the leader), explained once under the rows' names.

    <!-- picks: order=O,S,S,O,O,S names="S:Starting player,O:Opponent" -->

A template fills `order` from the rules (`{{ rules.draft_order | join(',') }}`), so editing the
draft order in `game.yaml` redraws the picture. `names` gives each player letter its row label,
rows in the order given (letters missing from `names` get a row of their own, labelled by the letter).
"""

from __future__ import annotations

import math

from reportlab.lib import colors
from reportlab.platypus import Flowable

from .diagrams_board import Theme

INKS = ("#b3262c", "#222222", "#2471a3", "#1e8449")
LABEL_WIDTH = 92.0
ROW_HEIGHT = 34.0
DISC = 11.0            # radius of a pick's disc, points
LEADER_BAND = 12.0
LEADER_RING = "#f2c94c"


def parse_picks(order: str, names: str) -> tuple[list[str], list[tuple[str, str]]]:
    """(the picks in order, (letter, row label) per row) from a `picks:` comment's values."""
    picks = [p.strip() for p in order.split(",") if p.strip()]
    rows = [(letter.strip(), label.strip()) for letter, _, label in
            (item.partition(":") for item in names.split(",") if item.strip())]
    known = {letter for letter, _ in rows}
    rows += [(p, p) for p in dict.fromkeys(picks) if p not in known]
    return picks, rows


class PickOrder(Flowable):  # type: ignore[misc]  # reportlab has no type hints
    """Numbered picks in each player's row, joined in order; the first pick of each player leads."""

    def __init__(self, picks: list[str], rows: list[tuple[str, str]], theme: Theme, width: float):
        super().__init__()
        self.picks, self.rows, self.theme, self.width = picks, rows, theme, width
        self.spaceBefore = self.spaceAfter = theme.body_size * 0.5

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        self.width = min(self.width, available_width)
        return self.width, len(self.rows) * ROW_HEIGHT + LEADER_BAND

    def centre(self, index: int) -> tuple[float, float]:
        """Where pick `index` (0-based) is drawn."""
        step = (self.width - LABEL_WIDTH) / max(1, len(self.picks))
        row = [letter for letter, _ in self.rows].index(self.picks[index])
        return LABEL_WIDTH + (index + 0.5) * step, LEADER_BAND + (len(self.rows) - row - 0.5) * ROW_HEIGHT

    def ink(self, letter: str) -> str:
        return INKS[[row for row, _ in self.rows].index(letter) % len(INKS)]

    def draw(self) -> None:
        canvas = self.canv
        for number, (letter, label) in enumerate(self.rows):
            y = LEADER_BAND + (len(self.rows) - number - 1) * ROW_HEIGHT
            canvas.setFillColor(colors.HexColor("#f4efe6" if number % 2 == 0 else "#ffffff"))
            canvas.setStrokeColor(colors.HexColor("#999999"))
            canvas.rect(0, y, self.width, ROW_HEIGHT, stroke=1, fill=1)
            canvas.setFillColor(colors.HexColor(self.ink(letter)))
            canvas.setFont(self.theme.bold_font, 9)
            canvas.drawString(4, y + ROW_HEIGHT / 2 - 3, f"{label} ({letter})" if label != letter else letter)
        for index in range(len(self.picks) - 1):
            self._arrow(self.centre(index), self.centre(index + 1))
        seen: set[str] = set()
        for index, letter in enumerate(self.picks):
            self._disc(index, letter, letter not in seen)
            seen.add(letter)
        self._leader_key()

    def _disc(self, index: int, letter: str, leader: bool) -> None:
        canvas, (x, y) = self.canv, self.centre(index)
        canvas.setFillColor(colors.HexColor(self.ink(letter)))
        canvas.setStrokeColor(colors.HexColor(LEADER_RING) if leader else colors.white)
        canvas.setLineWidth(2.5 if leader else 1)
        canvas.circle(x, y, DISC, stroke=1, fill=1)
        canvas.setFillColor(colors.white)
        canvas.setFont(self.theme.bold_font, 10)
        canvas.drawCentredString(x, y - 3.5, str(index + 1))

    def _leader_key(self) -> None:
        """What the gold ring means, under the rows' names: a word under each leader's disc, below
        the bottom row, read as the bottom row's (print audit)."""
        canvas = self.canv
        canvas.setStrokeColor(colors.HexColor(LEADER_RING))
        canvas.setFillColor(colors.white)
        canvas.setLineWidth(1.5)
        canvas.circle(8, LEADER_BAND / 2 - 1, 3.5, stroke=1, fill=1)
        canvas.setFillColor(colors.black)
        canvas.setFont(self.theme.body_font, 7.5)
        canvas.drawString(15, LEADER_BAND / 2 - 3.5, "leader: each player's first pick")

    def _arrow(self, start: tuple[float, float], end: tuple[float, float]) -> None:
        """A line from disc to disc, its head touching the next disc."""
        canvas = self.canv
        (x0, y0), (x1, y1) = start, end
        angle = math.atan2(y1 - y0, x1 - x0)
        dx, dy = math.cos(angle), math.sin(angle)
        tip = (x1 - dx * (DISC + 1), y1 - dy * (DISC + 1))
        canvas.setStrokeColor(colors.HexColor("#555555"))
        canvas.setFillColor(colors.HexColor("#555555"))
        canvas.setLineWidth(1.2)
        canvas.line(x0 + dx * DISC, y0 + dy * DISC, tip[0] - dx * 4, tip[1] - dy * 4)
        head = canvas.beginPath()
        head.moveTo(*tip)
        for side in (1, -1):
            head.lineTo(tip[0] - dx * 5 - side * dy * 3, tip[1] - dy * 5 + side * dx * 3)
        head.close()
        canvas.drawPath(head, stroke=0, fill=1)
