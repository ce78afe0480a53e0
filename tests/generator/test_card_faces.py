"""Card faces and backs drawn alone into a PDF and read back: one ink per set of cards (the texts
printed on a card's own colour are the same colour on every card of the deck), and a back's
crest clear of its deck code."""

from __future__ import annotations

import io
from typing import Any

import pypdfium2 as pdfium
import pytest
from reportlab.pdfgen.canvas import Canvas

from cards import load_game
from cards.units import parse_length, parse_size
from generator.kit import deck_sides

SCALE = 4  # pixels per point: a glyph's stems are several pixels wide


def _faces(game: str, deck_id: str, side: str) -> list[tuple[Any, Any]]:
    """(card, page image) for each distinct card of the deck, the face or the (per-card) back."""
    db = load_game(game)
    deck = db.deck(deck_id)
    faces, backs = deck_sides(db, deck)
    bleed = parse_length(db.print.bleed)
    w, h = (v + 2 * bleed for v in parse_size(deck.size))
    copies = [card for card in deck.cards for _ in range(card.count)]
    seen, out = set(), []
    for card, face in zip(copies, faces if side == "front" else backs, strict=True):
        if card.id in seen:
            continue
        seen.add(card.id)
        buffer = io.BytesIO()
        canvas = Canvas(buffer, pagesize=(w, h))
        face(canvas, 0, 0, w, h)
        canvas.save()
        out.append((card, pdfium.PdfDocument(buffer.getvalue())[0]))
    return out


def _ink(page: pdfium.PdfPage, text: str) -> tuple[int, int, int]:
    """The colour of the glyphs of `text`: of the pixels in its first letter's box, the one
    farthest from the ground just left of that letter."""
    textpage = page.get_textpage()
    found = textpage.search(text, match_case=True).get_next()
    assert found, text
    left, bottom, right, top = textpage.get_charbox(found[0])
    image = page.render(scale=SCALE).to_pil().convert("RGB")
    row = int(image.height - (top + bottom) / 2 * SCALE)
    ground = image.getpixel((int((left - 1) * SCALE), row))
    box = image.crop((int(left * SCALE), int(image.height - top * SCALE), int(right * SCALE) + 1,
                      int(image.height - bottom * SCALE) + 1))
    pixels = [box.getpixel((x, y)) for x in range(box.width) for y in range(box.height)]
    return max(pixels, key=lambda p: sum(abs(a - b) for a, b in zip(p, ground, strict=True)))


def _near_white(colour: tuple[int, int, int]) -> bool:
    return min(colour) >= 235


@pytest.mark.parametrize(("deck", "side", "texts"), [
    ("witches", "front", lambda card: [card.name, "WW-WC", "v "]),
    ("witches", "back", lambda card: [card.name]),
    ("game-cards", "front", lambda card: [card.name]),
], ids=["witch-fronts", "witch-trackers", "game-card-titles"])
def test_which_witch_texts_on_the_card_colour_are_white_on_every_card(deck: str, side: str, texts: Any) -> None:
    """The Wind and Lightning witches (sea green, yellow) and their spells printed black where
    the others print white; their colour is now darkened just enough under white."""
    inks = {(card.id, text): _ink(page, text) for card, page in _faces("which-witch", deck, side)
            for text in texts(card)}
    assert [where for where, ink in inks.items() if not _near_white(ink)] == []


@pytest.mark.parametrize("deck_id", ["skills", "characters"])
def test_skirmish_back_crest_stands_clear_of_the_deck_code(deck_id: str) -> None:
    """The skill back's sword ended where its 'SK' began (y 76 mm); 2 mm at least between them."""
    import pypdfium2.raw as pdfium_c

    from cards.units import MM

    db = load_game("skirmish")
    deck = db.deck(deck_id)
    _, backs = deck_sides(db, deck)
    bleed = parse_length(db.print.bleed)
    w, h = (v + 2 * bleed for v in parse_size(deck.size))
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(w, h))
    backs[0](canvas, 0, 0, w, h)
    canvas.save()
    page = pdfium.PdfDocument(buffer.getvalue())[0]
    textpage = page.get_textpage()
    found = textpage.search(deck.code, match_case=True, match_whole_word=True).get_next()
    code_top = textpage.get_charbox(found[0])[3]
    crest_bottom = min(obj.get_bounds()[1] for obj in page.get_objects(filter=(pdfium_c.FPDF_PAGEOBJ_PATH,))
                       if obj.get_bounds()[1] > code_top - 1 and obj.get_bounds()[2] - obj.get_bounds()[0] < w / 2)
    assert crest_bottom - code_top >= 2 * MM, (crest_bottom - code_top) / MM
