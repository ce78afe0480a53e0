"""Random legal play: HP stays within 1..maximum (or the piece is dying or dead), Rage and tokens
never go negative, one Rage purchase per round, each item used at most once per face-up turn,
and the game always ends (by elimination, or by the stalemate ruling)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engine.drivers import RandomBot, answer_for
from companion.games.half_the_battle import BOTS, invariants, sim_setup

MAX_STEPS = 20_000


def purchases(state) -> list[int]:
    return [p.bought_round for p in state.players]


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), greedy=st.booleans(), placement=st.booleans())
def test_invariants_hold_after_every_answer_and_the_game_ends(engine, seed, greedy, placement):
    rng = random.Random(seed)
    options = {**sim_setup(engine, 2, rng), "layout": "placement" if placement else "standard"}
    state = engine.new_game(["P1", "P2"], options)
    bots = [BOTS["greedy"]() if greedy else RandomBot(), RandomBot()]
    for _ in range(MAX_STEPS):
        request = engine.request(state)
        if request is None:
            break
        bought_before, round_before = purchases(state), state.round
        engine.apply(state, answer_for(engine, state, request, bots, rng))
        assert invariants(engine, state) == []
        for before, after in zip(bought_before, purchases(state), strict=True):
            assert after == before or (before < round_before and after == state.round), "two purchases in a round"
        assert all(p.tokens >= 0 for p in state.players)
        used = [c for p in state.players for c in p.items + p.spent]
        assert len(used) == len(set(used))
        if state.round:
            assert len(used) == 2 * engine.rules["items_per_player"]
    outcome = engine.outcome(state)
    assert outcome is not None, "the game did not end"
    if outcome.termination != "stalemate":
        assert min(len(state.alive(0)), len(state.alive(1))) == 0
