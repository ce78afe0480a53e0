"""Stored parses (`cards.yamlsrc.parses_from`): a database file that did not change is read back
parsed, exactly as parsing it gives, and anything doubtful is parsed again."""

from __future__ import annotations

from pathlib import Path

import pytest

from cards import yamlsrc
from cards.yamlsrc import load_yaml, parses_from
from companion.cli import cli
from tests.memory_store import MemoryStore as Store


class NoParsing:
    def __init__(self, text: str):
        raise AssertionError("parsed again")


DECK = "decks:\n  - id: spells\n    cards:\n      - {id: a, name: Ember, count: 2}\n      - &b {id: b, name: Tide}\n"


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "deck.yaml"
    path.write_text(text)
    return path


def test_a_stored_parse_gives_the_same_data_and_places_without_parsing(tmp_path, monkeypatch):
    path, store = write(tmp_path, DECK), Store()
    fresh, problems = load_yaml(path)
    with parses_from(store):
        load_yaml(path)
        assert len(store.entries) == 2  # the parse by its text, and the file's last parse (`cards.yamlsplice`)
        monkeypatch.setattr(yamlsrc, "_Loader", NoParsing)
        again, again_problems = load_yaml(path, Path("shown/deck.yaml"))
    assert problems == again_problems == []
    assert again.data == fresh.data and again.marks == fresh.marks and again.text == fresh.text
    assert again.locate(("decks", 0, "cards", 1, "name")) == fresh.locate(("decks", 0, "cards", 1, "name")) == (5, 20)
    assert again.file == Path("shown/deck.yaml")


def test_an_edited_file_is_parsed_again(tmp_path):
    path, store = write(tmp_path, DECK), Store()
    with parses_from(store):
        load_yaml(path)
        path.write_text(DECK.replace("Tide", "Gale"))
        doc, _ = load_yaml(path)
    assert doc.data["decks"][0]["cards"][1]["name"] == "Gale" and len(store.entries) == 3


def test_a_damaged_entry_is_parsed_again(tmp_path):
    path, store = write(tmp_path, DECK), Store()
    with parses_from(store):
        load_yaml(path)
        for key in store.entries:
            store.entries[key] = b"\x00garbage"
        doc, problems = load_yaml(path)
    assert problems == [] and doc.data["decks"][0]["cards"][0]["name"] == "Ember"


@pytest.mark.parametrize("text", ["a: 1\na: 2\n", "a: [1, 2\n"], ids=["duplicate key", "malformed"])
def test_a_file_with_a_problem_is_not_stored(tmp_path, text):
    store = Store()
    with parses_from(store):
        _, problems = load_yaml(write(tmp_path, text))
    assert problems and store.entries == {}


def test_a_value_the_store_cannot_hold_is_parsed_every_time(tmp_path):
    store = Store()
    with parses_from(store):
        doc, problems = load_yaml(write(tmp_path, "released: 2026-11-24\n"))
    assert problems == [] and str(doc.data["released"]) == "2026-11-24" and store.entries == {}


def test_a_rebuild_with_no_change_reads_every_database_file_back_parsed(runner, cards_copy, tmp_path, monkeypatch):
    args = ["--cards", str(cards_copy), "build", "halfwish", "--paper", "a4", "--only", "sheets",
            "--out", str(tmp_path / "out")]
    assert runner.invoke(cli, args).exit_code == 0
    monkeypatch.setattr(yamlsrc, "_Loader", NoParsing)
    result = runner.invoke(cli, args)
    assert result.exit_code == 0, result.output
    assert runner.invoke(cli, [*args, "--no-cache"]).exit_code == 1  # without the cache it must parse


def test_after_a_card_edit_only_the_edited_file_is_parsed_not_the_layouts(runner, cards_copy, tmp_path, monkeypatch):
    """Layout files are read back parsed too (Halfwish reads 57 a build): after a one-card edit the
    whole A4 kit (cards, mat, reference card, rulebook) is rebuilt parsing only the edited card.
    (An edited layout is parsed again: a file's text is its key, `test_an_edited_file_is_parsed_again`.)"""
    args = ["--cards", str(cards_copy), "build", "halfwish", "--paper", "a4", "--out", str(tmp_path / "out")]
    assert runner.invoke(cli, args).exit_code == 0
    assert runner.invoke(cli, args).exit_code == 0  # no change: the file's last parse must stay kept
    actions = cards_copy / "halfwish" / "actions.yaml"
    actions.write_text(actions.read_text().replace("Strike for DV", "Strike for DV (edited)", 1))
    parsed: list[str] = []

    class Counted(yamlsrc._Loader):
        def __init__(self, text: str):
            parsed.append(text)
            super().__init__(text)
    monkeypatch.setattr(yamlsrc, "_Loader", Counted)
    result = runner.invoke(cli, args)
    assert result.exit_code == 0, result.output
    # not even the whole edited file: the edited card alone (`cards.yamlsplice`)
    assert len(parsed) == 1 and parsed[0].startswith("- id: strike\n") and "(edited)" in parsed[0]
