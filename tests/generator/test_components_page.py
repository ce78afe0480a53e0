"""The 'What you should have' page: a kit with more components than one page holds flows on."""

from __future__ import annotations

from reportlab.lib.pagesizes import A4

from generator.components_page import CELL, ComponentGrid, Picture
from generator.markdown import Theme


def _pictures(count: int) -> list[Picture]:
    return [Picture(f"part {n}", (50.0, 50.0), lambda canvas, w, h: None) for n in range(count)]


def test_a_grid_taller_than_the_page_splits_by_whole_rows():
    width, height = A4[0] - 100, 3.5 * CELL[1]
    grid = ComponentGrid(_pictures(40), Theme())
    first, rest = grid.split(width, height)
    columns = int(width // CELL[0])
    assert len(first.pictures) == 3 * columns
    assert first.wrap(width, height)[1] <= height
    assert first.pictures + rest.pictures == grid.pictures


def test_a_grid_that_fits_is_not_split():
    grid = ComponentGrid(_pictures(3), Theme())
    assert grid.split(A4[0], A4[1]) == []


def test_the_half_the_battle_rulebook_lays_out_its_component_page(tmp_path):
    from cards import load_game
    from generator.rulebook_pdf import render_rulebook

    out = tmp_path / "rulebook.pdf"
    render_rulebook(load_game("half-the-battle"), "a4", out)
    assert out.stat().st_size > 0


def test_a_deck_printing_another_decks_back_says_so_and_pictures_no_back_of_its_own():
    """Halfwish's upgrades print the Basic Actions' back (`back: {like: actions}`): the page says so
    under the upgrade card instead of picturing the same back twice."""
    from cards import load_game
    from generator.components_page import component_pictures

    captions = [picture.caption for picture in component_pictures(load_game("halfwish"))]
    assert "Upgrades: 19, Basic Actions back" in captions
    assert "Upgrades, back" not in captions and "Basic Actions, back" in captions
