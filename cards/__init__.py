"""The card database: schema, loader and one YAML folder per game."""

from .errors import CardsError, DatabaseInvalid, Problem, UnknownGame
from .loader import Database, Params, load_all, load_game
from .paths import cards_root, game_ids

__all__ = [
    "CardsError", "Database", "DatabaseInvalid", "Params", "Problem", "UnknownGame",
    "cards_root", "game_ids", "load_all", "load_game",
]
