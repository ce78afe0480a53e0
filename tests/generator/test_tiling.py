"""Boards larger than a page: tiled with overlap, registration crosses and join labels."""

from __future__ import annotations

import io
from itertools import pairwise

import pytest
from pypdf import PdfReader

from cards import load_game
from cards.units import MM
from generator.geometry import TILE_OVERLAP, landscape, page_size
from generator.kit import render_sheet
from generator.tiling import fits_one_page, join_text, plan_tiles, registration_marks

A3 = (420 * MM, 297 * MM)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_an_a3_board_takes_four_landscape_pages(paper):
    plan = plan_tiles(A3, paper)
    assert (plan.rows, plan.cols) == (2, 2)
    assert plan.page == pytest.approx(landscape(page_size(paper)))


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_tiles_cover_the_whole_board_and_neighbours_overlap_by_10_mm(paper):
    plan = plan_tiles(A3, paper)
    tiles = {(t.row, t.col): t.view for t in plan.tiles()}
    assert min(v.x for v in tiles.values()) == 0 and max(v.right for v in tiles.values()) == pytest.approx(A3[0])
    assert min(v.y for v in tiles.values()) == pytest.approx(0) and max(v.top for v in tiles.values()) == pytest.approx(A3[1])
    assert tiles[(0, 0)].right - tiles[(0, 1)].x == pytest.approx(TILE_OVERLAP) == pytest.approx(10 * MM)
    assert tiles[(1, 0)].top - tiles[(0, 0)].y == pytest.approx(TILE_OVERLAP)
    for view in tiles.values():
        assert view.w <= plan.area.w + 1e-6 and view.h <= plan.area.h + 1e-6


def test_neighbouring_tiles_show_the_same_crosses_in_their_shared_strip():
    plan = plan_tiles(A3, "a4")
    a1, a2, b1 = plan.tile(0, 0), plan.tile(0, 1), plan.tile(1, 0)
    strip = [m for m in registration_marks(plan, a1) if a2.view.x <= m[0] <= a1.view.right]
    assert strip and set(strip) <= set(registration_marks(plan, a2))
    below = [m for m in registration_marks(plan, a1) if b1.view.y <= m[1] <= b1.view.top and m[1] <= a1.view.y + plan.overlap]
    assert below and set(below) <= set(registration_marks(plan, b1))


def test_each_tile_says_which_tiles_join_it():
    plan = plan_tiles(A3, "a4")
    assert join_text(plan, plan.tile(0, 0)) == "A1 \u2192 join to A2 (right), B1 (below)"
    assert join_text(plan, plan.tile(0, 1)) == "A2 \u2192 join to B2 (below)"
    assert join_text(plan, plan.tile(1, 1)) == "B2"


def test_a_board_that_fits_stays_on_one_page():
    assert fits_one_page((260 * MM, 180 * MM), "a4")
    assert not fits_one_page(A3, "a4")
    plan = plan_tiles((260 * MM, 180 * MM), "a4")
    assert plan.rows * plan.cols == 1


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_heartstrings_board_prints_on_four_labelled_pages(paper):
    db = load_game("heartstrings")
    out = io.BytesIO()
    render_sheet(db, next(s for s in db.sheets if s.kind == "board"), paper, out)
    reader = PdfReader(io.BytesIO(out.getvalue()))
    assert len(reader.pages) == 4
    for page, name in zip(reader.pages, ["A1", "A2", "B1", "B2"]):
        assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx(landscape(page_size(paper)), abs=0.01)
        assert f"tile {name} of 4" in page.extract_text()


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_small_sheets_share_a_page_without_overlapping(paper):
    from generator.geometry import printable
    from generator.kit import sheet_slots

    size = (190 * MM, 85 * MM)
    page, slots = sheet_slots(size, paper)
    assert len(slots) == 3 and page == pytest.approx(page_size(paper))
    area = printable(page)
    for x, y in slots:
        assert area.x <= x and x + size[0] <= area.right and area.y <= y and y + size[1] <= area.top
    ys = sorted(y for _, y in slots)
    assert all(b - a >= size[1] for a, b in pairwise(ys))
    wide_page, wide_slots = sheet_slots((260 * MM, 180 * MM), paper)  # a Halfwish player mat
    assert wide_page == pytest.approx(landscape(page_size(paper))) and len(wide_slots) == 1


def test_tiles_with_a_neighbour_left_or_above_have_that_edge_dashed_for_cutting():
    from generator.tiling import cut_edges

    plan = plan_tiles(A3, "a4")
    assert cut_edges(plan, plan.tile(0, 0)) == []
    (x0, y0, x1, y1), = cut_edges(plan, plan.tile(0, 1))
    assert x0 == x1 == plan.piece_box(plan.tile(0, 1)).x and y0 - y1 == pytest.approx(plan.tile(0, 1).view.h)
    assert len(cut_edges(plan, plan.tile(1, 1))) == 2
