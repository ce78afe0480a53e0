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
        state.winner, state.ending = (0 if left[0] else 1), "elimination"
        return [Event("win", f"{state.players[state.winner].name} eliminated every enemy piece and wins")]
    state.ending = "tie-break"
    return break_tie(engine, state, "both parties fell together")


def break_tie(engine: Rules, state: HalfTheBattleState, why: str) -> list[Event]:
    """Most Rage wins, then the monster that started with the higher HP."""
    rage = [rage_held(engine, state, seat) for seat in (0, 1)]
    if rage[0] != rage[1]:
        state.winner = 0 if rage[0] > rage[1] else 1
        return [Event("win", f"{why}; {state.players[state.winner].name} has more Rage ({max(rage)})")]
    hp = [p.monster_hp for p in state.players]
    state.winner = 0 if hp[0] > hp[1] else 1
    return [Event("win", f"{why} with equal Rage; {state.players[state.winner].name}'s monster started "
                  f"with more HP ({max(hp)})")]


def count_quiet_round(engine: Rules, state: HalfTheBattleState) -> list[Event]:
    """End the game as a stalemate after `stalemate_rounds` rounds in a row without damage."""
    state.quiet_rounds = 0 if state.damaged else state.quiet_rounds + 1
    state.damaged = False
    if state.quiet_rounds < engine.rules["stalemate_rounds"]:
        return []
    state.ending = "stalemate"
    return break_tie(engine, state, f"stalemate: {state.quiet_rounds} rounds without damage")
