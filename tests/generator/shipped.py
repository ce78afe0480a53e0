"""Every shipped game's kit, built once per test session on A4 and Letter, and read back as the
person who prints it would: rasterised pages (pypdfium2) and text boxes."""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium

from cards import load_game
from cards.units import MM
from generator.build import build_kit

GAMES = ["halfwish", "heartstrings", "which-witch", "half-the-battle", "skirmish"]
PAPERS = ["a4", "letter"]


def build_shipped(out: Path) -> dict[tuple[str, str], list[Path]]:
    """Build every shipped game's default kit on both papers into `out`."""
    return {(game, paper): build_kit(load_game(game), paper, out / game)
            for game in GAMES for paper in PAPERS}


@dataclass(frozen=True)
class Ink:
    """Ink found in an edge strip of a page, in mm from the page's top-left corner."""

    page: int
    edge: str
    box: tuple[float, float, float, float]


EDGE_DPI = 600  # a pixel is 0.04 mm: ink 4.9 mm from the edge is found, not lost in a 0.25 mm pixel


def ink_near_edges(path: Path, margin_mm: float, dpi: float = EDGE_DPI) -> list[Ink]:
    """Every edge strip `margin_mm` wide, on every page of the PDF, that holds any non-white pixel.
    Only the strips are rendered (fine pixels cost nothing on the rest of the page); a pixel the
    strip's inner edge only grazes is left out, so ink starting right at the margin is no ink in it."""
    found = []
    per_mm = dpi / 25.4
    for number, page in enumerate(pdfium.PdfDocument(path), 1):
        width, height = page.get_size()
        m = int(margin_mm * per_mm) - 1  # the strip in whole pixels, one short of the margin
        inner = m / per_mm * MM
        crops = {"top": (0, height - inner, 0, 0), "bottom": (0, 0, 0, height - inner),
                 "left": (0, 0, width - inner, 0), "right": (width - inner, 0, 0, 0)}
        for edge, crop in crops.items():
            strip = page.render(scale=dpi / 72, crop=crop).to_pil().convert("L")
            bbox = strip.point(lambda v: 255 if v < 245 else 0).getbbox()
            if bbox:
                x0, y0, x1, y1 = bbox
                left = 0 if edge != "right" else width / MM * per_mm - strip.size[0]
                top = 0 if edge != "bottom" else height / MM * per_mm - strip.size[1]
                found.append(Ink(number, edge, tuple(round(v / per_mm, 1) for v in
                                                     (left + x0, top + y0, left + x1, top + y1))))
    return found


@dataclass(frozen=True)
class TextBox:
    """One run of text on a page and its box in points (left, bottom, right, top)."""

    text: str
    box: tuple[float, float, float, float]


def text_boxes(page: pdfium.PdfPage) -> list[TextBox]:
    """Every run of text pdfium finds on the page, with its box."""
    textpage = page.get_textpage()
    boxes = []
    for index in range(textpage.count_rects()):
        left, bottom, right, top = textpage.get_rect(index)
        text = textpage.get_text_bounded(left, bottom, right, top).strip()
        if text and right - left > 0.5:
            boxes.append(TextBox(text, (left, bottom, right, top)))
    return boxes


def overprinted_text(path: Path, tolerance: float = 2.0) -> list[tuple[int, str, str]]:
    """(page, text, text) for every two runs of text whose boxes overlap by more than `tolerance`
    points both ways: one printed over the other."""
    found = []
    for number, page in enumerate(pdfium.PdfDocument(path), 1):
        for a, b in itertools.combinations(text_boxes(page), 2):
            wide = min(a.box[2], b.box[2]) - max(a.box[0], b.box[0])
            tall = min(a.box[3], b.box[3]) - max(a.box[1], b.box[1])
            if wide > tolerance and tall > tolerance:
                found.append((number, a.text, b.text))
    return found


def mm(points: float) -> float:
    """Points in mm, for messages."""
    return points / MM


def build_with_cli(out: Path, game: str) -> Path:
    """`deckwright build GAME --out OUT` (both papers) through the real CLI; the game's folder."""
    from click.testing import CliRunner

    from companion.cli import cli

    result = CliRunner().invoke(cli, ["build", game, "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out / game
