"""The Halfwish duel resolver: pure maths, no state, no dice, no I/O.

Used by the engine for every duel, by `deckwright halfwish duel` and by the exact odds.

API
---
Profiles (what an action card does in a clash)::

    profiles = profiles_from_db(db)            # every basic action and upgrade, by card id
    strike = action_profile(db.rules, "strike")  # a basic action from `rules.actions`
    cheap = upgrade_profile(db.rules, "cheap-shot", "Cheap Shot", "strike", {"dv": 1})

Sides (one per player; `actions` holds one profile on turns 1-2, two on turns 3-5)::

    a = Side(actions=(profiles["long-strike"],), dv=10)
    b = Side(actions=(profiles["strike"],), dv=12, exposed=0, toughness=0)

`dv` is the final DV (roll plus every DV change). Other fields: `exposed`, `toughness`
(stacks), `strike_bonus` (added to every strike of the side, e.g. Roar),
`cannot_take_damage` (e.g. Bubble), `points_from_effects` (points already gained or lost
in this duel from cards: they count in the tally), `hits_before` (damage already taken in
this duel before the clash, e.g. from a reveal effect or Ignite: each counts as a time the
player took damage), `health` (current health, to know whether a First Strike target
survives to retaliate; None = always survives), `name` (used in the explanation).

`rules` is the game's `db.rules` mapping (or a `DuelRules` read from it once with
`DuelRules.from_rules(db.rules)`, faster in loops): status_step, the scoring points,
actions_per_duel, dv_min/dv_max all come from there. A DV outside dv_min..dv_max is kept
at the bound (ruling dv-bounds-after-modifiers) and the steps say so.

Reveal effects: `resolve_duel` does NOT apply the actions' `on_reveal` effects (the engine
applies them, e.g. Heavy Strike's Exposed, when the cards are revealed). A caller without
an engine calls `apply_reveal(a, b, rules, aggressor)` first (effect primitives only), or
`calculator.reveal_sides` (also the named hooks a calculator can apply, e.g. alignment).
`apply_effect(sides, owner, effect, rules, aggressor)` applies one effect primitive that
changes a side (status exposed/toughness, dv, set dv, strike_bonus, points, damage) and
says whether it could; `can_apply(effect)` tells in advance.

Resolution::

    result = resolve_duel(a, b, "a", db.rules)   # a is the aggressor
    result.a.damage_taken     # combat damage A takes now (after Exposed/Toughness)
    result.a.hits             # every time A took damage in the duel (hits_before + combat)
    result.a.points           # A's net duel points (scoring + card effects)
    result.winner             # "a", "b" or "tie"
    result.steps              # the explanation, one line per step, for the gamemaster
    result.triggered          # Trigger(side, action, when, effect, counted) for the engine:
                              # when="hit": the action dealt damage (its on_hit effects);
                              # when="win": the opposing action struck and this clash left
                              # the owner undamaged (its on_win effects: full block, evade).
                              # `counted=True` (op: points) are already in the tally; the
                              # engine applies the others (statuses, steals, hooks).

Rules implemented (seed: shared/seeds/000_31f951a0fcdbf220.txt; numbers from `rules`):
strike vs strike (the lower striker takes the difference); First Strike deals its full strike
first against a non-First-Strike strike, then the target, if it survives, retaliates with
the difference and the First Strike action cannot deal damage again; First Strike against
First Strike cancels; First Strike does nothing special against Block or Evade; Block
reduces the incoming strike by DV + its modifier and never strikes; Ignores Block; Evade
avoids the strike at DV >= its `min_dv`, else takes full damage; Unevadable; True Damage
(cannot be blocked or reduced by Toughness, can be evaded); Precise (strike and damage
cannot be increased: no strike bonus, no Exposed); Exposed adds and Toughness takes `status_step` per
stack on every damage instance. On turns 3-5 actions clash pairwise (first vs first, second
vs second). Scoring: the aggressor scores 1 per time the defender took damage; the defender
scores 1 for taking no damage and 1 if the aggressor took damage at least once.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from ...errors import CompanionError

SideKey = Literal["a", "b"]
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
                       dv_min=int(rules["dv_min"]), dv_max=int(rules["dv_max"]))
        except KeyError as exc:
            raise DuelError(f"the rules lack the duel parameter {exc.args[0]!r}") from None

    def clamp_dv(self, dv: int) -> int:
        """A DV after modifiers, kept between dv_min and dv_max (ruling dv-bounds-after-modifiers)."""
        return min(self.dv_max, max(self.dv_min, dv))


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

    def side(self, key: SideKey) -> SideResult:
        """The result of side `key`."""
        return self.a if key == "a" else self.b

    def to_json(self) -> dict[str, Any]:
        return {"aggressor": self.aggressor, "a": self.a.to_json(), "b": self.b.to_json(),
                "winner": self.winner, "steps": list(self.steps),
                "triggered": [t.to_json() for t in self.triggered]}


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
    return found


def _deck_cards(db: Any, deck_id: str) -> list[Any]:
    try:
        return list(db.deck(deck_id).cards)
    except KeyError:
        return []


def _card_names(db: Any, deck_id: str) -> dict[str, str]:
    return {card.id: card.name for card in _deck_cards(db, deck_id)}


# --- damage ------------------------------------------------------------------------------

def strike_value(side: Side, action: ActionProfile) -> tuple[int, str]:
    """How much an action strikes for, with its arithmetic: `DV 10 - 2 = 8`."""
    bonus = action.strike_bonus + side.strike_bonus
    if action.precise:
        bonus = min(bonus, 0)
    terms = f"DV {side.dv}" + _signed(action.dv) + (_signed(bonus) + " (strike bonus)" if bonus else "")
    value = max(0, side.dv + action.dv + bonus)
    return value, f"{terms} = {value}"


def block_value(side: Side, action: ActionProfile) -> tuple[int, str]:
    """How much a block stops: `DV 6 + 2 = 8`."""
    value = max(0, side.dv + action.dv)
    return value, f"DV {side.dv}{_signed(action.dv)} = {value}"


def damage_after_modifiers(target: Side, raw: int, step: int, *, precise: bool = False,
                           true_damage: bool = False) -> tuple[int, str]:
    """Damage a side takes from `raw` after Exposed and Toughness (`step` per stack),
    with the arithmetic. Only a positive amount is modified: Exposed does not turn 0
    damage into damage."""
    if raw <= 0:
        return 0, "0"
    if target.cannot_take_damage:
        return 0, f"{raw}, but cannot take damage = 0"
    exposed = 0 if precise else target.exposed * step
    toughness = 0 if true_damage else target.toughness * step
    amount = max(0, raw + exposed - toughness)
    if not exposed and not toughness:
        return amount, str(amount)
    text = str(raw) + (f" + {exposed} (Exposed)" if exposed else "")
    text += f" - {toughness} (Toughness)" if toughness else ""
    return amount, f"{text} = {amount}"


def _signed(n: int) -> str:
    return f" + {n}" if n > 0 else (f" - {-n}" if n < 0 else "")


# --- one clash ---------------------------------------------------------------------------

@dataclass(frozen=True)
class _Fighter:
    key: SideKey
    label: str
    side: Side
    action: ActionProfile

    @property
    def title(self) -> str:
        return f"{self.label}'s {self.action.name}"


@dataclass
class _Ledger:
    """Damage dealt so far in this duel (to know who survives a First Strike)."""

    rules: DuelRules
    hits: list[Hit] = field(default_factory=list)
    steps: list[str] = field(default_factory=list)
    triggers: list[Trigger] = field(default_factory=list)

    def taken(self, key: SideKey) -> int:
        return sum(h.amount for h in self.hits if h.target == key)

    def has_fallen(self, fighter: _Fighter) -> bool:
        return _is_knocked_out(fighter.side, self.taken(fighter.key))


def _deal(ledger: _Ledger, source: _Fighter, target: _Fighter, raw: int, why: str) -> None:
    amount, maths = damage_after_modifiers(target.side, raw, ledger.rules.status_step,
                                           precise=source.action.precise,
                                           true_damage=source.action.true_damage)
    if amount:
        ledger.hits.append(Hit(target.key, amount, source.action.id))
        ledger.steps.append(f"{why}: {target.label} takes {maths}.")
    else:
        ledger.steps.append(f"{why}: {target.label} takes no damage ({maths}).")


def _strike_clash(ledger: _Ledger, x: _Fighter, y: _Fighter) -> None:
    sx, text_x = strike_value(x.side, x.action)
    sy, text_y = strike_value(y.side, y.action)
    ledger.steps.append(f"{x.title} strikes for {text_x}; {y.title} strikes for {text_y}.")
    if x.action.first_strike != y.action.first_strike:
        first, other = (x, y) if x.action.first_strike else (y, x)
        _first_strike_clash(ledger, first, other, *((sx, sy) if first is x else (sy, sx)))
        return
    if x.action.first_strike:
        ledger.steps.append("Both have First Strike: it cancels out.")
    _difference_clash(ledger, x, y, sx, sy)


def _difference_clash(ledger: _Ledger, x: _Fighter, y: _Fighter, sx: int, sy: int) -> None:
    if sx == sy:
        ledger.steps.append(f"Equal strikes ({sx} = {sy}): no damage.")
        return
    high, low, s_high, s_low = (x, y, sx, sy) if sx > sy else (y, x, sy, sx)
    _deal(ledger, high, low, s_high - s_low, f"{s_high} - {s_low} = {s_high - s_low}, the lower striker")


def _first_strike_clash(ledger: _Ledger, first: _Fighter, other: _Fighter, s_first: int, s_other: int) -> None:
    _deal(ledger, first, other, s_first, f"{first.action.name} strikes first for {s_first}")
    if ledger.has_fallen(other):
        ledger.steps.append(f"{other.label} is knocked out and cannot retaliate.")
        return
    if s_other > s_first:
        _deal(ledger, other, first, s_other - s_first,
              f"{other.label} retaliates: {s_other} - {s_first} = {s_other - s_first}")
        return
    ledger.steps.append(f"{other.label} retaliates with {s_other} against {s_first}: no damage "
                        f"({first.action.name} cannot deal damage again).")


def _block_clash(ledger: _Ledger, striker: _Fighter, blocker: _Fighter) -> None:
    strike, text = strike_value(striker.side, striker.action)
    if striker.action.ignores_block or striker.action.true_damage:
        why = "ignores block" if striker.action.ignores_block else "is true damage and cannot be blocked"
        _deal(ledger, striker, blocker, strike, f"{striker.title} strikes for {text} and {why}, full damage")
        return
    block, block_text = block_value(blocker.side, blocker.action)
    if strike <= block:
        ledger.steps.append(f"{striker.title} strikes for {text}; {blocker.title} blocks {block_text}: "
                            f"all blocked, no damage.")
        return
    _deal(ledger, striker, blocker, strike - block,
          f"{striker.title} strikes for {text}; {blocker.title} blocks {block_text}; {strike} - {block} = "
          f"{strike - block} gets through")


def _evade_clash(ledger: _Ledger, striker: _Fighter, evader: _Fighter) -> None:
    strike, text = strike_value(striker.side, striker.action)
    threshold = evader.action.min_dv
    if striker.action.unevadable:
        _deal(ledger, striker, evader, strike, f"{striker.title} strikes for {text} and cannot be evaded, "
                                                f"full damage")
    elif evader.side.dv >= threshold:
        ledger.steps.append(f"{striker.title} strikes for {text}; {evader.title} succeeds "
                            f"(DV {evader.side.dv} >= {threshold}): no damage.")
    else:
        _deal(ledger, striker, evader, strike, f"{striker.title} strikes for {text}; {evader.title} fails "
                                                f"(DV {evader.side.dv} < {threshold}), full damage")


def resolve_clash(ledger: _Ledger, x: _Fighter, y: _Fighter) -> None:
    """One action against one action; damage goes into the ledger."""
    kinds = (x.action.kind, y.action.kind)
    if kinds == ("strike", "strike"):
        _strike_clash(ledger, x, y)
    elif "strike" not in kinds:
        ledger.steps.append(f"{x.title} meets {y.title}: neither strikes, no damage.")
    else:
        striker, other = (x, y) if x.action.kind == "strike" else (y, x)
        clash = _block_clash if other.action.kind == "block" else _evade_clash
        clash(ledger, striker, other)


# --- the duel ----------------------------------------------------------------------------

def other_key(key: SideKey) -> SideKey:
    """The opposing side's key."""
    return "b" if key == "a" else "a"


def _labels(a: Side, b: Side) -> dict[SideKey, str]:
    return {"a": a.name or "A", "b": b.name or "B"}


def check_action_counts(a: Side, b: Side, rules: DuelRules) -> None:
    """Both sides commit the same number of actions, between 1 and the most per duel."""
    most = rules.most_actions
    if len(a.actions) != len(b.actions) or not 1 <= len(a.actions) <= most:
        raise DuelError(f"both sides must commit the same number of actions (1 to {most}); "
                        f"got {len(a.actions)} and {len(b.actions)}")


def resolve_duel(a: Side, b: Side, aggressor: SideKey, rules: Mapping[str, Any] | DuelRules) -> DuelResult:
    """Resolve every clash of a duel, score it and explain it step by step."""
    if aggressor not in ("a", "b"):
        raise DuelError(f"aggressor must be 'a' or 'b', got {aggressor!r}")
    duel_rules = DuelRules.from_rules(rules)
    check_action_counts(a, b, duel_rules)
    labels = _labels(a, b)
    roles = f"{labels[aggressor]} is the aggressor, {labels[other_key(aggressor)]} the defender."
    ledger = _Ledger(duel_rules, steps=[roles])
    a, b = _clamped(ledger, a, labels["a"]), _clamped(ledger, b, labels["b"])
    for index, (xa, xb) in enumerate(zip(a.actions, b.actions), start=1):
        if len(a.actions) > 1:
            ledger.steps.append(f"Clash {index}: {xa.name} against {xb.name}.")
        fighters = (_Fighter("a", labels["a"], a, xa), _Fighter("b", labels["b"], b, xb))
        start = len(ledger.hits)
        resolve_clash(ledger, *fighters)
        _fire_clash_effects(ledger, fighters, ledger.hits[start:])
    return _score(ledger, {"a": a, "b": b}, aggressor, labels)


def _clamped(ledger: _Ledger, side: Side, label: str) -> Side:
    """Keep a modified DV on the dice's range (ruling dv-bounds-after-modifiers)."""
    dv = ledger.rules.clamp_dv(side.dv)
    if dv == side.dv:
        return side
    ledger.steps.append(f"{label}'s DV {side.dv} is kept at {dv} (DV stays between "
                        f"{ledger.rules.dv_min} and {ledger.rules.dv_max}).")
    return replace(side, dv=dv)


def _fire_clash_effects(ledger: _Ledger, fighters: tuple[_Fighter, _Fighter], hits: list[Hit]) -> None:
    """on_hit: the action dealt damage. on_win: the opposing action struck and this clash
    left the owner undamaged (a full block, a working evade, the higher strike)."""
    for fighter, opponent in (fighters, fighters[::-1]):
        if any(h.target == opponent.key and h.source == fighter.action.id for h in hits):
            _fire(ledger, fighter, "hit", fighter.action.on_hit, "dealt damage")
        if opponent.action.is_aggressive and not any(h.target == fighter.key for h in hits):
            _fire(ledger, fighter, "win", fighter.action.on_win, "won its clash")


def _fire(ledger: _Ledger, fighter: _Fighter, when: str, effects: tuple[Mapping[str, Any], ...], why: str) -> None:
    for effect in effects:
        counted = effect.get("op") == "points"
        ledger.triggers.append(Trigger(fighter.key, fighter.action.id, when, effect, counted))
        note = "counts in the tally" if counted else "applied after the duel"
        ledger.steps.append(f"{fighter.title} {why}: {describe_effect(effect)} ({note}).")


def _effect_points(triggers: list[Trigger], key: SideKey, aggressor: SideKey) -> int:
    return sum(int(t.effect.get("amount", 0)) for t in triggers
               if t.counted and key in (_targets(t.effect.get("who", "self"), t.side, aggressor) or ()))


def _score(ledger: _Ledger, sides: dict[SideKey, Side], aggressor: SideKey,
           labels: dict[SideKey, str]) -> DuelResult:
    combat = {k: tuple(h.amount for h in ledger.hits if h.target == k) for k in sides}
    hits = {k: sides[k].hits_before + combat[k] for k in sides}
    score = _duel_scores(ledger.rules, hits, aggressor)
    triggers = ledger.triggers
    results = {k: SideResult(hits[k], combat[k], sum(combat[k]), score[k],
                             sides[k].points_from_effects + _effect_points(triggers, k, aggressor),
                             _is_knocked_out(sides[k], sum(combat[k])))
               for k in sides}
    winner = _winner(results["a"].points, results["b"].points)
    steps = ledger.steps + _tally_lines(results, aggressor, labels, winner, ledger.rules)
    return DuelResult(aggressor, results["a"], results["b"], winner, tuple(steps), tuple(triggers))


def _duel_scores(rules: DuelRules, hits: dict[SideKey, tuple[int, ...]], aggressor: SideKey) -> dict[SideKey, int]:
    """Aggressor: per time the defender took damage. Defender: for taking none, and if the
    aggressor took damage at least once (ruling takes-damage-once)."""
    defender = other_key(aggressor)
    return {aggressor: rules.points_per_hit * len(hits[defender]),
            defender: rules.points_no_damage * (not hits[defender])
            + rules.points_aggressor_hit * bool(hits[aggressor])}


def _is_knocked_out(side: Side, damage: int) -> bool:
    return side.health is not None and damage >= side.health


def _winner(points_a: int, points_b: int) -> Literal["a", "b", "tie"]:
    if points_a == points_b:
        return "tie"
    return "a" if points_a > points_b else "b"


def _tally_lines(results: dict[SideKey, SideResult], aggressor: SideKey, labels: dict[SideKey, str],
                 winner: str, rules: DuelRules) -> list[str]:
    defender = other_key(aggressor)
    agg, dfd = results[aggressor], results[defender]
    aggressor_line = (f"{labels[aggressor]} (aggressor) scores {agg.score_points}: {rules.points_per_hit} "
                      f"per time {labels[defender]} took damage ({len(dfd.hits)}).")
    no_damage = f"{rules.points_no_damage} for taking no damage" if not dfd.hits else "0 for taking damage"
    hurt = (f"{rules.points_aggressor_hit} because {labels[aggressor]} took damage" if agg.hits
            else f"0 because {labels[aggressor]} took no damage")
    lines = [aggressor_line, f"{labels[defender]} (defender) scores {dfd.score_points}: {no_damage}, {hurt}."]
    for key in ("a", "b"):
        if results[key].effect_points:
            lines.append(f"{labels[key]} gets {results[key].effect_points:+d} from card effects.")
    verdict = "a tie" if winner == "tie" else f"{labels[winner]} wins the duel"
    lines.append(f"Tally: {labels['a']} {results['a'].points}, {labels['b']} {results['b'].points}: {verdict}.")
    return lines


# --- effects that change a side (reveal effects, powers in the calculator) --------------

def apply_reveal(a: Side, b: Side, rules: Mapping[str, Any] | DuelRules,
                 aggressor: SideKey = "a") -> tuple[Side, Side, list[str]]:
    """Apply the committed actions' on_reveal effects (for callers without an engine)."""
    sides: dict[SideKey, Side] = {"a": a, "b": b}
    notes = []
    for key in ("a", "b"):
        for action in sides[key].actions:
            for effect in action.on_reveal:
                sides, note = apply_effect(sides, key, effect, rules, aggressor)
                notes.append(f"{action.name} revealed: {note}")
    return sides["a"], sides["b"], notes


def apply_effect(sides: Mapping[SideKey, Side], owner: SideKey, effect: Mapping[str, Any],
                 rules: Mapping[str, Any] | DuelRules, aggressor: SideKey = "a",
                 ) -> tuple[dict[SideKey, Side], str]:
    """Apply one effect primitive that changes a side before the clash.

    Returns the new sides and a line saying what happened, or that the effect is not a
    duel modifier this resolver can apply (the engine executes those)."""
    if not can_apply(effect):
        return dict(sides), f"{describe_effect(effect)} (not applied by the duel calculator)"
    duel_rules = DuelRules.from_rules(rules)
    targets = _targets(effect.get("who", "self"), owner, aggressor) or ()
    new = dict(sides)
    lines = []
    for key in targets:
        lines.append(f"{new[key].name or key.upper()} {_effect_maths(new[key], effect, duel_rules)}")
        new[key] = _SIDE_CHANGES[effect["op"]](new[key], effect, duel_rules)
    return new, "; ".join(lines)


def _effect_maths(side: Side, effect: Mapping[str, Any], rules: DuelRules) -> str:
    """What an effect does to this side, with the damage arithmetic when there is some."""
    if effect.get("op") != "damage":
        return describe_effect(effect)
    _, maths = damage_after_modifiers(side, int(effect.get("amount", 0)), rules.status_step,
                                      true_damage=bool(effect.get("true_damage", False)))
    return f"takes {maths} damage"


def _targets(who: str, owner: SideKey, aggressor: SideKey) -> tuple[SideKey, ...] | None:
    table: dict[str, tuple[SideKey, ...]] = {
        "self": (owner,), "opponent": (other_key(owner),), "both": ("a", "b"),
        "aggressor": (aggressor,), "defender": (other_key(aggressor),),
    }
    return table.get(who)


def _status(side: Side, effect: Mapping[str, Any], rules: DuelRules) -> Side:
    amount = int(effect.get("amount", 1))
    if effect["status"] == "exposed":
        return replace(side, exposed=side.exposed + amount)
    return replace(side, toughness=side.toughness + amount)


def _damage(side: Side, effect: Mapping[str, Any], rules: DuelRules) -> Side:
    amount, _ = damage_after_modifiers(side, int(effect.get("amount", 0)), rules.status_step,
                                       true_damage=bool(effect.get("true_damage", False)))
    return replace(side, hits_before=side.hits_before + (amount,)) if amount else side


def _add(field_name: str) -> Callable[[Side, Mapping[str, Any], DuelRules], Side]:
    def change(side: Side, effect: Mapping[str, Any], rules: DuelRules) -> Side:
        return replace(side, **{field_name: getattr(side, field_name) + int(effect.get("amount", 0))})
    return change


_SIDE_CHANGES: dict[str, Callable[[Side, Mapping[str, Any], DuelRules], Side]] = {
    "status": _status,
    "dv": _add("dv"),
    "strike_bonus": _add("strike_bonus"),
    "points": _add("points_from_effects"),
    "damage": _damage,
    "set": lambda side, effect, rules: replace(side, dv=int(effect["value"])),
}


def can_apply(effect: Mapping[str, Any]) -> bool:
    """Is this effect one `apply_effect` changes a side with (status, dv, points...)?"""
    op = effect.get("op")
    if op not in _SIDE_CHANGES or _targets(effect.get("who", "self"), "a", "a") is None:
        return False
    if op == "status":
        return effect.get("status") in ("exposed", "toughness")
    return op != "set" or effect.get("resource") == "dv"


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
