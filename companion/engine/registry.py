"""Which games have a rules engine.

Game ids are listed by `companion.gameids` (re-exported here) without importing an engine.
A shipped game's engine is the package `companion/games/<id>/` (dashes in the id become
underscores) exporting `ENGINE`, an Engine subclass. A designer keeping a game outside the
repo can register its engine package too: `DECKWRIGHT_ENGINES="my-game=my_pkg,..."` (the
package must be importable, its folder on PYTHONPATH, and export `ENGINE` the same way).
"""

from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType
from typing import Any

from ..errors import CompanionError, EngineBroken, RulesValueError, UnknownEngine
from ..gameids import (
    ENGINES_ENV,
    engine_ids,
    engine_modules,
    extra_engines,
    has_engine,
    module_name,
)
from .core import Engine
from .faults import engine_fault, import_fault

__all__ = ["ENGINES_ENV", "build_engine", "cli_module", "engine_class", "engine_ids", "engine_modules",
           "extra_engines", "game_module", "has_engine", "make_engine", "module_name"]


def game_module(game_id: str) -> ModuleType:
    """Import the game's engine module (`companion.games.<id>` for shipped games)."""
    modules = engine_modules()
    if game_id not in modules:
        known = ", ".join(sorted(modules)) or "(none)"
        raise UnknownEngine(f"no rules engine for {game_id!r}; games with an engine: {known}")
    try:
        return importlib.import_module(modules[game_id])
    except ImportError as exc:
        raise UnknownEngine(f"the engine of {game_id!r} ({modules[game_id]}) cannot be imported: {exc}"
                            + _path_hint(modules[game_id], exc)) from None
    except Exception as exc:  # the engine's own code failed as it ran (audit s26: a traceback)
        fault = import_fault(game_id, exc)
        if fault is None:
            raise
        raise EngineBroken(fault.file, fault.line, f"the {game_id} engine cannot be imported: {fault.words}"
                           ) from None


def _path_hint(module: str, exc: ImportError) -> str:
    """What to do when the registered package itself was not found: its folder is not on the path
    (an installed `deckwright` does not look in the working folder)."""
    if not isinstance(exc, ModuleNotFoundError) or exc.name != module.partition(".")[0]:
        return ""  # the package was found; something it imports was not
    return f" (put the folder holding {exc.name} on PYTHONPATH, or check {ENGINES_ENV})"


def cli_module(game_id: str) -> str | None:
    """The module holding the game's calculator group (`<engine module>.cli`), if there is one.
    The engine is imported first, so that one which fails to is an EngineBroken saying where."""
    game_module(game_id)
    name = f"{engine_modules()[game_id]}.cli"
    try:
        return name if importlib.util.find_spec(name) is not None else None
    except ModuleNotFoundError:
        return None


def engine_class(game_id: str) -> type[Engine]:
    """The Engine subclass a game's module exports as `ENGINE`; a registered module without one
    is an UnknownEngine naming what to register (audit s26: the README's `my_pkg.engine` example
    crashed lint, sim and play with an AttributeError)."""
    module = game_module(game_id)
    engine: type[Engine] | None = getattr(module, "ENGINE", None)
    if engine is None:
        raise UnknownEngine(no_engine_message(game_id, module.__name__))
    return engine


def no_engine_message(game_id: str, module: str) -> str:
    """Why a registered module is not an engine, and what to register instead."""
    package = module.rpartition(".")[0]
    register = f'{ENGINES_ENV}="{game_id}={package}"' if package else f"{ENGINES_ENV}={game_id}=PACKAGE"
    return (f"{module} has no ENGINE: register the package whose __init__.py exports it, "
            f"e.g. {register}")


def make_engine(game_id: str, cards_dir: str | None = None) -> Engine:
    """Load the game's database (validated, rule types included) and build its engine."""
    from cards import load_game

    return build_engine(game_id, load_game(game_id, cards_dir))


# What an engine's constructor raises when a rules value has the wrong shape
# (`range(1, 'ten' + 1)`, a missing parameter through `rules.name`, a zero divisor...).
_RULES_VALUE_ERRORS = (TypeError, ValueError, LookupError, AttributeError, ArithmeticError)


def build_engine(game_id: str, db: Any) -> Engine:
    """The game's engine over a loaded database; rules it cannot use raise RulesValueError."""
    cls = engine_class(game_id)
    try:
        return cls(db)
    except CompanionError:
        raise
    except _RULES_VALUE_ERRORS as exc:
        raise RulesValueError(
            f"the {game_id} engine cannot use the rules parameters of {db.folder / 'game.yaml'}: "
            f"{type(exc).__name__}: {exc} (declare each parameter's type under `rule_types:` "
            "so `deckwright lint` locates the bad value)") from None
    except Exception as exc:  # the constructor's own bug, at its line (audit s26: a traceback)
        fault = engine_fault(game_id, exc)
        if fault is None:
            raise
        raise EngineBroken(fault.file, fault.line, f"the {game_id} engine cannot be built: {fault.words}"
                           ) from None
