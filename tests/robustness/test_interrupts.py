"""Atomic kits and clean interrupts (issue 15, section 4), with real processes and real signals.

A rebuild is interrupted (SIGINT, as Ctrl-C sends it) or killed (SIGKILL) while its staging
folder exists: the kit folder then holds the previous kit byte for byte, or, when the signal
came after the swap, the whole new kit; never a mix. `sim --jobs 2` runs in a real pty: Ctrl-C
typed into the terminal, or the parent killed, leaves no worker alive."""

from __future__ import annotations

import math
import os
import pty
import re
import select
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from harness import GameCopy, copy_tinygame, run_cli

from companion.cli.build import KIT_KEPT, KIT_REPLACED

DECKWRIGHT = str(Path(sys.executable).parent / "deckwright")
# Seconds after which a worker is taken to run on for good. How soon they stop is printed (with
# `pytest -s`), not asserted: a time is no test on a loaded 2-core machine (code audit).
OVERDUE = 10.0


PROGRESS = re.compile(rb"\[\d+/\d+\] ")  # a piped build's progress lines on stderr


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file below `folder` (dot files included) by relative path, with its bytes."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def entries(out: Path) -> set[str]:
    """Every name in the output folder and in the kit folder, dot files included."""
    return {str(p.relative_to(out)) for folder in (out, out / "tinygame") if folder.is_dir()
            for p in folder.iterdir()}


def wait_for_writing(out: Path, process: subprocess.Popen[bytes]) -> None:
    """Wait until the build starts writing (a name appears in the output or kit folder: a
    staging folder, a temporary file, whatever the build writes first)."""
    before = entries(out)
    while process.poll() is None:
        if entries(out) != before:
            return
        time.sleep(0.005)
    raise AssertionError("the build ended before it was seen writing")


@pytest.fixture(scope="module")
def built_once(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, bytes], dict[str, bytes]]:
    """The tiny game's kit built once (the previous kit), then its database edited and the new kit
    built aside for reference: (the folder holding the edited game and the previous kit's output
    folder, both snapshots). Built once for the module; each test works on its own copy."""
    root = tmp_path_factory.mktemp("two-kits")
    tiny = copy_tinygame(root / "cards")
    assert tiny.build(root / "out").exit_code == 0
    previous = snapshot(root / "out" / "tinygame")
    tiny.edit("deck.yaml", r"name: Spark,", "name: Sparkle,")
    assert tiny.build(root / "aside").exit_code == 0
    return root, previous, snapshot(root / "aside" / "tinygame")


@pytest.fixture
def two_kits(built_once, tmp_path: Path) -> tuple[GameCopy, Path, dict[str, bytes], dict[str, bytes]]:
    """A copy of the edited tiny game and of the previous kit's output folder (render cache
    included) for one test: (the game, the output folder, the previous and the new kit)."""
    root, previous, new = built_once
    shutil.copytree(root / "cards", tmp_path / "cards")
    shutil.copytree(root / "out", tmp_path / "out")
    assert snapshot(tmp_path / "out" / "tinygame") == previous
    return GameCopy(tmp_path / "cards", "tinygame"), tmp_path / "out", previous, new


def start_build(copy: GameCopy, out: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen([DECKWRIGHT, "--cards", str(copy.root), "build", "tinygame", "--paper", "a4",
                             "--out", str(out)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)


@pytest.mark.parametrize("delay", [0.0, 0.1, 0.2, 0.3])
def test_ctrl_c_during_a_rebuild_keeps_the_previous_kit(two_kits, delay: float) -> None:
    copy, out, previous, new = two_kits
    process = start_build(copy, out)
    wait_for_writing(out, process)
    time.sleep(delay)
    process.send_signal(signal.SIGINT)
    _, stderr = process.communicate(timeout=60)
    stderr = b"".join(line for line in stderr.splitlines(True) if not PROGRESS.match(line))  # "[1/3] ..."
    kit = snapshot(out / "tinygame")
    if stderr.decode() == f"{KIT_KEPT}\n":
        assert (process.returncode, kit == previous) == (130, True)
    elif process.returncode == 130:  # the signal came after the swap: the whole new kit
        assert (stderr.decode(), kit == new) == (f"{KIT_REPLACED}\n", True)
    else:  # the build ended first
        assert (process.returncode, kit == new) == (0, True)
    assert [n for n in os.listdir(out) if n not in ("tinygame", ".cache")] == []  # no temporaries left
    assert not list((out / ".cache").glob("*/.*"))  # not even half-stored cache entries
    assert b"Traceback" not in stderr


def test_sigkill_during_a_rebuild_keeps_the_previous_kit_and_the_next_build_cleans_up(two_kits) -> None:
    copy, out, previous, new = two_kits
    process = start_build(copy, out)
    wait_for_writing(out, process)
    process.kill()
    process.communicate(timeout=60)
    assert snapshot(out / "tinygame") == previous
    assert any(".staging-" in name for name in os.listdir(out))  # what a kill leaves behind
    assert copy.build(out).exit_code == 0
    assert sorted(os.listdir(out)) == [".cache", "tinygame"]  # the render cache is kept, not a temporary
    assert not list((out / ".cache").glob("*/.*"))
    assert snapshot(out / "tinygame") == new


def test_partial_rebuild_keeps_the_components_it_does_not_build(two_kits) -> None:
    copy, out, previous, new = two_kits
    assert copy.build(out, "--only", "cards").exit_code == 0
    kit = snapshot(out / "tinygame")
    assert kit["race-a4.pdf"] == new["race-a4.pdf"] != previous["race-a4.pdf"]
    assert kit["rulebook-a4.pdf"] == previous["rulebook-a4.pdf"]


@pytest.mark.parametrize(("args", "code", "said"), [
    (["build"], 2, "name a game to build, or pass --all"),
    (["build", "tinygame", "--out", "/dev/null"], 2, "/dev/null is not a folder"),
    (["build", "tinygame", "--out", "/proc/x"], 1, "cannot write /proc/x"),
    (["lint", "no-such-game"], 2, "no game 'no-such-game'"),
    (["lint", "tinygame"], 0, "tinygame: ok"),
], ids=["usage", "out-device", "out-proc", "data", "done"])
def test_exit_codes_and_one_line_errors(tiny, args: list[str], code: int, said: str) -> None:
    result = run_cli(["--cards", str(tiny.root), *args])
    assert result.exit_code == code
    assert said in result.output


def worker_pids(parent: int) -> list[int]:
    """The processes whose parent is `parent` (from /proc)."""
    pids = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == parent:
                pids.append(int(entry))
    return pids


def is_running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


class SimOnATerminal:
    """`deckwright sim heartstrings --jobs 2` on a real terminal (a pty), its output drained by a
    thread so the simulation never blocks on a full terminal.

    The session leader owning the terminal is a small waiter, not the simulation: when a session
    leader dies the kernel hangs up its terminal and SIGHUP kills the whole foreground group, which
    would stop the workers even if they did not follow their parent. The waiter stays until the
    test is done and reports the simulation's exit code through a pipe."""

    def __init__(self) -> None:
        status_reader, status_writer = os.pipe()
        pid, terminal = pty.fork()
        if pid == 0:  # the waiter: a session leader whose controlling terminal is the pty
            try:
                os.close(status_reader)
                _run_sim_and_report(status_writer)
            finally:
                os._exit(1)
        os.close(status_writer)
        self.waiter, self.terminal, self.status, self.output = pid, terminal, status_reader, b""
        self.reader = threading.Thread(target=self._drain, daemon=True)
        self.reader.start()
        deadline = time.monotonic() + 60
        self.pid, self.workers = 0, list[int]()
        while len(self.workers) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
            self.pid = next(iter(worker_pids(pid)), 0)
            self.workers = worker_pids(self.pid) if self.pid else []
        assert len(self.workers) >= 2, "the simulation never started its workers"
        time.sleep(0.5)  # let them play

    def _drain(self) -> None:
        while True:
            try:
                chunk = os.read(self.terminal, 4096)
            except OSError:  # the terminal closed
                return
            if not chunk:
                return
            self.output += chunk

    def finish(self) -> int:
        """Wait for the simulation to end; its exit code (the waiter and the terminal are gone
        after). A simulation still there after OVERDUE seconds is killed and fails the test."""
        ready = select.select([self.status], [], [], OVERDUE)[0]
        code = os.read(self.status, 64) if ready else b""
        os.close(self.status)
        if not code:
            os.kill(self.pid, signal.SIGKILL)
        time.sleep(0.1)  # the simulation's last words reach the terminal
        os.kill(self.waiter, signal.SIGKILL)
        os.waitpid(self.waiter, 0)
        self.reader.join(OVERDUE)
        os.close(self.terminal)
        assert code, f"the simulation hung after its workers stopped: {self.output[-500:]!r}"
        return int(code)


def _run_sim_and_report(status_writer: int) -> None:
    """In the waiter: run the simulation as a child, write its exit code to the pipe, and wait to
    be killed (Ctrl-C typed into the terminal reaches the waiter too, and is ignored)."""
    sim = os.fork()
    if sim == 0:
        os.execv(DECKWRIGHT, [DECKWRIGHT, "sim", "heartstrings", "--games", "500000", "--jobs", "2"])
    signal.signal(signal.SIGINT, lambda signum, frame: None)  # not SIG_IGN: the exec'd sim keeps that
    _, status = os.waitpid(sim, 0)
    os.write(status_writer, str(os.waitstatus_to_exitcode(status)).encode())
    while True:
        time.sleep(60)


def seconds_until_gone(workers: list[int], since: float) -> float:
    """Seconds from `since` until none of `workers` runs, polled every few milliseconds (and
    given up, as infinity, after OVERDUE seconds)."""
    while any(is_running(pid) for pid in workers):
        if time.monotonic() - since > OVERDUE:
            return math.inf
        time.sleep(0.002)
    return time.monotonic() - since


def test_ctrl_c_typed_into_the_terminal_stops_sim_and_its_workers() -> None:
    sim = SimOnATerminal()
    sent = time.monotonic()  # the terminal delivers SIGINT to the foreground group after this
    os.write(sim.terminal, b"\x03")
    stopped = seconds_until_gone(sim.workers, sent)
    print(f"workers gone {stopped:.3f} s after Ctrl-C")  # shown with pytest -s
    assert sim.finish() == 130
    assert sim.output.rstrip().endswith(b"interrupted") and b"Traceback" not in sim.output
    assert stopped < math.inf, f"workers {sim.workers} still ran {OVERDUE:g} s after Ctrl-C"


@pytest.mark.parametrize(("signum", "code"), [(signal.SIGINT, 130), (signal.SIGTERM, -signal.SIGTERM),
                                              (signal.SIGKILL, -signal.SIGKILL)],
                         ids=["interrupt", "terminate", "kill"])
def test_a_signal_to_the_sim_parent_alone_stops_its_workers(signum: int, code: int) -> None:
    sim = SimOnATerminal()
    sent = time.monotonic()  # os.kill returns once the signal is delivered
    os.kill(sim.pid, signum)
    stopped = seconds_until_gone(sim.workers, sent)
    print(f"workers gone {stopped:.3f} s after {signal.Signals(signum).name}")  # shown with pytest -s
    assert sim.finish() == code
    assert b"Traceback" not in sim.output
    assert stopped < math.inf, f"workers {sim.workers} still ran {OVERDUE:g} s after {signum!r}"
