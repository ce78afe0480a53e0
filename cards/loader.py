"""Load and check a game's card database: every problem is found, located and listed."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from .deckcheck import DeckChecker
from .errors import DatabaseInvalid, Problem, UnknownGame
from .fitting import fitting_remembered
from .keyreaders import readers_when_asked
from .locations import Loc
from .lookups import note_card_lookup
from .measures import component_findings, print_findings
from .paths import cards_root, display_path, game_ids, refused_link
from .problems import pydantic_problems as _pydantic_problems
from .rulecheck import Decks, Readers, check_rule_types, listed_decks, named_types, resolve_rule
from .salvage import Salvaged, without_broken_parts
from .schema import (
    SECTIONS,
    Card,
    Deck,
    Die,
    Fragment,
    GameMeta,
    PrintSettings,
    Reference,
    Rulebook,
    Ruling,
    Sheet,
    TokenSheet,
)
from .spreadsheet import expand_card_sources, row_sources
from .texts import unloaded_text_errors
from .yamlsrc import YamlDoc, load_yaml

__all__ = ["Database", "Params", "load_all", "load_game", "resolve_rule"]


class Params(dict[str, Any]):
    """Rules parameters: a dict that also answers `params.health`, and names a missing key."""
    key_noun = "rules parameter"  # what a template's error calls a missing key (`cards.undefined`)

    def __getattr__(self, name: str) -> Any:
        try:
            value = self[name]
        except KeyError:
            raise AttributeError(f"no rules parameter {name!r}; known: {', '.join(sorted(self))}") from None
        return Params(value) if isinstance(value, dict) and not isinstance(value, Params) else value


@dataclass
class Database:
    """One game's validated card database."""

    folder: Path
    meta: GameMeta
    rules: Params
    rulings: list[Ruling]
    decks: list[Deck]
    sheets: list[Sheet]
    tokens: list[TokenSheet]
    dice: list[Die]
    references: list[Reference]
    rulebook: Rulebook
    print: PrintSettings
    version: str
    files: list[Path] = field(default_factory=list)
    sources: dict[str, str] = field(default_factory=dict)  # card id -> `file:line` in the game's folder
    # where each component was written: (section, index) -> (its file, its path there); index -1 for a
    # single section (`rulebook`, `print`)
    origin: dict[tuple[str, int], tuple[YamlDoc, Loc]] = field(default_factory=dict, compare=False, repr=False)

    def problem_at(self, section: str, index: int, rest: Loc, message: str) -> Problem | None:
        """A problem at `rest` inside component `index` of `section` (its YAML key or spreadsheet
        cell); None when the database does not know where it is written."""
        found = self.origin.get((section, index))
        return found[0].problem(found[1] + rest, message) if found else None

    def card_problem(self, card_id: str, field_name: str, message: str) -> Problem | None:
        """A problem at a card's field (its YAML line, or its cell when the deck is a spreadsheet)."""
        for di, deck in enumerate(self.decks):
            for ci, card in enumerate(deck.cards):
                if card.id == card_id:
                    return self.problem_at("decks", di, ("cards", ci, field_name), message)
        return None

    @property
    def id(self) -> str:
        return self.meta.id

    def deck(self, deck_id: str) -> Deck:
        """The deck with this id."""
        for deck in self.decks:
            if deck.id == deck_id:
                return deck
        raise KeyError(f"no deck {deck_id!r} in {self.id}; decks: {', '.join(d.id for d in self.decks)}")

    def card(self, card_id: str) -> Card:
        """The card with this id, in whichever deck holds it."""
        note_card_lookup(card_id)  # a layout that prints it: the looking card's stamp depends on it
        for deck in self.decks:
            for card in deck.cards:
                if card.id == card_id:
                    return card
        raise KeyError(f"no card {card_id!r} in {self.id}")

    def rule(self, path: str) -> Any:
        """A rules parameter by dotted path: `rule('buffs.attacker')` or `rule('rules.health')`."""
        return resolve_rule(self.rules, path)

    def components(self) -> dict[str, int]:
        """How many of each kind of component the game has (for `deckwright games`)."""
        return {
            "cards": sum(c.count for d in self.decks for c in d.cards),
            "decks": len(self.decks),
            "sheets": len(self.sheets),
            "tokens": sum(t.count for s in self.tokens for t in s.tokens),
            "dice": sum(d.count for d in self.dice),
            "references": len(self.references),
        }


def load_game(game_id: str, root: Path | str | None = None) -> Database:
    """Load, validate and cross-check one game; raise DatabaseInvalid listing every problem."""
    base = cards_root(root)
    folder = base / game_id
    if not (folder / "game.yaml").is_file():
        raise UnknownGame(game_id, game_ids(base), base)
    with fitting_remembered(folder):
        return _Assembler(folder).assemble()


def load_all(root: Path | str | None = None) -> dict[str, Database]:
    """Load every game under the root (the first invalid one raises)."""
    base = cards_root(root)
    return {gid: load_game(gid, base) for gid in game_ids(base)}


class _Assembler:
    """Collects fragments from every file of one game and checks them together."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.problems: list[Problem] = []
        self.docs: list[YamlDoc] = []
        # where each list item came from: (section, merged index) -> (doc, loc in doc)
        self.origin: dict[tuple[str, int], tuple[YamlDoc, Loc]] = {}
        # the file each single section (game, rules, rule_types, ...) came from
        self.single_docs: dict[str, YamlDoc] = {}
        self.sheet_files: list[Path] = []  # spreadsheets decks take their cards from
        self.sources: dict[str, str] = {}  # card id -> `file:line`, for the build manifest
        # a deck read without the cards the schema refused (`cards.salvage`), by its merged index:
        # the place in its file of each card kept, and the ids of those dropped
        self.card_places: dict[int, list[int]] = {}
        self.dropped: dict[int, dict[int, str]] = {}  # deck -> its cards the schema refused, by place
        self.written: dict[int, dict[int, dict[str, Any]]] = {}  # deck -> those cards as written, by place
        self.unchecked: dict[int, frozenset[str]] = {}  # deck -> fields whose definition was refused
        self.salvaged: set[int] = set()  # the problems (by id) of those cards: they hide no cross-check

    def assemble(self) -> Database:
        files = sorted(self.folder.rglob("*.yaml")) + sorted(self.folder.rglob("*.yml"))
        files = [f for f in files if "templates" not in f.relative_to(self.folder).parts]
        merged: dict[str, Any] = {s: [] for s in SECTIONS}
        singles: dict[str, Any] = {}
        for file in files:
            self._read(file, merged, singles)
        # a game.yaml that failed the schema has already been reported (perhaps at a spreadsheet's
        # cell); `game` is not missing from it
        declared = any(isinstance(d.data, dict) and "game" in d.data for d in self.docs)
        if "game" not in singles and not declared and not any(p.path.startswith("game") or p.file.name == "game.yaml"
                                                              for p in self.problems):
            game_doc = next((d for d in self.docs if d.file.name == "game.yaml"), None)
            where = game_doc.file if game_doc else display_path(self.folder / "game.yaml")
            self.problems.append(Problem(where, 1, 1, "game", "missing section 'game' (id, name, players)"))
        rules = Params(singles.get("rules") or {})
        is_well_formed = all(id(problem) in self.salvaged for problem in self.problems)
        listed = listed_decks(merged["decks"], self.dropped) if is_well_formed else None  # see `rulecheck.Decks`
        types, rule_types = singles.get("types") or {}, singles.get("rule_types") or {}
        named, type_problems = named_types(rules, types, self.single_docs, listed)
        readers = readers_when_asked(types, rule_types, merged["decks"])
        self.problems += type_problems + check_rule_types(rules, rule_types, self.single_docs, named, listed, readers)
        if is_well_formed:  # a mistyped rule does not hide the cross-checks (they tolerate it)
            self._cross_check(merged, rules, named, listed, readers)
            if singles.get("print") is not None:
                self.problems += [self.single_docs["print"].problem(("print", *rest), message)
                                  for rest, message in print_findings(singles["print"])]
        self.problems += [p for doc in self.docs for p in getattr(doc, "column_problems", [])]
        # the rules to check the names texts and templates read against: not when unread, nor with a
        # mistake of their own (a misspelt key would make each template reading it rightly look wrong)
        is_sound = "rules" in singles and not any(re.match(r"rules\b", p.path) for p in self.problems)
        read_rules = rules if is_sound else None
        if self.problems:  # the texts' `{{ }}` are checked once the database loads (`generator.check`)
            for i, deck in enumerate(merged["decks"]):
                for card, field, message in unloaded_text_errors(deck, read_rules):
                    self._report("decks", i, ("cards", card, field), message)
        if self.problems:  # each once: every row's problem with a missing column is the column's problem
            raise DatabaseInvalid(list(dict.fromkeys(self.problems)), rules=read_rules)
        decks = {deck.id: deck for deck in merged["decks"]}
        for i, deck in enumerate(merged["decks"]):  # a borrowed back is the other deck's, layout and all (checked)
            if deck.back.like:
                back = decks[deck.back.like].back.model_copy(update={"like": deck.back.like})
                merged["decks"][i] = deck.model_copy(update={"back": back})
        return Database(
            folder=self.folder,
            meta=singles["game"],
            rules=rules,
            rulings=merged["rulings"],
            decks=merged["decks"],
            sheets=merged["sheets"],
            tokens=merged["tokens"],
            dice=merged["dice"],
            references=merged["references"],
            rulebook=singles.get("rulebook") or Rulebook(),
            print=singles.get("print") or PrintSettings(),
            version=_hash_files(files + self.sheet_files, self.folder),
            files=files + self.sheet_files,
            sources=self.sources,
            origin=self.origin,
        )

    def _read(self, file: Path, merged: dict[str, Any], singles: dict[str, Any]) -> None:
        refused = refused_link(file, [self.folder])
        if refused:
            self.problems.append(Problem(display_path(file), None, None, "", refused))
            return
        doc, problems = load_yaml(file, display_path(file))
        self.problems.extend(problems)
        if problems:
            return
        if doc.data is None:
            self.docs.append(doc)
            return
        if not isinstance(doc.data, dict):
            self.docs.append(doc)
            self.problems.append(doc.problem((), f"expected a mapping of sections ({', '.join(SECTIONS)}), "
                                                 f"got {type(doc.data).__name__}"))
            return
        self._note_card_lines(doc, file.relative_to(self.folder))
        doc, sheet_problems, sheet_files = expand_card_sources(doc, self.folder)
        self.sources = {**row_sources(doc, self.folder), **self.sources}  # a card's first place wins
        self.docs.append(doc)
        self.sheet_files += sheet_files
        self.problems.extend(sheet_problems)
        fragment, salvaged = self._validated(doc)
        if fragment is None:
            return
        for section in SECTIONS:
            value = getattr(fragment, section)
            if isinstance(value, list):
                for i, item in enumerate(value):
                    if salvaged is not None and section == "decks":
                        self._note_salvaged_deck(len(merged["decks"]), salvaged, i)
                    self.origin[(section, len(merged[section]))] = (doc, (section, i))
                    merged[section].append(item)
            elif value is not None:
                if section in singles:
                    self.problems.append(doc.problem((section,), f"section {section!r} is already defined in another file"))
                singles[section] = value
                self.single_docs[section] = doc
                self.origin[(section, -1)] = (doc, (section,))  # a single section: index -1

    def _note_salvaged_deck(self, index: int, salvaged: Salvaged, place: int) -> None:
        """What was left out of deck `index` (at `place` in its file) for the checks to allow for."""
        if place in salvaged.places:
            self.card_places[index] = salvaged.places[place]
            self.dropped[index] = salvaged.dropped[place]
            self.written[index] = salvaged.written[place]
        self.unchecked[index] = frozenset(salvaged.unchecked.get(place, ()))

    def _validated(self, doc: YamlDoc) -> tuple[Fragment | None, Salvaged | None]:
        """The file's sections, checked against the schema; with problems the file can be read
        without, the file without what was refused (`cards.salvage`), so the checks across files
        still run. A spreadsheet's row refused before the schema (`SheetDoc.refused_rows`) is left
        out as a card the schema refused is."""
        refused_rows: dict[Loc, Problem] = getattr(doc, "refused_rows", {})
        try:
            fragment = Fragment.model_validate(doc.data)
            if not refused_rows:
                return fragment, None
            errors: list[Any] = []
            problems: list[Problem] = []
        except ValidationError as exc:
            errors = list(exc.errors())
            problems = _pydantic_problems(doc, exc)
            self.problems.extend(problems)
        salvaged = without_broken_parts(doc.data, errors, list(refused_rows))
        if salvaged is None:
            return None, None
        try:
            fragment = Fragment.model_validate(salvaged.data)
        except ValidationError:  # the rest has a problem the first check did not reach: reported next run
            return None, None
        self.salvaged |= {id(problem) for problem in [*problems, *refused_rows.values()]}
        return fragment, salvaged

    def _note_card_lines(self, doc: YamlDoc, where: Path) -> None:
        """Where each card written in this file is (a spreadsheet's cards: `row_sources`)."""
        decks = doc.data.get("decks")
        for di, deck in enumerate(decks if isinstance(decks, list) else []):  # else the schema says why
            cards = deck.get("cards") if isinstance(deck, dict) else None
            for ci, card in enumerate(cards if isinstance(cards, list) else []):
                if isinstance(card, dict) and "id" in card:
                    line, _ = doc.locate(("decks", di, "cards", ci))
                    self.sources.setdefault(str(card["id"]), f"{where}:{line}")

    def _where(self, section: str, index: int, *rest: int | str) -> tuple[YamlDoc, Loc]:
        doc, loc = self.origin[(section, index)]
        places = self.card_places.get(index) if section == "decks" else None
        if places is not None and len(rest) >= 2 and rest[0] == "cards" and isinstance(rest[1], int):
            rest = ("cards", places[rest[1]], *rest[2:])  # its place in the file, before cards were dropped
        return doc, loc + tuple(rest)

    def _report(self, section: str, index: int, rest: Loc, message: str) -> None:
        doc, loc = self._where(section, index, *rest)
        self.problems.append(doc.problem(loc, message))

    def _report_as_written(self, section: str, index: int, rest: Loc, message: str) -> None:
        """A problem of a card the schema refused, `rest` naming its place in the file."""
        doc, loc = self.origin[(section, index)]
        self.problems.append(doc.problem(loc + tuple(rest), message))

    def _cross_check(self, merged: dict[str, Any], rules: Params, named: dict[str, str], listed: Decks,
                     readers: Readers) -> None:
        self._check_unique_ids(merged)
        for section in ("decks", "sheets", "tokens", "references", "dice"):
            for i, item in enumerate(merged[section]):
                for rest, message in component_findings(section, item):
                    self._report(section, i, rest, message)
        # a card dropped for a schema problem is no missing card: naming it is no second problem
        deck_cards = {d.id: {c.id for c in d.cards} | set(self.dropped.get(i, {}).values())
                      for i, d in enumerate(merged["decks"])}
        checker = DeckChecker(self._report, named, listed, readers)
        decks = {deck.id: deck for deck in merged["decks"]}
        as_written = DeckChecker(self._report_as_written, named, listed, readers)
        for i, deck in enumerate(merged["decks"]):
            unchecked = self.unchecked.get(i, frozenset())
            checker.check_deck(i, deck, deck_cards, rules, totals_known=i not in self.card_places, unchecked=unchecked)
            for place, card in self.written.get(i, {}).items():
                as_written.check_written_card(i, place, deck, card, deck_cards, rules, unchecked)
            checker.check_borrowed_back(i, deck, decks)
        for i, sheet in enumerate(merged["tokens"]):
            seen: set[str] = set()
            for j, token in enumerate(sheet.tokens):
                if token.id in seen:
                    self._report("tokens", i, ("tokens", j, "id"), f"duplicate token id {token.id!r} in {sheet.id!r}")
                seen.add(token.id)

    def _check_unique_ids(self, merged: dict[str, Any]) -> None:
        seen: dict[str, str] = {}
        for section in ("decks", "sheets", "tokens", "dice", "references"):
            for i, item in enumerate(merged[section]):
                if item.id in seen:
                    self._report(section, i, ("id",), f"duplicate component id {item.id!r} (also a {seen[item.id]})")
                seen.setdefault(item.id, section.rstrip("s"))
        cards_seen: dict[str, str] = {}
        for i, deck in enumerate(merged["decks"]):
            doc, loc = self.origin[("decks", i)]
            for place, card_id in self._card_ids_in_file_order(i, deck):
                if card_id in cards_seen:  # named with where the first is written: a spreadsheet's row too
                    first = f"deck {cards_seen[card_id]!r}" + (f", {self.sources[card_id]}" if card_id in self.sources else "")
                    self.problems.append(doc.problem(loc + ("cards", place, "id"),
                                                     f"duplicate card id {card_id!r} (already in {first})"))
                cards_seen.setdefault(card_id, deck.id)
        rulings_seen: set[str] = set()
        for i, ruling in enumerate(merged["rulings"]):
            if ruling.id in rulings_seen:
                self._report("rulings", i, ("id",), f"duplicate ruling id {ruling.id!r}")
            rulings_seen.add(ruling.id)

    def _card_ids_in_file_order(self, index: int, deck: Any) -> list[tuple[int, str]]:
        """(place in its file, id) of every card of deck `index` as written, the cards the schema
        refused included (a duplicate id is a problem of its own, reported in the same run)."""
        places = self.card_places.get(index, range(len(deck.cards)))
        written = [(place, str(card.id)) for place, card in zip(places, deck.cards, strict=True)]
        return sorted([*written, *self.dropped.get(index, {}).items()])


def _hash_files(files: list[Path], folder: Path) -> str:
    """A short stable hash of the database's files, printed on every card and page."""
    digest = hashlib.sha256()
    for file in sorted(files):
        digest.update(str(file.relative_to(folder)).encode())
        digest.update(b"\0")
        digest.update(file.read_bytes())
    return digest.hexdigest()[:8]
