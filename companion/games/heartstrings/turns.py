"""Turn flow: a turn's steps, the out-of-tokens move, the Room Selector roll, and the end.

A turn queues `[choose-move], roll-room, end-turn`. The Room Selector
shows a room: an empty room or one of your own is occupied; an opponent's is invaded, which
puts the combat's steps (`invasion.py`) in front of the rest of the turn. `end-turn`
(`sacrifice.py`) offers the Token Sacrifice, then starts the next turn.
"""

from __future__ import annotations

from ...engine.requests import Chance, Decision, Event, Outcome
from ...engine.steps import Question, StepCall, StepTable
from .beads import grant_bead_bonus
from .board import Board
from .prompts import Heartstrings
from .state import (
    CHOOSE_MOVE,
    END_TURN,
    ROLL_ATTACK,
    ROLL_ROOM,
    Combat,
    HeartstringsState,
)


def start_turn(state: HeartstringsState, seat: int, events: list[Event] | None) -> None:
    """Begin a seat's turn: a move choice first if their supply is empty, then the room roll.
    Here and below, `events` is where to write what happened, or None when nobody reads it."""
    state.current = seat
    state.turn += 1
    state.sacrifices = 0
    state.move_from = None
    player = state.players[seat]
    queue = state.queue
    if player.supply == 0:
        queue.append({"step": CHOOSE_MOVE})  # hot path, see steps.py
    queue.append({"step": ROLL_ROOM})  # hot path, see steps.py
    queue.append({"step": END_TURN})  # hot path, see steps.py
    if events is not None:
        events.append(Event("turn", f"Turn {state.turn}: {player.name} to play", {"player": seat}))


def last_standing(state: HeartstringsState) -> Outcome | None:
    """The last player with heart beads wins; None while two or more remain."""
    live = state.live_seats()
    if len(live) != 1:
        return None
    name = state.players[live[0]].name
    return Outcome("last-standing", live[0], f"{name} is the last player with heart beads and wins")


def finish_if_won(state: HeartstringsState, events: list[Event] | None) -> bool:
    """After an elimination: with one player left, the rest of the turn is dropped and the game ends."""
    result = last_standing(state)
    if result is None:
        return False
    state.queue.clear()
    state.combat = None
    if events is not None:
        events.append(Event("game-over", result.text, {"winner": result.winner}))
    return True


# -- out of tokens -------------------------------------------------------------------------------
def ask_move(engine: Heartstrings, state: HeartstringsState, item: StepCall) -> Decision:
    """Out of tokens: which of your rooms to take a token from."""
    seat = state.current
    return engine.prompts.move(seat, state.players[seat].name, state.rooms_of(seat))


def choose_move(engine: Heartstrings, state: HeartstringsState, item: StepCall, choice: str) -> list[Event]:
    """Remember which board token will move once the room is rolled (ruling move-token-same-room)."""
    room = engine.board.option_rooms[choice]
    state.move_from = room
    if not engine.explain:
        return []
    return [Event("move", f"{state.players[state.current].name} will move a token from "
                          f"{engine.board.names[room]}", {"room": room})]


# -- the Room Selector ---------------------------------------------------------------------------
def room_die(engine: Heartstrings) -> int:
    """The sides of the Room Selector, rolled for a room and in the roll-off."""
    return engine.board.room_die


def ask_room(engine: Heartstrings, state: HeartstringsState, item: StepCall) -> Chance:
    """The player to act rolls the Room Selector."""
    seat = state.current
    return engine.prompts.roll(ROLL_ROOM, seat, state.players[seat].name)


def select_room(engine: Heartstrings, state: HeartstringsState, item: StepCall, faces: list[int]) -> list[Event]:
    """The Room Selector shows a room: occupy it or invade it (or stay, for a moved token)."""
    room, seat = faces[0], state.current
    if state.move_from == room:
        if not engine.explain:
            return []
        name = state.players[seat].name
        return [Event("stay", f"{name} rolls {room}: the token is already there and stays "
                              "(ruling move-token-same-room)", {"room": room})]
    lift_token(state, seat)
    tokens = state.rooms[room]
    owner = tokens[0] if tokens else None   # `state.owner(room)`, on the hot path
    events: list[Event] | None = [] if engine.explain else None
    if owner is None or owner == seat:
        occupy(engine.board, state, room, events)
    else:
        invade(engine.board, state, room, owner, events)
    return events or []


def lift_token(state: HeartstringsState, seat: int) -> None:
    """Take the token to be placed: from the supply, or from the room chosen to move from."""
    if state.move_from is None:
        state.players[seat].supply -= 1
    else:
        state.rooms[state.move_from].remove(seat)


def occupy(board: Board, state: HeartstringsState, room: int, events: list[Event] | None) -> None:
    """Place the token in an empty room or one of your own: no combat."""
    seat = state.current
    tokens = state.rooms[room]
    tokens.append(seat)
    if events is not None:
        events.append(Event("occupy", f"{state.players[seat].name} rolls {room} and occupies "
                                      f"{board.names[room]}: {len(tokens)} of theirs there",
                            {"room": room, "player": seat}))
    grant_bead_bonus(board, state, seat, room, events)


def invade(board: Board, state: HeartstringsState, room: int, defender: int, events: list[Event] | None) -> None:
    """An opponent holds the room: the token goes in as the Attacker and combat begins."""
    state.combat = Combat(room, state.current, defender)
    state.queue.insert(0, {"step": ROLL_ATTACK})  # hot path, see steps.py
    if events is None:
        return
    count = len(state.rooms[room])
    players = state.players
    events.append(Event("invade", f"{players[state.current].name} rolls {room} and invades "
                                  f"{board.names[room]}, held by {players[defender].name}'s "
                                  f"{count} token{'s' if count > 1 else ''}",
                        {"room": room, "attacker": state.current, "defender": defender}))


def next_turn(state: HeartstringsState, events: list[Event] | None) -> None:
    """Pass the turn to the next seat still in the game."""
    players = state.players
    count = len(players)
    seat = (state.current + 1) % count
    while players[seat].eliminated:  # the game ended before all but one were eliminated
        seat = (seat + 1) % count
    start_turn(state, seat, events)


STEPS = StepTable(questions={CHOOSE_MOVE: Question(ask_move, choose_move),
                             ROLL_ROOM: Question(ask_room, select_room, die=room_die)})
