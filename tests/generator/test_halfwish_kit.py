"""Specification of the Halfwish print-and-play kit: rulebook, reference cards, cards, mat.

Seed: the Halfwish rules text. Issue 4: "the rulebook mentions every keyword
and every card; a parameter changed in a temporary copy of the database (health 25 to 30,
say) changes the rulebook, the reference cards and the player mat."
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from cards import load_game
from cards.units import MM
from generator.cardlayout import load_layout
from generator.errors import LayoutError, TextOverflow
from generator.kit import check_deck, deck_stamps, layout_folders, render_deck, render_sheet
from generator.reference import render_references
from generator.rulebook_pdf import render_rulebook
from generator.stamps import printed_version

PAPER_WIDTHS_MM = {"a4": 210, "letter": 215.9}


def squash(text: str) -> str:
    """Text without whitespace or hyphenation, so words broken across lines still match."""
    return re.sub(r"[\s\u00ad-]+", "", text).lower()


def pdf_text(data: bytes) -> str:
    return "\n".join(page.extract_text() or "" for page in PdfReader(io.BytesIO(data)).pages)


def render_to_bytes(render, db, paper: str = "a4") -> bytes:
    out = io.BytesIO()
    render(db, paper, out)
    return out.getvalue()


def set_rule(root: Path, name: str, value: str) -> None:
    """Edit one top-level rules parameter of the Halfwish copy under `root`."""
    game = root / "halfwish" / "game.yaml"
    # count=1: `rules:` comes first; `rule_types:` below it names the parameter again
    text, count = re.subn(rf"(?m)^  {name}: .*$", f"  {name}: {value}", game.read_text(), count=1)
    assert count == 1, f"rules.{name} not found in {game}"
    game.write_text(text)


@pytest.fixture(scope="module")
def db():
    return load_game("halfwish")


@pytest.fixture(scope="module")
def rulebook_text(db) -> str:
    return pdf_text(render_to_bytes(render_rulebook, db))


def test_rulebook_mentions_every_keyword(db, rulebook_text):
    text = squash(rulebook_text)
    missing = [k["name"] for k in db.rules.keywords if squash(k["name"]) not in text]
    assert not missing


def test_rulebook_mentions_every_card(db, rulebook_text):
    text = squash(rulebook_text)
    missing = [c.name for d in db.decks for c in d.cards if squash(c.name) not in text]
    assert not missing


def test_rulebook_prints_every_ruling_topic(db, rulebook_text):
    text = squash(rulebook_text)
    assert [r.topic for r in db.rulings if squash(r.topic) not in text] == []


def test_rulebook_prints_no_unrendered_template_code(rulebook_text):
    assert "{{" not in rulebook_text and "{%" not in rulebook_text


def test_rulebook_shows_the_seed_first_strike_example(rulebook_text):
    """'Player A rolls 10 and plays Long Strike, Player B rolls 12 and plays Strike ...
    Player A deals 8 damage to player B. Player B does 12-8=4 damage back to Player A.'"""
    text = squash(rulebook_text)
    assert squash("10-2 = 8") in text
    assert squash("12 - 8 = 4") in text


def test_rulebook_stamps_the_version_on_every_page(db):
    reader = PdfReader(io.BytesIO(render_to_bytes(render_rulebook, db)))
    assert all(printed_version(db) in (page.extract_text() or "") for page in reader.pages)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_rulebook_page_size(db, paper):
    reader = PdfReader(io.BytesIO(render_to_bytes(render_rulebook, db, paper)))
    width = float(reader.pages[0].mediabox.width)
    assert width == pytest.approx(PAPER_WIDTHS_MM[paper] * MM, abs=1)


def test_health_change_reaches_the_rulebook(cards_copy):
    set_rule(cards_copy, "health", "30")
    set_rule(cards_copy, "health_max", "30")
    text = squash(pdf_text(render_to_bytes(render_rulebook, load_game("halfwish", cards_copy))))
    assert squash("each player has 30 health") in text
    assert squash("25 health") not in text


def test_worked_examples_follow_the_action_rules(cards_copy):
    """The examples are computed: a Long Strike of DV-3 changes the seed example's numbers."""
    game = cards_copy / "halfwish" / "game.yaml"
    game.write_text(game.read_text().replace(
        "long-strike:  {kind: strike, dv: -2,", "long-strike:  {kind: strike, dv: -3,"))
    text = squash(pdf_text(render_to_bytes(render_rulebook, load_game("halfwish", cards_copy))))
    assert squash("10-3 = 7") in text
    assert squash("12 - 7 = 5") in text


# --- cards, sheets, reference cards -----------------------------------------------------


@pytest.mark.parametrize("deck_id", ["actions", "classes", "basic-powers", "powers", "upgrades", "map"])
def test_every_card_renders_without_overflow(db, deck_id):
    check_deck(db, db.deck(deck_id))  # raises TextOverflow naming the card otherwise


@pytest.mark.parametrize("deck_id", ["actions", "classes", "basic-powers", "powers", "upgrades", "map"])
def test_printed_copies_match_the_deck_list(db, deck_id):
    """Each printed face carries its corner code (`HW-ACT 01/05`): count them per card."""
    deck = db.deck(deck_id)
    text = pdf_text(render_to_bytes(lambda d, p, o: render_deck(d, deck, p, o), db))
    for number, card in enumerate(deck.cards, 1):
        corner = f"HW-{deck.code} {number:02d}/{len(deck.cards):02d}"
        assert text.count(corner) == card.count, card.id
    stamps = deck_stamps(db, deck)  # each card prints its own content stamp
    assert sum(text.count(f"v {s}") for s in set(stamps)) == sum(c.count for c in deck.cards)


def test_two_players_can_build_any_pairing_from_the_printed_actions(db):
    printed = {c.id: c.count for c in db.deck("actions").cards}
    for a in db.deck("classes").cards:
        for b in db.deck("classes").cards:
            for action, n in printed.items():
                assert a.get("deck_list").get(action, 0) + b.get("deck_list").get(action, 0) <= n


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_card_sheets_use_the_paper(db, paper):
    data = render_to_bytes(lambda d, p, o: render_deck(d, db.deck("map"), p, o), db, paper)
    box = PdfReader(io.BytesIO(data)).pages[0].mediabox
    assert min(float(box.width), float(box.height)) == pytest.approx(PAPER_WIDTHS_MM[paper] * MM, abs=1)


def test_map_cards_share_one_back(db):
    """Locations are dealt face down: every back page shows only the deck's back."""
    reader = PdfReader(io.BytesIO(render_to_bytes(lambda d, p, o: render_deck(d, db.deck("map"), p, o), db)))
    backs = [page.extract_text() for page in reader.pages[1::2]]
    names = [c.name for c in db.deck("map").cards]
    assert all(not any(name in back for name in names) for back in backs)


def test_text_that_cannot_fit_fails_naming_the_card(cards_copy):
    upgrades = cards_copy / "halfwish" / "upgrades.yaml"
    upgrades.write_text(upgrades.read_text().replace(
        'text: "Strike for DV{{ card.profile.dv }}. True Damage."',
        'text: "' + "Strike for DV. True Damage. " * 40 + '"'))
    with pytest.raises(TextOverflow, match="true-edge"):
        check_deck(load_game("halfwish", cards_copy), load_game("halfwish", cards_copy).deck("upgrades"))


def test_card_text_meets_the_print_minimums(db):
    """Issue 4: 'titles at least 9 pt and body text at least 7 pt after fitting'."""
    for deck in db.decks:
        for element in load_layout(deck.layout, layout_folders(db)).elements:
            if element["type"] != "text":
                continue
            floor = float(element.get("min_size", element.get("size", 0)))
            assert floor >= (9 if element.get("id") == "title" else 7), (deck.layout, element.get("id"))


def test_player_mat_tracks_health_and_one_page_per_player(db):
    data = render_to_bytes(lambda d, p, o: render_sheet(d, db.sheets[0], p, o), db)
    reader = PdfReader(io.BytesIO(data))
    assert len(reader.pages) == db.meta.players.max
    text = reader.pages[0].extract_text()
    assert f"start {db.rules.health}" in text
    for word in ("Health", "Points", "Mana", "Lamps", "Exposed", "Toughness", "Poisoned"):
        assert word in text


def test_reference_cards_are_two_sided(db):
    reader = PdfReader(io.BytesIO(render_to_bytes(render_references, db)))
    sides = [page.extract_text() for page in reader.pages]
    assert any("(front)" in s for s in sides[0::2]) and all("(front)" not in s for s in sides[1::2])
    assert any("(back)" in s for s in sides[1::2])
    text = squash(" ".join(sides))
    for keyword in db.rules.keywords:
        assert squash(keyword["name"]) in text


def test_health_change_reaches_the_reference_cards_and_the_mat(cards_copy):
    set_rule(cards_copy, "health", "30")
    set_rule(cards_copy, "health_max", "30")
    db = load_game("halfwish", cards_copy)
    reference = squash(pdf_text(render_to_bytes(render_references, db)))
    assert squash("starts at 30 health") in reference
    mat = pdf_text(render_to_bytes(lambda d, p, o: render_sheet(d, db.sheets[0], p, o), db))
    assert "start 30" in mat and "30" in mat.split()


def test_build_command_writes_the_kit_for_both_papers(runner, cards_copy, tmp_path):
    from companion.cli import cli

    out = tmp_path / "out"
    result = runner.invoke(cli, ["--cards", str(cards_copy), "build", "halfwish", "--out", str(out),
                                 "--only", "sheets", "--only", "cards"])
    assert result.exit_code == 0, result.output
    names = {p.name for p in (out / "halfwish").iterdir()}
    assert {"cards-a4.pdf", "cards-letter.pdf", "player-mat-a4.pdf", "player-mat-letter.pdf"} <= names


def test_build_of_a_broken_database_writes_nothing(runner, cards_copy, tmp_path):
    from companion.cli import cli

    game = cards_copy / "halfwish" / "game.yaml"
    game.write_text(game.read_text().replace("  health: 25", "  health: 25\n  health: [oops"))
    out = tmp_path / "out"
    result = runner.invoke(cli, ["--cards", str(cards_copy), "build", "halfwish", "--out", str(out)])
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    assert not out.exists()


def test_tts_sheets_respect_the_grid_and_pixel_limits(db, tmp_path):
    from PIL import Image

    from generator.tts import export_deck

    paths = export_deck(db, db.deck("basic-powers"), tmp_path)
    for path in paths:
        width, height = Image.open(path).size
        assert max(width, height) <= 4096
    assert paths[-1].name == "basic-powers-tts-back.png"


def test_lint_reports_a_missing_layout_and_an_overflow(runner, cards_copy):
    from companion.cli import cli

    actions = cards_copy / "halfwish" / "actions.yaml"
    actions.write_text(actions.read_text().replace("layout: action-card", "layout: no-such-layout"))
    upgrades = cards_copy / "halfwish" / "upgrades.yaml"
    upgrades.write_text(upgrades.read_text().replace(
        'text: "Strike for DV{{ card.profile.dv }}. True Damage."', 'text: "' + "Too long. " * 120 + '"'))
    result = runner.invoke(cli, ["--cards", str(cards_copy), "lint", "halfwish"])
    assert result.exit_code == 1
    assert "no-such-layout" in result.output and "true-edge" in result.output
    assert "Traceback" not in result.output


def test_same_database_same_bytes(db):
    def deck_pdf() -> bytes:
        return render_to_bytes(lambda d, p, o: render_deck(d, db.deck("basic-powers"), p, o), db)

    assert deck_pdf() == deck_pdf()


def test_a_failed_build_leaves_the_previous_kit_intact(cards_copy, tmp_path):
    from generator.build import build_kit

    out = tmp_path / "kit"
    build_kit(load_game("halfwish", cards_copy), "a4", out, ("sheets",))
    before = (out / "player-mat-a4.pdf").read_bytes()
    kit = cards_copy / "halfwish" / "kit.yaml"
    kit.write_text(kit.read_text().replace("layout: player-mat", "layout: missing-mat"))
    with pytest.raises(LayoutError, match="missing-mat"):
        build_kit(load_game("halfwish", cards_copy), "a4", out, ("sheets",))
    assert (out / "player-mat-a4.pdf").read_bytes() == before
