"""The Which Witch Is Best!? kit: the rulebook (A4 and Letter) built from the database, checked as PDFs."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from cards import load_game
from cards.units import MM, parse_size
from generator.geometry import page_size
from generator.imposition import plan_sheet
from generator.rulebook import rulebook_markdown
from generator.rulebook_pdf import render_rulebook


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


# -- card decks (layouts in templates/which-witch/) ----------------------------------------

@pytest.fixture(scope="module", params=["a4", "letter"])
def decks(request, db):
    from generator.kit import render_deck

    built = {}
    for deck in db.decks:
        out = io.BytesIO()
        render_deck(db, deck, request.param, out)
        built[deck.id] = PdfReader(io.BytesIO(out.getvalue()))
    return request.param, built


def test_every_card_face_fits_its_layout(db):
    """Text is fitted or the build fails naming the card: drawing every face once must not fail."""
    from generator.kit import check_deck

    for deck in db.decks:
        check_deck(db, deck)


def test_sixty_five_game_cards_print_a_full_sheet_a_page_with_game_card_backs(decks):
    """'65 Game Cards: These cards have "Game Card" labels written on their backs'."""
    paper, built = decks
    reader = built["game-cards"]
    plan = plan_sheet(parse_size("poker"), 3 * MM, paper)
    sheets = -(-65 // plan.per_sheet)
    assert len(reader.pages) == 2 * sheets, "each sheet of fronts is followed by its backs (duplex)"
    backs = " ".join(reader.pages[i].extract_text() for i in range(1, len(reader.pages), 2))
    assert backs.count("Game Card") >= 65
    width, height = plan.page
    assert float(reader.pages[0].mediabox.width) == pytest.approx(width, abs=0.5)
    assert float(reader.pages[0].mediabox.height) == pytest.approx(height, abs=0.5)


def test_witch_cards_have_the_life_heart_tracker_on_the_back(decks, db):
    """'On the back of each Witch Card is a grid used to represent the amount of "life"'."""
    _, built = decks
    reader = built["witches"]
    fronts, backs = reader.pages[0].extract_text(), reader.pages[1].extract_text()
    for witch in db.deck("witches").cards:
        assert witch.name in fronts and f"Take the {witch.get('die_color')} d6" in fronts
    assert backs.count("Life Heart Tracker") == 6
    assert all(str(tile) in backs for tile in db.rules.tracker_tiles)


def test_card_faces_print_their_rule_numbers_filled_in(decks):
    _, built = decks
    text = " ".join(page.extract_text() for page in built["game-cards"].pages)
    assert "{{" not in text
    assert "Roll a d20 instead of your d6" in text and "never the Ice Witch" in text


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_fast_reference_card_prints_front_and_back(db, paper):
    from generator.reference import render_references

    out = io.BytesIO()
    render_references(db, paper, out)
    reader = PdfReader(io.BytesIO(out.getvalue()))
    assert len(reader.pages) == 2
    assert "Your turn: 1 action" in reader.pages[0].extract_text()
    assert "Spell attack" in reader.pages[1].extract_text()


def test_build_writes_the_whole_kit_on_both_papers(runner, tmp_path):
    """Witch cards and 65 Game Cards sharing card sheets (`print: sheets: shared`, the six heart
    tracker tokens in the room their last sheet leaves), the reference card, the rulebook and TTS sheets."""
    from companion.cli import cli

    result = runner.invoke(cli, ["build", "which-witch", "--out", str(tmp_path), "--tts"])
    assert result.exit_code == 0, result.output
    written = {p.name for p in (tmp_path / "which-witch").rglob("*.*")}
    for paper in ("a4", "letter"):
        assert {f"cards-{paper}.pdf", f"reference-{paper}.pdf", f"rulebook-{paper}.pdf"} <= written
        assert not {f"heart-trackers-{paper}.pdf", f"witches-{paper}.pdf", f"game-cards-{paper}.pdf"} & written
    assert {"game-cards-tts-1.png", "game-cards-tts-back.png", "witches-tts-1.png"} <= written


def test_token_sheet_prints_one_token_per_witch(db, tmp_path):
    """'6 LIFE HEART TRACKER TOKENS: These small tokens are used with the Life Heart Tracker grid'."""
    from generator.tokens import render_tokens

    out = tmp_path / "tokens.pdf"
    render_tokens(db, db.tokens[0], "a4", out)
    assert len(PdfReader(out).pages) == 1
    # each witch's token is in her colour with her element's icon (a printed label would be under 6 pt)
    witches = {w.color: w.icon for w in db.deck("witches").cards}
    assert {token.color: token.icon for token in db.tokens[0].tokens} == witches
    assert db.tokens[0].fits == "witches"
