"""A scripted Heartstrings table for tests: set the board up by hand, then feed answers."""

from __future__ import annotations

from typing import Any

from companion.engine.core import Event
from companion.engine.steps import push_front, step
from companion.games.heartstrings.state import CHOOSE_MOVE, HeartstringsState


def seated(engine, names: tuple[str, ...] = ("Ann", "Ben")) -> HeartstringsState:
    """A new game after a roll-off the first seat wins outright: it is Ann's turn 1."""
    state = engine.new_game(list(names))
    for seat in range(len(names)):
        engine.apply(state, [engine.rules.room_die - seat])
    return state


def place(state: HeartstringsState, room: int, seat: int, count: int = 1) -> None:
    """Put `count` of a player's tokens from their supply into a room."""
    state.rooms[room].extend([seat] * count)
    state.players[seat].supply -= count


def begin_with_move(state: HeartstringsState) -> None:
    """As if the turn began with the supply empty: the move choice comes before the room roll."""
    push_front(state, step(CHOOSE_MOVE))


def play(engine, state: HeartstringsState, *answers: Any) -> list[Event]:
    """Apply answers in order; every event that happened."""
    events: list[Event] = []
    for answer in answers:
        events += engine.apply(state, answer)
    return events


def texts(events: list[Event]) -> list[str]:
    return [e.text for e in events]


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]
