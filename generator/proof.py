"""Proof sheets: one page per component, to check a kit at a glance before printing it all.

A deck's page shows one of each card design and its back, labelled; a token sheet's page one
of each token; a sheet (board, mat, tracker) its first copy; a reference card its sides. Each
page shows its items at their printed size when they fit, scaled down to fit otherwise (the
scale is printed in the page's title), on a portrait page or a landscape one if that shows them larger.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

from reportlab.pdfgen.canvas import Canvas

from cards import Database
from cards.units import MM, parse_length, parse_size

from .geometry import Box, landscape, page_size, printable
from .pdfcanvas import new_canvas
from .stamps import printed_version, version_label

TITLE_BAND = 12 * MM
LABEL_BAND = 5 * MM
GAP = 4 * MM
LABEL_FONT = ("Helvetica", 6.5)
TITLE_FONT = ("Helvetica-Bold", 11)

# Draws one item, unscaled, with its lower-left corner at (0, 0).
ItemPainter = Callable[[Canvas], None]


@dataclass(frozen=True)
class ProofItem:
    """One thing on a proof page: its label, its printed size in points, and how to draw it."""

    label: str
    size: tuple[float, float]
    paint: ItemPainter


@dataclass(frozen=True)
class ProofPage:
    """A component's proof: a title and its items."""

    title: str
    items: list[ProofItem]


def proof_pages(db: Database) -> list[ProofPage]:
    """One proof page per deck, token sheet, sheet and reference card of the game."""
    return [*_deck_pages(db), *_token_pages(db), *_sheet_pages(db), *_reference_pages(db)]


def render_proofs(db: Database, paper: str, out: Path | BinaryIO) -> None:
    """A PDF with one proof page per component, on `paper`."""
    canvas = new_canvas(out, page_size(paper), f"{db.meta.name}: proofs", f"{db.meta.name}, {version_label(db)}")
    for proof in proof_pages(db):
        page = best_page(proof, paper)
        canvas.setPageSize(page)
        draw_proof_page(canvas, page, proof, f"{db.meta.name} \u00b7 version {printed_version(db)}")
        canvas.showPage()
    canvas.save()


def best_page(proof: ProofPage, paper: str) -> tuple[float, float]:
    """Portrait `paper`, or landscape when that shows the items larger (a wide board)."""
    portrait = page_size(paper)
    sizes = [item.size for item in proof.items]
    scales = [fit_grid(sizes, _item_area(page))[2] for page in (portrait, landscape(portrait))]
    return landscape(portrait) if scales[1] > scales[0] + 1e-6 else portrait


def _item_area(page: tuple[float, float]) -> Box:
    area = printable(page)
    return Box(area.x, area.y, area.w, area.h - TITLE_BAND)


def draw_proof_page(canvas: Canvas, page: tuple[float, float], proof: ProofPage, footer: str) -> None:
    """The items of `proof` in a grid, as large as possible up to their printed size."""
    area = _item_area(page)
    cols, _, scale = fit_grid([item.size for item in proof.items], area)
    cell_w = max(i.size[0] for i in proof.items) * scale + GAP
    cell_h = max(i.size[1] for i in proof.items) * scale + LABEL_BAND + GAP
    for index, item in enumerate(proof.items):
        row, col = divmod(index, cols)
        x = area.x + col * cell_w
        y = area.top - (row + 1) * cell_h + LABEL_BAND + GAP
        _draw_item(canvas, item, x, y, scale)
    scale_note = "actual size" if scale >= 0.999 else f"scaled to {scale:.0%}"
    _title(canvas, area, f"Proof \u00b7 {proof.title} \u00b7 {scale_note} \u00b7 {footer}")


def fit_grid(sizes: list[tuple[float, float]], area: Box) -> tuple[int, int, float]:
    """Columns, rows and scale (at most 1) that put every item on `area`."""
    w = max(s[0] for s in sizes)
    h = max(s[1] for s in sizes)
    best = (1, len(sizes), 0.0)
    for cols in range(1, len(sizes) + 1):
        rows = math.ceil(len(sizes) / cols)
        scale = min(1.0, (area.w - cols * GAP) / (cols * w), (area.h - rows * (GAP + LABEL_BAND)) / (rows * h))
        if scale >= best[2]:
            best = (cols, rows, scale)
    return best


def _draw_item(canvas: Canvas, item: ProofItem, x: float, y: float, scale: float) -> None:
    w, h = item.size
    canvas.saveState()
    canvas.translate(x, y)
    canvas.scale(scale, scale)
    path = canvas.beginPath()
    path.rect(0, 0, w, h)
    canvas.clipPath(path, stroke=0, fill=0)
    item.paint(canvas)
    canvas.restoreState()
    canvas.saveState()
    canvas.setLineWidth(0.3)
    canvas.setStrokeGray(0.6)
    canvas.rect(x, y, w * scale, h * scale, stroke=1, fill=0)
    canvas.setFont(*LABEL_FONT)
    canvas.setFillGray(0.2)
    canvas.drawString(x, y - LABEL_FONT[1] - 1, _shorten(canvas, item.label, w * scale + GAP))
    canvas.restoreState()


def _shorten(canvas: Canvas, text: str, width: float) -> str:
    while len(text) > 4 and canvas.stringWidth(text, *LABEL_FONT) > width:
        text = text[:-4] + "..."
    return text


def _title(canvas: Canvas, area: Box, text: str) -> None:
    canvas.saveState()
    canvas.setFont(*TITLE_FONT)
    size = float(TITLE_FONT[1])
    while canvas.stringWidth(text, TITLE_FONT[0], size) > area.w and size > 6:
        size -= 0.5
    canvas.setFont(TITLE_FONT[0], size)
    canvas.drawString(area.x, area.top + TITLE_BAND / 2 - size / 3, text)
    canvas.restoreState()


def face_item(label: str, face: Any, trim: tuple[float, float], bleed: float) -> ProofItem:
    """A card face (drawn with bleed) shown at its trim size."""
    return ProofItem(label, trim, lambda c: face(c, -bleed, -bleed, trim[0] + 2 * bleed, trim[1] + 2 * bleed))


def _deck_pages(db: Database) -> list[ProofPage]:
    from .kit import back_designs, deck_sides

    bleed = parse_length(db.print.bleed)
    pages = []
    for deck in db.decks:
        faces, backs = deck_sides(db, deck)
        trim = parse_size(deck.size)
        designs = list(dict.fromkeys(faces))
        names = [card.name for card in deck.cards if card.count > 0]
        items = [face_item(name, face, trim, bleed) for name, face in zip(names, designs, strict=False)]
        own_backs = back_designs(deck, backs)
        items += [face_item(f"back of {card.name if card else deck.name}", back, trim, bleed) for card, back in own_backs]
        backs_label = f"{len(own_backs)} backs" if deck.back.per_card else "back"
        pages.append(ProofPage(f"deck {deck.name} ({len(designs)} designs + {backs_label})", items))
    return pages


def _token_pages(db: Database) -> list[ProofPage]:
    from .geometry import TOKEN_BLEED
    from .tokens import token_painter

    pages = []
    for sheet in db.tokens:
        width, height = sheet.extent()
        draw = token_painter(db, sheet)
        items = []
        for token in sheet.tokens:
            box = Box(TOKEN_BLEED, TOKEN_BLEED, width, height)
            items.append(ProofItem(f"{token.name} x{token.count}", (width + 2 * TOKEN_BLEED, height + 2 * TOKEN_BLEED),
                                   functools.partial(_draw_token, draw, box, token)))
        shown = f"{width / MM:g}" if width == height else f"{width / MM:g} x {height / MM:g}"
        pages.append(ProofPage(f"tokens {sheet.name} ({sheet.shape}, {shown} mm)", items))
    return pages


def _sheet_pages(db: Database) -> list[ProofPage]:
    from .kit import sheet_painter

    pages = []
    for sheet in db.sheets:
        size, paint = sheet_painter(db, sheet)
        pages.append(ProofPage(f"{sheet.kind} {sheet.name}",
                               [ProofItem(sheet.name, size, functools.partial(_draw_at_origin, paint))]))
    return pages


def _draw_token(draw: Any, box: Box, token: Any, canvas: Canvas) -> None:
    draw(canvas, box, token, "front")


def _draw_at_origin(paint: Any, canvas: Canvas) -> None:
    paint(canvas, 0, 0)


def _reference_pages(db: Database) -> list[ProofPage]:
    from .reference import side_face

    bleed = parse_length(db.print.bleed)
    pages = []
    for reference in db.references:
        trim = parse_size(reference.size)
        sides = [("front", reference.front), ("back", reference.back)]
        items = [face_item(f"{reference.name}: {side}", side_face(db, reference, template, side), trim, bleed)
                 for side, template in sides if template]
        pages.append(ProofPage(f"reference card {reference.name}", items))
    return pages
