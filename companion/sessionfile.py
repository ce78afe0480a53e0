"""Opening the sessions file: as the command needs it, and never more.

A command that only reads (`sessions list|show|log|export`) opens the file read-only
(SQLite's `mode=ro`), so an archived playtest or a copy on a read-only share can still be
listed and exported. No command but `play GAME` (a new game) creates the file: a mistyped
`--db` would otherwise leave new folders and an empty file behind and look like "all my
sessions are gone". Every SQLite failure becomes a one-line SessionError naming the file,
and a refused write says the file or its folder is read-only.
"""

from __future__ import annotations

import os
import shlex
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Literal

from .errors import SessionError

DB_ENV = "DECKWRIGHT_DB"
Access = Literal["read", "write", "create"]  # read only; write an existing file; create it if need be
SQLITE_MAGIC = b"SQLite format 3\x00"
BUSY_TIMEOUT_S = 5.0


class SessionFileMissing(SessionError):
    """A command that does not start a game was pointed at a sessions file that does not exist."""


def default_db_path() -> Path:
    """`$DECKWRIGHT_DB`, else `sessions.db` in the user's data directory."""
    if os.environ.get(DB_ENV):
        return Path(os.environ[DB_ENV]).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("deckwright")) / "sessions.db"


def session_command(path: Path, words: str) -> str:
    """`deckwright WORDS` for a session of the file at `path`, which it names with `--db` when it
    is not the file a command opens by itself (`default_db_path`): else the command printed to
    resume, undo or delete it would open another file (session 27: only the prompt's `Resume with`
    gave --db)."""
    db = "" if _same_file(path, default_db_path()) else f" --db {shlex.quote(str(path))}"
    return f"deckwright {words}{db}"


def _same_file(path: Path, other: Path) -> bool:
    try:
        return path.resolve() == other.resolve()
    except (OSError, RuntimeError):  # a loop of links: compared as written
        return path == other


def connect(path: Path, access: Access) -> sqlite3.Connection:
    """A connection to the sessions file at `path`: read-only for `read`; the file must exist
    unless `access` is `create`, which makes the missing folders too."""
    refuse_foreign_bytes(path)
    if access == "create":
        _make_folder(path)
    elif not path.exists():
        raise SessionFileMissing(_missing_message(path))
    with sqlite_errors(path):
        if access == "read":
            return _connect_read_only(path)
        return sqlite3.connect(path, timeout=BUSY_TIMEOUT_S, isolation_level=None)


def _connect_read_only(path: Path) -> sqlite3.Connection:
    """`mode=ro`; in a folder nobody may write to, SQLite cannot make the `-shm` file a WAL file
    needs to be read, and then no writer can be at work either (it would need that file too),
    so, when no `-wal` file holds answers yet to be copied in, the file is read as it stands."""
    uri = path.resolve().as_uri()
    try:
        conn = sqlite3.connect(f"{uri}?mode=ro", uri=True, timeout=BUSY_TIMEOUT_S, isolation_level=None)
        conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
        return conn
    except sqlite3.OperationalError:
        if Path(f"{path}-wal").exists() or os.access(path.parent, os.W_OK):
            raise
    return sqlite3.connect(f"{uri}?mode=ro&immutable=1", uri=True, isolation_level=None)


def _make_folder(path: Path) -> None:
    in_the_way = _file_in_the_way(path)
    if in_the_way is not None:
        raise SessionError(f"cannot create the folder for sessions file {path}: {in_the_way} is a file, "
                           "not a folder; choose another path with --db")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SessionError(f"cannot create the folder for sessions file {path}: {exc.strerror}") from None


def _missing_message(path: Path) -> str:
    in_the_way = _file_in_the_way(path)
    why = f" ({in_the_way} is a file, not a folder)" if in_the_way is not None else ""
    return (f"no sessions file at {path}{why}; check the path given with --db or DECKWRIGHT_DB "
            "(`deckwright play GAME` creates the file with its first game)")


def _file_in_the_way(path: Path) -> Path | None:
    """The first folder on the path to the sessions file that is a file instead, if any."""
    for parent in reversed(path.parents):
        if parent.exists() and not parent.is_dir():
            return parent
    return None


def refuse_foreign_bytes(path: Path) -> None:
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
def sqlite_errors(path: Path) -> Iterator[None]:
    """SQLite failures become SessionErrors that say which file and what happened."""
    try:
        yield
    except sqlite3.OperationalError as exc:
        if "locked" in str(exc) or "busy" in str(exc):
            raise SessionError(f"{path} is busy: another deckwright process is writing to it; "
                               "try again in a moment") from None
        if "readonly" in str(exc):
            raise SessionError(f"cannot write to sessions file {path}: it or its folder is read-only; "
                               "check their permissions") from None
        if "unable to open" in str(exc):
            raise SessionError(f"cannot open sessions file {path}: SQLite reads it and writes beside it "
                               "(its -wal and -shm files); check the permissions of the file and its folder") from None
        raise SessionError(f"cannot use sessions file {path}: {exc}") from None
    except sqlite3.DatabaseError as exc:
        raise SessionError(f"{path} is corrupt or not a deckwright sessions file ({exc}); "
                           "choose another file with --db or move this one away") from None
