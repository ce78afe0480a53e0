"""More icons, so that no two things print the same picture.

Keywords (the legibility lint checks that no two share an icon): conceding is a lowered white flag beside Challenge's raised
one, paying a purse beside Bid's coin, Precise a dart beside Exposed's target, and the four DV
keywords a die (alignment), up and down arrows (reroll higher/lower), a plus-minus sign (a
change that lasts the turn) and a delta (a one-time change). Components: a broom (Which Witch's
Zoom Broom, which used to borrow the Wind Witch's waves).

Drawn in the unit square like every icon of `generator.icons`, which merges `GLYPHS` into its table.
"""

from __future__ import annotations

from reportlab.lib import colors
from reportlab.pdfgen.canvas import Canvas

from .iconpaint import Painter, polygon, registrar

GLYPHS: dict[str, Painter] = {}
icon = registrar(GLYPHS)
_polygon = polygon


@icon("white-flag", "concede")
def _white_flag(c: Canvas) -> None:
    c.rect(0.15, 0.05, 0.08, 0.9, stroke=0, fill=1)
    c.setLineWidth(0.09)
    path = c.beginPath()
    path.moveTo(0.23, 0.92)
    path.curveTo(0.45, 0.98, 0.6, 0.82, 0.86, 0.88)
    path.lineTo(0.86, 0.5)
    path.curveTo(0.6, 0.44, 0.45, 0.6, 0.23, 0.54)
    path.close()
    c.drawPath(path, stroke=1, fill=0)


@icon("purse", "pay")
def _purse(c: Canvas) -> None:
    c.roundRect(0.14, 0.06, 0.72, 0.56, 0.22, stroke=0, fill=1)
    _polygon(c, [(0.34, 0.6), (0.66, 0.6), (0.78, 0.86), (0.22, 0.86)])
    c.setFillColor(colors.white)
    c.rect(0.3, 0.6, 0.4, 0.06, stroke=0, fill=1)


@icon("dart", "precise")
def _dart(c: Canvas) -> None:
    _polygon(c, [(0.95, 0.95), (0.5, 0.8), (0.8, 0.5)])
    c.setLineWidth(0.12)
    c.line(0.68, 0.68, 0.2, 0.2)
    c.setLineWidth(0.08)
    for dx, dy in ((0.0, 0.22), (0.22, 0.0)):
        c.line(0.3, 0.3, 0.08 + dx, 0.08 + dy)


@icon("up-down", "higher-lower-dv")
def _up_down(c: Canvas) -> None:
    _polygon(c, [(0.3, 0.95), (0.06, 0.6), (0.22, 0.6), (0.22, 0.1), (0.38, 0.1), (0.38, 0.6), (0.54, 0.6)])
    _polygon(c, [(0.7, 0.05), (0.94, 0.4), (0.78, 0.4), (0.78, 0.9), (0.62, 0.9), (0.62, 0.4), (0.46, 0.4)])


@icon("plus-minus", "plus-minus-dv")
def _plus_minus(c: Canvas) -> None:
    c.rect(0.42, 0.36, 0.16, 0.56, stroke=0, fill=1)
    c.rect(0.16, 0.56, 0.68, 0.16, stroke=0, fill=1)
    c.rect(0.16, 0.1, 0.68, 0.16, stroke=0, fill=1)


@icon("delta", "gains-loses-dv")
def _delta(c: Canvas) -> None:
    _polygon(c, [(0.5, 0.95), (0.04, 0.08), (0.96, 0.08)])
    c.setFillColor(colors.white)
    _polygon(c, [(0.5, 0.64), (0.3, 0.24), (0.7, 0.24)])


@icon("broom")
def _broom(c: Canvas) -> None:
    c.setLineWidth(0.09)
    c.line(0.92, 0.92, 0.44, 0.44)
    _polygon(c, [(0.52, 0.36), (0.36, 0.52), (0.04, 0.3), (0.3, 0.04)])
    c.setStrokeColor(colors.white)
    c.setLineWidth(0.035)
    c.line(0.4, 0.4, 0.14, 0.24)
    c.line(0.4, 0.4, 0.24, 0.14)
