"""Named hooks of the basic powers and the powers (`{op: hook, name: ...}` in the database).

Each hook is `fn(engine, state, item, params) -> events`; `item` is the effect step (its `owner` is
the seat the card belongs to, `source` the card id, `stage` the duel phase it was played in). A hook
that needs a player's choice queues a `choice` step (`triggers.ask_choice`); the answer goes to the
choice function named beside it in `hooks.CHOICES`.
"""

from __future__ import annotations

from typing import Any

from ...engine.core import Decision, Event
from ...engine.steps import Question, StepCall, StepTable, drop_steps, push_front, step
from . import ledger
from .context import Game
from .profiles import FEINT_EVADE
from .standing import loser
from .state import HalfwishState
from .triggers import ask_choice, effects_at, is_dv_locked, named_seats, owner_of, queue_effects

# -- basic powers -------------------------------------------------------------------------------

def halfwish(engine: Game, state: HalfwishState, item: StepCall, params: dict[str, Any]) -> list[Event]:
    """Halfwish: ask whether to set the DV or reroll."""
    value = engine.rules.halfwish_set_dv
    ask_choice(state, owner_of(item), "halfwish", f"{state.players[owner_of(item)].name}: Halfwish",
               [("set", f"Set your DV to {value}"), ("reroll", "Reroll your DV")])
    return []


def halfwish_choice(engine: Game, state: HalfwishState, item: StepCall, answer: str) -> list[Event]:
    """Set the DV, or queue a reroll."""
    player = state.players[item["seat"]]
    if answer == "reroll":
        push_front(state, step("reroll", seat=item["seat"], direction="any", source="halfwish"))
        return [Event("halfwish", f"{player.name} rerolls their DV (Halfwish)")]
    player.roll, player.dv_gain = engine.rules.halfwish_set_dv, 0
    return [Event("halfwish", f"{player.name} sets their DV to {engine.rules.halfwish_set_dv} (Halfwish): "
                              f"DV {ledger.dice_value(engine.rules, player)}")]


def feint(engine: Game, state: HalfwishState, item: StepCall, params: dict[str, Any]) -> list[Event]:
    """Feint: ask which face-up action becomes an Evade."""
    seat = owner_of(item)
    actions = state.current_duel.actions[seat]
    options = [(str(i), engine.catalog.name(card)) for i, card in enumerate(actions)]
    ask_choice(state, seat, "feint", f"{state.players[seat].name}: which action does Feint turn into an Evade?",
               options)
    return []


def feint_choice(engine: Game, state: HalfwishState, item: StepCall, answer: str) -> list[Event]:
    """Transform the chosen action into an Evade."""
    seat = item["seat"]
    state.current_duel.transformed[f"{seat}:{answer}"] = FEINT_EVADE
    card = state.current_duel.actions[seat][int(answer)]
    return [Event("feint", f"{state.players[seat].name}'s {engine.catalog.name(card)} becomes an Evade (Feint)")]


def refresh_basic_power(engine: Game, state: HalfwishState, item: StepCall, params: dict[str, Any]) -> list[Event]:
    """A spent basic power is ready again."""
    player, power = state.players[owner_of(item)], str(params["power"])
    if power in player.spent_basics:
        player.spent_basics.remove(power)
    return [Event("refresh", f"{player.name}'s {engine.catalog.name(power)} is refreshed")]


# -- powers ----------------------------------------------------------------------------------------

def avarice(engine: Game, state: HalfwishState, item: StepCall, params: dict[str, Any]) -> list[Event]:
    """Avarice: take a free treasure's reward or steal a point at the end of the turn."""
    seat, location = owner_of(item), state.location
    treasure_free = location and engine.catalog.is_treasure(location) and not state.current_duel.flags.get("treasure_taken")
    if not treasure_free:
        return _avarice_steal_later(engine, state, seat, params)
    options = [("treasure", (f"Take {engine.catalog.name(location)}'s reward now and lose "
                            f"{params['treasure_point_cost']} point")),
               ("steal", f"Steal {params['steal_points']} point at the end of the turn")]
    ask_choice(state, seat, "avarice", f"{state.players[seat].name}: Avarice", options, params=params)
    return []


def avarice_choice(engine: Game, state: HalfwishState, item: StepCall, answer: str) -> list[Event]:
    """Apply the chosen branch of Avarice."""
    seat, params = item["seat"], item["params"]
    if answer == "steal":
        return _avarice_steal_later(engine, state, seat, params)
    location = state.location
    state.current_duel.flags["treasure_taken"] = True
    queue_effects(state, effects_at(engine, location, "duel_end", "win"), seat, location, winner=seat)
    return ledger.score(state, seat, -int(params["treasure_point_cost"]), "Avarice")


def _avarice_steal_later(engine: Game, state: HalfwishState, seat: int, params: dict[str, Any]) -> list[Event]:
    effect = {"op": "steal", "who": "self", "resource": "points", "amount": int(params["steal_points"])}
    state.end_of_turn.append(step("effect", effect=effect, owner=seat, source="avarice"))
    return [Event("avarice", f"{state.players[seat].name} will steal {params['steal_points']} point at the "
                             f"end of the turn (Avarice)")]


def scry(engine: Game, state: HalfwishState, item: StepCall, params: dict[str, Any]) -> list[Event]:
    """Scry: see the opponent's DV, gain DV if lower, offer a parley in the preparation."""
    seat = owner_of(item)
    me, them = state.players[seat], state.players[1 - seat]
    mine, theirs = ledger.dice_value(engine.rules, me), ledger.dice_value(engine.rules, them)
    events = [Event("scry", f"{me.name} looks at {them.name}'s DV ({theirs}) and every face-down location")]
    if mine < theirs and not is_dv_locked(state):
        me.dv_gain += int(params["dv_gain"])
        events.append(Event("dv", f"{me.name}'s DV is lower: gain {params['dv_gain']} DV"
                                  f"{ledger.dv_now(engine.rules, state, me)}"))
    if item.get("stage") == "prep":
        ask_choice(state, seat, "scry", f"{me.name}: cancel the duel and offer a parley instead?",
                   [("duel", "Keep the duel"), ("parley", "Cancel the duel and offer a parley")])
    return events


def scry_choice(engine: Game, state: HalfwishState, item: StepCall, answer: str) -> list[Event]:
    """Keep the duel, or cancel it and offer a parley."""
    if answer == "duel":
        return []
    seat = item["seat"]
    drop_steps(state, "duel")
    state.duel = None
    state.encounter = "parley"
    push_front(state, step("respond", seat=1 - seat, offer="parley"))
    return [Event("scry", f"{state.players[seat].name} cancels the duel and offers a parley (Scry)")]


def lock_dv(engine: Game, state: HalfwishState, item: StepCall, params: dict[str, Any]) -> list[Event]:
    """M'nka Giga: DVs cannot change this turn."""
    state.current_duel.flags["dv_locked"] = True
    return [Event("lock", "DVs cannot change this turn")]


def draw_from_discard(engine: Game, state: HalfwishState, item: StepCall, params: dict[str, Any]) -> list[Event]:
    """Restore: take cards from the discard pile into the hand."""
    seat = owner_of(item)
    for _ in range(int(params["amount"])):
        push_front(state, step("recover", seat=seat))
    return []


def recover(engine: Game, state: HalfwishState, item: StepCall) -> list[Event]:
    """Ask for a discarded card, if there is one."""
    player = state.players[item["seat"]]
    if player.discard:
        push_front(state, step("recover-card", seat=item["seat"]))
        return []
    return [Event("recover", f"{player.name}'s discard pile is empty: nothing to take back")]


def ask_recover(engine: Game, state: HalfwishState, item: StepCall) -> Decision:
    """Which discarded card returns to the hand."""
    player = state.players[item["seat"]]
    options = tuple(engine.catalog.option(c) for c in dict.fromkeys(player.discard))
    return Decision(item["seat"], f"{player.name}: take a card from your discard pile into your hand",
                    options, kind="recover")


def answer_recover(engine: Game, state: HalfwishState, item: StepCall, card: str) -> list[Event]:
    """Move the card from the discard pile to the hand."""
    player = state.players[item["seat"]]
    player.discard.remove(card)
    player.hand.append(card)
    return [Event("recover", f"{player.name} takes {engine.catalog.name(card)} from the discard pile into hand")]


def bubble(engine: Game, state: HalfwishState, item: StepCall, params: dict[str, Any]) -> list[Event]:
    """Bubble: the losing player cannot take damage, otherwise both gain Toughness."""
    seat = owner_of(item)
    if loser(engine, state) == seat:
        state.players[seat].statuses["invulnerable"] = 1
        return [Event("bubble", f"{state.players[seat].name} is losing: cannot take damage this turn (Bubble)")]
    events = []
    for s in (0, 1):
        events += ledger.add_status(state, engine.rules, s, "toughness", int(params["toughness"]), "Bubble")
    return events


def taunt_swap_roles(engine: Game, state: HalfwishState, item: StepCall, params: dict[str, Any]) -> list[Event]:
    """Taunt in the preparation: the opponent becomes the aggressor."""
    if item.get("stage") != "prep":
        return []
    state.current_duel.aggressor = 1 - owner_of(item)
    name = state.players[state.current_duel.aggressor].name
    return [Event("taunt", f"{name} becomes the aggressor (Taunt)")]


def swap_actions(engine: Game, state: HalfwishState, item: StepCall, params: dict[str, Any]) -> list[Event]:
    """Earthquake in the showdown: the opponent's two actions swap places."""
    events = []
    for seat in named_seats(item, params.get("who")):
        actions = state.current_duel.actions[seat]
        if len(actions) < 2:
            continue
        actions.reverse()
        _swap_slot_keys(state, seat)
        events.append(Event("swap", f"{state.players[seat].name}'s actions swap places"))
    return events


def _swap_slot_keys(state: HalfwishState, seat: int) -> None:
    flags = state.current_duel.flags
    for table in (state.current_duel.transformed, flags.setdefault("strike_mods", {}), flags.setdefault("alignment", {})):
        left, right = f"{seat}:0", f"{seat}:1"
        a, b = table.pop(left, None), table.pop(right, None)
        if a is not None:
            table[right] = a
        if b is not None:
            table[left] = b


def keep_dv_next_turn(engine: Game, state: HalfwishState, item: StepCall, params: dict[str, Any]) -> list[Event]:
    """Ice Beam: the named players keep their DV for the next turn."""
    events = []
    for seat in named_seats(item, params.get("who")):
        state.players[seat].keep_dv = True
        events.append(Event("keep-dv", f"{state.players[seat].name} keeps this DV for the next turn"))
    return events


STEPS = StepTable(
    questions={"recover-card": Question(ask_recover, answer_recover)},
    automatic={"recover": recover},
)
