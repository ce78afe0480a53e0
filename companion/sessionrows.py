"""Session rows as stored: the setup and journal records, decoded and checked.

A row edited by hand (`players='oops'`, `options='[1,2]'`, a journal answer that is not JSON)
becomes a `SessionDamaged` naming the session and the row instead of a traceback, and
`sessions list` shows such a session marked damaged among the others.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import SessionError
from .sessionfile import session_command

MAX_SEED = 2**63 - 1          # SQLite's largest INTEGER


class SessionDamaged(SessionError):
    """A stored row that does not decode (edited by hand): names the session and the row."""


@dataclass(frozen=True)
class SessionInfo:
    """A session's setup and bookkeeping (one row of `sessions`)."""

    name: str
    game: str
    players: list[str]
    options: dict[str, Any]
    seed: int
    cards_dir: str | None
    cards_version: str
    status: str
    created: str
    updated: str
    answers: int = 0
    problem: str = ""  # why the row cannot be used, when it was edited by hand

    def to_json(self) -> dict[str, Any]:
        """The setup as JSON data."""
        return dict(self.__dict__)


@dataclass(frozen=True)
class JournalEntry:
    """One journalled answer."""

    seq: int
    answer: Any
    kind: str
    player: int | None
    source: str
    time: str

    def to_json(self) -> dict[str, Any]:
        """The entry as JSON data."""
        return dict(self.__dict__)


def decode_info(row: sqlite3.Row, path: Path) -> SessionInfo:
    """A session row of the file at `path`, checked: a row edited by hand is a SessionDamaged
    naming the session and row."""
    players = _stored_json(row, "players", "a JSON list of player names", path)
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise _damaged(row, f"players is {row['players']!r}, expected a JSON list of player names", path)
    options = _stored_json(row, "options", "a JSON object of setup options", path)
    if not isinstance(options, dict):
        raise _damaged(row, f"options is {row['options']!r}, expected a JSON object of setup options", path)
    if not isinstance(row["seed"], int) or not 0 <= row["seed"] <= MAX_SEED:
        raise _damaged(row, f"seed is {row['seed']!r}, expected a whole number from 0 to {MAX_SEED}", path)
    return SessionInfo(row["name"], row["game"], players, options, row["seed"], row["cards_dir"],
                       row["cards_version"], row["status"], row["created"], row["updated"], row["answers"])


def listed_info(row: sqlite3.Row, path: Path) -> SessionInfo:
    try:
        return decode_info(row, path)
    except SessionDamaged as exc:
        return _damaged_info(row, exc)


def _damaged_info(row: sqlite3.Row, problem: SessionDamaged) -> SessionInfo:
    """What `sessions list` shows of a damaged row: its name and bookkeeping, marked damaged."""
    return SessionInfo(str(row["name"]), str(row["game"]), [], {}, 0, None, "", "damaged",
                       str(row["created"]), str(row["updated"]), row["answers"], problem=str(problem))


def _stored_json(row: sqlite3.Row, column: str, expected: str, path: Path) -> Any:
    try:
        return json.loads(row[column])
    except (TypeError, ValueError):
        raise _damaged(row, f"{column} is {row[column]!r}, expected {expected}", path) from None


def _damaged(row: sqlite3.Row, detail: str, path: Path) -> SessionDamaged:
    delete = session_command(path, f"sessions delete {row['name']}")
    return SessionDamaged(f"session {row['name']!r} is damaged (row {row['id']} of table sessions): {detail}; "
                          f"fix the row or delete the session with `{delete}`")


def decode_entry(name: str, row: sqlite3.Row) -> JournalEntry:
    try:
        answer = json.loads(row["answer"])
    except (TypeError, ValueError):
        raise SessionDamaged(f"session {name!r} is damaged (journal answer #{row['seq']}): {row['answer']!r} "
                             "is not JSON; undo back past it or delete the session") from None
    return JournalEntry(row["seq"], answer, row["kind"], row["player"], row["source"], row["time"])
