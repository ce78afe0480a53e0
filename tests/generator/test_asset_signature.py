"""Issue 13 part 1, the cache's key: a game's fonts, layouts and templates are read and hashed
only when one of them changed size, time or place (`generator.fingerprints.assets_signature`);
files that kept all three are known by the hash the last build found."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

import generator.cache
from cards import load_game
from generator.build import kit_jobs
from generator.cache import RenderCache
from generator.fingerprints import asset_files, assets_fingerprint


def _age(folder: Path, seconds: float) -> None:
    """Give every file under `folder` a modification time `seconds` ago."""
    then = time.time() - seconds
    for path in folder.rglob("*"):
        if path.is_file():
            os.utime(path, (then, then))


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The games whose asset files the render cache read and hashed, in order."""
    read: list[str] = []

    def counted(db, files=None):
        read.append(db.id)
        return assets_fingerprint(db, files)
    monkeypatch.setattr(generator.cache, "assets_fingerprint", counted)
    return read


def _key(cards: Path, cache_folder: Path) -> str:
    """The card file's key, as a new build finds it; the cache then stores what it learnt (`prune`)."""
    db = load_game("halfwish", cards)
    cache = RenderCache(cache_folder)
    key = cache.key(db, next(kit_jobs(db, "a4", cache_folder.parent, ("cards",))))
    cache.prune()
    return key


def test_files_that_kept_size_and_time_are_not_read_again(cards_copy, tmp_path, reads):
    _age(cards_copy, 3600)
    first = _key(cards_copy, tmp_path / ".cache")
    assert reads == ["halfwish"]
    assert _key(cards_copy, tmp_path / ".cache") == first
    assert reads == ["halfwish"], "the second build knew every file by its signature"


def test_a_changed_file_is_read_again_and_changes_the_key(cards_copy, tmp_path, reads):
    own = cards_copy / "halfwish" / "templates"
    own.mkdir()
    layout = own / "card-back.yaml"
    layout.write_text("elements: []\n")
    _age(cards_copy, 3600)
    first = _key(cards_copy, tmp_path / ".cache")
    # an edit saved long enough ago to be trusted: a new time (and a drawing: the card file's key is
    # what its cards draw, so a space added to a layout would rightly leave it as it was)
    layout.write_text('elements: [{id: dot, type: rect, x: 1, y: 1, w: 1, h: 1, fill: "#000000"}]\n')
    _age(own, 1800)
    assert _key(cards_copy, tmp_path / ".cache") != first
    assert reads == ["halfwish", "halfwish"]


def test_a_file_changed_in_the_last_seconds_is_always_read(cards_copy, tmp_path, reads):
    """Its time may not yet tell one save from the next (a file system keeps times to a tick of a
    few milliseconds): nothing is taken from its signature, and nothing is remembered under it."""
    _age(cards_copy, 3600)
    first = _key(cards_copy, tmp_path / ".cache")
    (cards_copy / "halfwish" / "icon.png").write_bytes(b"\x89PNG not yet a picture")
    second = _key(cards_copy, tmp_path / ".cache")
    third = _key(cards_copy, tmp_path / ".cache")
    assert first != second == third
    assert reads == ["halfwish"] * 3


def test_a_file_moved_to_another_name_changes_the_signature(cards_copy, tmp_path, reads):
    """The same bytes under another name are another asset (a layout is named by its file)."""
    (cards_copy / "halfwish" / "a.png").write_bytes(b"\x89PNG art")
    _age(cards_copy, 3600)
    first = _key(cards_copy, tmp_path / ".cache")
    moved = cards_copy / "halfwish" / "b.png"
    (cards_copy / "halfwish" / "a.png").rename(moved)
    assert _key(cards_copy, tmp_path / ".cache") != first
    assert reads == ["halfwish", "halfwish"]


def test_the_files_signed_are_the_files_hashed(cards_copy):
    """The database's own files are neither: each component's inputs read them."""
    db = load_game("halfwish", cards_copy)
    names = {file.name for _, file in asset_files(db)}
    assert "actions.yaml" not in names and "game.yaml" not in names
    assert any(name.endswith(".ttf") for name in names), "the shared fonts are assets"
