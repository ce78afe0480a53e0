"""Fold-over card sheets for printers without duplex: fronts on the left half of a landscape
page, their backs on the right half mirrored across the fold line in the middle. Printed on
one side, folded along the dashed line (blank sides glued together) and cut, each front has its
own back behind it, whatever the printer's duplex error.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, BinaryIO

from reportlab.pdfgen.canvas import Canvas

from cards import Database
from cards.units import parse_length, parse_size

from .errors import PaperError
from .geometry import landscape, page_margin, page_size
from .imposition import Face, SheetPlan, _draw_clipped, _plan_on, draw_crop_marks, draw_footer
from .pdfcanvas import new_canvas
from .stamps import printed_version, version_label

FOLD_DASH = (4, 3)


def fold_plan(card: tuple[float, float], bleed: float, paper: str, margin: float) -> SheetPlan:
    """The grid of one half of a landscape page of `paper`."""
    page = landscape(page_size(paper))
    plan = _plan_on((page[0] / 2, page[1]), card, bleed, margin)
    if plan.per_sheet < 1:
        raise PaperError(f"a {card[0]:.0f}x{card[1]:.0f} pt card does not fit half a {paper} page for a fold-over sheet")
    return plan


def render_foldover(db: Database, deck: Any, paper: str, out: Path | BinaryIO) -> None:
    """Every printed copy of `deck`, front beside back, on fold-over sheets of `paper`."""
    from .kit import deck_sides

    faces, backs = deck_sides(db, deck)
    all_backs = backs if deck.back.per_card else backs * len(faces)
    margin = page_margin(db.print.margin, paper)
    plan = fold_plan(parse_size(deck.size), parse_length(db.print.bleed), paper, margin)
    page = landscape(page_size(paper))
    canvas = new_canvas(out, page, f"{db.meta.name}: {deck.name} (fold-over)",
                        f"{db.meta.name}, {version_label(db)}")
    count = -(-len(faces) // plan.per_sheet)
    for number, start in enumerate(range(0, len(faces), plan.per_sheet), 1):
        stop = start + plan.per_sheet
        _half(canvas, plan, faces[start:stop], mirrored=False)
        canvas.saveState()
        canvas.translate(page[0] / 2, 0)
        _half(canvas, plan, all_backs[start:stop], mirrored=True)
        canvas.restoreState()
        _fold_line(canvas, page)
        draw_footer(canvas, page, f"{db.meta.name} \u00b7 {deck.name} ({deck.code}) \u00b7 fold-over \u00b7 "
                                  f"version {printed_version(db)} \u00b7 sheet {number}/{count}", margin)
        canvas.showPage()
    canvas.save()


def _half(canvas: Canvas, plan: SheetPlan, faces: list[Face], mirrored: bool) -> None:
    """Fronts in reading order, or their backs mirrored across the fold (the half's left edge)."""
    placed = [plan.trim_box(slot) for slot in range(len(faces))]
    if mirrored:
        placed = [box.mirrored(plan.page[0]) for box in placed]
    for trim, face in zip(placed, faces, strict=True):
        _draw_clipped(canvas, plan, trim, face, placed)
    draw_crop_marks(canvas, plan, placed)


def _fold_line(canvas: Canvas, page: tuple[float, float]) -> None:
    canvas.saveState()
    canvas.setDash(*FOLD_DASH)
    canvas.setLineWidth(0.5)
    canvas.setStrokeColorRGB(0.4, 0.4, 0.4)
    x = page[0] / 2
    canvas.line(x, 30, x, page[1] - 20)
    canvas.setFont("Helvetica", 7)
    # print audit: the word `fold` was all the sheet said; the rulebook's print table lists no fold files
    canvas.drawCentredString(x, page[1] - 17, FOLD_STEPS)
    canvas.restoreState()


FOLD_STEPS = ("Print one-sided at 100 %. Fold on the dashed line, printed sides out; glue the blank "
              "halves together; then cut at the crop marks.")
