"""The Skirmish kit, built on A4 and Letter through the CLI and checked as PDFs."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader
from shipped import build_with_cli

from cards import load_game
from cards.texts import render_text
from generator.cardlayout import bind, load_layout
from generator.geometry import landscape, page_size
from generator.kit import base_context, card_context, layout_folders

KIT = ["skills", "characters", "effects-and-keywords", "battlefield", "ap-tracker", "tokens",
       "reference", "rulebook"]
DB = load_game("skirmish")


@pytest.fixture(scope="module")
def kit(tmp_path_factory) -> Path:
    """`deckwright build skirmish` (both papers) run once through the CLI."""
    return build_with_cli(tmp_path_factory.mktemp("kit"), "skirmish")


def _text(path: Path) -> str:
    return " ".join(" ".join((p.extract_text() or "").split()) for p in PdfReader(path).pages)


def test_lint_is_clean():
    from click.testing import CliRunner

    from companion.cli import cli

    result = CliRunner().invoke(cli, ["lint", "skirmish"])
    assert result.exit_code == 0 and "skirmish: ok" in result.output, result.output


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_component_is_on_the_paper(kit, paper):
    for name in KIT:
        for page in PdfReader(kit / f"{name}-{paper}.pdf").pages:
            size = (float(page.mediabox.width), float(page.mediabox.height))
            assert size in (pytest.approx(page_size(paper), abs=0.01),
                            pytest.approx(landscape(page_size(paper)), abs=0.01)), name


def test_skill_cards_print_the_text_generated_from_their_effect_fields():
    """The card layout's body is rules.skill_text rendered with the card's fields: the same words the
    rulebook prints and the engine's content test checks."""
    layout = load_layout("skill-card", layout_folders(DB))
    body = next(e for e in layout.elements if e["id"] == "body")
    base = base_context(DB)
    deck = DB.deck("skills")
    for number, card in enumerate(deck.cards, 1):
        context = card_context(DB, deck, card, number, base)
        expected = render_text(DB.rules["skill_text"], DB.rules, {"id": card.id, "name": card.name, **card.fields})
        assert bind(body["text"], context, card.id) == expected
        assert "{" not in expected and expected.strip()


def test_skill_sheet_and_rulebook_carry_the_texts(kit):
    cards, book = _text(kit / "skills-a4.pdf"), _text(kit / "rulebook-a4.pdf")
    for card in DB.deck("skills").cards:
        assert card.name in cards and card.name in book
    assert "Target an enemy within 1 tile. Deal 8 damage. Apply Restrain 1." in book


def test_skill_deck_has_every_copy(kit):
    """'four copies of their primary skill card and three copies of each of their secondary skill cards'."""
    total = sum(c.count for c in DB.deck("skills").cards)
    assert total == len(DB.deck("characters").cards) * (4 + 2 * 3)
    assert _text(kit / "skills-letter.pdf").count("SK ") >= total


def test_rulebook_prints_every_ruling_the_draft_order_and_the_hits_table(kit):
    text = _text(kit / "rulebook-letter.pdf")
    for ruling in DB.rulings:
        assert " ".join(ruling.topic.split()) in text, ruling.id
    assert "Starting player (S)" in text and "Opponent (O)" in text and text.count("leader") >= 2
    assert "The armor values are meant to withstand at least 6 hits" in text
    assert ("Vanguard takes 14 (Duelist's attack): 84/82. Duelist takes 10 (Vanguard's "
            "counter-attack): 10/62. Vanguard faints." in text)


def test_reference_card_has_the_tiers_and_the_glossary(kit):
    text = _text(kit / "reference-a4.pdf")
    for tier in ("Tiny 10 52", "Gargantuan 20 102"):
        assert tier in text
    for card in (*DB.deck("effects").cards, *DB.deck("keywords").cards):
        assert card.name in text


def test_battlefield_names_every_tile_and_the_special_kinds(kit):
    text = _text(kit / "battlefield-a4.pdf")
    for tile in ("A1", "F8", "C4"):
        assert tile in text
    for kind in ("Brazier", "Frost Pool", "Shrine", "Rocks"):
        assert kind in text


def test_skirmish_has_no_legibility_findings():
    """Issue 16: 'lint gains a legibility pass ... Fix every finding in the shipped games.'"""
    from generator.legibility import legibility_findings

    assert [str(f) for f in legibility_findings(DB)] == []


def _card_colours() -> list[tuple[str, str]]:
    factions = [(f"faction {key}", faction["color"]) for key, faction in DB.rules["factions"].items()]
    glossary = [(f"{deck} {card.id}", card.fields["color"]) for deck in ("effects", "keywords")
                for card in DB.deck(deck).cards]
    return factions + glossary


@pytest.mark.parametrize(("name", "colour"), _card_colours(), ids=[name for name, _ in _card_colours()])
def test_card_colours_carry_small_white_text_and_read_on_the_panel(name, colour):
    """Corner, version and prototype lines print white on the card colour at 6-7 pt, and class and
    kind lines print in the card colour on the cream panel: both need 4.5:1."""
    from generator.colours import contrast_ratio

    assert contrast_ratio("#ffffff", colour) >= 4.5
    assert contrast_ratio(colour, "#fbfaf6") >= 4.5


def test_effect_tokens_share_their_effect_card_colour_and_icon():
    tokens = {t.id.removesuffix("-token"): t for sheet in DB.tokens if sheet.id == "effect-tokens"
              for t in sheet.tokens}
    cards = {card.id: card for card in DB.deck("effects").cards}
    assert tokens.keys() == cards.keys()
    for effect, card in cards.items():
        assert (tokens[effect].color, tokens[effect].icon) == (card.fields["color"], card.fields["icon"])


def _glyph(name: str) -> str:
    """The drawing behind an icon name (aliases share one)."""
    from generator.icons import _ICONS

    return _ICONS[str(name)].__name__


def test_one_glyph_means_one_effect_keyword_or_skill_kind():
    """Issue 16: 'one icon used for two different keywords' is ambiguous. A skill card's icon row
    shows its effects and keyword, or else what the skill does (strike, heal, power...): a glyph in
    that row stands for one thing only."""
    meanings: dict[str, set[str]] = {}
    for deck in ("effects", "keywords"):
        for card in DB.deck(deck).cards:
            meanings.setdefault(_glyph(card.fields["icon"]), set()).add(card.id)
    layout = load_layout("skill-card", layout_folders(DB))
    fallback = next(e for e in layout.elements if e["id"] == "strike-icon")
    deck = DB.deck("skills")
    for number, card in enumerate(deck.cards, 1):
        context = card_context(DB, deck, card, number, base_context(DB))
        if bind(fallback["when"], context, card.id) in (True, "True"):
            kind = next(k for k in ("damage", "damage_tier", "heal", "power", "armor", "draw") if k in card.fields)
            meanings.setdefault(_glyph(bind(fallback["name"], context, card.id)), set()).add(kind.split("_")[0])
    assert {glyph: sorted(m) for glyph, m in meanings.items() if len(m) > 1} == {}


def test_a_character_card_can_show_an_odd_damage_total(kit):
    """Audit: the damage track counts in twos (2 ... 104) and Fortify leaves an odd total with no
    cell to mark. Each character front has a "+1 if odd" box after its last cell, and the
    rulebook prints the ruling that says how to use it."""
    fronts = PdfReader(kit / "characters-a4.pdf").pages[0].extract_text()
    assert fronts.count("+1 if odd") == fronts.count("Damage taken") == 9  # a sheet of nine characters
    assert "2 4 6 8" in " ".join(fronts.split()) and "104" in fronts
    rulebook = _text(kit / "rulebook-a4.pdf")
    assert 'a second marker on the "+1 if odd" box while the total is odd' in rulebook


def test_the_battlefield_takes_two_pages_on_either_paper(kit):
    """Print audit: 270 mm wide, the battlefield missed a landscape Letter page's 269 mm of print
    by a millimetre and took four pages there (two on A4). At 268 mm it takes two on both."""
    for paper in ("a4", "letter"):
        assert len(PdfReader(kit / f"battlefield-{paper}.pdf").pages) == 2, paper
