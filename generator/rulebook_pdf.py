"""The rulebook as a PDF: title page, print guide, component page, contents, then the rules.

`generator.rulebook` renders the rules text (Markdown from the game's template and its
database); this module lays it out with platypus, with the pages that come before it.
"""

from __future__ import annotations

import contextlib
import hashlib
import html
import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any, BinaryIO

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    HRFlowable,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Spacer,
    Table,
    TableStyle,
)
from reportlab.platypus.doctemplate import LayoutError
from reportlab.platypus.tableofcontents import TableOfContents

from cards import Database, Problem
from cards.paths import contained_file, template_dirs
from cards.units import MM

from .components_page import component_flowables
from .geometry import page_margin, page_size, printable
from .instructions import PAPER_NAMES, instruction_flowables
from .markdown import Theme, markdown_to_flowables, prepare_canvas, stylesheet
from .pagecache import note, recalled
from .pagefit import described, first_unfitting
from .paragraphs import Paragraph
from .pullback import PageFills, build_pulled_back
from .rulebook import PAGE_MARGINS, PRODUCER, TOC_LEVELS, RulebookError, rulebook_markdown
from .stamps import printed_version, version_label

FRAME_PADDING = 6.0  # reportlab's own, written out: the text runs inside it


class _RulebookDoc(BaseDocTemplate):  # type: ignore[misc]  # reportlab has no type hints
    """Title page, contents, then body pages with a running footer."""

    def __init__(self, out: Any, db: Database, paper: str, theme: Theme):
        self.db = db
        self.theme = theme
        self.margin = page_margin(db.print.margin, paper)
        title = db.rulebook.title or db.meta.name
        super().__init__(out, pagesize=page_size(paper), invariant=1, pageCompression=1,
                         title=f"{title}: rules", author=db.meta.designer or PRODUCER,
                         subject=f"{db.meta.name} rulebook, version {printed_version(db)}",
                         creator=PRODUCER, producer=PRODUCER,
                         leftMargin=PAGE_MARGINS["left"], rightMargin=PAGE_MARGINS["right"],
                         topMargin=PAGE_MARGINS["top"], bottomMargin=PAGE_MARGINS["bottom"])
        frame = Frame(self.leftMargin, self.bottomMargin, self.width, self.height, id="body",
                      leftPadding=FRAME_PADDING, rightPadding=FRAME_PADDING)
        # what a line of the frame holds, inside its paddings (print audit: tables and diagrams made
        # as wide as the frame ran 12 pt past the text and 6 pt past the margin)
        self.text_width = self.width - 2 * FRAME_PADDING
        self.addPageTemplates([
            PageTemplate(id="title", frames=[frame], onPage=self._title_page),
            PageTemplate(id="body", frames=[frame], onPage=self._body_page),
        ])
        self._bookmarks = 0

    def afterFlowable(self, flowable: Flowable) -> None:
        self.fills.note(self.page, self.frame, flowable)
        level = getattr(flowable, "toc_level", None)
        if level is None or level >= TOC_LEVELS:
            return
        self._bookmarks += 1
        key = f"h{self._bookmarks}"
        self.canv.bookmarkPage(key)
        self.canv.addOutlineEntry(flowable.toc_text, key, level=level, closed=level > 0)
        self.notify("TOCEntry", (level, html.escape(flowable.toc_text), self.page, key))

    def handle_documentBegin(self) -> None:
        self._bookmarks = 0  # multiBuild renders several times; keys must repeat exactly
        self.fills = PageFills()
        super().handle_documentBegin()

    def _title_page(self, canvas: Any, doc: Any) -> None:
        prepare_canvas(canvas)
        # The colour bands stop at the page margin: a home printer would clip a full-bleed band
        # to an uneven white strip, and a rulebook page has no bleed to trim off.
        area = printable(self.pagesize, self.margin)
        canvas.saveState()
        canvas.setFillColor(colors.HexColor(self.theme.accent))
        canvas.rect(area.x, area.top - 10 * MM, area.w, 10 * MM, stroke=0, fill=1)
        canvas.rect(area.x, area.y, area.w, 4 * MM, stroke=0, fill=1)
        canvas.restoreState()

    def _body_page(self, canvas: Any, doc: Any) -> None:
        prepare_canvas(canvas)
        w, _ = self.pagesize
        left, right = self.leftMargin, w - self.rightMargin
        y = self.bottomMargin - 9 * MM
        canvas.saveState()
        canvas.setStrokeColor(colors.HexColor(self.theme.rule_color))
        canvas.setLineWidth(0.5)
        canvas.line(left, y + 4 * MM, right, y + 4 * MM)
        canvas.setFont(self.theme.body_font, 8)
        canvas.setFillColor(colors.HexColor(self.theme.muted))
        canvas.drawString(left, y, f"{self.db.meta.name} \u2014 Rules")
        canvas.drawCentredString(w / 2, y, f"version {printed_version(self.db)}")
        canvas.setFont(self.theme.bold_font, 9)
        canvas.drawRightString(right, y, f"Page {doc.page}")
        canvas.restoreState()


RULEBOOK_THEME = Theme(numbered=True, heading_room=6)


def render_rulebook(db: Database, paper: str, out: Path | BinaryIO, theme: Theme | None = None) -> None:
    """Render the game's rulebook template and lay it out as a PDF on A4 or Letter paper."""
    theme = theme or RULEBOOK_THEME
    target = str(out) if isinstance(out, Path) else out
    width = _RulebookDoc(io.BytesIO(), db, paper, theme).text_width
    story = title_page(db, theme, width) + instruction_flowables(db, paper, width, theme)
    story += [PageBreak(), *component_flowables(db, width, theme), PageBreak(), *contents_page(theme)]
    story += _take_prepared(db, paper, theme) or _chapters(db, width, theme)
    expect_contents(story)
    with contents_recalled(story, f"{db.id}/{paper}"):
        try:
            build_pulled_back(lambda out: _RulebookDoc(out, db, paper, theme), story, target)
        except LayoutError:  # lint's `check_pages_hold` finds it first; a build says so in words
            raise RulebookError(f"the rulebook on {PAPER_NAMES.get(paper, paper)} holds something taller than "
                                f"a page that cannot be split across pages; `deckwright lint {db.id}` names it") from None


# The rulebook's chapters as the draw-check converted them, each for one layout to take (the layout
# changes its flowables): a build checks a rulebook only when it is about to lay it out again.
_prepared: dict[tuple[int, str, Theme], tuple[Database, list[Flowable]]] = {}


def prepare_rulebook(db: Database, paper: str = "a4") -> None:
    """Convert the rulebook's Markdown as `render_rulebook(db, paper)` will, raising what it would
    raise, and keep the result for that layout (`generator.check` draw-checks with this)."""
    theme = RULEBOOK_THEME
    chapters = _chapters(db, _RulebookDoc(io.BytesIO(), db, paper, theme).text_width, theme)
    if len(_prepared) >= 8:  # never taken (`deckwright lint` only checks): forget the oldest
        del _prepared[next(iter(_prepared))]
    _prepared[(id(db), paper, theme)] = (db, chapters)


def check_pages_hold(db: Database) -> None:
    """Raise RulebookError when the print guide (on either paper) or the rules prepared by
    `prepare_rulebook` hold a flowable no page can: the layout would stop with reportlab's
    LayoutError, a traceback (a checklist row taller than a page, for a deck of 5,000 cards)."""
    theme = RULEBOOK_THEME
    prepared = _prepared.get((id(db), "a4", theme))
    for paper in ("a4", "letter"):
        width, height = _frame_room(_RulebookDoc(io.BytesIO(), db, paper, theme))
        parts: list[tuple[str, Problem | None, list[Flowable]]] = [
            ("the print guide", None, instruction_flowables(db, paper, width, theme))]
        if paper == "a4" and prepared is not None and prepared[0] is db:
            parts.append(("the rulebook text", _template_place(db), prepared[1]))
        for part, place, flowables in parts:
            found = first_unfitting(flowables, width, height)
            if found is not None:
                raise RulebookError(_no_page_holds(part, found, paper), place)


def _no_page_holds(part: str, flowable: Flowable, paper: str) -> str:
    return (f"{part} holds {described(flowable)}, taller than one {PAPER_NAMES.get(paper, paper)} page "
            "and not one that can be split across pages; make it shorter")


def _frame_room(doc: _RulebookDoc) -> tuple[float, float]:
    """The width and height a body page's frame gives a flowable (inside its padding)."""
    frame = doc.pageTemplates[-1].frames[0]
    return (frame._width - frame._leftPadding - frame._rightPadding,
            frame._height - frame._topPadding - frame._bottomPadding)


def _template_place(db: Database) -> Problem | None:
    """The rulebook template's file, to locate a problem of its text."""
    template = contained_file(template_dirs(db.folder.parent, db.id, db.folder), db.rulebook.template)
    return Problem(template, None, None, "rulebook", "") if template is not None else None


def _take_prepared(db: Database, paper: str, theme: Theme) -> list[Flowable] | None:
    db_and_chapters = _prepared.pop((id(db), paper, theme), None)
    return db_and_chapters[1] if db_and_chapters is not None and db_and_chapters[0] is db else None


def _chapters(db: Database, width: float, theme: Theme) -> list[Flowable]:
    """The chapters of the rulebook template, as flowables `width` wide (the page's frame)."""
    return markdown_to_flowables(rulebook_markdown(db), width, theme)


def expect_contents(story: list[Flowable]) -> None:
    """Start the table of contents with every heading it will list, their pages not yet known.

    `multiBuild` lays the story out until the contents it collects are those it drew. Started
    empty, the first pass draws no contents, so every heading lands on a page too early, and it
    takes three passes; started with the right entries (page 0 each, whose digits take no more
    room than the real numbers'), the first pass puts every heading on its real page and the
    second confirms it: two passes, and the same final layout."""
    headings = [f for f in story if getattr(f, "toc_level", TOC_LEVELS) < TOC_LEVELS]
    for toc in (f for f in story if isinstance(f, TableOfContents)):
        toc._entries = [(h.toc_level, html.escape(h.toc_text), 0, f"h{n}") for n, h in enumerate(headings, 1)]


@contextlib.contextmanager
def contents_recalled(story: list[Flowable], name: str) -> Iterator[None]:
    """Start the table of contents from the pages the last build found for the same headings.

    Within the render cache (a rebuild after an edit), the contents' entries of the last layout
    are noted by the headings they list; when the headings are the same, the first pass starts
    from their pages, collects the same entries and is the last: one pass instead of two. Where
    the pages moved (an edit that lengthens a section), layout goes on until the contents agree,
    as from any start. Without a cache nothing is recalled."""
    tocs = [f for f in story if isinstance(f, TableOfContents)]
    if not tocs:
        yield
        return
    toc = tocs[0]
    headings = json.dumps([[level, text, key] for level, text, _, key in toc._entries])
    key = f"contents/{name}/{hashlib.sha256(headings.encode()).hexdigest()}"
    seed = recalled(key)
    if seed is not None:
        toc._entries = [tuple(entry) for entry in json.loads(seed)]
    yield
    note(key, json.dumps(toc._entries).encode())


def title_page(db: Database, theme: Theme, width: float) -> list[Flowable]:
    """Game name, subtitle, who it is for, a summary and the version stamp."""
    accent = colors.HexColor(theme.accent)
    title = ParagraphStyle("title", fontName=theme.heading_font, fontSize=40, leading=46,
                           alignment=TA_CENTER, textColor=accent)
    subtitle = ParagraphStyle("subtitle", fontName=theme.italic_font, fontSize=15, leading=20,
                              alignment=TA_CENTER, textColor=colors.HexColor(theme.text_color))
    centred = ParagraphStyle("centred", parent=stylesheet(theme)["body"], alignment=TA_CENTER)
    stamp = ParagraphStyle("stamp", parent=centred, fontSize=8.5, textColor=colors.HexColor(theme.muted))
    story: list[Flowable] = [Spacer(1, 55 * MM), Paragraph(html.escape(db.rulebook.title or db.meta.name), title)]
    if db.rulebook.subtitle:
        story += [Spacer(1, 5 * MM), Paragraph(html.escape(db.rulebook.subtitle), subtitle)]
    story += [Spacer(1, 10 * MM), HRFlowable(width="40%", thickness=1.2, color=accent), Spacer(1, 8 * MM),
              _facts_table(db, theme, width), Spacer(1, 10 * MM)]
    if db.meta.summary:
        story.append(Paragraph(html.escape(db.meta.summary), centred))
    story += [Spacer(1, 25 * MM), Paragraph(_stamp_text(db), stamp)]
    return story + [NextPageTemplate("body"), PageBreak()]


def _facts_table(db: Database, theme: Theme, width: float) -> Table:
    """Players, ages and playing time in three boxes."""
    players = db.meta.players
    count = f"{players.min}" if players.min == players.max else f"{players.min}\u2013{players.max}"
    facts = [("Players", count), ("Ages", db.meta.ages or "any"), ("Time", db.meta.play_time or "varies")]
    label = ParagraphStyle("fact-label", fontName=theme.body_font, fontSize=8.5, leading=11,
                           alignment=TA_CENTER, textColor=colors.HexColor(theme.muted))
    value = ParagraphStyle("fact-value", fontName=theme.bold_font, fontSize=14, leading=17,
                           alignment=TA_CENTER, textColor=colors.HexColor(theme.text_color))
    cells = [[[Paragraph(name.upper(), label), Paragraph(html.escape(v), value)] for name, v in facts]]
    table = Table(cells, colWidths=[min(width / 3, 45 * MM)] * 3)
    table.setStyle(TableStyle([
        ("BOX", (0, 0), (-1, -1), 0.8, colors.HexColor(theme.rule_color)),
        ("INNERGRID", (0, 0), (-1, -1), 0.8, colors.HexColor(theme.rule_color)),
        ("TOPPADDING", (0, 0), (-1, -1), 6), ("BOTTOMPADDING", (0, 0), (-1, -1), 8),
    ]))
    return table


def _stamp_text(db: Database) -> str:
    credit = f" \u00b7 credits: {html.escape(db.meta.designer)}" if db.meta.designer else ""
    return f"{version_label(db, capital=True)}, generated from the {html.escape(db.meta.name)} card database{credit}"


def contents_page(theme: Theme) -> list[Flowable]:
    """A 'Contents' heading and the table of contents (filled in by multiBuild)."""
    styles = stylesheet(theme)
    heading = ParagraphStyle("contents", parent=styles["h1"], spaceBefore=0)
    levels = [
        ParagraphStyle("toc1", parent=styles["body"], fontName=theme.bold_font, fontSize=theme.body_size + 1,
                       leftIndent=0, firstLineIndent=0, spaceBefore=5, spaceAfter=1),
        ParagraphStyle("toc2", parent=styles["body"], fontSize=theme.body_size, leftIndent=14,
                       firstLineIndent=0, spaceBefore=0, spaceAfter=0),
    ]
    toc = FittedContents(levels, [ParagraphStyle("toc1-tight", parent=levels[0], spaceBefore=3, spaceAfter=0),
                                  levels[1]])
    return [Paragraph("Contents", heading), Spacer(1, 4 * MM), toc, PageBreak()]


class FittedContents(TableOfContents):  # type: ignore[misc]  # reportlab has no type hints
    """The table of contents, set tighter when that keeps it on one page: at its usual spacing
    (each entry a table row padded 3 points above and below), Halfwish's ran 9 entries onto a page
    of their own (print audit). Tighter: half a point, and less room before a chapter."""

    levelStyles: list[ParagraphStyle]
    tableStyle: TableStyle

    def __init__(self, levels: list[ParagraphStyle], tight: list[ParagraphStyle]) -> None:
        super().__init__(dotsMinLevel=0, levelStyles=levels)
        self.usual = (levels, self.tableStyle)
        self.tight = (tight, TableStyle([*self.tableStyle.getCommands(), ("TOPPADDING", (0, 0), (-1, -1), 0.5),
                                         ("BOTTOMPADDING", (0, 0), (-1, -1), 0.5)]))

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        for setting in (self.usual, self.tight):
            self.levelStyles, self.tableStyle = setting
            width, height = super().wrap(available_width, available_height)
            if height <= available_height:
                return width, height
        self.levelStyles, self.tableStyle = self.usual  # longer than a page either way: as usual
        return super().wrap(available_width, available_height)  # type: ignore[no-any-return]
