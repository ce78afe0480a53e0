"""What the duel resolver takes and gives: each player's side, and the result with its explanation."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from .profiles import ActionProfile

SideKey = Literal["a", "b"]


@dataclass(frozen=True)
class Side:
    """One player's part in a duel: committed actions, final DV and modifiers."""

    actions: tuple[ActionProfile, ...]
    dv: int
    exposed: int = 0
    toughness: int = 0
    strike_bonus: int = 0
    cannot_take_damage: bool = False
    points_from_effects: int = 0
    hits_before: tuple[int, ...] = ()
    health: int | None = None
    name: str = ""


@dataclass(frozen=True)
class Hit:
    """One damage instance in combat: who took it, how much, from which action."""

    target: SideKey
    amount: int
    source: str


@dataclass(frozen=True)
class Trigger:
    """An action effect that fired (on hit or on win); `counted` ones are in the tally."""

    side: SideKey
    action: str
    when: str
    effect: Mapping[str, Any]
    counted: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"side": self.side, "action": self.action, "when": self.when,
                "effect": dict(self.effect), "counted": self.counted}


@dataclass(frozen=True)
class SideResult:
    """What the duel did to one side."""

    hits: tuple[int, ...]
    combat_hits: tuple[int, ...]
    damage_taken: int
    score_points: int
    effect_points: int
    knocked_out: bool = False

    @property
    def points(self) -> int:
        """Net duel points: scoring plus points from card effects."""
        return self.score_points + self.effect_points

    def to_json(self) -> dict[str, Any]:
        return {"damage_taken": self.damage_taken, "points": self.points, "hits": list(self.hits),
                "combat_hits": list(self.combat_hits), "score_points": self.score_points,
                "effect_points": self.effect_points, "knocked_out": self.knocked_out}


@dataclass(frozen=True)
class DuelResult:
    """The outcome of a duel with its explanation."""

    aggressor: SideKey
    a: SideResult
    b: SideResult
    winner: Literal["a", "b", "tie"]
    steps: tuple[str, ...]
    triggered: tuple[Trigger, ...] = ()
    # where each clash's explanation starts in `steps`, and where the last one ends: a play screen
    # runs a clash's steps together (session 26: a showdown took 33-37 lines of an 80x30 screen)
    clashes: tuple[int, ...] = ()

    def side(self, key: SideKey) -> SideResult:
        """The result of side `key`."""
        return self.a if key == "a" else self.b

    def to_json(self) -> dict[str, Any]:
        return {"aggressor": self.aggressor, "a": self.a.to_json(), "b": self.b.to_json(),
                "winner": self.winner, "steps": list(self.steps),
                "triggered": [t.to_json() for t in self.triggered]}
