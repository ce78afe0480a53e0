"""Which game ids have a rules engine, found without importing any engine.

A shipped game's engine is the package `companion/games/<id>/` (dashes in the id become
underscores). A designer keeping a game outside the repo can register its engine module too:
`DECKWRIGHT_ENGINES="my-game=my_pkg,..."` (the package exporting `ENGINE`). Listing them reads folder names and the
environment only, so `deckwright --help` and `deckwright games` need no game's code.
"""

from __future__ import annotations

import os
import pkgutil
from pathlib import Path

from . import games as games_pkg

ENGINES_ENV = "DECKWRIGHT_ENGINES"


def module_name(game_id: str) -> str:
    """The package name of a shipped game's engine: dashes become underscores."""
    return game_id.replace("-", "_")


def extra_engines() -> dict[str, str]:
    """Engines registered through `$DECKWRIGHT_ENGINES`: game id -> module path."""
    found = {}
    for item in os.environ.get(ENGINES_ENV, "").split(","):
        game_id, sep, module = item.strip().partition("=")
        if sep and game_id.strip() and module.strip():
            found[game_id.strip()] = module.strip()
    return found


def _shipped() -> dict[str, str]:
    return {m.name.replace("_", "-"): f"{games_pkg.__name__}.{m.name}"
            for m in pkgutil.iter_modules(games_pkg.__path__) if m.ispkg}


def engine_modules() -> dict[str, str]:
    """Every game id with an engine -> the module that exports its `ENGINE`."""
    return {**_shipped(), **extra_engines()}


def engine_ids() -> list[str]:
    """Game ids with an engine package, sorted."""
    return sorted(engine_modules())


def has_engine(game_id: str) -> bool:
    """Is a rules engine registered for this game id?"""
    return game_id in engine_modules()


def has_shipped_cli(game_id: str) -> bool | None:
    """Does a shipped game have a calculator group (`cli.py` beside its engine)? None when the
    game's engine is registered from elsewhere, where only importing it can tell."""
    if game_id in extra_engines() or game_id not in _shipped():
        return None
    return any((Path(folder) / module_name(game_id) / "cli.py").is_file() for folder in games_pkg.__path__)


def engine_sources(game_id: str) -> list[Path]:
    """The Python files of an engine registered through `$DECKWRIGHT_ENGINES`, found without
    importing it: every `.py` of its package (of the package holding it, for a module of one), or
    the module's one file. Empty for a shipped engine (its code is deckwright's) or one not found."""
    module = extra_engines().get(game_id)
    if module is None:
        return []
    found = _module_path(module)
    if found is None:
        return []
    if found.name == "__init__.py" or "." in module:  # a package, or a module inside one
        return sorted(p for p in found.parent.rglob("*.py") if "__pycache__" not in p.parts)
    return [found]


def _module_path(module: str) -> Path | None:
    """The file of a dotted module name (`pkg/__init__.py`, `pkg/sub.py`), searched as the import
    system would on `sys.path`, without importing its packages."""
    import importlib.util

    top, *rest = module.split(".")
    try:
        spec = importlib.util.find_spec(top)
    except (ImportError, ValueError):
        return None
    if spec is None or spec.origin is None or not Path(spec.origin).is_file():
        return None
    path = Path(spec.origin)
    for part in rest:
        folder = path.parent / part
        path = folder / "__init__.py" if (folder / "__init__.py").is_file() else path.parent / f"{part}.py"
        if not path.is_file():
            return None
    return path
