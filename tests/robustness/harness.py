"""Robustness helpers: broken copies of the shipped games, and a budget every command runs under.

Each broken database is generated here from the shipped one (a line edited, a file added), so
the fixtures follow the games as they change. `run_cli` runs one command in-process under a
budget (2 s of CPU, 30 s of wall clock for anything that would block, 500 MB of memory
measured with `resource`) and checks that no traceback reached the user.
"""

from __future__ import annotations

import contextlib
import re
import resource
import shutil
import signal
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from click.testing import CliRunner, Result

from cards.paths import DEFAULT_CARDS, TEMPLATES

CPU_SECONDS = 2.0
BLOCKED_SECONDS = 30.0
MEMORY_MB = 500


class BudgetExceeded(Exception):
    """A command used more than its budget of CPU time or blocked for too long."""


@contextlib.contextmanager
def budget(cpu: float = CPU_SECONDS, wall: float = BLOCKED_SECONDS) -> Iterator[None]:
    """Interrupt the block after `cpu` seconds of CPU (load on the machine does not count) or
    `wall` seconds of waiting (a read that blocks), then check the peak memory of the process."""

    def stop(signum: int, frame: Any) -> None:
        kind = "CPU" if signum == signal.SIGPROF else "waiting"
        raise BudgetExceeded(f"over the budget of {cpu if kind == 'CPU' else wall} s of {kind}")

    old_prof, old_alarm = signal.signal(signal.SIGPROF, stop), signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_PROF, cpu)
    signal.setitimer(signal.ITIMER_REAL, wall)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGPROF, old_prof)
        signal.signal(signal.SIGALRM, old_alarm)
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # kB on Linux
    assert peak_mb < MEMORY_MB, f"peak memory {peak_mb:.0f} MB"


def run_cli(args: list[str], cpu: float = CPU_SECONDS) -> Result:
    """Run `deckwright ARGS` in-process under the budget; no traceback may reach the user."""
    from companion.cli import cli

    with budget(cpu):
        result = CliRunner().invoke(cli, args, catch_exceptions=True)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"deckwright {' '.join(args)} raised {result.exception!r}") from result.exception
    assert "Traceback" not in result.output
    return result


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

    def lint(self) -> Result:
        return run_cli(["--cards", str(self.root), "lint", self.game])

    def refused(self) -> Result:
        """Lint exits 1 and a build writes nothing (both within the budget); the lint result."""
        result = self.lint()
        assert result.exit_code == 1, result.output
        out = self.root.parent / "out-refused"
        built = run_cli(["--cards", str(self.root), "build", self.game, "--paper", "a4", "--out", str(out)])
        assert built.exit_code == 1, built.output
        assert written_files(out) == []
        return result

    def build(self, out: Path, *extra: str) -> Result:
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
