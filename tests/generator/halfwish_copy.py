"""A writable copy of Halfwish's card folder (the `halfwish` fixture of this folder's conftest),
edited in place, and its cards' content stamps read from the manifest."""

from __future__ import annotations

import shutil
from pathlib import Path

from cards import load_game
from generator.manifest import build_manifest


def copy_halfwish(tmp_path: Path) -> Path:
    """Halfwish's card folder copied alone into its own database root, which is returned."""
    root = tmp_path / "cards"
    shutil.copytree(load_game("halfwish").folder, root / "halfwish")
    return root


def edit(root: Path, file: str, old: str, new: str) -> None:
    """Replace the first `old` (which must be there) by `new` in the copy's `file`."""
    path = root / "halfwish" / file
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def stamps(root: Path) -> dict[str, str]:
    """Every card's content stamp, by id, as the manifest records it."""
    return {c["id"]: c["stamp"] for c in build_manifest(load_game("halfwish", root))["cards"]}
