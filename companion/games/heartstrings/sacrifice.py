"""The end of a turn: the Token Sacrifice, then the next seat's turn.

Seed: "If the player occupies any room with more than one token, they may choose to sacrifice
that token from the board to gain (1) heart bead on their Heartstring ... A player may only do
this if there are heart beads still available in the Bead Pool ... limited to one token per
turn." Ruling sacrifice-after-combat: the offer follows every room selection, won or lost.
`end-turn` is the last step of every turn: it queues the sacrifice decision while one is
allowed, and otherwise starts the next turn.
"""

from __future__ import annotations

from typing import Any

from cards.wording import plural

from ...engine.requests import Decision, Event
from ...engine.steps import Question, StepCall, StepTable
from .board import PASS, Board
from .prompts import Heartstrings
from .state import END_TURN, SACRIFICE, HeartstringsState
from .turns import next_turn


def sacrifice_rooms(board: Board, state: HeartstringsState, seat: int) -> list[int]:
    """Rooms where this player has enough tokens to sacrifice one."""
    # A room holds one player's tokens (ruling rooms-single-owner): its first token names the owner.
    least = board.sacrifice_min
    return [room for room, tokens in state.rooms.items() if len(tokens) >= least and tokens[0] == seat]


def end_turn(engine: Heartstrings, state: HeartstringsState, item: StepCall) -> list[Event]:
    """Offer the Token Sacrifice while the pool has beads and the turn's sacrifices allow one;
    otherwise the turn passes to the next seat still in the game."""
    board, seat = engine.board, state.current
    on_board = board.tokens_per_player - state.players[seat].supply  # none is invading now
    events: list[Event] | None = [] if engine.explain else None
    if state.sacrifices < board.sacrifices_per_turn and on_board >= board.sacrifice_min:
        rooms = sacrifice_rooms(board, state, seat)
        if rooms and state.pool > 0:
            state.queue.insert(0, {"step": SACRIFICE, "rooms": rooms})  # hot path, see steps.py
            return []
        if rooms and events is not None:  # the offer is not made, and the table is told why
            events.append(Event("no-sacrifice", f"The Bead Pool is empty: {state.players[seat].name} cannot "
                                                "sacrifice a token for a bead", {"player": seat}))
    next_turn(state, events)
    return events or []


def ask_sacrifice(engine: Heartstrings, state: HeartstringsState, item: StepCall) -> Decision:
    """A room holding more than one of your tokens, or pass."""
    seat = state.current
    return engine.prompts.sacrifice(seat, state.players[seat].name, item["rooms"])


def sacrifice(engine: Heartstrings, state: HeartstringsState, item: StepCall, choice: Any) -> list[Event]:
    """Take one token from a crowded room back to supply and gain a bead from the pool."""
    seat = state.current
    player = state.players[seat]
    events: list[Event] | None = [] if engine.explain else None
    if choice == PASS:
        if events is not None:
            events.append(Event("pass", f"{player.name} keeps every token", {"player": seat}))
        next_turn(state, events)
        return events or []
    board = engine.board
    room = board.option_rooms[choice]
    state.rooms[room].remove(seat)
    player.supply += 1
    gained = min(board.sacrifice_beads, state.pool)
    player.beads += gained
    state.pool -= gained
    state.sacrifices += 1
    if events is not None:
        events.append(Event("sacrifice", f"{player.name} sacrifices a token from {board.names[room]} "
                                         f"and gains {plural(gained, 'bead')} ({player.beads} on the string, "
                                         f"pool {state.pool})", {"player": seat, "room": room}))
    if state.sacrifices < board.sacrifices_per_turn:
        state.queue.insert(0, {"step": END_TURN})  # hot path, see steps.py; the rules allow another sacrifice this turn
    else:
        next_turn(state, events)
    return events or []


STEPS = StepTable(questions={SACRIFICE: Question(ask_sacrifice, sacrifice)},
                  automatic={END_TURN: end_turn})
