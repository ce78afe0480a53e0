"""Heartstrings (2-3 players): roll the Room Selector, occupy or invade, chip at Heartstrings.

Every number comes from `cards/heartstrings/game.yaml`. The package has the shape every game
has (docs/ARCHITECTURE.md, "The step machine"): `state.py` (the table), `board.py` (rules
numbers read once), `prompts.py` (what steps ask), the rules modules `rolloff.py`,
`turns.py`, `invasion.py`, `sacrifice.py` (each ending with its STEPS) over `combat.py` (the
combat maths) and `beads.py`, merged in `steps.py`; `engine.py`, `calculators.py` (combat and
exact odds through the steps), `checks.py` (invariants), `bots.py`, `search_hooks.py` (the search bot's
evaluation of a cut playout), `cli.py`.
"""

from __future__ import annotations

from typing import Any

from .bots import BOTS, GreedyBot
from .calculators import odds_rows
from .checks import broken_invariants
from .combat import CombatRules
from .engine import HeartstringsEngine
from .search_hooks import leader, search_evaluate
from .state import HeartstringsState

ENGINE = HeartstringsEngine

ORDINALS = ("first", "second", "third")


def sim_labels(engine: HeartstringsEngine, state: HeartstringsState) -> dict[str, str]:
    """Each seat's place in turn order (`seat<N>_start`: first, second...), for first-player advantage."""
    count = len(state.players)
    if state.starter is None:
        return {}
    return {f"seat{(state.starter + k) % count}_start": ordinal(k) for k in range(count)}


def ordinal(index: int) -> str:
    """0 -> `first`, 1 -> `second`...; past the table, `#5`."""
    return ORDINALS[index] if index < len(ORDINALS) else f"#{index + 1}"


def rulebook_context(db: Any) -> dict[str, Any]:
    """Computed tables for the rulebook: the attacker's exact chance to take each kind of room, and
    the damage the engine deals for every roll difference combat can produce."""
    return {"combat_odds_rows": odds_rows(db.rules), "damage_rows": damage_rows(db.rules)}


def damage_rows(rules: Any) -> list[dict[str, int]]:
    """Every non-zero difference of buffed rolls in any room, with the damage the engine's own `CombatRules.exchange` deals."""
    combat, faces = CombatRules(rules), range(1, rules["combat_die"] + 1)
    damage: dict[int, int] = {}
    for room in range(1, rules["rooms"] + 1):
        for a in faces:
            for d in faces:
                gap = abs(a + combat.attacker_buffs[room] - d - combat.defender_buffs[room])
                if gap:
                    damage[gap] = combat.exchange(room, a, d).damage
    return [{"difference": gap, "damage": damage[gap]} for gap in sorted(damage)]


def invariants(engine: HeartstringsEngine, state: HeartstringsState) -> list[str]:
    """The invariants `state` breaks (beads conserved, tokens accounted for, bounds...); [] when all hold."""
    return broken_invariants(engine, state)


__all__ = ["BOTS", "ENGINE", "GreedyBot", "HeartstringsEngine", "HeartstringsState", "invariants",
    "leader",
           "rulebook_context", "search_evaluate", "sim_labels"]
