"""The powers of the minimal Halfwish loop (bench/halfwish_minimal.py): the powers window of each
duel phase with the basic powers (Halfwish, Feint) and the ten powers of cards/halfwish/powers.yaml,
in plain Python over the loop's lists and ints; every choice random among the legal ones.

The window: the turn player first, two passes in a row close it; one non-basic power a turn, paid
in mana (and M'nka Giga's health); Challenge powers in the preparation only; Null Zone's "no
powers" leaves only a pass; M'nka Giga's lock voids Halfwish and Ice Beam.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from halfwish_minimal_map import apply

PASS, HALFWISH, FEINT = "pass", "halfwish", "feint"
DV_ONLY = ("halfwish", "ice-beam")   # powers that only change a DV: void while DVs are locked


@dataclass
class Duel:
    """One duel's changing numbers."""

    aggressor: int
    dvs: list[int]
    played: list[list[str]] | None = None      # committed actions, once the showdown starts
    location: str = ""
    locked: bool = False                       # M'nka Giga: DVs cannot change
    bonus: list[int] = field(default_factory=lambda: [0, 0])   # Roar: strike bonus
    cancelled_by: int = -1                     # Scry: this seat turned the duel into a parley offer
    conceded: bool = False                     # a Challenge was conceded
    challenger: int = -1
    challenge: str = ""
    treasure_taken: bool = False               # Avarice took the location's reward


def power_cards(db: Any) -> dict[str, dict[str, Any]]:
    """Each non-basic power's cost, challenge flag and effects."""
    deck = next(d for d in db.decks if d.id == "powers")
    return {c.id: {"cost": int(c.fields.get("cost", 0) or 0), "challenge": bool(c.fields.get("challenge")),
                   "effects": [dict(e) for e in c.fields.get("effects") or []]} for c in deck.cards}


def window(g: Any, duel: Duel, tp: int, stage: str) -> None:
    """A powers window of the preparation ("prep") or the showdown."""
    seat, passes = tp, 0
    while passes < 2 and duel.cancelled_by < 0 and not duel.conceded and min(g.health) > 0:
        chosen = g.rng.choice(_options(g, duel, seat, stage))
        if chosen == PASS:
            passes += 1
        else:
            passes = 0
            _play(g, duel, seat, chosen, stage)
        seat = 1 - seat


def _options(g: Any, duel: Duel, seat: int, stage: str) -> list[str]:
    if g.status[seat].get("no_powers"):
        return [PASS]
    m, options = g.m, [PASS]
    if g.spent[seat][0] < m.basic_uses and not duel.locked:
        options.append(HALFWISH)
    if stage == "showdown" and g.spent[seat][1] < m.basic_uses and duel.dvs[seat] <= m.feint_max and duel.played:
        options.append(FEINT)
    if g.nonbasic[seat] < m.nonbasic_per_turn:
        for power in g.powers[seat]:
            card = m.powers[power]
            if power in g.spent_powers[seat] or g.mana[seat] < card["cost"]:
                continue
            if (card["challenge"] and stage != "prep") or (duel.locked and power in DV_ONLY):
                continue
            if any(e["op"] == "pay" and g.health[seat] - 1 < int(e["amount"]) for e in card["effects"]
                   if e.get("when") == "play"):
                continue
            options.append(power)
    return options


def _play(g: Any, duel: Duel, seat: int, power: str, stage: str) -> None:
    m, rng, dvs = g.m, g.rng, duel.dvs
    if power == HALFWISH:
        g.spent[seat][0] += 1
        dvs[seat] = m.set_dv if rng.choice(("set", "reroll")) == "set" else sum(rng.randint(1, s) for s in m.dice)
        return
    if power == FEINT:
        g.spent[seat][1] += 1
        assert duel.played is not None
        duel.played[seat][rng.randrange(len(duel.played[seat]))] = FEINT
        return
    card = m.powers[power]
    g.spent_powers[seat].append(power)
    g.nonbasic[seat] += 1
    g.mana[seat] -= card["cost"]
    for effect in card["effects"]:
        when = effect.get("when", "play")
        if when in ("play", stage):
            _effect(g, duel, seat, effect, stage)
    if card["challenge"] and stage == "prep":
        duel.challenger, duel.challenge = seat, power
        if rng.choice(("proceed", "concede")) == "concede":
            duel.conceded = True
            for effect in card["effects"]:
                if effect.get("when") == "concede":
                    apply(g, effect, seat, seat, dvs)


def _effect(g: Any, duel: Duel, seat: int, effect: dict[str, Any], stage: str) -> None:
    op, dvs, other = effect["op"], duel.dvs, 1 - seat
    if op == "strike_bonus":
        duel.bonus[seat] += int(effect["amount"])
    elif op == "status" and effect["status"] in ("toughness", "no_heal"):
        target = other if effect.get("who") == "opponent" else seat
        g.status[target][effect["status"]] = g.status[target].get(effect["status"], 0) + int(effect["amount"])
    elif op == "dv" and duel.locked:
        return
    elif op != "hook":
        apply(g, effect, seat, -1, dvs)
    else:
        _hook(g, duel, seat, effect, stage)


def _hook(g: Any, duel: Duel, seat: int, effect: dict[str, Any], stage: str) -> None:
    name, rng, other = effect["name"], g.rng, 1 - seat
    if name == "lock_dv":
        duel.locked = True
    elif name == "scry":
        if duel.dvs[seat] < duel.dvs[other] and not duel.locked:
            duel.dvs[seat] += int(effect["dv_gain"])
        if stage == "prep" and rng.choice(("duel", "parley")) == "parley":
            duel.cancelled_by = seat
    elif name == "avarice":
        treasure = duel.location and g.m.is_treasure[duel.location] and not duel.treasure_taken
        if treasure and rng.choice(("treasure", "steal")) == "treasure":
            duel.treasure_taken = True
            for reward in g.m.locations[duel.location]:
                if reward.get("when") in ("duel_end", "win"):
                    apply(g, reward, seat, seat, duel.dvs)
            g.points[seat] -= int(effect["treasure_point_cost"])
        else:
            g.steal_later[seat] += int(effect["steal_points"])
    elif name == "draw_from_discard":
        for _ in range(min(int(effect["amount"]), len(g.discard[seat]))):
            g.hands[seat].append(g.discard[seat].pop(rng.randrange(len(g.discard[seat]))))
    elif name == "refresh_basic_power":
        g.spent[seat][0] = 0
    elif name == "bubble":
        if g.loser() == seat:
            g.status[seat]["invulnerable"] = 1
        else:
            for s in (0, 1):
                g.status[s]["toughness"] = g.status[s].get("toughness", 0) + int(effect["toughness"])
    elif name == "taunt_swap_roles" and stage == "prep":
        duel.aggressor = other
    elif name == "swap_actions" and duel.played and len(duel.played[other]) == 2:
        duel.played[other].reverse()
    elif name == "keep_dv_next_turn":
        g.kept[other] = True


def duel_end(g: Any, duel: Duel, winner: int) -> None:
    """The Challenge's win-or-tie effects (M'nka Giga: steal points and health)."""
    if duel.challenger < 0 or winner not in (duel.challenger, -1):
        return
    taker = duel.challenger
    for effect in g.m.powers[duel.challenge]["effects"]:
        if effect.get("when") == "win_or_tie":
            pool = g.points if effect.get("resource") == "points" else g.health
            taken = min(int(effect["amount"]), pool[1 - taker])
            pool[1 - taker] -= taken
            pool[taker] += taken
