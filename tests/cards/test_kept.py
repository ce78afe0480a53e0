"""Work kept between runs (`cards.kept`): read back as it was kept, under the same version only,
owner-only in deckwright's cache folder, and never an error when it cannot be had."""

from __future__ import annotations

import os
import stat
from fractions import Fraction

from cards.kept import keep, kept, kept_file
from cards.paths import cache_dir


def test_a_kept_value_comes_back_under_its_version_only():
    value = {("strike", "evade"): Fraction(7, 36), "names": ["Strike", "Evade"]}
    keep("odds-test", "v1", value)
    assert kept("odds-test", "v1") == value
    assert kept("odds-test", "v2") is None  # kept under another version: worked out again
    assert kept("nothing-kept", "v1") is None


def test_the_file_is_owner_only_in_deckwrights_cache_folder():
    keep("odds-test", "v1", [1, 2, 3])
    path = kept_file("odds-test")
    assert path.parent == cache_dir() / "kept"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    assert [p.name for p in path.parent.iterdir()] == [path.name]  # no temporary left


def test_a_damaged_file_or_one_that_cannot_be_written_is_passed_over(monkeypatch, tmp_path):
    keep("odds-test", "v1", list(range(1000)))
    path = kept_file("odds-test")
    path.write_bytes(path.read_bytes()[:100])
    assert kept("odds-test", "v1") is None
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the cache folder should be")
    monkeypatch.setenv("DECKWRIGHT_CACHE", str(blocked))
    keep("odds-test", "v1", [1])  # no error: the next run works it out again
    assert kept("odds-test", "v1") is None
    assert os.path.isfile(blocked)
