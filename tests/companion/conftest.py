"""Companion fixtures: every test gets its own sessions file; the toy engine is registered on demand."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.engine.registry import ENGINES_ENV, make_engine

HERE = Path(__file__).parent
TOY_CARDS = HERE / "toycards"
TOY_ENGINE = "toy-race=toygame"
FIRST_CATCH = HERE.parent / "fixtures" / "firstengine"   # docs/ENGINES.md's example game
FIRST_CATCH_ENGINE = "first-catch=first_catch"


@pytest.fixture(autouse=True)
def sessions_db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh sessions file per test, so no test writes to the user's data folder."""
    path = tmp_path / "sessions.db"
    monkeypatch.setenv("DECKWRIGHT_DB", str(path))
    return path


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Path:
    """Register Toy Race (tests/companion/toygame.py) and point --cards at its database."""
    monkeypatch.syspath_prepend(str(HERE))
    monkeypatch.setenv(ENGINES_ENV, TOY_ENGINE)
    monkeypatch.setenv("DECKWRIGHT_CARDS", str(TOY_CARDS))
    return TOY_CARDS


@pytest.fixture
def toy_engine(toy: Path):
    """A Toy Race engine over its test database."""
    return make_engine("toy-race", str(toy))


@pytest.fixture
def first_catch(monkeypatch: pytest.MonkeyPatch) -> Path:
    """Register First Catch as docs/ENGINES.md does and point --cards at its card folder."""
    monkeypatch.syspath_prepend(str(FIRST_CATCH))
    monkeypatch.setenv(ENGINES_ENV, FIRST_CATCH_ENGINE)
    monkeypatch.setenv("DECKWRIGHT_CARDS", str(FIRST_CATCH / "cards"))
    return FIRST_CATCH / "cards"
