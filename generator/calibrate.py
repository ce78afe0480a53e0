"""The duplex alignment test page (`deckwright calibrate`) and the fold-over card layout.

The test page is one sheet printed on both sides. The front has a cross at the centre of each
quarter of the page; the back has the same crosses where the backs of cards placed there would
print (mirrored across the flip edge, without any correction), each with a millimetre
scale along both arms. Held to the light, the front's cross shows through beside the back's:
the numbers on the back's scales where its lines fall are the correction, `calibrate --set X Y`.
"""

from __future__ import annotations

from pathlib import Path
from typing import BinaryIO

from reportlab.pdfgen.canvas import Canvas

from cards.units import MM

from .geometry import Box, back_of, landscape, page_size
from .pdfcanvas import new_canvas
from .userconfig import Duplex

SCALE_MM = 10  # each arm of a back cross carries a scale from -10 to +10 mm
LABEL_SIZE = 7  # its labels, read with the sheet held to the light (print audit: 5 pt was too small)
TARGET = 8 * MM  # the cross's box, a quarter of which is drawn each side of the centre


def targets(page: tuple[float, float]) -> list[Box]:
    """The four small boxes whose centres are the crosses, in reading order."""
    w, h = page
    return [Box(x * w - TARGET / 2, y * h - TARGET / 2, TARGET, TARGET)
            for y in (0.75, 0.25) for x in (0.25, 0.75)]


def back_targets(page: tuple[float, float], duplex: Duplex) -> list[Box]:
    """Where the back of each target lands: the rule every back follows (`geometry.back_of`)."""
    return [back_of(box, page, duplex.flip, duplex.shift) for box in targets(page)]


def render_test_page(out: Path | BinaryIO, paper: str, duplex: Duplex, turned: bool = False) -> None:
    """The two-page alignment test for `paper`: fronts, then backs; `turned`: on landscape pages,
    for the reading landscape sheets take (`Shift`)."""
    page = landscape(page_size(paper)) if turned else page_size(paper)
    canvas = new_canvas(out, page, f"deckwright duplex alignment test ({paper}{', landscape' if turned else ''})")
    _front(canvas, page, duplex)
    canvas.showPage()
    _back(canvas, page, duplex)
    canvas.showPage()
    canvas.save()


def _cross(canvas: Canvas, box: Box, reach: float) -> None:
    cx, cy = box.x + box.w / 2, box.y + box.h / 2
    canvas.line(cx - reach, cy, cx + reach, cy)
    canvas.line(cx, cy - reach, cx, cy + reach)


def _front(canvas: Canvas, page: tuple[float, float], duplex: Duplex) -> None:
    canvas.setLineWidth(0.6)
    for box in targets(page):
        _cross(canvas, box, (SCALE_MM + 2) * MM)
    canvas.setFont("Helvetica", 10)
    turned = page[0] > page[1]
    in_use = duplex.landscape_mm if turned else duplex.offset_mm
    lines = [
        "Duplex alignment test: print this file on both sides of one sheet at 100 %,",
        f"flipping on the {duplex.flip} edge. Hold the sheet to a light: each cross on this side",
        "shows through beside a cross with millimetre scales on the other side.",
        "Read the scales where this side's lines fall: X on the horizontal scale, Y on the",
        "vertical one, then run:  deckwright calibrate --set X Y" + (" --landscape" if turned else "")
        + (" --flip short" if duplex.flip == "short" else ""),
        f"(This page ignores the correction in use, x {in_use[0]:+.1f} mm, y {in_use[1]:+.1f} mm:",
        "the reading replaces it" + (" for landscape sheets.)" if turned else " for portrait sheets.)"),
    ]
    for i, line in enumerate(lines):
        canvas.drawCentredString(page[0] / 2, page[1] / 2 + 30 - 13 * i, line)


def _back(canvas: Canvas, page: tuple[float, float], duplex: Duplex) -> None:
    canvas.setLineWidth(0.3)
    canvas.setFont("Helvetica", LABEL_SIZE)
    for box in back_targets(page, Duplex(duplex.flip)):  # uncorrected: the reading is the whole correction
        cx, cy = box.x + box.w / 2, box.y + box.h / 2
        _cross(canvas, box, (SCALE_MM + 2) * MM)
        for mm in range(-SCALE_MM, SCALE_MM + 1):
            tick = (2.5 if mm % 5 == 0 else 1.2) * MM
            canvas.line(cx + mm * MM, cy - tick, cx + mm * MM, cy + tick)
            canvas.line(cx - tick, cy + mm * MM, cx + tick, cy + mm * MM)
            if mm % 5 == 0 and mm:
                _scale_labels(canvas, cx, cy, mm, tick)
    canvas.setFont("Helvetica", 9)
    canvas.drawCentredString(page[0] / 2, page[1] / 2, "Back: read X and Y where the front's lines fall on these scales.")


def _scale_labels(canvas: Canvas, cx: float, cy: float, mm: int, tick: float) -> None:
    """The two labels of `mm` on a cross's scales, each in a quarter of its own: the horizontal
    scale's above it on the right (+) and below it on the left (-), the vertical scale's left of
    it at the top (+) and right of it at the bottom (-). (Both below and right, the horizontal +5
    and the vertical -5 were printed over each other, where the reading is taken.)"""
    label = f"{mm:+d}"
    digits = LABEL_SIZE * 0.72  # the height of a figure above its baseline
    canvas.drawCentredString(cx + mm * MM, cy + tick + 1.5 if mm > 0 else cy - tick - 1.5 - digits, label)
    if mm > 0:
        canvas.drawRightString(cx - tick - 1, cy + mm * MM - digits / 2, label)
    else:
        canvas.drawString(cx + tick + 1, cy + mm * MM - digits / 2, label)
