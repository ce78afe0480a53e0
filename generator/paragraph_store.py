"""The paragraphs a build parsed and broke into lines, kept on disk for the next build.

`generator.paragraphs` keeps that work for the life of one process: it is what makes a rebuild
in `build --watch` quick. A new `deckwright build` process starts again from nothing, and for
Halfwish's rulebook that is a third of rebuilding it after a one-card edit. So, with the render
cache on, a build starts from what the last build of the same games kept (`kept_paragraphs`),
and afterwards keeps what it used, when it had to make anything new. The memo's entries are
keyed by what they depend on (a paragraph's text, its style's content, the width), so an entry
kept from an older text is simply not asked for, and the pages are the very ones drawn without
it (a test compares the bytes with a `--no-cache` build).

The file is a pickle (reportlab's fragments and lines as they are), so it is kept where only
deckwright writes: `paragraphs/` in deckwright's own cache folder (`cards.paths.cache_dir`,
owner-only, like the compiled templates), never in a game's folder or the kit's. It records what
line breaking depends on besides the key (Python, reportlab and its settings, this code, the
fonts registered and the shipped font files); a file made under anything else, or damaged,
is passed over.
"""

from __future__ import annotations

import contextlib
import gc
import hashlib
import os
import pickle
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import reportlab
from reportlab import rl_config
from reportlab.pdfbase import pdfmetrics

from cards.paths import cache_dir

from . import paragraphs
from .fonts import FACES, FONT_DIR

_FORMAT = 1
_RESTORED: set[Path] = set()  # files read by this process (a `--watch` session reads its file once)


@contextlib.contextmanager
def kept_paragraphs(games: Sequence[str], root: Path) -> Iterator[None]:
    """Start from the paragraphs the last build of `games` (from the card folder `root`) kept;
    when the block ends without an error, keep those it used, if it made any new ones."""
    path = stored_file(games, root)

    def restore() -> None:  # when the build first makes a paragraph: most rebuilds never do
        if path not in _RESTORED:
            _RESTORED.add(path)
            _restore(path, _fingerprint())
    paragraphs.before_first_paragraph(restore)
    try:
        with paragraphs.recording() as used:
            yield
    finally:
        paragraphs.before_first_paragraph(None)
    if used.made:
        _keep(path, _fingerprint(), used)


def _name(games: Sequence[str], root: Path) -> str:
    return hashlib.sha256("\0".join([str(root), *sorted(games)]).encode()).hexdigest()[:24]


def _fingerprint() -> str:
    """What line breaking depends on besides a memo entry's key."""
    fonts: list[Any] = sorted((name, type(font).__name__) for name, font in pdfmetrics._fonts.items())
    for file in sorted(FACES.values()):  # the shipped faces' files, by their size and time (not read)
        try:
            found = os.stat(FONT_DIR / file)
            fonts.append((file, found.st_size, found.st_mtime_ns))
        except OSError:
            fonts.append((file, None))
    settings = sorted((key, value) for key, value in vars(rl_config).items()
                      if not key.startswith("_") and isinstance(value, (bool, int, float, str, type(None))))
    parts = [_FORMAT, sys.version, reportlab.Version, Path(paragraphs.__file__).read_bytes(), fonts, settings]
    return hashlib.sha256(repr(parts).encode()).hexdigest()


def _restore(path: Path, fingerprint: str) -> None:
    try:
        with path.open("rb") as file, _collector_off():
            kept = pickle.load(file)  # only deckwright writes this folder (see above)
        found, parsed, wrapped = kept
    except Exception:  # noqa: BLE001 - missing, unreadable or damaged: start from nothing
        return
    if found != fingerprint:
        return
    paragraphs.take(parsed, wrapped)


@contextlib.contextmanager
def _collector_off() -> Iterator[None]:
    """Unpickling makes some 100,000 objects, none of them garbage: without this, the collector
    runs through everything alive several times meanwhile (a third of the time, measured)."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def _keep(path: Path, fingerprint: str, used: paragraphs.Record) -> None:
    parsed, wrapped = paragraphs.entries(used)
    temporary = path.with_name(f".{path.name}.{os.getpid()}")
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        with open(os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "wb") as file:
            pickle.dump((fingerprint, parsed, wrapped), file, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(temporary, path)
    except (OSError, pickle.PicklingError, TypeError, AttributeError):
        pass  # a full or read-only disk: the next build starts from nothing
    finally:
        with contextlib.suppress(OSError):
            temporary.unlink()  # left only when writing it failed or was interrupted


def stored_file(games: Sequence[str], root: Path) -> Path:
    """Where the paragraphs of a build of `games` from `root` are kept (tests)."""
    return cache_dir() / "paragraphs" / f"{_name(games, root)}.pickle"


def forget_restored() -> None:
    """Let this process read the kept files again (tests: a new process, in effect)."""
    _RESTORED.clear()

