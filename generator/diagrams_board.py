"""A board of numbered rooms drawn from the rules: special rooms marked, and a worked invasion.

A rulebook template asks for it with one comment whose values come from `game.yaml`, so a
designer's edit of a rule parameter redraws the picture:

    <!-- board: rooms=12 cols=4 defender=4:1,8:2 attacker=3:1,6:2,9:3 bonus=1,12
         invade=6 from=green to=blue caption="Green invades room 6 ..." -->

`cols` is the rooms in a row, as the printed board lays them out (at most 6 when not given);
`defender` and `attacker` list room:buff pairs, `bonus` the rooms that give `bead` beads; `invade`
names the room of the worked invasion, `from`/`to` the colours of the invader and the holder.
"""

from __future__ import annotations

import math
import re
import shlex
from dataclasses import dataclass, field
from typing import Protocol

from reportlab.lib import colors
from reportlab.platypus import Flowable

from cards.wording import plural


class Theme(Protocol):
    """What a diagram takes from the rulebook's theme (`generator.markdown.Theme`)."""

    @property
    def body_font(self) -> str: ...
    @property
    def bold_font(self) -> str: ...
    @property
    def body_size(self) -> float: ...

BOARD_COMMENT = re.compile(r"^\s*<!--\s*board:(.*?)-->\s*$", re.DOTALL)
ROOM_GAP = 4.0
ROOM_HEIGHT = 46.0
LEGEND_HEIGHT = 20.0
CAPTION_HEIGHT = 16.0
# the printed board's fills (templates/heartstrings/board.yaml): a player reading the rulebook
# finds the same colours on the table (print audit: the bonus rooms were beige here, pink there)
DEFENDER_FILL, ATTACKER_FILL, BONUS_FILL = "#dde8f8", "#fbe0da", "#fbe3ee"


@dataclass(frozen=True)
class BoardSpec:
    rooms: int
    cols: int | None = None
    defender: dict[int, int] = field(default_factory=dict)
    attacker: dict[int, int] = field(default_factory=dict)
    bonus: tuple[int, ...] = ()
    bead: int = 1
    invade: int | None = None
    invader: str = "#2e8b57"
    holder: str = "#1f5fbf"
    caption: str = ""


def parse_board(text: str) -> BoardSpec:
    """The values of a `<!-- board: ... -->` comment (without the comment marks)."""
    values = dict(part.split("=", 1) for part in shlex.split(text) if "=" in part)

    def pairs(key: str) -> dict[int, int]:
        return {int(r): int(b) for r, b in (p.split(":") for p in values.get(key, "").split(",") if p)}
    bonus = tuple(int(r) for r in values.get("bonus", "").split(",") if r)
    invade = int(values["invade"]) if values.get("invade") else None
    cols = int(values["cols"]) if values.get("cols") else None
    return BoardSpec(int(values["rooms"]), cols, pairs("defender"), pairs("attacker"), bonus, int(values.get("bead", 1)), invade,
                     values.get("from", "#2e8b57"), values.get("to", "#1f5fbf"), values.get("caption", ""))


class BoardDiagram(Flowable):  # type: ignore[misc]  # reportlab has no type hints
    """The rooms in a grid, each numbered, the special ones tinted and labelled with their buff."""

    def __init__(self, spec: BoardSpec, theme: Theme, width: float):
        super().__init__()
        self.spec, self.theme, self.width = spec, theme, width
        self.spaceBefore, self.spaceAfter = theme.body_size * 0.4, theme.body_size * 0.4
        self.cols = max(1, min(spec.rooms, spec.cols or 6))
        self.rows = math.ceil(spec.rooms / self.cols)

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        self.width = min(self.width, available_width)
        return self.width, self._grid_height() + LEGEND_HEIGHT + CAPTION_HEIGHT * bool(self.spec.caption)

    def _grid_height(self) -> float:
        return self.rows * ROOM_HEIGHT + (self.rows - 1) * ROOM_GAP

    def draw(self) -> None:
        canvas = self.canv
        room_w = (self.width - (self.cols - 1) * ROOM_GAP) / self.cols
        top = self._grid_height() + LEGEND_HEIGHT + CAPTION_HEIGHT * bool(self.spec.caption)
        for index in range(self.spec.rooms):
            row, col = divmod(index, self.cols)
            x = col * (room_w + ROOM_GAP)
            y = top - (row + 1) * ROOM_HEIGHT - row * ROOM_GAP
            self._room(index + 1, x, y, room_w)
        self._legend(LEGEND_HEIGHT + CAPTION_HEIGHT * bool(self.spec.caption) - 12)
        if self.spec.caption:
            canvas.setFont(self.theme.body_font, self.theme.body_size - 1)
            canvas.setFillColor(colors.black)
            canvas.drawString(0, 3, self.spec.caption)

    def _room(self, number: int, x: float, y: float, w: float) -> None:
        canvas, spec = self.canv, self.spec
        fill, tag = "#ffffff", ""
        if number in spec.defender:
            fill, tag = DEFENDER_FILL, f"Defender +{spec.defender[number]}"
        elif number in spec.attacker:
            fill, tag = ATTACKER_FILL, f"Attacker +{spec.attacker[number]}"
        elif number in spec.bonus:
            fill, tag = BONUS_FILL, f"+{spec.bead} bead"
        canvas.saveState()
        canvas.setFillColor(colors.HexColor(fill))
        canvas.setStrokeColor(colors.HexColor("#555555"))
        canvas.setLineWidth(0.8 + 1.2 * (number == spec.invade))
        canvas.roundRect(x, y, w, ROOM_HEIGHT, 4, stroke=1, fill=1)
        canvas.setFillColor(colors.black)
        canvas.setFont(self.theme.bold_font, 13)
        canvas.drawString(x + 5, y + ROOM_HEIGHT - 16, str(number))
        if tag:
            canvas.setFont(self.theme.body_font, 7)
            canvas.drawString(x + 5, y + 5, tag)
        if number == spec.invade:
            self._invasion(x, y, w)
        canvas.restoreState()

    def _invasion(self, x: float, y: float, w: float) -> None:
        """The holder's token in the room, the invader's token entering with an arrow."""
        canvas, r = self.canv, 7.0
        cy = y + ROOM_HEIGHT / 2 + 2
        canvas.setFillColor(colors.HexColor(self.spec.holder))
        canvas.circle(x + w - r - 5, cy, r, stroke=0, fill=1)
        canvas.setFillColor(colors.HexColor(self.spec.invader))
        canvas.circle(x + w / 2, cy, r, stroke=0, fill=1)
        canvas.setStrokeColor(colors.black)
        canvas.setLineWidth(1.2)
        canvas.line(x + w / 2 + r + 1, cy, x + w - 2 * r - 7, cy)
        tip = x + w - 2 * r - 6
        path = canvas.beginPath()
        path.moveTo(tip, cy)
        path.lineTo(tip - 4, cy + 3)
        path.lineTo(tip - 4, cy - 3)
        path.close()
        canvas.setFillColor(colors.black)
        canvas.drawPath(path, stroke=0, fill=1)

    def _legend(self, y: float) -> None:
        canvas, x = self.canv, 0.0
        canvas.setFont(self.theme.body_font, 7.5)
        for fill, label in ((DEFENDER_FILL, "defender's roll raised"), (ATTACKER_FILL, "attacker's roll raised"),
                            (BONUS_FILL, f"occupy or win it: +{plural(self.spec.bead, 'bead')}")):
            canvas.setFillColor(colors.HexColor(fill))
            canvas.setStrokeColor(colors.HexColor("#555555"))
            canvas.rect(x, y, 9, 9, stroke=1, fill=1)
            canvas.setFillColor(colors.black)
            canvas.drawString(x + 12, y + 1.5, label)
            x += 16 + canvas.stringWidth(label, self.theme.body_font, 7.5)
