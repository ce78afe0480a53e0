"""What a duel was calculated from when the DVs were revealed, kept in the state as JSON.

When the duel applies, the gamemaster is told whether the showdown's powers changed it ("No power
changed the duel") or given the whole calculation again. The duel keeps the resolver's two sides
as they stood at the reveal (not the explanation itself): a simulation nobody reads keeps the same
state without writing any explanation, and the explanation of the kept sides is worked out only
when someone reads it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from .context import Game
from .duel import resolve_duel
from .sides import Side, SideKey


def sides_json(sides: tuple[Side, Side]) -> list[list[Any]]:
    """Both sides as JSON: each action as [id, DV change] (after transforms and this turn's
    changes), then the DV, statuses, bonuses, earlier damage, health and name."""
    return [[[[action.id, action.dv] for action in side.actions], side.dv, side.exposed, side.toughness,
             side.strike_bonus, side.cannot_take_damage, side.points_from_effects, list(side.hits_before),
             side.health, side.name] for side in sides]


def sides_from_json(engine: Game, data: list[list[Any]]) -> tuple[Side, Side]:
    """The two sides `sides_json` wrote, with the action profiles of the engine's cards."""
    def side(row: list[Any]) -> Side:
        actions, dv, exposed, toughness, bonus, invulnerable, points, hits, health, name = row
        return Side(tuple(_profile(engine, card, change) for card, change in actions), dv, exposed, toughness,
                    bonus, invulnerable, points, tuple(hits), health, name)
    return side(data[0]), side(data[1])


def _profile(engine: Game, card: str, dv: int) -> Any:
    profile = engine.profiles[card]
    return profile if profile.dv == dv else replace(profile, dv=dv)


def explained(engine: Game, data: list[Any], aggressor: SideKey) -> tuple[str, ...]:
    """The explanation of the duel calculated from the kept sides (a state written before the sides
    were kept holds the explanation's lines themselves)."""
    if all(isinstance(line, str) for line in data):
        return tuple(data)
    return resolve_duel(*sides_from_json(engine, data), aggressor, engine.duel_rules).steps
