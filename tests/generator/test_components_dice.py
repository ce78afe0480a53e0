"""The dice a game needs are listed on the rulebook's "What you should have" page, which the kit
does not print (sixth-game audit: GAME_FORMAT said they were listed there; they appeared nowhere
unless the game's own template printed them, and a dice-only edit redrew nothing)."""

from __future__ import annotations

import shutil
from pathlib import Path

from pypdf import PdfReader

from cards import load_game
from companion.cli import cli
from generator.dependencies import rulebook_inputs

TINY = Path(__file__).resolve().parents[1] / "fixtures" / "tinygame"


def _with_dice(tmp_path: Path, dice: str) -> Path:
    root = tmp_path / "cards"
    shutil.copytree(TINY, root / "tinygame")
    (root / "tinygame" / "dice.yaml").write_text(dice)
    return root


def test_the_dice_are_listed_under_the_components_and_an_edit_of_them_redraws_the_rulebook(runner, tmp_path):
    root = _with_dice(tmp_path, "dice:\n  - {id: d6, name: Race die, sides: 6, count: 2}\n"
                                "  - {id: d20, name: Tie-break d20, sides: 20}\n")
    out = tmp_path / "out"
    result = runner.invoke(cli, ["--cards", str(root), "build", "tinygame", "--paper", "a4", "--only", "rulebook",
                                 "--out", str(out)])
    assert result.exit_code == 0, result.output
    text = " ".join(" ".join(page.extract_text() for page in PdfReader(out / "tinygame" / "rulebook-a4.pdf").pages).split())
    assert "Not printed, from your own shelf: 2 \u00d7 Race die (d6); Tie-break d20." in text
    before = rulebook_inputs(load_game("tinygame", root), "a4")
    (root / "tinygame" / "dice.yaml").write_text("dice:\n  - {id: d6, name: Race die, sides: 6, count: 3}\n")
    assert rulebook_inputs(load_game("tinygame", root), "a4") != before


def test_a_game_without_dice_says_nothing_of_them(runner, tmp_path):
    root = tmp_path / "cards"
    shutil.copytree(TINY, root / "tinygame")
    out = tmp_path / "out"
    result = runner.invoke(cli, ["--cards", str(root), "build", "tinygame", "--paper", "a4", "--only", "rulebook",
                                 "--out", str(out)])
    assert result.exit_code == 0, result.output
    text = " ".join(page.extract_text() for page in PdfReader(out / "tinygame" / "rulebook-a4.pdf").pages)
    assert "own shelf" not in text
