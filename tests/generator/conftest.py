"""Fixtures shared by the generator tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from halfwish_copy import copy_halfwish
from shipped import build_shipped


@pytest.fixture(scope="session")
def shipped_kits(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], list[Path]]:
    """Every shipped game's kit on A4 and Letter, built once: {(game, paper): [pdf, ...]}."""
    return build_shipped(tmp_path_factory.mktemp("shipped"))


@pytest.fixture
def halfwish(tmp_path: Path) -> Path:
    """A writable copy of Halfwish's card folder, alone in its own database root."""
    return copy_halfwish(tmp_path)
