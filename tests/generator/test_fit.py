"""Issue 16, part 2: parts that fit each other.

"The Heartstrings tracker's cells are 14.8x15 mm while the kit's only tokens are 20 mm; the Which
Witch heart tracker's cells are 16.7x13 mm for 15 mm tokens. A component that is played on another
declares it (`fits: heartstring-tracker`), and `lint` checks the token fits its cell with 2 mm to
spare; fix both kits." "Make the tracker cover what play can reach ..., derived from the rules."
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from cards import load_game
from cards.units import parse_length
from companion.cli import cli
from generator.cardlayout import Box, drawn_elements, load_layout, track_cells
from generator.fit import FIT_SPARE, fit_findings, target_cells
from generator.kit import base_context
from generator.layoutfile import layout_folders


@pytest.mark.parametrize(("game", "tokens", "target"), [
    ("heartstrings", "heartstring-markers", "heartstring-tracker"),
    ("which-witch", "heart-trackers", "witches"),
    ("skirmish", "stack-tokens", "ap-tracker"),  # the 12 mm Action point markers on the AP tracker
])
def test_tracker_tokens_fit_their_cells_with_2_mm_to_spare(game, tokens, target):
    db = load_game(game)
    sheet = next(t for t in db.tokens if t.id == tokens)
    assert sheet.fits == target
    cells = [cell for _, cell in target_cells(db, target)]
    assert cells, "the target has tracks"
    for w, h in cells:
        assert parse_length(sheet.size) + 2 * FIT_SPARE <= min(w, h) + 1e-6
    assert fit_findings(db) == []


def test_a_token_too_big_for_its_cells_is_a_lint_finding(runner, cards_copy: Path):
    components = cards_copy / "which-witch" / "components.yaml"
    components.write_text(components.read_text().replace("size: 12mm", "size: 15mm"))
    result = runner.invoke(cli, ["--cards", str(cards_copy), "lint", "which-witch"])
    assert result.exit_code == 1
    assert ("tokens[heart-trackers]: 15 mm tokens do not fit the 16.7 x 17.5 mm cells of deck 'witches' card "
            "'fire-witch' back element 'grid' with 2 mm to spare") in " ".join(result.output.split())


def test_fits_naming_nothing_is_a_finding(cards_copy: Path):
    components = cards_copy / "which-witch" / "components.yaml"
    components.write_text(components.read_text().replace("fits: witches", "fits: broomsticks"))
    found = [str(f) for f in fit_findings(load_game("which-witch", cards_copy))]
    assert found == ["tokens[heart-trackers]: fits: 'broomsticks' names no sheet or deck with a track to play on"]


def _tracker_numbers(db) -> set[int]:
    """The highest number of each track on the first player's Heartstring tracker."""
    numbers: set[int] = set()
    sheet = next(s for s in db.sheets if s.id == "heartstring-tracker")
    layout = load_layout(sheet.layout, layout_folders(db))
    context = {**base_context(db), "sheet": sheet, "data": sheet.data, "player": 1, "copy": 1}
    for element, bound, where in drawn_elements(layout, context, "t"):
        if element["type"] == "track":
            numbers.add(max(track_cells(element, Box(0, 0, 500, 500), bound, where).values))
    return numbers


def test_the_heartstring_tracker_reaches_every_bead_in_the_game():
    """Rulings no-bead-cap / bead-pool-unbounded: a seeded greedy game reaches 33 beads, more than the
    old 0-22 track. Tens + units reach players x beads + pool, every bead there is."""
    db = load_game("heartstrings")
    total = db.meta.players.max * db.rules.beads_per_player + db.rules.bead_pool
    assert {rule.id for rule in db.rulings} >= {"no-bead-cap", "bead-pool-unbounded"}
    tens, units = sorted(_tracker_numbers(db), reverse=True)
    assert units == 9 and tens + units >= total >= 33


def test_a_bigger_pool_grows_the_tracker(cards_copy: Path):
    game = cards_copy / "heartstrings" / "game.yaml"
    game.write_text(game.read_text().replace("bead_pool: 10", "bead_pool: 40"))
    db = load_game("heartstrings", cards_copy)
    tens, units = sorted(_tracker_numbers(db), reverse=True)
    assert tens + units >= 3 * 12 + 40


def test_the_printed_tracker_shows_the_tens_up_to_the_total(shipped_kits):
    path = next(p for p in shipped_kits["heartstrings", "a4"] if p.name == "heartstring-tracker-a4.pdf")
    text = PdfReader(path).pages[0].extract_text()
    assert "TENS" in text and "UNITS" in text and "46 with 3 players" in " ".join(text.split())
    assert re.search(r"\b40\b", text) and not re.search(r"\b50\b", text)
