"""Every Heartstrings rule played through the engine, quoting the text it checks."""

from __future__ import annotations

import json

import pytest
from heartstrings_table import begin_with_move, kinds, place, play, seated, texts

from companion.engine.core import Chance, Decision
from companion.errors import IllegalAction, SetupError
from companion.games.heartstrings.state import (
    CHOOSE_MOVE,
    ROLL_ATTACK,
    ROLL_DEFENCE,
    ROLL_ROOM,
    SACRIFICE,
)

ANN, BEN, CY = 0, 1, 2
PLAIN, OTHER_PLAIN = 5, 7      # rooms with no buff and no bonus
BONUS = 12                     # a Heart Bead Bonus room


def test_plain_rooms_are_plain(rules):
    for room in (PLAIN, OTHER_PLAIN):
        assert room not in rules.attacker_buffs and room not in rules.defender_buffs
        assert room not in rules.bead_bonus_rooms
    assert BONUS in rules.bead_bonus_rooms


# -- setup and turn order ----------------------------------------------------------------

def test_new_game_gives_every_player_their_beads_and_tokens(engine, rules):
    """Seed: "each player must place 12 heart beads onto their Heartstring. No pieces are placed
    on the board until the first turn." """
    state = engine.new_game(["Ann", "Ben", "Cy"])
    assert [p.beads for p in state.players] == [rules.beads_per_player] * 3
    assert [p.supply for p in state.players] == [rules.tokens_per_player] * 3
    assert state.pool == rules.bead_pool
    assert not any(state.rooms.values())


@pytest.mark.parametrize("count", [1, 4], ids=["one", "four"])
def test_player_count_outside_2_to_3_is_refused(engine, count):
    """Seed: "2-3 players". The core checks every game's player count from game.yaml, in its words."""
    with pytest.raises(SetupError, match="for 2-3 players"):
        engine.new_game([f"P{i}" for i in range(count)])


def test_setup_options_are_refused(engine):
    with pytest.raises(SetupError, match=r"unknown setup option 'witches'; .*\(this game has no setup options\)"):
        engine.new_game(["Ann", "Ben"], {"witches": "fire"})


def test_player_names_must_differ(engine):
    with pytest.raises(SetupError, match="must differ"):
        engine.new_game(["Ann", "Ann"])


def test_highest_roll_starts(engine):
    """Ruling first-player; seed: "Player order is decided by rolling the highest number" """
    state = engine.new_game(["Ann", "Ben"])
    events = play(engine, state, [3], [10])
    assert "Ben rolls highest (10) and starts" in texts(events)
    assert (state.current, state.phase, state.turn) == (BEN, ROLL_ROOM, 1)


def test_roll_off_ties_roll_again_among_the_tied(engine):
    """Ruling first-player: "ties roll again" """
    state = engine.new_game(["Ann", "Ben", "Cy"])
    events = play(engine, state, [7], [7], [2])
    assert "Ann and Ben tie on 7 and roll again" in texts(events)
    assert engine.request(state).player == ANN
    play(engine, state, [1])
    assert engine.request(state).player == BEN  # Cy, who rolled lower, does not roll again
    play(engine, state, [4])
    assert state.current == BEN


def test_play_passes_in_seat_order(engine):
    state = seated(engine, ("Ann", "Ben", "Cy"))
    order = []
    for room in (1, 2, 3, 4):
        order.append(state.current)
        play(engine, state, [room])
    assert order == [ANN, BEN, CY, ANN]


# -- room selection: occupy -----------------------------------------------------------------

def test_occupying_an_empty_room_places_a_token_without_combat(engine, rules):
    """Seed: "If the room was previously empty or occupied by his/her own tokens, this is called
    occupying the room." and "If you occupy the room and do not invade ... you do not enter combat." """
    state = seated(engine)
    events = play(engine, state, [PLAIN])
    assert state.rooms[PLAIN] == [ANN]
    assert state.players[ANN].supply == rules.tokens_per_player - 1
    assert kinds(events) == ["occupy", "turn"]
    assert state.current == BEN


def test_occupying_your_own_room_adds_a_token(engine):
    state = seated(engine)
    place(state, PLAIN, ANN)
    play(engine, state, [PLAIN])
    assert state.rooms[PLAIN] == [ANN, ANN]


# -- invasion and combat ----------------------------------------------------------------------

def test_invading_asks_the_attacker_then_each_defending_token(engine):
    """Seed: "If the room was already occupied by an opponent, this is called invading the room."
    and "the Attacker only rolls once, but the Defender must roll for each token" """
    state = seated(engine)
    place(state, PLAIN, BEN, 2)
    play(engine, state, [PLAIN])
    request = engine.request(state)
    assert (state.phase, request.player, request.dice) == (ROLL_ATTACK, ANN, (engine.rules.combat_die,))
    play(engine, state, [4])
    assert (state.phase, engine.request(state).player) == (ROLL_DEFENCE, BEN)
    play(engine, state, [1])
    assert (state.phase, engine.request(state).player) == (ROLL_DEFENCE, BEN)  # second token rolls
    assert state.rooms[PLAIN] == [BEN]


def test_room_9_example_through_the_engine(engine):
    """Seed: "If a player invades room 9, the Attacker's roll automatically gains 3." """
    state = seated(engine)
    place(state, 9, BEN)
    events = play(engine, state, [9], [4], [5])
    combat = next(e for e in events if e.kind == "combat")
    assert combat.text.startswith("Room 9 (attacker +3): Ann rolls 4+3 = 7; Ben's token rolls 5: "
                                  "7 beats 5, Ben loses the token and takes ceil(2/2) = 1 damage")
    assert state.rooms[9] == [ANN]
    assert state.players[BEN].beads == engine.rules.beads_per_player - 1


def test_losing_attacker_removes_the_token_and_takes_damage(engine, rules):
    """Seed: "The loser of the roll must remove their token and take damage"; ruling
    attacker-loses-token-placed: the token returns to the attacker's supply."""
    state = seated(engine)
    place(state, 8, BEN)
    pool = state.pool
    play(engine, state, [8], [2], [6])  # 2 against 6+2 = 8: the attacker loses 3
    assert state.rooms[8] == [BEN]
    assert state.players[ANN].supply == rules.tokens_per_player
    assert state.players[ANN].beads == rules.beads_per_player - 3
    assert state.pool == pool + 3


def test_damage_beads_go_to_the_pool(engine, rules):
    """Seed: "When taking damage, remove that number of heart beads from your Heartstring and add
    it to the extra beads in the Bead Pool." """
    state = seated(engine)
    place(state, PLAIN, BEN)
    play(engine, state, [PLAIN], [6], [1])
    assert state.players[BEN].beads == rules.beads_per_player - 3
    assert state.pool == rules.bead_pool + 3


def test_removed_defending_tokens_return_to_supply(engine, rules):
    """Ruling removed-tokens-return."""
    state = seated(engine)
    place(state, PLAIN, BEN, 2)
    play(engine, state, [PLAIN], [6], [1], [1])
    assert state.rooms[PLAIN] == [ANN]
    assert state.players[BEN].supply == rules.tokens_per_player


def test_damage_is_capped_by_the_beads_left(engine):
    """Ruling damage-capped-by-beads."""
    state = seated(engine, ("Ann", "Ben", "Cy"))
    place(state, PLAIN, BEN)
    state.players[BEN].beads = 2
    pool = state.pool
    said = " ".join(event.text for event in play(engine, state, [PLAIN], [6], [1]))  # 3 damage, 2 beads
    assert state.players[BEN].beads == 0
    assert state.pool == pool + 2
    # play audit: it said `3 damage, all they had (ruling damage-capped-by-beads)` of Ben's 2 beads
    assert "= 3 damage, but only 2 beads to lose; Ben has 0 beads left" in said


# -- heart bead bonus ----------------------------------------------------------------------------

def test_occupying_a_bonus_room_gains_a_bead_from_the_pool(engine, rules):
    """Seed: "If a player occupies or successfully invades ... a Heart Bead Bonus room, they gain
    (1) heart bead on their Heartstring." """
    state = seated(engine)
    play(engine, state, [BONUS])
    assert state.players[ANN].beads == rules.beads_per_player + rules.bead_bonus
    assert state.pool == rules.bead_pool - rules.bead_bonus


def test_successfully_invading_a_bonus_room_gains_a_bead(engine, rules):
    """Seed: "successfully invades (defeats the Defender) a Heart Bead Bonus room" """
    state = seated(engine)
    place(state, BONUS, BEN)
    play(engine, state, [BONUS], [6], [6])  # a tie: the defender loses the token
    assert state.rooms[BONUS] == [ANN]
    assert state.players[ANN].beads == rules.beads_per_player + rules.bead_bonus


def test_failed_invasion_of_a_bonus_room_gains_nothing(engine, rules):
    state = seated(engine)
    place(state, BONUS, BEN)
    play(engine, state, [BONUS], [1], [2])
    assert state.players[ANN].beads == rules.beads_per_player - 1
    assert state.players[BEN].beads == rules.beads_per_player


def test_no_bonus_for_staying_in_the_room(engine, rules):
    """Seed: "A heart bead is only granted when the token first occupies or invades the room.
    There is no bonus for staying in the room." """
    state = seated(engine)
    play(engine, state, [BONUS])
    beads = state.players[ANN].beads
    play(engine, state, [OTHER_PLAIN], [PLAIN])  # Ben's turn, then Ann's next turn elsewhere
    assert state.players[ANN].beads == beads


def test_moved_token_rolling_its_own_bonus_room_gains_nothing(engine):
    """Rulings move-token-same-room and bonus-per-arrival."""
    state = seated(engine)
    place(state, BONUS, ANN, engine.rules.tokens_per_player)
    begin_with_move(state)  # as if Ann's turn began with the supply empty
    beads, pool = state.players[ANN].beads, state.pool
    events = play(engine, state, f"room{BONUS}", [BONUS])
    assert "stays" in " ".join(texts(events))
    assert (state.players[ANN].beads, state.pool) == (beads, pool)


def test_no_bonus_when_the_pool_is_empty(engine, rules):
    """Seed: "This only occurs if there are heart beads in the Bead Pool." """
    state = seated(engine)
    state.players[BEN].beads += state.pool
    state.pool = 0
    events = play(engine, state, [BONUS])
    assert state.players[ANN].beads == rules.beads_per_player
    assert any("the pool is empty" in t for t in texts(events))


# -- out of tokens -------------------------------------------------------------------------------

def test_out_of_tokens_moves_a_board_token_from_the_chosen_room(engine):
    """Seed: "If a player is out of tokens, they must select any one of their tokens on the board
    and roll the Room Selector to occupy or invade another room." """
    state = seated(engine)
    place(state, 2, ANN, 11)
    place(state, 3, ANN, 1)
    begin_with_move(state)  # as if Ann's turn began with the supply empty
    request = engine.request(state)
    assert isinstance(request, Decision) and request.kind == "move"
    assert request.option_ids() == ["room2", "room3"]
    play(engine, state, "room3", [PLAIN])
    assert (state.rooms[3], state.rooms[PLAIN], state.players[ANN].supply) == ([], [ANN], 0)


def test_turn_starts_with_the_move_choice_when_the_supply_is_empty(engine):
    state = seated(engine)
    place(state, 2, BEN, engine.rules.tokens_per_player)
    play(engine, state, [PLAIN])  # Ann's turn; now Ben's, with no tokens in supply
    assert state.current == BEN
    assert state.phase == CHOOSE_MOVE
    assert engine.request(state).option_ids() == ["room2"]


def test_enter_at_the_move_choice_takes_the_token_the_hint_names(engine):
    """Play audit: at 'choose a token on the board to move' Enter took nothing, though the hint named
    the token in the most danger; a table used to Enter pressed it 50 times in a row."""
    state = seated(engine)
    danger = engine.board.danger
    safe, risky = min(range(1, 13), key=lambda r: danger[r]), max(range(1, 13), key=lambda r: danger[r])
    place(state, safe, BEN, engine.rules.tokens_per_player - 1)
    place(state, risky, BEN, 1)
    play(engine, state, [PLAIN])
    request = engine.request(state)
    assert request.default == f"room{risky}"
    assert f"moving the token from {engine.board.names[risky]}" in engine.hint(state, request)[0]


# -- elimination and winning -----------------------------------------------------------------------

def test_elimination_removes_all_the_players_tokens(engine, rules):
    """Seed: "If any player loses all of their heart beads in combat, that player is eliminated from
    the game and all of their tokens must be removed from the board." """
    state = seated(engine, ("Ann", "Ben", "Cy"))
    place(state, PLAIN, BEN, 2)
    place(state, 2, BEN, 3)
    state.players[BEN].beads = 1
    events = play(engine, state, [PLAIN], [6], [1])
    assert state.players[BEN].eliminated
    assert state.tokens_on_board(BEN) == 0
    assert state.rooms[PLAIN] == [ANN]  # ruling elimination-ends-combat
    assert "eliminate" in kinds(events)
    # play audit: the token lost in the exchange was counted again among those leaving the board
    said = next(e for e in events if e.kind == "eliminate")
    assert said.data["tokens"] == 4 and "4 tokens leave the board" in said.text  # 1 more here, 3 in room 2
    assert state.players[BEN].supply == engine.rules.tokens_per_player


def test_eliminated_players_are_skipped(engine):
    """Seed: "Any remaining players continue play as normal until only one player is the victor." """
    state = seated(engine, ("Ann", "Ben", "Cy"))
    place(state, PLAIN, BEN)
    state.players[BEN].beads = 1
    play(engine, state, [PLAIN], [6], [1])
    assert state.current == CY
    play(engine, state, [OTHER_PLAIN])
    assert state.current == ANN


def test_attacker_can_be_eliminated_and_the_turn_passes(engine):
    state = seated(engine, ("Ann", "Ben", "Cy"))
    place(state, PLAIN, BEN)
    place(state, 2, ANN, 2)
    state.players[ANN].beads = 1
    play(engine, state, [PLAIN], [1], [6])
    assert state.players[ANN].eliminated and state.rooms[2] == []
    assert (state.current, state.phase) == (BEN, ROLL_ROOM)  # no sacrifice for Ann


def test_last_player_with_beads_wins(engine):
    """Seed: "The game is over when all but one player is eliminated by losing all their heart
    beads. The last player with heart beads is the winner." """
    state = seated(engine)
    place(state, PLAIN, BEN)
    state.players[BEN].beads = 1
    events = play(engine, state, [PLAIN], [6], [1])
    outcome = engine.outcome(state)
    assert (outcome.termination, outcome.winner) == ("last-standing", ANN)
    assert engine.request(state) is None
    assert events[-1].kind == "game-over"
    with pytest.raises(IllegalAction, match="over"):
        engine.apply(state, [1])


# -- token sacrifice -----------------------------------------------------------------------------------

def test_sacrifice_is_offered_for_rooms_with_more_than_one_token(engine):
    """Seed: "If the player occupies any room with more than one token, they may choose to sacrifice
    that token from the board to gain (1) heart bead on their Heartstring." """
    state = seated(engine)
    place(state, 2, ANN, 2)
    place(state, 3, ANN, 1)
    play(engine, state, [PLAIN])
    request = engine.request(state)
    assert isinstance(request, Decision) and request.kind == "sacrifice"
    assert request.option_ids() == ["room2", "pass"]


def test_sacrifice_returns_the_token_and_gains_a_bead(engine, rules):
    """Seed: "Sacrificed tokens return to the player's possession" """
    state = seated(engine)
    place(state, 2, ANN, 2)
    supply = state.players[ANN].supply
    play(engine, state, [PLAIN])
    play(engine, state, "room2")
    assert state.rooms[2] == [ANN]
    assert state.players[ANN].supply == supply - 1 + 1
    assert state.players[ANN].beads == rules.beads_per_player + rules.sacrifice_beads
    assert state.pool == rules.bead_pool - rules.sacrifice_beads


def test_only_one_sacrifice_per_turn(engine):
    """Seed: "Token Sacrifice is limited to one token per turn." """
    state = seated(engine)
    place(state, 2, ANN, 3)
    place(state, 3, ANN, 2)
    play(engine, state, [PLAIN], "room2")
    assert state.current == BEN and state.phase == ROLL_ROOM


def test_pass_keeps_every_token(engine):
    state = seated(engine)
    place(state, 2, ANN, 2)
    play(engine, state, [PLAIN], "pass")
    assert state.rooms[2] == [ANN, ANN] and state.current == BEN


def test_no_sacrifice_when_the_pool_is_empty(engine):
    """Seed: "A player may only do this if there are heart beads still available in the Bead Pool." """
    state = seated(engine)
    place(state, 2, ANN, 2)
    state.players[BEN].beads += state.pool
    state.pool = 0
    events = play(engine, state, [PLAIN])
    assert state.current == BEN and state.phase != SACRIFICE
    # the table is told why no sacrifice is offered (play audit: the phase was skipped silently)
    assert "The Bead Pool is empty: Ann cannot sacrifice a token for a bead" in texts(events)


def test_no_word_of_a_sacrifice_nobody_could_make(engine):
    state = seated(engine)
    state.players[BEN].beads += state.pool
    state.pool = 0
    events = play(engine, state, [PLAIN])  # Ann has no room with two tokens
    assert state.current == BEN and not any("sacrifice" in text for text in texts(events))


def test_sacrifice_follows_a_lost_invasion(engine):
    """Ruling sacrifice-after-combat."""
    state = seated(engine)
    place(state, 2, ANN, 2)
    place(state, PLAIN, BEN)
    play(engine, state, [PLAIN], [1], [6])
    assert state.phase == SACRIFICE and state.current == ANN


# -- answers, state and the gamemaster's view -------------------------------------------------------

@pytest.mark.parametrize("answer", [[7], [0], "3", [1, 2], True], ids=["seven", "zero", "text", "two", "bool"])
def test_a_roll_the_die_cannot_show_is_refused(engine, answer):
    state = seated(engine)
    place(state, PLAIN, BEN)
    play(engine, state, [PLAIN])
    with pytest.raises(IllegalAction):
        engine.apply(state, answer)
    assert state.phase == ROLL_ATTACK  # nothing changed


def test_room_roll_accepts_a_bare_number(engine):
    state = seated(engine)
    play(engine, state, PLAIN)
    assert state.rooms[PLAIN] == [ANN]


@pytest.mark.parametrize("answer", ["room9", "9", "sacrifice", 2], ids=["other-room", "bare-number", "word", "int"])
def test_an_illegal_sacrifice_is_refused(engine, answer):
    state = seated(engine)
    place(state, 2, ANN, 2)
    place(state, 9, BEN, 2)
    play(engine, state, [PLAIN])
    with pytest.raises(IllegalAction, match="legal choice"):
        engine.apply(state, answer)


def test_state_round_trips_through_json_mid_combat(engine):
    state = seated(engine, ("Ann", "Ben", "Cy"))
    place(state, PLAIN, BEN, 2)
    play(engine, state, [PLAIN], [4])
    copy = engine.load_state(json.loads(json.dumps(state.to_json())))
    assert copy == state
    assert engine.request(copy) == engine.request(state)


def test_requests_say_whose_dice(engine):
    state = seated(engine)
    request = engine.request(state)
    assert isinstance(request, Chance)
    assert request.prompt == f"Ann rolls the Room Selector (d{engine.rules.room_die})"


def test_tally_shows_beads_pool_rooms_and_supply(engine, rules):
    state = seated(engine)
    place(state, 9, BEN, 2)
    lines = engine.tally(state)
    beads, tokens = rules.beads_per_player, rules.tokens_per_player
    assert lines[0] == f"Ann (green): {beads} beads, {tokens} tokens in supply"
    assert lines[1] == f"Ben (blue): {beads} beads, {tokens - 2} tokens in supply"
    assert f"Pool: {rules.bead_pool} beads" in lines
    assert "Room 9 (attacker +3): Ben x2" in lines


def test_hint_quotes_the_tip_for_attacker_buff_rooms(engine):
    """Seed tip: "If you find yourself occupying a room with an Attacker Buff, it may be beneficial
    to sacrifice that token to gain health and avoid a likely defeat in the future." """
    state = seated(engine)
    place(state, 9, ANN, 2)
    play(engine, state, [PLAIN])
    assert "room 9" in engine.hint(state, engine.request(state))[0]


def test_turns_counts_turns_started(engine):
    state = seated(engine)
    play(engine, state, [PLAIN], [OTHER_PLAIN])
    assert engine.turns(state) == 3
