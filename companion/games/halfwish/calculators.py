"""The one-shot duel calculator behind `deckwright halfwish duel`, driving the real duel steps.

"What happens if": a state is built whose duel holds the committed actions, DVs and statuses the
gamemaster typed, and whose queue holds the duel's own steps (the powers window, the actions'
reveal), answered the way the table would (each side plays its listed powers, aggressor first,
alternating). The engine runs them, then `duels.calculate` resolves the duel: every rule is the
engine's, written once.

Order (seed, "Duel phases"): powers played in preparation, then the actions' reveal effects, then
powers played in the showdown. Effects after the duel (steals on a win, "win or tie") are listed
under `after`, not applied; Halfwish sets the DV (to reroll, type the new DV instead).

    calc = calculate(calculator_engine(db), SideSpec(("long-strike",), 10), SideSpec(("strike",), 12), "a")
    calc.result (a DuelResult), calc.notes, calc.after, calc.steps, calc.to_json()
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from ...engine.core import Event
from ...engine.steps import StepTable, step
from .duel import damage_after_modifiers, other_key
from .duels import POWER_AFTER_DUEL, side_of
from .duels import calculate as resolve_state
from .duelstate import (
    drive,
    duel_engine,
    duel_state,
    plan_powers,
    revealed_sides,
    sides_of_state,
    state_of_sides,
)
from .effects import run_effect, seats
from .engine import HalfwishEngine
from .profiles import DuelRules, describe_effect
from .sides import DuelResult, Side, SideKey
from .steps import TABLE
from .triggers import effects_at

Phase = Literal["preparation", "showdown"]
AFTER_DUEL = (*POWER_AFTER_DUEL, "concede")  # the moments play applies a power's effects after the duel
STAGES = {"preparation": "prep", "showdown": "showdown"}


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


def calculate(engine: HalfwishEngine, a: SideSpec, b: SideSpec, aggressor: SideKey = "a",
              phase: Phase = "showdown", losing: SideKey | None = None) -> Calculation:
    """Set up the duel, run the powers windows and the reveal through the engine's steps, resolve it."""
    specs = (a, b)
    state = duel_state(engine, (a.actions, b.actions), "ab".index(aggressor), [s.dv for s in specs],
                       mods=[s.dv_mod for s in specs], losing=None if losing is None else "ab".index(losing))
    for seat, spec in enumerate(specs):
        player = state.players[seat]
        player.statuses.update({k: v for k, v in (("exposed", spec.exposed), ("toughness", spec.toughness)) if v})
        player.powers = [p for p in (t.partition(":")[0] for t in spec.powers) if not engine.catalog.is_basic_power(p)]
        player.mana = sum(int(engine.catalog.card(p).get("cost", 0) or 0) for p in player.powers)
    stage = STAGES[phase]
    window = step("power", seat=state.turn_player, stage=stage, duel=True)
    reveal = step("reveal-actions", duel=True)
    state.queue = [window, reveal] if stage == "prep" else [reveal, window]
    events = drive(engine, state, plan_powers(a.powers, b.powers))
    notes = _dv_change_notes(specs) + _notes(events)
    result = resolve_state(engine, state, bounded=False)
    return Calculation(result, tuple(notes), _after_duel_lines(engine, state, result, specs))


def _dv_change_notes(specs: tuple[SideSpec, SideSpec]) -> list[str]:
    return [f"{key}'s DV {spec.dv} {spec.dv_mod:+d} = {spec.dv + spec.dv_mod}."
            for key, spec in zip("AB", specs) if spec.dv_mod]


QUIET = ("reveal", "explain", "showdown", "challenge")


def _notes(events: list[Event]) -> list[str]:
    """What the steps did, one line each; a pass and the reveal announcements are left out."""
    lines = []
    for event in events:
        if event.kind in QUIET or (event.kind == "power" and not event.data):
            continue
        lines.append(event.text if event.kind == "calc-note" else f"{event.text}.")
    return lines


# --- describing each effect the way the gamemaster reads it --------------------------------

def noted_effect(engine: HalfwishEngine, state: Any, item: dict[str, Any]) -> list[Event]:
    """The engine's `effect` step, read out as one line: who does what, from which card."""
    effect = item["effect"]
    if effect["op"] == "hook":
        return run_effect(engine, state, item)
    before = [_side_fields(state, seat) for seat in (0, 1)]
    lines = _effect_lines(engine, state, item)
    events = run_effect(engine, state, item)
    label = _source_label(engine, state, item)
    if [e.text for e in events] == ["DVs cannot change this turn"]:
        return [Event("calc-note", f"{label}: DVs cannot change this turn ({describe_effect(effect)} ignored).")]
    if before == [_side_fields(state, seat) for seat in (0, 1)]:
        return [Event("calc-note", f"{label}: {lines} (no effect on the duel maths; not applied).")]
    return [Event("calc-note", f"{label}: {lines}.")]


def _side_fields(state: Any, seat: int) -> tuple[Any, ...]:
    player, duel = state.players[seat], state.duel
    return (player.roll, player.dv_gain, player.dv_passive, player.status("exposed"), player.status("toughness"),
            player.strike_bonus, player.has_status("invulnerable"), duel.tally[seat], tuple(duel.hits[seat]),
            tuple(duel.actions[seat]), tuple(sorted(duel.transformed.items())), duel.aggressor)


def _effect_lines(engine: HalfwishEngine, state: Any, item: dict[str, Any]) -> str:
    effect, names = item["effect"], [p.name for p in state.players]
    targets = seats(state, item, effect.get("who"))
    if effect["op"] != "damage":
        return "; ".join(f"{names[s]} {describe_effect(effect)}" for s in targets) or describe_effect(effect)
    step_size = DuelRules.from_rules(engine.rules).status_step
    parts = []
    for seat in targets:
        _, maths = damage_after_modifiers(side_of(engine, state, seat), int(effect.get("amount", 0)), step_size,
                                          true_damage=bool(effect.get("true_damage", False)))
        parts.append(f"{names[seat]} takes {maths} damage")
    return "; ".join(parts)


def _source_label(engine: HalfwishEngine, state: Any, item: dict[str, Any]) -> str:
    """`A's Heavy Strike revealed` for an action's reveal effect, the card's name for a power's."""
    name = engine.catalog.name(str(item["source"]))
    if "slot" in item and "stage" not in item:
        return f"{state.players[int(item['owner'])].name}'s {name} revealed"
    return name


# --- after the duel ---------------------------------------------------------------------

def _after_duel_lines(engine: HalfwishEngine, state: Any, result: DuelResult,
                      specs: tuple[SideSpec, SideSpec]) -> tuple[str, ...]:
    """Remind the gamemaster of the played powers' effects the engine applies once the duel is over."""
    lines = []
    for seat, spec in enumerate(specs):
        for token in spec.powers:
            power = token.partition(":")[0]
            for effect in effects_at(engine, power, *AFTER_DUEL):
                lines.append(_pending_line(engine, state, result, seat, power, effect))
    return tuple(lines)


def _pending_line(engine: HalfwishEngine, state: Any, result: DuelResult, seat: int, power: str,
                  effect: Mapping[str, Any]) -> str:
    owner: SideKey = "ab"[seat]  # type: ignore[assignment]
    when = str(effect.get("when", "play"))
    seat_of: dict[str, int] = {owner: seat, other_key(owner): 1 - seat}
    winner = seat_of.get(result.winner, -1)  # "tie": -1, as play says
    happens = when in POWER_AFTER_DUEL and POWER_AFTER_DUEL[when](winner, seat)  # a conceded duel is no calculation
    who = {"self": state.players[seat].name, "opponent": state.players[1 - seat].name}.get(
        str(effect.get("who", "self")), str(effect.get("who")))
    line = f"{engine.catalog.name(power)} ({when.replace('_', ' ')}): {who} {describe_effect(effect)}"
    return f"After the duel: {line}." if happens else f"Does not apply: {line}."


class CalculatorEngine(HalfwishEngine):
    """The Halfwish engine with each effect step read out as one line for the gamemaster."""

    table = StepTable(TABLE.questions, {**TABLE.automatic, "effect": noted_effect})


def calculator_engine(db: Any) -> HalfwishEngine:
    """The calculator's engine over a card database."""
    return duel_engine(db=db, cls=CalculatorEngine)


# --- the resolver's sides through the real steps (reveal effects, one effect) -------------------

def _side_engine(rules: Mapping[str, Any], *sides: Side) -> HalfwishEngine:
    return duel_engine(rules, {x.id: x for side in sides for x in side.actions}, cls=CalculatorEngine)


def apply_reveal(a: Side, b: Side, rules: Mapping[str, Any], aggressor: SideKey = "a") -> tuple[Side, Side, list[str]]:
    """Both sides after their actions' reveal effects, run by the engine's reveal step, with what happened."""
    a, b, events = revealed_sides(_side_engine(rules, a, b), a, b, aggressor)
    return a, b, _notes(events)


def reveal_sides(a: Side, b: Side, rules: Mapping[str, Any], aggressor: SideKey = "a") -> tuple[Side, Side]:
    """Both sides after their actions' reveal effects (the exact odds' view of the table)."""
    a, b, _ = apply_reveal(a, b, rules, aggressor)
    return a, b


def apply_effect(sides: Mapping[SideKey, Side], owner: SideKey, effect: Mapping[str, Any],
                 rules: Mapping[str, Any], aggressor: SideKey = "a") -> tuple[dict[SideKey, Side], str]:
    """One effect primitive run by the engine's effect step on the duel the sides describe: the new
    sides, and a line saying what it did (or that it does not change the duel)."""
    engine = _side_engine(rules, sides["a"], sides["b"])
    state = state_of_sides(engine, sides["a"], sides["b"], aggressor)
    state.queue = [step("effect", effect=dict(effect), owner="ab".index(owner), source="effect", stage="showdown")]
    notes = _notes(drive(engine, state))
    a, b = sides_of_state(engine, state, sides["a"], sides["b"])
    return {"a": a, "b": b}, "; ".join(notes)
