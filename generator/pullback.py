"""A page that would hold under 15% of a page's text pulls back onto the page before it.

While a document is laid out, `PageFills` notes for every flowable the page it lands on and how
far down its frame that page is filled. A short page (filled less than `MIN_FILL`, after
another page) is usually the tail of a chapter: a heading kept with its text, or the last
lines before a page break. `build_pulled_back` lays the story out, tightens the vertical space
around the flowables of the page before each short page and of the short page itself, and
lays it out again. Where tightening cannot remove a short page (dense text with no space left
to take), the tail of the page before is pushed onto it instead: a page break goes before the
latest flowable of that page that leaves both pages at least `MIN_FILL` full (never between a
heading and what it keeps with). This repeats until no short page is left (at most
`MAX_PASSES` times); only then is the document written. The guard holds for the last page too.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import BaseDocTemplate, Flowable, PageBreak, Paragraph

MIN_FILL = 0.15
MAX_PASSES = 6
PUSH_SLACK = 0.03  # a pushed-forward page ends this much above `MIN_FILL`, against rounding
# a page this little above `MIN_FILL` counts as short too: the frame's fill is measured to the
# line's foot, its ink less (a ruling alone on Half the Battle's last page: 17.5%
# filled, 14.8% inked)
SHORT_SLACK = PUSH_SLACK
TIGHTEN = 0.3  # vertical space kept around a tightened flowable


@dataclass
class PageFills:
    """Where each flowable landed and how full each page's frame is (0 to 1)."""

    fill: dict[int, float] = field(default_factory=dict)
    pages: dict[int, int] = field(default_factory=dict)  # id(flowable) -> page
    tops: dict[int, float] = field(default_factory=dict)  # id(flowable) -> page's fill above it

    def note(self, page: int, frame: Any, flowable: Flowable) -> None:
        if frame is None:  # between pages (a page break)
            return
        height = frame._y2 - frame._y1
        used = (frame._y2 - frame._y) / height if height > 0 else 1.0
        self.tops[id(flowable)] = self.fill.get(page, 0.0)
        self.fill[page] = max(self.fill.get(page, 0.0), used)
        self.pages[id(flowable)] = page

    def short_pages(self) -> list[int]:
        """Pages after the first holding some, but under `MIN_FILL`, of a page."""
        return [page for page, used in sorted(self.fill.items()) if page > 1 and 0 < used < MIN_FILL + SHORT_SLACK]


def tighten(flowable: Flowable) -> bool:
    """Shrink the space above and below `flowable` and the flowables inside it (list items, the
    entries of a table of contents); False when there was none left to take."""
    changed = False
    for item in _inside(flowable):
        style = getattr(item, "style", None)
        if isinstance(style, ParagraphStyle):
            item.style, done = _tight(style)
            changed |= done
        elif hasattr(item, "levelStyles"):  # a table of contents
            pairs = [_tight(level) for level in item.levelStyles]
            item.levelStyles = [level for level, _ in pairs]
            changed |= any(done for _, done in pairs)
        else:
            before, after = getattr(item, "spaceBefore", 0) or 0, getattr(item, "spaceAfter", 0) or 0
            if before + after >= 0.5:
                item.spaceBefore, item.spaceAfter = before * TIGHTEN, after * TIGHTEN
                changed = True
    return changed


def _tight(style: ParagraphStyle) -> tuple[ParagraphStyle, bool]:
    if style.spaceBefore + style.spaceAfter < 0.5:
        return style, False
    return ParagraphStyle(f"{style.name}-tight", parent=style, spaceBefore=style.spaceBefore * TIGHTEN,
                          spaceAfter=style.spaceAfter * TIGHTEN), True


def _page_spans(story: list[Flowable], pages: dict[int, int]) -> list[tuple[int, int]]:
    """The first and last page each story flowable may lie on: its own page when it was drawn
    whole, else (split across pages) from the page before it to the page after it."""
    known = [pages.get(id(f)) for f in story]
    spans = []
    for index, page in enumerate(known):
        if page is not None:
            spans.append((page, page))
            continue
        before = next((p for p in reversed(known[:index]) if p is not None), 1)
        after = next((p for p in known[index + 1:] if p is not None), max(pages.values(), default=1))
        spans.append((before, after))
    return spans


def build_pulled_back(make_doc: Callable[[Any], BaseDocTemplate], story: list[Flowable], out: Any) -> None:
    """Lay `story` out with the documents `make_doc(target)` makes (each with a `fills:
    PageFills` it notes into), pulling short pages back, then write the last layout to `out`."""
    story = list(story)
    tightened: set[int] = set()  # short pages already tightened once
    for _ in range(MAX_PASSES):
        buffer = io.BytesIO()
        doc = make_doc(buffer)
        _fresh(story)
        doc.multiBuild(list(story))
        fills: PageFills = doc.fills
        short = fills.short_pages()
        if not short:
            break
        fresh = set(short) - tightened
        tightened |= fresh
        around = fresh | {page - 1 for page in fresh}
        spans = _page_spans(story, fills.pages)
        near = [f for f, (first, last) in zip(story, spans, strict=True) if any(first <= p <= last for p in around)]
        if [f for f in near if tighten(f)]:
            continue
        pushed = push_forward(story, fills, short[0])
        if pushed is None:
            break
        story = pushed
    else:  # the last change was never laid out
        buffer = io.BytesIO()
        _fresh(story)
        make_doc(buffer).multiBuild(list(story))
    _write(buffer.getvalue(), out)


def _write(data: bytes, out: Any) -> None:
    """Write the laid-out document (the very layout that was measured) to a path or a stream."""
    if isinstance(out, (str, Path)):
        Path(out).write_bytes(data)
    else:
        out.write(data)


def push_forward(story: list[Flowable], fills: PageFills, page: int) -> list[Flowable] | None:
    """`story` with a page break before the latest flowable drawn whole on the page before the
    short `page` whose move leaves both pages at least `MIN_FILL` full; None when there is none.
    A flowable that a heading keeps with is never separated from it."""
    before = page - 1
    full, short = fills.fill.get(before, 0.0), fills.fill.get(page, 0.0)
    for index in range(len(story) - 1, 0, -1):
        flowable = story[index]
        if fills.pages.get(id(flowable)) != before or getattr(story[index - 1], "keepWithNext", False):
            continue
        if isinstance(story[index - 1], PageBreak):
            return None
        top = fills.tops[id(flowable)]
        if full - top + short >= MIN_FILL + PUSH_SLACK and top >= MIN_FILL:
            return [*story[:index], PageBreak(), *story[index:]]
    return None


def _fresh(story: list[Flowable]) -> None:
    """Forget what a previous layout left on the flowables and on those inside them (platypus
    marks one it carried to the next page, and refuses to carry it twice)."""
    for flowable in story:
        for item in _inside(flowable):
            item.__dict__.pop("_postponed", None)


def _inside(flowable: Flowable) -> list[Flowable]:
    """`flowable` and every flowable held inside it (list items, kept-together groups, cells).
    A paragraph holds none (its fragments and lines are the most of a rulebook's objects)."""
    seen: set[int] = set()
    found: list[Flowable] = []
    stack: list[Any] = [flowable]
    while stack:
        item = stack.pop()
        if id(item) in seen:
            continue
        seen.add(id(item))
        if isinstance(item, (list, tuple)):
            stack.extend(item)
        elif isinstance(item, Paragraph):  # holds no flowable: its fragments are not walked
            found.append(item)
        elif isinstance(item, Flowable):
            found.append(item)
            stack.extend(v for v in item.__dict__.values() if isinstance(v, (Flowable, list, tuple)))
    return found
