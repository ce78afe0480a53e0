"""The attack calculator runs the engine's own duel steps: a rule changed in the database changes both."""

from __future__ import annotations

import pytest
from which_witch_table import arrange, play

from companion.engine.registry import make_engine
from companion.games.which_witch.calculators import attack_odds, roll_chances, roll_outcomes
from companion.games.which_witch.odds import Side

DICE = [6, 8, 12, 20]


@pytest.mark.parametrize("a_die", DICE)
@pytest.mark.parametrize("d_die", DICE)
def test_the_roll_step_and_the_odds_formula_agree(engine, a_die, d_die):
    """Every pair of faces answered to the real roll step gives the same odds as `roll_result` alone."""
    attacker, defender = Side("wind", a_die, 1), Side("ice", d_die, 2)
    assert roll_outcomes(engine, attacker, defender) == roll_chances(attacker, defender)


def test_a_forked_rule_changes_the_calculator_and_the_game_alike(cards_copy):
    """'the defending player loses 1 Life Heart for every Spell Card used' becomes 2 in a fork."""
    game = cards_copy / "which-witch" / "game.yaml"
    game.write_text(game.read_text().replace("hearts_per_spell: 1 ", "hearts_per_spell: 2 "))
    forked = make_engine("which-witch", str(cards_copy))
    odds = attack_odds(forked, Side("wind", 6), Side("ice", 6), "fire", 2)
    assert odds.hearts_if_hit == 4
    state = arrange(forked, ["wind", "ice"], [["fire-spell", "fire-spell", "heart-potion"], ["heart-potion"]])
    play(forked, state, "spell", "Ben", "fire", "2", [5, 2])
    assert state.seats[1].hearts == forked.rules.hearts.two_players - odds.hearts_if_hit


def test_the_hint_and_the_calculator_give_the_same_odds(engine):
    state = arrange(engine, ["fire", "earth"], [["ice-spell"] * 3 + ["black-cat"], ["barn-owl"]],
                    hearts=[5, 2], wands=["wand-d12", None])
    play(engine, state, "spell", "Ben", "ice", "3", "black-cat", "barn-owl")
    attacker, defender = engine.duel_sides(state)
    odds = attack_odds(engine, attacker, defender, "ice", 3, defender_hearts=2)
    assert engine.duel_odds(state) == odds
    assert engine.hint(state, engine.request(state)) == [
        f"P(hit) {float(odds.p_hit):.1%}; a hit costs 2 Life Hearts; P(eliminated) {float(odds.p_eliminate):.1%}"]
