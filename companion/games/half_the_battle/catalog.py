"""The character cards and items of the database as typed, frozen values the rules read.

Every number comes from `cards/half-the-battle/`: a side's die, movement and range, each
action's HP requirement, damage, healing and targets, each item's timing and amount. The
card maps are checked here once, so a rule never meets a missing key.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from .errors import CatalogError

EFFECTS = ("serenaded", "protected", "entangled", "hex", "sacrifice", "polymorph", "martyr")
INDICATORS = ("serenaded", "protected", "entangled")
PIECE_TOKENS = ("hex", "sacrifice", "polymorph")
WHO = ("enemies", "allies", "self", "everyone")
_HP = re.compile(r"^(\d+)(\+|-(\d+))?$")


@dataclass(frozen=True)
class Reach:
    """A range in lanes: `forward` lanes ahead of the facing, `back` lanes behind, and maybe the own lane."""

    forward: int
    back: int
    own: bool = True


@dataclass(frozen=True)
class HpBand:
    """An HP requirement: `N+`, `A-B` or exactly `N`."""

    low: int
    high: int | None     # None: no upper limit
    text: str

    def allows(self, hp: int) -> bool:
        """Can a piece on `hp` use an action with this requirement?"""
        return hp >= self.low and (self.high is None or hp <= self.high)


@dataclass(frozen=True)
class Action:
    """One action of a character card."""

    name: str
    hp: HpBand
    damage: int = 0
    lethal: bool = False
    heal: int = 0
    fatal: bool = False
    pieces: int = 0                 # piece targets (👤), or
    lanes: int = 0                  # lane targets
    who: str = "enemies"
    reach: Reach | None = None      # None: the side's default range
    effect: str | None = None
    ability: str | None = None      # the monster token this action spends
    uses: int = 1
    self_heal: int = 0
    rounds: int = 0
    extra: int = 0
    reduce: int = 0
    set_hp: int = 0
    rule: str = ""


@dataclass(frozen=True)
class Side:
    """One side (A or B) of a character card: a class on a die."""

    card: str          # the card id: d4, d6, ..., d10-0, d12, d20
    die: str           # as printed: d10/0
    team: str          # "a" or "b"
    key: str           # the class id, e.g. "fighter"
    name: str
    max_hp: int
    monster: bool
    move: int
    reach: Reach
    actions: tuple[Action, ...]
    split_move: bool = False
    spell_cost: int = 0
    rule: str = ""

    def reach_of(self, action: Action) -> Reach:
        """The range of `action`: its own, or the side's default."""
        return action.reach or self.reach


@dataclass(frozen=True)
class Item:
    """A Bag of Holding item."""

    id: str
    name: str
    when: str
    effect: str
    amount: int = 0


@dataclass(frozen=True)
class Catalog:
    """Every side by (card, team), every item by id, the card ids in deck order."""

    sides: dict[tuple[str, str], Side]
    items: dict[str, Item]
    cards: tuple[str, ...]

    def side(self, card: str, team: str) -> Side:
        """The side `team` of card `card`."""
        return self.sides[(card, team)]

    def by_key(self, key: str) -> Side:
        """The side of class `key` (e.g. "cleric")."""
        for side in self.sides.values():
            if side.key == key:
                return side
        raise CatalogError(f"no class {key!r}; classes: {', '.join(s.key for s in self.sides.values())}")


def parse_hp(text: str, where: str) -> HpBand:
    """`"4+"` -> 4 or more, `"2-4"` -> 2 to 4, `"1"` -> exactly 1."""
    match = _HP.match(str(text).strip())
    if not match:
        raise CatalogError(f"{where}: HP requirement {text!r}: expected N+, A-B or N")
    low = int(match.group(1))
    if match.group(2) == "+":
        return HpBand(low, None, str(text))
    high = int(match.group(3)) if match.group(3) else low
    if high < low:
        raise CatalogError(f"{where}: HP requirement {text!r}: {high} is below {low}")
    return HpBand(low, high, str(text))


def _reach(data: Any, where: str) -> Reach:
    if not isinstance(data, dict) or "forward" not in data or "back" not in data:
        raise CatalogError(f"{where}: range: expected {{forward, back, own}}, got {data!r}")
    return Reach(int(data["forward"]), int(data["back"]), bool(data.get("own", True)))


def _action(data: dict[str, Any], where: str) -> Action:
    targets = data.get("targets") or {}
    who = data.get("who") or ("allies" if data.get("heal") and not data.get("damage") else "enemies")
    effect = data.get("effect")
    if who not in WHO:
        raise CatalogError(f"{where}: who: {who!r} is not one of {', '.join(WHO)}")
    if effect is not None and effect not in EFFECTS:
        raise CatalogError(f"{where}: effect: {effect!r} is not one of {', '.join(EFFECTS)}")
    if bool(targets.get("pieces")) == bool(targets.get("lanes")):
        raise CatalogError(f"{where}: targets: give pieces or lanes, got {targets!r}")
    return Action(
        name=str(data["name"]), hp=parse_hp(data["hp"], where), damage=int(data.get("damage", 0)),
        lethal=bool(data.get("lethal")), heal=int(data.get("heal", 0)), fatal=bool(data.get("fatal")),
        pieces=int(targets.get("pieces", 0)), lanes=int(targets.get("lanes", 0)), who=who,
        reach=_reach(data["range"], where) if "range" in data else None, effect=effect,
        ability=data.get("ability"), uses=int(data.get("uses", 1)), self_heal=int(data.get("self_heal", 0)),
        rounds=int(data.get("rounds", 0)), extra=int(data.get("extra", 0)), reduce=int(data.get("reduce", 0)),
        set_hp=int(data.get("set_hp", 0)), rule=str(data.get("rule", "")))


def _side(card: Any, team: str, dice: dict[str, int]) -> Side:
    data = card.get(team)
    where = f"card {card.id!r} side {team.upper()}"
    die = card.get("die")
    actions = tuple(_action(a, f"{where} action {a.get('name', i)!r}") for i, a in enumerate(data["actions"]))
    return Side(card=card.id, die=die, team=team, key=str(data["class"]), name=str(data["name"]),
                max_hp=dice[die], monster=bool(data.get("monster")), move=int(data["move"]),
                reach=_reach(data["range"], where), actions=actions, split_move=bool(data.get("split_move")),
                spell_cost=int(data.get("spell_cost", 0)), rule=str(data.get("rule", "")))


def load_catalog(db: Any) -> Catalog:
    """The typed sides and items of a loaded Half the Battle database."""
    dice = db.rules["dice"]
    deck = db.deck("characters")
    sides = {(card.id, team): _side(card, team, dice) for card in deck.cards for team in ("a", "b")}
    items = {card.id: Item(card.id, card.name, card.get("when"), card.get("effect"), int(card.get("amount") or 0))
             for card in db.deck("items").cards}
    return Catalog(sides, items, tuple(card.id for card in deck.cards))
