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
import re
import secrets
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Self

from .errors import SessionError
from .sessionfile import (
    DB_ENV,
    Access,
    SessionFileMissing,
    connect,
    default_db_path,
    session_command,
    sqlite_errors,
)
from .sessionrows import (
    MAX_SEED,
    JournalEntry,
    SessionDamaged,
    SessionInfo,
    decode_entry,
    decode_info,
    listed_info,
)

__all__ = ["DB_ENV", "MAX_SEED", "JournalEntry", "SessionFileMissing", "SessionInfo", "SessionStore",
           "default_db_path"]

SCHEMA_VERSION = 1
APPLICATION_ID = 0x44574B53  # "DWKS": marks an SQLite file as a deckwright sessions file
NAME_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")
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

    def __init__(self, path: Path | str | None = None, access: Access = "create"):
        """Open the file at `path` (default: `default_db_path()`): `read` only reads it (the
        sessions commands that change nothing), `write` needs it to exist already (resume, undo),
        `create` makes it when it is missing (a new game)."""
        self.path = Path(path).expanduser() if path else default_db_path()
        self.read_only = access == "read"
        self.conn = connect(self.path, access)
        self.conn.row_factory = sqlite3.Row
        try:
            with sqlite_errors(self.path):
                self._prepare()
        except BaseException:
            self.conn.close()
            raise

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
        if not tables and self.read_only:
            raise SessionError(f"{self.path} is empty: no session has been played with it yet; "
                               "`deckwright play GAME` starts one")
        if not tables:
            self._create_schema()
        else:
            self._check_schema(tables)
        if not self.read_only:  # a reader changes nothing: a file older than `undone` is read as it is
            self._check_writable()
            if "undone" not in tables:
                with self._write():
                    self.conn.execute(UNDONE_TABLE)
            self.conn.execute("PRAGMA journal_mode = WAL")

    def _check_writable(self) -> None:
        """A file SQLite may only read is said so now, not when the first answer is refused."""
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            self.conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")  # a write, never committed
        finally:
            self.conn.execute("ROLLBACK")

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
        with sqlite_errors(self.path):
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
        with sqlite_errors(self.path):
            row = self._row(name)
        if row is None:
            raise self._missing(name)
        return decode_info(row, self.path)

    def _missing(self, name: str) -> SessionError:
        known = ", ".join(i.name for i in self.list()[:10]) or "(none)"
        return SessionError(f"no session named {name!r} in {self.path}; sessions: {known}")

    def list(self) -> list[SessionInfo]:
        """Every session, most recently updated first."""
        with sqlite_errors(self.path):
            rows = self.conn.execute(_SELECT_INFO + " ORDER BY s.updated DESC, s.id DESC").fetchall()
        return [listed_info(r, self.path) for r in rows]

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
        with sqlite_errors(self.path):
            rows = self.conn.execute("SELECT * FROM journal WHERE session_id = ? ORDER BY seq",
                                     (session_id,)).fetchall()
        return [decode_entry(name, r) for r in rows]

    def append(self, name: str, seq: int, answer: Any, kind: str, player: int | None,
               source: str = "typed", replayed: builtins.list[Any] | None = None) -> JournalEntry:
        """Journal answer number `seq`, committed before returning; SessionConflict if `seq` is taken
        or out of order, or when `replayed` (the answers this process built its state from) is no
        longer what the journal holds: another process answered or undid meanwhile."""
        entry = JournalEntry(seq, answer, kind, player, source, now())
        session_id = self._id(name)
        with self._write():
            self._expect_journal(session_id, name, seq - 1, replayed)
            try:
                self.conn.execute(
                    "INSERT INTO journal (session_id, seq, answer, kind, player, source, time)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (session_id, seq, json.dumps(answer), kind, player, source, entry.time))
            except sqlite3.IntegrityError:
                raise _conflict(self.path, name) from None
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
        with sqlite_errors(self.path):
            row = self.conn.execute("SELECT * FROM undone WHERE session_id = ? AND seq = ?",
                                    (session_id, seq)).fetchone()
        return None if row is None else _undone_entry(name, row)

    def undo(self, name: str, steps: int = 1, replayed: builtins.list[Any] | None = None
             ) -> builtins.list[JournalEntry]:
        """Drop the last `steps` answers (all there are, if fewer) and return them, newest first.
        With `replayed`, refuse (SessionConflict) unless the journal holds just those answers."""
        if steps < 1:
            raise SessionError(f"undo needs at least 1 step, got {steps}")
        session_id = self._id(name)
        with self._write():
            found = self._length(session_id)
            if replayed is not None:
                self._expect_journal(session_id, name, len(replayed), replayed)
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

    def _expect_journal(self, session_id: int, name: str, length: int, replayed: builtins.list[Any] | None) -> None:
        """Refuse (SessionConflict) unless the journal holds `length` answers and, when given, just
        the `replayed` ones: the same length is not enough, another process may have undone an
        answer and given another in its place (audit s25: the stale answer no longer replayed)."""
        found = self._length(session_id)
        if found != length:
            raise _conflict(self.path, name, f"it has {found} answers where this process expected {length}")
        if replayed is None:
            return
        stored = self.conn.execute("SELECT seq, answer FROM journal WHERE session_id = ? ORDER BY seq",
                                   (session_id,)).fetchall()
        for row, answer in zip(stored, replayed, strict=True):
            if not _same_answer(row["answer"], answer):
                raise _conflict(self.path, name, f"answer #{row['seq']} was undone and given again")

    def _touch(self, session_id: int, status: str) -> None:
        self.conn.execute("UPDATE sessions SET updated = ?, status = ? WHERE id = ?", (now(), status, session_id))

    def _id(self, name: str) -> int:
        with sqlite_errors(self.path):
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


def _same_answer(stored: str, answer: Any) -> bool:
    """Is the stored JSON text the answer (as JSON data: a tuple is the list it is stored as)?"""
    try:
        return bool(json.loads(stored) == json.loads(json.dumps(answer)))
    except ValueError:
        return False


_COLUMNS = "session_id, seq, answer, kind, player, source, time"  # of a journal row and an undone one
_SELECT_INFO = ("SELECT s.*, (SELECT COUNT(*) FROM journal j WHERE j.session_id = s.id) AS answers "
                "FROM sessions s")


def _conflict(path: Path, name: str, detail: str = "another process answered first") -> SessionConflict:
    return SessionConflict(f"session {name!r} changed underneath you ({detail}); nothing was written: "
                           f"resume it with `{session_command(path, f'play --resume {name}')}`")
