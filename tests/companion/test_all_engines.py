"""The contract every registered engine keeps, checked by random legal play.

For each engine, each allowed player count (fewest and most) and several seeds: play to the
end with random bots and seeded chance; at every step the state survives a JSON round trip
(same request, same tally), every event explains itself in one line, and replaying the
answers from a new game rebuilds the final state exactly.
"""

from __future__ import annotations

import json
import random

import pytest

from companion.engine.core import Decision
from companion.engine.drivers import RandomBot, answer_for
from companion.engine.registry import engine_ids, game_module, make_engine
from companion.sim import call_hook

SEEDS = (1, 2, 3)
MAX_STEPS = 20_000


def cases() -> list[tuple[str, int | None]]:
    return [(game, players) for game in engine_ids() for players in ("fewest", "most")]


def _setup(game: str, which: str, seed: int, cards: str | None = None):
    engine = make_engine(game, cards)
    counts = engine.player_counts()
    players = counts.start if which == "fewest" else counts.stop - 1
    rng = random.Random(f"all-engines:{seed}")
    options = call_hook(game_module(game), "sim_setup", engine, players, rng) or {}
    names = [f"P{s + 1}" for s in range(players)]
    return engine, names, options, rng


def _same_view(engine, state) -> tuple:
    """What a driver sees of a state: the next request and the tally."""
    return engine.request(state), engine.tally(state)


def play_checking_every_step(game: str, which: str, seed: int, cards: str | None = None) -> None:
    engine, names, options, rng = _setup(game, which, seed, cards)
    state = engine.new_game(names, options)
    bots, answers = [RandomBot()], []
    for _ in range(MAX_STEPS):
        copy = engine.load_state(json.loads(json.dumps(state.to_json())))
        assert _same_view(engine, copy) == _same_view(engine, state), "state changed in a JSON round trip"
        request = engine.request(state)
        if request is None:
            break
        if isinstance(request, Decision):
            assert request.options, f"a decision with no options: {request.prompt}"
        answer = answer_for(engine, state, request, bots, rng)
        json.dumps(answer)  # answers are journalled as JSON
        events = engine.apply(state, answer)
        assert all(e.text.strip() and "\n" not in e.text for e in events), events
        answers.append(answer)
    else:
        pytest.fail(f"{game} did not end within {MAX_STEPS} steps (seed {seed})")
    assert engine.outcome(state) is not None, "request() is None but outcome() is None"
    replayed = engine.replay(names, options, answers)
    assert replayed.to_json() == state.to_json(), "replaying the answers gave another state"


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game, which", cases())
def test_random_play_round_trips_and_replays(game, which, seed):
    play_checking_every_step(game, which, seed)


@pytest.mark.parametrize("seed", SEEDS)
def test_the_toy_engine_keeps_the_contract(toy, seed):
    play_checking_every_step("toy-race", "most", seed, str(toy))
