"""Random legal play, 2 to 6 players: the 65 Game Cards are always somewhere, hearts stay in bounds."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engine.drivers import RandomBot, answer_for
from companion.games.which_witch import HeuristicBot, sim_setup

MAX_STEPS = 20_000


def check_invariants(engine, state, before_current: int) -> None:
    """What must hold after every answer."""
    hearts_max = engine.rules.hearts.max
    for witch in state.seats:
        assert 0 <= witch.hearts <= hearts_max, witch
        assert len(witch.hand) <= witch.hand_size, witch
        assert witch.eliminated == (witch.hearts == 0) or _cauldron_pending(state), witch
        assert not witch.eliminated or (not witch.hand and witch.wand is None), witch
    if not state.seats[state.current].eliminated:
        assert state.current in (before_current, state.next_alive(before_current)), "rotation skipped a seat"


def _cauldron_pending(state) -> bool:
    return state.phase == "cauldron"


@settings(max_examples=12, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 10**6), heuristic=st.booleans())
def test_all_65_cards_are_always_somewhere_and_hearts_stay_in_bounds(engine, players, seed, heuristic):
    """'all 65 game cards are always somewhere (draw pile, discard pile, a hand, in play)'."""
    rng = random.Random(seed)
    state = engine.new_game([f"P{i}" for i in range(players)], sim_setup(engine, players, rng))
    bots = [HeuristicBot() if heuristic and seat % 2 else RandomBot() for seat in range(players)]
    deck = Counter(engine.catalogue.deck_list)
    for _ in range(MAX_STEPS):
        request = engine.request(state)
        if request is None:
            break
        before = state.current
        engine.apply(state, answer_for(engine, state, request, bots, rng))
        assert state.census() == deck
        check_invariants(engine, state, before)
    assert engine.outcome(state) is not None, "the game did not end"
    assert len(state.alive()) == 1


@settings(max_examples=5, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 10**6))
def test_table_mode_keeps_65_cards_whatever_the_gamemaster_records(engine, players, seed):
    """At the table hands are face-down placeholders; the count of cards is still conserved."""
    rng = random.Random(seed)
    state = engine.new_game([f"P{i}" for i in range(players)])
    for _ in range(MAX_STEPS):
        request = engine.request(state)
        if request is None:
            break
        before = state.current
        engine.apply(state, answer_for(engine, state, request, [RandomBot()], rng))
        assert sum(state.census().values()) == engine.rules.game_cards
        check_invariants(engine, state, before)
    assert engine.outcome(state) is not None
