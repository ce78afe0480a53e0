"""Every rules value the Which Witch engine reads is typed (audit s26, 3): a value that passed `lint`
and then broke the game, or that lint refused only at `game.id` with an engine error, is refused at
its own line."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from cards.paths import DEFAULT_CARDS
from companion.cli import cli


@pytest.mark.parametrize(("old", "new", "where"), [
    ("    two_players: 5 ", "    two_players: 9 ",
     r"game\.yaml:19:\d+: rules\.hearts\.two_players: expected at most 5, got 9"),
    ("cauldron_hearts: 1 ", "cauldron_hearts: 8 ",
     r"game\.yaml:30:\d+: rules\.cauldron_hearts: expected int in 1\.\.rules\.hearts\.max \(int in 1\.\.5\), got 8"),
    ("    two_players: 5 ", "    tow_players: 5 ",
     r"game\.yaml:18:\d+: rules\.hearts: missing required key 'two_players'"),
    ("elements: [fire, wind, lightning,", "elements: [fire, wind, lightening,",
     r"game\.yaml:15:\d+: rules\.elements\[2\]: 'lightening' is not one of fire, .*'lightning'"),
], ids=["start-above-max", "cauldron-above-max", "hearts-key", "element"])
def test_a_rules_value_the_engine_cannot_use_is_refused_at_its_line(
        tmp_path: Path, old: str, new: str, where: str) -> None:
    """On the old code `lint which-witch` passed the first two, and a seeded `sim` game broke the
    rule "You may never have more than 5 Life Hearts": with two_players: 9 both witches started on
    9 hearts (seed 0), with cauldron_hearts: 8 the Cauldron saved a witch back to 8 (seed 1). A
    misspelt hearts key was refused at the templates that print it, not at the key, and `sim`
    crashed (AttributeError); a misspelt element was refused only at game.id ("the which-witch
    rules engine cannot use this database: UnknownWitch ..."), and `sim` crashed (IndexError)."""
    output = lint_with(tmp_path, "game.yaml", old, new)
    assert re.search(where, output), output


def test_a_wand_die_the_engine_cannot_roll_is_refused_at_its_line(tmp_path: Path) -> None:
    """Session 26: a Wand's `die: 1` passed lint's typing; lint refused it only at game.id ("the
    which-witch rules engine cannot use this database: ZeroDivisionError: Fraction(0, 0)")."""
    output = lint_with(tmp_path, "game-cards.yaml", "        die: 8\n", "        die: 1\n")
    assert re.search(r"game-cards\.yaml:167:\d+: decks\[game-cards\]\.cards\[wand-d8\]\.die: "
                     r"expected int in 2\.\.20, got 1\n", output), output


def test_typing_the_wand_die_restamps_no_card(tmp_path: Path) -> None:
    """The Game Cards' layout dumps its whole deck into each card's stamp: with the `die` field's
    rule_type in the dump, all 19 Game Cards took new stamps (and the rulebook printed a new one)
    with nothing printed changed. The stamps are those of the field without a rule_type."""
    from cards import load_game
    from generator.kit import deck_stamps

    stamps = []
    for name, rule_type in (("typed", "rule_type: int in 2..20, "), ("untyped", "")):
        shutil.copytree(DEFAULT_CARDS / "which-witch", tmp_path / name / "which-witch")
        cards = tmp_path / name / "which-witch" / "game-cards.yaml"
        text = cards.read_text()
        assert text.count("die: {type: int, rule_type: int in 2..20, ") == 1
        cards.write_text(text.replace("die: {type: int, rule_type: int in 2..20, ", f"die: {{type: int, {rule_type}"))
        db = load_game("which-witch", tmp_path / name)
        stamps.append(deck_stamps(db, db.deck("game-cards")))
    assert stamps[0] == stamps[1]


def lint_with(tmp_path: Path, file: str, old: str, new: str) -> str:
    """`lint which-witch` on a copy of the shipped game with one edit: its output, with one problem."""
    shutil.copytree(DEFAULT_CARDS / "which-witch", tmp_path / "which-witch")
    target = tmp_path / "which-witch" / file
    assert target.read_text().count(old) == 1
    target.write_text(target.read_text().replace(old, new))
    result = CliRunner().invoke(cli, ["--cards", str(tmp_path), "lint", "which-witch"])
    assert result.exit_code == 1, result.output
    assert "1 problem in" in result.output and "rules engine cannot use" not in result.output
    return result.output
