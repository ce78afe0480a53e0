"""The paragraphs a build parsed and broke into lines, kept on disk for the next build.

`generator.paragraphs` keeps that work for the life of one process: it is what makes a rebuild
in `build --watch` quick. A new `deckwright build` process starts again from nothing, and for
Halfwish's rulebook that is a third of rebuilding it after a one-card edit. So, with the render
cache on, a build starts from what the last build of the same games kept (`kept_paragraphs`),
and afterwards keeps what it used, when it had to make anything new. The memo's entries are
keyed by what they depend on (a paragraph's text, its style's content, the width), so an entry
kept from an older text is simply not asked for, and the pages are the very ones drawn without
it (a test compares the bytes with a `--no-cache` build).

The entries are kept as they are (reportlab's fragments and lines, and what the lines drew:
`generator.drawreplay`) by `cards.kept`, in deckwright's own cache folder, never in a game's
folder or the kit's, marked with what line breaking and drawing depend on besides an entry's key
(Python, reportlab and its settings, this code, the fonts registered and the shipped font
files); entries kept under anything else, or a damaged file, are passed over.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import reportlab
from reportlab import rl_config
from reportlab.pdfbase import pdfmetrics

from cards.kept import keep, kept, kept_file

from . import drawreplay, pagerecord, paragraphs
from .fonts import FACES, FONT_DIR

# A build that made (or drew anew) fewer entries than this share of those it used leaves the
# kept file as it was: writing it costs a rebuild after a one-card edit a tenth of its time
# (Halfwish: 25 ms for 1.7 MB, where a one-card edit makes 3 to 9 entries of the 1,600 it
# uses), and the next build makes those few again. Edits pile up until their entries pass the
# share, and the file is written.
KEEP_AFTER = 0.02
_FORMAT = 3  # 3: the entries keep what their lines drew (`generator.drawreplay`)
_RESTORED: set[str] = set()  # what this process has read (a `--watch` session reads once)


@contextlib.contextmanager
def kept_paragraphs(games: Sequence[str], root: Path, paper: str = "a4") -> Iterator[None]:
    """Start from the paragraphs the last build of `games` (from the card folder `root`) on
    `paper` (`a4`, `letter` or `both`) kept; when the block ends without an error, keep those it
    used, if it made more than a few new ones (`KEEP_AFTER`). Each paper choice keeps its own:
    lines are broken to a page's width, and an A4 build reading what a build of both papers kept
    read twice what it needed."""
    name = _name(games, root, paper)

    def restore() -> None:  # when the build first makes a paragraph: most rebuilds never do
        if name not in _RESTORED:
            _RESTORED.add(name)
            _restore(name, _fingerprint())
    paragraphs.before_first_paragraph(restore)
    try:
        with paragraphs.recording() as used:
            yield
    finally:
        paragraphs.before_first_paragraph(None)
    if used.made > KEEP_AFTER * (len(used.parsed) + len(used.wrapped)):
        keep(name, _fingerprint(), paragraphs.entries(used))


def _name(games: Sequence[str], root: Path, paper: str) -> str:
    return "paragraphs-" + hashlib.sha256("\0".join([str(root), paper, *sorted(games)]).encode()).hexdigest()[:24]


def _fingerprint() -> str:
    """What line breaking and drawing depend on besides a memo entry's key."""
    fonts: list[Any] = sorted((name, type(font).__name__) for name, font in pdfmetrics._fonts.items())
    for file in sorted(FACES.values()):  # the shipped faces' files, by their size and time (not read)
        try:
            found = os.stat(FONT_DIR / file)
            fonts.append((file, found.st_size, found.st_mtime_ns))
        except OSError:
            fonts.append((file, None))
    settings = sorted((key, value) for key, value in vars(rl_config).items()
                      if not key.startswith("_") and isinstance(value, (bool, int, float, str, type(None))))
    code = [Path(str(module.__file__)).read_bytes() for module in (paragraphs, drawreplay, pagerecord)]
    parts = [_FORMAT, sys.version, reportlab.Version, *code, fonts, settings]
    return hashlib.sha256(repr(parts).encode()).hexdigest()


def _restore(name: str, fingerprint: str) -> None:
    entries = kept(name, fingerprint)
    if entries is not None:  # else none kept (or under another fingerprint): start from nothing
        paragraphs.take(*entries)


def stored_file(games: Sequence[str], root: Path, paper: str = "a4") -> Path:
    """Where the paragraphs of a build of `games` from `root` on `paper` are kept (tests)."""
    return kept_file(_name(games, root, paper))


def forget_restored() -> None:
    """Let this process read the kept paragraphs again (tests: a new process, in effect)."""
    _RESTORED.clear()
