"""One instance of damage: declared, changed by items (the attacker's first, then the
defender's), redirected by Sacrifice, raised by Hex, lowered by Protected, halved by a Flimsy
Shield, then applied with `damage.take_damage`. A Mirror Shield sends the same damage back as a
new instance, which its user may poison.

"You may use your items at any appropriate time. This may include your opponent's turn, for
example, after they have chosen an action and its target, to avoid or mitigate the effects."
"""

from __future__ import annotations

from ...engine.core import Decision, Event, Option
from ...engine.steps import Question, StepCall, StepTable, push_front, step
from .damage import halve, take_damage
from .pieces import Rules, is_monster, label, lane_markers, markers_on, owned, side_of
from .state import HalfTheBattleState, Marker, Piece, Strike

ATTACK_ITEMS = {"poison": ("action", "rage", "mirror", "item"), "boost": ("action",)}
DEFEND_ITEMS = {"halve": ("action", "rage", "mirror", "item"), "mirror": ("action",)}


def start_hit(engine: Rules, state: HalfTheBattleState, item: StepCall) -> list[Event]:
    """Put an instance of damage in flight and open the item windows that apply."""
    target = state.piece(item["target"])
    if not target.alive:
        return []
    strike = Strike(item["source"], item["target"], item["amount"], item["lethal"], item["by"], item["seat"])
    state.strike = strike
    windows = [step("boost")] if usable(engine, state, strike.seat, ATTACK_ITEMS) else []
    windows += [step("guard")] if usable(engine, state, target.seat, DEFEND_ITEMS) else []
    push_front(state, *windows, step("land"))
    return []


def usable(engine: Rules, state: HalfTheBattleState, seat: int, table: dict[str, tuple[str, ...]],
           strike: Strike | None = None) -> list[str]:
    """Face-up items of `seat` that may change `strike` (by default the strike in flight)."""
    strike = strike or state.strike
    assert strike is not None
    found = []
    for card in state.players[seat].items:
        effect = engine.catalog.items[card].effect
        if effect in table and strike.by in table[effect] and card not in strike.items:
            if effect == "poison" and strike.lethal:
                continue
            if effect == "mirror" and not (strike.source and state.piece(strike.source).alive):
                continue
            found.append(card)
    return found


def order_matters(engine: Rules, state: HalfTheBattleState, source: Piece, pieces: list[str], lethal: bool) -> bool:
    """Can the order in which `pieces` take an action's damage change anything? Only through an
    item that may answer one instance of it (one of each name per instance, so the order says
    which piece gets it) or a Sacrifice token sending a hit to a Paladin that takes others.
    Otherwise each piece's result, its kill credit and a monster's free token are the same in
    any order: the damage is fixed and nobody dies before the end of the turn."""
    for target in map(state.piece, pieces):
        strike = Strike(source.id, target.id, 0, lethal, "action", source.seat)
        if usable(engine, state, source.seat, ATTACK_ITEMS, strike) or \
                usable(engine, state, target.seat, DEFEND_ITEMS, strike) or markers_on(state, target, "sacrifice"):
            return True
    return False


def _window(engine: Rules, state: HalfTheBattleState, seat: int, table: dict[str, tuple[str, ...]],
            who: str) -> Decision:
    strike = state.strike
    assert strike is not None
    cards = usable(engine, state, seat, table)
    target = state.piece(strike.target)
    options = (Option("none", "no item"),
               *[Option(c, f"use {engine.catalog.items[c].name}") for c in cards])
    taker = taking_piece(state, target)  # the note is worked out on whoever takes it (noted in s27)
    notes = [f"{label(engine, taker)} takes it for {label(engine, target)}"] if taker is not target else []
    notes += [landing] if (landing := landing_note(engine, state, strike, taker)) else []
    said_too = f" ({': '.join(notes)})" if notes else ""
    damage = f"{strike.amount}{' lethal' if strike.lethal else ''} damage{said_too}"
    said = (f"{owned(engine, state, target)} is about to take {damage}" if who == "Taking"
            else f"{damage} about to land on {owned(engine, state, target)}")
    return Decision(seat, f"{said}: an item?", options, kind="interrupt", default="none")


def ask_boost(engine: Rules, state: HalfTheBattleState, item: StepCall) -> Decision:
    """The dealing player's window for attack items."""
    strike = state.strike
    assert strike is not None
    return _window(engine, state, strike.seat, ATTACK_ITEMS, "Dealing")


def ask_guard(engine: Rules, state: HalfTheBattleState, item: StepCall) -> Decision:
    """The defending player's window for defence items."""
    strike = state.strike
    assert strike is not None
    return _window(engine, state, state.piece(strike.target).seat, DEFEND_ITEMS, "Taking")


def answer_item(engine: Rules, state: HalfTheBattleState, item: StepCall, answer: str) -> list[Event]:
    """Use an item on the strike in flight, then ask the same player again."""
    strike = state.strike
    assert strike is not None
    if answer == "none":
        return []
    card = engine.catalog.items[answer]
    seat = strike.seat if item["step"] == "boost" else state.piece(strike.target).seat
    player = state.players[seat]
    player.items.remove(answer)
    player.spent.append(answer)
    strike.items.append(answer)
    if card.effect == "poison":
        strike.lethal = True
    elif card.effect == "boost":
        strike.amount += card.amount
    elif card.effect == "halve":
        strike.halve = True
    elif card.effect == "mirror":
        strike.mirror = True
    table = ATTACK_ITEMS if item["step"] == "boost" else DEFEND_ITEMS
    if usable(engine, state, seat, table):
        push_front(state, step(item["step"]))
    return [Event("item", f"{player.name} uses {card.name}")]


def land(engine: Rules, state: HalfTheBattleState, item: StepCall) -> list[Event]:
    """Apply the strike: Sacrifice, Hex, Protected, Flimsy Shield, then the HP rules."""
    strike = state.strike
    assert strike is not None
    state.strike = None
    events, target = [], state.piece(strike.target)
    taker = taking_piece(state, target)
    if taker is not target:
        events.append(Event("sacrifice", f"{label(engine, taker)} takes the damage for {label(engine, target)}"))
        target = taker
    amount, steps = adjusted_amount(engine, state, strike, target)
    events += [Event("modifier", text) for text in steps]
    hit = take_damage(f"{owned(engine, state, target)}", target.hp, amount, lethal=strike.lethal,
                      monster=is_monster(engine, target), floor=engine.rules["lethal_hp_floor"])
    target.hp = hit.hp_after
    state.damaged = state.damaged or hit.amount > 0
    events.append(Event("damage", hit.text, {"hp_after": hit.hp_after, "dies": hit.dies, "piece": target.id,
                                             "amount": hit.amount}))
    if hit.dies and not target.dying:
        target.dying = True
        target.credit = strike.seat if _earns_rage(engine, state, strike, target.seat) else -1
    events += free_token(engine, state, target)
    if strike.mirror and strike.source:
        push_front(state, step("hit", source=target.id, target=strike.source, amount=strike.amount,
                               lethal=False, by="mirror", seat=target.seat))
        events.append(Event("mirror", f"The Mirror Shield reflects {strike.amount} damage"))
    return events


def taking_piece(state: HalfTheBattleState, target: Piece) -> Piece:
    """The piece a hit aimed at `target` lands on: the living Paladin whose Sacrifice token is on
    it, else the target itself."""
    for marker in markers_on(state, target, "sacrifice"):
        guard = state.piece(marker.source)
        if guard.alive and guard.id != target.id:
            return guard
    return target


def landing_note(engine: Rules, state: HalfTheBattleState, strike: Strike, target: Piece) -> str:
    """`3 with Hex` ("" when nothing changes it): what the target's Hex and Protected lane make of
    the damage, which the players decide their items on (ruling damage-order; play audit s27: the
    prompt said 2, 3 landed)."""
    before_shield = Strike(strike.source, strike.target, strike.amount, strike.lethal, strike.by, strike.seat)
    landing, _ = adjusted_amount(engine, state, before_shield, target)
    if landing == strike.amount:
        return ""
    changes = [kind for kind, marks in (("Hex", markers_on(state, target, "hex")),
                                        ("Protected", _protecting(state, target))) if marks]
    return f"{landing} with {' and '.join(changes)}"


def _protecting(state: HalfTheBattleState, target: Piece) -> list[Marker]:
    """The Protected indicators of the target's own player in its lane."""
    return [m for m in lane_markers(state, target.lane, "protected") if m.owner == target.seat]


def adjusted_amount(engine: Rules, state: HalfTheBattleState, strike: Strike, target: Piece) -> tuple[int, list[str]]:
    """The damage after Hex, Protected and a Flimsy Shield, in that order, with a line for each change."""
    amount, steps = strike.amount, []
    hexed = sum(m.amount for m in markers_on(state, target, "hex"))
    if hexed:
        steps.append(f"Hex: {amount} + {hexed} = {amount + hexed} damage")
        amount += hexed
    guarded = sum(m.amount for m in _protecting(state, target))
    if guarded:
        steps.append(f"Protected lane: {amount} - {guarded} = {max(0, amount - guarded)} damage")
        amount = max(0, amount - guarded)
    if strike.halve:
        halved = halve(amount, engine.rules["flimsy_divisor"])
        steps.append(f"Flimsy Shield: {amount} halved, rounding down = {halved} damage")
        amount = halved
    return amount, steps


def _earns_rage(engine: Rules, state: HalfTheBattleState, strike: Strike, victim_seat: int) -> bool:
    """Only a character's action killing an enemy piece gives a Rage die."""
    if strike.by != "action" or victim_seat == strike.seat:
        return False
    return not is_monster(engine, state.piece(strike.source))


def free_token(engine: Rules, state: HalfTheBattleState, piece: Piece) -> list[Event]:
    """A monster's first time on `free_token_hp` or less gives its owner a free ability token."""
    player = state.players[piece.seat]
    if not side_of(engine, piece).monster or player.free_token or piece.hp > engine.rules["free_token_hp"]:
        return []
    player.free_token = True
    player.tokens += engine.rules["free_tokens"]
    return [Event("token", f"{player.name}'s monster is on {piece.hp} HP: a free ability token")]


STEPS = StepTable(questions={"boost": Question(ask_boost, answer_item), "guard": Question(ask_guard, answer_item)},
                  automatic={"hit": start_hit, "land": land})
