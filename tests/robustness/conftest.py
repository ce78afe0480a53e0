"""Robustness fixtures (the helpers live in `harness.py`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from harness import copy_game, copy_tinygame


@pytest.fixture
def game_copy(tmp_path: Path) -> Any:
    """`game_copy('heartstrings')`: a fresh writable copy of a shipped game under tmp_path/cards."""
    return lambda game: copy_game(tmp_path / "cards", game)


@pytest.fixture
def tiny(tmp_path: Path) -> Any:
    """A writable copy of the data-only example game, Tiny Duel."""
    return copy_tinygame(tmp_path / "cards")


@pytest.fixture(autouse=True)
def sessions_db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh sessions file per test, so no test writes to the user's data folder."""
    path = tmp_path / "sessions.db"
    monkeypatch.setenv("DECKWRIGHT_DB", str(path))
    return path
