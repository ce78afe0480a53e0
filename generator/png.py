"""PNG export: one image per component (card design, deck back, sheet copy, token, reference side) at a chosen DPI.

Each component is drawn alone on a page of its own trimmed size into an in-memory PDF,
which pypdfium2 rasterises; files go to `<out>/<component>.png`, written atomically.
"""

from __future__ import annotations

import functools
import io
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, BinaryIO

from reportlab.pdfgen.canvas import Canvas

from cards import Database
from cards.units import parse_length, parse_size

from .build import Renderer, atomic_write
from .pdfcanvas import drawn_image

# Draws one component with its lower-left corner at (0, 0) on a page of its size.
Painter = Callable[[Canvas], None]


def export_png(db: Database, out_dir: Path, dpi: int) -> list[Path]:
    """Write every component of `db` as a PNG at `dpi`; the files written."""
    written = []
    for name, size, paint in components(db):
        path = out_dir / f"{name}.png"
        png = rasterise(paint, size, dpi)
        atomic_write(path, functools.partial(_write_bytes, png))
        written.append(path)
    return written


def bytes_writer(data: bytes) -> Renderer:
    """A renderer that writes `data` as it is (for `atomic_write`)."""
    def write(out: BinaryIO) -> None:
        out.write(data)
    return write


def rasterise(paint: Painter, size: tuple[float, float], dpi: int) -> bytes:
    """`paint` on a page of `size` points, as PNG bytes at `dpi`."""
    image = drawn_image(paint, size, dpi / 72, "png")
    out = io.BytesIO()
    image.save(out, format="PNG", dpi=(dpi, dpi))
    return out.getvalue()


def components(db: Database) -> Iterator[tuple[str, tuple[float, float], Painter]]:
    """(file name, trimmed size, painter) for every printable component, in database order."""
    yield from _cards(db)
    yield from _sheets(db)
    yield from _tokens(db)
    yield from _references(db)


def _cards(db: Database) -> Iterator[tuple[str, tuple[float, float], Painter]]:
    from .kit import back_designs, deck_sides

    bleed = parse_length(db.print.bleed)
    for deck in db.decks:
        faces, backs = deck_sides(db, deck)
        trim = parse_size(deck.size)
        designs = list(dict.fromkeys(faces))
        printed = [card for card in deck.cards if card.count > 0]
        for card, face in zip(printed, designs, strict=False):
            yield f"{deck.id}-{card.id}", trim, _face_painter(face, trim, bleed)
        for owner, back in back_designs(deck, backs):  # per-card backs: one PNG per card's back
            yield f"{deck.id}-{owner.id}-back" if owner else f"{deck.id}-back", trim, _face_painter(back, trim, bleed)


def _write_bytes(data: bytes, out: BinaryIO) -> None:
    out.write(data)


def _paint_at_origin(paint: Callable[..., None], canvas: Canvas) -> None:
    paint(canvas, 0, 0)


def _paint_token(draw: Callable[..., None], box: Any, token: Any, canvas: Canvas) -> None:
    draw(canvas, box, token, "front")


def _face_painter(face: Callable[..., None], trim: tuple[float, float], bleed: float) -> Painter:
    return lambda canvas: face(canvas, -bleed, -bleed, trim[0] + 2 * bleed, trim[1] + 2 * bleed)


def _sheets(db: Database) -> Iterator[tuple[str, tuple[float, float], Painter]]:
    from .kit import sheet_copies, sheet_painter

    for sheet in db.sheets:
        copies = sheet_copies(db, sheet)
        for copy in copies:
            size, paint = sheet_painter(db, sheet, copy)
            suffix = f"-player{copy['player']}" if sheet.per_player else ""
            suffix += f"-{copy['copy']}" if sheet.count > 1 else ""
            yield f"{sheet.id}{suffix}", size, functools.partial(_paint_at_origin, paint)


def _tokens(db: Database) -> Iterator[tuple[str, tuple[float, float], Painter]]:
    from .geometry import TOKEN_BLEED, Box
    from .tokens import token_painter

    for sheet in db.tokens:
        width, height = sheet.extent()
        draw = token_painter(db, sheet)
        for token in sheet.tokens:
            box = Box(TOKEN_BLEED, TOKEN_BLEED, width, height)
            yield (f"{sheet.id}-{token.id}", (width + 2 * TOKEN_BLEED, height + 2 * TOKEN_BLEED),
                   functools.partial(_paint_token, draw, box, token))


def _references(db: Database) -> Iterator[tuple[str, tuple[float, float], Painter]]:
    from .reference import side_face

    bleed = parse_length(db.print.bleed)
    for reference in db.references:
        trim = parse_size(reference.size)
        for side, template in (("front", reference.front), ("back", reference.back)):
            if template:
                face = side_face(db, reference, template, side)
                yield f"{reference.id}-{side}", trim, _face_painter(face, trim, bleed)
