"""Optional hooks of the game package: simulation setup and labels, invariants, rulebook context."""

from __future__ import annotations

import random
from typing import Any

from .catalog import load_catalog
from .damage import halve, take_damage
from .pieces import side_of
from .rage import offer
from .state import HalfTheBattleState

SIM_TEAMS = ("a", "b", "ab", "ba", "mixed")


def sim_setup(engine: Any, players: int, rng: random.Random) -> dict[str, Any]:
    """Each simulated game picks its team match-up at random (A v A, B v B, A v B, B v A, mixed)."""
    return {"teams": rng.choice(SIM_TEAMS)}


def sim_labels(engine: Any, state: HalfTheBattleState) -> dict[str, str]:
    """The match-up, the rounds played and each seat's team (`seat<N>_team`: win rates by team)."""
    labels = {"teams": state.options.get("teams", "a"), "rounds": str(state.round)}
    for seat in (0, 1):
        sides = {p.team for p in state.pieces if p.seat == seat}
        labels[f"seat{seat}_team"] = sides.pop().upper() if len(sides) == 1 else "mixed"
    return labels


def invariants(engine: Any, state: HalfTheBattleState) -> list[str]:
    """Broken rules in `state`: HP within bounds, Rage never negative, items used once."""
    problems = []
    for piece in state.pieces:
        top = side_of(engine, piece).max_hp
        if piece.alive and not piece.dying and not 1 <= piece.hp <= top:
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


def rulebook_context(db: Any) -> dict[str, Any]:
    """Examples the rulebook prints, computed by the engine's own rule functions."""
    rules = db.rules
    catalog = load_catalog(db)
    fighter = catalog.by_key("fighter")
    floor = rules["lethal_hp_floor"]
    examples = {
        "stays": take_damage(f"Fighter {fighter.die}", 5, 7, floor=floor),
        "lethal": take_damage(f"Fighter {fighter.die}", 5, 7, lethal=True, floor=floor),
        "one_hp": take_damage("Rogue d8", 1, 1, floor=floor),
        "monster": take_damage("Dragon d20", 6, 9, lethal=True, monster=True, floor=floor),
    }
    return {"damage_examples": examples, "flimsy_example": (7, halve(7, rules["flimsy_divisor"])),
            "rage_example": offer(["d12"], 2, rules), "sides": catalog.sides, "catalog": catalog}
