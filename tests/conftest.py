"""Shared fixtures: a CLI runner and a temporary copy of the shipped database."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from cards.paths import DEFAULT_CARDS

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


@pytest.fixture
def cards_copy(tmp_path: Path) -> Path:
    """A writable copy of the shipped card database (YAML folders only)."""
    dest = tmp_path / "cards"
    shutil.copytree(DEFAULT_CARDS, dest, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    return dest
