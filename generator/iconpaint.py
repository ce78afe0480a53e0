"""What every icon module shares: the painter type, a polygon helper and a registering decorator.

A painter draws an icon in the unit square (the canvas is already translated and scaled).
Icon modules fill their own table with `registrar(table)`; `generator.icons` merges them.
"""

from __future__ import annotations

from collections.abc import Callable

from reportlab.pdfgen.canvas import Canvas

Painter = Callable[[Canvas], None]


def registrar(table: dict[str, Painter]) -> Callable[..., Callable[[Painter], Painter]]:
    """A decorator `@icon(name, *aliases)` that records painters in `table`."""
    def icon(name: str, *aliases: str) -> Callable[[Painter], Painter]:
        def register(painter: Painter) -> Painter:
            for key in (name, *aliases):
                table[key] = painter
            return painter
        return register
    return icon


def polygon(canvas: Canvas, points: list[tuple[float, float]], fill: bool = True) -> None:
    """A closed polygon through `points`, filled (or stroked when `fill` is False)."""
    path = canvas.beginPath()
    path.moveTo(*points[0])
    for point in points[1:]:
        path.lineTo(*point)
    path.close()
    canvas.drawPath(path, stroke=0 if fill else 1, fill=1 if fill else 0)
