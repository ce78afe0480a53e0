"""Effects on characters: what each one does, as data plus small functions (rulings
`effect-durations`, `fortify-prowess`, `character-turn`).

Kinds come from the effect cards (`permanent`, `timed`, `consumable`); the numbers from the rules.
"""

from __future__ import annotations

from typing import Any

from ...engine.requests import Event
from .state import Fighter

BLOCKS = {"walk": ("restrain",), "attack": ("restrain",), "counter": ("restrain",), "skill": ("silence",)}


def apply_effect(fighter: Fighter, effect: str, amount: int) -> Event:
    """Add turns or stacks of an effect."""
    fighter.effects[effect] = fighter.effects.get(effect, 0) + amount
    return Event("effect", f"{fighter.label} gains {effect.title()} {amount} (now {fighter.effects[effect]})",
                 {"fighter": fighter.id, "effect": effect, "amount": amount})


def has(fighter: Fighter, effect: str) -> bool:
    """Is the effect on the character?"""
    return fighter.effects.get(effect, 0) > 0


def consume(fighter: Fighter, effect: str) -> None:
    """A consumable effect acts once: one stack less."""
    left = fighter.effects.get(effect, 0) - 1
    if left > 0:
        fighter.effects[effect] = left
    else:
        fighter.effects.pop(effect, None)


def is_blocked(fighter: Fighter, action: str) -> bool:
    """Is the action (walk, attack, counter, skill) forbidden by an effect?"""
    return any(has(fighter, effect) for effect in BLOCKS[action])


def cost(rules: Any, fighter: Fighter, base: int) -> int:
    """An action's cost for this character: Glaciate adds, Tailwind takes off, never below the minimum."""
    extra = (rules["glaciate_cost"] if has(fighter, "glaciate") else 0) - (
        rules["tailwind_cost"] if has(fighter, "tailwind") else 0)
    return max(int(rules["min_cost"]), base + extra)


def tick_timed(fighter: Fighter, kinds: dict[str, str]) -> list[Event]:
    """The end of the character's turn: every Timed effect loses one turn."""
    events = []
    for effect in [e for e in fighter.effects if kinds.get(e) == "timed"]:
        fighter.effects[effect] -= 1
        if fighter.effects[effect] <= 0:
            del fighter.effects[effect]
            events.append(Event("effect", f"{fighter.label}'s {effect.title()} ends",
                                {"fighter": fighter.id, "effect": effect}))
    return events
