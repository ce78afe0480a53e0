"""A reportlab canvas that writes the same bytes for the same drawing."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

from reportlab.pdfgen.canvas import Canvas

from .filesplice import KitCanvas

if TYPE_CHECKING:
    from PIL.Image import Image

PRODUCER = "deckwright"


def new_canvas(out: Path | str | BinaryIO, pagesize: tuple[float, float], title: str,
               subject: str = "", keywords: str = "") -> Canvas:
    """A canvas with fixed metadata and `invariant=1`, so output is byte-for-byte reproducible.

    The title names the game and the component and the subject carries the rules version, so a
    file found in a downloads folder says what it is; `keywords` may add more (paper, game id)."""
    target = str(out) if isinstance(out, Path) else out
    canvas = KitCanvas(target, pagesize=pagesize, invariant=1, pageCompression=1)
    canvas.setTitle(title)
    canvas.setAuthor(PRODUCER)
    canvas.setCreator(PRODUCER)
    canvas.setProducer(PRODUCER)
    canvas.setSubject(subject)
    if keywords:
        canvas.setKeywords(keywords)
    return canvas


def drawn_image(paint: Callable[[Canvas], None], size: tuple[float, float], scale: float, title: str) -> Image:
    """What `paint` draws on a page of `size` points, as an image of `scale` pixels a point: drawn
    into a PDF in memory, which pypdfium2 renders (PNG export, Tabletop Simulator sheets, the
    quiet places of a tiled board)."""
    import pypdfium2 as pdfium

    buffer = io.BytesIO()
    canvas = new_canvas(buffer, size, title)
    paint(canvas)
    canvas.save()
    image: Image = pdfium.PdfDocument(buffer.getvalue())[0].render(scale=scale).to_pil()
    return image
