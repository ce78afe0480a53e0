"""Who starts (ruling first-player): everyone rolls the Room Selector; the highest starts, ties roll again.

Seed: "Player order is decided by rolling the highest number". A new game queues one
`roll-off` per seat, then `first-player`; a tie queues another round for the tied seats only.
"""

from __future__ import annotations

from ...engine.requests import Chance, Event
from ...engine.steps import Question, StepCall, StepTable, push_front, step
from .prompts import Heartstrings
from .state import FIRST_PLAYER, ROLL_OFF, HeartstringsState
from .turns import room_die, start_turn


def roll_off_round(seats: list[int]) -> list[StepCall]:
    """One round of the roll-off: each seat rolls in seat order, then the highest is found."""
    return [step(ROLL_OFF, seat=seat) for seat in seats] + [step(FIRST_PLAYER)]


def ask_roll_off(engine: Heartstrings, state: HeartstringsState, item: StepCall) -> Chance:
    """This seat rolls the Room Selector to decide who starts."""
    seat = item["seat"]
    return engine.prompts.roll(ROLL_OFF, seat, state.players[seat].name)


def roll_off(engine: Heartstrings, state: HeartstringsState, item: StepCall, faces: list[int]) -> list[Event]:
    """Record the seat's roll."""
    seat, face = item["seat"], faces[0]
    state.rolloff[seat] = face
    if not engine.explain:
        return []
    return [Event("roll-off", f"{state.players[seat].name} rolls {face} to decide who starts",
                  {"player": seat, "roll": face})]


def first_player(engine: Heartstrings, state: HeartstringsState, item: StepCall) -> list[Event]:
    """The highest roll starts the first turn; seats tied for highest roll again."""
    rolls = state.rolloff
    top = max(rolls.values())
    leaders = [seat for seat in sorted(rolls) if rolls[seat] == top]
    state.rolloff = {}
    if len(leaders) > 1:
        push_front(state, *roll_off_round(leaders))
        if not engine.explain:
            return []
        names = " and ".join(state.players[s].name for s in leaders)
        return [Event("roll-off-tie", f"{names} tie on {top} and roll again", {"players": leaders})]
    state.starter = starter = leaders[0]
    if not engine.explain:
        start_turn(state, starter, None)
        return []
    events = [Event("first-player", f"{state.players[starter].name} rolls highest ({top}) and starts",
                    {"player": starter})]
    start_turn(state, starter, events)
    return events


STEPS = StepTable(questions={ROLL_OFF: Question(ask_roll_off, roll_off, die=room_die)},
                  automatic={FIRST_PLAYER: first_player})
