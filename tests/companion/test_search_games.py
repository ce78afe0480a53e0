"""The generic `search` bot in the shipped games: it never forfeits (audit s25: its random
playouts did, and so did the bot), and its random playouts stop at a horizon where the game
evaluates positions (audit s25: one Half the Battle search game took 10 s at budget 8)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from companion.engine import Decision, Engine
from companion.engine.drivers import RandomBot, play_out
from companion.engine.registry import game_module, make_engine
from companion.engine.search import PLAYOUT_HORIZON, SearchBot, SearchHooks
from companion.sim import call_hook
from tests.companion.test_search import NimEngine, NimState
from tests.companion.test_search_hooks import play_until


class CountingNim(NimEngine):
    """Nim that counts the moves applied to it."""

    applied = 0

    def apply(self, state: NimState, answer: Any) -> list[Any]:
        self.applied += 1
        return super().apply(state, answer)


def count_answers(engine: Engine) -> Counter[str]:
    """Every option id the engine is told from now on (playouts included), counted."""
    seen: Counter[str] = Counter()
    apply = engine.apply

    def counting(state: Any, answer: Any) -> Any:
        if isinstance(answer, str):
            seen[answer] += 1
        return apply(state, answer)

    engine.apply = counting  # type: ignore[method-assign]
    return seen


def test_a_random_playout_stops_at_the_horizon_when_the_game_evaluates() -> None:
    engine = CountingNim(100)
    bot = SearchBot(budget=1, hooks=SearchHooks(evaluate=lambda engine, state, seat: 0.5))
    assert bot.finish(engine, engine.new_game(["A", "B"]), random.Random(1)) is None
    assert engine.applied == PLAYOUT_HORIZON


def test_without_an_evaluation_a_random_playout_plays_to_the_end() -> None:
    engine = CountingNim(100)
    bot = SearchBot(budget=1, hooks=SearchHooks())
    assert bot.finish(engine, engine.new_game(["A", "B"]), random.Random(1)) is not None
    assert engine.applied > PLAYOUT_HORIZON


def test_a_half_the_battle_search_decision_costs_its_playouts_horizon_steps_each() -> None:
    """Before the horizon one decision at budget 8 played some 4,000 random steps (whole games,
    mostly to a stalemate); now each playout stops after the game's 20-step horizon."""
    engine, state, decision = play_until("half-the-battle", 2, lambda state, d: d.kind == "select")
    budget, horizon = 8, game_module("half-the-battle").search_limits.horizon
    seen = count_answers(engine)
    SearchBot(budget).choose(engine, state, decision, random.Random(2))
    assert 0 < sum(seen.values()) <= budget * (horizon + 5)   # a few tree steps before each playout


def test_the_skirmish_search_never_tries_a_forfeit() -> None:
    engine, state, decision = play_until("skirmish", 4, lambda state, d: d.kind == "act")
    assert "forfeit" in decision.option_ids()
    seen = count_answers(engine)
    assert SearchBot(16).choose(engine, state, decision, random.Random(4)) != "forfeit"
    assert sum(seen.values()) > 16 and seen["forfeit"] == seen["yes"] == 0


@pytest.mark.parametrize("game, budget, games, least", [
    # 40 games at budget 4 take about 20 s of CPU (it wins 28); a coin reaches 26 of 40 4% of the time
    pytest.param("skirmish", 4, 40, 26, id="skirmish"),
    # a search game here costs about 0.8 s at budget 8; random never beat it in 20 measured games
    pytest.param("half-the-battle", 8, 6, 6, id="half-the-battle"),
])
def test_search_beats_random_and_never_forfeits(game: str, budget: int, games: int, least: int) -> None:
    engine, module = make_engine(game), game_module(game)
    wins, ended = 0, Counter[str]()
    for seed in range(games):
        rng = random.Random(f"search:{seed}")
        state = engine.new_game(["P1", "P2"], call_hook(module, "sim_setup", engine, 2, rng) or {})
        bots: list[Any] = [SearchBot(budget), module.BOTS["random"]()]
        seat = seed % 2   # the seats alternate
        result = play_out(engine, state, bots if seat == 0 else bots[::-1], rng)
        wins += result.outcome.winner == seat
        ended[result.outcome.termination] += 1
    assert wins >= least, (wins, ended)
    assert "forfeit" not in ended


def test_the_random_bot_and_the_search_leave_out_the_same_options() -> None:
    """One definition (`Decision.playable_ids`): the random bot never forfeits either."""
    engine, state, decision = play_until("skirmish", 4, lambda state, d: d.kind == "act")
    assert isinstance(decision, Decision) and "forfeit" not in decision.playable_ids
    picks = {RandomBot().choose(engine, state, decision, random.Random(n)) for n in range(200)}
    assert picks == set(decision.playable_ids)
