"""The Heartstrings kit: a game with no cards, built from its database on A4 and Letter."""

from __future__ import annotations

import io
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from cards import load_game
from generator.geometry import landscape, page_size

# The tokens print on the reference cards' sheet, in the room its three cards leave (generator.hosting).
KIT = ["board", "heartstring-tracker", "reference", "rulebook"]


@pytest.fixture(scope="module")
def kit(tmp_path_factory) -> Path:
    """`deckwright build heartstrings` (both papers) run once through the CLI."""
    from click.testing import CliRunner

    from companion.cli import cli

    out = tmp_path_factory.mktemp("kit")
    result = CliRunner().invoke(cli, ["build", "heartstrings", "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out / "heartstrings"


def _text(path: Path) -> str:
    return " ".join(" ".join((p.extract_text() or "").split()) for p in PdfReader(path).pages)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_kit_has_board_tokens_trackers_reference_and_rulebook_on_the_paper(kit, paper):
    """'The game board consists of 12 numbered rooms' ... tokens, a Heartstring per player, the rules."""
    for name in KIT:
        reader = PdfReader(kit / f"{name}-{paper}.pdf")
        for page in reader.pages:
            size = (float(page.mediabox.width), float(page.mediabox.height))
            assert size in (pytest.approx(page_size(paper), abs=0.01),
                            pytest.approx(landscape(page_size(paper)), abs=0.01)), name


def _whole_board_text(db) -> str:
    """The board drawn once on a page of its own size (the tiles each carry clipped copies of its text)."""
    from generator.kit import sheet_painter
    from generator.pdfcanvas import new_canvas

    size, paint = sheet_painter(db, next(s for s in db.sheets if s.kind == "board"))
    out = io.BytesIO()
    canvas = new_canvas(out, size, "board")
    paint(canvas, 0, 0)
    canvas.save()
    return " ".join(PdfReader(io.BytesIO(out.getvalue())).pages[0].extract_text().split())


def test_every_room_is_numbered_with_its_buff_or_bonus_from_the_rules():
    """'Rooms 4 and 8 have Defender Buffs of +1 and +2 respectively, and rooms 3, 6, and 9 carry an
    Attacker Buff of +1, +2, and +3. Rooms 1 and 12 carry a Heart Bead Bonus.'"""
    db = load_game("heartstrings")
    rules = db.rules
    text = _whole_board_text(db)
    for room in range(1, rules.rooms + 1):
        assert str(room) in text.split()
    for buff in rules.defender_buffs.values():
        assert f"Defender Buff +{buff}" in text
    for buff in rules.attacker_buffs.values():
        assert f"Attacker Buff +{buff}" in text
    assert text.count("Heart Bead Bonus") == len(rules.bead_bonus_rooms)
    assert f"{rules.bead_pool} beads at the start" in text


def test_the_rulebooks_board_picture_has_the_printed_boards_rows():
    """Print audit: the rulebook pictured the twelve rooms in two rows of six, the printed board
    has three rows of four."""
    from generator.bindings import bind
    from generator.cardlayout import drawn_elements, load_layout
    from generator.diagrams_board import BoardDiagram
    from generator.kit import base_context, sheet_copies
    from generator.layoutfile import layout_folders
    from generator.markdown import markdown_to_flowables
    from generator.rulebook import rulebook_markdown
    from generator.rulebook_pdf import RULEBOOK_THEME

    db = load_game("heartstrings")
    board = next(sheet for sheet in db.sheets if sheet.kind == "board")
    context = {**base_context(db), "sheet": board, "data": board.data, **sheet_copies(db, board)[0]}
    rows: dict[float, list[int]] = {}
    for element, bound, where in drawn_elements(load_layout(board.layout, layout_folders(db)), context, "board"):
        if element.get("id") == "room":
            rows.setdefault(float(bind(element["y"], bound, where)), []).append(bound["room"])
    printed = [rooms for _, rooms in sorted(rows.items())]
    picture = next(f for f in markdown_to_flowables(rulebook_markdown(db), 400, RULEBOOK_THEME)
                   if isinstance(f, BoardDiagram))
    pictured = [list(range(row * picture.cols + 1, min((row + 1) * picture.cols, db.rules.rooms) + 1))
                for row in range(picture.rows)]
    assert printed == [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]
    assert pictured == printed


def test_one_tracker_per_player_in_their_colour_name(kit):
    """'a Heartstring (red pipe-cleaner), and 12 heart beads' per player: the tracker runs from 0 past the start."""
    db = load_game("heartstrings")
    for paper in ("a4", "letter"):
        reader = PdfReader(kit / f"heartstring-tracker-{paper}.pdf")
        assert len(reader.pages) == 1  # all three trackers on one page
        text = reader.pages[0].extract_text()
        for colour in db.rules.player_color_names[:db.meta.players.max]:
            assert f"{colour.capitalize()} player" in text
        assert text.count(f"Start: {db.rules.beads_per_player}") == db.meta.players.max
        # print audit: 'up to all 46' holds for 3 players only (12 each and a pool of 10)
        assert " ".join(text.split()).count("(34 with 2 players, 46 with 3 players)") == db.meta.players.max


def test_a_rules_edit_reprints_the_board(cards_copy, tmp_path):
    game = cards_copy / "heartstrings" / "game.yaml"
    game.write_text(game.read_text().replace("defender_buffs: {4: 1, 8: 2}", "defender_buffs: {4: 1, 8: 5}"))
    text = _whole_board_text(load_game("heartstrings", cards_copy))
    assert "Defender Buff +5" in text and "Defender Buff +2" not in text


def test_the_same_database_builds_the_same_bytes(kit, tmp_path):
    from click.testing import CliRunner

    from companion.cli import cli

    result = CliRunner().invoke(cli, ["build", "heartstrings", "--paper", "a4", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    for name in KIT:
        assert (tmp_path / "heartstrings" / f"{name}-a4.pdf").read_bytes() == (kit / f"{name}-a4.pdf").read_bytes(), name


def test_a_failing_build_leaves_the_earlier_files_byte_identical(cards_copy, tmp_path, runner):
    from companion.cli import cli

    args = ["--cards", str(cards_copy), "build", "heartstrings", "--paper", "a4", "--out", str(tmp_path)]
    assert runner.invoke(cli, args).exit_code == 0
    before = {p.name: p.read_bytes() for p in (tmp_path / "heartstrings").iterdir()}
    override = cards_copy / "heartstrings" / "templates"
    override.mkdir()
    (override / "tracker.yaml").write_text("elements:\n  - {id: oops, type: text, x: 0, y: 0, w: 5, h: 2, "
                                           "size: 12, text: 'far too long for two millimetres'}\n")
    result = runner.invoke(cli, args)
    assert result.exit_code == 1
    assert "sheet 'heartstring-tracker'" in result.output and "'oops'" in result.output
    assert {p.name: p.read_bytes() for p in (tmp_path / "heartstrings").iterdir()} == before


@pytest.mark.parametrize("name", KIT)
def test_every_pdf_rasterises_with_ink_on_its_first_page(kit, name):
    """Each PDF opens in pdfium and its first page is not blank (the images were also looked at by hand)."""
    image = pdfium.PdfDocument(kit / f"{name}-a4.pdf")[0].render(scale=0.5).to_pil().convert("L")
    dark = sum(image.histogram()[:128])
    assert dark > 200, name
