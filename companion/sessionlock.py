"""Whether a session is open in another terminal: a lock every `deckwright play` holds on it.

Two terminals on one session cannot corrupt it (the second answer at one position is refused,
companion/sessions.py), but the gamemaster should hear of the other terminal before typing, not
after. While it runs, `play` holds a shared POSIX record lock (`fcntl.lockf`) on one byte of the
file `<sessions file>-open`, the byte at the session's id. Another `play` of the same session
that cannot lock that byte for itself alone knows that someone holds it. The operating system
lets a record lock go when its process ends, however it ends, so a crashed or closed terminal
leaves no false warning behind (a pid kept in a row could name a new, unrelated process).
Where there is no `fcntl` (Windows) or the file cannot be opened, nothing is known and nothing
is said.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager

from .sessions import SessionStore


@contextmanager
def held_open(store: SessionStore, name: str) -> Iterator[bool]:
    """Mark session `name` open for as long as the block runs; yields whether another process had
    it open already."""
    try:
        import fcntl
    except ImportError:  # no record locks here: nothing can be known
        yield False
        return
    row = store.conn.execute("SELECT id FROM sessions WHERE name = ?", (name,)).fetchone()
    try:
        fd = os.open(f"{store.path}-open", os.O_RDWR | os.O_CREAT, 0o644)
    except OSError:
        yield False
        return
    try:
        byte = int(row[0]) if row else 0
        try:
            fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB, 1, byte)
            elsewhere = False
        except OSError:  # another process holds it, shared
            elsewhere = True
        fcntl.lockf(fd, fcntl.LOCK_SH, 1, byte)  # others may hold it too; theirs waits only for a moment
        yield elsewhere
    finally:
        os.close(fd)  # and with it the lock


def open_elsewhere_warning(name: str) -> str:
    """What `play --resume` says when the session is open in another terminal too."""
    return f"{name} is also open in another terminal: play on in one, quit the other"
