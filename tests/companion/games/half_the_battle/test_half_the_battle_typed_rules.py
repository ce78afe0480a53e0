"""Every rules value the Half the Battle engine reads is typed (audit s26, 3): a value that passed
`lint` and then broke the game, or that lint refused only at `game.id` with an engine error, is
refused at its own line."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from cards.paths import DEFAULT_CARDS
from companion.cli import cli


def _lint_with(tmp_path: Path, old: str, new: str, where: str) -> str:
    """`lint` of a copy of the game whose game.yaml has `old` written `new`: exit 1, a problem at `where`."""
    shutil.copytree(DEFAULT_CARDS / "half-the-battle", tmp_path / "half-the-battle")
    game = tmp_path / "half-the-battle" / "game.yaml"
    assert game.read_text().count(old) == 1
    game.write_text(game.read_text().replace(old, new))
    result = CliRunner().invoke(cli, ["--cards", str(tmp_path), "lint", "half-the-battle"])
    assert result.exit_code == 1, result.output
    assert re.search(where, result.output), result.output
    return result.output


@pytest.mark.parametrize(("old", "new", "where"), [
    ("actions_per_phase: 1 ", "actions_per_phase: 0 ",
     r"game\.yaml:26:\d+: rules\.actions_per_phase: expected int >= 1, got 0"),
    ("stalemate_rounds: 10 ", "stalemate_rounds: 0 ",
     r"game\.yaml:35:\d+: rules\.stalemate_rounds: expected int >= 1, got 0"),
    ("    d4: 1\n", "    d4: 7\n", r"game\.yaml:38:\d+: rules\.starting_layout\.d4: expected at most 5, got 7"),
    ("flimsy_divisor: 2 ", "flimsy_divisor: 0 ",
     r"game\.yaml:34:\d+: rules\.flimsy_divisor: expected int >= 1, got 0"),
    ("    flip_item: 12 ", "    flip_itme: 12 ", r"game\.yaml:\d+:\d+: rules\.rage: missing required key 'flip_item'"),
    ("monster_die: d20", "monster_die: d7",
     r"game\.yaml:21:\d+: rules\.monster_die: 'd7' is not one of d4, d6, d8, d10, d10/0, d12, d20\n"),
    ("d12: 12, d20: 20}", "d21: 12, d20: 20}",
     r"game\.yaml:19:\d+: rules\.dice\.d21: the key 'd21' is not one of d4, d6, d8, d10, d10/0, d12, d20"),
    ("dice: {d4: 4,", "dice: {d4: 0,", r"game\.yaml:19:\d+: rules\.dice\.d4: expected at least 1, got 0"),
    ("lethal_hp_floor: 1 ", "lethal_hp_floor: 0 ",
     r"game\.yaml:27:\d+: rules\.lethal_hp_floor: expected int >= 1, got 0"),
], ids=["no-actions", "stalemate-at-once", "layout-in-enemy-half", "flimsy-divisor", "rage-key",
        "monster-die", "dice-key", "die-without-hp", "floor-zero"])
def test_a_rules_value_the_engine_cannot_use_is_refused_at_its_line(
        tmp_path: Path, old: str, new: str, where: str) -> None:
    """On the old code `lint half-the-battle` passed the first three and `sim half-the-battle
    --games 20` misplayed them: with actions_per_phase: 0 no piece ever acted and all 20 games
    ended in stalemate; with stalemate_rounds: 0 all 20 ended as a stalemate on turn 2; with d4: 7
    the left player's d4 started in the right player's half. flimsy_divisor: 0 and a misspelt rage
    key were refused only at game.id (ZeroDivisionError, KeyError), and `sim` crashed.

    Session 26: monster_die: d7 and a misspelt dice key (d21 for d12) were refused only at game.id
    (KeyError) and `sim` crashed; with d4: 0 or lethal_hp_floor: 0 lint passed and the seeded
    random play `sim` runs broke the engine's own invariant (`1-d6 alive on 0 HP`)."""
    output = _lint_with(tmp_path, old, new, where)
    assert "1 problem in" in output and "rules engine cannot use" not in output


@pytest.mark.parametrize(("old", "new", "where"), [
    ("d6: 6, d8: 8, d10: 10", "d6: 6, d10: 10",
     r"game\.yaml:19:\d+: rules\.dice: missing key 'd8' \(the keys must cover decks\.characters\.die\): add it\n"),
    ("    d8: 4\n", "",
     r"game\.yaml:37:\d+: rules\.starting_layout: missing key 'd8' \(the keys must cover decks\.characters\.die\)"),
], ids=["dice", "starting-layout"])
def test_a_die_a_character_uses_left_out_of_a_table_is_refused_at_the_table(
        tmp_path: Path, old: str, new: str, where: str) -> None:
    """Session 26: `dice` or `starting_layout` without the d8 (not misspelt: left out) passed the
    typing and was refused only at game.id (KeyError: 'd8'), and `sim` crashed; every die a card of
    the characters deck gives needs a maximum HP and a starting lane."""
    output = _lint_with(tmp_path, old, new, where)
    assert "1 problem in" in output and "KeyError" not in output


@pytest.mark.parametrize(("old", "new", "where"), [
    ("  lanes: 10 ", "  lanes: 4 ",
     r"game\.yaml:17:\d+: rules\.half: expected int in 1\.\.rules\.lanes / 2 \(int in 1\.\.2\), got 5\n"),
    ("  half: 5 ", "  half: 6 ",
     r"game\.yaml:17:\d+: rules\.half: expected int in 1\.\.rules\.lanes / 2 \(int in 1\.\.5\), got 6\n"),
    ("  items_per_player: 2 ", "  items_per_player: 7 ",
     (r"game\.yaml:24:\d+: rules\.items_per_player: expected int in 0\.\.rules\.items_in_bag / 2 "
     r"\(int in 0\.\.6\), got 7\n")),
    ("character_dice: [d4, d6, d8, d10, d10/0, d12]", "character_dice: [d4, d6, d8, d10, d10/0, d13]",
     (r"game\.yaml:20:\d+: rules\.character_dice\[5\]: 'd13' is not one of d4, d6, d8, d10, d10/0, d12, d20 "
     r"\(did you mean 'd12'\?\)\n")),
], ids=["lanes-fewer-than-the-halves", "halves-overlap", "more-items-than-the-bag", "character-die"])
def test_a_rules_value_that_must_fit_another_is_refused_at_its_line(
        tmp_path: Path, old: str, new: str, where: str) -> None:
    """Session 27, each passed `lint` on the old code: with lanes: 4 (each party's half 5 lanes)
    the pieces started in lanes 0 and 5 of a 4-lane dungeon and `build` failed with a traceback
    (KeyError: 5 in the setup diagram); with half: 6 both parties' halves held lanes 5 and 6; with
    items_per_player: 7 (14 of the bag's 12 items) `sim` failed with a traceback (IndexError) and
    lint only at the engine's smoke game, with no line; a character die no character uses (d13)
    was printed in the rulebook's list of the characters' dice."""
    output = _lint_with(tmp_path, old, new, where)
    assert "1 problem in" in output and "engine:" not in output
