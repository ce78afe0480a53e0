"""What `deckwright lint` says about a spreadsheet deck a designer saved the wrong way: once, where
it is, and what to do (issue: broken input and lint, point 3)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import openpyxl
from click.testing import CliRunner

from companion.cli import cli

GAME = """\
game: {id: tiny, name: Tiny, players: {min: 2, max: 4}}
decks:
  - id: spells
    name: Spells
    code: SP
    fields:
      cost: {type: int, required: true}
      fast: {type: bool}
    cards: SOURCE
"""
ROWS = [["bolt", "Bolt", 2, 3], ["wave", "Wave", 1, 1], ["fire", "Fire", 1, 2], ["mist", "Mist", 1, 1]]


def _lint(tmp_path: Path, source: str, files: dict[str, str] | None = None, fields: str = "") -> tuple[int, str]:
    folder = tmp_path / "tiny"
    folder.mkdir(exist_ok=True)
    (folder / "game.yaml").write_text(GAME.replace("SOURCE", source).replace("    cards:", fields + "    cards:"))
    (folder / "templates").mkdir(exist_ok=True)
    (folder / "templates" / "rulebook.md.j2").write_text("# Tiny\n\nPlay a spell.\n")
    for name, text in (files or {}).items():
        (folder / name).write_text(text)
    result = CliRunner().invoke(cli, ["--cards", str(tmp_path), "lint", "tiny"])
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def _csv(header: list[str], rows: list[list[Any]], delimiter: str = ",") -> str:
    return "\n".join(delimiter.join(str(v) for v in row) for row in [header, *rows]) + "\n"


def test_a_semicolon_separated_csv_is_one_problem_saying_so(tmp_path: Path) -> None:
    text = _csv(["id", "name", "count", "cost"], ROWS, ";")
    code, output = _lint(tmp_path, "{from: cards.csv}", {"cards.csv": text})
    assert code == 1
    assert "1 problem in the card database" in output
    assert "game.yaml:9:13: decks[spells].cards.from: " in output
    assert "tiny/cards.csv separates its values with semicolons (;) (row 1 is 'id;name;count;cost')" in output
    assert "export it again as CSV with commas" in output


def test_a_missing_required_column_is_reported_once_at_row_1(tmp_path: Path) -> None:
    text = _csv(["id", "name", "count"], [row[:3] for row in ROWS])
    code, output = _lint(tmp_path, "{from: cards.csv}", {"cards.csv": text})
    assert code == 1
    assert "1 problem in the card database" in output, output
    assert "cards.csv:1:1: cost: no column 'cost' in row 1, and every card needs it (row 1 names: id, name, count)" \
        in output


def test_an_unknown_column_is_reported_once_with_the_closest_name(tmp_path: Path) -> None:
    text = _csv(["id", "name", "count", "cost", "fats"], [[*row, "yes"] for row in ROWS])
    code, output = _lint(tmp_path, "{from: cards.csv}", {"cards.csv": text})
    assert code == 1
    assert "1 problem in the card database" in output, output
    assert "cards.csv:1:5: fats: unknown column 'fats' (did you mean 'fast'?)" in output


def test_an_unknown_column_does_not_hide_the_other_problems_of_the_cards(tmp_path: Path) -> None:
    rows = [*ROWS[:3], ["mist", "Mist", 1, "two"]]
    text = _csv(["id", "name", "count", "cost", "fats"], [[*row, "yes"] for row in rows])
    _, output = _lint(tmp_path, "{from: cards.csv}", {"cards.csv": text})
    assert "cards.csv:5:4: cost: expected int, got 'two'" in output and "unknown column 'fats'" in output


def _workbook(path: Path, rows: list[list[Any]]) -> None:
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Spells"
    for row in rows:
        sheet.append(row)
    book.save(path)  # openpyxl stores formulas without their values, as any script would


def test_a_formula_saved_without_its_value_is_one_problem_per_column(tmp_path: Path) -> None:
    (tmp_path / "tiny").mkdir()
    rows = [[ident, name, count, f"=1+{cost}"] for ident, name, count, cost in ROWS]
    _workbook(tmp_path / "tiny" / "cards.xlsx", [["id", "name", "count", "cost"], *rows])
    code, output = _lint(tmp_path, "{from: cards.xlsx, sheet: Spells}")
    assert code == 1
    assert "1 problem in the card database" in output, output
    assert "cards.xlsx: Spells!D2: cost: a formula (=1+3) whose value the workbook does not hold " \
           "(and 3 more cells of this column)" in output
    assert "open it in a spreadsheet program and save it" in output


def test_a_workbook_without_formulas_still_reads(tmp_path: Path) -> None:
    (tmp_path / "tiny").mkdir()
    _workbook(tmp_path / "tiny" / "cards.xlsx", [["id", "name", "count", "cost", "fast"],
                                                 *[[*row, None] for row in ROWS]])
    code, output = _lint(tmp_path, "{from: cards.xlsx, sheet: Spells}")
    assert code == 0, output


def test_capitalised_headers_are_one_problem_each_naming_the_column_meant(tmp_path: Path) -> None:
    text = _csv(["ID", "Name", "Count", "Cost"], ROWS)
    code, output = _lint(tmp_path, "{from: cards.csv}", {"cards.csv": text})
    assert code == 1
    assert "4 problems in the card database" in output, output
    assert "cards.csv:1:1: ID: unknown column 'ID' (did you mean 'id'?)" in output
    assert "no column" not in output  # the misspelt column's problem says it


def test_a_card_problem_in_a_csv_named_by_game_yaml_is_not_a_missing_game_section(tmp_path: Path) -> None:
    rows = [*ROWS[:3], ["mist", "Mist", "two", 1]]
    _, output = _lint(tmp_path, "{from: cards.csv}", {"cards.csv": _csv(["id", "name", "count", "cost"], rows)})
    assert "cards.csv:5:3: count: expected int, got 'two'" in output
    assert "missing section 'game'" not in output and "1 problem in the card database" in output


def test_an_id_that_is_not_an_id_says_what_an_id_is(tmp_path: Path) -> None:
    rows = [["Bolt", "Bolt", 2, 3]]
    _, output = _lint(tmp_path, "{from: cards.csv}", {"cards.csv": _csv(["id", "name", "count", "cost"], rows)})
    assert "cards.csv:2:1: id: expected an id of lowercase letters, digits and dashes (like 'long-strike'), " \
           "got 'Bolt'" in output


def test_a_quote_never_closed_names_the_row_it_opens_on(tmp_path: Path) -> None:
    text = 'id,name,count,cost\nbolt,Bolt,2,3\nwave,"Wave,1,1\nfire,Fire,1,2\n'
    _, output = _lint(tmp_path, "{from: cards.csv}", {"cards.csv": text})
    assert "cards.csv:3: cannot read this row: a quote (\") opened in a cell is never closed" in output
    assert '| wave,"Wave,1,1' in output  # the line the row starts on, not the file's last


def test_a_row_that_cannot_be_read_hides_no_other_rows_problems(tmp_path: Path) -> None:
    """A stray quote in one row used to stop the reading of the file: the problems of every later
    row stayed hidden until it was fixed, one lint at a time."""
    text = 'id,name,count,cost\nbolt,Bolt,2,3\nwave,"Wave"s,1,1\nfire,Fire,one,2\nmist,"Mist"y,1,1\nsun,Sun,1,1\n'
    code, output = _lint(tmp_path, "{from: cards.csv}", {"cards.csv": text})
    assert code == 1 and "3 problems in the card database" in output
    assert "cards.csv:3: cannot read this row: a quoted cell goes on after its closing quote" in output
    assert "cards.csv:4:3: count: expected int, got 'one'" in output  # the row after it is still read
    assert "cards.csv:5: cannot read this row" in output and '| mist,"Mist"y,1,1' in output
    assert output.index("cards.csv:3:") < output.index("cards.csv:5:")


def test_a_header_that_cannot_be_read_stops_the_file(tmp_path: Path) -> None:
    _, output = _lint(tmp_path, "{from: cards.csv}", {"cards.csv": '"id,name,count,cost\nbolt,Bolt,2,3\n'})
    assert "cannot read" in output and "row 1: a quote (\") opened in a cell is never closed" in output


def test_a_csv_that_is_not_utf8_says_how_to_save_it(tmp_path: Path) -> None:
    (tmp_path / "tiny").mkdir()
    (tmp_path / "tiny" / "cards.csv").write_bytes(b"id,name,count,cost\nbolt,Bolt,2,3\nwave,Vag\xe9,1,1\n")
    _, output = _lint(tmp_path, "{from: cards.csv}")
    assert "cards.csv is not UTF-8 text (row 3): save it as \"CSV UTF-8\"" in output


def test_an_unquoted_comma_in_a_text_cell_is_a_row_with_too_many_fields(tmp_path: Path) -> None:
    # `Draw 2, then discard` written without quotes would shift every later cell one column right
    # and put ` then discard` into `fast` (and nothing at all when the last cell was left empty)
    text = 'id,name,count,cost,text,fast\nbolt,Bolt,2,3,Deal 3,yes\nwave,Wave,1,1,Draw 2, then discard,\n'
    code, output = _lint(tmp_path, "{from: cards.csv}", {"cards.csv": text},
                         fields="      text: {type: text}\n")
    assert code == 1
    assert "1 problem in the card database" in output, output
    assert "tiny/cards.csv:3: row 3 has 7 fields where row 1 (the column names) has 6" in output
    assert "put a cell that contains a comma in double quotes" in output
    quoted = text.replace("Draw 2, then discard", '"Draw 2, then discard"') + "\nfire,Fire,1,2,,\n"
    code, output = _lint(tmp_path, "{from: cards.csv}", {"cards.csv": quoted}, fields="      text: {type: text}\n")
    assert code == 0, output  # quoted, a blank line and empty cells at the end: all as wide as row 1


def test_a_row_with_too_few_fields_names_its_row(tmp_path: Path) -> None:
    text = 'id,name,count,cost,fast\nbolt,Bolt,2,3,yes\nwave,Wave,1,1\n'
    code, output = _lint(tmp_path, "{from: cards.csv}", {"cards.csv": text})
    assert code == 1
    assert "1 problem in the card database" in output, output
    assert "tiny/cards.csv:3: row 3 has 4 fields where row 1 (the column names) has 5" in output
    assert "write a comma for each empty cell" in output


def test_build_refuses_a_csv_row_that_shifted_its_columns(tmp_path: Path) -> None:
    text = 'id,name,count,cost,fast\nbolt,Bolt,2,3,yes\nwave,Wave,1,1,no,\n'
    _lint(tmp_path, "{from: cards.csv}", {"cards.csv": text})
    result = CliRunner().invoke(cli, ["--cards", str(tmp_path), "build", "tiny", "--out", str(tmp_path / "out")])
    assert result.exit_code == 1, result.output
    assert "tiny/cards.csv:3: row 3 has 6 fields where row 1 (the column names) has 5" in result.output
    assert not (tmp_path / "out" / "tiny").exists()


def test_an_unknown_column_does_not_hide_a_card_text_that_cannot_be_filled_in(tmp_path: Path) -> None:
    """Designer audit: the misspelt column was the only problem of the run; the broken `{{` in a
    cell came up only once the column was put right (the texts are filled in after loading)."""
    rows = [[*row, "yes", "Cast it."] for row in ROWS]
    rows[1][-1] = "Deal {{ rules.damage damage."
    code, output = _lint(tmp_path, "{from: cards.csv}", {"cards.csv": _csv(["id", "name", "count", "cost", "fats",
                                                                            "text"], rows)},
                         fields="      text: {type: text}\n")
    assert code == 1
    assert "2 problems in the card database" in output, output
    assert "cards.csv:1:5: fats: unknown column 'fats'" in output
    assert ("cards.csv:3:6: text: card 'wave' field 'text': cannot fill in 'Deal {{ rules.damage damage.': "
            "expected token 'end of print statement', got 'damage'") in output


def test_a_date_in_the_count_column_is_said_to_be_a_date_with_what_to_do(tmp_path: Path) -> None:
    """Audit s25 (D6): Excel turned `3/4` into a date; lint said `expected int, got
    datetime.datetime(2024, 3, 4, 0, 0)`."""
    import datetime

    (tmp_path / "tiny").mkdir()
    rows = [list(row) for row in ROWS]
    rows[1][2] = datetime.datetime(2024, 3, 4)
    _workbook(tmp_path / "tiny" / "cards.xlsx", [["id", "name", "count", "cost"], *rows])
    code, output = _lint(tmp_path, "{from: cards.xlsx, sheet: Spells}")
    assert code == 1
    assert "1 problem in the card database" in output, output
    assert "cards.xlsx: Spells!C3: count: expected int, got a date (2024-03-04): format the column as text " \
           "and type the value again" in output


def test_merged_cells_are_one_problem_naming_the_range(tmp_path: Path) -> None:
    """Audit s25 (D6): cells D2:D3 merged (one cost shown for two cards) read as a card without
    its cost: `Spells!D3: cost: missing required field 'cost'`."""
    (tmp_path / "tiny").mkdir()
    rows = [list(row) for row in ROWS]
    rows[1][3] = None
    rows[2][1] = None
    _workbook(tmp_path / "tiny" / "cards.xlsx", [["id", "name", "count", "cost"], *rows])
    book = openpyxl.load_workbook(tmp_path / "tiny" / "cards.xlsx")
    book["Spells"].merge_cells("D2:D3")
    book["Spells"].merge_cells("B3:B4")
    book.save(tmp_path / "tiny" / "cards.xlsx")
    code, output = _lint(tmp_path, "{from: cards.xlsx, sheet: Spells}")
    assert code == 1
    assert "2 problems in the card database" in output, output
    assert "cards.xlsx: Spells!D3: cost: part of the merged cells D2:D3: unmerge them and fill in each cell" in output
    assert "cards.xlsx: Spells!B4: name: part of the merged cells B3:B4: unmerge them and fill in each cell" in output


def test_a_merged_header_cell_is_a_column_without_a_name(tmp_path: Path) -> None:
    """Row 1 names the columns: a header cell merged into the one before it has no name, as
    before merged cells were read (it is not a card's merged cell, nor a column named `Merged(...)`)."""
    (tmp_path / "tiny").mkdir()
    rows = [[*row, 1] for row in ROWS]
    rows[0][2] = None  # an empty cell: the workbook is read for merged cells
    _workbook(tmp_path / "tiny" / "cards.xlsx", [["id", "name", "count", "cost", "x"], *rows])
    book = openpyxl.load_workbook(tmp_path / "tiny" / "cards.xlsx")
    book["Spells"].merge_cells("D1:E1")
    book.save(tmp_path / "tiny" / "cards.xlsx")
    code, output = _lint(tmp_path, "{from: cards.xlsx, sheet: Spells}")
    assert code == 1
    assert "Spells!E2: a value in a column without a name" in output, output
    assert "Merged(" not in output and "merged cells" not in output
