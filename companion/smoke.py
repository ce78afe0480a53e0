"""The few seeded games `deckwright lint` plays for a game with an engine, so that lint refuses a
database value the engine crashes or loops on before `sim` or `play` meets it."""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType

from .engine.core import Engine
from .engine.drivers import RandomBot, play_out
from .engine.faults import EngineFault, engine_fault, exception_words
from .engine.registry import game_module
from .errors import GameDidNotEnd
from .sim import call_hook, game_rng

SMOKE_GAMES = 40
SMOKE_STEPS = 20_000
SMOKE_SEED = "lint"  # game i of the smoke games is `sim --seed lint`'s game i


@dataclass(frozen=True)
class SmokeFailure:
    """What went wrong in one smoke game: `index` None when a table game could not even start;
    `fault` the engine's own file:line when its code failed (None: a game that did not end)."""

    message: str
    players: int
    index: int | None = None
    fault: EngineFault | None = None


def smoke_problems(engine: Engine, games: int = SMOKE_GAMES) -> list[SmokeFailure]:
    """Play a few seeded random games and start a table game; what went wrong (the first failure).

    `deckwright lint` runs this for every game with an engine, so a database value the engine
    crashes or loops on is refused by lint rather than met by `sim` or `play`."""
    module = game_module(engine.game_id)
    seats = engine.player_counts()
    for players, count in {seats.stop - 1: games // 4, seats.start: games}.items():  # fewest seats last wins
        names = [f"P{s + 1}" for s in range(players)]
        try:
            engine.request(engine.new_game(names, {}))  # the start of `play`
        except Exception as exc:  # noqa: BLE001 - any engine failure is the database's problem here
            return [SmokeFailure(f"a {players}-player table game cannot start: {exception_words(exc)}",
                                 players, None, engine_fault(engine.game_id, exc))]
        for index in range(count):
            failure = _smoke_game(engine, module, names, index)
            if failure:
                return [failure]
    return []


def _smoke_game(engine: Engine, module: ModuleType, names: list[str], index: int) -> SmokeFailure | None:
    rng = game_rng(SMOKE_SEED, index)
    try:
        options = call_hook(module, "sim_setup", engine, len(names), rng) or {}
        play_out(engine, engine.new_game(names, options), [RandomBot()] * len(names), rng, SMOKE_STEPS)
    except GameDidNotEnd as exc:
        problem, fault = f"did not end: {exc}", None
    except Exception as exc:  # noqa: BLE001 - see smoke_problems
        problem, fault = exception_words(exc), engine_fault(engine.game_id, exc)
    else:
        return None
    return SmokeFailure(f"a seeded {len(names)}-player random game (seed {SMOKE_SEED}:{index}) fails: {problem}",
                        len(names), index, fault)
