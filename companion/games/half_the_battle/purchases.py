"""Spending Rage: convert some Rage dice, then make the round's one purchase (an ability token,
flipping an item, or damage at the price of the enemies alive per point); excess is lost.

"Converted Rage points can be spent on one of the following options per round, and any excess
points are lost." "Note: killing a piece this way does not generate a Rage die."
"""

from __future__ import annotations

from itertools import combinations

from cards.wording import plural

from ...engine.core import Decision, Event, Option
from ...engine.steps import Question, StepCall, StepTable, push_front, step
from .pieces import Rules, owned
from .rage import offer, rage_points
from .state import HalfTheBattleState


def dice_sets(dice: list[str]) -> list[tuple[str, ...]]:
    """Every different handful of these dice (at least one)."""
    found: dict[tuple[str, ...], None] = {}
    for size in range(1, len(dice) + 1):
        for combo in combinations(sorted(dice), size):
            found[combo] = None
    return list(found)


def ask_convert(engine: Rules, state: HalfTheBattleState, item: StepCall) -> Decision:
    """Which Rage dice to convert (every different handful)."""
    player = state.players[item["seat"]]
    options = [Option("+".join(combo), f"{' + '.join(combo)} = {rage_points(list(combo), engine.rules['dice'])} Rage")
               for combo in dice_sets(player.rage_dice)]
    return Decision(item["seat"], f"{player.name}: convert which Rage dice?",
                    (Option("cancel", "keep the dice"), *options), kind="convert")


def answer_convert(engine: Rules, state: HalfTheBattleState, item: StepCall, answer: str) -> list[Event]:
    """Discard the dice and queue the purchase of their Rage."""
    if answer == "cancel":
        return []
    player = state.players[item["seat"]]
    dice = answer.split("+")
    for die in dice:
        player.rage_dice.remove(die)
    points = rage_points(dice, engine.rules["dice"])
    push_front(state, step("spend", seat=item["seat"], points=points))
    return [Event("convert", f"{player.name} converts {', '.join(dice)} into {points} Rage")]


def spend_options(engine: Rules, state: HalfTheBattleState, seat: int, points: int) -> list[Option]:
    """Every purchase `points` Rage can make now. The labels leave the prices the flips and the
    damage share to the prompt (`spend_prompt`), so a two-column menu never cuts one short (audit
    s27: `9) damage Ann's Dragon d20 (6 Rage a…`); enemy pieces come first as damage targets."""
    costs = engine.rules["rage"]
    options = [Option("nothing", f"spend nothing (lose {points} Rage)")]
    if points >= costs["ability_token"] and any(engine.catalog.side(p.card, p.team).monster for p in state.alive(seat)):
        options.append(Option("token", f"an ability token ({costs['ability_token']} Rage)"))
    if points >= costs["flip_item"]:
        options += [Option(f"up:{c}", f"face up: {engine.catalog.items[c].name}") for c in state.players[seat].spent]
        options += [Option(f"down:{c}", f"face down: {engine.catalog.items[c].name}")
                    for c in state.players[1 - seat].items]
    price = damage_price(state, seat)
    if price and points >= price:
        options += [Option(f"damage:{p.id}", f"damage {owned(engine, state, p)}")
                    for p in [*state.alive(1 - seat), *state.alive(seat)]]
    return options


def damage_price(state: HalfTheBattleState, seat: int) -> int:
    """Rage a point of damage costs: the enemy pieces alive (ruling rage-damage-cost)."""
    return len(state.alive(1 - seat))


def spend_prompt(engine: Rules, state: HalfTheBattleState, seat: int, options: list[Option]) -> str:
    """` (flip 12, damage 6 each)`: the prices in Rage the menu's labels leave out (6 a point)."""
    prices = []
    if any(o.id.startswith(("up:", "down:")) for o in options):
        prices.append(f"flip {engine.rules['rage']['flip_item']}")
    if any(o.id.startswith("damage:") for o in options):
        prices.append(f"damage {damage_price(state, seat)} each")
    return f" ({', '.join(prices)})" if prices else ""


def ask_spend(engine: Rules, state: HalfTheBattleState, item: StepCall) -> Decision:
    """The one purchase of the round."""
    seat, points = item["seat"], item["points"]
    options = spend_options(engine, state, seat, points)
    return Decision(seat, f"{state.players[seat].name}: spend {points} Rage"
                    f"{spend_prompt(engine, state, seat, options) or ' on one purchase'}", tuple(options), kind="spend")


def answer_spend(engine: Rules, state: HalfTheBattleState, item: StepCall, answer: str) -> list[Event]:
    """Make the purchase; excess Rage is lost."""
    seat, points = item["seat"], item["points"]
    me, them = state.players[seat], state.players[1 - seat]
    verb, _, arg = answer.partition(":")
    if verb == "nothing":
        return [Event("rage", f"{me.name} lets {points} Rage go")]
    me.bought_round = state.round
    costs = engine.rules["rage"]
    if verb == "token":
        me.tokens += 1
        return [Event("rage", f"{me.name} buys an ability token; {points - costs['ability_token']} Rage lost")]
    if verb in ("up", "down"):
        owner = me if verb == "up" else them
        source, target = (owner.spent, owner.items) if verb == "up" else (owner.items, owner.spent)
        source.remove(arg)
        target.append(arg)
        whose = "their own" if owner is me else f"{owner.name}'s"
        return [Event("rage", f"{me.name} turns {whose} {engine.catalog.items[arg].name} face {verb}; "
                      f"{points - costs['flip_item']} Rage lost")]
    push_front(state, step("rage-amount", seat=seat, points=points, target=arg))
    return []


def ask_amount(engine: Rules, state: HalfTheBattleState, item: StepCall) -> Decision:
    """How many points of Rage damage to buy."""
    deal = offer([], len(state.alive(1 - item["seat"])), engine.rules)
    most = item["points"] // deal.enemies_alive
    # Rage not spent is lost, so against an enemy piece Enter buys all the damage it can.
    enemy = state.piece(item["target"]).seat != item["seat"]
    return Decision(item["seat"], f"How much Rage damage? ({deal.enemies_alive} Rage a point)",
                    tuple(Option(f"{n}-damage", f"{n} damage ({n * deal.enemies_alive} Rage)")
                          for n in range(most, 0, -1)),
                    kind="amount", default=f"{most}-damage" if enemy else None)


def answer_amount(engine: Rules, state: HalfTheBattleState, item: StepCall, answer: str) -> list[Event]:
    """Queue the Rage damage as one instance."""
    seat, amount = item["seat"], int(answer.partition("-")[0])
    enemies = len(state.alive(1 - seat))
    push_front(state, step("hit", source="", target=item["target"], amount=amount, lethal=False, by="rage", seat=seat))
    lost = item["points"] - amount * enemies
    return [Event("rage", f"{state.players[seat].name} spends {amount * enemies} Rage on {amount} damage "
                  f"({plural(enemies, 'enemy', 'enemies')} alive); {lost} Rage lost")]


STEPS = StepTable(questions={"convert": Question(ask_convert, answer_convert),
                             "spend": Question(ask_spend, answer_spend),
                             "rage-amount": Question(ask_amount, answer_amount)})
