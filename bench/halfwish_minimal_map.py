"""The locations of the minimal Halfwish loop (bench/halfwish_minimal.py): the map deck, when a
location is revealed and what its effects do, in plain Python over the loop's lists and ints.

A location is revealed at the start of the showdown of a duel (the aggressor reveals it), when a
scout is accepted (the scout's offerer reveals it, its duel rewards go to nobody) or when a parley
is accepted (its effect disabled). Its duel rewards (`when: duel_end`) go to the duel's winner.
Effects: heal, damage (Exposed adds to it unless true damage), pay, points, steal, set, status
(Poisoned, Stunned, no powers, Exposed), DV changes, rerolls Higher/Lower, draw, mana, lamps, bids
(each bidder a random amount they can afford), extra upgrades, and the two location hooks (Moonlit
Glade: +2 DV on an odd DV; Still Waters: both DVs set to the Halfwish value).
"""

from __future__ import annotations

import random
from typing import Any, Protocol

REVEAL_WHENS = {"duel": ("reveal", "showdown"), "scout": ("reveal", "scout"), "parley": ("parley",)}


class Table(Protocol):
    """What the locations change of a minimal game."""

    m: Any
    rng: random.Random
    health: list[int]
    points: list[int]
    mana: list[int]
    lamps: list[int]
    extra: list[int]
    round: int
    exposed: list[int]
    status: list[dict[str, int]]
    piles: list[list[str]]
    hands: list[list[str]]

    def _score(self, seat: int, amount: int) -> None: ...

    def damage(self, seat: int, amount: int, true_damage: bool = False) -> None: ...

    def heal(self, seat: int, amount: int) -> None: ...


def location_effects(db: Any) -> tuple[list[str], dict[str, list[dict[str, Any]]]]:
    """The map deck (one id per copy) and each location's effects."""
    deck = next(d for d in db.decks if d.id == "map")
    return ([c.id for c in deck.cards for _ in range(c.count)],
            {c.id: [dict(e) for e in c.fields.get("effects") or []] for c in deck.cards})


def reveal(g: Table, card: str, context: str, revealer: int, dvs: list[int]) -> None:
    """Apply a revealed location's effects for this context (`dvs`: the turn's DVs)."""
    whens = REVEAL_WHENS[context]
    for effect in g.m.locations[card]:
        if effect.get("when", "reveal") in whens:
            apply(g, effect, revealer, -1, dvs)


def duel_rewards(g: Table, card: str, revealer: int, winner: int, dvs: list[int]) -> None:
    """A location's duel rewards, for the duel's winner (none on a tie)."""
    for effect in g.m.locations[card]:
        if effect.get("when") in ("duel_end", "win", "lose"):
            apply(g, effect, revealer, winner, dvs)


def _seats(who: str, owner: int, winner: int) -> tuple[int, ...]:
    if who in ("winner", "loser"):
        return () if winner < 0 else (winner,) if who == "winner" else (1 - winner,)
    return {"both": (0, 1), "opponent": (1 - owner,)}.get(who, (owner,))


def apply(g: Table, effect: dict[str, Any], owner: int, winner: int, dvs: list[int]) -> None:
    """One effect."""
    op, amount = effect["op"], int(effect.get("amount", 0))
    if op == "bid":
        _bid(g, effect, dvs)
        return
    if op == "hook":
        _hook(g, effect, dvs)
        return
    m, rng = g.m, g.rng
    for seat in _seats(str(effect.get("who", "self")), owner, winner):
        if op == "heal":
            g.heal(seat, amount)
        elif op == "damage":
            g.damage(seat, amount, bool(effect.get("true_damage")))
        elif op == "pay":
            if effect.get("resource", "hp") == "hp":
                g.health[seat] -= max(0, min(amount, g.health[seat] - 1))
            else:
                g.points[seat] -= min(amount, g.points[seat])
        elif op == "points":
            g._score(seat, amount)
        elif op == "steal":
            taken = min(amount, g.points[1 - seat])
            g.points[1 - seat] -= taken
            g._score(seat, taken)
        elif op == "set":
            g.health[seat] = min(int(effect["value"]), m.health)
        elif op == "status":
            _status(g, seat, str(effect["status"]), amount)
        elif op == "dv":
            dvs[seat] += amount
        elif op == "reroll_dv":
            dvs[seat] = _reroll(m, rng, dvs[seat], str(effect.get("direction", "any")))
        elif op == "draw":
            for _ in range(min(amount, len(g.piles[seat]))):
                g.hands[seat].append(g.piles[seat].pop())
        elif op in ("mana", "lamps"):
            getattr(g, op)[seat] += amount
        elif op == "extra_upgrade":   # in the last round there is no upgrade phase: heal instead
            if g.round >= m.rounds:
                g.heal(seat, m.skip_heal)
            else:
                g.extra[seat] += amount


def _status(g: Table, seat: int, status: str, amount: int) -> None:
    if status == "exposed":
        g.exposed[seat] += amount
    elif status == "poisoned" and g.status[seat].get("poisoned"):
        g.damage(seat, g.m.poison_damage)
    else:
        g.status[seat][status] = 2 if status == "stunned" else amount   # Stunned: until the next turn ends


def _reroll(m: Any, rng: random.Random, dv: int, direction: str) -> int:
    if (direction == "higher" and dv >= m.dv_max) or (direction == "lower" and dv <= m.dv_min):
        return dv
    while True:
        rolled = sum(rng.randint(1, s) for s in m.dice)
        if direction == "any" or (rolled > dv if direction == "higher" else rolled < dv):
            return rolled


def _bid(g: Table, effect: dict[str, Any], dvs: list[int]) -> None:
    bids = [g.rng.randint(0, g.points[seat]) for seat in (0, 1)]
    if bids[0] == bids[1]:
        return
    winner = 0 if bids[0] > bids[1] else 1
    g.points[winner] -= bids[winner]
    for reward in effect.get("reward", []):
        apply(g, {**reward, "who": "self"}, winner, winner, dvs)


def _hook(g: Table, effect: dict[str, Any], dvs: list[int]) -> None:
    if effect.get("name") == "alignment_dv":
        odd = effect.get("alignment") == "odd"
        for seat in (0, 1):
            if (dvs[seat] % 2 == 1) == odd:
                dvs[seat] += int(effect.get("amount", 0))
    elif effect.get("name") == "set_dv_to_halfwish":
        dvs[0] = dvs[1] = g.m.set_dv
