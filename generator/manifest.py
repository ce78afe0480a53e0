"""Per-card content stamps and the build manifest (`OUT/<game>/manifest.json`).

A card's stamp is a short hash of what its printed face and back are drawn from: its fields and
filled-in text, its place in the deck, the resolved front and back layouts, the deck's size and
back, the bleed, and the rules values and game details the layouts name. The database-wide
version is left out, so a card whose content did not change keeps its stamp and need not be
reprinted. The manifest lists every card and component with its stamp and source `file:line`,
and every rules parameter, so `deckwright changes` can compare two builds.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Any, BinaryIO

from cards import Database
from cards.yamlsrc import load_yaml

STAMP_LENGTH = 8
MANIFEST = "manifest.json"
_RULE_NAME = re.compile(r"rules\.([A-Za-z_][\w.]*)")
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


def layout_inputs(db: Database, layouts: list[Any]) -> str:
    """A hash of what the layouts draw besides the card: their resolved elements, the rules values
    and database lookups they name, the game's details and the bleed (hashed once per deck)."""
    elements = [[layout.elements, layout.size] for layout in layouts]
    text = json.dumps(elements, default=str)
    named = sorted(set(_RULE_NAME.findall(text)))
    rules = {name: _rule_or_none(db, name) for name in named}
    if "rules[" in text:  # an indexed lookup: depend on every rule
        rules = {"*": dict(db.rules)}
    return digest({"layouts": elements, "rules": rules, "game": db.meta, "bleed": db.print.bleed,
                   "db": _database_lookups(db, text)}, 64)


def _database_lookups(db: Database, text: str) -> Any:
    """What layouts read through `db`: `db.card(id).name` depends on every card's name,
    `db.deck('id')` on that deck; any other use of `db` on the whole database."""
    attributes = sorted(set(_CARD_LOOKUP.findall(text)))
    decks = sorted(set(_DECK_LOOKUP.findall(text)))
    if "db." in _DECK_LOOKUP.sub("", _CARD_LOOKUP.sub("", text)):
        return db.version
    cards = {attr: {card.id: _card_attribute(card, attr) for deck in db.decks for card in deck.cards}
             for attr in attributes}
    return {"cards": cards, "decks": {d.id: d for d in db.decks if d.id in decks}}


def _card_attribute(card: Any, attr: str) -> Any:
    return card.get(attr) if attr in card.fields else getattr(card, attr, None)


def _rule_or_none(db: Database, path: str) -> Any:
    try:
        return db.rule(path.rstrip("."))
    except (KeyError, AttributeError, TypeError, ValueError):
        return None


def card_stamp(shared: str, deck: Any, context: dict[str, Any]) -> str:
    """The content stamp of one card: `shared` is `layout_inputs` of the deck's layouts."""
    own = {key: context.get(key) for key in ("card", "number", "total", "corner")}
    return digest([shared, {"deck": [deck.id, deck.code, deck.name, deck.size, deck.back]}, own])


def card_sources(db: Database) -> dict[str, str]:
    """Where each card is written: card id -> `file:line` relative to the game's folder."""
    found: dict[str, str] = {}
    for file in db.files:
        if file.suffix not in (".yaml", ".yml"):
            continue
        doc, problems = load_yaml(file)
        if problems or not isinstance(doc.data, dict):
            continue
        for di, deck in enumerate(doc.data.get("decks") or []):
            for ci, card in enumerate((deck or {}).get("cards") or [] if isinstance(deck, dict) else []):
                if isinstance(card, dict) and "id" in card:
                    line, _ = doc.locate(("decks", di, "cards", ci))
                    found.setdefault(str(card["id"]), f"{_relative(file, db.folder)}:{line}")
    return found


def _relative(file: Path, folder: Path) -> str:
    try:
        return str(file.relative_to(folder))
    except ValueError:
        return file.name


def flat_rules(rules: Any, prefix: str = "") -> dict[str, Any]:
    """Every rules parameter by dotted path (lists kept whole)."""
    flat: dict[str, Any] = {}
    for key, value in dict(rules).items():
        path = f"{prefix}{key}"
        if isinstance(value, dict):
            flat.update(flat_rules(value, path + "."))
        else:
            flat[path] = value
    return flat


def build_manifest(db: Database) -> dict[str, Any]:
    """The manifest of one game: every card (stamp, fields, source), component and rules parameter."""
    from .kit import deck_stamps

    sources = card_sources(db)
    cards: list[dict[str, Any]] = []
    for deck in db.decks:
        for card, stamp in zip(deck.cards, deck_stamps(db, deck), strict=True):
            cards.append({"id": card.id, "deck": deck.id, "name": card.name, "count": card.count,
                          "stamp": stamp, "source": sources.get(card.id, ""),
                          "fields": json.loads(json.dumps(card.fields, default=str))})
    components = [{"kind": kind, "id": item.id, "name": item.name, "stamp": digest(item)}
                  for kind, items in (("deck", db.decks), ("sheet", db.sheets), ("tokens", db.tokens),
                                      ("reference", db.references))
                  for item in items]
    rules = json.loads(json.dumps(flat_rules(db.rules), default=str))
    return {"game": db.id, "version": db.version, "cards": cards, "components": components, "rules": rules}


def write_manifest(db: Database, folder: Path) -> Path:
    """Write `folder/manifest.json`; return its path."""
    from .build import atomic_write

    path = folder / MANIFEST
    text = json.dumps(build_manifest(db), indent=1, sort_keys=True, ensure_ascii=False) + "\n"

    def render(out: BinaryIO) -> None:
        out.write(text.encode())

    atomic_write(path, render)
    return path
