"""The reprint sheet: only the cards that changed since an earlier build, with their backs.

`OUT/<game>/reprint-<paper>.pdf` opens with a page listing what changed and which printed cards
to throw away (by deck, name and old stamp), then imposes every printed copy of each added or
changed card, with its back duplex aligned; decks of one card size share sheets, so the
reprint takes as few sheets as the cards allow.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, BinaryIO

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from cards import Database
from cards.units import parse_length, parse_size

from .changes import Changes, describe
from .geometry import page_margin, page_size
from .imposition import Face, impose_cards
from .kit import deck_sides
from .pdfcanvas import new_canvas
from .stamps import printed_version

LINE = 11.0


def reprint_faces(db: Database, ids: set[str]) -> dict[tuple[str, bool], tuple[list[Face], list[Face]]]:
    """Every printed copy of the cards in `ids` with its back, grouped by (card size, duplex)."""
    groups: dict[tuple[str, bool], tuple[list[Face], list[Face]]] = {}
    for deck in db.decks:
        if not any(card.id in ids for card in deck.cards):
            continue
        faces, backs = deck_sides(db, deck)
        backs = backs if deck.back.per_card else backs * len(faces)
        fronts, behind = groups.setdefault((deck.size, deck.duplex), ([], []))
        start = 0
        for card in deck.cards:
            if card.id in ids:
                fronts += faces[start:start + card.count]
                behind += backs[start:start + card.count]
            start += card.count
    return groups


def discard_lines(changes: Changes) -> list[str]:
    """The printed cards to throw away: removed and changed ones, each with the stamp it carries."""
    old = [*changes.removed, *({**c, "stamp": c.get("old_stamp")} for c in changes.changed)]
    return [f"  {c['name']} ({c['deck']}), stamp {c['stamp']}: {c['count'] or 0} cop(ies)" for c in old]


def render_reprint(db: Database, changes: Changes, paper: str, out: Path | BinaryIO) -> None:
    """The reprint PDF: a page of changes and discards, then the changed cards imposed."""
    title = f"{db.meta.name}: reprint since {changes.since}"
    canvas = new_canvas(out, page_size(paper), title, f"{db.meta.name}, rules version {printed_version(db)}")
    lines = [*describe(changes, db.id), "", "Throw away these printed cards:",
             *(discard_lines(changes) or ["  none"]), "", f"Reprint: {len(changes.reprint_ids())} card design(s)."]
    _list_page(canvas, page_size(paper), lines)
    bleed = parse_length(db.print.bleed)
    margin = page_margin(db.print.margin, paper)
    for (size, duplex), (faces, backs) in reprint_faces(db, set(changes.reprint_ids())).items():
        if faces:
            footer = f"{db.meta.name} \u00b7 reprint \u00b7 version {printed_version(db)}"
            impose_cards(canvas, faces, backs if duplex else None, parse_size(size), bleed, paper, footer, margin)
    canvas.save()


def _list_page(canvas: Canvas, page: tuple[float, float], lines: list[str]) -> None:
    """The changes, one line each, top down; further pages when they do not fit one."""
    x, top, bottom = 15 * mm, page[1] - 15 * mm, 15 * mm
    y = top
    canvas.setFont("Helvetica", 9)
    for line in lines:
        if y < bottom:
            canvas.showPage()
            canvas.setFont("Helvetica", 9)
            y = top
        canvas.drawString(x, y, line[:110])
        y -= LINE
    canvas.showPage()


def reprint_steps(db: Database, ref: str, papers: tuple[str, ...], folder: Path) -> list[tuple[str, Any]]:
    """Build steps (label, callable returning the paths written) of one reprint PDF per paper."""
    from .build import atomic_write
    from .changes import changes_since

    changes = changes_since(db, ref)

    def write(paper: str) -> list[Path]:
        path = folder / f"reprint-{paper}.pdf"
        atomic_write(path, lambda out: render_reprint(db, changes, paper, out))
        return [path]

    return [(f"{db.id}: reprint-{paper}.pdf", lambda paper=paper: write(paper)) for paper in papers]
