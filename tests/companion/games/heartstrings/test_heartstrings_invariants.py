"""The package's `invariants` hook: empty through random legal play, and it names what a broken table breaks."""

from __future__ import annotations

import random

import pytest
from heartstrings_table import place, play, seated

from companion.engine.drivers import answer_for
from companion.games.heartstrings import BOTS, invariants

ANN, BEN = 0, 1
PLAIN = 5


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("players", [2, 3])
def test_random_play_breaks_no_invariant(engine, seed, players):
    rng = random.Random(seed)
    state = engine.new_game([f"P{i}" for i in range(players)])
    bots = [BOTS["greedy"](), BOTS["random"]()]
    while (request := engine.request(state)) is not None:
        engine.apply(state, answer_for(engine, state, request, bots, rng))
        assert invariants(engine, state) == []
    assert engine.outcome(state) is not None


def test_a_bead_out_of_nowhere_is_reported(engine):
    state = seated(engine)
    state.players[ANN].beads += 1
    total = state.beads_total()
    assert invariants(engine, state) == [f"beads on strings and pool add up to {total}, not {total - 1}"]


def test_a_lost_token_and_two_owners_in_a_room_are_reported(engine):
    state = seated(engine)
    place(state, PLAIN, BEN)
    state.rooms[PLAIN].append(ANN)  # Ann's token came from nowhere
    broken = invariants(engine, state)
    assert f"room {PLAIN} holds tokens of seats [0, 1]" in broken
    assert any(line.startswith("Ann has") and f"not {engine.rules.tokens_per_player}" in line for line in broken)


def test_an_eliminated_player_to_act_is_reported(engine):
    state = seated(engine)
    place(state, PLAIN, BEN)
    play(engine, state, [2])           # Ann occupies room 2: Ben's turn
    state.players[BEN].eliminated = True
    assert any("is eliminated but is to act" in line for line in invariants(engine, state))
