"""Rage: what a handful of Rage dice is worth and what it can buy (pure arithmetic).

Each Rage die is worth its maximum; points are spent on one purchase per round; each point of
Rage damage costs the number of enemy pieces alive; any excess is lost.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class RageOffer:
    """What `rage` points buy against `enemies_alive` enemies, and what each purchase wastes."""

    rage: int
    enemies_alive: int
    token_cost: int
    flip_cost: int

    @property
    def max_damage(self) -> int:
        """The most Rage damage these points buy."""
        return self.rage // self.enemies_alive if self.enemies_alive else 0

    @property
    def wasted(self) -> int:
        """Points left over after buying the most damage."""
        return self.rage - self.max_damage * self.enemies_alive

    def can_buy_token(self) -> bool:
        """Do the points buy an ability token?"""
        return self.rage >= self.token_cost

    def can_flip(self) -> bool:
        """Do the points buy turning an item over?"""
        return self.rage >= self.flip_cost

    def as_dict(self) -> dict[str, int | bool]:
        """The result as JSON data."""
        return {"rage": self.rage, "enemies_alive": self.enemies_alive, "max_damage": self.max_damage,
                "wasted": self.wasted, "ability_token": self.can_buy_token(), "flip_item": self.can_flip(),
                "token_cost": self.token_cost, "flip_cost": self.flip_cost}


def rage_points(dice: list[str], dice_max: dict[str, int]) -> int:
    """The Rage a set of dice converts into: each die's maximum (a d6 is worth 6)."""
    return sum(dice_max[die] for die in dice)


def offer(dice: list[str], enemies_alive: int, rules: Any) -> RageOffer:
    """What these dice buy under `rules` (costs from `rules.rage`)."""
    return RageOffer(rage_points(dice, rules["dice"]), enemies_alive,
                     rules["rage"]["ability_token"], rules["rage"]["flip_item"])
