"""Quick-reference cards: Markdown + Jinja2 templates laid out in a card-size frame.

Each `Reference` of the database names a `front` template and an optional `back` template
(looked up like the rulebook's, rendered in the same sandbox with the same context). The text
is set at the largest body size from `START_SIZE` down to `FLOOR_SIZE` that fits the card's
safe area; a reference that does not fit at the floor fails the build, naming the card and the
side. Cards are imposed with bleed and crop marks; backs follow on the next page for a
long-edge duplex flip. A footer on every card stamps the rules version.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any, BinaryIO

from reportlab.lib import colors
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from cards import Database
from cards.units import MM, parse_length, parse_size

from .dbmemo import DatabaseMemo
from .geometry import page_margin, page_size
from .imposition import Face, impose_cards
from .inline import prepare_canvas
from .markdown import markdown_to_flowables
from .markdown_style import Theme
from .pdfcanvas import new_canvas
from .rulebook import (
    RulebookError,
    base_context,
    reference_copies,
    render_template,
    template_environment,
)
from .stamps import printed_version, version_label
from .userconfig import duplex_setting

START_SIZE = 9.5
FLOOR_SIZE = 7.0  # issue 4: body text at least 7 pt after fitting
SIZE_STEP = 0.25
FOOTER_SIZE = 6.0
FOOTER_FONT = "Helvetica"
FOOTER_COLOR = "#555555"
FOOTER_DESCENT = 0.25  # below the baseline, as a share of the size: deeper than Helvetica's descenders
FOOTER_GAP = 2 * MM
RULE_ROOM = 1.0  # points each side: a table rule's width and caps stay inside the safe zone  # between the footer's label and the version stamp
EDGE_BAND = 0.6  # share of the safe zone below the top trim that the accent band covers
REFERENCE_THEME = Theme(body_size=START_SIZE, leading_ratio=1.25, heading_scale=(1.4, 1.25, 1.1),
                        space_after=0.35)


class ReferenceOverflow(RulebookError):
    """A reference card side that does not fit its card even at the floor size."""


# Each side's text, rendered once per loaded database: the cache key, the check, the rulebook's
# components page and each paper's cards all ask for it (Halfwish: 9 requests for its 6 sides a build).
_TEXTS: DatabaseMemo[str] = DatabaseMemo(limit=64)


def reference_markdown(db: Database, template: str) -> str:
    """One side of a reference card: its template rendered with the database."""
    return _TEXTS.get(db, template, lambda: render_template(template_environment(db), base_context(db), name=template))


def fitted_flowables(text: str, width: float, height: float, label: str) -> list[Flowable]:
    """The flowables of `text` at the largest body size that fits width x height."""
    size = START_SIZE
    while size >= FLOOR_SIZE - 1e-9:
        flowables = markdown_to_flowables(text, width, REFERENCE_THEME.scaled(size))
        if _height(flowables, width, height) <= height:
            return flowables
        size -= SIZE_STEP
    raise ReferenceOverflow(f"{label} does not fit its card even at {FLOOR_SIZE:g} pt; shorten its template")


def _height(flowables: list[Flowable], width: float, height: float) -> float:
    measuring = Canvas(io.BytesIO())  # lists and tables need a canvas to measure themselves
    total = 0.0
    for index, flowable in enumerate(flowables):
        _, h = flowable.wrapOn(measuring, width, height)
        before = flowable.getSpaceBefore() if index else 0.0
        total += h + before + flowable.getSpaceAfter()
    return total


def side_face(db: Database, reference: Any, template: str, side: str) -> Face:
    """A Face drawing one side of `reference` inside the card's safe area."""
    bleed = parse_length(db.print.bleed)
    safe = parse_length(db.print.safe)
    w, h = parse_size(reference.size)
    text = reference_markdown(db, template)
    inner_w, inner_h = w - 2 * safe - 2 * RULE_ROOM, h - 2 * safe - FOOTER_SIZE * 1.6
    flowables = fitted_flowables(text, inner_w, inner_h, f"reference {reference.id!r} ({side})")

    def draw(canvas: Canvas, x: float, y: float, bw: float, bh: float) -> None:
        prepare_canvas(canvas)
        _edge_band(canvas, x, y + bh - bleed - safe * EDGE_BAND, bw, bleed + safe * EDGE_BAND)
        left, top = x + bleed + safe + RULE_ROOM, y + bleed + h - safe
        for index, flowable in enumerate(flowables):
            _, fh = flowable.wrapOn(canvas, inner_w, inner_h)
            top -= (flowable.getSpaceBefore() if index else 0.0) + fh
            flowable.drawOn(canvas, left, top)
            top -= flowable.getSpaceAfter()
        _footer(canvas, db, reference, side, x + bleed, y + bleed, w, safe)
    return draw


def _edge_band(canvas: Canvas, x: float, y: float, w: float, h: float) -> None:
    """The accent band along the top edge: it runs into the bleed, so a cut never leaves a sliver."""
    canvas.saveState()
    canvas.setFillColor(colors.HexColor(REFERENCE_THEME.accent))
    canvas.rect(x, y, w, h, stroke=0, fill=1)
    canvas.restoreState()


def _footer(canvas: Canvas, db: Database, reference: Any, side: str, x: float, y: float, w: float, safe: float) -> None:
    stamp = f"v {printed_version(db)}"
    room = w - 2 * safe - canvas.stringWidth(stamp, FOOTER_FONT, FOOTER_SIZE) - FOOTER_GAP
    canvas.saveState()
    canvas.setFont(FOOTER_FONT, FOOTER_SIZE)
    canvas.setFillColor(colors.HexColor(FOOTER_COLOR))
    baseline = y + safe + FOOTER_DESCENT * FOOTER_SIZE  # the descenders rest on the safe zone's edge
    canvas.drawString(x + safe, baseline, footer_label(canvas, db, reference, side, room))
    canvas.drawRightString(x + w - safe, baseline, stamp)
    canvas.restoreState()


def footer_label(canvas: Canvas, db: Database, reference: Any, side: str, room: float) -> str:
    """The longest of 'game · card (side)', 'card (side)' and a shortened card name that fits
    `room` points, so the label never runs into the version stamp."""
    def fits(text: str) -> bool:
        return bool(canvas.stringWidth(text, FOOTER_FONT, FOOTER_SIZE) <= room)
    for label in (f"{db.meta.name} \u00b7 {reference.name} ({side})", f"{reference.name} ({side})"):
        if fits(label):
            return label
    name = reference.name
    while name and not fits(f"{name}\u2026 ({side})"):
        name = name[:-1]
    return f"{name.rstrip()}\u2026 ({side})"


def reference_faces(db: Database) -> dict[str, tuple[list[Face], list[Face] | None]]:
    """Per card size: the front of every printed copy and, when any has a back, the backs."""
    groups: dict[str, tuple[list[Face], list[Face]]] = {}
    for reference in db.references:
        front = side_face(db, reference, reference.front, "front")
        back = side_face(db, reference, reference.back, "back") if reference.back else _blank
        fronts, backs = groups.setdefault(reference.size, ([], []))
        copies = reference_copies(db, reference)
        fronts.extend([front] * copies)
        backs.extend([back] * copies)
    return {size: (fronts, backs if any(b is not _blank for b in backs) else None)
            for size, (fronts, backs) in groups.items()}


def _blank(canvas: Canvas, x: float, y: float, w: float, h: float) -> None:
    """The back of a one-sided reference card: left empty."""


def render_references(db: Database, paper: str, out: Path | BinaryIO) -> None:
    """Every reference card of the database, imposed on `paper`, two-sided where set."""
    canvas = new_canvas(out, page_size(paper), f"{db.meta.name}: reference cards", f"{db.meta.name}, {version_label(db)}")
    bleed = parse_length(db.print.bleed)
    footer = f"{db.meta.name} \u00b7 reference cards \u00b7 version {printed_version(db)}"
    from .hosting import last_sheet_drawer

    last_sheet = last_sheet_drawer(db, "reference", paper)  # tokens in the room the last sheet leaves
    duplex = duplex_setting()  # the user's printer, as for every card sheet
    for size, (fronts, backs) in reference_faces(db).items():
        impose_cards(canvas, fronts, backs, parse_size(size), bleed, paper, footer, page_margin(db.print.margin, paper),
                     duplex.flip, duplex.shift, last_sheet=last_sheet)
    canvas.save()
