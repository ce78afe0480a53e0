"""Robustness helpers: broken copies of the shipped games, and a budget every command runs under.

Each broken database is generated here from the shipped one (a line edited, a file added), so
the fixtures follow the games as they change. `run_cli` runs one command in a forked child of
the test process under a budget: 2 s of CPU (load on the machine does not count), 30 s of wall
clock for anything that would block, and 500 MB of memory for that child alone: its peak
resident size (`resource`) above what it held when it was forked (an address-space limit keeps
a memory bomb from eating the machine). It checks that no traceback reached the user. The code
every command may run is imported once, here, so each forked child starts warm instead of
importing it again.

What the child inherits is not counted: it is the test process's, and it grows with the tests
that ran before (fonts, parsed paragraphs and fitted texts kept per process). Counted, it made
the budget depend on the order of the suite: a few more rulebook tests put the alias bombs'
children over 500 MB, though what the commands themselves used had not changed.
"""

from __future__ import annotations

import importlib
import os
import pickle
import pkgutil
import re
import resource
import select
import shutil
import signal
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from click.testing import CliRunner

import generator
from cards.paths import DEFAULT_CARDS, TEMPLATES
from companion.cli import COMMAND_MODULES
from companion.engine.registry import cli_module, engine_ids, game_module

CPU_SECONDS = 2.0
BLOCKED_SECONDS = 30.0
MEMORY_MB = 500
ADDRESS_SPACE = 3 << 30  # bytes of virtual memory the child may map: a bomb fails fast


def preload() -> None:
    """Import every command, every game's engine and CLI, and the kit generator."""
    modules = [f"companion.cli.{name}" for name in COMMAND_MODULES]
    modules += [f"generator.{info.name}" for info in pkgutil.iter_modules(generator.__path__)]
    for game in engine_ids():
        game_module(game)
        modules += [name for name in [cli_module(game)] if name]
    for name in modules:
        importlib.import_module(name)


preload()


class BudgetExceeded(AssertionError):
    """A command used more than its budget of CPU time, waiting time or memory."""


@dataclass(frozen=True)
class Outcome:
    """What a command did: its exit code, its output (stdout and stderr), its peak memory above
    what it inherited."""

    exit_code: int
    output: str
    peak_mb: float


def run_cli(args: list[str], cpu: float = CPU_SECONDS, wall: float = BLOCKED_SECONDS,
            stdin: str = "") -> Outcome:
    """Run `deckwright ARGS` in a forked child under the budget; no traceback may reach the user."""
    reader, writer = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: run the command, send back what happened, never return to pytest
        os.close(reader)
        _run_child(writer, args, cpu, stdin)
    os.close(writer)
    data, blocked = _read_all(reader, time.monotonic() + wall)
    if blocked:
        os.kill(pid, signal.SIGKILL)
    _, status, usage = os.wait4(pid, 0)
    peak_mb = usage.ru_maxrss / 1024  # kB on Linux; what the child inherited is taken off below
    if blocked:
        raise BudgetExceeded(f"deckwright {' '.join(args)[:200]}: over the budget of {wall} s of waiting")
    if not data:
        raise BudgetExceeded(f"deckwright {' '.join(args)[:200]}: the child died ({status}), "
                             f"peak memory {peak_mb:.0f} MB")
    payload = pickle.loads(data)
    peak_mb -= payload["inherited_kb"] / 1024
    if payload["error"]:
        raise BudgetExceeded(f"deckwright {' '.join(args)[:200]} raised {payload['error']}")
    assert peak_mb < MEMORY_MB, f"deckwright {' '.join(args)[:200]}: peak memory {peak_mb:.0f} MB"
    assert "Traceback" not in payload["output"]
    return Outcome(payload["exit_code"], payload["output"], peak_mb)


def _run_child(writer: int, args: list[str], cpu: float, stdin: str) -> None:
    from companion.cli import cli

    def over_cpu(signum: int, frame: Any) -> None:
        raise BudgetExceeded(f"over the budget of {cpu} s of CPU")

    payload: dict[str, Any] = {"exit_code": -1, "output": "", "error": "", "inherited_kb": _resident_kb()}
    try:
        resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))
        signal.signal(signal.SIGPROF, over_cpu)
        signal.setitimer(signal.ITIMER_PROF, cpu)
        result = CliRunner().invoke(cli, args, input=stdin, catch_exceptions=True)
        signal.setitimer(signal.ITIMER_PROF, 0)
        payload.update(exit_code=result.exit_code, output=result.output)
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            payload["error"] = repr(result.exception)
    except BaseException as exc:  # noqa: BLE001 - whatever happened goes back to the test
        payload["error"] = repr(exc)
    with os.fdopen(writer, "wb") as out:
        out.write(pickle.dumps(payload))
    os._exit(0)


def _resident_kb() -> int:
    """This process's resident size now, in kB (as `ru_maxrss` counts it)."""
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 1024


def _read_all(reader: int, deadline: float) -> tuple[bytes, bool]:
    """Everything the child sends; (data, True) when the deadline passed first."""
    chunks = []
    with os.fdopen(reader, "rb", buffering=0) as stream:
        while True:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([stream], [], [], left)[0]:
                return b"".join(chunks), True
            chunk = stream.read(65536)
            if not chunk:
                return b"".join(chunks), False
            chunks.append(chunk)


@dataclass
class GameCopy:
    """A writable copy of one shipped game: its card folder and its templates."""

    root: Path
    game: str

    @property
    def folder(self) -> Path:
        return self.root / self.game

    def edit(self, file: str, pattern: str, replacement: str) -> int:
        """Replace the one line of `file` matching `pattern`; the 1-based line number edited."""
        path = self.folder / file
        lines = path.read_text().split("\n")
        hits = [i for i, line in enumerate(lines) if re.search(pattern, line)]
        assert len(hits) == 1, f"{pattern!r} matches {len(hits)} lines of {path}"
        lines[hits[0]] = re.sub(pattern, replacement, lines[hits[0]])
        path.write_text("\n".join(lines))
        return hits[0] + 1

    def lint(self) -> Outcome:
        return run_cli(["--cards", str(self.root), "lint", self.game])

    def refused(self) -> Outcome:
        """Lint exits 1 and a build writes nothing (both within the budget); the lint result."""
        result = self.lint()
        assert result.exit_code == 1, result.output
        out = self.root.parent / "out-refused"
        built = run_cli(["--cards", str(self.root), "build", self.game, "--paper", "a4", "--out", str(out)])
        assert built.exit_code == 1, built.output
        assert written_files(out) == []
        return result

    def build(self, out: Path, *extra: str) -> Outcome:
        return run_cli(["--cards", str(self.root), "build", self.game, "--paper", "a4", "--out", str(out),
                        *extra], cpu=60)


def copy_game(root: Path, game: str) -> GameCopy:
    """Copy `cards/<game>/` to `root/<game>/` with the shipped templates in its own `templates/`."""
    shutil.copytree(DEFAULT_CARDS / game, root / game, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(TEMPLATES / game, root / game / "templates", dirs_exist_ok=True)
    return GameCopy(root, game)


def copy_tinygame(root: Path) -> GameCopy:
    """Copy the data-only example game (tests/fixtures/tinygame) to `root/tinygame/`."""
    shutil.copytree(Path(__file__).parent.parent / "fixtures" / "tinygame", root / "tinygame")
    return GameCopy(root, "tinygame")


def written_files(folder: Path) -> list[Path]:
    """Every file below `folder` (none when it does not exist)."""
    return sorted(p for p in folder.rglob("*") if p.is_file()) if folder.exists() else []
