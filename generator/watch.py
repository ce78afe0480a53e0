"""`--watch`: rebuild when a file of the game's database or templates changes.

Polls modification times (no extra dependency, works on every platform). A rebuild that
fails is reported and the watch goes on, so a half-typed edit never ends the session.

Between rebuilds, while the designer edits, the watch collects the last rebuild's garbage and
sets what the process keeps (modules, fitted texts, parsed and broken paragraphs) aside from the
garbage collector (`settle`). Otherwise a full collection over all of it lands in a rebuild every
few edits: 50-80 ms of a Halfwish rebuild that lays out about 400 ms.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable, Iterable
from pathlib import Path

from cards.wording import plural

Snapshot = dict[Path, int]
POLL_SECONDS = 0.5


def snapshot(folders: Iterable[Path]) -> Snapshot:
    """The modification time (ns) of every file below `folders`, hidden files left out."""
    found: Snapshot = {}
    for folder in folders:
        if not folder.is_dir():
            continue
        for path in folder.rglob("*"):
            if path.is_file() and not any(part.startswith(".") for part in path.relative_to(folder).parts):
                found[path] = path.stat().st_mtime_ns
    return found


def changed_files(before: Snapshot, after: Snapshot) -> list[Path]:
    """Files added, removed or modified between two snapshots, sorted."""
    return sorted(p for p in before.keys() | after.keys() if before.get(p) != after.get(p))


def watch(folders: list[Path], rebuild: Callable[[list[Path]], None],
          on_error: Callable[[Exception], None], should_stop: Callable[[], bool] = lambda: False,
          sleep: Callable[[float], None] = time.sleep, interval: float = POLL_SECONDS) -> None:
    """Build once, then rebuild with the changed files each time something under `folders` changes."""
    try:
        _attempt(rebuild, [], on_error)
        settle()
        seen = snapshot(folders)
        while not should_stop():
            sleep(interval)
            now = snapshot(folders)
            changes = changed_files(seen, now)
            if changes:
                seen = now
                _attempt(rebuild, changes, on_error)
                settle()
    finally:
        gc.unfreeze()


def settle() -> None:
    """Collect what the last rebuild left, then exempt what survives from later collections (the
    next rebuild's collections scan only what that rebuild makes). What was set aside before is
    collected again each time, so nothing it drops stays in memory for the rest of the watch."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()


def rebuilt_line(drawn: list[str], written: int, seconds: float, width: int = 80) -> str:
    """`rebuilt 4 of 5 files in 1.4 s: cards-a4.pdf, player-mat-a4.pdf and 2 more`: as many whole
    names as fit in `width` columns, the rest counted (a name too long alone is cut)."""
    line = f"rebuilt {len(drawn)} of {plural(written, 'file')} in {seconds:.1f} s"
    for shown in range(len(drawn), 0, -1):
        rest = len(drawn) - shown
        text = f"{line}: {', '.join(drawn[:shown])}" + (f" and {rest} more" if rest else "")
        if len(text) <= width:
            return text
    if not drawn:
        return line
    text = f"{line}: {', '.join(drawn)}"
    return text[:width - 3] + "..."


def _attempt(rebuild: Callable[[list[Path]], None], changes: list[Path],
             on_error: Callable[[Exception], None]) -> None:
    try:
        rebuild(changes)
    except Exception as exc:  # noqa: BLE001 - any failure is reported; the watch continues
        on_error(exc)
