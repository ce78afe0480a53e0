"""Gamemaster sessions, event-sourced in one SQLite file.

A session is its setup (game, players, options, seed, cards version) plus a journal with
one row per answer. Each answer is committed before anything is printed, and the state is
always the replay: `new_game` followed by every journalled answer. So a process killed
between two answers loses nothing, and undo is moving journal rows aside.

Undo drops exactly one answer per step (`undo(name, steps)`), so a mistyped die is undone
by one `undo` and the same roll is asked for again. The answers undone are kept (table
`undone`) for redo (`redoable`), in the file and not in a process: `deckwright sessions undo`
then `redo` in a resumed game gives them back. The next answer takes the first of them off when
it is the same, and clears them when it is not.

This module is the store (`SessionStore`); a session being played is a `Table`
(companion/sessiontable.py) and its exports are in companion/sessionexport.py.

Two processes on one session cannot corrupt it: the file is in WAL mode, every write runs
in `BEGIN IMMEDIATE`, and an append names the position it expects; if another process got
there first the append fails with `SessionConflict` and nothing is written.
"""

from __future__ import annotations

import builtins
import json
import os
import re
import secrets
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Self

from .errors import SessionError
from .sessionrows import (
    MAX_SEED,
    JournalEntry,
    SessionDamaged,
    SessionInfo,
    decode_entry,
    decode_info,
    listed_info,
)

__all__ = ["MAX_SEED", "JournalEntry", "SessionInfo", "SessionStore", "default_db_path"]

DB_ENV = "DECKWRIGHT_DB"
SCHEMA_VERSION = 1
APPLICATION_ID = 0x44574B53  # "DWKS": marks an SQLite file as a deckwright sessions file
SQLITE_MAGIC = b"SQLite format 3\x00"
NAME_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")
BUSY_TIMEOUT_S = 5.0
MAX_PLAYER_NAME = 40          # characters of one player's name

UNDONE_TABLE = """
CREATE TABLE IF NOT EXISTS undone (       -- answers undone, for redo: journal rows moved aside
    session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL,
    answer     TEXT NOT NULL,
    kind       TEXT NOT NULL,
    player     INTEGER,
    source     TEXT NOT NULL,
    time       TEXT NOT NULL,
    PRIMARY KEY (session_id, seq)
)
"""  # added to a file written before answers undone were kept in it
SCHEMA = """
CREATE TABLE sessions (
    id            INTEGER PRIMARY KEY,
    name          TEXT NOT NULL UNIQUE,
    game          TEXT NOT NULL,
    players       TEXT NOT NULL,          -- JSON list of names, in seat order
    options       TEXT NOT NULL,          -- JSON object given to Engine.new_game
    seed          INTEGER NOT NULL,
    cards_dir     TEXT,                   -- the --cards folder the session was started with
    cards_version TEXT NOT NULL,
    status        TEXT NOT NULL DEFAULT 'playing',
    created       TEXT NOT NULL,
    updated       TEXT NOT NULL
);
CREATE TABLE journal (
    session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL,          -- 1, 2, 3...: the answer's position
    answer     TEXT NOT NULL,             -- JSON: an option id, die faces, a card id...
    kind       TEXT NOT NULL,             -- decision, roll, draw or shuffle
    player     INTEGER,                   -- the seat asked, when a seat was asked
    source     TEXT NOT NULL,             -- typed (by the gamemaster), Enter (the default taken) or rolled (by the tool)
    time       TEXT NOT NULL,
    PRIMARY KEY (session_id, seq)
);
""" + UNDONE_TABLE


class SessionConflict(SessionError):
    """Another process changed the session between reading and writing it."""


def default_db_path() -> Path:
    """`$DECKWRIGHT_DB`, else `sessions.db` in the user's data directory."""
    if os.environ.get(DB_ENV):
        return Path(os.environ[DB_ENV]).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("deckwright")) / "sessions.db"


def now() -> str:
    """The current UTC time, ISO 8601 to the second."""
    return datetime.now(UTC).replace(microsecond=0).isoformat()


def default_name(game: str) -> str:
    """`<game>-<yyyymmdd-hhmmss>` in UTC."""
    return f"{game}-{datetime.now(UTC).strftime('%Y%m%d-%H%M%S')}"


def new_seed() -> int:
    """A fresh session seed (from the OS, never the global `random`)."""
    return secrets.randbelow(2**31)


def check_name(name: str) -> str:
    """Return the name if it is a usable session name, else raise SessionError."""
    if not NAME_PATTERN.match(name):
        raise SessionError(f"session name {name!r} must be 1-64 letters, digits, '.', '_' or '-', "
                           "starting with a letter or digit")
    return name


class SessionStore:
    """The SQLite file holding every session: create, read, append, undo, delete."""

    def __init__(self, path: Path | str | None = None):
        self.path = Path(path).expanduser() if path else default_db_path()
        _refuse_foreign_bytes(self.path)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise SessionError(f"cannot create the folder for sessions file {self.path}: {exc.strerror}") from None
        with _sqlite_errors(self.path):
            self.conn = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_S, isolation_level=None)
            self.conn.row_factory = sqlite3.Row
            self._prepare()

    def close(self) -> None:
        """Close the connection."""
        self.conn.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- setup and checks --------------------------------------------------------------
    def _prepare(self) -> None:
        self.conn.execute("PRAGMA foreign_keys = ON")
        tables = {r[0] for r in self.conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if not tables:
            self._create_schema()
        else:
            self._check_schema(tables)
            if "undone" not in tables:
                with self._write():
                    self.conn.execute(UNDONE_TABLE)
        self.conn.execute("PRAGMA journal_mode = WAL")

    def _create_schema(self) -> None:
        with self._write():
            if self.conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()[0]:
                return  # another process created it while we waited for the lock
            for statement in SCHEMA.split(";"):
                if statement.strip():
                    self.conn.execute(statement)
            self.conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            self.conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    def _check_schema(self, tables: set[str]) -> None:
        app_id = self.conn.execute("PRAGMA application_id").fetchone()[0]
        version = self.conn.execute("PRAGMA user_version").fetchone()[0]
        if app_id != APPLICATION_ID or not {"sessions", "journal"} <= tables:
            raise SessionError(f"{self.path} is an SQLite database but not a deckwright sessions file "
                               f"(found tables: {', '.join(sorted(tables))}); choose another file with --db")
        if version != SCHEMA_VERSION:
            raise SessionError(f"{self.path} has sessions schema version {version}, this deckwright reads "
                               f"version {SCHEMA_VERSION}; use the deckwright that wrote it or another --db")

    @contextmanager
    def _write(self) -> Iterator[None]:
        """One write transaction, taken with BEGIN IMMEDIATE so writers queue instead of racing."""
        with _sqlite_errors(self.path):
            if not self.conn.in_transaction:
                self.conn.execute("BEGIN IMMEDIATE")
            try:
                yield
            except BaseException:
                if self.conn.in_transaction:
                    self.conn.execute("ROLLBACK")
                raise
            if self.conn.in_transaction:
                self.conn.execute("COMMIT")

    # -- sessions ------------------------------------------------------------------------
    def create(self, name: str, game: str, players: list[str], options: dict[str, Any],
               seed: int, cards_version: str, cards_dir: str | None = None) -> SessionInfo:
        """Record a new session's setup; refuse a name already in use."""
        check_name(name)
        stamp = now()
        with self._write():
            if self._row(name) is not None:
                raise SessionError(f"a session named {name!r} already exists; "
                                   f"resume it with --resume {name} or choose another --name")
            self.conn.execute(
                "INSERT INTO sessions (name, game, players, options, seed, cards_dir, cards_version,"
                " created, updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (name, game, json.dumps(players), json.dumps(options), seed, cards_dir, cards_version,
                 stamp, stamp))
        return self.get(name)

    def get(self, name: str) -> SessionInfo:
        """The session's setup; SessionError naming the known sessions if there is none."""
        with _sqlite_errors(self.path):
            row = self._row(name)
        if row is None:
            raise self._missing(name)
        return decode_info(row)

    def _missing(self, name: str) -> SessionError:
        known = ", ".join(i.name for i in self.list()[:10]) or "(none)"
        return SessionError(f"no session named {name!r} in {self.path}; sessions: {known}")

    def list(self) -> list[SessionInfo]:
        """Every session, most recently updated first."""
        with _sqlite_errors(self.path):
            rows = self.conn.execute(_SELECT_INFO + " ORDER BY s.updated DESC, s.id DESC").fetchall()
        return [listed_info(r) for r in rows]

    def free_name(self, base: str) -> str:
        """`base`, or `base-2`, `base-3`... whichever is not taken yet."""
        names = {info.name for info in self.list()}
        return next(n for n in (base, *(f"{base}-{i}" for i in range(2, len(names) + 3))) if n not in names)

    def delete(self, name: str) -> None:
        """Delete a session and its journal (a damaged one too: deleting it is the way out)."""
        self._id(name)
        with self._write():
            self.conn.execute("DELETE FROM sessions WHERE name = ?", (name,))

    def set_status(self, name: str, status: str) -> None:
        """Mark a session `playing` or `finished`."""
        with self._write():
            self.conn.execute("UPDATE sessions SET status = ?, updated = ? WHERE name = ?", (status, now(), name))

    def _row(self, name: str) -> sqlite3.Row | None:
        row: sqlite3.Row | None = self.conn.execute(_SELECT_INFO + " WHERE s.name = ?", (name,)).fetchone()
        return row

    # -- the journal -----------------------------------------------------------------------
    def journal(self, name: str) -> builtins.list[JournalEntry]:
        """Every answer of the session, in order."""
        session_id = self._id(name)
        with _sqlite_errors(self.path):
            rows = self.conn.execute("SELECT * FROM journal WHERE session_id = ? ORDER BY seq",
                                     (session_id,)).fetchall()
        return [decode_entry(name, r) for r in rows]

    def append(self, name: str, seq: int, answer: Any, kind: str, player: int | None,
               source: str = "typed") -> JournalEntry:
        """Journal answer number `seq`, committed before returning; SessionConflict if `seq` is taken
        or out of order (another process answered or undid meanwhile)."""
        entry = JournalEntry(seq, answer, kind, player, source, now())
        session_id = self._id(name)
        with self._write():
            self._expect_length(session_id, name, seq - 1)
            try:
                self.conn.execute(
                    "INSERT INTO journal (session_id, seq, answer, kind, player, source, time)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (session_id, seq, json.dumps(answer), kind, player, source, entry.time))
            except sqlite3.IntegrityError:
                raise _conflict(name) from None
            self._given_again(session_id, seq, answer)
            self._touch(session_id, "playing")
        return entry

    def _given_again(self, session_id: int, seq: int, answer: Any) -> None:
        """After answer `seq`: the answer undone at `seq` is no longer to redo, and when another
        answer took its place, neither is any undone after it (they followed from it)."""
        row = self.conn.execute("SELECT answer FROM undone WHERE session_id = ? AND seq = ?",
                                (session_id, seq)).fetchone()
        same = row is not None and row["answer"] == json.dumps(answer)
        self.conn.execute(f"DELETE FROM undone WHERE session_id = ? AND seq {'=' if same else '>='} ?",
                          (session_id, seq))

    def redoable(self, name: str, seq: int) -> JournalEntry | None:
        """The answer undone at `seq` (the next to give), to redo; None when none was undone there."""
        session_id = self._id(name)
        with _sqlite_errors(self.path):
            row = self.conn.execute("SELECT * FROM undone WHERE session_id = ? AND seq = ?",
                                    (session_id, seq)).fetchone()
        return None if row is None else _undone_entry(name, row)

    def undo(self, name: str, steps: int = 1, expected: int | None = None) -> builtins.list[JournalEntry]:
        """Drop the last `steps` answers (all there are, if fewer) and return them, newest first.
        With `expected`, refuse (SessionConflict) unless the journal holds that many answers."""
        if steps < 1:
            raise SessionError(f"undo needs at least 1 step, got {steps}")
        session_id = self._id(name)
        with self._write():
            found = self._length(session_id)
            if expected is not None and found != expected:
                raise _conflict(name, f"it has {found} answers where this process expected {expected}")
            rows = self.conn.execute("SELECT * FROM journal WHERE session_id = ? AND seq > ? ORDER BY seq",
                                     (session_id, found - steps)).fetchall()
            dropped = [_undone_entry(name, row) for row in rows]
            self.conn.execute(f"INSERT OR REPLACE INTO undone ({_COLUMNS}) SELECT {_COLUMNS} FROM journal"
                              " WHERE session_id = ? AND seq > ?", (session_id, found - steps))
            self.conn.execute("DELETE FROM journal WHERE session_id = ? AND seq > ?",
                              (session_id, found - steps))
            self._touch(session_id, "playing")
        return list(reversed(dropped))

    def _length(self, session_id: int) -> int:
        count: int = self.conn.execute("SELECT COUNT(*) FROM journal WHERE session_id = ?",
                                       (session_id,)).fetchone()[0]
        return count

    def _expect_length(self, session_id: int, name: str, length: int) -> None:
        found = self._length(session_id)
        if found != length:
            raise _conflict(name, f"it has {found} answers where this process expected {length}")

    def _touch(self, session_id: int, status: str) -> None:
        self.conn.execute("UPDATE sessions SET updated = ?, status = ? WHERE id = ?", (now(), status, session_id))

    def _id(self, name: str) -> int:
        with _sqlite_errors(self.path):
            row = self.conn.execute("SELECT id FROM sessions WHERE name = ?", (name,)).fetchone()
        if row is None:
            raise self._missing(name)
        session_id: int = row[0]
        return session_id


def _undone_entry(name: str, row: sqlite3.Row) -> JournalEntry:
    """A journal row being undone; a damaged answer is shown as such (undoing past it is the way out)."""
    try:
        return decode_entry(name, row)
    except SessionDamaged:
        return JournalEntry(row["seq"], f"(damaged: {row['answer']!r})", row["kind"], row["player"], row["source"],
                            row["time"])


_COLUMNS = "session_id, seq, answer, kind, player, source, time"  # of a journal row and an undone one
_SELECT_INFO = ("SELECT s.*, (SELECT COUNT(*) FROM journal j WHERE j.session_id = s.id) AS answers "
                "FROM sessions s")


def _conflict(name: str, detail: str = "another process answered first") -> SessionConflict:
    return SessionConflict(f"session {name!r} changed underneath you ({detail}); "
                           f"nothing was written: resume it with `deckwright play --resume {name}`")


def _refuse_foreign_bytes(path: Path) -> None:
    """A file that exists, is not empty and does not start like SQLite is not ours to touch."""
    if not path.exists():
        return
    if path.is_dir():
        raise SessionError(f"{path} is a folder; --db needs a sessions file path")
    with open(path, "rb") as handle:
        head = handle.read(len(SQLITE_MAGIC))
    if head and head != SQLITE_MAGIC:
        raise SessionError(f"{path} is not a deckwright sessions file (not an SQLite database); "
                           "choose another file with --db or move this one away")


@contextmanager
def _sqlite_errors(path: Path) -> Iterator[None]:
    """SQLite failures become SessionErrors that say which file and what happened."""
    try:
        yield
    except sqlite3.OperationalError as exc:
        if "locked" in str(exc) or "busy" in str(exc):
            raise SessionError(f"{path} is busy: another deckwright process is writing to it; "
                               "try again in a moment") from None
        raise SessionError(f"cannot use sessions file {path}: {exc}") from None
    except sqlite3.DatabaseError as exc:
        raise SessionError(f"{path} is corrupt or not a deckwright sessions file ({exc}); "
                           "choose another file with --db or move this one away") from None
