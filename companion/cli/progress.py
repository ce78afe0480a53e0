"""Progress of long work (build, sim, balance) on stderr.

On a terminal it is one line, redrawn in place: a carriage return, the text cut to the
terminal's width (a line that wrapped could not be redrawn, and each redraw would leave the
wrapped part behind), then "clear to the end of the line"; when the work is done the line is
erased, so nothing stale stays above the report. Piped or logged (or with NO_COLOR), progress
is whole lines (`lines=True`), or nothing, so output meant for a program stays parseable.
"""

from __future__ import annotations

import os
import shutil
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO

CLEAR_LINE = "\r\033[K"
BAR_WIDTH = 20
REDRAW_EVERY_S = 0.1


def is_live(stream: TextIO) -> bool:
    """Redraw in place only on a terminal, and never with NO_COLOR set."""
    return stream.isatty() and not os.environ.get("NO_COLOR")


class Progress:
    """Counts work done out of `total` and shows it: a live line, whole lines, or nothing."""

    def __init__(self, total: int, label: str, stream: TextIO, lines: bool = False):
        self.total, self.label, self.stream = max(total, 0), label, stream
        self.done, self.item = 0, ""
        self.live, self.lines = is_live(stream), lines
        self._drawn, self._start, self._printed = 0.0, time.monotonic(), 0

    def advance(self, count: int = 1, item: str = "") -> None:
        """`count` more done; `item` names what is being worked on now."""
        self.update(self.done + count, item)

    def update(self, done: int, item: str = "") -> None:
        """Set how much is done (never more than the total)."""
        self.done, self.item = min(max(done, 0), max(self.total, done)), item
        if self.live and (time.monotonic() - self._drawn >= REDRAW_EVERY_S or self.done >= self.total):
            self._draw()
        elif self.lines and not self.live and self.done != self._printed:  # a line per step done
            self._printed = self.done
            self.stream.write(f"{self.label} [{self.done}/{self.total}]" + (f" {item}\n" if item else "\n"))
            self.stream.flush()

    def set_total(self, total: int) -> None:
        """The work grew or shrank (a sweep that learns it needs more games)."""
        self.total = max(total, self.done)

    def text(self, width: int) -> str:
        """`label [#####.....]  12/100  item`, cut to `width` characters."""
        filled = BAR_WIDTH * self.done // self.total if self.total else BAR_WIDTH
        bar = "#" * filled + "." * (BAR_WIDTH - filled)
        text = f"{self.label} [{bar}] {self.done}/{self.total}{self._left()}" + (f"  {self.item}" if self.item else "")
        return text[:max(width, 0)]

    def _left(self) -> str:
        """` ~1:05 left`, from the pace so far, once there is a pace to go by."""
        if not self.done or self.done >= self.total:
            return ""
        seconds = int((time.monotonic() - self._start) * (self.total - self.done) / self.done)
        return f" ~{seconds // 60}:{seconds % 60:02d} left"

    def _draw(self) -> None:
        width = shutil.get_terminal_size((80, 24)).columns - 1  # the last column would wrap on some terminals
        self.stream.write(CLEAR_LINE + self.text(width))
        self.stream.flush()
        self._drawn = time.monotonic()

    def close(self) -> None:
        """Erase the live line (the report follows on a clean line)."""
        if self.live:
            self.stream.write(CLEAR_LINE)
            self.stream.flush()


@contextmanager
def progress(total: int, label: str, stream: TextIO | None = None, lines: bool = False) -> Iterator[Progress]:
    """A Progress on stderr for the `with` block, erased at its end (also on an error or Ctrl-C)."""
    shown = Progress(total, label, stream or sys.stderr, lines)
    try:
        yield shown
    finally:
        shown.close()
