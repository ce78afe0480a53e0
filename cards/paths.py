"""Where the card database and templates live."""

from __future__ import annotations

import os
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_CARDS = Path(__file__).resolve().parent
TEMPLATES = REPO_ROOT / "templates"
ENV_VAR = "DECKWRIGHT_CARDS"


def cards_root(override: str | os.PathLike[str] | None = None) -> Path:
    """The database root: `--cards DIR`, else `$DECKWRIGHT_CARDS`, else the shipped `cards/`."""
    chosen = override or os.environ.get(ENV_VAR)
    return Path(chosen).expanduser().resolve() if chosen else DEFAULT_CARDS


def game_ids(root: Path) -> list[str]:
    """Every folder under `root` that holds a `game.yaml`, sorted."""
    if not root.is_dir():
        return []
    return sorted(p.name for p in root.iterdir() if (p / "game.yaml").is_file())


def template_dirs(root: Path, game_id: str) -> list[Path]:
    """Template search path for a game: its own folder's `templates/`, then `templates/<game>/`,
    then `templates/common/`."""
    dirs = [root / game_id / "templates", TEMPLATES / game_id, TEMPLATES / "common"]
    return [d for d in dirs if d.is_dir()]
