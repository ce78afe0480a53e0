"""Print geometry read back from real PDFs, in points: trim size, bleed, crop marks, duplex backs."""

from __future__ import annotations

import io
from itertools import pairwise

import pytest
from pdf_ops import rects, segments
from pypdf import PdfReader

from cards import load_game
from cards.units import MM
from generator.geometry import (
    CROP_MARK_GAP,
    CROP_MARK_LENGTH,
    CROP_MARK_MIN_LENGTH,
    landscape,
    page_size,
)
from generator.imposition import render_cards_pdf
from generator.kit import render_deck

PAPERS = ["a4", "letter"]
# Poker cards per sheet, (columns, rows): Letter turns landscape, where crop marks fit its margin.
POKER_GRID = {"a4": (3, 3), "letter": (4, 2)}
POKER = (63 * MM, 88 * MM)
BLEED = 3 * MM


def _deck_pdf(paper: str) -> PdfReader:
    """The Which Witch game cards (poker size, 3 mm bleed, duplex) as printed."""
    db = load_game("which-witch")
    out = io.BytesIO()
    render_deck(db, db.deck("game-cards"), paper, out)
    return PdfReader(io.BytesIO(out.getvalue()))


def _crop_marks(reader: PdfReader, page: int):
    return [s for s in segments(reader, page) if CROP_MARK_MIN_LENGTH - 0.01 <= s.length <= CROP_MARK_LENGTH + 1e-3]


def _cut_lines(reader: PdfReader, page: int) -> tuple[list[float], list[float]]:
    marks = _crop_marks(reader, page)
    xs = sorted({round(s.x0, 3) for s in marks if s.vertical})
    ys = sorted({round(s.y0, 3) for s in marks if s.horizontal})
    return xs, ys


@pytest.mark.parametrize("paper", PAPERS)
def test_pages_are_the_paper_size(paper):
    reader = _deck_pdf(paper)
    for page in reader.pages:
        size = (float(page.mediabox.width), float(page.mediabox.height))
        assert size in (pytest.approx(page_size(paper), abs=0.01), pytest.approx(landscape(page_size(paper)), abs=0.01))


@pytest.mark.parametrize("paper", PAPERS)
def test_a_poker_cards_trim_box_is_exactly_63_by_88_mm(paper):
    """The crop marks sit on the trim lines: neighbouring lines are one card apart."""
    xs, ys = _cut_lines(_deck_pdf(paper), 0)
    cols, rows = POKER_GRID[paper]
    assert len(xs) == cols + 1 and len(ys) == rows + 1  # nine to an A4 page, eight to a Letter one
    assert [b - a for a, b in pairwise(xs)] == pytest.approx([POKER[0]] * cols, abs=0.01)
    assert [b - a for a, b in pairwise(ys)] == pytest.approx([POKER[1]] * rows, abs=0.01)


@pytest.mark.parametrize("paper", PAPERS)
def test_crop_marks_are_outside_the_trimmed_area_and_its_bleed(paper):
    reader = _deck_pdf(paper)
    xs, ys = _cut_lines(reader, 0)
    for mark in _crop_marks(reader, 0):
        if mark.vertical:
            near = min(abs(mark.y0 - ys[0]), abs(mark.y0 - ys[-1]), abs(mark.y1 - ys[0]), abs(mark.y1 - ys[-1]))
            assert min(mark.y0, mark.y1) >= ys[-1] or max(mark.y0, mark.y1) <= ys[0]
        else:
            near = min(abs(mark.x0 - xs[0]), abs(mark.x0 - xs[-1]), abs(mark.x1 - xs[0]), abs(mark.x1 - xs[-1]))
            assert min(mark.x0, mark.x1) >= xs[-1] or max(mark.x0, mark.x1) <= xs[0]
        assert near == pytest.approx(BLEED + CROP_MARK_GAP, abs=0.01)


@pytest.mark.parametrize("paper", PAPERS)
def test_the_outer_cards_keep_a_3_mm_bleed(paper):
    """The top-left card may paint 3 mm past its left and top trim lines, not past its inner ones."""
    reader = _deck_pdf(paper)
    xs, ys = _cut_lines(reader, 0)
    x, y, w, h = rects(reader, 0, b"W*")[0]
    assert x == pytest.approx(xs[0] - BLEED, abs=0.01)
    assert y + h == pytest.approx(ys[-1] + BLEED, abs=0.01)
    assert x + w == pytest.approx(xs[1], abs=0.01)
    assert y == pytest.approx(ys[-2], abs=0.01)


def _labelled_faces(count: int):
    """Faces that fill exactly their trim box, so the PDF says where each card went."""
    def face(canvas, x, y, w, h):
        canvas.rect(x + BLEED, y + BLEED, w - 2 * BLEED, h - 2 * BLEED, stroke=0, fill=1)
    return [lambda c, x, y, w, h, f=face: f(c, x, y, w, h) for _ in range(count)]


@pytest.mark.parametrize("paper", PAPERS)
def test_backs_are_mirrored_for_a_long_edge_flip(paper):
    """A back's trim box is its front's mirrored about the page's vertical centre line (portrait
    page), or its horizontal one (landscape page: the paper's long edge is then horizontal)."""
    faces = _labelled_faces(7)  # a partial sheet: the mirroring shows
    out = io.BytesIO()
    render_cards_pdf(out, faces, faces, POKER, BLEED, paper, "duplex test")
    reader = PdfReader(io.BytesIO(out.getvalue()))
    assert len(reader.pages) == 2
    fronts, backs = rects(reader, 0, b"f*"), rects(reader, 1, b"f*")
    page_width, page_height = (float(v) for v in reader.pages[0].mediabox.upper_right)
    assert len(fronts) == len(backs) == 7
    for (fx, fy, fw, fh), (bx, by, bw, bh) in zip(fronts, backs):
        assert (fw, fh) == pytest.approx(POKER, abs=0.01)
        assert (bw, bh) == pytest.approx(POKER, abs=0.01)
        if page_width < page_height:
            assert (bx, by) == pytest.approx((page_width - (fx + fw), fy), abs=0.01)
        else:
            assert (bx, by) == pytest.approx((fx, page_height - (fy + fh)), abs=0.01)
    assert fronts[0][:2] != pytest.approx(backs[0][:2], abs=1)  # the first card's back is on the other side
