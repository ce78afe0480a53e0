"""Halfwish rounds and turns as the rules text states them."""

from __future__ import annotations

import pytest
from halfwish_table import Table, faces


def turn_players_of_round(table: Table, round_: int) -> list[int]:
    seen = []
    for turn in range(1, table.rules.turns_per_round + 1):
        table.to_turn(round_, turn)
        seen.append(table.state.turn_player)
    return seen


def test_turn_player_alternates_each_turn_starting_with_the_first_player():
    """Seed: "If it is not the last turn in the round, start again at Step 1 with the other
    player starting the turn." """
    assert turn_players_of_round(Table(first=1), 1) == [1, 0, 1, 0, 1]


def test_round_two_is_started_by_the_player_who_did_not_start_the_game():
    """Seed: "The starting player is now the other player that didn't start the game." """
    table = Table(first=0)
    assert turn_players_of_round(table, 2) == [1, 0, 1, 0, 1]
    # the gamemaster reads who starts and why, in the words the rulebook uses ("starts the round")
    assert "Round 2 begins: Bob starts the round (the other player)" in table.texts()


@pytest.mark.parametrize("behind", [0, 1], ids=["first-player-behind", "second-player-behind"])
def test_whoever_is_losing_at_the_start_of_round_three_starts_it(behind):
    """Seed: "Whoever is losing at the start of Round 3 starts that round." """
    table = Table(first=0).to_turn(2, 5)
    table.player(1 - behind).points = 3
    table.to_turn(3, 1)
    assert table.state.round_starter == behind
    name = ("Ann", "Bob")[behind]
    assert f"Round 3 begins: {name} starts the round (behind on points)" in table.texts()


def test_round_three_starter_when_level_is_the_game_starter():
    """Ruling last-round-starter-tie: level on everything, the player who started the game starts."""
    table = Table(first=1).to_turn(3, 1)
    assert table.state.round_starter == 1
    said = "Round 3 begins: Bob starts the round (level on points and every tie-break: who started the game)"
    assert said in table.texts()


def test_draw_schedule_empties_the_ten_card_deck_by_turn_five():
    """Seed: "Turn 1: Draw 4 Action Cards / Turns 2-3: Draw 1 Action Card / Turns 4-5: Draw 2
    Action Cards" and "you should always draw out your deck by Turn 5 each round." """
    table = Table()
    left = []
    for turn in range(1, 6):
        table.to_turn(1, turn)
        left.append(len(table.player(0).pile))
    deck = table.rules.deck_size
    drawn = [deck - n for n in left]
    schedule = table.rules.draw_schedule
    assert drawn == [sum(schedule[:t]) for t in range(1, 6)]
    assert left[-1] == 0


def test_hand_limit_asks_for_discards_down_to_four():
    """Seed: "You can only have up to 4 cards in your hand. Excess and used cards will be
    discarded face up." (turn 2 draws a fifth card after a parley on turn 1)"""
    table = Table().to_turn(1, 1)
    table.answer("parley")
    table.until("discard")
    assert table.player(table.request.player).hand_size == table.rules.hand_limit + 1
    seat = table.request.player
    card = table.request.options[0].id
    table.answer(card)
    assert table.player(seat).hand_size == table.rules.hand_limit
    assert table.player(seat).discard == [card]


def test_innate_card_starts_in_the_first_hand_and_counts_among_the_four():
    """Seed: "Innate means that the Action Card starts in the first 4 cards that you draw on turn 1." """
    table = Table(classes=("rogue", "mirror")).to_turn(1, 1)
    rogue = table.player(0)
    assert "long-strike" in rogue.hand
    assert rogue.hand_size == table.rules.draw_schedule[0]


def test_two_accepted_parleys_in_a_row_give_the_trailing_player_a_point():
    """Seed: "every time two parleys are accepted in a row, the player with the lower points
    will score one point as compensation." """
    table = Table().to_turn(1, 1)
    table.player(0).points = 2
    table.answer("parley")
    table.until("respond").answer("accept")
    assert table.player(1).points == 0
    table.to_turn(1, 2).answer("parley")
    table.until("respond").answer("accept")
    table.until("keep-dv")
    assert table.player(1).points == table.rules.parley_compensation_points
    assert table.state.parley_streak == 0


def test_a_scout_breaks_the_parley_streak():
    """Ruling parley-streak: the count resets after any turn without an accepted parley."""
    table = Table().to_turn(1, 1)
    table.player(0).points = 2
    table.answer("parley")
    table.until("respond").answer("accept")
    table.to_turn(1, 2).answer("scout")
    table.until("respond").answer("accept")
    table.to_turn(1, 3).answer("parley")
    table.until("respond").answer("accept")
    table.until("keep-dv")
    assert table.player(1).points == 0


def test_stunned_player_cannot_decline_a_parley_or_start_a_duel():
    """Seed: "Stunned players cannot start a duel. i.e. They can't deny scouts or parleys." """
    table = Table().to_turn(1, 1)
    table.player(0).statuses["stunned"] = 1
    table.player(1).statuses["stunned"] = 1
    assert "duel" not in table.request.option_ids()
    table.answer("scout")
    table.until("respond")
    assert table.request.option_ids() == ["accept"]


def test_declining_an_offer_starts_a_duel_with_the_decliner_as_aggressor():
    """Seed: "If the opponent disagrees, they initiate a duel with the other player." """
    table = Table().to_turn(1, 1)
    table.answer("parley")
    table.until("respond").answer("decline")
    assert table.state.duel is not None and table.state.duel.aggressor == 1


def test_keeping_the_dv_after_a_parley_skips_the_next_roll():
    """Seed: "If a parley was accepted, both players can choose to keep their DV instead of
    rerolling. DVs can only be kept for 1 turn. The turn player chooses first." """
    table = Table().until("roll")
    table.roll(11)
    table.roll(4)
    table.until("respond").answer("accept")
    table.until("keep-dv")
    assert table.request.player == table.state.turn_player
    table.answer("keep")
    table.answer("reroll")
    table.until("roll")
    assert table.request.player == 1, "only the player who rerolls is asked to roll"
    table.roll(9)
    assert table.player(0).roll == 11
    table.until("roll")   # turn 3: the kept DV is spent, both roll again
    assert table.state.turn == 3 and table.request.player == 0


def test_scout_accepted_reveals_the_location_and_applies_it():
    """Seed: "If the opponent agrees, the card is revealed and its effect is applied." """
    table = Table().to_turn(1, 1)
    table.answer("scout")
    table.until("respond").answer("accept")
    table.answer("rockslide")
    assert [p.health for p in table.state.players] == [table.rules.health - 2] * 2


def test_accepted_parley_reveals_the_location_with_its_effect_disabled():
    """Seed: "the turn ends without a duel and the location is revealed with its effect disabled" """
    table = Table().to_turn(1, 1)
    table.answer("parley")
    table.until("respond").answer("accept")
    table.answer("rockslide")
    assert table.state.location == "rockslide"
    assert [p.health for p in table.state.players] == [table.rules.health] * 2


def test_declined_scout_applies_the_location_at_the_showdown():
    """Seed: "The location is revealed and its effect is applied at the start of the showdown,
    regardless of the outcome of the duel." """
    table = Table().to_turn(1, 1)
    table.answer("scout")
    table.until("respond").answer("decline")
    table.until("flip")
    assert table.state.duel.stage == "showdown"
    table.answer("rockslide")
    assert table.player(0).health <= table.rules.health - 2


def test_the_committed_actions_stay_off_the_shared_screen_until_they_are_revealed():
    """Play audit: at "Flip the location" the state block already named both actions, so a bid the
    location asks for was made knowing them. Seed: "Reveal the following in this order: I) Map
    card (if it's face down), resolve its effect before moving on II) All action cards"."""
    from companion.games.halfwish.hints import tally_lines

    table = Table().to_turn(1, 1)
    table.answer("duel")
    table.until("flip")
    duel = table.state.current_duel
    named = [table.engine.catalog.name(card) for seat in (0, 1) for card in duel.actions[seat]]
    assert named and duel.stage == "showdown"
    shown = " ".join(tally_lines(table.engine, table.state))
    assert shown.count("actions 1 face down") == 2 and not any(name in shown for name in named)
    table.answer(table.default({}))  # the location flips and applies; then the actions and the DVs
    table.until("power")  # the showdown's powers window
    assert all(name in " ".join(tally_lines(table.engine, table.state)) for name in named)


def test_mana_one_at_start_and_one_more_at_round_two():
    """Seed: "Players gain 1 mana on game start and at the start of Round 2." """
    table = Table().to_turn(1, 1)
    assert table.player(0).mana == table.rules.mana_start
    table.to_turn(2, 1)
    assert table.player(0).mana == table.rules.mana_start + table.rules.mana_gain


def test_new_round_heals_three_and_removes_negative_effects():
    """Seed: "Both players heal 3 HP and remove any negative effects on them (e.g. Ignite, poison etc)." """
    table = Table().to_turn(1, 5)
    table.player(0).health = 10
    table.player(0).statuses.update({"no_heal": 1})
    table.to_turn(2, 1)
    assert table.player(0).health == 10 + table.rules.heal_between_rounds
    assert table.player(0).statuses == {}


def test_poisoned_player_takes_damage_at_the_start_of_each_turn():
    """Seed: "Poisoned players take 1 damage at the start of every turn and cannot heal for the
    rest of the round." """
    table = Table().to_turn(1, 1)
    table.player(1).statuses["poisoned"] = 1
    table.to_turn(1, 2)
    assert table.player(1).health == table.rules.health - table.rules.poison_damage


def test_the_game_ends_after_three_rounds_of_five_turns():
    """Seed: "Halfwish is played over 3 rounds of 5 turns each." """
    table = Table().finish()
    assert table.state.round == table.rules.rounds and table.state.turn == table.rules.turns_per_round
    assert table.engine.outcome(table.state) is not None
    assert table.engine.turns(table.state) == table.rules.rounds * table.rules.turns_per_round


def test_a_typed_die_face_out_of_range_is_refused():
    table = Table().until("roll")
    with pytest.raises(ValueError, match="d6 cannot show 7"):
        table.answer([7, 1])
    assert faces(12) == [6, 6]


def test_stun_lasts_until_the_end_of_the_next_turn():
    """Ruling stunned-duration: Stunned ends at the end of the next turn after the one it was gained in."""
    table = Table().to_turn(1, 1)
    table.answer("scout")
    table.until("respond").answer("accept")
    table.answer("thunderclap")
    table.to_turn(1, 2)
    assert table.player(0).has_status("stunned")
    table.answer("parley")
    table.until("respond")
    assert table.request.option_ids() == ["accept"], "still Stunned on the next turn: cannot decline"
    table.to_turn(1, 3)
    assert not table.player(0).has_status("stunned")


def test_the_players_decide_who_starts_when_no_one_is_named():
    """Seed: "Decide who starts the game then follow the following steps for every turn in the game." """
    engine = Table().engine
    state = engine.new_game(["Ann", "Bob"], {"classes": ["mirror", "knight"],
                                             "powers": [["roar", "ignite", "taunt"]] * 2})
    request = engine.request(state)
    assert request.kind == "first-player" and [o.label for o in request.options] == ["Ann", "Bob"]
    engine.apply(state, "p2")
    assert state.round_starter == 1 and state.turn_player == 1


def test_at_the_table_unseen_cards_are_counted_and_named_when_played():
    """Hidden hands: drawn cards are only counted; a committed card named by the gamemaster
    leaves the deck, so the deck, hand and discard always add up to the ten cards."""
    table = Table(hidden=True).to_turn(1, 1)
    ann = table.player(0)
    assert ann.hand == [] and ann.hidden == table.rules.draw_schedule[0]
    table.answer("duel")
    table.until("commit")
    assert set(table.request.option_ids()) == set(ann.deck)
    table.answer("heavy-strike")
    assert ann.hidden == table.rules.draw_schedule[0] - 1
    assert "heavy-strike" not in ann.pile and len(ann.pile) == table.rules.deck_size - 1
