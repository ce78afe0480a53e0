"""Which games have a rules engine. A game's engine is the package `companion/games/<id>/`
(dashes in the id become underscores) exporting `ENGINE`, an Engine subclass."""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType

from .. import games as games_pkg
from ..errors import UnknownEngine
from .core import Engine


def module_name(game_id: str) -> str:
    return game_id.replace("-", "_")


def engine_ids() -> list[str]:
    """Game ids with an engine package, sorted."""
    return sorted(m.name.replace("_", "-") for m in pkgutil.iter_modules(games_pkg.__path__) if m.ispkg)


def has_engine(game_id: str) -> bool:
    return game_id in engine_ids()


def game_module(game_id: str) -> ModuleType:
    """Import `companion.games.<id>`."""
    if not has_engine(game_id):
        known = ", ".join(engine_ids()) or "(none)"
        raise UnknownEngine(f"no rules engine for {game_id!r}; games with an engine: {known}")
    return importlib.import_module(f"{games_pkg.__name__}.{module_name(game_id)}")


def engine_class(game_id: str) -> type[Engine]:
    return game_module(game_id).ENGINE


def make_engine(game_id: str, cards_dir: str | None = None) -> Engine:
    """Load the game's database and build its engine."""
    from cards import load_game

    return engine_class(game_id)(load_game(game_id, cards_dir))
