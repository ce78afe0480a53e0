"""Random-play soak over every registered engine (issue 15, section 6).

A hundred seeded games per game, the invariants checked after every step (the engine's
own `invariants` hook, when its game module has one), a JSON round trip every few steps,
replay equality and a step bound at the end. A game added later is covered without new code.
`bench/soak.py` runs the same checks over 100,000 games per game."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from companion.engine.registry import engine_ids, game_module, make_engine
from companion.soak import MAX_VIOLATIONS, soak, soak_game

GAMES = 100
ROUND_TRIP_EVERY = 10


@pytest.mark.parametrize("game", engine_ids())
def test_seeded_random_games_break_no_invariant(game: str) -> None:
    result = soak(make_engine(game), GAMES, round_trip_every=ROUND_TRIP_EVERY)
    assert result.violations == []
    assert result.games == GAMES and result.steps > GAMES


def test_a_game_modules_invariants_hook_is_called_after_every_step(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[Any] = []

    def invariants(engine: Any, state: Any) -> list[str]:
        seen.append(state)
        return ["beads not conserved"] if len(seen) == 3 else []

    monkeypatch.setattr(game_module("heartstrings"), "invariants", invariants, raising=False)
    result = soak_game(make_engine("heartstrings"), 2, seed=1)
    assert len(seen) == result.steps + 1  # before the first answer and after each one
    assert result.violations == ["heartstrings 2p seed 1 step 2: beads not conserved"]


def test_a_state_that_changes_in_a_json_round_trip_is_a_violation(monkeypatch: pytest.MonkeyPatch) -> None:
    engine = make_engine("heartstrings")
    real = engine.load_state

    def lossy(data: dict[str, Any]) -> Any:
        state: Any = real(data)
        state.pool += 1  # a field the JSON form forgets to carry
        return state

    monkeypatch.setattr(engine, "load_state", lossy)
    result = soak_game(engine, 2, seed=1)
    assert result.violations and "the state changed in a JSON round trip" in result.violations[0]
    # a violation at every step is listed MAX_VIOLATIONS times for the game, not for each step
    assert result.steps > MAX_VIOLATIONS and len(result.violations) == MAX_VIOLATIONS


def test_a_game_that_never_ends_is_a_violation(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("companion.soak.MAX_STEPS", 5)
    result = soak_game(make_engine("heartstrings"), 2, seed=1)
    assert result.violations == ["heartstrings 2p seed 1: did not end within 5 steps"]


def test_an_event_of_two_lines_and_a_game_without_an_outcome_are_violations(monkeypatch: pytest.MonkeyPatch) -> None:
    """The contract test of every engine (`tests/companion/test_all_engines.py`) runs these checks."""
    engine = make_engine("heartstrings")
    real_apply = engine.apply
    spoilt: list[Any] = []

    def apply(state: Any, answer: Any) -> Any:
        events = real_apply(state, answer)
        if events and not spoilt:  # the first event of the game
            spoilt.append(events[0])
            events[0] = dataclasses.replace(events[0], text="two\nlines")
        return events

    monkeypatch.setattr(engine, "apply", apply)
    monkeypatch.setattr(engine, "outcome", lambda state: None)
    result = soak_game(engine, 2, seed=1)
    assert result.violations[0].startswith("heartstrings 2p seed 1 step ")
    assert result.violations[0].endswith("an event that is not one line of text: 'two\\nlines'")
    assert result.violations[1:] == ["heartstrings 2p seed 1: no request is left but the game has no outcome"]


def test_a_state_that_asks_otherwise_after_a_round_trip_is_a_violation(monkeypatch: pytest.MonkeyPatch) -> None:
    engine = make_engine("heartstrings")
    real = engine.request
    loaded: set[int] = set()
    real_load = engine.load_state

    def load_state(data: dict[str, Any]) -> Any:
        state = real_load(data)
        loaded.add(id(state))
        return state

    def request(state: Any) -> Any:
        asked = real(state)
        return None if id(state) in loaded else asked  # a loaded state that forgot what it asks

    monkeypatch.setattr(engine, "load_state", load_state)
    monkeypatch.setattr(engine, "request", request)
    result = soak_game(engine, 2, seed=1)
    assert "the state asks or tallies otherwise after a JSON round trip" in result.violations[0]
