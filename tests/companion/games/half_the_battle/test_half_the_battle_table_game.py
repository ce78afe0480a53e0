"""A whole game played by hand at the table through `deckwright play half-the-battle` (in an
80-column terminal), kept as its keystrokes: replayed through the CLI, it must print the same
transcript (`tests/playthroughs/half-the-battle-table.txt`) and end the same way.

The keys include what the gamemaster really typed, mistakes too (a target typed after the
only target had been taken is refused and asked again). The three answers that once ordered the
two Flame Breaths' pieces are gone again: no item or token could answer those hits, so the engine
now takes the board's order without asking (play audit s27). Regenerate the transcript after a
deliberate change with `UPDATE_PLAYTHROUGHS=1` and read the diff.
"""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner

from companion.cli import cli
from companion.engine.transcript import compare_transcript

HERE = Path(__file__).parent
KEYS = HERE / "data" / "table-game-keys.txt"
TRANSCRIPT = HERE.parents[2] / "playthroughs" / "half-the-battle-table.txt"
NEW = ["play", "half-the-battle", "--players", "Ann,Ben", "--seed", "5", "--name", "table"]
CORE_LINES = ("  possible:", "  !", "Starting ")   # the play loop's own lines, not the game's (and its prompts)


def play_the_table_game() -> str:
    result = CliRunner().invoke(cli, NEW, input=KEYS.read_text())
    assert result.exit_code == 0, result.output
    return result.output


def test_the_hand_played_game_replays_word_for_word():
    assert compare_transcript(TRANSCRIPT, play_the_table_game())


def test_the_hand_played_game_ends_with_bens_win():
    out = play_the_table_game()
    assert "Game over: Ben wins in round 24 (elimination)\n" in out
    for moment in ("Ben uses Mirror Shield", "Ann uses Vial of Poison", "Ann uses Flimsy Shield",
                   "Ann's Cleric d10 is set to 5 HP", "Serenaded to r18", "Ann's monster is on 7 HP: a free ability token"):
        assert moment in out, moment


def test_what_the_game_prints_fits_80_columns():
    out = play_the_table_game()
    wide = [line for line in out.splitlines() if len(line) > 80 and not line.startswith(CORE_LINES) and " > " not in line]
    assert wide == []


def test_selections_stay_hidden_until_both_chose():
    out = play_the_table_game().splitlines()
    first = next(i for i, line in enumerate(out) if "Ann has selected a piece" in line)
    reveal = next(i for i, line in enumerate(out) if line.startswith("  Selected:"))
    assert not any("selected:" in line for line in out[first:reveal])


def test_a_wrapped_selection_prompt_keeps_its_numbers_together():
    """Audit s25: on an 80-column screen the prompt `... select a piece in secret (1-5, 7,` went on
    `8) > `, a line that reads like a menu item; the numbers to type now wrap as one."""
    names = ["--players", "Annabel,Benedict Cumberbatch"]  # a prompt too long for one line
    result = CliRunner().invoke(cli, [*NEW[:2], *names, *NEW[4:]], input=KEYS.read_text(), env={"COLUMNS": "80"})
    lines = result.output.splitlines()
    assert "(1-5, 7, 8) > (hidden)" in lines[lines.index("Round 4 · Benedict Cumberbatch: select a piece in secret") + 1]
    assert not [line for line in lines if re.match(r"\d+\) > ", line)]


def test_no_menu_label_is_cut_short():
    """Play audit s27: the Rage purchase menu's labels lost their price to `…` in two columns."""
    assert "…" not in play_the_table_game()
