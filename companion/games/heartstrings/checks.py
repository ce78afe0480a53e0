"""What must hold after every step of a Heartstrings game, for tests and simulations to check."""

from __future__ import annotations

from typing import Any

from .state import FIRST_PLAYER, OVER, ROLL_OFF, HeartstringsState


def broken_invariants(engine: Any, state: HeartstringsState) -> list[str]:
    """Every invariant the state breaks, described; an empty list when all hold.

    Beads are conserved between strings and the pool; no count is negative; a live player's
    tokens are all in their supply or on the board; a room holds one player's tokens; an
    eliminated player holds nothing; the player to act is in the game.
    """
    board = engine.board
    broken = []
    total = board.bead_pool + board.beads_per_player * len(state.players)
    if state.beads_total() != total:
        broken.append(f"beads on strings and pool add up to {state.beads_total()}, not {total}")
    if state.pool < 0:
        broken.append(f"the pool holds {state.pool} beads")
    for seat, player in enumerate(state.players):
        broken += _player_problems(board.tokens_per_player, state, seat)
    for room, tokens in state.rooms.items():
        if len(set(tokens)) > 1:
            broken.append(f"room {room} holds tokens of seats {sorted(set(tokens))}")
    if state.phase not in (ROLL_OFF, FIRST_PLAYER, OVER) and state.players[state.current].eliminated:
        broken.append(f"{state.players[state.current].name} is eliminated but is to act")
    return broken


def _player_problems(tokens: int, state: HeartstringsState, seat: int) -> list[str]:
    player = state.players[seat]
    found = []
    if player.beads < 0 or player.supply < 0:
        found.append(f"{player.name} has {player.beads} beads and {player.supply} tokens in supply")
    on_board = state.tokens_on_board(seat)
    if player.eliminated and (player.beads or on_board):
        found.append(f"{player.name} is eliminated but holds {player.beads} beads, {on_board} tokens on the board")
    if not player.eliminated and player.beads <= 0:
        found.append(f"{player.name} is in the game with {player.beads} beads")
    if not player.eliminated and player.supply + on_board != tokens:
        found.append(f"{player.name} has {player.supply} in supply and {on_board} on the board, not {tokens}")
    return found
