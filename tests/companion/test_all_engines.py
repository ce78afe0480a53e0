"""The contract every registered engine keeps, checked by random legal play (`companion.soak`).

For each engine, each allowed player count (fewest and most) and several seeds: play to the
end with random bots and seeded chance; at every step the state survives a JSON round trip
(same data, same request, same tally), every decision has options, every answer is JSON, every
event explains itself in one line, and replaying the answers from a new game rebuilds the final
state exactly. The checks are the soak's (one random-play check, not one per caller); here they
run at every step, the soak test's hundred games a round trip every ten.
"""

from __future__ import annotations

import pytest

from companion.engine.registry import engine_ids, make_engine
from companion.soak import soak_game

SEEDS = (1, 2, 3)


def cases() -> list[tuple[str, str]]:
    return [(game, players) for game in engine_ids() for players in ("fewest", "most")]


def play_checking_every_step(game: str, which: str, seed: int, cards: str | None = None) -> None:
    engine = make_engine(game, cards)
    counts = engine.player_counts()
    players = counts.start if which == "fewest" else counts.stop - 1
    result = soak_game(engine, players, f"all-engines:{seed}")
    assert result.violations == [] and result.steps > 0


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game, which", cases())
def test_random_play_round_trips_and_replays(game, which, seed):
    play_checking_every_step(game, which, seed)


@pytest.mark.parametrize("seed", SEEDS)
def test_the_toy_engine_keeps_the_contract(toy, seed):
    play_checking_every_step("toy-race", "most", seed, str(toy))
