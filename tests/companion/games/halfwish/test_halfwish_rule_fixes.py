"""Halfwish rules checked sentence by sentence against the rules text (each test quotes it)."""

from __future__ import annotations

import random

from halfwish_table import Table, commit_and_reveal, duel_table, engine, resolve, showdown

from companion.games.halfwish import ledger
from companion.games.halfwish.bots import HeuristicBot
from companion.games.halfwish.effects import OPS
from companion.games.halfwish.odds import rerolled

LOCK_POWERS = [["mnka-giga", "ignite", "taunt"], ["ice-beam", "roar", "taunt"]]


def parley_turn(table: Table, *keeps: str) -> None:
    """Accept the turn's parley and answer the keep-or-reroll questions in order."""
    table.until("encounter").answer("parley")
    table.until("respond").answer("accept")
    for answer in keeps:
        table.until("keep-dv").answer(answer)


def test_a_kept_dv_cannot_be_kept_a_second_turn():
    """Seed: "DVs can only be kept for 1 turn." """
    table = Table().until("roll")
    table.roll(11)
    table.roll(4)
    parley_turn(table, "keep", "reroll")          # turn 1: Ann keeps her 11
    table.until("roll").roll(5)                   # turn 2: only Bob rolls
    parley_turn(table, "reroll")                  # Bob (turn player) is asked; Ann must reroll
    assert table.next_step != "keep-dv"
    assert not table.player(0).keep_dv
    assert any("Ann kept their DV last turn and must reroll it" in t for t in table.texts())
    table.until("roll")
    assert table.state.turn == 3 and table.request.player == 0


def test_the_gamemaster_is_told_when_a_dv_is_kept():
    """Seed: "As a GM, it's important to remind players to reroll or keep their DV if a parley is accepted" """
    table = Table().until("roll")
    table.roll(11)
    table.roll(4)
    parley_turn(table, "keep", "reroll")
    table.until("roll")
    assert any("Ann keeps their DV from last turn" in t for t in table.texts())


def test_a_concession_forces_both_dvs_to_reroll():
    """Seed (Concede): "DVs will reroll in the next turn." """
    table = duel_table(["strike"], ["strike"], 7, 7, powers=LOCK_POWERS)
    table.answer("pass")
    table.answer("ice-beam")                       # Bob: Ann keeps her lowered DV next turn
    assert table.player(0).keep_dv
    table.until("power").answer("mnka-giga")       # Ann challenges
    table.until("challenge").answer("concede")
    assert not table.player(0).keep_dv and not table.player(1).keep_dv
    table.until("roll")
    assert table.state.turn == 2 and table.request.player == 1
    table.roll(7)
    assert table.next_step == "roll" and table.request.player == 0, "Ann rerolls too"


def test_ice_beam_is_not_offered_while_mnka_giga_locks_the_dvs():
    """Seed (M'nka Giga): "DVs cannot change this turn"; Ice Beam only changes DVs."""
    table = duel_table(["strike"], ["strike"], 7, 7, powers=LOCK_POWERS)
    table.answer("mnka-giga")
    table.until("challenge").answer("proceed")
    table.until("power")
    assert table.request.player == 1
    offered = table.request.option_ids()
    assert "ice-beam" not in offered
    assert "roar" in offered, "Roar still adds to strikes under the lock"


def test_ice_beam_is_offered_without_the_lock():
    """Seed (Ice Beam): "Your opponent loses 2 DV and keeps this new DV value for the next turn." """
    table = duel_table(["strike"], ["strike"], 7, 7, powers=LOCK_POWERS)
    table.answer("pass")
    assert "ice-beam" in table.request.option_ids()


def _both_hit_duel() -> Table:
    """Ann (aggressor) Strike at 10 against Bob's Long Strike at 8: both take damage."""
    table = duel_table(["strike"], ["long-strike"], 10, 8)
    table.state.first_blood = -1
    commit_and_reveal(table, ["strike"], ["long-strike"])
    return resolve(table.until("power"))


def test_no_first_blood_when_both_players_score_their_first_point_at_once():
    """Seed: "First blood is scored by the first player that gets a point." Two players who score
    at the same moment are not first: ruling first-blood-at-once."""
    table = _both_hit_duel()
    assert [p.points for p in table.state.players] == [1, 1]
    assert table.state.first_blood == -1
    assert any("No First Blood yet" in t for t in table.texts())


def test_keep_or_reroll_is_not_asked_on_the_last_turn_of_the_game():
    """Seed: "After the parley, both players have the option to keep their DV for up to one turn or
    reroll it for the next turn." The last turn has no next turn: ruling no-keep-on-last-turn."""
    table = Table().to_turn(3, 5)
    table.answer("parley")
    table.until("respond").answer("accept")
    asked = []
    while table.request is not None:
        asked.append(table.next_step)
        table.answer(table.default({}))
    assert "keep-dv" not in asked
    assert table.state.finished


def test_keep_or_reroll_is_asked_on_the_last_turn_of_a_round_before_the_last():
    """Ruling kept-dv-value: a kept DV replaces the next turn's roll, even across the end of a round."""
    table = Table().to_turn(1, 5)
    table.answer("parley")
    table.until("respond").answer("accept")
    assert table.until("keep-dv").next_step == "keep-dv"


def test_feints_evade_succeeds_at_a_low_dv():
    """Seed: "Feint, which transforms one of the player's face-up actions to an Evade if the player's
    DV is 5 or less." Ruling feint-evade-succeeds: the Evade it makes needs no DV of 8."""
    table = showdown(["strike"], ["strike"], 4, 9)
    table.answer("feint")
    table.answer("0")
    resolve(table.until("power"))
    assert table.player(0).health == table.rules.health_max
    assert table.state.duel is None or table.state.duel.result["winner"] == 0


def test_feints_evade_still_fails_against_an_unevadable_strike():
    """Seed (Unevadable): "This action cannot be evaded." """
    table = showdown(["strike"], ["hyper-beam"], 4, 9)
    table.answer("feint")
    table.answer("0")
    resolve(table.until("power"))
    assert table.player(0).health < table.rules.health_max


def test_no_action_transforms_after_its_clash():
    """Glossary (Transform): "Cards that are transformed become the new card only til the end of
    turn." A transform fired after the clashes (on_hit, on_win) has no clash left to change."""
    late = [card.id for card in engine().db.deck("upgrades").cards
            for effect in (card.get("profile") or {}).get("on_hit", []) + (card.get("profile") or {}).get("on_win", [])
            if effect.get("op") == "hook" and "transform" in str(effect.get("name"))]
    assert late == []


def test_feint_strike_scores_a_point_when_it_evades():
    """Seed: "Point gains or losses ... from card effects will go towards the total tally of points
    that determine who wins the duel. (e.g. Cheap Shot, Feint Strike, Diamond Hands)" """
    table = showdown(["strike"], ["feint-strike"], 9, 9)
    resolve(table)
    assert table.player(1).points == table.rules.defender_points_no_damage + 1


def test_gamblers_strike_follows_a_dv_changed_after_the_reveal():
    """Glossary (Alignment): "Whether a player's DV is odd or even." Gambler's Strike reads the DV
    the duel is calculated with: Halfwish sets an even 8 to an odd 7 in the showdown."""
    table = showdown(["gamblers-strike"], ["strike"], 8, 6)
    table.answer("halfwish")
    table.answer("set")
    resolve(table.until("power"))
    assert table.player(0).health == table.rules.health_max - 1   # 7 - 2 = 5 against 6
    assert table.player(1).health == table.rules.health_max


def scout_location(table: Table, card: str) -> Table:
    """The turn player scouts, the opponent accepts and the location flips to `card`."""
    if card not in table.state.map_deck:
        raise AssertionError(f"{card} is not left in the map deck")
    table.answer("scout")
    table.until("respond").answer("accept")
    table.until("flip").answer(card)
    return table


def test_training_grounds_heals_in_the_last_round_instead_of_a_lost_upgrade():
    """Seed: "At the end of Rounds 1 and 2, players enter the Upgrade Phase." An extra upgrade won in
    round 3 has no phase to be spent in: ruling extra-upgrade-last-round."""
    table = Table().to_turn(3, 1)
    for player in table.state.players:
        player.health = 10
    scout_location(table, "training-grounds").until("roll")
    assert [p.health for p in table.state.players] == [10 + table.rules.skip_upgrade_heal] * 2
    assert [p.extra_upgrades for p in table.state.players] == [0, 0]


def test_training_grounds_gives_extra_upgrades_before_the_last_round():
    """Seed: "If there are extra upgrades granted during the round, they must be spent here." """
    table = scout_location(Table().to_turn(1, 1), "training-grounds").until("roll")
    assert [p.extra_upgrades for p in table.state.players] == [1, 1]


def bot_commit(a_dv: int, b_dv: int, aggressor: int) -> tuple[str, str]:
    """What the heuristic bot commits for each player holding a Strike, an Evade and a Defend."""
    hand = ["strike", "evade", "defend"]
    table = duel_table(hand, hand, a_dv, b_dv, aggressor=aggressor).until("commit")
    chosen = []
    for _ in (0, 1):
        answer = HeuristicBot().choose(table.engine, table.state, table.request, random.Random(0))
        chosen.append(answer)
        table.answer(answer)
    return chosen[0], chosen[1]


def test_the_heuristic_bot_evades_as_a_defender_when_its_dv_makes_the_evade():
    """Seed: "Evade the opposing action if your DV is 8 or higher." and "Defending smart and luring
    your opponent into bad plays is a viable strategy"; the defender scores for taking no damage."""
    assert bot_commit(9, 9, aggressor=0) == ("strike", "evade")
    assert bot_commit(9, 4, aggressor=0) == ("strike", "defend")


def test_a_higher_reroll_at_twelve_does_nothing_in_the_engine_as_in_the_odds():
    """Glossary: "Lower/Higher (DV): Reroll until a lower/higher DV from the current roll. (Min 2,
    Max 12)"; ruling higher-lower-bounds. The engine and the odds agree: a 12 stays 12."""
    table = Table().to_turn(1, 1)
    table.player(0).roll = table.rules.dv_max
    scout_location(table, "oracle-pool")
    assert table.next_step != "reroll"
    assert table.player(0).roll == table.rules.dv_max
    assert "Ann cannot roll higher: the DV stays" in table.texts()   # the DV is secret before the showdown
    assert rerolled(((table.rules.dv_max, 1),), "higher", table.engine) == [(table.rules.dv_max, 1)]


def test_a_lower_reroll_at_two_does_nothing():
    """Ruling higher-lower-bounds: Lower at the lowest roll does nothing."""
    table = duel_table(["strike"], ["strike"], 2, 7)
    events = OPS["reroll_dv"](table.engine, table.state, {"step": "effect", "owner": 0, "source": "oracle-pool"},
                              {"op": "reroll_dv", "who": "self", "direction": "lower"})
    assert table.next_step != "reroll"
    assert any("cannot roll lower: the DV stays" in e.text for e in events)


def test_roar_on_a_twelve_makes_thirteen():
    """Seed (Roar): "You gain 1 DV." and "+/- X DV ... Passive bonus or reduction of X DV." The
    glossary's "(Min 2, Max 12)" bounds Lower/Higher rerolls only: ruling dv-bounds-after-modifiers."""
    table = showdown(["defend"], ["strike"], 12, 12)
    table.answer("roar")
    table.until("power")
    assert ledger.dice_value(table.rules, table.player(0)) == table.rules.dv_max + 1


def test_an_accepted_scout_gives_no_treasure_reward():
    """Seed: "Treasures are coveted cards that offer valuable benefits to the player who triumphs in
    a duel"; an accepted scout fights no duel: ruling scout-no-treasure."""
    table = scout_location(Table().to_turn(1, 1), "treasure-chest").until("roll")
    assert [p.points for p in table.state.players] == [0, 0]


def test_an_accepted_scout_still_springs_a_trap():
    """Seed: "If the opponent agrees, the card is revealed and its effect is applied." """
    table = scout_location(Table().to_turn(1, 1), "mimic").until("roll")
    assert table.player(0).health < table.rules.health_max


def test_skipping_an_upgrade_heals_a_player_poisoned_in_the_round_just_ended():
    """Seed: "Players can opt to skip an upgrade to heal 7 HP." and "At the end of Rounds 1 and 2,
    players enter the Upgrade Phase": the round, and its poison, are over (ruling skip-heal-after-round)."""
    table = Table().to_turn(1, 5)
    table.player(0).statuses["poisoned"] = 1
    table.player(0).health = 10
    table.until("upgrade-pick")
    while table.request.player != 0:
        table.answer(table.default({}))
        table.until("upgrade-pick")
    assert "skip" in table.request.option_ids()
    table.answer("skip")
    assert table.player(0).health == 10 + table.rules.skip_upgrade_heal


def test_a_player_knocked_out_by_first_strike_still_strikes_in_the_second_clash():
    """Seed: "Unless otherwise stated (e.g. Reveal effects), combat damage, action card effects and
    points scored from them only apply after a showdown is resolved." and "If the target survives,
    they will retaliate": ruling first-strike-knockout (kept)."""
    table = duel_table(["long-strike", "strike"], ["strike", "strike"], 10, 12, turn=3)
    table.player(1).health = 5
    commit_and_reveal(table, ["long-strike", "strike"], ["strike", "strike"])
    resolve(table.until("power"))
    assert table.player(1).health == 0
    assert table.player(0).health == table.rules.health_max - (12 - 10), "no retaliation in clash 1; clash 2 strikes"


def test_wandering_merchant_in_the_last_round_heals_the_bid_winner():
    """Seed: "At the end of Rounds 1 and 2, players enter the Upgrade Phase." Ruling
    extra-upgrade-last-round: the bid winner of round 3 heals instead of gaining a lost upgrade."""
    table = Table().to_turn(3, 1)
    table.player(0).points, table.player(1).points = 3, 2
    table.player(0).health = 10
    scout_location(table, "wandering-merchant")
    table.answer("2")
    table.answer("1")
    assert table.player(0).points == 1 and table.player(0).extra_upgrades == 0
    assert table.player(0).health == 10 + table.rules.skip_upgrade_heal
