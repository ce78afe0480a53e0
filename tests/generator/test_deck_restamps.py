"""Issue 13: "Each card prints its own content stamp (a short hash of that card's rendered inputs)".

A card's face is drawn from its deck's settings as well as its own fields: Halfwish's frames are
the deck's colour (`deck.color`), and a deck marked `prototype` prints the word on every card.
A recoloured deck's cards kept their stamps, so `changes` listed nothing and the reprint sheet
told the designer that no printed card changed, though every one of them looked different.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from halfwish_copy import edit, stamps
from pypdf import PdfReader

from cards import load_game
from companion.cli import cli


def _restamped(before: dict[str, str], after: dict[str, str]) -> set[str]:
    return {card for card in before if before[card] != after[card]}


def _cards_of(root: Path, *decks: str) -> set[str]:
    db = load_game("halfwish", root)
    return {card.id for deck in decks for card in db.deck(deck).cards}


def test_a_recoloured_deck_restamps_its_cards_and_those_that_print_its_back(halfwish):
    """The upgrades borrow the Basic Actions' back (`back: {like: actions}`): a new colour of
    the actions changes the back printed behind every upgrade too."""
    before = stamps(halfwish)
    edit(halfwish, "actions.yaml", 'color: "#b03a2e"', 'color: "#2e86c1"')
    assert _restamped(before, stamps(halfwish)) == _cards_of(halfwish, "actions", "upgrades")


def test_a_deck_setting_no_card_prints_restamps_nothing(halfwish):
    """The description is printed by the rulebook, not by a card layout."""
    before = stamps(halfwish)
    edit(halfwish, "actions.yaml", "Each player builds their action deck", "Each player builds an action deck")
    assert _restamped(before, stamps(halfwish)) == set()


def test_a_deck_no_longer_prototype_restamps_its_cards(halfwish):
    """A prototype deck prints the word on every card (`when: "{{ deck.prototype }}"`)."""
    before = stamps(halfwish)
    edit(halfwish, "map.yaml", "    prototype: true\n", "")
    assert _restamped(before, stamps(halfwish)) == _cards_of(halfwish, "map")


def test_changes_and_the_reprint_name_the_recoloured_deck_and_hold_its_cards(runner, halfwish, tmp_path):
    out = tmp_path / "out"
    build = ["--cards", str(halfwish), "build", "halfwish", "--paper", "a4", "--only", "cards", "--out", str(out)]
    assert runner.invoke(cli, build).exit_code == 0
    earlier = tmp_path / "earlier.json"
    shutil.copy(out / "halfwish" / "manifest.json", earlier)
    edit(halfwish, "map.yaml", 'color: "#6e4b2a"', 'color: "#1e8449"')
    result = runner.invoke(cli, ["--cards", str(halfwish), "changes", "halfwish", "--since", str(earlier)])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert '  ~ deck map: color: "#6e4b2a" -> "#1e8449"' in lines, lines
    map_cards = _cards_of(halfwish, "map")
    changed = [line.split()[2] for line in lines if line.startswith("  ~ card ")]
    assert set(changed) == map_cards
    assert all(line.endswith("(its deck's settings changed)")  # the deck's change is listed above
               for line in lines if line.startswith("      stamp: "))
    report = json.loads(runner.invoke(cli, ["--cards", str(halfwish), "changes", "halfwish", "--since",
                                            str(earlier), "--json"]).output)
    assert report["decks"] == [{"deck": "map", "setting": "color", "old": "#6e4b2a", "new": "#1e8449"}]

    result = runner.invoke(cli, [*build, "--reprint-since", str(earlier)])
    assert result.exit_code == 0, result.output
    pages = [page.extract_text() or "" for page in PdfReader(out / "halfwish" / "reprint-a4.pdf").pages]
    assert 'deck map: color: "#6e4b2a" -> "#1e8449"' in pages[0]
    db = load_game("halfwish", halfwish)
    copies = sum(card.count for card in db.deck("map").cards)
    assert f"{copies} cards to print ({len(map_cards)} designs)" in pages[0]
    corners = re.findall(r"HW-[A-Z]+ \d\d/\d\d", "".join(pages))  # the cover lists names, not corners
    assert len(corners) == copies and {corner[:6] for corner in corners} == {"HW-MAP"}


def test_a_changed_back_label_is_shown_by_its_own_key(tmp_path):
    """Designer audit: a new back label was shown as the whole `back` mapping, old and new, dumped."""
    from generator.changes import compare, describe
    from generator.manifest import build_manifest

    root = tmp_path / "cards"
    shutil.copytree(Path(__file__).resolve().parent.parent / "fixtures" / "tinygame", root / "tinygame")
    before = build_manifest(load_game("tinygame", root))
    deck = root / "tinygame" / "deck.yaml"
    deck.write_text(deck.read_text().replace("label: Race Deck}", "label: Racing Deck}"))
    lines = describe(compare(before, build_manifest(load_game("tinygame", root)), "before"), "tinygame")
    assert '  ~ deck race: back.label: "Race Deck" -> "Racing Deck"' in lines, lines
