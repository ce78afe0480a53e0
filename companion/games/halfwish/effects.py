"""Execute the database's effect primitives (see the Halfwish database contract).

Effects are queued as steps, one per effect, so an effect that needs an
answer (a reroll, a bid, a choice) asks it before the next effect runs.
Each step carries who owns the effect (`owner`, the seat `self` names) and
which card it came from (`source`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cards.wording import plural

from ...engine.core import Chance, Decision, Event, Option
from ...engine.steps import Question, StepCall, StepTable, push_front, step
from . import ledger
from .context import Game
from .hands import draw_steps
from .hooks import run_hook
from .state import HalfwishState
from .triggers import is_dv_locked, queue_effects

OpFn = Callable[[Game, HalfwishState, StepCall, dict[str, Any]], list[Event]]


def run_effect(engine: Game, state: HalfwishState, item: StepCall) -> list[Event]:
    """Execute one queued effect."""
    effect = item["effect"]
    return OPS[effect["op"]](engine, state, item, effect)


def seats(state: HalfwishState, item: StepCall, who: str | None) -> list[int]:
    """The seats an effect's `who` names (winner/loser only once a duel has one)."""
    owner = int(item["owner"])
    duel = state.duel
    named = {
        "self": [owner], "revealer": [owner], "bid_winner": [owner], "opponent": [1 - owner], "both": [0, 1],
        "aggressor": [duel.aggressor] if duel else [],
        "defender": [duel.defender] if duel else [],
    }
    if who in ("winner", "loser"):
        winner = int(item.get("winner", duel.result.get("winner", -1) if duel else -1))
        if winner not in (0, 1):
            return []
        return [winner] if who == "winner" else [1 - winner]
    return named.get(who or "self", [owner])


def source_name(engine: Game, item: StepCall) -> str:
    """The printed name of the effect's card."""
    return engine.catalog.name(str(item["source"]))


def op_heal(engine: Game, state: HalfwishState, item: StepCall, effect: dict[str, Any]) -> list[Event]:
    """Heal the named players."""
    return [e for s in seats(state, item, effect.get("who"))
            for e in ledger.heal(state, engine.rules, s, int(effect["amount"]), source_name(engine, item),
                                 explain=engine.explain)]


def op_damage(engine: Game, state: HalfwishState, item: StepCall, effect: dict[str, Any]) -> list[Event]:
    """Damage the named players (counts as taking damage)."""
    return [e for s in seats(state, item, effect.get("who"))
            for e in ledger.deal_damage(state, engine.rules, s, int(effect["amount"]), source_name(engine, item),
                                        bool(effect.get("true_damage")), explain=engine.explain)]


def op_pay(engine: Game, state: HalfwishState, item: StepCall, effect: dict[str, Any]) -> list[Event]:
    """The named players pay health or points (not damage, not a point loss)."""
    return [e for s in seats(state, item, effect.get("who"))
            for e in ledger.pay(state, s, str(effect.get("resource", "hp")), int(effect["amount"]),
                                source_name(engine, item))]


def op_points(engine: Game, state: HalfwishState, item: StepCall, effect: dict[str, Any]) -> list[Event]:
    """The named players gain or lose points (counted in a duel's tally)."""
    return [e for s in seats(state, item, effect.get("who"))
            for e in ledger.score(state, s, int(effect["amount"]), source_name(engine, item), explain=engine.explain)]


def op_steal(engine: Game, state: HalfwishState, item: StepCall, effect: dict[str, Any]) -> list[Event]:
    """The named players steal from their opponent."""
    events: list[Event] = []
    for thief in seats(state, item, effect.get("who")):
        events += steal(engine, state, thief, str(effect["resource"]), int(effect["amount"]), source_name(engine, item))
    return events


def steal(engine: Game, state: HalfwishState, thief: int, resource: str, amount: int,
          source: str) -> list[Event]:
    """Take up to `amount` of a resource from the opponent (nothing from 0)."""
    victim = state.players[1 - thief]
    field = {"points": "points", "hp": "health", "mana": "mana", "lamps": "lamps"}[resource]
    taken = min(amount, getattr(victim, field))
    setattr(victim, field, getattr(victim, field) - taken)
    if state.duel is not None and resource == "points":
        state.current_duel.tally[1 - thief] -= taken
    label = {"hp": f"{taken} health", "mana": f"{taken} mana"}.get(resource) or plural(taken, resource.rstrip("s"))
    events = [Event("steal", f"{state.players[thief].name} steals {label} from {victim.name} ({source})")]
    if resource == "points":
        return events + ledger.score(state, thief, taken, source)
    if resource == "hp":
        return events + ledger.heal(state, engine.rules, thief, taken, source)
    setattr(state.players[thief], field, getattr(state.players[thief], field) + taken)
    return events


def op_set(engine: Game, state: HalfwishState, item: StepCall, effect: dict[str, Any]) -> list[Event]:
    """Set health, points or DV (not healing, not scoring)."""
    events = []
    for s in seats(state, item, effect.get("who")):
        player, value, resource = state.players[s], int(effect["value"]), str(effect["resource"])
        if resource == "dv":
            if is_dv_locked(state):
                continue
            player.roll, player.dv_gain = value, 0
        elif resource == "hp":
            player.health = min(value, engine.rules.health_max)
        else:
            player.points = value   # setting is not scoring: the duel tally does not change
        events.append(Event("set", f"{player.name}'s {resource} is set to {value} ({source_name(engine, item)})"))
    return events


def op_status(engine: Game, state: HalfwishState, item: StepCall, effect: dict[str, Any]) -> list[Event]:
    """The named players gain a status."""
    return [e for s in seats(state, item, effect.get("who"))
            for e in ledger.add_status(state, engine.rules, s, str(effect["status"]), int(effect.get("amount", 1)),
                                       source_name(engine, item), explain=engine.explain)]


def op_dv(engine: Game, state: HalfwishState, item: StepCall, effect: dict[str, Any]) -> list[Event]:
    """Change DVs: one-time (removed by a reroll) or passive (kept through rerolls)."""
    if is_dv_locked(state):
        return [Event("dv", "DVs cannot change this turn")]
    events = []
    for s in seats(state, item, effect.get("who")):
        player, amount = state.players[s], int(effect["amount"])
        if effect.get("passive"):
            player.dv_passive += amount
        else:
            player.dv_gain += amount
        events.append(Event("dv", f"{player.name} {'+' if amount >= 0 else ''}{amount} DV "
                                  f"({source_name(engine, item)}){ledger.dv_now(engine.rules, state, player)}"))
    return events


def _counter(field: str, label: str, many: str | None = None) -> OpFn:
    def apply(engine: Game, state: HalfwishState, item: StepCall, effect: dict[str, Any]) -> list[Event]:
        """Add to a counter of the named players."""
        events = []
        for s in seats(state, item, effect.get("who")):
            player = state.players[s]
            setattr(player, field, max(0, getattr(player, field) + int(effect.get("amount", 1))))
            events.append(Event(field, f"{player.name} now has {plural(getattr(player, field), label, many)} "
                                       f"({source_name(engine, item)})"))
        return events
    return apply


def op_extra_upgrade(engine: Game, state: HalfwishState, item: StepCall, effect: dict[str, Any]) -> list[Event]:
    """Extra upgrades for the round's upgrade phase; in the last round, which has none, each extra
    upgrade heals what skipping an upgrade heals instead (ruling extra-upgrade-last-round)."""
    if state.round < engine.rules.rounds:
        return _count_extra_upgrades(engine, state, item, effect)
    events = []
    for seat in seats(state, item, effect.get("who")):
        amount = int(effect.get("amount", 1)) * int(engine.rules.skip_upgrade_heal)
        events += ledger.heal(state, engine.rules, seat, amount,
                              f"{source_name(engine, item)}: no upgrade phase follows the last round")
    return events


_count_extra_upgrades = _counter("extra_upgrades", "extra upgrade")


def op_draw(engine: Game, state: HalfwishState, item: StepCall, effect: dict[str, Any]) -> list[Event]:
    """The named players draw action cards now."""
    for s in reversed(seats(state, item, effect.get("who"))):
        push_front(state, *draw_steps(state, s, int(effect.get("amount", 1))))
    return []


def op_reroll(engine: Game, state: HalfwishState, item: StepCall, effect: dict[str, Any]) -> list[Event]:
    """The named players reroll their DV (any, higher or lower)."""
    if is_dv_locked(state):
        return [Event("dv", "DVs cannot change this turn")]
    direction, events, rerolls = str(effect.get("direction", "any")), [], []
    for s in seats(state, item, effect.get("who")):
        if _at_the_edge(engine, state.players[s].roll, direction):   # ruling higher-lower-bounds
            name, roll = state.players[s].name, state.players[s].roll
            events.append(Event("dv", f"{name} rolled {roll}: there is no {direction} roll, the DV stays"
                                if ledger.dvs_revealed(state) else f"{name} cannot roll {direction}: the DV stays"))
        else:
            rerolls.append(step("reroll", seat=s, direction=direction, source=item["source"]))
    push_front(state, *rerolls)
    return events


def _at_the_edge(engine: Game, roll: int, direction: str) -> bool:
    """No roll of the dice is higher than the highest (lower than the lowest)."""
    return (direction == "higher" and roll >= int(engine.rules.dv_max)) or \
        (direction == "lower" and roll <= int(engine.rules.dv_min))


def ask_reroll(engine: Game, state: HalfwishState, item: StepCall) -> Chance:
    """The reroll's dice."""
    player = state.players[item["seat"]]
    wanted = {"higher": " (until higher)", "lower": " (until lower)"}.get(item["direction"], "")
    return Chance("roll", f"{player.name} rerolls their DV{wanted}", item["seat"], tuple(engine.rules.dv_dice),
                  secret=not ledger.dvs_revealed(state))


def answer_reroll(engine: Game, state: HalfwishState, item: StepCall, faces: list[int]) -> list[Event]:
    """Keep the new roll, or roll again until it is higher/lower."""
    player, total = state.players[item["seat"]], sum(faces)
    direction = item["direction"]
    if _must_roll_again(engine, player.roll, total, direction):
        push_front(state, dict(item))
        if not ledger.dvs_revealed(state):
            return [Event("roll", f"{player.name}'s reroll is not {direction}: roll again")]
        return [Event("roll", f"{player.name} rolls {total}: not {direction} than {player.roll}, roll again")]
    player.roll, player.dv_gain = total, 0
    if not ledger.dvs_revealed(state):
        return [Event("roll", f"{player.name} has rerolled their DV (hidden until the showdown)")]
    return [Event("roll", f"{player.name} rerolls: {faces} = {total}; DV {ledger.dice_value(engine.rules, player)}")]


def _must_roll_again(engine: Game, current: int, rolled: int, direction: str) -> bool:
    """Lower/Higher: reroll until the roll is lower/higher (`op_reroll` asks no reroll at the edge)."""
    if direction == "higher":
        return rolled <= current
    if direction == "lower":
        return rolled >= current
    return False


def op_bid(engine: Game, state: HalfwishState, item: StepCall, effect: dict[str, Any]) -> list[Event]:
    """Start a secret bid, the turn player first."""
    push_front(state, step("bid", seat=state.turn_player, bids=[], effect=effect,
                           owner=item["owner"], source=item["source"]))
    return []


def ask_bid(engine: Game, state: HalfwishState, item: StepCall) -> Decision:
    """One player's secret bid (0 up to what they can pay)."""
    player, resource = state.players[item["seat"]], _bid_resource(item)
    most = player.health - 1 if resource == "hp" else player.points  # ruling pay-needs-enough: never to 0 HP
    options = tuple(Option(str(n), f"bid {n}") for n in range(max(most, 0) + 1))
    paid_in = "health" if resource == "hp" else "points"
    return Decision(item["seat"], f"{player.name}: bid {paid_in} in secret ({engine.catalog.name(item['source'])})",
                    options, kind="bid", secret=True)


def _bid_resource(item: StepCall) -> str:
    """What a bid is paid in: its effect's `resource`, points when it names none (the rules' bids)."""
    return str(item["effect"].get("resource", "points"))


def answer_bid(engine: Game, state: HalfwishState, item: StepCall, answer: str) -> list[Event]:
    """Record a bid; once both are in, the higher bid pays and wins the reward."""
    bids = list(item["bids"]) + [int(answer)]
    if len(bids) < 2:
        push_front(state, {**item, "seat": 1 - item["seat"], "bids": bids})
        return [Event("bid", f"{state.players[item['seat']].name} has bid")]
    first = item["seat"] ^ 1   # bids[0] belongs to the seat asked first
    by_seat = {first: bids[0], 1 - first: bids[1]}
    return _settle_bid(engine, state, item, by_seat)


def _settle_bid(engine: Game, state: HalfwishState, item: StepCall, bids: dict[int, int]) -> list[Event]:
    text = f"bids: {state.players[0].name} {bids[0]}, {state.players[1].name} {bids[1]}"
    if bids[0] == bids[1]:
        return [Event("bid", f"{text}: a tie, nobody wins the bid")]
    winner = 0 if bids[0] > bids[1] else 1
    events = [Event("bid", f"{text}: {state.players[winner].name} wins the bid")]
    events += ledger.pay(state, winner, _bid_resource(item), bids[winner], engine.catalog.name(item["source"]))
    queue_effects(state, list(item["effect"].get("reward") or []), winner, item["source"])
    return events


# The one registry of effect primitives: `op` of a database effect -> the function executing it.
OPS: dict[str, OpFn] = {
    "heal": op_heal,
    "damage": op_damage,
    "pay": op_pay,
    "points": op_points,
    "steal": op_steal,
    "set": op_set,
    "status": op_status,
    "dv": op_dv,
    "draw": op_draw,
    "reroll_dv": op_reroll,
    "bid": op_bid,
    "strike_bonus": _counter("strike_bonus", "strike bonus", "strike bonus"),
    "mana": _counter("mana", "mana", "mana"),
    "lamps": _counter("lamps", "lamp"),
    "extra_upgrade": op_extra_upgrade,
    "hook": run_hook,
}


STEPS = StepTable(
    questions={"reroll": Question(ask_reroll, answer_reroll), "bid": Question(ask_bid, answer_bid)},
    automatic={"effect": run_effect},
)
