"""Heartstrings combat maths, pure: two rolls in, the loser and the damage out, explained.

The `roll-defence` step (`invasion.py`) settles each defending token's roll with
`CombatRules.exchange`, the numbers looked up once per room; whole combats and their
exact odds are driven through the steps by `calculators.py`. Every number comes from the
game's rules parameters (`cards/heartstrings/game.yaml`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

Side = Literal["attacker", "defender"]


@dataclass(slots=True)
class Exchange:
    """One defending token's roll against the attacker's single roll."""

    attacker_roll: int
    attacker_total: int
    defender_roll: int
    defender_total: int
    loser: Side
    damage: int
    text: str

    def to_json(self) -> dict[str, Any]:
        return {"attacker_roll": self.attacker_roll, "attacker_total": self.attacker_total,
                "defender_roll": self.defender_roll, "defender_total": self.defender_total,
                "loser": self.loser, "damage": self.damage, "text": self.text}


def attacker_buff(room: int, rules: Mapping[str, Any]) -> int:
    """What the attacker adds to their roll in this room (0 outside Attacker Buff rooms)."""
    buff: int = rules["attacker_buffs"].get(room, 0)
    return buff


def defender_buff(room: int, rules: Mapping[str, Any]) -> int:
    """What the defender adds to each roll in this room (0 outside Defender Buff rooms)."""
    buff: int = rules["defender_buffs"].get(room, 0)
    return buff


def damage_for(difference: int, rules: Mapping[str, Any]) -> int:
    """Half the roll difference, rounded up: `ceil(difference / damage_divisor)`."""
    divisor: int = rules["damage_divisor"]
    return -(-difference // divisor)


def room_label(room: int, rules: Mapping[str, Any]) -> str:
    """`Room 9 (attacker +3)`, `Room 8 (defender +2)`, `Room 5`."""
    a_buff, d_buff = attacker_buff(room, rules), defender_buff(room, rules)
    if a_buff:
        return f"Room {room} (attacker +{a_buff})"
    if d_buff:
        return f"Room {room} (defender +{d_buff})"
    return f"Room {room}"


def roll_text(roll: int, buff: int) -> str:
    """`4+3 = 7` with a buff, `4` without."""
    return f"{roll}+{buff} = {roll + buff}" if buff else str(roll)


class CombatRules:
    """The combat numbers of one rules set, looked up once per room (the engine's hot path)."""

    def __init__(self, rules: Mapping[str, Any]):
        self.rules = rules
        rooms = range(1, rules["rooms"] + 1)
        self.attacker_buffs = {room: attacker_buff(room, rules) for room in rooms}
        self.defender_buffs = {room: defender_buff(room, rules) for room in rooms}
        self.labels = {room: room_label(room, rules) for room in rooms}
        self.divisor = rules["damage_divisor"]
        self.tie_damage = rules["tie_damage"]

    def settle_totals(self, a_total: int, d_total: int) -> tuple[Side, int]:
        """Who loses an exchange of buffed totals, and the damage: a tie loses the defender the token."""
        if d_total > a_total:
            return "attacker", damage_for(d_total - a_total, self.rules)
        if d_total == a_total:
            return "defender", self.tie_damage
        return "defender", damage_for(a_total - d_total, self.rules)

    def exchange(self, room: int, attacker_roll: int, defender_roll: int,
                 attacker: str = "the attacker", defender: str = "the defender", explain: bool = True) -> Exchange:
        """Resolve one defending token's roll, with its one-line explanation (empty when `explain`
        is off: a simulation nobody reads)."""
        a_buff, d_buff = self.attacker_buffs.get(room, 0), self.defender_buffs.get(room, 0)
        a_total, d_total = attacker_roll + a_buff, defender_roll + d_buff
        loser, damage = self.settle_totals(a_total, d_total)
        if not explain:
            return Exchange(attacker_roll, a_total, defender_roll, d_total, loser, damage, "")
        head = (f"{self.labels.get(room) or room_label(room, self.rules)}: {attacker} rolls "
                f"{roll_text(attacker_roll, a_buff)}; {defender}'s token rolls {roll_text(defender_roll, d_buff)}: ")
        text = head + self._verdict(a_total, d_total, loser, damage, attacker, defender)
        return Exchange(attacker_roll, a_total, defender_roll, d_total, loser, damage, text)

    def _verdict(self, a_total: int, d_total: int, loser: Side, damage: int, attacker: str, defender: str) -> str:
        if a_total == d_total:
            return f"{a_total} ties {d_total}, {defender} loses the token and takes {damage} damage (a tie)"
        high, low = (d_total, a_total) if loser == "attacker" else (a_total, d_total)
        who = attacker if loser == "attacker" else defender
        return (f"{high} beats {low}, {who} loses the token and takes "
                f"ceil({high - low}/{self.divisor}) = {damage} damage")


def exchange(room: int, attacker_roll: int, defender_roll: int, rules: Mapping[str, Any],
             attacker: str = "the attacker", defender: str = "the defender") -> Exchange:
    """Resolve one defending token's roll, with its one-line explanation (see `CombatRules.exchange`)."""
    return CombatRules(rules).exchange(room, attacker_roll, defender_roll, attacker, defender)
