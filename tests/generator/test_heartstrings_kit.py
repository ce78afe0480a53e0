"""The Heartstrings kit: a game with no cards, built by `deckwright build heartstrings`.

Issue 2, "Done when": "`deckwright build heartstrings --paper a4` and `--paper letter` write the
kit with the right page sizes; a broken copy of the database gives located errors and exit
code 1 and writes nothing."
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader

from cards import load_game
from cards.units import parse_length
from companion.cli import cli
from generator.build import atomic_write
from generator.geometry import TILE_OVERLAP, page_size
from generator.tiling import plan_tiles
from generator.tokens import plan_tokens, token_copies

GAME = "heartstrings"
PAPERS = ["a4", "letter"]
KIT_FILES = ["board", "player-tokens", "heartstring-tracker", "reference", "rulebook"]


@pytest.fixture(scope="module")
def db():
    return load_game(GAME)


@pytest.fixture(scope="module")
def kit(tmp_path_factory) -> Path:
    """The kit built once through the CLI on both papers."""
    from click.testing import CliRunner

    out = tmp_path_factory.mktemp("kit")
    result = CliRunner().invoke(cli, ["build", GAME, "--paper", "both", "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out / GAME


def _text(path: Path) -> str:
    return " ".join(" ".join((p.extract_text() or "").split()) for p in PdfReader(path).pages)


def _page_sizes(path: Path) -> set[tuple[float, float]]:
    return {(round(float(p.mediabox.width), 2), round(float(p.mediabox.height), 2))
            for p in PdfReader(path).pages}


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("name", KIT_FILES)
def test_every_kit_file_is_written_for_each_paper(kit, name, paper):
    assert (kit / f"{name}-{paper}.pdf").is_file()


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("name", KIT_FILES)
def test_every_page_has_the_paper_size_either_way_up(kit, name, paper):
    width, height = (round(v, 2) for v in page_size(paper))
    assert _page_sizes(kit / f"{name}-{paper}.pdf") <= {(width, height), (height, width)}


@pytest.mark.parametrize("paper", PAPERS)
def test_the_a3_board_is_tiled_with_overlap(kit, db, paper):
    """The board is larger than the paper, so it spreads over tiles that overlap."""
    board = db.sheets[0]
    assert board.id == "board"
    plan = plan_tiles((parse_length(board.width), parse_length(board.height)), paper)
    assert plan.cols * plan.rows > 1
    assert plan.overlap == TILE_OVERLAP
    assert len(PdfReader(kit / f"board-{paper}.pdf").pages) == plan.cols * plan.rows


@pytest.mark.parametrize("paper", PAPERS)
def test_the_board_prints_every_room_and_its_buff(kit, db, paper):
    """Seed: "Rooms 4 and 8 have Defender Buffs of +1 and +2 respectively, and rooms 3, 6, and 9
    carry an Attacker Buff of +1, +2, and +3. Rooms 1 and 12 carry a Heart Bead Bonus." """
    text = _text(kit / f"board-{paper}.pdf")
    for room in range(1, db.rules.rooms + 1):
        assert str(room) in text.split()
    for bonus in db.rules.defender_buffs.values():
        assert f"Defender Buff +{bonus}" in text
    for bonus in db.rules.attacker_buffs.values():
        assert f"Attacker Buff +{bonus}" in text
    assert text.count("Heart Bead Bonus") >= 1


def test_board_tiles_say_how_to_join_them(kit):
    text = _text(kit / "board-a4.pdf")
    assert "A1" in text and "overlap" in text


def test_each_player_colour_has_the_rule_number_of_tokens(db):
    """Seed: "12 player tokens (green or blue)"; a third player uses red (ruling third-player-colour)."""
    sheet = next(s for s in db.tokens if s.id == "player-tokens")
    assert [t.color.lower() for t in sheet.tokens] == [c.lower() for c in db.rules.player_colors]
    assert {t.count for t in sheet.tokens} == {db.rules.tokens_per_player}


@pytest.mark.parametrize("paper", PAPERS)
def test_token_sheet_holds_every_token_on_as_few_pages_as_fit(kit, db, paper):
    sheet = next(s for s in db.tokens if s.id == "player-tokens")
    per_page = plan_tokens(parse_length(sheet.size), paper).per_page
    copies = len(token_copies(sheet))
    sides = 2 if sheet.duplex else 1
    assert copies == db.rules.tokens_per_player * db.meta.players.max
    assert len(PdfReader(kit / f"player-tokens-{paper}.pdf").pages) == -(-copies // per_page) * sides


def test_token_cut_lines_never_touch(db):
    plan = plan_tokens(parse_length(db.tokens[0].size), "a4")
    first, second = plan.cut_box(0), plan.cut_box(1)
    assert second.x > first.right


def test_one_tracker_page_per_player(kit, db):
    assert len(PdfReader(kit / "heartstring-tracker-a4.pdf").pages) == db.meta.players.max
    text = _text(kit / "heartstring-tracker-a4.pdf")
    for name in db.rules.player_color_names:
        assert name.lower() in text.lower()


def test_tracker_starts_at_the_rule_number_of_beads(kit, db):
    """Seed: "each player must place 12 heart beads onto their Heartstring"."""
    assert f"Start: {db.rules.beads_per_player}" in _text(kit / "heartstring-tracker-letter.pdf")


def test_every_sheet_carries_the_version_stamp(kit, db):
    for name in ("board", "player-tokens", "heartstring-tracker"):
        reader = PdfReader(kit / f"{name}-a4.pdf")
        assert all(db.version in (page.extract_text() or "") for page in reader.pages), name


def test_a_rules_edit_reaches_the_board(runner, cards_copy, tmp_path):
    game_yaml = cards_copy / GAME / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace("attacker_buffs: {3: 1, 6: 2, 9: 3}",
                                                       "attacker_buffs: {3: 1, 6: 2, 9: 4}"))
    result = runner.invoke(cli, ["--cards", str(cards_copy), "build", GAME, "--paper", "a4",
                                 "--only", "sheets", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "Attacker Buff +4" in _text(tmp_path / GAME / "board-a4.pdf")


def test_same_database_same_bytes(runner, tmp_path):
    outputs = []
    for run in ("first", "second"):
        result = runner.invoke(cli, ["build", GAME, "--paper", "letter", "--only", "sheets",
                                     "--only", "tokens", "--out", str(tmp_path / run)])
        assert result.exit_code == 0, result.output
        outputs.append({p.name: p.read_bytes() for p in sorted((tmp_path / run / GAME).iterdir())})
    assert outputs[0] == outputs[1]
    assert len(outputs[0]) == 3


def test_a_broken_database_exits_1_with_located_errors_and_writes_nothing(runner, cards_copy, tmp_path):
    components = cards_copy / GAME / "components.yaml"
    components.write_text(components.read_text().replace("size: 20mm", "size: twenty"))
    out = tmp_path / "out"
    result = runner.invoke(cli, ["--cards", str(cards_copy), "build", GAME, "--out", str(out)])
    assert result.exit_code == 1
    assert "components.yaml:" in result.output and "size" in result.output
    assert "Traceback" not in result.output
    assert not out.exists() or not any(out.rglob("*.pdf"))


def test_a_failed_rebuild_leaves_the_earlier_kit_byte_identical(runner, cards_copy, tmp_path):
    """Atomic writes: the old board stays when the new one fails to draw."""
    args = ["--cards", str(cards_copy), "build", GAME, "--paper", "a4", "--only", "sheets",
            "--out", str(tmp_path)]
    assert runner.invoke(cli, args).exit_code == 0
    board = tmp_path / GAME / "board-a4.pdf"
    before = board.read_bytes()
    templates = cards_copy / GAME / "templates"
    templates.mkdir()
    # the game's own folder is searched first: a board layout whose title cannot fit
    (templates / "board.yaml").write_text(
        "elements:\n  - {id: title, type: text, x: 0, y: 0, w: 5, h: 3, size: 12, min_size: 10,\n"
        "     text: \"{{ game.name }} and a great deal more text\"}\n")
    result = runner.invoke(cli, args)
    assert result.exit_code == 1
    assert "board" in result.output and "title" in result.output
    assert board.read_bytes() == before


def test_atomic_write_keeps_the_old_file_when_rendering_raises(tmp_path):
    target = tmp_path / "kit.pdf"
    target.write_bytes(b"previous kit")

    def failing(handle: io.BufferedWriter) -> None:
        handle.write(b"half a new kit")
        raise RuntimeError("drawing failed")

    with pytest.raises(RuntimeError):
        atomic_write(target, failing)
    assert target.read_bytes() == b"previous kit"
    assert [p.name for p in tmp_path.iterdir()] == ["kit.pdf"]
