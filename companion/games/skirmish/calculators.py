"""One-shot calculators. `attack` and `hits` build a small state and run the engine's own attack
step on it, so they can never disagree with play; `draw_odds` is exact hypergeometric arithmetic
over the deck a player builds from three characters."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from math import comb
from typing import Any

from cards.wording import plural

from ...engine.requests import Event
from ...engine.steps import step
from .actions import attack_targets
from .board import distance, tile_name
from .damage import armor_total, is_critical, power_points
from .engine import SkirmishEngine
from .errors import SkirmishError
from .state import Fighter, Side, SkirmishState

ATTACKER, DEFENDER = 0, 1


@dataclass
class AttackResult:
    """What one attack does, each way, with the engine's own explanation."""

    damage_to_defender: int
    damage_to_attacker: int
    counter: bool
    defender_fainted: bool
    attacker_fainted: bool
    defender_critical: bool
    attacker_critical: bool
    steps: list[str] = field(default_factory=list)
    sides: list[str] = field(default_factory=list)   # who fights, with the tiers behind each number
    legend: str = ""                                  # how to read `14/82` in the steps


def _class(engine: SkirmishEngine, name: str) -> str:
    key = name.strip().lower()
    if key not in engine.rules["classes"]:
        raise SkirmishError(f"unknown class {name!r}; expected one of: {', '.join(engine.rules['classes'])}")
    return key


def _character(engine: SkirmishEngine, cls: str, taken: set[str]) -> str:
    """A character of the class, for the engine's names (a different one for each side)."""
    for cid, card in engine.characters.items():
        if card["class"] == cls and cid not in taken:
            return str(cid)
    raise SkirmishError(f"the database has no second character of class {cls!r} to fight a mirror match")


def duel_state(engine: SkirmishEngine, attacker_cls: str, defender_cls: str, distance: int) -> SkirmishState:
    """Two characters in column A, `distance` rows apart, with enough AP for an attack."""
    if not 1 <= distance < engine.board.rows:
        raise SkirmishError(f"distance must be 1 to {engine.board.rows - 1} tiles on this map, got {distance}")
    a_cls, d_cls = _class(engine, attacker_cls), _class(engine, defender_cls)
    a_id = _character(engine, a_cls, set())
    d_id = _character(engine, d_cls, {a_id})
    state = SkirmishState(players=["attacker", "defender"], hidden=False, starter=ATTACKER,
                          sides=[Side(max_ap=engine.rules["ap_cap"]), Side()])
    names = _class_names(engine, a_cls, d_cls)
    for seat, cid, cls, row in ((ATTACKER, a_id, a_cls, 1), (DEFENDER, d_id, d_cls, 1 + distance)):
        klass = engine.rules["classes"][cls]
        state.fighters.append(Fighter(cid, seat, cls, tile_name(0, row), power=engine.tiers.index(klass["power"]),
                                      armor=engine.tiers.index(klass["armor"]), name=names[seat]))
    return state


def _class_names(engine: SkirmishEngine, attacker: str, defender: str) -> tuple[str, str]:
    """The two sides named by their classes, as asked (play audit: a duelist was called Sera Quill,
    a character the user never named): `Duelist`, or `Attacking Duelist` in a mirror match."""
    a, d = (str(engine.rules["classes"][cls].get("name", cls.title())) for cls in (attacker, defender))
    return (a, d) if a != d else (f"Attacking {a}", f"Defending {d}")


def _strike_once(engine: SkirmishEngine, state: SkirmishState) -> list[Event]:
    """Run the engine's attack step: the attacker attacks the defender."""
    attacker, defender = state.fighters
    if defender not in _targets(engine, state, attacker):
        raise SkirmishError(f"out of reach: a {attacker.cls} attacks at exactly "
                            f"{plural(engine.reach(attacker), 'tile')}, the defender is {_gap(state)} away")
    attacker.attacked = False
    state.sides[ATTACKER].ap = state.sides[ATTACKER].max_ap
    state.queue = [step("attack", fighter=attacker.id)]
    return engine.resolve(state, [defender.id])


def _targets(engine: SkirmishEngine, state: SkirmishState, attacker: Fighter) -> list[Fighter]:
    return attack_targets(engine, state, attacker)


def _gap(state: SkirmishState) -> int:
    a, d = state.fighters
    return distance(a.tile or "A1", d.tile or "A1")


def attack(engine: SkirmishEngine, attacker: str, defender: str, distance: int, attacker_taken: int = 0,
           defender_taken: int = 0, attacker_power: str | None = None, defender_armor: str | None = None) -> AttackResult:
    """Damage each way, the counter, faints and critical wounds of one attack."""
    state = duel_state(engine, attacker, defender, distance)
    a, d = state.fighters
    a.damage, d.damage = attacker_taken, defender_taken
    if attacker_power:
        a.power = _tier(engine, attacker_power)
    if defender_armor:
        d.armor = _tier(engine, defender_armor)
    for role, f in (("attacker", a), ("defender", d)):
        if engine.tiers.is_fainted(armor_total(engine, f), f.damage):  # named as asked (play audit: by an id)
            raise SkirmishError(f"the {role} ({f.name}) has already fainted with {f.damage} damage taken: "
                                f"give --{role}-taken less")
    sides = [f"{role}: {describe(engine, f)}" for role, f in (("Attacker", a), ("Defender", d))]
    events = _strike_once(engine, state)
    counter = any(e.kind == "damage" and e.data["fighter"] == a.id for e in events)
    return AttackResult(d.damage - defender_taken, a.damage - attacker_taken, counter, d.fainted, a.fainted,
                        not d.fainted and is_critical(engine, d), not a.fainted and is_critical(engine, a),
                        [e.text for e in events], sides, legend(engine))


def legend(engine: SkirmishEngine) -> str:
    """How to read the `taken/armor` figure that ends each damage line."""
    num, den = engine.tiers.critical
    return (f"Each damage line ends with damage taken/armor: a character is critically wounded when at most "
            f"{num}/{den} of its armor is left, and faints when the damage taken passes its armor.")


def describe(engine: SkirmishEngine, fighter: Fighter) -> str:
    """`Duelist, power medium: 14 a hit; armor small: 62.`, with any damage taken."""
    tiers = engine.tiers
    taken = f", {fighter.damage} taken already" if fighter.damage else ""
    return (f"{fighter.label}, power {tiers.names[fighter.power]}: {power_points(engine, fighter)} "
            f"a hit; armor {tiers.names[fighter.armor]}: {armor_total(engine, fighter)}{taken}.")


def _tier(engine: SkirmishEngine, name: str) -> int:
    """A tier named on the command line: an unknown one is the user's error, not a traceback."""
    try:
        return engine.tiers.index(name)
    except ValueError as exc:
        raise SkirmishError(str(exc)) from None


def hits(engine: SkirmishEngine, power: str, armor: str) -> dict[str, int]:
    """Attacks of a power tier until an armor tier is critically wounded, and until it faints
    (a melee attacker against a ranged defender, so nobody counters)."""
    state = duel_state(engine, "duelist", "enchanter", engine.rules["reach"]["melee"])
    a, d = state.fighters
    a.power, d.armor = _tier(engine, power), _tier(engine, armor)
    count, critical = 0, None
    while not d.fainted:
        _strike_once(engine, state)
        count += 1
        if critical is None and (d.fainted or is_critical(engine, d)):
            critical = count
    return {"hits_to_critical": critical or count, "hits_to_faint": count}


def hits_table(engine: SkirmishEngine) -> dict[str, Any]:
    """Hits to faint for all 36 pairs, and every pair that breaks the armor design claim."""
    names, claim = engine.tiers.names, engine.rules["design_claim"]
    rows, broken = [], []
    for p in names:
        cells = []
        for ar in names:
            result = hits(engine, p, ar)
            cells.append(result)
            need = claim["same_tier_hits"] if p == ar else (claim["gargantuan_hits"] if p == names[-1] else None)
            if need is not None and result["hits_to_faint"] < need:
                broken.append({"power": p, "armor": ar, "hits_to_faint": result["hits_to_faint"], "claimed": need})
        rows.append({"power": p, "cells": cells})
    return {"tiers": list(names), "rows": rows, "claim_broken": broken}


def draw_odds(deck: int, copies: int, turn: int, opening: int, per_turn: int) -> dict[str, Any]:
    """Exact chance to have drawn at least one of `copies` cards by your turn `turn` (its draw included),
    without a mulligan and with the mulligan kept only when the opening hand holds a copy."""
    if not 0 <= copies <= deck or turn < 0 or opening + turn * per_turn > deck:
        raise SkirmishError(f"cannot draw {opening + turn * per_turn} cards from a deck of {deck} "
                            f"holding {copies} copies")
    seen = opening + turn * per_turn
    plain = 1 - Fraction(comb(deck - copies, seen), comb(deck, seen))
    hit_opening = 1 - Fraction(comb(deck - copies, opening), comb(deck, opening))
    with_mulligan = hit_opening + (1 - hit_opening) * plain
    return {"deck": deck, "copies": copies, "turn": turn, "cards_seen": seen,
            "without_mulligan": float(plain), "with_mulligan": float(with_mulligan),
            "without_mulligan_exact": str(plain), "with_mulligan_exact": str(with_mulligan)}
