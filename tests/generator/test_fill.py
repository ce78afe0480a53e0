"""`generator.fill`: a card face writes its fill colour only when it changes, and what a face
draws never leans on a colour set before it (its drawing is replayed on other pages)."""

from __future__ import annotations

import io
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from generator import imposition
from generator.bindings import _hex_color
from generator.cardlayout import render_layout
from generator.fill import set_fill
from generator.layoutfile import Box, Layout

FRAME = "#b03a2e"
LAYOUT = Layout("test", Path("test.yaml"), (
    {"id": "frame", "type": "rect", "x": 0, "y": 0, "w": 63, "h": 88, "fill": FRAME},
    {"id": "title", "type": "text", "x": 4, "y": 78, "w": 55, "h": 6, "text": "Strike", "color": "#ffffff"},
    {"id": "code", "type": "text", "x": 4, "y": 2, "w": 30, "h": 4, "text": "ACT 01/05", "color": "#ffffff"},
    {"id": "kind", "type": "text", "x": 4, "y": 70, "w": 55, "h": 6, "text": "strike", "color": FRAME},
))


def _face(canvas: Canvas, x: float, y: float, w: float, h: float) -> None:
    render_layout(canvas, LAYOUT, Box(x, y, w, h, 0), {}, "a test card")


def _operators(before: str | None) -> list[str]:
    """The operators of one face drawn on a card sheet, after `before` was set as the fill colour."""
    canvas = Canvas(io.BytesIO())
    plan = imposition.plan_sheet((180, 252), 9, "a4")
    if before is not None:
        set_fill(canvas, _hex_color(before))
    start = len(canvas._code)
    imposition._draw_clipped(canvas, plan, plan.trim_box(0), _face, [plan.trim_box(0)])
    return canvas._code[start:]


def test_a_colour_already_set_is_not_written_again():
    ops = _operators(None)
    assert [op for op in ops if op.endswith(" rg")] == [".690196 .227451 .180392 rg", "1 1 1 rg", ".690196 .227451 .180392 rg"]
    assert "q" not in ops[1:]  # a filled frame sets its colour as a text does, without a saved state


def test_a_face_draws_the_same_whatever_colour_the_page_had_set():
    """A face's drawing is replayed wherever the same card shows (`pagecache.cached_slot`): with the
    frame's colour set before it, it must still set it itself."""
    assert _operators(FRAME) == _operators(None) == _operators("#ffffff")
