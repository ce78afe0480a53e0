"""Errors raised while loading a card database.

Every problem carries its location, so `deckwright lint` can print
`cards/halfwish/powers.yaml:42:5: powers[3].cost: expected int, got 'two'`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .wording import plural


class CardsError(Exception):
    """Base class of every error the `cards` package raises."""


@dataclass(frozen=True)
class Problem:
    """One located problem in a card database."""

    file: Path
    line: int | None
    column: int | None
    path: str
    message: str
    source_line: str = ""

    def __str__(self) -> str:
        where = str(self.file)
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        field = f" {self.path}:" if self.path else ""
        return f"{where}:{field} {self.message}"


class DatabaseInvalid(CardsError):
    """The database has one or more problems; all of them are listed. `rules` are its rules
    parameters as read when the database did not load (None when they could not be read), so
    `deckwright lint` can check the names its templates look up in them in the same run."""

    def __init__(self, problems: list[Problem], rules: Mapping[str, Any] | None = None):
        self.problems = problems
        self.rules = rules
        lines = [str(p) for p in problems]
        super().__init__(f"{plural(len(problems), 'problem')}:\n" + "\n".join(lines))


class UnknownGame(CardsError):
    """No folder with that game id exists in the database."""

    def __init__(self, game_id: str, known: list[str], root: Path):
        self.game_id = game_id
        choices = ", ".join(known) or "(none)"
        super().__init__(f"no game {game_id!r} in {root}; known games: {choices}")
