"""Exact odds of a Heartstrings combat, enumerated over every roll (never sampled).

The attacker rolls once; the defender rolls for one token after another until a roll
beats the attacker. We walk that tree exactly with `fractions.Fraction`, merging
branches that reach the same damage so far, so even 12 defending tokens take
microseconds. Beads are assumed plentiful (nobody is eliminated mid-combat).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .combat import CombatRules, Side


@dataclass(frozen=True)
class CombatOutcome:
    """One way a combat can end, with its exact probability."""

    winner: Side
    attacker_tokens_lost: int
    defender_tokens_lost: int
    attacker_damage: int
    defender_damage: int
    probability: Fraction

    def to_json(self) -> dict[str, Any]:
        return {"winner": self.winner,
                "attacker": {"tokens_lost": self.attacker_tokens_lost, "damage": self.attacker_damage},
                "defender": {"tokens_lost": self.defender_tokens_lost, "damage": self.defender_damage},
                "probability": str(self.probability), "percent": round(float(self.probability) * 100, 4)}


@dataclass(frozen=True)
class CombatOdds:
    """Every outcome of a combat in one room against K defending tokens."""

    room: int
    defenders: int
    outcomes: tuple[CombatOutcome, ...]

    def chance_of(self, winner: Side) -> Fraction:
        """The probability that this side wins the room."""
        return sum((o.probability for o in self.outcomes if o.winner == winner), Fraction(0))

    def expected(self, field: str) -> Fraction:
        """The expected value of one outcome field, e.g. `defender_damage`."""
        return sum((o.probability * getattr(o, field) for o in self.outcomes), Fraction(0))

    def to_json(self) -> dict[str, Any]:
        expected = {name: str(self.expected(name)) for name in EXPECTED_FIELDS}
        return {"room": self.room, "defenders": self.defenders,
                "attacker_wins": str(self.chance_of("attacker")), "defender_wins": str(self.chance_of("defender")),
                "expected": expected, "outcomes": [o.to_json() for o in self.outcomes]}


EXPECTED_FIELDS = ("attacker_damage", "defender_damage", "defender_tokens_lost")


def combat_odds(room: int, defenders: int, rules: Mapping[str, Any]) -> CombatOdds:
    """Enumerate every attacker roll and every defender roll sequence for K defending tokens."""
    die = rules["combat_die"]
    face = Fraction(1, die)
    table = CombatRules(rules)
    found: dict[tuple[Side, int, int, int], Fraction] = {}
    for attacker_roll in range(1, die + 1):
        for key, chance in _defence(room, attacker_roll, defenders, table, die).items():
            found[key] = found.get(key, Fraction(0)) + chance * face
    outcomes = (CombatOutcome(winner, 1 if winner == "defender" else 0, lost, a_dmg, d_dmg, p)
                for (winner, lost, a_dmg, d_dmg), p in found.items())
    return CombatOdds(room, defenders, tuple(sorted(outcomes, key=_order)))


def _defence(room: int, attacker_roll: int, defenders: int, table: CombatRules,
             die: int) -> dict[tuple[Side, int, int, int], Fraction]:
    # Walk the defender's tokens one by one; `alive` maps damage-so-far to probability.
    face = Fraction(1, die)
    ends: dict[tuple[Side, int, int, int], Fraction] = {}
    alive = {0: Fraction(1)}
    for lost in range(defenders):
        next_alive: dict[int, Fraction] = {}
        for taken, chance in alive.items():
            for roll in range(1, die + 1):
                loser, damage = table.settle(room, attacker_roll, roll)
                if loser == "attacker":
                    key = ("defender", lost, damage, taken)
                    ends[key] = ends.get(key, Fraction(0)) + chance * face
                else:
                    next_alive[taken + damage] = next_alive.get(taken + damage, Fraction(0)) + chance * face
        alive = next_alive
    for taken, chance in alive.items():
        key = ("attacker", defenders, 0, taken)
        ends[key] = ends.get(key, Fraction(0)) + chance
    return ends


def _order(outcome: CombatOutcome) -> tuple[int, int, int, int]:
    return (0 if outcome.winner == "attacker" else 1, outcome.defender_tokens_lost,
            outcome.defender_damage, outcome.attacker_damage)


def percent(value: Fraction) -> str:
    """`7/12` -> `58.33%`."""
    return f"{float(value) * 100:.2f}%"


def describe(odds: CombatOdds, rules: Mapping[str, Any]) -> list[str]:
    """The odds as lines for people: who wins, expectations, then every outcome."""
    from .combat import room_label

    count = odds.defenders
    tokens = f"{count} defending token{'s' if count > 1 else ''}"
    die = rules["combat_die"]
    lines = [f"{room_label(odds.room, rules)}, attacker against {tokens} (exact, every roll of the d{die}):"]
    for side in ("attacker", "defender"):
        chance = odds.chance_of(side)  # type: ignore[arg-type]
        lines.append(f"  {side} wins the room: {chance} = {percent(chance)}")
    for name in EXPECTED_FIELDS:
        value = odds.expected(name)
        lines.append(f"  expected {name.replace('_', ' ')}: {value} = {float(value):.3f}")
    lines.append("  outcomes (winner; tokens lost attacker/defender; damage attacker/defender):")
    for o in odds.outcomes:
        lines.append(f"    {o.winner:<8}  tokens {o.attacker_tokens_lost}/{o.defender_tokens_lost}  "
                     f"damage {o.attacker_damage}/{o.defender_damage}  {o.probability} = {percent(o.probability)}")
    return lines


def odds_rows(rules: Mapping[str, Any], max_defenders: int = 3) -> list[dict[str, Any]]:
    """The attacker's chance to take a room against 1..N defending tokens, one row per kind of room.

    Rooms with the same buffs share a row (`rooms` lists them), so a rulebook can print a
    compact table: plain rooms first, then each buffed room.
    """
    from .combat import attacker_buff, defender_buff

    groups: dict[tuple[int, int], list[int]] = {}
    for room in range(1, rules["rooms"] + 1):
        groups.setdefault((attacker_buff(room, rules), defender_buff(room, rules)), []).append(room)
    rows = []
    for (a_buff, d_buff), rooms in sorted(groups.items(), key=lambda item: (item[0] != (0, 0), item[1][0])):
        chances = [combat_odds(rooms[0], k, rules).chance_of("attacker") for k in range(1, max_defenders + 1)]
        rows.append({"rooms": rooms, "attacker_buff": a_buff, "defender_buff": d_buff,
                     "attacker_wins": [str(c) for c in chances], "percent": [percent(c) for c in chances]})
    return rows
