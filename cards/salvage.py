"""A file with schema problems, read without the parts the schema refused.

A designer who mistypes a count and a choice in one file should see both in one run. The schema
refuses a file as a whole: a card whose `count` is not a number left the whole file unread, and
with it the checks that run across files (choices, references, totals), so their problems
showed only in a second run. `without_broken_parts` leaves out just what the schema refused, so
the loader (`cards.loader`) can read the rest and check it:

- a card the schema refused is dropped, with allowances for what was dropped: a card of a later
  place is reported at its own line (`Salvaged.places`); another card may name a dropped card
  (`Salvaged.dropped`): it is not a missing reference, and a card with a dropped card's id is
  still a duplicate; a deck that lost a card is not checked for its total or for printing
  nothing; a dropped card's fields (those a deck declares) are checked as written (`Salvaged.written`);
- an unknown section (`tokenz:`) is left out;
- a deck's own setting that was refused (`cod:` for `code`, `total: [12]`) is left out, a required
  one that only names or labels the deck (`name`, `code`) replaced by a stand-in: its cards are
  still checked against its fields, and against the other decks (audit s25: a misspelt `code`
  hid every card problem of its deck);
- a field definition that was refused (`type: string`, `requird:`) loses the refused keys, so the
  rest of it (`refs`) is still checked; its cards' values of that field are not checked
  (`Salvaged.unchecked`): they would be checked against a definition the designer did not write.
- a setting of a sheet, token sheet, die or reference card, or of one token, that was refused and
  that the schema does not require (`count: -1`, `colr:`) is left out: its default reports nothing,
  and the component's other problems are still found (audit s26: a token's `count` mistake hid
  its sheet's `size` mistake until the next run).

A problem anywhere else (a deck's id or its `fields` as a whole, a single section such as
`rules`, a component's required setting such as a sheet's `width`), or a misspelling of what other parts read (`rulez:`, a
deck's `feilds:`), leaves the file unread, as before: cross-checks against a part-read deck or
rules would report false problems.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from .locations import Loc
from .schema import SECTIONS, Deck, Die, Reference, Sheet, Token, TokenSheet
from .wording import closest

# a deck's required settings that no check compares across decks, and the stand-in for each
_STAND_INS = {"name": "?", "code": "X"}
_KEPT_WHOLE = ("id", "fields", "cards")  # a deck refused in one of these is not read
# sections the checks of other sections read: a misspelt one (`rulez:`) is not left out, or what
# names it would be reported as naming nothing
_READ_ACROSS = ("game", "rules", "decks")
# sections whose components' refused settings with a default are left out (a token sheet's tokens too)
_COMPONENTS: dict[str, type[BaseModel]] = {"sheets": Sheet, "tokens": TokenSheet, "dice": Die, "references": Reference}


@dataclass
class Salvaged:
    """A file's data without the parts the schema refused."""

    data: dict[str, Any]
    places: dict[int, list[int]] = field(default_factory=dict)  # deck's place -> its kept cards' places
    # deck's place -> {a dropped card's place: its id} (a dropped card without a readable id is left out)
    dropped: dict[int, dict[int, str]] = field(default_factory=dict)
    # deck's place -> {a dropped card's place: the card as written}: its fields are still checked
    written: dict[int, dict[int, dict[str, Any]]] = field(default_factory=dict)
    # deck's place -> the fields whose definition was refused: no card's value of them is checked
    unchecked: dict[int, set[str]] = field(default_factory=dict)


@dataclass
class _Refused:
    """What the schema refused in a file, sorted by what is left out for it."""

    sections: set[str] = field(default_factory=set)
    cards: dict[int, set[int]] = field(default_factory=dict)  # deck's place -> its refused cards' places
    settings: dict[int, set[str]] = field(default_factory=dict)  # deck's place -> its refused settings
    specs: dict[int, dict[str, set[str | None]]] = field(default_factory=dict)  # ... -> field -> keys (None: all)
    # a component's (or token's) place in the file -> its refused settings that have a default
    defaulted: dict[Loc, set[str]] = field(default_factory=dict)

    def note(self, kind: str, loc: Loc) -> bool:
        """Sort one refused place; False when it lies where the file cannot be read without it."""
        if len(loc) == 1 and kind == "extra_forbidden":
            self.sections.add(str(loc[0]))
            return closest(str(loc[0]), SECTIONS) not in _READ_ACROSS
        if loc and loc[0] in _COMPONENTS:
            return self._note_defaulted(kind, loc)
        if len(loc) < 3 or loc[0] != "decks" or not isinstance(loc[1], int) or not isinstance(loc[2], str):
            return False
        deck, key = loc[1], loc[2]
        if key == "cards" and len(loc) >= 4 and isinstance(loc[3], int):
            self.cards.setdefault(deck, set()).add(loc[3])
            return True
        if key == "fields" and len(loc) >= 4 and isinstance(loc[3], str):
            keys = self.specs.setdefault(deck, {}).setdefault(loc[3], set())
            keys.add(str(loc[4]) if len(loc) >= 5 else None)
            return True
        if key in _KEPT_WHOLE or (kind == "missing" and key not in _STAND_INS):
            return False
        if kind == "extra_forbidden" and closest(key, Deck.model_fields) in _KEPT_WHOLE:
            return False  # a misspelt `fields:` or `cards:`: without it every card would be refused
        self.settings.setdefault(deck, set()).add(key)
        return True

    def _note_defaulted(self, kind: str, loc: Loc) -> bool:
        """A component's or a token's setting: left out when the schema has a default for it."""
        model, owner, rest = _COMPONENTS[str(loc[0])], loc[:2], loc[2:]
        if model is TokenSheet and len(rest) >= 3 and rest[0] == "tokens" and isinstance(rest[1], int):
            model, owner, rest = Token, loc[:4], loc[4:]
        if not isinstance(owner[-1], int) or not rest or not isinstance(rest[0], str) or kind == "missing":
            return False
        known = model.model_fields.get(rest[0])
        if known is not None and known.is_required():
            return False
        self.defaulted.setdefault(owner, set()).add(rest[0])
        return True


def without_broken_parts(data: Any, errors: list[Any], refused_cards: list[Loc]) -> Salvaged | None:
    """`data` without what `errors` (pydantic's) refused, and without the cards at `refused_cards`
    (`("decks", 0, "cards", 3)`) refused before the schema; None when a problem lies where the
    file cannot be read without it."""
    refused = _Refused()
    for kind, loc in [*((error["type"], tuple(error["loc"])) for error in errors),
                      *(("refused", loc) for loc in refused_cards)]:
        if not refused.note(kind, loc):
            return None
    if not isinstance(data, dict):
        return None
    kept = _with_defaulted_left_out({key: value for key, value in data.items() if key not in refused.sections},
                                    refused.defaulted)
    if kept is None:
        return None
    salvaged = Salvaged(kept)
    touched = set(refused.cards) | set(refused.settings) | set(refused.specs)
    if not touched:
        return salvaged
    if not isinstance(data.get("decks"), list):
        return None
    decks = salvaged.data["decks"] = list(data["decks"])
    for place in touched:
        deck = decks[place]
        if not isinstance(deck, dict):
            return None
        deck = _with_settings_left_out(deck, refused.settings.get(place, set()))
        deck = _with_specs_left_out(deck, refused.specs.get(place, {}))
        if deck is None:
            return None
        if place in refused.cards:
            deck = _without_cards(deck, place, refused.cards[place], salvaged)
            if deck is None:
                return None
        salvaged.unchecked[place] = set(refused.specs.get(place, {}))
        decks[place] = deck
    return salvaged


def _with_settings_left_out(deck: dict[str, Any], settings: set[str]) -> dict[str, Any]:
    """The deck without its refused settings; a required one that only names the deck, a stand-in."""
    kept = {key: value for key, value in deck.items() if key not in settings}
    return {**kept, **{key: stand_in for key, stand_in in _STAND_INS.items() if key in settings}}


def _with_specs_left_out(deck: dict[str, Any], specs: dict[str, set[str | None]]) -> dict[str, Any] | None:
    """The deck with each refused field definition less its refused keys (all of them: `{}`)."""
    if not specs:
        return deck
    fields = deck.get("fields")
    if not isinstance(fields, dict):
        return None
    fixed = dict(fields)
    for name, keys in specs.items():
        spec = fields.get(name)
        fixed[name] = {} if None in keys or not isinstance(spec, dict) else \
            {key: value for key, value in spec.items() if key not in keys}
    return {**deck, "fields": fixed}


def _without_cards(deck: dict[str, Any], place: int, refused: set[int], salvaged: Salvaged) -> dict[str, Any] | None:
    """The deck without its refused cards, noting where the others were and what was dropped."""
    if not isinstance(deck.get("cards"), list):
        return None
    cards = deck["cards"]
    kept = [at for at in range(len(cards)) if at not in refused]
    salvaged.places[place] = kept
    salvaged.dropped[place] = {at: str(cards[at]["id"]) for at in sorted(refused)
                               if at < len(cards) and isinstance(cards[at], dict) and "id" in cards[at]}
    salvaged.written[place] = {at: cards[at] for at in sorted(refused) if at < len(cards) and isinstance(cards[at], dict)}
    return {**deck, "cards": [cards[at] for at in kept]}


def _with_defaulted_left_out(data: dict[str, Any], defaulted: dict[Loc, set[str]]) -> dict[str, Any] | None:
    """`data` without the refused settings of components and tokens that have a default (copied
    along the way, the file's own data unchanged); None when one is not where it was refused."""
    for owner, keys in defaulted.items():
        changed = _without_keys_at(data, owner, keys)
        if not isinstance(changed, dict):
            return None
        data = changed
    return data


def _without_keys_at(node: Any, loc: Loc, keys: set[str]) -> Any:
    """`node` with the mapping at `loc` less `keys`, copied along `loc`; None when there is no
    mapping at `loc`."""
    if not loc:
        return {key: value for key, value in node.items() if key not in keys} if isinstance(node, dict) else None
    head, rest = loc[0], loc[1:]
    if isinstance(node, dict) and head in node:
        inner = _without_keys_at(node[head], rest, keys)
        return None if inner is None else {**node, head: inner}
    if isinstance(node, list) and isinstance(head, int) and 0 <= head < len(node):
        inner = _without_keys_at(node[head], rest, keys)
        return None if inner is None else [*node[:head], inner, *node[head + 1:]]
    return None
