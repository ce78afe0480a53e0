"""What no page of a document can hold: a flowable taller than the frame that cannot be split.

reportlab stops a whole layout with a `LayoutError` when it meets one (a deck of 5,000 cards made
the rulebook's print checklist one row taller than a page, and `build` ended in a traceback), so
`deckwright lint` looks for one before a build lays the rulebook out, and a build that still meets
one reports it in words.
"""

from __future__ import annotations

import io
from collections.abc import Iterable

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Paragraph, Table

MAX_PIECES = 10_000  # pieces of one flowable followed before giving up (a split that never ends)


def first_unfitting(flowables: Iterable[Flowable], width: float, height: float) -> Flowable | None:
    """The first flowable that neither fits a `width` x `height` frame nor splits into pieces
    that do; None when every one can be laid out."""
    canvas = Canvas(io.BytesIO())  # some flowables measure their text on the canvas they are given
    for flowable in flowables:
        pending = [flowable]
        for _ in range(MAX_PIECES):
            if not pending:
                break
            piece = pending.pop(0)
            _, tall = piece.wrapOn(canvas, width, height)
            if tall <= height:
                continue
            pieces = piece.splitOn(canvas, width, height)
            if not pieces:
                return piece
            pending = [*pieces, *pending]
    return None


def described(flowable: Flowable) -> str:
    """A few words of what the flowable shows, for a designer to find it: its first text."""
    text = _first_text(flowable).strip()
    short = text if len(text) <= 40 else text[:37] + "..."
    kind = "a table" if isinstance(flowable, Table) else "a paragraph" if isinstance(flowable, Paragraph) else "a block"
    return f"{kind} starting {short!r}" if short else kind


def _first_text(flowable: Flowable) -> str:
    if isinstance(flowable, Paragraph):
        return str(flowable.getPlainText())
    if isinstance(flowable, Table):
        for row in flowable._cellvalues:
            for cell in row:
                found = _first_text(cell[0] if isinstance(cell, list | tuple) and cell else cell)
                if found.strip():
                    return found
        return ""
    return flowable if isinstance(flowable, str) else ""
