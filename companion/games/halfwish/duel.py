"""The Halfwish duel resolver: pure maths, no state, no dice, no I/O.

Used by the engine for every duel; `deckwright halfwish duel` and the exact odds reach it through
the engine's duel steps (`duels.calculate`), so there is one duel implementation.

API
---
Profiles (what an action card does in a clash) come from `profiles.py`.

Sides (one per player; `actions` holds one profile on turns 1-2, two on turns 3-5)::

    a = Side(actions=(profiles["long-strike"],), dv=10)
    b = Side(actions=(profiles["strike"],), dv=12, exposed=0, toughness=0)

`dv` is the final DV (roll plus every DV change). Other fields: `exposed`, `toughness` (stacks), `strike_bonus`
(added to every strike of the side, e.g. Roar), `cannot_take_damage` (e.g. Bubble), `points_from_effects` (points
already gained or lost in this duel from cards: they count in the tally), `hits_before` (damage already taken in
this duel before the clash, e.g. from a reveal effect or Ignite: each counts as a time the player took damage),
`health` (to know whether a First Strike target survives to retaliate; None = always survives), `name`.

`rules` is the game's `db.rules` mapping (or a `DuelRules` read from it once with
`DuelRules.from_rules(db.rules)`, faster in loops): status_step, the scoring points,
actions_per_duel, dv_floor all come from there. A DV below dv_floor counts as dv_floor (ruling
dv-bounds-after-modifiers: no upper bound) and the steps say so.

Reveal effects: `resolve_duel` does NOT apply the actions' `on_reveal` effects (the engine's reveal
step applies them, e.g. Heavy Strike's Exposed). A caller holding only sides runs that step with
`calculators.apply_reveal(a, b, rules, aggressor)`.

Resolution::

    result = resolve_duel(a, b, "a", db.rules)   # a is the aggressor
    result.a.damage_taken     # combat damage A takes now (after Exposed/Toughness)
    result.a.hits             # every time A took damage in the duel (hits_before + combat)
    result.a.points           # A's net duel points (scoring + card effects)
    result.winner             # "a", "b" or "tie"
    result.steps              # the explanation, one line per step (none with explain=False)
    result.triggered          # Trigger(side, action, when, effect, counted) for the engine:
                              # when="hit": the action dealt damage (its on_hit effects); "win": the
                              # opposing action struck and this clash left the owner undamaged (its
                              # on_win effects: full block, evade). `counted=True` (op: points) are
                              # already in the tally; the engine applies the others.

Rules implemented (the rules text; numbers from `rules`):
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

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from .profiles import ActionProfile, DuelError, DuelRules, describe_effect
from .sides import DuelResult, Hit, Side, SideKey, SideResult, Trigger

# --- damage ------------------------------------------------------------------------------

def _strike_bonus(side: Side, action: ActionProfile) -> int:
    bonus = action.strike_bonus + side.strike_bonus
    return min(bonus, 0) if action.precise else bonus


def strike_amount(side: Side, action: ActionProfile) -> int:
    """How much an action strikes for."""
    return max(0, side.dv + action.dv + _strike_bonus(side, action))


def strike_value(side: Side, action: ActionProfile) -> tuple[int, str]:
    """How much an action strikes for, with its arithmetic: `DV 10 - 2 = 8`."""
    bonus = _strike_bonus(side, action)
    terms = f"DV {side.dv}" + _signed(action.dv) + (_signed(bonus) + " (strike bonus)" if bonus else "")
    value = max(0, side.dv + action.dv + bonus)
    return value, f"{terms} = {value}"


def block_value(side: Side, action: ActionProfile) -> tuple[int, str]:
    """How much a block stops: `DV 6 + 2 = 8`."""
    value = max(0, side.dv + action.dv)
    return value, f"DV {side.dv}{_signed(action.dv)} = {value}"


def modified_damage(raw: int, exposed: int, toughness: int, step: int, *, precise: bool = False,
                    true_damage: bool = False) -> int:
    """Damage taken from `raw`: `step` more per Exposed stack (not from a Precise action), `step` less per
    Toughness stack (not from True Damage). Only a positive amount is modified."""
    if raw <= 0:
        return 0
    return max(0, raw + (0 if precise else exposed * step) - (0 if true_damage else toughness * step))


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
    amount = modified_damage(raw, target.exposed, target.toughness, step, precise=precise, true_damage=true_damage)
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
    clashes: list[int] = field(default_factory=list)  # where each clash's steps start
    explain: bool = True   # write the steps (off in a simulation nobody reads: the same hits and triggers)

    def taken(self, key: SideKey) -> int:
        return sum(h.amount for h in self.hits if h.target == key)

    def has_fallen(self, fighter: _Fighter) -> bool:
        return _is_knocked_out(fighter.side, self.taken(fighter.key))


def _deal(ledger: _Ledger, source: _Fighter, target: _Fighter, raw: int, why: str = "") -> None:
    """Damage into the ledger; `why` starts the step (not used when the ledger does not explain)."""
    if not ledger.explain:
        side, action = target.side, source.action
        amount = 0 if side.cannot_take_damage else modified_damage(
            raw, side.exposed, side.toughness, ledger.rules.status_step, precise=action.precise,
            true_damage=action.true_damage)
        if amount:
            ledger.hits.append(Hit(target.key, amount, action.id))
        return
    amount, maths = damage_after_modifiers(target.side, raw, ledger.rules.status_step,
                                           precise=source.action.precise,
                                           true_damage=source.action.true_damage)
    if amount:
        ledger.hits.append(Hit(target.key, amount, source.action.id))
        ledger.steps.append(f"{why}: {target.label} takes {maths}.")
    else:
        ledger.steps.append(f"{why}: {target.label} takes no damage ({maths}).")


def _strike_clash(ledger: _Ledger, x: _Fighter, y: _Fighter) -> None:
    sx, sy = strike_amount(x.side, x.action), strike_amount(y.side, y.action)
    if ledger.explain:
        ledger.steps.append(f"{x.title} strikes for {strike_value(x.side, x.action)[1]}; "
                            f"{y.title} strikes for {strike_value(y.side, y.action)[1]}.")
    if x.action.first_strike != y.action.first_strike:
        first, other = (x, y) if x.action.first_strike else (y, x)
        _first_strike_clash(ledger, first, other, *((sx, sy) if first is x else (sy, sx)))
        return
    if x.action.first_strike and ledger.explain:
        ledger.steps.append("Both have First Strike: it cancels out.")
    _difference_clash(ledger, x, y, sx, sy)


def _difference_clash(ledger: _Ledger, x: _Fighter, y: _Fighter, sx: int, sy: int) -> None:
    if sx == sy:
        if ledger.explain:
            ledger.steps.append(f"Equal strikes ({sx} = {sy}): no damage.")
        return
    high, low, s_high, s_low = (x, y, sx, sy) if sx > sy else (y, x, sy, sx)
    _deal(ledger, high, low, s_high - s_low,
          f"{s_high} - {s_low} = {s_high - s_low}, the lower striker" if ledger.explain else "")


def _first_strike_clash(ledger: _Ledger, first: _Fighter, other: _Fighter, s_first: int, s_other: int) -> None:
    explain = ledger.explain
    _deal(ledger, first, other, s_first, f"{first.action.name} strikes first for {s_first}" if explain else "")
    if ledger.has_fallen(other):
        if explain:
            ledger.steps.append(f"{other.label} is knocked out and cannot retaliate.")
        return
    if s_other > s_first:
        _deal(ledger, other, first, s_other - s_first,
              f"{other.label} retaliates: {s_other} - {s_first} = {s_other - s_first}" if explain else "")
        return
    if explain:
        ledger.steps.append(f"{other.label} retaliates with {s_other} against {s_first}: no damage "
                            f"({first.action.name} cannot deal damage again).")


def _block_clash(ledger: _Ledger, striker: _Fighter, blocker: _Fighter) -> None:
    strike, explain = strike_amount(striker.side, striker.action), ledger.explain
    text = strike_value(striker.side, striker.action)[1] if explain else ""
    if striker.action.ignores_block or striker.action.true_damage:
        why = "ignores block" if striker.action.ignores_block else "is true damage and cannot be blocked"
        _deal(ledger, striker, blocker, strike,
              f"{striker.title} strikes for {text} and {why}, full damage" if explain else "")
        return
    block, block_text = block_value(blocker.side, blocker.action)
    if strike <= block:
        if explain:
            ledger.steps.append(f"{striker.title} strikes for {text}; {blocker.title} blocks {block_text}: "
                                f"all blocked, no damage.")
        return
    _deal(ledger, striker, blocker, strike - block,
          f"{striker.title} strikes for {text}; {blocker.title} blocks {block_text}; {strike} - {block} = "
          f"{strike - block} gets through" if explain else "")


def _evade_clash(ledger: _Ledger, striker: _Fighter, evader: _Fighter) -> None:
    strike, explain = strike_amount(striker.side, striker.action), ledger.explain
    text = strike_value(striker.side, striker.action)[1] if explain else ""
    threshold = evader.action.min_dv
    if striker.action.unevadable:
        _deal(ledger, striker, evader, strike,
              f"{striker.title} strikes for {text} and cannot be evaded, full damage" if explain else "")
    elif threshold is not None and evader.side.dv >= threshold:
        if explain:
            ledger.steps.append(f"{striker.title} strikes for {text}; {evader.title} succeeds "
                                f"(DV {evader.side.dv} >= {threshold}): no damage.")
    else:
        _deal(ledger, striker, evader, strike, f"{striker.title} strikes for {text}; {evader.title} fails "
                                                f"(DV {evader.side.dv} < {threshold}), full damage" if explain else "")


def resolve_clash(ledger: _Ledger, x: _Fighter, y: _Fighter) -> None:
    """One action against one action; damage goes into the ledger."""
    kinds = (x.action.kind, y.action.kind)
    if kinds == ("strike", "strike"):
        _strike_clash(ledger, x, y)
    elif "strike" not in kinds:
        if ledger.explain:
            ledger.steps.append(f"{x.title} meets {y.title}: neither strikes, no damage.")
    else:
        striker, other = (x, y) if x.action.kind == "strike" else (y, x)
        clash = _block_clash if other.action.kind == "block" else _evade_clash
        clash(ledger, striker, other)


# --- the duel ----------------------------------------------------------------------------

def other_key(key: SideKey) -> SideKey:
    """The opposing side's key."""
    return "b" if key == "a" else "a"


def check_action_counts(a: Side, b: Side, rules: DuelRules) -> None:
    """Both sides commit the same number of actions, between 1 and the most per duel."""
    most = rules.most_actions
    if len(a.actions) != len(b.actions) or not 1 <= len(a.actions) <= most:
        raise DuelError(f"both sides must commit the same number of actions (1 to {most}); "
                        f"got {len(a.actions)} and {len(b.actions)}")


def resolve_duel(a: Side, b: Side, aggressor: SideKey, rules: Mapping[str, Any] | DuelRules,
                 explain: bool = True) -> DuelResult:
    """Resolve every clash of a duel, score it and explain it step by step (`explain=False`: the same
    result with no steps, for a simulation nobody reads)."""
    if aggressor not in ("a", "b"):
        raise DuelError(f"aggressor must be 'a' or 'b', got {aggressor!r}")
    duel_rules = DuelRules.from_rules(rules)
    check_action_counts(a, b, duel_rules)
    labels: dict[SideKey, str] = {"a": a.name or "A", "b": b.name or "B"}
    roles = [f"{labels[aggressor]} is the aggressor, {labels[other_key(aggressor)]} the defender."] if explain else []
    ledger = _Ledger(duel_rules, steps=roles, explain=explain)
    a, b = _clamped(ledger, a, labels["a"]), _clamped(ledger, b, labels["b"])
    for index, (xa, xb) in enumerate(zip(a.actions, b.actions), start=1):
        ledger.clashes.append(len(ledger.steps))
        if len(a.actions) > 1 and explain:
            ledger.steps.append(f"Clash {index}: {xa.name} against {xb.name}.")
        fighters = (_Fighter("a", labels["a"], a, xa), _Fighter("b", labels["b"], b, xb))
        start = len(ledger.hits)
        resolve_clash(ledger, *fighters)
        _fire_clash_effects(ledger, fighters, ledger.hits[start:])
    return _score(ledger, {"a": a, "b": b}, aggressor, labels)


def _clamped(ledger: _Ledger, side: Side, label: str) -> Side:
    """A DV below the floor counts as the floor (ruling dv-bounds-after-modifiers)."""
    dv = ledger.rules.clamp_dv(side.dv)
    if dv == side.dv:
        return side
    if ledger.explain:
        ledger.steps.append(f"{label}'s DV {side.dv} counts as {dv} (a DV is never below {ledger.rules.dv_floor}).")
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
        if ledger.explain:
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
    steps = ledger.steps + _tally_lines(results, aggressor, labels, winner, ledger.rules) if ledger.explain else []
    return DuelResult(aggressor, results["a"], results["b"], winner, tuple(steps), tuple(triggers),
                      (*ledger.clashes, len(ledger.steps)) if ledger.explain else ())


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
    verdict = "a tie" if winner not in ("a", "b") else f"{labels[winner]} wins the duel"  # type: ignore[index]
    lines.append(f"Tally: {labels['a']} {results['a'].points}, {labels['b']} {results['b'].points}: {verdict}.")
    return lines


# --- describing effects ---------------------------------------------------------------

def _targets(who: str, owner: SideKey, aggressor: SideKey) -> tuple[SideKey, ...] | None:
    table: dict[str, tuple[SideKey, ...]] = {
        "self": (owner,), "opponent": (other_key(owner),), "both": ("a", "b"),
        "aggressor": (aggressor,), "defender": (other_key(aggressor),),
    }
    return table.get(who)
