"""Skill cards (the Cards, Effects and Keywords sections; rulings `skills-belong`,
`keyword-semantics`).

A skill card's effect is its fields (cost, target, range, damage, damage_tier, heal, power,
armor, apply, draw, keyword), the same fields rules.skill_text prints. `play_skill` pays and
names the card, `resolve` runs the effect `times` times (Bounty, Resonance, Defiance), and
Inspiration asks a coin for each character the effect reached.
"""

from __future__ import annotations

from typing import Any

from ...engine.hands import can_hold, candidates, take
from ...engine.requests import Chance, Decision, Event, Option
from ...engine.steps import Question, StepCall, StepTable, push_front, step
from .board import distance
from .damage import heal, is_critical, shift, strike
from .effects import apply_effect, cost, is_blocked
from .game import Game
from .state import Fighter, SkirmishState

SINGLE = ("enemy", "ally")


def user_of(engine: Game, state: SkirmishState, card: dict[str, Any]) -> Fighter | None:
    """The fielded character a skill card belongs to."""
    return next((f for f in state.fighters if f.id == card["character"]), None)


def skill_cost(engine: Game, fighter: Fighter, card: dict[str, Any]) -> int:
    """The card's cost for its character now (Glaciate, Tailwind)."""
    return cost(engine.rules, fighter, card["cost"])


def in_range(engine: Game, state: SkirmishState, user: Fighter, card: dict[str, Any]) -> list[Fighter]:
    """Every character the card could reach: enemies or allies (the user included) within its range."""
    if card["target"] == "self":
        return [user]
    enemies = card["target"] in ("enemy", "enemies")
    assert user.tile is not None
    return [f for f in state.fighters if f.is_active and (f.owner != user.owner) == enemies
            and f.tile is not None and distance(user.tile, f.tile) <= card["range"]]


def can_play(engine: Game, state: SkirmishState, seat: int, cid: str) -> bool:
    """May the player use this card now: held, its character active and not Silenced, AP, keyword costs,
    and someone to target."""
    card, side = engine.skills[cid], state.sides[seat]
    user = user_of(engine, state, card)
    if user is None or user.owner != seat or not user.is_active or is_blocked(user, "skill"):
        return False
    if skill_cost(engine, user, card) > side.ap or not can_hold(side.hand, side.unseen, cid):
        return False
    keyword = card.get("keyword")
    if keyword == "channel" and (user.attacked or is_blocked(user, "attack")):  # no attack to consume
        return False
    if keyword == "delirium" and side.max_ap < engine.rules["delirium_max_ap"]:
        return False
    return bool(in_range(engine, state, user, card))


def playable(engine: Game, state: SkirmishState, seat: int) -> list[str]:
    """The distinct cards the player may use now, in hand order."""
    side = state.sides[seat]
    return [c for c in candidates(side.hand, side.unseen) if can_play(engine, state, seat, c)]


def times(engine: Game, state: SkirmishState, user: Fighter, card: dict[str, Any]) -> int:
    """How many times the effect activates: Bounty, Resonance and Defiance when their condition holds."""
    keyword, many = card.get("keyword"), engine.rules["keyword_times"]
    if keyword == "bounty" and any(f.leader and f.fainted for f in state.team_of(state.opponent(user.owner))):
        return int(many["bounty"])
    if keyword == "resonance" and state.turn % 2 == 0:
        return int(many["resonance"])
    if keyword == "defiance" and is_critical(engine, user):
        return int(many["defiance"])
    return 1


def play_skill(engine: Game, state: SkirmishState, seat: int, cid: str) -> list[Event]:
    """Name and discard the card, pay its costs, then ask the target or resolve."""
    card, side = engine.skills[cid], state.sides[seat]
    user = user_of(engine, state, card)
    assert user is not None
    paid = skill_cost(engine, user, card)
    take(side.hand, side.unseen, cid)
    side.discard.append(cid)
    side.ap -= paid
    extra = ""
    if card.get("keyword") == "channel":
        user.attacked, extra = True, ", channelling the attack"
    elif card.get("keyword") == "delirium":
        side.max_ap -= engine.rules["delirium_max_ap"]
        extra = f", maximum AP now {side.max_ap}"
    count = times(engine, state, user, card)
    resolve = step("skill_resolve", card=cid, user=user.id, times=count)
    push_front(state, step("skill_target", card=cid, user=user.id, times=count) if card["target"] in SINGLE
               else resolve)
    twice = f", x{count}" if count > 1 else ""
    return [Event("skill", f"{state.players[seat]} uses {engine.card_name(cid)} with {user.label} "
                           f"({paid} AP{extra}{twice})", {"card": cid, "fighter": user.id, "times": count})]


def ask_target(engine: Game, state: SkirmishState, item: StepCall) -> Decision:
    """The one enemy or ally the skill targets."""
    card, user = engine.skills[item["card"]], state.fighter(item["user"])
    options = tuple(Option(f.id, f"{engine.character_name(f.id)} on {f.tile}")
                    for f in in_range(engine, state, user, card))
    return Decision(user.owner, f"{engine.card_name(item['card'])} targets", options, kind="skill-target")


def answer_target(engine: Game, state: SkirmishState, item: StepCall, target: str) -> list[Event]:
    """Resolve on the chosen character."""
    push_front(state, step("skill_resolve", card=item["card"], user=item["user"], times=item["times"],
                           target=target))
    return []


def run_resolve(engine: Game, state: SkirmishState, item: StepCall) -> list[Event]:
    """The effect, `times` times, on each target still standing; then draws and Inspiration coins."""
    card, user = engine.skills[item["card"]], state.fighter(item["user"])
    events: list[Event] = []
    reached = 0
    for _ in range(item["times"]):
        targets = ([state.fighter(item["target"])] if "target" in item else
                   (in_range(engine, state, user, card) if user.is_active else []))
        for target in [t for t in targets if t.is_active]:
            events += affect(engine, state, user, target, card)
            reached += 1
    later = [step("inspire", user=user.id) for _ in range(reached)] if card.get("keyword") == "inspiration" else []
    if card.get("draw"):
        later.append(step("draw", seat=user.owner, count=card["draw"] * item["times"]))
    push_front(state, *later)
    return events


def affect(engine: Game, state: SkirmishState, user: Fighter, target: Fighter,
           card: dict[str, Any]) -> list[Event]:
    """One activation of the card's effect on one character, in the printed order."""
    events: list[Event] = []
    name = engine.card_name(card["id"])
    if "damage" in card:
        events += strike(engine, state, user, target, card["damage"], name)
    if "damage_tier" in card:
        events += strike(engine, state, user, target, engine.tiers.power[engine.tiers.index(card["damage_tier"])],
                         name)
    if target.fainted:
        return events
    if "heal" in card:
        events += heal(engine, target, card["heal"])
    for score in ("power", "armor"):
        if score in card:
            events += shift(engine, state, target, score, card[score])
    if not target.fainted:
        events += [apply_effect(target, effect, n) for effect, n in card.get("apply", {}).items()]
    return events


def ask_inspire(engine: Game, state: SkirmishState, item: StepCall) -> Chance:
    """Inspiration's coin: 1 raises power, 2 raises armor."""
    user = state.fighter(item["user"])
    return Chance("roll", f"Inspiration for {engine.character_name(user.id)}: d2, 1 = power, 2 = armor",
                  user.owner, dice=(2,))


def answer_inspire(engine: Game, state: SkirmishState, item: StepCall, faces: list[int]) -> list[Event]:
    """Raise the chosen score one tier (if the character still stands)."""
    user = state.fighter(item["user"])
    if not user.is_active:
        return []
    return shift(engine, state, user, "power" if faces[0] == 1 else "armor", 1)


STEPS = StepTable(
    questions={"skill_target": Question(ask_target, answer_target), "inspire": Question(ask_inspire, answer_inspire)},
    automatic={"skill_resolve": run_resolve},
)
