"""Playtest notes: timestamped remarks a gamemaster types during `play` (`note TEXT`).

Notes sit beside the journal, never in it: replay reads only answers, so a note cannot
change the game. Each note remembers how many answers had been given when it was taken,
so an export can print it where it happened.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .sessions import SessionStore, now

NOTES_SCHEMA = """
CREATE TABLE IF NOT EXISTS notes (
    session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    after_seq  INTEGER NOT NULL,          -- answers given when the note was taken
    time       TEXT NOT NULL,
    text       TEXT NOT NULL
)"""
MAX_NOTE = 2000  # characters


@dataclass(frozen=True)
class Note:
    """One remark, taken after `after_seq` answers."""

    after_seq: int
    time: str
    text: str

    def to_json(self) -> dict[str, Any]:
        """The note as JSON data."""
        return dict(self.__dict__)


def add_note(store: SessionStore, name: str, after_seq: int, text: str) -> Note:
    """Store a note for session `name` (committed before the caller prints anything)."""
    text = " ".join(text.split())[:MAX_NOTE]
    note = Note(after_seq, now(), text)
    with store._write():
        store.conn.execute(NOTES_SCHEMA)
        store.conn.execute("INSERT INTO notes (session_id, after_seq, time, text) VALUES (?, ?, ?, ?)",
                           (store._id(name), after_seq, note.time, note.text))
    return note


def notes(store: SessionStore, name: str) -> list[Note]:
    """The notes of session `name`, oldest first (none when no note was ever taken)."""
    has_table = store.conn.execute("SELECT 1 FROM sqlite_master WHERE type='table' AND name='notes'").fetchone()
    if not has_table:
        return []
    rows = store.conn.execute("SELECT after_seq, time, text FROM notes WHERE session_id = ? ORDER BY rowid",
                              (store._id(name),)).fetchall()
    return [Note(row[0], row[1], row[2]) for row in rows]
