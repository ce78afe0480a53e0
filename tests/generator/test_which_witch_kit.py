"""The Which Witch Is Best!? kit: the rulebook (A4 and Letter) built from the database, checked as PDFs."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from cards import load_game
from generator.geometry import page_size
from generator.rulebook import render_rulebook, rulebook_markdown


@pytest.fixture(scope="module")
def db():
    return load_game("which-witch")


@pytest.fixture(scope="module")
def markdown(db):
    return rulebook_markdown(db)


@pytest.fixture(scope="module", params=["a4", "letter"])
def rulebook(request, db):
    out = io.BytesIO()
    render_rulebook(db, request.param, out)
    return request.param, PdfReader(io.BytesIO(out.getvalue()))


def _text(reader: PdfReader) -> str:
    return " ".join(" ".join((page.extract_text() or "").split()) for page in reader.pages)


def test_rulebook_pages_are_the_paper_size(rulebook):
    paper, reader = rulebook
    width, height = page_size(paper)
    for page in reader.pages:
        assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx((width, height), abs=0.5)


def test_rulebook_prints_the_texts_example(rulebook):
    """'the defending player would lose 4 Life Hearts instead of 2.'"""
    _, reader = rulebook
    assert "4 Life Hearts instead of 2" in _text(reader)


def test_rulebook_lists_every_game_card_with_its_rendered_text(db, markdown):
    for card in db.deck("game-cards").cards:
        assert f"**{card.name}**" in markdown
    assert "{{" not in markdown and "}}" not in markdown


def test_rulebook_prints_every_ruling(db, rulebook):
    _, reader = rulebook
    text = _text(reader)
    for ruling in db.rulings:
        assert " ".join(ruling.topic.split()) in text, ruling.id


def test_rulebook_numbers_follow_the_database(db, cards_copy):
    """A rules edit reprints the book: change the hand size and the setup says so."""
    game = cards_copy / "which-witch" / "game.yaml"
    game.write_text(game.read_text().replace("hand_size: 5 ", "hand_size: 7 "))
    text = rulebook_markdown(load_game("which-witch", cards_copy))
    assert "deal **7** face-down" in text and "a hand of\n  8 instead of 7" in text


@pytest.mark.parametrize("side", ["front", "back"])
def test_fast_reference_card_renders_from_the_rules(db, side):
    """'1 Fast Reference Card: ... what they can do with their turn. It also contains the steps for
    attacking with or defending against Spell Cards.'"""
    from generator.rulebook import base_context, render_template, template_environment

    reference = db.references[0]
    text = render_template(template_environment(db), base_context(db), name=getattr(reference, side))
    assert "{" not in text
    expected = "Your turn: 1 action" if side == "front" else f"up to **{db.rules.max_spells_per_attack} Spells**"
    assert expected in text
