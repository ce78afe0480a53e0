"""Vector icons drawn with reportlab paths, registered by name.

Every icon is drawn inside the square (x, y, size, size) whose lower-left corner is (x, y),
so it prints sharp at any size. `draw_icon` refuses an unknown name with the list of known
ones. Card layouts (`type: icon`) and inline `:name:` tokens in Markdown both use it.
"""

from __future__ import annotations

import math
from typing import Any

from reportlab.lib import colors
from reportlab.pdfgen.canvas import Canvas

from .errors import UnknownIcon
from .glyphs import GLYPHS
from .iconpaint import Painter, polygon, registrar

_ICONS: dict[str, Painter] = {}
icon = registrar(_ICONS)


def names() -> list[str]:
    """Every registered icon name, sorted."""
    return sorted(_ICONS)


def has_icon(name: str) -> bool:
    """Is an icon registered under `name`?"""
    return name in _ICONS


def draw_icon(canvas: Canvas, name: str, x: float, y: float, size: float, color: Any = "#000000") -> None:
    """Draw icon `name` filling the square of side `size` at (x, y), in `color`."""
    if name not in _ICONS:
        raise UnknownIcon(name, names())
    fill = colors.HexColor(color) if isinstance(color, str) else color
    canvas.saveState()
    canvas.translate(x, y)
    canvas.scale(size, size)
    canvas.setFillColor(fill)
    canvas.setStrokeColor(fill)
    canvas.setLineWidth(0.08)
    canvas.setLineJoin(1)
    canvas.setLineCap(1)
    _ICONS[name](canvas)
    canvas.restoreState()


_polygon = polygon


def _star_points(cx: float, cy: float, outer: float, inner: float, tips: int = 5) -> list[tuple[float, float]]:
    points = []
    for i in range(tips * 2):
        radius = outer if i % 2 == 0 else inner
        angle = math.pi / 2 + i * math.pi / tips
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return points


@icon("sword", "strike")
def _sword(c: Canvas) -> None:
    # Upright, with a wide guard and a pommel: at 7 pt a diagonal blade read as a tick mark.
    _polygon(c, [(0.4, 0.34), (0.4, 0.8), (0.5, 0.97), (0.6, 0.8), (0.6, 0.34)])
    c.roundRect(0.16, 0.24, 0.68, 0.12, 0.04, stroke=0, fill=1)
    c.rect(0.44, 0.1, 0.12, 0.17, stroke=0, fill=1)
    c.circle(0.5, 0.08, 0.07, stroke=0, fill=1)


@icon("shield", "block", "toughness")
def _shield(c: Canvas) -> None:
    path = c.beginPath()
    path.moveTo(0.5, 0.05)
    path.curveTo(0.2, 0.2, 0.12, 0.45, 0.12, 0.82)
    path.lineTo(0.5, 0.95)
    path.lineTo(0.88, 0.82)
    path.curveTo(0.88, 0.45, 0.8, 0.2, 0.5, 0.05)
    path.close()
    c.drawPath(path, stroke=0, fill=1)


@icon("boot", "evade", "wind")
def _evade(c: Canvas) -> None:
    for i, y in enumerate((0.25, 0.5, 0.75)):
        path = c.beginPath()
        path.moveTo(0.08 + 0.1 * i, y)
        path.curveTo(0.4, y + 0.12, 0.6, y - 0.12, 0.92 - 0.1 * i, y)
        c.setLineWidth(0.1)
        c.drawPath(path, stroke=1, fill=0)


@icon("heart", "health")
def _heart(c: Canvas) -> None:
    path = c.beginPath()
    path.moveTo(0.5, 0.1)
    path.curveTo(0.1, 0.4, 0.0, 0.65, 0.2, 0.85)
    path.curveTo(0.35, 0.97, 0.48, 0.88, 0.5, 0.72)
    path.curveTo(0.52, 0.88, 0.65, 0.97, 0.8, 0.85)
    path.curveTo(1.0, 0.65, 0.9, 0.4, 0.5, 0.1)
    path.close()
    c.drawPath(path, stroke=0, fill=1)


@icon("star", "innate", "points")
def _star(c: Canvas) -> None:
    _polygon(c, _star_points(0.5, 0.48, 0.46, 0.19))


@icon("bolt", "first-strike")
def _bolt(c: Canvas) -> None:
    _polygon(c, [(0.58, 0.95), (0.2, 0.45), (0.46, 0.45), (0.38, 0.05), (0.8, 0.58), (0.52, 0.58)])


@icon("die", "dv", "alignment")
def _die(c: Canvas) -> None:
    c.roundRect(0.1, 0.1, 0.8, 0.8, 0.14, stroke=0, fill=1)
    c.setFillColor(colors.white)
    for px, py in ((0.3, 0.7), (0.5, 0.5), (0.7, 0.3)):
        c.circle(px, py, 0.08, stroke=0, fill=1)


@icon("lamp", "lamps", "wish")
def _lamp(c: Canvas) -> None:
    path = c.beginPath()
    path.moveTo(0.1, 0.3)
    path.curveTo(0.2, 0.55, 0.7, 0.55, 0.8, 0.42)
    path.lineTo(0.97, 0.55)
    path.lineTo(0.82, 0.3)
    path.close()
    c.drawPath(path, stroke=0, fill=1)
    c.rect(0.3, 0.2, 0.35, 0.08, stroke=0, fill=1)
    c.circle(0.45, 0.58, 0.07, stroke=0, fill=1)
    _polygon(c, [(0.05, 0.3), (0.15, 0.42), (0.2, 0.32)])


@icon("drop", "mana", "first-blood")
def _drop(c: Canvas) -> None:
    path = c.beginPath()
    path.moveTo(0.5, 0.95)
    path.curveTo(0.35, 0.65, 0.18, 0.5, 0.18, 0.35)
    path.curveTo(0.18, 0.12, 0.35, 0.04, 0.5, 0.04)
    path.curveTo(0.65, 0.04, 0.82, 0.12, 0.82, 0.35)
    path.curveTo(0.82, 0.5, 0.65, 0.65, 0.5, 0.95)
    path.close()
    c.drawPath(path, stroke=0, fill=1)


@icon("skull", "true-damage")
def _skull(c: Canvas) -> None:
    c.circle(0.5, 0.58, 0.36, stroke=0, fill=1)
    c.rect(0.3, 0.12, 0.4, 0.3, stroke=0, fill=1)
    c.setFillColor(colors.white)
    c.circle(0.36, 0.55, 0.09, stroke=0, fill=1)
    c.circle(0.64, 0.55, 0.09, stroke=0, fill=1)
    for px in (0.4, 0.5, 0.6):
        c.rect(px - 0.02, 0.12, 0.04, 0.12, stroke=0, fill=1)


@icon("poison", "poisoned")
def _poison(c: Canvas) -> None:
    _drop(c)
    c.setFillColor(colors.white)
    c.circle(0.4, 0.32, 0.06, stroke=0, fill=1)
    c.circle(0.6, 0.32, 0.06, stroke=0, fill=1)
    c.rect(0.42, 0.14, 0.16, 0.06, stroke=0, fill=1)


@icon("target", "exposed")
def _target(c: Canvas) -> None:
    c.setLineWidth(0.1)
    c.circle(0.5, 0.5, 0.4, stroke=1, fill=0)
    c.circle(0.5, 0.5, 0.2, stroke=1, fill=0)
    c.circle(0.5, 0.5, 0.06, stroke=0, fill=1)


@icon("flag", "challenge")
def _flag(c: Canvas) -> None:
    c.rect(0.15, 0.05, 0.08, 0.9, stroke=0, fill=1)
    _polygon(c, [(0.23, 0.95), (0.88, 0.78), (0.23, 0.55)])


@icon("coin", "bid")
def _coin(c: Canvas) -> None:
    c.circle(0.5, 0.5, 0.42, stroke=0, fill=1)
    c.setStrokeColor(colors.white)
    c.setLineWidth(0.07)
    c.circle(0.5, 0.5, 0.28, stroke=1, fill=0)


@icon("down", "downgrade")
def _down(c: Canvas) -> None:
    _polygon(c, [(0.35, 0.95), (0.65, 0.95), (0.65, 0.45), (0.88, 0.45), (0.5, 0.05), (0.12, 0.45), (0.35, 0.45)])


@icon("cross", "ignore")
def _cross(c: Canvas) -> None:
    c.setLineWidth(0.18)
    c.line(0.18, 0.18, 0.82, 0.82)
    c.line(0.18, 0.82, 0.82, 0.18)


@icon("equals", "set")
def _equals(c: Canvas) -> None:
    c.rect(0.12, 0.58, 0.76, 0.14, stroke=0, fill=1)
    c.rect(0.12, 0.28, 0.76, 0.14, stroke=0, fill=1)


@icon("hand", "steal")
def _hand(c: Canvas) -> None:
    c.roundRect(0.2, 0.08, 0.55, 0.5, 0.12, stroke=0, fill=1)
    for i, top in enumerate((0.78, 0.9, 0.86, 0.74)):
        c.roundRect(0.22 + i * 0.135, 0.45, 0.11, top - 0.45, 0.05, stroke=0, fill=1)
    c.roundRect(0.62, 0.25, 0.3, 0.11, 0.05, stroke=0, fill=1)


@icon("stun", "stunned")
def _stun(c: Canvas) -> None:
    for cx, cy, r in ((0.3, 0.7, 0.22), (0.68, 0.58, 0.18), (0.45, 0.28, 0.16)):
        _polygon(c, _star_points(cx, cy, r, r * 0.42, tips=4))


@icon("swap", "transform")
def _swap(c: Canvas) -> None:
    _polygon(c, [(0.1, 0.68), (0.62, 0.68), (0.62, 0.88), (0.92, 0.6), (0.62, 0.32), (0.62, 0.52), (0.1, 0.52)])
    _polygon(c, [(0.9, 0.32), (0.38, 0.32), (0.38, 0.12), (0.08, 0.4), (0.38, 0.68), (0.38, 0.48), (0.9, 0.48)])


@icon("lock", "unevadable")
def _lock(c: Canvas) -> None:
    c.roundRect(0.15, 0.08, 0.7, 0.5, 0.08, stroke=0, fill=1)
    c.setLineWidth(0.12)
    path = c.beginPath()
    path.moveTo(0.3, 0.55)
    path.lineTo(0.3, 0.7)
    path.curveTo(0.3, 0.98, 0.7, 0.98, 0.7, 0.7)
    path.lineTo(0.7, 0.55)
    c.drawPath(path, stroke=1, fill=0)


@icon("fire", "ignite")
def _fire(c: Canvas) -> None:
    path = c.beginPath()
    path.moveTo(0.5, 0.05)
    path.curveTo(0.15, 0.05, 0.1, 0.45, 0.35, 0.7)
    path.curveTo(0.35, 0.55, 0.45, 0.5, 0.48, 0.5)
    path.curveTo(0.4, 0.75, 0.55, 0.9, 0.62, 0.97)
    path.curveTo(0.62, 0.75, 0.9, 0.6, 0.85, 0.35)
    path.curveTo(0.82, 0.15, 0.68, 0.05, 0.5, 0.05)
    path.close()
    c.drawPath(path, stroke=0, fill=1)


@icon("map", "location")
def _map(c: Canvas) -> None:
    _polygon(c, [(0.05, 0.15), (0.35, 0.05), (0.65, 0.15), (0.95, 0.05), (0.95, 0.85), (0.65, 0.95),
                 (0.35, 0.85), (0.05, 0.95)])
    c.setStrokeColor(colors.white)
    c.setLineWidth(0.05)
    c.line(0.35, 0.08, 0.35, 0.85)
    c.line(0.65, 0.15, 0.65, 0.92)


@icon("book", "upgrade")
def _upgrade(c: Canvas) -> None:
    _polygon(c, [(0.5, 0.95), (0.9, 0.5), (0.66, 0.5), (0.66, 0.05), (0.34, 0.05), (0.34, 0.5), (0.1, 0.5)])


@icon("crown", "class")
def _crown(c: Canvas) -> None:
    _polygon(c, [(0.08, 0.2), (0.08, 0.78), (0.3, 0.52), (0.5, 0.88), (0.7, 0.52), (0.92, 0.78), (0.92, 0.2)])


@icon("sparkle", "power")
def _sparkle(c: Canvas) -> None:
    _polygon(c, _star_points(0.5, 0.5, 0.48, 0.12, tips=4))


@icon("ice", "frost", "snow")
def _ice_glyph(c: Canvas) -> None:
    for k in range(3):
        angle = k * math.pi / 3
        dx, dy = 0.42 * math.cos(angle), 0.42 * math.sin(angle)
        c.line(0.5 - dx, 0.5 - dy, 0.5 + dx, 0.5 + dy)
    c.circle(0.5, 0.5, 0.08, stroke=0, fill=1)


@icon("earth", "mountain", "rock")
def _earth_glyph(c: Canvas) -> None:
    _polygon(c, [(0.04, 0.12), (0.36, 0.72), (0.5, 0.5), (0.66, 0.86), (0.96, 0.12)])


@icon("bead")
def _bead_glyph(c: Canvas) -> None:
    c.circle(0.5, 0.5, 0.42, stroke=0, fill=1)
    c.setFillColorRGB(1, 1, 1)
    c.circle(0.5, 0.5, 0.12, stroke=0, fill=1)


@icon("token", "pawn")
def _token_glyph(c: Canvas) -> None:
    c.circle(0.5, 0.76, 0.16, stroke=0, fill=1)
    _polygon(c, [(0.36, 0.6), (0.64, 0.6), (0.76, 0.18), (0.24, 0.18)])
    c.rect(0.14, 0.06, 0.72, 0.12, stroke=0, fill=1)


@icon("clock", "time")
def _clock_glyph(c: Canvas) -> None:
    c.circle(0.5, 0.5, 0.42, stroke=1, fill=0)
    c.line(0.5, 0.5, 0.5, 0.78)
    c.line(0.5, 0.5, 0.7, 0.42)


@icon("card", "draw")
def _card_glyph(c: Canvas) -> None:
    c.roundRect(0.2, 0.06, 0.6, 0.88, 0.08, stroke=0, fill=1)
    c.setFillColorRGB(1, 1, 1)
    c.roundRect(0.28, 0.14, 0.44, 0.72, 0.05, stroke=0, fill=1)


@icon("plus")
def _plus_glyph(c: Canvas) -> None:
    c.rect(0.42, 0.12, 0.16, 0.76, stroke=0, fill=1)
    c.rect(0.12, 0.42, 0.76, 0.16, stroke=0, fill=1)


@icon("room", "door")
def _door_glyph(c: Canvas) -> None:
    p = c.beginPath()
    p.moveTo(0.2, 0.04)
    p.lineTo(0.2, 0.66)
    p.curveTo(0.2, 0.98, 0.8, 0.98, 0.8, 0.66)
    p.lineTo(0.8, 0.04)
    p.close()
    c.drawPath(p, stroke=0, fill=1)
    c.setFillColorRGB(1, 1, 1)
    c.circle(0.66, 0.4, 0.05, stroke=0, fill=1)


@icon("air", "gust")
def _wind_glyph(c: Canvas) -> None:
    for y, end in [(0.7, 0.7), (0.5, 0.9), (0.3, 0.6)]:
        p = c.beginPath()
        p.moveTo(0.06, y)
        p.lineTo(end, y)
        p.curveTo(end + 0.12, y, end + 0.12, y + 0.14, end, y + 0.14)
        c.drawPath(p, stroke=1, fill=0)


# The keyword and component glyphs of generator.glyphs join the table here, in one explicit place.
_ICONS.update(GLYPHS)
