"""Rulebook layout read back from the real PDF: odds cells wrap evenly, table rows keep with
their header, and no page is left nearly empty."""

from __future__ import annotations

import io
from collections import Counter

import pypdfium2 as pdfium
import pytest

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
def test_halfwish_odds_cells_wrap_evenly(paper):
    """Each odds cell reads "wins / ties / loses"; when a cell does not fit its column on one line,
    every cell breaks at the same places, so each printed line of the table holds one percentage
    per column (before: "33.6% / 63.7%" over "/ 2.8%" beside "44.4% / 0.0% /" over "55.6%")."""
    pdf = _rulebook("halfwish", paper)
    per_line = [n for page in _pages_with(pdf, "Aggressor \\") for n in _char_lines(page, "%").values()]
    columns = len(load_game("halfwish").rules.actions)
    assert sum(per_line) == 3 * columns * columns
    assert set(per_line) in ({columns}, {3 * columns}), per_line
