"""Half the Battle: a lane skirmish where each piece is a die and its face is its health.

Model: the board, HP, items, Rage and markers are all public, so the engine keeps the whole
state. Secret decisions (handoff, no echo, hidden in the session log until the game ends): each
player's selection, kept out of the tally and the events until both have chosen, then announced
together (ruling secret-selection); in the variants, the sides of a mixed party and the
placements, each revealed together once both players chose every one.
Rolls (the monsters' starting HP) and the item deal are chance answers, typed or rolled.
"""

from __future__ import annotations

import random
from typing import Any

from .bots import BOTS, search_order
from .catalog import load_catalog
from .checks import broken_invariants
from .damage import halve, take_damage
from .engine import ENGINE, HalfTheBattleEngine
from .rage import offer
from .search_hooks import determinize, leader, search_evaluate, search_limits
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
    """Broken rules in `state` (HP within bounds, Rage never negative, items used once); [] when all hold."""
    return broken_invariants(engine, state)


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


__all__ = ["BOTS", "ENGINE", "HalfTheBattleEngine", "HalfTheBattleState", "determinize", "invariants", "leader", "rulebook_context",
           "search_evaluate", "search_limits", "search_order", "sim_labels", "sim_setup"]
