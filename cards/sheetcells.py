"""Cells of a spreadsheet card source: reading CSV and XLSX into located rows, and typing one cell.

A row is the header row's column names plus the row's raw values (strings from CSV, typed values
from XLSX), each cell remembering where it is, so a problem names `cards.csv:7:3` or `Spells!C7`.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from .errors import Problem

MAX_ROWS = 20_000  # the largest shipped deck has under 50 cards
MAX_COLUMNS = 200
ABSENT = object()  # an empty cell: the field is left out, as in a YAML card without it


@dataclass(frozen=True)
class Cell:
    """Where one value of a spreadsheet sits."""

    file: Path
    row: int
    column: int
    sheet: str | None = None
    source: str = ""

    @property
    def label(self) -> str:
        """`Spells!C7` for a sheet of a workbook, `7:3` for CSV."""
        if self.sheet is None:
            return f"{self.row}:{self.column}"
        return f"{self.sheet}!{column_letter(self.column)}{self.row}"

    def place(self, folder: Path) -> str:
        """Where this cell's row is, as the build manifest names a card's source (`file:line`):
        `spells.csv:7`, `cards.xlsx:Spells!A7`, the file relative to the game's `folder`."""
        try:
            name = self.file.resolve().relative_to(folder.resolve()).as_posix()
        except ValueError:
            name = self.file.name
        return f"{name}:{self.row}" if self.sheet is None else f"{name}:{self.label}"

    def problem(self, field: str, message: str) -> Problem:
        """A problem at this cell: `file:row:column: field: message`, or `file: Sheet!C7: field: message`."""
        if self.sheet is None:
            return Problem(self.file, self.row, self.column, field, message, self.source)
        return Problem(self.file, None, None, self.label, f"{field}: {message}" if field else message,
                       self.source)


@dataclass
class Table:
    """A spreadsheet's header and its non-empty rows, each value beside its cell."""

    header: list[str]
    header_cells: list[Cell]
    rows: list[list[tuple[Any, Cell]]]
    # row number -> the problem of a CSV row whose fields do not line up with row 1's: its cells
    # cannot be trusted to be in their columns (an unquoted comma shifts every later one)
    misfits: dict[int, Problem] = field(default_factory=dict)
    broken: list[Problem] = field(default_factory=list)  # the CSV rows that could not be read at all


class SheetError(Exception):
    """The spreadsheet cannot be read at all."""


@dataclass(frozen=True)
class Unsaved:
    """A workbook cell holding a formula whose value was never saved (openpyxl reads saved values)."""

    formula: str


@dataclass(frozen=True)
class Merged:
    """A workbook cell merged into the one before it (`cells` is the range, like `D2:D3`): it reads
    as empty, though the spreadsheet shows the first cell's value across the range."""

    cells: str


def column_letter(column: int) -> str:
    """1 -> A, 27 -> AA."""
    letters = ""
    while column > 0:
        column, rest = divmod(column - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


def read_csv(path: Path, shown: Path) -> Table:
    """Read a CSV file (UTF-8, an Excel byte-order mark allowed); row 1 is the header."""
    try:
        with path.open(encoding="utf-8-sig", newline="") as handle:
            text = handle.read()
    except UnicodeDecodeError:
        if path.read_bytes()[:4] == b"PK\x03\x04":  # audit: a workbook saved under a .csv name
            raise SheetError(f"{shown} is a workbook (.xlsx), not CSV text: name it .xlsx, or save it "
                             "as \"CSV UTF-8\" in your spreadsheet program") from None
        raise SheetError(f"{shown} is not UTF-8 text (row {_first_undecodable_row(path)}): save it as "
                         "\"CSV UTF-8\" in your spreadsheet program, or as .xlsx") from None
    except OSError as exc:
        raise SheetError(f"cannot read {shown}: {exc}") from None
    records, broken = _records(text, shown)

    def cell(row: int, column: int, values: list[Any]) -> Cell:
        # the cell itself under a problem, not its whole row (audit: a bad cell echoed 12 lines)
        own = values[column - 1] if 0 < column <= len(values) else ",".join(str(v) for v in values)
        return Cell(shown, row, column, None, str(own))

    _refuse_other_delimiters(records, shown)
    table = _table(records, cell, str(shown))
    table.misfits = _misfits(records, shown)
    table.broken = broken
    return table


def _records(text: str, shown: Path) -> tuple[list[list[str]], list[Problem]]:
    """The rows of a CSV text, and a problem for each row the csv module cannot read: that row is
    left empty and reading goes on at the next line, so one stray quote does not hide the
    problems of every later row (a quote never closed runs to the end of the file: the last)."""
    records: list[list[str]] = []
    broken: list[Problem] = []
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    while True:
        number, line = len(records) + 1, reader.line_num + 1  # the row, and the line it starts on
        try:
            values = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:
            reason = _csv_error(str(exc))
            if number == 1:  # without the column names no row can be read
                raise SheetError(f"cannot read {shown}, row 1: {reason}") from None
            source = text.split("\n")[line - 1].rstrip("\r")  # the row's first line (the reader has read it)
            broken.append(Problem(shown, number, None, "", f"cannot read this row: {reason}", source))
            values = []  # a blank row in its place: the rows after it keep their numbers
        records.append(_within_limits(number, values))
    return records, broken


def _misfits(records: list[list[str]], shown: Path) -> dict[int, Problem]:
    """The rows (not blank) whose number of fields is not row 1's: CSV places a value by counting
    commas, so such a row's values may sit in the wrong columns without any other sign."""
    width = len(records[0]) if records else 0
    found = {}
    for number, values in enumerate(records[1:], start=2):
        if len(values) == width or all(not v.strip() for v in values):
            continue
        if len(values) > width:
            hint = ('put a cell that contains a comma in double quotes ("Draw 2, then discard"), '
                    "or save the file from a spreadsheet program, which does so")
        else:
            hint = ("write a comma for each empty cell, at the end of the row too "
                    "(a missing comma moves the later values into the wrong columns)")
        found[number] = Problem(shown, number, None, "", f"row {number} has {len(values)} fields where row 1 "
                                f"(the column names) has {width}: {hint}", ",".join(values))
    return found


def _first_undecodable_row(path: Path) -> int:
    with path.open("rb") as handle:
        for number, line in enumerate(handle, start=1):
            try:
                line.decode("utf-8")
            except UnicodeDecodeError:
                return number
    return 1


def _csv_error(message: str) -> str:
    """The csv module's complaint in a designer's words."""
    if "unexpected end of data" in message:
        return 'a quote (") opened in a cell is never closed'
    if "expected after" in message:
        return 'a quoted cell goes on after its closing quote (write "" for a quote inside quotes)'
    return message


def _refuse_other_delimiters(records: list[list[str]], shown: Path) -> None:
    """A CSV written with `;` or tabs (a spreadsheet set to another locale) reads as one column:
    say so once, instead of a problem on every row."""
    header = records[0] if records else []
    if len(header) != 1:
        return
    for delimiter, said in ((";", "semicolons (;)"), ("\t", "tabs")):
        if delimiter in header[0]:
            raise SheetError(f"{shown} separates its values with {said} (row 1 is {header[0]!r}); deckwright "
                             "reads comma-separated CSV: export it again as CSV with commas, or save it as .xlsx")


def read_xlsx(path: Path, shown: Path, sheet: str | None) -> Table:
    """Read one sheet of a workbook (its only one when `sheet` is None); row 1 is the header."""
    import zipfile

    import openpyxl
    from openpyxl.utils.exceptions import InvalidFileException

    try:
        book = openpyxl.load_workbook(path, read_only=True, data_only=True)
    except zipfile.BadZipFile:  # a workbook is a zip: a CSV saved as .xlsx, a truncated copy
        raise SheetError(f"cannot read {shown} as a workbook: it is not an .xlsx file (not a zip archive)") from None
    except (OSError, InvalidFileException, KeyError, ValueError) as exc:
        raise SheetError(f"cannot read {shown} as a workbook: {exc}") from None
    try:
        if sheet is not None and sheet not in book.sheetnames:
            raise SheetError(f"{shown} has no sheet {sheet!r}; sheets: {', '.join(book.sheetnames)}")
        if sheet is None and len(book.sheetnames) > 1:  # audit: the first was read, an old one lint passed
            raise SheetError(f"{shown} has {len(book.sheetnames)} sheets ({', '.join(book.sheetnames)}): say which "
                             f"holds the cards, e.g. `cards: {{from: {shown.name}, sheet: {book.sheetnames[0]}}}`")
        name = sheet if sheet is not None else book.sheetnames[0]
        records = [list(r) for r in _limited(book[name].iter_rows(values_only=True))]
        if any(v is None for r in records[1:] for v in r):
            _mark_merged_cells(book[name], records)
    finally:
        book.close()
    if any(v is None for r in records[1:] for v in r):
        _mark_unsaved_formulas(path, name, records)
    return _table(records, lambda row, column, values: Cell(shown, row, column, name), f"{shown}: sheet {name!r}")


def _mark_unsaved_formulas(path: Path, sheet: str, records: list[list[Any]]) -> None:
    """Replace each empty value that is a formula in the workbook by `Unsaved(formula)`: a workbook
    written by a script holds formulas without their values, which read as empty cells."""
    import openpyxl

    book = openpyxl.load_workbook(path, read_only=True, data_only=False)
    try:
        for r, row in enumerate(book[sheet].iter_rows(values_only=True, max_row=len(records))):
            for c, value in enumerate(row[:len(records[r])]):
                if records[r][c] is None and isinstance(value, str) and value.startswith("="):
                    records[r][c] = Unsaved(value)
    finally:
        book.close()


def _mark_merged_cells(sheet: Any, records: list[list[Any]]) -> None:
    """Replace each empty value that a merged range covers (all but its first cell) by
    `Merged(range)`: a read-only sheet does not list its merged ranges, so its XML is read for them."""
    from openpyxl.utils.cell import range_boundaries
    from openpyxl.xml.functions import iterparse  # the parser openpyxl reads the sheet with

    ranges = []
    with sheet._get_source() as source:  # the sheet's XML (read-only openpyxl offers no other way)
        for _, element in iterparse(source):
            if element.tag.endswith("}mergeCell"):
                ranges.append(element.get("ref", ""))
            elif element.tag.endswith("}row"):
                element.clear()  # a long sheet is not kept in memory
    for cells in ranges:
        try:
            first_column, first_row, last_column, last_row = range_boundaries(cells)
        except (ValueError, TypeError):  # not a range openpyxl writes; the sheet reads as before
            continue
        for r in range(max(first_row, 2), min(last_row, len(records)) + 1):  # row 1 names the columns
            for c in range(first_column, min(last_column, len(records[r - 1])) + 1):
                if (r, c) != (first_row, first_column) and records[r - 1][c - 1] is None:
                    records[r - 1][c - 1] = Merged(cells)


def _limited(rows: Any) -> Any:
    for number, row in enumerate(rows, start=1):
        yield _within_limits(number, row)


def _within_limits(number: int, row: Any) -> Any:
    """Row `number`, refused when the sheet is longer or wider than deckwright reads."""
    if number > MAX_ROWS + 1:
        raise SheetError(f"more than {MAX_ROWS:,} rows; refused")
    if len(row) > MAX_COLUMNS:
        raise SheetError(f"row {number} has more than {MAX_COLUMNS} columns; refused")
    return row


NOTE = "#"  # a column whose name starts with it holds the designer's notes: never read as a field


def _table(records: list[list[Any]], cell: Any, what: str) -> Table:
    if not records:  # named: the problem is located at the deck's `from:` (designer audit)
        raise SheetError(f"{what} is empty: row 1 must name the columns (id, name, count, fields)")
    header_values = records[0]
    header = [str(v).strip() if v is not None else "" for v in header_values]
    while header and not header[-1]:
        header.pop()
    header_cells = [cell(1, c, header_values) for c in range(1, len(header) + 1)]
    rows = []
    for number, values in enumerate(records[1:], start=2):
        if all(v is None or (isinstance(v, str) and not v.strip()) or (c < len(header) and header[c].startswith(NOTE))
               for c, v in enumerate(values)):
            continue  # a blank row, or one holding nothing but notes
        rows.append([(values[c - 1] if c <= len(values) else None, cell(number, c, values))
                     for c in range(1, max(len(header), len(values)) + 1)])
    return Table(header, header_cells, rows)


_INT = re.compile(r"^[+-]?\d+$")
_WHOLE = re.compile(r"^[+-]?\d+(\.0*)?$")  # a whole number, perhaps written with zero decimals
_FLOAT = re.compile(r"^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$")
_BOOLS = {"true": True, "yes": True, "false": False, "no": False}


def typed(kind: str, raw: Any) -> Any:
    """The value of one cell for a field of `kind` (ABSENT when empty); ValueError says why not.

    Text cells are read as the YAML loader would read the same value: `3` in an int column is 3,
    `true`/`yes` in a bool column is True, and list, map and counts cells hold YAML flow values
    (`[fire, water]`, `{strike: 2}`); a list may also be written `fire; water`."""
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        return ABSENT
    if kind in ("str", "text"):
        if isinstance(raw, bool) or not isinstance(raw, str | int | float):
            raise ValueError(f"expected {kind}, got {raw!r}")
        # a stray space around a cell's text is a slip, as in the header (audit: `scry ` was refused)
        return raw.strip() if isinstance(raw, str) else str(raw)
    if isinstance(raw, str):
        return _from_text(kind, raw.strip())
    if kind == "int" and isinstance(raw, float) and raw.is_integer():
        return int(raw)
    return raw  # a typed workbook value: the loader checks it against the field as for YAML


def _from_text(kind: str, text: str) -> Any:
    if kind == "int":
        if not _WHOLE.match(text):
            raise ValueError(f"expected int, got {text!r}")
        return int(text.split(".")[0])  # `2.0`: a column formatted with decimals, as a workbook's 2.0 is 2
    if kind == "float":
        if not _FLOAT.match(text):
            raise ValueError(f"expected float, got {text!r}")
        return int(text) if _INT.match(text) else float(text)
    if kind == "bool":
        if text.lower() not in _BOOLS:
            raise ValueError(f"expected bool (true, false, yes, no), got {text!r}")
        return _BOOLS[text.lower()]
    if kind == "list" and not text.startswith("["):
        return [item.strip() for item in text.split(";") if item.strip()]
    if kind in ("list", "map", "counts"):
        try:
            return yaml.safe_load(text)
        except yaml.YAMLError:
            raise ValueError(f"expected a YAML flow {kind} like "
                             f"{'[a, b]' if kind == 'list' else '{a: 1}'}, got {text!r}") from None
    return text


def untyped(value: Any, for_csv: bool) -> Any:
    """How a card's value is written into a cell (the inverse of `typed`)."""
    if isinstance(value, list | dict):
        return yaml.safe_dump(value, default_flow_style=True, width=10**9, sort_keys=False,
                              allow_unicode=True).strip()
    if not for_csv:
        return value
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
