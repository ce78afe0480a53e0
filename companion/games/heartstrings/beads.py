"""Heart beads: damage to the pool, the Heart Bead Bonus, and elimination when a string is empty.

Beads only ever move between a Heartstring and the pool, so their total never changes.
These are not steps: the steps that place tokens and fight combats call them.
"""

from __future__ import annotations

from cards.wording import plural

from ...engine.requests import Event
from .board import Board
from .state import HeartstringsState


def apply_damage(state: HeartstringsState, seat: int, damage: int, explain: bool = True) -> str:
    """Move beads from a Heartstring to the pool (never more than it holds); say what is left
    (unless `explain` is off)."""
    player = state.players[seat]
    lost = min(damage, player.beads)
    if lost == 0:
        return ""
    player.beads -= lost
    state.pool += lost
    if not explain:
        return ""
    # play audit: `3 damage, all they had` of a player holding 2, with a ruling's id for the table
    capped = f", but only {plural(lost, 'bead')} to lose" if lost < damage else ""
    return f"{capped}; {player.name} has {plural(player.beads, 'bead')} left, pool {state.pool}"


def grant_bead_bonus(board: Board, state: HeartstringsState, seat: int, room: int,
                     events: list[Event] | None) -> None:
    """A token arriving in a Heart Bead Bonus room gains a bead, while the pool has any.
    `events` is where to write what happened, or None when nobody reads it."""
    if room not in board.bonus_rooms:
        return
    player = state.players[seat]
    gained = min(board.bead_bonus, state.pool)
    if gained == 0:
        if events is not None:
            events.append(Event("bonus", f"{player.name} gains no bead in {board.names[room]}: "
                                         "the pool is empty", {"player": seat, "beads": 0}))
        return
    player.beads += gained
    state.pool -= gained
    if events is not None:
        events.append(Event("bonus", f"{player.name} gains {gained} bead in {board.names[room]}: "
                                     f"{player.beads} on the string, pool {state.pool}",
                            {"player": seat, "beads": gained}))


def eliminate(state: HeartstringsState, seat: int, events: list[Event] | None) -> None:
    """A player with no beads leaves the game and every one of their tokens leaves the board."""
    player = state.players[seat]
    player.eliminated = True
    removed = 0
    for tokens in state.rooms.values():
        if tokens and tokens[0] == seat:
            removed += len(tokens)
            tokens.clear()
    player.supply += removed
    if events is not None:
        events.append(Event("eliminate", f"{player.name} has no heart beads left and is eliminated; "
                                         f"{plural(removed, 'token')} {'leaves' if removed == 1 else 'leave'} the board",
                            {"player": seat, "tokens": removed}))
