"""Tables that split without orphans: a page never holds a table's header with a single row
under it, nor a single row carried over to the next page (where the header repeats); and a
short table is never split at all."""

from __future__ import annotations

from typing import Any

from reportlab.platypus import Flowable, Table

MIN_ROWS = 2  # body rows a split leaves on each page, at least
KEEP_WHOLE = 8  # a table of this many body rows or fewer moves on whole rather than split


class KeptTable(Table):  # type: ignore[misc]  # reportlab has no type hints
    """A platypus Table whose page splits leave at least `MIN_ROWS` body rows on each side; the
    header rows (`repeatRows`) repeat on every page. A table of `KEEP_WHOLE` body rows or fewer
    is not split (it moves to the next page), unless it is too tall for a page of its own: the
    reader of a five-row table should not turn the page after three rows (Halfwish's odds)."""

    @property
    def moves_whole(self) -> bool:
        """Is the table short enough never to be split (`KEEP_WHOLE`)?"""
        return len(self._cellvalues) - self.head_rows() <= KEEP_WHOLE

    def head_rows(self) -> int:
        """How many header rows repeat on every page."""
        return self.repeatRows if isinstance(self.repeatRows, int) else len(self.repeatRows)

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:
        frame = getattr(self, "_frame", None)  # set by the frame asking (`Frame.split`)
        if self.moves_whole and not (frame is None or frame._atTop):
            return []
        pieces: list[Any] = super().split(availWidth, availHeight)
        if len(pieces) != 2:
            return pieces
        head = self.head_rows()
        body = len(self._cellvalues) - head
        first = len(pieces[0]._cellvalues) - head
        rest = len(pieces[1]._cellvalues) - head
        if body < 2 * MIN_ROWS or first < MIN_ROWS:
            return [] if first < body else pieces  # too few rows to share: the whole table moves on
        if rest >= MIN_ROWS:
            return pieces
        keep = body - MIN_ROWS  # carry rows over so the next page holds MIN_ROWS of them
        carried: list[Flowable] = super().split(availWidth, sum(self._rowHeights[:head + keep]) + 0.01)
        return carried
