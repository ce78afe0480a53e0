"""Halfwish action profiles: what an action card does in a clash, read from the rules and the cards.

    profiles = profiles_from_db(db)              # every basic action and upgrade, by card id
    strike = action_profile(db.rules, "strike")  # a basic action from `rules.actions`
    cheap = upgrade_profile(db.rules, "cheap-shot", "Cheap Shot", "strike", {"dv": 1})

`DuelRules` reads the duel's numbers from `rules` once; `describe_effect` reads an effect primitive
out in a few words.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from ...errors import CompanionError

KINDS = ("strike", "block", "evade")
PROFILE_KEYS = frozenset({
    "kind", "dv", "first_strike", "ignores_block", "ignores_evade", "unevadable", "true_damage",
    "precise", "min_dv", "strike_bonus", "on_reveal", "on_hit", "on_win", "innate",
})


class DuelError(CompanionError, ValueError):
    """A duel that cannot be resolved as given (bad profile, wrong number of actions...)."""


@dataclass(frozen=True)
class DuelRules:
    """The rules parameters a duel uses, read once from `rules` (game.yaml)."""

    status_step: int
    points_per_hit: int
    points_no_damage: int
    points_aggressor_hit: int
    most_actions: int
    dv_min: int
    dv_max: int
    dv_floor: int

    @classmethod
    def from_rules(cls, rules: Mapping[str, Any] | DuelRules) -> DuelRules:
        """Read the duel's parameters; a missing one is named."""
        if isinstance(rules, DuelRules):
            return rules
        try:
            return cls(status_step=int(rules["status_step"]),
                       points_per_hit=int(rules["aggressor_points_per_hit"]),
                       points_no_damage=int(rules["defender_points_no_damage"]),
                       points_aggressor_hit=int(rules["defender_points_aggressor_hit"]),
                       most_actions=max(rules["actions_per_duel"]),
                       dv_min=int(rules["dv_min"]), dv_max=int(rules["dv_max"]),
                       dv_floor=int(rules["dv_floor"]))
        except KeyError as exc:
            raise DuelError(f"the rules lack the duel parameter {exc.args[0]!r}") from None

    def clamp_dv(self, dv: int) -> int:
        """A DV after modifiers: no lower than dv_floor, no upper bound (ruling dv-bounds-after-modifiers)."""
        return max(self.dv_floor, dv)


@dataclass(frozen=True)
class ActionProfile:
    """What one committed action card does in a clash."""

    id: str
    name: str
    kind: Literal["strike", "block", "evade"]
    dv: int = 0
    first_strike: bool = False
    ignores_block: bool = False
    unevadable: bool = False
    true_damage: bool = False
    precise: bool = False
    min_dv: int | None = None
    strike_bonus: int = 0
    on_reveal: tuple[Mapping[str, Any], ...] = ()
    on_hit: tuple[Mapping[str, Any], ...] = ()
    on_win: tuple[Mapping[str, Any], ...] = ()
    innate: bool = False

    @property
    def is_aggressive(self) -> bool:
        """Does this action strike (an offensive action in the seed's words)?"""
        return self.kind == "strike"


FEINT_EVADE = "feint-evade"   # the Evade Feint makes: it works at any DV (ruling feint-evade-succeeds)


# --- profiles ----------------------------------------------------------------------------

def display_name(action_id: str) -> str:
    """`long-strike` -> `Long Strike` (used when no card name is known)."""
    return action_id.replace("-", " ").title()


def profile_from_mapping(action_id: str, name: str, mapping: Mapping[str, Any]) -> ActionProfile:
    """Build a profile from a `rules.actions` entry or a merged upgrade profile."""
    unknown = sorted(set(mapping) - PROFILE_KEYS)
    if unknown:
        raise DuelError(f"action {action_id!r}: unknown profile key(s) {', '.join(unknown)}; "
                        f"known: {', '.join(sorted(PROFILE_KEYS))}")
    kind = mapping.get("kind")
    if kind not in KINDS:
        raise DuelError(f"action {action_id!r}: kind must be one of {', '.join(KINDS)}, got {kind!r}")
    if kind == "evade" and not isinstance(mapping.get("min_dv"), int):
        raise DuelError(f"action {action_id!r}: an evade needs an int min_dv, got {mapping.get('min_dv')!r}")
    return ActionProfile(
        id=action_id, name=name, kind=kind, dv=int(mapping.get("dv", 0)),
        first_strike=bool(mapping.get("first_strike", False)),
        ignores_block=bool(mapping.get("ignores_block", False)),
        unevadable=bool(mapping.get("unevadable", False) or mapping.get("ignores_evade", False)),
        true_damage=bool(mapping.get("true_damage", False)), precise=bool(mapping.get("precise", False)),
        min_dv=mapping.get("min_dv"), strike_bonus=int(mapping.get("strike_bonus", 0)),
        on_reveal=tuple(mapping.get("on_reveal") or ()), on_hit=tuple(mapping.get("on_hit") or ()),
        on_win=tuple(mapping.get("on_win") or ()), innate=bool(mapping.get("innate", False)),
    )


def basic_actions(rules: Mapping[str, Any]) -> Mapping[str, Mapping[str, Any]]:
    """The five basic actions' profiles as written in `rules.actions`."""
    actions = rules.get("actions")
    if not isinstance(actions, Mapping) or not actions:
        raise DuelError("the rules have no 'actions' mapping of basic action profiles")
    return actions


def action_profile(rules: Mapping[str, Any], action_id: str, name: str | None = None) -> ActionProfile:
    """The profile of a basic action from `rules.actions`."""
    actions = basic_actions(rules)
    if action_id not in actions:
        raise DuelError(f"no basic action {action_id!r}; basic actions: {', '.join(actions)}")
    return profile_from_mapping(action_id, name or display_name(action_id), actions[action_id])


def upgrade_profile(rules: Mapping[str, Any], card_id: str, name: str, replaces: str,
                    profile: Mapping[str, Any] | None) -> ActionProfile:
    """An upgrade's profile: its `profile` merged over the action it replaces."""
    actions = basic_actions(rules)
    if replaces not in actions:
        raise DuelError(f"upgrade {card_id!r} replaces {replaces!r}, which is not a basic action "
                        f"({', '.join(actions)})")
    merged = {**actions[replaces], **(profile or {})}
    return profile_from_mapping(card_id, name, merged)


def profiles_from_db(db: Any) -> dict[str, ActionProfile]:
    """Every basic action and upgrade of a Halfwish database, by card id."""
    names = _card_names(db, "actions")
    found = {aid: action_profile(db.rules, aid, names.get(aid)) for aid in basic_actions(db.rules)}
    for card in _deck_cards(db, "upgrades"):
        found[card.id] = upgrade_profile(db.rules, card.id, card.name, card.get("replaces"),
                                         card.get("profile"))
    if "evade" in found and "feint_evade_min_dv" in db.rules:
        found[FEINT_EVADE] = dataclasses.replace(found["evade"], id=FEINT_EVADE, name="Evade (Feint)",
                                                 min_dv=int(db.rules["feint_evade_min_dv"]))
    return found


def _deck_cards(db: Any, deck_id: str) -> list[Any]:
    try:
        return list(db.deck(deck_id).cards)
    except KeyError:
        return []


def _card_names(db: Any, deck_id: str) -> dict[str, str]:
    return {card.id: card.name for card in _deck_cards(db, deck_id)}


def describe_effect(effect: Mapping[str, Any]) -> str:
    """A short human reading of an effect primitive: `+2 strike`, `gains 2 Exposed`."""
    op, amount = effect.get("op", "?"), effect.get("amount", 0)
    resource = str(effect.get("resource", "")).replace("hp", "HP")
    readings = {
        "status": lambda: f"gains {effect.get('amount', 1)} {_title(effect.get('status'))}",
        "points": lambda: f"{'scores' if int(amount) >= 0 else 'loses'} {abs(int(amount))} "
                          f"point{'s' if abs(int(amount)) != 1 else ''}",
        "dv": lambda: f"{int(amount):+d} DV",
        "strike_bonus": lambda: f"strikes for {int(amount):+d}",
        "damage": lambda: f"takes {amount} damage",
        "set": lambda: f"{resource} set to {effect.get('value')}",
        "heal": lambda: f"heals {amount} HP",
        "pay": lambda: f"pays {amount} {resource}",
        "steal": lambda: f"steals {amount} {resource}",
        "hook": lambda: f"{_title(effect.get('name'))}" + _params(effect),
    }
    reading = readings.get(op)
    return reading() if reading else f"{_title(op)} {amount}".strip()


def _title(name: object) -> str:
    return str(name).replace("_", " ").replace("-", " ").capitalize()


def _params(effect: Mapping[str, Any]) -> str:
    params = ", ".join(f"{k} {v}" for k, v in effect.items() if k not in ("op", "name", "when"))
    return f" ({params})" if params else ""
