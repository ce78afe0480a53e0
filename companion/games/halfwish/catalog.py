"""Read the Halfwish card database into the lookups the engine needs."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from cards.texts import render_text

from ...engine.requests import Option

BASIC_POWERS = "basic-powers"
POWERS = "powers"
CLASSES = "classes"
ACTIONS = "actions"
UPGRADES = "upgrades"
MAP = "map"


@dataclass(frozen=True)
class CardInfo:
    """A card's id, printed name, deck and declared fields."""

    id: str
    name: str
    deck: str
    fields: dict[str, Any]

    def get(self, key: str, default: Any = None) -> Any:
        """A declared field's value, or `default`."""
        return self.fields.get(key, default)

    @property
    def effects(self) -> list[dict[str, Any]]:
        """The card's effect primitives."""
        return list(self.fields.get("effects") or [])


class Catalog:
    """Every Halfwish card by id, with class deck lists and action profiles."""

    def __init__(self, db: Any):
        self.db = db
        self.rules = db.rules
        self.cards: dict[str, CardInfo] = {}
        self.counts: dict[str, int] = {}
        self._texts: dict[str, str] = {}
        self._ids: dict[str, list[str]] = {}
        self.memo: dict[Any, Any] = {}   # facts the rules derive from a card once (a power's timing, an Option)
        self.asked: dict[Any, Any] = {}  # requests built once (`asked.once`)
        for deck in db.decks:
            for card in deck.cards:
                self.cards[card.id] = CardInfo(card.id, card.name, deck.id, dict(card.fields))
                self.counts[card.id] = card.count

    @classmethod
    def of_actions(cls, rules: Any, names: dict[str, str]) -> Catalog:
        """A catalog of action cards only, by id and printed name: what the duel calculators need when
        they are given action profiles rather than a card database."""
        catalog = cls.__new__(cls)
        catalog.db, catalog.rules, catalog._texts, catalog._ids, catalog.memo = None, rules, {}, {}, {}
        catalog.asked = {}
        catalog.cards = {cid: CardInfo(cid, name, ACTIONS, {}) for cid, name in names.items()}
        catalog.counts = dict.fromkeys(names, 1)
        return catalog

    def card(self, card_id: str) -> CardInfo:
        """The card with this id (KeyError naming it when unknown)."""
        try:
            return self.cards[card_id]
        except KeyError:
            raise KeyError(f"no Halfwish card {card_id!r}") from None

    def name(self, card_id: str) -> str:
        """The printed name of a card (its id when unknown)."""
        info = self.cards.get(card_id)
        return info.name if info else card_id

    def option(self, card_id: str) -> Option:
        """The card as a Decision option: its id, labelled with its printed name (built once)."""
        key = ("option", card_id)
        found = self.memo.get(key)
        if found is None:
            found = self.memo[key] = Option(card_id, self.name(card_id))
        return found

    def text(self, card_id: str) -> str:
        """The card's printed text on one line, its `{{ rules... }}` filled in (sandboxed, rendered once)."""
        if card_id not in self._texts:
            info = self.card(card_id)
            card = {**info.fields, "id": info.id, "name": info.name}
            self._texts[card_id] = render_text(info.get("text") or "", self.rules, card,
                                               where=f"card {card_id!r} field 'text'")
        return self._texts[card_id]

    def ids(self, deck: str) -> list[str]:
        """Card ids of one deck, in database order."""
        if deck not in self._ids:
            self._ids[deck] = [c.id for c in self.cards.values() if c.deck == deck]
        return list(self._ids[deck])

    def deck_copies(self, deck: str) -> list[str]:
        """Every printed copy of one deck's cards (ids repeated by count)."""
        return [cid for cid in self.ids(deck) for _ in range(self.counts[cid])]

    def classes(self) -> list[str]:
        """Every class id."""
        return self.ids(CLASSES)

    def class_deck(self, cls: str) -> list[str]:
        """The ten action cards a class builds its deck from."""
        counts = self.card(cls).get("deck_list") or {}
        return [action for action, n in counts.items() for _ in range(n)]

    def class_innate(self, cls: str) -> list[str]:
        """The class's innate action cards (a multiset)."""
        counts = self.card(cls).get("innate") or {}
        return [action for action, n in counts.items() for _ in range(n)]

    def power_choices(self) -> list[str]:
        """The distinct powers of one player's Power Deck."""
        return self.ids(POWERS)

    def basic_powers(self) -> list[str]:
        """Halfwish and Feint (the basic powers' ids)."""
        return self.ids(BASIC_POWERS)

    def is_basic_power(self, card_id: str) -> bool:
        """Is this a basic power (no mana, not limited per turn)?"""
        info = self.cards.get(card_id)
        return info is not None and info.deck == BASIC_POWERS

    def base_action(self, card_id: str) -> str:
        """The basic action a card is (itself) or replaces (an upgrade)."""
        info = self.card(card_id)
        return card_id if info.deck == ACTIONS else str(info.get("replaces"))

    def category(self, card_id: str) -> str:
        """A power's or location's category."""
        return str(self.card(card_id).get("category") or "")

    def is_treasure(self, card_id: str) -> bool:
        """Is this a treasure location?"""
        return self.cards.get(card_id) is not None and self.category(card_id) == "treasure"


def multiset_minus(items: list[str], remove: list[str]) -> list[str]:
    """`items` without one copy of each of `remove` (missing ones are ignored)."""
    left = Counter(remove)
    out = []
    for item in items:
        if left[item] > 0:
            left[item] -= 1
        else:
            out.append(item)
    return out
