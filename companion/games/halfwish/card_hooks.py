"""Named hooks of the locations and the upgrades (`{op: hook, name: ...}` in the database).

Each hook is `fn(engine, state, item, params) -> events`; `item` is the effect step (its `owner` is
the seat the card belongs to, `source` the card id, `slot` the action's place in the duel).
"""

from __future__ import annotations

from typing import Any

from ...engine.core import Event
from ...engine.steps import StepCall
from . import ledger
from .context import Game
from .state import HalfwishState
from .triggers import ask_choice, is_dv_locked, named_seats, owner_of, strike_mod

# -- locations ---------------------------------------------------------------------------------------

def alignment_dv(engine: Game, state: HalfwishState, item: StepCall, params: dict[str, Any]) -> list[Event]:
    """Every player whose DV has the alignment gains DV."""
    events, want_odd = [], params.get("alignment") == "odd"
    if is_dv_locked(state):
        return [Event("dv", "DVs cannot change this turn")]
    for seat, player in enumerate(state.players):
        if (ledger.dice_value(engine.rules, player) % 2 == 1) == want_odd:
            if params.get("passive"):
                player.dv_passive += int(params["amount"])
            else:
                player.dv_gain += int(params["amount"])
            events.append(Event("dv", f"{player.name}'s DV matches the alignment: "
                                      f"{int(params['amount']):+d} DV{ledger.dv_now(engine.rules, state, player)}"))
    return events


def set_dv_to_halfwish(engine: Game, state: HalfwishState, item: StepCall, params: dict[str, Any]) -> list[Event]:
    """The named players' DVs are set to the Halfwish value."""
    if is_dv_locked(state):
        return [Event("dv", "DVs cannot change this turn")]
    for seat in named_seats(item, params.get("who")):
        state.players[seat].roll, state.players[seat].dv_gain = engine.rules.halfwish_set_dv, 0
    return [Event("dv", f"DVs are set to {engine.rules.halfwish_set_dv}")]


# -- upgrades ------------------------------------------------------------------------------------------

def alignment_strike(engine: Game, state: HalfwishState, item: StepCall, params: dict[str, Any]) -> list[Event]:
    """This action strikes for more with an even DV, less with an odd one: the DV's alignment is read
    whenever the duel is calculated, so a later DV change (Halfwish, Roar) changes it too."""
    seat, name = owner_of(item), engine.catalog.name(item["source"])
    alignment = state.current_duel.flags.setdefault("alignment", {})
    alignment[f"{seat}:{item['slot']}"] = [int(params["even"]), int(params["odd"])]
    return [Event("alignment", f"{name} strikes for {int(params['even']):+d} if {state.players[seat].name}'s DV "
                               f"is even, {int(params['odd']):+d} if it is odd (read when the duel is calculated)")]


def first_blood_bonus(engine: Game, state: HalfwishState, item: StepCall, params: dict[str, Any]) -> list[Event]:
    """This action strikes for more while nobody has First Blood."""
    if state.first_blood >= 0:
        return []
    strike_mod(state, item, int(params["amount"]))
    return [Event("first-blood", f"Nobody has First Blood: {engine.catalog.name(item['source'])} strikes for "
                                 f"{params['amount']} more")]


def transform_copy_opposing(engine: Game, state: HalfwishState, item: StepCall, params: dict[str, Any]) -> list[Event]:
    """Mirror Guard: ask whether to copy the opposing action."""
    seat, slot = owner_of(item), int(item["slot"])
    opposing = state.current_duel.actions[1 - seat]
    if slot >= len(opposing):
        return []
    target = state.current_duel.transformed.get(f"{1 - seat}:{slot}", opposing[slot])
    ask_choice(state, seat, "mirror", f"{state.players[seat].name}: transform "
                                      f"{engine.catalog.name(item['source'])} into a copy of "
                                      f"{engine.catalog.name(target)}?",
               [("keep", "Keep it as it is"), ("copy", f"Become {engine.catalog.name(target)}")],
               slot=slot, target=target)
    return []


def mirror_choice(engine: Game, state: HalfwishState, item: StepCall, answer: str) -> list[Event]:
    """Become a copy of the opposing action, or stay."""
    if answer == "keep":
        return []
    state.current_duel.transformed[f"{item['seat']}:{item['slot']}"] = item["target"]
    return [Event("transform", f"{state.players[item['seat']].name}'s action becomes "
                               f"{engine.catalog.name(item['target'])} until the end of the turn")]


def downgrade(engine: Game, state: HalfwishState, item: StepCall, params: dict[str, Any]) -> list[Event]:
    """The card is permanently replaced in the player's deck."""
    seat, card, into = owner_of(item), str(item["source"]), str(params["into"])
    player = state.players[seat]
    if card not in player.deck:
        return []
    player.deck[player.deck.index(card)] = into
    if card in player.innate:
        player.innate[player.innate.index(card)] = into
    actions = state.current_duel.actions[seat]
    if card in actions:
        actions[actions.index(card)] = into
    return [Event("downgrade", f"{player.name}'s {engine.catalog.name(card)} is Downgraded into a "
                               f"{engine.catalog.name(into)} for the rest of the game")]
