"""The calculators through click's CliRunner: damage, rage, threats, odds."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from htb_table import ANN, BEN, new_game, put

from companion.cli import cli


@pytest.fixture
def run():
    runner = CliRunner()

    def invoke(*args):
        return runner.invoke(cli, ["half-the-battle", *args])
    return invoke


def test_damage_explains_the_step(run):
    result = run("damage", "--die", "d12", "--hp", "5", "--amount", "7")
    assert result.exit_code == 0, result.output
    assert "Fighter d12: 5 HP - 7 damage (not lethal) -> stays on 1 HP" in result.output


def test_damage_names_who_uses_each_item(run):
    """The steps name the player using an item (they began " uses Flimsy Shield", with no one)."""
    result = run("damage", "--die", "d8", "--hp", "5", "--amount", "7", "--item", "flimsy-shield",
                 "--item", "vial-of-poison", "--json")
    assert result.exit_code == 0, result.output
    steps = json.loads(result.output)["steps"]
    assert steps[:2] == ["Attacker uses Vial of Poison", "Defender uses Flimsy Shield"]
    assert all(not step.startswith(" ") for step in steps)


def test_a_mirror_shield_reflects_onto_the_attacker_given_or_onto_no_piece_made_up(run):
    """Play audit: the reflected damage was dealt to "Attacker's Fighter d12: 12 HP", a piece the
    user never named. Without --attacker-die it is damage to the attacker; with it, to that piece."""
    base = ["damage", "--die", "d8", "--hp", "4", "--amount", "3", "--item", "mirror-shield"]
    plain = run(*base)
    assert plain.exit_code == 0, plain.output
    assert "The attacker takes 3 damage (give --attacker-die to see its HP after)" in plain.output
    assert "Fighter" not in plain.output
    named = run(*base, "--attacker-die", "d6", "--attacker-hp", "3")
    assert "Attacker's Bard d6: 3 HP - 3 damage (not lethal) -> stays on 1 HP" in named.output
    assert run(*base, "--attacker-die", "d6", "--attacker-hp", "9").exit_code == 1
    assert run(*base, "--attacker-hp", "3").exit_code == 2  # a HP without a die is a usage mistake


@pytest.mark.parametrize("args, hp_after, dies", [
    (["--die", "d8", "--hp", "5", "--amount", "7", "--lethal"], 0, True),
    (["--die", "d20", "--hp", "5", "--amount", "7", "--lethal", "--monster"], 1, False),
    (["--die", "d4", "--hp", "4", "--amount", "4", "--lethal", "--item", "flimsy-shield"], 2, False),
    (["--die", "d12", "--hp", "6", "--amount", "6", "--item", "vial-of-poison"], 0, True),
    (["--die", "d10/0", "--hp", "1", "--amount", "1"], 0, True),
], ids=["lethal", "monster", "flimsy", "poison", "d10-0-on-1"])
def test_damage_json(run, args, hp_after, dies):
    result = run("damage", *args, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert (data["hp_after"], data["dies"]) == (hp_after, dies)


@pytest.mark.parametrize("args, message", [
    (["--die", "d7", "--hp", "1", "--amount", "1"], "no piece uses a 'd7'"),
    (["--die", "d4", "--hp", "9", "--amount", "1"], "1 to 4 HP"),
    (["--die", "d8", "--hp", "3", "--amount", "1", "--monster"], "monster uses the d20"),
    (["--die", "d8", "--hp", "3", "--amount", "1", "--item", "cake"], "no item 'cake'"),
], ids=["die", "hp", "monster", "item"])
def test_damage_refuses_bad_input_without_traceback(run, args, message):
    result = run("damage", *args)
    assert result.exit_code == 1 and message in result.output and "Traceback" not in result.output


def test_rage_json(run):
    result = run("rage", "--dice", "d12,d8", "--enemies-alive", "3", "--json")
    data = json.loads(result.output)
    assert (data["rage"], data["max_damage"], data["wasted"]) == (20, 6, 2)


def test_odds_are_exact(run):
    data = json.loads(run("odds", "--json").output)
    assert data["start_hp"]["11"] == "1/10" and data["first_player_initiative"] == "1/2"


def test_threats_from_a_state_file(run, engine, tmp_path):
    state = new_game(engine)
    put(state, ANN, "d8", lane=6, hp=1)
    put(state, BEN, "d12", lane=7)
    path = tmp_path / "position.json"
    path.write_text(json.dumps(state.to_json()))
    result = run("threats", "--state", str(path), "--player", "Ann", "--json")
    assert result.exit_code == 0, result.output
    found = json.loads(result.output)["Ann"]
    assert any(t["attacker"] == "Fighter d12" and t["target"] == "0-d8" for t in found)


def test_help_has_examples(run):
    for command in ("damage", "rage", "threats", "odds"):
        assert "Example" in run(command, "--help").output


def test_threats_from_a_session(run):
    keys = ["3", "8", "vial-of-poison", "flimsy-shield", "mirror-shield", "potion-of-healing", "0-d12", "quit"]
    started = CliRunner().invoke(cli, ["play", "half-the-battle", "--players", "Ann,Ben", "--name", "duel"],
                                 input="".join(k + "\n" for k in keys))
    assert started.exit_code == 0, started.output
    result = run("threats", "--state", "duel")
    assert result.exit_code == 0, result.output
    assert "Ann: 0 killing threats" in result.output      # nobody is low enough yet
    missing = run("threats", "--state", "no-such-game")
    assert missing.exit_code == 1 and "Traceback" not in missing.output


def test_threats_from_a_missing_state_file_says_the_file_is_missing(run, tmp_path):
    """A path that names no file is not looked up as a session name (which listed every saved
    session on the shared screen)."""
    path = tmp_path / "position.json"
    result = run("threats", "--state", str(path))
    assert result.exit_code == 1, result.output
    assert f"{path}: no such file" in result.output and "no session named" not in result.output


@pytest.mark.parametrize("text", ["{}", "[1, 2]", "not json"])
def test_threats_from_a_file_that_is_no_state_says_so_in_plain_words(run, tmp_path, text):
    """Play audit: `{}` printed "HalfTheBattleState.__init__() missing 2 required positional arguments"."""
    path = tmp_path / "bad.json"
    path.write_text(text)
    result = run("threats", "--state", str(path))
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert f"{path}: not a Half the Battle game state" in " ".join(result.output.split())
    assert "__init__" not in result.output and "positional" not in result.output


def test_odds_text_says_what_each_figure_is(run):
    """It printed `  starts on 11 HP: 1/10` under no heading, and the initiative figures without
    the rule they come from."""
    lines = run("odds").output.splitlines()
    assert lines[0] == "A monster's starting HP, from one roll of the d20:"
    assert lines[1] == "  starts on 11 HP: 1/10"
    assert "Initiative: the monster with the lower starting HP takes it; equal HP are rolled again." in lines
    assert "  first player takes the initiative: 1/2" in lines
