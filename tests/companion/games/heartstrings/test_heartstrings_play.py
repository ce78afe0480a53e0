"""`deckwright play heartstrings` fed keystrokes: the gamemaster types the dice rolled at the table."""

from __future__ import annotations

from cards import load_game
from companion.cli import cli

RULES = load_game("heartstrings").rules

# Roll-off Ann 12, Ben 3; Ann occupies room 9; Ben invades it rolling 4, Ann's token rolls 5.
KEYS = ["12", "3", "9", "9", "4", "5"]


def test_gamemaster_sees_the_room_9_combat_explained_and_the_tally(runner):
    """Seed: "If a player invades room 9, the Attacker's roll automatically gains 3." """
    result = runner.invoke(cli, ["play", "heartstrings", "--players", "Ann,Ben", "--name", "hs-keys"],
                           input="\n".join([*KEYS, "quit"]) + "\n")
    assert result.exit_code == 0, result.output
    assert ("Room 9 (attacker +3): Ben rolls 4+3 = 7; Ann's token rolls 5: 7 beats 5, Ann loses the token "
            f"and takes ceil(2/2) = 1 damage; Ann has {RULES.beads_per_player - 1} beads left, "
            f"pool {RULES.bead_pool + 1}") in result.output
    assert "Ben takes room 9 (attacker +3)" in result.output
    assert f"Ann (green): {RULES.beads_per_player - 1} beads, {RULES.tokens_per_player} tokens in supply" \
        in result.output
    assert "Room 9 (attacker +3): Ben x1" in result.output


def test_a_roll_the_d6_cannot_show_is_asked_again(runner):
    result = runner.invoke(cli, ["play", "heartstrings", "--players", "Ann,Ben", "--name", "hs-bad"],
                           input="\n".join([*KEYS[:4], "7", "4", "5", "quit"]) + "\n")
    assert result.exit_code == 0, result.output
    assert "a d6 cannot show 7" in result.output
    assert "Ben rolls 4+3 = 7" in result.output


def test_an_unknown_setup_option_is_a_usage_error(runner):
    """Heartstrings has no setup options: the core refuses any key and says so (exit 2, no traceback)."""
    result = runner.invoke(cli, ["play", "heartstrings", "--players", "Ann,Ben", "-o", "nosuchkey=1"], input="quit\n")
    assert result.exit_code == 2
    assert "unknown setup option 'nosuchkey'; valid options: none (this game has no setup options)" in result.output
    assert "Traceback" not in result.output


def state_blocks(output: str) -> list[list[str]]:
    """Each run of state-block lines (`  | `) in a play transcript."""
    blocks: list[list[str]] = [[]]
    for line in output.splitlines():
        if line.startswith("  | "):
            blocks[-1].append(line)
        elif blocks[-1]:
            blocks.append([])
    return [block for block in blocks if block]


def test_a_full_board_takes_two_columns_on_an_80_column_screen(runner, tmp_path):
    """Session 26: the block took a line a room, 16 lines for three players and 12 rooms, leaving a
    30-line screen little room for the turn. Now the rooms stand in two aligned columns: 3 players,
    the pool and 6 rows (one more while a combat is under way)."""
    result = runner.invoke(cli, ["play", "heartstrings", "--players", "Ann,Ben,Cy", "--seed", "7", "--auto-roll",
                                 "--db", str(tmp_path / "s.db")], input="1\n" * 3000,
                           env={"NO_COLOR": "1", "COLUMNS": "80"})
    blocks = state_blocks(result.output)
    full = [block for block in blocks if all(f"Room {room}" in "".join(block) for room in range(1, 13))
            and "empty" not in "".join(block)]
    assert full, "the seeded game fills every room at some turn"
    assert max(map(len, blocks)) <= 3 + 1 + 6 + 1, max(blocks, key=len)
    row = next(line for line in full[0] if "Room 1 " in line)
    assert row.index("Room 7") == next(line for line in full[0] if "Room 2" in line).index("Room 8")
    assert all(len(line) <= 80 for block in blocks for line in block)
    # play audit: the second column moved a space as rooms filled; it keeps its place on every screen
    second = {line.index("Room 7") for block in blocks for line in block if "Room 1 " in line and "Room 7" in line}
    assert len(second) == 1, second


def test_a_piped_game_keeps_a_room_a_line(runner, tmp_path):
    """Logs and transcripts keep one fact a line (as the events do): no columns without a screen."""
    result = runner.invoke(cli, ["play", "heartstrings", "--players", "Ann,Ben", "--name", "hs-piped",
                                 "--db", str(tmp_path / "s.db")], input="\n".join([*KEYS, "quit"]) + "\n")
    assert "  | Room 9 (attacker +3): Ben x1\n" in result.output
    assert "  | Room 1 (bead bonus): empty\n" in result.output
