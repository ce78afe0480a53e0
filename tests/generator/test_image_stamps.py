"""Issue 13: "Each card prints its own content stamp (a short hash of that card's rendered inputs)";
the cache keys "fonts/images by content".

Designer audit: a card drawing `art/{{ card.id }}.png` kept its stamp when its picture was
replaced, so `changes` listed nothing and `--reprint-since` said no card had changed. A card's
stamp now takes the content of the images its layouts draw (`generator.imagestamps`).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from companion.cli import cli

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "tinygame"


@pytest.fixture
def artgame(tmp_path: Path) -> Path:
    """The tiny game, its card front drawing a picture of its own (`art/<id>.png`) and a frame
    every card shows (`art/frame.png`)."""
    root = tmp_path / "cards"
    shutil.copytree(FIXTURE, root / "tinygame")
    folder = root / "tinygame"
    (folder / "art").mkdir()
    for number, card in enumerate(_card_ids(folder)):
        _picture(folder / "art" / f"{card}.png", (20 * number, 90, 120))
    _picture(folder / "art" / "frame.png", (200, 200, 200))
    layout = folder / "templates" / "tiny-card.yaml"
    layout.write_text(layout.read_text()
                      + "  - {id: frame, type: image, x: 2, y: 80, w: 10, h: 6, src: art/frame.png}\n"
                      + "  - {id: art, type: image, x: 40, y: 80, w: 10, h: 6, src: 'art/{{ card.id }}.png'}\n")
    return root


def _card_ids(folder: Path) -> list[str]:
    return [line.split("id: ")[1].split(",")[0] for line in (folder / "deck.yaml").read_text().splitlines()
            if line.strip().startswith("- {id: ")]


def _picture(path: Path, colour: tuple[int, int, int]) -> None:
    Image.new("RGB", (60, 40), colour).save(path)


def _build(runner, root: Path, out: Path, *args: str):
    result = runner.invoke(cli, ["--cards", str(root), "build", "tinygame", "--paper", "a4", "--only", "cards",
                                 "--out", str(out), *args])
    assert result.exit_code == 0, result.output
    return result


def _stamps(out: Path) -> dict[str, str]:
    manifest = json.loads((out / "tinygame" / "manifest.json").read_text())
    return {card["id"]: card["stamp"] for card in manifest["cards"]}


def _restamped_by(runner, root: Path, out: Path, picture: str, colour: tuple[int, int, int]) -> set[str]:
    """The cards whose stamps a new `art/<picture>` changes, between two builds into `out`."""
    _build(runner, root, out)
    before = _stamps(out)
    _picture(root / "tinygame" / "art" / picture, colour)
    _build(runner, root, out)
    after = _stamps(out)
    return {card for card in before if before[card] != after[card]}


def test_new_art_restamps_only_the_card_that_shows_it(runner, artgame, tmp_path):
    assert _restamped_by(runner, artgame, tmp_path / "out", "wind-2.png", (255, 0, 0)) == {"wind-2"}


def test_a_picture_every_card_shows_restamps_them_all(runner, artgame, tmp_path):
    every = set(_card_ids(artgame / "tinygame"))
    assert _restamped_by(runner, artgame, tmp_path / "out", "frame.png", (0, 0, 0)) == every


def test_art_that_arrives_for_a_placeholder_restamps_its_card(runner, artgame, tmp_path):
    (artgame / "tinygame" / "art" / "fire-3.png").unlink()
    # a placeholder first, with a warning naming the file
    assert "art/fire-3.png" in _build(runner, artgame, tmp_path / "placeholder").output
    assert _restamped_by(runner, artgame, tmp_path / "out", "fire-3.png", (1, 2, 3)) == {"fire-3"}


def test_changes_names_the_new_art_and_the_reprint_holds_that_card(runner, artgame, tmp_path):
    out = tmp_path / "out"
    _build(runner, artgame, out)
    printed = tmp_path / "printed.json"
    shutil.copy(out / "tinygame" / "manifest.json", printed)
    _picture(artgame / "tinygame" / "art" / "wind-2.png", (255, 0, 0))
    result = runner.invoke(cli, ["--cards", str(artgame), "changes", "tinygame", "--since", str(printed)])
    assert result.exit_code == 0, result.output
    assert "1 change since" in result.output
    assert "~ card wind-2 (race)" in result.output
    assert "(its art changed: art/wind-2.png)" in result.output
    _build(runner, artgame, out, "--reprint-since", str(printed))
    reprint = PdfReader(out / "tinygame" / "reprint-a4.pdf")
    cards_page = reprint.pages[1].extract_text()
    assert "Gust" in cards_page  # wind-2, two copies
    assert not any(name in cards_page for name in ("Spark", "Blaze", "Breeze", "Gale"))


def test_art_named_by_a_repeats_counter_restamps_every_card_that_draws_it(runner, artgame, tmp_path):
    """Review: `art/pip-{{ i }}.png` cannot be filled in without the repeat's counter; it was kept
    as written, so new pips restamped nothing. It takes every file it could name."""
    for pip in (1, 2):
        _picture(artgame / "tinygame" / "art" / f"pip-{pip}.png", (9, 9, 9))
    layout = artgame / "tinygame" / "templates" / "tiny-card.yaml"
    layout.write_text(layout.read_text() + "  - {id: pips, type: image, x: 20, y: 80, w: 4, h: 4, "
                                           "repeat: {name: i, from: 1, to: 2}, src: 'art/pip-{{ i }}.png'}\n")
    every = set(_card_ids(artgame / "tinygame"))
    assert _restamped_by(runner, artgame, tmp_path / "out", "pip-1.png", (200, 0, 0)) == every


def test_art_a_back_names_by_its_settings_restamps_the_cards_printed_with_it(runner, artgame, tmp_path):
    """Review: a back's `src` naming `back.label` was bound without the back's settings."""
    _picture(artgame / "tinygame" / "art" / "race-deck.png", (9, 9, 9))
    back = artgame / "tinygame" / "templates" / "tiny-back.yaml"
    back.write_text(back.read_text() + "  - {id: emblem, type: image, x: 20, y: 60, w: 10, h: 10, "
                                       "src: \"art/{{ back.label | lower | replace(' ', '-') }}.png\"}\n")
    every = set(_card_ids(artgame / "tinygame"))
    assert _restamped_by(runner, artgame, tmp_path / "out", "race-deck.png", (200, 0, 0)) == every
