"""The board as the rules describe it, read once: rooms, their names, buffs and bonuses.

Every number comes from `cards/heartstrings/game.yaml`; the steps read them from one `Board`
built when the engine is, because they run millions of times in simulation.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .combat import CombatRules, attacker_buff, defender_buff, room_label

PASS = "pass"
ROOM_PREFIX = "room"  # option ids are `room9`, never a bare number a menu could mistake for its index


def room_option(room: int) -> str:
    """The option id naming a room: `room9`."""
    return f"{ROOM_PREFIX}{room}"


def option_room(option_id: str) -> int | None:
    """The room an option id names (`room9` -> 9), or None for `pass` and anything else."""
    digits = option_id[len(ROOM_PREFIX):] if option_id.startswith(ROOM_PREFIX) else ""
    return int(digits) if digits.isdigit() else None


def danger(room: int, rules: Mapping[str, Any]) -> int:
    """How much a defending token in this room is at risk: the attacker's buff minus the defender's."""
    return attacker_buff(room, rules) - defender_buff(room, rules)


def room_name(room: int, rules: Mapping[str, Any]) -> str:
    """`room 9 (attacker +3)`, `room 1 (bead bonus)`, `room 5`: a room as event texts name it."""
    label = room_label(room, rules)
    if room in rules["bead_bonus_rooms"]:
        label += " (bead bonus)"
    return "r" + label[1:]


class Board:
    """The rules numbers the steps use, looked up once per room."""

    def __init__(self, rules: Mapping[str, Any]):
        self.rooms = range(1, rules["rooms"] + 1)
        self.room_die: int = rules["room_die"]
        self.combat_die: int = rules["combat_die"]
        self.beads_per_player: int = rules["beads_per_player"]
        self.tokens_per_player: int = rules["tokens_per_player"]
        self.bead_pool: int = rules["bead_pool"]
        self.bonus_rooms = frozenset(rules["bead_bonus_rooms"])
        self.bead_bonus: int = rules["bead_bonus"]
        self.sacrifice_beads: int = rules["sacrifice_beads"]
        self.sacrifice_min = max(1, rules["sacrifice_min_tokens"])  # a room to take a token from has one
        self.sacrifices_per_turn: int = rules["sacrifices_per_turn"]
        self.colour_names: list[str] = list(rules["player_color_names"])
        self.names = {room: room_name(room, rules) for room in self.rooms}
        self.option_rooms = {room_option(room): room for room in self.rooms}  # `room9` -> 9
        self.danger = {room: danger(room, rules) for room in self.rooms}
        self.combat = CombatRules(rules)

    def riskiest(self, rooms: list[int]) -> int | None:
        """The room of `rooms` whose token is most likely to lose, None when none is at risk: what
        the hints name and Enter takes at the move choice."""
        room = max(rooms, key=lambda r: self.danger[r], default=None)
        return room if room is not None and self.danger[room] > 0 else None
