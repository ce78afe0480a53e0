"""The card database: schema, loader and one YAML folder per game.

The loader (pydantic, the schema) is imported on first use of `load_game` and friends, so a
command that only needs paths or error types (`deckwright --help`, `games`) starts quickly.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .errors import CardsError, DatabaseInvalid, Problem, UnknownGame
from .paths import cards_root, game_ids

if TYPE_CHECKING:
    from .loader import Database, Params, load_all, load_game

__all__ = [
    "CardsError", "Database", "DatabaseInvalid", "Params", "Problem", "UnknownGame",
    "cards_root", "game_ids", "load_all", "load_game",
]

_FROM_LOADER = ("Database", "Params", "load_all", "load_game")


def __getattr__(name: str) -> Any:
    """`cards.load_game` and the other loader names, imported when first asked for."""
    if name in _FROM_LOADER:
        from . import loader

        return getattr(loader, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
