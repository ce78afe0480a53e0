"""The shipped default card frame and back (`templates/common/`) fit any card size.

A game with no layouts of its own still prints: the deck colour reaches the bleed on every
side, whatever the deck's `size:`.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from cards import load_game
from cards.units import MM, parse_size
from generator.kit import deck_stamps, render_deck

DECK_COLOUR = (0.2, 0.4, 0.6)  # "#336699"


def _write_game(root: Path, size: str, name: str = "Plain Game") -> None:
    folder = root / "plain"
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(
        f"game: {{id: plain, name: {name}, players: {{min: 2, max: 2}}}}\nrules: {{}}\n")
    (folder / "deck.yaml").write_text(
        "decks:\n"
        f"  - {{id: plain, name: Plain Deck, code: PL, color: '#336699', size: '{size}',\n"
        "     fields: {text: {type: text}},\n"
        "     cards: [{id: one, name: One, text: Do a thing.}, {id: two, name: Two}]}\n")


def _deck_colour_boxes(data: bytes) -> list[tuple[float, float]]:
    reader = PdfReader(io.BytesIO(data))
    sizes = []
    colour: tuple[float, ...] = ()
    rect: list[float] = []
    for operands, op in ContentStream(reader.pages[0].get_contents(), reader).operations:
        if op == b"rg":
            colour = tuple(float(v) for v in operands)
        elif op == b"re":
            rect = [float(v) for v in operands]
        elif op in (b"f", b"f*") and rect and colour == pytest.approx(DECK_COLOUR, abs=1e-3):
            sizes.append((rect[2], rect[3]))
    return sizes


@pytest.mark.parametrize("size", ["poker", "tarot", "mini", "70mm x 70mm"])
def test_default_frame_fills_the_bleed_box_of_any_card_size(tmp_path, size):
    _write_game(tmp_path, size)
    db = load_game("plain", tmp_path)
    buffer = io.BytesIO()
    render_deck(db, db.decks[0], "a4", buffer)
    width, height = parse_size(size)
    bleed = 3 * MM
    backgrounds = _deck_colour_boxes(buffer.getvalue())
    assert len(backgrounds) == 2  # one per card
    for w, h in backgrounds:
        assert (w, h) == pytest.approx((width + 2 * bleed, height + 2 * bleed), abs=0.01)


def test_default_frame_prints_name_text_corner_and_version(tmp_path):
    _write_game(tmp_path, "tarot")
    db = load_game("plain", tmp_path)
    buffer = io.BytesIO()
    render_deck(db, db.decks[0], "letter", buffer)
    reader = PdfReader(io.BytesIO(buffer.getvalue()))
    text = reader.pages[0].extract_text()
    assert "One" in text and "Do a thing." in text
    assert "PL 01/02" in text and f"v {deck_stamps(db, db.decks[0])[0]}" in text  # the card's own stamp
    assert "Plain Game" in reader.pages[1].extract_text()  # the default back names the game


@pytest.mark.parametrize("size", ["poker", "bridge", "tarot", "mini", "square", "jumbo", "44mm x 68mm"])
@pytest.mark.parametrize("name", ["Lantern Keepers", "The Lantern Keepers of the Long Storm", "Go"])
def test_the_default_back_passes_the_draw_check_at_every_size_with_a_long_name(tmp_path, size, name):
    """Sixth-game audit: on `size: mini` the default back's game name ran into its label when the
    name took two lines ('Lantern Keepers'), and lint pointed into the shipped template."""
    from generator.check import check_kit
    from generator.printlint import lint_print

    _write_game(tmp_path, size, name)
    db = load_game("plain", tmp_path)
    check_kit(db, parts={"decks"})
    lint_print(db)  # where `text runs into text 'label'` was found


def test_an_unknown_icon_in_a_card_text_is_a_located_problem(tmp_path):
    """Sixth-game audit: `:moon:` in a card's text printed as written, and lint said nothing."""
    from cards import DatabaseInvalid
    from generator.check import check_kit

    _write_game(tmp_path, "poker")
    deck = tmp_path / "plain" / "deck.yaml"
    deck.write_text(deck.read_text().replace("text: Do a thing.", "text: 'Light :fire: and :moon:.'"))
    with pytest.raises(DatabaseInvalid) as refused:
        check_kit(load_game("plain", tmp_path), parts={"decks"})
    [problem] = [p for p in refused.value.problems if "icon" in p.message]
    assert problem.file.name == "deck.yaml" and problem.line == 4  # at the card's text, where the mistake is
    assert problem.message.startswith("no icon named :moon:: it prints as written") and "fire" in problem.message


def test_every_text_field_is_filled_in_not_only_the_one_named_text(tmp_path):
    """Sixth-game audit: `{{ rules.x }}` was filled in only in the field named `text`; a `type: text`
    field of another name (a motto, a flavour line) printed it as written."""
    from generator.kit import base_context, card_context

    _write_game(tmp_path, "poker")
    game = tmp_path / "plain" / "game.yaml"
    game.write_text(game.read_text().replace("rules: {}", "rules: {hand_size: 5}"))
    deck = tmp_path / "plain" / "deck.yaml"
    deck.write_text(deck.read_text().replace("fields: {text: {type: text}}", "fields: {text: {type: text}, motto: {type: text}}")
                    .replace("text: Do a thing.}", "text: Do a thing., motto: 'Hold {{ rules.hand_size }}.'}"))
    db = load_game("plain", tmp_path)
    card = db.decks[0].cards[0]
    assert card_context(db, db.decks[0], card, 1, base_context(db))["card"]["motto"] == "Hold 5."
