"""Damage instances, healing, tier changes and fainting (the Combat and Scores sections)."""

from __future__ import annotations

from ...engine.requests import Event
from .effects import consume, has
from .game import Game
from .state import Fighter, SkirmishState


def armor_total(engine: Game, fighter: Fighter) -> int:
    """The character's total armor at its current tier."""
    return engine.tiers.armor[fighter.armor]


def power_points(engine: Game, fighter: Fighter) -> int:
    """The character's power at its current tier."""
    return engine.tiers.power[fighter.power]


def is_critical(engine: Game, fighter: Fighter) -> bool:
    """Remaining armor at or below the critical fraction of the total."""
    return engine.tiers.is_critical(armor_total(engine, fighter), fighter.damage)


def instance(engine: Game, source: Fighter | None, target: Fighter, base: int) -> tuple[int, list[Event]]:
    """How much one damage instance deals, and a line for each token that changed it: Prowess
    maximises, Fortify minimises (both: they cancel), then the clamp; one stack of each that acted
    is used up. The gamemaster takes those tokens off the table (play audit: 'takes 1' where the
    power was 12, and the tokens left the roster without a word)."""
    amount = foreseen(engine, source, target, base)
    acting = [(owner, effect) for owner, effect in ((source, "prowess"), (target, "fortify"))
              if owner is not None and has(owner, effect)]
    used = []
    for owner, effect in acting:
        consume(owner, effect)
        left = owner.effects.get(effect, 0)
        what = (f"is cancelled by {'Fortify' if effect == 'prowess' else 'Prowess'}" if len(acting) == 2
                else f"made it {amount}, not {base}")
        used.append(Event("effect", f"{owner.label}'s {effect.title()} {what}: a token used ({left} left)",
                          {"fighter": owner.id, "effect": effect, "left": left}))
    return amount, used


def foreseen(engine: Game, source: Fighter | None, target: Fighter, base: int) -> int:
    """What `instance` will deal, without using any token (the hints foresee Ignite with it)."""
    prowess = source is not None and has(source, "prowess")
    fortify = has(target, "fortify")
    if prowess != fortify:
        return engine.tiers.clamp(engine.tiers.damage_max if prowess else engine.tiers.damage_min)
    return engine.tiers.clamp(base)


def take(engine: Game, target: Fighter, amount: int, why: str) -> list[Event]:
    """Add damage taken; report it and a new critical state."""
    was_critical = is_critical(engine, target)
    target.damage += amount
    total = armor_total(engine, target)
    text = f"{target.label} takes {amount} ({why}): {target.damage}/{total}"
    if not was_critical and is_critical(engine, target) and not engine.tiers.is_fainted(total, target.damage):
        text += ", critical"
    return [Event("damage", text, {"fighter": target.id, "amount": amount})]


def faint_if_beaten(engine: Game, state: SkirmishState, target: Fighter) -> list[Event]:
    """A character whose damage surpasses its armor faints and leaves the map with its effects."""
    if target.fainted or not engine.tiers.is_fainted(armor_total(engine, target), target.damage):
        return []
    target.fainted, target.tile, target.effects = True, None, {}
    lead = " (the leader)" if target.leader else ""
    return [Event("faint", f"{target.label}{lead} faints", {"fighter": target.id, "seat": target.owner})]


def strike(engine: Game, state: SkirmishState, source: Fighter | None, target: Fighter,
           base: int, why: str) -> list[Event]:
    """One damage instance from a source (or the map, or Ignite) to a target, fainting included."""
    amount, used = instance(engine, source, target, base)
    events = take(engine, target, amount, why) + used
    return events + faint_if_beaten(engine, state, target)


def heal(engine: Game, target: Fighter, amount: int) -> list[Event]:
    """Healing removes damage taken, never below zero."""
    healed = min(amount, target.damage)
    target.damage -= healed
    return [Event("heal", f"{target.label} heals {healed}: {target.damage}/{armor_total(engine, target)}",
                  {"fighter": target.id, "amount": healed})]


def shift(engine: Game, state: SkirmishState, target: Fighter, score: str, steps: int) -> list[Event]:
    """Raise or lower power or armor by tiers, bounded; a lowered armor can make the character faint."""
    before = getattr(target, score)
    after = engine.tiers.shift(before, steps)
    setattr(target, score, after)
    name = engine.tiers.names[after]
    shown = engine.rules["tier_names"][name]
    moved = (f"stays at {shown}" + (" (the highest tier)" if steps > 0 else " (the lowest tier)")
             if after == before else f"{'rises' if after > before else 'falls'} to {shown}")  # play audit: 'stays to'
    events = [Event("tier", f"{target.label}'s {score} {moved}", {"fighter": target.id, "score": score, "tier": name})]
    return events + (faint_if_beaten(engine, state, target) if score == "armor" else [])
