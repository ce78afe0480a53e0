"""Random legal play keeps every Halfwish invariant after every step (hypothesis-driven)."""

from __future__ import annotations

import random
from collections import Counter

from halfwish_table import engine
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engine.core import Decision
from companion.engine.drivers import answer_for
from companion.games.halfwish import BOTS, invariants, sim_setup
from companion.games.halfwish.state import HalfwishState


def cards_owned(state: HalfwishState, seat: int) -> Counter[str]:
    """Every action card a player has somewhere: deck pile (with unseen hand cards), hand,
    discard pile and the actions committed to a duel still being fought."""
    player = state.players[seat]
    committed = state.duel.actions[seat] if state.duel and state.duel.stage != "done" else []
    return Counter(player.pile + player.hand + player.discard + committed)


def check_invariants(state: HalfwishState) -> None:
    rules = engine().rules
    for seat, player in enumerate(state.players):
        assert len(player.deck) == rules.deck_size, "decks stay at 10 cards through upgrades"
        assert cards_owned(state, seat) == Counter(player.deck), "no action card appears or vanishes"
        assert 0 <= player.health <= rules.health_max
        assert player.points >= 0 and player.mana >= 0 and player.lamps >= 0
        assert 0 <= player.hidden <= len(player.pile)
    turn = (state.round - 1) * rules.turns_per_round + state.turn
    assert turn <= rules.rounds * rules.turns_per_round
    if state.queue and state.queue[0]["step"] == "encounter":
        assert all(p.hand_size <= rules.hand_limit for p in state.players), "hands hold at most 4 after discards"
        assert state.queue[0]["seat"] == state.turn_player, "the turn player chooses the encounter"
    if state.round == 2:
        assert state.round_starter == 1 - state.first_player, "round 2 is started by the other player"


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), hidden=st.booleans(),
       bots=st.sampled_from([("random", "random"), ("heuristic", "random"), ("heuristic", "heuristic")]))
def test_random_play_keeps_the_invariants_and_ends_by_turn_fifteen_or_at_zero_health(seed, hidden, bots):
    hw, rng = engine(), random.Random(seed)
    options = sim_setup(hw, 2, rng) | {"hidden_hands": hidden}
    state = hw.new_game(["A", "B"], options)
    players = [BOTS[name]() for name in bots]
    for _ in range(5000):
        check_invariants(state)
        assert invariants(hw, state) == []
        request = hw.request(state)
        if request is None:
            break
        if isinstance(request, Decision):
            assert request.options
        hw.apply(state, answer_for(hw, state, request, players, rng))
    assert invariants(hw, state) == []
    outcome = hw.outcome(state)
    assert outcome is not None, "the game ended"
    if outcome.termination == "knockout":
        assert any(p.health == 0 for p in state.players)
    else:
        assert state.finished and hw.turns(state) == hw.rules.rounds * hw.rules.turns_per_round


def test_the_invariants_hook_names_what_broke():
    hw = engine()
    state = hw.new_game(["A", "B"], sim_setup(hw, 2, random.Random(3)))
    assert invariants(hw, state) == []
    state.players[0].health = -1
    state.players[1].pile.append("strike")
    assert invariants(hw, state) == [f"A's health -1 is outside 0..{hw.rules.health_max}",
                                     "B's cards in piles, hand and duel differ from their deck"]
