"""Spreadsheets as a card source: typed like YAML, located by cell, and a lossless round trip."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import openpyxl
import pytest
import yaml

from cards import DatabaseInvalid, load_all, load_game
from cards.spreadsheet import write_deck
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
      school: {type: str, choices: [fire, water]}
      tags: {type: list}
      mix: {type: counts, refs: spells}
    cards: SOURCE
"""

CSV = """\
id,name,count,cost,fast,school,tags,mix
bolt,Bolt,2,3,yes,fire,hot; quick,
wave,Wave,,1,false,water,[wet],"{bolt: 2}"
"""


def _game(tmp_path: Path, source: str, files: dict[str, str] | None = None) -> Path:
    folder = tmp_path / "tiny"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "game.yaml").write_text(GAME.replace("SOURCE", source))
    for name, text in (files or {}).items():
        (folder / name).write_text(text)
    return tmp_path


def _problems(root: Path) -> list[str]:
    with pytest.raises(DatabaseInvalid) as caught:
        load_game("tiny", root)
    return [str(p) for p in caught.value.problems]


def test_csv_cells_are_typed_by_the_declared_fields(tmp_path: Path) -> None:
    db = load_game("tiny", _game(tmp_path, "{from: cards.csv}", {"cards.csv": CSV}))
    bolt, wave = db.deck("spells").cards
    assert (bolt.count, bolt.get("cost"), bolt.get("fast"), bolt.get("tags")) == (2, 3, True, ["hot", "quick"])
    assert (wave.count, wave.get("fast"), wave.get("tags"), wave.get("mix")) == (1, False, ["wet"], {"bolt": 2})
    assert bolt.get("mix") is None  # an empty cell leaves the field out, as a YAML card without it


def test_a_csv_problem_names_file_row_and_column(tmp_path: Path) -> None:
    bad = CSV.replace("bolt,Bolt,2,3,", "bolt,Bolt,2,three,").replace(",water,", ",earth,")
    problems = _problems(_game(tmp_path, "{from: cards.csv}", {"cards.csv": bad}))
    assert any(p.endswith("cards.csv:2:4: cost: expected int, got 'three'") for p in problems), problems
    assert any("cards.csv:3:6: school: 'earth' is not one of: fire, water" in p for p in problems), problems


def test_under_a_csv_problem_the_cell_is_shown_not_its_whole_row(runner, tmp_path: Path) -> None:
    """Audit: one bad cell echoed its whole row under the problem, 12 wrapped lines of a long row."""
    long_tags = "; ".join(f"tag{n}" for n in range(200))
    bad = CSV.replace("bolt,Bolt,2,3,yes,fire,hot; quick,", f"bolt,Bolt,2,three,yes,fire,{long_tags},")
    root = _game(tmp_path, "{from: cards.csv}", {"cards.csv": bad})
    result = runner.invoke(cli, ["--cards", str(root), "lint", "tiny"])
    lines = result.output.splitlines()
    at = next(i for i, line in enumerate(lines) if "cards.csv:2:4: cost: expected int" in line)
    assert lines[at + 1] == "      | three"


def test_a_long_source_line_is_cut_to_the_screen_around_the_problem(runner, tmp_path: Path) -> None:
    """Audit: a 25,000-character text was echoed whole under its problem."""
    from companion.cli.common import excerpt

    assert excerpt("x" * 25000) == "x" * 71 + "…"
    line = "    text: " + "word " * 40 + "BAD" + " more" * 40
    cut = excerpt(line, line.index("BAD") + 1)
    assert len(cut) == 72 and cut.startswith("…") and cut.endswith("…") and "BAD" in cut
    assert excerpt("a" * 75 + "Z", 76) == "…" + "a" * 70 + "Z"
    assert excerpt("  short: line  ", 3) == "short: line"


def test_a_stray_space_around_a_cell_is_trimmed_as_around_a_header(tmp_path: Path) -> None:
    """Audit: a header `cost ` was trimmed and taken, while an id cell `bolt ` was refused."""
    spaced = CSV.replace("bolt,Bolt,2,3,yes,fire,", "bolt , Bolt ,2,3,yes, fire ,")
    bolt, _ = load_game("tiny", _game(tmp_path, "{from: cards.csv}", {"cards.csv": spaced})).deck("spells").cards
    assert (bolt.id, bolt.name, bolt.get("school")) == ("bolt", "Bolt", "fire")


def test_csv_cards_get_the_yaml_checks_unknown_column_missing_field_bad_ref(tmp_path: Path) -> None:
    bad = "id,name,cost,colour,mix\nbolt,Bolt,,red,{nope: 1}\n"
    problems = _problems(_game(tmp_path, "{from: cards.csv}", {"cards.csv": bad}))
    text = "\n".join(problems)
    assert "cards.csv:2:3: cost: missing required field 'cost'" in text  # at the empty cell
    assert "cards.csv:1:4: colour: unknown column 'colour'" in text  # once, at row 1
    assert "cards.csv:2:5: mix: refers to 'nope', which is not a card of deck 'spells'" in text


def _xlsx(path: Path, title: str, rows: list[list[Any]]) -> None:
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = title
    for row in rows:
        sheet.append(row)
    book.save(path)


def test_xlsx_sheet_is_read_and_a_problem_names_sheet_and_cell(tmp_path: Path) -> None:
    root = _game(tmp_path, "{from: cards.xlsx, sheet: Spells}")
    header = ["id", "name", "count", "cost", "fast"]
    _xlsx(root / "tiny" / "cards.xlsx", "Spells", [header, ["bolt", "Bolt", 2, 3, True],
                                                   ["wave", "Wave", None, 1, "no"]])
    bolt, wave = load_game("tiny", root).deck("spells").cards
    assert (bolt.count, bolt.get("cost"), bolt.get("fast"), wave.get("fast")) == (2, 3, True, False)
    rows = [header, *[[f"c{i}", "C", 1, i, None] for i in range(4)], ["c9", "C", 1, "two", None]]
    _xlsx(root / "tiny" / "cards.xlsx", "Spells", rows)
    assert any(p.endswith("cards.xlsx: Spells!D6: cost: expected int, got 'two'") for p in _problems(root))


def test_a_date_cell_and_a_workbook_named_csv_are_said_in_a_designers_words(tmp_path: Path) -> None:
    """Audit: a date in a number column read `got datetime.datetime(2024, 1, 2, 0, 0)`; a workbook
    saved as cards.csv was 'not UTF-8 text (row 1)'."""
    import datetime

    root = _game(tmp_path, "{from: cards.xlsx, sheet: Spells}")
    _xlsx(root / "tiny" / "cards.xlsx", "Spells", [["id", "name", "cost"], ["bolt", "Bolt", datetime.date(2024, 1, 2)]])
    assert any(p.endswith("Spells!C2: cost: expected int, got a date (2024-01-02): format the column as text "
                          "and type the value again") for p in _problems(root)), _problems(root)
    (root / "tiny" / "cards.xlsx").rename(root / "tiny" / "cards.csv")
    (root / "tiny" / "game.yaml").write_text(GAME.replace("SOURCE", "{from: cards.csv}"))
    assert any("cards.csv is a workbook (.xlsx), not CSV text: name it .xlsx" in p for p in _problems(root))


def test_xlsx_unknown_sheet_lists_the_sheets(tmp_path: Path) -> None:
    root = _game(tmp_path, "{from: cards.xlsx, sheet: Potions}")
    _xlsx(root / "tiny" / "cards.xlsx", "Spells", [["id", "name", "cost"]])
    assert any("has no sheet 'Potions'; sheets: Spells" in p for p in _problems(root))


def test_a_source_outside_the_game_folder_is_refused(tmp_path: Path) -> None:
    (tmp_path / "outside.csv").write_text(CSV)
    root = _game(tmp_path / "db", "{from: ../../outside.csv}")
    (tmp_path / "db" / "tiny" / "link.csv").symlink_to(tmp_path / "outside.csv")
    assert any("no file '../../outside.csv'" in p for p in _problems(root))
    (tmp_path / "db" / "tiny" / "game.yaml").write_text(GAME.replace("SOURCE", "{from: link.csv}"))
    assert any("no file 'link.csv'" in p for p in _problems(root))


def test_changing_the_spreadsheet_changes_the_database_version(tmp_path: Path) -> None:
    root = _game(tmp_path, "{from: cards.csv}", {"cards.csv": CSV})
    before = load_game("tiny", root).version
    (root / "tiny" / "cards.csv").write_text(CSV.replace("Bolt", "Big Bolt"))
    assert load_game("tiny", root).version != before


def _point_deck_at(folder: Path, deck_id: str, source: dict[str, str]) -> None:
    for file in sorted(folder.rglob("*.yaml")):
        data = yaml.safe_load(file.read_text())
        decks = data.get("decks") if isinstance(data, dict) else None
        for deck in decks or []:
            if deck["id"] == deck_id:
                deck["cards"] = source
                file.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True))
                return
    raise AssertionError(f"no deck {deck_id}")


def _content(db: Any) -> tuple[Any, ...]:
    return (db.meta, dict(db.rules), db.rulings, db.decks, db.sheets, db.tokens, db.dice, db.references)


@pytest.mark.parametrize("fmt", ["csv", "xlsx"])
def test_every_shipped_deck_round_trips_through_a_spreadsheet(cards_copy: Path, fmt: str) -> None:
    """Export then import gives the same database, for every deck of every shipped game."""
    for game_id, db in load_all(cards_copy).items():
        folder = cards_copy / game_id
        for deck in db.decks:
            write_deck(deck, folder / f"{deck.id}.{fmt}", fmt)
            source = {"from": f"{deck.id}.{fmt}"} | ({"sheet": deck.id} if fmt == "xlsx" else {})
            _point_deck_at(folder, deck.id, source)
        reloaded = load_game(game_id, cards_copy)
        assert _content(reloaded) == _content(db), game_id


def test_export_command_writes_a_workbook_that_reads_back(runner: Any, tmp_path: Path) -> None:
    out = tmp_path / "powers.xlsx"
    result = runner.invoke(cli, ["export", "halfwish", "--deck", "powers", "--format", "xlsx", "--out", str(out)])
    assert result.exit_code == 0, result.output
    rows = list(openpyxl.load_workbook(out).active.iter_rows(values_only=True))
    db = load_game("halfwish")
    assert rows[0][:4] == ("id", "name", "count", "category")
    assert [r[0] for r in rows[1:]] == [c.id for c in db.deck("powers").cards]
    assert rows[1][4] == db.deck("powers").cards[0].get("cost")  # an int cell stays a number
    bad = runner.invoke(cli, ["export", "halfwish", "--deck", "nope", "--out", str(tmp_path / "x.csv")])
    assert bad.exit_code == 2 and "no deck 'nope'" in bad.output


def test_a_file_that_is_not_a_workbook_is_a_located_problem(tmp_path: Path) -> None:
    """A CSV saved as .xlsx (or a truncated copy) raised zipfile.BadZipFile with a traceback."""
    root = _game(tmp_path, "{from: cards.xlsx, sheet: Spells}")
    (root / "tiny" / "cards.xlsx").write_text("id,name,cost\nbolt,Bolt,2\n")
    assert any("cards.xlsx as a workbook: it is not an .xlsx file" in p for p in _problems(root))


def test_export_takes_the_format_from_the_file_name_and_never_overwrites_the_database(runner: Any,
                                                                                       cards_copy: Path,
                                                                                       tmp_path: Path) -> None:
    export = ["--cards", str(cards_copy), "export", "which-witch", "--deck", "witches"]
    assert runner.invoke(cli, [*export, "--out", str(tmp_path / "w.xlsx")]).exit_code == 0
    assert (tmp_path / "w.xlsx").read_bytes().startswith(b"PK")  # a workbook, not CSV in a .xlsx file
    contradiction = runner.invoke(cli, [*export, "--format", "xlsx", "--out", str(tmp_path / "w.csv")])
    assert contradiction.exit_code == 2 and "ends in .csv but --format is xlsx" in contradiction.output
    source = cards_copy / "which-witch" / "witches.yaml"
    before = source.read_text()
    refused = runner.invoke(cli, [*export, "--out", str(source)])  # a database file is never a spreadsheet
    assert refused.exit_code == 2 and "only from a .csv or .xlsx file; name it" in refused.output
    for name in ("w.ods", "w"):  # audit: CSV was written into w.ods, and the hint named a file lint refuses
        odd = runner.invoke(cli, [*export, "--out", str(tmp_path / name)])
        assert odd.exit_code == 2 and f"name it {tmp_path / 'w'}.csv" in " ".join(odd.output.split()), odd.output
        assert not (tmp_path / name).exists()
    (tmp_path / "link.csv").symlink_to(source)
    linked = runner.invoke(cli, [*export, "--out", str(tmp_path / "link.csv")])
    assert linked.exit_code == 2 and "is not a regular file" in linked.output  # a path that cannot be used
    assert source.read_text() == before


def test_the_manifest_locates_a_spreadsheet_card_at_its_row(tmp_path: Path) -> None:
    # `changes` and the reprint's first page name where each changed card is written
    from generator.manifest import build_manifest

    db = load_game("tiny", _game(tmp_path, "{from: cards.csv}", {"cards.csv": CSV}))
    assert {c["id"]: c["source"] for c in build_manifest(db)["cards"]} == {"bolt": "cards.csv:2", "wave": "cards.csv:3"}
    workbook = openpyxl.Workbook()
    sheet = workbook.active
    sheet.title = "Spells"
    for row in (["id", "name", "cost"], ["bolt", "Bolt", 3], ["wave", "Wave", 1]):
        sheet.append(row)
    workbook.save(tmp_path / "tiny" / "cards.xlsx")
    db = load_game("tiny", _game(tmp_path, "{from: cards.xlsx, sheet: Spells}"))
    assert build_manifest(db)["cards"][1]["source"] == "cards.xlsx:Spells!A3"


def test_a_csv_count_written_as_a_whole_decimal_is_the_whole_number_as_in_a_workbook(tmp_path: Path) -> None:
    # a spreadsheet column formatted with decimals saves `2.0`; the same cell in an XLSX is read as 2
    csv = "id,name,count,cost\nbolt,Bolt,2.0,3.00\n"
    bolt, = load_game("tiny", _game(tmp_path, "{from: cards.csv}", {"cards.csv": csv})).deck("spells").cards
    assert (bolt.count, bolt.get("cost")) == (2, 3)
    assert isinstance(bolt.get("cost"), int)
    half = "id,name,count,cost\nbolt,Bolt,2,2.5\n"
    assert any("cards.csv:2:4: cost: expected int, got '2.5'" in p
               for p in _problems(_game(tmp_path, "{from: cards.csv}", {"cards.csv": half})))


def test_a_duplicate_card_id_names_where_the_first_one_is_written(tmp_path: Path) -> None:
    csv = CSV + "bolt,Bolt Again,1,2,,,,\n"
    problems = _problems(_game(tmp_path, "{from: cards.csv}", {"cards.csv": csv}))
    assert any(p.endswith("cards.csv:4:1: id: duplicate card id 'bolt' (already in deck 'spells', cards.csv:2)")
               for p in problems), problems


def test_the_export_hint_never_cuts_a_file_name_at_its_hyphen(runner: Any, tmp_path: Path) -> None:
    """Audit: the hint wrapped `game-` / `cards.yaml` over two lines."""
    result = runner.invoke(cli, ["export", "which-witch", "--deck", "game-cards", "--out", str(tmp_path / "g.csv")])
    assert result.exit_code == 0, result.output
    assert "game-cards.yaml" in result.output and not any(line.endswith("game-") for line in result.output.splitlines())


def test_export_says_how_to_make_the_deck_read_its_spreadsheet(runner: Any, tmp_path: Path) -> None:
    out = tmp_path / "powers.xlsx"
    result = runner.invoke(cli, ["export", "halfwish", "--deck", "powers", "--out", str(out)])
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.replace(str(tmp_path), "out").split())
    assert "put the file beside powers.yaml and write there, in place of the deck's list of cards:" in text
    assert result.output.splitlines()[-1] == "  cards: {from: powers.xlsx, sheet: powers}"
    assert all(len(line) <= 80 for line in result.output.replace(str(tmp_path), "out").splitlines())
    root = _game(tmp_path / "db", "{from: cards.csv}", {"cards.csv": CSV})
    again = runner.invoke(cli, ["--cards", str(root), "export", "tiny", "--deck", "spells", "--out",
                                str(tmp_path / "spells.csv")])
    assert again.exit_code == 0 and "cards: {from:" not in again.output  # already read from one


def test_a_column_whose_name_starts_with_a_hash_is_a_note_and_is_left_out(tmp_path: Path) -> None:
    # a designer keeps playtest notes beside the cards, as `#` comments in YAML
    csv = "id,name,# notes,cost\n,,Attack spells:,\nbolt,Bolt,too strong?,3\n"  # a row of notes alone is no card
    bolt, = load_game("tiny", _game(tmp_path, "{from: cards.csv}", {"cards.csv": csv})).deck("spells").cards
    assert bolt.get("cost") == 3 and "# notes" not in bolt.fields
    problems = _problems(_game(tmp_path, "{from: cards.csv}", {"cards.csv": "id,name,notes,cost\nbolt,Bolt,x,3\n"}))
    assert any("unknown column 'notes'" in p and "start its name with # to keep it as a note" in p
               for p in problems), problems


def test_the_excerpt_under_a_problem_fits_a_narrow_terminal(monkeypatch) -> None:
    """Audit s25: at 60 columns the 72 characters kept for an 80-column screen wrapped onto a
    line of their own, which read as another problem."""
    from cards import DatabaseInvalid, Problem
    from companion.cli.common import format_problems

    problem = Problem(Path("deck.yaml"), 3, 40, "decks[spells].cards[bolt].text", "too long", "    text: " + "word " * 40)
    for columns, room in (("60", 60), ("80", 80)):
        monkeypatch.setenv("COLUMNS", columns)
        shown = format_problems(DatabaseInvalid([problem])).splitlines()[-1]
        assert shown.startswith("      | ") and len(shown) == room


def test_a_workbook_of_several_sheets_must_name_the_sheet(tmp_path: Path) -> None:
    """Designer audit: without `sheet:` the first sheet was read, and lint passed a stale one."""
    root = _game(tmp_path, "{from: cards.xlsx}")
    book = openpyxl.Workbook()
    old, spells = book.active, book.create_sheet("Spells")
    assert old is not None
    old.title = "Old"
    for sheet in (old, spells):
        sheet.append(["id", "name", "cost"])
        sheet.append(["bolt", f"{sheet.title} Bolt", 2])
    book.save(root / "tiny" / "cards.xlsx")
    assert any("cards.xlsx has 2 sheets (Old, Spells): say which holds the cards, e.g. "
               "`cards: {from: cards.xlsx, sheet: Old}`" in p for p in _problems(root)), _problems(root)
    book.remove(old)
    book.save(root / "tiny" / "cards.xlsx")
    assert load_game("tiny", root).deck("spells").cards[0].name == "Spells Bolt"  # a single sheet needs no name


def test_a_misspelt_count_column_is_the_one_problem_not_also_the_decks_total(tmp_path: Path) -> None:
    """Designer audit: `cnt` for `count` also gave `total: card counts add up to 2, expected 3`,
    a consequence said apart from its cause."""
    game = GAME.replace("    cards: SOURCE", "    total: 3\n    cards: SOURCE")
    root = _game(tmp_path, "{from: cards.csv}", {"cards.csv": CSV.replace("id,name,count,", "id,name,cnt,")})
    (root / "tiny" / "game.yaml").write_text(game.replace("SOURCE", "{from: cards.csv}"))
    problems = _problems(root)
    assert len(problems) == 1 and "cards.csv:1:3: cnt: unknown column 'cnt' (did you mean 'count'?)" in problems[0]
    (root / "tiny" / "cards.csv").write_text(CSV.replace("wave,Wave,,", "wave,Wave,2,"))  # 4 cards, not 3
    assert any("total: card counts add up to 4, expected 3" in p for p in _problems(root))


def test_an_empty_spreadsheet_is_named_in_its_problem(tmp_path: Path) -> None:
    """Designer audit: `the sheet is empty` named no file; the problem is located at `from:`."""
    root = _game(tmp_path, "{from: cards.csv}", {"cards.csv": ""})
    assert any("cards.csv is empty: row 1 must name the columns" in p for p in _problems(root))
    _xlsx(root / "tiny" / "cards.xlsx", "Spells", [])
    (root / "tiny" / "game.yaml").write_text(GAME.replace("SOURCE", "{from: cards.xlsx}"))
    assert any("cards.xlsx: sheet 'Spells' is empty" in p for p in _problems(root)), _problems(root)
