"""Page breaks that keep a heading or a lead-in with what it introduces.

`room_under_introductions` puts a `CondPageBreak` before each heading (or run of headings) and
each lead-in (a line ending in a colon before its table, list or picture), sized to what has to
fit under it on the same page: the Markdown converter (`generator.markdown`) calls it on a
rulebook's flowables. Without it, a page could end with a heading or a lead-in, what it
introduces overleaf.
"""

from __future__ import annotations

import io
from functools import lru_cache

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import CondPageBreak, Flowable, ListFlowable, Table, XPreformatted
from reportlab.platypus.doctemplate import ActionFlowable

from .paragraphs import Paragraph
from .tables import MIN_ROWS, KeptTable


def room_under_introductions(flowables: list[Flowable], width: float, most: float) -> list[Flowable]:
    """`flowables` with a page break before each heading (or run of headings, `9.2` then `9.2.1`)
    and each lead-in (`Hits to faint:` before its table) that starts a new page unless it fits
    with what it introduces, all of it when it is short, else `most` points of it. Without it, a
    page could end with a heading or a line ending in a colon, what it introduces overleaf. A
    heading or lead-in right after another gets no break of its own: it would part the two."""
    out: list[Flowable] = []
    for index, flowable in enumerate(flowables):
        if _introduces(flowables, index) and not (index and _introduces(flowables, index - 1)):
            room, after = 0.0, index
            while after < len(flowables) and _introduces(flowables, after):
                item = flowables[after]
                room += item.getSpaceBefore() + _height(item, width) + item.getSpaceAfter()
                after += 1
            out.append(CondPageBreak(room + _room_after(flowables[after:], width, most)))
        out.append(flowable)
    return out


def _room_after(following: list[Flowable], width: float, most: float) -> float:
    """The room what a heading or lead-in introduces needs on its page: its text, all of it when
    short, else `most` points (it runs on overleaf); a picture whole (it cannot), also when one
    short paragraph leads into it (`9. The battlefield` and its one line ended a page, the map
    overleaf). A long table right under a heading is not measured (as dear as laying it out):
    `most` of it; under one short paragraph, its header and first rows (it splits after
    `MIN_ROWS` rows at least). A short one moves whole (`KeptTable.moves_whole`), so it counts as
    a picture (Halfwish's odds appendix ended a page with its heading and lead-in, the table
    overleaf). A short introduction followed by a
    section's heading needs the room that section's start needs too (a chapter's heading and its
    one paragraph ended a page, its first section overleaf), and one followed by more text its
    first lines (`MIN_LINES`)."""
    first = following[0] if following else None
    if first is None or _ends_introduction(first):
        return 0.0
    if isinstance(first, Table) and not _moves_whole(first):
        return most
    height = _height(first, width)
    if not _splits(first):
        return height
    if height >= most or len(following) < 2:
        return min(height, most)
    picture = following[1]
    if hasattr(picture, "toc_text"):  # a chapter's short introduction, then its first section: its start too
        section = _height(picture, width) + _room_after(following[2:], width, most)
        return height + float(first.getSpaceAfter()) + float(picture.getSpaceBefore()) + section
    if _ends_introduction(picture):
        return height
    if _splits(picture):  # one line of intro, then the first lines of the text under it (a
        # chapter's heading and one line ended a page, its first ruling overleaf); under a longer
        # intro the page may turn
        leading = float(getattr(getattr(first, "style", None), "leading", 0) or 0)
        if not leading or height > 1.5 * leading:
            return height
        return height + float(first.getSpaceAfter()) + float(picture.getSpaceBefore()) + _first_lines(picture, width, leading)
    if isinstance(picture, KeptTable) and not picture.moves_whole:  # it splits after MIN_ROWS rows at least
        room = _first_rows(picture, width)
    elif isinstance(picture, Table) and not _moves_whole(picture):
        return height
    else:
        room = _height(picture, width)
    return height + float(first.getSpaceAfter()) + float(picture.getSpaceBefore()) + room


def _first_rows(table: KeptTable, width: float) -> float:
    """The height of a long table's header and its first `MIN_ROWS` rows, the least of it a page
    can end with: a lead-in line with less room under it ended a page, the table overleaf (print
    audit: Halfwish's Powers card list)."""
    _height(table, width)  # wrapping the table sets its row heights
    return float(sum(table._rowHeights[:table.head_rows() + MIN_ROWS]))


def _first_lines(flowable: Flowable, width: float, leading: float) -> float:
    """The height of the first `MIN_LINES` lines of a text that runs on overleaf (all of it when
    shorter), the least of it a page should show under what introduces it; lines `leading`
    apart unless its style says (a list's items have their own)."""
    style = getattr(flowable, "style", None)
    leading = float(getattr(style, "leading", 0) or leading)
    return min(_height(flowable, width), MIN_LINES * leading)


MIN_LINES = 2


def _ends_introduction(flowable: Flowable) -> bool:
    """The next heading or a page break: what a heading introduced has ended."""
    return hasattr(flowable, "toc_text") or isinstance(flowable, ActionFlowable)


def _splits(flowable: Flowable) -> bool:
    """Can `flowable` run on overleaf (text, a list), or does it move whole (a picture)?"""
    return isinstance(flowable, (Paragraph, ListFlowable, XPreformatted))


def _moves_whole(flowable: Flowable) -> bool:
    return isinstance(flowable, KeptTable) and flowable.moves_whole


def _introduces(flowables: list[Flowable], index: int) -> bool:
    """Is `flowables[index]` a heading, or a lead-in: a paragraph ending with a colon, followed by
    what it introduces (anything but a heading)?"""
    flowable = flowables[index]
    if hasattr(flowable, "toc_text"):
        return True
    return (isinstance(flowable, Paragraph) and flowable.getPlainText().rstrip().endswith(":")
            and index + 1 < len(flowables) and not hasattr(flowables[index + 1], "toc_text"))


def _height(flowable: Flowable, width: float) -> float:
    """`flowable`'s height whole at `width` (measured on a scratch canvas: lists and diagrams
    measure their text on the canvas they are given)."""
    return float(flowable.wrapOn(_scratch_canvas(), width, 1e6)[1])


@lru_cache(maxsize=1)
def _scratch_canvas() -> Canvas:
    """A canvas nothing is drawn on, for measuring (one: making a canvas costs more than a wrap)."""
    return Canvas(io.BytesIO())
