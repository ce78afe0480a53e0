"""Layout elements for art and round shapes: `image` (with placeholder) and `circle`.

Issue 2: "elements: rectangles and rounded rectangles, lines, circles, text boxes, images,
icons"; "generated placeholder art when an image is missing; image paths may not leave the
game's folder."
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from generator.cardlayout import Box, load_layout, render_layout
from generator.errors import LayoutError
from generator.images import MissingArt
from generator.pdfcanvas import new_canvas

CARD = (178.58, 249.45)


@dataclass
class FakeDb:
    """What an image element needs from the database: the game's folder."""

    folder: Path


@pytest.fixture
def game(tmp_path: Path) -> Path:
    folder = tmp_path / "artgame"
    (folder / "templates").mkdir(parents=True)
    (folder / "art").mkdir()
    Image.new("RGB", (900, 900), "#207040").save(folder / "art" / "forest.png")
    (folder / "templates" / "art-card.yaml").write_text(
        "elements:\n"
        "  - {id: art, type: image, x: 3, y: 3, w: 57, h: 40, src: '{{ card.art }}', fit: cover,\n"
        "     label: '{{ card.name }}'}\n"
        "  - {id: gem, type: circle, x: 26, y: 60, w: 11, h: 11, fill: '#c0392b', stroke: '#000000'}\n")
    return folder


def _render(game: Path, card: dict) -> bytes:
    layout = load_layout("art-card", [game / "templates"])
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, CARD, "art")
    render_layout(canvas, layout, Box(0, 0, *CARD), {"card": card, "db": FakeDb(game)}, card["name"])
    canvas.save()
    return buffer.getvalue()


def test_image_element_embeds_the_art(game):
    page = PdfReader(io.BytesIO(_render(game, {"name": "Forest", "art": "art/forest.png"}))).pages[0]
    assert len(page["/Resources"]["/XObject"]) == 1


def test_missing_art_prints_a_placeholder_named_after_the_card(game):
    with pytest.warns(MissingArt, match="^art/dragon.png$"):  # build and lint name it
        data = _render(game, {"name": "Dragon", "art": "art/dragon.png"})
    page = PdfReader(io.BytesIO(data)).pages[0]
    assert "art: Dragon" in page.extract_text()
    assert "/XObject" not in page["/Resources"]


def test_art_outside_the_game_folder_is_a_located_layout_error(game):
    with pytest.raises(LayoutError, match=r"Thief: layout 'art-card' element 'art': .*leaves the game folder"):
        _render(game, {"name": "Thief", "art": "../../etc/passwd"})


def test_circle_element_draws_a_circle_in_its_box(game):
    data = _render(game, {"name": "Forest", "art": "art/forest.png"})
    content = PdfReader(io.BytesIO(data)).pages[0].get_contents().get_data().decode("latin-1")
    assert content.count(" c\n") >= 4  # a circle is four Bezier curves
