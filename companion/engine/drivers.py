"""Drivers answer an engine's requests: seeded randomness and bots for simulation."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..errors import GameDidNotEnd
from .core import Chance, Decision, Engine, Event, GameState, Outcome
from .requests import roll_chance

__all__ = ["Bot", "PlayResult", "RandomBot", "answer_for", "play_out", "roll_chance"]


class Bot(Protocol):
    """Chooses an option id for a Decision."""

    def choose(self, engine: Engine, state: GameState, decision: Decision, rng: random.Random) -> str: ...


class RandomBot:
    """Picks uniformly among the legal options, never forfeiting (an option that concedes the match)."""

    name = "random"

    def choose(self, engine: Engine, state: GameState, decision: Decision, rng: random.Random) -> str:
        """Any option a bot plays (`Decision.playable_ids`), all equally likely."""
        return rng.choice(decision.playable_ids)


@dataclass
class PlayResult:
    """A finished simulated game."""

    outcome: Outcome
    steps: int
    answers: list[Any] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)


def answer_for(engine: Engine, state: GameState, request: Decision | Chance,
               bots: list[Bot], rng: random.Random) -> Any:
    """The answer a seeded driver gives to one request."""
    if isinstance(request, Chance):
        return roll_chance(request, rng)
    return bots[request.player % len(bots)].choose(engine, state, request, rng)


def play_out(engine: Engine, state: GameState, bots: list[Bot], rng: random.Random,
             max_steps: int = 100_000, keep: bool = False) -> PlayResult:
    """Drive a game to its end with bots and a seeded RNG; `keep` records answers and events."""
    if not keep and engine.runs_steps:
        return _play_quietly(engine, state, bots, rng, max_steps)
    answers: list[Any] = []
    events: list[Event] = []
    request_of, apply, seats, randint = engine.request, engine.apply, len(bots), rng.randint  # the hot loop
    for step in range(max_steps):
        request = request_of(state)
        if request is None:
            outcome = engine.outcome(state)
            assert outcome is not None, "request() returned None but outcome() is None"
            return PlayResult(outcome, step, answers, events)
        if isinstance(request, Chance):
            dice = request.dice  # one die is the common case: what roll_chance does, without the call
            answer = [randint(1, dice[0])] if len(dice) == 1 and request.kind == "roll" else roll_chance(request, rng)
        else:
            answer = bots[request.player % seats].choose(engine, state, request, rng)
        happened = apply(state, answer)
        if keep:
            answers.append(answer)
            events.extend(happened)
    raise GameDidNotEnd(f"{engine.game_id}: game did not end within {max_steps} steps")


def _play_quietly(engine: Engine, state: GameState, bots: list[Bot], rng: random.Random,
                  max_steps: int) -> PlayResult:
    """`play_out` when nobody reads the answers or events: the engine's own fast loop, the same
    random calls in the same order."""
    seats = len(bots)

    def decide(request: Decision) -> Any:
        return bots[request.player % seats].choose(engine, state, request, rng)

    steps = engine.run(state, decide, rng, max_steps)
    outcome = engine.outcome(state)
    assert outcome is not None, "the queue is empty but outcome() is None"
    return PlayResult(outcome, steps)
