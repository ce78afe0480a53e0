"""The build manifest (`OUT/<game>/manifest.json`).

It lists every card and component with its content stamp (`generator.stamps`) and source
`file:line`, each deck's own settings (its colour, its back) and every rules parameter, so
`deckwright changes` can compare two builds.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

from cards import Database
from cards.printshops import SHOPS

from .geometry import PAPERS
from .stamps import digest

MANIFEST = "manifest.json"


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
    """The manifest of one game: every card (place in its deck, stamp, fields, source), component and rules parameter."""
    return {**_manifest_but_cards(db), "cards": [_card_entry(*card) for card in _placed_cards(db)]}


def _manifest_but_cards(db: Database) -> dict[str, Any]:
    components = [_component(db, kind, item)
                  for kind, items in (("deck", db.decks), ("sheet", db.sheets), ("tokens", db.tokens),
                                      ("reference", db.references))
                  for item in items]
    rules = json.loads(json.dumps(flat_rules(db.rules), default=str))
    # the designer's own `game: version:`, kept only when declared: `changes` warns when the rules
    # changed and it did not (a game that declares none keeps the manifest it had)
    declared = {"game_version": str(db.meta.version)} if db.meta.version else {}
    return {"game": db.id, "version": db.version, "components": components, "rules": rules, **declared}


def _component(db: Database, kind: str, item: Any) -> dict[str, Any]:
    entry = {"kind": kind, "id": item.id, "name": item.name, "stamp": _component_stamp(db, kind, item)}
    if kind == "deck":  # its own settings: `changes` shows a recolour, which restamps its cards
        entry["settings"] = item.model_dump(mode="json", exclude={"cards"})
    return entry


# Each component's stamp as this process last worked it out, by game folder, kind and id: a deck's
# is a hash of the whole deck, every card's fields included (3 ms for 500 cards), and comparing
# the deck with the one it was worked out from takes a tenth of that.
_LAST_STAMPS: dict[tuple[str, str, str], tuple[Any, str]] = {}


def _component_stamp(db: Database, kind: str, item: Any) -> str:
    key = (str(db.folder), kind, str(item.id))
    last = _LAST_STAMPS.get(key)
    if last is not None and last[0] == item:
        return last[1]
    stamp = digest(item)
    if len(_LAST_STAMPS) >= 256:
        _LAST_STAMPS.clear()
    _LAST_STAMPS[key] = (item, stamp)
    return stamp


_PlacedCard = tuple[Any, Any, str, str, str, dict[str, str]]  # card, deck, place, stamp, source, own images


def _placed_cards(db: Database) -> Iterator[_PlacedCard]:
    from .kit import deck_images, deck_stamps

    for deck in db.decks:
        cards = zip(deck.cards, deck_stamps(db, deck), deck_images(db, deck), strict=True)
        for number, (card, stamp, images) in enumerate(cards, start=1):
            place = f"{number:02d}/{len(deck.cards):02d}"  # as its corner prints it
            yield card, deck, place, stamp, db.sources.get(card.id, ""), images


def _card_entry(card: Any, deck: Any, place: str, stamp: str, source: str, images: dict[str, str]) -> dict[str, Any]:
    entry = {"id": card.id, "deck": deck.id, "name": card.name, "count": card.count, "place": place,
             "stamp": stamp, "source": source, "fields": card.fields}
    if images:  # the art it draws by a path of its own, so `changes` can name a new picture
        entry["images"] = images
    return entry if _is_json(entry) else dict(json.loads(json.dumps(entry, default=str)))


def _is_json(value: Any) -> bool:
    """Is `value` what JSON reads back as it is (else it is written and read back: a date becomes
    text, a tuple a list, a number key a string)? Most cards' fields are, and the round trip of a
    500-card deck's fields costs more than the rest of the manifest."""
    kind = type(value)
    if kind is str or kind is int or kind is float or kind is bool or value is None:
        return True
    if kind is list:
        return all(_is_json(item) for item in value)
    if kind is dict:
        return all(type(key) is str and _is_json(item) for key, item in value.items())
    return False


def manifest_text(db: Database) -> str:
    """The manifest as written: JSON, keys sorted, one card, component or rules parameter a line
    (so a diff of two manifests shows one line per changed card)."""
    manifest: dict[str, Any] = {**_manifest_but_cards(db), "cards": None}
    sections = [f" {_json(key)}: {_card_block(db) if key == 'cards' else _block(value)}"
                for key, value in sorted(manifest.items())]
    return "{\n" + ",\n".join(sections) + "\n}\n"


# The line of each card in the last manifest this process wrote of a game (by its folder): a
# rebuild in the same process (`build --watch`) writes again only the lines of cards that changed,
# were moved or stamped anew (500 cards' lines took 3 ms); a card's line holds nothing but what is
# compared here.
_LAST_LINES: dict[str, dict[tuple[str, str], tuple[Any, tuple[str, str, str], str]]] = {}


def _card_block(db: Database) -> str:
    last = _LAST_LINES.pop(str(db.folder), {})
    lines: dict[tuple[str, str], tuple[Any, tuple[str, str, str], str]] = {}
    for card, deck, place, stamp, source, images in _placed_cards(db):
        key, facts = (str(deck.id), str(card.id)), (place, stamp, source)
        old = last.get(key)
        line = old[2] if old is not None and old[1] == facts and old[0] == card else None
        lines[key] = (card, facts, line or _json(_card_entry(card, deck, place, stamp, source, images)))
    if len(_LAST_LINES) >= 16:
        del _LAST_LINES[next(iter(_LAST_LINES))]
    _LAST_LINES[str(db.folder)] = lines
    if not lines:
        return _json([])
    return "[\n" + ",\n".join(f"  {line}" for _, _, line in lines.values()) + "\n ]"


def _block(value: Any) -> str:
    if isinstance(value, list) and value:
        return "[\n" + ",\n".join(f"  {_json(item)}" for item in value) + "\n ]"
    if isinstance(value, dict) and value:
        return "{\n" + ",\n".join(f"  {_json(key)}: {_json(item)}" for key, item in sorted(value.items())) + "\n }"
    return _json(value)


def _json(value: Any) -> str:
    # without `indent`, json uses its C encoder: a 500-card manifest in a few milliseconds
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def write_manifest(db: Database, folder: Path, text: str | None = None) -> Path:
    """Write `folder/manifest.json` (`text`: the manifest already made); return its path."""
    from .build import atomic_write

    path = folder / MANIFEST
    text = manifest_text(db) if text is None else text

    def render(out: BinaryIO) -> None:
        out.write(text.encode())

    atomic_write(path, render)
    return path


# The kit's subfolders of files drawn per component: `--png`, `--tts` and each print shop's
# (`--for`). Every file deckwright writes there is named after its component: `<id>.<ext>` or
# `<id>-<what>.<ext>` (`race-fire-1.png`, `race-tts-back.png`, `race.pdf`).
PER_COMPONENT_FOLDERS = ("png", "tts", *SHOPS)
PER_COMPONENT_SUFFIXES = (".png", ".pdf")
REPRINTS = tuple(f"reprint-{paper}.pdf" for paper in PAPERS)  # of each paper `geometry.PAPERS` knows


@dataclass(frozen=True)
class EarlierKit:
    """What a kit folder's manifest says the last build made (read before a build replaces it)."""

    components: frozenset[str] = frozenset()
    is_ours: bool = False  # the folder holds a manifest deckwright wrote


def earlier_kit(folder: Path) -> EarlierKit:
    """The components the manifest in `folder` lists (none when there is no manifest of ours)."""
    try:
        earlier = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
        return EarlierKit(frozenset(str(c["id"]) for c in earlier.get("components", [])), True)
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        return EarlierKit()  # no manifest yet, or not one of ours: nothing is known to have been built


def component_ids(db: Database) -> frozenset[str]:
    return frozenset(item.id for items in (db.decks, db.sheets, db.tokens, db.references) for item in items)


def stale_files(folder: Path, db: Database, earlier: EarlierKit, written: list[Path], ran: set[str],
                home: bool = True) -> list[Path]:
    """The files of kit folder `folder` that an earlier build wrote and this one, having written
    `written`, leaves stale. Only names deckwright gives its files are considered, so a file of
    the designer's own is never one:

    - a reprint sheet (`reprint-<paper>.pdf`) this build did not write again: it lists the cards
      changed up to the build that wrote it (`home`: a build of the home kit, with its manifest);
    - (`home`) the file of a component the last build's manifest lists and `db` no longer holds:
      `<id>-<paper>.pdf` and `<id>-fold-<paper>.pdf`;
    - in the per-component folders (`png/`, `tts/`, a print shop's), a file of a component the
      last build's manifest lists and `db` no longer holds, whatever this build writes, and a
      file of any component that this build did not write although it wrote that folder again
      (`ran`: `png`, `tts`, a shop's name): a card taken out of a deck, a TTS sheet fewer."""
    made = {path.resolve() for path in written}
    now = component_ids(db)
    gone = earlier.components - now
    known = sorted(earlier.components | now, key=len, reverse=True)  # the longest id a name starts with owns it
    stale = []
    if home and earlier.is_ours:
        stale += [folder / name for name in REPRINTS if (folder / name).is_file()]
        names = {f"{id_}{fold}-{paper}.pdf" for id_ in gone for fold in ("", "-fold") for paper in PAPERS}
        stale += sorted(path for path in folder.iterdir() if path.name in names and path.is_file())
    for name in PER_COMPONENT_FOLDERS:
        sub = folder / name
        if not sub.is_dir():
            continue
        for path in sorted(sub.iterdir()):
            if not path.is_file() or path.suffix not in PER_COMPONENT_SUFFIXES:
                continue
            owner = next((id_ for id_ in known if path.stem == id_ or path.stem.startswith(id_ + "-")), None)
            if owner is not None and (owner in gone or name in ran):
                stale.append(path)
    return [path for path in stale if path.resolve() not in made]
