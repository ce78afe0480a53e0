"""Setup pictures drawn from the rules, read back from the real rulebook PDFs: Half the Battle's
starting layout (lanes) and the Skirmish battlefield (tiles), each following a rules edit."""

from __future__ import annotations

import io
from pathlib import Path

import pypdfium2 as pdfium
import pytest
import yaml

from cards import load_game
from generator.diagrams_setup import LETTERS
from generator.rulebook import PAGE_MARGINS
from generator.rulebook_pdf import render_rulebook


def _page(game: str, text: str, cards: Path | None = None, paper: str = "a4") -> pdfium.PdfPage:
    out = io.BytesIO()
    render_rulebook(load_game(game, cards) if cards else load_game(game), paper, out)
    pdf = pdfium.PdfDocument(out.getvalue())
    return next(page for page in pdf if text in page.get_textpage().get_text_range())


def _centres(page: pdfium.PdfPage, text: str, whole_word: bool = False) -> list[tuple[float, float]]:
    """The centre of the first character of each occurrence of `text` on the page, in page order
    (the picture comes after the table above it)."""
    textpage = page.get_textpage()
    searcher = textpage.search(text, match_case=True, match_whole_word=whole_word)
    found = []
    while (hit := searcher.get_next()) is not None:
        if textpage.get_text_range(hit[0] + hit[1], 1) == "/":  # "d10" inside "d10/0"
            continue
        left, bottom, right, top = textpage.get_charbox(hit[0])
        found.append(((left + right) / 2, (bottom + top) / 2))
    return found


def _set(cards: Path, game: str, key: str, value: object) -> None:
    path = cards / game / "game.yaml"
    data = yaml.safe_load(path.read_text())
    data["rules"][key] = value
    path.write_text(yaml.safe_dump(data, sort_keys=False))


def _lanes_of(page: pdfium.PdfPage, label: str, lanes: int) -> list[int]:
    width = page.get_size()[0] - PAGE_MARGINS["left"] - PAGE_MARGINS["right"]
    return [int((x - PAGE_MARGINS["left"]) // (width / lanes)) + 1 for x, _ in _centres(page, label)]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_half_the_battle_starting_layout_is_pictured_lane_by_lane(paper):
    """Each die of `rules.starting_layout` stands in its lane facing right, and mirrored on the
    other side facing left."""
    rules = load_game("half-the-battle").rules
    page = _page("half-the-battle", "Lanes are numbered from the left", paper=paper)
    for die, lane in rules.starting_layout.items():
        assert _lanes_of(page, f"{die} \u2192", rules.lanes)[-1:] == [lane], die
        assert _lanes_of(page, f"\u2190 {die}", rules.lanes)[-1:] == [rules.lanes + 1 - lane], die


def test_a_layout_edit_moves_the_piece_in_the_picture(cards_copy):
    layout = dict(load_game("half-the-battle").rules.starting_layout)
    layout["d4"] = 3
    _set(cards_copy, "half-the-battle", "starting_layout", layout)
    page = _page("half-the-battle", "Lanes are numbered from the left", cards_copy)
    assert _lanes_of(page, "d4 \u2192", 10)[-1:] == [3]
    assert _lanes_of(page, "\u2190 d4", 10)[-1:] == [8]


def _tiles_of(page: pdfium.PdfPage, word: str, columns: int, rows: int) -> set[str]:
    """The tiles of the battlefield picture where `word` is printed (the table below is left out)."""
    width = page.get_size()[0] - PAGE_MARGINS["left"] - PAGE_MARGINS["right"]
    tile = min(40.0, (width - 60) / columns)
    x0 = PAGE_MARGINS["left"] + 14
    letters_y = min(y for x, y in _centres(page, "A", whole_word=True) if x < x0 + tile)  # the column letters
    grid_bottom = letters_y + 8.5  # the letters' centre sits 8.5 pt below the grid
    found = set()
    for x, y in _centres(page, word):
        row_from_bottom = int((y - grid_bottom) // tile)
        col = int((x - x0) // tile)
        if 0 <= col < columns and 0 <= row_from_bottom < rows and y > grid_bottom:
            found.add(f"{LETTERS[col]}{rows - row_from_bottom}")
    return found


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_skirmish_map_marks_every_special_tile(paper):
    rules = load_game("skirmish").rules
    page = _page("skirmish", "columns (A to", paper=paper)
    for kind, spec in rules.tile_kinds.items():
        where = {tile for tile, k in rules.map.special.items() if k == kind}
        assert _tiles_of(page, spec["name"].split()[0], rules.map.columns, rules.map.rows) == where, kind


def test_a_map_edit_redraws_the_battlefield(cards_copy):
    rules = load_game("skirmish").rules
    data = yaml.safe_load((cards_copy / "skirmish" / "game.yaml").read_text())
    data["rules"]["map"]["special"] = {"A1": "brazier", "F8": "rocks"}
    (cards_copy / "skirmish" / "game.yaml").write_text(yaml.safe_dump(data, sort_keys=False))
    page = _page("skirmish", "columns (A to", cards_copy)
    assert _tiles_of(page, "Brazier", rules.map.columns, rules.map.rows) == {"A1"}
    assert _tiles_of(page, "Rocks", rules.map.columns, rules.map.rows) == {"F8"}


def _pixel(page: pdfium.PdfPage, x: float, y: float) -> tuple[int, int, int]:
    """The colour at page point (x, y) (y upwards), rendered at 1 px per point."""
    image = page.render(scale=1).to_pil().convert("RGB")
    return image.getpixel((int(x), int(image.height - y)))


def _hex(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_skirmish_distance_picture_tints_each_reach_around_the_character(paper):
    """The steps around X were a table under an empty header band: now tiles, the ones at the
    ranged and melee reach tinted and named in a legend."""
    from generator.diagrams_steps import TILE

    rules = load_game("skirmish").rules
    page = _page("skirmish", "a melee one those", paper=paper)
    text = page.get_textpage().get_text_range()
    assert f"Ranged attack: {rules.reach.ranged} steps" in text and f"Melee attack: {rules.reach.melee} step" in text
    x, y = _centres(page, "X", whole_word=True)[-2]  # the centre tile: after the paragraph's X, before the legend's
    melee, ranged = _pixel(page, x + rules.reach.melee * TILE, y + 6), _pixel(page, x + rules.reach.ranged * TILE, y + 6)
    assert melee == _hex("#f3b8b8") and ranged == _hex("#f4d27a"), (melee, ranged)
    assert _pixel(page, x + TILE, y + TILE + 6) == ranged  # one across and one up: 2 steps
    assert _pixel(page, x + 2 * TILE, y + TILE + 6) == (255, 255, 255)  # 3 steps: out of reach


def test_a_reach_edit_retints_the_distance_picture(cards_copy):
    from generator.diagrams_steps import TILE

    _set(cards_copy, "skirmish", "reach", {"ranged": 3, "melee": 1})
    page = _page("skirmish", "a melee one those", cards_copy)
    x, y = _centres(page, "X", whole_word=True)[-2]
    assert "Ranged attack: 3 steps" in page.get_textpage().get_text_range()
    assert _pixel(page, x + 2 * TILE, y + 6) == (255, 255, 255)
    assert _pixel(page, x + 2 * TILE, y + TILE + 6) == _hex("#f4d27a")  # two across, one up: 3 steps


def test_the_lane_picture_numbers_its_lanes_at_body_size():
    """The numbers under the lanes were 8 pt, faint beside the pieces; now 10 pt."""
    from collections import defaultdict

    import pypdfium2.raw as pdfium_c

    lanes = load_game("half-the-battle").rules.lanes
    page = _page("half-the-battle", "Lanes are numbered from the left")
    textpage = page.get_textpage()
    rows: dict[int, list[tuple[float, str, float]]] = defaultdict(list)
    for lane in range(1, lanes + 1):
        searcher = textpage.search(str(lane), match_case=True, match_whole_word=True)
        while (hit := searcher.get_next()) is not None:
            left, bottom, _, top = textpage.get_charbox(hit[0])
            rows[round((bottom + top) / 2)].append((left, str(lane), pdfium_c.FPDFText_GetFontSize(textpage.raw, hit[0])))
    numbering = [sorted(row) for row in rows.values()
                 if [text for _, text, _ in sorted(row)] == [str(n) for n in range(1, lanes + 1)]]
    assert len(numbering) == 1, rows
    assert {round(size) for _, _, size in numbering[0]} == {10}
