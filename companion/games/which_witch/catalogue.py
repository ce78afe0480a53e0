"""The Game Cards as the engine sees them: kinds, bonuses, dice, and the 65-card deck list."""

from __future__ import annotations

from collections import Counter
from typing import Any

from .errors import UnknownWitch

SPELL = "spell"
FAMILIAR = "familiar"
SHIELD = "shield-crystal"
POTION = "heart-potion"
BROOM = "zoom-broom"
THIEF = "thief-hex"
WAND_HEX = "wand-hex"
WAND = "wand"
CAULDRON = "infinity-cauldron"


class Catalogue:
    """Looks up Game Cards by id; every number comes from the card database."""

    def __init__(self, db: Any):
        self.cards = {card.id: card for card in db.deck("game-cards").cards}
        self.deck_list = [card.id for card in self.cards.values() for _ in range(card.count)]
        self.copies = Counter(self.deck_list)
        # plain dicts: engines ask these many times a turn
        self._kind: dict[str, str] = {cid: str(card.get("kind")) for cid, card in self.cards.items()}
        self.kinds = self._kind   # card id -> kind, for the hot loops
        self._element: dict[str, str | None] = {cid: card.get("element") for cid, card in self.cards.items()}
        self._bonus: dict[str, int] = {cid: int(card.get("bonus") or 0) for cid, card in self.cards.items()}
        self._die: dict[str, int] = {cid: int(card.get("die") or 0) for cid, card in self.cards.items()}
        self.elements = {cid: str(element) for cid, element in self._element.items() if element}  # Spells'
        self._names: dict[str, str] = {cid: str(card.name) for cid, card in self.cards.items()}
        self._ids: dict[str, list[str]] = {}
        for cid, kind in self._kind.items():
            self._ids.setdefault(kind, []).append(cid)
        self._spell = {str(self._element[cid]): cid for cid in self.ids_of(SPELL)}
        self._familiar_bonus = {cid: self._bonus[cid] for cid in self.ids_of(FAMILIAR)}

    def kind(self, card_id: str) -> str:
        """The card's kind (spell, familiar, wand...)."""
        return self._kind[card_id]

    def name(self, card_id: str) -> str:
        """The card's printed name."""
        return self._names[card_id]

    def ids_of(self, kind: str) -> list[str]:
        """Card ids of one kind, in database order."""
        return list(self._ids.get(kind, []))

    def spell_of(self, element: str) -> str:
        """The Spell card id of an element."""
        if element not in self._spell:
            raise UnknownWitch(f"no Spell card of element {element!r}")
        return self._spell[element]

    def element(self, card_id: str) -> str | None:
        """A Spell's element (None for other cards)."""
        return self._element[card_id]

    def bonus(self, card_ids: list[str]) -> int:
        """The roll bonus of the Familiars among `card_ids`."""
        familiar = self._familiar_bonus
        return sum([familiar[c] for c in card_ids if c in familiar])

    def die(self, card_id: str) -> int:
        """The die a Wand rolls."""
        return self._die[card_id]


def normalise_witch(name: str, elements: list[str], option: str = "", noun: str = "witch") -> str:
    """`'Wind'`, `'wind-witch'` or `'Wind Witch'` -> `'wind'`; UnknownWitch otherwise, naming the
    `option` it was given to and what it names (`--spell: unknown element 'water'`)."""
    key = name.strip().lower().replace("-", " ").removesuffix(" witch").strip()
    if key not in elements:
        given = f"{option}: " if option else ""
        raise UnknownWitch(f"{given}unknown {noun} {name!r}; expected one of: {', '.join(elements)}")
    return key
