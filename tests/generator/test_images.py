"""Card art: paths stay in the game folder, fit and cover, print resolution, placeholders.

Issue 2: "Images through Pillow: fit or cover the box, a warning when the effective resolution
is under 300 dpi, generated placeholder art when an image is missing; image paths may not
leave the game's folder."
"""

from __future__ import annotations

import io
import warnings
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from cards import load_game
from cards.units import INCH
from generator.errors import ImageProblem
from generator.images import (
    LowResolution,
    MissingArt,
    crop_to_aspect,
    downsample,
    draw_image,
    effective_dpi,
    prepared,
    resolve_image,
)
from generator.pdfcanvas import new_canvas


@pytest.fixture
def game(tmp_path: Path) -> Path:
    folder = tmp_path / "mygame"
    (folder / "art").mkdir(parents=True)
    Image.new("RGB", (1200, 600), "#c03030").save(folder / "art" / "wide.png")
    Image.new("RGB", (60, 60), "#3030c0").save(folder / "art" / "tiny.png")
    (tmp_path / "secret.png").write_bytes(b"outside")
    return folder


@pytest.mark.parametrize("src", [
    pytest.param("../secret.png", id="parent"),
    pytest.param("art/../../secret.png", id="dot-dot-inside"),
])
def test_paths_that_leave_the_game_folder_are_refused(game, src):
    with pytest.raises(ImageProblem, match="leaves the game folder"):
        resolve_image(game, src)


def test_absolute_paths_are_refused(game, tmp_path):
    with pytest.raises(ImageProblem, match="absolute"):
        resolve_image(game, str(tmp_path / "secret.png"))


def test_a_symlink_out_of_the_folder_is_refused(game, tmp_path):
    (game / "art" / "link.png").symlink_to(tmp_path / "secret.png")
    with pytest.raises(ImageProblem, match="leaves the game folder"):
        resolve_image(game, "art/link.png")


def test_a_missing_image_resolves_to_none_and_prints_a_placeholder(game):
    assert resolve_image(game, "art/not-drawn-yet.png") is None
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, (200, 200), "placeholder")
    with pytest.warns(MissingArt, match="^art/not-drawn-yet.png$"):  # named by build and lint
        draw_image(canvas, game, "art/not-drawn-yet.png", (10, 10, 180, 180), "cover")
    canvas.save()
    text = PdfReader(io.BytesIO(buffer.getvalue())).pages[0].extract_text()
    assert "art: not-drawn-yet" in text


def test_cover_crops_to_the_box_shape_keeping_the_centre():
    picture = Image.new("RGB", (1200, 600))
    picture.paste((255, 0, 0), (450, 0, 750, 600))  # a red band in the middle
    cropped = crop_to_aspect(picture, 0.5)
    assert cropped.size == (300, 600)
    assert cropped.getpixel((150, 300)) == (255, 0, 0)


def test_cover_fills_the_box_and_contain_keeps_the_whole_picture(game):
    path = game / "art" / "wide.png"
    _, covered = prepared(path, 0, 100.0, 100.0, "cover")
    _, contained = prepared(path, 0, 100.0, 100.0, "contain")
    assert covered == (100.0, 100.0)
    assert contained == pytest.approx((100.0, 50.0))


def test_art_is_downsampled_to_300_dpi_at_its_printed_size():
    one_inch = downsample(Image.new("RGB", (3000, 3000)), (INCH, INCH))
    assert one_inch.size == (300, 300)


def test_small_art_is_never_enlarged():
    assert downsample(Image.new("RGB", (100, 80)), (INCH, INCH)).size == (100, 80)


def test_effective_dpi_is_pixels_per_printed_inch():
    assert effective_dpi(600, 2 * INCH) == 300


def test_low_resolution_art_warns_with_its_name_and_dpi(game):
    with pytest.warns(LowResolution, match=r"tiny.png prints at 60 dpi"):
        prepared(game / "art" / "tiny.png", 1, INCH, INCH, "cover")


def test_print_resolution_art_does_not_warn(game):
    with warnings.catch_warnings():
        warnings.simplefilter("error", LowResolution)
        prepared(game / "art" / "wide.png", 2, INCH, INCH / 2, "contain")


def test_a_file_that_is_not_an_image_is_a_clear_error(game):
    (game / "art" / "notes.png").write_text("not a picture")
    with pytest.raises(ImageProblem, match="notes.png: not an image"):
        prepared(game / "art" / "notes.png", 3, 50.0, 50.0, "cover")


def test_decompression_bombs_are_refused(game, monkeypatch):
    monkeypatch.setattr(Image, "MAX_IMAGE_PIXELS", 1000)
    with pytest.raises(ImageProblem, match="too many pixels"):
        prepared(game / "art" / "wide.png", 4, 50.0, 50.0, "cover")


def test_an_unknown_fit_lists_the_choices(game):
    canvas = new_canvas(io.BytesIO(), (100, 100), "fit")
    with pytest.raises(ImageProblem, match="contain, cover"):
        draw_image(canvas, game, "art/wide.png", (0, 0, 50, 50), "stretch")


def test_one_picture_on_many_cards_is_embedded_once(game):
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, (600, 600), "shared art")
    for i in range(20):
        draw_image(canvas, game, "art/wide.png", (10 + i * 20, 10, 60, 80), "cover")
    canvas.save()
    page = PdfReader(io.BytesIO(buffer.getvalue())).pages[0]
    assert len(page["/Resources"]["/XObject"]) == 1


def test_lint_and_build_say_which_art_is_still_missing(runner, cards_copy):
    """Audit: a layout naming `art/{{ card.id }}.png` with no art yet passed lint and build without
    a word; 19 cards printed grey placeholders. Both now name the missing images (a few, then a count)."""
    from companion.cli import cli

    templates = cards_copy / "which-witch" / "templates"
    templates.mkdir()
    (templates / "game-card.yaml").write_text(
        "extends: card-base\nelements:\n"
        '  - {id: art, type: image, x: 20.5, y: 21.5, w: 22, h: 22, src: "art/{{ card.id }}.png", fit: cover}\n')
    designs = len(load_game("which-witch", cards_copy).deck("game-cards").cards)
    expected = (f"{designs} images not found, placeholders print instead: art/fire-spell.png, "
                f"art/wind-spell.png, art/lightning-spell.png and {designs - 3} more")
    linted = runner.invoke(cli, ["--cards", str(cards_copy), "lint", "which-witch"])
    assert linted.exit_code == 0, linted.output
    assert f"  note: {expected}" in linted.output
    built = runner.invoke(cli, ["--cards", str(cards_copy), "build", "which-witch", "--paper", "a4", "--only", "cards",
                                "--out", str(cards_copy.parent / "out")])
    assert built.exit_code == 0, built.output
    assert f"warning: {expected}" in built.output
