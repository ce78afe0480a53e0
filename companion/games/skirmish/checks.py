"""The invariants of a skirmish state, checked after every answer by the random-play tests."""

from __future__ import annotations

from .game import Game
from .state import SkirmishState


def broken_invariants(engine: Game, state: SkirmishState) -> list[str]:
    """Bounds that hold after every step: AP within 0..cap, hand size, damage below armor while standing,
    tiers inside the table, no effect left at zero."""
    problems = []
    for seat, side in enumerate(state.sides):
        if not 0 <= side.ap <= engine.rules["ap_cap"] or not 0 <= side.max_ap <= engine.rules["ap_cap"]:
            problems.append(f"seat {seat}: AP {side.ap}/{side.max_ap} outside 0..{engine.rules['ap_cap']}")
        if side.hand.size > engine.rules["hand_limit"]:
            problems.append(f"seat {seat}: {side.hand.size} cards in hand")
    for f in state.fighters:
        if not (0 <= f.power < len(engine.tiers.names) and 0 <= f.armor < len(engine.tiers.names)):
            problems.append(f"{f.id}: tier out of the table")
        if f.damage < 0 or (not f.fainted and f.damage > engine.tiers.armor[f.armor]):
            problems.append(f"{f.id}: damage {f.damage} with armor {engine.tiers.armor[f.armor]} standing")
        if any(n <= 0 for n in f.effects.values()):
            problems.append(f"{f.id}: an effect at zero is still listed")
    return problems
