"""Per-card content stamps: a short hash of what a card's printed face and back are drawn from.

Its fields and filled-in text, its place in the deck, the resolved front and back layouts, the
deck's size and back and the deck settings the layouts print (its colour), the content of the
images they draw (`generator.imagestamps`), and the rules values, game details and database
lookups the layouts name: of the cards its layouts look up by id
(`db.card(id).name`), those this card looks up. The database-wide version is left out, so a card
whose content did not change keeps its stamp and need not be reprinted (`generator.manifest` records them). So is the bleed: it is cut off, and a
card printed at home and the same card from a print shop (whose bleed differs) carry one stamp,
so a reprint list matches either. (What is drawn, the render cache's keys, still depends on it.)
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any

from cards import Database
from cards.lookups import noting_card_lookups

from .dbmemo import per_database
from .errors import LayoutError
from .imagestamps import fixed_images, image_sources
from .layoutfile import EXPRESSION

STAMP_LENGTH = 8
_RULE_NAME = re.compile(r"rules\.([A-Za-z_][\w.]*)")
_INDEXED_RULE = re.compile(r"rules\.([A-Za-z_][\w.]*)\[([^\[\]{}]+)\]")  # rules.actions[card.replaces]
_CARD_LOOKUP = re.compile(r"db\.card\([^()]*\)\.(\w+)")
_DECK_LOOKUP = re.compile(r"db\.deck\(\s*['\"]([\w-]+)['\"]\s*\)")


def digest(value: Any, length: int = STAMP_LENGTH) -> str:
    """A short stable hash of a JSON-able value (other objects by their text)."""
    text = json.dumps(value, sort_keys=True, default=_plain, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:length]


def _plain(value: Any) -> Any:
    if hasattr(value, "model_dump"):
        return value.model_dump(mode="json")
    return str(value)


def layout_inputs(db: Database, layouts: list[Any], per_card: bool = False) -> str:
    """A hash of what the layouts draw besides the card: their resolved elements, the rules values
    and database lookups they name, the images they draw by a fixed path and the game's details
    (hashed once per deck; not the bleed, see the module's text).

    `per_card`: the cards looked up by id are left to each card's stamp (`looked_up_cards`);
    else every card's looked-up attributes count."""
    elements = [[layout.elements, layout.size] for layout in layouts]
    text = json.dumps(elements, default=str)
    per_card_rules = {path for path, _ in rule_lookups(layouts)} if per_card else set()
    named = sorted(set(_RULE_NAME.findall(text)) - per_card_rules)
    rules = {name: _rule_or_none(db, name) for name in named}
    if "rules[" in text:  # an indexed lookup: depend on every rule
        rules = {"*": dict(db.rules)}
    inputs = {"layouts": elements, "rules": rules, "game": db.meta, "db": _database_lookups(db, text, per_card)}
    fixed, _ = image_sources(layouts)
    if fixed:  # the content of the images every face shows (`generator.imagestamps`)
        inputs["images"] = fixed_images(db.folder, fixed)
    return digest(inputs, 64)


def _database_lookups(db: Database, text: str, per_card: bool = False) -> Any:
    """What layouts read through `db`: `db.card(id).name` depends on every card's name (or,
    `per_card`, only the attribute names: each card's stamp takes the cards it looks up),
    `db.deck('id')` on that deck; any other use of `db` on the whole database."""
    attributes = sorted(set(_CARD_LOOKUP.findall(text)))
    decks = sorted(set(_DECK_LOOKUP.findall(text)))
    if "db." in _DECK_LOOKUP.sub("", _CARD_LOOKUP.sub("", text)):
        return db.version
    cards: Any = attributes if per_card and attributes else _attributes_of(db, None, attributes)
    return {"cards": cards, "decks": {d.id: d for d in db.decks if d.id in decks}}


def lookup_texts(layouts: list[Any]) -> list[str]:
    """The layouts' texts that look a card up by id (`db.card(`): found once per deck."""
    return [text for layout in layouts for text in _texts(layout.elements) if "db.card(" in text]


def rule_lookups(layouts: list[Any]) -> tuple[tuple[str, str], ...]:
    """The rules the layouts look up by a card's value (`rules.actions[card.replaces]`): (the rule,
    the index expression) of each, for the rules every use of which is such a lookup (found once
    per deck). Each card's stamp takes the entries it looks up (`looked_up_cards`), not the whole
    rule: a rules edit to one action then restamps the cards that print it, not every card."""
    found: dict[str, set[str]] = {}
    whole: set[str] = set()
    for text in (text for layout in layouts for text in _texts(layout.elements)):
        if "rules[" in text:
            return ()
        for match in _RULE_NAME.finditer(text):
            path = match.group(1)
            indexed = _INDEXED_RULE.match(text, match.start())
            if indexed is not None and indexed.group(1) == path:
                found.setdefault(path, set()).add(indexed.group(2))
            else:
                whole.add(path)
    return tuple((path, index) for path in sorted(found) if path not in whole for index in sorted(found[path]))


def looked_up_cards(db: Database, texts: list[str], context: dict[str, Any],
                    rules: tuple[tuple[str, str], ...] = ()) -> Any:
    """The cards that one card's layout `texts` (`lookup_texts`) look up by id (`db.card(id).name`),
    with the attributes they read: what the card's stamp takes from other cards (None when the
    layouts look up none).

    Found by filling in each text with the card's context. Where one cannot be filled in here (it
    needs a repeat's counter, or it fails: the draw-check reports that), every card's attributes
    count, as `layout_inputs` counts them."""
    from .bindings import bind

    found = _looked_up_rules(db, rules, context) if rules else None
    if not texts:
        return found
    attributes = sorted(set(_CARD_LOOKUP.findall("\n".join(texts))))
    with noting_card_lookups() as seen:
        try:
            for text in texts:
                bind(text, context, "a card lookup")
            bound = True
        except LayoutError:
            bound = False
    cards = _attributes_of(db, seen if bound else None, attributes)
    return cards if found is None else {"cards": cards, "rules": found}


def _looked_up_rules(db: Database, rules: tuple[tuple[str, str], ...], context: dict[str, Any]) -> dict[str, Any]:
    """The entries of `rule_lookups` one card looks up; where an index cannot be worked out here
    (it needs a repeat's counter, or fails: the draw-check reports that), the whole rule."""
    from .bindings import bind

    found: dict[str, Any] = {}
    for path, index in rules:
        value = _rule_or_none(db, path)
        try:
            key = bind("{{ " + index + " }}", context, "a rule lookup")
            found[f"{path}[{key}]"] = value[int(key)] if isinstance(value, (list, tuple)) else value[key]
        except (LayoutError, LookupError, ValueError, TypeError):
            found[path] = value
    return found


def _attributes_of(db: Database, ids: set[str] | None, attributes: list[str]) -> Any:
    """{attribute: {card id: value}} of the cards `ids` (None: every card)."""
    cards = [card for deck in db.decks for card in deck.cards if ids is None or card.id in ids]
    return {attr: {card.id: _card_attribute(card, attr) for card in cards} for attr in attributes}


def _texts(value: Any) -> list[str]:
    """Every text in a layout's elements (nested in repeats and groups)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [text for item in value.values() for text in _texts(item)]
    if isinstance(value, (list, tuple)):
        return [text for item in value for text in _texts(item)]
    return []


def _card_attribute(card: Any, attr: str) -> Any:
    return card.get(attr) if attr in card.fields else getattr(card, attr, None)


def _rule_or_none(db: Database, path: str) -> Any:
    try:
        return db.rule(path.rstrip("."))
    except (KeyError, AttributeError, TypeError, ValueError):
        return None


def deck_identity(deck: Any, front: Any, back: Any, lender: Any = None) -> Any:
    """What a card's stamp takes from its deck (`card_stamp`), as JSON values (made once per deck):
    its id, code, name, size and back settings, and the deck settings its layouts print
    (`deck.color`, `deck.prototype`). A card borrowing another deck's back (`back: {like: ...}`)
    takes what that back prints of the lending deck. So a recoloured deck restamps its cards and
    those printed with its back, and a reprint holds them (print audit)."""
    identity = [deck.id, deck.code, deck.name, deck.size, deck.back]
    own = _settings_printed(deck, [front] if lender is not None else [front, back])
    if own:
        identity.append(own)
    if lender is not None:
        identity.append({"lent back": [lender.back, _settings_printed(lender, [back])]})
    return json.loads(json.dumps(identity, default=_plain))


_DECK_SETTING = re.compile(r"\bdeck\.(\w+)")
_DECK = re.compile(r"\bdeck\b")
_IN_EVERY_STAMP = {"id", "code", "name", "size", "back"}


def _settings_printed(deck: Any, layouts: list[Any]) -> dict[str, Any]:
    """The settings of `deck` the layouts' expressions name (`{{ deck.color }}`); all of them, its
    cards too, where an expression uses the deck otherwise (`{{ deck['color'] }}`)."""
    code = "\n".join(EXPRESSION.findall("\n".join(_texts([layout.elements for layout in layouts]))))
    if _DECK.search(_DECK_SETTING.sub("", code)):
        return {"deck": deck}
    names = set(_DECK_SETTING.findall(code)) - _IN_EVERY_STAMP
    return {name: getattr(deck, name, None) for name in sorted(names)}


def card_stamp(shared: str, identity: Any, context: dict[str, Any], looked_up: Any = None) -> str:
    """The content stamp of one card: `shared` is `layout_inputs` of the deck's layouts,
    `identity` the deck's `deck_identity`, `looked_up` its `looked_up_cards`."""
    own = {key: context.get(key) for key in ("card", "number", "total", "corner")}
    if looked_up is not None:
        own["looked_up"] = looked_up
    return digest([shared, {"deck": identity}, own])


def joined(*parts: str) -> str:
    """A short hash of some stamps and words (a face's page key): quicker than `digest` of a list."""
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()[:STAMP_LENGTH]


def printed_version(db: Database) -> str:
    """The game's version as page footers, PDF metadata and layouts (`{{ version }}`) print it.

    The designer's own `game: version:` when game.yaml declares one, else the rules version: a
    hash of the rules parameters, the rulings and the game's details. Neither changes when a card
    changes (each card prints its own stamp), so a one-card edit leaves every other page as it was;
    `db.version` (every file of the database) still tells sessions that anything changed."""
    if db.meta.version:
        return str(db.meta.version)
    return rules_version(db)


@per_database
def rules_version(db: Database) -> str:
    """A short hash of what every page of the kit may print besides its components: the rules
    parameters, the rulings and the game's details (hashed once per database: every page footer
    and cache key prints or hashes it)."""
    return digest({"rules": dict(db.rules), "rulings": db.rulings, "game": db.meta})


def rules_named(db: Database, card: Any, deck: Any) -> set[str]:
    """The rules (dotted paths) a card's fields and its deck's front and back layouts name
    (`rules.lantern_bonus`): what may have restamped it when only rules changed."""
    from .layoutfile import layout_folders, load_layout

    texts = [json.dumps(card.fields, default=str)]
    for name in (name for name in (deck.layout, deck.back.layout) if name):
        try:
            texts.append(json.dumps(load_layout(name, layout_folders(db)).elements, default=str))
        except LayoutError:  # the build reports it
            continue
    return {name.rstrip(".") for name in _RULE_NAME.findall("\n".join(texts))}


def version_label(db: Database, capital: bool = False) -> str:
    """The printed version with what it is: `version 0.1` (the designer's `game: version:`) or
    `rules version 36ae060e` (a hash), so the two are not taken for one another (audit);
    `capital`: to open a sentence."""
    label = f"version {db.meta.version}" if db.meta.version else f"rules version {rules_version(db)}"
    return label[:1].upper() + label[1:] if capital else label
