"""`per_database`: remember what a function computed from one loaded database.

A build asks for the same derived text several times (the rulebook's Markdown is hashed for the
render cache's key on each paper, checked, then laid out on each paper). A loaded `Database` does
not change while it is used, so the first answer stands for as long as that object is the one
passed; a database loaded again (`build --watch` after an edit) is a new object and is computed
afresh. The memo holds the databases it answered for, so their ids cannot be reused by another
object; past a few dozen entries it forgets the oldest (a build's own databases are the newest).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TypeVar

from cards import Database

T = TypeVar("T")
_LIMIT = 32


def per_database(function: Callable[[Database], T]) -> Callable[[Database], T]:
    """`function(db)`, computed once for each database object."""
    memo: dict[int, tuple[Database, T]] = {}

    @functools.wraps(function)
    def remembered(db: Database) -> T:
        known = memo.get(id(db))
        if known is None or known[0] is not db:
            if len(memo) >= _LIMIT:
                del memo[next(iter(memo))]
            known = memo[id(db)] = (db, function(db))
        return known[1]

    return remembered
