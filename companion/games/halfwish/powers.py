"""The powers window of each duel phase: initiative, responses and what may be played.

Seed: "The current turn player will always have initiative to play a power during the start
of each phase. ... After a player plays a power or passes initiative, their opponent is given
the opportunity to respond with a power before the initiative is passed back. If both players
pass initiative, move on to the next phase of the duel or resolve it." and "Only 1 non-basic
power can be played per turn."
"""

from __future__ import annotations

from dataclasses import dataclass

from cards.wording import plural

from ...engine.core import Decision, Event, Option
from ...engine.steps import Question, StepCall, StepTable, push_front, step
from . import ledger
from .asked import once
from .context import Game
from .state import HalfwishState, Player
from .triggers import effect_steps, effects_at, is_dv_locked

PASS = "pass"
PASS_OPTION = Option(PASS, "Pass")
SPECIAL = ("halfwish", "feint")   # the basic powers with conditions of their own (special_condition)
DV_LOCKED = "DVs cannot change this turn"
STAGE_WHEN = {"prep": "preparation", "showdown": "showdown"}


@dataclass(frozen=True)
class PowerFacts:
    """What the powers window reads of a power card, read from the database once."""

    stages: frozenset[str]                 # the duel stages (prep, showdown) it may be played in
    cost: int                              # mana
    prices: tuple[tuple[str, int], ...]    # (resource, amount) paid when played
    option: Option                         # the Decision option offering it
    dv_only: bool                          # it only changes DVs (useless while DVs are locked)


def power_facts(engine: Game, power: str) -> PowerFacts:
    """The power's timing, cost, prices and option (built once per engine)."""
    key = ("power", power)
    facts: PowerFacts | None = engine.catalog.memo.get(key)
    if facts is None:
        stages = frozenset(s for s in STAGE_WHEN if timing_allows(engine, power, s))
        prices = tuple((str(e.get("resource", "hp")), int(e["amount"])) for e in effects_at(engine, power, "play")
                       if e["op"] == "pay")
        cost = int(engine.catalog.card(power).get("cost", 0) or 0)
        facts = engine.catalog.memo[key] = PowerFacts(stages, cost, prices, Option(power, _power_label(engine, power)),
                                                      _changes_only_dvs(engine, power))
    return facts


DV_HOOKS = ("keep_dv_next_turn",)   # hooks that only act on a DV


def _changes_only_dvs(engine: Game, power: str) -> bool:
    """Every effect of the power changes or keeps a DV (Ice Beam): M'nka Giga's lock voids it."""
    effects = list(engine.catalog.card(power).get("effects", []) or [])
    return bool(effects) and all(e["op"] == "dv" or (e["op"] == "hook" and e.get("name") in DV_HOOKS)
                                 for e in effects)


def basic_power_ready(engine: Game, player: Player, power: str) -> bool:
    """Basic powers: a limited number of uses per round (ruling basic-powers-once-per-round)."""
    return player.spent_basics.count(power) < int(engine.rules.basic_power_uses_per_round)


def timing_allows(engine: Game, power: str, stage: str) -> bool:
    """Basic powers name their phase; Challenge powers are for preparation only."""
    info = engine.catalog.card(power)
    timing = info.get("timing", "any")
    if info.get("challenge") and stage != "prep":
        return False
    return bool(timing == "any" or timing == STAGE_WHEN[stage])


def can_afford(engine: Game, player: Player, power: str) -> bool:
    """Mana for the cost, and health or points for any price paid on play (ruling pay-needs-enough)."""
    facts = power_facts(engine, power)
    if player.mana < facts.cost:
        return False
    for resource, amount in facts.prices:
        if (player.health - 1 if resource == "hp" else player.points) < amount:
            return False
    return True


def special_condition(engine: Game, state: HalfwishState, seat: int, power: str) -> str:
    """Why Halfwish or Feint cannot be played now ("" when they can): Halfwish cannot change a locked
    DV; Feint needs a DV of `feint_max_dv` or less and a face-up action."""
    player = state.players[seat]
    if power == "halfwish" and is_dv_locked(state):
        return DV_LOCKED
    if power == "feint":
        dv, ceiling = ledger.dice_value(engine.rules, player), engine.rules.feint_max_dv
        if dv > ceiling:
            return f"Feint needs a DV of {ceiling} or less; {player.name}'s DV is {dv}"
        if not state.current_duel.actions[seat]:
            return "Feint needs a face-up action"
    return ""


def unplayable_reason(engine: Game, state: HalfwishState, seat: int, power: str, stage: str) -> str:
    """Why `seat` cannot play `power` now, for a calculator that was asked to play it ("" when it can)."""
    player, name = state.players[seat], engine.catalog.name(power)
    if player.has_status("no_powers"):
        return f"{player.name} cannot play powers this turn"
    if not timing_allows(engine, power, stage):
        return f"{name} cannot be played in the {STAGE_WHEN[stage]}"
    if engine.catalog.is_basic_power(power) and not basic_power_ready(engine, player, power):
        return f"{name} has been used {plural(engine.rules.basic_power_uses_per_round, 'time')} this round"
    if not engine.catalog.is_basic_power(power) and not can_afford(engine, player, power):
        return f"{player.name} cannot pay for {name}"
    if power_facts(engine, power).dv_only and is_dv_locked(state):
        return DV_LOCKED
    return special_condition(engine, state, seat, power) or f"{name} cannot be played now"


def playable(engine: Game, state: HalfwishState, seat: int, stage: str) -> list[str]:
    """Every power `seat` may play now."""
    player = state.players[seat]
    if player.statuses and player.has_status("no_powers"):
        return []
    uses = engine.rules.basic_power_uses_per_round
    found = [p for p in engine.catalog.basic_powers() if player.spent_basics.count(p) < uses]
    if state.nonbasic_played[seat] < engine.rules.non_basic_powers_per_turn:
        found += [p for p in dict.fromkeys(player.powers) if p not in player.spent_powers
                  and can_afford(engine, player, p)]
    locked = is_dv_locked(state)
    return [p for p in found if stage in power_facts(engine, p).stages
            and not (locked and power_facts(engine, p).dv_only)
            and (p not in SPECIAL or not special_condition(engine, state, seat, p))]


def ask_power(engine: Game, state: HalfwishState, item: StepCall) -> Decision:
    """The player with initiative plays a power or passes."""
    seat, stage = item["seat"], item["stage"]
    player = state.players[seat]
    powers = tuple(playable(engine, state, seat, stage))

    def build() -> Decision:
        options = (PASS_OPTION,) + tuple(power_facts(engine, p).option for p in powers)
        # the basic powers everyone holds are listed; a chosen power stays unnamed on the shared
        # screen until the player reveals it and the gamemaster types it
        public = (PASS,) + tuple(p for p in powers if engine.catalog.is_basic_power(p))
        # one line with the turn and the numbers (session 26): the stage is the state block's
        return Decision(seat, f"{player.name}: power or pass? ({player.mana} mana)", options, kind="power", shown=public, default=PASS,
                        unlisted=unlisted_rule(engine, player.name, player.mana))
    return once(engine, ("power", seat, stage, player.name, player.mana, powers), build)


def unlisted_rule(engine: Game, name: str, mana: int) -> str:
    """What limits the powers a shared screen does not list (a player's chosen powers), none named."""
    per_turn = engine.rules.non_basic_powers_per_turn
    return (f"{name} may play only a power they chose and have not played, with the mana for it "
            f"({mana} left), {'one' if per_turn == 1 else per_turn} a turn, at a duel stage it allows")


def _power_label(engine: Game, power: str) -> str:
    info = engine.catalog.card(power)
    cost = f", {info.get('cost')} mana" if info.get("cost") else ""
    return f"{info.name}{cost}: {engine.catalog.text(power)}"


def answer_power(engine: Game, state: HalfwishState, item: StepCall, answer: str) -> list[Event]:
    """Pass (two passes in a row end the window) or play the power."""
    duel, seat = state.current_duel, item["seat"]
    player = state.players[seat]
    if answer == PASS:
        duel.passes += 1
        if duel.passes < 2:
            push_front(state, step("power", seat=1 - seat, stage=item["stage"], duel=True))
        return [Event("power", f"{player.name} passes")] if engine.explain else []
    duel.passes = 0
    return play_power(engine, state, seat, answer, item["stage"])


def play_power(engine: Game, state: HalfwishState, seat: int, power: str, stage: str) -> list[Event]:
    """Spend the power, queue its effects, then the opponent's chance to respond."""
    player, info, duel = state.players[seat], engine.catalog.card(power), state.current_duel
    if engine.catalog.is_basic_power(power):
        player.spent_basics.append(power)
    else:
        player.spent_powers.append(power)
        player.mana -= int(info.get("cost", 0) or 0)
        state.nonbasic_played[seat] += 1
    duel.flags.setdefault("played", []).append([seat, power])
    follow = [step("power", seat=1 - seat, stage=stage, duel=True)]
    if info.get("challenge") and stage == "prep":
        duel.challenge, duel.challenger = power, seat
        follow.insert(0, step("challenge", seat=1 - seat, duel=True))
    whens = ("play", STAGE_WHEN[stage])
    push_front(state, *effect_steps(effects_at(engine, power, *whens), seat, power, stage=stage), *follow)
    if not engine.explain:
        return []
    return [Event("power", f"{player.name} plays {info.name}", {"seat": seat, "power": power})]


STEPS = StepTable(
    questions={"power": Question(ask_power, answer_power)},
)
