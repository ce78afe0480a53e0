"""The rulebook's table of contents starts with the headings it will list
(`generator.rulebook_pdf.expect_contents`), so `multiBuild` needs two passes instead of three
and the PDF is byte for byte the one an empty start gives."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph
from reportlab.platypus.doctemplate import BaseDocTemplate
from reportlab.platypus.tableofcontents import TableOfContents

from cards import load_game
from generator import rulebook_pdf
from generator.markdown import Theme, stylesheet

MULTIBUILD = BaseDocTemplate.multiBuild


def _render(monkeypatch: pytest.MonkeyPatch, game: str) -> tuple[bytes, list[int]]:
    passes: list[int] = []

    def counted(self: BaseDocTemplate, story: list[Any], **kwargs: Any) -> int:
        passes.append(MULTIBUILD(self, story, **kwargs))
        return passes[-1]

    monkeypatch.setattr(BaseDocTemplate, "multiBuild", counted)
    out = io.BytesIO()
    rulebook_pdf.render_rulebook(load_game(game), "a4", out)
    return out.getvalue(), passes


def test_the_contents_known_in_advance_save_a_pass_and_change_no_byte(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the contents run over a page (Halfwish's at the usual spacing): an empty start puts
    every heading a page too early, and the layout takes a third pass."""
    monkeypatch.setattr(rulebook_pdf.FittedContents, "wrap", TableOfContents.wrap)
    expected, expected_passes = _render(monkeypatch, "halfwish")
    monkeypatch.setattr(rulebook_pdf, "expect_contents", lambda story: None)
    empty_start, empty_passes = _render(monkeypatch, "halfwish")
    assert expected == empty_start
    assert (expected_passes, empty_passes) == ([2], [3])


def test_the_expected_entries_are_the_headings_in_order() -> None:
    heading = Paragraph("1. Setup", stylesheet(Theme())["h1"])
    heading.toc_level, heading.toc_text = 0, "1. Setup & play"
    deep = Paragraph("1.1.1 Deep", stylesheet(Theme())["h3"])
    deep.toc_level, deep.toc_text = 2, "1.1.1 Deep"  # below the contents' levels: not listed
    story = rulebook_pdf.contents_page(Theme()) + [heading, deep]
    rulebook_pdf.expect_contents(story)
    toc = next(f for f in story if isinstance(f, TableOfContents))
    assert toc._entries == [(0, "1. Setup &amp; play", 0, "h1")]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_halfwish_contents_are_set_tighter_to_fit_one_page(paper: str) -> None:
    """Print audit: at the usual spacing Halfwish's contents ran their last 9 entries onto a page
    of their own; set tighter they fit one page (A4: 27 pages -> 26, a sheet fewer)."""
    from pypdf import PdfReader

    out = io.BytesIO()
    rulebook_pdf.render_rulebook(load_game("halfwish"), paper, out)
    pages = [" ".join((page.extract_text() or "").split()) for page in PdfReader(out).pages]
    contents = next(number for number, text in enumerate(pages) if re.search(r"Page \d+ Contents", text))
    assert "17. Appendix: duel odds" in pages[contents]  # the last entry
    assert "1. Welcome to Halfwish Halfwish is a duel card game" in pages[contents + 1]


def test_contents_that_fit_keep_the_usual_spacing() -> None:
    toc = rulebook_pdf.contents_page(Theme())[2]
    assert isinstance(toc, rulebook_pdf.FittedContents)
    toc._lastEntries = [(0, f"Chapter {n}", n, f"h{n}") for n in range(1, 9)]
    toc.canv = Canvas(io.BytesIO())
    toc.wrap(400, 600)
    assert toc.levelStyles is toc.usual[0] and toc.tableStyle is toc.usual[1]
    toc._lastEntries *= 6  # 48 chapters: no spacing fits them on a page, so the usual one is kept
    toc.wrap(400, 600)
    assert toc.levelStyles is toc.usual[0]
