"""The simulation fast path (`Engine.run`, used by `play_out` when nothing is kept) plays the
same games as `request` then `apply`: the same answers from the same seed, the same end."""

from __future__ import annotations

import json

import pytest

from companion.engine.drivers import answer_for, play_out
from companion.engine.registry import engine_ids, game_module, make_engine
from companion.engine.requests import Chance
from companion.sim import available_bots, call_hook, game_rng

GAMES = 6


def _bots(game: str, engine, players: int) -> list:
    """The game's own bot in every seat when it has one besides random and search, else random."""
    classes = available_bots(game_module(game))
    own = [name for name in classes if name not in ("random", "search") and not name.startswith("search")]
    bot = classes[own[0] if own else "random"]
    return [bot() for _ in range(players)]


def _played(game: str, players: int, index: int, keep: bool):
    engine = make_engine(game)
    rng = game_rng("quiet", index)
    options = call_hook(game_module(game), "sim_setup", engine, players, rng) or {}
    state = engine.new_game([f"P{s + 1}" for s in range(players)], options)
    result = play_out(engine, state, _bots(game, engine, players), rng, keep=keep)
    return result, json.dumps(state.to_json(), sort_keys=True), engine


@pytest.mark.parametrize("game", engine_ids())
def test_the_fast_path_plays_the_same_games(game: str) -> None:
    players = make_engine(game).player_counts().start
    for index in range(GAMES):
        slow, slow_state, _ = _played(game, players, index, keep=True)
        fast, fast_state, _engine = _played(game, players, index, keep=False)
        assert (fast.outcome, fast.steps) == (slow.outcome, slow.steps), f"{game} game {index}"
        assert fast_state == slow_state, f"{game} game {index}: a different final state"
        assert slow.events, "the kept run explains what happened"
        assert fast.answers == [] and fast.events == []


@pytest.mark.parametrize("game", engine_ids())
def test_a_declared_die_is_the_roll_the_step_asks_for(game: str) -> None:
    """A step declaring `die` is rolled by the fast path without asking: it must ask exactly that."""
    engine = make_engine(game)
    dice = {name: q.die(engine) for name, q in engine.table.questions.items() if q.die is not None}
    players, seen = engine.player_counts().start, set()
    for index in range(GAMES):
        rng = game_rng("dice", index)
        options = call_hook(game_module(game), "sim_setup", engine, players, rng) or {}
        state = engine.new_game([f"P{s + 1}" for s in range(players)], options)
        bots = _bots(game, engine, players)
        while (request := engine.request(state)) is not None:
            name = state.queue[0]["step"]
            if name in dice:
                assert isinstance(request, Chance) and request.kind == "roll", name
                assert request.dice == (dice[name],), f"{name} asks for {request.dice}, declares d{dice[name]}"
                seen.add(name)
            engine.apply(state, answer_for(engine, state, request, bots, rng))
    assert seen == set(dice), f"steps declaring a die never asked in {GAMES} games: {set(dice) - seen}"


def test_the_fast_path_honours_the_step_bound() -> None:
    engine = make_engine("heartstrings")
    state = engine.new_game(["P1", "P2"], {})
    with pytest.raises(RuntimeError, match="did not end within 5 steps"):
        play_out(engine, state, _bots("heartstrings", engine, 2), game_rng("quiet", 0), max_steps=5)


class LookAheadBot:
    """Tries each option on a copy with `apply` (as a search bot does) and keeps what it was told."""

    def __init__(self) -> None:
        self.told: list[str] = []

    def choose(self, engine, state, decision, rng) -> str:
        for option in decision.options:
            copy = engine.load_state(state.to_json())
            self.told += [event.text for event in engine.apply(copy, option.id)]
        return decision.options[0].id


def test_apply_called_during_the_fast_path_still_explains() -> None:
    engine = make_engine("heartstrings")
    bot = LookAheadBot()
    result = play_out(engine, engine.new_game(["P1", "P2"], {}), [bot, bot], game_rng("quiet", 1))
    assert result.steps > 0 and bot.told, "the bot was asked and looked ahead"
    assert all(text.strip() for text in bot.told)
    assert any("keeps every token" in text for text in bot.told)
    assert engine.explain, "explaining is back on once the fast path returns"
