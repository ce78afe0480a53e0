"""Boards, mats and trackers print the footer card and token sheets print (audit s26: a printed
board could not be traced to its version): the game, the sheet, the version and the page number,
inside the printable area, under the sheet's art, never on it."""

from __future__ import annotations

import io

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader
from shipped import GAMES, PAPERS, TextBox, text_boxes

from cards import load_game
from cards.units import parse_length
from generator.geometry import page_margin
from generator.kit import render_sheet, sheet_copies, sheet_slots
from generator.stamps import printed_version
from generator.tiling import fits_one_page, plan_tiles

SHEETS = [(game, sheet.id, paper) for game in GAMES for sheet in load_game(game).sheets for paper in PAPERS]


def _rendered(game: str, sheet_id: str, paper: str) -> tuple[object, object, bytes]:
    db = load_game(game)
    sheet = next(each for each in db.sheets if each.id == sheet_id)
    out = io.BytesIO()
    render_sheet(db, sheet, paper, out)
    return db, sheet, out.getvalue()


def _footer(page: pdfium.PdfPage, game: str) -> TextBox:
    """The page's footer: the text run naming the game and its version."""
    return next(box for box in text_boxes(page) if box.text.startswith(game) and " \u00b7 version " in box.text)


@pytest.mark.parametrize(("game", "sheet_id", "paper"), SHEETS, ids=[f"{g}-{s}-{p}" for g, s, p in SHEETS])
def test_every_sheet_page_names_its_game_sheet_version_and_page(game, sheet_id, paper):
    db, sheet, data = _rendered(game, sheet_id, paper)
    pages = PdfReader(io.BytesIO(data)).pages
    for number, page in enumerate(pages, 1):
        footer = f"{db.meta.name} \u00b7 {sheet.name} \u00b7 version {printed_version(db)} \u00b7 sheet {number}/{len(pages)}"
        assert footer in page.extract_text(), (number, page.extract_text()[-200:])


@pytest.mark.parametrize(("game", "sheet_id", "paper"), SHEETS, ids=[f"{g}-{s}-{p}" for g, s, p in SHEETS])
def test_the_footer_lies_inside_the_margin_and_below_the_sheets_art(game, sheet_id, paper):
    """The footer's text box, as pdfium reads it, against where the sheet is drawn: the copies'
    slots on a page of its own, the tile's piece of a tiled board (and the tile's label, which
    sits between the two)."""
    db, sheet, data = _rendered(game, sheet_id, paper)
    margin = page_margin(db.print.margin, paper)
    size = (parse_length(sheet.width), parse_length(sheet.height))
    if fits_one_page(size, paper, margin):
        art_bottom = min(y for _, y in sheet_slots(size, paper, margin)[1])
        bottoms = [art_bottom] * len(PdfReader(io.BytesIO(data)).pages)
    else:
        plan = plan_tiles(size, paper, margin=margin)
        bottoms = [plan.piece_box(tile).y for _ in sheet_copies(db, sheet) for tile in plan.tiles()]
    for page, art_bottom in zip(pdfium.PdfDocument(data), bottoms, strict=True):
        left, bottom, right, top = _footer(page, db.meta.name).box
        width = page.get_size()[0]
        assert margin <= left and right <= width - margin and margin <= bottom, (left, bottom, right)
        assert top < art_bottom, (top, art_bottom)
        labels = [box.box for box in text_boxes(page) if "cut the dashed edges" in box.text]  # a tile's
        assert all(top <= label[1] for label in labels), (top, labels)
