"""The fill colour, set only when it changes.

A card face sets its fill colour once per element (its frame, its panel, each line of text), and
most share a few colours: setting the one already set writes the same `rg` operator again, and
was 3% of drawing a 500-card deck. reportlab keeps the colour set (`_fillColorObj`) with the
rest of the graphics state, restored with it at each `restoreState`, so `set_fill` compares with
it. Colours are compared by identity: those of a layout come from one cache
(`bindings._hex_color`), and a colour made anew is simply set.

A face drawn on a card sheet may be replayed on another page (`pagecache.cached_slot`), so what
it draws may not lean on a colour set before it: `forget_fill` at its start makes the first
`set_fill` write its colour.
"""

from __future__ import annotations

from typing import Any

from reportlab.pdfgen.canvas import Canvas


def set_fill(canvas: Canvas, colour: Any) -> None:
    """Fill with `colour` from now on (writing nothing when it is the colour set)."""
    if canvas._fillColorObj is not colour:
        canvas.setFillColor(colour)


def forget_fill(canvas: Canvas) -> None:
    """Let the next `set_fill` write its colour whatever was set before (inside a saved state:
    its `restoreState` brings back what reportlab knew)."""
    canvas._fillColorObj = None
