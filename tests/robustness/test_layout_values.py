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
