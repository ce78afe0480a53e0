"""What makes `search+greedy` affordable in Half the Battle: a field-by-field state copy, the greedy
bot's hit estimate asking for targets only when it matters, and the search hooks (`search_order`,
`search_limits`) that compare the greedy choice with the next two of the greedy bot's ranking."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, cast

import pytest

from companion.engine import Chance, Decision
from companion.engine.drivers import roll_chance
from companion.engine.jsondata import GameState
from companion.engine.registry import game_module, make_engine
from companion.engine.rollouts import RolloutSearch
from companion.engine.search import SearchHooks, SearchLimits
from companion.games.half_the_battle.bots import GreedyBot, hit_from, worth
from companion.games.half_the_battle.engine import HalfTheBattleEngine
from companion.games.half_the_battle.pieces import usable_actions
from companion.games.half_the_battle.state import HalfTheBattleState

GAME = "half-the-battle"


def random_game(seed: int) -> Iterator[tuple[HalfTheBattleEngine, HalfTheBattleState, Decision]]:
    """Every decision of a seeded game between random bots, team match-up drawn as `sim` does."""
    engine, module, rng = cast(HalfTheBattleEngine, make_engine(GAME)), game_module(GAME), random.Random(seed)
    state = engine.new_game(["P1", "P2"], module.sim_setup(engine, 2, rng))
    bot = module.BOTS["random"]()
    while (request := engine.request(state)) is not None:
        if isinstance(request, Chance):
            engine.apply(state, roll_chance(request, rng))
            continue
        yield engine, state, request
        engine.apply(state, bot.choose(engine, state, request, rng))


@pytest.mark.parametrize("seed", range(3))
def test_the_quick_copy_is_the_json_round_trip_and_shares_nothing(seed: int) -> None:
    for _, state, _ in random_game(seed):
        copy = state.clone()
        assert copy == GameState.clone(state) and copy.to_json() == state.to_json()
    before = state.to_json()
    copy = state.clone()
    copy.pieces[0].hp += 5
    copy.players[0].items.append("x")
    copy.players[1].rage_dice.append("d6")
    copy.queue.append({"step": "round"})
    copy.selected[0] = "changed"
    assert state.to_json() == before


def reference_hit(engine: Any, state: HalfTheBattleState, piece: Any, lane: int) -> int:
    """The greedy bot's hit estimate as first written: the best usable action worth using."""
    home, piece.lane = piece.lane, lane
    try:
        return max((a.damage for _, a in usable_actions(engine, state, piece, {})
                    if worth(engine, state, piece, a) > 0), default=0)
    finally:
        piece.lane = home


@pytest.mark.parametrize("seed", range(3))
def test_the_hit_estimate_is_the_best_usable_action_worth_using(seed: int) -> None:
    checked = hits = 0
    for engine, state, decision in random_game(seed):
        if decision.kind != "select":
            continue
        for piece in state.alive():
            for lane in range(1, engine.rules["lanes"] + 1):
                found = hit_from(engine, state, piece, lane)
                assert found == reference_hit(engine, state, piece, lane)
                checked, hits = checked + 1, hits + (found > 0)
    assert checked and hits


def test_the_hooks_are_exported_and_limit_the_rollout_search() -> None:
    hooks = SearchHooks.of(game_module(GAME))
    assert hooks.order is not None and hooks.limits == SearchLimits(candidates=3, horizon=20)


@pytest.mark.parametrize("seed", range(3))
def test_the_order_ranks_like_the_greedy_bot(seed: int) -> None:
    """The greedy bot's own pick leads the order for selections and targets; Rage purchases are
    not searched; an action phase ranks actions by damage before moves, and ends last."""
    module, greedy, kinds = game_module(GAME), GreedyBot(), set()
    for engine, state, decision in random_game(seed):
        order = module.search_order(engine, state, decision)
        kinds.add(decision.kind)
        assert set(order) <= set(decision.option_ids())
        if decision.kind in ("convert", "spend", "amount"):
            assert order == []
        elif decision.kind == "select" and "rage" not in decision.option_ids():
            pick = greedy.choose(engine, state, decision, random.Random(0))
            assert order[0] == pick
        elif decision.kind == "turn":
            assert "rage" not in order and (order[-1] == "end" or "end" not in decision.option_ids())
            acts = [i for i, key in enumerate(order) if key.startswith("act:")]
            moves = [i for i, key in enumerate(order) if key.startswith("move:")]
            assert not acts or not moves or max(acts) < min(moves)
        elif decision.kind == "target":
            hp = [state.piece(key).hp for key in order if key != "done" and not key.startswith("lane:")]
            assert hp == sorted(hp)
    assert {"select", "turn", "target"} <= kinds


def test_a_search_game_plays_to_the_end_with_the_limits() -> None:
    """A seeded game of search+greedy against greedy ends, the search comparing at most three options."""
    engine, module, rng = make_engine(GAME), game_module(GAME), random.Random(5)
    search = module.BOTS["greedy"]
    bot = type("Search", (RolloutSearch,), {"rollout_class": search})(budget=4)
    compared: list[int] = []
    candidates = bot.candidates

    def counted(*args: Any) -> list[str]:
        found: list[str] = candidates(*args)
        compared.append(len(found))
        return found

    bot.candidates = counted
    state = engine.new_game(["P1", "P2"], module.sim_setup(engine, 2, rng))
    players = [bot, search()]
    while (request := engine.request(state)) is not None:
        if isinstance(request, Chance):
            engine.apply(state, roll_chance(request, rng))
        else:
            engine.apply(state, players[request.player].choose(engine, state, request, rng))
    assert engine.outcome(state) is not None
    assert compared and max(compared) == 2 and 0 in compared
