"""reportlab's Paragraph, parsing its text and breaking its lines once per process.

Platypus asks a paragraph for its size several times at the same width before it draws it: the
frame to see whether it fits, a kept-together group or a table cell to measure it, a split to
find where it breaks, and every pass of a rulebook's layout (`multiBuild`, `build_pulled_back`).
Each time reportlab breaks the lines again. And a rebuild after an edit (`build --watch`, or
any second build in one process) makes every paragraph of the rulebook anew, parses its markup
anew and breaks its lines anew, though all but the edited ones are what the last build made.

So the work is kept by what it depends on, for the whole process:
- parsing: by the text, the style's content (`style_key`), the bullet and case sensitivity.
  Paragraphs made from the same text and style share one list of fragments.
- breaking lines: by that very list of fragments (its identity: it is shared, and reportlab
  replaces it by another, also shared, when it breaks lines of mixed fonts), the style's content
  and the width. A wrap found there takes every attribute the first wrap set on its paragraph.
A paragraph made from fragments (the parts of a split) is not shared; it still keeps its own last
wrap. Fragments and lines are only read after they are made (drawing and splitting copy what
they change, and hyphenation, which does not, is not used here), so the pages are the very ones
reportlab draws without any of this (tests compare the bytes of whole rulebooks).
- drawing: what a wrap's lines drew is kept with them, by the document and graphics state it
  started from, and the same state again replays it (`generator.drawreplay`).

Within `recording()`, the keys of what is found or made are noted, so a build can keep on disk
what it used for the next process (`generator.paragraph_store`).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import paragraph

from .drawreplay import draw_recorded, new_drawings

MAX_KEPT = 20_000  # entries per memo before it starts again (a rulebook holds about 1,500 paragraphs)

# (text, style key, bullet, case sensitive) -> (cleaned text, fragments, bullet fragments)
_PARSED: dict[tuple[Any, ...], tuple[Any, ...]] = {}
# (id of fragments, style key, width) -> (fragments, the attributes a wrap set)
_WRAPPED: dict[tuple[int, str, float], tuple[Any, dict[str, Any]]] = {}
# id of a fragments list the memos hand out -> that list (so its id is never reused while kept)
_SHARED: dict[int, Any] = {}
# id of a style -> (the style, its key): a style is never changed once used (reportlab copies one
# before it changes it), so its key is worked out once
_STYLE_KEYS: dict[int, tuple[ParagraphStyle, str]] = {}


def style_key(style: ParagraphStyle) -> str:
    """Everything a style sets (its parent's settings are copied into it), as one string."""
    known = _STYLE_KEYS.get(id(style))
    if known is not None and known[0] is style:
        return known[1]
    key = repr(sorted((name, value) for name, value in vars(style).items() if name != "parent"))
    _kept(_STYLE_KEYS)[id(style)] = (style, key)
    return key


@dataclass
class Record:
    """The memo entries a block used (`recording`), and how many it had to make."""

    parsed: set[tuple[Any, ...]] = field(default_factory=set)
    wrapped: set[tuple[int, str, float]] = field(default_factory=set)
    made: int = 0  # entries made, and drawings recorded (`generator.drawreplay`)


_RECORD: Record | None = None
# called (once) before the first paragraph is made: reads what an earlier process kept, only in a
# build that lays out text (`generator.paragraph_store`; a build served from the cache reads nothing)
_BEFORE_FIRST: Callable[[], None] | None = None


def before_first_paragraph(read: Callable[[], None] | None) -> None:
    """Call `read` before the next paragraph is made (None: call nothing)."""
    global _BEFORE_FIRST
    _BEFORE_FIRST = read


@contextlib.contextmanager
def recording() -> Iterator[Record]:
    """Note the keys of the memo entries found or made within the block."""
    global _RECORD
    outer, _RECORD = _RECORD, Record()
    try:
        yield _RECORD
    finally:
        _RECORD = outer


# Entries as a file keeps them (`generator.paragraph_store`): a wrap names its fragments by the
# list itself, not its id, so the lists come back shared as they were (pickle keeps identity).
Parsed = list[tuple[tuple[Any, ...], tuple[Any, ...]]]
Wrapped = list[tuple[Any, str, float, tuple[Any, dict[str, Any]]]]


def entries(record: Record) -> tuple[Parsed, Wrapped]:
    """The memo entries `record` noted that are still kept."""
    parsed = [(key, _PARSED[key]) for key in record.parsed if key in _PARSED]
    wrapped = [(found[0], key[1], key[2], found) for key in record.wrapped
               if (found := _WRAPPED.get(key)) is not None and _SHARED.get(key[0]) is found[0]]
    return parsed, wrapped


def take(parsed: Parsed, wrapped: Wrapped) -> None:
    """Add entries kept by an earlier process (`entries`); this process's own come first."""
    for key, value in parsed:
        if key not in _PARSED:
            _kept(_PARSED)[key] = value
            _kept(_SHARED)[id(value[1])] = value[1]
    for frags, style, width, (same, made) in wrapped:
        key = (id(frags), style, width)
        if key not in _WRAPPED and same is frags:
            _kept(_SHARED)[id(frags)] = frags
            _kept(_WRAPPED)[key] = (frags, made)
            if "frags" in made:  # a wrap of mixed fonts hands out a list of its own, also shared
                _kept(_SHARED)[id(made["frags"])] = made["frags"]


def forget() -> None:
    """Drop everything kept (tests; and a long `--watch` session never needs to)."""
    for memo in (_PARSED, _WRAPPED, _SHARED, _STYLE_KEYS):
        memo.clear()


def _kept(memo: dict[Any, Any]) -> dict[Any, Any]:
    if len(memo) >= MAX_KEPT:
        memo.clear()
        if memo is _SHARED:  # ids of dropped lists may be reused: no wrap may name them
            _WRAPPED.clear()
    return memo


class Paragraph(paragraph.Paragraph):  # type: ignore[misc]  # reportlab has no type hints
    """A platypus Paragraph that parses and breaks lines once per process (see the module's text)."""

    text: Any
    frags: Any
    style: ParagraphStyle
    bulletText: Any

    def _setup(self, text: Any, style: ParagraphStyle, bulletText: Any, frags: Any, cleaner: Any) -> None:
        if _BEFORE_FIRST is not None:
            _read_kept()
        if frags is not None or not isinstance(text, str) or not isinstance(bulletText, (str, type(None))):
            super()._setup(text, style, bulletText, frags, cleaner)
            return
        key = (text, style_key(style), bulletText, self.caseSensitive)
        known = _PARSED.get(key)
        if known is None:
            super()._setup(text, style, bulletText, frags, cleaner)
            if self.style is style:  # markup may set its own style (`<para>`): not shared then
                _kept(_PARSED)[key] = (self.text, self.frags, self.bulletText)
                _kept(_SHARED)[id(self.frags)] = self.frags
                _noted(key, made=True)
            return
        _noted(key)
        self.text, self.frags, self.bulletText = known
        self.style = style
        self.debug = 0

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        last = self.__dict__.get("_last_wrap")
        if last is not None and last[0] == availWidth and last[1] is self.style and last[2] is self.frags:
            self.__dict__.update(last[3])
            return availWidth, float(self.height)
        frags = self.frags
        key = None
        if _SHARED.get(id(frags)) is frags and isinstance(self.bulletText, (str, type(None))):
            key = (id(frags), style_key(self.style), availWidth)
            found = _WRAPPED.get(key)
            if found is not None and found[0] is frags:
                _noted_wrap(key)
                self.__dict__.update(found[1])
                self._last_wrap = (availWidth, self.style, self.frags, found[1])
                return availWidth, float(self.height)
        before = dict(self.__dict__)
        size: tuple[float, float] = super().wrap(availWidth, availHeight)
        if "blPara" in self.__dict__ and self.width == availWidth:  # lines were broken (the width was not too small)
            made = {name: value for name, value in self.__dict__.items() if name in _WRAP_SETS
                    or (name != "_last_wrap" and before.get(name, _NOTHING) is not value)}
            if key is not None:  # what these lines draw is kept with them (`generator.drawreplay`)
                made["_drawings"] = self._drawings = new_drawings(self.blPara)
            self._last_wrap = (availWidth, self.style, self.frags, made)
            if key is not None:
                _kept(_WRAPPED)[key] = (frags, made)
                _kept(_SHARED)[id(self.frags)] = self.frags
                _noted_wrap(key, made=True)
        return size

    def draw(self) -> None:
        """Draw, or replay what the same lines drew from the same state (`generator.drawreplay`)."""
        lines = self.__dict__.get("blPara")
        recorded = draw_recorded(self.__dict__.get("_drawings"), lines, type(self).__qualname__, self.canv,
                                 super().draw)
        if recorded and _RECORD is not None:  # a new record: the memo has something new to keep
            _RECORD.made += 1


def _read_kept() -> None:
    global _BEFORE_FIRST
    read, _BEFORE_FIRST = _BEFORE_FIRST, None
    if read is not None:
        read()


def _noted(key: tuple[Any, ...], made: bool = False) -> None:
    if _RECORD is not None:
        _RECORD.parsed.add(key)
        _RECORD.made += made


def _noted_wrap(key: tuple[int, str, float], made: bool = False) -> None:
    if _RECORD is not None:
        _RECORD.wrapped.add(key)
        _RECORD.made += made


_NOTHING = object()
# what a wrap sets whatever was there before (an equal small number may be the very same object)
_WRAP_SETS = frozenset({"width", "height", "blPara", "_wrapWidths", "_width_max", "frags"})
