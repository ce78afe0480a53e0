"""The short-page guard ("a page that would hold under 15% of a page's text pulls back"), where
tightening the space between flowables cannot help: the tail of the page before is pushed on."""

from __future__ import annotations

import io
from typing import Any

import pypdfium2 as pdfium
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, PageTemplate, Paragraph

from generator.pullback import MIN_FILL, PageFills, build_pulled_back

PAGE = (300.0, 300.0)
FRAME = 260.0  # 20 pt margins top and bottom
LEADING = 12.0


class _Doc(BaseDocTemplate):  # type: ignore[misc]  # reportlab has no type hints
    def __init__(self, out: Any) -> None:
        super().__init__(out, pagesize=PAGE, leftMargin=20, rightMargin=20, topMargin=20, bottomMargin=20)
        self.addPageTemplates([PageTemplate(frames=[Frame(20, 20, 260, FRAME, 0, 0, 0, 0)])])

    def handle_documentBegin(self) -> None:
        self.fills = PageFills()
        super().handle_documentBegin()

    def afterFlowable(self, flowable: Flowable) -> None:
        self.fills.note(self.page, self.frame, flowable)


def _dense_story(lines: int) -> list[Flowable]:
    """One-line paragraphs with no space around them: nothing for tightening to take."""
    style = ParagraphStyle("dense", fontName="Helvetica", fontSize=10, leading=LEADING, spaceBefore=0, spaceAfter=0)
    return [Paragraph(f"line{n:03d}", style) for n in range(lines)]


def _lines_per_page(lines: int) -> list[int]:
    out = io.BytesIO()
    build_pulled_back(_Doc, _dense_story(lines), out)
    return [page.get_textpage().get_text_range().count("line") for page in pdfium.PdfDocument(out.getvalue())]


def test_a_dense_last_page_under_15_percent_takes_lines_from_the_page_before():
    """21 lines fill a 260 pt frame; the 22nd alone would fill 5% of the last page. The guard
    pushes lines on until the last page holds at least 15%, and the page before keeps the rest."""
    per_page = int(FRAME // LEADING)
    assert per_page == 21
    pages = _lines_per_page(per_page + 1)
    assert sum(pages) == per_page + 1
    assert len(pages) == 2
    assert all(count * LEADING / FRAME >= MIN_FILL for count in pages), pages


def test_a_page_already_full_enough_is_left_alone():
    per_page = int(FRAME // LEADING)
    assert _lines_per_page(per_page + 8) == [per_page, 8]


def test_what_a_layout_marked_is_cleared_on_the_flowables_inside_lists_and_tables():
    """`_fresh` clears platypus's "carried to the next page" mark on every flowable held inside
    another (a paragraph holds none: its fragments are passed over)."""
    from reportlab.platypus import ListFlowable, Table

    from generator.pullback import _fresh, _inside

    style = ParagraphStyle("cell", fontName="Helvetica", fontSize=10, leading=LEADING)
    cell, item = Paragraph("A <b>bold</b> cell", style), Paragraph("an item", style)
    table, items = Table([[cell, "text"]]), ListFlowable([item])
    for flowable in (cell, item, table, items):
        flowable._postponed = 1
    found = _inside(table) + _inside(items)
    assert {id(f) for f in found} >= {id(cell), id(item), id(table), id(items)}
    _fresh([table, items])
    assert not any("_postponed" in f.__dict__ for f in (cell, item, table, items))
