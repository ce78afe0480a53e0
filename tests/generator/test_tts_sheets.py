"""Tabletop Simulator sheets: at most 10 x 7 slots and 4096 px, the last slot the hidden card."""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageChops, ImageStat

from cards import load_game
from generator.tts import FACES_PER_SHEET, export_deck, grid_for


def test_the_grid_leaves_the_last_slot_for_the_hidden_card() -> None:
    assert FACES_PER_SHEET == 69
    assert grid_for(69) == (10, 7)
    assert grid_for(9) == (10, 2)  # ten slots would leave no room for the hidden card
    assert grid_for(5) == (6, 2)


def _cell(sheet: Image.Image, cols: int, rows: int, slot: int) -> Image.Image:
    w, h = sheet.size[0] / cols, sheet.size[1] / rows
    row, col = divmod(slot, cols)
    return sheet.crop((round(col * w) + 2, round(row * h) + 2, round((col + 1) * w) - 2, round((row + 1) * h) - 2))


def test_the_last_slot_of_a_sheet_shows_the_decks_back(tmp_path: Path) -> None:
    db = load_game("halfwish")
    deck = db.deck("map")
    faces, back = export_deck(db, deck, tmp_path)
    cols, rows = grid_for(sum(c.count for c in deck.cards))
    with Image.open(faces) as sheet, Image.open(back) as back_image:
        assert max(sheet.size) <= 4096
        hidden = _cell(sheet.convert("RGB"), cols, rows, cols * rows - 1)
        expected = back_image.convert("RGB").resize((hidden.size[0] + 4, hidden.size[1] + 4)).crop(
            (2, 2, hidden.size[0] + 2, hidden.size[1] + 2))
        assert max(ImageStat.Stat(ImageChops.difference(hidden, expected)).mean) < 12
        first = _cell(sheet.convert("RGB"), cols, rows, 0)
        assert max(ImageStat.Stat(ImageChops.difference(first, expected)).mean) > 12  # a face is not the back


def test_a_deck_of_more_than_69_cards_goes_onto_a_second_sheet(tmp_path: Path) -> None:
    db = load_game("skirmish")
    deck = db.deck("skills")
    total = sum(c.count for c in deck.cards)
    paths = export_deck(db, deck, tmp_path)
    sheets = [p for p in paths if p.name.startswith("skills-tts-") and p.name[-5].isdigit()]
    assert len(sheets) == -(-total // 69)
    for path in sheets:
        assert max(Image.open(path).size) <= 4096
