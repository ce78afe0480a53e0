"""A game's rulebook hook runs once per database version: a kit asks for it on every rulebook
and reference side, and Halfwish's hook alone costs about a third of a second."""

from __future__ import annotations

import importlib.machinery
import sys
import types

import pytest

from cards import load_game
from generator.rulebook import game_rulebook_context


@pytest.fixture
def counting_hook(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """A game package `zz_cached_game` whose hook records the version of every call."""
    calls: list[str] = []
    name = "companion.games.zz_cached_game"
    module = types.ModuleType(name)
    module.__spec__ = importlib.machinery.ModuleSpec(name, None)

    def rulebook_context(db):
        calls.append(db.version)
        return {"odds": f"for {db.version}"}

    module.rulebook_context = rulebook_context
    monkeypatch.setitem(sys.modules, name, module)
    monkeypatch.setenv("DECKWRIGHT_ENGINES", f"zz-cached-game={name}")  # found through the registry
    return calls


def _db(folder: str, version: str) -> types.SimpleNamespace:
    return types.SimpleNamespace(id="zz-cached-game", folder=folder, version=version)


def test_hook_runs_once_per_database_version(counting_hook: list[str]) -> None:
    first = game_rulebook_context(_db("/games/zz", "v1"))
    again = game_rulebook_context(_db("/games/zz", "v1"))
    assert first == again == {"odds": "for v1"}
    assert counting_hook == ["v1"]


def test_an_edited_database_runs_the_hook_again(counting_hook: list[str]) -> None:
    game_rulebook_context(_db("/games/zz2", "v1"))
    assert game_rulebook_context(_db("/games/zz2", "v2")) == {"odds": "for v2"}
    assert game_rulebook_context(_db("/elsewhere/zz2", "v2")) == {"odds": "for v2"}
    assert counting_hook == ["v1", "v2", "v2"]


def test_a_caller_changing_its_context_does_not_change_the_next_one(counting_hook: list[str]) -> None:
    game_rulebook_context(_db("/games/zz3", "v1"))["odds"] = "scribbled"
    assert game_rulebook_context(_db("/games/zz3", "v1")) == {"odds": "for v1"}


def test_halfwish_context_is_the_same_from_the_cache() -> None:
    db = load_game("halfwish")
    assert game_rulebook_context(db) == game_rulebook_context(load_game("halfwish"))
