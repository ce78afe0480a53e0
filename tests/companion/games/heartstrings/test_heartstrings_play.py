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
