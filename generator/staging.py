"""Atomic kit folders: build into a staging folder beside the target, then swap it in.

`staged_kits(out_dir, games)` gives one staging folder per game, `.<game>.staging-XXXX` in
`out_dir`, pre-filled with hard links to the previous kit's files (so `--only cards` keeps
the rulebook). Writers replace files (temporary file + rename), so a link is never written
through and the previous kit stays untouched. When every game is built, each staging folder
is exchanged with its target in one `renameat2(RENAME_EXCHANGE)` call and the old kit,
now in the staging folder's place, is removed. On any exception, Ctrl-C included, the staging
folders are removed and the targets were never touched; after a SIGKILL the next build removes
what is left (`remove_stale`).

Two builds into the same folder (two `build --watch`, a Makefile run while one is watching) take
turns: `kit_lock` holds an advisory lock on the output folder for the whole build, so neither
removes the other's staging folder as a leftover, and the second waits for the first.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import shutil
import signal
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

try:
    import fcntl
except ImportError:  # no advisory locks (Windows): builds into one folder must not overlap
    fcntl = None  # type: ignore[assignment]

from .builtfrom import RECORD

STAGING = ".staging-"
RETIRED = ".retired-"
_RENAME_EXCHANGE = 2
_AT_FDCWD = -100


class KitStages:
    """The staging folder of each game of one build, and where its files will end up."""

    def __init__(self, out_dir: Path):
        self.out_dir = out_dir
        self.folders: dict[str, Path] = {}

    def folder(self, game: str) -> Path:
        """The staging folder standing in for `out_dir/<game>` during the build."""
        if game not in self.folders:
            self.folders[game] = _new_stage(self.out_dir, game)
        return self.folders[game]

    def final(self, path: Path) -> Path:
        """Where a file written into a staging folder lives once the kit is swapped in."""
        for game, stage in self.folders.items():
            if path.is_relative_to(stage):
                return self.out_dir / game / path.relative_to(stage)
        return path

    def commit(self) -> None:
        """Swap every staging folder in; each old kit is removed after its swap."""
        for game, stage in self.folders.items():
            _swap_in(stage, self.out_dir / game)

    def discard(self) -> None:
        """Remove every staging folder; the targets were never touched."""
        for stage in self.folders.values():
            shutil.rmtree(stage, ignore_errors=True)


@contextlib.contextmanager
def kit_lock(out_dir: Path, on_wait: Callable[[], None] = lambda: None) -> Iterator[None]:
    """Hold the output folder for one build (created if missing); when another build holds it,
    call `on_wait()` and wait for it to finish. Ctrl-C while waiting stops the wait. The lock goes
    with the process: a killed build never leaves the folder locked."""
    out_dir.mkdir(parents=True, exist_ok=True)
    if fcntl is None:
        yield
        return
    folder = os.open(out_dir, os.O_RDONLY)
    try:
        try:
            fcntl.flock(folder, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            on_wait()
            fcntl.flock(folder, fcntl.LOCK_EX)
        yield
    finally:
        os.close(folder)  # releases the lock


@contextlib.contextmanager
def staged_kits(out_dir: Path) -> Iterator[KitStages]:
    """Stage every game's kit; swap them all in when the block ends, discard them if it raises."""
    out_dir.mkdir(parents=True, exist_ok=True)
    stages = KitStages(out_dir)
    try:
        yield stages
    except BaseException:
        with _sigint_ignored():  # a second Ctrl-C must not leave the cleanup half done
            stages.discard()
        raise
    with _sigint_ignored():
        try:
            stages.commit()
        except BaseException:  # a kit folder that cannot be replaced: no staging folder is left behind
            stages.discard()
            raise


def kit_path(path: Path) -> Path:
    """Where `path`, inside a staging folder, lives once its kit is swapped in (`path` itself
    when it is not in a staging folder): what a message names."""
    parts = path.parts
    for at, part in enumerate(parts):
        game, staging, _ = part.partition(STAGING)
        if staging and game.startswith("."):
            return Path(*parts[:at], game[1:], *parts[at + 1:])
    return path


def remove_stale(out_dir: Path, game: str) -> None:
    """Remove what a killed build of `game` left: staging folders, and a retired kit once the
    target exists again (a retired kit with no target is the previous kit: it is put back)."""
    target = out_dir / game
    for leftover in sorted(out_dir.glob(f".{game}{RETIRED}*")):
        if not target.exists():
            os.rename(leftover, target)
        else:
            shutil.rmtree(leftover, ignore_errors=True)
    for leftover in out_dir.glob(f".{game}{STAGING}*"):
        shutil.rmtree(leftover, ignore_errors=True)


def _new_stage(out_dir: Path, game: str) -> Path:
    remove_stale(out_dir, game)
    stage = Path(tempfile.mkdtemp(prefix=f".{game}{STAGING}", dir=out_dir))
    os.chmod(stage, 0o777 & ~_umask())  # mkdtemp makes 0700; a kit folder is shared like any other
    previous = out_dir / game
    if previous.is_dir():
        _link_tree(previous, stage)
    return stage


def _link_tree(source: Path, dest: Path) -> None:
    """Mirror `source` into `dest` with hard links (copies where links are not possible)."""
    for folder, subfolders, files in os.walk(source):
        here = dest / Path(folder).relative_to(source)
        for name in subfolders:
            (here / name).mkdir(exist_ok=True)
        for name in files:
            if name.startswith(".") and name != RECORD:  # a temporary file of an older, interrupted writer
                continue
            try:
                os.link(Path(folder) / name, here / name)
            except OSError:
                shutil.copy2(Path(folder) / name, here / name)


def _swap_in(stage: Path, target: Path) -> None:
    if not target.exists():
        os.rename(stage, target)
        return
    if _exchange(stage, target):
        shutil.rmtree(stage, ignore_errors=True)  # the stage now holds the old kit
        return
    # no atomic exchange on this system: retire the old kit first; a kill between the two
    # renames leaves it retired, and the next build puts it back
    retired = stage.with_name(stage.name.replace(STAGING, RETIRED))
    os.rename(target, retired)
    try:
        os.rename(stage, target)
    except OSError:
        os.rename(retired, target)  # the previous kit back in its place
        raise
    shutil.rmtree(retired, ignore_errors=True)


def _exchange(first: Path, second: Path) -> bool:
    """Swap two paths atomically (Linux renameat2 RENAME_EXCHANGE); False when unsupported."""
    # The process's own symbols, libc's among them: `ctypes.util.find_library("c")` would import
    # subprocess and run `ldconfig -p` on every build for the same library (issue 13).
    try:
        libc = ctypes.CDLL(None, use_errno=True)
    except (OSError, TypeError):  # no such handle on this system (Windows)
        return False
    renameat2 = getattr(libc, "renameat2", None)
    if renameat2 is None:
        return False
    result = renameat2(_AT_FDCWD, os.fsencode(first), _AT_FDCWD, os.fsencode(second), _RENAME_EXCHANGE)
    return bool(result == 0)


@contextlib.contextmanager
def _sigint_ignored() -> Iterator[None]:
    try:
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:  # not the main thread: signals cannot be changed, nor delivered here
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def _umask() -> int:
    current = os.umask(0o022)
    os.umask(current)
    return current
