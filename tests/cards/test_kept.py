"""Work kept between runs (`cards.kept`): read back as it was kept, under the same version only,
owner-only in deckwright's cache folder, and never an error when it cannot be had."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import time
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


def test_nothing_is_read_or_kept_within_nothing_kept():
    from cards.kept import nothing_kept

    keep("odds-test", "v1", "kept before")
    with nothing_kept():
        assert kept("odds-test", "v1") is None
        keep("odds-test", "v1", "kept within")
    assert kept("odds-test", "v1") == "kept before"


def test_a_no_cache_build_takes_nothing_from_an_earlier_run(runner, monkeypatch, tmp_path):
    """`build --no-cache` works everything out again: the Halfwish odds too."""
    from companion.cli import cli
    from companion.games import halfwish
    from generator import rulebook

    args = ["build", "halfwish", "--paper", "a4", "--only", "rulebook", "--out", str(tmp_path)]
    assert runner.invoke(cli, args).exit_code == 0
    calls: list[object] = []
    real = halfwish.odds_matrix
    monkeypatch.setattr(halfwish, "odds_matrix", lambda rules, profiles: calls.append(rules) or real(rules, profiles))
    halfwish._ODDS.clear()  # as a new process
    rulebook._HOOK_CONTEXTS.clear()
    assert runner.invoke(cli, [*args, "--no-cache"]).exit_code == 0
    assert len(calls) == 1


def test_what_is_read_is_set_aside_from_the_collector_in_the_deckwright_process(tmp_path):
    # left in the youngest generation, the first allocation after reading would make the collector
    # walk every object read (30 ms for a rulebook's paragraphs), and every full collection again;
    # a caller that lives on (this test process) keeps its collector as it was
    probe = ("import gc, sys; from cards.kept import keep, kept, set_aside_what_is_read;"
             "keep('odds-test', 'v1', [[n] for n in range(20_000)]); gc.collect();"
             "frozen = gc.get_freeze_count();"
             "set_aside_what_is_read() if sys.argv[1] == 'script' else None;"
             "value = kept('odds-test', 'v1'); assert value is not None and len(value) == 20_000;"
             "print(gc.get_freeze_count() - frozen >= 20_000)")
    environment = {**os.environ, "DECKWRIGHT_CACHE": str(tmp_path)}
    said = [subprocess.run([sys.executable, "-c", probe, how], capture_output=True, text=True, check=True,
                           env=environment).stdout.strip() for how in ("script", "caller")]
    assert said == ["True", "False"]


def test_the_folder_keeps_only_what_was_used_lately(monkeypatch):
    """Each card folder built from keeps its own file: without a limit the folder grew with every
    folder ever built (126 files, 79 MB on a bench machine). The most recently used stay; a file
    read is used (a build that changes nothing reads and does not write)."""
    import cards.kept

    monkeypatch.setattr(cards.kept, "MOST_KEPT", 3)
    for number in range(3):
        keep(f"odds-{number}", "v1", [number])
    old = time.time() - 40 * 86400
    os.utime(kept_file("odds-1"), (old, old))  # unused for 40 days
    keep("odds-3", "v1", [3])
    assert not kept_file("odds-1").exists()
    past = time.time() - 3600
    os.utime(kept_file("odds-0"), (past, past))
    assert kept("odds-0", "v1") == [0]  # read just now: used
    for number in (4, 5):
        keep(f"odds-{number}", "v1", [number])
    names = sorted(path.name for path in kept_file("odds-0").parent.iterdir())
    assert names == ["odds-0.pickle", "odds-4.pickle", "odds-5.pickle"], names
