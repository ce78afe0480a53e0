"""Work kept between runs in deckwright's own cache folder, for the next `deckwright` process.

Some of what a build works out is costly, depends on no more than a few inputs, and is thrown
away when the process ends: a rulebook's paragraphs broken into lines, a game's odds matrix.
`keep(name, version, value)` stores such a value under `name`, marked with `version` (a hash of
everything the value depends on besides what the caller's own key holds: code, library versions);
`kept(name, version)` reads it back, or None when nothing was kept, it was kept under another
version, or the file is damaged or unreadable. Nothing here is ever needed: a caller that gets
None works the value out as usual.

Values are pickled, so they live only where deckwright alone writes: `kept/` in deckwright's
cache folder (`cards.paths.cache_dir`, created owner-only, like the compiled templates), never in
a game's folder or a kit's. A file is written whole under a temporary name, then renamed. The
folder keeps the files used most recently (`MOST_KEPT`, none unused for `UNUSED_DAYS`).
"""

from __future__ import annotations

import contextlib
import contextvars
import gc
import os
import pickle
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from .paths import cache_dir

_USED: contextvars.ContextVar[bool] = contextvars.ContextVar("deckwright_kept", default=True)


@contextlib.contextmanager
def nothing_kept() -> Iterator[None]:
    """Within the block nothing is read or kept (`deckwright build --no-cache` works all out again)."""
    token = _USED.set(False)
    try:
        yield
    finally:
        _USED.reset(token)


def kept(name: str, version: str) -> Any | None:
    """The value kept under `name` with `version`; None when there is none to be had."""
    if not _USED.get():
        return None
    path = _file(name)
    try:
        with path.open("rb") as file, _collector_off():
            found_version, value = pickle.load(file)  # only deckwright writes this folder (see above)
    except Exception:  # noqa: BLE001 - missing, unreadable or damaged: worked out again
        return None
    if found_version != version:
        return None
    with contextlib.suppress(OSError):
        os.utime(path)  # used: the last to be forgotten (`_forget_unused`)
    return value


def keep(name: str, version: str, value: Any) -> None:
    """Keep `value` under `name` with `version` for the next run (quietly not, when it cannot be)."""
    if not _USED.get():
        return
    path = _file(name)
    temporary = path.with_name(f".{path.name}.{os.getpid()}")
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        with open(os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "wb") as file:
            pickle.dump((version, value), file, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(temporary, path)
    except (OSError, pickle.PicklingError, TypeError, AttributeError):
        pass  # a full or read-only disk: the next run works it out again
    finally:
        with contextlib.suppress(OSError):
            temporary.unlink()  # left only when writing failed or was interrupted
    _forget_unused(path.parent)


MOST_KEPT = 48  # files in `kept/` at most: the most recently used stay
UNUSED_DAYS = 30  # a file not used for this long goes (a card folder since deleted, say)


def _forget_unused(folder: Path) -> None:
    """Remove what has not been used for `UNUSED_DAYS`, and all but the `MOST_KEPT` most recently
    used: each card folder built from keeps its own paragraphs, so without this the folder would
    grow with every folder a designer ever built (and every temporary one a script built)."""
    try:
        with os.scandir(folder) as listing:
            files = [(entry.stat().st_mtime, entry.path) for entry in listing
                     if entry.name.endswith(".pickle") and entry.is_file(follow_symlinks=False)]
    except OSError:
        return
    files.sort(reverse=True)
    oldest = time.time() - UNUSED_DAYS * 86400
    for number, (used, path) in enumerate(files):
        if number >= MOST_KEPT or used < oldest:
            with contextlib.suppress(OSError):
                os.unlink(path)


def kept_file(name: str) -> Path:
    """Where the value kept under `name` lives (tests)."""
    return _file(name)


def _file(name: str) -> Path:
    return cache_dir() / "kept" / f"{name}.pickle"


_SET_ASIDE = [False]  # freeze what is read (`set_aside_what_is_read`)


def set_aside_what_is_read() -> None:
    """From now on, what is read is frozen (`gc.freeze`, with all else alive): for a process that
    ends after one command (`deckwright`), where kept work lives as long as the process. Left in
    the youngest generation, the first allocation after a read would make the collector walk every
    object read (30 ms for a 7 MB file, measured), and every full collection again later. Not in a
    long-lived caller (tests, `--watch` itself collects and freezes between rebuilds): garbage alive
    at the moment of freezing would never be collected."""
    _SET_ASIDE[0] = True


@contextlib.contextmanager
def _collector_off() -> Iterator[None]:
    """Unpickling makes many objects, none of them garbage: without this, the collector runs
    through everything alive several times meanwhile (a third of reading a rulebook's paragraphs)."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if _SET_ASIDE[0]:
            gc.freeze()
        if was_on:
            gc.enable()
