"""Layout values are checked where they are read: a token or card size that cannot be cut and a
count no printer can print are located lint errors, not a traceback, a hang or a page storm."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from harness import written_files

from cards.measures import MAX_COPIES

TOKEN_SIZES = [("0mm", "above 0"), (".nan", "finite"), ("100000mm", "larger than"), ("-5mm", "above 0")]


@pytest.mark.parametrize(("size", "said"), TOKEN_SIZES, ids=[s for s, _ in TOKEN_SIZES])
def test_token_size_that_cannot_be_cut_is_located(game_copy, tmp_path: Path, size: str, said: str) -> None:
    copy = game_copy("heartstrings")
    line = copy.edit("components.yaml", r"^    size: 20mm$", f"    size: {size}")
    result = copy.refused()
    assert re.search(rf"components\.yaml:{line}:\d+: tokens\[player-tokens\]\.size: .*{said}", result.output), result.output
    assert copy.build(tmp_path / "out").exit_code == 1
    assert written_files(tmp_path / "out") == []


def test_token_count_beyond_any_print_run_is_located(game_copy) -> None:
    copy = game_copy("heartstrings")
    line = copy.edit("components.yaml", r"token-green, name: Green player token, count: 12",
                     "token-green, name: Green player token, count: 5000000")
    result = copy.refused()
    assert f"components.yaml:{line}:" in result.output
    assert f"tokens[player-tokens].tokens[token-green].count: 5,000,000 copies; at most {MAX_COPIES:,}" in result.output


def test_bleed_wider_than_a_card_is_located(game_copy) -> None:
    copy = game_copy("which-witch")
    line = copy.edit("game.yaml", r"^  bleed: 3mm$", "  bleed: 900mm")
    result = copy.refused()
    assert f"game.yaml:{line}:3: print.bleed: '900mm' is larger than 20 mm" in result.output


def test_deck_size_with_a_zero_side_is_located(game_copy) -> None:
    copy = game_copy("heartstrings")
    (copy.folder / "extra.yaml").write_text(
        "decks:\n  - {id: odd, name: Odd, code: OD, size: 0mm x 88mm, cards: [{id: odd-1, name: One}]}\n")
    result = copy.refused()
    assert "extra.yaml:2:" in result.output and "decks[odd].size: expected a size with sides above 0" in result.output


def _add_element(tiny, element: str) -> int:
    """Append `element` to the Race Deck's card layout; its line."""
    layout = tiny.folder / "templates" / "tiny-card.yaml"
    layout.write_text(layout.read_text() + f"  - {element}\n")
    return len(layout.read_text().rstrip("\n").split("\n"))


@pytest.mark.parametrize(("element", "said"), [
    ('{id: dots, type: circle, x: 1, y: 1, w: 1, h: 1, fill: "#000000", repeat: {name: i, from: 1, to: 100000000}}',
     "repeat: 100,000,000 copies; at most 1,000"),
    ("{id: score, type: track, x: 2, y: 60, w: 59, h: 10, from: 0, to: 100000000, size: 7}",
     "track: 100,000,001 copies; at most 1,000"),
    ("{id: score, type: track, x: 2, y: 60, w: 59, h: 10, from: 0, to: 10, columns: 0, size: 7}",
     "columns: expected a whole number above 0, got 0"),
    ("{id: score, type: track, x: 2, y: 60, w: 59, h: 10, from: 0, to: 10, step: 0, size: 7}",
     "step: expected a whole number above 0, got 0"),
], ids=["repeat", "track", "columns", "step"])
def test_a_repeat_or_track_no_layout_means_is_a_located_error_at_once(tiny, element: str, said: str) -> None:
    """Sixth-game audit: `to: 100000000` grew lint to 4.8 GB in 20 s before it was killed, and
    `columns: 0` printed as if it were 1."""
    line = _add_element(tiny, element)
    result = tiny.refused()  # under the harness's CPU and memory budget
    assert f"tiny-card.yaml:{line}:" in result.output and said in result.output, result.output


def test_track_numbers_too_small_to_read_are_refused(tiny) -> None:
    """Sixth-game audit: a track in one column of cells set its numbers at 4.25 pt, and lint said ok."""
    line = _add_element(tiny, "{id: score, type: track, x: 2, y: 46, w: 59, h: 26, from: 0, to: 10, columns: 1, "
                              "size: 7, decoration: true}")
    result = tiny.lint()
    assert result.exit_code == 1
    assert re.search(rf"tiny-card\.yaml:{line}:\d+: decks\[race\] card '[\w-]+' element 'score': track numbers "
                     r"print at 3\.02 pt; the smallest legible size is 6 pt", " ".join(result.output.split())), result.output
