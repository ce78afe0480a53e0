"""Heartstrings (2-3 players): roll the Room Selector, occupy or invade, chip at Heartstrings.

Seed text: shared/seeds/002_db0ad6e4f4568e18.txt; numbers: cards/heartstrings/game.yaml.
"""

from __future__ import annotations

from typing import Any

from .bots import BOTS, GreedyBot
from .combat import CombatRules
from .engine import HeartstringsEngine
from .odds import odds_rows
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
    """Every non-zero difference of buffed rolls in any room, with the damage `CombatRules.settle` deals."""
    combat, faces = CombatRules(rules), range(1, rules["combat_die"] + 1)
    damage: dict[int, int] = {}
    for room in range(1, rules["rooms"] + 1):
        for a in faces:
            for d in faces:
                gap = abs(a + combat.attacker_buffs[room] - d - combat.defender_buffs[room])
                if gap:
                    damage[gap] = combat.settle(room, a, d)[1]
    return [{"difference": gap, "damage": damage[gap]} for gap in sorted(damage)]


__all__ = ["BOTS", "ENGINE", "GreedyBot", "HeartstringsEngine", "HeartstringsState", "rulebook_context",
           "sim_labels"]
