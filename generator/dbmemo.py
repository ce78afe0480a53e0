"""`per_database` and `DatabaseMemo`: remember what was computed from one loaded database.

A build asks for the same derived text several times (the rulebook's Markdown is hashed for the
render cache's key on each paper, checked, then laid out on each paper). A loaded `Database` does
not change while it is used, so the first answer stands for as long as that object is the one
passed; a database loaded again (`build --watch` after an edit) is a new object and is computed
afresh. The memo holds the databases it answered for, so their ids cannot be reused by another
object; past its limit it forgets the oldest (a build's own databases are the newest).
`DatabaseMemo` does the same for values kept by a key within one database (a deck's faces, a
component's inputs). A build starts by forgetting them all (`forget_databases`): the databases of
the last build are never passed again, and kept, each with its faces and contexts, they made a
long-lived process (`--watch`, the bench's rebuilds) slower from one rebuild to the next.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

from cards import Database

T = TypeVar("T")
_LIMIT = 32
_MEMOS: list[DatabaseMemo[Any]] = []  # every memo made (module-level, so never many)


def forget_databases() -> None:
    """Forget every database every memo answered for (a build about to load its own)."""
    for memo in _MEMOS:
        memo.forget()


class DatabaseMemo(Generic[T]):
    """Values computed from a loaded database, each by a key within it, while it is the object passed."""

    def __init__(self, limit: int = _LIMIT) -> None:
        self.limit = limit
        self._known: dict[tuple[int, Hashable], tuple[Database, T]] = {}
        _MEMOS.append(self)

    def forget(self) -> None:
        self._known.clear()

    def get(self, db: Database, key: Hashable, compute: Callable[[], T]) -> T:
        """The value kept for `db` and `key`; `compute()` the first time."""
        known = self._known.get((id(db), key))
        if known is None or known[0] is not db:
            if len(self._known) >= self.limit:
                del self._known[next(iter(self._known))]
            known = self._known[(id(db), key)] = (db, compute())
        return known[1]


def per_database(function: Callable[[Database], T]) -> Callable[[Database], T]:
    """`function(db)`, computed once for each database object."""
    memo: DatabaseMemo[T] = DatabaseMemo()

    @functools.wraps(function)
    def remembered(db: Database) -> T:
        return memo.get(db, None, lambda: function(db))

    return remembered
