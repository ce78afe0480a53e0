"""Duels: preparation, commitment, the showdown, the calculation and applying the result.

Seed: "Duels are broken into 2 phases: Preparation and Showdown." At the showdown the map
card, then the action cards (with their reveal effects), then both DVs are revealed; the
duel is calculated; powers may follow; then combat damage, action effects and points apply.
The maths is `duel.resolve_duel`; this module feeds it from the game state.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from cards.wording import plural

from ...engine.core import Decision, Event, Option
from ...engine.steps import Question, StepCall, StepTable, drop_steps, push_front, step
from . import ledger, preview
from .asked import once
from .context import Game
from .duel import resolve_duel
from .encounters import reveal_steps
from .hands import candidates, take_from_hand
from .profiles import ActionProfile
from .sides import DuelResult, Side, SideKey
from .state import Duel, HalfwishState
from .triggers import effect_steps, effects_at

SIDES: tuple[SideKey, SideKey] = ("a", "b")   # seat 0 is side a, seat 1 side b
LAST_DUEL = "last-duel"   # the memo slot of the last duel calculated: its sides and its result


def duel_step(name: str, **params: Any) -> StepCall:
    """A step that belongs to the duel (dropped if the duel ends early)."""
    return step(name, duel=True, **params)


def role_text(engine: Game, state: HalfwishState, seat: int) -> str:
    """How a player scores in their role (the reminder the seed asks the GM to give)."""
    rules = engine.rules
    if state.duel is not None and state.current_duel.aggressor == seat:
        return (f"aggressor: scores {rules.aggressor_points_per_hit} point for every time the defender "
                f"takes damage")
    return (f"defender: scores {rules.defender_points_no_damage} point for taking no damage and "
            f"{rules.defender_points_aggressor_hit} if the aggressor takes damage")


def start_duel(engine: Game, state: HalfwishState, item: StepCall) -> list[Event]:
    """The duel begins: roles, then preparation, commitment, showdown and resolution steps."""
    aggressor, tp = int(item["aggressor"]), state.turn_player
    state.duel = Duel(aggressor=aggressor, initiative=tp)
    push_front(state, duel_step("power", seat=tp, stage="prep"), duel_step("commit-all"),
               duel_step("showdown"), duel_step("power", seat=tp, stage="showdown"),
               duel_step("duel-apply"), duel_step("duel-close"))
    if not engine.explain:
        return []
    names = [p.name for p in state.players]
    return [Event("duel", f"Duel! {names[aggressor]} is the {role_text(engine, state, aggressor)}; "
                          f"{names[1 - aggressor]} is the {role_text(engine, state, 1 - aggressor)}")]


def actions_required(engine: Game, state: HalfwishState) -> int:
    """One action on turns 1-2, two on turns 3-5 (never more than both hands hold)."""
    wanted = int(engine.rules.actions_per_duel[state.turn - 1])
    return min([wanted] + [p.hand_size for p in state.players])


def commit_all(engine: Game, state: HalfwishState, item: StepCall) -> list[Event]:
    """Preparation is over: ask each player for the turn's actions, turn player first."""
    count, tp = actions_required(engine, state), state.turn_player
    state.current_duel.stage = "commit"
    push_front(state, *[duel_step("commit", seat=seat, slot=slot) for seat in (tp, 1 - tp) for slot in range(count)])
    if not engine.explain:
        return []
    return [Event("prep", f"Preparation ends: each player commits {plural(count, 'action')}")]


def ask_commit(engine: Game, state: HalfwishState, item: StepCall) -> Decision:
    """Which card a player commits (at the table: what the gamemaster is shown)."""
    seat, player = item["seat"], state.players[item["seat"]]
    position = ("left", "right")[item["slot"]] if engine.rules.actions_per_duel[state.turn - 1] > 1 else "only"
    cards = tuple(candidates(player))

    def build() -> Decision:
        # Face down until the showdown: typed unseen, or the opponent reads it before committing.
        return Decision(seat, f"{player.name}: which action card is committed ({position} action)?",
                        tuple(engine.catalog.option(c) for c in cards), kind="commit", secret=True)
    return once(engine, ("commit", seat, player.name, position, cards), build)


def answer_commit(engine: Game, state: HalfwishState, item: StepCall, card: str) -> list[Event]:
    """Move the committed card from the hand to the duel."""
    player = state.players[item["seat"]]
    take_from_hand(player, card)
    state.current_duel.actions[item["seat"]].append(card)
    if not engine.explain:
        return []
    return [Event("commit", f"{player.name} commits an action face down")]


def showdown(engine: Game, state: HalfwishState, item: StepCall) -> list[Event]:
    """The showdown: flip the location, then reveal actions and DVs."""
    state.current_duel.stage = "showdown"
    state.current_duel.passes = 0   # the showdown's powers window starts afresh
    push_front(state, *reveal_steps(state, "duel", state.current_duel.aggressor), duel_step("reveal-actions"),
               duel_step("reveal-dvs"))
    if not engine.explain:
        return []
    return [Event("showdown", "Showdown: reveal the location, then the actions, then the DVs")]


def reveal_actions(engine: Game, state: HalfwishState, item: StepCall) -> list[Event]:
    """Reveal both players' actions and queue their reveal effects (turn player first)."""
    duel, tp, explain = state.current_duel, state.turn_player, engine.explain
    duel.revealed = True
    events, steps = [], []
    for seat in (tp, 1 - tp):
        if explain:
            names = ", ".join(engine.catalog.name(c) for c in duel.actions[seat])
            events.append(Event("reveal", f"{state.players[seat].name} reveals {names or 'no action'}"))
        for slot in range(len(duel.actions[seat])):
            profile = action_at(engine, state, seat, slot)
            steps += effect_steps([dict(e) for e in profile.on_reveal], seat, profile.id, slot=slot)
    push_front(state, *steps)
    return events


def reveal_dvs(engine: Game, state: HalfwishState, item: StepCall) -> list[Event]:
    """Reveal the DVs and explain the duel as calculated before the showdown powers. The duel keeps
    what it was calculated from (`preview.sides_json`), so that applying it can say whether a power
    changed it; a simulation nobody reads keeps the same and calculates nothing yet."""
    sides = (side_of(engine, state, 0), side_of(engine, state, 1))
    state.current_duel.flags["preview"] = preview.sides_json(sides)
    if not engine.explain:
        return []
    dvs = ", ".join(f"{p.name} DV {ledger.dice_value(engine.rules, p)}" for p in state.players)
    result = calculate(engine, state)
    return [Event("reveal", f"DVs revealed: {dvs}")] + explained(list(result.steps), result.clashes)


def explained(steps: list[str], clashes: tuple[int, ...], offset: int = 0) -> list[Event]:
    """A duel's explanation, a step an event; the steps of one clash (from `clashes`, shifted by
    `offset` lines said before them) share a `paragraph`, which a play screen runs together."""
    starts = [start + offset for start in clashes]

    def paragraph(index: int) -> dict[str, Any]:
        number = sum(1 for start in starts[:-1] if start <= index)
        return {"paragraph": f"clash-{number}"} if starts and starts[0] <= index < starts[-1] else {}
    return [Event("explain", line, paragraph(index)) for index, line in enumerate(steps)]


# -- the calculation ------------------------------------------------------------------------

def action_key(seat: int, slot: int) -> str:
    """The key of a committed action: `seat:slot`."""
    return f"{seat}:{slot}"


def action_at(engine: Game, state: HalfwishState, seat: int, slot: int) -> ActionProfile:
    """The profile of a committed action, after transforms and this turn's changes."""
    duel = state.current_duel
    flags = duel.flags
    if not duel.transformed and "strike_mods" not in flags and "alignment" not in flags:
        return engine.profiles[duel.actions[seat][slot]]   # nothing changed the action this turn
    key = action_key(seat, slot)
    card = duel.transformed.get(key, duel.actions[seat][slot])
    profile = engine.profiles[card]
    bonus = int(duel.flags.get("strike_mods", {}).get(key, 0)) + _alignment_bonus(engine, state, seat, key)
    return dataclasses.replace(profile, dv=profile.dv + bonus) if bonus else profile


def _alignment_bonus(engine: Game, state: HalfwishState, seat: int, key: str) -> int:
    """Alignment (Gambler's Strike): the bonus for the player's DV as it is now, even or odd."""
    even_odd = state.current_duel.flags.get("alignment", {}).get(key)
    if not even_odd:
        return 0
    return int(even_odd[0] if ledger.dice_value(engine.rules, state.players[seat]) % 2 == 0 else even_odd[1])


def side_of(engine: Game, state: HalfwishState, seat: int, bounded: bool = True) -> Side:
    """One seat's part of the duel for the resolver; `bounded=False` leaves a DV beyond the dice's range
    for the resolver to bring back and explain (the calculators, where a DV change is typed)."""
    player, duel = state.players[seat], state.current_duel
    raw = player.roll + player.dv_gain + player.dv_passive
    return Side(
        actions=tuple(action_at(engine, state, seat, slot) for slot in range(len(duel.actions[seat]))),
        dv=ledger.dice_value(engine.rules, player) if bounded else raw,
        exposed=player.status("exposed"), toughness=player.status("toughness"),
        strike_bonus=player.strike_bonus, cannot_take_damage=player.has_status("invulnerable"),
        points_from_effects=duel.tally[seat], hits_before=tuple(duel.hits[seat]),
        health=player.health, name=player.name)


def calculate(engine: Game, state: HalfwishState, bounded: bool = True, explain: bool = True) -> DuelResult:
    """Resolve the duel as it stands now (before powers change it, and again after); `explain=False`
    leaves the result's steps empty."""
    aggressor: SideKey = SIDES[state.current_duel.aggressor]
    key = (side_of(engine, state, 0, bounded), side_of(engine, state, 1, bounded), aggressor)
    last = engine.catalog.memo.get(LAST_DUEL)
    if last is not None and last[0] == key and (last[2] or not explain):   # calculated at the reveal, again to apply
        return last[1]  # type: ignore[no-any-return]
    result = resolve_duel(*key, engine.duel_rules, explain=explain)
    engine.catalog.memo[LAST_DUEL] = (key, result, explain)
    return result


def winner_seat(result: DuelResult) -> int:
    """The duel winner's seat, -1 for a tie."""
    return SIDES.index(result.winner) if result.winner in SIDES else -1


def apply_duel(engine: Game, state: HalfwishState, item: StepCall) -> list[Event]:
    """Apply combat damage and duel points, name the winner, queue the effects that follow."""
    duel, explain = state.current_duel, engine.explain
    result = calculate(engine, state, explain=explain)
    changed = _changed_steps(engine, state, result)
    recalculated = len(changed) > len(result.steps)  # else one line said nothing changed
    events = explained(changed, result.clashes if recalculated else (), len(changed) - len(result.steps)
                       ) if explain else []
    for seat in (0, 1):
        events += _apply_combat(state, seat, result.side(SIDES[seat]).combat_hits, explain)
    gains = [result.side(SIDES[seat]).score_points for seat in (0, 1)]
    at_once = state.first_blood < 0 and min(gains) > 0
    for seat in (0, 1):
        if gains[seat]:
            events += ledger.score(state, seat, gains[seat], "the duel", first_blood=not at_once, explain=explain)
    if at_once:
        events.append(ledger.first_blood_at_once(state, gains))
    duel.result = {"winner": winner_seat(result), "points": [result.a.points, result.b.points]}
    if explain:
        events.append(_winner_event(state, duel))
    steps = [s for t in result.triggered
             for s in effect_steps([dict(t.effect)], SIDES.index(t.side), t.action, counted=t.counted)]
    push_front(state, *steps, *after_duel_steps(engine, state))
    return events


def is_as_revealed(engine: Game, state: HalfwishState) -> bool:
    """Is the duel as it was when the DVs were revealed (no power changed a DV, an action, a status)?"""
    kept = state.current_duel.flags.get("preview")
    return kept is not None and kept == preview.sides_json((side_of(engine, state, 0), side_of(engine, state, 1)))


def _changed_steps(engine: Game, state: HalfwishState, result: DuelResult) -> list[str]:
    """The whole explanation again only if powers changed it since the DVs were revealed."""
    kept = state.current_duel.flags.get("preview")
    if kept is not None and (is_as_revealed(engine, state)
                             or preview.explained(engine, kept, SIDES[state.current_duel.aggressor]) == result.steps):
        return ["No power changed the duel: it applies as calculated."]
    return ["After the powers the duel is recalculated:"] + list(result.steps)


def _apply_combat(state: HalfwishState, seat: int, hits: tuple[int, ...], explain: bool) -> list[Event]:
    player = state.players[seat]
    for amount in hits:
        player.health = max(0, player.health - amount)
        state.current_duel.hits[seat].append(amount)
    if not hits or not explain:
        return []
    return [Event("damage", f"{player.name} takes {sum(hits)} combat damage: health {player.health}",
                  {"seat": seat, "amount": sum(hits)})]


def _winner_event(state: HalfwishState, duel: Duel) -> Event:
    winner = duel.result["winner"]
    if winner < 0:
        return Event("duel-result", "The duel is a tie: nobody wins it")
    return Event("duel-result", f"{state.players[winner].name} wins the duel", {"winner": winner})


# The moments after a duel at which a played power's effects happen, and whether each does for the
# power's owner (`seat`) given the duel's winner (-1: a tie); a conceded duel has its own (`concede`).
POWER_AFTER_DUEL: dict[str, Callable[[int, int], bool]] = {
    "duel_end": lambda winner, seat: True,
    "win_or_tie": lambda winner, seat: winner in (seat, -1),
    "win": lambda winner, seat: winner == seat,
}


def after_duel_steps(engine: Game, state: HalfwishState) -> list[StepCall]:
    """Location rewards, the played powers' win/tie effects and the actions' duel-end effects."""
    duel, steps = state.current_duel, []
    winner = duel.result["winner"]
    if state.location and not duel.flags.get("treasure_taken"):
        steps += effect_steps(effects_at(engine, state.location, "duel_end", "win", "lose"),
                              duel.aggressor, state.location)
    for seat, power in duel.flags.get("played", []):
        whens = [when for when, happens in POWER_AFTER_DUEL.items() if happens(winner, seat)]
        steps += effect_steps(effects_at(engine, power, *whens), seat, power)
    for seat in (0, 1):
        for slot, card in enumerate(duel.actions[seat]):
            if engine.catalog.card(card).deck == "upgrades":
                steps += effect_steps(effects_at(engine, card, "duel_end"), seat, card, slot=slot)
    return steps


def close_duel(engine: Game, state: HalfwishState, item: StepCall) -> list[Event]:
    """The committed cards go to their owners' discard piles."""
    duel = state.current_duel
    for seat in (0, 1):
        state.players[seat].discard += duel.actions[seat]
    duel.stage = "done"
    return []


# -- challenges and concessions ------------------------------------------------------------------

def ask_challenge(engine: Game, state: HalfwishState, item: StepCall) -> Decision:
    """The challenged player concedes or proceeds."""
    player, card = state.players[item["seat"]], engine.catalog.name(state.current_duel.challenge)
    options = (Option("proceed", f"Proceed with the duel ({card} takes effect)"),
               Option("concede", "Concede: lose the duel now, without a showdown"))
    return Decision(item["seat"], f"{player.name}: {card} is a Challenge. Concede or proceed?", options,
                    kind="challenge", default="proceed")  # Enter never concedes


def answer_challenge(engine: Game, state: HalfwishState, item: StepCall, answer: str) -> list[Event]:
    """Proceed, or concede: the rest of the duel is dropped."""
    duel, seat = state.current_duel, item["seat"]
    name = state.players[seat].name
    if answer == "proceed":
        return [Event("challenge", f"{name} proceeds with the duel")]
    duel.conceded = seat
    drop_steps(state, "duel")
    push_front(state, step("concede", seat=seat))
    return [Event("challenge", f"{name} concedes the duel")]


def concede(engine: Game, state: HalfwishState, item: StepCall) -> list[Event]:
    """Ruling concede-results: the conceder loses; no combat; the location is revealed with its
    effect disabled but its treasure reward goes to the winner; the challenge's concede effect applies."""
    duel, winner = state.current_duel, 1 - int(item["seat"])
    duel.result = {"winner": winner, "conceded": item["seat"]}
    for player in state.players:   # "DVs will reroll in the next turn", even a DV Ice Beam kept
        player.keep_dv = False
    flip = [step("flip")] if not state.location else []
    push_front(state, *flip, step("concede-rewards", challenger=duel.challenger, challenge=duel.challenge),
               step("duel-close"))
    return [Event("duel-result", f"{state.players[winner].name} wins the duel by concession")]


def concede_rewards(engine: Game, state: HalfwishState, item: StepCall) -> list[Event]:
    """The challenge's concede effect and the treasure reward for the winner."""
    steps = effect_steps(effects_at(engine, item["challenge"], "concede"), item["challenger"], item["challenge"])
    if state.location:
        steps += effect_steps(effects_at(engine, state.location, "duel_end", "win"), state.current_duel.aggressor,
                              state.location)
    push_front(state, *steps)
    return []


STEPS = StepTable(
    questions={"commit": Question(ask_commit, answer_commit), "challenge": Question(ask_challenge, answer_challenge)},
    automatic={"duel-start": start_duel, "commit-all": commit_all, "showdown": showdown, "reveal-actions": reveal_actions, "reveal-dvs": reveal_dvs, "duel-apply": apply_duel, "duel-close": close_duel, "concede": concede, "concede-rewards": concede_rewards},
)
