"""Random play that checks every engine's contract: the soak test, `bench/soak.py`, and the
contract test of every registered engine (`tests/companion/test_all_engines.py`).

Any registered engine is covered without new code. After every step of a seeded random game
the state must survive a JSON round trip unchanged (the same data, the same next request and
tally), and the game module's optional hook `invariants(engine, state) -> list[str]`
(conservation of cards, beads and tokens, bounds on health, hearts and points: whatever the game
knows about itself) must report nothing. Every decision offers an option, every answer is
JSON (sessions journal it), every event explains itself in one line. At the end the game must
have ended within `MAX_STEPS` with an outcome, and replaying its answers must rebuild the
final state exactly. Only the public engine API is used.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .engine.core import Decision, Engine
from .engine.drivers import RandomBot, answer_for
from .engine.registry import game_module
from .sim import call_hook

MAX_STEPS = 20_000
MAX_VIOLATIONS = 20  # per game: the first few say enough


@dataclass
class SoakResult:
    """What one or more soaked games came to."""

    games: int = 0
    steps: int = 0
    violations: list[str] = field(default_factory=list)

    def add(self, other: SoakResult) -> None:
        """Fold another result into this one."""
        self.games += other.games
        self.steps += other.steps
        self.violations += other.violations


def soak_game(engine: Engine, players: int, seed: int | str, round_trip_every: int = 1) -> SoakResult:
    """Play one seeded random game, checking the invariants after every step."""
    module = game_module(engine.game_id)
    hook: Callable[[Engine, Any], list[str]] | None = getattr(module, "invariants", None)
    rng = random.Random(f"soak:{seed}")
    names = [f"P{s + 1}" for s in range(players)]
    options = call_hook(module, "sim_setup", engine, players, rng) or {}
    state = engine.new_game(names, copy.deepcopy(options))
    result, answers = SoakResult(games=1), []
    where = f"{engine.game_id} {players}p seed {seed}"
    for step in range(MAX_STEPS):
        _note(result, f"{where} step {step}", _step_violations(engine, state, hook, step % round_trip_every == 0))
        request = engine.request(state)
        if request is None:
            break
        if isinstance(request, Decision) and not request.options:
            result.violations.append(f"{where} step {step}: a decision with no options: {request.prompt}")
            return result
        answer = answer_for(engine, state, request, [RandomBot()], rng)
        events = engine.apply(state, answer)
        _note(result, f"{where} step {step}", _answer_violations(answer, events))
        answers.append(answer)
        result.steps += 1
    else:
        result.violations.append(f"{where}: did not end within {MAX_STEPS} steps")
        return result
    if engine.outcome(state) is None:
        result.violations.append(f"{where}: no request is left but the game has no outcome")
    replayed = engine.replay(names, options, answers)
    if replayed.to_json() != state.to_json():
        result.violations.append(f"{where}: replaying the {len(answers)} answers gives another state")
    return result


def _note(result: SoakResult, where: str, found: list[str]) -> None:
    """Add what was found at `where`, up to `MAX_VIOLATIONS` for the game: the first few say enough."""
    room = MAX_VIOLATIONS - len(result.violations)
    result.violations += [f"{where}: {v}" for v in found][:max(room, 0)]


def _answer_violations(answer: Any, events: list[Any]) -> list[str]:
    found = []
    try:
        json.dumps(answer)
    except (TypeError, ValueError):
        found.append(f"the answer {answer!r} is not JSON (a session journals it)")
    found += [f"an event that is not one line of text: {event.text!r}" for event in events
              if not event.text.strip() or "\n" in event.text]
    return found


def _step_violations(engine: Engine, state: Any, hook: Callable[[Engine, Any], list[str]] | None,
                     round_trip: bool) -> list[str]:
    found: list[str] = []
    if round_trip:
        data = state.to_json()
        rebuilt = engine.load_state(json.loads(json.dumps(data)))
        if rebuilt.to_json() != data:
            found.append("the state changed in a JSON round trip")
        elif (engine.request(rebuilt), engine.tally(rebuilt)) != (engine.request(state), engine.tally(state)):
            found.append("the state asks or tallies otherwise after a JSON round trip")
    if hook is not None:
        found += [str(v) for v in hook(engine, state)]
    return found


def soak(engine: Engine, games: int, first_seed: int = 0, round_trip_every: int = 1,
         progress: Callable[[int], None] | None = None) -> SoakResult:
    """Soak `games` games, alternating the fewest and the most players the game allows."""
    counts = engine.player_counts()
    seats = sorted({counts.start, counts.stop - 1})
    total = SoakResult()
    for index in range(first_seed, first_seed + games):
        total.add(soak_game(engine, seats[index % len(seats)], index, round_trip_every))
        if progress:
            progress(index)
    return total
