"""Issue 13 part 1: after a one-card edit a card file is written from its last build's bytes with
only the changed page's operators replaced (`generator.filesplice`), and the file is byte for byte
the one a build without the cache writes."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import generator.filesplice
from companion.cli import cli

TINYGAME = Path(__file__).parent.parent / "fixtures" / "tinygame"
CARD_FILE = "race-a4.pdf"


@pytest.fixture
def game(tmp_path: Path) -> Path:
    shutil.copytree(TINYGAME, tmp_path / "cards" / "tinygame")
    return tmp_path / "cards"


@pytest.fixture
def splices(monkeypatch) -> list[bool]:
    """Whether each card file written within the cache was spliced."""
    found: list[bool] = []
    splice = generator.filesplice._splice

    def noting(*args):
        result = splice(*args)
        found.append(result is not None)
        return result

    monkeypatch.setattr(generator.filesplice, "_splice", noting)
    return found


def _build(runner, cards: Path, out: Path, *args: str) -> bytes:
    result = runner.invoke(cli, ["--cards", str(cards), "build", "tinygame", "--paper", "a4", "--only", "cards",
                                 "--out", str(out), *args])
    assert result.exit_code == 0, result.output
    return (out / "tinygame" / CARD_FILE).read_bytes()


def _edit(cards: Path, old: str, new: str) -> None:
    deck = cards / "tinygame" / "deck.yaml"
    text = deck.read_text()
    assert old in text
    deck.write_text(text.replace(old, new, 1))


def _fresh(runner, cards: Path, tmp_path: Path) -> bytes:
    return _build(runner, cards, tmp_path / "fresh", "--no-cache")


def test_an_edit_on_a_later_sheet_is_spliced_into_the_same_bytes_as_a_fresh_build(runner, game, tmp_path, splices):
    out = tmp_path / "out"
    first = _build(runner, game, out)
    _edit(game, "then draw back up", "then draw at once back up")  # Gale, alone on the second sheet's front
    spliced = _build(runner, game, out)
    assert splices == [True]
    assert spliced != first and spliced == _fresh(runner, game, tmp_path)


def test_a_spliced_file_is_spliced_again_by_the_next_edit(runner, game, tmp_path, splices):
    out = tmp_path / "out"
    _build(runner, game, out)
    for old, new in (("then draw back up", "then draw all back up"), ("if theirs is higher", "if theirs is more")):
        _edit(game, old, new)
        shutil.rmtree(tmp_path / "fresh", ignore_errors=True)
        assert _build(runner, game, out) == _fresh(runner, game, tmp_path)
    assert splices == [True, True]


@pytest.mark.parametrize("old, new, why", [
    ("then draw back up", "then draw b\u00e4ck up", "a character the file's fonts did not hold yet"),
    ("Your opponent discards", "Your rival discards", "the first sheet defines the forms of repeated cards"),
])
def test_an_edit_that_changes_more_than_operators_is_written_as_usual(runner, game, tmp_path, splices, old, new, why):
    out = tmp_path / "out"
    _build(runner, game, out)
    _edit(game, old, new)
    assert _build(runner, game, out) == _fresh(runner, game, tmp_path)
    assert splices == [False], why


def test_a_new_card_changes_the_page_count_and_the_file_is_written_as_usual(runner, game, tmp_path, splices):
    out = tmp_path / "out"
    _build(runner, game, out)
    _edit(game, "      - {id: wind-turn,", "      - {id: wind-4, name: Squall, suit: wind, points: 4, count: 1, "
                                          "text: Score 4 points.}\n      - {id: wind-turn,")
    _edit(game, "total: 12", "total: 13")
    assert _build(runner, game, out) == _fresh(runner, game, tmp_path)
    assert splices == [False]


def _lost_file(record: dict) -> dict:
    return {**record, "file": "0" * 64}  # the last file is not in the cache any more


def _other_page_dictionary(record: dict) -> dict:
    pages = [list(page) for page in record["pages"]]
    pages[2][2] = "0" * 64  # the edited page's dictionary (boxes, forms used) was another
    return {**record, "pages": pages}


def _other_document(record: dict) -> dict:
    return {**record, "document": "0" * 64}  # other metadata or objects


@pytest.mark.parametrize("damage", [_lost_file, _other_page_dictionary, _other_document])
def test_a_file_whose_record_does_not_match_is_written_as_usual(runner, game, tmp_path, splices, monkeypatch, damage):
    out = tmp_path / "out"
    _build(runner, game, out)
    real = generator.filesplice._last_record
    monkeypatch.setattr(generator.filesplice, "_last_record", lambda *args: damage(real(*args)))
    _edit(game, "then draw back up", "then draw at once back up")
    assert _build(runner, game, out) == _fresh(runner, game, tmp_path)
    assert splices == [False]


def test_a_damaged_last_file_is_not_spliced(runner, game, tmp_path, splices):
    """The last file's bytes come from the cache, whose entries are checked when read: a damaged
    one (one bit flipped, the same size) counts as lost."""
    out = tmp_path / "out"
    first = _build(runner, game, out)
    for entry in (out / ".cache").rglob("*"):
        data = entry.read_bytes() if entry.is_file() else b""
        if data.startswith(first[:200]):
            entry.write_bytes(data[:1000] + bytes([data[1000] ^ 1]) + data[1001:])
    _edit(game, "then draw back up", "then draw at once back up")
    assert _build(runner, game, out) == _fresh(runner, game, tmp_path)
    assert splices == [False]
