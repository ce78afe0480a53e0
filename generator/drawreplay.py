"""A paragraph's drawing, recorded the first time and replayed after (`generator.paragraphs`).

Drawing a rulebook's paragraphs is most of laying out its pages again after a card edit, and all
but the edited ones draw what they drew before. What a paragraph draws depends on its lines (the
line-breaking memo's entry, kept from one build to the next by `generator.paragraph_store`), its
class and the canvas's, the canvas's graphics state when it starts, and the document so far: the
fonts registered and the characters each has encoded (`pagerecord.document_state`), which its
operators name. So each memo entry keeps what its paragraph drew under each such state it met (its
operators, and the fonts and characters it added); the same state again replays them, adding the
fonts and characters in the same order, and the file's bytes are those of drawing it. A drawing
that added anything else (an image, a form, a link, a bookmark, transparency) is not recorded:
drawn each time. Drawing is positioned by platypus before the paragraph draws (`drawOn`
translates), so where it lands on the page is not part of its record.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from .pagerecord import Watch, document_state, replay_added, uses_only_replayed_resources

# the graphics state a drawing may start from; where it is on the page (the matrix) is left out
_STATE = tuple(name for name in Canvas.STATE_ATTRIBUTES if name not in ("_currentMatrix", "_extgstate"))
KEPT_STATES = 2  # records per paragraph: a rebuild meets the state the last build met

# a record: the fonts and the characters of each font the drawing added, its operators (one
# string, as the page joins them; None when it drew none), the forms it placed, and the PDF
# version it asked for (`pagerecord.Watch`)
Record = tuple[list[str], dict[str, list[int]], str | None, list[str], list[int]]


def new_drawings(lines: Any) -> list[Any]:
    """What a memo entry keeps of its drawings: the lines they drew, and a record by state."""
    return [lines, {}]


def draw_recorded(drawings: list[Any] | None, lines: Any, kind: str, canvas: Canvas,
                  draw: Callable[[], None]) -> bool:
    """Draw with `draw()`, or replay what it drew before from the same state. `drawings` is the
    memo entry's (`new_drawings`), kept for the very `lines` it was made with; True when a new
    record was made (the memo has something new to keep)."""
    if drawings is None or drawings[0] is not lines:
        draw()  # no memo entry, or the paragraph was wrapped again since: nothing to go by
        return False
    key = f"{kind}\0{type(canvas).__qualname__}\0{document_state(canvas)}\0{_graphics_state(canvas)}"
    records: dict[str, Record] = drawings[1]
    found = records.get(key)
    if found is not None:
        _replay(canvas, found)
        return False
    others = _others(canvas)
    watch = Watch(canvas)
    draw()
    added = watch.added(canvas)
    if _others(canvas) != others or not uses_only_replayed_resources(canvas):
        return False  # an image, a form, a link, a bookmark, transparency...: drawn every time
    record = (added.fonts, added.codes, "\n".join(added.ops) if added.ops else None, added.forms_used, added.version)
    if len(records) >= KEPT_STATES:
        del records[next(iter(records))]
    records[key] = record
    return True


def _others(canvas: Canvas) -> tuple[int, int, int]:
    """Counts of what a replay does not add: objects (images, forms), annotations (links), bookmarks."""
    return len(canvas._doc.idToObject), canvas._annotationCount, len(canvas._destinations)


def _graphics_state(canvas: Canvas) -> str:
    """The graphics state as text. Most paragraphs start from the very state the one before did:
    while every value is the same object (none is changed in place) and the transparency settings
    are equal, the text made last is taken again (colours format slowly: 7 ms a Halfwish rulebook)."""
    values = canvas.__dict__
    now = [values[name] for name in _STATE]
    settings = canvas._extgstate._d  # changed in place: compared by value
    last = values.get("_deckwright_graphics")
    if last is not None and last[1] == settings and all(a is b for a, b in zip(now, last[0], strict=True)):
        return str(last[2])
    text = repr((now, sorted(settings.items())))
    values["_deckwright_graphics"] = (now, dict(settings), text)  # holds the values: no id is reused
    return text


def _replay(canvas: Canvas, record: Record) -> None:
    fonts, codes, ops, forms_used, version = record
    replay_added(canvas, fonts, codes, () if ops is None else (ops,), forms_used, version)
