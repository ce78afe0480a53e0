"""Nothing printed inside the trim lies outside the safe zone (3 mm, about 1/8 in): the
preflight finds drawings (icons, discs, panels) there as well as text, and the shipped cards and
reference cards keep their corner icons and footers inside it. Every check reads a written PDF
back with pdfium."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pytest
from reportlab.pdfgen.canvas import Canvas

from cards import load_game
from cards.units import MM, parse_length, parse_size
from generator.preflight import check_page
from generator.presets import export_preset
from generator.reference import reference_faces

INCH = 72
TRIM = (2.5 * INCH, 3.5 * INCH)
BLEED = INCH / 8
SAFE = 3 * MM
CARD_GAMES = ["halfwish", "half-the-battle", "skirmish", "which-witch"]
REFERENCE_GAMES = ["halfwish", "heartstrings", "skirmish", "which-witch"]


def _page(draw: Any, trim: tuple[float, float] = TRIM, bleed: float = BLEED) -> pdfium.PdfPage:
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(trim[0] + 2 * bleed, trim[1] + 2 * bleed))
    draw(canvas)
    canvas.save()
    return pdfium.PdfDocument(buffer.getvalue())[0]


def _background(canvas: Canvas) -> None:
    canvas.setFillColorRGB(0.2, 0.3, 0.6)
    canvas.rect(0, 0, TRIM[0] + 2 * BLEED, TRIM[1] + 2 * BLEED, stroke=0, fill=1)


def _safe_zone_messages(page: pdfium.PdfPage, trim: tuple[float, float] = TRIM, bleed: float = BLEED) -> list[str]:
    return [f.message for f in check_page(page, "card", trim, bleed, SAFE, 300) if "safe zone" in f.message]


def test_a_corner_disc_2_mm_inside_the_trim_is_reported_where_a_layout_would_place_it() -> None:
    def card(canvas: Canvas) -> None:
        _background(canvas)
        canvas.setFillColorRGB(1, 1, 1)
        # a 9 mm disc 2 mm from the top and right trim lines (the old Halfwish deck-icon disc)
        canvas.circle(BLEED + TRIM[0] - 2 * MM - 4.5 * MM, BLEED + TRIM[1] - 2 * MM - 4.5 * MM, 4.5 * MM,
                      stroke=0, fill=1)

    messages = _safe_zone_messages(_page(card))
    left, top = (TRIM[0] - 11 * MM) / MM, 2.0
    assert messages == [(f"a drawing at x {left:.1f}..{left + 9:.1f} mm, y {top:.1f}..{top + 9:.1f} mm reaches "
                         "1.0 mm outside the safe zone (3.0 mm inside the trim)")]


def test_an_icon_of_several_paths_is_one_finding_and_bleed_art_none() -> None:
    def card(canvas: Canvas) -> None:
        _background(canvas)  # crosses the trim line: meant to be cut, never a finding
        canvas.setFillColorRGB(1, 1, 1)
        for dx in (0, 1.5 * MM):  # two overlapping paths of one icon, 1 mm from the left trim line
            canvas.rect(BLEED + 1 * MM + dx, BLEED + 40 * MM, 2.5 * MM, 5 * MM, stroke=0, fill=1)
        canvas.rect(BLEED + SAFE + 1, BLEED + SAFE + 1, 20 * MM, 20 * MM, stroke=0, fill=1)  # inside: fine

    messages = _safe_zone_messages(_page(card))
    assert len(messages) == 1 and messages[0].startswith("a drawing at x 1.0..5.0 mm"), messages
    assert "reaches 2.0 mm outside the safe zone" in messages[0]


def test_drawings_inside_the_safe_zone_pass() -> None:
    def card(canvas: Canvas) -> None:
        _background(canvas)
        canvas.setFillColorRGB(1, 1, 1)
        canvas.circle(BLEED + TRIM[0] - 3.2 * MM - 4.3 * MM, BLEED + TRIM[1] - 3.2 * MM - 4.3 * MM, 4.3 * MM,
                      stroke=0, fill=1)

    assert _safe_zone_messages(_page(card)) == []


@pytest.mark.parametrize("game", CARD_GAMES)
def test_shipped_cards_print_nothing_outside_the_safe_zone(game: str, tmp_path: Path) -> None:
    """Corner icons (Halfwish and Which Witch deck icons, Skirmish class and AP discs) and card
    footers sat 1.5-2.4 mm from the trim line; the DriveThruCards files are read back."""
    _, findings = export_preset(load_game(game), "drivethrucards", tmp_path)
    assert [str(f) for f in findings if "safe zone" in f.message] == []


@pytest.mark.parametrize("game", REFERENCE_GAMES)
def test_reference_card_footers_print_inside_the_safe_zone(game: str) -> None:
    """Each reference side drawn alone on a page of its trim plus bleed, as a shop would cut it."""
    db = load_game(game)
    bleed, safe = parse_length(db.print.bleed), parse_length(db.print.safe)
    for size, (fronts, backs) in reference_faces(db).items():
        trim = parse_size(size)
        for face in dict.fromkeys([*fronts, *(backs or [])]):
            size_with_bleed = (trim[0] + 2 * bleed, trim[1] + 2 * bleed)
            page = _page(lambda canvas, face=face, box=size_with_bleed: face(canvas, 0, 0, *box), trim, bleed)
            found = [f.message for f in check_page(page, "reference", trim, bleed, safe, 300)
                     if "safe zone" in f.message]
            assert found == [], (game, found)


def test_paths_joined_by_a_later_path_are_one_finding() -> None:
    def card(canvas: Canvas) -> None:
        _background(canvas)
        canvas.setFillColorRGB(1, 1, 1)
        top = BLEED + TRIM[1] - 1 * MM - 2 * MM  # 1 mm below the top trim line, 2 mm tall
        for x in (10, 14, 12):  # two apart, then one bridging them
            canvas.rect(BLEED + x * MM, top, 2.5 * MM, 2 * MM, stroke=0, fill=1)

    messages = _safe_zone_messages(_page(card))
    assert len(messages) == 1 and messages[0].startswith("a drawing at x 10.0..16.5 mm, y 1.0..3.0 mm"), messages
