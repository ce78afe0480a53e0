"""Health, points, Dice Values and statuses: every change goes through here.

The keyword rules live in these few functions: Exposed and Toughness change
damage, True Damage ignores reductions, paying is not damage, healing stops at
the maximum and not at all while Poisoned or unable to heal, a steal takes
nothing from 0, the first point scored is First Blood.
"""

from __future__ import annotations

from typing import Any

from cards.wording import plural

from ...engine.core import Event
from .duel import modified_damage
from .state import HalfwishState, Player

STUNNED_TURN_ENDS = 2   # the end of the turn it is gained in, and the end of the next one


def dice_value(rules: Any, player: Player) -> int:
    """A player's DV: the roll plus one-time gains and passive bonuses, never below the floor
    (ruling dv-bounds-after-modifiers)."""
    return max(int(rules.dv_floor), player.roll + player.dv_gain + player.dv_passive)


def dvs_revealed(state: HalfwishState) -> bool:
    """Are the DVs on the table? From the showdown's reveal to the end of that duel; before it a DV
    is seen by its owner alone ("don't reveal it to their opponent"), so no event names it."""
    return state.duel is not None and "preview" in state.duel.flags


def dv_now(rules: Any, state: HalfwishState, player: Player) -> str:
    """`, now DV 9` once the DVs are revealed; nothing while they are secret."""
    return f", now DV {dice_value(rules, player)}" if dvs_revealed(state) else ""


def damage_after_modifiers(player: Player, amount: int, true_damage: bool, step: int) -> int:
    """Damage actually taken: +1 per Exposed, -1 per Toughness unless it is True Damage."""
    if player.has_status("invulnerable"):
        return 0
    return modified_damage(amount, player.status("exposed"), player.status("toughness"), step, true_damage=true_damage)


def deal_damage(state: HalfwishState, rules: Any, seat: int, amount: int, source: str,
                true_damage: bool = False, explain: bool = True) -> list[Event]:
    """`seat` takes damage; during a duel each time it lands counts for scoring. (Every function here
    changes the state the same way when `explain` is off, and then says nothing.)"""
    player = state.players[seat]
    taken = damage_after_modifiers(player, amount, true_damage, rules.status_step)
    if taken <= 0:
        return [] if not explain else [Event("damage", f"{player.name} takes no damage from {source}", {"seat": seat, "amount": 0})]
    player.health = max(0, player.health - taken)
    if state.duel is not None:
        state.current_duel.hits[seat].append(taken)
    if not explain:
        return []
    note = f" ({amount} {_modifier_note(player, true_damage, rules.status_step)})" if taken != amount else ""
    return [Event("damage", f"{player.name} takes {taken} damage from {source}{note}: health {player.health}",
                  {"seat": seat, "amount": taken})]


def _modifier_note(player: Player, true_damage: bool, step: int) -> str:
    parts = [f"+{player.status('exposed') * step} Exposed"] if player.status("exposed") else []
    if player.status("toughness") and not true_damage:
        parts.append(f"-{player.status('toughness') * step} Toughness")
    return " ".join(parts) or "modified"


def can_heal(player: Player) -> bool:
    """Can the player heal (not Poisoned, not Ignited)?"""
    return not (player.has_status("no_heal") or player.has_status("poisoned"))


def heal(state: HalfwishState, rules: Any, seat: int, amount: int, source: str,
         explain: bool = True) -> list[Event]:
    """Heal up to the maximum health, unless the player cannot heal."""
    player = state.players[seat]
    if not can_heal(player):
        return [] if not explain else [Event("heal", f"{player.name} cannot heal this round ({source})", {"seat": seat, "amount": 0})]
    before = player.health
    player.health = min(rules.health_max, player.health + amount)
    if not explain:
        return []
    gained = player.health - before
    return [Event("heal", f"{player.name} heals {gained} from {source}: health {player.health}",
                  {"seat": seat, "amount": gained})]


def score(state: HalfwishState, seat: int, amount: int, source: str, first_blood: bool = True,
          explain: bool = True) -> list[Event]:
    """Gain (or lose) points; a duel's tally counts them; the first point is First Blood (unless
    `first_blood` is False: both players score at once, see `first_blood_at_once`)."""
    player = state.players[seat]
    before = player.points
    player.points = max(0, player.points + amount)
    change = player.points - before
    if state.duel is not None:
        state.current_duel.tally[seat] += change
    drew = first_blood and change > 0 and state.first_blood < 0
    if drew:
        state.first_blood = seat
    if not explain:
        return []
    events = [Event("points", f"{player.name} {'scores' if change >= 0 else 'loses'} "
                              f"{plural(abs(change), 'point')} from {source}: {plural(player.points, 'point')}", {"seat": seat, "amount": change})]
    if drew:
        events.append(Event("first-blood", f"{player.name} draws First Blood", {"seat": seat}))
    return events


def first_blood_at_once(state: HalfwishState, gains: list[int]) -> Event:
    """Both players score their first points in one duel (ruling first-blood-at-once): whoever
    scored more draws First Blood; with equal points nobody does yet."""
    if gains[0] == gains[1]:
        return Event("first-blood", "Both players score their first points at once: No First Blood yet; "
                                    "the next player to score alone draws it")
    seat = 0 if gains[0] > gains[1] else 1
    state.first_blood = seat
    return Event("first-blood", f"{state.players[seat].name} draws First Blood (more points in the duel "
                                f"where both scored first)", {"seat": seat})


def pay(state: HalfwishState, seat: int, resource: str, amount: int, source: str) -> list[Event]:
    """Pay health or points: not damage, not a point loss, never more than the player has."""
    player = state.players[seat]
    if resource == "hp":
        paid = max(0, min(amount, player.health - 1))   # ruling pay-needs-enough: never down to 0
        player.health -= paid
        return [Event("pay", f"{player.name} pays {paid} health for {source}: health {player.health}")]
    paid = min(amount, player.points)
    player.points -= paid
    return [Event("pay", f"{player.name} pays {plural(paid, 'point')} for {source}: {plural(player.points, 'point')}")]


def add_status(state: HalfwishState, rules: Any, seat: int, status: str, amount: int,
               source: str, explain: bool = True) -> list[Event]:
    """Gain stacks of a status (being Poisoned again deals the poison damage at once instead)."""
    player = state.players[seat]
    if status == "poisoned" and player.has_status("poisoned"):
        return deal_damage(state, rules, seat, rules.poison_damage, f"{source} (already Poisoned)", explain=explain)
    if status == "stunned":   # ruling stunned-duration: until the end of the next turn
        player.statuses[status] = STUNNED_TURN_ENDS
    else:
        player.statuses[status] = player.status(status) + amount
    if not explain:
        return []
    return [Event("status", f"{player.name} gains {amount} {status.replace('_', ' ')} from {source}",
                  {"seat": seat, "status": status, "amount": amount})]
