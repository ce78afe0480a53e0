"""Spreadsheets as a card source, and decks written out as spreadsheets.

A deck may say `cards: {from: cards.csv}` or `cards: {from: cards.xlsx, sheet: Spells}` instead
of listing its cards. Row 1 names the columns: `id`, `name`, `count` and the deck's declared
fields; every later row is one card. Each cell is typed by its column's declared field
(`sheetcells.typed`) and the card then goes through exactly the checks of a YAML card, so a
problem is reported at its cell: `cards.csv:7:3` or `Spells!C7`.

The file is named relative to the YAML file that names it and must stay inside the game's folder.
"""

from __future__ import annotations

import csv
import datetime
import io
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import Problem
from .locations import Loc
from .paths import contained_file
from .schema import Deck
from .sheetcells import (
    ABSENT,
    NOTE,
    Cell,
    Merged,
    SheetError,
    Table,
    Unsaved,
    read_csv,
    read_xlsx,
    typed,
    untyped,
)
from .wording import closest, quoted
from .yamlsrc import YamlDoc

CORE_COLUMNS = {"id": "str", "name": "str", "count": "int"}
FORMATS = ("csv", "xlsx")


@dataclass
class SheetDoc(YamlDoc):
    """A YAML document some of whose decks took their cards from spreadsheets: a problem about
    such a card is located at its spreadsheet cell, not at the YAML line that names the file."""

    cells: dict[Loc, Cell] = field(default_factory=dict)
    # card fields a problem of a whole column already covers (a missing column, a column of formulas
    # without saved values): every card's problem with that field is this one, reported once
    covered: dict[Loc, Problem] = field(default_factory=dict)
    # problems of whole columns: they do not stop the loader's checks of the cards, which they cover
    column_problems: list[Problem] = field(default_factory=list)
    # cards whose rows cannot be read into their columns, and why: the loader leaves them out, as
    # cards the schema refused (`cards.salvage`), and checks the rest
    refused_rows: dict[Loc, Problem] = field(default_factory=dict)

    def problem(self, loc: Loc, message: str) -> Problem:
        missing = _MISSING.fullmatch(message)
        if missing and len(loc) == 4:  # the loader's "missing required field 'cost'" names the field
            loc = (*loc, missing.group(1))
        if len(loc) >= 5 and loc[:5] in self.covered:
            return self.covered[loc[:5]]
        if loc in self.covered:  # a deck's `total`, off because its `count` column is misspelt
            return self.covered[loc]
        if len(loc) >= 5 and loc[:5] in self.cells:  # a field of a card: its cell
            return self.cells[loc[:5]].problem(str(loc[4]), message)
        if len(loc) >= 4 and loc[:4] in self.cells:  # a card as a whole: its row's first cell
            return self.cells[loc[:4]].problem("", message)
        return super().problem(loc, message)


_MISSING = re.compile(r"missing required field '([^']+)'")


def expand_card_sources(doc: YamlDoc, folder: Path) -> tuple[YamlDoc, list[Problem], list[Path]]:
    """Replace every `cards: {from: ...}` of `doc` by the cards its spreadsheet holds.

    Returns the document (a `SheetDoc` when a spreadsheet was read), the problems found while
    reading and typing cells, and the spreadsheet files read (they belong to the database)."""
    decks = doc.data.get("decks") if isinstance(doc.data, dict) else None
    if not isinstance(decks, list) or not any(_source_of(d) for d in decks):
        return doc, [], []
    out = SheetDoc(doc.file, doc.data, doc.text, doc.marks)
    problems: list[Problem] = []
    files: list[Path] = []
    for index, deck in enumerate(decks):
        source = _source_of(deck)
        if source is None:
            continue
        where = ("decks", index, "cards")
        found = _check_source(source)
        if found:
            problems.append(doc.problem(where + (found[0],), found[1]))
            deck["cards"] = []
            continue
        path = contained_file([doc.file.parent.resolve()], source["from"])
        if path is None or not path.resolve().is_relative_to(folder.resolve()):
            problems.append(doc.problem(where + ("from",), f"no file {source['from']!r} beside this file "
                                        "inside the game's folder (a link pointing outside it is refused)"))
            deck["cards"] = []
            continue
        shown = doc.file.parent / source["from"]
        try:
            table = _read(path, shown, source.get("sheet"))
        except SheetError as exc:
            problems.append(doc.problem(where + ("from",), str(exc)))
            deck["cards"] = []
            continue
        files.append(path)
        fields = deck.get("fields") if isinstance(deck.get("fields"), dict) else {}
        first = len(problems)
        problems.extend(table.broken)
        deck["cards"] = _cards(table, fields, index, out, problems)
        problems[first:] = sorted(problems[first:], key=lambda problem: problem.line or 0)  # in row order
    return out, problems, files


def row_sources(doc: YamlDoc, folder: Path) -> dict[str, str]:
    """Card id -> the row it is written on (`Cell.place`), for the cards `doc` read from spreadsheets."""
    if not isinstance(doc, SheetDoc):
        return {}
    found: dict[str, str] = {}
    for loc, cell in doc.cells.items():
        if len(loc) == 4:  # (decks, i, cards, j): a card's row, at its first cell
            card = doc.data["decks"][loc[1]]["cards"][loc[3]]
            if isinstance(card, dict) and "id" in card:
                found.setdefault(str(card["id"]), cell.place(folder))
    return found


def _source_of(deck: Any) -> dict[str, Any] | None:
    cards = deck.get("cards") if isinstance(deck, dict) else None
    return cards if isinstance(cards, dict) else None


def _check_source(source: dict[str, Any]) -> tuple[str, str] | None:
    """(key, why) when `cards: {...}` is not a valid spreadsheet source."""
    for key in source:
        if key not in ("from", "sheet"):
            return str(key), f"unknown key {key!r}; accepted: from, sheet"
    name = source.get("from")
    if not isinstance(name, str) or not name.lower().endswith(FORMATS):
        return "from", f"expected the name of a .csv or .xlsx file, got {name!r}"
    sheet = source.get("sheet")
    if sheet is not None and (not isinstance(sheet, str) or not name.lower().endswith(".xlsx")):
        return "sheet", "a sheet name (a string) is only for .xlsx files"
    return None


def _read(path: Path, shown: Path, sheet: str | None) -> Table:
    if path.suffix.lower() == ".csv":
        return read_csv(path, shown)
    return read_xlsx(path, shown, sheet)


def _cards(table: Table, fields: dict[str, Any], deck_index: int, doc: SheetDoc,
           problems: list[Problem]) -> list[dict[str, Any]]:
    kinds = {**CORE_COLUMNS, **{name: _kind(spec) for name, spec in fields.items()}}
    unknown = _header_problems(table, kinds, problems, doc.column_problems)
    misspelt = {hint: problem for hint, problem in unknown.values() if hint}
    for name in _missing_columns(table, fields):
        problem = misspelt.get(name) or table.header_cells[0].problem(
            name, f"no column {name!r} in row 1, and every card needs it "
                  f"(row 1 names: {', '.join(n for n in table.header if n)})")
        if name not in misspelt:  # else its misspelt column's problem says it
            _cover(doc, deck_index, range(len(table.rows)), name, problem)
        else:
            doc.covered.update({("decks", deck_index, "cards", j, name): problem for j in range(len(table.rows))})
    if "count" in misspelt:  # every card counted once: the deck's total is off for that one reason (audit)
        doc.covered[("decks", deck_index, "total")] = misspelt["count"]
    unsaved: dict[str, list[tuple[Cell, Unsaved]]] = {}
    merged: dict[str, list[tuple[int, str, Cell]]] = {}  # range -> (row, column name, cell) of each hidden cell
    cards = []
    for j, row in enumerate(table.rows):
        card: dict[str, Any] = {}
        doc.cells[("decks", deck_index, "cards", j)] = row[0][1]
        misfit = table.misfits.get(row[0][1].row)
        if misfit is not None:  # its values may be in the wrong columns: this one problem says so
            problems.append(misfit)
            doc.refused_rows[("decks", deck_index, "cards", j)] = misfit
            doc.covered.update({("decks", deck_index, "cards", j, name): misfit for name in kinds})
        for c, (raw, cell) in enumerate(row):
            name = table.header[c] if c < len(table.header) else ""
            if name.startswith(NOTE):
                continue
            if not name or name in unknown:
                if not name and raw is not None and str(raw).strip() and misfit is None:
                    problems.append(cell.problem("", "a value in a column without a name"))
                continue
            doc.cells[("decks", deck_index, "cards", j, name)] = cell
            if isinstance(raw, Unsaved):
                unsaved.setdefault(name, []).append((cell, raw))
                continue
            if isinstance(raw, Merged):
                merged.setdefault(raw.cells, []).append((j, name, cell))
                continue
            if isinstance(raw, datetime.date | datetime.time):  # kept: the card is refused, not miscounted
                _cover(doc, deck_index, [j], name, cell.problem(name, _date_message(kinds.get(name, "str"), raw)))
            try:
                value = typed(kinds.get(name, "str"), raw)
            except ValueError:  # kept as written: the loader's field check reports it, as for YAML
                value = raw
            if value is not ABSENT:
                card[name] = value
        cards.append(card)
    for name, found in unsaved.items():
        _cover(doc, deck_index, range(len(table.rows)), name, _unsaved_problem(name, found))
    for cells, hidden in merged.items():
        _, name, first = hidden[0]
        problem = first.problem(name, f"part of the merged cells {cells}: unmerge them and fill in each cell")
        for j, column, _ in hidden:
            _cover(doc, deck_index, [j], column, problem)
    return cards


def _cover(doc: SheetDoc, deck_index: int, rows: Iterable[int], name: str, problem: Problem) -> None:
    """Report `problem` once, as every problem of field `name` of these rows' cards: it says what
    is wrong with those cells (the loader's checks of the cards still run)."""
    if problem not in doc.column_problems:
        doc.column_problems.append(problem)
    doc.covered.update({("decks", deck_index, "cards", j, name): problem for j in rows})


def _date_message(kind: str, value: datetime.date | datetime.time) -> str:
    """A date the spreadsheet made of what was typed (`3/4` in a count column reads as 4 March)."""
    return f"expected {kind}, got {quoted(value)}: format the column as text and type the value again"


def _header_problems(table: Table, kinds: dict[str, str], problems: list[Problem],
                     unknown_columns: list[Problem]) -> dict[str, tuple[str | None, Problem]]:
    """Report nameless, repeated and unknown columns of row 1 (once each); each unknown name with
    the column it probably means and its problem."""
    seen: set[str] = set()
    unknown: dict[str, tuple[str | None, Problem]] = {}
    for name, cell in zip(table.header, table.header_cells, strict=True):
        if not name:
            problems.append(cell.problem("", "a column without a name in row 1"))
        elif name.startswith(NOTE):
            continue  # the designer's notes, as a `#` comment in YAML; may repeat
        elif name in seen:
            problems.append(cell.problem(name, f"column {name!r} appears twice"))
        elif name not in kinds:
            hint = _closest_column(name, list(kinds))
            unknown[name] = hint, cell.problem(name, f"unknown column {name!r}"
                                               + (f" (did you mean {hint!r}?)" if hint else
                                                  f" (start its name with {NOTE} to keep it as a note)")
                                               + f"; the deck's columns: {', '.join(kinds)}")
            unknown_columns.append(unknown[name][1])
        seen.add(name)
    return unknown


def _closest_column(name: str, known: list[str]) -> str | None:
    """The known column `name` is probably a misspelling of (`Cost` or `cots` for `cost`), or None."""
    lowered = {column.lower(): column for column in known}
    close = closest(name.lower(), lowered)
    return lowered[close] if close else None


def _missing_columns(table: Table, fields: dict[str, Any]) -> list[str]:
    """Columns every card needs (id, name and the required fields) that row 1 does not name."""
    required = ["id", "name", *(n for n, spec in fields.items() if isinstance(spec, dict) and spec.get("required"))]
    return [name for name in required if name not in table.header]


def _unsaved_problem(name: str, found: list[tuple[Cell, Unsaved]]) -> Problem:
    first, formula = found[0]
    more = f" (and {len(found) - 1} more cells of this column)" if len(found) > 1 else ""
    return first.problem(name, f"a formula ({formula.formula}) whose value the workbook does not hold{more}: "
                               "it was saved by a program that does not calculate (a script); open it in a "
                               "spreadsheet program and save it, or type the values")


def _kind(spec: Any) -> str:
    kind = spec.get("type", "str") if isinstance(spec, dict) else "str"
    return kind if isinstance(kind, str) else "str"


def columns(deck: Deck) -> list[str]:
    """The columns a deck is written with: id, name, count, then its fields as declared."""
    return [*CORE_COLUMNS, *deck.fields]


def deck_rows(deck: Deck, for_csv: bool) -> list[list[Any]]:
    """The header and one row per card, values as they are written into cells."""
    rows: list[list[Any]] = [columns(deck)]
    for card in deck.cards:
        values = {"id": card.id, "name": card.name, "count": card.count, **card.fields}
        rows.append([untyped(values[c], for_csv) if c in values else ("" if for_csv else None)
                     for c in columns(deck)])
    return rows


def deck_csv(deck: Deck) -> str:
    """A deck as CSV text."""
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerows(deck_rows(deck, for_csv=True))
    return buffer.getvalue()


def write_deck(deck: Deck, path: Path, fmt: str) -> Path:
    """Write a deck to `path` as CSV or XLSX (one sheet named after the deck id)."""
    if fmt == "csv":
        path.write_text(deck_csv(deck), encoding="utf-8")
        return path
    import openpyxl

    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = deck.id[:31]
    for row in deck_rows(deck, for_csv=False):
        sheet.append(row)
    book.save(path)
    return path
