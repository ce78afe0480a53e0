"""What must hold after every Half the Battle step (`broken_invariants`, behind the package's
`invariants` hook that the soak and the random-play tests call)."""

from __future__ import annotations

from typing import Any

from .pieces import side_of
from .state import HalfTheBattleState


def broken_invariants(engine: Any, state: HalfTheBattleState) -> list[str]:
    """Broken rules in `state`: HP within bounds, Rage never negative, items used once."""
    problems = []
    for piece in state.pieces:
        top = side_of(engine, piece).max_hp
        if piece.alive and not piece.dying and not piece.set_hp and not 1 <= piece.hp <= top:
            problems.append(f"{piece.id} alive on {piece.hp} HP (1..{top})")
        if piece.alive and piece.hp > top:
            problems.append(f"{piece.id} above its maximum")
    for player in state.players:
        if player.tokens < 0:
            problems.append(f"{player.name} has {player.tokens} ability tokens")
        cards = player.items + player.spent
        if len(cards) != len(set(cards)):
            problems.append(f"{player.name} holds an item twice")
        if player.bought_round > state.round:
            problems.append(f"{player.name} bought in a future round")
    return problems
