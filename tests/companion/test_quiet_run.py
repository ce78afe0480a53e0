"""The simulation fast path (`Engine.run`, used by `play_out` when nothing is kept) plays the
same games as `request` then `apply`: the same answers from the same seed, the same end."""

from __future__ import annotations

import json

import pytest

from companion.engine.drivers import play_out
from companion.engine.registry import engine_ids, game_module, make_engine
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
        fast, fast_state, engine = _played(game, players, index, keep=False)
        assert (fast.outcome, fast.steps) == (slow.outcome, slow.steps), f"{game} game {index}"
        assert fast_state == slow_state, f"{game} game {index}: a different final state"
        assert slow.events, "the kept run explains what happened"
        assert fast.answers == [] and fast.events == []


def test_the_fast_path_honours_the_step_bound() -> None:
    engine = make_engine("heartstrings")
    state = engine.new_game(["P1", "P2"], {})
    with pytest.raises(RuntimeError, match="did not end within 5 steps"):
        play_out(engine, state, _bots("heartstrings", engine, 2), game_rng("quiet", 0), max_steps=5)
