"""Named hooks: card effects that are not simple data (`{op: hook, name: ...}` in the database).

Each hook is `fn(engine, state, item, params) -> events`; `item` is the effect step (its
`owner` is the seat the card belongs to, `source` the card id, and `slot`/`stage` where the
card is an action or a power). Hooks that need a player's choice queue a `choice` step;
the answer goes to the function registered for that choice.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...engine.core import Decision, Event, Option
from . import ledger
from .standing import loser
from .state import HalfwishState
from .steps import Step, automatic, drop_steps, push_front, question, step

if TYPE_CHECKING:
    from .engine import HalfwishEngine

HookFn = Callable[["HalfwishEngine", HalfwishState, Step, dict[str, Any]], list[Event]]
ChoiceFn = Callable[["HalfwishEngine", HalfwishState, Step, str], list[Event]]
HOOKS: dict[str, HookFn] = {}
CHOICES: dict[str, ChoiceFn] = {}


def hook(name: str) -> Callable[[HookFn], HookFn]:
    """Register a named hook."""
    def register(fn: HookFn) -> HookFn:
        """Record the function under its name."""
        HOOKS[name] = fn
        return fn
    return register


def on_choice(name: str) -> Callable[[ChoiceFn], ChoiceFn]:
    """Register the function that applies a hook's choice."""
    def register(fn: ChoiceFn) -> ChoiceFn:
        """Record the function under its name."""
        CHOICES[name] = fn
        return fn
    return register


def run(engine: HalfwishEngine, state: HalfwishState, item: Step, params: dict[str, Any]) -> list[Event]:
    """Run the hook an effect names."""
    name = str(item["effect"]["name"])
    if name not in HOOKS:
        raise KeyError(f"card {item['source']!r} names hook {name!r}, which hooks.py does not define; "
                       f"known: {', '.join(sorted(HOOKS))}")
    return HOOKS[name](engine, state, item, params)


def ask_choice(state: HalfwishState, seat: int, handler: str, prompt: str, options: list[tuple[str, str]],
               **params: Any) -> None:
    """Queue a Decision whose answer goes to CHOICES[handler]."""
    push_front(state, step("choice", seat=seat, handler=handler, prompt=prompt,
                           options=[list(o) for o in options], **params))


def ask_choice_step(engine: HalfwishEngine, state: HalfwishState, item: Step) -> Decision:
    """The Decision a hook asked for."""
    options = tuple(Option(i, label) for i, label in item["options"])
    return Decision(item["seat"], item["prompt"], options, kind=item["handler"])


@question("choice", ask_choice_step)
def answer_choice(engine: HalfwishEngine, state: HalfwishState, item: Step, answer: str) -> list[Event]:
    """Pass the answer to the hook's choice function."""
    return CHOICES[item["handler"]](engine, state, item, answer)


def owner_of(item: Step) -> int:
    """The seat owning the effect."""
    return int(item["owner"])


def named_seats(item: Step, who: str | None) -> list[int]:
    """The seats a hook's `who` names."""
    owner = owner_of(item)
    return {"opponent": [1 - owner], "both": [0, 1]}.get(who or "self", [owner])


def dv_locked(state: HalfwishState) -> bool:
    """Are DVs locked this turn (M'nka Giga)?"""
    return state.duel is not None and bool(state.duel.flags.get("dv_locked"))


def strike_mod(state: HalfwishState, item: Step, amount: int) -> None:
    """Change how much the action in this effect's slot strikes for, this turn."""
    mods = state.duel.flags.setdefault("strike_mods", {})
    key = f"{owner_of(item)}:{item['slot']}"
    mods[key] = int(mods.get(key, 0)) + amount


# -- basic powers -------------------------------------------------------------------------------

@hook("halfwish")
def halfwish(engine, state, item, params):
    """Halfwish: ask whether to set the DV or reroll."""
    value = engine.rules.halfwish_set_dv
    ask_choice(state, owner_of(item), "halfwish", f"{state.players[owner_of(item)].name}: Halfwish",
               [("set", f"Set your DV to {value}"), ("reroll", "Reroll your DV")])
    return []


@on_choice("halfwish")
def halfwish_choice(engine, state, item, answer):
    """Set the DV, or queue a reroll."""
    player = state.players[item["seat"]]
    if answer == "reroll":
        push_front(state, step("reroll", seat=item["seat"], direction="any", source="halfwish"))
        return [Event("halfwish", f"{player.name} rerolls their DV (Halfwish)")]
    player.roll, player.dv_gain = engine.rules.halfwish_set_dv, 0
    return [Event("halfwish", f"{player.name} sets their DV to {engine.rules.halfwish_set_dv} (Halfwish): "
                              f"DV {ledger.dice_value(engine.rules, player)}")]


@hook("feint")
def feint(engine, state, item, params):
    """Feint: ask which face-up action becomes an Evade."""
    seat = owner_of(item)
    actions = state.duel.actions[seat]
    options = [(str(i), engine.catalog.name(card)) for i, card in enumerate(actions)]
    ask_choice(state, seat, "feint", f"{state.players[seat].name}: which action does Feint turn into an Evade?",
               options)
    return []


@on_choice("feint")
def feint_choice(engine, state, item, answer):
    """Transform the chosen action into an Evade."""
    seat = item["seat"]
    state.duel.transformed[f"{seat}:{answer}"] = "evade"
    card = state.duel.actions[seat][int(answer)]
    return [Event("feint", f"{state.players[seat].name}'s {engine.catalog.name(card)} becomes an Evade (Feint)")]


@hook("refresh_basic_power")
def refresh_basic_power(engine, state, item, params):
    """A spent basic power is ready again."""
    player, power = state.players[owner_of(item)], str(params["power"])
    if power in player.spent_basics:
        player.spent_basics.remove(power)
    return [Event("refresh", f"{player.name}'s {engine.catalog.name(power)} is refreshed")]


# -- powers ----------------------------------------------------------------------------------------

@hook("avarice")
def avarice(engine, state, item, params):
    """Avarice: take a free treasure's reward or steal a point at the end of the turn."""
    seat, location = owner_of(item), state.location
    treasure_free = location and engine.catalog.is_treasure(location) and not state.duel.flags.get("treasure_taken")
    if not treasure_free:
        return _avarice_steal_later(engine, state, seat, params)
    options = [("treasure", (f"Take {engine.catalog.name(location)}'s reward now and lose "
                            f"{params['treasure_point_cost']} point")),
               ("steal", f"Steal {params['steal_points']} point at the end of the turn")]
    ask_choice(state, seat, "avarice", f"{state.players[seat].name}: Avarice", options, params=params)
    return []


@on_choice("avarice")
def avarice_choice(engine, state, item, answer):
    """Apply the chosen branch of Avarice."""
    seat, params = item["seat"], item["params"]
    if answer == "steal":
        return _avarice_steal_later(engine, state, seat, params)
    from .effects import effects_at, queue_effects
    location = state.location
    state.duel.flags["treasure_taken"] = True
    queue_effects(state, effects_at(engine, location, "duel_end", "win"), seat, location, winner=seat)
    return ledger.score(state, seat, -int(params["treasure_point_cost"]), "Avarice")


def _avarice_steal_later(engine, state, seat, params):
    effect = {"op": "steal", "who": "self", "resource": "points", "amount": int(params["steal_points"])}
    state.end_of_turn.append(step("effect", effect=effect, owner=seat, source="avarice"))
    return [Event("avarice", f"{state.players[seat].name} will steal {params['steal_points']} point at the "
                             f"end of the turn (Avarice)")]


@hook("scry")
def scry(engine, state, item, params):
    """Scry: see the opponent's DV, gain DV if lower, offer a parley in the preparation."""
    seat = owner_of(item)
    me, them = state.players[seat], state.players[1 - seat]
    mine, theirs = ledger.dice_value(engine.rules, me), ledger.dice_value(engine.rules, them)
    events = [Event("scry", f"{me.name} looks at {them.name}'s DV ({theirs}) and every face-down location")]
    if mine < theirs and not dv_locked(state):
        me.dv_gain += int(params["dv_gain"])
        events.append(Event("dv", f"{me.name}'s DV is lower: gain {params['dv_gain']} DV, now "
                                  f"{ledger.dice_value(engine.rules, me)}"))
    if item.get("stage") == "prep":
        ask_choice(state, seat, "scry", f"{me.name}: cancel the duel and offer a parley instead?",
                   [("duel", "Keep the duel"), ("parley", "Cancel the duel and offer a parley")])
    return events


@on_choice("scry")
def scry_choice(engine, state, item, answer):
    """Keep the duel, or cancel it and offer a parley."""
    if answer == "duel":
        return []
    seat = item["seat"]
    drop_steps(state, "duel")
    state.duel = None
    state.encounter = "parley"
    push_front(state, step("respond", seat=1 - seat, offer="parley"))
    return [Event("scry", f"{state.players[seat].name} cancels the duel and offers a parley (Scry)")]


@hook("lock_dv")
def lock_dv(engine, state, item, params):
    """M'nka Giga: DVs cannot change this turn."""
    state.duel.flags["dv_locked"] = True
    return [Event("lock", "DVs cannot change this turn")]


@hook("draw_from_discard")
def draw_from_discard(engine, state, item, params):
    """Restore: take cards from the discard pile into the hand."""
    seat = owner_of(item)
    for _ in range(int(params["amount"])):
        push_front(state, step("recover", seat=seat))
    return []


@automatic("recover")
def recover(engine: HalfwishEngine, state: HalfwishState, item: Step) -> list[Event]:
    """Ask for a discarded card, if there is one."""
    player = state.players[item["seat"]]
    if player.discard:
        push_front(state, step("recover-card", seat=item["seat"]))
        return []
    return [Event("recover", f"{player.name}'s discard pile is empty: nothing to take back")]


def ask_recover(engine: HalfwishEngine, state: HalfwishState, item: Step) -> Decision:
    """Which discarded card returns to the hand."""
    player = state.players[item["seat"]]
    options = tuple(Option(c, engine.catalog.name(c)) for c in dict.fromkeys(player.discard))
    return Decision(item["seat"], f"{player.name}: take a card from your discard pile into your hand",
                    options, kind="recover")


@question("recover-card", ask_recover)
def answer_recover(engine: HalfwishEngine, state: HalfwishState, item: Step, card: str) -> list[Event]:
    """Move the card from the discard pile to the hand."""
    player = state.players[item["seat"]]
    player.discard.remove(card)
    player.hand.append(card)
    return [Event("recover", f"{player.name} takes {engine.catalog.name(card)} from the discard pile into hand")]


@hook("bubble")
def bubble(engine, state, item, params):
    """Bubble: the losing player cannot take damage, otherwise both gain Toughness."""
    seat = owner_of(item)
    if loser(engine, state) == seat:
        state.players[seat].statuses["invulnerable"] = 1
        return [Event("bubble", f"{state.players[seat].name} is losing: cannot take damage this turn (Bubble)")]
    events = []
    for s in (0, 1):
        events += ledger.add_status(state, engine.rules, s, "toughness", int(params["toughness"]), "Bubble")
    return events


@hook("taunt_swap_roles")
def taunt_swap_roles(engine, state, item, params):
    """Taunt in the preparation: the opponent becomes the aggressor."""
    if item.get("stage") != "prep":
        return []
    state.duel.aggressor = 1 - owner_of(item)
    name = state.players[state.duel.aggressor].name
    return [Event("taunt", f"{name} becomes the aggressor (Taunt)")]


@hook("swap_actions")
def swap_actions(engine, state, item, params):
    """Earthquake in the showdown: the opponent's two actions swap places."""
    events = []
    for seat in named_seats(item, params.get("who")):
        actions = state.duel.actions[seat]
        if len(actions) < 2:
            continue
        actions.reverse()
        _swap_slot_keys(state, seat)
        events.append(Event("swap", f"{state.players[seat].name}'s actions swap places"))
    return events


def _swap_slot_keys(state: HalfwishState, seat: int) -> None:
    for table in (state.duel.transformed, state.duel.flags.setdefault("strike_mods", {})):
        left, right = f"{seat}:0", f"{seat}:1"
        a, b = table.pop(left, None), table.pop(right, None)
        if a is not None:
            table[right] = a
        if b is not None:
            table[left] = b


@hook("keep_dv_next_turn")
def keep_dv_next_turn(engine, state, item, params):
    """Ice Beam: the named players keep their DV for the next turn."""
    events = []
    for seat in named_seats(item, params.get("who")):
        state.players[seat].keep_dv = True
        events.append(Event("keep-dv", f"{state.players[seat].name} keeps this DV for the next turn"))
    return events


# -- locations ---------------------------------------------------------------------------------------

@hook("alignment_dv")
def alignment_dv(engine, state, item, params):
    """Every player whose DV has the alignment gains DV."""
    events, want_odd = [], params.get("alignment") == "odd"
    if dv_locked(state):
        return [Event("dv", "DVs cannot change this turn")]
    for seat, player in enumerate(state.players):
        if (ledger.dice_value(engine.rules, player) % 2 == 1) == want_odd:
            if params.get("passive"):
                player.dv_passive += int(params["amount"])
            else:
                player.dv_gain += int(params["amount"])
            events.append(Event("dv", f"{player.name}'s DV matches the alignment: "
                                      f"{int(params['amount']):+d} DV, now {ledger.dice_value(engine.rules, player)}"))
    return events


@hook("set_dv_to_halfwish")
def set_dv_to_halfwish(engine, state, item, params):
    """The named players' DVs are set to the Halfwish value."""
    if dv_locked(state):
        return [Event("dv", "DVs cannot change this turn")]
    for seat in named_seats(item, params.get("who")):
        state.players[seat].roll, state.players[seat].dv_gain = engine.rules.halfwish_set_dv, 0
    return [Event("dv", f"DVs are set to {engine.rules.halfwish_set_dv}")]


# -- upgrades ------------------------------------------------------------------------------------------

@hook("transform_into")
def transform_into(engine, state, item, params):
    """The card becomes another action for the rest of the turn."""
    seat = owner_of(item)
    slot = _slot_of(state, seat, str(item["source"]))
    if slot is None:
        return []
    state.duel.transformed[f"{seat}:{slot}"] = str(params["action"])
    return [Event("transform", f"{state.players[seat].name}'s {engine.catalog.name(item['source'])} becomes a "
                               f"{engine.catalog.name(params['action'])} for the rest of the turn")]


def _slot_of(state: HalfwishState, seat: int, card: str) -> int | None:
    actions = state.duel.actions[seat] if state.duel else []
    return actions.index(card) if card in actions else None


@hook("alignment_strike")
def alignment_strike(engine, state, item, params):
    """This action strikes for more with an even DV, less with an odd one."""
    player = state.players[owner_of(item)]
    even = ledger.dice_value(engine.rules, player) % 2 == 0
    amount = int(params["even"] if even else params["odd"])
    strike_mod(state, item, amount)
    return [Event("alignment", f"{player.name}'s DV is {'even' if even else 'odd'}: "
                               f"{engine.catalog.name(item['source'])} strikes for {amount:+d}")]


@hook("first_blood_bonus")
def first_blood_bonus(engine, state, item, params):
    """This action strikes for more while nobody has First Blood."""
    if state.first_blood >= 0:
        return []
    strike_mod(state, item, int(params["amount"]))
    return [Event("first-blood", f"Nobody has First Blood: {engine.catalog.name(item['source'])} strikes for "
                                 f"{params['amount']} more")]


@hook("transform_copy_opposing")
def transform_copy_opposing(engine, state, item, params):
    """Mirror Guard: ask whether to copy the opposing action."""
    seat, slot = owner_of(item), int(item["slot"])
    opposing = state.duel.actions[1 - seat]
    if slot >= len(opposing):
        return []
    target = state.duel.transformed.get(f"{1 - seat}:{slot}", opposing[slot])
    ask_choice(state, seat, "mirror", f"{state.players[seat].name}: transform "
                                      f"{engine.catalog.name(item['source'])} into a copy of "
                                      f"{engine.catalog.name(target)}?",
               [("keep", "Keep it as it is"), ("copy", f"Become {engine.catalog.name(target)}")],
               slot=slot, target=target)
    return []


@on_choice("mirror")
def mirror_choice(engine, state, item, answer):
    """Become a copy of the opposing action, or stay."""
    if answer == "keep":
        return []
    state.duel.transformed[f"{item['seat']}:{item['slot']}"] = item["target"]
    return [Event("transform", f"{state.players[item['seat']].name}'s action becomes "
                               f"{engine.catalog.name(item['target'])} until the end of the turn")]


@hook("downgrade")
def downgrade(engine, state, item, params):
    """The card is permanently replaced in the player's deck."""
    seat, card, into = owner_of(item), str(item["source"]), str(params["into"])
    player = state.players[seat]
    if card not in player.deck:
        return []
    player.deck[player.deck.index(card)] = into
    if card in player.innate:
        player.innate[player.innate.index(card)] = into
    actions = state.duel.actions[seat]
    if card in actions:
        actions[actions.index(card)] = into
    return [Event("downgrade", f"{player.name}'s {engine.catalog.name(card)} is Downgraded into a "
                               f"{engine.catalog.name(into)} for the rest of the game")]
