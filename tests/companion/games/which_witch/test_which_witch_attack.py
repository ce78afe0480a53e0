"""The attack calculator: exact odds with ties re-rolled, hearts per Spell, and its CLI."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.cli import cli
from companion.games.which_witch.calculators import attack_odds, roll_chances
from companion.games.which_witch.errors import IllegalAttack
from companion.games.which_witch.odds import Side, hit_chance

DICE = [6, 8, 10, 12, 20]


@pytest.fixture(scope="module")
def rules(engine):
    """What the calculator reads the rules through: the engine, whose duel steps it drives."""
    return engine


def test_wind_example_costs_four_hearts(rules):
    """'if the attacking player is the Wind Witch and won the dice roll using 2 Wind Spell Cards,
    the defending player would lose 4 Life Hearts instead of 2.'"""
    odds = attack_odds(rules, Side("wind", 6), Side("ice", 6), "wind", 2)
    assert odds.hearts_if_hit == 4
    assert attack_odds(rules, Side("fire", 6), Side("ice", 6), "wind", 2).hearts_if_hit == 2


def test_equal_dice_and_bonuses_hit_half_the_time(rules):
    """'If there is a tie, both players re-roll under the same conditions until one emerges with
    the higher roll total.' Equal sides are symmetric, so a hit is exactly 1/2."""
    odds = attack_odds(rules, Side("wind", 6), Side("ice", 6), "fire", 1)
    assert odds.p_tie == Fraction(1, 6) and odds.p_hit == Fraction(1, 2)
    assert odds.expected_hearts == Fraction(1, 2)


def test_familiar_bonus_counts_in_the_roll_total(rules):
    """'The attacking player must also add on any points from Familiar Cards they played'.
    d6+1 vs d6: wins 21/36, ties 5/36, so P(hit) = 21/31."""
    odds = attack_odds(rules, Side("wind", 6, 1), Side("ice", 6), "fire", 1)
    assert (odds.p_win_roll, odds.p_tie, odds.p_hit) == (Fraction(21, 36), Fraction(5, 36), Fraction(21, 31))


def test_spell_of_the_defenders_element_is_refused(rules):
    """'The attacking player cannot use Spell Cards that match the Witch Card of the player they are attacking.'"""
    with pytest.raises(IllegalAttack, match="cannot attack the Ice Witch"):
        attack_odds(rules, Side("wind", 6), Side("ice", 6), "ice", 1)


@pytest.mark.parametrize("count", [0, 4])
def test_one_to_three_spells(rules, count):
    """'play up to a total of 3 Spell Cards of the same type.'"""
    with pytest.raises(IllegalAttack, match="1 to 3"):
        attack_odds(rules, Side("wind", 6), Side("ice", 6), "fire", count)


def _tie_rerolls_by_series(a: Side, d: Side, rounds: int = 200) -> float:
    """P(hit) summed over 'tie, tie, ..., attacker wins', the way the table plays it."""
    p_win, p_tie = roll_chances(a, d)
    return sum(float(p_win) * float(p_tie) ** k for k in range(rounds))


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(DICE), st.sampled_from(DICE), st.integers(0, 6), st.integers(0, 6))
def test_hit_chance_equals_rolling_ties_again(rules, a_die, d_die, a_bonus, d_bonus):
    """p_hit = P(A>D) / (1 - P(A=D)) is the sum over any number of tied rolls before a win."""
    attacker, defender = Side("wind", a_die, a_bonus), Side("ice", d_die, d_bonus)
    p_win, p_tie = roll_chances(attacker, defender)
    assert float(hit_chance(p_win, p_tie)) == pytest.approx(_tie_rerolls_by_series(attacker, defender))


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(DICE), st.sampled_from(DICE), st.integers(0, 5))
def test_a_bigger_bonus_never_lowers_the_hit_chance(rules, a_die, d_die, bonus):
    low = attack_odds(rules, Side("wind", a_die, bonus), Side("ice", d_die), "fire", 1).p_hit
    high = attack_odds(rules, Side("wind", a_die, bonus + 1), Side("ice", d_die), "fire", 1).p_hit
    assert high >= low


# -- CLI -----------------------------------------------------------------------------------

def test_cli_json_gives_the_odds_and_steps(runner):
    result = runner.invoke(cli, ["which-witch", "attack", "--attacker", "Wind", "--defender", "ice-witch",
                                 "--spell", "wind", "--count", "2", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert (data["p_hit"], data["hearts_if_hit"], data["expected_hearts"]) == (0.5, 4, 2.0)
    assert any("own element" in step for step in data["steps"])


def test_cli_wand_die_and_familiars(runner):
    result = runner.invoke(cli, ["which-witch", "attack", "--attacker", "fire", "--defender", "earth",
                                 "--spell", "ice", "--count", "3", "--attacker-die", "d20",
                                 "--defender-bonus", "3", "--json"])
    data = json.loads(result.output)
    assert data["attacker"]["die"] == 20 and data["defender"]["bonus"] == 3
    assert data["p_hit_exact"] == "27/38" and data["hearts_if_hit"] == 3


def test_cli_text_explains_each_step(runner):
    result = runner.invoke(cli, ["which-witch", "attack", "--attacker", "wind", "--defender", "ice",
                                 "--spell", "wind", "--count", "2"])
    assert result.exit_code == 0
    assert "Ties are rolled again" in result.output and "expected_hearts 2.0000" in result.output


def test_cli_refuses_a_spell_of_the_defenders_element(runner):
    result = runner.invoke(cli, ["which-witch", "attack", "--attacker", "wind", "--defender", "ice",
                                 "--spell", "ice"])
    assert result.exit_code == 1
    assert "Ice Spells cannot attack the Ice Witch" in result.output and "Traceback" not in result.output


@pytest.mark.parametrize(("args", "message"), [
    (["--attacker-die", "d7"], "Invalid value for --attacker-die: expected one of the game's dice"),
    (["--defender-die", "d7"], "Invalid value for --defender-die: expected one of the game's dice"),
    (["--attacker", "mud"], "--attacker: unknown witch 'mud'"),
    (["--spell", "water"], "--spell: unknown element 'water'"),  # play audit: it said "unknown witch"
    (["--attacker-bonus", "-1"], "-1"),
], ids=["bad-die", "bad-defender-die", "unknown-witch", "unknown-element", "negative-bonus"])
def test_cli_usage_errors_exit_2(runner, args, message):
    base = {"--attacker": "wind", "--defender": "ice", "--spell": "fire"}
    base.update(dict(zip(args[::2], args[1::2])))
    result = runner.invoke(cli, ["which-witch", "attack", *[x for kv in base.items() for x in kv]])
    assert result.exit_code == 2 and message in result.output


def test_cli_help_shows_an_example(runner):
    result = runner.invoke(cli, ["which-witch", "attack", "--help"])
    assert result.exit_code == 0 and "deckwright which-witch attack --attacker wind" in result.output


def test_defender_hearts_cap_the_loss_and_give_the_chance_of_elimination(rules):
    """'Players are eliminated from the game when they have zero Life Hearts remaining'."""
    odds = attack_odds(rules, Side("wind", 6), Side("ice", 6), "wind", 2, defender_hearts=3)
    assert odds.hearts_if_hit == 4 and odds.expected_hearts == Fraction(3, 2)
    assert odds.p_eliminate == Fraction(1, 2)
    assert attack_odds(rules, Side("wind", 6), Side("ice", 6), "fire", 1, defender_hearts=3).p_eliminate == 0


def test_cli_defender_hearts(runner):
    result = runner.invoke(cli, ["which-witch", "attack", "--attacker", "wind", "--defender", "ice",
                                 "--spell", "wind", "--count", "2", "--defender-hearts", "3", "--json"])
    data = json.loads(result.output)
    assert (data["expected_hearts"], data["p_eliminate"], data["defender_hearts"]) == (1.5, 0.5, 3)


def test_odds_matrix_is_symmetric_on_the_diagonal_and_complementary(runner):
    """Equal dice land half the time; A's die against B's and B's against A's add up to one."""
    result = runner.invoke(cli, ["which-witch", "odds", "--json"])
    assert result.exit_code == 0, result.output
    matrix = json.loads(result.output)["p_hit"]
    for a in matrix:
        assert matrix[a][a] == pytest.approx(0.5)
        for d in matrix:
            assert matrix[a][d] + matrix[d][a] == pytest.approx(1.0)


def test_odds_text_lists_every_die_of_the_game(runner):
    result = runner.invoke(cli, ["which-witch", "odds", "--attacker-bonus", "1"])
    assert result.exit_code == 0 and "attacker +1" in result.output
    assert all(f"d{d}" in result.output for d in (6, 8, 10, 12, 20))
