"""Two builds into one output folder take turns (`generator.staging.kit_lock`), with real processes.

Before the lock, a second build (a second `build --watch`, a Makefile run beside a watcher) took
the first one's staging folder for a killed build's leftover and removed it, and the first failed
with "cannot write the kit into OUT: No such file or directory"."""

from __future__ import annotations

import fcntl
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from harness import GameCopy, copy_tinygame

from companion.cli.build import KIT_KEPT

DECKWRIGHT = str(Path(sys.executable).parent / "deckwright")
WAITING = b"waiting for another build into"


@contextmanager
def held(out: Path) -> Iterator[None]:
    """The output folder's lock, as a build in another process holds it."""
    out.mkdir(parents=True, exist_ok=True)
    folder = os.open(out, os.O_RDONLY)
    try:
        fcntl.flock(folder, fcntl.LOCK_EX | fcntl.LOCK_NB)
        yield
    finally:
        os.close(folder)


def start_build(copy: GameCopy, out: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen([DECKWRIGHT, "--cards", str(copy.root), "build", copy.game, "--paper", "a4",
                             "--out", str(out)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def wait_for_message(process: subprocess.Popen[bytes]) -> bytes:
    """Read stderr until the build says it waits; what it printed so far."""
    assert process.stderr is not None
    said = b""
    deadline = time.monotonic() + 60
    while WAITING not in said:
        line = process.stderr.readline()
        assert line and time.monotonic() < deadline, f"the build never waited: {said!r}"
        said += line
    return said


def test_a_build_waits_while_another_holds_the_folder_then_writes_its_kit(tmp_path: Path) -> None:
    tiny = copy_tinygame(tmp_path / "cards")
    out = tmp_path / "out"
    with held(out):
        process = start_build(tiny, out)
        said = wait_for_message(process)
        time.sleep(0.3)
        assert process.poll() is None  # still waiting
        assert os.listdir(out) == []  # no staging folder, nothing written while it waits
    _, rest = process.communicate(timeout=120)
    assert process.returncode == 0, (said + rest).decode()
    assert (out / "tinygame" / "rulebook-a4.pdf").read_bytes().startswith(b"%PDF")
    assert sorted(os.listdir(out)) == [".cache", "tinygame"]


def test_ctrl_c_while_waiting_stops_and_leaves_the_folder_as_it_was(tmp_path: Path) -> None:
    tiny = copy_tinygame(tmp_path / "cards")
    out = tmp_path / "out"
    with held(out):
        process = start_build(tiny, out)
        wait_for_message(process)
        process.send_signal(signal.SIGINT)
        _, rest = process.communicate(timeout=60)
    assert process.returncode == 130
    assert rest.decode().strip().endswith(KIT_KEPT)
    assert b"Traceback" not in rest
    assert os.listdir(out) == []


def test_two_builds_started_together_both_succeed(tmp_path: Path) -> None:
    tiny = copy_tinygame(tmp_path / "cards")
    out = tmp_path / "out"
    first, second = start_build(tiny, out), start_build(tiny, out)
    outcomes = [process.communicate(timeout=120) for process in (first, second)]
    assert [first.returncode, second.returncode] == [0, 0], [err.decode() for _, err in outcomes]
    assert sorted(os.listdir(out)) == [".cache", "tinygame"]
