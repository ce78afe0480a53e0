"""What `deckwright games` lists, remembered between runs so the list answers at once.

Loading a game validates every YAML file through the schema (pydantic), which costs far more
than the listing is worth. Each game's row is kept in a small JSON index in the user's cache
folder (`$DECKWRIGHT_CACHE` names another folder), keyed by the name, size and modification
time of every file in the game's folder: an edited, added or removed file reloads that game.
The index is a cache only: when it cannot be read or written the games are loaded as before.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cards.paths import cache_dir

INDEX_NAME = "games-index.json"
INDEX_VERSION = 1


def folder_key(folder: Path) -> str:
    """A hash of every file's path, size and modification time below `folder`."""
    digest = hashlib.sha256()
    for path in sorted(folder.rglob("*")):
        if "__pycache__" in path.parts or not path.is_file():
            continue
        info = path.stat()
        digest.update(f"{path.relative_to(folder)}\0{info.st_size}\0{info.st_mtime_ns}\n".encode())
    return digest.hexdigest()


class GameIndex:
    """The remembered rows, read once; `save` writes them back only when one changed."""

    def __init__(self, path: Path | None = None):
        self.path = path or cache_dir() / INDEX_NAME
        self.entries = self._read()
        self.changed = False

    def _read(self) -> dict[str, Any]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        ok = isinstance(data, dict) and data.get("version") == INDEX_VERSION and isinstance(data.get("games"), dict)
        return data["games"] if ok else {}

    def row(self, folder: Path, load: Callable[[], dict[str, Any]]) -> dict[str, Any]:
        """The game's row from the index while its files are unchanged, else `load()` (remembered)."""
        where, key = str(folder.resolve()), folder_key(folder)
        entry = self.entries.get(where)
        if isinstance(entry, dict) and entry.get("key") == key and isinstance(entry.get("row"), dict):
            return dict(entry["row"])
        row = load()
        self.entries[where] = {"key": key, "row": row}
        self.changed = True
        return row

    def save(self) -> None:
        """Write the index (whole or not at all); a cache that cannot be written is skipped."""
        if not self.changed:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            temporary = self.path.with_name(f".{self.path.name}.{os.getpid()}.tmp")
            temporary.write_text(json.dumps({"version": INDEX_VERSION, "games": self.entries}), encoding="utf-8")
            os.replace(temporary, self.path)
        except OSError:
            return
