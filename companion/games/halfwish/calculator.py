"""The one-shot duel calculator behind `deckwright halfwish duel`: "what happens if".

It sets up both sides from what the gamemaster types (actions by id, DVs, Exposed,
Toughness, DV changes, powers played), applies the actions' reveal effects and the powers'
effects the way the table does, and resolves the duel with `duel.resolve_duel`.

Order (seed, "Duel phases"): powers played in preparation, then the actions' reveal effects,
then powers played in the showdown; within a phase the aggressor's powers and the
defender's alternate, aggressor first. Effects that need the whole game (healing, mana,
drawing, next turn) are listed as notes, not applied; effects after the duel (steals on a
win, "win or tie") are listed under `after`.

    calc = calculate(db.rules, profiles, powers, SideSpec(("long-strike",), 10),
                     SideSpec(("strike",), 12), aggressor="a")
    calc.result (a DuelResult), calc.notes, calc.after, calc.steps, calc.to_json()
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any, Literal

from .duel import (
    ActionProfile,
    DuelError,
    DuelResult,
    DuelRules,
    Side,
    SideKey,
    action_profile,
    apply_effect,
    can_apply,
    describe_effect,
    other_key,
    resolve_duel,
)

Phase = Literal["preparation", "showdown"]
AFTER_DUEL = ("win", "lose", "win_or_tie", "duel_end", "round_end", "concede")
DV_OPS = ("dv", "set")


@dataclass(frozen=True)
class SideSpec:
    """What the gamemaster types for one side."""

    actions: tuple[str, ...]
    dv: int
    exposed: int = 0
    toughness: int = 0
    dv_mod: int = 0
    powers: tuple[str, ...] = ()


@dataclass(frozen=True)
class Table:
    """A duel being set up: both sides, roles, phase, and what has been noted so far."""

    sides: Mapping[SideKey, Side]
    aggressor: SideKey
    phase: Phase
    losing: SideKey | None
    rules: Mapping[str, Any]
    dv_locked: bool = False
    notes: tuple[str, ...] = ()
    pending: tuple[tuple[SideKey, Mapping[str, Any], str], ...] = ()

    def label(self, key: SideKey) -> str:
        return self.sides[key].name or key.upper()

    def note(self, line: str) -> Table:
        return replace(self, notes=self.notes + (line,))

    def with_side(self, key: SideKey, side: Side) -> Table:
        return replace(self, sides={**self.sides, key: side})


@dataclass(frozen=True)
class Calculation:
    """The duel's result plus what was applied before it and what follows it."""

    result: DuelResult
    notes: tuple[str, ...]
    after: tuple[str, ...]

    @property
    def steps(self) -> list[str]:
        """Every explanation line in order: setup, clash and tally, then after the duel."""
        return [*self.notes, *self.result.steps, *self.after]

    def to_json(self) -> dict[str, Any]:
        data = self.result.to_json()
        data.update(steps=self.steps, setup=list(self.notes), after=list(self.after),
                    duel_steps=list(self.result.steps))
        return data


# --- setting up -------------------------------------------------------------------------

def build_side(spec: SideSpec, profiles: Mapping[str, ActionProfile], name: str) -> Side:
    """A resolver side from what was typed (DV change included)."""
    return Side(actions=tuple(profiles[x] for x in spec.actions), dv=spec.dv + spec.dv_mod,
                exposed=spec.exposed, toughness=spec.toughness, name=name)


def calculate(rules: Mapping[str, Any], profiles: Mapping[str, ActionProfile], powers: Mapping[str, Any],
              a: SideSpec, b: SideSpec, aggressor: SideKey = "a", phase: Phase = "showdown",
              losing: SideKey | None = None) -> Calculation:
    """Set up both sides, play reveal effects and powers in order, and resolve the duel."""
    table = Table({"a": build_side(a, profiles, "A"), "b": build_side(b, profiles, "B")},
                  aggressor, phase, losing, rules)
    table = _note_dv_changes(table, a, b)
    specs = {"a": a, "b": b}
    if phase == "preparation":
        table = _play_powers(table, specs, powers)
    table = _reveal(table)
    if phase == "showdown":
        table = _play_powers(table, specs, powers)
    result = resolve_duel(table.sides["a"], table.sides["b"], table.aggressor, rules)
    return Calculation(result, table.notes, _after_duel_lines(table, result))


def _note_dv_changes(table: Table, a: SideSpec, b: SideSpec) -> Table:
    for key, spec in (("a", a), ("b", b)):
        if spec.dv_mod:
            table = table.note(f"{table.label(key)}'s DV {spec.dv} {spec.dv_mod:+d} = {spec.dv + spec.dv_mod}.")
    return table


def reveal_sides(a: Side, b: Side, rules: Mapping[str, Any], aggressor: SideKey = "a") -> tuple[Side, Side]:
    """Both sides after their actions' reveal effects, including the hooks the calculator
    knows (e.g. Gambler's Strike's alignment); used by the exact odds."""
    table = _reveal(Table({"a": a, "b": b}, aggressor, "showdown", None, rules))
    return table.sides["a"], table.sides["b"]


def _reveal(table: Table) -> Table:
    """The actions' reveal effects, turn player (aggressor) first."""
    for key in (table.aggressor, other_key(table.aggressor)):
        for slot, action in enumerate(table.sides[key].actions):
            for effect in action.on_reveal:
                table = _apply(table, key, effect, f"{table.label(key)}'s {action.name} revealed", slot)
    return table


def _play_powers(table: Table, specs: Mapping[SideKey, SideSpec], powers: Mapping[str, Any]) -> Table:
    first, second = table.aggressor, other_key(table.aggressor)
    order = _alternate(specs[first].powers, specs[second].powers, first, second)
    for key, token in order:
        power_id, slot = split_power(token)
        card = powers[power_id]
        table = table.note(f"{table.label(key)} plays {card.name}.")
        for effect in card.get("effects") or ():
            table = _apply(table, key, effect, f"{card.name}", slot)
    return table


def split_power(token: str) -> tuple[str, int]:
    """`feint:2` -> ("feint", 1): a power id and the 0-based action slot it targets (default 0)."""
    power_id, _, slot = token.partition(":")
    return power_id, int(slot) - 1 if slot else 0


def _alternate(first: tuple[str, ...], second: tuple[str, ...], k1: SideKey, k2: SideKey) -> list[tuple[SideKey, str]]:
    order: list[tuple[SideKey, str]] = []
    for i in range(max(len(first), len(second))):
        order += [(k1, first[i])] if i < len(first) else []
        order += [(k2, second[i])] if i < len(second) else []
    return order


# --- applying one effect ----------------------------------------------------------------

def _apply(table: Table, owner: SideKey, effect: Mapping[str, Any], source: str, slot: int) -> Table:
    when = effect.get("when", "play")
    if when in AFTER_DUEL:
        return replace(table, pending=table.pending + ((owner, effect, source),))
    if when == "showdown" and table.phase != "showdown":
        return table.note(f"{source}: {describe_effect(effect)} only in the showdown (not applied).")
    if table.dv_locked and _changes_dv(effect):
        return table.note(f"{source}: DVs cannot change this turn ({describe_effect(effect)} ignored).")
    if effect.get("op") == "hook" and effect.get("name") in HOOKS:
        return HOOKS[effect["name"]](table, owner, effect, source, slot)
    if can_apply(effect):
        sides, line = apply_effect(table.sides, owner, effect, table.rules, table.aggressor)
        return replace(table, sides=sides).note(f"{source}: {line}.")
    return table.note(f"{source}: {_who(table, owner, effect)} {describe_effect(effect)} "
                      f"(no effect on the duel maths; not applied).")


def _who(table: Table, owner: SideKey, effect: Mapping[str, Any]) -> str:
    who = effect.get("who", "self")
    names = {"self": table.label(owner), "opponent": table.label(other_key(owner)), "both": "both",
             "aggressor": table.label(table.aggressor), "defender": table.label(other_key(table.aggressor))}
    return names.get(who, who)


def _changes_dv(effect: Mapping[str, Any]) -> bool:
    if effect.get("op") == "hook":
        return effect.get("name") in ("halfwish", "scry")
    return effect.get("op") == "dv" or (effect.get("op") == "set" and effect.get("resource") == "dv")


# --- the named hooks that change a duel (the engine runs them on game state) -------------

HookFn = Callable[[Table, SideKey, Mapping[str, Any], str, int], Table]


def _set_dv(table: Table, key: SideKey, dv: int, line: str) -> Table:
    return table.with_side(key, replace(table.sides[key], dv=dv)).note(line)


def _halfwish(table: Table, owner: SideKey, effect: Mapping[str, Any], source: str, slot: int) -> Table:
    """Set DV to rules.halfwish_set_dv (a reroll is typed as the new DV instead)."""
    value = int(table.rules["halfwish_set_dv"])
    return _set_dv(table, owner, value, f"{source}: {table.label(owner)} sets DV to {value} "
                                        f"(to reroll instead, type the new DV).")


def _scry(table: Table, owner: SideKey, effect: Mapping[str, Any], source: str, slot: int) -> Table:
    mine, theirs = table.sides[owner].dv, table.sides[other_key(owner)].dv
    if mine >= theirs:
        return table.note(f"{source}: {table.label(owner)}'s DV {mine} is not lower than {theirs}: no DV gained.")
    gain = int(effect.get("dv_gain", 0))
    return _set_dv(table, owner, mine + gain, f"{source}: DV {mine} is lower than {theirs}: "
                                              f"{table.label(owner)} gains {gain} DV ({mine + gain}).")


def _feint(table: Table, owner: SideKey, effect: Mapping[str, Any], source: str, slot: int) -> Table:
    side, ceiling = table.sides[owner], int(table.rules["feint_max_dv"])
    if not 0 <= slot < len(side.actions):
        raise DuelError(f"Feint: {table.label(owner)} has no action {slot + 1} (actions 1 to {len(side.actions)})")
    if side.dv > ceiling:
        raise DuelError(f"Feint needs a DV of {ceiling} or less; {table.label(owner)}'s DV is {side.dv}")
    evade = _basic_evade(table)
    actions = side.actions[:slot] + (evade,) + side.actions[slot + 1:]
    return table.with_side(owner, replace(side, actions=actions)).note(
        f"{source}: {table.label(owner)}'s {side.actions[slot].name} becomes an Evade (DV {side.dv} <= {ceiling}).")


def _basic_evade(table: Table) -> ActionProfile:
    return action_profile(table.rules, "evade")


def _bubble(table: Table, owner: SideKey, effect: Mapping[str, Any], source: str, slot: int) -> Table:
    if table.losing == owner:
        side = replace(table.sides[owner], cannot_take_damage=True)
        return table.with_side(owner, side).note(f"{source}: {table.label(owner)} is losing and cannot take damage.")
    amount = int(effect.get("toughness", 0))
    for key in ("a", "b"):
        table = table.with_side(key, replace(table.sides[key], toughness=table.sides[key].toughness + amount))
    return table.note(f"{source}: {table.label(owner)} is not losing: both gain {amount} Toughness.")


def _taunt(table: Table, owner: SideKey, effect: Mapping[str, Any], source: str, slot: int) -> Table:
    if table.phase != "preparation":
        return table.note(f"{source}: played in the showdown, the roles stay.")
    opponent = other_key(owner)
    return replace(table, aggressor=opponent).note(f"{source}: {table.label(opponent)} becomes the aggressor.")


def _swap_actions(table: Table, owner: SideKey, effect: Mapping[str, Any], source: str, slot: int) -> Table:
    target = other_key(owner)
    side = table.sides[target]
    if len(side.actions) < 2:
        return table.note(f"{source}: {table.label(target)} has one action, nothing to swap.")
    swapped = replace(side, actions=tuple(reversed(side.actions)))
    return table.with_side(target, swapped).note(f"{source}: {table.label(target)}'s actions swap places.")


def _lock_dv(table: Table, owner: SideKey, effect: Mapping[str, Any], source: str, slot: int) -> Table:
    return replace(table, dv_locked=True).note(f"{source}: DVs cannot change this turn.")


def _alignment_strike(table: Table, owner: SideKey, effect: Mapping[str, Any], source: str, slot: int) -> Table:
    side = table.sides[owner]
    parity = "even" if side.dv % 2 == 0 else "odd"
    change = int(effect.get(parity, 0))
    action = side.actions[slot]
    actions = side.actions[:slot] + (replace(action, dv=action.dv + change),) + side.actions[slot + 1:]
    return table.with_side(owner, replace(side, actions=actions)).note(
        f"{source}: DV {side.dv} is {parity}: strikes for DV {change:+d}.")


HOOKS: dict[str, HookFn] = {
    "halfwish": _halfwish, "scry": _scry, "feint": _feint, "bubble": _bubble,
    "taunt_swap_roles": _taunt, "swap_actions": _swap_actions, "lock_dv": _lock_dv,
    "alignment_strike": _alignment_strike,
}


# --- after the duel ---------------------------------------------------------------------

def _after_duel_lines(table: Table, result: DuelResult) -> tuple[str, ...]:
    """Remind the gamemaster of the effects the engine applies once the duel is over."""
    return tuple(_pending_line(table, result, owner, effect, source) for owner, effect, source in table.pending)


def _pending_line(table: Table, result: DuelResult, owner: SideKey, effect: Mapping[str, Any], source: str) -> str:
    when = effect.get("when", "play")
    happens = {"win": result.winner == owner, "lose": result.winner == other_key(owner),
               "win_or_tie": result.winner in (owner, "tie"), "concede": False}.get(when, True)
    line = f"{source} ({when.replace('_', ' ')}): {_who(table, owner, effect)} {describe_effect(effect)}"
    return f"After the duel: {line}." if happens else f"Does not apply: {line}."


def check_spec(spec: SideSpec, rules: Mapping[str, Any], label: str) -> None:
    """The rolled DV must be one the dice can show."""
    duel_rules = DuelRules.from_rules(rules)
    if not duel_rules.dv_min <= spec.dv <= duel_rules.dv_max:
        raise DuelError(f"{label}'s DV {spec.dv} cannot be rolled: type {duel_rules.dv_min} to {duel_rules.dv_max}")


# --- worked examples for the rulebook -----------------------------------------------------

@dataclass(frozen=True)
class Example:
    """A worked example: a title, both sides as typed, and who attacks."""

    title: str
    a: SideSpec
    b: SideSpec
    aggressor: SideKey = "a"


def example_duels(rules: Mapping[str, Any]) -> list[Example]:
    """The duels the rulebook works through (DVs are example rolls, rules come from `rules`)."""
    evade_at = int(rules["actions"]["evade"]["min_dv"])
    return [
        Example("First Strike (the example of the rules text)", SideSpec(("long-strike",), 10),
                SideSpec(("strike",), 12)),
        Example("Ignores block", SideSpec(("heavy-strike",), 6), SideSpec(("defend",), 9)),
        Example("Exposed", SideSpec(("strike",), 9), SideSpec(("heavy-strike",), 5)),
        Example("Evade succeeds", SideSpec(("strike",), 8), SideSpec(("evade",), evade_at)),
        Example("Evade fails", SideSpec(("strike",), 8), SideSpec(("evade",), evade_at - 1)),
        Example("First Strike against First Strike", SideSpec(("long-strike",), 11),
                SideSpec(("long-strike",), 7)),
        Example("Two actions each", SideSpec(("strike", "long-strike"), 8), SideSpec(("defend", "evade"), 5)),
    ]


def describe_setup(example: Example, profiles: Mapping[str, ActionProfile]) -> str:
    """`A (aggressor) rolls 10 and plays Long Strike; B (defender) rolls 12 and plays Strike.`"""
    parts = []
    for key, spec in (("a", example.a), ("b", example.b)):
        role = "aggressor" if key == example.aggressor else "defender"
        names = " and ".join(profiles[x].name for x in spec.actions)
        parts.append(f"{key.upper()} ({role}) rolls {spec.dv} and plays {names}")
    return "; ".join(parts) + "."


def worked_examples(rules: Mapping[str, Any], profiles: Mapping[str, ActionProfile]) -> list[dict[str, Any]]:
    """Each example duel resolved by the resolver: title, setup and explanation steps."""
    out = []
    for example in example_duels(rules):
        calc = calculate(rules, profiles, {}, example.a, example.b, example.aggressor)
        steps = [*calc.notes, *calc.result.steps[1:], *calc.after]  # the setup already names the roles
        out.append({"title": example.title, "setup": describe_setup(example, profiles),
                    "steps": steps, "result": calc.to_json()})
    return out
