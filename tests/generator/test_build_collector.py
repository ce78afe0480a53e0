"""A build runs with the garbage collector off (issue 13: each collection during a build walks all
it holds, 80-160 ms of a 0.9 s Halfwish build in-process) and leaves it as it found it."""

from __future__ import annotations

import gc
import weakref

from companion.cli import build as build_command
from companion.cli import cli
from companion.cli.common import collector_paused


class _Node:
    pass


def test_a_build_runs_with_the_collector_off_and_turns_it_back_on(runner, tmp_path, monkeypatch):
    seen: list[bool] = []
    real_build = build_command._build

    def watched_build(*args, **kwargs):
        seen.append(gc.isenabled())
        return real_build(*args, **kwargs)

    monkeypatch.setattr(build_command, "_build", watched_build)
    assert gc.isenabled()
    result = runner.invoke(cli, ["build", "heartstrings", "--paper", "a4", "--only", "tokens", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert seen == [False]
    assert gc.isenabled()


def test_outside_the_deckwright_process_what_the_build_made_stays_collectable():
    """Only the `deckwright` process, which ends with its command, sets what a build made aside:
    in a test or `--watch`'s caller a cycle made during the build is collected afterwards."""
    frozen = gc.get_freeze_count()
    with collector_paused():
        assert not gc.isenabled()
        cycle = _Node()
        cycle.self = cycle  # type: ignore[attr-defined]
        dead = weakref.ref(cycle)
        del cycle
    assert gc.isenabled()
    assert gc.get_freeze_count() == frozen
    gc.collect()
    assert dead() is None


def test_a_collector_already_off_stays_off():
    gc.disable()
    try:
        with collector_paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()
