"""Power and armor tiers, the damage clamp and the wound thresholds, read from the rules.

Exact integer arithmetic throughout: "at or below a third" is compared as
remaining * 3 <= total * 1, never with floats.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Tiers:
    """The tier table and the thresholds of rules.tiers, rules.power, rules.armor and friends."""

    names: tuple[str, ...]
    power: tuple[int, ...]
    armor: tuple[int, ...]
    damage_min: int
    damage_max: int
    critical: tuple[int, int]

    @classmethod
    def from_rules(cls, rules: Any) -> Tiers:
        """The tiers of a rules mapping."""
        names = tuple(rules["tiers"])
        num, den = rules["critical_fraction"]
        return cls(names, tuple(rules["power"][t] for t in names), tuple(rules["armor"][t] for t in names),
                   int(rules["damage_min"]), int(rules["power"][rules["damage_max_tier"]]), (int(num), int(den)))

    def index(self, name: str) -> int:
        """The tier's place, 0 for the lowest; a helpful error for an unknown name."""
        key = name.strip().lower()
        if key not in self.names:
            raise ValueError(f"unknown tier {name!r}; expected one of: {', '.join(self.names)}")
        return self.names.index(key)

    def shift(self, index: int, steps: int) -> int:
        """Raise (+) or lower (-) a tier, stopping at the lowest and the highest."""
        return max(0, min(len(self.names) - 1, index + steps))

    def clamp(self, amount: int) -> int:
        """One damage instance kept between the minimum and the highest tier's power."""
        return max(self.damage_min, min(self.damage_max, amount))

    def is_critical(self, total: int, damage: int) -> bool:
        """Remaining armor at or below the critical fraction of the total."""
        num, den = self.critical
        return (total - damage) * den <= total * num

    @staticmethod
    def is_fainted(total: int, damage: int) -> bool:
        """Damage taken surpasses the armor."""
        return damage > total
