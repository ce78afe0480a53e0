"""Print audit: an even split of the Heartstrings board put B1's cut edge through a line of room
6's text, so a cutting error of half a millimetre slices the letters. A tile's cut edges now go
where the board is quiet (`generator.tileseams`), inside what keeps every tile on its page."""

from __future__ import annotations

import io

import pypdfium2 as pdfium
import pytest

from cards import load_game
from generator import tileseams
from generator.kit import render_sheet
from generator.tileseams import _cuts
from generator.tiling import cut_edges

GAMES_WITH_TILED_BOARDS = [("heartstrings", "board"), ("half-the-battle", "dungeon"), ("skirmish", "battlefield")]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize(("game", "sheet"), GAMES_WITH_TILED_BOARDS)
def test_no_cut_edge_runs_through_text(monkeypatch, game, sheet, paper):
    plans = []
    placed = tileseams.placed_cuts

    def noted(plan, paint):
        plans.append(placed(plan, paint))
        return plans[-1]

    monkeypatch.setattr(tileseams, "placed_cuts", noted)
    db = load_game(game)
    out = io.BytesIO()
    render_sheet(db, next(s for s in db.sheets if s.id == sheet), paper, out)
    plan, = plans
    document = pdfium.PdfDocument(out.getvalue())
    crossed = []
    for page, tile in zip(document, plan.tiles(), strict=True):
        text = page.get_textpage()
        boxes = [text.get_charbox(i) for i in range(text.count_chars()) if text.get_text_range(i, 1).strip()]
        for x0, y0, x1, y1 in cut_edges(plan, tile):
            for left, bottom, right, top in boxes:
                if x0 == x1 and left < x0 < right and min(y0, y1) < top and bottom < max(y0, y1):
                    crossed.append((tile.name, "left edge", round(left)))
                if y0 == y1 and bottom < y0 < top and min(x0, x1) < right and left < max(x0, x1):
                    crossed.append((tile.name, "top edge", round(bottom)))
    assert crossed == []
    assert all(t.view.w <= plan.area.w + 1e-6 and t.view.h <= plan.area.h + 1e-6 for t in plan.tiles())


def test_a_cut_goes_to_the_quietest_place_the_pages_allow_and_stays_even_when_all_is_quiet():
    """A 1000 pt board on pages of 600 pt, overlap 20: the cut may lie from 400 to 580."""
    even = _cuts(1000, 2, 600, 20, lambda d: 0.0)
    assert even == (0.0, 490.0)  # (1000 + 20) / 2 - 20: the even split
    busy_but_one = _cuts(1000, 2, 600, 20, lambda d: 0.0 if 540 <= d <= 545 else 9.0)
    assert busy_but_one == (0.0, 540.0)
    out_of_reach = _cuts(1000, 2, 600, 20, lambda d: 0.0 if d < 300 else 9.0)
    assert out_of_reach == (0.0, 490.0)  # the quiet place would leave the second tile off its page


def test_a_tile_keeps_a_thick_stroke_that_reaches_its_piece():
    """Review: a shape 15 pt clear of a tile's piece, stroked 40 pt wide, reaches 20 pt past its
    box: it shows on the tile and was left out. Text stays in its box; a far shape is left out."""
    from generator.geometry import Box as PageBox
    from generator.layoutfile import Box
    from generator.visible import reaches

    board = Box(0, 0, 500, 500)
    visible = PageBox(0, 0, 500, 200)  # the board's lower part; 1 mm is 2.83 pt
    near = {"type": "rect", "x": 10, "y": 0, "w": 10, "h": (500 - 200 - 15) / 2.8346, "line_width": 40}
    thin = {**near, "line_width": 1}
    far = {**near, "h": 10}
    text = {"type": "text", "x": 10, "y": 0, "w": 10, "h": (500 - 200 - 1) / 2.8346}
    assert reaches(near, board, {}, "here", visible)
    assert not reaches(thin, board, {}, "here", visible)
    assert not reaches(far, board, {}, "here", visible)
    assert not reaches(text, board, {}, "here", visible)
