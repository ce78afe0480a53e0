"""Distance in orthogonal steps drawn from the rules: a square of tiles around a character,
each tile showing its number of steps, the tiles at each reach tinted and named in a legend.

    <!-- steps: radius=2 reach="2:Ranged attack:#f4d27a,1:Melee attack:#f3b8b8" -->

A template fills `reach` from the rules (`{{ rules.reach.ranged }}`), so editing a reach in
`game.yaml` re-tints the picture.
"""

from __future__ import annotations

from reportlab.lib import colors
from reportlab.platypus import Flowable

from cards.wording import plural

from .diagrams_board import Theme

TILE = 22.0
LEGEND_GAP = 14.0
SWATCH = 10.0
EDGE, CENTRE_FILL = "#555555", "#333333"


def parse_reach(text: str) -> list[tuple[int, str, str]]:
    """'2:Ranged attack:#f4d27a,1:Melee attack:#f3b8b8' -> [(2, 'Ranged attack', '#f4d27a'), ...]."""
    marks = []
    for item in filter(None, (part.strip() for part in text.split(","))):
        steps, label, colour = item.split(":")
        marks.append((int(steps), label, colour))
    return marks


class StepsDiagram(Flowable):  # type: ignore[misc]  # reportlab has no type hints
    """The steps from the centre tile (X) to every tile within `radius` rows and columns."""

    def __init__(self, radius: int, reach: list[tuple[int, str, str]], theme: Theme):
        super().__init__()
        self.radius, self.reach, self.theme = radius, reach, theme
        self.side = (2 * radius + 1) * TILE
        self.spaceBefore = self.spaceAfter = theme.body_size * 0.5

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return available_width, self.side

    def draw(self) -> None:
        fills = {steps: colour for steps, _, colour in self.reach}
        for row in range(2 * self.radius + 1):
            for col in range(2 * self.radius + 1):
                steps = abs(row - self.radius) + abs(col - self.radius)
                self._tile(col * TILE, self.side - (row + 1) * TILE, steps, fills.get(steps))
        self._legend(self.side + LEGEND_GAP)

    def _tile(self, x: float, y: float, steps: int, fill: str | None) -> None:
        canvas = self.canv
        canvas.setStrokeColor(colors.HexColor(EDGE))
        canvas.setLineWidth(0.6)
        canvas.setFillColor(colors.HexColor(CENTRE_FILL if steps == 0 else fill or "#ffffff"))
        canvas.rect(x, y, TILE, TILE, stroke=1, fill=1)
        canvas.setFillColor(colors.white if steps == 0 else colors.black)
        canvas.setFont(self.theme.bold_font if steps == 0 else self.theme.body_font, self.theme.body_size)
        canvas.drawCentredString(x + TILE / 2, y + TILE / 2 - self.theme.body_size * 0.35, "X" if steps == 0 else str(steps))

    def _legend(self, x: float) -> None:
        canvas, size = self.canv, self.theme.body_size
        top = self.side - TILE / 2
        for index, (steps, label, colour) in enumerate(self.reach):
            y = top - index * (SWATCH + 8)
            canvas.setFillColor(colors.HexColor(colour))
            canvas.setStrokeColor(colors.HexColor(EDGE))
            canvas.rect(x, y - SWATCH / 2, SWATCH, SWATCH, stroke=1, fill=1)
            canvas.setFillColor(colors.black)
            canvas.setFont(self.theme.body_font, size)
            canvas.drawString(x + SWATCH + 6, y - size * 0.35, f"{label}: {plural(steps, 'step')}")
        canvas.setFont(self.theme.body_font, size)
        y = top - len(self.reach) * (SWATCH + 8)
        canvas.setFillColor(colors.HexColor(CENTRE_FILL))
        canvas.rect(x, y - SWATCH / 2, SWATCH, SWATCH, stroke=1, fill=1)
        canvas.setFillColor(colors.black)
        canvas.drawString(x + SWATCH + 6, y - size * 0.35, "X: the character")
