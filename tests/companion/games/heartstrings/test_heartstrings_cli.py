"""`deckwright heartstrings combat` and `odds` through click's CliRunner."""

from __future__ import annotations

import json

import pytest

from cards import load_game
from companion.cli import cli

RULES = load_game("heartstrings").rules


def test_combat_done_when_example(runner):
    """Issue 3: `combat --room 9 --attacker 4 --defender 5 --json` shows the attacker's buffed 7
    beating 5."""
    result = runner.invoke(cli, ["heartstrings", "combat", "--room", "9", "--attacker", "4",
                                 "--defender", "5", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["winner"] == "attacker"
    assert data["attacker"] == {"tokens_lost": 0, "damage": 0}
    assert data["defender"] == {"tokens_lost": 1, "damage": 1}
    assert data["steps"][0]["attacker_total"] == 7
    assert data["steps"][0]["defender_total"] == 5


def test_combat_explains_each_roll_in_text(runner):
    result = runner.invoke(cli, ["heartstrings", "combat", "--room", "8", "--attacker", "6",
                                 "--defender", "1,3,6,2"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("Room 8 (defender +2): the attacker rolls 6; the defender's token rolls 1+2 = 3")
    assert "8 beats 6, the attacker loses the token" in lines[2]
    assert "not rolled: 2" in result.output
    assert lines[-1] == ("The defender wins. Attacker: 1 token lost, 1 damage; "
                         "defender: 2 tokens lost, 3 damage.")


@pytest.mark.parametrize("args, message", [
    (["--attacker", "7", "--defender", "1"], "a d6 cannot show 7"),
    (["--attacker", "0", "--defender", "1"], "a d6 cannot show 0"),
    (["--attacker", "3", "--defender", "1,9"], "a d6 cannot show 9"),
    (["--attacker", "3", "--defender", "two"], "'two' is not a die roll"),
], ids=["attacker-7", "attacker-0", "defender-9", "defender-word"])
def test_combat_refuses_rolls_a_d6_cannot_show(runner, args, message):
    result = runner.invoke(cli, ["heartstrings", "combat", "--room", "5", *args])
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


def test_combat_refuses_a_room_that_does_not_exist(runner):
    missing = str(RULES.rooms + 1)
    result = runner.invoke(cli, ["heartstrings", "combat", "--room", missing, "--attacker", "3", "--defender", "1"])
    assert result.exit_code == 2
    assert f"there is no room {missing}; rooms are 1 to {RULES.rooms}" in result.output


def test_odds_prints_fractions_and_percentages(runner):
    result = runner.invoke(cli, ["heartstrings", "odds", "--room", "9", "--defenders", "1"])
    assert result.exit_code == 0, result.output
    assert "attacker wins the room: 11/12 = 91.67%" in result.output


def test_odds_json_is_exact(runner):
    result = runner.invoke(cli, ["heartstrings", "odds", "--room", "5", "--defenders", "1", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["defender_wins"] == "5/12"
    assert sum(o["percent"] for o in data["outcomes"]) == pytest.approx(100)


def test_odds_refuses_impossible_defender_counts(runner):
    too_many = str(RULES.tokens_per_player + 1)
    result = runner.invoke(cli, ["heartstrings", "odds", "--room", "5", "--defenders", too_many])
    assert result.exit_code == 2
    assert f"1 to {RULES.tokens_per_player} defending tokens" in result.output


@pytest.mark.parametrize("command", ["combat", "odds"])
def test_help_shows_an_example(runner, command):
    result = runner.invoke(cli, ["heartstrings", command, "--help"])
    assert result.exit_code == 0
    assert f"deckwright heartstrings {command} --room" in result.output


def test_a_broken_database_is_a_data_problem(runner, cards_copy):
    game = cards_copy / "heartstrings" / "game.yaml"
    game.write_text(game.read_text().replace("combat_die: 6", "combat_die: six"))
    result = runner.invoke(cli, ["--cards", str(cards_copy), "heartstrings", "odds", "--room", "5"])
    assert result.exit_code == 1
    assert "Traceback" not in result.output


def test_combat_text_says_what_ceil_is(runner):
    """Steps read `takes ceil(2/2) = 1 damage`: the text says where the 2s come from."""
    result = runner.invoke(cli, ["heartstrings", "combat", "--room", "9", "--attacker", "4", "--defender", "5"])
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert "takes ceil(2/2) = 1 damage" in text
    assert (f"Damage is ceil(difference/{RULES.damage_divisor}): the difference of the two totals divided by "
            f"{RULES.damage_divisor}, rounded up; a tie costs the defender the token and "
            f"{RULES.tie_damage} damage.") in text
