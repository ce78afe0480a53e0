"""A reportlab canvas that writes the same bytes for the same drawing."""

from __future__ import annotations

from pathlib import Path
from typing import BinaryIO

from reportlab.pdfgen.canvas import Canvas

from .filesplice import KitCanvas

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
