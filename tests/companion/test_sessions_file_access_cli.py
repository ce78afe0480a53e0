"""Which sessions file a command opens, and how (audit s25 #7, #8): reading commands open it
read-only and create nothing; only a new game creates it; a file SQLite may only read is said
to be read-only before anything is asked."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from companion.cli import cli

READING = [["sessions", "list"], ["sessions", "show", "race"], ["sessions", "log", "race"],
           ["sessions", "export", "race", "--format", "md"]]
NEEDING_A_FILE = [*READING, ["sessions", "undo", "race"], ["sessions", "redo", "race"],
                  ["sessions", "delete", "race", "--yes"], ["play", "--resume", "race"]]


@pytest.fixture
def played(runner, toy) -> Path:
    """A session `race` with two answers, in $DECKWRIGHT_DB."""
    result = runner.invoke(cli, ["play", "toy-race", "--players", "Ann,Ben", "--name", "race", "--seed", "2"],
                           input="1\n4\nquit\n")
    assert result.exit_code == 0, result.output
    return Path(os.environ["DECKWRIGHT_DB"])


def only_readable(db: Path) -> None:
    """Mark the file read-only for SQLite itself (file format write version 3, which SQLite
    reads but never writes): root ignores a chmod, SQLite does not ignore this."""
    data = bytearray(db.read_bytes())
    data[18] = 3
    db.write_bytes(bytes(data))


def flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("command", NEEDING_A_FILE, ids=lambda c: " ".join(c[:2]))
def test_a_mistyped_sessions_path_is_refused_and_nothing_is_created(runner, toy, tmp_path, command):
    """`--db typo/sub/s.db` made the folders and an empty sessions file, then said there were no
    sessions (exit 0): it looked like every session was gone."""
    typo = tmp_path / "typo" / "sub" / "s.db"
    result = runner.invoke(cli, [*command, "--db", str(typo)])
    assert result.exit_code == 2, result.output
    assert f"no sessions file at {typo}; check the path given with --db" in flat(result.output)
    assert not (tmp_path / "typo").exists()


def test_a_new_game_still_creates_the_file_and_its_folders(runner, toy, tmp_path):
    db = tmp_path / "new" / "s.db"
    result = runner.invoke(cli, ["play", "toy-race", "--players", "Ann,Ben", "--db", str(db)], input="quit\n")
    assert result.exit_code == 0 and db.is_file(), result.output


@pytest.mark.parametrize("command", [["sessions", "list"], ["play", "toy-race", "--players", "Ann,Ben"]],
                         ids=["list", "new game"])
def test_a_file_where_a_folder_of_the_path_should_be_is_named(runner, toy, tmp_path, command):
    """`--db notes.txt/s.db` said "cannot create the folder ...: File exists"."""
    (tmp_path / "notes.txt").write_text("a file\n")
    result = runner.invoke(cli, [*command, "--db", str(tmp_path / "notes.txt" / "s.db")], input="quit\n")
    assert result.exit_code in (1, 2) and f"{tmp_path / 'notes.txt'} is a file, not a folder" in flat(result.output)


@pytest.mark.parametrize("command", READING, ids=lambda c: " ".join(c[:2]))
def test_reading_commands_read_a_file_they_may_not_write(runner, played, command):
    """An archived playtest (a file from before undone answers were kept) on a read-only share:
    list, show, log and export failed with "attempt to write a readonly database"; they read it
    as it is and change nothing."""
    with sqlite3.connect(played) as conn:
        conn.execute("DROP TABLE undone")
    conn.close()
    only_readable(played)
    before = played.read_bytes()
    result = runner.invoke(cli, command)
    assert result.exit_code == 0, result.output
    assert "Ann" in result.output and played.read_bytes() == before


@pytest.mark.parametrize("command", [["play", "--resume", "race"], ["sessions", "undo", "race"]],
                         ids=["resume", "undo"])
def test_writing_commands_say_the_file_is_read_only(runner, played, command):
    """`play --resume` of a file it may not write asked for the next answer and then refused it
    with "attempt to write a readonly database"; now it says so first, and what to check."""
    only_readable(played)
    result = runner.invoke(cli, command, input="1\n")
    assert result.exit_code == 1
    assert flat(result.output).endswith(f"Error: cannot write to sessions file {played}: it or its folder is "
                                        "read-only; check their permissions"), result.output
