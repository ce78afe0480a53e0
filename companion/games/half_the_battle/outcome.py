"""Winning: "You win the game if you eliminate all your opponent's pieces." Ties: "If all
remaining pieces for both players are eliminated in the same turn, the player with most Rage
wins. If still tied, the player whose monster started with highest HP wins."
"""

from __future__ import annotations

from ...engine.core import Event
from .pieces import Rules
from .rage import rage_points
from .state import HalfTheBattleState


def rage_held(engine: Rules, state: HalfTheBattleState, seat: int) -> int:
    """The Rage a player holds in dice (those due at the end of this round included)."""
    player = state.players[seat]
    return rage_points(player.rage_dice + player.pending_dice, engine.rules["dice"])


def decide(engine: Rules, state: HalfTheBattleState) -> list[Event]:
    """Set the winner when a party has no piece left; return the event saying so."""
    left = [len(state.alive(seat)) for seat in (0, 1)]
    if all(left):
        return []
    if any(left):
        state.winner = 0 if left[0] else 1
        return [Event("win", f"{state.players[state.winner].name} eliminated every enemy piece and wins")]
    rage = [rage_held(engine, state, seat) for seat in (0, 1)]
    if rage[0] != rage[1]:
        state.winner = 0 if rage[0] > rage[1] else 1
        why = f"both parties fell together; {state.players[state.winner].name} has more Rage ({max(rage)})"
    else:
        hp = [p.monster_hp for p in state.players]
        state.winner = 0 if hp[0] > hp[1] else 1
        why = (f"both parties fell together with equal Rage; {state.players[state.winner].name}'s monster "
               f"started with more HP ({max(hp)})")
    return [Event("win", why)]
