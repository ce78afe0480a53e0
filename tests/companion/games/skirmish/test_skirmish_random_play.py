"""Random legal play, simulation and table modes: the bounds of the rules hold after every answer and
every match ends."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engine.core import Chance, Decision
from companion.engine.drivers import answer_for
from companion.games.skirmish import BOTS, invariants, sim_setup

MAX_STEPS = 5_000


def card_census(engine, state) -> Counter:
    """Every card of the fielded characters: in the unseen pool, a named hand card or discarded."""
    counted = Counter()
    for side in state.sides:
        counted.update(side.unseen)
        counted.update(side.hand.cards)
        counted.update(side.discard)
    return counted


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), greedy=st.booleans(), hidden=st.booleans())
def test_bounds_hold_after_every_answer_and_every_match_ends(engine, seed, greedy, hidden):
    """AP within 0..10, hand at most 9, damage and tiers within bounds; the match always ends."""
    rng = random.Random(seed)
    options = {**sim_setup(engine, 2, rng), "hidden": hidden}
    state = engine.new_game(["P1", "P2"], options)
    bots = [BOTS["greedy"]() if greedy else BOTS["random"](), BOTS["random"]()]
    deck = None
    for _ in range(MAX_STEPS):
        request = engine.request(state)
        if request is None:
            break
        answer = (rng.choice(request.options).id if hidden and isinstance(request, Decision)
                  and request.kind == "discard" else answer_for(engine, state, request, bots, rng))
        if isinstance(request, Chance) and request.kind == "draw":
            assert answer in state.sides[request.player].unseen
        engine.apply(state, answer)
        assert invariants(engine, state) == []
        if state.sides[0].unseen and deck is None:
            deck = card_census(engine, state)
        if deck is not None:
            assert card_census(engine, state) == deck, "a card appeared or vanished"
    else:
        raise AssertionError("the match did not end")
    assert engine.outcome(state) is not None


def test_invariants_catch_a_broken_state(engine):
    """The invariant check is not vacuous."""
    rng = random.Random(1)
    state = engine.new_game(["P1", "P2"], sim_setup(engine, 2, rng))
    state.sides[0].ap = engine.rules["ap_cap"] + 1
    assert invariants(engine, state)
