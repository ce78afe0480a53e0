"""`deckwright build`: kinds, papers, summary, PNGs, and a broken database that writes nothing."""

from __future__ import annotations

import json

import pytest
from PIL import Image
from pypdf import PdfReader

from companion.cli import cli
from generator.geometry import page_size


def _build(runner, *args: str, cards=None):
    root = ["--cards", str(cards)] if cards else []
    return runner.invoke(cli, [*root, "build", *args])


def test_help_shows_an_example_and_every_kind(runner):
    result = runner.invoke(cli, ["build", "--help"])
    assert result.exit_code == 0
    assert "deckwright build heartstrings --paper a4" in result.output
    for kind in ("cards", "tokens", "sheets", "rulebook", "reference", "proofs"):
        assert kind in result.output


def test_only_tokens_writes_only_the_token_sheets(runner, tmp_path):
    result = _build(runner, "heartstrings", "--only", "tokens", "--paper", "letter", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (tmp_path / "heartstrings").iterdir()) == [
        ".built-from.json", "manifest.json", "tokens-letter.pdf"]  # tokens and markers share pages; every
    # build writes its manifest, and notes what each file was built from (`generator.builtfrom`)


def test_the_summary_lists_each_file_with_pages_and_size(runner, tmp_path):
    result = _build(runner, "heartstrings", "--only", "sheets", "--paper", "a4", "--out", str(tmp_path), "--json")
    assert result.exit_code == 0, result.output
    files = {f["path"]: f for f in json.loads(result.output)["files"]}
    board = files[str(tmp_path / "heartstrings" / "board-a4.pdf")]
    assert board["pages"] == len(PdfReader(board["path"]).pages) == 4
    assert board["bytes"] == (tmp_path / "heartstrings" / "board-a4.pdf").stat().st_size
    plain = _build(runner, "heartstrings", "--only", "sheets", "--paper", "a4", "--out", str(tmp_path))
    assert "board-a4.pdf" in plain.output and "4 p." in plain.output and "3 files written" in plain.output  # and manifest.json


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_paper_sets_the_page_size_of_the_proofs(runner, tmp_path, paper):
    result = _build(runner, "heartstrings", "--only", "proofs", "--paper", paper, "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    reader = PdfReader(tmp_path / "heartstrings" / f"proofs-{paper}.pdf")
    assert len(reader.pages) == 5  # board, tracker, two token sheets, reference card: one page each
    portrait = page_size(paper)
    for page in reader.pages:
        assert sorted((float(page.mediabox.width), float(page.mediabox.height))) == pytest.approx(sorted(portrait), abs=0.01)
    assert "Proof" in reader.pages[0].extract_text()
    board = next(p for p in reader.pages if "Board of the twelve rooms" in p.extract_text())
    assert float(board.mediabox.width) > float(board.mediabox.height)  # the wide board gets a landscape page


def test_png_writes_one_image_per_component_at_the_dpi(runner, tmp_path):
    result = _build(runner, "heartstrings", "--only", "tokens", "--paper", "a4", "--png", "100", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    png = tmp_path / "heartstrings" / "png"
    names = sorted(p.name for p in png.iterdir())
    assert "board.png" in names and "player-tokens-token-red.png" in names
    assert "turn-summary-front.png" in names and "turn-summary-back.png" in names
    assert [n for n in names if n.startswith("heartstring-tracker")] == [
        f"heartstring-tracker-player{p}.png" for p in (1, 2, 3)]
    with Image.open(png / "board.png") as board:
        # 420 x 297 mm at 100 dpi (pdfium may round a side up by one pixel)
        assert board.size == pytest.approx((420 / 25.4 * 100, 297 / 25.4 * 100), abs=1)


def test_all_builds_every_game(runner, cards_copy, tmp_path):
    import shutil

    for game in cards_copy.iterdir():  # two small games keep the test quick
        if game.is_dir() and game.name not in ("heartstrings", "which-witch"):
            shutil.rmtree(game)
    result = _build(runner, "--all", "--only", "tokens", "--paper", "a4", "--out", str(tmp_path), cards=cards_copy)
    assert result.exit_code == 0, result.output
    assert (tmp_path / "heartstrings" / "tokens-a4.pdf").is_file()
    assert (tmp_path / "which-witch" / "heart-trackers-a4.pdf").is_file()


def test_no_game_is_a_usage_error(runner):
    result = _build(runner)
    assert result.exit_code == 2
    assert "name a game" in result.output


def test_a_broken_database_gives_located_errors_and_writes_nothing(runner, cards_copy, tmp_path):
    game = cards_copy / "heartstrings" / "components.yaml"
    game.write_text(game.read_text().replace("shape: round", "shape: oval"))
    out = tmp_path / "out"
    result = _build(runner, "heartstrings", "--out", str(out), cards=cards_copy)
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    assert "components.yaml:" in result.output and "oval" in result.output
    assert not out.exists()


def test_an_overflowing_text_fails_naming_the_component_and_field(runner, cards_copy, tmp_path):
    templates = cards_copy / "heartstrings" / "templates"
    templates.mkdir()
    (templates / "tracker.yaml").write_text(
        "elements:\n  - {id: title, type: text, x: 0, y: 0, w: 10, h: 3, size: 9, min_size: 8,"
        " text: 'a heartstring title much too long for its box'}\n")
    out = tmp_path / "out"
    result = _build(runner, "heartstrings", "--out", str(out), cards=cards_copy)
    assert result.exit_code == 1
    assert "sheet 'heartstring-tracker'" in result.output and "element 'title'" in result.output
    assert not out.exists()


def test_a_low_resolution_image_is_a_warning_not_an_error(runner, cards_copy, tmp_path):
    """'a warning when the effective resolution is under 300 dpi': the build still writes the kit."""
    art = cards_copy / "heartstrings" / "art"
    art.mkdir()
    Image.new("RGB", (20, 10), "#c0392b").save(art / "tiny.png")
    templates = cards_copy / "heartstrings" / "templates"
    templates.mkdir()
    (templates / "tracker.yaml").write_text(
        "elements:\n  - {id: art, type: image, x: 0, y: 0, w: 80, h: 40, src: art/tiny.png, fit: cover}\n")
    out = tmp_path / "out"
    result = _build(runner, "heartstrings", "--only", "sheets", "--paper", "a4", "--out", str(out), cards=cards_copy)
    assert result.exit_code == 0, result.output
    assert "warning:" in result.stderr and "tiny.png" in result.stderr and "dpi" in result.stderr
    assert (out / "heartstrings" / "heartstring-tracker-a4.pdf").is_file()


def test_a_terminal_gets_a_progress_bar_and_a_pipe_does_not(runner, tmp_path, monkeypatch):
    args = ("heartstrings", "--only", "tokens", "--paper", "a4", "--out", str(tmp_path))
    assert "building" not in _build(runner, *args).output
    monkeypatch.setattr("companion.cli.steps.is_fancy", lambda: True)
    result = _build(runner, *args)
    assert result.exit_code == 0, result.output
    assert "building" in result.output and "2 files written" in result.output  # shared token pages, manifest


def test_png_of_a_card_design_is_its_trim_size(runner, tmp_path):
    """One PNG per card design and per back: a poker card at 100 dpi is 63 x 88 mm of pixels."""
    result = _build(runner, "which-witch", "--only", "tokens", "--paper", "a4", "--png", "100", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    png = tmp_path / "which-witch" / "png"
    assert (png / "witches-fire-witch-back.png").is_file() and (png / "game-cards-back.png").is_file()  # per-card / shared
    with Image.open(png / "witches-fire-witch.png") as card:
        assert card.size == pytest.approx((63 / 25.4 * 100, 88 / 25.4 * 100), abs=1)


def test_proofs_and_pngs_are_the_same_bytes_on_every_build(runner, tmp_path):
    args = ("heartstrings", "--only", "proofs", "--paper", "a4", "--png", "50")
    first, second = tmp_path / "first", tmp_path / "second"
    assert _build(runner, *args, "--out", str(first)).exit_code == 0
    assert _build(runner, *args, "--out", str(second)).exit_code == 0
    files = sorted(p.relative_to(first) for p in (first / "heartstrings").rglob("*.*"))  # not OUT/.cache
    # the record of what each file was built from, the manifest, the proofs PDF, the board, three
    # trackers, three tokens, three tracker markers, the reference card's sides
    assert len(files) == 1 + 1 + 1 + 12
    for name in files:
        assert (first / name).read_bytes() == (second / name).read_bytes(), name


@pytest.mark.parametrize("level", ["above", "inside"])
def test_cards_pointing_a_level_off_says_which_folder_to_pass(runner, cards_copy, tmp_path, level):
    """`--cards` naming the folder above the database, or a game's own folder, found 'games: none'."""
    wrong = cards_copy.parent if level == "above" else cards_copy / "halfwish"
    result = runner.invoke(cli, ["--cards", str(wrong), "build", "halfwish", "--paper", "a4",
                                 "--out", str(tmp_path / "out")])
    assert result.exit_code == 2
    assert f"pass --cards {cards_copy}" in " ".join(result.output.split()), result.output


def test_a_game_folder_without_its_game_yaml_says_so(runner, cards_copy, tmp_path):
    """A game's folder whose game.yaml was moved or renamed was reported as 'no game' and
    'games: none', as if the folder were not there."""
    (cards_copy / "heartstrings" / "game.yaml").rename(cards_copy / "heartstrings" / "game.yml.old")
    result = _build(runner, "heartstrings", "--paper", "a4", "--out", str(tmp_path / "out"), cards=cards_copy)
    assert result.exit_code == 2
    assert f"{cards_copy / 'heartstrings'} has no game.yaml" in " ".join(result.output.split()), result.output


@pytest.mark.parametrize("watch", [(), ("--watch",)])
def test_all_in_a_folder_of_no_games_says_there_are_none(runner, tmp_path, watch):
    """Designer audit: it said `name a game to build, or pass --all` to a command given --all."""
    empty = tmp_path / "cards"
    empty.mkdir()
    result = runner.invoke(cli, ["--cards", str(empty), "build", "--all", *watch, "--out", str(tmp_path / "out")])
    assert result.exit_code == 2
    assert "--all: no games found in" in result.output and "or pass --all" not in result.output
