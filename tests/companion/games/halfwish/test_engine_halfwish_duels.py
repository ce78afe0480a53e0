"""Halfwish duels through the engine: the text's examples and scoring rules, quoted."""

from __future__ import annotations

import pytest
from halfwish_table import commit_and_reveal, duel_table, resolve, showdown


def health(table):
    return [p.health for p in table.state.players]


def points(table):
    return [p.points for p in table.state.players]


def test_long_strike_example_from_the_text():
    """Seed: "Player A rolls 10 and plays Long Strike, Player B rolls 12 and plays Strike. ...
    Player A deals 8 damage to player B. Player B does 12-8=4 damage back to Player A." """
    table = resolve(showdown(["long-strike"], ["strike"], 10, 12))
    full = table.rules.health
    assert health(table) == [full - 4, full - 8]


def test_long_strike_example_scores_one_point_each_and_ties():
    """Seed: "the aggressor scores 1 point for every time the defender takes damage" and "The
    defender ... scores an additional 1 point if the aggressor takes damage once during the duel." """
    table = resolve(showdown(["long-strike"], ["strike"], 10, 12))
    assert points(table) == [1, 1]
    assert table.state.duel is None or table.state.duel.result["winner"] == -1
    assert "The duel is a tie: nobody wins it" in table.texts()


def test_heavy_strike_ignores_block_and_exposes_its_player():
    """Seed: "if a player plays Heavy Strike, and their opponent plays Defend, the Defend action
    will not block any damage" and "Heavy Strike ... When revealed, gain 2 Exposed." """
    table = showdown(["heavy-strike"], ["defend"], 6, 6)
    assert table.player(0).status("exposed") == 2
    resolve(table)
    assert table.player(1).health == table.rules.health - (6 + 2)


@pytest.mark.parametrize("dv, taken", [(8, 0), (7, 9)], ids=["dv-8-evades", "dv-7-fails"])
def test_evade_needs_dv_eight(dv, taken):
    """Seed: "Evade the opposing action if your DV is 8 or higher. If DV is 7 or lower, Evade
    fails and the player takes full damage." """
    table = resolve(showdown(["strike"], ["evade"], 9, dv))
    assert table.player(1).health == table.rules.health - taken


def test_defender_scores_for_taking_no_damage_and_wins():
    """Seed: "The defender scores 1 point if they take no damage during the duel" """
    table = resolve(showdown(["strike"], ["defend"], 5, 5))
    assert points(table) == [0, 1]
    assert "Bob wins the duel" in table.texts()


def test_two_actions_clash_pairwise_and_each_hit_scores():
    """Seed: "Duels are fought with ONE action on Turns 1 and 2, and TWO actions on Turns 3 to 5"
    and "In two action combat turns, actions clash with one another individually." """
    table = resolve(showdown(["strike", "strike"], ["strike", "strike"], 10, 5, turn=3))
    assert table.player(1).health == table.rules.health - 2 * 5
    assert points(table) == [2, 0]


def test_zero_health_ends_the_game_at_once():
    """Seed: "Players have 25 health, whoever runs out of health loses the game immediately." """
    table = showdown(["strike"], ["strike"], 12, 2)
    table.player(1).health = 5
    resolve(table)
    outcome = table.engine.outcome(table.state)
    assert outcome.termination == "knockout" and outcome.winner == 0
    assert table.request is None


def test_turn_player_has_initiative_even_as_defender():
    """Seed: "The current turn player will always have initiative to play a power during the
    start of each phase." """
    table = duel_table(["strike"], ["strike"], 7, 7, aggressor=1)
    assert table.state.duel.aggressor == 1
    assert table.request.player == 0


def test_only_one_non_basic_power_per_turn():
    """Seed: "Only 1 non-basic power can be played per turn." (per player: ruling
    one-non-basic-power-each)"""
    table = duel_table(["strike"], ["strike"], 7, 7)
    table.player(0).mana = 3
    table.answer("roar")
    assert table.request.player == 1
    table.answer("pass")
    assert "ignite" not in table.request.option_ids() and "halfwish" in table.request.option_ids()


def test_both_passing_ends_the_preparation():
    """Seed: "If both players pass initiative, move on to the next phase of the duel or resolve it." """
    table = duel_table(["strike"], ["strike"], 7, 7)
    table.answer("pass")
    table.answer("pass")
    assert table.next_step == "commit"


def test_roar_gains_dv_and_strikes_for_two_more():
    """Seed: "Roar: You gain 1 DV. Your actions strike for 2 more this turn." """
    table = showdown(["strike"], ["defend"], 8, 2)
    table.answer("roar")
    resolve(table)
    blocked = 2 + 2
    assert table.player(1).health == table.rules.health - (8 + 1 + 2 - blocked)


def test_ignite_damage_counts_for_scoring_and_stops_healing():
    """Seed: "Ignite: Deal 2 damage. Your opponent cannot heal for the rest of the round." and
    "Map cards, powers and reveal effects can sometimes cause players to gain or lose points
    during the duel by dealing damage" """
    table = showdown(["strike"], ["defend"], 5, 5)
    table.answer("ignite")
    resolve(table)
    assert table.player(1).health == table.rules.health - 2
    assert table.player(1).has_status("no_heal")
    assert points(table) == [1, 0]


def test_halfwish_sets_dv_to_seven():
    """Seed: "Halfwish, which allows players to set their Dice Value (DV) to 7 or reroll their DV" """
    table = showdown(["strike"], ["strike"], 3, 9)
    table.answer("halfwish")
    table.answer("set")
    assert table.player(0).roll == table.rules.halfwish_set_dv


def test_feint_turns_an_action_into_an_evade_only_at_dv_five_or_less():
    """Seed: "Feint, which transforms one of the player's face-up actions to an Evade if the
    player's DV is 5 or less." """
    table = showdown(["strike"], ["strike"], 5, 9)
    assert "feint" in table.request.option_ids()
    table.answer("feint")
    table.answer("0")
    assert table.state.duel.transformed == {"0:0": "feint-evade"}
    high = showdown(["strike"], ["strike"], 6, 9)
    assert "feint" not in high.request.option_ids()


def test_basic_powers_are_spent_for_the_round():
    """Ruling basic-powers-once-per-round."""
    table = showdown(["strike"], ["strike"], 3, 9)
    table.answer("halfwish")
    table.answer("set")
    table.answer("pass")
    assert table.request.player == 0 and "halfwish" not in table.request.option_ids()


def test_mnka_giga_conceded_gives_the_challenger_two_points_and_no_combat():
    """Seed: "If your opponent concedes, you gain 2 points instead." and "A player who concedes
    the duel automatically loses the duel without entering the showdown" """
    table = duel_table(["strike"], ["strike"], 7, 7, powers=[["mnka-giga", "roar", "taunt"]] * 2)
    table.answer("mnka-giga")
    assert table.next_step == "choice" or table.request.kind == "challenge"
    table.answer("concede")
    assert table.next_step == "flip", "the face-down location is revealed (ruling concede-results)"
    table.answer("rockslide")
    assert points(table) == [2, 0]
    assert health(table) == [table.rules.health - 5, table.rules.health], "no combat, Rockslide disabled"
    assert "Ann wins the duel by concession" in table.texts()


def test_mnka_giga_locks_dvs_and_steals_on_a_win():
    """Seed: "DVs cannot change this turn and if you win or tie the duel, steal 2 points and 5 HP
    from your opponent." """
    table = duel_table(["strike"], ["defend"], 12, 2, powers=[["mnka-giga", "roar", "taunt"]] * 2)
    table.player(1).points = 3
    table.answer("mnka-giga")
    table.answer("proceed")
    assert "halfwish" not in table.request.option_ids()
    table.until("commit")
    for card in ("strike", "defend"):
        table.answer(card)
    table.answer("ancient-shrine")
    resolve(table)
    assert table.player(0).points == 1 + 2
    assert table.player(1).points == 3 - 2
    full = table.rules.health
    assert table.player(0).health == full - 5 + 5


def test_taunt_in_preparation_makes_the_opponent_the_aggressor():
    """Seed: "Taunt: You gain 3 Toughness. If played during preparation, your opponent becomes the aggressor." """
    table = duel_table(["strike"], ["strike"], 7, 7)
    table.answer("taunt")
    assert table.state.duel.aggressor == 1
    assert table.player(0).status("toughness") == 3


def test_earthquake_in_the_showdown_swaps_the_opponents_actions():
    """Seed: "Earthquake: Your opponent has -1 DV this turn. If played during the showdown, swap
    the position of their actions." """
    powers = [["earthquake", "roar", "taunt"]] * 2
    table = showdown(["strike", "defend"], ["strike", "evade"], 7, 9, turn=3, powers=powers)
    table.answer("earthquake")
    assert table.state.duel.actions[1] == ["evade", "strike"]
    assert table.player(1).dv_passive == -1


def test_ice_beam_keeps_the_lowered_dv_for_the_next_turn():
    """Seed: "Ice Beam: Your opponent loses 2 DV and keeps this new DV value for the next turn." """
    powers = [["ice-beam", "roar", "taunt"]] * 2
    table = showdown(["defend"], ["defend"], 7, 9, powers=powers)
    table.answer("ice-beam")
    resolve(table)
    table.to_turn(1, 2)
    assert table.player(1).roll == 7


def test_bubble_protects_the_losing_player():
    """Seed: "Bubble: If you are losing, you cannot take damage this turn. Otherwise, both players
    gain 5 Toughness." """
    powers = [["bubble", "roar", "taunt"]] * 2
    table = showdown(["strike"], ["strike"], 2, 12, powers=powers)
    table.player(1).points = 1
    table.answer("bubble")
    resolve(table)
    assert table.player(0).health == table.rules.health


def test_restore_heals_takes_back_two_cards_and_refreshes_halfwish():
    """Seed: "Restore: Heal 15 HP and draw any 2 cards from your discard pile. Refresh your Halfwish." """
    powers = [["restore", "roar", "taunt"]] * 2
    table = showdown(["strike"], ["strike"], 3, 9, powers=powers)
    ann = table.player(0)
    ann.health, ann.discard, ann.spent_basics = 5, ["evade", "defend", "strike"], ["halfwish"]
    table.answer("restore")
    table.answer("evade")
    table.answer("defend")
    assert ann.health == 20
    assert {"evade", "defend"} <= set(ann.hand) and ann.discard == ["strike"]
    assert ann.spent_basics == []


def test_scry_gains_four_dv_when_lower():
    """Seed: "Scry: Check your opponent's DV and all the face down locations. If your DV is lower, gain 4 DV." """
    powers = [["scry", "roar", "taunt"]] * 2
    table = showdown(["strike"], ["strike"], 5, 9, powers=powers)
    table.answer("scry")
    assert table.player(0).dv_gain == 4


def test_scry_in_preparation_can_turn_the_duel_into_a_parley():
    """Seed: "If played during preparation, you can choose to cancel the duel and offer a parley instead." """
    powers = [["scry", "roar", "taunt"]] * 2
    table = duel_table(["strike"], ["strike"], 5, 9, powers=powers)
    table.answer("scry")
    table.answer("parley")
    assert table.state.duel is None and table.next_step == "respond"


def test_avarice_steals_a_point_at_the_end_of_the_turn():
    """Seed: "Avarice: ... or steal 1 point from your opponent at the end of the turn." """
    powers = [["avarice", "roar", "taunt"]] * 2
    table = showdown(["defend"], ["defend"], 7, 7, powers=powers)
    table.player(1).points = 2
    table.answer("avarice")
    resolve(table)
    table.to_turn(1, 2)
    assert table.player(0).points == 1 and table.player(1).points == 2 - 1 + 1


def test_treasure_reward_goes_to_the_duel_winner():
    """Seed: "Treasures are coveted cards that offer valuable benefits to the player who triumphs in a duel" """
    table = duel_table(["strike"], ["defend"], 5, 5)
    table.until("commit")
    table.answer("strike")
    table.answer("defend")
    table.answer("treasure-chest")
    resolve(table)
    assert points(table) == [0, 1 + 1]


def test_upgrade_on_hit_point_counts_in_the_duel_tally():
    """Seed: "Point gains or losses (except pay effects) that occur from card effects will go
    towards the total tally of points that determine who wins the duel. (e.g. Cheap Shot ...)" """
    table = duel_table(["cheap-shot"], ["strike"], 10, 12)
    table.player(0).deck[0] = "cheap-shot"
    commit_table = table.until("commit")
    commit_table.answer("cheap-shot")
    commit_table.answer("strike")
    commit_table.answer("ancient-shrine")
    resolve(table)
    assert points(table) == [1 + 1, 1]
    assert "Ann wins the duel" in table.texts()


def test_showdown_powers_window_asks_both_players_again():
    """Seed: "After the calculations, players can take turns to play Powers to try and alter the
    outcome or lock in the result to progress." (both passed in the preparation already)"""
    table = showdown(["strike"], ["strike"], 7, 7)
    assert table.request.player == 0
    table.answer("pass")
    assert table.next_step == "power" and table.request.player == 1


def test_exposed_adds_one_damage_per_stack_to_a_power():
    """Seed: "Keyword: Exposed. A player takes x more damage from all sources for each stack of
    Exposed. Example: If a player takes 2 damage, the player takes 2+2=4 damage." (Heavy Strike
    gave Ann 2 Exposed; Bob's Ignite deals 2)"""
    table = showdown(["heavy-strike"], ["defend"], 6, 6)
    table.answer("pass")
    events = table.answer("ignite")
    assert "Ann takes 4 damage from Ignite (2 +2 Exposed): health 21" in [e.text for e in events]


def test_mnka_giga_also_steals_on_a_tie():
    """M'nka Giga: "if you win or tie the duel, steal 2 points and 5 HP from your opponent." """
    table = duel_table(["long-strike"], ["strike"], 10, 12, powers=[["mnka-giga", "roar", "taunt"]] * 2)
    table.player(1).points = 2
    table.answer("mnka-giga")
    table.answer("proceed")
    commit_and_reveal(table, ["long-strike"], ["strike"])
    resolve(table.until("power"))
    assert "The duel is a tie: nobody wins it" in table.texts()
    assert table.player(0).points == 1 + 2 and table.player(1).points == 2 + 1 - 2
