"""One-shot calculators: each builds a small state and runs the engine's own steps (damage) or
calls the same rule functions the steps call (Rage prices, reach, HP rules), never a second copy.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ...engine.steps import step
from .damage import take_damage
from .engine import HalfTheBattleEngine
from .errors import HalfTheBattleError
from .lanes import reach_lanes
from .pieces import is_monster, label, lane_markers, markers_on, moves, owned, side_of
from .rage import RageOffer, offer
from .setup import monster_start
from .state import HalfTheBattleState, Piece, Player

ATTACKER, DEFENDER = 0, 1


def card_of_die(engine: HalfTheBattleEngine, die: str) -> str:
    """The character card using `die` (`d8`, `d10/0` or `d10-0`)."""
    wanted = die.strip().lower().replace("-", "/")
    for card in engine.catalog.cards:
        if engine.catalog.side(card, "a").die == wanted:
            return card
    dice = ", ".join(engine.catalog.side(c, "a").die for c in engine.catalog.cards)
    raise HalfTheBattleError(f"no piece uses a {die!r}; dice: {dice}")


@dataclass(frozen=True)
class DamageResult:
    die: str
    hp_before: int
    amount: int
    lethal: bool
    monster: bool
    items: tuple[str, ...]
    steps: tuple[str, ...]
    hp_after: int
    dies: bool

    def as_dict(self) -> dict[str, Any]:
        """The result as JSON data."""
        return {"die": self.die, "hp_before": self.hp_before, "amount": self.amount, "lethal": self.lethal,
                "monster": self.monster, "items": list(self.items), "steps": list(self.steps),
                "hp_after": self.hp_after, "dies": self.dies}


def damage(engine: HalfTheBattleEngine, die: str, hp: int, amount: int, *, lethal: bool = False,
           monster: bool = False, items: tuple[str, ...] = (),
           attacker: tuple[str, int | None] | None = None) -> DamageResult:
    """One instance of `amount` damage from a character's action to a piece on `hp`, with items.

    `attacker` (its die, and its HP or None for full) is the piece a Mirror Shield reflects the
    damage onto; without it the reflection is told as damage to "the attacker", no piece made up."""
    card, side = _piece_of(engine, die, hp)
    if monster and not side.monster:
        raise HalfTheBattleError(f"a monster uses the {engine.rules['monster_die']}, not a {side.die}")
    if amount < 0:
        raise HalfTheBattleError(f"damage is 0 or more, not {amount}")
    attacker_die, attacker_hp = attacker or ("d12", None)  # a Fighter on full HP stands in, unnamed
    attacker_card, attacker_side = _piece_of(engine, attacker_die, attacker_hp)
    attacker_id = f"0-{attacker_card}"
    state = HalfTheBattleState(
        players=[Player("Attacker"), Player("Defender")],
        pieces=[Piece(attacker_id, ATTACKER, attacker_card, "a", 5,
                      attacker_side.max_hp if attacker_hp is None else attacker_hp),
                Piece(f"1-{card}", DEFENDER, card, "a", 5, hp)], round=1)
    answers = _deal_items(engine, state, items)
    state.queue = [step("hit", source=attacker_id, target=f"1-{card}", amount=amount, lethal=lethal,
                        by="action", seat=ATTACKER)]
    events = engine.resolve(state, answers)
    target = state.piece(f"1-{card}")
    steps = [e.text if attacker or e.data.get("piece") != attacker_id else
             f"The attacker takes {e.data['amount']} damage (give --attacker-die to see its HP after)"
             for e in events if e.kind in ("item", "damage", "mirror")]
    return DamageResult(side.die, hp, amount, lethal, side.monster, items, tuple(steps), target.hp, target.dying)


def _piece_of(engine: HalfTheBattleEngine, die: str, hp: int | None) -> tuple[str, Any]:
    """The character card using `die` and its side, checking `hp` (None: full) is one it can be on."""
    card = card_of_die(engine, die)
    side = engine.catalog.side(card, "a")
    if hp is not None and not 1 <= hp <= side.max_hp:
        raise HalfTheBattleError(f"a {side.die} piece is on 1 to {side.max_hp} HP, not {hp}")
    return card, side


def _deal_items(engine: HalfTheBattleEngine, state: HalfTheBattleState, items: tuple[str, ...]) -> list[str]:
    """Give each item to the side that uses it (attack items to the attacker); the answers that use them."""
    answers = []
    for card in items:
        if card not in engine.catalog.items:
            raise HalfTheBattleError(f"no item {card!r}; items: {', '.join(engine.catalog.items)}")
        item = engine.catalog.items[card]
        if item.when not in ("attack", "defend"):
            raise HalfTheBattleError(f"{item.name} does not change one instance of damage to this piece")
        state.players[ATTACKER if item.when == "attack" else DEFENDER].items.append(card)
    attack = [c for c in items if engine.catalog.items[c].when == "attack"]
    defend = [c for c in items if engine.catalog.items[c].when == "defend"]
    for group in (attack, defend):
        answers += group
    return answers


def rage(engine: HalfTheBattleEngine, dice: list[str], enemies_alive: int) -> RageOffer:
    """What these Rage dice are worth and buy against `enemies_alive` enemies."""
    known = engine.rules["dice"]
    bad = [d for d in dice if d not in known]
    if bad:
        raise HalfTheBattleError(f"not a die of the game: {', '.join(bad)}; dice: {', '.join(known)}")
    if not 1 <= enemies_alive <= engine.rules["pieces_per_party"]:
        raise HalfTheBattleError(f"enemies alive is 1 to {engine.rules['pieces_per_party']}, not {enemies_alive}")
    return offer(dice, enemies_alive, engine.rules)


@dataclass(frozen=True)
class Threat:
    attacker: str
    action: str
    from_lane: int
    target: str
    text: str


def threats(engine: HalfTheBattleEngine, state: HalfTheBattleState, seat: int) -> list[Threat]:
    """Every enemy action that could kill a piece of `seat` this round (after a move within the enemy's movement)."""
    found = []
    for enemy in state.alive(1 - seat):
        side = side_of(engine, enemy)
        lanes = [enemy.lane, *moves(engine, state, enemy, side.move)]
        for action in side.actions:
            if not action.damage or not action.hp.allows(enemy.hp):
                continue
            if action.ability and state.players[enemy.seat].tokens < 1:
                continue
            for lane in lanes:
                reach = reach_lanes(lane, enemy.seat, side.reach_of(action), engine.rules["lanes"])
                for mine in state.alive(seat):
                    if mine.lane not in reach:
                        continue
                    amount = action.damage + sum(m.amount for m in markers_on(state, mine, "hex"))
                    amount -= sum(m.amount for m in lane_markers(state, mine.lane, "protected") if m.owner == seat)
                    hit = take_damage(owned(engine, state, mine), mine.hp, max(0, amount), lethal=action.lethal,
                                      monster=is_monster(engine, mine))
                    if hit.dies:
                        found.append(Threat(label(engine, enemy), action.name, lane, mine.id,
                                            f"{label(engine, enemy)} from lane {lane}: {action.name} -> {hit.text}"))
    return _first_lane_only(found)


def _first_lane_only(found: list[Threat]) -> list[Threat]:
    seen: dict[tuple[str, str, str], Threat] = {}
    for threat in found:
        seen.setdefault((threat.attacker, threat.action, threat.target), threat)
    return list(seen.values())


def monster_odds(engine: HalfTheBattleEngine) -> dict[str, Any]:
    """Exact odds of a monster's starting HP, and of taking the initiative (ties re-rolled)."""
    faces = engine.rules["dice"][engine.rules["monster_die"]]
    start: dict[int, Fraction] = {}
    for roll in range(1, faces + 1):
        hp = monster_start(roll, engine.rules)
        start[hp] = start.get(hp, Fraction(0)) + Fraction(1, faces)
    lower = sum((p * q for a, p in start.items() for b, q in start.items() if a < b), Fraction(0))
    tie = sum((p * p for p in start.values()), Fraction(0))
    initiative = lower / (1 - tie)
    return {"start_hp": {hp: str(p) for hp, p in sorted(start.items())},
            "tie_each_roll": str(tie), "first_player_initiative": str(initiative)}
