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
a game's folder or a kit's. A file is written whole under a temporary name, then renamed.
"""

from __future__ import annotations

import contextlib
import contextvars
import gc
import os
import pickle
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
    try:
        with _file(name).open("rb") as file, _collector_off():
            found_version, value = pickle.load(file)  # only deckwright writes this folder (see above)
    except Exception:  # noqa: BLE001 - missing, unreadable or damaged: worked out again
        return None
    return value if found_version == version else None


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
