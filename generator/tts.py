"""Tabletop Simulator deck sheets: a grid of at most 10 x 7 card faces plus a back image.

The faces are drawn without bleed on one PDF page per sheet and rasterised with pypdfium2
at the largest resolution that keeps every side within 4096 px. Tabletop Simulator shows the
last slot of a sheet (bottom right) for a card hidden in a hand, so each sheet holds at most 69
faces and its last slot is the hidden card: the deck's back, or for per-card backs a plain card
in the deck's colour (a per-card back would tell which card is hidden).
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

from reportlab.lib.colors import HexColor

from cards import Database
from cards.units import parse_length, parse_size

from .build import atomic_write
from .kit import deck_sides
from .pdfcanvas import drawn_image
from .png import bytes_writer

TTS_COLUMNS = 10
TTS_ROWS = 7
TTS_MAX_PX = 4096


FACES_PER_SHEET = TTS_COLUMNS * TTS_ROWS - 1  # the last slot is the hidden card


def grid_for(count: int) -> tuple[int, int]:
    """Columns and rows of a sheet holding `count` faces and the hidden card (at most 10 x 7)."""
    slots = count + 1
    cols = min(TTS_COLUMNS, max(2, slots))
    rows = min(TTS_ROWS, max(2, math.ceil(slots / cols)))
    return cols, rows


def _raster(draw_page: Callable[[Any], None], size: tuple[float, float]) -> bytes:
    # one pixel of margin: pdfium rounds the page size up
    scale = min((TTS_MAX_PX - 1) / size[0], (TTS_MAX_PX - 1) / size[1], 300 / 72)
    image = drawn_image(draw_page, size, scale, "tts")
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


def export_deck(db: Database, deck: Any, out_dir: Path) -> list[Path]:
    """PNG sheets of `deck`'s faces (`<deck>-tts-N.png`) and its back (`<deck>-tts-back.png`); per-card
    backs get a back sheet matching each face sheet instead (`<deck>-tts-back-N.png`, TTS "unique backs")."""
    faces, backs = deck_sides(db, deck)
    card = parse_size(deck.size)
    bleed = parse_length(db.print.bleed)
    written = []
    per_sheet = FACES_PER_SHEET
    hidden = _plain(deck.color) if deck.back.per_card else backs[0]
    for number, start in enumerate(range(0, len(faces), per_sheet), 1):
        written.append(_write_sheet(faces[start:start + per_sheet], card, bleed,
                                    out_dir / f"{deck.id}-tts-{number}.png", hidden))
        if deck.back.per_card:
            written.append(_write_sheet(backs[start:start + per_sheet], card, bleed,
                                        out_dir / f"{deck.id}-tts-back-{number}.png", hidden))
    if deck.back.per_card:
        return written
    w, h = card
    back_png = _raster(lambda c: backs[0](c, -bleed, -bleed, w + 2 * bleed, h + 2 * bleed), (w, h))
    back_path = out_dir / f"{deck.id}-tts-back.png"
    atomic_write(back_path, bytes_writer(back_png))
    return [*written, back_path]


def _plain(color: str) -> Callable[..., None]:
    """A card face filled with one colour (the hidden card of a deck whose backs differ)."""
    def draw(canvas: Any, x: float, y: float, w: float, h: float) -> None:
        canvas.setFillColor(HexColor(color))
        canvas.rect(x, y, w, h, stroke=0, fill=1)
    return draw


def _write_sheet(chunk: list[Callable[..., None]], card: tuple[float, float], bleed: float, path: Path,
                 hidden: Callable[..., None]) -> Path:
    """One TTS sheet: `chunk`'s faces in a grid, left to right, top down, without bleed, and the
    hidden card in the last slot."""
    w, h = card
    cols, rows = grid_for(len(chunk))
    slots = [*chunk, *[None] * (cols * rows - 1 - len(chunk)), hidden]

    def draw_page(canvas: Any) -> None:
        for i, face in enumerate(slots):
            if face is None:
                continue
            row, col = divmod(i, cols)
            x, y = col * w, (rows - 1 - row) * h
            canvas.saveState()
            path = canvas.beginPath()
            path.rect(x, y, w, h)
            canvas.clipPath(path, stroke=0, fill=0)
            face(canvas, x - bleed, y - bleed, w + 2 * bleed, h + 2 * bleed)
            canvas.restoreState()

    png = _raster(draw_page, (cols * w, rows * h))
    atomic_write(path, bytes_writer(png))
    return path


def export_tts(db: Database, out_dir: Path) -> list[Path]:
    """TTS sheets for every deck of the game."""
    return [path for deck in db.decks for path in export_deck(db, deck, out_dir / "tts")]
