"""Shared fixtures: a CLI runner and a temporary copy of the shipped database."""

from __future__ import annotations

import shutil
import signal
from collections.abc import Iterator
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


@pytest.fixture(autouse=True)
def _own_user_config(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Builds read the user's print settings: every test gets its own (absent) user config file."""
    monkeypatch.setenv("DECKWRIGHT_CONFIG", str(tmp_path_factory.mktemp("userconfig") / "config.yaml"))


@pytest.fixture(autouse=True)
def _own_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """`deckwright games` keeps an index in the user's cache folder: every test gets its own."""
    monkeypatch.setenv("DECKWRIGHT_CACHE", str(tmp_path_factory.mktemp("cache")))


@pytest.fixture(autouse=True, scope="session")
def _ctrl_c_as_at_a_terminal() -> Iterator[None]:
    """A suite started in the background (`nohup`, `&` in a script, some CI runners) inherits an
    ignored Ctrl-C, and so would every process it starts; the interrupt tests press Ctrl-C as a
    user at a terminal does, so the suite runs with Python's usual handler."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)
