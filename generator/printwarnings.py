"""What `deckwright lint` refuses a kit for in print, warned of by `deckwright build`.

The legibility and fit checks (`generator.printlint`: contrast, text size, overlaps, parts that
fit each other) are lint's; a build that skipped them wrote a kit lint refused, with nothing said
(designer audit). A build runs them too, after the draw-check, and warns: the kit is still
written, since a designer mid-edit prints to look.

With the render cache, the cards and sheets that read well in the last build of the same
database inputs are not set again (`legibility.Legible`, kept as one entry per game): the check
of a one-card edit sets that card; a build of the same files as the last one repeats its warning
and sets nothing. What has a finding is set again after an edit, so it is warned of each time.
"""

from __future__ import annotations

import hashlib
import os
from typing import Any

from cards import Database, Problem

from .legibility import Legible
from .printlint import print_problems

SHOWN = 5  # problems listed in a build's warning; `deckwright lint` lists them all


def print_warnings(db: Database, cache: Any = None) -> list[str]:
    """The lines a build warns with of `db`'s print problems (none when it has none); `cache`: the
    render cache, or None. A build of the same files as the last one (`db.version`, the game's
    assets, the working folder the files are named from) warns as it did, setting nothing."""
    if cache is None:
        return warning_lines(db, print_problems(db))
    store = cache.pieces(f"{db.id}/legibility", deferred=True)
    same = _hash(cache.base(db), cache.templates(db), db.version, os.getcwd(), "warned")
    key = _hash(cache.base(db), "legible")
    warned: bytes | None = store.get_piece(same)
    if warned is not None:
        store.keep_piece(key)  # what read well, for the next edit
        return warned.decode("utf-8").splitlines()
    legible = Legible(frozenset((store.get_piece(key) or b"").decode("ascii", "replace").split()))
    lines = warning_lines(db, print_problems(db, legible))
    store.replace_piece(key, " ".join(sorted(legible.found)).encode("ascii"))
    store.put_piece(same, "\n".join(lines).encode("utf-8"))
    return lines


def _hash(*parts: str) -> str:
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()


def warning_lines(db: Database, problems: list[Problem]) -> list[str]:
    """The warning a build prints: how many, the first `SHOWN` located as lint locates them."""
    from cards.wording import plural

    if not problems:
        return []
    lead = f"warning: {db.id}: {plural(len(problems), 'print problem')} that `deckwright lint {db.id}` refuses"
    lines = [f"{lead} (the kit is written):"]
    lines += [f"  {problem}" for problem in problems[:SHOWN]]
    if len(problems) > SHOWN:
        lines.append(f"  ... and {len(problems) - SHOWN} more: `deckwright lint {db.id}` lists them all")
    return lines
