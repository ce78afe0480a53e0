"""What `deckwright lint` refuses a kit for in print, warned of by `deckwright build`.

The legibility and fit checks (`generator.printlint`: contrast, text size, overlaps, parts that
fit each other) are lint's; a build that skipped them wrote a kit lint refused, with nothing said
(designer audit). A build runs them too, after the draw-check, and warns: the kit is still
written, since a designer mid-edit prints to look.

With the render cache, the cards and sheets that read well in the last build of the same
database inputs are not set again (`legibility.Legible`, kept as one entry per game): the check
of a one-card edit sets that card, and a no-change rebuild sets nothing but the decks' shared
backs. What has a finding is set again each build, so it is warned of each time.
"""

from __future__ import annotations

import hashlib
from typing import Any

from cards import Database, Problem

from .legibility import Legible
from .printlint import print_problems

SHOWN = 5  # problems listed in a build's warning; `deckwright lint` lists them all


def print_warnings(db: Database, cache: Any = None) -> list[Problem]:
    """Every legibility and fit problem of `db`'s printed kit (`cache`: the render cache, or None)."""
    store = cache.pieces(f"{db.id}/legibility", deferred=True) if cache is not None else None
    key = hashlib.sha256(f"{cache.base(db)}\0legible".encode()).hexdigest() if cache is not None else ""
    known = (store.get_piece(key) or b"").decode("ascii", "replace").split() if store is not None else []
    legible = Legible(frozenset(known))
    problems = print_problems(db, legible)
    if store is not None:
        store.replace_piece(key, " ".join(sorted(legible.found)).encode("ascii"))
    return problems


def warning_lines(db: Database, problems: list[Problem]) -> list[str]:
    """The warning a build prints: how many, the first `SHOWN` located as lint locates them."""
    from cards.wording import plural

    lead = f"warning: {db.id}: {plural(len(problems), 'print problem')} that `deckwright lint {db.id}` refuses"
    lines = [f"{lead} (the kit is written):"]
    lines += [f"  {problem}" for problem in problems[:SHOWN]]
    if len(problems) > SHOWN:
        lines.append(f"  ... and {len(problems) - SHOWN} more: `deckwright lint {db.id}` lists them all")
    return lines
