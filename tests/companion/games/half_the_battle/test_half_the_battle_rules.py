"""Setup, rounds, movement, range, Rage, items and markers, each quoting the text it checks."""

from __future__ import annotations

import pytest
from htb_table import ANN, BEN, new_game, option_ids, play, put

from companion.errors import SetupError
from companion.games.half_the_battle.board import piece_text
from companion.games.half_the_battle.catalog import Reach
from companion.games.half_the_battle.lanes import move_lanes, reach_lanes
from companion.games.half_the_battle.setup import monster_start
from companion.games.half_the_battle.state import Marker


@pytest.mark.parametrize("roll, hp", [(1, 11), (10, 20), (11, 11), (20, 20)])
def test_monster_starting_hp(engine, roll, hp):
    """Seed: "Roll the d20 to determine each player's monster's starting HP. If equal or lower than 10, add 10." """
    assert monster_start(roll, engine.rules) == hp


def test_tied_monsters_reroll_and_lowest_takes_initiative(engine):
    """Seed: "If Monster HPs are tied, everyone re-rolls them again. The player whose monster has
    lowest HP takes the initiative token." """
    state = engine.new_game(["Ann", "Ben"])
    play(engine, state, [3], [13])                 # 13 and 13: a tie
    assert engine.request(state).kind == "roll" and engine.request(state).player == ANN
    play(engine, state, [18], [14])
    assert state.initiative == BEN
    assert state.piece("0-d20").hp == 18 and state.piece("1-d20").hp == 14


def test_setup_dice_on_maximum_and_two_face_up_items(engine):
    """Seed: "place each die on top, on its maximum value." "give each player two cards, face up." """
    state = new_game(engine)
    for piece in state.pieces:
        side = engine.catalog.side(piece.card, piece.team)
        if not side.monster:
            assert piece.hp == side.max_hp
    assert [len(p.items) for p in state.players] == [2, 2]


def test_standard_layout_each_party_in_its_own_half(engine):
    state = new_game(engine)
    half = engine.rules["half"]
    assert all(p.lane <= half for p in state.alive(ANN))
    assert all(p.lane > half for p in state.alive(BEN))


def test_placement_variant_asks_a_lane_in_your_half(engine):
    """Seed: "players may simultaneously place their pieces anywhere in their half of the dungeon." """
    state = engine.new_game(["Ann", "Ben"], {"layout": "placement"})
    assert option_ids(engine, state) == ["lane:1", "lane:2", "lane:3", "lane:4", "lane:5"]
    while engine.request(state).player == ANN:                 # Ann places her seven pieces
        play(engine, state, "lane:1")
    # play audit: Ben's lanes were numbered 1-5 on the menu, so typing 5 placed a piece in lane 10
    assert [(o.number, o.id) for o in engine.request(state).options] == [(str(n), f"lane:{n}") for n in range(6, 11)]


def test_mixed_variant_asks_a_side_of_every_card(engine):
    """Seed: "have each player pick from either class for each of their seven pieces" """
    state = engine.new_game(["Ann", "Ben"], {"teams": "mixed"})
    assert engine.request(state).kind == "side"
    play(engine, state, "side:b")
    assert state.piece("0-d4").team == "b"


def test_unknown_option_is_refused(engine):
    with pytest.raises(SetupError, match="teams, layout"):
        engine.new_game(["Ann", "Ben"], {"colour": "red"})


def test_move_counts_lanes_and_stops_at_the_ends():
    """Seed: "Moving the black d12 to the white d12 requires one lane of movement." "You cannot move a
    piece beyond the ends of the dungeon." """
    assert 6 in move_lanes(5, 1, 10) and 7 not in move_lanes(5, 1, 10)
    assert move_lanes(1, 3, 10) == [2, 3, 4]


def test_range_own_lane_and_one_forward_depends_on_facing():
    """Seed: "Character's lane and one lane forwards." -- facing right (left player) and left."""
    assert reach_lanes(5, 0, Reach(1, 0), 10) == [5, 6]
    assert reach_lanes(6, 1, Reach(1, 0), 10) == [5, 6]


def test_range_one_forward_one_back_and_own_lane():
    """Seed: "One lane forwards, one lane backwards, and own lane." """
    assert reach_lanes(5, 0, Reach(1, 1), 10) == [4, 5, 6]


def test_the_target_prompt_counts_targets_only_for_an_action_of_several(engine):
    """Play audit: 'Strike: target piece (1 left, in order)' for an action with one target."""
    state = new_game(engine)
    put(state, BEN, "d12", lane=6)
    play(engine, state, "0-d12", "1-d20", "act:1")  # Strike: one piece
    assert engine.request(state).prompt == "Strike: target piece"
    state = new_game(engine)
    put(state, BEN, "d12", lane=6)
    play(engine, state, "0-d12", "1-d20", "act:0")  # Cleave: two pieces
    assert engine.request(state).prompt == "Cleave: target piece (2 left, in order)"


def test_move_before_or_after_but_once(engine):
    """Seed: "You may optionally move your selected piece in your action phase, either before or after taking its action." """
    state = new_game(engine)
    put(state, BEN, "d12", lane=6)
    play(engine, state, "0-d12", "1-d20", "act:1", "1-d12")
    assert "move:4" in option_ids(engine, state)        # after the action
    play(engine, state, "move:4")
    assert not any(o.startswith(("move:", "act:")) for o in option_ids(engine, state))


def test_only_one_action_unless_stated(engine):
    """Seed: "You can only use one of your selected piece's actions during your action phase, unless stated otherwise." """
    state = new_game(engine)
    put(state, BEN, "d12", lane=6)
    play(engine, state, "0-d12", "1-d20", "act:1", "1-d12")
    assert not any(o.startswith("act:") for o in option_ids(engine, state))


def test_action_surge_may_be_used_twice(engine):
    state = new_game(engine)
    put(state, ANN, "d12", lane=5, hp=2)
    put(state, BEN, "d12", lane=6)
    play(engine, state, "0-d12", "1-d20", "act:2", "1-d12")
    assert "act:2" in option_ids(engine, state)
    play(engine, state, "act:2", "1-d12")
    assert state.piece("1-d12").hp == 12 - 3 - 3


def test_a_piece_moves_before_or_after_both_uses_of_action_surge_never_between(engine):
    """Ruling move-once: "either before or after its action" (play audit: Ann's Fighter used Action
    Surge, moved a lane closer, then used it again on a piece out of reach before the move)."""
    state = new_game(engine)
    put(state, ANN, "d12", lane=5, hp=2)
    put(state, BEN, "d12", lane=6)
    play(engine, state, "0-d12", "1-d20", "act:2", "1-d12")
    assert "move:6" in option_ids(engine, state) and "act:2" in option_ids(engine, state)
    # the menu says what moving now costs (play audit: the second use went without a word)
    labels = {option.id: option.label for option in engine.request(state).options}
    assert labels["move:6"] == "move to lane 6 (then no more actions)"
    play(engine, state, "move:6")
    assert not any(o.startswith(("act:", "move:")) for o in option_ids(engine, state))


def test_a_move_before_the_first_action_says_nothing_more(engine):
    state = new_game(engine)
    put(state, ANN, "d12", lane=5, hp=2)
    put(state, BEN, "d12", lane=6)
    play(engine, state, "0-d12", "1-d20")
    labels = {option.id: option.label for option in engine.request(state).options}
    assert labels["move:6"] == "move to lane 6"


def test_eliminated_selection_misses_the_phase(engine):
    """Seed: "If your chosen piece is eliminated before your action phase begins, you miss this phase of your turn." """
    state = new_game(engine)
    put(state, ANN, "d12", lane=6)
    put(state, BEN, "d8", lane=6, hp=1)
    texts = play(engine, state, "0-d12", "1-d8", "act:1", "1-d8", "end")
    texts = [t for t in texts if "misses" in t]
    assert texts and "Rogue" in texts[0]
    assert option_ids(engine, state) == ["end"]


def test_rage_die_is_worth_its_maximum_and_one_purchase_per_round(engine):
    """Seed: "Each Rage die is worth Rage equal to its maximum value (i.e. a d6 is worth 6 Rage)."
    "Converted Rage points can be spent on one of the following options per round" """
    state = new_game(engine)
    state.players[ANN].rage_dice = ["d6", "d12"]
    play(engine, state, "0-d12", "1-d20")
    play(engine, state, "rage")
    labels = [o.label for o in engine.request(state).options]
    assert "d6 = 6 Rage" in labels and "d12 + d6 = 18 Rage" in labels
    play(engine, state, "d12", "token")
    assert state.players[ANN].tokens == 1
    assert "rage" not in option_ids(engine, state)      # the d6 waits for next round


def test_rage_damage_price_is_enemies_alive(engine):
    """Seed: "Each point of damage costs Rage equal to the number of enemy pieces left alive" """
    state = new_game(engine)
    state.players[ANN].rage_dice = ["d12"]
    play(engine, state, "0-d12", "1-d20", "rage", "d12", "damage:1-d12")
    assert option_ids(engine, state) == ["1-damage"]    # 12 Rage // 7 enemies = 1 point


def test_flip_an_opponents_item_face_down(engine):
    """Seed: "turn an opponent's item face-down, preventing its use (12 Rage)" """
    state = new_game(engine)
    state.players[ANN].rage_dice = ["d12"]
    said = play(engine, state, "0-d12", "1-d20", "rage", "d12", "down:smoke-bomb")
    assert "smoke-bomb" in state.players[BEN].spent
    assert any(text.startswith("Ann turns Ben's Smoke Bomb face down") for text in said), said


def test_a_heal_cut_at_the_most_hp_says_so(engine):
    """Play audit: 'Ben's Dragon d20 heals 4: 19 -> 20 HP' left the table to work out the cap; then "heals 4, up to its 12 HP" read oddly."""
    from companion.games.half_the_battle.actions import heal

    state = new_game(engine)
    fighter = put(state, ANN, "d12", lane=5, hp=10)
    assert heal(engine, state, fighter, 4).text == "Ann's Fighter d12 heals 4 (capped at its maximum, 12 HP): 10 -> 12 HP"
    assert heal(engine, state, put(state, BEN, "d8", lane=6, hp=2), 3).text == "Ben's Rogue d8 heals 3: 2 -> 5 HP"


def test_both_parties_eliminated_most_rage_wins(engine):
    """Seed: "If all remaining pieces for both players are eliminated in the same turn, the player with most Rage wins." """
    from companion.games.half_the_battle.outcome import decide

    state = new_game(engine)
    for piece in state.pieces:
        piece.alive = False
    state.players[BEN].rage_dice = ["d4"]
    decide(engine, state)
    assert state.winner == BEN


def test_both_eliminated_equal_rage_higher_monster_start_wins(engine):
    """Seed: "If still tied, the player whose monster started with highest HP wins." """
    from companion.games.half_the_battle.outcome import decide

    state = new_game(engine, rolls=(12, 15))
    for piece in state.pieces:
        piece.alive = False
    decide(engine, state)
    assert state.winner == BEN


def test_cleric_spells_cost_two_hp(engine):
    """Seed (the Cleric card): "Every time the Cleric casts a spell, reduce its HP by 2." """
    state = new_game(engine)
    cleric = put(state, ANN, "d10", lane=5)
    put(state, BEN, "d12", lane=6)
    play(engine, state, "0-d10", "1-d20", "act:2", "1-d12")      # Sacred Flame: 3 damage
    assert cleric.hp == 10 - 2 and state.piece("1-d12").hp == 12 - 3


def test_martyr_sets_the_cleric_to_five_at_the_end_of_the_turn(engine):
    """Seed (the Cleric card): "At the end of this turn set the Cleric to 5HP." """
    state = new_game(engine)
    cleric = put(state, ANN, "d10", lane=2, hp=1)
    put(state, ANN, "d6", hp=2)
    play(engine, state, "0-d10", "1-d20", "act:4", "0-d6", "done")
    # the spell cost took it to 0, but Martyr sets its HP "even from 0" (ruling cleric-card-reading):
    # not shown dying (play audit), and it may still move after its action
    assert cleric.hp == 0 and not cleric.dying
    assert state.piece("0-d6").hp == 6
    assert "to 5 HP at end of turn" in piece_text(engine, state, cleric)
    assert "move:1" in option_ids(engine, state)
    play(engine, state, "end")
    assert cleric.alive and cleric.hp == 5


def test_a_piece_dying_from_its_own_action_may_still_move_after_it(engine):
    """Seed: "take an action then optionally move"; a piece that used a fatal action "dies at the
    end of that turn", so until then it is on the board (ruling dying-piece-moves; play audit:
    no move was offered)."""
    state = new_game(engine)
    caster = put(state, ANN, "d4", lane=4, hp=1)     # the Wizard: Arcane Overload at exactly 1 HP
    put(state, BEN, "d12", lane=5)
    fatal = next(f"act:{i}" for i, action in enumerate(engine.catalog.side(caster.card, caster.team).actions)
                 if action.fatal)
    play(engine, state, "0-d4", "1-d20", fatal, "1-d12")
    assert caster.dying
    options = option_ids(engine, state)
    assert any(option.startswith("move:") for option in options)
    assert not any(option.startswith("act:") for option in options)


def test_cure_wounds_heals_the_cleric_itself(engine):
    """Seed (the Cleric card): "Instead of healing an ally the Cleric heals themselves." """
    state = new_game(engine)
    cleric = put(state, ANN, "d10", lane=2, hp=2)
    play(engine, state, "0-d10", "1-d20", "act:3")
    assert cleric.hp == 2 - 2 + 3 and not cleric.dying


def test_serenaded_lane_stops_enemy_actions(engine):
    state = new_game(engine)
    put(state, ANN, "d6", lane=5)
    put(state, BEN, "d12", lane=6)
    play(engine, state, "0-d6", "1-d12", "act:0", "lane:6", "end")
    assert not any(o.startswith("act:") for o in option_ids(engine, state))


def test_entangled_lane_stops_enemy_movement(engine):
    state = new_game(engine, options={"teams": "b"})
    put(state, ANN, "d10", lane=5)
    put(state, BEN, "d12", lane=6)
    play(engine, state, "0-d10", "1-d12", "act:0", "lane:6", "end")
    assert not any(o.startswith("move:") for o in option_ids(engine, state))


def test_hex_adds_damage_and_expires(engine):
    state = new_game(engine, options={"teams": "b"})
    put(state, ANN, "d6", lane=5)
    put(state, BEN, "d12", lane=6)
    play(engine, state, "0-d6", "1-d12", "act:1", "1-d12", "end", "end")
    assert [m.kind for m in state.markers] == ["hex"]
    play(engine, state, "1-d12", "0-d6", "end", "act:0", "1-d12", "done")   # Eldritch Blast 2 (+1 hexed)
    assert state.piece("1-d12").hp == 12 - 3
    play(engine, state, "end")
    assert state.markers == []                                       # 2 rounds: gone after round 2


def test_stalemate_ends_a_battle_without_damage(engine):
    """Ruling stalemate: rounds in a row without damage end the game, decided like a double elimination."""
    state = new_game(engine)
    for _ in range(engine.rules["stalemate_rounds"]):
        assert engine.outcome(state) is None
        for _ in range(2):
            play(engine, state, f"{engine.request(state).player}-d4")
        play(engine, state, "end")
        state.players[BEN].pending_dice = ["d4"]     # a die due at the end of the round: Ben has more Rage
        said = play(engine, state, "end")
    outcome = engine.outcome(state)
    assert outcome is not None and outcome.termination == "stalemate" and outcome.winner == BEN
    # audit s27: `Ben takes the initiative token` was said after the game-ending stalemate
    assert not [text for text in said if "initiative" in text], said


def test_a_piece_that_can_neither_move_nor_act_misses_the_phase(engine):
    """Seed: "If you cannot move and cannot take an action with your selected piece, you miss the action phase of your turn." """
    state = new_game(engine)
    put(state, ANN, "d20", lane=3, hp=1)            # a monster on 1 HP with no token: no action
    state.markers.append(Marker("entangled", BEN, until=5, lane=3))
    texts = play(engine, state, "0-d20", "1-d12")
    assert any("can neither move nor act" in t for t in texts)
    assert not any(o.startswith(("move:", "act:")) for o in option_ids(engine, state))   # items remain


def test_mixed_sides_stay_secret_during_setup(engine):
    """Ruling mixed-classes: the sides are chosen secretly; the board shows only dice until play starts."""
    state = engine.new_game(["Ann", "Ben"], {"teams": "mixed"})
    play(engine, state, "side:b")
    board = "\n".join(engine.tally(state))
    assert "Sorcerer" not in board and "Ann:d4>" in board


def test_the_menu_hint_names_only_what_the_menu_offers(engine):
    """Play audit: `items and Rage any time in your turn` was shown on menus offering neither."""
    state = new_game(engine)
    put(state, ANN, "d6", lane=5)
    put(state, BEN, "d12", lane=6)
    play(engine, state, "0-d6", "1-d12")
    seen = []
    for answer in ("act:0", "lane:6", None):
        ids = option_ids(engine, state)
        hint = " ".join(engine.hint(state, engine.request(state)))
        seen.append(hint)
        assert ("items" in hint) == any(i.startswith("item:") for i in ids)
        assert ("Rage" in hint) == ("rage" in ids)
        assert ("move before or after" in hint) == (any(i.startswith("move:") for i in ids)
                                                    and any(i.startswith("act:") for i in ids))
        if answer:
            play(engine, state, answer)
    assert seen[0].startswith("move before or after acting") and "move before" not in seen[-1]


def test_a_marker_lasts_through_as_many_of_the_opponents_phases_whoever_places_it(engine):
    """Ruling durations; seed: such abilities "linger for a turn or more". Counted from the round
    it was placed in, a marker placed in the round's second action phase ended before the
    opponent acted again (play audit: a Sacrifice placed second ended at once)."""
    first = new_game(engine)
    put(first, ANN, "d6", lane=5)
    put(first, BEN, "d12", lane=6)
    play(engine, first, "0-d6", "1-d12", "act:0", "lane:6")        # Ann acts first in round 1
    assert first.markers[-1].until == 2                              # Ben's phases of rounds 1 and 2
    second = new_game(engine)
    put(second, ANN, "d12", lane=5)
    put(second, BEN, "d6", lane=6)
    play(engine, second, "0-d12", "1-d6", "end", "act:0", "lane:5")  # Ben acts second in round 1
    assert second.markers[-1].until == 3                             # Ann's phases of rounds 2 and 3
