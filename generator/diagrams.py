"""Flow diagrams drawn from data: `<!-- flow: First step -> Second step -> Third step -->` in a
rulebook template becomes a row of boxes joined by arrows.

The step texts are whatever the template renders, so they come from the rules parameters
(`Roll the d{{ rules.room_die }}`): a designer's edit of a rule redraws the diagram. Boxes wrap
onto further rows when they do not fit the width; each row reads left to right.
"""

from __future__ import annotations

import html
import re

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable

from cards.units import MM

from .paragraphs import Paragraph

FLOW_COMMENT = re.compile(r"^\s*<!--\s*flow:\s*(.+?)\s*-->\s*$", re.DOTALL)
BOX_WIDTH = 34 * MM
ARROW = 8 * MM
PADDING = 2 * MM
ROW_GAP = 5 * MM


def flow_steps(directive: str) -> list[str] | None:
    """The steps of a `<!-- flow: a -> b -> c -->` comment, or None when it is not one."""
    match = FLOW_COMMENT.match(directive)
    if match is None:
        return None
    return [" ".join(step.split()) for step in match.group(1).split("->") if step.strip()]


class FlowDiagram(Flowable):  # type: ignore[misc]  # reportlab has no type hints
    """Boxes joined by arrows, in as many rows as the width needs."""

    def __init__(self, steps: list[str], font: str, size: float, accent: str, fill: str):
        super().__init__()
        self.steps, self.accent, self.fill = steps, accent, fill
        self.style = ParagraphStyle("flow", fontName=font, fontSize=size, leading=size * 1.2,
                                    alignment=TA_CENTER, textColor=colors.HexColor("#222222"))
        self.per_row, self.box_height = 1, 0.0
        self.spaceBefore, self.spaceAfter = 2 * MM, 4 * MM

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        self.per_row = max(1, int((available_width + ARROW) // (BOX_WIDTH + ARROW)))
        inner = BOX_WIDTH - 2 * PADDING
        self.box_height = max(Paragraph(html.escape(s), self.style).wrap(inner, 1000)[1] for s in self.steps) + 2 * PADDING
        rows = -(-len(self.steps) // self.per_row)
        self.width = min(len(self.steps), self.per_row) * (BOX_WIDTH + ARROW) - ARROW
        self.height = rows * self.box_height + (rows - 1) * ROW_GAP
        return self.width, self.height

    def draw(self) -> None:
        canvas = self.canv
        for index, step in enumerate(self.steps):
            row, col = divmod(index, self.per_row)
            x = col * (BOX_WIDTH + ARROW)
            y = self.height - (row + 1) * self.box_height - row * ROW_GAP
            canvas.saveState()
            canvas.setFillColor(colors.HexColor(self.fill))
            canvas.setStrokeColor(colors.HexColor(self.accent))
            canvas.setLineWidth(1)
            canvas.roundRect(x, y, BOX_WIDTH, self.box_height, 2 * MM, stroke=1, fill=1)
            canvas.restoreState()
            paragraph = Paragraph(html.escape(step), self.style)
            _, h = paragraph.wrap(BOX_WIDTH - 2 * PADDING, self.box_height)
            paragraph.drawOn(canvas, x + PADDING, y + (self.box_height - h) / 2)
            if index + 1 < len(self.steps):
                self._arrow(x, y, col + 1 == self.per_row)

    def _arrow(self, x: float, y: float, wraps: bool) -> None:
        """To the next box: right, or down to the start of the next row."""
        canvas = self.canv
        canvas.saveState()
        canvas.setStrokeColor(colors.HexColor(self.accent))
        canvas.setFillColor(colors.HexColor(self.accent))
        canvas.setLineWidth(1.2)
        mid = y + self.box_height / 2
        if not wraps:
            canvas.line(x + BOX_WIDTH + 1, mid, x + BOX_WIDTH + ARROW - 2.5 * MM, mid)
            self._head(x + BOX_WIDTH + ARROW - 1, mid, "right")
        else:
            canvas.line(x + BOX_WIDTH / 2, y - 1, x + BOX_WIDTH / 2, y - ROW_GAP / 2)
            canvas.line(x + BOX_WIDTH / 2, y - ROW_GAP / 2, BOX_WIDTH / 2, y - ROW_GAP / 2)
            canvas.line(BOX_WIDTH / 2, y - ROW_GAP / 2, BOX_WIDTH / 2, y - ROW_GAP + 2 * MM)
            self._head(BOX_WIDTH / 2, y - ROW_GAP + 0.5, "down")
        canvas.restoreState()

    def _head(self, x: float, y: float, direction: str) -> None:
        size = 2 * MM
        path = self.canv.beginPath()
        if direction == "right":
            path.moveTo(x, y)
            path.lineTo(x - size, y + size / 2)
            path.lineTo(x - size, y - size / 2)
        else:
            path.moveTo(x, y)
            path.lineTo(x - size / 2, y + size)
            path.lineTo(x + size / 2, y + size)
        path.close()
        self.canv.drawPath(path, stroke=0, fill=1)
