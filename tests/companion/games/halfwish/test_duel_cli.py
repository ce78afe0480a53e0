"""Specification of `deckwright halfwish duel` and `deckwright halfwish odds`.

The rules text: the gamemaster is there "to help with math
(gasp) during duels".
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from cards import load_game
from companion.cli import cli

RULES = load_game("halfwish").rules


def run(runner, *args: str):
    return runner.invoke(cli, ["halfwish", *args])


def duel_json(runner, *args: str) -> dict:
    result = run(runner, "duel", *args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_duel_reproduces_the_seed_long_strike_example(runner):
    """ "Player A rolls 10 and plays Long Strike, Player B rolls 12 and plays Strike. ...
    Player A deals 8 damage to player B. Player B does 12-8=4 damage back to Player A." """
    result = run(runner, "duel", "--a", "long-strike", "--a-dv", "10", "--b", "strike", "--b-dv", "12")
    assert result.exit_code == 0, result.output
    assert "Long Strike strikes first for 8: B takes 8." in result.output
    assert "B retaliates: 12 - 8 = 4: A takes 4." in result.output
    assert "Tally: A 1, B 1: a tie." in result.output


def test_duel_json_has_damage_points_winner_and_steps(runner):
    data = duel_json(runner, "--a", "long-strike", "--a-dv", "10", "--b", "strike", "--b-dv", "12")
    assert (data["a"]["damage_taken"], data["b"]["damage_taken"]) == (4, 8)
    assert (data["a"]["points"], data["b"]["points"], data["winner"]) == (1, 1, "tie")
    assert any("12 - 8 = 4" in step for step in data["steps"])


def test_duel_heavy_strike_gains_exposed_on_reveal_and_ignores_defend(runner):
    """ "When revealed, gain 2 Exposed." and "the player who played Defend taking full damage." """
    data = duel_json(runner, "--a", "heavy-strike", "--a-dv", "6", "--b", "defend", "--b-dv", "12")
    heavy = RULES.actions["heavy-strike"]
    assert data["b"]["damage_taken"] == 6 + heavy["dv"]
    assert any("gains 2 Exposed" in step for step in data["steps"])


def test_duel_two_actions_each_clash_pairwise(runner):
    data = duel_json(runner, "--a", "strike,strike", "--a-dv", "10", "--b", "defend,evade", "--b-dv", "7")
    assert data["b"]["hits"] == [10 - (7 + RULES.actions["defend"]["dv"]), 10]
    assert data["a"]["points"] == 2
    assert data["winner"] == "a"


def test_duel_aggressor_b_scores_as_aggressor(runner):
    data = duel_json(runner, "--a", "strike", "--a-dv", "3", "--b", "strike", "--b-dv", "9", "--aggressor", "b")
    assert data["aggressor"] == "b"
    assert (data["a"]["points"], data["b"]["points"]) == (0, RULES.aggressor_points_per_hit)


def test_duel_modifiers_change_the_maths(runner):
    """Exposed (+1 per stack), Toughness (-1 per stack) and DV changes from the command line."""
    data = duel_json(runner, "--a", "strike", "--a-dv", "9", "--a-dv-mod", "1", "--b", "strike", "--b-dv", "4",
                     "--b-exposed", "2", "--b-toughness", "1")
    assert data["b"]["damage_taken"] == (10 - 4) + 2 - 1


def test_duel_roar_adds_dv_and_strike(runner):
    """Roar: "You gain 1 DV. Your actions strike for 2 more this turn." """
    data = duel_json(runner, "--a", "strike", "--a-dv", "6", "--b", "defend", "--b-dv", "5", "--a-power", "roar")
    assert data["b"]["damage_taken"] == (6 + 1 + 2) - (5 + RULES.actions["defend"]["dv"])


def test_duel_taunt_in_preparation_swaps_the_roles(runner):
    """Taunt: "If played during preparation, your opponent becomes the aggressor." """
    data = duel_json(runner, "--a", "strike", "--a-dv", "6", "--b", "strike", "--b-dv", "5",
                     "--b-power", "taunt", "--phase", "preparation")
    assert data["aggressor"] == "a"
    swapped = duel_json(runner, "--a", "strike", "--a-dv", "6", "--b", "strike", "--b-dv", "5",
                        "--a-power", "taunt", "--phase", "preparation")
    assert swapped["aggressor"] == "b"


def test_duel_feint_above_its_dv_is_a_rules_problem(runner):
    """Feint "transforms one of the player's face-up actions to an Evade if the player's DV is
    5 or less." """
    result = run(runner, "duel", "--a", "strike", "--a-dv", "6", "--b", "strike", "--b-dv", "4", "--a-power", "feint")
    assert result.exit_code == 1
    assert "Feint needs a DV of 5 or less" in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize(("args", "message"), [
    (["--a", "slash", "--a-dv", "5", "--b", "strike", "--b-dv", "5"], "unknown action 'slash'; did you mean 'shield-bash'? valid ids: strike"),
    (["--a", "strike", "--a-dv", "13", "--b", "strike", "--b-dv", "5"], "not 13"),
    (["--a", "strike", "--a-dv", "1", "--b", "strike", "--b-dv", "5"], "not 1"),
    (["--a", "strike,strike", "--a-dv", "5", "--b", "strike", "--b-dv", "5"], "same number of actions"),
    (["--a", "strike,strike,strike", "--a-dv", "5", "--b", "strike", "--b-dv", "5"], "got 3"),
    (["--a", "strike", "--a-dv", "5", "--b", "strike", "--b-dv", "5", "--a-power", "fireball"], "unknown power"),
    (["--a", "strike", "--a-dv", "5", "--b", "strike", "--b-dv", "5", "--a-power", "roar", "--a-power", "taunt"],
     "non-basic power"),
], ids=["unknown-action", "dv-too-high", "dv-too-low", "counts-differ", "too-many", "unknown-power", "two-powers"])
def test_duel_usage_errors_exit_2_with_a_message(runner, args, message):
    result = run(runner, "duel", *args)
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


def test_duel_help_shows_an_example(runner):
    result = run(runner, "duel", "--help")
    assert result.exit_code == 0
    assert "deckwright halfwish duel --a long-strike --a-dv 10 --b strike --b-dv 12" in result.output


def test_duel_accepts_an_upgrade_id(runner):
    """Cheap Shot scores a point when it deals damage; the point counts in the tally."""
    data = duel_json(runner, "--a", "cheap-shot", "--a-dv", "9", "--b", "strike", "--b-dv", "8")
    assert (data["a"]["points"], data["winner"]) == (2, "a")


# --- odds -------------------------------------------------------------------------------

def test_odds_of_strike_against_evade(runner):
    """B evades when B rolls 8 or more on 2d6: 15 of 36."""
    result = run(runner, "odds", "--a", "strike", "--b", "evade", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert Fraction(data["b"]["wins"]["exact"]) == Fraction(15, 36)
    assert data["outcomes"] == 36 * 36


def test_odds_with_one_known_dv(runner):
    result = run(runner, "odds", "--a", "long-strike", "--b", "strike", "--b-dv", "12")
    assert result.exit_code == 0, result.output
    assert "DV 12" in result.output
    assert "36 equally likely dice outcomes" in result.output


def test_odds_matrix_prints_every_basic_action(runner):
    result = run(runner, "odds", "--matrix")
    assert result.exit_code == 0, result.output
    for name in ("Strike", "Long Strike", "Heavy Strike", "Defend", "Evade"):
        assert name in result.output
    assert "100.0%" in result.output  # Heavy Strike always beats Defend when attacking


def test_odds_matrix_json_has_a_cell_per_pair(runner):
    data = json.loads(run(runner, "odds", "--matrix", "--json").output)
    assert len(data["cells"]) == len(data["actions"]) ** 2


@pytest.mark.parametrize("args", [["--a", "strike"], ["--a", "strike", "--b", "evade", "--a-dv", "3", "--b-dv", "4"],
                                  ["--a", "strike", "--b", "evade", "--a-dv", "0"]],
                         ids=["missing-b", "two-known-dvs", "impossible-dv"])
def test_odds_usage_errors_exit_2(runner, args):
    result = run(runner, "odds", *args)
    assert result.exit_code == 2
    assert "Traceback" not in result.output


# --- powers in the calculator (their effects come from cards/halfwish/powers.yaml) ----------

def test_duel_earthquake_in_the_showdown_swaps_the_opponents_actions(runner):
    """Earthquake: "Your opponent has -1 DV this turn. If played during the showdown, swap the
    position of their actions." """
    data = duel_json(runner, "--a", "strike,evade", "--a-dv", "9", "--b", "evade,strike", "--b-dv", "8",
                     "--a-power", "earthquake")
    # swapped, B's Strike (DV 8 - 1) meets A's Strike and B's Evade meets A's Evade
    assert data["b"]["hits"] == [9 - (8 - 1)]
    assert any("actions swap places" in step for step in data["steps"])


def test_duel_bubble_when_losing_stops_all_damage(runner):
    """Bubble: "If you are losing, you cannot take damage this turn." """
    data = duel_json(runner, "--a", "heavy-strike", "--a-dv", "12", "--b", "defend", "--b-dv", "2",
                     "--b-power", "bubble", "--losing", "b")
    assert data["b"]["damage_taken"] == 0
    assert data["winner"] == "b"


def test_duel_bubble_when_not_losing_gives_both_toughness(runner):
    """Bubble: "Otherwise, both players gain 5 Toughness." """
    data = duel_json(runner, "--a", "strike", "--a-dv", "12", "--b", "strike", "--b-dv", "4", "--b-power", "bubble")
    assert data["b"]["damage_taken"] == max(0, (12 - 4) - 5)


def test_duel_mnka_giga_locks_the_dvs(runner):
    """M'nka Giga: "DVs cannot change this turn" - a Halfwish played after it changes nothing.
    B attacks, so B's power is played first."""
    data = duel_json(runner, "--a", "strike", "--a-dv", "3", "--b", "strike", "--b-dv", "9", "--aggressor", "b",
                     "--b-power", "mnka-giga", "--a-power", "halfwish", "--phase", "preparation")
    assert data["a"]["damage_taken"] == 9 - 3
    assert any("DVs cannot change this turn" in step for step in data["steps"])
    assert any("steals 2 points" in step for step in data["after"])


def test_duel_halfwish_sets_the_dv(runner):
    """Halfwish: "allows players to set their Dice Value (DV) to 7 or reroll their DV" """
    data = duel_json(runner, "--a", "strike", "--a-dv", "3", "--b", "strike", "--b-dv", "5", "--a-power", "halfwish")
    assert data["b"]["damage_taken"] == RULES.halfwish_set_dv - 5


def test_duel_scry_gains_dv_only_when_lower(runner):
    """Scry: "If your DV is lower, gain 4 DV." """
    lower = duel_json(runner, "--a", "strike", "--a-dv", "5", "--b", "strike", "--b-dv", "6", "--a-power", "scry")
    higher = duel_json(runner, "--a", "strike", "--a-dv", "7", "--b", "strike", "--b-dv", "6", "--a-power", "scry")
    assert lower["b"]["damage_taken"] == (5 + 4) - 6
    assert higher["b"]["damage_taken"] == 7 - 6


def test_duel_ignite_damage_counts_as_a_time_taken(runner):
    """Ignite: "Deal 2 damage." - "Map cards, powers and reveal effects can sometimes cause players
    to gain or lose points during the duel by dealing damage" """
    data = duel_json(runner, "--a", "defend", "--a-dv", "6", "--b", "defend", "--b-dv", "6", "--a-power", "ignite")
    assert data["b"]["hits"] == [2]
    assert data["b"]["damage_taken"] == 0  # combat damage only; Ignite's was dealt when played
    assert sum(data["b"]["hits"]) == 2
    assert data["a"]["points"] == RULES.aggressor_points_per_hit


def test_duel_result_line_counts_ignite_damage(runner):
    """Ignite: "Deal 2 damage." The result line tells the whole damage a player took in the duel."""
    result = run(runner, "duel", "--a", "defend", "--a-dv", "6", "--b", "defend", "--b-dv", "6",
                 "--a-power", "ignite")
    assert result.exit_code == 0, result.output
    assert "B takes 2 (2 before the combat, 0 in it)" in result.output


def test_duel_feint_can_name_the_action_it_transforms(runner):
    """Feint "transforms one of the player's face-up actions to an Evade" - feint:2 the second."""
    data = duel_json(runner, "--a", "strike,strike", "--a-dv", "4", "--b", "strike,evade", "--b-dv", "9",
                     "--a-power", "feint:2")
    assert any("Strike becomes an Evade" in step for step in data["steps"])
    assert data["a"]["hits"] == [9 - 4]  # left still clashes strike against strike; right is evade vs evade


# --- the calculators print what they printed before the step machine ----------------------------

BEFORE = Path(__file__).parents[3] / "fixtures" / "halfwish-calculators-before-step-machine.txt"


def recorded_runs() -> list[tuple[str, int, str]]:
    """(arguments, exit code, output) of each calculator run recorded with the engine of before."""
    runs = []
    for block in BEFORE.read_text().split("$ deckwright halfwish ")[1:]:
        command, code, *output = block.rstrip("\n").split("\n")
        runs.append((command, int(code.removeprefix("# exit ")), "\n".join(output)))
    return runs


@pytest.mark.parametrize(("command", "code", "output"), recorded_runs(), ids=lambda x: str(x)[:50])
def test_calculator_output_is_the_one_recorded_before_the_step_machine(runner, command, code, output):
    """The duel calculator and the odds now drive the engine's duel steps; what they print did not change."""
    result = run(runner, *command.split())
    assert (result.exit_code, result.output.rstrip("\n")) == (code, output)


def test_the_calculators_fit_80_columns(runner):
    """Play audit: in an 80-column terminal the duel explanation broke mid-word (`B's Evade succ|eeds`)
    and the odds matrix was 84 columns wide."""
    for args in (["duel", "--a", "long-strike", "--a-dv", "10", "--b", "evade", "--b-dv", "12"], ["odds", "--matrix"]):
        result = runner.invoke(cli, ["halfwish", *args], env={"COLUMNS": "80"})
        assert result.exit_code == 0 and max(map(len, result.output.splitlines())) <= 80, result.output


def test_odds_matrix_shows_ties_beside_wins(runner):
    """A row of 0.0% wins (Defend as the aggressor) did not say whether it ties or loses; Long
    Strike against Heavy Strike ties 81.3% of the time and wins 15.9%."""
    result = run(runner, "odds", "--matrix")
    lines = result.output.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("Chance that the duel is a tie"))
    ties = {line.split("  ")[0]: line.split()[-5:] for line in lines[at + 2:at + 7]}
    assert ties["Long Strike"] == ["63.7%", "0.0%", "81.3%", "0.0%", "0.0%"]
    assert ties["Defend"] == ["0.0%"] * 5   # the aggressor who only defends loses every duel


@pytest.mark.parametrize(("args", "message"), [
    (["--a", "strke", "--a-dv", "5", "--b", "strike", "--b-dv", "5"], "unknown action 'strke'; did you mean 'strike'"),
    (["--a", "strike", "--a-dv", "5", "--b", "strike", "--b-dv", "5", "--a-power", "taunnt"],
     "unknown power 'taunnt'; did you mean 'taunt'"),
], ids=["action", "power"])
def test_a_mistyped_id_is_answered_with_the_close_one(runner, args, message):
    """Table audit: `--a strke` listed all 25 action ids on one line, the one meant somewhere in it."""
    result = run(runner, "duel", *args)
    assert result.exit_code == 2 and message in " ".join(result.output.split())
