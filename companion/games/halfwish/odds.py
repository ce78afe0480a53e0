"""Exact Halfwish duel odds: every pair of DV rolls enumerated, weighted, as Fractions.

Both players roll `rules.dv_dice` (2d6). Rather than the 36 x 36 = 1296 dice cells, each
player's DV is taken from its distribution (11 values with weights 1..6..1), so a duel's odds
cost 121 resolutions, each by `duel.resolve_duel` (the same rules the engine plays).

API::

    odds = duel_odds(a, b, "a", db.rules)             # both DVs rolled
    odds = duel_odds(a, b, "a", db.rules, a_roll=10)  # A's DV known
    odds.a_wins, odds.b_wins, odds.tie                # Fractions summing to 1
    odds.a_damage_taken, odds.b_points                # expectations (Fractions)
    matrix = odds_matrix(db.rules, profiles)          # every action against every action
    matrix.to_json(), matrix.rows()                   # data for `--json` and the rulebook

The sides' `dv` is ignored (it is rolled); `a_mod`/`b_mod` add a DV change to every roll.
The actions' reveal effects (Heavy Strike's Exposed, Gambler's Strike's alignment) are applied
as at the table, by the engine's own reveal step (`duelstate.revealed_sides`); a reveal reroll
(Lucky Dodge: Higher; whose DV and which way is what the engine's reveal step queues,
`duelstate.reveal_rerolls`) replaces the roll's distribution by where the engine's own reroll
step ends from each roll (`rerolled`). Mirror
Guard keeps its action (the copy is a choice); First Blood is taken (Opening Cut's bonus does not apply).
"""

from __future__ import annotations

import itertools
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import lru_cache
from typing import Any

from .duel import resolve_duel
from .duelstate import duel_engine, reroll_outcomes, reveal_rerolls, revealed_sides
from .engine import HalfwishEngine
from .profiles import ActionProfile, DuelRules, action_profile, basic_actions
from .sides import Side, SideKey


@lru_cache(maxsize=16)
def _distribution(dice: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    counts = Counter(sum(faces) for faces in itertools.product(*(range(1, s + 1) for s in dice)))
    return tuple(sorted(counts.items()))


def dv_distribution(rules: Mapping[str, Any]) -> tuple[tuple[int, int], ...]:
    """Every DV a roll of `rules.dv_dice` can show, with how many dice outcomes show it."""
    return _distribution(tuple(rules["dv_dice"]))


@dataclass(frozen=True)
class DuelOdds:
    """Exact chances and expectations of one duel over the unknown DV rolls."""

    a_actions: tuple[str, ...]
    b_actions: tuple[str, ...]
    aggressor: SideKey
    a_roll: int | None
    b_roll: int | None
    a_wins: Fraction
    b_wins: Fraction
    tie: Fraction
    a_damage_taken: Fraction
    b_damage_taken: Fraction
    a_points: Fraction
    b_points: Fraction
    outcomes: int

    def to_json(self) -> dict[str, Any]:
        """Probabilities and expectations as exact strings and as floats."""
        return {
            "aggressor": self.aggressor, "outcomes": self.outcomes,
            "a": self._side_json(self.a_actions, self.a_roll, self.a_wins, self.a_damage_taken,
                                 self.b_damage_taken, self.a_points),
            "b": self._side_json(self.b_actions, self.b_roll, self.b_wins, self.b_damage_taken,
                                 self.a_damage_taken, self.b_points),
            "tie": _number(self.tie),
        }

    @staticmethod
    def _side_json(actions: tuple[str, ...], roll: int | None, wins: Fraction, taken: Fraction,
                   dealt: Fraction, points: Fraction) -> dict[str, Any]:
        return {"actions": list(actions), "dv": roll, "wins": _number(wins),
                "damage_dealt": _number(dealt), "damage_taken": _number(taken),
                "points": _number(points)}


def _number(value: Fraction) -> dict[str, Any]:
    return {"exact": str(value), "value": round(float(value), 6)}


def percent(value: Fraction, digits: int = 1) -> str:
    """`Fraction(5, 12)` -> `41.7%`."""
    return f"{float(value) * 100:.{digits}f}%"


@dataclass
class _Totals:
    """Weighted sums over the enumerated rolls (integers unless a reroll splits a weight)."""

    weight: int | Fraction = 0
    wins: defaultdict[str, int | Fraction] = field(default_factory=lambda: defaultdict(int))
    damage: defaultdict[str, int | Fraction] = field(default_factory=lambda: defaultdict(int))
    points: defaultdict[str, int | Fraction] = field(default_factory=lambda: defaultdict(int))

    def add(self, result: Any, weight: int | Fraction) -> None:
        self.weight += weight
        self.wins[result.winner] += weight
        for key in ("a", "b"):
            side = result.side(key)
            self.damage[key] += weight * side.damage_taken
            self.points[key] += weight * side.points

    def share(self, total: int | Fraction) -> Fraction:
        return Fraction(total) / Fraction(self.weight)


Weighted = Sequence[tuple[int, int | Fraction]]


def _rolls(engine: HalfwishEngine | None, rules: Mapping[str, Any], known: int | None,
           rerolls: list[str]) -> Weighted:
    """The DV a side ends with before modifiers: its roll (or the known one), rerolled."""
    rolls: Weighted = ((known, 1),) if known is not None else dv_distribution(rules)
    for direction in rerolls:
        assert engine is not None, "a reroll comes from a reveal effect: the engine is built"
        rolls = rerolled(rolls, direction, engine)
    return rolls


def rerolled(rolls: Weighted, direction: str, engine: HalfwishEngine) -> Weighted:
    """The DV distribution after a reroll Higher, Lower or any, as the engine's own reroll step
    plays it from each roll (`duelstate.reroll_outcomes`: the dice are rolled again until the total
    is strictly higher or lower; at the dice's edge nothing changes, ruling higher-lower-bounds)."""
    out: dict[int, int | Fraction] = {}
    for roll, weight in rolls:
        ends = reroll_outcomes(engine, roll, direction)
        total = sum(w for _, w in ends)
        for value, w in ends:
            share = weight * w if total == 1 else weight * Fraction(w, total)
            out[value] = out.get(value, 0) + share
    return sorted(out.items())


def duel_odds(a: Side, b: Side, aggressor: SideKey, rules: Mapping[str, Any], *,
              a_roll: int | None = None, b_roll: int | None = None,
              a_mod: int = 0, b_mod: int = 0) -> DuelOdds:
    """Exact odds of a duel: each unknown DV enumerated over its distribution."""
    duel_rules = DuelRules.from_rules(rules)
    totals = _Totals()
    has_reveal = any(x.on_reveal for x in a.actions + b.actions)
    engine = duel_engine(rules, {x.id: x for x in a.actions + b.actions}) if has_reveal else None
    rerolls = reveal_rerolls(engine, a, b, aggressor) if engine is not None else {"a": [], "b": []}
    rolls_a = _rolls(engine, rules, a_roll, rerolls["a"])
    rolls_b = _rolls(engine, rules, b_roll, rerolls["b"])
    sides_a = {roll: replace(a, dv=roll + a_mod) for roll, _ in rolls_a}
    sides_b = {roll: replace(b, dv=roll + b_mod) for roll, _ in rolls_b}
    for roll_a, weight_a in rolls_a:
        for roll_b, weight_b in rolls_b:
            side_a, side_b = sides_a[roll_a], sides_b[roll_b]
            if engine is not None:  # reveal effects may depend on both DVs: the reveal step runs per pair of rolls
                side_a, side_b, _ = revealed_sides(engine, side_a, side_b, aggressor)
            totals.add(resolve_duel(side_a, side_b, aggressor, duel_rules, explain=False), weight_a * weight_b)
    return DuelOdds(
        a_actions=tuple(x.id for x in a.actions), b_actions=tuple(x.id for x in b.actions),
        aggressor=aggressor, a_roll=a_roll, b_roll=b_roll,
        a_wins=totals.share(totals.wins["a"]), b_wins=totals.share(totals.wins["b"]),
        tie=totals.share(totals.wins["tie"]),
        a_damage_taken=totals.share(totals.damage["a"]), b_damage_taken=totals.share(totals.damage["b"]),
        a_points=totals.share(totals.points["a"]), b_points=totals.share(totals.points["b"]),
        outcomes=int(totals.weight),
    )


@dataclass(frozen=True)
class OddsMatrix:
    """Every action (aggressor, rows) against every action (defender, columns)."""

    actions: tuple[str, ...]
    names: tuple[str, ...]
    aggressor: SideKey
    cells: Mapping[tuple[str, str], DuelOdds]

    def cell(self, row: str, column: str) -> DuelOdds:
        """The odds of action `row` (side a) against action `column` (side b)."""
        return self.cells[(row, column)]

    def rows(self) -> list[dict[str, Any]]:
        """Printable rows for the rulebook: per row action, a's chances against each column."""
        return [{"id": row, "name": name,
                 "cells": [{"id": col, "name": col_name,
                            "win": percent(self.cell(row, col).a_wins),
                            "tie": percent(self.cell(row, col).tie),
                            "lose": percent(self.cell(row, col).b_wins),
                            "points": f"{float(self.cell(row, col).a_points):.2f}",
                            "damage_dealt": f"{float(self.cell(row, col).b_damage_taken):.2f}"}
                           for col, col_name in zip(self.actions, self.names)]}
                for row, name in zip(self.actions, self.names)]

    def to_json(self) -> dict[str, Any]:
        return {"aggressor": self.aggressor, "actions": list(self.actions), "names": list(self.names),
                "cells": [self.cell(r, c).to_json() for r in self.actions for c in self.actions]}


def basic_profiles(rules: Mapping[str, Any]) -> dict[str, ActionProfile]:
    """The basic actions of `rules.actions` as profiles (display names from their ids)."""
    return {aid: action_profile(rules, aid) for aid in basic_actions(rules)}


def odds_matrix(rules: Mapping[str, Any], profiles: Mapping[str, ActionProfile] | None = None,
                actions: Sequence[str] | None = None, aggressor: SideKey = "a") -> OddsMatrix:
    """Exact odds of every action against every action, both DVs rolled.

    `profiles` maps ids to profiles (default: the basic actions); `actions` picks and orders
    the ids (default: every basic action in `rules.actions` order)."""
    profiles = profiles or basic_profiles(rules)
    chosen = tuple(actions or basic_actions(rules))
    cells = {(row, col): duel_odds(Side((profiles[row],), 0), Side((profiles[col],), 0), aggressor, rules)
             for row in chosen for col in chosen}
    return OddsMatrix(chosen, tuple(profiles[x].name for x in chosen), aggressor, cells)
