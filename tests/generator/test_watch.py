"""`deckwright build --watch`: an edit triggers a rebuild; a failing rebuild does not end the watch."""

from __future__ import annotations

import gc
import os
import weakref
from pathlib import Path

from generator.watch import changed_files, snapshot, watch


def _touch(path: Path, text: str, tick: int) -> None:
    path.write_text(text)
    os.utime(path, ns=(tick * 10**9, tick * 10**9))  # distinct times even on coarse clocks


def test_snapshot_sees_nested_files_but_not_hidden_ones(tmp_path):
    (tmp_path / "templates").mkdir()
    _touch(tmp_path / "game.yaml", "a", 1)
    _touch(tmp_path / "templates" / "card.yaml", "b", 1)
    _touch(tmp_path / ".board.pdf.tmp", "c", 1)
    assert sorted(p.name for p in snapshot([tmp_path])) == ["card.yaml", "game.yaml"]


def test_changed_files_lists_added_removed_and_modified(tmp_path):
    a, b, c = tmp_path / "a", tmp_path / "b", tmp_path / "c"
    before = {a: 1, b: 1}
    after = {b: 2, c: 1}
    assert changed_files(before, after) == [a, b, c]


def test_an_edit_triggers_one_rebuild_with_the_changed_file(tmp_path):
    deck = tmp_path / "deck.yaml"
    _touch(deck, "cards: []", 1)
    builds: list[list[Path]] = []
    ticks = iter(range(3))  # a watch that missed the edit runs out of ticks instead of hanging

    def sleep(_: float) -> None:
        if next(ticks) == 0:
            _touch(deck, "cards: [x]", 2)

    watch([tmp_path], builds.append, on_error=pytest_fail, should_stop=lambda: len(builds) >= 2,
          sleep=sleep)
    assert builds == [[], [deck]]


def test_a_failing_rebuild_is_reported_and_the_watch_goes_on(tmp_path):
    deck = tmp_path / "deck.yaml"
    _touch(deck, "ok", 1)
    errors: list[str] = []
    builds: list[str] = []
    step = {"n": 0}

    def rebuild(changes: list[Path]) -> None:
        if changes and deck.read_text() == "broken":
            raise ValueError("deck.yaml:1: broken")
        builds.append(deck.read_text())

    def sleep(_: float) -> None:
        step["n"] += 1
        _touch(deck, "broken" if step["n"] == 1 else "fixed", step["n"] + 1)

    watch([tmp_path], rebuild, on_error=lambda exc: errors.append(str(exc)),
          should_stop=lambda: step["n"] >= 2, sleep=sleep)
    assert errors == ["deck.yaml:1: broken"]
    assert builds == ["ok", "fixed"]


class _Node:
    pass


def test_between_rebuilds_garbage_is_collected_and_what_survives_is_set_aside(tmp_path):
    """While the designer edits, the last rebuild's cycles are collected (even those that became
    garbage after being set aside), what survives is exempt from the next rebuild's collections,
    and the collector is as it was when the watch ends."""
    deck = tmp_path / "deck.yaml"
    _touch(deck, "a", 1)
    dead: list[weakref.ref[_Node]] = []
    frozen: list[int] = []
    kept: list[_Node] = []

    def rebuild(changes: list[Path]) -> None:
        if changes:
            frozen.append(gc.get_freeze_count())  # what the first build left, set aside
            kept.clear()  # a cycle set aside last time becomes garbage now
        cycle = _Node()
        cycle.self = cycle  # type: ignore[attr-defined]
        dead.append(weakref.ref(cycle))
        kept.append(cycle)

    def sleep(_: float) -> None:
        _touch(deck, "b", 2)

    watch([tmp_path], rebuild, on_error=pytest_fail, should_stop=lambda: bool(frozen), sleep=sleep)
    assert frozen[0] > 0
    assert dead[0]() is None  # collected after the second rebuild, though it had been set aside
    assert gc.get_freeze_count() == 0


def pytest_fail(exc: Exception) -> None:
    raise AssertionError(f"unexpected rebuild error: {exc}")


def test_the_rebuilt_line_cuts_between_names_and_counts_the_rest():
    from generator.watch import rebuilt_line

    names = ["cards-a4.pdf", "player-mat-a4.pdf", "reference-a4.pdf", "rulebook-a4.pdf"]
    line = rebuilt_line(names, 5, 1.14)
    # was: "rebuilt 4 of 5 files in 1.1 s: cards-a4.pdf, player-mat-a4.pdf, reference-a4...."
    assert line == "rebuilt 4 of 5 files in 1.1 s: cards-a4.pdf, player-mat-a4.pdf and 2 more"
    assert len(line) <= 80
    assert rebuilt_line(names[:2], 5, 0.4) == "rebuilt 2 of 5 files in 0.4 s: cards-a4.pdf, player-mat-a4.pdf"
    many = rebuilt_line([f"a-very-long-deck-name-number-{i}-a4.pdf" for i in range(9)], 20, 2.0)
    assert many == "rebuilt 9 of 20 files in 2.0 s: a-very-long-deck-name-number-0-a4.pdf and 8 more"
    assert len(rebuilt_line(["x" * 90 + ".pdf"], 3, 1.0)) <= 80  # a name alone too long is still cut
