"""Rulebook layout read back from the real PDF: odds cells on one line, table rows keep with
their header, the print guide's checklist keeps together, and no page is left nearly empty."""

from __future__ import annotations

import io
from collections import Counter

import pypdfium2 as pdfium
import pytest
from pypdf import PageObject

from cards import load_game
from generator.rulebook_pdf import render_rulebook


def _rulebook(game: str, paper: str) -> pdfium.PdfDocument:
    out = io.BytesIO()
    render_rulebook(load_game(game), paper, out)
    return pdfium.PdfDocument(out.getvalue())


def _pages_with(pdf: pdfium.PdfDocument, text: str) -> list[pdfium.PdfPage]:
    return [page for page in pdf if text in page.get_textpage().get_text_range()]


def _char_lines(page: pdfium.PdfPage, char: str) -> Counter[float]:
    """How many `char`s sit on each text line (by the char box's bottom, rounded) of the page."""
    text = page.get_textpage()
    lines: Counter[float] = Counter()
    for index in range(text.count_chars()):
        if text.get_text_range(index, 1) == char:
            lines[round(text.get_charbox(index)[1])] += 1
    return lines


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_halfwish_odds_cells_hold_one_number_on_one_line(paper):
    """The odds appendix was one table whose cells read "wins / ties / loses" over three lines
    ("44.4% /" over "0.0% /" over "55.6%"); it is three tables (aggressor wins, tie, defender
    wins), so each printed line of them holds one percentage per column."""
    pdf = _rulebook("halfwish", paper)
    pages = [page for page in pdf if any(title in page.get_textpage().get_text_range()
                                         for title in ("Aggressor \\", "Aggressor wins", "Defender wins"))]
    per_line = [n for page in pages for n in _char_lines(page, "%").values()]
    columns = len(load_game("halfwish").rules.actions)
    assert sum(per_line) == 3 * columns * columns
    assert set(per_line) == {columns}, per_line
    for page in pages:  # no cell goes on past its first number ("44.4% /")
        assert not set(_char_lines(page, "%")) & set(_char_lines(page, "/"))


def _text_fill(page: pdfium.PdfPage) -> float:
    """How much of the body frame's height the page's text spans (running footer left out)."""
    from generator.rulebook import PAGE_MARGINS

    _, height = page.get_size()
    bottom, top = PAGE_MARGINS["bottom"], height - PAGE_MARGINS["top"]
    text = page.get_textpage()
    boxes = [text.get_rect(i) for i in range(text.count_rects())]
    body = [b for b in boxes if b[1] >= bottom - 1 and b[3] <= top + 1]
    if not body:
        return 0.0
    return (max(b[3] for b in body) - min(b[1] for b in body)) / (top - bottom)


@pytest.mark.parametrize(("game", "paper"), [("heartstrings", "letter"), ("skirmish", "letter")])
def test_no_nearly_empty_page_after_the_print_guide(game, paper):
    """A page that would hold under 15% of a page's text pulls back onto the page before it
    (before: Skirmish's contents left one entry alone on a page (2%), its last ruling filled 10%
    of the last page, as did the end of Heartstrings' rulings)."""
    pdf = _rulebook(game, paper)
    fills = [_text_fill(page) for page in pdf]
    short = [number for number, fill in enumerate(fills, 1) if number > 3 and fill < 0.15]
    assert not short, [round(f, 2) for f in fills]


def _rows_per_page(space_above: float, rows: int = 10) -> list[int]:
    """Lay a table of `rows` rows out below `space_above` points of other content; the body rows
    that land on each page, read back from the PDF."""
    from reportlab.platypus import SimpleDocTemplate, Spacer

    from generator.markdown import markdown_to_flowables

    table = "| Roll | Result |\n|---|---|\n" + "".join(f"| {n} | row{n:02d} |\n" for n in range(1, rows + 1))
    out = io.BytesIO()
    doc = SimpleDocTemplate(out, pagesize=(400, 300))
    doc.build([Spacer(1, space_above), *markdown_to_flowables(table, doc.width)])
    pdf = pdfium.PdfDocument(out.getvalue())
    return [page.get_textpage().get_text_range().count("row") for page in pdf]


def test_a_table_row_keeps_with_its_header_and_never_stands_alone():
    """Wherever the table starts, each page it spans holds at least two of its rows (no header
    with one row at the foot of a page, no single row carried over) and the header repeats."""
    for space in range(0, 140, 4):  # the frame is 144 pt tall
        pages = [rows for rows in _rows_per_page(space) if rows]
        assert sum(pages) == 10
        assert all(rows >= 2 for rows in pages), (space, pages)


def test_a_short_table_is_never_split():
    """Halfwish's five-row "Tie" odds table printed three rows at the foot of a page and two
    overleaf; a table of up to eight body rows now moves on whole, unless a page of its own is
    too short for it (then it splits as a long one does)."""
    for rows in (3, 5):
        for space in range(0, 140, 4):  # the frame is 144 pt tall
            pages = [found for found in _rows_per_page(space, rows) if found]
            assert pages == [rows], (rows, space, pages)
    pages = [found for found in _rows_per_page(0, 8) if found]  # taller than the frame
    assert sum(pages) == 8 and len(pages) == 2 and min(pages) >= 2


def _percent_right_edges(page: pdfium.PdfPage) -> set[int]:
    text = page.get_textpage()
    return {round(text.get_charbox(index)[2]) for index in range(text.count_chars())
            if text.get_text_range(index, 1) == "%"}


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_halfwish_odds_tables_line_up_on_the_page_of_their_heading(paper):
    """The three odds tables (aggressor wins, tie, defender wins) follow one another: their
    columns share widths, so every number of one column ends at one x (they were sized table by
    table, each differently); and they start on the page of the appendix's heading and lead-in
    (which ended a page alone once the tables moved on whole)."""
    pdf = _rulebook("halfwish", paper)
    pages = _pages_with(pdf, "Aggressor wins")
    assert len(pages) == 1
    text = pages[0].get_textpage().get_text_range()
    assert "Appendix: duel odds" in text and "Tie" in text and "Defender wins" in text
    columns = len(load_game("halfwish").rules.actions)
    assert len(_percent_right_edges(pages[0])) == columns


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", ["halfwish", "heartstrings", "skirmish", "which-witch", "half-the-battle"])
def test_the_checklist_starts_with_its_first_file_and_no_box_parts_from_its_number(game, paper):
    """Skirmish on A4 ended page 2 with "Checklist, one box per printed sheet:" alone, its table
    on page 3; the checklist is one paragraph now, which starts with what it is. And the skills
    row broke "[ ] 9 [" over "] 10"."""
    intro = "Checklist, a box for each sheet"
    pages = _pages_with(_rulebook(game, paper), intro)
    assert len(pages) == 1
    text = pages[0].get_textpage().get_text_range()
    after = text[text.index(intro) + len(intro):]
    assert ".pdf" in after, "the checklist's first row is on the intro line's page"
    lines = [line.strip() for line in text.splitlines()]
    assert not [line for line in lines if line.endswith("[") or line.startswith("]")], lines


def _body_text_foot(page: PageObject, frame_top: float, frame_bottom: float) -> float:
    """The lowest baseline of the page's body text, as a share of the frame from its top (0.0:
    the frame's top, 1.0: its foot); the running footer below the frame left out."""
    baselines: list[float] = []

    def note(text: str, cm: list[float], tm: list[float], font: object, size: float) -> None:
        if text.strip():
            baselines.append(tm[4] * cm[1] + tm[5] * cm[3] + cm[5])
    page.extract_text(visitor_text=note)
    body = [y for y in baselines if y >= frame_bottom]
    return (frame_top - min(body)) / (frame_top - frame_bottom) if body else 0.0


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", ["halfwish", "heartstrings", "skirmish", "which-witch", "half-the-battle"])
def test_no_print_guide_page_is_mostly_empty(game, paper):
    """Skirmish's print checklist moved whole onto page 3 on both papers, its text ending in the
    page's top quarter before the components page: a page printed for a few lines. Every page
    of the print guide (from page 2 to the page before "What you should have") now ends lower."""
    from pypdf import PdfReader

    from generator.rulebook import PAGE_MARGINS

    out = io.BytesIO()
    render_rulebook(load_game(game), paper, out)
    pages = PdfReader(out).pages
    components = next(n for n, page in enumerate(pages) if "What you should have" in page.extract_text())
    guide = pages[1:components]
    assert "How to print this kit" in guide[0].extract_text()
    height = float(guide[0].mediabox.height)
    feet = [_body_text_foot(page, height - PAGE_MARGINS["top"], PAGE_MARGINS["bottom"]) for page in guide]
    assert all(foot > 0.25 for foot in feet), [round(foot, 2) for foot in feet]


def test_a_paragraphs_last_line_never_opens_a_page_alone():
    """Print audit: `is fought by both players.` stood alone at the head of a Halfwish rulebook
    page. Split where only its last line would go over, a paragraph takes two lines over."""
    from reportlab.platypus import Paragraph

    from generator.markdown_style import Theme, stylesheet

    body = stylesheet(Theme())["body"]
    paragraph = Paragraph("A long paragraph of the rules, line after line. " * 30, body)
    paragraph.wrap(300, 10_000)
    lines = len(paragraph.blPara.lines)
    assert lines > 4
    head, tail = paragraph.split(300, body.leading * (lines - 1) + 0.5)  # room for all but the last line
    head.wrap(300, 10_000)
    tail.wrap(300, 10_000)
    assert len(tail.blPara.lines) >= 2 and len(head.blPara.lines) + len(tail.blPara.lines) == lines


@pytest.mark.parametrize("game", ["heartstrings", "half-the-battle"])
def test_nothing_on_a_rulebook_page_runs_past_the_texts_right_edge(game):
    """Print audit: tables, the calibration ruler's `cm` and board pictures were made as wide as
    the frame, not its line, and ran 12 pt past the text, past the footer's rule. The 100 mm ruler
    also lost its last tick and its 10 (int(100 mm / mm) was 99)."""
    import io

    import pypdfium2 as pdfium
    from pypdf import PdfReader

    from cards import load_game
    from generator.rulebook import PAGE_MARGINS
    from generator.rulebook_pdf import FRAME_PADDING, render_rulebook

    out = io.BytesIO()
    render_rulebook(load_game(game), "a4", out)
    document = pdfium.PdfDocument(out.getvalue())
    width, height = document[0].get_size()
    edge = width - PAGE_MARGINS["right"] - FRAME_PADDING + 1.5  # a glyph's side bearing, half a stroke
    past = [(number, round(obj.get_bounds()[2], 1)) for number, page in enumerate(document, 1)
            for obj in page.get_objects()
            if obj.get_bounds()[2] > edge and 60 < obj.get_bounds()[1] and obj.get_bounds()[3] < height - 50]
    assert past == []
    guide = " ".join(PdfReader(io.BytesIO(out.getvalue())).pages[1].extract_text().split())
    assert "0 1 2 3 4 5 6 7 8 9 10 cm" in guide
