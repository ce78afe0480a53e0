"""Random legal play (2 and 3 players, random and greedy bots), checked after every step.

Invariants: beads on strings plus the pool never change; no count goes negative; every live
player's tokens are all accounted for (supply plus board is 12); a room holds one player's
tokens; eliminated players hold nothing; the player to act is in the game; turns pass in seat
order to the next live seat; every game ends.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engine.drivers import RandomBot, answer_for
from companion.games.heartstrings import BOTS
from companion.games.heartstrings.state import OVER, ROLL_OFF

MAX_STEPS = 20_000


def check_invariants(engine, state, beads_total: int) -> None:
    rules = engine.rules
    assert state.beads_total() == beads_total
    assert state.pool >= 0
    for seat, player in enumerate(state.players):
        assert player.beads >= 0 and player.supply >= 0
        if player.eliminated:
            assert player.beads == 0 and state.tokens_on_board(seat) == 0
        else:
            assert player.beads > 0
            assert player.supply + state.tokens_on_board(seat) == rules.tokens_per_player
    for tokens in state.rooms.values():
        assert len(set(tokens)) <= 1, "two players' tokens share a room"
    if state.phase not in (ROLL_OFF, OVER):
        assert not state.players[state.current].eliminated


def check_turn_order(state, before: tuple[int, int]) -> None:
    """A new turn goes to the next seat after the last player that is still in the game."""
    turn, previous = before
    if state.turn == turn or turn == 0:
        return
    assert state.turn == turn + 1
    count = len(state.players)
    expected = next(seat % count for seat in range(previous + 1, previous + count + 1)
                    if not state.players[seat % count].eliminated)
    assert state.current == expected


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([2, 3]),
       bots=st.lists(st.sampled_from(sorted(BOTS)), min_size=3, max_size=3))
def test_random_legal_play_keeps_every_invariant_and_ends(engine, seed, players, bots):
    rng = random.Random(seed)
    state = engine.new_game([f"P{i}" for i in range(players)])
    drivers = [BOTS[name]() for name in bots]
    beads_total = state.beads_total()
    for _ in range(MAX_STEPS):
        request = engine.request(state)
        if request is None:
            break
        before = (state.turn, state.current)
        engine.apply(state, answer_for(engine, state, request, drivers, rng))
        check_invariants(engine, state, beads_total)
        check_turn_order(state, before)
    else:
        raise AssertionError(f"no winner after {MAX_STEPS} steps (seed {seed})")
    outcome = engine.outcome(state)
    assert outcome.termination == "last-standing"
    assert [s for s, p in enumerate(state.players) if not p.eliminated] == [outcome.winner]


def test_random_bot_is_the_generic_one():
    assert BOTS["random"] is RandomBot
