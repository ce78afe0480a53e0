"""The search hooks of Half the Battle and the skirmish (determinize, search_evaluate) and the
search+<bot> horizon: a playout is cut after `horizon` steps only when the game can evaluate."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, cast

import pytest

from companion.engine import Chance, Decision, Engine, GameState
from companion.engine.drivers import roll_chance
from companion.engine.registry import game_module, make_engine
from companion.engine.rollouts import HORIZON, search_with
from companion.engine.search import SearchHooks, SearchLimits, favoured_seat
from companion.sim import call_hook
from tests.companion.test_search import NimEngine, NimState, TakeOne, choose_at


def play_until(game: str, seed: int, stop: Any) -> tuple[Engine, GameState, Decision]:
    """A seeded random game of `game` up to the first decision for which `stop(state, decision)` holds."""
    engine, module, rng = make_engine(game), game_module(game), random.Random(seed)
    bot = module.BOTS["random"]()   # the skirmish's random bot never forfeits
    state = engine.new_game(["P1", "P2"], call_hook(module, "sim_setup", engine, 2, rng) or {})
    for _ in range(5_000):
        request = engine.request(state)
        assert request is not None, "the game ended first"
        if isinstance(request, Chance):
            engine.apply(state, roll_chance(request, rng))
            continue
        if stop(state, request):
            return engine, state, request
        engine.apply(state, bot.choose(engine, state, request, rng))
    raise AssertionError("no such decision")


def test_search_with_a_bot_looks_horizon_steps_ahead_when_the_game_evaluates() -> None:
    seen: list[int] = []

    def stones_left(engine: Engine, state: NimState, seat: int) -> float:
        seen.append(state.stones)
        return 0.5

    engine = NimEngine(100)
    bot = search_with("take-one", TakeOne)(budget=3, hooks=SearchHooks(evaluate=stones_left))
    choose_at(engine, engine.new_game(["A", "B"]), bot, 1)
    # the root takes 1, 2 or 3 stones, then the take-one playout takes HORIZON stones, one per step
    assert seen and set(seen) <= {100 - taken - HORIZON for taken in (1, 2, 3)}


def test_a_games_own_horizon_cuts_the_playout_sooner() -> None:
    seen: list[int] = []

    def stones_left(engine: Engine, state: GameState, seat: int) -> float:
        seen.append(cast(NimState, state).stones)
        return 0.5

    engine = NimEngine(100)
    bot = search_with("take-one", TakeOne)(budget=3, hooks=SearchHooks(evaluate=stones_left,
                                                                       limits=SearchLimits(horizon=7)))
    choose_at(engine, engine.new_game(["A", "B"]), bot, 1)
    assert seen and set(seen) <= {100 - taken - 7 for taken in (1, 2, 3)}


def test_without_an_evaluation_the_playout_reaches_the_end() -> None:
    engine = NimEngine(100)
    bot = search_with("take-one", TakeOne)(budget=3, hooks=SearchHooks())
    world = engine.new_game(["A", "B"])
    engine.apply(world, "1")
    assert bot.finish(engine, world, random.Random(1)) is not None


def half_the_battle_second_selection(state: Any, decision: Decision) -> bool:
    return decision.kind == "select" and any(state.selected) and not state.selected[decision.player]


@pytest.mark.parametrize("seed", range(4))
def test_half_the_battle_determinize_hides_the_unrevealed_selection(seed: int) -> None:
    engine, state, decision = play_until("half-the-battle", seed, half_the_battle_second_selection)
    module, other = game_module("half-the-battle"), 1 - decision.player
    alive = {p.id for p in state.alive(other)}
    picks = Counter(module.determinize(engine, state.clone(), decision.player, random.Random(k)).selected[other]
                    for k in range(60))
    assert set(picks) <= alive
    assert len(picks) == len(alive)      # any of their pieces, not only the one really selected
    same = module.determinize(engine, state.clone(), other, random.Random(1))
    assert same.selected == state.selected   # the player who chose knows their own choice


def skirmish_hands_dealt(state: Any, decision: Decision) -> bool:
    return all(side.hand.cards for side in state.sides) and state.turn >= 2


@pytest.mark.parametrize("seed", range(4))
def test_skirmish_determinize_redeals_the_other_hand_from_hand_and_deck(seed: int) -> None:
    engine, state, decision = play_until("skirmish", seed, skirmish_hands_dealt)
    module, me = game_module("skirmish"), decision.player
    other = 1 - me
    theirs = state.sides[other]
    hands = set()
    for k in range(20):
        world = module.determinize(engine, state.clone(), me, random.Random(k))
        side = world.sides[other]
        assert len(side.hand.cards) == len(theirs.hand.cards) and len(side.unseen) == len(theirs.unseen)
        assert Counter(side.hand.cards + side.unseen) == Counter(theirs.hand.cards + theirs.unseen)
        assert world.sides[me].hand.cards == state.sides[me].hand.cards
        hands.add(tuple(sorted(side.hand.cards)))
    assert len(hands) > 1


def hurt(game: str, state: Any) -> None:
    """Take some health from seat 0's first standing piece or character."""
    if game == "skirmish":
        next(f for f in state.fighters if f.owner == 0 and not f.fainted).damage += 10
    else:
        next(p for p in state.alive(0) if p.hp > 1).hp -= 1


@pytest.mark.parametrize("game, stop", [("half-the-battle", lambda s, d: s.round >= 2),
                                        ("skirmish", skirmish_hands_dealt)])
def test_evaluation_is_a_share_of_what_is_left(game: str, stop: Any) -> None:
    engine, state, _ = play_until(game, 2, stop)
    evaluate = game_module(game).search_evaluate
    values = [evaluate(engine, state, seat) for seat in (0, 1)]
    assert all(0.0 < v < 1.0 for v in values) and values[0] + values[1] == pytest.approx(1.0)
    hurt(game, state)
    assert evaluate(engine, state, 0) < values[0] and evaluate(engine, state, 1) > values[1]


def test_heartstrings_evaluation_is_the_share_of_beads_and_a_little_of_the_tokens() -> None:
    engine, state, _ = play_until("heartstrings", 1, lambda s, d: s.turn >= 6)
    evaluate = game_module("heartstrings").search_evaluate
    values = [evaluate(engine, state, seat) for seat in (0, 1)]
    assert all(0.0 < v < 1.0 for v in values) and values[0] + values[1] == pytest.approx(1.0)
    state.players[0].beads -= 1
    assert evaluate(engine, state, 0) < values[0]
    state.players[0].eliminated = True
    assert evaluate(engine, state, 0) == 0.0 and evaluate(engine, state, 1) == 1.0


def test_halfwish_evaluation_weighs_health_and_points() -> None:
    engine, state, _ = play_until("halfwish", 1, lambda s, d: all(p.health > 1 for p in s.players) and s.round >= 1)
    evaluate = game_module("halfwish").search_evaluate
    before = evaluate(engine, state, 0)
    assert evaluate(engine, state, 1) == pytest.approx(1 - before)
    state.players[0].health -= 1
    hurt = evaluate(engine, state, 0)
    state.players[0].points += 3
    assert hurt < before < 1 and evaluate(engine, state, 0) > hurt


def test_which_witch_evaluation_is_the_share_of_hearts() -> None:
    engine, state, _ = play_until("which-witch", 1, lambda s, d: s.turn >= 3)
    evaluate = game_module("which-witch").search_evaluate
    values = [evaluate(engine, state, seat) for seat in (0, 1)]
    assert values[0] + values[1] == pytest.approx(1.0)
    state.seats[0].hearts -= 1
    assert evaluate(engine, state, 0) < values[0]
    state.seats[0].eliminated = True
    assert evaluate(engine, state, 0) == 0.0 and evaluate(engine, state, 1) == 1.0


def test_favoured_seat_is_the_one_seat_the_evaluation_puts_ahead() -> None:
    engine = NimEngine(5)
    state = engine.new_game(["A", "B", "C"])
    assert favoured_seat(engine, state, lambda e, s, seat: [0.2, 0.5, 0.3][seat]) == 1
    assert favoured_seat(engine, state, lambda e, s, seat: [0.4, 0.4, 0.2][seat]) is None


@pytest.mark.parametrize("game", ["heartstrings", "halfwish", "which-witch", "half-the-battle", "skirmish"])
def test_every_game_says_who_is_ahead(game: str) -> None:
    assert callable(getattr(game_module(game), "leader", None))
