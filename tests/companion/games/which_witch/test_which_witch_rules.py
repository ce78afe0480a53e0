"""The rules of Which Witch Is Best!?, each test quoting the seed line it checks.

Seed: the Which Witch Is Best!? rules text. Tables are arranged with real cards
(simulation mode), then played through the engine's own requests.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest
from which_witch_table import NAMES, arrange, play

from companion.engine.core import Chance, Decision
from companion.engine.registry import make_engine
from companion.errors import IllegalAction
from companion.games.which_witch.state import ACTION, RESHUFFLE, WitchState

FILLER = ["heart-potion", "heart-potion", "heart-potion"]


def options(engine, state) -> list[str]:
    request = engine.request(state)
    assert isinstance(request, Decision), request
    return request.option_ids()


# -- setup ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("players", "hearts"), [(2, 5), (3, 4), (6, 4)], ids=["two", "three", "six"])
def test_starting_hearts_depend_on_player_count(engine, players, hearts):
    """'place a Life Heart Tracker Token on the number "5" tile in a two-player game or on the
    number "4" tile in a game of three-players or more.'"""
    state = engine.new_game(NAMES[:players], {"hidden": False, "witches": engine.rules.elements[:players]})
    assert [w.hearts for w in state.seats] == [hearts] * players


def test_deal_gives_five_cards_each_and_turns_up_one_discard(engine):
    """'distribute 5 Game Cards face-down to each player ... Take the top card of the Draw Pile
    and place it face-up next to it to create the Discard Pile.'"""
    state = engine.new_game(NAMES[:4], {"hidden": False, "witches": ["fire", "wind", "ice", "earth"]})
    shuffle = engine.request(state)
    assert isinstance(shuffle, Chance) and shuffle.kind == "shuffle" and len(shuffle.options) == 65
    engine.apply(state, list(shuffle.options))
    assert [len(w.hand) for w in state.seats] == [engine.rules.hand_size] * 4
    assert len(state.discard) == 1 and len(state.draw) == 65 - 4 * 5 - 1


def test_each_player_picks_a_different_witch_first(engine):
    """'Each player must pick 1 Witch Card from the deck to represent them in the game'."""
    state = engine.new_game(NAMES[:3], {"hidden": False})
    assert options(engine, state) == engine.rules.elements
    play(engine, state, "ice")
    assert "ice" not in options(engine, state)
    play(engine, state, "fire", "poison")
    assert [w.element for w in state.seats] == ["ice", "fire", "poison"]


@pytest.mark.parametrize("players", [1, 7])
def test_two_to_six_players_only(engine, players):
    with pytest.raises(IllegalAction, match="2-6 players"):
        engine.new_game([f"P{i}" for i in range(players)])


# -- the Spell attack ----------------------------------------------------------------------

def test_wind_witch_with_two_wind_spells_takes_four_hearts(engine):
    """'if the attacking player is the Wind Witch and won the dice roll using 2 Wind Spell Cards,
    the defending player would lose 4 Life Hearts instead of 2.'"""
    state = arrange(engine, ["wind", "ice"], [["wind-spell", "wind-spell"] + FILLER, FILLER])
    play(engine, state, "spell", "Ben", "wind", "2", [5, 2])
    assert state.seats[1].hearts == engine.rules.hearts.two_players - 4


def test_one_heart_per_spell_when_the_element_is_not_the_attackers(engine):
    """'the defending player loses 1 Life Heart for every Spell Card used by the attacking player.'"""
    state = arrange(engine, ["wind", "ice"], [["fire-spell", "fire-spell"] + FILLER, FILLER])
    play(engine, state, "spell", "Ben", "fire", "2", [5, 2])
    assert state.seats[1].hearts == engine.rules.hearts.two_players - 2


def test_spells_of_the_targets_element_cannot_be_used(engine):
    """'Ice Spell Cards cannot be used to attack an opponent represented by the Ice Witch Card.'"""
    only_ice = arrange(engine, ["wind", "ice"], [["ice-spell"] + FILLER, FILLER])
    assert "spell" not in options(engine, only_ice)
    mixed = arrange(engine, ["wind", "ice"], [["ice-spell", "fire-spell"] + FILLER, FILLER])
    play(engine, mixed, "spell", "Ben")
    assert options(engine, mixed) == ["fire"]


def test_at_most_three_spells_of_one_element(engine):
    """'play up to a total of 3 Spell Cards of the same type.'"""
    state = arrange(engine, ["wind", "ice"], [["fire-spell"] * 4 + ["earth-spell"], FILLER])
    play(engine, state, "spell", "Ben", "fire")
    assert options(engine, state) == ["1", "2", "3"]


def test_tie_is_rolled_again_under_the_same_conditions(engine):
    """'If there is a tie in roll totals, repeat the roll step above.'"""
    state = arrange(engine, ["wind", "ice"], [["fire-spell"] + FILLER, FILLER])
    play(engine, state, "spell", "Ben", "fire", "1")
    texts = play(engine, state, [3, 3])
    assert "tie" in texts[0] and engine.request(state).kind == "roll"
    play(engine, state, [4, 2])
    assert state.seats[1].hearts == engine.rules.hearts.two_players - 1


def test_defender_higher_is_safe_and_nothing_happens_to_the_attacker(engine):
    """'If the defending player has the higher roll total, they are safe from harm and nothing
    happens to the attacking player.'"""
    state = arrange(engine, ["wind", "ice"], [["fire-spell"] + FILLER, FILLER])
    play(engine, state, "spell", "Ben", "fire", "1", [2, 5])
    assert [w.hearts for w in state.seats] == [engine.rules.hearts.two_players] * 2


def test_shield_crystal_blocks_the_full_attack_without_dice(engine):
    """'Play 1 Shield Crystal Card from their hand and block the attacking player's full attack
    without having to roll dice'."""
    state = arrange(engine, ["wind", "ice"], [["wind-spell"] * 3, ["shield-crystal"] + FILLER])
    play(engine, state, "spell", "Ben", "wind", "3")
    request = engine.request(state)
    assert request.player == 1 and request.option_ids() == ["shield", "roll"]
    play(engine, state, "shield")
    assert state.seats[1].hearts == engine.rules.hearts.two_players
    assert Counter(state.discard)["shield-crystal"] == 1 and Counter(state.discard)["wind-spell"] == 3
    assert state.current == 1, "the attack is over: the rotation moved on"


def test_the_choice_to_block_says_what_a_hit_would_cost(engine):
    """Play audit: whether to spend a Shield Crystal turns on what a hit costs, and the cost was
    shown only after the choice. 'the defending player would lose 4 Life Hearts instead of 2'."""
    state = arrange(engine, ["wind", "ice"], [["wind-spell"] * 2 + FILLER[:3], ["shield-crystal"] + FILLER],
                    hearts=[5, 4])
    play(engine, state, "spell", "Ben", "wind", "2")
    assert engine.request(state).prompt.endswith("rolling d6; a hit costs 4 Life Hearts (doubled), all they have")
    spare = arrange(engine, ["wind", "ice"], [["fire-spell"] + FILLER, ["shield-crystal"] + FILLER], hearts=[5, 5])
    play(engine, spare, "spell", "Ben", "fire", "1")
    assert engine.request(spare).prompt.endswith("rolling d6; a hit costs 1 Life Heart")


def test_familiars_boost_the_attackers_roll_total(engine):
    """'The attacking player may also choose to play Familiar Cards to boost their roll total.
    They may mix and combine as many Familiar Cards as they would like'."""
    state = arrange(engine, ["wind", "ice"], [["fire-spell", "black-cat", "barn-owl"], FILLER])
    play(engine, state, "spell", "Ben", "fire", "1", "black-cat", "barn-owl")
    attacker, _ = engine.duel_sides(state)
    assert attacker.bonus == 3
    play(engine, state, [3, 5])
    assert state.seats[1].hearts == engine.rules.hearts.two_players - 1, "3 + 3 beats 5"


def test_defender_rolls_with_their_own_familiars(engine):
    """'the defending player may choose to mix and combine as many Familiar Cards as they would
    like from their hand and play them face-up.'"""
    state = arrange(engine, ["wind", "ice"], [["fire-spell"] + FILLER, ["baby-dragon", "shield-crystal"]])
    play(engine, state, "spell", "Ben", "fire", "1", "roll", "baby-dragon")
    _, defender = engine.duel_sides(state)
    assert defender.bonus == 3
    play(engine, state, [6, 4])
    assert state.seats[1].hearts == engine.rules.hearts.two_players, "4 + 3 beats 6"


def test_a_wand_in_play_replaces_the_default_die(engine):
    """'If they have a Wand Card already in play, they are to use the die noted on that card
    instead of their default six-sided die.'"""
    state = arrange(engine, ["wind", "ice"], [["fire-spell"] + FILLER, FILLER], wands=["wand-d12", None])
    play(engine, state, "spell", "Ben", "fire", "1")
    assert engine.request(state).dice == (12, engine.rules.default_die)


def test_the_defence_does_not_count_as_the_defenders_turn(engine):
    """'Actions taken by a defending player in response to these attacks DO NOT count as their
    turn in the rotation.'"""
    state = arrange(engine, ["wind", "ice", "fire"], [["earth-spell"] + FILLER, ["shield-crystal"], FILLER])
    play(engine, state, "spell", "Ben", "earth", "1", "shield")
    assert state.current == 1 and engine.request(state).kind == "action"


def test_every_player_refills_to_their_hand_size_after_the_attack(engine):
    """'Players must refill their hands to the maximum by pulling cards from the top of the Draw Pile.'"""
    state = arrange(engine, ["wind", "ice", "fire"], [["earth-spell"] * 2 + FILLER, ["shield-crystal"], []])
    top = state.draw[:engine.rules.hand_size * 3]
    play(engine, state, "spell", "Ben", "earth", "2", "shield")
    assert [len(w.hand) for w in state.seats] == [engine.rules.hand_size] * 3
    assert state.seats[0].hand == FILLER + top[:2], "the attacker refills first, from the top"


def test_cards_used_in_the_duel_go_to_the_discard_pile(engine):
    """'Cards used during the duel must be moved to the Discard Pile, excluding Wand Cards in play.'"""
    state = arrange(engine, ["wind", "ice"], [["fire-spell", "black-cat"] + FILLER, ["barn-owl"] + FILLER],
                    wands=["wand-d8", None])
    play(engine, state, "spell", "Ben", "fire", "1", "black-cat", "barn-owl", [1, 6])
    assert {"fire-spell", "black-cat", "barn-owl"} <= set(state.discard)
    assert state.seats[0].wand == "wand-d8"


# -- elimination ---------------------------------------------------------------------------

def test_zero_hearts_eliminates_and_the_cards_go_to_the_discard_pile(engine):
    """'Players are eliminated from the game when they have zero Life Hearts remaining, at which
    point their cards move to the Discard Pile.'"""
    state = arrange(engine, ["wind", "ice", "fire"], [["earth-spell"] + FILLER, ["black-cat"], FILLER],
                    hearts=[4, 1, 4], wands=[None, "wand-d10", None])
    play(engine, state, "spell", "Ben", "earth", "1", "done", [6, 1])
    assert state.seats[1].eliminated and state.seats[1].hand == [] and state.seats[1].wand is None
    assert {"black-cat", "wand-d10"} <= set(state.discard)
    assert options(engine, state) == ["heart", "hand"]


def test_eliminator_may_take_a_permanent_extra_card(engine):
    """'Permanently increase their hand size size by 1 card (i.e. hold six cards instead of five).'"""
    state = arrange(engine, ["wind", "ice", "fire"], [["earth-spell"] + FILLER, [], FILLER], hearts=[4, 1, 4])
    play(engine, state, "spell", "Ben", "earth", "1", [6, 1], "hand")
    assert state.seats[0].hand_size == 6 and len(state.seats[0].hand) == 6
    assert state.current == 2, "the eliminated seat is skipped"


def test_eliminator_may_regain_a_heart_but_never_above_five(engine):
    """'Regain 1 Life Heart' and 'You may never have more than 5 Life Hearts at any point in the game.'"""
    state = arrange(engine, ["wind", "ice", "fire"], [["earth-spell", "earth-spell"] + FILLER, [], FILLER],
                    hearts=[3, 1, 4])
    said = play(engine, state, "spell", "Ben", "earth", "1", [6, 1], "heart")
    assert state.seats[0].hearts == 4 and "Ann (Wind Witch) regains 1 Life Heart: 4." in said
    full = arrange(engine, ["wind", "ice", "fire"], [["earth-spell"] + FILLER, [], FILLER], hearts=[5, 1, 4])
    play(engine, full, "spell", "Ben", "earth", "1", [6, 1])
    offered = engine.request(full).options[0].label
    assert offered == "Regain 1 Life Heart (lost: already at the most)"  # said before the choice (play audit)
    said = play(engine, full, "heart")
    assert full.seats[0].hearts == engine.rules.hearts.max
    assert "Ann (Wind Witch) is already at 5 Life Hearts, the most a witch may have: the heart is lost." in said


def test_infinity_cauldron_avoids_elimination(engine):
    """'Elimination can only be avoided if a player uses the Infinity Cauldron Card immediately
    after losing their final Life Heart'."""
    state = arrange(engine, ["wind", "ice", "fire"], [["earth-spell"] + FILLER, ["infinity-cauldron"], FILLER],
                    hearts=[4, 1, 4])
    play(engine, state, "spell", "Ben", "earth", "1", [6, 1])
    assert engine.request(state).player == 1 and options(engine, state) == ["cauldron", "fall"]
    play(engine, state, "cauldron")
    assert not state.seats[1].eliminated and state.seats[1].hearts == engine.rules.cauldron_hearts
    assert state.current == 1 and engine.request(state).kind == "action", "no reward: nobody was eliminated"


def test_game_ends_with_one_witch_left(engine):
    """'The game ends when there is only one player or team that has any Life Hearts remaining.'"""
    state = arrange(engine, ["wind", "ice"], [["fire-spell"] + FILLER, FILLER], hearts=[5, 1])
    play(engine, state, "spell", "Ben", "fire", "1", [6, 1])
    outcome = engine.outcome(state)
    assert outcome.winner == 0 and "Ann" in outcome.text
    assert engine.request(state) is None


# -- the other six actions -----------------------------------------------------------------

def test_heart_potion_gains_one_heart(engine):
    """'USE 1 HEART POTION CARD: These are used to gain 1 Life Heart.'"""
    state = arrange(engine, ["wind", "ice"], [FILLER, FILLER], hearts=[3, 5])
    play(engine, state, "potion")
    assert state.seats[0].hearts == 4 and state.current == 1


def test_heart_potion_is_not_offered_at_five_hearts(engine):
    """'You may never have more than 5 Life Hearts' (ruling heart-potion-when-hurt)."""
    state = arrange(engine, ["wind", "ice"], [FILLER, FILLER], hearts=[5, 5])
    assert "potion" not in options(engine, state)


def test_zoom_broom_gives_two_extra_turns(engine):
    """'USE 1 ZOOM BROOM CARD: These are used to take two extra turns.'"""
    state = arrange(engine, ["wind", "ice", "fire"], [["zoom-broom"] + FILLER, ["black-cat"], ["barn-owl"]],
                    hearts=[5, 5, 5])
    play(engine, state, "broom")
    seen = []
    for _ in range(3):
        seen.append(state.current)
        play(engine, state, "discard")
        play(engine, state, options(engine, state)[0], "1")
    assert seen == [0, 0, 1]


def test_thief_hex_views_the_hand_and_steals_a_card_of_choice(engine):
    """'used to view one opponent's full hand and a steal a card of your choice for your own hand.'"""
    state = arrange(engine, ["wind", "ice"], [["thief-hex"] + FILLER, ["wand-d20", "black-cat"]])
    play(engine, state, "thief", "Ben")
    assert options(engine, state) == ["black-cat", "wand-d20"]
    play(engine, state, "wand-d20")
    assert "wand-d20" in state.seats[0].hand and "wand-d20" not in state.seats[1].hand
    assert "thief-hex" in state.discard


def test_shield_crystal_blocks_a_hex(engine):
    """Ruling shield-blocks-hexes: a Shield Crystal answers any of the three attacks."""
    state = arrange(engine, ["wind", "ice"], [["thief-hex"] + FILLER, ["shield-crystal", "black-cat"]])
    play(engine, state, "thief", "Ben", "shield")
    assert "black-cat" in state.seats[1].hand and len(state.seats[0].hand) == engine.rules.hand_size


def test_wand_hex_steals_a_wand_in_play_to_keep_or_discard(engine):
    """'used to steal the Wand Card of another player that they already have "in play" and either
    move it to the Discard Pile or immediately put it "in play" for yourself.'"""
    keep = arrange(engine, ["wind", "ice"], [["wand-hex"] + FILLER, FILLER], wands=["wand-d8", "wand-d20"])
    said = play(engine, keep, "wand-hex", "Ben", "keep")
    assert keep.seats[0].wand == "wand-d20" and keep.seats[1].wand is None and "wand-d8" in keep.discard
    # play audit: the table is told to discard the Wand the stolen one replaces
    assert "Ann takes Ben's Wand of Twenty and rolls d20 now; Ann's Wand of Eight goes to the Discard Pile." in said
    toss = arrange(engine, ["wind", "ice"], [["wand-hex"] + FILLER, FILLER], wands=[None, "wand-d20"])
    play(engine, toss, "wand-hex", "Ben", "discard")
    assert toss.seats[0].wand is None and "wand-d20" in toss.discard


def test_wand_hex_needs_a_wand_in_play(engine):
    state = arrange(engine, ["wind", "ice"], [["wand-hex"] + FILLER, FILLER])
    assert "wand-hex" not in options(engine, state)


def test_one_wand_in_play_replaced_only_by_a_better_one(engine):
    """'You may only have 1 Wand Card "in play" at any given time' and 'replaced by a better Wand
    Card (the replaced Wand Card must go to the Discard Pile)'."""
    state = arrange(engine, ["wind", "ice"], [["wand-d8", "wand-d12", "wand-d10"] + FILLER[:2], FILLER],
                    wands=[None, None], hearts=[5, 5])
    play(engine, state, "wand", "wand-d10")
    assert state.seats[0].wand == "wand-d10"
    state.current = 0
    play(engine, state, "wand")
    assert options(engine, state) == ["wand-d12"], "the d8 is not better than the d10"
    play(engine, state, "wand-d12")
    assert state.seats[0].wand == "wand-d12" and "wand-d10" in state.discard


def test_discard_only_identical_cards(engine):
    """'Discard as many cards as you want from your hand so long as they are identical'."""
    state = arrange(engine, ["wind", "ice"], [["ice-spell", "ice-spell", "fire-spell"] + FILLER[:2], FILLER],
                    hearts=[5, 5])
    play(engine, state, "discard")
    assert set(options(engine, state)) == {"ice-spell", "fire-spell", "heart-potion"}
    play(engine, state, "ice-spell")
    assert options(engine, state) == ["1", "2"]
    assert play(engine, state, "2")[0] == "Ann (Wind Witch) discards 2 Ice Spell cards."  # not "2 x Ice Spell"
    assert Counter(state.discard)["ice-spell"] >= 2 and "fire-spell" in state.seats[0].hand


# -- piles ---------------------------------------------------------------------------------

def test_empty_draw_pile_reshuffles_the_discard_pile_with_a_new_top_discard(engine):
    """'If the Draw Pile has been fully used, shuffle the Discard Pile and place it face-down to
    create a new Draw Pile. Take the top card of the new Draw Pile and place it next to it face-up
    to create the new Discard Pile.'"""
    state = arrange(engine, ["wind", "ice"], [["fire-spell"] * 2 + FILLER, FILLER], draw=[], hearts=[5, 5])
    play(engine, state, "spell", "Ben", "fire", "2", [1, 6])
    assert state.phase == RESHUFFLE
    shuffle = engine.request(state)
    order = list(reversed(shuffle.options))
    said = play(engine, state, order)
    # play audit: nothing said who draws how many; a line says so, after the shuffle it waited for
    assert said[said.index(next(t for t in said if t.startswith("Shuffle the Discard Pile"))) + 1] == \
        "Refill: Ann draws 2, Ben draws 2."
    assert state.discard == order[:1]
    assert state.seats[0].hand == FILLER + order[1:3], "the attacker drew first, below the new top discard"
    assert state.seats[1].hand == FILLER + order[3:5]
    assert state.draw == order[5:]
    assert state.phase == ACTION and sum(state.census().values()) == 65


# -- state ---------------------------------------------------------------------------------

def test_state_round_trips_through_json_mid_duel(engine):
    state = arrange(engine, ["wind", "ice"], [["fire-spell", "black-cat"] + FILLER, FILLER])
    play(engine, state, "spell", "Ben", "fire", "1", "black-cat")
    again = WitchState.from_json(json.loads(json.dumps(state.to_json())))
    assert again == state and engine.request(again) == engine.request(state)


def test_table_mode_records_only_what_is_played(engine):
    """At the table hands are secret: the gamemaster names the cards played, never the draws."""
    state = engine.new_game(NAMES[:4])
    play(engine, state, "wind", "ice", "fire", "earth")
    assert engine.request(state).kind == "action", "no shuffle to type: cards are dealt by hand"
    play(engine, state, "spell", "Ben", "wind", "1", "black-cat", "done", "roll", "done", [4, 2])
    assert state.seats[1].hearts == engine.rules.hearts.three_or_more - 2
    assert state.current == 1 and engine.request(state).kind == "action"
    assert [len(w.hand) for w in state.seats] == [engine.rules.hand_size] * 4
    assert sum(state.census().values()) == 65
    assert {"wind-spell", "black-cat"} <= set(state.discard)


def test_a_player_with_an_empty_hand_passes(engine):
    """Ruling no-action-pass: every action needs a card."""
    state = arrange(engine, ["wind", "ice"], [[], FILLER], draw=[], discard=["heart-potion"])
    assert options(engine, state) == ["pass"]
    texts = play(engine, state, "pass")
    assert "passes" in texts[0]
    play(engine, state, list(engine.request(state).options))  # the refill reshuffles the Discard Pile
    assert len(state.seats[0].hand) == engine.rules.hand_size and state.current == 1


def test_table_mode_thief_hex_moves_a_face_down_card(engine):
    """At the table the stolen card stays secret: the gamemaster is not asked which it was."""
    state = engine.new_game(NAMES[:2], {"witches": ["wind", "ice"]})
    said = play(engine, state, "thief", "Ben", "allow")
    assert [len(w.hand) for w in state.seats] == [engine.rules.hand_size] * 2
    # 'view one opponent's full hand and steal a card of your choice' (play audit: it read as a blind draw)
    assert "Ann looks at Ben's whole hand and takes one card of their choice (kept secret)." in said
    assert state.current == 1 and "thief-hex" in state.discard


def test_gamemaster_hint_before_the_roll_gives_the_odds(engine):
    """The companion explains every attack: the exact chance, the cost, and the chance of elimination."""
    state = arrange(engine, ["wind", "ice"], [["wind-spell", "wind-spell"] + FILLER, FILLER], hearts=[5, 3])
    play(engine, state, "spell", "Ben", "wind", "2")
    assert engine.hint(state, engine.request(state)) == [
        "P(hit) 50.0%; a hit costs 3 Life Hearts; P(eliminated) 50.0%"]


def test_rule_numbers_come_from_the_database(cards_copy):
    """A designer's fork changes the game: hand size, starting hearts and spells per attack."""
    game = cards_copy / "which-witch" / "game.yaml"
    text = game.read_text().replace("hand_size: 5 ", "hand_size: 6 ").replace("three_or_more: 4 ", "three_or_more: 3 ")
    game.write_text(text.replace("max_spells_per_attack: 3 ", "max_spells_per_attack: 2 "))
    forked = make_engine("which-witch", str(cards_copy))
    state = forked.new_game(NAMES[:3], {"hidden": False, "witches": ["wind", "ice", "fire"]})
    play(forked, state, list(forked.request(state).options))
    assert [len(w.hand) for w in state.seats] == [6] * 3 and [w.hearts for w in state.seats] == [3] * 3
    spells = arrange(forked, ["wind", "ice"], [["fire-spell"] * 3, FILLER])
    play(forked, spells, "spell", "Ben", "fire")
    assert options(forked, spells) == ["1", "2"]


def test_the_stolen_wand_prompt_asks_what_to_do_with_it(engine):
    """Table audit: the prompt read `Ann takes Ben's d20 Wand (1-2) >`, a statement, not a question."""
    state = arrange(engine, ["wind", "ice"], [["wand-hex"] + FILLER, FILLER], wands=[None, "wand-d20"])
    play(engine, state, "wand-hex", "Ben")
    request = engine.request(state)
    assert request.prompt == "Ann takes Ben's d20 Wand: put it in play or discard it?"
