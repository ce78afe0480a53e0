"""The reprint sheet: only the cards that changed since an earlier build, with their backs.

`OUT/<game>/reprint-<paper>.pdf` opens with a page listing what changed and which printed cards
to throw away (by deck, name and old stamp), then imposes every printed copy of each added or
changed card, with its back duplex aligned; decks of one card size share sheets, so the
reprint takes as few sheets as the cards allow.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, BinaryIO

from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from cards import Database
from cards.units import parse_length, parse_size
from cards.wording import plural

from .changes import Changes, describe
from .errors import LayoutError
from .geometry import page_margin, page_size
from .imposition import Face, impose_cards, plan_sheet
from .kit import printed_copies
from .packing import printing_order, slotted
from .pdfcanvas import new_canvas
from .reprint_files import files_printing_changed_rules
from .stamps import printed_version, version_label
from .userconfig import duplex_setting

LINE = 11.0


# per (card size, duplex): each deck with changed cards, and their printed copies as (face, back)
Reprinted = dict[tuple[str, bool], list[tuple[Any, list[tuple[Face, Face]]]]]


def reprint_faces(db: Database, ids: set[str]) -> Reprinted:
    """Every printed copy of the cards in `ids` with its back, by deck, grouped by (card size,
    duplex); the decks in the order the card files print them (face-down decks first)."""
    groups: Reprinted = {}
    for deck in printing_order(db.decks):
        if not any(card.id in ids for card in deck.cards):
            continue
        printed = printed_copies(db, deck)
        copies: list[tuple[Face, Face]] = []
        start = 0
        for card in deck.cards:
            if card.id in ids:
                copies += printed[start:start + card.count]
            start += card.count
        groups.setdefault((deck.size, deck.duplex), []).append((deck, copies))
    return groups


def discard_rows(changes: Changes, unstamped: frozenset[str] = frozenset()) -> list[tuple[str, str, str, int]]:
    """The printed cards to throw away, removed and changed ones: (deck, card, the stamp printed on
    them, copies); `NOT_PRINTED` for the decks in `unstamped` (`decks_without_stamp`)."""
    old = [*changes.removed, *({**c, "stamp": c.get("old_stamp"), "name": _printed_name(c)} for c in changes.changed)]
    return [(str(c["deck"]), str(c["name"]), NOT_PRINTED if c["deck"] in unstamped else f"v {c['stamp']}",
             int(c["count"] or 0)) for c in old]


def _printed_name(card: dict[str, Any]) -> str:
    """A changed card's name as its printed copies show it: `Pearl (now Black Pearl)` when renamed
    (the audit: the sheet listed the new name, which no printed copy shows)."""
    renamed = next((d for d in card.get("fields", []) if d["field"] == "name"), None)
    return f"{renamed['old']} (now {card['name']})" if renamed else str(card["name"])


def decks_without_stamp(db: Database) -> frozenset[str]:
    """The decks whose front layout prints no card stamp (no text names `version` or `stamp`, which
    on a card face are its own content stamp): an old copy of their cards is told by its content."""
    from .layoutfile import layout_folders, load_layout

    found = set()
    for deck in db.decks:
        try:
            layout = load_layout(deck.layout, layout_folders(db))
        except LayoutError:  # the build reports it; count the deck as stamped
            continue
        if not _NAMES_STAMP.search(json.dumps(layout.elements, default=str)):
            found.add(deck.id)
    return frozenset(found)


NOT_PRINTED = "none printed"
_NAMES_STAMP = re.compile(r"\{\{[^}]*\b(?:version|stamp)\b")


def render_reprint(db: Database, changes: Changes, paper: str, out: Path | BinaryIO) -> None:
    """The reprint PDF: a page of changes and discards, then the changed cards imposed."""
    title = f"{db.meta.name}: reprint since {changes.since}"
    canvas = new_canvas(out, page_size(paper), title, f"{db.meta.name}, {version_label(db)}")
    groups = reprint_faces(db, set(changes.reprint_ids()))
    _cover(canvas, page_size(paper), db, changes, groups, paper)
    bleed = parse_length(db.print.bleed)
    margin = page_margin(db.print.margin, paper)
    printer = duplex_setting()  # backs placed for the user's printer, as on the kit's sheets (audit)
    for (size, duplex), decks in groups.items():
        if any(copies for _, copies in decks):  # face-down decks kept from the others, as on the kit's sheets
            plan = plan_sheet(parse_size(size), bleed, paper, margin)
            faces, backs = slotted([deck for deck, _ in decks], [copies for _, copies in decks], plan)
            footer = f"{db.meta.name} \u00b7 reprint \u00b7 version {printed_version(db)}"
            impose_cards(canvas, faces, backs if duplex else None, parse_size(size), bleed, paper, footer, margin,
                         printer.flip, printer.shift)
    canvas.save()


def _cover(canvas: Canvas, page: tuple[float, float], db: Database, changes: Changes,
           groups: Reprinted, paper: str) -> None:
    """The first page: what changed, which printed cards to throw away, how to print what follows."""
    copies = sum(len(cards) for decks in groups.values() for _, cards in decks)
    designs = len(changes.reprint_ids())
    lines = _Lines(canvas, page)
    lines.title(f"{db.meta.name}: reprint since {changes.since}")
    lines.text(f"{version_label(db, capital=True)}. " + (
        f"{plural(copies, 'card')} to print ({plural(designs, 'design')}) on the pages after this one."
        if copies else "No card to print: nothing on the cards changed."), muted=True)
    lines.heading("What changed")
    for line in describe(changes, db.id)[1:] or ["  nothing"]:
        lines.text(line.strip(), indent=(len(line) - len(line.lstrip())) / 2)
    lines.heading("Throw away these printed cards")
    decks = {deck.id: deck.name for deck in db.decks}  # a removed deck keeps its id
    rows = [(decks.get(deck, deck), card, stamp, str(count))
            for deck, card, stamp, count in discard_rows(changes, decks_without_stamp(db))]
    if rows:
        if any(row[2] != NOT_PRINTED for row in rows):
            lines.text("Each card prints its own stamp at its foot: throw away the copies that print the stamp below.")
        if any(row[2] == NOT_PRINTED for row in rows):
            lines.text(f"A card marked '{NOT_PRINTED}' carries no stamp, since its layout prints none (print "
                       "`v {{ stamp }}` on it to tell copies apart): throw away every printed copy of it.")
        lines.table(("Deck", "Card", "Stamp printed", "Copies"), rows)
    else:
        lines.text("None: no printed card changed or went.")
    if changes.rules:  # sixth-game audit: only the card pages were named after a rules edit
        files = files_printing_changed_rules(db, changes, paper)
        lines.heading("Print these files of the kit again too")
        lines.text(f"The rules changed, and these files print them: {', '.join(files)}. "
                   f"{_version_note(db, changes)} The cards that print a changed rule are on the "
                   "pages after this one.")
    if copies:
        duplex = any(duplex for (_, duplex), decks in groups.items() if any(cards for _, cards in decks))
        sides = f"2-sided, flipping on the {duplex_setting().flip} edge" if duplex else "1-sided"
        lines.heading("Print the pages after this one")
        lines.text(f"At 100% scale on cardstock, {sides}, as the card sheets of the kit; then cut "
                   "them as those: the long cuts across the sheet first, from crop mark to crop mark.")
    canvas.showPage()


def _version_note(db: Database, changes: Changes) -> str:
    """Whether the version the kit prints changed with the rules (the designer's `game: version:`
    may not have: the sixth-game audit's sheet said it had)."""
    old, new = changes.versions
    if not db.meta.version:
        return "Every page prints the rules version, which changed with them."
    if old is None:
        return (f"They print version {new}: if the copies you printed say {new} too, bump game: version "
                "in game.yaml and build again, so the copies can be told apart.")
    if old == new:
        return (f"game: version is still {new}, as on the copies you printed: bump it in game.yaml and "
                "build again, so the copies can be told apart.")
    return f"Their version changed with them ({old} to {new})."


class _Lines:
    """Text set top down on the cover, wrapped to the page; further pages when it runs long."""

    def __init__(self, canvas: Canvas, page: tuple[float, float]):
        self.canvas, self.page = canvas, page
        self.left, self.width = 18 * mm, page[0] - 36 * mm
        self.y = page[1] - 20 * mm

    def title(self, text: str) -> None:
        self._line(text, "Helvetica-Bold", 16, 0.0, _INK, 22)

    def heading(self, text: str) -> None:
        self.y -= 8
        self._line(text, "Helvetica-Bold", 11, 0.0, _INK, 16)

    def text(self, text: str, indent: float = 0.0, muted: bool = False) -> None:
        for part in simpleSplit(text, "Helvetica", 9, self.width - indent * LINE) or [""]:
            self._line(part, "Helvetica", 9, indent * LINE, _MUTED if muted else _INK, LINE)

    def table(self, header: tuple[str, str, str, str], rows: list[tuple[str, str, str, str]]) -> None:
        columns = (0.0, 0.3, 0.72, 1.0)  # where each column starts, as a share of the width; copies end at 1
        self.y -= 3
        for cells, font in [(header, "Helvetica-Bold"), *((row, "Helvetica") for row in rows)]:
            self._room(LINE + 2)
            self.canvas.setFont(font, 9)
            self.canvas.setFillColor(_INK)
            for (text, start), end in zip(zip(cells[:3], columns[:3]), columns[1:], strict=True):
                self.canvas.drawString(self.left + start * self.width, self.y, _clipped(text, font, (end - start) * self.width - 6))
            self.canvas.drawRightString(self.left + self.width, self.y, cells[3])
            if font == "Helvetica-Bold":  # a hairline under the header
                self.canvas.setStrokeColor(_MUTED)
                self.canvas.setLineWidth(0.4)
                self.canvas.line(self.left, self.y - 3, self.left + self.width, self.y - 3)
            self.y -= LINE + 2

    def _line(self, text: str, font: str, size: float, indent: float, colour: str, leading: float) -> None:
        self._room(leading)
        self.canvas.setFont(font, size)
        self.canvas.setFillColor(colour)
        self.canvas.drawString(self.left + indent, self.y, text)
        self.y -= leading

    def _room(self, height: float) -> None:
        if self.y - height < 15 * mm:
            self.canvas.showPage()
            self.y = self.page[1] - 20 * mm


_INK, _MUTED = "#1a1a1a", "#555555"


def _clipped(text: str, font: str, width: float) -> str:
    """`text`, cut with an ellipsis where it would run into the next column."""
    if stringWidth(text, font, 9) <= width:
        return text
    while text and stringWidth(text + "\u2026", font, 9) > width:
        text = text[:-1]
    return text + "\u2026"


def reprint_steps(db: Database, changes: Changes, papers: tuple[str, ...], folder: Path) -> list[tuple[str, Any]]:
    """Build steps (label, callable returning the paths written) of one reprint PDF per paper,
    from what changed since the REF (`changes.changes_since`, worked out before a build starts)."""
    from .build import atomic_write

    def write(paper: str) -> list[Path]:
        path = folder / f"reprint-{paper}.pdf"
        atomic_write(path, lambda out: render_reprint(db, changes, paper, out))
        return [path]

    return [(f"{db.id}: reprint-{paper}.pdf", lambda paper=paper: write(paper)) for paper in papers]
